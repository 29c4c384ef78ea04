//! The tournament: players, rounds, results, standings with FIDE tie-breaks (issue 6) and
//! Swiss pairing by the FIDE Dutch system ([`pairing`], issue 7).
//!
//! - [`model`]: the record — [`Tournament`]; withdrawals (CR 1.4), disqualification (CR 2.2),
//!   the pairing-allocated bye (CR 1.3); each player's round entries and points.
//! - [`player`]: [`Player`] and the limits of a player record (TRF-16's columns).
//! - [`round`]: [`Round`], [`Game`], [`Bye`], [`ByeKind`], [`GameRef`].
//! - [`result`]: [`BoardResult`] (a board's result, forfeits and double loss, CR 4.2, and the
//!   one conversion from a judged game's result), [`RoundResult`] (a player's result in a
//!   round, byes included), [`RoundEntry`], [`Scoring`] (CR 4.1).
//! - [`error`]: what goes wrong, [`TournamentError`].
//! - [`tiebreak`]: FIDE C.07 tie-breaks over a [`tiebreak::ResultTable`].
//! - [`standings`]: standings and crosstable in text and JSON, tie-break presets.
//! - [`store`]: the state file, written atomically.
//!
//! File formats (TRF, the `.pairs` list) are conversions at the edge, in [`crate::formats`]:
//! nothing here reads or writes them.

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod error;
pub mod model;
pub mod pairing;
pub mod player;
pub mod result;
pub mod round;
pub mod standings;
pub mod store;
pub mod tiebreak;

pub use error::TournamentError;
pub use model::Tournament;
pub use player::Player;
pub use result::{BoardResult, RoundEntry, RoundResult, Scoring};
pub use round::{Bye, ByeKind, Game, GameRef, Round};

/// Serde for an optional colour as the state file writes it: `"white"`, `"black"`.
pub(crate) mod colour_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::Color;

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Name {
        White,
        Black,
    }

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        c.map(|c| match c {
            Color::White => Name::White,
            Color::Black => Name::Black,
        })
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        Ok(Option::<Name>::deserialize(d)?.map(|n| match n {
            Name::White => Color::White,
            Name::Black => Color::Black,
        }))
    }
}
