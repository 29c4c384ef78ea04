//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal–dual), with
//! incremental edge-weight updates.
//!
//! One file: the algorithm is one structure ([`Matcher`]) whose labels, blossoms and duals
//! share invariants that every step relies on (non-negative slacks, even duals of free
//! vertices); split across files, those steps could no longer be checked side by side.
//!
//! The structure follows J. van Rijn's well-known O(n³) formulation of Galil's algorithm
//! (vertex duals `d`, blossom duals `z`, slack `d_i + d_j − 2·w_ij`, four kinds of dual
//! change), generalised so that a solved matching can be updated cheaply, as the Dutch pairer
//! needs (it re-solves after every small decision, like bbpPairings' `matching::Computer`):
//!
//! * changing the edges of a vertex `v` dissolves the blossoms that contain `v` (moving each
//!   blossom dual into its vertices, which keeps every slack non-negative), unmatches `v`
//!   and gives it a dual large enough for any edge;
//! * [`Matcher::solve`] then grows alternating trees only from the free vertices whose dual
//!   is still positive. When an inner (matched) vertex's dual reaches zero, the even path from
//!   its root is flipped so that this vertex becomes the free one (a free vertex of dual 0 is
//!   optimal); when a root's dual reaches zero the root simply stops.
//!
//! Half-integral duals are avoided by keeping the duals of all free vertices even when a solve
//! starts (a free vertex of odd dual is made a single vertex and raised by one): every vertex
//! of an alternating tree then has the parity of its root, so slacks between two outer
//! vertices are even and the "half the slack" step stays integral.
//!
//! A stage does not keep its least-slack edges until it needs them: most stages end in an
//! augmentation along tight edges before any dual change, so a stage first looks for tight
//! edges only (told apart from the rest by the slack modulo a prime, see [`Weight::residue`]),
//! and at its first dual change computes the least-slack edges of the whole forest at once
//! ([`Matcher::catch_up`]). Among several matchings of the same maximum weight it may return
//! another one than a stage that kept them all along (35 of the 535 intermediate matchings of
//! the 1,000-player round 11 differ, none in weight); the Dutch pairer's decisions do not
//! depend on which (its pairings are byte-identical on the regression digests, the reference
//! vectors and 20,000 generated tournaments).
//!
//! Weights are `W: Weight` (fixed-width integers, see [`super::wide`]); weight 0 means "no
//! edge". At the optimum the matching has maximum total weight (not maximum cardinality).

// Index loops mirror the algorithm's own index arithmetic (vertices, limbs, bracket positions).
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::wide::Weight;

const NONE: usize = usize::MAX;

/// A directed edge: `to` is the endpoint it points at (van Rijn's "endpoint"), `from` the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ep {
    from: usize,
    to: usize,
}

impl Ep {
    fn rev(self) -> Ep {
        Ep {
            from: self.to,
            to: self.from,
        }
    }
}

/// A place in one row of the non-zero-edge bitmap, read a word at a time: the matcher may be
/// changed between steps (the bitmap itself changes only in `set_weight`, never while solving),
/// and nothing is copied or allocated per scan.
#[derive(Clone, Copy)]
struct NeighbourCursor {
    /// The row's first word, its end, the word being read and its bits not yet returned.
    base: usize,
    end: usize,
    word: usize,
    bits: u64,
}

impl NeighbourCursor {
    /// The next neighbour (ascending), reading the row from `nz`.
    fn next(&mut self, nz: &[u64]) -> Option<usize> {
        loop {
            if self.bits != 0 {
                let b = self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return Some((self.word - self.base) * 64 + b);
            }
            self.word += 1;
            if self.word >= self.end {
                return None;
            }
            self.bits = nz.get(self.word).copied().unwrap_or(0);
        }
    }
}

/// A hasher for weights: their limbs folded by multiply and rotate. The values are the
/// matcher's own, not an adversary's, so no protection against chosen collisions is needed.
#[derive(Default)]
struct LimbHasher(u64);

impl Hasher for LimbHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut limb = [0u8; 8];
            limb.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(limb));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// Incremental maximum-weight matching on `n` vertices (dense graph).
pub struct Matcher<W: Weight> {
    n: usize,
    /// Each edge's doubled weight as an index into `values`, the whole symmetric matrix row by
    /// row (`n × n` entries, `ids[i·n + j] == ids[j·n + i]`): a vertex's edges are read one
    /// after another, 4 bytes each. A round's edges take few distinct values (about 5,300 for
    /// the 1,000 players of a round 11, each weight 88 bytes wide), so the table stays in the
    /// cache where a matrix of the weights themselves (44 MB even as a triangle) would not.
    ids: Vec<u32>,
    /// The distinct doubled weights `2·w_ij`, in the order first set; index 0 is zero (no edge).
    values: Vec<W>,
    /// The index in `values` of each value there.
    index: HashMap<W, u32, BuildHasherDefault<LimbHasher>>,
    /// Non-zero edges as a bit matrix (`words` 64-bit words per row), for fast neighbour scans.
    nz: Vec<u64>,
    words: usize,
    /// Slack of `bestedge[b]`, valid between dual changes.
    bestslack: Vec<W>,
    mate: Vec<Option<usize>>,
    label: Vec<u8>,
    labelend: Vec<Option<Ep>>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<Ep>>,
    bestedge: Vec<Option<(usize, usize)>>,
    blossombestedges: Vec<Option<Vec<(usize, usize)>>>,
    unusedblossoms: Vec<usize>,
    dual: Vec<W>,
    /// Each vertex's dual and each value of `values` modulo the prime `2^61 − 1`
    /// ([`Weight::residue`]): an edge whose slack is not zero modulo the prime is not tight,
    /// known without the full-width slack; one that is, is tight but for a chance of about
    /// 2^−61, which the full test then rules out.
    dual_res: Vec<u64>,
    values_res: Vec<u64>,
    /// Whether this stage keeps the least-slack edges (`bestedge`, `blossombestedges`) as it
    /// goes. A stage starts without them: most stages end in an augmentation along tight edges
    /// before any dual change, and only a dual change reads them. At its first dual change
    /// they are computed for the whole forest at once ([`Matcher::catch_up`]) and kept from
    /// then on.
    eager: bool,
    /// The outer vertices in the order this stage scanned them.
    scanned: Vec<usize>,
    /// The edges found tight in this stage, a bit matrix laid out like `nz` (both directions
    /// set).
    allowedge: Vec<u64>,
    /// The edges of `allowedge` set since the stage began (cleared one by one, not the whole
    /// matrix at every stage).
    allowed: Vec<(usize, usize)>,
    queue: Vec<usize>,
    prepared: Vec<bool>,
    dirty: Vec<usize>,
    /// Scratch of `add_blossom`, per blossom: the least-slack edge to each other outer
    /// blossom, its slack, and the blossoms set (all `None` again between calls).
    bestedgeto: Vec<Option<(usize, usize)>>,
    bestto_slack: Vec<W>,
    touched: Vec<usize>,
    /// Scratch of `add_blossom`: the vertices of the other outer blossoms as a bit row (`words`
    /// words), so that a child's row is read only where an edge can offer something.
    outer: Vec<u64>,
    /// The vertices of the outer blossom `own_of` as a bit row (`words` words), so that an
    /// outer vertex's scan skips its own blossom's vertices a word at a time: inside a large
    /// blossom most of a row is the blossom itself. `own_of` is `NONE` when no row is kept;
    /// a blossom's vertices change only when its number is freed, which resets it.
    own: Vec<u64>,
    own_of: usize,
}

impl<W: Weight> Matcher<W> {
    /// A matcher on `n` vertices with no edges; `max_weight` bounds every weight later set.
    pub fn new(n: usize, _max_weight: W) -> Self {
        let mut index = HashMap::default();
        index.insert(W::zero(), 0);
        Matcher {
            n,
            ids: vec![0; n * n],
            values: vec![W::zero()],
            index,
            nz: vec![0; n * n.div_ceil(64)],
            words: n.div_ceil(64),
            bestslack: vec![W::zero(); 2 * n],
            mate: vec![None; n],
            label: vec![0; 2 * n],
            labelend: vec![None; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![None; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dual: vec![W::zero(); 2 * n],
            dual_res: vec![0; n],
            values_res: vec![0],
            eager: false,
            scanned: Vec::new(),
            allowedge: vec![0; n * n.div_ceil(64)],
            allowed: Vec::new(),
            queue: Vec::new(),
            prepared: vec![false; n],
            dirty: Vec::new(),
            bestedgeto: vec![None; 2 * n],
            bestto_slack: vec![W::zero(); 2 * n],
            touched: Vec::new(),
            outer: vec![0; n.div_ceil(64)],
            own: vec![0; n.div_ceil(64)],
            own_of: NONE,
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// True when there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Current weight of edge `{i, j}` (0 = no edge).
    pub fn weight(&self, i: usize, j: usize) -> W {
        self.w2(i, j).half()
    }

    /// Sets the weight of edge `{v, u}`; `v` is the vertex whose neighbourhood changes (it is
    /// re-optimised by the next [`Matcher::solve`]).
    pub fn set_weight(&mut self, v: usize, u: usize, w: W) {
        debug_assert!(v != u);
        self.prepare(v);
        let w2 = w.add(&w);
        let id = self.intern(w2);
        self.ids[v * self.n + u] = id;
        self.ids[u * self.n + v] = id;
        let (wv, bv) = (v * self.words + u / 64, 1u64 << (u % 64));
        let (wu, bu) = (u * self.words + v / 64, 1u64 << (v % 64));
        if w2.is_zero() {
            self.nz[wv] &= !bv;
            self.nz[wu] &= !bu;
        } else {
            self.nz[wv] |= bv;
            self.nz[wu] |= bu;
        }
    }

    /// Current partner of every vertex (`None` = unmatched). Valid after [`Matcher::solve`].
    pub fn mates(&self) -> &[Option<usize>] {
        &self.mate
    }

    /// A cursor over the vertices joined to `v` by a non-zero edge, ascending.
    fn cursor(&self, v: usize) -> NeighbourCursor {
        let base = v * self.words;
        NeighbourCursor {
            base,
            end: base + self.words,
            word: base,
            bits: if self.words > 0 {
                self.nz.get(base).copied().unwrap_or(0)
            } else {
                0
            },
        }
    }

    /// The vertices joined to `v` by a non-zero edge, ascending.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let mut cursor = self.cursor(v);
        std::iter::from_fn(move || cursor.next(&self.nz))
    }

    /// The index in `values` of the doubled weight `w2`, added there if new.
    fn intern(&mut self, w2: W) -> u32 {
        if w2.is_zero() {
            return 0;
        }
        if let Some(&id) = self.index.get(&w2) {
            return id;
        }
        let id = u32::try_from(self.values.len()).expect("fewer than 2^32 distinct weights");
        self.values.push(w2);
        self.values_res.push(w2.residue());
        self.index.insert(w2, id);
        id
    }

    /// Twice the weight of edge `{i, j}`.
    #[inline]
    fn w2(&self, i: usize, j: usize) -> &W {
        &self.values[self.ids[i * self.n + j] as usize]
    }

    /// Sets vertex `v`'s dual (and its residue).
    #[inline]
    fn set_dual(&mut self, v: usize, d: W) {
        self.dual_res[v] = d.residue();
        self.dual[v] = d;
    }

    /// Whether edge `{i, j}`'s slack is surely not zero: it is not zero modulo `2^61 − 1`.
    #[inline(always)]
    fn surely_loose(&self, i: usize, j: usize) -> bool {
        const P: u64 = (1 << 61) - 1;
        let mut sum = self.dual_res[i] + self.dual_res[j];
        if sum >= P {
            sum -= P;
        }
        sum != self.values_res[self.ids[i * self.n + j] as usize]
    }

    #[inline(always)]
    fn slack(&self, i: usize, j: usize) -> W {
        self.dual[i].add_sub(&self.dual[j], self.w2(i, j))
    }

    /// Whether edge `{i, j}` is allowed (tight) in this stage.
    #[inline]
    fn allowed(&self, i: usize, j: usize) -> bool {
        self.allowedge[i * self.words + j / 64] >> (j % 64) & 1 == 1
    }

    /// Marks edge `{i, j}` allowed for the rest of the stage (both directions).
    #[inline]
    fn allow(&mut self, i: usize, j: usize) {
        if !self.allowed(i, j) {
            self.allowedge[i * self.words + j / 64] |= 1 << (j % 64);
            self.allowedge[j * self.words + i / 64] |= 1 << (i % 64);
            self.allowed.push((i, j));
        }
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.leaves(c, out);
            }
        }
    }

    /// Calls `f` on every vertex of blossom `b`.
    fn for_leaves(&self, b: usize, f: &mut impl FnMut(usize)) {
        if b < self.n {
            f(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.for_leaves(c, f);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    /// Dissolves top-level blossom `b`, moving its dual into its vertices; if that loosens the
    /// matched edge of its base, both ends become free.
    fn dissolve_top(&mut self, b: usize) {
        debug_assert!(b >= self.n && self.blossomparent[b] == NONE);
        let z = self.dual[b];
        let leaves = self.leaves_of(b);
        if !z.is_zero() {
            for &i in &leaves {
                self.set_dual(i, self.dual[i].add(&z));
            }
            let base = self.blossombase[b];
            if let Some(m) = self.mate[base] {
                self.mate[base] = None;
                self.mate[m] = None;
            }
        }
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &c in &childs {
            self.blossomparent[c] = NONE;
            if c < self.n {
                self.inblossom[c] = c;
            } else {
                let ls = self.leaves_of(c);
                for v in ls {
                    self.inblossom[v] = c;
                }
            }
        }
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = None;
        self.dual[b] = W::zero();
        self.label[b] = 0;
        self.labelend[b] = None;
        self.unusedblossoms.push(b);
        if self.own_of == b {
            self.own_of = NONE;
        }
    }

    fn make_single(&mut self, v: usize) {
        while self.inblossom[v] != v {
            let b = self.inblossom[v];
            self.dissolve_top(b);
        }
    }

    fn prepare(&mut self, v: usize) {
        if self.prepared[v] {
            return;
        }
        self.prepared[v] = true;
        self.make_single(v);
        self.dirty.push(v);
    }

    /// Gives every modified vertex the smallest feasible dual; keeps its matched edge when
    /// that edge is still tight (then nothing needs re-optimising around it).
    fn settle_dirty(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        for &v in &dirty {
            let mut d = W::zero();
            for u in 0..self.n {
                if u == v {
                    continue;
                }
                let w2 = *self.w2(v, u);
                if w2 > self.dual[u] {
                    let c = w2.sub(&self.dual[u]);
                    if c > d {
                        d = c;
                    }
                }
            }
            self.set_dual(v, d);
        }
        for &v in &dirty {
            if let Some(m) = self.mate[v]
                && (self.w2(v, m).is_zero() || !self.slack(v, m).is_zero())
            {
                self.mate[v] = None;
                self.mate[m] = None;
            }
        }
        // Warm start: match free modified vertices along tight edges to free vertices (matched
        // edges stay tight and duals feasible, so this is a valid intermediate state).
        for &v in &dirty {
            if self.mate[v].is_some() || self.dual[v].is_zero() {
                continue;
            }
            let found = self
                .neighbours(v)
                .find(|&u| self.mate[u].is_none() && u != v && self.slack(v, u).is_zero());
            if let Some(u) = found {
                if self.inblossom[u] != u {
                    let b = self.inblossom[u];
                    self.augment_blossom(b, u);
                }
                self.mate[v] = Some(u);
                self.mate[u] = Some(v);
            }
        }
    }

    fn assign_label(&mut self, w: usize, t: u8, p: Option<Ep>) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = None;
        self.bestedge[b] = None;
        if t == 1 {
            let mut queue = std::mem::take(&mut self.queue);
            self.leaves(b, &mut queue);
            self.queue = queue;
        } else {
            let base = self.blossombase[b];
            let m = self.mate[base].expect("T-blossom base is matched");
            self.assign_label(m, 1, Some(Ep { from: m, to: base }));
        }
    }

    /// Traces back from `v` and `w` to find a common base (new blossom) or none (augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut base = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(vv) = v {
            let b = self.inblossom[vv];
            if self.label[b] & 4 != 0 {
                base = Some(self.blossombase[b]);
                break;
            }
            path.push(b);
            self.label[b] = 5;
            match self.labelend[b] {
                None => v = None,
                Some(p) => {
                    let t = p.to;
                    let bt = self.inblossom[t];
                    v = Some(self.labelend[bt].expect("T label has an edge").to);
                }
            }
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("blossom slots");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            let le = self.labelend[bv].expect("labelled");
            endps.push(le);
            bv = self.inblossom[le.to];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(Ep { from: w, to: v });
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            let le = self.labelend[bw].expect("labelled");
            endps.push(le.rev());
            bw = self.inblossom[le.to];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::zero();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        let ls = self.leaves_of(b);
        for &x in &ls {
            if self.label[self.inblossom[x]] == 2 {
                self.queue.push(x);
            }
            self.inblossom[x] = b;
        }
        if !self.eager {
            // No least-slack edges are kept yet in this stage: the children's are dropped and
            // the new blossom's are computed with the whole forest's at the first dual change.
            for &c in &path {
                self.blossombestedges[c] = None;
                self.bestedge[c] = None;
            }
            self.blossombestedges[b] = None;
            self.bestedge[b] = None;
            return;
        }
        // Least-slack edges to other S-blossoms (scratch rows kept between calls: only the
        // entries set here are read and then cleared, in ascending order of blossom).
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut bestto_slack = std::mem::take(&mut self.bestto_slack);
        let mut touched = std::mem::take(&mut self.touched);
        let mut outer = std::mem::take(&mut self.outer);
        let mut outer_made = false;
        let mut offer = |m: &Self, i: usize, j: usize| {
            let bj = m.inblossom[j];
            if bj != b && m.label[bj] == 1 {
                let sl = m.slack(i, j);
                if bestedgeto[bj].is_none() {
                    touched.push(bj);
                }
                if bestedgeto[bj].is_none() || sl < bestto_slack[bj] {
                    bestedgeto[bj] = Some((i, j));
                    bestto_slack[bj] = sl;
                }
            }
        };
        for &c in &path {
            match self.blossombestedges[c].take() {
                Some(list) => {
                    for (i, j) in list {
                        if self.inblossom[j] == b {
                            offer(self, j, i);
                        } else {
                            offer(self, i, j);
                        }
                    }
                }
                None => {
                    // Every edge of the child's vertices to the vertices of other outer
                    // blossoms, read along each vertex's row in ascending order (an edge to
                    // any other vertex offers nothing, so its label is not read either).
                    if !outer_made {
                        outer.iter_mut().for_each(|w| *w = 0);
                        for y in 0..self.n {
                            let by = self.inblossom[y];
                            if by != b && self.label[by] == 1 {
                                outer[y / 64] |= 1 << (y % 64);
                            }
                        }
                        outer_made = true;
                    }
                    for x in self.leaves_of(c) {
                        let row = &self.nz[x * self.words..(x + 1) * self.words];
                        for (i, (&edges, &to)) in row.iter().zip(&outer).enumerate() {
                            let mut bits = edges & to;
                            while bits != 0 {
                                let y = i * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                offer(self, x, y);
                            }
                        }
                    }
                }
            }
            self.bestedge[c] = None;
        }
        let mut list = Vec::new();
        let mut best: Option<(usize, usize)> = None;
        let mut best_slack = W::zero();
        touched.sort_unstable();
        for &bj in &touched {
            if let Some(e) = bestedgeto[bj].take() {
                list.push(e);
                if best.is_none() || bestto_slack[bj] < best_slack {
                    best = Some(e);
                    best_slack = bestto_slack[bj];
                }
            }
        }
        touched.clear();
        self.bestedgeto = bestedgeto;
        self.bestto_slack = bestto_slack;
        self.touched = touched;
        self.outer = outer;
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
        self.bestslack[b] = best_slack;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let lb = self.labelend[b].expect("T-blossom has a label edge");
            let entrychild = self.inblossom[lb.from];
            let len = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry") as isize;
            let (jstep, endptrick): (isize, isize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let idx = |x: isize| -> usize { x.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            // Endpoint with van Rijn's `^ endptrick` applied.
            let ep = |x: isize, flip: bool| -> Ep {
                let e = endps[idx(x)];
                if flip { e.rev() } else { e }
            };
            let mut p = lb;
            while j != 0 {
                // label[endpoint[p ^ 1]] = 0
                let a = p.from;
                self.label[a] = 0;
                // endpoint[blossomendps[b][j-endptrick] ^ endptrick ^ 1]
                let q = ep(j - endptrick, endptrick == 1);
                self.label[q.from] = 0;
                self.assign_label(a, 2, Some(p));
                self.allow(q.from, q.to);
                j += jstep;
                p = ep(j - endptrick, endptrick == 1);
                self.allow(p.from, p.to);
                j += jstep;
            }
            let bv = childs[idx(j)];
            let a = p.from;
            self.label[a] = 2;
            self.label[bv] = 2;
            self.labelend[a] = Some(p);
            self.labelend[bv] = Some(p);
            self.bestedge[bv] = None;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = None;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = Some(v);
                        break;
                    }
                }
                if let Some(v) = found {
                    self.label[v] = 0;
                    let bm = self.mate[self.blossombase[bv]].expect("matched base");
                    self.label[bm] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = None;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = None;
        self.dual[b] = W::zero();
        self.unusedblossoms.push(b);
        if self.own_of == b {
            self.own_of = NONE;
        }
    }

    /// Rotates blossom `b` so that vertex `v` becomes its base, rematching inside.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, isize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let idx = |x: isize| -> usize { x.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t1 = self.blossomchilds[b][idx(j)];
            let e = self.blossomendps[b][idx(j - endptrick)];
            let p = if endptrick == 1 { e.rev() } else { e };
            if t1 >= self.n {
                self.augment_blossom(t1, p.to);
            }
            j += jstep;
            let t2 = self.blossomchilds[b][idx(j)];
            if t2 >= self.n {
                self.augment_blossom(t2, p.from);
            }
            self.mate[p.to] = Some(p.from);
            self.mate[p.from] = Some(p.to);
        }
        let iu = i as usize;
        self.blossomchilds[b].rotate_left(iu);
        self.blossomendps[b].rotate_left(iu);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    /// Flips the alternating path from `s` (an outer vertex) up to its root; `s` gets partner
    /// `first` (or becomes free when `None`).
    fn augment_from(&mut self, s0: usize, first: Option<usize>) {
        let mut s = s0;
        let mut partner = first;
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = partner;
            let Some(le) = self.labelend[bs] else { break };
            let t = le.to;
            let bt = self.inblossom[t];
            let lt = self.labelend[bt].expect("T label edge");
            let s2 = lt.to;
            let j = lt.from;
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = Some(s2);
            partner = Some(j);
            s = s2;
        }
    }

    /// Re-optimises after edge changes; afterwards [`Matcher::mates`] is a maximum-weight
    /// matching of the current weights.
    pub fn solve(&mut self) {
        let n = self.n;
        self.settle_dirty();
        // Parity: every free vertex with a positive dual must have an even dual.
        for v in 0..n {
            if self.mate[v].is_none() && self.dual[v].is_odd() {
                self.make_single(v);
                if self.dual[v].is_odd() {
                    self.set_dual(v, self.dual[v].add(&W::from_u64(1)));
                }
            }
        }
        self.prepared.iter_mut().for_each(|p| *p = false);
        loop {
            // Start a stage.
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = None);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            for (i, j) in self.allowed.drain(..) {
                self.allowedge[i * self.words + j / 64] &= !(1 << (j % 64));
                self.allowedge[j * self.words + i / 64] &= !(1 << (i % 64));
            }
            self.queue.clear();
            self.eager = false;
            self.scanned.clear();
            let mut roots = 0;
            for v in 0..n {
                if self.mate[v].is_none()
                    && !self.dual[v].is_zero()
                    && self.label[self.inblossom[v]] == 0
                {
                    self.assign_label(v, 1, None);
                    roots += 1;
                }
            }
            if roots == 0 {
                break;
            }
            self.run_stage();
            // End of stage: expand S-blossoms with zero dual.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    fn run_stage(&mut self) {
        let n = self.n;
        loop {
            while let Some(v) = self.queue.pop() {
                self.scanned.push(v);
                // The vertices of `v`'s own blossom offer nothing: skipped a word at a time
                // through the blossom's bit row (the blossom can only grow during the scan,
                // so the row stays a part of it; each edge is still checked below).
                let bv0 = self.inblossom[v];
                let masked = bv0 >= n;
                if masked && self.own_of != bv0 {
                    let mut own = std::mem::take(&mut self.own);
                    own.iter_mut().for_each(|x| *x = 0);
                    self.for_leaves(bv0, &mut |x| own[x / 64] |= 1 << (x % 64));
                    self.own = own;
                    self.own_of = bv0;
                }
                let row = v * self.words;
                let mut word = 0;
                let mut bits = 0u64;
                loop {
                    while bits == 0 {
                        if word == self.words {
                            break;
                        }
                        bits = self.nz[row + word];
                        if masked {
                            bits &= !self.own[word];
                        }
                        word += 1;
                    }
                    if bits == 0 {
                        break;
                    }
                    let w = (word - 1) * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let bv = self.inblossom[v];
                    let bw = self.inblossom[w];
                    if bv == bw {
                        continue;
                    }
                    // An inner vertex already reached: whatever the edge's slack, nothing
                    // follows from it (no tree step, no least-slack edge), so its weight is not
                    // read. Only the `allowedge` cache goes unset, and it is recomputed from the
                    // slack if `w` becomes outer later in the stage.
                    if self.label[bw] == 2 && self.label[w] != 0 {
                        continue;
                    }
                    let mut kslack = W::zero();
                    if !self.allowed(v, w) {
                        if !self.eager && self.surely_loose(v, w) {
                            // Not tight, and no least-slack edge is kept yet.
                            continue;
                        }
                        kslack = self.slack(v, w);
                        if kslack.is_zero() {
                            self.allow(v, w);
                        } else if !self.eager {
                            continue;
                        }
                    }
                    if self.allowed(v, w) {
                        if self.label[bw] == 0 {
                            let base = self.blossombase[bw];
                            if self.mate[base].is_none() {
                                // A free vertex of dual 0: augment to it.
                                self.augment_pair(v, w, true);
                                return;
                            }
                            self.assign_label(w, 2, Some(Ep { from: w, to: v }));
                        } else if self.label[bw] == 1 {
                            match self.scan_blossom(v, w) {
                                Some(base) => self.add_blossom(base, v, w),
                                None => {
                                    self.augment_pair(v, w, false);
                                    return;
                                }
                            }
                        } else if self.label[w] == 0 {
                            self.label[w] = 2;
                            self.labelend[w] = Some(Ep { from: w, to: v });
                        }
                    } else if self.label[bw] == 1 {
                        let b = self.inblossom[v];
                        if self.bestedge[b].is_none() || kslack < self.bestslack[b] {
                            self.bestedge[b] = Some((v, w));
                            self.bestslack[b] = kslack;
                        }
                    } else if self.label[w] == 0
                        && (self.bestedge[w].is_none() || kslack < self.bestslack[w])
                    {
                        self.bestedge[w] = Some((v, w));
                        self.bestslack[w] = kslack;
                    }
                }
            }
            if !self.eager {
                self.catch_up();
            }
            // Dual change.
            let mut delta: Option<W> = None;
            let mut kind = 0u8;
            let mut dvertex = NONE;
            let mut dedge = (NONE, NONE);
            let mut dblossom = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == 1 && delta.is_none_or(|d| self.dual[v] < d) {
                    delta = Some(self.dual[v]);
                    kind = 1;
                    dvertex = v;
                }
            }
            for v in 0..n {
                if self.label[self.inblossom[v]] == 0
                    && let Some((a, c)) = self.bestedge[v]
                {
                    let d = self.bestslack[v];
                    if delta.is_none_or(|x| d < x) {
                        delta = Some(d);
                        kind = 2;
                        dedge = (a, c);
                    }
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE
                    && self.label[b] == 1
                    && (b < n || self.blossombase[b] != NONE)
                    && let Some((a, c)) = self.bestedge[b]
                {
                    let s = self.bestslack[b];
                    debug_assert!(!s.is_odd(), "odd slack between outer vertices");
                    let d = s.half();
                    if delta.is_none_or(|x| d < x) {
                        delta = Some(d);
                        kind = 3;
                        dedge = (a, c);
                    }
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == 2
                    && delta.is_none_or(|x| self.dual[b] < x)
                {
                    delta = Some(self.dual[b]);
                    kind = 4;
                    dblossom = b;
                }
            }
            let Some(delta) = delta else { return };
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    1 => self.set_dual(v, self.dual[v].sub(&delta)),
                    2 => self.set_dual(v, self.dual[v].add(&delta)),
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        1 => self.dual[b] = self.dual[b].add(&delta),
                        2 => self.dual[b] = self.dual[b].sub(&delta),
                        _ => {}
                    }
                }
            }
            // Each least-slack edge's slack moves with its ends' duals (−δ at an outer end, +δ
            // at an inner one): updated in place rather than re-read from the weights, which
            // would cost a cache miss per edge at a thousand vertices.
            for x in 0..2 * n {
                if let Some((a, c)) = self.bestedge[x] {
                    let change = |l: u8| match l {
                        1 => -1i8,
                        2 => 1,
                        _ => 0,
                    };
                    let net = change(self.label[self.inblossom[a]])
                        + change(self.label[self.inblossom[c]]);
                    let s = &mut self.bestslack[x];
                    match net {
                        -2 => *s = s.sub(&delta).sub(&delta),
                        -1 => *s = s.sub(&delta),
                        1 => *s = s.add(&delta),
                        2 => *s = s.add(&delta).add(&delta),
                        _ => {}
                    }
                    debug_assert_eq!(self.bestslack[x], self.slack(a, c));
                }
            }
            match kind {
                1 => {
                    let v = dvertex;
                    let b = self.inblossom[v];
                    let root_free = self.mate[self.blossombase[b]].is_none();
                    if !(root_free && self.blossombase[b] == v) {
                        // Make `v` the free vertex of its tree (its dual is 0).
                        self.augment_from(v, None);
                    }
                    return;
                }
                2 => {
                    let (mut i, mut j) = dedge;
                    if self.label[self.inblossom[i]] == 0 {
                        std::mem::swap(&mut i, &mut j);
                    }
                    self.allow(i, j);
                    self.queue.push(i);
                }
                3 => {
                    let (i, j) = dedge;
                    self.allow(i, j);
                    self.queue.push(i);
                }
                _ => self.expand_blossom(dblossom, false),
            }
        }
    }

    /// The least-slack edges of the whole forest at the stage's first dual change, as the
    /// scans would have kept them: every outer vertex's edges in the order the stage scanned
    /// them, each row ascending, a smaller slack replacing a larger one. Until the first dual
    /// change every slack is the one the scan saw, a vertex's label can only have been set and
    /// an outer blossom can only have grown, so each unlabelled or inner vertex gets the same
    /// least-slack edge from the outer vertices as the scans would have given it; an outer
    /// blossom gets its least-slack edge to the other outer blossoms.
    fn catch_up(&mut self) {
        self.eager = true;
        let n = self.n;
        let scanned = std::mem::take(&mut self.scanned);
        for &v in &scanned {
            let bv = self.inblossom[v];
            let mut neighbours = self.cursor(v);
            while let Some(w) = neighbours.next(&self.nz) {
                let bw = self.inblossom[w];
                if bv == bw || (self.label[bw] == 2 && self.label[w] != 0) || self.allowed(v, w) {
                    continue;
                }
                let t = if self.label[bw] == 1 {
                    bv
                } else if self.label[w] == 0 {
                    w
                } else {
                    continue;
                };
                let kslack = self.slack(v, w);
                if self.bestedge[t].is_none() || kslack < self.bestslack[t] {
                    self.bestedge[t] = Some((v, w));
                    self.bestslack[t] = kslack;
                }
            }
        }
        debug_assert!((0..n).all(|v| self.label[self.inblossom[v]] != 1 || scanned.contains(&v)));
        self.scanned = scanned;
    }

    /// Augments along edge `{v, w}`: `v` is outer; `w` is outer in another tree, or
    /// (`w_free`) in an unlabelled blossom whose base is free with dual 0.
    fn augment_pair(&mut self, v: usize, w: usize, w_free: bool) {
        if w_free {
            let bw = self.inblossom[w];
            if bw >= self.n {
                self.augment_blossom(bw, w);
            }
            self.mate[w] = Some(v);
        } else {
            self.augment_from(w, Some(v));
        }
        self.augment_from(v, Some(w));
    }
}

#[cfg(test)]
mod tests {
    use super::super::wide::{Weight, Wide};
    use super::*;

    type W1 = Wide<1>;

    fn brute(n: usize, w: &[Vec<u64>]) -> u64 {
        fn rec(i: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<u64>]) -> u64 {
            if i == n {
                return 0;
            }
            if used[i] {
                return rec(i + 1, used, n, w);
            }
            used[i] = true;
            let mut best = rec(i + 1, used, n, w);
            for j in i + 1..n {
                if !used[j] && w[i][j] > 0 {
                    used[j] = true;
                    best = best.max(w[i][j] + rec(i + 1, used, n, w));
                    used[j] = false;
                }
            }
            used[i] = false;
            best
        }
        rec(0, &mut vec![false; n], n, w)
    }

    fn total(m: &Matcher<W1>, w: &[Vec<u64>]) -> u64 {
        let mut t = 0;
        for (i, p) in m.mates().iter().enumerate() {
            if let Some(j) = *p {
                assert_eq!(m.mates()[j], Some(i));
                assert!(w[i][j] > 0, "matched a non-edge");
                if i < j {
                    t += w[i][j];
                }
            }
        }
        t
    }

    /// Random graphs against brute force, solved from scratch and after incremental updates.
    #[test]
    fn matches_brute_force_incrementally() {
        const STEPS: usize = 6;
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..1500 {
            let n = 2 + (rnd() % 9) as usize;
            let maxw = 1 + rnd() % 40;
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<W1>::new(n, W1::from_u64(64));
            for i in 0..n {
                for j in 0..i {
                    let x = if rnd() % 3 == 0 { 0 } else { rnd() % maxw };
                    w[i][j] = x;
                    w[j][i] = x;
                    m.set_weight(i, j, W1::from_u64(x));
                }
            }
            m.solve();
            assert_eq!(total(&m, &w), brute(n, &w), "case {case} initial");
            for step in 0..STEPS {
                let v = (rnd() % n as u64) as usize;
                for u in 0..n {
                    if u != v && rnd() % 2 == 0 {
                        let x = if rnd() % 3 == 0 { 0 } else { rnd() % maxw };
                        w[v][u] = x;
                        w[u][v] = x;
                        m.set_weight(v, u, W1::from_u64(x));
                    }
                }
                m.solve();
                assert_eq!(total(&m, &w), brute(n, &w), "case {case} step {step}");
            }
        }
    }
}
