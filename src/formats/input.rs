//! The library's one entry for inputs of games: a path or `-` (standard input), plain or
//! compressed, its format recognised (or given), read into its games with where each was found.
//! `arbiter judge`, `arbiter adjudicate FILE` and the replay ([`crate::batch`]) all open their
//! inputs here.
//!
//! - [`open`]: a [`Source`] opened and decompressed into a text stream (the replay reads
//!   it in chunks);
//! - [`GameInput`]: a source opened, its [`GameFormat`] detected or given, iterated as
//!   [`LocatedGame`]s (file, game number, line or byte offset) or [`GameReadError`]s;
//! - [`GameRecord::judge`]: a game read judged under the competition rules.
//!
//! A digital board's placement log is recognised and returned as text
//! ([`GameRecord::BoardLog`]): turning placements into moves is [`crate::board`]'s work, a layer
//! above this one, so the caller passes its test for such logs (`board::looks_like_board_log`)
//! and recognises the moves itself (`board::read_board_game`).
//!
//! The compression is recognised by its magic bytes (zstd `28 B5 2F FD`, gzip `1F 8B`,
//! bzip2 `BZh`), so a compressed stream on stdin or a file with a misleading name is still
//! read; the extension (`.zst`, `.gz`, `.bz2`) is checked against them, and a file named
//! `x.pgn.gz` that does not start like gzip is an error rather than a silent misreading.
//! Multi-member gzip and multi-stream bzip2 (as written by `pigz`/`pbzip2`) are read whole.

use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

pub use crate::formats::game_files::{GameFiles, game_files_under};
mod open;
use crate::formats::jsonl::JsonlError;
use crate::formats::limits::{Limit, LimitExceeded, ReadLimits};
use crate::formats::pgn::{PgnError, PgnGame, PgnReader};
use crate::game::event::EventLog;
use open::open_raw;
pub use open::{Compression, CountingReader, Opened, open, open_within};

/// One input named on the command line: a path, or standard input (`-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// `-` is standard input, anything else a path.
    pub fn from_arg(arg: &Path) -> Source {
        if arg.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::File(arg.to_path_buf())
        }
    }

    /// The name used in reports: the path as given, or `-` for standard input.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The whole input as bytes, as stored (not decompressed): for the small files read at once
    /// (TRF, verdict JSON). The one place that reads standard input for `-` besides [`open`].
    ///
    /// # Errors
    /// The operating system's reason.
    pub fn read_bytes(&self) -> io::Result<Vec<u8>> {
        match self {
            Source::Stdin => {
                let mut buf = Vec::new();
                io::stdin().read_to_end(&mut buf)?;
                Ok(buf)
            }
            Source::File(p) => std::fs::read(p),
        }
    }

    /// Size of the (possibly compressed) input in bytes when known (files), for progress.
    pub fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        }
    }
}

/// Why an input could not be opened or read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file could not be opened.
    #[error("{file}: cannot open: {source}")]
    Open {
        /// The input's name.
        file: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// Reading (or decompressing) failed after `offset` bytes of decompressed text.
    #[error("{file}: read error after {offset} bytes: {source}")]
    Read {
        /// The input's name.
        file: String,
        /// Decompressed bytes successfully read before the failure.
        offset: u64,
        /// The reason (I/O error, corrupt or truncated compressed data).
        source: io::Error,
    },
    /// The name promises a compression the content does not have.
    #[error("{file}: named as {expected} but the content is {found}")]
    CompressionMismatch {
        /// The input's name.
        file: String,
        /// Compression announced by the extension.
        expected: Compression,
        /// Compression recognised from the magic bytes.
        found: Compression,
    },
    /// The decompressor could not be set up.
    #[error("{file}: cannot start the {compression} decoder: {source}")]
    Decoder {
        /// The input's name.
        file: String,
        /// The compression.
        compression: Compression,
        /// The decoder's reason.
        source: io::Error,
    },
    /// The (decompressed) content is not text: a NUL byte at `offset`.
    #[error("{file}: not a PGN file: binary data (NUL byte) at byte {offset}")]
    Binary {
        /// The input's name.
        file: String,
        /// Offset of the first NUL byte in the decompressed stream.
        offset: u64,
    },
}

impl InputError {
    /// The input's name.
    pub fn file(&self) -> &str {
        match self {
            InputError::Open { file, .. }
            | InputError::Read { file, .. }
            | InputError::CompressionMismatch { file, .. }
            | InputError::Decoder { file, .. }
            | InputError::Binary { file, .. } => file,
        }
    }
}

/// The kinds of game input the crate reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameFormat {
    /// A JSON Lines event log (docs/formats/event-log.md), one game or several.
    Jsonl,
    /// PGN, one game or many.
    Pgn,
    /// A digital board's placement log: one game, recognised by [`crate::board`].
    BoardLog,
    /// A DGT e-Board capture (raw bytes, base64 lines, or timed JSON Lines): one game,
    /// decoded by `board::dgt`.
    DgtCapture,
    /// A transcript of DGT LiveChess 2's WebSocket frames: one game, read by
    /// `board::livechess`.
    LiveChess,
}

impl GameFormat {
    /// The format of an input from its path and its first bytes: a board log when
    /// `is_board_log` says so of the text (board recognition lives above this layer), else by
    /// extension (`.jsonl`, `.ndjson` → JSONL, `.pgn` → PGN), else by the first non-blank
    /// character (`{` or `#` → JSONL, anything else PGN; a byte-order mark is skipped).
    pub fn detect(path: Option<&Path>, head: &[u8], is_board_log: impl Fn(&str) -> bool) -> Self {
        let text = std::str::from_utf8(head).unwrap_or_else(|e| {
            std::str::from_utf8(head.get(..e.valid_up_to()).unwrap_or_default()).unwrap_or_default()
        });
        GameFormat::detect_with(path, head, |_| {
            is_board_log(text).then_some(GameFormat::BoardLog)
        })
    }

    /// As [`GameFormat::detect`], with the caller's detector of board inputs, which sees the
    /// first bytes and names the board format they are in (`board::detect_board_input`: a
    /// placement log, a DGT capture, a LiveChess transcript), if any.
    pub fn detect_with(
        path: Option<&Path>,
        head: &[u8],
        board: impl Fn(&[u8]) -> Option<GameFormat>,
    ) -> Self {
        if let Some(format) = board(head) {
            return format;
        }
        match path.and_then(Path::extension).and_then(|e| e.to_str()) {
            Some("jsonl" | "ndjson") => return GameFormat::Jsonl,
            Some("pgn") => return GameFormat::Pgn,
            _ => {}
        }
        let first = head
            .iter()
            .copied()
            .find(|b| !b.is_ascii_whitespace() && *b != 0xef && *b != 0xbb && *b != 0xbf);
        match first {
            Some(b'{') | Some(b'#') => GameFormat::Jsonl,
            _ => GameFormat::Pgn,
        }
    }
}

/// Where a game was found in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// 1-based line of the game's first event (event logs, board logs).
    Line(usize),
    /// Byte offset of the game's first byte in the decompressed text (PGN).
    Byte(u64),
}

/// One game as read from its input, not yet judged.
#[derive(Clone, Debug, PartialEq)]
pub enum GameRecord {
    /// The events of an event log, with their lines.
    Events(EventLog),
    /// A PGN game.
    Pgn(PgnGame),
    /// A digital board's placement log, whole (see the module docs).
    BoardLog(String),
    /// A DGT e-Board capture, whole, as bytes.
    DgtCapture(Vec<u8>),
    /// A LiveChess transcript, whole.
    LiveChess(String),
}

/// A game and where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct LocatedGame {
    /// The input's name (the path as given, `-` for standard input).
    pub file: String,
    /// The game's number in its input, from 1.
    pub index: usize,
    /// Where in the input the game starts.
    pub location: Location,
    /// The game.
    pub record: GameRecord,
}

/// A game of an input that could not be read; reading goes on with the next game where the
/// format allows it.
#[derive(Debug, thiserror::Error)]
pub enum GameReadError {
    /// An unreadable PGN game (its number and byte offset are in the error).
    #[error("{file}: {source}")]
    Pgn {
        /// The input's name.
        file: String,
        /// The game's number in its input, from 1.
        index: usize,
        /// The reader's error.
        source: PgnError,
    },
    /// An unreadable event-log game (its line is in the error).
    #[error("{file}:{}: game {index}: {source}", source.line())]
    Jsonl {
        /// The input's name.
        file: String,
        /// The game's number in its input, from 1.
        index: usize,
        /// The reader's error.
        source: JsonlError,
    },
    /// A board log that could not be read to its end (I/O, not UTF-8).
    #[error("{file}: {source}")]
    BoardLog {
        /// The input's name.
        file: String,
        /// The reason.
        source: io::Error,
    },
}

impl GameReadError {
    /// The game's number in its input, from 1.
    pub fn index(&self) -> usize {
        match self {
            GameReadError::Pgn { index, .. } | GameReadError::Jsonl { index, .. } => *index,
            GameReadError::BoardLog { .. } => 1,
        }
    }
}

impl JsonlError {
    /// The 1-based line the error is on.
    pub fn line(&self) -> usize {
        match self {
            JsonlError::Io { line, .. }
            | JsonlError::Event { line, .. }
            | JsonlError::Hands { line, .. } => *line,
        }
    }
}

/// Bytes of an input looked at to recognise its format.
const HEAD_BYTES: usize = 1 << 16;

/// An input of games, opened: a [`Source`] decompressed, its format known. Iterate it for its
/// games, in input order.
pub struct GameInput {
    name: String,
    format: GameFormat,
    reader: Box<dyn BufRead + Send>,
    limits: ReadLimits,
}

impl GameInput {
    /// Opens `source` (decompressing it, see [`open`]) and takes its format from `format`, or
    /// when `None` detects it from the first 64 KiB ([`GameFormat::detect`], with the caller's
    /// test for board logs).
    ///
    /// # Errors
    /// The [`InputError`]s of [`open`]; [`InputError::Read`] when the first bytes cannot be
    /// read.
    pub fn open(
        source: &Source,
        format: Option<GameFormat>,
        is_board_log: impl Fn(&str) -> bool,
    ) -> Result<GameInput, InputError> {
        GameInput::open_with(source, format, |head| {
            let text = std::str::from_utf8(head).unwrap_or_else(|e| {
                std::str::from_utf8(head.get(..e.valid_up_to()).unwrap_or_default())
                    .unwrap_or_default()
            });
            is_board_log(text).then_some(GameFormat::BoardLog)
        })
    }

    /// As [`GameInput::open`], with a detector of board inputs that names their format
    /// ([`GameFormat::detect_with`]).
    ///
    /// # Errors
    /// As [`GameInput::open`].
    pub fn open_with(
        source: &Source,
        format: Option<GameFormat>,
        board: impl Fn(&[u8]) -> Option<GameFormat>,
    ) -> Result<GameInput, InputError> {
        GameInput::open_limited(source, format, ReadLimits::default(), board)
    }

    /// As [`GameInput::open_with`], read within `limits` (a reader past one stops with
    /// [`LimitExceeded`] in its error).
    ///
    /// # Errors
    /// As [`GameInput::open`].
    pub fn open_limited(
        source: &Source,
        format: Option<GameFormat>,
        limits: ReadLimits,
        board: impl Fn(&[u8]) -> Option<GameFormat>,
    ) -> Result<GameInput, InputError> {
        let opened = open_within(source, std::sync::Arc::default(), limits.input_bytes)?;
        let path = match source {
            Source::Stdin => None,
            Source::File(p) => Some(p.as_path()),
        };
        GameInput::from_opened(opened, path, format, limits, board)
    }

    /// The games of a file received whole (an upload): `name`, the user's own file name,
    /// names it in every error and gives its extension (compression, format); nothing is
    /// written to disk; read within `limits` ([`ReadLimits::upload`] for the desk). Detects
    /// the format as [`GameInput::open`] does.
    ///
    /// # Errors
    /// As [`GameInput::open`] (never [`InputError::Open`]).
    pub fn from_bytes(
        name: &str,
        bytes: Vec<u8>,
        limits: ReadLimits,
        is_board_log: impl Fn(&str) -> bool,
    ) -> Result<GameInput, InputError> {
        let path = Path::new(name);
        let opened = open_raw(
            name.to_string(),
            Box::new(io::Cursor::new(bytes)),
            Some(path),
            std::sync::Arc::default(),
            limits.input_bytes,
        )?;
        GameInput::from_opened(opened, Some(path), None, limits, |head| {
            let text = std::str::from_utf8(head).unwrap_or_else(|e| {
                std::str::from_utf8(head.get(..e.valid_up_to()).unwrap_or_default())
                    .unwrap_or_default()
            });
            is_board_log(text).then_some(GameFormat::BoardLog)
        })
    }

    fn from_opened(
        opened: Opened,
        path: Option<&Path>,
        format: Option<GameFormat>,
        limits: ReadLimits,
        board: impl Fn(&[u8]) -> Option<GameFormat>,
    ) -> Result<GameInput, InputError> {
        let mut reader = opened.reader;
        let mut head = Vec::with_capacity(HEAD_BYTES);
        (&mut reader)
            .take(HEAD_BYTES as u64)
            .read_to_end(&mut head)
            .map_err(|e| InputError::Read {
                file: opened.name.clone(),
                offset: head.len() as u64,
                source: e,
            })?;
        let format = format.unwrap_or_else(|| GameFormat::detect_with(path, &head, board));
        Ok(GameInput {
            name: opened.name,
            format,
            reader: Box::new(BufReader::with_capacity(
                HEAD_BYTES,
                io::Cursor::new(head).chain(reader),
            )),
            limits,
        })
    }

    /// The input's name (the path as given, `-` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The input's format, detected or given.
    pub fn format(&self) -> GameFormat {
        self.format
    }
}

impl IntoIterator for GameInput {
    type Item = Result<LocatedGame, GameReadError>;
    type IntoIter = Games;

    fn into_iter(self) -> Games {
        let file = self.name;
        let limits = self.limits;
        let inner = match self.format {
            GameFormat::Pgn => {
                Inner::Pgn(PgnReader::reporting_skipped_tokens(self.reader).with_limits(limits))
            }
            GameFormat::Jsonl => Inner::Jsonl(crate::formats::jsonl::read_each_game_within(
                self.reader,
                limits,
            )),
            GameFormat::BoardLog | GameFormat::DgtCapture | GameFormat::LiveChess => {
                Inner::BoardLog(self.format, Some(self.reader), limits.game_bytes)
            }
        };
        Games {
            file,
            index: 0,
            inner,
        }
    }
}

enum Inner {
    Pgn(PgnReader<Box<dyn BufRead + Send>>),
    Jsonl(crate::formats::jsonl::JsonlGames<Box<dyn BufRead + Send>>),
    /// A board log or capture, read whole (at most its game limit, in bytes).
    BoardLog(GameFormat, Option<Box<dyn BufRead + Send>>, u64),
}

/// The games of a [`GameInput`], in input order.
pub struct Games {
    file: String,
    /// Games (or errors) handed out so far.
    index: usize,
    inner: Inner,
}

impl Iterator for Games {
    type Item = Result<LocatedGame, GameReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let file = self.file.clone();
        let index = self.index + 1;
        let item = match &mut self.inner {
            Inner::Pgn(reader) => match reader.next()? {
                Ok(game) => Ok(LocatedGame {
                    file,
                    index,
                    location: Location::Byte(game.offset),
                    record: GameRecord::Pgn(game),
                }),
                Err(source) => Err(GameReadError::Pgn {
                    file,
                    index,
                    source,
                }),
            },
            Inner::Jsonl(reader) => match reader.next()? {
                Ok(game) => Ok(LocatedGame {
                    file,
                    index,
                    location: Location::Line(game.lines.first().copied().unwrap_or(0)),
                    record: GameRecord::Events(game),
                }),
                Err(source) => Err(GameReadError::Jsonl {
                    file,
                    index,
                    source,
                }),
            },
            Inner::BoardLog(format, reader, max) => {
                let mut bytes = Vec::new();
                // One game, read whole for the board's recogniser: at most the game limit.
                let read = reader
                    .take()?
                    .take(max.saturating_add(1))
                    .read_to_end(&mut bytes)
                    .and_then(|n| {
                        if n as u64 > *max {
                            return Err(LimitExceeded {
                                limit: Limit::Game,
                                value: *max,
                            }
                            .into_io());
                        }
                        Ok(())
                    })
                    .and_then(|_| {
                        if *format == GameFormat::DgtCapture {
                            return Ok(GameRecord::DgtCapture(bytes));
                        }
                        let text = String::from_utf8(bytes)
                            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
                        Ok(if *format == GameFormat::LiveChess {
                            GameRecord::LiveChess(text)
                        } else {
                            GameRecord::BoardLog(text)
                        })
                    });
                match read {
                    Ok(record) => Ok(LocatedGame {
                        file,
                        index,
                        location: Location::Line(1),
                        record,
                    }),
                    Err(source) => Err(GameReadError::BoardLog { file, source }),
                }
            }
        };
        self.index = index;
        Some(item)
    }
}

pub use super::judged::JudgeFailure;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::judge::JudgeOptions;

    fn fixture(path: &str) -> Source {
        Source::File(PathBuf::from(format!(
            "{}/fixtures/{path}",
            env!("CARGO_MANIFEST_DIR")
        )))
    }

    #[test]
    fn format_by_extension_then_first_character() {
        let never = |_: &str| false;
        let path = |p: &'static str| Some(Path::new(p));
        assert_eq!(
            GameFormat::detect(path("a.pgn"), b"{", never),
            GameFormat::Pgn
        );
        assert_eq!(
            GameFormat::detect(path("a.ndjson"), b"[", never),
            GameFormat::Jsonl
        );
        assert_eq!(
            GameFormat::detect(None, b"\xef\xbb\xbf  # log", never),
            GameFormat::Jsonl
        );
        assert_eq!(
            GameFormat::detect(None, b"[Event \"x\"]", never),
            GameFormat::Pgn
        );
        assert_eq!(
            GameFormat::detect(path("a.pgn"), b"", |_| true),
            GameFormat::BoardLog
        );
    }

    #[test]
    fn compressed_pgn_yields_games_at_byte_offsets() {
        let input = GameInput::open(&fixture("replay/clean.pgn.gz"), None, |_| false).unwrap();
        assert_eq!(input.format(), GameFormat::Pgn);
        let games: Vec<LocatedGame> = input.into_iter().map(Result::unwrap).collect();
        assert_eq!(games.len(), 3);
        // The file opens with a 171-byte comment before its first game.
        assert_eq!(games[0].location, Location::Byte(171));
        assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), [1, 2, 3]);
        for game in &games {
            assert!(game.file.ends_with("clean.pgn.gz"));
            assert!(game.record.judge(None, JudgeOptions::default()).is_ok());
        }
    }

    #[test]
    fn event_log_yields_games_at_lines() {
        let source = fixture("judge/cr3.7-three-two-handed-moves.jsonl");
        let input = GameInput::open(&source, None, |_| false).unwrap();
        assert_eq!(input.format(), GameFormat::Jsonl);
        let games: Vec<LocatedGame> = input.into_iter().map(Result::unwrap).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].location, Location::Line(3));
        assert!(matches!(games[0].record, GameRecord::Events(_)));
        // The format given wins over the extension.
        let forced = GameInput::open(&source, Some(GameFormat::BoardLog), |_| false).unwrap();
        let record = forced.into_iter().next().unwrap().unwrap().record;
        assert!(matches!(record, GameRecord::BoardLog(_)));
        assert!(matches!(
            record.judge(None, JudgeOptions::default()),
            Err(JudgeFailure::BoardLog)
        ));
    }

    #[test]
    fn a_missing_file_is_an_open_error() {
        let err = GameInput::open(&fixture("no-such-file.pgn"), None, |_| false)
            .err()
            .unwrap();
        assert!(matches!(err, InputError::Open { .. }), "{err}");
    }
}
