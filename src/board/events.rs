//! A recognised board log as the judge's event log ([`crate::game::event`]), so that
//! `arbiter judge` judges a board's raw output like any other game.
//!
//! | board event | judge event |
//! |---|---|
//! | legal move | `move` with its UCI |
//! | one piece moved illegally (kinds from [`crate::laws::illegal::classify`], out of turn) | `move` with the hand's from/to in UCI (`side` when out of turn); the judge classifies it again, with the same function |
//! | piece added or removed, two pieces moved, castling / en passant / promotion left incomplete | `illegal_act` with its kind, the changed squares and the placement left |
//! | take-back of `n` moves | `n` × `take_back` |
//! | position restored after an illegal act | nothing if the act was claimed or noticed (the judge has restored it, CR 3.4, Laws 7.5.1); otherwise one `take_back` per act undone (taken back by agreement, CR 3.6) |
//! | a move played on from a position shakmaty cannot build | `move` with the hand's from/to |
//! | clock pressed without a move (7.5.3) | `move` `0000` |
//! | the player on move lifts an own piece (first lift in a position) | `touch` with `lifted` (Laws 4.3; a board cannot see "j'adoube") |
//! | both kings on the centre squares | `result` with the official position's FEN (CR 4.2) |
//! | a gap in the board's record (its link was down) | `gap` with the plies found, the sequences' count, and the position to go on from when none |
//! | a judge event written into the log | itself |

use crate::game::event::EventLog;
use crate::game::event::{
    ClaimKind, Event, GapEvent, IllegalActEvent, MoveEvent, NoticeKind, ResultEvent, TakeBackEvent,
    TouchEvent,
};
use crate::laws::illegal::IllegalMove;

use super::{BoardError, BoardEventKind, Recognised, RecogniserConfig, read_board_log};

/// True when the kind is judged from the hand's from/to by the judge itself; false for the
/// acts only a placement can show.
fn is_one_piece_move(kind: IllegalMove) -> bool {
    !matches!(
        kind,
        IllegalMove::PieceAdded
            | IllegalMove::PieceRemoved
            | IllegalMove::TwoPiecesMoved
            | IllegalMove::IncompleteCastling
            | IllegalMove::IncompleteEnPassant
            | IllegalMove::IncompletePromotion
    )
}

/// The judge's events for a recognised log, each with the log line that completed it.
///
/// # Errors
/// [`BoardError::Event`] when a passed-through line is not a valid judge event.
pub fn to_game(recognised: &Recognised) -> Result<EventLog, BoardError> {
    let mut game = EventLog::default();
    let push = |game: &mut EventLog, line: usize, e: Event| {
        game.events.push(e);
        game.lines.push(line);
    };
    // Was the last illegal act claimed or noticed (so the judge restores the position itself)?
    let mut called = false;
    for e in &recognised.events {
        match &e.kind {
            BoardEventKind::Move(m) => push(
                &mut game,
                e.line,
                Event::Move(MoveEvent {
                    uci: Some(m.uci.clone()),
                    ..MoveEvent::default()
                }),
            ),
            BoardEventKind::Illegal {
                act,
                squares,
                placement,
            } => {
                called = false;
                let event = match act.physical {
                    Some(pm) if is_one_piece_move(act.kind) => Event::Move(MoveEvent {
                        uci: Some(pm.to_string()),
                        side: (act.kind == IllegalMove::OutOfTurn).then_some(act.side),
                        ..MoveEvent::default()
                    }),
                    _ => Event::IllegalAct(IllegalActEvent {
                        side: act.side,
                        kind: act.kind,
                        squares: squares.clone(),
                        board: Some(placement.to_string()),
                    }),
                };
                push(&mut game, e.line, event);
            }
            BoardEventKind::TakeBack { plies } => {
                for _ in 0..*plies {
                    push(&mut game, e.line, Event::TakeBack(TakeBackEvent {}));
                }
            }
            BoardEventKind::Restored { acts } => {
                // A claimed or noticed act was undone by the judge already; anything played on
                // after it, or an act nobody called, is taken back by agreement.
                let undone = if called && *acts == 1 { 0 } else { *acts };
                for _ in 0..undone {
                    push(&mut game, e.line, Event::TakeBack(TakeBackEvent {}));
                }
                called = false;
            }
            BoardEventKind::IrregularMove { physical, .. } => push(
                &mut game,
                e.line,
                Event::Move(MoveEvent {
                    uci: Some(physical.to_string()),
                    ..MoveEvent::default()
                }),
            ),
            BoardEventKind::ClockWithoutMove { .. } => push(
                &mut game,
                e.line,
                Event::Move(MoveEvent {
                    uci: Some("0000".into()),
                    ..MoveEvent::default()
                }),
            ),
            BoardEventKind::Touch { side, square } => push(
                &mut game,
                e.line,
                Event::Touch(TouchEvent {
                    by: *side,
                    square: *square,
                    adjust: false,
                    lifted: true,
                }),
            ),
            BoardEventKind::ResultSignal { result, position } => push(
                &mut game,
                e.line,
                Event::Result(ResultEvent {
                    result: result.to_string(),
                    reason: None,
                    fen: Some(
                        shakmaty::fen::Fen::from_position(
                            position.as_ref(),
                            shakmaty::EnPassantMode::Legal,
                        )
                        .to_string(),
                    ),
                }),
            ),
            BoardEventKind::Gap {
                plies,
                sequences,
                found,
                position,
            } => push(
                &mut game,
                e.line,
                Event::Gap(GapEvent {
                    plies: *plies as u32,
                    sequences: *sequences as u32,
                    fen: position.as_ref().map(|p| {
                        shakmaty::fen::Fen::from_position(
                            p.as_ref(),
                            shakmaty::EnPassantMode::Legal,
                        )
                        .to_string()
                    }),
                    found: found.clone(),
                }),
            ),
            BoardEventKind::Passthrough(v) => {
                let event: Event =
                    serde::Deserialize::deserialize(v).map_err(|source| BoardError::Event {
                        line: e.line,
                        source,
                    })?;
                match &event {
                    Event::Claim(c) if c.claim == ClaimKind::IllegalMove => called = true,
                    Event::Notice(n) if n.notice == NoticeKind::IllegalMove => called = true,
                    _ => {}
                }
                push(&mut game, e.line, event);
            }
        }
    }
    Ok(game)
}

/// Reads a board log ([`read_board_log`]) and turns it into the judge's events ([`to_game`]).
///
/// # Errors
/// Any [`BoardError`].
pub fn read_board_game(text: &str, config: &RecogniserConfig) -> Result<EventLog, BoardError> {
    to_game(&read_board_log(text, config)?)
}

/// Every game of a board log that may hold several ([`crate::board::split_games`]: the start
/// position set up again), each read as [`read_board_game`] reads one, in order. Line numbers
/// in the errors are those of the whole log.
pub fn read_board_games(
    text: &str,
    config: &RecogniserConfig,
) -> Vec<Result<EventLog, BoardError>> {
    crate::board::split_games(text)
        .iter()
        .map(|game| read_board_game(game, config))
        .collect()
}

/// A game read from an e-board capture: the judge's events, with what the capture says about
/// the board besides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardGame {
    /// The judge's events (as [`to_game`] gives them).
    pub events: EventLog,
    /// The board's serial number, when the capture has it (DGT `0x91`, LiveChess `serialnr`).
    pub serial_number: Option<String>,
    /// Where our moves differ from LiveChess's own reading of them (its `san`), if they do.
    pub livechess_differs: Option<crate::board::livechess::SanDifference>,
    /// The board's clocks through the capture (line order), for `[%clk]` in PGN; empty when
    /// the board has no clock.
    pub clock: Vec<crate::game::event::ClockTime>,
    /// The capture's frames that could not be read and were left out (a LiveChess frame that
    /// is not JSON or whose `board` is not a placement): the link's fault, told to the user.
    pub left_out: crate::board::livechess::LeftOut,
}

/// Recognises snapshots from any reader and turns them into the judge's events
/// ([`crate::board::recognise`], then [`to_game`]).
///
/// # Errors
/// [`BoardError::NoStartPosition`], [`BoardError::TimeBackwards`], [`BoardError::Event`].
pub fn game_from_snapshots(
    snapshots: &[crate::board::Snapshot],
    config: &RecogniserConfig,
) -> Result<EventLog, BoardError> {
    to_game(&crate::board::recognise(snapshots, config)?)
}

/// Reads a DGT e-Board capture in any of its forms ([`crate::board::dgt::read_capture`]) and
/// judges nothing yet: its events, and the board's serial number.
///
/// # Errors
/// [`BoardError::Dgt`] with the byte offset or line, or those of [`game_from_snapshots`].
pub fn read_dgt_game(bytes: &[u8], config: &RecogniserConfig) -> Result<BoardGame, BoardError> {
    let (snapshots, decoder, clock) = crate::board::dgt::read_capture_with_clock(bytes)?;
    Ok(BoardGame {
        events: game_from_snapshots(&snapshots, config)?,
        serial_number: decoder.serial_number().map(str::to_owned),
        livechess_differs: None,
        clock,
        left_out: Default::default(),
    })
}

/// Every game of a DGT capture that may hold several ([`crate::board::split_snapshots`]: the
/// start position set up again), each read as [`read_dgt_game`] reads one, in order; line
/// numbers are those of the whole capture.
///
/// # Errors
/// [`BoardError::Dgt`] when the capture cannot be read (no game); per game, those of
/// [`game_from_snapshots`].
pub fn read_dgt_games(
    bytes: &[u8],
    config: &RecogniserConfig,
) -> Result<Vec<Result<BoardGame, BoardError>>, BoardError> {
    let (snapshots, decoder, clock) = crate::board::dgt::read_capture_with_clock(bytes)?;
    let serial = decoder.serial_number();
    Ok(games_of(
        crate::board::split_snapshots(&snapshots),
        serial,
        &clock,
        config,
    ))
}

/// Each of `games` (a capture's readings cut by [`crate::board::split_snapshots`]) judged as a
/// [`BoardGame`] of the board `serial`, with the capture's `clock`.
fn games_of(
    games: Vec<&[crate::board::Snapshot]>,
    serial: Option<&str>,
    clock: &[crate::game::event::ClockTime],
    config: &RecogniserConfig,
) -> Vec<Result<BoardGame, BoardError>> {
    games
        .into_iter()
        .map(|game| {
            Ok(BoardGame {
                events: game_from_snapshots(game, config)?,
                serial_number: serial.map(str::to_owned),
                livechess_differs: None,
                clock: clock.to_vec(),
                left_out: Default::default(),
            })
        })
        .collect()
}

/// Every game of a LiveChess transcript that may hold several, as [`read_dgt_games`] reads a
/// DGT capture's; LiveChess's own `san` is compared with ours when the transcript holds one
/// game.
///
/// # Errors
/// [`BoardError::LiveChess`] when the transcript cannot be read (no game); per game, those of
/// [`game_from_snapshots`].
pub fn read_livechess_games(
    text: &str,
    config: &RecogniserConfig,
) -> Result<Vec<Result<BoardGame, BoardError>>, BoardError> {
    let t = crate::board::livechess::read_transcript_with_clock(text)?;
    let config = &crate::board::livechess::transcript_config(config);
    let games = crate::board::split_snapshots(&t.snapshots);
    if games.len() == 1 {
        return Ok(vec![read_livechess_game(text, config)]);
    }
    let mut games = games_of(games, t.decoder.serial_number(), &t.clock, config);
    // The frames left out are told once, with the capture's first game.
    if let Some(Ok(first)) = games.first_mut() {
        first.left_out = t.left_out;
    }
    Ok(games)
}

/// Reads a LiveChess transcript ([`crate::board::livechess::read_transcript`]): its events, the
/// board's serial number, and where LiveChess's own `san` differs from the moves recognised.
///
/// # Errors
/// [`BoardError::LiveChess`] with the line, or those of [`game_from_snapshots`].
pub fn read_livechess_game(text: &str, config: &RecogniserConfig) -> Result<BoardGame, BoardError> {
    let crate::board::livechess::Transcript {
        snapshots,
        decoder,
        clock,
        left_out,
    } = crate::board::livechess::read_transcript_with_clock(text)?;
    let config = &crate::board::livechess::transcript_config(config);
    let recognised = crate::board::recognise(&snapshots, config)?;
    let livechess_differs = decoder.livechess_san().and_then(|theirs| {
        let mut ours: Vec<String> = Vec::new();
        for e in &recognised.events {
            match &e.kind {
                BoardEventKind::Move(m) => ours.push(m.san.clone()),
                BoardEventKind::TakeBack { plies } => {
                    ours.truncate(ours.len().saturating_sub(*plies));
                }
                _ => {}
            }
        }
        crate::board::livechess::compare_san(&ours, theirs)
    });
    Ok(BoardGame {
        events: to_game(&recognised)?,
        serial_number: decoder.serial_number().map(str::to_owned),
        livechess_differs,
        clock,
        left_out,
    })
}

/// The game a board's capture kept in an event's record holds (a DGT board's messages or
/// LiveChess's frames, as the desk writes them: `arbiter board export`): of the games it reads
/// as (the start position set up again begins another), the last one with a move, else the
/// last one read; `None` when no game reads.
pub fn capture_game(text: &str, config: &RecogniserConfig) -> Option<BoardGame> {
    let games = if crate::board::livechess::looks_like_livechess(text) {
        read_livechess_games(text, config)
    } else {
        read_dgt_games(text.as_bytes(), config)
    }
    .ok()?;
    let games: Vec<BoardGame> = games.into_iter().filter_map(Result::ok).collect();
    let moved = |g: &BoardGame| {
        g.events
            .events
            .iter()
            .any(|e| matches!(e, crate::game::event::Event::Move(_)))
    };
    let last_moved = games.iter().rposition(moved);
    let at = last_moved.or(games.len().checked_sub(1))?;
    games.into_iter().nth(at)
}
