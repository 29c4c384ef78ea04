//! `arbiter tournament fide-mode` (C.02) and the drawing of lots at `tournament new`
//! ([`arbiter::tournament::fide_mode`], [`arbiter::tournament::lots`]).

use super::*;

#[derive(Clone, Copy, clap::ValueEnum)]
pub(super) enum OnOff {
    /// Turn FIDE mode on.
    On,
    /// Leave FIDE mode (final).
    Off,
}

#[derive(clap::Args)]
pub(super) struct FideModeArgs {
    /// State file.
    state: PathBuf,
    /// `on` or `off`.
    #[arg(value_enum)]
    mode: OnOff,
    #[command(flatten)]
    out: Output,
}

/// A seed of the drawing of lots: a number, or `random` for a new one
/// ([`arbiter::tournament::lots::random_seed`]).
pub(super) fn seed_arg(s: &str) -> Result<u64, ValueError> {
    if s.eq_ignore_ascii_case("random") {
        return Ok(arbiter::tournament::lots::random_seed());
    }
    s.trim().parse().map_err(|_| value_error("expect-seed", s))
}

/// Runs `tournament fide-mode`: on, or off for good.
pub(super) fn run_fide_mode(a: FideModeArgs) -> anyhow::Result<ExitCode> {
    let on = matches!(a.mode, OnOff::On);
    let args = serde_json::json!({"mode": if on { "on" } else { "off" }});
    let mode = change(&a.state, "fide-mode", args, |t| {
        match a.mode {
            OnOff::On => t.enter_fide_mode()?,
            OnOff::Off => t.leave_fide_mode()?,
        }
        Ok(t.fide.mode)
    })?;
    let lang = a.out.lang.get();
    let text = match mode {
        arbiter::tournament::fide_mode::FideMode::Left { after_round } => {
            lang.fmt("tm-fide-mode-left", &[("round", &after_round.to_string())])
        }
        _ => lang.msg("tm-fide-mode-on"),
    };
    done(&a.out, &text, serde_json::json!({"fide_mode": mode}))
}

/// The line `tournament new` adds when the colour was drawn: «жребий (зерно 4): первый номер
/// в 1-м туре играет белыми», after a line break; empty when it was not drawn.
pub(super) fn lots_line(t: &Tournament, lang: Lang) -> String {
    let Some(seed) = t.lots_seed else {
        return String::new();
    };
    let colour = lang.msg(match t.initial_colour.unwrap_or(Color::White) {
        Color::White => "tm-lots-white",
        Color::Black => "tm-lots-black",
    });
    format!(
        "\n{}",
        lang.fmt(
            "tm-lots-drawn",
            &[("seed", &seed.to_string()), ("colour", &colour)]
        )
    )
}

/// The initial colour as the state file writes it (`white`, `black`).
pub(super) fn colour_name(t: &Tournament) -> &'static str {
    match t.initial_colour.unwrap_or(Color::White) {
        Color::White => "white",
        Color::Black => "black",
    }
}
