//! `arbiter serve` killed mid-round (SIGKILL) and started again on the same event, following the
//! same emulated LiveChess (tests/it/live/room.rs): the live room's game of e-board 5001 on
//! board 1 is rebuilt from the board's capture in the event's record, so that the desk shows
//! the moves played before the restart and judges the next one after them, as the round's PGN
//! (judged from the same capture) does; an illegal act noticed before the restart shows as
//! noticed after it, once, and the record does not get it twice.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::live::Run;
use crate::live::room::RoomEmulator;
use crate::web_live::{board, event, get_json, http, illegal_act, notice, serve_room, wait_live};
use crate::web_pgn::{PLAYED, read_back};

/// Board 1's moves as `/api/live` lists them.
fn moves(v: &Value) -> Vec<String> {
    board(v, 1)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Waits at most 10 s until the round's PGN (judged from the capture in the record) gives
/// board 1 the mainline `uci`: the record has the capture of those moves.
fn wait_pgn(port: u16, uci: &[&str]) {
    let start = Instant::now();
    loop {
        let (status, pgn) = http(port, "GET", "/rounds/1/games.pgn", None);
        assert_eq!(status, 200, "{pgn}");
        if read_back(&pgn)[0].1 == uci {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the record's capture gives no {uci:?}: {pgn}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The event's record of board 1's illegal acts (`record` of `/api/live`).
pub(crate) fn recorded_illegal(v: &Value) -> Vec<Value> {
    v["record"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["board"] == 1 && i["kind"] == "illegal")
        .cloned()
        .collect()
}

/// Puts e-board 5001 on board 1.
fn assign(port: u16) {
    let (s, b) = http(
        port,
        "POST",
        "/api/live/assign",
        Some(&json!({"serialnr": "5001", "board": 1})),
    );
    assert_eq!(s, 200, "{b}");
}

#[test]
fn a_restarted_desk_rebuilds_the_live_game_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["5001"]);
    let (run, port, _) = serve_room(&state, &emu, 1);
    assign(port);
    emu.set("5001", PLAYED[0]);
    std::thread::sleep(Duration::from_millis(300));
    emu.set("5001", PLAYED[1]);
    wait_live(port, Duration::from_secs(5), "1. e4", |v| {
        moves(v) == ["e4"]
    });
    wait_pgn(port, &["e2e4"]);

    // SIGKILL, and the desk again on the same event and the same LiveChess.
    let (_run, port, v) = restarted(run, &state, &emu);
    assert_eq!(board(&v, 1)["serialnr"], "5001", "{v:#}");
    // The next move is judged after the ones before the restart.
    emu.set("5001", PLAYED[4]);
    let v = wait_live(port, Duration::from_secs(5), "1... e5", |v| {
        moves(v) == ["e4", "e5"]
    });
    assert_eq!(board(&v, 1)["incidents"], json!([]), "{v:#}");
    wait_pgn(port, &["e2e4", "e7e5"]);
}

/// The desk killed (SIGKILL, `run` dropped) and started again on the event `state` and the same
/// LiveChess, once its live room shows board 1's `1. e4` again (within 5 s): the server, its
/// port and `/api/live`'s answer.
fn restarted(run: Run, state: &Path, emu: &RoomEmulator) -> (Run, u16, Value) {
    drop(run);
    let (run, port, _) = serve_room(state, emu, 1);
    let v = wait_live(
        port,
        Duration::from_secs(5),
        "1. e4 after the restart",
        |v| moves(v) == ["e4"],
    );
    (run, port, v)
}

#[test]
fn an_illegal_act_noticed_before_a_restart_is_noticed_once_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["5001"]);
    let (run, port, _) = serve_room(&state, &emu, 1);
    assign(port);
    // 1. e4, Black's knight b8–b6 (Laws 3.6) taken back.
    for (i, p) in PLAYED[..4].iter().enumerate() {
        emu.set("5001", p);
        let stands = if i == 2 || i == 3 { 900 } else { 300 };
        std::thread::sleep(Duration::from_millis(stands));
    }
    let v = wait_live(port, Duration::from_secs(5), "the illegal act", |v| {
        illegal_act(v, 1).is_some()
    });
    let illegal = illegal_act(&v, 1).expect("an illegal act");
    notice(port, 1, &illegal);
    let before = wait_live(port, Duration::from_secs(5), "the notice recorded", |v| {
        recorded_illegal(v)
            .iter()
            .any(|i| i["decision"]["act"] == "noticed")
    });
    let incidents_before = before["record"].as_array().unwrap().len();
    wait_pgn(port, &["e2e4"]);

    let (_run, port, v) = restarted(run, &state, &emu);
    // The illegal act shows once, noticed (CR 3.4): the arbiter's decision is the record's.
    let shown: Vec<&Value> = board(&v, 1)["incidents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "illegal")
        .collect();
    assert_eq!(shown.len(), 1, "{v:#}");
    assert_eq!(shown[0]["noticed"], true, "{v:#}");
    assert_eq!(shown[0]["detail"], illegal["detail"], "{v:#}");
    // Noticing it again is refused: the decision is taken.
    let (s, _) = http(
        port,
        "POST",
        "/api/rounds/1/boards/1/notice",
        Some(&json!({"incident": shown[0]["id"]})),
    );
    assert_eq!(s, 409);

    emu.set("5001", PLAYED[4]);
    wait_live(port, Duration::from_secs(5), "1... e5", |v| {
        moves(v) == ["e4", "e5"]
    });
    wait_pgn(port, &["e2e4", "e7e5"]);
    // The record after a batch or two more: the same incidents, the illegal act once.
    std::thread::sleep(Duration::from_millis(1500));
    let v = get_json(port, "/api/live");
    assert_eq!(recorded_illegal(&v).len(), 1, "{v:#}");
    assert_eq!(
        v["record"].as_array().unwrap().len(),
        incidents_before,
        "{v:#}"
    );
    assert_eq!(
        board(&v, 1)["incidents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["kind"] == "illegal")
            .count(),
        1,
        "{v:#}"
    );
}
