//! DGT capture files: raw bytes, one message a line in base64, our timed JSON Lines.

use serde::{Deserialize, Serialize};

use super::protocol::{Framer, fixed_len};
use super::{ClockSide, DgtDecoder, DgtError, Position};
use crate::board::placement::Snapshot;
use crate::game::event::ClockTime;

/// One record of our JSON Lines capture form: bytes as received from the board, in hex, with
/// the time they arrived in milliseconds since the recording started.
///
/// ```
/// use arbiter::board::dgt::CaptureRecord;
///
/// let r = CaptureRecord::new(Some(1234), &[0x8e, 0x00, 0x05, 0x34, 0x00]);
/// assert_eq!(r.to_line(), r#"{"t_ms":1234,"hex":"8e00053400"}"#);
/// assert_eq!(r.bytes().unwrap(), [0x8e, 0x00, 0x05, 0x34, 0x00]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureRecord {
    /// Milliseconds since the recording started, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub t_ms: Option<u64>,
    /// The bytes, two lower- or upper-case hex digits each.
    pub hex: String,
}

impl CaptureRecord {
    /// A record of `bytes` received at `t_ms`.
    pub fn new(t_ms: Option<u64>, bytes: &[u8]) -> CaptureRecord {
        use std::fmt::Write;
        let mut hex = String::with_capacity(bytes.len() * 2);
        for b in bytes {
            let _ = write!(hex, "{b:02x}");
        }
        CaptureRecord { t_ms, hex }
    }

    /// The record as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The bytes.
    ///
    /// # Errors
    /// The reason when `hex` is not an even number of hex digits.
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        let h = self.hex.as_bytes();
        if !h.len().is_multiple_of(2) {
            return Err(format!("odd number of hex digits ({})", h.len()));
        }
        h.chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let digit = |c: u8| (c as char).to_digit(16);
                match (digit(pair[0]), digit(pair[1])) {
                    (Some(a), Some(b)) => Ok((a * 16 + b) as u8),
                    _ => Err(format!("not a hex digit at character {}", 2 * i + 1)),
                }
            })
            .collect()
    }
}

/// The form of a DGT capture file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureForm {
    /// The bytes as the board sent them.
    Binary,
    /// One message a line, base64 (dgtdriver's `.inbytes`).
    Base64Lines,
    /// Our JSON Lines records ([`CaptureRecord`]).
    JsonLines,
}

/// The form of a capture, from its content: binary when a byte has its high bit set (every
/// DGT message starts with one) or is a control character other than a line break or tab;
/// else JSON Lines when the first non-blank byte is `{`; else base64 lines.
pub fn capture_form(bytes: &[u8]) -> CaptureForm {
    let binary = bytes
        .iter()
        .any(|&b| b >= 0x80 || (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t')));
    if binary {
        return CaptureForm::Binary;
    }
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => CaptureForm::JsonLines,
        _ => CaptureForm::Base64Lines,
    }
}

/// Content detection for `--input auto`: a capture in any of the three forms whose first
/// message (in the first 64 KiB) is a DGT board message: a board dump, field update, clock,
/// serial number or version message.
pub fn looks_like_dgt_capture(head: &[u8]) -> bool {
    let form = capture_form(head);
    let first_line = |text: &[u8]| -> Option<Vec<u8>> {
        let line = text
            .split(|&b| b == b'\n')
            .map(|l| l.trim_ascii())
            .find(|l| !l.is_empty())?;
        Some(line.to_vec())
    };
    let bytes = match form {
        CaptureForm::Binary => head.to_vec(),
        CaptureForm::Base64Lines => match first_line(head).map(|l| base64_decode(&l)) {
            Some(Ok(b)) => b,
            _ => return false,
        },
        CaptureForm::JsonLines => {
            let Some(line) = first_line(head) else {
                return false;
            };
            match serde_json::from_slice::<CaptureRecord>(&line).map(|r| r.bytes()) {
                Ok(Ok(b)) => b,
                _ => return false,
            }
        }
    };
    // The first byte must be a message's id, and the first message a known board message.
    if bytes.first().is_none_or(|b| b & 0x80 == 0) {
        return false;
    }
    let mut framer = Framer::new();
    framer.push(&bytes);
    framer.skipped() == 0
        && framer
            .next_frame()
            .is_some_and(|f| f.offset == 0 && fixed_len(f.id).is_some())
}

/// Decodes standard base64 (padding optional).
///
/// # Errors
/// The reason, with the character's 1-based column.
pub fn base64_decode(text: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut padding = false;
    for (i, &c) in text.iter().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => {
                padding = true;
                continue;
            }
            _ => {
                return Err(format!("character {:?} at column {}", char::from(c), i + 1));
            }
        };
        if padding {
            return Err(format!("data after padding at column {}", i + 1));
        }
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if bits >= 6 {
        return Err("truncated (a lone character at the end)".into());
    }
    Ok(out)
}

/// Reads a whole capture, in any of its forms ([`capture_form`]), into snapshots, with the
/// decoder that read it (serial number, clock, bytes skipped). Line numbers are those of the
/// file for the text forms, message numbers for binary.
///
/// # Errors
/// The first [`DgtError`]: a line that is not base64 or not a record, a time going backwards,
/// a message that cannot be read (with its byte offset), or no message at all.
pub fn read_capture(bytes: &[u8]) -> Result<(Vec<Snapshot>, DgtDecoder), DgtError> {
    read_capture_with_clock(bytes).map(|(s, d, _)| (s, d))
}

/// As [`read_capture`], with the clocks' times through the capture: a [`ClockTime`] at each
/// line (message number for binary) where the clock's times change, once the clock's sides
/// have colours (White's and Black's time left, seconds).
///
/// # Errors
/// As [`read_capture`].
pub fn read_capture_with_clock(
    bytes: &[u8],
) -> Result<(Vec<Snapshot>, DgtDecoder, Vec<ClockTime>), DgtError> {
    let mut decoder = DgtDecoder::new();
    let mut out = Vec::new();
    let mut snapshots = Vec::new();
    let mut clock: Vec<ClockTime> = Vec::new();
    let observe = |decoder: &DgtDecoder, line: usize, clock: &mut Vec<ClockTime>| {
        let (Some(reading), Some(left)) = (decoder.clock(), decoder.colour_of(ClockSide::Left))
        else {
            return;
        };
        let (white, black) = match left {
            shakmaty::Color::White => (reading.left.seconds, reading.right.seconds),
            shakmaty::Color::Black => (reading.right.seconds, reading.left.seconds),
        };
        if clock
            .last()
            .is_none_or(|c| (c.white, c.black) != (white, black))
        {
            clock.push(ClockTime { line, white, black });
        }
    };
    let mut drain = |out: &mut Vec<Result<Snapshot, DgtError>>| -> Result<(), DgtError> {
        for item in out.drain(..) {
            snapshots.push(item?);
        }
        Ok(())
    };
    match capture_form(bytes) {
        CaptureForm::Binary => {
            // Byte by byte, so that each message's clock is seen at its own number.
            for byte in bytes.chunks(1) {
                let before = decoder.messages();
                decoder.push(byte, None, Position::Auto, &mut out);
                drain(&mut out)?;
                if decoder.messages() != before {
                    observe(&decoder, decoder.messages(), &mut clock);
                }
            }
        }
        CaptureForm::Base64Lines => {
            for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
                let line_no = i + 1;
                let text = line.trim_ascii();
                if text.is_empty() {
                    continue;
                }
                let data = base64_decode(text).map_err(|reason| DgtError::Base64 {
                    line: line_no,
                    reason,
                })?;
                decoder.push(&data, None, Position::Line(line_no), &mut out);
                drain(&mut out)?;
                observe(&decoder, line_no, &mut clock);
            }
        }
        CaptureForm::JsonLines => {
            let mut previous: Option<u64> = None;
            for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
                let line_no = i + 1;
                let text = line.trim_ascii();
                if text.is_empty() || text.starts_with(b"#") {
                    continue;
                }
                let record: CaptureRecord =
                    serde_json::from_slice(text).map_err(|e| DgtError::Record {
                        line: line_no,
                        reason: e.to_string(),
                    })?;
                let data = record.bytes().map_err(|reason| DgtError::Record {
                    line: line_no,
                    reason,
                })?;
                if let (Some(prev), Some(t)) = (previous, record.t_ms)
                    && t < prev
                {
                    return Err(DgtError::TimeBackwards {
                        line: line_no,
                        t_ms: t,
                        previous: prev,
                    });
                }
                previous = record.t_ms.or(previous);
                decoder.push(&data, record.t_ms, Position::Line(line_no), &mut out);
                drain(&mut out)?;
                observe(&decoder, line_no, &mut clock);
            }
        }
    }
    if decoder.messages() == 0 {
        return Err(DgtError::NoMessage {
            bytes: decoder.framer().offset(),
        });
    }
    Ok((snapshots, decoder, clock))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64() {
        assert_eq!(base64_decode(b"jgAFNAA=").unwrap(), [0x8e, 0, 5, 0x34, 0]);
        assert_eq!(base64_decode(b"jgAFNAA").unwrap(), [0x8e, 0, 5, 0x34, 0]);
        assert!(base64_decode(b"jg*A").is_err());
    }

    #[test]
    fn forms_are_recognised() {
        assert_eq!(
            capture_form(b"jgAFNAA=\njgAFJAE=\n"),
            CaptureForm::Base64Lines
        );
        assert_eq!(
            capture_form(b"{\"t_ms\":0,\"hex\":\"8e00053400\"}\n"),
            CaptureForm::JsonLines
        );
        assert_eq!(capture_form(&[0x8e, 0, 5, 0x34, 0]), CaptureForm::Binary);
        assert!(looks_like_dgt_capture(b"jgAFNAA=\n"));
        assert!(looks_like_dgt_capture(&[0x8e, 0, 5, 0x34, 0]));
        assert!(looks_like_dgt_capture(
            b"{\"t_ms\":0,\"hex\":\"8e00053400\"}\n"
        ));
        assert!(!looks_like_dgt_capture(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
        ));
        assert!(!looks_like_dgt_capture(b"[Event \"x\"]\n"));
        assert!(!looks_like_dgt_capture(b"{\"type\":\"move\"}\n"));
        assert!(!looks_like_dgt_capture(b""));
    }

    #[test]
    fn bad_records_name_their_line() {
        let e = read_capture(b"{\"t_ms\":0,\"hex\":\"8e000534\"}\n{\"t_ms\":1,\"hex\":\"8g\"}\n")
            .unwrap_err();
        assert!(matches!(e, DgtError::Record { line: 2, .. }), "{e}");
        let e = read_capture(&[0x8e, 0, 5, 70, 0]).unwrap_err();
        assert_eq!(
            e,
            DgtError::Field {
                offset: 0,
                field: 70
            }
        );
        let e = read_capture(b"jgAFNAA=\nj*\n").unwrap_err();
        assert!(matches!(e, DgtError::Base64 { line: 2, .. }), "{e}");
    }
}
