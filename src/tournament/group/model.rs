//! The tournament record ([`Tournament`]): players, rounds with pairings and byes, results,
//! withdrawals and disqualifications, each change checked against the Competition Rules; a
//! player's round entries, points and the tables tie-breaks and the pairer read are computed
//! from it. File formats (TRF, the `.pairs` list) convert to and from it in
//! [`crate::formats`].
//!
//! One file: the record's type and every change made to it, each checked against the CR here,
//! so that no change reaches the record past its check.

use std::collections::HashSet;

use shakmaty::Color;

use crate::game::preset::Preset;
use crate::tournament::forbidden::legacy_forbidden;
pub use crate::tournament::forbidden::{ForbiddenPair, RoundSpan};
use crate::tournament::live::LiveSetup;
use crate::tournament::player::{MAX_FOUR_DIGITS, MAX_GRADE, PlayerProblem, Sex, normalize_date};

pub(crate) use crate::tournament::player::check_player;
use crate::tournament::result::{BoardResult, Points, RoundEntry, RoundResult, Scoring};
use crate::tournament::tiebreak::{ResultTable, TablePlayer};
use crate::tournament::{Bye, ByeKind, Game, GameRef, Player, Round, TournamentError};

/// A tournament record.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tournament {
    /// Name (TRF `012`).
    pub name: String,
    /// Planned number of rounds (TRF `XXR`; CR 1.1: 4).
    pub total_rounds: u32,
    /// Colour of the first player in round 1 (TRF `XXC`); `"white"` or `"black"` in the
    /// state file.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::laws::serde_color::option_color"
    )]
    pub initial_colour: Option<Color>,
    /// The seed the initial colour was drawn from ([`crate::tournament::lots`], TRF `XXS`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lots_seed: Option<u64>,
    /// FIDE mode and the notes of its corrections ([`crate::tournament::fide_mode`]).
    #[serde(flatten)]
    pub fide: crate::tournament::fide_mode::FideRecord,
    /// Point values (CR 4.1 defaults).
    #[serde(default)]
    pub scoring: Scoring,
    /// Players by starting rank.
    pub players: Vec<Player>,
    /// Rounds in order.
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Header lines of an imported TRF other than `012`, `XXR`, `XXC`, kept verbatim for export.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trf_headers: Vec<String>,
    /// Pairs that must not meet, added by the arbiter (siblings, same club; exported as TRF
    /// `XXP`). Imported `XXP` lines stay in [`Tournament::trf_headers`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenPair>,
    /// The event's rule preset (pairing colour rules, tie-break order, adjudication
    /// thresholds, the judge's rules), chosen at `tournament new` and used by every command
    /// that reads the event. `None` in a state file written before the event kept it: read
    /// as [`Preset::default`] (`detsky-mat`), see [`Tournament::preset`].
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "preset")]
    pub rule_preset: Option<Preset>,
    /// Categories, prize settings, the chief arbiter and the date for diplomas
    /// ([`crate::tournament::category`]); absent from a state file that has none.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::category::Awards::is_empty"
    )]
    pub awards: crate::tournament::category::Awards,
    /// The live room: e-boards on boards and play-outs started (CR 4.3); empty (and not
    /// written) for an event without e-boards or play-out clock.
    #[serde(default, skip_serializing_if = "LiveSetup::is_empty")]
    pub live: LiveSetup,
    /// Dates, venue and arbiters (TRF `042`, `052`, `022`, `102`, `112`); empty in a state
    /// file written before the event kept them.
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::event::EventDetails::is_empty"
    )]
    pub details: crate::tournament::event::EventDetails,
    /// The pairing system: the Dutch Swiss (not written) or a round robin
    /// ([`crate::tournament::pairing::PairingSystem`]).
    #[serde(
        default,
        skip_serializing_if = "crate::tournament::pairing::PairingSystem::is_swiss"
    )]
    pub system: crate::tournament::pairing::PairingSystem,
    /// Virtual points for the pairing (C.04.5: the Baku method, or TRF-2026 `250` records);
    /// absent for an event without acceleration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acceleration: Option<crate::tournament::pairing::acceleration::Acceleration>,
    /// The event's tie-breaks in order and the edition of C.07 they follow (TRF-2026 `212`);
    /// absent: the preset's list under the 2024 rules ([`Tournament::tie_break_settings`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_breaks: Option<crate::tournament::tiebreak::TieBreakSettings>,
    /// A round robin's rule for a player who withdraws
    /// ([`crate::tournament::group::round_robin::WithdrawalRule`]); absent: the common one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawal_rule: Option<crate::tournament::group::round_robin::WithdrawalRule>,
    /// The players of a round robin whose games were all cancelled by their withdrawal (they
    /// played fewer games than the rule asks): by starting rank.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cancelled: Vec<u16>,
}

impl Tournament {
    /// An empty tournament of `total_rounds` rounds (CR 1.1: 4) named `name`, no players,
    /// White for the first player in round 1 (TRF `XXC white1`), the points of CR 4.1 (win 1,
    /// draw ½, loss 0; the pairing-allocated bye 1, CR 1.3).
    pub fn new(name: &str, total_rounds: u32) -> Tournament {
        Tournament {
            name: name.to_string(),
            total_rounds,
            initial_colour: Some(Color::White),
            lots_seed: None,
            fide: Default::default(),
            scoring: Scoring::default(),
            players: Vec::new(),
            rounds: Vec::new(),
            trf_headers: Vec::new(),
            forbidden: Vec::new(),
            rule_preset: None,
            awards: Default::default(),
            live: LiveSetup::default(),
            details: Default::default(),
            system: Default::default(),
            acceleration: None,
            tie_breaks: None,
            withdrawal_rule: None,
            cancelled: Vec::new(),
        }
    }

    /// The event's tie-breaks: those it keeps ([`Tournament::tie_breaks`]), else a round
    /// robin's ([`crate::tournament::standings::ROUND_ROBIN_ORDER`]) or its preset's list
    /// ([`Preset::order`](crate::tournament::standings::Preset)) under the 2024 rules.
    pub fn tie_break_settings(&self) -> crate::tournament::tiebreak::TieBreakSettings {
        self.tie_breaks
            .clone()
            .unwrap_or_else(|| crate::tournament::tiebreak::TieBreakSettings {
                order: crate::tournament::standings::default_order(self, self.preset()).to_vec(),
                rules: crate::tournament::tiebreak::Rules::Fide2024,
            })
    }

    /// The event's rule preset: the one stored at `tournament new`, else (a state file
    /// written before the event kept it, or a TRF import) [`Preset::default`], `detsky-mat`.
    pub fn preset(&self) -> Preset {
        self.rule_preset.unwrap_or_default()
    }

    /// Adds a player and returns his starting rank (the `start_rank` given is ignored). Until
    /// round 1 is paired every player is re-ranked by the initial ranking (rating, title,
    /// name: [`crate::tournament::start_list`]); afterwards the start list is frozen and a late
    /// entry gets the next number, absent (`Z`) in the rounds before his entry.
    ///
    /// # Errors
    /// [`TournamentError::InvalidPlayer`] when the name is empty or holds a control character
    /// (a line break would split the TRF line), or when a field does not fit its TRF-16 columns
    /// (C.04 Annex 2): a name over [`MAX_NAME_CHARS`] (100; a name longer than TRF's 33
    /// columns is kept whole), a title or federation over 3, a birth date over 10, a rating over 9999, a
    /// FIDE id over 11 digits, a birth date that is not a real `YYYY/MM/DD` date (or a year
    /// alone), or a 10,000th player. The event is left unchanged.
    pub fn add_player(&mut self, mut player: Player) -> Result<u16, TournamentError> {
        let rank = self
            .players
            .iter()
            .map(|p| p.start_rank)
            .max()
            .unwrap_or(0)
            .checked_add(1)
            .filter(|&r| r <= MAX_FOUR_DIGITS);
        let problem = |problem: PlayerProblem| TournamentError::InvalidPlayer {
            name: player.name.clone(),
            problem,
        };
        let Some(rank) = rank else {
            return Err(problem(PlayerProblem::EventFull));
        };
        normalize_date(&mut player.birth_date);
        check_player(&player).map_err(problem)?;
        player.start_rank = rank;
        self.players.push(player);
        Ok(self.rank_again(rank))
    }

    /// Adds `players` in their order, each as [`Tournament::add_player`] adds one, the start
    /// list ranked once at the end instead of after each (the same starting ranks: the
    /// ranking's order is total, ties kept in the order of entry): a school's list of
    /// thousands in time linear in the list, not its square.
    ///
    /// # Errors
    /// As [`Tournament::add_player`], for the first player refused; the event is then left
    /// unchanged.
    pub fn add_players(&mut self, players: Vec<Player>) -> Result<(), TournamentError> {
        let mut rank = self.players.iter().map(|p| p.start_rank).max().unwrap_or(0);
        let mut added = Vec::with_capacity(players.len());
        for mut player in players {
            let problem = |problem: PlayerProblem| TournamentError::InvalidPlayer {
                name: player.name.clone(),
                problem,
            };
            rank = match rank.checked_add(1).filter(|&r| r <= MAX_FOUR_DIGITS) {
                Some(r) => r,
                None => return Err(problem(PlayerProblem::EventFull)),
            };
            normalize_date(&mut player.birth_date);
            check_player(&player).map_err(problem)?;
            player.start_rank = rank;
            added.push(player);
        }
        if !added.is_empty() {
            self.players.extend(added);
            self.rank_again(rank);
        }
        Ok(())
    }

    /// Changes a registered player's name, rating, birth date and club (the arbiter's
    /// correction at the desk), checked as [`Tournament::add_player`] checks a new one. Before
    /// round 1 is paired the start list is ranked again (a rating changes the order); returns
    /// the player's starting rank afterwards.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`]; [`TournamentError::InvalidPlayer`] as for
    /// [`Tournament::add_player`]. The event is left unchanged.
    pub fn edit_player(
        &mut self,
        tpn: u16,
        name: String,
        rating: Option<u16>,
        birth_date: Option<String>,
        club: Option<String>,
    ) -> Result<u16, TournamentError> {
        let old = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?;
        let mut birth_date = birth_date;
        normalize_date(&mut birth_date);
        let edited = Player {
            name,
            rating,
            birth_date,
            club,
            ..old.clone()
        };
        check_player(&edited).map_err(|problem| TournamentError::InvalidPlayer {
            name: edited.name.clone(),
            problem,
        })?;
        if let Some(p) = self.players.iter_mut().find(|p| p.start_rank == tpn) {
            *p = edited;
        }
        Ok(self.rank_again(tpn))
    }

    /// Sets or clears a registered player's sex (TRF column 10); gendered words follow it.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`].
    pub fn set_player_sex(&mut self, tpn: u16, sex: Option<Sex>) -> Result<(), TournamentError> {
        self.player_mut(tpn)?.sex = sex;
        Ok(())
    }

    /// Sets or clears a registered player's school grade (класс, 1–11): the grade categories
    /// take the player by it.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`]; [`TournamentError::InvalidPlayer`] for a grade
    /// outside 1–11. The event is left unchanged.
    pub fn set_player_grade(&mut self, tpn: u16, grade: Option<u8>) -> Result<(), TournamentError> {
        let p = self.player_mut(tpn)?;
        if let Some(g) = grade.filter(|g| !(1..=MAX_GRADE).contains(g)) {
            return Err(TournamentError::InvalidPlayer {
                name: p.name.clone(),
                problem: PlayerProblem::Grade(g),
            });
        }
        p.grade = grade;
        Ok(())
    }

    /// The player with this starting rank.
    pub fn player(&self, tpn: u16) -> Option<&Player> {
        self.players.iter().find(|p| p.start_rank == tpn)
    }

    pub(crate) fn player_mut(&mut self, tpn: u16) -> Result<&mut Player, TournamentError> {
        self.players
            .iter_mut()
            .find(|p| p.start_rank == tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))
    }

    /// How many rounds have pairings (a round with byes only does not count).
    pub fn paired_rounds(&self) -> u32 {
        self.rounds.iter().filter(|r| !r.games.is_empty()).count() as u32
    }

    /// Round `number` (1-based), or `None` when it has neither pairings nor byes yet.
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    pub(crate) fn check_in_event(&self, tpn: u16, round: u32) -> Result<(), TournamentError> {
        let p = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?;
        match p.out_from() {
            Some((from, how)) if round >= from => Err(TournamentError::PlayerNotInEvent {
                tpn,
                name: p.name.clone(),
                sex: p.sex,
                how,
                from,
                round,
            }),
            _ => Ok(()),
        }
    }

    /// Records a requested bye or an absence for a round not yet paired (or a bye of a paired
    /// round). `PairingAllocated` is refused for a player who already had it (CR 1.3).
    ///
    /// # Errors
    /// Unknown player, player out of the event, a second pairing-allocated bye, a round
    /// beyond the next or after the event's last ([`TournamentError::RoundOutsideEvent`]), the
    /// player already paired or given a bye in that round.
    pub fn add_bye(&mut self, round: u32, bye: Bye) -> Result<(), TournamentError> {
        self.check_round_in_event(round, "bye")?;
        self.check_in_event(bye.player, round)?;
        let next = self.paired_rounds() + 1;
        if round == 0 || round > next.max(self.rounds.len() as u32 + 1) {
            return Err(TournamentError::RoundOutOfOrder { round, next });
        }
        if bye.kind == ByeKind::PairingAllocated {
            // CR 1.3: the pairing allocates this bye; a round not yet paired gets it from its
            // pairing (the pairer, or a manual pairing's bye).
            if self.round(round).is_none_or(|r| r.games.is_empty()) {
                return Err(TournamentError::PairingAllocatedByeBeforePairing {
                    round,
                    tpn: bye.player,
                });
            }
            if let Some(earlier) = self.pab_round(bye.player) {
                return Err(TournamentError::SecondPairingAllocatedBye {
                    tpn: bye.player,
                    earlier,
                });
            }
            if let Some(other) = self.round(round).and_then(|r| {
                r.byes
                    .iter()
                    .find(|b| b.kind == ByeKind::PairingAllocated)
                    .map(|b| b.player)
            }) {
                return Err(TournamentError::TwoPairingAllocatedByes {
                    round,
                    tpn: bye.player,
                    other,
                });
            }
        }
        let r = self.round_mut_or_new(round);
        if r.byes.iter().any(|b| b.player == bye.player)
            || r.games
                .iter()
                .any(|g| g.white == bye.player || g.black == bye.player)
        {
            return Err(TournamentError::PairedTwice {
                round,
                tpn: bye.player,
            });
        }
        r.byes.push(bye);
        Ok(())
    }

    fn pab_round(&self, tpn: u16) -> Option<u32> {
        self.rounds.iter().find_map(|r| {
            r.byes
                .iter()
                .any(|b| b.player == tpn && b.kind == ByeKind::PairingAllocated)
                .then_some(r.number)
        })
    }

    pub(crate) fn round_mut_or_new(&mut self, number: u32) -> &mut Round {
        if let Some(i) = self.rounds.iter().position(|r| r.number == number) {
            return &mut self.rounds[i];
        }
        self.rounds.push(Round {
            number,
            ..Round::default()
        });
        self.rounds.sort_by_key(|r| r.number);
        let i = self
            .rounds
            .iter()
            .position(|r| r.number == number)
            .unwrap_or(0);
        &mut self.rounds[i]
    }

    /// Sets the pairings of the next round: `games` as (white, black) by board order, and the
    /// pairing-allocated bye if any. Byes and absences already recorded for that round stay.
    ///
    /// # Errors
    /// A round other than the next, an unfinished previous round, unknown players, players out
    /// of the event (CR 1.4, 2.2), a player paired twice, a second pairing-allocated bye
    /// (CR 1.3).
    pub fn pair_round(
        &mut self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Result<(), TournamentError> {
        self.check_next_round(round)?;
        self.check_round_finished(round - 1)?;
        self.place_pairing(round, games, pab)
    }

    /// [`Tournament::pair_round`] without its checks of the round's order and of the round
    /// before: the players' checks, then the games and the bye recorded.
    pub(crate) fn place_pairing(
        &mut self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Result<(), TournamentError> {
        let mut seen: HashSet<u16> = self
            .round(round)
            .map(|r| r.byes.iter().map(|b| b.player).collect())
            .unwrap_or_default();
        for &tpn in games.iter().flat_map(|(w, b)| [w, b]).chain(pab.iter()) {
            self.check_in_event(tpn, round)?;
            if !seen.insert(tpn) {
                return Err(TournamentError::PairedTwice { round, tpn });
            }
        }
        if let Some(p) = pab
            && let Some(earlier) = self.pab_round(p)
        {
            return Err(TournamentError::SecondPairingAllocatedBye { tpn: p, earlier });
        }
        if let Some(p) = pab
            && let Some(other) = self.round(round).and_then(|r| {
                r.byes
                    .iter()
                    .find(|b| b.kind == ByeKind::PairingAllocated)
                    .map(|b| b.player)
            })
        {
            return Err(TournamentError::TwoPairingAllocatedByes {
                round,
                tpn: p,
                other,
            });
        }
        let r = self.round_mut_or_new(round);
        r.games = games
            .iter()
            .enumerate()
            .map(|(i, &(white, black))| Game {
                board: i as u32 + 1,
                white,
                black,
                result: None,
                unrated: false,
                colours_unknown: false,
                judged: None,
                adjudicated: None,
                replaced: Vec::new(),
            })
            .collect();
        if let Some(player) = pab {
            r.byes.push(Bye {
                player,
                kind: ByeKind::PairingAllocated,
            });
        }
        Ok(())
    }

    /// Whether `round` may be paired now: it must be the next round (rounds are paired in
    /// order) and within the event's rounds.
    ///
    /// # Errors
    /// [`TournamentError::RoundBeyondEvent`], [`TournamentError::RoundOutOfOrder`].
    pub fn check_next_round(&self, round: u32) -> Result<(), TournamentError> {
        if round > self.total_rounds {
            return Err(TournamentError::RoundBeyondEvent {
                round,
                total: self.total_rounds,
            });
        }
        let next = self.paired_rounds() + 1;
        if round != next {
            return Err(TournamentError::RoundOutOfOrder { round, next });
        }
        Ok(())
    }

    /// Pairs the next round by the FIDE Dutch system ([`crate::tournament::pairing`], under
    /// `rules`: `fide` or `detsky-mat`, CR 1.2–1.5) from the tournament as it stands (players
    /// out of the event and pre-set byes are left out), records the pairing with
    /// [`Tournament::pair_round`] and returns it (boards in publication order, the
    /// pairing-allocated bye, and the pairer's explanation, also kept in the round:
    /// [`Round::explanation`]).
    ///
    /// # Errors
    /// The errors of [`Tournament::pair_round`] (an unfinished previous round, all rounds
    /// played); [`TournamentError::Pairing`] when no legal pairing exists.
    pub fn pair_next_round(
        &mut self,
        rules: &crate::tournament::pairing::PairingRules,
    ) -> Result<crate::tournament::pairing::Pairing, TournamentError> {
        use crate::tournament::pairing::{PairingInput, pair};
        let round = self.paired_rounds() + 1;
        if let Some(cycles) = self.system.cycles() {
            return self.pair_round_robin(round, cycles, false);
        }
        self.check_next_round(round)?;
        self.check_round_finished(round - 1)?;
        let pairing = PairingInput::from_tournament(self)
            .and_then(|input| pair(&input, rules))
            .map_err(|source| TournamentError::Pairing { round, source })?;
        let tpn = |x: u32| u16::try_from(x).unwrap_or(u16::MAX);
        let games: Vec<(u16, u16)> = pairing
            .boards
            .iter()
            .map(|b| (tpn(b.white), tpn(b.black)))
            .collect();
        self.pair_round(round, &games, pairing.bye.map(tpn))?;
        if let Some(r) = self.rounds.iter_mut().find(|r| r.number == round) {
            r.explanation = Some(pairing.explanation.clone());
        }
        Ok(pairing)
    }

    /// Whether every game of round `round` has a result, so that the next round may be paired
    /// (CR 1.2: a round is paired from the results of the rounds before it). A round not paired
    /// yet (or round 0) has nothing missing.
    ///
    /// # Errors
    /// [`TournamentError::RoundUnfinished`] with the number of games without a result.
    pub(crate) fn check_round_finished(&self, round: u32) -> Result<(), TournamentError> {
        let missing = self
            .round(round)
            .map_or(0, |r| r.games.iter().filter(|g| g.result.is_none()).count());
        if missing > 0 {
            return Err(TournamentError::RoundUnfinished { round, missing });
        }
        Ok(())
    }

    /// Whether player `tpn` may leave the event with no game from round `first_free` on
    /// (withdrawal, CR 1.4; disqualification, CR 2.2).
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`], [`TournamentError::AlreadyOut`], or
    /// [`TournamentError::GameAfterWithdrawal`] naming the player's last game at or after
    /// `first_free`.
    fn check_can_leave(&self, tpn: u16, first_free: u32) -> Result<(), TournamentError> {
        let p = self.check_still_in(tpn)?;
        match self.last_game_round(tpn) {
            Some(last) if last >= first_free => Err(TournamentError::GameAfterWithdrawal {
                tpn,
                name: p.name.clone(),
                sex: p.sex,
                round: last,
                next: last + 1,
                recorded: self.round(last).is_some_and(|r| {
                    r.games
                        .iter()
                        .any(|g| (g.white == tpn || g.black == tpn) && g.result.is_some())
                }),
                total: self.total_rounds,
            }),
            _ => Ok(()),
        }
    }

    /// Player `tpn`, while he has not left the event.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`], [`TournamentError::AlreadyOut`].
    pub(crate) fn check_still_in(&self, tpn: u16) -> Result<&Player, TournamentError> {
        let p = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?;
        match p.out_from() {
            Some((out, _)) => Err(TournamentError::AlreadyOut {
                tpn,
                name: p.name.clone(),
                sex: p.sex,
                from: out,
            }),
            None => Ok(p),
        }
    }

    /// The player leaves the event from round `from` on (CR 1.4): not paired in that round or
    /// later; results already played stand. In a round robin, by the group's rule
    /// ([`Tournament::withdraw_round_robin`]).
    ///
    /// # Errors
    /// Unknown player, already out, or a game in round `from` or later
    /// ([`TournamentError::GameAfterWithdrawal`]: withdraw from the round after it, when the
    /// event has one).
    pub fn withdraw(&mut self, tpn: u16, from: u32) -> Result<(), TournamentError> {
        if self.system.cycles().is_some() {
            return self.withdraw_round_robin(tpn, from).map(drop);
        }
        self.check_round_in_event(from, "withdrawal")?;
        self.check_can_leave(tpn, from)?;
        self.remove_future_byes(tpn, from);
        self.player_mut(tpn)?.withdrawn_from = Some(from);
        Ok(())
    }

    /// Unpairs round `round`, the last paired, while none of its games has a result (a pairing
    /// made too early: a late entry, a withdrawal not yet entered): its games, the pairer's
    /// explanation and its pairing-allocated bye are removed; byes requested in advance stay.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`] when `round` is not the last paired round;
    /// [`TournamentError::ResultAlreadyRecorded`] naming the first board that has a result.
    pub fn unpair_round(&mut self, round: u32) -> Result<(), TournamentError> {
        let paired = self.paired_rounds();
        if round != paired || round == 0 {
            return Err(TournamentError::NoSuchRound { round, paired });
        }
        let r = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .ok_or(TournamentError::NoSuchRound { round, paired })?;
        if let Some(g) = r.games.iter().find(|g| g.result.is_some()) {
            return Err(TournamentError::ResultAlreadyRecorded {
                round,
                board: g.board,
                white: g.white,
                black: g.black,
                existing: g.result.unwrap_or(BoardResult::DoubleForfeit),
            });
        }
        r.games.clear();
        r.explanation = None;
        r.forced = None;
        r.byes.retain(|b| b.kind != ByeKind::PairingAllocated);
        if r.byes.is_empty() {
            self.rounds.retain(|r| r.number != round);
        }
        Ok(())
    }

    /// Cancels a withdrawal recorded by mistake (CR 1.4): the player is paired again from the
    /// next round paired; rounds paired meanwhile stay as they are (he was not in them).
    /// Returns whether he had withdrawn (a disqualification is not cancelled here).
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`].
    pub fn cancel_withdrawal(&mut self, tpn: u16) -> Result<bool, TournamentError> {
        Ok(self.player_mut(tpn)?.withdrawn_from.take().is_some())
    }

    /// Disqualifies the player in round `round` (CR 2.2): that round's game, if any, is lost
    /// (the opponent wins; a result already recorded is replaced), and the player is not
    /// paired again: every later round counts as a loss (0 points, TRF `Z`).
    ///
    /// # Errors
    /// Unknown player, already out, or a game in a later round.
    pub fn disqualify(&mut self, tpn: u16, round: u32) -> Result<(), TournamentError> {
        self.check_round_in_event(round, "disqualification")?;
        self.check_can_leave(tpn, round.saturating_add(1))?;
        if let Some(g) = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| {
                r.games
                    .iter_mut()
                    .find(|g| g.white == tpn || g.black == tpn)
            })
        {
            let before = g.standing();
            g.result = Some(if g.white == tpn {
                BoardResult::BlackWins
            } else {
                BoardResult::WhiteWins
            });
            g.note_replaced(before);
        }
        self.remove_future_byes(tpn, round + 1);
        self.player_mut(tpn)?.disqualified_from = Some(round + 1);
        Ok(())
    }

    /// A round named for a change (a withdrawal, a disqualification) must be one of the
    /// event's rounds, 1 to [`Tournament::total_rounds`].
    ///
    /// # Errors
    /// [`TournamentError::RoundOutsideEvent`].
    pub fn check_round_in_event(
        &self,
        round: u32,
        what: &'static str,
    ) -> Result<(), TournamentError> {
        if round == 0 || round > self.total_rounds {
            return Err(TournamentError::RoundOutsideEvent {
                what,
                round,
                total: self.total_rounds,
            });
        }
        Ok(())
    }

    fn last_game_round(&self, tpn: u16) -> Option<u32> {
        self.rounds
            .iter()
            .filter(|r| r.games.iter().any(|g| g.white == tpn || g.black == tpn))
            .map(|r| r.number)
            .max()
    }

    pub(crate) fn remove_future_byes(&mut self, tpn: u16, from: u32) {
        for r in self.rounds.iter_mut().filter(|r| r.number >= from) {
            r.byes.retain(|b| b.player != tpn);
        }
        self.rounds
            .retain(|r| !(r.games.is_empty() && r.byes.is_empty()));
    }

    /// The round entry of player `tpn` in round `round` (1-based), or `None` when there is
    /// none (a future round; a TRF line has no block there).
    ///
    /// A player without game or bye in an existing round is absent (`Z`, TRF `0000 - Z`). In
    /// the round after the last paired one, a player out of the event (CR 1.4, 2.2) gets the
    /// pre-set absence `Z` (TRF(x)), so a pairer leaves him out.
    pub fn entry(&self, tpn: u16, round: u32) -> Option<RoundEntry> {
        let r = self.round(round);
        if let Some(g) = r.and_then(|r| r.games.iter().find(|g| g.white == tpn || g.black == tpn)) {
            let is_white = g.white == tpn;
            let code = match g.result {
                None => RoundResult::Blank,
                Some(res) => {
                    let (w, b) = res.round_results();
                    let c = if is_white { w } else { b };
                    match (g.unrated, c) {
                        (true, RoundResult::Win) => RoundResult::UnratedWin,
                        (true, RoundResult::Draw) => RoundResult::UnratedDraw,
                        (true, RoundResult::Loss) => RoundResult::UnratedLoss,
                        (_, c) => c,
                    }
                }
            };
            let colour = match (g.colours_unknown, is_white) {
                (true, _) => None,
                (false, true) => Some(Color::White),
                (false, false) => Some(Color::Black),
            };
            return Some(RoundEntry {
                opponent: Some(if is_white { g.black } else { g.white }),
                colour,
                result: code,
            });
        }
        let absent = RoundEntry::ABSENT;
        if let Some(b) = r.and_then(|r| r.byes.iter().find(|b| b.player == tpn)) {
            return Some(RoundEntry {
                result: b.kind.round_result(),
                ..absent
            });
        }
        let paired = self.paired_rounds();
        if round <= paired {
            return Some(absent);
        }
        let out = self.player(tpn).is_some_and(|p| !p.plays_in(round));
        (round == paired + 1 && round <= self.total_rounds && out).then_some(absent)
    }

    /// Points of player `tpn` after round `through` (CR 4.1; byes and forfeits by their value
    /// under [`Tournament::scoring`]).
    pub fn points(&self, tpn: u16, through: u32) -> Points {
        (1..=through)
            .filter_map(|r| self.entry(tpn, r))
            .map(|e| e.result.points(&self.scoring))
            .sum()
    }

    /// [`Tournament::points`] as a number of points (`1.5`).
    pub fn score(&self, tpn: u16, through: u32) -> f64 {
        self.points(tpn, through).as_f64()
    }

    /// Pairs that must not meet in round `round`, by starting rank: every two players of one
    /// group of [`Tournament::forbidden`] that holds in that round (an imported TRF's `XXP` and
    /// `260` lines and those the arbiter added), and the `XXP` lines a state file written
    /// before imports kept them there still holds among [`Tournament::trf_headers`].
    pub fn forbidden_pairs_in(&self, round: u32) -> Vec<Vec<u16>> {
        self.forbidden_groups()
            .into_iter()
            .filter(|f| f.applies_in(round))
            .map(|f| f.players)
            .collect()
    }

    /// Every forbidden group of the event ([`Tournament::forbidden`], and the `XXP`/`260` lines
    /// an older state file kept among [`Tournament::trf_headers`]), whatever its rounds.
    pub fn forbidden_groups(&self) -> Vec<ForbiddenPair> {
        self.trf_headers
            .iter()
            .filter_map(|h| legacy_forbidden(h))
            .chain(self.forbidden.iter().cloned())
            .collect()
    }

    /// Rounds with every game's result recorded (standings are after this round).
    pub fn completed_rounds(&self) -> u32 {
        let mut done = 0;
        for r in self.rounds.iter().filter(|r| !r.games.is_empty()) {
            if r.games.iter().all(|g| g.result.is_some()) {
                done = r.number;
            } else {
                break;
            }
        }
        done
    }

    /// The result table for tie-breaks after round `through` (default: the completed rounds).
    pub fn result_table(&self, through: Option<u32>) -> ResultTable {
        let rounds = through.unwrap_or_else(|| self.completed_rounds());
        let mut players: Vec<TablePlayer> = self
            .players
            .iter()
            .map(|p| {
                TablePlayer::new(p.start_rank, &p.name, p.rating, rounds as usize, |r| {
                    u32::try_from(r)
                        .ok()
                        .and_then(|r| self.entry(p.start_rank, r))
                })
            })
            .collect();
        players.sort_by_key(|p| p.tpn);
        ResultTable {
            players,
            rounds: rounds as usize,
            total_rounds: self.total_rounds.max(rounds) as usize,
            scoring: self.scoring,
        }
    }
}

pub(crate) fn find_game(r: &Round, game: GameRef) -> Option<&Game> {
    r.games.iter().find(|g| match game {
        GameRef::Board(b) => g.board == b,
        GameRef::Players(a, b) => (g.white == a && g.black == b) || (g.white == b && g.black == a),
    })
}
