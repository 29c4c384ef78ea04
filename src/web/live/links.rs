//! The e-board links the desk follows (`serve --livechess URL`, `--dgt DEVICE`): each on its
//! own threads (a link blocks), its events given to the live room, its capture written beside
//! the state file; and the play-out ticker on the server's runtime.

use super::*;

/// Starts the links (each on its own threads: the links block) and the play-out ticker (on
/// the server's runtime). A LiveChess address is asked for its e-boards every 5 s; each new
/// one gets its link. A link that cannot be opened is reported on standard error and tried
/// again at the next listing.
pub fn start_links(app: &Shared, links: &[LinkSpec]) {
    for spec in links.iter().cloned() {
        let hub = app.live.clone();
        let name = match &spec {
            LinkSpec::LiveChess(_) => "livechess-room",
            LinkSpec::Dgt(_) => "dgt-room",
        };
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || match spec {
                LinkSpec::LiveChess(url) => follow_livechess(&hub, &url),
                LinkSpec::Dgt(device) => follow_dgt(&hub, &device),
            });
        if let Err(e) = spawned {
            eprintln!("arbiter serve: cannot start a board link: {e}");
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
                    eprintln!("arbiter serve: {e}");
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
            if ticker.live.playouts.load(Ordering::SeqCst)
                && let Ok(t) = ticker.load().await
            {
                ticker.live_sync(&t);
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

/// Lists LiveChess's e-boards every 5 s and follows each new one.
fn follow_livechess(hub: &std::sync::Arc<LiveHub>, url: &str) {
    let mut followed: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut reported = false;
    loop {
        match livechess::list_eboards(url, Duration::from_secs(5)) {
            Ok(list) => {
                reported = false;
                for b in list {
                    let changed = hub.room().seen(
                        &b.serialnr,
                        b.source.as_deref().unwrap_or(url),
                        false,
                        b.battery.clone(),
                    );
                    if changed {
                        hub.reload_desk();
                    }
                    if followed.contains(&b.serialnr) {
                        continue;
                    }
                    let config = livechess::LiveChessConfig {
                        serial: Some(b.serialnr.clone()),
                        backoff: ROOM_BACKOFF,
                        ..livechess::LiveChessConfig::new(url)
                    };
                    match livechess::open(config) {
                        Ok(link) => {
                            followed.insert(b.serialnr.clone());
                            read_link(hub, b.serialnr.clone(), link);
                        }
                        Err(e) => eprintln!("arbiter serve: {e}"),
                    }
                }
            }
            Err(e) if !reported => {
                eprintln!("arbiter serve: {e}");
                reported = true;
            }
            Err(_) => {}
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// Opens the DGT board on `device` (again every 5 s until it answers) and follows it.
fn follow_dgt(hub: &std::sync::Arc<LiveHub>, device: &str) {
    loop {
        let config = dgt::DgtConfig {
            backoff: ROOM_BACKOFF,
            ..dgt::DgtConfig::new(device)
        };
        match dgt::open(config) {
            Ok(link) => {
                let serial = link
                    .board()
                    .serial
                    .clone()
                    .unwrap_or_else(|| device.to_string());
                hub.room().seen(&serial, device, true, None);
                hub.reload_desk();
                read_link(hub, serial, link);
                return;
            }
            Err(e) => eprintln!("arbiter serve: {e}"),
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// Reads a link on its own thread into the room until it ends.
fn read_link(hub: &std::sync::Arc<LiveHub>, serial: String, link: crate::board::link::Link) {
    let hub = hub.clone();
    let spawned = std::thread::Builder::new()
        .name("board-reader".into())
        .spawn(move || {
            for event in link {
                hub.push(&serial, &event);
            }
        });
    if let Err(e) = spawned {
        eprintln!("arbiter serve: cannot start a board reader: {e}");
    }
}
