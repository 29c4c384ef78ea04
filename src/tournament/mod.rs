//! The tournament: players, rounds, results, standings with FIDE tie-breaks (C.07) and
//! Swiss pairing by the FIDE Dutch system ([`pairing`], C.04.3).
//!
//! - [`model`]: the record — [`Tournament`]; withdrawals (CR 1.4), disqualification (CR 2.2),
//!   the pairing-allocated bye (CR 1.3); each player's round entries and points.
//! - [`category`]: categories (grade, sex, birth year, age, rating band) with their
//!   standings and prize lists, [`category::Awards`].
//! - [`declension`]: Russian names in the dative case for diplomas.
//! - [`player`]: [`Player`] and the limits of a player record (TRF-16's columns).
//! - [`round`]: [`Round`], [`Game`], [`Bye`], [`ByeKind`], [`GameRef`].
//! - [`result`]: [`BoardResult`] (a board's result, forfeits and double loss, CR 4.2, and the
//!   one conversion from a judged game's result), [`RoundResult`] (a player's result in a
//!   round, byes included), [`RoundEntry`], [`Scoring`] (CR 4.1) in [`Points`] (tenths).
//! - [`error`]: what goes wrong, [`TournamentError`].
//! - [`event`]: the event's own record (name, rounds, preset, dates, venue, arbiters) edited,
//!   a player registered by mistake deleted before round 1.
//! - [`tiebreak`]: FIDE C.07 tie-breaks over a [`tiebreak::ResultTable`].
//! - [`standings`]: standings and crosstable in text and JSON, tie-break presets;
//!   [`standings_check`]: a file's claimed standings checked against them.
//! - [`record`]: the event's record, one SQLite database per event (the one room that knows
//!   SQL): the event in rows, the journal, the live room's captures and incidents, the
//!   conversion of the JSON state files kept before it.
//! - [`store`]: loading the event and its file's errors; files written atomically.
//! - [`journal`]: every change journalled with it (who, when, what, the rows changed), the one
//!   way to change it ([`journal::apply`]), and undo.
//! - [`start_list`]: the initial ranking (rating, title, name) and when it freezes.
//! - [`manual`]: checks on a manual pairing (rematch, player left out; forced with a reason),
//!   forbidden pairs.
//! - [`judged`]: a judge's verdict recorded as a board's result (its players, CR 4.2).
//! - [`pairing_list`]: a round's pairing list by board and by name.
//! - [`generate`]: the random tournament generator (FIDE's RTG); the free pairing checker
//!   (FPC) is [`pairing::check`].
//!
//! File formats (TRF, the `.pairs` list) are conversions at the edge, in [`crate::formats`]:
//! nothing here reads or writes them.

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod category;
pub mod declension;
pub mod error;
mod error_text;
pub mod event;
pub mod fide_mode;
pub mod generate;
pub mod journal;
pub mod judged;
pub mod live;
pub mod lots;
pub mod manual;
pub mod model;
pub mod pairing;
pub mod pairing_list;
pub mod player;
pub mod record;
pub mod result;
pub mod round;
pub mod standings;
pub mod standings_check;
pub mod start_list;
pub mod store;
pub mod tiebreak;

pub use error::TournamentError;
pub use model::{ForbiddenPair, Tournament};
pub use player::{Player, Sex};
pub use result::{BoardResult, Points, RoundEntry, RoundResult, Scoring};
pub use round::{
    AdjudicatedResult, Bye, ByeKind, DecidedBy, ForcedPairing, Game, GameRef, JudgedResult, Round,
};

#[cfg(test)]
mod tests {
    use super::Tournament;

    /// A state file as the crate has always written it (colour names, points as decimal
    /// numbers) loads, and is written back byte for byte.
    #[test]
    fn state_file_text_is_kept() {
        let text = r#"{
  "name": "T",
  "total_rounds": 3,
  "initial_colour": "black",
  "scoring": {
    "win": 1.0,
    "draw": 0.5,
    "loss": 0.0,
    "forfeit_win": 1.0,
    "forfeit_loss": 0.0,
    "zero_point_bye": 0.0,
    "pairing_allocated_bye": 1.0
  },
  "players": [
    {
      "start_rank": 1,
      "name": "A"
    },
    {
      "start_rank": 2,
      "name": "B"
    }
  ],
  "rounds": [
    {
      "number": 1,
      "games": [
        {
          "board": 1,
          "white": 2,
          "black": 1,
          "result": "double_loss"
        }
      ],
      "byes": []
    }
  ]
}"#;
        let t: Tournament = serde_json::from_str(text).unwrap();
        assert_eq!(t.initial_colour, Some(shakmaty::Color::Black));
        assert_eq!(serde_json::to_string_pretty(&t).unwrap(), text);
        let t: Tournament =
            serde_json::from_str(r#"{"name": "T", "total_rounds": 1, "players": []}"#).unwrap();
        assert_eq!(t.initial_colour, None);
        assert_eq!(t.scoring, super::Scoring::default());
    }
}
