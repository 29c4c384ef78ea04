//! Defects of a game's record that are not illegal acts on the board (move text that cannot be
//! read, a gap in an e-board's record), part of the verdict ([`super::verdict::Verdict`]).

use serde::Serialize;

/// A defect of the written record that is not an illegal act on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordProblemKind {
    /// The SAN fits several legal moves (e.g. `Nd7` with knights on b8 and f6): the move
    /// played cannot be known, so judging stops there (never a guess). `candidates` lists them.
    AmbiguousSan,
    /// The SAN names no move any piece on the board could make, legal or not (`Nd6` with the
    /// knights on b1 and g1, `Rxa1` without a rook): the position after it cannot be known,
    /// so judging stops there.
    UnplayableSan,
    /// A main-line token the PGN reader cannot read as a move, move number, comment, NAG or
    /// result (`Zz9`, `Nf3Nc6`, `Qxf7mate`): a move may be missing there, so judging stops at
    /// the ply where it stands.
    UnreadableToken,
    /// The SAN does not name a legal move as written (wrong capture mark, superfluous or wrong
    /// disambiguation), but the piece and squares it gives make exactly one legal move, which
    /// is taken.
    InexactSan,
    /// An e-board did not show some plies (its link was down), and exactly one legal sequence
    /// leads to the board it showed after: the plies were recovered (`move` holds them in UCI).
    RecoveredPlies,
    /// An e-board did not show some plies, and they cannot be known: several legal sequences
    /// lead to the board it showed after (the first is taken, `candidates` has the others), or
    /// none of at most 8 plies does (the game goes on from that board). The judged moves there
    /// are uncertain; a reported result is never taken as agreeing with the board over it.
    BoardGap,
}

/// A defect of the record, with where it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordProblem {
    /// 0-based event index (for PGN, the mainline move index).
    pub event_index: usize,
    /// 1-based ply the move was meant as.
    pub ply: u32,
    /// The move as written.
    #[serde(rename = "move")]
    pub notation: String,
    /// What is wrong.
    pub problem: RecordProblemKind,
    /// For [`RecordProblemKind::AmbiguousSan`]: every legal move the SAN fits, in UCI
    /// (`b1d2`, `f3d2`); empty (and absent from JSON) otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
}

impl RecordProblemKind {
    /// The snake_case name, as in JSON (`ambiguous_san`).
    pub fn code(self) -> &'static str {
        match self {
            RecordProblemKind::AmbiguousSan => "ambiguous_san",
            RecordProblemKind::InexactSan => "inexact_san",
            RecordProblemKind::UnplayableSan => "unplayable_san",
            RecordProblemKind::UnreadableToken => "unreadable_token",
            RecordProblemKind::RecoveredPlies => "recovered_plies",
            RecordProblemKind::BoardGap => "board_gap",
        }
    }

    /// True when judging stops at the problem (the position after it cannot be known).
    pub fn stops_judging(self) -> bool {
        !matches!(
            self,
            RecordProblemKind::InexactSan
                | RecordProblemKind::RecoveredPlies
                | RecordProblemKind::BoardGap
        )
    }
}
