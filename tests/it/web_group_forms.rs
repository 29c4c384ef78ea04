//! A change made on the desk goes to the group the page showed when its form was made, never
//! to the group the desk's cookie names by the time the form is sent (a second tab chose
//! another group): a result, a player registered, a category, a withdrawal. A request naming a
//! group the event does not have (`?group=7`, `?group=abc`, a form's field) is refused in
//! words naming the groups there are, and changes nothing. Requests go to the `Router` itself.

use std::path::Path;

use crate::common::ok;
use crate::web_api::{config, send};
use crate::web_publish::{GROUPS, OLDER, YOUNGER, two_groups};
use arbiter::tournament::event::Event;
use arbiter::tournament::journal;
use arbiter::tournament::record::load_any_event;
use axum::http::StatusCode;

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");
/// The desk's cookie after another tab chose the second group.
const SECOND: (&str, &str) = ("cookie", "arbiter_group=1");

/// `text` as a form field's value.
pub(crate) fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The two groups of [`two_groups`] with round 1 paired in each and no result in.
fn paired(dir: &Path) -> std::path::PathBuf {
    let path = tokio::task::block_in_place(|| two_groups(dir, 0));
    tokio::task::block_in_place(|| {
        for g in GROUPS {
            ok(&["pair", "ev.arbiter", "--auto", "--group", g], dir);
        }
    });
    path
}

/// The form of `page` marked by `mark` (its id or action attribute as written): its action
/// and the hidden fields it carries (the form key aside: the tests' `send` signs the form).
pub(crate) fn form_of(page: &str, mark: &str) -> (String, Vec<(String, String)>) {
    let at = page.find(mark).unwrap_or_else(|| panic!("{mark}: {page}"));
    let start = page[..at].rfind("<form").expect("a form");
    let end = start + page[start..].find("</form>").expect("the form's end");
    let form = &page[start..end];
    let action = form
        .split("action=\"")
        .nth(1)
        .and_then(|a| a.split('"').next())
        .unwrap()
        .replace("&amp;", "&");
    let hidden = form
        .split("<input type=\"hidden\" name=\"")
        .skip(1)
        .filter_map(|s| {
            let (name, rest) = s.split_once('"')?;
            let value = rest.split("value=\"").nth(1)?.split('"').next()?;
            Some((name.to_string(), value.to_string()))
        })
        .filter(|(n, _)| n != "csrf")
        .collect();
    (action, hidden)
}

/// The form of `page` marked by `mark` as it would be sent with `fields` filled in: its action
/// and its urlencoded body (hidden fields first).
pub(crate) fn form_request(page: &str, mark: &str, fields: &[(&str, &str)]) -> (String, String) {
    let (action, hidden) = form_of(page, mark);
    let body: Vec<String> = hidden
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .chain(fields.iter().copied())
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect();
    (action, body.join("&"))
}

/// Posts the form of `page` marked by `mark` with `fields` filled in, the cookie naming the
/// second group: status and body; a redirect's address must name the first group (the page
/// after the change shows the group changed, not the cookie's).
async fn post_form(
    cfg: &arbiter::web::ServeConfig,
    page: &str,
    mark: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String) {
    let (action, body) = form_request(page, mark, fields);
    let (status, headers, body) = send(cfg, "POST", &action, &body, &[FORM, SECOND]).await;
    if let Some(to) = headers.get("location") {
        let to = to.to_str().unwrap();
        assert!(to.contains("&group=0"), "{to}");
    }
    (status, body)
}

/// The page `uri` of the first group (`?group=0`) while the cookie names the second.
async fn first_groups_page(cfg: &arbiter::web::ServeConfig, uri: &str) -> String {
    let (status, _, page) = send(cfg, "GET", uri, "", &[SECOND]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains(&format!("Первенство школы — {}", GROUPS[0])),
        "{uri}: {page}"
    );
    page
}

/// Round 1's results of group `g`, board by board.
fn results(e: &Event, g: usize) -> Vec<Option<String>> {
    let t = e.group(g);
    t.round(1)
        .unwrap()
        .games
        .iter()
        .map(|game| game.result.map(|r| r.notation().to_string()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_result_typed_on_a_groups_page_is_recorded_in_that_group() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let page = first_groups_page(&cfg, "/rounds/1?lang=ru&group=0").await;
    // The group row marks the group shown, not the cookie's.
    let marked = format!("class=\"here\" aria-current=\"true\">{}</a>", GROUPS[0]);
    assert!(page.contains(&marked), "{page}");
    let (status, body) = post_form(&cfg, &page, "id=\"quick-entry\"", &[("entry", "2 0-1")]).await;
    assert!(status.is_success() || status.is_redirection(), "{body}");
    let e = load_any_event(&path).unwrap();
    assert_eq!(results(&e, 1), vec![None; YOUNGER.len() / 2]);
    let mut want = vec![None; OLDER.len() / 2];
    want[1] = Some("0-1".to_string());
    assert_eq!(results(&e, 0), want);
    // The journal names the group the result went to.
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "result");
    assert_eq!(last.args["group"], GROUPS[0], "{:?}", last.args);
    // The journal's undo, of the event's last change whichever group is shown, names the
    // group, round and board it would undo.
    let (_, _, log) = send(&cfg, "GET", "/log?lang=ru", "", &[SECOND]).await;
    let about = format!(
        "id=\"undo-about\">группа: {}, тур: 1, доска: 2</span>",
        GROUPS[0]
    );
    assert!(log.contains(&about), "{log}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_registered_on_a_groups_page_joins_that_group() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let page = first_groups_page(&cfg, "/players?lang=ru&group=0").await;
    let (status, body) = post_form(
        &cfg,
        &page,
        "id=\"register\"",
        &[("name", "Новенький Павел"), ("grade", "4")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let e = load_any_event(&path).unwrap();
    let names =
        |g: usize| -> Vec<String> { e.group(g).players.iter().map(|p| p.name.clone()).collect() };
    assert_eq!(names(0).len(), OLDER.len() + 1);
    assert!(names(0).contains(&"Новенький Павел".to_string()));
    assert_eq!(names(1).len(), YOUNGER.len());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_category_added_on_a_groups_page_is_that_groups() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let page = first_groups_page(&cfg, "/categories?lang=ru&group=0").await;
    let (status, body) = post_form(
        &cfg,
        &page,
        "id=\"category-add\"",
        &[("name", "Девочки 3 класса"), ("grades", "3"), ("sex", "w")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let e = load_any_event(&path).unwrap();
    let names = |g: usize| -> Vec<String> {
        e.group(g)
            .awards
            .categories
            .iter()
            .map(|c| c.name.clone())
            .collect()
    };
    assert_eq!(names(0), ["Девочки 3 класса"]);
    assert!(names(1).is_empty(), "{:?}", names(1));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_withdrawal_on_a_groups_page_withdraws_that_groups_player() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let page = first_groups_page(&cfg, "/players?lang=ru&group=0").await;
    let (status, body) = post_form(
        &cfg,
        &page,
        "action=\"/players/withdraw\"",
        &[("player", "2"), ("from_round", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let e = load_any_event(&path).unwrap();
    let out = |g: usize| -> Vec<Option<u32>> {
        e.group(g)
            .players
            .iter()
            .map(|p| p.withdrawn_from)
            .collect()
    };
    let mut want = vec![None; OLDER.len()];
    want[1] = Some(2);
    assert_eq!(out(0), want);
    assert_eq!(out(1), vec![None; YOUNGER.len()]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_group_the_event_has_not_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let before = load_any_event(&path).unwrap();
    let groups_named = |body: &str| GROUPS.iter().all(|g| body.contains(g));
    for asked in ["7", "abc", "-1", ""] {
        // The API: an error in JSON naming the groups, no result in either group.
        let uri = format!("/api/rounds/1/boards/1/result?group={asked}");
        let (status, _, body) = send(&cfg, "POST", &uri, r#"{"result":"1-0"}"#, &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert!(body.contains("no group"), "{uri}: {body}");
        assert!(groups_named(&body), "{uri}: {body}");
        // A page's form naming it: refused in Russian, the groups named.
        let fields = format!("group={asked}&lang=ru&entry=1+1-0");
        let (status, _, body) = send(&cfg, "POST", "/rounds/1/result", &fields, &[FORM]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{fields}: {body}");
        assert!(body.contains("нет группы"), "{fields}: {body}");
        assert!(groups_named(&body), "{fields}: {body}");
        // A page asked by address: the same refusal, in English when asked.
        // Pages asked by address (the position editor reads its board's e-board by group
        // too): the same refusal, in English when asked.
        for page in ["/rounds/1?", "/rounds/1/position?board=1&"] {
            let uri = format!("{page}lang=en&group={asked}");
            let (status, _, body) = send(&cfg, "GET", &uri, "", &[]).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
            assert!(body.contains("no group"), "{uri}: {body}");
        }
    }
    let after = load_any_event(&path).unwrap();
    for g in 0..2 {
        assert_eq!(results(&after, g), results(&before, g));
        assert_eq!(after.group(g).players, before.group(g).players);
    }
    // A group the event has, by the API: recorded there.
    let uri = "/api/rounds/1/boards/1/result?group=1";
    let (status, _, body) = send(&cfg, "POST", uri, r#"{"result":"1-0"}"#, &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let after = load_any_event(&path).unwrap();
    assert_eq!(results(&after, 1)[0].as_deref(), Some("1-0"));
    assert_eq!(results(&after, 0), results(&before, 0));
}
