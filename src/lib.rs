//! # arbiter
//!
//! The checkable part of a chess arbiter's job, as a library:
//!
//! - [`laws`]: what the FIDE Laws of Chess (2023) say, independent of any event:
//!   article references, classification of illegal moves (Art. 3.1–3.9), draw rules
//!   (Art. 9), winnability / dead position (Art. 5.2.2, 6.9, 7.5.5).
//! - [`game`]: one game under the competition rules (`CR x.y`, see
//!   `../shared/docs/competition-rules.md`): the event log, the judge state machine, the verdict.
//! - [`board`]: digital-board placement logs turned into the judge's events.
//! - [`adjudicate`]: play-out adjudication from material and position (CR 4.3).
//! - [`formats`]: PGN, JSON Lines event logs, FIDE TRF.
//! - [`tournament`]: players, rounds, results, standings with FIDE tie-breaks, Dutch pairing,
//!   the free pairing checker and the random tournament generator.
//! - [`batch`]: parallel replay of game databases.
//!
//! Licence: GPL-3.0-or-later (as `shakmaty`, on which the chess rules rest).

pub mod adjudicate;
pub mod batch;
pub mod board;
pub mod formats;
pub mod game;
pub mod laws;
pub mod preset;
pub mod tournament;
