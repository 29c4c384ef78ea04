//! What the FIDE Laws of Chess (2023 edition) say, independent of any event.
//!
//! - [`article`]: [`Article`] references used in every explanation.
//! - [`check`]: check and pins (Art. 3.9), for the short cuts of the replay's hot path.
//! - [`illegal`]: classification of an attempted physical move into the article it breaks.
//! - [`san`]: SAN resolved to the legal move it names, fast (Appendix C; the replay's hot path),
//!   and the physical move an illegal SAN describes.
//! - [`serde_color`]: JSON for shakmaty's `Color` and `ByColor` (`"white"`, `{"white": …}`).
//! - [`ending`]: the automatic endings after a move (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2).
//! - [`draw`]: repetition table, 50/75-move counters, position identity (Art. 9).
//! - [`winnability`]: can a side still checkmate by any series of legal moves
//!   (Art. 5.2.2 dead position, 6.9, 7.5.5)?

pub mod article;
pub mod check;
pub mod draw;
pub mod ending;
pub mod illegal;
pub mod san;
pub mod serde_color;
pub mod touch;
pub mod winnability;

pub use article::Article;

/// A standard-chess position from a FEN, for the unit tests of the Laws (panics on a bad or
/// illegal FEN: the tests' positions are hand-written).
#[cfg(test)]
pub(crate) fn test_position(fen: &str) -> shakmaty::Chess {
    fen.parse::<shakmaty::fen::Fen>()
        .expect("test FEN parses")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("test FEN is legal")
}
