//! Who the desk obeys: every request passes here before its handler.
//!
//! Threat model. The desk is reached by the arbiter's own browser, by any web page that browser
//! opens (which can make it send requests to `127.0.0.1`), by scripts on the machine and, bound
//! beyond loopback, by anyone on the venue's network. The access token (off loopback) stops
//! people on the network; the origin check and the per-session form key (CSRF) stop other web
//! pages from making the arbiter's browser change the event; the `Host` check stops a page whose
//! name re-resolves to 127.0.0.1 (DNS rebinding) from reading or changing it. None of them stops
//! a program running on the arbiter's machine, or anyone holding the token.
//!
//! What is checked, in order:
//!
//! 1. `Host`: exactly one, a valid authority ([`host_name`]), else 400 in words (no `Host`,
//!    two, `[::1]evil.com`: two readers could take different hosts from it); its name one of
//!    `localhost`, a loopback IP, the bound IP (any IP literal when bound to `0.0.0.0`/`::`: a
//!    rebinding page can only send its own *name*), or a name given with `--allow-host`; the
//!    port is not compared. Else 421 in words.
//! 2. Every request but `GET`/`HEAD` (forms, API, `OPTIONS` preflights) must come from the
//!    desk itself: `Sec-Fetch-Site` `same-origin` or `none`; without it, an `Origin` equal to
//!    `http(s)://` + the request's `Host`. Another site (`cross-site`, `same-site` — another
//!    port of the same machine is a same-site page — or a foreign `Origin`) is 403 in words.
//!    A request with neither header is a program, not a browser (every browser since 2020 sends
//!    `Origin` on a `POST`): it passes to the handler. `Origin: null` (a browser hiding the
//!    origin, the desk's own pages too under `Referrer-Policy: no-referrer` where the browser
//!    sends no `Sec-Fetch-Site`) passes for forms, which the form key then decides, and is 403
//!    for the API.
//! 3. Forms (every state-changing address outside `/api/`) need the form key of the session:
//!    field `csrf` equal to an HMAC-SHA256, under a key drawn at the server's start, of the
//!    session cookie `arbiter_session` (`HttpOnly; SameSite=Lax`, set by the first page: `Lax`
//!    so that opening the desk from a link elsewhere keeps the session, and the key of the
//!    tabs already open; no other site's `POST` carries it, and the key decides anyway).
//!    The pages put it in every form. A page from before a restart, another browser's key or
//!    none is 403 "reload the page". The handlers check it ([`super::App::check_form`]).
//! 4. The API takes bodies only as `Content-Type: application/json` (415 otherwise): a web page
//!    cannot send that type to another site without the browser asking first, and the desk
//!    answers no such question. Programs (`curl`, the tests) use the API with no `Origin`, on
//!    loopback without a token, beyond loopback with the token (`X-Arbiter-Token`).
//!
//! Every response carries `Content-Security-Policy` (scripts only from the desk; no framing),
//! `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`
//! and `Cross-Origin-Resource-Policy: same-origin`. A page opened as `/?token=…` stores the
//! token in a cookie and redirects (303) to the same address without it, so the token leaves
//! the address bar and the history.

use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use hmac::{Hmac, Mac};

use super::extract::{PageQuery, is_api, refuse};
use super::{Access, Shared, WebError, cookie};

/// The session cookie's name: a random id the form key is made from.
pub const SESSION_COOKIE: &str = "arbiter_session";

/// The form field that carries the form key.
pub const CSRF_FIELD: &str = "csrf";

/// The cookie that holds the hall's screen's key ([`screen_key`]), set by `/screen?key=KEY`.
pub const SCREEN_COOKIE: &str = "arbiter_screen";

/// The hall's screen's key for the desk's token: what `/screen` and its event stream take
/// instead of the token, and nothing else does (read only: the pairings and the standings).
/// HMAC-SHA256 of a fixed text under the token, 32 hex digits: the same for the same token,
/// so a screen set up before a restart with `--token` keeps working; the token cannot be
/// found from it.
pub fn screen_key(token: &str) -> String {
    let mut m = <Hmac<sha2::Sha256> as Mac>::new_from_slice(token.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    m.update(b"arbiter hall screen key");
    hex(&m.finalize().into_bytes()[..16])
}

/// True for the hall's screen's addresses: `/screen` and its event stream
/// (`/events?for=screen`).
fn is_screen(uri: &Uri) -> bool {
    uri.path() == "/screen"
        || (uri.path() == "/events"
            && uri
                .query()
                .is_some_and(|q| q.split('&').any(|kv| kv == "for=screen")))
}

/// The content security policy of every response: nothing from elsewhere, scripts only the
/// desk's own files (`/desk.js`, the print button; `/live.js`, the live pages' updates from
/// `/events`, the only connection a script makes), the pages' own `<style>`, forms only to the
/// desk, never in a frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     connect-src 'self'; \
     style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; \
     frame-ancestors 'none'; base-uri 'none'";

/// The session of a request: its id (from the cookie, or new) and the form key made from it.
#[derive(Clone, Debug)]
pub struct Session {
    /// The session id (32 hex digits).
    pub id: String,
    /// The form key of the session ([`form_key`]).
    pub csrf: String,
    /// True when the request brought no session: the response sets the cookie.
    pub new: bool,
}

/// The server's secret for the form keys: 32 random bytes drawn once per process, so a key
/// from before a restart is refused.
fn secret() -> &'static [u8; 32] {
    static SECRET: OnceLock<[u8; 32]> = OnceLock::new();
    SECRET.get_or_init(random_bytes::<32>)
}

/// `N` bytes from the operating system's random source.
///
/// # Panics
/// When the system has no random source: the server cannot make keys nobody can guess.
pub(super) fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    if let Err(e) = getrandom::fill(&mut b) {
        panic!("the system's random source failed: {e}");
    }
    b
}

/// Lower-case hex of `bytes`.
pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lower- or upper-case hex `text`, `None` when it is not hex.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The MAC of a session id under the server's secret.
fn mac(session: &str) -> Hmac<sha2::Sha256> {
    let mut m = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    m.update(b"arbiter form key\0");
    m.update(session.as_bytes());
    m
}

/// The form key of a session: HMAC-SHA256 of its id under the server's secret, 64 hex digits.
pub fn form_key(session: &str) -> String {
    hex(&mac(session).finalize().into_bytes())
}

/// True when `given` is the form key of `session` (compared in constant time).
pub fn form_key_matches(session: &str, given: &str) -> bool {
    unhex(given.trim()).is_some_and(|b| mac(session).verify_slice(&b).is_ok())
}

/// The session id of the request's cookie, when it is one the server could have made.
pub(super) fn session_id(headers: &HeaderMap) -> Option<String> {
    cookie(headers, SESSION_COOKIE)
        .filter(|s| s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The name of the request's one `Host` header, lower case, without its port and a trailing
/// dot; `None` unless there is exactly one, a valid authority (RFC 9110 7.2: a name of
/// letters, digits, `-`, `_` and dots, an IPv4 address or a bracketed IPv6 one, then
/// `:PORT` or nothing; no user part), equal to the request line's own authority when that has
/// one. A request that names its host otherwise is refused whole (400): two readers of it
/// (the desk and a proxy) could take different hosts from it.
fn host_name(headers: &HeaderMap, uri: &Uri) -> Option<String> {
    let mut hosts = headers.get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return None;
    };
    let host = host.to_str().ok()?;
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (ip, rest) = rest.split_once(']')?;
        ip.parse::<std::net::Ipv6Addr>().ok()?;
        match rest {
            "" => (ip, None),
            _ => (ip, Some(rest.strip_prefix(':')?)),
        }
    } else {
        let (name, port) = match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        };
        let name_bytes = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.');
        if name.is_empty() || !name.bytes().all(name_bytes) {
            return None;
        }
        (name, port)
    };
    if let Some(port) = port
        && (port.is_empty() || port.len() > 5 || port.parse::<u16>().is_err())
    {
        return None;
    }
    if let Some(own) = uri.authority()
        && !own.as_str().eq_ignore_ascii_case(host)
    {
        return None;
    }
    Some(name.trim_end_matches('.').to_ascii_lowercase())
}

impl super::App {
    /// Whether `Host` name `name` is this desk's: `localhost`, a loopback IP, the bound IP (any
    /// IP when bound to every address), or a name given with `--allow-host`.
    pub(super) fn host_allowed(&self, name: &str) -> bool {
        let bound = self.config.addr.ip();
        if name == "localhost" {
            return true;
        }
        if let Ok(ip) = name.parse::<IpAddr>() {
            return ip.is_loopback() || bound.is_unspecified() || ip == bound;
        }
        self.config
            .allowed_hosts
            .iter()
            .any(|h| h.trim_end_matches('.').eq_ignore_ascii_case(name))
    }
}

/// Where a state-changing request says it comes from.
#[derive(Debug, PartialEq, Eq)]
enum Caller {
    /// The desk's own pages (`Sec-Fetch-Site: same-origin`/`none`, or our own `Origin`).
    Desk,
    /// A browser that hides the origin (`Origin: null`).
    Hidden,
    /// No `Origin`, no `Sec-Fetch-Site`: a program.
    Program,
    /// Another site, as the browser named it.
    Elsewhere(String),
}

/// Where the request comes from, by its `Sec-Fetch-Site` and `Origin` headers.
fn caller(headers: &HeaderMap) -> Caller {
    let get = |name: &str| {
        headers
            .get(name)
            .map(|v| v.to_str().unwrap_or("\u{fffd}").trim().to_string())
    };
    if let Some(site) = get("sec-fetch-site") {
        return match site.to_ascii_lowercase().as_str() {
            "same-origin" | "none" => Caller::Desk,
            _ => Caller::Elsewhere(get("origin").unwrap_or(site)),
        };
    }
    let Some(origin) = get("origin") else {
        return Caller::Program;
    };
    if origin == "null" {
        return Caller::Hidden;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let own = ["http://", "https://"]
        .iter()
        .any(|scheme| !host.is_empty() && origin.eq_ignore_ascii_case(&format!("{scheme}{host}")));
    if own {
        Caller::Desk
    } else {
        Caller::Elsewhere(origin)
    }
}

/// True for methods that only read (`GET`, `HEAD`).
fn reads_only(method: &Method) -> bool {
    method == Method::GET || method == Method::HEAD
}

/// The middleware: the `Host` check, the origin check of changes, the token's redirect, the
/// session, and the security headers on whatever the handler answers.
pub(super) async fn guard(State(app): State<Shared>, mut req: Request, next: Next) -> Response {
    let uri = req.uri().clone();
    super::caller::note_lang(&req, app.config.lang);
    let mut response = match check(&app, &mut req, &uri) {
        Some(answer) => answer,
        None => match stream_held(&app, &req, &uri) {
            Err(answer) => *answer,
            Ok(stream) => {
                let new_session = req
                    .extensions()
                    .get::<Session>()
                    .filter(|s| s.new)
                    .map(|s| s.id.clone());
                let mut r = next.run(req).await;
                // An event stream holds its place for its device as long as it is open.
                if let Some(held) = stream {
                    r = r.map(|body| {
                        Body::from_stream(futures_util::StreamExt::map(
                            body.into_data_stream(),
                            move |part| {
                                let _ = &held;
                                part
                            },
                        ))
                    });
                }
                if let Some(id) = new_session.filter(|_| !is_api(&uri))
                    && let Ok(v) = HeaderValue::from_str(&format!(
                        "{SESSION_COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax"
                    ))
                {
                    r.headers_mut().append(header::SET_COOKIE, v);
                }
                r
            }
        },
    };
    secure_headers(response.headers_mut());
    response
}

/// A place for an event stream (`/events`) of the request's device, when it is one and the
/// server knows the device's address: `Ok(None)` for any other request, the 429 refusal when
/// the device holds [`super::DeskLimits::streams_per_address`] already (each keeps a connection
/// open for as long as the page is: a device opening thousands would hold the desk's files).
fn stream_held(
    app: &Shared,
    req: &Request,
    uri: &Uri,
) -> Result<Option<super::server::Held>, Box<Response>> {
    if uri.path() != "/events" {
        return Ok(None);
    }
    let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>() else {
        return Ok(None);
    };
    let most = app.config.limits.streams_per_address;
    match app.gate.streams.take(peer.ip(), most, usize::MAX) {
        Some(held) => Ok(Some(held)),
        None => Err(Box::new(refuse(app, uri, |lang| {
            WebError::TooMany(lang.fmt("web-error-streams", &[("n", &most.to_string())]))
        }))),
    }
}

/// The security headers every response carries.
pub(super) fn secure_headers(h: &mut HeaderMap) {
    let set = |h: &mut HeaderMap, name: HeaderName, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::REFERRER_POLICY, "no-referrer");
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(
        h,
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    );
}

/// The checks before the handler: the answer instead of the handler's (a refusal, the token's
/// redirect), or `None` to go on (with the request's [`Session`] in its extensions).
fn check(app: &Shared, req: &mut Request, uri: &Uri) -> Option<Response> {
    let headers = req.headers();
    let Some(name) = host_name(headers, uri) else {
        let shown = headers
            .get_all(header::HOST)
            .iter()
            .map(|v| format!("«{}»", String::from_utf8_lossy(v.as_bytes())))
            .collect::<Vec<_>>()
            .join(", ");
        return Some(refuse(app, uri, |lang| {
            let shown = if shown.is_empty() {
                lang.msg("web-no-host")
            } else {
                shown.clone()
            };
            WebError::BadRequest(lang.fmt("web-error-bad-host", &[("host", &shown)]))
        }));
    };
    if !app.host_allowed(&name) {
        let shown = headers
            .get(header::HOST)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
            .unwrap_or_default();
        return Some(refuse(app, uri, |lang| {
            WebError::WrongHost(lang.fmt("web-error-host", &[("host", &shown)]))
        }));
    }
    if !reads_only(req.method()) {
        let refused = match caller(headers) {
            Caller::Elsewhere(from) => Some(from),
            Caller::Hidden if is_api(uri) => Some("null".to_string()),
            Caller::Desk | Caller::Hidden | Caller::Program => None,
        };
        if let Some(from) = refused {
            return Some(refuse(app, uri, |lang| {
                WebError::Forbidden(lang.fmt("web-error-cross-site", &[("origin", &from)]))
            }));
        }
    }
    if req.method() == Method::GET
        && !is_api(uri)
        && let (Some(given), Access::Token(token)) = (PageQuery::of(uri).token, &app.access)
        && given.trim() == token
    {
        return Some(token_redirect(uri, token, "arbiter_token"));
    }
    if let Access::Token(token) = &app.access {
        let key = screen_key(token);
        if is_screen(uri)
            && req.method() == Method::GET
            && PageQuery::of(uri).key.is_some_and(|k| k.trim() == key)
        {
            return Some(token_redirect(uri, &key, SCREEN_COOKIE));
        }
        // In tablet mode the desk shows nothing without the token: the players' names, their
        // birth dates, the journal with the clients' addresses are the venue's children's data.
        // The hall's screen has its own key (read only); the scripts hold nothing.
        let open = matches!(uri.path(), "/desk.js" | "/live.js")
            || (is_screen(uri)
                && reads_only(req.method())
                && cookie(headers, SCREEN_COOKIE).is_some_and(|k| k == key));
        if !open && !app.allowed(headers) {
            return Some(refuse(app, uri, |_| WebError::Unauthorized));
        }
    }
    let session = match session_id(headers) {
        Some(id) => Session {
            csrf: form_key(&id),
            id,
            new: false,
        },
        None => {
            let id = hex(&random_bytes::<16>());
            Session {
                csrf: form_key(&id),
                id,
                new: true,
            }
        }
    };
    req.extensions_mut().insert(session);
    None
}

/// The answer to a page opened with the right `?token=` (or a screen's `?key=`): the key in
/// the cookie `name` and a 303 to the same address without it (the other parameters kept).
fn token_redirect(uri: &Uri, token: &str, name: &str) -> Response {
    let rest: Vec<&str> = uri
        .query()
        .unwrap_or_default()
        .split('&')
        .filter(|kv| !kv.is_empty() && !matches!(kv.split('=').next(), Some("token" | "key")))
        .collect();
    let to = if rest.is_empty() {
        uri.path().to_string()
    } else {
        format!("{}?{}", uri.path(), rest.join("&"))
    };
    let mut r = Redirect::to(&to).into_response();
    if let Ok(v) = HeaderValue::from_str(&format!(
        "{name}={token}; Path=/; HttpOnly; SameSite=Strict"
    )) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// `/desk.js`: the desk pages' script (the print button, `data-print`; the position editor's
/// clicks, `#position-editor`), served from the desk so that the policy allows no inline
/// script.
pub(super) async fn desk_js() -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from(include_str!("templates/desk.js")),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_caller_by_its_headers() {
        let h = |p| caller(&headers(p));
        assert_eq!(h(&[]), Caller::Program);
        assert_eq!(h(&[("sec-fetch-site", "same-origin")]), Caller::Desk);
        assert_eq!(h(&[("sec-fetch-site", "none")]), Caller::Desk);
        assert_eq!(
            h(&[
                ("sec-fetch-site", "same-site"),
                ("origin", "http://127.0.0.1:9")
            ]),
            Caller::Elsewhere("http://127.0.0.1:9".into())
        );
        assert_eq!(
            h(&[("sec-fetch-site", "cross-site")]),
            Caller::Elsewhere("cross-site".into())
        );
        assert_eq!(
            h(&[
                ("origin", "http://127.0.0.1:8080"),
                ("host", "127.0.0.1:8080")
            ]),
            Caller::Desk
        );
        // Another port is another origin.
        assert_eq!(
            h(&[
                ("origin", "http://127.0.0.1:8081"),
                ("host", "127.0.0.1:8080")
            ]),
            Caller::Elsewhere("http://127.0.0.1:8081".into())
        );
        assert_eq!(h(&[("origin", "null")]), Caller::Hidden);
        // An Origin with no Host to compare is not ours.
        assert_eq!(
            h(&[("origin", "http://evil.example")]),
            Caller::Elsewhere("http://evil.example".into())
        );
    }

    #[test]
    fn host_names_without_ports() {
        let root = Uri::from_static("/");
        let n = |v: &'static str| host_name(&headers(&[("host", v)]), &root);
        assert_eq!(n("127.0.0.1:8080").as_deref(), Some("127.0.0.1"));
        assert_eq!(n("[::1]:8080").as_deref(), Some("::1"));
        assert_eq!(n("[::1]").as_deref(), Some("::1"));
        assert_eq!(n("LocalHost.").as_deref(), Some("localhost"));
        assert_eq!(n("evil.example:18777").as_deref(), Some("evil.example"));
        assert_eq!(n("desk_1.local").as_deref(), Some("desk_1.local"));
        // Not one valid authority: refused whole.
        assert_eq!(host_name(&HeaderMap::new(), &root), None);
        for bad in [
            "[::1]evil.com",
            "[::1]:80evil",
            "[evil.com]:80",
            "::1:8080",
            "user@127.0.0.1",
            "127.0.0.1:",
            "127.0.0.1:99999",
            "127.0.0.1:8080:1",
            "",
            "127.0.0.1/x",
            "local host",
        ] {
            assert_eq!(n(bad), None, "{bad:?}");
        }
        let mut two = headers(&[("host", "127.0.0.1:8080")]);
        two.append(header::HOST, HeaderValue::from_static("evil.example"));
        assert_eq!(host_name(&two, &root), None);
        // The request line's own authority must be the Host's.
        let h = headers(&[("host", "127.0.0.1:8080")]);
        let abs = |u: &'static str| host_name(&h, &Uri::from_static(u));
        assert_eq!(abs("http://127.0.0.1:8080/").as_deref(), Some("127.0.0.1"));
        assert_eq!(abs("http://evil.example/"), None);
    }

    #[test]
    fn a_form_key_is_its_sessions_only() {
        let a = hex(&random_bytes::<16>());
        let b = hex(&random_bytes::<16>());
        assert_ne!(a, b);
        let key = form_key(&a);
        assert_eq!(key.len(), 64);
        assert!(form_key_matches(&a, &key));
        assert!(form_key_matches(&a, &key.to_uppercase()));
        assert!(!form_key_matches(&b, &key));
        assert!(!form_key_matches(&a, &key[..62]));
        assert!(!form_key_matches(&a, ""));
        assert!(!form_key_matches(&a, "zz"));
    }

    #[test]
    fn hex_round_trips() {
        assert_eq!(unhex(&hex(&[0, 1, 254, 255])), Some(vec![0, 1, 254, 255]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("é1"), None);
    }
}
