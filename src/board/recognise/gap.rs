//! A gap in what the board showed (its link was down: a cable pulled, LiveChess restarted):
//! the plies between the position before and the board after are found by a bounded search
//! for legal sequences, shortest first, up to [`MAX_PLIES`].
//!
//! The search prunes by what is left to do: every square where the board after holds a piece
//! of one side that the position does not have there needs a move of that side (castling
//! places two), and the sides move in turn; and a side never has more pieces than before. It
//! counts the sequences of the shortest length that reach the board, stopping at two (the
//! first is taken, the second makes it uncertain) or after [`BUDGET`] positions (uncertain too).

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role};

use super::{BoardEventKind, Recogniser};
use crate::board::placement::Snapshot;
use crate::board::progress::Seen;

/// The longest gap searched, in plies.
pub const MAX_PLIES: usize = 8;

/// Positions visited at most in one search.
const BUDGET: usize = 400_000;

/// Boards after a gap that no search explains (a move in the making) before the game goes on
/// from the board as it stands.
pub(super) const GAP_TRIES: u32 = 12;

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The sequences of the shortest length reaching the board (two at most).
    pub sequences: Vec<Vec<Move>>,
    /// True when the board is reached with a piece of the player on move in the hand (the
    /// board shows the next move begun, [`lifted`]), not as it stands after the sequences.
    pub in_hand: bool,
    /// True when the budget ran out before the search was complete.
    pub cut: bool,
}

/// True when `target` is `board` with one piece of `turn` lifted (a move begun).
pub(super) fn lifted(board: &Board, target: &Board, turn: Color) -> bool {
    let gone = board.occupied() & !target.occupied();
    gone.count() == 1
        && (board.occupied() ^ target.occupied()) == gone
        && (gone & board.by_color(turn)).any()
        && {
            let mut b = board.clone();
            b.discard_piece_at(gone.first().unwrap_or(shakmaty::Square::A1));
            b == *target
        }
}

/// The legal sequences from `pos` of at most `max` plies whose placement is `target`, shortest
/// first (module docs).
pub fn search(pos: &Chess, target: &Board, max: usize) -> Found {
    let mut found = Found::default();
    let mut budget = BUDGET;
    for depth in 1..=max {
        let mut line = Vec::with_capacity(depth);
        dfs(pos, target, depth, &mut line, &mut found, &mut budget);
        if !found.sequences.is_empty() || budget == 0 {
            found.cut = budget == 0;
            break;
        }
    }
    found
}

/// Squares where `target` holds a piece of `c` that `board` does not have there.
fn arrivals(board: &Board, target: &Board, c: Color) -> u32 {
    let mut n = 0;
    for r in Role::ALL {
        let want = target.by_color(c) & target.by_role(r);
        let have = board.by_color(c) & board.by_role(r);
        n += (want & !have).count() as u32;
    }
    n
}

/// True when `left` plies cannot reach `target` from `pos` (module docs).
fn hopeless(pos: &Chess, target: &Board, left: usize) -> bool {
    let board = pos.board();
    let mut need = [0usize; 2];
    for (i, c) in Color::ALL.into_iter().enumerate() {
        if target.by_color(c).count() > board.by_color(c).count() {
            return true;
        }
        let a = arrivals(board, target, c) as usize;
        let castles = pos.castles().has_color(c);
        need[i] = if castles { a.div_ceil(2) } else { a };
    }
    let (mine, theirs) = match pos.turn() {
        Color::White => (need[0], need[1]),
        Color::Black => (need[1], need[0]),
    };
    // The side to move moves first: its k-th move is ply 2k - 1, the other's ply 2k.
    let plies = (2 * mine).saturating_sub(1).max(2 * theirs);
    plies > left
}

fn dfs(
    pos: &Chess,
    target: &Board,
    left: usize,
    line: &mut Vec<Move>,
    found: &mut Found,
    budget: &mut usize,
) {
    if (found.sequences.len() >= 2 && !found.in_hand) || *budget == 0 {
        return;
    }
    *budget -= 1;
    if left == 0 {
        let exact = pos.board() == target;
        // A board showing the next move begun is reached as well; an exact one is preferred.
        if exact || lifted(pos.board(), target, pos.turn()) {
            if exact && found.in_hand {
                found.sequences.clear();
                found.in_hand = false;
            }
            if exact || (found.in_hand && found.sequences.len() < 2) || found.sequences.is_empty() {
                found.in_hand = !exact;
                found.sequences.push(line.clone());
            }
        }
        return;
    }
    if hopeless(pos, target, left) {
        return;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        line.push(m);
        dfs(&next, target, left - 1, line, found, budget);
        line.pop();
        if (found.sequences.len() >= 2 && !found.in_hand) || *budget == 0 {
            return;
        }
    }
}

/// True when `board` has one king of each side (a whole position, no king in the hand).
pub(super) fn one_king_each(board: &Board) -> bool {
    Color::ALL
        .into_iter()
        .all(|c| (board.kings() & board.by_color(c)).count() == 1)
}

/// The board changed everywhere: the moves played while the link was down are searched for.
pub(super) fn differs(a: &Board, b: &Board) -> Bitboard {
    crate::board::progress::changed(a, b)
}

impl Recogniser {
    /// How the board stands, once the start position was seen on it (`None` before): what a
    /// reconnected board's placement is read in, as every other.
    pub fn orientation(&self) -> Option<crate::board::Orientation> {
        self.orientation
    }

    /// After a gap ([`crate::board::Reading::Gap`]): `board` (the official position does not
    /// explain it) is searched for. One sequence: its plies are committed, recovered, after a
    /// [`BoardEventKind::Gap`]; several: the first, the gap uncertain. None: false (the board
    /// may be a move in the making; [`Recogniser::give_up_gap`] ends the wait).
    pub(super) fn bridge_gap(&mut self, board: &Board, line: usize, t: Option<f64>) -> bool {
        let found = search(&self.pos, board, MAX_PLIES);
        let Some(first) = found.sequences.first().cloned() else {
            return false;
        };
        let several = found.sequences.len() > 1 || found.cut;
        let mut pos = self.pos.clone();
        let texts: Vec<String> = found
            .sequences
            .iter()
            .map(|s| {
                let mut p = pos.clone();
                s.iter()
                    .map(|m| {
                        let u = shakmaty::uci::UciMove::from_standard(*m).to_string();
                        p.play_unchecked(*m);
                        u
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        self.gap = None;
        self.emit(
            line,
            t,
            BoardEventKind::Gap {
                plies: first.len(),
                sequences: if several {
                    found.sequences.len().max(2)
                } else {
                    1
                },
                found: texts,
                position: None,
            },
        );
        for m in first {
            self.commit_as(m, line, t, true, None);
            pos.play_unchecked(m);
        }
        true
    }

    /// The board after a gap stood and no legal sequence of at most [`MAX_PLIES`] plies leads
    /// to it: the gap is reported, and the game goes on from the board as it stands, with the
    /// side to move the one whose opponent moved last as far as the board tells.
    pub(super) fn give_up_gap(&mut self, board: &Board, line: usize, t: Option<f64>) {
        self.gap = None;
        let before = self.pos.clone();
        let changed = differs(before.board(), board);
        let moved = |c: Color| (changed & (before.board().by_color(c) | board.by_color(c))).any();
        // Only one side's pieces changed: that side moved last.
        let turn = match (moved(Color::White), moved(Color::Black)) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => before.turn(),
        };
        let pos = super::irregular::position_from(board, &before, turn)
            .or_else(|| super::irregular::position_from(board, &before, !turn));
        self.emit(
            line,
            t,
            BoardEventKind::Gap {
                plies: 0,
                sequences: 0,
                found: Vec::new(),
                position: pos.clone().map(Box::new),
            },
        );
        if let Some(p) = pos {
            self.history.clear();
            self.set_position(p);
            self.after_change(line, t);
        }
    }

    /// A snapshot says the link was down before it.
    pub(super) fn mark_gap(&mut self, snap: &Snapshot) {
        if self.orientation.is_some() && !self.finished {
            self.gap = Some(snap.line);
            self.gap_tries = 0;
        }
    }

    /// True when a gap is open and `board` is neither the position, one legal move from it nor
    /// the position with one piece of the player on move lifted (a board with pieces gone may
    /// be captures made meanwhile, not a piece in the hand).
    pub(super) fn gap_open(&self, board: &Board) -> bool {
        self.gap.is_some()
            && !matches!(self.moves.seen(board), Seen::Same | Seen::Target(_))
            && !lifted(self.pos.board(), board, self.pos.turn())
    }
}
