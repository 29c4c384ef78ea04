//! The standings half of the free checker (`arbiter check`): what a file claims of the
//! standings — each player's rank, points and tie-break values — computed again from the
//! results and compared, value by value (FIDE C.07; the 2024 rules or the 2026 amendment).
//!
//! A claim ([`StandingsClaim`]) comes from a TRF's rank column (columns 86–89, ranked by the
//! file's `212` list), from a standings file of ours (`tournament standings --format json`), or
//! from a tie-break reference file (`../shared/vectors/tiebreak/`, FIDE TEC's checker's values);
//! reading those is the formats' job ([`crate::formats::standings_claim`]).

use crate::tournament::tiebreak::{Calculator, ResultTable, Rules, TieBreak, standings};

/// One player's row of a claim: what the claim says of his rank, points and tie-breaks (any of
/// them may be missing).
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimedRow {
    /// Starting rank.
    pub tpn: u16,
    /// Place claimed (ties share it: 1, 2, 2, 4).
    pub rank: Option<usize>,
    /// Points claimed.
    pub points: Option<f64>,
    /// Tie-break values claimed.
    pub values: Vec<(TieBreak, f64)>,
}

/// What a file or a list claims of the standings, under one edition of C.07.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsClaim {
    /// Where the claim comes from, for the report: a file name, or `rank_column` (a TRF's rank
    /// column).
    pub source: String,
    /// The edition of C.07 the values follow.
    pub rules: Rules,
    /// The tie-breaks after points that decide the ranks, in order.
    pub order: Vec<TieBreak>,
    /// The rows.
    pub rows: Vec<ClaimedRow>,
}

/// One value that differs: the player, what (`rank`, `points`, a tie-break's acronym, or
/// `player` for a starting rank the tournament does not have), our value and the claim's.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StandingDifference {
    /// Starting rank.
    pub player: u16,
    /// The player's name (empty for an unknown player).
    pub name: String,
    /// `rank`, `points`, a tie-break acronym (`BH-C1`…), or `player`.
    pub what: String,
    /// The value computed from the results (`None` for an unknown player).
    pub expected: Option<f64>,
    /// The value claimed.
    pub found: Option<f64>,
}

/// The check of one claim.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StandingsCheck {
    /// Where the claim comes from.
    pub source: String,
    /// The edition of C.07 applied.
    pub rules: Rules,
    /// The tie-breaks that decide the ranks, by acronym.
    pub tie_breaks: Vec<String>,
    /// Values compared (ranks, points, tie-breaks).
    pub compared: usize,
    /// What differs, by player in the claim's order.
    pub differences: Vec<StandingDifference>,
}

impl StandingsCheck {
    /// True when nothing differs.
    pub fn agrees(&self) -> bool {
        self.differences.is_empty()
    }
}

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Computes the standings of `table` under the claim's edition and tie-breaks and compares
/// every value the claim gives. A tie-break the claim gives but its list does not rank by is
/// computed on its own (DE only makes sense inside the list: outside it, it is computed as the
/// first tie-break after points).
pub fn check_standings(table: &ResultTable, claim: &StandingsClaim) -> StandingsCheck {
    let rows = standings(table, claim.rules, &claim.order);
    let calc = Calculator::new(table, claim.rules);
    let de_alone = standings(table, claim.rules, &[TieBreak::De]);
    let mut differences = Vec::new();
    let mut compared = 0;
    for c in &claim.rows {
        let Some(row) = rows.iter().find(|r| r.tpn == c.tpn) else {
            differences.push(StandingDifference {
                player: c.tpn,
                name: String::new(),
                what: "player".into(),
                expected: None,
                found: Some(f64::from(c.tpn)),
            });
            continue;
        };
        let mut diff = |what: &str, expected: f64, found: f64| {
            compared += 1;
            if !same(expected, found) {
                differences.push(StandingDifference {
                    player: c.tpn,
                    name: row.name.clone(),
                    what: what.to_string(),
                    expected: Some(expected),
                    found: Some(found),
                });
            }
        };
        if let Some(rank) = c.rank {
            diff("rank", row.rank as f64, rank as f64);
        }
        if let Some(points) = c.points {
            diff("points", row.points, points);
        }
        for &(tb, found) in &c.values {
            let expected = match row.tie_breaks.iter().find(|(k, _)| k == tb.key()) {
                Some(&(_, v)) => v,
                None if tb == TieBreak::De => de_alone
                    .iter()
                    .find(|r| r.tpn == c.tpn)
                    .and_then(|r| r.tie_breaks.first())
                    .map_or(0.0, |(_, v)| *v),
                None => {
                    let i = table
                        .players
                        .iter()
                        .position(|p| p.tpn == c.tpn)
                        .unwrap_or(usize::MAX);
                    calc.value(tb, i)
                }
            };
            diff(tb.key(), expected, found);
        }
    }
    StandingsCheck {
        source: claim.source.clone(),
        rules: claim.rules,
        tie_breaks: claim.order.iter().map(|t| t.key().to_string()).collect(),
        compared,
        differences,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::result::{RoundEntry, RoundResult, Scoring};
    use crate::tournament::tiebreak::TablePlayer;
    use shakmaty::Color;

    /// Three players, two rounds: 1 beats 2, 2 beats 3; 1 has the bye in round 2, 3 in round 1.
    fn table() -> ResultTable {
        let game = |o: u16, c: Color, r: RoundResult| RoundEntry {
            opponent: Some(o),
            colour: Some(c),
            result: r,
        };
        let bye = RoundEntry {
            result: RoundResult::PairingAllocatedBye,
            ..RoundEntry::ABSENT
        };
        let rows = [
            vec![game(2, Color::White, RoundResult::Win), bye],
            vec![
                game(1, Color::Black, RoundResult::Loss),
                game(3, Color::White, RoundResult::Win),
            ],
            vec![bye, game(2, Color::Black, RoundResult::Loss)],
        ];
        ResultTable {
            players: rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    TablePlayer::new(i as u16 + 1, "P", None, 2, |k| r.get(k - 1).copied())
                })
                .collect(),
            rounds: 2,
            total_rounds: 2,
            scoring: Scoring::default(),
        }
    }

    #[test]
    fn a_wrong_value_and_a_wrong_rank_are_named() {
        let t = table();
        // Player 1: 2 points, BH = 1 (player 2) + 2 (own score for the bye) = 3.
        let mut claim = StandingsClaim {
            source: "test".into(),
            rules: Rules::Fide2024,
            order: vec![TieBreak::Bh],
            rows: vec![ClaimedRow {
                tpn: 1,
                rank: Some(1),
                points: Some(2.0),
                values: vec![(TieBreak::Bh, 3.0), (TieBreak::Win, 2.0)],
            }],
        };
        let c = check_standings(&t, &claim);
        assert!(c.agrees(), "{c:?}");
        assert_eq!(c.compared, 4);
        claim.rows[0].values[0].1 = 3.5;
        claim.rows[0].rank = Some(2);
        let c = check_standings(&t, &claim);
        assert_eq!(
            c.differences
                .iter()
                .map(|d| (d.player, d.what.as_str(), d.expected, d.found))
                .collect::<Vec<_>>(),
            [
                (1, "rank", Some(1.0), Some(2.0)),
                (1, "BH", Some(3.0), Some(3.5))
            ]
        );
        // The 2026 cap: the bye counts at most half the maximum, 1 point: BH = 2.
        claim.rules = Rules::Fide2026;
        claim.rows[0].values = vec![(TieBreak::Bh, 2.0)];
        claim.rows[0].rank = Some(1);
        assert!(check_standings(&t, &claim).agrees());
    }
}
