//! Ctrl-C (SIGINT) during `arbiter replay`: the run stops at its next game, flushes the whole
//! rows written so far and says how far it got (games, last file and game number) and how to
//! go on (`--resume`), then exits with status 130 (128 + SIGINT, as a shell reports it).
//!
//! The signal only sets a flag ([`requested`]), which the writing loop reads before each game.
//! A second Ctrl-C, or a run that does not reach its next game within 5 s (waiting on a slow
//! input), ends the process at once (with a shorter message).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Exit status of an interrupted run.
const EXIT_INTERRUPTED: i32 = 130;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the SIGINT handler (once per process; a second call changes nothing).
pub(super) fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_INTERRUPTED);
        }
        std::thread::spawn(|| {
            std::thread::sleep(Duration::from_secs(5));
            note!("arbiter replay: interrupted (Ctrl-C) while waiting for input");
            std::process::exit(EXIT_INTERRUPTED);
        });
    });
}

/// Whether Ctrl-C was pressed: the run must stop (through [`stop`]).
pub(super) fn requested() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// How far an interrupted run got.
pub(super) struct Reached<'a> {
    /// Games in the output (those a resumed run found there included).
    pub(super) games: u64,
    /// The last game written: its input and number in it.
    pub(super) last: Option<(&'a str, u64)>,
    /// The `-o` file (written as `FILE.partial`), if any.
    pub(super) output: Option<&'a Path>,
    /// Whether `--resume` can go on from the output (`--format jsonl` or `--input lines`).
    pub(super) resumable: bool,
}

/// Says how far the run got and how to go on, and ends the process (status 130). The caller
/// has flushed its output (`flushed` is how that went).
pub(super) fn stop(reached: &Reached<'_>, flushed: std::io::Result<()>) -> ! {
    let last = match reached.last {
        Some((file, index)) => format!("; the last one: {file}, game {index}"),
        None => String::new(),
    };
    let games = reached.games;
    let unit = if games == 1 { "game" } else { "games" };
    note!("arbiter replay: interrupted (Ctrl-C) after {games} {unit}{last}.");
    if let Err(e) = flushed {
        note!("arbiter replay: writing the output: {e}");
    }
    match reached.output {
        Some(path) if reached.resumable => {
            let mut partial = path.as_os_str().to_owned();
            partial.push(".partial");
            note!(
                "The output so far is in {}: run the same command with --resume to go on.",
                Path::new(&partial).display()
            );
        }
        Some(path) => {
            note!(
                "{} was not written (--resume needs --format jsonl): run the command again.",
                path.display()
            );
        }
        None => {}
    }
    std::process::exit(EXIT_INTERRUPTED);
}
