//! The serial link to a DGT e-Board (DGT's `dgtbrd.h`, the board's public protocol
//! description): 9600 baud, 8 data bits, no parity, 1 stop bit, no handshaking.
//!
//! Opening the link: `DGT_SEND_RESET` (0x40, the board goes idle), then
//! `DGT_RETURN_SERIALNR` (0x45, answered by `DGT_MSG_SERIALNR` 0x91), `DGT_SEND_VERSION`
//! (0x4D, answered by `DGT_MSG_VERSION` 0x93), `DGT_SEND_BRD` (0x42, answered by
//! `DGT_MSG_BOARD_DUMP` 0x86), and `DGT_SEND_UPDATE_NICE` (0x4B): from then on the board sends
//! a field update `DGT_MSG_FIELD_UPDATE` (0x8E) for every square that changes and a clock
//! message `DGT_MSG_BWTIME` (0x8D) whenever the clock's time changes. `DGT_SEND_UPDATE_BRD`
//! (0x44) would send field updates only, without the clock presses the judge reads moves by;
//! `DGT_SEND_UPDATE` (0x43) would repeat the clock every second even when it stands.
//!
//! Old boards may not answer the serial-number or version request; only the board dump is
//! required. Every message the board sends, the answers included, goes to the reader as it
//! came ([`LinkEvent::Dgt`]), so that a capture holds exactly the board's output.

use std::io::{ErrorKind, Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::{Backoff, BoardId, Link, LinkError, LinkEvent, Stop, millis_since};
use crate::board::dgt::{Frame, Framer, id};

#[cfg(unix)]
mod task;
#[cfg(unix)]
pub use task::follow_task;

/// `DGT_SEND_RESET`: the board goes idle (no updates).
pub const SEND_RESET: u8 = 0x40;
/// `DGT_SEND_BRD`: answered by a board dump.
pub const SEND_BRD: u8 = 0x42;
/// `DGT_RETURN_SERIALNR`: answered by the serial number.
pub const RETURN_SERIALNR: u8 = 0x45;
/// `DGT_SEND_VERSION`: answered by the firmware version.
pub const SEND_VERSION: u8 = 0x4D;
/// `DGT_SEND_UPDATE_NICE`: field updates, and clock messages when the time changes.
pub const SEND_UPDATE_NICE: u8 = 0x4B;

/// How to reach a DGT board.
#[derive(Clone, Debug)]
pub struct DgtConfig {
    /// The serial device (`/dev/ttyUSB0`, `/dev/rfcomm0`, `COM3`).
    pub device: String,
    /// How long to wait for the board dump after asking (the board answers within about
    /// 250 ms, a Bluetooth board somewhat later).
    pub answer_timeout: Duration,
    /// Reconnection after a drop.
    pub backoff: Backoff,
}

impl DgtConfig {
    /// A link to `device` with a 3 s answer timeout and the default back-off.
    pub fn new(device: impl Into<String>) -> DgtConfig {
        DgtConfig {
            device: device.into(),
            answer_timeout: Duration::from_secs(3),
            backoff: Backoff::default(),
        }
    }
}

/// An open, answered port, and what the board sent while answering.
struct Opened {
    port: Box<dyn serialport::SerialPort>,
    board: BoardId,
    framer: Framer,
    answers: Vec<(u64, Vec<u8>)>,
}

/// Opens the link: the port at 9600 8N1, the board's answers to the opening requests (module
/// docs), then a thread that reads the board and reconnects after a drop.
///
/// The first events of the returned [`Link`] are [`LinkEvent::Connected`] and the board's
/// answers (serial number, version, board dump), then its updates as they come.
///
/// # Errors
/// [`LinkError::Open`] when the device cannot be opened, [`LinkError::NoAnswer`] when no board
/// dump comes within `answer_timeout`.
pub fn open(config: DgtConfig) -> Result<Link, LinkError> {
    let start = Instant::now();
    let stop = Stop::default();
    let opened = connect(&config, start, &stop)?;
    let board = opened.board.clone();
    let (tx, rx) = mpsc::channel();
    let thread_stop = stop.clone();
    std::thread::Builder::new()
        .name("dgt-link".into())
        .spawn(move || run(config, start, thread_stop, opened, |e| tx.send(e).is_ok()))
        .map_err(|e| LinkError::Open {
            device: String::new(),
            reason: e.to_string(),
        })?;
    Ok(Link {
        events: rx,
        stop,
        board,
    })
}

/// Opens the port and asks the board for its serial number, version and board dump.
fn connect(config: &DgtConfig, start: Instant, stop: &Stop) -> Result<Opened, LinkError> {
    let device = config.device.clone();
    let open_error = |e: &dyn std::fmt::Display| LinkError::Open {
        device: device.clone(),
        reason: e.to_string(),
    };
    let mut port = serialport::new(&config.device, 9600)
        .data_bits(serialport::DataBits::Eight)
        .parity(serialport::Parity::None)
        .stop_bits(serialport::StopBits::One)
        .flow_control(serialport::FlowControl::None)
        .timeout(Duration::from_millis(100))
        .open()
        .map_err(|e| open_error(&e))?;
    // What the board said before it was reset belongs to no one.
    let _ = port.clear(serialport::ClearBuffer::Input);
    port.write_all(&[SEND_RESET, RETURN_SERIALNR, SEND_VERSION, SEND_BRD])
        .and_then(|()| port.flush())
        .map_err(|e| open_error(&e))?;

    let mut framer = Framer::default();
    let mut answers = Vec::new();
    let mut board = BoardId {
        source: config.device.clone(),
        ..BoardId::default()
    };
    let asked = Instant::now();
    let mut buf = [0u8; 256];
    let mut dumped = false;
    while !dumped {
        if asked.elapsed() > config.answer_timeout || stop.is_set() {
            return Err(LinkError::NoAnswer {
                device: config.device.clone(),
                timeout_ms: u64::try_from(config.answer_timeout.as_millis()).unwrap_or(u64::MAX),
            });
        }
        match port.read(&mut buf) {
            Ok(0) => {
                return Err(open_error(&"the port closed"));
            }
            Ok(n) => framer.push(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            Err(e) => return Err(open_error(&e)),
        }
        while let Some(frame) = framer.next_frame() {
            dumped |= answered(&frame, &mut board);
            answers.push((millis_since(start), message_bytes(&frame)));
        }
    }
    port.write_all(&[SEND_UPDATE_NICE])
        .and_then(|()| port.flush())
        .map_err(|e| open_error(&e))?;
    Ok(Opened {
        port,
        board,
        framer,
        answers,
    })
}

/// Takes one of the board's answers to the opening requests into `board` (its serial number,
/// its version); true for the board dump, the answer the link waits for.
fn answered(frame: &Frame, board: &mut BoardId) -> bool {
    match frame.id {
        id::SERIAL_NUMBER | id::LONG_SERIAL_NUMBER => {
            board.serial = Some(serial_number(&frame.payload));
        }
        id::VERSION if frame.payload.len() >= 2 => {
            board.version = Some(format!("{}.{:02}", frame.payload[0], frame.payload[1]));
        }
        id::BOARD_DUMP => return true,
        _ => {}
    }
    false
}

/// A framed message's bytes as the board sent them: the header (id, length in two 7-bit
/// bytes, counting the header) and the payload.
fn message_bytes(frame: &Frame) -> Vec<u8> {
    let len = frame.payload.len() + 3;
    let mut bytes = Vec::with_capacity(len);
    bytes.extend_from_slice(&[frame.id, ((len >> 7) & 0x7F) as u8, (len & 0x7F) as u8]);
    bytes.extend_from_slice(&frame.payload);
    bytes
}

/// The serial number's ASCII digits (DGT sends 5, a Bluetooth board's long form 10; anything
/// unprintable left out).
fn serial_number(payload: &[u8]) -> String {
    payload
        .iter()
        .filter(|b| b.is_ascii_graphic())
        .map(|&b| char::from(b))
        .collect()
}

/// Follows the DGT board on `config.device` on the calling thread (the server, on Unix, in a
/// task of its runtime instead: [`follow_task`]) until `stop` is set or
/// `sink` returns false: opens it (again every `retry` until a board answers, each failure
/// given to `failed`), then hands `sink` the board and each event as [`open`]'s [`Link`]
/// would, reconnecting after a drop with `config.backoff`. The serial port is read with the
/// operating system's blocking reads (`serialport`), so a port takes this one thread: the
/// server gives each port it follows one, and no board more.
pub fn follow(
    config: DgtConfig,
    stop: &Stop,
    retry: Duration,
    mut failed: impl FnMut(&LinkError),
    mut sink: impl FnMut(&BoardId, LinkEvent) -> bool,
) {
    let start = Instant::now();
    let opened = loop {
        match connect(&config, start, stop) {
            Ok(o) => break o,
            Err(e) => failed(&e),
        }
        if !sleep_unless_stopped(retry, stop) {
            return;
        }
    };
    let board = opened.board.clone();
    run(config, start, stop.clone(), opened, |e| sink(&board, e));
}

/// The link's thread: reads the board until stopped, reconnects after a drop; `send` returns
/// false when the reader is gone.
fn run(
    config: DgtConfig,
    start: Instant,
    stop: Stop,
    mut opened: Opened,
    mut send: impl FnMut(LinkEvent) -> bool,
) {
    let mut reconnected = false;
    loop {
        // The reader is gone: nothing more to do.
        if !send(LinkEvent::Connected {
            board: opened.board.clone(),
            reconnected,
        }) {
            return;
        }
        for (t_ms, message) in opened.answers.drain(..) {
            if !send(LinkEvent::Dgt { t_ms, message }) {
                return;
            }
        }
        let reason = match read_until_dropped(&mut opened, start, &stop, &mut send) {
            Some(reason) => reason,
            None => return,
        };
        drop(opened);
        // Reconnect: attempt after attempt, each after its wait.
        let mut attempt = 1;
        let mut last = reason;
        opened = loop {
            let (event, wait) =
                config
                    .backoff
                    .after_drop(attempt, last.clone(), millis_since(start));
            let Some(wait) = wait else {
                let _ = send(event);
                return;
            };
            if !send(event) || !sleep_unless_stopped(wait, &stop) {
                return;
            }
            match connect(&config, start, &stop) {
                Ok(o) => break o,
                Err(e) => last = e.to_string(),
            }
            attempt += 1;
        };
        reconnected = true;
    }
}

/// Reads messages until the link drops (returns why) or is stopped / its reader gone (`None`).
fn read_until_dropped(
    opened: &mut Opened,
    start: Instant,
    stop: &Stop,
    send: &mut impl FnMut(LinkEvent) -> bool,
) -> Option<String> {
    let mut buf = [0u8; 1024];
    loop {
        if stop.is_set() {
            return None;
        }
        match opened.port.read(&mut buf) {
            // A terminal read that returns nothing after poll said it was readable: hung up.
            Ok(0) => return Some("the board hung up".into()),
            Ok(n) => {
                opened.framer.push(&buf[..n]);
                let t_ms = millis_since(start);
                while let Some(frame) = opened.framer.next_frame() {
                    let message = message_bytes(&frame);
                    if !send(LinkEvent::Dgt { t_ms, message }) {
                        return None;
                    }
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            Err(e) => return Some(e.to_string()),
        }
    }
}

/// Sleeps `wait` in short steps; false when stopped meanwhile.
fn sleep_unless_stopped(wait: Duration, stop: &Stop) -> bool {
    let until = Instant::now() + wait;
    while Instant::now() < until {
        if stop.is_set() {
            return false;
        }
        std::thread::sleep(
            Duration::from_millis(20).min(until.saturating_duration_since(Instant::now())),
        );
    }
    !stop.is_set()
}
