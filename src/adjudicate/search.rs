//! The two small searches of play-out adjudication: a forced-mate search (rule 4) and a
//! capture-only quiescence search that settles pending exchanges before material is counted
//! (rule 6). Both are bounded by a node limit and only ever claim what they proved.

use shakmaty::{Chess, Color, Move, Position, Role};

use super::PieceValues;

/// Counters shared by both searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counter {
    pub nodes: u64,
    pub limit: u64,
    pub limit_hit: bool,
}

impl Counter {
    /// A fresh counter allowing `limit` nodes.
    pub(crate) fn new(limit: u64) -> Self {
        Counter {
            nodes: 0,
            limit,
            limit_hit: false,
        }
    }

    fn tick(&mut self) -> bool {
        if self.nodes >= self.limit {
            self.limit_hit = true;
            return false;
        }
        self.nodes += 1;
        true
    }
}

/// Material of one side in `values` (king not counted).
pub(crate) fn material(pos: &Chess, color: Color, values: &PieceValues) -> i32 {
    let m = pos.board().material_side(color);
    i32::from(m.pawn) * values.pawn
        + i32::from(m.knight) * values.knight
        + i32::from(m.bishop) * values.bishop
        + i32::from(m.rook) * values.rook
        + i32::from(m.queen) * values.queen
}

fn role_value(role: Role, values: &PieceValues) -> i32 {
    match role {
        Role::Pawn => values.pawn,
        Role::Knight => values.knight,
        Role::Bishop => values.bishop,
        Role::Rook => values.rook,
        Role::Queen => values.queen,
        Role::King => 0,
    }
}

/// Forced mate by the side to move within `plies` plies (odd: 1 = mate in 1, 3 = mate in 2,
/// 5 = mate in 3), against every defence. Returns the main line (the defender choosing the
/// longest resistance found).
///
/// To stay within the latency budget, the attacker's moves are restricted to checks except on
/// the first move of a search of at most 3 plies (so every mate in 1 and 2 is found, and longer
/// mates when every attacking move checks). A returned line is always a proved forced mate.
pub(crate) fn forced_mate(pos: &Chess, plies: u32, counter: &mut Counter) -> Option<Vec<Move>> {
    attack(pos, plies, plies <= 3, counter)
}

/// Is the side to move mated within `plies` plies whatever it plays (`plies` even)?
pub(crate) fn forced_mated(pos: &Chess, plies: u32, counter: &mut Counter) -> Option<Vec<Move>> {
    defend(pos, plies, counter)
}

fn attack(
    pos: &Chess,
    plies: u32,
    quiet_allowed: bool,
    counter: &mut Counter,
) -> Option<Vec<Move>> {
    if plies == 0 || !counter.tick() {
        return None;
    }
    let mut children: Vec<(Move, Chess)> = Vec::new();
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if child.is_check() || quiet_allowed {
            if child.is_checkmate() {
                return Some(vec![m]);
            }
            children.push((m, child));
        }
    }
    if plies < 3 {
        return None;
    }
    // Checks first, captures next: the usual order of forcing play.
    children.sort_by_key(|(m, child)| (!child.is_check(), !m.is_capture()));
    for (m, child) in children {
        if let Some(rest) = defend(&child, plies - 1, counter) {
            let mut line = vec![m];
            line.extend(rest);
            return Some(line);
        }
        if counter.limit_hit {
            return None;
        }
    }
    None
}

fn defend(pos: &Chess, plies: u32, counter: &mut Counter) -> Option<Vec<Move>> {
    if !counter.tick() {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.is_checkmate().then(Vec::new);
    }
    if plies < 2 {
        return None;
    }
    let mut longest: Option<Vec<Move>> = None;
    for m in moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let line = attack(&child, plies - 1, false, counter)?;
        if longest.as_ref().is_none_or(|l| line.len() + 1 > l.len()) {
            let mut full = vec![m];
            full.extend(line);
            longest = Some(full);
        }
    }
    longest
}

/// Capture-only quiescence search (stand pat, most valuable victim first; queen promotions
/// count as captures; in check, every evasion). Returns the score for the side to move in
/// `values` units and the exchange line that produces it.
pub(crate) fn quiescence(
    pos: &Chess,
    values: &PieceValues,
    counter: &mut Counter,
) -> (i32, Vec<Move>) {
    qsearch(pos, -100_000, 100_000, 0, values, counter)
}

const MATE_SCORE: i32 = 10_000;

fn qsearch(
    pos: &Chess,
    mut alpha: i32,
    beta: i32,
    ply: u32,
    values: &PieceValues,
    counter: &mut Counter,
) -> (i32, Vec<Move>) {
    let us = pos.turn();
    let stand_pat = material(pos, us, values) - material(pos, !us, values);
    let in_check = pos.is_check();
    if !counter.tick() || ply >= 24 {
        return (stand_pat, Vec::new());
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if in_check {
            (-MATE_SCORE, Vec::new())
        } else {
            (0, Vec::new())
        };
    }
    let mut best_line = Vec::new();
    if !in_check {
        if stand_pat >= beta {
            return (stand_pat, best_line);
        }
        alpha = alpha.max(stand_pat);
    }
    let mut candidates: Vec<Move> = moves
        .into_iter()
        .filter(|m| in_check || m.is_capture() || m.promotion() == Some(Role::Queen))
        .collect();
    candidates.sort_by_key(|m| {
        let victim = m.capture().map_or(0, |r| role_value(r, values));
        let promo = m.promotion().map_or(0, |r| role_value(r, values));
        -(16 * (victim + promo) - role_value(m.role(), values))
    });
    let mut best = if in_check { -MATE_SCORE } else { stand_pat };
    for m in candidates {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let (score, line) = qsearch(&child, -beta, -alpha, ply + 1, values, counter);
        let score = -score;
        if score > best {
            best = score;
            best_line = vec![m];
            best_line.extend(line);
        }
        if score > alpha {
            alpha = score;
        }
        if alpha >= beta {
            break;
        }
    }
    (best, best_line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::winnability::test_position as pos;

    fn counter() -> Counter {
        Counter::new(1_000_000)
    }

    #[test]
    fn back_rank_mate_in_one() {
        let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let line = forced_mate(&p, 1, &mut counter()).unwrap();
        assert_eq!(line.len(), 1);
        assert_eq!(line[0].to(), shakmaty::Square::A8);
    }

    #[test]
    fn hanging_queen_is_not_counted() {
        // White to move, Black's queen on d4 is en prise to the e3 pawn (+9 after exchanges).
        let p = pos("4k3/8/8/8/3q4/4P3/8/4K3 w - - 0 1");
        let values = PieceValues::default();
        let (score, line) = quiescence(&p, &values, &mut counter());
        assert_eq!(score, 1);
        assert_eq!(line.len(), 1);
    }
}
