//! `arbiter pair`.

use std::process::ExitCode;

/// Arguments of `arbiter pair`.
#[derive(clap::Args)]
pub struct Args {
    /// Input files (`-` for stdin).
    pub files: Vec<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: super::Format,
}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`arbiter pair` is not implemented yet")
}
