//! The command line's refusals in the language of `--lang` (else the locale's): usage errors
//! (clap's, rendered by us in Russian from their kind and context; clap's own text in
//! English), and every error of a command's chain written through Fluent
//! (`locales/<lang>/arbiter.ftl`) when its type is known ([`error_text`]).
//!
//! English is each error's `Display`, word for word, so the English output is what it always
//! was; Russian has its own text for each.

use std::ffi::OsString;

use arbiter::i18n::Lang;
pub use arbiter::i18n::io_text;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The language of the command line's messages: the value of `--lang ru|en` (or `--lang=…`)
/// wherever it stands, else the locale's ([`Lang::from_env`]). Read from the raw arguments,
/// so that a usage error, found before the arguments are parsed, is written in it too.
pub fn lang_of_args(args: &[OsString]) -> Lang {
    let mut words = args.iter().map(|a| a.to_string_lossy());
    while let Some(w) = words.next() {
        if w == "--" {
            break;
        }
        let value = if w == "--lang" {
            words.next().map(|v| v.into_owned())
        } else {
            w.strip_prefix("--lang=").map(str::to_string)
        };
        if let Some(lang) = value.as_deref().and_then(Lang::parse) {
            return lang;
        }
    }
    Lang::from_env()
}

/// The command line's own refusals (the library's are typed errors of their own); English is
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
        "{file} is not an event (a TRF file?): import it first with `arbiter tournament import {file} turnir.arbiter`"
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
    /// A file that cannot be read (the operating system's reason follows in the chain).
    #[error("{file}: cannot read")]
    CannotRead {
        /// The file.
        file: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// `check-pairings` on an event without a paired round: nothing was checked.
    #[error("{file}: no round is paired: there is nothing to check")]
    NothingToCheck {
        /// The file.
        file: String,
    },
    /// `check --standings` with several tournaments: which one the standings are of is not said.
    #[error("--standings checks the standings of one tournament: give one FILE")]
    StandingsWithOneFile,
    /// `result --verdict` without a result and without a verdict.
    #[error("give the result (1-0, 0-1, 1/2-1/2, …) or --verdict FILE")]
    ResultOrVerdict,
    /// `serve --token` given empty.
    #[error("--token: the token is empty")]
    EmptyToken,
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
            CliError::CannotRead { file, .. } => ("cli-cannot-read", vec![("file", file.clone())]),
            CliError::NothingToCheck { file } => {
                ("cli-nothing-to-check", vec![("file", file.clone())])
            }
            CliError::ResultOrVerdict => ("cli-result-or-verdict", vec![]),
            CliError::StandingsWithOneFile => ("cli-standings-one-file", vec![]),
            CliError::EmptyToken => ("cli-empty-token", vec![]),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fmt(id, &args)
    }
}

/// A value the command line cannot read (`--kind x`, `--game 1:x`): what was expected, as a
/// Fluent message `expect-*` (English: its `Display`).
#[derive(Debug)]
pub struct ValueError {
    /// The message saying what is expected (`expect-bye-kind`, …).
    pub expected: &'static str,
    /// The text found.
    pub found: String,
}

impl ValueError {
    /// `expected` in `lang`, naming the text found.
    pub fn message(&self, lang: Lang) -> String {
        lang.fmt(self.expected, &[("found", &format!("{:?}", self.found))])
    }
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for ValueError {}

/// The error and its causes, `a: b: c`, each written in `lang` when its type is known; a cause
/// whose text the message before it already holds is left out (many messages embed their
/// source). English is the chain of `Display`s.
pub fn error_text(err: &anyhow::Error, lang: Lang) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let part = cause_text(cause, lang);
        if part.is_empty() || text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
        if lang != Lang::En && arbiter::formats::messages::says_all(cause) {
            break;
        }
    }
    text
}

/// One cause in `lang`: the command line's own errors here, the library's as the library
/// writes them ([`arbiter::formats::messages::cause_text`]).
fn cause_text(cause: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    if lang == Lang::En {
        return cause.to_string();
    }
    if let Some(e) = cause.downcast_ref::<CliError>() {
        return match e {
            CliError::CannotRead { source, .. } => {
                format!("{}: {}", e.message(lang), io_text(source, lang))
            }
            _ => e.message(lang),
        };
    }
    if let Some(e) = cause.downcast_ref::<ValueError>() {
        return e.message(lang);
    }
    if let Some(e) = cause.downcast_ref::<arbiter::board::BoardError>() {
        return e.message(lang);
    }
    if let Some(e) = cause.downcast_ref::<arbiter::web::ServeError>() {
        // The reason follows as the next cause of the chain, in `lang`.
        return match e {
            arbiter::web::ServeError::State { file, .. } => {
                lang.fmt("serve-error-state", &[("file", file)])
            }
            arbiter::web::ServeError::Bind { addr, .. } => {
                lang.fmt("serve-error-bind", &[("addr", &addr.to_string())])
            }
            arbiter::web::ServeError::Io(source) => {
                lang.fmt("serve-error-io", &[("reason", &io_text(source, lang))])
            }
        };
    }
    arbiter::formats::messages::cause_text(cause, lang).unwrap_or_else(|| cause.to_string())
}

/// Prints a usage error (or the help and version clap was asked for) and returns the exit
/// status: 2 for a usage error, 0 for help and version. English is clap's own text; Russian
/// is ours ([`usage_text`]).
pub fn report_usage(err: &clap::Error, lang: Lang) -> std::process::ExitCode {
    let informational = matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    );
    if lang == Lang::En || informational {
        let _ = err.print();
    } else {
        note!("{}", usage_text(err, lang));
    }
    std::process::ExitCode::from(if err.use_stderr() { 2 } else { 0 })
}

/// A clap error in `lang` from its kind and context: what is wrong, with the argument and the
/// value, the values allowed, clap's suggestion; then where to read more (`--help`).
pub fn usage_text(err: &clap::Error, lang: Lang) -> String {
    let text = |kind: ContextKind| match err.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        Some(ContextValue::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    // An argument as its flag alone (`--kind`, not `--kind <KIND>`: the value's name is an
    // English word).
    // A positional argument (`<STATE>`, `[RESULT]`) by its name in `lang` (Fluent
    // `usage-arg-<name>`), when there is one.
    let flags = |s: String| {
        s.split(", ")
            .map(|a| match a.split_whitespace().next() {
                Some(flag) if flag.starts_with('-') => flag.to_string(),
                // One of a group (`<--dgt <DEVICE>|--livechess <URL>>`): its flags.
                Some(group) if group.starts_with("<--") => {
                    let flags: Vec<&str> = a
                        .split(['<', '|', ' '])
                        .filter(|w| w.starts_with("--"))
                        .collect();
                    match flags.as_slice() {
                        [first, second] => {
                            lang.fmt("usage-one-of", &[("first", first), ("second", second)])
                        }
                        _ => flags.join(" | "),
                    }
                }
                _ => {
                    let name = a.trim_matches(['<', '>', '[', ']', '.']).to_lowercase();
                    lang.try_fmt(&format!("usage-arg-{name}"), &[])
                        .unwrap_or_else(|_| a.to_string())
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let arg = flags(text(ContextKind::InvalidArg).unwrap_or_default());
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    let quoted = |s: &str| format!("«{s}»");
    let mut message = match err.kind() {
        ErrorKind::InvalidValue => {
            let mut m = lang.fmt(
                "usage-invalid-value",
                &[("value", &quoted(&value)), ("arg", &arg)],
            );
            if let Some(valid) = text(ContextKind::ValidValue) {
                m.push_str(&lang.fmt("usage-valid-values", &[("values", &valid)]));
            }
            m
        }
        ErrorKind::ValueValidation => {
            let reason = std::error::Error::source(err)
                .map(|s| {
                    let text = cause_text(s, lang);
                    range_text(&text, lang).unwrap_or(text)
                })
                .unwrap_or_default();
            lang.fmt(
                "usage-value-validation",
                &[
                    ("value", &quoted(&value)),
                    ("arg", &arg),
                    ("reason", &reason),
                ],
            )
        }
        ErrorKind::UnknownArgument => lang.fmt("usage-unknown-argument", &[("arg", &quoted(&arg))]),
        ErrorKind::InvalidSubcommand => {
            let name = text(ContextKind::InvalidSubcommand).unwrap_or_default();
            lang.fmt("usage-unknown-command", &[("command", &quoted(&name))])
        }
        ErrorKind::ArgumentConflict => {
            let prior = flags(text(ContextKind::PriorArg).unwrap_or_default());
            lang.fmt("usage-conflict", &[("arg", &arg), ("other", &prior)])
        }
        ErrorKind::MissingRequiredArgument => lang.fmt("usage-missing-argument", &[("args", &arg)]),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            lang.msg("usage-missing-command")
        }
        ErrorKind::NoEquals
        | ErrorKind::TooManyValues
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => {
            lang.fmt("usage-value-count", &[("arg", &quoted(&arg))])
        }
        ErrorKind::InvalidUtf8 => lang.msg("usage-not-utf8"),
        _ => lang.msg("usage-other"),
    };
    if let Some(suggested) =
        text(ContextKind::SuggestedArg).or_else(|| text(ContextKind::SuggestedSubcommand))
    {
        message.push_str(&lang.fmt("usage-suggested", &[("suggested", &quoted(&suggested))]));
    }
    let command = text(ContextKind::Usage)
        .map(|u| command_of_usage(&u))
        .unwrap_or_else(|| "arbiter".to_string());
    format!(
        "{}\n{}",
        lang.fmt("usage-error", &[("message", &message)]),
        lang.fmt("usage-more", &[("command", &command)])
    )
}

/// clap's refusal of a number out of its range (`0 is not in 1..=4294967295`) in `lang`: the
/// bounds in words, a type's largest number left out (`не меньше 1`). `None` for another text
/// or in English (clap's own words).
fn range_text(text: &str, lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return None;
    }
    let (_, range) = text.split_once(" is not in ")?;
    let (low, high) = range.split_once("..=")?;
    let (low, high) = (low.parse::<u64>().ok()?, high.parse::<u64>().ok()?);
    let largest = [u8::MAX as u64, u16::MAX as u64, u32::MAX as u64, u64::MAX];
    Some(if largest.contains(&high) {
        lang.fmt("usage-range-min", &[("low", &low.to_string())])
    } else {
        lang.fmt(
            "usage-range",
            &[("low", &low.to_string()), ("high", &high.to_string())],
        )
    })
}

/// The command path of a usage line (`Usage: arbiter tournament bye [OPTIONS] …` →
/// `arbiter tournament bye`).
fn command_of_usage(usage: &str) -> String {
    let line = usage.lines().next().unwrap_or("");
    let rest = line.split_once(':').map_or(line, |(_, r)| r);
    let words: Vec<&str> = rest
        .split_whitespace()
        .take_while(|w| !w.starts_with(['[', '<', '-']) && !w.chars().any(|c| c.is_uppercase()))
        .collect();
    if words.is_empty() {
        "arbiter".to_string()
    } else {
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_from_the_raw_arguments() {
        let args = |a: &[&str]| -> Vec<OsString> { a.iter().map(OsString::from).collect() };
        assert_eq!(
            lang_of_args(&args(&["arbiter", "tournament", "--lang", "ru", "x"])),
            Lang::Ru
        );
        assert_eq!(lang_of_args(&args(&["arbiter", "--lang=en"])), Lang::En);
        assert_eq!(
            command_of_usage("Usage: arbiter tournament bye [OPTIONS] --round <ROUND> <STATE>"),
            "arbiter tournament bye"
        );
    }

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
            CliError::CannotRead {
                file: "x.json".into(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            },
            CliError::NothingToCheck {
                file: "x.trf".into(),
            },
            CliError::ResultOrVerdict,
            CliError::StandingsWithOneFile,
            CliError::EmptyToken,
        ];
        for e in &all {
            assert_eq!(e.message(Lang::En), e.to_string());
            assert_ne!(e.message(Lang::Ru), e.to_string());
        }
        assert_eq!(
            all[4].message(Lang::Ru),
            "v.json: в файле решений: 2; выберите одно: --index N (от 1 до 2)"
        );
        let e = anyhow::Error::new(CliError::CannotRead {
            file: "x.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        });
        assert_eq!(
            error_text(&e, Lang::Ru),
            "x.json: не удаётся прочитать: нет такого файла или папки"
        );
    }
}
