//! Property tests on seeded random tournaments, for both presets (`fide`, `detsky-mat`): every
//! round is paired by the library, results are drawn at random (with forfeits, requested byes
//! and withdrawals), and each pairing must satisfy
//!
//! * every present player is paired exactly once (or gets the bye), absent players never;
//! * a bye only with an odd number of present players, never to a player who already had the
//!   bye or a win without playing (C2);
//! * no rematch of a game actually played (C1);
//! * the preset's colour limits (same colour at most `max_run` times in a row, colour
//!   difference at most `max_diff`), except for topscorers in the last round (C3);
//! * "no legal pairing" only when an exhaustive search (≤ 10 players) finds none.
//!
//! The seed of a failing tournament is printed.

use arbiter::tournament::pairing::{
    Outcome, PairingError, PairingInput, PairingRules, PlayerInput, PointSystem, RoundRecord, pair,
};
use shakmaty::Color;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn played_colours(h: &[RoundRecord]) -> Vec<Color> {
    h.iter()
        .filter(|r| r.played)
        .filter_map(|r| r.colour)
        .collect()
}

fn score(h: &[RoundRecord]) -> u32 {
    let p = PointSystem::default();
    h.iter().map(|r| r.points(&p)).sum()
}

/// Run length of the last colour and colour difference (White − Black).
fn run_and_diff(c: &[Color]) -> (u32, i32) {
    let diff = c
        .iter()
        .map(|&x| if x == Color::White { 1 } else { -1 })
        .sum();
    let run = match c.last() {
        None => 0,
        Some(&l) => c.iter().rev().take_while(|&&x| x == l).count() as u32,
    };
    (run, diff)
}

fn absolute_pref(c: &[Color], max_run: u32, max_diff: u32) -> Option<Color> {
    let (run, diff) = run_and_diff(c);
    if diff.unsigned_abs() >= max_diff {
        return Some(if diff > 0 { Color::Black } else { Color::White });
    }
    if run >= max_run {
        return c.last().map(|&l| {
            if l == Color::White {
                Color::Black
            } else {
                Color::White
            }
        });
    }
    None
}

fn had_unplayed_win(h: &[RoundRecord]) -> bool {
    h.iter().any(|r| !r.played && r.outcome == Outcome::Win)
}

/// Exhaustive search for a pairing satisfying C1–C3 (small fields only).
fn legal_pairing_exists(
    present: &[usize],
    hist: &[Vec<RoundRecord>],
    rules: &PairingRules,
    last_round: bool,
    played_rounds: u32,
) -> bool {
    let threshold = played_rounds * 10 / 2;
    let ok = |a: usize, b: usize| -> bool {
        let met = hist[a]
            .iter()
            .any(|r| r.played && r.opponent == Some(b as u32 + 1));
        if met {
            return false;
        }
        let pa = absolute_pref(
            &played_colours(&hist[a]),
            rules.max_same_colour_run,
            rules.max_colour_difference,
        );
        let pb = absolute_pref(
            &played_colours(&hist[b]),
            rules.max_same_colour_run,
            rules.max_colour_difference,
        );
        if pa.is_some() && pa == pb {
            return last_round && (score(&hist[a]) > threshold || score(&hist[b]) > threshold);
        }
        true
    };
    fn rec(
        rest: &[usize],
        bye_used: bool,
        ok: &dyn Fn(usize, usize) -> bool,
        hist: &[Vec<RoundRecord>],
    ) -> bool {
        let Some((&a, others)) = rest.split_first() else {
            return true;
        };
        if rest.len() % 2 == 1
            && !bye_used
            && !had_unplayed_win(&hist[a])
            && rec(others, true, ok, hist)
        {
            return true;
        }
        for (k, &b) in others.iter().enumerate() {
            if ok(a, b) {
                let mut r: Vec<usize> = others.to_vec();
                r.remove(k);
                if rec(&r, bye_used, ok, hist) {
                    return true;
                }
            }
        }
        false
    }
    rec(present, false, &ok, hist)
}

fn run_tournament(seed: u64, rules: &PairingRules) -> Result<u32, String> {
    let mut rng = Rng(seed | 1);
    let n = 4 + rng.below(27) as usize;
    let rounds = 3 + rng.below(6) as u32;
    let initial_colour = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let withdraw: Vec<Option<u32>> = (0..n)
        .map(|_| {
            rng.chance(8)
                .then(|| 2 + rng.below(u64::from(rounds)) as u32)
        })
        .collect();
    let mut hist: Vec<Vec<RoundRecord>> = vec![Vec::new(); n];
    let mut paired_rounds = 0;
    for r in 1..=rounds {
        let presets: Vec<Option<RoundRecord>> = (0..n)
            .map(|i| {
                if withdraw[i].is_some_and(|w| r >= w) || rng.chance(4) {
                    Some(RoundRecord::absent())
                } else if rng.chance(3) {
                    Some(RoundRecord {
                        opponent: None,
                        colour: None,
                        outcome: Outcome::Draw,
                        played: false,
                        paired: false,
                    })
                } else {
                    None
                }
            })
            .collect();
        let input = PairingInput {
            total_rounds: rounds,
            played_rounds: r - 1,
            initial_colour,
            points: PointSystem::default(),
            players: (0..n)
                .map(|i| PlayerInput {
                    tpn: i as u32 + 1,
                    rating: 0,
                    history: hist[i].clone(),
                    preset: presets[i],
                    claimed_points: None,
                    virtual_points: Vec::new(),
                })
                .collect(),
            forbidden_pairs: Vec::new(),
        };
        let present: Vec<usize> = (0..n).filter(|&i| presets[i].is_none()).collect();
        let pairing = match pair(&input, rules) {
            Ok(p) => p,
            Err(PairingError::NoLegalPairing) => {
                if n <= 10 && legal_pairing_exists(&present, &hist, rules, r == rounds, r - 1) {
                    return Err(format!(
                        "round {r}: no legal pairing claimed, but one exists"
                    ));
                }
                return Ok(paired_rounds);
            }
            Err(e) => return Err(format!("round {r}: {e}")),
        };
        let mut seen = vec![0u32; n];
        for b in &pairing.boards {
            seen[b.white as usize - 1] += 1;
            seen[b.black as usize - 1] += 1;
        }
        if let Some(b) = pairing.bye {
            seen[b as usize - 1] += 1;
            if present.len().is_multiple_of(2) {
                return Err(format!("round {r}: bye with an even number of players"));
            }
            if had_unplayed_win(&hist[b as usize - 1]) {
                return Err(format!(
                    "round {r}: second bye / bye after a win without playing for {b}"
                ));
            }
        } else if present.len() % 2 == 1 {
            return Err(format!("round {r}: odd number of players but no bye"));
        }
        for i in 0..n {
            let want = u32::from(presets[i].is_none());
            if seen[i] != want {
                return Err(format!(
                    "round {r}: player {} appears {} times",
                    i + 1,
                    seen[i]
                ));
            }
        }
        let threshold = (r - 1) * 10 / 2;
        for b in &pairing.boards {
            let (w, k) = (b.white as usize - 1, b.black as usize - 1);
            if hist[w]
                .iter()
                .any(|x| x.played && x.opponent == Some(b.black))
            {
                return Err(format!("round {r}: rematch {} - {}", b.white, b.black));
            }
            let topscorer =
                r == rounds && (score(&hist[w]) > threshold || score(&hist[k]) > threshold);
            for (p, c) in [(w, Color::White), (k, Color::Black)] {
                let mut cs = played_colours(&hist[p]);
                cs.push(c);
                let (run, diff) = run_and_diff(&cs);
                if !topscorer
                    && (run > rules.max_same_colour_run
                        || diff.unsigned_abs() > rules.max_colour_difference)
                {
                    return Err(format!(
                        "round {r}: player {} gets {c:?}: run {run}, difference {diff}",
                        p + 1
                    ));
                }
            }
        }
        // Results.
        for b in &pairing.boards {
            let (w, k) = (b.white as usize - 1, b.black as usize - 1);
            let forfeit = rng.chance(5);
            let x = rng.below(100);
            let (ow, ok) = if x < 40 {
                (Outcome::Win, Outcome::Loss)
            } else if x < 60 && !forfeit {
                (Outcome::Draw, Outcome::Draw)
            } else {
                (Outcome::Loss, Outcome::Win)
            };
            hist[w].push(RoundRecord {
                opponent: Some(b.black),
                colour: Some(Color::White),
                outcome: ow,
                played: !forfeit,
                paired: true,
            });
            hist[k].push(RoundRecord {
                opponent: Some(b.white),
                colour: Some(Color::Black),
                outcome: ok,
                played: !forfeit,
                paired: true,
            });
        }
        if let Some(b) = pairing.bye {
            hist[b as usize - 1].push(RoundRecord {
                opponent: None,
                colour: None,
                outcome: Outcome::Win,
                played: false,
                paired: true,
            });
        }
        for i in 0..n {
            if let Some(p) = presets[i] {
                hist[i].push(p);
            }
        }
        paired_rounds += 1;
    }
    Ok(paired_rounds)
}

fn check_preset(rules: PairingRules, base_seed: u64) {
    let mut rounds = 0;
    for k in 0..1000u64 {
        let seed = base_seed.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        match run_tournament(seed, &rules) {
            Ok(r) => rounds += r,
            Err(e) => panic!("seed {seed:#x} ({rules:?}): {e}"),
        }
    }
    println!("{rules:?}: 1000 tournaments, {rounds} rounds paired");
    assert!(rounds > 3000);
}

#[test]
fn random_tournaments_fide() {
    check_preset(PairingRules::fide(), 0x5EED_0001);
}

#[test]
fn random_tournaments_detsky_mat() {
    check_preset(PairingRules::detsky_mat(), 0x5EED_0002);
}
