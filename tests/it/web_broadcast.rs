//! The push to a lichess broadcast end to end: `arbiter serve --livechess URL --broadcast-url
//! http://127.0.0.1:PORT --broadcast-round ID` follows 8 emulated e-boards
//! (tests/it/live/room.rs) and pushes the round to a loopback FAKE of lichess's push endpoint
//! (`POST /api/broadcast/round/{id}/push`), which checks every PGN as lichess does — the bearer
//! token, `text/plain`, each game's moves legal from the start (arbiter's PGN reader, on
//! pgn-reader and shakmaty), one game per board, the tags Event, Round, White, Black, Result —
//! and answers lichess's JSON (`{"games": [{"tags": {…}, "moves": N}]}`). Board 1 has an
//! illegal move taken back (Laws 7.5.1) that the arbiter notices, board 2 ends with the kings'
//! result signal, the others with mates; every result is recorded at the desk. Mid-round the
//! fake answers 503 for 30 s: nothing is lost, and at the end it holds the 8 games with the
//! right moves and results. The token is never shown, logged or exported.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use arbiter::formats::pgn::PgnReader;
use arbiter::tournament::{Player, Tournament, store};
use serde_json::{Value, json};

use crate::live::Run;
use crate::live::room::{RoomEmulator, START};
use crate::web_live::{
    TOKEN, board, free_port, get_json, get_page, http, illegal_act, notice, wait_live,
};
use crate::web_pgn::{MAINLINE, PLAYED};

/// The lichess token the arbiter gives (`ARBITER_BROADCAST_TOKEN`).
const LICHESS_TOKEN: &str = "lip_FakeToken4Broadcast9";
/// The broadcast round's id.
const ROUND_ID: &str = "tEsT1234";

/// Board 2: 1. d3 d6, then both kings on dark centre squares (d4, e5): 0-1 (CR 4.2).
const SIGNAL: [&str; 5] = [
    START,
    "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR",
    "rnbqkbnr/ppp1pppp/3p4/8/8/3P4/PPP1PPPP/RNBQKBNR",
    "rnbq1bnr/ppp1pppp/3p4/8/3K4/3P4/PPP1PPPP/RNBQ1BNR",
    "rnbq1bnr/ppp1pppp/3p4/4k3/3K4/3P4/PPP1PPPP/RNBQ1BNR",
];

/// The fool's mate 1. f3 e5 2. g4 Qh4#.
const FOOL: [&str; 5] = [
    START,
    "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR",
    "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR",
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR",
];

/// A game as the fake read it: its tags and its mainline in UCI.
#[derive(Clone, Debug, PartialEq)]
struct Got {
    tags: BTreeMap<String, String>,
    moves: Vec<String>,
}

#[derive(Default)]
struct FakeState {
    /// Answers 503 while true.
    down: bool,
    /// Every request's arrival.
    arrivals: Vec<Instant>,
    /// The games of each push accepted, in order.
    accepted: Vec<Vec<Got>>,
    /// Pushes answered 503.
    refused: usize,
    /// What lichess would have refused: a wrong token, type or path, an illegal move, a
    /// missing tag, two games of one board.
    faults: Vec<String>,
}

/// A fake lichess push endpoint on 127.0.0.1 (one request per connection).
struct FakeLichess {
    port: u16,
    state: Arc<Mutex<FakeState>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FakeLichess {
    fn start() -> FakeLichess {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(FakeState::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (Arc::clone(&state), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            while !st.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((tcp, _)) => answer(tcp, &s),
                    Err(_) => std::thread::sleep(Duration::from_millis(20)),
                }
            }
        });
        FakeLichess {
            port,
            state,
            stop,
            thread: Some(thread),
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn set_down(&self, down: bool) {
        self.state.lock().unwrap().down = down;
    }

    /// The games of the last push accepted.
    fn latest(&self) -> Vec<Got> {
        self.state
            .lock()
            .unwrap()
            .accepted
            .last()
            .cloned()
            .unwrap_or_default()
    }

    /// Waits at most `limit` until the last push accepted satisfies `done`.
    fn wait(&self, limit: Duration, what: &str, done: impl Fn(&[Got]) -> bool) {
        let start = Instant::now();
        loop {
            let games = self.latest();
            if done(&games) {
                return;
            }
            assert!(
                start.elapsed() < limit,
                "the fake lichess got no {what} within {limit:?}: {games:#?}\nfaults: {:?}",
                self.state.lock().unwrap().faults
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for FakeLichess {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Reads one request and answers it as lichess's push endpoint does.
fn answer(mut tcp: TcpStream, state: &Mutex<FakeState>) {
    tcp.set_nonblocking(false).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let head_end = loop {
        let Ok(n) = tcp.read(&mut buf) else { return };
        if n == 0 {
            return;
        }
        raw.extend_from_slice(&buf[..n]);
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_string();
    let header = |name: &str| {
        head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    };
    let length: usize = header("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(0);
    while raw.len() < head_end + length {
        let Ok(n) = tcp.read(&mut buf) else { return };
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let body = String::from_utf8_lossy(&raw[head_end..]).to_string();
    let (status, reply) = judge_push(&head, header, &body, state);
    let text = reply.to_string();
    let _ = write!(
        tcp,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
}

/// The push's status line and JSON answer; the games kept when accepted, the faults noted.
fn judge_push(
    head: &str,
    header: impl Fn(&str) -> Option<String>,
    body: &str,
    state: &Mutex<FakeState>,
) -> (&'static str, Value) {
    let mut s = state.lock().unwrap();
    s.arrivals.push(Instant::now());
    if s.down {
        s.refused += 1;
        return (
            "503 Service Unavailable",
            json!({"error": "down for maintenance"}),
        );
    }
    let wanted = format!("POST /api/broadcast/round/{ROUND_ID}/push HTTP/1.1");
    if !head.starts_with(&wanted) {
        s.faults
            .push(format!("request line: {:?}", head.lines().next()));
        return ("404 Not Found", json!({"error": "Not found"}));
    }
    if header("authorization").as_deref() != Some(&format!("Bearer {LICHESS_TOKEN}")) {
        s.faults.push("a wrong or missing bearer token".into());
        return ("401 Unauthorized", json!({"error": "No such token"}));
    }
    if !header("content-type").is_some_and(|t| t.starts_with("text/plain")) {
        s.faults
            .push(format!("content type {:?}", header("content-type")));
        return ("400 Bad Request", json!({"error": "text/plain expected"}));
    }
    let mut games = Vec::new();
    let mut answers = Vec::new();
    let mut boards = std::collections::BTreeSet::new();
    for (i, g) in PgnReader::new(body.as_bytes()).enumerate() {
        let g = match g {
            Ok(g) => g,
            Err(e) => {
                s.faults.push(format!("game {i}: unreadable: {e}"));
                answers.push(json!({"tags": {}, "error": e.to_string()}));
                continue;
            }
        };
        let tags: BTreeMap<String, String> = g
            .tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        for t in ["Event", "Round", "White", "Black", "Result"] {
            if !tags.contains_key(t) {
                s.faults.push(format!("game {i}: no tag {t}"));
            }
        }
        if !boards.insert(tags.get("Round").cloned().unwrap_or_default()) {
            s.faults.push(format!(
                "game {i}: a second game of {:?}",
                tags.get("Round")
            ));
        }
        match g.mainline_from_start() {
            Ok(line) => {
                let moves: Vec<String> = line
                    .iter()
                    .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                    .collect();
                answers.push(json!({"tags": tags, "moves": moves.len()}));
                games.push(Got { tags, moves });
            }
            Err(e) => {
                s.faults.push(format!("game {i}: illegal: {e}"));
                answers.push(json!({"tags": tags, "error": format!("Invalid move: {e}")}));
            }
        }
    }
    s.accepted.push(games);
    ("200 OK", json!({"games": answers}))
}

/// Sixteen players, round 1 paired on eight boards: 1–9, 10–2, 3–11, … (the seeds' halves).
fn event(dir: &Path) -> PathBuf {
    let mut t = Tournament::new("Broadcast", 3);
    for i in 1..=16u16 {
        t.add_player(Player {
            name: format!("Player {i:02}"),
            rating: Some(2100 - 10 * i),
            ..Player::default()
        })
        .unwrap();
    }
    let pairs: Vec<(u16, u16)> = (1..=8u16)
        .map(|b| if b % 2 == 1 { (b, b + 8) } else { (b + 8, b) })
        .collect();
    t.pair_round_manual(1, &pairs, None, None).unwrap();
    let path = dir.join("ev.arbiter");
    store::save(&t, &path).unwrap();
    path
}

/// `arbiter serve` following `emu`, pushing to `fake`, the token in its environment; once it
/// lists the 8 e-boards.
fn serve(state: &Path, emu: &RoomEmulator, fake: &FakeLichess) -> (Run, u16) {
    let (run, port) = serve_with(state, Some(emu), fake, Some(LICHESS_TOKEN));
    wait_live(port, Duration::from_secs(20), "8 e-boards", |v| {
        v["eboards"].as_array().is_some_and(|a| a.len() == 8)
    });
    (run, port)
}

/// `arbiter serve --broadcast-url FAKE --broadcast-round ID` on a free port, following `emu`
/// when given, with `ARBITER_BROADCAST_TOKEN` when `token` is given; once it takes
/// connections.
fn serve_with(
    state: &Path,
    emu: Option<&RoomEmulator>,
    fake: &FakeLichess,
    token: Option<&str>,
) -> (Run, u16) {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let url = fake.url();
    let mut args = vec![
        "serve",
        state.to_str().unwrap(),
        "--addr",
        &addr,
        "--token",
        TOKEN,
        "--broadcast-url",
        &url,
        "--broadcast-round",
        ROUND_ID,
    ];
    if let Some(emu) = emu {
        args.extend(["--livechess", emu.url()]);
    }
    let env: Vec<(&str, &str)> = token
        .map(|t| ("ARBITER_BROADCAST_TOKEN", t))
        .into_iter()
        .collect();
    let run = Run::start_env(&args, &env);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "no server");
        std::thread::sleep(Duration::from_millis(50));
    }
    (run, port)
}

/// Plays the boards' placements side by side, one step for all at a time; a step on board 1
/// where its illegal move or its take-back stands lasts long enough to be read (400 ms,
/// `board::livechess::STANDS_MS`).
fn play(emu: &RoomEmulator, games: &[(&str, &[&str])]) {
    let steps = games.iter().map(|(_, g)| g.len()).max().unwrap_or(0);
    for i in 0..steps {
        let mut stands = 300;
        for (serial, g) in games {
            if let Some(p) = g.get(i) {
                emu.set(serial, p);
                if *g == PLAYED.as_slice() && (i == 2 || i == 3) {
                    stands = 900;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(stands));
    }
}

/// The scholar's mate without board 1's illegal move.
fn scholar() -> Vec<&'static str> {
    PLAYED
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2 && *i != 3)
        .map(|(_, p)| *p)
        .collect()
}

/// Records board `b`'s proposed result `result` once the room proposes it.
fn record(port: u16, b: u64, result: &str) {
    wait_live(port, Duration::from_secs(10), "the proposal", |v| {
        board(v, b)["proposed_result"]["result"] == result
    });
    let (s, body) = http(
        port,
        "POST",
        &format!("/api/rounds/1/boards/{b}/record"),
        Some(&json!({})),
    );
    assert_eq!(s, 200, "board {b}: {body}");
}

/// A `GET` with the desk's token: the body's bytes.
fn get_bytes(port: u16, path: &str) -> Vec<u8> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Arbiter-Token: {TOKEN}\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    assert!(raw.starts_with(b"HTTP/1.1 200"), "{path}");
    raw
}

fn has_token(bytes: &[u8]) -> bool {
    bytes
        .windows(LICHESS_TOKEN.len())
        .any(|w| w == LICHESS_TOKEN.as_bytes())
}

#[test]
fn the_round_reaches_a_fake_lichess_as_decided_through_an_outage() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let fake = FakeLichess::start();
    let serials: Vec<String> = (1..=8).map(|b| format!("20{b:02}")).collect();
    let serial_refs: Vec<&str> = serials.iter().map(String::as_str).collect();
    let emu = RoomEmulator::start(&serial_refs);
    let (run, port) = serve(&state, &emu, &fake);
    for (i, serial) in serials.iter().enumerate() {
        let (s, b) = http(
            port,
            "POST",
            "/api/live/assign",
            Some(&json!({"serialnr": serial, "board": i + 1})),
        );
        assert_eq!(s, 200, "{b}");
    }
    // The round goes to lichess before a move: 8 games, `*`, no moves.
    fake.wait(Duration::from_secs(15), "8 games", |g| g.len() == 8);

    // Boards 1–4: the illegal move taken back, the kings' signal, two mates.
    let scholar = scholar();
    play(
        &emu,
        &[
            (serial_refs[0], &PLAYED),
            (serial_refs[1], &SIGNAL),
            (serial_refs[2], &FOOL),
            (serial_refs[3], &scholar),
        ],
    );
    fake.wait(Duration::from_secs(15), "boards 1–4's moves", |g| {
        g.len() == 8 && g[0].moves == MAINLINE && g[3].moves == MAINLINE && g[2].moves.len() == 4
    });

    // Lichess goes down for 30 s; the round goes on meanwhile.
    fake.set_down(true);
    let down_at = Instant::now();
    play(
        &emu,
        &[
            (serial_refs[4], &FOOL),
            (serial_refs[5], &scholar),
            (serial_refs[6], &FOOL),
            (serial_refs[7], &scholar),
        ],
    );
    let v = wait_live(
        port,
        Duration::from_secs(10),
        "board 1's illegal act",
        |v| {
            board(v, 1)["incidents"]
                .as_array()
                .is_some_and(|a| a.iter().any(|i| i["kind"] == "illegal"))
        },
    );
    notice(port, 1, &illegal_act(&v, 1).expect("an illegal act"));
    let results = ["1-0", "0-1", "0-1", "1-0", "0-1", "1-0", "0-1", "1-0"];
    for (b, r) in results.iter().enumerate() {
        record(port, b as u64 + 1, r);
    }
    // The desk says lichess is not reachable, with the time since when.
    let v = wait_live(port, Duration::from_secs(15), "the outage shown", |v| {
        !v["broadcast"]["state"]["unreachable_since_ms"].is_null()
    });
    let line = v["broadcast"]["line"].as_str().unwrap().to_string();
    assert!(line.contains("not reachable since"), "{line}");
    assert_eq!(v["broadcast"]["state"]["pending"], true, "{v:#}");
    let live_page = get_page(port, "/rounds/1/live");
    assert!(live_page.contains("not reachable since"), "{live_page}");
    // Nothing changed at lichess meanwhile: its last games are from before the outage.
    assert!(fake.latest().iter().all(|g| g.tags["Result"] == "*"));
    let left = Duration::from_secs(30).saturating_sub(down_at.elapsed());
    std::thread::sleep(left);
    fake.set_down(false);

    // Back: the round as decided arrives whole (within the 10 s backoff and a push).
    let expected: Vec<(Vec<&str>, &str)> = (0..8)
        .map(|b| {
            let moves: Vec<&str> = match b {
                0 | 3 | 5 | 7 => MAINLINE.to_vec(),
                1 => vec!["d2d3", "d7d6"],
                _ => vec!["f2f3", "e7e5", "g2g4", "d8h4"],
            };
            (moves, results[b])
        })
        .collect();
    let matches = |g: &[Got]| {
        g.len() == 8
            && g.iter()
                .zip(&expected)
                .enumerate()
                .all(|(i, (got, (m, r)))| {
                    got.moves == *m
                        && got.tags["Result"] == *r
                        && got.tags["Round"] == format!("1.{}", i + 1)
                })
    };
    fake.wait(Duration::from_secs(25), "the round as decided", matches);
    let games = fake.latest();
    assert_eq!(games[0].tags["White"], "Player 01");
    assert_eq!(games[0].tags["Black"], "Player 09");
    assert_eq!(games[0].tags["Event"], "Broadcast");
    {
        let s = fake.state.lock().unwrap();
        assert!(s.faults.is_empty(), "{:?}", s.faults);
        // Tried again during the outage, with a growing wait (at most 10 s), never more
        // than once a second.
        assert!(
            (2..=12).contains(&s.refused),
            "{} tries while down",
            s.refused
        );
        let gaps: Vec<Duration> = s.arrivals.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            gaps.iter().all(|g| *g >= Duration::from_millis(900)),
            "{gaps:?}"
        );
        eprintln!(
            "{} pushes accepted, {} refused while down",
            s.accepted.len(),
            s.refused
        );
    }

    // The desk shows per board what lichess answered.
    let v = wait_live(port, Duration::from_secs(5), "the answer shown", |v| {
        v["broadcast"]["state"]["pending"] == false
            && v["broadcast"]["state"]["unreachable_since_ms"].is_null()
    });
    assert_eq!(v["broadcast"]["state"]["boards"]["1"]["moves"], 7, "{v:#}");
    assert_eq!(v["broadcast"]["state"]["boards"]["2"]["moves"], 2, "{v:#}");
    assert_eq!(v["broadcast"]["boards"]["1"], "lichess: accepted, 7 moves");
    let live_page = get_page(port, "/rounds/1/live");
    assert!(
        live_page.contains("id=\"broadcast-3\">lichess: accepted, 4 moves"),
        "{live_page}"
    );
    let ru = get_page(port, "/rounds/1/live?lang=ru");
    assert!(ru.contains("lichess: принято, ходов: 7"), "{ru}");

    // The token: said to be kept, never shown, logged, journalled or exported.
    let event_page = get_page(port, "/");
    assert!(
        event_page.contains("A lichess token is kept"),
        "{event_page}"
    );
    assert!(event_page.contains("type=\"password\""));
    for path in [
        "/",
        "/log",
        "/api/live",
        "/export/state",
        "/export/event.arbiter",
        "/export/trf",
        "/rounds/1/games.pgn",
    ] {
        assert!(!has_token(&get_bytes(port, path)), "{path} shows the token");
    }
    assert!(
        !get_json(port, "/api/live")
            .to_string()
            .contains(LICHESS_TOKEN)
    );
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!has_token(lines.join("\n").as_bytes()) && !has_token(stderr.as_bytes()));
}

#[test]
fn a_push_pending_when_the_desk_is_killed_arrives_after_its_restart() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let fake = FakeLichess::start();
    let (run, port) = serve_with(&state, None, &fake, Some(LICHESS_TOKEN));
    fake.wait(Duration::from_secs(15), "8 games", |g| g.len() == 8);
    // Lichess goes down; board 3's draw is entered at the desk: a push is pending.
    fake.set_down(true);
    let (s, b) = http(
        port,
        "POST",
        "/api/rounds/1/boards/3/result",
        Some(&json!({"result": "1/2-1/2"})),
    );
    assert_eq!(s, 200, "{b}");
    wait_live(port, Duration::from_secs(15), "the push pending", |v| {
        v["broadcast"]["state"]["pending"] == true
            && !v["broadcast"]["state"]["unreachable_since_ms"].is_null()
    });
    // The desk is killed (no clean stop), lichess comes back, the desk starts again without
    // the token in its environment (the record keeps it): the draw arrives at once.
    let pid = run.pid().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let _ = run.wait_exit(Duration::from_secs(10));
    fake.set_down(false);
    let before = fake.state.lock().unwrap().accepted.len();
    let restarted = Instant::now();
    let (run, port) = serve_with(&state, None, &fake, None);
    fake.wait(Duration::from_secs(5), "board 3's draw", |g| {
        g.len() == 8 && g[2].tags["Result"] == "1/2-1/2"
    });
    eprintln!("arrived {:?} after the restart", restarted.elapsed());
    assert_eq!(fake.state.lock().unwrap().accepted.len(), before + 1);
    let v = wait_live(port, Duration::from_secs(5), "the answer shown", |v| {
        v["broadcast"]["state"]["pending"] == false
    });
    assert_eq!(v["broadcast"]["state"]["token_set"], true, "{v:#}");
    let (code, _, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    // Started again with nothing new: lichess has it all, nothing is pushed again.
    let (run, port) = serve_with(&state, None, &fake, None);
    std::thread::sleep(Duration::from_secs(3));
    let v = get_json(port, "/api/live");
    assert_eq!(v["broadcast"]["state"]["pending"], false, "{v:#}");
    assert_eq!(fake.state.lock().unwrap().accepted.len(), before + 1);
    assert!(fake.state.lock().unwrap().faults.is_empty());
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}
