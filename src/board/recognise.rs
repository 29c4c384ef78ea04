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
//! Placements in between are transients (a piece in the air, a piece slid across squares,
//! sensor flicker) and are never judged, even when they match a legal move: rook-first
//! castling passes through a rook move, a queen slid d1–h5 through Qe2 and Qf3.
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
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Setup, san::San,
    uci::UciMove,
};

use super::diff::{classify_act, one_piece_moved};
use super::habits;
use super::placement::{Reading, Snapshot};
use super::{BoardError, Orientation};
use crate::game::verdict::GameResult;

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

/// The board standing in the position left by an illegal act.
#[derive(Clone, Debug)]
struct Irregular {
    /// The official position before the act.
    before: Chess,
    /// What stands on the board.
    board: Board,
    /// The board as a position with the opponent on move, and its legal moves' placements,
    /// when shakmaty accepts it.
    played_on: Option<(Chess, HashMap<Board, Move>)>,
    /// Who made the last act on the irregular board.
    mover: Color,
    /// Acts since `before`: the illegal act and any irregular moves after it.
    acts: usize,
}

/// A complete placement (a piece put down) not judged yet, kept until it is stable, or until
/// play goes on from it.
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
/// - a placement that differs from the official position only by pieces lifted (a piece in
///   the hand) is never judged by the stability rule, however long it stands: only at a clock
///   press, when play goes on from it (the opponent's move from it), or at the end of the log;
/// - without a clock, a complete placement (a piece put down) is judged as soon as the other
///   player acts on the board (lifts or puts down one of his pieces), even before it is stable:
///   play goes on from it. A capture that the board shows with no time between the moves, and
///   Black's first move before White's, are read so;
/// - the first own piece the player on move lifts is a [`BoardEventKind::Touch`];
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
    targets: HashMap<Board, Move>,
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
    last_in_hand: Option<(Board, usize, Option<f64>)>,
    touched: bool,
    finished: bool,
}

fn targets_of(pos: &Chess) -> HashMap<Board, Move> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            (after.board().clone(), m)
        })
        .collect()
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

/// The board left by an illegal act, as a position with `turn` on move: castling rights kept
/// where king and rook still stand, no en passant. `None` when shakmaty refuses it (a king in
/// check with the other side on move, a pawn on the back rank…).
fn position_from(board: &Board, before: &Chess, turn: Color) -> Option<Chess> {
    let mut setup: Setup = before.to_setup(EnPassantMode::Legal);
    setup.board = board.clone();
    setup.turn = turn;
    setup.ep_square = None;
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(p) => Some(p),
        Err(e) => e.ignore_invalid_castling_rights().ok(),
    }
}

/// The start position a header event gives in its `fen`, if any.
fn header_start(event: &serde_json::Value) -> Option<Chess> {
    if event.get("type")?.as_str()? != "header" {
        return None;
    }
    let fen: shakmaty::fen::Fen = event.get("fen")?.as_str()?.parse().ok()?;
    fen.into_position(CastlingMode::Standard).ok()
}

fn describe(pos: &Chess, m: &Move, recovered: bool) -> RecognisedMove {
    RecognisedMove {
        mv: *m,
        side: pos.turn(),
        uci: UciMove::from_standard(*m).to_string(),
        san: San::from_move(pos, *m).to_string(),
        recovered,
    }
}

impl Recogniser {
    /// A recogniser in the configured start position. With [`CommitRule::Auto`] it uses the
    /// stability rule until the first clock press, the clock rule from then on ([`recognise`]
    /// looks at the whole log first, so there the choice holds from the start).
    pub fn new(config: RecogniserConfig) -> Recogniser {
        let pos = config.start.clone();
        let targets = targets_of(&pos);
        Recogniser {
            clock_mode: config.commit == CommitRule::Clock,
            config,
            orientation: None,
            pos,
            history: Vec::new(),
            targets,
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
            last_in_hand: None,
            touched: false,
            finished: false,
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
        self.current.as_ref().and_then(|b| self.targets.get(b))
    }

    /// Events committed so far, in log order (moves, illegal acts, take-backs).
    pub fn events(&self) -> &[BoardEvent] {
        &self.events
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
            Reading::Event(e) => {
                if self.orientation.is_none() {
                    // Before the game starts: a header may give the start position.
                    if let Some(pos) = header_start(e) {
                        self.config.start = pos;
                        self.set_position(self.config.start.clone());
                    }
                } else if !self.judged
                    && !self.finished
                    && let Some(b) = self.current.clone()
                {
                    self.judge(b, self.run_line, self.run_start);
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

    fn clock_press(&mut self, side: Color, snap: &Snapshot) {
        let Some(board) = self.current.clone() else {
            return;
        };
        let unchanged = match &self.irregular {
            Some(irr) => board == irr.board,
            None => board == *self.pos.board(),
        };
        if unchanged {
            if side == self.pos.turn() && self.irregular.is_none() {
                self.emit(snap.line, snap.t, BoardEventKind::ClockWithoutMove { side });
            }
        } else {
            self.judge(board, snap.line, snap.t);
        }
        self.judged = true;
    }

    /// The placement the board should show: the official position's, or the one an illegal act
    /// left; and the side expected to act on it.
    fn reference(&self) -> (&Board, Color) {
        match &self.irregular {
            Some(irr) => (&irr.board, !irr.mover),
            None => (self.pos.board(), self.pos.turn()),
        }
    }

    /// A placement the stability rule never judges: a piece in the hand, or the result signal
    /// being made.
    fn held_back(&mut self, board: &Board) -> bool {
        let (reference, _) = self.reference();
        if habits::signal_in_progress(reference, board) {
            return !self.is_target(board);
        }
        if !habits::in_hand(board, reference) {
            return false;
        }
        // Two plies at once can look like pieces lifted: an exchange of pawns leaves a part of
        // the position it started from.
        self.irregular.is_some()
            || !self
                .two_ply
                .get_or_insert_with(|| two_ply_of(&self.pos))
                .contains_key(board)
    }

    /// True when `board` shows a legal move from the official position (or, after an illegal
    /// act, from the board it left).
    fn is_target(&self, board: &Board) -> bool {
        match &self.irregular {
            None => self.targets.contains_key(board),
            Some(irr) => irr
                .played_on
                .as_ref()
                .is_some_and(|(_, map)| map.contains_key(board)),
        }
    }

    /// A pending placement that play going on commits: a legal move, or one piece moved (a
    /// move against the rules, or out of turn). Anything else waits to be stable.
    fn looks_finished(&self, board: &Board) -> bool {
        let (reference, _) = self.reference();
        self.is_target(board) || one_piece_moved(reference, board).is_some()
    }

    fn placement(&mut self, board: Board, snap: &Snapshot) {
        if self.finished {
            return;
        }
        if let Some(result) = habits::result_signal(&board) {
            self.result_signal(result, snap);
            return;
        }
        let same = self.current.as_ref() == Some(&board);
        if same {
            self.run_len += 1;
        } else {
            // Play goes on from a complete placement: the other player acts on the board.
            // (Not when the new placement is itself a legal move: lifting the pawn taken en
            // passant completes the move.)
            if !self.clock_mode
                && let Some(p) = self.pending.clone()
                && habits::other_side_acted(&p.board, &board, p.mover)
                && !self.is_target(&board)
                && self.looks_finished(&p.board)
            {
                self.pending = None;
                let judged = self.judged;
                self.judge(p.board.clone(), p.line, p.t);
                self.judged = judged || self.current.as_ref() == Some(&p.board);
            }
            if !self.clock_mode && !self.judged {
                let held = match (self.run_start, snap.t) {
                    (Some(a), Some(b)) => b - a >= self.config.stability.seconds,
                    _ => false,
                };
                if held
                    && let Some(prev) = self.current.clone()
                    && !self.held_back(&prev)
                {
                    self.judge(prev, self.run_line, self.run_start);
                }
            }
            self.current = Some(board.clone());
            self.run_len = 1;
            self.run_start = snap.t;
            self.run_line = snap.line;
            self.judged = false;
            self.classify(&board, snap);
        }
        if !self.clock_mode
            && !self.judged
            && self.run_len >= self.config.stability.snapshots.max(1)
            && !self.held_back(&board)
        {
            self.judge(board, snap.line, snap.t);
            self.judged = true;
        }
    }

    /// Keeps a new placement as pending (complete) or as the last piece in the hand, and
    /// reports the first lift of the player on move as a touch.
    fn classify(&mut self, board: &Board, snap: &Snapshot) {
        let (reference, turn) = self.reference();
        if habits::in_hand(board, reference) {
            self.last_in_hand = Some((board.clone(), snap.line, snap.t));
        } else if board == reference {
            self.pending = None;
            self.last_in_hand = None;
        } else {
            // A king on its way to the centre is the result signal being made; pieces lifted
            // from a pending placement leave it pending (the next player may be starting a
            // capture).
            let signal = habits::signal_in_progress(reference, board) && !self.is_target(board);
            let lifted_from_pending = self
                .pending
                .as_ref()
                .is_some_and(|p| habits::in_hand(board, &p.board));
            if signal || lifted_from_pending {
                self.check_touch(board, snap.line, snap.t);
                return;
            }
            let mover = habits::author(reference, board, turn);
            self.pending = Some(Pending {
                board: board.clone(),
                line: snap.line,
                t: snap.t,
                mover,
            });
        }
        self.check_touch(board, snap.line, snap.t);
    }

    /// The first own piece the player on move lifts (Laws 4.3).
    fn check_touch(&mut self, board: &Board, line: usize, t: Option<f64>) {
        if self.touched || self.irregular.is_some() {
            return;
        }
        let side = self.pos.turn();
        if let Some(square) = habits::lifted(self.pos.board(), board, side) {
            self.touched = true;
            self.emit(line, t, BoardEventKind::Touch { side, square });
        }
    }

    /// The kings' result signal: the last complete placement before it is judged first (the
    /// final move, made without a press), unless a king was on its way to the centre in it.
    fn result_signal(&mut self, result: GameResult, snap: &Snapshot) {
        if let Some(p) = self.pending.take() {
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
        // The player on move still holding his own piece when the log ends has made no move: a
        // move is made when the piece is released on its square (Laws 4.6). Anything else
        // standing then is judged.
        if !self.judged
            && !self.finished
            && let Some(b) = self.current.clone()
            && !{
                let (reference, turn) = self.reference();
                habits::own_piece_in_hand(&b, reference, turn)
            }
        {
            let (line, t) = (self.last_line, self.last_t);
            self.judge(b, line, t);
        }
        Recognised {
            events: self.events,
            orientation: self.orientation.unwrap_or_default(),
            position: self.pos,
            placements: self.placements,
        }
    }

    fn emit(&mut self, line: usize, t: Option<f64>, kind: BoardEventKind) {
        self.events.push(BoardEvent { line, t, kind });
    }

    fn commit(&mut self, m: Move, line: usize, t: Option<f64>, recovered: bool) {
        let ev = describe(&self.pos, &m, recovered);
        self.emit(line, t, BoardEventKind::Move(ev));
        self.history.push(self.pos.clone());
        self.pos.play_unchecked(m);
        self.targets = targets_of(&self.pos);
        self.two_ply = None;
        self.after_change(line, t);
    }

    /// A new official position: nothing pending, nothing touched yet; the next player may
    /// already hold a piece.
    fn after_change(&mut self, line: usize, t: Option<f64>) {
        self.pending = None;
        self.last_in_hand = None;
        self.touched = false;
        if let Some(b) = self.current.clone() {
            self.check_touch(&b, line, t);
        }
    }

    fn set_position(&mut self, pos: Chess) {
        self.pos = pos;
        self.targets = targets_of(&self.pos);
        self.two_ply = None;
    }

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
        if let Some(m) = self.targets.get(&board).cloned() {
            self.commit(m, line, t, false);
            return;
        }
        let two = self.two_ply.get_or_insert_with(|| two_ply_of(&self.pos));
        if let Some((m1, m2)) = two.get(&board).cloned() {
            self.commit(m1, line, t, true);
            self.commit(m2, line, t, false);
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

    fn illegal(&mut self, before: Chess, board: Board, line: usize, t: Option<f64>) {
        let act = classify_act(&before, &board);
        let played_on = position_from(&board, &before, !act.side).map(|p| {
            let map = targets_of(&p);
            (p, map)
        });
        let squares = (before.board().occupied() | board.occupied())
            .into_iter()
            .filter(|&sq| before.board().piece_at(sq) != board.piece_at(sq))
            .collect();
        self.emit(
            line,
            t,
            BoardEventKind::Illegal {
                act,
                squares,
                placement: board.clone(),
            },
        );
        self.irregular = Some(Irregular {
            before,
            board,
            played_on,
            mover: act.side,
            acts: 1,
        });
    }

    fn judge_irregular(&mut self, irr: Irregular, board: Board, line: usize, t: Option<f64>) {
        if board == irr.board {
            return;
        }
        let restored = BoardEventKind::Restored { acts: irr.acts };
        if board == *irr.before.board() {
            self.irregular = None;
            self.emit(line, t, restored);
            return;
        }
        if let Some(m) = self.targets.get(&board).cloned() {
            self.irregular = None;
            self.emit(line, t, restored);
            self.commit(m, line, t, false);
            return;
        }
        if let Some((p, map)) = &irr.played_on
            && let Some(m) = map.get(&board).cloned()
        {
            self.irregular = None;
            self.history.push(self.pos.clone());
            self.set_position(p.clone());
            self.commit(m, line, t, false);
            return;
        }
        if let Some((physical, piece)) = one_piece_moved(&irr.board, &board)
            && piece.color != irr.mover
        {
            self.emit(
                line,
                t,
                BoardEventKind::IrregularMove {
                    side: piece.color,
                    physical,
                },
            );
            let played_on = position_from(&board, &irr.before, irr.mover).map(|p| {
                let map = targets_of(&p);
                (p, map)
            });
            self.irregular = Some(Irregular {
                played_on,
                mover: piece.color,
                acts: irr.acts + 1,
                board,
                before: irr.before,
            });
            return;
        }
        // A further act on the board the first one left is judged against that board: the
        // first act was reported already and is not reported again inside this one. Undoing
        // them still goes back to the position before the first.
        if let Some((p, _)) = &irr.played_on {
            let p = p.clone();
            self.illegal(p, board, line, t);
            if let Some(now) = &mut self.irregular {
                now.before = irr.before;
                now.acts = irr.acts + 1;
            }
            return;
        }
        self.illegal(irr.before, board, line, t);
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
