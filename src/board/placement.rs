//! Reading a digital-board placement log: one snapshot per line.
//!
//! Two line shapes are accepted, detected line by line:
//!
//! - a FEN piece-placement field, e.g. `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR`
//!   (a whole FEN is accepted too; only its first field is read: a board reports no side to
//!   move, castling rights or en-passant square, laws-reference §6);
//! - a JSON object: `{"t": 12.5, "placement": "<placement or FEN>"}` for what stands on the
//!   squares at `t` seconds, or `{"t": 14.0, "clock": "white"}` when White presses the clock
//!   (which completes White's move, Laws 6.2.1). `t` is optional; other keys are ignored.
//! - `{"t": 20.0, "gap": true}`: the board's link was down before this line (what the board
//!   did meanwhile was not seen; the moves are searched for, [`super::recognise`]);
//! - a line of the judge's event log (a JSON object with a `"type"` key: a header, a claim,
//!   an arbiter's notice, a resignation…), written into the log by the arbiter; it is passed
//!   through to the judge in order (see [`crate::game::event`]).
//!
//! Empty lines and lines starting with `#` are comments. Line numbers are 1-based and count
//! every line of the input.

use std::str::FromStr;

use serde::Deserialize;
use shakmaty::{Board, Color};

use super::BoardError;

/// What one line of the log reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The pieces on the squares, as the board's sensors see them (white at the bottom unless
    /// the board is rotated, see [`super::Orientation`]).
    Placement(Board),
    /// The given player pressed the clock, completing his move (Laws 6.2.1).
    Clock(Color),
    /// A judge event written into the log (a JSON object with a `"type"` key), kept as JSON
    /// and read by the judge in order.
    Event(serde_json::Value),
    /// The board's link was down before this line: what the board did meanwhile was not seen
    /// (`{"gap": true}`; a DGT board's dump after a reconnection, LiveChess subscribed again).
    Gap,
}

/// One line of the log: where it was, when (seconds, if the log says), what it reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// 1-based line number in the log.
    pub line: usize,
    /// Time in seconds from any fixed origin, if given (`"t"` in JSON lines).
    pub t: Option<f64>,
    /// The reading.
    pub reading: Reading,
}

#[derive(Deserialize)]
struct JsonSnapshot {
    t: Option<f64>,
    placement: Option<String>,
    clock: Option<String>,
    #[serde(default)]
    gap: bool,
}

fn parse_placement(line: usize, text: &str) -> Result<Board, BoardError> {
    let field = text.split_whitespace().next().unwrap_or("");
    Board::from_str(field).map_err(|e| BoardError::Placement {
        line,
        text: text.to_owned(),
        reason: e.to_string(),
    })
}

/// Parses one line (`line` is its 1-based number). `Ok(None)` for blank and `#` comment lines.
///
/// # Errors
/// [`BoardError::Placement`] for a field that is not a FEN placement, [`BoardError::Json`]
/// for malformed JSON, [`BoardError::EmptyRecord`] / [`BoardError::ClockSide`] /
/// [`BoardError::BadTime`] for a JSON record without a usable reading or time.
pub fn parse_line(line: usize, text: &str) -> Result<Option<Snapshot>, BoardError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    if !text.starts_with('{') {
        let board = parse_placement(line, text)?;
        return Ok(Some(Snapshot {
            line,
            t: None,
            reading: Reading::Placement(board),
        }));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|source| BoardError::Json { line, source })?;
    if value.get("type").is_some() {
        return Ok(Some(Snapshot {
            line,
            t: None,
            reading: Reading::Event(value),
        }));
    }
    let record: JsonSnapshot =
        serde_json::from_value(value).map_err(|source| BoardError::Json { line, source })?;
    if let Some(t) = record.t
        && !t.is_finite()
    {
        return Err(BoardError::BadTime { line });
    }
    let reading = match (record.placement, record.clock) {
        (None, None) if record.gap => Reading::Gap,
        (Some(p), None) => Reading::Placement(parse_placement(line, &p)?),
        (None, Some(side)) => match side.as_str() {
            "white" => Reading::Clock(Color::White),
            "black" => Reading::Clock(Color::Black),
            _ => return Err(BoardError::ClockSide { line, found: side }),
        },
        _ => return Err(BoardError::EmptyRecord { line }),
    };
    Ok(Some(Snapshot {
        line,
        t: record.t,
        reading,
    }))
}

/// Parses a whole log.
///
/// # Errors
/// The first bad line (see [`parse_line`]), or [`BoardError::TimeBackwards`] when a time is
/// earlier than the previous one.
pub fn parse_log(text: &str) -> Result<Vec<Snapshot>, BoardError> {
    let mut out = Vec::new();
    let mut last_t: Option<f64> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(snap) = parse_line(i + 1, line)? {
            if let (Some(prev), Some(t)) = (last_t, snap.t)
                && t < prev
            {
                return Err(BoardError::TimeBackwards {
                    line: snap.line,
                    t,
                    previous: prev,
                });
            }
            if snap.t.is_some() {
                last_t = snap.t;
            }
            out.push(snap);
        }
    }
    Ok(out)
}

/// Content detection: true when the first non-comment line is a placement (FEN field or
/// whole FEN) or a JSON object with a `"placement"` or `"clock"` key — what `arbiter judge`
/// uses to tell a board log from a PGN file or a JSON Lines event log.
pub fn looks_like_board_log(text: &str) -> bool {
    let Some((i, first)) = text.lines().enumerate().find(|(_, l)| {
        let l = l.trim_start_matches('\u{feff}').trim();
        !l.is_empty() && !l.starts_with('#')
    }) else {
        return false;
    };
    match parse_line(i + 1, first) {
        Ok(Some(Snapshot {
            reading: Reading::Event(e),
            ..
        })) => {
            // A log may open with the arbiter's header: look at the next line too.
            e.get("type").and_then(|t| t.as_str()) == Some("header")
                && text
                    .lines()
                    .enumerate()
                    .skip(i + 1)
                    .find(|(_, l)| {
                        let l = l.trim();
                        !l.is_empty() && !l.starts_with('#')
                    })
                    .is_some_and(|(j, l)| {
                        matches!(
                            parse_line(j + 1, l),
                            Ok(Some(Snapshot {
                                reading: Reading::Placement(_) | Reading::Clock(_),
                                ..
                            }))
                        )
                    })
        }
        Ok(Some(_)) => true,
        _ => false,
    }
}

/// Writes snapshots back as log lines: JSON when any snapshot has a time or is a clock press,
/// bare placements otherwise. `parse_log(&write_log(s))` gives `s` back (line numbers aside).
pub fn write_log(snapshots: &[Snapshot]) -> String {
    let json = snapshots
        .iter()
        .any(|s| s.t.is_some() || !matches!(s.reading, Reading::Placement(_)));
    let mut out = String::new();
    for s in snapshots {
        if json {
            let mut obj = serde_json::Map::new();
            if let Some(t) = s.t {
                obj.insert("t".into(), serde_json::json!((t * 1000.0).round() / 1000.0));
            }
            match &s.reading {
                Reading::Placement(b) => {
                    obj.insert("placement".into(), b.to_string().into());
                }
                Reading::Clock(c) => {
                    obj.insert("clock".into(), c.to_string().into());
                }
                Reading::Event(e) => obj = e.as_object().cloned().unwrap_or_default(),
                Reading::Gap => {
                    obj.insert("gap".into(), true.into());
                }
            }
            out.push_str(&serde_json::Value::Object(obj).to_string());
        } else if let Reading::Placement(b) = &s.reading {
            out.push_str(&b.to_string());
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_field_whole_fen_and_json() {
        let a = parse_line(1, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
        let b = parse_line(
            2,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        let c = parse_line(
            3,
            r#"{"t": 1.5, "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}"#,
        )
        .unwrap()
        .unwrap();
        assert_eq!(a.unwrap().reading, Reading::Placement(Board::new()));
        assert_eq!(b.unwrap().reading, Reading::Placement(Board::new()));
        assert_eq!(c.t, Some(1.5));
        assert_eq!(c.reading, Reading::Placement(Board::new()));
        let d = parse_line(4, r#"{"t": 2, "clock": "black"}"#)
            .unwrap()
            .unwrap();
        assert_eq!(d.reading, Reading::Clock(Color::Black));
        assert_eq!(parse_line(5, "  # comment").unwrap(), None);
    }

    #[test]
    fn errors_carry_line_numbers() {
        let e = parse_log("8/8/8/8/8/8/8/8\nrnbqkbnr/ppp\n").unwrap_err();
        assert!(matches!(e, BoardError::Placement { line: 2, .. }), "{e}");
        let e = parse_log("{\"clock\": \"red\"}").unwrap_err();
        assert!(matches!(e, BoardError::ClockSide { line: 1, .. }), "{e}");
        let e = parse_log("{\"t\": 1}").unwrap_err();
        assert!(matches!(e, BoardError::EmptyRecord { line: 1 }), "{e}");
        let e = parse_log("{\"t\": 5, \"clock\": \"white\"}\n\n{\"t\": 4, \"clock\": \"black\"}")
            .unwrap_err();
        assert!(
            matches!(e, BoardError::TimeBackwards { line: 3, .. }),
            "{e}"
        );
        let e = parse_log("{\"t\": ").unwrap_err();
        assert!(matches!(e, BoardError::Json { line: 1, .. }), "{e}");
    }

    #[test]
    fn detection_by_content() {
        assert!(looks_like_board_log(
            "# a log\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
        ));
        assert!(looks_like_board_log(
            r#"{"t":0,"placement":"8/8/8/8/8/8/8/8"}"#
        ));
        assert!(!looks_like_board_log("[Event \"x\"]\n1. e4 e5"));
        assert!(!looks_like_board_log(r#"{"type":"move","uci":"e2e4"}"#));
        assert!(!looks_like_board_log(
            "{\"type\":\"header\"}\n{\"type\":\"move\",\"uci\":\"e2e4\"}"
        ));
        assert!(looks_like_board_log(
            "{\"type\":\"header\"}\n# c\n{\"t\":0,\"placement\":\"8/8/8/8/8/8/8/8\"}"
        ));
        assert!(!looks_like_board_log(""));
    }

    #[test]
    fn write_then_parse_round_trips() {
        let snaps = vec![
            Snapshot {
                line: 1,
                t: Some(0.0),
                reading: Reading::Placement(Board::new()),
            },
            Snapshot {
                line: 2,
                t: Some(1.25),
                reading: Reading::Clock(Color::White),
            },
        ];
        assert_eq!(parse_log(&write_log(&snaps)).unwrap(), snaps);
    }
}
