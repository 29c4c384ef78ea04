//! Layer 2b of the winnability analysis: the king tempo analysis behind a dead pawn wall, a
//! sound proof over king placements for walls that a king could open only by leaving its
//! opponent without a legal move (stalemate ends the game, Laws 5.2.1). Used for dead
//! positions (Laws 5.2.2) and a side's winning chances on flag-fall or after the opponent's
//! second illegal move (Laws 6.9, 7.5.5).

use shakmaty::{Bitboard, Chess, Color, Position, Square, attacks};

use super::blockade::{component, diagonal_step, idx, pawn_step};

/// Sound proof that `winner` can never checkmate when every pawn is blocked head-on and only
/// the kings and, on one side, bishops of one square colour can move: the case where the
/// blockade analysis fails because a king *could* walk up and take a pawn, but only at a
/// moment when the opponent is left without a legal move (stalemate ends the game, Art. 5.2.1),
/// and where the exhaustive enumeration drowns in the bishops' placements.
///
/// **Preconditions** (else `false`, "not proved"): no castling rights, no capturable en
/// passant pawn; every pawn has a pawn right in front of it; no pawn attacks an enemy pawn;
/// the only pieces besides kings and pawns are bishops of one side (the *bishop side*), all
/// on squares of one colour `C`; no pawn of the other side stands on a `C` square.
///
/// **Invariant.** While no king captures a pawn, no pawn ever moves or is captured: its push
/// square stays occupied; a pawn captures only an enemy piece on a square it attacks — never a
/// king, never a pawn (none attacked), never a bishop (the other side's pawns stand off `C`, so
/// they only attack off `C`, and the bishop side's pawns never meet a bishop of the opponent);
/// bishops only capture on `C`, where no enemy pawn stands. So the pawns are fixed and the
/// bishops stay within `reach` (diagonal steps through pawn-free squares) and attack at most
/// `attack` (one diagonal step beyond).
///
/// **Abstraction.** A state is (white king's square, black king's square, side to move, "the
/// side to move may be in check"); the bishops are forgotten, allowed anywhere in `reach` at
/// any time. Every real move maps to an abstract one: a bishop move keeps the kings and may
/// give check only to a king on `attack`; a king move goes to a neighbour square that is not
/// an own pawn, not next to the enemy king and not attacked by an enemy pawn (all exact facts
/// here), and may give a discovered bishop check only when it leaves a diagonal of the enemy
/// king that no pawn blocks. Nothing else gives check: kings never do, pawns are fixed and
/// never attack an enemy king's square after its own move. A real checkmate of the loser thus
/// needs an abstract state "loser to move, maybe in check" where each of the loser king's
/// possible moves lands on `attack` (only a bishop can make such a move illegal, and only on
/// `C` squares). A king capturing a pawn leaves the abstraction, unless the opponent (without
/// bishops, so with king moves only) then has no possible move at all: the game ended in
/// stalemate there, or in mate — which counts against the proof when the capturer is the
/// winner and a discovered check was possible.
///
/// The breadth-first search over the at most 64 × 64 × 2 × 2 states either closes with none
/// of those events (a proof: every real game stays inside the explored states), or answers
/// "not proved". The enumeration of real positions cannot finish there (four bishops multiply
/// the king placements by thousands: over 1,600,000 positions); CHA's vector lines 442, 1370,
/// 1371, 1390, 1391, 1803 and 1804 are decided by this layer.
pub fn king_tempo_unwinnable(pos: &Chess, winner: Color) -> bool {
    // The abstraction reads a mate only after a move; a position already over is judged here.
    if pos.is_checkmate() {
        return pos.turn() == winner;
    }
    if pos.castles().castling_rights().any() || pos.legal_ep_square().is_some() {
        return false;
    }
    let board = pos.board();
    let pawns = board.pawns();
    let white_pawns = pawns & board.white();
    let black_pawns = pawns & board.black();
    let blocked_head_on = Bitboard(white_pawns.0 << 8).is_subset(pawns)
        && Bitboard(black_pawns.0 >> 8).is_subset(pawns);
    if !blocked_head_on
        || pawn_step(Color::White, white_pawns).intersects(black_pawns)
        || pawn_step(Color::Black, black_pawns).intersects(white_pawns)
    {
        return false;
    }
    let bishops = board.bishops();
    if !(board.occupied() & !pawns & !board.kings()).is_subset(bishops) {
        return false;
    }
    let bishop_side = if bishops.is_subset(board.white()) {
        Color::White
    } else if bishops.is_subset(board.black()) {
        Color::Black
    } else {
        return false;
    };
    let colour = if bishops.is_subset(Bitboard::DARK_SQUARES) {
        Bitboard::DARK_SQUARES
    } else if bishops.is_subset(Bitboard::LIGHT_SQUARES) {
        Bitboard::LIGHT_SQUARES
    } else {
        return false;
    };
    if bishops.any() && (pawns & board.by_color(!bishop_side)).intersects(colour) {
        return false;
    }
    let (Some(white_king), Some(black_king)) =
        (board.king_of(Color::White), board.king_of(Color::Black))
    else {
        return false;
    };
    let reach = component(bishops, !pawns, diagonal_step);
    let attack = diagonal_step(reach);
    let has_bishops = |c: Color| c == bishop_side && bishops.any();
    let pawns_of = |c: Color, pawns: Bitboard| pawns & board.by_color(c);
    // Squares the king of `c` on `from` may possibly step to, given the enemy king and the
    // pawns still on the board.
    let king_moves = |c: Color, from: Square, enemy_king: Square, pawns: Bitboard| {
        attacks::king_attacks(from)
            & !pawns_of(c, pawns)
            & !attacks::king_attacks(enemy_king)
            & !pawn_step(!c, pawns_of(!c, pawns))
    };
    // May a move of `c`'s king from `from` uncover a bishop check on the enemy king?
    let discovered = |c: Color, from: Square, enemy_king: Square, pawns: Bitboard| {
        has_bishops(c)
            && attack.contains(enemy_king)
            && attacks::bishop_attacks(enemy_king, pawns).contains(from)
    };
    let index = |kings: [Square; 2], turn: Color, check: bool| {
        ((usize::from(kings[0]) * 64 + usize::from(kings[1])) * 2 + idx(turn)) * 2
            + usize::from(check)
    };
    let mut seen = vec![false; 64 * 64 * 2 * 2];
    let root = ([white_king, black_king], pos.turn(), pos.is_check());
    seen[index(root.0, root.1, root.2)] = true;
    let mut queue = vec![root];
    while let Some((kings, turn, check)) = queue.pop() {
        let own = kings[idx(turn)];
        let enemy = kings[idx(!turn)];
        let moves = king_moves(turn, own, enemy, pawns);
        // Only a bishop can make a possible king move illegal, and only on `attack`.
        let sure = if has_bishops(!turn) {
            moves & !attack
        } else {
            moves
        };
        if turn != winner && check && sure.is_empty() {
            return false;
        }
        let mut next = Vec::with_capacity(9);
        if has_bishops(turn) {
            next.push((kings, !turn, attack.contains(enemy)));
        }
        for to in moves {
            let gives_check = |pawns| discovered(turn, own, enemy, pawns);
            if pawns.contains(to) {
                // A king takes a pawn: only a position where the opponent is left without any
                // move (stalemate, or mate by a discovered check) keeps the proof.
                let after = pawns.without(to);
                if has_bishops(!turn) || king_moves(!turn, enemy, to, after).any() {
                    return false;
                }
                if turn == winner && gives_check(after) {
                    return false;
                }
                continue;
            }
            let mut moved = kings;
            moved[idx(turn)] = to;
            next.push((moved, !turn, gives_check(pawns)));
        }
        for state in next {
            let slot = index(state.0, state.1, state.2);
            if !seen[slot] {
                seen[slot] = true;
                queue.push(state);
            }
        }
    }
    true
}
