//! The next round paired by hand, as `arbiter tournament pair --game W-B… [--bye N] [--force
//! --reason TEXT]` does it: the arbiter sets boards (White, Black) and the bye, the rest is
//! paired by the Dutch pairer or left to him; the pairing's checks (a rematch, a forbidden
//! pair, a present player left out; [`crate::tournament::manual`]) and how the pairer would
//! pair the round are shown before anything is recorded; a pairing the checks refuse is
//! recorded only forced, with the arbiter's reason kept in the round.

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use serde_json::{Value, json};

use super::actions::{Fields, back};
use super::extract::{FormFields, PageQuery};
use super::guard::CSRF_FIELD;
use super::view::{Page, error_page, render};
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::manual::ManualPairing;
use crate::tournament::pairing::PairingRules;

/// The page's path.
const PATH: &str = "/rounds/next/manual";

/// The players who may be paired in round `round`: in the event, no bye or absence recorded
/// for it; as `{tpn, label}` by starting rank.
fn present(t: &Tournament, round: u32) -> Vec<Value> {
    t.players
        .iter()
        .filter(|p| p.plays_in(round))
        .filter(|p| {
            t.round(round)
                .is_none_or(|r| r.byes.iter().all(|b| b.player != p.start_rank))
        })
        .map(|p| json!({"tpn": p.start_rank, "label": t.label(p.start_rank)}))
        .collect()
}

/// `GET /rounds/next/manual`: the form — boards as two lists of the players present, the
/// bye, and whether the pairer pairs the rest.
pub(super) async fn form(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/", &e),
    };
    let round = t.paired_rounds() + 1;
    let title = lang.fmt("web-manual-title", &[("round", &round.to_string())]);
    let mut page = Page::new(lang, uri.path(), title).with_csrf(&q.csrf);
    page.saved = q.saved;
    if let Err(e) = t
        .check_next_round(round)
        .and_then(|()| t.check_manual_pairing(round, &[], None))
    {
        return error_page(&app, lang, "/", &WebError::from(e));
    }
    let players = present(&t, round);
    let rows: Vec<usize> = (1..=players.len().div_ceil(2)).collect();
    render(
        &app,
        "manual.html",
        &page,
        super::pages::with_event(
            &t,
            lang,
            json!({"round": round, "present": players, "rows": rows,
                   "pairing_version": super::pairing_version(&t)}),
        ),
    )
}

/// The boards and the bye a form names: `wN`/`bN` pairs (a row with neither is skipped, a
/// row with one side is refused), `bye`; or `games` (`W-B,W-B`) as the confirmation carries
/// them.
fn named_pairing(f: &Fields, lang: Lang) -> Result<ManualPairing, WebError> {
    let mut games = Vec::new();
    if let Some(list) = f.get("games") {
        for g in list.split(',').filter(|g| !g.trim().is_empty()) {
            let pair = g
                .split_once('-')
                .and_then(|(w, b)| Some((w.trim().parse().ok()?, b.trim().parse().ok()?)));
            games.push(pair.ok_or_else(|| {
                WebError::BadRequest(lang.fmt("web-error-manual-board", &[("board", g)]))
            })?);
        }
    }
    for row in 1..=500 {
        match (
            f.number::<u16>(&format!("w{row}"))?,
            f.number::<u16>(&format!("b{row}"))?,
        ) {
            (Some(w), Some(b)) => games.push((w, b)),
            (None, None) => {}
            _ => {
                return Err(WebError::BadRequest(
                    lang.fmt("web-error-manual-half", &[("board", &row.to_string())]),
                ));
            }
        }
    }
    Ok((games, f.number::<u16>("bye")?))
}

/// `POST /rounds/next/manual` (`wN`, `bN`, `bye`, `rest=auto|none`): the pairing completed
/// (by the pairer when `rest=auto`), its checks and the pairer's own pairing shown, with the
/// form that records it; nothing recorded yet.
pub(super) async fn check(
    State(app): State<Shared>,
    q: PageQuery,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let shown = async {
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        let (fixed, fixed_bye) = named_pairing(&f, lang)?;
        let t = app.load().await?;
        let round = t.paired_rounds() + 1;
        let rules = PairingRules::of(app.preset(&t));
        let (games, bye) = if f.get("rest").as_deref() == Some("auto") {
            t.pair_rest(round, &fixed, fixed_bye, &rules)?
        } else {
            t.check_manual_pairing(round, &fixed, fixed_bye)?;
            (fixed.clone(), fixed_bye)
        };
        if games.is_empty() {
            return Err(WebError::BadRequest(lang.msg("web-error-manual-empty")));
        }
        let issues: Vec<String> = t
            .manual_pairing_issues(round, &games, bye)
            .iter()
            .map(|i| i.text(lang))
            .collect();
        let engine = t
            .compare_with_engine(&games, bye, &rules)
            .map(|c| c.text(lang));
        let boards: Vec<Value> = games
            .iter()
            .enumerate()
            .map(|(i, &(w, b))| {
                json!({"board": i + 1, "white": t.label(w), "black": t.label(b),
                       "fixed": fixed.contains(&(w, b))})
            })
            .collect();
        let list: Vec<String> = games.iter().map(|(w, b)| format!("{w}-{b}")).collect();
        Ok::<_, WebError>((
            t.clone(),
            json!({"round": round, "preview": true, "boards": boards,
                   "bye": bye.map(|b| t.label(b)), "bye_tpn": bye,
                   "issues": issues, "engine": engine, "games": list.join(","),
                   "pairing_version": f.get("version")}),
        ))
    }
    .await;
    match shown {
        Ok((t, data)) => {
            let round = data["round"].as_u64().unwrap_or(0).to_string();
            let title = lang.fmt("web-manual-title", &[("round", &round)]);
            let page = Page::new(lang, PATH, title).with_csrf(&q.csrf);
            render(
                &app,
                "manual.html",
                &page,
                super::pages::with_event(&t, lang, data),
            )
        }
        Err(e) => error_page(&app, lang, PATH, &e),
    }
}

/// `POST /rounds/next/manual/confirm` (`round`, `games`, `bye`, `reason`, `version`): records
/// the pairing ([`Tournament::pair_round_manual`]); one the checks refuse only with the
/// arbiter's reason, kept in the round as a forced pairing. Redirects to the round's page.
pub(super) async fn confirm(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let done = async {
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        let round: u32 = f.required("round")?;
        let (games, bye) = named_pairing(&f, lang)?;
        let reason = f.get("reason");
        app.change(f.get("version"), move |t| {
            t.pair_round_manual(round, &games, bye, reason.as_deref())?;
            Ok(round)
        })
        .await
    }
    .await;
    match done {
        Ok(round) => back(&format!("/rounds/{round}"), lang, None, &[]),
        Err(e) => error_page(&app, lang, PATH, &e),
    }
}
