//! Small input checks in the user's words, both languages, never a panic: a round numbered
//! 0, a birth date after today (refused on the command line and the desk's form, its row
//! reported by the list import while the others are added), more rounds than an event takes
//! (one limit for the command line and the desk), `/team?best=abc`, a picture given as a
//! player list.

use crate::common::{ok, tournament};
use crate::web_api::{config, send, urlencode};
use axum::http::StatusCode;

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

/// A small event of two players with round 1 paired: `ev.json` in `dir`.
fn paired(dir: &std::path::Path) {
    ok(&["new", "ev.json", "--name", "Кубок", "--rounds", "3"], dir);
    for name in ["Иванов Иван", "Петров Пётр"] {
        ok(&["add-player", "ev.json", "--name", name], dir);
    }
    ok(&["pair", "ev.json", "--auto"], dir);
}

/// The standard error and exit status of `arbiter tournament <args>`.
fn refused(args: &[&str], dir: &std::path::Path) -> (Option<i32>, String) {
    let out = tournament(args, dir);
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn round_zero_is_said_to_be_no_round() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    paired(d);
    let result = ["result", "ev.json", "--round", "0", "--board", "1", "1-0"];
    for (lang, words) in [
        ("ru", "туры нумеруются с 1"),
        ("en", "rounds are numbered from 1"),
    ] {
        let mut args = result.to_vec();
        args.extend(["--lang", lang]);
        let (code, err) = refused(&args, d);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(words), "{lang}: {err}");
        assert!(
            !err.contains("0-го тура") && !err.contains("panicked"),
            "{err}"
        );
    }
    let (code, err) = refused(
        &["withdraw", "ev.json", "--player", "1", "--from-round", "0"],
        d,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("rounds are numbered from 1"), "{err}");
}

#[test]
fn a_birth_date_after_today_is_refused_and_its_row_reported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "Кубок", "--rounds", "3"], d);
    let (code, err) = refused(
        &[
            "add-player",
            "ev.json",
            "--name",
            "Сидоров Илья",
            "--birth-date",
            "05.03.2099",
            "--lang",
            "ru",
        ],
        d,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("дата рождения ещё не наступила"), "{err}");
    // A date of the past still goes in.
    ok(
        &[
            "add-player",
            "ev.json",
            "--name",
            "Сидоров Илья",
            "--birth-date",
            "05.03.2017",
        ],
        d,
    );
    let (code, err) = refused(
        &[
            "edit-player",
            "ev.json",
            "--player",
            "1",
            "--birth-date",
            "2099",
            "--lang",
            "en",
        ],
        d,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a birth date after today"), "{err}");

    // The list: the row of 2099 reported with its line, the other added.
    std::fs::write(
        d.join("list.csv"),
        "Фамилия;Имя;Дата рождения\nПетрова;Анна;12.05.2016\nКозлов;Олег;12.05.2099\n",
    )
    .unwrap();
    let text = ok(
        &[
            "add-players",
            "ev.json",
            "list.csv",
            "--apply",
            "--lang",
            "ru",
        ],
        d,
    );
    assert!(
        text.contains("дата рождения «12.05.2099» ещё не наступила"),
        "{text}"
    );
    let names = crate::common::state_text(&d.join("ev.json"));
    assert!(
        names.contains("Петрова Анна") && !names.contains("Козлов"),
        "{names}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_desk_refuses_a_birth_date_after_today_in_the_pages_language() {
    let dir = tempfile::tempdir().unwrap();
    tokio::task::block_in_place(|| {
        ok(
            &["new", "ev.json", "--name", "Кубок", "--rounds", "3"],
            dir.path(),
        )
    });
    let cfg = config(&dir.path().join("ev.json"), None);
    for (lang, words) in [("ru", "ещё не наступила"), ("en", "is after today")] {
        let body = format!(
            "lang={lang}&name={}&birth_date=01.09.2099",
            urlencode("Козлов Олег")
        );
        let (s, _, page) = send(&cfg, "POST", "/players", &body, &[FORM]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{page}");
        assert!(page.contains(words), "{lang}: {page}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_limit_of_rounds_for_the_command_line_and_the_desk() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (code, err) = tokio::task::block_in_place(|| {
        refused(
            &[
                "new",
                "big.json",
                "--name",
                "Кубок",
                "--rounds",
                "100000",
                "--lang",
                "ru",
            ],
            d,
        )
    });
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("100000 туров — больше 99"), "{err}");
    assert!(!d.join("big.json").exists());
    tokio::task::block_in_place(|| {
        ok(&["new", "ev.json", "--name", "Кубок", "--rounds", "99"], d);
        let (code, err) = refused(&["group", "add", "ev.json", "Гости", "--rounds", "100"], d);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("100 rounds are more than 99"), "{err}");
    });
    let cfg = config(&d.join("ev.json"), None);
    let body = format!(
        "lang=ru&group_name={}&group_system=swiss&group_rounds=100",
        urlencode("Гости")
    );
    let (s, _, page) = send(&cfg, "POST", "/groups/add", &body, &[FORM]).await;
    assert_eq!(s, StatusCode::CONFLICT, "{page}");
    assert!(page.contains("100 туров — больше 99"), "{page}");
    let body = "lang=ru&name=Kubok&rounds=100&preset=detsky-mat";
    let (s, _, page) = send(&cfg, "POST", "/event", body, &[FORM]).await;
    assert!(s.is_client_error(), "{s}: {page}");
    assert!(page.contains("100 туров — больше 99"), "{page}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_team_count_that_is_no_number_is_refused_naming_the_parameter() {
    let dir = tempfile::tempdir().unwrap();
    tokio::task::block_in_place(|| paired(dir.path()));
    let cfg = config(&dir.path().join("ev.json"), None);
    for best in ["abc", "0", "51"] {
        let (s, _, page) = send(&cfg, "GET", &format!("/team?best={best}&lang=ru"), "", &[]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{best}: {page}");
        assert!(
            page.contains("Параметр best") && page.contains(&format!("«{best}»")),
            "{page}"
        );
    }
    let (s, _, page) = send(&cfg, "GET", "/team?best=3&lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{page}");
}

#[test]
fn a_picture_given_as_a_player_list_is_said_to_be_no_text_table() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "Кубок", "--rounds", "3"], d);
    // A PNG's signature and header chunk, as any picture starts.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0".to_vec();
    png.extend((0u8..=255).cycle().take(2000));
    std::fs::write(d.join("logo.png"), &png).unwrap();
    for (lang, words) in [
        ("ru", "logo.png: это не текстовая таблица"),
        ("en", "logo.png: this is not a text table"),
    ] {
        let (code, err) = refused(&["add-players", "ev.json", "logo.png", "--lang", lang], d);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains(words), "{lang}: {err}");
        assert!(
            !err.contains("PNG") && !err.contains("IHDR") && !err.contains('\u{fffd}'),
            "{err}"
        );
    }
}
