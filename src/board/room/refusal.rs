//! Why the live room refuses an arbiter's act ([`RoomError`]), in the reader's language.

use super::BoardKey;

/// Why the room refuses an arbiter's act.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoomError {
    /// No e-board with this serial number has been heard of.
    #[error("no e-board {0} is known")]
    NoEboard(String),
    /// The board has no e-board.
    #[error("board {} of round {} has no e-board", .0.board, .0.round)]
    NotFollowed(BoardKey),
    /// No incident with this number, or not an illegal act.
    #[error("no illegal act {0} on this board")]
    NoIncident(usize),
    /// No gap with this number, or one settled already.
    #[error("no gap {0} to settle on this board")]
    NoGap(usize),
}

impl RoomError {
    /// The refusal in `lang` (Fluent `room-error-*`); English is the error's `Display`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            RoomError::NoEboard(serial) => lang.fmt("room-error-no-eboard", &[("serial", serial)]),
            RoomError::NotFollowed(at) => lang.fmt(
                "room-error-not-followed",
                &[
                    ("round", &at.round.to_string()),
                    ("board", &at.board.to_string()),
                ],
            ),
            RoomError::NoIncident(i) => {
                lang.fmt("room-error-no-incident", &[("incident", &i.to_string())])
            }
            RoomError::NoGap(i) => lang.fmt("room-error-no-gap", &[("incident", &i.to_string())]),
        }
    }
}
