//! `arbiter check-pairings FILE.trf [--preset fide|detsky-mat] [--format text|json]`: the free
//! pairing checker (every round re-paired from the state before it and compared).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::game::rules::Preset;
use arbiter::i18n::Lang;
use arbiter::tournament::pairing::check::{CheckReport, EngineReason, Seat};

use super::Format;

/// Arguments of `arbiter check-pairings`.
#[derive(clap::Args)]
#[command(
    after_help = super::examples::CHECK_PAIRINGS
)]
#[command(mut_arg("preset", |a| a.help("Preset of the pairing rules: `fide` (C.04.3) or `detsky-mat` (CR 1.3, 1.5: up to 3 same colours in a row); default: the event's preset for a state file, `fide` for a TRF file")))]
pub struct Args {
    /// The tournament with its paired rounds: TRF-16 with `XXR`, `XXC` (`-` for stdin), or a
    /// state file of `arbiter tournament`.
    pub file: std::path::PathBuf,
    /// Preset of the pairing rules (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetArgs,
    /// Output format.
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

/// Runs `arbiter check-pairings`: exit status 0 when every round agrees with the engine,
/// 3 when some round differs (or has no legal pairing by the engine).
///
/// # Errors
/// An unreadable or invalid TRF file, round blocks that do not make a tournament, a state the
/// pairer refuses, or output that cannot be written (exit status 1 in `main`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = args.file.display().to_string();
    let lang = args.lang.get();
    let (trf, event_preset) = super::read_event(&args.file)?;
    // The event's preset for a state file; FIDE's rules for a TRF file (it keeps none).
    let preset = args
        .preset
        .preset
        .map(Preset::from)
        .or(event_preset)
        .unwrap_or(Preset::Fide);
    let rules = arbiter::tournament::pairing::PairingRules::of(preset);
    let report = trf.check_pairings(&rules).with_context(|| name.clone())?;
    if report.rounds.is_empty() {
        return Err(super::errors::CliError::NothingToCheck { file: name }.into());
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => write_text(&mut out, &name, &report, lang)?,
        Format::Json => {
            let v = serde_json::json!({
                "file": name,
                "agrees": report.agrees(),
                "rounds": report.rounds,
            });
            writeln!(out, "{v}")?;
        }
    }
    out.flush()?;
    Ok(if report.agrees() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(DIFFERS)
    })
}
