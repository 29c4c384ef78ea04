//! Text output in the event's language: the [`Lang`] of a report and its messages, kept as
//! Fluent resources (`locales/<lang>/arbiter.ftl`, embedded in the binary) and formatted with
//! `fluent-bundle`. JSON output never goes through here: it is the same in every language.
//!
//! The lowest layer: it knows message identifiers and arguments, never the types whose text
//! they are (the code that knows a type picks the message).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Serialize, Serializer};

/// The language of text output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default outside a Russian locale).
    #[default]
    En,
    /// Russian (the event's language, CR: the organisers' regulations are Russian).
    Ru,
}

impl Lang {
    /// Parses `ru` or `en` (case-insensitive; a locale such as `ru_RU.UTF-8` is accepted).
    pub fn parse(text: &str) -> Option<Lang> {
        let t = text.trim().to_ascii_lowercase();
        if t.starts_with("ru") {
            Some(Lang::Ru)
        } else if t.starts_with("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language of the locale: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX
    /// order); Russian when it starts with `ru`, else English.
    pub fn from_env() -> Lang {
        Self::from_locale(|k| std::env::var(k).ok())
    }

    /// As [`Lang::from_env`], reading variables through `var`.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| {
                // A locale's language is Russian only when it says `ru` (`ru_RU.UTF-8`).
                match Lang::parse(&v) {
                    Some(Lang::Ru) => Lang::Ru,
                    _ => Lang::En,
                }
            })
    }

    /// The code: `en` or `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// Message `id` without arguments.
    ///
    /// # Panics
    /// When `id` is missing from the language's resource (a bug: every message exists in both).
    pub fn msg(self, id: &str) -> String {
        self.fmt(id, &[])
    }

    /// Message `id` with string arguments `(name, value)`.
    ///
    /// # Panics
    /// When `id` is missing from the language's resource (a bug: every message exists in both).
    pub fn fmt(self, id: &str, args: &[(&str, &str)]) -> String {
        match self.try_fmt(id, args) {
            Ok(text) => text,
            Err(e) => panic!("{e}"),
        }
    }

    /// Message `id` with string arguments, or why it cannot be formatted (missing from the
    /// language's resource, or an argument missing): for text whose message id is data (the
    /// web page's templates), where a bug must not stop the server.
    ///
    /// # Errors
    /// The reason, naming the message and the resource.
    pub fn try_fmt(self, id: &str, args: &[(&str, &str)]) -> Result<String, String> {
        let bundle = bundle(self);
        let pattern = bundle
            .get_message(id)
            .and_then(|m| m.value())
            .ok_or_else(|| format!("message {id} missing in locales/{}", self.code()))?;
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            // A whole number is passed as a number, so that messages can select plural forms
            // (`[one]`, `[few]`, `[many]`); it is written the same as the string.
            match v.parse::<i64>() {
                Ok(n) if n.to_string() == *v => fargs.set(*k, FluentValue::from(n)),
                _ => fargs.set(*k, FluentValue::from(*v)),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
        if !errors.is_empty() {
            return Err(format!("message {id}: {errors:?}"));
        }
        Ok(text.into_owned())
    }
}

/// A message for people kept as data: a message code (a Fluent message identifier of
/// `locales/<lang>/arbiter.ftl`, stable, e.g. `adj-forced-mate`) and its named arguments, so
/// that it can be written in any [`Lang`] ([`Note::text`]).
///
/// JSON: `{"code": "adj-forced-mate", "args": {"plies": "3", "side": "white", …}}`; an
/// argument is a string (a number, a side `white`/`black`, a code such as a drawn pattern's
/// `two_knights_vs_king`) or a nested note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The message code.
    pub code: &'static str,
    /// The arguments by name.
    pub args: BTreeMap<&'static str, NoteArg>,
}

/// One argument of a [`Note`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteArg {
    /// Written as it is in every language (a number, a move, a side's code for a selector).
    Plain(String),
    /// A code with a label in each language (e.g. `cursed_win`, labelled by message
    /// `wdl-cursed_win`).
    Term {
        /// The message that labels it.
        message: String,
        /// The code (JSON: this string).
        code: String,
    },
    /// A further note, written in the same language.
    Note(Box<Note>),
}

impl Serialize for NoteArg {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            NoteArg::Plain(v) => s.serialize_str(v),
            NoteArg::Term { code, .. } => s.serialize_str(code),
            NoteArg::Note(n) => n.serialize(s),
        }
    }
}

impl Note {
    /// A note without arguments.
    pub fn new(code: &'static str) -> Note {
        Note {
            code,
            args: BTreeMap::new(),
        }
    }

    /// A note whose text exists only in English (message `untranslated`): shown as `text` in
    /// every language. A stop-gap, no longer used by the library; prefer a message code.
    pub fn untranslated(text: impl std::fmt::Display) -> Note {
        Note::new("untranslated").arg("text", text)
    }

    /// Adds argument `name`, written as `value` displays in every language.
    pub fn arg(mut self, name: &'static str, value: impl std::fmt::Display) -> Note {
        self.args.insert(name, NoteArg::Plain(value.to_string()));
        self
    }

    /// Adds argument `name`, a `code` labelled by message `<family>-<code>` in each language.
    pub fn term(self, name: &'static str, family: &'static str, code: impl Into<String>) -> Note {
        let code = code.into();
        let message = format!("{family}-{code}");
        self.label(name, message, code)
    }

    /// Adds argument `name`, a `code` labelled by message `message` in each language.
    pub fn label(
        mut self,
        name: &'static str,
        message: impl Into<String>,
        code: impl Into<String>,
    ) -> Note {
        self.args.insert(
            name,
            NoteArg::Term {
                message: message.into(),
                code: code.into(),
            },
        );
        self
    }

    /// Adds argument `name`, a nested note.
    pub fn note(mut self, name: &'static str, note: Note) -> Note {
        self.args.insert(name, NoteArg::Note(Box::new(note)));
        self
    }

    /// The note in `lang`.
    ///
    /// # Panics
    /// When a message is missing from the language's resource (a bug: every message exists in
    /// both, `every_message_in_both_languages` checks the identifiers).
    pub fn text(&self, lang: Lang) -> String {
        let values: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let text = match v {
                    NoteArg::Plain(p) => p.clone(),
                    // A code without a label (a kind added later) reads as its code.
                    NoteArg::Term { message, code } => {
                        if bundle(lang).has_message(message) {
                            lang.msg(message)
                        } else {
                            code.clone()
                        }
                    }
                    NoteArg::Note(n) => n.text(lang),
                };
                (*k, text)
            })
            .collect();
        let args: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fmt(self.code, &args)
    }
}

/// The bundle of `lang`, parsed once.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static RU: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let (cell, source) = match lang {
        Lang::En => (&EN, include_str!("../locales/en/arbiter.ftl")),
        Lang::Ru => (&RU, include_str!("../locales/ru/arbiter.ftl")),
    };
    cell.get_or_init(|| {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, e)| panic!("locales/{}: {e:?}", lang.code()));
        let id: unic_langid::LanguageIdentifier =
            lang.code().parse().expect("a valid language code");
        let mut b = FluentBundle::new_concurrent(vec![id]);
        b.set_use_isolating(false);
        b.add_resource(resource)
            .unwrap_or_else(|e| panic!("locales/{}: {e:?}", lang.code()));
        b
    })
}

/// An operating-system error in `lang`, by its kind («нет такого файла или папки»); English is
/// the error's own text.
pub fn io_text(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    if lang == Lang::En {
        return e.to_string();
    }
    let id = match e.kind() {
        K::NotFound => "io-not-found",
        K::PermissionDenied => "io-permission-denied",
        K::AlreadyExists => "io-already-exists",
        K::IsADirectory => "io-is-a-directory",
        K::NotADirectory => "io-not-a-directory",
        K::InvalidData => "io-invalid-data",
        K::StorageFull => "io-storage-full",
        K::ReadOnlyFilesystem => "io-read-only",
        K::BrokenPipe => "io-broken-pipe",
        K::AddrInUse => "io-addr-in-use",
        K::AddrNotAvailable => "io-addr-not-available",
        _ => {
            return lang.fmt(
                "io-other",
                &[(
                    "code",
                    &e.raw_os_error().map_or("-".to_string(), |c| c.to_string()),
                )],
            );
        }
    };
    lang.msg(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_and_messages() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_locale(env(&[("LANG", "ru_RU.UTF-8")])), Lang::Ru);
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "ru_RU.UTF-8")])),
            Lang::En
        );
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", "")])), Lang::En);
        assert_eq!(Lang::Ru.fmt("pairings-round", &[("round", "2")]), "Тур 2");
        assert_eq!(Lang::En.msg("tb-SB"), "Sonneborn-Berger");
    }

    /// A note is written in each language with its terms and nested notes, and its JSON keeps
    /// the codes.
    #[test]
    fn notes_in_both_languages() {
        let note = Note::new("adj-tb-result")
            .term("wdl", "wdl", "cursed_win")
            .arg("side", "black");
        assert_eq!(
            note.text(Lang::En),
            "tablebase: cursed win (a win that the 50-move rule turns into a draw) for the side to move (Black)"
        );
        assert_eq!(
            note.text(Lang::Ru),
            "таблицы для стороны, чья очередь хода (чёрные): выигрыш, который правило 50 ходов обращает в ничью"
        );
        assert_eq!(
            serde_json::to_string(&note).unwrap(),
            r#"{"code":"adj-tb-result","args":{"side":"black","wdl":"cursed_win"}}"#
        );
    }

    #[test]
    fn every_message_in_both_languages() {
        let ids = |src: &str| -> Vec<String> {
            src.lines()
                .filter(|l| !l.starts_with('#') && l.contains(" = "))
                .map(|l| l.split(" = ").next().unwrap().to_string())
                .collect()
        };
        assert_eq!(
            ids(include_str!("../locales/en/arbiter.ftl")),
            ids(include_str!("../locales/ru/arbiter.ftl"))
        );
    }
}
