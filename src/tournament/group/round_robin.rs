//! A round robin group's pairing from its Berger table
//! ([`crate::tournament::pairing::round_robin`], FIDE C.05 Annex 1): the next round, or every
//! round at once, recorded in the group's rounds as the Dutch pairer's are.

use crate::tournament::{BoardResult, Bye, ByeKind, Tournament, TournamentError};

/// What becomes of a round robin player's games when he withdraws (the event states it; C.05
/// leaves it to the regulations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalRule {
    /// The common rule: a player who played fewer than half of his games has all of them
    /// cancelled (as if he had never entered: his opponents' games against him count for no
    /// one); otherwise his remaining games are lost by forfeit.
    #[default]
    HalfGames,
    /// His results stand and every remaining game is lost by forfeit, however few he played.
    Forfeits,
}

/// What a round robin withdrawal did ([`Tournament::withdraw_round_robin`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundRobinWithdrawal {
    /// Every game of the player was cancelled: `played` of his `games` were played.
    Cancelled {
        /// Games played over the board before the withdrawal.
        played: u32,
        /// His games in the table.
        games: u32,
    },
    /// His games from the round of the withdrawal on are lost by forfeit: `forfeited` of them
    /// already paired.
    Forfeited {
        /// Games played over the board before the withdrawal.
        played: u32,
        /// His games in the table.
        games: u32,
        /// Paired games given to the opponent by forfeit.
        forfeited: u32,
    },
}

impl Tournament {
    /// Pairs round `round` of a round robin from its Berger table
    /// ([`crate::tournament::pairing::round_robin`]): the players' table numbers are their
    /// starting ranks in order. Pairing round 1 sets the event's rounds to the table's
    /// (`n - 1` per cycle, `n` the players rounded up to even). The player the table leaves
    /// free has a zero-point bye (no game, no point). A game with a player out of the event
    /// (CR 1.4, 2.2) is not played: his opponent is given the round's point (a full-point bye,
    /// the game lost by forfeit).
    ///
    /// # Errors
    /// [`TournamentError::Pairing`] for fewer than 3 or more than 24 players; as
    /// [`Tournament::pair_round`].
    pub(crate) fn pair_round_robin(
        &mut self,
        round: u32,
        cycles: crate::tournament::pairing::round_robin::Cycles,
        ahead: bool,
    ) -> Result<crate::tournament::pairing::Pairing, TournamentError> {
        use crate::tournament::pairing::{Board, Explanation, Pairing, PairingError, round_robin};
        let ranks = self.table_numbers();
        let n = ranks.len() as u32;
        let table_error = |e: round_robin::RoundRobinError| TournamentError::Pairing {
            round,
            source: PairingError::RoundRobin(e),
        };
        let total = round_robin::rounds(n, cycles).map_err(table_error)?;
        if round == 1 && self.total_rounds != total {
            self.total_rounds = total;
        }
        self.check_next_round(round)?;
        if !ahead {
            self.check_round_finished(round - 1)?;
        }
        let table = round_robin::round(n, cycles, round).map_err(table_error)?;
        let tpn = |x: u32| ranks[x as usize - 1];
        let out = |t: &Tournament, p: u16| t.check_in_event(p, round).is_err();
        let mut games = Vec::new();
        let mut forfeits = Vec::new();
        for &(w, b) in &table.games {
            let (w, b) = (tpn(w), tpn(b));
            match (out(self, w), out(self, b)) {
                (false, false) => games.push((w, b)),
                (true, false) => forfeits.push(b),
                (false, true) => forfeits.push(w),
                (true, true) => {}
            }
        }
        self.place_pairing(round, &games, None)?;
        let r = self.round_mut_or_new(round);
        let byes = table
            .free
            .map(|p| (tpn(p), ByeKind::ZeroPoint))
            .into_iter()
            .chain(forfeits.into_iter().map(|p| (p, ByeKind::FullPoint)));
        for (player, kind) in byes {
            if !r.byes.iter().any(|b| b.player == player) {
                r.byes.push(Bye { player, kind });
            }
        }
        Ok(Pairing {
            round,
            boards: games
                .iter()
                .enumerate()
                .map(|(i, &(w, b))| Board {
                    number: i + 1,
                    white: w.into(),
                    black: b.into(),
                })
                .collect(),
            bye: None,
            explanation: Explanation::default(),
        })
    }

    /// The players in the order of their numbers in the Berger table (the first is table
    /// number 1), by starting rank: the start list's order (rating, title, name, or the list
    /// as entered), or — when the group drew lots ([`Tournament::lots_seed`], `--seed`) — an
    /// order drawn from the seed: a Fisher–Yates shuffle of the start list, the `k`-th draw
    /// (from 1; draw 0 is the initial colour, [`crate::tournament::lots`]) the SplitMix64
    /// output `k` of the seed reduced modulo the places left. Anyone with the seed repeats it.
    pub fn table_numbers(&self) -> Vec<u16> {
        use crate::tournament::lots::splitmix64;
        const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut ranks: Vec<u16> = self.players.iter().map(|p| p.start_rank).collect();
        ranks.sort_unstable();
        if let Some(seed) = self.lots_seed {
            let mut k = 0u64;
            for i in (1..ranks.len()).rev() {
                k += 1;
                let draw = splitmix64(seed.wrapping_add(k.wrapping_mul(GOLDEN)));
                ranks.swap(i, (draw % (i as u64 + 1)) as usize);
            }
        }
        ranks
    }

    /// A round robin player withdraws from round `from` on (CR 1.4), by the group's rule
    /// ([`Tournament::withdrawal_rule`], default [`WithdrawalRule::HalfGames`]): fewer than
    /// half of his games in the table played over the board (forfeits do not count) — every
    /// game of his is removed, each opponent's round becomes a zero-point bye (no game, no
    /// point), and he is listed in [`Tournament::cancelled`]; otherwise each paired game of his
    /// from round `from` on without a result is lost by forfeit (the rounds paired later give
    /// his opponent the point, as [`Tournament::pair_round_robin`] does).
    ///
    /// # Errors
    /// Unknown player, already out, a round beyond the event; a result recorded in round
    /// `from` or later (correct it first: the withdrawal would contradict it). The group is
    /// left unchanged.
    pub fn withdraw_round_robin(
        &mut self,
        tpn: u16,
        from: u32,
    ) -> Result<RoundRobinWithdrawal, TournamentError> {
        self.check_round_in_event(from, "withdrawal")?;
        let p = self.check_still_in(tpn)?;
        let (name, sex) = (p.name.clone(), p.sex);
        let his = |g: &crate::tournament::Game| g.white == tpn || g.black == tpn;
        // A result in a round he leaves would contradict the withdrawal.
        for r in self.rounds.iter().filter(|r| r.number >= from) {
            if r.games.iter().any(|g| his(g) && g.result.is_some()) {
                return Err(TournamentError::GameAfterWithdrawal {
                    tpn,
                    name,
                    sex,
                    round: r.number,
                    next: r.number + 1,
                    recorded: true,
                    total: self.total_rounds,
                });
            }
        }
        let cycles = match self.system {
            crate::tournament::pairing::PairingSystem::DoubleRoundRobin => 2,
            _ => 1,
        };
        let games = (self.players.len() as u32).saturating_sub(1) * cycles;
        let played = self
            .rounds
            .iter()
            .filter(|r| r.number < from)
            .flat_map(|r| &r.games)
            .filter(|g| {
                use BoardResult as R;
                his(g)
                    && matches!(
                        g.result,
                        Some(R::WhiteWins | R::Draw | R::BlackWins | R::DoubleLoss)
                    )
            })
            .count() as u32;
        let rule = self.withdrawal_rule.unwrap_or_default();
        if rule == WithdrawalRule::HalfGames && played * 2 < games {
            for r in &mut self.rounds {
                let mut freed = Vec::new();
                r.games.retain(|g| {
                    if his(g) {
                        freed.push(if g.white == tpn { g.black } else { g.white });
                    }
                    !his(g)
                });
                r.byes.retain(|b| b.player != tpn);
                for player in freed {
                    r.byes.push(Bye {
                        player,
                        kind: ByeKind::ZeroPoint,
                    });
                }
            }
            self.remove_future_byes(tpn, from);
            self.player_mut(tpn)?.withdrawn_from = Some(from);
            self.cancelled.push(tpn);
            return Ok(RoundRobinWithdrawal::Cancelled { played, games });
        }
        let mut forfeited = 0;
        for r in self.rounds.iter_mut().filter(|r| r.number >= from) {
            for g in r.games.iter_mut().filter(|g| his(g)) {
                g.result = Some(if g.white == tpn {
                    BoardResult::BlackWinsByForfeit
                } else {
                    BoardResult::WhiteWinsByForfeit
                });
                forfeited += 1;
            }
        }
        self.remove_future_byes(tpn, from);
        self.player_mut(tpn)?.withdrawn_from = Some(from);
        Ok(RoundRobinWithdrawal::Forfeited {
            played,
            games,
            forfeited,
        })
    }

    /// Pairs every round of a round robin not paired yet, in order, without waiting for
    /// results (the desk and `tournament pair --all` publish them all at once: a round robin's
    /// pairings do not depend on the results). Returns the rounds paired.
    ///
    /// # Errors
    /// [`TournamentError::Pairing`] for a Swiss (its rounds depend on the results) or a group
    /// of fewer than 3 or more than 24 players; as [`Tournament::pair_round`].
    pub fn pair_all_rounds(&mut self) -> Result<Vec<u32>, TournamentError> {
        use crate::tournament::pairing::PairingError;
        let Some(cycles) = self.system.cycles() else {
            return Err(TournamentError::Pairing {
                round: self.paired_rounds() + 1,
                source: PairingError::SwissRoundByRound,
            });
        };
        let mut paired = Vec::new();
        loop {
            let round = self.paired_rounds() + 1;
            if round > 1 && round > self.total_rounds {
                return Ok(paired);
            }
            self.pair_round_robin(round, cycles, true)?;
            paired.push(round);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::pairing::PairingSystem;
    use crate::tournament::{GameRef, Player};

    /// A round robin of 6 (5 rounds, 3 boards), every round paired; rounds 1 … `played` with
    /// White winning every game.
    fn group(played: u32) -> Tournament {
        let mut t = Tournament::new("RR", 5);
        t.system = PairingSystem::RoundRobin;
        for (name, rating) in [
            ("A", 1600),
            ("B", 1500),
            ("C", 1400),
            ("D", 1300),
            ("E", 1200),
            ("F", 1100),
        ] {
            t.add_player(Player {
                name: name.into(),
                rating: Some(rating),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_all_rounds().unwrap();
        for round in 1..=played {
            for board in 1..=3 {
                t.record_result(round, GameRef::Board(board), BoardResult::WhiteWins, false)
                    .unwrap();
            }
        }
        t
    }

    /// Two games played of five is fewer than half: all five go, each opponent's round is a
    /// zero-point bye, and the standings lose his two results.
    #[test]
    fn fewer_than_half_played_cancels_every_game() {
        let mut t = group(2);
        let before: Vec<f64> = (1..=6).map(|p| t.score(p, 2)).collect();
        let out = t.withdraw_round_robin(1, 3).unwrap();
        assert_eq!(
            out,
            RoundRobinWithdrawal::Cancelled {
                played: 2,
                games: 5
            }
        );
        assert_eq!(t.cancelled, [1]);
        for r in &t.rounds {
            assert!(r.games.iter().all(|g| g.white != 1 && g.black != 1));
            assert_eq!(r.games.len(), 2, "round {}", r.number);
            assert_eq!(r.byes.len(), 1);
            assert_eq!(r.byes[0].kind, ByeKind::ZeroPoint);
        }
        // His two opponents lose what they scored against him; no one else changes.
        let after: Vec<f64> = (1..=6).map(|p| t.score(p, 2)).collect();
        assert_eq!(after[0], 0.0);
        let changed = (1..6).filter(|&i| after[i] != before[i]).count();
        assert!(changed <= 2, "{before:?} → {after:?}");
    }

    /// Three of five played (not fewer than half): his results stand and rounds 4 and 5 are
    /// lost by forfeit; a result already in round 4 refuses the withdrawal from round 4.
    /// Without a seed the table numbers are the start order; with one, a draw anyone repeats
    /// (the same seed, the same order; another seed, another order), and round 1 of the table
    /// of 6 pairs table numbers 1-6, 2-5, 3-4.
    #[test]
    fn table_numbers_by_start_order_or_by_lot() {
        let mut t = group(0);
        assert_eq!(t.table_numbers(), [1, 2, 3, 4, 5, 6]);
        t.rounds.clear();
        t.lots_seed = Some(20261205);
        let drawn = t.table_numbers();
        assert_eq!(drawn, t.clone().table_numbers());
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6]);
        assert_ne!(drawn, [1, 2, 3, 4, 5, 6]);
        t.lots_seed = Some(1);
        assert_ne!(t.table_numbers(), drawn);
        t.lots_seed = Some(20261205);
        t.pair_all_rounds().unwrap();
        let r1: Vec<(u16, u16)> = t
            .round(1)
            .unwrap()
            .games
            .iter()
            .map(|g| (g.white, g.black))
            .collect();
        assert_eq!(
            r1,
            [
                (drawn[0], drawn[5]),
                (drawn[1], drawn[4]),
                (drawn[2], drawn[3])
            ]
        );
    }

    #[test]
    fn half_or_more_played_forfeits_the_rest() {
        let mut t = group(3);
        let out = t.clone().withdraw_round_robin(2, 4).unwrap();
        assert_eq!(
            out,
            RoundRobinWithdrawal::Forfeited {
                played: 3,
                games: 5,
                forfeited: 2
            }
        );
        t.withdraw(2, 4).unwrap();
        assert!(t.cancelled.is_empty());
        for round in 4..=5 {
            let g = t
                .round(round)
                .unwrap()
                .games
                .iter()
                .find(|g| g.white == 2 || g.black == 2)
                .unwrap();
            let lost = if g.white == 2 {
                BoardResult::BlackWinsByForfeit
            } else {
                BoardResult::WhiteWinsByForfeit
            };
            assert_eq!(g.result, Some(lost), "round {round}");
        }
        let mut t = group(4);
        assert!(matches!(
            t.withdraw_round_robin(3, 4),
            Err(TournamentError::GameAfterWithdrawal { round: 4, .. })
        ));
    }
}
