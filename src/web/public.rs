//! The public view (`arbiter serve … --public ADDR:PORT`): results for parents and coaches on
//! a phone, served on a second listener by a router of its own — not the desk's router with
//! checks, so that no route of the desk can be reached through it by a mistake in a check.
//!
//! It answers `GET` (and `HEAD`) of the addresses of [`PUBLIC_ROUTES`] and nothing else: `/`
//! (the event and the current round's pairings with results), `/standings`, `/rounds/{n}`,
//! `/rounds/{n}/games.pgn`, `/boards` (the live boards, the event's delay late), and the
//! crosstable and prize lists of [`super::public_pages`]. Every other method is 405, every
//! other path 404. Its pages have no
//! forms, no token, no journal, no incidents and no arbiter's notes; of a player only the name,
//! the starting rank, the points and the tie-breaks (never the rating or birth date; the school
//! and grade only when the event's setting says so, `EventDetails::public_school_grade`). It never writes the event's record: the round's PGN is the record as the desk last
//! saved it (at most a second behind the live room). The answers carry the desk's security
//! headers ([`super::guard::secure_headers`]); the connections are bounded per address and in
//! all as the desk's ([`super::server::serve`] with the desk's limits, its own tally).

use axum::Router;
use axum::extract::{Path, Request, State};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use super::extract::PageQuery;
use super::results::shown;
use super::view::{Page, render_status};
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::pairing_list::PairingList;
use crate::tournament::standings::fmt_decimal;

/// The paths the public view serves, as its router names them (for the tests that check that
/// nothing else answers).
pub const PUBLIC_ROUTES: &[&str] = &[
    "/",
    "/standings",
    "/rounds/{n}",
    "/rounds/{n}/games.pgn",
    "/boards",
    // The tables of `public_pages`.
    "/crosstable",
    "/prizes",
];

/// The public view's router over the desk's state `app`: the pages of [`PUBLIC_ROUTES`] on
/// `GET`/`HEAD`; 405 for any other method on any path, 404 for any other path; the security
/// headers on every answer.
pub fn public_router(app: Shared) -> Router {
    Router::new()
        .route("/", get(event))
        .route("/standings", get(standings))
        .route("/rounds/{n}", get(round))
        .route("/rounds/{n}/games.pgn", get(round_pgn))
        .route("/boards", get(boards))
        // The crosstable and the prize lists (`public_pages`).
        .route("/crosstable", get(super::public_pages::crosstable))
        .route("/prizes", get(super::public_pages::prizes))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(0))
        .layer(middleware::from_fn_with_state(
            (
                app.clone(),
                Arc::new(RequestRate::new(app.config.limits.public_rate)),
            ),
            reads_only,
        ))
        // The group shown (`?group=N`) for the loading of the event; nothing is journalled.
        .layer(middleware::from_fn(super::caller::journal_scope))
        .with_state(app)
}

/// Middleware: `GET` and `HEAD` go on, any other method is 405 (on every path, known or not);
/// every answer gets the desk's security headers.
/// A request past its address's rate ([`RequestRate`]) is 429 with `Retry-After: 1`.
async fn reads_only(
    State((app, rate)): State<(Shared, Arc<RequestRate>)>,
    req: Request,
    next: Next,
) -> Response {
    let lang = || app.lang(PageQuery::of(req.uri()).lang.as_deref());
    let from = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let mut response = if from.is_some_and(|ip| !rate.take(ip, Instant::now())) {
        let mut r = error(
            &app,
            lang(),
            &WebError::TooMany(lang().msg("public-error-too-many")),
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        r
    } else if req.method() == Method::GET || req.method() == Method::HEAD {
        next.run(req).await
    } else {
        let err = WebError::NotAllowed(
            lang().fmt("public-error-method", &[("method", req.method().as_str())]),
        );
        error(&app, lang(), &err)
    };
    super::guard::secure_headers(response.headers_mut());
    response
}

/// The public view's requests per address: a bucket of `3 × per_second` requests for each
/// address, filled again at `per_second` a second ([`super::server::DeskLimits::public_rate`]).
/// At most [`RATE_ADDRESSES`] addresses are kept: past them the full buckets are forgotten,
/// then, if still too many, all (a flood of addresses resets the count rather than grow it).
#[derive(Debug)]
pub struct RequestRate {
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// The most addresses [`RequestRate`] keeps.
const RATE_ADDRESSES: usize = 10_000;

impl RequestRate {
    /// `per_second` requests a second per address, three seconds' worth at once.
    pub fn new(per_second: usize) -> RequestRate {
        RequestRate {
            per_second: per_second.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `ip` may make a request at `now` (one is counted if so).
    pub fn take(&self, ip: IpAddr, now: Instant) -> bool {
        let full = 3.0 * self.per_second;
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= RATE_ADDRESSES && !buckets.contains_key(&ip) {
            let rate = self.per_second;
            buckets.retain(|_, (left, at)| {
                *left + now.saturating_duration_since(*at).as_secs_f64() * rate < full
            });
            if buckets.len() >= RATE_ADDRESSES {
                buckets.clear();
            }
        }
        let (left, at) = buckets.entry(ip).or_insert((full, now));
        *left =
            (*left + now.saturating_duration_since(*at).as_secs_f64() * self.per_second).min(full);
        *at = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The public error page: the message in the page's language and a link to the event. A
/// failure of the server (the record unreadable, the event not set up yet) is said without its
/// details: they name the event's file on the arbiter's laptop.
///
/// Before the arbiter has created the event (the desk opened on its set-up form) the answer is
/// 503 with `Retry-After: 60` and says so: parents who scanned the code early come back.
pub(super) fn error(app: &Shared, lang: Lang, err: &WebError) -> Response {
    let status = err.status();
    let (status, title, text) = if matches!(err, WebError::NoSuchGroup { .. }) {
        // An old or mistyped link (`?group=7`): said in a parent's words, without the desk's
        // advice about its group row.
        (
            status,
            "web-error-title-not-found",
            lang.msg("public-error-no-group"),
        )
    } else if status == StatusCode::NOT_FOUND {
        (status, "web-error-title-not-found", err.message(lang))
    } else if status.is_server_error() && !app.config.state.exists() {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "public-error-title-unavailable",
            lang.msg("public-error-no-event"),
        )
    } else if status.is_server_error() {
        (
            status,
            "public-error-title-unavailable",
            lang.msg("public-error-unavailable"),
        )
    } else {
        (status, "web-error-title", err.message(lang))
    };
    let page = Page::new(lang, "/", lang.msg(title));
    let mut answer = render_status(
        app,
        status,
        "public_message.html",
        &page,
        json!({"error": text}),
    );
    if status == StatusCode::SERVICE_UNAVAILABLE {
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    }
    answer
}

/// Any other path: 404.
async fn not_found(State(app): State<Shared>, uri: Uri) -> Response {
    let lang = app.lang(PageQuery::of(&uri).lang.as_deref());
    let err = WebError::NotFound(lang.fmt("web-error-not-found", &[("path", uri.path())]));
    error(&app, lang, &err)
}

/// The round number of a path (`1`, `2`, …), or the 404 naming it.
fn round_no(raw: &str, lang: Lang) -> Result<u32, WebError> {
    raw.trim()
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| WebError::NotFound(lang.fmt("web-error-no-such-round", &[("value", raw)])))
}

/// What every public page shows of the event: its name, dates and venue, its rounds paired
/// so far (`number`, `finished`) for the menu. The group shown stays in its links through the
/// templates' `q` ([`super::view`]).
pub(super) fn event_json(t: &Tournament, lang: Lang) -> Value {
    let rounds: Vec<Value> = t
        .rounds
        .iter()
        .filter(|r| !r.games.is_empty())
        .map(|r| {
            json!({"number": r.number,
                   "finished": r.games.iter().all(|g| g.result.is_some())})
        })
        .collect();
    let date = |d: &Option<String>| d.as_deref().map(|d| super::pages::shown_date(d, lang));
    let current = t.paired_rounds();
    let live = has_live_boards(t);
    json!({"event": t.name, "venue": t.details.venue,
           "start_date": date(&t.details.start_date), "end_date": date(&t.details.end_date),
           "total_rounds": t.total_rounds, "rounds": rounds, "paired": current,
           "live_boards": live})
}

/// Whether the current round of the group shown has boards on e-boards (the live room follows
/// every group's boards, each e-board the board of the group it was put on).
fn has_live_boards(t: &Tournament) -> bool {
    let current = t.paired_rounds();
    let group = super::games::shown_group();
    t.live
        .eboards
        .iter()
        .any(|a| (a.group, a.round) == (group, current))
}

/// Round `n`'s boards as the public pages show them: `board`, `white` and `black` (`name`,
/// `points` before the round), `result` as shown (`½ – ½`, `None` while playing), and the
/// pairing-allocated `bye`; nothing of how a result was decided or who entered it.
///
/// # Errors
/// [`WebError::Tournament`] (404) for a round without pairings.
pub(super) fn round_json(t: &Tournament, n: u32, lang: Lang) -> Result<Value, WebError> {
    let list = PairingList::new(t, n)?;
    let player = |p: &crate::tournament::pairing_list::ListedPlayer| json!({"name": p.name, "points": fmt_decimal(p.points.as_f64(), lang)});
    let boards: Vec<Value> = list
        .boards
        .iter()
        .map(|b| {
            json!({"board": b.board, "white": player(&b.white), "black": player(&b.black),
                   "result": b.result.as_deref().map(shown)})
        })
        .collect();
    let playing = list.boards.iter().filter(|b| b.result.is_none()).count();
    Ok(json!({"round": n, "boards": boards, "playing": playing,
              "bye": list.bye.as_ref().map(player),
              "without": super::pages::without_json(&list, lang)}))
}

/// The public standings (as the desk's `/standings`: the same report, the same order): each
/// row's `rank`, `start_rank`, `name`, `points`, `tie_breaks` and `status` (withdrawn), with
/// `school` and `grade` when the event shows them ([`super::public_pages::public_row`]); the
/// tie-breaks' `order`; `after_round`.
fn standings_json(app: &Shared, t: &Tournament, lang: Lang) -> Value {
    let report = app.standings(t);
    let rows: Vec<Value> = report
        .standings
        .iter()
        .map(|r| {
            let full = super::pages::standing_json(t, r, &report.tie_break_order, lang);
            super::public_pages::public_row(t, &full)
        })
        .collect();
    json!({"after_round": report.after_round, "order": report.tie_break_order, "rows": rows})
}

/// Adds `extra`'s fields to `base`.
pub(super) fn with(mut base: Value, extra: Value) -> Value {
    if let (Some(b), Value::Object(e)) = (base.as_object_mut(), extra) {
        b.extend(e);
    }
    base
}

/// The event read for a public page, in `lang`, and the page's frame.
pub(super) async fn load(
    app: &Shared,
    q: &PageQuery,
    uri: &Uri,
) -> Result<(Tournament, Page), Response> {
    let lang = app.lang(q.lang.as_deref());
    let page = Page::new(lang, uri.path(), String::new());
    match app.load().await {
        Ok(t) => Ok((t, page)),
        Err(e) => Err(error(app, lang, &e)),
    }
}

/// `GET /`: the event's name, dates and venue, and the current round's pairings with results.
async fn event(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    page.title = page.lang.msg("public-title");
    let current = t.paired_rounds();
    let round = if current >= 1 {
        round_json(&t, current, page.lang).ok()
    } else {
        None
    };
    let data = with(event_json(&t, page.lang), json!({"current": round}));
    render_status(&app, StatusCode::OK, "public_event.html", &page, data)
}

/// `GET /standings`: the standings after the last complete round.
async fn standings(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    page.title = page.lang.msg("web-standings-title");
    let data = with(
        event_json(&t, page.lang),
        standings_json(&app, &t, page.lang),
    );
    render_status(&app, StatusCode::OK, "public_standings.html", &page, data)
}

/// `GET /rounds/{n}`: round `n`'s pairings with results (404 for a round not paired).
async fn round(
    State(app): State<Shared>,
    Path(raw): Path<String>,
    q: PageQuery,
    uri: Uri,
) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let made = round_no(&raw, page.lang).and_then(|n| round_json(&t, n, page.lang));
    match made {
        Ok(round) => {
            let n = round["round"].to_string();
            page.title = page.lang.fmt("web-round-title", &[("round", &n)]);
            let data = with(event_json(&t, page.lang), round);
            render_status(&app, StatusCode::OK, "public_round.html", &page, data)
        }
        Err(e) => error(&app, page.lang, &e),
    }
}

/// `GET /boards`: the current round's boards that e-boards follow, each as its diagram and its
/// moves (SAN with the page's piece letters) as they stood the event's delay ago
/// ([`crate::tournament::live::LiveSetup::public_delay_minutes`]; 0: as they stand), and its
/// result once recorded; the page reloads itself every [`LIVE_REFRESH_S`] seconds while the
/// round is played. Nothing of incidents, proposals or the arbiter's decisions.
async fn boards(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    page.title = page.lang.msg("public-boards-title");
    let lang = page.lang;
    let base = event_json(&t, lang);
    let round = t.paired_rounds();
    let delay = t.live.public_delay_minutes();
    let mut cards = Vec::new();
    let mut playing = false;
    if has_live_boards(&t)
        && let Ok(list) = PairingList::new(&t, round)
    {
        for b in &list.boards {
            let at =
                crate::tournament::live::BoardKey::new(super::games::shown_group(), round, b.board);
            let Some(s) = app.live.shown_late(at, delay) else {
                continue;
            };
            playing |= b.result.is_none();
            let placement = s.placement.as_deref().unwrap_or(START_PLACEMENT);
            let label = lang.fmt(
                "public-board-label",
                &[
                    ("board", &b.board.to_string()),
                    ("white", &b.white.name),
                    ("black", &b.black.name),
                ],
            );
            cards.push(json!({
                "board": b.board, "white": b.white.name, "black": b.black.name,
                "result": b.result.as_deref().map(shown),
                "diagram": super::diagram::svg(Some(placement), &label),
                "moves": numbered_moves(&s.moves, &s.move_plies, lang),
                "plies": s.moves.len(),
            }));
        }
    }
    let data = with(
        base,
        json!({"round": round, "boards": cards, "delay": delay,
               "refresh": playing.then_some(LIVE_REFRESH_S)}),
    );
    render_status(&app, StatusCode::OK, "public_live.html", &page, data)
}

/// How often the public live boards' page reloads itself while the round is played, in
/// seconds (a page without scripting; a board's move is seen within this time plus the delay).
pub const LIVE_REFRESH_S: u32 = 10;

/// The start position's placement (FEN), shown before a board's first move.
const START_PLACEMENT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Moves `moves` (SAN) at plies `plies` (1 for White's first) as a score sheet reads them, with
/// the piece letters of `lang`: `1. e4 e5 2. Кf3`; a move of Black's after a gap (an illegal
/// move not counted) or first of all gets its number with `...`.
///
/// ```
/// use arbiter::i18n::Lang;
/// use arbiter::web::public::numbered_moves;
/// let san = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(numbered_moves(&san(&["e4", "e5", "Nf3"]), &[1, 2, 3], Lang::Ru), "1. e4 e5 2. Кf3");
/// // Ply 3 (an illegal move of White's, not counted) left out: Black's reply gets its number.
/// assert_eq!(numbered_moves(&san(&["e4", "e5", "Nf6"]), &[1, 2, 4], Lang::En), "1. e4 e5 2... Nf6");
/// ```
pub fn numbered_moves(moves: &[String], plies: &[u32], lang: Lang) -> String {
    let mut out: Vec<String> = Vec::with_capacity(moves.len());
    let mut previous = None;
    for (san, &ply) in moves.iter().zip(plies) {
        let san = crate::adjudicate::words::san_in(san, lang);
        let number = ply.div_ceil(2);
        if ply % 2 == 1 {
            out.push(format!("{number}. {san}"));
        } else if previous.is_some() && previous == ply.checked_sub(1) {
            out.push(san);
        } else {
            out.push(format!("{number}... {san}"));
        }
        previous = Some(ply);
    }
    out.join(" ")
}

/// `GET /rounds/{n}/games.pgn`: round `n` as the desk's `/rounds/{n}/games.pgn` gives it
/// ([`super::games::shown_round_pgn`]), read from the record as last saved; while the event
/// delays the live boards, the current round's games in progress without their moves.
async fn round_pgn(State(app): State<Shared>, Path(raw): Path<String>, q: PageQuery) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let made = async {
        let n = round_no(&raw, lang)?;
        let pgn = super::games::shown_round_pgn(&app, n, lang, true).await?;
        Ok::<_, WebError>((n, pgn))
    }
    .await;
    match made {
        Ok((n, pgn)) => super::games::pgn_response(n, pgn),
        Err(e) => error(&app, lang, &e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// 20 a second: 60 at once, then one every 50 ms; another address has its own.
    #[test]
    fn an_address_gets_three_seconds_worth_at_once_then_its_rate() {
        let rate = RequestRate::new(20);
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let t0 = Instant::now();
        let burst = (0..100).take_while(|_| rate.take(a, t0)).count();
        assert_eq!(burst, 60);
        assert!(rate.take(b, t0), "another address is not held back");
        assert!(!rate.take(a, t0 + Duration::from_millis(49)));
        assert!(rate.take(a, t0 + Duration::from_millis(100)));
        // A minute later the bucket is full again, not fuller.
        let later = t0 + Duration::from_secs(60);
        assert_eq!((0..100).take_while(|_| rate.take(a, later)).count(), 60);
    }

    /// A flood of addresses never keeps more than [`RATE_ADDRESSES`]: when every address kept
    /// is still counting, all are forgotten (the count reset, not the memory grown), so the
    /// address out of requests before the flood has requests again after it.
    #[test]
    fn a_flood_of_addresses_is_bounded() {
        let rate = RequestRate::new(20);
        let t0 = Instant::now();
        let held: IpAddr = "198.51.100.1".parse().unwrap();
        while rate.take(held, t0) {}
        for i in 0..(RATE_ADDRESSES as u32 + 5_000) {
            let ip = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            assert!(rate.take(ip, t0), "a new address gets its first request");
            let kept = rate.buckets.lock().unwrap().len();
            assert!(kept <= RATE_ADDRESSES, "{kept} addresses kept");
        }
        assert!(rate.take(held, t0), "the flood reset the counts");
    }
}
