//! Categories and prizes on a 23-child event of grades 1–4 (tests/data/school-event-23.json,
//! built by tests/data/make-school-event.sh). Every expectation below was written by hand from
//! the event's standings after round 4 (printed in the comment), filtering by grade, sex and
//! birth year: the category keeps the event's order and tie-breaks and numbers its places
//! again.
//!
//! ```text
//!  1 Лебедев 3кл m 4   |  9 Соловьёв 2кл m 2.5    | 17 Крестовоздвиженская 2кл f 1.5
//!  2 Кузнецова 3кл f 3 | 10 Новиков 1кл m 2       | 18 Петров 4кл m 1.5
//!  3 Попова 2кл f 3    | 11 Виноградов 3кл m 2    | 19 Ким 1кл m 1.5
//!  4 Козлова 2кл f 3   | 12 Константинопольский 4 | 20 Ёлкин 3кл m 1.5
//!  5 Сидоров 3кл m 3   | 13 Соловьёва 4кл f 2     | 21 Белоусова 1кл f 1
//!  6 Абдурахманова 4 f | 14 Соколова 1кл f 2      | 22 Орлова 2кл f 1
//!  7 Смирнов 4кл m 2.5 | 15 Заречная-Пр. 1кл f 1.5| 23 Волков 2кл m 0.5
//!  8 Морозова 4кл f 2.5| 16 Фёдоров 1кл m 1.5     |
//! ```

use std::path::PathBuf;
use std::process::Command;

use arbiter::tournament::standings::StandingsReport;
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{Tournament, store};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json")
}

fn event() -> (Tournament, StandingsReport) {
    let t = store::load(&fixture()).unwrap();
    let report = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    (t, report)
}

/// `(place, surname)` of a category's standings.
fn places(t: &Tournament, report: &StandingsReport, category: &str) -> Vec<(usize, String)> {
    let c = t.awards.category(category).unwrap();
    report
        .for_category(t, c)
        .standings
        .iter()
        .map(|r| (r.rank, r.name.split(',').next().unwrap().to_string()))
        .collect()
}

fn list(items: &[&str]) -> Vec<(usize, String)> {
    items
        .iter()
        .enumerate()
        .map(|(i, s)| (i + 1, s.to_string()))
        .collect()
}

#[test]
fn the_event_standings_the_categories_are_cut_from() {
    let (_, report) = event();
    let top: Vec<&str> = report.standings[..6]
        .iter()
        .map(|r| r.name.split(',').next().unwrap())
        .collect();
    assert_eq!(
        top,
        [
            "Лебедев",
            "Кузнецова",
            "Попова",
            "Козлова",
            "Сидоров",
            "Абдурахманова"
        ]
    );
    assert_eq!(report.standings.len(), 23);
}

#[test]
fn category_standings_by_hand() {
    let (t, report) = event();
    assert_eq!(
        places(&t, &report, "1–2 классы"),
        list(&[
            "Попова",
            "Козлова",
            "Соловьёв",
            "Новиков",
            "Соколова",
            "Заречная-Преображенская",
            "Фёдоров",
            "Крестовоздвиженская",
            "Ким",
            "Белоусова",
            "Орлова",
            "Волков",
        ])
    );
    assert_eq!(
        places(&t, &report, "3–4 классы"),
        list(&[
            "Лебедев",
            "Кузнецова",
            "Сидоров",
            "Абдурахманова",
            "Смирнов",
            "Морозова",
            "Виноградов",
            "Константинопольский",
            "Соловьёва",
            "Петров",
            "Ёлкин",
        ])
    );
    // Names compared without case, ё = е.
    assert_eq!(
        places(&t, &report, "девочки 1–2 классы"),
        list(&[
            "Попова",
            "Козлова",
            "Соколова",
            "Заречная-Преображенская",
            "Крестовоздвиженская",
            "Белоусова",
            "Орлова",
        ])
    );
    assert_eq!(
        places(&t, &report, "Девочки 3–4 классы"),
        list(&["Кузнецова", "Абдурахманова", "Морозова", "Соловьёва"])
    );
    assert_eq!(
        places(&t, &report, "Родившиеся в 2018 году и позже"),
        list(&[
            "Попова",
            "Новиков",
            "Соколова",
            "Заречная-Преображенская",
            "Фёдоров",
            "Ким",
            "Белоусова",
            "Орлова",
        ])
    );
    // The event's tie-break values are kept: Попова's BH-C1 8.5, BH 10 in the event and in
    // her category.
    let c = t.awards.category("Девочки 1–2 классы").unwrap();
    let girls = report.for_category(&t, c);
    assert_eq!(girls.tie_break_order, report.tie_break_order);
    assert_eq!(girls.standings[0].tie_breaks["BH-C1"], 8.5);
    assert_eq!(girls.standings[0].tie_breaks["BH"], 10.0);
    assert_eq!(girls.standings[0].points, 3.0);
}

fn winners(t: &Tournament, report: &StandingsReport) -> Vec<(String, Vec<(usize, String)>)> {
    t.awards
        .prize_lists(t, report)
        .into_iter()
        .map(|l| {
            (
                l.category,
                l.prizes
                    .into_iter()
                    .map(|p| (p.place, p.name.split(',').next().unwrap().to_string()))
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn prizes_in_several_categories_or_one_only() {
    let (mut t, report) = event();
    let w = |v: &[&str]| list(v);
    assert_eq!(
        winners(&t, &report),
        vec![
            ("1–2 классы".into(), w(&["Попова", "Козлова", "Соловьёв"])),
            ("3–4 классы".into(), w(&["Лебедев", "Кузнецова", "Сидоров"])),
            (
                "Девочки 1–2 классы".into(),
                w(&["Попова", "Козлова", "Соколова"])
            ),
            (
                "Девочки 3–4 классы".into(),
                w(&["Кузнецова", "Абдурахманова", "Морозова"])
            ),
            (
                "Родившиеся в 2018 году и позже".into(),
                w(&["Попова", "Новиков"])
            ),
        ]
    );
    // One prize per player: a winner of an earlier category is passed over, the next move up.
    t.awards.one_prize_per_player = true;
    assert_eq!(
        winners(&t, &report),
        vec![
            ("1–2 классы".into(), w(&["Попова", "Козлова", "Соловьёв"])),
            ("3–4 классы".into(), w(&["Лебедев", "Кузнецова", "Сидоров"])),
            (
                "Девочки 1–2 классы".into(),
                w(&["Соколова", "Заречная-Преображенская", "Крестовоздвиженская"])
            ),
            (
                "Девочки 3–4 классы".into(),
                w(&["Абдурахманова", "Морозова", "Соловьёва"])
            ),
            (
                "Родившиеся в 2018 году и позже".into(),
                w(&["Новиков", "Фёдоров"])
            ),
        ]
    );
    // A disqualified player (CR 2.2) gets no prize: Попова's place goes to the next.
    t.awards.one_prize_per_player = false;
    let popova = t
        .players
        .iter()
        .find(|p| p.name.starts_with("Попова"))
        .unwrap()
        .start_rank;
    t.players
        .iter_mut()
        .find(|p| p.start_rank == popova)
        .unwrap()
        .disqualified_from = Some(4);
    let report = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    assert!(
        !winners(&t, &report)
            .iter()
            .any(|(_, l)| l.iter().any(|(_, n)| n == "Попова"))
    );
}

#[test]
fn the_commands_show_category_standings_prizes_and_diplomas() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let file = fixture();
    let f = file.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[
        "tournament",
        "standings",
        f,
        "--category",
        "Девочки 3–4 классы",
        "--lang",
        "ru",
    ]);
    assert!(
        text.contains("— Девочки 3–4 классы — положение после 4-го тура"),
        "{text}"
    );
    let csv = run(&[
        "tournament",
        "standings",
        f,
        "--category",
        "Девочки 3–4 классы",
        "--csv",
    ]);
    assert_eq!(
        csv,
        "rank,start_rank,name,rating,club,points,\"BH-C1\",\"BH\",\"SB\",\"DE\",\"PS\",\"WIN\",status\n\
         1,4,\"Кузнецова, Мария\",1360,\"Школа № 5\",3,8.5,10.5,6.5,0,8,3,\n\
         2,13,\"Абдурахманова, Зульфия\",,\"Школа № 12\",3,6,7.5,5,0,7,3,\n\
         3,12,\"Морозова, Полина\",1120,\"Школа № 5\",2.5,8,8.5,4.5,0,7,2,\n\
         4,1,\"Соловьёва, Дарья\",1450,\"Школа № 5\",2,6,7.5,3.5,0,4.5,1,\n"
    );
    let json = run(&[
        "tournament",
        "standings",
        f,
        "--category",
        "3–4 классы",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["standings"].as_array().unwrap().len(), 11);
    assert_eq!(v["standings"][2]["name"], "Сидоров, Илья");
    assert_eq!(v["standings"][2]["rank"], 3);
    let out = Command::new(bin)
        .args([
            "tournament",
            "standings",
            f,
            "--category",
            "Мальчики",
            "--lang",
            "ru",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("Категории «Мальчики» нет."),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let prizes = run(&["tournament", "prizes", f, "--lang", "ru"]);
    assert!(
        prizes.contains("Девочки 1–2 классы\n  1  Попова, Варвара (6), очков: 3\n"),
        "{prizes}"
    );
    let html = run(&["tournament", "diplomas", f, "--lang", "ru"]);
    assert_eq!(html.matches("<section class=\"diploma\"").count(), 14);
    for name in [
        "Поповой Варваре",
        "Соловьёву Александру",
        "Сидорову Илье",
        "Новикову Льву",
    ] {
        assert!(html.contains(name), "{name}");
    }
    // (A number keeps its word on a diploma: no-break space, a word joiner after the dash.)
    assert!(html.contains("занявшей 1 место в категории «Девочки 3–\u{2060}4\u{a0}классы»"));
    assert!(html.contains("занявшему 3 место в категории «3–\u{2060}4\u{a0}классы»"));
    assert!(html.contains("06.12.2026") && html.contains("Иванова А. П."));
}

#[test]
fn an_organisers_template_and_a_category_of_one_name() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("event.json");
    std::fs::copy(fixture(), &state).unwrap();
    let s = state.to_str().unwrap();
    std::fs::write(
        dir.path().join("diploma.html"),
        "{% for d in diplomas %}[{{ d.place }} {{ d.name_dative }}]{% endfor %}",
    )
    .unwrap();
    let out = Command::new(bin)
        .args([
            "tournament",
            "diplomas",
            s,
            "--category",
            "Родившиеся в 2018 году и позже",
            "--lang",
            "ru",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "[1 Поповой Варваре][2 Новикову Льву]"
    );
    let out = Command::new(bin)
        .args([
            "tournament",
            "category",
            "add",
            s,
            "--name",
            "1–2 КЛАССЫ",
            "--grades",
            "1-2",
            "--lang",
            "ru",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Категория «1–2 КЛАССЫ» уже есть."));
    let out = Command::new(bin)
        .args([
            "tournament",
            "category",
            "add",
            s,
            "--name",
            "Мальчики 3",
            "--grades",
            "3",
            "--sex",
            "m",
            "--lang",
            "ru",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Категория «Мальчики 3» добавлена: 3 класс, мальчики.\n"
    );
}

/// The fault of the school day: a child added by hand had no grade field, so the winner was in
/// no category by grade and got no prize, and nothing said so. Now `add-player --grade` puts the
/// child in the category (he wins its first prize), a child added without a grade is named by
/// the warning under the prize lists, and `edit-player --grade` puts her in (the warning
/// goes). By hand: one round, Волков (grade 2) beats Попова (grade 1), Козлова (no grade,
/// then grade 1) beats Лебедев (grade 2); «1–2 классы» gives 3 prizes.
#[test]
fn a_child_added_by_hand_gets_a_grade_and_the_prize() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("day.arbiter");
    let f = state.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    run(&[
        "tournament",
        "new",
        f,
        "--name",
        "Школьный день",
        "--rounds",
        "1",
    ]);
    for (name, grade) in [
        ("Волков, Даниил", Some("2")),
        ("Попова, Варвара", Some("1")),
        ("Лебедев, Марк", Some("2")),
        ("Козлова, Алиса", None),
    ] {
        let mut args = vec!["tournament", "add-player", f, "--name", name];
        if let Some(g) = grade {
            args.extend(["--grade", g]);
        }
        run(&args);
    }
    run(&[
        "tournament",
        "category",
        "add",
        f,
        "--name",
        "1–2 классы",
        "--grades",
        "1-2",
    ]);
    let t = store::load(&state).unwrap();
    let tpn = |surname: &str| {
        t.players
            .iter()
            .find(|p| p.name.starts_with(surname))
            .unwrap()
            .start_rank
    };
    assert_eq!(t.player(tpn("Волков")).unwrap().grade, Some(2));
    assert_eq!(t.player(tpn("Козлова")).unwrap().grade, None);
    let game = |w: &str, b: &str| format!("{}-{}", tpn(w), tpn(b));
    run(&[
        "tournament",
        "pair",
        f,
        "--round",
        "1",
        "--game",
        &game("Волков", "Попова"),
        "--game",
        &game("Козлова", "Лебедев"),
    ]);
    for board in ["1", "2"] {
        run(&[
            "tournament",
            "result",
            f,
            "--round",
            "1",
            "--board",
            board,
            "1-0",
        ]);
    }

    // Without a grade: not in the list, and the warning names her.
    let prizes = run(&["tournament", "prizes", f, "--lang", "ru"]);
    let volkov = format!("  1  Волков, Даниил ({}), очков: 1\n", tpn("Волков"));
    assert!(prizes.contains(&volkov), "{prizes}");
    assert!(!prizes.contains("  Козлова"), "{prizes}");
    assert!(
        prizes.contains(
            "Не попадёт в списки призёров по классу (не входит ни в одну категорию по классу): \
             Козлова, Алиса."
        ),
        "{prizes}"
    );
    let en = run(&["tournament", "prizes", f, "--lang", "en"]);
    assert!(
        en.contains("In no prize list by grade (in no grade category): Козлова, Алиса."),
        "{en}"
    );

    // Given her grade: in the list with her point, the warning gone.
    let k = tpn("Козлова").to_string();
    run(&[
        "tournament",
        "edit-player",
        f,
        "--player",
        &k,
        "--grade",
        "1",
    ]);
    let prizes = run(&["tournament", "prizes", f, "--lang", "ru"]);
    assert!(
        prizes.contains(&format!("Козлова, Алиса ({k}), очков: 1\n")),
        "{prizes}"
    );
    assert!(!prizes.contains("Не попад"), "{prizes}");
    // A grade outside 1–11 is refused before anything is written.
    let out = Command::new(bin)
        .args([
            "tournament",
            "edit-player",
            f,
            "--player",
            &k,
            "--grade",
            "12",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        store::load(&state)
            .unwrap()
            .player(tpn("Козлова"))
            .unwrap()
            .grade,
        Some(1)
    );
    // `--no-grade` clears it, and the warning is back.
    run(&["tournament", "edit-player", f, "--player", &k, "--no-grade"]);
    let prizes = run(&["tournament", "prizes", f, "--lang", "ru"]);
    assert!(prizes.contains("Козлова, Алиса."), "{prizes}");
}

/// A child registered without a sex (the register form's «Пол» left at «—»): the diploma's
/// words agree with the name as it is declined, the sex guessed from it (a girl's name:
/// «Морозовой Вере, занявшей»; never «Морозовой Вере занявшему»), a boy's likewise; and the
/// command line's standings say «выбыла» of a girl who withdrew (CR 1.4), «выбыл» of a boy.
#[test]
fn words_about_a_child_follow_the_sex_known_or_read_from_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("ev.arbiter");
    let f = f.to_str().unwrap();
    let run = |args: &[&str]| crate::common::ok(args, dir.path());
    run(&["new", f, "--name", "Первенство", "--rounds", "2"]);
    for (name, sex) in [
        ("Морозова Вера", None),
        ("Орлов Лев", None),
        ("Кравченко Олеся", Some("f")),
        ("Ёлкин Пётр", Some("m")),
    ] {
        let mut args = vec!["add-player", f, "--name", name, "--grade", "1"];
        if let Some(s) = sex {
            args.extend(["--sex", s]);
        }
        run(&args);
    }
    run(&["pair", f, "--auto"]);
    run(&["result", f, "--round", "1", "--board", "1", "1-0"]);
    run(&["result", f, "--round", "1", "--board", "2", "1-0"]);
    run(&[
        "category",
        "add",
        f,
        "--name",
        "1 класс",
        "--grades",
        "1",
        "--prizes",
        "4",
    ]);
    let html = run(&["diplomas", f, "--lang", "ru"]);
    assert!(html.contains("Морозовой Вере"), "{html}");
    assert!(html.contains("Орлову Льву"), "{html}");
    // Each diploma: the name, then its words; a girl's «занявшей», a boy's «занявшему».
    let diplomas: Vec<&str> = html.split("<section class=\"diploma\"").skip(1).collect();
    assert_eq!(diplomas.len(), 4, "{html}");
    for (name, word) in [
        ("Морозовой Вере", "занявшей"),
        ("Кравченко Олесе", "занявшей"),
        ("Орлову Льву", "занявшему"),
        ("Ёлкину Петру", "занявшему"),
    ] {
        let d = diplomas
            .iter()
            .find(|d| d.contains(name))
            .unwrap_or_else(|| panic!("{name}: {html}"));
        assert!(d.contains(word), "{name}: {d}");
    }
    // Withdrawals: the girl's word and the boy's.
    let tpn = |name: &str| {
        let list = run(&["standings", f, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&list).unwrap();
        v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"].as_str().unwrap().starts_with(name))
            .unwrap()["start_rank"]
            .to_string()
    };
    let (girl, boy) = (tpn("Кравченко"), tpn("Ёлкин"));
    // A girl registered without a sex: her name tells it, as on her diploma.
    let unnamed_girl = tpn("Морозова");
    run(&["withdraw", f, "--player", &girl, "--from-round", "2"]);
    run(&["withdraw", f, "--player", &boy, "--from-round", "2"]);
    run(&[
        "withdraw",
        f,
        "--player",
        &unnamed_girl,
        "--from-round",
        "2",
    ]);
    for what in ["standings", "crosstable"] {
        let text = run(&[what, f, "--lang", "ru"]);
        assert!(text.contains("Кравченко Олеся (выбыла)"), "{what}: {text}");
        assert!(text.contains("Ёлкин Пётр (выбыл)"), "{what}: {text}");
        assert!(text.contains("Морозова Вера (выбыла)"), "{what}: {text}");
    }
}
