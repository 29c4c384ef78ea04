//! Draw rules of Art. 9: position identity (9.2.3), repetition counts (9.2, 9.6.1),
//! 50- and 75-move counters (9.3, 9.6.2).
//!
//! Position identity follows 9.2.3 as python-chess, shakmaty and scalachess read it: the same
//! side to move, the same piece on every square, the same castling *rights*, and an en-passant
//! square only when an en-passant capture is legal. It is represented by a 64-bit Zobrist key
//! (`zobrist_hash::<Zobrist64>(EnPassantMode::Legal)`), which hashes exactly those fields; a
//! collision between two different positions of one game has a probability of about 2⁻⁶⁴ per
//! pair and is accepted (scalachess keeps only 24 bits).
//!

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, Castles, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square,
};

/// Halfmove clock at which the player on move may claim a draw (Art. 9.3.2): 50 moves by each
/// player, i.e. 100 plies, without a pawn move or a capture.
pub const FIFTY_MOVES_PLIES: u32 = 100;

/// Halfmove clock that ends the game automatically (Art. 9.6.2): 75 moves by each player,
/// i.e. 150 plies, unless the last move gave checkmate.
pub const SEVENTY_FIVE_MOVES_PLIES: u32 = 150;

/// Number of occurrences that lets the player on move claim a draw (Art. 9.2).
pub const THREEFOLD: usize = 3;

/// Number of occurrences that ends the game automatically (Art. 9.6.1).
pub const FIVEFOLD: usize = 5;

/// The identity of a position under Art. 9.2.3, as a 64-bit Zobrist key.
///
/// Two positions get the same key when the side to move, the placement, the castling rights
/// and the *legal* en-passant square agree (counters are ignored).
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The key of a position updated across one legal move, in two halves around the move being
/// played in place: [`KeyUpdate::before`] on the position before it, [`KeyUpdate::after`] on
/// the position after it. Equal to [`position_key`] of the new position, at the cost of a few
/// table look-ups (shakmaty's own update declines king moves, castling, double steps and
/// changes of castling rights; recomputing the key from scratch there was 5 % of a replay).
#[derive(Clone, Copy, Debug)]
pub struct KeyUpdate {
    /// The key with the move's pieces, the turn and the old en-passant file updated; `None`
    /// for a drop (not a chess move), after which the key is recomputed.
    partial: Option<u64>,
    /// The castling rights before the move, and their share of the key.
    rights: Bitboard,
    rights_key: u64,
}

impl KeyUpdate {
    /// The first half, on `pos` (key `current`) before the legal move `m`.
    pub fn before(pos: &Chess, current: u64, m: Move) -> KeyUpdate {
        let us = pos.turn();
        let mut z = Zobrist64(current) ^ Zobrist64::zobrist_for_white_turn();
        if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
            z ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
        let piece =
            |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, role.of(color));
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                z ^= piece(from, role, us) ^ piece(to, promotion.unwrap_or(role), us);
                if let Some(captured) = capture {
                    z ^= piece(to, captured, !us);
                }
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                z ^= piece(from, Role::Pawn, us)
                    ^ piece(to, Role::Pawn, us)
                    ^ piece(captured, Role::Pawn, !us);
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                z ^= piece(king, Role::King, us)
                    ^ piece(side.king_to(us), Role::King, us)
                    ^ piece(rook, Role::Rook, us)
                    ^ piece(side.rook_to(us), Role::Rook, us);
            }
            Move::Put { .. } => {
                return KeyUpdate {
                    partial: None,
                    rights: Bitboard::EMPTY,
                    rights_key: 0,
                };
            }
        }
        // Castling rights change only when a king or a rook with rights moves, or a rook with
        // rights is captured: only then is their share of the key needed.
        let castles = pos.castles();
        let rights = castles.castling_rights();
        let may_change = match m {
            Move::Normal { role, from, to, .. } => {
                rights.contains(from)
                    || rights.contains(to)
                    || (role == Role::King && castles.has_color(us))
            }
            Move::Castle { .. } => true,
            Move::EnPassant { .. } | Move::Put { .. } => false,
        };
        KeyUpdate {
            partial: Some(z.0),
            rights,
            rights_key: if may_change { castling_key(castles) } else { 0 },
        }
    }

    /// The second half, on `pos`, the position after the move: the new key.
    pub fn after(self, pos: &Chess) -> u64 {
        let Some(mut z) = self.partial else {
            return position_key(pos);
        };
        if pos.castles().castling_rights() != self.rights {
            z ^= self.rights_key ^ castling_key(pos.castles());
        }
        if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
            z ^= Zobrist64::zobrist_for_en_passant_file(sq.file()).0;
        }
        z
    }
}

/// The castling rights' share of a position key.
fn castling_key(castles: &Castles) -> u64 {
    let mut z = Zobrist64(0);
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if castles.has(color, side) {
                z ^= Zobrist64::zobrist_for_castling_right(color, side);
            }
        }
    }
    z.0
}

/// The positions of a game since its last irreversible move (Art. 9.2, 9.6.1), as keys.
///
/// A capture or a pawn move (a move that resets the halfmove clock) makes every earlier
/// position unreachable, so the history is cleared there; a loss of castling rights changes
/// the key, so it needs no special case. The buffer is reused: after warm-up, pushing a
/// position does not allocate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepetitionHistory {
    keys: Vec<u64>,
}

impl RepetitionHistory {
    /// A history holding only the start position's key.
    pub fn new(start_key: u64) -> Self {
        let mut keys = Vec::with_capacity(128);
        keys.push(start_key);
        RepetitionHistory { keys }
    }

    /// Records the position reached by a move. `irreversible` (a capture or pawn move, or any
    /// act after which no earlier position can recur) clears the earlier positions first.
    pub fn push(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.keys.clear();
        }
        self.keys.push(key);
    }

    /// Forgets everything and starts again from `key` (a position set up by hand, or reached
    /// by an irregular act that is not a move).
    pub fn reset(&mut self, key: u64) {
        self.keys.clear();
        self.keys.push(key);
    }

    /// The key of the current position, if any.
    pub fn current(&self) -> Option<u64> {
        self.keys.last().copied()
    }

    /// How many times the position with `key` has occurred (Art. 9.2, 9.6.1). Keys include the
    /// side to move, so only every second entry can match; counting all is still exact.
    pub fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// How many times the current position has occurred (at least 1 once a position is
    /// recorded).
    pub fn current_count(&self) -> usize {
        self.current().map_or(0, |k| self.count(k))
    }

    /// How many positions are recorded.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Drops the positions recorded after the first `len` (used when a counted illegal move
    /// is cancelled and the position before it is restored, Art. 7.5.1: positions from the
    /// cancelled move must not count towards a repetition).
    pub fn truncate(&mut self, len: usize) {
        self.keys.truncate(len);
    }
}

/// Threefold repetition claimable now (Art. 9.2.2): the current position has appeared at least
/// three times.
pub fn threefold_now(history: &RepetitionHistory) -> bool {
    history.current_count() >= THREEFOLD
}

/// Threefold repetition claimable with the intended move `m` (Art. 9.2.1): the position
/// after `m` would appear for at least the third time. `m` must be legal in `pos`.
pub fn threefold_with_move(history: &RepetitionHistory, pos: &Chess, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let key = position_key(&after);
    // An irreversible move leads to a position that cannot have occurred before.
    !pos.is_irreversible(m) && history.count(key) + 1 >= THREEFOLD
}

/// How many times the position after the legal move `m` would have appeared, counting that
/// appearance (Art. 9.2.1: the claim with an intended move is about the position after it).
/// An irreversible move leads to a position that cannot have occurred before: 1.
pub fn count_after_move(history: &RepetitionHistory, pos: &Chess, m: Move) -> usize {
    if pos.is_irreversible(m) {
        return 1;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    history.count(position_key(&after)) + 1
}

/// Threefold repetition claimable by the player on move, now or with *some* legal move
/// (python-chess's `can_claim_threefold_repetition`; the Laws require the declared move,
/// [`threefold_with_move`]). False in a checkmate or stalemate: the game is over (Laws 5.1.1,
/// 5.2.1) and there is nothing left to claim.
pub fn threefold_claimable(history: &RepetitionHistory, pos: &Chess) -> bool {
    let legal = pos.legal_moves();
    !legal.is_empty()
        && (threefold_now(history)
            || legal
                .into_iter()
                .any(|m| threefold_with_move(history, pos, m)))
}

/// Fifty-move claim without a move (Art. 9.3.2): the last 50 moves by each player had no pawn
/// move and no capture.
pub fn fifty_now(pos: &Chess) -> bool {
    pos.halfmoves() >= FIFTY_MOVES_PLIES
}

/// Fifty-move claim with the intended move `m` (Art. 9.3.1): after `m`, 50 moves by each player
/// without a pawn move or a capture. `m` must be legal in `pos`.
pub fn fifty_with_move(pos: &Chess, m: Move) -> bool {
    !m.is_zeroing() && pos.halfmoves() + 1 >= FIFTY_MOVES_PLIES
}

/// Fifty-move claim possible now or with some legal move (python-chess's
/// `can_claim_fifty_moves`). False in a checkmate or stalemate, whatever the halfmove clock:
/// the mate or stalemate ended the game (Laws 5.1.1, 5.2.1), which leaves nothing to claim.
pub fn fifty_claimable(pos: &Chess) -> bool {
    if pos.halfmoves() + 1 < FIFTY_MOVES_PLIES {
        return false;
    }
    let legal = pos.legal_moves();
    !legal.is_empty() && (fifty_now(pos) || legal.into_iter().any(|m| !m.is_zeroing()))
}

/// 75-move rule (Art. 9.6.2): 75 moves by each player without a pawn move or a capture end the
/// game, unless the last move gave checkmate (mate takes precedence). As python-chess, a
/// position without legal moves (mate or stalemate) is not a 75-move draw: those endings come
/// first.
pub fn seventy_five_moves(pos: &Chess) -> bool {
    pos.halfmoves() >= SEVENTY_FIVE_MOVES_PLIES && !pos.legal_moves().is_empty()
}

/// Fivefold repetition (Art. 9.6.1): the current position has appeared at least five times.
pub fn fivefold(history: &RepetitionHistory) -> bool {
    history.current_count() >= FIVEFOLD
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn play(pos: &mut Chess, hist: &mut RepetitionHistory, uci: &str) {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(pos)
            .expect("legal test move");
        let before = pos.clone();
        let key0 = hist.current().unwrap();
        let update = KeyUpdate::before(pos, key0, m);
        pos.play_unchecked(m);
        let key = update.after(pos);
        assert_eq!(key, position_key(pos), "incremental key after {uci}");
        hist.push(key, before.is_irreversible(m));
    }

    #[test]
    fn ep_square_without_legal_capture_does_not_break_threefold() {
        // 1.e4 e5 2.Nf3 Nf6 3.Ng1 Ng8 4.Nf3 Nf6 5.Ng1 Ng8: threefold (laws-reference §3).
        let mut pos = Chess::default();
        let mut hist = RepetitionHistory::new(position_key(&pos));
        for m in [
            "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            play(&mut pos, &mut hist, m);
        }
        assert_eq!(hist.current_count(), 3);
        assert!(threefold_now(&hist));
        assert!(!fivefold(&hist));
    }

    #[test]
    fn count_after_move_is_the_count_of_the_position_reached() {
        // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3: the current position (after 3.Nf3) stands twice; 3...Nf6
        // would bring its position a second time; 3...e5 and 3...Nc6 a first.
        let mut pos = Chess::default();
        let mut hist = RepetitionHistory::new(position_key(&pos));
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3"] {
            play(&mut pos, &mut hist, m);
        }
        assert_eq!(hist.current_count(), 2);
        let uci = |u: &str| u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        assert_eq!(count_after_move(&hist, &pos, uci("g8f6")), 2);
        assert_eq!(count_after_move(&hist, &pos, uci("e7e5")), 1);
        assert_eq!(count_after_move(&hist, &pos, uci("b8c6")), 1);
    }

    #[test]
    fn castling_rights_lost_make_positions_differ() {
        let mut pos = Chess::default();
        let mut hist = RepetitionHistory::new(position_key(&pos));
        for m in [
            "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8", "e1e2", "e8e7", "e2e1", "e7e8", "b1a3",
            "b8a6", "a3b1", "a6b8",
        ] {
            play(&mut pos, &mut hist, m);
        }
        assert_eq!(hist.current_count(), 2);
        assert!(!threefold_now(&hist));
    }

    #[test]
    fn claim_with_intended_move() {
        // python-chess #907: after 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1, Black may claim with 4...Ng8.
        let mut pos = Chess::default();
        let mut hist = RepetitionHistory::new(position_key(&pos));
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            play(&mut pos, &mut hist, m);
        }
        assert!(!threefold_now(&hist));
        let ng8 = "f6g8".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        assert!(threefold_with_move(&hist, &pos, ng8));
        let nh5 = "f6h5".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        assert!(!threefold_with_move(&hist, &pos, nh5));
        assert!(threefold_claimable(&hist, &pos));
    }

    #[test]
    fn fifty_and_seventy_five_thresholds() {
        let pos: Chess = "8/8/8/8/4k3/8/3K2p1/5r2 w - - 50 119"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert!(!fifty_now(&pos));
        assert!(!fifty_claimable(&pos));
        let pos: Chess = "8/8/8/8/4k3/8/3K4/5r2 w - - 99 119"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert!(!fifty_now(&pos));
        assert!(fifty_claimable(&pos));
        assert!(!seventy_five_moves(&pos));
    }

    /// A checkmate or stalemate ends the game (Laws 5.1.1, 5.2.1): no fifty-move or threefold
    /// claim is left, whatever the clock says; one legal move more and the claim is back.
    #[test]
    fn no_claim_once_mate_or_stalemate_ended_the_game() {
        let at = |fen: &str| -> Chess {
            fen.parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap()
        };
        // Black mated by Rh8 (Kb6 covers a7, b7), clock at 120 plies.
        let mated = at("k6R/8/1K6/8/8/8/8/8 b - - 120 140");
        assert!(mated.is_checkmate());
        assert!(fifty_now(&mated));
        assert!(!fifty_claimable(&mated));
        assert!(!threefold_claimable(
            &RepetitionHistory::new(position_key(&mated)),
            &mated
        ));
        // Black stalemated (Qb6 covers a7, b7 and b8; not in check), clock at 99.
        let stalemate = at("k7/8/1QK5/8/8/8/8/8 b - - 99 140");
        assert!(stalemate.is_stalemate());
        assert!(!fifty_claimable(&stalemate));
        // The same clock with a king free to move: claimable.
        let free = at("k7/8/2K5/8/8/8/8/1Q6 b - - 99 140");
        assert!(!free.legal_moves().is_empty());
        assert!(fifty_claimable(&free));
    }

    /// The incremental key equals the key from scratch after every move of seeded random games
    /// (castling both ways, lost rights, double steps with and without a legal en-passant
    /// reply, en-passant captures, promotions), from the standard start and a Chess960 start.
    #[test]
    fn key_update_matches_the_key_from_scratch() {
        use shakmaty::CastlingMode;
        use shakmaty::fen::Fen;
        let mut state: u64 = 2026_1130;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let chess960: Chess = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        let mut kinds = [0usize; 4]; // castling, en passant, double step, promotion
        for start in [Chess::default(), chess960] {
            for _ in 0..150 {
                let mut pos = start.clone();
                let mut key = position_key(&pos);
                for _ in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Castling and en passant whenever they come, to meet them often.
                    let special: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
                        .collect();
                    let m = if !special.is_empty() && next() % 2 == 0 {
                        special[next() % special.len()]
                    } else {
                        moves[next() % moves.len()]
                    };
                    kinds[0] += usize::from(m.is_castle());
                    kinds[1] += usize::from(m.is_en_passant());
                    kinds[2] += usize::from(
                        m.role() == Role::Pawn && m.from().is_some_and(|f| f.distance(m.to()) == 2),
                    );
                    kinds[3] += usize::from(m.is_promotion());
                    let update = KeyUpdate::before(&pos, key, m);
                    pos.play_unchecked(m);
                    key = update.after(&pos);
                    assert_eq!(
                        key,
                        position_key(&pos),
                        "after {m:?} in {}",
                        Fen::from_position(&pos, EnPassantMode::Legal)
                    );
                }
            }
        }
        assert!(
            kinds.iter().all(|&k| k > 20),
            "special moves met: {kinds:?}"
        );
    }
}
