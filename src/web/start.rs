//! What is checked before the desk starts: the event's file reads as an event, or is not there
//! yet (an event to set up) in a folder that is; then the desk's listener, and the public
//! view's when asked, bound and served until the stop.

use std::net::SocketAddr;
use std::path::Path;

use super::{App, ServeConfig, lan_address, live, public, router, server};
use crate::tournament::record::{FileKind, kind_of};
use crate::tournament::store::{self, StoreError};

/// What went wrong starting the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The state file cannot be read or is not a state file.
    #[error("cannot serve {file}: {source}")]
    State {
        /// The state file.
        file: String,
        /// Why.
        #[source]
        source: StoreError,
    },
    /// The address cannot be bound (in use, not this machine's).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The server stopped on an I/O error.
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// Checks the event's file before the desk starts: an existing file must load as an event; a
/// missing one (the event to set up on `/setup`) must be in a folder that is there, so that a
/// mistyped path is refused at once, not after the arbiter has filled the setup form.
///
/// # Errors
/// [`ServeError::State`] naming the file: it does not load, or its folder is not there.
pub(super) fn check_state(state: &Path) -> Result<(), ServeError> {
    let file = state.display().to_string();
    if kind_of(state) != FileKind::Missing {
        store::load(state).map_err(|source| ServeError::State { file, source })?;
    } else if let Some(folder) = state.parent().filter(|d| !d.as_os_str().is_empty())
        && !folder.is_dir()
    {
        let source = StoreError::Io {
            file: folder.display().to_string(),
            action: "open the folder",
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
        };
        return Err(ServeError::State { file, source });
    }
    Ok(())
}

/// Serves the state file until Ctrl-C (or SIGTERM): checks that the file reads as a tournament
/// (a file that does not exist yet is the event to set up: the desk offers `/setup`), binds,
/// calls `ready` with the URL to open (with `?token=` when a token is needed), then answers
/// requests; a request in flight when Ctrl-C comes is finished first.
///
/// # Errors
/// [`ServeError::State`] when the state file cannot be read (the server does not start),
/// [`ServeError::Bind`], [`ServeError::Io`].
pub async fn serve(config: ServeConfig, ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    serve_live(config, &[], ready).await
}

/// [`serve`] with e-board links (`--livechess`, `--dgt`) feeding the live room
/// ([`live::start_links`]) from the start.
///
/// # Errors
/// As [`serve`].
pub async fn serve_live(
    config: ServeConfig,
    links: &[live::LinkSpec],
    ready: impl FnOnce(&str),
) -> Result<(), ServeError> {
    serve_all(config, links, |desk, _| ready(desk)).await
}

/// The URL another device opens for a listener bound at `local`: an unspecified address
/// (`0.0.0.0`, tablet mode) opens nothing on a phone, so the machine's address on the venue's
/// network is named instead.
fn opened_at(mut local: SocketAddr) -> SocketAddr {
    if local.ip().is_unspecified() {
        // `[::]` also takes IPv4 connections (Linux's default), and a phone on the venue's
        // network reaches the laptop's IPv4 address more surely than an IPv6 one: that first.
        let lan = lan_address(false).or_else(|| local.is_ipv6().then(|| lan_address(true))?);
        if let Some(ip) = lan {
            local.set_ip(ip);
        }
    }
    local
}

/// [`serve_live`], with the public view on `config.public` when given: both listeners are
/// bound before `ready` is called with the desk's URL (with `?token=` when one is needed) and
/// the public view's (`http://ADDR:PORT/`, `None` without `--public`); both stop together on
/// Ctrl-C or SIGTERM.
///
/// # Errors
/// As [`serve`]; [`ServeError::Bind`] for the public address too.
pub async fn serve_all(
    config: ServeConfig,
    links: &[live::LinkSpec],
    ready: impl FnOnce(&str, Option<&str>),
) -> Result<(), ServeError> {
    check_state(&config.state)?;
    let addr = config.addr;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let public = match config.public {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|source| ServeError::Bind { addr, source })?,
        ),
        None => None,
    };
    let local = opened_at(listener.local_addr()?);
    let public_url = match (&public, &config.public_url) {
        (Some(_), Some(given)) => Some(given.clone()),
        (Some(l), None) => Some(format!("http://{}/", opened_at(l.local_addr()?))),
        (None, _) => None,
    };
    let url = match &config.token {
        Some(t) => format!("http://{local}/?token={t}"),
        None => format!("http://{local}/"),
    };
    // The handlers are in place before the URL is printed: a Ctrl-C right after it still
    // stops the server cleanly.
    #[cfg(unix)]
    let stop = {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
    };
    #[cfg(not(unix))]
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    ready(&url, public_url.as_deref());
    let app = App::serving_at(config, &url, public_url.as_deref());
    live::start_links(&app, links);
    super::broadcast::start(&app);
    // One stop for both listeners: the signal, then the live room and the writes.
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    let stop = {
        let app = app.clone();
        async move {
            stop.await;
            app.live.stop();
            app.gate.stop();
            let _ = stopping.send(true);
        }
    };
    let limits = app.config.limits;
    let desk = server::serve(listener, router(app.clone()), &app.gate, limits, stop);
    match public {
        Some(public) => {
            let mut stopped = stopped;
            let public_stop = async move {
                let _ = stopped.wait_for(|s| *s).await;
            };
            // Its own tally of connections (in `server::serve`) under the desk's limits.
            let shown = server::serve(
                public,
                public::public_router(app.clone()),
                &app.gate,
                limits,
                public_stop,
            );
            tokio::join!(desk, shown);
        }
        None => desk.await,
    }
    Ok(())
}
