//! `arbiter judge FILE...`: judge JSONL event logs and PGN games under the Laws and the
//! competition rules. Prints one verdict per game (text, or JSON Lines with `--format json`).
//!
//! Exit status: 0 when every game was judged; 1 when some input could not be read or judged
//! (message with file, line or game, and event); 2 on usage errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter::formats::jsonl::{self, JsonlError};
use arbiter::formats::pgn::PgnReader;
use arbiter::formats::pgn::judge_pgn_game;
use arbiter::game::judge::{Judge, JudgeError, JudgeOptions};
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
    /// Input format: `auto` (extension, then content), `jsonl`, `pgn` or `board`.
    #[arg(long, value_enum, default_value_t)]
    pub input: InputFormat,
    /// Board logs without clock presses: a placement read on this many consecutive lines is
    /// committed (K of the stability rule, README "Digital boards").
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub board_snapshots: u32,
    /// Board logs without clock presses: a placement standing this many seconds is committed (T).
    #[arg(long, default_value_t = 2.0, value_parser = seconds)]
    pub board_seconds: f64,
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
    /// A digital board's placement log (`arbiter::board`), detected by content.
    Board,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    index: usize,
    #[serde(flatten)]
    verdict: &'a Verdict,
}

/// Runs `arbiter judge`: each game of each input (JSONL event log, PGN, board placement log)
/// judged under the Laws and the competition rules, one verdict per game in text or JSON.
///
/// Returns exit status 0 when every game was judged (illegal moves and losses are findings),
/// 1 when some file, line or game could not be read or judged; the rest is still judged and
/// the error names the file, line or game index on stderr.
///
/// # Errors
/// Output that cannot be written.
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
                    note!("arbiter: {name}: {e}");
                    failed = true;
                    continue;
                }
            }
        };
        let mut input = BufReader::with_capacity(1 << 16, input);
        let format = match args.input {
            InputFormat::Auto => match detect(path, &mut input) {
                Ok(f) => f,
                Err(e) => {
                    note!("arbiter: {name}: {e}");
                    failed = true;
                    continue;
                }
            },
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
            InputFormat::Board => {
                let mut text = String::new();
                let game = input
                    .read_to_string(&mut text)
                    .map_err(|e| e.to_string())
                    .and_then(|_| {
                        let stability = arbiter::board::StabilityRule {
                            snapshots: args.board_snapshots,
                            seconds: args.board_seconds,
                        };
                        let config = arbiter::board::RecogniserConfig {
                            stability,
                            ..Default::default()
                        };
                        arbiter::board::read_board_game(&text, &config).map_err(|e| e.to_string())
                    });
                match game.map(|g| judge_jsonl_game(&g, rules, options)) {
                    Ok(Ok(v)) => emit(1, &v)?,
                    Ok(Err((line, e))) => {
                        note!("arbiter: {name}:{line}: {e}");
                        failed = true;
                    }
                    Err(e) => {
                        note!("arbiter: {name}: {e}");
                        failed = true;
                    }
                }
            }
            InputFormat::Pgn => {
                for game in PgnReader::new(input) {
                    match game {
                        Ok(g) => match judge_pgn_game(&g, rules.unwrap_or_default(), options) {
                            Ok(v) => emit(g.index + 1, &v)?,
                            Err(e) => {
                                note!(
                                    "arbiter: {name}: game {} (byte offset {}): {e}",
                                    g.index + 1,
                                    g.offset
                                );
                                failed = true;
                            }
                        },
                        Err(e) => {
                            note!("arbiter: {name}: {e}");
                            failed = true;
                        }
                    }
                }
            }
            _ => {
                for (i, game) in jsonl::read_each_game(input).enumerate() {
                    match game {
                        Ok(g) => match judge_jsonl_game(&g, rules, options) {
                            Ok(v) => emit(i + 1, &v)?,
                            Err((line, e)) => {
                                note!("arbiter: {name}:{line}: game {}: {e}", i + 1);
                                failed = true;
                            }
                        },
                        Err(e) => {
                            let line = match &e {
                                JsonlError::Io { line, .. } | JsonlError::Event { line, .. } => {
                                    *line
                                }
                            };
                            note!("arbiter: {name}:{line}: game {}: {e}", i + 1);
                            failed = true;
                        }
                    }
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Judges one game of an event log; on error, the line of the event that failed. (Also used by
/// `arbiter adjudicate FILE`.)
pub(super) fn judge_jsonl_game(
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
pub(super) fn detect(path: &Path, input: &mut impl BufRead) -> io::Result<InputFormat> {
    let buf = input.fill_buf()?;
    let head = std::str::from_utf8(buf).unwrap_or_else(|e| {
        std::str::from_utf8(buf.get(..e.valid_up_to()).unwrap_or_default()).unwrap_or_default()
    });
    if arbiter::board::looks_like_board_log(head) {
        return Ok(InputFormat::Board);
    }
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

/// A duration in seconds for `--board-seconds`: a finite number, zero or more.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds (0 or more)")),
    }
}
