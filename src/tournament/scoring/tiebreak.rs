//! FIDE tie-breaks (Handbook C.07, regulations approved 2023, in force from 1 August 2024, and
//! the amendment of 2 February 2026) over a [`ResultTable`].
//!
//! One file: every tie-break reads the same per-player facts of one calculator (points,
//! opponents, unplayed rounds), computed once; split by tie-break, each part would need them all.
//!
//! The reading of unplayed rounds follows FIDE TEC's TieBreakServer (the oracle of
//! `../shared/vectors/tiebreak/`, whose README states every rule used here):
//!
//! - **Unplayed rounds** are `+ - U H F Z`, a blank result and a missing block; a game is played
//!   when it has an opponent and a result `1 = 0 W D L`.
//! - **Voluntarily unplayed round (VUR)**: an unplayed round that did not earn a win's points
//!   (`H`, `Z`, `-`, blank, missing). `U`, `+` and `F` are not VURs.
//! - **Adjusted score** of a player as somebody's opponent (C.07 16.3): the real points, except
//!   that rounds after the player's last non-VUR round with no opponent scheduled count as a
//!   draw (so a withdrawn player's missing rounds count ½ for the Buchholz of his opponents).
//! - **BH**: per round the opponent's adjusted score; for an unplayed round the player's own
//!   score ("dummy opponent", 2024). Under the 2026 amendment that own score is capped at the
//!   scheduled opponent's adjusted score (forfeits) or, without an opponent (byes, absences), at
//!   a draw's points times the rounds considered (half the maximum score with a win worth two
//!   draws), as FIDE TEC's checker 1.9.57 computes it.
//! - **Cut-1 / Median-1**: the lowest value is dropped, taken among the VURs first when the
//!   player has any; Median-1 also drops the highest.
//! - **SB**: per round the BH value times the points scored in that round.
//! - **DE**: TieBreakServer's iterative direct encounter (see [`TieBreak::De`]).
//! - **WIN** (wins incl. unplayed), **WON** (over the board), **BPG** (games played with Black),
//!   **BWG** (won with Black), **PS** (progressive score), **ARO** (average rating of opponents
//!   met over the board, unrated skipped, rounded half up).
//! - Added by the 2026 amendment (as FIDE TEC's checker 1.9.57 computes them): **STD**
//!   (standard points: 1, ½, 0 per round by comparing its points with a draw's), **REP**
//!   (rounds elected to play, formerly GE: games played plus unplayed rounds worth a win),
//!   **RTNG** (own rating, highest first; `RTNG/R` lowest first; unrated 0), **TPN** (starting
//!   rank, lowest first; `TPN/R` highest first).

use std::collections::HashMap;

use shakmaty::Color;

use crate::tournament::result::{RoundEntry, RoundResult, Scoring};

/// What went wrong building a result table.
#[derive(Debug, thiserror::Error)]
pub enum TieBreakError {
    /// A round block names an opponent who has no player line.
    #[error("player {tpn}, round {round}: opponent {opponent} is not a player of the tournament")]
    UnknownOpponent {
        /// The player whose block is wrong.
        tpn: u16,
        /// 1-based round.
        round: usize,
        /// The missing opponent.
        opponent: u16,
    },
    /// An unknown tie-break name.
    #[error(
        "unknown tie-break {0:?} (known: PTS, BH, BH-C1, BH-M1, SB, DE, WIN, WON, BPG, BWG, PS, ARO, and from 2026 STD, REP, RTNG, RTNG/R, TPN, TPN/R; cuts may also be written BH/C1)"
    )]
    UnknownTieBreak(String),
}

/// One player of a [`ResultTable`].
#[derive(Clone, Debug, PartialEq)]
pub struct TablePlayer {
    /// Starting rank.
    pub tpn: u16,
    /// Name (for reports).
    pub name: String,
    /// Rating, `None` when unrated.
    pub rating: Option<u16>,
    /// One entry per round considered; a round without a block is an empty entry
    /// (no opponent, blank result: an unplayed round worth 0).
    pub entries: Vec<RoundEntry>,
}

impl TablePlayer {
    /// The row of player `tpn` over rounds 1 to `rounds`, `entry(r)` giving round `r`'s block;
    /// a round with none is [`RoundEntry::BLANK`]. A rating of 0 counts as unrated (TRF writes
    /// `0` or nothing for an unrated player).
    pub fn new(
        tpn: u16,
        name: &str,
        rating: Option<u16>,
        rounds: usize,
        mut entry: impl FnMut(usize) -> Option<RoundEntry>,
    ) -> Self {
        TablePlayer {
            tpn,
            name: name.to_owned(),
            rating: rating.filter(|&r| r > 0),
            entries: (1..=rounds)
                .map(|r| entry(r).unwrap_or(RoundEntry::BLANK))
                .collect(),
        }
    }
}

/// Results of a tournament as tie-breaks need them: per player, per round, the round entry.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultTable {
    /// Players, in starting-rank order.
    pub players: Vec<TablePlayer>,
    /// Rounds considered (standings after this round).
    pub rounds: usize,
    /// Rounds of the whole event (the 2026 cap for byes uses ½ × this × win points).
    pub total_rounds: usize,
    /// Point values.
    pub scoring: Scoring,
}

impl ResultTable {
    /// Checks that every opponent named is a player of the table.
    ///
    /// # Errors
    /// [`TieBreakError::UnknownOpponent`].
    pub fn checked(self) -> Result<ResultTable, TieBreakError> {
        self.check()?;
        Ok(self)
    }

    fn check(&self) -> Result<(), TieBreakError> {
        let index = self.index();
        for p in &self.players {
            for (i, e) in p.entries.iter().enumerate() {
                if let Some(o) = e.opponent
                    && !index.contains_key(&o)
                {
                    return Err(TieBreakError::UnknownOpponent {
                        tpn: p.tpn,
                        round: i + 1,
                        opponent: o,
                    });
                }
            }
        }
        Ok(())
    }

    fn index(&self) -> HashMap<u16, usize> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.tpn, i))
            .collect()
    }
}

/// A tie-break of C.07.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TieBreak {
    /// `BH`: Buchholz (C.07 8.1).
    Bh,
    /// `BH-C1`: Buchholz cut 1 (C.07 14.1, VURs cut first).
    BhC1,
    /// `BH-M1`: median Buchholz 1.
    BhM1,
    /// `SB`: Sonneborn-Berger (C.07 8.2).
    Sb,
    /// `DE`: direct encounter (C.07 6). Among players tied on everything before it, the points
    /// scored in games played against each other; in a Swiss event a player is ranked ahead
    /// only when his sum exceeds the best sum any lower player could still reach (missing
    /// meetings counted as wins); repeated in the still-tied subgroups. Value: the place inside
    /// the tied group (1 = best), or 0 when DE splits nobody there.
    De,
    /// `WIN`: rounds with a win's points, played or not (`1 + U F W`).
    Win,
    /// `WON`: games won over the board.
    Won,
    /// `BPG`: games played over the board with Black.
    Bpg,
    /// `BWG`: games won over the board with Black.
    Bwg,
    /// `PS`: progressive score, the sum of the running scores after each round.
    Ps,
    /// `ARO`: average rating of the rated opponents met over the board, rounded half up; 0
    /// when none.
    Aro,
    /// `KS`: Koya score (C.07, for round robins): the points scored in games played against
    /// the opponents who scored at least half the maximum (half the rounds' win points).
    Ks,
    /// `STD`: standard points (C.07, 2026): per round 1 for a result worth more than a draw,
    /// ½ for a draw's points, 0 otherwise, whatever the event's point system.
    Std,
    /// `REP`: rounds one elected to play (C.07, 2026; `GE` before): games played over the
    /// board and rounds with a win's points without playing (`U`, `+`, `F`).
    Rep,
    /// `RTNG`: the player's own rating, highest first (C.07, 2026); an unrated player counts 0.
    Rtng,
    /// `RTNG/R`: the player's own rating, lowest first.
    RtngAscending,
    /// `TPN`: the starting rank (pairing number), lowest first (C.07, 2026).
    Tpn,
    /// `TPN/R`: the starting rank, highest first.
    TpnDescending,
}

impl TieBreak {
    /// Every tie-break, in declaration order.
    pub const ALL: [TieBreak; 18] = [
        TieBreak::Bh,
        TieBreak::BhC1,
        TieBreak::BhM1,
        TieBreak::Sb,
        TieBreak::De,
        TieBreak::Win,
        TieBreak::Won,
        TieBreak::Bpg,
        TieBreak::Bwg,
        TieBreak::Ps,
        TieBreak::Aro,
        TieBreak::Ks,
        TieBreak::Std,
        TieBreak::Rep,
        TieBreak::Rtng,
        TieBreak::RtngAscending,
        TieBreak::Tpn,
        TieBreak::TpnDescending,
    ];

    /// The tie-breaks the 2026 amendment of C.07 added (`STD`, `RTNG`, `TPN` in both orders)
    /// or renamed (`REP`, formerly `GE`).
    pub const ADDED_2026: [TieBreak; 6] = [
        TieBreak::Std,
        TieBreak::Rep,
        TieBreak::Rtng,
        TieBreak::RtngAscending,
        TieBreak::Tpn,
        TieBreak::TpnDescending,
    ];

    /// True when a lower value ranks higher (`RTNG/R`, `TPN`); every other tie-break ranks the
    /// higher value first.
    pub fn lower_is_better(self) -> bool {
        matches!(self, TieBreak::RtngAscending | TieBreak::Tpn)
    }

    /// The code as TRF-2026 records `202`/`212` and FIDE TEC's checker write it: the key with
    /// its modifier after a slash (`BH/C1`, `RTNG/R`).
    pub fn trf_code(self) -> String {
        self.key().replacen('-', "/", 1)
    }

    /// The C.07 acronym (`BH-C1`, …): the key used in JSON output and the reference vectors.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::Bh => "BH",
            TieBreak::BhC1 => "BH-C1",
            TieBreak::BhM1 => "BH-M1",
            TieBreak::Sb => "SB",
            TieBreak::De => "DE",
            TieBreak::Win => "WIN",
            TieBreak::Won => "WON",
            TieBreak::Bpg => "BPG",
            TieBreak::Bwg => "BWG",
            TieBreak::Ps => "PS",
            TieBreak::Aro => "ARO",
            TieBreak::Ks => "KS",
            TieBreak::Std => "STD",
            TieBreak::Rep => "REP",
            TieBreak::Rtng => "RTNG",
            TieBreak::RtngAscending => "RTNG-R",
            TieBreak::Tpn => "TPN",
            TieBreak::TpnDescending => "TPN-R",
        }
    }

    /// Parses an acronym: `BH`, `BH-C1` or `BH/C1`, `BH-M1` or `BH/M1`, `SB`, `DE`, `WIN`,
    /// `WON`, `BPG`, `BWG`, `PS`, `ARO`, `KS`, and the 2026 ones `STD`, `REP` (or its former
    /// name `GE`), `RTNG`, `RTNG/R`, `TPN`, `TPN/R` (case-insensitive).
    ///
    /// # Errors
    /// [`TieBreakError::UnknownTieBreak`].
    pub fn parse(text: &str) -> Result<TieBreak, TieBreakError> {
        let norm = text.trim().to_ascii_uppercase().replace('/', "-");
        if norm == "GE" {
            return Ok(TieBreak::Rep);
        }
        TieBreak::ALL
            .into_iter()
            .find(|t| t.key() == norm)
            .ok_or_else(|| TieBreakError::UnknownTieBreak(text.to_string()))
    }
}

impl serde::Serialize for TieBreak {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> serde::Deserialize<'de> for TieBreak {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TieBreak, D::Error> {
        let text = String::deserialize(d)?;
        TieBreak::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// An event's tie-breaks (C.07 2.1: listed in the regulations, applied in order) and the
/// edition of C.07 that values the unplayed rounds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TieBreakSettings {
    /// The tie-breaks after points, in order.
    pub order: Vec<TieBreak>,
    /// The edition of C.07.
    #[serde(default)]
    pub rules: Rules,
}

/// Which edition of C.07 decides the value of a player's own unplayed rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rules {
    /// Regulations approved 2023, in force from 1 August 2024: own unplayed rounds count the
    /// player's own score.
    #[default]
    Fide2024,
    /// Amendment approved 2 February 2026 (events from 1 March 2026): that value is capped at
    /// the scheduled opponent's adjusted score, or at half the maximum score without opponent.
    Fide2026,
}

/// Per-round detail of one player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Details {
    /// Final points.
    pub points: f64,
    /// The per-round values BH adds up (index 0 = round 1).
    pub bh_by_round: Vec<f64>,
    /// The per-round values SB adds up.
    pub sb_by_round: Vec<f64>,
    /// Rounds (1-based) dropped by Cut-1.
    pub bh_c1_cut_rounds: Vec<usize>,
    /// Rounds (1-based) dropped by Median-1 (low, then high).
    pub bh_m1_cut_rounds: Vec<usize>,
}

/// Per-player facts every tie-break reads.
struct Facts {
    points: f64,
    adjusted: f64,
    /// Per round: played over the board?
    played: Vec<bool>,
    /// Per round: voluntarily unplayed?
    vur: Vec<bool>,
    /// Per round: points obtained.
    round_points: Vec<f64>,
    /// Per round: opponent index in the table.
    opponent: Vec<Option<usize>>,
}

/// The tie-break calculator for one table and one edition of the rules.
pub struct Calculator<'a> {
    table: &'a ResultTable,
    rules: Rules,
    facts: Vec<Facts>,
}

impl<'a> Calculator<'a> {
    /// Prepares the per-player facts (points, adjusted scores, VURs).
    pub fn new(table: &'a ResultTable, rules: Rules) -> Calculator<'a> {
        let index = table.index();
        let s = &table.scoring;
        let facts = table
            .players
            .iter()
            .map(|p| {
                let round_points: Vec<f64> = p
                    .entries
                    .iter()
                    .map(|e| e.result.points(s).as_f64())
                    .collect();
                let played: Vec<bool> = p.entries.iter().map(RoundEntry::is_played).collect();
                let vur: Vec<bool> = p
                    .entries
                    .iter()
                    .map(|e| {
                        !e.is_played()
                            && matches!(
                                e.result,
                                RoundResult::HalfPointBye
                                    | RoundResult::ZeroPointBye
                                    | RoundResult::ForfeitLoss
                                    | RoundResult::Blank
                            )
                    })
                    .collect();
                let opponent: Vec<Option<usize>> = p
                    .entries
                    .iter()
                    .map(|e| e.opponent.and_then(|o| index.get(&o).copied()))
                    .collect();
                let points = sum_points(round_points.iter().copied());
                // C.07 16.3: after the last round that is not a VUR, rounds without a
                // scheduled opponent count as draws for the opponents' Buchholz.
                let last_non_vur = vur.iter().rposition(|v| !v).map_or(0, |i| i + 1);
                let adjusted = sum_points((0..p.entries.len()).map(|i| {
                    if i + 1 > last_non_vur && opponent[i].is_none() {
                        s.draw.as_f64()
                    } else {
                        round_points[i]
                    }
                }));
                Facts {
                    points,
                    adjusted,
                    played,
                    vur,
                    round_points,
                    opponent,
                }
            })
            .collect();
        Calculator {
            table,
            rules,
            facts,
        }
    }

    /// The table this calculator reads.
    pub fn table(&self) -> &ResultTable {
        self.table
    }

    /// Points of player `i` (table index).
    pub fn points(&self, i: usize) -> f64 {
        self.facts.get(i).map_or(0.0, |f| f.points)
    }

    /// Per round of player `i`: (BH value, VUR?, SB value).
    fn bh_values(&self, i: usize) -> Vec<(f64, bool, f64)> {
        let Some(f) = self.facts.get(i) else {
            return Vec::new();
        };
        // C.07 16.4.2 (2026) as FIDE TEC's checker reads it: the points of a draw in every
        // round considered (half the maximum with a win worth two draws; with 3-1-0 scoring,
        // 1 × rounds, not 1.5 × rounds).
        let half_max = self.table.rounds as f64 * self.table.scoring.draw.as_f64();
        (0..f.played.len())
            .map(|r| {
                let opp = f.opponent[r];
                let (score, vur) = match opp {
                    Some(o) if f.played[r] => (self.facts[o].adjusted, false),
                    _ => {
                        let cap = match (self.rules, opp) {
                            (Rules::Fide2024, _) => f64::INFINITY,
                            (Rules::Fide2026, Some(o)) => self.facts[o].adjusted,
                            (Rules::Fide2026, None) => half_max,
                        };
                        (f.points.min(cap), f.vur[r])
                    }
                };
                (score, vur, score * f.round_points[r])
            })
            .collect()
    }

    /// BH, BH-C1, BH-M1 and SB of player `i` with their per-round details.
    pub fn details(&self, i: usize) -> (Details, [f64; 4]) {
        let values = self.bh_values(i);
        let bh = sum_points(values.iter().map(|v| v.0));
        let sb = sum_points(values.iter().map(|v| v.2));
        let mut rest: Vec<(usize, f64, bool)> = values
            .iter()
            .enumerate()
            .map(|(r, v)| (r + 1, v.0, v.1))
            .collect();
        let c1_cut = cut_low(&mut rest);
        let c1 = sum_points(rest.iter().map(|v| v.1));
        let m1_cut_high = cut_high(&mut rest);
        let m1 = sum_points(rest.iter().map(|v| v.1));
        let details = Details {
            points: self.points(i),
            bh_by_round: values.iter().map(|v| v.0).collect(),
            sb_by_round: values.iter().map(|v| v.2).collect(),
            bh_c1_cut_rounds: c1_cut.into_iter().collect(),
            bh_m1_cut_rounds: c1_cut.into_iter().chain(m1_cut_high).collect(),
        };
        (details, [bh, c1, m1, sb])
    }

    /// The value of `tb` for player `i`, for every tie-break except [`TieBreak::De`] (which
    /// depends on the ranking before it: see [`standings`]).
    pub fn value(&self, tb: TieBreak, i: usize) -> f64 {
        let Some(f) = self.facts.get(i) else {
            return 0.0;
        };
        let Some(p) = self.table.players.get(i) else {
            return 0.0;
        };
        let win = self.table.scoring.win.as_f64();
        let won = |r: usize| f.played[r] && f.round_points[r] == win;
        let black = |r: usize| f.played[r] && p.entries[r].colour == Some(Color::Black);
        let rounds = 0..f.played.len();
        match tb {
            TieBreak::Bh | TieBreak::BhC1 | TieBreak::BhM1 | TieBreak::Sb => {
                let (_, v) = self.details(i);
                match tb {
                    TieBreak::Bh => v[0],
                    TieBreak::BhC1 => v[1],
                    TieBreak::BhM1 => v[2],
                    _ => v[3],
                }
            }
            TieBreak::De => 0.0,
            TieBreak::Win => rounds.filter(|&r| f.round_points[r] == win).count() as f64,
            TieBreak::Won => rounds.filter(|&r| won(r)).count() as f64,
            TieBreak::Bpg => rounds.filter(|&r| black(r)).count() as f64,
            TieBreak::Bwg => rounds.filter(|&r| black(r) && won(r)).count() as f64,
            TieBreak::Ps => {
                let mut running = 0.0;
                sum_points(f.round_points.iter().map(|p| {
                    running += p;
                    running
                }))
            }
            TieBreak::Ks => {
                let half_max = self.table.total_rounds as f64 * win / 2.0;
                let strong =
                    |r: usize| f.opponent[r].is_some_and(|o| self.facts[o].points >= half_max);
                sum_points(
                    rounds
                        .filter(|&r| f.played[r] && strong(r))
                        .map(|r| f.round_points[r]),
                )
            }
            TieBreak::Std => {
                let draw = self.table.scoring.draw.as_f64();
                sum_points(f.round_points.iter().map(|&p| {
                    if p > draw {
                        1.0
                    } else if p == draw {
                        0.5
                    } else {
                        0.0
                    }
                }))
            }
            TieBreak::Rep => rounds
                .filter(|&r| f.played[r] || f.round_points[r] == win)
                .count() as f64,
            TieBreak::Rtng | TieBreak::RtngAscending => f64::from(p.rating.unwrap_or(0)),
            TieBreak::Tpn | TieBreak::TpnDescending => f64::from(p.tpn),
            TieBreak::Aro => {
                let ratings: Vec<u32> = rounds
                    .filter(|&r| f.played[r])
                    .filter_map(|r| self.table.players.get(f.opponent[r]?)?.rating)
                    .map(u32::from)
                    .collect();
                if ratings.is_empty() {
                    0.0
                } else {
                    let n = ratings.len() as u32;
                    let sum: u32 = ratings.iter().sum();
                    // Integer rounding half up: (2·sum + n) / (2n).
                    f64::from((2 * sum + n) / (2 * n))
                }
            }
        }
    }

    /// Direct encounter among `group` (table indices of players tied on every earlier
    /// criterion): the place of each member inside the group (1 = best), or all 0 when DE
    /// splits nobody. Follows TieBreakServer's iteration (see [`TieBreak::De`]).
    pub fn direct_encounter(&self, group: &[usize]) -> Vec<usize> {
        let n = group.len();
        let mut label: Vec<usize> = vec![0; n];
        let mut active = vec![true; n];
        if n < 2 {
            return vec![0; n];
        }
        loop {
            let mut any = false;
            let mut labels: Vec<usize> = label.clone();
            labels.sort_unstable();
            labels.dedup();
            for l in labels {
                let members: Vec<usize> = (0..n).filter(|&k| label[k] == l).collect();
                if !members.iter().all(|&k| active[k]) {
                    continue;
                }
                if members.len() == 1 {
                    active[members[0]] = false;
                    continue;
                }
                let changes = self.de_split(group, &members, l, &mut label);
                for &k in &members {
                    active[k] = changes > 0;
                }
                any |= changes > 0;
            }
            if !any {
                break;
            }
        }
        let min = label.iter().copied().min().unwrap_or(0);
        let max = label.iter().copied().max().unwrap_or(0);
        if min == max {
            vec![0; n]
        } else {
            label.iter().map(|l| l - min + 1).collect()
        }
    }

    /// One pass of direct encounter over the subgroup `members` (positions in `group`) whose
    /// label is `base`; relabels them and returns the number of splits.
    fn de_split(
        &self,
        group: &[usize],
        members: &[usize],
        base: usize,
        label: &mut [usize],
    ) -> usize {
        let in_sub: HashMap<usize, ()> = members.iter().map(|&k| (group[k], ())).collect();
        let win = self.table.scoring.win.as_f64();
        let met_max = members.len() - 1;
        let mut met_all = true;
        let mut rows: Vec<(usize, f64, f64, u16)> = Vec::new(); // (member, sum, max, tpn)
        for &k in members {
            let f = &self.facts[group[k]];
            // Average over repeated meetings with the same opponent (C.07 6.1.2).
            let mut per_opponent: HashMap<usize, (f64, f64)> = HashMap::new();
            for r in 0..f.played.len() {
                if let Some(o) = f.opponent[r]
                    && f.played[r]
                    && in_sub.contains_key(&o)
                {
                    let e = per_opponent.entry(o).or_insert((0.0, 0.0));
                    e.0 += f.round_points[r];
                    e.1 += 1.0;
                }
            }
            let met = per_opponent.len();
            let sum = sum_points(per_opponent.values().map(|(s, c)| s / c));
            let max = if met < met_max {
                met_all = false;
                sum + (met_max - met) as f64 * win
            } else {
                sum
            };
            rows.push((k, sum, max, self.table.players[group[k]].tpn));
        }
        let mut changes = 0;
        if met_all {
            rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.3.cmp(&b.3)));
            let mut crank = base;
            let mut val = rows[0].1;
            label[rows[0].0] = base;
            for (i, row) in rows.iter().enumerate().skip(1) {
                if row.1 != val {
                    crank = base + i;
                    val = row.1;
                    changes += 1;
                }
                label[row.0] = crank;
            }
        } else {
            rows.sort_by(|a, b| {
                b.1.total_cmp(&a.1)
                    .then(b.2.total_cmp(&a.2))
                    .then(a.3.cmp(&b.3))
            });
            let mut crank = base;
            let mut val = rows[0].1;
            let mut unique = true;
            label[rows[0].0] = base;
            for i in 1..rows.len() {
                let best_below = rows[i..]
                    .iter()
                    .map(|r| r.2)
                    .fold(f64::NEG_INFINITY, f64::max);
                if unique && val > best_below {
                    crank = base + i;
                    changes += 1;
                } else {
                    unique = false;
                }
                label[rows[i].0] = crank;
                val = rows[i].1;
            }
        }
        changes
    }
}

/// Cuts the lowest value (VURs first, C.07 14.6); returns the cut round.
fn cut_low(values: &mut Vec<(usize, f64, bool)>) -> Option<usize> {
    let pick = values
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| {
            // VURs first, then the lowest value, then the earliest round.
            b.2.cmp(&a.2).then(a.1.total_cmp(&b.1)).then(a.0.cmp(&b.0))
        })
        .map(|(i, _)| i)?;
    Some(values.remove(pick).0)
}

/// Cuts the highest value; returns the cut round.
fn cut_high(values: &mut Vec<(usize, f64, bool)>) -> Option<usize> {
    let pick = values
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)))
        .map(|(i, _)| i)?;
    Some(values.remove(pick).0)
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Standing {
    /// Place: players equal on points and every tie-break share it, the next is skipped
    /// (1, 2, 2, 4).
    pub rank: usize,
    /// Starting rank.
    pub tpn: u16,
    /// Name.
    pub name: String,
    /// Rating, if rated.
    pub rating: Option<u16>,
    /// Points (CR 4.1).
    pub points: f64,
    /// Tie-break values in the configured order, keyed by acronym.
    pub tie_breaks: Vec<(String, f64)>,
}

/// Standings: points, then `order` (C.07: tie-breaks in the listed order; remaining ties share
/// the place). Rows in rank order, ties by starting rank. DE is evaluated among players tied on
/// points and every tie-break before it.
pub fn standings(table: &ResultTable, rules: Rules, order: &[TieBreak]) -> Vec<Standing> {
    let calc = Calculator::new(table, rules);
    let n = table.players.len();
    // Sort keys: higher is better (DE places are negated).
    let mut keys: Vec<Vec<f64>> = (0..n).map(|i| vec![calc.points(i)]).collect();
    let mut shown: Vec<Vec<f64>> = vec![Vec::new(); n];
    for &tb in order {
        if tb == TieBreak::De {
            for group in tied_groups(&keys, table) {
                let places = calc.direct_encounter(&group);
                for (&i, &p) in group.iter().zip(&places) {
                    keys[i].push(-(p as f64));
                    shown[i].push(p as f64);
                }
            }
        } else {
            for i in 0..n {
                let v = calc.value(tb, i);
                keys[i].push(if tb.lower_is_better() { -v } else { v });
                shown[i].push(v);
            }
        }
    }
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| {
        cmp_keys(&keys[b], &keys[a]).then(table.players[a].tpn.cmp(&table.players[b].tpn))
    });
    let mut rows = Vec::with_capacity(n);
    let mut rank = 0;
    for (pos, &i) in idx.iter().enumerate() {
        if pos == 0 || cmp_keys(&keys[idx[pos - 1]], &keys[i]).is_ne() {
            rank = pos + 1;
        }
        let p = &table.players[i];
        rows.push(Standing {
            rank,
            tpn: p.tpn,
            name: p.name.clone(),
            rating: p.rating,
            points: calc.points(i),
            tie_breaks: order
                .iter()
                .zip(&shown[i])
                .map(|(t, v)| (t.key().to_string(), *v))
                .collect(),
        });
    }
    rows
}

fn cmp_keys(a: &[f64], b: &[f64]) -> std::cmp::Ordering {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// Groups of table indices with equal keys, each in starting-rank order.
fn tied_groups(keys: &[Vec<f64>], table: &ResultTable) -> Vec<Vec<usize>> {
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by(|&a, &b| {
        cmp_keys(&keys[b], &keys[a]).then(table.players[a].tpn.cmp(&table.players[b].tpn))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in idx {
        match groups.last_mut() {
            Some(g)
                if g.first()
                    .is_some_and(|&f| cmp_keys(&keys[f], &keys[i]).is_eq()) =>
            {
                g.push(i)
            }
            _ => groups.push(vec![i]),
        }
    }
    groups
}

/// The sum of tie-break values (and of points as tie-breaks read them), from `+0.0`:
/// `Iterator::sum` of floats starts from `-0.0`, so a sum of nothing would be printed `-0`.
fn sum_points(values: impl IntoIterator<Item = f64>) -> f64 {
    values.into_iter().fold(0.0, |a, b| a + b)
}
