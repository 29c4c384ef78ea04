//! The live room end to end: `arbiter serve --livechess` on 127.0.0.1 follows an emulated
//! LiveChess with three e-boards (tests/it/live/room.rs), and the desk's API shows what the boards
//! play: the assignment (200, 404, 409), the moves, an illegal move as an incident, a mate as a
//! proposed result that is recorded only on the arbiter's click, the play-out held by the
//! server, the Server-Sent Events, and the big screen that needs no token and shows no control.

use crate::live;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use arbiter::board::{RecogniserConfig, read_livechess_game};
use arbiter::game::event::Event;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::verdict::GameResult;
use arbiter::tournament::live::{LiveAct, LiveIncidentKind};
use arbiter::tournament::{Player, Tournament, store};
use live::Run;
use live::room::{RoomEmulator, START};
use serde_json::{Value, json};

pub(crate) const TOKEN: &str = "live-room-token";

/// Six players, round 1 paired on three boards: 1–4, 5–2, 3–6.
pub(crate) fn event(dir: &Path) -> std::path::PathBuf {
    let mut t = Tournament::new("Live", 4);
    for i in 1..=6u16 {
        t.add_player(Player {
            name: format!("Player {i:02}"),
            rating: Some(2010 - 10 * i),
            ..Player::default()
        })
        .unwrap();
    }
    t.pair_round_manual(1, &[(1, 4), (5, 2), (3, 6)], None, None)
        .unwrap();
    let path = dir.join("ev.json");
    store::save(&t, &path).unwrap();
    path
}

/// One HTTP/1.1 request to the desk; `(status, body)`.
pub(crate) fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         X-Arbiter-Token: {TOKEN}\r\n"
    );
    if method == "POST" {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    (
        status,
        if chunked {
            dechunk(rest)
        } else {
            rest.to_string()
        },
    )
}

/// A chunked body's data.
pub(crate) fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&tail[..n]);
        rest = &tail[n + 2..];
    }
    out
}

pub(crate) fn get_json(port: u16, path: &str) -> Value {
    let (status, body) = http(port, "GET", path, None);
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

/// Waits at most `limit` for `done` on `GET /api/live`; the last answer.
pub(crate) fn wait_live(
    port: u16,
    limit: Duration,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let v = get_json(port, "/api/live");
        if done(&v) {
            return v;
        }
        assert!(start.elapsed() < limit, "no {what} within {limit:?}: {v:#}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The first illegal act of board `n` in `/api/live`'s answer `v`, if it has one.
pub(crate) fn illegal_act(v: &Value, n: u64) -> Option<Value> {
    board(v, n)["incidents"]
        .as_array()?
        .iter()
        .find(|i| i["kind"] == "illegal")
        .cloned()
}

/// The arbiter notices incident `incident` (an illegal act, CR 3.4) of board `n` of round 1:
/// `POST /api/rounds/1/boards/N/notice`, which must answer 200.
pub(crate) fn notice(port: u16, n: u64, incident: &Value) {
    let (s, b) = http(
        port,
        "POST",
        &format!("/api/rounds/1/boards/{n}/notice"),
        Some(&json!({"incident": incident["id"]})),
    );
    assert_eq!(s, 200, "{b}");
}

pub(crate) fn board(v: &Value, n: u64) -> &Value {
    v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == n)
        .unwrap()
}

/// Plays `placements` on e-board `serial`, one every `gap`.
fn play(emu: &RoomEmulator, serial: &str, placements: &[&str], gap: Duration) {
    for p in placements {
        emu.set(serial, p);
        std::thread::sleep(gap);
    }
}

/// `arbiter serve STATE --livechess` on a free loopback port, following `emu`, once its
/// `eboards` e-boards are listed: the server, its port and that `GET /api/live`.
pub(crate) fn serve_room(state: &Path, emu: &RoomEmulator, eboards: usize) -> (Run, u16, Value) {
    serve_room_with(state, emu, eboards, &[])
}

/// [`serve_room`] with more arguments of `serve` (`--public ADDR`…).
pub(crate) fn serve_room_with(
    state: &Path,
    emu: &RoomEmulator,
    eboards: usize,
    extra: &[&str],
) -> (Run, u16, Value) {
    let mut args = vec!["--livechess", emu.url()];
    args.extend_from_slice(extra);
    let (run, port) = serve(state, &args);
    let start = Instant::now();
    loop {
        let v = get_json(port, "/api/live");
        if v["eboards"].as_array().is_some_and(|a| a.len() == eboards) {
            return (run, port, v);
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no {eboards} e-boards listed"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `arbiter serve STATE --addr 127.0.0.1:PORT --token TOKEN EXTRA…` on a free loopback port,
/// once it takes connections (within 20 s): the server and its port.
pub(crate) fn serve(state: &Path, extra: &[&str]) -> (Run, u16) {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let mut args = vec![
        "serve",
        state.to_str().unwrap(),
        "--addr",
        &addr,
        "--token",
        TOKEN,
    ];
    args.extend_from_slice(extra);
    let run = Run::start(&args);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "no server");
        std::thread::sleep(Duration::from_millis(50));
    }
    (run, port)
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The results recorded in the state file, board by board, of round 1.
pub(crate) fn recorded(state: &Path) -> Vec<Option<String>> {
    let t = store::load(state).unwrap();
    t.round(1)
        .unwrap()
        .games
        .iter()
        .map(|g| g.result.map(|r| r.notation().to_string()))
        .collect()
}

#[test]
fn the_live_room_follows_three_eboards_and_records_only_on_the_click() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["1001", "1002", "1003"]);
    let (run, port, v) = serve_room(&state, &emu, 3);
    assert_eq!(v["round"], 1);
    assert_eq!(v["eboards"][0]["serialnr"], "1001");
    assert_eq!(v["eboards"][0]["battery"], "84%");
    assert_eq!(v["boards"].as_array().unwrap().len(), 3);
    assert_eq!(board(&v, 1)["serialnr"], Value::Null);
    assert_eq!(board(&v, 1)["playout_remaining_s"], Value::Null);

    // Assignment: 200, 409 for a board taken, 404 for an unknown e-board or board.
    let assign = |serial: &str, b: u32| {
        http(
            port,
            "POST",
            "/api/live/assign",
            Some(&json!({"serialnr": serial, "board": b})),
        )
    };
    assert_eq!(assign("1001", 1).0, 200);
    let (status, body) = assign("1002", 1);
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("1001"), "{body}");
    assert_eq!(assign("9999", 2).0, 404);
    assert_eq!(assign("1002", 9).0, 404);
    assert_eq!(assign("1002", 2).0, 200);
    assert_eq!(assign("1003", 3).0, 200);
    // Kept in the state file.
    let kept = store::load(&state).unwrap();
    assert_eq!(
        kept.live.board_of("1002"),
        Some(arbiter::tournament::live::BoardKey::new(0, 1, 2))
    );

    // The event stream: a placement on board 3 reaches it within a second.
    let mut sse = TcpStream::connect(("127.0.0.1", port)).unwrap();
    sse.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    write!(
        sse,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\
         X-Arbiter-Token: {TOKEN}\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    emu.set("1003", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    let mut seen = String::new();
    let mut buf = [0u8; 8192];
    while !seen.contains("3P4") {
        assert!(
            sent.elapsed() < Duration::from_secs(1),
            "no board event within 1 s: {seen}"
        );
        if let Ok(n) = sse.read(&mut buf) {
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
    // The board's first event carries its diagram (`board`, the SVG with its placement); when
    // the board was drawn already (its assignment announced it before the stream connected),
    // a `move` event carries the placement the page applies.
    let placement = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR";
    assert!(
        (seen.contains("event: board")
            && seen.contains(&format!("data-placement=\\\"{placement}\\\"")))
            || (seen.contains("event: move")
                && seen.contains(&format!("\"placement\":\"{placement}\""))),
        "{seen}"
    );

    // Board 1: Fool's mate. Board 2: 1. e4, then Black's knight b8–b6 (Laws 3.6).
    let gap = Duration::from_millis(150);
    play(
        &emu,
        "1001",
        &[
            START,
            "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR",
            "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR",
        ],
        gap,
    );
    play(
        &emu,
        "1002",
        &[
            START,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "r1bqkbnr/pppppppp/1n6/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "r1bqkbnr/pppppppp/1n6/8/3PP3/8/PPP2PPP/RNBQKBNR",
        ],
        gap,
    );
    let v = wait_live(port, Duration::from_secs(3), "mate and illegal move", |v| {
        board(v, 1)["proposed_result"]["result"] == "0-1"
            && board(v, 2)["incidents"]
                .as_array()
                .is_some_and(|a| a.iter().any(|i| i["kind"] == "illegal"))
    });
    let b1 = board(&v, 1);
    assert_eq!(b1["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(b1["serialnr"], "1001");
    assert_eq!(
        b1["placement"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"
    );
    assert_eq!(b1["proposed_result"]["by"], "ending");
    assert_eq!(b1["proposed_result"]["reason"], "checkmate");
    let b2 = board(&v, 2);
    assert_eq!(b2["moves"][0], "e4");
    let illegal = b2["incidents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == "illegal")
        .unwrap();
    assert_eq!(illegal["side"], "black");
    assert_eq!(illegal["ply"], 2);
    assert!(
        illegal["article"].as_str().unwrap().starts_with("Laws"),
        "{illegal}"
    );
    assert_eq!(illegal["noticed"], false);

    // Nothing is recorded before the arbiter's click.
    assert_eq!(recorded(&state), vec![None, None, None]);
    // The notice: the judge's `notice` event; noticed once only.
    let id = illegal["id"].as_u64().unwrap();
    let notice = |id: u64| {
        http(
            port,
            "POST",
            "/api/rounds/1/boards/2/notice",
            Some(&json!({"incident": id})),
        )
        .0
    };
    assert_eq!(notice(id), 200);
    assert_eq!(notice(id), 409);
    let v = get_json(port, "/api/live");
    assert_eq!(board(&v, 2)["incidents"][id as usize]["noticed"], true);
    assert_eq!(recorded(&state), vec![None, None, None]);
    // Board 3 has nothing to record.
    let (status, _) = http(
        port,
        "POST",
        "/api/rounds/1/boards/3/record",
        Some(&json!({})),
    );
    assert_eq!(status, 409);
    // The click.
    let (status, body) = http(
        port,
        "POST",
        "/api/rounds/1/boards/1/record",
        Some(&json!({})),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(recorded(&state), vec![Some("0-1".into()), None, None]);
    let t = store::load(&state).unwrap();
    let g = &t.round(1).unwrap().games[0];
    assert!(g.judged.is_some(), "the verdict is kept with the result");
    // A change without the token is refused.
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST /api/live/assign HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");

    // The play-out on board 3: the server holds it; a second request counts on.
    let (status, body) = http(
        port,
        "POST",
        "/api/rounds/1/playout",
        Some(&json!({"boards": [3], "minutes": 1})),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["started"],
        json!([3])
    );
    let first = board(&get_json(port, "/api/live"), 3)["playout_remaining_s"]
        .as_u64()
        .unwrap();
    assert!((59..=60).contains(&first), "{first}");
    std::thread::sleep(Duration::from_millis(1100));
    let second = board(&get_json(port, "/api/live"), 3)["playout_remaining_s"]
        .as_u64()
        .unwrap();
    assert!((1..=2).contains(&(first - second)), "{first} then {second}");
    assert_eq!(
        board(&get_json(port, "/api/live"), 2)["playout_remaining_s"],
        Value::Null
    );
    let t = store::load(&state).unwrap();
    assert_eq!(
        t.live
            .playout(arbiter::tournament::live::BoardKey::new(0, 1, 3))
            .unwrap()
            .seconds,
        60
    );

    // The pages: the live round with its diagrams and buttons; the big screen without any
    // control, with its own key and without the token.
    let (status, page) = http(port, "GET", "/rounds/1/live?lang=en", None);
    assert_eq!(status, 200);
    assert!(page.contains("data-placement=\"r1bqkbnr/pppppppp/1n6/8/3PP3/8/PPP2PPP/RNBQKBNR\""));
    assert!(page.contains("Noticed by the arbiter") || page.contains("noticed by the arbiter"));
    assert!(page.contains("<script src=\"/live.js\""));
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET /screen?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Cookie: {}\r\n\r\n",
        screen_cookie()
    )
    .unwrap();
    let mut screen = String::new();
    s.read_to_string(&mut screen).unwrap();
    assert!(screen.starts_with("HTTP/1.1 200"), "{screen}");
    for control in ["<form", "<button", "<input", "<select", "<textarea"] {
        assert!(!screen.contains(control), "{control} on the screen");
    }
    assert!(screen.contains("Player 01"));
    assert!(
        screen.contains("data-remaining="),
        "the countdown is on the screen"
    );
    assert!(
        screen.contains("data-placement="),
        "the diagrams are on the screen"
    );

    // The event's record: the illegal act with its notice, the mate with its confirmation.
    let t = store::load(&state).unwrap();
    let record = &t.live.incidents;
    let noticed = record
        .iter()
        .find(|i| i.board == 2 && i.kind == LiveIncidentKind::Illegal)
        .unwrap_or_else(|| panic!("no illegal act recorded: {record:#?}"));
    assert_eq!(
        (noticed.round, noticed.ply, noticed.serialnr.as_str()),
        (1, 2, "1002")
    );
    assert!(noticed.article.as_deref().unwrap().starts_with("Laws"));
    assert_eq!(noticed.decision.as_ref().unwrap().act, LiveAct::Noticed);
    let mate = record
        .iter()
        .find(|i| i.board == 1 && i.kind == LiveIncidentKind::Ending)
        .unwrap_or_else(|| panic!("no ending recorded: {record:#?}"));
    assert_eq!((mate.ply, mate.detail.as_str()), (4, "checkmate"));
    let d = mate.decision.as_ref().unwrap();
    assert_eq!(
        (d.act, d.result.as_deref()),
        (LiveAct::Recorded, Some("0-1"))
    );
    assert!(d.at_ms >= mate.at_ms);

    // The board's capture, kept in the event (`arbiter board export`), judges to the same game.
    let text = {
        let state = dir.path().join("ev.json");
        let mut out = Vec::new();
        arbiter::tournament::record::write_capture(
            &state,
            arbiter::tournament::live::BoardKey::new(0, 1, 1),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    };
    let game = read_livechess_game(&text, &RecogniserConfig::default()).unwrap();
    assert_eq!(game.serial_number.as_deref(), Some("1001"));
    let moves_of = |game: &arbiter::board::events::BoardGame| -> Vec<String> {
        game.events
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Move(m) => m.uci.clone(),
                _ => None,
            })
            .collect()
    };
    assert_eq!(moves_of(&game), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
    assert_eq!((v.result, v.plies), (GameResult::BlackWins, 4));
    // Board 3's capture, begun with the board as it stood when it was assigned, gives the
    // room's one move (1. d4) and nothing else.
    let mut out = Vec::new();
    arbiter::tournament::record::write_capture(
        &dir.path().join("ev.json"),
        arbiter::tournament::live::BoardKey::new(0, 1, 3),
        &mut out,
    )
    .unwrap();
    let game = read_livechess_game(
        &String::from_utf8(out).unwrap(),
        &RecogniserConfig::default(),
    )
    .unwrap();
    assert_eq!(game.serial_number.as_deref(), Some("1003"));
    assert_eq!(moves_of(&game), ["d2d4"]);
    let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
    assert_eq!(v.plies, 1);
    // Board 2's capture gives the room's move and the room's illegal act: Black's knight b8–b6
    // as ply 2, under the same article, and White's d4 played on after it.
    let mut out = Vec::new();
    arbiter::tournament::record::write_capture(
        &dir.path().join("ev.json"),
        arbiter::tournament::live::BoardKey::new(0, 1, 2),
        &mut out,
    )
    .unwrap();
    let game = read_livechess_game(
        &String::from_utf8(out).unwrap(),
        &RecogniserConfig::default(),
    )
    .unwrap();
    assert_eq!(game.serial_number.as_deref(), Some("1002"));
    let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
    let acts: Vec<_> = v
        .illegal_moves
        .iter()
        .map(|a| (a.ply, a.side, a.article.to_string()))
        .collect();
    assert_eq!(
        acts,
        [(2, shakmaty::Color::Black, noticed.article.clone().unwrap())],
        "{v:#?}"
    );
    assert_eq!(v.illegal_moves[0].notation, "b8b6", "{v:#?}");

    // Ctrl-C stops the server even with an event stream open (the stream ends first).
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
    drop(sse);

    // A restart without the e-boards shows the round's incidents and decisions again.
    let (run, port) = serve(&state, &[]);
    let v = get_json(port, "/api/live");
    assert_eq!(v["record"].as_array().unwrap().len(), record.len(), "{v:#}");
    // The room's games go on from the boards' captures in the record: board 2's illegal act
    // once, noticed (CR 3.4), as before the restart.
    let again = board(&v, 2)["incidents"].as_array().unwrap();
    assert_eq!(again.len(), 1, "{v:#}");
    assert_eq!(
        (&again[0]["kind"], &again[0]["noticed"]),
        (&json!("illegal"), &json!(true)),
        "{v:#}"
    );
    let (_, page) = http(port, "GET", "/rounds/1/live?lang=en", None);
    let list = page
        .split("id=\"round-incidents\"")
        .nth(1)
        .unwrap()
        .split("</ul>")
        .next()
        .unwrap();
    assert!(
        list.contains("Board 2, ply 2: Black: illegal act")
            && list.contains("noticed by the arbiter (CR 3.4)"),
        "{list}"
    );
    assert!(
        list.contains("Board 1, ply 4: game over: 0 \u{2013} 1, checkmate")
            && list.contains("result 0 \u{2013} 1 recorded by the arbiter"),
        "{list}"
    );
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}

/// The hall's screens' cookie: their own key for [`TOKEN`], not the token.
pub(crate) fn screen_cookie() -> String {
    format!("arbiter_screen={}", arbiter::web::guard::screen_key(TOKEN))
}

/// `GET` of a page as a browser holding its key asks for it (the screen's for `/screen`, the
/// token's for the others); its body.
pub(crate) fn get_page(port: u16, path: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let cookie = if path.starts_with("/screen") {
        screen_cookie()
    } else {
        format!("arbiter_token={TOKEN}")
    };
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: {cookie}\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    text.split_once("\r\n\r\n").unwrap().1.to_string()
}

/// The standings rows of a `/screen?view=standings` page: `(name, points)` in order.
fn screen_standings(page: &str) -> Vec<(String, String)> {
    let table = page
        .split("id=\"screen-standings\"")
        .nth(1)
        .unwrap()
        .split("</table>")
        .next()
        .unwrap();
    table
        .split("<tr><td class=\"num\">")
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row
                .split("</td>")
                .map(|c| c.rsplit('>').next().unwrap())
                .collect();
            (cells[1].to_string(), cells[2].to_string())
        })
        .collect()
}

#[test]
fn the_screen_is_kept_between_changes_and_made_again_after_one() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let (run, port) = serve(&state, &[]);
    let path = "/screen?lang=en&view=standings";
    let first = get_page(port, path);
    // Kept: the same page, byte for byte; the other view and language are pages of their own.
    assert_eq!(get_page(port, path), first);
    assert_eq!(get_page(port, path), first);
    let pairings = get_page(port, "/screen?lang=en");
    assert!(pairings.contains("Player 01") && !pairings.contains("screen-standings"));
    assert!(get_page(port, "/screen?lang=ru&view=standings").contains("lang=\"ru\""));
    assert_eq!(screen_standings(&first).len(), 6);
    assert!(
        screen_standings(&first).iter().all(|(_, p)| p == "0"),
        "{:?}",
        screen_standings(&first)
    );
    // A result (board 2: 5–2, Black wins) makes the pairings again with it.
    let result = |b: u32, r: &str| {
        let (status, body) = http(
            port,
            "POST",
            &format!("/api/rounds/1/boards/{b}/result"),
            Some(&json!({ "result": r })),
        );
        assert_eq!(status, 200, "{body}");
    };
    result(2, "0-1");
    let after = get_page(port, "/screen?lang=en");
    assert_ne!(after, pairings);
    assert!(
        after.contains("<td>Player 05</td><td>Player 02</td><td>0-1"),
        "{after}"
    );
    assert_eq!(get_page(port, "/screen?lang=en"), after);
    // The round complete (1–4 1-0, 3–6 1-0): the standings show the three winners' points.
    result(1, "1-0");
    result(3, "1-0");
    let after = get_page(port, path);
    assert_ne!(after, first);
    let rows = screen_standings(&after);
    let mut winners: Vec<&str> = rows
        .iter()
        .filter(|(_, p)| p == "1")
        .map(|(n, _)| n.as_str())
        .collect();
    winners.sort_unstable();
    assert_eq!(winners, ["Player 01", "Player 02", "Player 03"], "{rows:?}");
    assert_eq!(rows.iter().filter(|(_, p)| p == "0").count(), 3, "{rows:?}");
    assert_eq!(get_page(port, path), after);
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}

/// The play-out countdown of board 1 on a `/screen` page: `(data-remaining, the clock shown)`.
fn screen_countdown(page: &str) -> (u64, String) {
    let after = |from: &str, mark: &str| -> String {
        let rest = from
            .split_once(mark)
            .unwrap_or_else(|| panic!("{mark}: {page}"))
            .1;
        rest.split(['"', '<']).next().unwrap().to_string()
    };
    let row = page
        .split("<tr><td class=\"num\">1</td>")
        .nth(1)
        .unwrap()
        .split("</tr>")
        .next()
        .unwrap();
    (
        after(row, "data-remaining=\"").parse().unwrap(),
        after(row, "<span class=\"clock\">"),
    )
}

#[test]
fn the_kept_screen_counts_the_playout_down_from_the_servers_clock() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let (run, port) = serve(&state, &[]);
    // A play-out of 6 s on board 1 (0.1 minute).
    let (status, body) = http(
        port,
        "POST",
        "/api/rounds/1/playout",
        Some(&json!({"boards": [1], "minutes": 0.1})),
    );
    assert_eq!(status, 200, "{body}");
    let started = Instant::now();
    let first = get_page(port, "/screen?lang=en");
    let (left, shown) = screen_countdown(&first);
    assert!((5..=6).contains(&left), "{left}");
    assert_eq!(shown, format!("0:{left:02}"));
    // Two seconds on, nothing changed in the event: the page is the kept one, with the
    // seconds left now, as the API gives them.
    std::thread::sleep(Duration::from_millis(2100));
    let second = get_page(port, "/screen?lang=en");
    let api = get_json(port, "/api/live");
    let (left_now, shown_now) = screen_countdown(&second);
    let gone = started.elapsed().as_secs_f64();
    assert!(
        (6.0 - gone - left_now as f64).abs() < 1.5,
        "{left_now} s left after {gone:.1} s"
    );
    assert!(left - left_now >= 2, "{left} then {left_now}");
    assert_eq!(shown_now, format!("0:{left_now:02}"));
    let api_left = board(&api, 1)["playout_remaining_s"].as_u64().unwrap();
    assert!(left_now.abs_diff(api_left) <= 1, "{left_now} v {api_left}");
    let strip = |p: &str| {
        let (l, s) = screen_countdown(p);
        p.replace(&format!("data-remaining=\"{l}\""), "")
            .replace(&format!("class=\"clock\">{s}<"), "")
    };
    assert_eq!(strip(&first), strip(&second));
    // Over: 0:00 on the next request, not the last second kept.
    while started.elapsed() < Duration::from_millis(6300) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let over = get_page(port, "/screen?lang=en");
    assert_eq!(screen_countdown(&over), (0, "0:00".to_string()));
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}
