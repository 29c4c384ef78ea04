//! `arbiter replay`: replay game databases in parallel, judge every game and check its
//! recorded result (library: [`arbiter::batch`]).
//!
//! Exit status: 0 when every input was read and every game judged (discrepancies and games of
//! an unsupported variant are findings, not errors); 1 when an input could not be opened or
//! read to its end (missing, truncated or corrupt compressed data, binary data) or a game could
//! not be read or judged (unreadable PGN, invalid `FEN` tag, a file ending inside a game) —
//! every other game is still reported; 2 on a usage error.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::Context;
use arbiter::batch::input::Source;
use arbiter::batch::report::{CsvWriter, JsonlWriter, Summary};
use arbiter::batch::{self, Event, GameReport, Item, Options, Outcome, Progress};
use arbiter::formats::input::{GameFiles, game_files_under};
use arbiter::game::rules::CompetitionRules;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

mod interrupt;
mod lines;
mod output;

/// Output formats of `arbiter replay`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ReplayFormat {
    /// Tables for people: games, plies, results by reason, discrepancies by kind, errors,
    /// throughput.
    #[default]
    #[value(alias = "text")]
    Summary,
    /// One JSON object per game, in input order (the judge's verdict keys plus `file`,
    /// `index`, `discrepancies`…; see docs/replay.md).
    #[value(alias = "json")]
    Jsonl,
    /// One CSV record per game, in input order, under a header line.
    Csv,
}

/// Arguments of `arbiter replay`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Competition rules preset the games are judged under (`detsky-mat` or `fide`; default detsky-mat)")))]
pub struct Args {
    /// PGN inputs: `.pgn`, or compressed `.pgn.zst` / `.pgn.gz` / `.pgn.bz2` (also recognised
    /// by content); a directory for its game files at any depth, sorted by path; `-` for
    /// standard input.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Worker threads (0: one per core; at most 1024).
    #[arg(long, short = 'j', default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1024))]
    pub jobs: usize,
    /// Rule preset (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetOrRules,
    /// Output format (`summary`, `jsonl`, `csv`; `text` and `json` are aliases of the first two).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReplayFormat,
    /// Write the output to this file instead of standard output (through `FILE.partial`,
    /// renamed to FILE at the end: an interrupted run leaves no FILE; see `--resume`).
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// No progress bar and no error lines on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Games listed by name in the summary, for discrepancies and for errors each.
    #[arg(long, default_value_t = 20)]
    pub list: usize,
    /// Target chunk size in KiB (games are cut into chunks of about this size for the workers;
    /// 1 to 1,048,576).
    #[arg(long, default_value_t = 256, hide = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1 << 20))]
    pub chunk_kib: usize,
    /// What the inputs hold: `pgn` (PGN files, plain or compressed), or `lines`: the line
    /// protocol, one game per line as JSON (`file`, `index`, `pgn`; see docs/replay.md, "Replay
    /// on Spark and Hadoop"), answered by one JSONL verdict per line, in order, whatever
    /// `--format`.
    #[arg(long, value_enum, default_value_t, conflicts_with = "emit_lines")]
    pub input: InputKind,
    /// Write the games of the PGN inputs as lines of the line protocol (one JSON object per
    /// game: `file`, `index`, `offset`, `last`, `pgn`) instead of judging them.
    #[arg(long)]
    pub emit_lines: bool,
    /// With `--input lines` (a usage error without it): counters on standard error as Hadoop
    /// Streaming reads them (`reporter:counter:arbiter,games,N`…).
    #[arg(long)]
    pub hadoop_counters: bool,
    /// Go on from an interrupted `-o FILE` run (`--format jsonl`): keep the whole records of
    /// `FILE.partial` and skip the games they hold without judging them (by `file` and
    /// `offset`, or `index` for `--input lines`, so name each input once).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// The summary's and the messages' language (JSON Lines and CSV never change).
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// What the inputs of `arbiter replay` hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum InputKind {
    /// PGN, plain or compressed.
    #[default]
    Pgn,
    /// The line protocol: one game per line as a JSON object.
    Lines,
}

enum Rows<W: Write> {
    Summary(W),
    Jsonl(JsonlWriter<W>),
    Csv(Box<CsvWriter<W>>),
}

/// Runs `arbiter replay`: judges every game of every input under the competition rules (in
/// parallel, output in input order) and prints the summary, JSONL rows or CSV records.
///
/// Returns exit status 0 when every input was read to its end (discrepancies are findings, not
/// errors), 1 when some input or game could not be read; the other inputs are still replayed.
/// Standard input named twice is a usage error (exit status 2, as clap's own).
///
/// # Errors
/// The `--output` file not creatable, or output that cannot be written.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.hadoop_counters && args.input != InputKind::Lines {
        // Counters are for a Hadoop Streaming task, which feeds the line protocol.
        clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            "--hadoop-counters needs --input lines (Hadoop Streaming feeds game lines)\n",
        )
        .exit();
    }
    if args.emit_lines {
        return lines::emit(&args);
    }
    if args.input == InputKind::Lines {
        return lines::judge(&args);
    }
    let (sources, dirs_read) = sources_of(&args);
    let options = Options {
        jobs: args.jobs,
        chunk_bytes: args.chunk_kib.saturating_mul(1024),
        ..Options::default()
    };
    let jobs = batch::effective_jobs(&options);
    let rules = CompetitionRules::preset(args.preset.or(super::PresetName::DetskyMat));

    if args.resume && args.format != ReplayFormat::Jsonl {
        clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            "--resume needs --format jsonl (or --input lines)\n",
        )
        .exit();
    }
    let opened = output::open(args.output.as_deref(), args.resume)?;
    let out = BufWriter::with_capacity(1 << 16, opened.out);
    let mut rows = match args.format {
        ReplayFormat::Summary => Rows::Summary(out),
        ReplayFormat::Jsonl => Rows::Jsonl(JsonlWriter::new(out)),
        ReplayFormat::Csv => Rows::Csv(Box::new(CsvWriter::new(out)?)),
    };

    let progress = Progress::default();
    let bar = progress_bar(&sources, args.quiet);
    interrupt::install();
    // How far the output got, for a Ctrl-C: games in it, the last one's input and number.
    let mut games_out = opened.done.as_ref().map_or(0, output::Done::len);
    let mut last: Option<(Arc<str>, u64)> = None;
    let mut summary = Summary::new(args.list);
    let mut write_error: Option<io::Error> = None;
    let mut errors_shown = 0usize;
    let start = Instant::now();
    let mut handle = |item: Item| {
        if interrupt::requested() {
            bar.finish_and_clear();
            let flushed = match &mut rows {
                Rows::Summary(_) => Ok(()),
                Rows::Jsonl(w) => w.flush(),
                Rows::Csv(w) => w.flush(),
            };
            interrupt::stop(
                &interrupt::Reached {
                    games: games_out,
                    last: last.as_ref().map(|(file, index)| (&**file, *index)),
                    output: args.output.as_deref(),
                    resumable: args.format == ReplayFormat::Jsonl,
                },
                flushed,
            );
        }
        summary.add(&item);
        if !args.quiet {
            report_error(&item, &mut errors_shown, &bar, args.lang.get());
        }
        if write_error.is_none() {
            let written = match &mut rows {
                Rows::Summary(_) => Ok(()),
                Rows::Jsonl(w) => w.write(&item),
                Rows::Csv(w) => w.write(&item),
            };
            if let Err(e) = written {
                write_error = Some(e);
            }
        }
        if let Event::Game { file, index, .. } = &item {
            games_out += 1;
            match &mut last {
                Some((f, i)) if Arc::ptr_eq(f, file) => *i = *index,
                _ => last = Some((Arc::clone(file), *index)),
            }
        }
        if summary.games.is_multiple_of(512) || !matches!(item, Event::Game { .. }) {
            bar.set_position(progress.raw_bytes.load(Ordering::Relaxed));
            let secs = start.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!(
                "{} games, {:.0} games/s",
                summary.games,
                summary.games as f64 / secs
            ));
        }
    };
    match opened.done {
        // `--resume`: the games already in the output are scanned over, not judged, and give
        // no row (the summary and the exit status are this run's games).
        Some(done) => {
            let offsets = done.offsets();
            batch::run(
                &sources,
                &options,
                &progress,
                |chunk, file| {
                    let done = offsets.get(&*file.name);
                    batch::judge_chunk_skipping(chunk, rules, |at| {
                        done.is_some_and(|d| d.contains(&at))
                    })
                },
                |event| {
                    if let Some(item) = not_skipped(event) {
                        handle(item);
                    }
                },
            );
        }
        None => batch::replay(&sources, &options, rules, &progress, handle),
    }
    bar.finish_and_clear();
    summary.finish(start.elapsed(), jobs);
    if let Some(e) = write_error {
        return Err(e).context("writing the output");
    }
    match rows {
        Rows::Summary(mut out) => {
            out.write_all(summary.render_in(args.lang.get()).as_bytes())?;
            out.flush()?;
        }
        Rows::Jsonl(w) => {
            w.finish().context("writing the output")?;
        }
        Rows::Csv(w) => {
            w.finish().context("writing the output")?;
        }
    }
    if let Some(target) = opened.target {
        target.commit()?;
    }
    if !args.quiet && args.format != ReplayFormat::Summary && io::stderr().is_terminal() {
        let errors = summary.game_errors + summary.file_errors() as u64;
        note!(
            "{}",
            args.lang.get().fmt(
                "rs-done",
                &[
                    ("games", &summary.games.to_string()),
                    ("judged", &summary.judged.to_string()),
                    (
                        "discrepancies",
                        &summary.games_with_discrepancies.to_string()
                    ),
                    ("errors", &errors.to_string()),
                    ("seconds", &format!("{:.2}", summary.seconds)),
                ],
            )
        );
    }
    Ok(if summary.all_read() && dirs_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The event of a resumed run as a replay's, or `None` for a game skipped.
fn not_skipped(event: Event<Option<GameReport>>) -> Option<Item> {
    Some(match event {
        Event::Game { file, index, item } => Event::Game {
            file,
            index,
            item: item?,
        },
        Event::FileError(e) => Event::FileError(e),
        Event::FileDone { file, games, bytes } => Event::FileDone { file, games, bytes },
    })
}

/// The inputs named on the command line, a directory standing for its game files at any depth
/// (sorted by path: PGN, or the line protocol's `.jsonl` with `--input lines`), and whether
/// every directory was read: a directory that cannot be read or holds no game file is said on
/// standard error unless `--quiet` (the run goes on; its exit status is then 1). Standard input named twice is
/// a usage error (exit status 2, as clap's own).
pub(crate) fn sources_of(args: &Args) -> (Vec<Source>, bool) {
    let kind = if args.input == InputKind::Lines {
        GameFiles::Lines
    } else {
        GameFiles::Pgn
    };
    let lang = args.lang.get();
    let mut all_read = true;
    let mut sources = Vec::new();
    for path in &args.files {
        if path.as_os_str() == "-" || !path.is_dir() {
            sources.push(Source::from_arg(path));
            continue;
        }
        let (files, errors) = game_files_under(path, kind);
        for (p, e) in errors.iter().filter(|_| !args.quiet) {
            eprintln!("arbiter replay: {}: {e}", p.display());
        }
        if files.is_empty() && errors.is_empty() && !args.quiet {
            let key = match kind {
                GameFiles::Pgn => "replay-dir-no-pgn",
                GameFiles::Lines => "replay-dir-no-lines",
            };
            let dir = path.display().to_string();
            eprintln!("arbiter replay: {}", lang.fmt(key, &[("dir", &dir)]));
        }
        all_read &= errors.is_empty() && !files.is_empty();
        sources.extend(files.into_iter().map(Source::File));
    }
    if sources.iter().filter(|s| **s == Source::Stdin).count() > 1 {
        clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            "standard input (-) can be named only once\n",
        )
        .exit();
    }
    (sources, all_read)
}

/// Error lines shown on standard error, at most this many game errors (the summary and the
/// rows have them all).
const MAX_ERROR_LINES: usize = 100;

fn report_error(item: &Item, shown: &mut usize, bar: &ProgressBar, lang: arbiter::i18n::Lang) {
    let line = match item {
        Event::FileError(e) => Some(format!("arbiter replay: {e}")),
        Event::Game {
            file,
            index,
            item: report,
        } => match &report.outcome {
            Outcome::Error(e) if *shown < MAX_ERROR_LINES => {
                *shown += 1;
                Some(format!(
                    "arbiter replay: {}: {e}",
                    lang.fmt(
                        "rs-game-error",
                        &[
                            ("file", file),
                            ("index", &index.to_string()),
                            ("byte", &report.offset.to_string()),
                            ("game", &report.headers.describe()),
                        ],
                    )
                ))
            }
            Outcome::Error(_) if *shown == MAX_ERROR_LINES => {
                *shown += 1;
                Some(format!("arbiter replay: {}", lang.msg("rs-more-errors")))
            }
            _ => None,
        },
        Event::FileDone { .. } => None,
    };
    if let Some(line) = line {
        bar.suspend(|| note!("{line}"));
    }
}

/// A progress bar on standard error (bytes read, games, games/s, ETA) when it is a terminal
/// and `--quiet` is not given; otherwise a hidden one.
fn progress_bar(sources: &[Source], quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: Option<u64> = sources.iter().map(Source::size).sum();
    let bar = match total {
        Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let template = if total.is_some() {
        "{bar:30} {decimal_bytes}/{decimal_total_bytes} {msg} ETA {eta}"
    } else {
        "{spinner} {decimal_bytes} {msg}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
