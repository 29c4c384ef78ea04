//! `arbiter pair FILE.trf [--preset fide|detsky-mat] [--format text|json|trf] [--explain]`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::formats::pairs;
use arbiter::game::rules::Preset;
use arbiter::tournament::pairing::{self, PairingError};

/// Output format of `arbiter pair`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PairFormat {
    /// bbpPairings' `.pairs` text: count line, `white black` per board, `bye 0` last.
    #[default]
    Text,
    /// One JSON object: round, boards, bye (and explanation with `--explain`).
    Json,
    /// The input TRF with the new round's blocks added.
    Trf,
}

/// Arguments of `arbiter pair`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Preset of the pairing rules: `fide` (C.04.3) or `detsky-mat` (CR 1.3, 1.5: up to 3 same colours in a row); default: the event's preset for a state file, `fide` for a TRF file")))]
pub struct Args {
    /// The tournament as it stands before the round to pair: TRF-16 with `XXR`, `XXC` (`-` for
    /// stdin), or a state file of `arbiter tournament` (the pairing is printed, not recorded:
    /// `arbiter tournament pair --auto` records it).
    pub file: std::path::PathBuf,
    /// Preset of the pairing rules (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: super::PresetArgs,
    /// Old spelling of `--preset` (kept for one release; its values listed as before).
    #[arg(long, hide = true, conflicts_with = "preset", value_parser = super::old_rules_preset(["fide", "detsky-mat"]))]
    pub rules: Option<super::PresetName>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: PairFormat,
    /// Say why each floater, colour and the bye were chosen.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

/// Runs `arbiter pair`: the next round of the TRF input paired by the FIDE Dutch system
/// (C.04.3), printed as bbpPairings pairs, JSON or the TRF with the round added.
///
/// Returns exit status 0 with the pairing, 1 when no legal pairing exists
/// ([`PairingError::NoLegalPairing`], said on stderr; the output says `no legal pairing`).
///
/// # Errors
/// An unreadable or invalid TRF file (file, line and column), a TRF the pairer cannot take
/// (the other [`PairingError`]s), or output that cannot be written.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (mut trf, event_preset) = super::read_event(&args.file)?;
    let input = trf
        .pairing_input()
        .with_context(|| args.file.display().to_string())?;
    // The event's preset for a state file; FIDE's rules for a TRF file (it keeps none).
    let preset = args
        .preset
        .preset
        .or(args.rules)
        .map(Preset::from)
        .or(event_preset)
        .unwrap_or(Preset::Fide);
    let rules = pairing::PairingRules::of(preset);
    let lang = args.lang.get();
    // Written, not printed: a reader that closes the pipe ends the run quietly (see main).
    let mut out = std::io::stdout().lock();
    let pairing = match pairing::pair(&input, &rules) {
        Ok(p) => p,
        Err(PairingError::NoLegalPairing) => {
            match args.format {
                PairFormat::Json => writeln!(
                    out,
                    "{}",
                    serde_json::json!({"round": input.played_rounds + 1, "no_legal_pairing": true})
                )?,
                _ => writeln!(out, "no legal pairing")?,
            }
            note!("arbiter: {}", PairingError::NoLegalPairing.message(lang));
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e).with_context(|| args.file.display().to_string()),
    };
    match args.format {
        PairFormat::Text => {
            write!(out, "{}", pairs::write(&pairing))?;
            if args.explain {
                for line in pairing.explanation.lines(&input, pairing.bye, lang) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        PairFormat::Json => {
            let mut v = serde_json::json!({
                "round": pairing.round,
                "boards": pairing.boards,
                "bye": pairing.bye,
            });
            if args.explain {
                v["explanation"] = serde_json::to_value(&pairing.explanation)?;
            }
            writeln!(out, "{v}")?;
        }
        PairFormat::Trf => {
            trf.apply_pairing(&pairing);
            write!(out, "{trf}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
