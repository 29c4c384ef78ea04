//! Layer 2 of the winnability analysis: the blockade analysis, a sound static proof that a side
//! can never checkmate behind blocked pawn walls (frozen pieces as a greatest fixed point, then
//! the squares every other piece can ever reach, then no square admitting a mate of the
//! defending king). Decides dead positions (Laws 5.2.2) and whether a side can still win on
//! flag-fall or after the opponent's second illegal move (Laws 6.9, 7.5.5). The bitboard flood
//! fills it runs on are here too (the king tempo analysis reuses them).

use shakmaty::{Bitboard, Board, Chess, Color, Piece, Position, Rank, Role, Square, attacks};

use super::locked_pawns;

/// Blockade analysis after playing out forced moves (while the side to move has exactly one
/// legal move, at most 100 plies), as the forced line is the only continuation.
pub(super) fn blockade_unwinnable_after_forced(pos: &Chess, winner: Color) -> bool {
    let mut current = pos.clone();
    for _ in 0..100 {
        let moves = current.legal_moves();
        match moves.len() {
            0 => return !(current.is_check() && current.turn() != winner),
            1 => {
                if let Some(m) = moves.first() {
                    current.play_unchecked(*m);
                }
            }
            _ => break,
        }
    }
    blockade_unwinnable(&current, winner)
}

/// Sound static proof that `winner` can never checkmate, for blocked pawn structures.
///
/// Method (a greatest fixed point): start by assuming every non-king piece is *frozen* (never
/// moves, never captured). Given the frozen set `F`, compute for every other piece the squares
/// it could ever reach moving through non-frozen squares (kings avoid squares permanently
/// attacked by frozen pawns and knights; pawns capture only where an enemy could stand;
/// promoted pieces reach everything a queen or knight could from the promotion squares). Unfreeze
/// any frozen piece that could move (a free destination or an enemy to capture) or be captured
/// (an enemy could attack its square). Repeat until nothing changes. By induction over any
/// series of moves, frozen pieces stay put and the rest stay inside their reach.
///
/// Then a mate on square `k` needs `k` in the loser king's reach, a winner's piece able to
/// attack `k`, and every neighbour of `k` attackable by the winner or occupiable by a loser's
/// piece, with at least as many distinct loser pieces as neighbours that need a blocker. If no
/// square qualifies, the position is unwinnable for `winner`. Returns `false` ("not proved")
/// with castling rights, a capturable en passant pawn, or no locked pawn pair.
pub fn blockade_unwinnable(pos: &Chess, winner: Color) -> bool {
    // A frozen set practically always rests on a locked pawn pair (pieces walled in by frozen
    // pieces, the wall's base a pawn blocked by an enemy pawn); without one, every piece
    // reaches almost everywhere and no proof comes out. Skipping the costly analysis there only
    // ever answers "not proved", never a wrong proof.
    if pos.castles().castling_rights().any()
        || pos.legal_ep_square().is_some()
        || !locked_pawns(pos.board())
    {
        return false;
    }
    let analysis = Blockade::compute(pos.board());
    analysis.no_mating_square(pos.board(), winner)
}

struct PieceReach {
    square: Square,
    piece: Piece,
    /// Squares the piece itself (or, for a pawn, the pawn) may stand on.
    reach: Bitboard,
    /// Squares a promoted piece from this pawn may stand on.
    promoted: Bitboard,
    /// Squares the piece (or its promoted form) may ever attack.
    attacks: Bitboard,
    /// The blocked squares `reach` was last computed for (a piece's reach depends on nothing
    /// else, so it is recomputed only when they change); `FULL` before the first computation.
    blocked: Bitboard,
    /// `attacks` was computed from the current `reach` and `promoted`.
    attacks_fresh: bool,
}

struct Blockade {
    frozen: Bitboard,
    pieces: Vec<PieceReach>,
}

impl Blockade {
    fn compute(board: &Board) -> Blockade {
        // Kings too: a king walled in by its own frozen pieces and squares its opponent's
        // frozen pieces attack never moves, and then guards its neighbours for good.
        let mut frozen = board.occupied();
        let mut pieces: Vec<PieceReach> = board
            .iter()
            .map(|(square, piece)| PieceReach {
                square,
                piece,
                reach: Bitboard::from(square),
                promoted: Bitboard::EMPTY,
                attacks: Bitboard::EMPTY,
                blocked: Bitboard::FULL,
                attacks_fresh: false,
            })
            .collect();
        loop {
            // Inner fixed point: reaches grow as the enemy's reach (capture targets) grows.
            loop {
                let mut changed = false;
                // Where a capturable (non-king) piece of colour `c` could stand.
                let colour_reach = |pieces: &[PieceReach], c: Color| {
                    pieces
                        .iter()
                        .filter(|p| p.piece.color == c && p.piece.role != Role::King)
                        .fold(Bitboard::EMPTY, |acc, p| acc | p.reach | p.promoted)
                };
                let reach_by = [
                    colour_reach(&pieces, Color::White),
                    colour_reach(&pieces, Color::Black),
                ];
                let attack_by = [
                    colour_attacks(&pieces, Color::White),
                    colour_attacks(&pieces, Color::Black),
                ];
                let guarded = [
                    permanent_attacks(board, frozen, Color::White)
                        | king_permanent_attacks(&pieces, Color::White),
                    permanent_attacks(board, frozen, Color::Black)
                        | king_permanent_attacks(&pieces, Color::Black),
                ];
                for p in pieces.iter_mut() {
                    if frozen.contains(p.square) {
                        let attacks = attacks::attacks(p.square, p.piece, frozen);
                        p.attacks_fresh = false;
                        if attacks != p.attacks {
                            p.attacks = attacks;
                            changed = true;
                        }
                        continue;
                    }
                    let c = p.piece.color;
                    let enemy_reach =
                        reach_by[idx(!c)] | (board.by_color(!c) & !frozen & !board.kings());
                    let (reach, promoted) = match p.piece.role {
                        Role::Pawn => {
                            let stop =
                                confronting_pawn(board, frozen, p.square, c, &reach_by, &attack_by);
                            let reach = pawn_reach(p.square, c, frozen, stop, enemy_reach);
                            // The promoted piece's reach only changes with new promotion
                            // squares or a new frozen set.
                            let last_rank = Bitboard::from(match c {
                                Color::White => Rank::Eighth,
                                Color::Black => Rank::First,
                            });
                            let promotions = (reach | p.reach) & last_rank;
                            if frozen == p.blocked && promotions == p.reach & last_rank {
                                (reach, p.promoted)
                            } else {
                                p.blocked = frozen;
                                // A queen or a knight reaches everything a promoted piece can.
                                let promoted = component(promotions, !frozen, king_step)
                                    | component(promotions, !frozen, knight_step);
                                (reach, promoted)
                            }
                        }
                        Role::King => {
                            let blocked = frozen | guarded[idx(!c)];
                            if blocked == p.blocked {
                                (p.reach, p.promoted)
                            } else {
                                p.blocked = blocked;
                                let start = Bitboard::from(p.square);
                                (component(start, !blocked, king_step), Bitboard::EMPTY)
                            }
                        }
                        role => {
                            if frozen == p.blocked {
                                (p.reach, p.promoted)
                            } else {
                                p.blocked = frozen;
                                (piece_reach(p.square, role, frozen), Bitboard::EMPTY)
                            }
                        }
                    };
                    let reach = reach | p.reach;
                    let promoted = promoted | p.promoted;
                    if reach != p.reach || promoted != p.promoted {
                        p.reach = reach;
                        p.promoted = promoted;
                        p.attacks_fresh = false;
                        changed = true;
                    }
                    if !p.attacks_fresh {
                        // A reach is closed under the piece's steps through unfrozen squares,
                        // so what it attacks from anywhere in it is one step beyond it.
                        let att = reach_attacks(p.reach, p.piece)
                            | king_step(p.promoted)
                            | knight_step(p.promoted);
                        p.attacks_fresh = true;
                        if att != p.attacks {
                            p.attacks = att;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            // Unfreeze what could move or be captured.
            let mut unfreeze = Bitboard::EMPTY;
            for c in [Color::White, Color::Black] {
                let enemy_reach = pieces
                    .iter()
                    .filter(|p| {
                        p.piece.color == !c
                            && p.piece.role != Role::King
                            && !frozen.contains(p.square)
                    })
                    .fold(Bitboard::EMPTY, |acc, p| acc | p.reach | p.promoted);
                let enemy_attacks_nonking = pieces
                    .iter()
                    .filter(|p| {
                        p.piece.color == !c
                            && p.piece.role != Role::King
                            && !frozen.contains(p.square)
                    })
                    .fold(Bitboard::EMPTY, |acc, p| acc | p.attacks);
                let enemy_king_reach = pieces
                    .iter()
                    .filter(|p| p.piece.color == !c && p.piece.role == Role::King)
                    .fold(Bitboard::EMPTY, |acc, p| acc | p.reach);
                let enemy_king_attacks = king_step(enemy_king_reach);
                let defended =
                    permanent_attacks(board, frozen, c) | king_permanent_attacks(&pieces, c);
                let own_frozen = frozen & board.by_color(c);
                let enemy_frozen = frozen & board.by_color(!c);
                for sq in own_frozen {
                    let Some(piece) = board.piece_at(sq) else {
                        continue;
                    };
                    let captured = piece.role != Role::King
                        && (enemy_attacks_nonking.contains(sq)
                            || (enemy_king_attacks.contains(sq) && !defended.contains(sq)));
                    let can_move = match piece.role {
                        Role::King => (attacks::king_attacks(sq)
                            & !own_frozen
                            & !permanent_attacks(board, frozen, !c))
                        .any(),
                        Role::Pawn => {
                            let push = sq.offset(if c == Color::White { 8 } else { -8 });
                            let push_free = push.is_some_and(|t| !frozen.contains(t));
                            let targets = attacks::pawn_attacks(c, sq);
                            push_free || (targets & (enemy_reach | enemy_frozen)).any()
                        }
                        _ => (attacks::attacks(sq, piece, frozen) & !own_frozen).any(),
                    };
                    if captured || can_move {
                        unfreeze.add(sq);
                    }
                }
            }
            if unfreeze.is_empty() {
                break;
            }
            frozen &= !unfreeze;
        }
        Blockade { frozen, pieces }
    }

    fn no_mating_square(&self, board: &Board, winner: Color) -> bool {
        let loser = !winner;
        let Some(loser_king) = self
            .pieces
            .iter()
            .find(|p| p.piece.color == loser && p.piece.role == Role::King)
        else {
            return false;
        };
        let winner_king_reach = self
            .pieces
            .iter()
            .filter(|p| p.piece.color == winner && p.piece.role == Role::King)
            .fold(Bitboard::EMPTY, |acc, p| acc | p.reach);
        let checkers = self
            .pieces
            .iter()
            .filter(|p| p.piece.color == winner && p.piece.role != Role::King)
            .fold(Bitboard::EMPTY, |acc, p| acc | p.attacks);

        let blockers: Vec<Bitboard> = self
            .pieces
            .iter()
            .filter(|p| p.piece.color == loser && p.piece.role != Role::King)
            .map(|p| {
                if self.frozen.contains(p.square) {
                    Bitboard::from(p.square)
                } else {
                    p.reach | p.promoted
                }
            })
            .collect();
        let _ = board;
        for k in loser_king.reach & checkers {
            // The winner's king never stands next to the mated king.
            let king_squares = winner_king_reach & !attacks::king_attacks(k) & !Bitboard::from(k);
            let cover = checkers | king_step(king_squares);
            let need = attacks::king_attacks(k) & !cover;
            let occupiable = blockers.iter().fold(Bitboard::EMPTY, |acc, b| acc | *b);
            if !need.is_subset(occupiable) {
                continue;
            }
            let helpers = blockers.iter().filter(|b| b.intersects(need)).count();
            if helpers >= need.count() {
                return false;
            }
        }
        true
    }
}

/// Every square a piece of colour `c` could ever attack (current estimate).
fn colour_attacks(pieces: &[PieceReach], c: Color) -> Bitboard {
    pieces
        .iter()
        .filter(|p| p.piece.color == c)
        .fold(Bitboard::EMPTY, |acc, p| acc | p.attacks)
}

/// CHA's "confronting pawns": the nearest enemy pawn `q` ahead of the pawn `p` on `s` on the
/// same file, returned when `q` can never leave the file (no capture target on its way is ever
/// occupiable by a capturable piece of `p`'s side) nor ever be captured on its way (nothing of
/// `p`'s side attacks it there). Then `p` never passes `q`, so `q`'s square stops `p`'s pushes.
/// Whether `p` itself may leave the file or be captured does not matter: neither lets it pass
/// (its captures are followed by its reach).
fn confronting_pawn(
    board: &Board,
    frozen: Bitboard,
    s: Square,
    c: Color,
    reach_by: &[Bitboard; 2],
    attack_by: &[Bitboard; 2],
) -> Bitboard {
    let file = Bitboard::from(s.file());
    let rank = s.rank().to_u32();
    let above = (!0u64).checked_shl((rank + 1) * 8).unwrap_or(0);
    let below = (1u64 << (rank * 8)) - 1;
    let ahead = file
        & Bitboard(match c {
            Color::White => above,
            Color::Black => below,
        });
    let candidates = board.by_color(!c) & board.pawns() & ahead & !frozen;
    let nearest = match c {
        Color::White => candidates.first(),
        Color::Black => candidates.last(),
    };
    let Some(t) = nearest else {
        return Bitboard::EMPTY;
    };
    let segment = attacks::between(s, t) | Bitboard::from(s) | Bitboard::from(t);
    let q_squares = segment.without(s);
    let q_targets = q_squares
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, x| acc | attacks::pawn_attacks(!c, x));
    let confronting =
        !q_targets.intersects(reach_by[idx(c)]) && !q_squares.intersects(attack_by[idx(c)]);
    if confronting {
        Bitboard::from(t)
    } else {
        Bitboard::EMPTY
    }
}

/// Index of a colour in the `[white, black]` arrays of the blockade analysis.
pub(super) fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Squares permanently attacked by `c`'s frozen pieces: everything a pawn, knight or king
/// attacks, and a slider's neighbours in its directions (none of it can be blocked).
fn permanent_attacks(board: &Board, frozen: Bitboard, c: Color) -> Bitboard {
    let ours = frozen & board.by_color(c);
    // A frozen slider's attack on its neighbours cannot be blocked either.
    pawn_step(c, ours & board.pawns())
        | knight_step(ours & board.knights())
        | king_step(ours & (board.kings() | board.queens()))
        | diagonal_step(ours & board.bishops())
        | orthogonal_step(ours & board.rooks())
}

/// Squares `c`'s king attacks wherever it stands in its reach: the intersection of the king's
/// attacks over its reach (a king boxed into a8 and b8 always guards a7 and b7).
fn king_permanent_attacks(pieces: &[PieceReach], c: Color) -> Bitboard {
    let reach = pieces
        .iter()
        .filter(|p| p.piece.color == c && p.piece.role == Role::King)
        .fold(Bitboard::EMPTY, |acc, p| acc | p.reach);
    if reach.is_empty() {
        return Bitboard::EMPTY;
    }
    reach
        .into_iter()
        .fold(Bitboard::FULL, |acc, s| acc & attacks::king_attacks(s))
}

// Bitboard-parallel flood fills: one shift per direction per step instead of one attack
// lookup per square (the blockade analysis spends nearly all its time here).

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

/// Squares one rook step (one square along a file or rank) from any square of `b`.
fn orthogonal_step(b: Bitboard) -> Bitboard {
    let b = b.0;
    Bitboard((b << 8) | (b >> 8) | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H))
}

/// Squares one diagonal step from any square of `b`.
pub(super) fn diagonal_step(b: Bitboard) -> Bitboard {
    let b = b.0;
    Bitboard(((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H))
}

/// Squares a king on any square of `b` attacks.
fn king_step(b: Bitboard) -> Bitboard {
    orthogonal_step(b) | diagonal_step(b)
}

/// Squares a knight on any square of `b` attacks.
fn knight_step(b: Bitboard) -> Bitboard {
    let b = b.0;
    let one = ((b >> 1) & NOT_H) | ((b << 1) & NOT_A);
    let two = ((b >> 2) & NOT_GH) | ((b << 2) & NOT_AB);
    Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8))
}

/// Squares a pawn of `c` on any square of `b` attacks.
pub(super) fn pawn_step(c: Color, b: Bitboard) -> Bitboard {
    let b = b.0;
    Bitboard(match c {
        Color::White => ((b << 7) & NOT_H) | ((b << 9) & NOT_A),
        Color::Black => ((b >> 9) & NOT_H) | ((b >> 7) & NOT_A),
    })
}

/// The squares reachable from `start` by repeated `step`s through `free` squares (`start`
/// included). A slider's reach through unfrozen squares is exactly the fill by single steps
/// in its directions, as every square it passes over is itself free.
pub(super) fn component(
    start: Bitboard,
    free: Bitboard,
    step: fn(Bitboard) -> Bitboard,
) -> Bitboard {
    let mut reach = start;
    loop {
        let next = reach | (step(reach) & free);
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// Every square a `piece` standing anywhere in `reach` attacks, when `reach` is closed under
/// the piece's steps through unfrozen squares (for a slider, a ray stops on the first frozen
/// square, one step past a reachable square).
fn reach_attacks(reach: Bitboard, piece: Piece) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_step(piece.color, reach),
        Role::Knight => knight_step(reach),
        Role::Bishop => diagonal_step(reach),
        Role::Rook => orthogonal_step(reach),
        Role::Queen | Role::King => king_step(reach),
    }
}

fn piece_reach(from: Square, role: Role, frozen: Bitboard) -> Bitboard {
    let step = match role {
        Role::Knight => knight_step,
        Role::Bishop => diagonal_step,
        Role::Rook => orthogonal_step,
        _ => king_step,
    };
    component(Bitboard::from(from), !frozen, step)
}

/// Squares a pawn may stand on (its promotion squares included).
fn pawn_reach(
    from: Square,
    c: Color,
    frozen: Bitboard,
    stop: Bitboard,
    enemy_reach: Bitboard,
) -> Bitboard {
    let push_blocked = frozen | stop;
    let forward = if c == Color::White { 8 } else { -8 };
    let start_rank = if c == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let last_rank = if c == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let mut reach = Bitboard::from(from);
    let mut frontier = reach;
    while let Some(s) = frontier.pop_front() {
        if s.rank() == last_rank {
            continue;
        }
        let mut next = Bitboard::EMPTY;
        if let Some(t) = s.offset(forward).filter(|t| !push_blocked.contains(*t)) {
            next.add(t);
            if let Some(t2) = t
                .offset(forward)
                .filter(|t2| s.rank() == start_rank && !push_blocked.contains(*t2))
            {
                next.add(t2);
            }
        }
        next |= attacks::pawn_attacks(c, s) & enemy_reach & !frozen;
        next &= !reach;
        reach |= next;
        frontier |= next;
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_steps_match_shakmaty_attacks() {
        for sq in Square::ALL {
            let b = Bitboard::from(sq);
            assert_eq!(king_step(b), attacks::king_attacks(sq), "king {sq}");
            assert_eq!(knight_step(b), attacks::knight_attacks(sq), "knight {sq}");
            for c in [Color::White, Color::Black] {
                assert_eq!(pawn_step(c, b), attacks::pawn_attacks(c, sq), "pawn {sq}");
            }
            let empty = Bitboard::EMPTY;
            assert_eq!(
                orthogonal_step(b),
                attacks::rook_attacks(sq, empty) & attacks::king_attacks(sq),
                "rook step {sq}"
            );
            assert_eq!(
                diagonal_step(b),
                attacks::bishop_attacks(sq, empty) & attacks::king_attacks(sq),
                "bishop step {sq}"
            );
        }
        // A rook's reach through unfrozen squares equals the sliding flood fill: from a1 with
        // a wall on the b-file and the second rank, only a1 itself.
        let wall = Bitboard::from(shakmaty::File::B) | Bitboard::from(Rank::Second);
        assert_eq!(
            piece_reach(Square::A1, Role::Rook, wall),
            Bitboard::from(Square::A1)
        );
        // A bishop on c3 reaches every dark square of files c–h, ranks 3–8 (6 × 6 / 2), and
        // nothing on the a-file behind the wall.
        assert_eq!(piece_reach(Square::C3, Role::Bishop, wall).count(), 18);
    }
}
