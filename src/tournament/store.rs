//! The tournament state file: JSON (the [`Tournament`] record), written atomically — a temp
//! file in the same directory, fsync, rename over the old file, fsync of the directory — so a
//! crash mid-save leaves either the old state or the new one, never a torn file. The state file
//! is JSON only: a caller that also takes TRF files tells them apart with [`is_state_file`] and
//! converts TRF with [`crate::formats::trf`].
//!
//! Concurrent writers (two CLI processes, the web page and the CLI) never lose an update:
//! [`update`] (and every changing CLI command) holds an advisory exclusive lock on the state
//! file ([`lock`]) from the read to the rename, so read-modify-write cycles run one after
//! the other.

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

/// Loads a state file.
///
/// # Errors
/// [`StoreError`] naming the file (and line/column for JSON).
pub fn load(path: &Path) -> Result<Tournament, StoreError> {
    parse(&read_text(path)?, &path.display().to_string())
}

/// Saves the tournament as pretty JSON, atomically (see the module docs).
///
/// # Errors
/// [`StoreError::Io`]; the previous file is then untouched.
pub fn save(tournament: &Tournament, path: &Path) -> Result<(), StoreError> {
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

/// Read-modify-write of a state file under its lock ([`lock`]): loads it, applies `change`,
/// and saves it atomically if `change` succeeds. A refused change (an `Err` from `change`)
/// leaves the file untouched. Concurrent `update`s on one file run one after the other, so
/// none is lost.
///
/// ```
/// use arbiter::tournament::{Player, Tournament, store};
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("event.json");
/// store::save(&Tournament::new("Club Swiss", 5), &path).unwrap();
/// let tpn = store::update(&path, |t| -> Result<u16, Box<dyn std::error::Error>> {
///     Ok(t.add_player(Player { name: "Ada".into(), ..Player::default() })?)
/// })
/// .unwrap();
/// assert_eq!(tpn, 1);
/// assert_eq!(store::load(&path).unwrap().players.len(), 1);
/// ```
///
/// # Errors
/// [`StoreError`] (converted into `E`) from locking, loading or saving; `change`'s own error.
pub fn update<T, E: From<StoreError>>(
    path: &Path,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    let _lock = lock(path)?;
    let mut tournament = load(path)?;
    let out = change(&mut tournament)?;
    save(&tournament, path)?;
    Ok(out)
}
