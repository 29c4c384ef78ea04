//! Renders a game as a digital board would report it: every lift and put-down, pieces slid
//! across squares, brief sensor flicker, both capture orders, king-first and rook-first
//! castling, promotions with the pawn removed first or the new piece placed first, and
//! optionally missed updates, a rotated board, times and clock presses. Seeded, so a log can
//! be rebuilt from its seed. Used by the tests and benches and to make demo logs.

use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::{Board, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square, attacks};

use super::Orientation;
use super::placement::{Reading, Snapshot};

pub mod orders;

pub use orders::{Order, PlayOut, Timing, play_out};

/// What the simulated board and players do.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulationConfig {
    /// Give every snapshot a time `t` (seconds): a placement that stands is reported once
    /// and held 2.5–20 s; transients last 0.05–0.6 s.
    pub timed: bool,
    /// Press the clock after every move (implies JSON lines).
    pub clock: bool,
    /// Add transients: pieces in the air and slid, flicker, pieces lifted and put back.
    pub transients: bool,
    /// Start with a few placements of the board being set up (pieces still missing).
    pub set_up: bool,
    /// Report the board turned by 180°.
    pub rotated: bool,
    /// Without times: how many lines a standing placement is repeated (at least this many,
    /// sometimes one more). Match it with [`super::StabilityRule::snapshots`].
    pub hold: u32,
    /// Probability that a ply's snapshots (and its clock press) are lost. Never two plies in
    /// a row, never the last ply, never a promotion.
    pub missed_updates: f64,
}

impl Default for SimulationConfig {
    fn default() -> Self {
        SimulationConfig {
            timed: false,
            clock: false,
            transients: true,
            set_up: true,
            rotated: false,
            hold: 2,
            missed_updates: 0.0,
        }
    }
}

struct Sim {
    rng: XorShiftRng,
    cfg: SimulationConfig,
    out: Vec<Snapshot>,
    t: f64,
    board: Board,
    muted: bool,
}

impl Sim {
    fn push(&mut self, reading: Reading) {
        if self.muted {
            return;
        }
        let t = (self.cfg.timed || self.cfg.clock).then_some(self.t);
        self.out.push(Snapshot {
            line: self.out.len() + 1,
            t,
            reading,
        });
    }

    fn snapshot(&mut self) {
        let seen = if self.cfg.rotated {
            Orientation::Rotated.apply(&self.board)
        } else {
            self.board.clone()
        };
        self.push(Reading::Placement(seen));
    }

    /// A placement in passing (the hand still busy): reported briefly, never twice in a row.
    fn transient(&mut self) {
        if !self.cfg.transients {
            return;
        }
        let seen = if self.cfg.rotated {
            Orientation::Rotated.apply(&self.board)
        } else {
            self.board.clone()
        };
        if let Some(Snapshot {
            reading: Reading::Placement(last),
            ..
        }) = self.out.last()
            && *last == seen
        {
            return;
        }
        self.push(Reading::Placement(seen));
        self.t += self.rng.random_range(0.05..0.6);
    }

    fn flicker(&mut self) {
        let sq = Square::new(self.rng.random_range(0..64u32));
        let saved = self.board.piece_at(sq);
        match saved {
            Some(_) => self.board.discard_piece_at(sq),
            None => self.board.set_piece_at(sq, Color::Black.pawn()),
        }
        self.snapshot();
        self.t += 0.05;
        match saved {
            Some(p) => self.board.set_piece_at(sq, p),
            None => self.board.discard_piece_at(sq),
        }
    }

    /// The placement stands: repeated (untimed) or held (timed), with the clock pressed by
    /// `pressed`, maybe with a flicker in between.
    fn hold(&mut self, pressed: Option<Color>) {
        let k = self.cfg.hold.max(1);
        let extra = self.rng.random_range(0..=1u32);
        for _ in 0..k + extra {
            self.snapshot();
        }
        if let Some(side) = pressed
            && self.cfg.clock
        {
            self.t += self.rng.random_range(0.2..1.0);
            self.push(Reading::Clock(side));
        }
        if self.cfg.transients && self.rng.random_bool(0.2) {
            self.t += self.rng.random_range(0.5..5.0);
            self.flicker();
            for _ in 0..k {
                self.snapshot();
            }
        }
        self.t += self.rng.random_range(2.5..20.0);
    }

    fn lift(&mut self, sq: Square) {
        self.board.discard_piece_at(sq);
        self.transient();
    }

    fn put(&mut self, sq: Square, p: Piece) {
        self.board.set_piece_at(sq, p);
    }

    fn play(&mut self, pos: &Chess, m: &Move) {
        let us = pos.turn();
        if self.cfg.transients && self.rng.random_bool(0.15) {
            // A piece adjusted (lifted and put back) before the move.
            let own: Vec<Square> = self.board.by_color(us).into_iter().collect();
            if !own.is_empty() {
                let sq = own[self.rng.random_range(0..own.len())];
                if let Some(p) = self.board.piece_at(sq) {
                    self.lift(sq);
                    self.put(sq, p);
                    self.transient();
                }
            }
        }
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let piece = Piece {
                    color: us,
                    role: *role,
                };
                let capture_first = capture.is_some() && self.rng.random_bool(0.5);
                if capture_first {
                    self.lift(*to);
                }
                if let Some(r) = promotion
                    && self.board.piece_at(*to).is_none()
                    && self.rng.random_bool(0.4)
                {
                    // The new piece put on the promotion square before the pawn is removed
                    // (Laws 4.6.2): for a moment there is one piece too many.
                    self.put(
                        *to,
                        Piece {
                            color: us,
                            role: *r,
                        },
                    );
                    self.transient();
                    self.board.discard_piece_at(*from);
                    return;
                }
                self.lift(*from);
                if capture.is_some() && !capture_first {
                    self.lift(*to);
                }
                if *role != Role::Knight && self.rng.random_bool(0.3) {
                    let mut path: Vec<Square> = attacks::between(*from, *to).into_iter().collect();
                    path.sort_by_key(|s| s.distance(*from));
                    for sq in path {
                        if self.board.piece_at(sq).is_none() {
                            self.put(sq, piece);
                            self.transient();
                            self.lift(sq);
                        }
                    }
                }
                if let Some(r) = promotion {
                    if self.rng.random_bool(0.5) {
                        // The pawn put on the last rank first, then exchanged (4.6.1).
                        self.put(*to, piece);
                        self.transient();
                        self.lift(*to);
                    }
                    self.put(
                        *to,
                        Piece {
                            color: us,
                            role: *r,
                        },
                    );
                } else {
                    self.put(*to, piece);
                }
            }
            Move::EnPassant { from, to } => {
                let taken = Square::from_coords(to.file(), from.rank());
                if self.rng.random_bool(0.5) {
                    self.lift(taken);
                    self.lift(*from);
                } else {
                    self.lift(*from);
                    if self.rng.random_bool(0.5) {
                        self.lift(taken);
                    } else {
                        self.put(*to, us.pawn());
                        self.transient();
                        self.lift(taken);
                        return;
                    }
                }
                self.put(*to, us.pawn());
            }
            Move::Castle { king, rook } => {
                let side = if rook.file() > king.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let (kt, rt) = (side.king_to(us), side.rook_to(us));
                if self.rng.random_bool(0.5) {
                    self.lift(*king);
                    self.put(kt, us.king());
                    self.transient();
                    self.lift(*rook);
                    self.put(rt, us.rook());
                } else {
                    // Rook first: passes through a legal rook move.
                    self.lift(*rook);
                    self.put(rt, us.rook());
                    self.transient();
                    self.lift(*king);
                    self.put(kt, us.king());
                }
            }
            Move::Put { .. } => {}
        }
    }
}

/// Renders `moves` (legal, in order, from `start`) as snapshots. Deterministic in `seed`.
/// Line numbers are the positions in the returned list; write it out with
/// [`super::placement::write_log`].
pub fn simulate(start: &Chess, moves: &[Move], cfg: &SimulationConfig, seed: u64) -> Vec<Snapshot> {
    let mut sim = Sim {
        rng: XorShiftRng::seed_from_u64(seed),
        cfg: cfg.clone(),
        out: Vec::new(),
        t: 0.0,
        board: start.board().clone(),
        muted: false,
    };
    if cfg.set_up {
        // The board being set up: some pieces not yet on it.
        for _ in 0..3 {
            let occ: Vec<Square> = start.board().occupied().into_iter().collect();
            for _ in 0..sim.rng.random_range(1..8usize) {
                let sq = occ[sim.rng.random_range(0..occ.len())];
                sim.board.discard_piece_at(sq);
            }
            sim.snapshot();
            sim.t += 1.0;
            sim.board = start.board().clone();
        }
    }
    sim.hold(None);
    let mut pos = start.clone();
    let mut muted_last = false;
    for (i, m) in moves.iter().enumerate() {
        let drop = cfg.missed_updates > 0.0
            && !muted_last
            && i + 1 < moves.len()
            && !m.is_promotion()
            && !moves.get(i + 1).is_some_and(|n| n.is_promotion())
            && sim.rng.random_bool(cfg.missed_updates.clamp(0.0, 1.0));
        sim.muted = drop;
        let mover = pos.turn();
        sim.play(&pos, m);
        sim.hold(Some(mover));
        sim.muted = false;
        muted_last = drop;
        pos.play_unchecked(*m);
        sim.board = pos.board().clone();
    }
    sim.out
}
