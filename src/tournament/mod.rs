//! The tournament: players, rounds, results, standings with FIDE tie-breaks (issue 6) and
//! Swiss pairing by the FIDE Dutch system ([`pairing`], issue 7).
//!
//! - [`model`]: the record — [`Tournament`], [`Player`], [`Round`], [`Game`], [`GameResult`],
//!   [`Bye`]; withdrawals (CR 1.4), disqualification (CR 2.2), double loss (CR 4.2), the
//!   pairing-allocated bye (CR 1.3); TRF import and export.
//! - [`tiebreak`]: FIDE C.07 tie-breaks over a [`tiebreak::ResultTable`].
//! - [`standings`]: standings and crosstable in text and JSON, tie-break presets.
//! - [`store`]: the state file, written atomically.

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod model;
pub mod pairing;
pub mod standings;
pub mod store;
pub mod tiebreak;

pub use model::{
    Bye, ByeKind, Game, GameRef, GameResult, Player, Round, Tournament, TournamentError,
};
