//! The hall's screens' event stream end to end (`/events?for=screen`): `arbiter serve
//! --livechess` follows two emulated e-boards, and a screen's stream is read write by write
//! (each HTTP chunk is one write of the server): the boards changed since the screen's page
//! was made come at once, then at most one write a second with each board's latest, and a
//! result entered at the desk makes the screens reload, alone in its write.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::live::room::{RoomEmulator, START};
use crate::web_live::{board, event, get_page, http, serve_room, wait_live};
use serde_json::json;

const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
const E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
const D4: &str = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR";

/// A screen's event stream read raw: each write of the server is one HTTP chunk.
struct ScreenStream {
    s: TcpStream,
    raw: Vec<u8>,
    body_at: Option<usize>,
}

impl ScreenStream {
    fn open(port: u16, path: &str) -> ScreenStream {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\
             Cookie: {}\r\n\r\n",
            crate::web_live::screen_cookie()
        )
        .unwrap();
        ScreenStream {
            s,
            raw: Vec::new(),
            body_at: None,
        }
    }

    /// The writes that arrive within `within`, each with the moment it was read.
    fn writes(&mut self, within: Duration) -> Vec<(Instant, String)> {
        let start = Instant::now();
        let mut out = Vec::new();
        let mut buf = [0u8; 65536];
        while start.elapsed() < within {
            if let Ok(n) = self.s.read(&mut buf) {
                assert!(n > 0, "the stream ended");
                self.raw.extend_from_slice(&buf[..n]);
            }
            if self.body_at.is_none()
                && let Some(i) = self.raw.windows(4).position(|w| w == b"\r\n\r\n")
            {
                let head = String::from_utf8_lossy(&self.raw[..i]).to_ascii_lowercase();
                assert!(head.starts_with("http/1.1 200"), "{head}");
                assert!(head.contains("text/event-stream"), "{head}");
                assert!(head.contains("transfer-encoding: chunked"), "{head}");
                self.raw.drain(..i + 4);
                self.body_at = Some(0);
            }
            if self.body_at.is_none() {
                continue;
            }
            // Whole chunks: `size\r\ndata\r\n`.
            while let Some(eol) = self.raw.windows(2).position(|w| w == b"\r\n") {
                let size =
                    usize::from_str_radix(String::from_utf8_lossy(&self.raw[..eol]).trim(), 16)
                        .unwrap();
                if self.raw.len() < eol + 2 + size + 2 {
                    break;
                }
                let data = String::from_utf8_lossy(&self.raw[eol + 2..eol + 2 + size]).into_owned();
                self.raw.drain(..eol + 2 + size + 2);
                out.push((Instant::now(), data));
            }
        }
        out
    }
}

/// The `board` and `move` events of a write (a board's diagram, then its moves):
/// `(board, placement)`.
fn boards_of(write: &str) -> Vec<(u64, String)> {
    write
        .split("\n\n")
        .filter_map(|e| {
            e.strip_prefix("event: board\ndata: ")
                .or_else(|| e.strip_prefix("event: move\ndata: "))
        })
        .map(|data| {
            let v: serde_json::Value = serde_json::from_str(data).unwrap();
            (
                v["board"].as_u64().unwrap(),
                v["placement"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The number a `/screen` page was made at (`data-since`).
fn since_of(page: &str) -> u64 {
    page.split_once("data-since=\"")
        .unwrap_or_else(|| panic!("no data-since: {page}"))
        .1
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn a_screen_gets_what_changed_since_its_page_then_one_write_a_second_and_reloads_after_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["2001", "2002"]);
    let (run, port, _) = serve_room(&state, &emu, 2);
    for (serial, b) in [("2001", 1), ("2002", 2)] {
        let (status, body) = http(
            port,
            "POST",
            "/api/live/assign",
            Some(&json!({"serialnr": serial, "board": b})),
        );
        assert_eq!(status, 200, "{body}");
    }
    // The second assignment's `reload` to the screens is held a second after the first's.
    std::thread::sleep(Duration::from_millis(1200));
    emu.set("2001", START);
    emu.set("2002", START);
    wait_live(port, Duration::from_secs(5), "the start positions", |v| {
        [1, 2]
            .iter()
            .all(|&b| board(v, b)["placement"].as_str() == Some(START))
    });

    // The page, then 1. e4 on board 1 and 1. d4 on board 2 after it was made.
    let page = get_page(port, "/screen?lang=en");
    let since = since_of(&page);
    emu.set("2001", E4);
    emu.set("2002", D4);
    wait_live(port, Duration::from_secs(5), "1. e4 and 1. d4", |v| {
        board(v, 1)["moves"] == json!(["e4"]) && board(v, 2)["moves"] == json!(["d4"])
    });
    // A screen that loads that page gets both boards at once, in one write, each once.
    let mut screen = ScreenStream::open(port, &format!("/events?for=screen&since={since}"));
    let opened = Instant::now();
    // At once: before the stream's next write, a second later (0.9 s leaves room for a
    // loaded machine).
    let first = screen.writes(Duration::from_millis(900));
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(first[0].0 - opened < Duration::from_millis(900));
    let mut got = boards_of(&first[0].1);
    got.sort();
    assert_eq!(got, [(1, E4.to_string()), (2, D4.to_string())]);

    // Three placements on board 1 within 0.3 s: at most one write a second, board 1 once in
    // each, and the last one written is its latest.
    emu.set("2001", E4_E5);
    std::thread::sleep(Duration::from_millis(150));
    emu.set("2001", E4_E5_NF3);
    let next = screen.writes(Duration::from_millis(2500));
    assert!(!next.is_empty(), "nothing within 2.5 s");
    for w in next.windows(2) {
        assert!(
            w[1].0 - w[0].0 >= Duration::from_millis(600),
            "two writes within {:?}",
            w[1].0 - w[0].0
        );
    }
    let board1: Vec<Vec<String>> = next
        .iter()
        .map(|(_, w)| {
            boards_of(w)
                .into_iter()
                .filter(|(b, _)| *b == 1)
                .map(|(_, p)| p)
                .collect()
        })
        .collect();
    assert!(board1.iter().all(|b| b.len() <= 1), "{board1:?}");
    assert_eq!(
        board1.iter().flatten().last().map(String::as_str),
        Some(E4_E5_NF3)
    );
    assert!(next.iter().all(|(_, w)| !w.contains("event: reload")));

    // A result entered at the desk (board 3, no e-board): the screens reload, the event
    // alone in its write, within two seconds.
    let (status, body) = http(
        port,
        "POST",
        "/api/rounds/1/boards/3/result",
        Some(&json!({"result": "1-0"})),
    );
    assert_eq!(status, 200, "{body}");
    let after = screen.writes(Duration::from_millis(2000));
    let reload: Vec<&String> = after
        .iter()
        .map(|(_, w)| w)
        .filter(|w| w.contains("event: reload"))
        .collect();
    assert_eq!(reload.len(), 1, "{after:?}");
    assert_eq!(reload[0].matches("event:").count(), 1, "{reload:?}");
    // The page loaded then is made again, after the result.
    let again = get_page(port, "/screen?lang=en");
    assert!(since_of(&again) > since);
    assert_ne!(again, page);

    // A page of an earlier run of the server (a number it never gave): reload at once.
    let mut old = ScreenStream::open(
        port,
        &format!("/events?for=screen&since={}", since_of(&again) + 1_000_000),
    );
    let w = old.writes(Duration::from_millis(900));
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].1.starts_with("event: reload\n"), "{w:?}");
    drop((screen, old));
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}
