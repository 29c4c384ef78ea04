//! The reference solver behind [`super::can_mate`]: `chasolver` (CHA-Solver by Miguel Ambrona,
//! the author of the Chess Unwinnability Analyzer, FUN 2022; MIT), built on the `chess` crate.
//!
//! Measured side by side with our own layers (docs/adjudication.md, "Winnability"), it decides
//! every position of CHA's test vector and is faster on real games, so the full budget asks it
//! first. Nothing it says is taken on trust that can be checked: its helpmate is converted move by
//! move to shakmaty moves and replayed on *our* position; a move that does not replay, or a line
//! that does not end in checkmate by the intended winner, is a [`SolverProblem`], never a verdict.
//! Its "unwinnable" is a proof by its own (peer-reviewed) analysis.
//!
//! The solver's board library refuses some positions shakmaty accepts (Chess960 castling
//! rights) and its code may stop on an unexpected one (a panic): both become a
//! [`SolverProblem`], and [`super::can_mate_with`] falls back to our own layers.

use std::panic::{AssertUnwindSafe, catch_unwind};

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square, uci::UciMove};

/// Why the reference solver gave no verdict on a position (the analysis then falls back to our
/// own layers; the report keeps the reason when they do not decide either).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolverProblem {
    /// The solver's board cannot hold the position (castling rights of a Chess960 start).
    #[error("the reference solver cannot represent the position: {0}")]
    Unrepresentable(&'static str),
    /// The solver's board library refused the position (its sanity checks).
    #[error("the reference solver's board library refused the position")]
    Refused,
    /// The solver stopped on the position (a panic in its code), with its message.
    #[error("the reference solver stopped on the position: {0}")]
    Failed(String),
    /// The solver's search ended without a verdict.
    #[error("the reference solver did not decide the position")]
    Undecided,
    /// Its helpmate does not replay on the position: the 1-based ply and the move in UCI.
    #[error("the reference solver's helpmate does not replay: ply {ply} ({uci}) is not legal")]
    IllegalMove {
        /// 1-based ply of the line.
        ply: usize,
        /// The move as the solver wrote it (UCI).
        uci: String,
    },
    /// Its helpmate replays but does not end in checkmate delivered by the intended winner.
    #[error("the reference solver's helpmate does not end in checkmate by the intended winner")]
    NoMate,
}

/// The reference solver's verdict, already checked where it can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Solved {
    /// A helpmate that replays on the position and ends in mate by the intended winner.
    Winnable(Vec<Move>),
    /// Proved impossible by the solver.
    Unwinnable,
}

/// Asks `chasolver` whether `side` can mate in `pos` and checks its answer.
///
/// # Errors
/// [`SolverProblem`] when the solver cannot take the position, stops, does not decide, or
/// returns a line that does not replay to a mate.
pub(super) fn solve(pos: &Chess, side: Color) -> Result<Solved, SolverProblem> {
    let board = to_chess_board(pos)?;
    let winner = to_chess_color(side);
    let answer = catch_unwind(AssertUnwindSafe(|| chasolver::winnability(&board, winner)))
        .map_err(|panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            SolverProblem::Failed(message)
        })?;
    match answer {
        None => Err(SolverProblem::Undecided),
        Some(chasolver::Winnability::Unwinnable) => Ok(Solved::Unwinnable),
        Some(chasolver::Winnability::Winnable { helpmate }) => {
            let uci: Vec<UciMove> = helpmate.iter().map(|m| to_uci(*m)).collect();
            replay(pos, side, &uci).map(Solved::Winnable)
        }
    }
}

/// The solver's move as UCI (from, to, promotion): no text in between, since a helpmate of a
/// real game is about 46 plies and each is replayed.
fn to_uci(m: chess::ChessMove) -> UciMove {
    let square = |sq: chess::Square| Square::ALL[sq.to_index() & 63];
    UciMove::Normal {
        from: square(m.get_source()),
        to: square(m.get_dest()),
        promotion: m.get_promotion().map(|p| match p {
            chess::Piece::Pawn => Role::Pawn,
            chess::Piece::Knight => Role::Knight,
            chess::Piece::Bishop => Role::Bishop,
            chess::Piece::Rook => Role::Rook,
            chess::Piece::Queen => Role::Queen,
            chess::Piece::King => Role::King,
        }),
    }
}

/// The line given in UCI, as shakmaty moves legal one after the other from `pos`, ending in
/// checkmate of `!side` (Art. 3, 5.1.1).
fn replay(pos: &Chess, side: Color, line: &[UciMove]) -> Result<Vec<Move>, SolverProblem> {
    let mut cur = pos.clone();
    let mut moves = Vec::with_capacity(line.len());
    for (i, uci) in line.iter().enumerate() {
        let m = uci.to_move(&cur).map_err(|_| SolverProblem::IllegalMove {
            ply: i + 1,
            uci: uci.to_string(),
        })?;
        cur.play_unchecked(m);
        moves.push(m);
    }
    if cur.is_checkmate() && cur.turn() != side {
        Ok(moves)
    } else {
        Err(SolverProblem::NoMate)
    }
}

fn to_chess_color(color: Color) -> chess::Color {
    match color {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

fn to_chess_square(sq: Square) -> chess::Square {
    // Both libraries number the squares a1 = 0 … h8 = 63.
    chess::ALL_SQUARES[usize::from(sq)]
}

/// The same position on the solver's board: placement, side to move, castling rights,
/// capturable en passant.
fn to_chess_board(pos: &Chess) -> Result<chess::Board, SolverProblem> {
    let mut builder = chess::BoardBuilder::new();
    for (sq, piece) in pos.board().clone() {
        let role = match piece.role {
            Role::Pawn => chess::Piece::Pawn,
            Role::Knight => chess::Piece::Knight,
            Role::Bishop => chess::Piece::Bishop,
            Role::Rook => chess::Piece::Rook,
            Role::Queen => chess::Piece::Queen,
            Role::King => chess::Piece::King,
        };
        builder.piece(to_chess_square(sq), role, to_chess_color(piece.color));
    }
    builder.side_to_move(to_chess_color(pos.turn()));
    let castles = pos.castles();
    for color in Color::ALL {
        let mut rights = chess::CastleRights::NoRights;
        for side in CastlingSide::ALL {
            let Some(rook) = castles.rook(color, side) else {
                continue;
            };
            let standard = Square::from_coords(
                if side == CastlingSide::KingSide {
                    shakmaty::File::H
                } else {
                    shakmaty::File::A
                },
                color.backrank(),
            );
            let king_home = Square::from_coords(shakmaty::File::E, color.backrank());
            if rook != standard || pos.board().king_of(color) != Some(king_home) {
                return Err(SolverProblem::Unrepresentable("Chess960 castling rights"));
            }
            rights = rights.add(match side {
                CastlingSide::KingSide => chess::CastleRights::KingSide,
                CastlingSide::QueenSide => chess::CastleRights::QueenSide,
            });
        }
        builder.castle_rights(to_chess_color(color), rights);
    }
    if let Some(ep) = pos.legal_ep_square() {
        builder.en_passant(Some(chess::File::from_index(usize::from(ep.file()))));
    }
    chess::Board::try_from(&builder).map_err(|_| SolverProblem::Refused)
}

#[cfg(test)]
mod tests {
    use super::super::test_position as pos;
    use super::*;

    #[test]
    fn a_found_line_is_replayed_on_our_position() {
        // CHA-Solver's README example (lichess ijyj0mHa): Black cannot mate, White can.
        let p = pos("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
        assert_eq!(solve(&p, Color::Black), Ok(Solved::Unwinnable));
        // The solver's moves become the same UCI moves (promotion included).
        let m = chess::ChessMove::new(
            chess::Square::A7,
            chess::Square::B8,
            Some(chess::Piece::Knight),
        );
        assert_eq!(to_uci(m).to_string(), "a7b8n");
        let Ok(Solved::Winnable(line)) = solve(&p, Color::White) else {
            panic!("White's helpmate")
        };
        let mut cur = p.clone();
        for m in &line {
            assert!(cur.is_legal(*m), "{m:?}");
            cur.play_unchecked(*m);
        }
        assert!(cur.is_checkmate());
        assert_eq!(cur.turn(), Color::Black);
    }

    #[test]
    fn a_line_that_does_not_replay_is_a_problem_not_a_verdict() {
        let p = pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        let uci = |text: &str| vec![text.parse::<UciMove>().unwrap()];
        // e2e4: no piece there.
        assert_eq!(
            replay(&p, Color::White, &uci("e2e4")),
            Err(SolverProblem::IllegalMove {
                ply: 1,
                uci: "e2e4".to_owned()
            })
        );
        // A legal move that mates nobody.
        assert_eq!(
            replay(&p, Color::White, &uci("a1a7")),
            Err(SolverProblem::NoMate)
        );
    }

    #[test]
    fn castling_and_en_passant_reach_the_solver() {
        // Castling rights and a capturable en passant square carry over: 1.e4 d5 2.e5 f5, and
        // White takes en passant at once in its line or not; either way the line replays.
        let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert!(to_chess_board(&p).is_ok());
        assert!(matches!(solve(&p, Color::White), Ok(Solved::Winnable(_))));
        assert!(matches!(solve(&p, Color::Black), Ok(Solved::Winnable(_))));
        // A Chess960 castling right (rook on b1) is not the solver's.
        let p960: Chess = "1r2k3/8/8/8/8/8/8/1R2K3 w Bb - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Chess960)
            .unwrap();
        assert_eq!(
            to_chess_board(&p960).err(),
            Some(SolverProblem::Unrepresentable("Chess960 castling rights"))
        );
    }
}
