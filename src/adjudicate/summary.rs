//! The play-out adjudication as text for people in the event's language
//! ([`Adjudication::summary`]). English is the adjudication's `Display`, unchanged.

use crate::adjudicate::{Adjudication, Decision};
use crate::i18n::Lang;

impl Adjudication {
    /// The adjudication as text in `lang`: position, result (CR 4.3–4.5), the rule that
    /// decided with its reference, material, the mating line, the search figures and one line
    /// per rule tried (its [`crate::i18n::Note`] written in `lang`). English is the `Display`.
    pub fn summary(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        // A pawn ending's reference names its rule in English: the rule has its own line here.
        let reference = if self.pawn_rule.is_some() {
            self.article.article.label(lang)
        } else {
            self.article.text(lang)
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
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        s.push_str(&lang.fmt(
            "adj-search",
            &[
                ("nodes", &self.search.nodes.to_string()),
                ("depth", &self.search.depth.to_string()),
                ("limit", yes_no(self.search.limit_hit)),
            ],
        ));
        s.push('\n');
        for r in &self.reasons {
            s.push_str(&lang.fmt(
                "adj-rule-line",
                &[
                    ("rule", &r.rule.to_string()),
                    ("reference", &r.reference.text(lang)),
                    ("decided", yes_no(r.decided)),
                    ("text", &r.note.text(lang)),
                ],
            ));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    use crate::adjudicate::{AdjudicationConfig, adjudicate};
    use crate::i18n::Lang;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// The Russian summary writes every rule tried in Russian; the English one is the Display,
    /// whose rule lines are the notes' English text.
    #[test]
    fn rule_lines_in_russian() {
        // K+R v K: White is a rook up against a lone king (CR 4.3, lone-king rule or material).
        let a = adjudicate(
            &position("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"),
            &AdjudicationConfig::default(),
        );
        let ru = a.summary(Lang::Ru);
        assert!(
            ru.contains(
                "  правило 1 [Правила 5.1.1, 5.2.1, 9.6] -: по правилам партия не окончена\n"
            ),
            "{ru}"
        );
        assert!(
            ru.contains("позиция не мёртвая: белые — может выиграть, чёрные — не может выиграть"),
            "{ru}"
        );
        assert!(!ru.contains("rule "), "{ru}");
        let en = a.summary(Lang::En);
        assert!(
            en.contains("  rule 1 [Laws 5.1.1, 5.2.1, 9.6] -: the game is not over by rule\n"),
            "{en}"
        );
        assert!(
            en.contains("not dead: White winnable, Black unwinnable"),
            "{en}"
        );
        for r in &a.reasons {
            assert_eq!(r.text, r.note.text(Lang::En));
        }
    }
}
