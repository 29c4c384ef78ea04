//! The pages that show: the event, the players, a round (with its forms), the wall sheet, the
//! standings and the crosstable. Each reads the state file, takes the library's lists
//! ([`PairingList`], [`StandingsReport`], [`Crosstable`], the start list) and fills a template.

use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::{Value, json};

use super::extract::{PageQuery, RoundNo};
use super::results::{RESULTS, result_value, shown};
use super::view::{Page, error_page, render};
use super::{App, Shared, WebError, version};
use crate::i18n::Lang;
use crate::tournament::pairing::Explanation;
use crate::tournament::pairing_list::{ListedPlayer, PairingList};
use crate::tournament::standings::{Crosstable, StandingsReport, fmt_decimal};
use crate::tournament::{BoardResult, Tournament};

impl App {
    /// The page frame for a request: its language and the session's form key.
    pub(super) fn page(&self, q: &PageQuery, uri: &Uri, title: impl Fn(Lang) -> String) -> Page {
        let lang = self.lang(q.lang.as_deref());
        let mut page = Page::new(lang, uri.path(), title(lang)).with_csrf(&q.csrf);
        page.saved = q.saved;
        page.notes.clone_from(&q.notes);
        page
    }
}

/// "Withdrew from round 3" / «выбыла с 3-го тура» for a player out of the event (CR 1.4,
/// CR 2.2), the words following the player's sex; `None` while the player is in.
fn out_text(p: &crate::tournament::Player, lang: Lang) -> Option<String> {
    p.out_from().map(|(round, why)| {
        let id = if why == "withdrew" {
            "web-out-withdrew"
        } else {
            "web-out-disqualified"
        };
        p.gendered(lang, id, &[("round", &round.to_string())])
    })
}

/// The common data of an event: its name, rounds and what the arbiter does next.
fn event_data(t: &Tournament, lang: Lang) -> Value {
    let rounds: Vec<Value> = t
        .rounds
        .iter()
        .filter(|r| !r.games.is_empty())
        .map(|r| {
            let done = r.games.iter().filter(|g| g.result.is_some()).count();
            json!({"number": r.number, "games": r.games.len(), "done": done,
                   "finished": done == r.games.len()})
        })
        .collect();
    let paired = t.paired_rounds();
    let missing = t
        .round(paired)
        .map_or(0, |r| r.games.iter().filter(|g| g.result.is_none()).count());
    let can_pair = paired < t.total_rounds && missing == 0 && t.players.len() >= 2;
    let next = if t.players.len() < 2 {
        lang.msg("web-next-register")
    } else if missing > 0 {
        lang.fmt(
            "web-next-results",
            &[
                ("round", &paired.to_string()),
                ("missing", &missing.to_string()),
            ],
        )
    } else if paired < t.total_rounds {
        lang.fmt("web-next-pair", &[("round", &(paired + 1).to_string())])
    } else {
        lang.msg("web-next-done")
    };
    json!({
        "event": t.name, "version": version(t), "pairing_version": super::pairing_version(t),
        "details": t.details,
        "dates": {"start": t.details.start_date.as_deref().map(|d| shown_date(d, lang)),
                  "end": t.details.end_date.as_deref().map(|d| shown_date(d, lang))},
        "total_rounds": t.total_rounds,
        "players_count": t.players.len(), "rounds": rounds, "paired": paired,
        "can_pair": can_pair, "next_round": paired + 1, "next": next,
        "system": (!t.system.is_swiss()).then(|| crate::tournament::words::system_text(t.system, lang)), // a round robin says so
    })
}

/// An event date (`YYYY/MM/DD`) as the page's language writes it: `28.11.2026`, `2026-11-28`.
pub(super) fn shown_date(d: &str, lang: Lang) -> String {
    match (d.split('/').collect::<Vec<_>>().as_slice(), lang) {
        ([y, m, day], Lang::Ru) => format!("{day}.{m}.{y}"),
        ([y, m, day], _) => format!("{y}-{m}-{day}"),
        _ => d.to_string(),
    }
}

/// The event's common data for `t` with a page's own fields.
pub(super) fn with_event(t: &Tournament, lang: Lang, extra: Value) -> Value {
    with(event_data(t, lang), extra)
}

/// Adds the page's own fields to the event's common data.
fn with(mut base: Value, extra: Value) -> Value {
    if let (Some(b), Value::Object(e)) = (base.as_object_mut(), extra) {
        b.extend(e);
    }
    base
}

/// Loads the state for a page, or the error page.
async fn load(app: &Shared, lang: Lang, path: &str) -> Result<Tournament, Response> {
    app.load()
        .await
        .map_err(|e| error_page(app, lang, path, &e))
}

/// `/`: the event, its rounds and the next step.
pub(super) async fn event(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-event-title"));
    let t = match load(&app, page.lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let through = t.paired_rounds();
    let token_kept = super::broadcast::token_kept(&app).await;
    let players: Vec<Value> = t
        .players
        .iter()
        .map(|p| {
            json!({"start_rank": p.start_rank, "name": p.name,
                   "points": fmt_decimal(t.score(p.start_rank, through), page.lang),
                   "out": out_text(p, page.lang)})
        })
        .collect();
    render(
        &app,
        "event.html",
        &page,
        with(
            event_data(&t, page.lang),
            json!({"players": players, "fide": super::fide::mode_json(&t),
                   "broadcast": super::broadcast::shown_json(&app, page.lang),
                   "broadcast_token": token_kept}),
        ),
    )
}

/// A date as the event keeps it (`YYYY/MM/DD`) in an `<input type="date">` (`YYYY-MM-DD`).
fn date_input(d: Option<&String>) -> Option<String> {
    d.map(|d| d.replace('/', "-"))
}

/// `/event`: the form that sets the event's name, rounds, preset, dates, venue and arbiters.
pub(super) async fn event_edit(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-event-edit-title"));
    let t = match load(&app, page.lang, "/event").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let d = &t.details;
    render(
        &app,
        "event_edit.html",
        &page,
        with(
            with(
                event_data(&t, page.lang),
                super::setup::group_fields(&t, page.lang),
            ),
            json!({
                "event_version": super::event_version(&t),
                "min_rounds": t.paired_rounds().max(1),
                // A round robin's table may have more rounds than one types: they stand.
                "event_max_rounds": crate::tournament::event::MAX_ROUNDS.max(t.total_rounds),
                "max_rounds": crate::tournament::event::MAX_ROUNDS,
                "preset": t.preset().name(), "presets": super::setup::presets(page.lang),
                "edition": match t.tie_break_settings().rules {
                    crate::tournament::tiebreak::Rules::Fide2024 => "fide2024",
                    crate::tournament::tiebreak::Rules::Fide2026 => "fide2026",
                },
                "playout_minutes": t.live.playout_minutes(),
                "playout_offer_percent": t.live.playout_offer_percent(),
                "max_playout_minutes": crate::tournament::live::MAX_PLAYOUT_MINUTES,
                "public_delay_minutes": t.live.public_delay_minutes(),
                "max_public_delay_minutes": crate::tournament::live::MAX_PUBLIC_DELAY_MINUTES,
                "details": {
                    "start_date": date_input(d.start_date.as_ref()),
                    "end_date": date_input(d.end_date.as_ref()),
                    "venue": d.venue, "chief_arbiter": d.chief_arbiter,
                    "deputy_arbiter": d.deputy_arbiter,
                    "public_school_grade": d.public_school_grade,
                },
            }),
        ),
    )
}

/// `/players`: the start list as ranked, the forms to register, withdraw, forbid a pair.
pub(super) async fn players(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-players-title"));
    let t = match load(&app, page.lang, "/players").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let list: Vec<Value> = t
        .start_list()
        .iter()
        .map(|e| {
            let p = t.player(e.current_rank);
            json!({
                "start_rank": e.start_rank, "current_rank": e.current_rank, "name": e.name,
                "rating": e.rating, "title": e.title,
                "birth_date": p.and_then(|p| p.birth_date.as_deref())
                    .map(|d| crate::tournament::player::date_text(d, page.lang)),
                "club": p.and_then(|p| p.club.clone()),
                "grade": p.and_then(|p| p.grade),
                "out": p.and_then(|p| out_text(p, page.lang)),
                "sex": p.and_then(|p| p.sex),
                "withdrawn": p.is_some_and(|p| p.withdrawn_from.is_some()),
            })
        })
        .collect();
    let forbidden: Vec<Value> = t
        .forbidden
        .iter()
        .map(|f| {
            let names: Vec<String> = f.players.iter().map(|&p| t.label(p)).collect();
            json!({"players": names.join(", "), "reason": f.reason})
        })
        .collect();
    let editing = q.edit.and_then(|n| t.player(n)).map(|p| {
        json!({"start_rank": p.start_rank, "name": p.name, "rating": p.rating,
               "birth_date": p.birth_date.as_deref()
                   .map(|d| crate::tournament::player::date_text(d, page.lang)),
               "club": p.club, "sex": p.sex, "grade": p.grade,
               "delete_confirm": p.gendered(page.lang, "web-delete-confirm", &[("name", &p.name)]),
               "version": super::player_version(&t, p.start_rank)})
    });
    // The withdrawal form's default: the next round to pair, or the last round once all are.
    let withdraw_from = (t.paired_rounds() + 1).min(t.total_rounds).max(1);
    let frozen = t.start_list_frozen();
    let reorder = !frozen && list.iter().any(|e| e["start_rank"] != e["current_rank"]);
    render(
        &app,
        "players.html",
        &page,
        with(
            event_data(&t, page.lang),
            json!({"players": list, "frozen": frozen, "reorder": reorder, "forbidden": forbidden,
                   "editing": editing, "withdraw_from": withdraw_from,
                   "move_to": super::groups::move_targets(),
                   "outside_grades": t.awards.outside_grades_warning(&t, page.lang)}),
        ),
    )
}

/// A listed player with points in the page's language.
fn player_json(p: &ListedPlayer, lang: Lang) -> Value {
    json!({"start_rank": p.start_rank, "name": p.name,
           "points": fmt_decimal(p.points.as_f64(), lang)})
}

/// How board `g`'s result was decided ([`crate::tournament::Game::decided_by`]), for the
/// round's page in `lang`: `None` for a result typed as reported; else `text` (by the judge's
/// log, by adjudication with the rule and FEN, by forfeit, by the arbiter's override with his
/// reason) and `details` (the adjudication's rules tried).
fn decided_data(g: &crate::tournament::Game, lang: Lang) -> Option<Value> {
    use crate::tournament::DecidedBy;
    let basis = |b: &str| {
        let id = format!(
            "basis-{}",
            b.replace("seventy_five", "seventyfive").replace('_', "-")
        );
        lang.try_fmt(&id, &[]).unwrap_or_else(|_| b.to_string())
    };
    let shown_opt = |r: Option<BoardResult>| {
        r.map_or("—".to_string(), |r| shown(result_value(r)).to_string())
    };
    let (text, details): (String, Vec<String>) = match g.decided_by()? {
        DecidedBy::Reported => return None,
        DecidedBy::Forfeit => (lang.msg("web-decided-forfeit"), Vec::new()),
        DecidedBy::Judge => {
            let j = g.judged.as_ref()?;
            let text = match (&j.reported, j.agrees) {
                (Some(r), false) => {
                    lang.fmt("web-decided-judge-against", &[("reported", shown(r))])
                }
                _ => lang.msg("web-decided-judge"),
            };
            (text, Vec::new())
        }
        DecidedBy::Adjudication => {
            let a = g.adjudicated.as_ref()?;
            (
                lang.fmt(
                    "web-decided-adjudication",
                    &[("basis", &basis(&a.basis)), ("fen", &a.fen)],
                ),
                a.reasons.clone(),
            )
        }
        DecidedBy::Override => {
            let (by, decided, reason) = match (&g.judged, &g.adjudicated) {
                (Some(j), _) if j.override_reason.is_some() => {
                    ("judge", j.verdict_result, j.override_reason.clone())
                }
                (_, Some(a)) => ("adjudication", a.proposed, a.override_reason.clone()),
                _ => return None,
            };
            (
                lang.fmt(
                    "web-decided-override",
                    &[
                        ("by", by),
                        ("decided", &shown_opt(decided)),
                        ("reason", reason.as_deref().unwrap_or("")),
                    ],
                ),
                g.adjudicated
                    .as_ref()
                    .map(|a| a.reasons.clone())
                    .unwrap_or_default(),
            )
        }
    };
    Some(json!({"text": text, "details": details}))
}

/// The players of a round without a game but the bye, for the pages: `name`, `points`
/// before the round, `why` in `lang` (`без игры по таблице`, `не играет (½)`).
pub(super) fn without_json(list: &PairingList, lang: Lang) -> Vec<Value> {
    list.without_game
        .iter()
        .map(|w| {
            let mut v = player_json(&w.player, lang);
            v["why"] = json!(w.why(lang));
            v
        })
        .collect()
}

/// The data of a round's page: boards, the bye, who plays where.
pub(super) fn round_data(t: &Tournament, n: u32, lang: Lang) -> Result<Value, WebError> {
    let list = PairingList::new(t, n)?;
    let games = t.round(n).map(|r| r.games.as_slice()).unwrap_or_default();
    let boards: Vec<Value> = list
        .boards
        .iter()
        .map(|b| {
            let game = games.iter().find(|g| g.board == b.board);
            let decided = game.and_then(|g| decided_data(g, lang));
            json!({"board": b.board, "version": super::board_version(t, n, b.board),
                   "decided": decided, "history": game.map(|g| super::history::lines(g, lang)),
                   "white": player_json(&b.white, lang),
                   "black": player_json(&b.black, lang), "result": b.result,
                   "shown": b.result.as_deref().map(shown)})
        })
        .collect();
    let who: Vec<Value> = list
        .who_plays_where(lang)
        .into_iter()
        .map(|(name, place)| json!({"name": name, "place": place}))
        .collect();
    let results: Vec<Value> = RESULTS
        .iter()
        .map(|(v, l)| json!({"value": v, "label": l}))
        .collect();
    let missing = list.boards.iter().filter(|b| b.result.is_none()).count();
    let last = n == t.paired_rounds();
    let base = event_data(t, lang);
    let can_pair = last && base["can_pair"] == json!(true);
    Ok(with(
        base,
        json!({
            "round": n, "boards": boards, "bye": list.bye.as_ref().map(|p| player_json(p, lang)),
            "without": without_json(&list, lang),
            "who": who, "results": results, "missing": missing, "can_pair_here": can_pair,
            "adjudicate_results": &results[..3],
            "explanation": explanation_data(t, n, lang),
            "forced_reason": t.round(n).and_then(|r| r.forced.as_ref()).map(|f| &f.reason),
            "can_unpair": last && missing == list.boards.len(),
            "earlier": n < t.paired_rounds(),
            "fide_on": t.fide.mode == crate::tournament::fide_mode::FideMode::On,
            "result_notes": super::fide::round_notes(t, n, lang),
            // The boards' histories give local times: the zone said once under the table.
            "times_zone": games.iter().any(|g| !g.replaced.is_empty())
                .then(|| crate::tournament::journal::local_zone_text(lang)),
        }),
    ))
}

/// The pairer's explanation of round `n` kept in the record ([`crate::tournament::Round::explanation`]),
/// in `lang` from its facts (who floated, who got the bye, which pairs were kept apart) and
/// the scores before the round: `None` when the round was not paired by the Dutch pairer.
pub(super) fn explanation_data(t: &Tournament, n: u32, lang: Lang) -> Option<Value> {
    let r = t.round(n)?;
    let e: &Explanation = r.explanation.as_ref()?;
    let tpn = |x: Option<u32>| x.and_then(|x| u16::try_from(x).ok());
    let who = |p: u16| {
        let points = fmt_decimal(t.score(p, n.saturating_sub(1)), lang);
        (t.label(p), points)
    };
    let floats: Vec<String> = e
        .boards
        .iter()
        .filter_map(|b| {
            let (down, up) = (tpn(b.downfloater)?, tpn(b.upfloater)?);
            let ((dn, dp), (un, up)) = (who(down), who(up));
            Some(lang.fmt(
                "web-why-float",
                &[
                    ("board", &b.board.to_string()),
                    ("down", &dn),
                    ("down_points", &dp),
                    ("up", &un),
                    ("up_points", &up),
                ],
            ))
        })
        .collect();
    let bye = e.bye.as_ref().and_then(|_| {
        let b = r
            .byes
            .iter()
            .find(|b| b.kind == crate::tournament::ByeKind::PairingAllocated)?;
        let (name, points) = who(b.player);
        Some(lang.fmt("web-why-bye", &[("player", &name), ("points", &points)]))
    });
    let forbidden: Vec<String> = if e.forbidden.is_empty() {
        Vec::new()
    } else {
        t.forbidden
            .iter()
            .map(|f| {
                let names: Vec<String> = f.players.iter().map(|&p| t.label(p)).collect();
                lang.fmt("web-why-forbidden", &[("players", &names.join(", "))])
            })
            .collect()
    };
    Some(json!({"floats": floats, "bye": bye, "forbidden": forbidden}))
}

/// `/rounds/{n}`: the pairings with one-click result entry, corrections, incidents.
pub(super) async fn round(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    uri: Uri,
) -> Response {
    round_page(&app, n, &q, &uri, "round.html").await
}

/// `/rounds/{n}/print`: the wall sheet, by board and "where do I play" by name.
pub(super) async fn print(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    uri: Uri,
) -> Response {
    round_page(&app, n, &q, &uri, "print.html").await
}

/// `/rounds/{n}/slips`: the round's result slips to print, one per board (the players, the
/// results to tick, both signatures), cut along the dashed lines.
pub(super) async fn slips(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    uri: Uri,
) -> Response {
    round_page(&app, n, &q, &uri, "slips.html").await
}

/// Round `n`'s pairings rendered with `template` (the desk's page or the wall sheet).
async fn round_page(app: &Shared, n: u32, q: &PageQuery, uri: &Uri, template: &str) -> Response {
    let page = app.page(q, uri, |l| {
        l.fmt("web-round-title", &[("round", &n.to_string())])
    });
    let t = match load(app, page.lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    match round_data(&t, n, page.lang) {
        Ok(mut data) => {
            let group = super::caller::shown_groups().map_or(0, |(_, i)| i);
            if let (Some(d), Some(public)) = (data.as_object_mut(), app.public_qr(group)) {
                d.insert("public".into(), public);
            }
            render(app, template, &page, data)
        }
        Err(e) => error_page(app, page.lang, "/", &e),
    }
}

/// A tie-break value or points as the page shows them.
fn number(v: &Value, lang: Lang) -> String {
    v.as_f64()
        .map_or_else(|| v.to_string(), |x| fmt_decimal(x, lang))
}

/// A standings row for the page.
pub(super) fn standing_json(
    t: &Tournament,
    r: &crate::tournament::standings::StandingRow,
    report_order: &[String],
    lang: Lang,
) -> Value {
    let tbs: Vec<String> = report_order
        .iter()
        .map(|k| {
            r.tie_breaks
                .get(k)
                .map_or(String::new(), |v| number(v, lang))
        })
        .collect();
    json!({"rank": r.rank, "start_rank": r.start_rank, "name": r.name, "rating": r.rating,
    "club": r.club, "points": fmt_decimal(r.points, lang), "tie_breaks": tbs,
    "status": r.status.map(|s| {
        let id = format!("web-status-{s}");
        t.player(r.start_rank).map_or_else(
            || crate::tournament::player::gendered(lang, &id, None, &[]),
            |p| p.gendered(lang, &id, &[]),
        )
    })})
}

/// `/standings`: after the last complete round, with the preset's tie-breaks.
pub(super) async fn standings(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-standings-title"));
    let t = match load(&app, page.lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let report: StandingsReport = app.standings(&t);
    let rows: Vec<Value> = report
        .standings
        .iter()
        .map(|r| standing_json(&t, r, &report.tie_break_order, page.lang))
        .collect();
    render(
        &app,
        "standings.html",
        &page,
        with(
            event_data(&t, page.lang),
            json!({"after_round": report.after_round, "order": report.tie_break_order, "rows": rows,
                // No one rated (a children's event): no empty rating column.
                "rated": report.standings.iter().any(|r| r.rating.is_some())}),
        ),
    )
}

/// `/crosstable`: the standings with every round's opponent (by starting rank), colour and
/// result, each cell in the page's language ([`super::view::cross_cell`]).
pub(super) async fn crosstable(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-crosstable-title"));
    let t = match load(&app, page.lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let report = app.standings(&t);
    render(
        &app,
        "crosstable.html",
        &page,
        with(
            event_data(&t, page.lang),
            crosstable_json(&t, report, page.lang),
        ),
    )
}

/// The crosstable's data as `/crosstable` and the organiser's report show it: `after_round`,
/// the tie-break `order`, `rows` (a standings row with its round `cells`), `round_numbers` and
/// `round_robin` (the legend to show).
pub(super) fn crosstable_json(t: &Tournament, report: StandingsReport, lang: Lang) -> Value {
    let order = report.tie_break_order.clone();
    let cross = Crosstable::new(report, &t.result_table(None));
    let round_robin = t.system != crate::tournament::pairing::PairingSystem::Swiss;
    let rows: Vec<Value> = cross
        .rows
        .iter()
        .map(|r| {
            let cells: Vec<String> = r
                .rounds
                .iter()
                .map(|c| super::view::cross_cell(c, round_robin, lang))
                .collect();
            with(
                standing_json(t, &r.standing, &order, lang),
                json!({"cells": cells}),
            )
        })
        .collect();
    let rounds: Vec<usize> = (1..=cross.after_round).collect();
    json!({"after_round": cross.after_round, "order": order, "rows": rows, "round_numbers": rounds,
        // The legend's «своб.» also covers a withdrawn opponent by a round robin's table.
        "round_robin": round_robin})
}

/// A file to download: `body` as `kind`, saved as `name`.
fn download(kind: &str, name: &str, body: String) -> Response {
    use axum::response::IntoResponse;
    (
        [
            (axum::http::header::CONTENT_TYPE, kind.to_string()),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /export/trf`: the event as FIDE TRF-16 (`tournament export --format trf`).
pub(super) async fn export_trf(State(app): State<Shared>, q: PageQuery) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let t = match load(&app, lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let path = app.config.state.clone();
    match super::blocking(move || Ok(crate::tournament::journal::read(&path)?)).await {
        Ok(entries) => download(
            "text/plain; charset=utf-8",
            "event.trf",
            crate::formats::trf::Trf::from_tournament_with_journal(&t, &entries).to_string(),
        ),
        Err(e) => error_page(&app, lang, "/", &e),
    }
}

/// `GET /export/state`: the state file itself, for a backup (`tournament export --format json`).
pub(super) async fn export_state(State(app): State<Shared>, q: PageQuery) -> Response {
    let lang = app.lang(q.lang.as_deref());
    match load(&app, lang, "/").await {
        Ok(t) => match serde_json::to_string_pretty(&t) {
            Ok(json) => download("application/json", "event-backup.json", json + "\n"),
            Err(e) => error_page(&app, lang, "/", &WebError::Internal(e.to_string())),
        },
        Err(r) => r,
    }
}

/// `GET /standings.csv`: the standings as the standings page shows them, as CSV
/// ([`StandingsReport::to_csv`], names neutralised for spreadsheets).
pub(super) async fn export_standings_csv(State(app): State<Shared>, q: PageQuery) -> Response {
    let lang = app.lang(q.lang.as_deref());
    match load(&app, lang, "/standings").await {
        Ok(t) => download(
            "text/csv; charset=utf-8",
            "standings.csv",
            app.standings(&t).to_csv(),
        ),
        Err(r) => r,
    }
}

/// `GET /players.csv`: the player list for a spreadsheet, as `tournament export-players`
/// writes it and the import page reads it back ([`crate::formats::player_export::write`]).
pub(super) async fn export_players_csv(State(app): State<Shared>, q: PageQuery) -> Response {
    let lang = app.lang(q.lang.as_deref());
    match load(&app, lang, "/players").await {
        Ok(t) => download(
            "text/csv; charset=utf-8",
            "players.csv",
            crate::formats::player_export::write(&t),
        ),
        Err(r) => r,
    }
}

/// `GET /rounds/{n}/export.csv`: round `n`'s pairings as CSV ([`PairingList::to_csv`], names
/// neutralised for spreadsheets).
pub(super) async fn export_csv(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let t = match load(&app, lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    match PairingList::new(&t, n) {
        Ok(list) => download(
            "text/csv; charset=utf-8",
            &format!("round-{n}.csv"),
            list.to_csv(),
        ),
        Err(e) => error_page(&app, lang, "/", &WebError::from(e)),
    }
}

/// Entries a page of `/log` shows.
const LOG_PAGE: u64 = 50;

/// `GET /log[?page=N]`: the event's journal, newest first, 50 a page (read without the rest of
/// the journal) — when (the server's time zone, named), who, what, with which arguments, the
/// results a result entry recorded and replaced — each undone entry marked, and the button that
/// undoes the last change not undone, naming it and the device it was made from.
pub(super) async fn journal(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-log-title"));
    let t = match load(&app, page.lang, "/").await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let number: u64 = uri
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("page=")))
        .and_then(|n| n.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    let path = app.config.state.clone();
    let log = match super::blocking(move || {
        let log = crate::tournament::journal::read_page(&path, number - 1, LOG_PAGE)?;
        // The entry the button undoes, when it is not on this page.
        let last = match log.last_standing {
            Some(seq) if !log.entries.iter().any(|e| e.seq == seq) => {
                let n = log.total.saturating_sub(seq) / LOG_PAGE;
                crate::tournament::journal::read_page(&path, n, LOG_PAGE)?
                    .entries
                    .into_iter()
                    .find(|e| e.seq == seq)
            }
            Some(seq) => log.entries.iter().find(|e| e.seq == seq).cloned(),
            None => None,
        };
        Ok((log, last))
    })
    .await
    {
        Ok(e) => e,
        Err(e) => return error_page(&app, page.lang, "/", &e),
    };
    let (log, last) = log;
    let rows: Vec<Value> = log
        .entries
        .iter()
        .map(|e| {
            let by = log.undone_by.iter().find(|(u, _)| *u == e.seq).map(|(_, by)| *by);
            json!({
                "seq": e.seq, "time": crate::tournament::journal::local_clock(&e.time),
                "who": e.who.text_in(page.lang), "device": e.who.device,
                "action": crate::tournament::journal::action_text(&e.action, page.lang),
                // An undo names its entry in the "change" column already.
                "args": if e.undoes.is_some() { String::new() } else { crate::tournament::journal::entry_args_text(&e.action, &e.args, page.lang) },
                "results": crate::tournament::journal::results_text(&e.results, page.lang),
                "undone_by": by, "undoes": e.undoes,
            })
        })
        .collect();
    // The creation of the event is not undone: no button for it. The undo is of the event's
    // last change, whichever group it was in: its group, round and board are named beside.
    let undo = last.filter(|e| e.version_before.is_some()).map(|e| {
        json!({
            "seq": e.seq, "about": super::history::undo_about(&e.args, page.lang),
            "text": page.lang.fmt("web-log-undo-entry", &[
                ("seq", &e.seq.to_string()),
                ("action", &crate::tournament::journal::action_text(&e.action, page.lang)),
                ("who", &e.who.text_in(page.lang)),
            ]),
        })
    });
    let (first, last_seq) = (
        log.entries.last().map_or(0, |e| e.seq),
        log.entries.first().map_or(0, |e| e.seq),
    );
    render(
        &app,
        "log.html",
        &page,
        with(
            event_data(&t, page.lang),
            json!({"entries": rows, "version": version(&t), "undo": undo,
                   "zone": crate::tournament::journal::local_zone_text(page.lang),
                   "page": number, "newer": (number > 1).then(|| number - 1),
                   "older": (number * LOG_PAGE < log.total).then(|| number + 1),
                   "first": first, "last": last_seq, "total": log.total}),
        ),
    )
}
