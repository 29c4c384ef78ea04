//! Emulated e-boards for the live-link tests, no hardware needed: a DGT board on a
//! pseudo-terminal ([`dgt`]) and DGT LiveChess's WebSocket API on 127.0.0.1 ([`livechess`]),
//! each answering the link's requests as the real one does and replaying a real capture; and
//! the `arbiter` process under test ([`Run`]), bounded in time. Each test file compiles this
//! module on its own, so a helper one of them does not call is not dead code.
#![allow(dead_code)]

pub mod dgt;
pub mod livechess;
pub mod room;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The real DGT capture (`fixtures/eboard/dgt/1.inbytes`, arnsholt/dgtdriver's test
/// resource): one message a line, base64. Its messages, in order.
pub fn dgt_capture() -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/eboard/dgt/1.inbytes");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| arbiter::board::dgt::base64_decode(l.trim().as_bytes()).unwrap())
        .collect()
}

/// The moves of the same game (`1.uci`): UCI moves, the move numbers and the result left out.
pub fn dgt_capture_moves() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/eboard/dgt/1.uci");
    std::fs::read_to_string(&path)
        .unwrap()
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && t.starts_with(|c: char| ('a'..='h').contains(&c)))
        .map(str::to_owned)
        .collect()
}

/// The real LiveChess transcript (`fixtures/eboard/livechess/`), one frame a line.
pub fn livechess_transcript() -> Vec<serde_json::Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/eboard/livechess/lichess-dgt-boards-transcript.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Hex digits of bytes, as the DGT capture's JSON Lines write them.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An `arbiter` process under test: its standard output read line by line as it comes,
/// killed if the test ends before it does.
pub struct Run {
    child: Mutex<Option<Child>>,
    stdout: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<String>>,
}

impl Run {
    /// Starts `arbiter <args>` in the `C` locale.
    pub fn start(args: &[&str]) -> Run {
        Run::start_env(args, &[])
    }

    /// [`Run::start`] with these environment variables set too.
    pub fn start_env(args: &[&str], env: &[(&str, &str)]) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .envs(env.iter().copied())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "C")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = Arc::new(Mutex::new(Vec::new()));
        let lines = Arc::clone(&stdout);
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let text = Arc::clone(&stderr);
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                let mut t = text.lock().unwrap();
                t.push_str(&line);
                t.push('\n');
            }
        });
        Run {
            child: Mutex::new(Some(child)),
            stdout,
            stderr,
        }
    }

    /// The process's id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.lock().unwrap().as_ref().map(Child::id)
    }

    /// The standard output's lines so far.
    pub fn lines(&self) -> Vec<String> {
        self.stdout.lock().unwrap().clone()
    }

    /// The standard error so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Waits until `done` holds for the output so far, at most `limit`.
    pub fn wait_for(&self, limit: Duration, what: &str, done: impl Fn(&[String]) -> bool) {
        let start = Instant::now();
        while !done(&self.lines()) {
            if let Some(status) = self.exited() {
                panic!(
                    "arbiter exited ({status}) before {what}; stdout:\n{}\nstderr:\n{}",
                    self.lines().join("\n"),
                    self.stderr()
                );
            }
            assert!(
                start.elapsed() < limit,
                "no {what} within {limit:?}; stdout:\n{}\nstderr:\n{}",
                self.lines().join("\n"),
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn exited(&self) -> Option<std::process::ExitStatus> {
        let mut child = self.child.lock().unwrap();
        child.as_mut().and_then(|c| c.try_wait().ok().flatten())
    }

    /// Waits until the emulator has sent all (`sent` true) and `file` has not grown for a
    /// second (on a loaded machine the writer may pause for a few hundred ms), at most `limit`.
    pub fn wait_settled(&self, limit: Duration, file: &Path, sent: impl Fn() -> bool) {
        let lines = || std::fs::read_to_string(file).map_or(0, |t| t.lines().count());
        let start = Instant::now();
        let mut last = (lines(), Instant::now());
        loop {
            let now = lines();
            if now != last.0 {
                last = (now, Instant::now());
            }
            if sent() && last.1.elapsed() > Duration::from_secs(1) {
                return;
            }
            assert!(
                start.elapsed() < limit,
                "not settled within {limit:?}; stdout:\n{}\nstderr:\n{}",
                self.lines().join("\n"),
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The JSON lines of the output so far whose `type` is `kind`.
    pub fn of_type(&self, kind: &str) -> Vec<serde_json::Value> {
        self.lines()
            .iter()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["type"] == kind)
            .collect()
    }

    /// Waits at most `limit` for the process to end by itself; its exit code and output.
    pub fn wait_exit(self, limit: Duration) -> (Option<i32>, Vec<String>, String) {
        let mut child = self.child.lock().unwrap().take().unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > limit {
                let _ = child.kill();
                panic!(
                    "arbiter did not end within {limit:?}; stdout:\n{}\nstderr:\n{}",
                    self.lines().join("\n"),
                    self.stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        std::thread::sleep(Duration::from_millis(50));
        (status.code(), self.lines(), self.stderr())
    }

    /// Sends Ctrl-C (SIGINT) and waits at most 10 s for the process to end; its exit code.
    pub fn interrupt(self) -> (Option<i32>, Vec<String>, String) {
        let mut child = self.child.lock().unwrap().take().unwrap();
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("arbiter did not stop within 10 s of Ctrl-C");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // The readers end with the process's pipes.
        std::thread::sleep(Duration::from_millis(50));
        // BOARD_LIVE_SHOW=1: the outputs, for the docs' examples.
        if std::env::var_os("BOARD_LIVE_SHOW").is_some() {
            eprintln!("{}\n{}", self.lines().join("\n"), self.stderr());
        }
        (status.code(), self.lines(), self.stderr())
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.lock().unwrap().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
