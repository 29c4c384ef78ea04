//! The live room's data in the event's database (the incidents and each board's capture
//! lines, in batches, no journal entries), and copies of the database.

use std::path::Path;

use rusqlite::{OptionalExtension, params};

use super::rows::{self, SECTION};
use super::{Db, create_private, resolve, sql_error};
use crate::tournament::live::{BoardKey, LiveIncident};
use crate::tournament::store::StoreError;

/// Lines of a board's capture to append: the board (its group's section) and the lines
/// (each ending with `\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureLines {
    /// The board: group `g`'s captures are kept under section `g + 1`.
    pub at: BoardKey,
    /// The lines, each ending with a line break.
    pub lines: String,
}

/// The section of group `group`'s rows (group `i` is section `i + 1`).
fn section_of(group: usize) -> i64 {
    i64::try_from(group).map_or(i64::MAX, |g| g.saturating_add(SECTION))
}

/// Writes a batch of the live room's data in one transaction and no journal entry: the
/// incidents the record does not have yet (by their key: an incident already kept is left as
/// it is) and capture lines, one row per board, under its group's section. Returns how many incidents were new.
///
/// # Errors
/// [`StoreError`]; nothing is written then.
pub fn save_live(
    state: &Path,
    incidents: &[LiveIncident],
    captures: &[CaptureLines],
) -> Result<usize, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.write()?;
    let e = |err| sql_error(&path, err);
    let mut pos: i64 = tx
        .query_row(
            "SELECT count(*) FROM incident WHERE section = ?",
            [SECTION],
            |r| r.get(0),
        )
        .map_err(e)?;
    let mut new = 0;
    {
        let mut stmt = tx
            .prepare_cached(
                "INSERT OR IGNORE INTO incident (section, round, board, game, incident, kind, pos, data) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .map_err(e)?;
        for i in incidents {
            let k = rows::incident_key(i);
            let data = serde_json::to_string(i).unwrap_or_default();
            let n = stmt
                .execute(params![k[0], k[1], k[2], k[3], k[4], k[5], pos, data])
                .map_err(e)?;
            if n > 0 {
                pos += 1;
                new += 1;
            }
        }
        let mut stmt = tx
            .prepare_cached(
                "INSERT INTO capture (section, round, board, lines) VALUES (?, ?, ?, ?)",
            )
            .map_err(e)?;
        for c in captures.iter().filter(|c| !c.lines.is_empty()) {
            stmt.execute(params![
                section_of(c.at.group),
                c.at.round,
                c.at.board,
                c.lines
            ])
            .map_err(e)?;
        }
    }
    tx.commit().map_err(e)?;
    Ok(new)
}

/// Writes board `at`'s capture to `out`, in the order its lines came; returns how many lines.
///
/// # Errors
/// [`StoreError`]; the writer's error as [`StoreError::Io`].
pub fn write_capture(
    state: &Path,
    at: BoardKey,
    out: &mut dyn std::io::Write,
) -> Result<u64, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let mut stmt = tx
        .prepare(
            "SELECT lines FROM capture WHERE section = ? AND round = ? AND board = ? ORDER BY id",
        )
        .map_err(e)?;
    let mut q = stmt
        .query(params![section_of(at.group), at.round, at.board])
        .map_err(e)?;
    let mut n = 0;
    while let Some(r) = q.next().map_err(e)? {
        let lines: String = r.get(0).map_err(e)?;
        n += lines.lines().count() as u64;
        out.write_all(lines.as_bytes())
            .map_err(|source| StoreError::Io {
                file: "-".into(),
                action: "write",
                source,
            })?;
    }
    Ok(n)
}

/// The last line of board `at`'s capture, if it has one.
///
/// # Errors
/// [`StoreError`].
pub fn last_capture_line(state: &Path, at: BoardKey) -> Result<Option<String>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    let lines: Option<String> = tx
        .query_row(
            "SELECT lines FROM capture WHERE section = ? AND round = ? AND board = ? ORDER BY id DESC LIMIT 1",
            params![section_of(at.group), at.round, at.board],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| sql_error(&path, e))?;
    Ok(lines.and_then(|l| l.lines().last().map(str::to_string)))
}

/// The boards of group `group` that have a capture: `(round, board, lines)`.
///
/// # Errors
/// [`StoreError`].
pub fn captures(state: &Path, group: usize) -> Result<Vec<(u32, u32, u64)>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let mut stmt = tx
        .prepare(
            "SELECT round, board, sum(length(lines) - length(replace(lines, char(10), ''))) \
             FROM capture WHERE section = ? GROUP BY round, board ORDER BY round, board",
        )
        .map_err(e)?;
    let list = stmt
        .query_map([section_of(group)], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, i64>(2)? as u64,
            ))
        })
        .map_err(e)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(e)?;
    Ok(list)
}

/// Writes a consistent copy of the event's database to `to` (SQLite's `VACUUM INTO`: the event
/// as of one moment, whatever other programs write meanwhile), readable by its owner only,
/// without the lichess broadcast's token and mark ([`super::broadcast`]: a copy is handed on).
/// `to` must not exist.
///
/// # Errors
/// [`StoreError`] naming the event or the copy.
pub fn backup(state: &Path, to: &Path) -> Result<(), StoreError> {
    let path = resolve(state)?.path;
    create_private(to).map_err(|source| StoreError::Io {
        file: to.display().to_string(),
        action: "create",
        source,
    })?;
    let db = Db::reader(&path)?;
    let done = db
        .conn
        .execute("VACUUM INTO ?", [to.to_string_lossy()])
        .map_err(|e| sql_error(to, e));
    // The copy is handed on (a backup kept elsewhere, the desk's download): the broadcast's
    // token stays in the event only.
    let done = done.and_then(|_| super::broadcast::strip_secrets(to).map_err(|e| sql_error(to, e)));
    if done.is_err() {
        let _ = std::fs::remove_file(to);
    }
    done
}

/// `PRAGMA integrity_check` of the event's database: `ok`, or SQLite's findings.
///
/// # Errors
/// [`StoreError`].
pub fn integrity_check(path: &Path) -> Result<String, StoreError> {
    let db = Db::reader(path)?;
    let mut stmt = db
        .conn
        .prepare("PRAGMA integrity_check")
        .map_err(|e| sql_error(path, e))?;
    let lines = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(|e| sql_error(path, e))?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(|e| sql_error(path, e))?;
    Ok(lines.join("\n"))
}
