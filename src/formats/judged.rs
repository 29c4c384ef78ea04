//! Judging a game read from any input ([`GameRecord::judge`]): an event log event by event, a
//! PGN game by its mainline; a board log must be recognised first ([`crate::board`]).

use super::input::GameRecord;
use crate::game::event::{Event, EventLog};
use crate::game::judge::{Judge, JudgeError, JudgeOptions};
use crate::game::rules::CompetitionRules;
use crate::game::verdict::{PlyOnBoard, Verdict};

/// Why a game read could not be judged.
#[derive(Debug, thiserror::Error)]
pub enum JudgeFailure {
    /// The judge refused an event of an event log, on this 1-based line.
    #[error("{error}")]
    Event {
        /// The event's line.
        line: usize,
        /// The judge's reason.
        error: JudgeError,
    },
    /// The judge refused a PGN game (bad `FEN` tag, unsupported variant).
    #[error("{0}")]
    Pgn(JudgeError),
    /// A board log: its moves must be recognised first ([`crate::board`]).
    #[error("a digital board log: recognise its moves first")]
    BoardLog,
}

impl GameRecord {
    /// Judges the game under the Laws and the competition rules. `rules` overrides an event
    /// log's header (default: the header's, else [`CompetitionRules::default`]); a PGN game is
    /// judged under `rules`, else the default.
    ///
    /// # Errors
    /// [`JudgeFailure::Event`] with the line of the event the judge refused,
    /// [`JudgeFailure::Pgn`], [`JudgeFailure::BoardLog`] for an unrecognised board log.
    pub fn judge(
        &self,
        rules: Option<CompetitionRules>,
        options: JudgeOptions,
    ) -> Result<Verdict, JudgeFailure> {
        self.judge_game(rules, options, false).map(|(v, _)| v)
    }

    /// As [`GameRecord::judge`], with the plies standing on the board at the end
    /// ([`crate::game::judge::Judge::keep_line`]): the mainline of a record of the judged game
    /// (PGN, `crate::formats::pgn::write`).
    ///
    /// # Errors
    /// As [`GameRecord::judge`].
    pub fn judge_with_line(
        &self,
        rules: Option<CompetitionRules>,
        options: JudgeOptions,
    ) -> Result<(Verdict, Vec<PlyOnBoard>), JudgeFailure> {
        self.judge_game(rules, options, true)
    }

    fn judge_game(
        &self,
        rules: Option<CompetitionRules>,
        options: JudgeOptions,
        keep_line: bool,
    ) -> Result<(Verdict, Vec<PlyOnBoard>), JudgeFailure> {
        let judge = match self {
            GameRecord::Events(game) => judge_events(game, rules, options, keep_line)?,
            GameRecord::Pgn(game) => crate::formats::pgn::pgn_judge_keeping(
                game,
                rules.unwrap_or_default(),
                options,
                keep_line,
            )
            .map_err(JudgeFailure::Pgn)?,
            GameRecord::BoardLog(_) | GameRecord::DgtCapture(_) | GameRecord::LiveChess(_) => {
                return Err(JudgeFailure::BoardLog);
            }
        };
        let line = judge.line().to_vec();
        Ok((judge.into_verdict(), line))
    }
}

/// Judges one game of an event log: a header first sets the judge up (`rules` overriding its
/// preset), then every event is applied in order.
fn judge_events(
    game: &EventLog,
    rules: Option<CompetitionRules>,
    options: JudgeOptions,
    keep_line: bool,
) -> Result<Judge, JudgeFailure> {
    let first_line = game.lines.first().copied().unwrap_or(0);
    let (mut judge, skip) = match game.events.first() {
        Some(Event::Header(h)) => (
            Judge::from_header(h, rules, options).map_err(|error| JudgeFailure::Event {
                line: first_line,
                error,
            })?,
            1,
        ),
        _ => (
            Judge::new(
                shakmaty::Chess::default(),
                rules.unwrap_or_default(),
                options,
            ),
            0,
        ),
    };
    if keep_line {
        judge.keep_line();
    }
    for (event, line) in game.events.iter().zip(&game.lines).skip(skip) {
        judge
            .apply(event)
            .map_err(|error| JudgeFailure::Event { line: *line, error })?;
    }
    Ok(judge)
}
