//! A board's history: each recorded result that a later one replaced, with how it had been
//! decided, what replaced it, when and by whom. A result the players reported (a click at
//! the desk) that a game's record or an adjudication then contradicts stays in the record
//! (CR 4.2: the players report the result; the arbiter decides when the board says
//! otherwise), so the round page, the report and the journal can all say what was replaced.

use crate::tournament::Tournament;
use crate::tournament::journal::Who;
use crate::tournament::result::BoardResult;
use crate::tournament::round::{DecidedBy, Game};

/// A result a later decision replaced on its board ([`Game::replaced`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReplacedResult {
    /// The result that was recorded before.
    pub result: BoardResult,
    /// How it had been decided (`reported`: entered as the players reported it).
    pub decided_by: DecidedBy,
    /// How the result that replaced it was decided (`judge`: a game's record judged,
    /// `adjudication`, `override`, `reported`: a correction entered by hand).
    pub replaced_by: DecidedBy,
    /// When it was replaced, UTC `YYYY-MM-DDTHH:MM:SSZ` (the journal entry's time; set when
    /// the change is written, [`Tournament::stamp_replacements`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// Who replaced it (the journal entry's author), set with `time`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<Who>,
}

impl ReplacedResult {
    /// Whether a report of the players was contradicted by the board: a result entered as
    /// reported that a judged game's record replaced (CR 4.2).
    pub fn report_contradicted(&self) -> bool {
        self.decided_by == DecidedBy::Reported
            && matches!(self.replaced_by, DecidedBy::Judge | DecidedBy::Override)
    }
}

impl Game {
    /// The board's result and how it was decided, before a change ([`Game::note_replaced`]).
    pub(crate) fn standing(&self) -> Option<(BoardResult, DecidedBy)> {
        Some((self.result?, self.decided_by()?))
    }

    /// After a change of the board's result: when `before` (its [`Game::standing`] before the
    /// change) held another result, keeps it in [`Game::replaced`] with what replaced it. The
    /// same result recorded again is no replacement.
    pub(crate) fn note_replaced(&mut self, before: Option<(BoardResult, DecidedBy)>) {
        let (Some((result, decided_by)), Some(now)) = (before, self.result) else {
            return;
        };
        if result == now {
            return;
        }
        let replaced_by = self.decided_by().unwrap_or(DecidedBy::Reported);
        self.replaced.push(ReplacedResult {
            result,
            decided_by,
            replaced_by,
            time: None,
            who: None,
        });
    }
}

impl Tournament {
    /// Gives every replacement not yet stamped ([`ReplacedResult::time`] `None`) the time and
    /// author of the change that made it; true when one was stamped. Called where a change is
    /// written with its journal entry ([`crate::tournament::record`]).
    pub fn stamp_replacements(&mut self, time: &str, who: &Who) -> bool {
        let mut stamped = false;
        for g in self.rounds.iter_mut().flat_map(|r| r.games.iter_mut()) {
            for r in g.replaced.iter_mut().filter(|r| r.time.is_none()) {
                r.time = Some(time.to_string());
                r.who = Some(who.clone());
                stamped = true;
            }
        }
        stamped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::judged::JudgedGame;
    use crate::tournament::{GameRef, Player};
    use shakmaty::ByColor;

    fn event() -> Tournament {
        let mut t = Tournament::new("T", 4);
        for name in ["Иванова Анна", "Петров Пётр"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round(1, &[(1, 2)], None).unwrap();
        t
    }

    fn log(result: BoardResult) -> JudgedGame {
        JudgedGame {
            result: Some(result),
            white: Some("1".into()),
            black: Some("2".into()),
            white_start_rank: None,
            black_start_rank: None,
            reported: None,
            agrees: true,
            discrepancies: vec![],
            cheating: ByColor::default(),
        }
    }

    /// CR 4.2: the players' 1–0, clicked, then the log (White resigned) recorded: the 1–0 is
    /// kept as replaced by the judge's record, stamped with the change's time and author.
    #[test]
    fn a_clicked_result_a_log_overturns_is_kept() {
        let mut t = event();
        t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
            .unwrap();
        t.record_judged(1, 1, &log(BoardResult::BlackWins), None, None, true)
            .unwrap();
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.result, Some(BoardResult::BlackWins));
        assert_eq!(
            g.replaced,
            vec![ReplacedResult {
                result: BoardResult::WhiteWins,
                decided_by: DecidedBy::Reported,
                replaced_by: DecidedBy::Judge,
                time: None,
                who: None,
            }]
        );
        assert!(g.replaced[0].report_contradicted());
        let who = Who::desk(Some("192.168.1.20:5000".into()), None);
        assert!(t.stamp_replacements("2026-12-05T10:42:00Z", &who));
        assert!(!t.stamp_replacements("2026-12-05T11:00:00Z", &Who::cli()));
        let r = &t.round(1).unwrap().games[0].replaced[0];
        assert_eq!(r.time.as_deref(), Some("2026-12-05T10:42:00Z"));
        assert_eq!(r.who.as_ref(), Some(&who));
        // The same result again is no replacement; an adjudication replacing the judge is one.
        t.record_judged(1, 1, &log(BoardResult::BlackWins), None, None, true)
            .unwrap();
        assert_eq!(t.round(1).unwrap().games[0].replaced.len(), 1);
        t.record_result_overriding(
            1,
            GameRef::Board(1),
            BoardResult::Draw,
            true,
            Some("both flags"),
        )
        .unwrap();
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.replaced.len(), 2);
        assert_eq!(g.replaced[1].decided_by, DecidedBy::Judge);
        assert_eq!(g.replaced[1].replaced_by, DecidedBy::Override);
        assert!(!g.replaced[1].report_contradicted());
        // Kept through the state file.
        let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, t);
    }
}
