//! `arbiter serve`: the arbiter's desk for the tournament day — one event's record served as
//! plain HTML pages (register, pair, enter results board by board, settle incidents, print) and
//! a JSON API with the same data, on one laptop or a tablet on the venue's network.
//!
//! The web layer only reads requests, calls the library and presents: every rule, pairing and
//! score comes from [`crate::tournament`] (result entry, the Dutch pairer, the pairing list,
//! standings), [`crate::game`] (the judge), [`crate::adjudicate`] (play-out adjudication) and
//! [`crate::formats`] (event logs, verdicts) — the calls the `tournament` CLI makes.
//!
//! - Stack: axum on tokio (maintained, small, a `Router` testable without a network). Templates:
//!   minijinja, embedded by `include_str!` — over askama because a template is then data, not
//!   generated Rust: no extra compile step, errors per page at run time, and the Fluent messages
//!   reached from templates through one `t("id", arg=…)` function.
//! - Data safety: every change is [`journal::apply`] (one transaction of the event's record with
//!   its journal entry naming the client and the action), off the async threads; `/log` undoes.
//!   A form carries the version of the part it changes ([`board_version`], [`pairing_version`],
//!   [`player_version`]): two devices entering different boards never refuse each other, and a
//!   change whose part changed since is refused ("changed meanwhile, reload"; 409 in the API).
//! - Access: on loopback anyone on the machine may change the event; bound to another address
//!   every state-changing request needs the token ([`Access`]). Whatever the address, only the
//!   desk's own pages and programs may change it — not another web page the arbiter's browser
//!   opens — and only under the desk's own host names: the threat model and the checks
//!   (origin, form key, `Host`, JSON-only API, security headers) are in [`guard`].
//!
//! Modules: [`guard`] (who the desk obeys), [`api`] (JSON), `pages` (HTML that shows), `actions`
//! (forms that change), `desk` (judging an uploaded log, adjudicating), `view` (templates, words).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::i18n::Lang;
use crate::tournament::journal::{self, JournalError};
use crate::tournament::standings::{Preset, StandingsReport};
use crate::tournament::store::{self, StoreError};
use crate::tournament::{GameRef, Tournament, TournamentError};
use caller::caller_act;

mod actions;
pub mod api;
mod backup;
pub mod broadcast;
mod caller;
mod refusals;
use refusals::tournament_message;
mod categories;
mod desk;
mod diagram;
pub mod diplomas;
pub mod extract;
mod fide;
pub mod games;
mod groups;
pub mod guard;
mod history;
mod import;
pub mod live;
pub use start::{ServeError, serve, serve_all, serve_live};
mod connect;
mod manual;
mod pages;
mod position;
pub mod public;
mod public_pages;
pub mod publish;
mod report;
mod results;
pub use report::organisers_report;
mod server;
pub use server::DeskLimits;
mod address;
mod setup;
mod start;
pub use address::{lan_address, qr_svg, qr_text};
mod team;
mod versions;
mod view;

/// How `arbiter serve` runs: which state file, where, in which language, under which rules.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The tournament state file (JSON, as `arbiter tournament new` writes it).
    pub state: PathBuf,
    /// Address to listen on (default `127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// Language of the pages when the request names none (`?lang=ru|en`).
    pub lang: Lang,
    /// A rule preset that overrides the event's own (`--preset`): pairing colour rules,
    /// tie-break order, adjudication thresholds. `None`: the preset kept in the event, read
    /// at each request (the event page may change it).
    pub preset: Option<Preset>,
    /// The access token for state-changing requests; `None` on loopback without `--token`.
    pub token: Option<String>,
    /// Host names the desk answers to besides `localhost`, loopback IPs and the bound IP
    /// (`--allow-host`, e.g. the laptop's name on the venue's network); see [`guard`].
    pub allowed_hosts: Vec<String>,
    /// What an upload, a connection and a device may take (`--limit KEY=VALUE`).
    pub limits: DeskLimits,
    /// The public view's address (`--public ADDR:PORT`): a second listener serving
    /// [`public::public_router`] (results for parents, read only); `None`: none.
    pub public: Option<SocketAddr>,
    /// The public view's address as parents reach it (`--public-url`, e.g. a school's domain
    /// in front of the laptop), printed on the wall sheet and the screen with its QR code;
    /// `None`: `http://ADDR:PORT/` of the listener (a wildcard address shown as the laptop's
    /// address on the network). Taken as given: `arbiter serve --public-url` refuses what is
    /// not `http(s)://` with a host before it gets here; a library caller checks its own.
    pub public_url: Option<String>,
    /// The lichess broadcast round the desk pushes its round to (`--broadcast-round`,
    /// `--broadcast-url`, `ARBITER_BROADCAST_TOKEN`); `None`: none ([`broadcast`]).
    pub broadcast: Option<broadcast::BroadcastTarget>,
}

/// Who may change the event: everyone (loopback, no token), or holders of the token. The token
/// is accepted as header `X-Arbiter-Token: TOKEN`, `Authorization: Bearer TOKEN`, or the cookie
/// `arbiter_token` that any page sets when opened once as `/?token=TOKEN` (the URL
/// `arbiter serve` prints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Access {
    /// No token needed.
    Open,
    /// This token needed.
    Token(String),
}

/// The shared state of the server: the configuration, read-only after start.
#[derive(Debug)]
pub struct App {
    config: ServeConfig,
    access: Access,
    env: minijinja::Environment<'static>,
    /// The live room: e-boards, their games, the pages' event streams.
    live: Arc<live::LiveHub>,
    /// The address another device opens (the machine's network address, with `?token=`),
    /// when the desk serves beyond loopback: shown with its QR code on `/connect`.
    desk_url: Option<String>,
    /// The public view's address (`serve --public`, as [`serve_all`] prints it), when it is
    /// served: the wall sheet and the hall's screen print it with its QR code for parents.
    public_url: Option<String>,
    /// The event streams held by address, the changes being written, the stop.
    gate: server::Gate,
    /// Whether the event's file exists: until then the desk offers `/setup` only.
    created: std::sync::atomic::AtomicBool,
    /// One setup written at a time (two tabs sending the form at once).
    setup_lock: std::sync::Mutex<()>,
    /// What lichess answered the broadcast's pushes ([`broadcast`]).
    broadcast: broadcast::BroadcastStatus,
}

/// The server's state as handlers receive it.
pub type Shared = Arc<App>;

/// What went wrong serving a request: in the API, a status code and `{"error": "…"}`; on a
/// page, the message in the page's language.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The tournament refused the change (a second result, an unfinished round…) or found no
    /// such round or board.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// The state file could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The journal could not be read or written, or an undo is refused (with the reason).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The page the change was made from showed an older state.
    #[error("the event changed meanwhile: reload the page and try again")]
    Stale,
    /// A board's form shown before the board changed (a second device entered it, or Back and
    /// the form sent again), named with the result recorded now and who recorded it when.
    #[error("round {round}, board {board} changed meanwhile: it now has {recorded:?}")]
    StaleBoard {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result recorded now as shown (`1 – 0`) and how it was decided; `None`: none.
        recorded: Option<(String, String)>,
        /// Who recorded it and when (`пульт 192.168.1.20 (Chrome, Android), …`), if known.
        by: Option<String>,
    },
    /// The request body or form is not what the route takes.
    #[error("{0}")]
    BadRequest(String),
    /// A form's number field that is missing (`value` `None`) or not a number.
    #[error("{}", match value { Some(v) => format!("{field}: {v:?} is not a number"), None => format!("{field} is missing") })]
    Field {
        /// The field's name in the form (`board`, `player`, `from_round`, …).
        field: String,
        /// The value given, if any.
        value: Option<String>,
    },
    /// A birth date that is not a real `YYYY/MM/DD` date (or a year `YYYY`).
    #[error(
        "birth date {0:?} is not a real date written DD.MM.YYYY or YYYY/MM/DD (or a year YYYY)"
    )]
    BirthDate(String),
    /// A birth date after today (a year typed wrong: 2061 for 2016), as typed.
    #[error("birth date {0:?} is after today: a player is born before the event")]
    BirthDateFuture(String),
    /// A FEN that is not a legal position (the library's reason, in the page's language).
    #[error(transparent)]
    Fen(#[from] crate::game::setup::PositionFenError),
    /// The live room refused an arbiter's act (no such incident or gap, a board without an
    /// e-board).
    #[error(transparent)]
    Room(#[from] crate::board::room::RoomError),
    /// No such page, round or board.
    #[error("{0}")]
    NotFound(String),
    /// A change the live room refuses (a board taken, nothing proposed), in the request's
    /// words.
    #[error("{0}")]
    Conflict(String),
    /// A known address asked with a method it does not take.
    #[error("{0}")]
    NotAllowed(String),
    /// A state-changing request without the access token.
    #[error("the access token is missing or wrong: open the address `arbiter serve` printed")]
    Unauthorized,
    /// A state-changing request from another site, or a form without its session's form key
    /// (the message says which, in the request's language).
    #[error("{0}")]
    Forbidden(String),
    /// A request for a host name the desk does not answer to (DNS rebinding).
    #[error("{0}")]
    WrongHost(String),
    /// A body larger than the desk takes (the message names the limit).
    #[error("{0}")]
    TooLarge(String),
    /// An API body that is not `Content-Type: application/json`.
    #[error("{0}")]
    UnsupportedType(String),
    /// A failure of the server itself (a task that died, a template that did not render).
    #[error("{0}")]
    Internal(String),
    /// A device asking for more than the desk keeps for one (event streams), in words.
    #[error("{0}")]
    TooMany(String),
    /// A request naming a group the event does not have (`?group=7`, a form's field): nothing
    /// read or changed.
    #[error(
        "the event has no group {asked:?}; its groups: {}",
        groups::listed(names)
    )]
    NoSuchGroup {
        /// The group as the request wrote it (an index from 0 is expected).
        asked: String,
        /// The event's groups' names, the first first.
        names: Vec<String>,
    },
    /// A change asked for while the desk is stopping: not made.
    #[error("the desk is stopping: nothing was changed; start it again and repeat the change")]
    Stopping,
}

impl WebError {
    /// The HTTP status of the error: 404 no such round or board, 405 a wrong method, 409 a
    /// refused change or a stale form, 400 a bad body, form field, player, birth date or FEN, 401 no token,
    /// 403 another site or no form key, 413 too large, 415 not JSON, 421 another host name,
    /// 500 the state file or the server.
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::Tournament(
                TournamentError::NoSuchRound { .. } | TournamentError::NoSuchGame { .. },
            )
            | WebError::NotFound(_)
            | WebError::NoSuchGroup { .. } => StatusCode::NOT_FOUND,
            WebError::Tournament(TournamentError::InvalidPlayer { .. }) => StatusCode::BAD_REQUEST,
            WebError::Tournament(_)
            | WebError::Stale
            | WebError::StaleBoard { .. }
            | WebError::Room(_)
            | WebError::Conflict(_) => StatusCode::CONFLICT,
            WebError::BadRequest(_)
            | WebError::Field { .. }
            | WebError::BirthDate(_)
            | WebError::BirthDateFuture(_)
            | WebError::Fen(_) => StatusCode::BAD_REQUEST,
            WebError::NotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            WebError::WrongHost(_) => StatusCode::MISDIRECTED_REQUEST,
            WebError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::UnsupportedType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            WebError::Journal(JournalError::Io { .. } | JournalError::Line { .. })
            | WebError::Store(_)
            | WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            WebError::Stopping => StatusCode::SERVICE_UNAVAILABLE,
            WebError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            WebError::Journal(_) => StatusCode::CONFLICT,
        }
    }

    /// The message for a person in `lang`: the common refusals in their own words, the rest
    /// after "Refused:" with the library's (English) reason.
    pub fn message(&self, lang: Lang) -> String {
        let n = |x: u32| x.to_string();
        match self {
            WebError::Stale => lang.msg("web-error-stale"),
            WebError::StaleBoard {
                round,
                board,
                recorded,
                by,
            } => history::stale_board_text(*round, *board, recorded.as_ref(), by.as_deref(), lang),
            WebError::Journal(e) => e.text(lang),
            WebError::Room(e) => e.text(lang),
            WebError::NotFound(m)
            | WebError::NotAllowed(m)
            | WebError::BadRequest(m)
            | WebError::Forbidden(m)
            | WebError::WrongHost(m)
            | WebError::TooLarge(m)
            | WebError::UnsupportedType(m)
            | WebError::TooMany(m)
            | WebError::Conflict(m) => m.clone(),
            WebError::Field { field, value } => {
                let field = lang.msg(&format!("web-field-{field}"));
                match value {
                    Some(v) => lang.fmt("web-error-not-number", &[("field", &field), ("value", v)]),
                    None => lang.fmt("web-error-missing", &[("field", &field)]),
                }
            }
            WebError::BirthDate(d) => lang.fmt("web-error-birth-date", &[("date", d)]),
            WebError::BirthDateFuture(d) => lang.fmt("birth-date-future", &[("date", d)]),
            WebError::Fen(e) => e.message(lang),
            WebError::Unauthorized => lang.msg("web-error-token"),
            WebError::NoSuchGroup { asked, names } => lang.fmt(
                "web-error-no-such-group",
                &[("asked", asked), ("groups", &groups::listed(names))],
            ),
            WebError::Stopping => lang.msg("web-error-stopping"),
            WebError::Tournament(TournamentError::ResultAlreadyRecorded {
                round,
                board,
                existing,
                ..
            }) => lang.fmt(
                "web-error-has-result",
                &[
                    ("round", &n(*round)),
                    ("board", &n(*board)),
                    ("result", results::shown(results::result_value(*existing))),
                ],
            ),
            WebError::Tournament(TournamentError::RoundUnfinished { round, missing }) => lang.fmt(
                "web-error-unfinished",
                &[("round", &n(*round)), ("missing", &missing.to_string())],
            ),
            WebError::Tournament(TournamentError::NoSuchRound { round, .. }) => {
                lang.fmt("web-error-no-round", &[("round", &n(*round))])
            }
            WebError::Tournament(TournamentError::NoSuchGame {
                round,
                game: GameRef::Board(board),
            }) => lang.fmt(
                "web-error-no-board",
                &[("round", &n(*round)), ("board", &n(*board))],
            ),
            WebError::Tournament(TournamentError::NoSuchGame {
                round,
                game: GameRef::Players(a, b),
            }) => lang.fmt(
                "web-error-no-game-players",
                &[
                    ("round", &n(*round)),
                    ("white", &a.to_string()),
                    ("black", &b.to_string()),
                ],
            ),
            WebError::Tournament(e) => tournament_message(e, lang),
            // The state file's trouble in the library's words in `lang` (the file, what
            // failed: a full disk, a read-only folder, another program holding the event).
            WebError::Store(e) => lang.fmt(
                "web-error-refused",
                &[(
                    "reason",
                    &crate::formats::messages::cause_text(e, lang).unwrap_or_else(|| e.to_string()),
                )],
            ),
            // The server's own failure: said as one, its detail (the system's, in English)
            // after it for whoever looks into it.
            WebError::Internal(detail) => {
                lang.fmt("web-error-server-failed", &[("detail", detail)])
            }
        }
    }
}

impl From<groups::NoSuchGroup> for WebError {
    fn from(g: groups::NoSuchGroup) -> Self {
        WebError::NoSuchGroup {
            asked: g.asked,
            names: g.names,
        }
    }
}

impl IntoResponse for WebError {
    /// The API's form: the status and `{"error": "…", "message": "…"}`: `error` in English as
    /// it always was (a script may compare it), `message` the same for a person in the
    /// request's language (its `?lang=`, its `Accept-Language`, else the desk's `--lang`).
    fn into_response(self) -> Response {
        let lang = caller::request_lang();
        let body = serde_json::json!({ "error": self.to_string(), "message": self.message(lang) });
        (self.status(), axum::Json(body)).into_response()
    }
}

pub use versions::{
    awards_version, board_version, event_version, fide_version, pairing_version, player_version,
    version,
};
use versions::{stale, still_current};

impl App {
    /// The server's state for `config`: the access rule and the templates.
    pub fn new(config: ServeConfig) -> Shared {
        let access = match &config.token {
            Some(t) => Access::Token(t.clone()),
            None => Access::Open,
        };
        // The live room judges under `--preset` when given, else the event's own preset as the
        // state file holds it at start (the default preset when it cannot be read yet).
        let preset = config.preset.unwrap_or_else(|| {
            store::load(&config.state)
                .map(|t| t.preset())
                .unwrap_or_default()
        });
        let live = Arc::new(live::LiveHub::new(preset, &config.state).bounded(
            config.limits.eboards,
            config.limits.read.game_bytes,
            config.lang,
        ));
        let created = crate::tournament::record::kind_of(&config.state)
            != crate::tournament::record::FileKind::Missing;
        Arc::new(App {
            created: created.into(),
            setup_lock: std::sync::Mutex::new(()),
            config,
            access,
            env: view::environment(),
            live,
            desk_url: None,
            public_url: None,
            gate: server::Gate::default(),
            broadcast: broadcast::BroadcastStatus::default(),
        })
    }

    /// As [`App::new`], serving at `url` (the address [`serve`] prints): when the desk is
    /// bound beyond loopback, `/connect` shows it with its QR code to the token's holders. With
    /// the public view at `public` (its address), the wall sheet and the screen print that.
    pub fn serving_at(config: ServeConfig, url: &str, public: Option<&str>) -> Shared {
        let beyond_loopback = !config.addr.ip().is_loopback();
        let mut app = App::new(config);
        if let Some(a) = Arc::get_mut(&mut app) {
            a.desk_url = beyond_loopback.then(|| url.to_string());
            a.public_url = public.map(str::to_string);
        }
        app
    }

    /// The public view's address `url` and its QR code (an SVG), for the wall sheet and the
    /// hall's screen of group `group` (0 the first: the address itself; another's with
    /// `?group=N`, so that parents land on their children's group); `None` when the public
    /// view is not served.
    fn public_qr(&self, group: usize) -> Option<serde_json::Value> {
        let base = self.public_url.as_deref()?;
        let url = match group {
            0 => base.to_string(),
            g => format!("{base}?group={g}"),
        };
        Some(serde_json::json!({"url": url, "qr": qr_svg(&url)}))
    }

    /// The language of a request: `?lang=` if given and known, else the server's.
    fn lang(&self, asked: Option<&str>) -> Lang {
        asked.and_then(Lang::parse).unwrap_or(self.config.lang)
    }

    /// Reads the state file (off the async threads).
    async fn load(self: &Shared) -> Result<Tournament, WebError> {
        let path = self.config.state.clone();
        let asked = caller::asked_group();
        let (t, names, i) = blocking(move || groups::load(&path, &asked)).await?;
        caller::note_shown(names, i);
        Ok(t)
    }

    /// The index of the group the request shows (0 the first; the group asked when the event
    /// has it, as [`App::load`] and [`App::change`] take it), reading the event when the
    /// request has not yet.
    async fn shown_group(self: &Shared) -> Result<usize, WebError> {
        if let Some(i) = caller::shown_index() {
            return Ok(i);
        }
        self.load().await?;
        Ok(caller::shown_index().unwrap_or(0))
    }

    /// A change through [`journal::apply`] (the entry: [`caller_act`]), off the async threads.
    /// With `seen`, the version the form was made from (the whole state's, or the part's the
    /// form is about), a state whose part changed since is refused ([`WebError::Stale`]).
    async fn change<T: Send + 'static>(
        self: &Shared,
        seen: Option<String>,
        edit: impl FnOnce(&mut Tournament) -> Result<T, WebError> + Send + 'static,
    ) -> Result<T, WebError> {
        let changed = self.change_as(caller_act(), seen, edit).await?;
        // The hall's screens show the pairings and the standings: they follow the change.
        self.live.reload_screens();
        Ok(changed)
    }

    /// [`App::change`] of what the hall's screens do not show (a decision on an incident, the
    /// play-out's settings): they are not told to reload.
    async fn change_off_screen<T: Send + 'static>(
        self: &Shared,
        edit: impl FnOnce(&mut Tournament) -> Result<T, WebError> + Send + 'static,
    ) -> Result<T, WebError> {
        self.change_as(caller_act(), None, edit).await
    }

    /// [`App::change`] journalled as `act`: for a change no request makes (the live room's
    /// incidents, written as the boards send them).
    async fn change_as<T: Send + 'static>(
        self: &Shared,
        act: journal::Act,
        seen: Option<String>,
        edit: impl FnOnce(&mut Tournament) -> Result<T, WebError> + Send + 'static,
    ) -> Result<T, WebError> {
        let path = self.config.state.clone();
        // A change started is written whole before the desk stops; none starts after.
        let Some(_writing) = self.gate.writing() else {
            return Err(WebError::Stopping);
        };
        let asked = caller::asked_group();
        blocking(move || {
            groups::apply(&path, act, &asked, |t| {
                if let Some(seen) = seen.filter(|s| !s.is_empty())
                    && !still_current(&seen, t)
                {
                    return Err(stale(&seen, t));
                }
                edit(t)
            })
        })
        .await
    }

    /// The standings as `arbiter tournament standings` computes them by default: after the
    /// last complete round, the event's tie-breaks and edition of C.07 (`--preset` given to
    /// the desk names the list instead).
    fn standings(&self, t: &Tournament) -> StandingsReport {
        let settings = t.tie_break_settings();
        let order = match self.config.preset {
            Some(p) => p.order().to_vec(),
            None => settings.order,
        };
        StandingsReport::new(t, None, settings.rules, &order)
    }

    /// The rule preset the desk applies to `t`: `--preset` when given, else the event's own.
    fn preset(&self, t: &Tournament) -> Preset {
        self.config.preset.unwrap_or_else(|| t.preset())
    }

    /// Whether a state-changing request carries the token (always, when none is needed).
    fn allowed(&self, headers: &HeaderMap) -> bool {
        let Access::Token(token) = &self.access else {
            return true;
        };
        let given = |v: Option<&str>| v.is_some_and(|v| v.trim() == token);
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        given(header("x-arbiter-token"))
            || given(header("authorization").and_then(|v| v.strip_prefix("Bearer ")))
            || given(cookie(headers, "arbiter_token").as_deref())
    }

    /// A change through the API: [`WebError::Unauthorized`] unless [`App::allowed`] (the
    /// origin and the body's type are checked before, by [`guard`]).
    fn check_token(&self, headers: &HeaderMap) -> Result<(), WebError> {
        if self.allowed(headers) {
            Ok(())
        } else {
            Err(WebError::Unauthorized)
        }
    }

    /// A change through a form: the token as [`App::check_token`], and the form's field
    /// `csrf` the form key of the request's session cookie ([`guard::form_key`]); else
    /// [`WebError::Forbidden`] in `lang`, saying to reload the page.
    fn check_form(
        &self,
        headers: &HeaderMap,
        csrf: Option<&str>,
        lang: Lang,
    ) -> Result<(), WebError> {
        self.check_token(headers)?;
        let ok = guard::session_id(headers)
            .zip(csrf)
            .is_some_and(|(session, given)| guard::form_key_matches(&session, given));
        if ok {
            Ok(())
        } else {
            Err(WebError::Forbidden(lang.msg("web-error-form-key")))
        }
    }
}

/// The value of cookie `name` in the request's `Cookie` headers.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// Runs blocking file work (the state file's lock, fsync) on tokio's blocking threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    tokio::task::spawn_blocking(caller::carried(work))
        .await
        .map_err(|e| WebError::Internal(format!("the request's task failed: {e}")))?
}

/// The largest request body the desk reads, in bytes (4 MiB: an event log of a long game is
/// under 100 KiB); a larger one is refused with 413 naming the limit.
pub const BODY_LIMIT: usize = 4 << 20;

/// The routes: pages, form actions and the JSON API (see docs/desk.md).
pub fn router(app: Shared) -> Router {
    Router::new()
        .route("/", get(pages::event))
        .route("/event", get(pages::event_edit).post(actions::edit_event))
        .route("/setup", get(setup::form).post(setup::create))
        .route("/groups/add", post(groups::add))
        .route("/players", get(pages::players).post(actions::add_player))
        .route("/players/edit", post(actions::edit_player))
        .route("/event/fide-mode", post(fide::set_mode))
        .route("/event/broadcast-token", post(broadcast::set_token))
        .route("/players/delete", post(actions::delete_player))
        .route("/players/move", post(groups::move_player))
        .route("/players/withdraw", post(actions::withdraw))
        .route("/players/forbid", post(actions::forbid))
        .route("/players/rank", post(actions::apply_ranking))
        .route("/rounds/next", post(actions::pair_next))
        .route("/rounds/next/manual", get(manual::form).post(manual::check))
        .route("/rounds/next/manual/confirm", post(manual::confirm))
        .route("/rounds/{n}", get(pages::round))
        .route("/rounds/{n}/print", get(pages::print))
        .route("/rounds/{n}/slips", get(pages::slips))
        .route("/rounds/{n}/result", post(actions::result))
        .route("/rounds/{n}/unpair", post(actions::unpair))
        .route("/rounds/{n}/judge", post(desk::judge_upload))
        .route("/rounds/{n}/judge/confirm", post(desk::judge_confirm))
        .route("/rounds/{n}/position", get(position::editor))
        .route("/rounds/{n}/adjudicate", post(desk::adjudicate))
        .route(
            "/rounds/{n}/adjudicate/confirm",
            post(desk::adjudicate_confirm),
        )
        .route("/rounds/{n}/export.csv", get(pages::export_csv))
        .route("/rounds/{n}/games.pgn", get(games::round_games))
        .route("/export/trf", get(pages::export_trf))
        .route("/export/state", get(pages::export_state))
        .route("/export/event.arbiter", get(backup::export_backup))
        .route("/standings.csv", get(pages::export_standings_csv))
        .route("/players.csv", get(pages::export_players_csv))
        .route("/connect", get(connect::connect))
        .route("/group/{i}", get(groups::choose))
        .route("/groups", get(groups::overview))
        .route("/team", get(team::page))
        .route("/team/diplomas", get(team::diplomas))
        .route("/players/disqualify", post(actions::disqualify))
        .route("/players/bye", post(actions::half_point_bye))
        .route("/players/return", post(actions::cancel_withdrawal))
        .route("/players/unforbid", post(actions::unforbid))
        .route("/standings", get(pages::standings))
        .route("/categories", get(diplomas::categories))
        .route("/categories/add", post(categories::add))
        .route("/categories/edit", post(categories::edit))
        .route("/categories/delete", post(categories::delete))
        .route("/categories/settings", post(categories::settings))
        .route("/players/import", get(import::form).post(import::upload))
        .route("/players/import/confirm", post(import::confirm))
        .route("/diplomas", get(diplomas::page))
        .route("/crosstable", get(pages::crosstable))
        .route("/report", get(report::page))
        .route("/log", get(pages::journal))
        .route("/log/undo", post(actions::undo))
        .route("/api/event", get(api::event))
        .route("/api/rounds/next", post(api::pair_next))
        .route("/api/rounds/{n}", get(api::round))
        .route("/api/standings", get(api::standings))
        .route("/api/rounds/{n}/boards/{b}/result", post(api::result))
        .route("/desk.js", get(guard::desk_js))
        .route("/live.js", get(live::live_js))
        .route("/live", get(live::eboards_page))
        .route("/live/assign", post(live::assign_form))
        .route("/rounds/{n}/live", get(live::round_page))
        .route("/rounds/{n}/live/notice", post(live::notice_form))
        .route("/rounds/{n}/live/settle", post(live::settle_form))
        .route("/rounds/{n}/live/record", post(live::record_form))
        .route("/rounds/{n}/live/playout", post(live::playout_form))
        .route("/screen", get(live::screen))
        .route("/events", get(live::events))
        .route("/api/live", get(live::api_live))
        .route("/api/live/assign", post(live::api_assign))
        .route("/api/live/settings", post(live::api_settings))
        .route("/api/rounds/{n}/playout", post(live::api_playout))
        .route("/api/rounds/{n}/boards/{b}/notice", post(live::api_notice))
        .route("/api/rounds/{n}/boards/{b}/settle", post(live::api_settle))
        .route("/api/rounds/{n}/boards/{b}/record", post(live::api_record))
        .fallback(extract::not_found)
        .method_not_allowed_fallback(extract::not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(app.clone(), setup::gate))
        .layer(middleware::from_fn_with_state(app.clone(), guard::guard))
        .layer(middleware::from_fn(caller::journal_scope))
        .with_state(app)
}

/// The address of the hall's screens for the desk's address `desk_url` (as [`serve`] prints
/// it) and its token: `/screen` with the screen's own key ([`guard::screen_key`]), which opens
/// the pairings and the standings and nothing else.
///
/// ```
/// let url = arbiter::web::screen_url("http://192.168.1.5:8080/?token=abc", "abc");
/// assert!(url.starts_with("http://192.168.1.5:8080/screen?key="));
/// assert!(!url.contains("abc"));
/// ```
pub fn screen_url(desk_url: &str, token: &str) -> String {
    let base = desk_url.split("/?").next().unwrap_or(desk_url);
    format!(
        "{}/screen?key={}",
        base.trim_end_matches('/'),
        guard::screen_key(token)
    )
}

/// A token for a server bound beyond loopback: 128 bits from the operating system's random
/// source, as 32 hex digits.
pub fn new_token() -> String {
    guard::hex(&guard::random_bytes::<16>())
}
