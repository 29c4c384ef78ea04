//! The binary answers `--help` and rejects unknown commands with exit status 2.

use std::process::Command;

fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

#[test]
fn help_lists_commands() {
    let out = arbiter().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for cmd in [
        "judge",
        "adjudicate",
        "winnable",
        "replay",
        "tournament",
        "pair",
    ] {
        assert!(text.contains(cmd), "--help lacks {cmd}: {text}");
    }
}

#[test]
fn unknown_command_is_usage_error() {
    let out = arbiter().arg("no-such-command").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn missing_file_error_names_the_os_error_once() {
    let out = arbiter()
        .args(["tournament", "standings", "/nonexistent/arbiter-state.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("os error 2").count(), 1, "stderr: {err}");
}
