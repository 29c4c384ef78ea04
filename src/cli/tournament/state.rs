//! Reading and changing the state file for `arbiter tournament`: load a state file or a TRF,
//! hold the state file's lock around a change, read a verdict or a `.pairs` list.

use super::*;
use arbiter::tournament::journal::{self, Act, Who};
use arbiter::tournament::record::{self, FileKind};

/// Warns on stderr, in `lang`, about each text field cut to fit its TRF columns: a name longer
/// than TRF's 33 columns (the record keeps it whole; only the TRF export cuts it), or a field
/// of a state file edited by hand (`add-player` refuses those).
pub(super) fn warn_overlong(trf: &Trf, lang: Lang) {
    for p in trf.players() {
        for (field, width) in p.overlong_fields() {
            note!(
                "{}",
                lang.fmt(
                    "tm-trf-cut",
                    &[
                        ("tpn", &p.tpn.to_string()),
                        ("field", field),
                        ("width", &width.to_string()),
                        ("name", &p.name),
                        ("cut", &p.name.chars().take(width).collect::<String>()),
                    ],
                )
            );
        }
    }
}

/// A file's text.
///
/// # Errors
/// [`CliError::CannotRead`] naming the file, with the system's reason.
pub(super) fn read_file(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).map_err(|source| {
        CliError::CannotRead {
            file: path.display().to_string(),
            source,
        }
        .into()
    })
}

/// Changes the event through the journal's one way in ([`journal::apply`]: one transaction of
/// its database, `edit`, journal entry `action` with `args` from the CLI and its user); a
/// refused change leaves the event and the journal as they were and names the file in the
/// error.
pub(super) fn change<T>(
    state: &Path,
    action: &str,
    args: serde_json::Value,
    edit: impl FnOnce(&mut Tournament) -> Result<T, TournamentError>,
) -> anyhow::Result<T> {
    edit_state(state, action, args, |t| Ok(edit(t)?))
}

/// As [`change`], for an edit with any error.
pub(super) fn edit_state<T>(
    state: &Path,
    action: &str,
    args: serde_json::Value,
    edit: impl FnOnce(&mut Tournament) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // A TRF file is refused (it is no event to change), a missing one named; a state file of
    // the JSON format is converted first.
    let db = event_path(state)?;
    let group = selected_group();
    let mut args = args;
    if let (Some(g), Some(m)) = (&group, args.as_object_mut()) {
        m.insert("group".into(), g.clone().into());
    }
    journal::apply_event(&db, Act::new(Who::cli(), action, args), |e| {
        let i = e.find(group.as_deref())?;
        let mut t = e.group(i);
        let out = edit(&mut t).with_context(|| state.display().to_string())?;
        e.set_group(i, t);
        Ok(out)
    })
}

/// The group the command line names (`--group NAME`), `None` when it names none.
pub(crate) fn selected_group() -> Option<String> {
    GROUP.get().cloned().flatten()
}

/// `--group NAME` of `arbiter tournament`, set once before the command runs.
pub(super) static GROUP: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

/// The event's database for a command given `path`: the database, or the one a state file of
/// the JSON format is converted into (converted now, and said on standard error, the first
/// time; named at each later use). A TRF file or another file is refused: it is no event.
pub(crate) fn event_path(path: &Path) -> anyhow::Result<PathBuf> {
    match record::kind_of(path) {
        FileKind::Missing => {
            return Err(CliError::CannotRead {
                file: path.display().to_string(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            }
            .into());
        }
        FileKind::Other | FileKind::Empty => {
            return Err(CliError::NotAState {
                file: path.display().to_string(),
            }
            .into());
        }
        _ => {}
    }
    let resolved = record::resolve(path)?;
    if let Some(c) = &resolved.conversion {
        say_conversion(c);
    }
    Ok(resolved.path)
}

/// Says on standard error, in the language of the command line, that a state file of the
/// JSON format was converted into a database (or is read through the one made before).
pub(crate) fn say_conversion(c: &record::Conversion) {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let lang = crate::cli::errors::lang_of_args(&args);
    let from = c.from.display().to_string();
    let to = c.to.display().to_string();
    if c.now {
        note!(
            "{}",
            lang.fmt(
                "tm-converted",
                &[
                    ("from", from.as_str()),
                    ("to", to.as_str()),
                    ("entries", &c.entries.to_string()),
                    ("captures", &c.captures.to_string()),
                ],
            )
        );
        if let Some(line) = c.torn_line {
            note!(
                "{}",
                lang.fmt(
                    "tm-converted-torn",
                    &[
                        ("journal", &journal::path_of(&c.from).display().to_string()),
                        ("line", &line.to_string()),
                    ],
                )
            );
        }
    } else {
        note!(
            "{}",
            lang.fmt(
                "tm-converted-before",
                &[("from", from.as_str()), ("to", to.as_str())]
            )
        );
    }
}

/// Loads the event for a changing command (a state file of the JSON format converted first).
/// A TRF file is refused: it is no event to change.
pub(super) fn load_state(path: &Path) -> anyhow::Result<Tournament> {
    let db = event_path(path)?;
    let e = record::load_event(&db)?;
    let i = e.find(selected_group().as_deref())?;
    Ok(e.group(i))
}

pub(super) fn report(a: &ReportArgs) -> anyhow::Result<(StandingsReport, Tournament)> {
    report_of(a, load(&a.file)?)
}

/// Every group of the event at `path` with its name, when the command names no group and the
/// event has two or more; `None` for a single group, a named one, a TRF file.
pub(super) fn every_group(path: &Path) -> Option<Vec<(String, Tournament)>> {
    if selected_group().is_some() || record::kind_of(path) == FileKind::Other {
        return None;
    }
    let e = record::load_event(&event_path(path).ok()?).ok()?;
    (e.len() > 1).then(|| {
        e.names()
            .into_iter()
            .enumerate()
            .map(|(i, name)| (name, e.group(i)))
            .collect()
    })
}

/// The standings of `t` as [`report`] makes them (its `--after-round`, tie-breaks, edition).
pub(super) fn report_of(
    a: &ReportArgs,
    t: Tournament,
) -> anyhow::Result<(StandingsReport, Tournament)> {
    // Standings after a round not yet paired would count byes that never happened.
    if let Some(r) = a.after_round
        && r > t.paired_rounds()
    {
        return Err(CliError::NoStandingsAfter {
            file: a.file.display().to_string(),
            round: r,
            paired: t.paired_rounds(),
            total: t.total_rounds,
        }
        .into());
    }
    // The event's tie-breaks and edition (a TRF file's `212`, else its preset's list) unless
    // --tie-breaks or --preset names others; `--tie-breaks fide2026` names the edition only.
    let settings = t.tie_break_settings();
    let (named, list) = match a.tie_breaks.as_deref().map(str::trim) {
        Some("fide2024") => (Some(arbiter::tournament::tiebreak::Rules::Fide2024), None),
        Some("fide2026") => (Some(arbiter::tournament::tiebreak::Rules::Fide2026), None),
        Some(list) => (None, Some(parse_order(list)?)),
        None => (None, None),
    };
    let order: Vec<TieBreak> = list.unwrap_or_else(|| match a.preset.preset {
        Some(p) => arbiter::game::preset::Preset::from(p).order().to_vec(),
        None => settings.order,
    });
    let rules = a.edition.given().or(named).unwrap_or(settings.rules);
    Ok((StandingsReport::new(&t, a.after_round, rules, &order), t))
}

/// Loads an event (its database; a state file of the JSON format converted first), or a TRF
/// file converted to a tournament (read-only commands).
pub(super) fn load(path: &Path) -> anyhow::Result<Tournament> {
    match record::kind_of(path) {
        FileKind::Other | FileKind::Empty | FileKind::Missing => {}
        // A state file that cannot be converted here (a read-only folder) is read as it is.
        FileKind::StateJson => {
            return load_state(path).or_else(|e| store::load(path).map_err(|_| e));
        }
        _ => return load_state(path),
    }
    let text = store::read_text(path)?;
    let file = path.display().to_string();
    let trf = Trf::parse(&text, &file)?;
    // An empty or unrelated file is no tournament (not one of no players).
    trf.check_players(&file)?;
    trf.to_tournament().with_context(|| file)
}

/// The verdict in `path` (`arbiter judge --format json`; `-` for stdin): the only one, or
/// the `index`-th (1-based) of a file with several.
pub(super) fn read_verdict(path: &Path, index: Option<usize>) -> anyhow::Result<JudgedGame> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        read_file(path)?
    };
    let mut all = verdict::read_judged(&text, &path.display().to_string())?;
    let n = all.len();
    match index {
        None if n == 1 => Ok(all.remove(0)),
        None => Err(CliError::ChooseVerdict {
            file: path.display().to_string(),
            n,
        }
        .into()),
        Some(i) if (1..=n).contains(&i) => Ok(all.remove(i - 1)),
        Some(i) => Err(CliError::NoSuchVerdict {
            file: path.display().to_string(),
            index: i,
            n,
        }
        .into()),
    }
}

/// Reads a bbpPairings `-p` output ([`pairs::parse`]): games in board order and the
/// pairing-allocated bye.
pub(super) fn read_pairs(path: &Path) -> anyhow::Result<pairs::Pairs> {
    let text = read_file(path)?;
    Ok(pairs::parse(&text, &path.display().to_string())?)
}
