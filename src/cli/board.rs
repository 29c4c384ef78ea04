//! `arbiter board watch|record`: follow a live e-board, a DGT board on a serial port
//! (`--dgt DEVICE`) or DGT LiveChess (`--livechess ws://HOST:1982/api/v1.0`), and write its
//! output to a capture file that `arbiter judge` reads again. The links, the capture and the
//! reports are the library's ([`arbiter::board::link`], [`arbiter::board::live`]); this module
//! parses the flags and prints.
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
use arbiter::board::live::LiveEvent;
use arbiter::i18n::Lang;

/// Arguments of `arbiter board`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(clap::Subcommand)]
enum BoardCommand {
    /// Record a live board's output to a capture file, without judging it.
    Record(RecordArgs),
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

/// Runs `arbiter board …`.
///
/// # Errors
/// Output that cannot be written.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        BoardCommand::Record(args) => record(args),
    }
}

/// `arbiter board record`: every message or frame to the capture file, the link's reports to
/// standard output (and its drops to standard error), until Ctrl-C or the link is lost.
fn record(args: RecordArgs) -> anyhow::Result<ExitCode> {
    let lang = args.lang.get();
    // The file first: a recording that cannot be written is found before the board is asked.
    let mut capture = match Capture::create(&args.record, args.append) {
        Ok(c) => c,
        Err(e) => {
            note!("arbiter: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let link = match args.link.open() {
        Ok(link) => link,
        Err(e) => {
            note!("arbiter: {}", e.note().text(lang));
            return Ok(ExitCode::from(1));
        }
    };
    stop_on_ctrl_c(&link);
    let mut out = Printer {
        format: args.format,
        lang,
    };
    let mut failed = false;
    for event in link {
        if let Err(e) = capture.write(&event) {
            note!("arbiter: {e}");
            failed = true;
            break;
        }
        if let Some(live) = LiveEvent::of_link(&event) {
            out.print(&live)?;
        }
        failed |= matches!(event, LinkEvent::GaveUp { .. });
    }
    note!(
        "arbiter board: {}",
        arbiter::i18n::Note::new("live-recorded")
            .arg("lines", capture.lines())
            .arg("file", capture.path().display())
            .text(lang)
    );
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
