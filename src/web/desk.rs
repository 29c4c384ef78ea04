//! Incidents at the desk: a board's event log or e-board log uploaded → the judge's verdict
//! with its reasons, recorded when the arbiter confirms; a play-out that expired → the
//! position's adjudication with its reasons, recorded when the arbiter confirms.
//!
//! The log is read as `arbiter judge` reads a file ([`GameInput`], the e-board recogniser),
//! the verdict is handed to the tournament as `tournament result --verdict` takes it (its
//! JSON read back by [`verdict::read_judged`], then [`Tournament::record_judged`]), and the
//! position is adjudicated by the preset's [`Adjudicator`].

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::json;

use super::actions::{Fields, later_rounds, submit_noted};
use super::extract::{FormFields, PageQuery, RoundNo, Upload, UploadForm, too_large};
use super::guard::CSRF_FIELD;
use super::results::{RESULTS, parse_result, result_value, shown};
use super::view::{Page, error_page, render};
use super::{Shared, WebError};
use crate::adjudicate::{Adjudication, Adjudicator, Decision};
use crate::formats::input::{GameInput, GameRecord};
use crate::formats::limits::ReadLimits;
use crate::formats::verdict;
use crate::game::judge::JudgeOptions;
use crate::game::setup::position_from_fen;
use crate::game::verdict::Verdict;
use crate::tournament::{AdjudicatedResult, BoardResult, GameRef, Tournament};

/// Judges the first game of an uploaded file named `name` (its extension and content tell
/// JSONL, PGN or an e-board log apart, as for `arbiter judge`), within `limits`. The file is
/// read where it was received, never written to disk: every reason names `name`, its line or
/// byte, in `lang`.
fn judge_file(
    name: &str,
    bytes: Vec<u8>,
    limits: ReadLimits,
    lang: crate::i18n::Lang,
) -> Result<Verdict, WebError> {
    use crate::formats::messages::{game_read_text, input_text, judge_failure_text};
    let bad = WebError::BadRequest;
    let input = GameInput::from_bytes(name, bytes, limits, crate::board::looks_like_board_log)
        .map_err(|e| bad(input_text(&e, lang)))?;
    let no_game = || bad(lang.fmt("fe-no-game", &[("file", name)]));
    let mut game = input
        .into_iter()
        .next()
        .ok_or_else(no_game)?
        .map_err(|e| bad(game_read_text(&e, lang)))?;
    // A board log may hold several games (the start position set up again): its first, as
    // `arbiter judge` numbers them, the others not even cut out.
    if let GameRecord::BoardLog(text) = &game.record {
        let first = crate::board::first_game(text);
        let events =
            crate::board::read_board_game(&first, &crate::board::RecogniserConfig::default())
                .map_err(|e| bad(format!("{name}: {}", e.message(lang))))?;
        game.record = GameRecord::Events(events);
    }
    game.record
        .judge(None, JudgeOptions::default())
        .map_err(|e| bad(judge_failure_text(name, &e, lang)))
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

/// The board's players as the pages name them, and the result recorded on it
/// ([`super::history::recorded`]: what a confirmation would replace).
pub(super) fn board_players(
    t: &Tournament,
    n: u32,
    board: u32,
    lang: crate::i18n::Lang,
) -> Result<serde_json::Value, WebError> {
    let g = t.board_of(n, GameRef::Board(board))?;
    Ok(json!({"white": t.label(g.white), "black": t.label(g.black),
              "has_result": g.result.is_some(), "recorded": super::history::recorded(g, lang)}))
}

/// `POST /rounds/{n}/judge` (multipart: `board`, `log`, `version`, `lang`): judges the log
/// and shows the verdict, its reasons and whether the tournament would take it, with the form
/// that records it.
pub(super) async fn judge_upload(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    headers: HeaderMap,
    upload: Upload,
) -> Response {
    let UploadForm {
        fields,
        file,
        unreadable,
    } = upload.read("log", "log.jsonl").await;
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
        let players = board_players(&t, n, board, lang)?;
        let name = file_name.clone();
        let limits = app.config.limits.read;
        let verdict = super::blocking(move || judge_file(&name, bytes, limits, lang)).await?;
        let verdict_json =
            serde_json::to_string(&verdict).map_err(|e| WebError::Internal(e.to_string()))?;
        let judged = verdict::read_judged(&verdict_json, &file_name)
            .map_err(|e| WebError::BadRequest(crate::formats::messages::verdict_text(&e, lang)))?;
        let judged = judged.first().cloned();
        // The tournament's own checks, tried on a copy with the judge's result (or any result
        // for an unfinished game) and a reason: what fails then (the log is another board's,
        // the round is not the board's) fails whatever the arbiter chooses, so the page offers
        // no confirmation that can only fail.
        let refusal = judged.as_ref().and_then(|j| {
            let mut copy = t.clone();
            let any = j.result.or(Some(BoardResult::WhiteWins));
            copy.record_judged(n, board, j, any, Some("-"), true)
                .err()
                .map(|e| WebError::from(e).message(lang))
        });
        let judge_result = judged.as_ref().and_then(|j| j.result);
        let reported = judged.as_ref().and_then(|j| j.reported.clone());
        let discrepancies: Vec<String> = judged
            .as_ref()
            .map(|j| {
                j.discrepancies
                    .iter()
                    .map(|d| crate::game::verdict::discrepancy_text(d, lang))
                    .collect()
            })
            .unwrap_or_default();
        let results = result_choices(RESULTS);
        Ok::<_, WebError>(json!({
            "round": n, "board": board, "players": players, "file": file_name,
            "summary": verdict.summary(lang), "verdict": verdict_json,
            "judge_value": judge_result.map(result_value),
            "judge_shown": judge_result.map(|r| shown(result_value(r))),
            "agrees": judged.as_ref().is_none_or(|j| j.agrees),
            "reported": reported.as_deref().map(shown),
            "discrepancies": discrepancies,
            "offer": judged.is_some() && refusal.is_none(),
            // An unfinished game: its last position may be adjudicated (CR 4.3).
            "final_fen": judge_result.is_none().then(|| verdict.final_fen.to_string()),
            "refusal": refusal, "version": super::board_version(&t, n, board), "results": results,
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

/// The arbiter's choice on a verdict or adjudication page: `choice=decided` records the
/// judge's (or the adjudication's) result; `choice=other` records `result`, which overrides it
/// and then needs `reason` (kept in the record). `(result, reason)`; the result `None` for the
/// decided one.
fn arbiter_choice(
    f: &Fields,
    lang: crate::i18n::Lang,
) -> Result<(Option<BoardResult>, Option<String>), WebError> {
    match f.get("choice").as_deref() {
        Some("other") => {
            let result = f
                .get("result")
                .as_deref()
                .and_then(parse_result)
                .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-result")))?;
            Ok((Some(result), f.get("reason")))
        }
        // A result picked in the list while the decided one stays chosen: which the arbiter
        // meant is not known, so nothing is recorded.
        _ if f.get("result").is_some() && f.get("choice").is_some() => {
            Err(WebError::BadRequest(lang.msg("web-error-choice-unclear")))
        }
        _ => Ok((None, None)),
    }
}

/// `POST /rounds/{n}/judge/confirm` (`board`, `verdict`, `choice`, `result`, `reason`,
/// `version`): records the judged game as `tournament result --verdict` does — the judge's
/// result (`choice=decided`, the default), or another with the arbiter's reason
/// (`choice=other`).
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
        let judged = verdict::read_judged(&text, &lang.msg("web-verdict-field"))
            .map_err(|e| WebError::BadRequest(crate::formats::messages::verdict_text(&e, lang)))?
            .into_iter()
            .next()
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-verdict")))?;
        let (chosen, reason) = arbiter_choice(&f, lang)?;
        // The judge's result is the decision unless the arbiter chose another; an unfinished
        // game (`*`) has none and needs the arbiter's.
        let decide = match chosen.or(judged.result) {
            Some(r) => Some(r),
            None => return Err(WebError::BadRequest(lang.msg("web-error-no-result"))),
        };
        Ok((board, judged, decide, reason, f.get("correct").is_some()))
    })();
    submit_noted(
        &app,
        &headers,
        &f,
        &page,
        parsed,
        move |(board, j, decide, reason, correct), t| {
            t.record_judged(n, board, &j, decide, reason.as_deref(), correct)?;
            Ok(later_rounds(t, n, correct))
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

/// Adjudicates `fen` with the preset's adjudicator, off the async threads.
async fn adjudicate_fen(app: &Shared, fen: &str) -> Result<Adjudication, WebError> {
    let pos = position_from_fen(fen)?;
    let preset = match app.config.preset {
        Some(p) => p,
        None => app.load().await?.preset(),
    };
    let config = preset.adjudication();
    let adjudicator = Adjudicator::new(config).map_err(|e| WebError::Internal(e.to_string()))?;
    super::blocking(move || Ok(adjudicator.adjudicate(&pos))).await
}

/// The adjudication as the record keeps it: the position, the result it gives (`None` for
/// the arbiter's call), the rule that decided and one line per rule tried, in `lang`.
pub(super) fn adjudication_record(a: &Adjudication, lang: crate::i18n::Lang) -> AdjudicatedResult {
    let proposed = match a.result {
        Decision::Decided(outcome) => BoardResult::parse(outcome.as_str()),
        Decision::Review => None,
    };
    let basis = serde_json::to_value(a.basis)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    // One line per rule tried, in the words of the adjudication page.
    let reasons = a
        .in_words(lang)
        .map(|w| {
            w.rules
                .into_iter()
                .map(|r| {
                    lang.fmt(
                        "web-adjudication-rule-line",
                        &[
                            ("number", &r.number.to_string()),
                            ("name", &r.name),
                            ("reference", &r.reference),
                            ("decided", if r.decided { "yes" } else { "no" }),
                            ("found", &r.found),
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    AdjudicatedResult {
        fen: a.fen.clone(),
        proposed,
        basis,
        reasons,
        override_reason: None,
    }
}

/// `POST /rounds/{n}/adjudicate` (`board`, `fen`, `source`, `file`): the play-out expired;
/// adjudicates the position (CR 4.3–4.5) and shows it as a diagram with the decision and its
/// reasons in words, and the form to record it. The position: `fen` when given (`source=log`
/// with `file`: a game record's last position, sent by the verdict page), else the board's
/// e-board's last position; without either, refused in words. A FEN that is not a position
/// is refused on the round's page with the FEN kept in its field.
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
        // The position: typed (or sent by the verdict page: a log's last position), else the
        // board's e-board's last one, else none to adjudicate.
        let (fen, from) = match f.get("fen") {
            Some(fen) => {
                let from = match (f.get("source").as_deref(), f.get("file")) {
                    (Some("log"), Some(file)) => {
                        lang.fmt("web-adjudication-from-log", &[("file", &file)])
                    }
                    (Some("editor"), _) => lang.msg("web-adjudication-from-editor"),
                    _ => lang.msg("web-adjudication-from-typed"),
                };
                (fen, from)
            }
            None => match app
                .live
                .last_position(crate::tournament::live::BoardKey::new(
                    app.shown_group().await?,
                    n,
                    board,
                )) {
                Some(fen) => (fen, lang.msg("web-adjudication-from-eboard")),
                None => {
                    return Err(WebError::BadRequest(
                        lang.fmt("web-error-no-position", &[("board", &board.to_string())]),
                    ));
                }
            },
        };
        let t = app.load().await?;
        let players = board_players(&t, n, board, lang)?;
        let a = adjudicate_fen(&app, &fen).await?;
        let results = result_choices(&RESULTS[..3]);
        let proposed = adjudicated(&a);
        let label = lang.fmt("web-live-board", &[("board", &board.to_string())]);
        Ok::<_, WebError>(json!({
            "round": n, "board": board, "players": players, "fen": fen, "from": from,
            "diagram": super::diagram::svg(Some(&fen), &label),
            "words": a.in_words(lang), "review": a.result == Decision::Review,
            "proposed": proposed, "proposed_shown": shown_result(proposed),
            "version": super::board_version(&t, n, board), "results": results,
        }))
    }
    .await;
    // A position set up on the editor that cannot be adjudicated: the editor again, as set up,
    // with the reason.
    if let Err(WebError::Fen(e)) = &shown
        && f.get("source").as_deref() == Some("editor")
        && let (Ok(Some(board)), Some(fen)) = (f.number::<u32>("board"), f.get("fen"))
    {
        let error = Some(e.message(lang));
        return super::position::page(&app, (lang, &q.csrf), n, board, &fen, error).await;
    }
    // A FEN that is not a position: the round's page again, the FEN as typed kept in its field
    // with the reason beside it.
    if let Err(WebError::Fen(e)) = &shown
        && let Ok(t) = app.load().await
        && let Ok(mut data) = super::pages::round_data(&t, n, lang)
    {
        if let Some(d) = data.as_object_mut() {
            d.insert("fen_value".into(), json!(f.get("fen")));
            d.insert("fen_error".into(), json!(e.message(lang)));
            d.insert(
                "fen_board".into(),
                json!(f.number::<u32>("board").ok().flatten()),
            );
        }
        let title = lang.fmt("web-round-title", &[("round", &n.to_string())]);
        let page = Page::new(lang, page_path, title).with_csrf(&q.csrf);
        return super::view::render_status(
            &app,
            axum::http::StatusCode::BAD_REQUEST,
            "round.html",
            &page,
            data,
        );
    }
    board_page(
        &app,
        (lang, &q.csrf),
        page_path,
        "adjudication.html",
        "web-adjudication-title",
        shown,
    )
}

/// A result value as the pages show it.
fn shown_result(value: &str) -> String {
    shown(value).to_string()
}

/// `POST /rounds/{n}/adjudicate/confirm` (`board`, `fen`, `choice`, `result`, `reason`,
/// `version`): adjudicates the position again and records the board's result with the
/// adjudication kept in the record — its result (`choice=decided`), the arbiter's on a
/// position it left to him (`result`), or another result with the arbiter's reason
/// (`choice=other`).
pub(super) async fn adjudicate_confirm(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}");
    let parsed = async {
        let board: u32 = f.required("board")?;
        let fen = f
            .get("fen")
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-fen")))?;
        let a = adjudicate_fen(&app, &fen).await?;
        let record = adjudication_record(&a, lang);
        let (chosen, reason) = arbiter_choice(&f, lang)?;
        let result = match (chosen, record.proposed) {
            (Some(r), _) | (None, Some(r)) => r,
            // The arbiter's call (review): the result chosen in the list.
            (None, None) => f
                .get("result")
                .as_deref()
                .and_then(parse_result)
                .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-result")))?,
        };
        Ok((board, record, result, reason, f.get("correct").is_some()))
    }
    .await;
    submit_noted(
        &app,
        &headers,
        &f,
        &page,
        parsed,
        move |(board, record, result, reason, correct), t| {
            t.record_adjudicated(n, board, record, result, reason.as_deref(), correct)?;
            Ok(later_rounds(t, n, correct))
        },
    )
    .await
}
