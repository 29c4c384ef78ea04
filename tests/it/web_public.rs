//! The public view (`arbiter serve --public`): its own router answers its four pages and
//! nothing of the desk — every route of the desk's router, read from its source, is walked
//! with GET and POST through it — its pages carry no form, birth date, school, token or journal
//! entry, and its standings are the desk's. Requests go to the routers themselves
//! (`tower::ServiceExt::oneshot`): no network.

use std::path::Path;

use arbiter::tournament::category::{Category, CategoryRule};
use arbiter::tournament::{Player, Tournament, store};
use arbiter::web::public::{PUBLIC_ROUTES, public_router};
use arbiter::web::{App, ServeConfig};
use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::web_api::{config, send};

/// The desk's routes as `arbiter::web::router` declares them, kept here by hand: the walk
/// below goes through each, and [`the_list_is_the_desks_router`] fails when the router gains
/// a route this list lacks (or loses one).
const DESK_ROUTES: &[&str] = &[
    "/",
    "/event",
    "/setup",
    "/groups/add",
    "/players",
    "/players/edit",
    "/event/fide-mode",
    "/event/broadcast-token",
    "/players/delete",
    "/players/move",
    "/players/withdraw",
    "/players/forbid",
    "/players/rank",
    "/rounds/next",
    "/rounds/next/manual",
    "/rounds/next/manual/confirm",
    "/rounds/{n}",
    "/rounds/{n}/print",
    "/rounds/{n}/slips",
    "/rounds/{n}/result",
    "/rounds/{n}/unpair",
    "/rounds/{n}/judge",
    "/rounds/{n}/judge/confirm",
    "/rounds/{n}/position",
    "/rounds/{n}/adjudicate",
    "/rounds/{n}/adjudicate/confirm",
    "/rounds/{n}/export.csv",
    "/rounds/{n}/games.pgn",
    "/export/trf",
    "/export/state",
    "/export/event.arbiter",
    "/standings.csv",
    "/players.csv",
    "/connect",
    "/group/{i}",
    "/groups",
    "/team",
    "/team/diplomas",
    "/players/disqualify",
    "/players/bye",
    "/players/return",
    "/players/unforbid",
    "/standings",
    "/categories",
    "/categories/add",
    "/categories/edit",
    "/categories/delete",
    "/categories/settings",
    "/players/import",
    "/players/import/confirm",
    "/diplomas",
    "/crosstable",
    "/report",
    "/log",
    "/log/undo",
    "/api/event",
    "/api/rounds/next",
    "/api/rounds/{n}",
    "/api/standings",
    "/api/rounds/{n}/boards/{b}/result",
    "/desk.js",
    "/live.js",
    "/live",
    "/live/assign",
    "/rounds/{n}/live",
    "/rounds/{n}/live/notice",
    "/rounds/{n}/live/settle",
    "/rounds/{n}/live/record",
    "/rounds/{n}/live/playout",
    "/screen",
    "/events",
    "/api/live",
    "/api/live/assign",
    "/api/live/settings",
    "/api/rounds/{n}/playout",
    "/api/rounds/{n}/boards/{b}/notice",
    "/api/rounds/{n}/boards/{b}/settle",
    "/api/rounds/{n}/boards/{b}/record",
];

/// The desk's token in these tests.
const TOKEN: &str = "tok3n5ecret0123456789abcdef01234";

/// A device name the journal records for the results entered here: no public page may show it.
const DEVICE: &str = "JournalMarker/7.3 (Desk)";

/// The routes `router()` declares in src/web/mod.rs, in order: each `.route("PATH", …)`.
fn routes_in_source() -> Vec<String> {
    let source =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/mod.rs"))
            .unwrap();
    let start = source.find("pub fn router(").unwrap();
    let end = start + source[start..].find(".with_state(app)").unwrap();
    let body = &source[start..end];
    body.split(".route(")
        .skip(1)
        .map(|r| {
            let r = r.trim_start();
            let r = r.strip_prefix('"').unwrap();
            r[..r.find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn the_list_is_the_desks_router() {
    let declared = routes_in_source();
    assert!(declared.len() > 60, "{declared:?}");
    let listed: Vec<String> = DESK_ROUTES.iter().map(|r| r.to_string()).collect();
    let missing: Vec<&String> = declared.iter().filter(|r| !listed.contains(r)).collect();
    let gone: Vec<&String> = listed.iter().filter(|r| !declared.contains(r)).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "the desk's router gained {missing:?} and lost {gone:?}: walk them through the public view"
    );
}

/// An event of 6 children with birth dates, schools and grades, round 1 played and round 2
/// paired with one result: every result entered through the desk under the token by
/// [`DEVICE`] (journalled).
async fn played(dir: &Path) -> ServeConfig {
    let mut t = Tournament::new("Кубок школ", 5);
    for i in 1..=6u16 {
        t.add_player(Player {
            name: format!("Ученик{i:02}, Имя"),
            birth_date: Some(format!("2017/0{}/1{}", i % 9 + 1, i % 10)),
            club: Some(format!("Школа-{i}-Секрет")),
            grade: Some(2),
            ..Player::default()
        })
        .unwrap();
    }
    // A prize list: every child is in grade 2.
    t.add_category(Category {
        name: "2 класс".into(),
        rule: CategoryRule {
            grades: Some((2, 2)),
            ..CategoryRule::default()
        },
        prizes: 3,
    })
    .unwrap();
    let path = dir.join("ev.json");
    store::save(&t, &path).unwrap();
    let cfg = config(&path, Some(TOKEN));
    let h = [("x-arbiter-token", TOKEN), ("user-agent", DEVICE)];
    let (s, _, b) = send(&cfg, "POST", "/api/rounds/next", "", &h).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (board, result) in [(1, "1-0"), (2, "1/2-1/2"), (3, "0-1")] {
        let uri = format!("/api/rounds/1/boards/{board}/result");
        let body = format!(r#"{{"result": "{result}"}}"#);
        let (s, _, b) = send(&cfg, "POST", &uri, &body, &h).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, _, b) = send(&cfg, "POST", "/api/rounds/next", "", &h).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, _, b) = send(
        &cfg,
        "POST",
        "/api/rounds/2/boards/1/result",
        r#"{"result": "0-1"}"#,
        &h,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    cfg
}

/// One request to a fresh public router over `cfg`'s event: status, headers, body.
async fn public(
    cfg: &ServeConfig,
    method: &str,
    uri: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "results.example")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(if method == "POST" {
            "result=1-0&board=1&player=1"
        } else {
            ""
        }))
        .unwrap();
    crate::web_api::answer(public_router(App::new(cfg.clone())), req).await
}

/// A route with its parameters filled: round 1, board 1, group 0.
fn filled(route: &str) -> String {
    route
        .replace("{n}", "1")
        .replace("{b}", "1")
        .replace("{i}", "0")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_route_of_the_desk_is_reachable_through_the_public_view() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = played(dir.path()).await;
    let t = store::load(&cfg.state).unwrap();
    let secrets: Vec<String> = t
        .players
        .iter()
        .flat_map(|p| {
            let d = p.birth_date.clone().unwrap();
            let (y, rest) = d.split_once('/').unwrap();
            let (m, day) = rest.split_once('/').unwrap();
            [
                d.clone(),
                format!("{day}.{m}.{y}"),
                format!("{y}-{m}-{day}"),
                p.club.clone().unwrap(),
            ]
        })
        .chain([
            TOKEN.to_string(),
            DEVICE.to_string(),
            "JournalMarker".into(),
        ])
        .collect();
    let mut pages = 0;
    for route in DESK_ROUTES.iter().chain(PUBLIC_ROUTES) {
        let uri = filled(route);
        let is_public = PUBLIC_ROUTES.contains(route);
        for uri in [uri.clone(), format!("{uri}?lang=en&token={TOKEN}")] {
            let (s, h, body) = public(&cfg, "GET", &uri).await;
            assert_eq!(
                h.get("x-frame-options").map(|v| v.to_str().unwrap()),
                Some("DENY"),
                "GET {uri}"
            );
            assert!(h.contains_key("content-security-policy"), "GET {uri}");
            assert!(
                !h.contains_key("set-cookie"),
                "GET {uri} sets a cookie: {h:?}"
            );
            if is_public {
                assert_eq!(s, StatusCode::OK, "GET {uri}: {body}");
                pages += 1;
            } else {
                assert_eq!(s, StatusCode::NOT_FOUND, "GET {uri}: {body}");
            }
            assert!(!body.to_lowercase().contains("<form"), "GET {uri}: {body}");
            for secret in &secrets {
                assert!(!body.contains(secret.as_str()), "GET {uri} shows {secret}");
            }
            // The desk's menu is not there: no link to a page of the desk.
            for desk_only in ["/log", "/players", "/live", "/report", "/connect"] {
                assert!(
                    !body.contains(&format!("href=\"{desk_only}")),
                    "GET {uri} links {desk_only}"
                );
            }
        }
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let (s, h, body) = public(&cfg, method, &uri).await;
            assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}: {body}");
            assert!(h.contains_key("content-security-policy"), "{method} {uri}");
            assert!(!body.to_lowercase().contains("<form"), "{method} {uri}");
        }
    }
    // Each public route walked twice (with and without a language), once more for each that
    // is also the desk's.
    let walked = DESK_ROUTES
        .iter()
        .chain(PUBLIC_ROUTES)
        .filter(|r| PUBLIC_ROUTES.contains(r))
        .count();
    assert!(walked > PUBLIC_ROUTES.len());
    assert_eq!(pages, 2 * walked);
    // Nothing of the desk's walk changed the event.
    assert_eq!(store::load(&cfg.state).unwrap(), t);

    // The pages show what they are for: the event, round 2's boards with the result entered
    // and the others playing, round 1's results, the round's PGN.
    let (_, _, home) = public(&cfg, "GET", "/").await;
    assert!(home.contains("Кубок школ"), "{home}");
    assert!(home.contains("Тур 2") || home.contains("2-й тур"), "{home}");
    assert_eq!(home.matches("<tr id=\"board-").count(), 3, "{home}");
    assert_eq!(home.matches("0 – 1").count(), 1, "{home}");
    assert_eq!(home.matches("идёт</td>").count(), 2, "{home}");
    let (_, _, r1) = public(&cfg, "GET", "/rounds/1?lang=en").await;
    for shown in ["1 – 0", "½ – ½", "0 – 1"] {
        assert_eq!(r1.matches(shown).count(), 1, "{shown}: {r1}");
    }
    assert!(!r1.contains("playing</td>"), "{r1}");
    let (s, h, pgn) = public(&cfg, "GET", "/rounds/1/games.pgn").await;
    assert_eq!(s, StatusCode::OK);
    assert!(h["content-type"].to_str().unwrap().contains("chess-pgn"));
    assert_eq!(pgn.matches("[Event \"Кубок школ\"]").count(), 3, "{pgn}");
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    let (s, _, _) = public(&cfg, "GET", "/rounds/3").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = public(&cfg, "GET", "/rounds/x/games.pgn").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// The standings' rows of a page (desk's or public): each row's starting rank and points.
fn rows(html: &str) -> Vec<(u16, String)> {
    html.split("<tr data-start-rank=\"")
        .skip(1)
        .map(|row| {
            let rank = row[..row.find('"').unwrap()].parse().unwrap();
            let points = row.split("<td class=\"num points\">").nth(1).unwrap();
            (rank, points[..points.find('<').unwrap()].to_string())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_standings_are_the_desks() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = played(dir.path()).await;
    for lang in ["ru", "en"] {
        let uri = format!("/standings?lang={lang}");
        let (s, _, desk) = send(&cfg, "GET", &uri, "", &[("x-arbiter-token", TOKEN)]).await;
        assert_eq!(s, StatusCode::OK, "{desk}");
        let (s, _, shown) = public(&cfg, "GET", &uri).await;
        assert_eq!(s, StatusCode::OK, "{shown}");
        let desk = rows(&desk);
        assert_eq!(desk.len(), 6);
        // After round 1 (the last complete one): two wins, a draw, two losses.
        let points: Vec<&str> = desk.iter().map(|(_, p)| p.as_str()).collect();
        let half = if lang == "ru" { "0,5" } else { "0.5" };
        assert_eq!(points, ["1", "1", half, half, "0", "0"], "{desk:?}");
        assert_eq!(rows(&shown), desk);
    }
}

/// The texts of every `<td class="CLASS">` of `html`, in order.
fn cells(html: &str, class: &str) -> Vec<String> {
    let open = format!("<td class=\"{class}\">");
    html.split(open.as_str())
        .skip(1)
        .map(|c| c[..c.find("</td>").unwrap()].to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_crosstable_and_prize_lists_are_the_desks() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = played(dir.path()).await;
    let desk_get = |uri: String| {
        let cfg = cfg.clone();
        async move { send(&cfg, "GET", &uri, "", &[("x-arbiter-token", TOKEN)]).await }
    };
    for lang in ["ru", "en"] {
        let (s, _, desk) = desk_get(format!("/crosstable?lang={lang}")).await;
        assert_eq!(s, StatusCode::OK, "{desk}");
        let (s, _, shown) = public(&cfg, "GET", &format!("/crosstable?lang={lang}")).await;
        assert_eq!(s, StatusCode::OK, "{shown}");
        // The same rows in the same order: name with starting rank, every round's cell, points.
        for class in ["name", "num cell", "num points"] {
            let want = cells(&desk, class);
            assert!(!want.is_empty(), "{class}: {desk}");
            assert_eq!(cells(&shown, class), want, "{class}");
        }
        assert_eq!(cells(&shown, "name").len(), 6);
        assert_eq!(cells(&shown, "num cell").len(), 6, "one complete round");
        assert!(shown.contains("id=\"nav-prizes\""), "{shown}");

        let (s, _, desk) = desk_get(format!("/categories?lang={lang}")).await;
        assert_eq!(s, StatusCode::OK, "{desk}");
        let (s, _, prizes) = public(&cfg, "GET", &format!("/prizes?lang={lang}")).await;
        assert_eq!(s, StatusCode::OK, "{prizes}");
        // The desk's prize winners (the rows it marks), by starting rank, in order.
        let mark = if lang == "ru" { "приз" } else { "prize" };
        let desk_winners: Vec<(String, String)> = desk
            .split("<tr>")
            .filter(|r| r.contains(&format!("<td>{mark}</td>")))
            .map(|r| (cells(r, "num")[0].clone(), cells(r, "num start")[0].clone()))
            .collect();
        // Three prize places, the third shared by two level on every tie-break.
        let ranks: Vec<&str> = desk_winners.iter().map(|w| w.0.as_str()).collect();
        assert_eq!(ranks, ["1", "1", "3", "3"], "{desk}");
        let shown_winners: Vec<(String, String)> = prizes
            .split("<tr data-start-rank=\"")
            .skip(1)
            .map(|r| {
                let start = r[..r.find('"').unwrap()].to_string();
                (cells(r, "num place")[0].clone(), start)
            })
            .collect();
        assert_eq!(shown_winners, desk_winners, "{prizes}");
        assert!(prizes.contains("<h2>2 класс</h2>"), "{prizes}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_of_two_groups_links_each_groups_pages_and_names_the_group() {
    use crate::web_publish::{GROUPS, OLDER, YOUNGER, two_groups};
    let dir = tempfile::tempdir().unwrap();
    let path = tokio::task::block_in_place(|| two_groups(dir.path(), 2));
    let cfg = config(&path, None);
    for (i, group, players) in [(0, GROUPS[0], OLDER), (1, GROUPS[1], YOUNGER)] {
        for page in ["/", "/standings", "/crosstable", "/prizes", "/rounds/2"] {
            let uri = format!("{page}?lang=ru&group={i}");
            let (s, _, body) = public(&cfg, "GET", &uri).await;
            assert_eq!(s, StatusCode::OK, "{uri}: {body}");
            // The group's name after the event's in the title and the heading.
            let named = format!("Первенство школы — {group}");
            let title = &body[body.find("<title>").unwrap()..body.find("</title>").unwrap()];
            assert!(title.contains(&named), "{uri}: {title}");
            assert!(body.matches(named.as_str()).count() >= 2, "{uri}: {body}");
            // Both groups linked, the one shown marked; the menu keeps the group.
            let nav = &body[body.find("id=\"groups\"").expect(&uri)..];
            let nav = &nav[..nav.find("</nav>").unwrap()];
            // A round's page links the other group's first page (it may not have that
            // round); another page the same page of the other group, its path as the template
            // escapes it (`/` is `&#x2f;`).
            let here = if page.starts_with("/rounds/") {
                "/".to_string()
            } else {
                page.replace('/', "&#x2f;")
            };
            for (j, g) in GROUPS.iter().enumerate() {
                let link = format!("href=\"{here}?lang=ru&amp;group={j}\"");
                assert!(nav.contains(&link), "{uri}: {link} in {nav}");
                assert!(nav.contains(g), "{uri}: {nav}");
            }
            let marked = format!("group={i}\" class=\"here\" aria-current=\"page\">{group}</a>");
            assert!(nav.contains(&marked), "{uri}: {nav}");
            assert!(
                body.contains(&format!("href=\"/standings?lang=ru&amp;group={i}\"")),
                "{uri}"
            );
        }
        let (_, _, standings) = public(&cfg, "GET", &format!("/standings?group={i}")).await;
        assert_eq!(rows(&standings).len(), players.len(), "{standings}");
        for (name, ..) in players {
            let surname = name.split(' ').next().unwrap();
            assert!(standings.contains(surname), "{surname}: {standings}");
        }
    }
    // No group asked: the first.
    let (_, _, first) = public(&cfg, "GET", "/standings").await;
    assert_eq!(rows(&first).len(), OLDER.len());
    // A group the event does not have (an old or mistyped link) is not the first group's
    // pages under its address: 404, headed as a page not found, in words.
    for path in [
        "/",
        "/standings",
        "/crosstable",
        "/prizes",
        "/rounds/1",
        "/rounds/1/games.pgn",
    ] {
        let (s, _, body) = public(&cfg, "GET", &format!("{path}?group=2&lang=ru")).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}: {body}");
        assert!(body.contains("<h1>Не найдено</h1>"), "{path}: {body}");
        assert!(
            body.contains("В турнире нет такой группы"),
            "{path}: {body}"
        );
        for (name, ..) in OLDER {
            assert!(!body.contains(name), "{path}: {name} shown");
        }
    }
    // An event of one group names none.
    let one = tempfile::tempdir().unwrap();
    let cfg = played(one.path()).await;
    let (_, _, body) = public(&cfg, "GET", "/standings").await;
    assert!(!body.contains("id=\"groups\""), "{body}");
    assert!(!body.contains("group="), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn school_and_grade_are_shown_only_when_the_event_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = played(dir.path()).await;
    let school = "Школа-1-Секрет";
    let shown = |on: bool| {
        let cfg = cfg.clone();
        async move {
            for page in ["/standings", "/prizes", "/crosstable", "/", "/rounds/1"] {
                let (s, _, body) = public(&cfg, "GET", page).await;
                assert_eq!(s, StatusCode::OK, "{page}");
                let listed = matches!(page, "/standings" | "/prizes");
                assert_eq!(body.contains(school), on && listed, "{page}: {body}");
                // (The category is named «2 класс» too: the standings alone say the grade.)
                if page == "/standings" {
                    assert_eq!(body.contains("2 класс"), on, "{page}: {body}");
                }
                assert_eq!(body.contains("class=\"school\""), on && listed, "{page}");
            }
            let (_, _, en) = public(&cfg, "GET", "/standings?lang=en").await;
            assert_eq!(en.contains("grade 2"), on, "{en}");
        }
    };
    // Off by default.
    assert!(!store::load(&cfg.state).unwrap().details.public_school_grade);
    shown(false).await;
    // The event page's checkbox: ticked, journalled as the event's edit, shown.
    let h = [
        ("x-arbiter-token", TOKEN),
        ("content-type", "application/x-www-form-urlencoded"),
    ];
    let (s, _, page) = send(&cfg, "GET", "/event", "", &h[..1]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("name=\"public_school_grade\" value=\"yes\">"),
        "unticked: {page}"
    );
    let name = "name=%D0%9A%D1%83%D0%B1%D0%BE%D0%BA+%D1%88%D0%BA%D0%BE%D0%BB&rounds=5&lang=ru";
    let body = format!("{name}&public_school_grade=yes");
    let (s, _, b) = send(&cfg, "POST", "/event", &body, &h).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{b}");
    let t = store::load(&cfg.state).unwrap();
    assert!(t.details.public_school_grade);
    assert_eq!(t.name, "Кубок школ");
    let last = arbiter::tournament::journal::read(&cfg.state)
        .unwrap()
        .pop()
        .unwrap();
    assert_eq!(last.action, "edit-event");
    assert_eq!(last.args["public_school_grade"], "yes", "{:?}", last.args);
    let (_, _, page) = send(&cfg, "GET", "/event", "", &h[..1]).await;
    assert!(
        page.contains("name=\"public_school_grade\" value=\"yes\" checked>"),
        "ticked: {page}"
    );
    shown(true).await;
    // Unticked again: gone.
    let (s, _, b) = send(&cfg, "POST", "/event", name, &h).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{b}");
    assert!(!store::load(&cfg.state).unwrap().details.public_school_grade);
    shown(false).await;
}

/// The server started by a test, stopped when the test ends (also when it fails).
struct Served(std::process::Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `arbiter serve STATE --addr 127.0.0.1:0 --public 127.0.0.1:0 ARGS…` started: the process
/// (stopped when dropped), its standard output past the first two lines, and those two lines
/// (the desk's address, the public view's).
fn serve_public(
    state: &Path,
    args: &[&str],
) -> (
    Served,
    std::io::BufReader<std::process::ChildStdout>,
    String,
    String,
) {
    use std::io::BufRead;
    let mut child = Served(
        std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", state.to_str().unwrap(), "--addr", "127.0.0.1:0"])
            .args(["--public", "127.0.0.1:0"])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut out = std::io::BufReader::new(child.0.stdout.take().unwrap());
    let (mut first, mut second) = (String::new(), String::new());
    out.read_line(&mut first).unwrap();
    out.read_line(&mut second).unwrap();
    (child, out, first, second)
}

/// `GET`/`POST path` over TCP to `addr` (`HOST:PORT`): the answer's head and body.
fn over_tcp(addr: &str, method: &str, path: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    // A connection refused over a limit is answered and closed at once: the request may not
    // be taken whole, the answer is read all the same.
    let _ = write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    );
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_string(), body.to_string())
}

#[test]
fn serve_names_the_public_view_and_serves_it_on_its_own_listener() {
    let dir = tempfile::tempdir().unwrap();
    let state = crate::web_api::event(dir.path(), 4);
    for (lang, words) in [
        ("ru", "Публичная страница для родителей"),
        ("en", "The public view for parents"),
    ] {
        let (child, _out, first, second) =
            serve_public(&state, &["--lang", lang, "--limit", "per-address=2"]);
        let desk = crate::common::served_addr(&first);
        let public = crate::common::served_addr(&second);
        assert!(second.contains(words), "{second}");
        assert_ne!(desk, public);
        assert_eq!(first.matches("http://").count(), 1, "{first}");

        let (head, body) = over_tcp(&public, "GET", &format!("/?lang={lang}"));
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(
            head.to_lowercase().contains("x-frame-options: deny"),
            "{head}"
        );
        assert!(body.contains("Детский мат"), "{body}");
        let (head, _) = over_tcp(&public, "POST", "/rounds/next");
        assert!(head.starts_with("HTTP/1.1 405"), "{head}");
        let (head, _) = over_tcp(&public, "GET", "/log");
        assert!(head.starts_with("HTTP/1.1 404"), "{head}");
        // The desk's own listener is still the desk.
        let (head, _) = over_tcp(&desk, "GET", "/log");
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        // Two connections held from one address: a third is refused in words (503).
        let held: Vec<std::net::TcpStream> = (0..2)
            .map(|_| std::net::TcpStream::connect(&public).unwrap())
            .collect();
        std::thread::sleep(std::time::Duration::from_millis(300));
        // (Nothing sent on it: the refusal comes at once, before any request.)
        let mut third = std::net::TcpStream::connect(&public).unwrap();
        third
            .set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let mut raw = Vec::new();
        let _ = std::io::Read::read_to_end(&mut third, &mut raw);
        let text = String::from_utf8_lossy(&raw);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        assert!(head.starts_with("HTTP/1.1 503"), "{head}");
        assert!(body.contains("Too many connections"), "{body}");
        drop(held);
        drop(child);
    }
}

/// `--public-url`: the address parents reach (a school's domain in front of the laptop) is
/// the one `serve` names and the wall sheet prints with its QR code, in place of the
/// listener's; without it a loopback listener is named with a note that no phone can open it.
#[test]
fn the_public_address_given_is_the_one_printed_for_parents() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let state = crate::web_api::event(dir.path(), 4);
    let paired = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["tournament", "pair", state.to_str().unwrap(), "--auto"])
        .output()
        .unwrap();
    assert!(paired.status.success(), "{paired:?}");
    let given = "https://chess.school-7.ru/results/";
    for url in [Some(given), None] {
        let mut args = vec!["--lang", "ru"];
        args.extend(url.map(|u| ["--public-url", u]).into_iter().flatten());
        let (child, mut out, first, second) = serve_public(&state, &args);
        let mut third = String::new();
        // The note follows only a loopback address nobody gave another for (nothing more is
        // printed on loopback with the event's file there: reading on would wait for ever).
        if url.is_none() {
            out.read_line(&mut third).unwrap();
        }
        let desk = crate::common::served_addr(&first);
        let (_, sheet) = over_tcp(&desk, "GET", "/rounds/1/print?lang=ru");
        assert!(sheet.contains("Результаты на телефоне:"), "{sheet}");
        match url {
            Some(url) => {
                assert!(second.trim_end().ends_with(url), "{second}");
                // (The page writes `/` as `&#x2f;`.)
                let shown = url.replace('/', "&#x2f;");
                assert!(
                    sheet.contains(&shown),
                    "the wall sheet prints {url}: {sheet}"
                );
                assert!(!sheet.contains("http://127.0.0.1"), "{sheet}");
            }
            None => {
                let public = crate::common::served_addr(&second);
                assert!(public.starts_with("127.0.0.1:"), "{second}");
                assert!(
                    third.contains(
                        "Публичная страница открыта на локальном адресе: с телефона её не открыть"
                    ),
                    "{third}"
                );
                let shown = format!("http://{public}/").replace('/', "&#x2f;");
                assert!(sheet.contains(&shown), "{sheet}");
            }
        }
        drop(child);
    }
    // An address a phone cannot open is refused before anything is served, in both languages.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", state.to_str().unwrap(), "--public", "127.0.0.1:0"])
        .args(["--public-url", "chess.school-7.ru"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not an address a phone can open"), "{err}");
    assert!(err.contains("не адрес, который откроет телефон"), "{err}");
}

/// `--limit public-rate=1`: one address gets three requests at once, then one a second; the
/// fourth at once is 429 in words with `Retry-After: 1`. The desk's own listener is not
/// held back by it.
#[test]
fn an_address_past_the_public_rate_is_told_to_wait() {
    let dir = tempfile::tempdir().unwrap();
    let state = crate::web_api::event(dir.path(), 4);
    let (_child, _out, first, second) =
        serve_public(&state, &["--lang", "ru", "--limit", "public-rate=1"]);
    let desk = crate::common::served_addr(&first);
    let public = crate::common::served_addr(&second);
    let heads: Vec<String> = (0..3)
        .map(|_| over_tcp(&public, "GET", "/standings").0)
        .collect();
    for head in &heads {
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    }
    let (head, body) = over_tcp(&public, "GET", "/standings");
    assert!(head.starts_with("HTTP/1.1 429"), "{heads:?} {head}");
    assert!(head.to_lowercase().contains("retry-after: 1"), "{head}");
    assert!(
        body.contains("Слишком много запросов с вашего адреса"),
        "{body}"
    );
    assert!(
        head.to_lowercase().contains("x-frame-options: deny"),
        "{head}"
    );
    for _ in 0..10 {
        let (head, _) = over_tcp(&desk, "GET", "/standings");
        assert!(head.starts_with("HTTP/1.1 200"), "the desk: {head}");
    }
    // A second later the address has one request again.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let (head, _) = over_tcp(&public, "GET", "/standings");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_not_set_up_is_said_without_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(&dir.path().join("secret-folder-name.arbiter"), None);
    for path in ["/", "/standings", "/rounds/1", "/rounds/1/games.pgn"] {
        // Parents who scan the wall's code before the arbiter has created the event are told
        // so, and to come back (503 with a minute to wait), not shown a server failure.
        let (s, head, body) = public(&cfg, "GET", path).await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{path}: {body}");
        assert_eq!(head["retry-after"], "60", "{path}");
        assert!(
            body.contains("<h1>Результаты недоступны</h1>"),
            "{path}: {body}"
        );
        assert!(
            body.contains("Турнир ещё не создан: его результаты появятся здесь."),
            "{path}: {body}"
        );
        let (_, _, en) = public(&cfg, "GET", &format!("{path}?lang=en")).await;
        assert!(
            en.contains("The event has not been set up yet"),
            "{path}: {en}"
        );
        assert!(!body.contains("secret-folder-name"), "{path}: {body}");
        assert!(!body.contains(dir.path().to_str().unwrap()), "{path}");
    }
}
