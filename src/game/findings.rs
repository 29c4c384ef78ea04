//! Findings of the verdict beyond moves and claims: touch-move (Laws 4.3–4.5,
//! CR 3.8), conduct (CR 2.1, 2.2, 4.4), declarations voided under coercion (CR 4.6), and the
//! winnability check behind a flag fall, resignation or second illegal move (Laws 5.1.2, 6.9,
//! 7.5.5). Each list is left out of the JSON when empty, so older verdicts read the same.

use serde::Serialize;
use shakmaty::Color;

use super::event::ConductKind;
use crate::laws::Article;

/// What happened to a move under touch-move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchMoveOutcome {
    /// On a correct claim the move was taken back (not an illegal move, not counted): the player
    /// must make the move the touched piece obliges (Laws 4.3, CR 3.8).
    Replaced,
    /// The move made after a correct claim again ignores the obligation (reported to the
    /// arbiter; it stands on the board).
    IgnoredAgain,
}

/// A move judged under touch-move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TouchMoveFinding {
    /// 0-based index of the move's event.
    pub event_index: usize,
    /// 1-based ply the move was made as.
    pub ply: u32,
    /// Who made it.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
    /// The move as written.
    #[serde(rename = "move")]
    pub notation: String,
    /// What the touched pieces obliged, in words ("move the knight on g1").
    pub obligation: String,
    /// `obligation` as a message, for text in any language (not in JSON).
    #[serde(skip)]
    pub obligation_note: crate::i18n::Note,
    /// Replaced, or the obligation ignored again.
    pub outcome: TouchMoveOutcome,
    /// The rule that gives the obligation (Laws 4.3.1 …).
    pub article: Article,
    /// `true` when the touch is a digital board's evidence: it saw the piece lifted. A board
    /// cannot see a "j'adoube" (Laws 4.2.1), so the arbiter may still hear of one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lifted: bool,
}

/// A conduct finding recorded by the arbiter (CR 2.1, 2.2, 4.4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConductFinding {
    /// 0-based event index.
    pub event_index: usize,
    /// Plies played when it was recorded.
    pub ply: u32,
    /// The player concerned.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
    /// `device`, `cheating` or `left`.
    pub kind: ConductKind,
    /// True when it decided the result (the player lost by it; false for a player who left
    /// after the game had ended).
    pub decided: bool,
    /// CR 2.1, CR 2.2 or CR 4.4.
    pub article: Article,
}

impl ConductKind {
    /// The competition rule of the finding.
    pub fn article(self) -> Article {
        match self {
            ConductKind::Device => Article::CR_ELECTRONIC_DEVICE,
            ConductKind::Cheating => Article::CR_CHEATING,
            ConductKind::Left => Article::CR_WINS,
        }
    }

    /// The snake_case name.
    pub fn code(self) -> &'static str {
        match self {
            ConductKind::Device => "device",
            ConductKind::Cheating => "cheating",
            ConductKind::Left => "left",
        }
    }
}

/// A declaration that can be voided under coercion (CR 4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Declaration {
    /// A resignation (Laws 5.1.2).
    Resignation,
    /// A draw offer (Laws 9.1.2).
    DrawOffer,
    /// The acceptance of a draw offer (Laws 5.2.3).
    DrawAcceptance,
    /// A refusal to continue (CR 4.4).
    Refusal,
}

impl Declaration {
    /// The snake_case name, as in JSON (`draw_offer`).
    pub fn code(self) -> &'static str {
        match self {
            Declaration::Resignation => "resignation",
            Declaration::DrawOffer => "draw_offer",
            Declaration::DrawAcceptance => "draw_acceptance",
            Declaration::Refusal => "refusal",
        }
    }
}

/// A coercion finding (CR 4.6).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CoercionFinding {
    /// 0-based index of the coercion event.
    pub event_index: usize,
    /// 0-based index of the declaration it names.
    pub declaration_index: usize,
    /// The declaration found there (absent when the index names none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declaration: Option<Declaration>,
    /// The coerced player (who made the declaration).
    #[serde(
        skip_serializing_if = "Option::is_none",
        with = "crate::laws::serde_color::option_color"
    )]
    pub by: Option<Color>,
    /// True when the declaration was voided.
    pub voided: bool,
    /// What became of the game, in words.
    pub effect: String,
    /// `effect` as a message, for text in any language (not in JSON).
    #[serde(skip)]
    pub effect_note: crate::i18n::Note,
    /// CR 4.6.
    pub article: Article,
}

/// Whether the player still on time (or not resigning, or not moving illegally) could mate,
/// checked by the winnability analysis when a flag fall, resignation or second illegal move
/// decided the game (Laws 5.1.2, 6.9, 7.5.5).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MateCheck {
    /// The player whose chances were checked.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
    /// `winnable` (the game is lost for the opponent), `unwinnable` (a draw) or `undetermined`
    /// (not proved unwinnable: lost).
    pub answer: &'static str,
    /// How it was shown (`material`, `blockade`, `helpmate`, `exhaustive_search`, …).
    pub method: crate::laws::winnability::WinnabilityMethod,
    /// A mating line (SAN, both sides cooperating) when winnable.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

impl super::verdict::Verdict {
    /// The text lines of the findings above (touch-move, conduct, coercion, the mate check),
    /// in `lang`, each starting with two spaces; used by the verdict's `Display` (English) and
    /// [`Verdict::summary`](super::verdict::Verdict::summary).
    pub fn finding_lines(&self, lang: crate::i18n::Lang) -> Vec<String> {
        let by = |c: Color| {
            lang.msg(match c {
                Color::White => "by-white",
                Color::Black => "by-black",
            })
        };
        let mut lines = Vec::new();
        for t in &self.touch_move {
            let id = match t.outcome {
                TouchMoveOutcome::Replaced => "verdict-touch-replaced",
                TouchMoveOutcome::IgnoredAgain => "verdict-touch-ignored",
            };
            lines.push(lang.fmt(
                id,
                &[
                    ("move", &t.notation),
                    ("by", &by(t.side)),
                    ("duty", &t.obligation_note.text(lang)),
                    ("article", &t.article.label(lang)),
                ],
            ));
            if t.lifted {
                lines.push(lang.msg("verdict-touch-lifted"));
            }
        }
        for c in &self.conduct {
            let id = if c.decided {
                "verdict-conduct-decided"
            } else {
                "verdict-conduct-recorded"
            };
            lines.push(lang.fmt(
                id,
                &[
                    ("kind", &lang.msg(&format!("conduct-{}", c.kind.code()))),
                    ("by", &by(c.by)),
                    ("article", &c.article.label(lang)),
                ],
            ));
        }
        for c in &self.coercion {
            lines.push(lang.fmt(
                "verdict-coercion",
                &[
                    ("index", &c.declaration_index.to_string()),
                    ("effect", &c.effect_note.text(lang)),
                    ("article", &c.article.label(lang)),
                ],
            ));
        }
        if let Some(m) = &self.mate_check {
            let side = lang.msg(match m.side {
                Color::White => "side-white",
                Color::Black => "side-black",
            });
            lines.push(lang.fmt(
                &format!("verdict-mate-{}", m.answer),
                &[
                    ("side", &side),
                    ("method", &m.method.label(lang)),
                    ("line", &m.line.join(" ")),
                ],
            ));
        }
        lines
    }
}

/// One ply standing on the board at the end of the game, as the judge kept it (take-backs and
/// counted illegal moves removed, Laws 7.5.1, CR 3.6): the mainline a PGN record of the judged
/// game gives ([`crate::game::judge::Judge::keep_line`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyOnBoard {
    /// 0-based index of the event that made it (for PGN, the mainline move index).
    pub event_index: usize,
    /// Who made it.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
    /// The move in UCI (`e2e4`, `e1g1`); for an illegal act, as written (UCI, SAN, or the
    /// board act's squares `d4`, `e1-g1`).
    pub uci: String,
    /// SAN with its check mark (`Nf3`, `Qxf7#`) when it is a legal move from the position
    /// before it; `None` for an illegal act played on and for a move on a board left
    /// irregular by one (no legal move reaches the position after it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
}
