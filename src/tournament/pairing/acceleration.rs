//! Accelerated pairings (FIDE C.04.5): virtual points added to some players' scores for the
//! pairing only, so that the strongest meet each other earlier. Standings, tie-breaks and the
//! points column never include them.
//!
//! Two methods:
//!
//! - **Baku Acceleration** (C.04.5.1): before round 1 the list of players is split into GA,
//!   the first half of the players rounded up to the nearest even number (2 × ⌈N/4⌉: 161
//!   players give 82), and GB, the rest. The accelerated rounds are the first half of the
//!   rounds, rounded up; before the first half of those (rounded up) every GA player gets one
//!   virtual point (a win's points), before the rest half a point (a draw's); GB never gets
//!   any. Nine rounds: 1 point in rounds 1–3, ½ in rounds 4–5.
//! - **Custom**: virtual points as TRF-2026 record `250` gives them — points, a span of rounds
//!   and a span of starting ranks; when two records cover the same player and round the later
//!   one holds (as bbpPairings and FIDE TEC's checker read them).
//!
//! bbpPairings v6.0.0 (`FIDE_DUTCH_BAKU`) puts ⌈N/2⌉ players in GA, one fewer than C.04.5.1 when
//! N/2 rounded up is odd (N = 9, 10, 13, 14, …); we follow the FIDE text (see `docs/swiss.md`).

use crate::tournament::model::RoundSpan;
use crate::tournament::result::{Points, Scoring};

/// How virtual points are given (C.04.5).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "method")]
pub enum Acceleration {
    /// The Baku Acceleration Method (C.04.5.1).
    Baku,
    /// Virtual points as listed (TRF-2026 `250` records, or TRF(x) `XXA` lines).
    Custom {
        /// The records, in file order (a later one overrides an earlier one).
        records: Vec<VirtualPoints>,
    },
}

/// One TRF-2026 `250` record: `points` to the players `players` in the rounds `rounds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VirtualPoints {
    /// Virtual points (game points; must not be 0).
    pub points: Points,
    /// Match points (team events only; blank for an individual event), kept as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// Rounds in which they are added before pairing.
    pub rounds: RoundSpan,
    /// Starting ranks `first..=last` receiving them.
    pub first_player: u16,
    /// Last starting rank receiving them.
    pub last_player: u16,
}

impl Acceleration {
    /// Virtual points of the player with starting rank `tpn` before pairing round `round`
    /// (1-based), in an event of `total_rounds` rounds whose list holds `players` players, with
    /// the win and draw points of `scoring` (Baku gives a win's and a draw's points).
    pub fn points(
        &self,
        tpn: u16,
        round: u32,
        players: usize,
        total_rounds: u32,
        scoring: &Scoring,
    ) -> Points {
        match self {
            Acceleration::Baku => {
                let ga = baku_group_a(players);
                let accelerated = total_rounds.div_ceil(2);
                let full = accelerated.div_ceil(2);
                if usize::from(tpn) > ga || round == 0 || round > accelerated {
                    Points::ZERO
                } else if round <= full {
                    scoring.win
                } else {
                    scoring.draw
                }
            }
            Acceleration::Custom { records } => records
                .iter()
                .rev()
                .find(|r| {
                    r.rounds.contains(round) && (r.first_player..=r.last_player).contains(&tpn)
                })
                .map_or(Points::ZERO, |r| r.points),
        }
    }

    /// The Baku method written as `250` records for an event of `players` players and
    /// `total_rounds` rounds (C.04.5.1): one record for the full point, one for the half point
    /// (when those rounds exist). Empty when nobody gets virtual points.
    pub fn baku_records(
        players: usize,
        total_rounds: u32,
        scoring: &Scoring,
    ) -> Vec<VirtualPoints> {
        let ga = baku_group_a(players) as u16;
        let accelerated = total_rounds.div_ceil(2);
        let full = accelerated.div_ceil(2);
        let mut records = Vec::new();
        if ga == 0 || accelerated == 0 {
            return records;
        }
        records.push(VirtualPoints {
            points: scoring.win,
            match_points: None,
            rounds: RoundSpan {
                first: 1,
                last: full,
            },
            first_player: 1,
            last_player: ga,
        });
        if accelerated > full {
            records.push(VirtualPoints {
                points: scoring.draw,
                match_points: None,
                rounds: RoundSpan {
                    first: full + 1,
                    last: accelerated,
                },
                first_player: 1,
                last_player: ga,
            });
        }
        records
    }

    /// The virtual points of every round `1..=total_rounds` for each starting rank of `tpns`
    /// (the event's list), in tenths (index 0 = round 1), as the pairer reads them.
    pub fn table(
        &self,
        tpns: &[u16],
        total_rounds: u32,
        scoring: &Scoring,
    ) -> Vec<(u16, Vec<u32>)> {
        tpns.iter()
            .map(|&tpn| {
                let v = (1..=total_rounds)
                    .map(|r| {
                        u32::try_from(
                            self.points(tpn, r, tpns.len(), total_rounds, scoring)
                                .tenths(),
                        )
                        .unwrap_or(0)
                    })
                    .collect();
                (tpn, v)
            })
            .collect()
    }
}

/// Number of players in group A of the Baku method: the first half of `players`, rounded up to
/// the nearest even number, 2 × ⌈N/4⌉ (C.04.5.1: 161 players give 82).
pub fn baku_group_a(players: usize) -> usize {
    2 * players.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C.04.5.1's own figures: 161 players put 82 in GA; nine rounds are accelerated in rounds
    /// 1–5, with one point in rounds 1–3 and half a point in rounds 4–5.
    #[test]
    fn baku_as_the_handbook_counts() {
        assert_eq!(baku_group_a(161), 82);
        assert_eq!(baku_group_a(160), 80);
        assert_eq!(baku_group_a(10), 6);
        let s = Scoring::default();
        let b = Acceleration::Baku;
        let at = |tpn, round| b.points(tpn, round, 161, 9, &s);
        assert_eq!(
            (1..=9).map(|r| at(1, r).tenths()).collect::<Vec<_>>(),
            [10, 10, 10, 5, 5, 0, 0, 0, 0]
        );
        assert_eq!(at(82, 1), Points(10));
        assert_eq!(at(83, 1), Points::ZERO);
        // Eleven rounds: 6 accelerated, 1 point in the first 3.
        assert_eq!(
            (1..=11)
                .map(|r| b.points(1, r, 20, 11, &s).tenths())
                .collect::<Vec<_>>(),
            [10, 10, 10, 5, 5, 5, 0, 0, 0, 0, 0]
        );
        let records = Acceleration::baku_records(161, 9, &s);
        let custom = Acceleration::Custom { records };
        for tpn in [1, 82, 83, 161] {
            for r in 1..=9 {
                assert_eq!(custom.points(tpn, r, 161, 9, &s), at(tpn, r), "{tpn} {r}");
            }
        }
    }

    /// The annex's example of record 250 (an 11-round event, players 1-90): 2 points in rounds
    /// 1-3, then 1 point in rounds 4-6; a later record overrides an earlier one.
    #[test]
    fn custom_records_later_ones_win() {
        let rec = |points, first, last, p1, p2| VirtualPoints {
            points: Points(points),
            match_points: None,
            rounds: RoundSpan { first, last },
            first_player: p1,
            last_player: p2,
        };
        let a = Acceleration::Custom {
            records: vec![
                rec(20, 1, 3, 1, 90),
                rec(10, 4, 6, 1, 90),
                rec(5, 2, 2, 5, 5),
            ],
        };
        let s = Scoring::default();
        assert_eq!(a.points(1, 1, 178, 11, &s), Points(20));
        assert_eq!(a.points(90, 6, 178, 11, &s), Points(10));
        assert_eq!(a.points(91, 1, 178, 11, &s), Points::ZERO);
        assert_eq!(a.points(1, 7, 178, 11, &s), Points::ZERO);
        assert_eq!(a.points(5, 2, 178, 11, &s), Points(5));
    }
}
