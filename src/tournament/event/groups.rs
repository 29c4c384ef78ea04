//! The event of one or more groups ([`Event`]): the event's own settings (its name, dates,
//! venue, arbiters, rule preset, the live room) kept once, above its groups, and each group
//! ([`Group`]) a [`Tournament`] of its own — players, rounds, pairing system, number of
//! rounds, categories, tie-breaks. A player belongs to one group; moving a player to another
//! group is allowed before round 1 of both is paired (the start lists are not frozen yet,
//! C.04.2).
//!
//! The rest of the program reads a group as a [`Tournament`] with the event's settings in it
//! ([`Event::group`]) and hands it back changed ([`Event::set_group`]): every command and page
//! that works on one group works unchanged, and the event's settings stay one.

use crate::tournament::error::EventProblem;
use crate::tournament::event::MAX_EVENT_TEXT_CHARS;
use crate::tournament::pairing::PairingSystem;
use crate::tournament::{Player, Tournament, TournamentError};

/// A group of the event (a section, as Swiss-Manager and Vega call it): its name and its
/// record. The record's event settings (name, details, preset, live room) are not its own:
/// [`Event`] keeps them once.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The group's name as the arbiter gave it ("1–2 классы", "A"); empty for the only group
    /// of an event that never had a second (such an event shows no group anywhere).
    pub name: String,
    /// The group's record.
    pub tournament: Tournament,
}

/// An event of one or more groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The event's own settings and its first group: a [`Tournament`] as today's events keep
    /// it (the record's first section).
    first: Tournament,
    /// The first group's name (empty while it is the only group and was never named).
    first_name: String,
    /// The other groups, in the order they were added; their event settings are empty.
    others: Vec<Group>,
}

/// A group's name as every command and page compares group names: upper case, a Cyrillic
/// letter that looks like a Latin one taken as the Latin (a list typed on either keyboard:
/// `A` = `А`), every dash a hyphen (`1–2 классы` is typed `1-2 классы`: a keyboard has no en
/// dash), runs of spaces one, none at the ends. Two groups with one key are one name.
pub fn group_key(name: &str) -> String {
    let folded: String = name
        .to_uppercase()
        .chars()
        .map(|c| match c {
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            'А' => 'A',
            'В' => 'B',
            'Е' | 'Ё' => 'E',
            'К' => 'K',
            'М' => 'M',
            'Н' => 'H',
            'О' => 'O',
            'Р' => 'P',
            'С' => 'C',
            'Т' => 'T',
            'Х' => 'X',
            c => c,
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The groups' names as errors list them: `«A», «B»`.
fn names_text(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("«{n}»"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Event {
    /// The event of one group, `t` (today's events and state files).
    pub fn single(t: Tournament) -> Event {
        Event {
            first: t,
            first_name: String::new(),
            others: Vec::new(),
        }
    }

    /// The event from its groups as the record keeps them: the first carries the event's
    /// settings; the others' settings are ignored (the first's stand for all).
    ///
    /// # Panics
    /// Never: an empty list gives an empty event of one unnamed group.
    pub fn from_groups(mut groups: Vec<Group>) -> Event {
        if groups.is_empty() {
            return Event::single(Tournament::new("", 1));
        }
        let first = groups.remove(0);
        let mut others = groups;
        for g in &mut others {
            clear_settings(&mut g.tournament);
        }
        Event {
            first: first.tournament,
            first_name: first.name,
            others,
        }
    }

    /// The groups as the record keeps them: the first with the event's settings, the others
    /// without.
    pub fn groups(&self) -> Vec<Group> {
        let mut all = Vec::with_capacity(1 + self.others.len());
        all.push(Group {
            name: self.first_name.clone(),
            tournament: self.first.clone(),
        });
        all.extend(self.others.iter().cloned());
        all
    }

    /// How many groups the event has (1 for today's events).
    pub fn len(&self) -> usize {
        1 + self.others.len()
    }

    /// Never true: an event has at least one group.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The groups' names in order (the first's empty while it is the only one, unnamed).
    pub fn names(&self) -> Vec<String> {
        std::iter::once(self.first_name.clone())
            .chain(self.others.iter().map(|g| g.name.clone()))
            .collect()
    }

    /// The event's settings and its first group, as today's single-group code reads it.
    pub fn first(&self) -> &Tournament {
        &self.first
    }

    /// The index of the group named `name` (compared without case and surrounding spaces),
    /// or the only group when `name` is `None` and there is one.
    ///
    /// # Errors
    /// [`TournamentError::GroupNeeded`] when `name` is `None` and there are several groups;
    /// [`TournamentError::NoSuchGroup`] when no group has the name. Both list the groups.
    pub fn find(&self, name: Option<&str>) -> Result<usize, TournamentError> {
        let names = self.names();
        match name {
            None if self.len() == 1 => Ok(0),
            None => Err(TournamentError::GroupNeeded {
                groups: names_text(&names),
            }),
            Some(n) => {
                let n = group_key(n);
                names
                    .iter()
                    .position(|g| group_key(g) == n)
                    // The only group, unnamed, answers to any name but another group's.
                    .or_else(|| (self.len() == 1 && names[0].is_empty()).then_some(0))
                    .ok_or_else(|| TournamentError::NoSuchGroup {
                        name: name.unwrap_or_default().to_string(),
                        groups: names_text(&names),
                    })
            }
        }
    }

    /// Group `i` as a [`Tournament`] holding the event's settings (name, details, preset,
    /// live room), as every single-group command and page reads it.
    ///
    /// # Panics
    /// When `i` is not below [`Event::len`].
    pub fn group(&self, i: usize) -> Tournament {
        if i == 0 {
            return self.first.clone();
        }
        let mut t = self.others[i - 1].tournament.clone();
        copy_settings(&self.first, &mut t);
        t
    }

    /// Puts group `i` back after a change: its own record to the group, the event's
    /// settings (which the change may have edited) to the event.
    ///
    /// # Panics
    /// When `i` is not below [`Event::len`].
    pub fn set_group(&mut self, i: usize, mut t: Tournament) {
        if i == 0 {
            self.first = t;
            return;
        }
        copy_settings(&t, &mut self.first);
        clear_settings(&mut t);
        self.others[i - 1].tournament = t;
    }

    /// Adds a group named `name` playing `system` over `rounds` rounds (a round robin's
    /// rounds are its table's once round 1 is paired). The first group, unnamed while it was
    /// the only one, is named `first_name` (default `1`). The new group takes the first
    /// group's scoring, initial colour and prize settings (one prize per player, the diplomas' date) as a start.
    ///
    /// # Errors
    /// [`TournamentError::InvalidGroupName`] for an empty name, one over
    /// [`MAX_EVENT_TEXT_CHARS`] or holding a control character;
    /// [`TournamentError::GroupNameTaken`] for a name another group has;
    /// [`TournamentError::InvalidEvent`] for more than [`crate::tournament::event::MAX_ROUNDS`]
    /// rounds. Nothing changes then.
    pub fn add_group(
        &mut self,
        name: &str,
        system: PairingSystem,
        rounds: u32,
        first_name: Option<&str>,
    ) -> Result<usize, TournamentError> {
        let name = check_name(name)?;
        if rounds > crate::tournament::event::MAX_ROUNDS {
            return Err(TournamentError::InvalidEvent {
                problem: crate::tournament::error::EventProblem::TooManyRounds {
                    rounds,
                    max: crate::tournament::event::MAX_ROUNDS,
                },
            });
        }
        let first = match first_name {
            Some(f) => check_name(f)?,
            None if self.first_name.is_empty() => "1".to_string(),
            None => self.first_name.clone(),
        };
        let mut names = self.names();
        names[0] = first.clone();
        let (name_key, first_key) = (group_key(&name), group_key(&first));
        for (i, n) in names.iter().enumerate() {
            if group_key(n) == name_key || (i > 0 && group_key(n) == first_key) {
                let taken = if group_key(n) == name_key {
                    name.clone()
                } else {
                    first.clone()
                };
                return Err(TournamentError::GroupNameTaken { name: taken });
            }
        }
        let mut t = Tournament::new("", rounds.max(1));
        t.system = system;
        t.scoring = self.first.scoring;
        t.initial_colour = self.first.initial_colour;
        t.awards.one_prize_per_player = self.first.awards.one_prize_per_player;
        t.awards.date = self.first.awards.date.clone();
        self.first_name = first;
        self.others.push(Group {
            name,
            tournament: t,
        });
        Ok(self.len() - 1)
    }

    /// Renames group `i`.
    ///
    /// # Errors
    /// As [`Event::add_group`] for the name.
    pub fn rename_group(&mut self, i: usize, name: &str) -> Result<(), TournamentError> {
        let name = check_name(name)?;
        if self
            .names()
            .iter()
            .enumerate()
            .any(|(j, n)| j != i && group_key(n) == group_key(&name))
        {
            return Err(TournamentError::GroupNameTaken { name });
        }
        if i == 0 {
            self.first_name = name;
        } else {
            self.others[i - 1].name = name;
        }
        Ok(())
    }

    /// Moves player `tpn` of group `from` to group `to` (a child entered in the wrong group)
    /// and returns his starting rank there. Allowed while neither group has round 1 paired:
    /// both start lists are ranked again (C.04.2).
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`]; [`TournamentError::MoveAfterPairing`] once either
    /// group has round 1 paired. Nothing changes then.
    pub fn move_player(
        &mut self,
        from: usize,
        tpn: u16,
        to: usize,
    ) -> Result<u16, TournamentError> {
        let mut source = self.group(from);
        let player = source
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?
            .clone();
        if from == to {
            return Ok(tpn);
        }
        let names = self.names();
        let mut target = self.group(to);
        for (t, i) in [(&source, from), (&target, to)] {
            if t.start_list_frozen() {
                return Err(TournamentError::MoveAfterPairing {
                    tpn,
                    name: player.name.clone(),
                    sex: player.sex,
                    group: names[i].clone(),
                });
            }
        }
        let moved: Player = source.delete_player(tpn)?;
        let rank = target.add_player(moved)?;
        self.set_group(from, source);
        self.set_group(to, target);
        Ok(rank)
    }
}

/// A group's name, trimmed, as the event takes it.
fn check_name(name: &str) -> Result<String, TournamentError> {
    let name = name.trim();
    let problem = |problem| Err(TournamentError::InvalidGroupName { problem });
    if name.is_empty() {
        return problem(EventProblem::EmptyName);
    }
    if name.chars().any(char::is_control) {
        return problem(EventProblem::ControlCharacter(name.to_string()));
    }
    let chars = name.chars().count();
    if chars > MAX_EVENT_TEXT_CHARS {
        return problem(EventProblem::TooLong {
            chars,
            max: MAX_EVENT_TEXT_CHARS,
        });
    }
    Ok(name.to_string())
}

/// The event's own settings copied from `from` into `to`.
fn copy_settings(from: &Tournament, to: &mut Tournament) {
    to.name = from.name.clone();
    to.details = from.details.clone();
    to.rule_preset = from.rule_preset;
    to.live = from.live.clone();
}

/// The event's own settings cleared from a group that is not the first.
fn clear_settings(t: &mut Tournament) {
    t.name = String::new();
    t.details = Default::default();
    t.rule_preset = None;
    t.live = Default::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::player::Player;

    fn player(name: &str, rating: u16) -> Player {
        Player {
            name: name.into(),
            rating: Some(rating),
            ..Player::default()
        }
    }

    fn event() -> Event {
        let mut t = Tournament::new("Школьный турнир", 4);
        t.details.venue = Some("Школа № 5".into());
        t.add_player(player("Андреев Артём", 1200)).unwrap();
        t.add_player(player("Борисова Вера", 1100)).unwrap();
        Event::single(t)
    }

    #[test]
    fn one_group_is_todays_event() {
        let e = event();
        assert_eq!(e.len(), 1);
        assert_eq!(e.names(), [""]);
        assert_eq!(e.find(None), Ok(0));
        // The only, unnamed group answers to a name too (a script that always gives one).
        assert_eq!(e.find(Some("A")), Ok(0));
        assert_eq!(e.group(0), *e.first());
    }

    /// A group the set-up page names with an en dash is found typed with a hyphen (no keyboard
    /// has the dash) and other spaces; a second group of the same name so typed is refused.
    #[test]
    fn a_group_name_typed_with_a_hyphen_is_the_dashed_one() {
        let mut e = event();
        let j = e
            .add_group("1–2 классы", PairingSystem::Swiss, 4, Some("Старшие"))
            .unwrap();
        assert_eq!(e.find(Some("1-2  Классы")), Ok(j));
        assert_eq!(e.find(Some("1—2 классы")), Ok(j));
        // Typed with Latin letters where they look alike (C, T, A, P), as the list import reads
        // a group column: the same group.
        assert_eq!(e.find(Some("CTAPшие")), Ok(0));
        assert!(e.find(Some("1-3 классы")).is_err());
        assert!(
            e.add_group("1-2 классы", PairingSystem::Swiss, 4, None)
                .is_err()
        );
    }

    #[test]
    fn a_second_group_names_the_first_and_shares_the_settings() {
        let mut e = event();
        let i = e
            .add_group("Малыши", PairingSystem::RoundRobin, 5, Some("Старшие"))
            .unwrap();
        assert_eq!(i, 1);
        assert_eq!(e.names(), ["Старшие", "Малыши"]);
        assert_eq!(
            e.find(None),
            Err(TournamentError::GroupNeeded {
                groups: "«Старшие», «Малыши»".into()
            })
        );
        assert_eq!(e.find(Some(" малыши ")), Ok(1));
        assert_eq!(
            e.find(Some("B")),
            Err(TournamentError::NoSuchGroup {
                name: "B".into(),
                groups: "«Старшие», «Малыши»".into()
            })
        );
        // The group reads the event's settings; a change of them through it reaches the
        // event, and the group's own record keeps none.
        let mut g = e.group(1);
        assert_eq!(g.name, "Школьный турнир");
        assert_eq!(g.details.venue.as_deref(), Some("Школа № 5"));
        assert_eq!(g.system, PairingSystem::RoundRobin);
        assert!(g.players.is_empty());
        g.details.venue = Some("Дворец школьников".into());
        g.add_player(player("Васильев Глеб", 0)).unwrap();
        e.set_group(1, g);
        assert_eq!(
            e.first().details.venue.as_deref(),
            Some("Дворец школьников")
        );
        let kept = &e.groups()[1].tournament;
        assert!(kept.details.is_empty() && kept.name.is_empty());
        assert_eq!(kept.players.len(), 1);
        assert_eq!(e.first().players.len(), 2);
        assert_eq!(
            e.add_group("малыши", PairingSystem::Swiss, 4, None),
            Err(TournamentError::GroupNameTaken {
                name: "малыши".into()
            })
        );
        assert!(matches!(
            e.add_group(" ", PairingSystem::Swiss, 4, None),
            Err(TournamentError::InvalidGroupName { .. })
        ));
    }

    #[test]
    fn a_player_moves_only_before_round_1() {
        let mut e = event();
        e.add_group("B", PairingSystem::Swiss, 4, None).unwrap();
        assert_eq!(e.names(), ["1", "B"]);
        // Борисова (2) to group B: she is its number 1, and Андреев stays number 1 of group 1.
        assert_eq!(e.move_player(0, 2, 1), Ok(1));
        assert_eq!(e.group(0).players.len(), 1);
        assert_eq!(e.group(1).players[0].name, "Борисова Вера");
        assert_eq!(
            e.move_player(0, 9, 1),
            Err(TournamentError::UnknownPlayer(9))
        );
        // Once group B has round 1 paired, no one moves in or out of it.
        let mut b = e.group(1);
        b.add_player(player("Гусев Дима", 900)).unwrap();
        b.pair_next_round(&Default::default()).unwrap();
        e.set_group(1, b);
        let before = e.clone();
        assert_eq!(
            e.move_player(0, 1, 1),
            Err(TournamentError::MoveAfterPairing {
                tpn: 1,
                name: "Андреев Артём".into(),
                sex: None,
                group: "B".into()
            })
        );
        assert_eq!(e, before);
    }
}
