//! # arbiter
//!
//! The checkable part of a chess arbiter's job, as a library:
//!
//! - [`i18n`]: the language of text output ([`i18n::Lang`], `--lang ru|en`) and its Fluent
//!   messages (`locales/`); JSON is the same in every language.
//! - [`laws`]: what the FIDE Laws of Chess (2023) say, independent of any event: named
//!   article references ([`laws::Article`]), classification of illegal moves (Art. 3.1–3.9),
//!   SAN resolved to moves (Appendix C), the automatic endings (5.1.1, 5.2.1, 5.2.2, 9.6),
//!   draw rules (Art. 9), winnability / dead position (Art. 5.2.2, 6.9, 7.5.5; the reference
//!   solver `chasolver` behind it, its helpmates replayed before they are believed), and the JSON
//!   form of shakmaty's `Color` / `ByColor`.
//! - [`adjudicate`]: play-out adjudication (CR 4.3–4.5), a function of a position and a
//!   configuration: the decision and every rule tried.
//! - [`game`]: one game under the competition rules (`CR x.y`, see
//!   `../shared/docs/competition-rules.md`): the event log, the rule presets, the judge state
//!   machine (moves, position keeping, CR 3.x penalties, claims, reported result), the verdict.
//! - [`tournament`]: the tournament model (players, rounds, round results, points in tenths),
//!   the state file, start list, standings with FIDE tie-breaks, Dutch pairing built from the
//!   model (one function per C.04.3 criterion), the free pairing checker and the random
//!   tournament generator.
//! - [`formats`]: files at the edge: any input of games opened in one place (path or `-`,
//!   compressed or not), PGN (the reader, and the adapter that judges a PGN game), JSON Lines
//!   event logs, FIDE TRF converted to and from the model, `.pairs` lists, verdicts read back.
//! - [`board`]: digital-board placement logs turned into the judge's events.
//! - [`batch`]: parallel replay of game databases.
//! - [`web`]: `arbiter serve`, the arbiter's desk: HTML pages and a JSON API over one state
//!   file, on the library calls the CLI makes.
//!
//! Layers, lowest first; code only names a lower layer (`tests/it/architecture.rs` checks it):
//! `i18n` ← `laws` ← `adjudicate` ← `game` ← `tournament` ← `formats` ← `board`, `batch` ← the CLI
//! and `web`.
//!
//! Licence: GPL-3.0-or-later (as `shakmaty`, on which the chess rules rest).

pub mod adjudicate;
pub mod batch;
pub mod board;
pub mod formats;
pub mod game;
pub mod i18n;
pub mod laws;
pub mod tournament;
pub mod web;
