//! `GET /export/event.arbiter`: the desk's backup, a consistent copy of the event's database.

use axum::extract::State;
use axum::response::Response;

use super::extract::PageQuery;
use super::view::error_page;
use super::{Shared, WebError};

/// `GET /export/event.arbiter`: a consistent copy of the event's database, made while the desk
/// runs ([`crate::tournament::record::backup`]: the event as of one moment, whatever is written
/// meanwhile), saved as `<event>.arbiter`; the copy is made in a folder of the server's own and
/// removed after it is sent.
pub(super) async fn export_backup(State(app): State<Shared>, q: PageQuery) -> Response {
    use axum::response::IntoResponse;
    let lang = app.lang(q.lang.as_deref());
    let path = app.config.state.clone();
    let copy = super::blocking(move || {
        let dir = tempfile::tempdir().map_err(|e| WebError::Internal(e.to_string()))?;
        let to = dir.path().join("event.arbiter");
        crate::tournament::record::backup(&path, &to)?;
        let bytes = std::fs::read(&to).map_err(|e| WebError::Internal(e.to_string()))?;
        let name = crate::tournament::store::load(&path)
            .map(|t| t.name)
            .unwrap_or_default();
        Ok((bytes, name))
    })
    .await;
    match copy {
        Ok((bytes, name)) => {
            // A file name of the event's name: letters, digits, spaces and dashes.
            let stem: String = name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .take(60)
                .collect();
            let stem = if stem.trim_matches('_').is_empty() {
                "event".to_string()
            } else {
                stem
            };
            let ascii: String = stem
                .chars()
                .map(|c| if c.is_ascii() { c } else { '_' })
                .collect();
            let encoded: String = format!("{stem}.{}", crate::tournament::record::EXTENSION)
                .bytes()
                .map(|b| {
                    if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                        (b as char).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect();
            (
                [
                    (
                        axum::http::header::CONTENT_TYPE,
                        "application/vnd.sqlite3".to_string(),
                    ),
                    (
                        axum::http::header::CONTENT_DISPOSITION,
                        format!(
                            "attachment; filename=\"{ascii}.{ext}\"; filename*=UTF-8''{encoded}",
                            ext = crate::tournament::record::EXTENSION
                        ),
                    ),
                ],
                bytes,
            )
                .into_response()
        }
        Err(e) => error_page(&app, lang, "/", &e),
    }
}
