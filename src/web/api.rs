//! The JSON API: the same data as the `tournament` CLI's JSON, for scripts and tests.
//!
//! | route | answer |
//! |---|---|
//! | `GET /api/event` | the state file's record (`tournament export --format json`); header `ETag` the [`super::version`] |
//! | `GET /api/rounds/{n}` | the pairing list (`tournament pairings --format json`); 404 no such round |
//! | `GET /api/standings` | the standings (`tournament standings --format json`) |
//! | `POST /api/rounds/{n}/boards/{b}/result` | body `{"result": "1-0"}` → 200 and the board; 409 result already there, 404 no such board, 400 bad body |
//! | `POST /api/rounds/next` | pairs the next round (`tournament pair --auto`) → 200; 409 while results are missing |
//!
//! A state-changing request needs the token when the server has one (401 without), comes from
//! a program or the desk's own origin (403 from another site), and sends its body as
//! `Content-Type: application/json` (415 otherwise; [`super::guard`]). A body may give
//! `"version"` (the `ETag` of `GET /api/event`): a state changed since is 409.
//!
//! In an event of several groups every call acts on the group `?group=N` names (from 0), else
//! on the desk's chosen group (the cookie), else the first; a group the event does not have
//! (`?group=7`, `?group=abc`) is 404 naming the event's groups, nothing read or changed.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};

use super::extract::{BoardNo, JsonBody, RoundNo};
use super::{Shared, WebError, version};
use crate::tournament::pairing::PairingRules;
use crate::tournament::pairing_list::{ListedBoard, PairingList};
use crate::tournament::{BoardResult, GameRef};

/// `GET /api/event`: the tournament record, its version in `ETag`.
pub async fn event(State(app): State<Shared>) -> Result<Response, WebError> {
    let t = app.load().await?;
    let tag = format!("\"{}\"", version(&t));
    Ok(([(header::ETAG, tag)], Json(t)).into_response())
}

/// `GET /api/rounds/{n}`: the round's pairing list.
pub async fn round(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
) -> Result<Json<PairingList>, WebError> {
    let t = app.load().await?;
    Ok(Json(PairingList::new(&t, n)?))
}

/// `GET /api/standings`: the standings after the last complete round.
pub async fn standings(State(app): State<Shared>) -> Result<Response, WebError> {
    let t = app.load().await?;
    Ok(Json(app.standings(&t)).into_response())
}

/// The body of a result: `{"result": "1-0"}`, optionally `"correct": true` (replace a result
/// already recorded, an arbiter's correction), `"note"` (why; in FIDE mode a correction of a
/// round before the last paired one needs it, C.02, and it is kept in the record) and
/// `"version"`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultBody {
    result: String,
    #[serde(default)]
    correct: bool,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    version: Option<String>,
}

/// Reads a JSON body, a bad one as [`WebError::BadRequest`] saying what was wrong.
fn read_body<T: serde::de::DeserializeOwned>(body: &[u8], what: &str) -> Result<T, WebError> {
    serde_json::from_slice(body).map_err(|e| WebError::BadRequest(format!("{what}: {e}")))
}

/// `POST /api/rounds/{n}/boards/{b}/result`: records the result (`1-0`, `1/2-1/2`, `0-1`,
/// `+-`, `-+`, `--`, `0-0`) and answers the board as the pairing list shows it. The journal
/// keeps the result, the correction and the note as a form's fields are kept.
pub async fn result(
    State(app): State<Shared>,
    BoardNo(n, b): BoardNo,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<ListedBoard>, WebError> {
    app.check_token(&headers)?;
    let body: ResultBody = read_body(&body, "expected {\"result\": \"1-0\"}")?;
    let result = BoardResult::parse(&body.result).ok_or_else(|| {
        WebError::BadRequest(format!(
            "expected 1-0, 0-1, 1/2-1/2, +-, -+, -- or 0-0, found {:?}",
            body.result
        ))
    })?;
    let mut fields = std::collections::HashMap::from([("result".to_string(), body.result)]);
    if body.correct {
        fields.insert("correct".into(), "yes".into());
    }
    if let Some(note) = &body.note {
        fields.insert("note".into(), note.clone());
    }
    super::caller::note_fields(&fields);
    let board = app
        .change(body.version, move |t| {
            let game = GameRef::Board(b);
            t.record_result_noted(n, game, result, body.correct, None, body.note.as_deref())?;
            listed_board(&PairingList::new(t, n)?, n, b)
        })
        .await?;
    Ok(Json(board))
}

/// Board `b` of a pairing list.
pub(super) fn listed_board(list: &PairingList, n: u32, b: u32) -> Result<ListedBoard, WebError> {
    list.boards
        .iter()
        .find(|x| x.board == b)
        .cloned()
        .ok_or_else(|| WebError::NotFound(format!("round {n} has no board {b}")))
}

/// The body of `POST /api/rounds/next`: empty, or `{"version": "…"}`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NextBody {
    #[serde(default)]
    version: Option<String>,
}

/// `POST /api/rounds/next`: pairs the next round with the Dutch pairer under the server's
/// preset and answers `{"round", "boards": [{"number", "white", "black"}], "bye",
/// "explanation"}` (as `tournament pair --auto --format json`, with the pairer's explanation).
pub async fn pair_next(
    State(app): State<Shared>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<serde_json::Value>, WebError> {
    app.check_token(&headers)?;
    let body: NextBody = if body.iter().all(u8::is_ascii_whitespace) {
        NextBody::default()
    } else {
        read_body(&body, "expected no body or {\"version\": \"…\"}")?
    };
    let preset = app.config.preset;
    let p = app
        .change(body.version, move |t| {
            let rules = PairingRules::of(preset.unwrap_or_else(|| t.preset()));
            Ok(t.pair_next_round(&rules)?)
        })
        .await?;
    Ok(Json(serde_json::json!({
        "round": p.round, "boards": p.boards, "bye": p.bye, "explanation": p.explanation
    })))
}
