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
//!   (0600; SQLite gives its `-wal` and `-shm` the file's mode). The last connection to close
//!   copies the `-wal` into the file and removes it, so while no program has the event open the
//!   file alone is the whole event (a plain copy then is a backup; [`backup`] makes one any time). A full disk or a read-only
//!   folder is refused with [`StoreError::DiskFull`] / [`StoreError::ReadOnly`] and changes
//!   nothing; the next change works once there is room.
//! - **SQLite's locks kept**: while this process has the event open, the program does not open
//!   the file itself ([`kind_of`] answers from the connections it counts, `held`): on Unix
//!   closing any descriptor of a file drops every POSIX lock the process holds on it, and the
//!   desk's and the CLI's changes made at once were then lost.
//! - **Schema** ([`schema`]): numbered migrations in the code, the number in `PRAGMA
//!   user_version`.
//! - **State files of the JSON format** (`turnir.json` and `turnir.json.journal.jsonl`, kept
//!   before the database): [`resolve`] converts one, once, into `turnir.arbiter` beside it and
//!   leaves the original untouched ([`convert`]).

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::tournament::Tournament;
use crate::tournament::store::StoreError;

pub mod broadcast;
mod change;
mod convert;
mod held;
mod live;
mod log;
pub mod rows;
pub mod schema;

pub use change::{apply, apply_event, apply_event_as, create, is_free, load, load_event, undo};
pub use convert::{Conversion, twin};
pub use live::{
    CaptureLines, backup, captures, integrity_check, last_capture_line, save_live, write_capture,
};
pub use log::{LogPage, check, entries, log_page};

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

/// What the file at `path` is, from its first bytes. A database this process has open
/// ([`held`]) is not opened again: closing the descriptor would drop SQLite's locks.
pub fn kind_of(path: &Path) -> FileKind {
    use std::io::Read;
    // Held while the file is read, so that no connection opens it meanwhile; dropped after
    // `f` (declared first).
    let open = held::OPEN.lock().unwrap_or_else(|e| e.into_inner());
    if held::key(path).is_some_and(|k| open.contains_key(&k)) {
        return FileKind::Database;
    }
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
        FileKind::Database => Ok(Resolved {
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
        FileKind::Other | FileKind::Empty => Err(StoreError::NotAnEvent {
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
        FileKind::Other | FileKind::Empty => Err(StoreError::NotAnEvent {
            file: path.display().to_string(),
        }),
        _ => load(path),
    }
}

/// The event at `path`, every group, read only, as [`load_any`] reads it (a state file of the
/// JSON format is an event of one group).
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn load_any_event(path: &Path) -> Result<crate::tournament::event::Event, StoreError> {
    match kind_of(path) {
        FileKind::StateJson => match convert::converted(path)? {
            Some(db) => load_event(&db),
            None => load_any(path).map(crate::tournament::event::Event::single),
        },
        FileKind::Other | FileKind::Empty => Err(StoreError::NotAnEvent {
            file: path.display().to_string(),
        }),
        _ => load_event(path),
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
        Ok(mut f) => f
            .write_all(&[0u8; 4096])
            .and_then(|()| f.sync_all())
            .is_err(),
        Err(e) => e.raw_os_error() == Some(28),
    }
}

/// An open event database.
pub(crate) struct Db {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
    /// Counts the connection as open until after it is closed (declared after `conn`, so
    /// dropped after it).
    _held: held::Held,
}

impl Db {
    /// Opens the event's database at `path` (which must exist), bringing its schema up to
    /// date. A database that is no event's (another program's, or an empty one) is refused
    /// with [`StoreError::NotAnEvent`] and left as it is.
    pub(crate) fn open(path: &Path) -> Result<Db, StoreError> {
        Db::open_as(path, false)
    }

    /// Opens the event's database at `path` to read it: where the `-wal` and `-shm` cannot be
    /// made (a full disk, a read-only folder), read as it is when nothing waits in a `-wal`.
    pub(crate) fn reader(path: &Path) -> Result<Db, StoreError> {
        match Db::open(path) {
            Err(
                e @ (StoreError::DiskFull { .. }
                | StoreError::ReadOnly { .. }
                | StoreError::Database { .. }),
            ) => Db::open_read_only(path).map_err(|_| e),
            other => other,
        }
    }

    /// Opens the database at `path` (which must exist) to create an event in it: an empty
    /// database gets the schema.
    pub(crate) fn create(path: &Path) -> Result<Db, StoreError> {
        Db::open_as(path, true)
    }

    fn open_as(path: &Path, create: bool) -> Result<Db, StoreError> {
        let e = |err| sql_error(path, err);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let held = held::Held::new(path);
        let conn = match Connection::open_with_flags(path, flags) {
            Ok(c) => c,
            // A file in a folder of its own that is read-only: read it as it is.
            Err(first) => {
                drop(held);
                return Db::open_read_only(path).map_err(|_| e(first));
            }
        };
        let mut db = Db {
            conn,
            path: path.to_path_buf(),
            _held: held,
        };
        match db.setup(create) {
            Ok(()) => Ok(db),
            Err(StoreError::ReadOnly { .. }) | Err(StoreError::Database { .. })
                if folder_read_only(path) =>
            {
                drop(db);
                Db::open_read_only(path)
            }
            Err(err) => Err(err),
        }
    }

    /// Opens `path` read only, in a folder where the `-wal` and `-shm` cannot be made: as an
    /// immutable file when no `-wal` with something in it is beside it (nothing written since
    /// its last checkpoint).
    fn open_read_only(path: &Path) -> Result<Db, StoreError> {
        let mut wal = path.as_os_str().to_os_string();
        wal.push("-wal");
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        // An empty `-wal` holds nothing: the file is the whole event.
        let waiting = std::fs::metadata(Path::new(&wal)).is_ok_and(|m| m.len() > 0);
        // SQLite closes an immutable file's descriptor at once: that would drop the locks of
        // this process's other connections to it (see [`held`]).
        if held::is_open(path) {
            return Err(StoreError::Database {
                file: path.display().to_string(),
                message: "the event is open in this program, not read only".into(),
            });
        }
        let conn = if waiting {
            Connection::open_with_flags(path, flags)
        } else {
            let uri = format!("file:{}?immutable=1", uri_path(path));
            Connection::open_with_flags(uri, flags)
        }
        .map_err(|err| sql_error(path, err))?;
        let v = schema::version(&conn).map_err(|err| sql_error(path, err))?;
        if !(1..=schema::CURRENT).contains(&v) {
            return Err(StoreError::ReadOnly {
                file: path.display().to_string(),
            });
        }
        Ok(Db {
            conn,
            path: path.to_path_buf(),
            _held: held::Held::none(),
        })
    }

    fn setup(&mut self, create: bool) -> Result<(), StoreError> {
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
        // Schema 0: an empty file (to create an event in), or a database of another program.
        if v == 0 && !(create && schema::is_empty(&self.conn).map_err(e)?) {
            return Err(StoreError::NotAnEvent {
                file: path.display().to_string(),
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

#[cfg(test)]
mod tests;
