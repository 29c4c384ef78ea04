//! A board's history at the desk: a result entered as the players reported it and then
//! replaced by a game's record is named on the confirmation page and kept in the record, on
//! the round page, in the report's CR 4.2 row and in the journal; a stale board's form names
//! the result recorded meanwhile, and the same result sent twice is simply done.

use arbiter::tournament::{BoardResult, DecidedBy, store};
use axum::http::StatusCode;

use super::web_api::{config, error_text, event, hidden, location, send, upload, urlencode};

const FORM: [(&str, &str); 1] = [("content-type", "application/x-www-form-urlencoded")];
const MULTIPART: [(&str, &str); 1] = [("content-type", "multipart/form-data; boundary=XB")];

/// The board's log: White's two counted illegal moves lose (CR 3.3), so the log gives 0 – 1;
/// no result reported in it.
fn log() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl"
    ))
    .unwrap()
    .replace(r#""white":"Anna""#, r#""white":"Player 01""#)
    .replace(r#""black":"Boris""#, r#""black":"player 03""#)
}

/// The version hidden in board `b`'s form on a round page.
fn board_version(page: &str, b: u32) -> String {
    let at = page
        .find(&format!(
            r#"name="board" value="{b}"><input type="hidden" name="version" value=""#
        ))
        .unwrap_or_else(|| panic!("no form of board {b}"));
    hidden(&page[at..], "version")
}

/// CR 4.2: the players' 1 – 0 clicked, then the board's log (0 – 1) uploaded. The confirmation
/// page names the 1 – 0 and says the log contradicts it; once confirmed, the record keeps the
/// 1 – 0 as replaced by the log (when, by whom), and the round page, the report's CR 4.2 row
/// and the journal all show it.
#[tokio::test]
async fn a_clicked_result_a_log_overturns_leaves_a_trace() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        "board=1&result=1-0&lang=ru",
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &upload(1, "ru", &log()),
        &MULTIPART,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(
        page.contains(
            "На доске уже записан результат 1 – 0 (введён по сообщению игроков). \
             Запись партии ему противоречит: по ней 0 – 1 (ПС 4.2)."
        ),
        "{page}"
    );
    let form = format!(
        "board=1&lang=ru&correct={}&choice=decided&version={}&verdict={}",
        hidden(&page, "correct"),
        hidden(&page, "version"),
        urlencode(&hidden(&page, "verdict"))
    );
    let (s, _, body) = send(&cfg, "POST", "/rounds/1/judge/confirm", &form, &FORM).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let g = store::load(&path).unwrap().round(1).unwrap().games[0].clone();
    assert_eq!(g.result, Some(BoardResult::BlackWins));
    assert_eq!(g.replaced.len(), 1);
    let r = &g.replaced[0];
    assert_eq!(
        (r.result, r.decided_by, r.replaced_by),
        (
            BoardResult::WhiteWins,
            DecidedBy::Reported,
            DecidedBy::Judge
        )
    );
    assert!(r.time.as_deref().is_some_and(|t| t.ends_with('Z')), "{r:?}");
    assert_eq!(r.who.as_ref().map(|w| w.via.as_str()), Some("desk"));

    let (_, _, round) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let at = round
        .find(r#"id="history-1""#)
        .expect("the board's history");
    assert!(
        round[at..].contains(
            "Был записан 1 – 0 (введён по сообщению игроков); запись партии ему противоречила \
             (ПС 4.2), заменён: по записи партии, "
        ),
        "{}",
        &round[at..]
    );
    assert!(round[at..].contains("пульт"), "{}", &round[at..]);

    let (_, _, report) = send(&cfg, "GET", "/report?lang=ru", "", &[]).await;
    let row = report
        .split("<tr")
        .find(|r| r.contains("Заявленные результаты, которые противоречат позиции"))
        .expect("the CR 4.2 row");
    assert!(
        row.contains("<td class=\"num\">1</td>") || row.contains(">1<"),
        "{row}"
    );
    assert!(row.contains("тур 1, доска 1: 1 – 0 → 0 – 1"), "{row}");

    let (_, _, journal) = send(&cfg, "GET", "/log?lang=ru", "", &[]).await;
    assert!(
        journal.contains("тур 1, доска 1: 0-1 (было 1-0)"),
        "{journal}"
    );
}

/// A stale board's form (Back and the form again, or a second device that entered the board
/// first): the same result is done without a second entry; another result is refused with the
/// board, the result recorded now, how and by which device, and a way to that board — not an
/// invitation to enter it again.
#[tokio::test]
async fn a_stale_boards_refusal_says_what_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, laptop) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let (_, _, tablet) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let post = |page: &str, result: &str| {
        format!(
            "board=1&result={result}&version={}&lang=ru",
            board_version(page, 1)
        )
    };
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &post(&laptop, "1-0"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let entries = arbiter::tournament::journal::read(&path).unwrap().len();
    // The tablet enters the same 1 – 0 (or the laptop sends its form again): done, no entry.
    for page in [&tablet, &laptop] {
        let (s, h, body) = send(&cfg, "POST", "/rounds/1/result", &post(page, "1-0"), &FORM).await;
        assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
        assert_eq!(
            location(&h),
            "/rounds/1?lang=ru&saved=1&note=same-result#board-1"
        );
    }
    assert_eq!(
        arbiter::tournament::journal::read(&path).unwrap().len(),
        entries
    );
    let (_, _, shown) = send(
        &cfg,
        "GET",
        "/rounds/1?lang=ru&saved=1&note=same-result",
        "",
        &[],
    )
    .await;
    assert!(
        shown.contains("Этот результат уже был записан: он остаётся, ничего не изменилось."),
        "{shown}"
    );
    // The tablet's 0 – 1 on the board the laptop entered: refused, naming what is there.
    let before = crate::common::snapshot(&path);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &post(&tablet, "0-1"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let said = error_text(&body);
    assert!(
        said.starts_with(
            "Тур 1, доска 1: пока страница была открыта, на доске записан результат 1 – 0 \
             (введён по сообщению игроков; пульт"
        ) && said.ends_with(
            "Ваш результат не записан. Если записанный неверен, исправьте его: «Исправить…» у \
             этой доски."
        ),
        "{said}"
    );
    assert!(!said.contains("повторите"), "{said}");
    assert!(
        body.contains(r##"?lang=ru#board-1" id="back">К доске 1</a>"##),
        "{body}"
    );
    assert_eq!(crate::common::snapshot(&path), before);
    // A correction from the stale page is refused the same way (the arbiter sees the 1 – 0
    // first); from a fresh page it is recorded.
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("{}&correct=yes&confirm=yes", post(&tablet, "0-1")),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, _, fresh) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("{}&correct=yes&confirm=yes", post(&fresh, "0-1")),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(
        store::load(&path).unwrap().round(1).unwrap().games[0].result,
        Some(BoardResult::BlackWins)
    );
}

/// The journal's times are kept in UTC and shown in the desk machine's local time, the zone
/// said once (not a zone's name on every line): `arbiter serve` under `TZ=Asia/Yekaterinburg`
/// (UTC+5, no summer time) shows an entry made at 10:00 UTC as 15:00 on the journal page.
#[test]
fn journal_times_are_local_with_the_zone_said_once() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    run(&[
        "tournament",
        "new",
        "ev.arbiter",
        "--name",
        "Время",
        "--rounds",
        "3",
    ]);
    run(&[
        "tournament",
        "add-player",
        "ev.arbiter",
        "--name",
        "Орлов Лев",
    ]);
    let entries = arbiter::tournament::journal::read(&dir.path().join("ev.arbiter")).unwrap();
    let utc = &entries.last().unwrap().time;
    let zone = jiff::tz::TimeZone::get("Asia/Yekaterinburg").unwrap();
    let local = arbiter::tournament::journal::local_clock_in(utc, &zone);
    let (mut child, line) = crate::common::serve_first_line_env(
        &["ev.arbiter", "--addr", "127.0.0.1:0", "--lang", "ru"],
        dir.path(),
        &[("TZ", "Asia/Yekaterinburg")],
    );
    let addr = crate::common::served_addr(&line);
    let mut conn = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "GET /log?lang=ru HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    conn.read_to_string(&mut page).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(page.contains("Время местное, UTC+5."), "{page}");
    assert_eq!(page.matches("Время местное").count(), 1, "{page}");
    assert!(
        page.contains(&format!("<td>{local}</td>")),
        "{local}: {page}"
    );
    // No zone on the line itself: neither the UTC the journal keeps nor a zone's name.
    assert!(!page.contains(&format!("{local} +05")), "{page}");
    assert!(!page.contains(utc.as_str()), "{page}");
}
