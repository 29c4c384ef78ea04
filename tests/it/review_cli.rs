//! Bad input found by trying the command line as a new user (review, issue-free checks of the
//! exit-status contract: 0 done, 1 some input unreadable but the rest still processed, 2 usage).

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// A directory given as an input file is reported, and the files after it are still judged.
#[test]
fn judge_directory_input_does_not_stop_the_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    let out = arbiter(&["judge", dir, "fixtures/judge/checkmate-fools-mate.jsonl"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(dir), "{stderr}");
    assert!(
        stdout.contains("checkmate-fools-mate.jsonl game 1") && stdout.contains("checkmate"),
        "the second file was not judged: {stdout}"
    );
}

/// A line that is not an event spoils only its own game: the games before and after it in the
/// same log are still judged, and the error names the line.
#[test]
fn judge_bad_jsonl_line_spoils_only_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.jsonl");
    std::fs::write(
        &path,
        concat!(
            "{\"type\":\"header\",\"white\":\"A\"}\n",
            "{\"type\":\"move\",\"uci\":\"e2e4\"}\n",
            "{\"type\":\"header\",\"white\":\"B\"}\n",
            "{\"type\":\"move\",\"uci\":\"d2d4\"}\n",
            "{\"type\":\"bogus\"}\n",
            "{\"type\":\"move\",\"uci\":\"d7d5\"}\n",
            "{\"type\":\"header\",\"white\":\"C\"}\n",
            "{\"type\":\"move\",\"uci\":\"c2c4\"}\n",
        ),
    )
    .unwrap();
    let out = arbiter(&["judge", "--format", "json", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("three.jsonl:5"), "{stderr}");
    assert!(stderr.contains("game 2"), "{stderr}");
    let verdicts: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let judged: Vec<(u64, &str)> = verdicts
        .iter()
        .map(|v| {
            (
                v["index"].as_u64().unwrap(),
                v["game"]["white"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(judged, [(1, "A"), (3, "C")]);
}

/// A binary file or stray text is not a PGN game: an error naming the file, exit status 1, and
/// no made-up "unfinished game" verdict.
#[test]
fn judge_binary_or_junk_pgn_is_unreadable_not_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("binary.pgn");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\x00\x00\x00 * garbage\n").unwrap();
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, "hello world\n").unwrap();
    for path in [&binary, &junk] {
        let out = arbiter(&["judge", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{path:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{path:?}: {:?}", out.stdout);
        assert!(stderr.contains(path.to_str().unwrap()), "{stderr}");
    }
}
