//! `arbiter winnable`: one position (`--fen`) or a file of positions (`--positions`, analysed
//! in parallel, one JSON line each in input order, a summary on standard error).

use arbiter::laws::serde_color::name as side_name;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use arbiter::game::setup::position_for_analysis;
use arbiter::i18n::Lang;
use arbiter::laws::winnability::{
    Winnability, WinnabilityConfig, WinnabilityReport, can_mate_with,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use shakmaty::{Chess, Color, Position, uci::UciMove};

/// Which sides `arbiter winnable` analyses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// White only.
    White,
    /// Black only.
    Black,
    /// Both (a dead position when both are unwinnable, Laws 5.2.2).
    #[default]
    Both,
    /// The side not to move: the one that wins on time when the side to move lets its flag
    /// fall (Laws 6.9).
    NotToMove,
}

/// Search budget of `arbiter winnable`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BudgetArg {
    /// Our own layers with a few thousand nodes (no reference solver).
    Quick,
    /// The default budget of `can_mate`: the reference solver, then our own layers.
    #[default]
    Full,
}

/// Arguments of `arbiter winnable`.
#[derive(clap::Args)]
pub struct WinnableArgs {
    /// The position, as FEN (positions with more pieces than promotions allow are analysed).
    #[arg(
        long,
        required_unless_present = "positions",
        conflicts_with = "positions"
    )]
    pub fen: Option<String>,
    /// A file of positions instead of `--fen`: one FEN a line, optionally followed by `white`
    /// or `black` (that line's side, instead of `--side`); `-` for standard input. Empty lines
    /// and lines starting with `#` are skipped. Output: one JSON line per position, in input
    /// order (`--format text` for one text line each).
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// The side(s) whose mating chances are analysed.
    #[arg(long, value_enum, default_value_t)]
    pub side: SideArg,
    /// Search budget.
    #[arg(long, value_enum, default_value_t)]
    pub budget: BudgetArg,
    /// Positions analysed at once with `--positions` (0: one per core; at most 1024).
    #[arg(long, short = 'j', default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1024))]
    pub jobs: usize,
    /// Output format (default: `text` for `--fen`, `json` lines for `--positions`).
    #[arg(long, value_enum)]
    pub format: Option<super::Format>,
    /// No summary on standard error (`--positions`).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

fn sides_of(side: SideArg, pos: &Chess) -> Vec<Color> {
    match side {
        SideArg::White => vec![Color::White],
        SideArg::Black => vec![Color::Black],
        SideArg::Both => vec![Color::White, Color::Black],
        SideArg::NotToMove => vec![!pos.turn()],
    }
}

fn helpmate_uci(report: &WinnabilityReport) -> Vec<String> {
    match &report.verdict {
        Winnability::Winnable { helpmate } => helpmate
            .iter()
            .map(|m| UciMove::from_standard(*m).to_string())
            .collect(),
        _ => Vec::new(),
    }
}

fn side_json(report: &WinnabilityReport) -> serde_json::Value {
    let mut detail = serde_json::json!({
        "verdict": report.verdict.label(),
        "method": report.method,
        "helpmate": helpmate_uci(report),
        "nodes": report.nodes,
        "depth": report.depth,
        "limit_hit": report.limit_hit,
    });
    if let (Some(problem), Some(obj)) = (&report.solver_problem, detail.as_object_mut()) {
        obj.insert("solver_problem".into(), problem.to_string().into());
    }
    detail
}

/// The JSON object of one analysed position: `white` / `black` (the verdicts), their details,
/// and `dead_position` when both sides were analysed.
fn reports_json(
    reports: &[(Color, WinnabilityReport)],
) -> serde_json::Map<String, serde_json::Value> {
    let mut obj = serde_json::Map::new();
    for (side, report) in reports {
        let name = side_name(*side);
        obj.insert(name.into(), report.verdict.label().into());
        obj.insert(format!("{name}_detail"), side_json(report));
    }
    if reports.len() == 2 {
        let dead = reports
            .iter()
            .all(|(_, r)| r.verdict == Winnability::Unwinnable);
        obj.insert("dead_position".into(), dead.into());
    }
    obj
}

/// The text lines of one analysed position.
fn reports_text(reports: &[(Color, WinnabilityReport)], lang: Lang) -> String {
    let mut text = String::new();
    for (side, report) in reports {
        let code = report.verdict.label();
        text.push_str(&lang.fmt(
            "winnable-side",
            &[
                ("side", side_name(*side)),
                ("code", code),
                ("verdict", &lang.msg(&format!("winnability-{code}"))),
            ],
        ));
        if matches!(report.verdict, Winnability::Winnable { .. }) {
            let line = helpmate_uci(report).join(" ");
            text.push_str(&lang.fmt("winnable-helpmate", &[("line", &line)]));
        }
        let id = if report.limit_hit {
            "winnable-nodes-limit"
        } else {
            "winnable-nodes"
        };
        text.push_str(&lang.fmt(
            id,
            &[
                ("method", &report.method.label(lang)),
                ("nodes", &report.nodes.to_string()),
            ],
        ));
        if let Some(problem) = &report.solver_problem {
            text.push_str(&format!(" ({problem})"));
        }
        text.push('\n');
    }
    if reports.len() == 2
        && reports
            .iter()
            .all(|(_, r)| r.verdict == Winnability::Unwinnable)
    {
        text.push_str(&lang.msg("winnable-dead"));
        text.push('\n');
    }
    text
}

fn config_of(budget: BudgetArg) -> WinnabilityConfig {
    match budget {
        BudgetArg::Quick => WinnabilityConfig::quick(),
        BudgetArg::Full => WinnabilityConfig::full(),
    }
}

fn analyse(
    pos: &Chess,
    sides: &[Color],
    config: &WinnabilityConfig,
) -> Vec<(Color, WinnabilityReport)> {
    sides
        .iter()
        .map(|&side| (side, can_mate_with(pos, side, config)))
        .collect()
}

/// Runs `arbiter winnable`.
pub fn run_winnable(args: WinnableArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.positions {
        return run_positions(&args, path);
    }
    let fen = args
        .fen
        .as_deref()
        .context("--fen or --positions is required")?;
    let pos = position_for_analysis(fen)?;
    let reports = analyse(&pos, &sides_of(args.side, &pos), &config_of(args.budget));
    match args.format.unwrap_or(super::Format::Text) {
        // A closed pipe (`| head`) is an error main() ends quietly on, never a panic.
        super::Format::Text => write!(
            std::io::stdout(),
            "{}",
            reports_text(&reports, args.lang.get())
        )?,
        super::Format::Json => writeln!(
            std::io::stdout(),
            "{}",
            serde_json::Value::Object(reports_json(&reports))
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// One line of a positions file: the FEN and the side the line names, if any.
fn parse_line(line: &str) -> (&str, Option<Color>) {
    let line = line.trim();
    match line.rsplit_once(char::is_whitespace) {
        Some((fen, "white")) => (fen.trim_end(), Some(Color::White)),
        Some((fen, "black")) => (fen.trim_end(), Some(Color::Black)),
        _ => (line, None),
    }
}

/// The outcome of one line: its JSON object and, for the summary, its verdicts.
struct Row {
    json: serde_json::Map<String, serde_json::Value>,
    text: String,
    reports: Vec<(Color, WinnabilityReport)>,
    error: bool,
}

fn analyse_line(
    number: usize,
    line: &[u8],
    args: &WinnableArgs,
    config: &WinnabilityConfig,
    lang: Lang,
) -> Row {
    let mut json = serde_json::Map::new();
    json.insert("line".into(), number.into());
    let outcome = std::str::from_utf8(line)
        .map_err(|_| anyhow::anyhow!("line {number}: not UTF-8 text"))
        .and_then(|text| {
            let (fen, side) = parse_line(text);
            json.insert("fen".into(), fen.into());
            let pos = position_for_analysis(fen).with_context(|| format!("line {number}"))?;
            let sides = side.map_or_else(|| sides_of(args.side, &pos), |s| vec![s]);
            Ok(analyse(&pos, &sides, config))
        });
    match outcome {
        Ok(reports) => {
            json.extend(reports_json(&reports));
            let fen = json.get("fen").and_then(|f| f.as_str()).unwrap_or_default();
            let text = format!("{fen}\n{}", reports_text(&reports, lang));
            Row {
                json,
                text,
                reports,
                error: false,
            }
        }
        Err(e) => {
            let message = format!("{e:#}");
            json.insert("error".into(), message.clone().into());
            Row {
                json,
                text: format!("error: {message}\n"),
                reports: Vec::new(),
                error: true,
            }
        }
    }
}

/// Counts for the summary: positions, unreadable lines, and per side winnable / unwinnable /
/// undetermined.
#[derive(Default)]
struct Tally {
    positions: usize,
    errors: usize,
    sides: [[usize; 3]; 2],
}

impl Tally {
    fn add(&mut self, row: &Row) {
        if row.error {
            self.errors += 1;
            return;
        }
        self.positions += 1;
        for (side, report) in &row.reports {
            let kind = match report.verdict {
                Winnability::Winnable { .. } => 0,
                Winnability::Unwinnable => 1,
                Winnability::Undetermined => 2,
            };
            self.sides[usize::from(*side == Color::Black)][kind] += 1;
        }
    }

    fn summary(&self, lang: Lang, seconds: f64) -> String {
        let side = |i: usize, id: &str| {
            let [w, u, d] = self.sides[i];
            lang.fmt(
                id,
                &[
                    ("winnable", &w.to_string()),
                    ("unwinnable", &u.to_string()),
                    ("undetermined", &d.to_string()),
                ],
            )
        };
        lang.fmt(
            "winnable-summary",
            &[
                ("positions", &self.positions.to_string()),
                ("errors", &self.errors.to_string()),
                ("white", &side(0, "winnable-summary-white")),
                ("black", &side(1, "winnable-summary-black")),
                ("seconds", &format!("{seconds:.1}")),
            ],
        )
    }
}

/// A counter of the positions analysed on standard error when it is a terminal and `--quiet`
/// is not given; otherwise a hidden one.
fn progress(quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {human_pos} positions, {elapsed}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Lines analysed together (then written in input order before the next batch is read).
const BATCH: usize = 512;

fn run_positions(args: &WinnableArgs, path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    // The readers every command uses: standard input for `-`, compressed files unpacked.
    let source = arbiter::formats::input::Source::from_arg(path);
    let opened = arbiter::formats::input::open(&source, std::sync::Arc::default())?;
    let name = opened.name;
    let mut input = io::BufReader::new(opened.reader);
    let jobs = if args.jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.jobs
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let config = config_of(args.budget);
    let lang = args.lang.get();
    let format = args.format.unwrap_or(super::Format::Json);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut tally = Tally::default();
    let mut number = 0;
    let mut done = false;
    let bar = progress(args.quiet);
    while !done {
        let mut batch: Vec<(usize, Vec<u8>)> = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            let mut line = Vec::new();
            if input
                .read_until(b'\n', &mut line)
                .with_context(|| format!("cannot read {name}"))?
                == 0
            {
                done = true;
                break;
            }
            number += 1;
            let trimmed = line.trim_ascii();
            if trimmed.is_empty() || trimmed.starts_with(b"#") {
                continue;
            }
            batch.push((number, trimmed.to_vec()));
        }
        let rows: Vec<Row> = pool.install(|| {
            batch
                .par_iter()
                .map(|(n, line)| analyse_line(*n, line, args, &config, lang))
                .collect()
        });
        for row in rows {
            tally.add(&row);
            if let Some(error) = row.json.get("error").and_then(|e| e.as_str()) {
                bar.suspend(|| note!("arbiter: {name}: {error}"));
            }
            bar.inc(1);
            match format {
                super::Format::Json => {
                    serde_json::to_writer(&mut out, &row.json)?;
                    writeln!(out)?;
                }
                super::Format::Text => write!(out, "{}", row.text)?,
            }
        }
        out.flush()?;
    }
    bar.finish_and_clear();
    if !args.quiet {
        note!("{}", tally.summary(lang, started.elapsed().as_secs_f64()));
    }
    Ok(if tally.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_may_name_its_side() {
        assert_eq!(
            parse_line("8/8/8/4k3/8/8/8/R3K3 w - - 0 1 black"),
            ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Some(Color::Black))
        );
        assert_eq!(
            parse_line(" 8/8/8/4k3/8/8/8/R3K3 w - -  "),
            ("8/8/8/4k3/8/8/8/R3K3 w - -", None)
        );
    }
}
