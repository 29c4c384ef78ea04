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

use super::{Backoff, BoardId, Link, LinkError, LinkEvent, Stop, millis_since, pause};

mod host;
pub use host::{HostConfig, HostSink, follow_host};

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
            let (event, wait) =
                config
                    .backoff
                    .after_drop(attempt, last.clone(), millis_since(start));
            let Some(wait) = wait else {
                let _ = send(event);
                return;
            };
            if !send(event) || !pause(wait, &stop).await {
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
