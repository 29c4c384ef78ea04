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
    ("form_keys.html", include_str!("templates/form_keys.html")),
    ("event.html", include_str!("templates/event.html")),
    ("event_edit.html", include_str!("templates/event_edit.html")),
    ("manual.html", include_str!("templates/manual.html")),
    ("connect.html", include_str!("templates/connect.html")),
    ("players.html", include_str!("templates/players.html")),
    ("log.html", include_str!("templates/log.html")),
    ("round.html", include_str!("templates/round.html")),
    ("print.html", include_str!("templates/print.html")),
    ("slips.html", include_str!("templates/slips.html")),
    ("standings.html", include_str!("templates/standings.html")),
    ("crosstable.html", include_str!("templates/crosstable.html")),
    ("legend.html", include_str!("templates/legend.html")),
    ("verdict.html", include_str!("templates/verdict.html")),
    (
        "adjudication.html",
        include_str!("templates/adjudication.html"),
    ),
    ("message.html", include_str!("templates/message.html")),
    ("duplicate.html", include_str!("templates/duplicate.html")),
    ("position.html", include_str!("templates/position.html")),
    ("categories.html", include_str!("templates/categories.html")),
    ("report.html", include_str!("templates/report.html")),
    (
        "category_fields.html",
        include_str!("templates/category_fields.html"),
    ),
    ("import.html", include_str!("templates/import.html")),
    ("live.html", include_str!("templates/live.html")),
    ("live_round.html", include_str!("templates/live_round.html")),
    ("screen.html", include_str!("templates/screen.html")),
    ("groups.html", include_str!("templates/groups.html")),
    ("team.html", include_str!("templates/team.html")),
    ("setup.html", include_str!("templates/setup.html")),
    (
        "public_base.html",
        include_str!("templates/public_base.html"),
    ),
    (
        "public_event.html",
        include_str!("templates/public_event.html"),
    ),
    (
        "public_standings.html",
        include_str!("templates/public_standings.html"),
    ),
    (
        "public_round.html",
        include_str!("templates/public_round.html"),
    ),
    (
        "public_boards.html",
        include_str!("templates/public_boards.html"),
    ),
    (
        "crosstable_table.html",
        include_str!("templates/crosstable_table.html"),
    ),
    (
        "public_live.html",
        include_str!("templates/public_live.html"),
    ),
    (
        "public_message.html",
        include_str!("templates/public_message.html"),
    ),
    // The public view's tables (`public_pages`).
    (
        "public_crosstable.html",
        include_str!("templates/public_crosstable.html"),
    ),
    (
        "public_prizes.html",
        include_str!("templates/public_prizes.html"),
    ),
    (
        "public_school.html",
        include_str!("templates/public_school.html"),
    ),
    (
        "tie_break_fields.html",
        include_str!("templates/tie_break_fields.html"),
    ),
];

/// The template environment with every page.
///
/// # Panics
/// When a template does not parse: the templates are compiled in, so this is a bug caught by
/// every test that builds an [`App`].
pub(super) fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    env.add_filter("person", person);
    for (name, source) in TEMPLATES {
        if let Err(e) = env.add_template(name, source) {
            panic!("template {name}: {e}");
        }
    }
    env
}

/// A player's name as the pages show it, `{{ name|person }}`: never broken inside a word, and
/// on a narrow screen the given names shortened to initials before the surname is touched
/// (`Соловьёва, Дарья` → `Соловьёва, Д.`; the stylesheet decides which part shows).
///
/// The name is split at its first comma (`Surname, Given`, as TRF and the start list write
/// it), else at its first space; a name of one word has no given part. Every part is
/// HTML-escaped.
fn person(name: &str) -> Value {
    let name = name.trim();
    let (surname, given) = match name.split_once(',') {
        Some((s, g)) => (format!("{},", s.trim_end()), g.trim()),
        None => match name.split_once(' ') {
            Some((s, g)) => (s.to_string(), g.trim()),
            None => (name.to_string(), ""),
        },
    };
    let esc = |s: &str| minijinja::HtmlEscape(s).to_string();
    let mut html = format!(
        "<span class=\"person\"><span class=\"surname\">{}</span>",
        esc(&surname)
    );
    if !given.is_empty() {
        let initials: Vec<String> = given
            .split_whitespace()
            .filter_map(|w| w.chars().next().map(|c| format!("{c}.")))
            .collect();
        html.push_str(&format!(
            " <span class=\"given\">{}</span><span class=\"initial\">{}</span>",
            esc(given),
            esc(&initials.join(" "))
        ));
    }
    html.push_str("</span>");
    Value::from_safe_string(html)
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
    /// The page follows a change just saved (`?saved=1`): a notice says so.
    pub saved: bool,
    /// Warnings after the change (`?note=`, [`super::extract::NOTES`]).
    pub notes: Vec<String>,
}

impl Page {
    /// A page at `path` in `lang`, titled `title`.
    pub fn new(lang: Lang, path: impl Into<String>, title: String) -> Page {
        Page {
            lang,
            path: path.into(),
            title,
            csrf: String::new(),
            saved: false,
            notes: Vec::new(),
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
                .map(|text| no_break_after_number(&text))
                .map_err(|e| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e))
        },
    )
}

/// A crosstable cell as the desk's pages print it, in `lang`: the opponent's starting rank,
/// the colour (`б`/`ч` in Russian, `w`/`b` in English) and the result (`1`, `½`, `0`, `+` and
/// `−` for a forfeit; nothing while pending), apart by narrow spaces: `12 б ½`; a round without an opponent in a word and
/// its points: `своб. 1` (the pairing-allocated bye), `проп. ½` (a bye asked for, or an
/// absence: TRF `H`, `F`, `Z`). Every form is explained by the message
/// `web-crosstable-legend`.
///
/// In a round robin a bye is never the child's absence: a zero-point bye is the table's free
/// number (or a game cancelled with a withdrawn opponent's games), a full-point bye the point
/// of a game the table gave against an opponent out of the event by the time the round was
/// paired (the record keeps no opponent for it, so no «+» against a number): `своб.`, as
/// the arbiter writes a round he did not play through no doing of his, not `проп.`.
pub(super) fn cross_cell(
    c: &crate::tournament::standings::CrossCell,
    round_robin: bool,
    lang: Lang,
) -> String {
    use crate::tournament::RoundResult as R;
    let result = match R::from_letter(c.result) {
        Some(R::Win | R::UnratedWin) => "1",
        Some(R::Draw | R::UnratedDraw) => "½",
        Some(R::Loss | R::UnratedLoss) => "0",
        Some(R::ForfeitWin) => "+",
        Some(R::ForfeitLoss) => "\u{2212}",
        _ => "",
    };
    match c.opponent {
        Some(o) => {
            let colour = match c.colour {
                Some('w') => lang.msg("web-cross-white"),
                Some('b') => lang.msg("web-cross-black"),
                _ => String::new(),
            };
            // Narrow spaces apart: «16 б 1», never read as «1661».
            [o.to_string(), colour, result.to_string()]
                .iter()
                .filter(|p| !p.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join("\u{202f}")
        }
        None => {
            let word = match R::from_letter(c.result) {
                Some(R::PairingAllocatedBye) => lang.msg("web-cross-bye"),
                Some(R::ZeroPointBye | R::FullPointBye) if round_robin => lang.msg("web-cross-bye"),
                Some(R::HalfPointBye | R::FullPointBye | R::ZeroPointBye) => {
                    lang.msg("web-cross-absent")
                }
                _ => return result.to_string(),
            };
            let points = if c.points == 0.5 {
                "½".to_string()
            } else {
                crate::tournament::standings::fmt_decimal(c.points, lang)
            };
            format!("{word}\u{a0}{points}")
        }
    }
}

/// `4-го тура` with a non-breaking hyphen (U+2011): a page never breaks a line between a
/// number and its Russian case ending. Other hyphens (`0-1`, `Заречная-Преображенская`) stay.
fn no_break_after_number(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev_digit = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next_letter = chars.peek().is_some_and(|n| n.is_alphabetic());
        out.push(if c == '-' && prev_digit && next_letter {
            '\u{2011}'
        } else {
            c
        });
        prev_digit = c.is_ascii_digit();
    }
    out
}

/// Renders `template` with the page's common data and `data` (its own), status `status`.
pub(super) fn render_status(
    app: &App,
    status: StatusCode,
    template: &str,
    page: &Page,
    data: serde_json::Value,
) -> Response {
    match render_html(app, template, page, data) {
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

/// Page `template` rendered with `data` for `page`, as the HTML text [`render_status`] serves.
pub(super) fn render_html(
    app: &App,
    template: &str,
    page: &Page,
    data: serde_json::Value,
) -> Result<String, minijinja::Error> {
    render_in(&app.env, template, page, data, false)
}

/// Page `template` as a file of its own, outside the desk ([`render_html`] without the
/// desk's navigation: `standalone` is true for the templates).
pub(super) fn render_standalone(
    template: &str,
    page: &Page,
    data: serde_json::Value,
) -> Result<String, minijinja::Error> {
    render_in(&environment(), template, page, data, true)
}

/// Page `template` rendered in `env` with `data` for `page`.
fn render_in(
    env: &Environment<'static>,
    template: &str,
    page: &Page,
    data: serde_json::Value,
    standalone: bool,
) -> Result<String, minijinja::Error> {
    let lang = page.lang;
    // The event's groups and the one shown, on the desk's pages of an event of two or more.
    let (groups, group) = match super::caller::shown_groups().filter(|_| !standalone) {
        Some((names, i)) => (names, Some(i)),
        None => (Vec::new(), None),
    };
    let group_name = group.map(|i| groups[i].clone());
    // The group shown stays in every link the page makes (`q`, the language switch's `gq`):
    // a link followed in a tab left on group N opens group N, not the group another tab
    // chose since. Empty for an event of one group and for a file of its own.
    // A page made before the event was read (a refused form's error page) keeps the group
    // the form named (`named_gq`, [`error_page`]).
    let gq = if standalone {
        String::new()
    } else {
        Some(super::caller::group_query())
            .filter(|g| !g.is_empty())
            .or_else(|| {
                data.get("named_gq")
                    .and_then(|g| g.as_str())
                    .map(str::to_string)
            })
            .unwrap_or_default()
    };
    // Every heading and sheet names the group after the event («Турнир — Малыши»); the
    // event's own form keeps the event's name alone.
    let mut data = data;
    if let (Some(g), Some(serde_json::Value::String(event))) = (
        group_name
            .as_ref()
            .filter(|_| template != "event_edit.html"),
        data.get_mut("event"),
    ) {
        *event = format!("{event} — {g}");
    }
    let ctx = context! {
        groups => groups,
        group => group,
        group_name => group_name,
        standalone => standalone,
        lang => lang.code(),
        q => format!("?lang={}{gq}", lang.code()),
        // An address with no query of its own (a download): `?group=N`, else nothing.
        gq_first => gq.replacen('&', "?", 1),
        gq => gq,
        path => page.path,
        title => page.title,
        csrf => page.csrf,
        saved => page.saved,
        notes => page.notes,
        css => CSS,
        t => translator(lang),
        ..Value::from_serialize(&data)
    };
    env.get_template(template).and_then(|t| t.render(ctx))
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
    // The way back and the menu of a form refused before the event was read keep the group
    // the form named (its page's group), not the cookie's; never a group the event has not.
    let named = if super::caller::shown_groups().is_none()
        && !matches!(err, WebError::NoSuchGroup { .. })
    {
        super::caller::named_group_query()
    } else {
        String::new()
    };
    render_status(
        app,
        err.status(),
        "message.html",
        &page,
        serde_json::json!({
            "error": err.message(lang),
            "back": back,
            "named_gq": named,
            "stale": matches!(err, WebError::Stale),
            // A board's stale form: back to that board's row, never "repeat".
            "board": match err {
                WebError::StaleBoard { board, .. } => Some(*board),
                _ => None,
            },
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::{no_break_after_number, person};

    #[test]
    fn a_number_keeps_its_case_ending() {
        assert_eq!(
            no_break_after_number("после 4-го тура, 0-1, Заречная-Преображенская, 12-й"),
            "после 4\u{2011}го тура, 0-1, Заречная-Преображенская, 12\u{2011}й"
        );
    }

    #[test]
    fn a_name_keeps_its_words_and_gets_initials() {
        assert_eq!(
            person("Соловьёва, Дарья").to_string(),
            "<span class=\"person\"><span class=\"surname\">Соловьёва,</span> \
             <span class=\"given\">Дарья</span><span class=\"initial\">Д.</span></span>"
        );
        assert_eq!(
            person("Иванова Анна Сергеевна").to_string(),
            "<span class=\"person\"><span class=\"surname\">Иванова</span> \
             <span class=\"given\">Анна Сергеевна</span><span class=\"initial\">А. С.</span></span>"
        );
        assert_eq!(
            person("Ким").to_string(),
            "<span class=\"person\"><span class=\"surname\">Ким</span></span>"
        );
        assert_eq!(
            person("<b>, \"x\"").to_string(),
            "<span class=\"person\"><span class=\"surname\">&lt;b&gt;,</span> \
             <span class=\"given\">&quot;x&quot;</span><span class=\"initial\">&quot;.</span></span>"
        );
    }
}
