//! The event's record of the live room: the room's incidents and each board's capture lines
//! written into the event's database in batches ([`App::save_incidents`], within a second of
//! the board; not journal entries), the arbiter's decisions on them as journal entries, and
//! the event's play-out settings ([`set_playout`], `POST /api/live/settings`).

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::{Value, json};

use super::super::extract::JsonBody;
use super::super::{App, Shared, WebError};
use super::{LiveHub, now_ms, read_body};
use crate::board::dgt::CaptureRecord;
use crate::board::link::LinkEvent;
use crate::board::room::{BoardKey, History, IncidentKind, UnsavedIncident};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::live::{
    LiveAct, LiveDecision, LiveIncident, LiveIncidentKind, MAX_PLAYOUT_MINUTES,
    MAX_PUBLIC_DELAY_MINUTES, PlayoutSettingError,
};
use crate::tournament::record::{self, CaptureLines};

/// Capture lines kept for the next write at most (a day's worth of 40 boards at 4 a second is
/// far more than a write that failed for a while): past it the oldest are dropped and said.
const MAX_PENDING_LINES: usize = 200_000;

/// The line of a board's capture for `event`, in the form `arbiter board record` writes (a DGT
/// board's message with its time, `offset_ms` added; a LiveChess frame as received), that
/// `arbiter judge` reads back; `None` for the link's own events.
fn capture_line(event: &LinkEvent, offset_ms: u64) -> Option<String> {
    match event {
        LinkEvent::Dgt { t_ms, message } => {
            Some(CaptureRecord::new(Some(t_ms + offset_ms), message).to_line())
        }
        LinkEvent::Frame {
            text, sent: false, ..
        } => Some(text.clone()),
        _ => None,
    }
}

/// The last `t_ms` of a board's capture already in the record (a board followed again after
/// a restart continues its times), 0 when none.
fn last_time(state: &std::path::Path, on: BoardKey) -> u64 {
    record::last_capture_line(state, on)
        .ok()
        .flatten()
        .and_then(|l| serde_json::from_str::<Value>(&l).ok())
        .and_then(|v| v.get("t_ms").and_then(Value::as_u64))
        .unwrap_or(0)
}

impl LiveHub {
    /// Keeps `event` of e-board `serial` for the capture of the board it is on, written into
    /// the event's record with the next batch ([`App::save_incidents`]). When this run of the
    /// desk opens the board's capture, the placement the e-board shows before `event`
    /// (`standing`) comes first, so that the capture starts from where the game is.
    pub(super) fn capture(
        &self,
        serial: &str,
        on: Option<BoardKey>,
        event: &LinkEvent,
        standing: Option<&LinkEvent>,
    ) {
        let Some(on) = on else {
            return;
        };
        if !matches!(event, LinkEvent::Dgt { .. } | LinkEvent::Frame { .. }) {
            return;
        }
        let (offset, opened) = {
            let mut captures = self
                .captures
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match captures.get(serial) {
                Some((at, offset)) if *at == on => (*offset, false),
                _ => {
                    let offset = last_time(&self.state, on);
                    captures.insert(serial.to_string(), (on, offset));
                    (offset, true)
                }
            }
        };
        let mut line = String::new();
        // The board as it stood before this event: where the game starts.
        let first = standing
            .filter(|_| opened)
            .and_then(|s| capture_line(s, offset));
        for l in first.into_iter().chain(capture_line(event, offset)) {
            line.push_str(&l);
            line.push('\n');
        }
        if line.is_empty() || !self.bounds.keep_capture(on, serial, line.len()) {
            return;
        }
        let mut pending = self
            .capture_lines
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match pending.last_mut() {
            Some(last) if last.at == on => last.lines.push_str(&line),
            _ => pending.push(CaptureLines {
                at: on,
                lines: line,
            }),
        }
        if pending.len() > MAX_PENDING_LINES {
            let over = pending.len() - MAX_PENDING_LINES;
            pending.drain(..over);
            let said = self
                .bounds
                .lang()
                .fmt("serve-capture-dropped", &[("lines", &over.to_string())]);
            eprintln!("arbiter serve: {said}");
        }
    }

    /// The capture lines kept since the last write, one batch per board.
    fn take_capture_lines(&self) -> Vec<CaptureLines> {
        let mut pending = std::mem::take(
            &mut *self
                .capture_lines
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        // One row per board and batch.
        pending.sort_by_key(|c| c.at);
        let mut out: Vec<CaptureLines> = Vec::new();
        for c in pending {
            match out.last_mut() {
                Some(last) if last.at == c.at => {
                    last.lines.push_str(&c.lines);
                }
                _ => out.push(c),
            }
        }
        out
    }

    /// Puts back capture lines a write failed to keep, before those kept since.
    fn restore_capture_lines(&self, mut lines: Vec<CaptureLines>) {
        let mut pending = self
            .capture_lines
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.append(&mut pending);
        *pending = lines;
    }
}

/// A writer that takes at most `left` bytes, then refuses (a capture read back within the
/// desk's `game` limit).
struct Bounded {
    out: Vec<u8>,
    left: u64,
}

impl std::io::Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        if n == 0 && !buf.is_empty() {
            return Err(std::io::Error::other("the capture's limit"));
        }
        self.out.extend_from_slice(&buf[..n]);
        self.left -= n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What the event's record holds of e-board `serial`'s game on board `on` before this run:
/// the board's capture (its first `limit` bytes, whole lines), the illegal acts the arbiter
/// noticed and the record's game of the e-board there.
fn history(
    state: &std::path::Path,
    t: &Tournament,
    serial: &str,
    on: BoardKey,
    limit: u64,
) -> History {
    let mut read = Bounded {
        out: Vec::new(),
        left: limit,
    };
    // A capture longer than the limit gives its first lines; an unreadable one, none.
    let _ = record::write_capture(state, on, &mut read);
    let text = String::from_utf8_lossy(&read.out);
    let complete = text.rfind('\n').map_or("", |end| &text[..end]);
    let mine: Vec<&LiveIncident> = t
        .live
        .incidents
        .iter()
        .filter(|i| i.at() == on && i.serialnr == serial)
        .filter(|i| i.kind != LiveIncidentKind::Adjudication)
        .collect();
    History {
        lines: complete.lines().map(str::to_string).collect(),
        noticed: mine
            .iter()
            .filter(|i| i.kind == LiveIncidentKind::Illegal)
            .filter(|i| {
                i.decision
                    .as_ref()
                    .is_some_and(|d| d.act == LiveAct::Noticed)
            })
            .map(|i| (i.ply, i.detail.clone()))
            .collect(),
        game: mine
            .last()
            .map(|l| (l.game, mine.iter().filter(|i| i.game == l.game).count())),
    }
}

impl LiveHub {
    /// Rebuilds from the event's record the game of each e-board put on a board since the
    /// last call ([`crate::board::room::LiveRoom::rebuild`]): after a restart mid-round the
    /// room goes on from the moves the board's capture holds, with the decisions taken.
    pub(super) fn rebuild_games(&self, t: &Tournament) {
        let due = self.room().rebuild_due();
        for (serial, on) in due {
            let h = history(&self.state, t, &serial, on, self.bounds.capture_limit());
            if self.room().rebuild(&serial, &h, now_ms()) {
                self.announce(&serial, |_| true, false);
            }
        }
    }
}

/// An incident of the room as the event's record keeps it, at `at_ms`.
pub(super) fn record_of(u: &UnsavedIncident, at_ms: u64) -> LiveIncident {
    let i = &u.incident;
    LiveIncident {
        group: u.at.group,
        round: u.at.round,
        board: u.at.board,
        serialnr: u.serialnr.clone(),
        game: u.game,
        incident: i.id,
        kind: match i.kind {
            IncidentKind::Illegal => LiveIncidentKind::Illegal,
            IncidentKind::Touch => LiveIncidentKind::Touch,
            IncidentKind::Ending => LiveIncidentKind::Ending,
            IncidentKind::ResultSignal => LiveIncidentKind::ResultSignal,
            IncidentKind::Disconnected => LiveIncidentKind::Disconnected,
            IncidentKind::Unreadable => LiveIncidentKind::Unreadable,
            IncidentKind::BoardGap => LiveIncidentKind::BoardGap,
        },
        article: i.article.clone(),
        ply: i.ply,
        side: i.side.map(str::to_string),
        detail: i.detail.clone(),
        result: i.result.clone(),
        at_ms,
        // The arbiter's decisions only: a disconnection closed by the link coming back is no
        // decision of his.
        decision: match i.kind {
            IncidentKind::Illegal if i.noticed => Some(LiveAct::Noticed),
            IncidentKind::BoardGap if i.settled => Some(LiveAct::Settled),
            _ => None,
        }
        .map(|act| LiveDecision {
            act,
            result: None,
            at_ms,
        }),
    }
}

impl App {
    /// Writes the room's incidents the event's record does not have yet and the boards'
    /// capture lines kept since the last write into the event's database, in one transaction
    /// (no journal entry: only the arbiter's decisions on them are), one writer at a time.
    ///
    /// # Errors
    /// [`WebError::Store`] when the database cannot be written (the incidents and the lines stay
    /// to be written at the next call).
    pub(in crate::web) async fn save_incidents(self: &Shared) -> Result<(), WebError> {
        let _one = self.live.saving.lock().await;
        let pending = self.live.room().unsaved();
        let lines = self.live.take_capture_lines();
        if pending.is_empty() && lines.is_empty() {
            return Ok(());
        }
        let at = now_ms();
        let records: Vec<LiveIncident> = pending.iter().map(|u| record_of(u, at)).collect();
        let path = self.config.state.clone();
        let kept = lines.clone();
        let saved =
            super::super::blocking(move || Ok(record::save_live(&path, &records, &kept)?)).await;
        if let Err(e) = saved {
            self.live.restore_capture_lines(lines);
            return Err(e);
        }
        let mut room = self.live.room();
        for u in &pending {
            room.saved(&u.serialnr, u.game, u.incident.id + 1);
        }
        Ok(())
    }
}

/// Sets the event's play-out length and offer share and the public view's delay of the live
/// boards, in minutes (`None` keeps a setting; one out of range is [`WebError::BadRequest`] in
/// `lang`, and nothing changes).
pub(in crate::web) fn set_playout(
    t: &mut Tournament,
    minutes: Option<u32>,
    percent: Option<u32>,
    delay: Option<u32>,
    lang: Lang,
) -> Result<(), WebError> {
    let mut live = t.live.clone();
    let set = live
        .set_playout(minutes, percent)
        .and_then(|()| match delay {
            Some(d) => live.set_public_delay(d),
            None => Ok(()),
        });
    set.map(|()| t.live = live).map_err(|e| match e {
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
        PlayoutSettingError::Delay(d) => WebError::BadRequest(lang.fmt(
            "web-live-bad-delay",
            &[
                ("minutes", &d.to_string()),
                ("max", &MAX_PUBLIC_DELAY_MINUTES.to_string()),
            ],
        )),
    })
}

/// `POST /api/live/settings`: `{"playout_minutes": 5, "playout_offer_percent": 80,
/// "public_delay_minutes": 0}` (any may be left out: it keeps its setting) → 200 with the three
/// settings; 400 out of range.
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
        #[serde(default)]
        public_delay_minutes: Option<u32>,
    }
    let body: Body = read_body(
        &body,
        "expected {\"playout_minutes\": 5, \"playout_offer_percent\": 80, \"public_delay_minutes\": 0}",
    )?;
    let (minutes, percent, delay) = app
        .change_off_screen(move |t| {
            set_playout(
                t,
                body.playout_minutes,
                body.playout_offer_percent,
                body.public_delay_minutes,
                Lang::En,
            )?;
            Ok((
                t.live.playout_minutes(),
                t.live.playout_offer_percent(),
                t.live.public_delay_minutes(),
            ))
        })
        .await?;
    app.live.reload_desk();
    Ok(Json(
        json!({"playout_minutes": minutes, "playout_offer_percent": percent, "public_delay_minutes": delay}),
    ))
}
