//! A group's records: what a group of the event ([`crate::tournament::event::Group`]) keeps —
//! its players, its rounds with their games, byes and results, its categories — and every
//! change the arbiter makes to them, each checked against the Competition Rules.
//!
//! - [`model`]: the record of a group, [`Tournament`](crate::tournament::Tournament);
//!   withdrawals (CR 1.4), disqualification (CR 2.2), the pairing-allocated bye (CR 1.3); each
//!   player's round entries and points.
//! - [`player`]: [`Player`](crate::tournament::Player) and the limits of a player record
//!   (TRF-16's columns).
//! - [`round`]: rounds, games, byes; [`result`]: results and points (CR 4.1, 4.2).
//! - [`start_list`]: the initial ranking (rating, title, name) and when it freezes.
//! - [`manual`]: checks on a manual pairing (rematch, player left out; forced with a reason),
//!   forbidden pairs.
//! - [`history`]: a board's results replaced since, with what replaced them, when and by whom.
//! - [`judged`]: a judge's verdict recorded as a board's result (its players, CR 4.2).
//! - [`categories`]: the group's categories and prize settings.
//! - [`fide_mode`]: FIDE mode (C.02) and its notes; [`lots`]: the drawing of lots.
//! - [`pairing_list`]: a round's pairing list by board and by name.
//! - [`round_robin`]: a round robin group paired from its Berger table, a round or all.

pub mod categories;
pub mod fide_mode;
pub mod history;
pub mod judged;
pub mod lots;
pub mod manual;
pub mod model;
pub mod pairing_list;
pub mod player;
pub mod result;
pub mod round;
pub mod round_robin;
pub mod start_list;
