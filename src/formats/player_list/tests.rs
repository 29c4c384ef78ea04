//! The reading of a list's cells: headers, grades, sexes, delimiters, encodings.

use super::*;

#[test]
fn headers_in_both_languages() {
    assert_eq!(column_of("\u{feff}Фамилия"), Some(Column::Surname));
    assert_eq!(column_of("  ИМЯ "), Some(Column::Given));
    assert_eq!(column_of("Ф.И.О."), Some(Column::FullName));
    assert_eq!(column_of("Д.р."), Some(Column::BirthDate));
    assert_eq!(column_of("Дата  рождения"), Some(Column::BirthDate));
    assert_eq!(column_of("ID ФШР"), Some(Column::FsrId));
    assert_eq!(column_of("FIDE ID"), Some(Column::FideId));
    assert_eq!(column_of("Школа/клуб"), Some(Column::Club));
    assert_eq!(column_of("Date of birth"), Some(Column::BirthDate));
    assert_eq!(column_of("№ п/п"), Some(Column::Number));
    assert_eq!(column_of("Телефон родителей"), None);
}

#[test]
fn grades_and_sexes() {
    assert_eq!(parse_grade("2Б"), Some(2));
    assert_eq!(parse_grade("3 \"А\""), Some(3));
    assert_eq!(parse_grade("4 класс"), Some(4));
    assert_eq!(parse_grade("1 кл."), Some(1));
    assert_eq!(parse_grade("11"), Some(11));
    assert_eq!(parse_grade("0"), None);
    assert_eq!(parse_grade("12"), None);
    assert_eq!(parse_grade("второй"), None);
    assert_eq!(parse_grade("2 Б класс"), None);
    assert_eq!(parse_sex("Жен."), Some(Sex::Female));
    assert_eq!(parse_sex("девочка"), Some(Sex::Female));
    assert_eq!(parse_sex("М"), Some(Sex::Male));
    assert_eq!(parse_sex("x"), None);
}

#[test]
fn delimiters() {
    assert_eq!(delimiter("Фамилия;Имя;Школа, класс\n"), ';');
    assert_eq!(delimiter("a\tb\tc\n"), '\t');
    assert_eq!(delimiter("\n\nname,born\n"), ',');
    assert_eq!(delimiter("ФИО\n"), ';');
}

#[test]
fn a_list_added_at_once_gets_the_numbers_of_one_by_one() {
    let mut list = Vec::new();
    for i in 0..60u16 {
        list.push(Player {
            name: format!("Игрок {}", i % 7),
            rating: (i % 3 != 0).then_some(1000 + (i % 5) * 10),
            ..Player::default()
        });
    }
    let mut one_by_one = Tournament::new("x", 3);
    one_by_one.add_player(list[0].clone()).unwrap();
    let mut at_once = one_by_one.clone();
    for p in &list[1..] {
        one_by_one.add_player(p.clone()).unwrap();
    }
    at_once.add_players(list[1..].to_vec()).unwrap();
    assert_eq!(at_once.players, one_by_one.players);
}

#[test]
fn encodings() {
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode("Фамилия;Имя\n");
    assert_eq!(
        decode(&bytes),
        (Cow::Borrowed("Фамилия;Имя\n"), "windows-1251".into())
    );
    let bom = [b"\xef\xbb\xbf".as_slice(), "ФИО\n".as_bytes()].concat();
    assert_eq!(decode(&bom), (Cow::Borrowed("ФИО\n"), "UTF-8 (BOM)".into()));
    assert_eq!(decode("ФИО".as_bytes()).1, "UTF-8");
}
