//! The parts of a request as the handlers take them — the page query, a round or board
//! number from the path, a form's fields — with a bad one answered in the user's words
//! instead of the framework's rejection: on a page the error page in the page's language
//! (`/rounds/abc` → 404 "no such round: abc"), under `/api/` the JSON `{"error": "…"}`.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{
    Form, FromRequest, FromRequestParts, Multipart, Query, RawPathParams, Request,
};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::view::error_page;
use super::{BODY_LIMIT, Shared, WebError};
use crate::i18n::Lang;

/// The query every page takes: `?lang=ru|en`, and `?token=` once to remember the token; with
/// the session's form key ([`super::guard::Session`]) for the page's forms. Read leniently: a
/// field that is not what the page takes is ignored, never a rejection.
#[derive(Debug, Default)]
pub(super) struct PageQuery {
    /// `?lang=`.
    pub lang: Option<String>,
    /// `?token=`.
    pub token: Option<String>,
    /// `?key=`: the hall's screen's key ([`super::guard::screen_key`]), once.
    pub key: Option<String>,
    /// `/players?edit=N`: the player whose edit form is shown (ignored unless a number).
    pub edit: Option<u16>,
    /// `?saved=1`: the page was reached by the redirect after a change, and says it was saved.
    pub saved: bool,
    /// `?note=a,b`: warnings the change just saved calls for ([`NOTES`]; others ignored).
    pub notes: Vec<String>,
    /// The form key of the request's session (empty outside the server's middleware).
    pub csrf: String,
}

/// The warnings a page shows after a change (`?note=`), each the Fluent message `web-note-ID`:
/// a name registered twice, a player entered after rounds were paired, a correction of a round
/// after which others were paired, a result sent again that the board already had.
pub(super) const NOTES: &[&str] = &[
    "duplicate-name",
    "name-normalised",
    "late-entry",
    "later-rounds",
    "same-result",
];

impl PageQuery {
    /// The query of `uri`.
    pub fn of(uri: &Uri) -> PageQuery {
        let mut q: HashMap<String, String> = Query::try_from_uri(uri)
            .map(|Query(q)| q)
            .unwrap_or_default();
        PageQuery {
            lang: q.remove("lang"),
            token: q.remove("token"),
            key: q.remove("key"),
            edit: q.remove("edit").and_then(|e| e.trim().parse().ok()),
            saved: q.remove("saved").is_some_and(|v| v == "1"),
            notes: q
                .remove("note")
                .unwrap_or_default()
                .split(',')
                .filter(|n| NOTES.contains(n))
                .map(str::to_string)
                .collect(),
            csrf: String::new(),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageQuery {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let mut q = PageQuery::of(&parts.uri);
        if let Some(s) = parts.extensions.get::<super::guard::Session>() {
            q.csrf.clone_from(&s.csrf);
        }
        Ok(q)
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
            Ok(Form(f)) => {
                super::caller::note_fields(&f);
                Ok(FormFields(f))
            }
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(refuse(app, &uri, too_large))
            }
            Err(_) => Err(refuse(app, &uri, |lang| {
                WebError::BadRequest(lang.msg("web-error-bad-form"))
            })),
        }
    }
}

/// The refusal of a body over [`BODY_LIMIT`], naming the limit in `lang`.
pub(super) fn too_large(lang: Lang) -> WebError {
    WebError::TooLarge(lang.fmt(
        "web-error-too-large",
        &[("limit", &(BODY_LIMIT >> 20).to_string())],
    ))
}

/// The body of a change through the API: empty, or JSON sent as `Content-Type:
/// application/json` (415 otherwise, whatever the body holds: a web page can send `text/plain`
/// to any site without asking, never `application/json`); over [`BODY_LIMIT`] 413. Refusals are
/// the API's JSON.
pub struct JsonBody(pub Bytes);

impl FromRequest<Shared> for JsonBody {
    type Rejection = Response;

    async fn from_request(req: Request, app: &Shared) -> Result<Self, Response> {
        let kind = req
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string());
        let body = Bytes::from_request(req, app).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large(Lang::En).into_response()
            } else {
                WebError::BadRequest(e.body_text()).into_response()
            }
        })?;
        let json = kind.as_deref().is_some_and(|k| {
            let essence = k.split(';').next().unwrap_or_default().trim();
            essence.eq_ignore_ascii_case("application/json")
        });
        if json || (kind.is_none() && body.iter().all(u8::is_ascii_whitespace)) {
            Ok(JsonBody(body))
        } else {
            let sent = kind.unwrap_or_else(|| Lang::En.msg("web-no-content-type"));
            Err(WebError::UnsupportedType(
                Lang::En.fmt("web-error-content-type", &[("sent", &sent)]),
            )
            .into_response())
        }
    }
}

/// An uploaded form (`multipart/form-data`); a body that is not one is 400 in the page's
/// language.
pub(super) struct Upload(pub Multipart);

/// A multipart form read whole: its text fields, the one file field (its name as sent, or the
/// default given, and its bytes), and the first error met. A broken or oversized upload is
/// kept as that error, so the page reports it as such, not as "no file".
pub(super) struct UploadForm {
    pub fields: HashMap<String, String>,
    pub file: Option<(String, Vec<u8>)>,
    pub unreadable: Option<axum::extract::multipart::MultipartError>,
}

impl Upload {
    /// Reads every field: `file_field` as a file named `default_name` when the browser sends no
    /// name, the others as text.
    pub(super) async fn read(mut self, file_field: &str, default_name: &str) -> UploadForm {
        let mut form = UploadForm {
            fields: HashMap::new(),
            file: None,
            unreadable: None,
        };
        loop {
            let field = match self.0.next_field().await {
                Ok(Some(field)) => field,
                Ok(None) => break,
                Err(e) => {
                    form.unreadable = Some(e);
                    break;
                }
            };
            let name = field.name().unwrap_or_default().to_string();
            if name == file_field {
                let file_name = field.file_name().unwrap_or(default_name).to_string();
                match field.bytes().await {
                    Ok(bytes) => form.file = Some((file_name, bytes.to_vec())),
                    Err(e) => form.unreadable = Some(e),
                }
            } else {
                match field.text().await {
                    Ok(text) => {
                        form.fields.insert(name, text);
                    }
                    Err(e) => form.unreadable = Some(e),
                }
            }
        }
        // The group the form's page showed (its hidden field `group`).
        super::caller::note_group(form.fields.get("group"));
        form
    }
}

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
