//! A child entered in the wrong group is moved from the desk's players page (the edit form's
//! «Перевести в группу»), as `arbiter tournament group move` moves him: while neither group
//! has round 1 paired, both start lists ranked again, the journal naming both groups, the
//! journal's undo putting him back. Once round 1 of either group is paired the desk says why
//! not, in the page's language, and changes nothing. An event of one group has no such form.
//! Requests go to the `Router` itself.

use crate::common::ok;
use crate::web_api::{config, send};
use crate::web_group_forms::form_request;
use crate::web_publish::{GROUPS, OLDER, YOUNGER, two_groups};
use arbiter::tournament::journal;
use arbiter::tournament::record::load_any_event;
use axum::http::StatusCode;

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

/// Posts the form of `page` marked by `mark` with `fields` filled in: status, headers, body.
async fn post_form(
    cfg: &arbiter::web::ServeConfig,
    page: &str,
    mark: &str,
    fields: &[(&str, &str)],
    cookie: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let (action, body) = form_request(page, mark, fields);
    send(cfg, "POST", &action, &body, &[FORM, ("cookie", cookie)]).await
}

/// The names of group `g`'s players, by starting rank.
fn names(path: &std::path::Path, g: usize) -> Vec<String> {
    let e = load_any_event(path).unwrap();
    let mut t = e.group(g).players.clone();
    t.sort_by_key(|p| p.start_rank);
    t.into_iter().map(|p| p.name).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_child_is_moved_to_another_group_from_the_players_page_and_back_by_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = tokio::task::block_in_place(|| two_groups(dir.path(), 0));
    let cfg = config(&path, None);
    let before = (names(&path, 0), names(&path, 1));
    let child = before.0[1].clone();
    // Group 0's page, child 2 in its edit form, while another tab chose group 1.
    let uri = "/players?lang=ru&group=0&edit=2";
    let (status, _, page) = send(&cfg, "GET", uri, "", &[("cookie", "arbiter_group=1")]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains("Перевести участника № 2 в другую группу"),
        "{page}"
    );
    // The groups to go to: the other one only.
    let select = page.split("id=\"move-to\">").nth(1).unwrap();
    let select = select.split("</select>").next().unwrap();
    assert_eq!(
        select,
        format!("<option value=\"1\">{}</option>", GROUPS[1])
    );
    let (status, headers, body) = post_form(
        &cfg,
        &page,
        "id=\"move-form\"",
        &[("to", "1")],
        "arbiter_group=1",
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        headers["location"].to_str().unwrap(),
        "/players?lang=ru&saved=1&group=1"
    );
    let (older, younger) = (names(&path, 0), names(&path, 1));
    assert_eq!(older.len(), OLDER.len() - 1);
    assert!(!older.contains(&child), "{older:?}");
    assert_eq!(younger.len(), YOUNGER.len() + 1);
    assert!(younger.contains(&child), "{younger:?}");
    // The page of the group he went to lists him.
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru&saved=1&group=1", "", &[]).await;
    assert!(page.contains(&child), "{page}");
    assert!(page.contains(&format!("Первенство школы — {}", GROUPS[1])));
    // The journal names the child and both groups, in words on the log page.
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "group-move");
    assert_eq!(last.args["group"], GROUPS[0], "{:?}", last.args);
    assert_eq!(last.args["to"], GROUPS[1], "{:?}", last.args);
    assert_eq!(last.args["player"], 2, "{:?}", last.args);
    assert_eq!(last.args["name"], child.as_str(), "{:?}", last.args);
    let (_, _, log) = send(&cfg, "GET", "/log?lang=ru", "", &[]).await;
    assert!(log.contains("участник переведён в другую группу"), "{log}");
    assert!(log.contains(&format!("в группу: {}", GROUPS[1])), "{log}");
    // The journal's undo puts him back where he was.
    let (status, _, body) = post_form(&cfg, &log, "action=\"/log/undo\"", &[], "").await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!((names(&path, 0), names(&path, 1)), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_move_once_round_one_is_paired_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = tokio::task::block_in_place(|| two_groups(dir.path(), 0));
    tokio::task::block_in_place(|| {
        ok(
            &["pair", "ev.arbiter", "--auto", "--group", GROUPS[0]],
            dir.path(),
        )
    });
    let cfg = config(&path, None);
    let before = (names(&path, 0), names(&path, 1));
    // The paired group's page says when a move is possible instead of offering it.
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru&group=0&edit=2", "", &[]).await;
    assert!(!page.contains("id=\"move-form\""), "{page}");
    assert!(
        page.contains(
            "Перевести участника в другую группу можно только до жеребьёвки 1\u{2011}го тура"
        ),
        "{page}"
    );
    // From the unpaired group into the paired one: refused by the library, in words.
    for (lang, words) in [
        (
            "ru",
            format!(
                "перевести нельзя: в группе &quot;{}&quot; пары 1-го тура составлены",
                GROUPS[0]
            ),
        ),
        (
            "en",
            format!(
                "cannot be moved: round 1 of group &quot;{}&quot; is paired",
                GROUPS[0]
            ),
        ),
    ] {
        let uri = format!("/players?lang={lang}&group=1&edit=1");
        let (_, _, page) = send(&cfg, "GET", &uri, "", &[]).await;
        let (status, _, body) =
            post_form(&cfg, &page, "id=\"move-form\"", &[("to", "0")], "").await;
        assert!(status.is_client_error(), "{status}: {body}");
        assert!(body.contains(&words), "{words}: {body}");
        // The way back and the menu keep the group the form was about.
        assert!(
            body.contains(&format!("href=\"/standings?lang={lang}&amp;group=1\"")),
            "{body}"
        );
        assert!(
            body.contains(&format!("href=\"&#x2f;players?lang={lang}&amp;group=1\"")),
            "{body}"
        );
    }
    // A group the event has not: refused, naming the groups.
    let (_, _, page) = send(&cfg, "GET", "/players?lang=en&group=1&edit=1", "", &[]).await;
    let (status, _, body) = post_form(&cfg, &page, "id=\"move-form\"", &[("to", "5")], "").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(GROUPS.iter().all(|g| body.contains(g)), "{body}");
    assert_eq!((names(&path, 0), names(&path, 1)), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_of_one_group_offers_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    tokio::task::block_in_place(|| {
        ok(
            &["new", "ev.arbiter", "--name", "Кубок", "--rounds", "3"],
            d,
        );
        ok(&["add-player", "ev.arbiter", "--name", "Ким Анна"], d);
    });
    let cfg = config(&d.join("ev.arbiter"), None);
    let (status, _, page) = send(&cfg, "GET", "/players?lang=ru&edit=1", "", &[]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("id=\"edit\""), "{page}");
    assert!(!page.contains("/players/move"), "{page}");
    assert!(!page.contains("id=\"move-"), "{page}");
}
