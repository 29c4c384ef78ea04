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
        "check",
        "generate",
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

/// A reader that closes the pipe (`arbiter … | head`, `2>&1 | head`) ends the run without a
/// panic (exit status 101): on standard output the run stops quietly, on standard error the
/// messages are dropped and the exit status still says 1 for the unreadable input.
#[test]
#[ignore = "needs ../shared"]
fn closed_pipes_never_panic() {
    let trf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/pairing/seed-05-n17/round-3.trf"
    );
    for format in ["text", "json", "trf"] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let status = arbiter()
            .args(["pair", trf, "--explain", "--format", format])
            .stdout(writer)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "pair --format {format}");
    }
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "not an event\n").unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let status = arbiter()
        .arg("judge")
        .arg(&bad)
        .stdout(std::process::Stdio::null())
        .stderr(writer)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
}

/// The board stability rule's K and T must make sense: K ≥ 1 placements, T a finite number of
/// seconds ≥ 0; anything else is a usage error (exit 2), never a silent misreading.
#[test]
fn board_stability_options_are_checked() {
    for (flag, value) in [
        ("--board-seconds", "-1"),
        ("--board-seconds", "NaN"),
        ("--board-seconds", "inf"),
        ("--board-snapshots", "0"),
    ] {
        let out = arbiter()
            .args(["judge", "--input", "board", flag, value, "x.jsonl"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {out:?}");
    }
}

/// `adjudicate --lang ru`: the result and the rule that decided, in Russian; `--lang` takes
/// only `ru` or `en` (a usage error otherwise); JSON is the same in both languages.
#[test]
fn adjudication_in_russian() {
    let run = |args: &[&str]| {
        let out = arbiter()
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "C")
            .args(["adjudicate", "--fen", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"])
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, ru) = run(&["--lang", "ru"]);
    assert_eq!(code, Some(0));
    assert!(ru.contains("итог:           1-0\n"), "{ru}");
    assert!(
        ru.contains(
            "основание:      перевес против одинокого короля (ПС 4.3, наименьший перевес для выигрыша против короля (одного или с пешками): 3)\n"
        ),
        "{ru}"
    );
    // Every rule tried, in Russian too (no pointer to the English notes).
    assert!(
        ru.contains("  правило 7 [ПС 4.3, наименьший перевес для выигрыша против короля (одного или с пешками): 3] решило: у белых перевес 9 против одинокого короля и достаточно материала для мата\n"),
        "{ru}"
    );
    assert!(
        ru.contains(
            "  правило 4 [ПС 4.3, глубина поиска мата, полуходов: 5] -: форсированного мата в пределах 5 полуходов нет\n"
        ),
        "{ru}"
    );
    assert!(!ru.contains("--lang en"), "{ru}");
    let (_, en) = run(&[]);
    assert!(
        en.contains("basis:          lone-king rule (CR 4.3, lone_king_margin=3)\n"),
        "{en}"
    );
    assert!(
        en.contains("  rule 7 [CR 4.3, lone_king_margin=3] decided: White is 9 up against a lone king with mating potential\n"),
        "{en}"
    );
    assert_eq!(
        run(&["--format", "json", "--lang", "ru"]),
        run(&["--format", "json", "--lang", "en"])
    );
    assert_eq!(run(&["--lang", "de"]).0, Some(2));
}

/// Pawn-ending findings (adjudication rule 5) in Russian: K+P v K with f2 and g2 against the
/// king on e8 — the king on g1 reaches a key square of the pawn on f2 (a hand-checked win), the
/// other pawn aside; no English rule text is left in the Russian lines; English is unchanged.
#[test]
fn pawn_ending_in_russian() {
    let run = |fen: &str, lang: &str| {
        let out = arbiter()
            .env("LANG", "C")
            .args(["adjudicate", "--fen", fen, "--lang", lang])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let fen = "4k3/8/8/8/8/8/5PP1/6K1 w - - 0 1";
    let ru = run(fen, "ru");
    assert!(
        ru.contains("решило: Кр+п против Кр: король с g1 занимает ключевое поле пешки f2 (оппозиция) (не считая остальных пешек)\n"),
        "{ru}"
    );
    assert!(
        ru.contains("  правило 5 [ПС 4.3, пешечные окончания: ключевые поля] решило: "),
        "{ru}"
    );
    assert!(
        ru.contains("  правило 5 [ПС 4.3, известные ничейные позиции] -: "),
        "{ru}"
    );
    for english in [
        "K+P v K",
        "the king on",
        "other pawns aside",
        "pawn endings",
        "known drawn",
        "configurable",
    ] {
        assert!(!ru.contains(english), "{english}: {ru}");
    }
    assert!(
        run(fen, "en").contains("decided: K+P v K: the king on g1 reaches a key square of the pawn on f2 (opposition) (the other pawns aside)\n")
    );
    // A rook pawn: the defending king reaches the corner (a hand-checked draw).
    let ru = run("8/5k2/8/8/8/8/P7/K7 w - - 0 1", "ru");
    assert!(
        ru.contains("решило: Кр+ладейная пешка против Кр: король с f7 успевает в угол a8\n"),
        "{ru}"
    );
}
