//! The event's journal: every change of the event, as a row of its database
//! ([`crate::tournament::record`]) committed with the change itself, and undo built on it.
//!
//! - The one way to change an event is [`apply`] (and [`create`] for a new one, [`undo`] for
//!   an undo): in one transaction it reads the event, applies the change and writes the rows it
//!   changed with an [`Entry`] — time (UTC), who ([`Who`]: the CLI and its user, or the desk
//!   and the client's address and browser), the action (a field term: `result`, `pair`,
//!   `withdraw`…), its arguments, the event's [`version`] before and after, and the rows it
//!   changed, before and after. A refused change writes nothing; a killed one leaves nothing.
//! - [`undo`] takes an entry back as a new entry (`undoes`: the entry it undoes); nothing is
//!   ever erased. An entry named by its number is refused while a later change rests on it (a
//!   result the next round was paired on, a later change of the same board or player), with
//!   the reason.
//! - [`read`] gives every entry; [`read_page`] a page of the newest, without reading the rest.
//! - [`pairing_comments`] gives the entries that affect pairings as TRF `###` comment lines
//!   (FIDE C.02's checklist asks the TRF to carry them).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::tournament::BoardResult;
use crate::tournament::model::Tournament;
use crate::tournament::record;
use crate::tournament::store::StoreError;

mod words;
pub use words::{action_text, args_text, entry_args_text, results_text};

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
    /// (`User-Agent`, cut to 200 characters): the desk has no device names of its own.
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

    /// A program using the library itself ([`crate::tournament::store::save`]).
    pub fn library() -> Who {
        Who {
            via: "library".into(),
            address: None,
            device: None,
        }
    }

    /// The desk, for a client at `address` (`IP:PORT`) with browser `device`.
    pub fn desk(address: Option<String>, device: Option<String>) -> Who {
        Who {
            via: "desk".into(),
            address,
            device: device.map(|d| d.chars().take(200).collect()),
        }
    }

    /// `командная строка (anna)`, `пульт 192.168.1.20:51234 (Chrome, Android)`: who, in
    /// `lang`, for a log line (the desk's browser named by [`device_name`]).
    pub fn text_in(&self, lang: Lang) -> String {
        let mut s = lang.fmt("jr-via", &[("via", &self.via)]);
        if let Some(a) = &self.address {
            s.push(' ');
            s.push_str(a);
        }
        if let Some(u) = &self.device {
            let name = if self.via == "cli" {
                u.clone()
            } else {
                device_name(u)
            };
            s.push_str(&format!(" ({name})"));
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

/// A browser's `User-Agent` as a person names the device: `Chrome, Android`, `Safari, iPad`,
/// `Firefox, Windows` (the first browser and system found; the text itself, cut to 40
/// characters, when none is).
pub fn device_name(agent: &str) -> String {
    let has = |w: &str| agent.contains(w);
    let browser = [
        ("YaBrowser", "Yandex Browser"),
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
    ]
    .into_iter()
    .find(|(w, _)| has(w))
    .map(|(_, n)| n);
    let system = [
        ("iPad", "iPad"),
        ("iPhone", "iPhone"),
        ("Android", "Android"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(w, _)| has(w))
    .map(|(_, n)| n);
    match (browser, system) {
        (Some(b), Some(s)) => format!("{b}, {s}"),
        (Some(x), None) | (None, Some(x)) => x.to_string(),
        (None, None) => agent.chars().take(40).collect(),
    }
}

/// `2026-12-04T20:27:06Z` (UTC, as the journal keeps it) in the machine's time zone:
/// `2026-12-04 23:27:06 MSK` (the zone's abbreviation, or its offset); the text as it is when
/// it is no such time.
pub fn local_time(utc: &str) -> String {
    local_time_in(utc, &jiff::tz::TimeZone::system())
}

/// [`local_time`] in time zone `tz`.
pub fn local_time_in(utc: &str, tz: &jiff::tz::TimeZone) -> String {
    match utc.parse::<jiff::Timestamp>() {
        Ok(t) => t
            .to_zoned_datetime(tz.clone())
            .strftime("%Y-%m-%d %H:%M:%S %Z")
            .to_string(),
        Err(_) => utc.to_string(),
    }
}

/// `2026-12-04T20:27:06Z` (UTC, as the journal keeps it) in the machine's time zone without
/// the zone's name (`2026-12-04 23:27:06`): the pages show every time so and say the zone once
/// ([`local_zone_text`]); the text as it is when it is no such time.
pub fn local_clock(utc: &str) -> String {
    local_clock_in(utc, &jiff::tz::TimeZone::system())
}

/// [`local_clock`] in time zone `tz`.
pub fn local_clock_in(utc: &str, tz: &jiff::tz::TimeZone) -> String {
    match utc.parse::<jiff::Timestamp>() {
        Ok(t) => t
            .to_zoned_datetime(tz.clone())
            .strftime("%Y-%m-%d %H:%M:%S")
            .to_string(),
        Err(_) => utc.to_string(),
    }
}

/// The sentence that says once, in `lang`, which times a page shows: «Время местное, UTC+3.»
/// (`Local time, UTC+3.`), the machine's offset from UTC now (`UTC+5:30`, `UTC` itself).
pub fn local_zone_text(lang: Lang) -> String {
    local_zone_text_in(&jiff::tz::TimeZone::system(), lang)
}

/// [`local_zone_text`] in time zone `tz`.
pub fn local_zone_text_in(tz: &jiff::tz::TimeZone, lang: Lang) -> String {
    let seconds = tz.to_offset(jiff::Timestamp::now()).seconds();
    let (sign, s) = if seconds < 0 {
        ('−', -seconds)
    } else {
        ('+', seconds)
    };
    let (h, m) = (s / 3600, s % 3600 / 60);
    let zone = match (h, m) {
        (0, 0) => "UTC".to_string(),
        (h, 0) => format!("UTC{sign}{h}"),
        (h, m) => format!("UTC{sign}{h}:{m:02}"),
    };
    lang.fmt("times-local", &[("zone", &zone)])
}

/// The machine's time zone as the log names it: `Europe/Moscow (UTC+03:00)`, or `UTC+03:00`
/// when it has no name.
pub fn time_zone_text() -> String {
    let tz = jiff::tz::TimeZone::system();
    let now = jiff::Timestamp::now().to_zoned_datetime(tz.clone());
    let offset = now.strftime("UTC%:z").to_string();
    match tz.iana_name() {
        Some(name) if name != "UTC" && name != "Etc/UTC" => format!("{name} ({offset})"),
        _ => offset,
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
    /// The boards whose result the change recorded, with the result it replaced (read with
    /// a page of the journal, [`read_page`]; empty elsewhere).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ResultChange>,
}

/// A board's result as a change recorded it: the result before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultChange {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The result it replaced (`None`: the board had none).
    pub from: Option<BoardResult>,
    /// The result it recorded (`None`: the board's result was taken away).
    pub to: Option<BoardResult>,
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
    /// The rows the entry changed are no longer what it left, and no entry of the journal
    /// changed them: they were changed without the journal (by hand, another program).
    ChangedOutside {
        /// The event's file.
        file: String,
        /// The entry asked for.
        entry: u64,
    },
    /// The entry left FIDE mode: the mode cannot be re-entered (C.02), so it is not undone.
    FideModeLeft {
        /// The entry.
        seq: u64,
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
            JournalError::ChangedOutside { file, entry } => lang.fmt(
                "jr-error-outside",
                &[("file", file), ("entry", &entry.to_string())],
            ),
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
            JournalError::FideModeLeft { seq } => {
                lang.fmt("jr-error-fide-left", &[("seq", &seq.to_string())])
            }
        }
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

/// The version of an event of groups: its one group's [`version`] for today's events (the
/// same as before groups), else a hash of every group's name and version.
pub fn event_version(e: &crate::tournament::event::Event) -> String {
    use std::hash::Hasher;
    if e.len() == 1 {
        return version(e.first());
    }
    let mut h = rustc_hash::FxHasher::default();
    for g in e.groups() {
        h.write(g.name.as_bytes());
        h.write(version(&g.tournament).as_bytes());
    }
    format!("{:016x}", h.finish())
}

/// Every entry of the event's journal, oldest first (without the rows each changed); none
/// for an event without one.
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn read(state: &Path) -> Result<Vec<Entry>, StoreError> {
    record::entries(state)
}

/// Page `page` (0: the newest) of `per_page` entries, newest first, each result entry with
/// the results it recorded and replaced; read without the rest of the journal.
///
/// # Errors
/// [`StoreError`] naming the file.
pub fn read_page(state: &Path, page: u64, per_page: u64) -> Result<record::LogPage, StoreError> {
    record::log_page(state, page, per_page)
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

/// The choke point of every change to an event: in one transaction of its database, reads
/// it, applies `change`, and — when the event changed — writes the rows changed and the
/// journal's entry ([`crate::tournament::record::apply`]). A refused change (`Err` from
/// `change`) and a change that changes nothing write nothing. A state file of the JSON format
/// is converted first ([`crate::tournament::record::resolve`]).
///
/// ```
/// use arbiter::tournament::{Player, Tournament, journal};
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("event.arbiter");
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
/// [`StoreError`] (converted into `E`); `change`'s own error.
pub fn apply<T, E: From<StoreError> + From<JournalError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    record::apply(state, act, change)
}

/// [`apply`] on the whole event, every group ([`crate::tournament::record::apply_event`]):
/// a change of one group chosen by name, a group added, a player moved between groups.
///
/// # Errors
/// [`StoreError`] (converted into `E`); `change`'s own error.
pub fn apply_event<T, E: From<StoreError> + From<JournalError>>(
    state: &Path,
    act: Act,
    change: impl FnOnce(&mut crate::tournament::event::Event) -> Result<T, E>,
) -> Result<T, E> {
    record::apply_event(state, act, change)
}

/// Creates the event's database with `t` (or, when it holds an event, replaces it) and
/// journals it: the entry keeps the replaced event when there was one (an undo brings it
/// back), else none (an undo is refused: nothing came before).
///
/// # Errors
/// [`StoreError`] (converted into `E`).
pub fn create<E: From<StoreError> + From<JournalError>>(
    state: &Path,
    act: Act,
    t: &Tournament,
) -> Result<(), E> {
    Ok(record::create(state, act, t)?)
}

/// Which entries were undone, and by which entry: `(undone, by)`.
pub fn undone_by(entries: &[Entry]) -> Vec<(u64, u64)> {
    entries
        .iter()
        .filter_map(|e| e.undoes.map(|u| (u, e.seq)))
        .collect()
}

/// Undoes the last change not yet undone, or the entry `only` when no later change rests on
/// it ([`crate::tournament::record::undo`]): the rows it changed go back to what they were,
/// as a new entry `undo` (never erasing one). `check` sees the current event first and may
/// refuse (the desk: a page shown before another change). Returns the new entry.
///
/// # Errors
/// [`JournalError::NothingToUndo`]; [`JournalError::Creation`] for the entry that created
/// the event; [`JournalError::LaterChanges`]; [`JournalError::FideModeLeft`];
/// [`JournalError::ChangedOutside`]; [`JournalError::NotUndoable`]; [`StoreError`]
/// (converted into `E`).
pub fn undo<E: From<StoreError> + From<JournalError>>(
    state: &Path,
    who: Who,
    only: Option<u64>,
    check: impl FnOnce(&Tournament) -> Result<(), E>,
) -> Result<Entry, E> {
    record::undo(state, who, only, check)
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
    fn times_are_shown_in_the_zone_and_devices_by_name() {
        let moscow = jiff::tz::TimeZone::get("Europe/Moscow").unwrap();
        assert_eq!(
            local_clock_in("2026-12-04T20:27:06Z", &moscow),
            "2026-12-04 23:27:06"
        );
        assert_eq!(
            local_zone_text_in(&moscow, Lang::Ru),
            "Время местное, UTC+3."
        );
        let kolkata = jiff::tz::TimeZone::get("Asia/Kolkata").unwrap();
        assert_eq!(
            local_zone_text_in(&kolkata, Lang::En),
            "Local time, UTC+5:30."
        );
        assert_eq!(
            local_time_in("2026-12-04T20:27:06Z", &moscow),
            "2026-12-04 23:27:06 MSK"
        );
        assert_eq!(
            local_time_in("2026-12-04T20:27:06Z", &jiff::tz::TimeZone::UTC),
            "2026-12-04 20:27:06 UTC"
        );
        assert_eq!(local_time_in("not a time", &moscow), "not a time");
        let android = "Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
        assert_eq!(device_name(android), "Chrome, Android");
        let ipad = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        assert_eq!(device_name(ipad), "Safari, iPad");
        assert_eq!(device_name("TestTablet/1.0"), "TestTablet/1.0");
        let desk = Who::desk(Some("192.168.1.20:51234".into()), Some(android.into()));
        assert_eq!(
            desk.text_in(Lang::En),
            "desk 192.168.1.20:51234 (Chrome, Android)"
        );
        let changes = [ResultChange {
            round: 1,
            board: 3,
            from: Some(BoardResult::Draw),
            to: Some(BoardResult::WhiteWins),
        }];
        assert_eq!(
            results_text(&changes, Lang::Ru),
            "тур 1, доска 3: 1-0 (было ½-½)"
        );
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
}
