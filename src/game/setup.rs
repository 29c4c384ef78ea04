//! Start positions from FEN, with the reasons a FEN is refused named as the rules vectors name
//! them (`../shared/vectors/rules/README.md`, `fen_error`).
//!

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, PositionErrorKinds};

use crate::i18n::Lang;
use crate::laws::Article;

/// Why a FEN cannot start a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenProblem {
    /// Not FEN syntax.
    Syntax,
    /// The en-passant square is not one a pawn just passed over.
    InvalidEpSquare,
    /// Castling rights without king and rook on their original squares.
    BadCastlingRights,
    /// A check that no legal move can have given.
    ImpossibleCheck,
    /// The side not to move is in check.
    OppositeCheck,
    /// More than two pieces give check.
    TooManyCheckers,
    /// More than one king of a colour.
    TooManyKings,
    /// No white king.
    NoWhiteKing,
    /// No black king.
    NoBlackKing,
    /// A pawn on the first or last rank.
    PawnsOnBackrank,
    /// More material than a game can produce, or an empty board.
    ImpossibleMaterial,
}

impl FenProblem {
    /// The snake_case name (the rules vectors' `fen_error`).
    pub fn code(self) -> &'static str {
        match self {
            FenProblem::Syntax => "syntax",
            FenProblem::InvalidEpSquare => "invalid_ep_square",
            FenProblem::BadCastlingRights => "bad_castling_rights",
            FenProblem::ImpossibleCheck => "impossible_check",
            FenProblem::OppositeCheck => "opposite_check",
            FenProblem::TooManyCheckers => "too_many_checkers",
            FenProblem::TooManyKings => "too_many_kings",
            FenProblem::NoWhiteKing => "no_white_king",
            FenProblem::NoBlackKing => "no_black_king",
            FenProblem::PawnsOnBackrank => "pawns_on_backrank",
            FenProblem::ImpossibleMaterial => "impossible_material",
        }
    }
}

impl FenProblem {
    /// The article the problem breaks: Laws 3.10.3 (a position no series of legal moves can
    /// reach) for the impossible positions, the castling and en-passant articles for rights
    /// that cannot exist; `None` for bad syntax.
    pub fn article(self) -> Option<Article> {
        match self {
            FenProblem::Syntax => None,
            FenProblem::InvalidEpSquare => Some(Article::EN_PASSANT),
            FenProblem::BadCastlingRights => Some(Article::CASTLING_RIGHTS),
            _ => Some(Article::IMPOSSIBLE_POSITION),
        }
    }

    /// What is wrong, in words, with the article: "the side not to move is in check (Laws
    /// 3.10.3: no series of legal moves reaches this position)".
    pub fn describe(self, lang: Lang) -> String {
        let words = lang.msg(&format!("fen-{}", self.code()));
        match self.article() {
            Some(a) if a == Article::IMPOSSIBLE_POSITION => lang.fmt(
                "fen-impossible",
                &[("what", &words), ("article", &a.label(lang))],
            ),
            Some(a) => format!("{words} ({})", a.label(lang)),
            None => words,
        }
    }
}

/// What a FEN says that the standard does not allow but that can be read anyway: reported as a
/// warning, the position still used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenWarning {
    /// Fullmove number 0: FEN counts moves from 1 (read as 1, as shakmaty does; several
    /// puzzle exporters write `0`).
    FullmoveZero,
}

impl FenWarning {
    /// The snake_case name.
    pub fn code(self) -> &'static str {
        match self {
            FenWarning::FullmoveZero => "fullmove_zero",
        }
    }

    /// The warning in words.
    pub fn describe(self, lang: Lang) -> String {
        lang.msg(&format!("fen-{}", self.code()))
    }
}

/// The warnings for a FEN that is read (see [`FenWarning`]); empty for `startpos` or a FEN
/// without counters.
///
/// ```
/// use arbiter::game::setup::{FenWarning, fen_warnings};
///
/// assert_eq!(fen_warnings("4k3/8/8/8/8/8/8/4K3 w - - 1 0"), [FenWarning::FullmoveZero]);
/// assert!(fen_warnings("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_empty());
/// ```
pub fn fen_warnings(fen: &str) -> Vec<FenWarning> {
    let mut out = Vec::new();
    if fen.split_whitespace().nth(5) == Some("0") {
        out.push(FenWarning::FullmoveZero);
    }
    out
}

/// The problems in words, joined (English for `Display`).
fn described(problems: &[FenProblem], lang: Lang) -> String {
    problems
        .iter()
        .map(|p| p.describe(lang))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A refused FEN: every problem found (a FEN can break several rules at once).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN {fen:?}: {}", described(problems, Lang::En))]
pub struct FenError {
    /// The FEN as given.
    pub fen: String,
    /// What is wrong, most basic first.
    pub problems: Vec<FenProblem>,
}

impl FenError {
    /// The error in `lang` (English is the `Display`).
    pub fn message(&self, lang: Lang) -> String {
        lang.fmt(
            "fen-invalid",
            &[
                ("fen", &self.fen),
                ("problems", &described(&self.problems, lang)),
            ],
        )
    }
}

/// Reads a start position. `"startpos"` (or an empty string) is the standard start position.
/// Missing halfmove and fullmove fields default to 0 and 1. `mode` selects standard or
/// Chess960 castling.
///
/// # Errors
/// [`FenError`] listing every problem shakmaty's validation reports.
pub fn parse_fen(fen: &str, mode: CastlingMode) -> Result<Chess, FenError> {
    let trimmed = fen.trim();
    if trimmed.is_empty() || trimmed == "startpos" {
        return Ok(Chess::default());
    }
    let err = |problems| FenError {
        fen: fen.to_owned(),
        problems,
    };
    let parsed: Fen = trimmed.parse().map_err(|_| err(vec![FenProblem::Syntax]))?;
    let setup = parsed.as_setup().clone();
    Chess::from_setup(parsed.into_setup(), mode).map_err(|e| {
        let kinds = e.kinds();
        let mut problems = Vec::new();
        if kinds.contains(PositionErrorKinds::MISSING_KING) {
            for (color, problem) in [
                (Color::White, FenProblem::NoWhiteKing),
                (Color::Black, FenProblem::NoBlackKing),
            ] {
                if setup.board.king_of(color).is_none() {
                    problems.push(problem);
                }
            }
        }
        if kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
            problems.push(FenProblem::TooManyKings);
        }
        if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
            problems.push(FenProblem::PawnsOnBackrank);
        }
        if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
            problems.push(FenProblem::BadCastlingRights);
        }
        if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
            problems.push(FenProblem::InvalidEpSquare);
        }
        if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
            problems.push(FenProblem::OppositeCheck);
        }
        if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
            let checkers = setup
                .board
                .king_of(setup.turn)
                .map(|k| {
                    setup
                        .board
                        .attacks_to(k, !setup.turn, setup.board.occupied())
                        .count()
                })
                .unwrap_or(0);
            problems.push(if checkers > 2 {
                FenProblem::TooManyCheckers
            } else {
                FenProblem::ImpossibleCheck
            });
        }
        if kinds.intersects(PositionErrorKinds::TOO_MUCH_MATERIAL | PositionErrorKinds::EMPTY_BOARD)
        {
            problems.push(FenProblem::ImpossibleMaterial);
        }
        if problems.is_empty() {
            problems.push(FenProblem::Syntax);
        }
        err(problems)
    })
}

/// The FEN of a position (en-passant square only when a capture is legal, as shakmaty writes
/// it by default for `Legal`), as a value: its text is written only when displayed.
pub fn fen_of(pos: &Chess) -> Fen {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
}

/// A position given whole as FEN (`arbiter adjudicate --fen`, `arbiter winnable --fen`): read
/// as written, with standard castling; unlike [`parse_fen`], `startpos` and an empty string are
/// not positions.
///
/// # Errors
/// [`PositionFenError`]: syntax, or an illegal position with shakmaty's reason kept and the
/// problems said in words ([`PositionFenError::problems`], [`FenProblem`], Laws 3.10.3).
pub fn position_from_fen(fen: &str) -> Result<Chess, PositionFenError> {
    read_position(fen, false)
}

/// A position to *analyse* (`arbiter winnable`): as [`position_from_fen`], but a position that
/// shakmaty refuses only for its material (more pieces than promotions could have made, e.g.
/// three white bishops and all eight pawns) is still read: every move from it is still legal
/// play (Art. 3), so winnability is still a question. Any other problem is refused.
///
/// # Errors
/// [`PositionFenError`] as [`position_from_fen`].
///
/// ```
/// use arbiter::game::setup::{position_from_fen, position_for_analysis};
/// // Nine white pawns: not a game position, still a position to analyse.
/// let fen = "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1";
/// assert!(position_from_fen(fen).is_err());
/// assert!(position_for_analysis(fen).is_ok());
/// assert!(position_for_analysis("8/8/8/8/8/8/8/K7 w - - 0 1").is_err());
/// ```
pub fn position_for_analysis(fen: &str) -> Result<Chess, PositionFenError> {
    read_position(fen, true)
}

/// [`position_from_fen`], and with `extra_material` [`position_for_analysis`].
fn read_position(fen: &str, extra_material: bool) -> Result<Chess, PositionFenError> {
    let parsed: Fen = fen.parse().map_err(|source| PositionFenError::Syntax {
        fen: fen.to_owned(),
        source,
    })?;
    let illegal = |reason| PositionFenError::Illegal {
        fen: fen.to_owned(),
        reason: Box::new(reason),
    };
    match parsed.into_position(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(e) if extra_material => e.ignore_too_much_material().map_err(illegal),
        Err(e) => Err(illegal(e)),
    }
}

/// A FEN that is not a position, from [`position_from_fen`].
#[derive(Debug, thiserror::Error)]
pub enum PositionFenError {
    /// Not FEN syntax.
    #[error("invalid FEN {fen:?}")]
    Syntax {
        /// The FEN as given.
        fen: String,
        /// shakmaty's reason.
        source: shakmaty::fen::ParseFenError,
    },
    /// FEN syntax, but no legal position.
    #[error("illegal position in FEN {fen:?}: {}", described(&self.problems(), Lang::En))]
    Illegal {
        /// The FEN as given.
        fen: String,
        /// shakmaty's reason (not a `source`: the problems above say it in words).
        reason: Box<shakmaty::PositionError<Chess>>,
    },
}

impl PositionFenError {
    /// The error in `lang`, the problems in words with their article (English is the
    /// `Display`).
    pub fn message(&self, lang: Lang) -> String {
        let fen = match self {
            PositionFenError::Syntax { fen, .. } | PositionFenError::Illegal { fen, .. } => fen,
        };
        lang.fmt(
            "fen-invalid",
            &[
                ("fen", fen),
                ("problems", &described(&self.problems(), lang)),
            ],
        )
    }

    /// What is wrong, named as the rules vectors name it (as [`FenError::problems`]).
    pub fn problems(&self) -> Vec<FenProblem> {
        match self {
            PositionFenError::Syntax { .. } => vec![FenProblem::Syntax],
            PositionFenError::Illegal { fen, .. } => parse_fen(fen, CastlingMode::Standard)
                .err()
                .map_or_else(|| vec![FenProblem::Syntax], |e| e.problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn problems_are_named() {
        let e = parse_fen(
            "rnbqkbnr/pppp2pp/5p2/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e5 0 1",
            CastlingMode::Standard,
        )
        .unwrap_err();
        assert_eq!(e.problems, vec![FenProblem::InvalidEpSquare]);
        let e = parse_fen("8/8/8/8/8/8/8/K7 w - - 0 1", CastlingMode::Standard).unwrap_err();
        assert_eq!(e.problems, vec![FenProblem::NoBlackKing]);
        let e = parse_fen("not a fen", CastlingMode::Standard).unwrap_err();
        assert_eq!(e.problems, vec![FenProblem::Syntax]);
        // Missing counters default to 0 and 1.
        let pos = parse_fen("4k3/8/8/8/8/8/8/4K3 w -", CastlingMode::Standard).unwrap();
        assert_eq!((pos.halfmoves(), pos.fullmoves().get()), (0, 1));
    }

    #[test]
    fn problems_are_said_in_words_with_the_article_in_english_and_russian() {
        // The side not on move (Black) is in check from the e2 queen.
        let e = parse_fen("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", CastlingMode::Standard).unwrap_err();
        assert_eq!(e.problems, vec![FenProblem::OppositeCheck]);
        assert_eq!(
            e.to_string(),
            "invalid FEN \"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1\": the side not to move is in check \
             (Laws 3.10.3: no series of legal moves can reach this position)"
        );
        assert!(!e.to_string().contains("opposite_check"));
        let ru = e.message(Lang::Ru);
        assert!(ru.contains("Правила 3.10.3"), "{ru}");
        // Three checkers on the e1 king (rooks a1/e8 are not enough: queen h4, rook e8,
        // knight d3): impossible.
        let e = parse_fen("4r2k/8/8/8/7q/3n4/8/4K3 w - - 0 1", CastlingMode::Standard).unwrap_err();
        assert_eq!(e.problems, vec![FenProblem::TooManyCheckers]);
        assert!(e.to_string().contains("Laws 3.10.3"), "{e}");
        let e = parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1", CastlingMode::Standard).unwrap_err();
        assert!(e.to_string().contains("(Laws 3.8.2.1)"), "{e}");
        assert_eq!(
            FenWarning::FullmoveZero.describe(Lang::En),
            "fullmove number 0: FEN counts moves from 1 (read as 1)"
        );
    }

    #[test]
    fn a_whole_position_keeps_shakmatys_reason_and_the_problems() {
        let e = position_from_fen("not a fen").unwrap_err();
        assert_eq!(e.problems(), vec![FenProblem::Syntax]);
        let e = position_from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
        assert_eq!(e.problems(), vec![FenProblem::NoBlackKing]);
        assert_eq!(
            e.to_string(),
            "illegal position in FEN \"8/8/8/8/8/8/8/K7 w - - 0 1\": there is no black king \
             (Laws 3.10.3: no series of legal moves can reach this position)"
        );
        assert!(position_from_fen("startpos").is_err());
        assert!(position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    }
}
