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
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Setup, Square,
    san::San, uci::UciMove,
};

use super::diff::{IllegalAct, classify_act, one_piece_moved};
use super::placement::{Reading, Snapshot};
use super::{BoardError, Orientation};
use crate::laws::illegal::PhysicalMove;

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecognisedMove {
    /// The move (shakmaty's encoding: castling is king → rook square).
    pub mv: Move,
    /// The mover.
    pub side: Color,
    /// UCI with castling as the king's two-square move (`e1g1`).
    pub uci: String,
    /// SAN in the position it was played in.
    pub san: String,
    /// True when the placement after this move was never judged on its own (a missed update or
    /// a move not completed before the reply, recovered by looking two plies ahead).
    pub recovered: bool,
}

/// What the board showed.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardEventKind {
    /// A legal move, completed.
    Move(RecognisedMove),
    /// An illegal act (Laws 3.1–3.10, 4.7, 7.5.2; CR 3.1).
    Illegal {
        /// Who, what, and the hand's from/to when one piece moved.
        act: IllegalAct,
        /// The squares whose content changed, in a1..h8 order.
        squares: Vec<Square>,
        /// The placement the act left on the board.
        placement: Board,
    },
    /// The board was put back to the placement `plies` legal moves earlier (a take-back; CR 3.6
    /// when by agreement).
    TakeBack {
        /// Legal moves undone (at least 1).
        plies: usize,
    },
    /// After an illegal act the position before it was put back on the board (Laws 7.5.1).
    Restored {
        /// Acts undone: the illegal act, plus any moves played on from the irregular position
        /// it left ([`BoardEventKind::IrregularMove`]).
        acts: usize,
    },
    /// One piece moved by the opponent of an illegal act's author, from the position the act
    /// left when shakmaty cannot build it (a king left in check, a pawn on the last rank):
    /// play goes on from the board as it stands (CR 3.5). The judge decides what it is.
    IrregularMove {
        /// Who moved.
        side: Color,
        /// The hand's from/to.
        physical: PhysicalMove,
    },
    /// The player on move pressed the clock without making a move (Laws 7.5.3).
    ClockWithoutMove {
        /// Who pressed.
        side: Color,
    },
    /// A judge event written into the log (claim, notice, header…), passed through in order.
    /// The placement standing before it is judged first: a claim is made about the board as
    /// it stands.
    Passthrough(serde_json::Value),
}

/// One event, with the log line and time of the snapshot that completed it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEvent {
    /// 1-based line in the log.
    pub line: usize,
    /// Time in seconds, if the log gives times.
    pub t: Option<f64>,
    /// What happened.
    pub kind: BoardEventKind,
}

/// The recogniser's result for a whole log.
#[derive(Clone, Debug)]
pub struct Recognised {
    /// Events in order.
    pub events: Vec<BoardEvent>,
    /// The orientation found from the start position.
    pub orientation: Orientation,
    /// The position after the last legal move (take-backs and restorations applied).
    pub position: Chess,
    /// Placement snapshots read (after the start position was found).
    pub placements: usize,
}

impl Recognised {
    /// The recognised legal moves, in order, with take-backs and restorations applied (what the
    /// score sheet would hold if every illegal act was corrected).
    pub fn moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = Vec::new();
        for e in &self.events {
            match &e.kind {
                BoardEventKind::Move(m) => out.push(m.mv),
                BoardEventKind::TakeBack { plies } => {
                    out.truncate(out.len().saturating_sub(*plies));
                }
                _ => {}
            }
        }
        out
    }

    /// The illegal acts (Laws Art. 3.1–3.9, 7.5), in log order, each with the 1-based log line
    /// where the board showed it.
    pub fn illegal_acts(&self) -> Vec<(usize, IllegalAct)> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                BoardEventKind::Illegal { act, .. } => Some((e.line, *act)),
                _ => None,
            })
            .collect()
    }
}

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

/// The streaming recogniser: feed snapshots with [`Recogniser::push`], then
/// [`Recogniser::finish`].
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
                if self.config.commit == CommitRule::Stable || self.orientation.is_none() {
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

    fn placement(&mut self, board: Board, snap: &Snapshot) {
        let same = self.current.as_ref() == Some(&board);
        if same {
            self.run_len += 1;
        } else {
            if !self.clock_mode && !self.judged {
                let held = match (self.run_start, snap.t) {
                    (Some(a), Some(b)) => b - a >= self.config.stability.seconds,
                    _ => false,
                };
                if held && let Some(prev) = self.current.clone() {
                    self.judge(prev, self.run_line, self.run_start);
                }
            }
            self.current = Some(board);
            self.run_len = 1;
            self.run_start = snap.t;
            self.run_line = snap.line;
            self.judged = false;
        }
        if !self.clock_mode
            && !self.judged
            && self.run_len >= self.config.stability.snapshots.max(1)
        {
            if let Some(b) = self.current.clone() {
                self.judge(b, snap.line, snap.t);
            }
            self.judged = true;
        }
    }

    /// Ends the log: the last placement is judged if it was not (a game-ending move needs no
    /// clock press, Laws 6.2.1.1).
    pub fn finish(mut self) -> Recognised {
        if !self.judged
            && let Some(b) = self.current.clone()
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
    }

    fn set_position(&mut self, pos: Chess) {
        self.pos = pos;
        self.targets = targets_of(&self.pos);
        self.two_ply = None;
    }

    fn judge(&mut self, board: Board, line: usize, t: Option<f64>) {
        self.judged = true;
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
