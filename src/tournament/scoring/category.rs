//! Scoring by category: a category's standings and every category's prize list.
//!
//! - A category's standings are the group's standings (points, then its tie-breaks, FIDE
//!   C.07) with the players it does not take left out and the places numbered again within
//!   it ([`StandingsReport::for_category`]): a player ahead of another stays ahead.
//! - Its prize list ([`Awards::prize_lists`]): the first places up to its number of prizes
//!   (players sharing a place share it). A disqualified player (CR 2.2) gets no prize. When
//!   [`Awards::one_prize_per_player`] is set (Swiss-Manager's and Sharly's "one prize per
//!   player"), the categories are awarded in their order and a player who won in an earlier
//!   one is passed over in the later ones, the next players moving up.
//! - While the group has categories by grade, a player whose grade is missing or in none of
//!   them is in no prize list by grade ([`Awards::outside_grade_categories`]): the players
//!   page and the prize lists warn, naming them.

use crate::i18n::Lang;
use crate::tournament::group::categories::{Awards, Category};
use crate::tournament::model::Tournament;
use crate::tournament::standings::StandingsReport;
use crate::tournament::{Player, Sex};

impl StandingsReport {
    /// The standings of one category: the rows of the players `category` takes, in the
    /// event's order (points, then the event's tie-breaks), their places numbered again
    /// within the category (a shared place stays shared). Titled «event — category».
    pub fn for_category(&self, event: &Tournament, category: &Category) -> StandingsReport {
        let mut rows: Vec<_> = self
            .standings
            .iter()
            .filter(|r| {
                event
                    .player(r.start_rank)
                    .is_some_and(|p| category.rule.takes(p))
            })
            .cloned()
            .collect();
        renumber(&mut rows);
        StandingsReport {
            tournament: format!("{} — {}", self.tournament, category.name),
            standings: rows,
            ..self.clone()
        }
    }
}

/// Places numbered again after rows were left out: a row's place is one more than the rows
/// ranked strictly ahead of it (rows come in rank order; equal event ranks share a place).
fn renumber(rows: &mut [crate::tournament::standings::StandingRow]) {
    let mut previous: Option<(usize, usize)> = None;
    for (i, row) in rows.iter_mut().enumerate() {
        let place = match previous {
            Some((event_rank, place)) if event_rank == row.rank => place,
            _ => i + 1,
        };
        previous = Some((row.rank, place));
        row.rank = place;
    }
}

/// One prize: a place in a category's prize list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Prize {
    /// Place within the category (shared places repeat).
    pub place: usize,
    /// Starting rank.
    pub start_rank: u16,
    /// Name.
    pub name: String,
    /// Sex, for the diploma's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Points.
    pub points: f64,
}

/// A category's prize list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PrizeList {
    /// The category's name.
    pub category: String,
    /// The winners by place.
    pub prizes: Vec<Prize>,
}

impl Awards {
    /// The prize list of every category in order, from the event's standings `report` (module
    /// docs: a disqualified player gets none; with [`Awards::one_prize_per_player`] a winner
    /// of an earlier category is passed over later).
    pub fn prize_lists(&self, event: &Tournament, report: &StandingsReport) -> Vec<PrizeList> {
        let mut won: std::collections::HashSet<u16> = std::collections::HashSet::new();
        let mut lists = Vec::new();
        for c in &self.categories {
            let mut rows: Vec<_> = report
                .for_category(event, c)
                .standings
                .into_iter()
                .filter(|r| r.status != Some("disqualified"))
                .filter(|r| !(self.one_prize_per_player && won.contains(&r.start_rank)))
                .collect();
            renumber(&mut rows);
            let prizes: Vec<Prize> = rows
                .into_iter()
                .filter(|r| r.rank <= c.prizes as usize)
                .map(|r| Prize {
                    place: r.rank,
                    start_rank: r.start_rank,
                    sex: event.player(r.start_rank).and_then(|p| p.sex),
                    name: r.name,
                    points: r.points,
                })
                .collect();
            won.extend(prizes.iter().map(|p| p.start_rank));
            lists.push(PrizeList {
                category: c.name.clone(),
                prizes,
            });
        }
        lists
    }
}

impl Awards {
    /// The players, in starting-rank order, that no category by grade takes by their grade:
    /// those without a grade and those whose grade is outside every category's grades. Empty
    /// when no category has a grade condition. A child registered without a grade is in no
    /// grade category's prize list (nor gets its diploma), so the desk warns about them.
    pub fn outside_grade_categories<'a>(&self, event: &'a Tournament) -> Vec<&'a Player> {
        let ranges: Vec<(u8, u8)> = self
            .categories
            .iter()
            .filter_map(|c| c.rule.grades)
            .collect();
        if ranges.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<&Player> = event
            .players
            .iter()
            .filter(|p| {
                !p.grade
                    .is_some_and(|g| ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&g)))
            })
            .collect();
        out.sort_by_key(|p| p.start_rank);
        out
    }

    /// The warning of the players page and the prize lists in `lang`: the players of
    /// [`Awards::outside_grade_categories`], each named with his grade when he has one;
    /// `None` when there is none.
    pub fn outside_grades_warning(&self, event: &Tournament, lang: Lang) -> Option<String> {
        let players = self.outside_grade_categories(event);
        if players.is_empty() {
            return None;
        }
        let names: Vec<String> = players
            .iter()
            .map(|p| match p.grade {
                Some(g) => lang.fmt(
                    "cat-outside-grade-n",
                    &[("name", &p.name), ("grade", &g.to_string())],
                ),
                None => p.name.clone(),
            })
            .collect();
        Some(lang.fmt(
            "cat-outside-grades",
            &[
                ("n", &players.len().to_string()),
                ("names", &names.join("; ")),
            ],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places within a category: one more than the rows strictly ahead; players who shared a
    /// place in the event share it in the category.
    #[test]
    fn places_numbered_again_keep_shared_places() {
        let row = |rank: usize| crate::tournament::standings::StandingRow {
            rank,
            start_rank: rank as u16,
            name: String::new(),
            rating: None,
            club: None,
            points: 0.0,
            tie_breaks: serde_json::Map::new(),
            status: None,
            sex: None,
        };
        // Event places 2, 4, 4, 7, 9 taken by the category (the others left out).
        let mut rows: Vec<_> = [2, 4, 4, 7, 9].into_iter().map(row).collect();
        renumber(&mut rows);
        let places: Vec<usize> = rows.iter().map(|r| r.rank).collect();
        assert_eq!(places, [1, 2, 2, 4, 5]);
    }

    /// The players no category by grade takes: without a grade, or with a grade outside
    /// every such category's grades (grades 1–2 and 4 here: a grade 3 child is outside);
    /// nobody while no category has grades.
    #[test]
    fn players_outside_the_grade_categories() {
        use crate::tournament::group::categories::CategoryRule;
        let mut t = Tournament::new("T", 1);
        for (name, grade) in [("A", Some(1)), ("B", None), ("C", Some(3)), ("D", Some(4))] {
            t.add_player(Player {
                name: name.into(),
                grade,
                ..Player::default()
            })
            .unwrap();
        }
        let rule = |grades| CategoryRule {
            grades,
            ..CategoryRule::default()
        };
        let category = |name: &str, grades| Category {
            name: name.into(),
            rule: rule(grades),
            prizes: 3,
        };
        t.add_category(category("born", None)).unwrap();
        assert!(t.awards.outside_grade_categories(&t).is_empty());
        t.add_category(category("1–2", Some((1, 2)))).unwrap();
        t.add_category(category("4", Some((4, 4)))).unwrap();
        let names: Vec<&str> = t
            .awards
            .outside_grade_categories(&t)
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(names, ["B", "C"]);
        assert_eq!(
            t.awards.outside_grades_warning(&t, Lang::En).unwrap(),
            "In no prize list by grade (in no grade category): B; C (grade 3). Give each the \
             grade (on the players page, or with arbiter tournament edit-player --grade)."
        );
        let c = t.players.iter().find(|p| p.name == "C").unwrap().start_rank;
        assert!(t.set_player_grade(c, Some(12)).is_err());
        t.set_player_grade(c, Some(4)).unwrap();
        assert_eq!(t.awards.outside_grade_categories(&t).len(), 1);
    }
}
