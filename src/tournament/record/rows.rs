//! The event as rows of its natural units, and back: the event's settings (one row), one row
//! per player, per round's header, per board and per bye of a round, per incident of the live
//! room. Each row is keyed by the section (1 until an event has several) and its natural key,
//! carries its place in its list (`pos`) and its value as JSON (the model's own serialisation,
//! so that a row written and read back is the same text).
//!
//! A change is the rows it changed ([`diff`]): for each, the row before and after it (`None`:
//! the row did not exist / was removed). Applied backwards ([`apply`]) it undoes the change.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::tournament::event::{Event, Group};
use crate::tournament::live::LiveIncident;
use crate::tournament::{Bye, Game, Player, Round, Tournament};

/// The section every row of today's events belongs to (an event of one group).
pub const SECTION: i64 = 1;

/// A table of the event's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    /// The event's settings: one row per section.
    Event,
    /// A player: `(section, start_rank)`.
    Player,
    /// A round's header (the forced pairing's reason, the pairer's explanation):
    /// `(section, number)`.
    Round,
    /// A board of a round: `(section, round, board)`.
    Game,
    /// A bye or absence of a round: `(section, round, player)`.
    Bye,
    /// An incident of the live room: `(section, round, board, game, incident, kind)`.
    Incident,
    /// A section's name, one row per group of an event of several (or of one named group):
    /// `(section)`. An event of one unnamed group has none.
    Section,
}

impl Table {
    /// Every table, in the order rows are read and written.
    pub const ALL: [Table; 7] = [
        Table::Event,
        Table::Player,
        Table::Round,
        Table::Game,
        Table::Bye,
        Table::Incident,
        Table::Section,
    ];

    /// The SQL table's name.
    pub fn name(self) -> &'static str {
        match self {
            Table::Event => "event",
            Table::Player => "player",
            Table::Round => "round",
            Table::Game => "game",
            Table::Bye => "bye",
            Table::Incident => "incident",
            Table::Section => "section",
        }
    }

    /// The key's columns, the section first.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Table::Event | Table::Section => &["section"],
            Table::Player => &["section", "start_rank"],
            Table::Round => &["section", "number"],
            Table::Game => &["section", "round", "board"],
            Table::Bye => &["section", "round", "player"],
            Table::Incident => &["section", "round", "board", "game", "incident", "kind"],
        }
    }
}

/// A row's key: its table and the values of its key columns.
pub type Key = (Table, Vec<i64>);

/// A row: its place in its list and its value as JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its place in its list (players, a round's boards, byes, the incidents), from 0.
    pub pos: i64,
    /// The value, as the model serialises it.
    pub data: String,
}

/// The rows of an event, by key.
pub type Rows = BTreeMap<Key, Row>;

/// A row before or after a change, as the journal keeps it (the value as JSON, verbatim).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Image {
    /// The row's place in its list.
    pub pos: i64,
    /// The row's value.
    pub data: Box<RawValue>,
}

impl Image {
    fn of(row: &Row) -> Image {
        Image {
            pos: row.pos,
            // Rows are the model's own JSON: always valid.
            data: RawValue::from_string(row.data.clone())
                .unwrap_or_else(|_| RawValue::NULL.to_owned()),
        }
    }

    /// The row this image keeps.
    pub fn row(&self) -> Row {
        Row {
            pos: self.pos,
            data: self.data.get().to_string(),
        }
    }
}

/// One row changed: the row before (`b`) and after (`a`) the change; `None` where it did not
/// exist.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Change {
    /// The table.
    pub t: Table,
    /// The key's values.
    pub k: Vec<i64>,
    /// The row before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<Image>,
    /// The row after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<Image>,
}

impl Change {
    /// The row's key.
    pub fn key(&self) -> Key {
        (self.t, self.k.clone())
    }

    /// The same change the other way round (what undoes it).
    pub fn reversed(&self) -> Change {
        Change {
            t: self.t,
            k: self.k.clone(),
            b: self.a.clone(),
            a: self.b.clone(),
        }
    }
}

/// Why an event cannot be put in rows or read back from them.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// Two items of one list have the same key (a state file edited by hand).
    #[error("two {table} rows have the same key {key:?}")]
    Duplicate {
        /// The table.
        table: &'static str,
        /// The key.
        key: Vec<i64>,
    },
    /// A row's value is not what its table holds.
    #[error("the {table} row {key:?} cannot be read: {message}")]
    Value {
        /// The table.
        table: &'static str,
        /// The key.
        key: Vec<i64>,
        /// serde_json's message.
        message: String,
    },
    /// There is no event row.
    #[error("the database holds no event")]
    NoEvent,
}

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

/// The incident kind's place in the key (a room's incident and the adjudication recorded for
/// the same game may share a number).
fn kind_code(i: &LiveIncident) -> i64 {
    use crate::tournament::live::LiveIncidentKind as K;
    match i.kind {
        K::Illegal => 0,
        K::Touch => 1,
        K::Ending => 2,
        K::ResultSignal => 3,
        K::Disconnected => 4,
        K::Adjudication => 5,
        K::BoardGap => 6,
        K::Unreadable => 7,
    }
}

/// An incident's key (without its table).
pub fn incident_key(i: &LiveIncident) -> Vec<i64> {
    vec![
        SECTION,
        i64::from(i.round),
        i64::from(i.board),
        i64::try_from(i.game).unwrap_or(i64::MAX),
        i64::try_from(i.incident).unwrap_or(i64::MAX),
        kind_code(i),
    ]
}

/// The event's settings row: the record without its players, rounds and incidents.
fn event_data(t: &Tournament) -> String {
    let mut shell = Tournament {
        players: Vec::new(),
        rounds: Vec::new(),
        ..Tournament::new("", 0)
    };
    // Every field but the lists, so that a field added to the record is kept here too.
    let Tournament {
        name,
        total_rounds,
        initial_colour,
        lots_seed,
        fide,
        scoring,
        players: _,
        rounds: _,
        trf_headers,
        forbidden,
        rule_preset,
        awards,
        live,
        details,
        system,
        acceleration,
        tie_breaks,
        withdrawal_rule,
        cancelled,
    } = t;
    shell.name.clone_from(name);
    shell.total_rounds = *total_rounds;
    shell.initial_colour = *initial_colour;
    shell.lots_seed = *lots_seed;
    shell.fide.clone_from(fide);
    shell.scoring = *scoring;
    shell.trf_headers.clone_from(trf_headers);
    shell.forbidden.clone_from(forbidden);
    shell.rule_preset = *rule_preset;
    shell.awards.clone_from(awards);
    shell.live = crate::tournament::live::LiveSetup {
        incidents: Vec::new(),
        ..live.clone()
    };
    shell.details.clone_from(details);
    shell.system = *system;
    shell.acceleration.clone_from(acceleration);
    shell.tie_breaks.clone_from(tie_breaks);
    shell.withdrawal_rule = *withdrawal_rule;
    shell.cancelled.clone_from(cancelled);
    let mut v = serde_json::to_value(&shell).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        m.remove("players");
        m.remove("rounds");
    }
    json(&v)
}

/// A round's header row: the round without its boards and byes.
fn round_data(r: &Round) -> String {
    let header = Round {
        number: r.number,
        games: Vec::new(),
        byes: Vec::new(),
        forced: r.forced.clone(),
        explanation: r.explanation.clone(),
    };
    let mut v = serde_json::to_value(&header).unwrap_or_default();
    if let Some(m) = v.as_object_mut() {
        m.remove("games");
        m.remove("byes");
    }
    json(&v)
}

fn put(
    rows: &mut Rows,
    table: Table,
    key: Vec<i64>,
    pos: usize,
    data: String,
) -> Result<(), RowsError> {
    let row = Row {
        pos: pos as i64,
        data,
    };
    if rows.insert((table, key.clone()), row).is_some() {
        return Err(RowsError::Duplicate {
            table: table.name(),
            key,
        });
    }
    Ok(())
}

/// The rows of an event of one group (section 1).
///
/// # Errors
/// [`RowsError::Duplicate`] when two players share a starting rank, two boards of a round a
/// number, two byes of a round a player, or two incidents a key.
pub fn decompose(t: &Tournament) -> Result<Rows, RowsError> {
    let mut rows = Rows::new();
    put_section(&mut rows, SECTION, t)?;
    Ok(rows)
}

/// The rows of an event of one or more groups: group `i` is section `i + 1`, named by a
/// [`Table::Section`] row when the event has several groups or its one group has a name.
///
/// # Errors
/// As [`decompose`].
pub fn decompose_event(e: &Event) -> Result<Rows, RowsError> {
    let mut rows = Rows::new();
    for (i, g) in e.groups().iter().enumerate() {
        let section = i as i64 + 1;
        put_section(&mut rows, section, &g.tournament)?;
        if e.len() > 1 || !g.name.is_empty() {
            let data = json(&serde_json::json!({ "name": g.name }));
            put(&mut rows, Table::Section, vec![section], i, data)?;
        }
    }
    Ok(rows)
}

fn put_section(rows: &mut Rows, section: i64, t: &Tournament) -> Result<(), RowsError> {
    put(rows, Table::Event, vec![section], 0, event_data(t))?;
    for (i, p) in t.players.iter().enumerate() {
        let key = vec![section, i64::from(p.start_rank)];
        put(rows, Table::Player, key, i, json(p))?;
    }
    for (i, r) in t.rounds.iter().enumerate() {
        let n = i64::from(r.number);
        put(rows, Table::Round, vec![section, n], i, round_data(r))?;
        for (j, g) in r.games.iter().enumerate() {
            let key = vec![section, n, i64::from(g.board)];
            put(rows, Table::Game, key, j, json(g))?;
        }
        for (j, b) in r.byes.iter().enumerate() {
            let key = vec![section, n, i64::from(b.player)];
            put(rows, Table::Bye, key, j, json(b))?;
        }
    }
    for (i, inc) in t.live.incidents.iter().enumerate() {
        let mut key = incident_key(inc);
        key[0] = section;
        put(rows, Table::Incident, key, i, json(inc))?;
    }
    Ok(())
}

fn read<T: serde::de::DeserializeOwned>(key: &Key, data: &str) -> Result<T, RowsError> {
    serde_json::from_str(data).map_err(|e| RowsError::Value {
        table: key.0.name(),
        key: key.1.clone(),
        message: e.to_string(),
    })
}

/// The first group the rows hold, with the event's settings (the inverse of [`decompose`]).
///
/// # Errors
/// [`RowsError::NoEvent`]; [`RowsError::Value`] for a row that is not what its table holds.
pub fn compose(rows: &Rows) -> Result<Tournament, RowsError> {
    compose_section(rows, SECTION)
}

/// The event the rows hold, every group (the inverse of [`decompose_event`]).
///
/// # Errors
/// As [`compose`].
pub fn compose_event(rows: &Rows) -> Result<Event, RowsError> {
    let sections: Vec<i64> = rows
        .keys()
        .filter(|(t, _)| *t == Table::Event)
        .map(|(_, k)| k[0])
        .collect();
    if !sections.contains(&SECTION) {
        return Err(RowsError::NoEvent);
    }
    let mut groups = Vec::with_capacity(sections.len());
    for s in sections {
        let key = (Table::Section, vec![s]);
        let name = match rows.get(&key) {
            Some(row) => {
                let v: serde_json::Value = read(&key, &row.data)?;
                v["name"].as_str().unwrap_or_default().to_string()
            }
            None => String::new(),
        };
        groups.push(Group {
            name,
            tournament: compose_section(rows, s)?,
        });
    }
    Ok(Event::from_groups(groups))
}

fn compose_section(rows: &Rows, section: i64) -> Result<Tournament, RowsError> {
    let event_key = (Table::Event, vec![section]);
    let event = rows.get(&event_key).ok_or(RowsError::NoEvent)?;
    let mut v: serde_json::Value = read(&event_key, &event.data)?;
    if let Some(m) = v.as_object_mut() {
        m.insert("players".into(), serde_json::Value::Array(Vec::new()));
        m.insert("rounds".into(), serde_json::Value::Array(Vec::new()));
    }
    let mut t: Tournament = serde_json::from_value(v).map_err(|e| RowsError::Value {
        table: "event",
        key: vec![section],
        message: e.to_string(),
    })?;
    let mut players: Vec<(i64, Player)> = Vec::new();
    let mut rounds: BTreeMap<i64, (i64, Round)> = BTreeMap::new();
    let mut games: BTreeMap<i64, Vec<(i64, Game)>> = BTreeMap::new();
    let mut byes: BTreeMap<i64, Vec<(i64, Bye)>> = BTreeMap::new();
    let mut incidents: Vec<(i64, LiveIncident)> = Vec::new();
    for (key, row) in rows {
        if key.1.first() != Some(&section) {
            continue;
        }
        match key.0 {
            Table::Event | Table::Section => {}
            Table::Player => players.push((row.pos, read(key, &row.data)?)),
            Table::Round => {
                rounds.insert(key.1[1], (row.pos, read(key, &row.data)?));
            }
            Table::Game => games
                .entry(key.1[1])
                .or_default()
                .push((row.pos, read(key, &row.data)?)),
            Table::Bye => byes
                .entry(key.1[1])
                .or_default()
                .push((row.pos, read(key, &row.data)?)),
            Table::Incident => incidents.push((row.pos, read(key, &row.data)?)),
        }
    }
    players.sort_by_key(|(pos, _)| *pos);
    t.players = players.into_iter().map(|(_, p)| p).collect();
    let mut rounds: Vec<(i64, Round)> = rounds
        .into_iter()
        .map(|(n, (pos, mut r))| {
            let mut g = games.remove(&n).unwrap_or_default();
            g.sort_by_key(|(pos, _)| *pos);
            r.games = g.into_iter().map(|(_, g)| g).collect();
            let mut b = byes.remove(&n).unwrap_or_default();
            b.sort_by_key(|(pos, _)| *pos);
            r.byes = b.into_iter().map(|(_, b)| b).collect();
            (pos, r)
        })
        .collect();
    rounds.sort_by_key(|(pos, _)| *pos);
    t.rounds = rounds.into_iter().map(|(_, r)| r).collect();
    incidents.sort_by_key(|(pos, _)| *pos);
    t.live.incidents = incidents.into_iter().map(|(_, i)| i).collect();
    Ok(t)
}

/// The rows that differ between `before` and `after`, in key order.
pub fn diff(before: &Rows, after: &Rows) -> Vec<Change> {
    let mut out = Vec::new();
    for (key, b) in before {
        match after.get(key) {
            Some(a) if a == b => {}
            a => out.push(Change {
                t: key.0,
                k: key.1.clone(),
                b: Some(Image::of(b)),
                a: a.map(Image::of),
            }),
        }
    }
    for (key, a) in after {
        if !before.contains_key(key) {
            out.push(Change {
                t: key.0,
                k: key.1.clone(),
                b: None,
                a: Some(Image::of(a)),
            });
        }
    }
    out.sort_by(|x, y| (x.t, &x.k).cmp(&(y.t, &y.k)));
    out
}

/// Applies `changes` to `rows`: each row becomes its `a` image (removed when `None`).
pub fn apply(rows: &mut Rows, changes: &[Change]) {
    for c in changes {
        match &c.a {
            Some(a) => {
                rows.insert(c.key(), a.row());
            }
            None => {
                rows.remove(&c.key());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, ByeKind, GameRef};

    fn event() -> Tournament {
        let mut t = Tournament::new("Rows", 3);
        for (name, rating) in [
            ("A", 1500),
            ("B", 1400),
            ("C", 1300),
            ("D", 1200),
            ("E", 1100),
        ] {
            t.add_player(Player {
                name: name.into(),
                rating: Some(rating),
                ..Player::default()
            })
            .unwrap();
        }
        t.add_bye(
            1,
            Bye {
                player: 5,
                kind: ByeKind::HalfPoint,
            },
        )
        .unwrap();
        t.pair_round_manual(1, &[(1, 3), (4, 2)], None, None)
            .unwrap();
        t
    }

    #[test]
    fn an_event_in_rows_reads_back_the_same_and_a_result_is_one_row() {
        let t = event();
        let rows = decompose(&t).unwrap();
        // The settings, 5 players, one round, 2 boards, 1 bye.
        assert_eq!(rows.len(), 1 + 5 + 1 + 2 + 1);
        let back = compose(&rows).unwrap();
        assert_eq!(back, t);
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&t).unwrap()
        );
        let mut after = t.clone();
        after
            .record_result(1, GameRef::Board(2), BoardResult::Draw, false)
            .unwrap();
        let changes = diff(&rows, &decompose(&after).unwrap());
        assert_eq!(changes.len(), 1);
        assert_eq!(
            (changes[0].t, changes[0].k.clone()),
            (Table::Game, vec![1, 1, 2])
        );
        assert!(changes[0].a.as_ref().unwrap().data.get().contains("draw"));
        // Applied backwards, the change gives back the event before it.
        let mut rows_after = decompose(&after).unwrap();
        let back: Vec<Change> = changes.iter().map(Change::reversed).collect();
        apply(&mut rows_after, &back);
        assert_eq!(compose(&rows_after).unwrap(), t);
    }

    #[test]
    fn a_duplicate_board_is_named() {
        let mut t = event();
        t.rounds[0].games[1].board = 1;
        assert!(matches!(
            decompose(&t),
            Err(RowsError::Duplicate { table: "game", .. })
        ));
    }
}
