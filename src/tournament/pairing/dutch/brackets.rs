//! The Dutch matching loop (bbpPairings' `computeMatching`), in three parts:
//!
//! 1. **Bye choice** ([`choose_bye`]): one round-wide matching proves that a pairing
//!    satisfying the absolute criteria exists (C.04.3 C1–C4) and fixes the score of the
//!    pairing-allocated bye's receiver (C5, C9).
//! 2. **Brackets** ([`Brackets::pair_bracket`]), from the top score group down: the bracket's
//!    edge weights ([`super::criteria`]) are loaded into the incremental matcher, then its
//!    decisions are fixed one at a time in the handbook's candidate order (C.04.3 D): which
//!    moved-down players (MDPs, the floaters from above) are paired and against whom, which
//!    S1/S2 players of the remainder are exchanged, each S1 player's partner. Unpaired players
//!    float down into the next bracket.
//! 3. **Completion** ([`Brackets::complete_bracket`]): the fixed pairs are recorded, the rest
//!    carried into the next bracket.

use std::collections::HashMap;

use super::super::PairingError;
use super::super::matching::Matcher;
use super::super::wide::Weight;
use super::criteria::{Ctx, layout, weight_bits};
use super::{Player, Tournament, sorted_players};

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
pub(super) fn compute_matching<W: Weight>(
    t: &Tournament,
) -> Result<Vec<Option<usize>>, PairingError> {
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
        outside_unit: std::cell::OnceCell::new(),
    };
    let n = sorted.len();
    let mut m = Matcher::<W>::new(n, max_weight);
    let (bye_score, single_bye) = choose_bye(&mut ctx, &mut m, &sorted)?;
    let ctx = ctx;
    let p = |i: usize| &t.players[sorted[i]];
    let top_score = p(0).score;

    let mut players_by_index: Vec<usize> = Vec::new(); // sorted positions
    let mut vertex_indices: Vec<usize> = Vec::new();
    let mut next_sg = 0usize; // iterator into sorted
    while next_sg < n && p(next_sg).score >= top_score {
        players_by_index.push(next_sg);
        vertex_indices.push(vertex_indices.len());
        next_sg += 1;
    }
    let mut brackets = Brackets {
        ctx: &ctx,
        sorted: &sorted,
        m,
        bye_score,
        single_bye,
        players_by_index,
        vertex_indices,
        next_sg,
        matched: vec![false; n],
        score_group_begin: 0,
        score_group_begin_vertex: 0,
    };
    while brackets.players_by_index.len() > 1 || brackets.next_sg < n {
        brackets.pair_bracket(&mut matching_by_id);
    }
    Ok(matching_by_id)
}

/// Bye choice: the first, round-wide matching. Fails with [`PairingError::NoLegalPairing`] when
/// no pairing leaves at most one player unpaired, who must be eligible for the bye (C.04.3
/// C1–C4). With an odd number of players it returns the score of the bye's receiver (C5),
/// whether the top bracket's single downfloater takes the bye, and ranks the bye score's players
/// by played games (C9), then reloads every edge with the full criteria.
fn choose_bye<W: Weight>(
    ctx: &mut Ctx<'_, W>,
    m: &mut Matcher<W>,
    sorted: &[usize],
) -> Result<(u32, bool), PairingError> {
    let t = ctx.t;
    let n = sorted.len();
    let p = |i: usize| &t.players[sorted[i]];
    let top_score = p(0).score;
    for i in 0..n {
        for j in 0..i {
            let w = if n & 1 == 1 {
                ctx.bye_choice_weight(p(i), p(j), top_score)
            } else {
                ctx.edge_weight(p(j), p(i), false, false, 0, false)
            };
            m.set_weight(i, j, w);
        }
    }
    m.solve();
    let mut bye_score = 0u32;
    let mut single_bye;
    let mv = mates_vec(m);
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
    Ok((bye_score, single_bye))
}

/// The state carried from bracket to bracket.
struct Brackets<'a, W: Weight> {
    ctx: &'a Ctx<'a, W>,
    /// Players in score order (indices into the tournament's players).
    sorted: &'a [usize],
    m: Matcher<W>,
    bye_score: u32,
    single_bye: bool,
    /// Positions in `sorted` of the players still to pair: the moved-down players first, then
    /// the bracket's residents, then (while a bracket is paired) the next score group.
    players_by_index: Vec<usize>,
    /// The matcher's vertex of each entry of `players_by_index`.
    vertex_indices: Vec<usize>,
    /// The first position in `sorted` not yet in `players_by_index`.
    next_sg: usize,
    /// Vertices whose pair is fixed.
    matched: Vec<bool>,
    /// Where the bracket's residents start in `players_by_index` (the MDPs come before).
    score_group_begin: usize,
    score_group_begin_vertex: usize,
}

/// One bracket while it is paired.
struct Bracket<W> {
    /// Where the next score group starts in `players_by_index`.
    next_score_group_begin: usize,
    next_score_group_begin_vertex: usize,
    /// The next score group's first position in `sorted`.
    score_group_iter: usize,
    size: usize,
    /// The criteria's weight of each pair: `base[larger][smaller]` (positions in
    /// `players_by_index`).
    base: Vec<Vec<W>>,
    /// Each vertex's mate in the last solved matching (itself when unmatched).
    stable: Vec<usize>,
    /// The residents (and unpaired MDPs) left to pair after the MDPs.
    remainder: Vec<usize>,
    /// Pairs of the remainder in the last matching: S1's size.
    remainder_pairs: usize,
    /// Index in `remainder` where S2 starts.
    first_group_end: usize,
    /// How many S1 players must be exchanged.
    exchange_count: usize,
}

impl<'a, W: Weight> Brackets<'a, W> {
    fn p(&self, i: usize) -> &'a Player {
        &self.ctx.t.players[self.sorted[i]]
    }

    /// The player at position `k` of `players_by_index`.
    fn pbi(&self, k: usize) -> &'a Player {
        self.p(self.players_by_index[k])
    }

    /// A remainder pair's weight with the S1/S2 candidate-order bits: a preference for pairs
    /// across S1 and S2, then for the higher S1 player (`sri` its remainder index, `rp` S1's
    /// size).
    fn ewc(&self, base: &[Vec<W>], smaller: usize, larger: usize, sri: usize, rp: usize) -> W {
        let sgsb = self.ctx.l.score_group_size_bits;
        let r = base[larger][smaller];
        if r.is_zero() {
            return r;
        }
        let mut addend = W::from_u64(u64::from(sri < rp));
        addend = addend.shl(sgsb).shl(sgsb);
        addend = addend.sub(&W::from_u64(sri as u64));
        addend = addend.shl(1);
        r.add(&addend)
    }

    /// Pairs one bracket (the MDPs and the next score group) and carries its unpaired players
    /// into the next.
    fn pair_bracket(&mut self, matching_by_id: &mut [Option<usize>]) {
        let mut b = self.load_bracket();
        self.choose_moved_down_players(&mut b);
        self.choose_moved_down_opponents(&mut b);
        self.load_remainder(&mut b);
        self.choose_s1_exchanges(&mut b);
        self.choose_s2_exchanges(&mut b);
        self.finalize_exchanges(&mut b);
        self.choose_s1_partners(&mut b);
        self.complete_bracket(&b, matching_by_id);
    }

    fn in_bracket(&self, b: &Bracket<W>, x: usize) -> bool {
        x >= self.score_group_begin_vertex && x < b.next_score_group_begin_vertex
    }

    /// Adds the next score group, loads the criteria's weights of every pair still open
    /// (residents and MDPs with the bracket, the next group for C8's look-ahead) and solves.
    fn load_bracket(&mut self) -> Bracket<W> {
        let n = self.sorted.len();
        let next_score_group_begin = self.players_by_index.len();
        let next_score_group_begin_vertex =
            self.score_group_begin_vertex + (next_score_group_begin - self.score_group_begin);
        let score_group_iter = self.next_sg;
        while self.next_sg < n && self.p(self.next_sg).score >= self.p(score_group_iter).score {
            self.players_by_index.push(self.next_sg);
            let last = *self.vertex_indices.last().unwrap_or(&usize::MAX);
            self.vertex_indices.push(last.wrapping_add(1));
            self.next_sg += 1;
        }
        let size = self.players_by_index.len();
        // base[larger][smaller]
        let mut base: Vec<Vec<W>> = vec![Vec::new(); size];
        for larger in self.score_group_begin..size {
            for smaller in 0..larger {
                base[larger].push(self.ctx.edge_weight(
                    self.pbi(smaller),
                    self.pbi(larger),
                    larger < next_score_group_begin,
                    larger >= next_score_group_begin,
                    self.bye_score,
                    self.single_bye,
                ));
            }
        }
        for (larger, row) in base.iter().enumerate() {
            for (smaller, w) in row.iter().enumerate() {
                self.m.set_weight(
                    self.vertex_indices[larger],
                    self.vertex_indices[smaller],
                    *w,
                );
            }
        }
        self.m.solve();
        Bracket {
            next_score_group_begin,
            next_score_group_begin_vertex,
            score_group_iter,
            size,
            base,
            stable: mates_vec(&self.m),
            remainder: Vec::new(),
            remainder_pairs: 0,
            first_group_end: 0,
            exchange_count: 0,
        }
    }

    /// Choose the moved-down players to pair in this bracket (C.04.3 D: MDP sets in order),
    /// from the highest score down.
    fn choose_moved_down_players(&mut self, b: &mut Bracket<W>) {
        let score_group_begin = self.score_group_begin;
        let next_score_group_begin = b.next_score_group_begin;
        let size = b.size;
        let mut md_score = 0u32;
        let mut remaining_md = 0usize;
        let mut remaining_matched_md = 0usize;
        for pi in 0..score_group_begin {
            if pi == 0 || self.pbi(pi).score < md_score {
                md_score = self.pbi(pi).score;
                remaining_matched_md = 0;
                remaining_md = 0;
                let mut k = pi;
                while k < size && self.pbi(k).score >= md_score {
                    remaining_md += 1;
                    if self.in_bracket(b, b.stable[self.vertex_indices[k]]) {
                        remaining_matched_md += 1;
                    }
                    k += 1;
                }
            }
            if remaining_matched_md == 0 {
                continue;
            }
            let pv = self.vertex_indices[pi];
            if remaining_md <= remaining_matched_md {
                self.matched[pv] = true;
                continue;
            }
            remaining_md -= 1;
            if !self.in_bracket(b, b.stable[pv]) {
                let vertex_indices = &self.vertex_indices;
                let base = &b.base;
                let edges = (score_group_begin..next_score_group_begin)
                    .map(|oi| (vertex_indices[oi], base[oi][pi]))
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.or(&W::from_u64(1))));
                b.stable = reweigh_and_solve(&mut self.m, pv, edges);
            }
            if self.in_bracket(b, b.stable[pv]) {
                self.matched[pv] = true;
                remaining_matched_md -= 1;
                for oi in score_group_begin..next_score_group_begin {
                    let w = b.base[oi][pi];
                    if !w.is_zero() {
                        let w = w
                            .or(&W::from_u64(
                                (next_score_group_begin - score_group_begin) as u64,
                            ))
                            .add(&W::from_u64(1));
                        self.m.set_weight(pv, self.vertex_indices[oi], w);
                    }
                }
            }
        }
    }

    /// Choose the opponents of the moved-down players.
    fn choose_moved_down_opponents(&mut self, b: &mut Bracket<W>) {
        let (score_group_begin, next_score_group_begin) =
            (self.score_group_begin, b.next_score_group_begin);
        for pi in 0..score_group_begin {
            let pv = self.vertex_indices[pi];
            if !self.matched[pv] {
                continue;
            }
            // The lowest allowed opponent gets the smallest bonus, so the highest one is
            // preferred; the bonus counts allowed opponents only.
            let (vertex_indices, matched, base) = (&self.vertex_indices, &self.matched, &b.base);
            let edges = (score_group_begin..next_score_group_begin)
                .rev()
                .map(|oi| (vertex_indices[oi], base[oi][pi]))
                .filter(|&(ov, w)| !matched[ov] && !w.is_zero())
                .zip(b.size as u64..)
                .map(|((ov, w), addend)| (ov, w.add(&W::from_u64(addend))));
            let mv;
            (b.stable, mv) = pair_with_best(&mut self.m, pv, edges, self.ctx.max_weight);
            self.matched[mv] = true;
        }
    }

    /// The remainder: the bracket's players left after the MDPs, split into S1 (those paired
    /// downwards in the last matching) and S2; loads the S1/S2 order into its weights and
    /// counts the exchanges the optimum needs.
    fn load_remainder(&mut self, b: &mut Bracket<W>) {
        let score_group_begin_vertex = self.score_group_begin_vertex;
        let next_score_group_begin_vertex = b.next_score_group_begin_vertex;
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0usize;
        for pi in self.score_group_begin..b.next_score_group_begin {
            let pv = self.vertex_indices[pi];
            if b.stable[pv] < score_group_begin_vertex {
                continue;
            }
            remainder.push(pi);
            if b.stable[pv] < pv {
                remainder_pairs += 1;
            }
        }
        let first_group_end = remainder_pairs; // index into remainder

        for (ri, &oi) in remainder.iter().enumerate() {
            let ov = self.vertex_indices[oi];
            for (pri, &pi) in remainder.iter().enumerate().take(ri) {
                if oi <= pi {
                    break;
                }
                let w = self.ewc(&b.base, pi, oi, pri, remainder_pairs);
                self.m.set_weight(self.vertex_indices[pi], ov, w);
            }
        }
        self.m.solve();
        b.stable = mates_vec(&self.m);

        let mut exchange_count = 0usize;
        for &pi in remainder.iter() {
            if first_group_end >= remainder.len() || pi >= remainder[first_group_end] {
                break;
            }
            let pv = self.vertex_indices[pi];
            exchange_count +=
                usize::from(b.stable[pv] <= pv || b.stable[pv] >= next_score_group_begin_vertex);
        }
        b.remainder = remainder;
        b.remainder_pairs = remainder_pairs;
        b.first_group_end = first_group_end;
        b.exchange_count = exchange_count;
    }

    /// Select lower players from the higher group (S1) to be exchanged where possible.
    fn choose_s1_exchanges(&mut self, b: &mut Bracket<W>) {
        let next_score_group_begin_vertex = b.next_score_group_begin_vertex;
        let remainder_pairs = b.remainder_pairs;
        let mut exchanges_remaining = b.exchange_count;
        let mut pri = remainder_pairs;
        let mut it = b.first_group_end;
        while it > 0 && exchanges_remaining > 0 {
            let opp_start = it;
            pri -= 1;
            it -= 1;
            let pi = b.remainder[it];
            let pv = self.vertex_indices[pi];
            if b.stable[pv] > pv && b.stable[pv] < next_score_group_begin_vertex {
                let edges: Vec<(usize, W)> = b.remainder[opp_start..]
                    .iter()
                    .map(|&oi| {
                        (
                            self.vertex_indices[oi],
                            self.ewc(&b.base, pi, oi, pri, remainder_pairs),
                        )
                    })
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.sub(&W::from_u64(1))))
                    .collect();
                b.stable = reweigh_and_solve(&mut self.m, pv, edges);
            }
            let exchange = b.stable[pv] <= pv || b.stable[pv] >= next_score_group_begin_vertex;
            exchanges_remaining -= usize::from(exchange);
            for k in it + 1..b.remainder.len() {
                let oi = b.remainder[k];
                if exchange {
                    b.base[oi][pi] = W::zero();
                }
                let w = self.ewc(&b.base, pi, oi, pri, remainder_pairs);
                self.m.set_weight(pv, self.vertex_indices[oi], w);
            }
        }
    }

    /// Select higher players from the lower group (S2) to be exchanged where possible.
    fn choose_s2_exchanges(&mut self, b: &mut Bracket<W>) {
        let next_score_group_begin_vertex = b.next_score_group_begin_vertex;
        let remainder_pairs = b.remainder_pairs;
        let mut exchanges_remaining = b.exchange_count;
        let mut remainder_index = remainder_pairs;
        let mut it = b.first_group_end;
        while it < b.remainder.len() && exchanges_remaining > 1 {
            let pi = b.remainder[it];
            let pv = self.vertex_indices[pi];
            let already = b.stable[pv] > pv && b.stable[pv] < next_score_group_begin_vertex;
            if !already {
                let edges: Vec<(usize, W)> = b.remainder[it + 1..]
                    .iter()
                    .map(|&oi| {
                        let w = self.ewc(&b.base, pi, oi, remainder_index, remainder_pairs);
                        (self.vertex_indices[oi], w)
                    })
                    .filter(|(_, w)| !w.is_zero())
                    .map(|(ov, w)| (ov, w.add(&W::from_u64(1))))
                    .collect();
                b.stable = reweigh_and_solve(&mut self.m, pv, edges);
            }
            let exchange = b.stable[pv] > pv && b.stable[pv] < next_score_group_begin_vertex;
            if exchange {
                exchanges_remaining -= 1;
                for k in 0..it {
                    let oi = b.remainder[k];
                    b.base[pi][oi] = W::zero();
                    self.m.set_weight(pv, self.vertex_indices[oi], W::zero());
                }
                for oi in b.next_score_group_begin..b.size {
                    b.base[oi][pi] = W::zero();
                    self.m.set_weight(pv, self.vertex_indices[oi], W::zero());
                }
            }
            if !already {
                for &oi in &b.remainder[it + 1..] {
                    let w = self.ewc(&b.base, pi, oi, remainder_index, remainder_pairs);
                    self.m.set_weight(pv, self.vertex_indices[oi], w);
                }
            }
            remainder_index += 1;
            it += 1;
        }
    }

    /// Finalize which players will be exchanged.
    fn finalize_exchanges(&mut self, b: &mut Bracket<W>) {
        let next_score_group_begin_vertex = b.next_score_group_begin_vertex;
        let stable = &b.stable;
        for a in 0..b.remainder.len() {
            let pi = b.remainder[a];
            let pv = self.vertex_indices[pi];
            for &oi in &b.remainder[a + 1..] {
                let ov = self.vertex_indices[oi];
                if stable[pv] <= pv
                    || stable[pv] >= next_score_group_begin_vertex
                    || (stable[ov] > ov && stable[ov] < next_score_group_begin_vertex)
                {
                    b.base[oi][pi] = W::zero();
                }
                self.m.set_weight(pv, ov, b.base[oi][pi]);
            }
        }
    }

    /// Choose the partner of each player of the first group (S1), from the top down.
    fn choose_s1_partners(&mut self, b: &mut Bracket<W>) {
        let next_score_group_begin_vertex = b.next_score_group_begin_vertex;
        for &pi in &b.remainder {
            let pv = self.vertex_indices[pi];
            if b.stable[pv] > pv && b.stable[pv] < next_score_group_begin_vertex {
                // Unlike above, the bonus counts every unmatched lower player, allowed or not.
                let (vertex_indices, matched, base) =
                    (&self.vertex_indices, &self.matched, &b.base);
                let edges = b
                    .remainder
                    .iter()
                    .rev()
                    .filter(|&&oi| oi > pi && !matched[vertex_indices[oi]])
                    .zip(0u64..)
                    .map(|(&oi, addend)| (vertex_indices[oi], base[oi][pi], addend))
                    .filter(|(_, w, _)| !w.is_zero())
                    .map(|(ov, w, addend)| (ov, w.add(&W::from_u64(addend))));
                let mv;
                (b.stable, mv) = pair_with_best(&mut self.m, pv, edges, self.ctx.max_weight);
                self.matched[pv] = true;
                self.matched[mv] = true;
            }
        }
    }

    /// Completion: records the bracket's fixed pairs in `matching_by_id` and carries its
    /// unpaired players (the downfloaters) and the next score group into the next bracket.
    fn complete_bracket(&mut self, b: &Bracket<W>, matching_by_id: &mut [Option<usize>]) {
        let n = self.sorted.len();
        let score_group_iter = b.score_group_iter;
        let mut new_pbi = Vec::new();
        let mut new_vi = Vec::new();
        self.score_group_begin = 0;
        self.single_bye =
            n & 1 == 1 && score_group_iter < n && self.bye_score >= self.p(score_group_iter).score;
        for k in 0..b.size {
            let pv = self.vertex_indices[k];
            if k < b.next_score_group_begin && self.matched[pv] {
                let a = self.sorted[self.players_by_index[k]];
                let c = self.sorted[b.stable[pv]];
                matching_by_id[a] = Some(c);
                matching_by_id[c] = Some(a);
            } else {
                new_pbi.push(self.players_by_index[k]);
                new_vi.push(pv);
                if k < b.next_score_group_begin {
                    self.score_group_begin += 1;
                }
                if self.single_bye
                    && score_group_iter < n
                    && self.p(b.stable[pv]).score < self.p(score_group_iter).score
                {
                    self.single_bye = false;
                }
            }
        }
        self.players_by_index = new_pbi;
        self.vertex_indices = new_vi;
        self.score_group_begin_vertex = b.next_score_group_begin_vertex;
    }
}
