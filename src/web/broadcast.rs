//! Pushing the round to a lichess broadcast (`arbiter serve --broadcast-round ID`): the desk
//! sends the round's PGN as the arbiter decided it ([`super::games::round_games_pgn`]: an
//! illegal move taken back is not in it, a result only once recorded) to lichess's push
//! endpoint, `POST {base}/api/broadcast/round/{id}/push` (`Content-Type: text/plain`,
//! `Authorization: Bearer TOKEN`; lichess's API, "Push PGN to a broadcast round", token scope
//! `study:write`), and shows per board what lichess answered.
//!
//! - When: the worker looks once a second ([`TICK`]); when the record changed since
//!   ([`kept::pgn_fingerprint`]) the PGN is made again, and one that differs from
//!   the last one lichess accepted is pushed, the latest one only (a second's moves go in one
//!   push).
//! - Lost connection: a push that does not reach lichess (no connection, a timeout, 429 or a
//!   5xx answer) is tried again after 1, 2, 4, 8, then every 10 s ([`MAX_BACKOFF`]), always
//!   with the PGN as it is then. A refusal (401, 403, 404…) is shown and tried again the same
//!   way (the arbiter may fix the token meanwhile).
//! - Restart: the record keeps the digest of the PGN lichess last accepted
//!   ([`BroadcastMark`]): a desk started again pushes at once whatever
//!   lichess has not got.
//! - The token: pasted on the event page or given in `ARBITER_BROADCAST_TOKEN`, kept in the
//!   event's record ([`crate::tournament::record::broadcast`]), sent only in the push's `Authorization` header:
//!   never shown, logged, journalled or exported.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Shared, WebError, blocking};
use crate::game::rules::CompetitionRules;
use crate::i18n::Lang;
use crate::tournament::record::broadcast::{self as kept, BroadcastMark};

/// lichess's address, the default of `--broadcast-url`.
pub const LICHESS: &str = "https://lichess.org";
/// How often the worker looks at the round.
pub const TICK: Duration = Duration::from_secs(1);
/// The longest wait between two tries of a push that did not arrive.
pub const MAX_BACKOFF: Duration = Duration::from_secs(10);
/// How long one push may take (connection, sending, lichess's answer).
pub const PUSH_TIMEOUT: Duration = Duration::from_secs(20);
/// The largest answer read from lichess, in bytes (64 games' answers are a few KiB).
const ANSWER_LIMIT: u64 = 1 << 20;

/// The lichess broadcast round the desk pushes to (`--broadcast-round`, `--broadcast-url`)
/// and the token given at start (`ARBITER_BROADCAST_TOKEN`), which goes into the record.
#[derive(Clone, PartialEq, Eq)]
pub struct BroadcastTarget {
    /// The server's base address without a trailing `/` (`https://lichess.org`).
    pub base: String,
    /// The broadcast round's id (8 characters on lichess).
    pub round_id: String,
    /// A token to keep in the event's record at start (replacing the one kept).
    pub token: Option<String>,
}

impl std::fmt::Debug for BroadcastTarget {
    /// Without the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BroadcastTarget")
            .field("base", &self.base)
            .field("round_id", &self.round_id)
            .field("token", &self.token.as_ref().map(|_| "…"))
            .finish()
    }
}

impl BroadcastTarget {
    /// The push endpoint: `{base}/api/broadcast/round/{id}/push` (the id's characters other
    /// than letters and digits percent-encoded).
    ///
    /// ```
    /// let t = arbiter::web::broadcast::BroadcastTarget {
    ///     base: "https://lichess.org/".into(), round_id: "AbCd1234".into(), token: None };
    /// assert_eq!(t.push_url(), "https://lichess.org/api/broadcast/round/AbCd1234/push");
    /// ```
    pub fn push_url(&self) -> String {
        let id: String = self
            .round_id
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        format!(
            "{}/api/broadcast/round/{id}/push",
            self.base.trim_end_matches('/')
        )
    }
}

/// Lichess's answer to one game of a push: its tags and the moves it took, or its error.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameAnswer {
    /// The game's tags as lichess read them (`Round`, `White`, `Black`…).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// How many moves (plies) lichess took of it.
    #[serde(default)]
    pub moves: Option<u64>,
    /// Why lichess refused it.
    #[serde(default)]
    pub error: Option<String>,
}

/// Lichess's answer to a push (HTTP 200): one [`GameAnswer`] per game sent, in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PushAnswer {
    /// The games' answers.
    #[serde(default)]
    pub games: Vec<GameAnswer>,
}

/// Why a push did not end with lichess's 200.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    /// No answer: no connection, a timeout, a broken answer (the client's reason, without the
    /// token).
    #[error("not reachable: {0}")]
    Unreachable(String),
    /// Lichess answered with `status`, and `error` when its body said one (`{"error": "…"}`).
    #[error("answered {status}{}", error.as_deref().map(|e| format!(": {e}")).unwrap_or_default())]
    Refused {
        /// The HTTP status.
        status: u16,
        /// Lichess's reason.
        error: Option<String>,
    },
}

impl PushError {
    /// Whether the server is to be taken as down (retried as a lost connection): no answer,
    /// 429 (too many requests) or a 5xx.
    pub fn is_down(&self) -> bool {
        match self {
            PushError::Unreachable(_) => true,
            PushError::Refused { status, .. } => *status == 429 || *status >= 500,
        }
    }
}

/// Sends `pgn` to the push endpoint `url` with `token` (blocking, at most [`PUSH_TIMEOUT`]):
/// lichess's answer on 200.
///
/// # Errors
/// [`PushError::Unreachable`] (no connection, timeout, an answer that is not lichess's JSON),
/// [`PushError::Refused`] for any other status.
pub fn push_pgn(url: &str, token: &str, pgn: &str) -> Result<PushAnswer, PushError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(PUSH_TIMEOUT))
        .http_status_as_error(false)
        .user_agent(concat!("arbiter/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut answer = agent
        .post(url)
        .header("Authorization", &format!("Bearer {token}"))
        .content_type("text/plain; charset=utf-8")
        .send(pgn)
        .map_err(|e| PushError::Unreachable(e.to_string()))?;
    let status = answer.status().as_u16();
    let body = answer
        .body_mut()
        .with_config()
        .limit(ANSWER_LIMIT)
        .read_to_string()
        .map_err(|e| PushError::Unreachable(e.to_string()))?;
    if status == 200 {
        serde_json::from_str(&body)
            .map_err(|e| PushError::Unreachable(format!("an answer that is not JSON: {e}")))
    } else {
        let error = serde_json::from_str::<Value>(&body)
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_string));
        Err(PushError::Refused { status, error })
    }
}

/// The board a game's answer is about: its `Round` tag `R.B`, else its place in the push.
fn board_of(g: &GameAnswer, index: usize) -> u32 {
    g.tags
        .get("Round")
        .and_then(|r| r.split_once('.'))
        .and_then(|(_, b)| b.parse().ok())
        .unwrap_or(index as u32 + 1)
}

/// What the desk knows of the broadcast, for the pages and `/api/live` (`broadcast`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct BroadcastShown {
    /// The broadcast round's id.
    pub round_id: String,
    /// The desk's round pushed (0 until a round is paired).
    pub desk_round: u32,
    /// Whether a token is kept (never the token).
    pub token_set: bool,
    /// Whether the round has changed since lichess last accepted it (a push is due).
    pub pending: bool,
    /// Since when pushes do not arrive (milliseconds since the Unix epoch); `None`: they do.
    pub unreachable_since_ms: Option<u64>,
    /// Lichess's last refusal (`401: …`), until a push is accepted.
    pub refused: Option<String>,
    /// When lichess last accepted a push.
    pub answered_ms: Option<u64>,
    /// Lichess's last answer per board: `{"moves": N}` or `{"error": "…"}`.
    pub boards: BTreeMap<u32, GameAnswer>,
}

/// The broadcast's state as the server shares it (`None` without `--broadcast-round`).
#[derive(Debug, Default)]
pub struct BroadcastStatus(Mutex<Option<BroadcastShown>>);

impl BroadcastStatus {
    /// A copy of what is known, `None` when the desk does not broadcast.
    pub fn shown(&self) -> Option<BroadcastShown> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn update(&self, change: impl FnOnce(&mut BroadcastShown)) {
        let mut s = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        change(s.get_or_insert_with(BroadcastShown::default));
    }
}

/// `HH:MM` of `ms` in the machine's time zone.
fn clock_time(ms: u64) -> String {
    jiff::Timestamp::from_millisecond(ms as i64)
        .map(|t| {
            t.to_zoned_datetime(jiff::tz::TimeZone::system())
                .strftime("%H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

/// The broadcast's state in words, in `lang`: one line for the whole (sent, waiting, not
/// reachable since HH:MM, refused, no token), and one per board (`lichess: 12 moves
/// accepted` or `lichess: error …`).
pub fn shown_text(s: &BroadcastShown, lang: Lang) -> (String, BTreeMap<u32, String>) {
    let id = s.round_id.as_str();
    let line = if !s.token_set {
        lang.fmt("web-broadcast-no-token", &[("id", id)])
    } else if let Some(since) = s.unreachable_since_ms {
        lang.fmt(
            "web-broadcast-unreachable",
            &[("id", id), ("since", &clock_time(since))],
        )
    } else if let Some(why) = &s.refused {
        lang.fmt("web-broadcast-refused", &[("id", id), ("reason", why)])
    } else if s.desk_round == 0 {
        lang.fmt("web-broadcast-no-round", &[("id", id)])
    } else if s.pending {
        lang.fmt(
            "web-broadcast-pending",
            &[("id", id), ("round", &s.desk_round.to_string())],
        )
    } else {
        lang.fmt(
            "web-broadcast-sent",
            &[
                ("id", id),
                ("round", &s.desk_round.to_string()),
                ("time", &s.answered_ms.map(clock_time).unwrap_or_default()),
            ],
        )
    };
    let boards = s
        .boards
        .iter()
        .map(|(b, g)| {
            let text = match &g.error {
                Some(e) => lang.fmt("web-broadcast-board-error", &[("error", e)]),
                None => lang.fmt(
                    "web-broadcast-board-moves",
                    &[("moves", &g.moves.unwrap_or(0).to_string())],
                ),
            };
            (*b, text)
        })
        .collect();
    (line, boards)
}

/// The broadcast for the pages and `/api/live`: `{"line": "…", "boards": {"3": "…"},
/// "state": {…}}` ([`BroadcastShown`], with the words in `lang`), or null when the desk does
/// not broadcast.
pub(super) fn shown_json(app: &super::App, lang: Lang) -> Value {
    match app.broadcast.shown() {
        Some(s) => {
            let (line, boards) = shown_text(&s, lang);
            serde_json::json!({"line": line, "boards": boards, "state": s})
        }
        None => Value::Null,
    }
}

/// The SHA-256 of `text`, in hex.
fn digest(text: &str) -> String {
    use sha2::Digest;
    super::guard::hex(&sha2::Sha256::digest(text.as_bytes()))
}

/// Starts the push worker when the desk broadcasts (`config.broadcast`): it runs until the
/// desk stops.
pub(super) fn start(app: &Shared) {
    let Some(target) = app.config.broadcast.clone() else {
        return;
    };
    app.broadcast
        .update(|s| s.round_id = target.round_id.clone());
    tokio::spawn(run(app.clone(), target));
}

/// The round's PGN as the push sends it, with the event's rules, comments in the desk's
/// language: the first group's round `round` (the broadcast is of the first group; the live
/// room's e-boards on its boards give their moves).
async fn round_pgn(app: &Shared, round: u32) -> Result<String, WebError> {
    // What the room heard goes into the record first: the PGN is read from it.
    app.save_incidents().await?;
    let state = app.config.state.clone();
    let preset = app.config.preset;
    let lang = app.config.lang;
    blocking(move || {
        let t = crate::tournament::store::load(&state)?;
        let rules = CompetitionRules::preset(preset.unwrap_or_else(|| t.preset()));
        super::games::round_games_pgn(&state, &t, 0, round, rules, lang, true)
    })
    .await
}

/// The worker: binds the broadcast round to the desk's round, then pushes each new PGN.
async fn run(app: Shared, target: BroadcastTarget) {
    let state = app.config.state.clone();
    // The token given at start, until it is kept (an event still to be set up on `/setup`
    // has no record yet: it goes in once there is one).
    let mut given = target.token.clone();
    let mut stopping = app.live.stopped();
    let mut mark: Option<BroadcastMark> = None;
    let mut backoff = TICK;
    let mut next_try = Instant::now();
    // The record's fingerprint when the PGN was last made, and whether lichess lacks it.
    let mut fingerprint: Option<String> = None;
    let mut pending = true;
    loop {
        tokio::select! {
            _ = tokio::time::sleep(TICK) => {}
            _ = stopping.wait_for(|s| *s) => return,
        }
        if let Some(token) = given.clone() {
            let s = state.clone();
            let kept = blocking(move || Ok(kept::set_broadcast_token(&s, Some(&token))?)).await;
            if kept.is_ok() {
                given = None;
            }
        }
        let s = state.clone();
        let token = blocking(move || Ok(kept::broadcast_token(&s)?))
            .await
            .ok()
            .flatten();
        app.broadcast.update(|s| s.token_set = token.is_some());
        // The mark: the one kept for this broadcast round, else a new one bound to the
        // round paired now (none yet: wait for it).
        if mark.is_none() {
            let s = state.clone();
            let id = target.round_id.clone();
            let found = blocking(move || {
                let kept = kept::broadcast_mark(&s)?.filter(|m| m.round_id == id);
                if kept.is_some() {
                    return Ok(kept);
                }
                let round = crate::tournament::store::load(&s)?.paired_rounds();
                if round == 0 {
                    return Ok(None);
                }
                let m = BroadcastMark {
                    round_id: id,
                    desk_round: round,
                    ..BroadcastMark::default()
                };
                kept::set_broadcast_mark(&s, &m)?;
                Ok(Some(m))
            })
            .await
            .ok()
            .flatten();
            if let Some(m) = &found {
                app.broadcast.update(|s| {
                    s.desk_round = m.desk_round;
                    s.answered_ms = m.answered_ms;
                    s.boards = answer_boards(m.answer.as_ref());
                });
            }
            mark = found;
        }
        let Some(m) = mark.as_mut() else { continue };
        // The PGN is made again only when the record changed since, or a push is due.
        if app.save_incidents().await.is_err() {
            continue;
        }
        let s = state.clone();
        let seen = blocking(move || Ok(kept::pgn_fingerprint(&s)?)).await.ok();
        if seen.is_some() && seen == fingerprint && !pending {
            continue;
        }
        let Ok(pgn) = round_pgn(&app, m.desk_round).await else {
            continue;
        };
        fingerprint = seen;
        let sum = digest(&pgn);
        pending = m.accepted.as_deref() != Some(sum.as_str());
        app.broadcast.update(|s| s.pending = pending);
        if !pending || Instant::now() < next_try {
            continue;
        }
        let Some(token) = token else { continue };
        let url = target.push_url();
        let sent = tokio::task::spawn_blocking(move || push_pgn(&url, &token, &pgn)).await;
        let sent = sent.unwrap_or_else(|e| Err(PushError::Unreachable(e.to_string())));
        match sent {
            Ok(answer) => {
                backoff = TICK;
                let at = super::live::now_ms();
                m.accepted = Some(sum);
                m.answer = serde_json::to_value(&answer).ok();
                m.answered_ms = Some(at);
                let (s, kept_mark) = (state.clone(), m.clone());
                if let Err(e) =
                    blocking(move || Ok(kept::set_broadcast_mark(&s, &kept_mark)?)).await
                {
                    eprintln!("broadcast: the delivery could not be noted: {e}");
                }
                pending = false;
                app.broadcast.update(|s| {
                    s.pending = false;
                    s.unreachable_since_ms = None;
                    s.refused = None;
                    s.answered_ms = Some(at);
                    s.boards = answer_boards(m.answer.as_ref());
                });
            }
            Err(e) => {
                next_try = Instant::now() + backoff;
                backoff = (backoff * 2).min(MAX_BACKOFF);
                let at = super::live::now_ms();
                app.broadcast.update(|s| {
                    if e.is_down() {
                        s.unreachable_since_ms.get_or_insert(at);
                        s.refused = None;
                    } else {
                        s.unreachable_since_ms = None;
                        s.refused = Some(e.to_string());
                    }
                });
            }
        }
    }
}

/// `POST /event/broadcast-token` (`token`, or `remove=yes`; the form key `csrf`): keeps the
/// token the arbiter pasted in the event's record, or removes the one kept
/// ([`kept::set_broadcast_token`]); no journal entry (the journal's text is shown and
/// exported), and the token is never shown again: the event page says only whether one is
/// kept. Back to the event page.
pub(super) async fn set_token(
    axum::extract::State(app): axum::extract::State<Shared>,
    headers: axum::http::HeaderMap,
    super::extract::FormFields(form): super::extract::FormFields,
) -> axum::response::Response {
    let f = super::actions::Fields(form);
    let lang = f.lang(&app);
    let token = if f.get("remove").is_some() {
        None
    } else {
        match f.get("token") {
            Some(t) if t.chars().all(|c| c.is_ascii_graphic()) && t.len() <= 512 => Some(t),
            _ => {
                let e = WebError::BadRequest(lang.msg("web-broadcast-token-bad"));
                return super::view::error_page(&app, lang, "/", &e);
            }
        }
    };
    let done = match app.check_form(&headers, f.get(super::guard::CSRF_FIELD).as_deref(), lang) {
        Ok(()) => {
            let state = app.config.state.clone();
            blocking(move || Ok(kept::set_broadcast_token(&state, token.as_deref())?)).await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => super::actions::back("/", lang, None, &[]),
        Err(e) => super::view::error_page(&app, lang, "/", &e),
    }
}

/// Whether the event at `app`'s record keeps a broadcast token (the event page's line).
pub(super) async fn token_kept(app: &Shared) -> bool {
    let state = app.config.state.clone();
    blocking(move || Ok(kept::broadcast_token(&state)?))
        .await
        .ok()
        .flatten()
        .is_some()
}

/// Lichess's answer kept in the mark, by board.
fn answer_boards(answer: Option<&Value>) -> BTreeMap<u32, GameAnswer> {
    let Some(a) = answer.and_then(|a| serde_json::from_value::<PushAnswer>(a.clone()).ok()) else {
        return BTreeMap::new();
    };
    a.games
        .into_iter()
        .enumerate()
        .map(|(i, g)| (board_of(&g, i), g))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_by_board() {
        let answer = serde_json::json!({"games": [
            {"tags": {"Round": "1.3", "White": "A"}, "moves": 12},
            {"tags": {"White": "B"}, "error": "Invalid move: Nxe5"},
        ]});
        let boards = answer_boards(Some(&answer));
        // By the `Round` tag `R.B`; without it, by the game's place in the push.
        assert_eq!(boards.keys().copied().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(boards[&3].moves, Some(12));
        assert_eq!(boards[&3].error, None);
        assert_eq!(boards[&2].error.as_deref(), Some("Invalid move: Nxe5"));
        let (_, text) = shown_text(
            &BroadcastShown {
                round_id: "abcd1234".into(),
                desk_round: 1,
                token_set: true,
                boards,
                ..BroadcastShown::default()
            },
            Lang::En,
        );
        assert!(text[&3].contains("12"), "{text:?}");
        assert!(text[&2].contains("Invalid move: Nxe5"), "{text:?}");
    }

    #[test]
    fn a_refusal_or_an_outage_is_told_apart() {
        assert!(PushError::Unreachable("refused".into()).is_down());
        assert!(
            PushError::Refused {
                status: 503,
                error: None
            }
            .is_down()
        );
        assert!(
            PushError::Refused {
                status: 429,
                error: None
            }
            .is_down()
        );
        let e = PushError::Refused {
            status: 401,
            error: Some("No such token".into()),
        };
        assert!(!e.is_down());
        assert_eq!(e.to_string(), "answered 401: No such token");
    }

    #[test]
    fn the_token_is_not_in_the_debug_text() {
        let t = BroadcastTarget {
            base: LICHESS.into(),
            round_id: "x".into(),
            token: Some("lip_secret".into()),
        };
        assert!(!format!("{t:?}").contains("lip_secret"));
    }
}
