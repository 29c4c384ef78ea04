//! Layer 3b of the winnability analysis: the helpmate search, a cooperative depth-first search
//! (both sides play for the mate) with an exact transposition table and CHA's progress-rewarding
//! move orderings. A found line proves that a side can still checkmate (so no dead position,
//! Laws 5.2.2, and a win on flag-fall, 6.9, or after the opponent's second illegal move,
//! 7.5.5); an uninterrupted search that finds none proves that it never can.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Rank, Role, Square, attacks};

use super::blockade::blockade_unwinnable;
use super::material::need_loser_promotion;
use super::{
    Key, Winnability, WinnabilityConfig, WinnabilityMethod, WinnabilityReport, key, locked_pawns,
    material_cannot_mate,
};

type Table = HashMap<Key, u32, BuildHasherDefault<FxHasher>>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    Normal,
    Reward,
    Punish,
}

pub(super) struct Search {
    winner: Color,
    pub(super) node_limit: u64,
    pub(super) nodes: u64,
    iteration_nodes: u64,
    iteration_limit: u64,
    depth: u32,
    interrupted: bool,
    limit_hit: bool,
    pub(super) proved_unwinnable: bool,
    table: Table,
    line: Vec<Move>,
    /// Prune positions after a capture or pawn move that the blockade analysis proves
    /// unwinnable (a proof for the whole subtree, so an exhaustive search stays a proof).
    pub(super) prune_blockade: bool,
    /// Blockade verdicts by position, kept across iterations.
    blockade_cache: HashMap<Key, bool, BuildHasherDefault<FxHasher>>,
    /// Which moves the helpmate search tries first.
    pub(super) ordering: MoveOrdering,
}

/// The helpmate search's move orderings, tried in this order until one finds a mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveOrdering {
    /// Both sides' pieces head for a mating corner.
    Corner,
    /// The loser's pieces head for the winner's king and the winner's pieces for the loser's
    /// king (constructed positions where the loser's king must walk up to a caged winner).
    Approach,
    /// The loser's king heads for the winner's nearest pawn and the loser's pawns push, to
    /// open a file for a chain of promotions and captures.
    OpenFiles,
    /// The loser's pieces head for the free neighbours of the mating corner (bishops for
    /// those of their colour) and bishops count as approaching by king distance, so a
    /// cornered king's own pieces come to block its flight squares.
    Blockers,
}

impl MoveOrdering {
    pub(super) const ALL: [MoveOrdering; 4] = [
        MoveOrdering::Corner,
        MoveOrdering::Approach,
        MoveOrdering::OpenFiles,
        MoveOrdering::Blockers,
    ];
}

impl Search {
    pub(super) fn new(winner: Color, config: &WinnabilityConfig) -> Search {
        Search {
            winner,
            node_limit: config.node_limit,
            nodes: 0,
            iteration_nodes: 0,
            iteration_limit: config.iteration_node_limit,
            depth: 0,
            interrupted: false,
            limit_hit: false,
            proved_unwinnable: false,
            table: Table::default(),
            line: Vec::new(),
            prune_blockade: false,
            blockade_cache: HashMap::default(),
            ordering: MoveOrdering::Corner,
        }
    }

    pub(super) fn report(
        &self,
        verdict: Winnability,
        method: WinnabilityMethod,
    ) -> WinnabilityReport {
        WinnabilityReport {
            verdict,
            method,
            nodes: self.nodes,
            depth: self.depth,
            limit_hit: self.limit_hit,
            solver_problem: None,
        }
    }

    /// Iterative deepening from `from` to `to` nominal plies, `local` nodes per iteration.
    pub(super) fn iterate(
        &mut self,
        pos: &Chess,
        from: u32,
        to: u32,
        local: u64,
    ) -> Option<Vec<Move>> {
        self.iteration_limit = local;
        for depth in from..=to {
            if self.nodes >= self.node_limit {
                self.limit_hit = true;
                return None;
            }
            self.depth = depth;
            self.interrupted = false;
            self.iteration_nodes = 0;
            self.table.clear();
            self.line.clear();
            if self.find_mate(pos, depth, false, 0) {
                return Some(std::mem::take(&mut self.line));
            }
            if !self.interrupted {
                self.proved_unwinnable = true;
                return None;
            }
        }
        None
    }

    /// Depth-first helpmate search; `budget` is the remaining nominal depth.
    fn find_mate(&mut self, pos: &Chess, budget: u32, past_progress: bool, ply: u32) -> bool {
        let k = key(pos);
        if self.table.get(&k).is_some_and(|&seen| seen >= budget) {
            return false;
        }
        let board = pos.board();
        if pos.has_insufficient_material(self.winner) || material_cannot_mate(board, self.winner) {
            return false;
        }
        let out_of_budget = budget == 0
            || self.iteration_nodes >= self.iteration_limit
            || self.nodes >= self.node_limit;
        // At the frontier only a mate matters, and a position without check is none: most
        // nodes are frontier nodes, so this skips most move generations.
        if out_of_budget && !pos.is_check() {
            if self.nodes >= self.node_limit {
                self.limit_hit = true;
            }
            self.interrupted = true;
            return false;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.is_check() && pos.turn() != self.winner;
        }
        if out_of_budget {
            if self.nodes >= self.node_limit {
                self.limit_hit = true;
            }
            self.interrupted = true;
            return false;
        }
        self.nodes += 1;
        self.iteration_nodes += 1;
        self.table.insert(k, budget);

        let winner_to_move = pos.turn() == self.winner;
        let need_loser_promotion = need_loser_promotion(board, self.winner);
        let corner = mating_corner(board, self.winner);
        // Classified once, tried rewarded first and punished last (generation order within a
        // class); a fixed array, as a heap allocation per node dominated the search's cost.
        let mut classes = [Progress::Normal; 256];
        for (class, m) in classes.iter_mut().zip(moves.iter()) {
            *class = self.classify(pos, m, winner_to_move, need_loser_promotion, corner);
        }
        for pass in [Progress::Reward, Progress::Normal, Progress::Punish] {
            for (m, &progress) in moves.iter().zip(classes.iter()) {
                if progress != pass {
                    continue;
                }
                let cost = match progress {
                    Progress::Reward if ply < 400 => 0,
                    Progress::Normal if past_progress && ply < 400 => 0,
                    Progress::Punish => 3,
                    _ => 1,
                };
                if cost > budget {
                    self.interrupted = true;
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(*m);
                if self.prune_blockade && m.is_zeroing() && self.blockaded(&child) {
                    continue;
                }
                self.line.push(*m);
                if self.find_mate(&child, budget - cost, progress == Progress::Reward, ply + 1) {
                    return true;
                }
                self.line.pop();
            }
        }
        false
    }

    /// The blockade analysis of `pos` for the winner, cached (only where a wall exists).
    fn blockaded(&mut self, pos: &Chess) -> bool {
        if !locked_pawns(pos.board()) {
            return false;
        }
        let k = key(pos);
        if let Some(&proved) = self.blockade_cache.get(&k) {
            return proved;
        }
        let proved = blockade_unwinnable(pos, self.winner);
        self.blockade_cache.insert(k, proved);
        proved
    }

    fn classify(
        &self,
        pos: &Chess,
        m: &Move,
        winner_to_move: bool,
        need_loser_promotion: bool,
        corner: Square,
    ) -> Progress {
        let role = m.role();
        let mut target = target_square(corner, role, winner_to_move, self.winner);
        // With only king and pawns, the winner's king must go and eat a loser's pawn to open the
        // position: head for the nearest one instead of the mating corner.
        if winner_to_move && role == Role::King {
            let board = pos.board();
            let ours = board.by_color(self.winner);
            if ours == ours & (board.kings() | board.pawns())
                && let Some(from) = m.from()
                && let Some(pawn) = (board.by_color(!self.winner) & board.pawns())
                    .into_iter()
                    .min_by_key(|p| p.distance(from))
            {
                target = pawn;
            }
        }
        if self.ordering == MoveOrdering::Approach {
            let board = pos.board();
            let king_of = |c: Color| (board.kings() & board.by_color(c)).first();
            let towards = if winner_to_move {
                king_of(!self.winner)
            } else {
                king_of(self.winner)
            };
            if let Some(t) = towards {
                target = t;
            }
        }
        if self.ordering == MoveOrdering::OpenFiles && !winner_to_move {
            let board = pos.board();
            if role == Role::Pawn && !m.is_capture() {
                return Progress::Reward;
            }
            if role == Role::King
                && let Some(from) = m.from()
                && let Some(pawn) = (board.by_color(self.winner) & board.pawns())
                    .into_iter()
                    .min_by_key(|p| p.distance(from))
            {
                target = pawn;
            }
        }
        let blockers = self.ordering == MoveOrdering::Blockers;
        if blockers
            && !winner_to_move
            && role != Role::King
            && let Some(from) = m.from()
        {
            let mut free = attacks::king_attacks(corner) & !pos.board().by_color(!self.winner);
            if role == Role::Bishop {
                free &= if Bitboard::DARK_SQUARES.contains(from) {
                    Bitboard::DARK_SQUARES
                } else {
                    Bitboard::LIGHT_SQUARES
                };
            }
            if let Some(t) = free.into_iter().min_by_key(|s| s.distance(from)) {
                target = t;
            }
        }
        let approaching = m.from().is_some_and(|from| {
            approaches(role, from, m.to(), target)
                || (blockers
                    && role == Role::Bishop
                    && m.to().distance(target) < from.distance(target))
        });
        if winner_to_move {
            let advanced_push = role == Role::Pawn
                && match self.winner {
                    Color::White => m.to().rank() >= Rank::Fifth,
                    Color::Black => m.to().rank() <= Rank::Fourth,
                };
            if advanced_push || m.is_capture() || approaching {
                return Progress::Reward;
            }
            Progress::Normal
        } else {
            let mut progress = Progress::Normal;
            if need_loser_promotion {
                let heavy = matches!(m.promotion(), Some(Role::Queen | Role::Rook));
                progress = if role == Role::Pawn && !heavy {
                    Progress::Reward
                } else {
                    Progress::Punish
                };
            }
            if approaching {
                Progress::Reward
            } else if m.is_capture() {
                Progress::Punish
            } else {
                progress
            }
        }
    }
}

/// CHA's mating corner: on the loser's back rank (relative to the winner, rank 8 for White),
/// dark when the winner has a dark-squared bishop or (no bishop and) the loser a light one.
fn mating_corner(board: &Board, winner: Color) -> Square {
    let our_bishops = board.by_color(winner) & board.bishops();
    let their_bishops = board.by_color(!winner) & board.bishops();
    let dark = (our_bishops & Bitboard::DARK_SQUARES).any()
        || (our_bishops.is_empty() && (their_bishops & Bitboard::LIGHT_SQUARES).any());
    match (winner, dark) {
        (Color::White, true) => Square::H8,
        (Color::White, false) => Square::A8,
        (Color::Black, true) => Square::A1,
        (Color::Black, false) => Square::H1,
    }
}

/// Where the moving piece should head: the winner's king two ranks off the corner, the
/// winner's pieces at the corner, the loser's king into the corner, the loser's other pieces
/// beside it (to block the flight square).
fn target_square(corner: Square, role: Role, winner_to_move: bool, winner: Color) -> Square {
    let king = role == Role::King;
    let toward_centre_rank = if winner == Color::White { -16 } else { 16 };
    let toward_centre_file = if corner.file() == shakmaty::File::H {
        -1
    } else {
        1
    };
    let offset = match (winner_to_move, king) {
        (true, true) => toward_centre_rank,
        (true, false) => 0,
        (false, true) => 0,
        (false, false) => toward_centre_file,
    };
    corner.offset(offset).unwrap_or(corner)
}

/// Does a king or knight step bring it closer to `target`?
fn approaches(role: Role, from: Square, to: Square, target: Square) -> bool {
    match role {
        Role::King => to.distance(target) < from.distance(target),
        Role::Knight => knight_distance(to, target) < knight_distance(from, target),
        _ => false,
    }
}

/// Knight moves between two squares on an empty board.
fn knight_distance(a: Square, b: Square) -> u32 {
    let dx = a.file().distance(b.file());
    let dy = a.rank().distance(b.rank());
    let (dx, dy) = if dx < dy { (dy, dx) } else { (dx, dy) };
    // Corner special cases.
    let corner = |s: Square| matches!(s, Square::A1 | Square::H1 | Square::A8 | Square::H8);
    if dx == 1 && dy == 1 && (corner(a) || corner(b)) {
        return 4;
    }
    if dx == 2 && dy == 2 {
        return 4;
    }
    if dx == 1 && dy == 0 {
        return 3;
    }
    let m = dx.div_ceil(2).max((dx + dy).div_ceil(3));
    m + ((m + dx + dy) % 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_distance_matches_known_values() {
        assert_eq!(knight_distance(Square::A1, Square::B3), 1);
        assert_eq!(knight_distance(Square::A1, Square::B2), 4);
        assert_eq!(knight_distance(Square::D4, Square::D5), 3);
        assert_eq!(knight_distance(Square::D4, Square::E5), 2);
        assert_eq!(knight_distance(Square::D4, Square::F6), 4);
        assert_eq!(knight_distance(Square::A1, Square::H8), 6);
    }
}
