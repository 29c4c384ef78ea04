//! Who changes the event from the desk, as the journal records it
//! ([`crate::tournament::journal`]): the client's address and browser, the action named from
//! the request's path and the form's fields, kept for the request by a middleware.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::http::header;
use axum::middleware;
use axum::response::Response;

use crate::tournament::journal::{Act, Who};

/// The request being served as the journal names it: the client's address and browser, the
/// path, and the form's fields (added by the form extractor, [`note_fields`]).
#[derive(Clone, Debug, Default)]
struct Caller {
    address: Option<String>,
    device: Option<String>,
    path: String,
    args: serde_json::Map<String, serde_json::Value>,
    /// The group the request asks for: named by itself (`?group=N`, a form's `group`
    /// field), else the desk's cookie `arbiter_group`.
    group: GroupAsk,
    /// The event's groups' names and the one shown, once the event is read: named on the
    /// pages only when there are two or more.
    shown: Option<(Vec<String>, usize)>,
    /// The language the request is answered in ([`note_lang`]); `None` before the guard
    /// has read it.
    lang: Option<crate::i18n::Lang>,
}

/// The group a request asks the desk for.
///
/// A form carries the group its page showed (the hidden field `group`) and a link or an API
/// call may name one (`?group=N`): such a request is about THAT group, and one the event does
/// not have is refused, never taken for the first ([`super::groups`]). The cookie the chooser
/// sets is only the default of a request that names none (the pages' links).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) enum GroupAsk {
    /// No group named and no cookie: the first group.
    #[default]
    None,
    /// The cookie's group (its index, from 0; the first when the event has no such group).
    Cookie(usize),
    /// The group the request names, as written (an index from 0 once checked).
    Named(String),
}

/// The cookie that keeps the group the desk shows (its index, from 0), set by `/group/{i}`.
pub(super) const GROUP_COOKIE: &str = "arbiter_group";

tokio::task_local! {
    static CALLER: Arc<std::sync::Mutex<Caller>>;
}

/// Middleware: serves the request with its [`Caller`] known to [`App::change`] and
/// [`caller_act`] (the address from the connection, when served with it).
pub(super) async fn journal_scope(req: axum::extract::Request, next: middleware::Next) -> Response {
    let address = req
        .extensions()
        .get::<axum::extract::ConnectInfo<SocketAddr>>()
        .map(|c| c.0.to_string());
    let device = req
        .headers()
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    // `?group=N` (a link, a printout made by address, the API) before the cookie the chooser
    // sets; a form's field `group` is read with the form ([`note_fields`]).
    let named =
        axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(req.uri())
            .ok()
            .and_then(|q| q.0.get("group").cloned());
    let group = match named {
        Some(g) => GroupAsk::Named(g),
        None => super::cookie(req.headers(), GROUP_COOKIE)
            .and_then(|g| g.parse().ok())
            .map_or(GroupAsk::None, GroupAsk::Cookie),
    };
    let caller = Caller {
        address,
        device,
        path: req.uri().path().to_string(),
        args: serde_json::Map::new(),
        group,
        shown: None,
        lang: None,
    };
    CALLER
        .scope(Arc::new(std::sync::Mutex::new(caller)), next.run(req))
        .await
}

/// `work` made to run, on another thread, as part of the request being served (a blocking
/// thread knows nothing of the request's task): the event it reads notes the group shown for
/// the page it renders ([`note_shown`]), the forms it renders carry that group.
pub(super) fn carried<R>(work: impl FnOnce() -> R) -> impl FnOnce() -> R {
    let caller = CALLER.try_with(Arc::clone).ok();
    move || match caller {
        Some(c) => CALLER.sync_scope(c, work),
        None => work(),
    }
}

/// Notes the language the request is answered in: its `?lang=`, else the first language
/// of its `Accept-Language` the desk speaks, else the desk's `--lang` (`desk`).
pub(super) fn note_lang(req: &axum::extract::Request, desk: crate::i18n::Lang) {
    use crate::i18n::Lang;
    let asked =
        axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(req.uri())
            .ok()
            .and_then(|q| q.0.get("lang").and_then(|l| Lang::parse(l)));
    let accepted = || {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').find_map(|l| Lang::parse(l.split(';').next()?)))
    };
    let lang = asked.or_else(accepted).unwrap_or(desk);
    let _ = CALLER.try_with(|c| {
        if let Ok(mut c) = c.lock() {
            c.lang = Some(lang);
        }
    });
}

/// The language the request is answered in ([`note_lang`]); English outside a request.
pub(super) fn request_lang() -> crate::i18n::Lang {
    CALLER
        .try_with(|c| c.lock().ok().and_then(|c| c.lang))
        .ok()
        .flatten()
        .unwrap_or(crate::i18n::Lang::En)
}

/// The group the request asks the desk for ([`GroupAsk::None`] outside a request).
pub(super) fn asked_group() -> GroupAsk {
    CALLER
        .try_with(|c| c.lock().map(|c| c.group.clone()).unwrap_or_default())
        .unwrap_or_default()
}

/// `&group=N` when the request named group `N` (a number), else empty: the address the
/// desk sends a form back to keeps the group the form was about.
pub(super) fn named_group_query() -> String {
    match asked_group() {
        GroupAsk::Named(g) => g
            .trim()
            .parse::<usize>()
            .map_or(String::new(), |g| format!("&group={g}")),
        GroupAsk::Cookie(_) | GroupAsk::None => String::new(),
    }
}

/// Notes the group a form names (its field `group`: the group its page showed): the request
/// is about that group whatever the cookie says now.
pub(super) fn note_group(field: Option<&String>) {
    let Some(g) = field else { return };
    let _ = CALLER.try_with(|c| {
        if let Ok(mut c) = c.lock() {
            c.group = GroupAsk::Named(g.clone());
        }
    });
}

/// Notes the event's groups and the one the desk shows for this request (the pages name
/// them).
pub(super) fn note_shown(names: Vec<String>, shown: usize) {
    let _ = CALLER.try_with(|c| {
        if let Ok(mut c) = c.lock() {
            c.shown = Some((names, shown));
        }
    });
}

/// The index of the group shown, once the event was read for the request.
pub(super) fn shown_index() -> Option<usize> {
    CALLER
        .try_with(|c| c.lock().ok().and_then(|c| c.shown.as_ref().map(|s| s.1)))
        .ok()
        .flatten()
}

/// The event's groups and the one shown, when the event has two or more.
pub(super) fn shown_groups() -> Option<(Vec<String>, usize)> {
    CALLER
        .try_with(|c| c.lock().ok().and_then(|c| c.shown.clone()))
        .ok()
        .flatten()
        .filter(|(names, _)| names.len() > 1)
}

/// `&group=N` for the group a page of an event of two groups or more shows, else empty
/// (an event of one group keeps its addresses). Every link a desk page makes carries it
/// (the templates' `q`, [`super::view`]): a link followed in a tab opened on group N opens
/// group N, whatever another tab chose since (the cookie only decides for a request that
/// names no group).
pub(super) fn group_query() -> String {
    shown_groups().map_or(String::new(), |(_, i)| format!("&group={i}"))
}

/// Keeps a form's fields as the journal entry's arguments: not the form key, the token, the
/// language or the version it was shown at, nor a whole document carried along (a verdict's
/// JSON, an uploaded list, any field over 200 bytes but the arbiter's `note`: the change
/// records what they decided). The group the form names is noted ([`note_group`]); the
/// entry names it by its name ([`super::groups::apply`]).
pub(super) fn note_fields(fields: &std::collections::HashMap<String, String>) {
    note_group(fields.get("group"));
    let _ = CALLER.try_with(|c| {
        if let Ok(mut c) = c.lock() {
            // The form's language is the page's: its refusals are said in it.
            if let Some(lang) = fields.get("lang").and_then(|l| crate::i18n::Lang::parse(l)) {
                c.lang = Some(lang);
            }
            for (k, v) in fields {
                // The arbiter's note on a correction is kept whole: it is why the result changed.
                let bulky = matches!(k.as_str(), "verdict" | "log" | "list")
                    || (v.len() > 200 && k != "note");
                if !bulky && !matches!(k.as_str(), "csrf" | "token" | "lang" | "version" | "group")
                {
                    c.args
                        .insert(k.clone(), serde_json::Value::String(v.clone()));
                }
            }
        }
    });
}

/// Notes `key` as one of the journal entry's arguments unless the form sent it (the board a
/// typed entry «2 0-1» names, as the board's button sends it: the journal and its undo name
/// the board).
pub(super) fn note_arg(key: &str, value: serde_json::Value) {
    let _ = CALLER.try_with(|c| {
        if let Ok(mut c) = c.lock() {
            c.args.entry(key.to_string()).or_insert(value);
        }
    });
}

/// The journal's record of the request being served: the desk, the client, the action named
/// from the path ([`action_of`]) and the form's fields with the round and board of the path.
pub(super) fn caller_act() -> Act {
    let c = CALLER
        .try_with(|c| c.lock().map(|c| c.clone()).unwrap_or_default())
        .unwrap_or_default();
    let mut args = c.args;
    let parts: Vec<&str> = c.path.split('/').filter(|p| !p.is_empty()).collect();
    for w in parts.windows(2) {
        if let Ok(n) = w[1].parse::<u32>() {
            match w[0] {
                "rounds" => args.insert("round".into(), n.into()),
                "boards" => args.insert("board".into(), n.into()),
                _ => None,
            };
        }
    }
    let action = action_of(&c.path, &args);
    Act::new(
        Who::desk(c.address, c.device),
        &action,
        serde_json::Value::Object(args),
    )
}

/// The journal's action (a field term) for a change made at `path`: `result`,
/// `correct-result`, `pair`, `withdraw`…; the path itself when it has none.
fn action_of(path: &str, args: &serde_json::Map<String, serde_json::Value>) -> String {
    let parts: Vec<&str> = path
        .split('/')
        .filter(|p| !p.is_empty() && *p != "api" && p.parse::<u32>().is_err())
        .collect();
    let correct = args
        .get("correct")
        .is_some_and(|v| !matches!(v.as_str(), Some("" | "0" | "false")));
    let name = match parts.as_slice() {
        ["event"] => "edit-event",
        ["event", "fide-mode"] => "fide-mode",
        ["categories", "add"] => "category-add",
        ["categories", "edit"] => "category-edit",
        ["categories", "delete"] => "category-delete",
        ["categories", "settings"] => "prize-settings",
        ["players"] => "add-player",
        ["players", "edit"] => "edit-player",
        ["players", "delete"] => "delete-player",
        ["players", "withdraw"] => "withdraw",
        ["players", "return"] => "cancel-withdrawal",
        ["players", "forbid"] => "forbid",
        ["players", "unforbid"] => "unforbid",
        ["players", "rank"] => "start-list",
        ["players", "disqualify"] => "disqualify",
        ["players", "bye"] => "bye",
        ["players", "import", "confirm"] => "add-players",
        ["rounds", "next"] => "pair",
        ["rounds", "next", "manual", "confirm"] => "pair-manual",
        ["rounds", "unpair"] => "unpair",
        ["rounds", "result"] | ["rounds", "boards", "result"] if correct => "correct-result",
        ["rounds", "result"] | ["rounds", "boards", "result"] => "result",
        ["rounds", "judge", "confirm"] => "judged-result",
        ["rounds", "adjudicate", "confirm"] => "adjudicated-result",
        ["rounds", "live", "record"] | ["rounds", "boards", "record"] => "live-result",
        ["rounds", "live", "playout"] | ["rounds", "playout"] => "play-out",
        ["rounds", "live", "notice"] | ["rounds", "boards", "notice"] => "live-notice",
        ["rounds", "live", "settle"] | ["rounds", "boards", "settle"] => "live-settle",
        ["live", "assign"] => "eboard-assign",
        ["live", "settings"] => "live-settings",
        _ => return path.to_string(),
    };
    name.to_string()
}
