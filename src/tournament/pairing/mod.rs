//! Swiss pairing by the FIDE (Dutch) System, C.04.3 as in force since 1 February 2026, giving
//! the same pairings, colours, bye and board order as the FIDE-endorsed engine bbpPairings
//! v6.0.0.
//!
//! # Method
//!
//! The pairer follows bbpPairings' design (`src/swisssystems/dutch.cpp`): every pair of
//! players still to be paired is an edge whose weight packs one bit field per criterion
//! (completion/C4 and bye eligibility C2/C5, pairs and scores in the bracket C6/C7, the next
//! bracket C8, the bye receiver's unplayed games C9, colours C10–C13, repeated floats
//! C14–C21), highest criterion in the highest bits. A maximum-weight matching
//! ([`matching::Matcher`], Edmonds' blossom algorithm with incremental updates) then optimises
//! the criteria lexicographically, bracket by bracket from the top; the handbook's order of
//! candidates (MDP choice, exchanges, S1/S2 transpositions) is enforced by fixing decisions one
//! at a time with tie-break bits. Colours are allocated per pair afterwards (C.04.3 E.1–E.5).
//!
//! The logic is a Rust re-implementation of bbpPairings (Copyright Jeremy Bierema, Apache
//! License 2.0, <https://github.com/BieremaBoyzProgramming/bbpPairings>), used here under that
//! licence, which is compatible with this crate's GPL-3.0-or-later.
//!
//! # Presets ([`PairingRules`])
//!
//! * `fide`: C.04.3 as written: a colour preference is absolute when the colour difference is
//!   beyond ±1 or the last two played games had the same colour (so nobody plays the same
//!   colour three times in a row nor reaches a difference of ±3, except topscorers in the last
//!   round).
//! * `detsky-mat` (CR 1.3, CR 1.5): the same system with one difference: a player may play the
//!   same colour **three** times in a row, so a preference becomes absolute only after three
//!   games in a row with one colour or at a colour difference of ±3 (the colour-difference
//!   limit moves from ±2 to ±3 accordingly, and the C10/C11 topscorer criteria move with it).
//!   The pairing-allocated bye ("+", CR 1.3) is given at most once per player, as in FIDE's C2
//!   (which also excludes players who already scored a win without playing).
//!
//! Absent and withdrawn players (CR 1.4) are those with a pre-set `0000 - Z/H/F` block for the
//! round being paired; they are not paired.

pub mod acceleration;
pub mod check;
pub mod colour;
pub mod dutch;
pub mod explain;
pub mod input;
pub mod matching;
pub mod round_robin;
pub mod wide;

pub use explain::Explanation;
pub use input::{Outcome, PairingInput, PlayerEntries, PlayerInput, PointSystem, RoundRecord};

/// A group's pairing system: the FIDE Dutch Swiss (C.04.3, [`pair`]) or a round robin by
/// the Berger tables (C.05 Annex 1, [`round_robin`]), single or double. The state file writes
/// `"system": "round_robin"` (or `"double_round_robin"`); a Swiss writes nothing, as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairingSystem {
    /// The FIDE Dutch system (C.04.3).
    #[default]
    Swiss,
    /// Single round robin (Berger tables).
    RoundRobin,
    /// Double round robin: the table twice, colours reversed in the second cycle.
    DoubleRoundRobin,
}

impl PairingSystem {
    /// True for the Swiss (the state file does not write it).
    pub fn is_swiss(&self) -> bool {
        *self == PairingSystem::Swiss
    }

    /// The round robin's cycles; `None` for the Swiss.
    pub fn cycles(self) -> Option<round_robin::Cycles> {
        match self {
            PairingSystem::Swiss => None,
            PairingSystem::RoundRobin => Some(round_robin::Cycles::Single),
            PairingSystem::DoubleRoundRobin => Some(round_robin::Cycles::Double),
        }
    }

    /// The name the command line takes and prints: `swiss`, `round-robin`,
    /// `double-round-robin`.
    pub fn name(self) -> &'static str {
        match self {
            PairingSystem::Swiss => "swiss",
            PairingSystem::RoundRobin => "round-robin",
            PairingSystem::DoubleRoundRobin => "double-round-robin",
        }
    }

    /// Parses [`PairingSystem::name`] (also with `_`); `None` for anything else.
    pub fn parse(text: &str) -> Option<PairingSystem> {
        [
            PairingSystem::Swiss,
            PairingSystem::RoundRobin,
            PairingSystem::DoubleRoundRobin,
        ]
        .into_iter()
        .find(|s| s.name() == text.trim().to_ascii_lowercase().replace('_', "-"))
    }
}

/// Which edition / preset of the Dutch rules to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PairingRules {
    /// A player may have the same colour at most this many times in a row (FIDE 2, CR 1.5: 3).
    pub max_same_colour_run: u32,
    /// Largest allowed colour difference (FIDE 2, CR 1.5: 3).
    pub max_colour_difference: u32,
}

impl PairingRules {
    /// FIDE C.04.3 (2026).
    pub fn fide() -> Self {
        PairingRules {
            max_same_colour_run: 2,
            max_colour_difference: 2,
        }
    }

    /// The children's event (CR 1.3, CR 1.5): three in a row allowed, difference ±3.
    pub fn detsky_mat() -> Self {
        PairingRules {
            max_same_colour_run: 3,
            max_colour_difference: 3,
        }
    }

    /// The colour rules of an event's rule preset: [`PairingRules::fide`] or
    /// [`PairingRules::detsky_mat`] (the same choice for the CLI and the web page).
    pub fn of(preset: crate::game::preset::Preset) -> Self {
        match preset {
            crate::game::preset::Preset::Fide => Self::fide(),
            crate::game::preset::Preset::DetskyMat => Self::detsky_mat(),
        }
    }

    /// A preset by name: `fide` or `detsky-mat`.
    pub fn by_name(name: &str) -> Option<Self> {
        match name {
            "fide" => Some(Self::fide()),
            "detsky-mat" => Some(Self::detsky_mat()),
            _ => None,
        }
    }
}

impl Default for PairingRules {
    fn default() -> Self {
        Self::fide()
    }
}

/// One board of the new round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Board {
    /// 1-based board number.
    pub number: usize,
    /// White's TPN.
    pub white: u32,
    /// Black's TPN.
    pub black: u32,
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Pairing {
    /// The round paired (1-based).
    pub round: u32,
    /// Boards in publication order (higher player's score, lower player's score, higher
    /// player's rank).
    pub boards: Vec<Board>,
    /// The player receiving the pairing-allocated bye, if the number of players is odd.
    pub bye: Option<u32>,
    /// Why each floater, colour and the bye were chosen.
    pub explanation: Explanation,
}

/// Why a round could not be paired.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria C1–C3 (no rematch, bye eligibility,
    /// colours): the arbiter must decide (C.04.3 A.9).
    #[error(
        "no legal pairing: the players cannot all be paired while satisfying the absolute criteria (C1 no rematch, C2 bye eligibility, C3 colours)"
    )]
    NoLegalPairing,
    /// Every round of the event is already paired: there is no next round (as in bbpPairings,
    /// a complete tournament is not paired again).
    #[error(
        "all {total} round(s) of the event (XXR {total}) are paired: there is no round {next} to pair"
    )]
    AllRoundsPaired {
        /// The event's number of rounds.
        total: u32,
        /// The round that would be next.
        next: u32,
    },
    /// The input is inconsistent.
    #[error("invalid pairing input: player {tpn}: {reason}")]
    InvalidInput {
        /// TPN of the player concerned (0 when not player-specific).
        tpn: u32,
        /// What is wrong.
        reason: String,
    },
    /// The edge weight of this round needs more than 4,096 bits (very many score groups and
    /// players), more than the matcher's widest integer.
    #[error(
        "the tournament is too large to pair: the edge weight needs {bits} bits (at most 4096)"
    )]
    TooLarge {
        /// Bits the weight needs.
        bits: u32,
    },
    /// A round robin's table cannot be made (the number of players, a round beyond it).
    #[error("{0}")]
    RoundRobin(#[from] round_robin::RoundRobinError),
    /// Every round at once was asked of a Swiss, whose rounds are paired from the results.
    #[error(
        "a Swiss is paired round by round, from the results: only a round robin is paired all at once"
    )]
    SwissRoundByRound,
}

impl PairingError {
    /// The error in `lang` (Fluent `pe-*`); English is the `Display`. An invalid input's
    /// reason is given as the pairer wrote it.
    pub fn message(&self, lang: crate::i18n::Lang) -> String {
        match self {
            PairingError::NoLegalPairing => lang.msg("pe-no-legal-pairing"),
            PairingError::AllRoundsPaired { total, next } => lang.fmt(
                "pe-all-rounds-paired",
                &[("total", &total.to_string()), ("next", &next.to_string())],
            ),
            PairingError::InvalidInput { tpn, reason } => lang.fmt(
                "pe-invalid-input",
                &[("tpn", &tpn.to_string()), ("reason", reason)],
            ),
            PairingError::TooLarge { bits } => {
                lang.fmt("pe-too-large", &[("bits", &bits.to_string())])
            }
            PairingError::RoundRobin(e) => e.message(lang),
            PairingError::SwissRoundByRound => lang.msg("pe-swiss-round-by-round"),
        }
    }
}

/// Pairs the next round of `input` under `rules`.
///
/// # Errors
/// [`PairingError::NoLegalPairing`] when no pairing satisfies C1–C3;
/// [`PairingError::InvalidInput`] for inconsistent input (unknown opponent, points that do not
/// match the results); [`PairingError::TooLarge`] when the weight would exceed 4,096 bits.
pub fn pair(input: &PairingInput, rules: &PairingRules) -> Result<Pairing, PairingError> {
    dutch::pair(input, rules)
}
