//! School lists added to an event of several groups (`tournament add-players`): each row to
//! the group its «Группа» column names (a Cyrillic «А» for the group «A» too), or by the
//! arbiter's grade rules (`--group-by-grade 1-2=Младшие,3-4=Старшие`); a row left without a
//! group, or naming a group the event does not have, refused with its line and the reason in
//! Russian and English while the other rows are added; rules that cannot be taken refused
//! before any row is read.

use crate::common::{fails, ok};

/// An event of three groups: «Младшие» (the first), «Старшие» and «A», no players.
fn three_groups(dir: &std::path::Path) {
    ok(
        &[
            "new",
            "ev.arbiter",
            "--name",
            "Первенство школ",
            "--rounds",
            "5",
        ],
        dir,
    );
    ok(
        &[
            "group",
            "add",
            "ev.arbiter",
            "Старшие",
            "--first",
            "Младшие",
        ],
        dir,
    );
    ok(&["group", "add", "ev.arbiter", "A"], dir);
}

/// The groups' lines of `tournament group list`: name and players.
fn players_by_group(dir: &std::path::Path) -> Vec<(String, u64)> {
    let json = ok(&["group", "list", "ev.arbiter", "--format", "json"], dir);
    let groups: serde_json::Value = serde_json::from_str(&json).unwrap();
    groups
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap().to_string(),
                g["players"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// A list as a school secretary exports it from Excel: `;`, a row number, the group column
/// filled by hand (one name in lower case with a trailing space, one group the event does
/// not have, a Cyrillic «А», one cell left empty) and a mistyped birth date.
const BY_COLUMN: &str = "\
№;Фамилия;Имя;Класс;Дата рождения;Школа;Группа
1;Соловьёва;Дарья;2Б;05.03.2017;МБОУ СОШ № 12;Младшие
2;Петров;Пётр;4;14.11.2015;МБОУ СОШ № 12;старшие 
3;Сидоров;Илья;3;02.02.2016;Гимназия № 5;Средние
4;Кузнецова;Мария;1;31.02.2018;Гимназия № 5;Младшие
5;Орлов;Глеб;2;11.09.2016;Лицей «Вектор»;А
6;Волкова;Ника;3;;Лицей «Вектор»;
";

#[test]
fn the_group_column_places_each_row_and_bad_rows_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    three_groups(d);
    std::fs::write(d.join("spisok.csv"), BY_COLUMN).unwrap();
    let text = ok(
        &[
            "add-players",
            "ev.arbiter",
            "spisok.csv",
            "--apply",
            "--lang",
            "ru",
        ],
        d,
    );
    assert!(
        text.contains(
            "Будут добавлены: 3\n  стр. 2  Младшие: Соловьёва Дарья, 05.03.2017, 2 класс, МБОУ СОШ № 12\n  стр. 3  Старшие: Петров Пётр, 14.11.2015, 4 класс, МБОУ СОШ № 12\n  стр. 6  A: Орлов Глеб, 11.09.2016, 2 класс, Лицей «Вектор»\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Не приняты: 3\n  стр. 4  3; Сидоров; Илья; 3; 02.02.2016; Гимназия № 5; Средние — группы «Средние» в турнире нет (группы: «Младшие», «Старшие», «A»): добавьте её на странице групп или исправьте название в списке\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("  стр. 5  4; Кузнецова; Мария; 1; 31.02.2018; Гимназия № 5; Младшие — дата рождения «31.02.2018»"),
        "{text}"
    );
    assert!(
        text.contains("  стр. 7  6; Волкова; Ника; 3; ; Лицей «Вектор» — не сказано, в какую группу (группы: «Младшие», «Старшие», «A»): заполните столбец «Группа» или задайте группы по классам\n"),
        "{text}"
    );
    assert!(text.contains("Добавлено участников: 3."), "{text}");
    assert_eq!(
        players_by_group(d),
        [
            ("Младшие".to_string(), 1),
            ("Старшие".to_string(), 1),
            ("A".to_string(), 1)
        ]
    );
    // The same rows again: each a likely duplicate in its own group, the bad rows refused
    // again, in English.
    let text = ok(
        &["add-players", "ev.arbiter", "spisok.csv", "--lang", "en"],
        d,
    );
    assert!(
        text.contains("To add: 0\n") && text.contains("Look like players already listed (not added): 3\n  line 2  Младшие: Соловьёва Дарья, 2017/03/05, grade 2, МБОУ СОШ № 12 — like No. 1 Соловьёва Дарья (already registered)\n"),
        "{text}"
    );
    assert!(
        text.contains("— the event has no group \"Средние\" (its groups: «Младшие», «Старшие», «A»): add it on the groups page or correct the name in the list\n"),
        "{text}"
    );
    assert!(
        text.contains("— no group given (the groups: «Младшие», «Старшие», «A»): fill in the \"Group\" column or give groups by grade\n"),
        "{text}"
    );
}

/// A list with no group column, saved by Excel on a Russian Windows (Windows-1251): ФИО in
/// one cell, grades written as schools write them, a fifth-grader and a girl whose grade is
/// missing.
const BY_GRADE: &str = "\
Ф.И.О.;Класс;Пол;Школа
Андреев Артём Сергеевич;1А;м;Школа № 3
Борисова Вера;2;ж;Школа № 3
Васильев Глеб;3 класс;м;Школа № 7
Григорьева Анна;4 \"Б\";ж;Школа № 7
Дмитриев Олег;5;м;Школа № 7
Егорова Софья;;ж;Школа № 3
";

#[test]
fn grade_rules_place_the_rows_and_a_grade_no_rule_fits_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    three_groups(d);
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(BY_GRADE);
    std::fs::write(d.join("klassy.csv"), &bytes).unwrap();
    let rules = "1-2=Младшие, 3–4=Старшие";
    let text = ok(
        &[
            "add-players",
            "ev.arbiter",
            "klassy.csv",
            "--group-by-grade",
            rules,
            "--apply",
            "--lang",
            "ru",
        ],
        d,
    );
    assert!(
        text.starts_with("Список klassy.csv: кодировка windows-1251"),
        "{text}"
    );
    assert!(
        text.contains(
            "Будут добавлены: 4\n  стр. 2  Младшие: Андреев Артём Сергеевич, м, 1 класс, Школа № 3\n  стр. 3  Младшие: Борисова Вера, ж, 2 класс, Школа № 3\n  стр. 4  Старшие: Васильев Глеб, м, 3 класс, Школа № 7\n  стр. 5  Старшие: Григорьева Анна, ж, 4 класс, Школа № 7\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Не приняты: 2\n  стр. 6  Дмитриев Олег; 5; м; Школа № 7 — 5 класс — не подходит ни одно правило «классы → группа» (1–2 → «Младшие», 3–4 → «Старшие»)\n  стр. 7  Егорова Софья; ; ж; Школа № 3 — класс не указан — не подходит ни одно правило «классы → группа» (1–2 → «Младшие», 3–4 → «Старшие»)\n"),
        "{text}"
    );
    assert_eq!(
        players_by_group(d),
        [
            ("Младшие".to_string(), 2),
            ("Старшие".to_string(), 2),
            ("A".to_string(), 0)
        ]
    );
    // The journal says how the list was placed.
    let log = ok(&["log", "ev.arbiter", "--format", "json"], d);
    assert!(log.contains("1-2=Младшие, 3–4=Старшие"), "{log}");
}

#[test]
fn rules_that_cannot_be_taken_refuse_the_list_before_any_row() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    three_groups(d);
    std::fs::write(d.join("spisok.csv"), BY_COLUMN).unwrap();
    let cases = [
        (
            "1-2=Средние",
            "правило «1-2=Средние»: группы «Средние» в турнире нет (группы: «Младшие», «Старшие», «A»)",
        ),
        (
            "1-3=Младшие,3-4=Старшие",
            "правила «1-3=Младшие» и «3-4=Старшие» отдают один и тот же класс двум группам",
        ),
        (
            "1-2 Младшие",
            "правило «1-2 Младшие» не понято: классы и группа через «=», правила через запятую, например 1-2=A,3-4=B",
        ),
        (
            "0-2=Младшие",
            "правило «0-2=Младшие»: классы — от 1 до 11, первый не больше второго",
        ),
    ];
    for (rules, message) in cases {
        let err = fails(
            &[
                "add-players",
                "ev.arbiter",
                "spisok.csv",
                "--group-by-grade",
                rules,
                "--apply",
                "--lang",
                "ru",
            ],
            d,
        );
        assert!(err.contains(message), "{rules}: {err}");
    }
    assert_eq!(
        players_by_group(d).iter().map(|g| g.1).sum::<u64>(),
        0,
        "nothing added"
    );
    let err = fails(
        &[
            "add-players",
            "ev.arbiter",
            "spisok.csv",
            "--group-by-grade",
            "1-2=Средние",
            "--lang",
            "en",
        ],
        d,
    );
    assert!(
        err.contains("the rule \"1-2=Средние\": the event has no group \"Средние\" (its groups: «Младшие», «Старшие», «A»)"),
        "{err}"
    );
}

#[test]
fn the_group_named_on_the_command_line_takes_a_list_without_column_or_rules() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    three_groups(d);
    let list = "Фамилия;Имя;Класс\nЖуков;Иван;7\nЗайцева;Лиза;8\n";
    std::fs::write(d.join("a.csv"), list).unwrap();
    // Without --group: every row refused (nothing says where), none lost silently.
    let text = ok(&["add-players", "ev.arbiter", "a.csv", "--lang", "ru"], d);
    assert!(text.contains("Будут добавлены: 0\n"), "{text}");
    assert!(text.contains("Не приняты: 2\n"), "{text}");
    ok(
        &[
            "add-players",
            "ev.arbiter",
            "a.csv",
            "--group",
            "a",
            "--apply",
        ],
        d,
    );
    assert_eq!(
        players_by_group(d),
        [
            ("Младшие".to_string(), 0),
            ("Старшие".to_string(), 0),
            ("A".to_string(), 2)
        ]
    );
}

#[test]
fn an_event_of_one_group_does_not_read_the_group_column() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        &["new", "ev.arbiter", "--name", "Турнир", "--rounds", "5"],
        d,
    );
    std::fs::write(d.join("spisok.csv"), BY_COLUMN).unwrap();
    let text = ok(
        &[
            "add-players",
            "ev.arbiter",
            "spisok.csv",
            "--apply",
            "--lang",
            "ru",
        ],
        d,
    );
    // Every row with a good date is added (the group column is shown as not read).
    assert!(text.contains("Будут добавлены: 5\n"), "{text}");
    assert!(text.contains("Не прочитаны столбцы: Группа\n"), "{text}");
    assert!(!text.contains("Младшие:"), "{text}");
}
