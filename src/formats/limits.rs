//! How much of an input the readers take: the decompressed size of one input, a game's text,
//! its plies, a comment and a line. Past a limit the reader stops with [`LimitExceeded`], which
//! names the limit and the flag that raises it (`--limit KEY=VALUE`), in the user's language;
//! nothing past it is held in memory. A few bytes of compressed input can decompress to
//! gigabytes (a "bomb": 94 bytes of bzip2 to 2.8 GB), and a reader that buffers a comment, a
//! line, a game or a whole board log would follow them there.
//!
//! ```
//! use arbiter::formats::limits::{Limit, ReadLimits};
//!
//! let mut limits = ReadLimits::upload();
//! assert_eq!(limits.input_bytes, Some(64 << 20));
//! limits.set("plies", "30000").unwrap();
//! limits.set("input", "256MiB").unwrap();
//! assert_eq!((limits.plies, limits.input_bytes), (30_000, Some(256 << 20)));
//! assert!(limits.set("plies", "many").is_err());
//! assert_eq!(Limit::Plies.key(), "plies");
//! ```

use std::io::{self, BufRead, Read};

use crate::i18n::Lang;

/// The longest game possible under the 75-move rule (Laws 9.6.2: the game ends when 75 moves
/// of each side pass without a capture or a pawn move): 8,848½ moves, 17,697 plies. A record
/// longer than that is no game that was played.
pub const LONGEST_GAME_PLIES: usize = 17_697;

/// The limits of one reading. `Default` is for the files named on the command line: no limit
/// on a whole input (a game database is many gigabytes), the per-game limits as below;
/// [`ReadLimits::upload`] is for a file uploaded to the desk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// Bytes of one input after decompression (`input`); `None`: no limit.
    pub input_bytes: Option<u64>,
    /// Bytes of one game's text (`game`): a PGN game's tags and movetext, an event log's lines
    /// up to the next header, a whole e-board log. Default 16 MiB (a long game's e-board log is
    /// well under 1 MiB).
    pub game_bytes: u64,
    /// Plies (half-moves) of one game (`plies`). Default 20,000: above [`LONGEST_GAME_PLIES`].
    pub plies: usize,
    /// Bytes of one PGN comment (`comment`). Default 16 MiB for a file (a database's game
    /// may carry a long annotation; the game's limit holds it anyway), 1 MiB for an upload.
    pub comment_bytes: u64,
    /// Bytes of one line of an event log (`line`). Default 1 MiB (an event is under 1 KiB).
    pub line_bytes: u64,
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits {
            input_bytes: None,
            game_bytes: 16 << 20,
            plies: 20_000,
            comment_bytes: 16 << 20,
            line_bytes: 1 << 20,
        }
    }
}

/// The decompressed size of one uploaded file the desk reads by default: 64 MiB.
pub const UPLOAD_BYTES: u64 = 64 << 20;

impl ReadLimits {
    /// The limits of a file uploaded to the desk: at most [`UPLOAD_BYTES`] decompressed, a
    /// comment of at most 1 MiB, the others as the defaults.
    pub fn upload() -> Self {
        ReadLimits {
            input_bytes: Some(UPLOAD_BYTES),
            comment_bytes: 1 << 20,
            ..ReadLimits::default()
        }
    }

    /// Sets the limit named `key` ([`Limit::key`]) from `value` (a size as [`parse_size`]
    /// reads it, plies as a number).
    ///
    /// # Errors
    /// An unknown key or a value that is not a size (a number), in words.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let size = || parse_size(value).ok_or_else(|| format!("{key}={value}: not a size"));
        match key {
            "input" => self.input_bytes = Some(size()?),
            "game" => self.game_bytes = size()?,
            "comment" => self.comment_bytes = size()?,
            "line" => self.line_bytes = size()?,
            "plies" => {
                self.plies = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("{key}={value}: not a number"))?;
            }
            other => {
                return Err(format!(
                    "{other}: no such limit (input, game, plies, comment, line)"
                ));
            }
        }
        Ok(())
    }
}

/// `KEY=VALUE` of `--limit` as its two parts, trimmed.
///
/// # Errors
/// A text without `=`, in words.
pub fn key_value(given: &str) -> Result<(&str, &str), String> {
    given
        .split_once('=')
        .map(|(k, v)| (k.trim(), v.trim()))
        .ok_or_else(|| format!("{given}: not KEY=VALUE (e.g. plies=30000)"))
}

impl ReadLimits {
    /// The limits `base` with every `KEY=VALUE` of `--limit` set in turn.
    ///
    /// # Errors
    /// The first that is not `KEY=VALUE` or that [`ReadLimits::set`] refuses.
    pub fn parse<'a>(
        mut self,
        given: impl IntoIterator<Item = &'a str>,
    ) -> Result<ReadLimits, String> {
        for kv in given {
            let (k, v) = key_value(kv)?;
            self.set(k, v)?;
        }
        Ok(self)
    }
}

/// A size as a person writes it: `65536`, `512KiB`, `64MiB`, `1GiB` (also `K`, `M`, `G`, `KB`,
/// `MB`, `GB`, all read as powers of 1,024; any case, a space allowed before the unit).
///
/// ```
/// use arbiter::formats::limits::parse_size;
/// assert_eq!(parse_size("64MiB"), Some(64 << 20));
/// assert_eq!(parse_size("512 k"), Some(512 << 10));
/// assert_eq!(parse_size("100"), Some(100));
/// assert_eq!(parse_size("1.5G"), None);
/// ```
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let n: u64 = t.get(..digits)?.parse().ok()?;
    let shift = match t.get(digits..)?.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return None,
    };
    n.checked_mul(1 << shift)
}

/// A size for people in `lang`: `64 MiB`, `512 KiB`, `1000 bytes` (`64 МиБ`…), the largest
/// unit that divides it.
pub fn size_text(bytes: u64, lang: Lang) -> String {
    let (n, unit) = match bytes {
        b if b >= 1 << 30 && b.is_multiple_of(1 << 30) => (b >> 30, "size-gib"),
        b if b >= 1 << 20 && b.is_multiple_of(1 << 20) => (b >> 20, "size-mib"),
        b if b >= 1 << 10 && b.is_multiple_of(1 << 10) => (b >> 10, "size-kib"),
        b => (b, "size-bytes"),
    };
    lang.fmt(unit, &[("n", &n.to_string())])
}

/// Which limit an input went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`ReadLimits::input_bytes`].
    Input,
    /// [`ReadLimits::game_bytes`].
    Game,
    /// [`ReadLimits::plies`].
    Plies,
    /// [`ReadLimits::comment_bytes`].
    Comment,
    /// [`ReadLimits::line_bytes`].
    Line,
}

impl Limit {
    /// The limit's name for `--limit KEY=VALUE`.
    pub fn key(self) -> &'static str {
        match self {
            Limit::Input => "input",
            Limit::Game => "game",
            Limit::Plies => "plies",
            Limit::Comment => "comment",
            Limit::Line => "line",
        }
    }
}

/// An input past one of its [`ReadLimits`]: reading stopped there. Carried inside the
/// `io::Error` of the reader that met it ([`LimitExceeded::into_io`], found again by
/// [`LimitExceeded::of_io`]), so every reader's error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text(Lang::En))]
pub struct LimitExceeded {
    /// The limit.
    pub limit: Limit,
    /// Its value: bytes, or plies for [`Limit::Plies`].
    pub value: u64,
}

impl LimitExceeded {
    /// The refusal in `lang`: what went past which limit, and the flag that raises it.
    pub fn text(&self, lang: Lang) -> String {
        let id = match self.limit {
            Limit::Input => "lim-input",
            Limit::Game => "lim-game",
            Limit::Plies => "lim-plies",
            Limit::Comment => "lim-comment",
            Limit::Line => "lim-line",
        };
        lang.fmt(
            id,
            &[
                ("size", &size_text(self.value, lang)),
                ("n", &self.value.to_string()),
            ],
        )
    }

    /// As an `io::Error` (kind `InvalidData`) for a reader to return.
    pub fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }

    /// The limit an `io::Error` carries, if it is one.
    pub fn of_io(e: &io::Error) -> Option<&LimitExceeded> {
        e.get_ref()?.downcast_ref::<LimitExceeded>()
    }
}

/// A reader that gives at most `limit` bytes of `inner` and then fails with
/// [`Limit::Input`] if `inner` has more (so an input of exactly `limit` bytes reads whole).
pub struct Bounded<R> {
    inner: R,
    left: u64,
    limit: u64,
}

impl<R: Read> Bounded<R> {
    /// At most `limit` bytes of `inner`.
    pub fn new(inner: R, limit: u64) -> Self {
        Bounded {
            inner,
            left: limit,
            limit,
        }
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // Whether anything is left: one byte more is past the limit.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(LimitExceeded {
                    limit: Limit::Input,
                    value: self.limit,
                }
                .into_io()),
            };
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(buf.get_mut(..want).unwrap_or_default())?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads one line of `input` into `line` (cleared first, the `\n` and a `\r` before it taken
/// off): `Ok(false)` at the end of the input. At most `max` bytes are taken for the line.
///
/// # Errors
/// [`Limit::Line`] for a line longer than `max` bytes (the rest of it is left unread), the
/// input's I/O errors.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: u64) -> io::Result<bool> {
    line.clear();
    let n = input.take(max.saturating_add(1)).read_until(b'\n', line)?;
    if n == 0 {
        return Ok(false);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    } else if line.len() as u64 > max {
        return Err(LimitExceeded {
            limit: Limit::Line,
            value: max,
        }
        .into_io());
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_reads_up_to_the_limit_and_no_further() {
        let mut all = Vec::new();
        Bounded::new(&b"abcd"[..], 4).read_to_end(&mut all).unwrap();
        assert_eq!(all, b"abcd");
        let mut some = Vec::new();
        let e = Bounded::new(&b"abcde"[..], 4)
            .read_to_end(&mut some)
            .unwrap_err();
        assert_eq!(
            LimitExceeded::of_io(&e),
            Some(&LimitExceeded {
                limit: Limit::Input,
                value: 4
            })
        );
        assert_eq!(some, b"abcd");
    }

    #[test]
    fn lines_up_to_the_limit() {
        let mut input = &b"ab\r\ncd\nefgh\n"[..];
        let mut line = Vec::new();
        assert!(read_line(&mut input, &mut line, 3).unwrap());
        assert_eq!(line, b"ab");
        assert!(read_line(&mut input, &mut line, 3).unwrap());
        assert_eq!(line, b"cd");
        let e = read_line(&mut input, &mut line, 3).unwrap_err();
        assert_eq!(LimitExceeded::of_io(&e).map(|l| l.limit), Some(Limit::Line));
        // Exactly at the limit, with or without its line end.
        let mut input = &b"abc\nabc"[..];
        assert!(read_line(&mut input, &mut line, 3).unwrap());
        assert!(read_line(&mut input, &mut line, 3).unwrap());
        assert_eq!(line, b"abc");
        assert!(!read_line(&mut input, &mut line, 3).unwrap());
    }

    #[test]
    fn refusals_name_the_limit_and_its_flag_in_both_languages() {
        let e = LimitExceeded {
            limit: Limit::Input,
            value: 64 << 20,
        };
        assert!(e.to_string().contains("64 MiB"), "{e}");
        assert!(e.to_string().contains("--limit input="), "{e}");
        let ru = e.text(Lang::Ru);
        assert!(
            ru.contains("64 МиБ") && ru.contains("--limit input="),
            "{ru}"
        );
        let e = LimitExceeded {
            limit: Limit::Plies,
            value: 20_000,
        };
        assert!(e.to_string().contains("20000 plies"), "{e}");
        assert!(
            e.text(Lang::Ru).contains("20000 полуходов"),
            "{}",
            e.text(Lang::Ru)
        );
        assert_eq!(size_text(1000, Lang::En), "1000 bytes");
        assert_eq!(size_text(3 << 10, Lang::Ru), "3 КиБ");
    }

    #[test]
    fn the_longest_game_is_under_the_default() {
        assert!(ReadLimits::default().plies > LONGEST_GAME_PLIES);
    }
}
