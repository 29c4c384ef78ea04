//! `arbiter tournament tie-breaks` (the event's tie-breaks and edition of C.07) and `arbiter
//! tournament acceleration` (C.04.5): shown, and changed when asked.

use super::*;
use arbiter::tournament::pairing::acceleration::Acceleration;
use arbiter::tournament::tiebreak::{Rules, TieBreak, TieBreakSettings};

#[derive(clap::Args)]
pub(super) struct TieBreaksArgs {
    /// State file.
    state: PathBuf,
    /// The event's tie-breaks after points, in order, e.g. `BH-C1,BH,SB,DE,PS,WIN` (2026:
    /// also `STD`, `REP`, `RTNG`, `RTNG/R`, `TPN`, `TPN/R`), or a preset's list: `fide`,
    /// `detsky-mat`.
    #[arg(long)]
    set: Option<String>,
    /// The edition of C.07 that values unplayed rounds: `fide2024`, or `fide2026` (events
    /// from 1 March 2026).
    #[arg(long, value_enum)]
    edition: Option<crate::cli::EditionName>,
    #[command(flatten)]
    out: Output,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub(super) enum AccelerationName {
    /// The Baku Acceleration Method (C.04.5.1).
    Baku,
    /// No acceleration.
    None,
}

#[derive(clap::Args)]
pub(super) struct AccelerationArgs {
    /// State file.
    state: PathBuf,
    /// `baku` (C.04.5.1) or `none`; without it the event's acceleration is shown. A custom
    /// scheme comes from a TRF file's `250` records (`tournament import`).
    #[arg(value_enum)]
    method: Option<AccelerationName>,
    #[command(flatten)]
    out: Output,
}

fn edition_name(r: Rules) -> &'static str {
    match r {
        Rules::Fide2024 => "fide2024",
        Rules::Fide2026 => "fide2026",
    }
}

/// The tie-breaks in `lang`: one line each, acronym, name and what it counts.
fn describe(settings: &TieBreakSettings, lang: Lang) -> String {
    let mut text = lang.fmt(
        "tm-tie-breaks",
        &[(
            "edition",
            &lang.msg(&format!("edition-{}", edition_name(settings.rules))),
        )],
    );
    for tb in &settings.order {
        let key = tb.key();
        text.push_str(&format!(
            "\n  {} — {}: {}",
            tb.trf_code(),
            lang.msg(&format!("tb-{key}")),
            lang.msg(&format!("tbx-{key}"))
        ));
    }
    text
}

/// Runs `tournament tie-breaks`: shows the event's tie-breaks, after setting them when asked.
pub(super) fn run_tie_breaks(a: TieBreaksArgs) -> anyhow::Result<ExitCode> {
    let settings = if a.set.is_none() && a.edition.is_none() {
        load(&a.state)?.tie_break_settings()
    } else {
        let order: Option<Vec<TieBreak>> = match a.set.as_deref() {
            None => None,
            Some("fide") => Some(arbiter::game::preset::Preset::Fide.order().to_vec()),
            Some("detsky-mat") => Some(arbiter::game::preset::Preset::DetskyMat.order().to_vec()),
            Some(list) => Some(parse_order(list)?),
        };
        let args = serde_json::json!({
            "tie_breaks": order.as_ref().map(|o| o.iter().map(|t| t.key()).collect::<Vec<_>>()),
            "edition": a.edition.map(|e| edition_name(e.into())),
        });
        change(&a.state, "tie-breaks", args, |t| {
            let mut s = t.tie_break_settings();
            if let Some(order) = order {
                s.order = order;
            }
            if let Some(e) = a.edition {
                s.rules = e.into();
            }
            t.tie_breaks = Some(s.clone());
            Ok(s)
        })?
    };
    let lang = a.out.lang.get();
    done(
        &a.out,
        &describe(&settings, lang),
        serde_json::json!({
            "tie_breaks": settings.order.iter().map(|t| t.key()).collect::<Vec<_>>(),
            "edition": edition_name(settings.rules),
        }),
    )
}

/// Runs `tournament acceleration`: shows the event's acceleration, after setting it when asked.
pub(super) fn run_acceleration(a: AccelerationArgs) -> anyhow::Result<ExitCode> {
    let acceleration = match a.method {
        None => load(&a.state)?.acceleration,
        Some(m) => {
            let value = match m {
                AccelerationName::Baku => Some(Acceleration::Baku),
                AccelerationName::None => None,
            };
            let name = match m {
                AccelerationName::Baku => "baku",
                AccelerationName::None => "none",
            };
            change(
                &a.state,
                "acceleration",
                serde_json::json!({ "method": name }),
                |t| {
                    t.acceleration = value.clone();
                    Ok(value)
                },
            )?
        }
    };
    let lang = a.out.lang.get();
    let text = match &acceleration {
        None => lang.msg("tm-acceleration-none"),
        Some(Acceleration::Baku) => lang.msg("tm-acceleration-baku"),
        Some(Acceleration::Custom { records }) => lang.fmt(
            "tm-acceleration-custom",
            &[("n", &records.len().to_string())],
        ),
    };
    done(
        &a.out,
        &text,
        serde_json::json!({ "acceleration": acceleration }),
    )
}
