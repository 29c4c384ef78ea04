//! The event's record of the live room: the room's incidents and the arbiter's decisions
//! written into the state file ([`App::save_incidents`]), the boards' captures beside it
//! ([`capture_path`]), and the event's play-out settings ([`set_playout`],
//! `POST /api/live/settings`).

use std::path::{Path, PathBuf};

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::{Value, json};

use super::super::extract::JsonBody;
use super::super::{App, Shared, WebError};
use super::{LiveHub, now_ms, read_body};
use crate::board::link::LinkEvent;
use crate::board::link::record::{Capture, RecordError};
use crate::board::room::{IncidentKind, UnsavedIncident};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::journal;
use crate::tournament::live::{
    LiveAct, LiveDecision, LiveIncident, LiveIncidentKind, MAX_PLAYOUT_MINUTES, PlayoutSettingError,
};

/// The capture file of board `board` of round `round` in `dir`: `round-R-board-B.jsonl`, in
/// the form `arbiter board record` writes (a DGT board's messages, or LiveChess's frames), so
/// that `arbiter judge` reads it back.
pub fn capture_path(dir: &Path, round: u32, board: u32) -> PathBuf {
    dir.join(format!("round-{round}-board-{board}.jsonl"))
}

/// The directory of the boards' captures beside state file `state`: `<state>.captures`.
pub fn capture_dir(state: &Path) -> PathBuf {
    let mut name = state.file_name().unwrap_or_default().to_os_string();
    name.push(".captures");
    state.with_file_name(name)
}

impl LiveHub {
    /// Writes `event` of e-board `serial` to the capture of the board it is on; the first
    /// line of a board's capture is the placement the e-board shows (`last`), so that the
    /// capture starts from where the game is. A capture that cannot be written is reported
    /// on standard error once and left.
    pub(super) fn capture(
        &self,
        serial: &str,
        on: Option<(u32, u32)>,
        event: &LinkEvent,
        standing: Option<&LinkEvent>,
    ) {
        let Some(on) = on else {
            return;
        };
        if !matches!(event, LinkEvent::Dgt { .. } | LinkEvent::Frame { .. }) {
            return;
        }
        let mut captures = self
            .captures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if captures.get(serial).is_none_or(|(at, _)| *at != on) {
            captures.remove(serial);
            let path = capture_path(&self.capture_dir, on.0, on.1);
            let opened = std::fs::create_dir_all(&self.capture_dir)
                .map_err(|source| RecordError::Io {
                    path: self.capture_dir.clone(),
                    source,
                })
                .and_then(|()| Capture::create(&path, true));
            match opened {
                Ok(mut c) => {
                    // The board as it stood before this event: where the game starts.
                    if let Some(s) = standing
                        && let Err(e) = c.write(s)
                    {
                        eprintln!("arbiter serve: {e}");
                        return;
                    }
                    captures.insert(serial.to_string(), (on, c));
                }
                Err(e) => {
                    eprintln!("arbiter serve: {e}");
                    return;
                }
            }
        }
        if let Some((_, c)) = captures.get_mut(serial)
            && let Err(e) = c.write(event)
        {
            eprintln!("arbiter serve: {e}");
            captures.remove(serial);
        }
    }
}

/// An incident of the room as the event's record keeps it, at `at_ms`.
pub(super) fn record_of(u: &UnsavedIncident, at_ms: u64) -> LiveIncident {
    let i = &u.incident;
    LiveIncident {
        round: u.round,
        board: u.board,
        serialnr: u.serialnr.clone(),
        game: u.game,
        incident: i.id,
        kind: match i.kind {
            IncidentKind::Illegal => LiveIncidentKind::Illegal,
            IncidentKind::Touch => LiveIncidentKind::Touch,
            IncidentKind::Ending => LiveIncidentKind::Ending,
            IncidentKind::ResultSignal => LiveIncidentKind::ResultSignal,
            IncidentKind::Disconnected => LiveIncidentKind::Disconnected,
        },
        article: i.article.clone(),
        ply: i.ply,
        side: i.side.map(str::to_string),
        detail: i.detail.clone(),
        result: i.result.clone(),
        at_ms,
        decision: i.noticed.then_some(LiveDecision {
            act: LiveAct::Noticed,
            result: None,
            at_ms,
        }),
    }
}

impl App {
    /// Writes the room's incidents the event's record does not have yet into it (the state
    /// file, atomically), one writer at a time.
    ///
    /// # Errors
    /// [`WebError::Store`] when the state file cannot be written (the incidents stay to be
    /// written at the next call).
    pub(super) async fn save_incidents(self: &Shared) -> Result<(), WebError> {
        let _one = self.live.saving.lock().await;
        let pending = self.live.room().unsaved();
        if pending.is_empty() {
            return Ok(());
        }
        let at = now_ms();
        let records: Vec<LiveIncident> = pending.iter().map(|u| record_of(u, at)).collect();
        let act = journal::Act::new(
            journal::Who::desk(None, Some("e-board".into())),
            "live-incidents",
            json!({ "incidents": records.len() }),
        );
        self.change_as(act, None, move |t| {
            t.live.incidents.extend(records);
            Ok(())
        })
        .await?;
        let mut room = self.live.room();
        for u in &pending {
            room.saved(&u.serialnr, u.game, u.incident.id + 1);
        }
        Ok(())
    }
}

/// Sets the event's play-out length and offer share (a setting out of range is
/// [`WebError::BadRequest`] in `lang`, and nothing changes).
pub(in crate::web) fn set_playout(
    t: &mut Tournament,
    minutes: Option<u32>,
    percent: Option<u32>,
    lang: Lang,
) -> Result<(), WebError> {
    t.live.set_playout(minutes, percent).map_err(|e| match e {
        PlayoutSettingError::Minutes(m) => WebError::BadRequest(lang.fmt(
            "web-live-bad-minutes",
            &[
                ("minutes", &m.to_string()),
                ("max", &MAX_PLAYOUT_MINUTES.to_string()),
            ],
        )),
        PlayoutSettingError::Percent(p) => {
            WebError::BadRequest(lang.fmt("web-live-bad-percent", &[("percent", &p.to_string())]))
        }
    })
}

/// `POST /api/live/settings`: `{"playout_minutes": 5, "playout_offer_percent": 80}` (either may
/// be left out: it keeps its setting) → 200 with both settings; 400 out of range.
pub(in crate::web) async fn api_settings(
    State(app): State<Shared>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        #[serde(default)]
        playout_minutes: Option<u32>,
        #[serde(default)]
        playout_offer_percent: Option<u32>,
    }
    let body: Body = read_body(
        &body,
        "expected {\"playout_minutes\": 5, \"playout_offer_percent\": 80}",
    )?;
    let (minutes, percent) = app
        .change_off_screen(move |t| {
            set_playout(
                t,
                body.playout_minutes,
                body.playout_offer_percent,
                Lang::En,
            )?;
            Ok((t.live.playout_minutes(), t.live.playout_offer_percent()))
        })
        .await?;
    app.live.reload_desk();
    Ok(Json(
        json!({"playout_minutes": minutes, "playout_offer_percent": percent}),
    ))
}
