//! The criteria of the Dutch system (FIDE C.04.3, as in force since 1 February 2026) as the
//! edge weight of a candidate pair: the absolute criteria C1 and C3 make a pair impossible
//! (weight 0, see [`Tournament::c1_no_rematch`] and [`Tournament::c3_colour_compatible`]), and
//! every quality criterion C5–C21 is one bit field, highest criterion in the highest bits, so a
//! maximum-weight matching optimises them lexicographically (bbpPairings' `computeEdgeWeight`).
//!
//! One function per criterion, in the handbook's order. Each takes the weight built so far from
//! the higher criteria, shifts it left by the width of its own field and sets that field; a
//! criterion that does not apply yet (the float criteria before rounds 2 and 3) adds no field.
//! Field widths: `sgsb` bits ([`Layout::score_group_size_bits`]) hold a count of pairs or
//! players of one score group; `sgs` bits ([`Layout::score_groups_shift`]) hold one counter
//! per score group, the higher scores in the higher bits.

use std::cell::OnceCell;
use std::collections::HashMap;

use shakmaty::Color;

use super::super::wide::Weight;
use super::{Float, Player, Tournament, bits_to_represent, sorted_players};

/// Layout parameters of the edge weight.
pub(super) struct Layout {
    /// The bit offset of each score group's counter inside a per-score-group field.
    pub(super) score_group_shifts: HashMap<u32, u32>,
    /// Width of a per-score-group field (`sgs`): the sum of the score groups' counter widths.
    pub(super) score_groups_shift: u32,
    /// Width of a count field (`sgsb`): enough bits for the largest score group.
    pub(super) score_group_size_bits: u32,
}

pub(super) fn layout(t: &Tournament, sorted: &[usize]) -> Layout {
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

/// Bit length of the largest edge weight (bbpPairings' `computeEdgeWeight<true>`), plus room:
/// the widths of the fields of [`Ctx::edge_weight`], from the top.
pub(super) fn weight_bits(t: &Tournament, l: &Layout) -> u32 {
    let sgsb = l.score_group_size_bits;
    let sgs = l.score_groups_shift;
    // C5 (with C2/C4), C6, C7, C8 (pairs and scores), C9 (two count fields), C10–C13.
    let mut b = 2 + sgsb + sgs + sgsb + sgs + 2 * sgsb + 4 * sgsb;
    // C14, C15 and C18, C19 (floats one round back).
    if t.played_rounds > 0 {
        b += 2 * sgsb + 2 * sgs;
    }
    // C16, C17 and C20, C21 (floats two rounds back).
    if t.played_rounds > 1 {
        b += 2 * sgsb + 2 * sgs;
    }
    // The candidate-order room (see `candidate_order_room`).
    b + 3 * sgsb + 1
}

pub(super) fn required_bits(t: &Tournament) -> u32 {
    let sorted = sorted_players(t);
    let l = layout(t, &sorted);
    // Max weight has one bit more; the matcher doubles it and keeps duals up to twice that.
    weight_bits(t, &l) + 5
}

/// The edge-weight context of one round: the layout, the largest weight, and the bye
/// receiver's candidates ranked by played games (C9).
pub(super) struct Ctx<'a, W: Weight> {
    pub(super) t: &'a Tournament,
    pub(super) l: Layout,
    pub(super) max_weight: W,
    /// For each number of played games among the players of the bye score, its rank (most
    /// games first): the C9 field's value.
    pub(super) unplayed_ranks: HashMap<u32, usize>,
    /// `1` shifted past every field below C5's: the weight of a pair outside the bracket and
    /// the next score group is its C5 field times this (set on first use).
    pub(super) outside_unit: OnceCell<W>,
}

/// One candidate pair as the edge weight sees it (bbpPairings' `computeEdgeWeight` arguments).
struct Edge<'p> {
    /// The higher player (earlier in the score order).
    h: &'p Player,
    /// The lower player.
    lo: &'p Player,
    /// The lower player belongs to the bracket being paired: the bracket's criteria count.
    in_cur: bool,
    /// The lower player belongs to the next bracket (C8's look-ahead).
    in_next: bool,
    /// The score of the player chosen to receive the pairing-allocated bye (C5).
    bye_score: u32,
    /// The bracket's single downfloater is the bye receiver (C9 applies).
    single_bye: bool,
}

/// `1` or `0` as a weight.
fn bit<W: Weight>(x: bool) -> W {
    W::from_u64(u64::from(x))
}

impl<W: Weight> Ctx<'_, W> {
    pub(super) fn shift_of(&self, score: u32) -> u32 {
        self.l.score_group_shifts.get(&score).copied().unwrap_or(0)
    }

    fn is_bye_candidate(&self, p: &Player, bye_score: u32) -> bool {
        self.t.eligible_for_bye(p) && p.score <= bye_score
    }

    /// The weight of the pair (`h` higher, `lo` lower) in the bracket being paired: zero when
    /// an absolute criterion forbids it (C1, C3), else one field per quality criterion, C5
    /// highest (bbpPairings' `computeEdgeWeight`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn edge_weight(
        &self,
        h: &Player,
        lo: &Player,
        in_cur: bool,
        in_next: bool,
        bye_score: u32,
        single_bye: bool,
    ) -> W {
        if !self.t.compatible(h, lo) {
            return W::zero();
        }
        let e = Edge {
            h,
            lo,
            in_cur,
            in_next,
            bye_score,
            single_bye,
        };
        let c5 = self.c5_bye_score(&e);
        if !in_cur && !in_next && !single_bye {
            // No criterion below C5 sets a bit for a pair outside the bracket and the next
            // score group (each field below is shifted in empty), so the weight is C5's value
            // (1 to 3) times the unit, without shifting each field in turn.
            let unit = *self
                .outside_unit
                .get_or_init(|| self.fields_below_c5(W::from_u64(1), &e));
            let mut r = unit;
            for _ in 1..c5 {
                r = r.add(&unit);
            }
            return r;
        }
        self.fields_below_c5(W::from_u64(c5), &e)
    }

    /// The fields of C6–C21 and the candidate-order room below `r` (the C5 field).
    fn fields_below_c5(&self, r: W, e: &Edge) -> W {
        let r = self.c6_pairs_in_bracket(r, e);
        let r = self.c7_scores_in_bracket(r, e);
        let r = self.c8_next_bracket(r, e);
        let r = self.c9_bye_unplayed_games(r, e);
        let r = self.c10_topscorer_colour_difference(r, e);
        let r = self.c11_topscorer_colour_run(r, e);
        let r = self.c12_colour_preferences(r, e);
        let r = self.c13_strong_colour_preferences(r, e);
        let r = self.c14_downfloaters_again_last_round(r, e);
        let r = self.c15_upfloaters_again_last_round(r, e);
        let r = self.c16_downfloaters_again_two_rounds_back(r, e);
        let r = self.c17_upfloaters_again_two_rounds_back(r, e);
        let r = self.c18_downfloater_scores_last_round(r, e);
        let r = self.c19_upfloater_opponent_scores_last_round(r, e);
        let r = self.c20_downfloater_scores_two_rounds_back(r, e);
        let r = self.c21_upfloater_opponent_scores_two_rounds_back(r, e);
        self.candidate_order_room(r)
    }

    /// C.04.3 C5, with C2 and C4 (the top field, 2 bits): minimise the score of the
    /// pairing-allocated bye's receiver. Every legal pair counts 1 (C4: the rest of the round
    /// stays pairable), plus 1 for each of its players who is not a bye candidate (C2-eligible
    /// with a score at most the chosen bye score), so the matching leaves unpaired only a
    /// player who may take the bye.
    fn c5_bye_score(&self, e: &Edge) -> u64 {
        1 + u64::from(!self.is_bye_candidate(e.h, e.bye_score))
            + u64::from(!self.is_bye_candidate(e.lo, e.bye_score))
    }

    /// C.04.3 C6: minimise the number of downfloaters, i.e. maximise the number of pairs in
    /// the bracket (`sgsb` bits, 1 per pair).
    fn c6_pairs_in_bracket(&self, r: W, e: &Edge) -> W {
        let mut r = r.shl(self.l.score_group_size_bits);
        if e.in_cur {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    /// C.04.3 C7: minimise the scores of the downfloaters, taken in descending order, i.e.
    /// pair the highest scores (`sgs` bits, 1 in the higher player's score group's counter).
    fn c7_scores_in_bracket(&self, r: W, e: &Edge) -> W {
        let mut r = r.shl(self.l.score_groups_shift);
        if e.in_cur {
            r = r.or(&W::from_u64(1).shl(self.shift_of(e.h.score)));
        }
        r
    }

    /// C.04.3 C8: choose the downfloaters so that the next bracket can comply with C1–C7 (a
    /// one-bracket look-ahead): pairs (`sgsb` bits), then scores (`sgs` bits), of the pairs
    /// the downfloaters could make in the next bracket.
    fn c8_next_bracket(&self, r: W, e: &Edge) -> W {
        let one = W::from_u64(1);
        let mut r = r.shl(self.l.score_group_size_bits);
        if e.in_next {
            r = r.or(&one);
        }
        r = r.shl(self.l.score_groups_shift);
        if e.in_next {
            r = r.or(&one.shl(self.shift_of(e.h.score)));
        }
        r
    }

    /// C.04.3 C9: minimise the unplayed games of the bye receiver, in a bracket whose single
    /// downfloater takes the bye (`2·sgsb` bits: the played-games rank of each player of the
    /// bye score, so the one left over has played least).
    fn c9_bye_unplayed_games(&self, r: W, e: &Edge) -> W {
        let sgsb = self.l.score_group_size_bits;
        let mut r = r.shl(2 * sgsb);
        if e.single_bye {
            if e.h.score == e.bye_score {
                let rank = self
                    .unplayed_ranks
                    .get(&e.h.played_games)
                    .copied()
                    .unwrap_or(0);
                r = r.or(&W::from_u64(rank as u64));
            }
            if e.lo.score == e.bye_score {
                let rank = self
                    .unplayed_ranks
                    .get(&e.lo.played_games)
                    .copied()
                    .unwrap_or(0);
                r = r.add(&W::from_u64(rank as u64));
            }
        }
        r
    }

    /// C.04.3 C10: minimise the topscorers or their opponents who get a colour difference
    /// beyond the limit (`sgsb` bits; bbpPairings' `insertColorBits`, first field).
    fn c10_topscorer_colour_difference(&self, r: W, e: &Edge) -> W {
        let (p, o) = (&e.lo.colour, &e.h.colour);
        let mut r = r.shl(self.l.score_group_size_bits);
        let c10 = !p.absolute_imbalance || !o.absolute_imbalance || p.preference != o.preference;
        if e.in_cur && c10 {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    /// C.04.3 C11: minimise the topscorers or their opponents who get the same colour more
    /// times in a row than the limit (`sgsb` bits).
    fn c11_topscorer_colour_run(&self, r: W, e: &Edge) -> W {
        let (p, o) = (&e.lo.colour, &e.h.colour);
        let mut r = r.shl(self.l.score_group_size_bits);
        let c11 = !p.absolute()
            || !o.absolute()
            || p.preference != o.preference
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let lesser = if p.imbalance > o.imbalance { o } else { p };
                lesser.repeated != p.preference.map(Color::other)
            };
        if e.in_cur && c11 {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    /// C.04.3 C12: minimise the players who do not get their colour preference (`sgsb` bits).
    fn c12_colour_preferences(&self, r: W, e: &Edge) -> W {
        let (p, o) = (&e.lo.colour, &e.h.colour);
        let mut r = r.shl(self.l.score_group_size_bits);
        if e.in_cur && super::super::colour::compatible(p.preference, o.preference) {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    /// C.04.3 C13: minimise the players who do not get their strong colour preference (`sgsb`
    /// bits).
    fn c13_strong_colour_preferences(&self, r: W, e: &Edge) -> W {
        let (p, o) = (&e.lo.colour, &e.h.colour);
        let mut r = r.shl(self.l.score_group_size_bits);
        let c13 = (!p.strong && !p.absolute())
            || (!o.strong && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.preference != o.preference;
        if e.in_cur && c13 {
            r = r.or(&W::from_u64(1));
        }
        r
    }

    /// C14 / C16: the resident downfloaters who also downfloated `back` rounds ago (`sgsb`
    /// bits, from round `back + 1` on).
    fn downfloaters_again(&self, r: W, e: &Edge, back: usize) -> W {
        let t = self.t;
        if t.played_rounds < back {
            return r;
        }
        let (h, lo) = (e.h, e.lo);
        let mut r = r.shl(self.l.score_group_size_bits);
        if e.in_cur {
            r = r.or(&bit(t.get_float(lo, back) == Float::Down));
            r = r.add(&bit(
                h.score <= lo.score && t.get_float(h, back) == Float::Down
            ));
        }
        r
    }

    /// C15 / C17: the moved-down players' opponents who also upfloated `back` rounds ago
    /// (`sgsb` bits, from round `back + 1` on).
    fn upfloaters_again(&self, r: W, e: &Edge, back: usize) -> W {
        let t = self.t;
        if t.played_rounds < back {
            return r;
        }
        let (h, lo) = (e.h, e.lo);
        let mut r = r.shl(self.l.score_group_size_bits);
        if e.in_cur {
            r = r.or(&bit(
                !(h.score > lo.score && t.get_float(lo, back) == Float::Up)
            ));
        }
        r
    }

    /// C18 / C20: the scores of the downfloaters who also downfloated `back` rounds ago
    /// (`sgs` bits, from round `back + 1` on).
    fn downfloater_scores_again(&self, r: W, e: &Edge, back: usize) -> W {
        let t = self.t;
        if t.played_rounds < back {
            return r;
        }
        let (h, lo) = (e.h, e.lo);
        let mut r = r.shl(self.l.score_groups_shift);
        if e.in_cur {
            r = r.add(&bit::<W>(t.get_float(lo, back) == Float::Down).shl(self.shift_of(lo.score)));
            r = r.add(&bit::<W>(t.get_float(h, back) == Float::Down).shl(self.shift_of(h.score)));
        }
        r
    }

    /// C19 / C21: the scores of the opponents of the upfloaters who also upfloated `back`
    /// rounds ago (`sgs` bits, from round `back + 1` on).
    fn upfloater_opponent_scores_again(&self, r: W, e: &Edge, back: usize) -> W {
        let t = self.t;
        if t.played_rounds < back {
            return r;
        }
        let (h, lo) = (e.h, e.lo);
        let mut r = r.shl(self.l.score_groups_shift);
        if e.in_cur && !(t.get_float(lo, back) == Float::Up && h.score > lo.score) {
            r = r.or(&W::from_u64(1).shl(self.shift_of(h.score)));
        }
        r
    }

    /// C.04.3 C14: minimise the resident downfloaters who also downfloated in the previous
    /// round.
    fn c14_downfloaters_again_last_round(&self, r: W, e: &Edge) -> W {
        self.downfloaters_again(r, e, 1)
    }

    /// C.04.3 C15: minimise the moved-down players' opponents who also upfloated in the
    /// previous round.
    fn c15_upfloaters_again_last_round(&self, r: W, e: &Edge) -> W {
        self.upfloaters_again(r, e, 1)
    }

    /// C.04.3 C16: minimise the resident downfloaters who also downfloated two rounds before.
    fn c16_downfloaters_again_two_rounds_back(&self, r: W, e: &Edge) -> W {
        self.downfloaters_again(r, e, 2)
    }

    /// C.04.3 C17: minimise the moved-down players' opponents who also upfloated two rounds
    /// before.
    fn c17_upfloaters_again_two_rounds_back(&self, r: W, e: &Edge) -> W {
        self.upfloaters_again(r, e, 2)
    }

    /// C.04.3 C18: minimise the scores (in descending order) of the downfloaters of C14.
    fn c18_downfloater_scores_last_round(&self, r: W, e: &Edge) -> W {
        self.downfloater_scores_again(r, e, 1)
    }

    /// C.04.3 C19: minimise the scores (in descending order) of the opponents of the
    /// upfloaters of C15.
    fn c19_upfloater_opponent_scores_last_round(&self, r: W, e: &Edge) -> W {
        self.upfloater_opponent_scores_again(r, e, 1)
    }

    /// C.04.3 C20: minimise the scores (in descending order) of the downfloaters of C16.
    fn c20_downfloater_scores_two_rounds_back(&self, r: W, e: &Edge) -> W {
        self.downfloater_scores_again(r, e, 2)
    }

    /// C.04.3 C21: minimise the scores (in descending order) of the opponents of the
    /// upfloaters of C17.
    fn c21_upfloater_opponent_scores_two_rounds_back(&self, r: W, e: &Edge) -> W {
        self.upfloater_opponent_scores_again(r, e, 2)
    }

    /// Room below the criteria (`3·sgsb + 1` zero bits) for the tie-break bits that the
    /// bracket pairing adds to enforce the handbook's candidate order (C.04.3 D: MDP choice,
    /// exchanges, S1 partners).
    fn candidate_order_room(&self, r: W) -> W {
        let sgsb = self.l.score_group_size_bits;
        r.shl(3 * sgsb + 1)
    }

    /// The weight of the first, round-wide matching of an odd number of players, which
    /// chooses the bye's score (C.04.3 C2, C4, C5): a legal pair counts 1 plus 1 per player
    /// not eligible for the bye (so the one left unpaired is eligible, C2); then the score
    /// groups' offsets of both players (pair the higher scores, so the bye goes to the lowest
    /// score possible, C5); then 1 when `pl` is a topscore player.
    pub(super) fn bye_choice_weight(&self, pl: &Player, op: &Player, top_score: u32) -> W {
        let t = self.t;
        let sgsb = self.l.score_group_size_bits;
        let sgs = self.l.score_groups_shift;
        if t.compatible(pl, op) {
            let mut w = W::from_u64(
                1 + u64::from(!t.eligible_for_bye(pl)) + u64::from(!t.eligible_for_bye(op)),
            );
            w = w.shl(sgs);
            w = w.or(&W::from_u64(
                u64::from(self.shift_of(pl.score)) + u64::from(self.shift_of(op.score)),
            ));
            w = w.shl(sgsb);
            w.or(&W::from_u64(u64::from(pl.score >= top_score)))
        } else {
            W::zero()
        }
    }
}
