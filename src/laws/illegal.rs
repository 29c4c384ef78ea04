//! Classification of illegal acts (Laws Art. 3.1–3.9, 7.5.2, CR 3.1): shakmaty only says
//! "illegal"; this module says which article the physical act breaks.
//!
//! The input is what the hand did ([`PhysicalMove`]: from-square, to-square, the piece put
//! on the promotion square), never an interpretation of it: a king going e1→g1 is a castling
//! attempt, a pawn going diagonally to an empty square is an en-passant attempt, and each is
//! judged on its own conditions.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};
use shakmaty::{
    CastlingMode, CastlingSide, Chess, File, Move, Position, Rank, Role, Square, attacks,
    bitboard::Bitboard, uci::UciMove,
};

use super::Article;

/// What the player physically did with one piece: lifted it from `from` and released it on
/// `to`; `promotion` is the piece put on the last rank instead of a pawn, if any.
///
/// Castling is written as the king's move (`e1g1`, `e1c1`) or, as shakmaty and Chess960 UCI
/// do, king onto its own rook (`e1h1`, `e1a1`); both are read as the castling attempt.
///
/// In JSON it is its UCI string (`"e7e8q"`), read back with [`PhysicalMove::from_uci`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
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
    /// Art. 3.8.2.1 item 1): castling although the king has already moved. Read from the
    /// castling rights: the side has no right on either wing (a king move loses both; two
    /// rooks that both moved are indistinguishable without the game's history).
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
    /// Art. 3.9.2: the move leaves the player's own king in check: a piece that gave check
    /// before the move still gives check after it.
    LeavesKingInCheck,
    /// Art. 3.9.2: the move exposes the player's own king to check: a piece that did not give
    /// check before the move gives check after it (a pinned piece moved, en passant opening a
    /// line — even when the move blocked or captured the piece that was giving check).
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
    /// Art. 3.10.2: no piece on the from-square, the piece put back on its own square (nothing
    /// moved), or no rule covers the act.
    NoSuchMove,
}

impl IllegalMove {
    /// The article the act breaks.
    pub fn article(self) -> Article {
        use IllegalMove::*;
        match self {
            CapturesOwnPiece => Article::NO_CAPTURE_OF_OWN_PIECE,
            BishopMovement => Article::BISHOP_MOVE,
            RookMovement => Article::ROOK_MOVE,
            QueenMovement => Article::QUEEN_MOVE,
            PassesOverPiece => Article::NO_MOVING_OVER_PIECES,
            KnightMovement => Article::KNIGHT_MOVE,
            PawnForwardOntoPiece | PawnMovement => Article::PAWN_MOVE,
            PawnDoubleStepNotFromStart | PawnDoubleStepBlocked => Article::PAWN_DOUBLE_STEP,
            PawnDiagonalToEmptySquare => Article::PAWN_CAPTURE,
            EnPassantNotAvailable => Article::EN_PASSANT_AT_ONCE,
            MissingPromotion | InvalidPromotion => Article::PROMOTION,
            KingMovement => Article::KING_MOVE,
            CastlingKingMoved | CastlingRookMoved => Article::CASTLING_RIGHTS,
            CastlingOutOfCheck
            | CastlingThroughAttackedSquare
            | CastlingIntoCheck
            | CastlingPiecesBetween => Article::CASTLING_PREVENTED,
            KingOntoAttackedSquare | LeavesKingInCheck | ExposesKingToCheck => {
                Article::KING_NOT_LEFT_IN_CHECK
            }
            OutOfTurn | PieceAdded | PieceRemoved => Article::CR_ILLEGAL_MOVE,
            TwoPiecesMoved | NoSuchMove => Article::ILLEGAL_MOVE,
            IncompleteCastling => Article::CASTLING_COMPLETED,
            IncompletePromotion => Article::PROMOTION_COMPLETED,
            IncompleteEnPassant => Article::EN_PASSANT,
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

impl PhysicalMove {
    /// Reads a UCI move (`e2e4`, `e7e8q`, `e1g1`, `e1h1`) as what the hand did: from-square,
    /// to-square and, as a fifth character, the piece put on the last rank. Nothing is
    /// inferred: `e1g1` stays a king going two squares (the castling attempt is recognised
    /// by [`classify`]), and any of `q r b n k p` is accepted as the fifth character (in
    /// either case) so that a promotion to a king or a pawn can be judged (Art. 3.7.3.3)
    /// rather than rejected as syntax.
    ///
    /// # Errors
    /// [`ParseError`] when the text is not 4 or 5 characters, a square is not `a1`..`h8`,
    /// the fifth character is not a piece letter, or the text is the null move `0000`
    /// (not a physical move: the caller decides what a null move means).
    pub fn from_uci(uci: &str) -> Result<PhysicalMove, ParseError> {
        if uci == "0000" {
            return Err(ParseError::NullMove);
        }
        let chars: Vec<char> = uci.chars().collect();
        let (f, t, p) = match chars.as_slice() {
            [a, b, c, d] => ((*a, *b), (*c, *d), None),
            [a, b, c, d, e] => ((*a, *b), (*c, *d), Some(*e)),
            _ => {
                return Err(ParseError::Length {
                    input: uci.to_owned(),
                    chars: chars.len(),
                });
            }
        };
        let square = |(file, rank): (char, char), position: usize| match (
            File::from_char(file),
            Rank::from_char(rank),
        ) {
            (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseError::Square {
                input: uci.to_owned(),
                position,
                text: format!("{file}{rank}"),
            }),
        };
        let from = square(f, 1)?;
        let to = square(t, 3)?;
        let promotion = match p {
            None => None,
            Some(c) => Some(Role::from_char(c).ok_or_else(|| ParseError::Promotion {
                input: uci.to_owned(),
                piece: c,
            })?),
        };
        Ok(PhysicalMove {
            from,
            to,
            promotion,
        })
    }

    /// The physical form of a shakmaty move in standard UCI: castling as the king's two-square
    /// move (`e1g1`), promotions with their piece. `None` for a piece drop (no from-square).
    pub fn from_move(m: &Move) -> Option<PhysicalMove> {
        match UciMove::from_move(*m, CastlingMode::Standard) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => Some(PhysicalMove {
                from,
                to,
                promotion,
            }),
            UciMove::Put { .. } | UciMove::Null => None,
        }
    }
}

impl fmt::Display for PhysicalMove {
    /// UCI form: `e2e4`, `e7e8q` (promotion piece in lower case, `k`/`p` included).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl From<PhysicalMove> for String {
    fn from(mv: PhysicalMove) -> String {
        mv.to_string()
    }
}

impl TryFrom<String> for PhysicalMove {
    type Error = ParseError;

    fn try_from(uci: String) -> Result<PhysicalMove, ParseError> {
        PhysicalMove::from_uci(&uci)
    }
}

impl FromStr for PhysicalMove {
    type Err = ParseError;

    /// Same as [`PhysicalMove::from_uci`].
    fn from_str(s: &str) -> Result<PhysicalMove, ParseError> {
        PhysicalMove::from_uci(s)
    }
}

/// Why a text is not a UCI physical move ([`PhysicalMove::from_uci`]). Positions are 1-based
/// character positions in the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The input is not 4 or 5 characters long.
    #[error(
        "`{input}` is not a UCI move: expected 4 or 5 characters (from, to, optional promotion piece), found {chars}"
    )]
    Length {
        /// The whole input.
        input: String,
        /// Its length in characters.
        chars: usize,
    },
    /// A square is not `a1`..`h8`.
    #[error("`{input}` is not a UCI move: `{text}` at character {position} is not a square a1..h8")]
    Square {
        /// The whole input.
        input: String,
        /// 1-based character position of the square (1 = from, 3 = to).
        position: usize,
        /// The two characters found there.
        text: String,
    },
    /// The fifth character is not a piece letter.
    #[error(
        "`{input}` is not a UCI move: promotion piece `{piece}` is not one of q, r, b, n, k, p"
    )]
    Promotion {
        /// The whole input.
        input: String,
        /// The character found.
        piece: char,
    },
    /// `0000`, the UCI null move: no piece was moved.
    #[error("`0000` is the null move, not a physical move")]
    NullMove,
}

/// Judges a physical move in `pos` (the side to move is the mover): `Ok` with the legal
/// shakmaty [`Move`] it makes, or `Err` with the first article it breaks.
///
/// Legal moves are looked up among `pos.legal_moves()`: castling may be given as the king's
/// two-square move (`e1g1`) or king onto its own rook (`e1h1`) — in a Chess960 position only
/// the latter; a promotion must name the piece. Anything else is analysed by our own code
/// (shakmaty only says "illegal"), in this order, and the first failing rule is returned:
///
/// 1. nothing on `from`, or `from == to` (nothing moved) → [`IllegalMove::NoSuchMove`]
///    (3.10.2); a piece of the side not on move → [`IllegalMove::OutOfTurn`] (CR 3.1, which
///    also covers Black moving first);
/// 2. a castling attempt — the king on its original square (e1/e8) going two squares
///    sideways along its back rank, or onto its own rook standing on a corner of its back rank
///    (in Chess960 mode: the king onto its own rook on its back rank) — is judged only under
///    3.8.2: promotion piece given ([`IllegalMove::InvalidPromotion`]); right lost (3.8.2.1: no
///    castling right on either wing → [`IllegalMove::CastlingKingMoved`], since moving the
///    king loses both; no right on that wing only → [`IllegalMove::CastlingRookMoved`], the rook
///    having moved or been captured — without the game's history we cannot tell a king that
///    moved from two rooks that both moved, and read the ambiguous case as the king); then
///    3.8.2.2: pieces between king and rook (b1/b8 included), king in check, a square the king
///    crosses attacked, the square it lands on attacked (b1/b8 need not be safe);
/// 3. otherwise: 3.1 own piece on `to`; the piece's movement pattern (3.2, 3.3, 3.4, 3.6,
///    3.8.1; a pawn going backward, sideways or too far, 3.7.1); 3.5 passing over a piece;
///    pawn rules (3.7.1 forward onto a piece, 3.7.2 double step not from the original square
///    or over/onto a piece, 3.7.3 diagonal to an empty square, 3.7.3.1–2 en passant not
///    available); promotion (3.7.3.3 / 7.5.2: missing on the last rank, or a king, a pawn, or
///    any piece given on a move that is not a pawn reaching the last rank); 3.9.2 on the
///    position after the move — the king stepping onto an attacked square
///    ([`IllegalMove::KingOntoAttackedSquare`]), a checker before the move still giving check
///    ([`IllegalMove::LeavesKingInCheck`]), or a check from a piece that was not giving check
///    before, e.g. a pinned piece moved or en passant opening a rank
///    ([`IllegalMove::ExposesKingToCheck`]).
///
/// Never panics, whatever the squares and promotion piece. Never returns the board-diff kinds
/// ([`IllegalMove::PieceAdded`], [`IllegalMove::PieceRemoved`],
/// [`IllegalMove::TwoPiecesMoved`], the `Incomplete*` kinds), which need a placement diff.
///
/// ```
/// use arbiter::laws::illegal::{classify, IllegalMove, PhysicalMove};
/// use shakmaty::Chess;
///
/// let start = Chess::default();
/// let mv = PhysicalMove::from_uci("g1g3").unwrap();
/// let kind = classify(&start, &mv).unwrap_err();
/// assert_eq!(kind, IllegalMove::KnightMovement);
/// assert_eq!(kind.article().to_string(), "Laws 3.6");
/// assert!(classify(&start, &PhysicalMove::from_uci("e2e4").unwrap()).is_ok());
/// ```
pub fn classify(pos: &Chess, mv: &PhysicalMove) -> Result<Move, IllegalMove> {
    if let Some(m) = find_legal(pos, mv) {
        return Ok(m);
    }
    Err(explain(pos, mv))
}

/// The legal move the physical move makes, if any.
///
/// In Chess960 mode castling is only the king onto its rook: there the king's destination can
/// also be an ordinary king step, and reading it as castling would read intent into the act.
fn find_legal(pos: &Chess, mv: &PhysicalMove) -> Option<Move> {
    let king_two_squares = pos.castles().mode() == CastlingMode::Standard;
    pos.legal_moves().into_iter().find(|m| match m {
        Move::Castle { king, rook } => {
            *king == mv.from
                && mv.promotion.is_none()
                && (*rook == mv.to
                    || king_two_squares
                        && m.castling_side()
                            .is_some_and(|side| side.king_to(pos.turn()) == mv.to))
        }
        _ => m.from() == Some(mv.from) && m.to() == mv.to && m.promotion() == mv.promotion,
    })
}

/// The first rule an act that matches no legal move breaks (see [`classify`]).
fn explain(pos: &Chess, mv: &PhysicalMove) -> IllegalMove {
    let board = pos.board();
    let us = pos.turn();
    let Some(piece) = board.piece_at(mv.from) else {
        return IllegalMove::NoSuchMove;
    };
    // A piece lifted and put back on its square has not moved, whoever's it is.
    if mv.from == mv.to {
        return IllegalMove::NoSuchMove;
    }
    if piece.color != us {
        return IllegalMove::OutOfTurn;
    }
    if let Some(side) = castling_attempt(pos, mv, piece.role) {
        return explain_castling(pos, mv, side);
    }
    if pos.us().contains(mv.to) {
        return IllegalMove::CapturesOwnPiece;
    }
    let mut en_passant = false;
    match piece.role {
        Role::Pawn => match pawn_rules(pos, mv) {
            Ok(ep) => en_passant = ep,
            Err(kind) => return kind,
        },
        Role::Knight if !attacks::knight_attacks(mv.from).contains(mv.to) => {
            return IllegalMove::KnightMovement;
        }
        Role::King if !attacks::king_attacks(mv.from).contains(mv.to) => {
            return IllegalMove::KingMovement;
        }
        Role::Bishop | Role::Rook | Role::Queen => {
            let pattern = attacks::attacks(mv.from, piece, Bitboard::EMPTY);
            if !pattern.contains(mv.to) {
                return match piece.role {
                    Role::Bishop => IllegalMove::BishopMovement,
                    Role::Rook => IllegalMove::RookMovement,
                    _ => IllegalMove::QueenMovement,
                };
            }
            if (attacks::between(mv.from, mv.to) & board.occupied()).any() {
                return IllegalMove::PassesOverPiece;
            }
        }
        Role::Knight | Role::King => {}
    }
    let last_rank = us.relative_rank(mv.to.rank()) == Rank::Eighth;
    match (piece.role, mv.promotion) {
        (Role::Pawn, None) if last_rank => return IllegalMove::MissingPromotion,
        (Role::Pawn, Some(Role::King | Role::Pawn)) => return IllegalMove::InvalidPromotion,
        (Role::Pawn, Some(_)) if !last_rank => return IllegalMove::InvalidPromotion,
        (Role::Pawn, _) => {}
        (_, Some(_)) => return IllegalMove::InvalidPromotion,
        (_, None) => {}
    }
    explain_king_safety(pos, mv, piece.role, en_passant)
}

/// Which wing a king move on `pos` is a castling attempt for, if it is one (see [`classify`]).
fn castling_attempt(pos: &Chess, mv: &PhysicalMove, role: Role) -> Option<CastlingSide> {
    let us = pos.turn();
    let back = us.backrank();
    if role != Role::King || mv.from.rank() != back || mv.to.rank() != back {
        return None;
    }
    let side = CastlingSide::from_king_side(mv.to.file() > mv.from.file());
    let onto_own_rook = pos.board().piece_at(mv.to) == Some(us.rook());
    match pos.castles().mode() {
        CastlingMode::Standard => {
            // Only the king on its original square can be trying to castle; elsewhere a
            // king onto its own rook is a capture of its own piece (3.1).
            let two_squares = mv.to.file().distance(File::E) == 2;
            let corner = matches!(mv.to.file(), File::A | File::H);
            (mv.from.file() == File::E && (two_squares || (onto_own_rook && corner)))
                .then_some(side)
        }
        CastlingMode::Chess960 => onto_own_rook.then_some(side),
    }
}

/// Art. 3.8.2: why a castling attempt on `side` is not legal.
fn explain_castling(pos: &Chess, mv: &PhysicalMove, side: CastlingSide) -> IllegalMove {
    let us = pos.turn();
    let castles = pos.castles();
    if mv.promotion.is_some() {
        return IllegalMove::InvalidPromotion;
    }
    let Some(rook) = castles.rook(us, side).filter(|_| castles.has(us, side)) else {
        return if castles.has_color(us) {
            IllegalMove::CastlingRookMoved
        } else {
            IllegalMove::CastlingKingMoved
        };
    };
    if matches!(pos.castles().mode(), CastlingMode::Chess960) && rook != mv.to {
        // King onto a rook of its own that is not the one it may castle with.
        return IllegalMove::CastlingRookMoved;
    }
    let king = mv.from;
    let king_to = side.king_to(us);
    let board = pos.board();
    // Every square between king and rook (b1/b8 included on the queen side) and both
    // destinations must be empty of anything but the castling king and rook.
    let path =
        attacks::between(king, rook) | Bitboard::from(king_to) | Bitboard::from(side.rook_to(us));
    let others = board.occupied() & !Bitboard::from(king) & !Bitboard::from(rook);
    if (path & others).any() {
        return IllegalMove::CastlingPiecesBetween;
    }
    if pos.is_check() {
        return IllegalMove::CastlingOutOfCheck;
    }
    // The king's own square shields nothing once it moves; on the landing square the rook
    // has also left its square for its own (it matters in Chess960 only).
    let crossing = board.occupied() ^ king;
    if attacks::between(king, king_to)
        .into_iter()
        .any(|sq| board.attacks_to(sq, !us, crossing).any())
    {
        return IllegalMove::CastlingThroughAttackedSquare;
    }
    let landed = crossing ^ rook ^ side.rook_to(us);
    if board.attacks_to(king_to, !us, landed).any() {
        return IllegalMove::CastlingIntoCheck;
    }
    // All conditions of 3.8.2 hold, yet shakmaty found no legal castling: a position our
    // reading does not cover. Say "not a move" rather than guess an article.
    IllegalMove::NoSuchMove
}

/// Art. 3.7: the pawn rules for a pawn move that does not land on an own piece. `Ok(true)`
/// for a geometrically valid en passant capture, `Ok(false)` for any other valid pawn step.
fn pawn_rules(pos: &Chess, mv: &PhysicalMove) -> Result<bool, IllegalMove> {
    let us = pos.turn();
    let board = pos.board();
    let forward: i32 = if us.is_white() { 1 } else { -1 };
    let ranks = (mv.to.rank() as i32 - mv.from.rank() as i32) * forward;
    let files = mv.to.file().distance(mv.from.file());
    let occupied = |sq: Square| board.occupied().contains(sq);
    match (files, ranks) {
        (0, 1) if occupied(mv.to) => Err(IllegalMove::PawnForwardOntoPiece),
        (0, 1) => Ok(false),
        (0, 2) => {
            if us.relative_rank(mv.from.rank()) != Rank::Second {
                return Err(IllegalMove::PawnDoubleStepNotFromStart);
            }
            let jumped = mv.from.offset(8 * forward);
            if jumped.is_some_and(occupied) || occupied(mv.to) {
                return Err(IllegalMove::PawnDoubleStepBlocked);
            }
            Ok(false)
        }
        (1, 1) if occupied(mv.to) => Ok(false),
        (1, 1) => {
            if pos.maybe_ep_square() == Some(mv.to) {
                return Ok(true);
            }
            // An enemy pawn beside ours on the file it went to: an en passant attempt.
            let beside = Square::from_coords(mv.to.file(), mv.from.rank());
            let fifth = us.relative_rank(mv.from.rank()) == Rank::Fifth;
            if fifth && board.piece_at(beside) == Some((!us).pawn()) {
                Err(IllegalMove::EnPassantNotAvailable)
            } else {
                Err(IllegalMove::PawnDiagonalToEmptySquare)
            }
        }
        _ => Err(IllegalMove::PawnMovement),
    }
}

/// Art. 3.9.2 on the placement after the move.
fn explain_king_safety(
    pos: &Chess,
    mv: &PhysicalMove,
    role: Role,
    en_passant: bool,
) -> IllegalMove {
    let us = pos.turn();
    let mut after = pos.board().clone();
    let Some(piece) = after.remove_piece_at(mv.from) else {
        return IllegalMove::NoSuchMove;
    };
    if en_passant {
        after.discard_piece_at(Square::from_coords(mv.to.file(), mv.from.rank()));
    }
    let placed = mv.promotion.map_or(piece, |r| r.of(us));
    after.set_piece_at(mv.to, placed);
    let Some(king) = after.king_of(us) else {
        return IllegalMove::NoSuchMove;
    };
    let attackers = after.attacks_to(king, !us, after.occupied());
    if attackers.is_empty() {
        return IllegalMove::NoSuchMove;
    }
    if role == Role::King {
        IllegalMove::KingOntoAttackedSquare
    } else if (attackers & pos.checkers()).any() {
        IllegalMove::LeavesKingInCheck
    } else {
        IllegalMove::ExposesKingToCheck
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_is_read_without_intent() {
        let mv = PhysicalMove::from_uci("e1g1").unwrap();
        assert_eq!(
            (mv.from, mv.to, mv.promotion),
            (Square::E1, Square::G1, None)
        );
        let mv = PhysicalMove::from_uci("e1h1").unwrap();
        assert_eq!((mv.from, mv.to), (Square::E1, Square::H1));
        let mv: PhysicalMove = "e7e8q".parse().unwrap();
        assert_eq!(mv.promotion, Some(Role::Queen));
        // Promotion to a king or pawn parses: classify judges it (3.7.3.3).
        assert_eq!(
            PhysicalMove::from_uci("a7a8K").unwrap().promotion,
            Some(Role::King)
        );
        assert_eq!(
            PhysicalMove::from_uci("a7a8p").unwrap().promotion,
            Some(Role::Pawn)
        );
    }

    #[test]
    fn uci_display_round_trips() {
        for text in ["e2e4", "e7e8q", "e1g1", "e1h1", "h2h1n", "a7a8k"] {
            assert_eq!(PhysicalMove::from_uci(text).unwrap().to_string(), text);
        }
        assert_eq!(
            PhysicalMove::from_uci("b7b8R").unwrap().to_string(),
            "b7b8r"
        );
    }

    #[test]
    fn bad_uci_is_an_error_naming_the_place() {
        assert_eq!(PhysicalMove::from_uci("0000"), Err(ParseError::NullMove));
        assert!(matches!(
            PhysicalMove::from_uci("e2e"),
            Err(ParseError::Length { chars: 3, .. })
        ));
        assert!(matches!(
            PhysicalMove::from_uci(""),
            Err(ParseError::Length { chars: 0, .. })
        ));
        assert!(matches!(
            PhysicalMove::from_uci("e2e4qq"),
            Err(ParseError::Length { chars: 6, .. })
        ));
        assert_eq!(
            PhysicalMove::from_uci("i2e4"),
            Err(ParseError::Square {
                input: "i2e4".into(),
                position: 1,
                text: "i2".into()
            })
        );
        assert!(matches!(
            PhysicalMove::from_uci("e2e9"),
            Err(ParseError::Square { position: 3, .. })
        ));
        assert!(matches!(
            PhysicalMove::from_uci("e7e8x"),
            Err(ParseError::Promotion { piece: 'x', .. })
        ));
        // Non-ASCII input is counted in characters and never panics.
        assert!(matches!(
            PhysicalMove::from_uci("é2e4"),
            Err(ParseError::Square { position: 1, .. })
        ));
        assert!(
            PhysicalMove::from_uci("e2e4")
                .unwrap()
                .to_string()
                .is_ascii()
        );
    }

    #[test]
    fn json_forms() {
        let mv = PhysicalMove::from_uci("e7e8q").unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"e7e8q\"");
        assert_eq!(
            serde_json::from_str::<PhysicalMove>("\"e1h1\"").unwrap(),
            PhysicalMove::from_uci("e1h1").unwrap()
        );
        assert!(serde_json::from_str::<PhysicalMove>("\"e1\"").is_err());
        assert_eq!(
            serde_json::from_str::<IllegalMove>("\"castling_rook_moved\"").unwrap(),
            IllegalMove::CastlingRookMoved
        );
        assert_eq!(
            serde_json::to_string(&IllegalMove::PawnDoubleStepBlocked).unwrap(),
            "\"pawn_double_step_blocked\""
        );
    }

    #[test]
    fn from_move_gives_standard_uci() {
        let castle = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        assert_eq!(
            PhysicalMove::from_move(&castle).unwrap().to_string(),
            "e8c8"
        );
        let put = Move::Put {
            role: Role::Knight,
            to: Square::E4,
        };
        assert_eq!(PhysicalMove::from_move(&put), None);
    }
}
