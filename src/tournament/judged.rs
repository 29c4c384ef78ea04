//! A judge's verdict recorded as a board's result, with the checks that keep a wrong verdict
//! out: the verdict's White and Black must be the board's players (by name, or by starting
//! rank when the event log's header gives a number), and a result the players reported that
//! the board contradicts (CR 4.2, `reported.agrees == false`) needs the arbiter's decision;
//! the record keeps both ([`JudgedResult`]). Also the strict reading of a game named by its
//! players ([`Tournament::board_of`]).

use shakmaty::ByColor;

use crate::i18n::Lang;
use crate::tournament::result::BoardResult;
use crate::tournament::{Game, GameRef, JudgedResult, Tournament, TournamentError};

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

/// A name as compared: lowercase, commas dropped, spaces collapsed, `ё` read as `е`.
fn name_key(name: &str) -> String {
    name.to_lowercase()
        .replace(',', " ")
        .replace('ё', "е")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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

    /// Records the result of a judged game on board `board` of round `round` and returns it.
    /// The verdict's players must be the board's; when the reported result disagrees with the
    /// board (CR 4.2) the arbiter's `decision` is recorded (and must be given), the verdict's
    /// result kept beside it.
    ///
    /// # Errors
    /// [`TournamentError::VerdictPlayers`], [`TournamentError::VerdictDisagrees`] (no
    /// decision), [`TournamentError::UnfinishedGame`] (a `*` verdict and no decision), and the
    /// errors of [`Tournament::record_result`].
    pub fn record_judged(
        &mut self,
        round: u32,
        board: u32,
        judged: &JudgedGame,
        decision: Option<BoardResult>,
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
        let result = match (judged.agrees, decision, judged.result) {
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
        self.record_result(round, GameRef::Board(board), result, correct)?;
        let record = JudgedResult {
            verdict_result: judged.result,
            reported: judged.reported.clone(),
            agrees: judged.agrees,
            decided: decision,
            cheating_white: judged.cheating.white,
            cheating_black: judged.cheating.black,
        };
        if let Some(g) = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| r.games.iter_mut().find(|g| g.board == board))
        {
            g.judged = Some(record);
        }
        Ok(result)
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
            t.record_judged(1, 1, &wrong, None, false),
            Err(TournamentError::VerdictPlayers { .. })
        ));
        let by_rank = judged("1", "2", true);
        assert_eq!(
            t.record_judged(1, 1, &by_rank, None, false),
            Ok(BoardResult::WhiteWins)
        );
        let by_name = judged("иванова анна", "Петров  Петр", true);
        assert_eq!(
            t.record_judged(1, 1, &by_name, None, true),
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
            t.record_judged(1, 1, &j, None, false),
            Err(TournamentError::VerdictDisagrees { .. })
        ));
        assert_eq!(
            t.record_judged(1, 1, &j, Some(BoardResult::Draw), false),
            Ok(BoardResult::Draw)
        );
        let g = &t.round(1).unwrap().games[0];
        assert_eq!(g.result, Some(BoardResult::Draw));
        let rec = g.judged.clone().unwrap();
        assert_eq!(rec.verdict_result, Some(BoardResult::WhiteWins));
        assert_eq!(rec.decided, Some(BoardResult::Draw));
        assert!(!rec.agrees);
    }
}
