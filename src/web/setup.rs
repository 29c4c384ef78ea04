//! The event set up on the desk: `arbiter serve FILE` with no such file opens `/setup`, a form
//! of the event's name, dates, venue, arbiters, rule preset, the tie-break order (C.07 2.1,
//! the children's default shown) and its groups with their systems and rounds. Sent, it
//! creates the event's database with the calls `arbiter tournament new` and `tournament group
//! add` make ([`Tournament::edit_event`], [`journal::create`], [`Event::add_group`] through
//! [`journal::apply_event`]). Until then every other page leads to the form
//! ([`gate`]); afterwards `/setup` leads to the event's page, where the same settings stay
//! editable while they can change.
//!
//! The tie-break choice (here and on `/event`) is a row of lists, one per place in the
//! order, each offering the whole C.07 list: a form that needs no script.

use std::sync::atomic::Ordering;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{Value, json};

use super::actions::Fields;
use super::extract::{FormFields, PageQuery, is_api};
use super::guard::CSRF_FIELD;
use super::view::{error_page, render};
use super::{Shared, WebError};
use crate::game::preset::Preset;
use crate::i18n::Lang;
use crate::tournament::event::{Event, EventDetails};
use crate::tournament::journal::{self, Act};
use crate::tournament::pairing::PairingSystem;
use crate::tournament::record::{self, FileKind};
use crate::tournament::standings::ROUND_ROBIN_ORDER;
use crate::tournament::tiebreak::TieBreak;
use crate::tournament::{Tournament, TournamentError};

/// How many places of the tie-break order a form offers (the longest preset's list is 6).
pub(super) const TIE_BREAK_PLACES: usize = 8;

/// How many groups the setup form offers (more are added on `/event` afterwards).
const GROUP_ROWS: usize = 4;

/// The pairing systems as the forms offer them: `(value, message id)`.
const SYSTEMS: [(&str, PairingSystem); 3] = [
    ("swiss", PairingSystem::Swiss),
    ("round-robin", PairingSystem::RoundRobin),
    ("double-round-robin", PairingSystem::DoubleRoundRobin),
];

/// Whether the event's file exists yet (checked again while it does not: the CLI may have
/// made it meanwhile).
fn created(app: &Shared) -> bool {
    if app.created.load(Ordering::Relaxed) {
        return true;
    }
    let now = record::kind_of(&app.config.state) != FileKind::Missing;
    if now {
        app.created.store(true, Ordering::Relaxed);
    }
    now
}

/// Middleware: while the event's file does not exist, every page leads to `/setup` (303) and
/// every change other than the setup's own is refused in words (409; JSON under `/api/`);
/// once it exists, `/setup` leads to the event's page. Runs after [`super::guard`]: the token,
/// the origin and the host are checked first, as for every page.
pub(super) async fn gate(State(app): State<Shared>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let lang = app.lang(PageQuery::of(req.uri()).lang.as_deref());
    if created(&app) {
        if path == "/setup" && req.method() == Method::GET {
            return Redirect::to(&format!("/event?lang={}", lang.code())).into_response();
        }
        return next.run(req).await;
    }
    if matches!(path, "/setup" | "/desk.js" | "/live.js") {
        return next.run(req).await;
    }
    if is_api(req.uri()) {
        let body = json!({ "error": Lang::En.msg("web-setup-first") });
        return (StatusCode::CONFLICT, axum::Json(body)).into_response();
    }
    if matches!(*req.method(), Method::GET | Method::HEAD) {
        return Redirect::to(&format!("/setup?lang={}", lang.code())).into_response();
    }
    error_page(
        &app,
        lang,
        "/setup",
        &WebError::Conflict(lang.msg("web-setup-first")),
    )
}

/// The tie-breaks a form's lists offer: `{value, label}` in C.07's order.
pub(super) fn tie_break_options(lang: Lang) -> Vec<Value> {
    TieBreak::ALL
        .iter()
        .map(|tb| {
            let key = tb.key();
            json!({"value": key, "label": format!("{} — {}", tb.trf_code(), lang.msg(&format!("tb-{key}")))})
        })
        .collect()
}

/// An order as the form's lists show it: [`TIE_BREAK_PLACES`] keys, `""` for a place left
/// empty.
pub(super) fn tie_break_places(order: &[TieBreak]) -> Vec<&'static str> {
    (0..TIE_BREAK_PLACES.max(order.len()))
        .map(|i| order.get(i).map_or("", |tb| tb.key()))
        .collect()
}

/// An order written out for a hint: `BH/C1, BH, SB…`.
pub(super) fn order_text(order: &[TieBreak]) -> String {
    order
        .iter()
        .map(|tb| tb.trf_code())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The tie-break order a form sent in its lists `tb1`, `tb2`, … (places left empty are
/// skipped); `None` when the form has no such list.
///
/// # Errors
/// [`WebError::BadRequest`] for a value that is no C.07 tie-break.
pub(super) fn sent_order(f: &Fields, lang: Lang) -> Result<Option<Vec<TieBreak>>, WebError> {
    if !f.0.keys().any(|k| k.starts_with("tb")) {
        return Ok(None);
    }
    let mut order = Vec::new();
    for i in 1..=TIE_BREAK_PLACES.max(f.0.len()) {
        if let Some(v) = f.get(&format!("tb{i}")) {
            order.push(TieBreak::parse(&v).map_err(|_| {
                WebError::BadRequest(lang.fmt("web-error-tie-break", &[("value", &v)]))
            })?);
        }
    }
    Ok(Some(order))
}

/// A pairing system as the forms send it.
///
/// # Errors
/// [`WebError::BadRequest`] for another value.
pub(super) fn sent_system(value: &str, lang: Lang) -> Result<PairingSystem, WebError> {
    SYSTEMS
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, s)| *s)
        .ok_or_else(|| WebError::BadRequest(lang.fmt("web-error-system", &[("value", value)])))
}

/// The systems a form's list offers, `{value, label}`.
pub(super) fn system_options(lang: Lang) -> Vec<Value> {
    SYSTEMS
        .iter()
        .map(|(v, s)| json!({"value": v, "label": crate::tournament::words::system_text(*s, lang)}))
        .collect()
}

/// The value the forms send for `system`.
pub(super) fn system_value(system: PairingSystem) -> &'static str {
    SYSTEMS
        .iter()
        .find(|(_, s)| *s == system)
        .map_or("swiss", |(v, _)| v)
}

/// The rule presets as the forms' list offers them, `{value, label}`.
pub(super) fn presets(lang: Lang) -> Vec<Value> {
    [Preset::DetskyMat, Preset::Fide]
        .iter()
        .map(|p| json!({"value": p.name(), "label": lang.msg(&format!("web-preset-{}", p.name()))}))
        .collect()
}

/// What the event page's group settings show: the group's system and the lists of its
/// tie-break order (`system`, `systems`, `tie_breaks`, `places`, `tb_shown`, `default_order`).
pub(super) fn group_fields(t: &Tournament, lang: Lang) -> Value {
    let order = t.tie_break_settings().order;
    json!({
        "system": system_value(t.system),
        "systems": system_options(lang),
        "tie_breaks": tie_break_options(lang),
        "places": tie_break_places(&order),
        "tb_shown": order_text(&order),
        "default_order": order_text(crate::tournament::standings::default_order(t, t.preset())),
    })
}

/// `GET /setup`: the form that creates the event (only while its file does not exist).
pub(super) async fn form(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-setup-title"));
    let lang = page.lang;
    let children = Preset::DetskyMat.order();
    let file = app
        .config
        .state
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    render(
        &app,
        "setup.html",
        &page,
        json!({
            "file": file,
            "presets": presets(lang),
            "systems": system_options(lang),
            "tie_breaks": tie_break_options(lang),
            "places": tie_break_places(children),
            "children_order": order_text(children),
            "fide_order": order_text(Preset::Fide.order()),
            "round_robin_order": order_text(&ROUND_ROBIN_ORDER),
            "rows": (1..=GROUP_ROWS).collect::<Vec<_>>(),
            "max_rounds": crate::tournament::event::MAX_ROUNDS,
        }),
    )
}

/// One group as the setup form gives it.
struct GroupRow {
    name: String,
    system: PairingSystem,
    rounds: u32,
}

/// What the setup form sent, read.
struct Setup {
    name: String,
    preset: Preset,
    details: EventDetails,
    order: Option<Vec<TieBreak>>,
    groups: Vec<GroupRow>,
}

/// Reads the setup form: the first group row always counts (its name may be empty for an
/// event of one group), another only when named.
fn read(f: &Fields, lang: Lang) -> Result<Setup, WebError> {
    let preset = super::actions::preset_field(f, lang)?.unwrap_or(Preset::DetskyMat);
    let details = super::actions::details_fields(f);
    let mut groups = Vec::new();
    for i in 1..=GROUP_ROWS {
        let name = f.get(&format!("group{i}_name")).unwrap_or_default();
        if i > 1 && name.is_empty() {
            continue;
        }
        let system = match f.get(&format!("group{i}_system")) {
            Some(s) => sent_system(&s, lang)?,
            None => PairingSystem::Swiss,
        };
        let rounds = f.number::<u32>(&format!("group{i}_rounds"))?.unwrap_or(4);
        if rounds == 0 {
            return Err(WebError::BadRequest(lang.msg("web-error-no-rounds")));
        }
        groups.push(GroupRow {
            name,
            system,
            rounds,
        });
    }
    Ok(Setup {
        name: f.get("name").unwrap_or_default(),
        preset,
        details,
        order: sent_order(f, lang)?,
        groups,
    })
}

/// A group's record as set up: its system, and the order chosen when it is a Swiss (a round
/// robin keeps its own default, C.07's SB, DE, WIN, KS, changed on `/event` if need be).
fn set_up(
    t: &mut Tournament,
    row: &GroupRow,
    order: Option<&Vec<TieBreak>>,
) -> Result<(), TournamentError> {
    t.set_system(row.system)?;
    if let Some(order) = order.filter(|_| row.system.is_swiss()) {
        t.set_tie_break_order(order.clone())?;
    }
    Ok(())
}

/// The event as set up, checked whole before anything is written: the first group (with the
/// event's settings) and the others.
fn event_of(s: &Setup) -> Result<(Tournament, Event), TournamentError> {
    let first = &s.groups[0];
    let mut t = Tournament::new(&s.name, first.rounds);
    t.edit_event(&s.name, first.rounds, s.preset, s.details.clone())?;
    set_up(&mut t, first, s.order.as_ref())?;
    let mut e = Event::single(t.clone());
    for (n, row) in s.groups.iter().enumerate().skip(1) {
        let first_name = (n == 1 && !first.name.is_empty()).then_some(first.name.as_str());
        let i = e.add_group(&row.name, row.system, row.rounds, first_name)?;
        let mut g = e.group(i);
        set_up(&mut g, row, s.order.as_ref())?;
        e.set_group(i, g);
    }
    Ok((t, e))
}

/// `POST /setup`: creates the event (the form key and the token checked as for every form).
/// Refused in words when the file exists by now (another tab, the CLI) or a setting is
/// wrong; nothing is written then.
pub(super) async fn create(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let checked = app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang);
    let done = match checked.and_then(|()| read(&f, lang)) {
        Ok(setup) => {
            let app2 = app.clone();
            let who = super::caller::caller_act().who;
            super::blocking(move || write(&app2, setup, who, lang)).await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => {
            app.created.store(true, Ordering::Relaxed);
            Redirect::to(&format!("/players?lang={}&saved=1", lang.code())).into_response()
        }
        Err(e) => error_page(&app, lang, "/setup", &e),
    }
}

/// Writes the event set up: `tournament new`'s entry, then one `group-add` entry per other
/// group, as the CLI journals them. One setup at a time (two tabs sending the form at once:
/// the second is refused, the file being there).
fn write(app: &Shared, s: Setup, who: journal::Who, lang: Lang) -> Result<(), WebError> {
    let (t, e) = event_of(&s)?;
    let _one = app
        .setup_lock
        .lock()
        .map_err(|_| WebError::Internal("the setup's lock".into()))?;
    let path = &app.config.state;
    if !record::is_free(path) {
        return Err(WebError::Conflict(lang.msg("web-setup-exists")));
    }
    let first = &s.groups[0];
    let args = json!({"name": t.name, "rounds": first.rounds, "preset": s.preset.name(),
        "system": (!first.system.is_swiss()).then(|| first.system.name())});
    journal::create::<WebError>(path, Act::new(who.clone(), "new", args), &t)?;
    let names = e.names();
    for (i, row) in s.groups.iter().enumerate().skip(1) {
        let args = json!({"name": row.name, "system": row.system.name(), "rounds": row.rounds,
            "first": (i == 1).then(|| names[0].clone())});
        let act = Act::new(who.clone(), "group-add", args);
        journal::apply_event::<_, WebError>(path, act, |ev| {
            let added = e.group(i);
            let first_name = (i == 1).then(|| names[0].as_str());
            let j = ev.add_group(&names[i], added.system, added.total_rounds, first_name)?;
            let mut g = ev.group(j);
            g.tie_breaks = added.tie_breaks.clone();
            ev.set_group(j, g);
            Ok(())
        })?;
    }
    Ok(())
}
