//! The live room at the desk: the e-boards' links run in the server ([`start_links`]), their
//! games feed the library's [`LiveRoom`], and the desk shows them — `/live` (the e-boards and
//! their boards), `/rounds/{n}/live` (every board as a diagram, its moves, incidents, proposed
//! result and play-out countdown), `/screen` (the hall's big screen, read-only) — with the JSON
//! of `/api/live` and the Server-Sent Events of `/events` (a page changes within a second of
//! the board).
//!
//! | route | answer |
//! |---|---|
//! | `GET /api/live` | `{"group", "round", "now_ms", "playout_minutes", "playout_offer_percent", "eboards": […], "boards": [{"board", "serialnr", "placement", "moves", "incidents", "proposed_result", "playout_remaining_s", …}], "record": [{"board", "kind", "article", "ply", "at_ms", "decision", …}]}` (`record`: the event's record of the round's incidents, kept across restarts) |
//! | `POST /api/live/assign` | `{"serialnr", "board"[, "round"]}`, on a board of the group the request shows (`?group=N` or the desk's chosen group) → 200 `{"serialnr", "group", "round", "board"}` (`group`, from 0, left out for the first); 404 no such e-board or board; 409 taken or finished, with the reason |
//! | `POST /api/live/settings` | `{"playout_minutes": 5, "playout_offer_percent": 80, "public_delay_minutes": 0}` (any may be left out) → 200 with the three; 400 out of range (1–600 min, 1–100 %, 0–180 min) |
//! | `POST /api/rounds/{n}/playout` | `{"boards": [..] \| "all", "minutes": 5}` → 200 `{"started": [..], "minutes"}` |
//! | `POST /api/rounds/{n}/boards/{b}/notice` | `{"incident": i}`: the arbiter noticed the illegal act (CR 3.4) |
//! | `POST /api/rounds/{n}/boards/{b}/settle` | `{"incident": i}`: the arbiter settled the gap in the board's record (409 no such gap) |
//! | `POST /api/rounds/{n}/boards/{b}/record` | records the proposed result (the arbiter's click) |
//! | `GET /events` | `text/event-stream`: `board` events (a board's brief, with its diagram `svg`: the first of each board), `move` events (the same brief without the diagram: `placement`, `moves`, `move_plies`, `plies`, `incidents`, `proposed`, `state`; the page draws the placement on the diagram it has), at most four a second a board, and `reload`; `?for=screen[&since=N]`: one write a second at most, the latest `board` event of each board changed since the last write (since change `N`, the page's `data-since`, for the first; a new incident is its `board` event), or `reload` alone, at most once a second, after a change of the event made at the desk |
//!
//! An event of several groups: the room follows every group's boards at once, each e-board
//! the board of the group it was put on ([`BoardKey`]); every route works on the group the
//! request shows, and the event streams name the group of each board.
//!
//! Every incident of a followed board goes into the event's record (its database's incidents,
//! within a second, in batches) with the arbiter's decision on it (journal entries); the board's
//! capture too, as `arbiter board record` writes it (`arbiter board export EVENT --round R
//! --board B` gives it to `arbiter judge`). The play-out's start and minutes are in the record:
//! every answer computes the seconds left from the server's clock.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::broadcast;

use super::desk::adjudication_record;
use super::extract::{BoardNo, JsonBody, RoundNo};
use super::{App, Shared, WebError, diagram};
use crate::adjudicate::Adjudicator;
use crate::board::RecogniserConfig;
use crate::board::link::{Backoff, LinkEvent, dgt, livechess};
use crate::board::room::{BoardKey, LiveBoard, LiveRoom, ProposedBy};
use crate::formats::verdict;
use crate::game::rules::CompetitionRules;
use crate::i18n::Lang;
use crate::tournament::live::{AssignError, LiveAct, LiveDecision, LiveIncident, LiveIncidentKind};
use crate::tournament::{BoardResult, GameRef, Tournament};

/// A board link `arbiter serve` opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkSpec {
    /// DGT LiveChess 2 at this address (`ws://HOST:1982/api/v1.0`): every e-board it lists.
    LiveChess(String),
    /// A DGT e-Board on this serial device.
    Dgt(String),
}

/// The live room as the server shares it: the room, and the channel to the pages' event
/// streams.
#[derive(Debug)]
pub struct LiveHub {
    room: Mutex<LiveRoom>,
    /// The event streams' messages, each encoded once ([`sse_frame`]) and shared by every
    /// page that follows: 50 screens cost one encoding and 50 reference counts, not 50 copies.
    tx: broadcast::Sender<Bytes>,
    /// The hall's screens' streams (`/events?for=screen`): each board's latest event, and
    /// the `reload`s issued to them ([`feed::ScreenFeed`]).
    screen_feed: Mutex<feed::ScreenFeed>,
    /// How many screens' streams were opened (each is written at its own moment of the
    /// second).
    screen_streams: AtomicU64,
    /// True while a play-out may need adjudicating (the ticker looks at the state file).
    playouts: AtomicBool,
    /// Set when the server stops: the event streams end, so that the graceful shutdown does
    /// not wait for pages that never close them.
    stopping: tokio::sync::watch::Sender<bool>,
    /// One writer of the event's record at a time ([`App::save_incidents`]).
    saving: tokio::sync::Mutex<()>,
    /// The event's database, where the boards' captures go ([`App::save_incidents`]).
    state: PathBuf,
    /// The board each e-board's capture is of, with the time added to its DGT messages.
    captures: Mutex<BTreeMap<String, BoardCapture>>,
    /// The capture lines not written yet, in order.
    capture_lines: Mutex<Vec<crate::tournament::record::CaptureLines>>,
    /// The `/screen` pages kept, by language and view (standings or not), with what each
    /// was made from: the hall's screens cost one rendering per change, not one per viewer.
    screens: Mutex<BTreeMap<screen::ScreenSlot, screen::KeptScreen>>,
    /// Held while a `/screen` page is made: after a change the screens that ask at once wait
    /// for one rendering and take the page it keeps, instead of each rendering its own on the
    /// server's few threads (which result entry shares).
    screen_rendering: tokio::sync::Mutex<()>,
    /// The bounds on the e-boards ([`LiveHub::bounded`]) and what is held against them.
    bounds: bounds::Bounds,
}

/// A board's capture being written: the board and the milliseconds added to its DGT messages'
/// times (the capture continued after a restart).
type BoardCapture = (BoardKey, u64);

impl LiveHub {
    /// An empty room judging under the preset's rules, for the event in state file `state`
    /// (the boards' captures go into it).
    pub fn new(preset: crate::game::preset::Preset, state: &Path) -> LiveHub {
        let mut room = LiveRoom::new(
            RecogniserConfig::default(),
            CompetitionRules::preset(preset),
        );
        // Numbers no earlier run used: a thousand games a millisecond.
        room.first_game(now_ms().saturating_mul(1000));
        LiveHub {
            room: Mutex::new(room),
            tx: broadcast::channel(1024).0,
            screen_feed: Mutex::new(feed::ScreenFeed::starting_at(now_ms().saturating_mul(1000))),
            screen_streams: AtomicU64::new(0),
            playouts: AtomicBool::new(true),
            stopping: tokio::sync::watch::channel(false).0,
            saving: tokio::sync::Mutex::new(()),
            state: state.to_path_buf(),
            captures: Mutex::new(BTreeMap::new()),
            capture_lines: Mutex::new(Vec::new()),
            screens: Mutex::new(BTreeMap::new()),
            screen_rendering: tokio::sync::Mutex::new(()),
            bounds: bounds::Bounds::new(1000, 16 << 20, Lang::En),
        }
    }

    /// The same room following at most `eboards` e-boards, keeping at most `capture` bytes
    /// of each board's capture (the desk's `game` limit: what `arbiter judge` reads of one
    /// game), its notes to the operator in `lang`.
    #[must_use]
    pub fn bounded(mut self, eboards: usize, capture: u64, lang: Lang) -> LiveHub {
        self.bounds = bounds::Bounds::new(eboards, capture, lang);
        self
    }

    /// A watch that turns true when the server stops (the desk's background work ends).
    pub(in crate::web) fn stopped(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Ends the event streams (the server is stopping).
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    fn room(&self) -> std::sync::MutexGuard<'_, LiveRoom> {
        self.room
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Tells the pages to reload (an assignment, a result, a play-out started): the desk's at
    /// once, the hall's screens at most once a second ([`feed::ScreenFeed`]).
    fn reload(&self) {
        let _ = self.tx.send(reload_frame());
        self.reload_screens();
    }

    /// Tells the hall's screens to reload, at most once a second ([`feed::ScreenFeed`]):
    /// after every change of the event made at the desk (a result, a player, a pairing: the
    /// screen shows pairings and standings).
    pub(super) fn reload_screens(&self) {
        self.screen_feed().offer_reload(now_ms());
    }

    /// Tells the desk's pages to reload, not the hall's screens: for a change they do not
    /// show (an e-board seen, a decision on an incident, the play-out's settings), or one
    /// made through [`App::change`], which tells them itself.
    fn reload_desk(&self) {
        let _ = self.tx.send(reload_frame());
    }

    fn screen_feed(&self) -> std::sync::MutexGuard<'_, feed::ScreenFeed> {
        self.screen_feed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Reads one event of e-board `serial`'s link and tells the pages what changed. A frame
    /// that repeats the board's last one, or an unreadable one after the first, goes no
    /// further ([`bounds::Bounds::admit`]): not into the capture, not to the pages.
    fn push(&self, serial: &str, event: &LinkEvent) {
        if !self.bounds.admit(serial, event, now_ms()) {
            return;
        }
        let (changed, before, on, standing) = {
            let mut room = self.room();
            let before = room.brief(serial).map(|b| (b.incidents, b.proposed));
            let standing = room.standing(serial);
            let changed = room.push(serial, event, now_ms());
            (changed, before, room.on(serial), standing)
        };
        self.capture(serial, on, event, standing.as_ref());
        if !changed {
            return;
        }
        let link_change = matches!(
            event,
            LinkEvent::Connected { .. } | LinkEvent::GaveUp { .. }
        );
        self.announce(
            serial,
            |b| before != Some((b.incidents, b.proposed.clone())),
            link_change,
        );
    }

    /// Reads again the placements that stood [`QUIET_MS`] ([`LiveRoom::settle`]), and sends
    /// the pages the boards' events held back ([`bounds::Bounds::pace`]).
    fn settle(&self) {
        let changed = self.room().settle(now_ms(), QUIET_MS);
        for (serial, incident) in changed {
            self.announce(&serial, |_| incident, false);
        }
        for (serial, reload) in self.bounds.due(now_ms()) {
            self.announce(&serial, |_| reload, false);
        }
        self.screen_feed().due(now_ms());
    }

    /// Tells the pages about e-board `serial`'s board: its brief (`board`), or `reload` when
    /// `new_forms` says its incidents or proposal changed (the page's forms change); an
    /// e-board on no board only makes `/live` reload, and only when `link_change`.
    fn announce(
        &self,
        serial: &str,
        new_forms: impl Fn(&crate::board::room::BoardBrief) -> bool,
        link_change: bool,
    ) {
        let Some(b) = self.room().brief(serial) else {
            if link_change {
                self.reload_desk();
            }
            return;
        };
        let kind = if new_forms(&b) { "reload" } else { "board" };
        // A board's events go to the pages at most every [`bounds::BOARD_EVENT_MS`]: one held
        // back goes with the next tick, as the board stands then.
        if !self.bounds.pace(serial, kind == "reload", now_ms()) {
            return;
        }
        // The diagram goes once, in the board's first event (`board`, with `svg`); then
        // `move` events carry the placement and the moves, which the page applies to the
        // diagram it has (a page loaded again draws them all afresh).
        let at = BoardKey::new(b.group, b.round, b.board);
        let first = self.bounds.first_drawing(serial, at);
        let shown = if first { "board" } else { "move" };
        let kind = if kind == "reload" { kind } else { shown };
        let mut data = json!({"type": kind, "group": b.group, "round": b.round, "board": b.board, "serialnr": b.serialnr,
               "state": b.state, "placement": b.placement, "clock": b.clock,
               "moves": b.last_moves, "move_plies": b.last_plies, "plies": b.plies, "incidents": b.incidents,
               "proposed": b.proposed});
        if first {
            data["svg"] = json!(diagram::svg(b.placement.as_deref(), &b.board.to_string()));
        }
        let frame = sse_frame(kind, &data.to_string());
        // The screen shows the diagram and the moves, no incidents, proposals or forms: a new
        // incident is a `board` or `move` event to it, as the others.
        let screen_frame = if kind == shown {
            frame.clone()
        } else {
            data["type"] = json!(shown);
            sse_frame(shown, &data.to_string())
        };
        self.screen_feed().offer(at, screen_frame);
        let _ = self.tx.send(frame);
    }
}

/// How long a placement stands before it is read again, in milliseconds: the time a LiveChess
/// transcript is read with too (`board::livechess::STANDS_MS`).
pub const QUIET_MS: u64 = crate::board::livechess::STANDS_MS;

pub use links::start_links;

/// Milliseconds since the Unix epoch, the server's clock.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl App {
    /// Brings the room to the state file: the assignments of every group followed, the expired
    /// play-outs of `t`'s e-boards adjudicated, `t` being group `group` of the event (the pages
    /// are told to reload when one was). Returns whether a play-out of this group still runs
    /// (the ticker, which reads every group, clears the room's flag when none does).
    fn live_sync(&self, t: &Tournament, group: usize) -> bool {
        self.live.room().sync(&assignments(&t.live));
        // The games of e-boards put on a board go on from the record (a restart mid-round).
        self.live.rebuild_games(t);
        let adjudicated = {
            let mut room = self.live.room();
            match Adjudicator::new(self.preset(t).adjudication()) {
                Ok(a) => room.expire(&playouts_over(t, group, now_ms()), &a),
                Err(_) => Vec::new(),
            }
        };
        // This group's play-outs only (the record's list holds every group's, and keeps the
        // finished ones): another group's are its own to tell, when the ticker reads it.
        let running = t.live.playouts.iter().any(|p| {
            p.group == group
                && t.board_of(p.round, GameRef::Board(p.board))
                    .is_ok_and(|g| g.result.is_none())
        });
        if running {
            self.live.playouts.store(true, Ordering::SeqCst);
        }
        if !adjudicated.is_empty() {
            self.live.reload();
        }
        running
    }

    /// The live data of round `round` (the current one when `None`) of `t`, group `group` of
    /// the event.
    fn live_data(
        &self,
        t: &Tournament,
        group: usize,
        round: Option<u32>,
    ) -> (u32, Vec<LiveBoard>, Value) {
        self.live_sync(t, group);
        let round = round.unwrap_or_else(|| t.paired_rounds());
        let room = self.live.room();
        let boards = room.round_view(group, round, round_boards(t, group, round, now_ms()));
        let eboards = serde_json::to_value(room.eboards()).unwrap_or_default();
        (round, boards, eboards)
    }
}

/// Reads a JSON body, a bad one as [`WebError::BadRequest`].
fn read_body<T: serde::de::DeserializeOwned>(body: &[u8], what: &str) -> Result<T, WebError> {
    serde_json::from_slice(body).map_err(|e| WebError::BadRequest(format!("{what}: {e}")))
}

/// The body of `POST /api/live/assign`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AssignBody {
    serialnr: String,
    board: u32,
    #[serde(default)]
    round: Option<u32>,
}

/// A board as the live room's refusals name it, in `lang`: «тур 2, доска 5», with its group
/// first when the event has several («группа «3–4 классы», тур 2, доска 5»).
fn board_place(group: Option<&str>, round: u32, board: u32, lang: Lang) -> String {
    let (round, board) = (round.to_string(), board.to_string());
    match group {
        Some(g) => lang.fmt(
            "web-live-place-group",
            &[("group", g), ("round", &round), ("board", &board)],
        ),
        None => lang.fmt("web-live-place", &[("round", &round), ("board", &board)]),
    }
}

/// Puts e-board `serial` on board `board` of `round` (the current one when `None`) of the
/// group the request shows (the desk's `?group=N`).
async fn assign(
    app: &Shared,
    serial: String,
    round: Option<u32>,
    board: u32,
    lang: Lang,
) -> Result<BoardKey, WebError> {
    if !app.live.room().knows(&serial) {
        return Err(WebError::NotFound(
            lang.fmt("web-live-no-eboard", &[("serial", &serial)]),
        ));
    }
    let group = app.shown_group().await?;
    // In an event of several groups the board is named with its group: board 5 of round 2
    // is on every group's page.
    let group_name = super::caller::shown_groups().and_then(|(names, i)| names.get(i).cloned());
    let done = app
        .change(None, move |t| {
            let round = round.unwrap_or_else(|| t.paired_rounds());
            let place = || board_place(group_name.as_deref(), round, board, lang);
            match t.assign_eboard(&serial, group, round, board) {
                Ok(()) => Ok(BoardKey::new(group, round, board)),
                Err(AssignError::NoBoard(e)) => Err(WebError::Tournament(e)),
                Err(AssignError::Taken { other, .. }) => Err(WebError::Conflict(lang.fmt(
                    "web-live-taken-at",
                    &[("place", &place()), ("serial", &other)],
                ))),
                Err(AssignError::Finished { .. }) => Err(WebError::Conflict(
                    lang.fmt("web-live-finished-at", &[("place", &place())]),
                )),
            }
        })
        .await?;
    if let Ok(t) = app.load().await {
        app.live_sync(&t, group);
    }
    // The hall's screens were told by the change ([`App::change`]).
    app.live.reload_desk();
    Ok(done)
}

/// `POST /api/live/assign`: `{"serialnr", "board"[, "round"]}`.
pub(super) async fn api_assign(
    State(app): State<Shared>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    let body: AssignBody = read_body(&body, "expected {\"serialnr\": \"…\", \"board\": N}")?;
    let at = assign(
        &app,
        body.serialnr.clone(),
        body.round,
        body.board,
        Lang::En,
    )
    .await?;
    // The board as the record names it: `group` left out for the first group's.
    let mut answer = serde_json::to_value(at).unwrap_or_default();
    answer["serialnr"] = json!(body.serialnr);
    Ok(Json(answer))
}

/// The body of `POST /api/rounds/{n}/playout`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayoutBody {
    boards: Value,
    #[serde(default)]
    minutes: Option<f64>,
}

/// Starts the play-out of round `n` on `boards` (every unfinished one when `None`).
async fn start_playout(
    app: &Shared,
    n: u32,
    boards: Option<Vec<u32>>,
    minutes: Option<f64>,
) -> Result<(Vec<u32>, f64), WebError> {
    let now = now_ms();
    let group = app.shown_group().await?;
    let done = app
        .change(None, move |t| {
            let minutes = minutes.unwrap_or_else(|| f64::from(t.live.playout_minutes()));
            if !(minutes.is_finite() && minutes * 60.0 >= 1.0 && minutes <= 600.0) {
                return Err(WebError::BadRequest(format!(
                    "minutes: {minutes} is not a play-out length (1 second to 600 minutes)"
                )));
            }
            let seconds = (minutes * 60.0).round() as u32;
            Ok((
                t.start_playout(group, n, boards.as_deref(), seconds, now)?,
                minutes,
            ))
        })
        .await?;
    app.live.playouts.store(true, Ordering::SeqCst);
    // The hall's screens were told by the change ([`App::change`]).
    app.live.reload_desk();
    Ok(done)
}

/// `POST /api/rounds/{n}/playout`: `{"boards": [..] | "all", "minutes": 5}`.
pub(super) async fn api_playout(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    let what = "expected {\"boards\": [1, 2] or \"all\", \"minutes\": 5}";
    let body: PlayoutBody = read_body(&body, what)?;
    let boards = match &body.boards {
        Value::String(s) if s == "all" => None,
        v => Some(
            serde_json::from_value::<Vec<u32>>(v.clone())
                .map_err(|e| WebError::BadRequest(format!("{what}: {e}")))?,
        ),
    };
    let (started, minutes) = start_playout(&app, n, boards, body.minutes).await?;
    Ok(Json(
        json!({"round": n, "started": started, "minutes": minutes}),
    ))
}

/// The arbiter's decision `act` on incident `incident` of board `b`: an illegal act noticed
/// (CR 3.4: the judge's `notice` event, a second counted illegal move ends the game, CR 3.3), or
/// a gap in the board's record settled. Refused by the room (no such incident, decided
/// already): 409 in words. The decision goes into the event's record with the incident
/// (written first, if it was not yet), and what it makes of the game after it.
async fn decide(
    app: &Shared,
    n: u32,
    b: u32,
    incident: usize,
    act: LiveAct,
) -> Result<(), WebError> {
    let t = app.load().await?;
    let group = app.shown_group().await?;
    let at = BoardKey::new(group, n, b);
    app.live_sync(&t, group);
    app.save_incidents().await?;
    let game = {
        let mut room = app.live.room();
        match act {
            LiveAct::Noticed => room.notice(at, incident),
            LiveAct::Settled => room.settle_gap(at, incident),
            LiveAct::Recorded => Err(crate::board::room::RoomError::NoIncident(incident)),
        }?;
        room.game_of(at).map(|(_, g)| g)
    };
    if let Some(game) = game {
        let decision = LiveDecision {
            act,
            result: None,
            at_ms: now_ms(),
        };
        app.change_off_screen(move |t| {
            t.live.decide(at, game, incident, decision);
            Ok(())
        })
        .await?;
    }
    app.save_incidents().await?;
    app.live.reload_desk();
    Ok(())
}

/// The incident a decision's JSON body names: `{"incident": i}`.
fn incident_of(body: &[u8]) -> Result<usize, WebError> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        incident: usize,
    }
    read_body::<Body>(body, "expected {\"incident\": N}").map(|b| b.incident)
}

/// `POST /api/rounds/{n}/boards/{b}/notice`: `{"incident": i}`.
pub(super) async fn api_notice(
    State(app): State<Shared>,
    BoardNo(n, b): BoardNo,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    let incident = incident_of(&body)?;
    decide(&app, n, b, incident, LiveAct::Noticed).await?;
    Ok(Json(json!({"round": n, "board": b, "noticed": incident})))
}

/// `POST /api/rounds/{n}/boards/{b}/settle`: `{"incident": i}`, a gap settled.
pub(super) async fn api_settle(
    State(app): State<Shared>,
    BoardNo(n, b): BoardNo,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    let incident = incident_of(&body)?;
    decide(&app, n, b, incident, LiveAct::Settled).await?;
    Ok(Json(json!({"round": n, "board": b, "settled": incident})))
}

/// Records board `b`'s proposed result: an adjudication through `record_adjudicated`, an
/// ending or a result signal through `record_judged` with the live judge's verdict.
async fn record_proposed(app: &Shared, n: u32, b: u32, lang: Lang) -> Result<String, WebError> {
    let t = app.load().await?;
    let group = app.shown_group().await?;
    let at = BoardKey::new(group, n, b);
    app.live_sync(&t, group);
    app.save_incidents().await?;
    let (proposed, verdict, adjudication, game, plies, count) = {
        let room = app.live.room();
        // A result resting on moves the board did not show waits for the arbiter (the gap).
        if room.unsettled_gap(at).is_some() {
            return Err(WebError::Conflict(
                lang.fmt("web-live-gap-first", &[("board", &b.to_string())]),
            ));
        }
        let view = room.round_view(group, n, round_boards(&t, group, n, now_ms()));
        let this = view.iter().find(|x| x.board == b);
        let plies = this.map_or(0, |x| x.moves.len() as u32);
        let count = this.map_or(0, |x| x.incidents.len());
        let proposed = this
            .and_then(|x| x.proposed_result.clone())
            .ok_or_else(|| {
                WebError::Conflict(
                    lang.fmt("web-live-nothing-proposed", &[("board", &b.to_string())]),
                )
            })?;
        (
            proposed,
            room.verdict(at),
            room.adjudication(at).cloned(),
            room.game_of(at),
            plies,
            count,
        )
    };
    let result = BoardResult::parse(&proposed.result)
        .ok_or_else(|| WebError::BadRequest(format!("result {:?}", proposed.result)))?;
    // The confirmation, kept in the event's record with the incident that proposed it (the
    // adjudication is an incident of its own), in the same write as the result.
    let confirmed = {
        let proposed = proposed.clone();
        move |t: &mut Tournament| {
            let Some((serialnr, game)) = game else {
                return;
            };
            let at_ms = now_ms();
            let decision = LiveDecision {
                act: LiveAct::Recorded,
                result: Some(proposed.result.clone()),
                at_ms,
            };
            match proposed.incident {
                Some(i) => {
                    t.live.decide(at, game, i, decision);
                }
                None => {
                    t.live.incidents.push(LiveIncident {
                        group,
                        round: n,
                        board: b,
                        serialnr,
                        game,
                        incident: count,
                        kind: LiveIncidentKind::Adjudication,
                        article: proposed.article.clone(),
                        ply: plies,
                        side: None,
                        detail: proposed.reason.clone().unwrap_or_default(),
                        result: Some(proposed.result.clone()),
                        at_ms,
                        decision: Some(decision),
                    });
                }
            }
        }
    };
    match (proposed.by, adjudication, verdict) {
        (ProposedBy::Adjudication, Some(a), _) => {
            let record = adjudication_record(&a, lang);
            app.change(None, move |t| {
                t.record_adjudicated(n, b, record, result, None, false)?;
                confirmed(t);
                Ok(())
            })
            .await?;
        }
        (_, _, Some(v)) => {
            let text = serde_json::to_string(&v).map_err(|e| WebError::Internal(e.to_string()))?;
            let mut judged = verdict::read_judged(&text, "live")
                .map_err(|e| WebError::BadRequest(e.to_string()))?
                .into_iter()
                .next()
                .ok_or_else(|| WebError::Internal("no verdict".into()))?;
            app.change(None, move |t| {
                let g = t.board_of(n, GameRef::Board(b))?;
                // The live game is this board's: its players are the board's.
                judged.white_start_rank = Some(g.white);
                judged.black_start_rank = Some(g.black);
                t.record_judged(n, b, &judged, Some(result), None, false)?;
                confirmed(t);
                Ok(())
            })
            .await?;
        }
        _ => {
            return Err(WebError::Conflict(
                lang.fmt("web-live-nothing-proposed", &[("board", &b.to_string())]),
            ));
        }
    }
    // The hall's screens were told by the change ([`App::change`]).
    app.live.reload_desk();
    Ok(proposed.result)
}

/// `POST /api/rounds/{n}/boards/{b}/record`: records the proposed result (the arbiter's click).
pub(super) async fn api_record(
    State(app): State<Shared>,
    BoardNo(n, b): BoardNo,
    headers: HeaderMap,
    JsonBody(_): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    let result = record_proposed(&app, n, b, Lang::En).await?;
    Ok(Json(json!({"round": n, "board": b, "result": result})))
}

/// One Server-Sent Event as a stream sends it (the HTML Standard's `text/event-stream`):
/// `event: KIND`, `data: DATA` and a blank line. `data` is one line (JSON as serde writes
/// it has no line break).
fn sse_frame(kind: &str, data: &str) -> Bytes {
    debug_assert!(!data.contains('\n'));
    Bytes::from(format!("event: {kind}\ndata: {data}\n\n"))
}

/// The `reload` event.
fn reload_frame() -> Bytes {
    sse_frame("reload", &json!({"type": "reload"}).to_string())
}

/// How often a quiet stream sends a comment, so that nothing between the page and the desk
/// takes it for dead (axum's own default for its event streams).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// `GET /events`: the live room's Server-Sent Events (`board` and `reload`, see the module's
/// table), a comment line every [`KEEP_ALIVE`] when quiet. Every page's stream sends the same
/// encoded bytes ([`LiveHub::tx`]); one that falls behind by more than the channel holds gets
/// `reload` instead of what it missed.
///
/// `/events?for=screen[&since=N]` is the hall's screens' stream: one write a second at most,
/// the latest `board` event of each board changed since the last (since change `N`, the
/// number its page was made at, for the first), or `reload` ([`feed::screen_stream`]).
pub(super) async fn events(State(app): State<Shared>, uri: axum::http::Uri) -> Response {
    let screen = uri
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "for=screen"));
    if screen {
        let stream = feed::screen_stream(app.live.clone(), feed::since_of(uri.query()));
        return event_stream(&app, stream);
    }
    let rx = app.live.tx.subscribe();
    let quiet = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    let stream = futures_util::stream::unfold((rx, quiet), |(mut rx, mut quiet)| async move {
        let frame = tokio::select! {
            message = rx.recv() => match message {
                Ok(frame) => frame,
                // A slow reader missed some: the page reloads to catch up.
                Err(broadcast::error::RecvError::Lagged(_)) => reload_frame(),
                Err(broadcast::error::RecvError::Closed) => return None,
            },
            _ = quiet.tick() => Bytes::from_static(b":\n\n"),
        };
        Some((Ok::<_, Infallible>(frame), (rx, quiet)))
    });
    event_stream(&app, stream)
}

/// The response of an event stream: `text/event-stream`, ending when the server stops.
fn event_stream(
    app: &Shared,
    stream: impl futures_util::Stream<Item = Result<Bytes, Infallible>> + Send + 'static,
) -> Response {
    let mut stopping = app.live.stopping.subscribe();
    let stream = futures_util::StreamExt::take_until(stream, async move {
        let _ = stopping.wait_for(|s| *s).await;
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

mod boards;
mod bounds;
mod feed;
mod links;
mod pages;
mod record;
mod screen;

pub(crate) use boards::{assignments, playouts_over, round_boards};
use record::record_of;
pub(super) use record::{api_settings, set_playout};

pub(super) use pages::{
    api_live, assign_form, eboards_page, live_js, notice_form, playout_form, record_form,
    round_page, settle_form,
};
pub(super) use screen::screen;

#[cfg(test)]
mod tests;
