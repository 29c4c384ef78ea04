//! A DGT e-Board's serial output (DGT's public protocol description `dgtbrd.h`; copies in
//! github.com/jromang/picochess `test/dgtbrd-ruud.h`; DGT reserves its commercial use, see
//! docs/eboards.md, "Digital boards") decoded incrementally into the recogniser's [`Snapshot`]s.
//!
//! - [`Framer`]: bytes in, whole messages ([`Frame`]) out. A message is
//!   `[id | 0x80][len >> 7][len & 0x7F][payload]`, the length counting the 3 header bytes; only
//!   an id has its high bit set, so the framer resynchronises on it after noise or a cut;
//! - [`decode`]: a frame's meaning ([`Message`]): the board dump `0x86` (64 piece codes,
//!   field 0 = a8 … 63 = h1), the field update `0x8E` (field, new piece code, 0 = emptied),
//!   the clock `0x8D` (right then left clock in BCD, then a status byte), serial number and
//!   version;
//! - [`DgtDecoder`]: the stateful reader a file reader or a live link pushes bytes into (with a
//!   time in ms when known); it keeps the 64-square board and the clock and yields a
//!   [`Snapshot`] per change: a placement after every dump or update that changes the board, a
//!   clock press when the running clock changes sides (the player whose clock stops pressed),
//!   a `flag_fall` event when a flag falls;
//! - [`CaptureRecord`] / [`read_capture`]: capture files, in the three forms a DGT stream is
//!   kept: raw bytes, one message per line in base64 (as dgtdriver's test resources), and our
//!   own JSON Lines `{"t_ms": 1234, "hex": "8e00053400"}` (what `arbiter board record` writes).
//!
//! ```
//! use arbiter::board::dgt::{DgtDecoder, Position};
//! use arbiter::board::Reading;
//!
//! let mut decoder = DgtDecoder::new();
//! let mut out = Vec::new();
//! // A field update: a white pawn (code 1) on e2 (field 52), in two pieces as a serial link
//! // may deliver it.
//! decoder.push(&[0x8e, 0x00], None, Position::Auto, &mut out);
//! assert!(out.is_empty());
//! decoder.push(&[0x05, 52, 1], Some(1500), Position::Auto, &mut out);
//! let snap = out.pop().unwrap().unwrap();
//! assert_eq!(snap.t, Some(1.5));
//! assert!(matches!(snap.reading, Reading::Placement(_)));
//! ```

mod capture;
mod protocol;

pub use capture::{
    CaptureForm, CaptureRecord, base64_decode, capture_form, looks_like_dgt_capture, read_capture,
    read_capture_with_clock,
};
pub use protocol::{
    ClockFace, ClockReading, ClockSide, Frame, Framer, Message, code_of_piece, decode,
    field_of_square, piece_of_code, square_of_field,
};

use shakmaty::{Board, Color, Piece};

use super::placement::{Reading, Snapshot};

/// Message ids sent by the board (`dgtbrd.h`, `DGT_MSG_*`: the command code with the high bit).
pub mod id {
    /// `DGT_MSG_BOARD_DUMP`: 64 piece codes.
    pub const BOARD_DUMP: u8 = 0x86;
    /// `DGT_MSG_BWTIME`: the clock's two times and status, or a clock acknowledgement.
    pub const CLOCK: u8 = 0x8D;
    /// `DGT_MSG_FIELD_UPDATE`: one field's new piece code.
    pub const FIELD_UPDATE: u8 = 0x8E;
    /// `DGT_MSG_SERIALNR`: 5 ASCII characters.
    pub const SERIAL_NUMBER: u8 = 0x91;
    /// `DGT_MSG_VERSION`: major and minor version.
    pub const VERSION: u8 = 0x93;
    /// `DGT_MSG_LONG_SERIALNR`: 10 ASCII characters (Bluetooth boards).
    pub const LONG_SERIAL_NUMBER: u8 = 0xA2;
}

/// The longest message accepted (the protocol's longest, the move log `0x8F`, is far shorter).
const MAX_LEN: usize = 1 << 12;

/// Why part of a DGT capture cannot be read. Offsets are bytes from the start of the stream
/// (of the decoded bytes for the base64 and JSON Lines forms); lines are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DgtError {
    /// A field update names a field beyond 63.
    #[error("byte {offset}: field update for field {field}, but a board has fields 0 to 63")]
    Field {
        /// The message's offset.
        offset: u64,
        /// The field number read.
        field: u8,
    },
    /// A piece code beyond 15.
    #[error("byte {offset}: piece code {code} is not a DGT piece code (0 to 15)")]
    PieceCode {
        /// The offset of the message holding it.
        offset: u64,
        /// The code read.
        code: u8,
    },
    /// A known message with the wrong length.
    #[error("byte {offset}: message 0x{id:02X} is {len} bytes long, expected {expected}")]
    Length {
        /// The message's offset.
        offset: u64,
        /// Its id.
        id: u8,
        /// Its length (header included).
        len: usize,
        /// The protocol's length.
        expected: usize,
    },
    /// A line of a base64 capture is not base64.
    #[error("line {line}: not base64 ({reason})")]
    Base64 {
        /// The line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A line of a JSON Lines capture is not a `{"t_ms": …, "hex": …}` record.
    #[error("line {line}: not a capture record {{\"t_ms\": …, \"hex\": …}}: {reason}")]
    Record {
        /// The line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A record's time is earlier than the previous one's.
    #[error("line {line}: time {t_ms} ms is earlier than the previous record's {previous} ms")]
    TimeBackwards {
        /// The line.
        line: usize,
        /// The time read.
        t_ms: u64,
        /// The previous time.
        previous: u64,
    },
    /// The capture holds no DGT message at all.
    #[error("no DGT board message in the capture ({bytes} bytes read)")]
    NoMessage {
        /// Bytes read.
        bytes: u64,
    },
}

/// Where the snapshots of pushed bytes are said to come from (their [`Snapshot::line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// The 1-based number of the message in the stream (raw binary captures, live links).
    Auto,
    /// This line of a text capture (the bytes of one line are pushed at once).
    Line(usize),
}

/// The stateful DGT reader: push bytes as they arrive ([`DgtDecoder::push`]); it frames and
/// decodes them, keeps the board and the clock, and appends the [`Snapshot`]s the recogniser
/// reads:
///
/// - [`Reading::Placement`] after a board dump or a field update that changes the board (the
///   board as the sensors see it; a field update before any dump changes an empty board);
/// - [`Reading::Clock`] when the running clock changes sides: the player whose clock stops
///   pressed it (Laws 6.2.1). The clock's left and right are given colours when the clock
///   first runs: the side that runs first is White's when the board stands in the start
///   position (or before the board is known), since White moves first; otherwise the board's
///   orientation decides (White's clock on the left when the board is the right way round).
///   The first start of the clock is no press; a clock stopped and started on the same side
///   is none either;
/// - [`Reading::Event`] `{"type": "flag_fall", "side": …}` when a running side's flag falls
///   (Laws 6.9), once per side;
/// - [`Reading::Gap`] before a board dump that differs from the board its updates built: the
///   updates between were missed (the link was down and was opened again).
///
/// Acknowledgements and blank clock messages are ignored. Times: the time pushed with the
/// bytes (ms, e.g. the `t_ms` of a capture record), else the capture's own clock (seconds of
/// the clocks' times consumed since the first clock message), else none (message order).
#[derive(Debug, Clone)]
pub struct DgtDecoder {
    framer: Framer,
    fields: [Option<Piece>; 64],
    clock: Option<ClockReading>,
    last_running: Option<ClockSide>,
    left_colour: Option<Color>,
    elapsed: Option<f64>,
    flags: [bool; 2],
    serial: Option<String>,
    messages: usize,
    board_seen: bool,
}

impl Default for DgtDecoder {
    fn default() -> Self {
        DgtDecoder::new()
    }
}

impl DgtDecoder {
    /// A decoder with an empty board and no clock.
    pub fn new() -> DgtDecoder {
        DgtDecoder {
            framer: Framer::new(),
            fields: [None; 64],
            clock: None,
            last_running: None,
            left_colour: None,
            elapsed: None,
            flags: [false; 2],
            serial: None,
            messages: 0,
            board_seen: false,
        }
    }

    /// Reads `bytes` (any piece of the stream: part of a message, several messages), received
    /// at `t_ms` milliseconds when known, and appends what they show to `out`, in order: a
    /// snapshot per change, or an error for a message that cannot be read (reading goes on
    /// with the next message).
    pub fn push(
        &mut self,
        bytes: &[u8],
        t_ms: Option<u64>,
        position: Position,
        out: &mut Vec<Result<Snapshot, DgtError>>,
    ) {
        // Each message takes the time and position of the push that completed it.
        self.framer.push(bytes);
        while let Some(frame) = self.framer.next_frame() {
            self.messages += 1;
            let line = match position {
                Position::Auto => self.messages,
                Position::Line(l) => l,
            };
            match decode(&frame) {
                Ok(message) => self.apply(message, t_ms, line, out),
                Err(e) => out.push(Err(e)),
            }
        }
    }

    /// The board as the sensors see it now.
    pub fn board(&self) -> Board {
        let mut board = Board::empty();
        for (field, piece) in self.fields.iter().enumerate() {
            if let (Some(p), Some(sq)) = (piece, square_of_field(field as u8)) {
                board.set_piece_at(sq, *p);
            }
        }
        board
    }

    /// The last clock reading with times.
    pub fn clock(&self) -> Option<&ClockReading> {
        self.clock.as_ref()
    }

    /// The colour of the player whose clock is on the given side, once known.
    pub fn colour_of(&self, side: ClockSide) -> Option<Color> {
        self.left_colour.map(|left| match side {
            ClockSide::Left => left,
            ClockSide::Right => !left,
        })
    }

    /// Fixes the colours of the clock's sides (for a capture that starts mid-game).
    pub fn set_left_colour(&mut self, colour: Color) {
        self.left_colour = Some(colour);
    }

    /// The board's serial number, once it has sent it.
    pub fn serial_number(&self) -> Option<&str> {
        self.serial.as_deref()
    }

    /// Messages read so far.
    pub fn messages(&self) -> usize {
        self.messages
    }

    /// The framer: bytes skipped, bytes waiting for the rest of a message.
    pub fn framer(&self) -> &Framer {
        &self.framer
    }

    fn time(&self, t_ms: Option<u64>) -> Option<f64> {
        t_ms.map(|ms| ms as f64 / 1000.0).or(self.elapsed)
    }

    fn apply(
        &mut self,
        message: Message,
        t_ms: Option<u64>,
        line: usize,
        out: &mut Vec<Result<Snapshot, DgtError>>,
    ) {
        match message {
            Message::BoardDump(fields) => {
                let changed = !self.board_seen || *fields != self.fields;
                // A dump that differs from the board the updates built: updates were missed
                // (the link was down and is open again): a gap.
                if self.board_seen && changed {
                    // The clock was pressed meanwhile too: its next reading only tells which
                    // side runs now, it is no press.
                    self.last_running = None;
                    out.push(Ok(Snapshot {
                        line,
                        t: self.time(t_ms),
                        reading: Reading::Gap,
                    }));
                }
                self.fields = *fields;
                self.board_seen = true;
                if changed {
                    self.placement(t_ms, line, out);
                }
            }
            Message::FieldUpdate { field, piece } => {
                let slot = &mut self.fields[usize::from(field)];
                if *slot != piece {
                    *slot = piece;
                    self.placement(t_ms, line, out);
                }
            }
            Message::Clock(reading) => self.clock_reading(reading, t_ms, line, out),
            Message::SerialNumber(s) => self.serial = Some(s),
            Message::ClockAck
            | Message::ClockBlank
            | Message::Version { .. }
            | Message::Other { .. } => {}
        }
    }

    fn placement(&self, t_ms: Option<u64>, line: usize, out: &mut Vec<Result<Snapshot, DgtError>>) {
        out.push(Ok(Snapshot {
            line,
            t: self.time(t_ms),
            reading: Reading::Placement(self.board()),
        }));
    }

    fn clock_reading(
        &mut self,
        reading: ClockReading,
        t_ms: Option<u64>,
        line: usize,
        out: &mut Vec<Result<Snapshot, DgtError>>,
    ) {
        // The capture's own clock: the time consumed on either face since the last reading.
        let consumed = match &self.clock {
            Some(prev) => {
                prev.left.seconds.saturating_sub(reading.left.seconds)
                    + prev.right.seconds.saturating_sub(reading.right.seconds)
            }
            None => 0,
        };
        self.elapsed = Some(self.elapsed.unwrap_or(0.0) + f64::from(consumed));
        self.clock = Some(reading);
        let t = self.time(t_ms);
        if let Some(running) = reading.running {
            if self.left_colour.is_none() {
                let start = self.board() == Board::default() || !self.board_seen;
                let rotated = {
                    let mut b = Board::default();
                    b.rotate_180();
                    self.board() == b
                };
                // White's clock runs first; mid-game, White sits on the left of a board that
                // is the right way round.
                let running_colour = if start || rotated {
                    Color::White
                } else {
                    match running {
                        ClockSide::Left => Color::White,
                        ClockSide::Right => Color::Black,
                    }
                };
                self.left_colour = Some(match running {
                    ClockSide::Left => running_colour,
                    ClockSide::Right => !running_colour,
                });
            }
            if let Some(last) = self.last_running
                && last != running
                && let Some(presser) = self.colour_of(last)
            {
                out.push(Ok(Snapshot {
                    line,
                    t,
                    reading: Reading::Clock(presser),
                }));
            }
            self.last_running = Some(running);
        }
        for (i, side) in [ClockSide::Left, ClockSide::Right].into_iter().enumerate() {
            if reading.face(side).flag && !self.flags[i] {
                self.flags[i] = true;
                if let Some(colour) = self.colour_of(side) {
                    out.push(Ok(Snapshot {
                        line,
                        t,
                        reading: Reading::Event(serde_json::json!({
                            "type": "flag_fall",
                            "side": colour.to_string(),
                        })),
                    }));
                }
            }
        }
    }
}
