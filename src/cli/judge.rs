//! `arbiter judge FILE...`: judge JSONL event logs and PGN games under the Laws and the
//! competition rules. Prints one verdict per game (text, or JSON Lines with `--format json`).
//!
//! Exit status: 0 when every game was judged; 1 when some input could not be read or judged
//! (message with file, line or game, and event); 2 on usage errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use arbiter::formats::jsonl::{self, JsonlError};
use arbiter::formats::pgn::PgnReader;
use arbiter::game::judge::{Judge, JudgeError, JudgeOptions, judge_pgn_game};
use arbiter::game::rules::{CompetitionRules, Preset};
use arbiter::game::verdict::Verdict;
use serde::Serialize;

/// Arguments of `arbiter judge`.
#[derive(clap::Args)]
pub struct Args {
    /// Input files: JSONL event logs or PGN (by extension, else by content); `-` for stdin.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Rule preset (overrides a header's `rules`): `detsky-mat` (CR 3.3, 3.7) or `fide`
    /// (Laws 7.5). Default: the header's, else detsky-mat.
    #[arg(long)]
    pub rules: Option<Preset>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: super::Format,
    /// Include the per-event trace in every verdict.
    #[arg(long)]
    pub trace: bool,
    /// Input format: `auto` (extension, then content), `jsonl` or `pgn`.
    #[arg(long, value_enum, default_value_t)]
    pub input: InputFormat,
}

/// How to read an input file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// By extension (`.jsonl`, `.ndjson`, `.pgn`), else by the first character.
    #[default]
    Auto,
    /// JSON Lines event log.
    Jsonl,
    /// PGN.
    Pgn,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    index: usize,
    #[serde(flatten)]
    verdict: &'a Verdict,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = JudgeOptions { trace: args.trace };
    let rules = args.rules.map(CompetitionRules::preset);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for path in &args.files {
        let name = path.display().to_string();
        let input: Box<dyn Read> = if path.as_os_str() == "-" {
            Box::new(io::stdin().lock())
        } else {
            match File::open(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("arbiter: {name}: {e}");
                    failed = true;
                    continue;
                }
            }
        };
        let mut input = BufReader::with_capacity(1 << 16, input);
        let format = match args.input {
            InputFormat::Auto => detect(path, &mut input).with_context(|| name.clone())?,
            f => f,
        };
        let mut emit = |game: usize, verdict: &Verdict| -> io::Result<()> {
            match args.format {
                super::Format::Json => {
                    serde_json::to_writer(
                        &mut out,
                        &Output {
                            file: name.clone(),
                            index: game,
                            verdict,
                        },
                    )?;
                    writeln!(out)
                }
                super::Format::Text => writeln!(out, "{name} game {game}: {verdict}"),
            }
        };
        match format {
            InputFormat::Pgn => {
                for game in PgnReader::new(input) {
                    match game {
                        Ok(g) => match judge_pgn_game(&g, rules.unwrap_or_default(), options) {
                            Ok(v) => emit(g.index + 1, &v)?,
                            Err(e) => {
                                eprintln!(
                                    "arbiter: {name}: game {} (byte offset {}): {e}",
                                    g.index + 1,
                                    g.offset
                                );
                                failed = true;
                            }
                        },
                        Err(e) => {
                            eprintln!("arbiter: {name}: {e}");
                            failed = true;
                        }
                    }
                }
            }
            _ => match jsonl::read_games(input) {
                Ok(games) => {
                    for (i, g) in games.iter().enumerate() {
                        match judge_jsonl_game(g, rules, options) {
                            Ok(v) => emit(i + 1, &v)?,
                            Err((line, e)) => {
                                eprintln!("arbiter: {name}:{line}: game {}: {e}", i + 1);
                                failed = true;
                            }
                        }
                    }
                }
                Err(e) => {
                    let line = match &e {
                        JsonlError::Io { line, .. } | JsonlError::Event { line, .. } => *line,
                    };
                    eprintln!("arbiter: {name}:{line}: {e}");
                    failed = true;
                }
            },
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Judges one game of an event log; on error, the line of the event that failed.
fn judge_jsonl_game(
    game: &jsonl::JsonlGame,
    rules: Option<CompetitionRules>,
    options: JudgeOptions,
) -> Result<Verdict, (usize, JudgeError)> {
    let first_line = game.lines.first().copied().unwrap_or(0);
    let (mut judge, skip) = match game.events.first() {
        Some(arbiter::game::event::Event::Header(h)) => (
            Judge::from_header(h, rules, options).map_err(|e| (first_line, e))?,
            1,
        ),
        _ => (
            Judge::new(
                shakmaty::Chess::default(),
                rules.unwrap_or_default(),
                options,
            ),
            0,
        ),
    };
    for (event, line) in game.events.iter().zip(&game.lines).skip(skip) {
        judge.apply(event).map_err(|e| (*line, e))?;
    }
    Ok(judge.into_verdict())
}

/// Picks the input format from the extension, else from the first non-blank character
/// (`{` or `#` → JSONL).
fn detect(path: &Path, input: &mut impl BufRead) -> io::Result<InputFormat> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("jsonl" | "ndjson") => return Ok(InputFormat::Jsonl),
        Some("pgn") => return Ok(InputFormat::Pgn),
        _ => {}
    }
    let buf = input.fill_buf()?;
    let first = buf
        .iter()
        .copied()
        .find(|b| !b.is_ascii_whitespace() && *b != 0xef && *b != 0xbb && *b != 0xbf);
    Ok(match first {
        Some(b'{') | Some(b'#') => InputFormat::Jsonl,
        _ => InputFormat::Pgn,
    })
}
