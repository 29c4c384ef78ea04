//! The school team result (командный зачёт): the schools ranked by the sum of the points of
//! their best N children in the standings.
//!
//! - A school is a player's club ([`crate::tournament::Player::club`]), its text compared as
//!   [`same_school`] compares it (case, `№` and spaces ignored); a player without one counts
//!   for no school.
//! - A school's best N children are its first N players in the standings' order (points, then
//!   the standings' tie-breaks): of two children with equal points the better placed counts.
//!   A disqualified player (CR 2.2) counts for no school.
//! - The team result of a whole event of several groups (the same number of rounds in each, as
//!   grades 1–2 and 3–4 play) counts every group's children together ([`team_result_of`]): a
//!   school's best N are its children with the most points in any group, of equal points the
//!   better placed in their own group; the places summed are each child's place in their own
//!   group.
//! - Schools are ranked by the sum of those children's points; a school with fewer than N
//!   children ranks after every school with N. Equal sums are split by the event's rule, the
//!   criteria in its order ([`TeamTieBreak`]): the sum of the counted children's places (the
//!   lower the better), the best place of a counted child. Schools equal on every criterion
//!   share a place.

use crate::tournament::Tournament;
use crate::tournament::standings::StandingsReport;

/// How many children count for a school when not told.
pub const DEFAULT_BEST: usize = 4;

/// A criterion splitting schools with equal sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTieBreak {
    /// The sum of the counted children's places in the standings: the lower, the better.
    PlacesSum,
    /// The best place of a counted child: the lower, the better.
    BestPlace,
}

impl TeamTieBreak {
    /// The name the command line takes: `places`, `best-place`.
    pub fn name(self) -> &'static str {
        match self {
            TeamTieBreak::PlacesSum => "places",
            TeamTieBreak::BestPlace => "best-place",
        }
    }

    /// Parses [`TeamTieBreak::name`]; `None` for anything else.
    pub fn parse(text: &str) -> Option<TeamTieBreak> {
        [TeamTieBreak::PlacesSum, TeamTieBreak::BestPlace]
            .into_iter()
            .find(|t| t.name() == text.trim().to_ascii_lowercase())
    }
}

/// The team result's settings: how many children count, and the tie rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamSettings {
    /// The children counted per school (N).
    pub best: usize,
    /// Criteria for equal sums, in order.
    pub tie_breaks: Vec<TeamTieBreak>,
}

impl Default for TeamSettings {
    /// The best [`DEFAULT_BEST`] children; ties by the sum of places, then the best place.
    fn default() -> Self {
        TeamSettings {
            best: DEFAULT_BEST,
            tie_breaks: vec![TeamTieBreak::PlacesSum, TeamTieBreak::BestPlace],
        }
    }
}

/// A child counted for a school.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CountedChild {
    /// Starting rank.
    pub start_rank: u16,
    /// Name.
    pub name: String,
    /// Place in the standings.
    pub place: usize,
    /// Points.
    pub points: f64,
    /// The child's group, in the team result of a whole event of several groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// One school's row of the team result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TeamRow {
    /// Place (shared when equal on every criterion).
    pub place: usize,
    /// The school, as its first child's club is written.
    pub school: String,
    /// The sum of the counted children's points.
    pub points: f64,
    /// The sum of their places.
    pub places_sum: usize,
    /// The best of their places.
    pub best_place: usize,
    /// True when the school has fewer children than counted (ranked after the full ones).
    pub incomplete: bool,
    /// The children counted, best first.
    pub counted: Vec<CountedChild>,
}

/// A school's name as compared: lower case, `№` and spaces ignored (`Школа № 5` =
/// `школа №5` = `ШКОЛА 5`).
pub fn same_school(a: &str, b: &str) -> bool {
    let key = |s: &str| -> String {
        s.to_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '№')
            .collect()
    };
    key(a) == key(b)
}

/// Points in hundredths: sums of halves (and quarters) compare exactly.
fn hundredths(points: f64) -> i64 {
    (points * 100.0).round() as i64
}

/// The team result from the standings `report` of `event` under `settings` (module docs).
pub fn team_result(
    event: &Tournament,
    report: &StandingsReport,
    settings: &TeamSettings,
) -> Vec<TeamRow> {
    team_result_of(&[(event, report, None)], settings)
}

/// The team result of a whole event: each group's tournament, its standings and its name
/// (`None` for an event of one group), the children of every group counted together (module
/// docs); with one group it is [`team_result`].
pub fn team_result_of(
    groups: &[(&Tournament, &StandingsReport, Option<&str>)],
    settings: &TeamSettings,
) -> Vec<TeamRow> {
    let mut rows: Vec<TeamRow> = Vec::new();
    for &(event, report, group) in groups {
        for r in report
            .standings
            .iter()
            .filter(|r| r.status != Some("disqualified"))
        {
            let Some(club) = event
                .player(r.start_rank)
                .and_then(|p| p.club.as_deref())
                .filter(|c| !c.trim().is_empty())
            else {
                continue;
            };
            let child = CountedChild {
                start_rank: r.start_rank,
                name: r.name.clone(),
                place: r.rank,
                points: r.points,
                group: group.map(str::to_string),
            };
            match rows.iter_mut().find(|t| same_school(&t.school, club)) {
                Some(t) => t.counted.push(child),
                None => rows.push(TeamRow {
                    place: 0,
                    school: club.trim().to_string(),
                    points: 0.0,
                    places_sum: 0,
                    best_place: 0,
                    incomplete: false,
                    counted: vec![child],
                }),
            }
        }
    }
    for t in &mut rows {
        // The most points first, of equal points the better place (in one group this is the
        // standings' order itself: the sort is stable).
        t.counted.sort_by_key(|c| (-hundredths(c.points), c.place));
        t.counted.truncate(settings.best);
        t.incomplete = t.counted.len() < settings.best;
        t.points = t.counted.iter().map(|c| c.points).sum();
        t.places_sum = t.counted.iter().map(|c| c.place).sum();
        t.best_place = t.counted.iter().map(|c| c.place).min().unwrap_or(0);
    }
    let key = |t: &TeamRow| -> (bool, i64, Vec<usize>) {
        let ties = settings
            .tie_breaks
            .iter()
            .map(|tb| match tb {
                TeamTieBreak::PlacesSum => t.places_sum,
                TeamTieBreak::BestPlace => t.best_place,
            })
            .collect();
        (t.incomplete, -hundredths(t.points), ties)
    };
    rows.sort_by_key(key);
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}
