//! The start list: the initial ranking that gives every player a starting rank (pairing
//! number, TPN). C.04.2 (FIDE general handling rules for Swiss tournaments), as Swiss-Manager and
//! Swiss-Chess do: rating (highest first; unrated players after every rated one), then title
//! (GM, IM, WGM, FM, WIM, CM, WFM, WCM, untitled), then name in alphabetical order (Latin and
//! Cyrillic, case-insensitive; `ё` after `е`).
//!
//! The ranking is applied automatically while round 1 is not paired ([`Tournament::add_player`]
//! re-ranks) and can be re-applied by hand before round 1
//! ([`Tournament::apply_start_list`]). Once round 1 is paired the start numbers are frozen: a
//! late entry gets the next free number (FIDE practice: starting ranks printed on pairings and
//! results never change during the event).

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::tournament::{Player, Tournament, TournamentError};

/// FIDE titles in the order of C.04.2 (a higher title first); an unknown or missing title
/// ranks after them all.
const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];

fn title_rank(title: Option<&str>) -> usize {
    title
        .map(|t| t.trim().to_uppercase())
        .and_then(|t| TITLES.iter().position(|&x| x == t))
        .unwrap_or(TITLES.len())
}

/// A name as it sorts: lowercase (Unicode), `ё` just after `е`, spaces and commas kept.
fn collation_key(name: &str) -> Vec<(char, u8)> {
    name.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ё' => ('е', 1),
            c => (c, 0),
        })
        .collect()
}

/// The order of the initial ranking (C.04.2): rating (highest first, unrated last), title,
/// name (case-insensitive, Cyrillic included), then the name as written and the present
/// starting rank so that the order is total.
pub fn ranking_order(a: &Player, b: &Player) -> Ordering {
    let rating = |p: &Player| std::cmp::Reverse(p.rating.map_or(-1, i32::from));
    rating(a)
        .cmp(&rating(b))
        .then_with(|| title_rank(a.title.as_deref()).cmp(&title_rank(b.title.as_deref())))
        .then_with(|| collation_key(&a.name).cmp(&collation_key(&b.name)))
        .then_with(|| a.name.cmp(&b.name))
        .then_with(|| a.start_rank.cmp(&b.start_rank))
}

/// One line of the start list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StartListEntry {
    /// The starting rank by the ranking (what it is, or would be after re-ranking).
    pub start_rank: u16,
    /// The starting rank in the record now.
    pub current_rank: u16,
    /// Name.
    pub name: String,
    /// Rating, `None` for unrated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// Title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl Tournament {
    /// True once round 1 has pairings: the starting ranks are frozen from then on.
    pub fn start_list_frozen(&self) -> bool {
        self.paired_rounds() > 0
    }

    /// The start list by the initial ranking (C.04.2), best first. Before round 1 it is the
    /// order [`Tournament::apply_start_list`] gives; once frozen, the record's order (players
    /// by starting rank), `current_rank` equal to `start_rank`.
    pub fn start_list(&self) -> Vec<StartListEntry> {
        let mut players: Vec<&Player> = self.players.iter().collect();
        if self.start_list_frozen() {
            players.sort_by_key(|p| p.start_rank);
        } else {
            players.sort_by(|a, b| ranking_order(a, b));
        }
        players
            .iter()
            .enumerate()
            .map(|(i, p)| StartListEntry {
                start_rank: if self.start_list_frozen() {
                    p.start_rank
                } else {
                    i as u16 + 1
                },
                current_rank: p.start_rank,
                name: p.name.clone(),
                rating: p.rating,
                title: p.title.clone(),
            })
            .collect()
    }

    /// The start list as text in `lang`: starting rank, name, rating (`-` unrated), title,
    /// and the number in the record when re-ranking would change it; a first line says when
    /// the list is frozen.
    pub fn start_list_text(&self, lang: crate::i18n::Lang) -> String {
        let mut text = String::new();
        if self.start_list_frozen() {
            text.push_str(&lang.msg("tm-start-list-frozen"));
            text.push('\n');
        }
        for e in self.start_list() {
            let moved = if e.current_rank != e.start_rank {
                lang.fmt(
                    "tm-start-list-now",
                    &[("rank", &e.current_rank.to_string())],
                )
            } else {
                String::new()
            };
            text.push_str(&format!(
                "{:>4}  {:<34} {:>4} {:<3}{moved}\n",
                e.start_rank,
                e.name,
                e.rating.map_or("-".to_string(), |r| r.to_string()),
                e.title.as_deref().unwrap_or("")
            ));
        }
        text
    }

    /// Gives every player the starting rank of the initial ranking (C.04.2), renumbering what
    /// already refers to players (byes and absences set for round 1, forbidden pairs). Returns
    /// how many players changed number.
    ///
    /// # Errors
    /// [`TournamentError::StartListFrozen`] once round 1 is paired.
    pub fn apply_start_list(&mut self) -> Result<usize, TournamentError> {
        if self.start_list_frozen() {
            return Err(TournamentError::StartListFrozen);
        }
        let map = self.renumber_by_start_list();
        Ok(map.iter().filter(|(a, b)| a != b).count())
    }

    /// Before round 1 is paired, ranks everyone again by the initial ranking (a player added
    /// or edited may move) and returns the new starting rank of the player ranked `tpn`; once
    /// the start list is frozen, `tpn` itself.
    pub(crate) fn rank_again(&mut self, tpn: u16) -> u16 {
        if self.start_list_frozen() {
            return tpn;
        }
        let map = self.renumber_by_start_list();
        map.get(&tpn).copied().unwrap_or(tpn)
    }

    /// Renumbers every player and what refers to players by the start list: the map from the
    /// old starting rank to the new one.
    fn renumber_by_start_list(&mut self) -> HashMap<u16, u16> {
        let map: HashMap<u16, u16> = self
            .start_list()
            .iter()
            .map(|e| (e.current_rank, e.start_rank))
            .collect();
        if map.iter().all(|(a, b)| a == b) {
            return map;
        }
        let new = |tpn: u16| map.get(&tpn).copied().unwrap_or(tpn);
        for p in &mut self.players {
            p.start_rank = new(p.start_rank);
        }
        self.players.sort_by_key(|p| p.start_rank);
        for r in &mut self.rounds {
            for b in &mut r.byes {
                b.player = new(b.player);
            }
            for g in &mut r.games {
                g.white = new(g.white);
                g.black = new(g.black);
            }
        }
        for f in &mut self.forbidden {
            for p in &mut f.players {
                *p = new(*p);
            }
        }
        // `XXP` and `260` lines an older state file kept as headers: `XXP` holds starting
        // ranks only; `260` holds its rounds in columns 5-11, then starting ranks in 4 columns.
        for h in &mut self.trf_headers {
            let (keep, width) = match h.get(..3) {
                Some("XXP") => (3, 0),
                Some("260") => (11, 4),
                _ => continue,
            };
            let Some((head, rest)) = h.split_at_checked(keep.min(h.len())) else {
                continue;
            };
            let ids: Vec<String> = rest
                .split_whitespace()
                .map(|w| {
                    let id = w.parse().map_or(w.to_string(), |t| new(t).to_string());
                    format!("{id:>width$}")
                })
                .collect();
            *h = format!("{head} {}", ids.join(" "));
        }
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str, rating: Option<u16>, title: Option<&str>) -> Player {
        Player {
            name: name.into(),
            rating,
            title: title.map(Into::into),
            ..Player::default()
        }
    }

    #[test]
    fn rating_then_title_then_name_unrated_last() {
        let mut t = Tournament::new("T", 4);
        for q in [
            p("Яковлев", None, None),
            p("Ёжиков", None, None),
            p("Егоров", None, None),
            p("Low", Some(1000), None),
            p("Same b", Some(1500), None),
            p("Same a", Some(1500), Some("FM")),
            p("High", Some(2000), None),
        ] {
            t.add_player(q).unwrap();
        }
        let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "High",
                "Same a",
                "Same b",
                "Low",
                "Егоров",
                "Ёжиков",
                "Яковлев"
            ]
        );
        let ranks: Vec<u16> = t.players.iter().map(|p| p.start_rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6, 7]);
    }
}
