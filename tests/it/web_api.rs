//! `arbiter serve`: the JSON API's every status code, the token, stale forms, the
//! pages in both languages, and two writers (the server and the CLI) at once losing nothing.
//! Requests go to the `Router` itself (`tower::ServiceExt::oneshot`): no network.

use crate::common::{serve_first_line, served_addr};
use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::i18n::Lang;
use arbiter::tournament::standings::Preset;
use arbiter::tournament::{Player, Tournament, store};
use arbiter::web::{App, ServeConfig, router, version};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use tower::ServiceExt as _;

/// A state file with `n` players rated 2000, 1990, … (starting ranks by rating), 4 rounds.
pub(crate) fn event(dir: &Path, n: u16) -> PathBuf {
    let mut t = Tournament::new("Детский мат", 4);
    for i in 1..=n {
        t.add_player(Player {
            name: format!("Player {i:02}"),
            rating: Some(2010 - 10 * i),
            ..Player::default()
        })
        .unwrap();
    }
    let path = dir.join("ev.json");
    store::save(&t, &path).unwrap();
    path
}

pub(crate) fn config(state: &Path, token: Option<&str>) -> ServeConfig {
    ServeConfig {
        state: state.to_path_buf(),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: Lang::Ru,
        preset: Some(Preset::DetskyMat),
        token: token.map(str::to_string),
        allowed_hosts: Vec::new(),
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    }
}

/// The session id the tests' forms are sent under (any 32 hex digits: the server's form key
/// of it is what the pages would put in their forms).
const SESSION: &str = "0123456789abcdef0123456789abcdef";

/// One request as the desk's own pages make it, to a fresh router over `state`: a form
/// (`application/x-www-form-urlencoded` or `multipart/form-data; boundary=XB`) gets the session
/// cookie and its form key unless it has a `csrf` field; an API body without a content type
/// is sent as `application/json`. Status, headers, body text.
pub(crate) async fn send(
    cfg: &ServeConfig,
    method: &str,
    uri: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut headers: Vec<(String, String)> = headers
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut body = body.to_string();
    let kind = headers
        .iter()
        .find(|(k, _)| k == "content-type")
        .map(|(_, v)| v.clone());
    let key = arbiter::web::guard::form_key(SESSION);
    let mut signed = false;
    match kind.as_deref() {
        None if uri.starts_with("/api/") && !body.is_empty() => {
            headers.push(("content-type".into(), "application/json".into()));
        }
        Some("application/x-www-form-urlencoded") if !body.contains("csrf=") => {
            body = format!("csrf={key}&{body}");
            signed = true;
        }
        Some(k) if k.starts_with("multipart/form-data") && !body.contains("name=\"csrf\"") => {
            body = body.replacen(
                "--XB\r\n",
                &format!(
                    "--XB\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{key}\r\n--XB\r\n"
                ),
                1,
            );
            signed = true;
        }
        _ => {}
    }
    if signed {
        let session = format!("arbiter_session={SESSION}");
        match headers.iter_mut().find(|(k, _)| k == "cookie") {
            Some((_, v)) => *v = format!("{v}; {session}"),
            None => headers.push(("cookie".into(), session)),
        }
    }
    let pairs: Vec<(&str, &str)> = headers
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    send_raw(cfg, method, uri, &body, &pairs).await
}

/// One request exactly as given, to a fresh router over `state`: status, headers, body text.
async fn send_raw(
    cfg: &ServeConfig,
    method: &str,
    uri: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::builder().method(method).uri(uri);
    // Every client names the host (the desk refuses a request that does not).
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req = req.header("host", "localhost");
    }
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    answer(
        router(App::new(cfg.clone())),
        req.body(Body::from(body.to_string())).unwrap(),
    )
    .await
}

/// `req` answered by `app` (the desk's router or the public view's): status, headers and
/// the body as UTF-8.
pub(crate) async fn answer(
    app: axum::Router,
    req: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

/// The page at `uri` (a GET on loopback) answered by `app`, outside any runtime (a plain
/// `#[test]`), which must be 200: its body.
pub(crate) fn page_of(app: axum::Router, uri: &str) -> String {
    let req = Request::get(uri)
        .header("host", "localhost")
        .body(Body::empty())
        .unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (s, _, body) = rt.block_on(answer(app, req));
    assert_eq!(s, StatusCode::OK, "{uri}: {body}");
    body
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn post_result(cfg: &ServeConfig, round: u32, board: u32, body: &str) -> (StatusCode, String) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let uri = format!("/api/rounds/{round}/boards/{board}/result");
    let (s, _, b) = rt.block_on(send(cfg, "POST", &uri, body, &[]));
    (s, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_status_code_of_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);

    // GET /api/event: the record, its version as ETag.
    let (s, h, body) = send(&cfg, "GET", "/api/event", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(json(&body)["name"], "Детский мат");
    let tag = format!("\"{}\"", version(&store::load(&path).unwrap()));
    assert_eq!(h[header::ETAG].to_str().unwrap(), tag);

    // No round yet: 404.
    let (s, _, body) = send(&cfg, "GET", "/api/rounds/1", "", &[]).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{body}");

    // Pair round 1 (Dutch, 5 players: 1-3 and 4-2, the bye to 5, C.04.3 by hand).
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let p = json(&body);
    assert_eq!(p["round"], 1);
    assert_eq!(
        p["boards"],
        serde_json::json!([{"number": 1, "white": 1, "black": 3}, {"number": 2, "white": 4, "black": 2}])
    );
    assert_eq!(p["bye"], 5);

    // The pairing list, as `tournament pairings --format json`.
    let (s, _, body) = send(&cfg, "GET", "/api/rounds/1", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let cli = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["tournament", "pairings"])
        .arg(&path)
        .args(["--round", "1", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(json(&body), json(&String::from_utf8(cli.stdout).unwrap()));

    // A result: 200 and the board; the file has it.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/1/result",
        r#"{"result": "1-0"}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let b = json(&body);
    assert_eq!(b["board"], 1);
    assert_eq!(b["result"], "1-0");
    assert_eq!(b["white"]["start_rank"], 1);
    assert_eq!(b["black"]["name"], "Player 03");
    let t = store::load(&path).unwrap();
    assert_eq!(
        t.round(1).unwrap().games[0].result,
        Some(arbiter::tournament::BoardResult::WhiteWins)
    );

    // Again: 409, the result kept.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/1/result",
        r#"{"result": "0-1"}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("already recorded"),
        "{body}"
    );

    // No such board, no such round: 404.
    for uri in [
        "/api/rounds/1/boards/3/result",
        "/api/rounds/2/boards/1/result",
    ] {
        let (s, _, body) = send(&cfg, "POST", uri, r#"{"result": "1-0"}"#, &[]).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}: {body}");
    }

    // Bad bodies: 400 (not JSON, no result, an unknown result, an unknown key).
    for bad in [
        "1-0",
        "{}",
        r#"{"result": "2-0"}"#,
        r#"{"result": "1-0", "board": 2}"#,
    ] {
        let (s, _, body) = send(&cfg, "POST", "/api/rounds/1/boards/2/result", bad, &[]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }

    // The next round while board 2 has no result: 409.
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("without a result"), "{body}");

    // A stale version: 409 and nothing written; the current one: 200.
    let before = crate::common::snapshot(&path);
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/2/result",
        r#"{"result": "1/2-1/2", "version": "0000000000000000"}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(crate::common::snapshot(&path), before);
    let now = version(&store::load(&path).unwrap());
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/2/result",
        &format!(r#"{{"result": "1/2-1/2", "version": "{now}"}}"#),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(json(&body)["result"], "1/2-1/2");

    // A correction replaces the result.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/boards/2/result",
        r#"{"result": "+-", "correct": true}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(json(&body)["result"], "+-");

    // Round 2 pairs now.
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(json(&body)["round"], 2);

    // Standings: as `arbiter tournament standings --format json` on the same file.
    let (s, _, body) = send(&cfg, "GET", "/api/standings", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let cli = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["tournament", "standings"])
        .arg(&path)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(json(&body), json(&String::from_utf8(cli.stdout).unwrap()));
    // 1 beat 3, 4 won by forfeit, 5 had the bye (1 point each, CR 1.3); 2 and 3 have none.
    let mut leaders: Vec<String> = json(&body)["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["points"] == 1.0)
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    leaders.sort();
    assert_eq!(leaders, ["Player 01", "Player 04", "Player 05"]);
}

#[tokio::test]
async fn changes_need_the_token_when_the_server_has_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, Some("s3cret"));
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/api/rounds/next",
        "",
        &[("x-arbiter-token", "wrong")],
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(store::load(&path).unwrap().paired_rounds(), 0);
    // Reading needs it too: without it nothing is shown, in words.
    let (s, _, body) = send(&cfg, "GET", "/api/event", "", &[]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert!(!body.contains("Player 01"), "{body}");
    for page in [
        "/?lang=en",
        "/players?lang=en",
        "/log",
        "/export/state",
        "/players.csv",
    ] {
        let (s, _, body) = send(&cfg, "GET", page, "", &[]).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{page}");
        assert!(!body.contains("Player 01"), "{page}: {body}");
    }
    let (_, _, body) = send(&cfg, "GET", "/?lang=en", "", &[]).await;
    assert!(body.contains("This desk needs its access token"), "{body}");
    let (s, _, body) = send(
        &cfg,
        "GET",
        "/api/event",
        "",
        &[("x-arbiter-token", "s3cret")],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("Player 01"), "{body}");
    // The pages' scripts hold nothing and need nothing.
    let (s, _, _) = send(&cfg, "GET", "/desk.js", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    // The hall's screen has its own key: opened once with it, kept as a cookie; it opens the
    // screen and nothing else.
    let key = arbiter::web::guard::screen_key("s3cret");
    assert_ne!(key, "s3cret");
    let (s, _, _) = send(&cfg, "GET", "/screen", "", &[]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, h, _) = send(&cfg, "GET", &format!("/screen?key={key}&lang=en"), "", &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/screen?lang=en");
    let screen = format!("arbiter_screen={key}");
    assert!(h[header::SET_COOKIE].to_str().unwrap().starts_with(&screen));
    let (s, _, body) = send(&cfg, "GET", "/screen?lang=en", "", &[("cookie", &screen)]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    for page in ["/", "/players", "/api/event", "/export/state"] {
        let (s, _, _) = send(&cfg, "GET", page, "", &[("cookie", &screen)]).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{page} with the screen's key");
    }
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[("cookie", &screen)]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // A page opened with the token remembers it as a cookie and drops it from the address
    // (303 to the same page, its other parameters kept); the cookie or a header pass.
    let (s, h, _) = send(&cfg, "GET", "/rounds/1?token=s3cret&lang=en", "", &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/rounds/1?lang=en");
    assert!(
        h[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .starts_with("arbiter_token=s3cret;")
    );
    let (s, h, _) = send(&cfg, "GET", "/?token=s3cret", "", &[]).await;
    assert_eq!(
        (s, &h[header::LOCATION]),
        (StatusCode::SEE_OTHER, &"/".parse().unwrap())
    );
    // A wrong token is not remembered: refused, no cookie for it.
    let (s, h, _) = send(&cfg, "GET", "/?token=guess", "", &[]).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert!(
        h.get_all(header::SET_COOKIE)
            .iter()
            .all(|c| !c.to_str().unwrap().starts_with("arbiter_token"))
    );
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/api/rounds/next",
        "",
        &[("authorization", "Bearer s3cret")],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        "board=1&result=1-0&lang=ru",
        &[("content-type", "application/x-www-form-urlencoded")],
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert!(body.contains("ключ доступа"), "{body}");
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        "board=1&result=1-0&lang=ru",
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("cookie", "arbiter_token=s3cret"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn pages_in_both_languages_and_stale_forms() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    // Pairing from the page shows the round with the pairer's explanation of the bye.
    let v = version(&store::load(&path).unwrap());
    let (s, h, body) = send(
        &cfg,
        "POST",
        "/rounds/next",
        &format!("version={v}&lang=en"),
        &form,
    )
    .await;
    // Post/redirect/get: the round's page, with a "saved" notice; a reload does not pair again.
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location(&h), "/rounds/1?lang=en&saved=1");
    let (_, _, body) = send(&cfg, "GET", "/rounds/1?lang=en&saved=1", "", &[]).await;
    assert!(
        body.contains(r#"id="explanation""#) && body.contains("Player 05"),
        "{body}"
    );
    assert!(body.contains(r#"id="saved""#), "{body}");
    // The explanation is kept with the round, in the page's language.
    let (_, _, body) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    assert!(
        body.contains("«+» (свободный от игры тур) получает 5 (Player 05) (0)"),
        "{body}"
    );
    assert!(
        !body.contains("receives the pairing-allocated bye"),
        "{body}"
    );
    for page in [
        "/",
        "/players",
        "/rounds/1",
        "/rounds/1/print",
        "/standings",
        "/crosstable",
    ] {
        for (lang, word) in [("ru", "Участники"), ("en", "Players")] {
            let (s, _, body) = send(&cfg, "GET", &format!("{page}?lang={lang}"), "", &[]).await;
            assert_eq!(s, StatusCode::OK, "{page} {lang}");
            assert!(body.contains(&format!(r#"<html lang="{lang}">"#)), "{page}");
            assert!(body.contains(word), "{page} {lang}");
        }
    }
    // The default language is the server's (Russian here).
    let (_, _, body) = send(&cfg, "GET", "/rounds/1", "", &[]).await;
    assert!(body.contains("Тур 1") && body.contains(r#"<html lang="ru">"#));
    // A form made before another change: "changed meanwhile", nothing written.
    let old = version(&store::load(&path).unwrap());
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=1&result=1-0&version={old}"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let before = crate::common::snapshot(&path);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=2&result=0-1&version={old}&lang=ru"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("Турнир изменился"), "{body}");
    assert_eq!(crate::common::snapshot(&path), before);
    // A second result from the page says why, in the page's language.
    let now = version(&store::load(&path).unwrap());
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=1&result=0-1&version={now}&lang=en"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("already has a result"), "{body}");
    // A correction without its confirmation is refused; with it, recorded.
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=1&result=0-1&correct=yes&version={now}"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=1&result=0-1&correct=yes&confirm=yes&version={now}"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(
        store::load(&path).unwrap().round(1).unwrap().games[0].result,
        Some(arbiter::tournament::BoardResult::BlackWins)
    );
    // Editing a player: the form is prefilled; a bad birth date is refused with the reason.
    let (s, _, body) = send(&cfg, "GET", "/players?lang=en&edit=3", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains(r#"value="Player 03""#), "{body}");
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/edit",
        "player=3&name=Sidorov%2C+Ilya&rating=1390&birth_date=2014%2F02%2F30&lang=en",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("not a real date"), "{body}");
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/players/edit",
        "player=3&name=Sidorov%2C+Ilya&rating=1390&birth_date=2014%2F02%2F28&club=Rook",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let t = store::load(&path).unwrap();
    // The comma between surname and given name is dropped: «Фамилия Имя».
    let p = t.player(3).unwrap();
    assert_eq!(
        (
            p.name.as_str(),
            p.rating,
            p.birth_date.as_deref(),
            p.club.as_deref()
        ),
        ("Sidorov Ilya", Some(1390), Some("2014/02/28"), Some("Rook"))
    );
    // Withdrawing a player who has a game in the round is refused, in Russian.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/withdraw",
        "player=1&from_round=1&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        body.contains(
            "Player 01 (№ 1) сыграл 1-й тур (результат записан); снять с турнира можно с 2-го тура"
        ),
        "{body}"
    );
    // Unknown page: 404 in the page's language.
    let (s, _, body) = send(&cfg, "GET", "/nowhere?lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(body.contains("Такой страницы нет"));
}

/// Two writers at once — the server (four requests in parallel) and the CLI (four processes
/// in parallel) — each recording a different board of the same round: all eight results are
/// in the file afterwards.
#[test]
fn two_writers_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 16);
    let cfg = config(&path, None);
    let (s, _) = {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let (s, _, b) = rt.block_on(send(&cfg, "POST", "/api/rounds/next", "", &[]));
        (s, b)
    };
    assert_eq!(s, StatusCode::OK);
    std::thread::scope(|scope| {
        for board in 1..=4u32 {
            let cfg = cfg.clone();
            scope.spawn(move || {
                let (s, body) = post_result(&cfg, 1, board, r#"{"result": "1/2-1/2"}"#);
                assert_eq!(s, StatusCode::OK, "board {board}: {body}");
            });
        }
        for board in 5..=8u32 {
            let path = path.clone();
            scope.spawn(move || {
                let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                    .args(["tournament", "result"])
                    .arg(&path)
                    .args(["--round", "1", "--board", &board.to_string(), "0-1"])
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            });
        }
    });
    let t = store::load(&path).unwrap();
    use arbiter::tournament::BoardResult::{BlackWins, Draw};
    let results: Vec<_> = t.round(1).unwrap().games.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [
            Draw, Draw, Draw, Draw, BlackWins, BlackWins, BlackWins, BlackWins
        ]
        .map(Some)
    );
}

#[tokio::test]
async fn refuses_to_start_on_a_file_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    // A file that is not there yet is an event to set up (tests/it/web_setup.rs), but not in a
    // folder that is not there either.
    let missing = dir.path().join("no-such-folder").join("event.arbiter");
    let e = arbiter::web::serve(config(&missing, None), |_| panic!("must not start"))
        .await
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("cannot serve {}:", missing.display()))
            && e.to_string().contains("no-such-folder: open the folder"),
        "{e}"
    );
    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, "{\"name\": 3}").unwrap();
    let e = arbiter::web::serve(config(&garbage, None), |_| panic!("must not start"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("not a tournament state file"), "{e}");
}

/// The binary: prints its URL at once, serves, and stops with exit status 0 on Ctrl-C.
#[cfg(unix)]
#[test]
fn the_binary_prints_its_url_and_stops_on_ctrl_c() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 2);
    let path = path.to_str().unwrap();
    let (mut child, line) =
        serve_first_line(&[path, "--addr", "127.0.0.1:0", "--lang", "en"], dir.path());
    let addr = served_addr(&line);
    let mut conn = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "GET /api/event HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("Детский мат"));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// The value of the hidden input `name` in a page, HTML entities decoded.
pub(crate) fn hidden(page: &str, name: &str) -> String {
    let key = format!(r#"name="{name}" value=""#);
    let start = page
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {page}"))
        + key.len();
    let raw = &page[start..start + page[start..].find('"').unwrap()];
    raw.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The desk: a board's event log uploaded is judged (CR 3.3: White's two counted illegal
/// moves lose, `fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl` with the board's names) and
/// recorded on confirmation; an expired play-out's position is adjudicated (a rook against
/// the lone king: 1-0, CR 4.3) and recorded on confirmation.
#[tokio::test]
async fn a_judged_log_and_an_adjudication_are_recorded_when_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let fixture = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl"
    ))
    .unwrap()
    .replace(r#""white":"Anna""#, r#""white":"Player 01""#)
    .replace(r#""black":"Boris""#, r#""black":"player 03""#);
    let body = format!(
        "--XB\r\nContent-Disposition: form-data; name=\"board\"\r\n\r\n1\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\nen\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"log\"; filename=\"board1.jsonl\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n{fixture}\r\n--XB--\r\n"
    );
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &body,
        &[("content-type", "multipart/form-data; boundary=XB")],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(page.contains("CR 3.3"), "{page}");
    assert!(
        page.contains("The judge&#x27;s result: 0 – 1")
            && page.contains(r#"value="decided" id="choice-decided" checked"#),
        "{page}"
    );
    assert_eq!(
        store::load(&path).unwrap().round(1).unwrap().games[0].result,
        None
    );
    let form = format!(
        "board=1&lang=en&version={}&verdict={}",
        hidden(&page, "version"),
        urlencode(&hidden(&page, "verdict"))
    );
    let urlencoded = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, page) = send(&cfg, "POST", "/rounds/1/judge/confirm", &form, &urlencoded).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{page}");
    let g = store::load(&path).unwrap().round(1).unwrap().games[0].clone();
    assert_eq!(g.result, Some(arbiter::tournament::BoardResult::BlackWins));
    assert!(g.judged.is_some());

    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/adjudicate",
        &format!("board=2&lang=en&fen={}", urlencode(fen)),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(
        page.contains("CR 4.3") && page.contains("The adjudication&#x27;s result: 1 – 0"),
        "{page}"
    );
    let form = format!(
        "board=2&choice=decided&fen={}&version={}",
        urlencode(fen),
        hidden(&page, "version")
    );
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/adjudicate/confirm",
        &form,
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let g = store::load(&path).unwrap().round(1).unwrap().games[1].clone();
    assert_eq!(g.result, Some(arbiter::tournament::BoardResult::WhiteWins));
    let a = g
        .adjudicated
        .clone()
        .expect("the adjudication kept in the record");
    assert_eq!((a.fen.as_str(), a.proposed), (fen, g.result));
    assert_eq!(
        g.decided_by(),
        Some(arbiter::tournament::DecidedBy::Adjudication)
    );
    // A log whose players are not the board's is shown with the refusal and no confirmation.
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &body.replace("name=\"board\"\r\n\r\n1", "name=\"board\"\r\n\r\n2"),
        &[("content-type", "multipart/form-data; boundary=XB")],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"id="refusal""#) && !page.contains(r#"id="confirm""#),
        "{page}"
    );
}

/// The text of a page's `id="error"` paragraph (HTML entities of quotes undone).
pub(crate) fn error_text(page: &str) -> String {
    let start = page.find(r#"id="error">"#).expect("an error paragraph") + r#"id="error">"#.len();
    let end = start + page[start..].find("</p>").unwrap();
    page[start..end]
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Broken uploads on the desk in Russian: the message names the user's file and its line or
/// byte in Russian words only (no English word, no path of the server's), for an event log
/// with a line that is not an event, an event log whose move cannot be read, a PGN with binary
/// data and a board log with a bad placement.
#[tokio::test]
async fn broken_uploads_are_refused_in_russian_with_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let header = r#"{"type":"header","white":"Player 01","black":"Player 03"}"#;
    let cases: [(&str, String, &[&str]); 4] = [
        (
            "доска1.jsonl",
            format!("{header}\n{{\"type\":\"start\"}}\n"),
            &["доска1.jsonl, строка 2: это не событие журнала партии"],
        ),
        (
            "board1.jsonl",
            format!("{header}\n{{\"type\":\"move\",\"uci\":\"zz\"}}\n"),
            &["board1.jsonl, строка 2: ход «zz» не читается"],
        ),
        (
            "game.pgn",
            "[Event \"x\"]\n\n1. e4 \u{0} e5 *\n".to_string(),
            &["game.pgn", "байт"],
        ),
        (
            "board.fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP\n"
                .to_string(),
            &["board.fen: строка 2: это не расстановка фигур"],
        ),
    ];
    for (name, content, wanted) in cases {
        let body = format!(
            "--XB\r\nContent-Disposition: form-data; name=\"board\"\r\n\r\n1\r\n\
             --XB\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\nru\r\n\
             --XB\r\nContent-Disposition: form-data; name=\"log\"; filename=\"{name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n{content}\r\n--XB--\r\n"
        );
        let (s, _, page) = send(
            &cfg,
            "POST",
            "/rounds/1/judge",
            &body,
            &[("content-type", "multipart/form-data; boundary=XB")],
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{name}: {page}");
        let error = error_text(&page);
        for w in wanted {
            assert!(error.contains(w), "{name}: {w:?} not in {error:?}");
        }
        assert!(
            !error.contains("/tmp") && !error.contains("arbiter-upload"),
            "{error}"
        );
        // No English word: every Latin word is the file's own name or its text quoted «…».
        let unquoted: String = error
            .split('«')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once('»').map_or("", |(_, r)| r)
                }
            })
            .collect();
        let english: Vec<&str> = unquoted
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1 && !name.contains(w))
            // Format names (PGN, JSON, FEN) are no English words.
            .filter(|w| w.chars().any(|c| c.is_ascii_lowercase()))
            .collect();
        assert!(english.is_empty(), "{name}: {english:?} in {error:?}");
    }
}

/// `application/x-www-form-urlencoded` encoding of a value.
pub(crate) fn urlencode(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The cells of `name`'s row in the web crosstable (`<td class="num cell">`); the page
/// writes the name as its surname and given names (`Player 01` as `Player` and `01`).
fn web_cells(html: &str, name: &str) -> Vec<String> {
    let (surname, given) = name.split_once(' ').unwrap_or((name, ""));
    let shown = format!(r#"{surname}</span> <span class="given">{given}</span>"#);
    // A row of the crosstable opens `<tr data-start-rank="N">`.
    let row = html
        .split("<tr")
        .find(|r| r.contains(&shown))
        .unwrap_or_else(|| panic!("no row for {name}: {html}"));
    row.split(r#"<td class="num cell">"#)
        .skip(1)
        .map(|c| c.split("</td>").next().unwrap().to_string())
        .collect()
}

/// The round cells of `name`'s row in `arbiter tournament crosstable` text: after the rank,
/// start rank, the two words of the name and the rating, one cell per round.
fn cli_cells(text: &str, name: &str, rounds: usize) -> Vec<String> {
    let line = text
        .lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("no row for {name}: {text}"));
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "|").collect();
    let at = words.iter().position(|w| *w == "Player").unwrap() + 3;
    words[at..at + rounds]
        .iter()
        .map(|w| w.to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_crosstable_cells_are_the_cli_crosstable_cells_in_the_pages_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    // Round 1 (1-3 and 4-2, the bye to 5): a draw and a black win.
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    for (board, result) in [(1, "1/2-1/2"), (2, "0-1")] {
        let uri = format!("/api/rounds/1/boards/{board}/result");
        let (s, _, body) = send(
            &cfg,
            "POST",
            &uri,
            &format!(r#"{{"result": "{result}"}}"#),
            &[],
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    for board in [1, 2] {
        let uri = format!("/api/rounds/2/boards/{board}/result");
        let (s, _, body) = send(&cfg, "POST", &uri, r#"{"result": "1-0"}"#, &[]).await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let (s, _, html) = send(&cfg, "GET", "/crosstable?lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        // The page joins a number to its case ending with a non-breaking hyphen (U+2011).
        html.contains("Детский мат — турнирная таблица после 2\u{2011}го тура"),
        "{html}"
    );
    assert!(html.contains("<title>Турнирная таблица"), "{html}");
    let cli = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["tournament", "crosstable"])
        .arg(&path)
        .args(["--lang", "ru"])
        .output()
        .unwrap();
    assert!(cli.status.success());
    let text = String::from_utf8(cli.stdout).unwrap();
    // The page's cells are the CLI's (TRF forms: `3w½`, `-U`) in Russian: «б»/«ч» for the
    // colour, narrow spaces apart, the bye in a word with its point.
    let russian = |cell: &str| match cell {
        "-U" => "своб.\u{a0}1".to_string(),
        c => {
            let at = c.find(['w', 'b']).unwrap_or_else(|| panic!("{c}"));
            let colour = if &c[at..=at] == "w" { "б" } else { "ч" };
            format!("{}\u{202f}{colour}\u{202f}{}", &c[..at], &c[at + 1..])
        }
    };
    for i in 1..=5 {
        let name = format!("Player {i:02}");
        let cli: Vec<String> = cli_cells(&text, &name, 2)
            .iter()
            .map(|c| russian(c))
            .collect();
        assert_eq!(web_cells(&html, &name), cli, "{name}");
    }
    // Round 1 by hand: 1 drew with 3 as White, 2 beat 4 as Black, 5 had the bye (`U`,
    // pairing-allocated, TRF-16) — start numbers, not places.
    assert_eq!(web_cells(&html, "Player 01")[0], "3\u{202f}б\u{202f}½");
    assert_eq!(web_cells(&html, "Player 03")[0], "1\u{202f}ч\u{202f}½");
    assert_eq!(web_cells(&html, "Player 02")[0], "4\u{202f}ч\u{202f}1");
    assert_eq!(web_cells(&html, "Player 05")[0], "своб.\u{a0}1");
    // Every form explained in the legend above the table.
    assert!(html.contains("(б — белыми, ч — чёрными)"), "{html}");
    assert!(
        html.contains("«своб.» — свободен от игры по жеребьёвке"),
        "{html}"
    );
}

/// The `from_round` input of the withdrawal form on `/players`.
fn withdraw_input(html: &str) -> &str {
    let at = html.find(r#"name="from_round""#).expect("withdrawal form");
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..=end]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_withdrawal_form_defaults_to_a_round_of_the_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 8);
    let cfg = config(&path, None);
    let (_, _, html) = send(&cfg, "GET", "/players", "", &[]).await;
    assert!(
        withdraw_input(&html).contains(r#"max="4" value="1""#),
        "{html}"
    );
    for round in 1..=4 {
        let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
        assert_eq!(s, StatusCode::OK, "{body}");
        let (_, _, html) = send(&cfg, "GET", "/players", "", &[]).await;
        // After round 1..3 is paired the next to pair is round+1; after round 4, the last: 4.
        let from = (round + 1).min(4);
        assert!(
            withdraw_input(&html).contains(&format!(r#"max="4" value="{from}""#)),
            "{}",
            withdraw_input(&html)
        );
        let boards = json(&body)["boards"].as_array().unwrap().len();
        for board in 1..=boards {
            let uri = format!("/api/rounds/{round}/boards/{board}/result");
            let result = if board % 2 == 0 { "0-1" } else { "1/2-1/2" };
            let body = format!(r#"{{"result": "{result}"}}"#);
            let (s, _, body) = send(&cfg, "POST", &uri, &body, &[]).await;
            assert_eq!(s, StatusCode::OK, "{body}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_addresses_are_answered_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    // Pages: the error page in the page's language, 404.
    for (uri, lang, text) in [
        ("/rounds/abc?lang=ru", "ru", "Нет такого тура: abc."),
        ("/rounds/0?lang=en", "en", "No such round: 0."),
        ("/rounds/-1/print", "ru", "Нет такого тура: -1."),
        ("/nope?lang=en", "en", "No such page: &#x2f;nope."),
    ] {
        let (s, _, body) = send(&cfg, "GET", uri, "", &[]).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}");
        assert!(body.contains(&format!(r#"<html lang="{lang}">"#)), "{body}");
        assert!(body.contains(text), "{uri}: {body}");
        assert!(!body.contains("u32") && !body.contains("parse"), "{body}");
    }
    // A query value the page does not take is ignored, not a rejection.
    let (s, _, body) = send(&cfg, "GET", "/players?edit=abc&lang=en", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    // A form's address opened as a page: 405, said on a page.
    let (s, _, body) = send(&cfg, "GET", "/rounds/1/result?lang=en", "", &[]).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert!(body.contains("does not take this request (GET)"), "{body}");
    // A form sent without its content type: 400 in the page's language.
    let (s, _, body) = send(&cfg, "POST", "/players?lang=ru", "name=X", &[]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("Форма пришла в виде"), "{body}");
    // An upload sent as a plain form: 400 in the page's language.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/judge?lang=en",
        "board=1",
        &[("content-type", "application/x-www-form-urlencoded")],
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("The form arrived in a shape"), "{body}");
    // The API: JSON errors, never HTML or the framework's text.
    for (method, uri, status, error) in [
        ("GET", "/api/rounds/abc", 404, "No such round: abc."),
        ("GET", "/api/rounds/0", 404, "No such round: 0."),
        (
            "POST",
            "/api/rounds/1/boards/x/result",
            404,
            "No such board: x.",
        ),
        ("GET", "/api/nope", 404, "No such page: /api/nope."),
        (
            "POST",
            "/api/event",
            405,
            "The address /api/event does not take this request (POST): use the page's buttons and links.",
        ),
    ] {
        let (s, h, body) = send(&cfg, method, uri, r#"{"result": "1-0"}"#, &[]).await;
        assert_eq!(s.as_u16(), status, "{uri}: {body}");
        assert_eq!(h[header::CONTENT_TYPE], "application/json", "{uri}");
        // `error` the English scripts compare; `message` beside it for a person.
        assert_eq!(json(&body)["error"], error, "{uri}");
        assert!(json(&body)["message"].is_string(), "{uri}: {body}");
    }
}

/// `text` as the templates write it (minijinja's HTML escaping).
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
        .replace('/', "&#x2f;")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_errors_are_in_the_page_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let no_kings = "8/8/8/8/8/8/8/8 w - - 0 1";
    let fen_ru = arbiter::game::setup::position_from_fen(no_kings)
        .unwrap_err()
        .message(Lang::Ru);
    assert!(fen_ru.starts_with("неверный FEN"), "{fen_ru}");
    let cases: [(&str, String, StatusCode, &str, String); 6] = [
        (
            "/rounds/1/result",
            "board=66&result=1-0&lang=ru".into(),
            StatusCode::NOT_FOUND,
            "Не найдено",
            "В 1-м туре нет доски 66.".into(),
        ),
        (
            "/rounds/1/result",
            "board=x&result=1-0&lang=ru".into(),
            StatusCode::BAD_REQUEST,
            "Не выполнено",
            "Доска: «x» — не число.".into(),
        ),
        (
            "/rounds/1/result",
            "result=1-0&lang=ru".into(),
            StatusCode::BAD_REQUEST,
            "Не выполнено",
            "Доска: не указано.".into(),
        ),
        (
            "/rounds/1/adjudicate",
            format!(
                "board=1&fen={}&lang=ru",
                no_kings.replace(' ', "+").replace('/', "%2F")
            ),
            StatusCode::BAD_REQUEST,
            // The round's page again, the FEN as typed kept in its field, the reason beside it.
            "Детский мат — Тур 1",
            escaped(&fen_ru),
        ),
        (
            "/players/edit",
            "player=3&name=Sidorov&birth_date=2014%2F02%2F30&lang=ru".into(),
            StatusCode::BAD_REQUEST,
            "Не выполнено",
            escaped(
                "Дата рождения «2014/02/30» — не настоящая дата в виде ДД.ММ.ГГГГ или ГГГГ/ММ/ДД (или год ГГГГ).",
            ),
        ),
        (
            "/players",
            "name=Petrov&birth_date=yesterday&lang=ru".into(),
            StatusCode::BAD_REQUEST,
            "Не выполнено",
            "Дата рождения «yesterday»".into(),
        ),
    ];
    let before = crate::common::snapshot(&path);
    for (uri, body, status, title, text) in cases {
        let (s, _, html) = send(&cfg, "POST", uri, &body, &form).await;
        assert_eq!(s, status, "{uri} {body}: {html}");
        assert!(html.contains(&format!("<h1>{title}</h1>")), "{html}");
        assert!(html.contains(&text), "{uri} {body}: {html}");
        if uri.ends_with("/adjudicate") {
            assert!(
                html.contains(&format!(r#"value="{}""#, escaped(no_kings))),
                "the FEN typed is kept: {html}"
            );
        }
        for english in [
            "on board",
            "is not a number",
            "is missing",
            "invalid FEN",
            "illegal position",
            "Отказано",
        ] {
            assert!(!html.contains(english), "{english}: {html}");
        }
    }
    assert_eq!(crate::common::snapshot(&path), before);
}

/// The `Location` of a redirect.
pub(crate) fn location(h: &axum::http::HeaderMap) -> String {
    h.get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// A multipart upload of `log` for board `board` from a page in `lang`.
pub(crate) fn upload(board: u32, lang: &str, log: &str) -> String {
    format!(
        "--XB\r\nContent-Disposition: form-data; name=\"board\"\r\n\r\n{board}\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\n{lang}\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"log\"; filename=\"board{board}.jsonl\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n{log}\r\n--XB--\r\n"
    )
}

/// CR 4.2 and the record: a log in which White lost by two illegal moves (CR 3.3) while the
/// players reported 1-0. The verdict page offers the judge's 0-1 as the choice already made and
/// says in Russian what contradicts the report (no raw codes); recording 1-0 needs the explicit
/// "another result" and a reason, refused without one, and kept with the reason when given.
#[tokio::test]
async fn the_judges_result_is_the_default_and_another_needs_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let log = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl"
    ))
    .unwrap()
    .replace(r#""white":"Anna""#, r#""white":"Player 01""#)
    .replace(r#""black":"Boris""#, r#""black":"player 03""#)
        + "{\"type\":\"result\",\"result\":\"1-0\",\"reason\":\"resignation\"}\n";
    let multipart = [("content-type", "multipart/form-data; boundary=XB")];
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &upload(1, "ru", &log),
        &multipart,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(page.contains("Результат по решению судьи: 0 – 1"), "{page}");
    assert!(
        page.contains(r#"value="decided" id="choice-decided" checked"#)
            && page.contains("Записать результат судьи: 0 – 1"),
        "{page}"
    );
    assert!(
        page.contains("Игроки сообщили результат 1 – 0")
            && page.contains("партия окончилась по правилам с другим результатом"),
        "{page}"
    );
    for raw in [
        "result_contradicts_ending",
        "(White)",
        "start no.",
        "Result to record",
    ] {
        // The verdict's JSON travels in a hidden field; what the page says is the rest.
        let said = page.replace(&hidden(&page, "verdict"), "");
        let said = said
            .split("name=\"verdict\" value=\"")
            .next()
            .unwrap()
            .to_string()
            + said
                .split("name=\"verdict\" value=\"")
                .nth(1)
                .and_then(|r| r.split_once('"'))
                .map_or("", |(_, rest)| rest);
        assert!(!said.contains(raw), "{raw}: {said}");
    }
    let urlencoded = [("content-type", "application/x-www-form-urlencoded")];
    let base = format!(
        "board=1&lang=ru&version={}&verdict={}",
        hidden(&page, "version"),
        urlencode(&hidden(&page, "verdict"))
    );
    // Another result without a reason: refused in Russian, nothing recorded.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/judge/confirm",
        &format!("{base}&choice=other&result=1-0&reason="),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("причин"), "{body}");
    // A result picked in the list while the judge's stays chosen: which was meant is unknown.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/judge/confirm",
        &format!("{base}&choice=decided&result=1-0"),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        store::load(&path).unwrap().round(1).unwrap().games[0].result,
        None
    );
    // The default (the judge's) records 0-1 and returns to the board's row, "saved".
    let (s, h, body) = send(
        &cfg,
        "POST",
        "/rounds/1/judge/confirm",
        &format!("{base}&choice=decided"),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location(&h), "/rounds/1?lang=ru&saved=1#board-1");
    let g = store::load(&path).unwrap().round(1).unwrap().games[0].clone();
    assert_eq!(g.result, Some(arbiter::tournament::BoardResult::BlackWins));
    assert_eq!(g.decided_by(), Some(arbiter::tournament::DecidedBy::Judge));
    // The arbiter's override, with its reason, replaces it and is kept.
    let (_, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &upload(1, "ru", &log),
        &multipart,
    )
    .await;
    let base = format!(
        "board=1&lang=ru&correct=yes&version={}&verdict={}",
        hidden(&page, "version"),
        urlencode(&hidden(&page, "verdict"))
    );
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/judge/confirm",
        &format!(
            "{base}&choice=other&result=1-0&reason={}",
            urlencode("Ход f1f4 не был сделан: показания обоих")
        ),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let g = store::load(&path).unwrap().round(1).unwrap().games[0].clone();
    assert_eq!(g.result, Some(arbiter::tournament::BoardResult::WhiteWins));
    assert_eq!(
        g.decided_by(),
        Some(arbiter::tournament::DecidedBy::Override)
    );
    assert_eq!(
        g.judged.unwrap().override_reason.as_deref(),
        Some("Ход f1f4 не был сделан: показания обоих")
    );
    // A log for another board: the refusal in Russian, and no button that can only fail.
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/1/judge",
        &upload(2, "ru", &log),
        &multipart,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"id="refusal""#) && !page.contains(r#"id="confirm""#),
        "{page}"
    );
    assert!(
        page.contains("белые") && !page.contains("(White)"),
        "{page}"
    );
}

/// Two devices: forms shown on a laptop and a tablet at the same time, each for another board,
/// both record; a form for a board changed since it was shown is refused as stale.
#[tokio::test]
async fn two_devices_entering_different_boards_both_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 6);
    let cfg = config(&path, None);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, laptop) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let (_, _, tablet) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    let board_version = |page: &str, b: u32| {
        let at = page
            .find(&format!(
                r#"name="board" value="{b}"><input type="hidden" name="version" value=""#
            ))
            .unwrap();
        hidden(&page[at..], "version")
    };
    let urlencoded = [("content-type", "application/x-www-form-urlencoded")];
    let post = |b: u32, v: String, result: &str, extra: &str| {
        format!("board={b}&result={result}&version={v}&lang=ru{extra}")
    };
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &post(1, board_version(&laptop, 1), "1-0", ""),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location(&h), "/rounds/1?lang=ru&saved=1#board-1");
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &post(2, board_version(&tablet, 2), "0-1", ""),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let games = store::load(&path).unwrap().round(1).unwrap().games.clone();
    assert_eq!(
        (games[0].result, games[1].result),
        (
            Some(arbiter::tournament::BoardResult::WhiteWins),
            Some(arbiter::tournament::BoardResult::BlackWins)
        )
    );
    // The tablet's form for board 1, shown before the laptop's result: a real conflict.
    let before = crate::common::snapshot(&path);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &post(
            1,
            board_version(&tablet, 1),
            "0-1",
            "&correct=yes&confirm=yes",
        ),
        &urlencoded,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        body.contains(
            "Тур 1, доска 1: пока страница была открыта, на доске записан результат 1 – 0"
        ),
        "{body}"
    );
    assert_eq!(crate::common::snapshot(&path), before);
}

/// Two devices adding one child at the same moment: the name is checked inside the change
/// that adds, under the state file's lock, so one is added and the other is asked to confirm
/// a second player of that name (409, naming the one just added), not added as well.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_devices_adding_one_child_at_once_add_one() {
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let body = format!("name={}&lang=ru", urlencode("Иванов Пётр"));
    // Three fresh events, so that each attempt races anew.
    for attempt in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let path = event(dir.path(), 4);
        let cfg = config(&path, None);
        let (a, b) = tokio::join!(
            send(&cfg, "POST", "/players", &body, &form),
            send(&cfg, "POST", "/players", &body, &form)
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::SEE_OTHER, StatusCode::CONFLICT],
            "attempt {attempt}"
        );
        let refused = if a.0 == StatusCode::CONFLICT {
            &a.2
        } else {
            &b.2
        };
        assert!(refused.contains("Такое имя уже записано"), "{refused}");
        assert!(refused.contains("5. Иванов Пётр"), "{refused}");
        assert!(
            refused.contains("name=\"duplicate\" value=\"yes\""),
            "{refused}"
        );
        let t = store::load(&path).unwrap();
        assert_eq!(t.players.len(), 5);
        assert_eq!(
            t.players.iter().filter(|p| p.name == "Иванов Пётр").count(),
            1
        );
    }
}

/// Girls are «выбыла»: the sex chosen on the registration form is kept and the pages' gendered
/// words follow it; a name registered twice (ё = е, case ignored) and a player entered after
/// pairing are saved with a warning on the page they return to.
#[tokio::test]
async fn the_sex_field_the_gendered_words_and_the_registration_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/players",
        &format!("name={}&sex=w&lang=ru", urlencode("Соловьёва Дарья")),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location(&h), "/players?lang=ru&saved=1");
    // The same name again (ё = е, case and spaces ignored): refused until the arbiter
    // confirms a second child of that name; then written «Фамилия Имя» and said so.
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/players",
        &format!("name={}&lang=ru", urlencode("соловьева  дарья")),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(page.contains("Такое имя уже записано"), "{page}");
    assert!(page.contains("Соловьёва Дарья"), "{page}");
    assert!(page.contains("name=\"duplicate\" value=\"yes\""), "{page}");
    assert_eq!(store::load(&path).unwrap().players.len(), 5);
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/players",
        &format!(
            "name={}&lang=ru&duplicate=yes",
            urlencode("соловьева  дарья")
        ),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(
        location(&h),
        "/players?lang=ru&saved=1&note=name-normalised,duplicate-name"
    );
    assert!(
        store::load(&path)
            .unwrap()
            .players
            .iter()
            .any(|p| p.name == "Соловьева Дарья")
    );
    let (_, _, page) = send(&cfg, "GET", &location(&h), "", &[]).await;
    assert!(
        page.contains("Участник с таким же именем уже записан"),
        "{page}"
    );
    let t = store::load(&path).unwrap();
    let dasha = t
        .players
        .iter()
        .find(|p| p.name == "Соловьёва Дарья")
        .unwrap();
    assert_eq!(dasha.sex, Some(arbiter::tournament::player::Sex::Female));
    let tpn = dasha.start_rank;
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    // A late entry: saved, with the warning.
    let (_, h, _) = send(
        &cfg,
        "POST",
        "/players",
        "name=Late+Entry&sex=m&lang=ru",
        &form,
    )
    .await;
    assert_eq!(location(&h), "/players?lang=ru&saved=1&note=late-entry");
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/withdraw",
        &format!("player={tpn}&from_round=2&lang=ru"),
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    for page in ["/", "/players"] {
        let (_, _, body) = send(&cfg, "GET", &format!("{page}?lang=ru"), "", &[]).await;
        assert!(body.contains("выбыла с 2-го тура"), "{page}: {body}");
    }
}

/// Nothing left to the command line: a half-point bye requested in advance and a
/// disqualification (CR 2.2) from the players page; the TRF, a round's CSV (names neutralised
/// for spreadsheets) and the state file as a backup downloaded from the pages.
#[tokio::test]
async fn byes_disqualification_and_downloads_on_the_pages() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 6);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/bye",
        "player=6&round=1&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let t = store::load(&path).unwrap();
    let r1 = t.round(1).unwrap();
    assert!(
        r1.byes
            .iter()
            .any(|b| b.player == 6 && b.kind == arbiter::tournament::ByeKind::HalfPoint)
            && r1.games.iter().all(|g| g.white != 6 && g.black != 6),
        "{r1:?}"
    );
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/players/disqualify",
        "player=1&round=1&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let t = store::load(&path).unwrap();
    // Disqualified in round 1: out of the event from round 2 on.
    assert_eq!(t.player(1).unwrap().disqualified_from, Some(2));
    let g = t
        .round(1)
        .unwrap()
        .games
        .iter()
        .find(|g| g.white == 1 || g.black == 1)
        .unwrap();
    let lost = if g.white == 1 {
        arbiter::tournament::BoardResult::BlackWins
    } else {
        arbiter::tournament::BoardResult::WhiteWins
    };
    assert!(
        matches!(g.result, Some(r) if r == lost || r.is_forfeit()),
        "{g:?}"
    );
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(page.contains("дисквалифицирован с 2-го тура"), "{page}");
    let (s, h, trf) = send(&cfg, "GET", "/export/trf", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        h[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("event.trf")
    );
    assert!(
        trf.lines()
            .any(|l| l.starts_with("001") && l.contains("Player 01")),
        "{trf}"
    );
    let (s, _, csv) = send(&cfg, "GET", "/rounds/1/export.csv", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(csv.starts_with("board,white_start_rank"), "{csv}");
    // The standings as CSV: the ranking of the page, a name that looks like a formula kept as
    // text for the spreadsheet.
    let (s, h, csv) = send(&cfg, "GET", "/standings.csv", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        h[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("standings.csv")
    );
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some(r#"rank,start_rank,name,rating,club,points,"BH-C1","BH","SB","DE","PS","WIN",status"#)
    );
    assert_eq!(lines.count(), 6, "{csv}");
    let (_, _, page) = send(&cfg, "GET", "/standings?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="standings-csv""#), "{page}");
    let form_csv = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/players/edit",
        "player=2&name=%3DHYPERLINK(%22http%3A%2F%2Fx%22)&lang=ru",
        &form_csv,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (_, _, csv) = send(&cfg, "GET", "/standings.csv", "", &[]).await;
    assert!(csv.contains(r#",2,"'=HYPERLINK(""http://x"")","#), "{csv}");
    // The player list for a spreadsheet, read back by the import's own reader.
    let (s, h, csv) = send(&cfg, "GET", "/players.csv", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        h[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("players.csv")
    );
    assert!(
        csv.starts_with("\u{feff}№;Фамилия;Имя;Отчество;Дата рождения;"),
        "{csv}"
    );
    assert!(csv.contains(r#"2;"'=HYPERLINK(""http://x"")";"#), "{csv}");
    let t = store::load(&path).unwrap();
    let read = arbiter::formats::player_list::read(
        csv.as_bytes(),
        &Tournament::new("copy", 1),
        "players.csv",
    )
    .unwrap();
    let names: Vec<&str> = read.to_add.iter().map(|r| r.player.name.as_str()).collect();
    let want: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, want);
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="players-csv""#), "{page}");
    let (s, _, json) = send(&cfg, "GET", "/export/state", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, store::load(&path).unwrap());
}

/// Tablet mode (`--addr 0.0.0.0:…`): the URL printed names the machine's address on its
/// network, which another device can open, not `0.0.0.0`; it answers there with the token.
#[test]
fn tablet_mode_prints_the_machines_network_address() {
    use std::io::{BufRead, BufReader, Read, Write};
    let Some(ip) = arbiter::web::lan_address(false) else {
        eprintln!("notice: no network address on this machine: skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 2);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .arg(&path)
        .args(["--addr", "0.0.0.0:0", "--lang", "en"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut line).unwrap();
    // Then the same address as a QR code in half blocks, for the tablet's camera (after two
    // lines of its quiet zone).
    let mut qr = String::new();
    for _ in 0..4 {
        out.read_line(&mut qr).unwrap();
    }
    let stop = || {
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap()
    };
    if !line.contains(&format!("http://{ip}:")) || !line.contains("?token=") {
        stop();
        panic!("{line:?} does not name {ip} with the token");
    }
    if !qr.contains('▀') && !qr.contains('▄') {
        stop();
        panic!("no QR code after the address: {qr:?}");
    }
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    let token = line
        .split("?token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let ask = |token_header: &str| {
        let mut conn = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            conn,
            "GET /api/event HTTP/1.1\r\nHost: {addr}\r\n{token_header}Connection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        conn.read_to_string(&mut answer).unwrap();
        answer
    };
    // The event is read with the token only.
    let with = ask(&format!("X-Arbiter-Token: {token}\r\n"));
    let without = ask("");
    assert!(stop().success());
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(with.starts_with("HTTP/1.1 200"), "{with}");
    assert!(without.starts_with("HTTP/1.1 401"), "{without}");
}

/// Mistakes undone on the pages: a withdrawal cancelled (the player is paired again) and a
/// forbidden pair removed.
#[tokio::test]
async fn a_withdrawal_cancelled_and_a_forbidden_pair_removed() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let ok = |s: StatusCode| assert_eq!(s, StatusCode::SEE_OTHER);
    ok(send(
        &cfg,
        "POST",
        "/players/withdraw",
        "player=4&from_round=1&lang=ru",
        &form,
    )
    .await
    .0);
    ok(send(
        &cfg,
        "POST",
        "/players/forbid",
        "a=1&b=2&reason=siblings&lang=ru",
        &form,
    )
    .await
    .0);
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru", "", &[]).await;
    assert!(
        page.contains(r#"id="return-4""#) && page.contains(r#"id="unforbid-0""#),
        "{page}"
    );
    ok(
        send(&cfg, "POST", "/players/return", "player=4&lang=ru", &form)
            .await
            .0,
    );
    ok(
        send(&cfg, "POST", "/players/unforbid", "index=0&lang=ru", &form)
            .await
            .0,
    );
    let t = store::load(&path).unwrap();
    assert_eq!(t.player(4).unwrap().withdrawn_from, None);
    assert!(t.forbidden.is_empty());
    let (s, _, _) = send(&cfg, "POST", "/players/unforbid", "index=0&lang=ru", &form).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let r1 = store::load(&path).unwrap().round(1).unwrap().clone();
    assert_eq!(r1.games.len(), 2, "all four paired again: {r1:?}");
}

/// A round paired too early is unpaired from its page while it has no results (confirmed), and
/// paired again; once a result is in, unpairing is refused in words.
#[tokio::test]
async fn a_round_without_results_is_unpaired() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, page) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="unpair""#), "{page}");
    let (s, _, _) = send(&cfg, "POST", "/rounds/1/unpair", "lang=ru", &form).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "unconfirmed");
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/rounds/1/unpair",
        "confirm=yes&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location(&h), "/?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    assert_eq!(t.paired_rounds(), 0);
    assert!(t.rounds.iter().all(|r| r.games.is_empty()));
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        "board=1&result=1-0&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (_, _, page) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    assert!(!page.contains(r#"id="unpair""#));
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/unpair",
        "confirm=yes&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("уже есть результат"), "{body}");
    assert_eq!(store::load(&path).unwrap().paired_rounds(), 1);
}

/// The event set up on its page: name, rounds, preset, dates, venue and arbiters saved, shown
/// on the event page and written to the TRF (`022`, `042`, `052`, `102`, `112`); the preset
/// chosen is the one the desk then applies; fewer rounds than are paired is refused in words.
#[tokio::test]
async fn the_event_is_set_up_on_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let mut cfg = config(&path, None);
    cfg.preset = None;
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (s, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"id="event-form""#) && page.contains("Главный судья"),
        "{page}"
    );
    let body = "name=%D0%9E%D1%81%D0%B5%D0%BD%D1%8C&rounds=5&preset=fide&start_date=2026-11-28\
                &end_date=2026-11-29&venue=School+5&chief_arbiter=Orlov+N.&deputy_arbiter=&lang=ru";
    let (s, h, body) = send(&cfg, "POST", "/event", body, &form).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location(&h), "/event?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    assert_eq!((t.name.as_str(), t.total_rounds), ("Осень", 5));
    assert_eq!(t.preset(), Preset::Fide);
    assert_eq!(t.details.start_date.as_deref(), Some("2026/11/28"));
    assert_eq!(t.details.chief_arbiter.as_deref(), Some("Orlov N."));
    assert_eq!(t.details.deputy_arbiter, None);
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(
        page.contains("Даты: 28.11.2026 – 29.11.2026") && page.contains("Главный судья: Orlov N."),
        "{page}"
    );
    let (_, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert!(page.contains(r#"value="2026-11-28""#), "{page}");
    let (_, _, trf) = send(&cfg, "GET", "/export/trf", "", &[]).await;
    for line in [
        "012 Осень",
        "022 School 5",
        "042 2026/11/28",
        "052 2026/11/29",
        "102 Orlov N.",
        "142 5",
    ] {
        assert!(trf.lines().any(|l| l == line), "{line:?} in {trf}");
    }
    // The standings apply the event's preset now: FIDE's order (…, WIN, BWG), not the children's.
    let (_, _, api) = send(&cfg, "GET", "/api/standings", "", &[]).await;
    assert!(api.contains("BWG"), "{api}");
    // A bad date and an end before the start are refused in words; nothing changes.
    for (bad, said) in [
        ("start_date=2026-02-30", "не настоящая дата"),
        (
            "start_date=2026-11-29&end_date=2026-11-28",
            "раньше первого",
        ),
        ("rounds=0", "туров не может быть 0"),
    ] {
        let body =
            format!("name=X&rounds=5&{bad}&lang=ru").replacen("rounds=5&rounds=0", "rounds=0", 1);
        let (s, _, page) = send(&cfg, "POST", "/event", &body, &form).await;
        assert_eq!(s, StatusCode::CONFLICT, "{bad}: {page}");
        assert!(page.contains(said), "{bad}: {page}");
    }
    assert_eq!(store::load(&path).unwrap().name, "Осень");
    // Two rounds paired: three is the fewest the event may have.
    for round in 1..=2 {
        let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
        assert_eq!(s, StatusCode::OK);
        for board in 1..=2 {
            post_result_async(&cfg, round, board).await;
        }
    }
    let (s, _, page) = send(&cfg, "POST", "/event", "name=X&rounds=1&lang=ru", &form).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        page.contains("туров не может быть 1: пары уже составлены в 2 турах"),
        "{page}"
    );
    let (s, _, _) = send(&cfg, "POST", "/event", "name=X&rounds=2&lang=ru", &form).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(store::load(&path).unwrap().total_rounds, 2);
}

async fn post_result_async(cfg: &ServeConfig, round: u32, board: u32) {
    let uri = format!("/api/rounds/{round}/boards/{board}/result");
    let (s, _, b) = send(cfg, "POST", &uri, r#"{"result": "1-0"}"#, &[]).await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// A player registered by mistake is deleted before round 1 (confirmed; the others move up
/// one number); once round 1 is paired, refused in words that follow the player's sex and
/// suggest the withdrawal. Renaming is the edit form's.
#[tokio::test]
async fn a_player_registered_by_mistake_is_deleted_before_round_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 5);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru&edit=2", "", &[]).await;
    assert!(page.contains(r#"id="delete-player""#), "{page}");
    let (s, _, _) = send(&cfg, "POST", "/players/delete", "player=2&lang=ru", &form).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "unconfirmed");
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/players/delete",
        "player=2&confirm=yes&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location(&h), "/players?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    let names: Vec<(u16, &str)> = t
        .players
        .iter()
        .map(|p| (p.start_rank, p.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (1, "Player 01"),
            (2, "Player 03"),
            (3, "Player 04"),
            (4, "Player 05")
        ]
    );
    // Renamed on the edit form; a woman.
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/players/edit",
        "player=4&name=Иванова+Анна&sex=w&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(
        store::load(&path).unwrap().player(4).unwrap().name,
        "Иванова Анна"
    );
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, page) = send(&cfg, "GET", "/players?lang=ru&edit=4", "", &[]).await;
    assert!(!page.contains(r#"id="delete-player""#), "{page}");
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/players/delete",
        "player=4&confirm=yes&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        page.contains("участницу 4 (Иванова Анна) удалить нельзя: пары 1-го тура составлены; отметьте, что она выбыла"),
        "{page}"
    );
    assert_eq!(store::load(&path).unwrap().players.len(), 4);
}

/// The next round paired by hand on its page, as `tournament pair --game … --bye …`: one
/// board set, the rest paired by the Dutch pairer, the checks shown before recording; a
/// rematch is refused without a reason and recorded forced with one, the reason kept.
#[tokio::test]
async fn a_round_is_paired_by_hand_with_its_checks() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 7);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="pair-manual""#), "{page}");
    let (s, _, page) = send(&cfg, "GET", "/rounds/next/manual?lang=ru", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"name="w4""#) && !page.contains(r#"name="w5""#),
        "4 rows for 7: {page}"
    );
    // Board 6-5 set and the bye to 7; 1–4 by the pairer (C.04.3 round 1: 1-3, 4-2).
    let (s, _, page) = send(
        &cfg,
        "POST",
        "/rounds/next/manual",
        "w1=6&b1=5&bye=7&rest=auto&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(page.contains(r#"id="manual-ok""#), "{page}");
    assert!(
        page.contains(r#"name="games" value="1-3,4-2,6-5""#),
        "{page}"
    );
    assert!(page.contains("Без пары: 7 (Player 07)"), "{page}");
    assert_eq!(
        store::load(&path).unwrap().paired_rounds(),
        0,
        "nothing recorded yet"
    );
    // Half a board is refused in words.
    let (s, _, page) = send(&cfg, "POST", "/rounds/next/manual", "w1=6&lang=ru", &form).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        page.contains("Доска 1: выберите и белых, и чёрных"),
        "{page}"
    );
    let (s, h, _) = send(
        &cfg,
        "POST",
        "/rounds/next/manual/confirm",
        "round=1&games=1-3,4-2,6-5&bye=7&lang=ru",
        &form,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location(&h), "/rounds/1?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    let r1 = t.round(1).unwrap();
    let games: Vec<(u16, u16)> = r1.games.iter().map(|g| (g.white, g.black)).collect();
    assert_eq!(games, [(1, 3), (4, 2), (6, 5)]);
    assert!(r1.forced.is_none());
    for board in 1..=3 {
        post_result_async(&cfg, 1, board).await;
    }
    // Round 2: every board by hand, 1 against 3 again — a rematch.
    let body = "w1=3&b1=1&w2=2&b2=4&w3=5&b3=7&bye=6&rest=none&lang=ru";
    let (s, _, page) = send(&cfg, "POST", "/rounds/next/manual", body, &form).await;
    assert_eq!(s, StatusCode::OK, "{page}");
    assert!(
        page.contains("повторная встреча: 3 (Player 03) и 1 (Player 01) уже играли друг с другом")
            && page.contains(r#"id="manual-reason""#),
        "{page}"
    );
    assert!(
        page.contains("по голландской системе пары были бы такие"),
        "{page}"
    );
    let confirm = "round=2&games=3-1,2-4,5-7&bye=6&lang=ru";
    let (s, _, page) = send(&cfg, "POST", "/rounds/next/manual/confirm", confirm, &form).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        page.contains("Пары не записаны: повторная встреча"),
        "{page}"
    );
    assert_eq!(store::load(&path).unwrap().paired_rounds(), 1);
    let forced = format!("{confirm}&reason=last+boards+by+the+window");
    let (s, _, _) = send(&cfg, "POST", "/rounds/next/manual/confirm", &forced, &form).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let t = store::load(&path).unwrap();
    let forced = t.round(2).unwrap().forced.clone().unwrap();
    assert_eq!(forced.reason, "last boards by the window");
    let (_, _, page) = send(&cfg, "GET", "/rounds/2?lang=ru", "", &[]).await;
    assert!(
        page.contains("записаны принудительно") && page.contains("last boards by the window"),
        "{page}"
    );
}

/// In tablet mode `/connect` shows the address with the token and its QR code to the holder of
/// the token only (pages are readable without it); on loopback it says the desk is this
/// computer's. The QR code is a whole symbol: its side is the QR version's modules plus the
/// quiet zone, a whole number of pixels each.
#[tokio::test]
async fn the_desks_address_and_its_qr_code_for_a_tablet() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 2);
    let url = "http://192.168.1.5:8080/?token=0123456789abcdef0123456789abcdef";
    let mut cfg = config(&path, Some("0123456789abcdef0123456789abcdef"));
    cfg.addr = "0.0.0.0:8080".parse().unwrap();
    let get = |cookie: Option<&'static str>| {
        let cfg = cfg.clone();
        async move {
            let mut req = Request::builder()
                .uri("/connect?lang=ru")
                .header("host", "192.168.1.5:8080");
            if let Some(c) = cookie {
                req = req.header("cookie", c);
            }
            let res = router(App::serving_at(cfg, url, None))
                .oneshot(req.body(Body::empty()).unwrap())
                .await
                .unwrap();
            let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
                .await
                .unwrap();
            String::from_utf8(bytes.to_vec()).unwrap()
        }
    };
    let page = get(None).await;
    assert!(
        page.contains("ключ доступа") && !page.contains("0123456789abcdef"),
        "{page}"
    );
    let page = get(Some("arbiter_token=0123456789abcdef0123456789abcdef")).await;
    assert!(
        page.contains("192.168.1.5:8080&#x2f;?token=0123456789abcdef0123456789abcdef")
            && page.contains("<svg"),
        "{page}"
    );
    // The hall's screens' own address beside it, with its QR code: their key, not the token.
    let key = arbiter::web::guard::screen_key("0123456789abcdef0123456789abcdef");
    assert!(
        page.contains(&format!(
            r#"<code id="screen-url">http:&#x2f;&#x2f;192.168.1.5:8080&#x2f;screen?key={key}</code>"#
        )) && page.contains(r#"id="screen-qr"><svg"#),
        "{page}"
    );
    let (_, _, page) = send(&config(&path, None), "GET", "/connect?lang=ru", "", &[]).await;
    assert!(page.contains(r#"id="connect-loopback""#), "{page}");
    // 68 bytes at level M: version 4, 33 modules, 41 with the quiet zone; 6 px each.
    let svg = arbiter::web::qr_svg(url).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains(r#"width="246" height="246""#),
        "{svg}"
    );
    assert!(arbiter::web::qr_svg(&"x".repeat(3000)).is_none());
}

/// The play-out settings (CR 4.3: 5 minutes; offered from 80 % of the games finished) are set
/// on the event's page and through `POST /api/live/settings`; the live data and the round's
/// play-out use them; out of range is refused in words and changes nothing.
#[tokio::test]
async fn the_playout_settings_are_set_on_the_event_page_and_through_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (_, _, page) = send(&cfg, "GET", "/event?lang=en", "", &[]).await;
    assert!(
        page.contains(r#"name="playout_minutes" min="1" max="600" required value="5""#)
            && page
                .contains(r#"name="playout_offer_percent" min="1" max="100" required value="80""#),
        "{page}"
    );
    let (_, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert!(page.contains("Доигрывание (ПС 4.3)"), "{page}");
    let body = "name=Open&rounds=4&playout_minutes=10&playout_offer_percent=75&lang=en";
    let (s, _, page) = send(&cfg, "POST", "/event", body, &form).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{page}");
    let t = store::load(&path).unwrap();
    assert_eq!(
        (t.live.playout_minutes(), t.live.playout_offer_percent()),
        (10, 75)
    );
    let (_, _, page) = send(&cfg, "GET", "/event?lang=en", "", &[]).await;
    assert!(page.contains(r#"required value="10""#), "{page}");
    // Out of range: refused in the page's language, nothing changed.
    let body = "name=Open&rounds=4&playout_minutes=0&playout_offer_percent=75&lang=ru";
    let (s, _, page) = send(&cfg, "POST", "/event", body, &form).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{page}");
    assert!(
        page.contains("Доигрывание длится от 1 до 600 минут, а не 0."),
        "{page}"
    );
    assert_eq!(store::load(&path).unwrap().live.playout_minutes(), 10);

    // The API: one setting at a time; the other keeps its value.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/live/settings",
        r#"{"playout_minutes": 3}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"playout_minutes": 3, "playout_offer_percent": 75,
                           "public_delay_minutes": 0})
    );
    // The public view's delay of the live boards: 0 to 180 minutes, on the API and the page.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/live/settings",
        r#"{"public_delay_minutes": 15}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(body.contains(r#""public_delay_minutes":15"#), "{body}");
    assert_eq!(store::load(&path).unwrap().live.public_delay_minutes(), 15);
    let (_, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert!(
        page.contains(r#"name="public_delay_minutes" min="0" max="180" required value="15""#),
        "{page}"
    );
    let body = "name=Open&rounds=4&playout_minutes=3&playout_offer_percent=75\
                &public_delay_minutes=181&lang=ru";
    let (s, _, page) = send(&cfg, "POST", "/event", body, &form).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{page}");
    assert!(
        page.contains("Задержка ходов в открытом просмотре — от 0 до 180 минут, а не 181."),
        "{page}"
    );
    let body = "name=Open&rounds=4&playout_minutes=3&playout_offer_percent=75\
                &public_delay_minutes=0&lang=ru";
    let (s, _, page) = send(&cfg, "POST", "/event", body, &form).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{page}");
    let t = store::load(&path).unwrap();
    assert_eq!(
        (t.live.public_delay_minutes(), t.live.public_delay_minutes),
        (0, None)
    );
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/live/settings",
        r#"{"playout_offer_percent": 101}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("1 to 100 %, not 101 %"), "{body}");
    let (s, _, _) = send(&cfg, "POST", "/api/live/settings", r#"{"minutes": 3}"#, &[]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (_, _, live) = send(&cfg, "GET", "/api/live", "", &[]).await;
    let v: serde_json::Value = serde_json::from_str(&live).unwrap();
    assert_eq!(
        (&v["playout_minutes"], &v["playout_offer_percent"]),
        (&serde_json::json!(3), &serde_json::json!(75))
    );
    // The round's play-out takes the event's length.
    let (s, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/api/rounds/1/playout",
        r#"{"boards": "all"}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let t = store::load(&path).unwrap();
    assert_eq!(
        t.live
            .playout(arbiter::tournament::live::BoardKey::new(0, 1, 1))
            .unwrap()
            .seconds,
        180
    );
    // With a token, the API asks for it.
    let cfg = config(&path, Some("tok"));
    let (s, _, _) = send(
        &cfg,
        "POST",
        "/api/live/settings",
        r#"{"playout_minutes": 4}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

/// FIDE mode on the desk: a correction of an earlier round's result (the desk's form has no
/// note) is refused with the reason in the page's language, and nothing is written.
#[tokio::test]
async fn fide_mode_refuses_an_earlier_rounds_correction_on_the_desk() {
    use arbiter::tournament::{BoardResult, GameRef};
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let mut t = store::load(&path).unwrap();
    t.enter_fide_mode().unwrap();
    let rules = arbiter::tournament::pairing::PairingRules::fide();
    t.pair_next_round(&rules).unwrap();
    t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
        .unwrap();
    t.record_result(1, GameRef::Board(2), BoardResult::BlackWins, false)
        .unwrap();
    t.pair_next_round(&rules).unwrap();
    store::save(&t, &path).unwrap();
    let cfg = config(&path, None);
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let before = crate::common::snapshot(&path);
    let v = version(&t);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=1&result=0-1&correct=yes&confirm=yes&version={v}&lang=ru"),
        &form,
    )
    .await;
    assert_ne!(s, StatusCode::SEE_OTHER);
    assert!(
        body.contains("режим FIDE: 1-й тур — не последний составленный"),
        "{body}"
    );
    assert_eq!(crate::common::snapshot(&path), before);
}
