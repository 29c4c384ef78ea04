//! The pages' templates (minijinja, embedded with `include_str!`) and their translation: a
//! template says `t("web-round-title", round=3)` and gets the Fluent message of the page's
//! language ([`crate::i18n`]).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, context};

use super::{App, WebError};
use crate::i18n::Lang;

/// Screen and print styles of every page (`@media print`: A4, large names, no navigation).
const CSS: &str = include_str!("templates/style.css");

/// The templates, by name.
const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("templates/base.html")),
    ("event.html", include_str!("templates/event.html")),
    ("players.html", include_str!("templates/players.html")),
    ("round.html", include_str!("templates/round.html")),
    ("print.html", include_str!("templates/print.html")),
    ("standings.html", include_str!("templates/standings.html")),
    ("crosstable.html", include_str!("templates/crosstable.html")),
    ("verdict.html", include_str!("templates/verdict.html")),
    (
        "adjudication.html",
        include_str!("templates/adjudication.html"),
    ),
    ("message.html", include_str!("templates/message.html")),
];

/// The template environment with every page.
///
/// # Panics
/// When a template does not parse: the templates are compiled in, so this is a bug caught by
/// every test that builds an [`App`].
pub(super) fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    for (name, source) in TEMPLATES {
        if let Err(e) = env.add_template(name, source) {
            panic!("template {name}: {e}");
        }
    }
    env
}

/// What every page shows besides its own data.
pub(super) struct Page {
    /// The page's language.
    pub lang: Lang,
    /// The page's path (for the language switch).
    pub path: String,
    /// The page's title.
    pub title: String,
    /// The form key of the request's session, put in every form ([`super::guard`]).
    pub csrf: String,
}

impl Page {
    /// A page at `path` in `lang`, titled `title`.
    pub fn new(lang: Lang, path: impl Into<String>, title: String) -> Page {
        Page {
            lang,
            path: path.into(),
            title,
            csrf: String::new(),
        }
    }

    /// The same page with the session's form key in its forms.
    pub fn with_csrf(mut self, csrf: &str) -> Page {
        self.csrf = csrf.to_string();
        self
    }
}

/// `t(id, name=value, …)` for templates: the Fluent message `id` of `lang`.
fn translator(lang: Lang) -> Value {
    Value::from_function(
        move |id: String, kwargs: Kwargs| -> Result<String, minijinja::Error> {
            let mut args: Vec<(String, String)> = Vec::new();
            for k in kwargs.args() {
                let v: Value = kwargs.get(k)?;
                args.push((k.to_string(), v.to_string()));
            }
            let refs: Vec<(&str, &str)> =
                args.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            lang.try_fmt(&id, &refs)
                .map_err(|e| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e))
        },
    )
}

/// Renders `template` with the page's common data and `data` (its own), status `status`.
pub(super) fn render_status(
    app: &App,
    status: StatusCode,
    template: &str,
    page: &Page,
    data: serde_json::Value,
) -> Response {
    let lang = page.lang;
    let ctx = context! {
        lang => lang.code(),
        q => format!("?lang={}", lang.code()),
        path => page.path,
        title => page.title,
        csrf => page.csrf,
        css => CSS,
        t => translator(lang),
        ..Value::from_serialize(&data)
    };
    let html = app.env.get_template(template).and_then(|t| t.render(ctx));
    match html {
        Ok(html) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            html,
        )
            .into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("page {template}: {e:#}"),
        )
            .into_response(),
    }
}

/// Renders a page with status 200.
pub(super) fn render(app: &App, template: &str, page: &Page, data: serde_json::Value) -> Response {
    render_status(app, StatusCode::OK, template, page, data)
}

/// The error page: the message in the page's language, why, and a way back (reload for a
/// stale form).
pub(super) fn error_page(app: &App, lang: Lang, back: &str, err: &WebError) -> Response {
    let title = if err.status() == StatusCode::NOT_FOUND {
        "web-error-title-not-found"
    } else {
        "web-error-title"
    };
    let page = Page::new(lang, back, lang.msg(title));
    render_status(
        app,
        err.status(),
        "message.html",
        &page,
        serde_json::json!({
            "error": err.message(lang),
            "back": back,
            "stale": matches!(err, WebError::Stale),
        }),
    )
}
