//! The automatic endings of the Laws: what ends a game by itself after a move, without a claim
//! — checkmate (Art. 5.1.1), stalemate (5.2.1), dead position (5.2.2), 75 moves (9.6.2) and
//! fivefold repetition (9.6.1) — tested in that order, with the cheap sufficient tests that
//! keep the replay's hot path fast (a known next move, a quick legal-move test, material and
//! pawn blockades before any search).

use shakmaty::{Bitboard, Board, Chess, Color, KnownOutcome, Position, Rank, Role, attacks};

use crate::laws::draw::{self, RepetitionHistory};
use crate::laws::winnability::{
    Winnability, WinnabilityConfig, can_mate, can_mate_with, material_cannot_mate,
};

/// An ending the Laws apply by themselves, without a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutomaticEnding {
    /// Art. 5.1.1: the side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that checkmated.
        winner: Color,
    },
    /// Art. 5.2.1: stalemate.
    Stalemate,
    /// Art. 5.2.2, shown by material alone (neither side has mating material).
    InsufficientMaterial,
    /// Art. 5.2.2, shown by the winnability analysis (neither side can mate).
    DeadPosition,
    /// Art. 9.6.2: 75 moves each without pawn move or capture.
    SeventyFiveMoves,
    /// Art. 9.6.1: the same position for the fifth time.
    FivefoldRepetition,
}

impl AutomaticEnding {
    /// The result it gives: a win for the mating side (5.1.1), a draw otherwise.
    pub fn outcome(self) -> KnownOutcome {
        match self {
            AutomaticEnding::Checkmate { winner } => KnownOutcome::Decisive { winner },
            _ => KnownOutcome::Draw,
        }
    }
}

/// The automatic endings after a legal move, in the order of the Laws: checkmate (5.1.1),
/// stalemate (5.2.1), dead position (5.2.2), 75 moves (9.6.2), fivefold repetition (9.6.1).
///
/// The material and dead-position tests run only when `zeroing` (a capture or pawn move, or
/// an illegal act played on before the move), where material and pawn structure change; the
/// dead-position test beyond material uses the static layers ([`statically_unwinnable`]), and a
/// position made dead by a piece move is recognised at the next capture or pawn move.
///
/// `has_move`: a legal move is known to exist (the record's next move), so the checkmate and
/// stalemate tests are skipped.
pub fn automatic_ending(
    pos: &Chess,
    history: &RepetitionHistory,
    zeroing: bool,
    has_move: bool,
) -> Option<AutomaticEnding> {
    automatic_ending_with(pos, history, zeroing, DeadPositionTest::PerMove, has_move)
}

/// How hard to look for a dead position (Laws 5.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadPositionTest {
    /// After a move in play: the static layers only ([`statically_unwinnable`]). A dead
    /// position that only a search proves (e.g. every legal move stalemates) is not seen here;
    /// the game then ends by the stalemate or other ending that follows, with the same draw.
    /// Measured: a helpmate search per capture or pawn move made judging 3x slower.
    PerMove,
    /// Once per game (the start position): the full analysis.
    Full,
}

fn dead_position(pos: &Chess, test: DeadPositionTest) -> bool {
    match test {
        DeadPositionTest::Full => {
            can_mate(pos, Color::White) == Winnability::Unwinnable
                && can_mate(pos, Color::Black) == Winnability::Unwinnable
        }
        DeadPositionTest::PerMove => {
            statically_unwinnable(pos, Color::White) && statically_unwinnable(pos, Color::Black)
        }
    }
}

/// [`automatic_ending`] with the dead-position test of `test` (the start position of a game
/// gets [`DeadPositionTest::Full`]).
pub fn automatic_ending_with(
    pos: &Chess,
    history: &RepetitionHistory,
    zeroing: bool,
    test: DeadPositionTest,
    has_move: bool,
) -> Option<AutomaticEnding> {
    if has_move {
        // Neither checkmate nor stalemate: a legal move is known.
    } else if pos.is_check() {
        if !king_can_step_away(pos) && pos.legal_moves().is_empty() {
            return Some(AutomaticEnding::Checkmate {
                winner: !pos.turn(),
            });
        }
    } else if !has_legal_move_quick(pos) && pos.legal_moves().is_empty() {
        return Some(AutomaticEnding::Stalemate);
    }
    // Material changes only by a capture or a promotion, both zeroing moves: the tests of
    // material and of a dead position run only after them (and on the start position).
    if zeroing && pos.is_insufficient_material() {
        return Some(AutomaticEnding::InsufficientMaterial);
    }
    if zeroing && dead_position(pos, test) {
        return Some(AutomaticEnding::DeadPosition);
    }
    if pos.halfmoves() >= draw::SEVENTY_FIVE_MOVES_PLIES {
        return Some(AutomaticEnding::SeventyFiveMoves);
    }
    // Five occurrences need at least 17 positions since the last irreversible move.
    if history.len() >= 17 && draw::fivefold(history) {
        return Some(AutomaticEnding::FivefoldRepetition);
    }
    None
}

/// All sixteen pawns on their starting squares (ranks 2 and 7), as in every opening array,
/// standard or Chess960: nothing is blocked yet, pawns can still meet, capture and promote, so
/// the position is not dead (5.2.2) and the costly search is skipped.
pub fn pawns_at_home(board: &Board) -> bool {
    board.pawns() & board.white() == Bitboard::from_rank(Rank::Second)
        && board.pawns() & board.black() == Bitboard::from_rank(Rank::Seventh)
}

/// Kings, bishops and pawns only, and a side that has pawns with all of them blocked head-on by
/// enemy pawns: where the (costly) blockade layer proves dead positions in practice. Elsewhere it is skipped, which can only miss a proof, never invent one. (A side
/// without pawns does not count as blocked: that made every bishop ending run the layer.)
fn blockade_possible(board: &Board) -> bool {
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    (board.queens() | board.rooks() | board.knights()).is_empty()
        && ((white != 0 && (white << 8) & !black == 0)
            || (black != 0 && (black >> 8) & !white == 0))
}

/// `side` provably cannot mate, by the static layers of [`crate::laws::winnability`] only
/// (material; blockade), without helpmate search: the test run after every capture and pawn
/// move (5.2.2, both sides) and on every decisive reported result. A search can only show that
/// mate is still possible, the usual case; what ends a game is a proof of unwinnability.
///
/// The blockade layer is costly (still about 8 % of a database replay), so it runs only where a pawn
/// blockade can make a position dead in practice: kings, bishops and pawns, with at least one
/// pawn (a knight jumps any wall; rooks and queens behind a closed chain are left to the full
/// analysis that [`can_mate`] runs for 7.5.5, 5.1.2 and 6.9). Sound: it never claims
/// "unwinnable" without a proof.
pub fn statically_unwinnable(pos: &Chess, side: Color) -> bool {
    // Material first, without the legal-move generation `can_mate_with` starts with (the
    // callers have already looked for mate and stalemate). Then the blockade layer alone:
    // `static_only` has no helpmate search and no reachability enumeration (the quick budget's
    // enumeration ran in every position with a locked pawn pair: 95 % of a replay's time).
    if pos.has_insufficient_material(side) || material_cannot_mate(pos.board(), side) {
        return true;
    }
    blockade_possible(pos.board())
        && can_mate_with(pos, side, &WinnabilityConfig::static_only()).verdict
            == Winnability::Unwinnable
}

/// A cheap sufficient test that the side to move (not in check) has a legal move: an unpinned
/// piece with a pseudo-legal move, or a king step to an unattacked square. `false` means
/// "unknown", and the caller generates the legal moves.
fn has_legal_move_quick(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    // Pieces pinned to the king may not be able to move; leave them to the full generator.
    let (_, pinned) = crate::laws::check::checks_and_pins(pos, king);
    let free = ours & !pinned & !board.kings();
    for from in free {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let targets = match role {
            Role::Pawn => {
                let push = from.offset(if us == Color::White { 8 } else { -8 });
                let pushes = push
                    .filter(|sq| !occupied.contains(*sq))
                    .map_or(Bitboard::EMPTY, Bitboard::from_square);
                pushes | (attacks::pawn_attacks(us, from) & theirs)
            }
            _ => attacks::attacks(from, role.of(us), occupied) & !ours,
        };
        if targets.any() {
            return true;
        }
    }
    // The king last: each flight square costs an attack test.
    king_can_step_away(pos)
}

/// A cheap sufficient test that the side to move has a legal move in check: a king step to a
/// square no enemy piece attacks once the king has left its square (the usual answer to a
/// check). `false` means "unknown", and the caller generates the legal moves.
fn king_can_step_away(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}
