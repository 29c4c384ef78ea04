//! The parts of a request as the handlers take them — the page query, a round or board
//! number from the path, a form's fields — with a bad one answered in the user's words
//! instead of the framework's rejection: on a page the error page in the page's language
//! (`/rounds/abc` → 404 "no such round: abc"), under `/api/` the JSON `{"error": "…"}`.

use std::collections::HashMap;

use axum::extract::{
    Form, FromRequest, FromRequestParts, Multipart, Query, RawPathParams, Request,
};
use axum::http::request::Parts;
use axum::http::{Method, Uri};
use axum::response::{IntoResponse, Response};

use super::view::error_page;
use super::{Shared, WebError};
use crate::i18n::Lang;

/// The query every page takes: `?lang=ru|en`, and `?token=` once to remember the token.
/// Read leniently: a field that is not what the page takes is ignored, never a rejection.
#[derive(Debug, Default)]
pub(super) struct PageQuery {
    /// `?lang=`.
    pub lang: Option<String>,
    /// `?token=`.
    pub token: Option<String>,
    /// `/players?edit=N`: the player whose edit form is shown (ignored unless a number).
    pub edit: Option<u16>,
}

impl PageQuery {
    /// The query of `uri`.
    pub fn of(uri: &Uri) -> PageQuery {
        let mut q: HashMap<String, String> = Query::try_from_uri(uri)
            .map(|Query(q)| q)
            .unwrap_or_default();
        PageQuery {
            lang: q.remove("lang"),
            token: q.remove("token"),
            edit: q.remove("edit").and_then(|e| e.trim().parse().ok()),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageQuery {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PageQuery::of(&parts.uri))
    }
}

/// True for the JSON API's paths (`/api/…`).
pub(super) fn is_api(uri: &Uri) -> bool {
    uri.path() == "/api" || uri.path().starts_with("/api/")
}

/// The answer to a bad request at `uri`: under `/api/` the JSON error (English), on a page
/// the error page in the language the query asks for. `err` makes the error in a language.
pub(super) fn refuse(app: &Shared, uri: &Uri, err: impl Fn(Lang) -> WebError) -> Response {
    if is_api(uri) {
        err(Lang::En).into_response()
    } else {
        let lang = app.lang(PageQuery::of(uri).lang.as_deref());
        error_page(app, lang, "/", &err(lang))
    }
}

/// Path parameter `name` as a number from 1, or the 404 "no such …" answer (message `id`
/// with the parameter as `$value`).
async fn number(parts: &mut Parts, app: &Shared, name: &str, id: &str) -> Result<u32, Response> {
    let raw = RawPathParams::from_request_parts(parts, app)
        .await
        .ok()
        .and_then(|p| {
            p.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
        .unwrap_or_default();
    raw.trim()
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            refuse(app, &parts.uri, |lang| {
                WebError::NotFound(lang.fmt(id, &[("value", &raw)]))
            })
        })
}

/// The round of `/rounds/{n}…` and `/api/rounds/{n}…` (1-based); another value is 404.
pub struct RoundNo(pub u32);

impl FromRequestParts<Shared> for RoundNo {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, Response> {
        Ok(RoundNo(
            number(parts, app, "n", "web-error-no-such-round").await?,
        ))
    }
}

/// The round and board of `/api/rounds/{n}/boards/{b}/result` (1-based); another value is 404.
pub struct BoardNo(pub u32, pub u32);

impl FromRequestParts<Shared> for BoardNo {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, Response> {
        let n = number(parts, app, "n", "web-error-no-such-round").await?;
        let b = number(parts, app, "b", "web-error-no-such-board").await?;
        Ok(BoardNo(n, b))
    }
}

/// A submitted form's fields (`application/x-www-form-urlencoded`); a body that is not a
/// form is 400 in the page's language.
pub(super) struct FormFields(pub HashMap<String, String>);

impl FromRequest<Shared> for FormFields {
    type Rejection = Response;

    async fn from_request(req: Request, app: &Shared) -> Result<Self, Response> {
        let uri = req.uri().clone();
        match Form::<HashMap<String, String>>::from_request(req, app).await {
            Ok(Form(f)) => Ok(FormFields(f)),
            Err(_) => Err(refuse(app, &uri, |lang| {
                WebError::BadRequest(lang.msg("web-error-bad-form"))
            })),
        }
    }
}

/// An uploaded form (`multipart/form-data`); a body that is not one is 400 in the page's
/// language.
pub(super) struct Upload(pub Multipart);

impl FromRequest<Shared> for Upload {
    type Rejection = Response;

    async fn from_request(req: Request, app: &Shared) -> Result<Self, Response> {
        let uri = req.uri().clone();
        Multipart::from_request(req, app)
            .await
            .map(Upload)
            .map_err(|_| {
                refuse(app, &uri, |lang| {
                    WebError::BadRequest(lang.msg("web-error-bad-form"))
                })
            })
    }
}

/// Unknown paths: 404, as JSON under `/api/`, else a page saying so.
pub(super) async fn not_found(
    axum::extract::State(app): axum::extract::State<Shared>,
    uri: Uri,
) -> Response {
    refuse(&app, &uri, |lang| {
        WebError::NotFound(lang.fmt("web-error-not-found", &[("path", uri.path())]))
    })
}

/// A known path asked with another method (`GET` of a form's address): 405, as JSON under
/// `/api/`, else a page saying so.
pub(super) async fn not_allowed(
    axum::extract::State(app): axum::extract::State<Shared>,
    method: Method,
    uri: Uri,
) -> Response {
    refuse(&app, &uri, |lang| {
        WebError::NotAllowed(lang.fmt(
            "web-error-method",
            &[("method", method.as_str()), ("path", uri.path())],
        ))
    })
}
