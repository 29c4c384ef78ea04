//! The live room at the desk: the e-boards' links run in the server ([`start_links`]), their
//! games feed the library's [`LiveRoom`], and the desk shows them — `/live` (the e-boards and
//! their boards), `/rounds/{n}/live` (every board as a diagram, its moves, incidents, proposed
//! result and play-out countdown), `/screen` (the hall's big screen, read-only) — with the JSON
//! of `/api/live` and the Server-Sent Events of `/events` (a page changes within a second of
//! the board).
//!
//! | route | answer |
//! |---|---|
//! | `GET /api/live` | `{"round", "now_ms", "playout_minutes", "eboards": […], "boards": [{"board", "serialnr", "placement", "moves", "incidents", "proposed_result", "playout_remaining_s", …}]}` |
//! | `POST /api/live/assign` | `{"serialnr", "board"[, "round"]}` → 200; 404 no such e-board or board; 409 taken or finished, with the reason |
//! | `POST /api/rounds/{n}/playout` | `{"boards": [..] \| "all", "minutes": 5}` → 200 `{"started": [..], "minutes"}` |
//! | `POST /api/rounds/{n}/boards/{b}/notice` | `{"incident": i}`: the arbiter noticed the illegal act (CR 3.4) |
//! | `POST /api/rounds/{n}/boards/{b}/record` | records the proposed result (the arbiter's click) |
//! | `GET /events` | `text/event-stream`: `board` events (a board's brief, with its diagram) and `reload` |
//!
//! The server's clock holds the play-out: `started_ms` and the minutes are in the state file,
//! every answer computes the seconds left from the server's time.

use std::convert::Infallible;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, Uri, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::broadcast;

use super::actions::Fields;
use super::desk::adjudication_record;
use super::extract::{BoardNo, FormFields, JsonBody, PageQuery, RoundNo};
use super::pages::shown;
use super::view::{error_page, render};
use super::{App, Shared, WebError, diagram};
use crate::adjudicate::Adjudicator;
use crate::board::RecogniserConfig;
use crate::board::link::{Backoff, LinkEvent, dgt, livechess};
use crate::board::room::{IncidentKind, LiveBoard, LiveRoom, ProposedBy};
use crate::formats::verdict;
use crate::game::rules::CompetitionRules;
use crate::i18n::Lang;
use crate::tournament::live::AssignError;
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
    tx: broadcast::Sender<(&'static str, String)>,
    /// True while a play-out may need adjudicating (the ticker looks at the state file).
    playouts: AtomicBool,
}

impl LiveHub {
    /// An empty room judging under the preset's rules.
    pub fn new(preset: crate::game::preset::Preset) -> LiveHub {
        LiveHub {
            room: Mutex::new(LiveRoom::new(
                RecogniserConfig::default(),
                CompetitionRules::preset(preset),
            )),
            tx: broadcast::channel(1024).0,
            playouts: AtomicBool::new(true),
        }
    }

    fn room(&self) -> std::sync::MutexGuard<'_, LiveRoom> {
        self.room
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Tells the pages to reload (an assignment, a result, a play-out started).
    fn reload(&self) {
        let _ = self
            .tx
            .send(("reload", json!({"type": "reload"}).to_string()));
    }

    /// Reads one event of e-board `serial`'s link and tells the pages what changed.
    fn push(&self, serial: &str, event: &LinkEvent) {
        let (changed, before) = {
            let mut room = self.room();
            let before = room.brief(serial).map(|b| (b.incidents, b.proposed));
            (room.push(serial, event, now_ms()), before)
        };
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

    /// Reads again the placements that stood [`QUIET_MS`] ([`LiveRoom::settle`]).
    fn settle(&self) {
        let changed = self.room().settle(now_ms(), QUIET_MS);
        for (serial, incident) in changed {
            self.announce(&serial, |_| incident, false);
        }
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
                self.reload();
            }
            return;
        };
        let kind = if new_forms(&b) { "reload" } else { "board" };
        let label = b.board.to_string();
        let svg = diagram::svg(b.placement.as_deref(), &label);
        let _ = self.tx.send((
            kind,
            json!({"type": kind, "round": b.round, "board": b.board, "serialnr": b.serialnr,
                   "state": b.state, "placement": b.placement, "svg": svg,
                   "moves": b.last_moves, "plies": b.plies, "incidents": b.incidents,
                   "proposed": b.proposed})
            .to_string(),
        ));
    }
}

/// How long a placement stands before it is read again, in milliseconds: longer than a piece
/// slides over a square, short enough that the last move shows within a second.
pub const QUIET_MS: u64 = 600;

/// Milliseconds since the Unix epoch, the server's clock.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Starts the links (each on its own threads: the links block) and the play-out ticker (on
/// the server's runtime). A LiveChess address is asked for its e-boards every 5 s; each new
/// one gets its link. A link that cannot be opened is reported on standard error and tried
/// again at the next listing.
pub fn start_links(app: &Shared, links: &[LinkSpec]) {
    for spec in links.iter().cloned() {
        let hub = app.live.clone();
        let name = match &spec {
            LinkSpec::LiveChess(_) => "livechess-room",
            LinkSpec::Dgt(_) => "dgt-room",
        };
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || match spec {
                LinkSpec::LiveChess(url) => follow_livechess(&hub, &url),
                LinkSpec::Dgt(device) => follow_dgt(&hub, &device),
            });
        if let Err(e) = spawned {
            eprintln!("arbiter serve: cannot start a board link: {e}");
        }
    }
    let settler = app.live.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(200));
        loop {
            every.tick().await;
            settler.settle();
        }
    });
    let ticker = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            if ticker.live.playouts.load(Ordering::SeqCst)
                && let Ok(t) = ticker.load().await
            {
                ticker.live_sync(&t);
            }
        }
    });
}

/// Lists LiveChess's e-boards every 5 s and follows each new one.
fn follow_livechess(hub: &std::sync::Arc<LiveHub>, url: &str) {
    let mut followed: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut reported = false;
    loop {
        match livechess::list_eboards(url, Duration::from_secs(5)) {
            Ok(list) => {
                reported = false;
                for b in list {
                    let changed = hub.room().seen(
                        &b.serialnr,
                        b.source.as_deref().unwrap_or(url),
                        false,
                        b.battery.clone(),
                    );
                    if changed {
                        hub.reload();
                    }
                    if followed.contains(&b.serialnr) {
                        continue;
                    }
                    let config = livechess::LiveChessConfig {
                        serial: Some(b.serialnr.clone()),
                        backoff: Backoff::default(),
                        ..livechess::LiveChessConfig::new(url)
                    };
                    match livechess::open(config) {
                        Ok(link) => {
                            followed.insert(b.serialnr.clone());
                            read_link(hub, b.serialnr.clone(), link);
                        }
                        Err(e) => eprintln!("arbiter serve: {e}"),
                    }
                }
            }
            Err(e) if !reported => {
                eprintln!("arbiter serve: {e}");
                reported = true;
            }
            Err(_) => {}
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// Opens the DGT board on `device` (again every 5 s until it answers) and follows it.
fn follow_dgt(hub: &std::sync::Arc<LiveHub>, device: &str) {
    loop {
        match dgt::open(dgt::DgtConfig::new(device)) {
            Ok(link) => {
                let serial = link
                    .board()
                    .serial
                    .clone()
                    .unwrap_or_else(|| device.to_string());
                hub.room().seen(&serial, device, true, None);
                hub.reload();
                read_link(hub, serial, link);
                return;
            }
            Err(e) => eprintln!("arbiter serve: {e}"),
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// Reads a link on its own thread into the room until it ends.
fn read_link(hub: &std::sync::Arc<LiveHub>, serial: String, link: crate::board::link::Link) {
    let hub = hub.clone();
    let spawned = std::thread::Builder::new()
        .name("board-reader".into())
        .spawn(move || {
            for event in link {
                hub.push(&serial, &event);
            }
        });
    if let Err(e) = spawned {
        eprintln!("arbiter serve: cannot start a board reader: {e}");
    }
}

impl App {
    /// Brings the room to the state file: the assignments followed, the expired play-outs of
    /// e-boards adjudicated (the pages are told to reload when one was).
    fn live_sync(&self, t: &Tournament) {
        let adjudicated = {
            let mut room = self.live.room();
            room.sync(&t.live);
            match Adjudicator::new(self.config.preset.adjudication()) {
                Ok(a) => room.expire(&t.live, t, now_ms(), &a),
                Err(_) => Vec::new(),
            }
        };
        let running = t.live.playouts.iter().any(|p| {
            t.board_of(p.round, GameRef::Board(p.board))
                .is_ok_and(|g| g.result.is_none())
        });
        self.live.playouts.store(running, Ordering::SeqCst);
        if !adjudicated.is_empty() {
            self.live.reload();
        }
    }

    /// The live data of round `round` (the current one when `None`).
    fn live_data(&self, t: &Tournament, round: Option<u32>) -> (u32, Vec<LiveBoard>, Value) {
        self.live_sync(t);
        let round = round.unwrap_or_else(|| t.paired_rounds());
        let room = self.live.room();
        let boards = room.round_view(t, round, now_ms());
        let eboards = serde_json::to_value(room.eboards()).unwrap_or_default();
        (round, boards, eboards)
    }
}

/// `GET /api/live`: the e-boards seen and the current round's boards.
pub(super) async fn api_live(State(app): State<Shared>) -> Result<Json<Value>, WebError> {
    let t = app.load().await?;
    let (round, boards, eboards) = app.live_data(&t, None);
    Ok(Json(json!({
        "round": round, "now_ms": now_ms(), "playout_minutes": t.live.playout_minutes(),
        "eboards": eboards, "boards": boards,
    })))
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

/// Puts e-board `serial` on board `board` of `round` (the current one when `None`).
async fn assign(
    app: &Shared,
    serial: String,
    round: Option<u32>,
    board: u32,
    lang: Lang,
) -> Result<(u32, u32), WebError> {
    if !app.live.room().knows(&serial) {
        return Err(WebError::NotFound(
            lang.fmt("web-live-no-eboard", &[("serial", &serial)]),
        ));
    }
    let done = app
        .change(None, move |t| {
            let round = round.unwrap_or_else(|| t.paired_rounds());
            match t.assign_eboard(&serial, round, board) {
                Ok(()) => Ok((round, board)),
                Err(AssignError::NoBoard(e)) => Err(WebError::Tournament(e)),
                Err(AssignError::Taken { other, .. }) => Err(WebError::Conflict(lang.fmt(
                    "web-live-taken",
                    &[("board", &board.to_string()), ("serial", &other)],
                ))),
                Err(AssignError::Finished { .. }) => Err(WebError::Conflict(
                    lang.fmt("web-live-finished", &[("board", &board.to_string())]),
                )),
            }
        })
        .await?;
    if let Ok(t) = app.load().await {
        app.live_sync(&t);
    }
    app.live.reload();
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
    let (round, board) = assign(
        &app,
        body.serialnr.clone(),
        body.round,
        body.board,
        Lang::En,
    )
    .await?;
    Ok(Json(
        json!({"serialnr": body.serialnr, "round": round, "board": board}),
    ))
}

/// The body of `POST /api/rounds/{n}/playout`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayoutBody {
    boards: Value,
    #[serde(default)]
    minutes: Option<u32>,
}

/// Starts the play-out of round `n` on `boards` (every unfinished one when `None`).
async fn start_playout(
    app: &Shared,
    n: u32,
    boards: Option<Vec<u32>>,
    minutes: Option<u32>,
) -> Result<(Vec<u32>, u32), WebError> {
    let now = now_ms();
    let done = app
        .change(None, move |t| {
            let minutes = minutes.unwrap_or_else(|| t.live.playout_minutes());
            if minutes == 0 || minutes > 600 {
                return Err(WebError::BadRequest(format!(
                    "minutes: {minutes} is not a play-out length (1 to 600 minutes)"
                )));
            }
            Ok((
                t.start_playout(n, boards.as_deref(), minutes, now)?,
                minutes,
            ))
        })
        .await?;
    app.live.playouts.store(true, Ordering::SeqCst);
    app.live.reload();
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

/// The arbiter noticed illegal act `incident` of board `b` (CR 3.4).
async fn notice(app: &Shared, n: u32, b: u32, incident: usize) -> Result<(), WebError> {
    let t = app.load().await?;
    app.live_sync(&t);
    app.live
        .room()
        .notice(n, b, incident)
        .map_err(|e| WebError::Conflict(e.to_string()))?;
    app.live.reload();
    Ok(())
}

/// `POST /api/rounds/{n}/boards/{b}/notice`: `{"incident": i}`.
pub(super) async fn api_notice(
    State(app): State<Shared>,
    BoardNo(n, b): BoardNo,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Json<Value>, WebError> {
    app.check_token(&headers)?;
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        incident: usize,
    }
    let body: Body = read_body(&body, "expected {\"incident\": N}")?;
    notice(&app, n, b, body.incident).await?;
    Ok(Json(
        json!({"round": n, "board": b, "noticed": body.incident}),
    ))
}

/// Records board `b`'s proposed result: an adjudication through `record_adjudicated`, an
/// ending or a result signal through `record_judged` with the live judge's verdict.
async fn record_proposed(app: &Shared, n: u32, b: u32, lang: Lang) -> Result<String, WebError> {
    let t = app.load().await?;
    app.live_sync(&t);
    let (proposed, verdict, adjudication) = {
        let room = app.live.room();
        let view = room.round_view(&t, n, now_ms());
        let proposed = view
            .iter()
            .find(|x| x.board == b)
            .and_then(|x| x.proposed_result.clone())
            .ok_or_else(|| {
                WebError::Conflict(
                    lang.fmt("web-live-nothing-proposed", &[("board", &b.to_string())]),
                )
            })?;
        (
            proposed,
            room.verdict(n, b),
            room.adjudication(n, b).cloned(),
        )
    };
    let result = BoardResult::parse(&proposed.result)
        .ok_or_else(|| WebError::BadRequest(format!("result {:?}", proposed.result)))?;
    match (proposed.by, adjudication, verdict) {
        (ProposedBy::Adjudication, Some(a), _) => {
            let record = adjudication_record(&a, lang);
            app.change(None, move |t| {
                Ok(t.record_adjudicated(n, b, record, result, None, false)?)
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
                Ok(t.record_judged(n, b, &judged, Some(result), None, false)?)
            })
            .await?;
        }
        _ => {
            return Err(WebError::Conflict(
                lang.fmt("web-live-nothing-proposed", &[("board", &b.to_string())]),
            ));
        }
    }
    app.live.reload();
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

/// `GET /events`: the live room's Server-Sent Events.
pub(super) async fn events(
    State(app): State<Shared>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let rx = app.live.tx.subscribe();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        let (kind, data) = match rx.recv().await {
            Ok(message) => message,
            // A slow reader missed some: the page reloads to catch up.
            Err(broadcast::error::RecvError::Lagged(_)) => {
                ("reload", json!({"type": "reload"}).to_string())
            }
            Err(broadcast::error::RecvError::Closed) => return None,
        };
        Some((Ok(Event::default().event(kind).data(data)), rx))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// A player's name as the pages show it.
fn name(t: &Tournament, tpn: u16) -> String {
    t.player(tpn)
        .map_or_else(|| tpn.to_string(), |p| p.name.clone())
}

/// A board's data for the templates, in `lang`.
fn board_data(t: &Tournament, round: u32, b: &LiveBoard, lang: Lang) -> Value {
    let label = lang.fmt("web-live-board", &[("board", &b.board.to_string())]);
    let incidents: Vec<Value> = b
        .incidents
        .iter()
        .map(|i| {
            json!({"id": i.id, "text": i.note().text(lang), "ply": i.ply,
                   "illegal": i.kind == IncidentKind::Illegal, "noticed": i.noticed})
        })
        .collect();
    let moves: Vec<String> = b
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m.clone()
            }
        })
        .collect();
    let last = moves[moves.len().saturating_sub(8)..].join(" ");
    let proposed = b.proposed_result.as_ref().map(|p| {
        let why = match p.by {
            ProposedBy::Ending => lang.fmt(
                "web-live-by-ending",
                &[(
                    "reason",
                    &p.reason.clone().map_or_else(String::new, |r| {
                        crate::i18n::Note::new("web-live-reason")
                            .term("reason", "reason", r)
                            .text(lang)
                    }),
                )],
            ),
            ProposedBy::ResultSignal => lang.msg("web-live-by-signal"),
            ProposedBy::Adjudication => lang.msg(if p.review {
                "web-live-by-review"
            } else {
                "web-live-by-adjudication"
            }),
        };
        json!({"result": p.result, "shown": shown(&p.result), "why": why, "fen": p.fen})
    });
    json!({
        "board": b.board, "label": label,
        "white": name(t, b.white), "black": name(t, b.black),
        "result": b.result, "serialnr": b.serialnr,
        "state": b.state.map(|s| lang.msg(&format!("web-live-state-{}", state_code(s)))),
        "svg": b.serialnr.as_ref().map(|_| diagram::svg(b.placement.as_deref(), &label)),
        "moves": last, "plies": b.moves.len(), "incidents": incidents, "proposed": proposed,
        "remaining": b.playout_remaining_s, "remaining_shown": b.playout_remaining_s.map(clock),
        "expired": b.playout_remaining_s == Some(0), "round": round,
    })
}

/// An e-board state's message suffix.
fn state_code(s: crate::board::room::EboardState) -> &'static str {
    use crate::board::room::EboardState as S;
    match s {
        S::Seen => "seen",
        S::Connected => "connected",
        S::Disconnected => "disconnected",
        S::Lost => "lost",
    }
}

/// Seconds as `m:ss`.
fn clock(s: u64) -> String {
    format!("{}:{:02}", s / 60, s % 60)
}

/// The round's live data for the pages.
fn round_live_data(app: &App, t: &Tournament, round: u32, lang: Lang) -> Value {
    let (round, boards, eboards) = app.live_data(t, Some(round));
    let games = boards.len();
    let finished = boards.iter().filter(|b| b.result.is_some()).count();
    let percent = t.live.playout_offer_percent() as usize;
    let offer = games > 0 && finished < games && finished * 100 >= percent * games;
    let shown: Vec<Value> = boards
        .iter()
        .map(|b| board_data(t, round, b, lang))
        .collect();
    json!({
        "event": t.name, "round": round, "boards": shown, "eboards": eboards,
        "games": games, "finished": finished, "offer": offer, "percent": percent,
        "minutes": t.live.playout_minutes(),
        "followed": boards.iter().any(|b| b.serialnr.is_some()),
        "running": boards.iter().any(|b| b.playout_remaining_s.is_some()),
        "rounds": t.rounds.iter().filter(|r| !r.games.is_empty())
            .map(|r| json!({"number": r.number})).collect::<Vec<_>>(),
    })
}

/// `/rounds/{n}/live`: every board of round `n` as a diagram, its moves and incidents, the
/// proposed results and the play-out.
pub(super) async fn round_page(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    uri: Uri,
) -> Response {
    let page = app.page(&q, &uri, |l| {
        l.fmt("web-live-round-title", &[("round", &n.to_string())])
    });
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    if let Err(e) = t
        .board_of(n, GameRef::Board(1))
        .map(|_| ())
        .or_else(|e| match e {
            crate::tournament::TournamentError::NoSuchGame { .. } => Ok(()),
            e => Err(e),
        })
    {
        return error_page(&app, page.lang, "/", &WebError::Tournament(e));
    }
    let data = round_live_data(&app, &t, n, page.lang);
    render(&app, "live_round.html", &page, data)
}

/// `/live`: the e-boards heard of and the form that puts each on a board.
pub(super) async fn eboards_page(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-live-title"));
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    let (round, boards, _) = app.live_data(&t, None);
    let eboards: Vec<Value> = app
        .live
        .room()
        .eboards()
        .into_iter()
        .map(|e| {
            json!({"serialnr": e.serialnr, "source": e.source,
                   "state": page.lang.msg(&format!("web-live-state-{}", state_code(e.state))),
                   "battery": e.battery, "round": e.round, "board": e.board})
        })
        .collect();
    let free: Vec<u32> = boards
        .iter()
        .filter(|b| b.result.is_none())
        .map(|b| b.board)
        .collect();
    let data = json!({
        "event": t.name, "round": round, "eboards": eboards, "boards": free,
        "rounds": t.rounds.iter().filter(|r| !r.games.is_empty())
            .map(|r| json!({"number": r.number})).collect::<Vec<_>>(),
    });
    render(&app, "live.html", &page, data)
}

/// `POST /live/assign` (`serialnr`, `board`): the form of `/live`.
pub(super) async fn assign_form(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = (|| {
        let serial = f.get("serialnr").ok_or_else(|| WebError::Field {
            field: "serialnr".into(),
            value: None,
        })?;
        Ok((serial, f.required::<u32>("board")?))
    })();
    let done = match app.check_form(&headers, f.get(super::guard::CSRF_FIELD).as_deref(), lang) {
        Ok(()) => match parsed {
            Ok((serial, board)) => assign(&app, serial, None, board, lang).await.map(|_| ()),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => super::actions::back("/live", lang, None, &[]),
        Err(e) => error_page(&app, lang, "/live", &e),
    }
}

/// The forms of `/rounds/{n}/live`: what to do, `Ok` to go back to the page.
async fn round_form(
    app: &Shared,
    headers: &HeaderMap,
    f: &Fields,
    act: impl std::future::Future<Output = Result<(), WebError>>,
) -> Result<(), WebError> {
    let lang = f.lang(app);
    app.check_form(headers, f.get(super::guard::CSRF_FIELD).as_deref(), lang)?;
    act.await
}

/// `POST /rounds/{n}/live/notice` (`board`, `incident`): "noticed by the arbiter".
pub(super) async fn notice_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}/live");
    let act = async {
        let (b, i) = (
            f.required::<u32>("board")?,
            f.required::<usize>("incident")?,
        );
        notice(&app, n, b, i).await
    };
    match round_form(&app, &headers, &f, act).await {
        Ok(()) => super::actions::back(&page, lang, f.get("board").as_deref(), &[]),
        Err(e) => error_page(&app, lang, &page, &e),
    }
}

/// `POST /rounds/{n}/live/record` (`board`): records the proposed result.
pub(super) async fn record_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}/live");
    let act = async {
        let b = f.required::<u32>("board")?;
        record_proposed(&app, n, b, lang).await.map(|_| ())
    };
    match round_form(&app, &headers, &f, act).await {
        Ok(()) => super::actions::back(&page, lang, f.get("board").as_deref(), &[]),
        Err(e) => error_page(&app, lang, &page, &e),
    }
}

/// `POST /rounds/{n}/live/playout` (`board`, or none for every unfinished board): starts the
/// play-out with the event's length.
pub(super) async fn playout_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}/live");
    let act = async {
        let boards = f.number::<u32>("board")?.map(|b| vec![b]);
        start_playout(&app, n, boards, None).await.map(|_| ())
    };
    match round_form(&app, &headers, &f, act).await {
        Ok(()) => super::actions::back(&page, lang, None, &[]),
        Err(e) => error_page(&app, lang, &page, &e),
    }
}

/// `/screen`: the hall's big screen, read-only, no token: the current round's pairings (with
/// the live diagrams and play-out countdowns when there are), then the standings, switching by
/// itself every 20 s (`?view=standings`).
pub(super) async fn screen(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-screen-title"));
    let lang = page.lang;
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/", &e),
    };
    let standings_view = uri
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "view=standings"));
    let round = t.paired_rounds();
    let mut data = round_live_data(&app, &t, round, lang);
    let report = app.standings(&t);
    let rows: Vec<Value> = serde_json::to_value(&report)
        .ok()
        .and_then(|v| v.get("rows").cloned())
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            json!({"rank": r.get("rank"), "name": r.get("name"),
                   "points": r.get("points").and_then(Value::as_f64)
                       .map(|x| crate::tournament::standings::fmt_decimal(x, lang))})
        })
        .collect();
    if let Some(d) = data.as_object_mut() {
        d.insert("standings".into(), json!(rows));
        d.insert(
            "view".into(),
            json!(if standings_view {
                "standings"
            } else {
                "pairings"
            }),
        );
        d.insert(
            "next".into(),
            json!(format!(
                "/screen?lang={}{}",
                lang.code(),
                if standings_view {
                    ""
                } else {
                    "&view=standings"
                }
            )),
        );
    }
    render(&app, "screen.html", &page, data)
}

/// `/live.js`: the live pages' only script, served from the desk (the policy allows no inline
/// script): follows `/events`, redraws a board's diagram and moves, reloads the page when its
/// forms change, counts the play-out down from the server's seconds.
pub(super) async fn live_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        include_str!("templates/live.js"),
    )
        .into_response()
}
