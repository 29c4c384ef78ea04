//! The organiser's report on the desk (`/report`): the 23-child school event of
//! tests/data/school-event-23.json (4 rounds, five categories), one child withdrawn from a
//! fifth round, rendered in Russian; every section is there and carries the event's real
//! values — the winner and his points are those of the standings.

use arbiter::i18n::Lang;
use arbiter::tournament::standings::{Preset, StandingsReport, fmt_decimal};
use arbiter::tournament::store;
use arbiter::tournament::tiebreak::Rules;
use arbiter::web::{App, ServeConfig, router};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt as _;

/// The text of `html` from the element with id `id` to the next `</section>`.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let rest = &html[start..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

#[tokio::test]
async fn the_organisers_report_shows_every_section_with_the_events_values() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json");
    let mut t = store::load(&fixture).unwrap();
    t.total_rounds = 5;
    // Волков, last with half a point, leaves before round 5 (CR 1.4).
    let last = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order())
        .standings
        .pop()
        .unwrap();
    assert!(last.name.starts_with("Волков"), "{}", last.name);
    t.withdraw(last.start_rank, 5).unwrap();
    t.details.venue = Some("Школа № 7".into());
    let state = dir.path().join("ev.json");
    store::save(&t, &state).unwrap();
    let report = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order());
    let winner = &report.standings[0];
    assert_eq!(winner.rank, 1);

    let cfg = ServeConfig {
        state: state.clone(),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: Lang::Ru,
        preset: Some(Preset::DetskyMat),
        token: None,
        allowed_hosts: Vec::new(),
    };
    let res = router(App::new(cfg))
        .oneshot(Request::get("/report?lang=ru").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    let html = String::from_utf8(bytes.to_vec()).unwrap();

    assert!(html.contains("Отчёт организатору"), "{html}");
    let event = section(&html, "report-event");
    assert!(event.contains("Иванова А. П."), "{event}");
    assert!(event.contains("Школа № 7"), "{event}");
    assert!(event.contains("<td class=\"num\">23</td>"), "{event}");
    assert!(event.contains("4 / 5"), "{event}");

    let cats = section(&html, "report-categories");
    assert!(cats.contains("Девочки 1–2 классы"), "{cats}");
    assert!(cats.contains("Соловьёва,"), "{cats}");

    // The standings' first row is the winner, with his points.
    let standings = section(&html, "report-standings");
    let first = standings.split("<tr data-start-rank=").nth(1).unwrap();
    let first = &first[..first.find("</tr>").unwrap()];
    let surname = winner.name.split(',').next().unwrap();
    assert_eq!(surname, "Лебедев");
    assert!(first.contains(surname), "{first}");
    let points = fmt_decimal(winner.points, Lang::Ru);
    assert_eq!(points, "4");
    assert!(
        first.contains(&format!("<td class=\"num points\">{points}</td>")),
        "{first}"
    );

    let cross = section(&html, "report-crosstable");
    assert!(cross.contains("<th class=\"num\">4</th>"), "{cross}");
    assert!(!cross.contains("<th class=\"num\">5</th>"), "{cross}");

    // The prize list of "3–4 классы" opens with the winner (grade 3).
    let prizes = section(&html, "report-prizes");
    let grades34 = &prizes[prizes.find("<h3>3–4 классы</h3>").unwrap()..];
    let place1 = &grades34[grades34.find("<td class=\"num\">1</td>").unwrap()..];
    assert!(place1[..place1.find("</tr>").unwrap()].contains("Лебедев"));

    // One withdrawal, from round 5, with its article; no disqualification.
    let incidents = section(&html, "report-incidents");
    let row = |what: &str| {
        let at = incidents.find(what).unwrap_or_else(|| panic!("{what}"));
        let r = &incidents[at..];
        r[..r.find("</tr>").unwrap()].to_string()
    };
    let withdrawals = row("Выбыли из турнира");
    assert!(
        withdrawals.contains("<td class=\"num\">1</td><td>ПС 1.4</td>"),
        "{withdrawals}"
    );
    assert!(withdrawals.contains("Волков"), "{withdrawals}");
    assert!(withdrawals.contains("с 5-го тура"), "{withdrawals}");
    assert!(row("Дисквалифицированы").contains("<td class=\"num\">0</td>"));
    assert!(html.contains("href=\"/export/trf\""));
    let ids_removed = html
        .replace("id=\"report-", "")
        .replace("href=\"/report", "");
    assert!(
        !ids_removed.contains("report-"),
        "an untranslated message id"
    );
}
