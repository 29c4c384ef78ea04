//! `arbiter judge` through the binary: outputs, exit codes (0 judged, 1 unreadable input with
//! file and line, 2 usage) and the README's first command.

use std::io::Write;
use std::process::{Command, Stdio};

/// The binary in the `C` locale (English text whatever the developer's locale).
fn arbiter() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    c.env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    c
}

fn fixture(name: &str) -> String {
    format!("{}/fixtures/judge/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn judges_fixtures_as_json_lines() {
    let out = arbiter()
        .args(["judge", "--format", "json"])
        .arg(fixture("checkmate-fools-mate.jsonl"))
        .arg(fixture("games.pgn"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["result"], "0-1");
    assert_eq!(lines[0]["reason"], "checkmate");
    assert_eq!(lines[0]["index"], 1);
    assert_eq!(lines[2]["index"], 2);
    assert_eq!(lines[2]["reason"], "stalemate");
    for l in &lines {
        for key in ["result", "reason", "final_fen", "illegal_moves"] {
            assert!(l.get(key).is_some(), "missing {key}: {l}");
        }
    }
}

#[test]
fn text_output_and_stdin() {
    let mut child = arbiter()
        .args(["judge", "-", "--rules", "fide"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"resign\",\"by\":\"black\"}\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1-0 (resignation, Laws 5.1.2)"), "{text}");
}

#[test]
fn unreadable_event_names_file_and_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-judge-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.jsonl");
    std::fs::write(
        &bad,
        "{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"move\",\"uci\":\"e2e9\"}\n",
    )
    .unwrap();
    let out = arbiter()
        .arg("judge")
        .arg(&bad)
        .arg(fixture("checkmate-fools-mate.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.jsonl:2"), "{err}");
    assert!(err.contains("e2e9"), "{err}");
    // The other file was still judged.
    assert!(String::from_utf8_lossy(&out.stdout).contains("checkmate"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_file_and_usage_errors() {
    let out = arbiter()
        .args(["judge", "/no/such/file.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = arbiter().arg("judge").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter()
        .args(["judge", "--rules", "blitz", "x.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn binary_garbage_never_panics() {
    let dir = std::env::temp_dir().join(format!("arbiter-judge-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.pgn");
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    std::fs::write(&junk, bytes).unwrap();
    let out = arbiter().arg("judge").arg(&junk).output().unwrap();
    assert!(matches!(out.status.code(), Some(0) | Some(1)), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--lang ru` (or a Russian locale): the reason and its article in the competition's words;
/// JSON is the same in both languages.
#[test]
fn verdict_in_russian() {
    let text = |args: &[&str], lang: &str| {
        let out = arbiter()
            .env("LANG", lang)
            .arg("judge")
            .args(args)
            .arg(fixture("cr3.3-two-illegal-moves-lose.jsonl"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let ru = text(&["--lang", "ru"], "C");
    assert!(
        ru.contains("партия 1: Anna – Boris: 0-1 (два зафиксированных невозможных хода, ПС 3.3), полуходов: 4\n"),
        "{ru}"
    );
    assert!(
        ru.contains("  невозможный ход белых на полуходе 3: f1f4 (Правила 3.2), засчитан: по указанию противника\n"),
        "{ru}"
    );
    assert_eq!(text(&[], "ru_RU.UTF-8"), ru);
    // The trace in Russian: events and decisions from their notes.
    let trace = text(&["--lang", "ru", "--trace"], "C");
    assert!(
        trace.contains("    [3] полуход 3: ход f1f4 -> невозможный ход (слон пошёл не по диагонали); засчитывается, если замечен или заявлен до ответного хода (Правила 3.2)\n"),
        "{trace}"
    );
    assert!(
        trace.contains("    [4] полуход 2: заявление чёрных: невозможный ход -> обоснованно: заявлено до ответного хода: засчитан, восстановлена позиция перед ним (ПС 3.4)\n"),
        "{trace}"
    );
    let trace_en = text(&["--lang", "en", "--trace"], "C");
    assert!(
        trace_en.contains("    [3] ply 3: move f1f4 -> illegal (bishop_movement); counts if noticed or claimed before the reply (Laws 3.2)\n"),
        "{trace_en}"
    );
    assert!(text(&[], "C").contains("(two_illegal_moves, CR 3.3) after 4 plies"));
    assert_eq!(
        text(&["--format", "json", "--lang", "ru"], "C"),
        text(&["--format", "json", "--lang", "en"], "C")
    );
}

/// Touch-move (CR 3.8, Laws 4.3.1) and coercion (CR 4.6) findings in Russian: the claim names
/// its kind and explanation, the obligation and the effect are in Russian, no English words are
/// left in the text; English stays as before.
#[test]
fn touch_move_and_coercion_in_russian() {
    let text = |file: &str, args: &[&str]| {
        let out = arbiter()
            .env("LANG", "C")
            .arg("judge")
            .args(args)
            .arg(fixture(file))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let ru = text("cr3.8-touch-own-piece.jsonl", &["--lang", "ru", "--trace"]);
    for line in [
        "  заявление чёрных («тронул — ходи»): обоснованное — ход d2d4 заменяется: игрок должен пойти конём с g1 (Правила 4.3.1)\n",
        "  «тронул — ходи»: ход d2d4 (белых) заменён, игрок должен пойти конём с g1 (Правила 4.3.1)\n",
        "    [3] полуход 2: прикосновение к фигуре на g1 (белые) -> умышленное: обязывает, если соперник заявит «тронул — ходи» (Правила 4.3)\n",
    ] {
        assert!(ru.contains(line), "{ru}");
    }
    for english in ["move the", "touch g1", "deliberate", "replaced"] {
        assert!(!ru.contains(english), "{english}: {ru}");
    }
    let en = text("cr3.8-touch-own-piece.jsonl", &["--trace"]);
    assert!(
        en.contains("  touch-move: d2d4 by White replaced, the player must move the knight on g1 (Laws 4.3.1)\n"),
        "{en}"
    );
    assert!(
        en.contains(
            "[3] ply 2: touch g1 by white -> deliberate: binds if the opponent claims (Laws 4.3)\n"
        ),
        "{en}"
    );
    let ru = text(
        "cr4.6-coerced-resignation-scored.jsonl",
        &["--lang", "ru", "--trace"],
    );
    assert!(
        ru.contains("  давление (событие 3): признано недействительным: сдача; продолжить партию нельзя: 0-1 в пользу чёрных (ПС 4.6)\n"),
        "{ru}"
    );
    assert!(!ru.contains("is void"), "{ru}");
    let en = text("cr4.6-coerced-resignation-scored.jsonl", &[]);
    assert!(
        en.contains("the resignation is void and the game could not go on: scored 0-1 for black"),
        "{en}"
    );
}

/// A `Result` tag that contradicts the movetext's own termination marker is a discrepancy of
/// the judged game, as `arbiter replay` finds it in the same file (one check,
/// `PgnGame::result_tag_contradiction`, used by both): the tag (1-0) is the result checked,
/// the game does not agree, and the text names the contradiction in Russian and English.
#[test]
fn a_result_tag_contradicting_the_movetext_is_found_by_judge_as_by_replay() {
    let file = format!(
        "{}/fixtures/replay/result_tag_disagrees_with_movetext.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = arbiter()
        .args(["judge", "--format", "json", &file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reported"]["result"], "1-0");
    assert_eq!(v["reported"]["agrees"], false);
    assert_eq!(
        v["reported"]["discrepancies"],
        serde_json::json!(["result_tag_contradicts_movetext"])
    );
    // The tag and the marker agreeing: no discrepancy.
    let mut child = arbiter()
        .args(["judge", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reported"]["agrees"], true, "{v}");
    for (lang, words) in [
        ("en", "the Result tag contradicts the end of the moves"),
        (
            "ru",
            "тег Result противоречит результату в конце записи ходов",
        ),
    ] {
        let out = arbiter()
            .args(["judge", "--lang", lang, &file])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(words), "{lang}: {text}");
    }
}
