//! A followed board as it stood at a moment: what the public view shows the event's delay late
//! (each move stamped with the moment the room judged it and the placement the board showed).

use serde::Serialize;

use super::LiveRoom;

/// When a move was judged (ms since the Unix epoch, the caller's clock) and the placement the
/// board showed then (FEN piece placement).
#[derive(Clone, Debug)]
pub(super) struct MoveSeen {
    pub(super) at_ms: u64,
    pub(super) placement: Option<Box<str>>,
}

/// A followed board as it stood at a moment ([`LiveRoom::shown_until`]): what a public view
/// delayed by some minutes shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ShownBoard {
    /// The moves judged by then, SAN.
    pub moves: Vec<String>,
    /// Their plies (1 for White's first).
    pub move_plies: Vec<u32>,
    /// The placement the board showed after the last of them (the start's when none), FEN
    /// piece placement.
    pub placement: Option<String>,
    /// Moves judged since, not shown yet.
    pub held_back: usize,
}

impl LiveRoom {
    /// Board `at` as it stood at `until_ms` (ms since the Unix epoch, the
    /// clock the caller gave [`LiveRoom::push`]): the moves judged by then and the placement
    /// after the last of them. A public view delayed by `d` minutes asks for now − `d`; `None`
    /// when no e-board follows the board.
    pub fn shown_until(&self, at: super::BoardKey, until_ms: u64) -> Option<ShownBoard> {
        let (_, e) = self.on_board(at)?;
        let g = &e.game;
        // `seen` has one entry a move (`take` keeps them in step); the shorter of the lists bounds
        // what is shown all the same.
        let shown = g
            .seen
            .iter()
            .take_while(|s| s.at_ms <= until_ms)
            .count()
            .min(g.moves.len())
            .min(g.move_plies.len());
        let placement = match shown.checked_sub(1) {
            Some(last) => g.seen[last].placement.as_deref(),
            None => g.start.as_deref(),
        };
        Some(ShownBoard {
            moves: g.moves[..shown].to_vec(),
            move_plies: g.move_plies[..shown].to_vec(),
            placement: placement.map(str::to_string),
            held_back: g.moves.len() - shown,
        })
    }
}
