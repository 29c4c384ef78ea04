//! Why the pairing is what it is: floaters, colours and the bye, named by the C.04.3 criteria.

use super::Board;
use super::colour::ColourRule;
use super::dutch::Tournament;

/// One board's explanation.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BoardExplanation {
    /// Board number.
    pub board: usize,
    /// Which colour-allocation rule (C.04.3 E.1–E.5) decided the colours.
    pub colour_rule: ColourRule,
    /// The rule in words.
    pub colour_reason: String,
    /// The downfloater (the higher player when the scores differ), by TPN.
    pub downfloater: Option<u32>,
    /// The upfloater (the lower player when the scores differ), by TPN.
    pub upfloater: Option<u32>,
    /// Why players of different scores meet.
    pub float_reason: Option<String>,
}

/// The explanation of a round (kept in the tournament record with the round it paired,
/// [`crate::tournament::Round::explanation`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Explanation {
    /// Per board, in board order.
    pub boards: Vec<BoardExplanation>,
    /// Why the bye went to this player.
    pub bye: Option<String>,
    /// The forbidden pairs the pairer kept apart (TRF `XXP`: siblings, same club), as
    /// sentences; absent from JSON when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<String>,
}

impl Explanation {
    /// The explanation as `arbiter pair --explain` prints it, one `# …` line per fact in
    /// `lang`: each board's colour rule (C.04.3 E.1–E.5) and, for a float, the two players with
    /// their scores before the round; the bye (`bye`, the pairing's) with the player's score;
    /// the forbidden pairs kept apart. Scores come from `input`, the input the round was paired
    /// from (points per result as it gives them). English is the pairer's own sentences.
    pub fn lines(
        &self,
        input: &super::PairingInput,
        bye: Option<u32>,
        lang: crate::i18n::Lang,
    ) -> Vec<String> {
        let score = |tpn: u32| {
            let tenths: u32 = input.players.iter().find(|p| p.tpn == tpn).map_or(0, |p| {
                p.history.iter().map(|r| r.points(&input.points)).sum()
            });
            let text = points(tenths);
            match lang {
                crate::i18n::Lang::Ru => text.replace('.', ","),
                _ => text,
            }
        };
        let mut out = Vec::new();
        for b in &self.boards {
            let board = b.board.to_string();
            let rule = lang.msg(match b.colour_rule {
                ColourRule::BothPreferences => "pair-colour-e1",
                ColourRule::StrongerPreference => "pair-colour-e2",
                ColourRule::Alternation => "pair-colour-e3",
                ColourRule::HigherRankedPreference => "pair-colour-e4",
                ColourRule::RankParity => "pair-colour-e5",
            });
            out.push(lang.fmt(
                "pair-explain-colour",
                &[("board", &board), ("reason", &rule)],
            ));
            if let (Some(down), Some(up)) = (b.downfloater, b.upfloater) {
                out.push(lang.fmt(
                    "pair-explain-float",
                    &[
                        ("board", &board),
                        ("down", &down.to_string()),
                        ("down_points", &score(down)),
                        ("up", &up.to_string()),
                        ("up_points", &score(up)),
                    ],
                ));
            }
        }
        if let (Some(_), Some(p)) = (&self.bye, bye) {
            out.push(lang.fmt(
                "pair-explain-bye",
                &[("player", &p.to_string()), ("points", &score(p))],
            ));
        }
        if !self.forbidden.is_empty() {
            for g in input.forbidden_pairs.iter().filter(|g| g.len() >= 2) {
                let ids: Vec<String> = g.iter().map(u32::to_string).collect();
                out.push(lang.fmt("pair-explain-forbidden", &[("players", &ids.join(", "))]));
            }
        }
        out
    }
}

/// The forbidden pairs as the explanation says them: one sentence per group of starting
/// ranks that must not meet (C.04.3 C1 treats them as players who already met).
pub(crate) fn forbidden(groups: &[Vec<u32>]) -> Vec<String> {
    groups
        .iter()
        .filter(|g| g.len() >= 2)
        .map(|g| {
            let ids: Vec<String> = g.iter().map(u32::to_string).collect();
            format!(
                "{} must not meet (forbidden pair, TRF XXP): kept apart like players who already met (C1)",
                ids.join(", ")
            )
        })
        .collect()
}

fn colour_reason(rule: ColourRule) -> &'static str {
    match rule {
        ColourRule::BothPreferences => "E.1: both colour preferences granted",
        ColourRule::StrongerPreference => {
            "E.2: the stronger colour preference granted (absolute over strong over mild; larger colour difference between absolute ones)"
        }
        ColourRule::Alternation => {
            "E.3: colours alternated from the most recent round in which the players had different colours"
        }
        ColourRule::HigherRankedPreference => "E.4: the higher ranked player's preference granted",
        ColourRule::RankParity => {
            "E.5: no preference decides: the higher ranked player gets the initial colour if their rank is odd"
        }
    }
}

fn points(x: u32) -> String {
    format!("{}.{}", x / 10, x % 10)
}

pub(crate) fn explain(
    t: &Tournament,
    boards: &[Board],
    rules: &[ColourRule],
    bye: Option<usize>,
) -> Explanation {
    let by_tpn = |tpn: u32| t.players.iter().find(|p| p.tpn == tpn);
    let mut out = Vec::new();
    for (b, &rule) in boards.iter().zip(rules) {
        let (Some(w), Some(k)) = (by_tpn(b.white), by_tpn(b.black)) else {
            continue;
        };
        let (hi, lo) = if w.score > k.score || (w.score == k.score && w.rank_index < k.rank_index) {
            (w, k)
        } else {
            (k, w)
        };
        let floating = hi.score != lo.score;
        out.push(BoardExplanation {
            board: b.number,
            colour_rule: rule,
            colour_reason: colour_reason(rule).to_string(),
            downfloater: floating.then_some(hi.tpn),
            upfloater: floating.then_some(lo.tpn),
            float_reason: floating.then(|| {
                format!(
                    "{} ({} points) could not be paired in their score group without breaking an absolute criterion or a higher quality criterion: C6 (maximise the pairs in the bracket), C7 (downfloaters' scores), C8 (the next bracket must stay pairable), C14–C21 (avoid repeated floats); paired with {} ({} points)",
                    hi.tpn,
                    points(hi.score),
                    lo.tpn,
                    points(lo.score)
                )
            }),
        });
    }
    let bye = bye.map(|i| {
        let p = &t.players[i];
        format!(
            "{} ({} points) receives the pairing-allocated bye: C2 (never had the bye nor a win without playing), C5 (lowest score that keeps the round pairable), C9 (fewest unplayed games), then the lowest ranked such player",
            p.tpn,
            points(p.score)
        )
    });
    Explanation {
        boards: out,
        bye,
        forbidden: Vec::new(),
    }
}
