//! An emulated DGT e-Board on a pseudo-terminal (`posix_openpt`): it answers the
//! board's commands as DGT's protocol description (`dgtbrd.h`) says, and once put in an update
//! mode replays a capture's messages. The device the link opens is a symbolic link to the
//! terminal, so that a dropped link (the emulator hangs up its terminal) can be plugged in
//! again under the same name, as a USB board is.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// The serial number the emulated board gives (`DGT_MSG_SERIALNR`: 5 ASCII digits).
pub const SERIAL: &str = "00137";
/// Its firmware version (`DGT_MSG_VERSION`: major, minor).
pub const VERSION: (u8, u8) = (1, 7);

/// What the emulator replays, and when it hangs up.
pub struct Script {
    /// The capture's messages: a board dump first (the position the board starts from), then
    /// what the board sends in update mode.
    pub messages: Vec<Vec<u8>>,
    /// Stop after sending this many update messages, until the test unplugs the board
    /// ([`DgtEmulator::unplug`]); then plug in again.
    pub drop_after: Option<usize>,
    /// The pause between two update messages.
    pub pace: Duration,
    /// The updates wait for [`DgtEmulator::release`] (the board answers the link's requests
    /// meanwhile): the game starts once the arbiter has put the board on its board.
    pub held: bool,
}

/// A running emulated board.
pub struct DgtEmulator {
    device: PathBuf,
    stop: Arc<AtomicBool>,
    unplug: Arc<AtomicBool>,
    released: Arc<AtomicBool>,
    sent: Arc<AtomicUsize>,
    thread: Option<JoinHandle<()>>,
}

impl DgtEmulator {
    /// Starts the board: its device is `dir/board`.
    pub fn start(dir: &Path, script: Script) -> DgtEmulator {
        let device = dir.join("board");
        let stop = Arc::new(AtomicBool::new(false));
        let unplug = Arc::new(AtomicBool::new(false));
        let sent = Arc::new(AtomicUsize::new(0));
        let released = Arc::new(AtomicBool::new(false));
        let pty = plug_in(&device);
        let (thread_stop, thread_unplug, thread_sent, thread_device) = (
            Arc::clone(&stop),
            Arc::clone(&unplug),
            Arc::clone(&sent),
            device.clone(),
        );
        let thread_released = Arc::clone(&released);
        let thread = std::thread::spawn(move || {
            let flags = Flags {
                stop: &thread_stop,
                unplug: &thread_unplug,
                released: &thread_released,
                sent: &thread_sent,
            };
            run(pty, &thread_device, script, &flags);
        });
        DgtEmulator {
            device,
            stop,
            unplug,
            released,
            sent,
            thread: Some(thread),
        }
    }

    /// The device to open.
    pub fn device(&self) -> &Path {
        &self.device
    }

    /// Update messages sent so far.
    pub fn sent(&self) -> usize {
        self.sent.load(Ordering::SeqCst)
    }

    /// Pulls the cable (the script's `drop_after` must have been reached): the link's side
    /// hangs up, and the board is plugged in again under the same name.
    pub fn unplug(&self) {
        self.unplug.store(true, Ordering::SeqCst);
    }

    /// Lets a held script's updates go ([`Script::held`]).
    pub fn release(&self) {
        self.released.store(true, Ordering::SeqCst);
    }
}

/// What the test and the emulator's thread share.
struct Flags<'a> {
    stop: &'a AtomicBool,
    unplug: &'a AtomicBool,
    released: &'a AtomicBool,
    sent: &'a AtomicUsize,
}

impl Drop for DgtEmulator {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A terminal pair: the emulator's side, and the link's side kept open so that the emulator's
/// side reads nothing until the link opens the device.
struct Pty {
    board: File,
    _held: File,
}

/// A new terminal pair with `device` pointing at its link side (replacing the old link
/// atomically, as a board plugged in again appears under the same name).
///
/// Both sides are opened close-on-exec (std's default), not with `serialport::TTYPort::pair`:
/// an `arbiter` started by another test at the same moment would inherit its descriptors and
/// keep the terminal open after the emulator hangs up.
fn plug_in(device: &Path) -> Pty {
    let board = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY | libc::O_NONBLOCK)
        .open("/dev/ptmx")
        .expect("a pseudo-terminal");
    let fd = board.as_raw_fd();
    let mut name = [0u8; 128];
    // SAFETY: `fd` is an open pseudo-terminal master; `name` is a buffer of the length given.
    unsafe {
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr().cast(), name.len()), 0);
    }
    let end = name.iter().position(|&b| b == 0).unwrap();
    let name = std::str::from_utf8(&name[..end]).unwrap().to_owned();
    let held = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&name)
        .unwrap();
    let tmp = device.with_extension("new");
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp).unwrap();
    std::fs::rename(&tmp, device).unwrap();
    Pty { board, _held: held }
}

/// The board's life: answer commands; in update mode, send the next message every `pace`.
fn run(mut pty: Pty, device: &Path, script: Script, flags: &Flags) {
    let (first, updates) = script
        .messages
        .split_first()
        .expect("a capture starting with a board dump");
    assert_eq!(first[0], 0x86, "a capture starting with a board dump");
    let mut fields: Vec<u8> = first[3..67].to_vec();
    let mut next = 0;
    let mut updating = false;
    let mut dropped = false;
    let mut buf = [0u8; 64];
    while !flags.stop.load(Ordering::SeqCst) {
        match pty.board.read(&mut buf) {
            Ok(n) => {
                if std::env::var_os("EMU_DEBUG").is_some() {
                    eprintln!(
                        "emulator {}: commands {:02x?} next {next}",
                        device.display(),
                        &buf[..n]
                    );
                }
                for &command in &buf[..n] {
                    match command {
                        // DGT_SEND_RESET: idle.
                        0x40 => updating = false,
                        // DGT_RETURN_SERIALNR → DGT_MSG_SERIALNR.
                        0x45 => {
                            let mut m = vec![0x91, 0x00, 0x08];
                            m.extend_from_slice(SERIAL.as_bytes());
                            send(&mut pty, &m);
                        }
                        // DGT_SEND_VERSION → DGT_MSG_VERSION.
                        0x4D => send(&mut pty, &[0x93, 0x00, 0x05, VERSION.0, VERSION.1]),
                        // DGT_SEND_BRD → DGT_MSG_BOARD_DUMP of the board as it stands.
                        0x42 => {
                            let mut m = vec![0x86, 0x00, 0x43];
                            m.extend_from_slice(&fields);
                            send(&mut pty, &m);
                        }
                        // DGT_SEND_UPDATE, DGT_SEND_UPDATE_BRD, DGT_SEND_UPDATE_NICE.
                        0x43 | 0x44 | 0x4B => updating = true,
                        _ => {}
                    }
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(2)),
        }
        if !updating
            || next >= updates.len()
            || (script.held && !flags.released.load(Ordering::SeqCst))
        {
            continue;
        }
        if script.drop_after == Some(next) && !dropped {
            // Held until the test has seen everything sent so far arrive (bytes still on their
            // way when a cable is pulled are lost, and the test must know what was sent).
            if !flags.unplug.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
                continue;
            }
            // Unplugged: the link's side hangs up; plugged in again under the same name,
            // idle until asked for updates again.
            dropped = true;
            updating = false;
            let old = std::mem::replace(&mut pty, plug_in(device));
            drop(old);
            continue;
        }
        let m = &updates[next];
        if m[0] == 0x8E && m.len() == 5 {
            fields[usize::from(m[3])] = m[4];
        }
        send(&mut pty, m);
        next += 1;
        if std::env::var_os("EMU_DEBUG").is_some() && next % 50 == 0 {
            eprintln!("emulator: sent {next}");
        }
        flags.sent.store(next, Ordering::SeqCst);
        std::thread::sleep(script.pace);
    }
}

/// Writes a whole message (the terminal's buffer may be full for a moment).
fn send(pty: &mut Pty, mut message: &[u8]) {
    for _ in 0..1000 {
        match pty.board.write(message) {
            Ok(n) if n == message.len() => return,
            Ok(n) => message = &message[n..],
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(e) => {
                if std::env::var_os("EMU_DEBUG").is_some() {
                    eprintln!("emulator: write: {e}");
                }
                return;
            }
        }
    }
    if std::env::var_os("EMU_DEBUG").is_some() {
        eprintln!("emulator: write would block for 1 s");
    }
}
