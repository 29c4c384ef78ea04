//! Classification of illegal acts (Laws Art. 3.1–3.9, 7.5.2, CR 3.1): shakmaty only says
//! "illegal"; this module says which article the physical act breaks.
//!
//! The input is what the hand did ([`PhysicalMove`]: from-square, to-square, the piece put
//! on the promotion square), never an interpretation of it: a king going e1→g1 is a castling
//! attempt, a pawn going diagonally to an empty square is an en-passant attempt, and each is
//! judged on its own conditions.
//!
//! (API fixed by the crate skeleton; the classification itself is owned by the laws work.)

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position, Role, Square};

use super::Article;

/// What the player physically did with one piece: lifted it from `from` and released it on
/// `to`; `promotion` is the piece put on the last rank instead of a pawn, if any.
///
/// Castling is written as the king's move (`e1g1`, `e1c1`) or, as shakmaty and Chess960 UCI
/// do, king onto its own rook (`e1h1`, `e1a1`); both are read as the castling attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhysicalMove {
    /// Square the piece was lifted from.
    pub from: Square,
    /// Square the piece was released on.
    pub to: Square,
    /// Piece that replaced a pawn on the last rank (Art. 3.7.3.3), if any.
    pub promotion: Option<Role>,
}

/// An illegal act, named after the article it breaks. `article()` gives the reference,
/// `code()` the stable snake_case name used in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IllegalMove {
    /// Art. 3.1: a piece moved onto a square occupied by a piece of its own colour.
    CapturesOwnPiece,
    /// Art. 3.2: a bishop moved other than along a diagonal.
    BishopMovement,
    /// Art. 3.3: a rook moved other than along a file or rank.
    RookMovement,
    /// Art. 3.4: a queen moved other than along a file, rank or diagonal.
    QueenMovement,
    /// Art. 3.5: a bishop, rook or queen passed over an intervening piece.
    PassesOverPiece,
    /// Art. 3.6: a knight moved other than to one of its nearest non-aligned squares.
    KnightMovement,
    /// Art. 3.7.1: a pawn moved forward onto an occupied square.
    PawnForwardOntoPiece,
    /// Art. 3.7.1: a pawn moved backward, sideways, or more than its rules allow.
    PawnMovement,
    /// Art. 3.7.2: a two-square advance not from the pawn's original square.
    PawnDoubleStepNotFromStart,
    /// Art. 3.7.2: a two-square advance over, or onto, an occupied square.
    PawnDoubleStepBlocked,
    /// Art. 3.7.3: a pawn moved diagonally to an empty square (no en passant there).
    PawnDiagonalToEmptySquare,
    /// Art. 3.7.3.1–3.7.3.2: en passant not available (the enemy pawn did not just advance two squares).
    EnPassantNotAvailable,
    /// Art. 3.7.3.3 / 7.5.2: a pawn reached the last rank and was not exchanged.
    MissingPromotion,
    /// Art. 3.7.3.3: exchanged for a king or a pawn, or a promotion piece given before the last rank.
    InvalidPromotion,
    /// Art. 3.8.1: the king moved other than to an adjoining square (and not castling).
    KingMovement,
    /// Art. 3.8.2.1 item 1): castling although the king has already moved.
    CastlingKingMoved,
    /// Art. 3.8.2.1 item 2): castling with a rook that has already moved (or was captured).
    CastlingRookMoved,
    /// Art. 3.8.2.2 item 3): castling while in check.
    CastlingOutOfCheck,
    /// Art. 3.8.2.2 item 3): castling through a square attacked by the opponent.
    CastlingThroughAttackedSquare,
    /// Art. 3.8.2.2 item 3): castling onto a square attacked by the opponent.
    CastlingIntoCheck,
    /// Art. 3.8.2.2 item 4): castling with a piece between the king and the rook.
    CastlingPiecesBetween,
    /// Art. 3.9.2: the king moved onto a square attacked by an enemy piece.
    KingOntoAttackedSquare,
    /// Art. 3.9.2: the move leaves the player's own king in check.
    LeavesKingInCheck,
    /// Art. 3.9.2: the move exposes the player's own king to check (a pinned piece moved).
    ExposesKingToCheck,
    /// CR 3.1 (Art. 1.2): a move by the player not on move (Black moving first included).
    OutOfTurn,
    /// CR 3.1: a piece added to the board.
    PieceAdded,
    /// CR 3.1 / Art. 7.4.1: a piece removed from the board without a capture.
    PieceRemoved,
    /// Art. 3.10.2: two pieces moved in one move (other than castling).
    TwoPiecesMoved,
    /// Art. 4.7.2 / 3.8.2: castling left incomplete (king moved two squares, rook not moved).
    IncompleteCastling,
    /// Art. 4.7.3: promotion left incomplete (new piece placed, pawn not removed).
    IncompletePromotion,
    /// Art. 3.7.3.1: en passant left incomplete (the captured pawn left on the board).
    IncompleteEnPassant,
    /// Art. 3.10.2: no piece of the player on the from-square, or no rule covers the act.
    NoSuchMove,
}

impl IllegalMove {
    /// The article the act breaks.
    pub fn article(self) -> Article {
        use IllegalMove::*;
        match self {
            CapturesOwnPiece => Article::Laws("3.1"),
            BishopMovement => Article::Laws("3.2"),
            RookMovement => Article::Laws("3.3"),
            QueenMovement => Article::Laws("3.4"),
            PassesOverPiece => Article::Laws("3.5"),
            KnightMovement => Article::Laws("3.6"),
            PawnForwardOntoPiece | PawnMovement => Article::Laws("3.7.1"),
            PawnDoubleStepNotFromStart | PawnDoubleStepBlocked => Article::Laws("3.7.2"),
            PawnDiagonalToEmptySquare => Article::Laws("3.7.3"),
            EnPassantNotAvailable => Article::Laws("3.7.3.2"),
            MissingPromotion | InvalidPromotion => Article::Laws("3.7.3.3"),
            KingMovement => Article::Laws("3.8.1"),
            CastlingKingMoved | CastlingRookMoved => Article::Laws("3.8.2.1"),
            CastlingOutOfCheck
            | CastlingThroughAttackedSquare
            | CastlingIntoCheck
            | CastlingPiecesBetween => Article::Laws("3.8.2.2"),
            KingOntoAttackedSquare | LeavesKingInCheck | ExposesKingToCheck => {
                Article::Laws("3.9.2")
            }
            OutOfTurn | PieceAdded | PieceRemoved => Article::Competition("3.1"),
            TwoPiecesMoved | NoSuchMove => Article::Laws("3.10.2"),
            IncompleteCastling => Article::Laws("4.7.2"),
            IncompletePromotion => Article::Laws("4.7.3"),
            IncompleteEnPassant => Article::Laws("3.7.3.1"),
        }
    }

    /// Stable snake_case name (the JSON `kind`).
    pub fn code(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}

/// Judges a physical move in `pos` (the side to move is the mover): `Ok` with the legal
/// shakmaty [`Move`] it makes, or `Err` with the first article it breaks, checked in the order
/// 3.1 → movement pattern → 3.5 → pawn rules → castling → 3.9.2.
///
/// Never panics, whatever the squares.
pub fn classify(pos: &Chess, mv: &PhysicalMove) -> Result<Move, IllegalMove> {
    // Skeleton: recognise legal moves; the article analysis comes with the laws work.
    pos.legal_moves()
        .into_iter()
        .find(|m| {
            m.from() == Some(mv.from)
                && (m.to() == mv.to
                    || matches!(m, Move::Castle { king, rook } if *king == mv.from && {
                        let side = m.castling_side();
                        side.is_some_and(|s| s.king_to(pos.turn()) == mv.to) || *rook == mv.to
                    }))
                && m.promotion() == mv.promotion
        })
        .ok_or(IllegalMove::NoSuchMove)
}
