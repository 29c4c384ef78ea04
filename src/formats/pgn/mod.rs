//! PGN games as judge input: a streaming reader over any [`Read`] (pgn-reader's `Reader` and
//! `Visitor`), yielding one [`PgnGame`] at a time — its tags, its mainline SAN moves
//! (variations skipped), the movetext's termination marker, its 0-based index and the byte
//! offset where it starts — without holding the file in memory.
//!
//! ```
//! use arbiter::formats::pgn::PgnReader;
//!
//! let pgn = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 (1... c5) 2. Qh5 Nc6 1-0\n\n1. d4 *\n";
//! let games: Vec<_> = PgnReader::new(pgn.as_bytes()).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].tag("White"), Some("A"));
//! assert_eq!(games[0].moves.len(), 4);
//! assert_eq!(games[1].index, 1);
//! ```
//!
//! [`judge_pgn_game`] judges one such game (the adapter from a PGN game to the judge's moves and
//! reported result); [`unreadable_tokens`] finds the main-line tokens the reader skipped.
//!

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use pgn_reader::{KnownOutcome, Outcome, RawTag, SanPlus, Visitor};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

use crate::formats::limits::{Limit, LimitExceeded, ReadLimits};
use crate::game::verdict::GameResult;

mod judge;
mod plain;
pub mod round;
mod scan;
mod tags;
pub mod write;

pub use judge::{judge_pgn_game, pgn_judge, pgn_judge_keeping};
pub use scan::{UnreadableToken, unreadable_tokens};
use tags::RawTags;
pub use tags::Tags;

/// One game read from a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// 0-based index of the game in its input.
    pub index: usize,
    /// Byte offset of the game's first byte (its first tag, or its movetext) in the input.
    pub offset: u64,
    /// The tag pairs in file order, e.g. `("White", "Kasparov, G.")`.
    pub tags: Tags,
    /// The mainline moves as SAN, in order (`--` null moves included, as [`San::Null`]).
    pub moves: Vec<San>,
    /// The termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub termination: Option<GameResult>,
    /// The main-line tokens the reader skipped ([`unreadable_tokens`]), when the reader was made
    /// with [`PgnReader::reporting_skipped_tokens`] (or the caller scanned the game's text);
    /// [`judge_pgn_game`] stops judging at the first.
    pub skipped: Vec<UnreadableToken>,
}

impl PgnGame {
    /// The value of the first tag named `name` (case-sensitive, as PGN tags are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The `Result` tag and the movetext's termination marker, when both are there and give
    /// different results (`[Result "1-0"]` over moves ending `0-1`): the record contradicts
    /// itself (PGN standard 8.1.1.7 wants them equal). The one check of it, used by the judge
    /// ([`pgn_judge`]: the verdict's discrepancy `result_tag_contradicts_movetext`) and by the
    /// database replay's findings. A tag that is not a result (`?`) contradicts nothing.
    ///
    /// ```
    /// use arbiter::formats::pgn::PgnReader;
    /// use arbiter::game::verdict::GameResult;
    ///
    /// let g = PgnReader::new(&b"[Result \"1-0\"]\n\n1. e4 e5 0-1\n"[..]).next().unwrap().unwrap();
    /// assert_eq!(g.result_tag_contradiction(), Some((GameResult::WhiteWins, GameResult::BlackWins)));
    /// let g = PgnReader::new(&b"[Result \"1-0\"]\n\n1. e4 e5 1-0\n"[..]).next().unwrap().unwrap();
    /// assert_eq!(g.result_tag_contradiction(), None);
    /// ```
    pub fn result_tag_contradiction(&self) -> Option<(GameResult, GameResult)> {
        let tag = self.tag("Result")?.parse::<GameResult>().ok()?;
        let marker = self.termination?;
        (tag != marker).then_some((tag, marker))
    }

    /// Sets [`PgnGame::skipped`] to the tokens the reader skipped in this game's text (from
    /// [`unreadable_tokens`]), first reading those that are a promotion written without `=`
    /// (`a8Q`, `exd1N+`, as several exporters write it; pgn-reader 0.29 drops them) into
    /// [`PgnGame::moves`] where they stand.
    ///
    /// ```
    /// use arbiter::formats::pgn::{PgnReader, unreadable_tokens};
    ///
    /// let text = b"1. a8Q Zz9 *\n";
    /// let mut g = PgnReader::new(&text[..]).next().unwrap().unwrap();
    /// assert!(g.moves.is_empty());
    /// g.set_skipped(unreadable_tokens(text));
    /// assert_eq!(g.moves.len(), 1);
    /// assert_eq!(g.moves[0].to_string(), "a8=Q");
    /// assert_eq!((g.skipped[0].text.as_str(), g.skipped[0].moves_before), ("Zz9", 1));
    /// ```
    pub fn set_skipped(&mut self, tokens: Vec<UnreadableToken>) {
        let mut inserted = 0;
        self.skipped = Vec::with_capacity(tokens.len());
        for mut t in tokens {
            t.moves_before += inserted;
            match scan::promotion_without_equals(&t.text) {
                Some(san) if t.moves_before <= self.moves.len() => {
                    self.moves.insert(t.moves_before, san);
                    inserted += 1;
                }
                _ => self.skipped.push(t),
            }
        }
    }

    /// The mainline as moves played from the standard starting position (Laws Art. 2.3), one
    /// [`Move`] per ply, in order. This is a plain replay of legal moves, not a judgement: a
    /// game whose moves run into an illegal one is refused, not scored (for that, see
    /// [`crate::game::judge`]).
    ///
    /// # Errors
    /// [`MainlineError::SetUp`] when the game has a `FEN` tag (it starts elsewhere);
    /// [`MainlineError::IllegalMove`] with the 0-based ply of the first move that is not legal
    /// (Laws Art. 3.10.1) in the position reached, a `--` null move included.
    ///
    /// ```
    /// use arbiter::formats::pgn::{MainlineError, PgnReader};
    ///
    /// let g = PgnReader::new(&b"1. e4 e5 2. Ke2 *"[..]).next().unwrap().unwrap();
    /// assert_eq!(g.mainline_from_start().unwrap().len(), 3);
    /// let g = PgnReader::new(&b"1. e4 e5 2. Ke3 *"[..]).next().unwrap().unwrap();
    /// assert!(matches!(g.mainline_from_start(), Err(MainlineError::IllegalMove { ply: 2, .. })));
    /// ```
    pub fn mainline_from_start(&self) -> Result<Vec<Move>, MainlineError> {
        if self.tag("FEN").is_some() {
            return Err(MainlineError::SetUp);
        }
        let mut pos = Chess::default();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, san) in self.moves.iter().enumerate() {
            let m = san
                .to_move(&pos)
                .map_err(|_| MainlineError::IllegalMove { ply, san: *san })?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        Ok(moves)
    }
}

/// Why [`PgnGame::mainline_from_start`] could not play a game's mainline.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MainlineError {
    /// The game has a `FEN` tag: it starts from a set-up position, not the standard one.
    #[error("the game starts from a set-up position (FEN tag)")]
    SetUp,
    /// The move at 0-based `ply` is not legal in the position reached (Laws Art. 3.10.1).
    #[error("ply {ply}: {san} is not a legal move")]
    IllegalMove {
        /// 0-based ply of the move (0 = White's first move).
        ply: usize,
        /// The move as written.
        san: San,
    },
}

/// A PGN input that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("game {} (byte offset {offset}): {source}", index + 1)]
pub struct PgnError {
    /// 0-based index of the game being read.
    pub index: usize,
    /// Byte offset where that game starts.
    pub offset: u64,
    /// The I/O or parser error.
    #[source]
    pub source: io::Error,
}

/// Counts the bytes handed to pgn-reader, so a game's start offset is known, and refuses
/// binary input (a NUL byte).
#[derive(Debug)]
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
    /// The bytes read since the start of the game being read, kept when skipped tokens are
    /// reported ([`PgnReader::reporting_skipped_tokens`]).
    kept: Option<Arc<Mutex<Kept>>>,
    /// Where the game being read starts and how long its text may be.
    game: Arc<GameBound>,
}

/// The offset of the game being read and the most bytes its text may take
/// ([`ReadLimits::game_bytes`]): past it, the reader's input fails with [`Limit::Game`].
#[derive(Debug)]
struct GameBound {
    start: AtomicU64,
    limit: AtomicU64,
}

impl GameBound {
    fn new() -> Arc<GameBound> {
        Arc::new(GameBound {
            start: AtomicU64::new(0),
            limit: AtomicU64::new(ReadLimits::default().game_bytes),
        })
    }
}

/// Input bytes from offset `base` on.
#[derive(Debug, Default)]
struct Kept {
    base: u64,
    bytes: Vec<u8>,
}

impl<R: Read> Read for Counting<R> {
    // Kept out of line: pgn-reader calls it through a small refill helper on every token, and
    // that helper is inlined into the parser only while it stays small (measured: 13 % of the
    // parse when this was inlined into it).
    #[inline(never)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // More than a game's limit handed over since the game began, and the parser wants more
        // of it (a comment, a variation or a run of blanks gigabytes long): the game is refused
        // before its text is held.
        let given = self.count.load(Ordering::Relaxed);
        let limit = self.game.limit.load(Ordering::Relaxed);
        if given.saturating_sub(self.game.start.load(Ordering::Relaxed)) > limit {
            return Err(LimitExceeded {
                limit: Limit::Game,
                value: limit,
            }
            .into_io());
        }
        let n = self.inner.read(buf)?;
        let start = self.count.fetch_add(n as u64, Ordering::Relaxed);
        if let Some(kept) = &self.kept
            && let Ok(mut kept) = kept.lock()
        {
            kept.bytes
                .extend_from_slice(buf.get(..n).unwrap_or_default());
        }
        // PGN is text: a NUL byte means a binary file, which pgn-reader would otherwise skip
        // through, token by token, and report as games.
        if let Some(at) = buf.get(..n).and_then(|b| memchr::memchr(0, b)) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "NUL byte at byte offset {}: a binary file, not PGN",
                    start + at as u64
                ),
            ));
        }
        Ok(n)
    }
}

/// Streams [`PgnGame`]s from a reader. Memory is bounded by the largest game, not the file.
/// Do not wrap the input in a `BufReader`: pgn-reader buffers it.
#[derive(Debug)]
pub struct PgnReader<R> {
    reader: pgn_reader::Reader<Counting<R>>,
    count: Arc<AtomicU64>,
    kept: Option<Arc<Mutex<Kept>>>,
    game: Arc<GameBound>,
    /// The most plies and comment bytes a game may hold ([`ReadLimits`]).
    plies: usize,
    comment_bytes: u64,
    index: usize,
    failed: bool,
    /// The last error was a stretch of input holding no game, or a game past its limits:
    /// reading may go on after it.
    resumable: bool,
}

impl<R: Read> PgnReader<R> {
    /// A reader over `input`, within the default [`ReadLimits`] (a game past one is an error,
    /// and reading goes on with the next game).
    pub fn new(input: R) -> Self {
        PgnReader::made(input, None)
    }

    /// A reader over `input` that also finds, for each game, the main-line tokens pgn-reader
    /// skips ([`PgnGame::skipped`], e.g. `Zz9`), keeping the current game's bytes for the scan
    /// (memory: the largest game, at most its limit).
    pub fn reporting_skipped_tokens(input: R) -> Self {
        PgnReader::made(input, Some(Arc::new(Mutex::new(Kept::default()))))
    }

    fn made(input: R, kept: Option<Arc<Mutex<Kept>>>) -> Self {
        let count = Arc::new(AtomicU64::new(0));
        let game = GameBound::new();
        let defaults = ReadLimits::default();
        PgnReader {
            reader: pgn_reader::Reader::new(Counting {
                inner: input,
                count: Arc::clone(&count),
                kept: kept.clone(),
                game: Arc::clone(&game),
            }),
            count,
            kept,
            game,
            plies: defaults.plies,
            comment_bytes: defaults.comment_bytes,
            index: 0,
            failed: false,
            resumable: false,
        }
    }

    /// The same reader within `limits`: a game's text, its plies and its comments (the whole
    /// input's limit is the stream's business, [`crate::formats::input`]).
    #[must_use]
    pub fn with_limits(mut self, limits: ReadLimits) -> Self {
        self.game.limit.store(limits.game_bytes, Ordering::Relaxed);
        self.plies = limits.plies;
        self.comment_bytes = limits.comment_bytes;
        self
    }

    /// Drops the kept bytes before `offset` (the start of the next game).
    fn forget_before(&self, offset: u64) {
        if let Some(kept) = &self.kept
            && let Ok(mut kept) = kept.lock()
        {
            let drop = usize::try_from(offset.saturating_sub(kept.base))
                .unwrap_or(usize::MAX)
                .min(kept.bytes.len());
            kept.bytes.drain(..drop);
            kept.base += drop as u64;
        }
    }

    /// The tokens skipped in the game whose text starts at `offset` and ends at `end`.
    fn skipped_tokens(&self, offset: u64, end: u64) -> Vec<UnreadableToken> {
        let Some(kept) = &self.kept else {
            return Vec::new();
        };
        let Ok(kept) = kept.lock() else {
            return Vec::new();
        };
        let at = |o: u64| usize::try_from(o.saturating_sub(kept.base)).unwrap_or(usize::MAX);
        kept.bytes
            .get(at(offset)..at(end).min(kept.bytes.len()))
            .map(unreadable_tokens)
            .unwrap_or_default()
    }

    /// Reads the next game; `Ok(None)` at the end of the input.
    ///
    /// # Errors
    /// [`PgnError`] with the game index and byte offset, on I/O errors and irrecoverable parser
    /// errors, and for a stretch of input with no tags, no moves and no result (not a game;
    /// the iterator goes on after this one).
    pub fn read_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let index = self.index;
        let offset = self.offset();
        let more = self.reader.has_more().map_err(|source| PgnError {
            index,
            offset,
            source,
        })?;
        if !more {
            return Ok(None);
        }
        let offset = self.offset();
        self.forget_before(offset);
        self.game.start.store(offset, Ordering::Relaxed);
        let mut visitor = Collector {
            plies: self.plies,
            comment_bytes: self.comment_bytes,
            comment: 0,
            over: None,
        };
        let read = self.reader.read_game(&mut visitor);
        if let Some(over) = visitor.over {
            // Past a limit of the game (said first, though skipping the rest of a comment may
            // then meet the game's limit): refused; the reader skips the rest and goes on.
            self.index += 1;
            self.resumable = read.is_ok();
            return Err(PgnError {
                index,
                offset,
                source: over.into_io(),
            });
        }
        match read {
            Ok(Some(game))
                if game.tags.is_empty() && game.moves.is_empty() && game.termination.is_none() =>
            {
                // Junk (a binary file, stray text): pgn-reader skips what it cannot read, so
                // this would otherwise pass for an empty unfinished game.
                self.index += 1;
                self.resumable = true;
                Err(PgnError {
                    index,
                    offset,
                    source: io::Error::new(
                        io::ErrorKind::InvalidData,
                        "not a PGN game: no tags, no moves and no result",
                    ),
                })
            }
            Ok(Some(mut game)) => {
                game.index = index;
                game.offset = offset;
                let skipped = self.skipped_tokens(offset, self.offset());
                game.set_skipped(skipped);
                self.index += 1;
                Ok(Some(game))
            }
            Ok(None) => Ok(None),
            Err(source) => Err(PgnError {
                index,
                offset,
                source,
            }),
        }
    }

    /// Where the next game starts (byte offset in the input), without reading it; `None` at
    /// the end of the input or on a read error (which [`PgnReader::read_game`] then reports).
    pub fn next_game_offset(&mut self) -> Option<u64> {
        matches!(self.reader.has_more(), Ok(true)).then(|| self.offset())
    }

    /// Skips the next game without reading its tags' values or its moves: only scans to where
    /// it ends (pgn-reader's `skip_game`, the boundary [`PgnReader::read_game`] would stop at,
    /// also for a game it would report as an error). Returns false at the end of the input.
    ///
    /// # Errors
    /// [`PgnError`] on an I/O error, and where the game's tags cannot be parsed (the reader
    /// then stands where `read_game` would, and reading may go on).
    pub fn skip_game(&mut self) -> Result<bool, PgnError> {
        let index = self.index;
        let offset = self.offset();
        self.game.start.store(offset, Ordering::Relaxed);
        let skipped = self.reader.skip_game().map_err(|source| PgnError {
            index,
            offset,
            source,
        });
        if !matches!(skipped, Ok(false)) {
            self.index += 1;
        }
        skipped
    }

    /// Bytes of the input consumed by the parser so far (the position of the next unread byte).
    fn offset(&self) -> u64 {
        self.count
            .load(Ordering::Relaxed)
            .saturating_sub(self.reader.buffer().len() as u64)
    }
}

impl<R: Read> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.read_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.failed = !std::mem::take(&mut self.resumable);
                Some(Err(e))
            }
        }
    }
}

/// The visitor that collects a game: its tags, its main line's SAN and its termination, within
/// the game's limits of plies and comment bytes (past one: `over`, and the game is cut there).
struct Collector {
    plies: usize,
    comment_bytes: u64,
    /// Bytes of the comment being read so far.
    comment: u64,
    over: Option<LimitExceeded>,
}

impl Collector {
    /// Counts `n` more bytes of the comment being read: the game cut when past the limit.
    fn comment_part(&mut self, game: &mut PgnGame, n: usize) -> ControlFlow<PgnGame> {
        self.comment += n as u64;
        if self.comment > self.comment_bytes {
            self.over = Some(LimitExceeded {
                limit: Limit::Comment,
                value: self.comment_bytes,
            });
            return ControlFlow::Break(std::mem::take(game));
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for Collector {
    type Tags = RawTags;
    type Movetext = PgnGame;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(RawTags::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        // Only a value with a backslash can hold an escape (`\"`, `\\`).
        let raw = value.as_bytes();
        if raw.contains(&b'\\') {
            tags.push(name, &value.decode());
        } else {
            tags.push(name, raw);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(PgnGame {
            tags: tags.into_tags(),
            moves: Vec::with_capacity(96),
            ..PgnGame::default()
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if game.moves.len() >= self.plies {
            self.over = Some(LimitExceeded {
                limit: Limit::Plies,
                value: self.plies as u64,
            });
            return ControlFlow::Break(std::mem::take(game));
        }
        game.moves.push(san_plus.san);
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        self.comment_part(game, comment.as_bytes().len())
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let cut = self.comment_part(game, comment.as_bytes().len());
        self.comment = 0;
        cut
    }

    fn outcome(
        &mut self,
        game: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        game.termination = Some(match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => GameResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => GameResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Unfinished,
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_in_latin1_are_replaced_not_dropped_and_escapes_decoded() {
        // "Müller" in ISO-8859-1 (0xFC is not UTF-8), and an escaped quote in a UTF-8 value.
        let pgn = b"[White \"M\xfcller\"]\n[Black \"Cr\xc3\xa9pin \\\"Jr\\\"\"]\n\n1. e4 *\n";
        let game = PgnReader::new(&pgn[..]).next().unwrap().unwrap();
        assert_eq!(game.tag("White"), Some("M\u{fffd}ller"));
        assert_eq!(game.tag("Black"), Some("Cr\u{e9}pin \"Jr\""));
    }

    #[test]
    fn offsets_point_at_each_game() {
        let pgn = "\u{feff}[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
        let games: Vec<PgnGame> = PgnReader::new(pgn.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 2);
        let second = &pgn.as_bytes()[games[1].offset as usize..];
        assert!(
            second.starts_with(b"[Event \"b\"]"),
            "{:?}",
            games[1].offset
        );
        assert_eq!(games[1].termination, Some(GameResult::Draw));
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[0].termination, Some(GameResult::Unfinished));
    }

    #[test]
    fn junk_is_not_a_game() {
        let input = b"\x7fELF\x02\x01 binary junk\n";
        let first = PgnReader::new(&input[..]).next().unwrap();
        let e = first.expect_err("junk read as a game");
        assert_eq!((e.index, e.offset), (0, 0));
        let binary = b"\x7fELF\x02\x01\x00\x00 * 1-0\n";
        let games: Vec<_> = PgnReader::new(&binary[..]).collect();
        assert_eq!(games.len(), 1, "{games:?}");
        let e = games[0].as_ref().expect_err("binary read as a game");
        assert!(e.to_string().contains("NUL byte at byte offset 6"), "{e}");
        let games: Vec<_> =
            PgnReader::new(&b"hello world\n\n[Event \"a\"]\n\n1. e4 *\n"[..]).collect();
        assert!(games.len() <= 2, "{games:?}");
        assert!(
            games
                .last()
                .unwrap()
                .as_ref()
                .is_ok_and(|g| g.moves.len() == 1),
            "{games:?}"
        );
    }

    #[test]
    fn variations_and_comments_are_skipped() {
        let pgn = "1. e4 {best} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 Nc6 *";
        let g = PgnReader::new(pgn.as_bytes()).next().unwrap().unwrap();
        let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6"]);
    }
}
