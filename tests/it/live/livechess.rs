//! An emulated DGT LiveChess 2 on 127.0.0.1 (a port the system picks): it answers the
//! `eboards` and `subscribe` calls as LiveChess does (the answers of the real transcript,
//! `../shared/data/eboard/livechess/`) and then sends the `eboardevent` feed of its one board,
//! frame after frame. It can drop the connection once mid-game; a link that connects again
//! and subscribes gets the board as it stands, then the rest of the feed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// The serial number of the emulated board (the real transcript's).
pub const SERIAL: &str = "23946";

/// What the emulator sends, and when it drops the connection.
pub struct Script {
    /// The board's placement before the first feed frame (FEN piece placement).
    pub board: String,
    /// The feed frames' `param`s, in order (`serialnr` is set by the emulator).
    pub feed: Vec<Value>,
    /// Drop the connection once, after sending this many feed frames.
    pub drop_after: Option<usize>,
    /// The pause between two feed frames.
    pub pace: Duration,
    /// After the drop, LiveChess is gone for good: nothing listens any more.
    pub gone_after_drop: bool,
    /// The frames' `time` (epoch ms), one per feed frame, as the real session had them; empty:
    /// the time they are sent. The answers to calls take the time of the frame last sent (or
    /// the next one), so that times never run backwards.
    pub times: Vec<u64>,
}

/// A running emulated LiveChess.
pub struct LiveChessEmulator {
    url: String,
    stop: Arc<AtomicBool>,
    sent: Arc<AtomicUsize>,
    thread: Option<JoinHandle<()>>,
}

impl LiveChessEmulator {
    /// Starts the server on 127.0.0.1.
    pub fn start(script: Script) -> LiveChessEmulator {
        let stop = Arc::new(AtomicBool::new(false));
        let sent = Arc::new(AtomicUsize::new(0));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let url = format!("ws://{}/api/v1.0", listener.local_addr().unwrap());
        let (thread_stop, thread_sent) = (Arc::clone(&stop), Arc::clone(&sent));
        let thread = std::thread::spawn(move || {
            runtime.block_on(serve(listener, script, thread_stop, thread_sent));
        });
        LiveChessEmulator {
            url,
            stop,
            sent,
            thread: Some(thread),
        }
    }

    /// The API's address, `ws://127.0.0.1:PORT/api/v1.0`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Feed frames sent so far.
    pub fn sent(&self) -> usize {
        self.sent.load(Ordering::SeqCst)
    }
}

impl Drop for LiveChessEmulator {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Milliseconds since the epoch, as LiveChess's `time`.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

async fn serve(
    listener: tokio::net::TcpListener,
    script: Script,
    stop: Arc<AtomicBool>,
    sent: Arc<AtomicUsize>,
) {
    let mut board = script.board.clone();
    let mut next = 0;
    let time = |next: usize| -> u64 {
        if script.times.is_empty() {
            now_ms()
        } else {
            script.times[next.saturating_sub(1).min(script.times.len() - 1)]
        }
    };
    let mut dropped = false;
    while !stop.load(Ordering::SeqCst) {
        if dropped && script.gone_after_drop {
            return;
        }
        let accepted = tokio::time::timeout(Duration::from_millis(50), listener.accept()).await;
        let Ok(Ok((tcp, _))) = accepted else {
            continue;
        };
        let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await else {
            continue;
        };
        let mut feed_id: Option<u64> = None;
        loop {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            // Answer the calls that came.
            match tokio::time::timeout(Duration::from_millis(2), ws.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => {
                    let call: Value = serde_json::from_str(text.as_str()).unwrap();
                    let id = call["id"].clone();
                    let answer = match call["call"].as_str() {
                        Some("eboards") => json!({"response": "call", "id": id, "param": [{
                            "serialnr": SERIAL, "source": "COM3", "state": "ACTIVE",
                            "battery": "84%", "comment": null, "board": board,
                            "flipped": false, "clock": null}], "time": time(next)}),
                        Some("subscribe") => {
                            feed_id = call["param"]["id"].as_u64();
                            json!({"response": "call", "id": id, "param": null, "time": time(next)})
                        }
                        _ => json!({"response": "error", "id": id, "param": "unknown call",
                            "time": time(next)}),
                    };
                    if ws.send(Message::text(answer.to_string())).await.is_err() {
                        break;
                    }
                    if call["call"] == "subscribe" {
                        // LiveChess's first feed frame: the board as it stands.
                        let first = json!({"response": "feed", "id": feed_id,
                            "param": {"serialnr": SERIAL, "flipped": false, "board": board,
                                "clock": null}, "time": time(next)});
                        if ws.send(Message::text(first.to_string())).await.is_err() {
                            break;
                        }
                    }
                }
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => break,
                Ok(Some(Ok(_))) | Err(_) => {}
            }
            let Some(feed) = feed_id else { continue };
            if next >= script.feed.len() {
                continue;
            }
            if script.drop_after == Some(next) && !dropped {
                // The connection is cut (LiveChess restarted): no closing handshake.
                dropped = true;
                break;
            }
            let mut param = script.feed[next].clone();
            param["serialnr"] = json!(SERIAL);
            if let Some(b) = param["board"].as_str() {
                board = b.to_owned();
            }
            let frame =
                json!({"response": "feed", "id": feed, "param": param, "time": time(next + 1)});
            if ws.send(Message::text(frame.to_string())).await.is_err() {
                break;
            }
            next += 1;
            sent.store(next, Ordering::SeqCst);
            tokio::time::sleep(script.pace).await;
        }
    }
}
