//! The event's journal: every change to a state file, appended to `STATE.journal.jsonl`
//! beside it (one JSON object a line, fsynced before the state file is replaced), and the
//! one-step undo built on it.
//!
//! - The one way to change a state file is [`apply`] (and [`create`] for a new one, [`undo`]
//!   for an undo): under the state file's lock ([`store::lock`]) it loads the state, applies
//!   the change, appends an [`Entry`] — time (UTC), who ([`Who`]: the CLI and its user, or
//!   the desk and the client's address), the action (a field term: `result`, `pair`,
//!   `withdraw`…), its arguments, the state's [`version`] before and after, and the whole
//!   state before — and then writes the state atomically. A refused change writes nothing.
//! - The journal is written ahead of the state: a crash between the two leaves an entry
//!   whose `version_after` is not the state's; [`undo`] then refuses rather than guess.
//! - [`undo`] restores the state before the last change not yet undone, as a new entry
//!   (`undoes`: the entry it undoes); nothing is ever erased. Undoes go back one change at a
//!   time (an undo stack). An earlier change named by its number is refused while later
//!   changes rest on it (a result the next round was paired on), with the reason.
//! - Entries carry the whole previous state, not a reverse patch: restoring it is exact by
//!   construction (a state of 60 players and 4 rounds is about 40 KB, so a day's journal of a
//!   few hundred changes is a few MB).
//! - [`pairing_comments`] gives the entries that affect pairings as TRF `###` comment lines
//!   (FIDE C.02's checklist asks the TRF to carry them).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::tournament::model::Tournament;
use crate::tournament::store::{self, StoreError};

/// Who made a change: the CLI (`via` `cli`, the system user) or the desk (`via` `desk`, the
/// client's address and browser).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Who {
    /// `cli` or `desk` (or what a library caller names itself).
    pub via: String,
    /// The desk's client as `IP:PORT`, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// The CLI's system user (`$USER`, `$USERNAME`), or the desk client's browser
    /// (`User-Agent`, cut to 80 characters): the desk has no device names of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
}

impl Who {
    /// The command line, with the system user when the environment names one.
    pub fn cli() -> Who {
        let user = std::env::var("USER")
            .or_else(|_| std::env::var("USERNAME"))
            .ok()
            .filter(|u| !u.is_empty());
        Who {
            via: "cli".into(),
            address: None,
            device: user,
        }
    }

    /// The desk, for a client at `address` (`IP:PORT`) with browser `device`.
    pub fn desk(address: Option<String>, device: Option<String>) -> Who {
        Who {
            via: "desk".into(),
            address,
            device: device.map(|d| d.chars().take(80).collect()),
        }
    }

    /// `командная строка (anna)`, `пульт 192.168.1.20:51234`: who, in `lang`, for a log line.
    pub fn text_in(&self, lang: Lang) -> String {
        let mut s = lang.fmt("jr-via", &[("via", &self.via)]);
        if let Some(a) = &self.address {
            s.push(' ');
            s.push_str(a);
        }
        if self.via == "cli"
            && let Some(u) = &self.device
        {
            s.push_str(&format!(" ({u})"));
        }
        s
    }

    /// `cli (anna)`, `desk 192.168.1.20:51234`: who, as TRF comments write it.
    pub fn text(&self) -> String {
        let mut s = self.via.clone();
        if let Some(a) = &self.address {
            s.push(' ');
            s.push_str(a);
        }
        if self.via == "cli"
            && let Some(u) = &self.device
        {
            s.push_str(&format!(" ({u})"));
        }
        s
    }
}

/// A change as the journal records it: who, the action (a field term, kebab-case: `result`,
/// `correct-result`, `pair`, `bye`, `withdraw`, `forbid`, `add-player`…) and its arguments.
#[derive(Clone, Debug)]
pub struct Act {
    /// Who makes it.
    pub who: Who,
    /// The action's name.
    pub action: String,
    /// Its arguments as given (a JSON object).
    pub args: serde_json::Value,
}

impl Act {
    /// An action of `who` named `action` with `args`.
    pub fn new(who: Who, action: &str, args: serde_json::Value) -> Act {
        Act {
            who,
            action: action.to_string(),
            args,
        }
    }
}

/// One line of the journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// 1, 2, 3… in the order of the changes.
    pub seq: u64,
    /// When, UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub time: String,
    /// Who.
    #[serde(flatten)]
    pub who: Who,
    /// The action (see [`Act::action`]; `undo` for an undo).
    pub action: String,
    /// Its arguments (for an undo: `entry`, the entry undone, and its `action`).
    pub args: serde_json::Value,
    /// The state's [`version`] before the change (`None`: the file was created).
    pub version_before: Option<String>,
    /// The state's [`version`] after it.
    pub version_after: String,
    /// For an undo: the entry it undoes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u64>,
    /// The whole state before the change (`None` when the file was created by it).
    pub before: Option<Box<Tournament>>,
}

/// What went wrong with the journal, or why an undo is refused.
#[derive(Debug)]
pub enum JournalError {
    /// Reading or appending the journal failed.
    Io {
        /// The journal file.
        file: String,
        /// What was being done.
        action: &'static str,
        /// The system's error.
        source: std::io::Error,
    },
    /// A journal line that is not an entry.
    Line {
        /// The journal file.
        file: String,
        /// 1-based line.
        line: usize,
        /// serde_json's message.
        message: String,
    },
    /// No change left to undo.
    NothingToUndo {
        /// The state file.
        file: String,
    },
    /// The state is not the one the journal's last entry left: it was changed without the
    /// journal (by hand, an older program) or a save failed after its entry was written.
    ChangedOutside {
        /// The state file.
        file: String,
        /// The state's version.
        state: String,
        /// The last entry's `version_after`.
        journal: String,
    },
    /// The entry created the file: there is no earlier state.
    Creation {
        /// The entry.
        seq: u64,
    },
    /// The entry named has later changes not undone that rest on it.
    LaterChanges {
        /// The entry asked for.
        seq: u64,
        /// Its action.
        action: String,
        /// The later changes not undone: number and action.
        later: Vec<(u64, String)>,
    },
    /// No such entry, or one already undone, or an undo itself.
    NotUndoable {
        /// The entry asked for.
        seq: u64,
    },
}

impl std::fmt::Display for JournalError {
    /// The English text of [`JournalError::text`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for JournalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JournalError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl JournalError {
    /// The error in `lang` (Fluent `jr-error-*`), actions named in words.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            JournalError::Io { file, source, .. } => lang.fmt(
                "jr-error-io",
                &[("file", file), ("reason", &source.to_string())],
            ),
            JournalError::Line { file, line, .. } => lang.fmt(
                "jr-error-line",
                &[("file", file), ("line", &line.to_string())],
            ),
            JournalError::NothingToUndo { file } => lang.fmt("jr-error-nothing", &[("file", file)]),
            JournalError::ChangedOutside { file, .. } => {
                lang.fmt("jr-error-outside", &[("file", file)])
            }
            JournalError::Creation { seq } => {
                lang.fmt("jr-error-creation", &[("seq", &seq.to_string())])
            }
            JournalError::LaterChanges { seq, action, later } => {
                let list: Vec<String> = later
                    .iter()
                    .map(|(s, a)| format!("{s} ({})", action_text(a, lang)))
                    .collect();
                // The case people meet: a result the next round was already paired on.
                let paired =
                    action.ends_with("result") && later.iter().any(|(_, a)| a.starts_with("pair"));
                lang.fmt(
                    "jr-error-later",
                    &[
                        ("seq", &seq.to_string()),
                        ("action", &action_text(action, lang)),
                        ("later", &list.join(", ")),
                        ("paired", if paired { "yes" } else { "no" }),
                    ],
                )
            }
            JournalError::NotUndoable { seq } => {
                lang.fmt("jr-error-not-undoable", &[("seq", &seq.to_string())])
            }
        }
    }
}

/// An action's name in words, in `lang` (Fluent `jr-action`; an unknown name as it is).
pub fn action_text(action: &str, lang: Lang) -> String {
    lang.fmt("jr-action", &[("action", action)])
}

/// An entry's arguments in `lang`: `тур: 1, доска: 3, результат: 1-0` — names in words
/// (Fluent `jr-arg`), the empty ones (null, false) left out, `yes` for true; a value that is a
/// code in words where the locale has them (Fluent `jr-value-KEY-VALUE`: `пол: ж`, `правила:
/// детский турнир`), a range `[1, 2]` as `1–2`, an object (a category added) as its own
/// arguments in parentheses.
pub fn args_text(args: &serde_json::Value, lang: Lang) -> String {
    let Some(m) = args.as_object() else {
        return String::new();
    };
    m.iter()
        .filter(|(_, v)| !v.is_null() && **v != serde_json::Value::Bool(false))
        .map(|(k, v)| {
            format!(
                "{}: {}",
                lang.fmt("jr-arg", &[("key", k)]),
                value_text(k, v, lang)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One argument's value in words ([`args_text`]).
fn value_text(key: &str, v: &serde_json::Value, lang: Lang) -> String {
    use serde_json::Value;
    match v {
        // A form's checkbox sends `yes`.
        Value::String(s) if s == "yes" => lang.msg("jr-yes"),
        Value::String(s) => lang
            .try_fmt(&format!("jr-value-{key}-{s}"), &[])
            .unwrap_or_else(|_| s.clone()),
        Value::Bool(true) => lang.msg("jr-yes"),
        Value::Array(items) => match items.as_slice() {
            [Value::Number(a), Value::Number(b)] => format!("{a}–{b}"),
            _ => items
                .iter()
                .map(|i| value_text(key, i, lang))
                .collect::<Vec<_>>()
                .join(", "),
        },
        Value::Object(_) => format!("({})", args_text(v, lang)),
        v => v.to_string(),
    }
}

/// The journal of the state file at `state`: `STATE.journal.jsonl` beside it.
pub fn path_of(state: &Path) -> PathBuf {
    let mut name = state.as_os_str().to_os_string();
    name.push(".journal.jsonl");
    PathBuf::from(name)
}

/// The version of a tournament state, as the desk's forms carry it: 16 hex digits of a hash
/// of its JSON. Equal states have equal versions; any change (a result, a player) changes it.
pub fn version(t: &Tournament) -> String {
    use std::hash::Hasher;
    let json = serde_json::to_vec(t).unwrap_or_default();
    let mut h = rustc_hash::FxHasher::default();
    h.write(&json);
    h.write_usize(json.len());
    format!("{:016x}", h.finish())
}

/// The journal's entries in order; none when the state file has no journal yet.
///
/// # Errors
/// [`JournalError::Io`], [`JournalError::Line`] naming the line.
pub fn read(state: &Path) -> Result<Vec<Entry>, JournalError> {
    let path = path_of(state);
    let file = path.display().to_string();
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(JournalError::Io {
                file,
                action: "read",
                source,
            });
        }
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        out.push(serde_json::from_str(line).map_err(|e| JournalError::Line {
            file: file.clone(),
            line: i + 1,
            message: e.to_string(),
        })?);
    }
    Ok(out)
}

/// The number the next entry takes: one more than the last line's (read from the end, not
/// the whole journal).
fn next_seq(state: &Path) -> Result<u64, JournalError> {
    let path = path_of(state);
    let io = |source| JournalError::Io {
        file: path.display().to_string(),
        action: "read",
        source,
    };
    let mut f = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(1),
        Err(source) => return Err(io(source)),
    };
    let Some(last) = last_line(&mut f).map_err(io)? else {
        return Ok(1);
    };
    #[derive(Deserialize)]
    struct Seq {
        seq: u64,
    }
    match serde_json::from_slice::<Seq>(&last) {
        Ok(seq) => Ok(seq.seq + 1),
        // Only now the whole journal, to name the line.
        Err(e) => {
            let text = std::fs::read(&path).map_err(io)?;
            let line = text
                .split(|&b| b == b'\n')
                .enumerate()
                .filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace))
                .last()
                .map_or(1, |(n, _)| n + 1);
            Err(JournalError::Line {
                file: path.display().to_string(),
                line,
                message: e.to_string(),
            })
        }
    }
}

/// The last line of `f` that is not blank, read backwards from the end in blocks: the cost of
/// one entry, however long the journal (every change of the event appends one).
fn last_line(f: &mut std::fs::File) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::{Read, Seek, SeekFrom};
    const BLOCK: u64 = 64 * 1024;
    let mut end = f.seek(SeekFrom::End(0))?;
    // What was read, from `end` to the end of the file.
    let mut tail: Vec<u8> = Vec::new();
    loop {
        // The tail's last non-blank line, once a line break before it was read (or the
        // file's start).
        let trimmed = tail.len()
            - tail
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
        if trimmed > 0 {
            if let Some(i) = tail[..trimmed].iter().rposition(|&b| b == b'\n') {
                return Ok(Some(tail[i + 1..trimmed].to_vec()));
            }
            if end == 0 {
                return Ok(Some(tail[..trimmed].to_vec()));
            }
        } else if end == 0 {
            return Ok(None);
        }
        let start = end.saturating_sub(BLOCK);
        let mut block = vec![0; usize::try_from(end - start).unwrap_or(0)];
        f.seek(SeekFrom::Start(start))?;
        f.read_exact(&mut block)?;
        block.extend_from_slice(&tail);
        tail = block;
        end = start;
    }
}

/// Appends `entry` as one line and fsyncs the journal.
fn append(state: &Path, entry: &Entry) -> Result<(), JournalError> {
    let path = path_of(state);
    let io = |action: &'static str| {
        let file = path.display().to_string();
        move |source| JournalError::Io {
            file,
            action,
            source,
        }
    };
    let mut line = serde_json::to_vec(entry).map_err(|e| JournalError::Io {
        file: path.display().to_string(),
        action: "serialise",
        source: std::io::Error::other(e),
    })?;
    line.push(b'\n');
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(io("open"))?;
    f.write_all(&line).map_err(io("append"))?;
    f.sync_data().map_err(io("fsync"))?;
    Ok(())
}

/// The current time, UTC, `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_text(secs)
}

/// `secs` since 1970-01-01 as `YYYY-MM-DDTHH:MM:SSZ` (the proleptic Gregorian calendar; H.
/// Hinnant's days-to-civil).
fn utc_text(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The choke point of every change to a state file: under its lock, loads it, applies
/// `change`, and — when the state changed — appends the journal entry (fsynced) and writes
/// the state atomically. A refused change (`Err` from `change`) and a change that changes
/// nothing write nothing.
///
/// ```
/// use arbiter::tournament::{Player, Tournament, journal, store};
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("event.json");
/// let new = journal::Act::new(journal::Who::cli(), "new", serde_json::json!({}));
/// journal::create::<Box<dyn std::error::Error>>(&path, new, &Tournament::new("Club Swiss", 5))
///     .unwrap();
/// let act = journal::Act::new(journal::Who::cli(), "add-player", serde_json::json!({"name": "Ada"}));
/// let tpn = journal::apply(&path, act, |t| -> Result<u16, Box<dyn std::error::Error>> {
///     Ok(t.add_player(Player { name: "Ada".into(), ..Player::default() })?)
/// })
/// .unwrap();
/// assert_eq!(tpn, 1);
/// assert_eq!(journal::read(&path).unwrap().len(), 2);
/// ```
///
/// # Errors
/// [`StoreError`] and [`JournalError`] (converted into `E`); `change`'s own error.
pub fn apply<T, E: From<StoreError> + From<JournalError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    let _lock = store::lock(state)?;
    let before = store::load(state)?;
    let mut t = before.clone();
    let out = change(&mut t)?;
    let (version_before, version_after) = (version(&before), version(&t));
    if version_before != version_after {
        let entry = Entry {
            seq: next_seq(state)?,
            time: now_utc(),
            who: act.who,
            action: act.action,
            args: act.args,
            version_before: Some(version_before),
            version_after,
            undoes: None,
            before: Some(Box::new(before)),
        };
        append(state, &entry)?;
        store::save(&t, state)?;
    }
    Ok(out)
}

/// Creates (or, asked to, replaces) the state file with `t` and journals it: the entry keeps
/// the replaced state when there was one (an undo brings it back), else none (an undo is
/// refused: nothing came before).
///
/// # Errors
/// [`StoreError`], [`JournalError`] (converted into `E`).
pub fn create<E: From<StoreError> + From<JournalError>>(
    state: &Path,
    act: Act,
    t: &Tournament,
) -> Result<(), E> {
    let _lock = store::lock(state).ok();
    let old = store::load(state).ok();
    let entry = Entry {
        seq: next_seq(state)?,
        time: now_utc(),
        who: act.who,
        action: act.action,
        args: act.args,
        version_before: old.as_ref().map(version),
        version_after: version(t),
        undoes: None,
        before: old.map(Box::new),
    };
    append(state, &entry)?;
    store::save(t, state)?;
    Ok(())
}

/// The changes not undone, in order (an undo stack: each undo takes off the last).
fn standing(entries: &[Entry]) -> Vec<&Entry> {
    let mut stack: Vec<&Entry> = Vec::new();
    for e in entries {
        match e.undoes {
            Some(_) => {
                stack.pop();
            }
            None => stack.push(e),
        }
    }
    stack
}

/// Which entries were undone, and by which entry: `(undone, by)`.
pub fn undone_by(entries: &[Entry]) -> Vec<(u64, u64)> {
    entries
        .iter()
        .filter_map(|e| e.undoes.map(|u| (u, e.seq)))
        .collect()
}

/// Undoes the last change not yet undone (or, with `only`, that entry, which must be it):
/// the state goes back to the one before it, written as a new entry `undo` (never erasing
/// one). `check` sees the current state first and may refuse (the desk: a page shown before
/// another change). Returns the new entry (without its `before`).
///
/// # Errors
/// [`JournalError::NothingToUndo`]; [`JournalError::ChangedOutside`] when the state is not
/// the one the journal's last entry left; [`JournalError::Creation`] for the entry that
/// created the file; [`JournalError::LaterChanges`] for an earlier entry with later changes
/// on it; [`JournalError::NotUndoable`]; [`StoreError`] (converted into `E`).
pub fn undo<E: From<StoreError> + From<JournalError>>(
    state: &Path,
    who: Who,
    only: Option<u64>,
    check: impl FnOnce(&Tournament) -> Result<(), E>,
) -> Result<Entry, E> {
    let file = state.display().to_string();
    let _lock = store::lock(state)?;
    let t = store::load(state)?;
    check(&t)?;
    let entries = read(state)?;
    let Some(last) = entries.last() else {
        return Err(JournalError::NothingToUndo { file }.into());
    };
    let now = version(&t);
    if now != last.version_after {
        return Err(JournalError::ChangedOutside {
            file,
            state: now,
            journal: last.version_after.clone(),
        }
        .into());
    }
    let stack = standing(&entries);
    let Some(&target) = stack.last() else {
        return Err(JournalError::NothingToUndo { file }.into());
    };
    if let Some(seq) = only
        && seq != target.seq
    {
        let Some(i) = stack.iter().position(|e| e.seq == seq) else {
            return Err(JournalError::NotUndoable { seq }.into());
        };
        return Err(JournalError::LaterChanges {
            seq,
            action: stack[i].action.clone(),
            later: stack[i + 1..]
                .iter()
                .map(|e| (e.seq, e.action.clone()))
                .collect(),
        }
        .into());
    }
    let Some(restored) = target.before.as_deref() else {
        return Err(JournalError::Creation { seq: target.seq }.into());
    };
    let mut entry = Entry {
        seq: next_seq(state)?,
        time: now_utc(),
        who,
        action: "undo".into(),
        args: serde_json::json!({"entry": target.seq, "action": target.action}),
        version_before: Some(now),
        version_after: version(restored),
        undoes: Some(target.seq),
        before: Some(Box::new(t)),
    };
    append(state, &entry)?;
    store::save(restored, state)?;
    entry.before = None;
    Ok(entry)
}

/// Whether an action changes what the pairing reads: pairings, byes, withdrawals, forbidden
/// and forced pairs, disqualifications, late entries and corrected results.
pub fn affects_pairing(action: &str) -> bool {
    matches!(
        action,
        "pair"
            | "pair-manual"
            | "unpair"
            | "bye"
            | "withdraw"
            | "cancel-withdrawal"
            | "disqualify"
            | "forbid"
            | "unforbid"
            | "acceleration"
            | "correct-result"
            | "add-player"
            | "add-players"
            | "delete-player"
            | "start-list"
    )
}

/// The journal's pairing-relevant entries as TRF comment lines, oldest first: `### 7
/// 2026-05-16T09:12:03Z desk 192.168.1.20:51234 pair {"round":2}` (an undo of such an entry
/// too, naming it). English, one line each, as TRF comments are read by people and ignored by
/// programs.
pub fn pairing_comments(entries: &[Entry]) -> Vec<String> {
    let relevant = |seq: u64| {
        entries
            .iter()
            .find(|e| e.seq == seq)
            .is_some_and(|e| affects_pairing(&e.action))
    };
    entries
        .iter()
        .filter(|e| affects_pairing(&e.action) || e.undoes.is_some_and(relevant))
        .map(|e| {
            // The arguments given: those left out (null, false) say nothing.
            let mut given = e.args.clone();
            if let Some(m) = given.as_object_mut() {
                m.retain(|_, v| !v.is_null() && *v != serde_json::Value::Bool(false));
            }
            let args = serde_json::to_string(&given).unwrap_or_default();
            let line = format!(
                "### {} {} {} {} {}",
                e.seq,
                e.time,
                e.who.text(),
                e.action,
                args
            );
            line.replace(['\r', '\n'], " ")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_of_known_instants() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC (a leap day of a century year divisible by 400).
        assert_eq!(utc_text(951_827_696), "2000-02-29T12:34:56Z");
        // 2026-03-01 00:00:00 UTC.
        assert_eq!(utc_text(1_772_323_200), "2026-03-01T00:00:00Z");
    }

    #[test]
    fn journal_beside_the_state_file() {
        assert_eq!(
            path_of(Path::new("/x/event.json")),
            PathBuf::from("/x/event.json.journal.jsonl")
        );
    }

    #[test]
    fn arguments_in_words_with_the_sex_and_a_rule_spelt_out() {
        let args = serde_json::json!({
            "name": "Девочки 1–2",
            "sex": "w",
            "add": {"grades": [1, 2], "sex": "w"},
            "force": false,
        });
        assert_eq!(
            args_text(&args, Lang::Ru),
            "добавлена категория: (классы: 1–2, пол: ж), имя: Девочки 1–2, пол: ж"
        );
        assert_eq!(
            args_text(&serde_json::json!({"sex": "m", "preset": "fide"}), Lang::En),
            "rules: FIDE, sex: m"
        );
    }

    #[test]
    fn the_last_line_is_read_from_the_end_across_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl");
        let last = |text: &[u8]| {
            std::fs::write(&path, text).unwrap();
            last_line(&mut std::fs::File::open(&path).unwrap()).unwrap()
        };
        assert_eq!(last(b""), None);
        assert_eq!(last(b"\n \n"), None);
        assert_eq!(last(b"{\"seq\":1}"), Some(b"{\"seq\":1}".to_vec()));
        assert_eq!(last(b"a\nb\n\n  \n"), Some(b"b".to_vec()));
        // A line longer than a block, and a break just before a block's start.
        let long = vec![b'x'; 200_000];
        let mut text = b"first\n".to_vec();
        text.extend_from_slice(&long);
        text.push(b'\n');
        assert_eq!(last(&text), Some(long.clone()));
        let mut text = vec![b'y'; 3 * 65_536 - 1];
        text.push(b'\n');
        text.extend_from_slice(&[b'z'; 65_536]);
        assert_eq!(last(&text), Some(vec![b'z'; 65_536]));
    }
}
