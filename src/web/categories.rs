//! Categories and prizes edited at the desk (`/categories`): add, change, delete a category
//! (its name, its rule — grades, sex, birth years, age on a date, rating band, combined — and
//! its prize places) and the setting "a player wins a prize in one category only / in
//! several" ([`crate::tournament::category`]), as `arbiter tournament category` does. Each
//! form carries the categories' version ([`super::awards_version`]) and goes through the
//! journal like every other change.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};

use super::actions::{Fields, submit};
use super::extract::FormFields;
use super::{Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::Tournament;
use crate::tournament::category::{Category, CategoryRule, DEFAULT_PRIZES, Range, parse_range};
use crate::tournament::player::Sex;

/// A range as the form shows it: `1–2`, or `3` for one value.
fn range_text<T: std::fmt::Display + PartialEq>(r: Option<&Range<T>>) -> String {
    match r {
        Some((lo, hi)) if lo == hi => lo.to_string(),
        Some((lo, hi)) => format!("{lo}–{hi}"),
        None => String::new(),
    }
}

/// Every category's fields as its edit form shows them (`name`, `grades`, `sex`, `born`,
/// `age`, `age_on` as `<input type="date">` takes it, `rating`, `prizes`), and the forms'
/// `version`.
pub(super) fn forms_json(t: &Tournament) -> Value {
    let forms: Vec<Value> = t
        .awards
        .categories
        .iter()
        .map(|c| {
            let r = &c.rule;
            json!({
                "name": c.name,
                "grades": range_text(r.grades.as_ref()),
                "sex": r.sex.map(|s| s.trf_letter().to_string()),
                "born": range_text(r.born.as_ref()),
                "age": range_text(r.age.as_ref()),
                "age_on": r.age_on.as_deref().map(|d| d.replace('/', "-")),
                "rating": range_text(r.rating.as_ref()),
                "prizes": c.prizes,
            })
        })
        .collect();
    json!({"categories": forms, "version": super::awards_version(t),
           "default_prizes": DEFAULT_PRIZES})
}

/// Field `name` as a range (`1-2`, `1–2`, `3`), `None` when empty; refused in words when it
/// is not one.
fn range_field<T: std::str::FromStr + Copy>(
    f: &Fields,
    name: &str,
    lang: Lang,
) -> Result<Option<Range<T>>, WebError> {
    match f.get(name) {
        None => Ok(None),
        Some(v) => parse_range(&v).map(Some).ok_or_else(|| {
            WebError::BadRequest(lang.fmt(
                "web-error-cat-range",
                &[
                    ("field", &lang.msg(&format!("cat-field-{name}"))),
                    ("value", &v),
                ],
            ))
        }),
    }
}

/// The category a form describes (its rule checked when the event takes it).
fn category_of(f: &Fields, lang: Lang) -> Result<Category, WebError> {
    let sex = match f.get("sex") {
        None => None,
        Some(s) => Some(
            Sex::parse(&s).ok_or_else(|| WebError::BadRequest(lang.msg("web-error-cat-sex")))?,
        ),
    };
    let rule = CategoryRule {
        grades: range_field(f, "grades", lang)?,
        sex,
        born: range_field(f, "born", lang)?,
        age: range_field(f, "age", lang)?,
        // `<input type="date">` sends YYYY-MM-DD; the rule keeps YYYY/MM/DD (or reads ДД.ММ.ГГГГ).
        age_on: f.get("age_on").map(|d| d.replace('-', "/")),
        rating: range_field(f, "rating", lang)?,
    };
    Ok(Category {
        name: f.get("name").unwrap_or_default(),
        rule,
        prizes: f.number::<u32>("prizes")?.unwrap_or(DEFAULT_PRIZES),
    })
}

/// A category's refusal in the page's language.
fn refused(e: crate::tournament::category::CategoryError, lang: Lang) -> WebError {
    WebError::BadRequest(e.text(lang))
}

/// `POST /categories/add` (`name`, `grades`, `sex`, `born`, `age`, `age_on`, `rating`,
/// `prizes`, `version`): adds a category after the others
/// ([`Tournament::add_category`]).
pub(super) async fn add(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = category_of(&f, lang);
    submit(&app, &headers, &f, "/categories", parsed, move |c, t| {
        t.add_category(c).map_err(|e| refused(e, lang))
    })
    .await
}

/// `POST /categories/edit` (`old`: the category's name as shown; the fields of
/// [`add`]): changes the category in its place ([`Tournament::replace_category`]).
pub(super) async fn edit(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = category_of(&f, lang).and_then(|c| {
        let old = f.get("old").ok_or(WebError::Field {
            field: "old".into(),
            value: None,
        })?;
        Ok((old, c))
    });
    submit(
        &app,
        &headers,
        &f,
        "/categories",
        parsed,
        move |(old, c), t| t.replace_category(&old, c).map_err(|e| refused(e, lang)),
    )
    .await
}

/// `POST /categories/delete` (`name`, `confirm=yes`, `version`): deletes the category
/// ([`Tournament::remove_category`]); without the confirmation box, refused in words.
pub(super) async fn delete(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = match (f.get("name"), f.get("confirm")) {
        (Some(name), Some(_)) => Ok(name),
        _ => Err(WebError::BadRequest(
            lang.msg("web-error-cat-delete-confirm"),
        )),
    };
    submit(&app, &headers, &f, "/categories", parsed, move |name, t| {
        t.remove_category(&name)
            .map(|_| ())
            .map_err(|e| refused(e, lang))
    })
    .await
}

/// `POST /categories/settings` (`prizes_per_player`: `one` or `several`, `version`): a
/// player wins a prize in one category only (the first in order where he places), or in
/// several ([`crate::tournament::category::Awards::one_prize_per_player`]).
pub(super) async fn settings(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = match f.get("prizes_per_player").as_deref() {
        Some("one") => Ok(true),
        Some("several") => Ok(false),
        _ => Err(WebError::BadRequest(
            lang.msg("web-error-cat-prizes-per-player"),
        )),
    };
    submit(&app, &headers, &f, "/categories", parsed, |one, t| {
        t.awards.one_prize_per_player = one;
        Ok(())
    })
    .await
}
