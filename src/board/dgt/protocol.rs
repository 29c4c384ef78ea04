//! The DGT serial protocol's framing and messages (`dgtbrd.h`).

use serde::{Deserialize, Serialize};
use shakmaty::{Color, File, Piece, Rank, Role, Square};

use super::{DgtError, MAX_LEN, id};

/// One message as framed from the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Offset of the id byte in the stream.
    pub offset: u64,
    /// The message id (high bit set).
    pub id: u8,
    /// The bytes after the 3-byte header.
    pub payload: Vec<u8>,
}

/// The fixed length (header included) of the messages whose length the protocol fixes.
pub(super) fn fixed_len(id: u8) -> Option<usize> {
    match id {
        id::BOARD_DUMP => Some(67),
        id::CLOCK => Some(10),
        id::FIELD_UPDATE => Some(5),
        id::SERIAL_NUMBER => Some(8),
        id::VERSION => Some(5),
        id::LONG_SERIAL_NUMBER => Some(13),
        _ => None,
    }
}

/// Splits a byte stream into messages, pushed in pieces of any size.
///
/// Bytes before an id byte, and a message cut by the next id byte, are skipped and counted
/// ([`Framer::skipped`]). A known message whose header announces the wrong length is skipped
/// the same way (its id byte is taken as noise).
#[derive(Debug, Default, Clone)]
pub struct Framer {
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    base: u64,
    skipped: u64,
}

impl Framer {
    /// An empty framer at offset 0.
    pub fn new() -> Framer {
        Framer::default()
    }

    /// Appends bytes read from the stream.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole message, if the bytes pushed hold one.
    pub fn next_frame(&mut self) -> Option<Frame> {
        loop {
            // Skip to the next id byte.
            let start = self.buf.iter().position(|b| b & 0x80 != 0);
            let Some(start) = start else {
                self.drop_front(self.buf.len(), true);
                return None;
            };
            self.drop_front(start, true);
            if self.buf.len() < 3 {
                return None;
            }
            let (id, hi, lo) = (self.buf[0], self.buf[1], self.buf[2]);
            if hi & 0x80 != 0 || lo & 0x80 != 0 {
                self.drop_front(1, true);
                continue;
            }
            let len = ((hi as usize) << 7) | lo as usize;
            if !(3..=MAX_LEN).contains(&len) || fixed_len(id).is_some_and(|n| n != len) {
                self.drop_front(1, true);
                continue;
            }
            // A byte with its high bit inside the payload starts the next message: this one
            // was cut.
            let avail = self.buf.len().min(len);
            if let Some(cut) = self.buf[3..avail].iter().position(|b| b & 0x80 != 0) {
                self.drop_front(3 + cut, true);
                continue;
            }
            if self.buf.len() < len {
                return None;
            }
            let frame = Frame {
                offset: self.base,
                id,
                payload: self.buf[3..len].to_vec(),
            };
            self.drop_front(len, false);
            return Some(frame);
        }
    }

    /// Bytes skipped so far (noise, cut messages).
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Bytes held back waiting for the rest of a message, and the offset where they start.
    pub fn pending(&self) -> (usize, u64) {
        (self.buf.len(), self.base)
    }

    /// Stream offset of the next byte to be pushed.
    pub fn offset(&self) -> u64 {
        self.base + self.buf.len() as u64
    }

    fn drop_front(&mut self, n: usize, skipped: bool) {
        if n == 0 {
            return;
        }
        self.buf.drain(..n);
        self.base += n as u64;
        if skipped {
            self.skipped += n as u64;
        }
    }
}

/// A side of the clock as the clock itself names it (it knows no colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockSide {
    /// The left clock (seen from the side the clock faces).
    Left,
    /// The right clock.
    Right,
}

/// One side's clock face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockFace {
    /// Time shown, in seconds.
    pub seconds: u32,
    /// The flag has fallen (bits D4 or D6 of the hours byte).
    pub flag: bool,
}

/// A clock message with times (`0x8D` that is neither an acknowledgement nor all zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockReading {
    /// The left clock.
    pub left: ClockFace,
    /// The right clock.
    pub right: ClockFace,
    /// The clock that runs, `None` when the clock is stopped (status bit D0 clear).
    pub running: Option<ClockSide>,
}

impl ClockReading {
    /// One side's face.
    pub fn face(&self, side: ClockSide) -> ClockFace {
        match side {
            ClockSide::Left => self.left,
            ClockSide::Right => self.right,
        }
    }
}

/// What one message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `0x86`: every field's piece, indexed by DGT field number (0 = a8 … 63 = h1).
    BoardDump(Box<[Option<Piece>; 64]>),
    /// `0x8E`: one field's new piece (`None`: emptied).
    FieldUpdate {
        /// DGT field number, 0 = a8 … 63 = h1.
        field: u8,
        /// The piece now there.
        piece: Option<Piece>,
    },
    /// `0x8D` with the two times.
    Clock(ClockReading),
    /// `0x8D` acknowledging a command sent to the clock (`0x0A` in the low nibble of byte 3 or
    /// byte 6): no time in it.
    ClockAck,
    /// `0x8D` with nothing in it (all zeros, or status "no clock", D5).
    ClockBlank,
    /// `0x91` / `0xA2`: the board's serial number.
    SerialNumber(String),
    /// `0x93`: the board's version.
    Version {
        /// Major version.
        major: u8,
        /// Minor version.
        minor: u8,
    },
    /// Any other message, not needed to judge.
    Other {
        /// Its id.
        id: u8,
    },
}

/// The piece a DGT piece code stands for: 0 empty, 1 P, 2 R, 3 N, 4 B, 5 K, 6 Q, 7 p, 8 r,
/// 9 n, 10 b, 11 k, 12 q; 13–15 are the "magic pieces" (no chess piece: read as empty).
/// `Some(None)` for an empty field; `None` for a code beyond 15.
pub fn piece_of_code(code: u8) -> Option<Option<Piece>> {
    let (color, role) = match code {
        0 | 13..=15 => return Some(None),
        1..=6 => (Color::White, code),
        7..=12 => (Color::Black, code - 6),
        _ => return None,
    };
    let role = match role {
        1 => Role::Pawn,
        2 => Role::Rook,
        3 => Role::Knight,
        4 => Role::Bishop,
        5 => Role::King,
        _ => Role::Queen,
    };
    Some(Some(Piece { color, role }))
}

/// The DGT piece code of a piece (`None` → 0): the inverse of [`piece_of_code`].
pub fn code_of_piece(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color == Color::White {
        base
    } else {
        base + 6
    }
}

/// The square of a DGT field number (0 = a8, 7 = h8, 56 = a1, 63 = h1), as the board's sensors
/// name it: a board turned round is not renumbered (the recogniser turns it, see
/// [`super::Orientation`]). `None` beyond 63.
pub fn square_of_field(field: u8) -> Option<Square> {
    (field < 64).then(|| {
        Square::from_coords(
            File::new(u32::from(field % 8)),
            Rank::new(7 - u32::from(field / 8)),
        )
    })
}

/// The DGT field number of a square (inverse of [`square_of_field`]).
pub fn field_of_square(sq: Square) -> u8 {
    (7 - sq.rank() as u8) * 8 + sq.file() as u8
}

fn bcd(b: u8) -> u32 {
    u32::from(b >> 4) * 10 + u32::from(b & 0x0f)
}

fn face(bytes: &[u8]) -> ClockFace {
    ClockFace {
        seconds: u32::from(bytes[0] & 0x0f) * 3600 + bcd(bytes[1]) * 60 + bcd(bytes[2]),
        flag: bytes[0] & 0x50 != 0,
    }
}

/// What a frame says.
///
/// # Errors
/// [`DgtError::Field`] for a field update beyond field 63, [`DgtError::PieceCode`] for a piece
/// code beyond 15 (the framer has checked the lengths).
pub fn decode(frame: &Frame) -> Result<Message, DgtError> {
    let p = &frame.payload;
    let offset = frame.offset;
    let piece = |code: u8| piece_of_code(code).ok_or(DgtError::PieceCode { offset, code });
    Ok(match frame.id {
        id::BOARD_DUMP => {
            let mut fields = Box::new([None; 64]);
            for (slot, &code) in fields.iter_mut().zip(p) {
                *slot = piece(code)?;
            }
            Message::BoardDump(fields)
        }
        id::FIELD_UPDATE => {
            if p[0] > 63 {
                return Err(DgtError::Field {
                    offset,
                    field: p[0],
                });
            }
            Message::FieldUpdate {
                field: p[0],
                piece: piece(p[1])?,
            }
        }
        id::CLOCK => {
            if p[0] & 0x0f == 0x0a || p[3] & 0x0f == 0x0a {
                Message::ClockAck
            } else if p.iter().all(|&b| b == 0) || p[6] & 0x20 != 0 {
                Message::ClockBlank
            } else {
                let status = p[6];
                // D0: running. Which side: D3 / D4 (the "turn" bits), else the tumbler D1
                // (high on the left: the right clock runs).
                let side = if status & 0x10 != 0 {
                    ClockSide::Right
                } else if status & 0x08 != 0 || status & 0x02 == 0 {
                    ClockSide::Left
                } else {
                    ClockSide::Right
                };
                let running = (status & 0x01 != 0).then_some(side);
                Message::Clock(ClockReading {
                    right: face(&p[0..3]),
                    left: face(&p[3..6]),
                    running,
                })
            }
        }
        id::SERIAL_NUMBER | id::LONG_SERIAL_NUMBER => {
            Message::SerialNumber(p.iter().map(|&b| char::from(b)).collect())
        }
        id::VERSION => Message::Version {
            major: p[0],
            minor: p[1],
        },
        other => Message::Other { id: other },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_squares() {
        assert_eq!(square_of_field(0), Some(Square::A8));
        assert_eq!(square_of_field(7), Some(Square::H8));
        assert_eq!(square_of_field(52), Some(Square::E2));
        assert_eq!(square_of_field(63), Some(Square::H1));
        assert_eq!(square_of_field(64), None);
        for f in 0..64 {
            assert_eq!(field_of_square(square_of_field(f).unwrap()), f);
        }
        for code in 0..=12 {
            assert_eq!(code_of_piece(piece_of_code(code).unwrap()), code);
        }
        assert_eq!(piece_of_code(16), None);
    }

    #[test]
    fn framer_resynchronises_on_the_id_byte() {
        let mut f = Framer::new();
        // Noise, a field update cut by a clock ack's id, then a whole field update.
        f.push(&[0x01, 0x02, 0x8e, 0x00, 0x05, 0x34]);
        assert_eq!(f.next_frame(), None);
        f.push(&[0x8e, 0x00, 0x05, 0x0c, 0x00]);
        let frame = f.next_frame().unwrap();
        assert_eq!(frame.offset, 6);
        assert_eq!(frame.payload, [0x0c, 0x00]);
        assert_eq!(f.skipped(), 6);
        assert_eq!(f.next_frame(), None);
    }

    #[test]
    fn clock_messages() {
        let frame = |p: &[u8]| Frame {
            offset: 0,
            id: id::CLOCK,
            payload: p.to_vec(),
        };
        let m = decode(&frame(&[0x20, 0x03, 0x02, 0x20, 0x03, 0x01, 0x09])).unwrap();
        let Message::Clock(r) = m else {
            panic!("{m:?}")
        };
        assert_eq!(r.right.seconds, 182);
        assert_eq!(r.left.seconds, 181);
        assert_eq!(r.running, Some(ClockSide::Left));
        let m = decode(&frame(&[0x20, 0x03, 0x01, 0x20, 0x03, 0x01, 0x13])).unwrap();
        assert!(matches!(
            m,
            Message::Clock(ClockReading {
                running: Some(ClockSide::Right),
                ..
            })
        ));
        assert_eq!(decode(&frame(&[0; 7])).unwrap(), Message::ClockBlank);
        assert_eq!(
            decode(&frame(&[0x0a, 0x10, 0x09, 0x00, 0x21, 0x00, 0x00])).unwrap(),
            Message::ClockAck
        );
    }
}
