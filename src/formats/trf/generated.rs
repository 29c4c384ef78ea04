//! A generated tournament ([`crate::tournament::generate`]) written as a TRF file.

use shakmaty::Color;

use super::{HeaderLine, PlayerRecord, Trf, TrfLine};
use crate::tournament::generate::GeneratedTournament;
use crate::tournament::result::{Scoring, entries};

impl Trf {
    /// The generated tournament `t` as a TRF-16 file with the TRF(x) headers the pairer needs:
    /// `012` (name with seed and preset), `XXR`, `XXC`, then one `001` line per player with
    /// the points of every round. The checker re-pairs it round by round
    /// ([`Trf::check_pairings`]).
    pub fn from_generated(t: &GeneratedTournament, preset: &str) -> Trf {
        let c = &t.config;
        let header = |text: String| TrfLine::Header(HeaderLine { text });
        let mut lines = vec![
            header(format!(
                "012 Random tournament {} players {} rounds seed {} preset {}",
                c.players, c.rounds, c.seed, preset
            )),
            header(format!("XXR {}", c.rounds)),
            header(format!(
                "XXC {}",
                match t.initial_colour {
                    Color::White => "white1",
                    Color::Black => "black1",
                }
            )),
        ];
        let scoring = Scoring::default();
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
                rank: Some(p.start_rank),
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
