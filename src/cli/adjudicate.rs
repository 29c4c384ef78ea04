//! `arbiter adjudicate` and `arbiter winnable`.

use std::process::ExitCode;

/// Arguments of `arbiter adjudicate`.
#[derive(clap::Args)]
pub struct AdjudicateArgs {
    /// The position to adjudicate, as FEN.
    #[arg(long)]
    pub fen: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: super::Format,
}

/// Arguments of `arbiter winnable`.
#[derive(clap::Args)]
pub struct WinnableArgs {
    /// The position, as FEN.
    #[arg(long)]
    pub fen: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: super::Format,
}

/// Runs `arbiter adjudicate`.
pub fn run_adjudicate(_args: AdjudicateArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`arbiter adjudicate` is not implemented yet")
}

/// Runs `arbiter winnable`.
pub fn run_winnable(_args: WinnableArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`arbiter winnable` is not implemented yet")
}
