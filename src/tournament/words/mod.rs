//! The tournament's words: its errors written for people ([`crate::tournament::TournamentError::message`]),
//! Russian names in the dative case for diplomas ([`declension`]), and numbers and cells as
//! tables and spreadsheets write them ([`cells`]).

pub mod cells;
pub mod declension;
mod error_text;
