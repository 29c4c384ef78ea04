//! Reading and changing the state file for `arbiter tournament`: load a state file or a TRF,
//! hold the state file's lock around a change, read a verdict or a `.pairs` list.

use super::*;
use arbiter::tournament::journal::{self, Act, Who};

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

/// Changes the state file through the journal's one way in ([`journal::apply`]: lock, load,
/// `edit`, journal entry `action` with `args` from the CLI and its user, atomic save); a
/// refused change leaves the file and the journal as they were and names the file in the error.
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
    // A TRF file is refused (saving would replace it with JSON), a missing one named.
    load_state(state)?;
    journal::apply(state, Act::new(Who::cli(), action, args), |t| {
        edit(t).with_context(|| state.display().to_string())
    })
}

/// Loads a state file for a changing command. A TRF file is refused: saving would replace it
/// with JSON.
pub(super) fn load_state(path: &Path) -> anyhow::Result<Tournament> {
    let text = read_file(path)?;
    if !text.trim_start().starts_with('{') {
        return Err(CliError::NotAState {
            file: path.display().to_string(),
        }
        .into());
    }
    Ok(store::load(path)?)
}

pub(super) fn report(a: &ReportArgs) -> anyhow::Result<(StandingsReport, Tournament)> {
    let t = load(&a.file)?;
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

/// Loads a state file, or a TRF file converted to a tournament (read-only commands).
pub(super) fn load(path: &Path) -> anyhow::Result<Tournament> {
    let text = store::read_text(path)?;
    let file = path.display().to_string();
    if store::is_state_file(&text) {
        return Ok(store::parse(&text, &file)?);
    }
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
