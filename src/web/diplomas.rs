//! The event's categories and prizes on the desk (`/categories`: each category's standings
//! and prize list) and the diplomas of the prize winners (`/diplomas`, one A4 page each,
//! printed from the browser), also written by `arbiter tournament diplomas`.
//!
//! The diploma is a minijinja template the organiser may replace: a file named
//! [`TEMPLATE_FILE`] beside the state file is used instead of the built-in one
//! (`templates/diploma.html`, whose comment lists the data it gets).

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use minijinja::value::{Kwargs, Value};
use serde_json::json;

use super::Shared;
use super::extract::PageQuery;
use super::view::{error_page, render};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::category::CategoryError;
use crate::tournament::declension::{name_dative, sex_of_name};
use crate::tournament::player::date_text;
use crate::tournament::standings::{
    StandingRow, StandingsReport, deciding_tie_breaks, fmt_decimal,
};

/// The built-in diploma template.
pub const TEMPLATE: &str = include_str!("templates/diploma.html");

/// The name of an organiser's own diploma template beside the state file.
pub const TEMPLATE_FILE: &str = "diploma.html";

/// One diploma: a prize winner's place in a category, with the words printed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Diploma {
    /// The category's name.
    pub category: String,
    /// The place (1–3 by default).
    pub place: usize,
    /// The name as registered («Соловьёва, Дарья»).
    pub name: String,
    /// The name in the dative, surname first («Соловьёвой Дарье»; in English as written,
    /// without the comma).
    pub name_dative: String,
    /// `m`, `f` or `unknown`.
    pub sex: &'static str,
    /// The words before the name («вручается» / "awarded to").
    pub lead: String,
    /// The words after it, agreeing with the sex («занявшей 1 место в категории «…»»).
    pub award: String,
}

/// The diplomas of every prize winner of the event, or of the category named `category`, in
/// category order then place ([`crate::tournament::category::Awards::prize_lists`] from the
/// standings `report`).
///
/// # Errors
/// [`CategoryError::Unknown`] for a category the event does not have.
pub fn diplomas(
    t: &Tournament,
    report: &StandingsReport,
    lang: Lang,
    category: Option<&str>,
) -> Result<Vec<Diploma>, CategoryError> {
    if let Some(name) = category
        && t.awards.category(name).is_none()
    {
        return Err(CategoryError::Unknown(name.to_string()));
    }
    let wanted = category.and_then(|c| t.awards.category(c)).map(|c| &c.name);
    let mut out = Vec::new();
    for list in t.awards.prize_lists(t, report) {
        if wanted.is_some_and(|w| *w != list.category) {
            continue;
        }
        for p in list.prizes {
            // A child whose sex was not entered: the words agree with the name's declension,
            // which guesses it from the name («Морозовой Вере, занявшей»).
            let declined = sex_of_name(&p.name, p.sex);
            let sex = declined.map_or("unknown", |s| s.selector());
            let name_dative = match lang {
                Lang::Ru => name_dative(&p.name, p.sex),
                _ => p.name.replace(',', ""),
            };
            let place = p.place.to_string();
            let award = crate::tournament::player::gendered(
                lang,
                "dip-award",
                declined,
                &[
                    ("place", &place),
                    ("category", &number_with_word(&list.category)),
                ],
            );
            out.push(Diploma {
                category: list.category.clone(),
                place: p.place,
                name: p.name,
                name_dative,
                sex,
                lead: lang.msg("dip-lead"),
                award,
            });
        }
    }
    Ok(out)
}

/// The diploma template an organiser put beside the state file `state`, if any.
pub fn template_beside(state: &Path) -> Option<PathBuf> {
    let dir = match state.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let path = dir.join(TEMPLATE_FILE);
    path.is_file().then_some(path)
}

/// The diplomas as one HTML document from `template` (minijinja source; the built-in
/// [`TEMPLATE`] when `None`): the data listed in the template's comment and `t(id, …)` for
/// Fluent messages.
///
/// # Errors
/// The template's error (its line), as text.
pub fn render_diplomas(
    t: &Tournament,
    diplomas: &[Diploma],
    lang: Lang,
    template: Option<&str>,
) -> Result<String, String> {
    let mut env = minijinja::Environment::new();
    env.add_template("diploma.html", template.unwrap_or(TEMPLATE))
        .map_err(|e| format!("{e:#}"))?;
    let translate = move |id: String, kwargs: Kwargs| -> Result<String, minijinja::Error> {
        let mut args: Vec<(String, String)> = Vec::new();
        for k in kwargs.args() {
            let v: Value = kwargs.get(k)?;
            args.push((k.to_string(), v.to_string()));
        }
        let refs: Vec<(&str, &str)> = args.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        lang.try_fmt(&id, &refs)
            .map_err(|e| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e))
    };
    let date = t
        .awards
        .date
        .as_deref()
        .or(t.details.end_date.as_deref())
        .map(|d| date_text(d, lang));
    let ctx = minijinja::context! {
        lang => lang.code(),
        event => number_with_word(&t.name),
        date => date.unwrap_or_default(),
        chief_arbiter => t.details.chief_arbiter.clone().unwrap_or_default(),
        diplomas => Value::from_serialize(diplomas),
        t => Value::from_function(translate),
    };
    env.get_template("diploma.html")
        .and_then(|tpl| tpl.render(ctx))
        .map_err(|e| format!("{e:#}"))
}

/// `text` with a no-break space after a number or `№` and before the next word (`3 класс`,
/// `3–4 классы`, `школы № 7`), and a word joiner after a dash between numbers (`3–4`): a
/// diploma never breaks a line inside them.
fn number_with_word(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for c in text.chars() {
        let after_number = prev.is_some_and(|p| p.is_ascii_digit() || p == '№');
        out.push(if c == ' ' && after_number {
            '\u{a0}'
        } else {
            c
        });
        if c == '–' && prev.is_some_and(|p| p.is_ascii_digit()) {
            out.push('\u{2060}');
        }
        prev = Some(c);
    }
    out
}

/// `GET /diplomas[?category=NAME]`: the diplomas to print, from the organiser's template
/// beside the state file or the built-in one.
pub(super) async fn page(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let category = query_param(&uri, "category");
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/categories", &e),
    };
    let report = app.standings(&t);
    let list = match diplomas(&t, &report, lang, category.as_deref()) {
        Ok(list) => list,
        Err(e) => {
            return error_page(
                &app,
                lang,
                "/categories",
                &super::WebError::NotFound(e.text(lang)),
            );
        }
    };
    let own = template_beside(&app.config.state).and_then(|p| std::fs::read_to_string(p).ok());
    let t = named_with_group(t);
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
            "/categories",
            &super::WebError::Internal(lang.fmt("dip-template-error", &[("error", &e)])),
        ),
    }
}

/// `t` with the group shown after the event's name («Первенство — 1–2 классы»), when the
/// event has two groups or more: a diploma says where its place was won.
pub(super) fn named_with_group(mut t: Tournament) -> Tournament {
    if let Some((names, i)) = super::caller::shown_groups() {
        t.name = format!("{} — {}", t.name, names[i]);
    }
    t
}

/// A query parameter of `uri` (`None` when absent or blank).
pub(super) fn query_param(uri: &Uri, name: &str) -> Option<String> {
    axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(uri)
        .ok()
        .and_then(|axum::extract::Query(mut q)| q.remove(name))
        .filter(|v| !v.trim().is_empty())
}

/// `GET /categories`: every category's rule, standings (places within it) and prize list,
/// with links to its diplomas.
pub(super) async fn categories(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("cat-page-title"));
    let lang = page.lang;
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/", &e),
    };
    let report = app.standings(&t);
    let cats = category_json(&t, &report, lang);
    let shown = cats
        .iter()
        .map(|c| c["order"].as_array().map_or(0, Vec::len))
        .max()
        .unwrap_or(0);
    let rounds: Vec<serde_json::Value> = t
        .rounds
        .iter()
        .filter(|r| !r.games.is_empty())
        .map(|r| json!({"number": r.number}))
        .collect();
    render(
        &app,
        "categories.html",
        &page,
        json!({
            "event": t.name,
            "rounds": rounds,
            "after_round": report.after_round,
            // The short names' legend, for the tie-break columns the lists show.
            "order": &report.tie_break_order[..shown],
            "categories": cats,
            "one_prize": t.awards.one_prize_per_player,
            "outside_grades": t.awards.outside_grades_warning(&t, lang),
            "all_link": format!("/diplomas?lang={}{}", lang.code(), super::caller::group_query()),
            "edit": super::categories::forms_json(&t),
        }),
    )
}

/// Every category as `/categories` and the organiser's report show it: `name`, `rule`,
/// `prizes` (how many), `rows` (its standings, `prize` marking a winner), `winners` (the
/// prize list: place, starting rank and name) and the `link` to its diplomas.
pub(super) fn category_json(
    t: &Tournament,
    report: &StandingsReport,
    lang: Lang,
) -> Vec<serde_json::Value> {
    let prizes = t.awards.prize_lists(t, report);
    t.awards
        .categories
        .iter()
        .zip(&prizes)
        .map(|(c, p)| {
            let listed = report.for_category(t, c);
            // The tie-breaks that decided the order (two level on points apart), the event's
            // values: the category list's columns, and the prize list's (its winners only).
            let order = &report.tie_break_order;
            let row_of = |start: u16| report.standings.iter().find(|r| r.start_rank == start);
            let in_list: Vec<&StandingRow> = listed.standings.iter().collect();
            let in_prizes: Vec<&StandingRow> = p
                .prizes
                .iter()
                .filter_map(|w| row_of(w.start_rank))
                .collect();
            let shown = deciding_tie_breaks(&in_list, order);
            let shown_prizes = deciding_tie_breaks(&in_prizes, order);
            let values = |start: u16, n: usize| -> Vec<serde_json::Value> {
                row_of(start).map_or_else(Vec::new, |r| {
                    super::pages::standing_json(t, r, &order[..n], lang)["tie_breaks"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                })
            };
            let rows: Vec<serde_json::Value> = listed
                .standings
                .iter()
                .map(|r| {
                    json!({
                        "rank": r.rank,
                        "start_rank": r.start_rank,
                        "name": r.name,
                        "points": fmt_decimal(r.points, lang),
                        "tie_breaks": values(r.start_rank, shown),
                        "prize": p.prizes.iter().any(|w| w.start_rank == r.start_rank),
                    })
                })
                .collect();
            let winners: Vec<serde_json::Value> = p
                .prizes
                .iter()
                .map(|w| {
                    json!({"place": w.place, "start_rank": w.start_rank, "name": w.name,
                    "points": fmt_decimal(w.points, lang),
                    "tie_breaks": values(w.start_rank, shown_prizes)})
                })
                .collect();
            json!({
                "name": c.name,
                "order": &order[..shown],
                "prize_order": &order[..shown_prizes],
                "rule": c.rule.text(lang),
                "prizes": c.prizes,
                "rows": rows,
                "winners": winners,
                "link": format!("/diplomas?category={}&lang={}{}", encode(&c.name), lang.code(),
                    super::caller::group_query()),
            })
        })
        .collect()
}

/// `text` percent-encoded for a query value (every byte but ASCII letters and digits).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::number_with_word;

    #[test]
    fn a_number_keeps_its_word_on_a_diploma() {
        assert_eq!(number_with_word("3 класс"), "3\u{a0}класс");
        assert_eq!(
            number_with_word("Девочки 3–4 классы"),
            "Девочки 3–\u{2060}4\u{a0}классы"
        );
        assert_eq!(
            number_with_word("Первенство школы № 7 по шахматам"),
            "Первенство школы №\u{a0}7\u{a0}по шахматам"
        );
        assert_eq!(number_with_word("Малыши"), "Малыши");
    }
}
