//! The tournament: players, rounds, results, standings with FIDE tie-breaks (issue 6) and
//! Swiss pairing by the FIDE Dutch system ([`pairing`], issue 7).

pub mod pairing;
pub mod tiebreak;
