//! The recogniser's reading of the hand: a clock press that waits for the move's last square,
//! the move shown last taken when play goes on from it, an exchange that looks like pieces
//! lifted, a move committed by the stability rule replaced by the one the same hand goes on
//! to make, and the touched piece (Laws 4.3).

use shakmaty::{Board, Chess, Color, Move, Position};

use super::{BoardEventKind, Recogniser, two_ply_of};
use crate::board::habits;
use crate::board::placement::Snapshot;
use crate::board::progress::{Candidate, Moves, Seen};

/// A clock press while the board showed a move still being made (the board's scan reports the
/// last square after the press): judged when the move is complete, or when play goes on.
#[derive(Clone, Debug)]
pub(super) struct Deferred {
    pub(super) side: Color,
    pub(super) line: usize,
    pub(super) t: Option<f64>,
    pub(super) board: Board,
}

/// A move committed by the stability rule while the hand may not have finished (a rook put on
/// its square in castling rook first, a piece slid over squares): until the next move it is
/// replaced by the move the hand goes on to make from the same position.
#[derive(Clone, Debug)]
pub(super) struct Provisional {
    /// The position it was made in.
    pub(super) before: Chess,
    /// The move.
    pub(super) mv: Move,
    /// The number of events before its own.
    pub(super) events: usize,
}

/// The last complete position the board showed since the official one: a legal move (or two
/// plies, an exchange that leaves a part of the position it started from), with the line and
/// time it showed it: the move made, once play goes on from it.
#[derive(Clone, Debug)]
pub(super) struct Reached {
    /// One ply, or two.
    pub(super) moves: Vec<Move>,
    pub(super) line: usize,
    pub(super) t: Option<f64>,
    /// The placement it leads to.
    pub(super) target: Board,
    /// The legal moves after it, once asked for.
    pub(super) next: Option<Box<Moves>>,
}

impl Reached {
    pub(super) fn new(moves: Vec<Move>, target: Board, line: usize, t: Option<f64>) -> Reached {
        Reached {
            moves,
            line,
            t,
            target,
            next: None,
        }
    }

    /// The position after it, from `pos`.
    fn after(&self, pos: &Chess) -> Chess {
        let mut after = pos.clone();
        for m in &self.moves {
            after.play_unchecked(*m);
        }
        after
    }

    /// The legal moves after it.
    pub(super) fn next(&mut self, pos: &Chess) -> &Moves {
        if self.next.is_none() {
            self.next = Some(Box::new(Moves::of(&self.after(pos))));
        }
        self.next
            .as_deref()
            .unwrap_or_else(|| unreachable!("set above"))
    }
}

impl Recogniser {
    pub(super) fn clock_press(&mut self, side: Color, snap: &Snapshot) {
        let Some(board) = self.current.clone() else {
            return;
        };
        // A second press while the first waits: the first one's placement is judged now.
        if let Some(d) = self.deferred.take() {
            self.judge(d.board, d.line, d.t);
        }
        self.judged = true;
        if let Some(irr) = &self.irregular {
            if board != irr.board {
                self.judge(board, snap.line, snap.t);
            }
            return;
        }
        // A press after a gap: the board as it stands is what was played meanwhile.
        if self.gap_open(&board) {
            self.settle(board.clone(), snap.line, snap.t);
        }
        match self.moves.seen(&board) {
            Seen::Same => {
                if side == self.pos.turn() {
                    self.emit(snap.line, snap.t, BoardEventKind::ClockWithoutMove { side });
                }
            }
            Seen::InHand | Seen::OnTheWay => {
                self.deferred = Some(Deferred {
                    side,
                    line: snap.line,
                    t: snap.t,
                    board,
                });
            }
            Seen::Target(_) | Seen::Other => self.judge(board, snap.line, snap.t),
        }
    }

    /// A press waiting for its move, and the board changed to `board`: the move completed
    /// (committed), still being made (waits on), put back (a press without a move, 7.5.3),
    /// or play going on (the move the board showed last is taken, else the pressed
    /// placement is judged). True when `board` needs nothing more.
    pub(super) fn resolve_deferred(
        &mut self,
        d: Deferred,
        board: &Board,
        line: usize,
        t: Option<f64>,
    ) -> bool {
        match self.moves.seen(board) {
            Seen::Target(i) => {
                let m = self.moves.list[i].mv;
                self.commit(m, line, t, None);
                true
            }
            Seen::InHand | Seen::OnTheWay => {
                self.deferred = Some(d);
                false
            }
            Seen::Same => {
                // Pressed holding his own piece, then put it back: a press without a move
                // (7.5.3); pressed with anything else off its square: that was his act.
                if habits::own_piece_in_hand(&d.board, self.pos.board(), self.pos.turn()) {
                    if d.side == self.pos.turn() {
                        self.emit(
                            d.line,
                            d.t,
                            BoardEventKind::ClockWithoutMove { side: d.side },
                        );
                    }
                    return true;
                }
                self.judge(d.board, d.line, d.t);
                false
            }
            Seen::Other => {
                if !self.go_on(board) {
                    self.judge(d.board, d.line, d.t);
                }
                false
            }
        }
    }

    /// The move the board showed last ([`Reached`]) is made: `board`, which the official
    /// position does not explain, shows play going on from it (the other player's pieces, or
    /// a placement the position after it explains). Commits it; true when it did.
    pub(super) fn go_on(&mut self, board: &Board) -> bool {
        let Some(mut r) = self.reached.take() else {
            return false;
        };
        let mover = self.pos.turn() ^ (r.moves.len() == 2);
        let goes_on = r.next(&self.pos).seen(board).explained()
            || habits::other_side_acted(&r.target, board, mover);
        if !goes_on {
            self.reached = Some(r);
            return false;
        }
        self.commit_reached(r);
        true
    }

    /// Commits the move (or two plies) the board showed last.
    pub(super) fn commit_reached(&mut self, r: Reached) {
        let next = r.next.map(|b| *b);
        match r.moves.as_slice() {
            [m] => self.commit(*m, r.line, r.t, next),
            [m1, m2] => {
                self.commit_as(*m1, r.line, r.t, true, None);
                self.commit(*m2, r.line, r.t, next);
            }
            _ => {}
        }
    }

    /// Two plies that leave a part of the position they started from: an exchange on one
    /// square whose recapturing piece is the piece first taken there (`board` has exactly one
    /// piece of each side less). The two plies, when they lead to `board`.
    pub(super) fn exchange(&mut self, board: &Board) -> Option<Vec<Move>> {
        let gone = crate::board::progress::changed(self.pos.board(), board);
        let pos = &self.pos;
        let one_each = gone.count() == 2
            && (gone & pos.board().white()).count() == 1
            && (gone & pos.board().black()).count() == 1;
        if !one_each {
            return None;
        }
        let two = self.two_ply.get_or_insert_with(|| two_ply_of(pos));
        two.get(board).map(|&(m1, m2)| vec![m1, m2])
    }

    /// The move committed by the stability rule ([`Provisional`]) was not the hand's last:
    /// `board`, which the official position does not explain, shows the same player going on
    /// to another legal move from the same position, one the committed move's placement is on
    /// the way of. The committed move is taken out of the events (no other event came after
    /// it but touches) and the other one committed, or awaited. True when it did.
    pub(super) fn revise(&mut self, board: &Board, line: usize, t: Option<f64>) -> bool {
        let Some(p) = self.provisional.clone() else {
            return false;
        };
        let quiet = self.events[p.events + 1..]
            .iter()
            .all(|e| matches!(e.kind, BoardEventKind::Touch { .. }));
        if !quiet || self.history.last().is_none_or(|h| *h != p.before) {
            return false;
        }
        let before = Moves::of(&p.before);
        let shown = self.pos.board().clone();
        let goes_on = |c: &Candidate| {
            c.mv != p.mv && before.on_the_way_of(c, &shown) && before.on_the_way_of(c, board)
        };
        let seen = before.seen(board);
        let target = match seen {
            Seen::Target(i) if goes_on(&before.list[i]) => Some(before.list[i].mv),
            Seen::OnTheWay if before.list.iter().any(goes_on) => None,
            _ => return false,
        };
        self.events.truncate(p.events);
        self.history.pop();
        self.pos = p.before;
        self.moves = before;
        self.two_ply = None;
        self.provisional = None;
        self.reached = None;
        self.pending = None;
        self.touched = true;
        self.revisions += 1;
        self.revised_at = p.events;
        if let Some(m) = target {
            let before = self.pos.clone();
            let events = self.events.len();
            self.commit(m, line, t, None);
            self.provisional = Some(Provisional {
                before,
                mv: m,
                events,
            });
        }
        true
    }

    /// The first own piece the player on move lifts (Laws 4.3); his king's lift waits until
    /// it is not the result signal.
    pub(super) fn check_touch(&mut self, board: &Board, line: usize, t: Option<f64>) {
        if self.touched || self.irregular.is_some() {
            return;
        }
        let side = self.pos.turn();
        if let Some(square) = habits::lifted(self.pos.board(), board, side) {
            self.touched = true;
            if self.pos.board().role_at(square) == Some(shakmaty::Role::King) {
                self.king_touch = Some((square, line, t));
            } else {
                self.emit(line, t, BoardEventKind::Touch { side, square });
            }
        }
    }
}
