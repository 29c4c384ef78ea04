//! FIDE mode (Handbook C.02, the endorsement checklist for pairing programs): once a round is
//! paired, the changes FIDE forbids are refused — a result of an earlier round is changed only
//! with the arbiter's note, which is kept ([`ResultNote`]); starting ranks are frozen after
//! round 1 in every mode ([`crate::tournament::TournamentError::StartListFrozen`]). Leaving
//! the mode is an explicit act and final: it cannot be re-entered, and the TRF export says so.

use crate::tournament::BoardResult;

/// Whether the event runs in FIDE mode. Off unless the arbiter turns it on (an event of the
/// children's rules, CR, is no FIDE-rated event).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum FideMode {
    /// Never turned on.
    #[default]
    Off,
    /// On: the refusals of the module docs apply.
    On,
    /// Left after `after_round` rounds were paired; cannot be re-entered.
    Left {
        /// Rounds paired when the mode was left.
        after_round: u32,
    },
}

impl crate::tournament::Tournament {
    /// Whether names are written as FIDE writes them («Surname, Given name»: the comma kept),
    /// in FIDE mode; else «Фамилия Имя»
    /// ([`normalise_name`](crate::tournament::player::normalise_name)).
    pub fn fide_names(&self) -> bool {
        self.fide.mode == FideMode::On
    }
}

impl FideMode {
    /// True when the mode was never turned on (the state file then omits it).
    pub fn is_off(&self) -> bool {
        *self == FideMode::Off
    }

    /// The line the TRF export writes once the mode was left (`### FIDE mode left after
    /// round 2`), and reads back.
    pub fn trf_line(&self) -> Option<String> {
        match self {
            FideMode::Left { after_round } => Some(format!("{TRF_LEFT_PREFIX}{after_round}")),
            _ => None,
        }
    }

    /// The mode a TRF comment line records, if it is [`FideMode::trf_line`]'s.
    pub fn from_trf_line(line: &str) -> Option<FideMode> {
        let after_round = line.strip_prefix(TRF_LEFT_PREFIX)?.trim().parse().ok()?;
        Some(FideMode::Left { after_round })
    }
}

/// What FIDE mode keeps in the state file (flattened into the event's record; neither field
/// is written while empty).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FideRecord {
    /// The mode; off (and not written) unless turned on.
    #[serde(
        default,
        rename = "fide_mode",
        skip_serializing_if = "FideMode::is_off"
    )]
    pub mode: FideMode,
    /// Results of earlier rounds changed with the arbiter's note, in order.
    #[serde(
        default,
        rename = "result_notes",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub notes: Vec<ResultNote>,
}

/// The start of the TRF comment line that says the event left FIDE mode.
pub const TRF_LEFT_PREFIX: &str = "### FIDE mode left after round ";

/// A result of an earlier round changed in FIDE mode, with the arbiter's note (why).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ResultNote {
    /// 1-based round.
    pub round: u32,
    /// Board.
    pub board: u32,
    /// The result before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<BoardResult>,
    /// The result after.
    pub to: BoardResult,
    /// The arbiter's note.
    pub note: String,
}

impl crate::tournament::Tournament {
    /// Turns FIDE mode on ([`crate::tournament::fide_mode`]).
    ///
    /// # Errors
    /// [`crate::tournament::TournamentError::FideModeLeft`] when the mode was left: it cannot be re-entered.
    pub fn enter_fide_mode(&mut self) -> Result<(), crate::tournament::TournamentError> {
        if let FideMode::Left { after_round } = self.fide.mode {
            return Err(crate::tournament::TournamentError::FideModeLeft { after_round });
        }
        self.fide.mode = FideMode::On;
        Ok(())
    }

    /// Leaves FIDE mode for good (recorded with the rounds paired so far).
    ///
    /// # Errors
    /// [`crate::tournament::TournamentError::FideModeNotOn`] when the mode is not on.
    pub fn leave_fide_mode(&mut self) -> Result<(), crate::tournament::TournamentError> {
        if self.fide.mode != FideMode::On {
            return Err(crate::tournament::TournamentError::FideModeNotOn);
        }
        self.fide.mode = FideMode::Left {
            after_round: self.paired_rounds(),
        };
        Ok(())
    }
}
