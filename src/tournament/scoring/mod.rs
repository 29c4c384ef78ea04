//! Scoring: the standings of a group with its tie-breaks (FIDE C.07), a category's standings
//! and prize lists, and the schools' team result.
//!
//! - [`standings`]: standings and crosstable in text, JSON and CSV; tie-break presets.
//! - [`tiebreak`]: FIDE C.07 tie-breaks over a [`tiebreak::ResultTable`].
//! - [`standings_check`]: a file's claimed standings checked against ours.
//! - [`category`]: a category's standings and the prize lists.
//! - [`team`]: the school team result (командный зачёт).

pub mod category;
pub mod standings;
pub mod standings_check;
pub mod team;
pub mod tiebreak;
