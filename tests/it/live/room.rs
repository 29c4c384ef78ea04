//! An emulated DGT LiveChess 2 with several e-boards on 127.0.0.1, driven by the test: it
//! lists its boards (`eboards`, with serial numbers and batteries), answers each link's
//! `subscribe` with the board as it stands, and sends a feed frame to the board's subscribers
//! whenever the test puts a new placement on it ([`RoomEmulator::set`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::Message;

/// The start position's placement.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// A running emulated LiveChess with several boards.
pub struct RoomEmulator {
    url: String,
    boards: Arc<Mutex<HashMap<String, String>>>,
    /// Each board's clock as its frames carry it (`null` when none: no clock).
    clocks: Clocks,
    tx: broadcast::Sender<(String, String, u32)>,
    stop: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// The boards' clocks, by serial number: LiveChess's `clock` (`white`, `black` in seconds,
/// `run`: true while White's runs, false for Black's, null when stopped).
type Clocks = Arc<Mutex<HashMap<String, Value>>>;

impl RoomEmulator {
    /// LiveChess with these e-boards, each in the start position.
    pub fn start(serials: &[&str]) -> RoomEmulator {
        RoomEmulator::start_on("127.0.0.1:0", serials)
    }

    /// The same on address `addr` (LiveChess started again where it was).
    pub fn start_on(addr: &str, serials: &[&str]) -> RoomEmulator {
        let boards: HashMap<String, String> = serials
            .iter()
            .map(|s| (s.to_string(), START.to_string()))
            .collect();
        let boards = Arc::new(Mutex::new(boards));
        let (tx, _) = broadcast::channel(4096);
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(addr))
            .unwrap();
        let url = format!("ws://{}/api/v1.0", listener.local_addr().unwrap());
        let clocks: Clocks = Arc::default();
        let (b, t, s) = (Arc::clone(&boards), tx.clone(), Arc::clone(&stop));
        let c = Arc::clone(&clocks);
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                loop {
                    if s.load(std::sync::atomic::Ordering::SeqCst) {
                        return;
                    }
                    let Ok(Ok((tcp, _))) =
                        tokio::time::timeout(Duration::from_millis(50), listener.accept()).await
                    else {
                        continue;
                    };
                    let shared = (Arc::clone(&b), Arc::clone(&c));
                    tokio::spawn(connection(tcp, shared, t.clone(), Arc::clone(&s)));
                }
            });
        });
        RoomEmulator {
            url,
            boards,
            clocks,
            tx,
            stop,
            thread: Some(thread),
        }
    }

    /// The API's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Puts `placement` on e-board `serial`: its subscribers get a feed frame.
    pub fn set(&self, serial: &str, placement: &str) {
        self.boards
            .lock()
            .unwrap()
            .insert(serial.to_string(), placement.to_string());
        let _ = self.tx.send((serial.to_string(), placement.to_string(), 1));
    }

    /// Sends e-board `serial`'s subscribers `count` feed frames in a row whose `board` is
    /// `text` (a board gone mad, or a hostile LiveChess), as fast as the connection takes them.
    pub fn flood(&self, serial: &str, text: &str, count: u32) {
        let _ = self.tx.send((serial.to_string(), text.to_string(), count));
    }

    /// Sets e-board `serial`'s clock (`white`, `black` in seconds; `run` Some(true) while
    /// White's runs, Some(false) for Black's, None when stopped), sent with its next frame.
    pub fn set_clock(&self, serial: &str, white: f64, black: f64, run: Option<bool>) {
        self.clocks.lock().unwrap().insert(
            serial.to_string(),
            json!({"white": white, "black": black, "run": run}),
        );
    }
}

impl Drop for RoomEmulator {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

async fn connection(
    tcp: tokio::net::TcpStream,
    (boards, clocks): (Arc<Mutex<HashMap<String, String>>>, Clocks),
    tx: broadcast::Sender<(String, String, u32)>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    let clock = |serial: &str| {
        clocks
            .lock()
            .unwrap()
            .get(serial)
            .cloned()
            .unwrap_or(Value::Null)
    };
    let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await else {
        return;
    };
    let mut rx = tx.subscribe();
    // One connection may follow several boards, each on its own feed id (serial → id).
    let mut feeds: HashMap<String, u64> = HashMap::new();
    loop {
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        tokio::select! {
            msg = ws.next() => {
                let Some(Ok(Message::Text(text))) = msg else { return };
                let call: Value = serde_json::from_str(text.as_str()).unwrap();
                let id = call["id"].clone();
                let answer = match call["call"].as_str() {
                    Some("eboards") => {
                        let list: Vec<Value> = {
                            let b = boards.lock().unwrap();
                            let mut serials: Vec<&String> = b.keys().collect();
                            serials.sort();
                            serials.iter().map(|s| json!({"serialnr": s, "source": "COM3",
                                "state": "ACTIVE", "battery": "84%", "comment": null,
                                "board": b[*s], "flipped": false, "clock": null})).collect()
                        };
                        json!({"response": "call", "id": id, "param": list, "time": now_ms()})
                    }
                    Some("subscribe") => {
                        let serial = call["param"]["param"]["serialnr"].as_str().unwrap_or_default();
                        feeds.insert(serial.to_string(), call["param"]["id"].as_u64().unwrap_or(1));
                        json!({"response": "call", "id": id, "param": null, "time": now_ms()})
                    }
                    _ => json!({"response": "error", "id": id, "param": "unknown call", "time": now_ms()}),
                };
                if ws.send(Message::text(answer.to_string())).await.is_err() {
                    return;
                }
                let subscribed = call["param"]["param"]["serialnr"].as_str().unwrap_or_default();
                if let Some(fid) = feeds.get(subscribed).filter(|_| call["call"] == "subscribe") {
                    let serial = subscribed;
                    let board = boards.lock().unwrap().get(serial).cloned().unwrap_or_default();
                    let first = json!({"response": "feed", "id": fid, "param": {"serialnr": serial,
                        "flipped": false, "board": board, "clock": clock(serial)}, "time": now_ms()});
                    if ws.send(Message::text(first.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            change = rx.recv() => {
                let Ok((serial, placement, count)) = change else { continue };
                let Some(fid) = feeds.get(&serial) else { continue };
                for _ in 0..count {
                    let frame = json!({"response": "feed", "id": fid, "param": {"serialnr": serial,
                        "flipped": false, "board": placement, "clock": clock(&serial)}, "time": now_ms()});
                    if ws.send(Message::text(frame.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            _ = tokio::time::sleep(Duration::from_millis(100)) => {}
        }
    }
}
