//! Helpers shared by the tests that run the `arbiter` binary on a tournament file in a
//! scratch folder (`tournament_cli`, `tournament_fixes`). Each test file compiles this module
//! on its own, so a helper one of them does not call is not dead code.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// The path of `rel` (starting with `/`) below the crate root, e.g.
/// `crate_path!("/../shared/vectors/pairing/seed-05-n17/final.trf")`.
#[macro_export]
macro_rules! crate_path {
    ($rel:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), $rel)
    };
}

/// `arbiter <args>` run in `dir` in the `C` locale (English text output whatever the
/// developer's locale), its output captured.
pub fn arbiter(args: &[&str], dir: &Path) -> Output {
    arbiter_in_locale(args, dir, "C")
}

/// `arbiter <args>` run in `dir` with `LANG=lang` (and no `LC_ALL` / `LC_MESSAGES`).
pub fn arbiter_in_locale(args: &[&str], dir: &Path, lang: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .unwrap()
}

/// `arbiter tournament <args>` run in `dir`.
pub fn tournament(args: &[&str], dir: &Path) -> Output {
    let mut all = vec!["tournament"];
    all.extend_from_slice(args);
    arbiter(&all, dir)
}

/// The standard output of `arbiter tournament <args>`, which must succeed (the failure message
/// shows its standard error).
pub fn ok(args: &[&str], dir: &Path) -> String {
    let out = tournament(args, dir);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The standard error of `arbiter tournament <args>`, which must exit with status 1 (input
/// that could not be used).
pub fn fails(args: &[&str], dir: &Path) -> String {
    let out = tournament(args, dir);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

/// `tournament result ev.json --round 1 --board 1 --verdict FILE`: board 1 of round 1 recorded
/// from a judged verdict.
pub fn result_by_verdict(file: &str) -> [&str; 8] {
    [
        "result",
        "ev.json",
        "--round",
        "1",
        "--board",
        "1",
        "--verdict",
        file,
    ]
}

/// `arbiter serve <args>` started in `dir` with its standard output piped, and the first line
/// it prints (the address to open, as its only `http://` word): the running server and that
/// line. The caller stops the server.
pub fn serve_first_line(args: &[&str], dir: &Path) -> (std::process::Child, String) {
    serve_first_line_env(args, dir, &[])
}

/// [`serve_first_line`] with `env` (name, value) set for the server (`TZ`, …).
pub fn serve_first_line_env(
    args: &[&str],
    dir: &Path,
    env: &[(&str, &str)],
) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line)
}

/// The `HOST:PORT` of the `http://HOST:PORT/` word of a line ([`serve_first_line`]).
pub fn served_addr(line: &str) -> String {
    line.split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string()
}

/// The event at `path` (its database, or a state file) as a state file of the JSON format held
/// it: what `tournament export --format json` writes.
pub fn state_text(path: &Path) -> String {
    let t = arbiter::tournament::store::load(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::to_string_pretty(&t).unwrap() + "\n"
}

/// The event at `path` and the number of its journal entries: equal before and after a
/// refused change, which writes nothing.
pub fn snapshot(path: &Path) -> String {
    let entries = arbiter::tournament::journal::read(path).unwrap().len();
    format!("{}journal entries: {entries}\n", state_text(path))
}
