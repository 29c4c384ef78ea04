//! One module per subcommand; each has its clap `Args` and a `run` returning the exit code.

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
