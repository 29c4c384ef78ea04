//! The event's record: one SQLite database per event (`turnir.arbiter`; [`EXTENSION`]), the
//! one room of the program that knows SQL. The tournament model, the pairer and the pages see
//! [`Tournament`] values and journal [`Entry`]s only.
//!
//! - **Rows of natural units** ([`rows`]): the event's settings (one row), one row per player,
//!   per round's header, per board and per bye of a round, per incident of the live room, each
//!   keyed by `section` (1 for every row of today's events: an event of several groups gives
//!   each group its own section number, so groups add a table of sections by a migration and
//!   change no key) and its natural key, with its value as the model's JSON. A change writes
//!   only the rows it changed: a result at 500 players writes one row and its journal entry.
//! - **One change = one transaction** ([`apply`], [`create`], [`undo`]): the rows changed and
//!   the journal's row — time (UTC), who, the action and its arguments, the versions before and
//!   after, and the difference (each changed row before and after, [`rows::Change`]) — commit
//!   together or not at all. A refused change writes nothing; a killed one leaves nothing (no
//!   temporary file either). `BEGIN IMMEDIATE` and a wait of [`BUSY_WAIT`] let the desk, the live
//!   room and the CLI write one after another instead of failing.
//! - **Undo** applies an entry's before-images as a new transaction and a new entry. An entry
//!   is undone when no later entry not undone touched its rows, no later pairing rests on it (a
//!   pairing reads every result and player change before it), and its rows are still what it
//!   left (a hand edit with `sqlite3` is not undone over). The entry that left FIDE mode is not
//!   undone (C.02: the mode cannot be re-entered).
//! - **The live room's data** ([`save_incidents`], [`append_captures`]): the incidents and each
//!   board's capture lines in their own tables, written in batches, not as journal entries;
//!   only the arbiter's decisions on them are journal entries.
//! - **Durability**: WAL, `synchronous=FULL` (a committed change survives a power cut), foreign
//!   keys on, temporary storage in memory; the file is created readable by its owner only
//!   (0600; SQLite gives its `-wal` and `-shm` the file's mode). A full disk or a read-only
//!   folder is refused with [`StoreError::DiskFull`] / [`StoreError::ReadOnly`] and changes
//!   nothing; the next change works once there is room.
//! - **Schema** ([`schema`]): numbered migrations in the code, the number in `PRAGMA
//!   user_version`.
//! - **State files of the JSON format** (`turnir.json` and `turnir.json.journal.jsonl`, kept
//!   before the database): [`resolve`] converts one, once, into `turnir.arbiter` beside it and
//!   leaves the original untouched ([`convert`]).

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior, params};

use crate::tournament::journal::{Act, Entry, JournalError, ResultChange, Who, version};
use crate::tournament::live::LiveIncident;
use crate::tournament::store::StoreError;
use crate::tournament::Tournament;

mod convert;
pub mod rows;
pub mod schema;

pub use convert::{Conversion, twin};
use rows::{Change, Rows, SECTION, Table};

/// The extension of an event's database: `turnir.arbiter` (`file` says "SQLite 3.x database").
pub const EXTENSION: &str = "arbiter";

/// How long a change waits for another program writing the event (the desk, the live room,
/// another command) before it is refused with [`StoreError::Busy`].
pub const BUSY_WAIT: Duration = Duration::from_secs(5);

/// What a file given as an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// An SQLite database (an event's, or another's: opening it tells).
    Database,
    /// An empty file (a database not written yet).
    Empty,
    /// A state file of the JSON format (it starts with `{`).
    StateJson,
    /// Something else (a TRF file, …).
    Other,
    /// No such file.
    Missing,
}

/// The first bytes of every SQLite database.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What the file at `path` is, from its first bytes.
pub fn kind_of(path: &Path) -> FileKind {
    use std::io::Read;
    let Ok(mut f) = std::fs::File::open(path) else {
        return if path.exists() {
            FileKind::Other
        } else {
            FileKind::Missing
        };
    };
    let mut head = [0u8; 512];
    let mut n = 0;
    while n < head.len() {
        match f.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(_) => return FileKind::Other,
        }
    }
    if n == 0 {
        return FileKind::Empty;
    }
    if head[..n].starts_with(SQLITE_MAGIC) {
        return FileKind::Database;
    }
    let text = String::from_utf8_lossy(&head[..n]);
    let text = text.trim_start_matches('\u{feff}');
    if crate::tournament::store::is_state_file(text) {
        FileKind::StateJson
    } else {
        FileKind::Other
    }
}

/// The event a path given by the user names.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The event's database.
    pub path: PathBuf,
    /// When the path was a state file of the JSON format: its conversion.
    pub conversion: Option<Conversion>,
}

/// The event's database for a path the user gave: the database itself, or — for a state file
/// of the JSON format — the database converted from it beside it, converted now when there
/// is none yet ([`convert`]).
///
/// # Errors
/// [`StoreError::Io`] (no such file), [`StoreError::NotAnEvent`], and the conversion's.
pub fn resolve(path: &Path) -> Result<Resolved, StoreError> {
    match kind_of(path) {
        FileKind::Database | FileKind::Empty => Ok(Resolved {
            path: path.to_path_buf(),
            conversion: None,
        }),
        FileKind::StateJson => {
            let c = convert::convert(path)?;
            Ok(Resolved {
                path: c.to.clone(),
                conversion: Some(c),
            })
        }
        FileKind::Missing => Err(StoreError::Io {
            file: path.display().to_string(),
            action: "read",
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        }),
        FileKind::Other => Err(StoreError::NotAnEvent {
            file: path.display().to_string(),
        }),
    }
}

/// The event at `path`, read only: the database, or a state file of the JSON format (its
/// database when it was converted, else the file itself, converting nothing).
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn load_any(path: &Path) -> Result<Tournament, StoreError> {
    match kind_of(path) {
        FileKind::StateJson => match convert::converted(path)? {
            Some(db) => load(&db),
            None => {
                let text = crate::tournament::store::read_text(path)?;
                crate::tournament::store::parse(&text, &path.display().to_string())
            }
        },
        FileKind::Other => Err(StoreError::NotAnEvent {
            file: path.display().to_string(),
        }),
        _ => load(path),
    }
}

/// The error of SQLite `e` on `file`, as the user reads it.
pub(crate) fn sql_error(file: &Path, e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode as C;
    let file = file.display().to_string();
    match &e {
        rusqlite::Error::SqliteFailure(f, _) => match f.code {
            C::DiskFull => StoreError::DiskFull { file },
            C::ReadOnly | C::PermissionDenied => StoreError::ReadOnly { file },
            C::DatabaseBusy | C::DatabaseLocked => StoreError::Busy { file },
            C::NotADatabase => StoreError::NotAnEvent { file },
            // Opening a file a folder does not let SQLite create its `-wal` beside.
            C::CannotOpen if Path::new(&file).exists() && folder_read_only(Path::new(&file)) => {
                StoreError::ReadOnly { file }
            }
            // Writing the WAL or the file on a full disk can also come back as an I/O error.
            C::SystemIoFailure if f.extended_code & 0xff == 10 && disk_full(Path::new(&file)) => {
                StoreError::DiskFull { file }
            }
            _ => StoreError::Database {
                file,
                message: e.to_string(),
            },
        },
        _ => StoreError::Database {
            file,
            message: e.to_string(),
        },
    }
}

/// Whether the folder of `file` cannot be written.
fn folder_read_only(file: &Path) -> bool {
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::metadata(dir).is_ok_and(|m| m.permissions().readonly())
        || tempfile::tempfile_in(dir).is_err()
}

/// Whether the disk of `file` has no room for one more block.
fn disk_full(file: &Path) -> bool {
    use std::io::Write;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match tempfile::tempfile_in(dir) {
        Ok(mut f) => f.write_all(&[0u8; 4096]).and_then(|()| f.sync_all()).is_err(),
        Err(e) => e.raw_os_error() == Some(28),
    }
}

/// An open event database.
pub(crate) struct Db {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
}

impl Db {
    /// Opens the database at `path` (which must exist), bringing its schema up to date.
    pub(crate) fn open(path: &Path) -> Result<Db, StoreError> {
        let e = |err| sql_error(path, err);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let conn = match Connection::open_with_flags(path, flags) {
            Ok(c) => c,
            // A file in a folder of its own that is read-only: read it as it is.
            Err(first) => return Db::open_read_only(path).map_err(|_| e(first)),
        };
        let mut db = Db {
            conn,
            path: path.to_path_buf(),
        };
        match db.setup() {
            Ok(()) => Ok(db),
            Err(StoreError::ReadOnly { .. }) | Err(StoreError::Database { .. })
                if folder_read_only(path) =>
            {
                Db::open_read_only(path)
            }
            Err(err) => Err(err),
        }
    }

    /// Opens `path` read only, in a folder where the `-wal` and `-shm` cannot be made: as an
    /// immutable file when no `-wal` is beside it (nothing written since its last checkpoint).
    fn open_read_only(path: &Path) -> Result<Db, StoreError> {
        let mut wal = path.as_os_str().to_os_string();
        wal.push("-wal");
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let conn = if Path::new(&wal).exists() {
            Connection::open_with_flags(path, flags)
        } else {
            let uri = format!("file:{}?immutable=1", uri_path(path));
            Connection::open_with_flags(uri, flags)
        }
        .map_err(|err| sql_error(path, err))?;
        let v = schema::version(&conn).map_err(|err| sql_error(path, err))?;
        if v != schema::CURRENT {
            return Err(StoreError::ReadOnly {
                file: path.display().to_string(),
            });
        }
        Ok(Db {
            conn,
            path: path.to_path_buf(),
        })
    }

    fn setup(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        let e = |err| sql_error(&path, err);
        self.conn.busy_timeout(BUSY_WAIT).map_err(e)?;
        // WAL is kept in the file; asking again only reads it.
        let mode: String = self
            .conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(e)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Database {
                file: path.display().to_string(),
                message: format!("the journal mode is {mode}, not WAL"),
            });
        }
        self.conn
            .execute_batch(
                "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY;",
            )
            .map_err(e)?;
        let v = schema::version(&self.conn).map_err(e)?;
        if v > schema::CURRENT {
            return Err(StoreError::Newer {
                file: path.display().to_string(),
                found: v,
                known: schema::CURRENT,
            });
        }
        if v < schema::CURRENT {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(e)?;
            // Another program may have migrated it meanwhile.
            let v = schema::version(&tx).map_err(e)?;
            if v < schema::CURRENT {
                schema::migrate(&tx, v).map_err(e)?;
            }
            tx.commit().map_err(e)?;
        }
        Ok(())
    }

    /// A write transaction (`BEGIN IMMEDIATE`: the writers of the event take turns here).
    pub(crate) fn write(&mut self) -> Result<Transaction<'_>, StoreError> {
        let path = self.path.clone();
        self.conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| sql_error(&path, e))
    }

    /// A read transaction: one consistent view however many reads.
    pub(crate) fn read(&mut self) -> Result<Transaction<'_>, StoreError> {
        let path = self.path.clone();
        self.conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(|e| sql_error(&path, e))
    }
}

/// `path` as a URI's path (`%`, `?`, `#` escaped).
fn uri_path(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = String::new();
    for c in abs.to_string_lossy().chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out
}

/// Creates an empty file at `path` readable and writable by its owner only.
pub(crate) fn create_private(path: &Path) -> std::io::Result<()> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    o.open(path).map(drop)
}

/// Every row of the event.
pub(crate) fn read_rows(conn: &Connection, file: &Path) -> Result<Rows, StoreError> {
    let e = |err| sql_error(file, err);
    let mut rows = Rows::new();
    for table in Table::ALL {
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
                stmt.execute(rusqlite::params_from_iter(values)).map_err(e)?;
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

/// Loads the event from its database.
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn load(path: &Path) -> Result<Tournament, StoreError> {
    let mut db = Db::open(path)?;
    let tx = db.read()?;
    let rows = read_rows(&tx, path)?;
    compose(&rows, path)
}

fn compose(rows: &Rows, path: &Path) -> Result<Tournament, StoreError> {
    rows::compose(rows).map_err(|e| match e {
        rows::RowsError::NoEvent => StoreError::NotAnEvent {
            file: path.display().to_string(),
        },
        e => StoreError::Database {
            file: path.display().to_string(),
            message: e.to_string(),
        },
    })
}

fn decompose(t: &Tournament, path: &Path) -> Result<Rows, StoreError> {
    rows::decompose(t).map_err(|e| StoreError::Database {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The choke point of every change (see the module docs): in one transaction, reads the
/// event, applies `change`, and — when a row changed — writes the rows changed and the
/// journal's entry. A refused change (`Err` from `change`) and a change that changes nothing
/// write nothing.
///
/// # Errors
/// [`StoreError`] (converted into `E`); `change`'s own error.
pub fn apply<T, E: From<StoreError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.write()?;
    let before_rows = read_rows(&tx, &path)?;
    let before = compose(&before_rows, &path)?;
    let mut t = before.clone();
    let out = change(&mut t)?;
    let changes = rows::diff(&before_rows, &decompose(&t, &path)?);
    if changes.is_empty() {
        return Ok(out);
    }
    let entry = NewEntry {
        time: crate::tournament::journal::now_utc(),
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

/// Whether `path` is free for a new event: no file, an empty one, or a database that holds no
/// event (a creation that never finished).
pub fn is_free(path: &Path) -> bool {
    match kind_of(path) {
        FileKind::Missing | FileKind::Empty => true,
        FileKind::Database => Db::open(path)
            .and_then(|mut db| {
                let tx = db.read()?;
                let n: i64 = tx
                    .query_row("SELECT count(*) FROM event", [], |r| r.get(0))
                    .map_err(|e| sql_error(path, e))?;
                Ok(n == 0)
            })
            .unwrap_or(false),
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
    let mut db = Db::open(path)?;
    let tx = db.write()?;
    let before_rows = read_rows(&tx, path)?;
    let before = compose(&before_rows, path).ok();
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

/// An entry's columns as the journal row holds them.
const ENTRY_COLUMNS: &str =
    "seq, time, via, address, device, action, args, version_before, version_after, undoes";

fn entry_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Entry> {
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
    let mut db = Db::open(state)?;
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
fn result_changes(changes: &[Change]) -> Vec<ResultChange> {
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
    let mut db = Db::open(&path)?;
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
        let undone_results = entry.undoes.is_some()
            && entry.args["action"].as_str().is_some_and(records_results);
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

/// The last entry not undone and not an undo.
fn last_standing(conn: &Connection, path: &Path) -> Result<Option<u64>, StoreError> {
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
        Table::Incident => false,
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
    check(&t)?;
    let seq = match only {
        Some(s) => s,
        None => last_standing(&tx, &path)?.ok_or(JournalError::NothingToUndo {
            file: file.clone(),
        })?,
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
            return Err(JournalError::ChangedOutside {
                file,
                entry: seq,
            }
            .into());
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

/// Lines of a board's capture to append: round, board and the lines (each ending with `\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureLines {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The lines, each ending with a line break.
    pub lines: String,
}

/// Writes a batch of the live room's data in one transaction and no journal entry: the
/// incidents the record does not have yet (by their key: an incident already kept is left as
/// it is) and capture lines, one row per board. Returns how many incidents were new.
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
            .prepare_cached("INSERT INTO capture (section, round, board, lines) VALUES (?, ?, ?, ?)")
            .map_err(e)?;
        for c in captures.iter().filter(|c| !c.lines.is_empty()) {
            stmt.execute(params![SECTION, c.round, c.board, c.lines])
                .map_err(e)?;
        }
    }
    tx.commit().map_err(e)?;
    Ok(new)
}

/// Writes board `board` of round `round`'s capture to `out`, in the order its lines came;
/// returns how many lines.
///
/// # Errors
/// [`StoreError`]; the writer's error as [`StoreError::Io`].
pub fn write_capture(
    state: &Path,
    round: u32,
    board: u32,
    out: &mut dyn std::io::Write,
) -> Result<u64, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let mut stmt = tx
        .prepare("SELECT lines FROM capture WHERE section = ? AND round = ? AND board = ? ORDER BY id")
        .map_err(e)?;
    let mut q = stmt.query(params![SECTION, round, board]).map_err(e)?;
    let mut n = 0;
    while let Some(r) = q.next().map_err(e)? {
        let lines: String = r.get(0).map_err(e)?;
        n += lines.lines().count() as u64;
        out.write_all(lines.as_bytes()).map_err(|source| StoreError::Io {
            file: "-".into(),
            action: "write",
            source,
        })?;
    }
    Ok(n)
}

/// The last line of board `board` of round `round`'s capture, if it has one.
///
/// # Errors
/// [`StoreError`].
pub fn last_capture_line(state: &Path, round: u32, board: u32) -> Result<Option<String>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.read()?;
    let lines: Option<String> = tx
        .query_row(
            "SELECT lines FROM capture WHERE section = ? AND round = ? AND board = ? ORDER BY id DESC LIMIT 1",
            params![SECTION, round, board],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| sql_error(&path, e))?;
    Ok(lines.and_then(|l| l.lines().last().map(str::to_string)))
}

/// The boards that have a capture: `(round, board, lines)`.
///
/// # Errors
/// [`StoreError`].
pub fn captures(state: &Path) -> Result<Vec<(u32, u32, u64)>, StoreError> {
    let path = resolve(state)?.path;
    let mut db = Db::open(&path)?;
    let tx = db.read()?;
    let e = |err| sql_error(&path, err);
    let mut stmt = tx
        .prepare(
            "SELECT round, board, sum(length(lines) - length(replace(lines, char(10), ''))) \
             FROM capture WHERE section = ? GROUP BY round, board ORDER BY round, board",
        )
        .map_err(e)?;
    let list = stmt
        .query_map([SECTION], |r| {
            Ok((r.get::<_, u32>(0)?, r.get::<_, u32>(1)?, r.get::<_, i64>(2)? as u64))
        })
        .map_err(e)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(e)?;
    Ok(list)
}

/// Writes a consistent copy of the event's database to `to` (SQLite's `VACUUM INTO`: the event
/// as of one moment, whatever other programs write meanwhile), readable by its owner only.
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
    let db = Db::open(&path)?;
    let done = db
        .conn
        .execute("VACUUM INTO ?", [to.to_string_lossy()])
        .map_err(|e| sql_error(to, e));
    if done.is_err() {
        let _ = std::fs::remove_file(to);
    }
    done.map(drop)
}

/// `PRAGMA integrity_check` of the event's database: `ok`, or SQLite's findings.
///
/// # Errors
/// [`StoreError`].
pub fn integrity_check(path: &Path) -> Result<String, StoreError> {
    let db = Db::open(path)?;
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

#[cfg(test)]
mod tests;
