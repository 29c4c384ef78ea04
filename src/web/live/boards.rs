//! The event's boards as the live room follows them: the state file's assignments (of every
//! group), the boards whose play-out is over, and a round's boards as the event knows them.

use std::collections::BTreeMap;

use crate::board::room::{BoardKey, BoardOfRound};
use crate::tournament::live::LiveSetup;
use crate::tournament::{GameRef, Tournament};

/// The state file's assignments as the room follows them, `serialnr → board` (of every group:
/// the live room is the event's).
pub(crate) fn assignments(setup: &LiveSetup) -> BTreeMap<String, BoardKey> {
    setup
        .eboards
        .iter()
        .map(|a| (a.serialnr.clone(), a.at()))
        .collect()
}

/// The boards of `t`, group `group` of its event, whose play-out (CR 4.3) is over at `now_ms`
/// and which have no result yet.
pub(crate) fn playouts_over(t: &Tournament, group: usize, now_ms: u64) -> Vec<BoardKey> {
    t.live
        .playouts
        .iter()
        .filter(|p| p.group == group && p.ends_ms() <= now_ms)
        .filter(|p| {
            t.board_of(p.round, GameRef::Board(p.board))
                .is_ok_and(|g| g.result.is_none())
        })
        .map(crate::tournament::live::Playout::at)
        .collect()
}

/// The boards of round `round` of `t`, group `group` of its event, as the event knows them at
/// `now_ms`, for [`LiveRoom::round_view`]: players, result, the e-board assigned, the
/// play-out's seconds left.
pub(crate) fn round_boards(
    t: &Tournament,
    group: usize,
    round: u32,
    now_ms: u64,
) -> Vec<BoardOfRound> {
    let Some(r) = t.round(round) else {
        return Vec::new();
    };
    r.games
        .iter()
        .map(|g| BoardOfRound {
            board: g.board,
            white: g.white,
            black: g.black,
            result: g.result.map(|r| r.notation().to_string()),
            serialnr: t
                .live
                .eboard_of(BoardKey::new(group, round, g.board))
                .map(str::to_string),
            playout_remaining_s: t
                .live
                .playout(BoardKey::new(group, round, g.board))
                .filter(|_| g.result.is_none())
                .map(|p| p.remaining_s(now_ms)),
        })
        .collect()
}
