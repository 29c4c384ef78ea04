//! The recogniser after an illegal act: the board stands in the position the act left, and
//! what follows is judged against it — the position before it put back (7.5.1), a legal move
//! from it replacing the illegal one, the opponent's legal reply from the board as it stands
//! (played on, CR 3.5), or a further act.

use std::collections::HashMap;

use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Setup,
};

use super::{BoardEventKind, Pending, Recogniser};
use crate::board::diff::{classify_act, one_piece_moved};
use crate::board::habits;

/// The board standing in the position left by an illegal act.
#[derive(Clone, Debug)]
pub(super) struct Irregular {
    /// The official position before the act.
    pub(super) before: Chess,
    /// What stands on the board.
    pub(super) board: Board,
    /// The board as a position with the opponent on move, and its legal moves' placements,
    /// when shakmaty accepts it.
    pub(super) played_on: Option<(Chess, HashMap<Board, Move>)>,
    /// Who made the last act on the irregular board.
    pub(super) mover: Color,
    /// Acts since `before`: the illegal act and any irregular moves after it.
    pub(super) acts: usize,
}

pub(super) fn targets_of(pos: &Chess) -> HashMap<Board, Move> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            (after.board().clone(), m)
        })
        .collect()
}

/// The board left by an illegal act, as a position with `turn` on move: castling rights kept
/// where king and rook still stand, no en passant. `None` when shakmaty refuses it (a king in
/// check with the other side on move, a pawn on the back rank…).
pub(super) fn position_from(board: &Board, before: &Chess, turn: Color) -> Option<Chess> {
    let mut setup: Setup = before.to_setup(EnPassantMode::Legal);
    setup.board = board.clone();
    setup.turn = turn;
    setup.ep_square = None;
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(p) => Some(p),
        Err(e) => e.ignore_invalid_castling_rights().ok(),
    }
}

impl Recogniser {
    /// After an illegal act: the placement the board should show, and the side expected to act
    /// on it.
    pub(super) fn reference(&self) -> (&Board, Color) {
        match &self.irregular {
            Some(irr) => (&irr.board, !irr.mover),
            None => (self.pos.board(), self.pos.turn()),
        }
    }

    /// After an illegal act, a placement the stability rule never judges: a piece in the hand
    /// on the board the act left, or the result signal being made.
    pub(super) fn held_back_irregular(&self, board: &Board) -> bool {
        let (reference, _) = self.reference();
        if habits::signal_in_progress(reference, board) {
            return !self.is_target_irregular(board);
        }
        habits::in_hand(board, reference)
    }

    /// After an illegal act: true when `board` shows a legal move from the board it left.
    pub(super) fn is_target_irregular(&self, board: &Board) -> bool {
        self.irregular.as_ref().is_some_and(|irr| {
            irr.played_on
                .as_ref()
                .is_some_and(|(_, map)| map.contains_key(board))
        })
    }

    /// After an illegal act, a new placement: play going on from the last complete one is
    /// judged, and the new one kept as complete or as a piece in the hand.
    pub(super) fn change_irregular(&mut self, board: &Board, line: usize, t: Option<f64>) {
        if !self.clock_mode
            && let Some(p) = self.pending.clone()
            && habits::other_side_acted(&p.board, board, p.mover)
            && !self.is_target_irregular(board)
            && (self.is_target_irregular(&p.board)
                || one_piece_moved(self.reference().0, &p.board).is_some())
        {
            self.pending = None;
            self.judge(p.board, p.line, p.t);
            if self.irregular.is_none() {
                self.change(board, line, t);
                return;
            }
        }
        let (reference, turn) = self.reference();
        if habits::in_hand(board, reference) {
            self.last_in_hand = Some((board.clone(), line, t));
        } else if board == reference {
            self.pending = None;
            self.last_in_hand = None;
        } else {
            // A king on its way to the centre is the result signal being made; pieces lifted
            // from a pending placement leave it pending (the next player may be starting a
            // capture).
            let signal =
                habits::signal_in_progress(reference, board) && !self.is_target_irregular(board);
            let lifted_from_pending = self
                .pending
                .as_ref()
                .is_some_and(|p| habits::in_hand(board, &p.board));
            if !signal && !lifted_from_pending {
                let mover = habits::author(reference, board, turn);
                self.pending = Some(Pending {
                    board: board.clone(),
                    line,
                    t,
                    mover,
                });
            }
        }
    }

    pub(super) fn illegal(&mut self, before: Chess, board: Board, line: usize, t: Option<f64>) {
        let act = classify_act(&before, &board);
        let played_on = position_from(&board, &before, !act.side).map(|p| {
            let map = targets_of(&p);
            (p, map)
        });
        let squares = (before.board().occupied() | board.occupied())
            .into_iter()
            .filter(|&sq| before.board().piece_at(sq) != board.piece_at(sq))
            .collect();
        self.emit(
            line,
            t,
            BoardEventKind::Illegal {
                act,
                squares,
                placement: board.clone(),
            },
        );
        self.reached = None;
        self.provisional = None;
        self.deferred = None;
        self.irregular = Some(Irregular {
            before,
            board,
            played_on,
            mover: act.side,
            acts: 1,
        });
    }

    pub(super) fn judge_irregular(
        &mut self,
        irr: Irregular,
        board: Board,
        line: usize,
        t: Option<f64>,
    ) {
        if board == irr.board {
            return;
        }
        let restored = BoardEventKind::Restored { acts: irr.acts };
        if board == *irr.before.board() {
            self.irregular = None;
            self.emit(line, t, restored);
            self.after_change(line, t);
            return;
        }
        if let Some(c) = self.moves.target(&board) {
            let m = c.mv;
            self.irregular = None;
            self.emit(line, t, restored);
            self.commit(m, line, t, None);
            return;
        }
        if let Some((p, map)) = &irr.played_on
            && let Some(m) = map.get(&board).cloned()
        {
            self.irregular = None;
            self.history.push(self.pos.clone());
            self.set_position(p.clone());
            self.commit(m, line, t, None);
            return;
        }
        if let Some((physical, piece)) = one_piece_moved(&irr.board, &board)
            && piece.color != irr.mover
        {
            self.emit(
                line,
                t,
                BoardEventKind::IrregularMove {
                    side: piece.color,
                    physical,
                },
            );
            let played_on = position_from(&board, &irr.before, irr.mover).map(|p| {
                let map = targets_of(&p);
                (p, map)
            });
            self.irregular = Some(Irregular {
                played_on,
                mover: piece.color,
                acts: irr.acts + 1,
                board,
                before: irr.before,
            });
            return;
        }
        // A further act on the board the first one left is judged against that board: the
        // first act was reported already and is not reported again inside this one. Undoing
        // them still goes back to the position before the first.
        if let Some((p, _)) = &irr.played_on {
            let p = p.clone();
            self.illegal(p, board, line, t);
            if let Some(now) = &mut self.irregular {
                now.before = irr.before;
                now.acts = irr.acts + 1;
            }
            return;
        }
        self.illegal(irr.before, board, line, t);
    }
}
