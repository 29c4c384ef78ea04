//! The move recogniser: successive placements (and clock presses) in, the judge's board-level
//! events out (laws-reference §6, the approach of dgtdriver's `MoveParser` and picochess's
//! `compute_legal_fens`).
//!
//! For the official position `P` the recogniser keeps a map from the placement each legal move
//! leads to, to that move (distinct legal moves give distinct placements in standard chess).
//! A placement in the map is a *tentative* move until it is *committed* by the stability rule:
//!
//! - **clock rule** — when the log has clock presses, the placement standing at a press is
//!   judged (a move is completed by pressing the clock, Laws 6.2.1), and so is the last
//!   placement of the log (a mate or stalemate needs no press, 6.2.1.1);
//! - **stability rule** — otherwise a placement is judged once it was read on
//!   [`StabilityRule::snapshots`] consecutive lines, or stood for [`StabilityRule::seconds`]
//!   (measured when the next, different snapshot arrives), and the last placement of the log
//!   is judged as well.
//!
//! A board reports a move square by square, in any of the orders of [`super::simulate::Order`]
//! (docs/eboards.md, "The orders of a move"). A placement on the way of a legal move
//! ([`super::progress`]: a piece in the hand, the new square reported before the old one, the
//! pawn taken en passant still on the board, castling half done, a piece knocked over) is never
//! judged by the stability rule; only a placement that stays is (the other player goes on
//! from it, the clock is pressed, the log ends). Without a clock, the legal move the board
//! showed last is taken as soon as the other player goes on from it. A legal move committed by
//! the stability rule while the hand was still busy (rook-first castling passes through a
//! rook move, a queen slid d1–h5 through Qe2 and Qf3) is replaced by the move the same hand
//! makes from the same position before the other player acts.
//!
//! A judged placement is, in this order: `P` itself (nothing happened, or a piece was
//! adjusted); a legal move; two plies at once (an update was missed, or the mover did not press
//! the clock before the reply, 6.2.1.2); the placement of an earlier position (a take-back);
//! otherwise an illegal act, classified by [`super::diff::classify_act`].
//!
//! After an illegal act the board stands in the illegal position. What follows may be the
//! position before it put back ([`BoardEventKind::Restored`], 7.5.1), a legal move from it
//! replacing the illegal one, the opponent's legal reply from the board as it stands ("played
//! on", CR 3.5; recognised when shakmaty accepts that position), or a further illegal act.

use std::collections::HashMap;

use shakmaty::{
    Board, CastlingMode, Chess, Color, Move, Position, Square, san::SanPlus, uci::UciMove,
};

use super::diff::one_piece_moved;
use super::habits;
use super::placement::{Reading, Snapshot};
use super::progress::{Moves, Seen};

mod gap;
mod hand;
mod irregular;

pub use gap::{Found, MAX_PLIES, search as gap_search};

use super::{BoardError, Orientation};
use crate::game::verdict::GameResult;
use hand::{Deferred, Provisional, Reached};
use irregular::Irregular;

/// When a placement counts as stable without clock presses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StabilityRule {
    /// Consecutive lines showing the same placement (`K`, at least 1). Default 2: a log written
    /// by polling the board repeats a placement that stands; a transient is read once.
    pub snapshots: u32,
    /// Seconds a placement must stand (`T`), for logs with times. Default 2.0: a DGT board
    /// reports every lift and put-down within ~0.2 s, a piece in the air stays well under that.
    pub seconds: f64,
}

impl Default for StabilityRule {
    fn default() -> Self {
        StabilityRule {
            snapshots: 2,
            seconds: 2.0,
        }
    }
}

/// Which rule commits moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CommitRule {
    /// The clock rule if the log has any clock press, else the stability rule.
    #[default]
    Auto,
    /// Only clock presses (and the end of the log) commit.
    Clock,
    /// Only the stability rule commits; clock presses are ignored.
    Stable,
}

/// Settings of the recogniser.
#[derive(Clone, Debug)]
pub struct RecogniserConfig {
    /// The game's start position (default: the standard one). Snapshots before this placement
    /// is first seen (the board being set up) are skipped; it also fixes the orientation.
    pub start: Chess,
    /// Which rule commits moves.
    pub commit: CommitRule,
    /// The stability rule's thresholds.
    pub stability: StabilityRule,
    /// How many plies back a take-back may reach (default 8).
    pub take_back_depth: usize,
}

impl Default for RecogniserConfig {
    fn default() -> Self {
        RecogniserConfig {
            start: Chess::default(),
            commit: CommitRule::Auto,
            stability: StabilityRule::default(),
            take_back_depth: 8,
        }
    }
}

/// A recognised legal move.
pub use super::recognised::{BoardEvent, BoardEventKind, Recognised, RecognisedMove};

/// A complete placement no legal move explains, not judged yet: kept until it is stable, or
/// until play goes on from it (an illegal act played on).
#[derive(Clone, Debug)]
struct Pending {
    board: Board,
    line: usize,
    t: Option<f64>,
    /// Who made it ([`habits::author`]).
    mover: Color,
}

/// The streaming recogniser: feed snapshots with [`Recogniser::push`], then
/// [`Recogniser::finish`].
///
/// Besides the commit rules of the module docs, it knows the board's habits:
///
/// - a placement on the way of a legal move (a piece in the hand, the new square reported
///   before the old one, the pawn put on its en passant square before the pawn taken is
///   lifted, castling half done, a piece knocked over; [`super::progress`]) is never judged by
///   the stability rule, however long it stands: only at a clock press (which waits for the
///   move's last square, reported after the press), when play goes on from it, or at the end
///   of the log;
/// - without a clock, the legal move the board showed last is committed as soon as the other
///   player goes on from it (lifts or puts down one of his pieces in a way the mover's own move
///   does not explain), even before it is stable;
/// - a move committed by the stability rule is replaced by the move the same hand goes on to
///   make from the same position before the other player acts (rook-first castling read as
///   castling, a slid queen as the move to its last square): [`Recogniser::revisions`] counts
///   these;
/// - the first own piece the player on move lifts is a [`BoardEventKind::Touch`] (his king
///   only once it is not on its way to the centre for the result signal);
/// - both kings put on the centre squares are the players' reported result
///   ([`BoardEventKind::ResultSignal`]); a king put there alone is the signal being made and is
///   not judged by time.
#[derive(Debug)]
pub struct Recogniser {
    config: RecogniserConfig,
    clock_mode: bool,
    orientation: Option<Orientation>,
    pos: Chess,
    history: Vec<Chess>,
    moves: Moves,
    two_ply: Option<HashMap<Board, (Move, Move)>>,
    irregular: Option<Irregular>,
    current: Option<Board>,
    run_len: u32,
    run_start: Option<f64>,
    run_line: usize,
    judged: bool,
    last_t: Option<f64>,
    last_line: usize,
    placements: usize,
    events: Vec<BoardEvent>,
    pending: Option<Pending>,
    reached: Option<Reached>,
    provisional: Option<Provisional>,
    deferred: Option<Deferred>,
    last_in_hand: Option<(Board, usize, Option<f64>)>,
    touched: bool,
    /// The player on move's king lifted: a touch once it is not the result signal.
    king_touch: Option<(Square, usize, Option<f64>)>,
    finished: bool,
    revisions: u64,
    /// The index of [`Recogniser::events`] the last revision took the events back to.
    revised_at: usize,
    /// The line of a gap not bridged yet ([`Reading::Gap`]): the board's link was down.
    gap: Option<usize>,
    /// Boards seen since the gap that no search explained.
    gap_tries: u32,
}

fn two_ply_of(pos: &Chess) -> HashMap<Board, (Move, Move)> {
    let mut out = HashMap::new();
    for m1 in pos.legal_moves() {
        let mut p1 = pos.clone();
        p1.play_unchecked(m1);
        for m2 in p1.legal_moves() {
            let mut p2 = p1.clone();
            p2.play_unchecked(m2);
            out.entry(p2.board().clone()).or_insert_with(|| (m1, m2));
        }
    }
    out
}

/// The start position a header event gives in its `fen`, if any.
fn header_start(event: &serde_json::Value) -> Option<Chess> {
    if event.get("type")?.as_str()? != "header" {
        return None;
    }
    let fen: shakmaty::fen::Fen = event.get("fen")?.as_str()?.parse().ok()?;
    fen.into_position(CastlingMode::Standard).ok()
}

/// A move as the events give it: SAN with its check or mate sign.
fn describe(pos: &Chess, m: &Move, recovered: bool) -> RecognisedMove {
    RecognisedMove {
        mv: *m,
        side: pos.turn(),
        uci: UciMove::from_standard(*m).to_string(),
        san: SanPlus::from_move(pos.clone(), *m).to_string(),
        recovered,
    }
}

impl Recogniser {
    /// A recogniser in the configured start position. With [`CommitRule::Auto`] it uses the
    /// stability rule until the first clock press, the clock rule from then on ([`recognise`]
    /// looks at the whole log first, so there the choice holds from the start).
    pub fn new(config: RecogniserConfig) -> Recogniser {
        let pos = config.start.clone();
        let moves = Moves::of(&pos);
        Recogniser {
            clock_mode: config.commit == CommitRule::Clock,
            config,
            orientation: None,
            pos,
            history: Vec::new(),
            moves,
            two_ply: None,
            irregular: None,
            current: None,
            run_len: 0,
            run_start: None,
            run_line: 0,
            judged: false,
            last_t: None,
            last_line: 0,
            placements: 0,
            events: Vec::new(),
            pending: None,
            reached: None,
            provisional: None,
            deferred: None,
            last_in_hand: None,
            touched: false,
            king_touch: None,
            finished: false,
            revisions: 0,
            revised_at: 0,
            gap: None,
            gap_tries: 0,
        }
    }

    /// The official position (after the last committed legal move).
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The legal move the board shows right now but which is not committed yet, if any.
    pub fn tentative(&self) -> Option<&Move> {
        if self.judged || self.irregular.is_some() {
            return None;
        }
        self.current
            .as_ref()
            .and_then(|b| self.moves.target(b))
            .map(|c| &c.mv)
    }

    /// Events committed so far, in log order (moves, illegal acts, take-backs).
    pub fn events(&self) -> &[BoardEvent] {
        &self.events
    }

    /// How many times a move already in [`Recogniser::events`] was replaced (the events from
    /// its index on are new): a reader that took them one by one reads them again from the
    /// start.
    pub fn revisions(&self) -> u64 {
        self.revisions
    }

    /// The index of [`Recogniser::events`] from which the last revision changed the events
    /// (those before it stand as they were read).
    pub fn revised_at(&self) -> usize {
        self.revised_at
    }

    /// Reads one snapshot.
    ///
    /// # Errors
    /// [`BoardError::TimeBackwards`] when its time is earlier than the previous snapshot's.
    pub fn push(&mut self, snap: &Snapshot) -> Result<(), BoardError> {
        if let (Some(prev), Some(t)) = (self.last_t, snap.t)
            && t < prev
        {
            return Err(BoardError::TimeBackwards {
                line: snap.line,
                t,
                previous: prev,
            });
        }
        if snap.t.is_some() {
            self.last_t = snap.t;
        }
        self.last_line = snap.line;
        match &snap.reading {
            Reading::Clock(side) => {
                if self.config.commit == CommitRule::Stable
                    || self.orientation.is_none()
                    || self.finished
                {
                    return Ok(());
                }
                self.clock_mode = true;
                self.clock_press(*side, snap);
            }
            Reading::Gap => self.mark_gap(snap),
            Reading::Event(e) => {
                if self.orientation.is_none() {
                    // Before the game starts: a header may give the start position.
                    if let Some(pos) = header_start(e) {
                        self.config.start = pos;
                        self.set_position(self.config.start.clone());
                    }
                } else if !self.finished {
                    // A claim is made about the board as it stands.
                    if let Some(d) = self.deferred.take() {
                        self.settle(d.board, d.line, d.t);
                    }
                    if !self.judged
                        && let Some(b) = self.current.clone()
                    {
                        self.settle(b, self.run_line, self.run_start);
                        self.judged = true;
                    }
                }
                self.emit(snap.line, snap.t, BoardEventKind::Passthrough(e.clone()));
            }
            Reading::Placement(seen) => {
                let board = match self.orientation {
                    Some(o) => o.apply(seen),
                    None => match Orientation::detect(seen, self.config.start.board()) {
                        Some(o) => {
                            self.orientation = Some(o);
                            o.apply(seen)
                        }
                        None => return Ok(()),
                    },
                };
                self.placements += 1;
                self.placement(board, snap);
            }
        }
        Ok(())
    }

    fn placement(&mut self, board: Board, snap: &Snapshot) {
        if self.finished {
            return;
        }
        if let Some(result) = habits::result_signal(&board) {
            self.result_signal(result, snap);
            return;
        }
        if self.current.as_ref() == Some(&board) {
            self.run_len += 1;
        } else {
            // The placement before stood from its first reading until now.
            if !self.clock_mode && !self.judged {
                let held = match (self.run_start, snap.t) {
                    (Some(a), Some(b)) => b - a >= self.config.stability.seconds,
                    _ => false,
                };
                if held && let Some(prev) = self.current.clone() {
                    self.judged = self.stand(prev, self.run_line, self.run_start);
                }
            }
            self.current = Some(board.clone());
            self.run_len = 1;
            self.run_start = snap.t;
            self.run_line = snap.line;
            self.judged = false;
            self.change(&board, snap.line, snap.t);
            self.check_touch(&board, snap.line, snap.t);
        }
        if !self.clock_mode
            && !self.judged
            && self.run_len >= self.config.stability.snapshots.max(1)
        {
            self.judged = self.stand(board, snap.line, snap.t);
        }
    }

    /// The placement `board` has stood (the stability rule): a legal move is committed (to be
    /// replaced if the same hand goes on, [`Provisional`]); a placement on the way of one, or
    /// a result signal being made, waits (false: not judged); anything else is judged.
    fn stand(&mut self, board: Board, line: usize, t: Option<f64>) -> bool {
        if self.irregular.is_some() {
            if self.held_back_irregular(&board) {
                return false;
            }
            self.judge(board, line, t);
            return true;
        }
        match self.moves.seen(&board) {
            Seen::Same => {}
            Seen::Target(i) => {
                let m = self.moves.list[i].mv;
                let before = self.pos.clone();
                let events = self.events.len();
                self.commit(m, line, t, None);
                self.provisional = Some(Provisional {
                    before,
                    mv: m,
                    events,
                });
            }
            // On the way of a move, or an exchange that looks like pieces lifted: it waits
            // for play to go on ([`Reached`]).
            Seen::InHand | Seen::OnTheWay => return false,
            Seen::Other => {
                if habits::signal_in_progress(self.pos.board(), &board) {
                    return false;
                }
                if self.gap.is_some() {
                    self.give_up_gap(&board, line, t);
                    return true;
                }
                self.judge(board, line, t);
            }
        }
        true
    }

    /// A new placement (different from the last): what it tells of the move being made.
    fn change(&mut self, board: &Board, line: usize, t: Option<f64>) {
        if let Some((square, l, at)) = self.king_touch
            && !habits::signal_in_progress(self.pos.board(), board)
        {
            self.king_touch = None;
            let side = self.pos.turn();
            self.emit(l, at, BoardEventKind::Touch { side, square });
        }
        if let Some(d) = self.deferred.take()
            && self.resolve_deferred(d, board, line, t)
        {
            return;
        }
        if self.irregular.is_some() {
            self.gap = None;
            self.change_irregular(board, line, t);
            return;
        }
        // After a gap: the position itself or one legal move from it needs nothing (nothing
        // was missed); else the plies are searched for, and until they are found (the board
        // may show a move in the making, or pieces taken meanwhile) nothing is judged; after
        // `GAP_TRIES` boards none explains, the game goes on from the board as it stands.
        if self.gap.is_some() {
            if !self.gap_open(board) {
                self.gap = None;
            } else if !self.bridge_gap(board, line, t) {
                self.gap_tries += 1;
                if self.gap_tries >= gap::GAP_TRIES && gap::one_king_each(board) {
                    self.give_up_gap(board, line, t);
                }
                return;
            }
        }
        // At most a move a turn: the loop ends when nothing more is committed.
        let mut unexplained = false;
        for _ in 0..4 {
            match self.moves.seen(board) {
                Seen::Same => {
                    self.reached = None;
                    self.pending = None;
                    self.last_in_hand = None;
                    return;
                }
                Seen::Target(index) => {
                    let c = &self.moves.list[index];
                    self.reached = Some(Reached::new(vec![c.mv], c.target.clone(), line, t));
                    self.pending = None;
                    return;
                }
                seen @ (Seen::InHand | Seen::OnTheWay) => {
                    // The other player's whole move from the move the board showed last.
                    if !self.clock_mode
                        && let Some(r) = &mut self.reached
                        && r.next(&self.pos).target(board).is_some()
                    {
                        self.go_on(board);
                        continue;
                    }
                    if seen == Seen::InHand {
                        self.last_in_hand = Some((board.clone(), line, t));
                        // An exchange, unless the move shown last explains the board as the
                        // other player's lift (a capture begun by lifting the piece taken).
                        let pos = &self.pos;
                        let explained = self
                            .reached
                            .as_mut()
                            .is_some_and(|r| r.next(pos).seen(board).explained());
                        if !explained && let Some(pair) = self.exchange(board) {
                            self.reached = Some(Reached::new(pair, board.clone(), line, t));
                        }
                    }
                    return;
                }
                Seen::Other => {}
            }
            if self.revise(board, line, t) {
                continue;
            }
            if self.clock_mode || !self.go_on(board) {
                unexplained = true;
                break;
            }
        }
        // A king on its way to the centre is the result signal being made.
        if !unexplained || habits::signal_in_progress(self.pos.board(), board) {
            return;
        }
        // Play goes on from an unexplained placement: the other player acts on it.
        if !self.clock_mode
            && let Some(p) = self.pending.clone()
            && habits::other_side_acted(&p.board, board, p.mover)
            && one_piece_moved(self.pos.board(), &p.board).is_some()
        {
            self.pending = None;
            self.judge(p.board, p.line, p.t);
            if self.irregular.is_some() {
                self.change_irregular(board, line, t);
            }
            return;
        }
        let mover = habits::author(self.pos.board(), board, self.pos.turn());
        self.pending = Some(Pending {
            board: board.clone(),
            line,
            t,
            mover,
        });
    }

    /// The kings' result signal: the move the board showed last before it is committed first
    /// (the final move, made without a press), or the last complete placement judged, unless a
    /// king was on its way to the centre in it. A king lifted for the signal is no touch.
    fn result_signal(&mut self, result: GameResult, snap: &Snapshot) {
        self.king_touch = None;
        if let Some(d) = self.deferred.take() {
            self.settle(d.board, d.line, d.t);
        }
        if self.irregular.is_none() && self.reached.is_some() {
            let r = self
                .reached
                .take()
                .unwrap_or_else(|| unreachable!("checked"));
            self.commit_reached(r);
        } else if let Some(p) = self.pending.take() {
            let (reference, _) = self.reference();
            if p.board.kings() == reference.kings() && !self.judged_board(&p.board) {
                self.judge(p.board, p.line, p.t);
            }
        }
        self.emit(
            snap.line,
            snap.t,
            BoardEventKind::ResultSignal {
                result,
                position: Box::new(self.pos.clone()),
            },
        );
        self.finished = true;
        self.judged = true;
    }

    /// True when `board` is the current placement and was judged already.
    fn judged_board(&self, board: &Board) -> bool {
        self.judged && self.current.as_ref() == Some(board)
    }

    /// Ends the log: the last placement is judged if it was not (a game-ending move needs no
    /// clock press, Laws 6.2.1.1).
    pub fn finish(mut self) -> Recognised {
        if !self.finished {
            if let Some(d) = self.deferred.take() {
                self.settle(d.board, d.line, d.t);
                self.judged = true;
            }
            if !self.judged
                && let Some(b) = self.current.clone()
            {
                let (line, t) = (self.last_line, self.last_t);
                self.settle(b, line, t);
            }
            if let Some((square, line, t)) = self.king_touch.take() {
                let side = self.pos.turn();
                self.emit(line, t, BoardEventKind::Touch { side, square });
            }
        }
        Recognised {
            events: self.events,
            orientation: self.orientation.unwrap_or_default(),
            position: self.pos,
            placements: self.placements,
        }
    }

    /// The board as it stands now is what was done (the end of the log, a claim, a press that
    /// waited): a legal move is committed, the move the board showed last is taken when play
    /// went on from it, the player on move still holding his own piece has made no move (a
    /// move is made when the piece is released on its square, Laws 4.6), anything else is
    /// judged.
    fn settle(&mut self, board: Board, line: usize, t: Option<f64>) {
        if self.irregular.is_some() {
            let (reference, turn) = self.reference();
            if !habits::own_piece_in_hand(&board, reference, turn) {
                self.judge(board, line, t);
            }
            return;
        }
        if self.gap_open(&board) {
            if !self.bridge_gap(&board, line, t) {
                self.give_up_gap(&board, line, t);
            }
            return;
        }
        match self.moves.seen(&board) {
            Seen::Same => return,
            Seen::Target(_) => {
                self.judge(board, line, t);
                return;
            }
            Seen::InHand
                if habits::own_piece_in_hand(&board, self.pos.board(), self.pos.turn()) =>
            {
                return;
            }
            _ => {}
        }
        if !self.go_on(&board) {
            self.judge(board, line, t);
            return;
        }
        match self.moves.seen(&board) {
            Seen::Same => {}
            Seen::InHand
                if habits::own_piece_in_hand(&board, self.pos.board(), self.pos.turn()) => {}
            _ => self.judge(board, line, t),
        }
    }

    fn emit(&mut self, line: usize, t: Option<f64>, kind: BoardEventKind) {
        self.events.push(BoardEvent { line, t, kind });
    }

    /// Commits legal move `m`; `next` is the legal moves after it when known.
    fn commit(&mut self, m: Move, line: usize, t: Option<f64>, next: Option<Moves>) {
        self.commit_as(m, line, t, false, next);
    }

    fn commit_as(
        &mut self,
        m: Move,
        line: usize,
        t: Option<f64>,
        recovered: bool,
        next: Option<Moves>,
    ) {
        if let Some((square, l, at)) = self.king_touch.take() {
            let side = self.pos.turn();
            self.emit(l, at, BoardEventKind::Touch { side, square });
        }
        let ev = describe(&self.pos, &m, recovered);
        self.emit(line, t, BoardEventKind::Move(ev));
        self.history.push(self.pos.clone());
        self.pos.play_unchecked(m);
        self.moves = next.unwrap_or_else(|| Moves::of(&self.pos));
        self.two_ply = None;
        self.provisional = None;
        self.after_change(line, t);
    }

    /// A new official position: nothing pending, nothing touched yet; the next player may
    /// already hold a piece.
    fn after_change(&mut self, line: usize, t: Option<f64>) {
        self.pending = None;
        self.reached = None;
        self.last_in_hand = None;
        self.touched = false;
        if let Some(b) = self.current.clone() {
            self.check_touch(&b, line, t);
        }
    }

    fn set_position(&mut self, pos: Chess) {
        self.pos = pos;
        self.moves = Moves::of(&self.pos);
        self.two_ply = None;
        self.provisional = None;
        self.reached = None;
    }

    /// Judges `board` as what the player did: the position itself (nothing), a legal move, two
    /// plies at once, a take-back, or an illegal act.
    fn judge(&mut self, board: Board, line: usize, t: Option<f64>) {
        self.judged = true;
        if self.pending.as_ref().is_some_and(|p| p.board == board) {
            self.pending = None;
        }
        if let Some(irr) = self.irregular.clone() {
            self.judge_irregular(irr, board, line, t);
            return;
        }
        if board == *self.pos.board() {
            return;
        }
        if let Some(c) = self.moves.target(&board) {
            let m = c.mv;
            self.commit(m, line, t, None);
            return;
        }
        let two = self.two_ply.get_or_insert_with(|| two_ply_of(&self.pos));
        if let Some((m1, m2)) = two.get(&board).cloned() {
            self.commit_as(m1, line, t, true, None);
            self.commit(m2, line, t, None);
            return;
        }
        let depth = self.config.take_back_depth.min(self.history.len());
        let back = (1..=depth).find(|&n| {
            self.history
                .get(self.history.len() - n)
                .is_some_and(|p| *p.board() == board)
        });
        if let Some(plies) = back
            && let Some(p) = self.history.get(self.history.len() - plies).cloned()
        {
            self.history.truncate(self.history.len() - plies);
            self.set_position(p);
            self.emit(line, t, BoardEventKind::TakeBack { plies });
            self.after_change(line, t);
            return;
        }
        // Play went on from a piece in the hand: the opponent moved on the board it left. The
        // piece held is judged at its own line, then the reply from it.
        if let Some((held, held_line, held_t)) = self.last_in_hand.take()
            && let Some((_, piece)) = one_piece_moved(&held, &board)
            && piece.color != self.pos.turn()
        {
            self.illegal(self.pos.clone(), held, held_line, held_t);
            if let Some(irr) = self.irregular.clone() {
                self.judge_irregular(irr, board, line, t);
            }
            return;
        }
        self.illegal(self.pos.clone(), board, line, t);
    }
}

/// Recognises a whole log: [`CommitRule::Auto`] picks the clock rule when the log has any
/// clock press.
///
/// # Errors
/// [`BoardError::NoStartPosition`] when no placement shows the start position (in either
/// orientation); [`BoardError::TimeBackwards`] as in [`Recogniser::push`].
pub fn recognise(
    snapshots: &[Snapshot],
    config: &RecogniserConfig,
) -> Result<Recognised, BoardError> {
    let mut config = config.clone();
    if config.commit == CommitRule::Auto {
        config.commit = if snapshots
            .iter()
            .any(|s| matches!(s.reading, Reading::Clock(_)))
        {
            CommitRule::Clock
        } else {
            CommitRule::Stable
        };
    }
    let mut r = Recogniser::new(config);
    for s in snapshots {
        r.push(s)?;
    }
    if r.orientation.is_none() {
        return Err(BoardError::NoStartPosition);
    }
    Ok(r.finish())
}
