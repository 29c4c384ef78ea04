//! The public view's tables (`/crosstable`, `/prizes`): the desk's crosstable and the
//! categories' prize lists ([`super::pages::crosstable_json`], [`super::diplomas::category_json`]:
//! the same data, the same order), read only and made for a phone, with only what the public
//! view shows of a player — the name, the starting rank, the points, the tie-breaks and the
//! crosstable's cells.

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use serde_json::{Value, json};

use super::Shared;
use super::extract::PageQuery;
use super::public::{event_json, load, with};
use super::view::render_status;
use crate::tournament::Tournament;

/// The fields of a standings row (the desk's, [`super::pages::standing_json`]) the public view
/// shows: `rank`, `start_rank`, `name`, `points`, `tie_breaks`, `status`, and the player's
/// `school` and `grade` when `t` shows them ([`school_grade`]); never the rating or the
/// birth date.
pub(super) fn public_row(t: &Tournament, full: &Value) -> Value {
    let mut row = serde_json::Map::new();
    for k in [
        "rank",
        "start_rank",
        "name",
        "points",
        "tie_breaks",
        "status",
    ] {
        row.insert(k.into(), full[k].clone());
    }
    let start = full["start_rank"].as_u64().unwrap_or(0);
    with(Value::Object(row), school_grade(t, start))
}

/// The school (the club as registered) and grade of the player of starting rank `start` as
/// `{"school", "grade"}`, when the event's setting shows them in the public view
/// ([`crate::tournament::event::EventDetails::public_school_grade`]); `{}` when it does not
/// (off by default), or for no such player.
pub(super) fn school_grade(t: &Tournament, start: u64) -> Value {
    let player = u16::try_from(start).ok().and_then(|s| t.player(s));
    match player {
        Some(p) if t.details.public_school_grade => json!({"school": p.club, "grade": p.grade}),
        _ => json!({}),
    }
}

/// `GET /crosstable`: the standings with every round's opponent (by starting rank), colour
/// and result, as the desk's `/crosstable` (its cells in the page's language); on a phone the
/// points column stays on the screen while the rounds scroll under it.
pub(super) async fn crosstable(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    page.title = page.lang.msg("web-crosstable-title");
    let mut cross = super::pages::crosstable_json(&t, app.standings(&t), page.lang);
    if let Some(rows) = cross["rows"].as_array_mut() {
        for r in rows {
            let cells = r["cells"].clone();
            // The crosstable is the results' table: names and numbers only.
            let mut row = public_row(&t, r);
            if let Some(m) = row.as_object_mut() {
                m.remove("school");
                m.remove("grade");
            }
            *r = with(row, json!({"cells": cells}));
        }
    }
    let data = with(event_json(&t, page.lang), cross);
    render_status(&app, StatusCode::OK, "public_crosstable.html", &page, data)
}

/// `GET /prizes`: every category's name, rule and prize list (place, name, points and the
/// tie-breaks that decided the order; school and grade when the event shows them), as the
/// desk's `/categories` lists them.
pub(super) async fn prizes(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let (t, mut page) = match load(&app, &q, &uri).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    page.title = page.lang.msg("public-prizes-title");
    let report = app.standings(&t);
    let categories: Vec<Value> = super::diplomas::category_json(&t, &report, page.lang)
        .into_iter()
        .map(|c| {
            let winners: Vec<Value> = c["winners"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|w| {
                    let start = w["start_rank"].as_u64().unwrap_or(0);
                    let row = json!({"place": w["place"], "start_rank": start, "name": w["name"],
                                     "points": w["points"], "tie_breaks": w["tie_breaks"]});
                    with(row, school_grade(&t, start))
                })
                .collect();
            json!({"name": c["name"], "rule": c["rule"], "prizes": c["prizes"],
                   "order": c["prize_order"], "winners": winners})
        })
        .collect();
    // The short names' legend: the longest list of tie-breaks a prize list shows.
    let shown = categories
        .iter()
        .map(|c| c["order"].as_array().map_or(0, Vec::len))
        .max()
        .unwrap_or(0);
    let data = with(
        event_json(&t, page.lang),
        json!({"after_round": report.after_round, "categories": categories,
               "order": &report.tie_break_order[..shown]}),
    );
    render_status(&app, StatusCode::OK, "public_prizes.html", &page, data)
}
