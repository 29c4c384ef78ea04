//! The orders in which a board reports one move, square by square (docs/eboards.md, "The
//! orders of a move"), and a game played out in them as a board's field updates would report
//! it ([`play_out`]): with or without times, polled or change by change, with or without a
//! clock, with pieces knocked over and set back, and pauses in the middle of a move.
//!
//! A DGT board reports one square a message (`0x8E`, a field update) as its scan finds it
//! changed: a full scan takes 200–250 ms, so a piece's new square can come before its old one
//! is reported empty, and a piece slid over squares is reported on them (the board's capture
//! README, `../shared/data/eboard/README.md`). A player may also take a captured piece off
//! first or last, put the capturing pawn on its square before lifting the pawn taken en
//! passant, castle with the rook first, or put the new queen on the last rank before lifting the
//! pawn. Each order here is one of those, and each is read as the one move it is.

use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square, attacks,
};

use super::super::Orientation;
use super::super::placement::{Reading, Snapshot};

/// One square's new content, as a field update reports it (`None`: emptied).
pub type FieldChange = (Square, Option<Piece>);

/// One way a board reports one move: the order in which its squares change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// The piece lifted, then put on its square.
    LiftThenPlace,
    /// The piece's new square reported before its old one is reported empty (the board's scan
    /// order).
    PlaceThenLift,
    /// The piece put down on the squares on its way and lifted again (a slide), then on its
    /// square.
    Slide,
    /// A capture: the taken piece lifted first, then the capturing piece lifted and put down.
    CaptureTakenFirst,
    /// A capture: the capturing piece lifted, the taken piece lifted, the capturing piece put
    /// down.
    CaptureMoverFirst,
    /// A capture: the capturing piece lifted and put on the taken piece's square in one motion
    /// (the square goes from the taken piece to the capturing one).
    CaptureSwap,
    /// A capture in the scan order: the square shows the capturing piece before its old
    /// square is reported empty.
    CapturePlaceFirst,
    /// En passant: the taken pawn lifted first, then the capturing pawn moved.
    EnPassantTakenFirst,
    /// En passant: the capturing pawn lifted, the taken pawn lifted, the pawn put down.
    EnPassantMoverFirst,
    /// En passant as it is usually done: the pawn put on its new square, then the taken pawn
    /// lifted.
    EnPassantPlaceThenTake,
    /// En passant in the scan order: the new square, then the old one, then the taken pawn.
    EnPassantScan,
    /// Castling king first: the king moved, then the rook.
    CastlingKingFirst,
    /// Castling rook first: the rook moved (a rook move, for a moment), then the king.
    CastlingRookFirst,
    /// Castling with both in the air: king and rook lifted, then put down.
    CastlingBothInAir,
    /// Castling in the scan order: the king's new square before its old one, then the rook's.
    CastlingScan,
    /// Promotion: the pawn lifted and the new piece put on the last rank.
    PromotionExchanged,
    /// Promotion: the pawn put on the last rank, then lifted and the new piece put there.
    PromotionPawnFirst,
    /// Promotion: the new piece put on the last rank before the pawn is lifted.
    PromotionPieceFirst,
}

impl Order {
    /// Every order.
    pub const ALL: [Order; 18] = [
        Order::LiftThenPlace,
        Order::PlaceThenLift,
        Order::Slide,
        Order::CaptureTakenFirst,
        Order::CaptureMoverFirst,
        Order::CaptureSwap,
        Order::CapturePlaceFirst,
        Order::EnPassantTakenFirst,
        Order::EnPassantMoverFirst,
        Order::EnPassantPlaceThenTake,
        Order::EnPassantScan,
        Order::CastlingKingFirst,
        Order::CastlingRookFirst,
        Order::CastlingBothInAir,
        Order::CastlingScan,
        Order::PromotionExchanged,
        Order::PromotionPawnFirst,
        Order::PromotionPieceFirst,
    ];

    /// The order's name in files (`en_passant_place_then_take`).
    pub fn code(self) -> &'static str {
        match self {
            Order::LiftThenPlace => "lift_then_place",
            Order::PlaceThenLift => "place_then_lift",
            Order::Slide => "slide",
            Order::CaptureTakenFirst => "capture_taken_first",
            Order::CaptureMoverFirst => "capture_mover_first",
            Order::CaptureSwap => "capture_swap",
            Order::CapturePlaceFirst => "capture_place_first",
            Order::EnPassantTakenFirst => "en_passant_taken_first",
            Order::EnPassantMoverFirst => "en_passant_mover_first",
            Order::EnPassantPlaceThenTake => "en_passant_place_then_take",
            Order::EnPassantScan => "en_passant_scan",
            Order::CastlingKingFirst => "castling_king_first",
            Order::CastlingRookFirst => "castling_rook_first",
            Order::CastlingBothInAir => "castling_both_in_air",
            Order::CastlingScan => "castling_scan",
            Order::PromotionExchanged => "promotion_exchanged",
            Order::PromotionPawnFirst => "promotion_pawn_first",
            Order::PromotionPieceFirst => "promotion_piece_first",
        }
    }

    /// The orders a board may report `m` (legal in `pos`) in.
    pub fn of(pos: &Chess, m: &Move) -> Vec<Order> {
        let all = Order::ALL.iter().copied();
        all.filter(|o| o.changes(pos, m).is_some()).collect()
    }

    /// The field changes of `m` (legal in `pos`) in this order; `None` when the order is not
    /// one of `m`'s (castling orders for a pawn move…). Applied one after another to `pos`'s
    /// board they give the board after `m`.
    pub fn changes(self, pos: &Chess, m: &Move) -> Option<Vec<FieldChange>> {
        let us = pos.turn();
        let board = pos.board();
        Some(match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            } => {
                let p = Some(Piece { color: us, role });
                let path = path(role, from, to, board);
                match (self, capture.is_some()) {
                    (Order::LiftThenPlace, false) | (Order::CaptureSwap, true) => {
                        vec![(from, None), (to, p)]
                    }
                    (Order::PlaceThenLift, false) | (Order::CapturePlaceFirst, true) => {
                        vec![(to, p), (from, None)]
                    }
                    (Order::CaptureTakenFirst, true) => vec![(to, None), (from, None), (to, p)],
                    (Order::CaptureMoverFirst, true) => vec![(from, None), (to, None), (to, p)],
                    (Order::Slide, _) if path.any() => {
                        let mut squares: Vec<Square> = path.into_iter().collect();
                        squares.sort_by_key(|s| s.distance(from));
                        let mut out = vec![(from, None)];
                        for s in squares {
                            out.push((s, p));
                            out.push((s, None));
                        }
                        out.push((to, p));
                        out
                    }
                    _ => return None,
                }
            }
            Move::Normal {
                from,
                to,
                promotion: Some(r),
                ..
            } => {
                let new = Some(Piece { color: us, role: r });
                match self {
                    Order::PromotionExchanged => vec![(from, None), (to, new)],
                    Order::PromotionPawnFirst => {
                        vec![(from, None), (to, Some(us.pawn())), (to, None), (to, new)]
                    }
                    Order::PromotionPieceFirst => vec![(to, new), (from, None)],
                    _ => return None,
                }
            }
            Move::EnPassant { from, to } => {
                let taken = Square::from_coords(to.file(), from.rank());
                let pawn = Some(us.pawn());
                match self {
                    Order::EnPassantTakenFirst => vec![(taken, None), (from, None), (to, pawn)],
                    Order::EnPassantMoverFirst => vec![(from, None), (taken, None), (to, pawn)],
                    Order::EnPassantPlaceThenTake => {
                        vec![(from, None), (to, pawn), (taken, None)]
                    }
                    Order::EnPassantScan => vec![(to, pawn), (from, None), (taken, None)],
                    _ => return None,
                }
            }
            Move::Castle { king, rook } => {
                let side = if rook.file() > king.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let (kt, rt) = (side.king_to(us), side.rook_to(us));
                let (k, r) = (Some(us.king()), Some(us.rook()));
                match self {
                    Order::CastlingKingFirst => vec![(king, None), (kt, k), (rook, None), (rt, r)],
                    Order::CastlingRookFirst => vec![(rook, None), (rt, r), (king, None), (kt, k)],
                    Order::CastlingBothInAir => {
                        vec![(king, None), (rook, None), (kt, k), (rt, r)]
                    }
                    Order::CastlingScan => vec![(kt, k), (king, None), (rt, r), (rook, None)],
                    _ => return None,
                }
            }
            Move::Put { .. } => return None,
        })
    }
}

/// The empty squares a piece slides over from `from` to `to` (none for a knight, or a step).
fn path(role: Role, from: Square, to: Square, board: &Board) -> Bitboard {
    if role == Role::Knight {
        return Bitboard::EMPTY;
    }
    attacks::between(from, to) & !board.occupied()
}

/// How the board's output is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// One snapshot a change, no times: a DGT capture without clock messages.
    Untimed,
    /// One snapshot a change, each with its time (seconds).
    Timed,
    /// The board read every second (a polled board or LiveChess at its own pace): the
    /// placement standing at each reading, no times; changes shorter than a second may not be
    /// seen at all.
    Polled,
}

/// How a game is played out ([`play_out`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOut {
    /// How the output is timed.
    pub timing: Timing,
    /// The clock pressed after each move (sometimes reported before the move's last square,
    /// as the board's scan lags the press).
    pub clock: bool,
    /// The chance a move has a piece knocked over and set back while it is made.
    pub knocks: f64,
    /// The chance of a long pause (2–8 s) between two changes of a move.
    pub pauses: f64,
    /// The board turned round.
    pub rotated: bool,
    /// The orders allowed (every order of [`Order::ALL`] when empty).
    pub orders: Vec<Order>,
}

impl Default for PlayOut {
    fn default() -> Self {
        PlayOut {
            timing: Timing::Timed,
            clock: false,
            knocks: 0.1,
            pauses: 0.1,
            rotated: false,
            orders: Vec::new(),
        }
    }
}

/// One change of the played-out game: the board after it and how long it stands.
struct Step {
    board: Board,
    seconds: f64,
    /// A clock press after this change, by this side.
    press: Option<Color>,
}

/// Plays `moves` (legal, in order, from `start`) out as a board reports them: each move in one
/// of its orders ([`Order::of`], drawn at random among those allowed; a move with none of them
/// lift-then-place), a change a snapshot. Deterministic in `seed`. Between moves the position
/// stands 2.5–20 s; within a move a change stands 0.05–0.6 s, or 2–8 s at a pause.
pub fn play_out(start: &Chess, moves: &[Move], cfg: &PlayOut, seed: u64) -> Vec<Snapshot> {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut steps = vec![Step {
        board: start.board().clone(),
        seconds: rng.random_range(2.5..20.0),
        press: None,
    }];
    let mut pos = start.clone();
    for m in moves {
        let mut orders = Order::of(&pos, m);
        if !cfg.orders.is_empty() {
            orders.retain(|o| cfg.orders.contains(o));
        }
        let mut changes = match orders.as_slice() {
            [] => Order::LiftThenPlace
                .changes(&pos, m)
                .or_else(|| Order::PromotionExchanged.changes(&pos, m))
                .or_else(|| Order::EnPassantMoverFirst.changes(&pos, m))
                .or_else(|| Order::CastlingKingFirst.changes(&pos, m))
                .or_else(|| Order::CaptureSwap.changes(&pos, m))
                .unwrap_or_default(),
            some => some[rng.random_range(0..some.len())]
                .changes(&pos, m)
                .unwrap_or_default(),
        };
        if rng.random_bool(cfg.knocks.clamp(0.0, 1.0)) {
            knock(&mut changes, pos.board(), &mut rng);
        }
        let mover = pos.turn();
        let mut board = pos.board().clone();
        let n = changes.len();
        // The press is reported before the last square now and then: the scan lags.
        let early_press = cfg.clock && n > 1 && rng.random_bool(0.3);
        for (i, (sq, piece)) in changes.into_iter().enumerate() {
            match piece {
                Some(p) => board.set_piece_at(sq, p),
                None => {
                    board.discard_piece_at(sq);
                }
            }
            let last = i + 1 == n;
            let seconds = if last {
                rng.random_range(2.5..20.0)
            } else if rng.random_bool(cfg.pauses.clamp(0.0, 1.0)) {
                rng.random_range(2.0..8.0)
            } else {
                rng.random_range(0.05..0.6)
            };
            let press = cfg.clock && ((early_press && i + 2 == n) || (!early_press && last));
            steps.push(Step {
                board: board.clone(),
                seconds,
                press: press.then_some(mover),
            });
        }
        pos.play_unchecked(*m);
    }
    render(steps, cfg)
}

/// A piece near the move (not one of its squares) knocked over and set back: lifted before
/// one of the move's changes, put back one or two changes later, before the move's last.
fn knock(changes: &mut Vec<FieldChange>, board: &Board, rng: &mut XorShiftRng) {
    let moved: Bitboard = changes.iter().map(|(s, _)| *s).collect();
    let near: Bitboard = moved
        .into_iter()
        .fold(Bitboard::EMPTY, |b, s| b | attacks::king_attacks(s));
    let candidates: Vec<Square> = (board.occupied() & near & !moved).into_iter().collect();
    if candidates.is_empty() || changes.len() < 2 {
        return;
    }
    let sq = candidates[rng.random_range(0..candidates.len())];
    let piece = board.piece_at(sq);
    let at = rng.random_range(0..changes.len() - 1);
    let back = (at + rng.random_range(1..=2)).min(changes.len() - 1);
    changes.insert(back, (sq, piece));
    changes.insert(at, (sq, None));
}

/// The steps as snapshots, in the timing asked.
fn render(steps: Vec<Step>, cfg: &PlayOut) -> Vec<Snapshot> {
    fn push(out: &mut Vec<Snapshot>, t: Option<f64>, reading: Reading) {
        let line = out.len() + 1;
        out.push(Snapshot { line, t, reading });
    }
    let seen = |b: &Board| {
        if cfg.rotated {
            Orientation::Rotated.apply(b)
        } else {
            b.clone()
        }
    };
    let mut out: Vec<Snapshot> = Vec::new();
    let mut t = 0.0f64;
    // Polled: the time of the next reading.
    let mut next_read = 0.0f64;
    for step in steps {
        let until = t + step.seconds;
        let placement = Reading::Placement(seen(&step.board));
        match cfg.timing {
            Timing::Untimed => push(&mut out, None, placement.clone()),
            Timing::Timed => push(&mut out, Some(t), placement.clone()),
            Timing::Polled => {
                while next_read < until {
                    if next_read >= t {
                        push(&mut out, None, placement.clone());
                    }
                    next_read += 1.0;
                }
            }
        }
        if let Some(side) = step.press {
            let at = (t + 0.15).min(until);
            // A polled board shows what stands at the press, which is read then too.
            if cfg.timing == Timing::Polled && out.last().is_none_or(|s| s.reading != placement) {
                push(&mut out, None, placement);
            }
            push(
                &mut out,
                (cfg.timing == Timing::Timed).then_some(at),
                Reading::Clock(side),
            );
        }
        t = until;
    }
    out
}
