//! Moves: how a move was written (UCI or SAN) and how the judge plays it — resolved to a legal
//! move, or classified as an illegal act (Laws 3, 7.5), or put on an irregular board as made
//! (A.5.4); the automatic endings after each legal move ([`crate::laws::ending`]); record
//! problems and moves after the end of the game.

use shakmaty::Color;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::game::event::MoveEvent;
use crate::game::verdict::{
    ActKind, AfterEnd, GameResult, IllegalAct, OtherAct, Reason, RecordProblem, RecordProblemKind,
    Status,
};
use crate::i18n::Note;
use crate::laws::Article;
use crate::laws::draw::{self};
use crate::laws::illegal::{IllegalMove, PhysicalMove, classify};
use crate::laws::san;

use super::position::{BoardState, apply_physical, physical};
use super::{Ending, Judge, JudgeError};
use crate::laws::ending::automatic_ending;

/// How a move was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// UCI (`e2e4`, `e7e8q`, `e1g1` / `e1h1`, `0000`).
    Uci(UciMove),
    /// SAN (`Nf3`, `O-O`, `--`; also `0-0` and `a8Q`, as [`san::read_san`] reads them).
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
            (None, Some(s)) => san::read_san(s)
                .map(|sp| Written::San(sp.san))
                .map_err(|e| e.to_string()),
            _ => Err("a move needs exactly one of \"uci\" and \"san\"".to_owned()),
        }
    }

    /// Reads text that may be UCI or SAN (UCI first).
    pub fn parse_any(text: &str) -> Result<Written, String> {
        Written::parse(Some(text), None).or_else(|_| Written::parse(None, Some(text)))
    }

    pub(super) fn text(&self) -> String {
        match self {
            Written::Uci(u) => u.to_string(),
            Written::San(s) => s.to_string(),
        }
    }
}

impl Judge {
    /// Plays a move from a plain sequence (PGN mainline): the fast path. Legal moves cost no
    /// heap allocation; illegal ones are handled exactly as [`Event::Move`](crate::game::event::Event::Move).
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
            && self.extra.obligation.is_none()
            && self.extra.touches.is_empty()
            && let BoardState::Legal(pos) = &self.board
            && let Some(m) = resolved.or_else(|| san::to_move(pos, san).ok())
        {
            return self.play_legal(m, index, next);
        }
        // A SAN no piece on the board can make, legal or not: the position after it cannot be
        // known, so judging stops rather than going on from a wrong board.
        if self.ended.is_none()
            && !self.stopped
            && san != San::Null
            && let BoardState::Legal(pos) = &self.board
            && san::to_move(pos, san) == Err(shakmaty::san::SanError::IllegalSan)
            && physical(&Written::San(san), &self.board).is_none()
        {
            self.record_problem(index, &Written::San(san), RecordProblemKind::UnplayableSan);
            self.stopped = true;
            return None;
        }
        self.play_written(Written::San(san), None, 1, index);
        None
    }

    /// A token of the record that cannot be read as a move (a PGN main-line token the reader
    /// skips, `Zz9`): recorded as [`RecordProblemKind::UnreadableToken`] at the next ply, and
    /// judging stops there (a move may be missing); the moves after it are counted as not
    /// judged.
    pub fn unreadable_token(&mut self, text: &str) {
        if self.stopped || self.ended.is_some() {
            return;
        }
        let index = self.events;
        self.note(
            index,
            || Note::new("tr-token").arg("text", text),
            || {
                Note::new("tr-record-problem")
                    .arg("name", "unreadable_token")
                    .term("problem", "problem", "unreadable_token")
            },
            None,
        );
        self.record_problems.push(RecordProblem {
            event_index: index,
            ply: self.plies + 1,
            notation: text.to_owned(),
            problem: RecordProblemKind::UnreadableToken,
            candidates: Vec::new(),
        });
        self.stopped = true;
    }

    /// Plays a written move by the player on move (UCI or SAN), as [`Event::Move`](crate::game::event::Event::Move) without
    /// extras.
    pub fn play(&mut self, written: Written) {
        let index = self.events;
        self.events += 1;
        self.started = true;
        self.play_written(written, None, 1, index);
    }

    pub(super) fn apply_move_event(
        &mut self,
        m: &MoveEvent,
        index: usize,
    ) -> Result<(), JudgeError> {
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

    pub(super) fn play_written(
        &mut self,
        written: Written,
        side: Option<Color>,
        hands: u8,
        index: usize,
    ) {
        if self.stopped {
            self.moves_not_judged += 1;
            return;
        }
        if let Some(ending) = self.ended {
            self.move_after_end(written, ending, index);
            return;
        }
        let turn = self.board.turn();
        // Who moved: as stated, or the owner of the piece lifted (Black moving first).
        let mover = side.unwrap_or_else(|| match written {
            Written::Uci(UciMove::Normal { from, .. }) => self
                .board
                .board()
                .color_at(from)
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
                    || Note::new("tr-reply"),
                    || Note::new("tr-played-on"),
                    Some(Article::CR_CLAIM_BEFORE_REPLY),
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
                || Note::new("tr-move-bare"),
                || Note::new("tr-offer-touch"),
                Some(Article::CR_DRAW_OFFER),
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
                    Written::San(s) => san::to_move(&pos, *s).err(),
                    Written::Uci(_) => None,
                };
                if san_error == Some(shakmaty::san::SanError::AmbiguousSan) {
                    self.record_problem(index, &written, RecordProblemKind::AmbiguousSan);
                    if let (Written::San(s), Some(p)) = (&written, self.record_problems.last_mut())
                    {
                        p.candidates = pos
                            .legal_moves()
                            .iter()
                            .filter(|m| s.matches(**m))
                            .map(|m| m.to_uci(self.mode).to_string())
                            .collect();
                    }
                    self.stopped = true;
                    return;
                }
                match self.resolve(&pos, &written) {
                    Ok(m) => {
                        if san_error.is_some() {
                            self.record_problem(index, &written, RecordProblemKind::InexactSan);
                        }
                        // Touch-move (Laws 4.3, CR 3.8): kept for a claim, or reported.
                        self.touch_before_move(&pos, m, &written, index);
                        // Kept for a take-back by agreement (CR 3.6); event path only.
                        self.previous = Some(Box::new(self.snapshot()));
                        self.play_legal(m, index, None);
                        if hands > 1 {
                            self.two_handed.get_mut(mover).observed += 1;
                            self.pending_two_handed = Some(mover);
                            self.note(
                                index,
                                || Note::new("tr-two-handed-move").arg("move", written.text()),
                                || Note::new("tr-two-handed-pending"),
                                Some(Article::CR_TWO_HANDED_MOVES),
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
                    apply_physical(&mut next, mover, &pm, None);
                } else {
                    next.turn = !mover;
                }
                self.plies += 1;
                self.push_ply(index, mover, written.text(), None);
                self.set_board_from_setup(next);
                self.note(
                    index,
                    || Note::new("tr-move").arg("move", written.text()),
                    || Note::new("tr-irregular-move"),
                    Some(Article::ILLEGAL_POSITION_STANDS),
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
    pub(super) fn resolve(
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
            Written::San(s) => match san::to_move(pos, *s) {
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
    pub(super) fn play_legal(&mut self, m: Move, index: usize, next: Option<San>) -> Option<Move> {
        let BoardState::Legal(pos) = &mut self.board else {
            return None;
        };
        let mover = pos.turn();
        // After a capture or pawn move no earlier position can recur. (Other moves shakmaty
        // calls irreversible — castling, a loss of castling rights — change the key, so the
        // history may keep the positions before them: they never match again.)
        let zeroing = m.is_zeroing();
        let key = draw::KeyUpdate::before(pos, self.key, m);
        let kept = self
            .line
            .is_some()
            .then(|| (m.to_uci(self.mode).to_string(), San::from_move(pos, m)));
        pos.play_unchecked(m);
        if let Some((uci, san)) = kept {
            let mark = if pos.is_checkmate() {
                "#"
            } else if pos.is_check() {
                "+"
            } else {
                ""
            };
            self.push_ply(index, mover, uci, Some(format!("{san}{mark}")));
        }
        let BoardState::Legal(pos) = &mut self.board else {
            return None;
        };
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
        let ending = automatic_ending(pos, &self.history, material_changed, next_move.is_some())
            .map(super::ending_of);
        if self.options.trace {
            let text = m.to_string();
            self.note(
                index,
                || Note::new("tr-move").arg("move", text),
                || match ending {
                    Some((_, r)) => Note::new("tr-legal-ends").arg("code", r.code()).term(
                        "reason",
                        "reason",
                        r.code(),
                    ),
                    None => Note::new("tr-legal"),
                },
                ending.map(|(_, r)| r.article()),
            );
        }
        if let Some((result, reason)) = ending {
            self.end(result, reason);
        }
        next_move
    }

    /// A gap in an e-board's record ([`crate::game::event::Event::Gap`]): a record problem at the
    /// next ply ([`RecordProblemKind::RecoveredPlies`] when one sequence was found, else
    /// [`RecordProblemKind::BoardGap`]); with none found the game goes on from the board after
    /// the gap (`fen`). Nothing after the game's end.
    ///
    /// # Errors
    /// [`JudgeError::InvalidBoard`] when `fen` is not a FEN (an event log written by hand).
    pub(super) fn board_gap(
        &mut self,
        g: &crate::game::event::GapEvent,
        index: usize,
    ) -> Result<(), JudgeError> {
        if self.ended.is_some() || self.stopped {
            return Ok(());
        }
        let after =
            match (&g.fen, g.sequences) {
                (Some(fen), 0) => Some(fen.parse::<shakmaty::fen::Fen>().map_err(|_| {
                    JudgeError::InvalidBoard {
                        index,
                        text: fen.clone(),
                    }
                })?),
                _ => None,
            };
        self.started = true;
        let problem = if g.sequences == 1 {
            RecordProblemKind::RecoveredPlies
        } else {
            RecordProblemKind::BoardGap
        };
        self.push_record_problem(
            index,
            || Note::new("tr-gap").arg("plies", g.plies),
            problem,
            g.found.first().cloned().unwrap_or_default(),
            g.found.iter().skip(1).cloned().collect(),
        );
        if problem == RecordProblemKind::BoardGap {
            self.uncertain = true;
        }
        if let Some(fen) = after {
            self.set_board_from_setup(fen.as_setup().clone());
            self.history = crate::laws::draw::RepetitionHistory::new(self.key);
            self.previous = None;
            self.pending = None;
            self.reached_illegally = false;
        }
        Ok(())
    }

    pub(super) fn record_problem(
        &mut self,
        index: usize,
        written: &Written,
        problem: RecordProblemKind,
    ) {
        let notation = written.text();
        let shown = notation.clone();
        self.push_record_problem(
            index,
            || Note::new("tr-move").arg("move", &shown),
            problem,
            notation,
            Vec::new(),
        );
    }

    /// Records `problem` at the next ply (event `index`, traced as `event`), written
    /// `notation`, with the other ways the record may be read (`candidates`).
    fn push_record_problem(
        &mut self,
        index: usize,
        event: impl FnOnce() -> Note,
        problem: RecordProblemKind,
        notation: String,
        candidates: Vec<String>,
    ) {
        self.note(
            index,
            event,
            || {
                Note::new("tr-record-problem")
                    .arg("name", problem.code())
                    .term("problem", "problem", problem.code())
            },
            None,
        );
        self.record_problems.push(RecordProblem {
            event_index: index,
            ply: self.plies + 1,
            notation,
            problem,
            candidates,
        });
    }

    pub(super) fn move_after_end(&mut self, written: Written, ending: Ending, index: usize) {
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
            let side = self.board.turn();
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
            || Note::new("tr-move").arg("move", notation),
            || {
                Note::new("tr-after-end-move")
                    .arg("code", ending.reason.code())
                    .term("reason", "reason", ending.reason.code())
            },
            None,
        );
    }
}
