//! Move texts as real PGN files write them (`fixtures/judge/move-texts.pgn`, each game's
//! `Comment` tag says what it shows): castling with zeros, promotion without `=`, full-square
//! disambiguation, a SAN made unambiguous by a pin, a null move, a movetext of a result alone;
//! and the record problems that stop judging (a SAN two pieces can play, a SAN no piece can
//! make, a token the reader skips), the same in `arbiter judge` and `arbiter replay`.
//! Expectations are hand-checked positions.

use std::process::Command;

use serde_json::{Value, json};

fn arbiter() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    c.env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    c
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/judge/move-texts.pgn");

fn json_lines(args: &[&str]) -> Vec<Value> {
    let out = arbiter().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn judged() -> Vec<Value> {
    let v = json_lines(&["judge", "--format", "json", FIXTURE]);
    assert_eq!(v.len(), 11, "{v:#?}");
    v
}

fn clean(v: &Value) {
    assert_eq!(v["illegal_moves"], json!([]), "{v:#}");
    assert_eq!(v["record_problems"], json!([]), "{v:#}");
    assert_eq!(v["moves_not_judged"], 0, "{v:#}");
}

#[test]
fn castling_with_zeros_with_check_and_mate() {
    let v = judged();
    clean(&v[0]);
    assert_eq!(v[0]["plies"], 10);
    assert_eq!(
        v[0]["final_fen"],
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 w - - 1 6"
    );
    clean(&v[1]);
    assert_eq!(v[1]["final_fen"], "3k4/8/8/8/8/8/8/2KR4 b - - 1 1");
    clean(&v[2]);
    assert_eq!(
        (&v[2]["result"], &v[2]["reason"], &v[2]["article"]),
        (&json!("1-0"), &json!("checkmate"), &json!("5.1.1"))
    );
    assert_eq!(v[2]["final_fen"], "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 1");
    assert_eq!(v[2]["reported"]["agrees"], true);
}

#[test]
fn promotion_without_equals_and_full_square_disambiguation() {
    let v = judged();
    clean(&v[3]);
    assert_eq!(
        (&v[3]["result"], &v[3]["reason"]),
        (&json!("1-0"), &json!("checkmate"))
    );
    assert_eq!(v[3]["final_fen"], "Q7/8/8/8/8/8/8/k1K5 b - - 0 1");
    clean(&v[4]);
    assert_eq!(v[4]["final_fen"], "4k2N/8/6N1/4N3/8/8/8/4K3 b - - 1 1");
}

#[test]
fn a_pinned_second_candidate_leaves_plain_san_exact() {
    let v = judged();
    clean(&v[5]);
    assert_eq!(
        v[5]["final_fen"],
        "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/5N2/PPPNPPPP/R1BQKB1R b KQkq - 3 3"
    );
}

#[test]
fn a_null_move_is_read_and_judged_as_not_moving_alternately() {
    let v = judged();
    let act = &v[6]["illegal_moves"][0];
    assert_eq!(act["move"], "--");
    assert_eq!(act["kind"], "null_move");
    assert_eq!(act["article"], "1.2");
    assert_eq!((&act["side"], &act["ply"]), (&json!("black"), &json!(2)));
    assert_eq!(v[6]["reported"]["agrees"], false);
}

#[test]
fn stopping_record_problems_name_the_ply_and_the_candidates() {
    let v = judged();
    assert_eq!(
        v[7]["record_problems"],
        json!([{"event_index": 4, "ply": 5, "move": "Nd2", "problem": "ambiguous_san",
                "candidates": ["b1d2", "f3d2"]}])
    );
    assert_eq!(
        (&v[7]["plies"], &v[7]["moves_not_judged"]),
        (&json!(4), &json!(2))
    );
    assert_eq!(
        v[8]["record_problems"],
        json!([{"event_index": 2, "ply": 3, "move": "Nd6", "problem": "unplayable_san"}])
    );
    assert_eq!(
        (&v[8]["plies"], &v[8]["moves_not_judged"]),
        (&json!(2), &json!(3))
    );
    assert_eq!(v[8]["illegal_moves"], json!([]));
    assert_eq!(
        v[9]["record_problems"],
        json!([{"event_index": 3, "ply": 4, "move": "Zz9", "problem": "unreadable_token"}])
    );
    assert_eq!(
        (&v[9]["plies"], &v[9]["moves_not_judged"]),
        (&json!(3), &json!(1))
    );
    // The next game goes on.
    assert_eq!(v[10]["plies"], 0);
}

#[test]
fn a_result_alone_is_a_game() {
    let v = judged();
    assert_eq!(v[10]["game"], json!({}));
    assert_eq!(v[10]["reported"]["result"], "1-0");
    assert_eq!(
        v[10]["final_fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn the_text_output_says_where_judging_stopped_and_why() {
    let out = arbiter().args(["judge", FIXTURE]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "record: Nd2 at ply 5 fits several legal moves (b1d2, f3d2), so it is not guessed: \
         judging stopped there, moves not judged: 2",
        "record: Nd6 at ply 3 is a move no piece on the board can make: judging stopped there, \
         moves not judged: 3",
        "record: \"Zz9\" at ply 4 cannot be read as a move (the PGN reader skips it): judging \
         stopped there, moves not judged: 1",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    let out = arbiter()
        .args(["judge", "--lang", "ru", FIXTURE])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "запись: Nd2 на полуходе 5 подходит нескольким допустимым ходам (b1d2, f3d2)"
        ),
        "{text}"
    );
}

/// `arbiter replay` puts the same record problems in its verdicts as `arbiter judge`.
#[test]
fn replay_reports_the_record_problems_as_judge_does() {
    let judged = judged();
    let replayed = json_lines(&["replay", "--format", "json", "--quiet", FIXTURE]);
    assert_eq!(replayed.len(), judged.len());
    for (j, r) in judged.iter().zip(&replayed) {
        for key in [
            "record_problems",
            "moves_not_judged",
            "plies",
            "final_fen",
            "illegal_moves",
        ] {
            assert_eq!(j[key], r[key], "{key}: {j:#} / {r:#}");
        }
    }
    let kinds: Vec<&str> = replayed[9]["discrepancies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"unreadable_token"), "{kinds:?}");
}

/// `arbiter judge` over every game of `../shared/data/pgn/` (real databases and python-chess's
/// edge cases): no false illegal move, no move text it cannot read or play. (The only record
/// problems are old games' ambiguous or inexact SAN in the immortal-games file.)
#[test]
#[ignore = "needs ../shared"]
fn judge_reads_all_shared_games_without_a_false_illegal_move() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut files: Vec<String> = Vec::new();
    for sub in ["", "/edge"] {
        for e in std::fs::read_dir(format!("{dir}{sub}")).expect("../shared/data/pgn present") {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "pgn") {
                files.push(path.display().to_string());
            }
        }
    }
    let mut args = vec!["judge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let verdicts = json_lines(&args);
    assert!(verdicts.len() > 16_000, "{}", verdicts.len());
    for v in &verdicts {
        assert_eq!(
            v["illegal_moves"],
            json!([]),
            "{} game {}",
            v["file"],
            v["index"]
        );
        for p in v["record_problems"].as_array().unwrap() {
            assert!(
                p["problem"] == "ambiguous_san" || p["problem"] == "inexact_san",
                "{} game {}: {p}",
                v["file"],
                v["index"]
            );
        }
    }
}

/// A FEN the standard forbids is refused in words with its article (never a library code such
/// as `opposite_check`), in English and Russian; fullmove number 0 is a warning and the game is
/// judged; the next game goes on after a refused one (exit status 1).
#[test]
fn fen_problems_are_said_in_words_with_the_article() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/fen-problems.pgn"
    );
    let out = arbiter()
        .args(["judge", "--format", "json", fixture])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "game 1 (byte offset 0): FEN tag: invalid FEN \"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1\": \
             the side not to move is in check (Laws 3.10.3: no series of legal moves can reach \
             this position)"
        ),
        "{err}"
    );
    assert!(!err.contains("opposite_check"), "{err}");
    assert!(
        err.contains(
            "game 2: warning: FEN: fullmove number 0: FEN counts moves from 1 (read as 1)"
        ),
        "{err}"
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["index"], 2);
    // 1.Rf8+ Kxf8 leaves the bare kings: dead position (Laws 5.2.2), the draw agrees.
    assert_eq!(
        (&v["result"], &v["reason"]),
        (&json!("1/2-1/2"), &json!("insufficient_material"))
    );
    assert_eq!(v["final_fen"], "5k2/8/8/8/8/8/8/4K3 w - - 0 2");
    let out = arbiter()
        .args(["judge", "--lang", "ru", fixture])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("под шахом сторона, которая не имеет хода (Правила 3.10.3"),
        "{err}"
    );
}

/// An empty input is "no game in the file" with exit status 1 in `judge`, as in `adjudicate`.
#[test]
fn an_empty_input_is_no_game_in_judge_as_in_adjudicate() {
    let dir = std::env::temp_dir().join(format!("arbiter-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "\n# only a comment\n").unwrap();
    for command in ["judge", "adjudicate"] {
        let out = arbiter().arg(command).arg(&empty).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("empty.jsonl: no game in the file"),
            "{command}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
