//! Where a game of an event is played: its group, round and board ([`BoardKey`]), as the
//! event's record names a board and the live room follows one. Plain data, so that the live
//! room (which knows no event) and the event's record name a board by the same type.

use serde::{Deserialize, Serialize};

/// A board of the event as the live room follows it: the group (0 the first; the desk's
/// `?group=N`), the round and the board number. The live room is the event's (one LiveChess
/// serves the whole hall), so every e-board, play-out and incident names its board by this.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct BoardKey {
    /// The group, from 0 (records written before groups read as the first's).
    #[serde(default, skip_serializing_if = "is_first_group")]
    pub group: usize,
    /// The round.
    pub round: u32,
    /// The board number in that round.
    pub board: u32,
}

impl BoardKey {
    /// Board `board` of round `round` of group `group`.
    pub fn new(group: usize, round: u32, board: u32) -> BoardKey {
        BoardKey {
            group,
            round,
            board,
        }
    }
}

impl std::fmt::Display for BoardKey {
    /// `round/board`, with `group+1:` before it for a group but the first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.group > 0 {
            write!(f, "{}:", self.group + 1)?;
        }
        write!(f, "{}/{}", self.round, self.board)
    }
}

/// Whether a group index is the first group's (left out of the record: serde's
/// `skip_serializing_if` passes it by reference).
#[allow(clippy::trivially_copy_pass_by_ref)]
pub fn is_first_group(group: &usize) -> bool {
    *group == 0
}
