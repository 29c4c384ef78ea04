//! The judge: one game, event by event, under the Laws and the competition rules
//! (issue 2 §3–§4). Incremental: [`Judge::new`] → [`Judge::apply`] (or the allocation-free
//! [`Judge::play_san`] for plain move sequences) → [`Judge::verdict`].
//!
//! What it enforces, in order of the issue:
//! - every move validated by shakmaty; an illegal one classified by
//!   [`crate::laws::illegal::classify`] and put on the board as the hand did it;
//! - an illegal move counts only when the arbiter notices it or the opponent claims it before
//!   his own reply (CR 3.4–3.5); a counted one restores the position before it (Laws 7.5.1) and
//!   leaves no trace in the repetition history; after the reply it is played on (not counted)
//!   and play continues from the board as it stands, even an irregular one (an illegal position
//!   still on the board after the next move is a draw, Laws A.5.4);
//! - the illegal-move limit (CR 3.3, Laws 7.5.5) with the draw when the opponent cannot mate,
//!   two-handed moves (CR 3.7, Laws 7.5.4), take-backs by agreement (CR 3.6);
//! - after every legal move: checkmate (5.1.1), stalemate (5.2.1), dead position (5.2.2),
//!   75 moves (9.6.2), fivefold repetition (9.6.1); threefold (9.2) and fifty moves (9.3) on
//!   a claim by the player on move; resignation (5.1.2), agreed draw (5.2.3, CR 4.6), refusal
//!   to continue (CR 4.4), flag fall (6.9), the reported result (CR 4.2), play-out expiry
//!   (CR 4.3).
//!
//! (Owned by the judge work, issue 2.)

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Rank,
    Role, Setup, Square, attacks,
};

use super::event::{
    ClaimEvent, ClaimKind, Event, Header, IllegalActEvent, MoveEvent, NoticeKind, ResultEvent, Side,
};
use super::rules::{CompetitionRules, Preset};
use super::setup::{FenError, fen_of, parse_fen};
use super::verdict::{
    ActKind, AfterEnd, ClaimRecord, Discrepancy, GameInfo, GameResult, IllegalAct, OtherAct,
    PerSide, Reason, RecordProblem, RecordProblemKind, ReportCheck, ReportSource, Status,
    TraceEntry, TwoHanded, Verdict, count_of,
};
use crate::laws::Article;
use crate::laws::draw::{self, RepetitionHistory};
use crate::laws::illegal::{IllegalMove, PhysicalMove, classify};
use crate::laws::san;
use crate::laws::winnability::{
    Winnability, WinnabilityConfig, can_mate, can_mate_with, material_cannot_mate,
};

/// Options that do not change the verdict, only what it carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JudgeOptions {
    /// Build the per-event trace (costs an allocation per event; off for batch replay).
    pub trace: bool,
}

/// Input the judge cannot read. Bad input never panics; each variant says where.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The start position is not a valid FEN.
    #[error("event {index}: {source}")]
    InvalidStart {
        /// 0-based event index.
        index: usize,
        /// The FEN problem.
        #[source]
        source: FenError,
    },
    /// A move that is not UCI or SAN syntax (a syntactically valid illegal move is a finding,
    /// not an error).
    #[error("event {index}: unreadable move {text:?}: {reason}")]
    UnreadableMove {
        /// 0-based event index.
        index: usize,
        /// The text.
        text: String,
        /// Why.
        reason: String,
    },
    /// A header after the first move of a game.
    #[error("event {index}: game header after the game started")]
    HeaderAfterStart {
        /// 0-based event index.
        index: usize,
    },
    /// An unknown rules preset in a header.
    #[error("event {index}: {source}")]
    UnknownRules {
        /// 0-based event index.
        index: usize,
        /// The name.
        #[source]
        source: super::rules::UnknownPreset,
    },
    /// A result string that is not a result.
    #[error("event {index}: {source}")]
    InvalidResult {
        /// 0-based event index.
        index: usize,
        /// The text.
        #[source]
        source: super::verdict::InvalidResult,
    },
    /// A board placement (FEN board field) that cannot be read.
    #[error("event {index}: invalid board placement {text:?}")]
    InvalidBoard {
        /// 0-based event index.
        index: usize,
        /// The text.
        text: String,
    },
    /// A PGN game of a variant the judge does not know (only standard chess and Chess960).
    #[error("unsupported variant {0:?}")]
    UnsupportedVariant(String),
}

/// How a move was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// UCI (`e2e4`, `e7e8q`, `e1g1` / `e1h1`, `0000`).
    Uci(UciMove),
    /// SAN (`Nf3`, `O-O`, `--`).
    San(San),
}

impl Written {
    /// Reads `uci` or `san` text.
    pub fn parse(uci: Option<&str>, san: Option<&str>) -> Result<Written, String> {
        match (uci, san) {
            (Some(u), None) => u
                .trim()
                .parse::<UciMove>()
                .map(Written::Uci)
                .map_err(|e| e.to_string()),
            (None, Some(s)) => s
                .trim()
                .parse::<shakmaty::san::SanPlus>()
                .map(|sp| Written::San(sp.san))
                .map_err(|e| e.to_string()),
            _ => Err("a move needs exactly one of \"uci\" and \"san\"".to_owned()),
        }
    }

    /// Reads text that may be UCI or SAN (UCI first).
    pub fn parse_any(text: &str) -> Result<Written, String> {
        Written::parse(Some(text), None).or_else(|_| Written::parse(None, Some(text)))
    }

    fn text(&self) -> String {
        match self {
            Written::Uci(u) => u.to_string(),
            Written::San(s) => s.to_string(),
        }
    }
}

/// The board: a legal position, or an irregular one shakmaty refuses (an illegal move played
/// on left a king in check with the other side to move, a pawn on the last rank, …).
#[derive(Clone, Debug)]
enum BoardState {
    Legal(Chess),
    Irregular(Setup),
}

impl BoardState {
    fn turn(&self) -> Color {
        match self {
            BoardState::Legal(p) => p.turn(),
            BoardState::Irregular(s) => s.turn,
        }
    }

    fn board(&self) -> &Board {
        match self {
            BoardState::Legal(p) => p.board(),
            BoardState::Irregular(s) => &s.board,
        }
    }

    fn setup(&self) -> Setup {
        match self {
            BoardState::Legal(p) => p.to_setup(EnPassantMode::Always),
            BoardState::Irregular(s) => s.clone(),
        }
    }
}

#[derive(Clone, Debug)]
struct Snapshot {
    board: BoardState,
    key: u64,
    history: RepetitionHistory,
    plies: u32,
    moved: PerSide<bool>,
}

#[derive(Clone, Debug)]
struct Pending {
    /// Index into `illegal_moves`.
    act: usize,
    side: Side,
    restore: Box<Snapshot>,
}

#[derive(Clone, Copy, Debug)]
struct Ending {
    result: GameResult,
    reason: Reason,
    article: Article,
    ply: u32,
}

/// The judge of one game. See the module docs for what it enforces.
///
/// ```
/// use arbiter::game::judge::{Judge, JudgeOptions};
/// use arbiter::game::event::{Event, MoveEvent};
/// use arbiter::game::rules::CompetitionRules;
/// use shakmaty::Chess;
///
/// let mut judge = Judge::new(Chess::default(), CompetitionRules::fide(), JudgeOptions::default());
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     judge.apply(&Event::Move(MoveEvent { uci: Some(uci.into()), ..Default::default() })).unwrap();
/// }
/// let v = judge.verdict();
/// assert_eq!(v.result.as_str(), "0-1");
/// assert_eq!(v.reason.code(), "checkmate");
/// ```
#[derive(Clone, Debug)]
pub struct Judge {
    rules: CompetitionRules,
    options: JudgeOptions,
    mode: CastlingMode,
    info: GameInfo,
    board: BoardState,
    /// Repetition key of `board` when legal.
    key: u64,
    history: RepetitionHistory,
    /// True when the current legal position was reached by an illegal act (no automatic
    /// ending applies to it: 5.1.1, 5.2.1, 5.2.2 require a move that followed Article 3).
    reached_illegally: bool,
    plies: u32,
    moved: PerSide<bool>,
    events: usize,
    started: bool,
    ended: Option<Ending>,
    pending: Option<Pending>,
    /// The last move was two-handed (its player), until the opponent replies.
    pending_two_handed: Option<Side>,
    /// The position before the last legal move, for a take-back (event path only).
    previous: Option<Box<Snapshot>>,
    draw_offer: Option<Side>,
    refusals: PerSide<u32>,
    illegal_moves: Vec<IllegalAct>,
    illegal_counts: PerSide<u32>,
    two_handed: PerSide<TwoHanded>,
    claims: Vec<ClaimRecord>,
    moves_after_end: Vec<AfterEnd>,
    reported: Option<ReportCheck>,
    record_problems: Vec<RecordProblem>,
    /// Set when a move could not be read: the rest is not judged.
    stopped: bool,
    moves_not_judged: u32,
    trace: Vec<TraceEntry>,
}

impl Judge {
    /// A judge for a game starting at `start` (standard castling).
    pub fn new(start: Chess, rules: CompetitionRules, options: JudgeOptions) -> Self {
        Self::with_mode(start, CastlingMode::Standard, rules, options)
    }

    /// A judge for a game starting at `start`, with `mode` castling (Chess960 for
    /// Fischer-random starts).
    pub fn with_mode(
        start: Chess,
        mode: CastlingMode,
        rules: CompetitionRules,
        options: JudgeOptions,
    ) -> Self {
        let key = draw::position_key(&start);
        // A start position can already be over (a composed stalemate, bare kings). The full
        // analysis is for composed positions; an opening array (standard or Chess960) is
        // never dead, and searching it on every game of a database cost 95 % of the replay.
        let test = if pawns_at_home(start.board()) {
            DeadPositionTest::PerMove
        } else {
            DeadPositionTest::Full
        };
        let history = RepetitionHistory::new(key);
        let ending = automatic_ending_with(&start, &history, true, test, false);
        let mut judge = Judge {
            rules,
            options,
            mode,
            info: GameInfo::default(),
            board: BoardState::Legal(start),
            key,
            history,
            reached_illegally: false,
            plies: 0,
            moved: PerSide::default(),
            events: 0,
            started: false,
            ended: None,
            pending: None,
            pending_two_handed: None,
            previous: None,
            draw_offer: None,
            refusals: PerSide::default(),
            illegal_moves: Vec::new(),
            illegal_counts: PerSide::default(),
            two_handed: PerSide::default(),
            claims: Vec::new(),
            moves_after_end: Vec::new(),
            reported: None,
            record_problems: Vec::new(),
            stopped: false,
            moves_not_judged: 0,
            trace: Vec::new(),
        };
        if let Some((result, reason)) = ending {
            judge.end(result, reason);
        }
        judge
    }

    /// A judge set up from a game header: start FEN (standard when absent), players, rules
    /// (the header's preset unless `rules_override` is given).
    ///
    /// # Errors
    /// [`JudgeError::InvalidStart`] for a bad FEN, [`JudgeError::UnknownRules`] for an unknown
    /// preset.
    pub fn from_header(
        header: &Header,
        rules_override: Option<CompetitionRules>,
        options: JudgeOptions,
    ) -> Result<Self, JudgeError> {
        let start = match &header.fen {
            Some(f) => parse_fen(f, CastlingMode::Standard)
                .or_else(|_| parse_fen(f, CastlingMode::Chess960))
                .map_err(|source| JudgeError::InvalidStart { index: 0, source })?,
            None => Chess::default(),
        };
        let rules = match (rules_override, &header.rules) {
            (Some(r), _) => r,
            (None, Some(name)) => CompetitionRules::preset(
                name.parse::<Preset>()
                    .map_err(|source| JudgeError::UnknownRules { index: 0, source })?,
            ),
            (None, None) => CompetitionRules::default(),
        };
        let mode = if start.castles().mode() == CastlingMode::Chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let mut judge = Judge::with_mode(start, mode, rules, options);
        judge.info = GameInfo {
            white: header.white.clone(),
            black: header.black.clone(),
            event: header.event.clone(),
            round: header.round.clone(),
            board: header.board.clone(),
        };
        judge.events = 1;
        Ok(judge)
    }

    /// Sets the players and event shown in the verdict.
    pub fn set_info(&mut self, info: GameInfo) {
        self.info = info;
    }

    /// The rules applied.
    pub fn rules(&self) -> CompetitionRules {
        self.rules
    }

    /// The current legal position, or `None` while the board holds an irregular position.
    pub fn position(&self) -> Option<&Chess> {
        match &self.board {
            BoardState::Legal(p) => Some(p),
            BoardState::Irregular(_) => None,
        }
    }

    /// The repetition history since the last irreversible move (Art. 9.2).
    pub fn history(&self) -> &RepetitionHistory {
        &self.history
    }

    /// True once the game has ended (by rule, claim, agreement, report…).
    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    /// Plies played on the board.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Applies one event of the log.
    ///
    /// # Errors
    /// Unreadable content ([`JudgeError`]); illegal moves, wrong claims and the like are
    /// findings recorded in the verdict, not errors.
    pub fn apply(&mut self, event: &Event) -> Result<(), JudgeError> {
        let index = self.events;
        self.events += 1;
        match event {
            Event::Header(h) => {
                if self.started {
                    return Err(JudgeError::HeaderAfterStart { index });
                }
                let mut fresh =
                    Judge::from_header(h, Some(self.rules), self.options).map_err(|e| match e {
                        JudgeError::InvalidStart { source, .. } => {
                            JudgeError::InvalidStart { index, source }
                        }
                        other => other,
                    })?;
                if let Some(name) = &h.rules {
                    fresh.rules = CompetitionRules::preset(
                        name.parse::<Preset>()
                            .map_err(|source| JudgeError::UnknownRules { index, source })?,
                    );
                }
                fresh.events = self.events;
                *self = fresh;
                self.note(index, || "header".into(), || "game set up".into(), None);
                Ok(())
            }
            Event::Move(m) => self.apply_move_event(m, index),
            Event::IllegalAct(a) => self.apply_illegal_act(a, index),
            Event::Claim(c) => self.apply_claim(c, index),
            Event::Notice(n) => {
                self.started = true;
                let by_arbiter = true;
                match n.notice {
                    NoticeKind::IllegalMove => self.illegal_move_called(None, by_arbiter, index),
                    NoticeKind::TwoHanded => self.two_handed_called(None, by_arbiter, index),
                }
                Ok(())
            }
            Event::TakeBack(_) => {
                self.take_back(index);
                Ok(())
            }
            Event::DrawOffer(p) => {
                if self.ended.is_none() {
                    self.draw_offer = Some(p.by);
                    self.note(
                        index,
                        || format!("draw offer by {}", p.by.name()),
                        || "offer stands until accepted, rejected or a piece is touched".into(),
                        Some(Article::Competition("4.6")),
                    );
                }
                Ok(())
            }
            Event::DrawAccept(p) => {
                self.accept_draw(p.by, index);
                Ok(())
            }
            Event::DrawReject(p) => {
                if self.draw_offer == Some(p.by.other()) {
                    self.draw_offer = None;
                    self.note(
                        index,
                        || format!("draw rejected by {}", p.by.name()),
                        || "offer withdrawn from the board".into(),
                        Some(Article::Competition("4.6")),
                    );
                }
                Ok(())
            }
            Event::Resign(p) => {
                self.loss_unless_unwinnable(
                    p.by,
                    Reason::Resignation,
                    Reason::ResignationOpponentCannotMate,
                    index,
                );
                Ok(())
            }
            Event::Refusal(p) => {
                if self.ended.is_none() {
                    let n = {
                        let r = self.refusals.get_mut(p.by);
                        *r += 1;
                        *r
                    };
                    if n >= self.rules.refusals_to_lose {
                        self.end(GameResult::win_for(p.by.other()), Reason::RefusalToContinue);
                    }
                    let limit = self.rules.refusals_to_lose;
                    self.note(
                        index,
                        || format!("refusal to continue by {}", p.by.name()),
                        || format!("refusal {n} of {limit}"),
                        Some(Article::Competition("4.4")),
                    );
                }
                Ok(())
            }
            Event::FlagFall(f) => {
                self.loss_unless_unwinnable(
                    f.side,
                    Reason::FlagFall,
                    Reason::FlagFallOpponentCannotMate,
                    index,
                );
                Ok(())
            }
            Event::Result(r) => self.apply_result_event(r, index),
            Event::PlayoutExpired(_) => {
                self.playout_expired(index);
                Ok(())
            }
        }
    }

    /// Plays a move from a plain sequence (PGN mainline): the fast path. Legal moves cost no
    /// heap allocation; illegal ones are handled exactly as [`Event::Move`].
    pub fn play_san(&mut self, san: San) {
        self.play_san_ahead(san, None, None);
    }

    /// [`Judge::play_san`] knowing the record's next move: when `next` is a legal move after
    /// this one, the position has a legal move, so it is neither checkmate nor stalemate
    /// (5.1.1, 5.2.1) and the test is skipped (exact, not a guess). `resolved` is this move as
    /// the previous call returned it. Returns `next` resolved, to pass on to the next call.
    pub fn play_san_ahead(
        &mut self,
        san: San,
        resolved: Option<Move>,
        next: Option<San>,
    ) -> Option<Move> {
        let index = self.events;
        self.events += 1;
        self.started = true;
        if self.ended.is_none()
            && !self.stopped
            && self.pending.is_none()
            && self.pending_two_handed.is_none()
            && self.draw_offer.is_none()
            && !self.options.trace
            && let BoardState::Legal(pos) = &self.board
            && let Some(m) = resolved.or_else(|| san::to_move(pos, san).ok())
        {
            return self.play_legal(m, index, next);
        }
        self.play_written(Written::San(san), None, 1, index);
        None
    }

    /// Plays a written move by the player on move (UCI or SAN), as [`Event::Move`] without
    /// extras.
    pub fn play(&mut self, written: Written) {
        let index = self.events;
        self.events += 1;
        self.started = true;
        self.play_written(written, None, 1, index);
    }

    fn apply_move_event(&mut self, m: &MoveEvent, index: usize) -> Result<(), JudgeError> {
        let written = Written::parse(m.uci.as_deref(), m.san.as_deref()).map_err(|reason| {
            JudgeError::UnreadableMove {
                index,
                text: m.uci.clone().or_else(|| m.san.clone()).unwrap_or_default(),
                reason,
            }
        })?;
        self.started = true;
        self.play_written(written, m.side, m.hands.unwrap_or(1), index);
        Ok(())
    }

    fn play_written(&mut self, written: Written, side: Option<Side>, hands: u8, index: usize) {
        if self.stopped {
            self.moves_not_judged += 1;
            return;
        }
        if let Some(ending) = self.ended {
            self.move_after_end(written, ending, index);
            return;
        }
        let turn = Side::of(self.board.turn());
        // Who moved: as stated, or the owner of the piece lifted (Black moving first).
        let mover = side.unwrap_or_else(|| match written {
            Written::Uci(UciMove::Normal { from, .. }) => self
                .board
                .board()
                .color_at(from)
                .map(Side::of)
                .filter(|owner| *owner != turn)
                .unwrap_or(turn),
            _ => turn,
        });

        // The opponent's reply: a pending illegal act is played on (CR 3.5); a two-handed
        // move can no longer be claimed; touching a piece rejects a draw offer (CR 4.6).
        let mut replying_to_irregular = false;
        if let Some(p) = &self.pending {
            if p.side != mover {
                let act = p.act;
                self.pending = None;
                self.set_status(act, Status::PlayedOn);
                self.note(
                    index,
                    || "reply".into(),
                    || "the illegal move was not claimed before the reply: played on".into(),
                    Some(Article::Competition("3.5")),
                );
                self.history.reset(match &self.board {
                    BoardState::Legal(p) => draw::position_key(p),
                    BoardState::Irregular(_) => 0,
                });
                replying_to_irregular = matches!(self.board, BoardState::Irregular(_));
            } else {
                // The same player acts again: the earlier act is no longer the last move.
                let act = p.act;
                self.pending = None;
                self.set_status(act, Status::NotNoticed);
            }
        }
        if self.pending_two_handed.is_some_and(|s| s != mover) {
            self.pending_two_handed = None;
        }
        if self.draw_offer == Some(mover.other()) {
            self.draw_offer = None;
            self.note(
                index,
                || "move".into(),
                || "the standing draw offer is rejected by touching a piece".into(),
                Some(Article::Competition("4.6")),
            );
        }
        *self.moved.get_mut(mover) = true;

        match self.board.clone() {
            BoardState::Legal(pos) => {
                if mover != turn {
                    let pm = physical(&written, &self.board);
                    self.illegal_act(
                        mover,
                        written.text(),
                        ActKind::Move(IllegalMove::OutOfTurn),
                        pm,
                        None,
                        index,
                    );
                    return;
                }
                let san_error = match &written {
                    Written::San(s) => s.to_move(&pos).err(),
                    Written::Uci(_) => None,
                };
                if san_error == Some(shakmaty::san::SanError::AmbiguousSan) {
                    self.record_problem(index, &written, RecordProblemKind::AmbiguousSan);
                    self.stopped = true;
                    return;
                }
                match self.resolve(&pos, &written) {
                    Ok(m) => {
                        if san_error.is_some() {
                            self.record_problem(index, &written, RecordProblemKind::InexactSan);
                        }
                        // Kept for a take-back by agreement (CR 3.6); event path only.
                        self.previous = Some(Box::new(self.snapshot()));
                        self.play_legal(m, index, None);
                        if hands > 1 {
                            self.two_handed.get_mut(mover).observed += 1;
                            self.pending_two_handed = Some(mover);
                            self.note(
                                index,
                                || format!("two-handed move {}", written.text()),
                                || "counts only if noticed or claimed before the reply".into(),
                                Some(Article::Competition("3.7")),
                            );
                        }
                    }
                    Err((kind, pm)) => {
                        if hands > 1 {
                            self.two_handed.get_mut(mover).observed += 1;
                        }
                        self.illegal_act(mover, written.text(), kind, pm, None, index);
                    }
                }
            }
            BoardState::Irregular(setup) => {
                // shakmaty cannot validate a move here; put it on the board as made.
                let pm = physical(&written, &self.board);
                let mut next = setup.clone();
                if let Some(pm) = pm {
                    apply_physical(&mut next, mover.color(), &pm, None);
                } else {
                    next.turn = !mover.color();
                }
                self.plies += 1;
                self.set_board_from_setup(next);
                self.note(
                    index,
                    || format!("move {}", written.text()),
                    || "made in an irregular position: not validated".into(),
                    Some(Article::Laws("A.5.4")),
                );
                if replying_to_irregular && matches!(self.board, BoardState::Irregular(_)) {
                    // Laws A.5.4: an illegal position still on the board after the next move.
                    self.end(GameResult::Draw, Reason::IllegalPositionOnBoard);
                }
            }
        }
    }

    /// The legal move meant by `written` in `pos`, or the illegal kind and the physical move.
    #[allow(clippy::type_complexity)]
    fn resolve(
        &self,
        pos: &Chess,
        written: &Written,
    ) -> Result<Move, (ActKind, Option<PhysicalMove>)> {
        match written {
            Written::Uci(UciMove::Null) | Written::San(San::Null) => {
                Err((ActKind::Other(OtherAct::NullMove), None))
            }
            Written::Uci(u) => {
                if let Ok(m) = u.to_move(pos) {
                    return Ok(m);
                }
                match physical(written, &self.board) {
                    Some(pm) => match classify(pos, &pm) {
                        Ok(m) => Ok(m),
                        Err(kind) => Err((ActKind::Move(kind), Some(pm))),
                    },
                    None => Err((ActKind::Move(IllegalMove::NoSuchMove), None)),
                }
            }
            Written::San(s) => match s.to_move(pos) {
                Ok(m) => Ok(m),
                Err(_) => match physical(written, &self.board) {
                    Some(pm) => match classify(pos, &pm) {
                        // The SAN did not name this legal move (wrong piece letter, wrong
                        // disambiguation…): the record is wrong, but the hand's act was legal.
                        Ok(m) => Ok(m),
                        Err(kind) => Err((ActKind::Move(kind), Some(pm))),
                    },
                    None => Err((ActKind::Move(IllegalMove::NoSuchMove), None)),
                },
            },
        }
    }

    /// Plays a legal move and applies the automatic endings (5.1.1 → 5.2.1 → 5.2.2 → 9.6.2 →
    /// 9.6.1).
    ///
    /// `next`: the record's next move, if known; returned resolved when it is legal after `m`.
    fn play_legal(&mut self, m: Move, index: usize, next: Option<San>) -> Option<Move> {
        let BoardState::Legal(pos) = &mut self.board else {
            return None;
        };
        let mover = Side::of(pos.turn());
        // After a capture or pawn move no earlier position can recur. (Other moves shakmaty
        // calls irreversible — castling, a loss of castling rights — change the key, so the
        // history may keep the positions before them: they never match again.)
        let zeroing = m.is_zeroing();
        let key = draw::KeyUpdate::before(pos, self.key, m);
        pos.play_unchecked(m);
        self.key = key.after(pos);
        self.history.push(self.key, zeroing);
        self.plies += 1;
        *self.moved.get_mut(mover) = true;
        // Material and pawns change by a capture or pawn move, or by an illegal act played on
        // before this move (a piece added or removed): the material and dead-position tests
        // run then.
        let material_changed = zeroing || self.reached_illegally;
        self.reached_illegally = false;
        let next_move = next.and_then(|s| san::to_move(pos, s).ok());
        let ending = automatic_ending(pos, &self.history, material_changed, next_move.is_some());
        if self.options.trace {
            let text = m.to_string();
            self.note(
                index,
                || format!("move {text}"),
                || match ending {
                    Some((_, r)) => format!("legal; the game ends: {}", r.code()),
                    None => "legal".into(),
                },
                ending.map(|(_, r)| r.article()),
            );
        }
        if let Some((result, reason)) = ending {
            self.end(result, reason);
        }
        next_move
    }

    fn record_problem(&mut self, index: usize, written: &Written, problem: RecordProblemKind) {
        let notation = written.text();
        self.note(
            index,
            || format!("move {notation}"),
            || format!("record problem: {problem:?}"),
            None,
        );
        self.record_problems.push(RecordProblem {
            event_index: index,
            ply: self.plies + 1,
            notation,
            problem,
        });
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            key: self.key,
            history: self.history.clone(),
            plies: self.plies,
            moved: self.moved,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.board = s.board;
        self.key = s.key;
        self.history = s.history;
        self.plies = s.plies;
        self.moved = s.moved;
        self.reached_illegally = false;
    }

    /// Records an illegal act by `side` and puts it on the board as the hand made it; it waits
    /// for a claim or notice until the opponent's reply (CR 3.4–3.5).
    fn illegal_act(
        &mut self,
        side: Side,
        notation: String,
        kind: ActKind,
        pm: Option<PhysicalMove>,
        placement: Option<Board>,
        index: usize,
    ) {
        let restore = Box::new(self.snapshot());
        let article = kind.article();
        self.illegal_moves.push(IllegalAct {
            ply: self.plies + 1,
            event_index: index,
            side,
            notation: notation.clone(),
            kind,
            article,
            status: Status::NotNoticed,
            counted: false,
        });
        let act = self.illegal_moves.len() - 1;
        let mut next = self.board.setup();
        let ep = match &self.board {
            BoardState::Legal(p) => p.ep_square(EnPassantMode::Always),
            BoardState::Irregular(_) => None,
        };
        if let Some(b) = placement {
            let zeroing = b.occupied().count() != next.board.occupied().count();
            next.board = b;
            next.turn = !side.color();
            next.ep_square = None;
            next.halfmoves = if zeroing { 0 } else { next.halfmoves + 1 };
        } else if let Some(pm) = pm {
            apply_physical(&mut next, side.color(), &pm, ep);
        } else {
            // Nothing identifiable moved (a null move, an unreadable record): the turn passes.
            next.turn = !side.color();
            next.ep_square = None;
        }
        self.plies += 1;
        self.set_board_from_setup(next);
        self.reached_illegally = true;
        self.pending = Some(Pending { act, side, restore });
        self.note(
            index,
            || format!("move {notation}"),
            || {
                format!(
                    "illegal ({}); counts if noticed or claimed before the reply",
                    kind.code()
                )
            },
            Some(article),
        );
    }

    fn set_board_from_setup(&mut self, setup: Setup) {
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

    fn set_status(&mut self, act: usize, status: Status) {
        if let Some(a) = self.illegal_moves.get_mut(act) {
            a.status = status;
            a.counted = status.counted();
        }
    }

    fn apply_illegal_act(&mut self, a: &IllegalActEvent, index: usize) -> Result<(), JudgeError> {
        self.started = true;
        let placement = a
            .board
            .as_deref()
            .map(|text| board_field(text, index))
            .transpose()?;
        let notation = a
            .squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("-");
        if let Some(ending) = self.ended {
            self.moves_after_end.push(AfterEnd {
                event_index: index,
                notation,
            });
            self.note(
                index,
                || "illegal act".into(),
                || format!("after the end ({})", ending.reason.code()),
                None,
            );
            return Ok(());
        }
        // As for a move: the opponent's earlier pending act is superseded.
        if let Some(p) = &self.pending {
            let act = p.act;
            let status = if p.side != a.side {
                Status::PlayedOn
            } else {
                Status::NotNoticed
            };
            self.pending = None;
            self.set_status(act, status);
        }
        let placement = placement.or_else(|| Some(self.board.board().clone()));
        self.illegal_act(
            a.side,
            notation,
            ActKind::Move(a.kind),
            None,
            placement,
            index,
        );
        Ok(())
    }

    /// A claim (by the opponent) or a notice (by the arbiter, `claimant == None`) that the last
    /// move was illegal (CR 3.4–3.5).
    fn illegal_move_called(&mut self, claimant: Option<Side>, by_arbiter: bool, index: usize) {
        let article = Article::Competition("3.4");
        let Some(p) = &self.pending else {
            let explanation = "the last move was legal, or was already played on".to_owned();
            if let Some(by) = claimant {
                self.record_claim(
                    index,
                    by,
                    ClaimKind::IllegalMove,
                    None,
                    false,
                    article,
                    explanation,
                );
            } else {
                self.note(
                    index,
                    || "arbiter notice: illegal move".into(),
                    || explanation,
                    Some(article),
                );
            }
            return;
        };
        if let Some(by) = claimant
            && by == p.side
        {
            self.record_claim(
                index,
                by,
                ClaimKind::IllegalMove,
                None,
                false,
                article,
                "a player cannot claim against his own move".into(),
            );
            return;
        }
        let Some(p) = self.pending.take() else {
            return;
        };
        let status = if by_arbiter {
            Status::CountedNoticed
        } else {
            Status::CountedClaimed
        };
        self.set_status(p.act, status);
        self.restore(*p.restore);
        *self.illegal_counts.get_mut(p.side) += 1;
        if let Some(by) = claimant {
            self.record_claim(
                index,
                by,
                ClaimKind::IllegalMove,
                None,
                true,
                article,
                "claimed before the reply: counted, position before it restored".into(),
            );
        }
        let (count, limit) = (
            *self.illegal_counts.get(p.side),
            self.rules.illegal_moves_to_lose,
        );
        self.note(
            index,
            || "illegal move called".into(),
            || format!("counted ({count} of {limit}); the position before it is restored"),
            Some(Article::Laws("7.5.1")),
        );
        self.check_illegal_limit(p.side);
    }

    /// A claim or notice that the last move was two-handed (CR 3.7, Laws 7.5.4).
    fn two_handed_called(&mut self, claimant: Option<Side>, by_arbiter: bool, index: usize) {
        let article = match self.rules.preset {
            Preset::Fide => Article::Laws("7.5.4"),
            Preset::DetskyMat => Article::Competition("3.7"),
        };
        // A two-handed move that was also illegal is judged as the illegal move.
        let side = match (self.pending_two_handed, &self.pending) {
            (Some(s), _) => Some(s),
            (None, Some(p)) => Some(p.side),
            (None, None) => None,
        };
        let Some(side) = side.filter(|s| claimant.is_none_or(|c| c != *s)) else {
            let explanation = "no two-handed move by the opponent to call".to_owned();
            match claimant {
                Some(by) => self.record_claim(
                    index,
                    by,
                    ClaimKind::TwoHanded,
                    None,
                    false,
                    article,
                    explanation,
                ),
                None => self.note(
                    index,
                    || "arbiter notice: two-handed move".into(),
                    || explanation,
                    Some(article),
                ),
            }
            return;
        };
        self.pending_two_handed = None;
        let th = self.two_handed.get_mut(side);
        if th.observed <= th.counted {
            th.observed = th.counted + 1;
        }
        th.counted += 1;
        let counted = th.counted;
        if let Some(by) = claimant {
            self.record_claim(
                index,
                by,
                ClaimKind::TwoHanded,
                None,
                true,
                article,
                "claimed before the reply: counted".into(),
            );
        }
        let per = self.rules.two_handed_per_illegal_move.max(1);
        self.note(
            index,
            || "two-handed move called".into(),
            || format!("two-handed move {counted} counted ({per} make one illegal move)"),
            Some(article),
        );
        if counted.is_multiple_of(per) {
            let notation = count_of(counted as usize, "two-handed move", "two-handed moves");
            self.illegal_moves.push(IllegalAct {
                ply: self.plies,
                event_index: index,
                side,
                notation,
                kind: ActKind::Other(OtherAct::TwoHandedMoves),
                article,
                status: if by_arbiter {
                    Status::CountedNoticed
                } else {
                    Status::CountedClaimed
                },
                counted: true,
            });
            *self.illegal_counts.get_mut(side) += 1;
            self.check_illegal_limit(side);
        }
    }

    /// CR 3.3 / Laws 7.5.5: the limit of counted illegal moves loses, unless the opponent
    /// cannot checkmate by any series of legal moves (then a draw).
    fn check_illegal_limit(&mut self, side: Side) {
        if self.ended.is_none()
            && *self.illegal_counts.get(side) >= self.rules.illegal_moves_to_lose
        {
            if self.unwinnable_for(side.other()) {
                self.end(GameResult::Draw, Reason::TwoIllegalMovesOpponentCannotMate);
            } else {
                self.end(GameResult::win_for(side.other()), Reason::TwoIllegalMoves);
            }
        }
    }

    /// True only when `side` provably cannot mate (Laws 5.1.2, 6.9, 7.5.5). An irregular
    /// position is never proved unwinnable.
    fn unwinnable_for(&self, side: Side) -> bool {
        match &self.board {
            BoardState::Legal(pos) => can_mate(pos, side.color()) == Winnability::Unwinnable,
            BoardState::Irregular(_) => false,
        }
    }

    fn loss_unless_unwinnable(&mut self, loser: Side, lose: Reason, draw: Reason, index: usize) {
        if self.ended.is_some() {
            self.note(
                index,
                || format!("{} by {}", lose.code(), loser.name()),
                || "ignored: the game was already over".into(),
                None,
            );
            return;
        }
        if self.unwinnable_for(loser.other()) {
            self.end(GameResult::Draw, draw);
        } else {
            self.end(GameResult::win_for(loser.other()), lose);
        }
        let result = self.ended.map(|e| e.result.as_str()).unwrap_or("*");
        self.note(
            index,
            || format!("{} by {}", lose.code(), loser.name()),
            || format!("the game ends {result}"),
            Some(lose.article()),
        );
    }

    fn accept_draw(&mut self, by: Side, index: usize) {
        if self.ended.is_some() {
            return;
        }
        if self.draw_offer != Some(by.other()) {
            self.note(
                index,
                || format!("draw accepted by {}", by.name()),
                || "no standing offer by the opponent: nothing to accept".into(),
                Some(Article::Competition("4.6")),
            );
            return;
        }
        if !(self.moved.white && self.moved.black) {
            self.note(
                index,
                || format!("draw accepted by {}", by.name()),
                || "not valid before both players have made a move".into(),
                Some(Article::Laws("5.2.3")),
            );
            return;
        }
        self.end(GameResult::Draw, Reason::DrawAgreement);
        self.note(
            index,
            || format!("draw accepted by {}", by.name()),
            || "drawn by agreement".into(),
            Some(Article::Laws("5.2.3")),
        );
    }

    fn apply_claim(&mut self, c: &ClaimEvent, index: usize) -> Result<(), JudgeError> {
        self.started = true;
        match c.claim {
            ClaimKind::IllegalMove => self.illegal_move_called(Some(c.by), false, index),
            ClaimKind::TwoHanded => self.two_handed_called(Some(c.by), false, index),
            ClaimKind::Threefold | ClaimKind::FiftyMoves => {
                let intended = match &c.intended {
                    Some(t) => Some(Written::parse_any(t).map_err(|reason| {
                        JudgeError::UnreadableMove {
                            index,
                            text: t.clone(),
                            reason,
                        }
                    })?),
                    None => None,
                };
                self.draw_claim(c.by, c.claim, intended, index);
            }
        }
        Ok(())
    }

    /// A threefold (9.2) or fifty-move (9.3) claim by `by`, optionally with the intended move.
    fn draw_claim(&mut self, by: Side, kind: ClaimKind, intended: Option<Written>, index: usize) {
        let article = match kind {
            ClaimKind::Threefold => Article::Laws("9.2"),
            _ => Article::Laws("9.3"),
        };
        let text = intended.as_ref().map(Written::text);
        if self.ended.is_some() {
            self.record_claim(
                index,
                by,
                kind,
                text,
                false,
                article,
                "the game was already over".into(),
            );
            return;
        }
        let (correct, explanation, legal_move) = match &self.board {
            BoardState::Legal(pos) if Side::of(pos.turn()) == by && self.pending.is_none() => {
                let m = intended.as_ref().map(|w| self.resolve(pos, w));
                let legal = match &m {
                    Some(Ok(mv)) => Some(*mv),
                    _ => None,
                };
                let now = match kind {
                    ClaimKind::Threefold => draw::threefold_now(&self.history),
                    _ => draw::fifty_now(pos),
                };
                let with_move = legal.is_some_and(|mv| match kind {
                    ClaimKind::Threefold => draw::threefold_with_move(&self.history, pos, mv),
                    _ => draw::fifty_with_move(pos, mv),
                });
                let count = self.history.current_count();
                let explanation = match (kind, now, with_move) {
                    (ClaimKind::Threefold, true, _) => {
                        format!("the position has appeared {count} times (9.2.2)")
                    }
                    (ClaimKind::Threefold, false, true) => {
                        "the intended move repeats the position a third time (9.2.1)".into()
                    }
                    (ClaimKind::Threefold, false, false) => {
                        format!("the position has appeared {count} time(s) only")
                    }
                    (_, true, _) => format!(
                        "{} plies without pawn move or capture (9.3.2)",
                        pos.halfmoves()
                    ),
                    (_, false, true) => "the intended move completes 50 moves each (9.3.1)".into(),
                    (_, false, false) => {
                        format!(
                            "only {} plies without pawn move or capture",
                            pos.halfmoves()
                        )
                    }
                };
                (now || with_move, explanation, legal)
            }
            BoardState::Legal(_) if self.pending.is_some() => (
                false,
                "the position on the board was reached by an illegal move".into(),
                None,
            ),
            BoardState::Legal(_) => (false, "only the player on move may claim".into(), None),
            BoardState::Irregular(_) => {
                (false, "the board holds an irregular position".into(), None)
            }
        };
        let _ = legal_move;
        self.record_claim(index, by, kind, text, correct, article, explanation);
        if correct {
            let reason = match kind {
                ClaimKind::Threefold => Reason::ThreefoldRepetitionClaim,
                _ => Reason::FiftyMovesClaim,
            };
            self.end(GameResult::Draw, reason);
        } else if let Some(w) = intended
            && Side::of(self.board.turn()) == by
        {
            // Laws 9.5.3: the declared move must then be played.
            self.play_written(w, Some(by), 1, index);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn record_claim(
        &mut self,
        index: usize,
        by: Side,
        claim: ClaimKind,
        intended: Option<String>,
        correct: bool,
        article: Article,
        explanation: String,
    ) {
        if self.options.trace {
            self.trace.push(TraceEntry {
                event_index: index,
                ply: self.plies,
                event: format!("claim {claim:?} by {}", by.name()),
                decision: format!(
                    "{}: {explanation}",
                    if correct { "correct" } else { "incorrect" }
                ),
                article: Some(article),
            });
        }
        self.claims.push(ClaimRecord {
            event_index: index,
            ply: self.plies,
            by,
            claim,
            intended,
            correct,
            article,
            explanation,
        });
    }

    /// CR 3.6: the players take the last act back by agreement; nothing is counted.
    fn take_back(&mut self, index: usize) {
        if self.ended.is_some() {
            return;
        }
        if let Some(p) = self.pending.take() {
            self.set_status(p.act, Status::TakenBack);
            self.restore(*p.restore);
            self.note(
                index,
                || "take-back".into(),
                || "illegal move taken back by agreement: not counted".into(),
                Some(Article::Competition("3.6")),
            );
        } else if let Some(prev) = self.previous.take() {
            self.restore(*prev);
            self.pending_two_handed = None;
            self.note(
                index,
                || "take-back".into(),
                || "a completed legal move was taken back; CR 3.9 forbids it, the board is put back as the players did".into(),
                Some(Article::Competition("3.9")),
            );
        }
    }

    fn apply_result_event(&mut self, r: &ResultEvent, index: usize) -> Result<(), JudgeError> {
        let result = r
            .result
            .parse::<GameResult>()
            .map_err(|source| JudgeError::InvalidResult { index, source })?;
        let shown = r
            .fen
            .as_deref()
            .map(|text| board_field(text, index))
            .transpose()?;
        self.report_result(
            result,
            ReportSource::Players,
            r.reason.clone(),
            shown.as_ref(),
        );
        Ok(())
    }

    /// The result reported by the players or the record (CR 4.2), checked against the board.
    /// If the game has not ended by rule, it ends with the reported result (`0-0` for a result
    /// not recorded; `*` leaves it unfinished).
    pub fn report_result(
        &mut self,
        result: GameResult,
        source: ReportSource,
        reason: Option<String>,
        shown: Option<&Board>,
    ) {
        let mut discrepancies = Vec::new();
        match self.ended {
            Some(e) if e.result != result => {
                discrepancies.push(if result == GameResult::Unfinished {
                    Discrepancy::UnfinishedResultOnFinishedGame
                } else {
                    Discrepancy::ResultContradictsEnding
                })
            }
            Some(_) => {}
            None => {
                // The static layers only (no helpmate search): records hold thousands of
                // decisive results, and a winner who cannot mate is shown by material or a
                // blockade in practice.
                if let Some(w) = result.winner()
                    && let BoardState::Legal(pos) = &self.board
                    && statically_unwinnable(pos, w.color())
                {
                    discrepancies.push(Discrepancy::WinnerCannotMate);
                }
            }
        }
        if let Some(reason) = reason.as_deref() {
            let on_board = match (reason, &self.board) {
                ("checkmate", BoardState::Legal(p)) => p.is_checkmate(),
                ("stalemate", BoardState::Legal(p)) => p.is_stalemate(),
                ("checkmate" | "stalemate", BoardState::Irregular(_)) => false,
                _ => true,
            };
            if !on_board {
                discrepancies.push(Discrepancy::ReportedEndingNotOnBoard);
            }
        }
        if let Some(b) = shown
            && b != self.board.board()
        {
            discrepancies.push(Discrepancy::ShownPositionDiffers);
        }
        self.reported = Some(ReportCheck {
            result,
            source,
            reason,
            agrees: discrepancies.is_empty(),
            discrepancies,
        });
        if self.ended.is_none() {
            match result {
                GameResult::Unfinished => {}
                GameResult::BothLose => self.end(result, Reason::ResultNotRecorded),
                _ => self.end(result, Reason::ReportedResult),
            }
        }
    }

    /// CR 4.3: the play-out time ran out.
    fn playout_expired(&mut self, index: usize) {
        if self.ended.is_some() {
            return;
        }
        // The play-out adjudication (`crate::adjudicate`, CR 4.3–4.5) decides a legal position; the arbiter's call (`review`) and an irregular board leave the game
        // unfinished, awaiting the arbiter, with the engine's recommendation in the trace.
        let adjudication = match &self.board {
            BoardState::Legal(pos) => {
                let repetitions = u32::try_from(self.history.current_count()).unwrap_or(u32::MAX);
                let config = self.rules.preset.adjudication();
                // A preset has no Syzygy directory, the only thing `new` can fail on.
                let adjudicator = crate::adjudicate::Adjudicator::new(config).ok();
                adjudicator.map(|a| a.adjudicate_in_game(pos, repetitions.max(1)))
            }
            BoardState::Irregular(_) => None,
        };
        let decided = adjudication.as_ref().and_then(|a| match a.result {
            crate::adjudicate::Decision::Decided(r) => Some(GameResult::from(r)),
            crate::adjudicate::Decision::Review => None,
        });
        let decision = match (&adjudication, decided) {
            (Some(a), Some(result)) => {
                self.end(result, Reason::Adjudicated);
                let basis = serde_json::to_value(a.basis).unwrap_or_default();
                format!(
                    "adjudicated {} ({}: {})",
                    result.as_str(),
                    basis.as_str().unwrap_or_default(),
                    a.reasons.last().map_or("", |r| r.text.as_str())
                )
            }
            (Some(a), None) => {
                self.end(GameResult::Unfinished, Reason::AdjudicationRequired);
                format!(
                    "unfinished: arbiter's call, recommended {} ({})",
                    a.recommendation,
                    a.reasons.last().map_or("", |r| r.text.as_str())
                )
            }
            (None, _) => {
                self.end(GameResult::Unfinished, Reason::AdjudicationRequired);
                "unfinished: adjudication required".into()
            }
        };
        self.note(
            index,
            || "play-out expired".into(),
            || decision,
            Some(Article::Competition("4.3")),
        );
    }

    fn move_after_end(&mut self, written: Written, ending: Ending, index: usize) {
        let notation = written.text();
        self.moves_after_end.push(AfterEnd {
            event_index: index,
            notation: notation.clone(),
        });
        // A move after mate is illegal (5.1.1); after stalemate every move breaks Article 3.
        let kind = match (&self.board, ending.reason) {
            (BoardState::Legal(_), Reason::Checkmate) => {
                Some(ActKind::Other(OtherAct::MoveAfterCheckmate))
            }
            (BoardState::Legal(pos), _) => self.resolve(pos, &written).err().map(|(k, _)| k),
            _ => None,
        };
        if let Some(kind) = kind {
            let side = Side::of(self.board.turn());
            self.illegal_moves.push(IllegalAct {
                ply: self.plies + 1,
                event_index: index,
                side,
                notation: notation.clone(),
                kind,
                article: kind.article(),
                status: Status::AfterGameEnd,
                counted: false,
            });
        }
        self.note(
            index,
            || format!("move {notation}"),
            || format!("after the end of the game ({})", ending.reason.code()),
            None,
        );
    }

    fn end(&mut self, result: GameResult, reason: Reason) {
        if self.ended.is_none() {
            // Under the FIDE preset the illegal-move limit is Laws 7.5.5, not CR 3.3.
            let article = match (reason, self.rules.preset) {
                (Reason::TwoIllegalMoves, Preset::Fide) => Article::Laws("7.5.5"),
                _ => reason.article(),
            };
            self.ended = Some(Ending {
                result,
                reason,
                article,
                ply: self.plies,
            });
            self.draw_offer = None;
            if let Some(p) = self.pending.take() {
                self.set_status(p.act, Status::NotNoticed);
            }
        }
    }

    fn note(
        &mut self,
        index: usize,
        event: impl FnOnce() -> String,
        decision: impl FnOnce() -> String,
        article: Option<Article>,
    ) {
        if self.options.trace {
            let entry = TraceEntry {
                event_index: index,
                ply: self.plies,
                event: event(),
                decision: decision(),
                article,
            };
            self.trace.push(entry);
        }
    }

    /// The automatic ending the Laws give the current position, without claims (for the rules
    /// vectors' `outcome`): `None` while the game goes on.
    pub fn automatic_ending(&self) -> Option<(GameResult, Reason, u32)> {
        self.ended
            .filter(|e| e.reason.is_automatic())
            .map(|e| (e.result, e.reason, e.ply))
    }

    /// The verdict so far (the game may be unfinished).
    pub fn verdict(&self) -> Verdict {
        self.clone().into_verdict()
    }

    /// The verdict, consuming the judge.
    pub fn into_verdict(mut self) -> Verdict {
        if let Some(r) = &mut self.reported {
            if !self.moves_after_end.is_empty() {
                r.discrepancies.push(Discrepancy::MovesAfterGameEnd);
            }
            if self.stopped {
                r.discrepancies.push(Discrepancy::UnreadableMoveInRecord);
            }
            if r.source == ReportSource::Pgn
                && self
                    .illegal_moves
                    .iter()
                    .any(|a| a.status != Status::AfterGameEnd)
            {
                r.discrepancies.push(Discrepancy::IllegalMoveInRecord);
            }
            r.agrees = r.discrepancies.is_empty();
        }
        let (result, reason, article, ended_at_ply) = match self.ended {
            Some(e) => (e.result, e.reason, Some(e.article), Some(e.ply)),
            None => (GameResult::Unfinished, Reason::Unfinished, None, None),
        };
        let (final_fen, irregular) = match &self.board {
            BoardState::Legal(p) => (fen_of(p), false),
            BoardState::Irregular(s) => (
                shakmaty::fen::Fen::try_from_setup(s.clone())
                    .unwrap_or_else(shakmaty::fen::LossyFenError::ignore),
                true,
            ),
        };
        Verdict {
            result,
            reason,
            article,
            ended_at_ply,
            plies: self.plies,
            final_fen,
            irregular_position: irregular,
            illegal_moves: self.illegal_moves,
            illegal_move_counts: self.illegal_counts,
            two_handed: self.two_handed,
            claims: self.claims,
            moves_after_end: self.moves_after_end,
            record_problems: self.record_problems,
            moves_not_judged: self.moves_not_judged,
            reported: self.reported,
            game: self.info,
            rules: self.rules,
            trace: self.options.trace.then_some(self.trace),
        }
    }
}

/// The automatic endings after a legal move, in the order of the Laws: checkmate (5.1.1),
/// stalemate (5.2.1), dead position (5.2.2), 75 moves (9.6.2), fivefold repetition (9.6.1).
///
/// The material and dead-position tests run only when `zeroing` (a capture or pawn move, or
/// an illegal act played on before the move), where material and pawn structure change; the
/// dead-position test beyond material uses the static layers ([`statically_unwinnable`]), and a
/// position made dead by a piece move is recognised at the next capture or pawn move.
///
/// `has_move`: a legal move is known to exist (the record's next move), so the checkmate and
/// stalemate tests are skipped.
fn automatic_ending(
    pos: &Chess,
    history: &RepetitionHistory,
    zeroing: bool,
    has_move: bool,
) -> Option<(GameResult, Reason)> {
    automatic_ending_with(pos, history, zeroing, DeadPositionTest::PerMove, has_move)
}

/// How hard to look for a dead position (Laws 5.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeadPositionTest {
    /// After a move in play: the static layers only ([`statically_unwinnable`]). A dead
    /// position that only a search proves (e.g. every legal move stalemates) is not seen here;
    /// the game then ends by the stalemate or other ending that follows, with the same draw.
    /// Measured: a helpmate search per capture or pawn move made judging 3x slower.
    PerMove,
    /// Once per game (the start position): the full analysis.
    Full,
}

fn dead_position(pos: &Chess, test: DeadPositionTest) -> bool {
    match test {
        DeadPositionTest::Full => {
            can_mate(pos, Color::White) == Winnability::Unwinnable
                && can_mate(pos, Color::Black) == Winnability::Unwinnable
        }
        DeadPositionTest::PerMove => {
            statically_unwinnable(pos, Color::White) && statically_unwinnable(pos, Color::Black)
        }
    }
}

fn automatic_ending_with(
    pos: &Chess,
    history: &RepetitionHistory,
    zeroing: bool,
    test: DeadPositionTest,
    has_move: bool,
) -> Option<(GameResult, Reason)> {
    if has_move {
        // Neither checkmate nor stalemate: a legal move is known.
    } else if pos.is_check() {
        if !king_can_step_away(pos) && pos.legal_moves().is_empty() {
            return Some((
                GameResult::win_for(Side::of(!pos.turn())),
                Reason::Checkmate,
            ));
        }
    } else if !has_legal_move_quick(pos) && pos.legal_moves().is_empty() {
        return Some((GameResult::Draw, Reason::Stalemate));
    }
    // Material changes only by a capture or a promotion, both zeroing moves: the tests of
    // material and of a dead position run only after them (and on the start position).
    if zeroing && pos.is_insufficient_material() {
        return Some((GameResult::Draw, Reason::InsufficientMaterial));
    }
    if zeroing && dead_position(pos, test) {
        return Some((GameResult::Draw, Reason::DeadPosition));
    }
    if pos.halfmoves() >= draw::SEVENTY_FIVE_MOVES_PLIES {
        return Some((GameResult::Draw, Reason::SeventyFiveMoves));
    }
    // Five occurrences need at least 17 positions since the last irreversible move.
    if history.len() >= 17 && draw::fivefold(history) {
        return Some((GameResult::Draw, Reason::FivefoldRepetition));
    }
    None
}

/// All sixteen pawns on their starting squares (ranks 2 and 7), as in every opening array,
/// standard or Chess960: nothing is blocked yet, pawns can still meet, capture and promote, so
/// the position is not dead (5.2.2) and the costly search is skipped.
fn pawns_at_home(board: &Board) -> bool {
    board.pawns() & board.white() == Bitboard::from_rank(Rank::Second)
        && board.pawns() & board.black() == Bitboard::from_rank(Rank::Seventh)
}

/// Kings, bishops and pawns only, and a side that has pawns with all of them blocked head-on by
/// enemy pawns: where the (costly) blockade layer proves dead positions in practice. Elsewhere it is skipped, which can only miss a proof, never invent one. (A side
/// without pawns does not count as blocked: that made every bishop ending run the layer.)
fn blockade_possible(board: &Board) -> bool {
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    (board.queens() | board.rooks() | board.knights()).is_empty()
        && ((white != 0 && (white << 8) & !black == 0)
            || (black != 0 && (black >> 8) & !white == 0))
}

/// `side` provably cannot mate, by the static layers of [`crate::laws::winnability`] only
/// (material; blockade), without helpmate search: the test run after every capture and pawn
/// move (5.2.2, both sides) and on every decisive reported result. A search can only show that
/// mate is still possible, the usual case; what ends a game is a proof of unwinnability.
///
/// The blockade layer is costly (still about 8 % of a database replay), so it runs only where a pawn
/// blockade can make a position dead in practice: kings, bishops and pawns, with at least one
/// pawn (a knight jumps any wall; rooks and queens behind a closed chain are left to the full
/// analysis that [`can_mate`] runs for 7.5.5, 5.1.2 and 6.9). Sound: it never claims
/// "unwinnable" without a proof.
fn statically_unwinnable(pos: &Chess, side: Color) -> bool {
    // Material first, without the legal-move generation `can_mate_with` starts with (the
    // callers have already looked for mate and stalemate). Then the blockade layer alone:
    // `static_only` has no helpmate search and no reachability enumeration (the quick budget's
    // enumeration ran in every position with a locked pawn pair: 95 % of a replay's time).
    if pos.has_insufficient_material(side) || material_cannot_mate(pos.board(), side) {
        return true;
    }
    blockade_possible(pos.board())
        && can_mate_with(pos, side, &WinnabilityConfig::static_only()).verdict
            == Winnability::Unwinnable
}

/// A cheap sufficient test that the side to move (not in check) has a legal move: an unpinned
/// piece with a pseudo-legal move, or a king step to an unattacked square. `false` means
/// "unknown", and the caller generates the legal moves.
fn has_legal_move_quick(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    // Pieces pinned to the king may not be able to move; leave them to the full generator.
    let (_, pinned) = crate::laws::check::checks_and_pins(pos, king);
    let free = ours & !pinned & !board.kings();
    for from in free {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let targets = match role {
            Role::Pawn => {
                let push = from.offset(if us == Color::White { 8 } else { -8 });
                let pushes = push
                    .filter(|sq| !occupied.contains(*sq))
                    .map_or(Bitboard::EMPTY, Bitboard::from_square);
                pushes | (attacks::pawn_attacks(us, from) & theirs)
            }
            _ => attacks::attacks(from, role.of(us), occupied) & !ours,
        };
        if targets.any() {
            return true;
        }
    }
    // The king last: each flight square costs an attack test.
    king_can_step_away(pos)
}

/// A cheap sufficient test that the side to move has a legal move in check: a king step to a
/// square no enemy piece attacks once the king has left its square (the usual answer to a
/// check). `false` means "unknown", and the caller generates the legal moves.
fn king_can_step_away(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}

/// The piece placement of an event's `board` or `fen` field: the FEN's first field (a whole
/// FEN is accepted, the rest ignored). Errors: [`JudgeError::InvalidBoard`] at event `index`.
fn board_field(text: &str, index: usize) -> Result<Board, JudgeError> {
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
fn rebuild(setup: Setup, mode: CastlingMode) -> Option<Chess> {
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
fn physical(written: &Written, board: &BoardState) -> Option<PhysicalMove> {
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
        Written::San(san) => physical_from_san(board.board(), board.turn(), san),
    }
}

fn physical_from_san(board: &Board, turn: Color, san: &San) -> Option<PhysicalMove> {
    match *san {
        San::Castle(side) => {
            let king = board.king_of(turn)?;
            Some(PhysicalMove {
                from: king,
                to: side.king_to(turn),
                promotion: None,
            })
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut candidates = board.by_piece(role.of(turn));
            if let Some(f) = file {
                candidates &= Bitboard::from_file(f);
            }
            if let Some(r) = rank {
                candidates &= Bitboard::from_rank(r);
            }
            let fits = |from: Square, occupied: Bitboard| -> bool {
                if role == Role::Pawn {
                    let forward: i32 = if turn == Color::White { 1 } else { -1 };
                    let dr = i32::from(to.rank()) - i32::from(from.rank());
                    let df = (i32::from(to.file()) - i32::from(from.file())).abs();
                    if capture {
                        df == 1 && dr == forward
                    } else {
                        df == 0 && (dr == forward || dr == 2 * forward)
                    }
                } else {
                    attacks::attacks(from, role.of(turn), occupied).contains(to)
                }
            };
            let pattern: Bitboard = candidates
                .into_iter()
                .filter(|&sq| fits(sq, Bitboard::EMPTY))
                .collect();
            let unblocked: Bitboard = pattern
                .into_iter()
                .filter(|&sq| fits(sq, board.occupied()))
                .collect();
            let from = if unblocked.count() == 1 {
                unblocked.first()
            } else if pattern.count() == 1 {
                pattern.first()
            } else if pattern.is_empty() && candidates.count() == 1 {
                candidates.first()
            } else {
                None
            }?;
            Some(PhysicalMove {
                from,
                to,
                promotion,
            })
        }
        _ => None,
    }
}

/// Puts a physical move on a setup as the hand made it: the piece goes from `from` to `to`
/// (whatever stood there is removed), a castling attempt also moves the rook, an en-passant
/// attempt removes the passed pawn, a promotion places the new piece. Then the turn passes.
fn apply_physical(setup: &mut Setup, mover: Color, pm: &PhysicalMove, ep: Option<Square>) {
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

/// Judges a whole event log (one game) with `rules` unless its header names a preset and
/// `rules` is `None`.
///
/// # Errors
/// The first unreadable event ([`JudgeError`], with its index).
pub fn judge_game(
    events: &[Event],
    rules: Option<CompetitionRules>,
    options: JudgeOptions,
) -> Result<Verdict, JudgeError> {
    let mut judge = match events.first() {
        Some(Event::Header(h)) => Judge::from_header(h, rules, options)?,
        _ => Judge::new(Chess::default(), rules.unwrap_or_default(), options),
    };
    let skip = usize::from(matches!(events.first(), Some(Event::Header(_))));
    for e in events.iter().skip(skip) {
        judge.apply(e)?;
    }
    Ok(judge.into_verdict())
}
