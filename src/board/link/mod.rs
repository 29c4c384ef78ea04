//! Live links to a digital board: a DGT e-Board on a serial port ([`dgt`]) and DGT LiveChess 2
//! over its local WebSocket API ([`livechess`]). A link hands what the board sends as
//! [`LinkEvent`]s, so that a recorder or the judge reads a live board as it reads a capture
//! file, one message or frame at a time: for one board ([`dgt::open`], [`livechess::open`],
//! as `arbiter board record` and `board watch` use them) on a thread of its own read through a
//! [`Link`]; for a whole hall, as the desk runs them, every board of a LiveChess host over ONE
//! connection in one async task ([`livechess::follow_host`]), and a DGT port in one async task
//! too on Unix ([`dgt::follow_task`]: its descriptor waits in the runtime's reactor) or on the
//! calling thread ([`dgt::follow`]: its reads block), each event handed to a sink.
//!
//! A dropped link (a cable pulled, LiveChess restarted) is opened again with a bounded
//! back-off ([`Backoff`]); the reader sees [`LinkEvent::Disconnected`] and
//! [`LinkEvent::Connected`] again, and the game goes on where it was (the board's dump or
//! LiveChess's first frame after the reconnection gives the position as it stands).
//!
//! - [`record`]: the capture files written while a link runs.
//!
//! The DGT link cuts the serial stream into messages with the DGT reader's own framer
//! ([`crate::board::dgt::Framer`]).

pub mod dgt;
pub mod livechess;
pub mod record;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why a link dropped or a board could not be read, for people: the link's own text (the
/// system's error, `Broken pipe`, `Connection refused`, `no answer within 3000 ms`) is English;
/// in English it is shown as it is, in another language by its kind (Fluent
/// `link-reason-KIND`: «связь оборвалась», «доска не принимает подключение», «доска не
/// ответила вовремя», «неверный адрес», «устройство не найдено», «нет доступа к устройству»,
/// else «сбой связи»), so that a Russian page holds no English reason.
///
/// ```
/// use arbiter::board::link::reason_note;
/// use arbiter::i18n::Lang;
/// assert_eq!(reason_note("Broken pipe").text(Lang::Ru), "связь оборвалась");
/// assert_eq!(reason_note("Broken pipe").text(Lang::En), "Broken pipe");
/// ```
pub fn reason_note(reason: &str) -> crate::i18n::Note {
    let r = reason.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| r.contains(w));
    let kind = if has(&["refused"]) {
        "refused"
    } else if has(&["no answer within", "timed out", "timeout"]) {
        "timeout"
    } else if has(&["address must start", "invalid url", "invalid uri"]) {
        "address"
    } else if has(&["no such file", "not found", "no such device"]) {
        "missing"
    } else if has(&["permission denied"]) {
        "permission"
    } else if has(&[
        "broken pipe",
        "reset",
        "closed",
        "end of file",
        "eof",
        "aborted",
        "unreachable",
    ]) {
        "broken"
    } else {
        "other"
    };
    crate::i18n::Note::new("link-reason")
        .term("kind", "link-reason", kind)
        .arg("text", reason)
}

/// Which board answered, as the board or LiveChess tells it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct BoardId {
    /// The board's serial number (DGT `DGT_MSG_SERIALNR`, LiveChess `serialnr`), when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serial: Option<String>,
    /// The board's firmware version (DGT `DGT_MSG_VERSION`, `major.minor`), when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Where it was reached: the serial device or the LiveChess address.
    pub source: String,
}

/// What a link hands its reader, in the order it happened.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent {
    /// The board answered: at the start, and again after each reconnection.
    Connected {
        /// The board.
        board: BoardId,
        /// True after a drop (the link was opened again).
        reconnected: bool,
    },
    /// One whole DGT message as the board sent it (header included).
    Dgt {
        /// Milliseconds since the link was opened, when its last byte arrived.
        t_ms: u64,
        /// The message's bytes.
        message: Vec<u8>,
    },
    /// One LiveChess WebSocket frame (a JSON text), received or sent by the link.
    Frame {
        /// Milliseconds since the link was opened.
        t_ms: u64,
        /// The frame's text, on one line.
        text: String,
        /// True for the link's own calls (`eboards`, `subscribe`), false for LiveChess's.
        sent: bool,
    },
    /// The link dropped; it is opened again after `retry_in`, unless `attempt` was the last.
    Disconnected {
        /// Milliseconds since the link was opened.
        t_ms: u64,
        /// Why, in the operating system's or the peer's words.
        reason: String,
        /// The number of the next attempt (1 for the first retry).
        attempt: u32,
        /// The attempts allowed in a row ([`Backoff::attempts`]).
        attempts: u32,
        /// The wait before it.
        retry_in: Duration,
        /// The longest wait between two attempts ([`Backoff::max`]): a link that retries for
        /// as long as its caller runs tries at least this often.
        retry_max: Duration,
    },
    /// The link is down for good: every allowed attempt failed. Last event of the link.
    GaveUp {
        /// Milliseconds since the link was opened.
        t_ms: u64,
        /// The last attempt's error.
        reason: String,
        /// The attempts made.
        attempts: u32,
    },
}

/// The reconnection policy: waits of `first`, doubling up to `max`, at most `attempts` times in
/// a row (a successful reconnection starts the count again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// The first wait.
    pub first: Duration,
    /// The longest wait.
    pub max: Duration,
    /// Attempts in a row before giving up (0: never reconnect).
    pub attempts: u32,
}

impl Default for Backoff {
    /// 0.5 s, 1 s, 2 s, 4 s, then 5 s: 20 attempts cover about 90 s, long enough to plug a
    /// cable back or restart LiveChess, short enough that a board gone for good is reported.
    fn default() -> Self {
        Backoff {
            first: Duration::from_millis(500),
            max: Duration::from_secs(5),
            attempts: 20,
        }
    }
}

impl Backoff {
    /// The wait before attempt `n` (1-based), or `None` past the last attempt.
    pub fn delay(&self, n: u32) -> Option<Duration> {
        if n == 0 || n > self.attempts {
            return None;
        }
        let factor = 1u32.checked_shl(n - 1).unwrap_or(u32::MAX);
        Some(self.first.saturating_mul(factor).min(self.max))
    }

    /// What a link tells after its connection dropped, before its reconnection `attempt`
    /// (1, 2…) at `t_ms` (ms since the link started), the drop's or last attempt's `reason`
    /// given: [`LinkEvent::Disconnected`] with the wait before the attempt, or, once the
    /// attempts are spent, [`LinkEvent::GaveUp`] and `None` (the link ends).
    pub fn after_drop(
        &self,
        attempt: u32,
        reason: String,
        t_ms: u64,
    ) -> (LinkEvent, Option<Duration>) {
        match self.delay(attempt) {
            None => (
                LinkEvent::GaveUp {
                    t_ms,
                    reason,
                    attempts: attempt.saturating_sub(1),
                },
                None,
            ),
            Some(wait) => (
                LinkEvent::Disconnected {
                    t_ms,
                    reason,
                    attempt,
                    attempts: self.attempts,
                    retry_in: wait,
                    retry_max: self.max,
                },
                Some(wait),
            ),
        }
    }
}

/// A running link: the reader side of its thread. Iterating blocks until the board sends
/// something; the iteration ends after [`LinkEvent::GaveUp`] or [`Link::stop`].
pub struct Link {
    events: mpsc::Receiver<LinkEvent>,
    stop: Stop,
    board: BoardId,
}

impl Link {
    /// The board that answered when the link was opened.
    pub fn board(&self) -> &BoardId {
        &self.board
    }

    /// A handle that stops the link from another thread (Ctrl-C).
    pub fn stopper(&self) -> Stop {
        self.stop.clone()
    }

    /// Stops the link: its thread closes the port or the connection and the iteration ends.
    pub fn stop(&self) {
        self.stop.set();
    }

    /// The next event, waiting at most `timeout`: `Ok(None)` when nothing came in time,
    /// `Err(())` when the link has ended.
    #[allow(clippy::result_unit_err)]
    pub fn next_timeout(&self, timeout: Duration) -> Result<Option<LinkEvent>, ()> {
        match self.events.recv_timeout(timeout) {
            Ok(e) => Ok(Some(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(()),
        }
    }
}

impl Iterator for Link {
    type Item = LinkEvent;

    fn next(&mut self) -> Option<LinkEvent> {
        self.events.recv().ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.stop.set();
    }
}

/// A flag that asks a link's thread to stop.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// Asks the link to stop.
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True once asked.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Errors opening a link (the first connection; later drops are reconnected, not errors).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LinkError {
    /// The serial device cannot be opened or set to 9600 8N1.
    #[error("cannot open the serial port {device}: {reason}")]
    Open {
        /// The device path.
        device: String,
        /// The system's reason.
        reason: String,
    },
    /// Nothing that reads as a DGT board answered the board-dump request.
    #[error(
        "no DGT board answers on {device}: no board dump within {timeout_ms} ms of asking (is the board connected and switched on?)"
    )]
    NoAnswer {
        /// The device path.
        device: String,
        /// How long the link waited.
        timeout_ms: u64,
    },
    /// The LiveChess address is not a `ws://HOST:PORT/…` URL, or cannot be reached.
    #[error("cannot connect to LiveChess at {url}: {reason}")]
    Connect {
        /// The address given.
        url: String,
        /// Why.
        reason: String,
    },
    /// LiveChess answered a call with an error, or with something that is not its API.
    #[error("LiveChess at {url} answered {call:?} with {answer}")]
    Answer {
        /// The address.
        url: String,
        /// The call (`eboards`, `subscribe`).
        call: String,
        /// The answer, or what was wrong with it.
        answer: String,
    },
    /// The board asked for is not among LiveChess's boards, or several are there and none was
    /// named, or none is.
    #[error("{}", no_board_text(wanted.as_deref(), serials, url))]
    NoSuchBoard {
        /// The address.
        url: String,
        /// The serial number asked for (`--serial`), if any.
        wanted: Option<String>,
        /// The serial numbers LiveChess reported.
        serials: Vec<String>,
    },
}

/// [`LinkError::NoSuchBoard`] in English.
fn no_board_text(wanted: Option<&str>, serials: &[String], url: &str) -> String {
    match (wanted, serials.len()) {
        (_, 0) => format!("LiveChess at {url} sees no board"),
        (Some(w), _) => format!(
            "LiveChess at {url} has no board {w}; its boards: {}",
            serials.join(", ")
        ),
        (None, _) => format!(
            "LiveChess at {url} has several boards ({}): name one with --serial",
            serials.join(", ")
        ),
    }
}

/// Waits `wait` in the runtime, looking at `stop` every 100 ms (a task asleep, not a loop);
/// false when stopped meanwhile.
async fn pause(wait: Duration, stop: &Stop) -> bool {
    let until = tokio::time::Instant::now() + wait;
    while !stop.is_set() {
        let now = tokio::time::Instant::now();
        if now >= until {
            return true;
        }
        tokio::time::sleep((until - now).min(Duration::from_millis(100))).await;
    }
    false
}

/// Milliseconds since `start`.
fn millis_since(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_cap_and_stops_after_its_attempts() {
        let b = Backoff {
            first: Duration::from_millis(500),
            max: Duration::from_secs(5),
            attempts: 6,
        };
        let waits: Vec<u64> = (1..=7)
            .map_while(|n| b.delay(n))
            .map(|d| d.as_millis() as u64)
            .collect();
        assert_eq!(waits, [500, 1000, 2000, 4000, 5000, 5000]);
        assert_eq!(Backoff { attempts: 0, ..b }.delay(1), None);
        assert_eq!(b.delay(40), None);
        let long = Backoff { attempts: 40, ..b };
        assert_eq!(long.delay(40), Some(Duration::from_secs(5)));
    }
}
