//! The drawing of lots (C.04.3 Dutch System, A.? "initial colour"; C.04.1 note: "the colour
//! of the first player in round 1 is determined by lot"): the one choice of a Swiss that
//! nothing else decides — who of the top player's pair has White in round 1 (TRF `XXC
//! white1` / `black1`, TRF-2026 `152`). It is drawn from a recorded seed, so that anyone
//! with the event's file can repeat the draw and then the pairing ([`initial_colour`]).
//!
//! The draw: the first output of SplitMix64 (Steele, Lea, Flood 2014; the generator
//! `java.util.SplittableRandom` and xoshiro's seeding use) from the seed; an even number is
//! White for the first player, an odd one Black. Seed 0 gives `0xe220a8397b1dcdaf`: Black.

use shakmaty::Color;

/// The largest seed [`random_seed`] gives: nine digits, easy to read out and type.
pub const MAX_DRAWN_SEED: u64 = 999_999_999;

/// The first SplitMix64 output from state `seed` (`0` → `0xe220a8397b1dcdaf`).
pub fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The colour of the first player in round 1 drawn from `seed`: White when
/// [`splitmix64`]`(seed)` is even, Black when odd.
pub fn initial_colour(seed: u64) -> Color {
    if splitmix64(seed).is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// A new seed, 0…[`MAX_DRAWN_SEED`], from the operating system's random source (the
/// clock's nanoseconds if that fails: the seed is recorded, so any value is a fair draw
/// that can be repeated).
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    let raw = match getrandom::fill(&mut b) {
        Ok(()) => u64::from_le_bytes(b),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    raw % (MAX_DRAWN_SEED + 1)
}

impl crate::tournament::Tournament {
    /// Draws the initial colour by lot from `seed` ([`crate::tournament::lots`]) and records
    /// both (before round 1 only: afterwards the colour has been played).
    ///
    /// # Errors
    /// [`crate::tournament::TournamentError::LotsAfterRound1`] when round 1 is paired.
    pub fn draw_lots(&mut self, seed: u64) -> Result<Color, crate::tournament::TournamentError> {
        if !self.rounds.is_empty() {
            return Err(crate::tournament::TournamentError::LotsAfterRound1);
        }
        let colour = initial_colour(seed);
        self.initial_colour = Some(colour);
        self.lots_seed = Some(seed);
        Ok(colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64's published first outputs (state 0 and 1), and the colours they draw.
    #[test]
    fn splitmix64_reference_values_and_colours() {
        assert_eq!(splitmix64(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(1), 0x910a_2dec_8902_5cc1);
        assert_eq!(initial_colour(0), Color::Black);
        assert_eq!(initial_colour(2), Color::White);
        assert_eq!(initial_colour(4), Color::White);
        assert_eq!(initial_colour(7), Color::Black);
        assert!(random_seed() <= MAX_DRAWN_SEED);
    }
}
