//! The event databases this process has open, so that the program never opens and closes
//! such a file itself while SQLite has it open.
//!
//! On Unix, closing any descriptor of a file drops every POSIX advisory lock the process
//! holds on that file, SQLite's included (SQLite, "How To Corrupt An SQLite Database File",
//! 2.2.1). [`super::kind_of`] therefore reads no file counted here; SQLite's own connections
//! share their descriptors and locks and are safe.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// A file's identity: device and inode.
pub(super) type Key = (u64, u64);

/// Connections of this process open on each database file, by [`Key`] (those that lock it:
/// not the immutable ones).
pub(super) static OPEN: Mutex<BTreeMap<Key, usize>> = Mutex::new(BTreeMap::new());

/// The identity of the file at `path`, or `None` (no such file; a system where closing a
/// handle leaves the others' locks alone).
pub(super) fn key(path: &Path) -> Option<Key> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// One connection counted in [`OPEN`] from before it is opened until after it is closed.
pub(super) struct Held(Option<Key>);

/// Whether a connection of this process has the file at `path` open.
pub(super) fn is_open(path: &Path) -> bool {
    let open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
    key(path).is_some_and(|k| open.contains_key(&k))
}

impl Held {
    /// Counts nothing: a connection that holds no lock (a file opened immutable, read as it
    /// is where its `-wal` and `-shm` cannot be made).
    pub(super) fn none() -> Held {
        Held(None)
    }

    /// Counts a connection about to be opened on `path` (waits while [`super::kind_of`]
    /// reads a file).
    pub(super) fn new(path: &Path) -> Held {
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        let key = key(path);
        if let Some(k) = key {
            *open.entry(k).or_default() += 1;
        }
        Held(key)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let Some(k) = self.0 else { return };
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&k) {
            *n -= 1;
            if *n == 0 {
                open.remove(&k);
            }
        }
    }
}
