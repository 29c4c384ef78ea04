//! `arbiter board record` (and `watch`) against emulated boards, no hardware: a DGT board on a
//! pseudo-terminal replaying a real game's capture, and LiveChess's WebSocket API on
//! 127.0.0.1 replaying a real session's transcript. Each test is bounded in time (every wait
//! has a limit; the process is killed if the test fails first).
#![cfg(unix)]

mod live;

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
    run.wait_for(LIMIT, "the whole capture recorded", |_| {
        std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) >= 3 + 454
    });
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

/// The board is unplugged after 200 update messages and plugged in again under the same
/// name: the link says so (`disconnected`, then `reconnected`, on standard output and
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
    run.wait_for(LIMIT, "the whole capture recorded", |_| {
        std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) >= 6 + 454
    });
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
