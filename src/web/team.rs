//! `/team`: the school team result (командный зачёт) of the group shown, as `arbiter
//! tournament team-result` computes it ([`crate::tournament::scoring::team`]): the schools by
//! the points of their best N children (`?best=N`, 4 by default), ties by the sum of their
//! places, then the best place; each school's counted children named. Printed on A4 as it is.

use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::{Value, json};

use super::Shared;
use super::extract::PageQuery;
use super::view::{error_page, render};
use crate::tournament::scoring::team::{DEFAULT_BEST, TeamSettings, team_result};
use crate::tournament::standings::fmt_decimal;

/// `GET /team[?best=N]`.
pub(super) async fn page(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-team-title"));
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    let best = uri
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("best=")))
        .and_then(|b| b.parse::<usize>().ok())
        .filter(|&b| (1..=50).contains(&b))
        .unwrap_or(DEFAULT_BEST);
    let settings = TeamSettings {
        best,
        ..TeamSettings::default()
    };
    let report = app.standings(&t);
    let lang = page.lang;
    let rows: Vec<Value> = team_result(&t, &report, &settings)
        .iter()
        .map(|r| {
            json!({
                "place": r.place, "school": r.school, "points": fmt_decimal(r.points, lang),
                "places_sum": r.places_sum, "best_place": r.best_place, "incomplete": r.incomplete,
                "children": r.counted.iter().map(|c| json!({
                    "name": c.name, "place": c.place, "points": fmt_decimal(c.points, lang)}))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    render(
        &app,
        "team.html",
        &page,
        json!({"event": t.name, "best": best, "after_round": report.after_round, "rows": rows}),
    )
}
