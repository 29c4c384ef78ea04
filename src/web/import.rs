//! A school's player list added from the players page: upload → preview (rows to add, likely
//! duplicates, refused rows with line and reason) → confirm. The list is read by
//! [`crate::formats::player_list`], as `arbiter tournament add-players` reads it; the preview
//! page carries the list's text in its confirm form, and the confirmation reads it again
//! against the event as it is then (the form's state version refuses a stale preview).

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use serde_json::json;

use super::actions::{Fields, submit_noted};
use super::extract::{FormFields, PageQuery, Upload, UploadForm, too_large};
use super::guard::CSRF_FIELD;
use super::view::{Page, error_page, render};
use super::{Shared, WebError, version};
use crate::formats::player_list::{self, Preview, row_summary};
use crate::i18n::Lang;
use crate::tournament::Tournament;

fn event_rounds(t: &Tournament) -> Vec<serde_json::Value> {
    t.rounds
        .iter()
        .filter(|r| !r.games.is_empty())
        .map(|r| json!({"number": r.number}))
        .collect()
}

/// `GET /players/import`: the upload form.
pub(super) async fn form(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let page = Page::new(lang, uri.path(), lang.msg("imp-title")).with_csrf(&q.csrf);
    match app.load().await {
        Ok(t) => render(
            &app,
            "import.html",
            &page,
            json!({"event": t.name, "rounds": event_rounds(&t)}),
        ),
        Err(e) => error_page(&app, lang, "/players", &e),
    }
}

/// The preview as the page shows it.
fn preview_json(p: &Preview, t: &Tournament, file: &str, lang: Lang) -> serde_json::Value {
    json!({
        "read": p.read_line(file, lang),
        "to_add": p.to_add.iter().map(|r| json!({"line": r.line, "text": row_summary(&r.player, lang)})).collect::<Vec<_>>(),
        "duplicates": p.duplicates.iter().map(|d| json!({"line": d.row.line, "text": row_summary(&d.row.player, lang), "of": d.of.text(t, lang)})).collect::<Vec<_>>(),
        "refused": p.refused.iter().map(|r| json!({"line": r.line, "text": r.text, "reason": r.problem.text(lang)})).collect::<Vec<_>>(),
        "ignored": if p.ignored.is_empty() { String::new() } else { lang.fmt("pl-ignored", &[("columns", &p.ignored.join(", "))]) },
    })
}

/// `POST /players/import` (multipart: `list`, `lang`, the form key): reads the list and shows
/// the preview with the form that adds it.
pub(super) async fn upload(
    State(app): State<Shared>,
    headers: HeaderMap,
    upload: Upload,
) -> Response {
    let UploadForm {
        fields,
        file,
        unreadable,
    } = upload.read("list", "list.csv").await;
    let f = Fields(fields);
    let lang = f.lang(&app);
    let shown = async {
        if let Some(e) = &unreadable
            && e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE
        {
            return Err(too_large(lang));
        }
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        if let Some(e) = unreadable {
            return Err(WebError::BadRequest(
                lang.fmt("web-error-upload", &[("reason", &e.body_text())]),
            ));
        }
        let (file_name, bytes) = file
            .filter(|(_, b)| !b.is_empty())
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-file")))?;
        let t = app.load().await?;
        // A school's list of thousands is read, checked and drawn on a blocking thread: the
        // desk's other requests go on meanwhile.
        super::blocking(move || {
            let preview = player_list::read(&bytes, &t, &file_name)
                .map_err(|e| WebError::BadRequest(e.text(lang)))?;
            // The confirmation reads the decoded text (UTF-8) again.
            let (text, _) = player_list::decode(&bytes);
            Ok(json!({
                "event": t.name,
                "rounds": event_rounds(&t),
                "preview": preview_json(&preview, &t, &file_name, lang),
                "version": version(&t),
                "file_name": file_name,
                "list": text,
            }))
        })
        .await
    }
    .await;
    let csrf = f.get(CSRF_FIELD).unwrap_or_default();
    let drawn = {
        let app = app.clone();
        tokio::task::spawn_blocking(move || match shown {
            Ok(data) => {
                let page =
                    Page::new(lang, "/players/import", lang.msg("imp-title")).with_csrf(&csrf);
                render(&app, "import.html", &page, data)
            }
            Err(e) => error_page(&app, lang, "/players/import", &e),
        })
        .await
    };
    drawn.unwrap_or_else(|e| {
        error_page(
            &app,
            lang,
            "/players/import",
            &WebError::Internal(format!("the request's task failed: {e}")),
        )
    })
}

/// `POST /players/import/confirm` (`list`, `file_name`, `with_duplicates`, `version`, `lang`,
/// the form key): adds the list's rows (and the likely duplicates when ticked).
pub(super) async fn confirm(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = f
        .get("list")
        .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-file")))
        .map(|list| {
            (
                list,
                f.get("file_name").unwrap_or_else(|| "list.csv".into()),
                f.get("with_duplicates").is_some(),
            )
        });
    submit_noted(
        &app,
        &headers,
        &f,
        "/players",
        parsed,
        move |(list, file, with_duplicates), t| {
            let preview = player_list::read(list.as_bytes(), t, &file)
                .map_err(|e| WebError::BadRequest(e.text(lang)))?;
            preview.apply(t, with_duplicates)?;
            Ok(Vec::new())
        },
    )
    .await
}
