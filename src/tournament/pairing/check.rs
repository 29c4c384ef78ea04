//! The free pairing checker (FIDE's "FPC", C.04 Annex 3): every round of a tournament is paired
//! again by the engine from the state before it, and the result is compared with the pairing
//! the tournament record holds (pairs, colours, the pairing-allocated bye).
//!
//! The state before round `r` is what a pairer reads (bbpPairings' checker does the same):
//! the results of rounds `1..r`, and the round-`r` entries that were not made by the pairing,
//! i.e. pre-set absences and requested byes (`0000 - Z/H/F`, and any other entry without an
//! opponent other than the pairing-allocated bye `U`). A forfeit (`+`/`-` against an opponent)
//! was paired, so it is compared like a played game. Only games actually played count as
//! meetings and for colours (C.04.1), exactly as when the round was first paired.
//!
//! The same state builder ([`input_before_round`]) serves the random tournament generator
//! ([`crate::tournament::generate`]), so a generated tournament checks clean by construction
//! unless the engine, the file writer or the reader changes its mind.

use shakmaty::Color;

pub use super::input::EventEntries;
use super::{Board, Outcome, Pairing, PairingError, PairingInput, PairingRules, RoundRecord};
use crate::tournament::result::{RoundEntry, RoundResult};

/// The pre-set entry of a player in the round being paired, if the pairer must leave the
/// player out: any entry without an opponent except the pairing-allocated bye `U` (which the
/// pairing itself gives), as bbpPairings' checker reads it (such an entry did not take part in
/// the pairing). `Z`, `H`, `F` are kept as they are; another code without opponent reads by its
/// points: a win's (`+`, `1`, `W`) as `F`, a draw's (`=`, `D`) as `H`, the rest (`-`, `0`, `L`,
/// a blank block of a round already paired) as `Z`. A player with an opponent, or `U`, or no
/// entry in a round not yet paired, is paired.
pub fn preset_entry(entry: Option<&RoundEntry>, round_is_paired: bool) -> Option<RoundEntry> {
    let e = match entry {
        Some(e) => *e,
        // A line that stops before a round already paired: the player was not in it.
        None if round_is_paired => return Some(RoundEntry::ABSENT),
        None => return None,
    };
    if e.opponent.is_some() || e.result == RoundResult::PairingAllocatedBye {
        return None;
    }
    let result = match e.result {
        RoundResult::ZeroPointBye | RoundResult::HalfPointBye | RoundResult::FullPointBye => {
            e.result
        }
        // A blank block in a round still to be paired says nothing: pair the player.
        RoundResult::Blank if !round_is_paired => return None,
        _ => match RoundRecord::from_entry(&e).outcome {
            Outcome::Win => RoundResult::FullPointBye,
            Outcome::Draw => RoundResult::HalfPointBye,
            Outcome::Loss => RoundResult::ZeroPointBye,
        },
    };
    Some(RoundEntry {
        opponent: None,
        colour: None,
        result,
    })
}

/// The pairer's input for round `round` (1-based) of `event`: every player's results of rounds
/// `1..round` (only games played count as meetings and for colours), the points they add up
/// to, and the players to leave out of round `round` (their pre-set entry, see the module
/// docs). `round_is_paired` says whether the entries of round `round` are a pairing already
/// made (the checker) or only pre-set absences (the generator, before pairing).
///
/// # Errors
/// [`PairingError::InvalidInput`] when `round` is 0 or beyond the event's total rounds.
pub fn input_before_round(
    event: &EventEntries<'_>,
    round: usize,
    round_is_paired: bool,
) -> Result<PairingInput, PairingError> {
    if round == 0 || round > event.total_rounds as usize {
        return Err(PairingError::InvalidInput {
            tpn: 0,
            reason: format!(
                "round {round} is not a round of the event (1 to {})",
                event.total_rounds
            ),
        });
    }
    let before = round - 1;
    Ok(PairingInput::after_rounds(
        event,
        before,
        |p| {
            preset_entry(p.rounds.get(before), round_is_paired).map(|e| RoundRecord::from_entry(&e))
        },
        false,
    ))
}

/// Where a player stands in a round: a game, the pairing-allocated bye, or out of the pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Seat {
    /// A game, by starting rank. When the record gives no colours for it, `white` is the lower
    /// starting rank and colours are not compared.
    Game {
        /// White's starting rank.
        white: u32,
        /// Black's starting rank.
        black: u32,
    },
    /// The pairing-allocated bye (`U`) of this player.
    Bye {
        /// The player's starting rank.
        bye: u32,
    },
    /// The player was not paired (absent, requested bye, or missing from the round).
    NotPaired {
        /// The player's starting rank.
        not_paired: u32,
    },
}

/// What kind of difference between the record's pairing and the engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DifferenceKind {
    /// The engine pairs two players who do not meet in the record.
    Pairs,
    /// Same two players, colours reversed.
    Colours,
    /// The engine gives the pairing-allocated bye to a player who does not have it in the
    /// record.
    Bye,
    /// The engine finds no legal pairing for a round the record pairs (C1–C3 cannot all hold).
    NoLegalPairing,
}

/// One difference in a round: an engine board (or the engine's bye) that the record does not
/// have, with what the record has for the same players.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Difference {
    /// What differs.
    pub kind: DifferenceKind,
    /// The engine's board number (publication order), `None` for the bye.
    pub board: Option<usize>,
    /// The engine's board or bye; `None` for [`DifferenceKind::NoLegalPairing`].
    pub engine: Option<Seat>,
    /// What the record has for the same players (one seat per distinct game or bye).
    pub file: Vec<Seat>,
    /// Why, in words: which players, and the engine's reason (colour rule, floaters, bye).
    pub explanation: String,
    /// The engine's reason as data, to be written in another language (not in the JSON,
    /// which keeps `explanation`).
    #[serde(skip)]
    pub reason: Option<EngineReason>,
}

/// Why the engine pairs a board or gives the bye as it does (C.04.3), for
/// [`Difference::reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineReason {
    /// No legal pairing (C1–C3 cannot all hold).
    NoLegalPairing,
    /// The colours by this rule (E.1–E.5).
    Colour(super::colour::ColourRule),
    /// `down` floats down to `up` (C6–C8, C14–C21).
    Float {
        /// The downfloater's TPN.
        down: u32,
        /// The upfloater's TPN.
        up: u32,
    },
    /// The pairing-allocated bye to this player (C2, C5, C9).
    Bye(u32),
}

/// The check of one round.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RoundCheck {
    /// The round (1-based).
    pub round: u32,
    /// True when the engine's pairing is the record's (pairs, colours, bye).
    pub agrees: bool,
    /// The differences, in the engine's board order, the bye last.
    pub differences: Vec<Difference>,
}

/// The check of a whole tournament: one [`RoundCheck`] per round paired in the record.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CheckReport {
    /// Per round, in order.
    pub rounds: Vec<RoundCheck>,
}

impl CheckReport {
    /// True when every round agrees.
    pub fn agrees(&self) -> bool {
        self.rounds.iter().all(|r| r.agrees)
    }

    /// The rounds that differ.
    pub fn differing_rounds(&self) -> Vec<u32> {
        self.rounds
            .iter()
            .filter(|r| !r.agrees)
            .map(|r| r.round)
            .collect()
    }
}

/// Re-pairs every paired round of `event` under `rules` from the state before it
/// ([`input_before_round`]) and compares with the record (FIDE's free pairing checker).
///
/// # Errors
/// A [`PairingError`] other than [`PairingError::NoLegalPairing`] (which is a finding, reported
/// as a [`DifferenceKind::NoLegalPairing`] difference): inconsistent input, or a round too
/// large to pair.
pub fn check_pairings(
    event: &EventEntries<'_>,
    rules: &PairingRules,
) -> Result<CheckReport, PairingError> {
    let paired = event.paired_rounds();
    let mut rounds = Vec::with_capacity(paired);
    for round in 1..=paired {
        rounds.push(check_round(event, round, rules)?);
    }
    Ok(CheckReport { rounds })
}

/// Re-pairs round `round` (1-based) of `event` and compares it with the record.
///
/// # Errors
/// As [`check_pairings`].
pub fn check_round(
    event: &EventEntries<'_>,
    round: usize,
    rules: &PairingRules,
) -> Result<RoundCheck, PairingError> {
    let input = input_before_round(event, round, true)?;
    let number = round as u32;
    let pairing = match super::pair(&input, rules) {
        Ok(p) => p,
        Err(PairingError::NoLegalPairing) => {
            return Ok(RoundCheck {
                round: number,
                agrees: false,
                differences: vec![Difference {
                    kind: DifferenceKind::NoLegalPairing,
                    board: None,
                    engine: None,
                    file: Vec::new(),
                    explanation: format!(
                        "the engine finds no legal pairing for round {round} (C1 no rematch, C2 bye eligibility, C3 colours cannot all hold); the file pairs it"
                    ),
                    reason: Some(EngineReason::NoLegalPairing),
                }],
            });
        }
        Err(e) => return Err(e),
    };
    let differences = compare(event, round, &pairing);
    Ok(RoundCheck {
        round: number,
        agrees: differences.is_empty(),
        differences,
    })
}

/// The record's seat of player `tpn` in round `round`, and whether its colours are known.
fn file_seat(event: &EventEntries<'_>, tpn: u32, round: usize) -> (Seat, bool) {
    let entry = event
        .players
        .iter()
        .find(|p| u32::from(p.tpn) == tpn)
        .and_then(|p| p.rounds.get(round - 1));
    match entry {
        Some(e) => match (e.opponent, e.colour) {
            (Some(o), Some(Color::White)) => (
                Seat::Game {
                    white: tpn,
                    black: u32::from(o),
                },
                true,
            ),
            (Some(o), Some(Color::Black)) => (
                Seat::Game {
                    white: u32::from(o),
                    black: tpn,
                },
                true,
            ),
            (Some(o), None) => {
                let o = u32::from(o);
                (
                    Seat::Game {
                        white: tpn.min(o),
                        black: tpn.max(o),
                    },
                    false,
                )
            }
            (None, _) if e.result == RoundResult::PairingAllocatedBye => {
                (Seat::Bye { bye: tpn }, true)
            }
            (None, _) => (Seat::NotPaired { not_paired: tpn }, true),
        },
        None => (Seat::NotPaired { not_paired: tpn }, true),
    }
}

fn describe(seat: &Seat) -> String {
    match seat {
        Seat::Game { white, black } => format!("{white}–{black}"),
        Seat::Bye { bye } => format!("{bye} has the bye"),
        Seat::NotPaired { not_paired } => format!("{not_paired} is not paired"),
    }
}

fn compare(event: &EventEntries<'_>, round: usize, pairing: &Pairing) -> Vec<Difference> {
    let mut out = Vec::new();
    for (i, b) in pairing.boards.iter().enumerate() {
        let Board {
            number,
            white,
            black,
        } = *b;
        let (w_seat, known) = file_seat(event, white, round);
        let same_players = matches!(w_seat, Seat::Game { white: a, black: c }
            if (a, c) == (white, black) || (a, c) == (black, white));
        if same_players && (!known || w_seat == (Seat::Game { white, black })) {
            continue;
        }
        let why = pairing.explanation.boards.get(i);
        let engine = Seat::Game { white, black };
        if same_players {
            let reason = why.map_or("", |w| w.colour_reason.as_str());
            out.push(Difference {
                kind: DifferenceKind::Colours,
                board: Some(number),
                engine: Some(engine),
                file: vec![w_seat],
                explanation: format!(
                    "colours reversed: the engine gives White to {white} and Black to {black} ({reason}); the file has {}",
                    describe(&w_seat)
                ),
                reason: why.map(|w| EngineReason::Colour(w.colour_rule)),
            });
            continue;
        }
        let (b_seat, _) = file_seat(event, black, round);
        let mut file = vec![w_seat];
        if b_seat != w_seat {
            file.push(b_seat);
        }
        let mut explanation = format!(
            "the engine pairs {white}–{black} on board {number}; the file has {}",
            file.iter().map(describe).collect::<Vec<_>>().join(", ")
        );
        if let Some(reason) = why.and_then(|w| w.float_reason.as_deref()) {
            explanation.push_str("; engine: ");
            explanation.push_str(reason);
        }
        out.push(Difference {
            kind: DifferenceKind::Pairs,
            board: Some(number),
            engine: Some(engine),
            file,
            explanation,
            reason: why.and_then(|w| match (w.downfloater, w.upfloater) {
                (Some(down), Some(up)) => Some(EngineReason::Float { down, up }),
                _ => None,
            }),
        });
    }
    if let Some(bye) = pairing.bye {
        let (seat, _) = file_seat(event, bye, round);
        if seat != (Seat::Bye { bye }) {
            let mut explanation = format!(
                "the engine gives the pairing-allocated bye to {bye}; the file has {}",
                describe(&seat)
            );
            if let Some(reason) = &pairing.explanation.bye {
                explanation.push_str("; engine: ");
                explanation.push_str(reason);
            }
            out.push(Difference {
                kind: DifferenceKind::Bye,
                board: None,
                engine: Some(Seat::Bye { bye }),
                file: vec![seat],
                explanation,
                reason: pairing
                    .explanation
                    .bye
                    .as_ref()
                    .map(|_| EngineReason::Bye(bye)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::PlayerEntries;
    use super::*;
    use crate::tournament::result::Scoring;

    fn game(opponent: u16, colour: Color, result: RoundResult) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            result,
        }
    }

    #[test]
    fn preset_entries_are_left_out_and_pairings_are_not() {
        assert_eq!(preset_entry(None, false), None);
        assert_eq!(preset_entry(None, true), Some(RoundEntry::ABSENT));
        assert_eq!(
            preset_entry(Some(&game(2, Color::White, RoundResult::ForfeitWin)), true),
            None
        );
        let u = RoundEntry {
            opponent: None,
            colour: None,
            result: RoundResult::PairingAllocatedBye,
        };
        assert_eq!(preset_entry(Some(&u), true), None);
        let h = RoundEntry {
            result: RoundResult::HalfPointBye,
            ..RoundEntry::ABSENT
        };
        assert_eq!(preset_entry(Some(&h), true), Some(h));
        assert_eq!(
            preset_entry(Some(&RoundEntry::BLANK), true),
            Some(RoundEntry::ABSENT)
        );
        assert_eq!(preset_entry(Some(&RoundEntry::BLANK), false), None);
        let without_opponent = |result| RoundEntry {
            result,
            ..RoundEntry::ABSENT
        };
        for (code, read_as) in [
            (RoundResult::ForfeitWin, RoundResult::FullPointBye),
            (RoundResult::Win, RoundResult::FullPointBye),
            (RoundResult::Draw, RoundResult::HalfPointBye),
            (RoundResult::ForfeitLoss, RoundResult::ZeroPointBye),
        ] {
            assert_eq!(
                preset_entry(Some(&without_opponent(code)), true),
                Some(without_opponent(read_as)),
                "{code:?}"
            );
        }
    }

    /// Four players, two rounds paired as the engine pairs them; then round 2's colours
    /// reversed, then round 2's opponents exchanged.
    #[test]
    fn finds_reversed_colours_and_other_pairs() {
        use Color::{Black, White};
        use RoundResult::{Loss, Win};
        let rounds_of = |r: &[RoundEntry]| r.to_vec();
        // Round 1 (white1): 1–3, 4–2 (rank parity). 1 and 4 win.
        let base = [
            vec![game(3, White, Win)],
            vec![game(4, Black, Loss)],
            vec![game(1, Black, Loss)],
            vec![game(2, White, Win)],
        ];
        let event_with = |round2: [RoundEntry; 4]| -> Vec<Vec<RoundEntry>> {
            base.iter()
                .zip(round2)
                .map(|(r, e)| {
                    let mut v = rounds_of(r);
                    v.push(e);
                    v
                })
                .collect()
        };
        let check = |players: &[Vec<RoundEntry>]| {
            let event = EventEntries {
                total_rounds: 3,
                initial_colour: Some(White),
                scoring: Scoring::default(),
                forbidden_pairs: Vec::new(),
                acceleration: None,
                players: players
                    .iter()
                    .enumerate()
                    .map(|(i, r)| PlayerEntries {
                        tpn: i as u16 + 1,
                        rating: None,
                        claimed_points: 0.0,
                        rounds: r,
                    })
                    .collect(),
            };
            check_pairings(&event, &PairingRules::fide()).expect("check")
        };
        // Find the engine's round 2 and write it into the record.
        let event = event_with([RoundEntry::BLANK; 4]);
        let cut = EventEntries {
            total_rounds: 3,
            initial_colour: Some(White),
            scoring: Scoring::default(),
            forbidden_pairs: Vec::new(),
            acceleration: None,
            players: event
                .iter()
                .enumerate()
                .map(|(i, r)| PlayerEntries {
                    tpn: i as u16 + 1,
                    rating: None,
                    claimed_points: 0.0,
                    rounds: &r[..1],
                })
                .collect(),
        };
        let p = super::super::pair(
            &input_before_round(&cut, 2, false).unwrap(),
            &PairingRules::fide(),
        )
        .unwrap();
        let mut r2 = [RoundEntry::BLANK; 4];
        for b in &p.boards {
            r2[b.white as usize - 1] = game(b.black as u16, White, Win);
            r2[b.black as usize - 1] = game(b.white as u16, Black, Loss);
        }
        let report = check(&event_with(r2));
        assert!(report.agrees(), "{report:?}");
        // Colours of round 2 reversed on every board.
        let mut swapped = r2;
        for e in &mut swapped {
            e.colour = e.colour.map(|c| c.other());
        }
        let report = check(&event_with(swapped));
        assert_eq!(report.differing_rounds(), vec![2]);
        assert!(
            report.rounds[1]
                .differences
                .iter()
                .all(|d| d.kind == DifferenceKind::Colours)
        );
        // Opponents exchanged: the first board's White plays the second board's Black.
        let (b1, b2) = (p.boards[0], p.boards[1]);
        let mut other = r2;
        other[b1.white as usize - 1].opponent = Some(b2.black as u16);
        other[b2.black as usize - 1].opponent = Some(b1.white as u16);
        other[b2.white as usize - 1].opponent = Some(b1.black as u16);
        other[b1.black as usize - 1].opponent = Some(b2.white as u16);
        let report = check(&event_with(other));
        assert_eq!(report.differing_rounds(), vec![2]);
        assert_eq!(report.rounds[1].differences.len(), 2);
        assert_eq!(report.rounds[1].differences[0].kind, DifferenceKind::Pairs);
    }
}
