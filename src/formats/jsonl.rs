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

use crate::game::event::{Event, EventLog};

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
    /// A move with a number of hands other than 1 or 2 (Laws 4.1, CR 3.7).
    #[error("line {line}: \"hands\": {hands} — a move is made with 1 or 2 hands")]
    Hands {
        /// 1-based line.
        line: usize,
        /// The number given.
        hands: u8,
    },
}

/// Parses one line; `Ok(None)` for a blank or comment line.
///
/// # Errors
/// [`JsonlError::Event`] when the line is not an event; [`JsonlError::Hands`] for a move made
/// with other than 1 or 2 hands.
pub fn parse_line(line: &str, line_no: usize) -> Result<Option<Event>, JsonlError> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let event: Event = serde_json::from_str(t).map_err(|source| JsonlError::Event {
        line: line_no,
        source,
    })?;
    // A move is made with one hand or two (Laws 4.1, CR 3.7): nothing else is a move.
    if let Event::Move(m) = &event
        && let Some(hands) = m.hands.filter(|h| !(1..=2).contains(h))
    {
        return Err(JsonlError::Hands {
            line: line_no,
            hands,
        });
    }
    Ok(Some(event))
}

/// Reads a whole event log and splits it into games at each `header` event.
///
/// # Errors
/// The first unreadable line ([`JsonlError`]).
pub fn read_games(input: impl BufRead) -> Result<Vec<EventLog>, JsonlError> {
    read_each_game(input).collect()
}

/// Streams the games of an event log one at a time, split at each `header` event. A line that
/// is not an event spoils only the game it is in: that game is an `Err` naming the first bad
/// line, and reading goes on with the next `header`. An I/O error ends the stream.
///
/// ```
/// use arbiter::formats::jsonl::read_each_game;
///
/// let log = "{\"type\":\"header\"}\n{\"type\":\"mvoe\"}\n{\"type\":\"header\"}\n{\"type\":\"move\",\"san\":\"d4\"}\n";
/// let games: Vec<_> = read_each_game(log.as_bytes()).collect();
/// assert_eq!(games.len(), 2);
/// assert!(games[0].is_err());
/// assert_eq!(games[1].as_ref().unwrap().lines, vec![3, 4]);
/// ```
pub fn read_each_game<R: BufRead>(input: R) -> JsonlGames<R> {
    JsonlGames {
        lines: input.lines().enumerate(),
        next_header: None,
        done: false,
    }
}

/// The iterator of [`read_each_game`].
#[derive(Debug)]
pub struct JsonlGames<R> {
    lines: std::iter::Enumerate<io::Lines<R>>,
    /// The header that ended the previous game, with its line.
    next_header: Option<(Event, usize)>,
    done: bool,
}

impl<R: BufRead> Iterator for JsonlGames<R> {
    type Item = Result<EventLog, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut current = EventLog::default();
        let mut spoiled: Option<JsonlError> = None;
        if let Some((header, line_no)) = self.next_header.take() {
            current.events.push(header);
            current.lines.push(line_no);
        }
        for (i, line) in self.lines.by_ref() {
            let line_no = i + 1;
            let line = match line {
                Ok(l) => l,
                Err(source) => {
                    self.done = true;
                    return Some(Err(spoiled.unwrap_or(JsonlError::Io {
                        line: line_no,
                        source,
                    })));
                }
            };
            match parse_line(&line, line_no) {
                Ok(None) => {}
                Ok(Some(event)) => {
                    let started = !current.events.is_empty() || spoiled.is_some();
                    if matches!(event, Event::Header(_)) && started {
                        self.next_header = Some((event, line_no));
                        return Some(spoiled.map_or(Ok(current), Err));
                    }
                    current.events.push(event);
                    current.lines.push(line_no);
                }
                Err(e) => {
                    spoiled.get_or_insert(e);
                }
            }
        }
        self.done = true;
        match spoiled {
            Some(e) => Some(Err(e)),
            None if current.events.is_empty() => None,
            None => Some(Ok(current)),
        }
    }
}

/// Writes events as JSON Lines: one compact JSON object per event, each followed by `\n`, in
/// the schema [`read_games`] reads back (README, "The event log (JSON Lines)").
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
    fn seven_hands_is_an_error() {
        let log = "{\"type\":\"move\",\"uci\":\"e2e4\",\"hands\":7}\n";
        match read_games(log.as_bytes()) {
            Err(JsonlError::Hands { line: 1, hands: 7 }) => {}
            other => panic!("expected a hands error, got {other:?}"),
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
