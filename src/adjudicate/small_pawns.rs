//! Small pawn endings solved exactly, at first use: K+2P v K, K+P v K+P and K+2P v K+P (and
//! the positions they lead to), by retrograde analysis over "slices" built lazily and kept for
//! the process. A slice holds every placement of the two kings, with either side to move, for
//! one set of pawns (and en-passant square); pawn moves only go forward, so the slices a pawn
//! move or a capture leads to are solved first (recursively), and each slice is then solved by
//! a fixed point over its king moves, as `kpk.rs` solves K+P v K.
//!
//! Every position gets four facts, each a least fixed point (an attractor): White surely wins,
//! White possibly wins, Black surely wins, Black possibly wins. A position is decided when one
//! side surely wins, or when neither possibly wins (a draw: the defender avoids every loss for
//! ever, Laws 9.2 / 9.3 end such play). What is not decided is left to the arbiter.
//!
//! The leaves: checkmate and stalemate on the board (Laws 5.1.1, 5.2.1); a promotion against a
//! lone king, which wins when the new queen or rook cannot be taken at once and does not
//! stalemate (K+Q v K and K+R v K are won, as the K+P v K table counts them), and which the
//! defender's capture of the new piece turns into the smaller ending; a king or pawn capture,
//! which leads to a smaller slice (K+P v K, K v K: drawn, Laws 5.2.2). A promotion while the
//! other side still has pawns (a queen against pawns) is not known here: it leaves the
//! positions leading to it undecided, unless the new piece is lost at once.
//!
//! Cost: one slice is 8,192 bytes; a K+2P v K+P position with every pawn at home leads to
//! 342 slices, built in about 2 s in the test profile (docs/adjudication.md, "pawn endings";
//! `cargo test --lib adjudicate::small_pawns::tests::build_figures -- --nocapture`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use shakmaty::{Bitboard, Chess, Color, KnownOutcome, Position, Rank, Role, Square, attacks};

const W_SURE: u8 = 1;
const W_POSS: u8 = 2;
const B_SURE: u8 = 4;
const B_POSS: u8 = 8;
const INVALID: u8 = 16;
/// Undecided: either side might win.
const UNKNOWN: u8 = W_POSS | B_POSS;

/// A won position for `c` (surely and possibly).
fn won_for(c: Color) -> u8 {
    match c {
        Color::White => W_SURE | W_POSS,
        Color::Black => B_SURE | B_POSS,
    }
}

fn sure(c: Color) -> u8 {
    match c {
        Color::White => W_SURE,
        Color::Black => B_SURE,
    }
}

fn poss(c: Color) -> u8 {
    match c {
        Color::White => W_POSS,
        Color::Black => B_POSS,
    }
}

/// The facts of a node where `mover` chooses among children with facts `children`: the mover
/// wins (surely, possibly) when some child does, the other side only when every child does.
fn combine(mover: Color, children: impl IntoIterator<Item = u8>) -> u8 {
    let (mine, theirs) = (sure(mover) | poss(mover), sure(!mover) | poss(!mover));
    let (mut any, mut all) = (0u8, theirs);
    for c in children {
        any |= c & mine;
        all &= c;
    }
    any | (all & theirs)
}

/// One set of pawns: the squares of White's and Black's pawns and the en-passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    white: u64,
    black: u64,
    ep: Option<Square>,
}

impl Key {
    fn pawns(self, c: Color) -> Bitboard {
        Bitboard(match c {
            Color::White => self.white,
            Color::Black => self.black,
        })
    }

    fn with(self, c: Color, pawns: Bitboard, ep: Option<Square>) -> Key {
        let mut k = self;
        match c {
            Color::White => k.white = pawns.0,
            Color::Black => k.black = pawns.0,
        }
        k.ep = ep;
        k
    }
}

/// A position of a slice: side to move (bit 12: Black), White's king, Black's king.
fn index(turn: Color, wk: Square, bk: Square) -> usize {
    (usize::from(turn == Color::Black) << 12) | (usize::from(wk) << 6) | usize::from(bk)
}

fn kings(i: usize) -> (Color, Square, Square) {
    let turn = if i >> 12 == 1 {
        Color::Black
    } else {
        Color::White
    };
    let sq = |v: usize| Square::new(u32::try_from(v & 63).unwrap_or(0));
    (turn, sq(i >> 6), sq(i))
}

type Slice = Arc<Vec<u8>>;

fn cache() -> &'static Mutex<HashMap<Key, Slice>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Slice>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The facts of position `i` of the slice `key` (solved at first use).
fn facts(key: Key, i: usize) -> u8 {
    if key.white == 0 && key.black == 0 {
        // K v K: a dead position (Laws 5.2.2).
        return 0;
    }
    slice(key)[i]
}

fn slice(key: Key) -> Slice {
    if let Some(s) = cache().lock().ok().and_then(|c| c.get(&key).cloned()) {
        return s;
    }
    let s = Arc::new(solve(key));
    if let Ok(mut c) = cache().lock() {
        c.insert(key, s.clone());
    }
    s
}

/// A child of a position: another position of the same slice, or known facts.
#[derive(Clone, Copy)]
enum Edge {
    Same(u16),
    Fixed(u8),
}

fn solve(key: Key) -> Vec<u8> {
    const N: usize = 1 << 13;
    let mut facts_of = vec![INVALID; N];
    let mut edges: Vec<Edge> = Vec::new();
    let mut spans: Vec<(u32, u32)> = vec![(0, 0); N];
    let mut open = Vec::new();
    for i in 0..N {
        let (turn, wk, bk) = kings(i);
        if !valid(key, turn, wk, bk) {
            continue;
        }
        let start = edges.len();
        let in_check = moves(key, turn, wk, bk, &mut edges);
        let end = edges.len();
        if start == end {
            facts_of[i] = if in_check { won_for(!turn) } else { 0 };
        } else {
            facts_of[i] = 0;
            spans[i] = (
                u32::try_from(start).unwrap_or(u32::MAX),
                u32::try_from(end).unwrap_or(u32::MAX),
            );
            open.push(i);
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &i in &open {
            let (turn, _, _) = kings(i);
            let (s, e) = spans[i];
            let children = edges[s as usize..e as usize]
                .iter()
                .map(|edge| match *edge {
                    Edge::Same(j) => facts_of[usize::from(j)],
                    Edge::Fixed(f) => f,
                });
            let v = combine(turn, children);
            if v != facts_of[i] {
                facts_of[i] = v;
                changed = true;
            }
        }
    }
    facts_of
}

fn occupied(key: Key, wk: Square, bk: Square) -> Bitboard {
    Bitboard(key.white | key.black) | Bitboard::from(wk) | Bitboard::from(bk)
}

fn pawn_attacks_of(c: Color, pawns: Bitboard) -> Bitboard {
    pawns
        .into_iter()
        .fold(Bitboard::EMPTY, |a, p| a | attacks::pawn_attacks(c, p))
}

/// A position that can stand on a board: kings apart and off the pawns, the side not to move
/// not in check.
fn valid(key: Key, turn: Color, wk: Square, bk: Square) -> bool {
    let pawns = Bitboard(key.white | key.black);
    let their_king = if turn == Color::White { bk } else { wk };
    wk != bk
        && wk.distance(bk) > 1
        && !pawns.contains(wk)
        && !pawns.contains(bk)
        && !pawn_attacks_of(turn, key.pawns(turn)).contains(their_king)
}

/// Pushes the moves of `turn` as edges; true when `turn` is in check.
fn moves(key: Key, turn: Color, wk: Square, bk: Square, edges: &mut Vec<Edge>) -> bool {
    let (mk, ok) = match turn {
        Color::White => (wk, bk),
        Color::Black => (bk, wk),
    };
    let own = key.pawns(turn);
    let theirs = key.pawns(!turn);
    let guarded = attacks::king_attacks(ok) | pawn_attacks_of(!turn, theirs);
    let checkers = attacks::pawn_attacks(turn, mk) & theirs;
    let place = |k: Square| match turn {
        Color::White => (k, bk),
        Color::Black => (wk, k),
    };
    for to in attacks::king_attacks(mk) & !own & !guarded {
        let (w, b) = place(to);
        if theirs.contains(to) {
            let child = key.with(!turn, theirs.without(to), None);
            edges.push(Edge::Fixed(facts(
                child.with(turn, own, None),
                index(!turn, w, b),
            )));
        } else if key.ep.is_some() {
            let child = Key { ep: None, ..key };
            edges.push(Edge::Fixed(facts(child, index(!turn, w, b))));
        } else {
            edges.push(Edge::Same(
                u16::try_from(index(!turn, w, b)).unwrap_or(u16::MAX),
            ));
        }
    }
    if checkers.count() > 1 {
        return true;
    }
    let occ = occupied(key, wk, bk);
    let step = |sq: Square| -> Option<Square> {
        let v = i32::try_from(u32::from(sq)).ok()? + if turn == Color::White { 8 } else { -8 };
        u32::try_from(v).ok().filter(|v| *v < 64).map(Square::new)
    };
    let (last, second) = match turn {
        Color::White => (Rank::Eighth, Rank::Second),
        Color::Black => (Rank::First, Rank::Seventh),
    };
    let ep_bb = key.ep.map_or(Bitboard::EMPTY, Bitboard::from);
    for p in own {
        let rest = own.without(p);
        // Pushes (none while in check: a pawn cannot block a pawn's check).
        if checkers.is_empty()
            && let Some(one) = step(p)
            && !occ.contains(one)
        {
            if one.rank() == last {
                edges.push(Edge::Fixed(promotion(turn, mk, ok, rest, theirs, one)));
            } else {
                let child = key
                    .with(turn, rest.with(one), None)
                    .with(!turn, theirs, None);
                edges.push(Edge::Fixed(facts(child, index(!turn, wk, bk))));
                if p.rank() == second
                    && let Some(two) = step(one)
                    && !occ.contains(two)
                {
                    // The en-passant square only when an enemy pawn stands beside.
                    let beside = attacks::pawn_attacks(turn, one) & theirs;
                    let ep = beside.any().then_some(one);
                    let child = key.with(turn, rest.with(two), None).with(!turn, theirs, ep);
                    edges.push(Edge::Fixed(facts(child, index(!turn, wk, bk))));
                }
            }
        }
        for to in attacks::pawn_attacks(turn, p) & (theirs | ep_bb) {
            // The pawn taken en passant stands behind the en-passant square.
            let taken = if theirs.contains(to) {
                to
            } else {
                match Square::from_coords(to.file(), p.rank()) {
                    sq if theirs.contains(sq) => sq,
                    _ => continue,
                }
            };
            if checkers.any() && !checkers.contains(taken) {
                continue;
            }
            let theirs_after = theirs.without(taken);
            if to.rank() == last {
                edges.push(Edge::Fixed(promotion(turn, mk, ok, rest, theirs_after, to)));
            } else {
                let child = key
                    .with(turn, rest.with(to), None)
                    .with(!turn, theirs_after, None);
                edges.push(Edge::Fixed(facts(child, index(!turn, wk, bk))));
            }
        }
    }
    checkers.any()
}

/// The facts after `turn` promotes on `sq` (its king on `mk`, its other pawns `rest`; the
/// other side's king on `ok`, its pawns `theirs`), `turn` choosing the piece.
fn promotion(
    turn: Color,
    mk: Square,
    ok: Square,
    rest: Bitboard,
    theirs: Bitboard,
    sq: Square,
) -> u8 {
    let options = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .map(|role| promoted(turn, mk, ok, rest, theirs, sq, role));
    combine(turn, options)
}

/// The facts after promoting to `role`, the other side to move.
fn promoted(
    turn: Color,
    mk: Square,
    ok: Square,
    rest: Bitboard,
    theirs: Bitboard,
    sq: Square,
    role: Role,
) -> u8 {
    let strong = matches!(role, Role::Queen | Role::Rook);
    // Guarded by the promoting side's king and pawns.
    let defended = attacks::king_attacks(mk) | pawn_attacks_of(turn, rest);
    let capture = ok.distance(sq) == 1 && !defended.contains(sq);
    // The position after the capture of the new piece: the promoting side to move.
    let after_capture = || {
        let (w, b) = match turn {
            Color::White => (mk, sq),
            Color::Black => (sq, mk),
        };
        let key = Key {
            white: 0,
            black: 0,
            ep: None,
        }
        .with(turn, rest, None)
        .with(!turn, theirs, None);
        facts(key, index(turn, w, b))
    };
    if theirs.any() {
        // A queen against pawns is not known here; the defender may take the piece at once.
        let other = UNKNOWN;
        return if capture {
            combine(!turn, [after_capture(), other])
        } else {
            other
        };
    }
    // Against a lone king: its legal moves with the new piece on the board.
    let occ = rest | Bitboard::from(mk) | Bitboard::from(sq);
    let piece_attacks = attacks::attacks(sq, shakmaty::Piece { color: turn, role }, occ);
    let guarded = defended | piece_attacks;
    let in_check = piece_attacks.contains(ok);
    // Taking an unguarded pawn is an escape too.
    let escapes = attacks::king_attacks(ok) & !guarded;
    let quiet = escapes.without(sq).any();
    if !capture && !quiet {
        return if in_check { won_for(turn) } else { 0 };
    }
    // Not taking it: K+Q or K+R (with pawns) against a lone king is won; a minor piece wins
    // only with pawns, and then not surely (a rook pawn and a wrong bishop draw).
    let kept = if strong {
        won_for(turn)
    } else if rest.any() {
        poss(turn)
    } else {
        0
    };
    match (capture, quiet) {
        (true, true) => combine(!turn, [after_capture(), kept]),
        (true, false) => after_capture(),
        _ => kept,
    }
}

/// The exact value of a small pawn ending: only kings and pawns, at most two pawns a side and
/// three in all, at least one. `None` when `pos` is no such ending; `Some(None)` when the
/// search cannot decide it (a queen against pawns on the way); `Some(Some(outcome))` when it
/// is decided with best play (the 50-move rule aside, as in the K+P v K table).
pub(crate) fn exact(pos: &Chess) -> Option<Option<KnownOutcome>> {
    let board = pos.board();
    if (board.occupied() & !board.kings() & !board.pawns()).any() {
        return None;
    }
    let (white, black) = (
        board.by_color(Color::White) & board.pawns(),
        board.by_color(Color::Black) & board.pawns(),
    );
    let n = (white.count(), black.count());
    if n.0 + n.1 == 0 || n.0 > 2 || n.1 > 2 || n.0 + n.1 > 3 {
        return None;
    }
    let (wk, bk) = (board.king_of(Color::White)?, board.king_of(Color::Black)?);
    let key = Key {
        white: white.0,
        black: black.0,
        ep: pos.ep_square(shakmaty::EnPassantMode::Legal),
    };
    let f = facts(key, index(pos.turn(), wk, bk));
    Some(if f & INVALID != 0 {
        None
    } else if f & W_SURE != 0 {
        Some(KnownOutcome::Decisive {
            winner: Color::White,
        })
    } else if f & B_SURE != 0 {
        Some(KnownOutcome::Decisive {
            winner: Color::Black,
        })
    } else if f & (W_POSS | B_POSS) == 0 {
        Some(KnownOutcome::Draw)
    } else {
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn at(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    const WHITE: Option<KnownOutcome> = Some(KnownOutcome::Decisive {
        winner: Color::White,
    });
    const DRAW: Option<KnownOutcome> = Some(KnownOutcome::Draw);

    /// The search agrees with the K+P v K table (Stockfish's bitbase method, `kpk.rs`) on
    /// every legal K+P v K position with the pawn on files a–d, either side to move.
    #[test]
    fn agrees_with_the_kpk_table_everywhere() {
        let mut checked = 0;
        for pawn in (8..56u32).map(Square::new) {
            if pawn.file() > shakmaty::File::D {
                continue;
            }
            let key = Key {
                white: Bitboard::from(pawn).0,
                black: 0,
                ep: None,
            };
            for i in 0..(1 << 13) {
                let (turn, wk, bk) = kings(i);
                let f = facts(key, i);
                let table = super::super::kpk::is_win(Color::White, wk, bk, pawn, turn);
                match table {
                    None => continue,
                    Some(won) => {
                        assert_ne!(f & INVALID, INVALID, "{wk} {bk} {pawn} {turn:?}");
                        let ours = f & W_SURE != 0;
                        assert_eq!(ours, won, "{wk} {bk} {pawn} {turn:?}: {f:b}");
                        if !won {
                            assert_eq!(f & (W_POSS | B_POSS), 0, "{wk} {bk} {pawn} {turn:?}");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 150_000, "{checked}");
    }

    /// Hand-checked positions (each also checked against Stockfish in
    /// `tests/it/adjudication_engine.rs`).
    #[test]
    fn hand_checked_small_pawn_endings() {
        for (fen, want) in [
            // a- and h-pawns: the king cannot stop both.
            ("8/8/4k3/8/8/8/P6P/4K3 w - - 0 1", WHITE),
            ("8/8/4k3/8/8/8/P6P/4K3 b - - 0 1", WHITE),
            // Doubled rook pawns, the defender in the corner: drawn.
            ("k7/8/8/8/8/P7/P7/4K3 w - - 0 1", DRAW),
            // K+P v K+P: kings in opposition behind blocked e-pawns, drawn.
            ("8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1", DRAW),
            ("8/8/4k3/4p3/4P3/4K3/8/8 b - - 0 1", DRAW),
        ] {
            assert_eq!(exact(&at(fen)), Some(want), "{fen}");
        }
    }

    /// The build's figures, printed (not timed as a test): the slices a K+2P v K+P position
    /// with every pawn at home leads to, and how long they took, from an empty cache.
    /// `cargo test --lib adjudicate::small_pawns::tests::build_figures -- --nocapture`
    #[test]
    fn build_figures() {
        let start = std::time::Instant::now();
        let p = at("4k3/6p1/8/8/8/8/1PP5/4K3 w - - 0 1");
        let v = exact(&p);
        let slices = cache().lock().unwrap().len();
        println!(
            "K+2P v K+P from home: {v:?}, {slices} slices of 8192 positions, {:.2} s",
            start.elapsed().as_secs_f64()
        );
        assert!(v.is_some());
        assert!(slices > 100, "{slices}");
    }
}
