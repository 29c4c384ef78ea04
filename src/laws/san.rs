//! SAN (Standard Algebraic Notation, FIDE Laws Appendix C) resolved to the legal move it names,
//! fast: the batch replay's hot path.
//!
//! [`to_move`] gives exactly what `shakmaty`'s [`San::to_move`] gives — the same move, or the
//! same [`SanError`] — but settles the common case without generating a move list: a normal
//! move of a piece or pawn, not in check, not en passant, naming exactly one piece that may go
//! there. It finds the pieces of that kind that attack (or, for a pawn push, stand behind) the
//! target square, keeps those matching the SAN's file and rank hints, and drops those pinned
//! to their king off the line of the move (Art. 3.9). Everything else (castling, en passant,
//! check, no candidate, several candidates, a capture mark that does not match the target
//! square, a promotion that does not fit) goes to shakmaty, which also names the error. So
//! shakmaty stays the authority on the rules; this is a short cut to the same answer, checked
//! against it move by move in the tests.
//!
//! [`physical_move`] reads a SAN the other way, for a move that may be illegal: which piece the
//! hand moved from where to where.

use shakmaty::san::{San, SanError, SanPlus};

use crate::laws::check;
use crate::laws::illegal::PhysicalMove;
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Rank, Role, Square, attacks};

/// SAN as real records write it: standard SAN (`Nf3`, `O-O`, `e8=Q+`, `--`), castling with
/// zeros (`0-0`, `0-0-0+`), and a promotion without `=` (`a8Q`, `bxa1N#`).
///
/// ```
/// use arbiter::laws::san::read_san;
///
/// assert_eq!(read_san("0-0-0+").unwrap().to_string(), "O-O-O+");
/// assert_eq!(read_san("a8Q").unwrap().to_string(), "a8=Q");
/// assert_eq!(read_san("Nh4g6").unwrap().to_string(), "Nh4g6");
/// assert!(read_san("Zz9").is_err());
/// ```
///
/// # Errors
/// shakmaty's [`shakmaty::san::ParseSanError`] when no reading fits.
pub fn read_san(text: &str) -> Result<SanPlus, shakmaty::san::ParseSanError> {
    let text = text.trim();
    if let Ok(san) = text.parse::<SanPlus>() {
        return Ok(san);
    }
    let core = text.trim_end_matches(['+', '#']);
    let suffix = text.get(core.len()..).unwrap_or_default();
    if core == "0-0" || core == "0-0-0" {
        return format!("{}{suffix}", core.replace('0', "O")).parse();
    }
    match promotion_without_equals(text) {
        Some(san) => format!("{san}{suffix}").parse(),
        None => text.parse(),
    }
}

/// A pawn's promotion written without `=` (`a8Q`, `bxa1N+`, `e8q#`): the SAN it means (without
/// the check mark).
pub fn promotion_without_equals(token: &str) -> Option<San> {
    let core = token.trim_end_matches(['+', '#']);
    let (square, piece) = core.split_at_checked(core.len().checked_sub(1)?)?;
    let piece = piece.to_ascii_uppercase();
    let rank = square.as_bytes().last()?;
    if !matches!(piece.as_str(), "Q" | "R" | "B" | "N") || !matches!(rank, b'1' | b'8') {
        return None;
    }
    if !square.starts_with(|c: char| ('a'..='h').contains(&c)) {
        return None;
    }
    match format!("{square}={piece}").parse::<San>().ok()? {
        san @ San::Normal {
            role: Role::Pawn,
            promotion: Some(_),
            ..
        } => Some(san),
        _ => None,
    }
}

/// The legal move `san` names in `pos` (Laws Art. 3, notation of Appendix C).
///
/// # Errors
/// [`SanError::IllegalSan`] when no legal move matches, [`SanError::AmbiguousSan`] when more
/// than one does — as [`San::to_move`], to which every case beyond the short cut is left.
pub fn to_move(pos: &Chess, san: San) -> Result<Move, SanError> {
    match quick(pos, san) {
        Some(m) => Ok(m),
        None => san.to_move(pos),
    }
}

/// The short cut: `Some(move)` when `san` names exactly one legal normal move and the position
/// is not in check; `None` means "ask shakmaty" (never "illegal").
fn quick(pos: &Chess, san: San) -> Option<Move> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let captured = board.role_at(to);
    // A capture mark on an empty square may be en passant; a piece of ours on the target is
    // illegal: both for shakmaty to settle.
    if capture != captured.is_some() || ours.contains(to) {
        return None;
    }
    let occupied = board.occupied();
    let mine = ours & board.by_role(role);
    let mut from = match role {
        Role::Pawn => {
            let last = if us == Color::White {
                Rank::Eighth
            } else {
                Rank::First
            };
            let promotes = to.rank() == last;
            let fits = match promotion {
                None => !promotes,
                Some(p) => promotes && p != Role::Pawn && p != Role::King,
            };
            if !fits {
                return None;
            }
            if capture {
                attacks::pawn_attacks(!us, to) & mine
            } else {
                pawn_push_origin(us, to, occupied) & mine
            }
        }
        _ if promotion.is_some() => return None,
        Role::King => {
            let king = attacks::king_attacks(to) & mine;
            let sq = king.first()?;
            // The king may not step onto an attacked square (Art. 3.9), judged with the king
            // gone from its square so that a slider's ray through it counts.
            if board.attacks_to(to, !us, occupied.without(sq)).any() {
                return None;
            }
            king
        }
        Role::Knight => attacks::knight_attacks(to) & mine,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & mine,
        Role::Rook => attacks::rook_attacks(to, occupied) & mine,
        Role::Queen => attacks::queen_attacks(to, occupied) & mine,
    };
    if let Some(f) = file {
        from &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        from &= Bitboard::from_rank(r);
    }
    if from.is_empty() {
        return None;
    }
    // A king move was tested above against every attack on its target square, which is all
    // an evasion needs; another piece needs the position not in check, and no pin off the line
    // of its move (Art. 3.9).
    if role != Role::King {
        let king = board.king_of(us)?;
        let (in_check, pinned) = check::checks_and_pins(pos, king);
        if in_check {
            return None;
        }
        if (from & pinned).any() {
            from = from
                .into_iter()
                .filter(|&sq| !pinned.contains(sq) || attacks::aligned(sq, to, king))
                .collect();
        }
    }
    let sq = from.single_square()?;
    Some(Move::Normal {
        role,
        from: sq,
        capture: captured,
        to,
        promotion,
    })
}

/// The square a pawn of `us` pushes to `to` from: one step back, or two from its start rank
/// over an empty square (Art. 3.7.a–b). Empty when none can.
fn pawn_push_origin(us: Color, to: Square, occupied: Bitboard) -> Bitboard {
    let (back, double_to): (i32, Rank) = if us == Color::White {
        (-8, Rank::Fourth)
    } else {
        (8, Rank::Fifth)
    };
    let Some(one) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    if occupied.contains(one) {
        return Bitboard::from_square(one);
    }
    if to.rank() == double_to
        && let Some(two) = one.offset(back)
    {
        return Bitboard::from_square(two);
    }
    Bitboard::EMPTY
}

/// The physical move a SAN describes on `board` with `turn` to move, whether or not it is legal:
/// the one piece of the named kind (and file and rank hints) whose movement pattern reaches the
/// target square, preferring a piece whose path is clear; castling is the king's two-square
/// step. Needed to put an illegal SAN move on the board as the hand made it (Art. 7.5.1 and
/// CR 3.5), and for SAN in an irregular position. `None` when no single piece fits (or for
/// `--`).
pub fn physical_move(board: &Board, turn: Color, san: &San) -> Option<PhysicalMove> {
    match *san {
        San::Castle(side) => {
            let king = board.king_of(turn)?;
            Some(PhysicalMove {
                from: king,
                to: side.king_to(turn),
                promotion: None,
            })
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut candidates = board.by_piece(role.of(turn));
            if let Some(f) = file {
                candidates &= Bitboard::from_file(f);
            }
            if let Some(r) = rank {
                candidates &= Bitboard::from_rank(r);
            }
            let fits = |from: Square, occupied: Bitboard| -> bool {
                if role == Role::Pawn {
                    let forward: i32 = if turn == Color::White { 1 } else { -1 };
                    let dr = i32::from(to.rank()) - i32::from(from.rank());
                    let df = (i32::from(to.file()) - i32::from(from.file())).abs();
                    if capture {
                        df == 1 && dr == forward
                    } else {
                        df == 0 && (dr == forward || dr == 2 * forward)
                    }
                } else {
                    attacks::attacks(from, role.of(turn), occupied).contains(to)
                }
            };
            let pattern: Bitboard = candidates
                .into_iter()
                .filter(|&sq| fits(sq, Bitboard::EMPTY))
                .collect();
            let unblocked: Bitboard = pattern
                .into_iter()
                .filter(|&sq| fits(sq, board.occupied()))
                .collect();
            let from = if unblocked.count() == 1 {
                unblocked.first()
            } else if pattern.count() == 1 {
                pattern.first()
            } else if pattern.is_empty() && candidates.count() == 1 {
                candidates.first()
            } else {
                None
            }?;
            Some(PhysicalMove {
                from,
                to,
                promotion,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::test_position as pos;
    use shakmaty::File;
    use shakmaty::fen::Fen;
    use std::ops::ControlFlow;

    /// The mainline SAN moves of a PGN game, read with pgn-reader directly (the Laws know no
    /// file reader of the crate).
    struct Mainline;

    impl pgn_reader::Visitor for Mainline {
        type Tags = ();
        type Movetext = Vec<San>;
        type Output = Vec<San>;

        fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
            ControlFlow::Continue(Vec::new())
        }

        fn san(
            &mut self,
            moves: &mut Self::Movetext,
            san_plus: pgn_reader::SanPlus,
        ) -> ControlFlow<Self::Output> {
            moves.push(san_plus.san);
            ControlFlow::Continue(())
        }

        fn end_game(&mut self, moves: Self::Movetext) -> Self::Output {
            moves
        }
    }

    /// Every legal move's SAN, and variants of it (hints dropped, both hints, the capture mark
    /// flipped, promotion changed), resolve as shakmaty resolves them.
    fn agrees_everywhere(p: &Chess) {
        for m in p.legal_moves() {
            let san = San::from_move(p, m);
            let mut variants = vec![san];
            if let San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } = san
            {
                for (f, r) in [
                    (None, None),
                    (Some(m.from().unwrap().file()), None),
                    (None, Some(m.from().unwrap().rank())),
                    (
                        Some(m.from().unwrap().file()),
                        Some(m.from().unwrap().rank()),
                    ),
                    (Some(File::A), None),
                ] {
                    for c in [capture, !capture] {
                        for pr in [promotion, None, Some(Role::Knight), Some(Role::King)] {
                            variants.push(San::Normal {
                                role,
                                file: f.or(file).filter(|_| f.is_some() || file.is_some()),
                                rank: r.or(rank).filter(|_| r.is_some() || rank.is_some()),
                                capture: c,
                                to,
                                promotion: pr,
                            });
                        }
                    }
                }
            }
            for v in variants {
                assert_eq!(
                    to_move(p, v),
                    v.to_move(p),
                    "{v} in {}",
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            }
        }
        // Moves to every square by every role, legal or not.
        for role in Role::ALL {
            for to in Square::ALL {
                for capture in [false, true] {
                    let v = San::Normal {
                        role,
                        file: None,
                        rank: None,
                        capture,
                        to,
                        promotion: None,
                    };
                    assert_eq!(to_move(p, v), v.to_move(p), "{v}");
                }
            }
        }
    }

    #[test]
    fn agrees_with_shakmaty_on_hand_picked_positions() {
        for fen in [
            // Start position.
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Two knights can reach d7 (Nbd7 / Nfd7); a pinned bishop on e2 (Bd3 illegal).
            "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
            // Pinned knight: of two knights only the free one may go to d2.
            "4k3/8/8/8/1b6/8/3K4/1N3N2 w - - 0 1",
            "4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1",
            // Pawn pinned along a file may push, not capture; en passant available.
            "4k3/4r3/8/3pP3/8/8/8/4K3 w - d6 0 2",
            // Promotion with and without capture; a rank-disambiguated rook pair.
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "7k/8/8/R7/8/8/8/R6K w - - 0 1",
            // In check: everything goes to shakmaty.
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
            // King beside a rook's ray (stepping along it stays attacked).
            "4k3/8/8/8/8/8/r7/4K3 w - - 0 1",
            // Black to move, double steps and a pinned pawn on a diagonal.
            "4k3/3p4/8/1B6/8/8/8/4K3 b - - 0 1",
        ] {
            agrees_everywhere(&pos(fen));
        }
    }

    #[test]
    #[ignore = "needs ../shared"]
    fn agrees_with_shakmaty_along_real_games() {
        // Real over-the-board games (TWIC 920, README in ../shared/data/pgn).
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/data/pgn/twic0920_otb.pgn"
        ))
        .expect("../shared/data/pgn present");
        let mut positions = 0;
        let mut reader = pgn_reader::Reader::new(text.as_bytes());
        for _ in 0..40 {
            let Ok(Some(moves)) = reader.read_game(&mut Mainline) else {
                break;
            };
            let mut p = Chess::default();
            for san in &moves {
                agrees_everywhere(&p);
                positions += 1;
                match to_move(&p, *san) {
                    Ok(m) => p.play_unchecked(m),
                    Err(_) => break,
                }
            }
        }
        assert!(positions > 1000, "only {positions} positions checked");
    }

    /// Random games (seeded; the seed is in the failure message) reach what real games rarely
    /// do: several queens, under-promotions, pins of every kind.
    #[test]
    fn agrees_with_shakmaty_along_random_games() {
        let mut state: u64 = 0x5eed_2026_1130;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        for _ in 0..60 {
            let mut p = Chess::default();
            for _ in 0..160 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                agrees_everywhere(&p);
                // Prefer pawn moves now and then, so that promotions come.
                let pawn_moves: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| m.role() == Role::Pawn)
                    .collect();
                let m = if !pawn_moves.is_empty() && next() % 3 == 0 {
                    pawn_moves[next() % pawn_moves.len()]
                } else {
                    moves[next() % moves.len()]
                };
                p.play_unchecked(m);
            }
        }
    }
}
