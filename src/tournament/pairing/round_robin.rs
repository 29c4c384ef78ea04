//! Round robin by the Berger tables (FIDE Handbook C.05 Annex 1): every player meets every
//! other once (single) or twice (double), the pairings and colours of each round read from
//! the table of the players' number.
//!
//! - The table of `n` players (`n` even) has `n - 1` rounds of `n / 2` boards. In round `r`
//!   player `n` meets player `p = ((r - 1) · n/2 mod (n - 1)) + 1`, on board 1, with Black in
//!   odd rounds and White in even ones; on board `k + 1` (`k = 1 … n/2 - 1`) player `p + k`
//!   has White against player `p - k` (numbers taken round `1 … n - 1`). This is how the
//!   published tables read: round 2 of 8 players is `8-5, 6-4, 7-3, 1-2`.
//! - An odd number of players plays the table of one more: the player the table pairs with the
//!   missing last number has the round free (the bye of the table).
//! - A double round robin plays the table twice, the second cycle with colours reversed; the
//!   last two rounds of the first cycle are exchanged, as C.05 Annex 1 recommends, so that
//!   nobody plays the same colour three times in a row across the cycles.
//!
//! Numbers are the players' pairing numbers in the table (1-based); the caller maps them to
//! its players (start ranks, or numbers drawn by lot).

/// The fewest players a round robin takes here.
pub const MIN_PLAYERS: u32 = 3;
/// The most players a round robin takes here (the tables of C.05 Annex 1 go to 16; the same
/// rule writes every even size).
pub const MAX_PLAYERS: u32 = 24;

/// A round robin's cycles: each player meets each other once or twice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cycles {
    /// Single round robin.
    #[default]
    Single,
    /// Double round robin: the second cycle with colours reversed.
    Double,
}

impl Cycles {
    /// How many times the table is played: 1 or 2.
    pub fn count(self) -> u32 {
        match self {
            Cycles::Single => 1,
            Cycles::Double => 2,
        }
    }
}

/// Why a round robin cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundRobinError {
    /// Fewer than [`MIN_PLAYERS`] or more than [`MAX_PLAYERS`] players.
    #[error("a round robin takes {MIN_PLAYERS} to {MAX_PLAYERS} players; this group has {0}")]
    Players(u32),
    /// A round beyond the table.
    #[error("the round robin has {total} rounds; there is no round {round}")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The table's rounds.
        total: u32,
    },
}

impl RoundRobinError {
    /// The error in `lang` (Fluent `rr-*`); English is the `Display`.
    pub fn message(&self, lang: crate::i18n::Lang) -> String {
        match self {
            RoundRobinError::Players(n) => lang.fmt(
                "rr-players",
                &[
                    ("min", &MIN_PLAYERS.to_string()),
                    ("max", &MAX_PLAYERS.to_string()),
                    ("n", &n.to_string()),
                ],
            ),
            RoundRobinError::NoSuchRound { round, total } => lang.fmt(
                "rr-no-such-round",
                &[("round", &round.to_string()), ("total", &total.to_string())],
            ),
        }
    }
}

/// One round of a round robin: the games as `(white, black)` pairing numbers in board order,
/// and the player who has the round free (an odd number of players), if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundRobinRound {
    /// `(white, black)` by board.
    pub games: Vec<(u32, u32)>,
    /// The player the table pairs with the missing number (odd number of players).
    pub free: Option<u32>,
}

/// The table's size for `players` players: `players` when even, one more when odd.
fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// The number of rounds of a round robin of `players` players (3 … 24) and `cycles`.
///
/// # Errors
/// [`RoundRobinError::Players`].
pub fn rounds(players: u32, cycles: Cycles) -> Result<u32, RoundRobinError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(RoundRobinError::Players(players));
    }
    Ok((table_size(players) - 1) * cycles.count())
}

/// Round `round` (1-based) of the Berger table of `n` players (`n` even, ≥ 2): `(white,
/// black)` by board, the table's own numbers (module docs).
fn berger_round(n: u32, round: u32) -> Vec<(u32, u32)> {
    let m = n - 1;
    let half = n / 2;
    // Numbers 1 … m taken round.
    let wrap = |x: i64| (x - 1).rem_euclid(i64::from(m)) as u32 + 1;
    let p = (round - 1) * half % m + 1;
    let mut games = Vec::with_capacity(half as usize);
    games.push(if round % 2 == 1 { (p, n) } else { (n, p) });
    for k in 1..half {
        let (p, k) = (i64::from(p), i64::from(k));
        games.push((wrap(p + k), wrap(p - k)));
    }
    games
}

/// Round `round` (1-based) of a round robin of `players` players (3 … 24) and `cycles`, as
/// the module docs say: games in board order and the player with the round free.
///
/// # Errors
/// [`RoundRobinError::Players`], [`RoundRobinError::NoSuchRound`].
pub fn round(players: u32, cycles: Cycles, round: u32) -> Result<RoundRobinRound, RoundRobinError> {
    let total = rounds(players, cycles)?;
    if round == 0 || round > total {
        return Err(RoundRobinError::NoSuchRound { round, total });
    }
    let n = table_size(players);
    let per_cycle = n - 1;
    let second = round > per_cycle;
    let mut r = (round - 1) % per_cycle + 1;
    // Double: the last two rounds of the first cycle exchanged (C.05 Annex 1). A table of one
    // round per cycle has nothing to exchange.
    if cycles == Cycles::Double && !second && per_cycle >= 2 && r >= per_cycle - 1 {
        r = if r == per_cycle {
            per_cycle - 1
        } else {
            per_cycle
        };
    }
    let mut out = RoundRobinRound::default();
    for (w, b) in berger_round(n, r) {
        let (w, b) = if second { (b, w) } else { (w, b) };
        if w > players {
            out.free = Some(b);
        } else if b > players {
            out.free = Some(w);
        } else {
            out.games.push((w, b));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair meets once per cycle, nobody twice in a round, and the free player is the
    /// one left out.
    #[test]
    fn every_pair_meets_once_per_cycle() {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            for cycles in [Cycles::Single, Cycles::Double] {
                let total = rounds(players, cycles).unwrap();
                let mut met = std::collections::HashMap::new();
                for r in 1..=total {
                    let round = round(players, cycles, r).unwrap();
                    let mut seen: Vec<u32> =
                        round.games.iter().flat_map(|&(w, b)| [w, b]).collect();
                    seen.extend(round.free);
                    seen.sort_unstable();
                    assert_eq!(seen, (1..=players).collect::<Vec<_>>(), "{players} {r}");
                    for (w, b) in round.games {
                        *met.entry((w.min(b), w.max(b))).or_insert(0) += 1;
                    }
                }
                let pairs = players * (players - 1) / 2;
                assert_eq!(met.len() as u32, pairs);
                assert!(met.values().all(|&c| c == cycles.count()));
            }
        }
        assert_eq!(rounds(2, Cycles::Single), Err(RoundRobinError::Players(2)));
        assert_eq!(
            rounds(25, Cycles::Single),
            Err(RoundRobinError::Players(25))
        );
        assert!(round(4, Cycles::Single, 4).is_err());
    }
}
