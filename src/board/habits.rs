//! What players do on a digital board besides moving, read from two placements: a piece held in
//! the hand, a lift that is a touch (Laws 4.3), the other player taking over (play goes on),
//! and the kings' result signal of DGT boards and LiveChess.

use shakmaty::{Bitboard, Board, Color, Role, Square};

use crate::game::verdict::GameResult;

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The four centre squares, where the kings are put to show a result.
const CENTRE: Bitboard = Bitboard(
    (1 << Square::D4 as u64)
        | (1 << Square::E4 as u64)
        | (1 << Square::D5 as u64)
        | (1 << Square::E5 as u64),
);

/// True when every piece of `part` stands on the same square in `whole`.
fn is_part_of(part: &Board, whole: &Board) -> bool {
    (part.white() & !whole.white()).is_empty()
        && (part.black() & !whole.black()).is_empty()
        && ROLES
            .iter()
            .all(|&r| (part.by_role(r) & !whole.by_role(r)).is_empty())
}

/// A piece in the hand: `seen` differs from `reference` (the official position's placement)
/// only by pieces lifted. Such a placement is never an illegal act by time alone, however long
/// the piece is held: only when play goes on from it, or at the end of the log.
pub fn in_hand(seen: &Board, reference: &Board) -> bool {
    seen != reference && is_part_of(seen, reference)
}

/// The player on move holds his own pieces and nothing else changed: `seen` differs from
/// `reference` only by `turn`'s pieces lifted. His move is being made, and a move is made only
/// when the piece is released on its square (Laws 4.6): at the end of a log this is no move.
pub fn own_piece_in_hand(seen: &Board, reference: &Board, turn: Color) -> bool {
    in_hand(seen, reference) && (changed(reference, seen) & !reference.by_color(turn)).is_empty()
}

/// The squares whose content differs.
fn changed(a: &Board, b: &Board) -> Bitboard {
    let mut out = (a.white() ^ b.white()) | (a.black() ^ b.black());
    for r in ROLES {
        out |= a.by_role(r) ^ b.by_role(r);
    }
    out
}

/// Who made a complete placement: the side whose pieces alone changed, when only one side's
/// did (a player moving out of turn shows his own pieces only); otherwise the player on move.
pub fn author(reference: &Board, seen: &Board, turn: Color) -> Color {
    let squares = changed(reference, seen);
    let touches = |c: Color| (squares & (reference.by_color(c) | seen.by_color(c))).any();
    if touches(!turn) && !touches(turn) {
        !turn
    } else {
        turn
    }
}

/// Play goes on from `from` (a complete placement made by `mover`): a piece of the other side
/// was lifted or put down since.
pub fn other_side_acted(from: &Board, to: &Board, mover: Color) -> bool {
    let other = !mover;
    (changed(from, to) & (from.by_color(other) | to.by_color(other))).any()
}

/// The first own piece the player on move has lifted (`turn`'s piece gone from its square in
/// `reference`), if any: the piece he touched (Laws 4.3).
pub fn lifted(reference: &Board, seen: &Board, turn: Color) -> Option<Square> {
    let own = reference.by_color(turn);
    (own & changed(reference, seen)).first()
}

/// The players' reported result shown by the kings (DGT boards and LiveChess): both kings on
/// the four centre squares, both on light squares (d5, e4) 1-0, both on dark squares (d4, e5)
/// 0-1, one on each ½-½. Never a position of chess (the centre squares all touch).
pub fn result_signal(seen: &Board) -> Option<GameResult> {
    let white = seen.kings() & seen.white();
    let black = seen.kings() & seen.black();
    if white.count() != 1 || black.count() != 1 {
        return None;
    }
    let (w, b) = (white.first()?, black.first()?);
    if !CENTRE.contains(w) || !CENTRE.contains(b) {
        return None;
    }
    Some(match (w.is_light(), b.is_light()) {
        (true, true) => GameResult::WhiteWins,
        (false, false) => GameResult::BlackWins,
        _ => GameResult::Draw,
    })
}

/// A result signal being made: a king put on a centre square more than a king's step from its
/// square (the other king may still be on its way). Not committed by time or by the other
/// player's lift.
pub fn signal_in_progress(reference: &Board, seen: &Board) -> bool {
    [Color::White, Color::Black].into_iter().any(|c| {
        (seen.kings() & seen.by_color(c) & CENTRE)
            .first()
            .is_some_and(|sq| {
                reference
                    .king_of(c)
                    .is_some_and(|from| from.distance(sq) > 1)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn kings_signal_the_result() {
        // 1-0: e4 and d5 are light squares.
        let b = board("8/8/8/3k4/4K3/8/8/8");
        assert_eq!(result_signal(&b), Some(GameResult::WhiteWins));
        let b = board("8/8/8/4k3/3K4/8/8/8");
        assert_eq!(result_signal(&b), Some(GameResult::BlackWins));
        let b = board("8/8/8/3kK3/8/8/8/8");
        assert_eq!(result_signal(&b), Some(GameResult::Draw));
        assert_eq!(result_signal(&Board::new()), None);
    }

    #[test]
    fn hand_author_lift() {
        let start = Board::new();
        let lifted_e2 = board("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");
        assert!(in_hand(&lifted_e2, &start));
        assert!(!in_hand(&start, &start));
        let e5 = board("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR");
        assert!(!in_hand(&e5, &start));
        assert_eq!(author(&start, &e5, Color::White), Color::Black);
        assert!(other_side_acted(
            &e5,
            &board("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPP1PPP/RNBQKBNR"),
            Color::Black
        ));
        assert_eq!(lifted(&start, &lifted_e2, Color::White), Some(Square::E2));
        assert_eq!(lifted(&start, &lifted_e2, Color::Black), None);
    }
}
