//! FIDE mode at the desk (Handbook C.02's checklist; [`crate::tournament::fide_mode`]): the
//! switch on the event page — on, or off for good with the arbiter's confirmation, never on
//! again once left, as `arbiter tournament fide-mode` — and the notes kept with corrections of
//! earlier rounds, as the round page shows them.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};

use super::actions::{Fields, submit};
use super::extract::FormFields;
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::fide_mode::FideMode;

/// The switch as the event page shows it: `state` (`off`, `on`, `left`), `after_round` once
/// left, and the form's `version` ([`super::fide_version`]).
pub(super) fn mode_json(t: &Tournament) -> Value {
    let (state, after_round) = match t.fide.mode {
        FideMode::Off => ("off", None),
        FideMode::On => ("on", None),
        FideMode::Left { after_round } => ("left", Some(after_round)),
    };
    json!({"state": state, "after_round": after_round, "version": super::fide_version(t),
           "paired": t.paired_rounds()})
}

/// Round `round`'s results changed with the arbiter's note, as the round page lists them:
/// «Доска 2: 1-0 → 0-1 — перепутали цвета при записи».
pub(super) fn round_notes(t: &Tournament, round: u32, lang: Lang) -> Vec<String> {
    t.fide
        .notes
        .iter()
        .filter(|n| n.round == round)
        .map(|n| {
            lang.fmt(
                "web-fide-note-line",
                &[
                    ("board", &n.board.to_string()),
                    ("from", &n.from.map_or("—".to_string(), |r| r.to_string())),
                    ("to", &n.to.to_string()),
                    ("note", &n.note),
                ],
            )
        })
        .collect()
}

/// `POST /event/fide-mode` (`mode`: `on` or `off`; `confirm=yes` to leave; `version`): turns
/// FIDE mode on, or leaves it for good ([`Tournament::enter_fide_mode`],
/// [`Tournament::leave_fide_mode`]); journalled as `fide-mode` with its `mode`, as the CLI
/// does. Leaving without the confirmation is refused in words and changes nothing.
pub(super) async fn set_mode(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = match f.get("mode").as_deref() {
        Some("on") => Ok(true),
        Some("off") if f.get("confirm").is_some() => Ok(false),
        Some("off") => Err(WebError::BadRequest(
            lang.msg("web-error-fide-leave-confirm"),
        )),
        _ => Err(WebError::BadRequest(lang.msg("web-error-fide-mode"))),
    };
    submit(&app, &headers, &f, "/", parsed, |on, t| {
        if on {
            t.enter_fide_mode()?;
        } else {
            t.leave_fide_mode()?;
        }
        Ok(())
    })
    .await
}
