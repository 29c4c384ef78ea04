//! Check and pins (Art. 3.9): the cheap geometric facts the replay's hot path needs before a
//! move is known legal — is the side to move in check, which of its pieces are pinned to its
//! king. Legality itself stays shakmaty's; these only decide when a short cut is safe.

use shakmaty::{Bitboard, Chess, Position, Square, attacks};

/// Per square, the squares a rook (a bishop) on it attacks on an empty board: the lines along
/// which an enemy slider can check or pin (computed at compile time from shakmaty's tables).
static ROOK_RAYS: [Bitboard; 64] = rays(true);
static BISHOP_RAYS: [Bitboard; 64] = rays(false);

const fn rays(rook: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::ALL[i];
        table[i] = if rook {
            attacks::rook_attacks(sq, Bitboard::EMPTY)
        } else {
            attacks::bishop_attacks(sq, Bitboard::EMPTY)
        };
        i += 1;
    }
    table
}

/// Whether the side to move (whose king is on `king`) is in check (Art. 3.9.1), and the
/// bitboard of its pieces pinned to that king — each standing alone between it and an enemy
/// slider, so that it may move only along that line (Art. 3.9) — from one look along the
/// king's lines: a slider with nothing between gives check, with one piece between pins it.
/// Knights and pawns give check too; an enemy king never does (it cannot legally stand there).
pub fn checks_and_pins(pos: &Chess, king: Square) -> (bool, Bitboard) {
    let board = pos.board();
    let us = pos.turn();
    let them = board.by_color(!us);
    let occupied = board.occupied();
    let mut in_check = ((attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(us, king) & board.pawns()))
        & them;
    let snipers = (ROOK_RAYS[king as usize] & board.rooks_and_queens()
        | BISHOP_RAYS[king as usize] & board.bishops_and_queens())
        & them;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let between = attacks::between(king, sniper) & occupied;
        if between.is_empty() {
            in_check.add(sniper);
        } else if !between.more_than_one() {
            pinned |= between;
        }
    }
    (in_check.any(), pinned & board.by_color(us))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::test_position as pos;

    #[test]
    fn pins_and_checks_by_hand() {
        // Knight e2 pinned by the rook on e8; the bishop a4 and knight b1 neither pin nor check.
        let p = pos("4r1k1/8/8/8/b7/8/4N3/1N2K3 w - - 0 1");
        assert_eq!(
            checks_and_pins(&p, Square::E1),
            (false, Bitboard::from_square(Square::E2))
        );
        // Bishop b4 checks along the open diagonal; the queen on e2 is not pinned (the rook's
        // file holds two pieces: the queen and the pawn on e4).
        let p = pos("4r1k1/8/8/8/1b2P3/8/4Q3/4K3 w - - 0 1");
        assert_eq!(checks_and_pins(&p, Square::E1), (true, Bitboard::EMPTY));
        // A knight check, nothing pinned.
        let p = pos("6k1/8/8/8/8/3n4/8/4K3 w - - 0 1");
        assert_eq!(checks_and_pins(&p, Square::E1), (true, Bitboard::EMPTY));
    }
}
