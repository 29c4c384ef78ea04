//! `arbiter generate --players N --rounds R --seed S [--draws PCT] [--forfeits PCT] [--byes PCT]
//! [--preset fide|detsky-mat] [-o FILE]`: a random tournament paired by the engine, as TRF.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::formats::trf::Trf;
use arbiter::tournament::generate::{GenerateConfig, generate};

use super::PresetName;

/// Arguments of `arbiter generate`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Preset of the pairing rules: `fide` (C.04.3, the default) or `detsky-mat` (CR 1.3, 1.5: up to 3 same colours in a row)")))]
pub struct Args {
    /// Number of players (2 or more).
    #[arg(long, value_parser = clap::value_parser!(u16).range(2..))]
    pub players: u16,
    /// Number of rounds (1 or more).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// Seed of the random number generator: the same seed (and options) gives the same file.
    #[arg(long)]
    pub seed: u64,
    /// Percentage of games played that are drawn.
    #[arg(long, default_value_t = 20, value_name = "PCT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub draws: u8,
    /// Percentage of games forfeited (`+`/`-`).
    #[arg(long, default_value_t = 0, value_name = "PCT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub forfeits: u8,
    /// Percentage chance that a player is absent from a round (a requested half-point bye `H`
    /// or a zero-point absence `Z`, equally often).
    #[arg(long, default_value_t = 0, value_name = "PCT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub byes: u8,
    /// Preset of the pairing rules (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetArgs,
    /// Write the TRF to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// Runs `arbiter generate`: the TRF of a complete random tournament on stdout or in a file.
///
/// Fewer than 2 players, no round or a percentage above 100 are usage errors (clap, exit
/// status 2).
///
/// # Errors
/// A round that cannot be paired even with every player present, or output that cannot be
/// written (exit status 1 in `main`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let preset = args.preset.preset.unwrap_or(PresetName::Fide);
    let config = GenerateConfig {
        players: args.players,
        rounds: args.rounds,
        seed: args.seed,
        draw_percent: args.draws,
        forfeit_percent: args.forfeits,
        bye_percent: args.byes,
        rules: super::pairing_rules(Some(preset), PresetName::Fide),
    };
    let t = generate(&config)?;
    let name = arbiter::game::preset::Preset::from(preset).name();
    let text = Trf::from_generated(&t, name).to_string();
    match &args.output {
        Some(path) => {
            arbiter::tournament::store::write_atomic(path, |w| w.write_all(text.as_bytes()))
                .with_context(|| {
                    let file = path.display().to_string();
                    args.lang.get().fmt("gen-writing", &[("file", &file)])
                })?
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
