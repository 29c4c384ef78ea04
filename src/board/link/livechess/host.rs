//! Every e-board of one LiveChess host over ONE WebSocket ([`follow_host`]), as the desk
//! follows a hall: the boards listed (`eboards`), each subscribed to its own `eboardevent`
//! feed on the same connection (feed ids 1, 2, …), each feed frame handed to its board.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

use super::{EboardListing, Socket, listing, one_line};
use crate::board::link::{Backoff, BoardId, LinkEvent, Stop, millis_since, pause};
use crate::i18n::Note;

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
    fn unreachable(&mut self, reason: &Note);
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
        let why = reason.text(crate::i18n::Lang::En);
        let (event, wait) = config.backoff.after_drop(attempt, why, millis_since(start));
        for s in &followed {
            sink.event(s, event.clone());
        }
        let Some(wait) = wait else { return };
        if !pause(wait, &stop).await {
            return;
        }
    }
}

/// Opens the WebSocket to LiveChess (not yet listed), frames bounded by `max_frame`.
async fn open_socket(config: &HostConfig) -> Result<Socket, Note> {
    if !config.url.starts_with("ws://") {
        return Err(Note::new("err-link-not-ws").arg("url", &config.url));
    }
    let ws = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(config.max_frame))
        .max_frame_size(Some(config.max_frame));
    let connecting =
        tokio_tungstenite::connect_async_with_config(config.url.as_str(), Some(ws), false);
    match tokio::time::timeout(config.answer_timeout, connecting).await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(e)) => Err(Note::new("err-link-connect")
            .arg("url", &config.url)
            .arg("reason", e)),
        Err(_) => Err(Note::new("err-link-silent")
            .arg("url", &config.url)
            .arg("ms", config.answer_timeout.as_millis())),
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
    ) -> Option<Note> {
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
                            return Some(Note::new("err-link-closed").arg("url", &url));
                        }
                        Some(Err(e)) => {
                            return Some(Note::new("err-link-socket").arg("url", &url).arg("reason", e));
                        }
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
                        return Some(Note::new("err-link-no-eboards")
                            .arg("url", &url)
                            .arg("ms", self.config.answer_timeout.as_millis()));
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
    ) -> Result<String, Note> {
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
            .map_err(|e| {
                Note::new("err-link-socket")
                    .arg("url", &self.config.url)
                    .arg("reason", e)
            })?;
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
    ) -> Result<(), Note> {
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
    ) -> Result<(), Note> {
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
                    return Err(Note::new("err-link-answer")
                        .arg("url", &self.config.url)
                        .arg("call", "eboards")
                        .arg("answer", text));
                }
                None => {}
            },
            _ => {}
        }
        Ok(())
    }
}
