//! Whom a row of a player list repeats, found in one look-up, and the line each record starts
//! on, counted once: the two parts of reading a school's list of thousands that were a scan
//! per row (time linear in the list, not its square).

use std::collections::HashMap;

use super::{DuplicateOf, ListRow};
use crate::tournament::player::name_key;
use crate::tournament::{Player, Tournament};

/// The lines of the text counted once, from the start to the records as they come (the
/// records' offsets only grow): a list's lines in one pass, not one count per row.
#[derive(Default)]
pub(super) struct LineCounter {
    /// Bytes counted so far.
    at: usize,
    /// Line ends before `at`.
    ends: usize,
}

impl LineCounter {
    /// The line (1-based) of the record the reader places at byte `at`: the reader's own line
    /// count passes over empty lines, and its byte offset may point at the empty lines before
    /// it.
    pub(super) fn line_at(&mut self, text: &str, at: usize) -> usize {
        let bytes = text.as_bytes();
        let start = at
            + bytes
                .get(at.min(bytes.len())..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| b == b'\n')
                .count();
        let start = start.min(bytes.len());
        if start < self.at {
            // Not in order (never from the reader): counted from the start.
            *self = LineCounter::default();
        }
        self.ends +=
            memchr::memchr_iter(b'\n', bytes.get(self.at..start).unwrap_or_default()).count();
        self.at = start;
        1 + self.ends
    }
}

/// The names met so far, each with the first (by starting rank or by line) of its players
/// with an unknown birth date, the first by each birth date, and the first of all: whom a row
/// repeats is found in one look-up ([`Seen::duplicate_of`]), not a scan of every player and
/// row.
pub(super) struct Seen {
    names: HashMap<String, Firsts>,
}

/// One whom a row may repeat, ordered as the duplicate names them: registered players first,
/// in the event's order, then rows by line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    /// 0 registered, 1 a row.
    kind: u8,
    /// The index in the event's players, or the line.
    order: usize,
    /// The starting rank of a registered player (0 for a row).
    rank: u16,
}

impl Candidate {
    fn of(&self) -> DuplicateOf {
        match self.kind {
            0 => DuplicateOf::Registered(self.rank),
            _ => DuplicateOf::Line(self.order),
        }
    }
}

/// For one name: the first of its players with no birth date, the first for each birth date,
/// and the first of all.
#[derive(Default)]
struct Firsts {
    unknown: Option<Candidate>,
    by_date: HashMap<String, Candidate>,
    any: Option<Candidate>,
}

/// The first of `kept` and `new`.
fn keep_first(kept: &mut Option<Candidate>, new: &Candidate) {
    if kept.as_ref().is_none_or(|k| new < k) {
        *kept = Some(new.clone());
    }
}

impl Seen {
    /// The event's registered players, in its order.
    pub(super) fn of(event: &Tournament) -> Seen {
        let mut seen = Seen {
            names: HashMap::new(),
        };
        for (order, p) in event.players.iter().enumerate() {
            let who = Candidate {
                kind: 0,
                order,
                rank: p.start_rank,
            };
            seen.note(p, &who);
        }
        seen
    }

    fn note(&mut self, p: &Player, who: &Candidate) {
        let firsts = self.names.entry(name_key(&p.name)).or_default();
        match &p.birth_date {
            None => keep_first(&mut firsts.unknown, who),
            Some(d) => {
                let mut first = firsts.by_date.remove(d);
                keep_first(&mut first, who);
                if let Some(first) = first {
                    firsts.by_date.insert(d.clone(), first);
                }
            }
        }
        keep_first(&mut firsts.any, who);
    }

    /// Whom `row` repeats — a registered player of the same name ([`name_key`]) and the same
    /// birth date or one of the two unknown, else such an earlier row (added or itself a
    /// duplicate) — and notes the row as met.
    pub(super) fn duplicate_of(&mut self, row: &ListRow) -> Option<DuplicateOf> {
        let found = self.names.get(&name_key(&row.player.name)).and_then(|f| {
            match &row.player.birth_date {
                // Any birth date may be this child's.
                None => f.any.clone(),
                Some(d) => {
                    let mut first = f.unknown.clone();
                    if let Some(dated) = f.by_date.get(d) {
                        keep_first(&mut first, dated);
                    }
                    first
                }
            }
        });
        let who = Candidate {
            kind: 1,
            order: row.line,
            rank: 0,
        };
        self.note(&row.player, &who);
        found.map(|c| c.of())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whom a row repeats, found by scanning every player and row: the reading the index of
    /// [`Seen`] must give.
    fn duplicate_by_scan(p: &Player, event: &Tournament, rows: &[ListRow]) -> Option<DuplicateOf> {
        let same_birth = |a: Option<&str>, b: Option<&str>| match (a, b) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        let same = |q: &Player| {
            crate::tournament::player::same_name(&p.name, &q.name)
                && same_birth(p.birth_date.as_deref(), q.birth_date.as_deref())
        };
        if let Some(q) = event.players.iter().find(|q| same(q)) {
            return Some(DuplicateOf::Registered(q.start_rank));
        }
        rows.iter()
            .filter(|r| same(&r.player))
            .map(|r| r.line)
            .min()
            .map(DuplicateOf::Line)
    }

    #[test]
    fn duplicates_found_by_the_index_are_those_found_by_a_scan() {
        use rand::{RngExt, SeedableRng};
        let seed = 0x5eed_2026;
        let mut rng = rand_xorshift::XorShiftRng::seed_from_u64(seed);
        let names = [
            "Соловьёва, Дарья",
            "соловьева дарья",
            "Иванов, Иван",
            "Петров",
        ];
        let dates = [None, Some("2016/03/05"), Some("2017/01/01")];
        let pick = |rng: &mut rand_xorshift::XorShiftRng| Player {
            name: names[rng.random_range(0..names.len())].to_string(),
            birth_date: dates[rng.random_range(0..dates.len())].map(str::to_string),
            ..Player::default()
        };
        for _ in 0..50 {
            let mut event = Tournament::new("x", 3);
            for _ in 0..rng.random_range(0..4) {
                let p = pick(&mut rng);
                event.add_player(p).unwrap();
            }
            let mut seen = Seen::of(&event);
            let mut rows = Vec::new();
            for line in 2..30 {
                let row = ListRow {
                    line,
                    player: pick(&mut rng),
                    group: None,
                    group_index: 0,
                    written: None,
                };
                let want = duplicate_by_scan(&row.player, &event, &rows);
                assert_eq!(seen.duplicate_of(&row), want, "seed {seed:#x}: {row:?}");
                rows.push(row);
            }
        }
    }
}
