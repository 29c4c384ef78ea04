//! Incidents at the desk: a board's event log or e-board log uploaded → the judge's verdict
//! with its reasons, recorded when the arbiter confirms; a play-out that expired → the
//! position's adjudication with its reasons, recorded when the arbiter confirms.
//!
//! The log is read as `arbiter judge` reads a file ([`GameInput`], the e-board recogniser),
//! the verdict is handed to the tournament as `tournament result --verdict` takes it (its
//! JSON read back by [`verdict::read_judged`], then [`Tournament::record_judged`]), and the
//! position is adjudicated by the preset's [`Adjudicator`].

use std::collections::HashMap;
use std::io::Write as _;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::json;

use super::actions::{Fields, submit};
use super::extract::{FormFields, PageQuery, RoundNo, Upload, too_large};
use super::guard::CSRF_FIELD;
use super::pages::{RESULTS, parse_result};
use super::view::{Page, error_page, render};
use super::{Shared, WebError, version};
use crate::adjudicate::{Adjudication, Adjudicator, Decision};
use crate::formats::input::{GameInput, GameRecord, Source};
use crate::formats::verdict;
use crate::game::judge::JudgeOptions;
use crate::game::setup::position_from_fen;
use crate::game::verdict::Verdict;
use crate::tournament::{GameRef, Tournament};

/// Judges the first game of an uploaded file named `name` (its extension and content tell
/// JSONL, PGN or an e-board log apart, as for `arbiter judge`). The file is read from a
/// temporary copy whose path never reaches the page: a reason that names it names `name`.
fn judge_file(name: &str, bytes: &[u8]) -> Result<Verdict, WebError> {
    let ext = std::path::Path::new(name)
        .extension()
        .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    let mut tmp = tempfile::Builder::new()
        .prefix("arbiter-upload-")
        .suffix(&ext)
        .tempfile()
        .map_err(|e| WebError::Internal(format!("cannot keep the upload: {}", e.kind())))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.flush())
        .map_err(|e| WebError::Internal(format!("cannot keep the upload: {}", e.kind())))?;
    let path = tmp.path().to_path_buf();
    let base = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let bad = |m: String| {
        let m = m.replace(&path.display().to_string(), name);
        let m = if base.is_empty() {
            m
        } else {
            m.replace(&base, name)
        };
        if m.starts_with(&format!("{name}:")) {
            WebError::BadRequest(m)
        } else {
            WebError::BadRequest(format!("{name}: {m}"))
        }
    };
    let input = GameInput::open(
        &Source::File(tmp.path().to_path_buf()),
        None,
        crate::board::looks_like_board_log,
    )
    .map_err(|e| bad(e.to_string()))?;
    let mut game = input
        .into_iter()
        .next()
        .ok_or_else(|| bad("no game in the file".into()))?
        .map_err(|e| bad(e.to_string()))?;
    // A board log may hold several games (the start position set up again): its first, as
    // `arbiter judge` numbers them.
    if let GameRecord::BoardLog(text) = &game.record {
        let events =
            crate::board::read_board_games(text, &crate::board::RecogniserConfig::default())
                .into_iter()
                .next()
                .ok_or_else(|| bad("no game in the file".into()))?
                .map_err(|e| bad(e.to_string()))?;
        game.record = GameRecord::Events(events);
    }
    game.record
        .judge(None, JudgeOptions::default())
        .map_err(|e| bad(e.to_string()))
}

/// The results a form offers, as the templates take them (`value`, `label`).
fn result_choices(results: &[(&str, &str)]) -> Vec<serde_json::Value> {
    results
        .iter()
        .map(|(v, l)| json!({"value": v, "label": l}))
        .collect()
}

/// A board's page (a verdict, an adjudication) from `template`, titled by `title` with the
/// data's board number; or round `page_path`'s page with the error.
fn board_page(
    app: &Shared,
    (lang, csrf): (crate::i18n::Lang, &str),
    page_path: String,
    template: &str,
    title: &str,
    shown: Result<serde_json::Value, WebError>,
) -> Response {
    match shown {
        Ok(data) => {
            let title = lang.fmt(title, &[("board", &data["board"].to_string())]);
            let page = Page::new(lang, page_path, title).with_csrf(csrf);
            render(app, template, &page, data)
        }
        Err(e) => error_page(app, lang, &page_path, &e),
    }
}

/// The board's players as the pages name them.
fn board_players(t: &Tournament, n: u32, board: u32) -> Result<serde_json::Value, WebError> {
    let g = t.board_of(n, GameRef::Board(board))?;
    Ok(
        json!({"white": t.label(g.white), "black": t.label(g.black), "has_result": g.result.is_some()}),
    )
}

/// `POST /rounds/{n}/judge` (multipart: `board`, `log`, `version`, `lang`): judges the log
/// and shows the verdict, its reasons and whether the tournament would take it, with the form
/// that records it.
pub(super) async fn judge_upload(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    headers: HeaderMap,
    Upload(mut form): Upload,
) -> Response {
    let mut fields = HashMap::new();
    let mut file: Option<(String, Vec<u8>)> = None;
    // A broken or oversized upload is reported as such, not as "no file".
    let mut unreadable = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) => {
                unreadable = Some(e);
                break;
            }
        };
        let name = field.name().unwrap_or_default().to_string();
        if name == "log" {
            let file_name = field.file_name().unwrap_or("log.jsonl").to_string();
            match field.bytes().await {
                Ok(bytes) => file = Some((file_name, bytes.to_vec())),
                Err(e) => unreadable = Some(e),
            }
        } else {
            match field.text().await {
                Ok(text) => {
                    fields.insert(name, text);
                }
                Err(e) => unreadable = Some(e),
            }
        }
    }
    let f = Fields(fields);
    let lang = f.lang(&app);
    let page_path = format!("/rounds/{n}");
    let shown = async {
        // An upload over the limit is refused before anything else (its fields may be lost).
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
        let board: u32 = f.required("board")?;
        let (file_name, bytes) = file
            .filter(|(_, b)| !b.is_empty())
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-file")))?;
        let t = app.load().await?;
        let players = board_players(&t, n, board)?;
        let name = file_name.clone();
        let verdict = super::blocking(move || judge_file(&name, &bytes)).await?;
        let verdict_json =
            serde_json::to_string(&verdict).map_err(|e| WebError::Internal(e.to_string()))?;
        let judged = verdict::read_judged(&verdict_json, &file_name)
            .map_err(|e| WebError::BadRequest(e.to_string()))?;
        let judged = judged.first().cloned();
        // The tournament's own checks, tried on a copy: the verdict's players must be the
        // board's; a disagreeing report needs the arbiter's decision (CR 4.2).
        let check = judged.as_ref().map(|j| {
            let mut copy = t.clone();
            copy.record_judged(n, board, j, None, None, true)
                .map(|r| r.notation().to_string())
        });
        let (would, refusal) = match check {
            Some(Ok(r)) => (Some(r), None),
            Some(Err(e)) => (None, Some(WebError::from(e).message(lang))),
            None => (None, None),
        };
        let results = result_choices(RESULTS);
        Ok::<_, WebError>(json!({
            "round": n, "board": board, "players": players, "file": file_name,
            "summary": verdict.summary(lang), "verdict": verdict_json,
            "result": judged.as_ref().and_then(|j| j.result).map(|r| r.notation()),
            "would": would, "refusal": refusal, "version": version(&t), "results": results,
            "needs_decision": judged.as_ref().is_some_and(|j| !j.agrees || j.result.is_none()),
        }))
    }
    .await;
    board_page(
        &app,
        (lang, &q.csrf),
        page_path,
        "verdict.html",
        "web-verdict-title",
        shown,
    )
}

/// `POST /rounds/{n}/judge/confirm` (`board`, `verdict`, `decide`, `version`): records the
/// judged game as `tournament result --verdict` does.
pub(super) async fn judge_confirm(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}");
    let parsed = (|| {
        let board: u32 = f.required("board")?;
        let text = f.get("verdict").unwrap_or_default();
        let judged = verdict::read_judged(&text, "verdict")
            .map_err(|e| WebError::BadRequest(e.to_string()))?
            .into_iter()
            .next()
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-verdict")))?;
        let decide = f.get("decide").as_deref().and_then(parse_result);
        Ok((board, judged, decide, f.get("correct").is_some()))
    })();
    submit(
        &app,
        &headers,
        &f,
        &page,
        parsed,
        move |(board, j, decide, correct), t| {
            Ok(t.record_judged(n, board, &j, decide, None, correct)?)
        },
    )
    .await
}

/// The adjudication's result as a board result value (`review` → the recommendation).
fn adjudicated(a: &Adjudication) -> &'static str {
    match a.result {
        Decision::Decided(outcome) => outcome.as_str(),
        Decision::Review => a.recommendation.as_str(),
    }
}

/// `POST /rounds/{n}/adjudicate` (`board`, `fen`): the play-out expired; adjudicates the
/// position (CR 4.3–4.5) and shows the decision with its reasons and the form to record it.
pub(super) async fn adjudicate(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page_path = format!("/rounds/{n}");
    let shown = async {
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        let board: u32 = f.required("board")?;
        let fen = f
            .get("fen")
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-fen")))?;
        let t = app.load().await?;
        let players = board_players(&t, n, board)?;
        let pos = position_from_fen(&fen)?;
        let config = app.config.preset.adjudication();
        let adjudicator =
            Adjudicator::new(config).map_err(|e| WebError::Internal(e.to_string()))?;
        let a = super::blocking(move || Ok(adjudicator.adjudicate(&pos))).await?;
        let results = result_choices(&RESULTS[..3]);
        Ok::<_, WebError>(json!({
            "round": n, "board": board, "players": players, "fen": fen,
            "summary": a.summary(lang), "review": a.result == Decision::Review,
            "proposed": adjudicated(&a), "version": version(&t), "results": results,
        }))
    }
    .await;
    board_page(
        &app,
        (lang, &q.csrf),
        page_path,
        "adjudication.html",
        "web-adjudication-title",
        shown,
    )
}
