//! The play-out adjudication as text for people in the event's language
//! ([`Adjudication::summary`]). English is the adjudication's `Display`, unchanged.

use crate::adjudicate::{Adjudication, Decision};
use crate::i18n::Lang;

impl Adjudication {
    /// The adjudication as text in `lang`: position, result (CR 4.3–4.5), the rule that
    /// decided with its reference, material, the mating line. English is the `Display` (with
    /// every rule tried); Russian names the rule that decided and points to `--lang en` for the
    /// rule-by-rule notes, which are not translated.
    pub fn summary(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        // A pawn ending's reference names its rule in English: the rule has its own line here.
        let reference = if self.pawn_rule.is_some() {
            self.article.article.to_string()
        } else {
            self.article.to_string()
        };
        let reference = match reference.split_once(' ') {
            Some(("CR", n)) => lang.fmt("article-cr", &[("n", n)]),
            Some(("Laws", n)) => lang.fmt("article-laws", &[("n", n)]),
            _ => reference,
        };
        let mut s = lang.fmt("adj-position", &[("fen", &self.fen)]);
        s.push('\n');
        s.push_str(&match self.result {
            Decision::Review => lang.fmt(
                "adj-review",
                &[("recommended", self.recommendation.as_str())],
            ),
            Decision::Decided(r) => lang.fmt("adj-result", &[("result", r.as_str())]),
        });
        s.push('\n');
        s.push_str(&lang.fmt(
            "adj-basis",
            &[
                ("basis", &self.basis.label(lang)),
                ("reference", &reference),
            ],
        ));
        s.push('\n');
        s.push_str(&lang.fmt(
            "adj-material",
            &[
                ("wb", &self.material_before.white.to_string()),
                ("bb", &self.material_before.black.to_string()),
                ("wa", &self.material_after.white.to_string()),
                ("ba", &self.material_after.black.to_string()),
            ],
        ));
        s.push('\n');
        if !self.mating_line.is_empty() {
            s.push_str(&lang.fmt("adj-mating-line", &[("line", &self.mating_line.join(" "))]));
            s.push('\n');
        }
        if let Some(rule) = self.pawn_rule {
            s.push_str(&lang.fmt("adj-pawn-rule", &[("rule", &rule.label(lang))]));
            s.push('\n');
        }
        if let Some(e) = &self.engine {
            let eval = match e.score {
                crate::adjudicate::engine::Score::Mate(n) if n >= 0 => {
                    lang.fmt("engine-mate-white", &[("n", &n.to_string())])
                }
                crate::adjudicate::engine::Score::Mate(n) => {
                    lang.fmt("engine-mate-black", &[("n", &(-n).to_string())])
                }
                score => score.to_string(),
            };
            s.push_str(&lang.fmt(
                "adj-engine",
                &[("eval", &eval), ("line", &e.pv_san.join(" "))],
            ));
            s.push('\n');
        }
        if self.repetitions > 1 {
            let count = self.repetitions.to_string();
            s.push_str(&lang.fmt("adj-repeated", &[("count", &count)]));
            s.push('\n');
        }
        s.push_str(&lang.msg("adj-rules-hint"));
        s.push('\n');
        s
    }
}
