//! A judge's verdict recorded as a board's result, with the checks that keep a wrong verdict
//! out: the verdict's White and Black must be the board's players (by name, or by starting
//! rank when the event log's header gives a number), and a result the players reported that
//! the board contradicts (CR 4.2, `reported.agrees == false`) needs the arbiter's decision;
//! the record keeps both ([`JudgedResult`]). Also the strict reading of a game named by its
//! players ([`Tournament::board_of`]).

use shakmaty::ByColor;

use crate::i18n::Lang;
use crate::tournament::player::name_key;
use crate::tournament::result::BoardResult;
use crate::tournament::{
    AdjudicatedResult, Game, GameRef, JudgedResult, Tournament, TournamentError,
};

/// What the tournament needs of a judge's verdict (read from `arbiter judge --format json` by
/// [`crate::formats::verdict`]).
#[derive(Clone, Debug, PartialEq)]
pub struct JudgedGame {
    /// The verdict's result as a board result; `None` for an unfinished game (`*`).
    pub result: Option<BoardResult>,
    /// White as the event log's header or PGN tag names him (a name, or a starting rank).
    pub white: Option<String>,
    /// Black, likewise.
    pub black: Option<String>,
    /// White's starting rank, when the event log's header gives it (`white_start_rank`).
    pub white_start_rank: Option<u16>,
    /// Black's starting rank, likewise (`black_start_rank`).
    pub black_start_rank: Option<u16>,
    /// The result the players reported, if any.
    pub reported: Option<String>,
    /// False when the reported result disagrees with the board (CR 4.2).
    pub agrees: bool,
    /// What disagrees (`reported_ending_not_on_board`, …).
    pub discrepancies: Vec<String>,
    /// Proven cheating incidents found in the game (the verdict's `conduct` findings of kind
    /// `cheating`, CR 2.2), White's and Black's.
    pub cheating: ByColor<u32>,
}

impl Tournament {
    /// The game of round `round` that `game` names. A game named by players (`A-B`) must give
    /// White first: the other order is refused, naming the board's order, so that a result
    /// typed after it is never read the wrong way round.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`], [`TournamentError::NoSuchGame`],
    /// [`TournamentError::GameOrder`].
    pub fn board_of(&self, round: u32, game: GameRef) -> Result<&Game, TournamentError> {
        let paired = self.paired_rounds();
        let r = self
            .round(round)
            .filter(|r| !r.games.is_empty())
            .ok_or(TournamentError::NoSuchRound { round, paired })?;
        let found = r.games.iter().find(|g| match game {
            GameRef::Board(b) => g.board == b,
            GameRef::Players(a, b) => {
                (g.white == a && g.black == b) || (g.white == b && g.black == a)
            }
        });
        let g = found.ok_or(TournamentError::NoSuchGame { round, game })?;
        if let GameRef::Players(a, b) = game
            && (g.white != a || g.black != b)
        {
            let name = |t: u16| self.player(t).map_or(String::new(), |p| p.name.clone());
            return Err(TournamentError::GameOrder {
                round,
                given: format!("{a}-{b}"),
                board: g.board,
                white_tpn: g.white,
                black_tpn: g.black,
                white: name(g.white),
                black: name(g.black),
            });
        }
        Ok(g)
    }

    /// The recorded result of a game said by name and colour in `lang`, White first, as the
    /// arbiter reads it back: `round 1, board 3: Иванова Анна (White) 0 – 1 Петров Пётр (Black)`
    /// (forfeits `+ – −`, CR 4.4; a double loss `0 – 0`, CR 4.2); in Russian
    /// `тур 1, доска 3: Иванова Анна (белые) 0 – 1 Петров Пётр (чёрные)`.
    ///
    /// # Errors
    /// As [`Tournament::board_of`].
    pub fn result_line(
        &self,
        round: u32,
        game: GameRef,
        lang: Lang,
    ) -> Result<String, TournamentError> {
        let g = self.board_of(round, game)?;
        let name = |t: u16| self.player(t).map_or(t.to_string(), |p| p.name.clone());
        let score = match g.result {
            None => "–",
            Some(BoardResult::WhiteWins) => "1 – 0",
            Some(BoardResult::Draw) => "½ – ½",
            Some(BoardResult::BlackWins) => "0 – 1",
            Some(BoardResult::WhiteWinsByForfeit) => "+ – −",
            Some(BoardResult::BlackWinsByForfeit) => "− – +",
            Some(BoardResult::DoubleForfeit) => "− – −",
            Some(BoardResult::DoubleLoss) => "0 – 0",
        };
        Ok(lang.fmt(
            "result-line",
            &[
                ("round", &round.to_string()),
                ("board", &g.board.to_string()),
                ("white", &name(g.white)),
                ("score", score),
                ("black", &name(g.black)),
            ],
        ))
    }

    /// True when a verdict's player is player `tpn`: by his starting rank when the verdict
    /// gives one (`start_rank`, or a name that is a number), else by his name compared
    /// case-insensitively (commas and extra spaces ignored).
    fn is_player(&self, named: Option<&str>, start_rank: Option<u16>, tpn: u16) -> bool {
        if let Some(n) = start_rank {
            return n == tpn;
        }
        let Some(named) = named else {
            return false;
        };
        if let Ok(n) = named.trim().parse::<u16>() {
            return n == tpn;
        }
        self.player(tpn)
            .is_some_and(|p| name_key(&p.name) == name_key(named))
    }

    /// Records the result of a judged game on board `board` of round `round` and returns it;
    /// the verdict is kept in the record ([`JudgedResult`]). The verdict's players must be the
    /// board's. The result recorded is the judge's, unless the arbiter decides another:
    /// `decision` is required when the reported result disagrees with the board (CR 4.2) or
    /// the game is unfinished (`*`); a `decision` other than the verdict's result overrides
    /// the judge and needs `override_reason`, kept in the record.
    ///
    /// # Errors
    /// [`TournamentError::VerdictPlayers`], [`TournamentError::VerdictDisagrees`] (no
    /// decision), [`TournamentError::UnfinishedGame`] (a `*` verdict and no decision),
    /// [`TournamentError::OverrideWithoutReason`] (a result other than the verdict's without
    /// a reason), and the errors of [`Tournament::record_result`].
    pub fn record_judged(
        &mut self,
        round: u32,
        board: u32,
        judged: &JudgedGame,
        decision: Option<BoardResult>,
        override_reason: Option<&str>,
        correct: bool,
    ) -> Result<BoardResult, TournamentError> {
        let g = self.board_of(round, GameRef::Board(board))?;
        let (white, black) = (g.white, g.black);
        let fits = self.is_player(judged.white.as_deref(), judged.white_start_rank, white)
            && self.is_player(judged.black.as_deref(), judged.black_start_rank, black);
        if !fits {
            let side = |s: &Option<String>, rank: Option<u16>, colour: &str| {
                let name = s.clone().map_or(format!("an unnamed {colour}"), |n| {
                    format!("{n:?} ({colour})")
                });
                match rank {
                    Some(r) => format!("{name}, start no. {r}"),
                    None => name,
                }
            };
            return Err(TournamentError::VerdictPlayers {
                round,
                board,
                verdict: format!(
                    "{} - {}",
                    side(&judged.white, judged.white_start_rank, "White"),
                    side(&judged.black, judged.black_start_rank, "Black")
                ),
                board_players: format!(
                    "{} (White) - {} (Black)",
                    self.label(white),
                    self.label(black)
                ),
                verdict_sides: Box::new([
                    (judged.white.clone(), judged.white_start_rank),
                    (judged.black.clone(), judged.black_start_rank),
                ]),
                board_sides: Box::new([self.label(white), self.label(black)]),
            });
        }
        let reason = override_reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_string);
        let result = match (judged.agrees, decision, judged.result) {
            (_, Some(d), Some(v)) if d != v && reason.is_none() => {
                return Err(TournamentError::OverrideWithoutReason {
                    round,
                    board,
                    by: "judge",
                    decided: v,
                    chosen: d,
                });
            }
            (_, Some(d), _) => d,
            (false, None, _) => {
                return Err(TournamentError::VerdictDisagrees {
                    round,
                    board,
                    reported: judged.reported.clone().unwrap_or_default(),
                    discrepancies: judged.discrepancies.join(", "),
                });
            }
            (true, None, Some(r)) => r,
            (true, None, None) => {
                return Err(TournamentError::UnfinishedGame {
                    round,
                    game: GameRef::Board(board).to_string(),
                });
            }
        };
        self.board_checked(round, GameRef::Board(board), correct)?;
        let overriding = judged.result.is_some_and(|v| v != result);
        let record = JudgedResult {
            verdict_result: judged.result,
            reported: judged.reported.clone(),
            agrees: judged.agrees,
            decided: decision,
            discrepancies: judged.discrepancies.clone(),
            override_reason: reason.filter(|_| overriding),
            cheating_white: judged.cheating.white,
            cheating_black: judged.cheating.black,
        };
        if let Some(g) = self.game_mut(round, board) {
            let before = g.standing();
            g.result = Some(result);
            g.judged = Some(record);
            // The verdict decides the board now, not an earlier adjudication.
            g.adjudicated = None;
            g.note_replaced(before);
        }
        Ok(result)
    }

    /// Records the result of board `board` of round `round` decided by a play-out
    /// adjudication (CR 4.3), the adjudication kept in the record ([`AdjudicatedResult`]):
    /// `result` is the adjudication's proposal, or the arbiter's decision on a position it
    /// handed to him (`review`); another result overrides the adjudication and needs
    /// `override_reason`, kept in the record.
    ///
    /// # Errors
    /// [`TournamentError::OverrideWithoutReason`], and the errors of
    /// [`Tournament::record_result`].
    pub fn record_adjudicated(
        &mut self,
        round: u32,
        board: u32,
        adjudication: AdjudicatedResult,
        result: BoardResult,
        override_reason: Option<&str>,
        correct: bool,
    ) -> Result<(), TournamentError> {
        let reason = override_reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_string);
        self.board_checked(round, GameRef::Board(board), correct)?;
        let overriding = adjudication.proposed.is_some_and(|p| p != result);
        if let Some(p) = adjudication.proposed
            && overriding
            && reason.is_none()
        {
            return Err(TournamentError::OverrideWithoutReason {
                round,
                board,
                by: "adjudication",
                decided: p,
                chosen: result,
            });
        }
        if let Some(g) = self.game_mut(round, board) {
            let before = g.standing();
            g.result = Some(result);
            g.adjudicated = Some(AdjudicatedResult {
                override_reason: reason.filter(|_| overriding),
                ..adjudication
            });
            g.note_replaced(before);
        }
        Ok(())
    }
}

/// Recording a result: the checks every result passes, and the arbiter's reason when it
/// overrides the judge's verdict or the adjudication kept on the board.
impl Tournament {
    /// Records the result of a game. With `correct`, an existing result is replaced
    /// (an arbiter's correction); without, a second result is an error. A board the judge or
    /// an adjudication decided keeps that decision: another result needs the arbiter's reason
    /// ([`Tournament::record_result_overriding`]).
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`], [`TournamentError::NoSuchGame`],
    /// [`TournamentError::ResultAlreadyRecorded`], [`TournamentError::PlayerNotInEvent`]
    /// (a result for a round the player no longer plays: CR 1.4, CR 2.2),
    /// [`TournamentError::OverrideWithoutReason`].
    pub fn record_result(
        &mut self,
        round: u32,
        game: GameRef,
        result: BoardResult,
        correct: bool,
    ) -> Result<(), TournamentError> {
        self.record_result_overriding(round, game, result, correct, None)
    }

    /// As [`Tournament::record_result`], with the arbiter's reason for a result other than the
    /// one the judge's verdict or the adjudication recorded on the board gave
    /// ([`crate::tournament::JudgedResult::override_reason`],
    /// [`crate::tournament::AdjudicatedResult::override_reason`]); the reason is kept in the
    /// record. A result equal to that decision needs none (a reason given is then dropped).
    ///
    /// # Errors
    /// As [`Tournament::record_result`]; [`TournamentError::OverrideWithoutReason`] when the
    /// result differs from the decision and `override_reason` is `None` or blank.
    pub fn record_result_overriding(
        &mut self,
        round: u32,
        game: GameRef,
        result: BoardResult,
        correct: bool,
        override_reason: Option<&str>,
    ) -> Result<(), TournamentError> {
        self.record_result_noted(round, game, result, correct, override_reason, None)
    }

    /// As [`Tournament::record_result_overriding`], with the arbiter's `note` for a change
    /// FIDE mode asks one for ([`crate::tournament::fide_mode`]): in FIDE mode, changing the
    /// result of a round before the last paired one needs a note, kept in
    /// [`Tournament::result_notes`] (a note is kept for any correction of an earlier round).
    ///
    /// # Errors
    /// As [`Tournament::record_result_overriding`];
    /// [`TournamentError::FideResultWithoutNote`] as said.
    pub fn record_result_noted(
        &mut self,
        round: u32,
        game: GameRef,
        result: BoardResult,
        correct: bool,
        override_reason: Option<&str>,
        note: Option<&str>,
    ) -> Result<(), TournamentError> {
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        let board = self.board_checked(round, game, correct)?;
        let before = self
            .round(round)
            .and_then(|r| r.games.iter().find(|g| g.board == board))
            .and_then(|g| g.result);
        let earlier_change = round < self.paired_rounds() && before.is_some_and(|b| b != result);
        if earlier_change
            && note.is_none()
            && self.fide.mode == crate::tournament::fide_mode::FideMode::On
        {
            return Err(TournamentError::FideResultWithoutNote { round, board });
        }
        self.record_unnoted(round, game, result, correct, override_reason)?;
        if let (true, Some(note)) = (earlier_change, note) {
            self.fide
                .notes
                .push(crate::tournament::fide_mode::ResultNote {
                    round,
                    board,
                    from: before,
                    to: result,
                    note: note.to_string(),
                });
        }
        Ok(())
    }

    fn record_unnoted(
        &mut self,
        round: u32,
        game: GameRef,
        result: BoardResult,
        correct: bool,
        override_reason: Option<&str>,
    ) -> Result<(), TournamentError> {
        let reason = override_reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_string);
        let board = self.board_checked(round, game, correct)?;
        let g = self
            .rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.games.iter().find(|g| g.board == board));
        let decided = g.and_then(|g| match (&g.adjudicated, &g.judged) {
            (Some(a), _) => a.proposed.map(|p| ("adjudication", p)),
            (None, Some(j)) => j.verdict_result.map(|v| ("judge", v)),
            (None, None) => None,
        });
        if let Some((by, d)) = decided
            && d != result
            && reason.is_none()
        {
            return Err(TournamentError::OverrideWithoutReason {
                round,
                board,
                by,
                decided: d,
                chosen: result,
            });
        }
        let overriding = decided.is_some_and(|(_, d)| d != result);
        if let Some(g) = self.game_mut(round, board) {
            let before = g.standing();
            g.result = Some(result);
            let kept = reason.filter(|_| overriding);
            if let Some(a) = g.adjudicated.as_mut() {
                a.override_reason = kept;
            } else if let Some(j) = g.judged.as_mut() {
                j.decided = (overriding || !j.agrees).then_some(result);
                j.override_reason = kept;
            }
            g.note_replaced(before);
        }
        Ok(())
    }

    /// Board `board` of round `round`, to change.
    pub(crate) fn game_mut(&mut self, round: u32, board: u32) -> Option<&mut Game> {
        self.rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| r.games.iter_mut().find(|g| g.board == board))
    }

    /// The board of `game` in round `round`, checked for a new result: the round is paired,
    /// the game exists, a result already there is replaced only with `correct`, both players
    /// are in the event in that round.
    ///
    /// # Errors
    /// As [`Tournament::record_result`] (the override aside).
    pub(crate) fn board_checked(
        &self,
        round: u32,
        game: GameRef,
        correct: bool,
    ) -> Result<u32, TournamentError> {
        let paired = self.paired_rounds();
        let r = self
            .round(round)
            .filter(|r| !r.games.is_empty())
            .ok_or(TournamentError::NoSuchRound { round, paired })?;
        let g = crate::tournament::model::find_game(r, game)
            .ok_or(TournamentError::NoSuchGame { round, game })?;
        let (white, black, board) = (g.white, g.black, g.board);
        if let Some(existing) = g.result
            && !correct
        {
            return Err(TournamentError::ResultAlreadyRecorded {
                round,
                board,
                white,
                black,
                existing,
            });
        }
        self.check_in_event(white, round)?;
        self.check_in_event(black, round)?;
        Ok(board)
    }

    /// Records the result of a judged game (see [`BoardResult::from_verdict`]).
    ///
    /// # Errors
    /// [`TournamentError::UnfinishedGame`] for a verdict without result, and the errors of
    /// [`Tournament::record_result`].
    pub fn record_verdict(
        &mut self,
        round: u32,
        game: GameRef,
        verdict: &crate::game::verdict::Verdict,
        correct: bool,
    ) -> Result<(), TournamentError> {
        let result =
            BoardResult::from_verdict(verdict).ok_or_else(|| TournamentError::UnfinishedGame {
                round,
                game: game.to_string(),
            })?;
        self.record_result(round, game, result, correct)
    }
}

/// More than this many proven cheating incidents disqualify (CR 2.2).
pub const CHEATING_INCIDENTS_TOLERATED: u32 = 3;

impl Tournament {
    /// Proven cheating incidents of player `tpn` across the event, from the verdicts recorded
    /// with `tournament result --verdict` (CR 2.2).
    pub fn cheating_incidents(&self, tpn: u16) -> u32 {
        self.rounds
            .iter()
            .flat_map(|r| r.games.iter())
            .filter_map(|g| {
                let j = g.judged.as_ref()?;
                Some(if g.white == tpn {
                    j.cheating_white
                } else if g.black == tpn {
                    j.cheating_black
                } else {
                    0
                })
            })
            .sum()
    }

    /// The players of board `board` in round `round` whose proven cheating incidents are more
    /// than three (CR 2.2) and who are not yet out of the event: disqualification is proposed,
    /// with losses in all later rounds, and applied when the arbiter confirms
    /// ([`Tournament::disqualify`]). Each as (starting rank, incidents).
    ///
    /// # Errors
    /// As [`Tournament::board_of`].
    pub fn disqualification_proposed(
        &self,
        round: u32,
        board: u32,
    ) -> Result<Vec<(u16, u32)>, TournamentError> {
        let g = self.board_of(round, GameRef::Board(board))?;
        Ok([g.white, g.black]
            .into_iter()
            .filter(|tpn| {
                self.player(*tpn)
                    .is_some_and(|p| p.disqualified_from.is_none())
            })
            .map(|tpn| (tpn, self.cheating_incidents(tpn)))
            .filter(|(_, n)| *n > CHEATING_INCIDENTS_TOLERATED)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn event() -> Tournament {
        let mut t = Tournament::new("T", 4);
        for (name, rating) in [("Иванова, Анна", 1500), ("Петров Пётр", 1400)]
        {
            t.add_player(Player {
                name: name.into(),
                rating: Some(rating),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round(1, &[(1, 2)], None).unwrap();
        t
    }

    fn judged(white: &str, black: &str, agrees: bool) -> JudgedGame {
        JudgedGame {
            result: Some(BoardResult::WhiteWins),
            white: Some(white.into()),
            black: Some(black.into()),
            white_start_rank: None,
            black_start_rank: None,
            reported: Some("1-0".into()),
            agrees,
            discrepancies: vec![],
            cheating: ByColor::default(),
        }
    }

    #[test]
    fn players_by_name_or_start_rank() {
        let mut t = event();
        let wrong = judged("Петров Пётр", "Иванова Анна", true);
        assert!(matches!(
            t.record_judged(1, 1, &wrong, None, None, false),
            Err(TournamentError::VerdictPlayers { .. })
        ));
        let by_rank = judged("1", "2", true);
        assert_eq!(
            t.record_judged(1, 1, &by_rank, None, None, false),
            Ok(BoardResult::WhiteWins)
        );
        let by_name = judged("иванова анна", "Петров  Петр", true);
        assert_eq!(
            t.record_judged(1, 1, &by_name, None, None, true),
            Ok(BoardResult::WhiteWins)
        );
        assert_eq!(
            t.result_line(1, GameRef::Players(1, 2), Lang::En).unwrap(),
            "round 1, board 1: Иванова, Анна (White) 1 – 0 Петров Пётр (Black)"
        );
        assert!(matches!(
            t.board_of(1, GameRef::Players(2, 1)),
            Err(TournamentError::GameOrder { white_tpn: 1, .. })
        ));
    }

    #[test]
    fn a_disagreeing_report_needs_a_decision_and_keeps_both() {
        let mut t = event();
        let j = judged("1", "2", false);
        assert!(matches!(
            t.record_judged(1, 1, &j, None, None, false),
            Err(TournamentError::VerdictDisagrees { .. })
        ));
        // A result other than the judge's overrides it: refused without the arbiter's reason.
        assert_eq!(
            t.record_judged(1, 1, &j, Some(BoardResult::Draw), Some("  "), false),
            Err(TournamentError::OverrideWithoutReason {
                round: 1,
                board: 1,
                by: "judge",
                decided: BoardResult::WhiteWins,
                chosen: BoardResult::Draw,
            })
        );
        assert_eq!(t.round(1).unwrap().games[0].result, None);
        assert_eq!(
            t.record_judged(
                1,
                1,
                &j,
                Some(BoardResult::Draw),
                Some("both kings were left in check"),
                false
            ),
            Ok(BoardResult::Draw)
        );
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.result, Some(BoardResult::Draw));
        let rec = g.judged.clone().unwrap();
        assert_eq!(rec.verdict_result, Some(BoardResult::WhiteWins));
        assert_eq!(rec.decided, Some(BoardResult::Draw));
        assert_eq!(
            rec.override_reason.as_deref(),
            Some("both kings were left in check")
        );
        assert!(!rec.agrees);
        assert_eq!(g.decided_by(), Some(crate::tournament::DecidedBy::Override));
        // The judge's own result is the arbiter's decision without a reason.
        assert_eq!(
            t.record_judged(1, 1, &j, Some(BoardResult::WhiteWins), None, true),
            Ok(BoardResult::WhiteWins)
        );
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.decided_by(), Some(crate::tournament::DecidedBy::Judge));
        assert_eq!(g.judged.as_ref().unwrap().override_reason, None);
        // A typed correction of a judged board overrides the judge too.
        assert!(matches!(
            t.record_result(1, GameRef::Board(1), BoardResult::BlackWins, true),
            Err(TournamentError::OverrideWithoutReason { by: "judge", .. })
        ));
        t.record_result_overriding(
            1,
            GameRef::Board(1),
            BoardResult::BlackWins,
            true,
            Some("White resigned, the log stopped early"),
        )
        .unwrap();
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.result, Some(BoardResult::BlackWins));
        assert_eq!(g.decided_by(), Some(crate::tournament::DecidedBy::Override));
        // The record survives the state file.
        let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, t);
    }

    /// CR 4.3: an adjudicated board keeps the position and the reasons; another result than
    /// the adjudication's needs the arbiter's reason.
    #[test]
    fn an_adjudication_is_kept_and_overridden_only_with_a_reason() {
        let mut t = event();
        let a = AdjudicatedResult {
            fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".into(),
            proposed: Some(BoardResult::WhiteWins),
            basis: "lone_king".into(),
            reasons: vec!["rule 7: a rook up against a lone king (CR 4.3)".into()],
            override_reason: None,
        };
        assert!(matches!(
            t.record_adjudicated(1, 1, a.clone(), BoardResult::Draw, None, false),
            Err(TournamentError::OverrideWithoutReason {
                by: "adjudication",
                ..
            })
        ));
        t.record_adjudicated(1, 1, a.clone(), BoardResult::WhiteWins, None, false)
            .unwrap();
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.result, Some(BoardResult::WhiteWins));
        assert_eq!(g.adjudicated.as_ref(), Some(&a));
        assert_eq!(
            g.decided_by(),
            Some(crate::tournament::DecidedBy::Adjudication)
        );
        t.record_adjudicated(
            1,
            1,
            a,
            BoardResult::Draw,
            Some("the flag fell on a dead position"),
            true,
        )
        .unwrap();
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.decided_by(), Some(crate::tournament::DecidedBy::Override));
        assert_eq!(
            g.adjudicated.as_ref().unwrap().override_reason.as_deref(),
            Some("the flag fell on a dead position")
        );
    }
}
