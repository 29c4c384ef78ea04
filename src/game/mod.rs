//! One game under the competition rules: the event log ([`event`]), the named rule presets
//! ([`preset`]) and the thresholds they select ([`rules`]), the judge state machine ([`judge`]) and its [`verdict`].
//!

pub mod event;
pub mod findings;
pub mod judge;
pub mod place;
pub mod preset;
mod record_problem;
pub mod rules;
pub mod setup;
pub mod summary;
pub mod verdict;
