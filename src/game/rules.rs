//! The competition rules the judge enforces (CR 3.x, CR 4.x), as named presets with
//! configurable thresholds.
//!

use serde::Serialize;

pub use super::preset::{Preset, UnknownPreset};

/// The thresholds of the competition rules for one game.
///
/// Both presets share: an illegal move counts only when the arbiter notices it or the opponent
/// claims it before making his reply (CR 3.4–3.5); after the reply it is "played on"; the
/// losing illegal move is a draw instead when the opponent cannot checkmate by any series of
/// legal moves (Laws 7.5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CompetitionRules {
    /// The preset these thresholds come from.
    pub preset: Preset,
    /// Counted illegal moves that lose the game (CR 3.3 and Laws 7.5.5: 2).
    pub illegal_moves_to_lose: u32,
    /// Counted two-handed moves that make one illegal move (CR 3.7: 3; Laws 7.5.4: 1).
    pub two_handed_per_illegal_move: u32,
    /// Refused requests to continue that lose the game (CR 4.4: 3).
    pub refusals_to_lose: u32,
}

impl CompetitionRules {
    /// The thresholds of a preset.
    pub fn preset(preset: Preset) -> Self {
        match preset {
            Preset::DetskyMat => CompetitionRules {
                preset,
                illegal_moves_to_lose: 2,
                two_handed_per_illegal_move: 3,
                refusals_to_lose: 3,
            },
            Preset::Fide => CompetitionRules {
                preset,
                illegal_moves_to_lose: 2,
                two_handed_per_illegal_move: 1,
                refusals_to_lose: 3,
            },
        }
    }

    /// The children's event (CR 3.3, CR 3.7).
    pub fn detsky_mat() -> Self {
        Self::preset(Preset::DetskyMat)
    }

    /// FIDE Laws 7.5.
    pub fn fide() -> Self {
        Self::preset(Preset::Fide)
    }
}

impl Default for CompetitionRules {
    fn default() -> Self {
        Self::detsky_mat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_follow_cr_and_laws() {
        let d = CompetitionRules::detsky_mat();
        assert_eq!(
            (d.illegal_moves_to_lose, d.two_handed_per_illegal_move),
            (2, 3)
        );
        let f = CompetitionRules::fide();
        assert_eq!(
            (f.illegal_moves_to_lose, f.two_handed_per_illegal_move),
            (2, 1)
        );
        assert_eq!("fide".parse::<Preset>(), Ok(Preset::Fide));
        assert!("blitz".parse::<Preset>().is_err());
    }
}
