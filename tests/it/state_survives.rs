//! The event's database survives concurrent writers and killed writers: two CLI processes
//! adding players at once lose no update (each change one `BEGIN IMMEDIATE` transaction, the
//! others waiting their turn), and a writer SIGKILLed at random points always leaves an event
//! that loads as the old or the new state (SQLite's write-ahead log).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use arbiter::tournament::journal::{self, Act, Who};
use arbiter::tournament::{Player, Tournament, store};

/// A player added through the journal's one way in, by the library.
fn add(path: &Path, name: String) {
    let act = Act::new(Who::library(), "add-player", serde_json::json!({}));
    journal::apply(path, act, |t| -> Result<u16, Box<dyn std::error::Error>> {
        Ok(t.add_player(Player {
            name,
            ..Player::default()
        })?)
    })
    .unwrap();
}

fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

fn new_state(dir: &Path) -> PathBuf {
    let path = dir.join("event.arbiter");
    let out = arbiter()
        .args(["tournament", "new", "--name", "Race Open", "--rounds", "5"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    path
}

/// 2 × 20 `tournament add-player` commands in two parallel processes chains: all 40 players
/// are in the file at the end, with starting ranks 1 to 40.
#[test]
fn two_cli_processes_adding_players_lose_no_update() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_state(dir.path());
    let racers: Vec<_> = ["White", "Black"]
        .into_iter()
        .map(|side| {
            let path = path.clone();
            std::thread::spawn(move || {
                for i in 1..=20 {
                    let out = arbiter()
                        .args(["tournament", "add-player", "--name"])
                        .arg(format!("{side}, Player {i}"))
                        .arg(&path)
                        .output()
                        .unwrap();
                    assert!(out.status.success(), "{side} {i}: {out:?}");
                }
            })
        })
        .collect();
    for r in racers {
        r.join().unwrap();
    }
    let t = store::load(&path).unwrap();
    assert_eq!(t.players.len(), 40);
    let mut names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    names.sort_unstable();
    for side in ["White", "Black"] {
        for i in 1..=20 {
            let name = format!("{side}, Player {i}");
            assert!(names.binary_search(&name.as_str()).is_ok(), "{name} lost");
        }
    }
    let ranks: Vec<u16> = t.players.iter().map(|p| p.start_rank).collect();
    assert_eq!(ranks, (1..=40).collect::<Vec<u16>>());
}

/// Two threads of `journal::apply` on one file: no update lost either (the library path the
/// web page uses).
#[test]
fn concurrent_library_updates_lose_no_update() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.arbiter");
    store::save(&Tournament::new("Threads", 5), &path).unwrap();
    let workers: Vec<_> = (0..2)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                for i in 0..25 {
                    add(&path, format!("W{w} P{i}"));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    assert_eq!(store::load(&path).unwrap().players.len(), 50);
}

/// Set in the environment of the child process of [`killed_writer_leaves_old_or_new_state`].
const WRITER_ENV: &str = "ARBITER_TEST_KILLED_WRITER";

/// Not a test of its own: run as a child process with [`WRITER_ENV`] set, it adds players
/// `P1`, `P2`, … to the event through `journal::apply`, forever (until killed).
#[test]
fn killed_writer_child() {
    let Some(path) = std::env::var_os(WRITER_ENV) else {
        return;
    };
    let path = PathBuf::from(path);
    loop {
        let act = Act::new(Who::library(), "add-player", serde_json::json!({}));
        journal::apply(&path, act, |t| -> Result<u16, Box<dyn std::error::Error>> {
            let n = t.players.len() + 1;
            Ok(t.add_player(Player {
                name: format!("P{n}"),
                ..Player::default()
            })?)
        })
        .unwrap();
    }
}

/// A writer SIGKILLed at random points, 120 times: after each kill the file loads, holds
/// players `P1`…`Pk` exactly (a state some save wrote in full), and never fewer than after
/// the previous kill (the old state or a newer one, never a torn or lost one).
#[cfg(unix)]
#[test]
fn killed_writer_leaves_old_or_new_state() {
    let seed = std::env::var("ARBITER_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        });
    let mut rng = seed;
    let mut next = move || {
        // xorshift64
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.arbiter");
    store::save(&Tournament::new("Killed", 9), &path).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut last = 0;
    let mut grew = 0;
    for run in 0..120 {
        let mut child = Command::new(&exe)
            .args([
                "state_survives::killed_writer_child",
                "--exact",
                "--nocapture",
            ])
            .arg("--test-threads=1")
            .env(WRITER_ENV, &path)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(next() % 25_000));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let t = store::load(&path)
            .unwrap_or_else(|e| panic!("seed {seed}, run {run}: torn state file: {e}"));
        let k = t.players.len();
        // The start list ranks unrated players by name until round 1 is paired (`P10` before
        // `P2`), so the file holds `P1`…`Pk` in some order, with start ranks 1…k.
        let mut numbers: Vec<usize> = t
            .players
            .iter()
            .map(|p| p.name.trim_start_matches('P').parse().unwrap())
            .collect();
        numbers.sort_unstable();
        let mut ranks: Vec<usize> = t
            .players
            .iter()
            .map(|p| usize::from(p.start_rank))
            .collect();
        ranks.sort_unstable();
        let whole: Vec<usize> = (1..=k).collect();
        assert_eq!(numbers, whole, "seed {seed}, run {run}: names");
        assert_eq!(ranks, whole, "seed {seed}, run {run}: start ranks");
        assert!(
            k >= last,
            "seed {seed}, run {run}: {k} players after {last}"
        );
        grew += usize::from(k > last);
        last = k;
    }
    // The kills must have hit while writing, not only before the first save.
    assert!(grew > 10, "seed {seed}: only {grew} runs saved anything");
}
