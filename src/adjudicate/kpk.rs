//! King and pawn against king (K+P v K), solved exactly once per process by retrograde
//! analysis, the way Stockfish's `bitbase.cpp` builds its KPK bitbase: every position with the
//! pawn on files a–d (the others are mirrored) is marked won or drawn for the pawn's side.
//!
//! The result is the ground truth behind the pawn-ending rules of
//! [`super::pawn_endings`] (key squares, opposition, rule of the square, the rook pawn):
//! those rules name *why* a K+P v K position is won or drawn, this table says *that* it is.
//! Promotion counts as a win when the new queen cannot be taken at once (endgame theory:
//! K+Q v K wins; the rare stalemate after promotion is avoided by promoting to a rook).

use std::sync::OnceLock;

use shakmaty::{Color, Square};

const INVALID: u8 = 0;
const UNKNOWN: u8 = 1;
const DRAW: u8 = 2;
const WIN: u8 = 4;

/// Squares a king on `sq` (0 = a1 … 63 = h8) attacks.
fn king_moves(sq: u8) -> impl Iterator<Item = u8> {
    shakmaty::attacks::king_attacks(square(sq))
        .into_iter()
        .map(|to| to as u8)
}

/// Chebyshev (king-move) distance.
fn distance(a: u8, b: u8) -> u32 {
    square(a).distance(square(b))
}

/// The square of index `sq` (0 = a1 … 63 = h8; the table's indices are all below 64).
fn square(sq: u8) -> Square {
    Square::new(u32::from(sq) & 63)
}

/// True when a white pawn on `pawn` attacks `sq`.
fn pawn_attacks(pawn: u8, sq: u8) -> bool {
    sq / 8 == pawn / 8 + 1 && (sq % 8).abs_diff(pawn % 8) == 1
}

/// Index of a position: side to move (0 White, 1 Black), white king, black king, pawn.
fn index(black_to_move: bool, wk: u8, bk: u8, pawn: u8) -> usize {
    (usize::from(black_to_move) << 18)
        | (usize::from(wk) << 12)
        | (usize::from(bk) << 6)
        | usize::from(pawn)
}

/// The first classification of a position, before any move is looked at.
fn initial(black_to_move: bool, wk: u8, bk: u8, pawn: u8) -> u8 {
    if distance(wk, bk) <= 1
        || wk == pawn
        || bk == pawn
        || (!black_to_move && pawn_attacks(pawn, bk))
    {
        return INVALID;
    }
    let push = pawn + 8;
    if !black_to_move
        && pawn / 8 == 6
        && wk != push
        && bk != push
        && (distance(bk, push) > 1 || distance(wk, push) == 1)
    {
        return WIN;
    }
    if black_to_move {
        let safe = |sq: u8| distance(sq, wk) > 1 && !pawn_attacks(pawn, sq);
        let stalemate = !king_moves(bk).any(safe);
        let takes_pawn = distance(bk, pawn) == 1 && distance(wk, pawn) > 1;
        if stalemate || takes_pawn {
            return DRAW;
        }
    }
    UNKNOWN
}

fn classify(db: &[u8], black_to_move: bool, wk: u8, bk: u8, pawn: u8) -> u8 {
    let mut r = 0;
    if black_to_move {
        for to in king_moves(bk) {
            r |= db[index(false, wk, to, pawn)];
        }
        if r & DRAW != 0 {
            DRAW
        } else if r & UNKNOWN != 0 {
            UNKNOWN
        } else {
            WIN
        }
    } else {
        for to in king_moves(wk) {
            r |= db[index(true, to, bk, pawn)];
        }
        if pawn / 8 < 6 {
            r |= db[index(true, wk, bk, pawn + 8)];
        }
        if pawn / 8 == 1 && pawn + 8 != wk && pawn + 8 != bk {
            r |= db[index(true, wk, bk, pawn + 16)];
        }
        if r & WIN != 0 {
            WIN
        } else if r & UNKNOWN != 0 {
            UNKNOWN
        } else {
            DRAW
        }
    }
}

/// Every valid (pawn on files a–d, ranks 2–7) position's value.
fn positions() -> impl Iterator<Item = (bool, u8, u8, u8)> {
    [false, true].into_iter().flat_map(|stm| {
        (0..64u8).flat_map(move |wk| {
            (0..64u8).flat_map(move |bk| {
                (8..56u8)
                    .filter(|p| p % 8 < 4)
                    .map(move |p| (stm, wk, bk, p))
            })
        })
    })
}

fn build() -> Vec<u8> {
    let mut db = vec![INVALID; 1 << 19];
    for (stm, wk, bk, p) in positions() {
        db[index(stm, wk, bk, p)] = initial(stm, wk, bk, p);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for (stm, wk, bk, p) in positions() {
            let i = index(stm, wk, bk, p);
            if db[i] == UNKNOWN {
                let v = classify(&db, stm, wk, bk, p);
                if v != UNKNOWN {
                    db[i] = v;
                    changed = true;
                }
            }
        }
    }
    db
}

fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Whether K+P v K is won for the pawn's side (`strong`) with `turn` to move: kings on
/// `strong_king` and `weak_king`, the pawn on `pawn`. `None` for a position that cannot occur
/// (kings adjacent, a pawn on its first or last rank, the side not to move in check).
///
/// The first call builds the table (about 200,000 positions; some milliseconds in a release
/// build), later calls are a lookup.
pub(crate) fn is_win(
    strong: Color,
    strong_king: Square,
    weak_king: Square,
    pawn: Square,
    turn: Color,
) -> Option<bool> {
    // Attacker as White, pawn on files a–d.
    let flip = |sq: Square| {
        let mut v = u8::from(sq);
        if strong == Color::Black {
            v ^= 56;
        }
        if pawn.file() > shakmaty::File::D {
            v ^= 7;
        }
        v
    };
    let (wk, bk, p) = (flip(strong_king), flip(weak_king), flip(pawn));
    if !(8..56).contains(&p) {
        return None;
    }
    match table()[index(turn != strong, wk, bk, p)] {
        WIN => Some(true),
        INVALID => None,
        _ => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    #[test]
    fn textbook_positions() {
        use Color::{Black, White};
        // White Ke6, pawn e5... key square: Ke6 in front of e5 wins whoever moves.
        assert_eq!(is_win(White, E6, E8, E5, Black), Some(true));
        assert_eq!(is_win(White, E6, E8, E5, White), Some(true));
        // Ke4 Pe5 v Ke8, White to move: Black keeps the distant opposition, draw.
        assert_eq!(is_win(White, E4, E8, E5, White), Some(false));
        // Same, Black to move: 1...Ke7 and the kings face each other with White to move
        // (Kd5 Kd7, Kf5 Kf7): still a draw, the pawn stands between the kings.
        assert_eq!(is_win(White, E4, E8, E5, Black), Some(false));
        // King on d6 beside the e5-pawn's key squares... on one: a win whoever moves.
        assert_eq!(is_win(White, D6, E8, E5, White), Some(true));
        // Rook pawn, defender in the corner: draw.
        assert_eq!(is_win(White, B6, A8, A5, White), Some(false));
        // Black mirrored: Ke3 Pe4 v Ke1 (Black's pawn), Black to move loses? Black
        // king d3 pawn d4 with White king d1 and Black to move: Black keeps nothing... the
        // mirror of Kd6 Pd5 v Kd8: White to move wins (key square d6 occupied).
        assert_eq!(is_win(Black, D3, D1, D4, Black), Some(true));
        // Adjacent kings cannot occur.
        assert_eq!(is_win(White, E4, E5, A2, White), None);
    }

    /// Endgame theory that the table must agree with everywhere: the defending king directly
    /// in front of a pawn on its second to sixth rank draws, whoever is to move and wherever
    /// the other king stands; a rook pawn draws when the defending king is anywhere ahead of it
    /// on its file (rule 5's `KingInFrontOfPawn` pattern).
    #[test]
    fn the_king_in_front_of_the_pawn_always_draws() {
        let mut checked = 0;
        for pawn in (8..48u8).map(|i| Square::new(u32::from(i))) {
            let rook = matches!(pawn.file(), shakmaty::File::A | shakmaty::File::H);
            for wk in Square::ALL {
                let defenders: Vec<Square> = if rook {
                    Square::ALL
                        .into_iter()
                        .filter(|k| k.file() == pawn.file() && k.rank() > pawn.rank())
                        .collect()
                } else {
                    pawn.offset(8).into_iter().collect()
                };
                for bk in defenders {
                    for turn in [Color::White, Color::Black] {
                        if let Some(won) = is_win(Color::White, wk, bk, pawn, turn) {
                            assert!(!won, "K{wk} P{pawn} v K{bk}, {turn:?} to move");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 7_000, "{checked}");
    }
}
