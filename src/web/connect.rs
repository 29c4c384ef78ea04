//! `/connect`: how another device (a tablet, a phone) opens the desk, and the hall's screens
//! their own read-only address, each with its QR code ([`super::address`]).

use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::json;

use super::Shared;
use super::extract::PageQuery;
use super::view::{error_page, render};

/// `GET /connect`: how another device (a tablet, a phone) opens the desk — in tablet mode the
/// address with the token and its QR code, shown only to a request that holds the token (the
/// page is readable without it: the token must not reach whoever reads the pages); on
/// loopback, that the desk is this computer's only.
pub(super) async fn connect(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-connect-title"));
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, page.lang, "/connect", &e),
    };
    // Beyond loopback only the token's holders reach this page (the guard): it shows them
    // the address with the token.
    let (state, url, qr) = match &app.desk_url {
        None => ("loopback", None, None),
        Some(url) => ("shown", Some(url.clone()), super::qr_svg(url)),
    };
    // The hall's screens' own address (read only), beside the desk's.
    let screen_url = match (&url, &app.access) {
        (Some(url), super::Access::Token(token)) => Some(super::screen_url(url, token)),
        _ => None,
    };
    let screen_qr = screen_url.as_deref().and_then(super::qr_svg);
    render(
        &app,
        "connect.html",
        &page,
        super::pages::with_event(
            &t,
            page.lang,
            json!({"connect": state, "url": url, "qr": qr,
                   "screen_url": screen_url, "screen_qr": screen_qr}),
        ),
    )
}
