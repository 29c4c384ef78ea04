//! The event and its groups.
//!
//! - [`details`]: the event's own record (name, rounds, preset, dates, venue, arbiters)
//!   edited, a player registered by mistake deleted before round 1.
//! - [`live`]: the live room (e-boards on boards, play-outs started, incidents).

pub mod details;
pub mod live;

pub use details::*;
