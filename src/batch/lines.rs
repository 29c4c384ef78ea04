//! The line protocol of `arbiter replay`, for line-oriented engines (Spark's `RDD.pipe`,
//! Hadoop Streaming): one game per line as a JSON object, and one verdict per line back.
//!
//! A game line (`replay --emit-lines`, [`cut_games`] and [`GameLine`]) has the keys `file`
//! (the input's name), `index` (the game's number in it, from 1), `offset` (where the game
//! starts in the decompressed input, in bytes), `last` (true for the input's last game, whose
//! missing termination marker means a truncated input) and `pgn`, the game's whole PGN text as
//! written; a game whose text is not UTF-8 has `pgn_latin1` instead (each byte one character
//! U+0000–U+00FF), so that the judge sees exactly the original bytes. `offset` and `last` are
//! optional on input (0 and false), so `{"file", "index", "pgn"}` is a whole line.
//!
//! A verdict line ([`judge_line`]) is the row `replay --format jsonl` writes for the same game,
//! with the `file` and `index` the line carried. A line that holds no game (empty, not JSON,
//! not UTF-8, a key missing, no game in `pgn`) gives an error row of kind `bad_line`
//! ([`GameError::BadLine`]) with the line number: never a lost line.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::split::Chunk;
use super::{Event, GameError, GameReport, Headers, Item, Outcome, judge_chunk};
use crate::formats::pgn::PgnReader;
use crate::game::rules::CompetitionRules;

/// One game's text cut from a chunk: the bytes from where it starts to where the next game
/// starts (or the chunk ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// Byte offset of the game's first byte in the decompressed input.
    pub offset: u64,
    /// True for the input's last game.
    pub last: bool,
    /// The game's PGN text, as written.
    pub bytes: Vec<u8>,
}

/// Cuts `chunk` into its games' texts, one per game the replay reports for it (also one per
/// unreadable stretch, as [`judge_chunk`] reports them), in order; judging each text alone
/// (as a chunk at its offset) gives the report the whole chunk gives for that game.
pub fn cut_games(chunk: &Chunk) -> Vec<GameText> {
    let mut starts = Vec::new();
    let mut reader = PgnReader::new(&chunk.bytes[..]);
    // The same loop and bound as `judge_chunk`, so that the count of games is the same.
    let mut errors_left = chunk.bytes.len() + 1;
    loop {
        match reader.read_game() {
            Ok(Some(game)) => starts.push(game.offset),
            Ok(None) => break,
            Err(e) => {
                starts.push(e.offset);
                errors_left -= 1;
                if errors_left == 0 {
                    break;
                }
            }
        }
    }
    let len = chunk.bytes.len();
    let mut out = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let end = starts
            .get(i + 1)
            .and_then(|&e| usize::try_from(e).ok())
            .unwrap_or(len);
        let start_at = usize::try_from(start).unwrap_or(len).min(end);
        out.push(GameText {
            offset: chunk.offset + start,
            last: chunk.last && i + 1 == starts.len(),
            bytes: chunk.bytes.get(start_at..end).unwrap_or_default().to_vec(),
        });
    }
    out
}

/// A game line as written by `--emit-lines`.
#[derive(Serialize)]
struct GameLineOut<'a> {
    file: &'a str,
    index: u64,
    offset: u64,
    last: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pgn: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pgn_latin1: Option<String>,
}

/// Writes the game line of game `index` of `file` into `out`, newline included.
///
/// # Errors
/// The output's I/O error.
pub fn write_game_line<W: std::io::Write>(
    out: &mut W,
    file: &str,
    index: u64,
    game: &GameText,
) -> std::io::Result<()> {
    let (pgn, pgn_latin1) = match std::str::from_utf8(&game.bytes) {
        Ok(text) => (Some(text), None),
        Err(_) => (
            None,
            Some(game.bytes.iter().map(|&b| char::from(b)).collect()),
        ),
    };
    let line = GameLineOut {
        file,
        index,
        offset: game.offset,
        last: game.last,
        pgn,
        pgn_latin1,
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

/// A game line as read by `--input lines`: see the module documentation for the keys.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct GameLine {
    /// The input the game came from.
    pub file: String,
    /// The game's number in that input, from 1.
    pub index: u64,
    /// Where the game starts in the decompressed input, in bytes (default 0).
    #[serde(default)]
    pub offset: u64,
    /// True for the input's last game (default false).
    #[serde(default)]
    pub last: bool,
    /// The game's PGN text.
    #[serde(default)]
    pub pgn: Option<String>,
    /// The game's PGN text, one character per byte, when it is not UTF-8.
    #[serde(default)]
    pub pgn_latin1: Option<String>,
}

/// The `file` and `index` a game line names, read without its game (so a resumed run can skip
/// it without judging); `None` for a line that is not a game line.
pub fn line_place(line: &[u8]) -> Option<(String, u64)> {
    #[derive(Deserialize)]
    struct Place {
        file: String,
        index: u64,
    }
    let place: Place = serde_json::from_slice(line).ok()?;
    Some((place.file, place.index))
}

/// Judges the game of one line under `rules`: the event `replay` reports for that game (its
/// `file` and `index` from the line), or for a line that holds no game an error of kind
/// `bad_line` naming `line_number` (from 1) and what was wrong; its `file` is then the line's
/// if it has one, else `input` (the name of what the lines came from), and its `index` the
/// line's, else 0. `line` may end in `\n` or `\r\n`.
pub fn judge_line(line: &[u8], line_number: u64, input: &str, rules: CompetitionRules) -> Item {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let bad = |file: Option<&str>, index: Option<u64>, message: String| Event::Game {
        file: Arc::from(file.unwrap_or(input)),
        index: index.unwrap_or(0),
        item: GameReport {
            offset: 0,
            plies_recorded: 0,
            headers: Headers::default(),
            outcome: Outcome::Error(GameError::BadLine {
                line: line_number,
                message,
            }),
        },
    };
    if line.iter().all(u8::is_ascii_whitespace) {
        return bad(None, None, "empty line, no game".to_owned());
    }
    let parsed: GameLine = match serde_json::from_slice(line) {
        Ok(parsed) => parsed,
        Err(e) => {
            // Keep the game's place when the line names it.
            let value: Option<serde_json::Value> = serde_json::from_slice(line).ok();
            let file = value.as_ref().and_then(|v| v.get("file")?.as_str());
            let index = value.as_ref().and_then(|v| v.get("index")?.as_u64());
            let what = if std::str::from_utf8(line).is_err() {
                "not UTF-8"
            } else {
                "not a game line"
            };
            return bad(file, index, format!("{what}: {e}"));
        }
    };
    let bytes = match (parsed.pgn, parsed.pgn_latin1) {
        (Some(text), _) => text.into_bytes(),
        (None, Some(latin1)) => match latin1
            .chars()
            .map(|c| u8::try_from(c).ok())
            .collect::<Option<Vec<u8>>>()
        {
            Some(bytes) => bytes,
            None => {
                return bad(
                    Some(&parsed.file),
                    Some(parsed.index),
                    "`pgn_latin1` holds a character past U+00FF".to_owned(),
                );
            }
        },
        (None, None) => {
            return bad(
                Some(&parsed.file),
                Some(parsed.index),
                "missing field `pgn`".to_owned(),
            );
        }
    };
    let chunk = Chunk {
        bytes,
        offset: parsed.offset,
        last: parsed.last,
    };
    let mut reports = judge_chunk(&chunk, rules);
    if reports.len() != 1 {
        let message = if reports.is_empty() {
            "`pgn` holds no game".to_owned()
        } else {
            format!("`pgn` holds {} games; one game per line", reports.len())
        };
        return bad(Some(&parsed.file), Some(parsed.index), message);
    }
    let Some(report) = reports.pop() else {
        return bad(Some(&parsed.file), Some(parsed.index), String::new());
    };
    Event::Game {
        file: Arc::from(parsed.file),
        index: parsed.index,
        item: report,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_error(item: &Item) -> Option<&GameError> {
        match item {
            Event::Game {
                item:
                    GameReport {
                        outcome: Outcome::Error(e),
                        ..
                    },
                ..
            } => Some(e),
            _ => None,
        }
    }

    #[test]
    fn cut_games_cuts_where_games_start() {
        let text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n".to_vec();
        let chunk = Chunk {
            bytes: text.clone(),
            offset: 100,
            last: true,
        };
        let games = cut_games(&chunk);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].offset, 100);
        assert!(!games[0].last && games[1].last);
        let joined: Vec<u8> = games.iter().flat_map(|g| g.bytes.clone()).collect();
        assert_eq!(joined, text);
    }

    #[test]
    fn bad_lines_say_what_and_where() {
        let rules = CompetitionRules::default();
        for (line, want) in [
            (&b"\r\n"[..], "empty line"),
            (b"not json", "not a game line"),
            (b"{\"file\":\"f\",\"index\":3}", "missing field `pgn`"),
            (
                b"{\"file\":\"f\",\"index\":3,\"pgn\":\"\"}",
                "holds no game",
            ),
            (
                b"{\"file\":\"f\xff\",\"index\":3,\"pgn\":\"\"}",
                "not UTF-8",
            ),
        ] {
            let item = judge_line(line, 7, "-", rules);
            let e = game_error(&item).expect("an error row");
            let text = e.to_string();
            assert!(text.contains(want) && text.contains("line 7"), "{text}");
        }
    }
}
