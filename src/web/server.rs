//! The desk's connections: what one device, and all of them, may hold open, and for how long.
//! A venue's Wi-Fi is shared with every pupil's phone; one of them must not make the desk
//! unreachable for the arbiter ([`DeskLimits`]: a cap on connections overall and from one
//! address, on event streams from one address, a time for a request's headers, idle
//! keep-alive and body).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use futures_util::StreamExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower_service::Service;

use crate::formats::limits::{ReadLimits, key_value};

/// The desk's limits, each raised with `arbiter serve --limit KEY=VALUE` (docs/desk.md, "Threat
/// model"): the readers' ([`ReadLimits`]: `input`, `game`, `plies`, `comment`, `line`) and
/// the connections' below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeskLimits {
    /// What an uploaded file may hold ([`ReadLimits::upload`]: 64 MiB decompressed).
    pub read: ReadLimits,
    /// Connections open at once (`connections`, default 512): about half the usual 1,024 open
    /// files, the rest left to the state file, the e-boards and the logs.
    pub connections: usize,
    /// Connections open at once from one address (`per-address`, default 32: a browser opens
    /// at most 6 to one server, a tablet with a few tabs and the hall's screens stay far under).
    pub per_address: usize,
    /// Event streams (`/events`) open at once from one address (`streams`, default 8: one per
    /// open live page or screen).
    pub streams_per_address: usize,
    /// Time for a request's headers, counted from the connection's start or from the end of
    /// the previous answer, so also the time an idle keep-alive connection stays open
    /// (`header-timeout`, default 10 s); and the most a request's body may pause between two
    /// of its parts.
    pub header_timeout: Duration,
    /// E-boards followed at once (`eboards`, default 1,000: a big hall); LiveChess's boards
    /// past it are not followed, and the desk says so.
    pub eboards: usize,
    /// Requests a second one address may make of the public view (`public-rate`, default 20;
    /// three seconds' worth at once): a parent's page is one request, a phone behind a
    /// carrier's shared address shares it with others; past it, 429 in words.
    pub public_rate: usize,
}

impl Default for DeskLimits {
    fn default() -> Self {
        DeskLimits {
            read: ReadLimits::upload(),
            connections: 512,
            per_address: 32,
            streams_per_address: 8,
            header_timeout: Duration::from_secs(10),
            eboards: 1000,
            public_rate: 20,
        }
    }
}

impl DeskLimits {
    /// Sets the limit `key` to `value`: `connections`, `per-address`, `streams`, `eboards`,
    /// `public-rate` (numbers),
    /// `header-timeout` (seconds, `10` or `10s`), or one of [`ReadLimits::set`]'s.
    ///
    /// # Errors
    /// An unknown key, or a value that is not a positive number or size, in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let count = || {
            value
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{key}={value}: not a number from 1"))
        };
        match key {
            "connections" => self.connections = count()?,
            "per-address" => self.per_address = count()?,
            "streams" => self.streams_per_address = count()?,
            "eboards" => self.eboards = count()?,
            "public-rate" => self.public_rate = count()?,
            "header-timeout" => {
                let secs = value
                    .trim()
                    .trim_end_matches('s')
                    .parse::<u64>()
                    .ok()
                    .filter(|&s| s > 0)
                    .ok_or_else(|| format!("{key}={value}: not a number of seconds from 1"))?;
                self.header_timeout = Duration::from_secs(secs);
            }
            _ => self.read.set(key, value).map_err(|e| {
                if e.contains("no such limit") {
                    format!(
                        "{key}: no such limit (connections, per-address, streams, \
                         header-timeout, eboards, public-rate, input, game, plies, comment, line)"
                    )
                } else {
                    e
                }
            })?,
        }
        Ok(())
    }

    /// Every `KEY=VALUE` of `--limit` set in turn over the defaults.
    ///
    /// # Errors
    /// The first that is not `KEY=VALUE` or that [`DeskLimits::set`] refuses.
    pub fn parse<'a>(given: impl IntoIterator<Item = &'a str>) -> Result<DeskLimits, String> {
        let mut limits = DeskLimits::default();
        for kv in given {
            let (k, v) = key_value(kv)?;
            limits.set(k, v)?;
        }
        Ok(limits)
    }
}

/// How many of something each address holds, and all of them: connections, event streams.
#[derive(Debug, Default)]
pub(super) struct Tally {
    held: std::sync::Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One thing held in a [`Tally`] (a connection, a stream): given back when dropped.
#[derive(Debug)]
pub(super) struct Held {
    tally: Arc<Tally>,
    key: IpAddr,
}

impl Tally {
    /// Takes one more for `address` when it holds fewer than `per_address` and all hold fewer
    /// than `total`; `None` otherwise.
    pub(super) fn take(
        self: &Arc<Self>,
        address: IpAddr,
        per_address: usize,
        total: usize,
    ) -> Option<Held> {
        let key = address_key(address);
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (all, by) = &mut *held;
        let mine = by.entry(key).or_insert(0);
        if *mine >= per_address || *all >= total {
            if *mine == 0 {
                by.remove(&key);
            }
            return None;
        }
        *mine += 1;
        *all += 1;
        Some(Held {
            tally: Arc::clone(self),
            key,
        })
    }

    /// How many are held, by all addresses.
    pub(super) fn total(&self) -> usize {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .0
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self
            .tally
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (all, by) = &mut *held;
        *all = all.saturating_sub(1);
        if let Some(n) = by.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by.remove(&self.key);
            }
        }
    }
}

/// The address a device is counted by: an IPv4 address (also written as IPv6), an IPv6
/// network's first 64 bits (one device may take any address of its /64).
fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

/// What the desk's requests share about the server's run: the event streams held, the
/// changes being written, whether the desk is stopping.
#[derive(Debug, Default)]
pub(super) struct Gate {
    /// Event streams open, by address.
    pub streams: Arc<Tally>,
    /// Changes being written (a lock held on the state file).
    writing: AtomicUsize,
    /// Told when a change is written.
    written: Notify,
    /// Set when the desk is told to stop: no change starts after it.
    stopping: AtomicBool,
}

/// A change being written: the [`Gate`] waits for it before the desk stops.
pub(super) struct Writing<'a>(&'a Gate);

impl Gate {
    /// Leave to write a change; `None` once the desk is stopping.
    pub(super) fn writing(&self) -> Option<Writing<'_>> {
        self.writing.fetch_add(1, Ordering::SeqCst);
        if self.stopping.load(Ordering::SeqCst) {
            self.done_writing();
            return None;
        }
        Some(Writing(self))
    }

    fn done_writing(&self) {
        if self.writing.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.written.notify_waiters();
        }
    }

    /// No change starts from now on.
    pub(super) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Waits until no change is being written, at most `within`; false when one still is.
    async fn written(&self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let notified = self.written.notified();
            if self.writing.load(Ordering::SeqCst) == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.writing.load(Ordering::SeqCst) == 0;
            }
        }
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        self.0.done_writing();
    }
}

/// The longest the desk takes to stop after Ctrl-C or SIGTERM: changes being written finish
/// (each is one transaction of the event's database: a change cut short by the stop is rolled
/// back whole, never written half), requests in flight get what is left, then the connections
/// are closed. Under the 5 s a service manager waits before it kills.
pub const STOP_WITHIN: Duration = Duration::from_secs(4);

/// Serves `router` on `listener` until `stop` resolves: each connection counted against
/// `limits` (over them, answered 503 in words and closed at once), HTTP/1 with hyper's
/// header-read timeout (which also closes an idle keep-alive connection), each request's body
/// cut when it pauses longer than that, the client's address given to the handlers as
/// `ConnectInfo`. After `stop`: no new connection; the changes being written (`gate`) and the
/// requests being answered finish within [`STOP_WITHIN`], the answers get at most 0.5 s more
/// to go out (a connection still sending its headers or idle is not waited for); then it
/// returns.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    gate: &Gate,
    limits: DeskLimits,
    stop: impl Future<Output = ()>,
) {
    let open = Arc::new(Tally::default());
    // The requests being answered (their headers read whole): what the stop waits for; a
    // connection still sending its headers is not waited for.
    let answering = Arc::new(AtomicUsize::new(0));
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // A connection reset before it was taken: the next. Out of files: the next a
                // moment later, when some are given back.
                Err(e) => {
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
                    ) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
        };
        let Some(held) = open.take(peer.ip(), limits.per_address, limits.connections) else {
            refuse_connection(&stream, &limits, open.total() >= limits.connections);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let pause = limits.header_timeout;
        let answering = answering.clone();
        let service = hyper::service::service_fn(move |req: Request<Incoming>| {
            let mut req = req.map(|body| paced(body, pause));
            req.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            let answering = Answering::start(&answering);
            async move {
                let _answering = answering;
                router.call(req).await
            }
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let mut closed = closed.clone();
        tokio::spawn(async move {
            let _held = held;
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = closed.wait_for(|c| *c) => connection.as_mut().graceful_shutdown(),
            }
            let _ = connection.await;
        });
    }
    drop(listener);
    let deadline = tokio::time::Instant::now() + STOP_WITHIN;
    let _ = closing.send(true);
    gate.written(STOP_WITHIN).await;
    while answering.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The answers' last bytes (a page, a download) a moment to go out; a connection still
    // sending its headers, or idle, is not waited for.
    let sent = deadline.min(tokio::time::Instant::now() + Duration::from_millis(500));
    while open.total() > 0 && tokio::time::Instant::now() < sent {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A request being answered, counted in its tally while it lives.
struct Answering(Arc<AtomicUsize>);

impl Answering {
    fn start(count: &Arc<AtomicUsize>) -> Answering {
        count.fetch_add(1, Ordering::SeqCst);
        Answering(count.clone())
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A connection over a limit: a short 503 in words (both languages: the page's is not known
/// yet), written only if the socket takes it at once, and the connection closed.
fn refuse_connection(stream: &TcpStream, limits: &DeskLimits, all: bool) {
    let text = if all {
        format!(
            "The desk has {n} connections open, the most it keeps: try again in a moment.\n\
             Пульт держит {n} соединений — больше не принимает: повторите чуть позже.\n",
            n = limits.connections
        )
    } else {
        format!(
            "Too many connections from this device ({n}, the most the desk keeps): close other \
             pages of the desk.\n\
             Слишком много соединений с этого устройства ({n} — больше пульт не принимает): \
             закройте другие страницы пульта.\n",
            n = limits.per_address
        )
    };
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Retry-After: 5\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// A request's body as the handlers read it: failing when the client pauses longer than
/// `pause` between two of its parts (a body half sent holds its connection no longer).
fn paced(body: Incoming, pause: Duration) -> Body {
    let parts = Body::new(body).into_data_stream();
    Body::from_stream(futures_util::stream::unfold(
        Some(parts),
        move |parts| async move {
            let mut parts = parts?;
            match tokio::time::timeout(pause, parts.next()).await {
                Ok(Some(part)) => Some((part, Some(parts))),
                Ok(None) => None,
                Err(_) => Some((
                    Err(axum::Error::new(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("the request's body paused over {} s", pause.as_secs()),
                    ))),
                    None,
                )),
            }
        },
    ))
}
