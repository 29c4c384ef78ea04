//! The school team result (командный зачёт) of the 23-child event
//! (tests/data/school-event-23.json), checked by hand from its standings after round 4 (the
//! table in tests/it/categories.rs): Школа № 5 has start ranks 1–12, Школа № 12 ranks 13–23.
//!
//! ```text
//! place  child (school)                 points     place  child (school)              points
//!   1    Лебедев (5)                      4          9    Соловьёв (12)                2.5
//!   2    Кузнецова (5)                    3         11    Виноградов (12)              2
//!   3    Попова (5)                       3         12    Константинопольский (12)     2
//!   4    Козлова (5)                      3         15    Заречная-Преображенская (12) 1.5
//!   5    Сидоров (5)                      3         16    Фёдоров (12)                 1.5
//!   6    Абдурахманова (12)               3
//!   7    Смирнов (5)                      2.5
//!   8    Морозова (5)                     2.5
//! ```
//!
//! Best 4: Школа № 5 = Лебедев 4 + Кузнецова 3 + Попова 3 + Козлова 3 = 13 (places
//! 1+2+3+4 = 10); Школа № 12 = Абдурахманова 3 + Соловьёв 2.5 + Виноградов 2 +
//! Константинопольский 2 = 9.5 (places 6+9+11+12 = 38).
//! Best 6: Школа № 5 adds Сидоров 3 and Смирнов 2.5 (place 7, ahead of Морозова's 8 on
//! equal points) = 18.5 (places 22); Школа № 12 adds Заречная-Преображенская 1.5 and
//! Фёдоров 1.5 = 12.5 (places 6+9+11+12+15+16 = 69).

use std::path::PathBuf;

use arbiter::tournament::scoring::team::{TeamSettings, TeamTieBreak, team_result};
use arbiter::tournament::standings::StandingsReport;
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{Player, Tournament, store};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json")
}

fn surnames(row: &arbiter::tournament::scoring::team::TeamRow) -> Vec<&str> {
    row.counted
        .iter()
        .map(|c| c.name.split(',').next().unwrap())
        .collect()
}

#[test]
fn the_23_child_event_by_hand() {
    let t = store::load(&fixture()).unwrap();
    let report = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    let rows = team_result(&t, &report, &TeamSettings::default());
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (
            rows[0].place,
            rows[0].school.as_str(),
            rows[0].points,
            rows[0].places_sum
        ),
        (1, "Школа № 5", 13.0, 10)
    );
    assert_eq!(
        surnames(&rows[0]),
        ["Лебедев", "Кузнецова", "Попова", "Козлова"]
    );
    assert_eq!(
        (
            rows[1].place,
            rows[1].school.as_str(),
            rows[1].points,
            rows[1].places_sum
        ),
        (2, "Школа № 12", 9.5, 38)
    );
    assert_eq!(
        surnames(&rows[1]),
        [
            "Абдурахманова",
            "Соловьёв",
            "Виноградов",
            "Константинопольский"
        ]
    );
    let six = TeamSettings {
        best: 6,
        ..TeamSettings::default()
    };
    let rows = team_result(&t, &report, &six);
    assert_eq!((rows[0].points, rows[0].places_sum), (18.5, 22));
    assert_eq!(
        surnames(&rows[0]),
        [
            "Лебедев",
            "Кузнецова",
            "Попова",
            "Козлова",
            "Сидоров",
            "Смирнов"
        ]
    );
    assert_eq!(
        (rows[1].points, rows[1].places_sum, rows[1].best_place),
        (12.5, 69, 6)
    );
    assert_eq!(
        surnames(&rows[1])[4..],
        ["Заречная-Преображенская", "Фёдоров"]
    );
    // Best 12: Школа № 12 has 11 children, so it ranks after the full school whatever its sum.
    let twelve = TeamSettings {
        best: 12,
        ..TeamSettings::default()
    };
    let rows = team_result(&t, &report, &twelve);
    assert!(!rows[0].incomplete && rows[1].incomplete);
    assert_eq!(rows[1].counted.len(), 11);
}

/// Equal sums split by the event's rule, by hand: round 1 A1–B1 ½–½, A2–B2 0–1; round 2
/// A1–B2 1–0, B1–A2 ½–½. Points: A1 1.5 (place 1), B1 1 and B2 1 (places 2 and 3: equal
/// Buchholz, B1 ahead on Sonneborn–Berger 1 to 0.5), A2 0.5 (place 4). Best 2: A = 2 points,
/// places 1 + 4 = 5, best place 1; B = 2 points, places 2 + 3 = 5, best place 2. The sum of
/// places ties, the best place puts A first; by the sum of places alone they share place 1.
#[test]
fn equal_sums_split_by_the_events_rule() {
    use arbiter::tournament::{BoardResult, GameRef};
    let mut t = Tournament::new("T", 2);
    for (name, club) in [("A1", "A"), ("A2", "A"), ("B1", "B"), ("B2", "B")] {
        t.add_player(Player {
            name: name.into(),
            club: Some(club.into()),
            ..Player::default()
        })
        .unwrap();
    }
    let tpn = |t: &Tournament, n: &str| t.players.iter().find(|p| p.name == n).unwrap().start_rank;
    let (a1, a2, b1, b2) = (tpn(&t, "A1"), tpn(&t, "A2"), tpn(&t, "B1"), tpn(&t, "B2"));
    // Round 1: A1-B1 draw, A2-B2 0-1 → A1 .5, B1 .5, B2 1, A2 0.
    t.pair_round(1, &[(a1, b1), (a2, b2)], None).unwrap();
    t.record_result(1, GameRef::Board(1), BoardResult::Draw, false)
        .unwrap();
    t.record_result(1, GameRef::Board(2), BoardResult::BlackWins, false)
        .unwrap();
    // Round 2: A1-B2 1-0, B1-A2 1/2 → A1 1.5, B1 1, B2 1, A2 .5.
    t.pair_round(2, &[(a1, b2), (b1, a2)], None).unwrap();
    t.record_result(2, GameRef::Board(1), BoardResult::WhiteWins, false)
        .unwrap();
    t.record_result(2, GameRef::Board(2), BoardResult::Draw, false)
        .unwrap();
    let report = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    let place = |tpn: u16| {
        report
            .standings
            .iter()
            .find(|r| r.start_rank == tpn)
            .unwrap()
            .rank
    };
    assert_eq!(place(a1), 1);
    assert_eq!(place(a2), 4);
    // B1 and B2 both on 1 point at places 2 and 3 (in some order): B's places sum 5 = A's 1 + 4.
    assert_eq!(place(b1) + place(b2), 5);
    let settings = |ties: Vec<TeamTieBreak>| TeamSettings {
        best: 2,
        tie_breaks: ties,
    };
    let rows = team_result(
        &t,
        &report,
        &settings(vec![TeamTieBreak::PlacesSum, TeamTieBreak::BestPlace]),
    );
    assert_eq!(
        (rows[0].school.as_str(), rows[0].points, rows[0].place),
        ("A", 2.0, 1)
    );
    assert_eq!(
        (rows[1].school.as_str(), rows[1].points, rows[1].place),
        ("B", 2.0, 2)
    );
    let rows = team_result(&t, &report, &settings(vec![TeamTieBreak::PlacesSum]));
    assert_eq!((rows[0].place, rows[1].place), (1, 1));
}

#[test]
fn the_command_prints_the_team_result() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let out = std::process::Command::new(bin)
        .args(["tournament", "team-result"])
        .arg(fixture())
        .args(["--lang", "ru"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "Командный зачёт: лучшие 4 участника от школы, положение после 4-го тура\n\
             1. Школа № 5 — очков: 13 (сумма мест: 10):\n    Лебедев, Марк (1 место, 4); "
        ),
        "{text}"
    );
    assert!(
        text.contains("2. Школа № 12 — очков: 9,5 (сумма мест: 38):"),
        "{text}"
    );
}

/// An event of two groups (grades 3–4 «Старшие», grades 1–2 «Малыши», two rounds each):
/// `team-result` naming no group counts both groups' children together — each school's best
/// two by points, of equal points the better place in their own group — and names each
/// child's group; naming a group keeps to it. The expectation is recomputed here from each
/// group's own standings (`standings --group … --format json`), apart from the team code.
#[test]
fn an_event_of_groups_has_one_team_result_of_every_group() {
    use crate::web_publish::{GROUPS, OLDER, YOUNGER, two_groups};
    let dir = tempfile::tempdir().unwrap();
    let path = two_groups(dir.path(), 2);
    let f = path.to_str().unwrap();
    // `arbiter tournament ARGS`, which must succeed: its output.
    let run = |args: &[&str]| crate::common::ok(args, dir.path());
    // (school, points, place, name) of every child, from each group's standings.
    let mut children: Vec<(String, f64, u64, String)> = Vec::new();
    for (group, list) in [(GROUPS[0], OLDER), (GROUPS[1], YOUNGER)] {
        let json = run(&["standings", f, "--group", group, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        for r in v["standings"].as_array().unwrap() {
            let name = r["name"].as_str().unwrap().to_string();
            let school = list.iter().find(|(n, ..)| *n == name).unwrap().1;
            children.push((
                school.to_string(),
                r["points"].as_f64().unwrap(),
                r["rank"].as_u64().unwrap(),
                name,
            ));
        }
    }
    let mut expected: Vec<(String, f64, Vec<String>)> = Vec::new();
    for school in ["Школа № 5", "Гимназия № 2", "Лицей «Вектор»"] {
        let mut mine: Vec<_> = children.iter().filter(|c| c.0 == school).collect();
        mine.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap().then(a.2.cmp(&b.2)));
        mine.truncate(2);
        let names = mine.iter().map(|c| c.3.clone()).collect();
        expected.push((school.to_string(), mine.iter().map(|c| c.1).sum(), names));
    }
    let json = run(&["team-result", f, "--best", "2", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{json}");
    for r in rows {
        let school = r["school"].as_str().unwrap();
        let (_, points, names) = expected.iter().find(|e| e.0 == school).unwrap();
        assert_eq!(r["points"].as_f64().unwrap(), *points, "{school}: {json}");
        let counted: Vec<&str> = r["counted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(counted, *names, "{school}");
        for c in r["counted"].as_array().unwrap() {
            let name = c["name"].as_str().unwrap();
            let group = if OLDER.iter().any(|(n, ..)| *n == name) {
                GROUPS[0]
            } else {
                GROUPS[1]
            };
            assert_eq!(c["group"], group, "{name}");
        }
    }
    // Ranked by the sums: no later school has more points.
    let sums: Vec<f64> = rows.iter().map(|r| r["points"].as_f64().unwrap()).collect();
    assert!(sums.windows(2).all(|w| w[0] >= w[1]), "{sums:?}");
    let text = run(&["team-result", f, "--best", "2", "--lang", "ru"]);
    assert!(
        text.contains("Все группы вместе (Старшие, Малыши); место участника — в его группе"),
        "{text}"
    );
    assert!(
        text.contains(" — Малыши") && text.contains(" — Старшие"),
        "{text}"
    );
    // One group named: that group's children only.
    let json = run(&[
        "team-result",
        f,
        "--best",
        "2",
        "--group",
        GROUPS[1],
        "--format",
        "json",
    ]);
    for name in OLDER.iter().map(|(n, ..)| *n) {
        assert!(!json.contains(name), "{name} in {json}");
    }
    assert!(!json.contains("\"group\""), "{json}");

    // The desk: `/team` of the group shown links the whole event's; `?all=1` is the command's
    // result, the children named with their group, and its diplomas the schools placed 1–3.
    let app = arbiter::web::App::new(crate::web_api::config(&path, None));
    let get = |uri: &str| crate::web_api::page_of(arbiter::web::router(app.clone()), uri);
    let one = get("/team?best=2&lang=ru");
    assert!(one.contains("id=\"team-all\""), "{one}");
    assert!(one.contains("Командный зачёт всех групп вместе"), "{one}");
    let all = get("/team?all=1&best=2&lang=ru");
    // Headed by the event alone (not the group the desk shows); both groups after round 2.
    assert!(
        all.contains("<h1>Первенство школы — Командный зачёт</h1>"),
        "{all}"
    );
    assert!(!all.contains("team-uneven"), "{all}");
    assert!(
        all.contains("Все группы вместе (Старшие, Малыши); место участника — в его группе"),
        "{all}"
    );
    let shown: Vec<&str> = all
        .split("<td class=\"school\">")
        .skip(1)
        .map(|c| &c[..c.find('<').unwrap()])
        .collect();
    let schools: Vec<String> = rows
        .iter()
        .map(|r| r["school"].as_str().unwrap().replace("№ ", "№\u{a0}"))
        .collect();
    assert_eq!(shown, schools, "{all}");
    assert!(
        all.contains("(Малыши, ") && all.contains("(Старшие, "),
        "{all}"
    );
    let diplomas = get("/team/diplomas?all=1&best=2&lang=ru");
    let first = rows[0]["school"].as_str().unwrap();
    assert!(diplomas.contains(first), "{first}: {diplomas}");
}
