//! Penalties of CR 3.x and Laws 7.5: an illegal act waits for a claim or notice until the
//! opponent's reply (CR 3.4–3.5); a counted one restores the position before it (7.5.1); the
//! illegal-move limit (CR 3.3, 7.5.5); two-handed moves (CR 3.7, 7.5.4); take-backs by
//! agreement (CR 3.6).

use shakmaty::Color;
use shakmaty::{Board, EnPassantMode, Position};

use crate::game::event::{ClaimKind, IllegalActEvent};
use crate::game::rules::Preset;
use crate::game::verdict::{
    ActKind, AfterEnd, GameResult, IllegalAct, OtherAct, Reason, Status, count_of,
};
use crate::i18n::Note;
use crate::laws::Article;
use crate::laws::illegal::PhysicalMove;

use super::position::{BoardState, apply_physical, board_field};
use super::{Judge, JudgeError, Pending};

impl Judge {
    /// Records an illegal act by `side` and puts it on the board as the hand made it; it waits
    /// for a claim or notice until the opponent's reply (CR 3.4–3.5).
    pub(super) fn illegal_act(
        &mut self,
        side: Color,
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
            next.turn = !side;
            next.ep_square = None;
            next.halfmoves = if zeroing { 0 } else { next.halfmoves + 1 };
        } else if let Some(pm) = pm {
            apply_physical(&mut next, side, &pm, ep);
        } else {
            // Nothing identifiable moved (a null move, an unreadable record): the turn passes.
            next.turn = !side;
            next.ep_square = None;
        }
        self.plies += 1;
        self.push_ply(index, side, notation.clone(), None);
        self.set_board_from_setup(next);
        self.reached_illegally = true;
        self.pending = Some(Pending { act, side, restore });
        self.note(
            index,
            || Note::new("tr-move").arg("move", notation),
            || {
                Note::new("tr-illegal").arg("code", kind.code()).term(
                    "kind",
                    "illegal",
                    kind.code(),
                )
            },
            Some(article),
        );
    }

    pub(super) fn set_status(&mut self, act: usize, status: Status) {
        if let Some(a) = self.illegal_moves.get_mut(act) {
            a.status = status;
            a.counted = status.counted();
        }
    }

    pub(super) fn apply_illegal_act(
        &mut self,
        a: &IllegalActEvent,
        index: usize,
    ) -> Result<(), JudgeError> {
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
                || Note::new("tr-illegal-act"),
                || {
                    Note::new("tr-after-end")
                        .arg("code", ending.reason.code())
                        .term("reason", "reason", ending.reason.code())
                },
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
    pub(super) fn illegal_move_called(
        &mut self,
        claimant: Option<Color>,
        by_arbiter: bool,
        index: usize,
    ) {
        let article = Article::CR_NOTICED_OR_CLAIMED;
        let Some(p) = &self.pending else {
            let explanation = Note::new("tr-last-move-legal");
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
                    || Note::new("tr-notice-illegal"),
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
                Note::new("tr-own-move"),
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
                Note::new("tr-claimed-counted-restored"),
            );
        }
        let (count, limit) = (
            *self.illegal_counts.get(p.side),
            self.rules.illegal_moves_to_lose,
        );
        self.note(
            index,
            || Note::new("tr-illegal-called"),
            || {
                Note::new("tr-illegal-counted")
                    .arg("count", count)
                    .arg("limit", limit)
            },
            Some(Article::ILLEGAL_MOVE_RESTORED),
        );
        self.check_illegal_limit(p.side);
    }

    /// A two-handed call that counts nothing: recorded as an incorrect claim of `claimant`,
    /// or as the arbiter's notice when `claimant` is `None`, with `explanation`.
    fn two_handed_call_refused(
        &mut self,
        claimant: Option<Color>,
        index: usize,
        article: Article,
        explanation: Note,
    ) {
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
                || Note::new("tr-notice-two-handed"),
                || explanation,
                Some(article),
            ),
        }
    }

    /// A claim or notice that the last move was two-handed (CR 3.7, Laws 7.5.4).
    pub(super) fn two_handed_called(
        &mut self,
        claimant: Option<Color>,
        by_arbiter: bool,
        index: usize,
    ) {
        let article = match self.rules.preset {
            Preset::Fide => Article::TWO_HANDED_MOVE,
            Preset::DetskyMat => Article::CR_TWO_HANDED_MOVES,
        };
        // Once the game is over nothing more is counted (Laws 5, 6.9, 7.5.5: the result stands):
        // a call after the end is recorded, never turned into another illegal move.
        if let Some(ending) = self.ended {
            let explanation = Note::new("tr-already-over-nothing")
                .arg("code", ending.reason.code())
                .term("reason", "reason", ending.reason.code());
            self.two_handed_call_refused(claimant, index, article, explanation);
            return;
        }
        // A two-handed move that was also illegal is judged as the illegal move.
        let side = match (self.pending_two_handed, &self.pending) {
            (Some(s), _) => Some(s),
            (None, Some(p)) => Some(p.side),
            (None, None) => None,
        };
        let Some(side) = side.filter(|s| claimant.is_none_or(|c| c != *s)) else {
            let explanation = Note::new("tr-no-two-handed");
            self.two_handed_call_refused(claimant, index, article, explanation);
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
                Note::new("tr-claimed-counted"),
            );
        }
        let per = self.rules.two_handed_per_illegal_move.max(1);
        self.note(
            index,
            || Note::new("tr-two-handed-called"),
            || {
                Note::new("tr-two-handed-counted")
                    .arg("counted", counted)
                    .arg("per", per)
            },
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
    pub(super) fn check_illegal_limit(&mut self, side: Color) {
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

    /// CR 3.6: the players take the last act back by agreement; nothing is counted.
    pub(super) fn take_back(&mut self, index: usize) {
        if self.ended.is_some() {
            return;
        }
        if let Some(p) = self.pending.take() {
            self.set_status(p.act, Status::TakenBack);
            self.restore(*p.restore);
            self.note(
                index,
                || Note::new("tr-take-back"),
                || Note::new("tr-take-back-agreed"),
                Some(Article::CR_TAKE_BACK),
            );
        } else if let Some(prev) = self.previous.take() {
            self.restore(*prev);
            self.pending_two_handed = None;
            self.note(
                index,
                || Note::new("tr-take-back"),
                || Note::new("tr-take-back-completed").arg("article", Article::CR_COMPLETED_MOVE),
                Some(Article::CR_COMPLETED_MOVE),
            );
        }
    }
}
