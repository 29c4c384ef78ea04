//! The Dutch system proper: brackets, criteria as ordered bit fields of an edge weight, the
//! handbook's candidate order by successive tie-breaks, and colour allocation.
//!
//! A re-implementation of bbpPairings v6.0.0's `computeMatching` (`src/swisssystems/dutch.cpp`,
//! Apache-2.0, see the module docs of [`super`]); names follow it where that helps comparing.

// Index loops mirror the algorithm's own index arithmetic (vertices, limbs, bracket positions).
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

use super::colour::{ColourData, ColourRule, neutral_colour};
use super::explain::{self, Explanation};
use super::matching::Matcher;
use super::wide::{Weight, Wide};
use super::{Board, Colour, Pairing, PairingError, PairingInput, PairingRules, RoundRecord};

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
    pub score: u32,
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
    pub initial_colour: Colour,
    pub forbidden: Vec<Vec<bool>>,
}

impl Tournament {
    fn points_of(&self, m: &RoundRecord) -> u32 {
        m.points(&self.points)
    }

    /// Score `rounds_back` rounds ago.
    fn score_back(&self, p: &Player, rounds_back: usize) -> u32 {
        let mut s = p.score;
        for i in 0..rounds_back {
            let idx = self.played_rounds - 1 - i;
            if let Some(m) = p.matches.get(idx) {
                s = s.saturating_sub(self.points_of(m));
            }
        }
        s
    }

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

    fn compatible(&self, a: &Player, b: &Player) -> bool {
        if self.forbidden[a.id][b.id] {
            return false;
        }
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
        if let Some(claimed) = p.claimed_points
            && claimed != score
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
        let played_colours: Vec<Colour> = matches
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
            score,
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
    Ok(finish(&t, &matched, input.played_rounds + 1))
}

/// Layout parameters of the edge weight.
struct Layout {
    score_group_shifts: HashMap<u32, u32>,
    score_groups_shift: u32,
    score_group_size_bits: u32,
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

fn layout(t: &Tournament, sorted: &[usize]) -> Layout {
    let mut shifts = HashMap::new();
    let mut shift = 0u32;
    let mut max_size = 0usize;
    let mut repeated = 0usize;
    let rev: Vec<usize> = sorted.iter().rev().copied().collect();
    for (k, &i) in rev.iter().enumerate() {
        repeated += 1;
        let s = t.players[i].score;
        let next = rev.get(k + 1).map(|&j| t.players[j].score);
        if next.is_none_or(|ns| s < ns) {
            shifts.insert(s, shift);
            max_size = max_size.max(repeated);
            shift += bits_to_represent(repeated);
            repeated = 0;
        }
    }
    Layout {
        score_group_shifts: shifts,
        score_groups_shift: shift,
        score_group_size_bits: bits_to_represent(max_size),
    }
}

/// Bit length of the largest edge weight (bbpPairings' `computeEdgeWeight<true>`), plus room.
fn weight_bits(t: &Tournament, l: &Layout) -> u32 {
    let sgsb = l.score_group_size_bits;
    let sgs = l.score_groups_shift;
    let mut b = 2 + sgsb + sgs + sgsb + sgs + 2 * sgsb + 4 * sgsb;
    if t.played_rounds > 0 {
        b += 2 * sgsb + 2 * sgs;
    }
    if t.played_rounds > 1 {
        b += 2 * sgsb + 2 * sgs;
    }
    b + 3 * sgsb + 1
}

fn required_bits(t: &Tournament) -> u32 {
    let sorted = sorted_players(t);
    let l = layout(t, &sorted);
    // Max weight has one bit more; the matcher doubles it and keeps duals up to twice that.
    weight_bits(t, &l) + 5
}

struct Ctx<'a, W: Weight> {
    t: &'a Tournament,
    l: Layout,
    max_weight: W,
    unplayed_ranks: HashMap<u32, usize>,
}

impl<W: Weight> Ctx<'_, W> {
    fn shift_of(&self, score: u32) -> u32 {
        self.l.score_group_shifts.get(&score).copied().unwrap_or(0)
    }

    fn is_bye_candidate(&self, p: &Player, bye_score: u32) -> bool {
        self.t.eligible_for_bye(p) && p.score <= bye_score
    }

    /// bbpPairings' `insertColorBits`: `player` is the lower player, `opponent` the higher.
    fn colour_bits(&self, r: W, player: &Player, opponent: &Player, in_cur: bool) -> W {
        let sgsb = self.l.score_group_size_bits;
        let (p, o) = (&player.colour, &opponent.colour);
        let mut r = r.shl(sgsb);
        let c10 = !p.absolute_imbalance || !o.absolute_imbalance || p.preference != o.preference;
        if in_cur && c10 {
            r = r.or(&W::from_u64(1));
        }
        r = r.shl(sgsb);
        let c11 = !p.absolute()
            || !o.absolute()
            || p.preference != o.preference
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let lesser = if p.imbalance > o.imbalance { o } else { p };
                lesser.repeated != p.preference.map(Colour::invert)
            };
        if in_cur && c11 {
            r = r.or(&W::from_u64(1));
        }
        r = r.shl(sgsb);
        if in_cur && super::colour::compatible(p.preference, o.preference) {
            r = r.or(&W::from_u64(1));
        }
        r = r.shl(sgsb);
        let c13 = (!p.strong && !p.absolute())
            || (!o.strong && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.preference != o.preference;
        if in_cur && c13 {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn edge_weight(
        &self,
        h: &Player,
        lo: &Player,
        in_cur: bool,
        in_next: bool,
        bye_score: u32,
        single_bye: bool,
    ) -> W {
        let t = self.t;
        if !t.compatible(h, lo) {
            return W::zero();
        }
        let sgsb = self.l.score_group_size_bits;
        let sgs = self.l.score_groups_shift;
        let one = W::from_u64(1);
        let mut r = W::from_u64(
            1 + u64::from(!self.is_bye_candidate(h, bye_score))
                + u64::from(!self.is_bye_candidate(lo, bye_score)),
        );
        r = r.shl(sgsb);
        if in_cur {
            r = r.or(&one);
        }
        r = r.shl(sgs);
        if in_cur {
            r = r.or(&one.shl(self.shift_of(h.score)));
        }
        r = r.shl(sgsb);
        if in_next {
            r = r.or(&one);
        }
        r = r.shl(sgs);
        if in_next {
            r = r.or(&one.shl(self.shift_of(h.score)));
        }
        r = r.shl(sgsb).shl(sgsb);
        if single_bye {
            if h.score == bye_score {
                let rank = self
                    .unplayed_ranks
                    .get(&h.played_games)
                    .copied()
                    .unwrap_or(0);
                r = r.or(&W::from_u64(rank as u64));
            }
            if lo.score == bye_score {
                let rank = self
                    .unplayed_ranks
                    .get(&lo.played_games)
                    .copied()
                    .unwrap_or(0);
                r = r.add(&W::from_u64(rank as u64));
            }
        }
        r = self.colour_bits(r, lo, h, in_cur);
        let b = |x: bool| W::from_u64(u64::from(x));
        for back in 1..=2usize {
            if t.played_rounds >= back {
                r = r.shl(sgsb);
                if in_cur {
                    r = r.or(&b(t.get_float(lo, back) == Float::Down));
                    r = r.add(&b(
                        h.score <= lo.score && t.get_float(h, back) == Float::Down
                    ));
                }
                r = r.shl(sgsb);
                if in_cur {
                    r = r.or(&b(
                        !(h.score > lo.score && t.get_float(lo, back) == Float::Up)
                    ));
                }
            }
        }
        for back in 1..=2usize {
            if t.played_rounds >= back {
                r = r.shl(sgs);
                if in_cur {
                    r = r
                        .add(&b(t.get_float(lo, back) == Float::Down).shl(self.shift_of(lo.score)));
                    r = r.add(&b(t.get_float(h, back) == Float::Down).shl(self.shift_of(h.score)));
                }
                r = r.shl(sgs);
                if in_cur && !(t.get_float(lo, back) == Float::Up && h.score > lo.score) {
                    r = r.or(&one.shl(self.shift_of(h.score)));
                }
            }
        }
        r.shl(sgsb).shl(sgsb).shl(sgsb).shl(1)
    }
}

fn mates_vec<W: Weight>(m: &Matcher<W>) -> Vec<usize> {
    m.mates()
        .iter()
        .enumerate()
        .map(|(i, x)| x.unwrap_or(i))
        .collect()
}

fn finalize_pair<W: Weight>(m: &mut Matcher<W>, a: usize, b: usize, w: W) {
    let n = m.len();
    for u in 0..n {
        if u != a {
            m.set_weight(a, u, if u == b { w } else { W::zero() });
        }
        if u != b {
            m.set_weight(b, u, if u == a { w } else { W::zero() });
        }
    }
}

/// Gives `pv`'s edges to the vertices in `edges` their new weights (vertex, weight), solves the
/// matching again and returns each vertex's mate (itself when unmatched). Callers pass only
/// edges whose base weight is not zero: zero marks a pair that may not be made (C.04.3 absolute
/// criteria C1–C3) and must stay so.
fn reweigh_and_solve<W: Weight>(
    m: &mut Matcher<W>,
    pv: usize,
    edges: impl IntoIterator<Item = (usize, W)>,
) -> Vec<usize> {
    for (ov, w) in edges {
        m.set_weight(pv, ov, w);
    }
    m.solve();
    mates_vec(m)
}

/// Pairs `pv` for good with its best opponent: [`reweigh_and_solve`] with the preference
/// `edges`, then the pair found is fixed (its weight set to `max_weight`, every other edge of
/// the two to zero). Returns the mates and `pv`'s opponent.
fn pair_with_best<W: Weight>(
    m: &mut Matcher<W>,
    pv: usize,
    edges: impl IntoIterator<Item = (usize, W)>,
    max_weight: W,
) -> (Vec<usize>, usize) {
    let stable = reweigh_and_solve(m, pv, edges);
    let mv = stable.get(pv).copied().unwrap_or(pv);
    finalize_pair(m, pv, mv, max_weight);
    (stable, mv)
}

/// The matching: for each player index, the partner (or `None` for the bye).
fn compute_matching<W: Weight>(t: &Tournament) -> Result<Vec<Option<usize>>, PairingError> {
    let sorted = sorted_players(t);
    let np = t.players.len();
    let mut matching_by_id: Vec<Option<usize>> = vec![None; np];
    if sorted.is_empty() {
        return Ok(matching_by_id);
    }
    let l = layout(t, &sorted);
    let max_weight = W::ones(weight_bits(t, &l) + 1);
    let mut ctx = Ctx::<W> {
        t,
        l,
        max_weight,
        unplayed_ranks: HashMap::new(),
    };
    let n = sorted.len();
    let p = |i: usize| &t.players[sorted[i]];
    let sgsb = ctx.l.score_group_size_bits;
    let sgs = ctx.l.score_groups_shift;
    let top_score = p(0).score;
    let mut m = Matcher::<W>::new(n, max_weight);
    for i in 0..n {
        for j in 0..i {
            let w = if n & 1 == 1 {
                let (pl, op) = (p(i), p(j));
                if t.compatible(pl, op) {
                    let mut w = W::from_u64(
                        1 + u64::from(!t.eligible_for_bye(pl)) + u64::from(!t.eligible_for_bye(op)),
                    );
                    w = w.shl(sgs);
                    w = w.or(&W::from_u64(
                        u64::from(ctx.shift_of(pl.score)) + u64::from(ctx.shift_of(op.score)),
                    ));
                    w = w.shl(sgsb);
                    w.or(&W::from_u64(u64::from(pl.score >= top_score)))
                } else {
                    W::zero()
                }
            } else {
                ctx.edge_weight(p(j), p(i), false, false, 0, false)
            };
            m.set_weight(i, j, w);
        }
    }
    m.solve();
    let mut bye_score = 0u32;
    let mut single_bye;
    {
        let mv = mates_vec(&m);
        let mut unmatched = 0;
        for (i, &x) in mv.iter().enumerate() {
            if x == i {
                unmatched += 1;
                if unmatched > 1 || !t.eligible_for_bye(p(i)) {
                    return Err(PairingError::NoLegalPairing);
                }
            }
        }
        if n & 1 == 1 {
            if let Some(i) = (0..n).find(|&i| mv[i] == i) {
                bye_score = p(i).score;
            }
            if bye_score >= top_score {
                single_bye = true;
                for i in 0..n {
                    if p(i).score < top_score {
                        break;
                    }
                    if p(mv[i]).score < top_score {
                        single_bye = false;
                        break;
                    }
                }
            } else {
                single_bye = false;
            }
            let mut counts: Vec<u32> = (0..n)
                .filter(|&i| p(i).score == bye_score)
                .map(|i| p(i).played_games)
                .collect();
            counts.sort_by(|a, b| b.cmp(a));
            for (rank, c) in counts.into_iter().enumerate() {
                ctx.unplayed_ranks.insert(c, rank);
            }
            for i in 0..n {
                for j in 0..i {
                    let w = ctx.edge_weight(p(j), p(i), false, false, bye_score, single_bye);
                    m.set_weight(i, j, w);
                }
            }
        } else {
            single_bye = false;
        }
    }
    let ctx = ctx;

    let mut players_by_index: Vec<usize> = Vec::new(); // sorted positions
    let mut vertex_indices: Vec<usize> = Vec::new();
    let mut next_sg = 0usize; // iterator into sorted
    while next_sg < n && p(next_sg).score >= top_score {
        players_by_index.push(next_sg);
        vertex_indices.push(vertex_indices.len());
        next_sg += 1;
    }
    let mut matched = vec![false; n];
    let mut score_group_begin = 0usize;
    let mut score_group_begin_vertex = 0usize;

    while players_by_index.len() > 1 || next_sg < n {
        let next_score_group_begin = players_by_index.len();
        let next_score_group_begin_vertex =
            score_group_begin_vertex + (next_score_group_begin - score_group_begin);
        let score_group_iter = next_sg;
        while next_sg < n && p(next_sg).score >= p(score_group_iter).score {
            players_by_index.push(next_sg);
            let last = *vertex_indices.last().unwrap_or(&usize::MAX);
            vertex_indices.push(last.wrapping_add(1));
            next_sg += 1;
        }
        let pbi = |k: usize| p(players_by_index[k]);
        let size = players_by_index.len();
        // base[larger][smaller]
        let mut base: Vec<Vec<W>> = vec![Vec::new(); size];
        for larger in score_group_begin..size {
            for smaller in 0..larger {
                base[larger].push(ctx.edge_weight(
                    pbi(smaller),
                    pbi(larger),
                    larger < next_score_group_begin,
                    larger >= next_score_group_begin,
                    bye_score,
                    single_bye,
                ));
            }
        }
        for (larger, row) in base.iter().enumerate() {
            for (smaller, w) in row.iter().enumerate() {
                m.set_weight(vertex_indices[larger], vertex_indices[smaller], *w);
            }
        }
        let ewc = |base: &Vec<Vec<W>>, smaller: usize, larger: usize, sri: usize, rp: usize| -> W {
            let r = base[larger][smaller];
            if r.is_zero() {
                return r;
            }
            let mut addend = W::from_u64(u64::from(sri < rp));
            addend = addend.shl(sgsb).shl(sgsb);
            addend = addend.sub(&W::from_u64(sri as u64));
            addend = addend.shl(1);
            r.add(&addend)
        };
        let in_bracket =
            |x: usize| x >= score_group_begin_vertex && x < next_score_group_begin_vertex;

        m.solve();
        let mut stable = mates_vec(&m);

        // Choose the moved-down players to pair in this bracket.
        let mut md_score = 0u32;
        let mut remaining_md = 0usize;
        let mut remaining_matched_md = 0usize;
        for pi in 0..score_group_begin {
            if pi == 0 || pbi(pi).score < md_score {
                md_score = pbi(pi).score;
                remaining_matched_md = 0;
                remaining_md = 0;
                let mut k = pi;
                while k < size && pbi(k).score >= md_score {
                    remaining_md += 1;
                    if in_bracket(stable[vertex_indices[k]]) {
                        remaining_matched_md += 1;
                    }
                    k += 1;
                }
            }
            if remaining_matched_md == 0 {
                continue;
            }
            let pv = vertex_indices[pi];
            if remaining_md <= remaining_matched_md {
                matched[pv] = true;
                continue;
            }
            remaining_md -= 1;
            if !in_bracket(stable[pv]) {
                let edges = (score_group_begin..next_score_group_begin)
                    .map(|oi| (vertex_indices[oi], base[oi][pi]))
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.or(&W::from_u64(1))));
                stable = reweigh_and_solve(&mut m, pv, edges);
            }
            if in_bracket(stable[pv]) {
                matched[pv] = true;
                remaining_matched_md -= 1;
                for oi in score_group_begin..next_score_group_begin {
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        let w = w
                            .or(&W::from_u64(
                                (next_score_group_begin - score_group_begin) as u64,
                            ))
                            .add(&W::from_u64(1));
                        m.set_weight(pv, vertex_indices[oi], w);
                    }
                }
            }
        }

        // Choose the opponents of the moved-down players.
        for pi in 0..score_group_begin {
            let pv = vertex_indices[pi];
            if !matched[pv] {
                continue;
            }
            // The lowest allowed opponent gets the smallest bonus, so the highest one is
            // preferred; the bonus counts allowed opponents only.
            let edges = (score_group_begin..next_score_group_begin)
                .rev()
                .map(|oi| (vertex_indices[oi], base[oi][pi]))
                .filter(|&(ov, w)| !matched[ov] && !w.is_zero())
                .zip(size as u64..)
                .map(|((ov, w), addend)| (ov, w.add(&W::from_u64(addend))));
            let mv;
            (stable, mv) = pair_with_best(&mut m, pv, edges, ctx.max_weight);
            matched[mv] = true;
        }

        // The remainder.
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0usize;
        for pi in score_group_begin..next_score_group_begin {
            let pv = vertex_indices[pi];
            if stable[pv] < score_group_begin_vertex {
                continue;
            }
            remainder.push(pi);
            if stable[pv] < pv {
                remainder_pairs += 1;
            }
        }
        let first_group_end = remainder_pairs; // index into remainder

        for (ri, &oi) in remainder.iter().enumerate() {
            let ov = vertex_indices[oi];
            for (pri, &pi) in remainder.iter().enumerate().take(ri) {
                if oi <= pi {
                    break;
                }
                m.set_weight(
                    vertex_indices[pi],
                    ov,
                    ewc(&base, pi, oi, pri, remainder_pairs),
                );
            }
        }
        m.solve();
        stable = mates_vec(&m);

        let mut exchange_count = 0usize;
        for &pi in remainder.iter() {
            if first_group_end >= remainder.len() || pi >= remainder[first_group_end] {
                break;
            }
            let pv = vertex_indices[pi];
            exchange_count +=
                usize::from(stable[pv] <= pv || stable[pv] >= next_score_group_begin_vertex);
        }

        // Select lower players from the higher group to be exchanged where possible.
        let mut exchanges_remaining = exchange_count;
        let mut pri = remainder_pairs;
        let mut it = first_group_end;
        while it > 0 && exchanges_remaining > 0 {
            let opp_start = it;
            pri -= 1;
            it -= 1;
            let pi = remainder[it];
            let pv = vertex_indices[pi];
            if stable[pv] > pv && stable[pv] < next_score_group_begin_vertex {
                let edges = remainder[opp_start..]
                    .iter()
                    .map(|&oi| (vertex_indices[oi], ewc(&base, pi, oi, pri, remainder_pairs)))
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.sub(&W::from_u64(1))));
                stable = reweigh_and_solve(&mut m, pv, edges);
            }
            let exchange = stable[pv] <= pv || stable[pv] >= next_score_group_begin_vertex;
            exchanges_remaining -= usize::from(exchange);
            for &oi in &remainder[it + 1..] {
                if exchange {
                    base[oi][pi] = W::zero();
                }
                m.set_weight(
                    pv,
                    vertex_indices[oi],
                    ewc(&base, pi, oi, pri, remainder_pairs),
                );
            }
        }

        // Select higher players from the lower group to be exchanged where possible.
        let mut exchanges_remaining = exchange_count;
        let mut remainder_index = remainder_pairs;
        let mut it = first_group_end;
        while it < remainder.len() && exchanges_remaining > 1 {
            let pi = remainder[it];
            let pv = vertex_indices[pi];
            let already = stable[pv] > pv && stable[pv] < next_score_group_begin_vertex;
            if !already {
                let edges = remainder[it + 1..]
                    .iter()
                    .map(|&oi| {
                        let w = ewc(&base, pi, oi, remainder_index, remainder_pairs);
                        (vertex_indices[oi], w)
                    })
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.add(&W::from_u64(1))));
                stable = reweigh_and_solve(&mut m, pv, edges);
            }
            let exchange = stable[pv] > pv && stable[pv] < next_score_group_begin_vertex;
            if exchange {
                exchanges_remaining -= 1;
                for &oi in &remainder[..it] {
                    base[pi][oi] = W::zero();
                    m.set_weight(pv, vertex_indices[oi], W::zero());
                }
                for oi in next_score_group_begin..size {
                    base[oi][pi] = W::zero();
                    m.set_weight(pv, vertex_indices[oi], W::zero());
                }
            }
            if !already {
                for &oi in &remainder[it + 1..] {
                    m.set_weight(
                        pv,
                        vertex_indices[oi],
                        ewc(&base, pi, oi, remainder_index, remainder_pairs),
                    );
                }
            }
            remainder_index += 1;
            it += 1;
        }

        // Finalize which players will be exchanged.
        for a in 0..remainder.len() {
            let pi = remainder[a];
            let pv = vertex_indices[pi];
            for &oi in &remainder[a + 1..] {
                let ov = vertex_indices[oi];
                if stable[pv] <= pv
                    || stable[pv] >= next_score_group_begin_vertex
                    || (stable[ov] > ov && stable[ov] < next_score_group_begin_vertex)
                {
                    base[oi][pi] = W::zero();
                }
                m.set_weight(pv, ov, base[oi][pi]);
            }
        }

        // Choose the partner of each player of the first group.
        for &pi in &remainder {
            let pv = vertex_indices[pi];
            if stable[pv] > pv && stable[pv] < next_score_group_begin_vertex {
                // Unlike above, the bonus counts every unmatched lower player, allowed or not.
                let edges = remainder
                    .iter()
                    .rev()
                    .filter(|&&oi| oi > pi && !matched[vertex_indices[oi]])
                    .zip(0u64..)
                    .map(|(&oi, addend)| (vertex_indices[oi], base[oi][pi], addend))
                    .filter(|(_, w, _)| !w.is_zero())
                    .map(|(ov, w, addend)| (ov, w.add(&W::from_u64(addend))));
                let mv;
                (stable, mv) = pair_with_best(&mut m, pv, edges, ctx.max_weight);
                matched[pv] = true;
                matched[mv] = true;
            }
        }

        // Next bracket.
        let mut new_pbi = Vec::new();
        let mut new_vi = Vec::new();
        score_group_begin = 0;
        single_bye = n & 1 == 1 && score_group_iter < n && bye_score >= p(score_group_iter).score;
        for k in 0..size {
            let pv = vertex_indices[k];
            if k < next_score_group_begin && matched[pv] {
                let a = sorted[players_by_index[k]];
                let b = sorted[stable[pv]];
                matching_by_id[a] = Some(b);
                matching_by_id[b] = Some(a);
            } else {
                new_pbi.push(players_by_index[k]);
                new_vi.push(pv);
                if k < next_score_group_begin {
                    score_group_begin += 1;
                }
                if single_bye
                    && score_group_iter < n
                    && p(stable[pv]).score < p(score_group_iter).score
                {
                    single_bye = false;
                }
            }
        }
        players_by_index = new_pbi;
        vertex_indices = new_vi;
        score_group_begin_vertex = next_score_group_begin_vertex;
    }
    Ok(matching_by_id)
}

/// bbpPairings' `choosePlayerColor`: the colour of `player` against `opponent`.
pub(crate) fn choose_colour(
    t: &Tournament,
    player: &Player,
    opponent: &Player,
) -> (Colour, ColourRule) {
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
                    t.initial_colour.invert()
                }
            } else if player.rank_index & 1 == 1 {
                t.initial_colour.invert()
            } else {
                t.initial_colour
            };
            (c, ColourRule::RankParity)
        }
        Some(pref) => {
            let c = if below {
                opponent.colour.preference.map_or(pref, Colour::invert)
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
                    let (white, black) = if c == Colour::White { (i, j) } else { (j, i) };
                    pairs.push(Pr { white, black, rule });
                }
            }
            None => bye = Some(i),
        }
    }
    let higher_lower = |pr: &Pr| -> (usize, usize) {
        let (w, b) = (&t.players[pr.white], &t.players[pr.black]);
        // unacceleratedScoreRankCompare(white, black): white ranks below black.
        if (w.score, b.rank_index) < (b.score, w.rank_index) {
            (pr.black, pr.white)
        } else {
            (pr.white, pr.black)
        }
    };
    pairs.sort_by(|a, b| {
        let (ha, la) = higher_lower(a);
        let (hb, lb) = higher_lower(b);
        let pa = &t.players;
        (pa[hb].score, pa[lb].score, pa[ha].rank_index).cmp(&(
            pa[ha].score,
            pa[la].score,
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
