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
        ru.contains("  невозможный ход белых на полуходе 3: f1f4 — слон пошёл не по диагонали (Правила 3.2), засчитан: по указанию противника\n"),
        "{ru}"
    );
    assert_eq!(text(&[], "ru_RU.UTF-8"), ru);
    // English text in words as well: no kind, status or reason by its JSON name.
    let en = text(&["--lang", "en"], "C");
    assert!(
        en.contains("  illegal move at ply 3 by White: f1f4 — a bishop moved other than along a diagonal (Laws 3.2), counted, claimed by the opponent\n"),
        "{en}"
    );
    for name in ["bishop_movement", "counted_claimed", "two_illegal_moves"] {
        assert!(!en.contains(name) && !ru.contains(name), "{name}: {en}{ru}");
    }
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
    assert!(text(&[], "C").contains("(two counted illegal moves, CR 3.3) after 4 plies"));
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

/// A real DGT capture (`../shared/data/eboard/dgt/1.inbytes`, the copy in fixtures/eboard
/// without ../shared).
fn dgt_capture(name: &str) -> String {
    let shared = format!(
        "{}/../shared/data/eboard/dgt/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::path::Path::new(&shared).exists() {
        shared
    } else {
        format!("{}/fixtures/eboard/dgt/{name}", env!("CARGO_MANIFEST_DIR"))
    }
}

#[test]
fn pgn_of_a_real_dgt_game_is_its_57_plies_with_the_clock() {
    use arbiter::formats::pgn::PgnReader;
    use shakmaty::{Chess, Position};
    let out = arbiter()
        .args(["judge", "--format", "pgn", "--lang", "en"])
        .arg(dgt_capture("1.inbytes"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for tag in [
        "[Event \"?\"]",
        "[Site \"?\"]",
        "[Date \"????.??.??\"]",
        "[Round \"?\"]",
        "[White \"?\"]",
        "[Black \"?\"]",
        "[Result \"*\"]",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    // Read back: the SAN mainline is the 57 plies of 1.uci.
    let games: Vec<_> = PgnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 1);
    let mut pos = Chess::default();
    let mut uci = Vec::new();
    for san in &games[0].moves {
        let m = san.to_move(&pos).unwrap();
        uci.push(m.to_uci(shakmaty::CastlingMode::Standard).to_string());
        pos.play_unchecked(m);
    }
    let expected: Vec<String> = std::fs::read_to_string(dgt_capture("1.uci"))
        .unwrap()
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && *w != "*")
        .map(str::to_owned)
        .collect();
    assert_eq!(uci, expected);
    // A clock time after every move, the mover's, from the clock messages: a 3-minute game
    // (the first press leaves White 3:01 with the increment), times falling to Black's 1:50.
    let clocks: Vec<&str> = text
        .split("[%clk ")
        .skip(1)
        .map(|s| &s[..s.find(']').unwrap()])
        .collect();
    assert_eq!(clocks.len(), 57);
    assert_eq!(clocks[0], "0:03:01");
    assert_eq!(clocks[1], "0:03:03");
    assert_eq!(clocks[56], "0:01:49");
    // The verdict closes the movetext: unfinished (the capture stops mid-game).
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.ends_with("29. Bf6 {[%clk 0:01:49]} {the arbiter's verdict: * (game unfinished)} *"),
        "{text}"
    );
}

#[test]
fn pgn_comments_give_illegal_acts_claims_and_touches_in_the_games_language() {
    let out = arbiter()
        .args(["judge", "--format", "pgn", "--lang", "ru"])
        .arg(fixture("cr3.1-piece-added.jsonl"))
        .arg(fixture("cr3.8-touch-own-piece.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // Two games, a blank line between them.
    assert_eq!(text.matches("*\n\n[Event ").count(), 1, "{text}");
    // Lines are wrapped at 80 characters: compare with single spaces.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let games: Vec<&str> = text.split("* [Event").collect();
    assert_eq!(games.len(), 2, "{text}");
    // The header's players and round in the tags.
    assert!(games[0].contains("[White \"Anna\"]") && games[0].contains("[Round \"1\"]"));
    // White's d4 added to the board, claimed by Black: counted, the position restored, so the
    // mainline goes on with 2. Nf3 (CR 3.1, 3.4).
    assert!(
        games[0].contains(
            "1. e4 e5 {невозможный ход белых на полуходе 3: d4, на доску добавлена фигура (ПС"
        ),
        "{}",
        games[0]
    );
    assert!(games[0].contains("заявление чёрных (невозможный ход): обоснованное"));
    assert!(games[0].ends_with("2. Nf3 {решение судьи: * (партия не окончена)} "));
    // The touch and the touch-move claim after 1... e5, before 2. Nf3 replaced d2d4.
    assert!(
        games[1].contains("Белые тронули фигуру на g1 (Правила 4.3)"),
        "{}",
        games[1]
    );
    assert!(!text.contains("piece_added") && !text.contains("touch_move"));
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
