//! The capture a link writes while it runs, so that the game can be judged again later
//! (`arbiter judge`) from exactly what the board sent:
//!
//! - a DGT board: JSON Lines, one message a line, `{"t_ms": 1234, "hex": "8e00053400"}`:
//!   the milliseconds since the link was opened and the message's bytes in hexadecimal,
//!   header included (the DGT reader's [`CaptureRecord`]);
//! - LiveChess: the session's transcript, one WebSocket frame a line as it was sent or
//!   received (the link's `eboards` and `subscribe` calls, LiveChess's answers and feed).
//!
//! Each line is written and flushed as it comes: a recording cut short (the computer switched
//! off) keeps every whole line written before. An existing recording is never overwritten;
//! it is continued only when asked (`append`).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::LinkEvent;
use crate::board::dgt::CaptureRecord;

/// Errors writing a capture.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The file exists and is not empty, and appending was not asked for.
    #[error(
        "{path}: the file exists and holds a recording; give another name, or continue it with --append"
    )]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be created or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
}

/// A capture file being written.
#[derive(Debug)]
pub struct Capture {
    file: File,
    path: PathBuf,
    lines: u64,
    /// Added to the DGT lines' `t_ms`: the last time of the recording continued, so that the
    /// times never run backwards.
    offset_ms: u64,
}

impl Capture {
    /// Opens `path` for a new recording, or continues it when `append` is true.
    ///
    /// # Errors
    /// [`RecordError::Exists`] when the file holds something and `append` is false;
    /// [`RecordError::Io`] when it cannot be opened.
    pub fn create(path: &Path, append: bool) -> Result<Capture, RecordError> {
        let io_error = |source| RecordError::Io {
            path: path.to_owned(),
            source,
        };
        let mut options = OpenOptions::new();
        options.create(true).append(true);
        let file = options.open(path).map_err(io_error)?;
        let len = file.metadata().map_err(io_error)?.len();
        if len > 0 && !append {
            return Err(RecordError::Exists {
                path: path.to_owned(),
            });
        }
        let offset_ms = if len > 0 {
            last_time(&std::fs::read_to_string(path).map_err(io_error)?)
        } else {
            0
        };
        Ok(Capture {
            file,
            path: path.to_owned(),
            lines: 0,
            offset_ms,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Lines written so far by this capture.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Writes the event's line, if it has one (a DGT message, a LiveChess frame; nothing for
    /// the link's own state). Returns whether a line was written.
    ///
    /// # Errors
    /// [`RecordError::Io`] when the line cannot be written.
    pub fn write(&mut self, event: &LinkEvent) -> Result<bool, RecordError> {
        let line = match event {
            LinkEvent::Dgt { t_ms, message } => {
                CaptureRecord::new(Some(t_ms + self.offset_ms), message).to_line()
            }
            LinkEvent::Frame { text, .. } => text.clone(),
            _ => return Ok(false),
        };
        let mut bytes = line.into_bytes();
        bytes.push(b'\n');
        // One write per line, no buffer: a line is on disk as soon as the board sent it.
        self.file
            .write_all(&bytes)
            .map_err(|source| RecordError::Io {
                path: self.path.clone(),
                source,
            })?;
        self.lines += 1;
        Ok(true)
    }
}

/// The last `t_ms` of a DGT capture (0 when it has none: a LiveChess transcript, whose frames
/// carry LiveChess's own `time`).
fn last_time(text: &str) -> u64 {
    text.lines()
        .rev()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find_map(|v| v.get("t_ms").and_then(serde_json::Value::as_u64))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_recording_is_continued_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.jsonl");
        let mut c = Capture::create(&path, false).unwrap();
        let msg = LinkEvent::Dgt {
            t_ms: 5,
            message: vec![0x8e, 0x00, 0x05, 0x34, 0x00],
        };
        assert!(c.write(&msg).unwrap());
        let state = LinkEvent::GaveUp {
            t_ms: 6,
            reason: String::new(),
            attempts: 1,
        };
        assert!(!c.write(&state).unwrap());
        drop(c);
        assert!(matches!(
            Capture::create(&path, false),
            Err(RecordError::Exists { .. })
        ));
        let mut c = Capture::create(&path, true).unwrap();
        c.write(&msg).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        // The continued recording's times go on from its last one.
        assert_eq!(
            text,
            "{\"t_ms\":5,\"hex\":\"8e00053400\"}\n{\"t_ms\":10,\"hex\":\"8e00053400\"}\n"
        );
    }
}
