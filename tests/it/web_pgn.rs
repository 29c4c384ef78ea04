//! `GET /rounds/N/games.pgn` end to end: `arbiter serve --livechess` follows an emulated
//! LiveChess (tests/it/live/room.rs) on board 1, where Black plays an illegal knight move that
//! is taken back (Laws 7.5.1) and White then mates; board 2's draw is entered by hand; board 3
//! has nothing. The round's PGN is read back move by move (arbiter's PGN reader, and
//! python-chess when `ARBITER_PGN_PYTHON` names a Python with `chess`: .ci/run sets it): the
//! mainline is the game as decided, without the illegal move, a comment names it with its
//! article, and the result stays `*` until the arbiter records it.

use std::time::Duration;

use arbiter::formats::pgn::PgnReader;
use serde_json::json;

use crate::live::room::{RoomEmulator, START};
use crate::web_live::{board, event, http, illegal_act, notice, serve_room_with, wait_live};

/// Board 1's placements: 1. e4, Black's knight b8–b6 (Laws 3.6) taken back, then the scholar's
/// mate 1... e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#.
pub(crate) const PLAYED: [&str; 10] = [
    START,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
    "r1bqkbnr/pppppppp/1n6/8/4P3/8/PPPP1PPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
    "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR",
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR",
];

/// The mainline the PGN must give for board 1, in UCI.
pub(crate) const MAINLINE: [&str; 7] = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];

/// `GET path` with the token: status, Content-Type and body.
fn get(port: u16, path: &str) -> (u16, String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nX-Arbiter-Token: {}\r\n\r\n",
        crate::web_live::TOKEN
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let kind = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(str::to_string)
        })
        .unwrap_or_default();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        crate::web_live::dechunk(body)
    } else {
        body.to_string()
    };
    (status, kind, body)
}

/// A game read back: its tags, and its mainline in UCI.
pub(crate) type ReadBack = (Vec<(String, String)>, Vec<String>);

/// Each game of `pgn`: its tags and its mainline in UCI.
pub(crate) fn read_back(pgn: &str) -> Vec<ReadBack> {
    PgnReader::new(pgn.as_bytes())
        .map(|g| {
            let g = g.unwrap();
            let tags = g
                .tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let moves = g
                .mainline_from_start()
                .unwrap()
                .iter()
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                .collect();
            (tags, moves)
        })
        .collect()
}

pub(crate) fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

/// python-chess reads `pgn` (tests/round_pgn_readback.py): no reader error, each game's
/// mainline and result as `expected` says. Runs when `ARBITER_PGN_PYTHON` names the Python
/// to use; under `CI=true` its absence fails.
fn python_chess_reads(pgn: &str, expected: &serde_json::Value) {
    let Ok(python) = std::env::var("ARBITER_PGN_PYTHON") else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true needs ARBITER_PGN_PYTHON (a Python with PyPI's chess)"
        );
        eprintln!("python-chess read-back skipped: ARBITER_PGN_PYTHON is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("round.pgn");
    let want = dir.path().join("round.json");
    std::fs::write(&file, pgn).unwrap();
    std::fs::write(&want, expected.to_string()).unwrap();
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/round_pgn_readback.py");
    let out = std::process::Command::new(python)
        .arg(script)
        .arg(&file)
        .arg(&want)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "python-chess: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!(
        "python-chess: {}",
        String::from_utf8_lossy(&out.stdout).trim()
    );
}

#[test]
fn the_rounds_pgn_is_the_game_as_decided_and_its_result_once_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let emu = RoomEmulator::start(&["1001"]);
    let public_port = crate::web_live::free_port();
    let public = format!("127.0.0.1:{public_port}");
    let (_run, port, _) = serve_room_with(&state, &emu, 1, &["--public", &public]);
    let assign = http(
        port,
        "POST",
        "/api/live/assign",
        Some(&json!({"serialnr": "1001", "board": 1})),
    );
    assert_eq!(assign.0, 200, "{}", assign.1);
    for (i, p) in PLAYED.iter().enumerate() {
        // The board's clock goes with each frame: 10 minutes each, a few seconds less a move.
        let spent = 3.0 * i as f64;
        emu.set_clock("1001", 600.0 - spent, 590.0 - spent, Some(i % 2 == 1));
        emu.set("1001", p);
        // The illegal move stands, and so does the board after its take-back (a placement
        // read again after 400 ms is one the player left, `board::livechess::STANDS_MS`).
        let stands = if i == 2 || i == 3 { 900 } else { 200 };
        std::thread::sleep(Duration::from_millis(stands));
    }
    let v = wait_live(port, Duration::from_secs(5), "the mate", |v| {
        board(v, 1)["proposed_result"]["result"] == "1-0"
    });
    let illegal = illegal_act(&v, 1).unwrap_or_else(|| panic!("no illegal act: {v:#}"));
    // Board 2's draw by hand.
    let (s, b) = http(
        port,
        "POST",
        "/api/rounds/1/boards/2/result",
        Some(&json!({"result": "1/2-1/2"})),
    );
    assert_eq!(s, 200, "{b}");

    // Before the arbiter records board 1: the moves, the result `*`.
    let (status, kind, pgn) = get(port, "/rounds/1/games.pgn");
    assert_eq!(status, 200, "{pgn}");
    assert_eq!(kind, "application/x-chess-pgn; charset=utf-8");
    let games = read_back(&pgn);
    assert_eq!(games.len(), 3, "{pgn}");
    let (tags, moves) = &games[0];
    assert_eq!(tag(tags, "Event"), "Live");
    assert_eq!(tag(tags, "Round"), "1.1");
    assert_eq!(tag(tags, "White"), "Player 01");
    assert_eq!(tag(tags, "Black"), "Player 04");
    assert_eq!(tag(tags, "Result"), "*", "{pgn}");
    assert_eq!(tag(tags, "BoardSerial"), "1001", "{pgn}");
    assert_eq!(moves, &MAINLINE, "{pgn}");
    assert_eq!(tag(&games[1].0, "Round"), "1.2");
    assert_eq!(tag(&games[1].0, "Result"), "1/2-1/2");
    assert!(games[1].1.is_empty());
    assert_eq!(tag(&games[2].0, "Round"), "1.3");
    assert_eq!(tag(&games[2].0, "Result"), "*");
    // The illegal move is a comment after 1. e4, with its article.
    let first = pgn.split("\n\n[").next().unwrap();
    let article = illegal["article"].as_str().unwrap();
    let after_e4 = first
        .split("1. e4 {")
        .nth(1)
        .unwrap_or_else(|| panic!("no comment after 1. e4: {first}"));
    let comment = after_e4.split('}').next().unwrap();
    assert!(
        comment.contains("b8b6") && comment.contains(article),
        "{comment}"
    );
    assert!(first.contains("Qxf7#"), "{first}");
    // The clock's times after each move (the mover's), as `[%clk h:mm:ss]`, within its 10 min.
    let clocks: Vec<&str> = first
        .split("[%clk ")
        .skip(1)
        .map(|c| c.split(']').next().unwrap())
        .collect();
    assert_eq!(clocks.len(), MAINLINE.len(), "{first}");
    assert!(
        clocks
            .iter()
            .all(|c| c.starts_with("0:09:") || *c == "0:10:00"),
        "{clocks:?}"
    );
    assert!(first.trim_end().ends_with(" *"), "{first}");
    // The public view gives the same PGN; under a delay of the live boards (15 minutes) the game
    // in progress goes without its moves (its `/boards` holds them back), board 2's draw stays.
    let (status, _, public_pgn) = get(public_port, "/rounds/1/games.pgn");
    assert_eq!((status, &public_pgn), (200, &pgn));
    let (s, b) = http(
        port,
        "POST",
        "/api/live/settings",
        Some(&json!({"public_delay_minutes": 15})),
    );
    assert_eq!(s, 200, "{b}");
    let (_, _, delayed) = get(public_port, "/rounds/1/games.pgn?lang=ru");
    let held = read_back(&delayed);
    assert_eq!(held[0].1, Vec::<String>::new(), "{delayed}");
    assert_eq!(tag(&held[0].0, "Result"), "*");
    assert_eq!(tag(&held[1].0, "Result"), "1/2-1/2");
    // The desk's own PGN is not delayed.
    assert_eq!(get(port, "/rounds/1/games.pgn").2, pgn);
    let (s, b) = http(
        port,
        "POST",
        "/api/live/settings",
        Some(&json!({"public_delay_minutes": 0})),
    );
    assert_eq!(s, 200, "{b}");

    // The arbiter notices the illegal act and records the mate: the PGN follows.
    notice(port, 1, &illegal);
    let (s, b) = http(
        port,
        "POST",
        "/api/rounds/1/boards/1/record",
        Some(&json!({})),
    );
    assert_eq!(s, 200, "{b}");
    let (status, _, pgn) = get(port, "/rounds/1/games.pgn?lang=ru");
    assert_eq!(status, 200);
    let games = read_back(&pgn);
    assert_eq!(tag(&games[0].0, "Result"), "1-0", "{pgn}");
    assert_eq!(games[0].1, MAINLINE, "{pgn}");
    assert!(
        pgn.split("\n\n[")
            .next()
            .unwrap()
            .trim_end()
            .ends_with(" 1-0")
    );
    // In Russian; the arbiter's result stands alone: no sentence of the judge's verdict
    // (`*` for a game in progress would contradict a result recorded), no touched piece.
    assert!(pgn.contains("невозможный ход чёрных"), "{pgn}");
    assert!(!pgn.contains("решение судьи"), "{pgn}");
    assert!(!pgn.contains("подняли фигуру"), "{pgn}");

    // A round that is not paired.
    assert_eq!(get(port, "/rounds/2/games.pgn").0, 404);

    python_chess_reads(
        &pgn,
        &json!([
            {"result": "1-0", "moves": MAINLINE, "round": "1.1", "clocks": true},
            {"result": "1/2-1/2", "moves": [], "round": "1.2"},
            {"result": "*", "moves": [], "round": "1.3"},
        ]),
    );
}

/// A DGT e-board's capture as the desk keeps it in the event's record (JSON Lines of the
/// board's messages, `record::save_live`): the round's PGN (the library call the route makes)
/// gives the real capture's 57 plies (`fixtures/eboard/dgt/1.uci`) with the serial number of
/// the e-board the event put on the board and a `[%clk]` after every move (the capture has the clock's messages); the other
/// boards are tags and a result.
#[test]
fn a_dgt_boards_capture_in_the_record_is_its_games_pgn() {
    use arbiter::board::dgt::CaptureRecord;
    use arbiter::tournament::record::{CaptureLines, save_live};
    let dir = tempfile::tempdir().unwrap();
    let state = event(dir.path());
    let lines: String = crate::live::dgt_capture()
        .iter()
        .map(|m| CaptureRecord::new(None, m).to_line() + "\n")
        .collect();
    save_live(
        &state,
        &[],
        &[CaptureLines {
            at: arbiter::tournament::live::BoardKey::new(0, 1, 3),
            lines,
        }],
    )
    .unwrap();
    // The e-board on board 3 (the capture itself has no serial-number message).
    let mut t = arbiter::tournament::store::load(&state).unwrap();
    t.assign_eboard("DGT-7", 0, 1, 3).unwrap();
    arbiter::tournament::store::save(&t, &state).unwrap();
    let rules = arbiter::game::rules::CompetitionRules::preset(t.preset());
    let pgn = arbiter::web::games::round_games_pgn(
        &state,
        &t,
        0,
        1,
        rules,
        arbiter::i18n::Lang::En,
        true,
    )
    .unwrap();
    let games = read_back(&pgn);
    assert_eq!(games.len(), 3, "{pgn}");
    let (tags, moves) = &games[2];
    assert_eq!(tag(tags, "Round"), "1.3");
    assert_eq!(tag(tags, "White"), "Player 03");
    assert_eq!(tag(tags, "Black"), "Player 06");
    assert_eq!(tag(tags, "Result"), "*");
    assert_eq!(tag(tags, "BoardSerial"), "DGT-7", "{pgn}");
    assert_eq!(moves, &crate::live::dgt_capture_moves(), "{pgn}");
    let third = pgn.split("\n\n[").nth(2).unwrap();
    assert_eq!(third.matches("[%clk ").count(), moves.len(), "{third}");
    assert!(games[0].1.is_empty() && games[1].1.is_empty());
    // Another group's board 3 is written without moves: the capture is the first group's
    // board 3's (kept under its section).
    let pgn = arbiter::web::games::round_games_pgn(
        &state,
        &t,
        1,
        1,
        rules,
        arbiter::i18n::Lang::En,
        true,
    )
    .unwrap();
    let games = read_back(&pgn);
    assert_eq!(games.len(), 3, "{pgn}");
    assert!(games[2].1.is_empty(), "{pgn}");
}
