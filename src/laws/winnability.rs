//! Can a side still checkmate by any series of legal moves? The one question behind dead
//! position (Laws 5.2.2, both sides), flag-fall (6.9) and the second illegal move (7.5.5)
//! (one side each).
//!
//! (Owned by the adjudication work, issue 3; this first version is the material test only.)

use shakmaty::{Chess, Color, Move, Position};

/// The answer to "can `side` checkmate by some series of legal moves?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winnability {
    /// Yes; `helpmate` is a legal line (from the given position) ending in mate by `side`
    /// (may be empty when the proof did not produce a line).
    Winnable { helpmate: Vec<Move> },
    /// Proved impossible: `side` can never checkmate (sound, never a guess).
    Unwinnable,
    /// The analysis could not decide within its budget.
    Undetermined,
}

/// Decides whether `side` can still checkmate from `pos` (Laws 5.2.2 / 6.9 / 7.5.5).
///
/// Never answers [`Winnability::Unwinnable`] without proof.
pub fn can_mate(pos: &Chess, side: Color) -> Winnability {
    if pos.has_insufficient_material(side) {
        Winnability::Unwinnable
    } else {
        Winnability::Undetermined
    }
}
