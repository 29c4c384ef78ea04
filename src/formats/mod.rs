//! Input and output formats: PGN ([`pgn`]), the JSON Lines event log ([`jsonl`]) and
//! FIDE TRF-16 with the TRF(x) extensions ([`trf`]).

pub mod jsonl;
pub mod pgn;
pub mod trf;
