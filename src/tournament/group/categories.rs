//! A group's categories and prize settings, as its record keeps them (the arbiter adds,
//! changes and removes them here): «1 класс», «девочки 1–2 классы», «до 1200»…
//!
//! - A [`Category`] has a name, a [`CategoryRule`] (grades, birth years, age on a date, sex, a
//!   rating band; every condition given must hold, so they combine) and a number of prizes
//!   (3 by default).
//! - Its standings and prize list are scoring's
//!   ([`crate::tournament::scoring::category`]).

use crate::i18n::Lang;
use crate::tournament::model::Tournament;
use crate::tournament::player::{birth_year, date_text, normalize_birth_date};
use crate::tournament::{Player, Sex};

/// Prizes a category gives when not told: places 1–3.
pub const DEFAULT_PRIZES: u32 = 3;

fn default_prizes() -> u32 {
    DEFAULT_PRIZES
}

/// An inclusive range `[low, high]` of grades, years, ages or ratings.
pub type Range<T> = (T, T);

/// Who a category takes: every condition given must hold; none given takes everyone.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CategoryRule {
    /// School grades (класс), inclusive: `[1, 2]`. A player without a grade is not taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grades: Option<Range<u8>>,
    /// Sex. A player whose sex is unknown is not taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Birth years, inclusive: `[2016, 2017]`. A player without a birth date is not taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born: Option<Range<u16>>,
    /// Age in full years on [`CategoryRule::age_on`], inclusive. A player born in a known year
    /// only is taken when every day of that year gives an age in the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age: Option<Range<u8>>,
    /// The date ages are counted on (`YYYY/MM/DD`); needed with [`CategoryRule::age`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_on: Option<String>,
    /// Rating band, inclusive; an unrated player counts as rated 0 (as Swiss-Manager does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Range<u16>>,
}

/// A category of the event with its prizes.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Category {
    /// Its name as printed: «Девочки 1–2 классы».
    pub name: String,
    /// Who it takes.
    #[serde(flatten)]
    pub rule: CategoryRule,
    /// How many places get a prize (and a diploma); 3 when not told.
    #[serde(default = "default_prizes")]
    pub prizes: u32,
}

/// The event's categories and prize settings, kept in the state file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Awards {
    /// Categories in the order they are awarded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<Category>,
    /// A player wins in one category only (the first in order where he places): Swiss-Manager's
    /// setting. Off by default: each category's prize list stands alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_prize_per_player: bool,
    /// The date printed on diplomas (`YYYY/MM/DD`); `None`: the event's last day
    /// ([`crate::tournament::event::EventDetails::end_date`]). The chief arbiter named on them
    /// is the event's ([`crate::tournament::event::EventDetails::chief_arbiter`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

impl Awards {
    /// True when nothing is set (the state file then keeps no `awards`).
    pub fn is_empty(&self) -> bool {
        *self == Awards::default()
    }

    /// The category named `name` (case ignored, `ё` = `е`).
    pub fn category(&self, name: &str) -> Option<&Category> {
        self.categories
            .iter()
            .find(|c| crate::tournament::player::same_name(&c.name, name))
    }
}

/// What is wrong with a category.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CategoryError {
    /// No name.
    #[error("a category needs a name")]
    EmptyName,
    /// A second category of one name.
    #[error("there is already a category named {0:?}")]
    Exists(String),
    /// No category of this name.
    #[error("there is no category named {0:?}")]
    Unknown(String),
    /// A range whose low end is above its high end, or a grade outside 1–11.
    #[error("the {field} range {low}–{high} is empty or out of bounds")]
    Range {
        /// `grades`, `born`, `age`, `rating`.
        field: &'static str,
        /// Low end.
        low: u32,
        /// High end.
        high: u32,
    },
    /// An age range without the date ages are counted on, or that date not a real date.
    #[error("an age range needs the date ages are counted on (DD.MM.YYYY)")]
    AgeDate,
}

impl CategoryError {
    /// The error in `lang` (Fluent `cat-error-*`).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            CategoryError::EmptyName => lang.msg("cat-error-empty-name"),
            CategoryError::Exists(n) => lang.fmt("cat-error-exists", &[("name", n)]),
            CategoryError::Unknown(n) => lang.fmt("cat-error-unknown", &[("name", n)]),
            CategoryError::Range { field, low, high } => lang.fmt(
                "cat-error-range",
                &[
                    ("field", &lang.msg(&format!("cat-field-{field}"))),
                    ("low", &low.to_string()),
                    ("high", &high.to_string()),
                ],
            ),
            CategoryError::AgeDate => lang.msg("cat-error-age-date"),
        }
    }
}

/// Reads a range as people write it: `1-2`, `1–2` (en dash), `1..2`, or one value `3`.
/// `None` when it is none of these.
pub fn parse_range<T: std::str::FromStr + Copy>(text: &str) -> Option<Range<T>> {
    let text = text.trim();
    let (a, b) = text
        .split_once("..")
        .or_else(|| text.split_once('–'))
        .or_else(|| text.split_once('-'))
        .unwrap_or((text, text));
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// `(year, month, day)` of a `YYYY/MM/DD` date.
fn ymd(date: &str) -> Option<(u16, u8, u8)> {
    let mut parts = date.split('/');
    Some((
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
    ))
}

/// Full years from `born` to `on` (both `(year, month, day)`).
fn full_years(born: (u16, u8, u8), on: (u16, u8, u8)) -> i32 {
    let years = i32::from(on.0) - i32::from(born.0);
    if (on.1, on.2) < (born.1, born.2) {
        years - 1
    } else {
        years
    }
}

impl CategoryRule {
    /// True when the rule takes `p` (module docs: every condition given must hold).
    pub fn takes(&self, p: &Player) -> bool {
        let within = |v: u32, (lo, hi): (u32, u32)| lo <= v && v <= hi;
        if let Some((lo, hi)) = self.grades
            && !p
                .grade
                .is_some_and(|g| within(g.into(), (lo.into(), hi.into())))
        {
            return false;
        }
        if let Some(sex) = self.sex
            && p.sex != Some(sex)
        {
            return false;
        }
        let year = p.birth_date.as_deref().and_then(birth_year);
        if let Some((lo, hi)) = self.born
            && !year.is_some_and(|y| within(y.into(), (lo.into(), hi.into())))
        {
            return false;
        }
        if let Some((lo, hi)) = self.age {
            let Some(on) = self.age_on.as_deref().and_then(ymd) else {
                return false;
            };
            let ages: Vec<i32> = match p.birth_date.as_deref().map(|d| (ymd(d), birth_year(d))) {
                Some((Some(born), _)) => vec![full_years(born, on)],
                // A year only: the ages of its first and last day.
                Some((None, Some(y))) => {
                    vec![full_years((y, 1, 1), on), full_years((y, 12, 31), on)]
                }
                _ => return false,
            };
            if !ages
                .iter()
                .all(|&a| i32::from(lo) <= a && a <= i32::from(hi))
            {
                return false;
            }
        }
        if let Some((lo, hi)) = self.rating
            && !within(p.rating.unwrap_or(0).into(), (lo.into(), hi.into()))
        {
            return false;
        }
        true
    }

    /// The rule's conditions, checked: ranges not empty, grades within 1–11, an age range
    /// with a real date (its `ДД.ММ.ГГГГ` kept as `YYYY/MM/DD`).
    ///
    /// # Errors
    /// [`CategoryError::Range`], [`CategoryError::AgeDate`].
    pub fn checked(mut self) -> Result<CategoryRule, CategoryError> {
        let range = |field, (lo, hi): (u32, u32), max: u32| {
            if lo > hi || hi > max {
                Err(CategoryError::Range {
                    field,
                    low: lo,
                    high: hi,
                })
            } else {
                Ok(())
            }
        };
        if let Some((lo, hi)) = self.grades {
            range("grades", (lo.into(), hi.into()), 11)?;
            if lo == 0 {
                return Err(CategoryError::Range {
                    field: "grades",
                    low: 0,
                    high: hi.into(),
                });
            }
        }
        if let Some((lo, hi)) = self.born {
            range("born", (lo.into(), hi.into()), 9999)?;
        }
        if let Some((lo, hi)) = self.age {
            range("age", (lo.into(), hi.into()), 150)?;
            let on = self
                .age_on
                .as_deref()
                .and_then(normalize_birth_date)
                .filter(|d| d.len() == 10)
                .ok_or(CategoryError::AgeDate)?;
            self.age_on = Some(on);
        }
        if let Some((lo, hi)) = self.rating {
            range("rating", (lo.into(), hi.into()), 9999)?;
        }
        Ok(self)
    }

    /// The rule in words, in `lang`: «1–2 класс, девочки, 2016–2017 г. р.»; «все участники»
    /// when it takes everyone.
    pub fn text(&self, lang: Lang) -> String {
        let span = |lo: u32, hi: u32| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}–{hi}")
            }
        };
        let mut parts = Vec::new();
        if let Some((lo, hi)) = self.grades {
            let id = if lo == hi {
                "cat-rule-grade"
            } else {
                "cat-rule-grades"
            };
            parts.push(lang.fmt(id, &[("grades", &span(lo.into(), hi.into()))]));
        }
        if let Some(sex) = self.sex {
            parts.push(lang.msg(match sex {
                Sex::Male => "cat-rule-boys",
                Sex::Female => "cat-rule-girls",
            }));
        }
        if let Some((lo, hi)) = self.born {
            parts.push(lang.fmt("cat-rule-born", &[("years", &span(lo.into(), hi.into()))]));
        }
        if let Some((lo, hi)) = self.age {
            let on = self.age_on.as_deref().unwrap_or("");
            parts.push(lang.fmt(
                "cat-rule-age",
                &[
                    ("ages", &span(lo.into(), hi.into())),
                    ("date", &date_text(on, lang)),
                ],
            ));
        }
        if let Some((lo, hi)) = self.rating {
            parts.push(lang.fmt("cat-rule-rating", &[("band", &span(lo.into(), hi.into()))]));
        }
        if parts.is_empty() {
            lang.msg("cat-rule-all")
        } else {
            parts.join(", ")
        }
    }
}

impl Tournament {
    /// Adds a category (its rule [`CategoryRule::checked`]) after the others.
    ///
    /// # Errors
    /// [`CategoryError::EmptyName`], [`CategoryError::Exists`] (names compared without case,
    /// `ё` = `е`), and the rule's own errors. The event is left unchanged.
    pub fn add_category(&mut self, mut category: Category) -> Result<(), CategoryError> {
        category.name = tidy_name(&category.name);
        if category.name.is_empty() {
            return Err(CategoryError::EmptyName);
        }
        if self.awards.category(&category.name).is_some() {
            return Err(CategoryError::Exists(category.name));
        }
        category.rule = category.rule.checked()?;
        self.awards.categories.push(category);
        Ok(())
    }

    /// Removes the category named `name`.
    ///
    /// # Errors
    /// [`CategoryError::Unknown`].
    pub fn remove_category(&mut self, name: &str) -> Result<Category, CategoryError> {
        let i = self
            .awards
            .categories
            .iter()
            .position(|c| crate::tournament::player::same_name(&c.name, name))
            .ok_or_else(|| CategoryError::Unknown(name.to_string()))?;
        Ok(self.awards.categories.remove(i))
    }

    /// Replaces the category named `name` by `category`, in its place (the order prizes are
    /// awarded in is kept); its new name may be its old one.
    ///
    /// # Errors
    /// [`CategoryError::Unknown`], and as [`Tournament::add_category`] (a name another
    /// category has). The event is left unchanged.
    pub fn replace_category(
        &mut self,
        name: &str,
        mut category: Category,
    ) -> Result<(), CategoryError> {
        let same = crate::tournament::player::same_name;
        let i = self
            .awards
            .categories
            .iter()
            .position(|c| same(&c.name, name))
            .ok_or_else(|| CategoryError::Unknown(name.to_string()))?;
        category.name = tidy_name(&category.name);
        if category.name.is_empty() {
            return Err(CategoryError::EmptyName);
        }
        let taken = self
            .awards
            .categories
            .iter()
            .enumerate()
            .any(|(j, c)| j != i && same(&c.name, &category.name));
        if taken {
            return Err(CategoryError::Exists(category.name));
        }
        category.rule = category.rule.checked()?;
        self.awards.categories[i] = category;
        Ok(())
    }
}

/// A category's name as kept: its words separated by single spaces, none at the ends.
fn tidy_name(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(grade: u8, sex: Sex, born: &str, rating: Option<u16>) -> Player {
        Player {
            name: "X".into(),
            grade: Some(grade),
            sex: Some(sex),
            birth_date: Some(born.into()),
            rating,
            ..Player::default()
        }
    }

    #[test]
    fn rules_combine() {
        let girls12 = CategoryRule {
            grades: Some((1, 2)),
            sex: Some(Sex::Female),
            ..CategoryRule::default()
        };
        assert!(girls12.takes(&child(2, Sex::Female, "2017/03/05", None)));
        assert!(!girls12.takes(&child(3, Sex::Female, "2017/03/05", None)));
        assert!(!girls12.takes(&child(1, Sex::Male, "2017/03/05", None)));
        assert!(!girls12.takes(&Player::default()));
        let born = CategoryRule {
            born: Some((2016, 2017)),
            ..CategoryRule::default()
        };
        assert!(born.takes(&child(1, Sex::Male, "2016", None)));
        assert!(!born.takes(&child(1, Sex::Male, "2015/12/31", None)));
        let u1200 = CategoryRule {
            rating: Some((0, 1199)),
            ..CategoryRule::default()
        };
        assert!(u1200.takes(&child(1, Sex::Male, "2016", None)));
        assert!(u1200.takes(&child(1, Sex::Male, "2016", Some(1199))));
        assert!(!u1200.takes(&child(1, Sex::Male, "2016", Some(1200))));
    }

    #[test]
    fn ages_on_a_date() {
        let eight = CategoryRule {
            age: Some((8, 8)),
            age_on: Some("06.12.2026".into()),
            ..CategoryRule::default()
        }
        .checked()
        .unwrap();
        assert_eq!(eight.age_on.as_deref(), Some("2026/12/06"));
        // Eight on 6 December 2026: born 7.12.2017 – 6.12.2018.
        assert!(eight.takes(&child(2, Sex::Male, "2018/12/06", None)));
        assert!(!eight.takes(&child(2, Sex::Male, "2018/12/07", None)));
        assert!(eight.takes(&child(2, Sex::Male, "2017/12/07", None)));
        assert!(!eight.takes(&child(2, Sex::Male, "2017/12/06", None)));
        // A year only: 2018 gives 7 or 8 on that date, so not surely 8.
        assert!(!eight.takes(&child(2, Sex::Male, "2018", None)));
        let bad = CategoryRule {
            age: Some((8, 9)),
            ..CategoryRule::default()
        };
        assert_eq!(bad.checked(), Err(CategoryError::AgeDate));
        let bad = CategoryRule {
            grades: Some((3, 2)),
            ..CategoryRule::default()
        };
        assert_eq!(
            bad.checked().unwrap_err().text(Lang::Ru),
            "диапазон «классы» 3–2 пуст или выходит за допустимые границы"
        );
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range::<u8>("1-2"), Some((1, 2)));
        assert_eq!(parse_range::<u8>("1–2"), Some((1, 2)));
        assert_eq!(parse_range::<u16>("0..1199"), Some((0, 1199)));
        assert_eq!(parse_range::<u8>("3"), Some((3, 3)));
        assert_eq!(parse_range::<u8>("a-b"), None);
    }
}
