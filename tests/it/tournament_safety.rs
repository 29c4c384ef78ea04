//! Wrong data must not get in, through the binary: the start list by rating, the
//! checks on results from verdicts and by players, on manual pairings, the bounds of the event,
//! forbidden pairs, and the pairing list.

use crate::common;

use std::path::Path;

use common::{arbiter, fails, ok, result_by_verdict, tournament};

/// `arbiter tournament <args>` must exit with `code`; its standard error.
fn exits(code: i32, args: &[&str], dir: &Path) -> String {
    let out = tournament(args, dir);
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

fn state(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&crate::common::state_text(&dir.join("ev.json"))).unwrap()
}

/// A small event: players (name, rating) added in this order, round 1 paired by hand.
fn event(d: &Path, players: &[(&str, Option<u16>)], rounds: &str) {
    ok(&["new", "ev.json", "--name", "T", "--rounds", rounds], d);
    for (name, rating) in players {
        let r = rating.map(|r| r.to_string());
        let mut args = vec!["add-player", "ev.json", "--name", name];
        if let Some(r) = &r {
            args.extend(["--rating", r]);
        }
        ok(&args, d);
    }
}

/// 15 children, 4 rounds, added in rising rating order: the top-rated is start number 1 and
/// plays board 1 in round 1; the event ends after round 4 (no round 5, neither by `tournament
/// pair` nor by `arbiter pair` on the exported TRF).
#[test]
fn fifteen_players_four_rounds_seeded_by_rating() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        &["new", "ev.json", "--name", "Детский мат", "--rounds", "4"],
        d,
    );
    let names = [
        "Алексеев Антон",
        "Борисова Вера",
        "Васильев Глеб",
        "Григорьева Дарья",
        "Дмитриев Егор",
        "Ёлкина Жанна",
        "Жуков Захар",
        "Зайцева Ирина",
        "Иванов Кирилл",
        "Козлова Лиза",
        "Лебедев Марк",
        "Морозова Нина",
        "Николаев Олег",
        "Орлова Полина",
        "Петров Роман",
    ];
    for (i, n) in names.iter().enumerate() {
        let rating = (1000 + 50 * i).to_string();
        let out = ok(
            &["add-player", "ev.json", "--name", n, "--rating", &rating],
            d,
        );
        // Each new player is the strongest so far: start number 1.
        assert!(out.starts_with("player 1: "), "{out}");
    }
    let list = ok(&["start-list", "ev.json", "--format", "json"], d);
    let v: serde_json::Value = serde_json::from_str(&list).unwrap();
    assert_eq!(v["players"][0]["name"], "Петров Роман");
    assert_eq!(v["players"][0]["start_rank"], 1);
    assert_eq!(v["players"][14]["name"], "Алексеев Антон");
    for round in 1..=4 {
        let out = ok(&["pair", "ev.json", "--auto", "--format", "json"], d);
        let p: serde_json::Value = serde_json::from_str(&out).unwrap();
        let boards = p["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 7);
        if round == 1 {
            let b1 = &boards[0];
            assert!(b1["white"] == 1 || b1["black"] == 1, "{b1}");
        }
        for b in 1..=7 {
            let res = if b % 3 == 0 { "1/2-1/2" } else { "1-0" };
            ok(
                &[
                    "result",
                    "ev.json",
                    "--round",
                    &round.to_string(),
                    "--board",
                    &b.to_string(),
                    res,
                ],
                d,
            );
        }
    }
    let e = fails(&["pair", "ev.json", "--auto"], d);
    assert!(
        e.contains("round 5 cannot be paired: the event has only 4 round(s)"),
        "{e}"
    );
    let trf = ok(&["export", "ev.json"], d);
    std::fs::write(d.join("final.trf"), trf).unwrap();
    let out = arbiter(&["pair", "final.trf"], d);
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("all 4 round(s) of the event (XXR 4) are paired: there is no round 5"),
        "{e}"
    );
    // The list of round 1: board 1 has start number 1; the bye; who plays where.
    let json = ok(
        &["pairings", "ev.json", "--round", "1", "--format", "json"],
        d,
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["round"], 1);
    let b1 = &v["boards"][0];
    assert!(
        b1["white"]["start_rank"] == 1 || b1["black"]["start_rank"] == 1,
        "{b1}"
    );
    assert_eq!(b1["result"], "1-0");
    assert!(v["bye"]["name"].is_string(), "{v}");
    let text = ok(&["pairings", "ev.json", "--round", "2"], d);
    assert!(text.contains("Who plays where"), "{text}");
    let csv = ok(
        &["pairings", "ev.json", "--round", "2", "--format", "csv"],
        d,
    );
    assert_eq!(csv.lines().count(), 1 + 7 + 1, "{csv}");
    // The start list is frozen after round 1: a late entry gets the next number.
    let out = ok(
        &[
            "add-player",
            "ev.json",
            "--name",
            "Сергеев Семён",
            "--rating",
            "2000",
        ],
        d,
    );
    assert!(out.starts_with("player 16: "), "{out}");
    let e = fails(&["start-list", "ev.json", "--apply"], d);
    assert!(e.contains("the start list is frozen"), "{e}");
}

/// Before round 1 the ranking re-applies to byes already set; unrated after rated, title next.
#[test]
fn start_list_orders_rating_title_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, &[("Яна", None), ("Боря", Some(1200))], "4");
    ok(
        &[
            "bye", "ev.json", "--round", "1", "--player", "2", "--kind", "half",
        ],
        d,
    );
    ok(
        &[
            "add-player",
            "ev.json",
            "--name",
            "Аня",
            "--rating",
            "1200",
            "--title",
            "CM",
        ],
        d,
    );
    let v = state(d);
    let names: Vec<&str> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Аня", "Боря", "Яна"]);
    // Яна's half-point bye followed her to start number 3.
    assert_eq!(v["rounds"][0]["byes"][0]["player"], 3);
}

fn two_players(d: &Path, white: &str, black: &str) {
    event(d, &[(white, Some(1500)), (black, Some(1400))], "4");
    ok(&["pair", "ev.json", "--round", "1", "--game", "1-2"], d);
}

fn judge(d: &Path, fixture: &str, out: &str) {
    let game = format!("{}/fixtures/judge/{fixture}", env!("CARGO_MANIFEST_DIR"));
    let judged = arbiter(&["judge", &game, "--format", "json"], d);
    assert!(judged.status.success());
    std::fs::write(d.join(out), &judged.stdout).unwrap();
}

#[test]
fn a_verdict_for_other_players_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Fool's mate between Anna (White) and Boris (Black).
    judge(d, "checkmate-fools-mate.jsonl", "v.json");
    two_players(d, "Иванова Анна", "Петров Пётр");
    let e = fails(&result_by_verdict("v.json"), d);
    assert!(
        e.contains("round 1, board 1: the verdict is for \"Anna\" (White) - \"Boris\" (Black), but the board is 1 (Иванова Анна) (White) - 2 (Петров Пётр) (Black)"),
        "{e}"
    );
    // The same players with the colours reversed are refused as well.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    judge(d, "checkmate-fools-mate.jsonl", "v.json");
    two_players(d, "Boris", "Anna");
    let e = fails(&result_by_verdict("v.json"), d);
    assert!(e.contains("the verdict is for \"Anna\" (White)"), "{e}");
}

/// Fool's mate (Black wins) from an event log whose header spells the players otherwise than
/// the start list but gives their starting ranks (`white_start_rank`, `black_start_rank`).
fn judge_with_start_ranks(d: &Path, white: u16, black: u16) {
    let log = format!(
        "{{\"type\":\"header\",\"white\":\"Ivanova A.\",\"black\":\"Petrov P.\",\
         \"white_start_rank\":{white},\"black_start_rank\":{black}}}\n\
         {{\"type\":\"move\",\"uci\":\"f2f3\"}}\n{{\"type\":\"move\",\"uci\":\"e7e5\"}}\n\
         {{\"type\":\"move\",\"uci\":\"g2g4\"}}\n{{\"type\":\"move\",\"uci\":\"d8h4\"}}\n"
    );
    std::fs::write(d.join("game.jsonl"), log).unwrap();
    let judged = arbiter(&["judge", "game.jsonl", "--format", "json"], d);
    assert!(judged.status.success(), "{judged:?}");
    let v: serde_json::Value = serde_json::from_slice(&judged.stdout).unwrap();
    assert_eq!(v["game"]["white_start_rank"], white);
    assert_eq!(v["game"]["black_start_rank"], black);
    std::fs::write(d.join("v.json"), &judged.stdout).unwrap();
}

/// A verdict whose header names differ in spelling is matched by the starting ranks it carries;
/// a starting rank that is not the board's is refused (exit 1) even so.
#[test]
fn a_verdict_is_matched_by_start_rank() {
    let args = result_by_verdict("v.json");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    two_players(d, "Иванова Анна", "Петров Пётр");
    judge_with_start_ranks(d, 1, 2);
    let echo = ok(&args, d);
    assert_eq!(
        echo,
        "round 1, board 1: Иванова Анна (White) 0 – 1 Петров Пётр (Black)\n"
    );
    assert_eq!(state(d)["rounds"][0]["games"][0]["result"], "black_wins");

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    two_players(d, "Иванова Анна", "Петров Пётр");
    judge_with_start_ranks(d, 2, 1);
    let e = fails(&args, d);
    assert!(
        e.contains("round 1, board 1: the verdict is for \"Ivanova A.\" (White), start no. 2 - \"Petrov P.\" (Black), start no. 1, but the board is 1 (Иванова Анна) (White) - 2 (Петров Пётр) (Black)"),
        "{e}"
    );
    assert!(state(d)["rounds"][0]["games"][0]["result"].is_null());
    let mut ru = args.to_vec();
    ru.extend(["--lang", "ru"]);
    let e = fails(&ru, d);
    assert!(
        e.contains("1-й тур, доска 1: решение судьи относится к партии \"Ivanova A.\" (белые), стартовый № 2 - \"Petrov P.\" (чёрные), стартовый № 1, а на доске играют 1 (Иванова Анна) (белые) - 2 (Петров Пётр) (чёрные)"),
        "{e}"
    );
}

#[test]
fn a_file_of_several_verdicts_needs_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    judge(d, "checkmate-fools-mate.jsonl", "v.json");
    let one = std::fs::read_to_string(d.join("v.json")).unwrap();
    std::fs::write(d.join("two.json"), format!("{one}{one}")).unwrap();
    two_players(d, "Anna", "Boris");
    let by = |extra: &[&str]| {
        let mut a = result_by_verdict("two.json").to_vec();
        a.extend_from_slice(extra);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let args = by(&[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let e = fails(&args, d);
    assert!(
        e.contains("the file holds 2 verdicts; choose one with --index N (1 to 2)"),
        "{e}"
    );
    let args = by(&["--index", "3"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let e = fails(&args, d);
    assert!(e.contains("--index 3: the file holds 2 verdict(s)"), "{e}");
    let args = by(&["--index", "2"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = ok(&args, d);
    assert_eq!(
        out.trim(),
        "round 1, board 1: Anna (White) 0 – 1 Boris (Black)"
    );
}

/// CR 4.2: the players report 1-0 "checkmate", the board shows no mate. Not recorded without
/// the arbiter's decision; a decision other than the verdict's result overrides the judge and
/// needs the arbiter's reason; the record keeps the verdict, the decision and the reason.
#[test]
fn a_disagreeing_verdict_needs_the_arbiters_decision() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    judge(d, "cr4.2-reported-mate-not-mate.jsonl", "v.json");
    two_players(d, "Anna", "Boris");
    let args = result_by_verdict("v.json");
    let e = fails(&args, d);
    assert!(
        e.contains("the reported result 1-0 disagrees with the board (reported_ending_not_on_board, shown_position_differs; CR 4.2); decide the result with --decide RESULT"),
        "{e}"
    );
    assert!(state(d)["rounds"][0]["games"][0]["result"].is_null());
    let e = fails(&[&args[..], &["--decide", "1/2-1/2"]].concat(), d);
    assert!(
        e.contains("round 1, board 1: the judge gives 1-0; recording ½-½ instead overrides it and needs the arbiter's reason (--override-reason TEXT)"),
        "{e}"
    );
    let e = fails(
        &[&args[..], &["--decide", "1/2-1/2", "--lang", "ru"]].concat(),
        d,
    );
    assert!(
        e.contains("1-й тур, доска 1: по решению судьи результат 1-0; записать вместо него ½-½ можно только с причиной"),
        "{e}"
    );
    assert!(state(d)["rounds"][0]["games"][0]["result"].is_null());
    let out = ok(
        &[
            &args[..],
            &[
                "--decide",
                "1/2-1/2",
                "--override-reason",
                "the players agreed a draw before the mate was claimed",
            ],
        ]
        .concat(),
        d,
    );
    assert_eq!(
        out.trim(),
        "round 1, board 1: Anna (White) ½ – ½ Boris (Black)"
    );
    let g = &state(d)["rounds"][0]["games"][0];
    assert_eq!(g["result"], "draw");
    assert_eq!(g["judged"]["verdict_result"], "white_wins");
    assert_eq!(g["judged"]["reported"], "1-0");
    assert_eq!(g["judged"]["agrees"], false);
    assert_eq!(g["judged"]["decided"], "draw");
    assert_eq!(
        g["judged"]["override_reason"],
        "the players agreed a draw before the mate was claimed"
    );
    assert_eq!(
        g["judged"]["discrepancies"],
        serde_json::json!(["reported_ending_not_on_board", "shown_position_differs"])
    );
}

/// `--game A-B`: White first, the result in board colours, echoed by name and colour.
#[test]
fn a_result_by_players_says_who_got_what() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    two_players(d, "Иванова Анна", "Петров Пётр");
    let e = fails(
        &["result", "ev.json", "--round", "1", "--game", "2-1", "1-0"],
        d,
    );
    assert!(
        e.contains("--game 2-1 does not match the board: board 1 is 1-2 (Иванова Анна White, Петров Пётр Black); give --game 1-2 (White first)"),
        "{e}"
    );
    let out = ok(
        &["result", "ev.json", "--round", "1", "--game", "1-2", "0-1"],
        d,
    );
    assert_eq!(
        out.trim(),
        "round 1, board 1: Иванова Анна (White) 0 – 1 Петров Пётр (Black)"
    );
}

fn four_after_round_one(d: &Path) {
    event(
        d,
        &[
            ("A", Some(1800)),
            ("B", Some(1700)),
            ("C", Some(1600)),
            ("D", Some(1500)),
        ],
        "4",
    );
    ok(
        &[
            "pair", "ev.json", "--round", "1", "--game", "1-3", "--game", "4-2",
        ],
        d,
    );
    ok(
        &["result", "ev.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    ok(
        &["result", "ev.json", "--round", "1", "--board", "2", "0-1"],
        d,
    );
}

#[test]
fn a_rematch_is_refused_unless_forced_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    four_after_round_one(d);
    let rematch = [
        "pair", "ev.json", "--round", "2", "--game", "3-1", "--game", "2-4",
    ];
    let e = fails(&rematch, d);
    assert!(
        e.contains("round 2: manual pairing refused: rematch: 3 (C) and 1 (A) have already played each other; rematch: 2 (B) and 4 (D) have already played each other; pair them differently, or force it with --force --reason TEXT"),
        "{e}"
    );
    assert_eq!(state(d)["rounds"].as_array().unwrap().len(), 1);
    // --force alone is a usage error (exit 2): it needs a reason.
    exits(2, &[&rematch[..], &["--force"]].concat(), d);
    let out = tournament(
        &[
            &rematch[..],
            &["--force", "--reason", "only two boards left"],
        ]
        .concat(),
        d,
    );
    assert!(out.status.success());
    let warn = String::from_utf8_lossy(&out.stderr);
    assert!(
        warn.contains("warning: round 2: forced manual pairing: rematch: 3 (C) and 1 (A)"),
        "{warn}"
    );
    assert!(
        warn.contains("warning: round 2: the Dutch pairer would pair "),
        "{warn}"
    );
    let forced = &state(d)["rounds"][1]["forced"];
    assert_eq!(forced["reason"], "only two boards left");
    assert_eq!(forced["problems"].as_array().unwrap().len(), 2);
}

#[test]
fn a_partial_round_or_a_player_paired_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    four_after_round_one(d);
    let e = fails(&["pair", "ev.json", "--round", "2", "--game", "1-2"], d);
    assert!(
        e.contains(
            "manual pairing refused: not paired, without bye and not marked absent: 3 (C), 4 (D)"
        ),
        "{e}"
    );
    let e = fails(
        &[
            "pair", "ev.json", "--round", "2", "--game", "1-2", "--game", "1-4",
        ],
        d,
    );
    assert!(
        e.contains("round 2: player 1 is paired more than once"),
        "{e}"
    );
    // An absent player (zero-point bye) is not left out.
    ok(
        &[
            "bye", "ev.json", "--round", "2", "--player", "3", "--kind", "zero",
        ],
        d,
    );
    ok(
        &[
            "bye", "ev.json", "--round", "2", "--player", "4", "--kind", "half",
        ],
        d,
    );
    ok(&["pair", "ev.json", "--round", "2", "--game", "1-2"], d);
}

#[test]
fn bounds_of_the_event() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let e = exits(2, &["new", "ev.json", "--name", "T", "--rounds", "0"], d);
    assert!(e.contains("--rounds"), "{e}");
    four_after_round_one(d);
    let e = fails(
        &["withdraw", "ev.json", "--player", "1", "--from-round", "5"],
        d,
    );
    assert!(
        e.contains("withdrawal in round 5: the event has rounds 1 to 4"),
        "{e}"
    );
    let e = fails(
        &["disqualify", "ev.json", "--player", "1", "--round", "5"],
        d,
    );
    assert!(
        e.contains("disqualification in round 5: the event has rounds 1 to 4"),
        "{e}"
    );
    let e = fails(
        &[
            "add-player",
            "ev.json",
            "--name",
            "E",
            "--birth-date",
            "2015/02/30",
        ],
        d,
    );
    assert!(
        e.contains("birth date \"2015/02/30\" is not a real date written DD.MM.YYYY or YYYY/MM/DD"),
        "{e}"
    );
    ok(
        &[
            "add-player",
            "ev.json",
            "--name",
            "E",
            "--birth-date",
            "2016/02/29",
        ],
        d,
    );
    std::fs::write(
        d.join("h.jsonl"),
        "{\"type\":\"move\",\"uci\":\"e2e4\",\"hands\":7}\n",
    )
    .unwrap();
    let out = arbiter(&["judge", "h.jsonl"], d);
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("\"hands\": 7 — a move is made with 1 or 2 hands"),
        "{e}"
    );
}

#[test]
fn forbidden_pairs_reach_the_pairer_and_the_trf() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(
        d,
        &[
            ("A", Some(1800)),
            ("B", Some(1700)),
            ("C", Some(1600)),
            ("D", Some(1500)),
        ],
        "3",
    );
    let out = ok(
        &[
            "forbid",
            "ev.json",
            "--players",
            "1,3",
            "--reason",
            "siblings",
        ],
        d,
    );
    assert_eq!(out.trim(), "forbidden pair: 1, 3 (siblings)");
    let e = fails(&["forbid", "ev.json", "--players", "1,9"], d);
    assert!(e.contains("no player with starting rank 9"), "{e}");
    let trf = ok(&["export", "ev.json"], d);
    // TRF-2026 record 260, every round of the event (1 to 3).
    assert!(trf.contains("\n260 001 003    1    3\n"), "{trf}");
    std::fs::write(d.join("ev.trf"), &trf).unwrap();
    let out = arbiter(&["pair", "ev.trf", "--explain"], d);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("# forbidden: 1, 3 must not meet"), "{text}");
    let e = fails(
        &[
            "pair", "ev.json", "--round", "1", "--game", "1-3", "--game", "2-4",
        ],
        d,
    );
    assert!(e.contains("1 (A) and 3 (C) are a forbidden pair"), "{e}");
    let text = ok(&["pair", "ev.json", "--auto"], d);
    assert!(text.contains("forbidden: 1, 3 must not meet"), "{text}");
    let v = state(d);
    // The pairer's explanation is kept with the round it paired.
    assert!(
        v["rounds"][0]["explanation"]["boards"][0]["colour_rule"].is_string(),
        "{v}"
    );
    assert!(
        v["rounds"][0]["explanation"]["forbidden"][0]
            .as_str()
            .is_some_and(|f| f.contains("1, 3 must not meet")),
        "{v}"
    );
    for b in v["rounds"][0]["games"].as_array().unwrap() {
        let pair = (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap());
        assert!(pair != (1, 3) && pair != (3, 1), "{v}");
    }
    assert_eq!(state(d)["forbidden"][0]["reason"], "siblings");
}
