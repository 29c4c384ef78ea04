//! A round of an event as PGN, for parents, coaches and a broadcast that polls it: every board
//! of the round, one game each, in board order (the PGN standard's export format, as
//! [`super::write`] writes a judged game).
//!
//! - tags: `Event` (the event's name), `Site` (its venue, `?` when not given), `Date` (its
//!   first day, `????.??.??` when not given), `Round` `"N.B"` (round N, board B), `White`,
//!   `Black`, `Result` — the result the arbiter **recorded**, `*` until he has (a forfeit is
//!   `1-0` / `0-1` with a comment saying so, a double forfeit or a loss for both, CR 4.2, has
//!   no PGN form: `*` and the comment); `Board`, and `BoardSerial` when an e-board played it
//!   (the capture's serial number, else the e-board the event put on the board);
//! - the movetext of a board an e-board played: the game as the arbiter decided it, judged
//!   from the board's capture kept in the event's record under the event's rules, with the
//!   arbiter's notices of illegal acts (CR 3.4) from the record, each taken after what the
//!   board showed of the act (its take-back too) and before the next move: an illegal move
//!   taken back is not in the mainline (Laws 7.5.1), a comment names it with its article and
//!   what became of it, `[%clk]` after each move when the board's clock reported times; no
//!   comment on a touched piece (an incident, the arbiter's matter) and no verdict sentence of
//!   the judge's (the result is the arbiter's: [`super::write::write_round_game`]);
//! - a board without a capture: its tags and result only.
//!
//! The captures are read by the caller (the e-board readers are a layer above this one) and
//! handed over as [`CapturedGame`]s.

use std::collections::BTreeMap;

use crate::formats::input::GameRecord;
use crate::game::event::{ClockTime, Event, EventLog, NoticeEvent, NoticeKind};
use crate::game::judge::JudgeOptions;
use crate::game::rules::CompetitionRules;
use crate::i18n::Lang;
use crate::tournament::live::{BoardKey, LiveAct, LiveIncidentKind};
use crate::tournament::{BoardResult, Game, Tournament, TournamentError};

use super::Tags;
use super::write::{PgnRecord, escape_comment, wrap, write_round_game, write_tag};

/// What an e-board's capture of one board holds: the game's events, as the e-board readers
/// give them (`arbiter::board::BoardGame`), the board's serial number and its clock readings.
#[derive(Clone, Debug, Default)]
pub struct CapturedGame {
    /// The judge's events read from the capture.
    pub events: EventLog,
    /// The e-board's serial number, when the capture has it.
    pub serial_number: Option<String>,
    /// The board's clock readings through the capture (line order); empty without a clock.
    pub clock: Vec<ClockTime>,
}

/// Every board of round `round` of `t` (group `group` of its event, 0 the first: the live
/// room's incidents and e-boards of that group's boards) as PGN, one game a board in board
/// order, a blank line
/// between games; `captured` holds, by board number, the games e-boards played; the moves are
/// judged under `rules`; comments in `lang`.
///
/// ```
/// use arbiter::formats::pgn::round::round_pgn;
/// use arbiter::tournament::{Player, Tournament};
///
/// let mut t = Tournament::new("School cup", 4);
/// for name in ["Ann", "Bob"] {
///     t.add_player(Player { name: name.into(), ..Player::default() }).unwrap();
/// }
/// t.pair_round_manual(1, &[(1, 2)], None, None).unwrap();
/// let pgn = round_pgn(&t, 0, 1, &Default::default(), Default::default(), arbiter::i18n::Lang::En).unwrap();
/// assert!(pgn.contains("[Round \"1.1\"]"));
/// assert!(pgn.contains("[Result \"*\"]"));
/// ```
///
/// # Errors
/// [`TournamentError::NoSuchRound`] for a round without pairings.
pub fn round_pgn(
    t: &Tournament,
    group: usize,
    round: u32,
    captured: &BTreeMap<u32, CapturedGame>,
    rules: CompetitionRules,
    lang: Lang,
) -> Result<String, TournamentError> {
    let r = t
        .round(round)
        .filter(|r| !r.games.is_empty())
        .ok_or(TournamentError::NoSuchRound {
            round,
            paired: t.paired_rounds(),
        })?;
    let mut out = String::new();
    for g in &r.games {
        if !out.is_empty() {
            out.push('\n');
        }
        let judged = captured
            .get(&g.board)
            .and_then(|c| board_game(t, BoardKey::new(group, round, g.board), g, c, rules, lang));
        out.push_str(&judged.unwrap_or_else(|| board_without_moves(t, round, g, lang)));
    }
    Ok(out)
}

/// The recorded result as a PGN game termination marker, and what a reader must be told of it
/// (a forfeit, a double forfeit, a loss for both: no game was played, or none stands).
fn recorded(result: Option<BoardResult>, lang: Lang) -> (&'static str, Option<String>) {
    match result {
        None => ("*", None),
        Some(BoardResult::WhiteWins) => ("1-0", None),
        Some(BoardResult::BlackWins) => ("0-1", None),
        Some(BoardResult::Draw) => ("1/2-1/2", None),
        Some(BoardResult::WhiteWinsByForfeit) => ("1-0", Some(lang.msg("pgn-round-forfeit-black"))),
        Some(BoardResult::BlackWinsByForfeit) => ("0-1", Some(lang.msg("pgn-round-forfeit-white"))),
        Some(BoardResult::DoubleForfeit) => ("*", Some(lang.msg("pgn-round-double-forfeit"))),
        Some(BoardResult::DoubleLoss) => ("*", Some(lang.msg("pgn-round-double-loss"))),
    }
}

/// The name of starting rank `rank`, `?` when unknown.
fn name(t: &Tournament, rank: u16) -> String {
    t.player(rank)
        .map(|p| p.name.clone())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "?".into())
}

/// The event's first day as a PGN date (`YYYY.MM.DD`, the PGN standard 8.1.1.3) from its
/// `YYYY/MM/DD`; `None` when not given or not in that form.
fn pgn_date(t: &Tournament) -> Option<String> {
    let d = t.details.start_date.as_deref()?.trim();
    let parts: Vec<&str> = d.split(['/', '-', '.']).collect();
    let ok = parts.len() == 3
        && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
        && parts.first().is_some_and(|y| y.len() == 4)
        && parts.iter().skip(1).all(|p| p.len() == 2);
    ok.then(|| parts.join("."))
}

/// The tags every board of the round shares, `Site` and `Date`, for [`PgnRecord::tags`].
fn site_and_date(t: &Tournament) -> Tags {
    let mut tags = Tags::default();
    if let Some(venue) = t.details.venue.as_deref().filter(|v| !v.trim().is_empty()) {
        tags.push("Site", venue);
    }
    if let Some(date) = pgn_date(t) {
        tags.push("Date", &date);
    }
    tags
}

/// A board no e-board played (or whose capture holds no game): tags, the recorded result.
fn board_without_moves(t: &Tournament, round: u32, g: &Game, lang: Lang) -> String {
    let (result, note) = recorded(g.result, lang);
    let mut out = String::new();
    let tags = site_and_date(t);
    write_tag(&mut out, "Event", &t.name);
    write_tag(&mut out, "Site", tags.get("Site").unwrap_or("?"));
    write_tag(&mut out, "Date", tags.get("Date").unwrap_or("????.??.??"));
    write_tag(&mut out, "Round", &format!("{round}.{}", g.board));
    write_tag(&mut out, "White", &name(t, g.white));
    write_tag(&mut out, "Black", &name(t, g.black));
    write_tag(&mut out, "Result", result);
    write_tag(&mut out, "Board", &g.board.to_string());
    out.push('\n');
    let mut tokens = Vec::new();
    if let Some(n) = note {
        tokens.push(format!("{{{}}}", escape_comment(&n)));
    }
    tokens.push(result.to_string());
    wrap(&mut out, &tokens);
    out
}

/// The arbiter's notices of illegal acts on board `board` of `round` (CR 3.4), from the
/// event's record, put into `log` before the first move after the act each is of (found by
/// ply and side in the verdict of the capture as recorded), as the live judge takes a notice
/// given before the next move. The record keeps no finer moment of a notice.
fn with_notices(t: &Tournament, at: BoardKey, log: &EventLog, rules: CompetitionRules) -> EventLog {
    let noticed: Vec<(u32, Option<&str>)> = t
        .live
        .incidents
        .iter()
        .filter(|i| i.at() == at && i.kind == LiveIncidentKind::Illegal)
        .filter(|i| {
            i.decision
                .as_ref()
                .is_some_and(|d| d.act == LiveAct::Noticed)
        })
        .map(|i| (i.ply, i.side.as_deref()))
        .collect();
    if noticed.is_empty() {
        return log.clone();
    }
    let Ok((verdict, _)) =
        GameRecord::Events(log.clone()).judge_with_line(Some(rules), JudgeOptions::default())
    else {
        return log.clone();
    };
    let mut at: Vec<usize> = verdict
        .illegal_moves
        .iter()
        .filter(|a| {
            let side = match a.side {
                shakmaty::Color::White => "white",
                shakmaty::Color::Black => "black",
            };
            noticed
                .iter()
                .any(|(ply, s)| *ply == a.ply && s.is_none_or(|s| s == side))
        })
        .map(|a| {
            // Where the live judge took the notice: after what the board showed of the act
            // (its take-back too), before the next move.
            log.events
                .iter()
                .enumerate()
                .skip(a.event_index + 1)
                .find(|(_, e)| matches!(e, Event::Move(_)))
                .map_or(log.events.len(), |(i, _)| i)
        })
        .collect();
    at.sort_unstable();
    at.dedup();
    let mut out = log.clone();
    for &i in at.iter().rev() {
        // The notice carries the line of the event before it.
        let line = i
            .checked_sub(1)
            .and_then(|k| out.lines.get(k))
            .copied()
            .unwrap_or_default();
        out.events.insert(
            i,
            Event::Notice(NoticeEvent {
                notice: NoticeKind::IllegalMove,
            }),
        );
        if i <= out.lines.len() {
            out.lines.insert(i, line);
        }
    }
    out
}

/// A board an e-board played: the capture judged, with the arbiter's notices, written with the
/// event's tags and the recorded result; `None` when the capture cannot be judged.
fn board_game(
    t: &Tournament,
    at: BoardKey,
    g: &Game,
    captured: &CapturedGame,
    rules: CompetitionRules,
    lang: Lang,
) -> Option<String> {
    let round = at.round;
    let log = with_notices(t, at, &captured.events, rules);
    let (mut verdict, line) = GameRecord::Events(log.clone())
        .judge_with_line(Some(rules), JudgeOptions::default())
        .ok()?;
    verdict.game.event = Some(t.name.clone());
    verdict.game.round = Some(format!("{round}.{}", g.board));
    verdict.game.white = Some(name(t, g.white));
    verdict.game.black = Some(name(t, g.black));
    verdict.game.board = Some(g.board.to_string());
    let tags = site_and_date(t);
    let record = PgnRecord {
        verdict: &verdict,
        line: &line,
        events: Some(&log),
        tags: Some(&tags),
        // The capture's own (DGT `0x91`, LiveChess `serialnr`), else the e-board the event
        // put on the board.
        serial_number: captured
            .serial_number
            .as_deref()
            .or_else(|| t.live.eboard_of(at)),
        clock: &captured.clock,
    };
    let (result, note) = recorded(g.result, lang);
    let mut pgn = write_round_game(&record, result, lang);
    if let Some(n) = note {
        // The forfeit's word goes before the termination marker, in a comment of its own.
        let end = pgn.trim_end().len() - result.len();
        pgn.truncate(end);
        pgn.push_str(&format!("{{{}}} {result}\n", escape_comment(&n)));
    }
    Some(pgn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn event() -> Tournament {
        let mut t = Tournament::new("Cup \"A\"", 4);
        for name in ["Ann", "Bob", "Cid", "Dan"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round_manual(1, &[(1, 2), (3, 4)], None, None)
            .unwrap();
        t
    }

    #[test]
    fn boards_without_capture_have_tags_and_the_recorded_result() {
        let mut t = event();
        t.details.start_date = Some("2026/12/05".into());
        t.details.venue = Some("School 5".into());
        t.record_result(
            1,
            crate::tournament::GameRef::Board(2),
            BoardResult::BlackWinsByForfeit,
            false,
        )
        .unwrap();
        let pgn = round_pgn(
            &t,
            0,
            1,
            &BTreeMap::new(),
            CompetitionRules::default(),
            Lang::En,
        )
        .unwrap();
        let games: Vec<&str> = pgn.split("\n\n[").collect();
        assert_eq!(games.len(), 2, "{pgn}");
        assert!(pgn.starts_with("[Event \"Cup \\\"A\\\"\"]\n[Site \"School 5\"]\n[Date \"2026.12.05\"]\n[Round \"1.1\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n"), "{pgn}");
        assert!(
            games[1].contains("Round \"1.2\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n[Result \"0-1\"]"),
            "{pgn}"
        );
        assert!(games[1].ends_with("} 0-1\n"), "{pgn}");
        assert!(pgn.contains("{forfeit: White did not appear"), "{pgn}");
    }

    #[test]
    fn a_round_not_paired_is_an_error() {
        let t = event();
        assert!(matches!(
            round_pgn(
                &t,
                0,
                2,
                &BTreeMap::new(),
                CompetitionRules::default(),
                Lang::En
            ),
            Err(TournamentError::NoSuchRound { round: 2, .. })
        ));
    }

    #[test]
    fn dates_in_other_forms_are_left_unknown() {
        let mut t = event();
        t.details.start_date = Some("5 December".into());
        assert_eq!(pgn_date(&t), None);
        t.details.start_date = Some("2026-12-05".into());
        assert_eq!(pgn_date(&t).as_deref(), Some("2026.12.05"));
    }
}
