//! The random tournament generator (FIDE's "RTG", C.04 Annex 3): a complete Swiss tournament
//! paired round by round by our Dutch engine, with results drawn from a seeded random number
//! generator, so that the free pairing checker ([`crate::tournament::pairing::check`]) can be
//! run on as many tournaments as wanted. The same [`GenerateConfig`] (seed included) always
//! gives the same tournament.
//!
//! How a tournament is drawn (in this order, from one `XorShiftRng` seeded with the seed):
//! 1. ratings uniform in 1000–2400, sorted from the highest (starting rank 1) down; names
//!    `Player 001`…; the initial colour (`XXC`) White or Black;
//! 2. each round, before pairing, each player is absent with probability `bye_percent` %:
//!    a requested half-point bye `H` or a zero-point absence `Z`, one or the other with equal
//!    chance (at least two players always stay in the round);
//! 3. the round is paired by [`crate::tournament::pairing::pair`] from the state before it
//!    ([`input_before_round`]); when no legal pairing exists with the round's absences, it is
//!    paired again without them, and the generation fails only when that too is impossible;
//! 4. each game is a forfeit with probability `forfeit_percent` % (either side absent with
//!    equal chance: `+`/`-`), else a draw with probability `draw_percent` %, else a win for
//!    White with the Elo expectancy `1 / (1 + 10^((Rb − Rw) / 400))` (the stronger player wins
//!    more often); the pairing-allocated bye is `U`.
//!
//! Three options draw more, and only when set (so the tournaments of the other options stay as
//! they were): `forbidden_pairs` pairs of players who must not meet, drawn after the initial
//! colour, each in every round or (one time in two) in a span of rounds (TRF-2026 `260`);
//! `withdraw_percent`, before each round's absences, the chance that a player still in the
//! event withdraws for good (`Z` in every later round; at least two players stay); and
//! `acceleration`, the Baku method (C.04.5.1, TRF `250`), which draws nothing.

use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::Color;

use super::model::{ForbiddenPair, RoundSpan};
use super::pairing::acceleration::Acceleration;
use super::pairing::check::{EventEntries, input_before_round};
use super::pairing::{PairingError, PairingRules, PlayerEntries};
use super::result::{RoundEntry, RoundResult, Scoring};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// Number of players (at least 2).
    pub players: u16,
    /// Number of rounds (at least 1).
    pub rounds: u32,
    /// Seed of the random number generator.
    pub seed: u64,
    /// Share of games played that are drawn, percent (0–100).
    pub draw_percent: u8,
    /// Share of games that are forfeited, percent (0–100).
    pub forfeit_percent: u8,
    /// Chance that a player is absent from a round (requested `H` or `Z`), percent (0–100).
    pub bye_percent: u8,
    /// Chance that a player still in the event withdraws before a round, percent (0–100).
    pub withdraw_percent: u8,
    /// Number of forbidden pairs drawn (TRF `260`).
    pub forbidden_pairs: u16,
    /// The Baku acceleration (C.04.5.1).
    pub acceleration: bool,
    /// The pairing rules (preset) of the event.
    pub rules: PairingRules,
}

impl Default for GenerateConfig {
    /// 10 players, 5 rounds, seed 0, 20 % draws, nothing else, FIDE rules.
    fn default() -> Self {
        GenerateConfig {
            players: 10,
            rounds: 5,
            seed: 0,
            draw_percent: 20,
            forfeit_percent: 0,
            bye_percent: 0,
            withdraw_percent: 0,
            forbidden_pairs: 0,
            acceleration: false,
            rules: PairingRules::fide(),
        }
    }
}

/// Why a tournament could not be generated.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GenerateError {
    /// Fewer than two players, or no round.
    #[error(
        "a tournament needs at least 2 players and 1 round (asked: {players} players, {rounds} rounds)"
    )]
    TooSmall {
        /// Players asked.
        players: u16,
        /// Rounds asked.
        rounds: u32,
    },
    /// A percentage above 100.
    #[error("--{name} is a percentage (0-100), not {value}")]
    Percent {
        /// The option's name (`draws`, `forfeits`, `byes`).
        name: &'static str,
        /// The value given.
        value: u8,
    },
    /// A round that cannot be paired (C1–C3 cannot all hold, even with nobody absent), or the
    /// pairer refused the state.
    #[error("round {round} cannot be paired: {source}")]
    Pairing {
        /// The round.
        round: u32,
        /// The pairer's error.
        #[source]
        source: PairingError,
    },
}

/// One generated player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedPlayer {
    /// Starting rank (by rating, highest first).
    pub start_rank: u16,
    /// `Player 001`, …
    pub name: String,
    /// Rating, 1000–2400.
    pub rating: u16,
    /// Round entries, index 0 = round 1.
    pub rounds: Vec<RoundEntry>,
}

/// A generated tournament: every round paired and played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedTournament {
    /// The configuration it was generated from.
    pub config: GenerateConfig,
    /// Colour of starting rank 1 in round 1 (`XXC`).
    pub initial_colour: Color,
    /// Players in starting-rank order.
    pub players: Vec<GeneratedPlayer>,
    /// The forbidden pairs drawn.
    pub forbidden: Vec<ForbiddenPair>,
    /// Starting ranks of the players who withdrew, with the first round they missed.
    pub withdrawn: Vec<(u16, u32)>,
}

impl GeneratedTournament {
    /// The event's acceleration (Baku when the configuration asks for it).
    pub fn acceleration(&self) -> Option<Acceleration> {
        self.config.acceleration.then_some(Acceleration::Baku)
    }

    /// The tournament as the checker and the pairer read it.
    pub fn event_entries(&self) -> EventEntries<'_> {
        EventEntries {
            total_rounds: self.config.rounds,
            initial_colour: Some(self.initial_colour),
            scoring: Scoring::default(),
            forbidden_pairs: self.forbidden.clone(),
            acceleration: self.acceleration(),
            players: self
                .players
                .iter()
                .map(|p| PlayerEntries {
                    tpn: p.start_rank,
                    rating: Some(p.rating),
                    claimed_points: 0.0,
                    rounds: &p.rounds,
                })
                .collect(),
        }
    }
}

fn percent(rng: &mut XorShiftRng, p: u8) -> bool {
    rng.random_range(0..100u32) < u32::from(p)
}

/// Generates a tournament (see the module docs for how).
///
/// # Errors
/// [`GenerateError::TooSmall`], [`GenerateError::Percent`] for a bad configuration;
/// [`GenerateError::Pairing`] when a round cannot be paired even with every player present
/// (few players for many rounds: everyone has met everyone the rules allow).
pub fn generate(config: &GenerateConfig) -> Result<GeneratedTournament, GenerateError> {
    if config.players < 2 || config.rounds == 0 {
        return Err(GenerateError::TooSmall {
            players: config.players,
            rounds: config.rounds,
        });
    }
    for (name, value) in [
        ("draws", config.draw_percent),
        ("forfeits", config.forfeit_percent),
        ("byes", config.bye_percent),
        ("withdrawals", config.withdraw_percent),
    ] {
        if value > 100 {
            return Err(GenerateError::Percent { name, value });
        }
    }
    let mut rng = XorShiftRng::seed_from_u64(config.seed);
    let mut ratings: Vec<u16> = (0..config.players)
        .map(|_| rng.random_range(1000..=2400u16))
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let initial_colour = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let mut t = GeneratedTournament {
        config: *config,
        initial_colour,
        players: ratings
            .into_iter()
            .enumerate()
            .map(|(i, rating)| GeneratedPlayer {
                start_rank: i as u16 + 1,
                name: format!("Player {:03}", i + 1),
                rating,
                rounds: Vec::new(),
            })
            .collect(),
        forbidden: Vec::new(),
        withdrawn: Vec::new(),
    };
    for _ in 0..config.forbidden_pairs {
        let a = rng.random_range(1..=config.players);
        let mut b = rng.random_range(1..config.players);
        if b >= a {
            b += 1;
        }
        let rounds = rng.random_bool(0.5).then(|| {
            let first = rng.random_range(1..=config.rounds);
            RoundSpan {
                first,
                last: rng.random_range(first..=config.rounds),
            }
        });
        t.forbidden.push(ForbiddenPair {
            players: vec![a.min(b), a.max(b)],
            reason: None,
            rounds,
        });
    }
    for round in 1..=config.rounds as usize {
        if config.withdraw_percent > 0 {
            withdraw(&mut t, round, &mut rng);
        }
        play_round(&mut t, round, &mut rng)?;
    }
    Ok(t)
}

/// Draws who withdraws before round `round`: each player still in the event with
/// probability `withdraw_percent` %, while more than two stay.
fn withdraw(t: &mut GeneratedTournament, round: usize, rng: &mut XorShiftRng) {
    let mut staying = t.players.len() - t.withdrawn.len();
    for i in 0..t.players.len() {
        let tpn = t.players[i].start_rank;
        if t.withdrawn.iter().any(|&(w, _)| w == tpn) {
            continue;
        }
        if percent(rng, t.config.withdraw_percent) && staying > 2 {
            t.withdrawn.push((tpn, round as u32));
            staying -= 1;
        }
    }
}

/// Draws the absences of round `round`, pairs it and draws its results.
fn play_round(
    t: &mut GeneratedTournament,
    round: usize,
    rng: &mut XorShiftRng,
) -> Result<(), GenerateError> {
    let config = t.config;
    let gone: Vec<bool> = t
        .players
        .iter()
        .map(|p| t.withdrawn.iter().any(|&(w, _)| w == p.start_rank))
        .collect();
    let mut absences: Vec<Option<RoundResult>> = t
        .players
        .iter()
        .zip(&gone)
        .map(|(_, &gone)| {
            if gone {
                return Some(RoundResult::ZeroPointBye);
            }
            percent(rng, config.bye_percent).then(|| {
                if rng.random_bool(0.5) {
                    RoundResult::HalfPointBye
                } else {
                    RoundResult::ZeroPointBye
                }
            })
        })
        .collect();
    // At least two players stay in the round: the last absences drawn are cancelled (never a
    // withdrawal: at least two players are still in the event).
    let mut present = absences.iter().filter(|a| a.is_none()).count();
    for (a, &gone) in absences.iter_mut().zip(&gone).rev() {
        if present >= 2 {
            break;
        }
        if !gone && a.take().is_some() {
            present += 1;
        }
    }
    let set_absences = |t: &mut GeneratedTournament, absences: &[Option<RoundResult>]| {
        for (p, a) in t.players.iter_mut().zip(absences) {
            p.rounds.truncate(round - 1);
            if let Some(result) = a {
                p.rounds.push(RoundEntry {
                    result: *result,
                    ..RoundEntry::ABSENT
                });
            }
        }
    };
    set_absences(t, &absences);
    let pair = |t: &GeneratedTournament| {
        let input = input_before_round(&t.event_entries(), round, false)?;
        crate::tournament::pairing::pair(&input, &config.rules)
    };
    // Paired again with everyone present but the withdrawn when the absences leave no legal
    // pairing.
    let withdrawn_only: Vec<Option<RoundResult>> = gone
        .iter()
        .map(|&g| g.then_some(RoundResult::ZeroPointBye))
        .collect();
    let pairing = match pair(t) {
        Err(PairingError::NoLegalPairing) if absences != withdrawn_only => {
            set_absences(t, &withdrawn_only);
            pair(t)
        }
        other => other,
    }
    .map_err(|source| GenerateError::Pairing {
        round: round as u32,
        source,
    })?;
    let index = |tpn: u32| tpn as usize - 1;
    for b in &pairing.boards {
        let (w, k) = (index(b.white), index(b.black));
        let (white_result, black_result) = if percent(rng, config.forfeit_percent) {
            if rng.random_bool(0.5) {
                (RoundResult::ForfeitWin, RoundResult::ForfeitLoss)
            } else {
                (RoundResult::ForfeitLoss, RoundResult::ForfeitWin)
            }
        } else if percent(rng, config.draw_percent) {
            (RoundResult::Draw, RoundResult::Draw)
        } else {
            let diff = f64::from(t.players[k].rating) - f64::from(t.players[w].rating);
            let white_expectancy = 1.0 / (1.0 + 10f64.powf(diff / 400.0));
            if rng.random::<f64>() < white_expectancy {
                (RoundResult::Win, RoundResult::Loss)
            } else {
                (RoundResult::Loss, RoundResult::Win)
            }
        };
        t.players[w].rounds.push(RoundEntry {
            opponent: Some(b.black as u16),
            colour: Some(Color::White),
            result: white_result,
        });
        t.players[k].rounds.push(RoundEntry {
            opponent: Some(b.white as u16),
            colour: Some(Color::Black),
            result: black_result,
        });
    }
    if let Some(bye) = pairing.bye {
        t.players[index(bye)].rounds.push(RoundEntry {
            result: RoundResult::PairingAllocatedBye,
            ..RoundEntry::ABSENT
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(seed: u64) -> GenerateConfig {
        GenerateConfig {
            players: 9,
            rounds: 4,
            seed,
            draw_percent: 20,
            forfeit_percent: 5,
            bye_percent: 5,
            ..GenerateConfig::default()
        }
    }

    #[test]
    fn every_player_has_every_round_and_the_same_seed_gives_the_same_tournament() {
        let a = generate(&config(7)).unwrap();
        assert!(a.players.iter().all(|p| p.rounds.len() == 4));
        assert_eq!(a, generate(&config(7)).unwrap());
        assert_ne!(a, generate(&config(8)).unwrap());
    }

    #[test]
    fn bad_configurations_are_refused() {
        let mut c = config(1);
        c.players = 1;
        assert!(matches!(generate(&c), Err(GenerateError::TooSmall { .. })));
        let mut c = config(1);
        c.draw_percent = 101;
        assert!(matches!(generate(&c), Err(GenerateError::Percent { .. })));
    }
}
