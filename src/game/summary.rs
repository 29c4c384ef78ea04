//! The judge's verdict as a short text for people in the event's language
//! ([`Verdict::summary`]): the result, its reason and article, the illegal moves and
//! two-handed moves that counted (CR 3.3–3.7), claims, the reported result (CR 4.2) and the
//! final position.

use shakmaty::Color;

use crate::game::verdict::{RecordProblem, Verdict};
use crate::i18n::Lang;

impl Verdict {
    /// One line per record problem (ambiguous, unplayable, unreadable or inexact move text),
    /// each ending in a newline: where it stands, what is wrong, and how many moves were not
    /// judged after a problem that stops judging.
    pub fn record_problem_lines(&self, lang: Lang) -> String {
        let mut s = String::new();
        for p in &self.record_problems {
            s.push_str(&self.record_problem_line(p, lang));
            s.push('\n');
        }
        s
    }

    /// One record problem in words (indented, no newline): where it stands, what is wrong.
    pub fn record_problem_line(&self, p: &RecordProblem, lang: Lang) -> String {
        lang.fmt(
            &format!("record-{}", p.problem.code()),
            &[
                ("move", &p.notation),
                ("ply", &p.ply.to_string()),
                (
                    "candidates",
                    &if p.candidates.is_empty() {
                        "none".to_owned()
                    } else {
                        p.candidates.join(", ")
                    },
                ),
                ("n", &self.moves_not_judged.to_string()),
            ],
        )
    }

    /// The verdict as text for people in `lang`: the reason, the kind of each illegal act, its
    /// status and the claims in words (`checkmate, Laws 5.1.1`; `мат, Правила 5.1.1`), never
    /// the JSON's snake_case names; the `--trace` lines too (from their notes). [`Verdict`]'s
    /// `Display` is the same in English with the JSON's names, for logs.
    pub fn summary(&self, lang: Lang) -> String {
        let side = |c: Color| {
            lang.msg(match c {
                Color::White => "side-white",
                Color::Black => "side-black",
            })
        };
        let by = |c: Color| {
            lang.msg(match c {
                Color::White => "by-white",
                Color::Black => "by-black",
            })
        };
        let white = self
            .game
            .white
            .clone()
            .unwrap_or_else(|| side(Color::White));
        let black = self
            .game
            .black
            .clone()
            .unwrap_or_else(|| side(Color::Black));
        let reason = lang.msg(&format!("reason-{}", self.reason.code()));
        let why = match self.article {
            Some(a) => format!("{reason}, {}", a.label(lang)),
            None => reason,
        };
        let plies = self.plies.to_string();
        let mut s = lang.fmt(
            "verdict-head",
            &[
                ("white", &white),
                ("black", &black),
                ("result", self.result.as_str()),
                ("why", &why),
                ("plies", &plies),
            ],
        );
        s.push('\n');
        for act in &self.illegal_moves {
            let status = serde_json::to_value(act.status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            s.push_str(&lang.fmt(
                "verdict-illegal",
                &[
                    ("ply", &act.ply.to_string()),
                    ("by", &by(act.side)),
                    ("move", &act.notation),
                    ("kind", &lang.msg(&format!("illegal-{}", act.kind.code()))),
                    ("article", &act.article.label(lang)),
                    ("status", &lang.msg(&format!("status-{status}"))),
                ],
            ));
            s.push('\n');
        }
        for c in [Color::White, Color::Black] {
            let th = self.two_handed.get(c);
            if th.observed > 0 {
                s.push_str(&lang.fmt(
                    "verdict-two-handed",
                    &[
                        ("by", &by(c)),
                        ("observed", &th.observed.to_string()),
                        ("counted", &th.counted.to_string()),
                    ],
                ));
                s.push('\n');
            }
        }
        for c in &self.claims {
            let code = serde_json::to_value(c.claim)
                .ok()
                .and_then(|v| v.as_str().map(|k| format!("claim-{k}")))
                .unwrap_or_default();
            s.push_str(&lang.fmt(
                "verdict-claim",
                &[
                    ("by", &by(c.by)),
                    ("claim", &lang.msg(&code)),
                    ("explanation", &c.explanation_note.text(lang)),
                    (
                        "verdict",
                        &lang.msg(if c.correct {
                            "claim-correct"
                        } else {
                            "claim-incorrect"
                        }),
                    ),
                    ("article", &c.article.label(lang)),
                ],
            ));
            s.push('\n');
        }
        for line in self.finding_lines(lang) {
            s.push_str(&line);
            s.push('\n');
        }
        if !self.moves_after_end.is_empty() {
            s.push_str(&lang.fmt(
                "verdict-after-end",
                &[("n", &self.moves_after_end.len().to_string())],
            ));
            s.push('\n');
        }
        if let Some(r) = &self.reported {
            let id = if r.agrees {
                "verdict-reported-agrees"
            } else {
                "verdict-reported-disagrees"
            };
            let why: Vec<String> = r.discrepancies.iter().map(|d| d.text(lang)).collect();
            s.push_str(&lang.fmt(
                id,
                &[("result", r.result.as_str()), ("why", &why.join("; "))],
            ));
            s.push('\n');
        }
        s.push_str(&self.record_problem_lines(lang));
        if self.irregular_position {
            s.push_str(&lang.msg("verdict-irregular"));
            s.push('\n');
        }
        s.push_str(&lang.fmt("verdict-final", &[("fen", &self.final_fen.to_string())]));
        if let Some(trace) = &self.trace {
            for t in trace {
                s.push('\n');
                s.push_str(&lang.fmt(
                    "tr-line",
                    &[
                        ("index", &t.event_index.to_string()),
                        ("ply", &t.ply.to_string()),
                        ("event", &t.event_note.text(lang)),
                        ("decision", &t.decision_note.text(lang)),
                    ],
                ));
                if let Some(a) = t.article {
                    s.push_str(&format!(" ({})", a.label(lang)));
                }
            }
        }
        s
    }
}
