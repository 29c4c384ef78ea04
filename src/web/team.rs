//! `/team`: the school team result (командный зачёт) of the group shown, as `arbiter
//! tournament team-result` computes it ([`crate::tournament::scoring::team`]): the schools by
//! the points of their best N children (`?best=N`, 4 by default), ties by the sum of their
//! places, then the best place; each school's counted children named. Printed on A4 as it is;
//! the schools placed 1–3 get a team diploma each (`/team/diplomas`, the diplomas' template).

use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::diplomas::{Diploma, render_diplomas, template_beside};
use super::extract::PageQuery;
use super::view::{error_page, render};
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::scoring::team::{
    DEFAULT_BEST, TeamRow, TeamSettings, team_result, team_result_of,
};
use crate::tournament::standings::{StandingsReport, fmt_decimal};

/// The most children counted per school (`?best=N`).
const MAX_BEST: usize = 50;

/// The number of children counted per school that `uri` asks for (`?best=N`, 1 to
/// [`MAX_BEST`]), [`DEFAULT_BEST`] when it asks none.
///
/// # Errors
/// [`WebError::BadRequest`] naming the parameter for anything else (`?best=abc`, `0`, `51`):
/// the team result of another number than asked is never shown as if it were the one asked.
fn best_of(uri: &Uri, lang: Lang) -> Result<usize, WebError> {
    match super::diplomas::query_param(uri, "best") {
        None => Ok(DEFAULT_BEST),
        Some(b) => b
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|b| (1..=MAX_BEST).contains(b))
            .ok_or_else(|| {
                WebError::BadRequest(lang.fmt(
                    "web-error-team-best",
                    &[("value", &b), ("max", &MAX_BEST.to_string())],
                ))
            }),
    }
}

/// The team result of `t` as the pages show it: one object per school (place, school,
/// points, places' sum, best place, `incomplete`, and the counted children with their place
/// and points), from the standings `report`.
pub(super) fn rows_json(
    t: &Tournament,
    report: &StandingsReport,
    best: usize,
    lang: Lang,
) -> Vec<Value> {
    let settings = TeamSettings {
        best,
        ..TeamSettings::default()
    };
    team_result(t, report, &settings)
        .iter()
        .map(|r| row_json(r, lang))
        .collect()
}

/// One school's row as the pages show it; a child's `group` in a whole event's result.
fn row_json(r: &TeamRow, lang: Lang) -> Value {
    json!({
        "place": r.place, "school": r.school, "points": fmt_decimal(r.points, lang),
        "places_sum": r.places_sum, "best_place": r.best_place, "incomplete": r.incomplete,
        "children": r.counted.iter().map(|c| json!({
            "name": c.name, "place": c.place, "points": fmt_decimal(c.points, lang),
            "group": c.group}))
            .collect::<Vec<_>>(),
    })
}

/// Whether `uri` asks for the team result of the whole event, every group together
/// (`?all=1`; an event of one group has only its own).
fn whole_event(uri: &Uri) -> bool {
    super::diplomas::query_param(uri, "all").as_deref() == Some("1")
}

/// The team result of every group of the event together ([`team_result_of`]): the rows, the
/// groups' names, and the round each group's standings are after.
async fn every_group(
    app: &Shared,
    best: usize,
) -> Result<(Vec<TeamRow>, Vec<String>, Vec<usize>), super::WebError> {
    let path = app.config.state.clone();
    let e = super::blocking(move || Ok(crate::tournament::record::load_any_event(&path)?)).await?;
    let names = e.names();
    let groups: Vec<(Tournament, StandingsReport)> = (0..e.len())
        .map(|i| {
            let t = e.group(i);
            let report = app.standings(&t);
            (t, report)
        })
        .collect();
    let of: Vec<_> = groups
        .iter()
        .zip(&names)
        .map(|((t, r), n)| (t, r, Some(n.as_str())))
        .collect();
    let settings = TeamSettings {
        best,
        ..TeamSettings::default()
    };
    let after = groups.iter().map(|(_, r)| r.after_round).collect();
    Ok((team_result_of(&of, &settings), names, after))
}

/// `GET /team[?best=N]`.
pub(super) async fn page(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-team-title"));
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    let best = match best_of(&uri, page.lang) {
        Ok(b) => b,
        Err(e) => return error_page(&app, page.lang, "/team", &e),
    };
    let several = super::caller::shown_groups().is_some();
    if several && whole_event(&uri) {
        return match every_group(&app, best).await {
            Ok((rows, names, after)) => {
                let rows: Vec<Value> = rows.iter().map(|r| row_json(r, page.lang)).collect();
                // Groups standing after different rounds: their points are summed as they are,
                // and the page says so.
                let mut rounds = after.clone();
                rounds.dedup();
                let uneven = (rounds.len() > 1).then(|| {
                    let list: Vec<String> = after.iter().map(usize::to_string).collect();
                    page.lang
                        .fmt("web-team-uneven", &[("rounds", &list.join(", "))])
                });
                render(
                    &app,
                    "team.html",
                    &page,
                    json!({"event": t.name, "whole_event": t.name, "best": best,
                           "after_round": after.iter().min().copied().unwrap_or(0),
                           "rows": rows, "all": true, "several": true,
                           "group_names": names.join(", "), "uneven": uneven}),
                )
            }
            Err(e) => error_page(&app, page.lang, "/team", &e),
        };
    }
    let report = app.standings(&t);
    let rows = rows_json(&t, &report, best, page.lang);
    render(
        &app,
        "team.html",
        &page,
        json!({"event": t.name, "best": best, "after_round": report.after_round, "rows": rows,
               "several": several}),
    )
}

/// The team diplomas: one for each school placed 1 to 3 (a shared place gives each school
/// its diploma; a school with fewer children than counted is placed after the full ones, and
/// keeps its place), in the diplomas' shape ([`Diploma`]: the school in the place of the name).
pub fn team_diplomas(
    t: &Tournament,
    report: &StandingsReport,
    best: usize,
    lang: Lang,
) -> Vec<Diploma> {
    let settings = TeamSettings {
        best,
        ..TeamSettings::default()
    };
    diplomas_of(team_result(t, report, &settings), lang)
}

/// The team diplomas of the team result `rows` (as [`team_diplomas`]).
fn diplomas_of(rows: Vec<TeamRow>, lang: Lang) -> Vec<Diploma> {
    rows.into_iter()
        .filter(|r| r.place <= 3)
        .map(|r| {
            let place = r.place.to_string();
            Diploma {
                category: lang.msg("web-team-title"),
                place: r.place,
                name: r.school.clone(),
                name_dative: r.school,
                sex: "unknown",
                lead: lang.msg("dip-team-lead"),
                award: lang.fmt("dip-team-award", &[("place", &place)]),
            }
        })
        .collect()
}

/// `GET /team/diplomas[?best=N]`: the team diplomas to print (A4, one page each), from the
/// organiser's diploma template beside the event's file or the built-in one.
pub(super) async fn diplomas(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/team", &e),
    };
    let best = match best_of(&uri, lang) {
        Ok(b) => b,
        Err(e) => return error_page(&app, lang, "/team", &e),
    };
    let several = super::caller::shown_groups().is_some();
    let (list, t) = if several && whole_event(&uri) {
        match every_group(&app, best).await {
            // The whole event's diplomas name the event alone.
            Ok((rows, ..)) => (diplomas_of(rows, lang), t),
            Err(e) => return error_page(&app, lang, "/team", &e),
        }
    } else {
        let report = app.standings(&t);
        let list = team_diplomas(&t, &report, best, lang);
        (list, super::diplomas::named_with_group(t))
    };
    let own = template_beside(&app.config.state).and_then(|p| std::fs::read_to_string(p).ok());
    match render_diplomas(&t, &list, lang, own.as_deref()) {
        Ok(html) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            html,
        )
            .into_response(),
        Err(e) => error_page(
            &app,
            lang,
            "/team",
            &super::WebError::Internal(lang.fmt("dip-template-error", &[("error", &e)])),
        ),
    }
}
