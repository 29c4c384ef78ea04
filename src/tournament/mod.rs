//! The tournament: an event of one or more groups, each a record of players, rounds and
//! results paired by its system (the FIDE Dutch Swiss, C.04.3, or a round robin by the Berger
//! tables, C.05 Annex 1) and scored by its tie-breaks (C.07).
//!
//! The rooms:
//!
//! - [`event`]: the event and its groups; the event's own record (name, dates, venue,
//!   arbiters, preset), the live room.
//! - [`group`]: a group's records — [`Tournament`] (players, rounds, byes, results,
//!   withdrawals CR 1.4, disqualification CR 2.2), [`Player`], [`Round`], results and points
//!   ([`BoardResult`], [`RoundResult`], [`Points`], CR 4.1), the start list, manual pairings,
//!   judged results, categories, FIDE mode, the drawing of lots, a round's pairing list.
//! - [`pairing`]: the pairing systems side by side — the Dutch system (C.04.3) and the round
//!   robin (Berger tables) — behind one interface the model calls; the free pairing checker.
//! - [`scoring`]: standings, tie-breaks (C.07), a file's claimed standings checked against
//!   them, categories' standings and prize lists, the school team result.
//! - [`words`]: the errors written for people, Russian declension, numbers and cells.
//! - [`record`]: the event's record, one SQLite database per event (the one room that knows
//!   SQL): the event in rows, the journal, the live room's captures and incidents, the
//!   conversion of the JSON state files kept before it; [`journal`]: every change journalled
//!   with it, the one way to change it ([`journal::apply`]), and undo; [`store`]: loading the
//!   event and its file's errors, files written atomically.
//! - [`forbidden`]: players who must not meet (TRF `XXP`, TRF-2026 `260`) and their rounds.
//! - [`error`]: what goes wrong, [`TournamentError`].
//! - [`generate`]: the random tournament generator (FIDE's RTG).
//!
//! The names used before the rooms (`tournament::model`, `tournament::standings`, …) stay as
//! re-exports. File formats (TRF, the `.pairs` list) are conversions at the edge, in
//! [`crate::formats`]: nothing here reads or writes them, and nothing here knows the pages.

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod error;
pub mod event;
pub mod forbidden;
pub mod generate;
pub mod group;
pub mod journal;
pub mod pairing;
pub mod record;
pub mod scoring;
pub mod store;
pub mod words;

pub use event::live;
pub use group::{
    fide_mode, history, judged, lots, manual, model, pairing_list, player, result, round,
    start_list,
};
pub use scoring::{standings, standings_check, tiebreak};
pub use words::declension;

/// Categories and prizes of a school event: the group's categories as its record keeps them
/// ([`crate::tournament::group::categories`]) and their standings and prize lists
/// ([`crate::tournament::scoring::category`]).
pub mod category {
    pub use super::group::categories::*;
    pub use super::scoring::category::*;
}

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
