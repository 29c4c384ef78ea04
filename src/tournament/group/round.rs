//! A round: its games ([`Game`], each with its [`BoardResult`]) and byes ([`Bye`] of a
//! [`ByeKind`]), and a reference to one of its games ([`GameRef`]).

use crate::tournament::result::{BoardResult, RoundResult};

/// A pairing of a round.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    /// Board number, from 1.
    pub board: u32,
    /// White's starting rank.
    pub white: u16,
    /// Black's starting rank.
    pub black: u16,
    /// The result, once recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<BoardResult>,
    /// The game was played but not rated (TRF `W D L`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
    /// The colours are not known (a TRF forfeit written with colour `-`); `white` is then the
    /// lower starting rank.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub colours_unknown: bool,
    /// Where the result came from when a judge's verdict gave it: the verdict's result, the
    /// result the players reported and whether the board agreed (CR 4.2), and the arbiter's
    /// decision when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<JudgedResult>,
    /// The play-out adjudication that decided the board (CR 4.3), when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicated: Option<AdjudicatedResult>,
    /// The results recorded on the board before and replaced since, oldest first, each with
    /// how it had been decided and what replaced it, when and by whom (a board's history).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaced: Vec<crate::tournament::group::history::ReplacedResult>,
}

impl Game {
    /// How the recorded result was decided, for the record and the round page: by the judge
    /// (an event log or PGN judged), by adjudication (CR 4.3), by forfeit (CR 4.4), by the
    /// arbiter overriding the judge or the adjudication with a reason, or as the players or
    /// the arbiter typed it. `None` while the board has no result.
    pub fn decided_by(&self) -> Option<DecidedBy> {
        let result = self.result?;
        let overridden = self
            .judged
            .as_ref()
            .and_then(|j| j.override_reason.as_ref())
            .or(self
                .adjudicated
                .as_ref()
                .and_then(|a| a.override_reason.as_ref()));
        Some(if overridden.is_some() {
            DecidedBy::Override
        } else if self.adjudicated.is_some() {
            DecidedBy::Adjudication
        } else if self.judged.is_some() {
            DecidedBy::Judge
        } else if result.is_forfeit() {
            DecidedBy::Forfeit
        } else {
            DecidedBy::Reported
        })
    }
}

/// How a board's result was decided ([`Game::decided_by`]); JSON snake_case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// Typed as the players reported it (or as the arbiter entered it).
    Reported,
    /// The judge's verdict on the game's record (event log, PGN, board log).
    Judge,
    /// The play-out adjudication of the final position (CR 4.3).
    Adjudication,
    /// A forfeit (CR 4.4: no show, refusal), typed as `+-`, `-+` or `--`.
    Forfeit,
    /// The arbiter recorded a result other than the judge's or the adjudication's, with a
    /// reason kept in the record.
    Override,
}

/// A play-out adjudication (CR 4.3) kept with the board it decided: the position, what the
/// adjudication found and the arbiter's reason when he recorded another result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AdjudicatedResult {
    /// The position adjudicated, as FEN.
    pub fen: String,
    /// The adjudication's result; `None` when it handed the position to the arbiter
    /// (`review`, the arbiter's call).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposed: Option<BoardResult>,
    /// The rule that decided, as the adjudication's JSON names it (`material`,
    /// `checkmate`, `pawn_ending`, …).
    #[serde(default)]
    pub basis: String,
    /// The rules tried and what each found, one line each (the adjudication's reasons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<String>,
    /// The arbiter's reason for recording a result other than `proposed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub override_reason: Option<String>,
}

/// A result taken from a verdict of the judge (`arbiter judge`), kept beside the result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JudgedResult {
    /// The verdict's result (the judge's reading of the record); `None` for an unfinished
    /// game (`*`) the arbiter decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict_result: Option<BoardResult>,
    /// The result the players reported, when they reported one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported: Option<String>,
    /// False when the reported result disagrees with the board (CR 4.2).
    pub agrees: bool,
    /// The arbiter's decision on a disagreeing report (the result recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<BoardResult>,
    /// What the judge found against the players' report (`reported_ending_not_on_board`,
    /// …; CR 4.2), when it disagreed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discrepancies: Vec<String>,
    /// The arbiter's reason for recording a result other than the verdict's; required then
    /// ([`crate::tournament::Tournament::record_judged`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub override_reason: Option<String>,
    /// Proven cheating incidents of White in this game, from the verdict's conduct findings
    /// (CR 2.2); counted across the event.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cheating_white: u32,
    /// Proven cheating incidents of Black in this game (CR 2.2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cheating_black: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A manual pairing the arbiter forced past the checks (a rematch, a present player left
/// out): recorded with his reason (FIDE's endorsement checklist asks for a warning).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ForcedPairing {
    /// The arbiter's reason.
    pub reason: String,
    /// What the checks refused.
    pub problems: Vec<String>,
}

/// The kinds of bye TRF knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// The pairing-allocated bye, "+", 1 point (CR 1.3; TRF `U`).
    PairingAllocated,
    /// Requested half-point bye (TRF `H`).
    HalfPoint,
    /// Full-point bye other than the pairing-allocated one (TRF `F`).
    FullPoint,
    /// Zero-point bye: absent, not paired (TRF `Z`).
    ZeroPoint,
}

impl ByeKind {
    /// The bye's label in `lang` (`half-point`, `pairing-allocated`, …), for text output.
    pub fn label(self, lang: crate::i18n::Lang) -> String {
        lang.msg(match self {
            ByeKind::PairingAllocated => "bye-pab",
            ByeKind::HalfPoint => "bye-half",
            ByeKind::FullPoint => "bye-full",
            ByeKind::ZeroPoint => "bye-zero",
        })
    }

    /// The bye as a round result (`U`, `H`, `F`, `Z`; C.04 Annex 2).
    pub fn round_result(self) -> RoundResult {
        match self {
            ByeKind::PairingAllocated => RoundResult::PairingAllocatedBye,
            ByeKind::HalfPoint => RoundResult::HalfPointBye,
            ByeKind::FullPoint => RoundResult::FullPointBye,
            ByeKind::ZeroPoint => RoundResult::ZeroPointBye,
        }
    }

    /// Parses `pab`/`U`, `half`/`H`, `full`/`F`, `zero`/`Z`/`absent` and the snake_case names
    /// (surrounding spaces ignored); `None` for anything else.
    pub fn parse(text: &str) -> Option<ByeKind> {
        Some(match text.trim() {
            "U" | "u" | "pab" | "pairing_allocated" => ByeKind::PairingAllocated,
            "H" | "h" | "half" | "half_point" => ByeKind::HalfPoint,
            "F" | "f" | "full" | "full_point" => ByeKind::FullPoint,
            "Z" | "z" | "zero" | "zero_point" | "absent" => ByeKind::ZeroPoint,
            _ => return None,
        })
    }
}

/// A bye or absence in a round.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bye {
    /// Starting rank.
    pub player: u16,
    /// Which bye.
    pub kind: ByeKind,
}

/// One round: its pairings and byes. A round with byes only is a round not yet paired whose
/// requested byes / absences are already known (TRF(x): the pre-set block of the round being
/// paired).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    /// 1-based round number.
    pub number: u32,
    /// Games by board.
    #[serde(default)]
    pub games: Vec<Game>,
    /// Byes and absences.
    #[serde(default)]
    pub byes: Vec<Bye>,
    /// Set when the arbiter forced a manual pairing past its checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<ForcedPairing>,
    /// The pairer's explanation of the round (floaters, colours, the bye; C.04.3) when the
    /// Dutch pairer paired it, kept for the round page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<crate::tournament::pairing::Explanation>,
}

/// Reference to a game of a round: by board, or by the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRef {
    /// Board number.
    Board(u32),
    /// Starting ranks of the two players, in either order.
    Players(u16, u16),
}

impl std::fmt::Display for GameRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameRef::Board(b) => write!(f, "on board {b}"),
            GameRef::Players(a, b) => write!(f, "between {a} and {b}"),
        }
    }
}
