//! Layer 3a of the winnability analysis: exhaustive enumeration of every reachable position
//! (exact Laws 9.2.3 identities, pruned only by material and the blockade analysis). A closed
//! enumeration proves that a side can never checkmate (Laws 5.2.2, 6.9, 7.5.5); a mate met on
//! the way is the shortest helpmate.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;
use shakmaty::{Board, Chess, Color, Move, Position, Role};

use super::blockade::blockade_unwinnable;
use super::{Key, Winnability, WinnabilityMethod, key, material_cannot_mate};

pub(super) enum Reach {
    Mate(Vec<Move>),
    Closed,
    TooLarge,
}

impl Reach {
    /// The answer an enumeration gives: a helpmate it met, or a proof that none exists (every
    /// reachable position seen, no mate); `None` when it stopped at its limit.
    pub(super) fn verdict(self) -> Option<(Winnability, WinnabilityMethod)> {
        match self {
            Reach::Mate(line) => Some((
                Winnability::Winnable { helpmate: line },
                WinnabilityMethod::Helpmate,
            )),
            Reach::Closed => Some((Winnability::Unwinnable, WinnabilityMethod::ExhaustiveSearch)),
            Reach::TooLarge => None,
        }
    }
}

/// White pawns, black pawns and the material of both sides: what the blockade analysis mostly
/// depends on (a heuristic key, never used for a verdict).
type Structure = (u64, u64, [u8; 12]);

fn structure(board: &Board) -> Structure {
    let mut material = [0u8; 12];
    for (i, (colour, role)) in [Color::White, Color::Black]
        .into_iter()
        .flat_map(|c| Role::ALL.into_iter().map(move |r| (c, r)))
        .enumerate()
    {
        if let Some(slot) = material.get_mut(i) {
            *slot = (board.by_color(colour) & board.by_role(role)).count() as u8;
        }
    }
    (
        (board.pawns() & board.white()).0,
        (board.pawns() & board.black()).0,
        material,
    )
}

/// Breadth-first enumeration of every position reachable from `pos` (Laws 9.2.3 identity, so
/// exact), pruning positions where `winner` provably cannot mate (material, or the blockade
/// analysis after a capture or pawn move, the only moves that change the pawn structure).
/// `Closed` when everything was enumerated without a mate of the loser: a proof of
/// unwinnability. `Mate` gives the shortest helpmate found. `TooLarge` past `limit` positions.
///
/// Memory is kept to the exact identity of each seen position, a parent link per queued
/// position (to rebuild the line) and one breadth-first layer of full positions, so that the
/// final enumeration of closed positions can afford millions of positions.
pub(super) fn reachability(
    pos: &Chess,
    winner: Color,
    limit: u64,
    nodes: &mut u64,
    skip_failed_structures: bool,
) -> Reach {
    let mut seen: HashSet<Key, BuildHasherDefault<FxHasher>> = HashSet::default();
    seen.insert(key(pos));
    // Pawn structures (with material) where the blockade analysis failed once: with
    // `skip_failed_structures` (the final, large enumeration) it is not tried there again. It would otherwise take most of the enumeration's time and budget, and a
    // skipped prune only enlarges the enumeration, never changes its verdict. (On CHA's vector
    // this decides 12 more positions in less time.)
    let mut failed: HashSet<Structure, BuildHasherDefault<FxHasher>> = HashSet::default();
    // Parent index and move of every queued position; the root is its own parent.
    let mut parents: Vec<(u32, Option<Move>)> = vec![(0, None)];
    let mut layer: Vec<(Chess, u32)> = vec![(pos.clone(), 0)];
    // The blockade analysis costs about as much as expanding ten positions.
    let mut work = 0u64;
    while !layer.is_empty() {
        let mut next_layer = Vec::new();
        for (current, id) in layer {
            if parents.len() as u64 + work > limit {
                return Reach::TooLarge;
            }
            *nodes += 1;
            for m in current.legal_moves() {
                let mut child = current.clone();
                child.play_unchecked(m);
                if !seen.insert(key(&child)) {
                    continue;
                }
                // A position without legal moves is expanded to nothing: only the loser's
                // mate needs recognising, and it needs a check.
                if child.is_check() && child.turn() != winner && child.legal_moves().is_empty() {
                    let mut line = vec![m];
                    let mut at = id;
                    while let Some((parent, Some(mv))) = parents.get(at as usize) {
                        line.push(*mv);
                        at = *parent;
                    }
                    line.reverse();
                    return Reach::Mate(line);
                }
                if child.has_insufficient_material(winner)
                    || material_cannot_mate(child.board(), winner)
                    || (m.is_zeroing() && {
                        let structure = structure(child.board());
                        !failed.contains(&structure) && {
                            work += 10;
                            let proved = blockade_unwinnable(&child, winner);
                            if !proved && skip_failed_structures {
                                failed.insert(structure);
                            }
                            proved
                        }
                    })
                {
                    continue;
                }
                let child_id = parents.len() as u32;
                parents.push((id, Some(m)));
                next_layer.push((child, child_id));
            }
        }
        layer = next_layer;
    }
    Reach::Closed
}
