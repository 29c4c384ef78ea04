//! The link to DGT LiveChess 2's local WebSocket API (`ws://HOST:1982/api/v1.0`), as LiveChess
//! and the programs that read it use it: a request is `{"id": N, "call": NAME, "param": …}`,
//! an answer `{"response": "call" | "feed" | "error", "id": N, "param": …, "time": …}`.
//!
//! Opening the link: the `eboards` call (the boards LiveChess sees, each with its
//! `serialnr`), then `subscribe` to the `eboardevent` feed of one board
//! (`{"feed": "eboardevent", "id": FEED, "param": {"serialnr": …}}`). From then on LiveChess
//! sends a feed frame whenever the board's placement or clock changes. Every frame, the
//! link's own calls included, goes to the reader as it came ([`LinkEvent::Frame`]), so that a
//! capture is a transcript of the session, one frame a line.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::{Backoff, BoardId, Link, LinkError, LinkEvent, Stop, millis_since};

/// The `eboardevent` feed's id in the link's `subscribe` call.
const FEED_ID: u64 = 1;

/// How to reach LiveChess and which board to follow.
#[derive(Clone, Debug)]
pub struct LiveChessConfig {
    /// The API's address, `ws://HOST:1982/api/v1.0`.
    pub url: String,
    /// The board's serial number; `None` takes LiveChess's only board.
    pub serial: Option<String>,
    /// How long to wait for the connection and for each answer.
    pub answer_timeout: Duration,
    /// Reconnection after a drop.
    pub backoff: Backoff,
}

impl LiveChessConfig {
    /// A link to `url`, LiveChess's only board, a 5 s answer timeout and the default back-off.
    pub fn new(url: impl Into<String>) -> LiveChessConfig {
        LiveChessConfig {
            url: url.into(),
            serial: None,
            answer_timeout: Duration::from_secs(5),
            backoff: Backoff::default(),
        }
    }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A connection subscribed to a board's feed, and the frames exchanged so far.
struct Opened {
    socket: Socket,
    board: BoardId,
    frames: Vec<(u64, String, bool)>,
}

/// Opens the link: connects, calls `eboards`, picks the board (the one named, else the only
/// one), subscribes to its `eboardevent` feed, then follows the feed on a thread and
/// reconnects after a drop (subscribing again to the same board).
///
/// The first events of the returned [`Link`] are [`LinkEvent::Connected`] and the frames of
/// the two calls, then the feed's frames as they come.
///
/// # Errors
/// [`LinkError::Connect`] when the address is not `ws://…` or does not answer,
/// [`LinkError::Answer`] when LiveChess answers a call with an error or not as its API does,
/// [`LinkError::NoSuchBoard`] when the board named is not there, none is, or several are and
/// none was named.
pub fn open(mut config: LiveChessConfig) -> Result<Link, LinkError> {
    if !config.url.starts_with("ws://") {
        return Err(LinkError::Connect {
            url: config.url,
            reason: "the address must start with ws:// (LiveChess: ws://HOST:1982/api/v1.0)".into(),
        });
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| LinkError::Connect {
            url: config.url.clone(),
            reason: e.to_string(),
        })?;
    let start = Instant::now();
    let stop = Stop::default();
    let opened = runtime.block_on(connect(&config, start))?;
    // After a drop, subscribe again to the same board, even if LiveChess now sees others.
    config.serial = opened.board.serial.clone();
    let board = opened.board.clone();
    let (tx, rx) = mpsc::channel();
    let thread_stop = stop.clone();
    std::thread::Builder::new()
        .name("livechess-link".into())
        .spawn(move || runtime.block_on(run(config, start, thread_stop, opened, tx)))
        .map_err(|e| LinkError::Connect {
            url: String::new(),
            reason: e.to_string(),
        })?;
    Ok(Link {
        events: rx,
        stop,
        board,
    })
}

/// One e-board as LiveChess lists it (the `eboards` call).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct EboardListing {
    /// Its serial number.
    pub serialnr: String,
    /// LiveChess's state of it (`ACTIVE`, `INACTIVE`, `SYNCHRONIZING`…), when given.
    pub state: Option<String>,
    /// Its battery as LiveChess shows it (`84%`), when given.
    pub battery: Option<String>,
    /// Where LiveChess reaches it (`COM3`, a Bluetooth name), when given.
    pub source: Option<String>,
}

/// Asks LiveChess at `url` which e-boards it sees (the `eboards` call) and closes the
/// connection. Blocks at most about twice `timeout`; call it outside an async runtime.
///
/// # Errors
/// [`LinkError::Connect`], [`LinkError::Answer`] as [`open`].
pub fn list_eboards(url: &str, timeout: Duration) -> Result<Vec<EboardListing>, LinkError> {
    if !url.starts_with("ws://") {
        return Err(LinkError::Connect {
            url: url.to_owned(),
            reason: "the address must start with ws:// (LiveChess: ws://HOST:1982/api/v1.0)".into(),
        });
    }
    let config = LiveChessConfig {
        answer_timeout: timeout,
        ..LiveChessConfig::new(url)
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| LinkError::Connect {
            url: url.to_owned(),
            reason: e.to_string(),
        })?;
    runtime.block_on(async {
        let (socket, _) = tokio::time::timeout(timeout, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| LinkError::Connect {
                url: url.to_owned(),
                reason: format!("no answer within {} ms", timeout.as_millis()),
            })?
            .map_err(|e| LinkError::Connect {
                url: url.to_owned(),
                reason: e.to_string(),
            })?;
        let mut opened = Opened {
            socket,
            board: BoardId::default(),
            frames: Vec::new(),
        };
        let boards = call(&mut opened, &config, Instant::now(), 1, "eboards", None).await;
        let _ = opened.socket.close(None).await;
        Ok(listing(&boards?))
    })
}

/// Connects and subscribes (module docs).
async fn connect(config: &LiveChessConfig, start: Instant) -> Result<Opened, LinkError> {
    let url = config.url.clone();
    let connect_error = |reason: String| LinkError::Connect {
        url: url.clone(),
        reason,
    };
    let (socket, _) = tokio::time::timeout(
        config.answer_timeout,
        tokio_tungstenite::connect_async(config.url.as_str()),
    )
    .await
    .map_err(|_| {
        connect_error(format!(
            "no answer within {} ms",
            config.answer_timeout.as_millis()
        ))
    })?
    .map_err(|e| connect_error(e.to_string()))?;
    let mut opened = Opened {
        socket,
        board: BoardId {
            source: config.url.clone(),
            ..BoardId::default()
        },
        frames: Vec::new(),
    };
    let boards = call(&mut opened, config, start, 1, "eboards", None).await?;
    let serials: Vec<String> = boards
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|b| b.get("serialnr"))
                .map(|s| match s {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    let serial = match &config.serial {
        Some(s) if serials.contains(s) => s.clone(),
        None if serials.len() == 1 => serials[0].clone(),
        wanted => {
            return Err(LinkError::NoSuchBoard {
                url: config.url.clone(),
                wanted: wanted.clone(),
                serials,
            });
        }
    };
    let param = serde_json::json!({
        "feed": "eboardevent",
        "id": FEED_ID,
        "param": {"serialnr": serial},
    });
    call(&mut opened, config, start, 2, "subscribe", Some(param)).await?;
    opened.board.serial = Some(serial);
    Ok(opened)
}

/// Sends call `name` with `id` and waits for its answer; returns the answer's `param`. Frames
/// that come meanwhile (feed frames) are kept in order.
async fn call(
    opened: &mut Opened,
    config: &LiveChessConfig,
    start: Instant,
    id: u64,
    name: &str,
    param: Option<serde_json::Value>,
) -> Result<serde_json::Value, LinkError> {
    let answer_error = |answer: String| LinkError::Answer {
        url: config.url.clone(),
        call: name.to_owned(),
        answer,
    };
    let mut request = serde_json::json!({"id": id, "call": name});
    if let Some(p) = param {
        request["param"] = p;
    }
    let text = request.to_string();
    opened
        .socket
        .send(Message::text(text.clone()))
        .await
        .map_err(|e| answer_error(format!("a closed connection ({e})")))?;
    opened.frames.push((millis_since(start), text, true));
    let until = tokio::time::Instant::now() + config.answer_timeout;
    loop {
        let next = tokio::time::timeout_at(until, opened.socket.next())
            .await
            .map_err(|_| {
                answer_error(format!(
                    "nothing within {} ms",
                    config.answer_timeout.as_millis()
                ))
            })?;
        let text = match next {
            None => return Err(answer_error("a closed connection".into())),
            Some(Err(e)) => return Err(answer_error(format!("a broken connection ({e})"))),
            Some(Ok(Message::Text(t))) => one_line(t.as_str()),
            Some(Ok(Message::Close(_))) => {
                return Err(answer_error("a closed connection".into()));
            }
            Some(Ok(_)) => continue,
        };
        opened
            .frames
            .push((millis_since(start), text.clone(), false));
        let Ok(frame) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        if frame.get("id").and_then(serde_json::Value::as_u64) != Some(id) {
            continue;
        }
        match frame.get("response").and_then(serde_json::Value::as_str) {
            Some("call") => return Ok(frame.get("param").cloned().unwrap_or_default()),
            Some("error") => return Err(answer_error(text)),
            _ => {}
        }
    }
}

/// A frame's text on one line: LiveChess sends compact JSON, but a frame broken over lines
/// would break the transcript's one-frame-a-line form.
fn one_line(text: &str) -> String {
    if !text.contains(['\n', '\r']) {
        return text.to_owned();
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => v.to_string(),
        Err(_) => text.replace(['\n', '\r'], " "),
    }
}

/// The link's thread: follows the feed until stopped, reconnects after a drop.
async fn run(
    config: LiveChessConfig,
    start: Instant,
    stop: Stop,
    mut opened: Opened,
    tx: mpsc::Sender<LinkEvent>,
) {
    let mut reconnected = false;
    loop {
        let send = |e: LinkEvent| tx.send(e).is_ok();
        if !send(LinkEvent::Connected {
            board: opened.board.clone(),
            reconnected,
        }) {
            return;
        }
        for (t_ms, text, sent) in opened.frames.drain(..) {
            if !send(LinkEvent::Frame { t_ms, text, sent }) {
                return;
            }
        }
        let Some(reason) = follow(&mut opened.socket, start, &stop, &send).await else {
            let _ = opened.socket.close(None).await;
            return;
        };
        drop(opened);
        let mut attempt = 1;
        let mut last = reason;
        opened = loop {
            let Some(wait) = config.backoff.delay(attempt) else {
                let _ = tx.send(LinkEvent::GaveUp {
                    t_ms: millis_since(start),
                    reason: last,
                    attempts: attempt - 1,
                });
                return;
            };
            if !send(LinkEvent::Disconnected {
                t_ms: millis_since(start),
                reason: last.clone(),
                attempt,
                attempts: config.backoff.attempts,
                retry_in: wait,
            }) || !sleep_unless_stopped(wait, &stop).await
            {
                return;
            }
            match connect(&config, start).await {
                Ok(o) => break o,
                Err(e) => last = e.to_string(),
            }
            attempt += 1;
        };
        reconnected = true;
    }
}

/// Passes the feed's frames on until the connection drops (returns why) or the link is stopped
/// or its reader gone (`None`).
async fn follow(
    socket: &mut Socket,
    start: Instant,
    stop: &Stop,
    send: &impl Fn(LinkEvent) -> bool,
) -> Option<String> {
    loop {
        if stop.is_set() {
            return None;
        }
        let next = match tokio::time::timeout(Duration::from_millis(100), socket.next()).await {
            Ok(next) => next,
            Err(_) => continue,
        };
        match next {
            None => return Some("LiveChess closed the connection".into()),
            Some(Err(e)) => return Some(e.to_string()),
            Some(Ok(Message::Text(t))) => {
                let frame = LinkEvent::Frame {
                    t_ms: millis_since(start),
                    text: one_line(t.as_str()),
                    sent: false,
                };
                if !send(frame) {
                    return None;
                }
            }
            Some(Ok(Message::Close(_))) => {
                return Some("LiveChess closed the connection".into());
            }
            Some(Ok(_)) => {}
        }
    }
}

/// Sleeps `wait` in short steps; false when stopped meanwhile.
async fn sleep_unless_stopped(wait: Duration, stop: &Stop) -> bool {
    let until = tokio::time::Instant::now() + wait;
    while tokio::time::Instant::now() < until {
        if stop.is_set() {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    !stop.is_set()
}

/// How to follow every e-board of one LiveChess host over one connection ([`follow_host`]).
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// The API's address, `ws://HOST:1982/api/v1.0`.
    pub url: String,
    /// How long to wait for the connection and for the first `eboards` answer.
    pub answer_timeout: Duration,
    /// Reconnection after a drop (`attempts: u32::MAX`: for as long as the caller runs).
    pub backoff: Backoff,
    /// How often LiveChess is asked again which e-boards it sees (a board switched on later
    /// is followed then).
    pub list_every: Duration,
    /// The largest frame taken from LiveChess, in bytes: a feed frame is about 200 bytes, the
    /// `eboards` answer about 250 bytes a board. A larger one drops the connection (it is
    /// opened again as after any drop).
    pub max_frame: usize,
}

impl HostConfig {
    /// LiveChess at `url`: a 5 s answer timeout, retrying for ever (0.5 s doubling to 5 s),
    /// its boards listed every 5 s, frames up to 4 MiB (the `eboards` answer of 10,000
    /// boards).
    pub fn new(url: impl Into<String>) -> HostConfig {
        HostConfig {
            url: url.into(),
            answer_timeout: Duration::from_secs(5),
            backoff: Backoff {
                attempts: u32::MAX,
                ..Backoff::default()
            },
            list_every: Duration::from_secs(5),
            max_frame: 4 << 20,
        }
    }
}

/// Where [`follow_host`] hands what one LiveChess host says.
pub trait HostSink: Send {
    /// LiveChess listed its e-boards (at the start, after each reconnection and every
    /// [`HostConfig::list_every`]). Returns those of them to follow from now on besides those
    /// followed already (each is subscribed once; a board followed stays followed).
    fn listed(&mut self, boards: &[EboardListing]) -> Vec<String>;
    /// An event of the link to e-board `serial`, as [`open`]'s [`Link`] would give it: the
    /// link's calls about it (`subscribe`, sent), its feed frames, [`LinkEvent::Connected`],
    /// [`LinkEvent::Disconnected`] and [`LinkEvent::GaveUp`] of the host's connection.
    fn event(&mut self, serial: &str, event: LinkEvent);
    /// LiveChess could not be reached or listed (said once until it answers again).
    fn unreachable(&mut self, reason: &str);
}

/// Follows every e-board of the LiveChess host at `config.url` over ONE WebSocket: lists the
/// boards (`eboards`), subscribes each board the sink takes to its own `eboardevent` feed
/// (feed ids 1, 2, … on the connection; LiveChess sends each feed's frames with its id), and
/// hands each frame to its board. After a drop every followed board gets
/// [`LinkEvent::Disconnected`], the connection is opened again with the back-off, the boards
/// listed again and every followed board subscribed again ([`LinkEvent::Connected`] with
/// `reconnected`). Runs until `stop` is set or the back-off's attempts are spent (then every
/// followed board gets [`LinkEvent::GaveUp`]). One task, whatever the number of boards.
pub async fn follow_host(config: HostConfig, stop: Stop, sink: &mut impl HostSink) {
    let start = Instant::now();
    let mut followed: Vec<String> = Vec::new();
    let mut attempt: u32 = 0;
    let mut reported = false;
    loop {
        if stop.is_set() {
            return;
        }
        let reason = match open_socket(&config).await {
            Ok(mut socket) => {
                let mut session = Session {
                    config: &config,
                    start,
                    followed: &mut followed,
                    next_call: 1,
                    pending: std::collections::HashMap::new(),
                    answered: false,
                };
                let why = session.run(&mut socket, &stop, sink).await;
                let answered = session.answered;
                let _ = socket.close(None).await;
                match why {
                    None => return,
                    Some(why) => {
                        if answered {
                            attempt = 0;
                            reported = false;
                        }
                        why
                    }
                }
            }
            Err(e) => e,
        };
        if !reported {
            sink.unreachable(&reason);
            reported = true;
        }
        attempt = attempt.saturating_add(1);
        let Some(wait) = config.backoff.delay(attempt) else {
            for s in &followed {
                sink.event(
                    s,
                    LinkEvent::GaveUp {
                        t_ms: millis_since(start),
                        reason: reason.clone(),
                        attempts: attempt - 1,
                    },
                );
            }
            return;
        };
        for s in &followed {
            sink.event(
                s,
                LinkEvent::Disconnected {
                    t_ms: millis_since(start),
                    reason: reason.clone(),
                    attempt,
                    attempts: config.backoff.attempts,
                    retry_in: wait,
                },
            );
        }
        if !sleep_unless_stopped(wait, &stop).await {
            return;
        }
    }
}

/// Opens the WebSocket to LiveChess (not yet listed), frames bounded by `max_frame`.
async fn open_socket(config: &HostConfig) -> Result<Socket, String> {
    if !config.url.starts_with("ws://") {
        return Err(format!(
            "cannot connect to LiveChess at {}: the address must start with ws:// (LiveChess: ws://HOST:1982/api/v1.0)",
            config.url
        ));
    }
    let ws = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(config.max_frame))
        .max_frame_size(Some(config.max_frame));
    let connecting =
        tokio_tungstenite::connect_async_with_config(config.url.as_str(), Some(ws), false);
    match tokio::time::timeout(config.answer_timeout, connecting).await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(e)) => Err(format!(
            "cannot connect to LiveChess at {}: {e}",
            config.url
        )),
        Err(_) => Err(format!(
            "cannot connect to LiveChess at {}: no answer within {} ms",
            config.url,
            config.answer_timeout.as_millis()
        )),
    }
}

/// A call sent on the host's connection, waiting for its answer.
enum Pending {
    /// `eboards`.
    Eboards,
    /// `subscribe` of this board.
    Subscribe(String),
}

/// One connection to a LiveChess host ([`follow_host`]).
struct Session<'a> {
    config: &'a HostConfig,
    start: Instant,
    /// The boards followed, feed id `i + 1` for `followed[i]` (kept across connections).
    followed: &'a mut Vec<String>,
    next_call: u64,
    pending: std::collections::HashMap<u64, Pending>,
    /// LiveChess answered `eboards` on this connection.
    answered: bool,
}

impl Session<'_> {
    /// Lists, subscribes and passes frames on until the connection drops (returns why) or
    /// `stop` is set (`None`).
    async fn run(
        &mut self,
        socket: &mut Socket,
        stop: &Stop,
        sink: &mut impl HostSink,
    ) -> Option<String> {
        let url = self.config.url.clone();
        if let Err(e) = self
            .send_call(socket, "eboards", None, Pending::Eboards)
            .await
        {
            return Some(e);
        }
        let answer_by = tokio::time::Instant::now() + self.config.answer_timeout;
        let mut list = tokio::time::interval_at(
            tokio::time::Instant::now() + self.config.list_every,
            self.config.list_every,
        );
        list.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut watch = tokio::time::interval(Duration::from_millis(200));
        loop {
            tokio::select! {
                next = socket.next() => {
                    let text = match next {
                        None | Some(Ok(Message::Close(_))) => {
                            return Some(format!("LiveChess at {url} closed the connection"));
                        }
                        Some(Err(e)) => return Some(format!("LiveChess at {url}: {e}")),
                        Some(Ok(Message::Text(t))) => one_line(t.as_str()),
                        Some(Ok(_)) => continue,
                    };
                    if let Err(e) = self.answer(socket, text, sink).await {
                        return Some(e);
                    }
                }
                _ = list.tick() => {
                    let listing = self.pending.values().any(|p| matches!(p, Pending::Eboards));
                    if !listing
                        && let Err(e) = self.send_call(socket, "eboards", None, Pending::Eboards).await
                    {
                        return Some(e);
                    }
                }
                _ = watch.tick() => {
                    if stop.is_set() {
                        return None;
                    }
                    if !self.answered && tokio::time::Instant::now() > answer_by {
                        return Some(format!(
                            "LiveChess at {url} answered no \"eboards\" call within {} ms",
                            self.config.answer_timeout.as_millis()
                        ));
                    }
                }
            }
        }
    }

    /// Sends call `name` (its answer is waited for as `pending`); the text sent.
    async fn send_call(
        &mut self,
        socket: &mut Socket,
        name: &str,
        param: Option<serde_json::Value>,
        pending: Pending,
    ) -> Result<String, String> {
        let id = self.next_call;
        self.next_call += 1;
        let mut request = serde_json::json!({"id": id, "call": name});
        if let Some(p) = param {
            request["param"] = p;
        }
        let text = request.to_string();
        socket
            .send(Message::text(text.clone()))
            .await
            .map_err(|e| format!("LiveChess at {}: {e}", self.config.url))?;
        self.pending.insert(id, pending);
        Ok(text)
    }

    /// Subscribes board `serial` to feed `fid` (its number in `followed`); `reconnected`
    /// when it was followed on an earlier connection.
    async fn subscribe(
        &mut self,
        socket: &mut Socket,
        serial: &str,
        fid: u64,
        reconnected: bool,
        sink: &mut impl HostSink,
    ) -> Result<(), String> {
        let param = serde_json::json!({
            "feed": "eboardevent",
            "id": fid,
            "param": {"serialnr": serial},
        });
        sink.event(
            serial,
            LinkEvent::Connected {
                board: BoardId {
                    serial: Some(serial.to_owned()),
                    version: None,
                    source: self.config.url.clone(),
                },
                reconnected,
            },
        );
        let text = self
            .send_call(
                socket,
                "subscribe",
                Some(param),
                Pending::Subscribe(serial.to_owned()),
            )
            .await?;
        sink.event(
            serial,
            LinkEvent::Frame {
                t_ms: millis_since(self.start),
                text,
                sent: true,
            },
        );
        Ok(())
    }

    /// Reads one frame from LiveChess: a feed frame goes to its board, an answer settles its
    /// call (the `eboards` answer subscribes the boards the sink takes).
    async fn answer(
        &mut self,
        socket: &mut Socket,
        text: String,
        sink: &mut impl HostSink,
    ) -> Result<(), String> {
        let Ok(frame) = serde_json::from_str::<serde_json::Value>(&text) else {
            return Ok(());
        };
        let id = frame.get("id").and_then(serde_json::Value::as_u64);
        let t_ms = millis_since(self.start);
        match (
            frame.get("response").and_then(serde_json::Value::as_str),
            id,
        ) {
            (Some("feed"), Some(fid)) => {
                let board = usize::try_from(fid)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|i| self.followed.get(i));
                if let Some(serial) = board {
                    sink.event(
                        serial,
                        LinkEvent::Frame {
                            t_ms,
                            text,
                            sent: false,
                        },
                    );
                }
            }
            (Some(kind), Some(id)) => match self.pending.remove(&id) {
                Some(Pending::Subscribe(serial)) => sink.event(
                    &serial,
                    LinkEvent::Frame {
                        t_ms,
                        text,
                        sent: false,
                    },
                ),
                Some(Pending::Eboards) if kind == "call" => {
                    let boards = listing(frame.get("param").unwrap_or(&serde_json::Value::Null));
                    let first = !self.answered;
                    self.answered = true;
                    let mut new = sink.listed(&boards);
                    new.retain(|s| !self.followed.contains(s));
                    new.dedup();
                    // Once connected again, every board followed is subscribed again.
                    let again: Vec<String> = if first {
                        self.followed.clone()
                    } else {
                        Vec::new()
                    };
                    for (i, serial) in again.iter().enumerate() {
                        self.subscribe(socket, serial, i as u64 + 1, true, sink)
                            .await?;
                    }
                    for serial in new {
                        self.followed.push(serial.clone());
                        let fid = self.followed.len() as u64;
                        self.subscribe(socket, &serial, fid, false, sink).await?;
                    }
                }
                Some(Pending::Eboards) => {
                    return Err(format!(
                        "LiveChess at {} answered \"eboards\" with {text}",
                        self.config.url
                    ));
                }
                None => {}
            },
            _ => {}
        }
        Ok(())
    }
}

/// The e-boards of an `eboards` answer's `param`.
fn listing(param: &serde_json::Value) -> Vec<EboardListing> {
    let text = |b: &serde_json::Value, key: &str| match b.get(key) {
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(serde_json::Value::Null) | None => None,
        Some(other) => Some(other.to_string()),
    };
    param
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|b| {
                    Some(EboardListing {
                        serialnr: text(b, "serialnr")?,
                        state: text(b, "state"),
                        battery: text(b, "battery"),
                        source: text(b, "source"),
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn a_frame_broken_over_lines_is_written_on_one() {
        let line = one_line("{\"id\": 1,\n \"call\": \"eboards\"}");
        assert!(!line.contains('\n'));
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v, serde_json::json!({"id": 1, "call": "eboards"}));
        let compact = r#"{"response":"call","id":2,"param":null,"time":1587948082887}"#;
        assert_eq!(one_line(compact), compact);
    }
}
