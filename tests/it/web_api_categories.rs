//! Categories and prizes edited at the desk (`/categories`): a category added, changed and
//! deleted, the prize setting, each journalled, with the form's version and its refusals in
//! the page's language — on the 23-child school event of tests/data/school-event-23.json,
//! whose girls of grades 1–2 are checked by hand.

use arbiter::tournament::journal;
use arbiter::tournament::standings::{StandingsReport, fmt_decimal};
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{Sex, store};
use arbiter::web::awards_version;
use axum::http::StatusCode;

use super::web_api::{config, error_text, location, send, urlencode};

const FORM: [(&str, &str); 1] = [("content-type", "application/x-www-form-urlencoded")];

/// The rows of category `name`'s table on `/categories`: `(rank, start rank, surname,
/// points)`.
fn rows(page: &str, name: &str) -> Vec<(String, String, String, String)> {
    let at = page
        .find(&format!("<h2>{name}</h2>"))
        .unwrap_or_else(|| panic!("no category {name}"));
    let rest = &page[at..];
    let body = &rest[rest.find("<tbody>").unwrap()..rest.find("</tbody>").unwrap()];
    body.split("<tr>")
        .skip(1)
        .filter(|r| r.contains("class=\"surname\""))
        .map(|r| {
            // The number cells in order (rank, start rank, points): `num` with or without a
            // second class (`start`, `points`), not the tie-breaks' `num tb`.
            let cells: Vec<&str> = r
                .split("<td class=\"num")
                .skip(1)
                .filter(|c| !c.starts_with(" tb"))
                .map(|c| &c[c.find('>').unwrap() + 1..c.find("</td>").unwrap()])
                .collect();
            let s = &r[r.find("class=\"surname\">").unwrap() + 16..];
            let surname = s[..s.find("</span>").unwrap()].trim_end_matches(',');
            (
                cells[0].to_string(),
                cells[1].to_string(),
                surname.to_string(),
                cells[2].to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_category_is_added_changed_and_deleted_on_the_desk() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json");
    let mut t = store::load(&fixture).unwrap();
    t.remove_category("Девочки 1–2 классы").unwrap();
    let path = dir.path().join("ev.json");
    store::save(&t, &path).unwrap();
    let cfg = config(&path, None);
    let event = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    let points = |tpn: u16| {
        let r = event
            .standings
            .iter()
            .find(|r| r.start_rank == tpn)
            .unwrap();
        fmt_decimal(r.points, arbiter::i18n::Lang::Ru)
    };

    // The forms are on the page, in both languages.
    let (s, _, page) = send(&cfg, "GET", "/categories?lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Добавить категорию"), "{page}");
    let (_, _, en) = send(&cfg, "GET", "/categories?lang=en", "", &[]).await;
    assert!(en.contains("Add a category"), "{en}");
    assert!(en.contains("Change “3–4 классы”…"), "{en}");

    // Added: girls of grades 1–2, 3 prizes.
    let v = awards_version(&t);
    let name = "Девочки 1–2 классы";
    let (s, h, body) = send(
        &cfg,
        "POST",
        "/categories/add",
        &format!(
            "name={}&grades={}&sex=w&born=&age=&age_on=&rating=&prizes=3&version={v}&lang=ru",
            urlencode(name),
            urlencode("1–2")
        ),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location(&h), "/categories?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    let c = t.awards.category(name).unwrap();
    assert_eq!(c.rule.grades, Some((1, 2)));
    assert_eq!(c.rule.sex, Some(Sex::Female));
    assert_eq!(c.rule.born, None);
    assert_eq!(c.prizes, 3);
    assert_eq!(t.awards.categories.last().unwrap().name, name);
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "category-add");
    assert_eq!(last.args["name"], name);
    assert_eq!(last.args["sex"], "w");

    // By hand from the list: the girls of grades 1–2 are start ranks 6 Попова (2), 8 Соколова
    // (1), 10 Козлова (2), 14 Белоусова (1), 17 Заречная-Преображенская (1),
    // 20 Крестовоздвиженская (2), 21 Орлова (2); in the event's order (points, then its
    // tie-breaks) Попова, Козлова, Соколова, Заречная-Преображенская, Крестовоздвиженская,
    // Белоусова, Орлова, numbered 1–7 again, with their event points.
    let (_, _, page) = send(&cfg, "GET", "/categories?lang=ru&saved=1", "", &[]).await;
    assert!(page.contains("id=\"saved\""), "{page}");
    let expected: Vec<(String, String, String, String)> = [
        (6, "Попова"),
        (10, "Козлова"),
        (8, "Соколова"),
        (17, "Заречная-Преображенская"),
        (20, "Крестовоздвиженская"),
        (14, "Белоусова"),
        (21, "Орлова"),
    ]
    .iter()
    .enumerate()
    .map(|(i, (tpn, s))| {
        (
            (i + 1).to_string(),
            tpn.to_string(),
            s.to_string(),
            points(*tpn),
        )
    })
    .collect();
    let got = rows(&page, name);
    // Shared places would repeat a rank: none here.
    assert_eq!(got, expected);
    assert_eq!(points(6), "3");

    // Changed: grade 1 only, 2 prizes, renamed; it keeps its place in the order.
    let v = awards_version(&t);
    let new_name = "Девочки 1 класса";
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/categories/edit",
        &format!(
            "old={}&name={}&grades=1&sex=w&prizes=2&version={v}&lang=ru",
            urlencode(name),
            urlencode(new_name)
        ),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let t = store::load(&path).unwrap();
    assert!(t.awards.category(name).is_none());
    let c = t.awards.categories.last().unwrap();
    assert_eq!(
        (c.name.as_str(), c.rule.grades, c.prizes),
        (new_name, Some((1, 1)), 2)
    );
    assert_eq!(
        journal::read(&path).unwrap().pop().unwrap().action,
        "category-edit"
    );
    let (_, _, page) = send(&cfg, "GET", "/categories?lang=ru", "", &[]).await;
    let got: Vec<String> = rows(&page, new_name).into_iter().map(|r| r.2).collect();
    assert_eq!(got, ["Соколова", "Заречная-Преображенская", "Белоусова"]);

    // Refusals in the page's language, nothing written: a range backwards, a name taken, a
    // range that is no range, a stale form, a deletion without its box.
    let before = crate::common::snapshot(&path);
    let v = awards_version(&t);
    let refused = [
        (
            "/categories/add",
            format!("name=X&grades=2-1&version={v}&lang=ru"),
            "диапазон",
        ),
        (
            "/categories/add",
            format!("name={}&version={v}&lang=en", urlencode("3–4 КЛАССЫ")),
            "There is already a category \"3–4 КЛАССЫ\".",
        ),
        (
            "/categories/add",
            format!("name=X&rating=abc&version={v}&lang=ru"),
            "рейтинг: «abc» — не диапазон; напишите так: 1–2, или одно число.",
        ),
        (
            "/categories/add",
            "name=X&version=awards:0000000000000000&lang=ru".to_string(),
            "",
        ),
        (
            "/categories/delete",
            format!("name={}&version={v}&lang=ru", urlencode(new_name)),
            "Чтобы удалить категорию, отметьте подтверждение.",
        ),
    ];
    for (uri, body, message) in refused {
        let (s, _, page) = send(&cfg, "POST", uri, &body, &FORM).await;
        assert_ne!(s, StatusCode::SEE_OTHER, "{body}");
        if !message.is_empty() {
            assert!(
                error_text(&page).contains(message),
                "{body}: {}",
                error_text(&page)
            );
        } else {
            assert_eq!(s, StatusCode::CONFLICT, "{page}");
        }
        assert_eq!(crate::common::snapshot(&path), before, "{body}");
    }

    // One prize per player, then the category deleted.
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/categories/settings",
        &format!("prizes_per_player=one&version={v}&lang=ru"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let t = store::load(&path).unwrap();
    assert!(t.awards.one_prize_per_player);
    assert_eq!(
        journal::read(&path).unwrap().pop().unwrap().action,
        "prize-settings"
    );
    let v = awards_version(&t);
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/categories/delete",
        &format!(
            "name={}&confirm=yes&version={v}&lang=ru",
            urlencode(new_name)
        ),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let t = store::load(&path).unwrap();
    assert_eq!(t.awards.categories.len(), 4);
    assert!(t.awards.category(new_name).is_none());
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "category-delete");
    assert_eq!(last.args["name"], new_name);
}

/// The grade on the desk's player forms: a child registered with a grade is in the category
/// by grade and wins its prize; one registered without is named by the warning on the players
/// page and on the prize lists until the edit form gives her grade. By hand: Волков (grade 2)
/// wins his game, Козлова (no grade) wins hers; «1–2 классы» has 3 prizes.
#[tokio::test]
async fn the_grade_on_the_desk_forms_and_the_warning() {
    use arbiter::tournament::Tournament;
    use arbiter::tournament::category::{Category, CategoryRule};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("day.json");
    let mut t = Tournament::new("Школьный день", 1);
    t.add_category(Category {
        name: "1–2 классы".into(),
        rule: CategoryRule {
            grades: Some((1, 2)),
            ..CategoryRule::default()
        },
        prizes: 3,
    })
    .unwrap();
    store::save(&t, &path).unwrap();
    let cfg = config(&path, None);
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="register-grade""#), "{page}");
    assert!(!page.contains(r#"id="grade-warning""#), "{page}");
    for (name, grade) in [
        ("Волков, Даниил", "2"),
        ("Попова, Варвара", "1"),
        ("Лебедев, Марк", "2"),
        ("Козлова, Алиса", ""),
    ] {
        let (s, _, body) = send(
            &cfg,
            "POST",
            "/players",
            &format!("name={}&grade={grade}&lang=ru", urlencode(name)),
            &FORM,
        )
        .await;
        assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    }
    // A grade that is no school grade is refused in words.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players",
        "name=Late&grade=12&lang=ru",
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        error_text(&body).contains("класс 12 — не школьный класс (от 1 до 11)"),
        "{body}"
    );
    let t = store::load(&path).unwrap();
    let tpn = |surname: &str| {
        t.players
            .iter()
            .find(|p| p.name.starts_with(surname))
            .unwrap()
            .start_rank
    };
    assert_eq!(t.player(tpn("Волков")).unwrap().grade, Some(2));
    assert_eq!(t.players.len(), 4);
    let warning = "Не попадёт в списки призёров по классу (не входит ни в одну категорию по \
                   классу): Козлова Алиса.";
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru", "", &[]).await;
    assert!(page.contains(warning), "{page}");

    // Round 1: Волков beats Попова, Козлова beats Лебедев.
    let games = format!(
        "{}-{},{}-{}",
        tpn("Волков"),
        tpn("Попова"),
        tpn("Козлова"),
        tpn("Лебедев")
    );
    let pairs: Vec<(u16, u16)> = games
        .split(',')
        .map(|g| {
            let (w, b) = g.split_once('-').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    let act = journal::Act::new(journal::Who::cli(), "pair", serde_json::json!({}));
    journal::apply(&path, act, |t| -> Result<(), Box<dyn std::error::Error>> {
        use arbiter::tournament::{BoardResult, GameRef};
        t.pair_round(1, &pairs, None)?;
        for board in [1, 2] {
            t.record_result(1, GameRef::Board(board), BoardResult::WhiteWins, false)?;
        }
        Ok(())
    })
    .unwrap();
    let (_, _, page) = send(&cfg, "GET", "/categories?lang=ru", "", &[]).await;
    assert!(page.contains(warning), "{page}");
    let winners = rows(&page, "1–2 классы");
    assert_eq!(winners[0].2, "Волков");
    assert!(winners.iter().all(|r| r.2 != "Козлова"), "{winners:?}");

    // The edit form shows the grade and gives hers: she is in the category, the warning gone.
    let k = tpn("Козлова");
    let (_, _, page) = send(&cfg, "GET", &format!("/players?lang=ru&edit={k}"), "", &[]).await;
    assert!(page.contains(r#"id="edit-grade""#), "{page}");
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/edit",
        &format!(
            "player={k}&name={}&grade=1&lang=ru",
            urlencode("Козлова, Алиса")
        ),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        store::load(&path).unwrap().player(k).unwrap().grade,
        Some(1)
    );
    for page in ["/players?lang=ru", "/categories?lang=ru"] {
        let (_, _, body) = send(&cfg, "GET", page, "", &[]).await;
        assert!(!body.contains(r#"id="grade-warning""#), "{page}: {body}");
    }
    let (_, _, page) = send(&cfg, "GET", "/categories?lang=ru", "", &[]).await;
    assert!(rows(&page, "1–2 классы").iter().any(|r| r.2 == "Козлова"));
}
