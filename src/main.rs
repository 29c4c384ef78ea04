//! `arbiter` command line: parses arguments (clap), calls the library, prints.
//!
//! Exit status: 0 — done (findings such as illegal moves are results, not errors);
//! 1 — some input could not be read or judged (the rest was still processed);
//! 2 — usage error; 3 — `check` found a round or a standings value that differs.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// mimalloc: replay allocates each game's report on a worker and frees it on the calling thread.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "A chess arbiter's engine: judge, adjudicate, replay, pair and score."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Judge games (JSONL event logs, PGN, board placement logs) under the Laws and the competition rules.
    #[command(after_help = cli::examples::JUDGE)]
    Judge(cli::judge::Args),
    /// Adjudicate an unfinished game at play-out expiry (CR 4.3).
    #[command(after_help = cli::examples::ADJUDICATE)]
    Adjudicate(cli::adjudicate::AdjudicateArgs),
    /// Can a side still checkmate by any series of legal moves (Laws 5.2.2, 6.9, 7.5.5)?
    #[command(after_help = cli::examples::WINNABLE)]
    Winnable(cli::winnable::WinnableArgs),
    /// Replay game databases in parallel and check every game and its recorded result.
    #[command(after_help = cli::examples::REPLAY)]
    Replay(cli::replay::Args),
    /// Keep a tournament: players, results, standings, TRF export.
    #[command(after_help = cli::examples::TOURNAMENT)]
    Tournament(cli::tournament::Args),
    /// Pair the next round of a Swiss tournament by the FIDE Dutch system.
    #[command(after_help = cli::examples::PAIR)]
    Pair(cli::pair::Args),
    /// Free checker: re-pair every round of a tournament and recompute its standings; report what differs.
    #[command(alias = "check-pairings")]
    Check(cli::check::Args),
    /// Random tournament generator: a complete TRF tournament paired by the engine, from a seed.
    #[command(after_help = cli::examples::GENERATE)]
    Generate(cli::generate::Args),
    /// Follow a live e-board (a DGT board on a serial port, DGT LiveChess) and record its output.
    #[command(after_help = cli::examples::BOARD)]
    Board(cli::board::Args),
    /// The arbiter's desk: serve a tournament state file as local web pages and a JSON API.
    #[command(after_help = cli::examples::SERVE)]
    Serve(cli::serve::Args),
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The language of every message, usage errors included (they come before parsing ends).
    let lang = cli::errors::lang_of_args(&args);
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return cli::errors::report_usage(&e, lang),
    };
    let outcome = match cli.command {
        Command::Judge(args) => cli::judge::run(args),
        Command::Adjudicate(args) => cli::adjudicate::run_adjudicate(args),
        Command::Winnable(args) => cli::winnable::run_winnable(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Tournament(args) => cli::tournament::run(args),
        Command::Pair(args) => cli::pair::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Generate(args) => cli::generate::run(args),
        Command::Serve(args) => cli::serve::run(args),
        Command::Board(args) => cli::board::run(args),
    };
    match outcome {
        Ok(code) => code,
        // A reader that closed the pipe (`arbiter … | head`) wants no more output: stop quietly.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Never panic on a closed stderr either.
            let _ = writeln!(
                std::io::stderr(),
                "arbiter: {}",
                cli::errors::error_text(&err, lang)
            );
            ExitCode::from(1)
        }
    }
}

/// True when some error in the chain is a broken pipe on output.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
