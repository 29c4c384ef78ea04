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
    let device = emu.device().to_str().unwrap().to_owned();
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let args = [
        "serve",
        state.to_str().unwrap(),
        "--addr",
        &addr,
        "--token",
        TOKEN,
        "--dgt",
        &device,
    ];
    let run = Run::start(&args);
    // The board is listed once its link has read its serial number.
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
    arbiter::tournament::record::write_capture(&state, 1, 1, &mut bytes).unwrap();
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
