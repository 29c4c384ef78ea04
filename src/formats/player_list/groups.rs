//! The group each row of a list goes to, in an event of several groups: the list's group
//! column («Группа», «Group», «Section») names it, or a rule from the arbiter gives grades to
//! groups (`1-2=A,3-4=B`: grades 1–2 play in group A, 3–4 in group B).
//!
//! A row's group, in this order: its group cell when the list has the column and the cell is
//! filled; else the grade rule its grade fits, when rules are given; else the group the
//! arbiter chose for the whole list ([`Placing::default`]), only when the list has no group
//! column and no rules are given; else the only group of the event. A row left without a group
//! is refused with its line and the reason ([`GroupProblem`]); the other rows go on.
//!
//! A group the list names that the event does not have is refused, not created: as in
//! Swiss-Manager and Sharly Chess, the sections are set up first (their system and rounds are
//! the arbiter's choice, which a list cannot make), and a typo («Групп А») would otherwise
//! make a group of one child. Names are compared without case and surrounding spaces, a
//! Cyrillic letter equal to a Latin one in looks (А/A, В/B, С/C…) counted as that letter:
//! a list typed on a Russian keyboard names the group «А» the event calls «A».

use crate::i18n::Lang;
use crate::tournament::event::groups::group_key;

/// Grades `low..=high` go to `group`: one rule of `--group-by-grade`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GradeRule {
    /// The lowest grade (1–11).
    pub low: u8,
    /// The highest grade (1–11, not below `low`).
    pub high: u8,
    /// The group's name as the arbiter wrote it.
    pub group: String,
}

impl GradeRule {
    /// The rule as it is written: `1-2=A`, `5=C`.
    pub fn text(&self) -> String {
        if self.low == self.high {
            format!("{}={}", self.low, self.group)
        } else {
            format!("{}-{}={}", self.low, self.high, self.group)
        }
    }
}

/// Rules as a person reads them: `1–2 → «A», 3–4 → «B», 5 → «C»`.
pub fn rules_shown(rules: &[GradeRule]) -> String {
    rules
        .iter()
        .map(|r| {
            let grades = if r.low == r.high {
                r.low.to_string()
            } else {
                format!("{}–{}", r.low, r.high)
            };
            format!("{grades} → «{}»", r.group)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Rules written as `--group-by-grade` takes them.
pub fn rules_text(rules: &[GradeRule]) -> String {
    rules
        .iter()
        .map(GradeRule::text)
        .collect::<Vec<_>>()
        .join(",")
}

/// A grade rule that cannot be taken: the whole list is refused before any row is read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Not `GRADES=GROUP` with grades `N` or `N-M`.
    #[error("the rule {rule:?} is not GRADES=GROUP (1-2=A,3-4=B)")]
    Syntax {
        /// The rule as written.
        rule: String,
    },
    /// Grades outside 1–11, or the first above the second.
    #[error("the rule {rule:?}: grades are 1 to 11, the first not above the second")]
    Grades {
        /// The rule as written.
        rule: String,
    },
    /// Two rules give one grade to two groups.
    #[error("the rules {first:?} and {second:?} give one grade to two groups")]
    Overlap {
        /// The earlier rule.
        first: String,
        /// The later rule.
        second: String,
    },
    /// The rule names a group the event does not have.
    #[error("the rule {rule:?}: the event has no group {group:?} (its groups: {groups:?})")]
    UnknownGroup {
        /// The rule as written.
        rule: String,
        /// The group named.
        group: String,
        /// The event's groups' names.
        groups: Vec<String>,
    },
}

impl RuleError {
    /// The error in `lang` (Fluent `pl-rule-*`).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            RuleError::Syntax { rule } => lang.fmt("pl-rule-syntax", &[("rule", rule)]),
            RuleError::Grades { rule } => lang.fmt("pl-rule-grades", &[("rule", rule)]),
            RuleError::Overlap { first, second } => {
                lang.fmt("pl-rule-overlap", &[("first", first), ("second", second)])
            }
            RuleError::UnknownGroup {
                rule,
                group,
                groups,
            } => lang.fmt(
                "pl-rule-unknown-group",
                &[
                    ("rule", rule),
                    ("group", group),
                    ("groups", &groups_text(groups, lang)),
                ],
            ),
        }
    }
}

/// Reads grade rules: `1-2=A,3-4=B`, `5=C`; an en dash for the hyphen, spaces and an empty
/// rule (`1-2=A,`) allowed. A group's name may hold a hyphen or spaces (`1-2=1–2 классы`),
/// not a comma.
///
/// # Errors
/// [`RuleError::Syntax`], [`RuleError::Grades`], [`RuleError::Overlap`].
pub fn parse_rules(text: &str) -> Result<Vec<GradeRule>, RuleError> {
    let mut rules: Vec<GradeRule> = Vec::new();
    for written in text.split(',').map(str::trim).filter(|r| !r.is_empty()) {
        let syntax = || RuleError::Syntax {
            rule: written.to_string(),
        };
        let (grades, group) = written.split_once('=').ok_or_else(syntax)?;
        let group = group.trim();
        if group.is_empty() {
            return Err(syntax());
        }
        let grades = grades.replace(['–', '—'], "-");
        let (low, high) = grades.split_once('-').unwrap_or((&grades, &grades));
        let number = |n: &str| n.trim().parse::<u8>().map_err(|_| syntax());
        let (low, high) = (number(low)?, number(high)?);
        if !(1..=11).contains(&low) || !(1..=11).contains(&high) || low > high {
            return Err(RuleError::Grades {
                rule: written.to_string(),
            });
        }
        let rule = GradeRule {
            low,
            high,
            group: group.to_string(),
        };
        if let Some(r) = rules.iter().find(|r| r.low <= high && low <= r.high) {
            return Err(RuleError::Overlap {
                first: r.text(),
                second: rule.text(),
            });
        }
        rules.push(rule);
    }
    Ok(rules)
}

/// How the rows of a list find their group (module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Placing {
    /// Grades to groups, in the order given.
    pub by_grade: Vec<GradeRule>,
    /// The group (its index in the event) of every row of a list with no group column, when
    /// no rules are given: the arbiter's `--group`, the group the desk shows.
    pub default: Option<usize>,
}

impl Placing {
    /// Checks the rules against the event: each names a group it has.
    ///
    /// # Errors
    /// [`RuleError::UnknownGroup`] for the first rule naming no group of the event.
    pub fn check(&self, names: &[String]) -> Result<(), RuleError> {
        for r in &self.by_grade {
            if find_group(names, &r.group).is_none() {
                return Err(RuleError::UnknownGroup {
                    rule: r.text(),
                    group: r.group.clone(),
                    groups: names.to_vec(),
                });
            }
        }
        Ok(())
    }

    /// The group of a row: its `cell` of the group column (`None` when the list has no such
    /// column, `Some("")` when the cell is empty), its `grade` (module docs).
    ///
    /// # Errors
    /// [`GroupProblem`] when the row is left without a group.
    pub(super) fn place(
        &self,
        names: &[String],
        cell: Option<&str>,
        grade: Option<u8>,
    ) -> Result<usize, GroupProblem> {
        if names.len() == 1 {
            return Ok(0);
        }
        if let Some(name) = cell.filter(|c| !c.is_empty()) {
            return find_group(names, name).ok_or_else(|| GroupProblem::Unknown {
                name: name.to_string(),
                groups: names.to_vec(),
            });
        }
        if !self.by_grade.is_empty() {
            return grade
                .and_then(|g| self.by_grade.iter().find(|r| (r.low..=r.high).contains(&g)))
                .and_then(|r| find_group(names, &r.group))
                .ok_or_else(|| GroupProblem::NoRule {
                    grade,
                    rules: rules_shown(&self.by_grade),
                });
        }
        match (cell, self.default) {
            (None, Some(i)) if i < names.len() => Ok(i),
            _ => Err(GroupProblem::None {
                groups: names.to_vec(),
            }),
        }
    }
}

/// Why a row has no group.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GroupProblem {
    /// The group cell names a group the event does not have.
    Unknown {
        /// The name in the cell.
        name: String,
        /// The event's groups' names.
        groups: Vec<String>,
    },
    /// Rules are given and the row's grade (or its lack of one) fits none.
    NoRule {
        /// The row's grade.
        grade: Option<u8>,
        /// The rules, as a person reads them ([`rules_shown`]).
        rules: String,
    },
    /// Neither a group cell, nor rules, nor a group for the whole list.
    None {
        /// The event's groups' names.
        groups: Vec<String>,
    },
}

impl GroupProblem {
    /// The reason in `lang` (Fluent `pl-group-*`).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            GroupProblem::Unknown { name, groups } => lang.fmt(
                "pl-group-unknown",
                &[("name", name), ("groups", &groups_text(groups, lang))],
            ),
            GroupProblem::NoRule { grade, rules } => lang.fmt(
                "pl-group-no-rule",
                &[
                    (
                        "grade",
                        &grade.map_or("none".to_string(), |g| g.to_string()),
                    ),
                    ("rules", rules),
                ],
            ),
            GroupProblem::None { groups } => {
                lang.fmt("pl-group-none", &[("groups", &groups_text(groups, lang))])
            }
        }
    }
}

/// The event's groups as the messages list them: `«A», «B»`.
fn groups_text(names: &[String], lang: Lang) -> String {
    if names.len() == 1 && names[0].is_empty() {
        return lang.msg("pl-group-only-one");
    }
    names
        .iter()
        .map(|n| format!("«{n}»"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The index of the group `name` names: the same name without case, else the same in looks
/// ([`group_key`], as every command compares group names).
pub fn find_group(names: &[String], name: &str) -> Option<usize> {
    let lower = name.trim().to_lowercase();
    names
        .iter()
        .position(|n| !n.is_empty() && n.to_lowercase() == lower)
        .or_else(|| {
            let f = group_key(name);
            names
                .iter()
                .position(|n| !n.is_empty() && group_key(n) == f)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["A".into(), "B".into(), "1–2 классы".into()]
    }

    /// A group named with an en dash (as the set-up page writes it) is found when typed with
    /// a hyphen or a double space.
    #[test]
    fn a_typed_hyphen_finds_the_en_dash() {
        assert_eq!(find_group(&names(), "1-2 классы"), Some(2));
        assert_eq!(find_group(&names(), " 1 -2 классы"), None);
        assert_eq!(find_group(&names(), "1—2  КЛАССЫ"), Some(2));
        assert_eq!(find_group(&names(), "3-4 классы"), None);
    }

    #[test]
    fn rules_are_read_and_checked() {
        let r = parse_rules(" 1-2=A, 3–4 = B ,5=1–2 классы,").unwrap();
        assert_eq!(rules_text(&r), "1-2=A,3-4=B,5=1–2 классы");
        assert_eq!(
            parse_rules("1-2A"),
            Err(RuleError::Syntax {
                rule: "1-2A".into()
            })
        );
        assert_eq!(
            parse_rules("3-1=A"),
            Err(RuleError::Grades {
                rule: "3-1=A".into()
            })
        );
        assert_eq!(
            parse_rules("1-12=A"),
            Err(RuleError::Grades {
                rule: "1-12=A".into()
            })
        );
        assert_eq!(
            parse_rules("1-3=A,3-4=B"),
            Err(RuleError::Overlap {
                first: "1-3=A".into(),
                second: "3-4=B".into()
            })
        );
        let p = Placing {
            by_grade: parse_rules("1-2=A,3-4=C").unwrap(),
            default: None,
        };
        assert_eq!(
            p.check(&names()),
            Err(RuleError::UnknownGroup {
                rule: "3-4=C".into(),
                group: "C".into(),
                groups: names()
            })
        );
    }

    #[test]
    fn a_row_finds_its_group() {
        let p = Placing {
            by_grade: parse_rules("1-2=a,3-4=B").unwrap(),
            default: Some(2),
        };
        let n = names();
        // The cell first (a Cyrillic «В» is the Latin B), then the rule, never the default
        // once rules are given.
        assert_eq!(p.place(&n, Some("В"), Some(1)), Ok(1));
        assert_eq!(p.place(&n, Some(" 1–2 КЛАССЫ "), None), Ok(2));
        assert_eq!(p.place(&n, Some(""), Some(2)), Ok(0));
        assert_eq!(
            p.place(&n, None, Some(7)),
            Err(GroupProblem::NoRule {
                grade: Some(7),
                rules: "1–2 → «a», 3–4 → «B»".into()
            })
        );
        assert_eq!(
            p.place(&n, Some("Г"), Some(1)),
            Err(GroupProblem::Unknown {
                name: "Г".into(),
                groups: names()
            })
        );
        // Without rules: the default for a list with no column; a column's empty cell is no
        // group.
        let d = Placing {
            by_grade: Vec::new(),
            default: Some(1),
        };
        assert_eq!(d.place(&n, None, None), Ok(1));
        assert!(matches!(
            d.place(&n, Some(""), None),
            Err(GroupProblem::None { .. })
        ));
        // One group: every row is its.
        assert_eq!(
            Placing::default().place(&["".into()], Some("Z"), None),
            Ok(0)
        );
    }
}
