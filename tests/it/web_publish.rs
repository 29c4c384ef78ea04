//! The public view's static site (`arbiter tournament publish EVENT --output DIR`): an event of
//! two groups made by the command line, with Cyrillic names, published after 3 rounds and
//! again after the 4th. Every page linked from every page exists as a file (the links walked
//! from `index.html`), the standings page's rows are the desk's (`tournament standings
//! --format json`: names, points, order), no page has a script or a form, and the second run
//! updates the standings and writes the new round.

use std::path::{Path, PathBuf};

use crate::common::ok;

/// The older children (a Swiss of 6) and the younger (a Swiss of 4): name, school, grade.
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
