//! The desk's and the API's refusals in the person's language: the library's errors (a
//! result already there, every round paired, the live room's refusals) reach neither the
//! desk's pages nor the API's `message` in English when the desk runs `--lang ru`; the API's
//! `error` stays the English text scripts compare. `Accept-Language` or `?lang=` choose the
//! API's `message` language over the desk's.

use crate::web_api::{config, event, send};
use axum::http::StatusCode;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Whether `text` has a word of Latin letters (the English a Russian answer must not have).
fn has_latin_word(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() > 2)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_apis_refusals_are_said_in_the_desks_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 8);
    // The event has 4 rounds; config() serves it `--lang ru`.
    let cfg = config(&path, None);
    for _ in 1..=4 {
        let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
        assert_eq!(s, StatusCode::OK, "{body}");
        for b in 1..=4 {
            let uri = format!("/api/rounds/{}/boards/{b}/result", json(&body)["round"]);
            let (s, _, r) = send(&cfg, "POST", &uri, r#"{"result": "1-0"}"#, &[]).await;
            assert_eq!(s, StatusCode::OK, "{r}");
        }
    }
    // Round 5 of a 4-round event: the library's "round 5 cannot be paired: the event has only
    // 4 round(s)".
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    let answer = json(&body);
    assert_eq!(
        answer["error"], "round 5 cannot be paired: the event has only 4 round(s)",
        "{body}"
    );
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("Все туры (4)"), "{body}");
    assert!(!has_latin_word(message), "{body}");

    // A second result on a board: the library's "already recorded", in Russian.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/1/result",
        r#"{"result": "0-1"}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    let answer = json(&body);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("already recorded"),
        "{body}"
    );
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("1-й доски 1-го тура"), "{body}");
    assert!(!has_latin_word(message), "{body}");

    // The live room's refusal (the board has no e-board), in Russian; in English when the
    // request asks for English by its Accept-Language.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/2/settle",
        r#"{"incident": 0}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    let answer = json(&body);
    assert_eq!(
        answer["error"], "board 2 of round 1 has no e-board",
        "{body}"
    );
    assert_eq!(
        answer["message"], "На доске 2 1-го тура нет электронной доски.",
        "{body}"
    );
    let (_, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/2/settle",
        r#"{"incident": 0}"#,
        &[("accept-language", "en-GB,en;q=0.9,ru;q=0.5")],
    )
    .await;
    assert_eq!(
        json(&body)["message"],
        "board 2 of round 1 has no e-board",
        "{body}"
    );
}

/// The desk's own form for the same refusal: the page in the form's language, the room's
/// words in it.
#[tokio::test(flavor = "multi_thread")]
async fn the_live_rooms_refusal_on_the_desk_is_in_the_pages_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let form = ("content-type", "application/x-www-form-urlencoded");
    for (lang, words) in [
        ("ru", "На доске 2 1-го тура нет электронной доски."),
        ("en", "board 2 of round 1 has no e-board"),
    ] {
        let body = format!("lang={lang}&board=2&incident=0");
        let (s, _, page) = send(&cfg, "POST", "/rounds/1/live/settle", &body, &[form]).await;
        assert_eq!(s, StatusCode::CONFLICT, "{page}");
        assert!(page.contains(words), "{lang}: {page}");
    }
}
