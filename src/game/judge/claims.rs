//! Claims and offers: draw offers accepted (Laws 5.2.3, 9.1, CR 4.6), threefold repetition
//! (9.2) and fifty-move (9.3) claims with or without the intended move, and the record of every
//! claim and its decision.

use shakmaty::Color;
use shakmaty::Position;

use crate::game::event::{ClaimEvent, ClaimKind};
use crate::game::verdict::{ClaimRecord, GameResult, Reason, TraceEntry};
use crate::i18n::{Lang, Note};
use crate::laws::Article;
use crate::laws::draw::{self};

use super::moves::Written;
use super::position::BoardState;
use super::{Judge, JudgeError};

impl Judge {
    pub(super) fn accept_draw(&mut self, by: Color, index: usize) {
        if self.ended.is_some() {
            return;
        }
        if self.draw_offer != Some(by.other()) {
            self.note(
                index,
                || Note::new("tr-draw-accepted").arg("side", by),
                || Note::new("tr-no-offer"),
                Some(Article::CR_DRAW_OFFER),
            );
            return;
        }
        if !(self.moved.white && self.moved.black) {
            self.note(
                index,
                || Note::new("tr-draw-accepted").arg("side", by),
                || Note::new("tr-too-early"),
                Some(Article::DRAW_AGREEMENT),
            );
            return;
        }
        self.end(GameResult::Draw, Reason::DrawAgreement);
        self.note(
            index,
            || Note::new("tr-draw-accepted").arg("side", by),
            || Note::new("tr-agreed"),
            Some(Article::DRAW_AGREEMENT),
        );
    }

    pub(super) fn apply_claim(&mut self, c: &ClaimEvent, index: usize) -> Result<(), JudgeError> {
        self.started = true;
        match c.claim {
            ClaimKind::IllegalMove => self.illegal_move_called(Some(c.by), false, index),
            ClaimKind::TwoHanded => self.two_handed_called(Some(c.by), false, index),
            ClaimKind::TouchMove => {
                if let Some(text) = &c.intended {
                    return Err(JudgeError::UnreadableMove {
                        index,
                        text: text.clone(),
                        reason: "a touch-move claim takes no \"move\": the replacing move \
                                 is the player's next move event"
                            .into(),
                    });
                }
                self.touch_move_claim(c.by, index);
            }
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
    pub(super) fn draw_claim(
        &mut self,
        by: Color,
        kind: ClaimKind,
        intended: Option<Written>,
        index: usize,
    ) {
        let article = match kind {
            ClaimKind::Threefold => Article::THREEFOLD_REPETITION,
            _ => Article::FIFTY_MOVES,
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
                Note::new("tr-claim-over"),
            );
            return;
        }
        let (correct, explanation, legal_move) = match &self.board {
            BoardState::Legal(pos) if pos.turn() == by && self.pending.is_none() => {
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
                // With an intended move, the claim is about the position after it (9.2.1).
                let after = legal
                    .filter(|_| kind == ClaimKind::Threefold)
                    .map(|mv| draw::count_after_move(&self.history, pos, mv));
                let explanation = match (kind, now, with_move) {
                    (ClaimKind::Threefold, true, _) => Note::new("tr-appeared").arg("count", count),
                    (ClaimKind::Threefold, false, true) => {
                        Note::new("tr-intended-would").arg("after", after.unwrap_or(3))
                    }
                    (ClaimKind::Threefold, false, false) => match after {
                        Some(n) => Note::new("tr-intended-only")
                            .arg("after", n)
                            .arg("count", count),
                        None => Note::new("tr-appeared-only").arg("count", count),
                    },
                    (_, true, _) => Note::new("tr-plies-without").arg("plies", pos.halfmoves()),
                    (_, false, true) => Note::new("tr-intended-fifty"),
                    (_, false, false) => Note::new("tr-only-plies").arg("plies", pos.halfmoves()),
                };
                (now || with_move, explanation, legal)
            }
            BoardState::Legal(_) if self.pending.is_some() => {
                (false, Note::new("tr-reached-illegally"), None)
            }
            BoardState::Legal(_) => (false, Note::new("tr-only-on-move"), None),
            BoardState::Irregular(_) => (false, Note::new("tr-claim-irregular"), None),
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
            && self.board.turn() == by
        {
            // Laws 9.5.3: the declared move must then be played.
            self.play_written(w, Some(by), 1, index);
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn record_claim(
        &mut self,
        index: usize,
        by: Color,
        claim: ClaimKind,
        intended: Option<String>,
        correct: bool,
        article: Article,
        explanation: Note,
    ) {
        if self.options.trace {
            let code = serde_json::to_value(claim).unwrap_or_default();
            let code = code.as_str().unwrap_or_default();
            let event_note = Note::new("tr-claim")
                .arg("name", code)
                .term("claim", "claim", code)
                .arg("side", by);
            let decision_note = Note::new("tr-claim-decision")
                .arg("correct", if correct { "yes" } else { "no" })
                .note("explanation", explanation.clone());
            self.trace.push(TraceEntry {
                event_index: index,
                ply: self.plies,
                event: event_note.text(Lang::En),
                decision: decision_note.text(Lang::En),
                article: Some(article),
                event_note,
                decision_note,
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
            explanation: explanation.text(Lang::En),
            explanation_note: explanation,
        });
    }
}
