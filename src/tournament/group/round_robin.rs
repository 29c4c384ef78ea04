//! A round robin group's pairing from its Berger table
//! ([`crate::tournament::pairing::round_robin`], FIDE C.05 Annex 1): the next round, or every
//! round at once, recorded in the group's rounds as the Dutch pairer's are.

use crate::tournament::{Bye, ByeKind, Tournament, TournamentError};

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
        let mut ranks: Vec<u16> = self.players.iter().map(|p| p.start_rank).collect();
        ranks.sort_unstable();
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
