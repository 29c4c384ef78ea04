//! `arbiter tournament` through the binary: a short event, the clear errors, TRF export.

use crate::common;

use std::path::Path;

use common::{arbiter, fails, ok, result_by_verdict};

#[test]
fn a_short_event() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "Detsky mat"], d);
    for n in ["Anna", "Boris", "Chen", "Dina", "Emil"] {
        ok(&["add-player", "ev.json", "--name", n], d);
    }
    ok(
        &[
            "pair", "ev.json", "--round", "1", "--game", "1-3", "--game", "4-2", "--bye", "5",
        ],
        d,
    );
    ok(
        &["result", "ev.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    let e = fails(
        &[
            "result", "ev.json", "--round", "1", "--game", "1-3", "1/2-1/2",
        ],
        d,
    );
    assert!(e.contains("result 1-0 already recorded"), "{e}");
    // `--game A-B` names White first: the other order is refused, naming the board's order.
    let e = fails(
        &[
            "result", "ev.json", "--round", "1", "--game", "3-1", "1/2-1/2",
        ],
        d,
    );
    assert!(
        e.contains("board 1 is 1-3 (Anna White, Chen Black); give --game 1-3"),
        "{e}"
    );
    let e = fails(
        &["result", "ev.json", "--round", "1", "--board", "3", "1-0"],
        d,
    );
    assert!(e.contains("round 1: no game on board 3"), "{e}");
    ok(
        &["result", "ev.json", "--round", "1", "--board", "2", "0-1"],
        d,
    );
    ok(
        &["withdraw", "ev.json", "--player", "3", "--from-round", "2"],
        d,
    );
    // bbpPairings output format for round 2: 3 is out.
    std::fs::write(d.join("r2.pairs"), "2\n2 1\n5 4\n").unwrap();
    ok(
        &["pair", "ev.json", "--round", "2", "--from", "r2.pairs"],
        d,
    );
    let e = fails(
        &["result", "ev.json", "--round", "2", "--game", "3-1", "1-0"],
        d,
    );
    assert!(e.contains("no game between 3 and 1"), "{e}");
    ok(
        &[
            "result", "ev.json", "--round", "2", "--board", "1", "1/2-1/2",
        ],
        d,
    );
    ok(
        &["result", "ev.json", "--round", "2", "--board", "2", "+-"],
        d,
    );
    let json = ok(&["standings", "ev.json", "--format", "json"], d);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["after_round"], 2);
    let rows = v["standings"].as_array().unwrap();
    // Points: 1 → 1 + ½, 2 → 1 + ½, 5 → 1 (bye) + 1 (forfeit win), 3 → 0, 4 → 0.
    let pts: Vec<(u64, f64)> = rows
        .iter()
        .map(|r| {
            (
                r["start_rank"].as_u64().unwrap(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(pts[0], (5, 2.0));
    assert!(pts.contains(&(1, 1.5)) && pts.contains(&(2, 1.5)));
    assert_eq!(
        rows.iter().find(|r| r["start_rank"] == 3).unwrap()["status"],
        "withdrawn"
    );
    let trf = ok(&["export", "ev.json", "--format", "trf"], d);
    assert!(trf.starts_with("012 Detsky mat\n142 4\n152 W\n"), "{trf}");
    assert!(trf.contains("001    3      Chen"), "{trf}");
    let line3 = trf.lines().find(|l| l.starts_with("001    3")).unwrap();
    assert!(
        line3.ends_with("     1 b 0  0000 - Z  0000 - Z"),
        "{line3:?}"
    );
    // Round 3 by the Dutch pairer: 3 is out, 4 players left, so no bye.
    let json = ok(&["pair", "ev.json", "--auto", "--format", "json"], d);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["round"], 3);
    assert_eq!(v["boards"].as_array().unwrap().len(), 2);
    assert!(v["bye"].is_null());
    let e = fails(&["pair", "ev.json", "--auto"], d);
    assert!(
        e.contains("round 3 still has 2 game(s) without a result"),
        "{e}"
    );
    let cross = ok(&["crosstable", "ev.json"], d);
    assert!(cross.contains("crosstable after round 2"), "{cross}");
}

#[test]
#[ignore = "needs ../shared"]
fn export_writes_a_trf_back_byte_for_byte() {
    let src = crate_path!("/../shared/vectors/pairing/seed-05-n17/final.trf");
    let out = ok(&["export", src, "--format", "trf"], Path::new("."));
    assert_eq!(out, std::fs::read_to_string(src).unwrap());
    let dir = tempfile::tempdir().unwrap();
    let bad = std::fs::read_to_string(src)
        .unwrap()
        .replacen("  0000 - U", "  0000 x U", 1);
    std::fs::write(dir.path().join("bad.trf"), bad).unwrap();
    let e = fails(&["export", "bad.trf"], dir.path());
    assert!(
        e.contains("bad.trf:") && e.contains("expected colour `w`, `b` or `-`"),
        "{e}"
    );
}

/// A judged game's verdict (`arbiter judge --format json`) recorded as the result: Fool's mate,
/// Black mates on ply 4 (Laws 5.1.1), so 0-1.
#[test]
fn a_judged_verdict_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crate_path!("/fixtures/judge/checkmate-fools-mate.jsonl");
    let judged = arbiter(&["judge", game, "--format", "json"], d);
    assert!(judged.status.success());
    std::fs::write(d.join("verdict.json"), &judged.stdout).unwrap();
    std::fs::write(
        d.join("unfinished.json"),
        r#"{"result":"*","reason":"unfinished","game":{"white":"Anna","black":"Boris"}}"#,
    )
    .unwrap();
    ok(&["new", "ev.json", "--name", "V"], d);
    ok(&["add-player", "ev.json", "--name", "Anna"], d);
    ok(&["add-player", "ev.json", "--name", "Boris"], d);
    ok(&["pair", "ev.json", "--round", "1", "--game", "1-2"], d);
    let by_verdict = |file| result_by_verdict(file);
    let e = fails(&by_verdict("unfinished.json"), d);
    assert!(e.contains("unfinished"), "{e}");
    let out = ok(
        &[&by_verdict("verdict.json")[..], &["--format", "json"]].concat(),
        d,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["result"].as_str(), v["round"].as_u64()),
        (Some("black_wins"), Some(1))
    );
    assert_eq!(v["black"]["name"], "Boris");
    let trf = ok(&["export", "ev.json"], d);
    assert!(
        trf.lines()
            .any(|l| l.starts_with("001    2") && l.ends_with("     1 b 1")),
        "{trf}"
    );
}

#[test]
#[ignore = "needs ../shared"]
fn a_trf_is_imported_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = crate_path!("/../shared/vectors/pairing/seed-05-n17/round-3.trf");
    std::fs::copy(src, d.join("r3.trf")).unwrap();
    let e = fails(
        &["withdraw", "r3.trf", "--player", "1", "--from-round", "3"],
        d,
    );
    assert!(e.contains("import it first"), "{e}");
    assert_eq!(
        std::fs::read_to_string(d.join("r3.trf")).unwrap(),
        std::fs::read_to_string(src).unwrap()
    );
    let out = ok(&["import", "r3.trf", "ev.json", "--format", "json"], d);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            v["players"].as_u64(),
            v["rounds_paired"].as_u64(),
            v["total_rounds"].as_u64()
        ),
        (Some(17), Some(2), Some(4))
    );
    // The imported state pairs round 3 exactly as bbpPairings did.
    let json = ok(
        &[
            "pair", "ev.json", "--auto", "--rules", "fide", "--format", "json",
        ],
        d,
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut ours = String::new();
    let boards = v["boards"].as_array().unwrap();
    let lines = boards.len() + usize::from(!v["bye"].is_null());
    ours.push_str(&format!("{lines}\n"));
    for b in boards {
        ours.push_str(&format!("{} {}\n", b["white"], b["black"]));
    }
    if let Some(bye) = v["bye"].as_u64() {
        ours.push_str(&format!("{bye} 0\n"));
    }
    let expected = std::fs::read_to_string(crate_path!(
        "/../shared/vectors/pairing/seed-05-n17/round-3.pairs"
    ))
    .unwrap();
    assert_eq!(ours, expected);
}

/// The Russian text output (`--lang ru`, or a Russian locale) of a short event: the pairing list
/// for the wall, the result echo, the standings with the tie-break legend, the crosstable; the
/// JSON is the same in both languages.
#[test]
fn text_output_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "t.json", "--name", "Детский мат"], d);
    for (name, rating) in [
        ("Петров Пётр", "1150"),
        ("Иванова Анна", "1320"),
        ("Сидоров Илья", "1000"),
        ("Кузнецов Миша", "1080"),
    ] {
        ok(
            &["add-player", "t.json", "--name", name, "--rating", rating],
            d,
        );
    }
    ok(&["add-player", "t.json", "--name", "Ёлкина Вера"], d);
    ok(&["pair", "t.json", "--auto"], d);
    let list = ok(&["pairings", "t.json", "--round", "1", "--lang", "ru"], d);
    assert_eq!(
        list,
        "Тур 1\n\
         Доска  Белые                                    Чёрные                                   Результат\n    \
         1    1 Иванова Анна (0)                       3 Кузнецов Миша (0)                    \n    \
         2    4 Сидоров Илья (0)                       2 Петров Пётр (0)                      \n\
         Без пары (+):   5 Ёлкина Вера (0)\n\
         \n\
         Кто где играет\n\
         Ёлкина Вера                        без пары (+)\n\
         Иванова Анна                       доска 1, белые\n\
         Кузнецов Миша                      доска 1, чёрные\n\
         Петров Пётр                        доска 2, чёрные\n\
         Сидоров Илья                       доска 2, белые\n"
    );
    let echo = ok(
        &[
            "result", "t.json", "--round", "1", "--game", "1-3", "1-0", "--lang", "ru",
        ],
        d,
    );
    assert_eq!(
        echo,
        "тур 1, доска 1: Иванова Анна (белые) 1 – 0 Кузнецов Миша (чёрные)\n"
    );
    let echo = ok(
        &[
            "result", "t.json", "--round", "1", "--board", "2", "1/2-1/2",
        ],
        d,
    );
    assert_eq!(
        echo,
        "round 1, board 2: Сидоров Илья (White) ½ – ½ Петров Пётр (Black)\n"
    );
    let st = ok(&["standings", "t.json", "--lang", "ru"], d);
    assert!(
        st.starts_with("Детский мат — положение после 1-го тура\n"),
        "{st}"
    );
    assert!(
        st.contains(
            "| Место   №   Участник        Рейтинг   Очки   BH-C1   BH    SB     DE   PS    WIN |"
        ),
        "{st}"
    );
    assert!(
        st.contains(
            "| 3       2   Петров Пётр     1150      0,5    0       0,5   0,25   0    0,5   0   |"
        ),
        "{st}"
    );
    assert!(
        st.ends_with(
            "Дополнительные показатели:\n  BH-C1 — Бухгольц усечённый\n  BH — Бухгольц\n  \
             SB — Коэффициент Бергера\n  DE — Личная встреча\n  PS — Прогрессивный коэффициент\n  \
             WIN — Число побед\n"
        ),
        "{st}"
    );
    let cross = ok(&["crosstable", "t.json", "--lang", "ru"], d);
    assert!(
        cross.contains(
            "В клетке тура: стартовый номер соперника (№), цвет (w — белые, b — чёрные), результат.\n"
        ),
        "{cross}"
    );
    assert!(cross.contains(" 1 тур "), "{cross}");
    // The locale decides when --lang is not given; --lang wins over it.
    let by_locale =
        common::arbiter_in_locale(&["tournament", "standings", "t.json"], d, "ru_RU.UTF-8");
    assert_eq!(String::from_utf8(by_locale.stdout).unwrap(), st);
    let en = common::arbiter_in_locale(
        &["tournament", "standings", "t.json", "--lang", "en"],
        d,
        "ru_RU.UTF-8",
    );
    let en = String::from_utf8(en.stdout).unwrap();
    assert!(en.contains("standings after round 1"), "{en}");
    // English writes the same decimals as Russian (with a point): one number format, the
    // half-point and SB's quarter alike.
    assert!(
        en.contains(
            "| 3    2    Петров Пётр     1150   0.5   0       0.5   0.25   0    0.5   0   |"
        ),
        "{en}"
    );
    assert!(!en.contains('½'), "{en}");
    // JSON never changes with the language.
    for args in [
        &["pairings", "t.json", "--round", "1", "--format", "json"][..],
        &["standings", "t.json", "--format", "json"],
        &["crosstable", "t.json", "--format", "json"],
        &["pairings", "t.json", "--round", "1", "--format", "csv"],
    ] {
        let mut ru = args.to_vec();
        ru.extend(["--lang", "ru"]);
        let mut en = args.to_vec();
        en.extend(["--lang", "en"]);
        assert_eq!(ok(&ru, d), ok(&en, d), "{args:?}");
    }
    let a = ok(
        &[
            "result",
            "t.json",
            "--round",
            "1",
            "--board",
            "2",
            "1/2-1/2",
            "--correct",
            "--format",
            "json",
            "--lang",
            "ru",
        ],
        d,
    );
    let b = ok(
        &[
            "result",
            "t.json",
            "--round",
            "1",
            "--board",
            "2",
            "1/2-1/2",
            "--correct",
            "--format",
            "json",
            "--lang",
            "en",
        ],
        d,
    );
    assert_eq!(a, b);
}

/// `--lang ru`: the confirmations of `new`, `add-player`, `start-list`, `pair`, `bye` and the
/// refusals of the tournament commands are Russian; English (the default here) is unchanged.
#[test]
fn tournament_commands_speak_russian() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ru = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--lang", "ru"]);
        ok(&all, d)
    };
    assert_eq!(
        ru(&["new", "t.json", "--name", "Детский мат", "--rounds", "2"]),
        "создан t.json (туров: 2, правила detsky-mat)\n"
    );
    assert_eq!(
        ru(&[
            "add-player",
            "t.json",
            "--name",
            "Петров Пётр",
            "--rating",
            "1100"
        ]),
        "участник 1: Петров Пётр\n"
    );
    ok(
        &[
            "add-player",
            "t.json",
            "--name",
            "Иванова Анна",
            "--rating",
            "1200",
        ],
        d,
    );
    ok(&["add-player", "t.json", "--name", "Сидоров Илья"], d);
    let list = ru(&["start-list", "t.json"]);
    assert!(list.contains("Иванова Анна"), "{list}");
    assert_eq!(
        ru(&["start-list", "t.json", "--apply"]).lines().last(),
        Some("изменено стартовых номеров: 0")
    );
    let paired = ru(&["pair", "t.json", "--auto"]);
    assert!(
        paired.starts_with("пары 1-го тура составлены (правила detsky-mat):\nдоска 1: "),
        "{paired}"
    );
    assert!(paired.contains("\nбез пары: 3"), "{paired}");
    let list = ru(&["start-list", "t.json"]);
    assert!(
        list.starts_with("стартовый список (закреплён: пары 1-го тура составлены)\n"),
        "{list}"
    );
    // Refusals in Russian, with the file name, exit 1.
    let e = fails(&["pair", "t.json", "--auto", "--lang", "ru"], d);
    assert!(
        e.contains("t.json: в 1-м туре ещё есть партии без результата: 1"),
        "{e}"
    );
    let e = fails(&["start-list", "t.json", "--apply", "--lang", "ru"], d);
    assert!(
        e.contains("стартовый список закреплён: пары 1-го тура составлены"),
        "{e}"
    );
    let e = fails(
        &[
            "result", "t.json", "--round", "3", "--board", "1", "1-0", "--lang", "ru",
        ],
        d,
    );
    assert!(
        e.contains("пары 3-го тура не составлены (составлено туров: 1)"),
        "{e}"
    );
    // English stays as it was.
    let e = fails(&["pair", "t.json", "--auto", "--lang", "en"], d);
    assert!(
        e.contains("t.json: round 1 still has 1 game(s) without a result"),
        "{e}"
    );
    // A manual pairing refused in Russian: the rematch and the player left out.
    ok(
        &["result", "t.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    let e = fails(
        &[
            "pair", "t.json", "--round", "2", "--game", "2-1", "--lang", "ru",
        ],
        d,
    );
    assert!(
        e.contains("2-й тур: ручная жеребьёвка отклонена: повторная встреча: 2 (Петров Пётр) и 1 (Иванова Анна) уже играли друг с другом; не в паре, без «+» и не отмечены отсутствующими: 3 (Сидоров Илья); составьте пары иначе"),
        "{e}"
    );
    let e = fails(&["pair", "t.json", "--round", "2", "--game", "2-1"], d);
    assert!(
        e.contains("round 2: manual pairing refused: rematch: 2 (Петров Пётр) and 1 (Иванова Анна) have already played each other"),
        "{e}"
    );
}

/// The drawing of lots (C.04.3): `--seed` draws the first player's colour in round 1
/// (SplitMix64: seed 4 → White, seed 0 → Black), the seed is kept in the state file and the TRF
/// (`XXS`), and the same seed gives the same round 1 wherever it is paired.
#[test]
fn a_seeded_drawing_of_lots_repeats_round_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let event = |file: &str, seed: &str| {
        let text = ok(
            &[
                "new", file, "--name", "Lots", "--rounds", "3", "--seed", seed, "--lang", "ru",
            ],
            d,
        );
        for (n, r) in [
            ("Anna", "1500"),
            ("Boris", "1400"),
            ("Chen", "1300"),
            ("Dina", "1200"),
        ] {
            ok(&["add-player", file, "--name", n, "--rating", r], d);
        }
        let pairs = ok(&["pair", file, "--auto", "--format", "json"], d);
        let v: serde_json::Value = serde_json::from_str(&pairs).unwrap();
        (text, v["boards"].clone(), pairs)
    };
    let (text4, games4, pairs4) = event("a.json", "4");
    assert!(
        text4.contains("жребий (зерно 4): первый номер в 1-м туре играет белыми"),
        "{text4}"
    );
    let (_, games4b, pairs4b) = event("b.json", "4");
    assert_eq!(pairs4, pairs4b, "the same seed, the same round 1");
    let (text0, games0, _) = event("c.json", "0");
    assert!(
        text0.contains("жребий (зерно 0): первый номер в 1-м туре играет чёрными"),
        "{text0}"
    );
    // 4 players: 1–3 and 4–2 (C.04.3 E.5: the odd-ranked top player of a pair gets the initial
    // colour, the even-ranked the other).
    let board = |g: &serde_json::Value, i: usize| (g[i]["white"].clone(), g[i]["black"].clone());
    assert_eq!(board(&games4, 0), (1.into(), 3.into()), "{games4}");
    assert_eq!(board(&games4, 1), (4.into(), 2.into()), "{games4}");
    assert_eq!(games4, games4b);
    assert_eq!(board(&games0, 0), (3.into(), 1.into()), "{games0}");
    assert_eq!(board(&games0, 1), (2.into(), 4.into()), "{games0}");

    // The seed survives the state file, the TRF and the TRF read back.
    let state: serde_json::Value =
        serde_json::from_str(&crate::common::state_text(&d.join("c.json"))).unwrap();
    assert_eq!(state["lots_seed"], 0);
    assert_eq!(state["initial_colour"], "black");
    let trf = ok(&["export", "c.json", "--format", "trf"], d);
    assert!(trf.starts_with("012 Lots\n142 3\n152 B\nXXS 0\n"), "{trf}");
    std::fs::write(d.join("c.trf"), &trf).unwrap();
    ok(&["import", "c.trf", "back.json"], d);
    let back = arbiter::tournament::store::load(&d.join("back.json")).unwrap();
    assert_eq!(back.lots_seed, Some(0));
    assert_eq!(back.initial_colour, Some(shakmaty::Color::Black));
    assert_eq!(ok(&["export", "back.json", "--format", "trf"], d), trf);

    // A colour chosen and a seed exclude each other; a seed is a number or `random`.
    let out = arbiter(
        &[
            "tournament",
            "new",
            "x.json",
            "--name",
            "X",
            "--seed",
            "1",
            "--initial-colour",
            "white",
        ],
        d,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter(
        &[
            "tournament",
            "new",
            "x.json",
            "--name",
            "X",
            "--seed",
            "abc",
        ],
        d,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("abc"));
    let text = ok(&["new", "r.json", "--name", "R", "--seed", "random"], d);
    assert!(text.contains("drawing of lots (seed "), "{text}");
    let r = arbiter::tournament::store::load(&d.join("r.json")).unwrap();
    let seed = r.lots_seed.unwrap();
    assert_eq!(
        r.initial_colour,
        Some(arbiter::tournament::lots::initial_colour(seed))
    );
    // Without `--seed` nothing is drawn: White, as before.
    ok(&["new", "w.json", "--name", "W"], d);
    let w = arbiter::tournament::store::load(&d.join("w.json")).unwrap();
    assert_eq!(
        (w.initial_colour, w.lots_seed),
        (Some(shakmaty::Color::White), None)
    );
}

/// FIDE mode (C.02): after round 2 is paired, round 1's result changes only with a note (kept);
/// starting ranks are frozen; leaving the mode is final, and the TRF says so.
#[test]
fn fide_mode_refuses_and_cannot_be_re_entered() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "f.json", "--name", "FIDE", "--rounds", "3"], d);
    for (n, r) in [
        ("Anna", "1500"),
        ("Boris", "1400"),
        ("Chen", "1300"),
        ("Dina", "1200"),
    ] {
        ok(&["add-player", "f.json", "--name", n, "--rating", r], d);
    }
    let on = ok(&["fide-mode", "f.json", "on", "--lang", "ru"], d);
    assert!(on.contains("режим FIDE включён"), "{on}");
    ok(&["pair", "f.json", "--auto"], d);
    ok(
        &["result", "f.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    ok(
        &["result", "f.json", "--round", "1", "--board", "2", "0-1"],
        d,
    );
    ok(&["pair", "f.json", "--auto"], d);
    // Round 1 is now an earlier round: a change needs a note.
    let correct = [
        "result",
        "f.json",
        "--round",
        "1",
        "--board",
        "1",
        "0-1",
        "--correct",
    ];
    let e = fails(&correct, d);
    assert!(
        e.contains("FIDE mode: round 1 is not the last paired round; changing the result of board 1 needs a note (why)"),
        "{e}"
    );
    let mut ru = correct.to_vec();
    ru.extend(["--lang", "ru"]);
    let e = fails(&ru, d);
    assert!(
        e.contains("чтобы изменить результат на доске 1, нужна пометка"),
        "{e}"
    );
    let before = crate::common::snapshot(&d.join("f.json"));
    fails(&correct, d);
    assert_eq!(
        crate::common::snapshot(&d.join("f.json")),
        before,
        "a refusal writes nothing"
    );
    // The same result again is no change; the last round's results need no note.
    ok(
        &[
            "result",
            "f.json",
            "--round",
            "1",
            "--board",
            "1",
            "1-0",
            "--correct",
        ],
        d,
    );
    ok(
        &["result", "f.json", "--round", "2", "--board", "1", "1-0"],
        d,
    );
    ok(
        &[
            "result",
            "f.json",
            "--round",
            "2",
            "--board",
            "1",
            "0-1",
            "--correct",
        ],
        d,
    );
    let mut noted = correct.to_vec();
    noted.extend(["--note", "scoresheets: Black won"]);
    ok(&noted, d);
    let t = arbiter::tournament::store::load(&d.join("f.json")).unwrap();
    assert_eq!(t.fide.notes.len(), 1);
    let n = &t.fide.notes[0];
    assert_eq!(
        (n.round, n.board, n.note.as_str()),
        (1, 1, "scoresheets: Black won")
    );
    assert_eq!(
        (n.from, n.to),
        (
            Some(arbiter::tournament::BoardResult::WhiteWins),
            arbiter::tournament::BoardResult::BlackWins
        )
    );
    // Starting ranks: frozen after round 1.
    let e = fails(&["start-list", "f.json", "--apply"], d);
    assert!(e.contains("the start list is frozen"), "{e}");

    // Leaving is final.
    let left = ok(&["fide-mode", "f.json", "off"], d);
    assert!(left.contains("FIDE mode left after round 2"), "{left}");
    let e = fails(&["fide-mode", "f.json", "on"], d);
    assert!(
        e.contains("FIDE mode was left after round 2 and cannot be re-entered"),
        "{e}"
    );
    let e = fails(&["fide-mode", "f.json", "on", "--lang", "ru"], d);
    assert!(
        e.contains("из режима FIDE вышли после 2-го тура, вернуться в него нельзя"),
        "{e}"
    );
    let e = fails(&["fide-mode", "f.json", "off"], d);
    assert!(e.contains("the event is not in FIDE mode"), "{e}");
    // Out of FIDE mode an earlier round changes without a note.
    ok(
        &[
            "result",
            "f.json",
            "--round",
            "1",
            "--board",
            "2",
            "1-0",
            "--correct",
        ],
        d,
    );
    let trf = ok(&["export", "f.json", "--format", "trf"], d);
    assert!(
        trf.contains("\n### FIDE mode left after round 2\n"),
        "{trf}"
    );
    std::fs::write(d.join("f.trf"), &trf).unwrap();
    ok(&["import", "f.trf", "g.json"], d);
    let g = arbiter::tournament::store::load(&d.join("g.json")).unwrap();
    assert_eq!(
        g.fide.mode,
        arbiter::tournament::fide_mode::FideMode::Left { after_round: 2 }
    );
    assert_eq!(ok(&["export", "g.json", "--format", "trf"], d), trf);
    assert!(fails(&["fide-mode", "g.json", "on"], d).contains("cannot be re-entered"));
}
