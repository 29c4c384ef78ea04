//! A school's player list added from the players page: upload → preview (rows to add, likely
//! duplicates, refused rows with line and reason) → confirm. The list is read by
//! [`crate::formats::player_list`], as `arbiter tournament add-players` reads it; the preview
//! page carries the list's text in its confirm form, and the confirmation reads it again
//! against the event as it is then (the form's version of every group refuses a stale
//! preview). In an event of several groups each row goes to its group: the list's group
//! column, or the grade rules of the upload form (grades → group), else the group the desk
//! shows when the list has neither ([`player_list::Placing`]).

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use serde_json::json;

use super::actions::Fields;
use super::extract::{FormFields, PageQuery, Upload, UploadForm, too_large};
use super::guard::CSRF_FIELD;
use super::view::{Page, error_page, render};
use super::{Shared, WebError, version};
use crate::formats::player_list::{self, GradeRule, Placing, Preview, row_summary, written_note};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::event::Event;
use crate::tournament::record;

/// Grade rules the upload form offers (grades from–to → group).
const RULE_ROWS: usize = 4;

/// The event's groups as the page lists them (empty for an event of one group), with the
/// one the desk shows.
fn groups_json(e: &Event, shown: usize) -> serde_json::Value {
    if e.len() < 2 {
        return json!([]);
    }
    json!(
        e.names()
            .iter()
            .enumerate()
            .map(|(i, n)| json!({"name": n, "shown": i == shown}))
            .collect::<Vec<_>>()
    )
}

/// The version of every group of the event: a list added to any of them since the preview
/// refuses the confirmation.
fn versions(e: &Event) -> String {
    (0..e.len())
        .map(|i| version(&e.group(i)))
        .collect::<Vec<_>>()
        .join("|")
}

/// The grade rules of the upload form (`rule_low_N`, `rule_high_N`, `rule_group_N`, rows
/// without a group skipped; a row with one grade only takes it for both) or of the confirm
/// form (`group_by_grade`, as written by [`player_list::rules_text`]).
fn sent_rules(f: &Fields, lang: Lang) -> Result<Vec<GradeRule>, WebError> {
    let mut written = f.get("group_by_grade").unwrap_or_default();
    for n in 1..=RULE_ROWS {
        let group = f.get(&format!("rule_group_{n}")).unwrap_or_default();
        let low = f.get(&format!("rule_low_{n}")).unwrap_or_default();
        let high = f.get(&format!("rule_high_{n}")).unwrap_or_default();
        let (low, high) = (low.trim(), high.trim());
        if group.trim().is_empty() || (low.is_empty() && high.is_empty()) {
            continue;
        }
        let grades = match (low, high) {
            (l, "") | ("", l) => l.to_string(),
            (l, h) => format!("{l}-{h}"),
        };
        written.push_str(&format!(",{grades}={group}"));
    }
    player_list::parse_rules(&written).map_err(|e| WebError::BadRequest(e.text(lang)))
}

/// The placing of a list on the desk: `rules`, else the group shown.
fn placing(rules: Vec<GradeRule>, shown: usize) -> Placing {
    Placing {
        by_grade: rules,
        default: Some(shown),
    }
}

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
    let path = app.config.state.clone();
    let shown = super::caller::asked_group();
    let loaded = super::blocking(move || {
        let e = record::load_any_event(&path)?;
        let i = super::groups::shown(&e, &shown)?;
        Ok((e, i))
    })
    .await;
    match loaded {
        Ok((e, shown)) => {
            // The form carries the group shown (its hidden field `group`).
            super::caller::note_shown(e.names(), shown);
            let t = e.group(shown);
            render(
                &app,
                "import.html",
                &page,
                json!({"event": t.name, "rounds": event_rounds(&t),
                    "list_groups": groups_json(&e, shown), "shown_group": e.names()[shown],
                    "rule_rows": (1..=RULE_ROWS).collect::<Vec<_>>()}),
            )
        }
        Err(e) => error_page(&app, lang, "/players", &e),
    }
}

/// The preview as the page shows it.
fn preview_json(p: &Preview, groups: &[Tournament], file: &str, lang: Lang) -> serde_json::Value {
    let of = |d: &player_list::Duplicate| {
        groups
            .get(d.row.group_index)
            .map_or(String::new(), |t| d.of.text(t, lang))
    };
    json!({
        "read": p.read_line(file, lang),
        "to_add": p.to_add.iter().map(|r| json!({"line": r.line, "group": r.group, "text": row_summary(&r.player, lang), "written": written_note(r, lang)})).collect::<Vec<_>>(),
        "duplicates": p.duplicates.iter().map(|d| json!({"line": d.row.line, "group": d.row.group, "text": row_summary(&d.row.player, lang), "written": written_note(&d.row, lang), "of": of(d)})).collect::<Vec<_>>(),
        "normalised": p.normalised_line(lang),
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
        let rules = sent_rules(&f, lang)?;
        let path = app.config.state.clone();
        let shown = super::caller::asked_group();
        // A school's list of thousands is read, checked and drawn on a blocking thread: the
        // desk's other requests go on meanwhile.
        super::blocking(move || {
            let e = record::load_any_event(&path)?;
            let shown = super::groups::shown(&e, &shown)?;
            // The confirmation's form carries the group shown (its hidden field `group`).
            super::caller::note_shown(e.names(), shown);
            let rules_text = player_list::rules_text(&rules);
            let rules_shown = player_list::rules_shown(&rules);
            let preview = player_list::read_event(&bytes, &e, &file_name, &placing(rules, shown))
                .map_err(|e| WebError::BadRequest(e.text(lang)))?;
            // The confirmation reads the decoded text (UTF-8) again.
            let (text, _) = player_list::decode(&bytes);
            let groups: Vec<Tournament> = (0..e.len()).map(|i| e.group(i)).collect();
            let t = e.group(shown);
            Ok(json!({
                "event": t.name,
                "rounds": event_rounds(&t),
                "list_groups": groups_json(&e, shown),
                "group_by_grade": rules_text,
                "rules_shown": rules_shown,
                "preview": preview_json(&preview, &groups, &file_name, lang),
                "version": versions(&e),
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
        tokio::task::spawn_blocking(super::caller::carried(move || match shown {
            Ok(data) => {
                let page =
                    Page::new(lang, "/players/import", lang.msg("imp-title")).with_csrf(&csrf);
                render(&app, "import.html", &page, data)
            }
            Err(e) => error_page(&app, lang, "/players/import", &e),
        }))
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

/// `POST /players/import/confirm` (`list`, `file_name`, `with_duplicates`, `group_by_grade`,
/// `version`, `lang`, the form key): adds the list's rows (and the likely duplicates when
/// ticked), each to its group.
pub(super) async fn confirm(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = app
        .check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)
        .and_then(|()| {
            let list = f
                .get("list")
                .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-file")))?;
            Ok((
                list,
                f.get("file_name").unwrap_or_else(|| "list.csv".into()),
                f.get("with_duplicates").is_some(),
                sent_rules(&f, lang)?,
            ))
        });
    let done = match parsed {
        Ok((list, file, with_duplicates, rules)) => {
            let path = app.config.state.clone();
            let shown = super::caller::asked_group();
            let seen = f.get("version").filter(|v| !v.is_empty());
            let mut act = super::caller::caller_act();
            if let Some(m) = act.args.as_object_mut() {
                m.insert(
                    "group_by_grade".into(),
                    player_list::rules_text(&rules).into(),
                );
            }
            // A change started is written whole before the desk stops; none starts after.
            let _writing = app.gate.writing();
            let stopping = _writing.is_none();
            super::blocking(move || {
                if stopping {
                    return Err(WebError::Stopping);
                }
                crate::tournament::journal::apply_event::<_, WebError>(&path, act, |e| {
                    if seen.is_some_and(|v| v != versions(e)) {
                        return Err(WebError::Stale);
                    }
                    let shown = super::groups::shown(e, &shown)?;
                    let preview =
                        player_list::read_event(list.as_bytes(), e, &file, &placing(rules, shown))
                            .map_err(|e| WebError::BadRequest(e.text(lang)))?;
                    Ok(preview.apply_event(e, with_duplicates)?)
                })
            })
            .await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(_) => {
            app.live.reload_screens();
            super::actions::back("/players", lang, None, &[])
        }
        Err(e) => error_page(&app, lang, "/players/import", &e),
    }
}
