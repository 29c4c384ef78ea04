//! Player lists as schools send them (tests/data/players/): a Windows-1251 list with `;`
//! (Excel on a Russian Windows), a UTF-8 list with BOM and `,`, and a TSV with English
//! headers, likely duplicates and bad rows. Every accepted, duplicate and refused row is
//! checked, then the lists are added through `arbiter tournament add-players --apply`.

use std::path::Path;
use std::process::Command;

use arbiter::formats::player_list::{self, DuplicateOf, RowProblem};
use arbiter::i18n::Lang;
use arbiter::tournament::player::PlayerProblem;
use arbiter::tournament::{Player, Sex, Tournament};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/players")
            .join(name),
    )
    .unwrap()
}

/// An event with Соловьёва Дарья (born 05.03.2017) already registered.
fn event() -> Tournament {
    let mut t = Tournament::new("Первенство школ", 4);
    t.add_player(Player {
        name: "Соловьёва, Дарья".into(),
        birth_date: Some("05.03.2017".into()),
        sex: Some(Sex::Female),
        ..Player::default()
    })
    .unwrap();
    t
}

/// (line, name, patronymic, birth date, sex, grade, club, rating, FSR id)
type Row<'a> = (
    usize,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    Option<Sex>,
    Option<u8>,
    Option<&'a str>,
    Option<u16>,
    Option<u64>,
);

fn row_of(r: &player_list::ListRow) -> Row<'_> {
    let p = &r.player;
    (
        r.line,
        &p.name,
        p.patronymic.as_deref(),
        p.birth_date.as_deref(),
        p.sex,
        p.grade,
        p.club.as_deref(),
        p.rating,
        p.fsr_id,
    )
}

#[test]
fn windows_1251_school_list_with_semicolons() {
    let t = event();
    assert_eq!(t.players[0].birth_date.as_deref(), Some("2017/03/05"));
    let p = player_list::read(&data("school-1251.csv"), &t, "school-1251.csv").unwrap();
    assert_eq!(p.encoding, "windows-1251");
    assert_eq!(p.delimiter, ';');
    assert!(p.ignored.is_empty(), "{:?}", p.ignored);
    use Sex::*;
    let school12 = Some("МБОУ СОШ № 12");
    let gym5 = Some("Гимназия № 5");
    let vector = Some("Лицей «Вектор»");
    let rows: Vec<Row> = p.to_add.iter().map(row_of).collect();
    assert_eq!(
        rows,
        vec![
            (
                3,
                "Иванов Пётр",
                Some("Сергеевич"),
                Some("2016/11/14"),
                Some(Male),
                Some(3),
                school12,
                Some(1120),
                Some(123456)
            ),
            (
                4,
                "Кузнецова Мария",
                Some("Игоревна"),
                Some("2018/09/01"),
                Some(Female),
                Some(1),
                school12,
                None,
                None
            ),
            (
                5,
                "Ёлкин Фёдор",
                Some("Ильич"),
                Some("2015/12/30"),
                Some(Male),
                Some(4),
                gym5,
                Some(1250),
                Some(234567)
            ),
            (
                6,
                "Абдурахманова Зульфия",
                Some("Рустамовна"),
                Some("2017/06/17"),
                Some(Female),
                Some(2),
                gym5,
                None,
                None
            ),
            (
                7,
                "Ким Ли",
                None,
                Some("2016/02/22"),
                Some(Male),
                Some(3),
                gym5,
                None,
                None
            ),
            (
                8,
                "Заречная-Преображенская Ася",
                Some("Олеговна"),
                Some("2018/08/08"),
                Some(Female),
                Some(1),
                vector,
                None,
                None
            ),
            (
                9,
                "Константинопольский Вячеслав",
                Some("Петрович"),
                Some("2016/02/29"),
                Some(Male),
                Some(4),
                vector,
                Some(1005),
                Some(345678)
            ),
        ]
    );
    // Соловьёва Дарья Андреевна, 05.03.2017: the registered Соловьёва, Дарья.
    assert_eq!(p.duplicates.len(), 1);
    assert_eq!(p.duplicates[0].row.line, 2);
    assert_eq!(p.duplicates[0].row.player.grade, Some(2));
    assert_eq!(p.duplicates[0].of, DuplicateOf::Registered(1));
    assert!(p.refused.is_empty());
}

#[test]
fn utf8_list_with_bom_full_names_and_quotes() {
    let t = event();
    let p = player_list::read(&data("list-utf8-bom.csv"), &t, "list-utf8-bom.csv").unwrap();
    assert_eq!(p.encoding, "UTF-8 (BOM)");
    assert_eq!(p.delimiter, ',');
    let tula = Some("Школа № 5, г. Тула");
    let rook = Some("Клуб \"Ладья\"");
    use Sex::*;
    let rows: Vec<Row> = p.to_add.iter().map(row_of).collect();
    assert_eq!(
        rows,
        vec![
            (
                2,
                "Петров Пётр",
                Some("Алексеевич"),
                Some("2016/04/30"),
                Some(Male),
                Some(3),
                tula,
                None,
                None
            ),
            (
                3,
                "Соколова Ева",
                None,
                Some("2017"),
                Some(Female),
                Some(2),
                tula,
                None,
                None
            ),
            (
                4,
                "Лебедев Марк",
                None,
                Some("2015/10/10"),
                Some(Male),
                Some(4),
                rook,
                None,
                None
            ),
            // Line 5 is empty: skipped.
            (
                6,
                "Морозова Полина",
                Some("Викторовна"),
                Some("2018/01/03"),
                Some(Female),
                Some(1),
                rook,
                None,
                None
            ),
        ]
    );
    assert_eq!(p.to_add[2].player.fide_id, Some(34127654));
    assert!(p.duplicates.is_empty() && p.refused.is_empty());
}

#[test]
fn duplicates_and_bad_rows_each_with_line_and_reason() {
    let t = event();
    let p = player_list::read(&data("duplicates-and-bad.tsv"), &t, "bad.tsv").unwrap();
    assert_eq!((p.encoding.as_str(), p.delimiter), ("UTF-8", '\t'));
    assert_eq!(p.ignored, vec!["Phone".to_string()]);
    let added: Vec<(usize, &str)> = p
        .to_add
        .iter()
        .map(|r| (r.line, r.player.name.as_str()))
        .collect();
    assert_eq!(
        added,
        vec![(2, "Orlova Sofia"), (15, "Vinogradov Svyatoslav")]
    );
    assert_eq!(p.to_add[1].player.rating, Some(1300));
    let dups: Vec<(usize, &str, DuplicateOf)> = p
        .duplicates
        .iter()
        .map(|d| (d.row.line, d.row.player.name.as_str(), d.of.clone()))
        .collect();
    assert_eq!(
        dups,
        vec![
            // ё = е and case: the registered Соловьёва, Дарья of the same birth date.
            (3, "Соловьева дарья", DuplicateOf::Registered(1)),
            // Capitals, no birth date: line 2's Orlova Sofia.
            (4, "Orlova Sofia", DuplicateOf::Line(2)),
            // Another birth date than line 2, but line 4's is unknown: may be line 4's child.
            (13, "Orlova Sofia", DuplicateOf::Line(4)),
        ]
    );
    let refused: Vec<(usize, RowProblem)> = p
        .refused
        .iter()
        .map(|r| (r.line, r.problem.clone()))
        .collect();
    assert_eq!(
        refused,
        vec![
            (5, RowProblem::BirthDate("31.04.2016".into())),
            (6, RowProblem::Sex("x".into())),
            (7, RowProblem::Grade("12".into())),
            (8, RowProblem::NoName),
            (9, RowProblem::Rating("много".into())),
            (10, RowProblem::FideId("12ab".into())),
            (
                11,
                RowProblem::ExtraCells {
                    found: 10,
                    expected: 9
                }
            ),
            (12, RowProblem::Player(PlayerProblem::Rating(12000))),
        ]
    );
    // The reasons in both languages.
    assert_eq!(
        p.refused[0].problem.text(Lang::Ru),
        "дата рождения «31.04.2016» — не настоящая дата в виде ДД.ММ.ГГГГ или ГГГГ/ММ/ДД (или год ГГГГ)"
    );
    assert_eq!(
        p.refused[2].problem.text(Lang::En),
        "grade \"12\" is not a number from 1 to 11"
    );
    assert_eq!(
        p.refused[0].text,
        "Fedorov; Timur; 31.04.2016; m; 3; School 7"
    );
    // Applying adds the rows to add only, or the duplicates too when asked.
    let mut only = t.clone();
    assert_eq!(p.apply(&mut only, false).unwrap(), 2);
    assert_eq!(only.players.len(), 3);
    let mut all = t.clone();
    assert_eq!(p.apply(&mut all, true).unwrap(), 5);
}

#[test]
fn lists_without_a_name_column_or_rows_are_errors() {
    let t = event();
    let e = player_list::read("Класс;Школа\n1;5\n".as_bytes(), &t, "x.csv").unwrap_err();
    assert_eq!(
        e.text(Lang::Ru),
        "x.csv:1: в строке заголовка нет столбца с фамилией или ФИО: Класс;Школа"
    );
    let e = player_list::read(b"\n \n", &t, "y.csv").unwrap_err();
    assert_eq!(e.text(Lang::En), "y.csv: the list is empty");
    let e = player_list::read("ФИО;Фамилия\n".as_bytes(), &t, "z.csv");
    assert!(e.is_ok(), "ФИО and Фамилия are two columns: {e:?}");
    let e = player_list::read("Имя;Фамилия;имя\n".as_bytes(), &t, "w.csv").unwrap_err();
    assert_eq!(
        e.text(Lang::En),
        "w.csv:1: the column \"имя\" is named twice"
    );
}

/// `add-players` previews without writing, `--apply` writes; `add-player` takes ДД.ММ.ГГГГ.
#[test]
fn the_command_previews_then_applies() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("event.json");
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let s = state.to_str().unwrap();
    run(&["tournament", "new", s, "--name", "Школьный турнир"]);
    run(&[
        "tournament",
        "add-player",
        s,
        "--name",
        "Соловьёва, Дарья",
        "--birth-date",
        "05.03.2017",
    ]);
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/players/school-1251.csv");
    let list = list.to_str().unwrap();
    let before = crate::common::snapshot(&state);
    let text = run(&["tournament", "add-players", s, list, "--lang", "ru"]);
    assert!(
        text.contains("кодировка windows-1251, разделитель «;»"),
        "{text}"
    );
    assert!(text.contains("Будут добавлены: 7"), "{text}");
    assert!(
        text.contains("  стр. 2  Соловьёва Дарья Андреевна, 05.03.2017, ж, 2 класс, МБОУ СОШ № 12 — как № 1 Соловьёва, Дарья (уже в турнире)"),
        "{text}"
    );
    assert!(text.contains("Ничего не записано"), "{text}");
    assert_eq!(
        crate::common::snapshot(&state),
        before,
        "a preview writes nothing"
    );
    let text = run(&[
        "tournament",
        "add-players",
        s,
        list,
        "--apply",
        "--lang",
        "ru",
    ]);
    assert!(text.contains("Добавлено участников: 7."), "{text}");
    let t = arbiter::tournament::store::load(&state).unwrap();
    assert_eq!(t.players.len(), 8);
    let ivanov = t.players.iter().find(|p| p.name == "Иванов Пётр").unwrap();
    assert_eq!((ivanov.grade, ivanov.fsr_id), (Some(3), Some(123456)));
    assert_eq!(
        t.players
            .iter()
            .find(|p| p.name.starts_with("Соловь"))
            .unwrap()
            .birth_date
            .as_deref(),
        Some("2017/03/05")
    );
    // JSON for programs.
    let json = run(&["tournament", "add-players", s, list, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["preview"]["to_add"].as_array().unwrap().len(), 0);
    assert_eq!(v["preview"]["duplicates"].as_array().unwrap().len(), 8);
    assert_eq!(v["added"], serde_json::Value::Null);
}

/// `export-players` writes a list a spreadsheet opens (UTF-8 with BOM, `;`, CRLF, the Russian
/// header, ДД.ММ.ГГГГ) and `add-players` reads it back into the same players.
#[test]
fn exported_list_reads_back_into_the_same_players() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("event.json");
    let copy = dir.path().join("copy.json");
    let csv = dir.path().join("players.csv");
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (s, c, f) = (
        state.to_str().unwrap(),
        copy.to_str().unwrap(),
        csv.to_str().unwrap(),
    );
    run(&["tournament", "new", s, "--name", "Школьный турнир"]);
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/players/school-1251.csv");
    run(&[
        "tournament",
        "add-players",
        s,
        list.to_str().unwrap(),
        "--apply",
    ]);
    // Fields the school list lacks: a year alone, a title, a federation, a FIDE id, a name
    // without a given name, a cell with `;` and quotes, a name a spreadsheet takes for a formula.
    let mut t = arbiter::tournament::store::load(&state).unwrap();
    t.add_player(Player {
        name: "Карлсен Магнус".into(),
        rating: Some(2830),
        title: Some("GM".into()),
        federation: Some("NOR".into()),
        fide_id: Some(1503014),
        birth_date: Some("1990".into()),
        sex: Some(Sex::Male),
        club: Some("Клуб \"Ладья\"; Осло".into()),
        ..Player::default()
    })
    .unwrap();
    t.add_player(Player {
        name: "-Минус".into(),
        ..Player::default()
    })
    .unwrap();
    arbiter::tournament::store::save(&t, &state).unwrap();

    let text = run(&["tournament", "export-players", s, "-o", f, "--lang", "ru"]);
    assert!(text.contains("Участников: 10; записаны в"), "{text}");
    let bytes = std::fs::read(&csv).unwrap();
    assert!(
        bytes.starts_with("\u{feff}".as_bytes()),
        "a byte-order mark first"
    );
    let written = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let lines: Vec<&str> = written.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "№;Фамилия;Имя;Отчество;Дата рождения;Пол;Класс;Школа/клуб;Рейтинг;FIDE ID;ID ФШР;Звание;Федерация"
    );
    let ivanov = t.players.iter().find(|p| p.name == "Иванов Пётр").unwrap();
    assert!(
        lines.contains(
            &format!(
                "{};Иванов;Пётр;{};{};м;3;{};{};;123456;;",
                ivanov.start_rank,
                ivanov.patronymic.clone().unwrap_or_default(),
                arbiter::tournament::player::date_text(
                    ivanov.birth_date.as_deref().unwrap(),
                    Lang::Ru
                ),
                ivanov.club.clone().unwrap_or_default(),
                ivanov.rating.map(|r| r.to_string()).unwrap_or_default(),
            )
            .as_str()
        ),
        "{written}"
    );
    assert!(
        written.contains(
            "Карлсен;Магнус;;1990;м;;\"Клуб \"\"Ладья\"\"; Осло\";2830;1503014;;GM;NOR\r\n"
        ),
        "{written}"
    );
    assert!(written.contains(";'-Минус;;"), "{written}");
    assert_eq!(
        lines.len(),
        12,
        "header, 10 players, the empty end: {written}"
    );

    // Standard output gives the same bytes.
    let out = Command::new(bin)
        .args(["tournament", "export-players", s])
        .output()
        .unwrap();
    assert_eq!(out.stdout, bytes);

    run(&["tournament", "new", c, "--name", "Копия"]);
    let text = run(&["tournament", "add-players", c, f, "--apply", "--lang", "ru"]);
    assert!(text.contains("Добавлено участников: 10."), "{text}");
    assert!(text.contains("UTF-8 (BOM), разделитель «;»"), "{text}");
    let back = arbiter::tournament::store::load(&copy).unwrap();
    let key = |p: &Player| Player {
        start_rank: 0,
        ..p.clone()
    };
    let mut a: Vec<Player> = t.players.iter().map(key).collect();
    let mut b: Vec<Player> = back.players.iter().map(key).collect();
    a.sort_by(|x, y| x.name.cmp(&y.name));
    b.sort_by(|x, y| x.name.cmp(&y.name));
    assert_eq!(a, b);
    assert!(b.iter().any(|p| p.name == "-Минус"));
}

/// A list's names are written as the desk's form writes them, «Фамилия Имя» with capitals
/// (`normalise_name`): a name typed in lower case or in capitals is given its capitals, the
/// reader's comma between surname and given name is dropped, and the preview says for each
/// changed row how the list had it and how many it changed; `add-players --apply` writes the
/// new names and says the same.
#[test]
fn list_names_are_written_surname_given_name_with_capitals() {
    let list = "Фамилия;Имя;Класс\nкузнецова;дарья;2\nОРЛОВ;ЛЕВ;3\nСмирнов;Дмитрий;1\n";
    let t = Tournament::new("Первенство школы", 4);
    let p = player_list::read(list.as_bytes(), &t, "list.csv").unwrap();
    let rows: Vec<(&str, Option<&str>)> = p
        .to_add
        .iter()
        .map(|r| (r.player.name.as_str(), r.written.as_deref()))
        .collect();
    assert_eq!(
        rows,
        [
            ("Кузнецова Дарья", Some("кузнецова дарья")),
            ("Орлов Лев", Some("ОРЛОВ ЛЕВ")),
            ("Смирнов Дмитрий", None),
        ]
    );
    let text = p.to_text(std::slice::from_ref(&t), "list.csv", Lang::Ru);
    assert!(
        text.contains("  стр. 2  Кузнецова Дарья, 2 класс (в списке: «кузнецова дарья»)\n"),
        "{text}"
    );
    assert!(
        text.contains("  стр. 4  Смирнов Дмитрий, 1 класс\n"),
        "{text}"
    );
    assert!(
        text.contains("Имена записаны как «Фамилия Имя» с заглавных букв: 2"),
        "{text}"
    );
    // A patronymic typed in lower case or capitals gets its capital as the name does.
    let with_patronymics =
        "Фамилия;Имя;Отчество;Класс\nкузнецова;мария;игоревна;2\nОРЛОВ;ЛЕВ;ПЕТРОВИЧ;3\n";
    let read = player_list::read(with_patronymics.as_bytes(), &t, "list.csv").unwrap();
    let patronymics: Vec<Option<&str>> = read
        .to_add
        .iter()
        .map(|r| r.player.patronymic.as_deref())
        .collect();
    assert_eq!(patronymics, [Some("Игоревна"), Some("Петрович")]);
    let en = p.to_text(std::slice::from_ref(&t), "list.csv", Lang::En);
    assert!(en.contains("(the list: “ОРЛОВ ЛЕВ”)"), "{en}");

    // In FIDE mode the comma is FIDE's: kept, the capitals given all the same.
    let mut fide = Tournament::new("Open", 4);
    fide.fide.mode = arbiter::tournament::fide_mode::FideMode::On;
    let p = player_list::read(list.as_bytes(), &fide, "list.csv").unwrap();
    assert_eq!(p.to_add[0].player.name, "Кузнецова, Дарья");
    assert_eq!(p.to_add[2].written, None);

    // The command writes what the preview showed.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("event.json");
    let csv = dir.path().join("list.csv");
    std::fs::write(&csv, list).unwrap();
    arbiter::tournament::store::save(&t, &state).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["tournament", "add-players"])
        .args([&state, &csv])
        .args(["--apply", "--lang", "ru"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("(в списке: «ОРЛОВ ЛЕВ»)"), "{text}");
    assert!(text.contains("Добавлено участников: 3."), "{text}");
    let names: Vec<String> = arbiter::tournament::store::load(&state)
        .unwrap()
        .players
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Кузнецова Дарья", "Орлов Лев", "Смирнов Дмитрий"]);
}
