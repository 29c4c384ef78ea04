//! Position keeping: the board as it stands, legal or irregular (a position shakmaty refuses,
//! left by an illegal move played on), snapshots to restore a position (Laws 7.5.1, CR 3.6),
//! and the mechanics of putting a move on the board as the hand made it.

use shakmaty::ByColor;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, Role, Setup,
    Square,
};

use crate::laws::draw::{self, RepetitionHistory};
use crate::laws::illegal::PhysicalMove;
use crate::laws::san;

use super::moves::Written;
use super::{Judge, JudgeError};

/// The board: a legal position, or an irregular one shakmaty refuses (an illegal move played
/// on left a king in check with the other side to move, a pawn on the last rank, …).
#[derive(Clone, Debug)]
pub(super) enum BoardState {
    Legal(Chess),
    Irregular(Setup),
}

impl BoardState {
    pub(super) fn turn(&self) -> Color {
        match self {
            BoardState::Legal(p) => p.turn(),
            BoardState::Irregular(s) => s.turn,
        }
    }

    pub(super) fn board(&self) -> &Board {
        match self {
            BoardState::Legal(p) => p.board(),
            BoardState::Irregular(s) => &s.board,
        }
    }

    pub(super) fn setup(&self) -> Setup {
        match self {
            BoardState::Legal(p) => p.to_setup(EnPassantMode::Always),
            BoardState::Irregular(s) => s.clone(),
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct Snapshot {
    board: BoardState,
    key: u64,
    history: RepetitionHistory,
    plies: u32,
    moved: ByColor<bool>,
}

impl Judge {
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            key: self.key,
            history: self.history.clone(),
            plies: self.plies,
            moved: self.moved,
        }
    }

    pub(super) fn restore(&mut self, s: Snapshot) {
        self.board = s.board;
        self.key = s.key;
        self.history = s.history;
        self.plies = s.plies;
        if let Some(line) = &mut self.line {
            line.truncate(s.plies as usize);
        }
        self.moved = s.moved;
        self.reached_illegally = false;
    }

    pub(super) fn set_board_from_setup(&mut self, setup: Setup) {
        match rebuild(setup.clone(), self.mode) {
            Some(pos) => {
                self.key = draw::position_key(&pos);
                self.board = BoardState::Legal(pos);
            }
            None => {
                self.board = BoardState::Irregular(setup);
            }
        }
    }
}

/// The piece placement of an event's `board` or `fen` field: the FEN's first field (a whole
/// FEN is accepted, the rest ignored). Errors: [`JudgeError::InvalidBoard`] at event `index`.
pub(super) fn board_field(text: &str, index: usize) -> Result<Board, JudgeError> {
    text.split_whitespace()
        .next()
        .unwrap_or("")
        .parse::<Board>()
        .map_err(|_| JudgeError::InvalidBoard {
            index,
            text: text.to_owned(),
        })
}

/// Rebuilds a legal position from a setup, forgiving castling rights, an en-passant square,
/// material counts and check configurations that an illegal act can leave; `None` when the
/// position is irregular (a king missing or doubled, the side not on move in check, a pawn on
/// the first or last rank).
pub(super) fn rebuild(setup: Setup, mode: CastlingMode) -> Option<Chess> {
    Chess::from_setup(setup, mode)
        .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
        .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .ok()
}

/// What the hand did, from the written move: UCI gives it directly; SAN is matched against the
/// mover's pieces by the piece's movement pattern (needed for an illegal SAN and for SAN in an
/// irregular position). `None` when no single piece fits.
pub(super) fn physical(written: &Written, board: &BoardState) -> Option<PhysicalMove> {
    match written {
        Written::Uci(UciMove::Normal {
            from,
            to,
            promotion,
        }) => Some(PhysicalMove {
            from: *from,
            to: *to,
            promotion: *promotion,
        }),
        Written::Uci(_) => None,
        Written::San(san) => san::physical_move(board.board(), board.turn(), san),
    }
}

/// Puts a physical move on a setup as the hand made it: the piece goes from `from` to `to`
/// (whatever stood there is removed), a castling attempt also moves the rook, an en-passant
/// attempt removes the passed pawn, a promotion places the new piece. Then the turn passes.
pub(super) fn apply_physical(
    setup: &mut Setup,
    mover: Color,
    pm: &PhysicalMove,
    ep: Option<Square>,
) {
    let board = &mut setup.board;
    let Some(piece) = board.remove_piece_at(pm.from) else {
        setup.turn = !mover;
        setup.ep_square = None;
        return;
    };
    let mut captured = board.remove_piece_at(pm.to);
    let mut to = pm.to;
    let back_rank = pm.from.rank() == mover.backrank();
    if piece.role == Role::King && back_rank && pm.to.rank() == pm.from.rank() {
        let own_rook = captured.filter(|c| c.color == mover && c.role == Role::Rook);
        let df = i32::from(pm.to.file()) - i32::from(pm.from.file());
        if own_rook.is_some() || df.abs() == 2 {
            // Castling attempt: the king lands on the g- or c-file, the rook beside it.
            let kingside = df > 0;
            let (king_file, rook_file) = if kingside {
                (shakmaty::File::G, shakmaty::File::F)
            } else {
                (shakmaty::File::C, shakmaty::File::D)
            };
            let rook_from = match own_rook {
                Some(_) => {
                    captured = None;
                    Some(pm.to)
                }
                None => {
                    let corner = Square::from_coords(
                        if kingside {
                            shakmaty::File::H
                        } else {
                            shakmaty::File::A
                        },
                        pm.from.rank(),
                    );
                    (board.piece_at(corner) == Some(Role::Rook.of(mover))).then_some(corner)
                }
            };
            to = Square::from_coords(king_file, pm.from.rank());
            if let Some(rf) = rook_from {
                board.discard_piece_at(rf);
                board.set_piece_at(
                    Square::from_coords(rook_file, pm.from.rank()),
                    Role::Rook.of(mover),
                );
            }
            if let Some(c) = board.remove_piece_at(to)
                && c.color != mover
            {
                captured = Some(c);
            }
        }
    }
    if piece.role == Role::Pawn
        && captured.is_none()
        && pm.from.file() != pm.to.file()
        && ep == Some(pm.to)
    {
        let passed = Square::from_coords(pm.to.file(), pm.from.rank());
        captured = board.remove_piece_at(passed);
    }
    let placed = match pm.promotion {
        Some(role) => role.of(mover),
        None => piece,
    };
    board.set_piece_at(to, placed);
    setup.castling_rights &= !Bitboard::from_square(pm.from) & !Bitboard::from_square(pm.to);
    if piece.role == Role::King {
        setup.castling_rights &= !Bitboard::from_rank(mover.backrank());
    }
    let double_step = piece.role == Role::Pawn
        && pm.from.file() == pm.to.file()
        && (i32::from(pm.to.rank()) - i32::from(pm.from.rank())).abs() == 2;
    setup.ep_square = if double_step {
        Square::from_coords(
            pm.from.file(),
            if mover == Color::White {
                shakmaty::Rank::Third
            } else {
                shakmaty::Rank::Sixth
            },
        )
        .into()
    } else {
        None
    };
    setup.halfmoves = if piece.role == Role::Pawn || captured.is_some() {
        0
    } else {
        setup.halfmoves.saturating_add(1)
    };
    if mover == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !mover;
}
