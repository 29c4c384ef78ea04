//! Digital-board placement logs (successive piece placements, clock presses) turned into the
//! judge's events: legal moves recognised, transients ignored, illegal acts classified
//! (laws-reference §6).
//!
//! - [`placement`]: the log format (FEN placements or JSON Lines with times and clock presses);
//! - [`dgt`]: a DGT e-Board's serial output (raw, base64 lines, our timed JSON Lines), decoded
//!   incrementally into the same snapshots;
//! - [`livechess`]: DGT LiveChess 2's WebSocket frames, likewise;
//! - [`orientation`]: boards set up turned by 180°;
//! - [`recognise`](mod@recognise): the move recogniser and its stability rule;
//! - [`diff`]: what the hand did when the board shows no legal move;
//! - [`events`]: the recognised log as the judge's event log;
//! - [`games`]: one log holding several games, cut where the start position is set up again;
//! - [`link`]: live links to a DGT board (serial port) and to DGT LiveChess (WebSocket), and
//!   the captures they record;
//! - [`live`]: what a followed board reports to the operator;
//! - [`room`]: the live room, every e-board of the round judged as it is played;
//! - [`simulate`]: renders a game as an e-board would report it, with transients (tests,
//!   benches, demos).
//!
//! ```
//! use arbiter::board::{read_board_log, RecogniserConfig};
//!
//! // A polled board: every placement that stands is read twice (the default K = 2);
//! // the single line in between is the pawn in the air.
//! let log = "\
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
//! rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
//! ";
//! let r = read_board_log(log, &RecogniserConfig::default()).unwrap();
//! assert_eq!(r.moves().len(), 1);
//! ```

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod dgt;
pub mod diff;
pub mod events;
pub mod games;
pub mod habits;
pub mod link;
pub mod live;
pub mod livechess;
pub mod orientation;
pub mod placement;
pub mod progress;
pub mod recognise;
pub mod recognised;
pub mod room;
pub mod simulate;

pub use diff::{IllegalAct, classify_act};
pub use events::{
    BoardGame, capture_game, game_from_snapshots, read_board_game, read_board_games, read_dgt_game,
    read_dgt_games, read_livechess_game, read_livechess_games, to_game,
};
pub use games::{first_game, split_games, split_snapshots};
pub use orientation::Orientation;
pub use placement::{Reading, Snapshot, looks_like_board_log, parse_log};
pub use recognise::{
    BoardEvent, BoardEventKind, CommitRule, Recognised, RecognisedMove, Recogniser,
    RecogniserConfig, StabilityRule, recognise,
};

/// Errors reading a board log, with the 1-based line where they occur.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A line is not a FEN piece placement.
    #[error("line {line}: not a piece placement ({reason}): {text:?}")]
    Placement {
        /// Line number.
        line: usize,
        /// The text read.
        text: String,
        /// The FEN parser's reason.
        reason: String,
    },
    /// A line starting with `{` is not valid JSON.
    #[error("line {line}: invalid JSON: {source}")]
    Json {
        /// Line number.
        line: usize,
        /// The JSON error.
        #[source]
        source: serde_json::Error,
    },
    /// A JSON record has neither (or both) of `placement` and `clock` (nor `"gap": true`).
    #[error(
        "line {line}: a JSON snapshot needs exactly one of \"placement\" and \"clock\" (or \"gap\": true)"
    )]
    EmptyRecord {
        /// Line number.
        line: usize,
    },
    /// `clock` is not `"white"` or `"black"`.
    #[error("line {line}: \"clock\" must be \"white\" or \"black\", found {found:?}")]
    ClockSide {
        /// Line number.
        line: usize,
        /// The value read.
        found: String,
    },
    /// `t` is not a finite number.
    #[error("line {line}: \"t\" must be a finite number of seconds")]
    BadTime {
        /// Line number.
        line: usize,
    },
    /// A time earlier than the previous snapshot's.
    #[error("line {line}: time {t} s is earlier than the previous snapshot's {previous} s")]
    TimeBackwards {
        /// Line number.
        line: usize,
        /// The time read.
        t: f64,
        /// The previous snapshot's time.
        previous: f64,
    },
    /// A line with a `"type"` key is not a valid judge event.
    #[error("line {line}: not a valid event: {source}")]
    Event {
        /// Line number.
        line: usize,
        /// serde's explanation.
        #[source]
        source: serde_json::Error,
    },
    /// A DGT capture that cannot be read (byte offset or line in the message).
    #[error("{0}")]
    Dgt(#[from] dgt::DgtError),
    /// A LiveChess transcript that cannot be read (line in the message).
    #[error("{0}")]
    LiveChess(#[from] livechess::LiveChessError),
    /// No placement in the log shows the start position, in either orientation.
    #[error("no placement in the log shows the start position (in either orientation)")]
    NoStartPosition,
}

impl BoardError {
    /// The error in `lang` (Fluent `fe-board-*`), with its line; English is the `Display`.
    pub fn message(&self, lang: crate::i18n::Lang) -> String {
        if lang == crate::i18n::Lang::En {
            return self.to_string();
        }
        let at = |line: &usize, id: &str| lang.fmt(id, &[("line", &line.to_string())]);
        match self {
            BoardError::Placement { line, text, .. } => lang.fmt(
                "fe-board-placement",
                &[("line", &line.to_string()), ("text", &format!("«{text}»"))],
            ),
            BoardError::Json { line, .. } => at(line, "fe-board-json"),
            BoardError::EmptyRecord { line } => at(line, "fe-board-empty-record"),
            BoardError::ClockSide { line, .. } => at(line, "fe-board-clock-side"),
            BoardError::BadTime { line } => at(line, "fe-board-bad-time"),
            BoardError::TimeBackwards { line, .. } => at(line, "fe-board-time-backwards"),
            BoardError::Event { line, .. } => at(line, "fe-board-event"),
            BoardError::Dgt(_) => lang.msg("fe-board-dgt"),
            BoardError::LiveChess(_) => lang.msg("fe-board-livechess"),
            BoardError::NoStartPosition => lang.msg("fe-board-no-start"),
        }
    }
}

/// Parses and recognises a whole log ([`parse_log`], then [`recognise()`]).
///
/// # Errors
/// Any [`BoardError`].
pub fn read_board_log(text: &str, config: &RecogniserConfig) -> Result<Recognised, BoardError> {
    recognise(&parse_log(text)?, config)
}
