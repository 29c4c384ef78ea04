//! The judge: one game, event by event, under the Laws and the competition rules
//! (Laws and CR 3–4). Incremental: [`Judge::new`] → [`Judge::apply`] (or the allocation-free
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
//!
//! The judge's parts, one concept each: `moves` (move text and play), `position` (the board,
//! legal or irregular), `penalties` (CR 3.x), `claims` (claims and offers), `result` (reported
//! result, resignation, flag fall, play-out); the automatic endings are the Laws'
//! ([`crate::laws::ending`]).

mod claims;
mod conduct;
mod moves;
mod penalties;
mod position;
mod result;
mod touch;

use shakmaty::{ByColor, Color};
use shakmaty::{CastlingMode, Chess, Position};

use super::event::{Event, Header, NoticeKind};
use super::rules::{CompetitionRules, Preset};
use super::setup::{FenError, fen_of, parse_fen};
use super::verdict::{
    AfterEnd, ClaimRecord, Declaration, Discrepancy, GameInfo, GameResult, IllegalAct, PlyOnBoard,
    Reason, RecordProblem, ReportCheck, ReportSource, Status, TraceEntry, TwoHanded, Verdict,
};
use crate::i18n::{Lang, Note};
use crate::laws::Article;
use crate::laws::draw::{self, RepetitionHistory};
use crate::laws::ending::{
    AutomaticEnding, DeadPositionTest, automatic_ending_with, pawns_at_home,
};

pub use moves::Written;
use position::{BoardState, Snapshot};

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

#[derive(Clone, Debug)]
struct Pending {
    /// Index into `illegal_moves`.
    act: usize,
    side: Color,
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
    moved: ByColor<bool>,
    events: usize,
    started: bool,
    ended: Option<Ending>,
    pending: Option<Pending>,
    /// The last move was two-handed (its player), until the opponent replies.
    pending_two_handed: Option<Color>,
    /// The position before the last legal move, for a take-back (event path only).
    previous: Option<Box<Snapshot>>,
    draw_offer: Option<Color>,
    refusals: ByColor<u32>,
    illegal_moves: Vec<IllegalAct>,
    illegal_counts: ByColor<u32>,
    two_handed: ByColor<TwoHanded>,
    claims: Vec<ClaimRecord>,
    moves_after_end: Vec<AfterEnd>,
    reported: Option<ReportCheck>,
    record_problems: Vec<RecordProblem>,
    /// Touch-move, coercion and conduct (Laws 4.3–4.8, CR 2.x, 3.8, 4.6): `touch.rs`,
    /// `conduct.rs`.
    extra: Box<touch::Extra>,
    /// Set when a move could not be read: the rest is not judged.
    stopped: bool,
    /// Set at a gap of an e-board's record whose plies cannot be known
    /// ([`RecordProblemKind::BoardGap`]): a reported result is not checked as agreeing.
    uncertain: bool,
    moves_not_judged: u32,
    trace: Vec<TraceEntry>,
    /// The plies on the board, when kept ([`Judge::keep_line`]): one per ply, so that a
    /// restored position (Laws 7.5.1, CR 3.6) truncates it to its ply count.
    line: Option<Vec<PlyOnBoard>>,
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
        let ending = automatic_ending_with(&start, &history, true, test, false).map(ending_of);
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
            moved: ByColor::default(),
            events: 0,
            started: false,
            ended: None,
            pending: None,
            pending_two_handed: None,
            previous: None,
            draw_offer: None,
            refusals: ByColor::default(),
            illegal_moves: Vec::new(),
            illegal_counts: ByColor::default(),
            two_handed: ByColor::default(),
            claims: Vec::new(),
            moves_after_end: Vec::new(),
            reported: None,
            record_problems: Vec::new(),
            extra: Box::default(),
            stopped: false,
            uncertain: false,
            moves_not_judged: 0,
            trace: Vec::new(),
            line: None,
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
            white_start_rank: header.white_start_rank,
            black_start_rank: header.black_start_rank,
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

    /// Keeps the plies on the board from now on (for a record of the game, e.g. PGN): each
    /// legal move with its SAN, each illegal act played on as written. Off by default (a
    /// replay of a database never needs it).
    pub fn keep_line(&mut self) {
        self.line.get_or_insert_with(Vec::new);
    }

    /// The plies on the board ([`Judge::keep_line`]; empty when not kept).
    pub fn line(&self) -> &[PlyOnBoard] {
        self.line.as_deref().unwrap_or_default()
    }

    pub(super) fn push_ply(
        &mut self,
        event_index: usize,
        side: Color,
        uci: String,
        san: Option<String>,
    ) {
        if let Some(line) = &mut self.line {
            line.push(PlyOnBoard {
                event_index,
                side,
                uci,
                san,
            });
        }
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
        let was_over = self.ended.is_some();
        let index = self.events;
        let outcome = self.apply_at(event, index);
        if !was_over && self.ended.is_some() {
            self.extra.ended_at_event = Some(index);
        }
        outcome
    }

    fn apply_at(&mut self, event: &Event, index: usize) -> Result<(), JudgeError> {
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
                if self.line.is_some() {
                    fresh.line = Some(Vec::new());
                }
                *self = fresh;
                self.note(
                    index,
                    || Note::new("tr-header"),
                    || Note::new("tr-set-up"),
                    None,
                );
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
                    self.declared(index, Declaration::DrawOffer, p.by);
                    self.note(
                        index,
                        || Note::new("tr-draw-offer").arg("side", p.by),
                        || Note::new("tr-offer-stands"),
                        Some(Article::CR_DRAW_OFFER),
                    );
                }
                Ok(())
            }
            Event::DrawAccept(p) => {
                self.declared(index, Declaration::DrawAcceptance, p.by);
                self.accept_draw(p.by, index);
                Ok(())
            }
            Event::DrawReject(p) => {
                if self.draw_offer == Some(p.by.other()) {
                    self.draw_offer = None;
                    self.note(
                        index,
                        || Note::new("tr-draw-rejected").arg("side", p.by),
                        || Note::new("tr-offer-withdrawn"),
                        Some(Article::CR_DRAW_OFFER),
                    );
                }
                Ok(())
            }
            Event::Resign(p) => {
                self.declared(index, Declaration::Resignation, p.by);
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
                    self.declared(index, Declaration::Refusal, p.by);
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
                        || Note::new("tr-refusal-by").arg("side", p.by),
                        || Note::new("tr-refusal").arg("n", n).arg("limit", limit),
                        Some(Article::CR_WINS),
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
            Event::Touch(t) => {
                self.apply_touch(t, index);
                Ok(())
            }
            Event::Conduct(c) => {
                self.apply_conduct(c, index);
                Ok(())
            }
            Event::Coercion(c) => {
                self.apply_coercion(c, index);
                Ok(())
            }
            Event::Gap(g) => self.board_gap(g, index),
        }
    }

    pub(super) fn end(&mut self, result: GameResult, reason: Reason) {
        if self.ended.is_none() {
            // Under the FIDE preset the illegal-move limit is Laws 7.5.5, not CR 3.3.
            let article = match (reason, self.rules.preset) {
                (Reason::TwoIllegalMoves, Preset::Fide) => Article::SECOND_ILLEGAL_MOVE,
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

    /// A line of the trace (when asked for): the event and the decision as notes, written
    /// in English for the JSON `event` and `decision` and kept as data for other languages.
    pub(super) fn note(
        &mut self,
        index: usize,
        event: impl FnOnce() -> Note,
        decision: impl FnOnce() -> Note,
        article: Option<Article>,
    ) {
        if self.options.trace {
            let (event_note, decision_note) = (event(), decision());
            let entry = TraceEntry {
                event_index: index,
                ply: self.plies,
                event: event_note.text(Lang::En),
                decision: decision_note.text(Lang::En),
                article,
                event_note,
                decision_note,
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
            touch_move: self.extra.findings,
            conduct: self.extra.conduct,
            coercion: self.extra.coercion,
            mate_check: self.extra.mate_check,
            trace: self.options.trace.then_some(self.trace),
            repetition_history: self.history,
        }
    }
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

/// The judge's result and reason for an automatic ending of the Laws.
fn ending_of(ending: AutomaticEnding) -> (GameResult, Reason) {
    (GameResult::from(ending.outcome()), Reason::from(ending))
}
