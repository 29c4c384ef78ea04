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
}

impl DrawnPattern {
    /// The pattern in words.
    pub fn describe(self) -> &'static str {
        match self {
            DrawnPattern::TwoKnightsVsKing => "K+N+N v K (two knights cannot force mate)",
            DrawnPattern::MinorVsMinor => "K+minor v K+minor without pawns",
            DrawnPattern::RookVsMinor => "K+R v K+minor without pawns",
            DrawnPattern::RookAndMinorVsRook => "K+R+minor v K+R without pawns",
            DrawnPattern::WrongRookPawn => {
                "K+B+rook pawn v K, wrong-coloured bishop, defending king in the corner"
            }
            DrawnPattern::OppositeColouredBishops => {
                "opposite-coloured bishops with at most two extra pawns"
            }
        }
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
}
