//! The Dutch system proper: the pairing state of a round, colour allocation (C.04.3 E) and the
//! board order. The criteria, one function each as ordered bit fields of an edge weight, are in
//! `criteria`; the matching loop (bye choice, brackets with their floaters and the handbook's
//! candidate order by successive tie-breaks, completion) is in `brackets`.
//!
//! A re-implementation of bbpPairings v6.0.0's `computeMatching` (`src/swisssystems/dutch.cpp`,
//! Apache-2.0, see the module docs of [`super`]); names follow it where that helps comparing.

// Index loops mirror the algorithm's own index arithmetic (vertices, limbs, bracket positions).
#![allow(clippy::needless_range_loop)]

mod brackets;
mod criteria;

use std::collections::HashMap;

use shakmaty::Color;

use brackets::compute_matching;
use criteria::required_bits;

use super::colour::{ColourData, ColourRule, neutral_colour};
use super::explain::{self, Explanation};
use super::wide::Wide;
use super::{Board, Pairing, PairingError, PairingInput, PairingRules, RoundRecord};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Float {
    Down,
    Up,
    None,
}

/// Internal player state (bbpPairings' `tournament::Player`).
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub tpn: u32,
    /// Index into the players vector (TPN order).
    pub id: usize,
    pub rank_index: usize,
    /// The pairing score: the points with the virtual points of the round paired (C.04.5;
    /// bbpPairings' `scoreWithAcceleration`).
    pub score: u32,
    /// The points without virtual points (board order, bbpPairings' `scoreWithoutAcceleration`).
    pub real_score: u32,
    /// Virtual points before each round, tenths (index 0 = round 1).
    pub virtual_points: Vec<u32>,
    pub matches: Vec<RoundRecord>,
    /// Opponent indices per match (resolved).
    pub opponents: Vec<Option<usize>>,
    pub colour: ColourData,
    pub played_games: u32,
    pub valid: bool,
    pub present: bool,
}

pub(crate) struct Tournament {
    pub players: Vec<Player>,
    pub played_rounds: usize,
    pub expected_rounds: usize,
    pub points: super::PointSystem,
    pub initial_colour: Color,
    pub forbidden: Vec<Vec<bool>>,
}

impl Tournament {
    fn points_of(&self, m: &RoundRecord) -> u32 {
        m.points(&self.points)
    }

    /// The pairing score `rounds_back` rounds ago: the points then, with the virtual points of
    /// that round (bbpPairings' `scoreWithAcceleration(tournament, roundsBack)`).
    fn score_back(&self, p: &Player, rounds_back: usize) -> u32 {
        let mut s = p.real_score;
        for i in 0..rounds_back {
            let idx = self.played_rounds - 1 - i;
            if let Some(m) = p.matches.get(idx) {
                s = s.saturating_sub(self.points_of(m));
            }
        }
        s + p
            .virtual_points
            .get(self.played_rounds - rounds_back)
            .copied()
            .unwrap_or(0)
    }

    /// C.04.3 C2: a player who already received the pairing-allocated bye, or scored a win's
    /// points without playing, shall not receive the bye.
    fn eligible_for_bye(&self, p: &Player) -> bool {
        p.matches
            .iter()
            .all(|m| m.played || self.points_of(m) < self.points.win)
    }

    fn get_float(&self, p: &Player, rounds_back: usize) -> Float {
        let idx = self.played_rounds - rounds_back;
        let Some(m) = p.matches.get(idx) else {
            return Float::None;
        };
        if !m.played {
            return if self.points_of(m) > self.points.loss {
                Float::Down
            } else {
                Float::None
            };
        }
        let ps = self.score_back(p, rounds_back);
        let Some(o) = p.opponents.get(idx).copied().flatten() else {
            return Float::None;
        };
        let os = self.score_back(&self.players[o], rounds_back);
        if ps > os {
            Float::Down
        } else if ps < os {
            Float::Up
        } else {
            Float::None
        }
    }

    /// `a` ranks below `b` (bbpPairings' `acceleratedScoreRankCompare(a, b)`).
    fn ranks_below(&self, a: &Player, b: &Player) -> bool {
        (a.score, b.rank_index) < (b.score, a.rank_index)
    }

    /// The absolute criteria of a pair (C.04.3 C1 and C3; C2 is the bye's, see
    /// [`Tournament::eligible_for_bye`]): `false` when `a` and `b` may not meet
    /// (bbpPairings' `compatible`).
    fn compatible(&self, a: &Player, b: &Player) -> bool {
        self.c1_no_rematch(a, b) && self.c3_colour_compatible(a, b)
    }

    /// C.04.3 C1: two players shall not play each other more than once (played games only; a
    /// forfeit is no meeting), nor a pair the input forbids (`XXP`).
    fn c1_no_rematch(&self, a: &Player, b: &Player) -> bool {
        !self.forbidden[a.id][b.id]
    }

    /// C.04.3 C3: two non-topscorers with the same absolute colour preference shall not meet.
    /// Topscorers (more than half the maximum score) exist only when the last round is paired.
    fn c3_colour_compatible(&self, a: &Player, b: &Player) -> bool {
        let threshold = (self.played_rounds as u32 * self.points.win.max(self.points.draw)) >> 1;
        !a.colour.absolute()
            || !b.colour.absolute()
            || a.colour.preference != b.colour.preference
            || (self.played_rounds + 1 >= self.expected_rounds
                && (a.score > threshold || b.score > threshold))
    }
}

fn bits_to_represent(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// Builds the tournament state from the input (bbpPairings' TRF reading, `updateRanks`,
/// `computePlayerData`).
pub(crate) fn build(
    input: &PairingInput,
    rules: &PairingRules,
) -> Result<Tournament, PairingError> {
    let played_rounds = input.played_rounds as usize;
    let mut index: HashMap<u32, usize> = HashMap::new();
    for (i, p) in input.players.iter().enumerate() {
        if index.insert(p.tpn, i).is_some() {
            return Err(PairingError::InvalidInput {
                tpn: p.tpn,
                reason: "the pairing number is repeated".into(),
            });
        }
    }
    let n = input.players.len();
    let mut players = Vec::with_capacity(n);
    let mut forbidden = vec![vec![false; n]; n];
    for (i, p) in input.players.iter().enumerate() {
        let mut matches = p.history.clone();
        matches.truncate(played_rounds);
        while matches.len() < played_rounds {
            matches.push(RoundRecord::absent());
        }
        let present = p.preset.is_none();
        if let Some(pre) = p.preset {
            matches.push(pre);
        }
        let mut opponents = Vec::with_capacity(matches.len());
        for m in &matches {
            let o = match m.opponent {
                Some(t) => Some(*index.get(&t).ok_or_else(|| PairingError::InvalidInput {
                    tpn: p.tpn,
                    reason: format!("opponent {t} is not in the player list"),
                })?),
                None => None,
            };
            if m.played
                && let Some(o) = o
            {
                forbidden[i][o] = true;
                forbidden[o][i] = true;
            }
            opponents.push(o);
        }
        let score: u32 = matches
            .iter()
            .take(played_rounds)
            .map(|m| m.points(&input.points))
            .sum();
        let virtual_now = p.virtual_points.get(played_rounds).copied().unwrap_or(0);
        // The points column may include the round's virtual points (bbpPairings accepts both).
        if let Some(claimed) = p.claimed_points
            && claimed != score
            && claimed != score + virtual_now
        {
            return Err(PairingError::InvalidInput {
                tpn: p.tpn,
                reason: format!(
                    "the points column says {:.1} but the results add up to {:.1}",
                    f64::from(claimed) / 10.0,
                    f64::from(score) / 10.0
                ),
            });
        }
        let played_colours: Vec<Color> = matches
            .iter()
            .filter(|m| m.played)
            .filter_map(|m| m.colour)
            .collect();
        let colour = ColourData::compute(
            &played_colours,
            rules.max_same_colour_run,
            rules.max_colour_difference,
        );
        let valid = present || matches.iter().any(|m| m.paired);
        players.push(Player {
            tpn: p.tpn,
            id: i,
            rank_index: 0,
            score: score + virtual_now,
            real_score: score,
            virtual_points: p.virtual_points.clone(),
            played_games: played_colours.len() as u32,
            matches,
            opponents,
            colour,
            valid,
            present,
        });
    }
    for group in &input.forbidden_pairs {
        for a in group {
            for b in group {
                if let (Some(&x), Some(&y)) = (index.get(a), index.get(b))
                    && x != y
                {
                    forbidden[x][y] = true;
                }
            }
        }
    }
    let mut rank = 0;
    for p in players.iter_mut() {
        if p.valid {
            p.rank_index = rank;
            rank += 1;
        }
    }
    Ok(Tournament {
        players,
        played_rounds,
        expected_rounds: input.total_rounds as usize,
        points: input.points,
        initial_colour: input.initial_colour,
        forbidden,
    })
}

/// Pairs the next round.
pub(crate) fn pair(input: &PairingInput, rules: &PairingRules) -> Result<Pairing, PairingError> {
    let t = build(input, rules)?;
    let bits = required_bits(&t);
    // One instantiation per width class: the weight has ~7 score-group fields, so its width
    // grows with the number of score groups and players.
    let matched = match bits.div_ceil(64) {
        0..=2 => compute_matching::<Wide<2>>(&t)?,
        3..=4 => compute_matching::<Wide<4>>(&t)?,
        5..=6 => compute_matching::<Wide<6>>(&t)?,
        7..=8 => compute_matching::<Wide<8>>(&t)?,
        9..=11 => compute_matching::<Wide<11>>(&t)?,
        12..=16 => compute_matching::<Wide<16>>(&t)?,
        17..=24 => compute_matching::<Wide<24>>(&t)?,
        25..=40 => compute_matching::<Wide<40>>(&t)?,
        41..=64 => compute_matching::<Wide<64>>(&t)?,
        // Wider weights would wrap around silently and give a wrong pairing.
        _ => return Err(PairingError::TooLarge { bits }),
    };
    let mut pairing = finish(&t, &matched, input.played_rounds + 1);
    pairing.explanation.forbidden = explain::forbidden(&input.forbidden_pairs);
    Ok(pairing)
}

fn sorted_players(t: &Tournament) -> Vec<usize> {
    let mut v: Vec<usize> = t
        .players
        .iter()
        .filter(|p| p.valid && p.present)
        .map(|p| p.id)
        .collect();
    v.sort_by(|&a, &b| {
        let (pa, pb) = (&t.players[a], &t.players[b]);
        (pb.score, pa.rank_index).cmp(&(pa.score, pb.rank_index))
    });
    v
}

/// bbpPairings' `choosePlayerColor`: the colour of `player` against `opponent`.
pub(crate) fn choose_colour(
    t: &Tournament,
    player: &Player,
    opponent: &Player,
) -> (Color, ColourRule) {
    if let Some(r) = neutral_colour(&player.colour, &opponent.colour) {
        return r;
    }
    let below = t.ranks_below(player, opponent);
    match player.colour.preference {
        None => {
            let c = if below {
                if opponent.rank_index & 1 == 1 {
                    t.initial_colour
                } else {
                    t.initial_colour.other()
                }
            } else if player.rank_index & 1 == 1 {
                t.initial_colour.other()
            } else {
                t.initial_colour
            };
            (c, ColourRule::RankParity)
        }
        Some(pref) => {
            let c = if below {
                opponent.colour.preference.map_or(pref, Color::other)
            } else {
                pref
            };
            (c, ColourRule::HigherRankedPreference)
        }
    }
}

fn finish(t: &Tournament, matching: &[Option<usize>], round: u32) -> Pairing {
    let sorted = sorted_players(t);
    struct Pr {
        white: usize,
        black: usize,
        rule: ColourRule,
    }
    let mut pairs: Vec<Pr> = Vec::new();
    let mut bye = None;
    for &i in &sorted {
        match matching[i] {
            Some(j) => {
                if i < j {
                    let (c, rule) = choose_colour(t, &t.players[i], &t.players[j]);
                    let (white, black) = if c == Color::White { (i, j) } else { (j, i) };
                    pairs.push(Pr { white, black, rule });
                }
            }
            None => bye = Some(i),
        }
    }
    let higher_lower = |pr: &Pr| -> (usize, usize) {
        let (w, b) = (&t.players[pr.white], &t.players[pr.black]);
        // unacceleratedScoreRankCompare(white, black): white ranks below black.
        if (w.real_score, b.rank_index) < (b.real_score, w.rank_index) {
            (pr.black, pr.white)
        } else {
            (pr.white, pr.black)
        }
    };
    pairs.sort_by(|a, b| {
        let (ha, la) = higher_lower(a);
        let (hb, lb) = higher_lower(b);
        let pa = &t.players;
        (pa[hb].real_score, pa[lb].real_score, pa[ha].rank_index).cmp(&(
            pa[ha].real_score,
            pa[la].real_score,
            pa[hb].rank_index,
        ))
    });
    let boards: Vec<Board> = pairs
        .iter()
        .enumerate()
        .map(|(k, pr)| Board {
            number: k + 1,
            white: t.players[pr.white].tpn,
            black: t.players[pr.black].tpn,
        })
        .collect();
    let rules: Vec<ColourRule> = pairs.iter().map(|p| p.rule).collect();
    let explanation: Explanation = explain::explain(t, &boards, &rules, bye);
    Pairing {
        round,
        boards,
        bye: bye.map(|i| t.players[i].tpn),
        explanation,
    }
}
