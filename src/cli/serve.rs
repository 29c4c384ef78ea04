//! `arbiter serve`: parses the flags and runs [`arbiter::web::serve`] on a tokio runtime.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::i18n::Lang;
use arbiter::web::live::LinkSpec;
use arbiter::web::{ServeConfig, new_token, serve_all};

/// Arguments of `arbiter serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The tournament state file (`arbiter tournament new`).
    state: PathBuf,
    /// Address to listen on. Anything but loopback (a tablet on the venue's Wi-Fi) requires
    /// the access token for every change.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The access token for changes (default: none on loopback; generated and printed
    /// otherwise).
    #[arg(long)]
    token: Option<String>,
    /// A host name the desk also answers to (repeatable), besides localhost, loopback IPs and
    /// the bound address: e.g. this laptop's name on the venue's network. Any other `Host`
    /// is refused (421), which stops DNS-rebinding pages.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_host: Vec<String>,
    /// DGT LiveChess 2's address, `ws://HOST:1982/api/v1.0` (repeatable): every e-board it
    /// lists is followed live and can be put on a board on the page `/live`.
    #[arg(long, value_name = "URL")]
    livechess: Vec<String>,
    /// A DGT e-Board's serial device (repeatable), followed live like a LiveChess board.
    #[arg(long, value_name = "DEVICE")]
    dgt: Vec<String>,
    /// Rule preset: pairing colour rules, tie-break order, adjudication thresholds (default:
    /// the event's, kept in the state file).
    #[command(flatten)]
    preset: super::PresetArgs,
    /// Language of the pages when the address gives none (`?lang=ru|en`).
    #[command(flatten)]
    lang: super::LangArgs,
    /// Raise (or lower) one of the desk's limits, `KEY=VALUE` (repeatable): `input=64MiB` an
    /// upload decompressed, `game=16MiB` a game's text, `plies=20000`, `comment=1MiB`,
    /// `line=1MiB`; `connections=512`, `per-address=32`, `streams=8` (event streams from one
    /// address), `header-timeout=10` seconds, `eboards=1000` e-boards followed, `public-rate=20`
    /// requests a second from one address to the public view (docs/desk.md, "Threat model").
    /// `game` also bounds each board's capture in the live room.
    #[arg(long = "limit", value_name = "KEY=VALUE", value_parser = desk_limit)]
    limit: Vec<String>,
    /// Also serve the public view on this address (off by default): the event, the rounds'
    /// pairings with results, the standings and the rounds' games as PGN, read only and
    /// without the token, for parents' phones (docs/desk.md, "The public view").
    #[arg(long, value_name = "ADDR:PORT")]
    public: Option<SocketAddr>,
    /// The public view's address as parents' phones reach it, when it is not the listener's
    /// own (a school's domain or a reverse proxy in front of the laptop): printed on the wall
    /// sheet and the hall's screen with its QR code. `http://` or `https://`.
    #[arg(long, value_name = "URL", requires = "public", value_parser = public_url)]
    public_url: Option<String>,
    /// Push the desk's round to this lichess broadcast round (its id, the 8 characters in
    /// the round's address), as the arbiter decided it, on every judged move and recorded
    /// result (docs/desk.md, "Broadcasting to lichess"). The token (scope `study:write`) is
    /// pasted on the event page or given in `ARBITER_BROADCAST_TOKEN`, and kept in the event.
    #[arg(long, value_name = "ROUND_ID", value_parser = broadcast_round_id)]
    broadcast_round: Option<String>,
    /// The broadcast server's address (a test's fake of lichess).
    #[arg(long, value_name = "URL", default_value = arbiter::web::broadcast::LICHESS, requires = "broadcast_round")]
    broadcast_url: String,
}

/// A `--public-url` the wall sheet can print: an absolute `http://` or `https://` address
/// with a host, no spaces (else a usage error saying why, in both languages).
fn public_url(given: &str) -> Result<String, String> {
    let url = given.trim();
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with('/')
                && !url.chars().any(char::is_whitespace) =>
        {
            Ok(url.to_string())
        }
        _ => Err(format!(
            "{} / {}",
            Lang::En.fmt("serve-public-url-bad", &[("url", given)]),
            Lang::Ru.fmt("serve-public-url-bad", &[("url", given)])
        )),
    }
}

/// A `--limit KEY=VALUE` that the desk takes (else a usage error saying why).
fn desk_limit(given: &str) -> Result<String, String> {
    arbiter::web::DeskLimits::parse([given])?;
    Ok(given.to_string())
}

/// A lichess broadcast round's id as `--broadcast-round` takes it: 8 letters and digits (the
/// last part of the round's address on lichess), else a usage error in both languages.
fn broadcast_round_id(given: &str) -> Result<String, String> {
    let id = given.trim();
    if id.len() == 8 && id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(id.to_string())
    } else {
        Err(format!(
            "«{given}» is not a lichess broadcast round's id (8 letters and digits, the end of \
             the round's address) / не номер тура трансляции lichess (8 латинских букв и цифр, \
             конец адреса тура)"
        ))
    }
}

/// Runs the server until Ctrl-C. Exit status 0 after a clean stop.
///
/// # Errors
/// (Exit status 1 through `main`.) A state file that cannot be read, an address that cannot
/// be bound.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let token = match args.token {
        Some(t) if t.trim().is_empty() => return Err(super::errors::CliError::EmptyToken.into()),
        Some(t) => Some(t),
        None if args.addr.ip().is_loopback() => None,
        None => Some(new_token()),
    };
    let limits = arbiter::web::DeskLimits::parse(args.limit.iter().map(String::as_str))
        .map_err(|e| anyhow::anyhow!("--limit {e}"))?;
    // The event's preset (read at each request) unless --preset names another.
    let preset = args.preset.preset.map(Into::into);
    // A state file of the JSON format is converted into its database first (said on stderr).
    // A file that does not exist yet is the event to set up on the desk (`/setup`).
    let missing = arbiter::tournament::record::kind_of(&args.state)
        == arbiter::tournament::record::FileKind::Missing;
    let state = if missing {
        args.state.clone()
    } else {
        super::tournament::event_path(&args.state)?
    };
    let config = ServeConfig {
        state,
        addr: args.addr,
        lang: args.lang.get(),
        preset,
        token,
        allowed_hosts: args
            .allow_host
            .iter()
            .map(|h| h.trim().to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect(),
        limits,
        public: args.public,
        public_url: args.public_url.clone(),
        broadcast: args
            .broadcast_round
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(|id| arbiter::web::broadcast::BroadcastTarget {
                base: args.broadcast_url.trim().trim_end_matches('/').to_string(),
                round_id: id.to_string(),
                token: std::env::var("ARBITER_BROADCAST_TOKEN")
                    .ok()
                    .filter(|t| !t.trim().is_empty()),
            }),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let links: Vec<LinkSpec> = args
        .livechess
        .iter()
        .map(|u| LinkSpec::LiveChess(u.clone()))
        .chain(args.dgt.iter().map(|d| LinkSpec::Dgt(d.clone())))
        .collect();
    // Beyond loopback (a tablet on the venue's network) the address is also drawn as a QR code
    // for the tablet's camera.
    // The first line names the URL as its only `http://` word: scripts and tests read it there.
    let tablet = !args.addr.ip().is_loopback();
    let public_loopback =
        args.public_url.is_none() && args.public.is_some_and(|a| a.ip().is_loopback());
    let lang = args.lang.get();
    let token = config.token.clone();
    let served = runtime.block_on(serve_all(config, &links, |url, public| {
        println!("{}", lang.fmt("serve-open", &[("url", url)]));
        // The public view's address on the second line (the first keeps the desk's URL as
        // its only `http://` word, which scripts read).
        if let Some(public) = public {
            println!("{}", lang.fmt("serve-public", &[("url", public)]));
            // A loopback address on the wall sheet's QR code: no phone can open it.
            if public_loopback {
                println!("{}", lang.msg("serve-public-loopback"));
            }
        }
        if missing {
            let file = args.state.display().to_string();
            println!("{}", lang.fmt("serve-setup", &[("file", &file)]));
        }
        // The lines after the first are for a person: a script that read the first and
        // closed the pipe does not stop the desk.
        let mut out = std::io::stdout();
        if tablet && let Some(qr) = arbiter::web::qr_text(url) {
            let _ = writeln!(out, "{qr}\n{}", lang.msg("serve-tablet-qr"));
        }
        if let Some(token) = &token {
            let screens = arbiter::web::screen_url(url, token);
            let _ = writeln!(out, "{}", lang.fmt("serve-screen", &[("url", &screens)]));
        }
    }));
    // Work left on the blocking threads (a page being read) is not waited for: a change
    // being written was waited for by the server (its file is renamed whole or not at all).
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    served?;
    Ok(ExitCode::SUCCESS)
}
