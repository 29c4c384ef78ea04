//! Loading the event ([`load`]: its database, or a state file of the JSON format kept before
//! the database, [`crate::tournament::record`]), the errors of the event's file
//! ([`StoreError`]), and files written atomically ([`write_atomic`]: a temp file in the same
//! directory, fsync, rename over the old file, fsync of the directory — the reports, lists and
//! JSON states the commands write).
//!
//! A caller that also takes TRF files tells a JSON state apart with [`is_state_file`] (a
//! database with [`crate::tournament::record::kind_of`]) and converts TRF with
//! [`crate::formats::trf`].

use std::io::Write;
use std::path::Path;

use crate::tournament::model::Tournament;

/// What went wrong loading or saving the state file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Reading or writing failed.
    #[error("{file}: {action}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What was being done ("read", "write temp file", "rename"…).
        action: &'static str,
        /// The operating-system error.
        #[source]
        source: std::io::Error,
    },
    /// The event's database failed (SQLite's message).
    #[error("{file}: the event's database: {message}")]
    Database {
        /// The file.
        file: String,
        /// SQLite's message.
        message: String,
    },
    /// The disk (or the quota) is full: nothing was changed.
    #[error(
        "{file}: the disk is full: nothing was changed; free some space (or move the event to another disk) and try again"
    )]
    DiskFull {
        /// The file.
        file: String,
    },
    /// The file or its folder cannot be written: nothing was changed.
    #[error(
        "{file}: the file or its folder cannot be written (read-only): nothing was changed; make it writable or copy the event to a writable folder"
    )]
    ReadOnly {
        /// The file.
        file: String,
    },
    /// Another program held the event for longer than the wait ([`crate::tournament::record::BUSY_WAIT`]).
    #[error(
        "{file}: another program has been changing the event for over 5 s: nothing was changed; try again"
    )]
    Busy {
        /// The file.
        file: String,
    },
    /// The file is neither an event's database nor a state file.
    #[error("{file}: this is not an event (neither an event's database nor a state file)")]
    NotAnEvent {
        /// The file.
        file: String,
    },
    /// The database was written by a newer program.
    #[error(
        "{file}: the event was written by a newer arbiter (schema {found}, this one knows {known}): update arbiter"
    )]
    Newer {
        /// The file.
        file: String,
        /// The file's schema.
        found: i64,
        /// This program's.
        known: i64,
    },
    /// The state file was converted into a database, and changed since by an older program.
    #[error(
        "{from} changed after it was converted into {to}: the event is kept in {to}; move {to} away to convert {from} again"
    )]
    ChangedSinceConversion {
        /// The state file.
        from: String,
        /// The database.
        to: String,
    },
    /// The name the state file is converted to is taken by another file.
    #[error(
        "{from} would be converted into {to}, but {to} exists and is not its conversion: rename one of them"
    )]
    ConversionTaken {
        /// The state file.
        from: String,
        /// The database's name.
        to: String,
    },
    /// The JSON is not a tournament state.
    #[error("{file}:{line}:{column}: not a tournament state file: {message}")]
    Json {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's message.
        message: String,
    },
}

/// Reads a file's text (a state file, or another file a caller tells apart with
/// [`is_state_file`]).
///
/// # Errors
/// [`StoreError::Io`] naming the file.
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    std::fs::read_to_string(path).map_err(|source| StoreError::Io {
        file: path.display().to_string(),
        action: "read",
        source,
    })
}

/// True when `text` is a state file (JSON: it starts with `{`), not a TRF file.
pub fn is_state_file(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads a state file's text; `file` names it in errors.
///
/// # Errors
/// [`StoreError::Json`] with line and column.
pub fn parse(text: &str, file: &str) -> Result<Tournament, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Json {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })
}

/// Loads the event at `path`: its database ([`crate::tournament::record`]), or a state file
/// of the JSON format (with no database converted from it yet: read as it is, nothing is
/// written; a state file already converted reads its database).
///
/// # Errors
/// [`StoreError`] naming the file (and line/column for JSON).
pub fn load(path: &Path) -> Result<Tournament, StoreError> {
    crate::tournament::record::load_any(path)
}

/// Saves the tournament as the event's database at `path`: creates it, or replaces what it
/// holds (one journal entry `save`, made by the library, that an undo takes back). For tools
/// and tests; the CLI and the desk change the event through [`crate::tournament::journal`].
///
/// # Errors
/// [`StoreError`]; nothing is changed then.
pub fn save(tournament: &Tournament, path: &Path) -> Result<(), StoreError> {
    use crate::tournament::journal::{Act, Who};
    let act = Act::new(Who::library(), "save", serde_json::json!({}));
    crate::tournament::record::create(path, act, tournament)
}

/// Writes `t` as a state file of the JSON format (pretty, atomically): what `tournament export
/// --format json` writes, and the format of events kept before the database.
///
/// # Errors
/// [`StoreError::Io`]; the previous file is then untouched.
pub fn save_json(tournament: &Tournament, path: &Path) -> Result<(), StoreError> {
    let mut json = serde_json::to_vec_pretty(tournament).map_err(|e| StoreError::Io {
        file: path.display().to_string(),
        action: "serialise",
        source: std::io::Error::other(e),
    })?;
    json.push(b'\n');
    write_atomic(path, |w| w.write_all(&json))
}

/// Writes a file atomically: `write` fills a temp file in the same directory, which is
/// flushed, fsynced and renamed over `path`; the directory is then fsynced (Unix). If `write`
/// fails (or the process dies) before the rename, `path` keeps its old content and the temp
/// file is removed (or left as `.<name>.*.tmp`, never read).
///
/// # Errors
/// [`StoreError::Io`] naming the step that failed.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), StoreError> {
    let file = path.display().to_string();
    let io = |action: &'static str| {
        let file = file.clone();
        move |source| StoreError::Io {
            file,
            action,
            source,
        }
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let prefix = format!(
        ".{}.",
        path.file_name()
            .map_or("state".into(), |n| n.to_string_lossy())
    );
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(io("create temp file"))?;
    write(tmp.as_file_mut()).map_err(io("write temp file"))?;
    tmp.as_file_mut().flush().map_err(io("flush temp file"))?;
    tmp.as_file().sync_all().map_err(io("fsync temp file"))?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .map_err(io("rename temp file"))?;
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(&dir) {
        // Makes the rename itself durable; a failure here leaves a correct file behind.
        let _ = d.sync_all();
    }
    Ok(())
}

/// An advisory exclusive lock on a state file (`flock` on Unix, `LockFileEx` on Windows),
/// held until dropped. Only writers that take it are kept out: [`update`] and the CLI's
/// changing commands do; readers need not (the atomic rename never shows a torn file).
#[derive(Debug)]
pub struct StateLock {
    _file: std::fs::File,
}

/// Takes the exclusive lock on the state file at `path`, waiting for another holder to drop it.
///
/// The lock is on the file itself, not on a separate lock file: nothing is left behind. As a
/// save replaces the file by a rename, a waiter may wake up holding the lock of a file that is
/// no longer at `path`; it then locks the new one, so every holder locks the current file.
///
/// # Errors
/// [`StoreError::Io`]: the file cannot be opened (e.g. it does not exist yet) or locked.
pub fn lock(path: &Path) -> Result<StateLock, StoreError> {
    let io = |action: &'static str| {
        move |source| StoreError::Io {
            file: path.display().to_string(),
            action,
            source,
        }
    };
    loop {
        let file = std::fs::File::open(path).map_err(io("open to lock"))?;
        file.lock().map_err(io("lock"))?;
        if still_at(&file, path) {
            return Ok(StateLock { _file: file });
        }
    }
}

/// True when `file` is still the file at `path` (not replaced by a rename since it was opened).
#[cfg(unix)]
fn still_at(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        // The file is gone: the lock holds nothing; the caller's load reports the missing file.
        (Ok(_), Err(_)) => true,
        (Err(_), _) => true,
    }
}

/// Elsewhere a file open by another process cannot be renamed over, so it is still there.
#[cfg(not(unix))]
fn still_at(_file: &std::fs::File, _path: &Path) -> bool {
    true
}
