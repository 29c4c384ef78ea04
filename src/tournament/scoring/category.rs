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

use crate::tournament::Sex;
use crate::tournament::group::categories::{Awards, Category};
use crate::tournament::model::Tournament;
use crate::tournament::standings::StandingsReport;

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
        };
        // Event places 2, 4, 4, 7, 9 taken by the category (the others left out).
        let mut rows: Vec<_> = [2, 4, 4, 7, 9].into_iter().map(row).collect();
        renumber(&mut rows);
        let places: Vec<usize> = rows.iter().map(|r| r.rank).collect();
        assert_eq!(places, [1, 2, 2, 4, 5]);
    }
}
