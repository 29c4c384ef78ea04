//! The event's own record as the arbiter sets it up and corrects it at the desk: its name,
//! number of rounds, rule preset, dates, venue and arbiters ([`EventDetails`], TRF-16 headers
//! `022`, `042`, `052`, `102`, `112`; C.04 Annex 2), and a player registered by mistake
//! deleted before round 1 is paired.

use crate::game::preset::Preset;
use crate::tournament::player::is_valid_birth_date;
use crate::tournament::{Player, Tournament, TournamentError};

/// The event's dates, venue and arbiters, each `None` until the arbiter gives it. Dates are
/// written `YYYY/MM/DD` (TRF-16's form).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventDetails {
    /// First day (TRF `042`), `YYYY/MM/DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<String>,
    /// Last day (TRF `052`), `YYYY/MM/DD`, not before the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    /// Where it is played: town and hall (TRF `022`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<String>,
    /// The chief arbiter (TRF `102`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chief_arbiter: Option<String>,
    /// The deputy chief arbiter (TRF `112`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deputy_arbiter: Option<String>,
    /// The public view (`serve --public`, `tournament publish`) shows a child's school and
    /// grade in the standings and the prize lists; off (not written) unless the arbiter turns
    /// it on: the parents of other children see only the names.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public_school_grade: bool,
}

/// The TRF-16 header codes of [`EventDetails`], in the order the format lists them.
pub const DETAIL_CODES: [&str; 5] = ["022", "042", "052", "102", "112"];

impl EventDetails {
    /// True when nothing is given.
    pub fn is_empty(&self) -> bool {
        *self == EventDetails::default()
    }

    /// The value kept for TRF header `code` (one of [`DETAIL_CODES`]), `None` when not given
    /// or for another code.
    pub fn trf_value(&self, code: &str) -> Option<&str> {
        match code {
            "022" => self.venue.as_deref(),
            "042" => self.start_date.as_deref(),
            "052" => self.end_date.as_deref(),
            "102" => self.chief_arbiter.as_deref(),
            "112" => self.deputy_arbiter.as_deref(),
            _ => None,
        }
    }

    /// Sets the value of TRF header `code` (one of [`DETAIL_CODES`]; another code is ignored),
    /// trimmed, `None` when empty. A date that is not `YYYY/MM/DD` is kept as the file has it.
    pub fn set_trf_value(&mut self, code: &str, value: &str) {
        let value = Some(value.trim().to_string()).filter(|v| !v.is_empty());
        match code {
            "022" => self.venue = value,
            "042" => self.start_date = value,
            "052" => self.end_date = value,
            "102" => self.chief_arbiter = value,
            "112" => self.deputy_arbiter = value,
            _ => {}
        }
    }
}

/// The longest text the desk takes for the event's name, venue or an arbiter's name, in
/// characters (TRF lines have no limit; this keeps a typing accident out of every printout).
pub const MAX_EVENT_TEXT_CHARS: usize = 200;

/// The most rounds a group is set up with, wherever it is typed (the command line's
/// `--rounds`, the desk's forms): a school Swiss has 5 to 9, a round robin of 50 players 49; a
/// number past it is a typing accident (a round robin's own table may need more: its
/// rounds are set by the table, not typed).
pub const MAX_ROUNDS: u32 = 99;

impl Tournament {
    /// Sets the event's name, number of rounds, rule preset and details (the arbiter's
    /// event page, with its public view's setting; `tournament new` sets the first three). Texts are trimmed; an empty detail
    /// is `None`.
    ///
    /// # Errors
    /// [`TournamentError::InvalidEvent`] for an empty name, a text over
    /// [`MAX_EVENT_TEXT_CHARS`] or holding a line break (it would split the TRF line), a
    /// date that is not a real `YYYY/MM/DD` date, a last day before the first, more than
    /// [`MAX_ROUNDS`] rounds (unless a paired round robin's table has them);
    /// [`TournamentError::FewerRoundsThanPaired`] for fewer rounds than are paired already
    /// (or none). The event is left unchanged.
    pub fn edit_event(
        &mut self,
        name: &str,
        total_rounds: u32,
        preset: Preset,
        details: EventDetails,
    ) -> Result<(), TournamentError> {
        use crate::tournament::error::EventProblem;
        let invalid = |problem| Err(TournamentError::InvalidEvent { problem });
        let name = name.trim();
        if name.is_empty() {
            return invalid(EventProblem::EmptyName);
        }
        let clean = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        let details = EventDetails {
            start_date: clean(&details.start_date),
            end_date: clean(&details.end_date),
            venue: clean(&details.venue),
            chief_arbiter: clean(&details.chief_arbiter),
            deputy_arbiter: clean(&details.deputy_arbiter),
            public_school_grade: details.public_school_grade,
        };
        let texts = [
            Some(name),
            details.venue.as_deref(),
            details.chief_arbiter.as_deref(),
            details.deputy_arbiter.as_deref(),
        ];
        for text in texts.into_iter().flatten() {
            if text.chars().any(char::is_control) {
                return invalid(EventProblem::ControlCharacter(text.to_string()));
            }
            let chars = text.chars().count();
            if chars > MAX_EVENT_TEXT_CHARS {
                return invalid(EventProblem::TooLong {
                    chars,
                    max: MAX_EVENT_TEXT_CHARS,
                });
            }
        }
        for date in [&details.start_date, &details.end_date]
            .into_iter()
            .flatten()
        {
            // A year alone is a birth date's form, not an event's day.
            if !is_valid_birth_date(date) || date.len() != 10 {
                return invalid(EventProblem::Date(date.clone()));
            }
        }
        if let (Some(start), Some(end)) = (&details.start_date, &details.end_date)
            && end < start
        {
            return invalid(EventProblem::EndBeforeStart {
                start: start.clone(),
                end: end.clone(),
            });
        }
        // A round robin's rounds, set by its table once round 1 is paired, stand; more rounds
        // typed are refused.
        let from_table = total_rounds == self.total_rounds && self.paired_rounds() > 0;
        if total_rounds > MAX_ROUNDS && !from_table {
            return invalid(EventProblem::TooManyRounds {
                rounds: total_rounds,
                max: MAX_ROUNDS,
            });
        }
        let paired = self.paired_rounds();
        if total_rounds == 0 || total_rounds < paired {
            return Err(TournamentError::FewerRoundsThanPaired {
                asked: total_rounds,
                paired,
            });
        }
        self.name = name.to_string();
        self.total_rounds = total_rounds;
        self.rule_preset = Some(preset);
        self.details = details;
        Ok(())
    }

    /// Sets the group's pairing system (`swiss`, a round robin single or double) while its
    /// round 1 is not paired; the same system again is no change. A round robin's number of
    /// rounds is its table's, set when round 1 is paired.
    ///
    /// # Errors
    /// [`TournamentError::SystemAfterPairing`] once round 1 is paired (the pairings made stand
    /// on the system they were made by). The group is left unchanged.
    pub fn set_system(
        &mut self,
        system: crate::tournament::pairing::PairingSystem,
    ) -> Result<(), TournamentError> {
        if system == self.system {
            return Ok(());
        }
        let paired = self.paired_rounds();
        if paired > 0 {
            return Err(TournamentError::SystemAfterPairing { paired });
        }
        self.system = system;
        Ok(())
    }

    /// Sets the group's tie-breaks after points, in order (C.07 2.1), keeping its edition of
    /// C.07. An order equal to the group's default ([`crate::tournament::standings::default_order`]:
    /// a round robin's, else the preset's) under the 2024 edition is kept as no choice at all,
    /// so that the default follows a later change of the preset or the system. An empty order
    /// ranks by points alone.
    ///
    /// # Errors
    /// [`TournamentError::TieBreakTwice`] for a tie-break listed twice. The group is left
    /// unchanged.
    pub fn set_tie_break_order(
        &mut self,
        order: Vec<crate::tournament::tiebreak::TieBreak>,
    ) -> Result<(), TournamentError> {
        use crate::tournament::tiebreak::{Rules, TieBreakSettings};
        for (i, tb) in order.iter().enumerate() {
            if order[..i].contains(tb) {
                return Err(TournamentError::TieBreakTwice {
                    tie_break: tb.key().to_string(),
                });
            }
        }
        let rules = self.tie_break_settings().rules;
        let default = crate::tournament::standings::default_order(self, self.preset());
        self.tie_breaks = if order == default && rules == Rules::Fide2024 {
            None
        } else {
            Some(TieBreakSettings { order, rules })
        };
        Ok(())
    }

    /// Deletes a player registered by mistake, while round 1 is not paired: his requested
    /// byes go, he leaves the forbidden pairs (a pair left with one player goes), and the
    /// start list is ranked again (everyone after him moves up one number). Returns the
    /// deleted record. Once round 1 is paired the start list is frozen (C.04.2): a player
    /// who leaves then withdraws (CR 1.4) instead.
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`]; [`TournamentError::DeleteAfterPairing`] once
    /// round 1 is paired. The event is left unchanged.
    pub fn delete_player(&mut self, tpn: u16) -> Result<Player, TournamentError> {
        let player = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?
            .clone();
        if self.start_list_frozen() {
            return Err(TournamentError::DeleteAfterPairing {
                tpn,
                name: player.name,
                sex: player.sex,
            });
        }
        self.players.retain(|p| p.start_rank != tpn);
        for r in &mut self.rounds {
            r.byes.retain(|b| b.player != tpn);
        }
        self.rounds
            .retain(|r| !r.games.is_empty() || !r.byes.is_empty());
        for f in &mut self.forbidden {
            f.players.retain(|&p| p != tpn);
        }
        self.forbidden.retain(|f| f.players.len() >= 2);
        // Imported `XXP`/`260` lines name players by number too.
        let mut kept = Vec::new();
        for h in std::mem::take(&mut self.trf_headers) {
            match h.get(..3) {
                Some(code @ ("XXP" | "260")) => {
                    let ids: Vec<&str> = h
                        .get(3..)
                        .unwrap_or("")
                        .split_whitespace()
                        .filter(|w| w.parse::<u16>() != Ok(tpn))
                        .collect();
                    if ids.len() >= 2 {
                        kept.push(format!("{code} {}", ids.join(" ")));
                    }
                }
                _ => kept.push(h),
            }
        }
        self.trf_headers = kept;
        self.rank_again(0);
        Ok(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Bye, ByeKind};

    fn three() -> Tournament {
        let mut t = Tournament::new("T", 4);
        for (name, rating) in [("A", 1800), ("B", 1700), ("C", 1600)] {
            t.add_player(Player {
                name: name.into(),
                rating: Some(rating),
                ..Player::default()
            })
            .unwrap();
        }
        t
    }

    #[test]
    fn a_deleted_player_takes_his_byes_and_forbidden_pairs_with_him() {
        let mut t = three();
        t.forbid(&[2, 3], Some("siblings")).unwrap();
        t.add_bye(
            1,
            Bye {
                player: 2,
                kind: ByeKind::HalfPoint,
            },
        )
        .unwrap();
        assert_eq!(t.delete_player(2).unwrap().name, "B");
        let names: Vec<(u16, &str)> = t
            .players
            .iter()
            .map(|p| (p.start_rank, p.name.as_str()))
            .collect();
        assert_eq!(names, [(1, "A"), (2, "C")]);
        assert!(t.forbidden.is_empty() && t.rounds.is_empty(), "{t:?}");
        assert_eq!(t.delete_player(9), Err(TournamentError::UnknownPlayer(9)));
        t.pair_round(1, &[(1, 2)], None).unwrap();
        assert_eq!(
            t.delete_player(1),
            Err(TournamentError::DeleteAfterPairing {
                tpn: 1,
                name: "A".into(),
                sex: None
            })
        );
    }

    #[test]
    fn the_system_changes_until_round_1_and_tie_breaks_are_listed_once() {
        use crate::tournament::pairing::PairingSystem;
        use crate::tournament::tiebreak::TieBreak;
        let mut t = three();
        t.set_system(PairingSystem::RoundRobin).unwrap();
        assert_eq!(t.system, PairingSystem::RoundRobin);
        // A round robin's default order (C.07: SB, DE, WIN, KS) is no choice of its own.
        t.set_tie_break_order(vec![
            TieBreak::Sb,
            TieBreak::De,
            TieBreak::Win,
            TieBreak::Ks,
        ])
        .unwrap();
        assert_eq!(t.tie_breaks, None);
        t.set_tie_break_order(vec![TieBreak::Sb, TieBreak::Ks])
            .unwrap();
        assert_eq!(t.tie_break_settings().order, [TieBreak::Sb, TieBreak::Ks]);
        assert_eq!(
            t.set_tie_break_order(vec![TieBreak::Sb, TieBreak::Win, TieBreak::Sb]),
            Err(TournamentError::TieBreakTwice {
                tie_break: "SB".into()
            })
        );
        assert_eq!(t.tie_break_settings().order, [TieBreak::Sb, TieBreak::Ks]);
        t.set_system(PairingSystem::Swiss).unwrap();
        t.pair_round(1, &[(1, 2)], Some(3)).unwrap();
        t.set_system(PairingSystem::Swiss).unwrap();
        assert_eq!(
            t.set_system(PairingSystem::DoubleRoundRobin),
            Err(TournamentError::SystemAfterPairing { paired: 1 })
        );
        assert_eq!(t.system, PairingSystem::Swiss);
    }

    #[test]
    fn the_event_is_edited_within_its_paired_rounds() {
        let mut t = three();
        let details = EventDetails {
            start_date: Some("2026/11/28".into()),
            end_date: Some(" 2026/11/29 ".into()),
            venue: Some("Школа № 5".into()),
            chief_arbiter: Some("Орлов Н.".into()),
            deputy_arbiter: Some(String::new()),
            public_school_grade: true,
        };
        t.edit_event(" Осень ", 5, Preset::Fide, details).unwrap();
        assert_eq!((t.name.as_str(), t.total_rounds), ("Осень", 5));
        assert_eq!(t.preset(), Preset::Fide);
        assert_eq!(t.details.end_date.as_deref(), Some("2026/11/29"));
        assert_eq!(t.details.deputy_arbiter, None);
        assert!(t.details.public_school_grade);
        t.pair_round(1, &[(1, 2)], Some(3)).unwrap();
        assert_eq!(
            t.edit_event("Осень", 0, Preset::Fide, EventDetails::default()),
            Err(TournamentError::FewerRoundsThanPaired {
                asked: 0,
                paired: 1
            })
        );
        let bad = |start: &str, end: &str| EventDetails {
            start_date: Some(start.into()),
            end_date: Some(end.into()),
            ..EventDetails::default()
        };
        assert!(
            t.edit_event("Осень", 4, Preset::Fide, bad("2026/02/30", ""))
                .is_err()
        );
        assert!(
            t.edit_event("Осень", 4, Preset::Fide, bad("2026", ""))
                .is_err()
        );
        assert!(
            t.edit_event("Осень", 4, Preset::Fide, bad("2026/11/29", "2026/11/28"))
                .is_err()
        );
        assert!(
            t.edit_event("  ", 4, Preset::Fide, EventDetails::default())
                .is_err()
        );
        assert_eq!(t.total_rounds, 5, "refused edits leave the event as it was");
    }
}
