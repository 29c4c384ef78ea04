//! A TRF file as the free pairing checker reads it ([`crate::tournament::pairing::check`]).

use super::{Trf, TrfError, TrfLine};
use crate::tournament::pairing::check::{CheckReport, EventEntries, check_round, preset_entry};
use crate::tournament::pairing::{PairingError, PairingRules, PlayerEntries};

/// Why a TRF file could not be checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The round blocks do not make a tournament (an opponent that does not point back…).
    #[error(transparent)]
    Trf(#[from] TrfError),
    /// The pairer cannot take the file's state before some round.
    #[error("round {round}: {source}")]
    Pairing {
        /// The round being re-paired.
        round: u32,
        /// What the pairer refused.
        #[source]
        source: PairingError,
    },
}

impl Trf {
    /// The file's players and headers as the checker and the pairer read them: total rounds
    /// from `XXR`/`142` (at least the rounds paired in the file; the rounds paired when
    /// neither header is there), `XXC`/`152`, the point values (`162`, `BB*`), the forbidden
    /// pairs (`XXP`, `260`) and the acceleration (`250`, `XXA`, `192 …_BAKU`). Byes of `240`
    /// records are not in the blocks: see [`Trf::with_advance_byes`].
    pub fn event_entries(&self) -> EventEntries<'_> {
        let paired = self.completed_rounds() as u32;
        EventEntries {
            total_rounds: self.total_rounds().map_or(paired, |r| r.max(paired)),
            initial_colour: self.initial_colour(),
            scoring: self.scoring(),
            forbidden_pairs: self.forbidden_pairs(),
            acceleration: self.acceleration(),
            players: self
                .players()
                .map(|p| PlayerEntries {
                    tpn: p.tpn,
                    rating: p.rating,
                    claimed_points: p.points,
                    rounds: &p.rounds,
                })
                .collect(),
        }
    }

    /// The free pairing checker on this file: every paired round re-paired under `rules` from
    /// the state before it and compared with the file (see
    /// [`crate::tournament::pairing::check`]).
    ///
    /// # Errors
    /// [`CheckError::Trf`] when the round blocks do not make a tournament (checked first, as
    /// [`Trf::to_tournament`] reads them); [`CheckError::Pairing`] when the pairer refuses a
    /// round's state (other than finding no legal pairing, which is a finding of the report).
    pub fn check_pairings(&self, rules: &PairingRules) -> Result<CheckReport, CheckError> {
        self.to_tournament()?;
        let trf = self.with_advance_byes();
        let event = trf.event_entries();
        let mut rounds = Vec::new();
        for round in 1..=event.paired_rounds() {
            let check =
                check_round(&event, round, rules).map_err(|source| CheckError::Pairing {
                    round: round as u32,
                    source,
                })?;
            rounds.push(check);
        }
        Ok(CheckReport { rounds })
    }

    /// The file cut back to the state before round `round` (1-based), as a pairer reads it
    /// and as the checker re-pairs it: each player's blocks of rounds `1..round`, then the
    /// round-`round` block only when it is a pre-set absence or requested bye (see
    /// [`preset_entry`]: `Z`, `H`, `F` kept; other codes without opponent read by their
    /// points), the points column recomputed over rounds `1..round`. Header lines are kept
    /// as they are. For the reference tournaments this gives back each `round-<r>.trf` from
    /// `final.trf` (all but the `012` line, whose name says which state it is).
    pub fn before_round(&self, round: usize) -> Trf {
        let scoring = self.scoring();
        let paired = round <= self.completed_rounds();
        let mut cut = self.clone();
        for line in &mut cut.lines {
            let TrfLine::Player(p) = line else { continue };
            let before = round.saturating_sub(1);
            let preset = preset_entry(p.rounds.get(before), paired);
            p.points = p.score(before, &scoring);
            p.rounds.truncate(before);
            if let Some(e) = preset {
                while p.rounds.len() < before {
                    p.rounds.push(crate::tournament::result::RoundEntry::ABSENT);
                }
                p.rounds.push(e);
            }
        }
        cut
    }
}
