//! The desk obeys only the arbiter: what any web page the arbiter's browser opens could send to
//! `arbiter serve` on loopback, sent to the real binary over TCP as a browser (or `curl`) sends
//! it — a cross-site form, a cross-site `no-cors` fetch with a `text/plain` body, a request for
//! another host name (DNS rebinding), a CORS preflight, a page of another loopback port, a form
//! without its form key or with a stale one, a `text/plain` API body — each refused in words
//! with the state file byte for byte the same (its SHA-256 before and after). The same changes
//! made as the desk's own pages make them (session cookie, form key, `Sec-Fetch-Site:
//! same-origin` or the desk's `Origin`) and as a script makes them (JSON, no `Origin`) succeed.
//! The security headers are on every answer; bodies over the limit are refused naming it; no
//! server path appears in a page.

use crate::common::{serve_first_line, served_addr};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Child;

use arbiter::tournament::{Player, Tournament, store};
use sha2::Digest;

/// A state file of 4 players, round 1 paired (boards 1 and 2, no results), 3 rounds.
pub(crate) fn event(dir: &Path) -> PathBuf {
    let mut t = Tournament::new("Детский мат", 3);
    for (i, name) in ["Аня", "Боря", "Вика", "Гоша"].iter().enumerate() {
        t.add_player(Player {
            name: (*name).to_string(),
            rating: Some(1500 - 10 * i as u16),
            ..Player::default()
        })
        .unwrap();
    }
    t.pair_round(1, &[(1, 3), (4, 2)], None).unwrap();
    let path = dir.join("ev.json");
    store::save(&t, &path).unwrap();
    path
}

/// SHA-256 of the event and its journal's length ([`crate::common::snapshot`]), hex.
pub(crate) fn hash(path: &Path) -> String {
    let d = sha2::Sha256::digest(crate::common::snapshot(path));
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// `arbiter serve` on a free loopback port; stopped (SIGKILL) when dropped.
pub(crate) struct Desk {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Desk {
    pub fn start(state: &Path, extra: &[&str]) -> Desk {
        let state = state.to_str().unwrap();
        let mut args = vec![state, "--addr", "127.0.0.1:0", "--lang", "ru"];
        args.extend_from_slice(extra);
        let (child, line) = serve_first_line(&args, Path::new("."));
        Desk {
            child,
            addr: served_addr(&line),
        }
    }

    /// One request: `method path`, the headers (a `Host` of the desk's address unless one is
    /// given), the body (with its `Content-Length`).
    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        send_to(&self.addr, method, path, headers, body)
    }

    /// `GET path` as the arbiter's browser opens a page of the desk: the answer, the session
    /// cookie it sets and the form key in its forms.
    pub fn open_page(&self, path: &str) -> (Answer, String, String) {
        let a = self.send("GET", path, &[("Sec-Fetch-Site", "none")], b"");
        let cookie = a
            .headers_named("set-cookie")
            .into_iter()
            .find(|c| c.starts_with("arbiter_session="))
            .map(|c| c.split(';').next().unwrap().to_string())
            .unwrap_or_else(|| panic!("no session cookie: {a:?}"));
        let key = hidden(&a.body, "csrf");
        (a, cookie, key)
    }
}

/// One request to the desk at `addr`: `method path`, the headers (a `Host` of `addr` unless
/// one is given), the body (with its `Content-Length`).
pub(crate) fn send_to(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("Connection: close\r\n\r\n");
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.write_all(head.as_bytes()).unwrap();
    // A refusal may come before the whole body is read (the server then closes): the body
    // is written while the answer is read.
    let mut writer = conn.try_clone().unwrap();
    let body = body.to_vec();
    let sending = std::thread::spawn(move || {
        let _ = writer.write_all(&body);
    });
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match conn.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let _ = conn.shutdown(std::net::Shutdown::Both);
    let _ = sending.join();
    Answer::parse(&raw)
}

impl Drop for Desk {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: status, headers (names lower case), body text.
#[derive(Debug)]
pub(crate) struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn parse(raw: &[u8]) -> Answer {
        let text = String::from_utf8_lossy(raw).into_owned();
        let (head, body) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("not HTTP: {text:?}"));
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Answer {
            status,
            headers,
            body: body.to_string(),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn headers_named(&self, name: &str) -> Vec<String> {
        self.headers
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    /// The security headers every answer of the desk carries.
    pub fn assert_secure(&self, what: &str) {
        let csp = self
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("{what}: no CSP: {self:?}"));
        assert!(
            csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"),
            "{what}: {csp}"
        );
        assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe-inline'"));
        assert_eq!(
            self.header("x-content-type-options"),
            Some("nosniff"),
            "{what}"
        );
        assert_eq!(
            self.header("referrer-policy"),
            Some("no-referrer"),
            "{what}"
        );
        assert_eq!(self.header("x-frame-options"), Some("DENY"), "{what}");
    }
}

/// The value of the first hidden input `name` in a page.
pub(crate) fn hidden(page: &str, name: &str) -> String {
    let key = format!(r#"name="{name}" value=""#);
    let start = page
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {page}"))
        + key.len();
    page[start..start + page[start..].find('"').unwrap()].to_string()
}

pub(crate) const FORM: (&str, &str) = ("Content-Type", "application/x-www-form-urlencoded");
const EVIL: (&str, &str) = ("Origin", "http://evil.example");

/// The issue's three requests, each as `curl` sent them, and the other ways a web page can
/// reach the desk: every one refused in words, the state file unchanged.
#[test]
fn what_other_pages_send_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let desk = Desk::start(&path, &[]);
    let before = hash(&path);
    let own = format!("http://{}", desk.addr);
    let other_port = "http://127.0.0.1:9";

    // A cross-site HTML form, as a page on another site sends it: 403, in the server's
    // language (Russian here) and in the page's when the address asks.
    let a = desk.send(
        "POST",
        "/rounds/1/result",
        &[EVIL, ("Sec-Fetch-Site", "cross-site"), FORM],
        b"board=1&result=0-1",
    );
    assert_eq!(a.status, 403, "{a:?}");
    assert!(
        a.body.contains("запрос пришёл с другого сайта"),
        "{}",
        a.body
    );
    assert!(a.body.contains("Ничего не изменено"), "{}", a.body);
    a.assert_secure("cross-site form");
    let a = desk.send(
        "POST",
        "/rounds/1/result?lang=en",
        &[EVIL, ("Sec-Fetch-Site", "cross-site"), FORM],
        b"board=1&result=0-1&lang=en",
    );
    assert_eq!(a.status, 403);
    assert!(
        a.body
            .contains("came from another site (http:&#x2f;&#x2f;evil.example)"),
        "{}",
        a.body
    );

    // A cross-site fetch(…, {mode: "no-cors"}) with a text/plain body: 403, JSON in words.
    for headers in [
        vec![EVIL, ("Content-Type", "text/plain")],
        vec![
            EVIL,
            ("Sec-Fetch-Site", "cross-site"),
            ("Content-Type", "text/plain;charset=UTF-8"),
        ],
        // The same from a page that hides its origin (Referrer-Policy: no-referrer).
        vec![("Origin", "null"), ("Content-Type", "text/plain")],
    ] {
        let a = desk.send(
            "POST",
            "/api/rounds/1/boards/2/result",
            &headers,
            br#"{"result":"1-0"}"#,
        );
        assert_eq!(a.status, 403, "{headers:?}: {a:?}");
        let error: serde_json::Value = serde_json::from_str(&a.body).unwrap();
        assert!(
            error["error"]
                .as_str()
                .unwrap()
                .starts_with("Refused: this request came from another site"),
            "{error}"
        );
        a.assert_secure("no-cors fetch");
    }

    // A page of another loopback port: the same site to the browser (its cookies go along), not
    // the desk. Both its form and its fetch are refused.
    let a = desk.send(
        "POST",
        "/rounds/1/result",
        &[
            ("Origin", other_port),
            ("Sec-Fetch-Site", "same-site"),
            FORM,
        ],
        b"board=1&result=0-1",
    );
    assert_eq!(a.status, 403, "{a:?}");
    let a = desk.send(
        "POST",
        "/api/rounds/1/boards/2/result",
        &[("Origin", other_port), ("Content-Type", "application/json")],
        br#"{"result":"1-0"}"#,
    );
    assert_eq!(a.status, 403, "{a:?}");

    // DNS rebinding: evil.example resolving to 127.0.0.1. Nothing is read or changed: 421.
    for (method, path, body) in [
        ("GET", "/api/event", &b""[..]),
        ("GET", "/", b""),
        (
            "POST",
            "/api/rounds/1/boards/2/result",
            br#"{"result":"1-0"}"#,
        ),
    ] {
        let host = format!("evil.example:{}", desk.addr.rsplit(':').next().unwrap());
        let a = desk.send(
            method,
            path,
            &[("Host", &host), ("Content-Type", "application/json")],
            body,
        );
        assert_eq!(a.status, 421, "{path}: {a:?}");
        assert!(
            !a.body.contains("Аня") && !a.body.contains("Детский мат"),
            "{}",
            a.body
        );
        assert!(a.body.contains("evil.example"), "{}", a.body);
        a.assert_secure("wrong host");
    }

    // A CORS preflight for the JSON API: refused, and no Access-Control-Allow-* that would
    // let the browser go on.
    let a = desk.send(
        "OPTIONS",
        "/api/rounds/1/boards/2/result",
        &[
            EVIL,
            ("Sec-Fetch-Site", "cross-site"),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
        b"",
    );
    assert_eq!(a.status, 403, "{a:?}");
    assert!(
        a.headers
            .iter()
            .all(|(k, _)| !k.starts_with("access-control-")),
        "{a:?}"
    );

    // A form without its form key, though from the desk's own origin: 403 "reload".
    let (_, cookie, key) = desk.open_page("/rounds/1");
    for (what, headers, body) in [
        (
            "no key",
            vec![
                ("Sec-Fetch-Site", "same-origin"),
                ("Cookie", cookie.as_str()),
                FORM,
            ],
            "board=1&result=0-1".to_string(),
        ),
        (
            "no session",
            vec![("Sec-Fetch-Site", "same-origin"), FORM],
            format!("board=1&result=0-1&csrf={key}"),
        ),
        (
            "another session's key",
            vec![
                ("Sec-Fetch-Site", "same-origin"),
                ("Cookie", "arbiter_session=00000000000000000000000000000000"),
                FORM,
            ],
            format!("board=1&result=0-1&csrf={key}"),
        ),
        (
            "a made-up key",
            vec![
                ("Sec-Fetch-Site", "same-origin"),
                ("Cookie", cookie.as_str()),
                FORM,
            ],
            format!("board=1&result=0-1&csrf={}", "ab".repeat(32)),
        ),
        (
            // A program's form: forms always need the key (programs use the API).
            "a program's form",
            vec![FORM],
            "board=1&result=0-1".to_string(),
        ),
    ] {
        let a = desk.send("POST", "/rounds/1/result", &headers, body.as_bytes());
        assert_eq!(a.status, 403, "{what}: {a:?}");
        assert!(a.body.contains("обновите страницу"), "{what}: {}", a.body);
    }
    let a = desk.send(
        "POST",
        "/rounds/1/result",
        &[
            ("Sec-Fetch-Site", "same-origin"),
            ("Origin", own.as_str()),
            ("Cookie", cookie.as_str()),
            FORM,
        ],
        b"board=1&result=0-1&lang=en",
    );
    assert_eq!(a.status, 403);
    assert!(
        a.body.contains("reload the page and send it again"),
        "{}",
        a.body
    );

    // A text/plain API body from a program (no Origin): 415, saying what to send.
    for kind in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let headers: Vec<(&str, &str)> = kind.map(|k| ("Content-Type", k)).into_iter().collect();
        let a = desk.send(
            "POST",
            "/api/rounds/1/boards/2/result",
            &headers,
            br#"{"result":"1-0"}"#,
        );
        assert_eq!(a.status, 415, "{kind:?}: {a:?}");
        assert!(
            a.body.contains("Content-Type: application/json"),
            "{}",
            a.body
        );
    }

    assert_eq!(hash(&path), before, "the state file changed");
}

/// A form key from before a restart is stale: refused; the page reloaded gives the key that
/// works (the session cookie stays).
#[test]
fn a_form_key_from_before_a_restart_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let (cookie, old_key) = {
        let desk = Desk::start(&path, &[]);
        let (_, cookie, key) = desk.open_page("/rounds/1");
        (cookie, key)
    };
    let desk = Desk::start(&path, &[]);
    let before = hash(&path);
    let form = |key: &str| format!("board=1&result=1-0&csrf={key}");
    let a = desk.send(
        "POST",
        "/rounds/1/result",
        &[("Sec-Fetch-Site", "same-origin"), ("Cookie", &cookie), FORM],
        form(&old_key).as_bytes(),
    );
    assert_eq!(a.status, 403, "{a:?}");
    assert_eq!(hash(&path), before);
    // Reloaded: the same session, a new key.
    let a = desk.send("GET", "/rounds/1", &[("Cookie", &cookie)], b"");
    assert!(a.headers_named("set-cookie").is_empty(), "{a:?}");
    let key = hidden(&a.body, "csrf");
    assert_ne!(key, old_key);
    let a = desk.send(
        "POST",
        "/rounds/1/result",
        &[("Sec-Fetch-Site", "same-origin"), ("Cookie", &cookie), FORM],
        form(&key).as_bytes(),
    );
    assert_eq!(a.status, 303, "{a:?}");
    assert_ne!(hash(&path), before);
}

/// The same changes made from the desk's own pages and by a script succeed.
#[test]
fn the_desks_own_pages_and_scripts_change_the_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let desk = Desk::start(&path, &["--allow-host", "desk.local"]);
    let own = format!("http://{}", desk.addr);
    let (page, cookie, key) = desk.open_page("/rounds/1");
    page.assert_secure("page");
    assert_eq!(page.status, 200);
    let set = page.headers_named("set-cookie").join(" | ");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    // Every form of the page that changes something carries the key (a `get` form, the
    // position editor's board chooser, only opens a page and keeps the key out of addresses).
    assert!(page.body.contains(r#"<form method="get""#), "{}", page.body);
    assert_eq!(
        page.body.matches(r#"<form method="post""#).count(),
        page.body
            .matches(&format!(r#"name="csrf" value="{key}""#))
            .count(),
        "{}",
        page.body
    );
    let version = hidden(&page.body, "version");
    let result = |board: u32, headers: &[(&str, &str)]| {
        let body = format!("csrf={key}&board={board}&result=1-0&version=&lang=ru");
        desk.send("POST", "/rounds/1/result", headers, body.as_bytes())
    };
    // Chromium on loopback: Sec-Fetch-Site same-origin (and its Origin).
    let before = hash(&path);
    let a = result(
        1,
        &[
            ("Sec-Fetch-Site", "same-origin"),
            ("Origin", &own),
            ("Cookie", &cookie),
            FORM,
        ],
    );
    assert_eq!(a.status, 303, "{a:?}");
    assert_eq!(
        a.header("location"),
        Some("/rounds/1?lang=ru&saved=1#board-1")
    );
    a.assert_secure("redirect");
    assert_ne!(hash(&path), before);
    // A browser that sends no Sec-Fetch-Site (plain http beyond loopback): its Origin, or
    // `null` under the desk's no-referrer policy; the form key decides.
    let t = store::load(&path).unwrap();
    assert!(t.round(1).unwrap().games[0].result.is_some());
    let a = result(2, &[("Origin", "null"), ("Cookie", &cookie), FORM]);
    assert_eq!(a.status, 303, "{a:?}");
    let t = store::load(&path).unwrap();
    assert!(t.round(1).unwrap().games[1].result.is_some());
    assert!(!version.is_empty());

    // A script: JSON, no Origin, no token on loopback. Under the desk's names too.
    for host in [
        desk.addr.clone(),
        "localhost:1".into(),
        "desk.local".into(),
        "[::1]:8080".into(),
    ] {
        let a = desk.send("GET", "/api/event", &[("Host", &host)], b"");
        assert_eq!(a.status, 200, "{host}: {a:?}");
        a.assert_secure("api");
    }
    let a = desk.send(
        "POST",
        "/api/rounds/1/boards/1/result",
        &[("Content-Type", "application/json; charset=utf-8")],
        br#"{"result":"0-1","correct":true}"#,
    );
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(
        store::load(&path).unwrap().round(1).unwrap().games[0].result,
        Some(arbiter::tournament::BoardResult::BlackWins)
    );
    // The desk's own fetch (same origin, JSON) too; an empty body needs no type.
    let a = desk.send(
        "POST",
        "/api/rounds/next",
        &[("Sec-Fetch-Site", "same-origin"), ("Origin", &own)],
        b"",
    );
    assert_eq!(a.status, 200, "{a:?}");
    // The print button's script, from the desk itself.
    let a = desk.send("GET", "/desk.js", &[], b"");
    assert_eq!(a.status, 200);
    assert!(a.body.contains("window.print()"));
    let a = desk.send("GET", "/rounds/1/print", &[], b"");
    assert!(a.body.contains(r#"<script src="/desk.js""#) && !a.body.contains("onclick"));
    // Not found: the headers too.
    desk.send("GET", "/nowhere", &[], b"").assert_secure("404");
}

/// Bodies over the limit are refused naming it; no path of the server appears in a page.
#[test]
fn limits_in_words_and_no_server_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let desk = Desk::start(&path, &[]);
    let before = hash(&path);
    // Uploaded from the round's page as the arbiter's browser sends it.
    let upload = |file_name: &str, content: &[u8], lang: &str| {
        crate::web_hostile::upload(&desk, file_name, content, lang)
    };
    let big = vec![b'x'; 5 << 20];
    let a = upload("big.pgn", &big, "en");
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(a.body.contains("larger than 4 MiB"), "{}", a.body);
    let a = upload("big.pgn", &big, "ru");
    assert_eq!(a.status, 413);
    assert!(a.body.contains("больше 4 МиБ"), "{}", a.body);
    let a = desk.send(
        "POST",
        "/api/rounds/1/boards/1/result",
        &[("Content-Type", "application/json")],
        &big,
    );
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(a.body.contains("larger than 4 MiB"), "{}", a.body);
    // A file that is no game: the reason names the uploaded file, never the server's copy.
    for (name, content) in [
        ("broken.pgn", &b"[White \"A\"\n1. e4 e5 2. Zz9"[..]),
        ("broken.jsonl", b"{not json\n"),
        ("empty.log", b"\n\n"),
        ("noext", b"\x00\x01\x02"),
    ] {
        let a = upload(name, content, "en");
        assert!(a.body.contains(name), "{name}: {}", a.body);
        let tmp = std::env::temp_dir().display().to_string();
        for leak in ["arbiter-upload-", tmp.as_str(), "/tmp/"] {
            assert!(!a.body.contains(leak), "{name}: {leak} in {}", a.body);
        }
    }
    assert_eq!(hash(&path), before);
}
