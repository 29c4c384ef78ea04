//! A pairing the arbiter makes by hand, checked before it is recorded: a rematch (C.04.1 b:
//! two players meet only once), a pair that must not meet (a forbidden pair: siblings, same
//! club), or a player present in the round left out (neither paired, nor given a bye, nor
//! absent) are refused unless the arbiter forces the pairing with a reason, which the round
//! keeps ([`ForcedPairing`]). A player paired twice is refused even then: a player has one
//! game per round. Also: adding forbidden pairs ([`Tournament::forbid`]).

use std::collections::HashSet;

use crate::tournament::result::BoardResult;
use crate::tournament::{ForbiddenPair, ForcedPairing, Tournament, TournamentError};

/// What a manual pairing's checks find (C.04.1 b; forbidden pairs; a present player left
/// out); players as [`Tournament::label`] names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManualPairingIssue {
    /// The two have already played each other.
    Rematch(String, String),
    /// The two must not meet.
    Forbidden(String, String),
    /// Present players neither paired, nor given a bye, nor marked absent.
    LeftOut(Vec<String>),
}

impl ManualPairingIssue {
    /// The issue in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            ManualPairingIssue::Rematch(a, b) => lang.fmt("mp-rematch", &[("a", a), ("b", b)]),
            ManualPairingIssue::Forbidden(a, b) => lang.fmt("mp-forbidden", &[("a", a), ("b", b)]),
            ManualPairingIssue::LeftOut(who) => {
                lang.fmt("mp-left-out", &[("players", &who.join(", "))])
            }
        }
    }
}

impl Tournament {
    /// A player as messages name him: `3 (Petrov, Pyotr)`, or the bare number when unknown.
    pub fn label(&self, tpn: u16) -> String {
        match self.player(tpn) {
            Some(p) => format!("{tpn} ({})", p.name),
            None => tpn.to_string(),
        }
    }

    /// True when `a` and `b` met in a game of a round before `round` (a forfeited game is not
    /// a meeting, C.04.1).
    pub fn have_met(&self, a: u16, b: u16, round: u32) -> bool {
        self.rounds
            .iter()
            .filter(|r| r.number < round)
            .flat_map(|r| &r.games)
            .any(|g| {
                ((g.white == a && g.black == b) || (g.white == b && g.black == a))
                    && !matches!(
                        g.result,
                        Some(
                            BoardResult::WhiteWinsByForfeit
                                | BoardResult::BlackWinsByForfeit
                                | BoardResult::DoubleForfeit
                        )
                    )
            })
    }

    /// What the checks of a manual pairing find in `games` (white, black) and `pab` for
    /// `round`, in English (as the round's record keeps them): rematches, forbidden pairs,
    /// present players left out. Empty when the pairing is acceptable.
    pub fn manual_pairing_problems(
        &self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Vec<String> {
        self.manual_pairing_issues(round, games, pab)
            .iter()
            .map(|i| i.text(crate::i18n::Lang::En))
            .collect()
    }

    /// As [`Tournament::manual_pairing_problems`], typed, to be written in any language.
    pub fn manual_pairing_issues(
        &self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Vec<ManualPairingIssue> {
        let mut problems = Vec::new();
        let forbidden = self.forbidden_pairs_in(round);
        for &(w, b) in games {
            if self.have_met(w, b, round) {
                problems.push(ManualPairingIssue::Rematch(self.label(w), self.label(b)));
            }
            if forbidden
                .iter()
                .any(|g| g.contains(&w) && g.contains(&b) && w != b)
            {
                problems.push(ManualPairingIssue::Forbidden(self.label(w), self.label(b)));
            }
        }
        let placed: HashSet<u16> = games
            .iter()
            .flat_map(|&(w, b)| [w, b])
            .chain(pab)
            .chain(
                self.round(round)
                    .into_iter()
                    .flat_map(|r| r.byes.iter().map(|b| b.player)),
            )
            .collect();
        let left_out: Vec<String> = self
            .players
            .iter()
            .filter(|p| p.plays_in(round) && !placed.contains(&p.start_rank))
            .map(|p| self.label(p.start_rank))
            .collect();
        if !left_out.is_empty() {
            problems.push(ManualPairingIssue::LeftOut(left_out));
        }
        problems
    }

    /// Sets the pairings of the next round by hand, as [`Tournament::pair_round`], after the
    /// checks of [`Tournament::manual_pairing_problems`]. With `force` (the arbiter's reason)
    /// a pairing that fails them is recorded all the same, marked [`ForcedPairing`] with the
    /// reason and the problems, which are returned for a warning; players left out are then
    /// absent (`Z`).
    ///
    /// # Errors
    /// [`TournamentError::ManualPairingRefused`] listing the problems (without `force`),
    /// [`TournamentError::ForceWithoutReason`] for an empty reason, and the errors of
    /// [`Tournament::pair_round`] (a player paired twice is refused even when forced).
    pub fn pair_round_manual(
        &mut self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
        force: Option<&str>,
    ) -> Result<Vec<String>, TournamentError> {
        self.check_next_round(round)?;
        self.check_round_finished(round - 1)?;
        // A player has one game per round: refused before anything else, even when forced.
        let mut seen = HashSet::new();
        for &tpn in games.iter().flat_map(|(w, b)| [w, b]).chain(pab.iter()) {
            if !seen.insert(tpn) {
                return Err(TournamentError::PairedTwice { round, tpn });
            }
        }
        let issues = self.manual_pairing_issues(round, games, pab);
        let problems: Vec<String> = issues
            .iter()
            .map(|i| i.text(crate::i18n::Lang::En))
            .collect();
        let forced = match force.map(str::trim) {
            Some("") => return Err(TournamentError::ForceWithoutReason { round }),
            Some(reason) if !problems.is_empty() => Some(ForcedPairing {
                reason: reason.to_string(),
                problems: problems.clone(),
            }),
            Some(_) => None,
            None if problems.is_empty() => None,
            None => {
                return Err(TournamentError::ManualPairingRefused {
                    round,
                    problems,
                    issues,
                });
            }
        };
        self.pair_round(round, games, pab)?;
        if let Some(r) = self.rounds.iter_mut().find(|r| r.number == round) {
            r.forced = forced;
        }
        Ok(problems)
    }

    /// A manual pairing of round `round` completed by the FIDE Dutch pairer (under `rules`):
    /// the boards and the bye the arbiter `fixed`, and the pairer's pairing of every other
    /// player present (not out of the event, no bye or absence recorded for the round), as
    /// one list of (white, black) boards in publication order (the higher score of the two,
    /// then the lower, then the better starting rank; C.04.2) and the pairing-allocated bye.
    /// Nothing is recorded: the arbiter checks it ([`Tournament::manual_pairing_issues`]) and
    /// records it with [`Tournament::pair_round_manual`]. The pairer's criteria apply among
    /// the rest only: the fixed boards are the arbiter's.
    ///
    /// # Errors
    /// As [`Tournament::check_manual_pairing`] for the fixed part; a second
    /// pairing-allocated bye when the rest is odd while the arbiter fixed the bye
    /// ([`TournamentError::TwoPairingAllocatedByes`]); [`TournamentError::Pairing`] when the
    /// rest has no legal pairing.
    pub fn pair_rest(
        &self,
        round: u32,
        fixed: &[(u16, u16)],
        fixed_bye: Option<u16>,
        rules: &crate::tournament::pairing::PairingRules,
    ) -> Result<ManualPairing, TournamentError> {
        use crate::tournament::pairing::{PairingInput, pair};
        use crate::tournament::{Bye, ByeKind};
        self.check_manual_pairing(round, fixed, fixed_bye)?;
        // The fixed players are left out of the pairer's round as if absent.
        let mut rest = self.clone();
        for tpn in fixed.iter().flat_map(|&(w, b)| [w, b]).chain(fixed_bye) {
            rest.round_mut_or_new(round).byes.push(Bye {
                player: tpn,
                kind: ByeKind::ZeroPoint,
            });
        }
        let to_tpn = |x: u32| u16::try_from(x).unwrap_or(u16::MAX);
        let mut games = fixed.to_vec();
        let mut bye = fixed_bye;
        let present = rest
            .players
            .iter()
            .filter(|p| p.plays_in(round))
            .filter(|p| {
                rest.round(round)
                    .is_none_or(|r| r.byes.iter().all(|b| b.player != p.start_rank))
            })
            .count();
        if present > 0 {
            let paired = PairingInput::from_tournament(&rest)
                .and_then(|input| pair(&input, rules))
                .map_err(|source| TournamentError::Pairing { round, source })?;
            games.extend(
                paired
                    .boards
                    .iter()
                    .map(|b| (to_tpn(b.white), to_tpn(b.black))),
            );
            match (bye, paired.bye.map(to_tpn)) {
                (Some(other), Some(tpn)) => {
                    return Err(TournamentError::TwoPairingAllocatedByes { round, tpn, other });
                }
                (None, b) => bye = b,
                (Some(_), None) => {}
            }
        }
        let before = round.saturating_sub(1);
        let key = |&(w, b): &(u16, u16)| {
            let (sw, sb) = (self.points(w, before), self.points(b, before));
            (
                std::cmp::Reverse(sw.max(sb)),
                std::cmp::Reverse(sw.min(sb)),
                w.min(b),
            )
        };
        games.sort_by_key(key);
        Ok((games, bye))
    }

    /// The checks of a manual pairing that no reason can force, without recording it: the
    /// round is the next, the round before is finished, every player named exists, is in the
    /// event and is paired once, the bye is his first pairing-allocated one.
    ///
    /// # Errors
    /// The errors of [`Tournament::pair_round`].
    pub fn check_manual_pairing(
        &self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Result<(), TournamentError> {
        self.clone().pair_round(round, games, pab)
    }

    /// How a manual pairing of the next round differs from the FIDE Dutch pairer's (under
    /// `rules`), for the warning on a forced pairing (FIDE's endorsement checklist asks for
    /// the comparison): `None` when they are the same pairs and bye, else the pairer's boards
    /// and bye, or why it does not pair the round ([`EngineComparison::text`] says it).
    pub fn compare_with_engine(
        &self,
        games: &[(u16, u16)],
        pab: Option<u16>,
        rules: &crate::tournament::pairing::PairingRules,
    ) -> Option<EngineComparison> {
        use crate::tournament::pairing::{PairingInput, pair};
        let engine = match PairingInput::from_tournament(self).and_then(|i| pair(&i, rules)) {
            Ok(p) => p,
            Err(e) => return Some(EngineComparison::NotPaired(e)),
        };
        let key = |a: u32, b: u32| (a.min(b), a.max(b));
        let mut ours: Vec<(u32, u32)> = games
            .iter()
            .map(|&(w, b)| key(u32::from(w), u32::from(b)))
            .collect();
        let mut theirs: Vec<(u32, u32)> = engine
            .boards
            .iter()
            .map(|b| key(b.white, b.black))
            .collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        if ours == theirs && pab.map(u32::from) == engine.bye {
            return None;
        }
        Some(EngineComparison::Differs {
            boards: engine.boards.iter().map(|b| (b.white, b.black)).collect(),
            bye: engine.bye,
        })
    }

    /// Adds a group of players who must not meet (siblings, same family or club): TRF `XXP`,
    /// read by the pairer.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`]; [`TournamentError::InvalidForbiddenPair`] for fewer
    /// than two different players.
    pub fn forbid(&mut self, players: &[u16], reason: Option<&str>) -> Result<(), TournamentError> {
        self.forbid_in(players, reason, None)
    }

    /// As [`Tournament::forbid`], in the rounds of `rounds` only (TRF-2026 `260`), or in every
    /// round when `None`.
    ///
    /// # Errors
    /// As [`Tournament::forbid`]; [`TournamentError::InvalidForbiddenPair`] also for a span
    /// that starts at round 0 or ends before it starts.
    pub fn forbid_in(
        &mut self,
        players: &[u16],
        reason: Option<&str>,
        rounds: Option<crate::tournament::model::RoundSpan>,
    ) -> Result<(), TournamentError> {
        if rounds.is_some_and(|r| r.first == 0 || r.last < r.first) {
            return Err(TournamentError::InvalidForbiddenPair);
        }
        let mut ids: Vec<u16> = Vec::new();
        for &p in players {
            self.player(p).ok_or(TournamentError::UnknownPlayer(p))?;
            if !ids.contains(&p) {
                ids.push(p);
            }
        }
        if ids.len() < 2 {
            return Err(TournamentError::InvalidForbiddenPair);
        }
        self.forbidden.push(ForbiddenPair {
            players: ids,
            reason: reason.map(str::to_string).filter(|r| !r.trim().is_empty()),
            rounds,
        });
        Ok(())
    }

    /// Removes the forbidden pair (or group) number `index` of [`Tournament::forbidden`]
    /// (from 0), entered by mistake: its players may meet in the rounds paired from now on.
    /// Returns it, `None` when there is no such entry.
    pub fn remove_forbidden(&mut self, index: usize) -> Option<ForbiddenPair> {
        (index < self.forbidden.len()).then(|| self.forbidden.remove(index))
    }
}

/// A round's pairing as the arbiter sets it by hand: boards as (White, Black) starting ranks
/// in board order, and the pairing-allocated bye.
pub type ManualPairing = (Vec<(u16, u16)>, Option<u16>);

/// How the FIDE Dutch pairer would pair a round the arbiter paired by hand and forced
/// ([`Tournament::compare_with_engine`]).
#[derive(Debug, PartialEq)]
pub enum EngineComparison {
    /// The pairer does not pair the round (no legal pairing, C.04.3 A.9, or its input
    /// refused).
    NotPaired(crate::tournament::pairing::PairingError),
    /// The pairer pairs it otherwise.
    Differs {
        /// Its boards as (White, Black) starting ranks, in board order.
        boards: Vec<(u32, u32)>,
        /// Its pairing-allocated bye.
        bye: Option<u32>,
    },
}

impl EngineComparison {
    /// The comparison in `lang`: "the Dutch pairer would pair 1-4, 2-3, bye 5" (Fluent
    /// `mp-engine-*`).
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            EngineComparison::NotPaired(e) => {
                lang.fmt("mp-engine-not-paired", &[("reason", &e.message(lang))])
            }
            EngineComparison::Differs { boards, bye } => {
                let list: Vec<String> = boards.iter().map(|(w, b)| format!("{w}-{b}")).collect();
                match bye {
                    Some(b) => lang.fmt(
                        "mp-engine-differs-bye",
                        &[("boards", &list.join(", ")), ("bye", &b.to_string())],
                    ),
                    None => lang.fmt("mp-engine-differs", &[("boards", &list.join(", "))]),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tournament::{BoardResult, GameRef, Player, Tournament, TournamentError};

    fn four() -> Tournament {
        let mut t = Tournament::new("T", 4);
        for (name, rating) in [("A", 1800), ("B", 1700), ("C", 1600), ("D", 1500)] {
            t.add_player(Player {
                name: name.into(),
                rating: Some(rating),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round_manual(1, &[(1, 3), (4, 2)], None, None)
            .unwrap();
        t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
            .unwrap();
        t.record_result(1, GameRef::Board(2), BoardResult::BlackWinsByForfeit, false)
            .unwrap();
        t
    }

    #[test]
    fn a_rematch_is_refused_a_forfeit_is_no_meeting() {
        let mut t = four();
        assert!(t.have_met(1, 3, 2) && !t.have_met(2, 4, 2));
        let e = t
            .pair_round_manual(2, &[(3, 1), (2, 4)], None, None)
            .unwrap_err();
        let TournamentError::ManualPairingRefused { problems, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(
            problems,
            ["rematch: 3 (C) and 1 (A) have already played each other"]
        );
        assert_eq!(t.paired_rounds(), 1);
        assert_eq!(
            t.pair_round_manual(2, &[(3, 1), (2, 4)], None, Some(" ")),
            Err(TournamentError::ForceWithoutReason { round: 2 })
        );
        let warned = t
            .pair_round_manual(2, &[(3, 1), (2, 4)], None, Some("last boards"))
            .unwrap();
        assert_eq!(warned.len(), 1);
        let forced = t.round(2).unwrap().forced.clone().unwrap();
        assert_eq!(forced.reason, "last boards");
    }

    /// One board fixed by hand, the rest paired by the Dutch pairer among themselves (round 1
    /// of four players: 1 against 3, 4 against 2 by C.04.3's top half against bottom half).
    #[test]
    fn the_rest_of_a_manual_pairing_is_paired_by_the_pairer() {
        let rules = crate::tournament::pairing::PairingRules::of(crate::game::preset::Preset::Fide);
        let mut t = Tournament::new("T", 4);
        for i in 1..=7u16 {
            t.add_player(Player {
                name: format!("P{i}"),
                rating: Some(2000 - i * 10),
                ..Player::default()
            })
            .unwrap();
        }
        // 5, 6 and 7 fixed: 5 against 6, 7 the bye; 1–4 left to the pairer.
        let (games, bye) = t.pair_rest(1, &[(6, 5)], Some(7), &rules).unwrap();
        assert_eq!(games, [(1, 3), (4, 2), (6, 5)]);
        assert_eq!(bye, Some(7));
        assert!(t.manual_pairing_issues(1, &games, bye).is_empty());
        // Nobody fixed: the pairer's own pairing.
        let (games, bye) = t.pair_rest(1, &[], None, &rules).unwrap();
        assert_eq!((games.len(), bye), (3, Some(7)));
        // Rank 1 fixed against 2, the bye to 7, the rest: the two top and bottom halves.
        assert_eq!(
            t.pair_rest(1, &[(1, 2)], Some(7), &rules),
            Ok((vec![(1, 2), (3, 5), (6, 4)], Some(7)))
        );
        // Six present (7 withdrew), the bye fixed: the rest is odd and the pairer would give
        // a second one.
        t.withdraw(7, 1).unwrap();
        assert_eq!(
            t.pair_rest(1, &[(6, 5)], Some(1), &rules),
            Err(TournamentError::TwoPairingAllocatedByes {
                round: 1,
                tpn: 4,
                other: 1
            })
        );
        // A player paired twice is refused before the pairer runs.
        assert_eq!(
            t.pair_rest(1, &[(6, 5), (5, 7)], None, &rules),
            Err(TournamentError::PairedTwice { round: 1, tpn: 5 })
        );
        assert_eq!(t.paired_rounds(), 0, "nothing recorded");
    }

    #[test]
    fn forbidden_pairs_are_checked_and_kept() {
        let mut t = four();
        t.forbid(&[2, 3, 2], Some("siblings")).unwrap();
        assert_eq!(
            t.forbid(&[1, 1], None),
            Err(TournamentError::InvalidForbiddenPair)
        );
        assert_eq!(t.forbidden[0].players, [2, 3]);
        assert_eq!(t.forbidden_pairs_in(1), [vec![2, 3]]);
        let problems = t.manual_pairing_problems(2, &[(2, 3), (1, 4)], None);
        assert_eq!(problems, ["2 (B) and 3 (C) are a forbidden pair"]);
    }
}
