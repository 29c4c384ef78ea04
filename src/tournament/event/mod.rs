//! The event and its groups.
//!
//! - [`details`]: the event's own record (name, rounds, preset, dates, venue, arbiters)
//!   edited, a player registered by mistake deleted before round 1.
//! - [`groups`]: the event of one or more groups ([`Event`], [`Group`]): the event's settings
//!   once, each group a record of its own; a player moved between groups before round 1.
//! - [`live`]: the live room (e-boards on boards, play-outs started, incidents).

pub mod details;
pub mod groups;
pub mod live;

pub use details::*;
pub use groups::{Event, Group};
