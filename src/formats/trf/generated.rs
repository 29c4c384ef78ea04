//! A generated tournament ([`crate::tournament::generate`]) written as a TRF-2026 file.

use shakmaty::Color;

use super::{HeaderLine, PlayerRecord, Trf, TrfLine, records};
use crate::game::preset::Preset;
use crate::tournament::generate::GeneratedTournament;
use crate::tournament::pairing::acceleration::Acceleration;
use crate::tournament::result::{Scoring, entries};
use crate::tournament::tiebreak::{ResultTable, Rules, TablePlayer, standings};

impl Trf {
    /// The generated tournament `t` as a TRF-2026 file: `012` (the options, seed and preset),
    /// `142`, `152`, with the Baku acceleration `192 FIDE_DUTCH_2025_BAKU` and its `250`
    /// records, `212` (the FIDE preset's tie-breaks), the forbidden pairs (`260`), then one
    /// `001` line per player with the points of every round and the rank by those tie-breaks
    /// under the 2026 rules (no start date: the rules in force). The checker re-pairs it
    /// round by round ([`Trf::check_pairings`]) and checks its ranks.
    pub fn from_generated(t: &GeneratedTournament, preset: &str) -> Trf {
        let c = &t.config;
        let header = |text: String| TrfLine::Header(HeaderLine { text });
        let mut name = format!(
            "012 Random tournament {} players {} rounds seed {} preset {}",
            c.players, c.rounds, c.seed, preset
        );
        if c.withdraw_percent > 0 {
            name.push_str(&format!(" withdrawals {}", c.withdraw_percent));
        }
        if c.forbidden_pairs > 0 {
            name.push_str(&format!(" forbidden {}", c.forbidden_pairs));
        }
        if c.acceleration {
            name.push_str(" baku");
        }
        let mut lines = vec![
            header(name),
            header(format!("142 {}", c.rounds)),
            header(format!(
                "152 {}",
                match t.initial_colour {
                    Color::White => "W",
                    Color::Black => "B",
                }
            )),
        ];
        let scoring = Scoring::default();
        if t.acceleration().is_some() {
            lines.push(header("192 FIDE_DUTCH_2025_BAKU".to_string()));
            for r in Acceleration::baku_records(t.players.len(), c.rounds, &scoring) {
                lines.push(header(records::write_250(&r)));
            }
        }
        let order = Preset::Fide.order();
        let codes: Vec<String> = std::iter::once("PTS".to_string())
            .chain(order.iter().map(|tb| tb.trf_code()))
            .collect();
        lines.push(header(format!("212 {}", codes.join(","))));
        for f in &t.forbidden {
            lines.push(header(records::write_260(f, c.rounds)));
        }
        let rounds = c.rounds as usize;
        let table = ResultTable {
            players: t
                .players
                .iter()
                .map(|p| {
                    TablePlayer::new(p.start_rank, &p.name, Some(p.rating), rounds, |r| {
                        p.rounds.get(r - 1).copied()
                    })
                })
                .collect(),
            rounds,
            total_rounds: rounds,
            scoring,
        };
        let ranks = standings(&table, Rules::Fide2026, order);
        for p in &t.players {
            lines.push(TrfLine::Player(PlayerRecord {
                tpn: p.start_rank,
                sex: None,
                title: None,
                name: p.name.clone(),
                rating: Some(p.rating),
                federation: None,
                fide_id: None,
                birth_date: None,
                points: entries::score(&p.rounds, p.rounds.len(), &scoring).as_f64(),
                rank: ranks
                    .iter()
                    .find(|r| r.tpn == p.start_rank)
                    .map(|r| r.rank as u16),
                rounds: p.rounds.clone(),
            }));
        }
        Trf {
            lines,
            line_end: Default::default(),
            final_line_end: true,
        }
    }
}
