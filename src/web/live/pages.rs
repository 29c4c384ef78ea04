//! The live room's pages: `/live` (the e-boards and the form that puts each on a board),
//! `/rounds/{n}/live` (every board as a diagram with its moves, incidents, proposed result
//! and play-out), `/screen` (the hall's big screen) and their forms and script.

use axum::extract::State;
use axum::http::{HeaderMap, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::super::actions::Fields;
use super::super::extract::{FormFields, PageQuery, RoundNo};
use super::super::results::shown;
use super::super::view::{error_page, render};
use super::super::{App, Shared, WebError, diagram};
use super::{LiveHub, assign, decide, record_proposed, start_playout};
use crate::board::live::{LiveClock, article_note};
use crate::board::room::{BoardKey, IncidentKind, LiveBoard, ProposedBy};
use crate::i18n::{Lang, Note};
use crate::tournament::live::{LiveAct, LiveIncident, LiveIncidentKind};
use crate::tournament::{GameRef, Tournament};

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
                   "illegal": i.kind == IncidentKind::Illegal, "noticed": i.noticed,
                   "gap": i.kind == IncidentKind::BoardGap, "settled": i.settled})
        })
        .collect();
    let moves = numbered(&b.moves, &b.move_plies);
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
        "clock": b.clock.map(|c| json!({"white": LiveClock::shown(c.white_s),
            "black": LiveClock::shown(c.black_s), "on_move": c.on_move, "running": c.running})),
        "remaining": b.playout_remaining_s, "remaining_shown": b.playout_remaining_s.map(clock),
        "expired": b.playout_remaining_s == Some(0), "round": round,
    })
}

/// Moves as a score sheet shows them: `1. e4 e5 2. Nf3`, a Black move after a gap (a move not
/// counted) as `2… Nc6`; `plies` gives each move's ply (1 for White's first).
fn numbered(moves: &[String], plies: &[u32]) -> Vec<String> {
    let mut out = Vec::with_capacity(moves.len());
    let mut previous: Option<u32> = None;
    for (m, &ply) in moves.iter().zip(plies) {
        let number = ply.div_ceil(2);
        out.push(if ply % 2 == 1 {
            format!("{number}. {m}")
        } else if previous == Some(ply - 1) {
            m.clone()
        } else {
            format!("{number}\u{2026} {m}")
        });
        previous = Some(ply);
    }
    out
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

/// An entry of the event's record of the live games for people: board, ply, what happened
/// (with its article) and the arbiter's decision.
pub(in crate::web) fn record_text(i: &LiveIncident, lang: Lang) -> String {
    let article = || {
        i.article
            .as_deref()
            .map_or_else(|| Note::new("live-no-article"), article_note)
    };
    let side = i.side.clone().unwrap_or_default();
    let what = match i.kind {
        LiveIncidentKind::Illegal => {
            let (kind, notation) = i.detail.split_once(' ').unwrap_or((&i.detail, ""));
            Note::new("web-live-rec-illegal")
                .term("side", "side", side)
                .term("kind", "illegal", kind)
                .note("article", article())
                .arg("move", notation)
        }
        LiveIncidentKind::Touch => Note::new("web-live-rec-touch")
            .term("side", "side", side)
            .arg("square", &i.detail)
            .note("article", article()),
        LiveIncidentKind::Ending => Note::new("web-live-rec-ending")
            .arg("result", shown(i.result.as_deref().unwrap_or("*")))
            .term("reason", "reason", i.detail.clone())
            .note("article", article()),
        LiveIncidentKind::ResultSignal => Note::new("web-live-rec-signal")
            .arg("result", shown(i.result.as_deref().unwrap_or("*"))),
        LiveIncidentKind::Disconnected => Note::new("web-live-rec-disconnected")
            .note("reason", crate::board::link::reason_note(&i.detail)),
        LiveIncidentKind::BoardGap => Note::new("web-live-rec-gap").arg("plies", &i.detail),
        LiveIncidentKind::Unreadable => Note::new("web-live-rec-unreadable")
            .note("reason", crate::board::link::reason_note(&i.detail)),
        LiveIncidentKind::Adjudication => Note::new("web-live-rec-adjudication")
            .arg("result", shown(i.result.as_deref().unwrap_or("*")))
            .note("article", article()),
    };
    let decision = match &i.decision {
        None => "none".to_string(),
        Some(d) => match d.act {
            LiveAct::Noticed => lang.msg("web-live-noticed"),
            LiveAct::Settled => lang.msg("web-live-settled"),
            LiveAct::Recorded => lang.fmt(
                "web-live-rec-recorded",
                &[("result", shown(d.result.as_deref().unwrap_or("*")))],
            ),
        },
    };
    Note::new("web-live-rec-entry")
        .arg("board", i.board)
        .arg("ply", i.ply)
        .note("what", what)
        .arg("decision", decision)
        .text(lang)
}

/// Seconds as `m:ss`.
pub(super) fn clock(s: u64) -> String {
    format!("{}:{:02}", s / 60, s % 60)
}

/// The desk's notes on the e-boards of `boards` (round `round` of group `group`), in `lang`
/// (the bounds' notes: frames left out, captures at their limit, e-boards not followed).
fn desk_notes(
    app: &App,
    group: usize,
    round: u32,
    boards: &[LiveBoard],
    lang: Lang,
) -> Vec<String> {
    let on: Vec<(u32, String)> = boards
        .iter()
        .filter_map(|b| Some((b.board, b.serialnr.clone()?)))
        .collect();
    app.live.bounds.notes(group, round, &on, lang)
}

/// `GET /api/live`: the e-boards seen and the current round's boards, the round's record
/// and the desk's notes on its e-boards (in the desk's language).
pub(in crate::web) async fn api_live(
    State(app): State<Shared>,
) -> Result<axum::Json<Value>, WebError> {
    let t = app.load().await?;
    let group = app.shown_group().await?;
    let (round, boards, eboards) = app.live_data(&t, group, None);
    let record: Vec<&LiveIncident> = t.live.incidents_of(group, round).collect();
    let notes = desk_notes(&app, group, round, &boards, app.config.lang);
    Ok(axum::Json(json!({
        "group": group, "round": round, "now_ms": super::now_ms(), "playout_minutes": t.live.playout_minutes(),
        "playout_offer_percent": t.live.playout_offer_percent(),
        "eboards": eboards, "boards": boards, "record": record,
        "eboards_limit": app.live.bounds.limit(), "eboards_refused": app.live.bounds.refused_total(),
        "notes": notes, "broadcast": crate::web::broadcast::shown_json(&app, app.config.lang),
    })))
}

/// The live data of round `round` of `t`, group `group` of the event, for the pages.
pub(super) fn round_live_data(
    app: &App,
    t: &Tournament,
    group: usize,
    round: u32,
    lang: Lang,
) -> Value {
    let (round, boards, eboards) = app.live_data(t, group, Some(round));
    let games = boards.len();
    let finished = boards.iter().filter(|b| b.result.is_some()).count();
    let percent = t.live.playout_offer_percent() as usize;
    let offer = games > 0 && finished < games && finished * 100 >= percent * games;
    let shown: Vec<Value> = boards
        .iter()
        .map(|b| board_data(t, round, b, lang))
        .collect();
    // The round's incidents: the event's record (kept across restarts), then what the room
    // heard that the record has not yet (a quarter of a second at most).
    let at = super::now_ms();
    let unsaved: Vec<LiveIncident> = app
        .live
        .room()
        .unsaved()
        .iter()
        .filter(|u| (u.at.group, u.at.round) == (group, round))
        .map(|u| super::record_of(u, at))
        .collect();
    let record: Vec<Value> = t
        .live
        .incidents_of(group, round)
        .chain(&unsaved)
        .map(|i| json!({"board": i.board, "text": record_text(i, lang), "decided": i.decision.is_some()}))
        .collect();
    let notes = desk_notes(app, group, round, &boards, lang);
    // What lichess answered, when the desk broadcasts this round.
    let broadcast = crate::web::broadcast::shown_json(app, lang);
    let broadcast = if broadcast["state"]["desk_round"] == json!(round) {
        broadcast
    } else {
        Value::Null
    };
    json!({
        "event": t.name, "live_group": group, "round": round, "boards": shown, "eboards": eboards, "broadcast": broadcast,
        "record": record, "desk_notes": notes, "games": games, "finished": finished, "offer": offer, "percent": percent,
        "minutes": t.live.playout_minutes(),
        "followed": boards.iter().any(|b| b.serialnr.is_some()),
        "running": boards.iter().any(|b| b.playout_remaining_s.is_some()),
        "rounds": t.rounds.iter().filter(|r| !r.games.is_empty())
            .map(|r| json!({"number": r.number})).collect::<Vec<_>>(),
    })
}

/// `/rounds/{n}/live`: every board of round `n` as a diagram, its moves and incidents, the
/// proposed results and the play-out.
pub(in crate::web) async fn round_page(
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
    let group = super::super::games::shown_group();
    let data = round_live_data(&app, &t, group, n, page.lang);
    render(&app, "live_round.html", &page, data)
}

/// `/live`: the e-boards heard of and the form that puts each on a board.
pub(in crate::web) async fn eboards_page(
    State(app): State<Shared>,
    q: PageQuery,
    uri: Uri,
) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-live-title"));
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    let group = super::super::games::shown_group();
    let (round, boards, _) = app.live_data(&t, group, None);
    // An event of several groups: the group each e-board is on is named.
    let names = super::super::caller::shown_groups().map(|(names, _)| names);
    let group_name = |g: Option<usize>| {
        names
            .as_ref()
            .zip(g)
            .and_then(|(names, g)| names.get(g).cloned())
    };
    let eboards: Vec<Value> = app
        .live
        .room()
        .eboards()
        .into_iter()
        .map(|e| {
            json!({"serialnr": e.serialnr, "source": e.source,
                   "state": page.lang.msg(&format!("web-live-state-{}", state_code(e.state))),
                   "battery": e.battery, "group": e.group, "group_name": group_name(e.group),
                   "round": e.round, "board": e.board})
        })
        .collect();
    let free: Vec<u32> = boards
        .iter()
        .filter(|b| b.result.is_none())
        .map(|b| b.board)
        .collect();
    let data = json!({
        "event": t.name, "live_group": group, "round": round, "eboards": eboards, "boards": free,
        "rounds": t.rounds.iter().filter(|r| !r.games.is_empty())
            .map(|r| json!({"number": r.number})).collect::<Vec<_>>(),
    });
    render(&app, "live.html", &page, data)
}

/// `POST /live/assign` (`serialnr`, `board`): the form of `/live`.
pub(in crate::web) async fn assign_form(
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
    let done = match app.check_form(
        &headers,
        f.get(super::super::guard::CSRF_FIELD).as_deref(),
        lang,
    ) {
        Ok(()) => match parsed {
            Ok((serial, board)) => assign(&app, serial, None, board, lang).await.map(|_| ()),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => super::super::actions::back("/live", lang, None, &[]),
        Err(e) => error_page(&app, lang, "/live", &e),
    }
}

/// A form of the live page of round `n`: the form key checked ([`App::check_form`]), then
/// `act`; back to the live page (at board `anchor`) with "saved", or the refusal in words.
async fn live_form(
    app: &Shared,
    headers: &HeaderMap,
    f: &Fields,
    n: u32,
    anchor: Option<&str>,
    act: impl std::future::Future<Output = Result<(), WebError>>,
) -> Response {
    let lang = f.lang(app);
    let page = format!("/rounds/{n}/live");
    let checked = app.check_form(
        headers,
        f.get(super::super::guard::CSRF_FIELD).as_deref(),
        lang,
    );
    let done = match checked {
        Ok(()) => act.await,
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => super::super::actions::back(&page, lang, anchor, &[]),
        Err(e) => error_page(app, lang, &page, &e),
    }
}

/// `POST /rounds/{n}/live/notice` (`board`, `incident`): "noticed by the arbiter".
pub(in crate::web) async fn notice_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    decision_form(&app, n, &headers, Fields(form), LiveAct::Noticed).await
}

/// `POST /rounds/{n}/live/settle` (`board`, `incident`): "settled by the arbiter" (a gap).
pub(in crate::web) async fn settle_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    decision_form(&app, n, &headers, Fields(form), LiveAct::Settled).await
}

/// The arbiter's decision `act` on the incident a form names (`board`, `incident`).
async fn decision_form(
    app: &Shared,
    n: u32,
    headers: &HeaderMap,
    f: Fields,
    act: LiveAct,
) -> Response {
    let decided = async {
        let (b, i) = (
            f.required::<u32>("board")?,
            f.required::<usize>("incident")?,
        );
        decide(app, n, b, i, act).await
    };
    live_form(app, headers, &f, n, f.get("board").as_deref(), decided).await
}

/// `POST /rounds/{n}/live/record` (`board`): records the proposed result.
pub(in crate::web) async fn record_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let act = async {
        let b = f.required::<u32>("board")?;
        record_proposed(&app, n, b, lang).await.map(|_| ())
    };
    live_form(&app, &headers, &f, n, f.get("board").as_deref(), act).await
}

/// `POST /rounds/{n}/live/playout` (`board`, or none for every unfinished board): starts the
/// play-out with the event's length.
pub(in crate::web) async fn playout_form(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let act = async {
        let boards = f.number::<u32>("board")?.map(|b| vec![b]);
        start_playout(&app, n, boards, None).await.map(|_| ())
    };
    live_form(&app, &headers, &f, n, None, act).await
}

/// `/live.js`: the live pages' only script, served from the desk (the policy allows no inline
/// script): follows `/events`, redraws a board's diagram and moves, reloads the page when its
/// forms change, counts the play-out down from the server's seconds.
pub(in crate::web) async fn live_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        include_str!("../templates/live.js"),
    )
        .into_response()
}

impl super::LiveHub {
    /// The position of board `at` as its e-board last showed it (the judge's reading of the
    /// game so far), as FEN; `None` when no e-board follows the board.
    pub(crate) fn last_position(&self, at: BoardKey) -> Option<String> {
        self.room().verdict(at).map(|v| v.final_fen.to_string())
    }
}

impl LiveHub {
    /// Board `at` as it stood `delay_minutes` ago, for the public view
    /// ([`LiveRoom::shown_until`]); `None` when no e-board follows it.
    pub fn shown_late(
        &self,
        at: BoardKey,
        delay_minutes: u32,
    ) -> Option<crate::board::room::ShownBoard> {
        let until = super::now_ms().saturating_sub(u64::from(delay_minutes) * 60_000);
        self.room().shown_until(at, until)
    }
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn moves_are_numbered_by_their_plies() {
        let m = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            numbered(&m(&["e4", "e5", "Nf3"]), &[1, 2, 3]).join(" "),
            "1. e4 e5 2. Nf3"
        );
        // A Black move after one not counted, and a list that starts with Black's.
        assert_eq!(
            numbered(&m(&["e4", "d4", "Nc6"]), &[1, 3, 4]).join(" "),
            "1. e4 2. d4 Nc6"
        );
        assert_eq!(numbered(&m(&["Nc6"]), &[4]).join(" "), "2\u{2026} Nc6");
    }
}
