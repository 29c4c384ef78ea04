//! Input and output formats: PGN ([`pgn`]), the JSON Lines event log ([`jsonl`]), FIDE TRF-16
//! with the TRF(x) extensions ([`trf`], converted to and from the tournament model),
//! bbpPairings' `.pairs` lists ([`pairs`]), player lists from spreadsheets
//! ([`player_list`]) and the judge's JSON verdicts read back
//! ([`verdict`]). Opening any input of games (path or `-`, compressed or not, format detected)
//! is [`input`]. SAN is resolved to moves by [`crate::laws::san`].

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

mod game_files;
pub mod input;
pub mod jsonl;
mod judged;
pub mod messages;
pub mod pairs;
pub mod pgn;
pub mod player_export;
pub mod player_list;
pub mod standings_claim;
pub mod trf;
pub mod verdict;
