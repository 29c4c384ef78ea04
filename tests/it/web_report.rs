//! The organiser's report on the desk (`/report`): the 23-child school event of
//! tests/data/school-event-23.json (4 rounds, five categories), one child withdrawn from a
//! fifth round, rendered in Russian; every section is there and carries the event's real
//! values — the winner and his points are those of the standings.

use arbiter::i18n::Lang;
use arbiter::tournament::standings::{Preset, StandingsReport, fmt_decimal};
use arbiter::tournament::store;
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{BoardResult, GameRef};
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
    // Two round-1 games of children with at most 2½ points after round 4 (the winner, with 4,
    // stays alone in first place): one result put right by hand (a wrong report), one a forfeit (a child who
    // did not come, CR 4.4) typed over the result first entered.
    let low: Vec<u16> = StandingsReport::new(&t, None, Rules::Fide2024, t.preset().order())
        .standings
        .iter()
        .filter(|r| r.points <= 2.5 && r.start_rank != last.start_rank)
        .map(|r| r.start_rank)
        .collect();
    let spare: Vec<(u32, BoardResult)> = t.rounds[0]
        .games
        .iter()
        .filter(|g| low.contains(&g.white) && low.contains(&g.black))
        .map(|g| (g.board, g.result.unwrap()))
        .take(2)
        .collect();
    assert_eq!(spare.len(), 2, "two games of low scorers in round 1");
    let ((b1, was1), (b2, was2)) = (spare[0], spare[1]);
    let now1 = if was1 == BoardResult::Draw {
        BoardResult::WhiteWins
    } else {
        BoardResult::Draw
    };
    t.record_result(1, GameRef::Board(b1), now1, true).unwrap();
    t.record_result(1, GameRef::Board(b2), BoardResult::BlackWinsByForfeit, true)
        .unwrap();
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
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    };
    let res = router(App::new(cfg))
        .oneshot(
            Request::get("/report?lang=ru")
                .header("host", "localhost")
                .body(Body::empty())
                .unwrap(),
        )
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
    // The cells in Russian: opponent, «б»/«ч», result, narrow spaces apart; no Latin w/b nor
    // TRF letters; the tie-breaks headed by their Russian short names, explained in the legend.
    let cells: Vec<&str> = cross
        .split("<td class=\"num cell\">")
        .skip(1)
        .map(|c| &c[..c.find("</td>").unwrap()])
        .collect();
    assert_eq!(cells.len(), 23 * 4, "{cross}");
    let played = |c: &str| {
        let p: Vec<&str> = c.split('\u{202f}').collect();
        p.len() == 3
            && p[0].parse::<u16>().is_ok_and(|n| (1..=23).contains(&n))
            && ["б", "ч"].contains(&p[1])
            && ["1", "½", "0", "+", "\u{2212}"].contains(&p[2])
    };
    let odd: Vec<&&str> = cells
        .iter()
        .filter(|c| !played(c) && !c.starts_with("своб.\u{a0}") && !c.starts_with("проп.\u{a0}"))
        .collect();
    assert!(odd.is_empty(), "cells not in the legend's forms: {odd:?}");
    assert!(
        cells.iter().any(|c| c.ends_with("\u{202f}б\u{202f}1")),
        "{cells:?}"
    );
    assert!(
        cross.contains("<th class=\"num tb\" title=\"Бухгольц усечённый\">Бх-1</th>"),
        "{cross}"
    );
    assert!(
        cross.contains("<b>Бх-1</b> — Бухгольц усечённый"),
        "{cross}"
    );
    assert!(html.contains("б — белыми, ч — чёрными"), "{html}");

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
    // The forfeit and both results typed over another, each board named with its results.
    let forfeits = row("Неявки (партия не игралась)");
    assert!(
        forfeits.contains("<td class=\"num\">1</td><td>ПС 4.4</td>"),
        "{forfeits}"
    );
    let forfeit = BoardResult::BlackWinsByForfeit.notation();
    assert!(
        forfeits.contains(&format!("тур 1, доска {b2} ({forfeit})")),
        "{forfeits}"
    );
    let replaced = row("Исправленные вручную результаты");
    assert!(replaced.contains("<td class=\"num\">2</td>"), "{replaced}");
    for (b, was, now) in [
        (b1, was1, now1),
        (b2, was2, BoardResult::BlackWinsByForfeit),
    ] {
        let case = format!("тур 1, доска {b}: {} → {}", was.notation(), now.notation());
        assert!(replaced.contains(&case), "{case} in {replaced}");
    }
    assert!(html.contains(
        "Файл для обсчёта рейтинга (формат TRF ФИДЕ): <a href=\"/export/trf\" download>скачать (event.trf)</a>"
    ));
    let ids_removed = html
        .replace("id=\"report-", "")
        .replace("href=\"/report", "");
    assert!(
        !ids_removed.contains("report-"),
        "an untranslated message id"
    );
}

/// `arbiter tournament report` writes the desk's report as a file of its own: the same
/// sections with the same values (the standings, crosstable and prize lists byte for byte
/// those of `/report`), without the desk's navigation, the TRF named by its command; written
/// atomically (no other file left), to standard output without `--output`, in English with
/// `--lang en`.
#[tokio::test]
async fn the_cli_writes_the_desks_report_as_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json");
    let state = dir.path().join("ev.json");
    std::fs::copy(&fixture, &state).unwrap();
    let said = crate::common::ok(
        &[
            "report",
            "ev.json",
            "--output",
            "otchet.html",
            "--lang",
            "ru",
        ],
        dir.path(),
    );
    assert!(
        said.starts_with("Отчёт организатору записан в otchet.html"),
        "{said}"
    );
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    files.sort();
    // The state file of the JSON format was converted into its database beside it (SQLite's
    // `-wal` and `-shm` beside that).
    assert_eq!(files, ["ev.arbiter", "ev.json", "otchet.html"]);
    let file = std::fs::read_to_string(dir.path().join("otchet.html")).unwrap();
    assert!(file.starts_with("<!doctype html>"), "{file}");
    assert!(!file.contains("<nav>"), "{file}");
    assert!(file.contains("<style>"), "{file}");

    let cfg = ServeConfig {
        state: state.clone(),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: Lang::Ru,
        preset: None,
        token: None,
        allowed_hosts: Vec::new(),
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    };
    let res = router(App::new(cfg))
        .oneshot(
            Request::get("/report?lang=ru")
                .header("host", "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    let desk = String::from_utf8(bytes.to_vec()).unwrap();
    for id in [
        "report-event",
        "report-categories",
        "report-standings",
        "report-crosstable",
        "report-prizes",
    ] {
        assert_eq!(section(&file, id), section(&desk, id), "{id}");
    }
    // The real values: 23 children, 4 rounds of 4, Лебедев first with 4 points, the girls of
    // grades 1–2 won by Попова, Козлова, Соколова.
    let event = section(&file, "report-event");
    assert!(event.contains("<td class=\"num\">23</td>"), "{event}");
    assert!(event.contains("4 / 4"), "{event}");
    assert!(event.contains("Иванова А. П."), "{event}");
    let standings = section(&file, "report-standings");
    let first = standings.split("<tr data-start-rank=").nth(1).unwrap();
    assert!(first.contains("Лебедев"), "{first}");
    assert!(first.contains("<td class=\"num points\">4</td>"), "{first}");
    let prizes = section(&file, "report-prizes");
    let girls = &prizes[prizes.find("<h3>Девочки 1–2 классы</h3>").unwrap()..];
    let girls = &girls[..girls.find("</table>").unwrap()];
    let order: Vec<usize> = ["Попова", "Козлова", "Соколова"]
        .iter()
        .map(|n| girls.find(n).unwrap_or_else(|| panic!("{n}: {girls}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{girls}");
    // Попова and Козлова both have 3 points: the list shows the tie-break that put Попова
    // first (Бх-1, 8,5 against 7,5), and no more than it needs.
    assert!(
        girls.contains("<th class=\"num tb\" title=\"Бухгольц усечённый\">Бх-1</th></tr>"),
        "{girls}"
    );
    let row = |name: &str| {
        let r = &girls[girls.find(name).unwrap()..];
        r[..r.find("</tr>").unwrap()].to_string()
    };
    assert!(
        row("Попова").contains("<td class=\"num\">3</td><td class=\"num tb\">8,5</td>"),
        "{girls}"
    );
    assert!(
        row("Козлова").contains("<td class=\"num\">3</td><td class=\"num tb\">7,5</td>"),
        "{girls}"
    );
    let incidents = section(&file, "report-incidents");
    assert!(
        incidents.contains(
            "Файл для обсчёта рейтинга (формат TRF ФИДЕ): команда arbiter tournament export"
        ),
        "{incidents}"
    );
    assert!(!incidents.contains("href="), "{incidents}");

    // Without --output: the same document on standard output.
    let out = crate::common::ok(&["report", "ev.json", "--lang", "ru"], dir.path());
    assert_eq!(out, file);
    // In English.
    let en = crate::common::ok(&["report", "ev.json", "--lang", "en"], dir.path());
    assert!(en.contains("<html lang=\"en\">"), "{en}");
    assert!(
        en.contains("Organiser&#x27;s report") || en.contains("Organiser's report"),
        "{en}"
    );
    assert!(en.contains("Prize lists"), "{en}");
}
