//! The desk's groups: the group a request shows (the one it names — a form's hidden field
//! `group`, `?group=N` — else the cookie `arbiter_group`, chosen on any page once the event
//! has two groups: `/group/{i}`), read and changed as a [`Tournament`] of its own with the
//! event's settings, and every group's last round at a glance (`/groups`). A group named that
//! the event does not have is refused ([`NoSuchGroup`]). An event of one group shows no group
//! anywhere.

use std::path::Path;

use axum::extract::{Path as UrlPath, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::caller::{GROUP_COOKIE, GroupAsk};
use super::extract::PageQuery;
use super::view::{error_page, render};
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::event::Event;
use crate::tournament::journal::{Act, JournalError};
use crate::tournament::record;
use crate::tournament::store::StoreError;

/// A group a request names (`?group=N`, a form's field `group`) that the event does not have:
/// `asked` as written, `names` the event's groups in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct NoSuchGroup {
    /// The group as the request wrote it (an index from 0 is expected).
    pub asked: String,
    /// The event's groups' names, the first first.
    pub names: Vec<String>,
}

/// The event's groups as a refusal lists them, each with the index a request names it by:
/// `«A» (0), «B» (1)`.
pub(super) fn listed(names: &[String]) -> String {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("«{n}» ({i})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The group a request is about: the one it names, which the event must have (else
/// [`NoSuchGroup`]: a change meant for one group is never made in another); else the
/// cookie's when the event has it; else the first.
///
/// # Errors
/// [`NoSuchGroup`] for a named group that is not an index below the event's groups' count.
pub(super) fn shown(e: &Event, asked: &GroupAsk) -> Result<usize, NoSuchGroup> {
    match asked {
        GroupAsk::Named(raw) => raw
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&i| i < e.len())
            .ok_or_else(|| NoSuchGroup {
                asked: raw.clone(),
                names: e.names(),
            }),
        GroupAsk::Cookie(i) if *i < e.len() => Ok(*i),
        GroupAsk::Cookie(_) | GroupAsk::None => Ok(0),
    }
}

/// The event at `path` read for a page: the group shown (with the event's settings), the
/// groups' names and the index of the one shown.
///
/// # Errors
/// [`WebError::Store`]; [`WebError::NoSuchGroup`].
pub(super) fn load(
    path: &Path,
    asked: &GroupAsk,
) -> Result<(Tournament, Vec<String>, usize), WebError> {
    let e = record::load_any_event(path)?;
    let i = shown(&e, asked)?;
    Ok((e.group(i), e.names(), i))
}

/// A change of the group the request is about ([`shown`], [`record::apply_event_as`]); the
/// journal's entry names the group when the event has two or more.
///
/// # Errors
/// [`StoreError`], [`NoSuchGroup`] (converted into `E`; nothing changed); `change`'s own
/// error.
pub(super) fn apply<T, E: From<StoreError> + From<JournalError> + From<NoSuchGroup>>(
    path: &Path,
    act: Act,
    asked: &GroupAsk,
    change: impl FnOnce(&mut Tournament) -> Result<T, E>,
) -> Result<T, E> {
    record::apply_event_as(
        path,
        |e| {
            let mut act = act;
            if e.len() > 1
                && let Some(m) = act.args.as_object_mut()
            {
                // A group the event has not is refused below, before anything is written.
                let i = shown(e, asked).unwrap_or(0);
                m.insert("group".into(), e.names()[i].clone().into());
            }
            act
        },
        |e| {
            let i = shown(e, asked)?;
            let mut t = e.group(i);
            let out = change(&mut t)?;
            e.set_group(i, t);
            Ok(out)
        },
    )
}

/// `GET /group/{i}?back=PATH`: the desk shows group `i` from now on (a cookie), back on the
/// page the arbiter was on (a path of the desk; else the event's page).
pub(super) async fn choose(UrlPath(i): UrlPath<String>, uri: Uri) -> Response {
    let q = PageQuery::of(&uri);
    let back =
        axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(&uri)
            .ok()
            .and_then(|q| q.0.get("back").cloned())
            .filter(|b| b.starts_with('/') && !b.starts_with("//") && !b.contains(['\r', '\n']))
            .unwrap_or_else(|| "/".into());
    let lang = q.lang.map(|l| format!("?lang={l}")).unwrap_or_default();
    let Ok(i) = i.parse::<usize>() else {
        return (StatusCode::NOT_FOUND, "no such group").into_response();
    };
    (
        StatusCode::SEE_OTHER,
        [
            (header::LOCATION, format!("{back}{lang}")),
            (
                header::SET_COOKIE,
                format!("{GROUP_COOKIE}={i}; Path=/; SameSite=Lax"),
            ),
        ],
    )
        .into_response()
}

/// `GET /groups`: every group at a glance — its system, players, rounds paired, and its last
/// round's boards with the results in (the arbiter's "all groups' round 2").
pub(super) async fn overview(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-groups-title"));
    let path = app.config.state.clone();
    let asked = super::caller::asked_group();
    let loaded = super::blocking(move || {
        let e = record::load_any_event(&path)?;
        let i = shown(&e, &asked)?;
        Ok((e, i))
    });
    let (e, i) = match loaded.await {
        Ok(e) => e,
        Err(err) => return error_page(&app, page.lang, "/", &err),
    };
    super::caller::note_shown(e.names(), i);
    let groups: Vec<Value> = (0..e.len()).map(|i| group_row(&e, i, page.lang)).collect();
    render(
        &app,
        "groups.html",
        &page,
        json!({"event": e.first().name, "overview": groups}),
    )
}

/// One group's line on `/groups`.
fn group_row(e: &Event, i: usize, lang: Lang) -> Value {
    let t = e.group(i);
    let paired = t.paired_rounds();
    let round = t.round(paired);
    let boards: Vec<Value> = round
        .map(|r| {
            r.games
                .iter()
                .map(|g| {
                    let name = |tpn| t.player(tpn).map_or(String::new(), |p| p.name.clone());
                    json!({"board": g.board, "white": name(g.white), "black": name(g.black),
                       "result": g.result.map(|r| super::results::shown(&r.notation().replace('½', "1/2")).to_string())})
                })
                .collect()
        })
        .unwrap_or_default();
    let done = boards.iter().filter(|b| !b["result"].is_null()).count();
    json!({
        "index": i,
        "name": e.names()[i],
        "system": crate::tournament::words::system_text(t.system, lang),
        "players": t.players.len(),
        "paired": paired,
        "total": t.total_rounds,
        "boards": boards,
        "done": done,
    })
}

/// `POST /groups/add` (`group_name`, `group_system`, `group_rounds`, and `first_name` while
/// the event has one group): adds a group as `arbiter tournament group add` does
/// ([`Event::add_group`]), journalled as `group-add`; the desk shows the new group next.
pub(super) async fn add(
    axum::extract::State(app): axum::extract::State<Shared>,
    headers: axum::http::HeaderMap,
    super::extract::FormFields(form): super::extract::FormFields,
) -> Response {
    use super::actions::Fields;
    let f = Fields(form);
    let lang = f.lang(&app);
    let checked = app.check_form(&headers, f.get(super::guard::CSRF_FIELD).as_deref(), lang);
    let parsed = checked.and_then(|()| {
        let system = super::setup::sent_system(
            &f.get("group_system").unwrap_or_else(|| "swiss".into()),
            lang,
        )?;
        let rounds = f.required::<u32>("group_rounds")?;
        if rounds == 0 {
            return Err(WebError::BadRequest(lang.msg("web-error-no-rounds")));
        }
        let name = f.get("group_name").unwrap_or_default();
        Ok((name, system, rounds, f.get("first_name")))
    });
    // A change started is written whole before the desk stops; none starts after.
    let writing = app.gate.writing();
    let parsed = parsed.and_then(|p| writing.as_ref().map(|_| p).ok_or(WebError::Stopping));
    let done = match parsed {
        Ok((name, system, rounds, first)) => {
            let path = app.config.state.clone();
            let mut act = super::caller::caller_act();
            act.action = "group-add".into();
            act.args =
                json!({"name": name, "system": system.name(), "rounds": rounds, "first": first});
            super::blocking(move || {
                crate::tournament::journal::apply_event::<_, WebError>(&path, act, |e| {
                    Ok(e.add_group(&name, system, rounds, first.as_deref())?)
                })
            })
            .await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(i) => (
            StatusCode::SEE_OTHER,
            [
                (
                    header::LOCATION,
                    format!("/event?lang={}&saved=1", lang.code()),
                ),
                (
                    header::SET_COOKIE,
                    format!("{GROUP_COOKIE}={i}; Path=/; SameSite=Lax"),
                ),
            ],
        )
            .into_response(),
        Err(e) => error_page(&app, lang, "/event", &e),
    }
}

/// The groups a child of the group shown can be moved to, for the players page's edit form
/// (`index`, `name`): every other group of the event; empty for an event of one group.
pub(super) fn move_targets() -> Value {
    let Some((names, shown)) = super::caller::shown_groups() else {
        return json!([]);
    };
    json!(
        names
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != shown)
            .map(|(i, n)| json!({"index": i, "name": n}))
            .collect::<Vec<_>>()
    )
}

/// `POST /players/move` (`player`: the child's starting rank in the group the page showed,
/// the form's `group`; `to`: the index of the group he goes to; `version`: the child's record
/// as the form showed it): moves a child entered in the wrong group, as `arbiter tournament
/// group move` does ([`Event::move_player`]: only while neither group has round 1 paired,
/// C.04.2; both start lists ranked again), journalled as `group-move` with both groups' names
/// (the journal's undo puts him back). A refusal is the library's, in the page's language.
/// The desk then shows the players of the group he went to, his new line among them.
pub(super) async fn move_player(
    State(app): State<Shared>,
    headers: axum::http::HeaderMap,
    super::extract::FormFields(form): super::extract::FormFields,
) -> Response {
    use super::actions::Fields;
    let f = Fields(form);
    let lang = f.lang(&app);
    let checked = app.check_form(&headers, f.get(super::guard::CSRF_FIELD).as_deref(), lang);
    let parsed = checked.and_then(|()| Ok((f.required::<u16>("player")?, f.get("to"))));
    let (tpn, to) = match parsed {
        Ok(p) => p,
        Err(e) => return error_page(&app, lang, "/players", &e),
    };
    // A change started is written whole before the desk stops; none starts after.
    let Some(_writing) = app.gate.writing() else {
        return error_page(&app, lang, "/players", &WebError::Stopping);
    };
    let path = app.config.state.clone();
    let asked = super::caller::asked_group();
    let seen = f.get("version");
    let act = super::caller::caller_act();
    let to_named = to.clone().unwrap_or_default();
    let done = super::blocking(move || {
        record::apply_event_as(
            &path,
            |e| {
                let mut act = act;
                act.action = "group-move".into();
                let names = e.names();
                let from = shown(e, &asked).unwrap_or(0);
                let to_name = to
                    .as_deref()
                    .and_then(|t| t.parse::<usize>().ok())
                    .and_then(|t| names.get(t).cloned());
                act.args = json!({"group": names[from], "player": tpn, "to": to_name,
                    "name": e.group(from).player(tpn).map(|p| p.name.clone())});
                act
            },
            |e| -> Result<usize, WebError> {
                let from = shown(e, &asked)?;
                // The group to go to: one the event has, as a group named anywhere.
                let to = shown(e, &GroupAsk::Named(to_named))?;
                if let Some(seen) = seen.filter(|s| !s.is_empty())
                    && !super::still_current(&seen, &e.group(from))
                {
                    return Err(super::stale(&seen, &e.group(from)));
                }
                e.move_player(from, tpn, to)?;
                Ok(to)
            },
        )
    })
    .await;
    match done {
        Ok(to) => {
            app.live.reload_screens();
            (
                StatusCode::SEE_OTHER,
                [(
                    header::LOCATION,
                    format!("/players?lang={}&saved=1&group={to}", lang.code()),
                )],
            )
                .into_response()
        }
        Err(e) => error_page(&app, lang, "/players", &e),
    }
}
