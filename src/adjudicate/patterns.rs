//! Known drawn material configurations (rule 5 of play-out adjudication): positions where the
//! side with more material cannot be expected to win. Source: the endgame table of
//! `laws-reference.md` §5.1 (standard endgame theory).

use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Rank, Square};

/// A drawn pattern that matched, with its snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawnPattern {
    /// K+N+N v K: two knights cannot force mate.
    TwoKnightsVsKing,
    /// K+minor v K+minor, no pawns.
    MinorVsMinor,
    /// K+R v K+N or K+B, no pawns.
    RookVsMinor,
    /// K+R+minor v K+R, no pawns.
    RookAndMinorVsRook,
    /// K+B + rook pawn(s) v K, the bishop not controlling the promotion square and the
    /// defending king on or next to it.
    WrongRookPawn,
    /// One bishop each on opposite colours, no other pieces, at most two extra pawns.
    OppositeColouredBishops,
    /// K+Q v K+P: a rook or bishop pawn one step from promotion, its king next to it, the
    /// queen's king at least five squares (king moves) from the pawn.
    QueenVsSeventhRankPawn,
    /// K+P v K: the defending king directly in front of the pawn (the pawn at most on its sixth
    /// rank), or anywhere ahead of a rook pawn on its file.
    KingInFrontOfPawn,
}

impl DrawnPattern {
    /// Every pattern (for listing them, e.g. in `arbiter adjudicate`'s rule table).
    pub const ALL: [DrawnPattern; 8] = [
        DrawnPattern::TwoKnightsVsKing,
        DrawnPattern::MinorVsMinor,
        DrawnPattern::RookVsMinor,
        DrawnPattern::RookAndMinorVsRook,
        DrawnPattern::WrongRookPawn,
        DrawnPattern::OppositeColouredBishops,
        DrawnPattern::QueenVsSeventhRankPawn,
        DrawnPattern::KingInFrontOfPawn,
    ];

    /// The pattern's code (snake_case); its words in each language are message
    /// `pattern-<code>`.
    pub fn code(self) -> &'static str {
        match self {
            DrawnPattern::TwoKnightsVsKing => "two_knights_vs_king",
            DrawnPattern::MinorVsMinor => "minor_vs_minor",
            DrawnPattern::RookVsMinor => "rook_vs_minor",
            DrawnPattern::RookAndMinorVsRook => "rook_and_minor_vs_rook",
            DrawnPattern::WrongRookPawn => "wrong_rook_pawn",
            DrawnPattern::OppositeColouredBishops => "opposite_coloured_bishops",
            DrawnPattern::QueenVsSeventhRankPawn => "queen_vs_seventh_rank_pawn",
            DrawnPattern::KingInFrontOfPawn => "king_in_front_of_pawn",
        }
    }

    /// The pattern in words (English; message `pattern-<code>`).
    pub fn describe(self) -> String {
        crate::i18n::Lang::En.msg(&format!("pattern-{}", self.code()))
    }
}

/// Matches the drawn patterns, either colour being the stronger side.
pub fn drawn_pattern(pos: &Chess) -> Option<DrawnPattern> {
    let board = pos.board();
    let m = board.material();
    let pawns = board.pawns().count();
    let minors = |c: Color| {
        let s = m.get(c);
        s.knight + s.bishop
    };
    let heavy = |c: Color| {
        let s = m.get(c);
        s.rook + s.queen
    };
    for strong in [Color::White, Color::Black] {
        let weak = !strong;
        let s = m.get(strong);
        let w = m.get(weak);
        if pawns == 0 {
            let weak_bare = minors(weak) == 0 && heavy(weak) == 0;
            if s.knight == 2 && s.bishop == 0 && heavy(strong) == 0 && weak_bare {
                return Some(DrawnPattern::TwoKnightsVsKing);
            }
            if minors(strong) == 1 && heavy(strong) == 0 && minors(weak) == 1 && heavy(weak) == 0 {
                return Some(DrawnPattern::MinorVsMinor);
            }
            if s.rook == 1
                && s.queen == 0
                && minors(strong) == 0
                && minors(weak) == 1
                && heavy(weak) == 0
            {
                return Some(DrawnPattern::RookVsMinor);
            }
            if s.rook == 1
                && s.queen == 0
                && minors(strong) == 1
                && w.rook == 1
                && w.queen == 0
                && minors(weak) == 0
            {
                return Some(DrawnPattern::RookAndMinorVsRook);
            }
        }
        if wrong_rook_pawn(board, strong) {
            return Some(DrawnPattern::WrongRookPawn);
        }
        if queen_v_seventh_rank_pawn(board, strong) {
            return Some(DrawnPattern::QueenVsSeventhRankPawn);
        }
        if king_in_front_of_pawn(board, strong) {
            return Some(DrawnPattern::KingInFrontOfPawn);
        }
    }
    if opposite_bishops(board) {
        return Some(DrawnPattern::OppositeColouredBishops);
    }
    None
}

fn wrong_rook_pawn(board: &Board, strong: Color) -> bool {
    let ours = board.by_color(strong);
    let theirs = board.by_color(!strong);
    // Strong side: king, one bishop, pawns; weak side: bare king.
    if theirs != board.kings() & theirs {
        return false;
    }
    let bishops = ours & board.bishops();
    let pawns = ours & board.pawns();
    if bishops.count() != 1
        || pawns.is_empty()
        || ours != (bishops | pawns | (ours & board.kings()))
    {
        return false;
    }
    let file = if pawns.is_subset(Bitboard::from(File::A)) {
        File::A
    } else if pawns.is_subset(Bitboard::from(File::H)) {
        File::H
    } else {
        return false;
    };
    let rank = if strong == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let promotion = Square::from_coords(file, rank);
    let bishop_light = bishops.first().is_some_and(Square::is_light);
    if bishop_light == promotion.is_light() {
        return false;
    }
    board
        .king_of(!strong)
        .is_some_and(|k| k.distance(promotion) <= 1)
}

/// The square `steps` ranks ahead of `square` for a pawn of `color`.
fn ahead(square: Square, color: Color, steps: i32) -> Option<Square> {
    let delta = if color == Color::White { 8 } else { -8 };
    square.offset(delta * steps)
}

/// The rank of `square` counted from `color`'s side (the first rank is 1).
pub(super) fn relative_rank(square: Square, color: Color) -> u32 {
    match color {
        Color::White => square.rank().to_u32() + 1,
        Color::Black => 8 - square.rank().to_u32(),
    }
}

/// Endgame theory: against a rook or bishop pawn on its seventh rank supported by its king, the
/// queen draws unless her own king is near (the stalemate defence: K on the corner square, or
/// taking the pawn leaves stalemate). Five king moves from the pawn is outside the winning zone
/// for both pawn kinds.
fn queen_v_seventh_rank_pawn(board: &Board, strong: Color) -> bool {
    let ours = board.by_color(strong);
    let theirs = board.by_color(!strong);
    let our_queen = ours & board.queens();
    let their_pawn = theirs & board.pawns();
    if our_queen.count() != 1 || ours != our_queen | (ours & board.kings()) {
        return false;
    }
    let Some(pawn) = their_pawn.single_square() else {
        return false;
    };
    if theirs != their_pawn | (theirs & board.kings()) {
        return false;
    }
    let rook_or_bishop_file = matches!(pawn.file(), File::A | File::C | File::F | File::H);
    let (Some(their_king), Some(our_king)) = (board.king_of(!strong), board.king_of(strong)) else {
        return false;
    };
    rook_or_bishop_file
        && relative_rank(pawn, !strong) == 7
        && their_king.distance(pawn) == 1
        && our_king.distance(pawn) >= 5
}

/// Endgame theory of K+P v K: with the defending king directly in front of the pawn (the pawn
/// at most on its sixth rank, so the stalemate defence holds) the defender keeps the opposition
/// and draws whoever is to move; a rook pawn draws once the defending king is anywhere ahead of
/// it on its file, as the king cannot be driven out of the corner.
fn king_in_front_of_pawn(board: &Board, strong: Color) -> bool {
    let ours = board.by_color(strong);
    let theirs = board.by_color(!strong);
    let our_pawn = ours & board.pawns();
    let Some(pawn) = our_pawn.single_square() else {
        return false;
    };
    if ours != our_pawn | (ours & board.kings()) || theirs != theirs & board.kings() {
        return false;
    }
    let Some(their_king) = board.king_of(!strong) else {
        return false;
    };
    if matches!(pawn.file(), File::A | File::H) {
        return their_king.file() == pawn.file()
            && relative_rank(their_king, strong) > relative_rank(pawn, strong);
    }
    relative_rank(pawn, strong) <= 6 && ahead(pawn, strong, 1) == Some(their_king)
}

fn opposite_bishops(board: &Board) -> bool {
    let white = board.white();
    let black = board.black();
    let only = |side: Bitboard| side == side & (board.kings() | board.bishops() | board.pawns());
    if !only(white) || !only(black) {
        return false;
    }
    let (wb, bb) = (white & board.bishops(), black & board.bishops());
    let (Some(w), Some(b)) = (wb.single_square(), bb.single_square()) else {
        return false;
    };
    if w.is_light() == b.is_light() {
        return false;
    }
    let wp = (white & board.pawns()).count();
    let bp = (black & board.pawns()).count();
    wp.abs_diff(bp) <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::winnability::test_position as pos;

    #[test]
    fn patterns() {
        assert_eq!(
            drawn_pattern(&pos("8/8/8/4k3/8/8/8/2N1KN2 w - - 0 1")),
            Some(DrawnPattern::TwoKnightsVsKing)
        );
        // h-pawn, light bishop (h8 is dark), black king on h8: wrong bishop.
        assert_eq!(
            drawn_pattern(&pos("7k/8/8/8/7P/8/3B4/4K3 w - - 0 1")),
            None,
            "d2 is a dark square: right bishop"
        );
        assert_eq!(
            drawn_pattern(&pos("7k/8/8/8/7P/8/4B3/4K3 w - - 0 1")),
            Some(DrawnPattern::WrongRookPawn)
        );
        assert_eq!(drawn_pattern(&pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")), None);
    }

    #[test]
    fn queen_against_a_seventh_rank_pawn() {
        // c2-pawn, king b2 beside it, White's king on h8 (six moves away): the stalemate
        // defence (Ka1 when the queen takes the pawn's protection away) holds.
        assert_eq!(
            drawn_pattern(&pos("7K/8/8/8/8/8/1kp5/4Q3 w - - 0 1")),
            Some(DrawnPattern::QueenVsSeventhRankPawn)
        );
        // A d-pawn is lost: the queen forces the king in front of it and brings her king.
        assert_eq!(drawn_pattern(&pos("7K/8/8/8/8/8/2kp4/4Q3 w - - 0 1")), None);
        // White's king near the pawn (d3): inside the winning zone, no pattern.
        assert_eq!(
            drawn_pattern(&pos("8/8/8/8/8/3K4/1kp5/4Q3 w - - 0 1")),
            None
        );
    }

    #[test]
    fn king_in_front_of_the_pawn() {
        // Black king e5 in front of the e4-pawn: the defender keeps the opposition.
        assert_eq!(
            drawn_pattern(&pos("8/8/8/4k3/4P3/4K3/8/8 w - - 0 1")),
            Some(DrawnPattern::KingInFrontOfPawn)
        );
        // Pawn on the seventh with the king on e8 in front: Kd6 and Black to move loses
        // (Kf7, Kd7), so the rule stops at the sixth rank.
        assert_eq!(drawn_pattern(&pos("4k3/4P3/3K4/8/8/8/8/8 b - - 0 1")), None);
        // Rook pawn with the defending king on the file ahead: draw.
        assert_eq!(
            drawn_pattern(&pos("8/8/k7/8/8/8/P7/7K w - - 0 1")),
            Some(DrawnPattern::KingInFrontOfPawn)
        );
        // Defending king beside, not in front: the attacker may win, no pattern.
        assert_eq!(drawn_pattern(&pos("8/8/8/2k5/4P3/4K3/8/8 w - - 0 1")), None);
    }
}
