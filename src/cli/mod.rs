//! One module per subcommand; each has its clap `Args` and a `run` returning the exit code.
//!
//! The flags several commands share are defined once here and flattened into the commands,
//! so that one name means one thing everywhere:
//!
//! - `--preset detsky-mat|fide` — the event's rule preset ([`PresetArgs`]): the judge's
//!   illegal-move rules, the adjudication thresholds, the pairing colour rules, the tie-break
//!   order;
//! - `--edition fide2024|fide2026` — the FIDE C.07 edition for unplayed rounds ([`EditionArgs`]);
//! - `--input auto|jsonl|pgn|board` — how to read game inputs ([`InputArgs`]);
//! - `--format` — always the output format ([`Format`] where a command has only text and JSON).
//!
//! The old spellings stay for one release as hidden arguments: `--rules` for `--preset`
//! ([`PresetOrRules`], `pair`, `tournament pair`), for `--edition` (standings, crosstable) and
//! for `adjudicate --list-rules`. Each is its own hidden argument, not a clap alias, so that a
//! usage error on an old spelling reads exactly as before (`'--rules <RULES>'`).
//!
//! The value enums here are the command line's own; each maps to the library's type
//! (`From`), so no library type derives clap's traits.

/// `eprintln!` that never panics: a closed standard error must not stop a command (the
/// results go to standard output; the exit status still tells of errors). Defined before the
/// modules, so that they all see it.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod adjudicate;
pub mod board;
pub mod check;
pub mod errors;
pub mod examples;
pub mod generate;
pub mod judge;
pub mod pair;
pub mod replay;
pub mod serve;
pub mod tournament;
pub mod winnable;

use arbiter::game::rules::Preset;
use arbiter::i18n::Lang;

/// `--format text|json`, shared by the commands that have no other formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For programs: one JSON object per record (JSON Lines when there are several).
    Json,
}

/// `--lang ru|en`: the language of text output (JSON is the same in every language).
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct LangArgs {
    /// Language of text output: `ru` or `en` (default: from the locale, `LC_ALL`,
    /// `LC_MESSAGES` or `LANG` starting with `ru` → `ru`, else `en`). JSON never changes.
    #[arg(long, value_parser = parse_lang)]
    lang: Option<Lang>,
}

impl LangArgs {
    /// The language given, else the locale's.
    pub fn get(self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }
}

fn parse_lang(s: &str) -> Result<Lang, errors::ValueError> {
    match s {
        "ru" => Ok(Lang::Ru),
        "en" => Ok(Lang::En),
        _ => Err(errors::ValueError {
            expected: "expect-lang",
            found: s.to_string(),
        }),
    }
}

/// A rule preset as the command line writes it ([`Preset`] in the library).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PresetName {
    /// The children's event of `competition-rules.md` (CR 1.1–4.3).
    DetskyMat,
    /// FIDE Laws 7.5, FIDE Swiss pairing (C.04.3), common FIDE tie-breaks.
    Fide,
}

impl From<PresetName> for Preset {
    fn from(name: PresetName) -> Preset {
        match name {
            PresetName::DetskyMat => Preset::DetskyMat,
            PresetName::Fide => Preset::Fide,
        }
    }
}

/// `--preset detsky-mat|fide`: the event's rule preset.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct PresetArgs {
    /// Rule preset of the event: `detsky-mat` (competition-rules.md) or `fide`. It selects the
    /// judge's illegal-move rules, the adjudication thresholds, the pairing colour rules and
    /// the tie-break order.
    #[arg(long, value_enum)]
    pub preset: Option<PresetName>,
}

impl PresetArgs {
    /// The preset given, else `default`.
    pub fn or(self, default: PresetName) -> Preset {
        self.preset.unwrap_or(default).into()
    }
}

/// `--preset`, and its old spelling `--rules` (hidden, kept for one release) for the commands
/// where `--rules` named the preset (`judge`, `replay`).
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct PresetOrRules {
    #[command(flatten)]
    new: PresetArgs,
    /// Old spelling of `--preset`.
    #[arg(
        long = "rules",
        value_name = "RULES",
        value_enum,
        hide = true,
        conflicts_with = "preset"
    )]
    rules: Option<PresetName>,
}

impl PresetOrRules {
    /// The preset given under either spelling, if any.
    pub fn given(self) -> Option<Preset> {
        self.new.preset.or(self.rules).map(Preset::from)
    }

    /// The preset given under either spelling, else `default`.
    pub fn or(self, default: PresetName) -> Preset {
        self.new.preset.or(self.rules).unwrap_or(default).into()
    }
}

/// The old `--rules` of `pair` and `tournament pair`: a preset name, its possible values
/// listed in the old order (so that a usage error reads as before).
pub fn old_rules_preset(
    order: [&'static str; 2],
) -> impl clap::builder::TypedValueParser<Value = PresetName> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(order).map(|name| {
        if name == "fide" {
            PresetName::Fide
        } else {
            PresetName::DetskyMat
        }
    })
}

/// The Dutch system's colour rules of a preset (given, else `default`): `fide` (C.04.3) or
/// `detsky-mat` (CR 1.3, 1.5: up to three same colours in a row).
pub fn pairing_rules(
    preset: Option<PresetName>,
    default: PresetName,
) -> arbiter::tournament::pairing::PairingRules {
    arbiter::tournament::pairing::PairingRules::of(preset.unwrap_or(default).into())
}

/// A FIDE C.07 (tie-break regulations) edition as the command line writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EditionName {
    /// Regulations in force from 1 August 2024.
    Fide2024,
    /// The 2026 amendment (events from 1 March 2026).
    Fide2026,
}

impl From<EditionName> for arbiter::tournament::tiebreak::Rules {
    fn from(name: EditionName) -> Self {
        match name {
            EditionName::Fide2024 => Self::Fide2024,
            EditionName::Fide2026 => Self::Fide2026,
        }
    }
}

/// `--edition fide2024|fide2026`, and its old spelling `--rules` (hidden, one release).
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct EditionArgs {
    /// FIDE C.07 edition for unplayed rounds (default: the event's, fide2024 unless set with
    /// `tournament tie-breaks --edition`).
    #[arg(long, value_enum)]
    edition: Option<EditionName>,
    /// Old spelling of `--edition`.
    #[arg(
        long = "rules",
        value_name = "RULES",
        value_enum,
        hide = true,
        conflicts_with = "edition"
    )]
    rules: Option<EditionName>,
}

impl EditionArgs {
    /// The edition given under either spelling, if one is.
    pub fn given(self) -> Option<arbiter::tournament::tiebreak::Rules> {
        self.edition.or(self.rules).map(Into::into)
    }
}

/// How to read a game input, as the command line writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// By extension (`.jsonl`, `.ndjson`, `.pgn`), else by the first character.
    #[default]
    Auto,
    /// JSON Lines event log.
    Jsonl,
    /// PGN.
    Pgn,
    /// A digital board's placement log (`arbiter::board`), detected by content.
    Board,
    /// A DGT e-Board capture: raw serial bytes, one message a line in base64, or timed JSON
    /// Lines `{"t_ms": …, "hex": …}`.
    Dgt,
    /// A transcript of DGT LiveChess 2's WebSocket frames, one JSON frame a line.
    Livechess,
}

/// `--input auto|jsonl|pgn|board|dgt|livechess`: how game inputs are read.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct InputArgs {
    /// Input format: `auto` (board inputs by content, then extension, then content), `jsonl`,
    /// `pgn`, `board`, `dgt` or `livechess`.
    #[arg(long, value_enum, default_value_t)]
    pub input: InputFormat,
}

/// The tournament a pairing command reads: a TRF file (`-` for stdin), or a state file of
/// `arbiter tournament` converted to TRF; with the event's rule preset when the file keeps
/// one (a state file does; TRF has no field for it).
///
/// # Errors
/// A file that cannot be read, a state file that is not valid, a TRF file with no player line
/// (an empty or unrelated file) or with a malformed line.
pub fn read_event(
    path: &std::path::Path,
) -> anyhow::Result<(arbiter::formats::trf::Trf, Option<Preset>)> {
    use arbiter::formats::trf::Trf;
    use arbiter::tournament::record::{FileKind, kind_of};
    use arbiter::tournament::store;
    if path.as_os_str() != "-" {
        match kind_of(path) {
            FileKind::Missing => {
                return Err(errors::CliError::CannotRead {
                    file: path.display().to_string(),
                    source: std::io::Error::from(std::io::ErrorKind::NotFound),
                }
                .into());
            }
            FileKind::Other | FileKind::Empty => {}
            // An event (read as it is: a state file is not converted by a pairing command).
            _ => {
                let t = store::load(path)?;
                return Ok((Trf::from_tournament(&t), Some(t.preset())));
            }
        }
    }
    Ok((Trf::read_tournament(path)?, None))
}
