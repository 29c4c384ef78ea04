//! The JSON Lines event log: one [`Event`] per line (docs/formats/event-log.md).
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

use std::io::{self, BufRead};

use crate::formats::limits::{self, Limit, LimitExceeded, ReadLimits};
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
    #[error(
        "line {line}: not a valid event: {}",
        describe_event_error(text, source)
    )]
    Event {
        /// 1-based line.
        line: usize,
        /// The line as read (trimmed), to name the field at fault.
        text: String,
        /// serde's explanation (unknown type, missing or unknown field…); the `Display` words
        /// it for people (the field named, no Rust type names, no serde positions).
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
        text: t.to_owned(),
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

/// serde's reason for refusing an event line, for people: the field at fault named (found as
/// the first field whose removal changes serde's complaint, since an internally tagged event
/// loses serde's path), Rust type names replaced by words, and serde's "at line 1 column 37"
/// dropped (a syntax error keeps its column, as "column 37").
fn describe_event_error(text: &str, error: &serde_json::Error) -> String {
    let full = error.to_string();
    // serde_json appends " at line L column C" when it knows the position.
    let (reason, column) = match full.rfind(" at line ") {
        Some(at) => {
            let column = full
                .get(at..)
                .and_then(|tail| tail.rsplit(' ').next())
                .map(str::to_owned);
            (full.get(..at).unwrap_or_default().to_owned(), column)
        }
        None => (full.clone(), None),
    };
    let mut reason = reason;
    for (rust, words) in [
        ("expected u8", "expected a whole number"),
        ("expected u16", "expected a whole number"),
        ("expected u32", "expected a whole number"),
        ("expected u64", "expected a whole number"),
        ("expected usize", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
        (
            "expected internally tagged enum Event",
            "expected an event object",
        ),
    ] {
        reason = reason.replace(rust, words);
    }
    if error.is_syntax() || error.is_eof() {
        return match column {
            Some(c) => format!("not JSON: {reason} (column {c})"),
            None => format!("not JSON: {reason}"),
        };
    }
    match field_at_fault(text, &full) {
        Some(field) if !reason.contains(&format!("`{field}`")) => {
            format!("\"{field}\": {reason}")
        }
        _ => reason,
    }
}

/// The first field of the event object `text` without which serde's complaint changes.
fn field_at_fault(text: &str, complaint: &str) -> Option<String> {
    let serde_json::Value::Object(map) = serde_json::from_str::<serde_json::Value>(text).ok()?
    else {
        return None;
    };
    // Each field is tried by parsing the object again without it: an event has a dozen fields;
    // a line of thousands is no event, and naming its field would take their square.
    if map.len() > 64 {
        return None;
    }
    map.keys()
        .filter(|k| k.as_str() != "type")
        .find(|key| {
            let mut without = map.clone();
            without.remove(key.as_str());
            serde_json::from_value::<Event>(serde_json::Value::Object(without))
                .err()
                .is_none_or(|e| e.to_string() != complaint)
        })
        .cloned()
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
    read_each_game_within(input, ReadLimits::default())
}

/// As [`read_each_game`], within `limits`: a line longer than [`ReadLimits::line_bytes`], a
/// game's lines longer than [`ReadLimits::game_bytes`] in all, or a game of more moves than
/// [`ReadLimits::plies`] ends the stream with a [`JsonlError::Io`] that carries the
/// [`LimitExceeded`].
pub fn read_each_game_within<R: BufRead>(input: R, limits: ReadLimits) -> JsonlGames<R> {
    JsonlGames {
        input,
        line_no: 0,
        limits,
        next_header: None,
        done: false,
    }
}

/// The iterator of [`read_each_game`].
#[derive(Debug)]
pub struct JsonlGames<R> {
    input: R,
    /// The number of lines read.
    line_no: usize,
    limits: ReadLimits,
    /// The header that ended the previous game, with its line.
    next_header: Option<(Event, usize)>,
    done: bool,
}

impl<R: BufRead> JsonlGames<R> {
    /// The next line as text, `None` at the end of the input; its number is `line_no`.
    fn next_line(&mut self) -> Option<io::Result<String>> {
        self.line_no += 1;
        let mut line = Vec::new();
        match limits::read_line(&mut self.input, &mut line, self.limits.line_bytes) {
            Ok(false) => None,
            Ok(true) => Some(String::from_utf8(line).map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })),
            Err(e) => Some(Err(e)),
        }
    }
}

impl JsonlError {
    /// True when reading stopped at one of the [`ReadLimits`].
    pub fn is_limit(&self) -> bool {
        matches!(self, JsonlError::Io { source, .. } if LimitExceeded::of_io(source).is_some())
    }
}

impl<R: BufRead> Iterator for JsonlGames<R> {
    type Item = Result<EventLog, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut current = EventLog::default();
        let mut spoiled: Option<JsonlError> = None;
        // The game's bytes and moves so far, against its limits.
        let (mut bytes, mut moves) = (0u64, 0usize);
        if let Some((header, line_no)) = self.next_header.take() {
            current.events.push(header);
            current.lines.push(line_no);
        }
        let limits = self.limits;
        while let Some(line) = self.next_line() {
            let line_no = self.line_no;
            let line = line.and_then(|l| {
                bytes += l.len() as u64 + 1;
                if bytes > limits.game_bytes {
                    return Err(LimitExceeded {
                        limit: Limit::Game,
                        value: limits.game_bytes,
                    }
                    .into_io());
                }
                Ok(l)
            });
            let line = match line {
                Ok(l) => l,
                Err(source) => {
                    self.done = true;
                    // A limit is said whatever else was wrong before it: it is why reading stops.
                    let at = JsonlError::Io {
                        line: line_no,
                        source,
                    };
                    return Some(Err(match spoiled {
                        Some(e) if !at.is_limit() => e,
                        _ => at,
                    }));
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
                    if matches!(event, Event::Move(_)) {
                        moves += 1;
                        if moves > limits.plies {
                            self.done = true;
                            return Some(Err(JsonlError::Io {
                                line: line_no,
                                source: LimitExceeded {
                                    limit: Limit::Plies,
                                    value: limits.plies as u64,
                                }
                                .into_io(),
                            }));
                        }
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
/// the schema [`read_games`] reads back (docs/formats/event-log.md).
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
    fn round_and_board_are_numbers_or_strings() {
        let log = "{\"type\":\"header\",\"round\":3,\"board\":\"12\"}\n";
        let games = read_games(log.as_bytes()).unwrap();
        match &games[0].events[0] {
            Event::Header(h) => {
                assert_eq!(h.round.as_deref(), Some("3"));
                assert_eq!(h.board.as_deref(), Some("12"));
            }
            other => panic!("{other:?}"),
        }
    }

    /// Each refused line names the field and what was expected, in words: no Rust type name
    /// (`u8`), no serde position ("at line 1 column 37").
    #[test]
    fn errors_name_the_field_and_what_was_expected() {
        for (line, said) in [
            (
                "{\"type\":\"header\",\"round\":[1]}",
                "line 1: not a valid event: \"round\": expected a string or a number",
            ),
            (
                "{\"type\":\"move\",\"uci\":\"e2e4\",\"hands\":\"two\"}",
                "line 1: not a valid event: \"hands\": invalid type: string \"two\", expected a \
                 whole number",
            ),
            (
                "{\"type\":\"resign\",\"by\":\"green\"}",
                "line 1: not a valid event: \"by\": unknown variant `green`, expected `white` or \
                 `black`",
            ),
            (
                "{\"type\":\"move\",\"uci\":5}",
                "line 1: not a valid event: \"uci\": invalid type: integer `5`, expected a string",
            ),
            (
                "{\"type\":\"move\", uci:\"e2e4\"}",
                "line 1: not a valid event: not JSON: key must be a string (column 17)",
            ),
        ] {
            let e = read_games(line.as_bytes()).unwrap_err().to_string();
            assert_eq!(e, said);
            assert!(!e.contains(" at line "), "{e}");
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
