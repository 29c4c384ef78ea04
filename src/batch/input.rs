//! Opening the databases to replay: files or standard input, plain or compressed.
//!
//! The compression is recognised by its magic bytes (zstd `28 B5 2F FD`, gzip `1F 8B`,
//! bzip2 `BZh`), so a compressed stream on stdin or a file with a misleading name is still
//! read; the extension (`.zst`, `.gz`, `.bz2`) is checked against them, and a file named
//! `x.pgn.gz` that does not start like gzip is an error rather than a silent misreading.
//! Multi-member gzip and multi-stream bzip2 (as written by `pigz`/`pbzip2`) are read whole.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use serde::Serialize;

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
    let name = source.name();
    let raw: Box<dyn Read + Send> = match source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(p) => Box::new(File::open(p).map_err(|e| InputError::Open {
            file: name.clone(),
            source: e,
        })?),
    };
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
    if let Source::File(p) = source {
        let expected = Compression::from_extension(p);
        if expected != Compression::None && expected != found {
            return Err(InputError::CompressionMismatch {
                file: name,
                expected,
                found,
            });
        }
    }
    let reader: Box<dyn Read + Send> = match found {
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
