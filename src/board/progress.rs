//! What a placement shows of a move being made: the legal moves of a position with the
//! placement each leads to and the placements on its way, in any order a board reports a move
//! in (docs/eboards.md, "The orders of a move"; [`super::simulate::Order`]).
//!
//! A placement *on the way* of a legal move differs from the position's placement only on the
//! move's squares, each holding what stood there before, what stands there after, or nothing
//! (a piece in the air); besides, the moving piece may stand on a square it slides over, the
//! pawn on its promotion square before it is exchanged, and a piece next to the move's squares
//! may be in the air (knocked over by the hand, about to be set back). Such a placement
//! becomes the move within the next few changes; it is never an illegal act by itself, only
//! if it stays. A placement with pieces lifted and nothing else is *in the hand*, whatever
//! the pieces.

use std::collections::HashMap;

use shakmaty::{Bitboard, Board, Chess, Color, Move, Piece, Position, Role, Square, attacks};

/// A legal move with what the board shows when it is made.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// The placement after it.
    pub target: Board,
    /// The squares whose content it changes.
    changed: Bitboard,
    /// The empty squares the moving piece passes (a slide).
    path: Bitboard,
    /// The moving piece.
    piece: Piece,
    /// The promotion square, where the pawn may stand before it is exchanged.
    promotion: Option<Square>,
    /// Where a piece may be in the air while it is made: its squares and the squares next to
    /// them or to its path (a piece knocked over by the hand).
    near: Bitboard,
}

/// What a placement shows, seen from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The position's own placement: nothing happened, or a piece was put back.
    Same,
    /// The placement a legal move leads to (its index in [`Moves::list`]).
    Target(usize),
    /// The position's placement with pieces lifted, nothing else.
    InHand,
    /// A placement on the way of at least one legal move (module docs), not in the hand.
    OnTheWay,
    /// None of the above: no legal move explains it.
    Other,
}

impl Seen {
    /// True when a legal move explains the placement (done, on its way, or not begun).
    pub fn explained(self) -> bool {
        self != Seen::Other
    }
}

/// The legal moves of a position, by the placement each leads to.
#[derive(Clone, Debug)]
pub struct Moves {
    board: Board,
    turn: Color,
    /// Every legal move, in shakmaty's order.
    pub list: Vec<Candidate>,
    by_target: HashMap<Board, usize>,
}

/// The squares whose content differs.
pub fn changed(a: &Board, b: &Board) -> Bitboard {
    let mut out = (a.white() ^ b.white()) | (a.black() ^ b.black());
    for r in Role::ALL {
        out |= a.by_role(r) ^ b.by_role(r);
    }
    out
}

impl Moves {
    /// The legal moves of `pos`.
    pub fn of(pos: &Chess) -> Moves {
        let board = pos.board().clone();
        let list: Vec<Candidate> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                let target = after.board().clone();
                let piece = Piece {
                    color: pos.turn(),
                    role: m.role(),
                };
                let path = match m {
                    Move::Normal { role, from, to, .. } if role != Role::Knight => {
                        attacks::between(from, to) & !board.occupied()
                    }
                    _ => Bitboard::EMPTY,
                };
                let promotion = m.is_promotion().then(|| m.to());
                let changed = changed(&board, &target);
                let near = (changed | path)
                    .into_iter()
                    .fold(changed | path, |b, sq| b | attacks::king_attacks(sq));
                Candidate {
                    mv: m,
                    changed,
                    target,
                    path,
                    piece,
                    promotion,
                    near,
                }
            })
            .collect();
        let by_target = list
            .iter()
            .enumerate()
            .map(|(i, c)| (c.target.clone(), i))
            .collect();
        Moves {
            board,
            turn: pos.turn(),
            list,
            by_target,
        }
    }

    /// The position's placement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The legal move leading to `seen`, if one does.
    pub fn target(&self, seen: &Board) -> Option<&Candidate> {
        self.by_target.get(seen).map(|&i| &self.list[i])
    }

    /// What `seen` shows from this position.
    pub fn seen(&self, seen: &Board) -> Seen {
        if *seen == self.board {
            return Seen::Same;
        }
        if let Some(&i) = self.by_target.get(seen) {
            return Seen::Target(i);
        }
        let diff = changed(&self.board, seen);
        let placed = diff & seen.occupied();
        if placed.is_empty() {
            return Seen::InHand;
        }
        let lifted = diff & !seen.occupied();
        if self
            .list
            .iter()
            .any(|c| on_the_way(c, seen, placed, lifted))
        {
            Seen::OnTheWay
        } else {
            Seen::Other
        }
    }

    /// True when `seen` is on the way of `c` (module docs) or is its target.
    pub fn on_the_way_of(&self, c: &Candidate, seen: &Board) -> bool {
        let diff = changed(&self.board, seen);
        on_the_way(c, seen, diff & seen.occupied(), diff & !seen.occupied())
    }
}

/// True when every square of `placed` (where `seen` has a piece the position has not) holds
/// what the move puts there, the moving piece on its way, or the pawn on its promotion square,
/// and every square of `lifted` (emptied) is near the move.
fn on_the_way(c: &Candidate, seen: &Board, placed: Bitboard, lifted: Bitboard) -> bool {
    (lifted & !c.near).is_empty()
        && placed.into_iter().all(|sq| {
            let p = seen.piece_at(sq);
            (c.changed.contains(sq) && c.target.piece_at(sq) == p)
                || (c.path.contains(sq) && p == Some(c.piece))
                || (c.promotion == Some(sq) && p == Some(c.piece))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn the_ways_of_a_move() {
        let start = Moves::of(&Chess::default());
        assert_eq!(start.seen(&Board::new()), Seen::Same);
        // The pawn's new square before its old one is emptied (the board's scan order).
        let both = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(start.seen(&both), Seen::OnTheWay);
        let e4 = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        assert!(matches!(start.seen(&e4), Seen::Target(_)));
        // The pawn in the air, and a knight knocked over besides.
        let held = board("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/R1BQKBNR");
        assert_eq!(start.seen(&held), Seen::InHand);
        // Slid over e3 on its way to e4.
        let e3 = board("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR");
        assert!(matches!(start.seen(&e3), Seen::Target(_)));
        // A knight on d3: no legal move puts it there.
        let d3 = board("rnbqkbnr/pppppppp/8/8/8/3N4/PPPPPPPP/R1BQKBNR");
        assert_eq!(start.seen(&d3), Seen::Other);
        // En passant, the pawn put on d6 before the pawn taken is lifted.
        let pos: Chess = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let ep = Moves::of(&pos);
        let placed = board("rnbqkbnr/ppp1pppp/3P4/3p4/8/8/PPPP1PPP/RNBQKBNR");
        assert_eq!(ep.seen(&placed), Seen::OnTheWay);
    }
}
