//! The journal page (`/log`) in words: every action and every argument a person reads is in
//! the page's language, never the program's own names (`group-add`, `tb1`,
//! `public_school_grade`, a tie-break's code, a pairing system's key). Changes are made on the
//! command line and on the desk, then the page is read in Russian and in English.

use crate::common::ok;
use crate::web_api::{config, send};
use crate::web_publish::{GROUPS, two_groups};

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

/// The cells a person reads on the journal page: the change and its details, tags and the
/// hidden row number aside.
fn read_cells(page: &str) -> Vec<String> {
    let body = page.split("<tbody>").nth(1).expect("the journal's table");
    let body = body.split("</tbody>").next().unwrap();
    body.split("<tr")
        .skip(1)
        .flat_map(|row| row.split("<td").skip(4).map(str::to_string))
        .map(|cell| {
            let mut text = String::new();
            let mut in_tag = true;
            for c in cell.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text
        })
        .collect()
}

/// The program's own names in a Russian `text`: a Latin word joined by `-` or `_` to
/// another, or ending in a digit (`group-add`, `public_school_grade`, `tb1`, `BH-C1`).
fn internal_names(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .filter(|w| {
            w.trim_matches(|c| c == '-' || c == '_')
                .contains(['-', '_'])
                || w.ends_with(|c: char| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_journal_page_names_every_change_and_field_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let state = tokio::task::block_in_place(|| {
        let state = two_groups(dir.path(), 0);
        let d = dir.path();
        ok(
            &[
                "tie-breaks",
                "ev.arbiter",
                "--set",
                "BH-C1,SB",
                "--group",
                GROUPS[0],
            ],
            d,
        );
        ok(
            &[
                "tie-breaks",
                "ev.arbiter",
                "--edition",
                "fide2026",
                "--group",
                GROUPS[0],
            ],
            d,
        );
        ok(
            &["acceleration", "ev.arbiter", "baku", "--group", GROUPS[0]],
            d,
        );
        ok(
            &[
                "group",
                "rename",
                "ev.arbiter",
                "Младшие",
                "--group",
                GROUPS[1],
            ],
            d,
        );
        state
    });
    let cfg = config(&state, None);
    // The event's settings as the desk's form sends them: the system, the tie-breaks by
    // place, the edition, the public view's school and grade.
    let event = "name=Первенство&rounds=4&preset=detsky-mat&tie_break_edition=fide2024\
                 &system=swiss&tb1=BH&tb2=DE&tb_shown=BH-C1%2CSB&public_school_grade=yes\
                 &public_delay_minutes=2&group=0";
    let (status, _, body) = send(&cfg, "POST", "/event?group=0", event, &[FORM]).await;
    assert!(status.is_redirection(), "{status}: {body}");
    let group = format!(
        "group_name={}&group_system=round-robin&group_rounds=5",
        crate::web_api::urlencode("Гости")
    );
    let (status, _, body) = send(&cfg, "POST", "/groups/add", &group, &[FORM]).await;
    assert!(status.is_redirection(), "{status}: {body}");

    let (_, _, ru) = send(&cfg, "GET", "/log?lang=ru", "", &[]).await;
    let cells = read_cells(&ru);
    let all = cells.join(" | ");
    for cell in &cells {
        assert_eq!(internal_names(cell), Vec::<String>::new(), "{cell}\n{all}");
    }
    for words in [
        "добавлена группа",
        "название группы: Гости, туров: 5, система: круговая система",
        "название группы: Младшие",
        "дополнительный показатель 1: Бухгольц",
        "школа и класс на публичной странице: да",
        "система: швейцарская",
        "правила дополнительных показателей: C.07 2024",
        "группа переименована",
        "дополнительные показатели изменены",
        "дополнительные показатели: Бухгольц усечённый, Коэффициент Бергера",
        "ускорение: бакинская система",
    ] {
        assert!(all.contains(words), "«{words}» missing: {all}");
    }
    assert!(
        !all.contains("tb_shown") && !all.contains("показатель 3"),
        "{all}"
    );

    // English writes words with hyphens (`e-board`, `Sonneborn-Berger`): the names the
    // Russian page showed before are looked for instead.
    let (_, _, en) = send(&cfg, "GET", "/log?lang=en", "", &[]).await;
    let all = read_cells(&en).join(" | ");
    for name in [
        "group-add",
        "group-rename",
        "group_name",
        "group_system",
        "round-robin",
        "tb1",
        "tb2",
        "tb_shown",
        "public_school_grade",
        "tie_break_edition",
        "fide2024",
        "baku",
        "BH-C1",
        "method",
        "system: swiss",
    ] {
        assert!(!all.contains(name), "{name}: {all}");
    }
    for words in [
        "group added",
        "tie-break 1: ",
        "group renamed",
        "acceleration: Baku system",
    ] {
        assert!(all.contains(words), "«{words}» missing: {all}");
    }
}
