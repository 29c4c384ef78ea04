//! The event's record: rows written per change, undo and its refusals, the live room's
//! batches, the file's mode, the conversion of a state file of the JSON format (the fixture
//! `fixtures/record/legacy.json` made by the program before the database), every earlier
//! schema opening.

use std::path::{Path, PathBuf};

use super::rows::{Change, Table, incident_key};
use super::*;
use crate::tournament::journal::{Act, JournalError, ResultChange, Who};
use crate::tournament::live::{BoardKey, LiveIncident};
use crate::tournament::live::{LiveAct, LiveDecision, LiveIncidentKind};
use crate::tournament::{BoardResult, Player, TournamentError};

#[derive(Debug)]
enum Refusal {
    Store(#[allow(dead_code)] StoreError),
    Journal(JournalError),
    Tournament(TournamentError),
}
impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Store(e)
    }
}
impl From<JournalError> for Refusal {
    fn from(e: JournalError) -> Refusal {
        Refusal::Journal(e)
    }
}
impl From<TournamentError> for Refusal {
    fn from(e: TournamentError) -> Refusal {
        Refusal::Tournament(e)
    }
}

fn act(action: &str) -> Act {
    Act::new(Who::cli(), action, serde_json::json!({}))
}

/// A new event of four players with round 1 paired: entries 1 (new), 2 (pair).
fn paired(dir: &Path) -> PathBuf {
    let path = dir.join("ev.arbiter");
    let mut t = Tournament::new("Record", 3);
    for (name, rating) in [("A", 1500), ("B", 1400), ("C", 1300), ("D", 1200)] {
        t.add_player(Player {
            name: name.into(),
            rating: Some(rating),
            ..Player::default()
        })
        .unwrap();
    }
    create(&path, act("new"), &t).unwrap();
    apply::<_, Refusal>(&path, act("pair"), |t| {
        Ok(t.pair_round_manual(1, &[(1, 3), (4, 2)], None, None)?)
    })
    .unwrap();
    path
}

fn result(path: &Path, board: u32, r: BoardResult, correct: bool) -> Result<(), Refusal> {
    let name = if correct { "correct-result" } else { "result" };
    apply::<_, Refusal>(path, act(name), |t| {
        Ok(t.record_result(1, crate::tournament::GameRef::Board(board), r, correct)?)
    })
}

fn journal_rows(path: &Path) -> Vec<(i64, String, String)> {
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn
        .prepare("SELECT seq, action, diff FROM journal ORDER BY seq")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_result_writes_one_row_and_its_entry_in_one_transaction() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    result(&path, 2, BoardResult::Draw, false).unwrap();
    let rows = journal_rows(&path);
    assert_eq!(rows.len(), 3);
    let changes: Vec<Change> = serde_json::from_str(&rows[2].2).unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        (changes[0].t, changes[0].k.clone()),
        (Table::Game, vec![1, 1, 2])
    );
    assert!(rows[2].2.len() < 1000, "{}", rows[2].2);
    let t = load(&path).unwrap();
    assert_eq!(t.round(1).unwrap().games[1].result, Some(BoardResult::Draw));
    // A refused change (a second result without --correct) writes nothing.
    assert!(matches!(
        result(&path, 2, BoardResult::WhiteWins, false),
        Err(Refusal::Tournament(
            TournamentError::ResultAlreadyRecorded { .. }
        ))
    ));
    assert_eq!(journal_rows(&path).len(), 3);
    assert_eq!(load(&path).unwrap(), t);
    // A change that changes nothing writes no entry.
    apply::<_, Refusal>(&path, act("nothing"), |_| Ok(())).unwrap();
    assert_eq!(journal_rows(&path).len(), 3);
    // The log's page says which result it recorded and which it replaced.
    result(&path, 2, BoardResult::BlackWins, true).unwrap();
    let page = log_page(&path, 0, 50).unwrap();
    assert_eq!(page.total, 4);
    assert_eq!(page.entries[0].seq, 4);
    assert_eq!(
        page.entries[0].results,
        vec![ResultChange {
            round: 1,
            board: 2,
            from: Some(BoardResult::Draw),
            to: Some(BoardResult::BlackWins)
        }]
    );
    assert_eq!(page.last_standing, Some(4));
}

#[test]
fn an_earlier_entry_is_undone_when_nothing_rests_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let start = load(&path).unwrap();
    result(&path, 1, BoardResult::WhiteWins, false).unwrap(); // 3
    result(&path, 2, BoardResult::Draw, false).unwrap(); // 4
    // Entry 3 (board 1) is undone although entry 4 came after: board 2 does not rest on it.
    let e = undo::<Refusal>(&path, Who::cli(), Some(3), |_| Ok(())).unwrap();
    assert_eq!((e.seq, e.undoes), (5, Some(3)));
    let t = load(&path).unwrap();
    assert_eq!(t.round(1).unwrap().games[0].result, None);
    assert_eq!(t.round(1).unwrap().games[1].result, Some(BoardResult::Draw));
    // An entry undone, or an undo, is not undone again.
    assert!(matches!(
        undo::<Refusal>(&path, Who::cli(), Some(3), |_| Ok(())),
        Err(Refusal::Journal(JournalError::NotUndoable { seq: 3 }))
    ));
    assert!(matches!(
        undo::<Refusal>(&path, Who::cli(), Some(5), |_| Ok(())),
        Err(Refusal::Journal(JournalError::NotUndoable { seq: 5 }))
    ));
    // A later change of the same board rests on entry 4.
    result(&path, 2, BoardResult::WhiteWins, true).unwrap(); // 6
    match undo::<Refusal>(&path, Who::cli(), Some(4), |_| Ok(())) {
        Err(Refusal::Journal(JournalError::LaterChanges { seq: 4, later, .. })) => {
            assert_eq!(later, vec![(6, "correct-result".to_string())]);
        }
        other => panic!("{other:?}"),
    }
    // The pairing (entry 2) has results on its boards: refused; undone in order, the event
    // comes back to the state before them.
    assert!(matches!(
        undo::<Refusal>(&path, Who::cli(), Some(2), |_| Ok(())),
        Err(Refusal::Journal(JournalError::LaterChanges { .. }))
    ));
    undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap(); // 6
    undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap(); // 4
    assert_eq!(load(&path).unwrap(), start);
    assert_eq!(check(&path).unwrap(), Vec::<String>::new());
    undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap(); // 2
    assert_eq!(load(&path).unwrap().paired_rounds(), 0);
    assert!(matches!(
        undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())),
        Err(Refusal::Journal(JournalError::Creation { seq: 1 }))
    ));
}

#[test]
fn a_result_the_next_round_was_paired_on_stays() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    result(&path, 1, BoardResult::WhiteWins, false).unwrap(); // 3
    result(&path, 2, BoardResult::Draw, false).unwrap(); // 4
    apply::<_, Refusal>(&path, act("pair"), |t| {
        Ok(t.pair_round_manual(2, &[(1, 2), (3, 4)], None, None)?)
    })
    .unwrap(); // 5
    match undo::<Refusal>(&path, Who::cli(), Some(3), |_| Ok(())) {
        Err(Refusal::Journal(JournalError::LaterChanges { later, .. })) => {
            assert_eq!(later, vec![(5, "pair".to_string())]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_entry_that_left_fide_mode_is_not_undone() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    apply::<_, Refusal>(&path, act("fide-mode"), |t| Ok(t.enter_fide_mode()?)).unwrap(); // 3
    apply::<_, Refusal>(&path, act("fide-mode"), |t| Ok(t.leave_fide_mode()?)).unwrap(); // 4
    let refused = undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap_err();
    let Refusal::Journal(e) = refused else {
        panic!("{refused:?}")
    };
    assert!(matches!(e, JournalError::FideModeLeft { seq: 4 }));
    let en = e.text(crate::i18n::Lang::En);
    assert!(en.contains("cannot be re-entered"), "{en}");
    let ru = e.text(crate::i18n::Lang::Ru);
    assert!(ru.contains("режима ФИДЕ"), "{ru}");
}

#[test]
fn a_row_changed_by_hand_is_not_undone_over() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    result(&path, 1, BoardResult::WhiteWins, false).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE game SET data = replace(data, 'white_wins', 'black_wins') WHERE board = 1",
        [],
    )
    .unwrap();
    drop(conn);
    assert!(matches!(
        undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())),
        Err(Refusal::Journal(JournalError::ChangedOutside {
            entry: 3,
            ..
        }))
    ));
}

#[test]
fn the_rooms_incidents_and_captures_are_kept_without_journal_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let incident = |n: usize| LiveIncident {
        group: 0,
        round: 1,
        board: 2,
        serialnr: "23946".into(),
        game: 7,
        incident: n,
        kind: LiveIncidentKind::Illegal,
        article: Some("Laws 3.6".into()),
        ply: 2,
        side: Some("black".into()),
        detail: "knight_move b8b6".into(),
        result: None,
        at_ms: 1_000,
        decision: None,
    };
    let lines = |s: &str| CaptureLines {
        at: BoardKey::new(0, 1, 2),
        lines: s.into(),
    };
    assert_eq!(
        save_live(&path, &[incident(0)], &[lines("a\nb\n")]).unwrap(),
        1
    );
    // The same incident again is kept once.
    assert_eq!(
        save_live(&path, &[incident(0), incident(1)], &[lines("c\n")]).unwrap(),
        1
    );
    assert_eq!(journal_rows(&path).len(), 2);
    let t = load(&path).unwrap();
    assert_eq!(t.live.incidents, vec![incident(0), incident(1)]);
    let mut out = Vec::new();
    assert_eq!(
        write_capture(&path, BoardKey::new(0, 1, 2), &mut out).unwrap(),
        3
    );
    assert_eq!(out, b"a\nb\nc\n");
    assert_eq!(
        last_capture_line(&path, BoardKey::new(0, 1, 2))
            .unwrap()
            .as_deref(),
        Some("c")
    );
    assert_eq!(captures(&path, 0).unwrap(), vec![(1, 2, 3)]);
    // Board 2 of the second group's round 1 is another board: its capture is its own.
    let second = CaptureLines {
        at: BoardKey::new(1, 1, 2),
        lines: "x\n".into(),
    };
    save_live(&path, &[], &[second]).unwrap();
    assert_eq!(captures(&path, 0).unwrap(), vec![(1, 2, 3)]);
    assert_eq!(captures(&path, 1).unwrap(), vec![(1, 2, 1)]);
    assert_eq!(
        last_capture_line(&path, BoardKey::new(1, 1, 2))
            .unwrap()
            .as_deref(),
        Some("x")
    );
    // The arbiter's decision is a journal entry, and undone alone.
    apply::<_, Refusal>(&path, act("live-notice"), |t| {
        let d = LiveDecision {
            act: LiveAct::Noticed,
            result: None,
            at_ms: 2_000,
        };
        assert!(t.live.decide(BoardKey::new(0, 1, 2), 7, 1, d));
        Ok(())
    })
    .unwrap();
    save_live(&path, &[incident(2)], &[]).unwrap();
    undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap();
    let t = load(&path).unwrap();
    assert_eq!(
        t.live.incidents,
        vec![incident(0), incident(1), incident(2)]
    );
    // A board's unreadable frames are a kind of their own (code 7 in the key), beside a drop
    // of its link (code 4, as records written before kept both).
    let link = |kind: LiveIncidentKind| LiveIncident {
        kind,
        article: None,
        side: None,
        detail: "expected value at line 1 column 1".into(),
        ..incident(3)
    };
    let both = [
        link(LiveIncidentKind::Unreadable),
        link(LiveIncidentKind::Disconnected),
    ];
    assert_eq!(save_live(&path, &both, &[]).unwrap(), 2);
    assert_eq!(
        incident_key(&both[0]).last().copied(),
        Some(7),
        "{:?}",
        incident_key(&both[0])
    );
    let t = load(&path).unwrap();
    assert_eq!(t.live.incidents[3..], both);
}

#[cfg(unix)]
#[test]
fn the_database_and_its_wal_are_the_owners_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let db = Db::open(&path).unwrap();
    db.conn.execute_batch("BEGIN; SELECT 1; COMMIT;").unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_os_string();
        p.push(suffix);
        let mode = std::fs::metadata(PathBuf::from(&p))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{p:?}");
    }
    let copy = dir.path().join("copy.arbiter");
    backup(&path, &copy).unwrap();
    assert_eq!(
        std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(load(&copy).unwrap(), load(&path).unwrap());
    assert_eq!(integrity_check(&copy).unwrap(), "ok");
}

#[test]
fn a_newer_schema_is_refused_and_a_file_that_is_no_event_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    assert!(matches!(
        load(&path),
        Err(StoreError::Newer { found: 99, .. })
    ));
    let other = dir.path().join("other.trf");
    std::fs::write(&other, "012 Some event\n").unwrap();
    assert_eq!(kind_of(&other), FileKind::Other);
    assert!(matches!(
        resolve(&other),
        Err(StoreError::NotAnEvent { .. })
    ));
    assert!(is_free(&dir.path().join("new.arbiter")));
    assert!(!is_free(&path));
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/record")
        .join(name)
}

/// The fixture state file and its journal copied into `dir`.
fn legacy_in(dir: &Path) -> PathBuf {
    let state = dir.join("legacy.json");
    std::fs::copy(fixture("legacy.json"), &state).unwrap();
    std::fs::copy(
        fixture("legacy.json.journal.jsonl"),
        dir.join("legacy.json.journal.jsonl"),
    )
    .unwrap();
    state
}

#[test]
fn a_state_file_is_converted_once_beside_itself_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let state = legacy_in(dir.path());
    let original = std::fs::read(&state).unwrap();
    let journal = std::fs::read(dir.path().join("legacy.json.journal.jsonl")).unwrap();
    // Read only: nothing is written.
    let t = load_any(&state).unwrap();
    assert!(!dir.path().join("legacy.arbiter").exists());
    let r = resolve(&state).unwrap();
    let c = r.conversion.unwrap();
    assert!(c.now);
    assert_eq!(c.entries, 19);
    assert_eq!(c.torn_line, None);
    assert_eq!(r.path, dir.path().join("legacy.arbiter"));
    assert_eq!(load(&r.path).unwrap(), t);
    assert_eq!(check(&r.path).unwrap(), Vec::<String>::new());
    assert_eq!(std::fs::read(&state).unwrap(), original);
    assert_eq!(
        std::fs::read(dir.path().join("legacy.json.journal.jsonl")).unwrap(),
        journal
    );
    // Nothing but the database (and SQLite's `-wal`, `-shm`) beside it.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    // The journal's entries, numbers, actions and versions as the file had them.
    let old: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(fixture("legacy.log.json")).unwrap())
            .unwrap();
    let new = entries(&r.path).unwrap();
    assert_eq!(new.len(), old.len());
    for (n, o) in new.iter().zip(&old) {
        assert_eq!(n.seq, o["seq"].as_u64().unwrap());
        assert_eq!(n.action, o["action"].as_str().unwrap());
        assert_eq!(n.args, o["args"]);
        assert_eq!(n.version_after, o["version_after"].as_str().unwrap());
        assert_eq!(n.undoes, o["undoes"].as_u64());
    }
    // Given again, the same file reads its database; the last change undoes as before.
    let again = resolve(&state).unwrap();
    assert!(!again.conversion.unwrap().now);
    let e = undo::<Refusal>(&state, Who::cli(), None, |_| Ok(())).unwrap();
    assert_eq!((e.seq, e.undoes), (20, Some(19)));
    assert_eq!(
        load_any(&state).unwrap().round(2).unwrap().games[1].result,
        None
    );
    // A state file changed after its conversion (by the program before) is not forked.
    let edited = String::from_utf8(original)
        .unwrap()
        .replace("школы", "гимназии");
    std::fs::write(&state, edited).unwrap();
    assert!(matches!(
        resolve(&state),
        Err(StoreError::ChangedSinceConversion { .. })
    ));
}

#[test]
fn a_torn_last_journal_line_is_left_out_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let state = legacy_in(dir.path());
    let journal = dir.path().join("legacy.json.journal.jsonl");
    let mut text = std::fs::read(&journal).unwrap();
    text.extend_from_slice(b"{\"seq\":20,\"time\":\"2026-12-04T20:27:07Z\",\"via\":\"cli\",\"act");
    std::fs::write(&journal, &text).unwrap();
    let c = resolve(&state).unwrap().conversion.unwrap();
    assert_eq!((c.entries, c.torn_line), (19, Some(20)));
    // A broken line with entries after it is refused, with its number.
    let dir = tempfile::tempdir().unwrap();
    let state = legacy_in(dir.path());
    let journal = dir.path().join("legacy.json.journal.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[4] = "{not an entry";
    std::fs::write(&journal, lines.join("\n")).unwrap();
    match resolve(&state) {
        Err(StoreError::Json { line: 5, .. }) => {}
        other => panic!("{other:?}"),
    }
    assert!(!dir.path().join("legacy.arbiter").exists());
}

/// Every schema of earlier releases opens (its migrations run) and reads the event it held.
#[test]
fn every_earlier_schema_opens() {
    // One file per schema: (its number, its name).
    let schemas: &[(i64, &str)] = &[(1, "schema-1.arbiter")];
    for &(n, name) in schemas {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::copy(fixture(name), &path).unwrap();
        let conn = Connection::open(&path).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), n);
        drop(conn);
        let t = load(&path).unwrap();
        assert_eq!(t.name, "Schema 1");
        assert_eq!(t.players.len(), 4);
        assert_eq!(
            t.round(1).unwrap().games[0].result,
            Some(BoardResult::WhiteWins)
        );
        let conn = Connection::open(&path).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), schema::CURRENT);
        drop(conn);
        assert_eq!(entries(&path).unwrap().len(), 7);
        result(&path, 2, BoardResult::Draw, false).unwrap();
    }
}

/// An event of two groups: the second group is section 2 with its own rows, named in the
/// table of sections; a change of one group writes its rows only; the addition is undone.
#[test]
fn a_second_group_is_a_section_of_its_own() {
    use crate::tournament::pairing::PairingSystem;
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    apply_event::<_, Refusal>(&path, act("group-add"), |e| {
        Ok(e.add_group("Малыши", PairingSystem::RoundRobin, 3, Some("Старшие"))?)
    })
    .unwrap();
    let rows = journal_rows(&path);
    let changes: Vec<Change> = serde_json::from_str(&rows[2].2).unwrap();
    let keys: Vec<(Table, Vec<i64>)> = changes.iter().map(Change::key).collect();
    assert_eq!(
        keys,
        [
            (Table::Event, vec![2]),
            (Table::Section, vec![1]),
            (Table::Section, vec![2])
        ]
    );
    apply_event::<_, Refusal>(&path, act("add-player"), |e| {
        let mut g = e.group(1);
        for name in ["Е", "Ж", "З"] {
            g.add_player(Player {
                name: name.into(),
                ..Player::default()
            })?;
        }
        g.pair_all_rounds()?;
        e.set_group(1, g);
        Ok(())
    })
    .unwrap();
    let e = load_event(&path).unwrap();
    assert_eq!(e.names(), ["Старшие", "Малыши"]);
    let small = e.group(1);
    assert_eq!(small.name, "Record");
    assert_eq!(small.players.len(), 3);
    // Three players: a table of four with the bye, three rounds.
    assert_eq!(small.paired_rounds(), 3);
    // The first group is as it was; `load` reads it with the event's settings.
    assert_eq!(load(&path).unwrap(), e.group(0));
    assert_eq!(load(&path).unwrap().players.len(), 4);
    // A result in the first group writes one row of section 1.
    result(&path, 1, BoardResult::WhiteWins, false).unwrap();
    let rows = journal_rows(&path);
    let changes: Vec<Change> = serde_json::from_str(&rows.last().unwrap().2).unwrap();
    assert_eq!(
        changes.iter().map(Change::key).collect::<Vec<_>>(),
        [(Table::Game, vec![1, 1, 1])]
    );
    // Undone newest first, the event is back to one unnamed group.
    for _ in 0..3 {
        undo::<Refusal>(&path, Who::cli(), None, |_| Ok(())).unwrap();
    }
    let e = load_event(&path).unwrap();
    assert_eq!(e.len(), 1);
    assert_eq!(e.names(), [""]);
}
