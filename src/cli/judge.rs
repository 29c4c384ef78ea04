//! `arbiter judge FILE...`: judge JSONL event logs and PGN games under the Laws and the
//! competition rules. Prints one verdict per game (text, or JSON Lines with `--format json`).
//!
//! Exit status: 0 when every game was judged; 1 when some input could not be read or judged
//! (message with file, line or game, and event); 2 on usage errors.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::formats::input::{
    GameFormat, GameInput, GameRecord, InputError, JudgeFailure, Location, Source,
};
use arbiter::game::judge::JudgeOptions;
use arbiter::game::rules::CompetitionRules;
use arbiter::game::verdict::Verdict;
use arbiter::i18n::Lang;
use serde::Serialize;

use super::{InputArgs, InputFormat, PresetOrRules};

/// Arguments of `arbiter judge`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Rule preset, overriding a header's `rules`: `detsky-mat` (CR 3.3, 3.7) or `fide` (Laws 7.5). Default: the header's, else detsky-mat")))]
pub struct Args {
    /// Input files: JSONL event logs or PGN (by extension, else by content); `-` for stdin.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Rule preset (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: PresetOrRules,
    /// Output format: `text` for people, `json` (one verdict a line, with the plies on the
    /// board as `moves`), `pgn` (each judged game as PGN, comments in `--lang`).
    #[arg(long, value_enum, default_value_t)]
    pub format: JudgeFormat,
    /// Include the per-event trace in every verdict.
    #[arg(long)]
    pub trace: bool,
    #[command(flatten)]
    pub input: InputArgs,
    /// Board logs without clock presses: a placement read on this many consecutive lines is
    /// committed (K of the stability rule, docs/eboards.md, "Digital boards").
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub board_snapshots: u32,
    /// Board logs without clock presses: a placement standing this many seconds is committed (T).
    #[arg(long, default_value_t = 2.0, value_parser = seconds)]
    pub board_seconds: f64,
    /// Raise (or lower) a limit of the readers, `KEY=VALUE` (repeatable): `input=SIZE` a file
    /// decompressed (default none), `game=16MiB` a game's text, `plies=20000`, `comment=16MiB`,
    /// `line=1MiB`.
    #[arg(long = "limit", value_name = "KEY=VALUE", value_parser = read_limit)]
    pub limit: Vec<String>,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// A `--limit KEY=VALUE` that the readers take (else a usage error saying why).
fn read_limit(given: &str) -> Result<String, String> {
    arbiter::formats::limits::ReadLimits::default().parse([given])?;
    Ok(given.to_string())
}

/// `arbiter judge --format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum JudgeFormat {
    /// For people.
    #[default]
    Text,
    /// For programs: one JSON object per game (JSON Lines).
    Json,
    /// PGN for a publisher: tags, the SAN mainline with `[%clk]`, the judge's findings as
    /// comments.
    Pgn,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    index: usize,
    /// The plies on the board at the end, in UCI (an illegal act played on as written).
    moves: Vec<&'a str>,
    #[serde(flatten)]
    verdict: &'a Verdict,
}

/// What an e-board capture says besides its events: the board's serial number and clock.
#[derive(Default)]
struct BoardExtras {
    serial_number: Option<String>,
    clock: Vec<arbiter::formats::pgn::write::ClockTime>,
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
    let lang = args.lang.get();
    let rules = args.preset.given().map(CompetitionRules::preset);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut written_pgn = false;
    let limits = arbiter::formats::limits::ReadLimits::default()
        .parse(args.limit.iter().map(String::as_str))
        .map_err(|e| anyhow::anyhow!("--limit {e}"))?;
    for path in &args.files {
        let name = path.display().to_string();
        let input = match GameInput::open_limited(
            &Source::from_arg(path),
            game_format(args.input.input),
            limits,
            board_input,
        ) {
            Ok(input) => input,
            Err(e) => {
                note!("arbiter: {name}: {}", input_reason(&e, lang));
                failed = true;
                continue;
            }
        };
        let board = matches!(
            input.format(),
            GameFormat::BoardLog | GameFormat::DgtCapture | GameFormat::LiveChess
        );
        let mut read_any = false;
        for game in input {
            read_any = true;
            let mut game = match game {
                Ok(game) => game,
                Err(e) => {
                    note!(
                        "arbiter: {}",
                        arbiter::formats::messages::game_read_text(&e, lang)
                    );
                    failed = true;
                    continue;
                }
            };
            // A board log may hold several games (the start position set up again): each is
            // recognised and judged on its own, numbered in the log.
            let stability = arbiter::board::StabilityRule {
                snapshots: args.board_snapshots,
                seconds: args.board_seconds,
            };
            let config = arbiter::board::RecogniserConfig {
                stability,
                ..Default::default()
            };
            // A capture may hold several games too: each numbered in the capture.
            let board_games = |read: Result<
                Vec<Result<arbiter::board::BoardGame, arbiter::board::BoardError>>,
                arbiter::board::BoardError,
            >,
                               failed: &mut bool| {
                let games = read.unwrap_or_else(|e| vec![Err(e)]);
                let mut records = Vec::new();
                for (k, read) in games.into_iter().enumerate() {
                    match read {
                        Ok(g) => {
                            if let Some(d) = &g.livechess_differs {
                                note!("arbiter: {name}: {}", livechess_differs_text(d, lang));
                            }
                            if let Some(first) = &g.left_out.first {
                                note!(
                                    "arbiter: {name}: {}",
                                    lang.fmt(
                                        "board-livechess-left-out",
                                        &[
                                            ("count", &g.left_out.count.to_string()),
                                            ("line", &first.line().to_string()),
                                        ],
                                    )
                                );
                            }
                            let extras = BoardExtras {
                                serial_number: g.serial_number,
                                clock: g.clock,
                            };
                            records.push((k + 1, GameRecord::Events(g.events), extras));
                        }
                        Err(e) => {
                            note!("arbiter: {name}: {}", e.message(lang));
                            *failed = true;
                        }
                    }
                }
                records
            };
            let records: Vec<(usize, GameRecord, BoardExtras)> = match &game.record {
                GameRecord::BoardLog(text) => {
                    let mut records = Vec::new();
                    for (k, read) in arbiter::board::read_board_games(text, &config)
                        .into_iter()
                        .enumerate()
                    {
                        match read {
                            Ok(events) => records.push((
                                k + 1,
                                GameRecord::Events(events),
                                BoardExtras::default(),
                            )),
                            Err(e) => {
                                note!("arbiter: {name}: {}", e.message(lang));
                                failed = true;
                            }
                        }
                    }
                    records
                }
                GameRecord::DgtCapture(bytes) => {
                    board_games(arbiter::board::read_dgt_games(bytes, &config), &mut failed)
                }
                GameRecord::LiveChess(text) => board_games(
                    arbiter::board::read_livechess_games(text, &config),
                    &mut failed,
                ),
                _ => vec![(
                    game.index,
                    std::mem::replace(&mut game.record, GameRecord::BoardLog(String::new())),
                    BoardExtras::default(),
                )],
            };
            for (index, record, extras) in records {
                game.index = index;
                game.record = record;
                for w in start_fen(&game.record)
                    .map(arbiter::game::setup::fen_warnings)
                    .unwrap_or_default()
                {
                    note!(
                        "arbiter: {name}: game {}: warning: FEN: {}",
                        game.index,
                        w.describe(lang)
                    );
                }
                let judged = match args.format {
                    JudgeFormat::Text => game.record.judge(rules, options).map(|v| (v, Vec::new())),
                    JudgeFormat::Json | JudgeFormat::Pgn => {
                        game.record.judge_with_line(rules, options)
                    }
                };
                match judged {
                    Ok((verdict, line)) => match args.format {
                        JudgeFormat::Json => {
                            let row = Output {
                                file: name.clone(),
                                index: game.index,
                                moves: line.iter().map(|p| p.uci.as_str()).collect(),
                                verdict: &verdict,
                            };
                            serde_json::to_writer(&mut out, &row)?;
                            writeln!(out)?;
                        }
                        JudgeFormat::Text => {
                            let head = lang.fmt(
                                "judge-game",
                                &[("file", &name), ("index", &game.index.to_string())],
                            );
                            writeln!(out, "{head}: {}", verdict.summary(lang))?;
                        }
                        JudgeFormat::Pgn => {
                            use arbiter::formats::pgn::write::{PgnRecord, write_pgn};
                            let record = PgnRecord {
                                verdict: &verdict,
                                line: &line,
                                events: match &game.record {
                                    GameRecord::Events(log) => Some(log),
                                    _ => None,
                                },
                                tags: match &game.record {
                                    GameRecord::Pgn(g) => Some(&g.tags),
                                    _ => None,
                                },
                                serial_number: extras.serial_number.as_deref(),
                                clock: &extras.clock,
                            };
                            // Games one after another, a blank line between them.
                            if written_pgn {
                                writeln!(out)?;
                            }
                            write!(out, "{}", write_pgn(&record, lang))?;
                            written_pgn = true;
                        }
                    },
                    Err(failure) => {
                        let e = failure_text(&failure, lang);
                        match (&failure, game.location) {
                            (JudgeFailure::Event { line, .. }, _) if board => {
                                note!("arbiter: {name}:{line}: {e}");
                            }
                            (JudgeFailure::Event { line, .. }, _) => {
                                let at = [
                                    ("file", name.as_str()),
                                    ("line", &line.to_string()),
                                    ("index", &game.index.to_string()),
                                    ("reason", &e),
                                ];
                                note!("arbiter: {}", lang.fmt("judge-failed-line", &at));
                            }
                            (_, Location::Byte(offset)) => {
                                let at = [
                                    ("file", name.as_str()),
                                    ("offset", &offset.to_string()),
                                    ("index", &game.index.to_string()),
                                    ("reason", &e),
                                ];
                                note!("arbiter: {}", lang.fmt("judge-failed-byte", &at));
                            }
                            (_, Location::Line(_)) => {
                                let at = [
                                    ("file", name.as_str()),
                                    ("index", &game.index.to_string()),
                                    ("reason", &e),
                                ];
                                note!("arbiter: {}", lang.fmt("judge-failed", &at));
                            }
                        }
                        failed = true;
                    }
                }
            }
        }
        if !read_any {
            // As `arbiter adjudicate`: an empty input is an input that could not be judged.
            note!("arbiter: {}", lang.fmt("fe-no-game", &[("file", &name)]));
            failed = true;
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The FEN a game starts from: the PGN `FEN` tag, or the event log header's `fen`.
fn start_fen(record: &GameRecord) -> Option<&str> {
    match record {
        GameRecord::Pgn(game) => game.tag("FEN"),
        GameRecord::Events(log) => match log.events.first() {
            Some(arbiter::game::event::Event::Header(h)) => h.fen.as_deref(),
            _ => None,
        },
        GameRecord::BoardLog(_) | GameRecord::DgtCapture(_) | GameRecord::LiveChess(_) => None,
    }
}

/// Why a game could not be judged, in `lang` where the library words it (a refused start
/// position: its problems with their articles; the judge's refusals in Russian).
fn failure_text(failure: &JudgeFailure, lang: arbiter::i18n::Lang) -> String {
    use arbiter::game::judge::JudgeError;
    match failure {
        JudgeFailure::Pgn(JudgeError::InvalidStart { source, .. }) => {
            format!("FEN tag: {}", source.message(lang))
        }
        JudgeFailure::Event {
            error: JudgeError::InvalidStart { source, .. },
            ..
        } => format!("header: {}", source.message(lang)),
        other if lang == arbiter::i18n::Lang::En => other.to_string(),
        JudgeFailure::Pgn(error) | JudgeFailure::Event { error, .. } => {
            arbiter::formats::messages::judge_error_text(error, lang)
        }
        other => other.to_string(),
    }
}

/// The library's format for `--input` (`None`: detect it).
pub(super) fn game_format(input: InputFormat) -> Option<GameFormat> {
    match input {
        InputFormat::Auto => None,
        InputFormat::Jsonl => Some(GameFormat::Jsonl),
        InputFormat::Pgn => Some(GameFormat::Pgn),
        InputFormat::Board => Some(GameFormat::BoardLog),
        InputFormat::Dgt => Some(GameFormat::DgtCapture),
        InputFormat::Livechess => Some(GameFormat::LiveChess),
    }
}

/// Which board input a file's first bytes are, for `--input auto`: a LiveChess transcript, a
/// placement log or a DGT capture (the board readers' content tests); `None` for anything
/// else (PGN, event logs).
pub(super) fn board_input(head: &[u8]) -> Option<GameFormat> {
    let text = match std::str::from_utf8(head) {
        Ok(t) => Some(t),
        // The head may end inside a character.
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&head[..e.valid_up_to()]).ok(),
        Err(_) => None,
    };
    if let Some(text) = text {
        if arbiter::board::livechess::looks_like_livechess(text) {
            return Some(GameFormat::LiveChess);
        }
        if arbiter::board::looks_like_board_log(text) {
            return Some(GameFormat::BoardLog);
        }
    }
    arbiter::board::dgt::looks_like_dgt_capture(head).then_some(GameFormat::DgtCapture)
}

/// Where LiveChess's own reading of the moves differs from ours, in `lang`.
fn livechess_differs_text(
    d: &arbiter::board::livechess::SanDifference,
    lang: arbiter::i18n::Lang,
) -> String {
    let none = lang.fmt("board-no-move", &[]);
    lang.fmt(
        "board-livechess-differs",
        &[
            ("ply", &d.ply.to_string()),
            ("ours", d.ours.as_deref().unwrap_or(&none)),
            ("livechess", d.livechess.as_deref().unwrap_or(&none)),
        ],
    )
}

/// What to say after the input's name when it cannot be opened: the system's reason alone
/// (`no-such-file.jsonl: No such file or directory`, as `arbiter judge` always said; in
/// Russian «нет такого файла или папки»).
pub(super) fn input_reason(e: &InputError, lang: Lang) -> String {
    match e {
        InputError::Open { source, .. } | InputError::Read { source, .. } => {
            super::errors::io_text(source, lang)
        }
        other => other
            .to_string()
            .trim_start_matches(other.file())
            .trim_start_matches(": ")
            .to_owned(),
    }
}

/// A duration in seconds for `--board-seconds`: a finite number, zero or more.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds (0 or more)")),
    }
}
