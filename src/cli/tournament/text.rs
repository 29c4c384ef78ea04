//! The tournament commands' own refusals: [`CliError`] (shared by every command, written in
//! the event's language by [`crate::cli::errors`]).

pub use crate::cli::errors::CliError;
