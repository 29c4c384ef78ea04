//! A TRF file as the free pairing checker reads it ([`crate::tournament::pairing::check`]).

use super::{Trf, TrfError, TrfLine};
use crate::tournament::pairing::check::{CheckReport, EventEntries, check_round, preset_entry};
use crate::tournament::pairing::{PairingError, PairingRules, PlayerEntries};
use crate::tournament::standings_check::{ClaimedRow, StandingsClaim};
use crate::tournament::tiebreak::{ResultTable, Rules, TieBreak, TieBreakError};

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

/// The [`StandingsClaim::source`] of the rank column's claim ([`Trf::rank_claim`]).
pub const RANK_COLUMN: &str = "rank_column";

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

    /// The rounds of the file with every result in: the last round before the first one in
    /// which some game (a block with an opponent) has a blank result. The standings the rank
    /// column states are after these rounds.
    pub fn rounds_with_results(&self) -> usize {
        let paired = self.completed_rounds();
        (1..=paired)
            .find(|&r| {
                self.players().any(|p| {
                    p.round(r)
                        .is_some_and(|e| e.opponent.is_some() && e.result.letter() == ' ')
                })
            })
            .map_or(paired, |r| r - 1)
    }

    /// The results as tie-breaks read them, after [`Trf::rounds_with_results`].
    ///
    /// # Errors
    /// [`TieBreakError::UnknownOpponent`].
    pub fn standings_table(&self) -> Result<ResultTable, TieBreakError> {
        self.result_table(Some(self.rounds_with_results()))
    }

    /// What the rank column (86–89) claims: each player's place by the tie-breaks `order`
    /// under `rules`, or when not given by the file's own list (`212`, else `202`) and edition
    /// ([`Trf::tie_break_rules`]). `None` when the file names no list and none is given (its
    /// rank column then says nothing the checker can verify: programs write the starting rank
    /// there too). Players with a blank rank are left out.
    ///
    /// # Errors
    /// [`TieBreakError::UnknownTieBreak`] for a code of the file's list this crate does not
    /// compute.
    pub fn rank_claim(
        &self,
        order: Option<Vec<TieBreak>>,
        rules: Option<Rules>,
    ) -> Option<Result<StandingsClaim, TieBreakError>> {
        let order = match order {
            Some(o) => o,
            None => match self.tie_break_order()? {
                Ok(o) => o,
                Err(e) => return Some(Err(e)),
            },
        };
        let source = RANK_COLUMN.to_string();
        Some(Ok(StandingsClaim {
            source,
            rules: rules.unwrap_or_else(|| self.tie_break_rules()),
            order,
            rows: self
                .players()
                .filter_map(|p| {
                    Some(ClaimedRow {
                        tpn: p.tpn,
                        rank: Some(usize::from(p.rank?)),
                        points: None,
                        values: Vec::new(),
                    })
                })
                .collect(),
        }))
    }
}
