//! DGT LiveChess 2's local WebSocket API (`ws://localhost:1982/api/v1.0`), read from a
//! transcript of its frames, one JSON frame a line, or from a live link frame by frame.
//!
//! A request is `{"id": N, "call": NAME, "param": …}`, an answer
//! `{"response": "call" | "feed" | "error", "id": N, "param": …, "time": …}`. The feed
//! `eboardevent` (after `subscribe`) sends for one board: `serialnr`, `flipped`, `board` (the FEN
//! piece placement, omitted when unchanged), `clock` (`white`, `black` in seconds; `run`: true
//! while White's clock runs, false for Black's, null when stopped) and, after a `setup`,
//! `start`, `san` (LiveChess's own reading of the moves) and `match`; `time` is the frame's
//! epoch milliseconds. The answer to `eboards` lists the boards with their placements.
//!
//! [`LiveChessDecoder`] turns frames into the recogniser's [`Snapshot`]s: a placement for each
//! `board` that changes what stands, a clock press when `clock.run` changes sides (the player
//! whose clock stops pressed it, Laws 6.2.1), times from `time` in seconds since the first
//! frame, and a gap ([`Reading::Gap`]) where the link subscribed again after a drop.
//! LiveChess's `san` is kept ([`LiveChessDecoder::livechess_san`]) as a second opinion;
//! [`compare_san`] says where our moves differ from it.
//!
//! ```
//! use arbiter::board::livechess::LiveChessDecoder;
//!
//! let mut d = LiveChessDecoder::new();
//! let mut out = Vec::new();
//! d.push_line(r#"{"response":"feed","id":1,"param":{"serialnr":"1","board":"8/8/8/8/8/8/8/8"},"time":5000}"#, 1, &mut out);
//! assert_eq!(out.len(), 1);
//! ```

use std::str::FromStr;

use serde_json::Value;

use crate::game::event::ClockTime;
use shakmaty::{Board, Color};

use super::placement::{Reading, Snapshot};
use super::{RecogniserConfig, StabilityRule};

/// How long a placement of a board that reports only changes (LiveChess sends nothing while
/// the players think) stands before it is read as standing, in milliseconds: longer than a
/// piece slides over a square, short enough that the last move shows within a second. The
/// live room reads its boards again after it, and a transcript is read with it
/// ([`transcript_config`]), so that a capture judges back to the room's moves.
pub const STANDS_MS: u64 = 400;

/// The recogniser's settings for a transcript: `config` with the stability rule's time set to
/// [`STANDS_MS`] when it is the default one (a time the user chose is kept).
pub fn transcript_config(config: &RecogniserConfig) -> RecogniserConfig {
    let mut config = config.clone();
    if config.stability == StabilityRule::default() {
        config.stability.seconds = STANDS_MS as f64 / 1000.0;
    }
    config
}

/// Why a LiveChess frame cannot be read (1-based line of the transcript).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LiveChessError {
    /// The line is not JSON.
    #[error("line {line}: not a JSON frame: {reason}")]
    Json {
        /// The line.
        line: usize,
        /// The JSON parser's reason.
        reason: String,
    },
    /// A `board` that is not a FEN piece placement.
    #[error("line {line}: \"board\" is not a piece placement ({reason}): {text:?}")]
    Board {
        /// The line.
        line: usize,
        /// The text read.
        text: String,
        /// The FEN parser's reason.
        reason: String,
    },
    /// A frame's `time` earlier than the previous frame's.
    #[error("line {line}: time {time} ms is earlier than the previous frame's {previous} ms")]
    TimeBackwards {
        /// The line.
        line: usize,
        /// The time read (epoch ms).
        time: u64,
        /// The previous frame's.
        previous: u64,
    },
    /// The transcript holds no feed frame and no `eboards` answer.
    #[error("no LiveChess board frame in the transcript")]
    NoFrame,
}

impl LiveChessError {
    /// The transcript's line the error is on (0 for [`LiveChessError::NoFrame`]).
    pub fn line(&self) -> usize {
        match self {
            LiveChessError::Json { line, .. }
            | LiveChessError::Board { line, .. }
            | LiveChessError::TimeBackwards { line, .. } => *line,
            LiveChessError::NoFrame => 0,
        }
    }
}

/// The stateful LiveChess reader: push frames as they arrive; it follows one board (the first
/// seen, or the serial number given) and appends [`Snapshot`]s.
#[derive(Debug, Clone, Default)]
pub struct LiveChessDecoder {
    serial: Option<String>,
    board: Option<Board>,
    run: Option<bool>,
    t0: Option<u64>,
    last_time: Option<u64>,
    frames: usize,
    san: Option<Vec<String>>,
    flipped: Option<bool>,
    clock: Option<(f64, f64)>,
    /// The link's `subscribe` call was seen.
    subscribed: bool,
}

impl LiveChessDecoder {
    /// A decoder following the first board it sees.
    pub fn new() -> LiveChessDecoder {
        LiveChessDecoder::default()
    }

    /// A decoder following the board with this serial number only.
    pub fn for_serial(serial: &str) -> LiveChessDecoder {
        LiveChessDecoder {
            serial: Some(serial.to_owned()),
            ..LiveChessDecoder::default()
        }
    }

    /// Reads one frame as text (one line of a transcript, or one WebSocket text message).
    /// Blank lines and `#` comments are skipped.
    pub fn push_line(
        &mut self,
        text: &str,
        line: usize,
        out: &mut Vec<Result<Snapshot, LiveChessError>>,
    ) {
        let text = text.trim_start_matches('\u{feff}').trim();
        if text.is_empty() || text.starts_with('#') {
            return;
        }
        match serde_json::from_str::<Value>(text) {
            Ok(v) => self.push_frame(&v, line, out),
            Err(e) => out.push(Err(LiveChessError::Json {
                line,
                reason: e.to_string(),
            })),
        }
    }

    /// Reads one frame. Requests (`call`), errors and frames about other boards are ignored.
    pub fn push_frame(
        &mut self,
        frame: &Value,
        line: usize,
        out: &mut Vec<Result<Snapshot, LiveChessError>>,
    ) {
        let time = frame.get("time").and_then(Value::as_u64);
        // The link subscribing again: it was down meanwhile.
        if frame.get("call").and_then(Value::as_str) == Some("subscribe") {
            if self.subscribed {
                out.push(Ok(Snapshot {
                    line,
                    t: None,
                    reading: Reading::Gap,
                }));
            }
            self.subscribed = true;
            return;
        }
        let param = frame.get("param");
        let boards: Vec<&Value> = match (frame.get("response").and_then(Value::as_str), param) {
            (Some("feed"), Some(p)) if p.is_object() => vec![p],
            // The answer to `eboards`: the boards connected, with their placements.
            (Some("call"), Some(Value::Array(list))) => list.iter().collect(),
            _ => return,
        };
        for p in boards {
            if p.get("board").is_none() && p.get("clock").is_none() {
                continue;
            }
            let serial = p.get("serialnr").and_then(Value::as_str);
            match (&self.serial, serial) {
                (Some(want), Some(s)) if want != s => continue,
                (None, Some(s)) => self.serial = Some(s.to_owned()),
                _ => {}
            }
            if let Some(time) = time {
                if let Some(prev) = self.last_time
                    && time < prev
                {
                    out.push(Err(LiveChessError::TimeBackwards {
                        line,
                        time,
                        previous: prev,
                    }));
                    return;
                }
                self.last_time = Some(time);
                self.t0.get_or_insert(time);
            }
            self.frames += 1;
            let t = match (time, self.t0) {
                (Some(time), Some(t0)) => Some((time - t0) as f64 / 1000.0),
                _ => None,
            };
            if let Some(f) = p.get("flipped").and_then(Value::as_bool) {
                self.flipped = Some(f);
            }
            if let Some(list) = p.get("san").and_then(Value::as_array) {
                self.san = Some(
                    list.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect(),
                );
            }
            if let Some(text) = p.get("board").and_then(Value::as_str) {
                let field = text.split_whitespace().next().unwrap_or("");
                match Board::from_str(field) {
                    Ok(board) => {
                        if self.board.as_ref() != Some(&board) {
                            self.board = Some(board.clone());
                            out.push(Ok(Snapshot {
                                line,
                                t,
                                reading: Reading::Placement(board),
                            }));
                        }
                    }
                    Err(e) => {
                        out.push(Err(LiveChessError::Board {
                            line,
                            text: text.to_owned(),
                            reason: e.to_string(),
                        }));
                        return;
                    }
                }
            }
            if let Some(clock) = p.get("clock").filter(|c| c.is_object()) {
                if let (Some(w), Some(b)) = (
                    clock.get("white").and_then(Value::as_f64),
                    clock.get("black").and_then(Value::as_f64),
                ) {
                    self.clock = Some((w, b));
                }
                let run = clock.get("run").and_then(Value::as_bool);
                if let Some(now) = run {
                    // White's clock stopping (true → false) is White's press, and the reverse.
                    if let Some(before) = self.run
                        && before != now
                    {
                        let presser = if before { Color::White } else { Color::Black };
                        out.push(Ok(Snapshot {
                            line,
                            t,
                            reading: Reading::Clock(presser),
                        }));
                    }
                    self.run = Some(now);
                }
            }
        }
    }

    /// The board's serial number, once seen.
    pub fn serial_number(&self) -> Option<&str> {
        self.serial.as_deref()
    }

    /// LiveChess's own reading of the moves (`san` of the last frame that had it).
    pub fn livechess_san(&self) -> Option<&[String]> {
        self.san.as_deref()
    }

    /// Whether LiveChess says the board is turned round (`flipped`), once seen.
    pub fn flipped(&self) -> Option<bool> {
        self.flipped
    }

    /// The clocks' last times, White's and Black's, in seconds.
    pub fn clock(&self) -> Option<(f64, f64)> {
        self.clock
    }

    /// Whose clock runs (`clock.run`: true White's, false Black's), `None` when stopped or
    /// never said.
    pub fn running(&self) -> Option<Color> {
        self.run
            .map(|white| if white { Color::White } else { Color::Black })
    }

    /// Board frames read so far.
    pub fn frames(&self) -> usize {
        self.frames
    }
}

/// Where our moves and LiveChess's `san` part: the 1-based ply and both readings (`None` where
/// one of them has no move), or `None` when they agree.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SanDifference {
    /// The first ply where they differ, from 1.
    pub ply: usize,
    /// Our move there.
    pub ours: Option<String>,
    /// LiveChess's move there.
    pub livechess: Option<String>,
}

/// The first ply where `ours` and LiveChess's `san` differ (SAN compared without `+`/`#`).
pub fn compare_san(ours: &[String], livechess: &[String]) -> Option<SanDifference> {
    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_owned();
    let n = ours.len().max(livechess.len());
    (0..n)
        .find(|&i| ours.get(i).map(|s| bare(s)) != livechess.get(i).map(|s| bare(s)))
        .map(|i| SanDifference {
            ply: i + 1,
            ours: ours.get(i).cloned(),
            livechess: livechess.get(i).cloned(),
        })
}

/// A whole transcript read into snapshots, with the decoder (serial number, LiveChess's `san`).
///
/// # Errors
/// As [`read_transcript_with_clock`].
pub fn read_transcript(text: &str) -> Result<(Vec<Snapshot>, LiveChessDecoder), LiveChessError> {
    read_transcript_with_clock(text).map(|t| (t.snapshots, t.decoder))
}

/// A transcript as [`read_transcript_with_clock`] reads it.
#[derive(Debug, Clone)]
pub struct Transcript {
    /// The recogniser's snapshots, in order.
    pub snapshots: Vec<Snapshot>,
    /// The decoder after the last frame (serial number, LiveChess's `san`).
    pub decoder: LiveChessDecoder,
    /// The clocks' times: a [`ClockTime`] at each line where `clock.white` or `clock.black`
    /// changes (seconds, rounded down).
    pub clock: Vec<ClockTime>,
    /// Frames left out: a line that is not JSON, or a `board` that is not a piece placement.
    /// A board or a link sending garbage is the link's fault, never a player's: the live room
    /// leaves such frames out the same way (one incident a game), so that its capture judges
    /// back to its moves.
    pub left_out: LeftOut,
}

/// The frames of a transcript left out ([`Transcript::left_out`]): how many, and the first
/// (its line and why), kept in constant room however many there are.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Frames left out.
    pub count: usize,
    /// The first of them.
    pub first: Option<LiveChessError>,
}

impl LeftOut {
    fn push(&mut self, e: LiveChessError) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(e);
        }
    }
}

/// Reads a whole transcript, leaving out the frames that cannot be read
/// ([`Transcript::left_out`]).
///
/// # Errors
/// [`LiveChessError::TimeBackwards`]; the first frame left out when no frame could be read;
/// [`LiveChessError::NoFrame`] for a transcript without any frame.
pub fn read_transcript_with_clock(text: &str) -> Result<Transcript, LiveChessError> {
    let mut d = LiveChessDecoder::new();
    let mut out = Vec::new();
    let mut snaps = Vec::new();
    let mut left_out = LeftOut::default();
    let mut clock: Vec<ClockTime> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        d.push_line(line, i + 1, &mut out);
        for item in out.drain(..) {
            match item {
                Ok(snap) => snaps.push(snap),
                Err(e @ (LiveChessError::Json { .. } | LiveChessError::Board { .. })) => {
                    left_out.push(e);
                }
                Err(e) => return Err(e),
            }
        }
        if let Some((w, b)) = d.clock() {
            // Seconds as LiveChess gives them; a negative or absurd value is no time.
            let secs =
                |s: f64| (s.is_finite() && s >= 0.0).then(|| s.min(f64::from(u32::MAX)) as u32);
            if let (Some(white), Some(black)) = (secs(w), secs(b))
                && clock
                    .last()
                    .is_none_or(|c| (c.white, c.black) != (white, black))
            {
                clock.push(ClockTime {
                    line: i + 1,
                    white,
                    black,
                });
            }
        }
    }
    if snaps.is_empty()
        && let Some(first) = left_out.first
    {
        return Err(first);
    }
    if d.frames() == 0 {
        return Err(LiveChessError::NoFrame);
    }
    Ok(Transcript {
        snapshots: snaps,
        decoder: d,
        clock,
        left_out,
    })
}

/// Content detection for `--input auto`: the first frame (non-blank line) is a LiveChess
/// request (`"call"`) or answer (`"response"`).
pub fn looks_like_livechess(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(first) else {
        return false;
    };
    (map.contains_key("call") && map.contains_key("id"))
        || map
            .get("response")
            .and_then(Value::as_str)
            .is_some_and(|r| matches!(r, "call" | "feed" | "error"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_run_changes_are_presses() {
        let mut d = LiveChessDecoder::new();
        let mut out = Vec::new();
        let frame = |run: &str, time: u64| {
            format!(
                r#"{{"response":"feed","id":1,"param":{{"serialnr":"7","clock":{{"white":60,"black":60,"run":{run}}}}},"time":{time}}}"#
            )
        };
        d.push_line(&frame("null", 1000), 1, &mut out);
        d.push_line(&frame("true", 2000), 2, &mut out);
        d.push_line(&frame("false", 4500), 3, &mut out);
        d.push_line(&frame("true", 6000), 4, &mut out);
        let presses: Vec<(Option<f64>, Reading)> = out
            .into_iter()
            .map(|s| s.unwrap())
            .map(|s| (s.t, s.reading))
            .collect();
        assert_eq!(
            presses,
            [
                (Some(3.5), Reading::Clock(Color::White)),
                (Some(5.0), Reading::Clock(Color::Black))
            ]
        );
    }

    #[test]
    fn san_differences() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(compare_san(&s(&["e4", "e5"]), &s(&["e4", "e5"])), None);
        assert_eq!(compare_san(&s(&["e4", "Qh5+"]), &s(&["e4", "Qh5"])), None);
        assert_eq!(
            compare_san(&s(&["e4"]), &s(&["e4", "e5"])),
            Some(SanDifference {
                ply: 2,
                ours: None,
                livechess: Some("e5".into())
            })
        );
    }

    #[test]
    fn detection_and_errors() {
        assert!(looks_like_livechess("{\"id\":1,\"call\":\"eboards\"}\n"));
        assert!(!looks_like_livechess("{\"type\":\"move\"}\n"));
        assert!(!looks_like_livechess(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        ));
        // Nothing readable: the first frame left out is the error.
        let e =
            read_transcript("{\"response\":\"feed\",\"param\":{\"board\":\"xx\"}}\n{").unwrap_err();
        assert!(matches!(e, LiveChessError::Board { line: 1, .. }), "{e}");
        // A frame of garbage between two positions is left out and named; the move is read.
        let t = read_transcript_with_clock(concat!(
            "{\"response\":\"feed\",\"param\":{\"serialnr\":\"7\",\"board\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"}}\n",
            "{\"response\":\"feed\",\"param\":{\"serialnr\":\"7\",\"board\":\"%%%\"}}\n",
            "not json\n",
            "{\"response\":\"feed\",\"param\":{\"serialnr\":\"7\",\"board\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\"}}\n",
        ))
        .unwrap();
        assert_eq!(t.snapshots.len(), 2);
        assert_eq!(t.left_out.count, 2);
        assert!(
            matches!(
                t.left_out.first,
                Some(LiveChessError::Board { line: 2, .. })
            ),
            "{:?}",
            t.left_out
        );
        assert_eq!(read_transcript("\n").unwrap_err(), LiveChessError::NoFrame);
    }
}
