//! The organiser's report (`/report`): one printable page composed of what the desk already
//! shows — the event's details, the participants by category, the standings with tie-breaks,
//! the crosstable, the prize lists — with a count of the incidents the record keeps
//! (withdrawals CR 1.4, disqualifications CR 2.2, results from the judge and reports the
//! board contradicts CR 4.2, adjudications CR 4.3, illegal acts CR 3.4, touch-move Laws 4.3,
//! corrected results with their notes) and the TRF for the rating report.

use std::collections::BTreeSet;

use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::{Value, json};

use super::Shared;
use super::extract::PageQuery;
use super::view::{error_page, render};
use crate::i18n::Lang;
use crate::tournament::live::{LiveAct, LiveIncidentKind};
use crate::tournament::{DecidedBy, Tournament};

/// One line of the incidents table: what (a Fluent id), how many, the articles, the cases.
fn incident(lang: Lang, what: &str, count: usize, articles: &str, cases: Vec<String>) -> Value {
    // The articles in the page's language: `CR 1.4` the competition's regulations, `Laws 4.3`
    // FIDE's Laws of Chess.
    let articles = articles
        .split(", ")
        .filter(|a| !a.is_empty())
        .map(|a| crate::laws::article::text_in(a, lang))
        .collect::<Vec<_>>()
        .join(", ");
    json!({"what": lang.msg(what), "count": count, "articles": articles, "cases": cases})
}

/// The incidents the record keeps, counted, as the report's table rows.
fn incidents(t: &Tournament, group: usize, lang: Lang) -> Vec<Value> {
    let round = |r: u32| lang.fmt("report-in-round", &[("round", &r.to_string())]);
    let withdrawn: Vec<String> = t
        .players
        .iter()
        .filter_map(|p| {
            p.withdrawn_from
                .map(|r| format!("{} ({})", p.name, round(r)))
        })
        .collect();
    let disqualified: Vec<String> = t
        .players
        .iter()
        .filter_map(|p| {
            p.disqualified_from
                .map(|r| format!("{} ({})", p.name, round(r)))
        })
        .collect();
    let games: Vec<(u32, &crate::tournament::Game)> = t
        .rounds
        .iter()
        .flat_map(|r| r.games.iter().map(move |g| (r.number, g)))
        .collect();
    let board = |r: u32, b: u32| {
        lang.fmt(
            "report-board",
            &[("round", &r.to_string()), ("board", &b.to_string())],
        )
    };
    let judged: Vec<String> = games
        .iter()
        .filter(|(_, g)| g.judged.is_some())
        .map(|(r, g)| board(*r, g.board))
        .collect();
    // A report the board contradicted (CR 4.2): in the log's own header, or entered at the
    // desk and replaced by the game's record since.
    let contradicted: Vec<String> = games
        .iter()
        .flat_map(|(r, g)| {
            let mut cases = super::history::contradicted_reports(*r, g, lang);
            // The same report in the log's header and clicked at the desk counts once.
            if cases.is_empty() && g.judged.as_ref().is_some_and(|j| !j.agrees) {
                cases.push(board(*r, g.board));
            }
            cases
        })
        .collect();
    let cheating: u32 = games
        .iter()
        .filter_map(|(_, g)| g.judged.as_ref())
        .map(|j| j.cheating_white + j.cheating_black)
        .sum();
    let adjudicated: Vec<String> = games
        .iter()
        .filter(|(_, g)| g.adjudicated.is_some())
        .map(|(r, g)| board(*r, g.board))
        .collect();
    // Games not played (CR 4.4: a child who did not come, or refused): `+-`, `-+`, `--`.
    let forfeits: Vec<String> = games
        .iter()
        .filter_map(|(r, g)| {
            let result = g.result.filter(|x| x.is_forfeit())?;
            Some(format!("{} ({})", board(*r, g.board), result.notation()))
        })
        .collect();
    // Results the arbiter replaced by typing another (a wrong report put right, with or
    // without a note): each board with the results it had in turn.
    let replaced: Vec<String> = games
        .iter()
        .filter(|(_, g)| {
            g.replaced
                .iter()
                .any(|x| matches!(x.replaced_by, DecidedBy::Reported | DecidedBy::Forfeit))
        })
        .map(|(r, g)| {
            let mut results: Vec<&str> = g.replaced.iter().map(|x| x.result.notation()).collect();
            results.push(g.result.map_or("*", |x| x.notation()));
            format!("{}: {}", board(*r, g.board), results.join(" → "))
        })
        .collect();
    let live = |kind: LiveIncidentKind| {
        // The live room's record is the event's: this group's boards' incidents only.
        let found: Vec<_> = t
            .live
            .incidents
            .iter()
            .filter(|i| i.group == group && i.kind == kind)
            .collect();
        let articles: BTreeSet<&str> = found.iter().filter_map(|i| i.article.as_deref()).collect();
        let cases: Vec<String> = found
            .iter()
            .map(|i| {
                let noticed = i
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.act == LiveAct::Noticed);
                let b = board(i.round, i.board);
                if noticed {
                    format!("{b} ({})", lang.msg("report-noticed"))
                } else {
                    b
                }
            })
            .collect();
        (
            found.len(),
            articles.into_iter().collect::<Vec<_>>().join(", "),
            cases,
        )
    };
    let (illegal, illegal_articles, illegal_cases) = live(LiveIncidentKind::Illegal);
    let (touch, touch_articles, touch_cases) = live(LiveIncidentKind::Touch);
    let notes: Vec<String> = t
        .fide
        .notes
        .iter()
        .map(|n| {
            let from = n.from.map_or("—".to_string(), |r| r.to_string());
            format!(
                "{}: {from} → {} — {}",
                board(n.round, n.board),
                n.to,
                n.note
            )
        })
        .collect();
    vec![
        incident(
            lang,
            "report-withdrawals",
            withdrawn.len(),
            "CR 1.4",
            withdrawn,
        ),
        incident(
            lang,
            "report-disqualifications",
            disqualified.len(),
            "CR 2.2",
            disqualified,
        ),
        incident(lang, "report-cheating", cheating as usize, "CR 2.2", vec![]),
        incident(
            lang,
            "report-illegal",
            illegal,
            if illegal_articles.is_empty() {
                "CR 3.4"
            } else {
                &illegal_articles
            },
            illegal_cases,
        ),
        incident(
            lang,
            "report-touch",
            touch,
            if touch_articles.is_empty() {
                "Laws 4.3"
            } else {
                &touch_articles
            },
            touch_cases,
        ),
        incident(lang, "report-judged", judged.len(), "", judged),
        incident(
            lang,
            "report-contradicted",
            contradicted.len(),
            "CR 4.2",
            contradicted,
        ),
        incident(
            lang,
            "report-adjudicated",
            adjudicated.len(),
            "CR 4.3",
            adjudicated,
        ),
        incident(lang, "report-forfeits", forfeits.len(), "CR 4.4", forfeits),
        incident(lang, "report-replaced", replaced.len(), "", replaced),
        incident(lang, "report-corrections", notes.len(), "", notes),
    ]
}

/// `GET /report`: the organiser's report, one page to print.
pub(super) async fn page(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("report-title"));
    let lang = page.lang;
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/", &e),
    };
    let report = app.standings(&t);
    let group = super::games::shown_group();
    render(
        &app,
        "report.html",
        &page,
        report_data(&t, group, report, lang),
    )
}

/// The organiser's report of `t` (group `group` of its event, 0 the first) in `lang` as one
/// HTML document of its own, ready to print
/// on A4 (styles inside, no desk navigation): the desk's `/report` with the standings after
/// the last complete round and the event's tie-breaks and edition of C.07,
/// as `arbiter tournament report` writes it.
///
/// # Errors
/// The template's error as text (a bug: the template is compiled in).
pub fn organisers_report(t: &Tournament, group: usize, lang: Lang) -> Result<String, String> {
    let settings = t.tie_break_settings();
    let report = crate::tournament::standings::StandingsReport::new(
        t,
        None,
        settings.rules,
        &settings.order,
    );
    let page = super::view::Page::new(lang, "/report", lang.msg("report-title"));
    super::view::render_standalone("report.html", &page, report_data(t, group, report, lang))
        .map_err(|e| format!("{e:#}"))
}

/// What the report's template shows: the event's data with the standings (as the crosstable:
/// one table, so that the report prints on fewer pages), categories and incidents of `report`.
fn report_data(
    t: &Tournament,
    group: usize,
    report: crate::tournament::standings::StandingsReport,
    lang: Lang,
) -> Value {
    let categories = super::diplomas::category_json(t, &report, lang);
    let team = super::team::rows_json(
        t,
        &report,
        crate::tournament::scoring::team::DEFAULT_BEST,
        lang,
    );
    let order = report.tie_break_order.clone();
    let after_round = report.after_round;
    let cross = super::pages::crosstable_json(t, report, lang);
    super::pages::with_event(
        t,
        lang,
        json!({
            "after_round": after_round,
            "order": order,
            "cross": cross,
            "categories": categories,
            "team": team,
            "team_best": crate::tournament::scoring::team::DEFAULT_BEST,
            "incidents": incidents(t, group, lang),
        }),
    )
}
