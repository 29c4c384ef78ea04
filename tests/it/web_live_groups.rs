//! The live room of an event of two groups (tests/it/web_publish.rs's «Старшие» and «Малыши»,
//! round 1 paired in both): an e-board put on board 1 of the second group (the desk's
//! `?group=1`) follows THAT board — the second group's live data shows its moves, the first
//! group's board 1 none; its illegal act noticed goes into the record as the second group's;
//! its capture is the second group's (the round's PGN of that group has the moves, the first
//! group's not); after a SIGKILL of the desk it is still the second group's. Then a second
//! e-board on board 1 of the first group: both boards of number 1 followed at once, each
//! group's `/screen` drawing its own, `arbiter board export --group` giving each its capture.
//!
//! An e-board refused on a board another e-board is on names that board with its group.
//!
//! Before the live room was keyed by group, the first assertion on the first group failed:
//! its board 1 showed e-board 7002, put on the second group's.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::ok;
use crate::live::room::RoomEmulator;
use crate::web_live::{board, get_json, http, serve_room};
use crate::web_live_restart::recorded_illegal;
use crate::web_pgn::{PLAYED, read_back};
use crate::web_publish::{GROUPS, two_groups};

/// `/api/live` of group `g` (0 the first).
fn live(port: u16, g: usize) -> Value {
    get_json(port, &format!("/api/live?group={g}"))
}

/// Waits at most 5 s until `done` holds of group `g`'s `/api/live`; that answer.
fn wait_group(port: u16, g: usize, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let v = live(port, g);
        if done(&v) {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "no {what} in group {g} within 5 s: {v:#}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Board 1's moves in `/api/live`'s answer `v`.
fn moves(v: &Value) -> Vec<String> {
    board(v, 1)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Puts e-board `serial` on board 1 of round 1 of group `g`, as the desk does with the group
/// chosen (`?group=N`).
fn assign(port: u16, g: usize, serial: &str) {
    let (s, b) = http(
        port,
        "POST",
        &format!("/api/live/assign?group={g}"),
        Some(&json!({"serialnr": serial, "board": 1})),
    );
    assert_eq!(s, 200, "{b}");
}

/// One request to the desk as its own pages make it, with the session cookie and group `g`
/// chosen on the desk (the cookie `/group/{i}` sets): status and text.
fn desk(port: u16, g: usize, method: &str, path: &str, form: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         X-Arbiter-Token: {}\r\nSec-Fetch-Site: same-origin\r\n\
         Cookie: arbiter_session=0123456789abcdef0123456789abcdef; arbiter_group={g}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
        crate::web_live::TOKEN,
        form.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let status = answer.split(' ').nth(1).unwrap().parse().unwrap();
    (status, answer)
}

/// Puts e-board `serial` on board `board` of the current round through the desk's form of
/// `/live` (`POST /live/assign`, its form key as the page gives it) with group `g` chosen on
/// the desk: the status of the answer.
fn assign_by_form(port: u16, g: usize, serial: &str, board: u32) -> u16 {
    let (status, page) = desk(port, g, "GET", "/live", "");
    assert_eq!(status, 200, "{page}");
    let key = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|k| k.split('"').next())
        .unwrap_or_else(|| panic!("no form key: {page}"))
        .to_string();
    let form = format!("csrf={key}&serialnr={serial}&board={board}");
    desk(port, g, "POST", "/live/assign", &form).0
}

/// Board 1's mainline (UCI) in group `g`'s PGN of round 1, judged from its capture.
fn pgn_board_1(port: u16, g: usize) -> Vec<String> {
    let (status, pgn) = http(port, "GET", &format!("/rounds/1/games.pgn?group={g}"), None);
    assert_eq!(status, 200, "{pgn}");
    read_back(&pgn)[0].1.clone()
}

/// Waits at most 10 s until group `g`'s PGN gives board 1 the mainline `uci`.
fn wait_pgn(port: u16, g: usize, uci: &[&str]) {
    let start = Instant::now();
    loop {
        let got = pgn_board_1(port, g);
        if got == uci {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "group {g}'s PGN gives board 1 {got:?}, not {uci:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn each_eboard_follows_the_board_of_the_group_it_was_put_on() {
    let dir = tempfile::tempdir().unwrap();
    let state = two_groups(dir.path(), 0);
    for g in GROUPS {
        ok(&["pair", "ev.arbiter", "--auto", "--group", g], dir.path());
    }
    let emu = RoomEmulator::start(&["7001", "7002", "7003"]);
    let public_port = crate::web_live::free_port();
    let public = format!("127.0.0.1:{public_port}");
    let (run, port, _) = crate::web_live::serve_room_with(&state, &emu, 3, &["--public", &public]);

    // E-board 7002 on board 1 of the second group.
    assign(port, 1, "7002");
    let second = live(port, 1);
    assert_eq!(board(&second, 1)["serialnr"], "7002", "{second:#}");
    let first = live(port, 0);
    assert_eq!(board(&first, 1)["serialnr"], Value::Null, "{first:#}");
    // E-board 7003 on board 2 by the desk's form, the second group chosen.
    assert_eq!(assign_by_form(port, 1, "7003", 2), 303);
    assert_eq!(board(&live(port, 1), 2)["serialnr"], "7003");
    // Another e-board on that board is refused naming the board with its group: board 2 of
    // round 1 is on both groups' pages.
    let (s, b) = http(
        port,
        "POST",
        "/api/live/assign?group=1",
        Some(&json!({"serialnr": "7001", "board": 2})),
    );
    assert_eq!(s, 409, "{b}");
    let said = format!(
        "group “{}”, round 1, board 2: e-board 7003 is already there.",
        GROUPS[1]
    );
    assert!(b.contains(&said), "{b}");
    assert_eq!(board(&live(port, 0), 2)["serialnr"], Value::Null);
    // The live pages tell their script which group's boards to draw from the event stream.
    for g in [0, 1] {
        let (_, page) = desk(port, g, "GET", "/rounds/1/live", "");
        assert!(
            page.contains(&format!("data-live=\"round\" data-group=\"{g}\"")),
            "{page}"
        );
        let screen = http(port, "GET", &format!("/screen?group={g}"), None).1;
        assert!(screen.contains(&format!("data-live=\"screen\" data-group=\"{g}\"")));
    }
    // `/live` names the group each e-board is on.
    let (_, page) = desk(port, 0, "GET", "/live", "");
    let row = page.split("id=\"eboard-7003\"").nth(1).unwrap();
    let row = row.split("</tr>").next().unwrap();
    assert!(
        row.contains(&format!("<span class=\"group-name\">{}</span>:", GROUPS[1])),
        "{row}"
    );

    // 1. e4, Black's knight b8–b6 (Laws 3.6), taken back.
    for (i, p) in PLAYED[..4].iter().enumerate() {
        emu.set("7002", p);
        std::thread::sleep(Duration::from_millis(if i >= 2 { 900 } else { 300 }));
    }
    let v = wait_group(port, 1, "1. e4 and the illegal act", |v| {
        moves(v) == ["e4"] && crate::web_live::illegal_act(v, 1).is_some()
    });
    let act = crate::web_live::illegal_act(&v, 1).unwrap();
    let first = live(port, 0);
    assert_eq!(moves(&first), Vec::<String>::new(), "{first:#}");
    assert_eq!(board(&first, 1)["incidents"], json!([]), "{first:#}");

    // The arbiter notices it on the second group's page: the second group's record has it,
    // noticed, for its board 1's players; the first group's none.
    let (s, b) = http(
        port,
        "POST",
        "/api/rounds/1/boards/1/notice?group=1",
        Some(&json!({"incident": act["id"]})),
    );
    assert_eq!(s, 200, "{b}");
    let v = wait_group(port, 1, "the illegal act noticed in the record", |v| {
        recorded_illegal(v)
            .first()
            .is_some_and(|i| i["decision"]["act"] == "noticed")
    });
    assert_eq!(recorded_illegal(&v).len(), 1, "{v:#}");
    assert_eq!(recorded_illegal(&v)[0]["serialnr"], "7002");
    // The record names the board by its group (1: the second), for the players of that board.
    assert_eq!(recorded_illegal(&v)[0]["group"], 1, "{v:#}");
    assert_eq!(recorded_illegal(&live(port, 0)), Vec::<Value>::new());
    // The organiser's report counts it for the second group, not the first.
    let report = |g: usize| desk(port, g, "GET", "/report?lang=en", "").1;
    let noticed = "round 1, board 1 (noticed by the arbiter)";
    assert!(report(1).contains(noticed), "{}", report(1));
    assert!(
        !report(0).contains("noticed by the arbiter"),
        "{}",
        report(0)
    );

    // The capture is the second group's: its PGN has 1. e4, the first group's board 1 none.
    wait_pgn(port, 1, &["e2e4"]);
    assert_eq!(pgn_board_1(port, 0), Vec::<String>::new());
    // The illegal act is the second group's board 1's game's: a comment after 1. e4 there.
    let pgn = |g: usize| http(port, "GET", &format!("/rounds/1/games.pgn?group={g}"), None).1;
    let second_pgn = pgn(1);
    let first_game = second_pgn.split("\n\n[").next().unwrap();
    assert!(
        first_game.contains("1. e4 {") && first_game.contains("b8b6"),
        "{second_pgn}"
    );
    assert!(!pgn(0).contains("b8b6"));

    // A second e-board on board 1 of the first group: both followed at once.
    assign(port, 0, "7001");
    emu.set("7001", PLAYED[0]);
    std::thread::sleep(Duration::from_millis(300));
    emu.set("7001", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    emu.set("7002", PLAYED[4]);
    let first = wait_group(port, 0, "1. d4 on the first group's board", |v| {
        moves(v) == ["d4"]
    });
    assert_eq!(board(&first, 1)["serialnr"], "7001");
    let second = wait_group(port, 1, "1... e5 on the second group's board", |v| {
        moves(v) == ["e4", "e5"]
    });
    assert_eq!(board(&second, 1)["serialnr"], "7002");
    wait_pgn(port, 0, &["d2d4"]);
    wait_pgn(port, 1, &["e2e4", "e7e5"]);
    // The hall's screen of each group draws its own board 1.
    let screen = |g: usize| http(port, "GET", &format!("/screen?group={g}"), None).1;
    assert!(screen(0).contains("data-placement=\"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR\""));
    assert!(screen(1).contains(&format!("data-placement=\"{}\"", PLAYED[4])));
    // The public view's live boards of each group: its own board 1.
    let boards = |g: usize| http(public_port, "GET", &format!("/boards?group={g}"), None).1;
    let (older, younger) = (boards(0), boards(1));
    assert!(
        older.contains("3P4/8/PPP1PPPP") && !older.contains("4p3/4P3"),
        "{older}"
    );
    assert!(
        younger.contains(&format!("data-placement=\"{}\"", PLAYED[4])),
        "{younger}"
    );
    assert!(!younger.contains("3P4/8/PPP1PPPP"), "{younger}");
    // `arbiter board export --group`: each group's board 1 has its own capture.
    let export = |group: &str| {
        let out = crate::common::arbiter(
            &[
                "board",
                "export",
                "ev.arbiter",
                "--round",
                "1",
                "--board",
                "1",
                "--group",
                group,
            ],
            dir.path(),
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (older, younger) = (export(GROUPS[0]), export(GROUPS[1]));
    assert!(
        older.contains("\"7001\"") && !older.contains("\"7002\""),
        "{older}"
    );
    assert!(
        younger.contains("\"7002\"") && !younger.contains("\"7001\""),
        "{younger}"
    );

    // SIGKILL, and the desk again: each e-board is still on its group's board 1, its game
    // rebuilt from its group's capture, the noticed act noticed once.
    drop(run);
    let (_run, port, _) = serve_room(&state, &emu, 3);
    let second = wait_group(port, 1, "the second group's game after the restart", |v| {
        moves(v) == ["e4", "e5"]
    });
    assert_eq!(board(&second, 1)["serialnr"], "7002", "{second:#}");
    assert_eq!(recorded_illegal(&second).len(), 1, "{second:#}");
    let first = wait_group(port, 0, "the first group's game after the restart", |v| {
        moves(v) == ["d4"]
    });
    assert_eq!(board(&first, 1)["serialnr"], "7001", "{first:#}");
    assert_eq!(recorded_illegal(&first), Vec::<Value>::new());
}
