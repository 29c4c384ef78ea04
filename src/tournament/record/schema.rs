//! The database's schema and its migrations, numbered in the code: the schema's number is
//! kept in the file (`PRAGMA user_version`); opening a file of an earlier number runs the
//! migrations after it, in one transaction; a file of a later number (a newer program's) is
//! refused rather than misread.
//!
//! Keys: every table of the event's rows starts its key with `section` (1 for every row of
//! an event of one group). An event of several groups gives each its own section number
//! (group `i` is section `i + 1`), named in the table `section` (migration 2).

use rusqlite::{Connection, Transaction};

/// The schema this program writes.
pub const CURRENT: i64 = 2;

/// Migration `n` (index `n - 1`) brings a file from schema `n - 1` to schema `n`.
const MIGRATIONS: &[&str] = &[
    // 1: the event's rows, the journal, the live room's captures.
    r"
CREATE TABLE meta(
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE event(
    section INTEGER PRIMARY KEY,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE player(
    section INTEGER NOT NULL REFERENCES event(section) DEFERRABLE INITIALLY DEFERRED,
    start_rank INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY(section, start_rank)
) WITHOUT ROWID;
CREATE TABLE round(
    section INTEGER NOT NULL REFERENCES event(section) DEFERRABLE INITIALLY DEFERRED,
    number INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY(section, number)
) WITHOUT ROWID;
CREATE TABLE game(
    section INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY(section, round, board),
    FOREIGN KEY(section, round) REFERENCES round(section, number) DEFERRABLE INITIALLY DEFERRED
) WITHOUT ROWID;
CREATE TABLE bye(
    section INTEGER NOT NULL,
    round INTEGER NOT NULL,
    player INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY(section, round, player),
    FOREIGN KEY(section, round) REFERENCES round(section, number) DEFERRABLE INITIALLY DEFERRED
) WITHOUT ROWID;
CREATE TABLE incident(
    section INTEGER NOT NULL REFERENCES event(section) DEFERRABLE INITIALLY DEFERRED,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    game INTEGER NOT NULL,
    incident INTEGER NOT NULL,
    kind INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY(section, round, board, game, incident, kind)
) WITHOUT ROWID;
CREATE TABLE journal(
    seq INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    via TEXT NOT NULL,
    address TEXT,
    device TEXT,
    action TEXT NOT NULL,
    args TEXT NOT NULL,
    version_before TEXT,
    version_after TEXT NOT NULL,
    undoes INTEGER REFERENCES journal(seq),
    diff TEXT NOT NULL
);
CREATE INDEX journal_undoes ON journal(undoes) WHERE undoes IS NOT NULL;
CREATE INDEX journal_action ON journal(action);
CREATE TABLE capture(
    id INTEGER PRIMARY KEY,
    section INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    lines TEXT NOT NULL
);
CREATE INDEX capture_board ON capture(section, round, board, id);
",
    // 2: the sections named: one row per group of an event of several groups (today's
    // events, of one group, have none and change nothing else).
    r"
CREATE TABLE section(
    section INTEGER PRIMARY KEY,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL
);
",
];

/// The file's schema number.
///
/// # Errors
/// SQLite's.
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Whether the file has any table (a new, empty file has none).
///
/// # Errors
/// SQLite's.
pub fn is_empty(conn: &Connection) -> rusqlite::Result<bool> {
    let n: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    Ok(n == 0)
}

/// Brings the schema from `from` to [`CURRENT`] inside `tx`.
///
/// # Errors
/// SQLite's.
pub fn migrate(tx: &Transaction<'_>, from: i64) -> rusqlite::Result<()> {
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let n = i as i64 + 1;
        if n > from {
            tx.execute_batch(sql)?;
        }
    }
    tx.pragma_update(None, "user_version", CURRENT)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_migration_is_numbered_up_to_the_current_schema() {
        assert_eq!(super::MIGRATIONS.len() as i64, super::CURRENT);
    }
}
