//! `arbiter generate --players N --rounds R --seed S [--draws PCT] [--forfeits PCT] [--byes PCT]
//! [--withdrawals PCT] [--forbidden N] [--acceleration baku] [--preset fide|detsky-mat]
//! [-o FILE | --count K -o DIR]`: random tournaments paired by the engine, as TRF-2026.

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
    /// Percentage chance that a player still in the event withdraws before a round (`Z` in
    /// every later round).
    #[arg(long, default_value_t = 0, value_name = "PCT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub withdrawals: u8,
    /// Number of forbidden pairs to draw (TRF `260`; each in every round, or in a span of
    /// rounds).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub forbidden: u16,
    /// `baku`: the Baku acceleration (C.04.5.1; TRF `192`, `250`).
    #[arg(long, value_enum)]
    pub acceleration: Option<GenAcceleration>,
    /// Generate this many tournaments, from the seed up (seed, seed + 1, …), into the folder
    /// `-o DIR` as `SEED.trf`; a seed whose tournament cannot be paired to the end is said on
    /// standard error and skipped.
    #[arg(long, value_name = "K", requires = "output")]
    pub count: Option<u64>,
    /// Preset of the pairing rules (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetArgs,
    /// Write the TRF to this file (atomically) instead of standard output; with `--count`, the
    /// folder to write the files in (created if missing).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// `--acceleration`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GenAcceleration {
    /// The Baku Acceleration Method (C.04.5.1).
    Baku,
}

/// Runs `arbiter generate`: the TRF of a complete random tournament on stdout or in a file,
/// or with `--count` that many tournaments in a folder.
///
/// Fewer than 2 players, no round or a percentage above 100 are usage errors (clap, exit
/// status 2).
///
/// # Errors
/// A round that cannot be paired even with every player present (one tournament), or output
/// that cannot be written (exit status 1 in `main`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let preset = args.preset.preset.unwrap_or(PresetName::Fide);
    let lang = args.lang.get();
    let config = |seed: u64| GenerateConfig {
        players: args.players,
        rounds: args.rounds,
        seed,
        draw_percent: args.draws,
        forfeit_percent: args.forfeits,
        bye_percent: args.byes,
        withdraw_percent: args.withdrawals,
        forbidden_pairs: args.forbidden,
        acceleration: args.acceleration.is_some(),
        rules: super::pairing_rules(Some(preset), PresetName::Fide),
    };
    let name = arbiter::game::preset::Preset::from(preset).name();
    let write = |path: &std::path::Path, text: &str| -> anyhow::Result<()> {
        arbiter::tournament::store::write_atomic(path, |w| w.write_all(text.as_bytes()))
            .with_context(|| {
                let file = path.display().to_string();
                lang.fmt("gen-writing", &[("file", &file)])
            })
    };
    if let (Some(count), Some(dir)) = (args.count, &args.output) {
        std::fs::create_dir_all(dir).with_context(|| dir.display().to_string())?;
        let (mut made, mut stopped) = (0u64, 0u64);
        for seed in args.seed..args.seed.saturating_add(count) {
            match generate(&config(seed)) {
                Ok(t) => {
                    let text = Trf::from_generated(&t, name).to_string();
                    write(&dir.join(format!("{seed}.trf")), &text)?;
                    made += 1;
                }
                Err(e @ arbiter::tournament::generate::GenerateError::Pairing { .. }) => {
                    stopped += 1;
                    note!(
                        "arbiter: {}",
                        lang.fmt(
                            "gen-seed-stopped",
                            &[("seed", &seed.to_string()), ("reason", &e.to_string())]
                        )
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
        note!(
            "arbiter: {}",
            lang.fmt(
                "gen-count",
                &[
                    ("made", &made.to_string()),
                    ("stopped", &stopped.to_string()),
                    ("dir", &dir.display().to_string())
                ]
            )
        );
        return Ok(ExitCode::SUCCESS);
    }
    let t = generate(&config(args.seed))?;
    let text = Trf::from_generated(&t, name).to_string();
    match &args.output {
        Some(path) => write(path, &text)?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
