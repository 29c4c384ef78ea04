//! The live room on a DGT e-Board: `arbiter serve --dgt DEVICE` on 127.0.0.1 opens the emulated
//! board on its pseudo-terminal (tests/it/live/dgt.rs), the arbiter puts it on board 1 of the
//! round through the API, and the board plays a short game as a real one sends it, field by
//! field (a piece lifted, then set down): Fool's mate with an illegal knight move by Black that
//! is taken back. The desk's `GET /api/live` gives the moves in SAN, the incidents with their
//! articles and the proposed result; nothing is recorded; a restart keeps the assignment and
//! the event's record of the incidents.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live::{Run, dgt};
use crate::web_live::{TOKEN, board, event, free_port, get_json, http, recorded, wait_live};

/// The DGT field of a square named like `e4`: field 0 is a8, 7 is h8, 56 is a1, 63 is h1
/// (DGT's protocol description, `dgtbrd.h`).
fn field(square: &str) -> u8 {
    let b = square.as_bytes();
    (7 - (b[1] - b'1')) * 8 + (b[0] - b'a')
}

/// `DGT_MSG_BOARD_DUMP` of the starting position: piece codes 1–6 white P R N B K Q, 7–12
/// black p r n b k q, 0 empty.
fn start_dump() -> Vec<u8> {
    let mut fields = [0u8; 64];
    let back = [2, 3, 4, 6, 5, 4, 3, 2];
    for file in 0..8 {
        fields[file] = back[file] + 6;
        fields[8 + file] = 7;
        fields[48 + file] = 1;
        fields[56 + file] = back[file];
    }
    let mut m = vec![0x86, 0x00, 0x43];
    m.extend_from_slice(&fields);
    m
}

/// `DGT_MSG_FIELD_UPDATE`: piece `code` now stands on `square` (0: the square emptied).
fn update(square: &str, code: u8) -> Vec<u8> {
    vec![0x8E, 0x00, 0x05, field(square), code]
}

/// A piece (code `code`) lifted from `from` and set down on `to`.
fn lift_and_set(from: &str, to: &str, code: u8) -> [Vec<u8>; 2] {
    [update(from, 0), update(to, code)]
}

/// The position after 1. f3 e5 2. g4 Qh4#.
const MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR";

#[test]
fn the_desk_follows_a_dgt_board_on_a_pseudo_terminal_and_keeps_it_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let (pawn, knight, queen) = (1, 9, 12);
    let (black_pawn, white_pawn) = (7, pawn);
    let mut messages = vec![start_dump()];
    for step in [
        lift_and_set("f2", "f3", white_pawn),
        // Black's knight b8–b6: not a knight's move (Laws 3.6); put back on b8.
        lift_and_set("b8", "b6", knight),
        lift_and_set("b6", "b8", knight),
        lift_and_set("e7", "e5", black_pawn),
        lift_and_set("g2", "g4", white_pawn),
        lift_and_set("d8", "h4", queen),
    ] {
        messages.extend(step);
    }
    let count = messages.len() - 1;
    let emu = dgt::DgtEmulator::start(
        dir.path(),
        dgt::Script {
            messages,
            drop_after: None,
            // Well over the server's quiet time (400 ms), so that each placement stands (as
            // when a player's hand hovers) even when a loaded machine delays the reading by
            // hundreds of ms: at 450 ms a busy machine merged the knight's b6 into its lift.
            pace: Duration::from_millis(1000),
            // The game starts once the board is on board 1, as at a real round's start.
            held: true,
        },
    );
    let (run, port, args) = serve_on_board_1(&state, &emu);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    emu.release();

    let v = wait_live(port, Duration::from_secs(30), "the mate", |v| {
        board(v, 1)["proposed_result"]["result"] == "0-1"
    });
    assert_eq!(emu.sent(), count);
    let b1 = board(&v, 1);
    assert_eq!(b1["serialnr"], dgt::SERIAL);
    assert_eq!(b1["placement"], MATED);
    assert_eq!(b1["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    // The incidents: the knight's move (Black, the second ply: Laws 3.6), then the mate.
    let incidents = b1["incidents"].as_array().unwrap();
    let kinds: Vec<(&str, &str)> = incidents
        .iter()
        .map(|i| {
            (
                i["kind"].as_str().unwrap(),
                i["article"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("illegal", "Laws 3.6"), ("ending", "Laws 5.1.1")],
        "{incidents:#?}"
    );
    assert_eq!(incidents[0]["side"], "black");
    assert_eq!(incidents[0]["ply"], 2);
    assert_eq!(incidents[0]["noticed"], false);
    assert_eq!(incidents[1]["result"], "0-1");
    assert_eq!(incidents[1]["ply"], 4);
    let proposed = &b1["proposed_result"];
    assert_eq!(proposed["by"], "ending");
    assert_eq!(proposed["reason"], "checkmate");
    assert_eq!(proposed["article"], "Laws 5.1.1");
    // Nothing recorded without the arbiter's click.
    assert_eq!(recorded(&state), vec![None, None, None]);
    // The other boards have no e-board.
    assert_eq!(board(&v, 2)["serialnr"], Value::Null);
    // The event's record holds both incidents (written within a second).
    let v = wait_live(port, Duration::from_secs(3), "the record", |v| {
        v["record"].as_array().is_some_and(|r| r.len() == 2)
    });
    let record_kinds: Vec<&str> = v["record"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["kind"].as_str().unwrap())
        .collect();
    assert_eq!(record_kinds, ["illegal", "ending"]);
    // The board's capture starts from the board as it stood when it was assigned (its dump
    // came before): judged, it gives the room's moves (it began with no start position).
    // (The room keeps its captures in the event's record, written with the incidents.)
    let capture = format!("{} round 1 board 1", state.display());
    let mut bytes = Vec::new();
    arbiter::tournament::record::write_capture(
        &state,
        arbiter::tournament::live::BoardKey::new(0, 1, 1),
        &mut bytes,
    )
    .unwrap();
    let game = arbiter::board::read_dgt_game(&bytes, &arbiter::board::RecogniserConfig::default())
        .unwrap_or_else(|e| panic!("{capture}: {e}"));
    let moves: Vec<String> = game
        .events
        .events
        .iter()
        .filter_map(|e| match e {
            arbiter::game::event::Event::Move(m) if m.side.is_none() => m.uci.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));

    // A restart: the assignment is in the state file, the board is read again from its dump.
    let run = Run::start(&args);
    let v = wait_until_up(port, "the board read again after the restart", |v| {
        board(v, 1)["placement"] == MATED
    });
    assert_eq!(board(&v, 1)["serialnr"], dgt::SERIAL);
    assert_eq!(v["eboards"][0]["board"], 1);
    assert_eq!(v["record"].as_array().unwrap().len(), 2, "{v:#}");
    assert_eq!(recorded(&state), vec![None, None, None]);
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}

/// `DGT_MSG_BWTIME` of a DGT 3000: the right then the left clock (hours, minutes and seconds
/// in BCD) and the status byte (D0 running; D3 the left clock's turn, D4 the right's).
fn clock(left_s: u32, right_s: u32, status: u8) -> Vec<u8> {
    let bcd = |n: u32| (((n / 10) << 4) | (n % 10)) as u8;
    let face = |s: u32| [(s / 3600) as u8, bcd(s / 60 % 60), bcd(s % 60)];
    let mut m = vec![0x8D, 0x00, 0x0A];
    m.extend(face(right_s));
    m.extend(face(left_s));
    m.push(status);
    m
}

/// A message as a board turned round sends it (Black's side nearest White): every field is
/// its 180° image (dgtdriver: `square ^ 63`).
fn turned(message: &[u8]) -> Vec<u8> {
    let mut m = message.to_vec();
    match m[0] {
        0x86 => m[3..67].reverse(),
        0x8E => m[3] ^= 63,
        _ => {}
    }
    m
}

/// The FEN piece placement of DGT fields (0 = a8 … 63 = h1).
fn placement_of(fields: &[u8]) -> String {
    let mut b = arbiter::board::dgt::DgtDecoder::new();
    let mut m = vec![0x86, 0x00, 0x43];
    m.extend_from_slice(fields);
    let mut out = Vec::new();
    b.push(&m, None, arbiter::board::dgt::Position::Auto, &mut out);
    b.board().to_string()
}

#[test]
fn a_dgt_board_turned_round_with_a_dgt_3000_is_drawn_the_right_way_with_its_clock() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let (pawn, black_pawn, queen) = (1, 7, 12);
    // Fool's mate with the clock pressed after each move: White's clock on the left, 90
    // minutes each, as the board set up turned round sends it.
    let mut game = vec![start_dump(), clock(5400, 5400, 0x09)];
    game.extend(lift_and_set("f2", "f3", pawn));
    game.push(clock(5395, 5400, 0x11));
    game.extend(lift_and_set("e7", "e5", black_pawn));
    game.push(clock(5395, 5390, 0x09));
    game.extend(lift_and_set("g2", "g4", pawn));
    game.push(clock(5388, 5390, 0x11));
    game.extend(lift_and_set("d8", "h4", queen));
    game.push(clock(5388, 5383, 0x09));
    // Every placement the players made, the right way round.
    let mut fields = start_dump()[3..67].to_vec();
    let mut true_placements = vec![placement_of(&fields)];
    for m in &game[1..] {
        if m[0] == 0x8E {
            fields[usize::from(m[3])] = m[4];
            true_placements.push(placement_of(&fields));
        }
    }
    let messages: Vec<Vec<u8>> = game.iter().map(|m| turned(m)).collect();
    let count = messages.len() - 1;
    let emu = dgt::DgtEmulator::start(
        dir.path(),
        dgt::Script {
            messages,
            drop_after: None,
            pace: Duration::from_millis(700),
            held: true,
        },
    );
    let (run, port, _) = serve_on_board_1(&state, &emu);
    // The board before its first move: the start the right way round, no clock yet.
    let v = get_json(port, "/api/live");
    assert_eq!(board(&v, 1)["placement"], true_placements[0], "{v:#}");
    assert_eq!(board(&v, 1)["clock"], Value::Null);
    // The event stream, from before the first move to the mate.
    let mut sse = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    sse.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    std::io::Write::write_all(
        &mut sse,
        format!(
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\
             X-Arbiter-Token: {TOKEN}\r\n\r\n"
        )
        .as_bytes(),
    )
    .unwrap();
    emu.release();
    let mut seen = String::new();
    let mut buf = [0u8; 16384];
    let start = std::time::Instant::now();
    while !seen.contains("\"proposed\":\"0-1\"") {
        assert!(
            start.elapsed() < Duration::from_secs(40),
            "no mate in the event stream within 40 s: {seen}"
        );
        if let Ok(n) = std::io::Read::read(&mut sse, &mut buf) {
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
    let v = wait_live(port, Duration::from_secs(10), "the mate", |v| {
        board(v, 1)["proposed_result"]["result"] == "0-1"
    });
    assert_eq!(emu.sent(), count);
    let b1 = board(&v, 1);
    assert_eq!(b1["placement"], MATED, "drawn the right way round: {b1:#}");
    assert_eq!(b1["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(
        b1["clock"],
        json!({"white_s": 5388, "black_s": 5383, "running": true, "on_move": "white"})
    );
    // Every diagram the stream sent is one the players made, the right way round (none
    // upside down, as the board's sensors see it).
    let sent: Vec<&str> = seen
        .split("\"placement\":\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert!(sent.len() >= 4, "{seen}");
    for p in &sent {
        assert!(
            true_placements.iter().any(|t| t == p),
            "{p} upside down? {true_placements:?}"
        );
    }
    assert!(sent.contains(&MATED), "{sent:?}");
    assert!(seen.contains("\"white_s\":5388"), "{seen}");
    // The board has no gap to settle: the mate is no gap (409, in words).
    let (status, body) = http(
        port,
        "POST",
        "/api/rounds/1/boards/1/settle",
        Some(&json!({"incident": 0})),
    );
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("no gap 0 to settle"), "{body}");
    // The round's live page and the hall's screen: the diagram the right way, the clock as
    // DGT LiveChess shows it (h:mm:ss), White's marked as running.
    for page in ["/rounds/1/live?lang=en", "/screen?lang=en"] {
        let (status, html) = http(port, "GET", page, None);
        assert_eq!(status, 200, "{page}");
        assert!(
            html.contains(&format!("data-placement=\"{MATED}\"")),
            "{page}: {html}"
        );
        let clocks = html
            .split("<p class=\"clocks\"")
            .nth(1)
            .unwrap_or_else(|| panic!("{page}: no clock: {html}"));
        let clocks = clocks.split("</p>").next().unwrap();
        assert!(
            clocks.contains("<span class=\"clock-white on-move\">1:29:48</span>"),
            "{page}: {clocks}"
        );
        assert!(
            clocks.contains("<span class=\"clock-black\">1:29:43</span>"),
            "{page}: {clocks}"
        );
    }
    let (code, _, _) = run.interrupt();
    assert_eq!(code, Some(0));
}

/// `arbiter serve` on the event in `state` following the emulated board `emu`, once the board
/// is listed (its link has read its serial number) put on board 1 of round 1 through the API:
/// the process, its port and the arguments that start it again.
fn serve_on_board_1(state: &std::path::Path, emu: &dgt::DgtEmulator) -> (Run, u16, Vec<String>) {
    let port = free_port();
    let args: Vec<String> = [
        "serve",
        state.to_str().unwrap(),
        "--addr",
        &format!("127.0.0.1:{port}"),
        "--token",
        TOKEN,
        "--dgt",
        emu.device().to_str().unwrap(),
    ]
    .map(str::to_owned)
    .to_vec();
    let run = Run::start(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let listed = |v: &Value| {
        v["eboards"]
            .as_array()
            .is_some_and(|a| a.iter().any(|e| e["serialnr"] == dgt::SERIAL))
    };
    let v = wait_until_up(port, "the DGT board listed", listed);
    assert_eq!(v["eboards"].as_array().unwrap().len(), 1, "{v:#}");
    let (status, body) = http(
        port,
        "POST",
        "/api/live/assign",
        Some(&json!({"serialnr": dgt::SERIAL, "board": 1})),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({"serialnr": dgt::SERIAL, "round": 1, "board": 1})
    );
    (run, port, args)
}

/// Waits at most 20 s for the server to answer and `done` to hold on `GET /api/live`.
fn wait_until_up(port: u16, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            let v = get_json(port, "/api/live");
            if done(&v) {
                return v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no {what} within 20 s: {v:#}"
            );
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no server");
        std::thread::sleep(Duration::from_millis(100));
    }
}
