//! The pairer's view of a tournament: players, their round history, and who is to be paired.
//! Built from the tournament record ([`PairingInput::from_tournament`]), from any players'
//! round entries ([`PairingInput::from_entries`], which a TRF file gives, see
//! [`crate::formats::trf`]) or directly.

use shakmaty::Color;

use super::PairingError;
use super::acceleration::Acceleration;
use crate::tournament::Tournament;
use crate::tournament::model::ForbiddenPair;
use crate::tournament::result::{Points, RoundEntry, RoundResult, Scoring, entries};

/// Points of each kind of result, in tenths of a point (bbpPairings' `BBW`… lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PointSystem {
    /// Win over the board, forfeit win, full-point bye `F`.
    pub win: u32,
    /// Draw, half-point bye `H`.
    pub draw: u32,
    /// Loss over the board.
    pub loss: u32,
    /// Zero-point bye / absence `Z`.
    pub zero_point_bye: u32,
    /// Forfeit loss.
    pub forfeit_loss: u32,
    /// Pairing-allocated bye `U` (CR 1.3: one point).
    pub pairing_allocated_bye: u32,
}

impl PointSystem {
    /// The pairer's point values from the event's [`Scoring`] (negative values count 0).
    pub fn from_scoring(scoring: &Scoring) -> Self {
        PointSystem {
            win: non_negative(scoring.win),
            draw: non_negative(scoring.draw),
            loss: non_negative(scoring.loss),
            zero_point_bye: non_negative(scoring.zero_point_bye),
            forfeit_loss: non_negative(scoring.forfeit_loss),
            pairing_allocated_bye: non_negative(scoring.pairing_allocated_bye),
        }
    }
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            zero_point_bye: 0,
            forfeit_loss: 0,
            pairing_allocated_bye: 10,
        }
    }
}

/// Score class of a round's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Outcome {
    /// Loss, forfeit loss, zero-point bye, absence.
    Loss,
    /// Draw, half-point bye.
    Draw,
    /// Win, forfeit win, full-point bye, pairing-allocated bye.
    Win,
}

/// One round of a player's history (C.04.1: only games actually played count as meetings and
/// for colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RoundRecord {
    /// Opponent's TPN, `None` for byes and absences.
    pub opponent: Option<u32>,
    /// Colour the player was paired with (also kept for forfeits).
    #[serde(serialize_with = "crate::laws::serde_color::option_color::serialize")]
    pub colour: Option<Color>,
    /// Score class.
    pub outcome: Outcome,
    /// A game was played over the board.
    pub played: bool,
    /// The player took part in the pairing (paired against someone, or given the PAB).
    pub paired: bool,
}

impl RoundRecord {
    /// No game, no points, not paired (a `Z` absence, or a round missing from the line).
    pub fn absent() -> Self {
        RoundRecord {
            opponent: None,
            colour: None,
            outcome: Outcome::Loss,
            played: false,
            paired: false,
        }
    }

    /// Points of this round under `points` (bbpPairings' `Tournament::getPoints`).
    pub fn points(&self, points: &PointSystem) -> u32 {
        match self.outcome {
            Outcome::Loss => {
                if self.paired {
                    if self.played {
                        points.loss
                    } else {
                        points.forfeit_loss
                    }
                } else {
                    points.zero_point_bye
                }
            }
            Outcome::Win => {
                if self.opponent.is_none() && self.paired {
                    points.pairing_allocated_bye
                } else {
                    points.win
                }
            }
            Outcome::Draw => points.draw,
        }
    }

    /// Reads a player's round entry: the outcome for scoring (a forfeit win and the byes `F`,
    /// `U` count as wins, `H` as a draw, the rest as losses), and whether the game was played
    /// over the board (opponent, colour and a non-forfeit result: only those count as meetings
    /// and for colours, C.04.1), and whether the player took part in the pairing at all (an
    /// opponent, a forfeit win or the pairing-allocated bye).
    pub fn from_entry(e: &RoundEntry) -> Self {
        use RoundResult as R;
        let colour = e.colour;
        let outcome = match e.result {
            R::Draw | R::UnratedDraw | R::HalfPointBye => Outcome::Draw,
            R::Win | R::UnratedWin | R::ForfeitWin | R::FullPointBye | R::PairingAllocatedBye => {
                Outcome::Win
            }
            _ => Outcome::Loss,
        };
        let unplayed_code = matches!(
            e.result,
            R::ForfeitWin
                | R::ForfeitLoss
                | R::HalfPointBye
                | R::FullPointBye
                | R::PairingAllocatedBye
                | R::ZeroPointBye
                | R::Blank
        );
        let played = e.opponent.is_some() && colour.is_some() && !unplayed_code;
        let paired =
            e.opponent.is_some() || matches!(e.result, R::PairingAllocatedBye | R::ForfeitWin);
        RoundRecord {
            opponent: e.opponent.map(u32::from),
            colour,
            outcome,
            played,
            paired,
        }
    }
}

/// One player as the pairer sees them: starting rank, history and what the file claims.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerInput {
    /// Starting rank = pairing number (TPN), 1-based.
    pub tpn: u32,
    /// Rating (0 = unrated); only informative, the TPN already orders by rating.
    pub rating: u32,
    /// Results of the rounds already played, index 0 = round 1. Shorter histories are padded
    /// with absences.
    pub history: Vec<RoundRecord>,
    /// Pre-set entry for the round being paired (`0000 - Z/H/F`): the player is not paired.
    pub preset: Option<RoundRecord>,
    /// Points claimed by the file, tenths, checked against the history when given.
    pub claimed_points: Option<u32>,
    /// Virtual points of an accelerated event (C.04.5) before each round, tenths, index 0 =
    /// round 1; empty (or short) for none. They count for the pairing only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub virtual_points: Vec<u32>,
}

/// The tournament as the pairer needs it (C.04.3): players with their histories, points per
/// result in tenths, the rounds, the initial colour and the forbidden pairs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairingInput {
    /// Total number of rounds (`XXR`): the last round relaxes C3 for topscorers.
    pub total_rounds: u32,
    /// Rounds already played (the round paired is `played_rounds + 1`).
    pub played_rounds: u32,
    /// Colour of the first-ranked player in round 1 (`XXC`).
    #[serde(serialize_with = "crate::laws::serde_color::color::serialize")]
    pub initial_colour: Color,
    /// Points per result.
    pub points: PointSystem,
    /// Players, in ranking-list order (TPN order).
    pub players: Vec<PlayerInput>,
    /// Pairs that must not meet (`XXP`), by TPN.
    pub forbidden_pairs: Vec<Vec<u32>>,
}

fn tenths(x: f64) -> u32 {
    (x * 10.0).round().max(0.0) as u32
}

fn non_negative(p: Points) -> u32 {
    u32::try_from(p.tenths()).unwrap_or(0)
}

/// One player's record as the pairer reads it, whatever it comes from (the tournament record,
/// a TRF player line).
#[derive(Clone, Copy, Debug)]
pub struct PlayerEntries<'a> {
    /// Starting rank = pairing number (TPN).
    pub tpn: u16,
    /// Rating, `None` when unrated.
    pub rating: Option<u16>,
    /// Points the record claims (checked against the results).
    pub claimed_points: f64,
    /// Round entries, index 0 = round 1; a round without entry is a future round.
    pub rounds: &'a [RoundEntry],
}

/// A tournament as its players' round entries, with what the pairer needs besides them: the
/// event's rounds, initial colour, point values, forbidden pairs and acceleration.
#[derive(Clone, Debug)]
pub struct EventEntries<'a> {
    /// Total number of rounds of the event (`XXR`/`142`): the last round relaxes C3 for
    /// topscorers.
    pub total_rounds: u32,
    /// Colour of the first-ranked player in round 1 (`XXC`/`152`; White when not given).
    pub initial_colour: Option<Color>,
    /// Points of each result.
    pub scoring: Scoring,
    /// Groups of starting ranks that must not meet, in every round or in some (`XXP`, `260`).
    pub forbidden_pairs: Vec<ForbiddenPair>,
    /// Virtual points for the pairing (C.04.5), if the event is accelerated.
    pub acceleration: Option<Acceleration>,
    /// The players, any order.
    pub players: Vec<PlayerEntries<'a>>,
}

impl EventEntries<'_> {
    /// Number of rounds with at least one pairing ([`entries::paired_rounds`]).
    pub fn paired_rounds(&self) -> usize {
        entries::paired_rounds(self.players.iter().map(|p| p.rounds))
    }
}

impl PairingInput {
    /// Builds the input for the next round of `event`: the rounds paired are those up to the
    /// last one with a pairing ([`entries::paired_rounds`]); an entry in the round after them
    /// is a pre-set absence or bye. The points each record claims are checked against its
    /// results (with or without the virtual points of an accelerated round, as bbpPairings
    /// accepts them).
    ///
    /// # Errors
    /// [`PairingError::AllRoundsPaired`] when every round of the event is already paired (no
    /// round beyond the event is paired).
    pub fn next_round(event: &EventEntries<'_>) -> Result<Self, PairingError> {
        let played = event.paired_rounds();
        if played as u32 >= event.total_rounds {
            return Err(PairingError::AllRoundsPaired {
                total: event.total_rounds,
                next: played as u32 + 1,
            });
        }
        Ok(Self::after_rounds(
            event,
            played,
            |p| {
                p.rounds
                    .get(played)
                    .filter(|e| !e.is_empty())
                    .map(RoundRecord::from_entry)
            },
            true,
        ))
    }

    /// The input for the round after the first `played` rounds of `event`'s entries: each
    /// player's history is those rounds (the pairer counts missing ones as absences), `preset`
    /// gives their pre-set entry for the round being paired, and the points each record claims
    /// are checked when `check_claimed`. The forbidden pairs are those of that round; each
    /// player's virtual points those of the event's acceleration. Starting ranks in order.
    pub(crate) fn after_rounds(
        event: &EventEntries<'_>,
        played: usize,
        preset: impl Fn(&PlayerEntries<'_>) -> Option<RoundRecord>,
        check_claimed: bool,
    ) -> Self {
        let round = played as u32 + 1;
        let mut tpns: Vec<u16> = event.players.iter().map(|p| p.tpn).collect();
        tpns.sort_unstable();
        let virtual_points = |tpn: u16| -> Vec<u32> {
            let Some(a) = &event.acceleration else {
                return Vec::new();
            };
            (1..=round)
                .map(|r| {
                    let p = a.points(tpn, r, tpns.len(), event.total_rounds, &event.scoring);
                    u32::try_from(p.tenths()).unwrap_or(0)
                })
                .collect()
        };
        let mut players: Vec<PlayerInput> = event
            .players
            .iter()
            .map(|p| PlayerInput {
                tpn: u32::from(p.tpn),
                rating: p.rating.map_or(0, u32::from),
                history: p
                    .rounds
                    .iter()
                    .take(played)
                    .map(RoundRecord::from_entry)
                    .collect(),
                preset: preset(p),
                claimed_points: check_claimed.then(|| tenths(p.claimed_points)),
                virtual_points: virtual_points(p.tpn),
            })
            .collect();
        players.sort_by_key(|p| p.tpn);
        PairingInput {
            total_rounds: event.total_rounds,
            played_rounds: played as u32,
            initial_colour: event.initial_colour.unwrap_or(Color::White),
            points: PointSystem::from_scoring(&event.scoring),
            players,
            forbidden_pairs: event
                .forbidden_pairs
                .iter()
                .filter(|f| f.applies_in(round))
                .map(|f| f.players.iter().copied().map(u32::from).collect())
                .collect(),
        }
    }

    /// Builds the input for the next round of the tournament `t`: each player's round entries
    /// ([`Tournament::entry`]) up to the round after the last paired one (pre-set byes and
    /// absences, players out of the event), points by [`Tournament::score`].
    ///
    /// # Errors
    /// As [`PairingInput::from_entries`] (never for a tournament: it knows its rounds).
    pub fn from_tournament(t: &Tournament) -> Result<Self, PairingError> {
        let paired = t.paired_rounds();
        let rounds: Vec<(u16, Option<u16>, Vec<RoundEntry>)> = t
            .players
            .iter()
            .map(|p| {
                let entries = (1..=paired + 1)
                    .map_while(|r| t.entry(p.start_rank, r))
                    .collect();
                (p.start_rank, p.rating, entries)
            })
            .collect();
        let event = EventEntries {
            total_rounds: t.total_rounds,
            initial_colour: t.initial_colour,
            scoring: t.scoring,
            forbidden_pairs: t.forbidden_groups(),
            acceleration: t.acceleration.clone(),
            players: rounds
                .iter()
                .map(|(tpn, rating, entries)| PlayerEntries {
                    tpn: *tpn,
                    rating: *rating,
                    claimed_points: t.score(*tpn, paired),
                    rounds: entries,
                })
                .collect(),
        };
        PairingInput::next_round(&event)
    }
}
