//! The tournament commands' text in the event's language: their errors
//! ([`arbiter::tournament::TournamentError::message`]) and their confirmations.

use arbiter::i18n::Lang;
use arbiter::tournament::TournamentError;

/// The tournament commands' own refusals (the library's are [`TournamentError`]); English is
/// the `Display`, [`CliError::message`] writes any language.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// `new` or `import` onto an existing file.
    #[error("{file} already exists (use --force to overwrite)")]
    Exists {
        /// The state file.
        file: String,
    },
    /// `result` without a game.
    #[error("give --board or --game")]
    BoardOrGame,
    /// A changing command given a file that is not a state file.
    #[error(
        "{file} is not a state file (a TRF file?): import it first with `arbiter tournament import {file} STATE.json`"
    )]
    NotAState {
        /// The file.
        file: String,
    },
    /// Standings after a round not yet paired.
    #[error("{file}: no standings after round {round}: {paired} of {total} round(s) paired")]
    NoStandingsAfter {
        /// The file.
        file: String,
        /// The round asked for.
        round: u32,
        /// Rounds paired.
        paired: u32,
        /// Rounds of the event.
        total: u32,
    },
    /// A file of several verdicts and no `--index`.
    #[error("{file}: the file holds {n} verdicts; choose one with --index N (1 to {n})")]
    ChooseVerdict {
        /// The verdict file.
        file: String,
        /// Verdicts in it.
        n: usize,
    },
    /// `--index` beyond the file's verdicts.
    #[error("{file}: --index {index}: the file holds {n} verdict(s)")]
    NoSuchVerdict {
        /// The verdict file.
        file: String,
        /// The index given.
        index: usize,
        /// Verdicts in it.
        n: usize,
    },
}

impl CliError {
    /// The refusal in `lang` (Fluent `cli-*`).
    pub fn message(&self, lang: Lang) -> String {
        let s = |v: &dyn std::fmt::Display| v.to_string();
        let (id, args): (&str, Vec<(&str, String)>) = match self {
            CliError::Exists { file } => ("cli-exists", vec![("file", file.clone())]),
            CliError::BoardOrGame => ("cli-board-or-game", vec![]),
            CliError::NotAState { file } => ("cli-not-a-state", vec![("file", file.clone())]),
            CliError::NoStandingsAfter {
                file,
                round,
                paired,
                total,
            } => (
                "cli-no-standings-after",
                vec![
                    ("file", file.clone()),
                    ("round", s(round)),
                    ("paired", s(paired)),
                    ("total", s(total)),
                ],
            ),
            CliError::ChooseVerdict { file, n } => (
                "cli-choose-verdict",
                vec![("file", file.clone()), ("n", s(n))],
            ),
            CliError::NoSuchVerdict { file, index, n } => (
                "cli-no-such-verdict",
                vec![("file", file.clone()), ("index", s(index)), ("n", s(n))],
            ),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fmt(id, &args)
    }
}

/// `err` with every [`TournamentError`] (and [`CliError`]) of its chain written in `lang` (the file name and the
/// other causes kept); English, or a chain without one, as it is.
pub fn localised(err: anyhow::Error, lang: Lang) -> anyhow::Error {
    let has = err.chain().any(|c| {
        c.downcast_ref::<TournamentError>().is_some() || c.downcast_ref::<CliError>().is_some()
    });
    if lang == Lang::En || !has {
        return err;
    }
    let mut text = String::new();
    for cause in err.chain() {
        let part = match (
            cause.downcast_ref::<TournamentError>(),
            cause.downcast_ref::<CliError>(),
        ) {
            (Some(t), _) => t.message(lang),
            (_, Some(c)) => c.message(lang),
            _ => cause.to_string(),
        };
        // As `main` writes a chain: a cause whose text is already there is left out.
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    anyhow::anyhow!(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English is the Display; Russian is another text.
    #[test]
    fn english_is_the_display() {
        let all = [
            CliError::Exists {
                file: "t.json".into(),
            },
            CliError::BoardOrGame,
            CliError::NotAState {
                file: "t.trf".into(),
            },
            CliError::NoStandingsAfter {
                file: "t.json".into(),
                round: 3,
                paired: 1,
                total: 4,
            },
            CliError::ChooseVerdict {
                file: "v.json".into(),
                n: 2,
            },
            CliError::NoSuchVerdict {
                file: "v.json".into(),
                index: 3,
                n: 2,
            },
        ];
        for e in &all {
            assert_eq!(e.message(Lang::En), e.to_string());
            assert_ne!(e.message(Lang::Ru), e.to_string());
        }
        assert_eq!(
            all[4].message(Lang::Ru),
            "v.json: в файле решений: 2; выберите одно: --index N (от 1 до 2)"
        );
    }
}
