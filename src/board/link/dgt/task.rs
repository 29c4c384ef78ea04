//! A DGT board followed in the server's own runtime ([`follow_task`]): the serial port opened
//! as [`super::connect`] opens it (`serialport`, 9600 8N1), its descriptor watched by the
//! runtime's reactor (epoll; `tokio::io::unix::AsyncFd`), so that a port waiting for the board
//! is a task asleep, not a thread blocked in a read. Unix only: elsewhere the server follows a
//! port on a thread ([`super::follow`]).
//!
//! The port's reads and writes are `serialport`'s with a zero timeout: its `poll` says
//! "timed out" when nothing is there (read here as "would block": wait for the reactor), and
//! "broken pipe" when the board hung up (a cable pulled; the link drops and is opened again).

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use serialport::SerialPort;
use tokio::io::Interest;
use tokio::io::unix::AsyncFd;

use super::{
    DgtConfig, RETURN_SERIALNR, SEND_BRD, SEND_RESET, SEND_UPDATE_NICE, SEND_VERSION, answered,
    message_bytes,
};
use crate::board::dgt::Framer;
use crate::board::link::{BoardId, LinkError, LinkEvent, Stop, millis_since, pause};

/// How often a task reading a quiet board looks whether it was asked to stop.
const STOP_EVERY: Duration = Duration::from_millis(500);

/// A serial port in the runtime.
struct Port(AsyncFd<serialport::TTYPort>);

/// `serialport`'s "nothing there within the timeout" as the reactor's "would block".
fn would_block(e: io::Error) -> io::Error {
    if e.kind() == ErrorKind::TimedOut {
        io::Error::from(ErrorKind::WouldBlock)
    } else {
        e
    }
}

impl Port {
    /// Opens `device` at 9600 8N1, no handshaking, what the board said before dropped.
    fn open(device: &str) -> Result<Port, String> {
        let port = serialport::new(device, 9600)
            .data_bits(serialport::DataBits::Eight)
            .parity(serialport::Parity::None)
            .stop_bits(serialport::StopBits::One)
            .flow_control(serialport::FlowControl::None)
            .timeout(Duration::ZERO)
            .open_native()
            .map_err(|e| e.to_string())?;
        let _ = port.clear(serialport::ClearBuffer::Input);
        // SAFETY: the port owns its descriptor (opened above, closed when the port is
        // dropped) and gives the same one for as long as it lives; the `AsyncFd` owns the port,
        // so the descriptor stays open and unchanged while it is registered.
        unsafe { AsyncFd::register_with_interest(port, Interest::READABLE | Interest::WRITABLE) }
            .map(Port)
            .map_err(|e| e.to_string())
    }

    /// Reads what the board has sent, waiting (asleep) until it sends something.
    async fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let mut ready = self.0.readable_mut().await?;
            if let Ok(r) = ready.try_io(|p| p.get_mut().read(buf).map_err(would_block)) {
                return r;
            }
        }
    }

    /// Writes `bytes` whole.
    async fn write_all(&mut self, mut bytes: &[u8]) -> io::Result<()> {
        while !bytes.is_empty() {
            let mut ready = self.0.writable_mut().await?;
            if let Ok(r) = ready.try_io(|p| p.get_mut().write(bytes).map_err(would_block)) {
                bytes = &bytes[r?..];
            }
        }
        Ok(())
    }
}

/// An open, answered port, and what the board sent while answering.
struct Opened {
    port: Port,
    board: BoardId,
    framer: Framer,
    answers: Vec<(u64, Vec<u8>)>,
}

/// Opens the port and asks the board for its serial number, version and board dump (as
/// [`super::connect`]).
async fn connect(config: &DgtConfig, start: Instant, stop: &Stop) -> Result<Opened, LinkError> {
    let open_error = |e: &dyn std::fmt::Display| LinkError::Open {
        device: config.device.clone(),
        reason: e.to_string(),
    };
    let no_answer = || LinkError::NoAnswer {
        device: config.device.clone(),
        timeout_ms: u64::try_from(config.answer_timeout.as_millis()).unwrap_or(u64::MAX),
    };
    let mut port = Port::open(&config.device).map_err(|e| open_error(&e))?;
    port.write_all(&[SEND_RESET, RETURN_SERIALNR, SEND_VERSION, SEND_BRD])
        .await
        .map_err(|e| open_error(&e))?;
    let mut framer = Framer::default();
    let mut answers = Vec::new();
    let mut board = BoardId {
        source: config.device.clone(),
        ..BoardId::default()
    };
    let by = tokio::time::Instant::now() + config.answer_timeout;
    let mut buf = [0u8; 256];
    let mut dumped = false;
    while !dumped {
        if stop.is_set() {
            return Err(no_answer());
        }
        match tokio::time::timeout_at(by, port.read(&mut buf)).await {
            Err(_) => return Err(no_answer()),
            Ok(Ok(0)) => return Err(open_error(&"the port closed")),
            Ok(Ok(n)) => framer.push(&buf[..n]),
            Ok(Err(e)) if e.kind() == ErrorKind::Interrupted => {}
            Ok(Err(e)) => return Err(open_error(&e)),
        }
        while let Some(frame) = framer.next_frame() {
            dumped |= answered(&frame, &mut board);
            answers.push((millis_since(start), message_bytes(&frame)));
        }
    }
    port.write_all(&[SEND_UPDATE_NICE])
        .await
        .map_err(|e| open_error(&e))?;
    Ok(Opened {
        port,
        board,
        framer,
        answers,
    })
}

/// Follows the DGT board on `config.device` as a task of the caller's runtime until `stop`
/// is set or `sink` returns false; the same events, in the same order, as [`super::follow`]
/// gives on a thread: opens the port (again every `retry` until a board answers, each failure
/// given to `failed`), hands `sink` the board and each event, reconnects after a drop with
/// `config.backoff`. While the board is quiet the task sleeps in the reactor.
pub async fn follow_task(
    config: DgtConfig,
    stop: Stop,
    retry: Duration,
    mut failed: impl FnMut(&LinkError),
    mut sink: impl FnMut(&BoardId, LinkEvent) -> bool,
) {
    let start = Instant::now();
    let mut opened = loop {
        match connect(&config, start, &stop).await {
            Ok(o) => break o,
            Err(e) => failed(&e),
        }
        if !pause(retry, &stop).await {
            return;
        }
    };
    let board = opened.board.clone();
    let mut send = |e: LinkEvent| sink(&board, e);
    let mut reconnected = false;
    loop {
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
        let Some(reason) = read_until_dropped(&mut opened, start, &stop, &mut send).await else {
            return;
        };
        drop(opened);
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
            if !send(event) || !pause(wait, &stop).await {
                return;
            }
            match connect(&config, start, &stop).await {
                Ok(o) => break o,
                Err(e) => last = e.to_string(),
            }
            attempt = attempt.saturating_add(1);
        };
        reconnected = true;
    }
}

/// Reads messages until the link drops (returns why) or is stopped / its reader gone (`None`).
async fn read_until_dropped(
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
        let read = match tokio::time::timeout(STOP_EVERY, opened.port.read(&mut buf)).await {
            Err(_) => continue,
            Ok(r) => r,
        };
        match read {
            Ok(0) => return Some("the board hung up".into()),
            Ok(n) => {
                opened.framer.push(&buf[..n]);
                let t_ms = millis_since(start);
                while let Some(frame) = opened.framer.next_frame() {
                    if !send(LinkEvent::Dgt {
                        t_ms,
                        message: message_bytes(&frame),
                    }) {
                        return None;
                    }
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Some(e.to_string()),
        }
    }
}
