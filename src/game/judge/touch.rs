//! Touch-move at the board (Laws 4.2–4.8, CR 3.8): the pieces the player on move deliberately
//! touches, the obligation they make ([`crate::laws::touch`]), the opponent's claim — before he
//! touches a piece himself (4.8) — which replaces a move that ignored it, and the report of a
//! move that ignores it again.

use crate::i18n::Note;
use shakmaty::{Color, Move, Position, Square};

use crate::game::event::{ClaimKind, TouchEvent};
use crate::game::verdict::{
    CoercionFinding, ConductFinding, Declaration, MateCheck, TouchMoveFinding, TouchMoveOutcome,
};
use crate::laws::Article;
use crate::laws::touch::{Duty, Obligation, obligation};

use super::Judge;
use super::moves::Written;
use super::position::BoardState;

/// The judge's state for touch-move, conduct and coercion, kept apart (boxed) so that plain
/// replays pay nothing for it.
#[derive(Clone, Debug, Default)]
pub(super) struct Extra {
    /// Deliberate touches this turn, in order, with who touched.
    pub(super) touches: Vec<(Color, Square)>,
    /// Who, this turn, touched a piece that a digital board saw lifted (it cannot see a
    /// "j'adoube", Laws 4.2.1).
    pub(super) lifted: Option<Color>,
    /// Who adjusted a piece after "j'adoube" this turn (Laws 4.2.1), kept with the move made
    /// after it to explain a claim.
    pub(super) adjusted: Option<Color>,
    pub(super) adjusted_before_move: Option<Color>,
    /// The last move made after touching pieces: what a correct claim replaces.
    pub(super) touched_move: Option<TouchedMove>,
    /// The obligation a correct claim set for the next move of that player.
    pub(super) obligation: Option<(Color, Obligation)>,
    pub(super) findings: Vec<TouchMoveFinding>,
    pub(super) conduct: Vec<ConductFinding>,
    pub(super) coercion: Vec<CoercionFinding>,
    /// Declarations (CR 4.6) by event index, in order.
    pub(super) declarations: Vec<(usize, Declaration, Color)>,
    /// The event that ended the game.
    pub(super) ended_at_event: Option<usize>,
    pub(super) mate_check: Option<MateCheck>,
}

#[derive(Clone, Debug)]
pub(super) struct TouchedMove {
    side: Color,
    obligation: Obligation,
    played: Move,
    notation: String,
    event_index: usize,
    /// Plies on the board after the move.
    ply: u32,
    /// The touches were seen by a digital board as lifts.
    lifted: bool,
}

impl Judge {
    /// A touch (Laws 4.2, 4.3; CR 3.8): it binds only when made by the player on move, on a
    /// piece, without "j'adoube".
    pub(super) fn apply_touch(&mut self, t: &TouchEvent, index: usize) {
        self.started = true;
        let what = || {
            Note::new("tr-touch")
                .arg("square", t.square)
                .arg("side", t.by)
        };
        if self.ended.is_some() {
            self.note(index, what, || Note::new("tr-claim-over"), None);
            return;
        }
        if t.by != self.board.turn() {
            self.note(
                index,
                what,
                || Note::new("tr-touch-opponent-turn"),
                Some(Article::CR_TOUCH_MOVE),
            );
            return;
        }
        if t.adjust {
            self.extra.adjusted = Some(t.by);
            self.note(
                index,
                what,
                || Note::new("tr-touch-adjusted"),
                Some(Article::ADJUSTING),
            );
            return;
        }
        if self.board.board().piece_at(t.square).is_none() {
            self.note(index, what, || Note::new("tr-touch-empty"), None);
            return;
        }
        self.extra.touches.push((t.by, t.square));
        if t.lifted {
            self.extra.lifted = Some(t.by);
        }
        if self.draw_offer == Some(t.by.other()) {
            self.draw_offer = None;
            self.note(
                index,
                || Note::new("tr-touch-bare"),
                || Note::new("tr-offer-touch"),
                Some(Article::CR_DRAW_OFFER),
            );
        }
        let lifted = t.lifted;
        self.note(
            index,
            what,
            move || {
                Note::new(if lifted {
                    "tr-touch-lifted"
                } else {
                    "tr-touch-deliberate"
                })
            },
            Some(Article::TOUCH_MOVE),
        );
    }

    /// Called with every legal move `m` by the player on move, before it is played: a move
    /// after a correct claim that ignores the obligation again is reported; a move made after
    /// touching pieces is kept so that a claim can replace it.
    pub(super) fn touch_before_move(
        &mut self,
        pos: &shakmaty::Chess,
        m: Move,
        written: &Written,
        index: usize,
    ) {
        let mover = pos.turn();
        let mut ignored = None;
        if let Some((side, duty)) = self.extra.obligation.take()
            && side == mover
            && !duty.allows(&m)
        {
            self.extra.findings.push(TouchMoveFinding {
                event_index: index,
                ply: self.plies + 1,
                side: mover,
                notation: written.text(),
                obligation: duty.describe(),
                obligation_note: duty.note(),
                outcome: TouchMoveOutcome::IgnoredAgain,
                article: duty.article,
                lifted: self.extra.lifted == Some(mover),
            });
            self.note(
                index,
                || Note::new("tr-move").arg("move", written.text()),
                || Note::new("tr-touch-ignored-again").note("duty", duty.note()),
                Some(duty.article),
            );
            // A new claim can replace it again.
            ignored = Some(duty);
        }
        let touched: Vec<Square> = self
            .extra
            .touches
            .iter()
            .filter(|(c, _)| *c == mover)
            .map(|(_, s)| *s)
            .collect();
        self.extra.touches.clear();
        let lifted = self.extra.lifted.take() == Some(mover);
        self.extra.adjusted_before_move = self.extra.adjusted.take().filter(|c| *c == mover);
        let duty = match ignored {
            Some(duty) => Some(duty),
            None if touched.is_empty() => None,
            None => Some(obligation(pos, &touched)),
        };
        self.extra.touched_move = match duty {
            None => None,
            Some(duty) => Some(TouchedMove {
                side: mover,
                obligation: duty,
                played: m,
                notation: written.text(),
                event_index: index,
                ply: self.plies + 1,
                lifted,
            }),
        };
    }

    /// A touch-move claim by `by` (Laws 4.3–4.5, 4.8; CR 3.8).
    pub(super) fn touch_move_claim(&mut self, by: Color, index: usize) {
        let article = Article::CR_TOUCH_MOVE;
        let opponent = by.other();
        let claimant_touched = self.extra.touches.iter().any(|(c, _)| *c == by);
        // The claim against the move just made.
        // The position before it is the judge's `previous` (kept for a take-back), set when
        // the move was played.
        if let Some(tm) = self.extra.touched_move.clone()
            && tm.side == opponent
            && tm.ply == self.plies
            && self.board.turn() == by
            && self.previous.is_some()
        {
            let ended_by_it = self
                .ended
                .is_some_and(|e| e.reason.is_automatic() && e.ply == tm.ply);
            if self.ended.is_some() && !ended_by_it {
                let text = Note::new("tr-claim-over");
                self.record_claim(index, by, ClaimKind::TouchMove, None, false, article, text);
                return;
            }
            if claimant_touched {
                let text = Note::new("touch-claim-touched");
                let a = Article::TOUCH_MOVE_CLAIM_LOST;
                self.record_claim(index, by, ClaimKind::TouchMove, None, false, a, text);
                return;
            }
            let duty = tm.obligation.clone();
            if duty.allows(&tm.played) {
                let text = match duty.duty {
                    Duty::Any => Note::new("touch-claim-none-could"),
                    _ => Note::new("touch-claim-fulfils").note("duty", duty.note()),
                };
                let a = duty.article;
                self.record_claim(index, by, ClaimKind::TouchMove, None, false, a, text);
                return;
            }
            // Correct: the move is taken back and must be replaced (not an illegal move).
            if let Some(before) = self.previous.take() {
                self.restore(*before);
            }
            if ended_by_it {
                self.ended = None;
            }
            self.extra.touched_move = None;
            self.extra.findings.push(TouchMoveFinding {
                event_index: tm.event_index,
                ply: tm.ply,
                side: opponent,
                notation: tm.notation.clone(),
                obligation: duty.describe(),
                obligation_note: duty.note(),
                outcome: TouchMoveOutcome::Replaced,
                article: duty.article,
                lifted: tm.lifted,
            });
            let text = Note::new("touch-claim-replaced")
                .arg("move", &tm.notation)
                .note("duty", duty.note());
            self.record_claim(
                index,
                by,
                ClaimKind::TouchMove,
                None,
                true,
                duty.article,
                text,
            );
            self.extra.obligation = Some((opponent, duty));
            return;
        }
        if self.ended.is_some() {
            let text = Note::new("tr-claim-over");
            self.record_claim(index, by, ClaimKind::TouchMove, None, false, article, text);
            return;
        }
        // The claim while the opponent is still on move: the obligation stands for his move.
        let touched: Vec<Square> = self
            .extra
            .touches
            .iter()
            .filter(|(c, _)| *c == opponent)
            .map(|(_, s)| *s)
            .collect();
        let (correct, text, a) = match &self.board {
            BoardState::Legal(pos) if pos.turn() == opponent && !touched.is_empty() => {
                let duty = obligation(pos, &touched);
                let a = duty.article;
                if duty.duty == Duty::Any {
                    (false, Note::new("touch-claim-none-can"), a)
                } else {
                    let text = Note::new("touch-claim-must").note("duty", duty.note());
                    self.extra.obligation = Some((opponent, duty));
                    (true, text, a)
                }
            }
            _ if self
                .extra
                .touched_move
                .as_ref()
                .is_some_and(|tm| tm.side == opponent) =>
            {
                (
                    false,
                    Note::new("touch-claim-moved-since"),
                    Article::TOUCH_MOVE_CLAIM_LOST,
                )
            }
            _ if self.extra.adjusted_before_move == Some(opponent)
                || self.extra.adjusted == Some(opponent) =>
            {
                (false, Note::new("touch-claim-adjusted"), Article::ADJUSTING)
            }
            _ => (false, Note::new("touch-claim-no-touch"), article),
        };
        self.record_claim(index, by, ClaimKind::TouchMove, None, correct, a, text);
    }
}
