//! Cutting a PGN stream into chunks at game boundaries, so that workers can parse and judge
//! the chunks in parallel while the memory stays bounded by the chunk size, not the file size.
//!
//! The boundaries are found by `pgn-reader` itself (`Reader::skip_game`, which uses the same
//! rules as a full parse: a game's movetext ends at a blank line or at a line starting with
//! `[`, outside `{…}` and `;` comments), so every chunk starts exactly where a sequential
//! reader would start the next game and parsing the chunks one after the other yields the same
//! games as parsing the whole stream. The cut points depend only on the bytes and the target
//! chunk size, never on the number of threads, so the output does not either.

use std::io::{self, Read};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Room for what the PGN reader pulls past a cut, in bytes (its buffer reads a few KiB ahead).
const READ_AHEAD: usize = 64 * 1024;

/// A run of whole games cut from a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The PGN text: whole games, starting at a game boundary.
    pub bytes: Vec<u8>,
    /// Offset of `bytes[0]` in the decompressed stream, in bytes.
    pub offset: u64,
    /// True for the stream's last chunk (its last game ends where the stream ends).
    pub last: bool,
}

/// What stopped the splitter: the underlying stream failed, or it is not text.
#[derive(Debug, thiserror::Error)]
pub enum SplitError {
    /// Reading (or decompressing) the stream failed after `offset` decompressed bytes.
    #[error("read error after {offset} bytes: {source}")]
    Read {
        /// Decompressed bytes read before the failure.
        offset: u64,
        /// The reason.
        source: io::Error,
    },
    /// A NUL byte at `offset`: binary data, not PGN.
    #[error("binary data (NUL byte) at byte {offset}")]
    Binary {
        /// Offset of the NUL byte in the decompressed stream.
        offset: u64,
    },
}

/// What the tee saw go wrong below the PGN reader (kept apart from the reader's own
/// recoverable syntax errors, which are the workers' business).
enum Fault {
    Read(io::Error),
    Binary(u64),
}

#[derive(Default)]
struct Shared {
    /// Bytes read from the stream and not yet handed out in a chunk.
    pending: Vec<u8>,
    /// Offset of `pending[0]` in the stream.
    pending_offset: u64,
    fault: Option<Fault>,
}

/// The state the tee and the splitter share. A mutex (never contended: the tee runs only inside
/// the splitter's calls) rather than a `RefCell`, so that a splitter can move between the
/// worker threads that take turns cutting chunks.
type SharedCell = Arc<Mutex<Shared>>;

/// The shared state, also after a panic elsewhere (the buffer stays consistent: every update
/// is a single call).
fn lock(shared: &SharedCell) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Copies every byte the PGN reader pulls into the shared pending buffer.
struct Tee<R> {
    inner: R,
    shared: SharedCell,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // After a fault the stream looks ended to the PGN reader, so that it parses what came
        // before; the splitter then reports the fault.
        if lock(&self.shared).fault.is_some() {
            return Ok(0);
        }
        let n = match self.inner.read(buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Err(e),
            Err(e) => {
                lock(&self.shared).fault = Some(Fault::Read(e));
                return Ok(0);
            }
        };
        let got = buf.get(..n).unwrap_or_default();
        let mut shared = lock(&self.shared);
        if let Some(pos) = memchr::memchr(0, got) {
            // Hand over the text before the NUL byte, so the games before it are still read;
            // the next read reports the fault.
            let offset = shared.pending_offset + shared.pending.len() as u64 + pos as u64;
            shared.fault = Some(Fault::Binary(offset));
            shared
                .pending
                .extend_from_slice(got.get(..pos).unwrap_or_default());
            return Ok(pos);
        }
        shared.pending.extend_from_slice(got);
        Ok(n)
    }
}

/// Iterator over the [`Chunk`]s of a stream, each at least `target` bytes long (except the
/// last) and ending at a game boundary; a single game longer than `target` makes a chunk of its
/// own. Memory held: the current chunk plus the PGN reader's buffer.
pub struct Splitter<R> {
    reader: pgn_reader::Reader<Tee<R>>,
    shared: SharedCell,
    target: usize,
    done: bool,
    /// Length of the pending bytes up to the last game boundary found.
    last_boundary: usize,
}

impl<R: Read> Splitter<R> {
    /// A splitter over `stream` cutting chunks of about `target` bytes (at least 1).
    pub fn new(stream: R, target: usize) -> Splitter<R> {
        let shared = SharedCell::default();
        let tee = Tee {
            inner: stream,
            shared: Arc::clone(&shared),
        };
        Splitter {
            reader: crate::batch::pgn_reader_for(tee),
            shared,
            target: target.max(1),
            done: false,
            last_boundary: 0,
        }
    }

    /// Hands out `pending[..at]` as a chunk.
    fn cut(&mut self, at: usize) -> Chunk {
        let mut shared = lock(&self.shared);
        let at = at.min(shared.pending.len());
        // The next chunk's buffer is made large enough at once (a chunk, the reader's next
        // read and the game that crosses the cut), so that filling it never reallocates.
        let room = (self.target / 2 * 3)
            .saturating_add(READ_AHEAD)
            .min(64 << 20);
        let mut rest = Vec::with_capacity(room);
        rest.extend_from_slice(shared.pending.get(at..).unwrap_or_default());
        shared.pending.truncate(at);
        let bytes = std::mem::replace(&mut shared.pending, rest);
        let offset = shared.pending_offset;
        shared.pending_offset += bytes.len() as u64;
        self.last_boundary = self.last_boundary.saturating_sub(at);
        Chunk {
            bytes,
            offset,
            last: false,
        }
    }

    fn fault(&mut self) -> Option<SplitError> {
        let fault = lock(&self.shared).fault.take()?;
        match fault {
            Fault::Read(source) => {
                let shared = lock(&self.shared);
                Some(SplitError::Read {
                    offset: shared.pending_offset + shared.pending.len() as u64,
                    source,
                })
            }
            Fault::Binary(offset) => Some(SplitError::Binary { offset }),
        }
    }
}

impl<R: Read> Splitter<R> {
    /// After a fault: first the whole games read before it (if any), then the fault.
    fn finish_with_fault(&mut self) -> Option<Result<Chunk, SplitError>> {
        if self.last_boundary > 0 {
            return Some(Ok(self.cut(self.last_boundary)));
        }
        self.done = true;
        self.fault().map(Err)
    }

    fn faulted(&self) -> bool {
        lock(&self.shared).fault.is_some()
    }
}

/// True when `text`, trailing whitespace aside, ends with a game termination marker (`1-0`,
/// `0-1`, `1/2-1/2`, `½-½`, `*`), as a whole game does.
fn ends_with_termination_marker(text: &[u8]) -> bool {
    let text = text.trim_ascii_end();
    [&b"1-0"[..], b"0-1", b"1/2-1/2", "½-½".as_bytes(), b"*"]
        .iter()
        .any(|marker| text.ends_with(marker))
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = Result<Chunk, SplitError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if self.faulted() {
            return self.finish_with_fault();
        }
        loop {
            match self.reader.skip_game() {
                Ok(true) => {
                    // Bytes the reader pulled but has not consumed belong to the next game.
                    let pending = lock(&self.shared).pending.len();
                    let boundary = pending - self.reader.buffer().len();
                    if self.faulted() && boundary >= pending {
                        // The game ran into the fault. It is whole only if its text ends with a
                        // termination marker (the fault came right after it); otherwise it is
                        // cut short and left out, and the fault says where.
                        let whole = lock(&self.shared)
                            .pending
                            .get(self.last_boundary..boundary)
                            .is_some_and(ends_with_termination_marker);
                        if whole {
                            self.last_boundary = boundary;
                        }
                        return self.finish_with_fault();
                    }
                    self.last_boundary = boundary;
                    if boundary >= self.target {
                        let mut chunk = self.cut(boundary);
                        // Looking ahead skips only whitespace, as the next skip would.
                        let more = self.reader.has_more();
                        chunk.last = !self.faulted() && matches!(more, Ok(false));
                        self.done = chunk.last;
                        return Some(Ok(chunk));
                    }
                }
                Ok(false) => {
                    if self.faulted() {
                        return self.finish_with_fault();
                    }
                    self.done = true;
                    let len = lock(&self.shared).pending.len();
                    return (len > 0).then(|| {
                        let mut chunk = self.cut(len);
                        chunk.last = true;
                        Ok(chunk)
                    });
                }
                Err(_) if self.faulted() => return self.finish_with_fault(),
                Err(_) => {
                    // A syntax error (e.g. an unterminated tag): the reader has skipped past
                    // it; the worker parsing this chunk will meet and report it.
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_count(bytes: &[u8]) -> usize {
        let mut reader = pgn_reader::Reader::new(bytes);
        let mut n = 0;
        while let Ok(true) = reader.skip_game() {
            n += 1;
        }
        n
    }

    const THREE: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 { a comment\n\n[with a blank line and a bracket] } e5 1-0\n\n\
        [Event \"b\"]\n\n1. d4 ; line comment [x\nd5 *\n\n[Event \"c\"]\n1. c4 0-1\n";

    #[test]
    fn chunks_concatenate_to_the_stream_and_cut_between_games() {
        for target in [1, 10, 60, 1000] {
            let chunks: Vec<Chunk> = Splitter::new(THREE.as_bytes(), target)
                .collect::<Result<_, _>>()
                .unwrap();
            let joined: Vec<u8> = chunks.iter().flat_map(|c| c.bytes.clone()).collect();
            assert_eq!(joined, THREE.as_bytes(), "target {target}");
            let mut offset = 0;
            assert!(chunks.last().unwrap().last);
            assert!(chunks.iter().rev().skip(1).all(|c| !c.last));
            for c in &chunks {
                assert_eq!(c.offset, offset);
                offset += c.bytes.len() as u64;
                // A comment holding a blank line and a bracket is never cut.
                let s = String::from_utf8_lossy(&c.bytes);
                assert_eq!(s.matches('{').count(), s.matches('}').count(), "{s:?}");
            }
            if target == 1 {
                assert_eq!(chunks.len(), 3);
                assert!(chunks.iter().all(|c| game_count(&c.bytes) == 1));
                assert!(
                    chunks[1]
                        .bytes
                        .trim_ascii_start()
                        .starts_with(b"[Event \"b\"]")
                );
                assert!(
                    chunks[2]
                        .bytes
                        .trim_ascii_start()
                        .starts_with(b"[Event \"c\"]")
                );
            }
            if target == 1000 {
                assert_eq!(chunks.len(), 1);
                assert_eq!(game_count(&chunks[0].bytes), 3);
            }
        }
    }

    #[test]
    fn nul_byte_is_binary_data() {
        let mut data = b"[Event \"a\"]\n\n1. e4 *\n\n".to_vec();
        data.extend_from_slice(&[0x89, b'P', b'N', b'G', 0, 0, 1]);
        let mut it = Splitter::new(&data[..], 1000);
        let mut saw = None;
        let mut chunks = Vec::new();
        for item in &mut it {
            match item {
                Ok(c) => chunks.push(c),
                Err(e) => saw = Some(e),
            }
        }
        // The game before the binary data is still handed out.
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].bytes, b"[Event \"a\"]\n\n1. e4 *\n");
        match saw {
            Some(SplitError::Binary { offset }) => assert_eq!(offset, 26),
            other => panic!("expected binary data, got {other:?}"),
        }
    }

    #[test]
    fn a_whole_game_right_before_binary_data_is_kept() {
        // Found in review: the second game ends at the NUL byte (no blank line after it).
        let data = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\0junk";
        let (mut chunks, mut fault) = (Vec::new(), None);
        for item in Splitter::new(&data[..], 1000) {
            match item {
                Ok(c) => chunks.push(c),
                Err(e) => fault = Some(e),
            }
        }
        let text: Vec<u8> = chunks.iter().flat_map(|c| c.bytes.clone()).collect();
        assert_eq!(game_count(&text), 2, "{:?}", String::from_utf8_lossy(&text));
        assert!(
            matches!(fault, Some(SplitError::Binary { offset: 43 })),
            "{fault:?}"
        );
        // A game cut short by the NUL byte is left out; the fault says where.
        let cut = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4\0junk";
        let chunks: Vec<Chunk> = Splitter::new(&cut[..], 1000)
            .filter_map(Result::ok)
            .collect();
        let text: Vec<u8> = chunks.iter().flat_map(|c| c.bytes.clone()).collect();
        assert_eq!(game_count(&text), 1);
    }

    #[test]
    fn empty_stream_has_no_chunk() {
        assert_eq!(Splitter::new(&b""[..], 10).count(), 0);
    }
}
