//! The line protocol of `arbiter replay` (`--emit-lines`, `--input lines`): a round trip
//! through lines gives the rows of `replay --format jsonl` on the original files (the fixtures
//! and the shared sample of real PGN, compressed inputs included); every input line gets one
//! verdict line, also a bad one (empty, not JSON, a key missing, non-UTF-8 bytes), a huge game
//! and Windows line ends; Hadoop Streaming counters.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("replay")
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        let bytes = bytes.to_vec();
        // A writer thread: the child's output could fill its pipe before it has read all.
        std::thread::spawn(move || pipe.write_all(&bytes));
    }
    child.wait_with_output().expect("wait for arbiter")
}

/// The inputs of the round trip, as relative paths (the `file` key carries them as given).
fn round_trip_inputs() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "fixtures/replay",
        "../shared/data/pgn",
        "../shared/data/pgn/edge",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            panic!("{dir} is missing (../shared must be beside the checkout)");
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| format!("{dir}/{}", e.file_name().to_string_lossy()))
            .filter(|n| !n.ends_with("README.md"))
            .collect();
        names.sort();
        files.extend(names);
    }
    files
}

#[test]
#[ignore = "needs ../shared"]
fn lines_round_trip_gives_the_jsonl_rows_of_the_files() {
    let files = round_trip_inputs();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut direct = vec!["--format", "jsonl", "--quiet", "--jobs", "2"];
    direct.extend(&args);
    let want = arbiter(&direct, None);
    let mut emit = vec!["--emit-lines", "--quiet", "--jobs", "2", "--chunk-kib", "3"];
    emit.extend(&args);
    let lines = arbiter(&emit, None);
    // Unreadable inputs (binary, truncated, misnamed) fail both alike.
    assert_eq!(lines.status.code(), want.status.code());
    assert_eq!(
        String::from_utf8_lossy(&lines.stdout).lines().count(),
        String::from_utf8_lossy(&want.stdout).lines().count()
    );
    let got = arbiter(&["--input", "lines", "--quiet", "-"], Some(&lines.stdout));
    assert_eq!(
        got.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&got.stderr)
    );
    let (want, got) = (
        String::from_utf8_lossy(&want.stdout),
        String::from_utf8_lossy(&got.stdout),
    );
    assert!(want.lines().count() > 16_000, "the sample is there");
    for (n, (w, g)) in want.lines().zip(got.lines()).enumerate() {
        assert_eq!(w, g, "row {}", n + 1);
    }
    assert_eq!(want, got);
}

#[test]
fn every_line_gets_a_verdict_line_also_a_bad_one() {
    let good = r#"{"file":"a.pgn","index":1,"pgn":"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"}"#;
    let mut input = Vec::new();
    input.extend_from_slice(good.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(b"\n"); // 2: empty
    input.extend_from_slice(b"this is not json\n"); // 3
    input.extend_from_slice(br#"{"file":"b.pgn","index":4}"#); // 4: no pgn
    input.push(b'\n');
    input.extend_from_slice(b"{\"file\":\"c\xff.pgn\",\"index\":5,\"pgn\":\"*\"}\n"); // 5: not UTF-8
    input.extend_from_slice(good.replace("a.pgn", "crlf.pgn").as_bytes()); // 6: Windows line end
    input.extend_from_slice(b"\r\n");
    // 7: a huge game (a 4 MB comment), 8: no newline at the end.
    let comment = "x".repeat(4 << 20);
    let huge = format!(
        "{{\"file\":\"huge.pgn\",\"index\":1,\"pgn\":\"[Event \\\"h\\\"]\\n\\n1. d4 {{{comment}}} d5 *\\n\"}}\n"
    );
    input.extend_from_slice(huge.as_bytes());
    input.extend_from_slice(good.replace("a.pgn", "last.pgn").as_bytes());

    let out = arbiter(&["--input", "lines", "-"], Some(&input));
    assert_eq!(out.status.code(), Some(0));
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON row"))
        .collect();
    assert_eq!(rows.len(), 8, "one verdict line per input line");
    for (i, want_file) in [(0, "a.pgn"), (5, "crlf.pgn"), (7, "last.pgn")] {
        assert_eq!(rows[i]["file"], want_file);
        assert_eq!(rows[i]["status"], "judged");
        assert_eq!(rows[i]["reason"], "checkmate");
    }
    assert_eq!(rows[6]["status"], "judged");
    assert_eq!(rows[6]["plies"], 2);
    for (i, line, what, file, index) in [
        (1, 2, "empty line", "-", 0),
        (2, 3, "not a game line", "-", 0),
        (3, 4, "missing field `pgn`", "b.pgn", 4),
        (4, 5, "not UTF-8", "-", 0),
    ] {
        let row = &rows[i];
        assert_eq!(row["status"], "error", "{row}");
        assert_eq!(row["error"]["kind"], "bad_line", "{row}");
        assert_eq!(row["error"]["line"], line, "{row}");
        let message = row["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(what), "{row}");
        assert_eq!(
            (row["file"].as_str(), row["index"].as_u64()),
            (Some(file), Some(index))
        );
    }
    // And the errors are named on standard error with their line numbers.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 3"), "{stderr}");
}

#[test]
fn hadoop_counters_go_to_standard_error() {
    let input = b"{\"file\":\"a\",\"index\":1,\"pgn\":\"1. e4 e5 *\"}\nnot json\n";
    let out = arbiter(
        &["--input", "lines", "--quiet", "--hadoop-counters", "-"],
        Some(input),
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for counter in [
        "reporter:counter:arbiter,games,2\n",
        "reporter:counter:arbiter,judged,1\n",
        "reporter:counter:arbiter,bad_lines,1\n",
        "reporter:counter:arbiter,game_errors,0\n",
    ] {
        assert!(stderr.contains(counter), "{counter} in {stderr}");
    }
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn hadoop_counters_without_the_line_protocol_are_a_usage_error() {
    for args in [
        &["--hadoop-counters", "fixtures/replay/clean.pgn"][..],
        &[
            "--hadoop-counters",
            "--emit-lines",
            "fixtures/replay/clean.pgn",
        ],
        &[
            "--hadoop-counters",
            "--format",
            "jsonl",
            "fixtures/replay/clean.pgn",
        ],
    ] {
        let out = arbiter(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing judged");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("--hadoop-counters needs --input lines"),
            "{stderr}"
        );
    }
}

#[test]
fn a_resumed_line_run_skips_the_lines_done() {
    let dir = tempfile::tempdir().unwrap();
    let emitted = arbiter(&["--emit-lines", "fixtures/replay/clean.pgn"], None);
    assert_eq!(emitted.status.code(), Some(0));
    let lines = dir.path().join("clean.lines");
    std::fs::write(&lines, &emitted.stdout).unwrap();
    let lines = lines.to_str().unwrap();
    let whole = arbiter(&["--input", "lines", "--quiet", lines], None);
    let rows: Vec<&[u8]> = whole.stdout.split_inclusive(|&b| b == b'\n').collect();
    assert!(rows.len() >= 2, "{} rows", rows.len());

    // The output holds the first row and half the second: the rest is appended.
    let out = dir.path().join("out.jsonl");
    let mut partial = rows[0].to_vec();
    partial.extend_from_slice(&rows[1][..rows[1].len() / 2]);
    std::fs::write(dir.path().join("out.jsonl.partial"), &partial).unwrap();
    let resumed = arbiter(
        &[
            "--input",
            "lines",
            "--quiet",
            "-o",
            out.to_str().unwrap(),
            "--resume",
            lines,
        ],
        None,
    );
    assert_eq!(resumed.status.code(), Some(0));
    assert!(std::fs::read(&out).unwrap() == whole.stdout);
}
