//! Every link of a desk page made for group N opens group N: the menu, the page's own links,
//! the exports, the language switch. A second tab that chose another group since (the cookie)
//! changes nothing for the pages already open. The group switcher row keeps its `/group/{i}`
//! links. An event of one group keeps its addresses as they were: no `group=` anywhere.
//! Requests go to the `Router` itself.

use std::path::Path;

use crate::common::ok;
use crate::web_api::{config, send};
use crate::web_publish::{GROUPS, two_groups};
use axum::http::StatusCode;

/// The desk's pages an arbiter moves between, each with something to link to.
const PAGES: &[&str] = &[
    "/",
    "/players",
    "/rounds/1",
    "/standings",
    "/crosstable",
    "/categories",
    "/report",
    "/live",
    "/groups",
    "/rounds/1/live",
];

/// The two groups of [`two_groups`] with round 1 paired in each.
fn paired(dir: &Path) -> std::path::PathBuf {
    let path = tokio::task::block_in_place(|| two_groups(dir, 0));
    tokio::task::block_in_place(|| {
        for g in GROUPS {
            ok(&["pair", "ev.arbiter", "--auto", "--group", g], dir);
        }
    });
    path
}

/// The desk addresses `page` links to (`href="/…"`, `&amp;` read as `&`).
fn links(page: &str) -> Vec<String> {
    page.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|h| h.replace("&amp;", "&").replace("&#x2f;", "/"))
        .filter(|h| h.starts_with('/'))
        .collect()
}

/// `uri` read with `cookie`: the page, after checking it shows `group` in its heading.
async fn page_of(
    cfg: &arbiter::web::ServeConfig,
    uri: &str,
    cookie: &str,
    heading: Option<&str>,
) -> String {
    let (status, _, page) = send(cfg, "GET", uri, "", &[("cookie", cookie)]).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {page}");
    if let Some(h) = heading {
        assert!(page.contains(h), "{uri}: {h} not in {page}");
    }
    page
}

#[tokio::test(flavor = "multi_thread")]
async fn a_groups_page_links_to_that_group_whatever_the_cookie_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let cfg = config(&path, None);
    let heading = format!("Первенство школы — {}", GROUPS[1]);
    // Asked by address (`?group=1`) while the cookie says 0, and by the cookie alone: the
    // page shows group 1 and each of its links keeps it.
    for (ask, cookie) in [("&group=1", "arbiter_group=0"), ("", "arbiter_group=1")] {
        for p in PAGES {
            let uri = format!("{p}?lang=ru{ask}");
            let page = page_of(&cfg, &uri, cookie, Some(&heading)).await;
            let all = links(&page);
            assert!(
                all.iter().any(|l| l.starts_with("/players?")),
                "{uri}: {all:?}"
            );
            for l in &all {
                if l.starts_with("/group/") {
                    // The switcher: a group by its index, back on this page (the overview's
                    // groups open their event page and their last round).
                    assert!(
                        *p == "/groups" || l.contains(&format!("back={p}")),
                        "{uri}: {l}"
                    );
                    continue;
                }
                if l == "/export/event.arbiter" {
                    // The backup is the whole event, every group.
                    continue;
                }
                let query = l.split_once('?').map_or("", |q| q.1);
                let query = query.split('#').next().unwrap_or("");
                let groups: Vec<&str> = query
                    .split('&')
                    .filter(|kv| kv.starts_with("group="))
                    .collect();
                assert_eq!(groups, ["group=1"], "{uri}: the link {l}");
            }
        }
    }
    // The menu of group 1's players page, as the arbiter clicks it in the stale tab.
    let page = page_of(&cfg, "/players?lang=ru&group=1", "arbiter_group=0", None).await;
    for want in [
        "/?lang=ru&group=1",
        "/rounds/1?lang=ru&group=1",
        "/standings?lang=ru&group=1",
        "/crosstable?lang=ru&group=1",
        "/categories?lang=ru&group=1",
        "/players?lang=en&group=1",
    ] {
        assert!(links(&page).iter().any(|l| l == want), "{want}: {page}");
    }
    // Following one opens group 1 though the cookie still says 0.
    let next = page_of(
        &cfg,
        "/standings?lang=ru&group=1",
        "arbiter_group=0",
        Some(&heading),
    )
    .await;
    assert!(!next.contains(&format!("Первенство школы — {}", GROUPS[0])));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_of_one_group_keeps_its_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    tokio::task::block_in_place(|| {
        ok(
            &["new", "ev.arbiter", "--name", "Кубок", "--rounds", "3"],
            d,
        );
        for (name, grade) in [
            ("Морозова Полина", "1"),
            ("Иванов Иван", "2"),
            ("Ким Анна", "1"),
            ("Петров Пётр", "2"),
        ] {
            ok(
                &["add-player", "ev.arbiter", "--name", name, "--grade", grade],
                d,
            );
        }
        ok(&["pair", "ev.arbiter", "--auto"], d);
    });
    let cfg = config(&d.join("ev.arbiter"), None);
    for p in PAGES.iter().filter(|p| **p != "/groups") {
        let uri = format!("{p}?lang=ru");
        let page = page_of(&cfg, &uri, "arbiter_group=1", Some("Кубок")).await;
        let all = links(&page);
        assert!(
            all.iter().any(|l| l == "/players?lang=ru"),
            "{uri}: {all:?}"
        );
        assert!(all.iter().all(|l| !l.contains("group")), "{uri}: {all:?}");
        assert!(!page.contains("name=\"group\""), "{uri}");
        if *p == "/" {
            // The downloads keep their addresses.
            for file in [
                "/export/trf",
                "/standings.csv",
                "/players.csv",
                "/rounds/1/export.csv",
            ] {
                assert!(all.iter().any(|l| l == file), "{file}: {all:?}");
            }
        }
    }
}
