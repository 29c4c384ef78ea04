//! `arbiter board record` (and `watch`) against emulated boards, no hardware: a DGT board on a
//! pseudo-terminal replaying a real game's capture, and LiveChess's WebSocket API on
//! 127.0.0.1 replaying a real session's transcript. Each test is bounded in time (every wait
//! has a limit; the process is killed if the test fails first).
#![cfg(unix)]

use crate::live;

use std::time::Duration;

use live::{Run, dgt, hex, livechess};
use serde_json::Value;

/// The longest any test waits for the emulated game to be replayed.
const LIMIT: Duration = Duration::from_secs(60);

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The recorded DGT capture: each line's time and bytes.
fn recorded_dgt(path: &std::path::Path) -> Vec<(u64, String)> {
    json_lines(&std::fs::read_to_string(path).unwrap())
        .iter()
        .map(|v| {
            (
                v["t_ms"].as_u64().unwrap(),
                v["hex"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The answers of the emulated board to the link's opening requests: serial number, version,
/// and the board dump `dump`.
fn opening(dump: &[u8]) -> Vec<String> {
    let mut serial = vec![0x91, 0x00, 0x08];
    serial.extend_from_slice(dgt::SERIAL.as_bytes());
    vec![
        hex(&serial),
        hex(&[0x93, 0x00, 0x05, dgt::VERSION.0, dgt::VERSION.1]),
        hex(dump),
    ]
}

fn types(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Every message of the real capture reaches the recording, in order, after the board's
/// answers to the opening requests; times never run backwards; Ctrl-C ends the recording with
/// status 0 and says how many lines it holds.
#[test]
fn board_record_writes_every_message_of_an_emulated_dgt_board() {
    let dir = tempfile::tempdir().unwrap();
    let capture = live::dgt_capture();
    assert_eq!(capture.len(), 455);
    let board = dgt::DgtEmulator::start(
        dir.path(),
        dgt::Script {
            messages: capture.clone(),
            drop_after: None,
            pace: Duration::from_millis(1),
            held: false,
        },
    );
    let out = dir.path().join("game.jsonl");
    let run = Run::start(&[
        "board",
        "record",
        "--dgt",
        board.device().to_str().unwrap(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    run.wait_settled(LIMIT, &out, || board.sent() == 454);
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    let connected: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(
        connected,
        serde_json::json!({"type": "connected", "serial": "00137", "version": "1.07",
            "source": board.device().to_str().unwrap()})
    );
    assert_eq!(lines.len(), 1, "nothing but the connection: {lines:?}");
    let recorded = recorded_dgt(&out);
    let mut want = opening(&capture[0]);
    want.extend(capture[1..].iter().map(|m| hex(m)));
    let got: Vec<String> = recorded.iter().map(|(_, h)| h.clone()).collect();
    assert_eq!(got, want);
    assert!(recorded.windows(2).all(|w| w[0].0 <= w[1].0));
    assert!(stderr.contains("457 lines recorded in"), "{stderr}");
}

/// The board is unplugged after 200 update messages (once they have arrived) and plugged in
/// again under the same name: the link says so (`disconnected`, then `reconnected`, on standard output and
/// standard error), asks the board again, and the recording goes on with the board's dump of
/// the position as it stands: no message is lost.
#[test]
fn board_record_reconnects_to_a_dgt_board_unplugged_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let capture = live::dgt_capture();
    let board = dgt::DgtEmulator::start(
        dir.path(),
        dgt::Script {
            messages: capture.clone(),
            drop_after: Some(200),
            pace: Duration::from_millis(1),
            held: false,
        },
    );
    let out = dir.path().join("game.jsonl");
    let run = Run::start(&[
        "board",
        "record",
        "--dgt",
        board.device().to_str().unwrap(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
        "--retry-delay",
        "100",
    ]);
    run.wait_settled(LIMIT, &out, || board.sent() == 200);
    board.unplug();
    run.wait_settled(LIMIT, &out, || board.sent() == 454);
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(types(&lines), ["connected", "disconnected", "reconnected"]);
    let dropped: Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(dropped["attempt"], 1);
    assert_eq!(dropped["retry_in_ms"], 100);
    assert!(stderr.contains("board disconnected ("), "{stderr}");
    assert!(stderr.contains("board 00137 reconnected"), "{stderr}");

    // The board as it stood after the first 200 updates: the dump it sends on reconnection.
    let mut fields = capture[0].clone();
    for m in &capture[1..=200] {
        if m[0] == 0x8E {
            fields[3 + usize::from(m[3])] = m[4];
        }
    }
    let mut want = opening(&capture[0]);
    want.extend(capture[1..=200].iter().map(|m| hex(m)));
    want.extend(opening(&fields));
    want.extend(capture[201..].iter().map(|m| hex(m)));
    let recorded = recorded_dgt(&out);
    let got: Vec<String> = recorded.iter().map(|(_, h)| h.clone()).collect();
    assert_eq!(got, want);
    assert!(recorded.windows(2).all(|w| w[0].0 <= w[1].0));
}

/// The real LiveChess session replayed by the emulated LiveChess: the recording is the
/// session's transcript, our two calls, LiveChess's answers, and every feed frame, one a line.
#[test]
fn board_record_writes_the_transcript_of_an_emulated_livechess() {
    let transcript = live::livechess_transcript();
    let feed: Vec<Value> = transcript
        .iter()
        .filter(|f| f["response"] == "feed")
        .map(|f| f["param"].clone())
        .collect();
    assert_eq!(feed.len(), 7);
    let server = livechess::LiveChessEmulator::start(livechess::Script {
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
        feed: feed.clone(),
        drop_after: None,
        pace: Duration::from_millis(5),
        times: Vec::new(),
        gone_after_drop: false,
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("session.jsonl");
    let run = Run::start(&[
        "board",
        "record",
        "--livechess",
        server.url(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    run.wait_for(LIMIT, "the whole feed recorded", |_| {
        std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) >= 5 + 7
    });
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        serde_json::from_str::<Value>(&lines[0]).unwrap(),
        serde_json::json!({"type": "connected", "serial": "23946", "source": server.url()})
    );
    let frames = json_lines(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(frames[0], serde_json::json!({"id": 1, "call": "eboards"}));
    assert_eq!(frames[1]["response"], "call");
    assert_eq!(frames[1]["param"][0]["serialnr"], "23946");
    assert_eq!(
        frames[2],
        serde_json::json!({"id": 2, "call": "subscribe", "param": {"feed": "eboardevent",
            "id": 1, "param": {"serialnr": "23946"}}})
    );
    assert_eq!(frames[3]["id"], 2);
    // The board as it stands, then the real session's feed.
    let boards: Vec<&str> = frames[4..]
        .iter()
        .map(|f| f["param"]["board"].as_str().unwrap())
        .collect();
    let mut want = vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"];
    want.extend(feed.iter().map(|p| p["board"].as_str().unwrap()));
    assert_eq!(boards, want);
}

/// LiveChess drops the connection after three feed frames: the link connects again,
/// subscribes to the same board, and the transcript goes on with the board as it stands and
/// the rest of the feed.
#[test]
fn board_record_reconnects_to_livechess_after_a_dropped_connection() {
    let feed: Vec<Value> = live::livechess_transcript()
        .iter()
        .filter(|f| f["response"] == "feed")
        .map(|f| f["param"].clone())
        .collect();
    let server = livechess::LiveChessEmulator::start(livechess::Script {
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
        feed: feed.clone(),
        drop_after: Some(3),
        pace: Duration::from_millis(5),
        times: Vec::new(),
        gone_after_drop: false,
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("session.jsonl");
    let run = Run::start(&[
        "board",
        "record",
        "--livechess",
        server.url(),
        "--serial",
        "23946",
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
        "--retry-delay",
        "100",
    ]);
    run.wait_for(LIMIT, "the whole feed recorded", |_| {
        std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) >= 2 * 5 + 7
    });
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(types(&lines), ["connected", "disconnected", "reconnected"]);
    let frames = json_lines(&std::fs::read_to_string(&out).unwrap());
    let calls: Vec<&str> = frames.iter().filter_map(|f| f["call"].as_str()).collect();
    assert_eq!(calls, ["eboards", "subscribe", "eboards", "subscribe"]);
    let boards: Vec<&str> = frames
        .iter()
        .filter(|f| f["response"] == "feed")
        .map(|f| f["param"]["board"].as_str().unwrap())
        .collect();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let mut want = vec![start];
    want.extend(feed[..3].iter().map(|p| p["board"].as_str().unwrap()));
    // After the reconnection: the board as it stood after the third frame, then the rest.
    want.push(feed[2]["board"].as_str().unwrap());
    want.extend(feed[3..].iter().map(|p| p["board"].as_str().unwrap()));
    assert_eq!(boards, want);
}

/// LiveChess goes away for good mid-game: the link tries again as many times as allowed
/// (`--retries 2`), says so each time, then gives up (`gave_up`) and the command ends with
/// status 1, the recording whole up to the drop.
#[test]
fn board_record_gives_up_after_its_retries_when_livechess_is_gone() {
    let feed: Vec<Value> = live::livechess_transcript()
        .iter()
        .filter(|f| f["response"] == "feed")
        .map(|f| f["param"].clone())
        .collect();
    let server = livechess::LiveChessEmulator::start(livechess::Script {
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
        feed,
        drop_after: Some(3),
        pace: Duration::from_millis(5),
        times: Vec::new(),
        gone_after_drop: true,
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("session.jsonl");
    let run = Run::start(&[
        "board",
        "record",
        "--livechess",
        server.url(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
        "--retries",
        "2",
        "--retry-delay",
        "300",
    ]);
    let (code, lines, stderr) = run.wait_exit(LIMIT);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        types(&lines),
        ["connected", "disconnected", "disconnected", "gave_up"]
    );
    let retries: Vec<Value> = lines[1..3]
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (
            retries[0]["attempt"].as_u64(),
            retries[0]["retry_in_ms"].as_u64()
        ),
        (Some(1), Some(300))
    );
    assert_eq!(
        (
            retries[1]["attempt"].as_u64(),
            retries[1]["retry_in_ms"].as_u64()
        ),
        (Some(2), Some(600))
    );
    drop(server);
    let gave_up: Value = serde_json::from_str(&lines[3]).unwrap();
    assert_eq!(gave_up["attempts"], 2);
    assert!(
        stderr
            .contains("board lost: 2 attempts to reconnect failed (cannot connect to LiveChess at"),
        "{stderr}"
    );
    // The calls, the answers, the first frame and the three feed frames sent before the drop.
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().lines().count(),
        5 + 3
    );
}

/// A board that cannot be reached is a clear error naming it (status 1), in the user's
/// language; nothing is recorded, and an existing recording is never overwritten.
#[test]
fn an_unreachable_board_or_an_existing_recording_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.jsonl");
    let missing = dir.path().join("no-such-board");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "board",
            "record",
            "--dgt",
            missing.to_str().unwrap(),
            "--record",
        ])
        .arg(&out)
        .env("LANG", "ru_RU.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!(
            "arbiter: не удаётся открыть последовательный порт {}: ",
            missing.display()
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "");

    // Nothing listens on the port of a server just closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("ws://127.0.0.1:{port}/api/v1.0");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "board",
            "record",
            "--livechess",
            &url,
            "--append",
            "--record",
        ])
        .arg(&out)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("arbiter: cannot connect to LiveChess at {url}: ")),
        "{stderr}"
    );

    std::fs::write(&out, "{\"t_ms\":0,\"hex\":\"8e00053400\"}\n").unwrap();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["board", "record", "--livechess", &url, "--record"])
        .arg(&out)
        .env("LANG", "C")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(run.stderr).unwrap(),
        format!(
            "arbiter: {}: the file exists and holds a recording; give another name, or continue it with --append\n",
            out.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "{\"t_ms\":0,\"hex\":\"8e00053400\"}\n"
    );
}

/// The moves of a `board watch --format json` output, in UCI.
fn watched_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "move")
        .map(|v| v["uci"].as_str().unwrap().to_owned())
        .collect()
}

/// `arbiter judge --trace --format json` on a recording: its plies, the squares of its moves
/// (`e2e4` from the trace's `move Ng1-f3`), its final position, its illegal acts.
fn judged(recording: &std::path::Path, input: &str) -> (u64, Vec<String>, String, usize) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--trace", "--format", "json", "--input", input])
        .arg(recording)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let squares = v["trace"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["event_note"]["code"] == "tr-move")
        .map(|t| {
            let m = t["event_note"]["args"]["move"].as_str().unwrap();
            let rank = if t["ply"].as_u64().unwrap() % 2 == 1 {
                '1'
            } else {
                '8'
            };
            match m {
                "O-O" => format!("e{rank}g{rank}"),
                "O-O-O" => format!("e{rank}c{rank}"),
                _ => m
                    .chars()
                    .filter(|c| ('a'..='h').contains(c) || ('1'..='8').contains(c))
                    .collect(),
            }
        })
        .collect();
    (
        v["plies"].as_u64().unwrap(),
        squares,
        v["final_fen"].as_str().unwrap().to_owned(),
        v["illegal_moves"].as_array().unwrap().len(),
    )
}

/// The FEN after playing UCI moves from the start position.
fn fen_after(moves: &[String]) -> String {
    use shakmaty::{Chess, EnPassantMode, Position, fen::Fen, uci::UciMove};
    let mut pos = Chess::default();
    for m in moves {
        let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    Fen::from_position(&pos, EnPassantMode::Legal).to_string()
}

/// From/to squares of UCI moves (a promotion's piece left out, as the trace writes it apart).
fn squares(moves: &[String]) -> Vec<String> {
    moves.iter().map(|m| m[..4].to_owned()).collect()
}

/// `board watch` follows the real game replayed live by the emulated DGT board, unplugged after
/// 200 messages and plugged in again: it prints the 57 moves actually played (`1.uci`), in
/// order, as they are made, no illegal act, the drop and the reconnection in between; and
/// `arbiter judge` on the recording it wrote finds the same moves and the same final position.
#[test]
fn board_watch_follows_a_dgt_game_through_a_dropped_link_and_judge_agrees_on_its_recording() {
    let dir = tempfile::tempdir().unwrap();
    let capture = live::dgt_capture();
    let board = dgt::DgtEmulator::start(
        dir.path(),
        dgt::Script {
            messages: capture.clone(),
            drop_after: Some(200),
            pace: Duration::from_millis(1),
            held: false,
        },
    );
    let out = dir.path().join("game.jsonl");
    let run = Run::start(&[
        "board",
        "watch",
        "--dgt",
        board.device().to_str().unwrap(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
        "--retry-delay",
        "100",
    ]);
    run.wait_settled(LIMIT, &out, || board.sent() == 200);
    board.unplug();
    run.wait_settled(LIMIT, &out, || board.sent() == 454);
    // The 57th move is completed by the last clock press, a few messages before the end.
    run.wait_for(LIMIT, "57 moves", |lines| watched_moves(lines).len() >= 57);
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    let moves = watched_moves(&lines);
    assert_eq!(moves, live::dgt_capture_moves());
    let kinds = types(&lines);
    assert_eq!(
        kinds.iter().filter(|k| *k == "illegal_act").count(),
        0,
        "{lines:?}"
    );
    let dropped = kinds.iter().position(|k| k == "disconnected").unwrap();
    let back = kinds.iter().position(|k| k == "reconnected").unwrap();
    assert!(
        0 < dropped && dropped < back && back < kinds.len() - 1,
        "{kinds:?}"
    );
    // The first lift is White's touched piece (Laws 4.3), then the move it made.
    let first: Vec<Value> = lines[1..3]
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        first,
        [
            serde_json::json!({"type": "touch", "line": first[0]["line"], "side": "white",
                "square": "e2"}),
            serde_json::json!({"type": "move", "line": first[1]["line"], "ply": 1,
                "side": "white", "san": "e4", "uci": "e2e4"})
        ]
    );
    assert_eq!(
        kinds.iter().filter(|k| *k == "touch").count(),
        57,
        "one touched piece a move: {kinds:?}"
    );

    let (plies, judged_squares, final_fen, illegal) = judged(&out, "dgt");
    assert_eq!(plies, 57);
    assert_eq!(judged_squares, squares(&moves));
    assert_eq!(final_fen, fen_after(&moves));
    assert_eq!(illegal, 0);
}

/// LiveChess feed frames for a game: for each move, the mover's piece in the air, then the
/// board after the move with the clock running for the side to move (LiveChess's `clock`).
fn generated_feed(moves: &[String]) -> Vec<Value> {
    use shakmaty::{Chess, Color, Position, uci::UciMove};
    let mut pos = Chess::default();
    let (mut white, mut black) = (900u32, 900u32);
    let mut feed = Vec::new();
    for m in moves {
        let uci: UciMove = m.parse().unwrap();
        let mut lifted = pos.board().clone();
        lifted.discard_piece_at(uci.from().unwrap());
        feed.push(serde_json::json!({"flipped": false, "board": lifted.to_string()}));
        pos.play_unchecked(uci.to_move(&pos).unwrap());
        match pos.turn() {
            Color::Black => white -= 4,
            Color::White => black -= 4,
        }
        feed.push(
            serde_json::json!({"flipped": false, "board": pos.board().to_string(),
            "clock": {"white": white, "black": black, "run": pos.turn() == Color::White}}),
        );
    }
    feed
}

/// `board watch --livechess` follows the same real game played through the emulated
/// LiveChess (frames generated from `1.uci`: each piece in the air, then put down and the clock
/// pressed), with the connection cut mid-game: the 57 moves in order, nothing illegal, the drop
/// and the reconnection; and `arbiter judge` on the transcript it recorded agrees.
#[test]
fn board_watch_follows_a_livechess_game_through_a_dropped_connection() {
    let moves = live::dgt_capture_moves();
    let feed = generated_feed(&moves);
    let server = livechess::LiveChessEmulator::start(livechess::Script {
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
        feed: feed.clone(),
        drop_after: Some(41),
        pace: Duration::from_millis(2),
        times: Vec::new(),
        gone_after_drop: false,
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("session.jsonl");
    let run = Run::start(&[
        "board",
        "watch",
        "--livechess",
        server.url(),
        "--record",
        out.to_str().unwrap(),
        "--format",
        "json",
        "--retry-delay",
        "100",
    ]);
    run.wait_for(LIMIT, "57 moves", |lines| watched_moves(lines).len() >= 57);
    let (code, lines, stderr) = run.interrupt();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(watched_moves(&lines), moves);
    let kinds = types(&lines);
    assert_eq!(
        kinds.iter().filter(|k| *k == "illegal_act").count(),
        0,
        "{lines:?}"
    );
    let dropped = kinds.iter().position(|k| k == "disconnected").unwrap();
    assert_eq!(kinds[dropped + 1], "reconnected");
    // Cut after 41 frames: 20 moves were complete, the 21st piece in the air.
    assert_eq!(
        kinds[..dropped].iter().filter(|k| *k == "move").count(),
        20,
        "{kinds:?}"
    );

    let (plies, judged_squares, final_fen, illegal) = judged(&out, "livechess");
    assert_eq!(plies, 57);
    assert_eq!(judged_squares, squares(&moves));
    assert_eq!(final_fen, fen_after(&moves));
    assert_eq!(illegal, 0);
}

/// The real LiveChess session (Black moves first, pieces in the air), replayed with its own
/// frame times: `board watch --format text --lang ru` reports in Russian the same illegal acts,
/// in the same order, as `arbiter judge` finds in the transcript itself and in the recording
/// the watch wrote.
#[test]
fn board_watch_reports_the_real_livechess_session_as_judge_reads_it_in_russian() {
    let transcript = live::livechess_transcript();
    let (feed, times): (Vec<Value>, Vec<u64>) = transcript
        .iter()
        .filter(|f| f["response"] == "feed")
        .map(|f| (f["param"].clone(), f["time"].as_u64().unwrap()))
        .unzip();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("session.jsonl");
    // Each watch replays the session from a LiveChess of its own; returns its output and
    // LiveChess's address.
    let watch = |format: &str, lang: &str| {
        let server = livechess::LiveChessEmulator::start(livechess::Script {
            board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
            feed: feed.clone(),
            drop_after: None,
            pace: Duration::from_millis(5),
            times: times.clone(),
            gone_after_drop: false,
        });
        let run = Run::start(&[
            "board",
            "watch",
            "--livechess",
            server.url(),
            "--record",
            out.to_str().unwrap(),
            "--format",
            format,
            "--lang",
            lang,
        ]);
        run.wait_for(LIMIT, "the whole feed recorded", |_| {
            std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) >= 5 + 7
        });
        std::thread::sleep(Duration::from_millis(200));
        let (code, lines, stderr) = run.interrupt();
        assert_eq!(code, Some(0), "{stderr}");
        (lines, server.url().to_owned())
    };
    let (json, _) = watch("json", "en");
    let acts: Vec<(u64, String, String)> = json
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "illegal_act")
        .map(|v| {
            (
                v["ply"].as_u64().unwrap(),
                v["side"].as_str().unwrap().to_owned(),
                v["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let judged_acts = |path: &std::path::Path| -> Vec<(u64, String, String)> {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["judge", "--format", "json", "--input", "livechess"])
            .arg(path)
            .output()
            .unwrap();
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        v["illegal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["ply"].as_u64().unwrap(),
                    a["side"].as_str().unwrap().to_owned(),
                    a["kind"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/eboard/livechess/lichess-dgt-boards-transcript.jsonl");
    assert!(!acts.is_empty(), "{json:?}");
    assert_eq!(acts, judged_acts(&real));
    assert_eq!(acts, judged_acts(&out));

    // The same session again, in Russian.
    std::fs::remove_file(&out).unwrap();
    let (text, url) = watch("text", "ru");
    assert_eq!(
        text[0],
        format!("доска 23946 подключена ({url}, прошивка -)")
    );
    let illegal: Vec<&String> = text
        .iter()
        .filter(|l| l.contains(": нарушение: "))
        .collect();
    assert_eq!(illegal.len(), acts.len(), "{text:?}");
    let (_, side, _) = &acts[0];
    let side = if side == "white" {
        "Белые"
    } else {
        "Чёрные"
    };
    assert!(illegal[0].starts_with(side), "{text:?}");
}
