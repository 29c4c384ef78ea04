//! An input opened: its compression recognised by its magic bytes (and checked against its
//! name), decompressed into one text stream, cut at a size when asked.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use serde::Serialize;

use super::{InputError, Source};
use crate::formats::limits::Bounded;

/// How an input's bytes are compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Compression {
    /// Plain PGN text.
    None,
    /// Zstandard (`.pgn.zst`, the Lichess database's format).
    Zstd,
    /// gzip (`.pgn.gz`), one member or several.
    Gzip,
    /// bzip2 (`.pgn.bz2`), one stream or several.
    Bzip2,
}

impl Compression {
    /// The compression a file name announces by its last extension (`.zst`, `.gz`, `.bz2`),
    /// or `None` for any other name.
    pub fn from_extension(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("zst") || e.eq_ignore_ascii_case("zstd") => {
                Compression::Zstd
            }
            Some(e) if e.eq_ignore_ascii_case("gz") => Compression::Gzip,
            Some(e) if e.eq_ignore_ascii_case("bz2") => Compression::Bzip2,
            _ => Compression::None,
        }
    }

    /// The compression announced by the first bytes of a stream (fewer than 4 bytes are
    /// fine: a stream that short is plain text).
    pub fn from_magic(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        })
    }
}

/// Counts the bytes read from the raw (possibly compressed) input, for progress reporting.
pub struct CountingReader<R> {
    inner: R,
    counter: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter
            .fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened input: its decompressed PGN text as a byte stream.
pub struct Opened {
    /// The input's name for reports.
    pub name: String,
    /// The compression that was recognised.
    pub compression: Compression,
    /// The decompressed text.
    pub reader: Box<dyn Read + Send>,
}

/// Opens `source`, recognises its compression and returns the decompressed text stream.
/// `raw_bytes` is increased by the number of raw (compressed) bytes consumed as the stream is
/// read, for a progress bar.
///
/// # Errors
/// [`InputError::Open`] when the file cannot be opened, [`InputError::CompressionMismatch`]
/// when a `.zst`/`.gz`/`.bz2` name does not match the content, [`InputError::Decoder`] when
/// the decoder cannot start, [`InputError::Read`] when the first bytes cannot be read.
pub fn open(
    source: &Source,
    raw_bytes: std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> Result<Opened, InputError> {
    open_within(source, raw_bytes, None)
}

/// As [`open`], the decompressed text cut at `max_bytes` ([`Limit::Input`](crate::formats::limits::Limit::Input)) when given.
///
/// # Errors
/// As [`open`].
pub fn open_within(
    source: &Source,
    raw_bytes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    max_bytes: Option<u64>,
) -> Result<Opened, InputError> {
    let name = source.name();
    let raw: Box<dyn Read + Send> = match source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(p) => Box::new(File::open(p).map_err(|e| InputError::Open {
            file: name.clone(),
            source: e,
        })?),
    };
    let path = match source {
        Source::Stdin => None,
        Source::File(p) => Some(p.as_path()),
    };
    open_raw(name, raw, path, raw_bytes, max_bytes)
}

/// As [`open`], for a stream already open: `name` names it in errors, `path` (when there is
/// one) gives the compression its extension promises; the decompressed text is cut at
/// `max_bytes` with [`Limit::Input`](crate::formats::limits::Limit::Input) when given.
pub(super) fn open_raw(
    name: String,
    raw: Box<dyn Read + Send>,
    path: Option<&Path>,
    raw_bytes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    max_bytes: Option<u64>,
) -> Result<Opened, InputError> {
    let mut counting = CountingReader {
        inner: raw,
        counter: raw_bytes,
    };
    let head = read_head(&mut counting).map_err(|e| InputError::Read {
        file: name.clone(),
        offset: 0,
        source: e,
    })?;
    let buffered = BufReader::with_capacity(1 << 16, io::Cursor::new(head.clone()).chain(counting));
    let found = Compression::from_magic(&head);
    if let Some(p) = path {
        let expected = Compression::from_extension(p);
        if expected != Compression::None && expected != found {
            return Err(InputError::CompressionMismatch {
                file: name,
                expected,
                found,
            });
        }
    }
    let mut reader: Box<dyn Read + Send> = match found {
        Compression::None => Box::new(buffered),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(buffered)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(buffered).map_err(
            |e| InputError::Decoder {
                file: name.clone(),
                compression: found,
                source: e,
            },
        )?),
    };
    // A few bytes of bzip2 or gzip can decompress to gigabytes: the text is cut where the
    // limit says (zstd itself refuses a frame whose window is over 128 MiB).
    if let Some(max) = max_bytes {
        reader = Box::new(Bounded::new(reader, max));
    }
    Ok(Opened {
        name,
        compression: found,
        reader,
    })
}

/// The first 4 bytes of the stream (fewer only when the stream is shorter): a pipe may
/// deliver them in several reads.
fn read_head<R: Read>(r: &mut R) -> io::Result<Vec<u8>> {
    let mut head = [0u8; 4];
    let mut n = 0;
    while n < head.len() {
        match r.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(got) => n += got,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(head[..n].to_vec())
}
