//! The public view's static site (`arbiter tournament publish EVENT --output DIR`): an event of
//! two groups made by the command line, with Cyrillic names, published after 3 rounds and
//! again after the 4th. Every page linked from every page exists as a file (the links walked
//! from `index.html`), the standings page's rows are the desk's (`tournament standings
//! --format json`: names, points, order), no page has a script or a form, and the second run
//! updates the standings and writes the new round.

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

use crate::common::ok;

/// The older children and the younger (a Swiss of 6 each): name, school, grade.
pub(crate) const OLDER: &[(&str, &str, &str)] = &[
    ("Соловьёва Дарья", "Школа № 5", "4"),
    ("Ёлкин Фёдор", "Гимназия № 2", "4"),
    ("Заречная-Преображенская Анастасия", "Школа № 5", "3"),
    ("Константинопольский Вячеслав", "Лицей «Вектор»", "3"),
    ("Петров Пётр", "Гимназия № 2", "4"),
    ("Кузнецова Мария", "Лицей «Вектор»", "3"),
];
pub(crate) const YOUNGER: &[(&str, &str, &str)] = &[
    ("Морозова Полина", "Школа № 5", "1"),
    ("Абдурахманова Зульфия", "Гимназия № 2", "2"),
    ("Иванов Иван", "Лицей «Вектор»", "1"),
    ("Сидоров Илья", "Школа № 5", "2"),
    ("Новикова Ева", "Гимназия № 2", "1"),
    ("Лебедев Матвей", "Лицей «Вектор»", "2"),
];

/// The groups' names, the first group first.
pub(crate) const GROUPS: [&str; 2] = ["Старшие", "Малыши"];

/// Round `round` of group `group` paired and every result entered (1-0, ½-½, 0-1 in turn).
pub(crate) fn play_round(dir: &Path, group: &str, round: u32, boards: usize) {
    ok(&["pair", "ev.arbiter", "--auto", "--group", group], dir);
    for b in 1..=boards {
        let result = ["1-0", "1/2-1/2", "0-1"][(b + round as usize) % 3];
        let (r, b) = (round.to_string(), b.to_string());
        let args = ["result", "ev.arbiter", "--round", &r, "--board", &b, result];
        ok(&[&args[..], &["--group", group]].concat(), dir);
    }
}

/// `dir/ev.arbiter`: «Первенство школы» of 4 rounds in two groups ([`OLDER`], [`YOUNGER`]),
/// `rounds` rounds played in each.
pub(crate) fn two_groups(dir: &Path, rounds: u32) -> PathBuf {
    ok(
        &[
            "new",
            "ev.arbiter",
            "--name",
            "Первенство школы",
            "--rounds",
            "4",
        ],
        dir,
    );
    let add = |(name, club, grade): &(&str, &str, &str), group: Option<&str>| {
        let mut args = vec!["add-player", "ev.arbiter", "--name", name];
        args.extend(["--club", club, "--grade", grade]);
        if let Some(g) = group {
            args.extend(["--group", g]);
        }
        ok(&args, dir);
    };
    for p in OLDER {
        add(p, None);
    }
    ok(
        &["group", "add", "ev.arbiter", GROUPS[1], "--rounds", "4"]
            .iter()
            .chain(&["--first", GROUPS[0]])
            .copied()
            .collect::<Vec<_>>(),
        dir,
    );
    for p in YOUNGER {
        add(p, Some(GROUPS[1]));
    }
    for round in 1..=rounds {
        play_round(dir, GROUPS[0], round, OLDER.len() / 2);
        play_round(dir, GROUPS[1], round, YOUNGER.len() / 2);
    }
    dir.join("ev.arbiter")
}

/// Every file reached from `site/index.html` by its links (relative paths; a link outside the
/// site fails the test): the site's files, `/`-separated. Each page is checked on the way: no
/// script, no form, no absolute link into a server.
fn walk(site: &Path) -> BTreeSet<String> {
    let mut seen = BTreeSet::from(["index.html".to_string()]);
    let mut todo = VecDeque::from(["index.html".to_string()]);
    while let Some(file) = todo.pop_front() {
        let html = std::fs::read_to_string(site.join(&file)).unwrap();
        let lower = html.to_lowercase();
        assert!(!lower.contains("<script"), "{file} has a script");
        assert!(!lower.contains("<form"), "{file} has a form");
        assert!(!lower.contains("javascript:"), "{file}");
        let dir = Path::new(&file).parent().unwrap().to_path_buf();
        for part in html.split("href=\"").skip(1) {
            let link = &part[..part.find('"').unwrap()];
            assert!(
                !link.starts_with('/') && !link.contains('?') && !link.starts_with("http"),
                "{file}: link {link}"
            );
            let mut target = dir.clone();
            for step in link.split('/') {
                if step == ".." {
                    assert!(target.pop(), "{file}: {link} leaves the site");
                } else {
                    target.push(step);
                }
            }
            let target = target.to_str().unwrap().replace('\\', "/");
            assert!(
                site.join(&target).is_file(),
                "{file}: {link} → {target} is missing"
            );
            if seen.insert(target.clone()) && target.ends_with(".html") {
                todo.push_back(target);
            }
        }
    }
    seen
}

/// The files a site of two groups has after `rounds` rounds in each.
fn expected(rounds: u32) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for dir in ["", "group-2/"] {
        for page in ["index", "standings", "crosstable", "prizes"] {
            all.insert(format!("{dir}{page}.html"));
        }
        for n in 1..=rounds {
            all.insert(format!("{dir}rounds/{n}.html"));
            all.insert(format!("{dir}rounds/{n}/games.pgn"));
        }
    }
    all
}

/// The standings page's rows: starting rank and points as shown.
fn page_rows(html: &str) -> Vec<(u64, String)> {
    html.split("<tr data-start-rank=\"")
        .skip(1)
        .map(|row| {
            let rank = row[..row.find('"').unwrap()].parse().unwrap();
            let points = row.split("<td class=\"num points\">").nth(1).unwrap();
            let name = row.split("<span class=\"surname\">").nth(1).unwrap();
            assert!(name.starts_with(|c: char| c.is_alphabetic()), "{row}");
            (rank, points[..points.find('<').unwrap()].to_string())
        })
        .collect()
}

/// The desk's standings of `group` (`tournament standings --format json`): starting rank and
/// points as the Russian page writes them, and the names, in order.
fn desk_rows(dir: &Path, group: &str) -> (Vec<(u64, String)>, Vec<String>) {
    let out = ok(
        &[
            "standings",
            "ev.arbiter",
            "--format",
            "json",
            "--group",
            group,
        ],
        dir,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["standings"].as_array().unwrap();
    let shown = rows
        .iter()
        .map(|r| {
            let p = r["points"].as_f64().unwrap();
            let p = if p.fract() == 0.0 {
                format!("{p}")
            } else {
                format!("{p}").replace('.', ",")
            };
            (r["start_rank"].as_u64().unwrap(), p)
        })
        .collect();
    let names = rows
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    (shown, names)
}

/// The site's standings of both groups equal the desk's (starting ranks, points, order; every
/// name in its row), after round `after`.
fn same_standings(dir: &Path, site: &Path, after: u32) {
    for (page, group) in [
        ("standings.html", GROUPS[0]),
        ("group-2/standings.html", GROUPS[1]),
    ] {
        let html = std::fs::read_to_string(site.join(page)).unwrap();
        let (want, names) = desk_rows(dir, group);
        assert_eq!(page_rows(&html), want, "{page}");
        let rows: Vec<&str> = html.split("<tr data-start-rank=\"").skip(1).collect();
        for (row, name) in rows.iter().zip(&names) {
            let (surname, given) = name.split_once(' ').unwrap();
            assert!(
                row.contains(surname) && row.contains(given),
                "{name}: {row}"
            );
        }
        assert!(html.contains(&format!("после {after}")), "{page}");
        assert!(
            html.contains(&format!("Первенство школы — {group}")),
            "{page}"
        );
    }
}

#[test]
fn publish_writes_a_site_that_follows_the_event() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // No event: said in words, no folder made.
    let err = crate::common::fails(&["publish", "nope.arbiter", "-o", "x", "--lang", "ru"], dir);
    assert!(err.contains("nope.arbiter"), "{err}");
    assert!(!dir.join("x").exists());
    two_groups(dir, 3);
    let site = dir.join("site");
    let text = ok(
        &["publish", "ev.arbiter", "--output", "site", "--lang", "ru"],
        dir,
    );
    assert!(
        text.contains("файлов 20") && text.contains("site"),
        "{text}"
    );
    assert_eq!(walk(&site), expected(3));
    same_standings(dir, &site, 3);
    let pgn = std::fs::read_to_string(site.join("group-2/rounds/3/games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Round \"3.").count(), 3, "{pgn}");
    // No school or grade (the event does not show them), no birth date.
    let standings = std::fs::read_to_string(site.join("standings.html")).unwrap();
    assert!(!standings.contains("Гимназия"), "{standings}");

    // Round 4 paired in the first group, published, then undone: its pages go.
    ok(&["pair", "ev.arbiter", "--auto", "--group", GROUPS[0]], dir);
    ok(
        &["publish", "ev.arbiter", "-o", "site", "--lang", "ru"],
        dir,
    );
    assert!(site.join("rounds/4.html").is_file());
    let home = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(home.contains("href=\"rounds/4.html\""), "{home}");
    ok(&["undo", "ev.arbiter"], dir);
    let out = ok(
        &["publish", "ev.arbiter", "-o", "site", "--format", "json"],
        dir,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["removed"],
        serde_json::json!(["rounds/4.html", "rounds/4/games.pgn"])
    );
    assert!(!site.join("rounds/4").exists());
    assert_eq!(walk(&site), expected(3));

    // Round 4 played in both groups: the site follows (the same folder, written again).
    play_round(dir, GROUPS[0], 4, OLDER.len() / 2);
    play_round(dir, GROUPS[1], 4, YOUNGER.len() / 2);
    let text = ok(
        &["publish", "ev.arbiter", "-o", "site", "--lang", "en"],
        dir,
    );
    assert!(text.contains("24 files"), "{text}");
    // (In English now: the points with a point.)
    ok(
        &["publish", "ev.arbiter", "-o", "site", "--lang", "ru"],
        dir,
    );
    assert_eq!(walk(&site), expected(4));
    same_standings(dir, &site, 4);
    // Nothing but the site's files in the folder (each written through a temporary file).
    let mut all = BTreeSet::new();
    let mut dirs = vec![site.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                dirs.push(e.path());
            } else {
                let rel = e.path().strip_prefix(&site).unwrap().to_owned();
                all.insert(rel.to_str().unwrap().replace('\\', "/"));
            }
        }
    }
    assert_eq!(all, expected(4));
}
