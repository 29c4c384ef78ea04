//! The lichess broadcast's part of the event's database, in its key–value table `meta`
//! (schema 1; no new table, so no migration): the token the arbiter gave
//! ([`BROADCAST_TOKEN_KEY`]) and what was last delivered ([`BroadcastMark`]). Neither is part
//! of the event's rows: not in the JSON export, the TRF, the journal, nor in a backup copy
//! ([`super::backup`] removes them from the copy, see [`strip_secrets`]).

use std::path::Path;

use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};

use super::{Db, resolve, sql_error};
use crate::tournament::store::StoreError;

/// The `meta` key of the broadcast's token (lichess's personal API token, `study:write`).
pub const BROADCAST_TOKEN_KEY: &str = "broadcast_token";
/// The `meta` key of the [`BroadcastMark`] (JSON).
pub const BROADCAST_MARK_KEY: &str = "broadcast_mark";

/// What the desk last delivered to a lichess broadcast round, kept so that a desk started
/// again pushes at once what lichess does not have yet (the round's PGN whose digest differs
/// from [`BroadcastMark::accepted`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BroadcastMark {
    /// Lichess's broadcast round id (`--broadcast-round`, 8 characters on lichess).
    pub round_id: String,
    /// The desk's round pushed to it: the round paired when the broadcast round was first
    /// given (a later round of the desk needs another broadcast round).
    pub desk_round: u32,
    /// SHA-256 (hex) of the PGN lichess last accepted (answered 200); `None`: none yet.
    pub accepted: Option<String>,
    /// Lichess's answer to it as received (`{"games": [{"tags": {…}, "moves": N} | {…,
    /// "error": "…"}]}`), for the pages after a restart.
    pub answer: Option<serde_json::Value>,
    /// When that answer came, milliseconds since the Unix epoch.
    pub answered_ms: Option<u64>,
}

fn get(state: &Path, key: &str) -> Result<Option<String>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    tx.query_row("SELECT value FROM meta WHERE key = ?", [key], |r| r.get(0))
        .optional()
        .map_err(|e| sql_error(&path, e))
}

fn put(state: &Path, key: &str, value: Option<&str>) -> Result<(), StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.write()?;
    let e = |err| sql_error(&path, err);
    match value {
        Some(v) => tx
            .execute(
                "INSERT INTO meta (key, value) VALUES (?1, ?2) \
                 ON CONFLICT(key) DO UPDATE SET value = ?2",
                [key, v],
            )
            .map_err(e)?,
        None => tx
            .execute("DELETE FROM meta WHERE key = ?", [key])
            .map_err(e)?,
    };
    tx.commit().map_err(e)
}

/// The broadcast's token kept in the event at `state`, if one was given.
///
/// # Errors
/// [`StoreError`] when the record cannot be read.
pub fn broadcast_token(state: &Path) -> Result<Option<String>, StoreError> {
    Ok(get(state, BROADCAST_TOKEN_KEY)?.filter(|t| !t.is_empty()))
}

/// Keeps `token` (trimmed) as the broadcast's token of the event at `state`; `None` or an
/// empty one removes it. No journal entry: the journal's text is shown and exported.
///
/// # Errors
/// [`StoreError`]; nothing is written then.
pub fn set_broadcast_token(state: &Path, token: Option<&str>) -> Result<(), StoreError> {
    put(
        state,
        BROADCAST_TOKEN_KEY,
        token.map(str::trim).filter(|t| !t.is_empty()),
    )
}

/// What was last delivered to the broadcast ([`BroadcastMark`]); `None` before the first push
/// (or for a mark this program cannot read).
///
/// # Errors
/// [`StoreError`] when the record cannot be read.
pub fn broadcast_mark(state: &Path) -> Result<Option<BroadcastMark>, StoreError> {
    Ok(get(state, BROADCAST_MARK_KEY)?.and_then(|v| serde_json::from_str(&v).ok()))
}

/// Keeps `mark` as what was last delivered.
///
/// # Errors
/// [`StoreError`]; nothing is written then.
pub fn set_broadcast_mark(state: &Path, mark: &BroadcastMark) -> Result<(), StoreError> {
    let text = serde_json::to_string(mark).unwrap_or_default();
    put(state, BROADCAST_MARK_KEY, Some(&text))
}

/// A short text that changes whenever what a round's PGN is made of may have changed: the
/// journal's last entry (results, players, pairings, the arbiter's decisions), the boards'
/// capture lines and the incidents kept. Equal texts: the PGN is as it was.
///
/// # Errors
/// [`StoreError`] when the record cannot be read.
pub fn pgn_fingerprint(state: &Path) -> Result<String, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    tx.query_row(
        "SELECT ifnull((SELECT max(seq) FROM journal), 0) || '/' || \
         ifnull((SELECT max(id) FROM capture), 0) || '/' || (SELECT count(*) FROM incident)",
        [],
        |r| r.get(0),
    )
    .map_err(|e| sql_error(&path, e))
}

/// Removes the broadcast's token and mark from a copy of the database at `copy` (a backup
/// that is handed on), overwriting their bytes (`secure_delete`): a copy holds no token.
///
/// # Errors
/// SQLite's.
pub(super) fn strip_secrets(copy: &Path) -> rusqlite::Result<()> {
    let conn = rusqlite::Connection::open(copy)?;
    conn.execute_batch("PRAGMA secure_delete=ON;")?;
    conn.execute(
        "DELETE FROM meta WHERE key IN (?, ?)",
        [BROADCAST_TOKEN_KEY, BROADCAST_MARK_KEY],
    )?;
    // The freed pages too (a WAL copy would keep the old page in the -wal until checkpointed).
    conn.execute_batch("VACUUM;")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(dir: &Path) -> std::path::PathBuf {
        let t = crate::tournament::Tournament::new("Broadcast", 3);
        let path = dir.join("ev.arbiter");
        crate::tournament::store::save(&t, &path).unwrap();
        path
    }

    #[test]
    fn the_token_is_kept_removed_and_left_out_of_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        let state = event(dir.path());
        assert_eq!(broadcast_token(&state).unwrap(), None);
        set_broadcast_token(&state, Some("  lip_secret123  ")).unwrap();
        assert_eq!(
            broadcast_token(&state).unwrap().as_deref(),
            Some("lip_secret123")
        );
        let mark = BroadcastMark {
            round_id: "abcd1234".into(),
            desk_round: 1,
            accepted: Some("00ff".into()),
            answer: Some(serde_json::json!({"games": []})),
            answered_ms: Some(5),
        };
        set_broadcast_mark(&state, &mark).unwrap();
        assert_eq!(broadcast_mark(&state).unwrap(), Some(mark));
        // A backup holds neither, not even in its bytes.
        let copy = dir.path().join("copy.arbiter");
        super::super::backup(&state, &copy).unwrap();
        let bytes = std::fs::read(&copy).unwrap();
        assert!(
            !bytes.windows(13).any(|w| w == b"lip_secret123"),
            "the token is in the backup's bytes"
        );
        assert_eq!(broadcast_token(&copy).unwrap(), None);
        assert_eq!(broadcast_mark(&copy).unwrap(), None);
        // The event itself keeps them; an empty token removes it.
        assert!(broadcast_token(&state).unwrap().is_some());
        set_broadcast_token(&state, Some(" ")).unwrap();
        assert_eq!(broadcast_token(&state).unwrap(), None);
    }
}
