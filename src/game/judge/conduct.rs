//! Conduct recorded by the arbiter (CR 2.1, 2.2, 4.4) and declarations voided under coercion
//! (CR 4.6).

use crate::i18n::Note;
use shakmaty::Color;

use crate::game::event::{CoercionEvent, ConductEvent, ConductKind};
use crate::game::verdict::{
    CoercionFinding, ConductFinding, Declaration, Discrepancy, GameResult, Reason,
};
use crate::laws::Article;

use super::{Ending, Judge};

impl Judge {
    /// Remembers a declaration (resignation, draw offer or acceptance, refusal) that a later
    /// coercion event can void (CR 4.6).
    pub(super) fn declared(&mut self, index: usize, kind: Declaration, by: Color) {
        self.extra.declarations.push((index, kind, by));
    }

    /// Ends the game now, replacing an earlier ending.
    fn end_over(&mut self, result: GameResult, reason: Reason) {
        self.ended = None;
        self.end(result, reason);
    }

    /// A conduct finding (CR 2.1, 2.2, 4.4): the player loses. A device or a cheating incident
    /// decides the game even after it ended otherwise (the result was obtained against the
    /// rules); when both players are found so, both lose (0-0). A player who leaves after the
    /// end of the game loses nothing.
    pub(super) fn apply_conduct(&mut self, c: &ConductEvent, index: usize) {
        self.started = true;
        let reason = match c.kind {
            ConductKind::Device => Reason::ElectronicDevice,
            ConductKind::Cheating => Reason::Cheating,
            ConductKind::Left => Reason::LeftTheRound,
        };
        let by_conduct = |r: Reason| matches!(r, Reason::ElectronicDevice | Reason::Cheating);
        let decided = match self.ended {
            None => {
                self.end(GameResult::win_for(c.by.other()), reason);
                true
            }
            Some(_) if c.kind == ConductKind::Left => false,
            // Already lost by his own conduct, or both already lost.
            Some(Ending { result, .. })
                if result == GameResult::win_for(c.by.other())
                    && by_conduct(self.ended_reason()) =>
            {
                false
            }
            Some(Ending {
                result, reason: r, ..
            }) if result == GameResult::win_for(c.by) && by_conduct(r) => {
                self.end_over(GameResult::BothLose, reason);
                true
            }
            Some(Ending {
                result: GameResult::BothLose,
                reason: r,
                ..
            }) if by_conduct(r) => false,
            Some(_) => {
                self.end_over(GameResult::win_for(c.by.other()), reason);
                true
            }
        };
        let article = c.kind.article();
        self.extra.conduct.push(ConductFinding {
            event_index: index,
            ply: self.plies,
            by: c.by,
            kind: c.kind,
            decided,
            article,
        });
        let result = self.ended.map(|e| e.result.as_str()).unwrap_or("*");
        self.note(
            index,
            || {
                Note::new("tr-conduct")
                    .arg("code", c.kind.code())
                    .term("kind", "conduct", c.kind.code())
                    .arg("side", c.by)
            },
            || {
                if decided {
                    Note::new("tr-conduct-loses").arg("result", result)
                } else {
                    Note::new("tr-conduct-recorded")
                }
            },
            Some(article),
        );
    }

    fn ended_reason(&self) -> Reason {
        self.ended.map_or(Reason::Unfinished, |e| e.reason)
    }

    /// A declaration found to be made under coercion is void (CR 4.6): the result is revised
    /// in favour of the coerced player. A declaration that ended the game reopens it when play
    /// can go on (nothing was recorded after it); otherwise the game is scored for the coerced
    /// player. A standing draw offer is withdrawn; a refusal no longer counts.
    pub(super) fn apply_coercion(&mut self, c: &CoercionEvent, index: usize) {
        let target = c.event_index;
        let found = self
            .extra
            .declarations
            .iter()
            .find(|(i, _, _)| *i == target)
            .copied();
        let article = Article::CR_COERCION;
        let Some((_, kind, by)) = found else {
            let effect_note = Note::new("coercion-nothing").arg("target", target);
            let effect = effect_note.text(crate::i18n::Lang::En);
            self.note(
                index,
                || Note::new("tr-coercion-bare"),
                || effect_note.clone(),
                Some(article),
            );
            self.extra.coercion.push(CoercionFinding {
                event_index: index,
                declaration_index: target,
                declaration: None,
                by: None,
                voided: false,
                effect,
                effect_note,
                article,
            });
            return;
        };
        let ended_by_it = match (self.extra.ended_at_event, kind) {
            (Some(e), _) if e == target => true,
            // An offer voided after its acceptance ended the game: the agreement goes with it.
            (Some(e), Declaration::DrawOffer) => {
                self.ended_reason() == Reason::DrawAgreement
                    && self
                        .extra
                        .declarations
                        .iter()
                        .rev()
                        .find(|(i, k, _)| *i < e && *k == Declaration::DrawOffer)
                        .is_some_and(|(i, _, _)| *i == target)
            }
            _ => false,
        };
        let code = kind.code();
        let void = |id: &'static str| Note::new(id).term("declaration", "declaration", code);
        let effect_note = if ended_by_it {
            let can_go_on = self.moves_after_end.is_empty() && self.reported.is_none();
            if can_go_on {
                self.ended = None;
                self.extra.mate_check = None;
                self.extra.ended_at_event = None;
                if kind == Declaration::Refusal {
                    let r = self.refusals.get_mut(by);
                    *r = r.saturating_sub(1);
                }
                void("coercion-goes-on")
            } else {
                self.end_over(GameResult::win_for(by), Reason::CoercedDeclarationVoid);
                self.extra.mate_check = None;
                if let Some(r) = &mut self.reported
                    && r.result != GameResult::win_for(by)
                    && !r
                        .discrepancies
                        .contains(&Discrepancy::ResultContradictsEnding)
                {
                    r.discrepancies.push(Discrepancy::ResultContradictsEnding);
                    r.agrees = false;
                }
                self.extra.ended_at_event = Some(index);
                void("coercion-scored")
                    .arg("result", GameResult::win_for(by))
                    .arg("side", by)
            }
        } else {
            match kind {
                Declaration::DrawOffer if self.draw_offer == Some(by) => {
                    self.draw_offer = None;
                    void("coercion-withdrawn")
                }
                Declaration::Refusal => {
                    let r = self.refusals.get_mut(by);
                    *r = r.saturating_sub(1);
                    let n = *r;
                    void("coercion-refusals").arg("n", n)
                }
                _ => void("coercion-undecided"),
            }
        };
        let effect = effect_note.text(crate::i18n::Lang::En);
        self.note(
            index,
            || Note::new("tr-coercion").arg("target", target),
            || effect_note.clone(),
            Some(article),
        );
        self.extra.coercion.push(CoercionFinding {
            event_index: index,
            declaration_index: target,
            declaration: Some(kind),
            by: Some(by),
            voided: true,
            effect,
            effect_note,
            article,
        });
    }
}
