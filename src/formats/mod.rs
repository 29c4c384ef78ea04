//! Input and output formats: PGN ([`pgn`]), the JSON Lines event log ([`jsonl`]) and
//! FIDE TRF-16 with the TRF(x) extensions ([`trf`]).

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod jsonl;
pub mod pgn;
pub mod trf;
