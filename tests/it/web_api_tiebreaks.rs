//! The 2026 tie-break rules chosen on the desk's event page: the choice is kept in the event
//! (the same as `tournament tie-breaks --edition fide2026`), the standings follow it, and an
//! unknown value is refused in words.

use arbiter::tournament::store;
use arbiter::tournament::tiebreak::Rules;
use axum::http::StatusCode;

use super::web_api::{config, event, send};

const FORM: [(&str, &str); 1] = [("content-type", "application/x-www-form-urlencoded")];

#[tokio::test]
async fn the_2026_tie_break_rules_are_chosen_on_the_event_page() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, page) = send(&cfg, "GET", "/event?lang=en", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"<select name="tie_break_edition" id="event-edition">"#)
            && page.contains(r#"<option value="fide2024" selected>"#),
        "{page}"
    );
    let (_, _, api) = send(&cfg, "GET", "/api/standings", "", &[]).await;
    assert!(api.contains(r#""rules":"fide2024""#), "{api}");
    let body = "name=T&rounds=4&tie_break_edition=fide2026&lang=ru";
    let (s, _, body) = send(&cfg, "POST", "/event", body, &FORM).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        store::load(&path).unwrap().tie_break_settings().rules,
        Rules::Fide2026
    );
    let (_, _, api) = send(&cfg, "GET", "/api/standings", "", &[]).await;
    assert!(api.contains(r#""rules":"fide2026""#), "{api}");
    let (_, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert!(
        page.contains(r#"<option value="fide2026" selected>ФИДЕ C.07 с поправками"#),
        "{page}"
    );
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/event",
        "name=T&rounds=4&tie_break_edition=fide2030&lang=ru",
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("fide2024 или fide2026"), "{body}");
}
