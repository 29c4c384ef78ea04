//! `arbiter board watch|record`: follow a live e-board, a DGT board on a serial port
//! (`--dgt DEVICE`) or DGT LiveChess (`--livechess ws://HOST:1982/api/v1.0`); `watch` judges
//! it as it plays and prints the judge's events, both write its output to a capture file that
//! `arbiter judge` reads again. The links, the capture, the judge and the reports are the
//! library's ([`arbiter::board::link`], [`arbiter::board::live`]); this module parses the flags
//! and prints.
//!
//! Exit status: 0 when stopped by Ctrl-C (the recording is whole up to there); 1 when the
//! board cannot be reached, the link was lost for good, or the recording cannot be written;
//! 2 on usage errors.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arbiter::board::link::record::Capture;
use arbiter::board::link::{self, Backoff, Link, LinkEvent};
use arbiter::board::live::{LiveEvent, LiveJudge};
use arbiter::game::rules::CompetitionRules;
use arbiter::i18n::Lang;

/// Arguments of `arbiter board`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(clap::Subcommand)]
enum BoardCommand {
    /// Judge a live board as it plays: one line per move, illegal act, touch, result signal,
    /// end of the game, and drop of the link.
    #[command(after_help = super::examples::BOARD_WATCH)]
    Watch(WatchArgs),
    /// Record a live board's output to a capture file, without judging it.
    #[command(after_help = super::examples::BOARD_RECORD)]
    Record(RecordArgs),
    /// Write a board's capture that `arbiter serve`'s live room kept in the event, as JSON
    /// Lines that `arbiter judge` reads.
    #[command(after_help = super::examples::BOARD_EXPORT)]
    Export(ExportArgs),
}

/// `arbiter board export EVENT --round R --board B [--group NAME]`.
#[derive(clap::Args)]
struct ExportArgs {
    /// The event (`turnir.arbiter`).
    event: PathBuf,
    /// The group whose board it is (an event of several groups; `tournament group list`
    /// names them); not needed while the event has one group.
    #[arg(long, value_name = "NAME")]
    group: Option<String>,
    /// The round.
    #[arg(long)]
    round: u32,
    /// The board.
    #[arg(long)]
    board: u32,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    lang: super::LangArgs,
}

/// Which board to follow: one of `--dgt` and `--livechess`.
#[derive(clap::Args)]
#[group(required = true, multiple = false)]
struct Source {
    /// A DGT e-Board's serial port (`/dev/ttyUSB0`, `/dev/rfcomm0`, `COM3`), read at 9600 8N1.
    #[arg(long, value_name = "DEVICE")]
    dgt: Option<String>,
    /// DGT LiveChess 2's WebSocket API, e.g. `ws://localhost:1982/api/v1.0`.
    #[arg(long, value_name = "URL")]
    livechess: Option<String>,
}

/// How to reach the board, and how hard to try again after a drop.
#[derive(clap::Args)]
struct LinkArgs {
    #[command(flatten)]
    source: Source,
    /// With `--livechess`: the board's serial number (default: LiveChess's only board).
    #[arg(long, value_name = "N", requires = "livechess")]
    serial: Option<String>,
    /// Attempts to reconnect after a drop before giving up (0: none).
    #[arg(long, value_name = "N", default_value_t = Backoff::default().attempts)]
    retries: u32,
    /// The first wait before reconnecting, in milliseconds; it doubles up to 5 s.
    #[arg(long, value_name = "MS", default_value_t = 500)]
    retry_delay: u64,
}

impl LinkArgs {
    /// Opens the link the flags name.
    fn open(&self) -> Result<Link, link::LinkError> {
        let backoff = Backoff {
            first: Duration::from_millis(self.retry_delay),
            max: Backoff::default()
                .max
                .max(Duration::from_millis(self.retry_delay)),
            attempts: self.retries,
        };
        match (&self.source.dgt, &self.source.livechess) {
            (Some(device), _) => {
                let mut config = link::dgt::DgtConfig::new(device.clone());
                config.backoff = backoff;
                link::dgt::open(config)
            }
            (None, url) => {
                let mut config =
                    link::livechess::LiveChessConfig::new(url.clone().unwrap_or_default());
                config.serial = self.serial.clone();
                config.backoff = backoff;
                link::livechess::open(config)
            }
        }
    }
}

/// Arguments of `arbiter board record`.
#[derive(clap::Args)]
struct RecordArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// The capture file: a DGT board's messages as JSON Lines (`{"t_ms": …, "hex": …}`), a
    /// LiveChess session's frames one a line. An existing recording is not overwritten.
    #[arg(long, value_name = "FILE")]
    record: PathBuf,
    /// Continue an existing capture file instead of refusing it.
    #[arg(long)]
    append: bool,
    /// Output format of the link's reports (connected, disconnected, reconnected).
    #[arg(long, value_enum, default_value_t)]
    format: super::Format,
    #[command(flatten)]
    lang: super::LangArgs,
}

/// Arguments of `arbiter board watch`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Rule preset of the judge: `detsky-mat` (CR 3.3, 3.7) or `fide` (Laws 7.5). Default detsky-mat")))]
struct WatchArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Also write the board's output to this capture file (as `board record` does), to judge
    /// the game again later with `arbiter judge FILE`.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Continue an existing capture file instead of refusing it.
    #[arg(long, requires = "record")]
    append: bool,
    /// Rule preset (help text: the `mut_arg` above).
    #[command(flatten)]
    preset: super::PresetArgs,
    /// Output format: a readable line, or one JSON object a line.
    #[arg(long, value_enum, default_value_t)]
    format: super::Format,
    #[command(flatten)]
    lang: super::LangArgs,
}

/// Runs `arbiter board …`.
///
/// # Errors
/// Output that cannot be written.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        BoardCommand::Watch(args) => {
            let rules = CompetitionRules::preset(args.preset.or(super::PresetName::DetskyMat));
            let printer = Printer {
                format: args.format,
                lang: args.lang.get(),
            };
            let capture = args.record.map(|path| (path, args.append));
            follow(&args.link, capture, Some(rules), printer)
        }
        BoardCommand::Record(args) => {
            let printer = Printer {
                format: args.format,
                lang: args.lang.get(),
            };
            follow(&args.link, Some((args.record, args.append)), None, printer)
        }
        BoardCommand::Export(args) => export(&args),
    }
}

/// Runs `arbiter board export`: the board's capture lines in the order they came; a board
/// without one is refused, naming the boards that have one.
fn export(a: &ExportArgs) -> anyhow::Result<ExitCode> {
    use arbiter::tournament::record;
    let db = super::tournament::event_path(&a.event)?;
    let group = record::load_any_event(&db)?.find(a.group.as_deref())?;
    let at = arbiter::tournament::live::BoardKey::new(group, a.round, a.board);
    let boards = record::captures(&db, group)?;
    if !boards.iter().any(|&(r, b, _)| (r, b) == (a.round, a.board)) {
        let list: Vec<String> = boards
            .iter()
            .map(|(r, b, n)| format!("{r}/{b} ({n})"))
            .collect();
        anyhow::bail!(a.lang.get().fmt(
            "board-export-none",
            &[
                ("file", &a.event.display().to_string()),
                ("round", &a.round.to_string()),
                ("board", &a.board.to_string()),
                ("boards", &list.join(", ")),
                ("n", &boards.len().to_string()),
            ],
        ));
    }
    match &a.output {
        Some(path) => {
            let mut text = Vec::new();
            record::write_capture(&db, at, &mut text)?;
            arbiter::tournament::store::write_atomic(path, |f| f.write_all(&text))?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            record::write_capture(&db, at, &mut out)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Follows the board until Ctrl-C or the link is lost: every message or frame to the capture
/// file (if any), to the judge (if any: `watch`), and the reports to standard output (the
/// link's drops also to standard error).
fn follow(
    link_args: &LinkArgs,
    capture: Option<(PathBuf, bool)>,
    rules: Option<CompetitionRules>,
    mut out: Printer,
) -> anyhow::Result<ExitCode> {
    let lang = out.lang;
    // The file first: a recording that cannot be written is found before the board is asked.
    let mut capture = match capture.map(|(path, append)| Capture::create(&path, append)) {
        None => None,
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => {
            note!("arbiter: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let link = match link_args.open() {
        Ok(link) => link,
        Err(e) => {
            note!("arbiter: {}", e.note().text(lang));
            return Ok(ExitCode::from(1));
        }
    };
    // The same recogniser settings as `arbiter judge` by default, so that the recording judged
    // again gives the same moves.
    let config = arbiter::board::RecogniserConfig::default();
    let mut judge = rules.map(|rules| {
        if link_args.source.dgt.is_some() {
            LiveJudge::dgt(config, rules)
        } else {
            LiveJudge::livechess(link.board().serial.as_deref(), config, rules)
        }
    });
    stop_on_ctrl_c(&link);
    let mut failed = false;
    let mut reports = Vec::new();
    for event in link {
        if let Some(c) = &mut capture
            && let Err(e) = c.write(&event)
        {
            note!("arbiter: {e}");
            failed = true;
            break;
        }
        match &mut judge {
            Some(j) => j.push(&event, &mut reports),
            None => reports.extend(LiveEvent::of_link(&event)),
        }
        for r in reports.drain(..) {
            out.print(&r)?;
        }
        failed |= matches!(event, LinkEvent::GaveUp { .. });
    }
    // The end of the watch is the end of the capture: the last placement is judged.
    if let Some(j) = judge {
        j.finish(&mut reports);
        for r in reports.drain(..) {
            out.print(&r)?;
        }
    }
    if let Some(c) = &capture {
        note!(
            "arbiter board: {}",
            arbiter::i18n::Note::new("live-recorded")
                .arg("lines", c.lines())
                .arg("file", c.path().display())
                .text(lang)
        );
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Ctrl-C stops the link (its thread closes the port or the connection), so that the command
/// ends after the last whole line of the capture.
fn stop_on_ctrl_c(link: &Link) {
    let stop = link.stopper();
    let _ = ctrlc::set_handler(move || stop.set());
}

/// Prints the reports, one a line, as JSON or as text in the language asked; the link's drops
/// are also said on standard error.
struct Printer {
    format: super::Format,
    lang: Lang,
}

impl Printer {
    fn print(&mut self, event: &LiveEvent) -> anyhow::Result<()> {
        let text = event.note().text(self.lang);
        if matches!(
            event,
            LiveEvent::Disconnected { .. }
                | LiveEvent::Reconnected { .. }
                | LiveEvent::GaveUp { .. }
        ) {
            note!("arbiter board: {text}");
        }
        let line = match self.format {
            super::Format::Json => serde_json::to_string(event)?,
            super::Format::Text => text,
        };
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}")?;
        out.flush()?;
        Ok(())
    }
}
