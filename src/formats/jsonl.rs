//! The JSON Lines event log: one [`Event`] per line (README, "The event log (JSON Lines)").
//! Blank lines and lines starting with `#` are comments (so fixtures can say what they show).
//! A `header` event starts a new game; events before the first header form a game from the
//! standard start position.
//!
//! ```
//! use arbiter::formats::jsonl::read_games;
//!
//! let log = "# two games\n{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"header\",\"white\":\"A\"}\n{\"type\":\"move\",\"san\":\"d4\"}\n";
//! let games = read_games(log.as_bytes()).unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].events.len(), 2);
//! assert_eq!(games[1].lines, vec![3, 4]);
//! ```
//!
//! (Owned by the judge work, issue 2.)

use std::io::{self, BufRead};

use crate::game::event::Event;

/// One game of an event log, with the 1-based line number of every event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JsonlGame {
    /// The events in order (a header first, when the log has one).
    pub events: Vec<Event>,
    /// `lines[i]` is the line of `events[i]`.
    pub lines: Vec<usize>,
}

/// An event log that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum JsonlError {
    /// An I/O error.
    #[error("line {line}: {source}")]
    Io {
        /// 1-based line being read.
        line: usize,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// A line that is not a valid event.
    #[error("line {line}: not a valid event: {source}")]
    Event {
        /// 1-based line.
        line: usize,
        /// serde's explanation (unknown type, missing or unknown field…).
        #[source]
        source: serde_json::Error,
    },
}

/// Parses one line; `Ok(None)` for a blank or comment line.
///
/// # Errors
/// [`JsonlError::Event`] when the line is not an event.
pub fn parse_line(line: &str, line_no: usize) -> Result<Option<Event>, JsonlError> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    serde_json::from_str(t)
        .map(Some)
        .map_err(|source| JsonlError::Event {
            line: line_no,
            source,
        })
}

/// Reads a whole event log and splits it into games at each `header` event.
///
/// # Errors
/// The first unreadable line ([`JsonlError`]).
pub fn read_games(input: impl BufRead) -> Result<Vec<JsonlGame>, JsonlError> {
    let mut games: Vec<JsonlGame> = Vec::new();
    let mut current = JsonlGame::default();
    for (i, line) in input.lines().enumerate() {
        let line_no = i + 1;
        let line = line.map_err(|source| JsonlError::Io {
            line: line_no,
            source,
        })?;
        let Some(event) = parse_line(&line, line_no)? else {
            continue;
        };
        if matches!(event, Event::Header(_)) && !current.events.is_empty() {
            games.push(std::mem::take(&mut current));
        }
        current.events.push(event);
        current.lines.push(line_no);
    }
    if !current.events.is_empty() {
        games.push(current);
    }
    Ok(games)
}

/// Writes events as JSON Lines.
///
/// # Errors
/// I/O errors of `out`.
pub fn write_events(out: &mut impl io::Write, events: &[Event]) -> io::Result<()> {
    for e in events {
        serde_json::to_writer(&mut *out, e)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_line_is_reported_with_its_number() {
        let log = "{\"type\":\"move\",\"uci\":\"e2e4\"}\n\n{\"type\":\"mvoe\"}\n";
        match read_games(log.as_bytes()) {
            Err(JsonlError::Event { line, .. }) => assert_eq!(line, 3),
            other => panic!("expected a line-3 error, got {other:?}"),
        }
    }

    #[test]
    fn round_trip() {
        let log = "{\"type\":\"header\",\"white\":\"A\",\"rules\":\"fide\"}\n{\"type\":\"move\",\"uci\":\"e2e4\",\"hands\":2}\n{\"type\":\"claim\",\"by\":\"black\",\"claim\":\"two_handed\"}\n";
        let games = read_games(log.as_bytes()).unwrap();
        let mut out = Vec::new();
        write_events(&mut out, &games[0].events).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), log);
    }
}
