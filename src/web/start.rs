//! What is checked before the desk starts: the event's file reads as an event, or is not there
//! yet (an event to set up) in a folder that is.

use std::net::SocketAddr;
use std::path::Path;

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
