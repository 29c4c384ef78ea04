//! One change of the event in one transaction: the rows read and written, the journal's row,
//! [`apply`], [`create`], [`undo`].

use std::path::Path;

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use super::log::{ENTRY_COLUMNS, entry_of, result_changes};
use super::rows::{self, Change, Rows, Table};
use super::{Db, FileKind, create_private, kind_of, resolve, schema, sql_error};
use crate::tournament::Tournament;
use crate::tournament::event::Event;
use crate::tournament::journal::{Act, Entry, JournalError, Who, event_version as version};
use crate::tournament::store::StoreError;

/// Every row of the event.
pub(crate) fn read_rows(conn: &Connection, file: &Path) -> Result<Rows, StoreError> {
    let e = |err| sql_error(file, err);
    let mut rows = Rows::new();
    // A file of schema 1 opened read only (not migrated) has no table of sections.
    let sections: bool = conn
        .query_row(
            "SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE name = 'section')",
            [],
            |r| r.get(0),
        )
        .map_err(e)?;
    for table in Table::ALL {
        if table == Table::Section && !sections {
            continue;
        }
        let keys = table.keys();
        let sql = format!(
            "SELECT {}, pos, data FROM {}",
            keys.join(", "),
            table.name()
        );
        let mut stmt = conn.prepare_cached(&sql).map_err(e)?;
        let mut q = stmt.query([]).map_err(e)?;
        while let Some(r) = q.next().map_err(e)? {
            let mut key = Vec::with_capacity(keys.len());
            for i in 0..keys.len() {
                key.push(r.get::<_, i64>(i).map_err(e)?);
            }
            let pos: i64 = r.get(keys.len()).map_err(e)?;
            let data: String = r.get(keys.len() + 1).map_err(e)?;
            rows.insert((table, key), rows::Row { pos, data });
        }
    }
    Ok(rows)
}

/// Writes each change's `a` image (deletes the row where it is `None`).
pub(crate) fn write_changes(
    conn: &Connection,
    file: &Path,
    changes: &[Change],
) -> Result<(), StoreError> {
    let e = |err| sql_error(file, err);
    for c in changes {
        let keys = c.t.keys();
        let cond: Vec<String> = keys.iter().map(|k| format!("{k} = ?")).collect();
        match &c.a {
            Some(a) => {
                let sql = format!(
                    "INSERT OR REPLACE INTO {} ({}, pos, data) VALUES ({})",
                    c.t.name(),
                    keys.join(", "),
                    vec!["?"; keys.len() + 2].join(", ")
                );
                let mut stmt = conn.prepare_cached(&sql).map_err(e)?;
                let mut values: Vec<rusqlite::types::Value> =
                    c.k.iter().map(|k| (*k).into()).collect();
                values.push(a.pos.into());
                values.push(a.data.get().to_string().into());
                stmt.execute(rusqlite::params_from_iter(values))
                    .map_err(e)?;
            }
            None => {
                let sql = format!("DELETE FROM {} WHERE {}", c.t.name(), cond.join(" AND "));
                let mut stmt = conn.prepare_cached(&sql).map_err(e)?;
                stmt.execute(rusqlite::params_from_iter(c.k.iter()))
                    .map_err(e)?;
            }
        }
    }
    Ok(())
}

/// A journal row about to be written.
pub(crate) struct NewEntry<'a> {
    pub(crate) time: String,
    pub(crate) who: &'a Who,
    pub(crate) action: &'a str,
    pub(crate) args: &'a serde_json::Value,
    pub(crate) version_before: Option<String>,
    pub(crate) version_after: String,
    pub(crate) undoes: Option<u64>,
}

/// Writes journal row `n` (its number: the next) with `changes`; returns its number.
pub(crate) fn insert_entry(
    conn: &Connection,
    file: &Path,
    n: &NewEntry<'_>,
    changes: &[Change],
    seq: Option<u64>,
) -> Result<u64, StoreError> {
    let e = |err| sql_error(file, err);
    let seq = match seq {
        Some(s) => s,
        None => {
            let last: Option<i64> = conn
                .query_row("SELECT max(seq) FROM journal", [], |r| r.get(0))
                .map_err(e)?;
            last.unwrap_or(0) as u64 + 1
        }
    };
    let diff = serde_json::to_string(changes).unwrap_or_else(|_| "[]".into());
    let args = serde_json::to_string(n.args).unwrap_or_else(|_| "{}".into());
    conn.prepare_cached(
        "INSERT INTO journal (seq, time, via, address, device, action, args, version_before, \
         version_after, undoes, diff) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .and_then(|mut s| {
        s.execute(params![
            seq as i64,
            n.time,
            n.who.via,
            n.who.address,
            n.who.device,
            n.action,
            args,
            n.version_before,
            n.version_after,
            n.undoes.map(|u| u as i64),
            diff
        ])
    })
    .map_err(e)?;
    Ok(seq)
}

/// Loads the event from its database: its settings and its first group (the only one of
/// today's events; [`load_event`] reads every group).
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn load(path: &Path) -> Result<Tournament, StoreError> {
    Ok(load_event(path)?.group(0))
}

/// Loads the event from its database, every group.
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn load_event(path: &Path) -> Result<Event, StoreError> {
    let mut db = Db::reader(path)?;
    let tx = db.read()?;
    let rows = read_rows(&tx, path)?;
    compose(&rows, path)
}

fn compose(rows: &Rows, path: &Path) -> Result<Event, StoreError> {
    rows::compose_event(rows).map_err(|e| match e {
        rows::RowsError::NoEvent => StoreError::NotAnEvent {
            file: path.display().to_string(),
        },
        e => StoreError::Database {
            file: path.display().to_string(),
            message: e.to_string(),
        },
    })
}

fn decompose(e: &Event, path: &Path) -> Result<Rows, StoreError> {
    rows::decompose_event(e).map_err(|e| StoreError::Database {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// [`apply_event`] on the event's first group, with the event's settings (the only group of
/// today's events; the desk's group while it shows one).
///
/// # Errors
/// [`StoreError`] (converted into `E`); `change`'s own error.
pub fn apply<T, E: From<StoreError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    apply_event(state, act, |e| {
        let mut t = e.group(0);
        let out = change(&mut t)?;
        e.set_group(0, t);
        Ok(out)
    })
}

/// The choke point of every change (see the module docs): in one transaction, reads the
/// event (every group), applies `change`, and — when a row changed — writes the rows changed
/// and the journal's entry. A refused change (`Err` from `change`) and a change that changes
/// nothing write nothing.
///
/// # Errors
/// [`StoreError`] (converted into `E`); `change`'s own error.
pub fn apply_event<T, E: From<StoreError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut Event) -> Result<T, E>,
) -> Result<T, E> {
    apply_event_as(state, |_| act, change)
}

/// [`apply_event`] with the journal's entry made from the event as it was read (`act`: a
/// caller that names the group it changed only when the event has several).
///
/// # Errors
/// As [`apply_event`].
pub fn apply_event_as<T, E: From<StoreError>>(
    state: &Path,
    act: impl FnOnce(&Event) -> Act,
    change: impl FnOnce(&mut Event) -> Result<T, E>,
) -> Result<T, E> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.write()?;
    let before_rows = read_rows(&tx, &path)?;
    let before = compose(&before_rows, &path)?;
    let act = act(&before);
    let mut t = before.clone();
    let out = change(&mut t)?;
    let time = crate::tournament::journal::now_utc();
    stamp_replacements(&mut t, &time, &act.who);
    let changes = rows::diff(&before_rows, &decompose(&t, &path)?);
    if changes.is_empty() {
        return Ok(out);
    }
    let entry = NewEntry {
        time,
        who: &act.who,
        action: &act.action,
        args: &act.args,
        version_before: Some(version(&before)),
        version_after: version(&t),
        undoes: None,
    };
    write_changes(&tx, &path, &changes)?;
    insert_entry(&tx, &path, &entry, &changes, None)?;
    tx.commit().map_err(|e| sql_error(&path, e))?;
    Ok(out)
}

/// Gives the results a change replaced the change's time and author, as its journal entry
/// has them ([`Tournament::stamp_replacements`]): the board's history says when and by whom.
fn stamp_replacements(e: &mut Event, time: &str, who: &crate::tournament::journal::Who) {
    for i in 0..e.len() {
        let mut t = e.group(i);
        if t.stamp_replacements(time, who) {
            e.set_group(i, t);
        }
    }
}

/// Whether `path` is free for a new event: no file, an empty one, or a database that holds no
/// event (a creation that never finished).
pub fn is_free(path: &Path) -> bool {
    match kind_of(path) {
        FileKind::Missing | FileKind::Empty => true,
        FileKind::Database => {
            let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            Connection::open_with_flags(path, flags)
                .and_then(|c| {
                    if schema::is_empty(&c)? {
                        return Ok(true);
                    }
                    let n: i64 = c.query_row("SELECT count(*) FROM event", [], |r| r.get(0))?;
                    Ok(n == 0)
                })
                .unwrap_or(false)
        }
        _ => false,
    }
}

/// Creates the event's database at `path` holding `t` (or, when it holds an event, replaces
/// it: the entry keeps what was replaced, and an undo brings it back). A file at `path` that
/// is no event's database (a state file, a TRF file) is replaced.
///
/// # Errors
/// [`StoreError`]; nothing is changed then.
pub fn create(path: &Path, act: Act, t: &Tournament) -> Result<(), StoreError> {
    let io = |action: &'static str| {
        move |source| StoreError::Io {
            file: path.display().to_string(),
            action,
            source,
        }
    };
    match kind_of(path) {
        FileKind::Missing => create_private(path).map_err(io("create"))?,
        FileKind::Database | FileKind::Empty => {}
        FileKind::StateJson | FileKind::Other => {
            std::fs::remove_file(path).map_err(io("replace"))?;
            create_private(path).map_err(io("create"))?;
        }
    }
    let mut db = Db::create(path)?;
    let tx = db.write()?;
    let before_rows = read_rows(&tx, path)?;
    let before = compose(&before_rows, path).ok();
    let t = &Event::single(t.clone());
    let changes = rows::diff(&before_rows, &decompose(t, path)?);
    let entry = NewEntry {
        time: crate::tournament::journal::now_utc(),
        who: &act.who,
        action: &act.action,
        args: &act.args,
        version_before: before.as_ref().map(version),
        version_after: version(t),
        undoes: None,
    };
    write_changes(&tx, path, &changes)?;
    insert_entry(&tx, path, &entry, &changes, None)?;
    tx.commit().map_err(|e| sql_error(path, e))
}

/// The last entry not undone and not an undo.
pub(super) fn last_standing(conn: &Connection, path: &Path) -> Result<Option<u64>, StoreError> {
    conn.query_row(
        "SELECT seq FROM journal WHERE undoes IS NULL AND seq NOT IN \
         (SELECT undoes FROM journal WHERE undoes IS NOT NULL) ORDER BY seq DESC LIMIT 1",
        [],
        |r| r.get::<_, i64>(0),
    )
    .optional()
    .map(|s| s.map(|s| s as u64))
    .map_err(|e| sql_error(path, e))
}

/// The actions that pair a round: they rest on every change before them that the pairing
/// reads.
fn pairs_a_round(action: &str) -> bool {
    matches!(action, "pair" | "pair-manual")
}

/// Whether a pairing reads what `c` changed: a player, a board, a bye, a round, or the
/// event's settings the pairer reads (rounds, colours, points, forbidden pairs, preset).
fn pairing_reads(c: &Change) -> bool {
    match c.t {
        Table::Player | Table::Game | Table::Bye | Table::Round => true,
        Table::Incident | Table::Section => false,
        Table::Event => {
            let read = |i: &Option<rows::Image>| {
                i.as_ref()
                    .and_then(|i| serde_json::from_str::<serde_json::Value>(i.data.get()).ok())
                    .map(|v| {
                        [
                            "total_rounds",
                            "initial_colour",
                            "lots_seed",
                            "scoring",
                            "trf_headers",
                            "forbidden",
                            "preset",
                        ]
                        .map(|k| v.get(k).cloned())
                    })
            };
            read(&c.b) != read(&c.a)
        }
    }
}

/// Whether `changes` leave FIDE mode (the event row's mode goes from on to left).
fn leaves_fide_mode(changes: &[Change]) -> bool {
    let mode = |i: &Option<rows::Image>| {
        i.as_ref()
            .and_then(|i| serde_json::from_str::<serde_json::Value>(i.data.get()).ok())
            .and_then(|v| v["fide_mode"]["state"].as_str().map(str::to_string))
    };
    changes
        .iter()
        .filter(|c| c.t == Table::Event)
        .any(|c| mode(&c.b).as_deref() == Some("on") && mode(&c.a).as_deref() == Some("left"))
}

/// Undoes an entry (the last change not undone, or `only`): its before-images written as a
/// new transaction and a new entry `undo`; nothing is erased. `check` sees the event first and
/// may refuse (the desk: a page shown before another change). Returns the new entry.
///
/// # Errors
/// [`JournalError::NothingToUndo`], [`JournalError::Creation`], [`JournalError::NotUndoable`],
/// [`JournalError::LaterChanges`] (a later entry touched its rows, or a later pairing rests on
/// it), [`JournalError::FideModeLeft`], [`JournalError::ChangedOutside`] (its rows were
/// changed without the journal), [`StoreError`] (converted into `E`).
pub fn undo<E: From<StoreError> + From<JournalError>>(
    state: &Path,
    who: Who,
    only: Option<u64>,
    check: impl FnOnce(&Tournament) -> Result<(), E>,
) -> Result<Entry, E> {
    let path = resolve(state)?.path;
    let file = path.display().to_string();
    let mut db = Db::open(&path)?;
    let tx = db.write()?;
    let e = |err| sql_error(&path, err);
    let rows_now = read_rows(&tx, &path)?;
    let t = compose(&rows_now, &path)?;
    check(&t.group(0))?;
    let seq = match only {
        Some(s) => s,
        None => {
            last_standing(&tx, &path)?.ok_or(JournalError::NothingToUndo { file: file.clone() })?
        }
    };
    let target: Option<(Entry, String)> = tx
        .query_row(
            &format!("SELECT {ENTRY_COLUMNS}, diff FROM journal WHERE seq = ?"),
            [seq as i64],
            |r| Ok((entry_of(r)?, r.get::<_, String>(10)?)),
        )
        .optional()
        .map_err(e)?;
    let Some((target, diff)) = target else {
        return Err(JournalError::NotUndoable { seq }.into());
    };
    let undone: bool = tx
        .query_row(
            "SELECT EXISTS(SELECT 1 FROM journal WHERE undoes = ?)",
            [seq as i64],
            |r| r.get(0),
        )
        .map_err(e)?;
    if undone || target.undoes.is_some() {
        return Err(JournalError::NotUndoable { seq }.into());
    }
    if target.version_before.is_none() {
        return Err(JournalError::Creation { seq }.into());
    }
    let changes: Vec<Change> = serde_json::from_str(&diff).map_err(|err| StoreError::Database {
        file: file.clone(),
        message: format!("journal entry {seq}: {err}"),
    })?;
    if leaves_fide_mode(&changes) {
        return Err(JournalError::FideModeLeft { seq }.into());
    }
    // Later entries not undone that touched its rows, or pairings resting on it.
    let keys: std::collections::HashSet<rows::Key> = changes.iter().map(Change::key).collect();
    let read_by_pairing = changes.iter().any(pairing_reads);
    let later: Vec<(u64, String)> = {
        let mut stmt = tx
            .prepare(
                "SELECT seq, action, diff FROM journal WHERE seq > ? AND undoes IS NULL AND seq NOT IN \
                 (SELECT undoes FROM journal WHERE undoes IS NOT NULL) ORDER BY seq",
            )
            .map_err(e)?;
        let mut q = stmt.query([seq as i64]).map_err(e)?;
        let mut out = Vec::new();
        while let Some(r) = q.next().map_err(e)? {
            let (s, action): (i64, String) = (r.get(0).map_err(e)?, r.get(1).map_err(e)?);
            let diff: String = r.get(2).map_err(e)?;
            let theirs: Vec<Change> = serde_json::from_str(&diff).unwrap_or_default();
            let rests = (pairs_a_round(&action) && read_by_pairing)
                || theirs.iter().any(|c| keys.contains(&c.key()));
            if rests {
                out.push((s as u64, action));
            }
        }
        out
    };
    if !later.is_empty() {
        return Err(JournalError::LaterChanges {
            seq,
            action: target.action,
            later,
        }
        .into());
    }
    // Its rows are still what it left them.
    for c in &changes {
        if rows_now.get(&c.key()) != c.a.as_ref().map(rows::Image::row).as_ref() {
            return Err(JournalError::ChangedOutside { file, entry: seq }.into());
        }
    }
    let mut restored_rows = rows_now.clone();
    let back: Vec<Change> = changes.iter().map(Change::reversed).collect();
    rows::apply(&mut restored_rows, &back);
    let restored = compose(&restored_rows, &path)?;
    // The places in the lists as the restored event has them (another item of a list may
    // have moved meanwhile).
    let back = rows::diff(&rows_now, &decompose(&restored, &path)?);
    let args = serde_json::json!({"entry": seq, "action": target.action});
    let entry = NewEntry {
        time: crate::tournament::journal::now_utc(),
        who: &who,
        action: "undo",
        args: &args,
        version_before: Some(version(&t)),
        version_after: version(&restored),
        undoes: Some(seq),
    };
    write_changes(&tx, &path, &back)?;
    let new = insert_entry(&tx, &path, &entry, &back, None)?;
    tx.commit().map_err(e)?;
    let NewEntry {
        time,
        version_before,
        version_after,
        ..
    } = entry;
    Ok(Entry {
        seq: new,
        time,
        who,
        action: "undo".into(),
        args,
        version_before,
        version_after,
        undoes: Some(seq),
        results: result_changes(&back),
    })
}
