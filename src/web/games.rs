//! `GET /rounds/{n}/games.pgn`: the round's games as PGN ([`round_pgn`]): every board, the
//! moves of those an e-board played as the arbiter decided them, the result once recorded.

use std::collections::BTreeMap;
use std::path::Path;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::extract::{PageQuery, RoundNo};
use super::view::error_page;
use super::{Shared, WebError, blocking};
use crate::board::{RecogniserConfig, capture_game};
use crate::formats::pgn::round::{CapturedGame, round_pgn};
use crate::game::rules::CompetitionRules;
use crate::i18n::Lang;
use crate::tournament::live::BoardKey;
use crate::tournament::{Tournament, record};

/// The Content-Type of a PGN answer (the type chess software registers for PGN; the text is
/// UTF-8).
pub const PGN_TYPE: &str = "application/x-chess-pgn; charset=utf-8";

/// The games e-boards played in round `round` of group `group` (0 the first), by board, read
/// from their captures in the event's record at `state` (a capture that holds no game is left out: the board is written
/// without moves).
///
/// # Errors
/// [`WebError::Store`] when the record cannot be read.
pub fn captured_games(
    state: &Path,
    group: usize,
    round: u32,
) -> Result<BTreeMap<u32, CapturedGame>, WebError> {
    let mut games = BTreeMap::new();
    for (r, board, _) in record::captures(state, group)? {
        if r != round {
            continue;
        }
        let mut text = Vec::new();
        record::write_capture(state, BoardKey::new(group, round, board), &mut text)?;
        let text = String::from_utf8_lossy(&text);
        if let Some(g) = capture_game(&text, &RecogniserConfig::default()) {
            games.insert(
                board,
                CapturedGame {
                    events: g.events,
                    serial_number: g.serial_number,
                    clock: g.clock,
                },
            );
        }
    }
    Ok(games)
}

/// Round `round` of `t`, group `group` of the event kept at `state` (0 for an event of one
/// group), as PGN, judged under `rules`, comments in `lang` ([`round_pgn`] with the games of
/// [`captured_games`]): each group's boards with the games of the e-boards put on them (the
/// captures are kept under the group's section), never another group's game of the same
/// board number.
/// `in_progress`: false writes the boards without a recorded result without their moves.
///
/// # Errors
/// [`WebError::Store`]; [`WebError::Tournament`] for a round without pairings.
pub fn round_games_pgn(
    state: &Path,
    t: &Tournament,
    group: usize,
    round: u32,
    rules: CompetitionRules,
    lang: Lang,
    in_progress: bool,
) -> Result<String, WebError> {
    let mut captured = captured_games(state, group, round)?;
    if !in_progress && let Some(r) = t.round(round) {
        captured.retain(|board, _| {
            r.games
                .iter()
                .any(|g| g.board == *board && g.result.is_some())
        });
    }
    Ok(round_pgn(t, group, round, &captured, rules, lang)?)
}

/// The index of the group the request's page shows (after [`super::App::load`]; 0 for an
/// event of one group).
pub(super) fn shown_group() -> usize {
    super::caller::shown_groups().map_or(0, |(_, i)| i)
}

/// Round `n` of the group the request shows as PGN ([`round_games_pgn`]), read from the
/// record as last saved, judged under the event's rules, comments in `lang`. For the public
/// view (`public`), while the event delays the live boards
/// ([`crate::tournament::live::LiveSetup::public_delay_minutes`]), the current round's games
/// without a result are written without their moves: its PGN must not give what its `/boards`
/// holds back.
///
/// # Errors
/// [`WebError::Store`]; [`WebError::Tournament`] for a round without pairings.
pub(super) async fn shown_round_pgn(
    app: &Shared,
    n: u32,
    lang: Lang,
    public: bool,
) -> Result<String, WebError> {
    let t = app.load().await?;
    let group = shown_group();
    let rules = CompetitionRules::preset(app.preset(&t));
    let state = app.config.state.clone();
    let in_progress = !(public && t.live.public_delay_minutes() > 0 && n == t.paired_rounds());
    blocking(move || round_games_pgn(&state, &t, group, n, rules, lang, in_progress)).await
}

/// The answer carrying round `n`'s PGN: [`PGN_TYPE`], shown in the browser as
/// `round-N.pgn`, never cached (the round goes on).
pub(super) fn pgn_response(n: u32, pgn: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, PGN_TYPE.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"round-{n}.pgn\""),
            ),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        pgn,
    )
        .into_response()
}

/// `GET /rounds/{n}/games.pgn[?lang=ru]`: round `n` as PGN (`application/x-chess-pgn`), the
/// comments in the page's language, the live room's capture lines written first; a round
/// without pairings is the error page (404).
pub(super) async fn round_games(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let made = async {
        // The boards' capture lines and incidents the room holds for the next batch go into
        // the record first: the PGN is the room's as of this request, not up to a second old.
        app.save_incidents().await?;
        shown_round_pgn(&app, n, lang, false).await
    }
    .await;
    match made {
        Ok(pgn) => pgn_response(n, pgn),
        Err(e) => error_page(&app, lang, "/", &e),
    }
}
