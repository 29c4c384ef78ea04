//! References to the rules: an article of the FIDE Laws of Chess (2023 numbering) or a
//! rule of the competition regulations (`CR x.y`, `../shared/docs/competition-rules.md`).

use std::fmt;

use serde::{Serialize, Serializer};

/// A rule reference. Every rule-bearing decision in the engine carries one.
///
/// - `Article::Laws("3.8.2.1")` — FIDE Laws of Chess, 2023 edition, article 3.8.2.1;
///   displayed as `Laws 3.8.2.1`, serialised as `"3.8.2.1"`.
/// - `Article::Competition("3.3")` — the event's regulations, displayed and serialised as
///   `CR 3.3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Article {
    /// FIDE Laws of Chess (E.01, in force from 1 January 2023), dotted article number.
    Laws(&'static str),
    /// The competition rules restated in `competition-rules.md`, dotted rule number.
    Competition(&'static str),
}

impl Article {
    /// The dotted number alone, e.g. `"3.8.2.1"` or `"3.3"`.
    pub fn number(&self) -> &'static str {
        match self {
            Article::Laws(n) | Article::Competition(n) => n,
        }
    }

    /// True when `expected` names this article or one of its parents, in the form used by the
    /// rules vectors (`"3.8.2.1"` covers an engine article `3.8.2.1.2`, never a sibling).
    /// A `"CR x.y"` string matches only a competition rule, a bare number only a Laws article.
    pub fn matches(&self, expected: &str) -> bool {
        let (want_cr, number) = match expected.strip_prefix("CR ") {
            Some(rest) => (true, rest),
            None => (false, expected),
        };
        if want_cr != matches!(self, Article::Competition(_)) {
            return false;
        }
        let mine = self.number();
        mine == number
            || (mine.starts_with(number) && mine.as_bytes().get(number.len()) == Some(&b'.'))
    }
}

/// The articles the crate cites, by name: one place to read every rule reference (FIDE Laws of
/// Chess 2023 numbering, `../shared/docs/laws-reference.md`; the event's competition rules,
/// `../shared/docs/competition-rules.md`). Call sites name these constants instead of writing
/// article numbers out.
impl Article {
    /// Laws 1.2: the players move alternately (a null move breaks it).
    pub const MOVING_ALTERNATELY: Article = Article::Laws("1.2");
    /// Laws 3.1: no piece may move to a square occupied by a piece of the same colour.
    pub const NO_CAPTURE_OF_OWN_PIECE: Article = Article::Laws("3.1");
    /// Laws 3.2: the bishop moves along a diagonal.
    pub const BISHOP_MOVE: Article = Article::Laws("3.2");
    /// Laws 3.3: the rook moves along a file or a rank.
    pub const ROOK_MOVE: Article = Article::Laws("3.3");
    /// Laws 3.4: the queen moves along a file, a rank or a diagonal.
    pub const QUEEN_MOVE: Article = Article::Laws("3.4");
    /// Laws 3.5: the bishop, rook and queen may not move over any intervening piece.
    pub const NO_MOVING_OVER_PIECES: Article = Article::Laws("3.5");
    /// Laws 3.6: the knight's move.
    pub const KNIGHT_MOVE: Article = Article::Laws("3.6");
    /// Laws 3.7.1: the pawn moves forward to the unoccupied square immediately in front.
    pub const PAWN_MOVE: Article = Article::Laws("3.7.1");
    /// Laws 3.7.2: on its first move the pawn may advance two squares, both unoccupied.
    pub const PAWN_DOUBLE_STEP: Article = Article::Laws("3.7.2");
    /// Laws 3.7.3: the pawn captures diagonally forward.
    pub const PAWN_CAPTURE: Article = Article::Laws("3.7.3");
    /// Laws 3.7.3.1: the en-passant capture (the passed pawn is removed).
    pub const EN_PASSANT: Article = Article::Laws("3.7.3.1");
    /// Laws 3.7.3.2: en passant only on the move right after the double step.
    pub const EN_PASSANT_AT_ONCE: Article = Article::Laws("3.7.3.2");
    /// Laws 3.7.3.3: promotion on the last rank, to a queen, rook, bishop or knight.
    pub const PROMOTION: Article = Article::Laws("3.7.3.3");
    /// Laws 3.8.1: the king moves to an adjoining square.
    pub const KING_MOVE: Article = Article::Laws("3.8.1");
    /// Laws 3.8.2: castling.
    pub const CASTLING: Article = Article::Laws("3.8.2");
    /// Laws 3.8.2.1: the right to castle is lost once the king or that rook has moved.
    pub const CASTLING_RIGHTS: Article = Article::Laws("3.8.2.1");
    /// Laws 3.8.2.2: castling is prevented for now (king in check, a square crossed or reached
    /// attacked, a piece between king and rook).
    pub const CASTLING_PREVENTED: Article = Article::Laws("3.8.2.2");
    /// Laws 3.9.2: no move may expose one's own king to check or leave it in check.
    pub const KING_NOT_LEFT_IN_CHECK: Article = Article::Laws("3.9.2");
    /// Laws 3.10: a legal move fulfils all the requirements of 3.1–3.9.
    pub const LEGAL_MOVE: Article = Article::Laws("3.10");
    /// Laws 3.10.3: a position is illegal when no series of legal moves can reach it.
    pub const IMPOSSIBLE_POSITION: Article = Article::Laws("3.10.3");
    /// Laws 3.10.2: a move that fails those requirements is illegal.
    pub const ILLEGAL_MOVE: Article = Article::Laws("3.10.2");
    /// Laws 4.2.1: only the player on move may adjust a piece, after announcing it
    /// ("j'adoube"); such a touch is no touch-move.
    pub const ADJUSTING: Article = Article::Laws("4.2.1");
    /// Laws 4.3: touch-move, the first touched piece that can be moved or captured.
    pub const TOUCH_MOVE: Article = Article::Laws("4.3");
    /// Laws 4.3.1: the first own piece touched that can be moved must be moved.
    pub const TOUCHED_OWN_PIECE: Article = Article::Laws("4.3.1");
    /// Laws 4.3.2: the first opponent's piece touched that can be captured must be captured.
    pub const TOUCHED_OPPONENT_PIECE: Article = Article::Laws("4.3.2");
    /// Laws 4.3.3: pieces of both colours touched: capture the first touched opponent's piece
    /// with the first touched own piece, else the first touched piece that can move or be taken.
    pub const TOUCHED_BOTH_COLOURS: Article = Article::Laws("4.3.3");
    /// Laws 4.4.1: king and then rook touched: castle on that side if legal.
    pub const TOUCHED_KING_AND_ROOK: Article = Article::Laws("4.4.1");
    /// Laws 4.4.2: rook and then king touched: no castling on that side; move the rook.
    pub const TOUCHED_ROOK_THEN_KING: Article = Article::Laws("4.4.2");
    /// Laws 4.4.3: king and rook touched to castle, castling illegal: another legal king
    /// move (castling on the other side included); any legal move if the king has none.
    pub const TOUCHED_KING_CASTLING_ILLEGAL: Article = Article::Laws("4.4.3");
    /// Laws 4.5: none of the touched pieces can be moved or captured: any legal move.
    pub const NO_TOUCHED_PIECE_MOVABLE: Article = Article::Laws("4.5");
    /// Laws 4.8: a touch-move claim is lost once the claimant touches a piece to move it.
    pub const TOUCH_MOVE_CLAIM_LOST: Article = Article::Laws("4.8");
    /// Laws 4.7.2: castling is made when the rook is released beside the king.
    pub const CASTLING_COMPLETED: Article = Article::Laws("4.7.2");
    /// Laws 4.7.3: a promotion is made when the new piece is released and the pawn removed.
    pub const PROMOTION_COMPLETED: Article = Article::Laws("4.7.3");
    /// Laws 5.1.1: checkmate wins.
    pub const CHECKMATE: Article = Article::Laws("5.1.1");
    /// Laws 5.1.2: resignation loses (a draw when the opponent cannot mate).
    pub const RESIGNATION: Article = Article::Laws("5.1.2");
    /// Laws 5.2.1: stalemate is a draw.
    pub const STALEMATE: Article = Article::Laws("5.2.1");
    /// Laws 5.2.2: a dead position (no series of legal moves can mate) is a draw.
    pub const DEAD_POSITION: Article = Article::Laws("5.2.2");
    /// Laws 5.2.3: a draw by agreement, valid once both players have moved.
    pub const DRAW_AGREEMENT: Article = Article::Laws("5.2.3");
    /// Laws 6.9: flag fall loses, unless the opponent cannot mate by any series of legal moves.
    pub const FLAG_FALL: Article = Article::Laws("6.9");
    /// Laws 7.5.1: after an illegal move, the position before it is restored.
    pub const ILLEGAL_MOVE_RESTORED: Article = Article::Laws("7.5.1");
    /// Laws 7.5.4: a move made with two hands counts as an illegal move.
    pub const TWO_HANDED_MOVE: Article = Article::Laws("7.5.4");
    /// Laws 7.5.5: the second completed illegal move loses, or draws when the opponent cannot
    /// mate.
    pub const SECOND_ILLEGAL_MOVE: Article = Article::Laws("7.5.5");
    /// Laws 9.2: the threefold-repetition claim.
    pub const THREEFOLD_REPETITION: Article = Article::Laws("9.2");
    /// Laws 9.3: the fifty-move claim.
    pub const FIFTY_MOVES: Article = Article::Laws("9.3");
    /// Laws 9.6.1: the same position for the fifth time ends the game drawn.
    pub const FIVEFOLD_REPETITION: Article = Article::Laws("9.6.1");
    /// Laws 9.6.2: 75 moves each without pawn move or capture end the game drawn.
    pub const SEVENTY_FIVE_MOVES: Article = Article::Laws("9.6.2");
    /// Laws 9.6: the draws the arbiter declares without a claim (fivefold, 75 moves).
    pub const AUTOMATIC_DRAWS: Article = Article::Laws("9.6");
    /// Laws A.5.4: an illegal position still on the board after the next move stands (here:
    /// a draw).
    pub const ILLEGAL_POSITION_STANDS: Article = Article::Laws("A.5.4");

    /// CR 2.1: an electronic device used at the board loses the game.
    pub const CR_ELECTRONIC_DEVICE: Article = Article::Competition("2.1");
    /// CR 2.2: proven cheating loses the game; more than three incidents disqualify.
    pub const CR_CHEATING: Article = Article::Competition("2.2");
    /// CR 3.1: an illegal move, including adding pieces and moving out of turn.
    pub const CR_ILLEGAL_MOVE: Article = Article::Competition("3.1");
    /// CR 3.3: two counted illegal moves lose the game.
    pub const CR_TWO_ILLEGAL_MOVES: Article = Article::Competition("3.3");
    /// CR 3.4: only illegal moves noticed by the arbiter or claimed by the opponent count.
    pub const CR_NOTICED_OR_CLAIMED: Article = Article::Competition("3.4");
    /// CR 3.5: the claim must come before the claimant's reply, else the move is played on.
    pub const CR_CLAIM_BEFORE_REPLY: Article = Article::Competition("3.5");
    /// CR 3.6: players may take an unnoticed illegal move back by agreement.
    pub const CR_TAKE_BACK: Article = Article::Competition("3.6");
    /// CR 3.7: moves are made with one hand; three two-handed moves make one illegal move.
    pub const CR_TWO_HANDED_MOVES: Article = Article::Competition("3.7");
    /// CR 3.8: touch-move on the opponent's demand; touches on the opponent's turn are
    /// accidental.
    pub const CR_TOUCH_MOVE: Article = Article::Competition("3.8");
    /// CR 3.9: a completed move is never taken back.
    pub const CR_COMPLETED_MOVE: Article = Article::Competition("3.9");
    /// CR 4.2: the players report the result and show the final position.
    pub const CR_REPORTED_RESULT: Article = Article::Competition("4.2");
    /// CR 4.3: play-out time, then adjudication from material and position.
    pub const CR_PLAY_OUT: Article = Article::Competition("4.3");
    /// CR 4.3–4.5: adjudication from material and position, and the wins (4.4) and draws (4.5)
    /// it gives.
    pub const CR_ADJUDICATION: Article = Article::Competition("4.3–4.5");
    /// CR 4.4: when a player wins (here: the opponent refused to continue three times).
    pub const CR_WINS: Article = Article::Competition("4.4");
    /// CR 4.6: a declaration made under coercion is void; the result is revised in favour of
    /// the coerced player.
    pub const CR_COERCION: Article = Article::Competition("4.6");
    /// CR 4.6: declarations cannot be withdrawn; a draw offer stands until answered.
    pub const CR_DRAW_OFFER: Article = Article::Competition("4.6");
}

impl Article {
    /// The article as text output writes it in `lang`: `Laws 5.1.1` / `CR 3.3` in English (as
    /// [`Display`](fmt::Display)), `Правила 5.1.1` / `ПС 3.3` (Положение соревнования) in
    /// Russian.
    pub fn label(&self, lang: crate::i18n::Lang) -> String {
        let (id, n) = match self {
            Article::Laws(n) => ("article-laws", n),
            Article::Competition(n) => ("article-cr", n),
        };
        lang.fmt(id, &[("n", n)])
    }
}

/// An article as the events, the record and the adjudication's settings write it (`Laws 3.6`,
/// `CR 3.1`): its Fluent id (`article-laws`, `article-cr`) and its number; `None` for a text
/// that is not one.
pub fn fluent_id(text: &str) -> Option<(&'static str, &str)> {
    match text.split_once(' ')? {
        ("Laws", n) => Some(("article-laws", n)),
        ("CR", n) => Some(("article-cr", n)),
        _ => None,
    }
}

/// An article written as [`fluent_id`] reads it, in `lang` (`Правила 3.6`, `ПС 3.1`); any
/// other text as it is.
pub fn text_in(text: &str, lang: crate::i18n::Lang) -> String {
    fluent_id(text).map_or_else(|| text.to_string(), |(id, n)| lang.fmt(id, &[("n", n)]))
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Article::Laws(n) => write!(f, "Laws {n}"),
            Article::Competition(n) => write!(f, "CR {n}"),
        }
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Article::Laws(n) => s.serialize_str(n),
            Article::Competition(n) => s.collect_str(&format_args!("CR {n}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_article_matches_parent_not_sibling() {
        assert!(Article::Laws("3.8.2.1").matches("3.8.2.1"));
        assert!(Article::Laws("3.8.2.1").matches("3.8.2"));
        assert!(!Article::Laws("3.8.2").matches("3.8.2.1"));
        assert!(!Article::Laws("3.8.2.2").matches("3.8.2.1"));
        assert!(!Article::Laws("3.10").matches("3.1"));
        assert!(Article::Competition("3.3").matches("CR 3.3"));
        assert!(!Article::Competition("3.3").matches("3.3"));
    }

    #[test]
    fn display_and_json() {
        assert_eq!(Article::Laws("9.2.2").to_string(), "Laws 9.2.2");
        assert_eq!(Article::Competition("3.7").to_string(), "CR 3.7");
        assert_eq!(
            serde_json::to_string(&Article::Competition("3.7")).unwrap(),
            "\"CR 3.7\""
        );
        assert_eq!(
            serde_json::to_string(&Article::Laws("5.2.2")).unwrap(),
            "\"5.2.2\""
        );
    }
}
