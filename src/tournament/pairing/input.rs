//! The pairer's view of a tournament: players, their round history, and who is to be paired.
//! Built from a TRF file ([`PairingInput::from_trf`]) or directly.

use shakmaty::Color;

use super::PairingError;
use super::colour::{serialize_colour, serialize_optional_colour};
use crate::formats::trf::Trf;
use crate::formats::trf::{InitialColour, ResultCode, TrfColour};

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
    #[serde(serialize_with = "serialize_optional_colour")]
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

    /// Reads a TRF round block: the outcome for scoring (a forfeit win and the byes `F`, `U`
    /// count as wins, `H` as a draw, the rest as losses), and whether the game was played over
    /// the board (opponent, colour and a non-forfeit result: only those count as meetings and
    /// for colours, C.04.1), and whether the player took part in the pairing at all (an
    /// opponent, a forfeit win or the pairing-allocated bye).
    pub fn from_trf(e: &crate::formats::trf::RoundEntry) -> Self {
        use ResultCode as R;
        let colour = match e.colour {
            TrfColour::White => Some(Color::White),
            TrfColour::Black => Some(Color::Black),
            TrfColour::None => None,
        };
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
    #[serde(serialize_with = "serialize_colour")]
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

impl PairingInput {
    /// Builds the input for the next round of a TRF file (TRF-16 with the TRF(x) extensions
    /// `XXR`, `XXC`, `XXP`, bbp's `BBx` point values).
    ///
    /// # Errors
    /// [`PairingError::InvalidInput`] when `XXR` is missing.
    pub fn from_trf(trf: &Trf) -> Result<Self, PairingError> {
        let total_rounds = trf
            .total_rounds()
            .ok_or_else(|| PairingError::InvalidInput {
                tpn: 0,
                reason: "the total number of rounds (XXR) is missing".into(),
            })?;
        let played = trf.completed_rounds();
        let scoring = trf.scoring();
        let points = PointSystem {
            win: tenths(scoring.win),
            draw: tenths(scoring.draw),
            loss: tenths(scoring.loss),
            zero_point_bye: tenths(scoring.zero_point_bye),
            forfeit_loss: tenths(scoring.forfeit_loss),
            pairing_allocated_bye: tenths(scoring.pairing_allocated_bye),
        };
        let initial_colour = match trf.initial_colour() {
            Some(InitialColour::Black) => Color::Black,
            _ => Color::White,
        };
        let mut players: Vec<PlayerInput> = trf
            .players()
            .map(|p| {
                let history: Vec<RoundRecord> = p
                    .rounds
                    .iter()
                    .take(played)
                    .map(RoundRecord::from_trf)
                    .collect();
                let preset = p
                    .round(played + 1)
                    .filter(|e| !e.is_empty())
                    .map(RoundRecord::from_trf);
                PlayerInput {
                    tpn: u32::from(p.tpn),
                    rating: p.rating.map_or(0, u32::from),
                    history,
                    preset,
                    claimed_points: Some(tenths(p.points)),
                }
            })
            .collect();
        players.sort_by_key(|p| p.tpn);
        Ok(PairingInput {
            total_rounds,
            played_rounds: played as u32,
            initial_colour,
            points,
            players,
            forbidden_pairs: trf
                .forbidden_pairs()
                .into_iter()
                .map(|g| g.into_iter().map(u32::from).collect())
                .collect(),
        })
    }
}
