//! Reading the journal: every entry ([`entries`]), a page of the newest ([`log_page`]) with
//! the results each result entry recorded and replaced.

use std::path::Path;

use rusqlite::params;

use super::change::last_standing;
use super::rows::{self, Change, Table};
use super::{Db, FileKind, convert, kind_of, resolve, sql_error};
use crate::tournament::journal::{Entry, ResultChange, Who};
use crate::tournament::store::StoreError;

/// An entry's columns as the journal row holds them.
pub(super) const ENTRY_COLUMNS: &str =
    "seq, time, via, address, device, action, args, version_before, version_after, undoes";

pub(super) fn entry_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Entry> {
    let args: String = r.get(6)?;
    Ok(Entry {
        seq: r.get::<_, i64>(0)? as u64,
        time: r.get(1)?,
        who: Who {
            via: r.get(2)?,
            address: r.get(3)?,
            device: r.get(4)?,
        },
        action: r.get(5)?,
        args: serde_json::from_str(&args).unwrap_or(serde_json::Value::Null),
        version_before: r.get(7)?,
        version_after: r.get(8)?,
        undoes: r.get::<_, Option<i64>>(9)?.map(|u| u as u64),
        results: Vec::new(),
    })
}

/// Every journal entry, oldest first (without the rows each changed).
///
/// # Errors
/// [`StoreError`]; an event that has no database yet (a state file not converted) has the
/// entries of its journal file read as they are.
pub fn entries(state: &Path) -> Result<Vec<Entry>, StoreError> {
    if kind_of(state) == FileKind::StateJson {
        match convert::converted(state)? {
            Some(db) => return entries(&db),
            None => return convert::old_entries(state),
        }
    }
    let mut db = Db::reader(state)?;
    let tx = db.read()?;
    let e = |err| sql_error(state, err);
    let mut stmt = tx
        .prepare(&format!("SELECT {ENTRY_COLUMNS} FROM journal ORDER BY seq"))
        .map_err(e)?;
    let list = stmt
        .query_map([], entry_of)
        .map_err(e)?
        .collect::<rusqlite::Result<Vec<Entry>>>()
        .map_err(e)?;
    Ok(list)
}

/// A page of the journal, newest first.
#[derive(Clone, Debug, Default)]
pub struct LogPage {
    /// The entries of the page, newest first, with the results a result entry recorded.
    pub entries: Vec<Entry>,
    /// Which of them were undone, and by which entry: `(undone, by)`.
    pub undone_by: Vec<(u64, u64)>,
    /// How many entries the journal has.
    pub total: u64,
    /// The last change not undone that an undo would take back (its number), if any.
    pub last_standing: Option<u64>,
}

/// The actions whose entries show the results they recorded and replaced.
fn records_results(action: &str) -> bool {
    matches!(
        action,
        "result"
            | "correct-result"
            | "judged-result"
            | "adjudicated-result"
            | "live-result"
            | "disqualify"
            | "save"
    )
}

/// The results a change recorded: each board whose result changed, from and to.
pub(super) fn result_changes(changes: &[Change]) -> Vec<ResultChange> {
    #[derive(serde::Deserialize)]
    struct G {
        #[serde(default)]
        result: Option<crate::tournament::BoardResult>,
    }
    let result = |i: &Option<rows::Image>| {
        i.as_ref()
            .and_then(|i| serde_json::from_str::<G>(i.data.get()).ok())
            .and_then(|g| g.result)
    };
    changes
        .iter()
        .filter(|c| c.t == Table::Game)
        .filter_map(|c| {
            let (from, to) = (result(&c.b), result(&c.a));
            (from != to).then(|| ResultChange {
                round: c.k.get(1).copied().unwrap_or(0) as u32,
                board: c.k.get(2).copied().unwrap_or(0) as u32,
                from,
                to,
            })
        })
        .collect()
}

/// Page `page` (0: the newest) of `per_page` entries of the journal, newest first, read
/// without the rest of the journal.
///
/// # Errors
/// [`StoreError`].
pub fn log_page(state: &Path, page: u64, per_page: u64) -> Result<LogPage, StoreError> {
    if kind_of(state) == FileKind::StateJson && convert::converted(state)?.is_none() {
        // Not converted yet: the old journal, read whole (as it always was).
        let all = convert::old_entries(state)?;
        let total = all.len() as u64;
        let undone_by = crate::tournament::journal::undone_by(&all);
        let entries: Vec<Entry> = all
            .into_iter()
            .rev()
            .skip((page * per_page) as usize)
            .take(per_page as usize)
            .collect();
        return Ok(LogPage {
            entries,
            undone_by,
            total,
            last_standing: None,
        });
    }
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let total: i64 = tx
        .query_row("SELECT count(*) FROM journal", [], |r| r.get(0))
        .map_err(e)?;
    let mut entries = {
        let mut stmt = tx
            .prepare_cached(&format!(
                "SELECT {ENTRY_COLUMNS} FROM journal ORDER BY seq DESC LIMIT ? OFFSET ?"
            ))
            .map_err(e)?;
        stmt.query_map(params![per_page as i64, (page * per_page) as i64], entry_of)
            .map_err(e)?
            .collect::<rusqlite::Result<Vec<Entry>>>()
            .map_err(e)?
    };
    for entry in &mut entries {
        let undone_results =
            entry.undoes.is_some() && entry.args["action"].as_str().is_some_and(records_results);
        if records_results(&entry.action) || undone_results {
            let diff: String = tx
                .query_row(
                    "SELECT diff FROM journal WHERE seq = ?",
                    [entry.seq as i64],
                    |r| r.get(0),
                )
                .map_err(e)?;
            let changes: Vec<Change> = serde_json::from_str(&diff).unwrap_or_default();
            entry.results = result_changes(&changes);
        }
    }
    let (lo, hi) = (
        entries.last().map_or(0, |x| x.seq as i64),
        entries.first().map_or(0, |x| x.seq as i64),
    );
    let undone_by = {
        let mut stmt = tx
            .prepare_cached(
                "SELECT undoes, seq FROM journal WHERE undoes IS NOT NULL AND undoes BETWEEN ? AND ?",
            )
            .map_err(e)?;
        stmt.query_map([lo, hi], |r| {
            Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64))
        })
        .map_err(e)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(e)?
    };
    let last_standing = last_standing(&tx, &path)?;
    Ok(LogPage {
        entries,
        undone_by,
        total: total as u64,
        last_standing,
    })
}

/// Checks the event's database: SQLite's `PRAGMA integrity_check`, and that the journal
/// accounts for every row it keeps — its differences replayed in order from nothing, each
/// finding the row as the entry before left it, give the rows the file holds (the live room's
/// incidents, written without entries, aside). Returns what is wrong (empty: nothing).
///
/// # Errors
/// [`StoreError`]: the file cannot be read.
pub fn check(state: &Path) -> Result<Vec<String>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::reader(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let mut problems = Vec::new();
    let integrity: String = tx
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(e)?;
    if integrity != "ok" {
        problems.push(format!("integrity_check: {integrity}"));
    }
    let mut replayed = rows::Rows::new();
    {
        let mut stmt = tx
            .prepare("SELECT seq, diff FROM journal ORDER BY seq")
            .map_err(e)?;
        let mut q = stmt.query([]).map_err(e)?;
        while let Some(r) = q.next().map_err(e)? {
            let seq: i64 = r.get(0).map_err(e)?;
            let diff: String = r.get(1).map_err(e)?;
            let changes: Vec<Change> = match serde_json::from_str(&diff) {
                Ok(c) => c,
                Err(err) => {
                    problems.push(format!("entry {seq}: its difference cannot be read: {err}"));
                    continue;
                }
            };
            for c in changes.iter().filter(|c| c.t != Table::Incident) {
                let before = c.b.as_ref().map(rows::Image::row);
                if replayed.get(&c.key()) != before.as_ref() {
                    problems.push(format!(
                        "entry {seq}: the {} row {:?} was not what it found",
                        c.t.name(),
                        c.k
                    ));
                }
            }
            let kept: Vec<Change> = changes
                .into_iter()
                .filter(|c| c.t != Table::Incident)
                .collect();
            rows::apply(&mut replayed, &kept);
        }
    }
    let mut now = super::change::read_rows(&tx, &path)?;
    now.retain(|k, _| k.0 != Table::Incident);
    if now != replayed {
        let differ: Vec<String> = now
            .keys()
            .chain(replayed.keys())
            .filter(|k| now.get(*k) != replayed.get(*k))
            .map(|k| format!("{} {:?}", k.0.name(), k.1))
            .collect();
        problems.push(format!(
            "rows the journal does not account for: {}",
            differ.join(", ")
        ));
    }
    Ok(problems)
}
