//! The named presets of the event's rules, shared by the judge ([`crate::game::rules`]), play-out
//! adjudication ([`crate::adjudicate`], through [`Preset::adjudication`]) and the standings
//! ([`crate::tournament::standings`]): one preset name selects the matching thresholds in every
//! area.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::adjudicate::AdjudicationConfig;

/// A named rule preset. Command line, event logs and JSON write it `detsky-mat` or `fide`
/// (the command line's own value enum maps to it; the library derives no clap traits).
///
/// What each area takes from it: [`crate::game::rules::CompetitionRules::preset`] (illegal and
/// two-handed moves), [`Preset::adjudication`] (adjudication
/// thresholds) and `Preset::order` in [`crate::tournament::standings`] (tie-break order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// The children's event of `competition-rules.md`: two counted illegal moves lose (CR 3.3),
    /// three counted two-handed moves make one illegal move (CR 3.7); at play-out expiry a minor
    /// piece up with mating potential wins (CR 4.3); tie-breaks BH-C1, BH, SB, DE, PS, WIN
    /// (CR 1.1, `swiss-reference.md` §8).
    #[default]
    DetskyMat,
    /// FIDE Laws 7.5: the second completed illegal move loses (7.5.5), each two-handed move
    /// counts as an illegal move (7.5.4); a conservative adjudication in the spirit of FIDE
    /// Guidelines III (a rook up wins, between a pawn and a rook is the arbiter's call);
    /// tie-breaks BH-C1, BH, SB, DE, WIN, BWG (common practice of FIDE-rated Swiss events).
    Fide,
}

impl Preset {
    /// The preset's name as written on the command line and in event logs.
    pub fn name(self) -> &'static str {
        match self {
            Preset::DetskyMat => "detsky-mat",
            Preset::Fide => "fide",
        }
    }

    /// The play-out adjudication thresholds of this preset (CR 4.3–4.5):
    /// [`AdjudicationConfig::detsky_mat`] or [`AdjudicationConfig::fide`].
    pub fn adjudication(self) -> AdjudicationConfig {
        match self {
            Preset::DetskyMat => AdjudicationConfig::detsky_mat(),
            Preset::Fide => AdjudicationConfig::fide(),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules preset {0:?} (expected detsky-mat or fide)")]
pub struct UnknownPreset(pub String);

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "detsky-mat" => Ok(Preset::DetskyMat),
            "fide" => Ok(Preset::Fide),
            other => Err(UnknownPreset(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_text_and_json() {
        for preset in [Preset::DetskyMat, Preset::Fide] {
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
            let json = serde_json::to_string(&preset).unwrap();
            assert_eq!(json, format!("\"{}\"", preset.name()));
        }
        assert_eq!("detsky-mat".parse::<Preset>(), Ok(Preset::DetskyMat));
        assert!("blitz".parse::<Preset>().is_err());
        for preset in [Preset::DetskyMat, Preset::Fide] {
            assert_eq!(preset.adjudication().preset, preset.name());
        }
    }
}
