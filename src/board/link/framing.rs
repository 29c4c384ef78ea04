//! DGT message framing, the least the link needs to cut the serial stream into messages
//! (DGT's `dgtbrd.h`): a message is `[id | 0x80][len >> 7][len & 0x7F][payload]`, the length
//! counting the 3 header bytes; only a message id has its high bit set, so a reader that lost
//! its place starts again at the next byte with the high bit set.

/// Message ids the link itself reads (DGT's `DGT_MSG_*`, `MESSAGE_BIT | DGT_*`).
pub mod id {
    /// `DGT_MSG_BOARD_DUMP`: 64 piece codes, square 0 = a8 … 63 = h1.
    pub const BOARD_DUMP: u8 = 0x86;
    /// `DGT_MSG_BWTIME`: the clock's times and status.
    pub const BWTIME: u8 = 0x8D;
    /// `DGT_MSG_FIELD_UPDATE`: one square and its new piece code.
    pub const FIELD_UPDATE: u8 = 0x8E;
    /// `DGT_MSG_SERIALNR`: 5 ASCII digits.
    pub const SERIALNR: u8 = 0x91;
    /// `DGT_MSG_VERSION`: major and minor version, one byte each.
    pub const VERSION: u8 = 0x93;
}

/// The longest message accepted (a trade-mark text is the longest DGT lists, up to 256 bytes
/// of text); a longer length field is a corrupt header, and the reader resynchronises.
const MAX_LEN: usize = 512;

/// Cuts a byte stream into whole DGT messages, however the bytes arrive (one at a time or
/// many messages at once).
#[derive(Debug, Default)]
pub struct Framer {
    buf: Vec<u8>,
    skipped: u64,
}

impl Framer {
    /// Appends bytes read from the board.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Bytes dropped so far while resynchronising (noise, cut messages).
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// The next whole message (header included), or `None` until more bytes arrive.
    pub fn next_message(&mut self) -> Option<Vec<u8>> {
        loop {
            // Start at a message id.
            let start = self.buf.iter().position(|&b| b & 0x80 != 0);
            let start = match start {
                Some(s) => s,
                None => {
                    self.skip(self.buf.len());
                    return None;
                }
            };
            self.skip(start);
            if self.buf.len() < 3 {
                return None;
            }
            let len = (usize::from(self.buf[1]) << 7) | usize::from(self.buf[2]);
            if self.buf[1] & 0x80 != 0 || self.buf[2] & 0x80 != 0 || !(3..=MAX_LEN).contains(&len) {
                self.skip(1);
                continue;
            }
            // A high bit inside the message: this one was cut off, the next one starts there.
            if let Some(cut) = self.buf[3..len.min(self.buf.len())]
                .iter()
                .position(|&b| b & 0x80 != 0)
            {
                self.skip(3 + cut);
                continue;
            }
            if self.buf.len() < len {
                return None;
            }
            return Some(self.buf.drain(..len).collect());
        }
    }

    fn skip(&mut self, n: usize) {
        self.buf.drain(..n);
        self.skipped += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first messages of `../shared/data/eboard/dgt/1.inbytes` (a real board's output):
    /// a clock message `0x8D` (10 bytes) and a field update `0x8E` (5 bytes).
    const CLOCK: [u8; 10] = [0x8d, 0x00, 0x0a, 0x20, 0x03, 0x02, 0x20, 0x03, 0x02, 0x08];
    const UPDATE: [u8; 5] = [0x8e, 0x00, 0x05, 0x34, 0x00];

    #[test]
    fn cuts_messages_fed_one_byte_at_a_time() {
        let mut f = Framer::default();
        let mut out = Vec::new();
        for b in CLOCK.iter().chain(&UPDATE) {
            f.push(&[*b]);
            out.extend(std::iter::from_fn(|| f.next_message()));
        }
        assert_eq!(out, vec![CLOCK.to_vec(), UPDATE.to_vec()]);
        assert_eq!(f.skipped(), 0);
    }

    #[test]
    fn resynchronises_on_the_next_id_after_noise_and_a_cut_message() {
        let mut f = Framer::default();
        f.push(&[0x01, 0x02]); // noise
        f.push(&CLOCK[..6]); // a clock message cut off after 6 bytes
        f.push(&UPDATE);
        assert_eq!(f.next_message(), Some(UPDATE.to_vec()));
        assert_eq!(f.next_message(), None);
        assert_eq!(f.skipped(), 8);
    }

    #[test]
    fn a_corrupt_length_is_skipped() {
        let mut f = Framer::default();
        f.push(&[0x8e, 0x00, 0x02]); // length 2 < the 3 header bytes
        f.push(&UPDATE);
        assert_eq!(f.next_message(), Some(UPDATE.to_vec()));
        assert_eq!(f.skipped(), 3);
    }
}
