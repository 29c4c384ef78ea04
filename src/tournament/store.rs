//! The tournament state file: JSON (the [`Tournament`] record), written atomically — a temp
//! file in the same directory, fsync, rename over the old file, fsync of the directory — so a
//! crash mid-save leaves either the old state or the new one, never a torn file. The state file
//! is JSON only: a caller that also takes TRF files tells them apart with [`is_state_file`] and
//! converts TRF with [`crate::formats::trf`].

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
