//! TRF at the edge of the tournament model: a [`Trf`] read as a [`Tournament`], a result
//! table for tie-breaks or the pairer's input, and written from them.

use std::collections::{BTreeMap, HashMap};

use shakmaty::Color;

use super::write::colour_letter;
use super::{HeaderLine, PlayerRecord, Trf, TrfError, TrfLine};
use crate::tournament::pairing::{Pairing, PairingError, PairingInput, PlayerEntries};
use crate::tournament::result::{BoardResult, RoundEntry, RoundResult};
use crate::tournament::tiebreak::{ResultTable, Rules, TablePlayer, TieBreakError, standings};
use crate::tournament::{Bye, ByeKind, Game, Player, Round, Tournament};

impl Trf {
    /// [`Trf::from_tournament`] followed by the journal's pairing-relevant entries as `###`
    /// comment lines ([`crate::tournament::journal::pairing_comments`]: pairings, byes,
    /// withdrawals, forbidden and forced pairs, corrected results, and their undoes), as
    /// FIDE's checklist for pairing programs (C.02) asks. Readers skip `###` lines (ours keeps
    /// them as headers of no meaning).
    pub fn from_tournament_with_journal(
        t: &Tournament,
        entries: &[crate::tournament::journal::Entry],
    ) -> Trf {
        let mut trf = Trf::from_tournament(t);
        for text in crate::tournament::journal::pairing_comments(entries) {
            trf.lines.push(TrfLine::Header(HeaderLine { text }));
        }
        trf
    }

    /// The tournament `t` as a TRF file: `012`, the kept headers, `XXR`, `XXC`, then one `001` line
    /// per player with points over every round shown and rank by the `fide` preset
    /// (see [`crate::tournament::standings::Preset`]).
    pub fn from_tournament(t: &Tournament) -> Trf {
        let mut lines = vec![TrfLine::Header(HeaderLine {
            text: format!("012 {}", t.name),
        })];
        // The event's details (dates, venue, arbiters) where an imported file had them, with
        // the values as the arbiter left them; those the file did not have after the rest.
        use crate::tournament::event::DETAIL_CODES;
        let mut written = Vec::new();
        // Comment lines (`###`, as a journal's entries read from an imported file) stay after
        // the player lines, where the export put them, so a file read and written back is the
        // same file.
        let (comments, kept): (Vec<&String>, Vec<&String>) =
            t.trf_headers.iter().partition(|h| h.starts_with("###"));
        for h in kept {
            let code = h.get(..3).unwrap_or("");
            if DETAIL_CODES.contains(&code) {
                if written.contains(&code) {
                    continue;
                }
                written.push(code);
                match t.details.trf_value(code) {
                    Some(v) if v == h.get(3..).unwrap_or("").trim() => {}
                    Some(v) => {
                        lines.push(TrfLine::Header(HeaderLine {
                            text: format!("{code} {v}"),
                        }));
                        continue;
                    }
                    None => continue,
                }
            }
            lines.push(TrfLine::Header(HeaderLine { text: h.clone() }));
        }
        for code in DETAIL_CODES {
            if let (false, Some(v)) = (written.contains(&code), t.details.trf_value(code)) {
                lines.push(TrfLine::Header(HeaderLine {
                    text: format!("{code} {v}"),
                }));
            }
        }
        for f in &t.forbidden {
            let ids: Vec<String> = f.players.iter().map(u16::to_string).collect();
            lines.push(TrfLine::Header(HeaderLine {
                text: format!("XXP {}", ids.join(" ")),
            }));
        }
        lines.push(TrfLine::Header(HeaderLine {
            text: format!("XXR {}", t.total_rounds),
        }));
        if let Some(c) = t.initial_colour {
            let word = match c {
                Color::White => "white1",
                Color::Black => "black1",
            };
            lines.push(TrfLine::Header(HeaderLine {
                text: format!("XXC {word}"),
            }));
        }
        // The seed the colour was drawn from (crate::tournament::lots), so a reader repeats
        // the draw; programs that do not know the code pass over it.
        if let Some(seed) = t.lots_seed {
            lines.push(TrfLine::Header(HeaderLine {
                text: format!("XXS {seed}"),
            }));
        }
        // C.02: the file says the event left FIDE mode.
        if let Some(text) = t.fide.mode.trf_line() {
            lines.push(TrfLine::Header(HeaderLine { text }));
        }
        let table = t.result_table(None);
        let ranks: HashMap<u16, usize> = standings(
            &table,
            Rules::Fide2024,
            crate::tournament::standings::Preset::Fide.order(),
        )
        .into_iter()
        .map(|s| (s.tpn, s.rank))
        .collect();
        let last = t.paired_rounds() + 1;
        let mut players: Vec<&Player> = t.players.iter().collect();
        players.sort_by_key(|p| p.start_rank);
        for p in players {
            let mut rounds: Vec<RoundEntry> = Vec::new();
            for r in 1..=last {
                match t.entry(p.start_rank, r) {
                    Some(e) => rounds.push(e),
                    None => break,
                }
            }
            lines.push(TrfLine::Player(PlayerRecord {
                tpn: p.start_rank,
                sex: p.sex.map(crate::tournament::player::Sex::trf_letter),
                title: p.title.clone(),
                name: p.name.clone(),
                rating: p.rating,
                federation: p.federation.clone(),
                fide_id: p.fide_id,
                birth_date: p.birth_date.clone(),
                points: t.score(p.start_rank, t.paired_rounds()),
                rank: ranks.get(&p.start_rank).map(|&r| r as u16),
                rounds,
            }));
        }
        for text in comments {
            lines.push(TrfLine::Header(HeaderLine { text: text.clone() }));
        }
        Trf {
            lines,
            line_end: Default::default(),
            final_line_end: true,
        }
    }

    /// The tournament this TRF file holds. Games are rebuilt from the two players' blocks
    /// (boards numbered in order of the higher-ranked player), byes from `0000` blocks
    /// (`0000 +` is read as a full-point bye, `0000 -` as a zero-point one), the points column
    /// is recomputed. Withdrawals are not inferred: a withdrawn player's rounds are `Z` byes.
    /// Headers other than `012`, `XXR`, `XXC` are kept verbatim.
    ///
    /// # Errors
    /// [`TrfError::Inconsistent`] when an opponent is missing, a block does not point
    /// back, or the two result codes do not make one result.
    pub fn to_tournament(&self) -> Result<Tournament, TrfError> {
        let trf = self;
        let max_blocks = trf.players().map(|p| p.rounds.len()).max().unwrap_or(0);
        let total_rounds = trf.total_rounds().unwrap_or(max_blocks as u32);
        let mut t = Tournament::new(trf.name().unwrap_or(""), total_rounds);
        t.initial_colour = trf.initial_colour();
        t.lots_seed = trf.lots_seed();
        t.scoring = trf.scoring();
        if let Some(mode) = trf
            .headers()
            .find_map(|h| crate::tournament::fide_mode::FideMode::from_trf_line(&h.text))
        {
            t.fide.mode = mode;
        }
        t.trf_headers = trf
            .headers()
            .filter(|h| !matches!(h.code(), "012" | "XXR" | "XXC" | "XXS"))
            .filter(|h| crate::tournament::fide_mode::FideMode::from_trf_line(&h.text).is_none())
            .map(|h| h.text.clone())
            .collect();
        for h in trf.headers() {
            let code = h.code();
            if crate::tournament::event::DETAIL_CODES.contains(&code)
                && t.details.trf_value(code).is_none()
            {
                t.details.set_trf_value(code, h.text.get(3..).unwrap_or(""));
            }
        }
        let records: BTreeMap<u16, &PlayerRecord> = trf.players().map(|p| (p.tpn, p)).collect();
        for p in records.values() {
            t.players.push(Player {
                start_rank: p.tpn,
                name: p.name.clone(),
                rating: p.rating,
                title: p.title.clone(),
                federation: p.federation.clone(),
                sex: p
                    .sex
                    .and_then(|c| crate::tournament::player::Sex::parse(&c.to_string())),
                birth_date: p.birth_date.clone(),
                club: None,
                fide_id: p.fide_id,
                withdrawn_from: None,
                disqualified_from: None,
                ..Player::default()
            });
        }
        for round in 1..=max_blocks {
            let number = round as u32;
            let mut r = Round {
                number,
                ..Round::default()
            };
            for (&tpn, p) in &records {
                let Some(e) = p.round(round) else { continue };
                let bad = |detail: String| TrfError::Inconsistent {
                    tpn,
                    round: number,
                    detail,
                };
                match e.opponent {
                    None => {
                        let kind = match e.result {
                            RoundResult::PairingAllocatedBye => ByeKind::PairingAllocated,
                            RoundResult::HalfPointBye => ByeKind::HalfPoint,
                            RoundResult::FullPointBye | RoundResult::ForfeitWin => {
                                ByeKind::FullPoint
                            }
                            RoundResult::ZeroPointBye | RoundResult::ForfeitLoss => {
                                ByeKind::ZeroPoint
                            }
                            RoundResult::Blank => continue,
                            other => {
                                return Err(bad(format!(
                                    "result `{}` needs an opponent",
                                    other.letter()
                                )));
                            }
                        };
                        r.byes.push(Bye { player: tpn, kind });
                    }
                    Some(o) => {
                        let op = records
                            .get(&o)
                            .ok_or_else(|| bad(format!("opponent {o} has no player line")))?;
                        let back = op.round(round).copied();
                        if back.and_then(|b| b.opponent) != Some(tpn) {
                            return Err(bad(format!(
                                "opponent {o}'s round {round} block does not name {tpn}"
                            )));
                        }
                        let Some(back) = back else { continue };
                        if o < tpn {
                            continue; // built from the lower rank's line
                        }
                        let (white, black, wcode, bcode, unknown) = match (e.colour, back.colour) {
                            (Some(Color::White), Some(Color::Black)) => {
                                (tpn, o, e.result, back.result, false)
                            }
                            (Some(Color::Black), Some(Color::White)) => {
                                (o, tpn, back.result, e.result, false)
                            }
                            (None, None) => (tpn, o, e.result, back.result, true),
                            (a, b) => {
                                return Err(bad(format!(
                                    "colours `{}` and `{}` against {o}",
                                    colour_letter(a),
                                    colour_letter(b)
                                )));
                            }
                        };
                        let result = if wcode == RoundResult::Blank && bcode == RoundResult::Blank {
                            None
                        } else {
                            Some(BoardResult::from_round_results(wcode, bcode).ok_or_else(
                                || {
                                    bad(format!(
                                        "results `{}` and `{}` against {o} do not fit",
                                        e.result.letter(),
                                        back.result.letter()
                                    ))
                                },
                            )?)
                        };
                        let unrated = matches!(
                            wcode,
                            RoundResult::UnratedWin
                                | RoundResult::UnratedDraw
                                | RoundResult::UnratedLoss
                        );
                        r.games.push(Game {
                            board: r.games.len() as u32 + 1,
                            white,
                            black,
                            result,
                            unrated,
                            colours_unknown: unknown,
                            judged: None,
                            adjudicated: None,
                        });
                    }
                }
            }
            if !r.games.is_empty() || !r.byes.is_empty() {
                t.rounds.push(r);
            }
        }
        Ok(t)
    }
    /// The results of this file as tie-breaks need them: standings after `through` rounds
    /// (default: the completed rounds, see [`Trf::completed_rounds`]).
    ///
    /// # Errors
    /// [`TieBreakError::UnknownOpponent`].
    pub fn result_table(&self, through: Option<usize>) -> Result<ResultTable, TieBreakError> {
        let rounds = through.unwrap_or_else(|| self.completed_rounds());
        let total_rounds = self
            .total_rounds()
            .map_or(rounds, |r| (r as usize).max(rounds));
        let mut players: Vec<TablePlayer> = self
            .players()
            .map(|p| TablePlayer::new(p.tpn, &p.name, p.rating, rounds, |r| p.round(r).copied()))
            .collect();
        players.sort_by_key(|p| p.tpn);
        ResultTable {
            players,
            rounds,
            total_rounds,
            scoring: self.scoring(),
        }
        .checked()
    }

    /// The pairer's input for the next round of this file (TRF-16 with the TRF(x) extensions
    /// `XXR`, `XXC`, `XXP`, bbp's `BBx` point values); see [`PairingInput::from_entries`].
    ///
    /// # Errors
    /// [`PairingError::InvalidInput`] when `XXR` is missing.
    pub fn pairing_input(&self) -> Result<PairingInput, PairingError> {
        let players: Vec<PlayerEntries<'_>> = self
            .players()
            .map(|p| PlayerEntries {
                tpn: p.tpn,
                rating: p.rating,
                claimed_points: p.points,
                rounds: &p.rounds,
            })
            .collect();
        PairingInput::from_entries(
            self.total_rounds(),
            self.initial_colour(),
            &self.scoring(),
            &players,
            &self.forbidden_pairs(),
        )
    }

    /// Writes the pairing of round `pairing.round` into the file as round blocks: `opp w|b`
    /// with a blank result for each board, `0000 - U` for the pairing-allocated bye (with its
    /// points added to the points column, CR 1.3). Players not paired keep their pre-set block.
    pub fn apply_pairing(&mut self, pairing: &Pairing) {
        let round = pairing.round as usize;
        let pab = self.scoring().pairing_allocated_bye.as_f64();
        for p in self.players_mut() {
            let tpn = u32::from(p.tpn);
            let entry = if let Some(b) = pairing
                .boards
                .iter()
                .find(|b| b.white == tpn || b.black == tpn)
            {
                let (opp, colour) = if b.white == tpn {
                    (b.black, Color::White)
                } else {
                    (b.white, Color::Black)
                };
                Some(RoundEntry {
                    opponent: u16::try_from(opp).ok(),
                    colour: Some(colour),
                    result: RoundResult::Blank,
                })
            } else if pairing.bye == Some(tpn) {
                p.points += pab;
                Some(RoundEntry {
                    opponent: None,
                    colour: None,
                    result: RoundResult::PairingAllocatedBye,
                })
            } else {
                None
            };
            if let Some(e) = entry {
                while p.rounds.len() < round - 1 {
                    p.rounds.push(RoundEntry::ABSENT);
                }
                p.rounds.truncate(round - 1);
                p.rounds.push(e);
            }
        }
    }
}
