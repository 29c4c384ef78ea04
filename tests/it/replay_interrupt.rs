//! Interrupted runs lose nothing: `replay -o FILE` writes through `FILE.partial` and renames it
//! at the end, so a run killed half-way leaves no FILE; `--resume` goes on from the partial
//! file (even one whose last record stops half-way) to the output of an uninterrupted run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The shared sample of real PGN, `copies` times under distinct names (symbolic links in
/// `dir`; `--resume` knows games by file name and index): a large input, ~16k games a copy.
fn large_input(dir: &Path, copies: usize) -> Vec<String> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pgn");
    let mut files: Vec<_> = std::fs::read_dir(&shared)
        .expect("../shared/data/pgn beside the checkout")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut inputs = Vec::new();
    for copy in 0..copies {
        for file in &files {
            let link = dir.join(format!("{copy}-{}", file.file_name().unwrap().display()));
            std::os::unix::fs::symlink(file.canonicalize().unwrap(), &link).unwrap();
            inputs.push(link.display().to_string());
        }
    }
    inputs
}

fn replay(args: &[&str], inputs: &[String]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.arg("replay")
        .args(["--format", "jsonl", "--quiet", "--jobs", "1"])
        .args(args)
        .args(inputs)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

#[test]
#[ignore = "needs ../shared"]
fn a_killed_run_leaves_no_output_and_resume_completes_it() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = large_input(dir.path(), 30);
    let whole = dir.path().join("whole.jsonl");
    let out = dir.path().join("out.jsonl");
    let partial = dir.path().join("out.jsonl.partial");
    let status = replay(&["-o", whole.to_str().unwrap()], &inputs)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        !dir.path().join("whole.jsonl.partial").exists(),
        "renamed at the end"
    );
    let want = std::fs::read(&whole).unwrap();

    let mut child = replay(&["-o", out.to_str().unwrap()], &inputs)
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&partial).map_or(0, |m| m.len()) < (1 << 20) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no output in 2 min"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    let _ = child.wait();
    let cut = std::fs::read(&partial).unwrap();
    assert!(
        cut.len() < want.len(),
        "the run was killed before its end ({} of {} bytes)",
        cut.len(),
        want.len()
    );
    assert!(!out.exists(), "a killed run leaves no output file");
    assert_eq!(cut[..], want[..cut.len()], "the partial file is a prefix");

    // Whatever the kill cut (here also a record cut on purpose), --resume completes the run.
    let cut_mid_record = cut.len() - 7;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&partial)
        .unwrap()
        .set_len(cut_mid_record as u64)
        .unwrap();
    let status = replay(&["-o", out.to_str().unwrap(), "--resume"], &inputs)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(!partial.exists());
    let got = std::fs::read(&out).unwrap();
    assert!(got == want, "the resumed output is the uninterrupted one");

    // Resuming a finished output changes nothing.
    let status = replay(&["-o", out.to_str().unwrap(), "--resume"], &inputs)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(std::fs::read(&out).unwrap() == want);
}

/// Ctrl-C (SIGINT) on `replay -o FILE`: the run says how far it got (games, last file and
/// game) and that `--resume` goes on, exits with 130, leaves whole records only, and the
/// resumed output is the uninterrupted one.
#[test]
#[ignore = "needs ../shared"]
fn ctrl_c_says_how_far_the_run_got_and_resume_completes_it() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = large_input(dir.path(), 10);
    let whole = dir.path().join("whole.jsonl");
    let out = dir.path().join("out.jsonl");
    let partial = dir.path().join("out.jsonl.partial");
    let status = replay(&["-o", whole.to_str().unwrap()], &inputs)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let want = std::fs::read(&whole).unwrap();

    let child = replay(&["-o", out.to_str().unwrap()], &inputs)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&partial).map_or(0, |m| m.len()) < (1 << 20) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no output in 2 min"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let done = child.wait_with_output().unwrap();
    assert_eq!(done.status.code(), Some(130), "128 + SIGINT");
    let stderr = String::from_utf8(done.stderr).unwrap();

    let cut = std::fs::read(&partial).unwrap();
    assert!(!out.exists(), "an interrupted run leaves no output file");
    assert!(cut.len() < want.len(), "interrupted before the end");
    assert_eq!(cut.last(), Some(&b'\n'), "whole records only");
    assert_eq!(cut[..], want[..cut.len()], "the partial file is a prefix");
    let rows: Vec<serde_json::Value> = cut
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let last = rows.last().unwrap();
    let expected = format!(
        "arbiter replay: interrupted (Ctrl-C) after {} games; the last one: {}, game {}.\n\
         The output so far is in {}: run the same command with --resume to go on.\n",
        rows.len(),
        last["file"].as_str().unwrap(),
        last["index"].as_u64().unwrap(),
        partial.display()
    );
    assert_eq!(stderr, expected);

    let status = replay(&["-o", out.to_str().unwrap(), "--resume"], &inputs)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(!partial.exists());
    assert!(
        std::fs::read(&out).unwrap() == want,
        "the resumed output is the uninterrupted one"
    );
}
