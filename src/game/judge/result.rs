//! Endings reported from outside the board: resignation (Laws 5.1.2) and flag fall (6.9), a
//! draw when the opponent cannot mate; the result reported by the players or the record (CR
//! 4.2), checked against the board; the play-out expiry and its adjudication (CR 4.3–4.5).

use shakmaty::Color;
use shakmaty::{Board, Position};

use crate::game::event::ResultEvent;
use crate::game::verdict::MateCheck;
use crate::game::verdict::{Discrepancy, GameResult, Reason, ReportCheck, ReportSource};
use crate::i18n::Note;
use crate::laws::Article;
use crate::laws::winnability::{Winnability, WinnabilityConfig, WinnabilityReport, can_mate_with};
use shakmaty::san::SanPlus;

use super::position::{BoardState, board_field};
use super::{Judge, JudgeError};
use crate::laws::ending::statically_unwinnable;

impl Judge {
    /// True only when `side` provably cannot mate (Laws 5.1.2, 6.9, 7.5.5). An irregular
    /// position is never proved unwinnable.
    pub(super) fn unwinnable_for(&self, side: Color) -> bool {
        self.winnability(side)
            .is_some_and(|r| r.verdict == Winnability::Unwinnable)
    }

    /// Can `side` mate by any series of legal moves from the position on the board? `None` in
    /// an irregular position.
    fn winnability(&self, side: Color) -> Option<WinnabilityReport> {
        match &self.board {
            BoardState::Legal(pos) => Some(can_mate_with(pos, side, &WinnabilityConfig::full())),
            BoardState::Irregular(_) => None,
        }
    }

    /// The verdict's `mate_check` from `report` on `side`: the answer, how it was shown and
    /// the mating line in SAN (Laws 6.9).
    fn mate_check(&self, side: Color, report: &WinnabilityReport) -> Option<MateCheck> {
        let BoardState::Legal(pos) = &self.board else {
            return None;
        };
        let mut line = Vec::new();
        if let Winnability::Winnable { helpmate } = &report.verdict {
            let mut p = pos.clone();
            for m in helpmate {
                line.push(SanPlus::from_move_and_play_unchecked(&mut p, *m).to_string());
            }
        }
        Some(MateCheck {
            side,
            answer: report.verdict.label(),
            method: report.method,
            line,
        })
    }

    pub(super) fn loss_unless_unwinnable(
        &mut self,
        loser: Color,
        lose: Reason,
        draw: Reason,
        index: usize,
    ) {
        if self.ended.is_some() {
            self.note(
                index,
                || lose_note(lose, loser),
                || Note::new("tr-already-over"),
                None,
            );
            return;
        }
        let winner = loser.other();
        let report = self.winnability(winner);
        if report
            .as_ref()
            .is_some_and(|r| r.verdict == Winnability::Unwinnable)
        {
            self.end(GameResult::Draw, draw);
        } else {
            self.end(GameResult::win_for(winner), lose);
        }
        // The verdict shows the check for a flag fall (Laws 6.9), where the issue is most
        // often disputed; resignations keep their verdicts as before.
        if lose == Reason::FlagFall {
            self.extra.mate_check = report.and_then(|r| self.mate_check(winner, &r));
        }
        let result = self.ended.map(|e| e.result.as_str()).unwrap_or("*");
        self.note(
            index,
            || lose_note(lose, loser),
            || Note::new("tr-game-ends").arg("result", result),
            Some(lose.article()),
        );
    }

    pub(super) fn apply_result_event(
        &mut self,
        r: &ResultEvent,
        index: usize,
    ) -> Result<(), JudgeError> {
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

    /// Adds a discrepancy found in the record itself (not on the board) to the reported result's
    /// check, which then disagrees; nothing without a reported result.
    pub fn add_report_discrepancy(&mut self, discrepancy: Discrepancy) {
        if let Some(r) = &mut self.reported
            && !r.discrepancies.contains(&discrepancy)
        {
            r.discrepancies.push(discrepancy);
            r.agrees = false;
        }
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
                    && statically_unwinnable(pos, w)
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
        if self.uncertain {
            discrepancies.push(Discrepancy::GapInRecord);
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
    pub(super) fn playout_expired(&mut self, index: usize) {
        if self.ended.is_some() {
            return;
        }
        // The play-out adjudication (`crate::adjudicate`, CR 4.3–4.5) decides a legal position; the arbiter's call (`review`) and an irregular board leave the game
        // unfinished, awaiting the arbiter, with the engine's recommendation in the trace.
        let adjudication = match &self.board {
            BoardState::Legal(pos) => {
                let config = self.rules.preset.adjudication();
                // A preset has no Syzygy directory and no engine, the only things that fail.
                let adjudicator = crate::adjudicate::Adjudicator::new(config).ok();
                // The game's repetition history: fivefold ends it, a repeated position is
                // not adjudicated won (CR 4.3).
                adjudicator.and_then(|a| a.adjudicate_game(pos, &self.history).ok())
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
                let basis = basis.as_str().unwrap_or_default();
                last_reason(
                    Note::new("tr-adjudicated")
                        .arg("result", result.as_str())
                        .arg("basis_code", basis)
                        .label("basis", a.basis.message(), basis),
                    a,
                )
            }
            (Some(a), None) => {
                self.end(GameResult::Unfinished, Reason::AdjudicationRequired);
                last_reason(
                    Note::new("tr-arbiters-call").arg("recommended", a.recommendation),
                    a,
                )
            }
            (None, _) => {
                self.end(GameResult::Unfinished, Reason::AdjudicationRequired);
                Note::new("tr-adjudication-required")
            }
        };
        self.note(
            index,
            || Note::new("tr-playout"),
            || decision,
            Some(Article::CR_PLAY_OUT),
        );
    }
}

/// The trace's event for a loss by `lose` (resignation, flag fall, …) of `loser`.
fn lose_note(lose: Reason, loser: Color) -> Note {
    Note::new("tr-lose")
        .arg("code", lose.code())
        .term("reason", "reason", lose.code())
        .arg("side", loser)
}

/// `note` with the adjudication's last rule note as its argument `note` (empty without one).
fn last_reason(note: Note, a: &crate::adjudicate::Adjudication) -> Note {
    match a.reasons.last() {
        Some(r) => note.note("note", r.note.clone()),
        None => note.arg("note", ""),
    }
}
