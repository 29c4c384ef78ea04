//! Layer 1 of the winnability analysis: material facts that exclude a mate by one side without
//! looking at the squares (a bare king; a lone knight or bishops of one square colour whose
//! mate would need blockers the loser can never get). Sound proofs of "cannot checkmate by any
//! series of legal moves" for dead positions (Laws 5.2.2) and flag-fall / second illegal move
//! (Laws 6.9, 7.5.5), after the Chess Unwinnability Analyzer (CHA, Ambrona, FUN 2022).

use shakmaty::{Bitboard, Board, Color};

/// Material facts that exclude a mate by `winner` without looking at the squares (sound):
///
/// - the winner has a bare king;
/// - the loser has no pawns (so can never get new pieces) and either the winner has a lone
///   knight while the loser has no minor piece or rook, or the winner's non-king pieces are
///   bishops on one square colour while no knight and no bishop of the other colour is on
///   the board. (CHA's `impossible_to_win`: the king's flight squares of the colour the
///   bishops never touch must be blocked by the loser's own pieces that cannot interfere,
///   which only knights or bishops of that colour can be; a knight's mate likewise needs a
///   minor piece or rook as blocker.)
pub fn material_cannot_mate(board: &Board, winner: Color) -> bool {
    let ours = board.by_color(winner);
    if ours == board.kings() & ours {
        return true;
    }
    // Without pawns the loser never gets the pieces a mate by this material would need.
    (board.by_color(!winner) & board.pawns()).is_empty() && need_loser_promotion(board, winner)
}

/// CHA's test "must the loser promote for the winner to have any mate?": the winner has a
/// lone knight and the loser no minor piece or rook, or the winner only bishops of one colour
/// and no knight or opposite-coloured bishop is on the board. Used for move ordering, and by
/// [`material_cannot_mate`] as a proof when the loser has no pawns.
pub(super) fn need_loser_promotion(board: &Board, winner: Color) -> bool {
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    let our_pieces = ours & !board.kings();
    if our_pieces.count() == 1
        && (our_pieces & board.knights()).any()
        && (theirs & (board.knights() | board.bishops() | board.rooks())).is_empty()
    {
        return true;
    }
    let our_bishops = ours & board.bishops();
    if our_bishops.any() && our_pieces == our_bishops {
        let colour = if (our_bishops & Bitboard::DARK_SQUARES).any() {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        return (board.bishops() & !colour).is_empty() && (theirs & board.knights()).is_empty();
    }
    false
}
