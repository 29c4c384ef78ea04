//! The versions the desk's forms carry, to refuse a form made from a state that has changed
//! since (a stale tab, another device): the whole state's, or one part's (a board, the
//! pairings, the event's record, a player), so two devices entering different boards do not
//! refuse each other.

use std::hash::Hasher;

use crate::tournament::Tournament;

/// The version of a tournament state as forms carry it (the journal's, [`journal::version`]).
pub use crate::tournament::journal::version;

/// A hash of `parts`' JSON as 16 hex digits.
fn hash_of(parts: &impl serde::Serialize) -> String {
    let json = serde_json::to_vec(parts).unwrap_or_default();
    let mut h = rustc_hash::FxHasher::default();
    h.write(&json);
    h.write_usize(json.len());
    format!("{:016x}", h.finish())
}

/// The version of one board as its forms carry it, `board:R:B:HASH`: round `round`'s pairing
/// (who plays whom on which board) and board `board`'s result and record. A change elsewhere
/// (another board's result, a player registered) leaves it as it is, so two devices entering
/// different boards do not refuse each other; a change of this board or of the round's pairing
/// makes a form shown before it stale.
pub fn board_version(t: &Tournament, round: u32, board: u32) -> String {
    let r = t.round(round);
    let pairing: Vec<(u32, u16, u16)> = r
        .map(|r| {
            r.games
                .iter()
                .map(|g| (g.board, g.white, g.black))
                .collect()
        })
        .unwrap_or_default();
    let game = r.and_then(|r| r.games.iter().find(|g| g.board == board));
    format!("board:{round}:{board}:{}", hash_of(&(pairing, game)))
}

/// The version of the event's pairings as the "pair the next round" form carries it,
/// `pairing:HASH`: which rounds are paired, with whom on which board. Results entered meanwhile
/// do not make it stale (the pairer reads them when it pairs); another round paired or unpaired
/// does.
pub fn pairing_version(t: &Tournament) -> String {
    let rounds: Vec<Vec<(u32, u16, u16)>> = t
        .rounds
        .iter()
        .map(|r| {
            r.games
                .iter()
                .map(|g| (g.board, g.white, g.black))
                .collect()
        })
        .collect();
    format!("pairing:{}", hash_of(&(t.total_rounds, rounds)))
}

/// The version of the event's own record as its form carries it, `event:HASH`: name, rounds,
/// preset, details and how many rounds are paired. Results and players entered meanwhile do
/// not make it stale.
pub fn event_version(t: &Tournament) -> String {
    format!(
        "event:{}",
        hash_of(&(
            &t.name,
            t.total_rounds,
            t.rule_preset,
            &t.details,
            t.paired_rounds(),
            (
                t.live.playout_minutes,
                t.live.playout_offer_percent,
                t.live.public_delay_minutes,
            ),
        ))
    )
}

/// The version of one player's record as the form that edits him carries it, `player:N:HASH`.
pub fn player_version(t: &Tournament, tpn: u16) -> String {
    format!("player:{tpn}:{}", hash_of(&t.player(tpn)))
}

/// The version of the FIDE mode switch as its form carries it, `fide:HASH`: the mode and how
/// many rounds are paired (leaving records the round it is left after).
pub fn fide_version(t: &Tournament) -> String {
    format!("fide:{}", hash_of(&(t.fide.mode, t.paired_rounds())))
}

/// The version of the categories and prize settings as their forms carry it, `awards:HASH`:
/// results and players entered meanwhile do not make it stale.
pub fn awards_version(t: &Tournament) -> String {
    format!("awards:{}", hash_of(&t.awards))
}

/// Whether a form's `seen` version still holds for `t`: the whole state's [`version`], or a
/// scoped one ([`board_version`], [`pairing_version`], [`player_version`]) whose part of the
/// state has not changed.
pub(super) fn still_current(seen: &str, t: &Tournament) -> bool {
    if seen == version(t) {
        return true;
    }
    let mut parts = seen.split(':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("board"), Some(r), Some(b)) => match (r.parse(), b.parse()) {
            (Ok(r), Ok(b)) => seen == board_version(t, r, b),
            _ => false,
        },
        (Some("pairing"), _, _) => seen == pairing_version(t),
        (Some("event"), _, _) => seen == event_version(t),
        (Some("fide"), _, _) => seen == fide_version(t),
        (Some("awards"), _, _) => seen == awards_version(t),
        (Some("player"), Some(p), _) => p.parse().is_ok_and(|p| seen == player_version(t, p)),
        _ => false,
    }
}

/// The refusal of a form whose `seen` version no longer holds for `t`: a board's form
/// ([`board_version`]) names the board and the result it holds now
/// ([`super::WebError::StaleBoard`], who recorded it added by the caller that reads the
/// journal); any other [`super::WebError::Stale`].
pub(super) fn stale(seen: &str, t: &Tournament) -> super::WebError {
    let mut parts = seen.split(':');
    let (Some("board"), Some(Ok(round)), Some(Ok(board))) = (
        parts.next(),
        parts.next().map(str::parse::<u32>),
        parts.next().map(str::parse::<u32>),
    ) else {
        return super::WebError::Stale;
    };
    let game = t
        .round(round)
        .and_then(|r| r.games.iter().find(|g| g.board == board));
    // The language is the page's, known only when the message is written: the words of
    // `how` are chosen then too ([`super::history::decided_by_text`]), so keep the facts.
    let recorded = game.and_then(|g| g.standing()).map(|(r, by)| {
        (
            super::results::shown(super::results::result_value(r)).to_string(),
            serde_json::to_value(by)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
        )
    });
    super::WebError::StaleBoard {
        round,
        board,
        recorded,
        by: None,
    }
}
