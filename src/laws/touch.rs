//! Touch-move (Laws 4.3–4.5, CR 3.8): which moves the pieces a player deliberately touched on
//! his turn oblige him to make. A function of the position and the touched squares in the order
//! touched; who may claim and when (Laws 4.8) is the judge's business.
//!
//! ```
//! use arbiter::laws::touch::{Duty, obligation};
//! use shakmaty::{Chess, Role, Square};
//!
//! // 1.e4 e5: White touched the knight on g1 first, then the pawn on d2.
//! let pos = Chess::default();
//! let duty = obligation(&pos, &[Square::G1, Square::D2]);
//! assert_eq!(duty.duty, Duty::Move { square: Square::G1, role: Role::Knight });
//! assert_eq!(duty.article.to_string(), "Laws 4.3.1");
//! assert_eq!(duty.moves.len(), 2); // Nf3, Nh3
//! ```

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::Article;

/// What the touched pieces oblige the player on move to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duty {
    /// Move the own piece on `square` (Laws 4.3.1; the king touched first, 4.4.3).
    Move {
        /// Where the piece stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Capture the opponent's piece on `square` (Laws 4.3.2).
    Capture {
        /// Where the piece stands.
        square: Square,
        /// What it is.
        role: Role,
    },
    /// Capture the opponent's piece on `target` with the own piece on `with` (Laws 4.3.3).
    CaptureWith {
        /// The own piece.
        with: Square,
        /// The opponent's piece.
        target: Square,
    },
    /// Castle with the rook on `rook` (Laws 4.4.1).
    Castle {
        /// The rook's square.
        rook: Square,
    },
    /// Any legal move: none of the touched pieces can be moved or captured (Laws 4.5).
    Any,
}

/// The obligation of the pieces touched, with the moves that fulfil it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obligation {
    /// What must be done.
    pub duty: Duty,
    /// The legal moves that fulfil the duty (every legal move for [`Duty::Any`]).
    pub moves: Vec<Move>,
    /// The article that decides it.
    pub article: Article,
}

impl Obligation {
    /// True when `m` fulfils the obligation.
    pub fn allows(&self, m: &Move) -> bool {
        self.duty == Duty::Any || self.moves.contains(m)
    }

    /// The duty in words, e.g. "move the knight on g1", "capture the pawn on e5".
    pub fn describe(&self) -> String {
        match self.duty {
            Duty::Move { square, role } => format!("move the {} on {square}", role_name(role)),
            Duty::Capture { square, role } => {
                format!("capture the {} on {square}", role_name(role))
            }
            Duty::CaptureWith { with, target } => {
                format!("capture on {target} with the piece on {with}")
            }
            Duty::Castle { rook } => format!("castle with the rook on {rook}"),
            Duty::Any => "any legal move (no touched piece can be moved or captured)".into(),
        }
    }

    /// The duty as a message in any language (the same words as [`Obligation::describe`] in
    /// English): `touch-duty-move` / `-capture` (args `piece`, a piece's English name, and
    /// `square`), `-capture-with` (`target`, `with`), `-castle` (`rook`), `-any`.
    pub fn note(&self) -> crate::i18n::Note {
        use crate::i18n::Note;
        match self.duty {
            Duty::Move { square, role } => Note::new("touch-duty-move")
                .arg("piece", role_name(role))
                .arg("square", square),
            Duty::Capture { square, role } => Note::new("touch-duty-capture")
                .arg("piece", role_name(role))
                .arg("square", square),
            Duty::CaptureWith { with, target } => Note::new("touch-duty-capture-with")
                .arg("target", target)
                .arg("with", with),
            Duty::Castle { rook } => Note::new("touch-duty-castle").arg("rook", rook),
            Duty::Any => Note::new("touch-duty-any"),
        }
    }
}

/// The English name of a piece, as the Laws write it.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The square of the piece `m` captures (the passed pawn's square for en passant).
fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

/// The obligation of the player on move in `pos` who deliberately touched the pieces on
/// `touched`, in that order (Laws 4.3–4.5). Empty squares and repeated touches are ignored; an
/// empty list (or nothing that can move or be taken) gives [`Duty::Any`].
///
/// - own pieces only: the first that can be moved (4.3.1);
/// - opponent's pieces only: the first that can be captured (4.3.2);
/// - both colours: the first touched opponent's piece captured by the first touched own piece,
///   else the first touched piece (in touch order) that can be moved or captured (4.3.3);
/// - king, then own rook: castling with that rook if legal (4.4.1), else another king move,
///   any legal move if the king has none (4.4.3); rook, then king: no castling with that rook
///   (4.4.2);
/// - none of them can: any legal move (4.5).
pub fn obligation(pos: &Chess, touched: &[Square]) -> Obligation {
    let me = pos.turn();
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut pieces: Vec<(Square, Color, Role)> = Vec::new();
    for &sq in touched {
        if let Some(p) = pos.board().piece_at(sq)
            && !pieces.iter().any(|(s, _, _)| *s == sq)
        {
            pieces.push((sq, p.color, p.role));
        }
    }
    let own: Vec<(Square, Role)> = pieces
        .iter()
        .filter(|(_, c, _)| *c == me)
        .map(|(s, _, r)| (*s, *r))
        .collect();
    let any_opponent = pieces.iter().any(|(_, c, _)| *c != me);
    let any = |article| Obligation {
        duty: Duty::Any,
        moves: legal.clone(),
        article,
    };

    // 4.4: the order of king and rook.
    let king_at = own.iter().position(|(_, r)| *r == Role::King);
    let rooks_after_king: Vec<Square> = match king_at {
        Some(k) => own[k + 1..]
            .iter()
            .filter(|(_, r)| *r == Role::Rook)
            .map(|(s, _)| *s)
            .collect(),
        None => Vec::new(),
    };
    let forbidden_castling: Vec<Square> = match king_at {
        Some(k) => own[..k]
            .iter()
            .filter(|(_, r)| *r == Role::Rook)
            .map(|(s, _)| *s)
            .collect(),
        None => Vec::new(),
    };
    if king_at == Some(0)
        && let Some(&rook) = rooks_after_king.first()
    {
        let castles: Vec<Move> = legal
            .iter()
            .filter(|m| matches!(m, Move::Castle { rook: r, .. } if *r == rook))
            .copied()
            .collect();
        if !castles.is_empty() {
            return Obligation {
                duty: Duty::Castle { rook },
                moves: castles,
                article: Article::TOUCHED_KING_AND_ROOK,
            };
        }
        let (square, _) = own[0];
        let king_moves: Vec<Move> = legal
            .iter()
            .filter(|m| m.from() == Some(square))
            .copied()
            .collect();
        if king_moves.is_empty() {
            return any(Article::TOUCHED_KING_CASTLING_ILLEGAL);
        }
        return Obligation {
            duty: Duty::Move {
                square,
                role: Role::King,
            },
            moves: king_moves,
            article: Article::TOUCHED_KING_CASTLING_ILLEGAL,
        };
    }

    let moves_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .filter(|m| m.from() == Some(sq))
            .filter(
                |m| !matches!(m, Move::Castle { rook, .. } if forbidden_castling.contains(rook)),
            )
            .copied()
            .collect()
    };
    let captures_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .filter(|m| captured_square(m) == Some(sq))
            .copied()
            .collect()
    };
    let own_article = |square: Square, role: Role| {
        if role == Role::Rook && !forbidden_castling.is_empty() && forbidden_castling[0] == square {
            Article::TOUCHED_ROOK_THEN_KING
        } else {
            Article::TOUCHED_OWN_PIECE
        }
    };

    if !own.is_empty() && any_opponent {
        let (with, _) = own[0];
        if let Some((target, _, _)) = pieces.iter().find(|(_, c, _)| *c != me) {
            let both: Vec<Move> = captures_of(*target)
                .into_iter()
                .filter(|m| m.from() == Some(with))
                .collect();
            if !both.is_empty() {
                return Obligation {
                    duty: Duty::CaptureWith {
                        with,
                        target: *target,
                    },
                    moves: both,
                    article: Article::TOUCHED_BOTH_COLOURS,
                };
            }
        }
    }
    let mixed = !own.is_empty() && any_opponent;
    for &(square, color, role) in &pieces {
        let (moves, duty, article) = if color == me {
            (
                moves_of(square),
                Duty::Move { square, role },
                own_article(square, role),
            )
        } else {
            (
                captures_of(square),
                Duty::Capture { square, role },
                Article::TOUCHED_OPPONENT_PIECE,
            )
        };
        if !moves.is_empty() {
            return Obligation {
                duty,
                moves,
                article: if mixed {
                    Article::TOUCHED_BOTH_COLOURS
                } else {
                    article
                },
            };
        }
    }
    any(Article::NO_TOUCHED_PIECE_MOVABLE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn own_piece_first_that_can_move() {
        // The rook on a1 cannot move at the start; the knight on b1 can (4.3.1).
        let o = obligation(&Chess::default(), &[Square::A1, Square::B1]);
        assert_eq!(
            o.duty,
            Duty::Move {
                square: Square::B1,
                role: Role::Knight
            }
        );
        assert_eq!(o.article, Article::TOUCHED_OWN_PIECE);
        assert_eq!(o.describe(), "move the knight on b1");
    }

    #[test]
    fn opponent_piece_to_capture() {
        // 1.e4 d5: White touched the pawn on d5 (4.3.2): exd5 is the only capture.
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        let o = obligation(&p, &[Square::D5]);
        assert_eq!(o.moves.len(), 1);
        assert_eq!(o.describe(), "capture the pawn on d5");
        // The pawn on d7 cannot be captured: any move (4.5).
        let o = obligation(&p, &[Square::D8]);
        assert_eq!(o.duty, Duty::Any);
        assert_eq!(o.article, Article::NO_TOUCHED_PIECE_MOVABLE);
    }

    #[test]
    fn both_colours_capture_with_first_own() {
        // Queen on d1 touched, then the pawn on d5: Qxd5 (4.3.3).
        let p = pos("4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1");
        let o = obligation(&p, &[Square::D1, Square::D5]);
        assert_eq!(
            o.duty,
            Duty::CaptureWith {
                with: Square::D1,
                target: Square::D5
            }
        );
        assert_eq!(o.moves.len(), 1);
        // King touched first cannot take d5: the first touched piece that can move, the king.
        let o = obligation(&p, &[Square::E1, Square::D5]);
        assert_eq!(o.article, Article::TOUCHED_BOTH_COLOURS);
        assert!(matches!(
            o.duty,
            Duty::Move {
                role: Role::King,
                ..
            }
        ));
    }

    #[test]
    fn castling_by_touch_order() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let o = obligation(&p, &[Square::E1, Square::H1]);
        assert_eq!(o.duty, Duty::Castle { rook: Square::H1 });
        assert_eq!(o.moves.len(), 1);
        // Rook first, then king: move the rook, no castling on that side (4.4.2).
        let o = obligation(&p, &[Square::H1, Square::E1]);
        assert_eq!(o.article, Article::TOUCHED_ROOK_THEN_KING);
        assert!(o.moves.iter().all(|m| !matches!(m, Move::Castle { .. })));
        assert_eq!(o.moves.len(), 9); // h2..h7, h8 capture, f1, g1
    }
}
