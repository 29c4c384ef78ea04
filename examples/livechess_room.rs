//! An emulated DGT LiveChess 2 with several e-boards on 127.0.0.1, for the live room's browser
//! test (tests/web/live_e2e.py) and demos: the emulator of the Rust tests
//! (tests/it/live/room.rs), driven from standard input.
//!
//!     cargo run --example livechess_room -- 1001 1002 1003
//!
//! Prints the API's address (`ws://127.0.0.1:PORT/api/v1.0`) on its first line; then each
//! line read, `SERIAL PLACEMENT`, puts that FEN piece placement on that e-board (its feed
//! subscribers get a frame); `SERIAL PLACEMENT WHITE BLACK RUN` also sets its clock (seconds
//! left; `RUN` `w` or `b` for the clock that runs, `-` stopped). Ends at the end of its input.

#[path = "../tests/it/live/room.rs"]
#[allow(dead_code)]
mod room;

use std::io::BufRead;

fn main() {
    let serials: Vec<String> = std::env::args().skip(1).collect();
    if serials.is_empty() {
        eprintln!("usage: livechess_room SERIAL...  (then lines `SERIAL PLACEMENT` on stdin)");
        std::process::exit(2);
    }
    let refs: Vec<&str> = serials.iter().map(String::as_str).collect();
    let emu = room::RoomEmulator::start(&refs);
    println!("{}", emu.url());
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let mut parts = line.split_whitespace();
        if let (Some(serial), Some(placement)) = (parts.next(), parts.next()) {
            let time = |s: Option<&str>| s.and_then(|s| s.parse::<f64>().ok());
            if let (Some(white), Some(black)) = (time(parts.next()), time(parts.next())) {
                let run = match parts.next() {
                    Some("w") => Some(true),
                    Some("b") => Some(false),
                    _ => None,
                };
                emu.set_clock(serial, white, black, run);
            }
            emu.set(serial, placement);
        }
    }
}
