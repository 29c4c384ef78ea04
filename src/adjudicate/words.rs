//! The adjudication in words a school arbiter reads (the desk's adjudication page): the
//! material as «у белых ферзь и две пешки, у чёрных ладья», a line of moves in SAN
//! («1. exd4»), each rule tried by its name. No internal labels (search nodes, piece-value
//! letters, `+`/`-` marks): those stay in [`Adjudication::summary`] for the command line.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, Position, Role};

use crate::adjudicate::Adjudication;
use crate::i18n::Lang;

/// The pieces of `colour` on `board` besides the king, in words: «ферзь и две пешки»
/// (`a queen and two pawns`), «только король» when it has nothing else. Largest first.
pub fn side_material(board: &Board, colour: Color, lang: Lang) -> String {
    let roles = [
        (Role::Queen, "queen"),
        (Role::Rook, "rook"),
        (Role::Bishop, "bishop"),
        (Role::Knight, "knight"),
        (Role::Pawn, "pawn"),
    ];
    let parts: Vec<String> = roles
        .iter()
        .filter_map(|&(role, name)| {
            let n = (board.by_color(colour) & board.by_role(role)).count();
            (n > 0).then(|| lang.fmt("material-piece", &[("role", name), ("n", &n.to_string())]))
        })
        .collect();
    match parts.as_slice() {
        [] => lang.msg("material-only-king"),
        [one] => one.clone(),
        [rest @ .., last] => lang.fmt(
            "material-list",
            &[("list", &rest.join(", ")), ("last", last)],
        ),
    }
}

/// Both sides' material on `board`: «у белых ферзь и две пешки, у чёрных ладья».
pub fn material(board: &Board, lang: Lang) -> String {
    lang.fmt(
        "material-both",
        &[
            ("white", &side_material(board, Color::White, lang)),
            ("black", &side_material(board, Color::Black, lang)),
        ],
    )
}

/// The moves `uci` played from `pos`, in SAN with move numbers (`1. exd4`, `1... Qxa1 2. Kb2`);
/// the text stops at a move that is not legal there.
pub fn san_line(pos: &Chess, uci: &[String]) -> String {
    san_line_in(pos, uci, Lang::En)
}

/// A move in SAN (`Qxa1+`, `e8=Q#`) with the piece letters of `lang`: Russian notation writes
/// Кр Ф Л С К for king, queen, rook, bishop and knight (files and squares stay a–h, 1–8);
/// English keeps K Q R B N.
///
/// ```
/// use arbiter::adjudicate::words::san_in;
/// use arbiter::i18n::Lang;
/// assert_eq!(san_in("Kxh7+", Lang::Ru), "Крxh7+");
/// assert_eq!(san_in("e8=Q#", Lang::Ru), "e8=Ф#");
/// assert_eq!(san_in("Nbd2", Lang::Ru), "Кbd2");
/// assert_eq!(san_in("O-O", Lang::Ru), "O-O");
/// ```
pub fn san_in(san: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return san.to_string();
    }
    let letter = |c: char| match c {
        'K' => Some("Кр"),
        'Q' => Some("Ф"),
        'R' => Some("Л"),
        'B' => Some("С"),
        'N' => Some("К"),
        _ => None,
    };
    let mut out = String::new();
    let mut previous = None;
    for (i, c) in san.chars().enumerate() {
        // The piece letter leads the move; a promotion's follows `=`.
        match letter(c) {
            Some(ru) if i == 0 || previous == Some('=') => out.push_str(ru),
            _ => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// [`san_line`] with the piece letters of `lang` ([`san_in`]): `1. Лd8#` on a Russian page.
pub fn san_line_in(pos: &Chess, uci: &[String], lang: Lang) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, text) in uci.iter().enumerate() {
        let Some(m) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
        else {
            break;
        };
        let number = pos.fullmoves();
        let san = san_in(
            &shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string(),
            lang,
        );
        match (pos.turn(), i) {
            // White just moved.
            (Color::Black, _) => out.push(format!("{number}. {san}")),
            (Color::White, 0) => out.push(format!("{number}... {san}")),
            (Color::White, _) => out.push(san.to_string()),
        }
    }
    out.join(" ")
}

/// One rule tried, in words: its number, its name, the rule it applies, whether it decided,
/// what it found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RuleInWords {
    /// The rule's number (1–9, as the adjudication numbers them).
    pub number: u8,
    /// What the rule looks at: «форсированный мат».
    pub name: String,
    /// The Laws or CR it applies, with its settings in words.
    pub reference: String,
    /// Whether this rule decided.
    pub decided: bool,
    /// What it found.
    pub found: String,
}

/// The adjudication in words for the desk's page ([`Adjudication`] of a legal FEN).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AdjudicationInWords {
    /// The basis with its reference: «перевес против короля с пешками (ПС 4.3, …)».
    pub basis: String,
    /// The material on the board as it stands.
    pub material: String,
    /// The side to move: «ход белых».
    pub to_move: String,
    /// The exchanges the material is counted after, in SAN, with the material then; `None`
    /// when there are none.
    pub after_exchanges: Option<String>,
    /// The line that proves the result (a forced mate, the engine's line), in SAN.
    pub line: Option<String>,
    /// The rules tried.
    pub rules: Vec<RuleInWords>,
}

impl Adjudication {
    /// The adjudication in words in `lang` ([`AdjudicationInWords`]); `None` when its FEN is
    /// not a legal position (it always is for an adjudication made by this crate).
    pub fn in_words(&self, lang: Lang) -> Option<AdjudicationInWords> {
        let pos: Chess = self
            .fen
            .parse::<Fen>()
            .ok()?
            .into_position(CastlingMode::Standard)
            .ok()?;
        let after_exchanges = (!self.exchange_line.is_empty()).then(|| {
            let mut settled = pos.clone();
            for m in self
                .exchange_line
                .iter()
                .filter_map(|u| u.parse::<UciMove>().ok())
            {
                match m.to_move(&settled) {
                    Ok(m) => settled.play_unchecked(m),
                    Err(_) => break,
                }
            }
            lang.fmt(
                "adj-words-after-exchanges",
                &[
                    ("line", &san_line_in(&pos, &self.exchange_line, lang)),
                    ("material", &material(settled.board(), lang)),
                ],
            )
        });
        let line = if !self.mating_line.is_empty() {
            Some(san_line_in(&pos, &self.mating_line, lang))
        } else {
            self.engine
                .as_ref()
                .filter(|e| !e.pv_san.is_empty())
                .map(|e| {
                    e.pv_san
                        .iter()
                        .map(|m| san_in(m, lang))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
        };
        let rules = self
            .reasons
            .iter()
            .map(|r| RuleInWords {
                number: r.rule,
                name: lang.fmt("adj-rule-name", &[("rule", &r.rule.to_string())]),
                reference: r.reference.text(lang),
                decided: r.decided,
                found: self.found_in_words(&pos, &r.note, lang),
            })
            .collect();
        Some(AdjudicationInWords {
            // The rule and its article; its settings are the rules tried's to show.
            basis: format!(
                "{} ({})",
                self.basis.label(lang),
                self.article.article.label(lang)
            ),
            material: material(pos.board(), lang),
            to_move: lang.fmt(
                "adj-words-to-move",
                &[(
                    "side",
                    if pos.turn() == Color::White {
                        "white"
                    } else {
                        "black"
                    },
                )],
            ),
            after_exchanges,
            line,
            rules,
        })
    }
}

impl Adjudication {
    /// What a rule found, in words, a line of moves in it (`line`: the trace writes it in UCI
    /// from the adjudicated position, `d1d8`) in SAN with move numbers in `lang` (`1. Лd8#`).
    fn found_in_words(&self, pos: &Chess, note: &crate::i18n::Note, lang: Lang) -> String {
        match note.args.get("line") {
            Some(crate::i18n::NoteArg::Plain(uci)) => {
                let moves: Vec<String> = uci.split_whitespace().map(str::to_string).collect();
                note.clone()
                    .arg("line", san_line_in(pos, &moves, lang))
                    .text(lang)
            }
            _ => note.text(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::{AdjudicationConfig, adjudicate};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn material_in_words() {
        let p = position("4k3/5ppp/8/8/8/8/PP6/3QK2R w K - 0 1");
        assert_eq!(
            material(p.board(), Lang::Ru),
            "у белых ферзь, ладья и две пешки, у чёрных три пешки"
        );
        assert_eq!(
            material(p.board(), Lang::En),
            "White: a queen, a rook and two pawns; Black: three pawns"
        );
        let lone = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(
            material(lone.board(), Lang::Ru),
            "у белых ладья, у чёрных только король"
        );
    }

    #[test]
    fn a_line_in_san() {
        let p = position("4k3/8/8/8/3q4/4P3/8/R3K3 w - - 0 1");
        assert_eq!(san_line(&p, &["e3d4".into()]), "1. exd4");
        let b = position("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
        assert_eq!(
            san_line(&b, &["e8d7".into(), "a1a7".into()]),
            "1... Kd7 2. Ra7+"
        );
    }

    /// The page's words hold none of the summary's internal labels.
    #[test]
    fn the_page_words_hold_no_internal_labels() {
        let a = adjudicate(
            &position("4k3/5ppp/8/8/8/8/8/3QK2R w K - 0 1"),
            &AdjudicationConfig::default(),
        );
        let w = a.in_words(Lang::Ru).unwrap();
        let mut all = format!("{} {} {}", w.basis, w.material, w.to_move);
        for r in &w.rules {
            all.push_str(&format!(" {} {} {}", r.name, r.reference, r.found));
        }
        for internal in ["узлов", "п1 К3", " -:", "[", "lone_king", "_margin"] {
            assert!(!all.contains(internal), "{internal}: {all}");
        }
        assert_eq!(w.material, "у белых ферзь и ладья, у чёрных три пешки");
        assert!(
            w.basis.starts_with("перевес против короля с пешками"),
            "{}",
            w.basis
        );
        assert!(!w.basis.contains("одинок"), "{}", w.basis);
    }

    /// A real position of each kind: a back-rank mate (rule 4) and a rook left hanging to the
    /// queen (rule 6) are shown in SAN with Russian piece letters on a Russian page, never in
    /// UCI; the basis names the rule and its article once.
    #[test]
    fn lines_in_san_in_the_page_language() {
        let mate = adjudicate(
            &position("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
            &AdjudicationConfig::default(),
        );
        let w = mate.in_words(Lang::Ru).unwrap();
        assert_eq!(w.line.as_deref(), Some("1. Лd8#"));
        assert_eq!(w.basis, "форсированный мат (ПС 4.3)");
        let rule4 = w.rules.iter().find(|r| r.number == 4).unwrap();
        assert_eq!(
            rule4.found,
            "белые форсированно ставят мат (полуходов: 1): 1. Лd8#"
        );
        let en = mate.in_words(Lang::En).unwrap();
        assert_eq!(en.line.as_deref(), Some("1. Rd8#"));

        let hanging = adjudicate(
            &position("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1"),
            &AdjudicationConfig::default(),
        );
        let w = hanging.in_words(Lang::Ru).unwrap();
        let rule6 = w.rules.iter().find(|r| r.number == 6).unwrap();
        assert_eq!(
            rule6.found,
            "материал 9–5 (перевес +4), после разменов 9–0 (перевес +9) после 1. Фxd5"
        );
        assert_eq!(
            w.after_exchanges.as_deref(),
            Some("после разменов 1. Фxd5: у белых ферзь, у чёрных только король")
        );
        for r in &w.rules {
            assert!(!r.found.contains("d2d5"), "{}", r.found);
        }
    }
}
