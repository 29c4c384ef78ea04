//! State files of the JSON format (`turnir.json`, with its journal `turnir.json.journal.jsonl`
//! and the live room's captures `turnir.json.captures/`), as events were kept before the
//! database: converted once into a database beside them (`turnir.arbiter`), the originals left
//! untouched.
//!
//! - Every journal entry becomes a journal row; the whole state each kept becomes the rows it
//!   changed (the difference between the state before it and the state before the next one,
//!   or the state file for the last). A torn last line (a process killed while writing it, a
//!   full disk) is left out and said; a line that is not an entry elsewhere is refused with
//!   its number. Numbers that start again at 1 (a journal deleted once) are numbered on.
//! - The database is built under a temporary name beside the state file
//!   (`.turnir.arbiter.converting`, removed first if a killed conversion left it) and renamed
//!   when complete: a half-converted event is never taken for the event.
//! - The database keeps the state file's SHA-256: the same file given again reads its
//!   database; a state file changed after its conversion (by an older program) is refused
//!   rather than forked.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use rusqlite::OptionalExtension;
use serde::Deserialize;

use super::change::{NewEntry, insert_entry, write_changes};
use super::rows::{self, Rows};
use super::{Db, FileKind, create_private, kind_of, sql_error};
use crate::tournament::Tournament;
use crate::tournament::journal::{Entry, JournalError, Who, path_of};
use crate::tournament::store::{self, StoreError};

/// A state file's conversion into a database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// The state file.
    pub from: PathBuf,
    /// The database.
    pub to: PathBuf,
    /// True when this call converted it (false: it was converted before).
    pub now: bool,
    /// The journal entries converted.
    pub entries: u64,
    /// The torn last line of the journal left out, by its number.
    pub torn_line: Option<usize>,
    /// The boards' captures taken in.
    pub captures: u64,
}

/// The database a state file is converted into: the same name with [`super::EXTENSION`]
/// (`turnir.json` → `turnir.arbiter`; `turnir` → `turnir.arbiter`).
pub fn twin(state: &Path) -> PathBuf {
    let to = state.with_extension(super::EXTENSION);
    if to == state {
        let mut name = state.as_os_str().to_os_string();
        name.push(".");
        name.push(super::EXTENSION);
        PathBuf::from(name)
    } else {
        to
    }
}

fn sha256_hex(path: &Path) -> Result<String, StoreError> {
    use sha2::Digest;
    let bytes = std::fs::read(path).map_err(|source| StoreError::Io {
        file: path.display().to_string(),
        action: "read",
        source,
    })?;
    Ok(sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

fn meta(db: &Db, key: &str) -> Result<Option<String>, StoreError> {
    db.conn
        .query_row("SELECT value FROM meta WHERE key = ?", [key], |r| r.get(0))
        .optional()
        .map_err(|e| sql_error(&db.path, e))
}

/// The conversion of `state` that exists beside it (`None`: none yet).
///
/// # Errors
/// [`StoreError::ChangedSinceConversion`] when the state file changed after its conversion;
/// [`StoreError::ConversionTaken`] when the name is taken by another file.
pub fn converted(state: &Path) -> Result<Option<PathBuf>, StoreError> {
    let to = twin(state);
    match kind_of(&to) {
        FileKind::Missing => return Ok(None),
        FileKind::Database => {}
        _ => {
            return Err(StoreError::ConversionTaken {
                from: state.display().to_string(),
                to: to.display().to_string(),
            });
        }
    }
    let db = Db::open(&to)?;
    let taken = || StoreError::ConversionTaken {
        from: state.display().to_string(),
        to: to.display().to_string(),
    };
    let Some(hash) = meta(&db, "converted_sha256")? else {
        return Err(taken());
    };
    let name = meta(&db, "converted_from")?;
    let own = state.file_name().map(|n| n.to_string_lossy().to_string());
    if name != own {
        return Err(taken());
    }
    if hash != sha256_hex(state)? {
        return Err(StoreError::ChangedSinceConversion {
            from: state.display().to_string(),
            to: to.display().to_string(),
        });
    }
    Ok(Some(to))
}

/// A journal line of the JSON format: `B` is the state it kept (`Box<Tournament>`, or
/// [`serde::de::IgnoredAny`] to read past it).
#[derive(Deserialize)]
struct OldEntry<B> {
    seq: u64,
    time: String,
    via: String,
    #[serde(default)]
    address: Option<String>,
    #[serde(default)]
    device: Option<String>,
    action: String,
    #[serde(default)]
    args: serde_json::Value,
    #[serde(default)]
    version_before: Option<String>,
    version_after: String,
    #[serde(default)]
    undoes: Option<u64>,
    #[serde(default = "Option::default")]
    before: Option<B>,
}

/// The journal of a state file not converted yet, oldest first, without the states it kept
/// (a torn last line left out).
///
/// # Errors
/// [`StoreError::Io`]; a line that is not an entry (but the last) as [`StoreError::Json`].
pub fn old_entries(state: &Path) -> Result<Vec<Entry>, StoreError> {
    let mut out = Vec::new();
    read_journal(state, |_, line| {
        let l: OldEntry<serde::de::IgnoredAny> = serde_json::from_slice(line)?;
        out.push(Entry {
            seq: l.seq,
            time: l.time,
            who: Who {
                via: l.via,
                address: l.address,
                device: l.device,
            },
            action: l.action,
            args: l.args,
            version_before: l.version_before,
            version_after: l.version_after,
            undoes: l.undoes,
            results: Vec::new(),
        });
        Ok(())
    })?;
    Ok(out)
}

/// Reads the journal of `state` line by line, giving `each` the line's number and text; a
/// torn last line (one `each` cannot read, with nothing after it) is left out and its number
/// returned.
fn read_journal(
    state: &Path,
    mut each: impl FnMut(usize, &[u8]) -> Result<(), serde_json::Error>,
) -> Result<Option<usize>, StoreError> {
    let path = path_of(state);
    let io = |action: &'static str| {
        let file = path.display().to_string();
        move |source| StoreError::Io {
            file,
            action,
            source,
        }
    };
    let f = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io("read")(e)),
    };
    let mut reader = std::io::BufReader::new(f);
    let mut line = Vec::new();
    let mut n = 0;
    let mut bad: Option<(usize, serde_json::Error)> = None;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(io("read"))? == 0 {
            break;
        }
        n += 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if let Some((at, e)) = bad.take() {
            return Err(StoreError::Json {
                file: path.display().to_string(),
                line: at,
                column: e.column(),
                message: JournalError::Line {
                    file: path.display().to_string(),
                    line: at,
                    message: e.to_string(),
                }
                .to_string(),
            });
        }
        if let Err(e) = each(n, &line) {
            bad = Some((n, e));
        }
    }
    Ok(bad.map(|(at, _)| at))
}

/// Converts `state` into its database ([`twin`]) unless that was done before; the state file,
/// its journal and captures are left as they are.
///
/// # Errors
/// [`StoreError`]: the state file, its journal or the database cannot be read or written; a
/// journal line that is not an entry (but a torn last one); the conversion's name taken.
pub fn convert(state: &Path) -> Result<Conversion, StoreError> {
    // One converter at a time (the lock the JSON format's writers took, too).
    let _lock = store::lock(state)?;
    if let Some(to) = converted(state)? {
        return Ok(Conversion {
            from: state.to_path_buf(),
            to,
            now: false,
            entries: 0,
            torn_line: None,
            captures: 0,
        });
    }
    let to = twin(state);
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(to.file_name().unwrap_or_default());
    tmp_name.push(".converting");
    let tmp = to.with_file_name(tmp_name);
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = tmp.as_os_str().to_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
    let io = |file: &Path, action: &'static str| {
        let file = file.display().to_string();
        move |source| StoreError::Io {
            file,
            action,
            source,
        }
    };
    let built = build(state, &tmp);
    let conversion = match built {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    std::fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(io(&tmp, "fsync"))?;
    std::fs::rename(&tmp, &to).map_err(io(&to, "rename"))?;
    #[cfg(unix)]
    if let Some(dir) = to.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(Conversion { to, ..conversion })
}

/// Builds the database of `state` at `tmp`.
fn build(state: &Path, tmp: &Path) -> Result<Conversion, StoreError> {
    let text = store::read_text(state)?;
    let last = store::parse(&text, &state.display().to_string())?;
    create_private(tmp).map_err(|source| StoreError::Io {
        file: tmp.display().to_string(),
        action: "create",
        source,
    })?;
    let mut db = Db::create(tmp)?;
    let tx = db.write()?;
    let e = |err| sql_error(tmp, err);
    let rows_of = |t: Option<&Tournament>| -> Result<Rows, StoreError> {
        match t {
            None => Ok(Rows::new()),
            Some(t) => rows::decompose(t).map_err(|e| StoreError::Database {
                file: state.display().to_string(),
                message: e.to_string(),
            }),
        }
    };
    // The entry read last, waiting for the state after it (the next one's `before`).
    let mut pending: Option<(OldEntry<Box<Tournament>>, Rows)> = None;
    let mut numbers: HashMap<u64, u64> = HashMap::new();
    let mut last_seq = 0u64;
    let mut entries = 0u64;
    let mut failed: Option<StoreError> = None;
    let mut write =
        |entry: OldEntry<Box<Tournament>>, before: &Rows, after: &Rows| -> Result<(), StoreError> {
            let changes = rows::diff(before, after);
            let seq = if entry.seq > last_seq {
                entry.seq
            } else {
                last_seq + 1
            };
            last_seq = seq;
            let undoes = entry.undoes.map(|u| numbers.get(&u).copied().unwrap_or(u));
            numbers.insert(entry.seq, seq);
            let who = Who {
                via: entry.via,
                address: entry.address,
                device: entry.device,
            };
            let n = NewEntry {
                time: entry.time,
                who: &who,
                action: &entry.action,
                args: &entry.args,
                version_before: entry.version_before,
                version_after: entry.version_after,
                undoes,
            };
            insert_entry(&tx, tmp, &n, &changes, Some(seq))?;
            entries += 1;
            Ok(())
        };
    // The rows before the journal's first entry (a state file made before it kept a journal):
    // an entry 0 that made them, so that the journal accounts for every row.
    let mut first = true;
    let made = |rows: &Rows, t: Option<&Tournament>| -> Result<(), StoreError> {
        let who = Who::library();
        let n = NewEntry {
            time: crate::tournament::journal::now_utc(),
            who: &who,
            action: "convert",
            args: &serde_json::json!({"from": state.file_name().map(|n| n.to_string_lossy().to_string())}),
            version_before: None,
            version_after: t
                .map(crate::tournament::journal::version)
                .unwrap_or_default(),
            undoes: None,
        };
        insert_entry(&tx, tmp, &n, &rows::diff(&Rows::new(), rows), Some(0)).map(drop)
    };
    let torn = read_journal(state, |_, line| {
        let mut entry: OldEntry<Box<Tournament>> = serde_json::from_slice(line)?;
        if failed.is_some() {
            return Ok(());
        }
        let before = entry.before.take();
        match rows_of(before.as_deref()) {
            Ok(rows) => {
                if std::mem::take(&mut first)
                    && before.is_some()
                    && let Err(err) = made(&rows, before.as_deref())
                {
                    failed = Some(err);
                }
                if let Some((prev, prev_rows)) = pending.take()
                    && let Err(err) = write(prev, &prev_rows, &rows)
                {
                    failed = Some(err);
                }
                pending = Some((entry, rows));
            }
            Err(err) => failed = Some(err),
        }
        Ok(())
    })?;
    if let Some(err) = failed {
        return Err(err);
    }
    let final_rows = rows_of(Some(&last))?;
    if first {
        made(&final_rows, Some(&last))?;
    }
    if let Some((prev, prev_rows)) = pending.take() {
        write(prev, &prev_rows, &final_rows)?;
    }
    write_changes(&tx, tmp, &rows::diff(&Rows::new(), &final_rows))?;
    let captures = take_captures(&tx, state, tmp)?;
    let name = state
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    for (k, v) in [
        ("converted_from", name),
        ("converted_sha256", sha256_hex(state)?),
        ("converted_at", crate::tournament::journal::now_utc()),
        ("converted_entries", entries.to_string()),
    ] {
        tx.execute("INSERT INTO meta (key, value) VALUES (?, ?)", [k, &v])
            .map_err(e)?;
    }
    tx.commit().map_err(e)?;
    // Everything into the file itself (the database is renamed alone), then the log emptied.
    db.conn
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .map_err(e)?;
    db.conn.close().map_err(|(_, err)| sql_error(tmp, err))?;
    for suffix in ["-wal", "-shm"] {
        let mut p = tmp.as_os_str().to_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
    Ok(Conversion {
        from: state.to_path_buf(),
        to: tmp.to_path_buf(),
        now: true,
        entries,
        torn_line: torn,
        captures,
    })
}

/// Takes the boards' captures of `state` (`STATE.captures/round-R-board-B.jsonl`) into the
/// database; returns how many.
fn take_captures(
    tx: &rusqlite::Transaction<'_>,
    state: &Path,
    tmp: &Path,
) -> Result<u64, StoreError> {
    let mut name = state.file_name().unwrap_or_default().to_os_string();
    name.push(".captures");
    let dir = state.with_file_name(name);
    let Ok(list) = std::fs::read_dir(&dir) else {
        return Ok(0);
    };
    let mut n = 0;
    for item in list.flatten() {
        let file = item.file_name().to_string_lossy().to_string();
        let Some((round, board)) = file
            .strip_prefix("round-")
            .and_then(|r| r.strip_suffix(".jsonl"))
            .and_then(|r| r.split_once("-board-"))
            .and_then(|(r, b)| Some((r.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        else {
            continue;
        };
        let text = std::fs::read_to_string(item.path()).map_err(|source| StoreError::Io {
            file: item.path().display().to_string(),
            action: "read",
            source,
        })?;
        // In pieces of about 64 KB, whole lines each.
        let mut piece = String::new();
        let flush = |piece: &mut String| -> Result<(), StoreError> {
            if !piece.is_empty() {
                tx.execute(
                    "INSERT INTO capture (section, round, board, lines) VALUES (?, ?, ?, ?)",
                    rusqlite::params![rows::SECTION, round, board, piece.as_str()],
                )
                .map_err(|e| sql_error(tmp, e))?;
                piece.clear();
            }
            Ok(())
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            piece.push_str(line);
            piece.push('\n');
            if piece.len() > 64 * 1024 {
                flush(&mut piece)?;
            }
        }
        flush(&mut piece)?;
        n += 1;
    }
    Ok(n)
}
