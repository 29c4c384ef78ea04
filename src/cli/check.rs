//! `arbiter check FILE… [--preset fide|detsky-mat] [--tie-breaks LIST|fide2024|fide2026]
//! [--edition E] [--standings FILE] [--format text|json]` (alias `check-pairings`): the free
//! checker — every round re-paired from the state before it and compared, and the standings a
//! file states (its rank column, or a standings file) computed again and compared.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::game::rules::Preset;
use arbiter::i18n::Lang;
use arbiter::tournament::pairing::check::{CheckReport, EngineReason, Seat};
use arbiter::tournament::standings_check::{StandingsCheck, check_standings};
use arbiter::tournament::tiebreak::{Rules, TieBreak};

use super::Format;

/// Arguments of `arbiter check`.
#[derive(clap::Args)]
#[command(
    after_help = super::examples::CHECK_PAIRINGS
)]
#[command(mut_arg("preset", |a| a.help("Preset of the pairing rules: `fide` (C.04.3) or `detsky-mat` (CR 1.3, 1.5: up to 3 same colours in a row); default: the event's preset for a state file, `fide` for a TRF file")))]
pub struct Args {
    /// The tournaments with their paired rounds: TRF-2026 or TRF-16 with `XXR`, `XXC` (`-` for
    /// stdin), or state files of `arbiter tournament`. Each is checked and reported in turn.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// Preset of the pairing rules (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetArgs,
    /// The tie-breaks the standings are ranked by, e.g. `BH-C1,BH,SB,DE,WIN` (default: the
    /// file's `212`, else `202`; without either the rank column is not checked), or
    /// `fide2024` / `fide2026` for the file's list under that edition of C.07.
    #[arg(long, alias = "tiebreaks")]
    pub tie_breaks: Option<String>,
    #[command(flatten)]
    pub edition: super::EditionArgs,
    /// A standings file to check against the results instead of the rank column: `arbiter
    /// tournament standings --format json`, or a tie-break reference file (its 2024 values and
    /// its `fide2026` block). Only with one FILE.
    #[arg(long, value_name = "FILE")]
    pub standings: Option<std::path::PathBuf>,
    /// Output format (JSON: one object per file, one per line).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// Exit status when some round differs from the engine's pairing.
const DIFFERS: u8 = 3;

fn seat(s: &Seat, lang: Lang) -> String {
    match s {
        Seat::Game { white, black } => format!("{white} - {black}"),
        Seat::Bye { bye } => lang.fmt("chk-seat-bye", &[("player", &bye.to_string())]),
        Seat::NotPaired { not_paired } => lang.fmt(
            "chk-seat-not-paired",
            &[("player", &not_paired.to_string())],
        ),
    }
}

/// The engine's reason for a difference in `lang` (the English report keeps the pairer's
/// own sentence, [`Difference::explanation`]).
fn engine_reason(reason: EngineReason, lang: Lang) -> String {
    use arbiter::tournament::pairing::colour::ColourRule;
    match reason {
        EngineReason::NoLegalPairing => lang.msg("chk-why-no-legal"),
        EngineReason::Colour(rule) => {
            let rule = lang.msg(match rule {
                ColourRule::BothPreferences => "pair-colour-e1",
                ColourRule::StrongerPreference => "pair-colour-e2",
                ColourRule::Alternation => "pair-colour-e3",
                ColourRule::HigherRankedPreference => "pair-colour-e4",
                ColourRule::RankParity => "pair-colour-e5",
            });
            lang.fmt("chk-why-colour", &[("rule", &rule)])
        }
        EngineReason::Float { down, up } => lang.fmt(
            "chk-why-float",
            &[("down", &down.to_string()), ("up", &up.to_string())],
        ),
        EngineReason::Bye(p) => lang.fmt("chk-why-bye", &[("player", &p.to_string())]),
    }
}

/// The report as text in `lang`: in English the pairer's own sentences, in another language
/// its reasons from their data.
fn write_text(
    out: &mut impl Write,
    file: &str,
    report: &CheckReport,
    lang: Lang,
) -> std::io::Result<()> {
    for r in &report.rounds {
        let round = r.round.to_string();
        if r.agrees {
            writeln!(out, "{}", lang.fmt("chk-agrees", &[("round", &round)]))?;
            continue;
        }
        let n = r.differences.len().to_string();
        writeln!(
            out,
            "{}",
            lang.fmt(
                if r.differences.len() == 1 {
                    "chk-differs-one"
                } else {
                    "chk-differs"
                },
                &[("round", &round), ("n", &n)]
            )
        )?;
        for d in &r.differences {
            let at = d.board.map_or(lang.msg("chk-at-bye"), |b| {
                lang.fmt("chk-at-board", &[("board", &b.to_string())])
            });
            let engine = d
                .engine
                .as_ref()
                .map_or(lang.msg("chk-no-legal"), |s| seat(s, lang));
            let record: Vec<String> = d.file.iter().map(|s| seat(s, lang)).collect();
            let record = if record.is_empty() {
                lang.msg("chk-paired")
            } else {
                record.join(", ")
            };
            writeln!(
                out,
                "{}",
                lang.fmt(
                    "chk-line",
                    &[("at", &at), ("engine", &engine), ("file", &record)]
                )
            )?;
            if lang == Lang::En {
                writeln!(out, "    {}", d.explanation)?;
            } else if let Some(r) = d.reason {
                writeln!(out, "    {}", engine_reason(r, lang))?;
            }
        }
    }
    let differing = report.differing_rounds();
    let total = report.rounds.len().to_string();
    if differing.is_empty() {
        writeln!(
            out,
            "{}",
            lang.fmt("chk-all-agree", &[("file", file), ("n", &total)])
        )
    } else {
        let list: Vec<String> = differing.iter().map(u32::to_string).collect();
        writeln!(
            out,
            "{}",
            lang.fmt(
                if differing.len() == 1 {
                    "chk-some-differ-one"
                } else {
                    "chk-some-differ"
                },
                &[
                    ("file", file),
                    ("k", &differing.len().to_string()),
                    ("n", &total),
                    ("list", &list.join(", ")),
                ]
            )
        )
    }
}

/// The standings checks in `lang`: one line per claim, then one per difference.
fn write_standings(
    out: &mut impl Write,
    checks: &[StandingsCheck],
    lang: Lang,
) -> std::io::Result<()> {
    for c in checks {
        let edition = match c.rules {
            Rules::Fide2024 => "fide2024",
            Rules::Fide2026 => "fide2026",
        };
        let source = if c.source == arbiter::formats::trf::RANK_COLUMN {
            lang.msg("chk-source-rank-column")
        } else {
            c.source.clone()
        };
        let edition = lang.msg(&format!("edition-short-{edition}"));
        let args = [
            ("source", source.as_str()),
            ("edition", edition.as_str()),
            ("list", &c.tie_breaks.join(", ")),
            ("n", &c.compared.to_string()),
            ("k", &c.differences.len().to_string()),
        ];
        let id = if c.agrees() {
            "chk-standings-agree"
        } else {
            "chk-standings-differ"
        };
        writeln!(out, "{}", lang.fmt(id, &args))?;
        for d in &c.differences {
            let num = |v: Option<f64>| v.map_or("-".to_string(), |v| v.to_string());
            let what = match d.what.as_str() {
                "rank" => lang.msg("chk-what-rank"),
                "points" => lang.msg("chk-what-points"),
                "player" => lang.msg("chk-what-player"),
                key => key.to_string(),
            };
            writeln!(
                out,
                "{}",
                lang.fmt(
                    "chk-standing-line",
                    &[
                        ("player", &d.player.to_string()),
                        ("name", &d.name),
                        ("what", &what),
                        ("expected", &num(d.expected)),
                        ("found", &num(d.found)),
                    ]
                )
            )?;
        }
    }
    Ok(())
}

/// One file checked: its pairings and its standings.
struct FileCheck {
    pairings: CheckReport,
    standings: Vec<StandingsCheck>,
    /// Why the standings were not checked (no tie-break list), in `lang`.
    standings_note: Option<String>,
}

impl FileCheck {
    fn agrees(&self) -> bool {
        self.pairings.agrees() && self.standings.iter().all(StandingsCheck::agrees)
    }
}

/// Checks one file.
fn check_file(
    path: &std::path::Path,
    args: &Args,
    order: Option<&Vec<TieBreak>>,
    named: Option<Rules>,
    lang: Lang,
) -> anyhow::Result<FileCheck> {
    let name = path.display().to_string();
    let (trf, event_preset) = super::read_event(path)?;
    // The event's preset for a state file; FIDE's rules for a TRF file (it keeps none).
    let preset = args
        .preset
        .preset
        .map(Preset::from)
        .or(event_preset)
        .unwrap_or(Preset::Fide);
    let rules = arbiter::tournament::pairing::PairingRules::of(preset);
    let pairings = trf.check_pairings(&rules).with_context(|| name.clone())?;
    if pairings.rounds.is_empty() {
        return Err(super::errors::CliError::NothingToCheck { file: name }.into());
    }
    let edition = args.edition.given().or(named);
    let table = trf.standings_table().with_context(|| name.clone())?;
    let mut claims = Vec::new();
    let mut standings_note = None;
    match &args.standings {
        Some(file) => {
            let text = std::fs::read_to_string(file).map_err(|source| {
                super::errors::CliError::CannotRead {
                    file: file.display().to_string(),
                    source,
                }
            })?;
            for mut c in
                arbiter::formats::standings_claim::read_claims(&text, &file.display().to_string())?
            {
                if let Some(o) = order {
                    c.order = o.clone();
                }
                claims.push(c);
            }
        }
        None => match trf.rank_claim(order.cloned(), edition) {
            Some(claim) => claims.push(claim.with_context(|| name.clone())?),
            None => standings_note = Some(lang.fmt("chk-standings-no-list", &[("file", &name)])),
        },
    }
    let standings = claims.iter().map(|c| check_standings(&table, c)).collect();
    Ok(FileCheck {
        pairings,
        standings,
        standings_note,
    })
}

/// Runs `arbiter check`: exit status 0 when every round agrees with the engine and every
/// standings value with the results, 3 when something differs (or a round has no legal
/// pairing by the engine), 1 when some file cannot be read or checked (the others are still
/// checked and reported).
///
/// # Errors
/// Output that cannot be written, or `--standings` with several files (exit status 1 in
/// `main`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let lang = args.lang.get();
    if args.standings.is_some() && args.files.len() > 1 {
        return Err(super::errors::CliError::StandingsWithOneFile.into());
    }
    let (named, order) = match args.tie_breaks.as_deref().map(str::trim) {
        Some("fide2024") => (Some(Rules::Fide2024), None),
        Some("fide2026") => (Some(Rules::Fide2026), None),
        Some(list) => (
            None,
            Some(arbiter::tournament::standings::parse_order(list)?),
        ),
        None => (None, None),
    };
    let mut out = std::io::stdout().lock();
    let (mut failed, mut differs) = (false, false);
    for path in &args.files {
        let name = path.display().to_string();
        let check = match check_file(path, &args, order.as_ref(), named, lang) {
            Ok(c) => c,
            Err(e) => {
                failed = true;
                note!("arbiter: {}", super::errors::error_text(&e, lang));
                continue;
            }
        };
        differs |= !check.agrees();
        match args.format {
            Format::Text => {
                write_text(&mut out, &name, &check.pairings, lang)?;
                write_standings(&mut out, &check.standings, lang)?;
                if let Some(n) = &check.standings_note {
                    writeln!(out, "{n}")?;
                }
            }
            Format::Json => {
                let standings: Vec<serde_json::Value> = check
                    .standings
                    .iter()
                    .map(|c| {
                        let mut v = serde_json::to_value(c).unwrap_or_default();
                        v["agrees"] = c.agrees().into();
                        v
                    })
                    .collect();
                let v = serde_json::json!({
                    "file": name,
                    "agrees": check.agrees(),
                    "rounds": check.pairings.rounds,
                    "standings": standings,
                });
                writeln!(out, "{v}")?;
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else if differs {
        ExitCode::from(DIFFERS)
    } else {
        ExitCode::SUCCESS
    })
}
