//! What the hand did, worked out from two placements when the result is no legal move
//! (laws-reference §2 and §6 step 5): the moved piece's from/to squares go to
//! [`crate::laws::illegal::classify`]; acts that are not one piece's move (a piece added or
//! removed, two pieces moved, castling / en passant / promotion left incomplete) are named here.

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Rank, Role, Square};

use crate::laws::illegal::{IllegalMove, PhysicalMove, classify};

/// An illegal act seen on the board: who did it, which kind (with its article through
/// [`IllegalMove::article`]) and, when one piece was moved, what the hand did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalAct {
    /// The player held responsible: the owner of the moved piece, or the player on move for
    /// pieces added, removed or several pieces moved.
    pub side: Color,
    /// The kind of act.
    pub kind: IllegalMove,
    /// The moved piece's from/to squares (and the piece put on the last rank), when the act is
    /// one piece's move.
    pub physical: Option<PhysicalMove>,
}

/// One square whose content changed.
#[derive(Clone, Copy, Debug)]
struct Change {
    square: Square,
    before: Option<Piece>,
    after: Option<Piece>,
}

fn last_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    }
}

/// A (from, to) pair explains a changed square pair as one piece's move: the piece that left
/// `from` stands on `to` (or, for a pawn, a piece of its colour stands on its last rank).
fn moved_pairs(changes: &[Change]) -> Vec<(Square, Square, Piece, Option<Role>)> {
    let mut pairs = Vec::new();
    for from in changes.iter().filter(|c| c.after.is_none()) {
        let Some(p) = from.before else { continue };
        for to in changes.iter().filter(|c| c.square != from.square) {
            let Some(a) = to.after else { continue };
            if to.before == Some(a) {
                continue;
            }
            if a == p {
                pairs.push((from.square, to.square, p, None));
            } else if p.role == Role::Pawn
                && a.color == p.color
                && a.role != Role::Pawn
                && to.square.rank() == last_rank(p.color)
            {
                pairs.push((from.square, to.square, p, Some(a.role)));
            }
        }
    }
    pairs
}

/// The one piece moved between two placements (nothing else changed but its from-square and
/// its to-square), with the hand's from/to; `None` for anything else.
pub(crate) fn one_piece_moved(before: &Board, after: &Board) -> Option<(PhysicalMove, Piece)> {
    let changes = changes(before, after);
    if changes.len() != 2 {
        return None;
    }
    match moved_pairs(&changes).as_slice() {
        [(from, to, piece, promotion)] => Some((
            PhysicalMove {
                from: *from,
                to: *to,
                promotion: *promotion,
            },
            *piece,
        )),
        _ => None,
    }
}

fn changes(before: &Board, after: &Board) -> Vec<Change> {
    (before.occupied() | after.occupied())
        .into_iter()
        .filter_map(|sq| {
            let (b, a) = (before.piece_at(sq), after.piece_at(sq));
            (b != a).then_some(Change {
                square: sq,
                before: b,
                after: a,
            })
        })
        .collect()
}

/// What a legal move that the board does not show completely left undone (Laws 4.7).
fn incomplete(pos: &Chess, m: &Move, after: &Board, count_delta: i32) -> IllegalMove {
    match m {
        Move::Castle { .. } => IllegalMove::IncompleteCastling,
        Move::EnPassant { .. } => IllegalMove::IncompleteEnPassant,
        _ => {
            let mut expected = pos.clone();
            expected.play_unchecked(*m);
            let want = expected.board().occupied().count() as i32;
            let have = after.occupied().count() as i32;
            if have > want || count_delta > 0 {
                IllegalMove::PieceAdded
            } else if have < want {
                IllegalMove::PieceRemoved
            } else {
                IllegalMove::TwoPiecesMoved
            }
        }
    }
}

/// Classifies the act that turned `pos`'s placement into `after`, which matches none of the
/// legal moves (the caller checked). Never panics.
///
/// One piece moved (the from/to pair is unique, or it is the king's part of a castling):
/// its owner is responsible; if he is not on move it is [`IllegalMove::OutOfTurn`] (CR 3.1),
/// otherwise [`classify`] names the article; if `classify` finds the move legal, the board
/// does not show all of it: castling, en passant or promotion left incomplete (4.7.2, 3.7.3.1,
/// 4.7.3), or pieces added / removed / moved besides it. No moved piece: a new piece on the last
/// rank beside a pawn that could promote there is an incomplete promotion (4.7.3), otherwise
/// [`IllegalMove::PieceAdded`] or [`IllegalMove::PieceRemoved`] by the piece count (CR 3.1).
/// Several moved pieces: [`IllegalMove::TwoPiecesMoved`] (3.10.2).
pub fn classify_act(pos: &Chess, after: &Board) -> IllegalAct {
    let before = pos.board();
    let us = pos.turn();
    let changes = changes(before, after);
    let count_delta = after.occupied().count() as i32 - before.occupied().count() as i32;
    let board_act = |kind| IllegalAct {
        side: us,
        kind,
        physical: None,
    };

    let pairs = moved_pairs(&changes);
    // Castling shape: the king two files along its rank, whatever the rook did.
    let castling = pairs
        .iter()
        .find(|(f, t, p, _)| p.role == Role::King && f.rank() == t.rank() && f.distance(*t) == 2);
    let pair = match (castling, pairs.as_slice()) {
        (Some(k), _) => Some(*k),
        (None, [one]) => Some(*one),
        (None, []) => None,
        (None, _) => {
            // Several explanations can come from one piece (a pawn to the last rank seen
            // twice); distinct from-squares mean distinct pieces.
            let first = pairs[0].0;
            if pairs.iter().all(|p| p.0 == first) {
                Some(pairs[0])
            } else {
                return board_act(IllegalMove::TwoPiecesMoved);
            }
        }
    };

    if let Some((from, to, piece, promotion)) = pair {
        let physical = Some(PhysicalMove {
            from,
            to,
            promotion,
        });
        if piece.color != us {
            return IllegalAct {
                side: piece.color,
                kind: IllegalMove::OutOfTurn,
                physical,
            };
        }
        let kind = match physical.as_ref().map(|pm| classify(pos, pm)) {
            Some(Err(kind)) => kind,
            Some(Ok(m)) => incomplete(pos, &m, after, count_delta),
            None => IllegalMove::NoSuchMove,
        };
        return IllegalAct {
            side: us,
            kind,
            physical,
        };
    }

    // Nothing moved: pieces appeared or vanished.
    for c in &changes {
        let Some(new) = c.after else { continue };
        if new.role == Role::Pawn
            || new.role == Role::King
            || c.square.rank() != last_rank(new.color)
        {
            continue;
        }
        let seventh = match new.color {
            Color::White => Rank::Seventh,
            Color::Black => Rank::Second,
        };
        for df in [-1i32, 0, 1] {
            let Some(file) = c.square.file().offset(df) else {
                continue;
            };
            let from = Square::from_coords(file, seventh);
            if before.piece_at(from) == Some(new.color.pawn())
                && after.piece_at(from) == before.piece_at(from)
            {
                let pm = PhysicalMove {
                    from,
                    to: c.square,
                    promotion: Some(new.role),
                };
                if new.color == us && classify(pos, &pm).is_ok() {
                    return IllegalAct {
                        side: us,
                        kind: IllegalMove::IncompletePromotion,
                        physical: Some(pm),
                    };
                }
            }
        }
    }
    if count_delta < 0 {
        board_act(IllegalMove::PieceRemoved)
    } else {
        board_act(IllegalMove::PieceAdded)
    }
}
