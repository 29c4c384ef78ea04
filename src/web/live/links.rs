//! The e-board links the desk follows (`serve --livechess URL`, `--dgt DEVICE`), in the
//! server's own runtime: ONE WebSocket per LiveChess host for all its e-boards (a task,
//! [`livechess::follow_host`]), one task per DGT serial port (its descriptor watched by the
//! runtime's reactor; a thread per port where that cannot be: not Unix), no thread per board; their events given to the live
//! room, their captures kept in the event's record; and the play-out ticker.

use super::*;
use crate::board::link::{BoardId, Stop};

/// Starts the links and the room's tickers (module docs). A LiveChess host is asked for its
/// e-boards every 5 s; each new one is followed on the same connection, up to the desk's
/// limit of e-boards ([`bounds::Bounds::follow`]). A host or a port that does not answer is
/// said on standard error and tried again for as long as the desk runs.
pub fn start_links(app: &Shared, links: &[LinkSpec]) {
    for spec in links.iter().cloned() {
        let hub = app.live.clone();
        match spec {
            LinkSpec::LiveChess(url) => {
                tokio::spawn(async move {
                    let mut sink = RoomSink {
                        hub,
                        url: url.clone(),
                        followed: std::collections::HashSet::new(),
                    };
                    let config = livechess::HostConfig {
                        backoff: ROOM_BACKOFF,
                        ..livechess::HostConfig::new(url)
                    };
                    livechess::follow_host(config, Stop::default(), &mut sink).await;
                });
            }
            #[cfg(unix)]
            LinkSpec::Dgt(device) => {
                tokio::spawn(async move { follow_dgt(hub, device).await });
            }
            #[cfg(not(unix))]
            LinkSpec::Dgt(device) => {
                let spawned = std::thread::Builder::new()
                    .name("dgt-link".into())
                    .spawn(move || follow_dgt_thread(&hub, &device));
                if let Err(e) = spawned {
                    let lang = app.live.bounds.lang();
                    let why = lang.fmt("serve-link-thread", &[("reason", &e.to_string())]);
                    eprintln!("arbiter serve: {why}");
                }
            }
        }
    }
    let settler = app.live.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(100));
        loop {
            every.tick().await;
            settler.settle();
        }
    });
    // The incidents go into the event's record within a second of the board's message.
    let saver = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        let mut reported = false;
        loop {
            every.tick().await;
            match saver.save_incidents().await {
                Ok(()) => reported = false,
                Err(e) if !reported => {
                    eprintln!("arbiter serve: {}", e.message(saver.live.bounds.lang()));
                    reported = true;
                }
                Err(_) => {}
            }
        }
    });
    let ticker = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            // Every group's play-outs: the room follows the boards of all of them.
            let path = ticker.config.state.clone();
            if ticker.live.playouts.load(Ordering::SeqCst)
                && let Ok(e) = super::super::blocking(move || {
                    Ok(crate::tournament::record::load_any_event(&path)?)
                })
                .await
            {
                // Off once no group has a play-out running: the ticker then reads nothing.
                let mut running = false;
                for group in 0..e.len() {
                    running |= ticker.live_sync(&e.group(group), group);
                }
                ticker.live.playouts.store(running, Ordering::SeqCst);
            }
        }
    });
}

/// The room's links retry for as long as the room runs (0.5 s doubling to 5 s, then every
/// 5 s): a board unplugged for the lunch break or LiveChess restarted is followed again.
const ROOM_BACKOFF: Backoff = Backoff {
    first: Duration::from_millis(500),
    max: Duration::from_secs(5),
    attempts: u32::MAX,
};

/// The live room as a LiveChess host's connection feeds it.
struct RoomSink {
    hub: std::sync::Arc<LiveHub>,
    url: String,
    /// The e-boards of this host followed.
    followed: std::collections::HashSet<String>,
}

impl livechess::HostSink for RoomSink {
    fn listed(&mut self, boards: &[livechess::EboardListing]) -> Vec<String> {
        let mut new = Vec::new();
        let mut refused = 0;
        for b in boards {
            let known = self.followed.contains(&b.serialnr);
            if !known && !self.hub.bounds.follow(&b.serialnr) {
                refused += 1;
                continue;
            }
            let changed = self.hub.room().seen(
                &b.serialnr,
                b.source.as_deref().unwrap_or(&self.url),
                false,
                b.battery.clone(),
            );
            if changed {
                self.hub.reload_desk();
            }
            if !known {
                self.followed.insert(b.serialnr.clone());
                new.push(b.serialnr.clone());
            }
        }
        self.hub.bounds.refused(&self.url, boards.len(), refused);
        new
    }

    fn event(&mut self, serial: &str, event: LinkEvent) {
        self.hub.push(serial, &event);
    }

    fn unreachable(&mut self, reason: &crate::i18n::Note) {
        eprintln!("arbiter serve: {}", reason.text(self.hub.bounds.lang()));
    }
}

/// Follows the DGT board on `device` as a task of the server's runtime for as long as the
/// desk runs (opened again every 5 s until it answers): the port's descriptor waits in the
/// runtime's reactor, no thread of its own.
#[cfg(unix)]
async fn follow_dgt(hub: std::sync::Arc<LiveHub>, device: String) {
    let config = dgt::DgtConfig {
        backoff: ROOM_BACKOFF,
        ..dgt::DgtConfig::new(device.clone())
    };
    let mut room = DgtRoom {
        hub: &hub,
        device: &device,
        serial: None,
    };
    dgt::follow_task(
        config,
        Stop::default(),
        Duration::from_secs(5),
        |e| eprintln!("arbiter serve: {}", e.note().text(hub.bounds.lang())),
        |board, event| room.event(board, &event),
    )
    .await;
}

/// Follows the DGT board on `device` on this thread for as long as the desk runs (where the
/// runtime cannot watch a serial port: not Unix).
#[cfg(not(unix))]
fn follow_dgt_thread(hub: &std::sync::Arc<LiveHub>, device: &str) {
    let config = dgt::DgtConfig {
        backoff: ROOM_BACKOFF,
        ..dgt::DgtConfig::new(device)
    };
    let mut room = DgtRoom {
        hub,
        device,
        serial: None,
    };
    dgt::follow(
        config,
        &Stop::default(),
        Duration::from_secs(5),
        |e| eprintln!("arbiter serve: {}", e.note().text(hub.bounds.lang())),
        |board, event| room.event(board, &event),
    );
}

/// The live room as a DGT port feeds it.
struct DgtRoom<'a> {
    hub: &'a std::sync::Arc<LiveHub>,
    device: &'a str,
    /// The board's serial number (the device's name when it gives none), once it answered.
    serial: Option<String>,
}

impl DgtRoom<'_> {
    /// Hands the board's `event` to the room (the board seen on its first, within the limit
    /// of e-boards); always true (the room follows for as long as it runs).
    fn event(&mut self, board: &BoardId, event: &LinkEvent) -> bool {
        let (hub, device) = (self.hub, self.device);
        let s = self.serial.get_or_insert_with(|| {
            let s = board.serial.clone().unwrap_or_else(|| device.to_string());
            if hub.bounds.follow(&s) {
                hub.room().seen(&s, device, true, None);
                hub.reload_desk();
            } else {
                hub.bounds.refused(device, 1, 1);
            }
            s
        });
        if hub.bounds.follow(s) {
            hub.push(s, event);
        }
        true
    }
}
