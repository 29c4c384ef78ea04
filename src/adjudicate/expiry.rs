//! The rules applied after rules 1–8: the optional UCI engine (rule 9) and, at play-out expiry
//! from a game, the game's repetition history (Laws 9.2).

use shakmaty::{Chess, KnownOutcome, Position};

use super::engine::{self, EngineError, Score};
use super::{Adjudication, AdjudicationConfig, Basis, Decision, RuleReference, RuleTried};
use crate::i18n::Note;
use crate::laws::Article;
use crate::laws::draw::{self, RepetitionHistory};

/// The reference of rule 9's line: `CR 4.3–4.5, engine`.
pub(super) fn engine_reference() -> RuleReference {
    RuleReference::with(Article::CR_ADJUDICATION, "engine")
}

/// Rule 9: when an engine is configured and rules 1–8 left the arbiter's call or a verdict
/// by material alone, the engine's evaluation decides: mate or at least `win_cp` → win;
/// within ±`draw_cp` → draw; in between → the arbiter's call. A clearly won evaluation is
/// therefore never a draw.
pub(super) fn engine_rule(
    config: &AdjudicationConfig,
    engines: &engine::EnginePool,
    pos: &Chess,
    adj: &mut Adjudication,
) -> Result<(), EngineError> {
    let Some(engine) = &config.engine else {
        return Ok(());
    };
    let reference = RuleReference::with(
        Article::CR_ADJUDICATION,
        format!(
            "engine, win_cp={}, draw_cp={}",
            engine.win_cp, engine.draw_cp
        ),
    );
    if adj.result != Decision::Review && adj.basis != Basis::Material {
        adj.reasons.push(RuleTried::from_note(
            9,
            reference,
            false,
            Note::new("adj-engine-not-needed"),
        ));
        return Ok(());
    }
    let report = engines.analyse(engine, pos)?;
    let found = if report.pv_san.is_empty() {
        Note::new("adj-engine-eval")
    } else {
        Note::new("adj-engine-eval-line").arg("line", report.pv_san.join(" "))
    }
    .arg("engine", &report.name)
    .arg("score", report.score)
    .arg("depth", report.depth);
    let (result, recommendation, text) = match report.clear_winner(engine.win_cp) {
        Some(winner) => {
            let r = KnownOutcome::Decisive { winner };
            (
                Decision::Decided(r),
                r,
                Note::new("adj-engine-won").note("found", found),
            )
        }
        None => match report.score {
            Score::Cp(cp) if cp.abs() <= engine.draw_cp => (
                Decision::Decided(KnownOutcome::Draw),
                KnownOutcome::Draw,
                Note::new("adj-engine-equal").note("found", found),
            ),
            score => {
                // The side the engine favours, else what rules 1–8 recommended.
                let recommendation = match score {
                    Score::Cp(cp) if cp > 0 => KnownOutcome::Decisive {
                        winner: shakmaty::Color::White,
                    },
                    Score::Cp(_) => KnownOutcome::Decisive {
                        winner: shakmaty::Color::Black,
                    },
                    Score::Mate(_) => adj.recommendation,
                };
                (
                    Decision::Review,
                    recommendation,
                    Note::new("adj-engine-call")
                        .note("found", found)
                        .arg("recommended", recommendation),
                )
            }
        },
    };
    adj.reasons.push(RuleTried::from_note(
        9,
        reference.clone(),
        result != Decision::Review,
        text,
    ));
    adj.result = result;
    adj.recommendation = recommendation;
    adj.basis = Basis::Engine;
    adj.article = reference;
    adj.engine = Some(report);
    Ok(())
}

/// At play-out expiry from a game: a win (other than a checkmate on the board) in a position
/// that has already occurred is the arbiter's call — recommended a draw when the defender is
/// on move and can claim a threefold repetition (Laws 9.2.1, 9.2.2), else the win, with the
/// warning that the defender may repeat it.
pub(super) fn repetition_rule(pos: &Chess, history: &RepetitionHistory, adj: &mut Adjudication) {
    let Decision::Decided(KnownOutcome::Decisive { winner }) = adj.result else {
        return;
    };
    if adj.repetitions < 2 || adj.basis == Basis::Checkmate {
        return;
    }
    let defender_claims = pos.turn() != winner
        && (draw::threefold_now(history) || draw::threefold_claimable(history, pos));
    let times = adj.repetitions;
    let (recommendation, text) = if defender_claims {
        (
            KnownOutcome::Draw,
            Note::new("adj-repeated-claim")
                .arg("times", times)
                .arg("side", !winner),
        )
    } else {
        (
            adj.recommendation,
            Note::new("adj-repeated-win")
                .arg("times", times)
                .arg("side", !winner)
                .arg("recommended", adj.recommendation),
        )
    };
    let reference = RuleReference::new(Article::THREEFOLD_REPETITION);
    adj.reasons
        .push(RuleTried::from_note(1, reference.clone(), false, text));
    adj.result = Decision::Review;
    adj.recommendation = recommendation;
    adj.article = reference;
}

#[cfg(test)]
mod tests {
    use crate::i18n::{Lang, Note};
    use shakmaty::Color;

    /// The repetition finding at play-out expiry (Laws 9.2.1): English as before, Russian with
    /// the plural of «раз» and the side on move.
    #[test]
    fn repetition_finding_in_both_languages() {
        let note = Note::new("adj-repeated-claim")
            .arg("times", 2)
            .arg("side", Color::Black);
        assert_eq!(
            note.text(Lang::En),
            "arbiter's call: the position has occurred 2 times and Black, on move, can claim a draw by threefold repetition; recommended 1/2-1/2"
        );
        assert_eq!(
            note.text(Lang::Ru),
            "на усмотрение арбитра: позиция повторилась 2 раза, и чёрные, чья очередь хода, могут потребовать ничью по троекратному повторению; рекомендуется 1/2-1/2"
        );
        let note = Note::new("adj-repeated-win")
            .arg("times", 5)
            .arg("side", Color::White)
            .arg("recommended", "0-1");
        assert_eq!(
            note.text(Lang::Ru),
            "на усмотрение арбитра: позиция повторилась 5 раз; белые могут повторить её снова, поэтому выигрыш не присуждается; рекомендуется 0-1"
        );
    }
}
