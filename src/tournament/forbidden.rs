//! Players who must not meet ([`ForbiddenPair`], TRF `XXP` and TRF-2026 `260`) and the span of
//! rounds a rule holds in ([`RoundSpan`], also of the virtual points of `250`); the event keeps
//! its pairs in [`Tournament::forbidden`](crate::tournament::model::Tournament::forbidden).

/// Players who must not meet (TRF `XXP`, TRF-2026 `260`): every two of `players`, in every
/// round or in the rounds of `rounds` only.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ForbiddenPair {
    /// Starting ranks (two or more).
    pub players: Vec<u16>,
    /// Why (`siblings`, `same club`), when the arbiter gave a reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The rounds in which they must not meet (TRF-2026 `260`, columns 5–7 and 9–11); `None`:
    /// every round (TRF `XXP`, `tournament forbid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundSpan>,
}

impl ForbiddenPair {
    /// Whether the pair is forbidden in round `round` (1-based).
    pub fn applies_in(&self, round: u32) -> bool {
        self.rounds.is_none_or(|s| s.contains(round))
    }
}

/// Rounds `first..=last` (1-based) of a rule that holds in some rounds only (a forbidden pair of
/// TRF-2026 `260`, virtual points of `250`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundSpan {
    /// First round (1-based).
    pub first: u32,
    /// Last round (1-based, at least `first`).
    pub last: u32,
}

impl RoundSpan {
    /// Whether `round` (1-based) is one of the span's rounds.
    pub fn contains(self, round: u32) -> bool {
        (self.first..=self.last).contains(&round)
    }
}

/// A forbidden group from an `XXP` or TRF-2026 `260` line an older state file kept as a header:
/// `XXP id id …` (every round), `260 RRR RRR PPPP PPPP …` (rounds in columns 5–7 and 9–11).
pub(crate) fn legacy_forbidden(header: &str) -> Option<ForbiddenPair> {
    let words = |s: &str| -> Vec<u16> {
        s.split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect()
    };
    match header.get(..3)? {
        "XXP" => Some(ForbiddenPair {
            players: words(header.get(3..)?),
            reason: None,
            rounds: None,
        }),
        "260" => {
            let round = |from: usize, to: usize| header.get(from..to)?.trim().parse().ok();
            Some(ForbiddenPair {
                players: words(header.get(11..).unwrap_or("")),
                reason: None,
                rounds: Some(RoundSpan {
                    first: round(4, 7)?,
                    last: round(8, 11)?,
                }),
            })
        }
        _ => None,
    }
}
