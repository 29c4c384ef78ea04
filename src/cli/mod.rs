//! One module per subcommand; each has its clap `Args` and a `run` returning the exit code.

/// `eprintln!` that never panics: a closed standard error must not stop a command (the
/// results go to standard output; the exit status still tells of errors). Defined before the
/// modules, so that they all see it.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod adjudicate;
pub mod judge;
pub mod pair;
pub mod replay;
pub mod tournament;

/// `--format text|json`, shared by the commands that have no other formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For programs: one JSON object per record (JSON Lines when there are several).
    Json,
}
