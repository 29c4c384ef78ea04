//! One game under the competition rules: the event log ([`event`]), the rule presets
//! ([`rules`]), the judge state machine ([`judge`]) and its [`verdict`].
//!
//! (Owned by the judge work, issue 2.)

pub mod event;
pub mod judge;
pub mod rules;
pub mod setup;
pub mod verdict;
