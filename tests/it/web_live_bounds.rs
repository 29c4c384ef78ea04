//! The live room bounded (docs/desk.md, "Threat model"), on loopback against the emulated
//! LiveChess (tests/it/live/room.rs): 3,000 e-boards listed are 1,000 followed over one
//! connection, the rest refused in words, the desk under 64 threads and answering; a board
//! flooding garbage gets one incident, and what it makes the desk write and send stays far
//! under 50 MB.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::live::room::RoomEmulator;
use crate::web_live::{TOKEN, board, event, get_json, http, serve, wait_live};

/// The threads of process `pid` (`/proc/PID/status`).
fn threads(pid: u32) -> usize {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn three_thousand_eboards_are_a_thousand_followed_under_64_threads() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let serials: Vec<String> = (0..3000).map(|i| format!("{}", 100_000 + i)).collect();
    let refs: Vec<&str> = serials.iter().map(String::as_str).collect();
    let emu = RoomEmulator::start(&refs);
    let (run, port) = serve(&state, &["--livechess", emu.url()]);
    let v = wait_live(port, Duration::from_secs(60), "1,000 e-boards", |v| {
        v["eboards"].as_array().is_some_and(|a| a.len() == 1000)
    });
    assert_eq!(v["eboards_limit"], 1000);
    assert_eq!(v["eboards_refused"], 2000);
    let pid = run.pid().unwrap();
    // The boards followed play: each frame goes over the one connection.
    emu.set("100000", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    emu.set("100999", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    std::thread::sleep(Duration::from_secs(1));
    let t = threads(pid);
    assert!(t < 64, "{t} threads");
    // The desk answers, and says why 2,000 boards are not followed, naming the limit.
    let (status, _) = http(port, "GET", "/live", None);
    assert_eq!(status, 200);
    let err = run.stderr();
    assert!(
        err.contains("lists 3000 e-boards; 2000 of them are not followed")
            && err.contains("at most 1000 e-boards (more with --limit eboards=N)"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // A lower limit is the arbiter's to set.
    drop(run);
    let (run, port) = serve(&state, &["--livechess", emu.url(), "--limit", "eboards=10"]);
    let v = wait_live(port, Duration::from_secs(30), "10 e-boards", |v| {
        v["eboards_refused"] == 2990
    });
    assert_eq!(v["eboards"].as_array().unwrap().len(), 10);
    drop(run);
}

/// `arbiter serve --livechess` following `emu`'s e-boards 1001 and 1002, put on boards 1
/// and 2: the server and its port.
fn serve_two(state: &std::path::Path, emu: &RoomEmulator) -> (crate::live::Run, u16) {
    let (run, port) = serve(state, &["--livechess", emu.url()]);
    wait_live(port, Duration::from_secs(20), "2 e-boards", |v| {
        v["eboards"].as_array().is_some_and(|a| a.len() == 2)
    });
    for (serial, b) in [("1001", 1), ("1002", 2)] {
        let (status, body) = http(
            port,
            "POST",
            "/api/live/assign",
            Some(&json!({"serialnr": serial, "board": b})),
        );
        assert_eq!(status, 200, "{body}");
    }
    (run, port)
}

#[test]
fn a_board_flooding_garbage_gets_one_incident_and_the_desk_writes_and_sends_little() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["1001", "1002"]);
    let (run, port) = serve_two(&state, &emu);
    let size = || -> u64 {
        std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter_map(|e| e.metadata().ok())
            .map(|m| m.len())
            .sum()
    };
    let before = size();
    // A viewer of the event stream reads all it is sent.
    let mut sse = TcpStream::connect(("127.0.0.1", port)).unwrap();
    sse.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    write!(
        sse,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Arbiter-Token: {TOKEN}\r\n\r\n"
    )
    .unwrap();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reading = done.clone();
    let reader = std::thread::spawn(move || {
        let mut got = 0usize;
        let mut buf = vec![0u8; 1 << 16];
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(90)
            && !reading.load(std::sync::atomic::Ordering::SeqCst)
        {
            match sse.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(_) => {}
            }
        }
        got
    });
    // 60,000 frames of 1 KiB that are no position (60 MB), and the same position sent 5,000
    // times by the other board.
    let junk = "Z".repeat(1024);
    let start = Instant::now();
    for _ in 0..6 {
        emu.flood("1001", &junk, 10_000);
        std::thread::sleep(Duration::from_millis(200));
    }
    emu.flood(
        "1002",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        5000,
    );
    // The board still plays afterwards.
    std::thread::sleep(Duration::from_secs(3));
    emu.set("1001", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    let v = wait_live(port, Duration::from_secs(60), "board 1's move", |v| {
        board(v, 1)["moves"] == json!(["d4"]) && board(v, 2)["moves"] == json!(["e4"])
    });
    let took = start.elapsed();
    let unreadable: Vec<&Value> = board(&v, 1)["incidents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "unreadable")
        .collect();
    assert_eq!(unreadable.len(), 1, "{v:#}");
    assert!(board(&v, 2)["incidents"].as_array().unwrap().is_empty());
    // Saved within a second; then the record's growth.
    std::thread::sleep(Duration::from_millis(1500));
    let written = size().saturating_sub(before);
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let sent = reader.join().unwrap();
    eprintln!(
        "garbage: {took:?} for 60 MB of garbage; {written} bytes written, {sent} bytes sent to a viewer"
    );
    assert!(written < 50 << 20, "{written} bytes written");
    assert!(sent < 50 << 20, "{sent} bytes sent");
    // Far under, in fact: the garbage is neither kept nor sent.
    assert!(written < 2 << 20, "{written} bytes written");
    assert!(sent < 1 << 20, "{sent} bytes sent");
    let err = run.stderr();
    assert!(
        err.contains("E-board 1001 sends frames that are not positions"),
        "{err}"
    );
    let _ = get_json(port, "/api/live");
}

#[test]
fn the_room_follows_livechess_again_after_it_was_down() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["1001", "1002"]);
    let addr = emu
        .url()
        .trim_start_matches("ws://")
        .trim_end_matches("/api/v1.0")
        .to_string();
    let (run, port) = serve_two(&state, &emu);
    emu.set("1001", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    wait_live(port, Duration::from_secs(20), "1. e4", |v| {
        board(v, 1)["moves"] == json!(["e4"])
    });
    // LiveChess goes away, stays away, and comes back where it was.
    drop(emu);
    wait_live(
        port,
        Duration::from_secs(20),
        "the boards disconnected",
        |v| board(v, 1)["state"] == "disconnected" && board(v, 2)["state"] == "disconnected",
    );
    std::thread::sleep(Duration::from_secs(3));
    let emu = RoomEmulator::start_on(&addr, &["1001", "1002"]);
    emu.set("1001", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    emu.set("1002", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    let v = wait_live(
        port,
        Duration::from_secs(30),
        "both boards followed again",
        |v| {
            board(v, 1)["moves"] == json!(["e4", "e5"])
                && board(v, 2)["moves"] == json!(["d4"])
                && board(v, 1)["state"] == "connected"
        },
    );
    let incidents = board(&v, 1)["incidents"].as_array().unwrap().clone();
    assert!(
        incidents.iter().all(|i| i["kind"] != "illegal"),
        "{incidents:#?}"
    );
    assert!(
        incidents.iter().any(|i| i["kind"] == "disconnected"),
        "{incidents:#?}"
    );
    drop(run);
}
