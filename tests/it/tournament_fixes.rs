//! Regressions found in review of `arbiter tournament`: UTF-8 names in TRF, `-0.0` points,
//! rounds out of range, doubled OS errors, empty names.

use crate::common;

use common::{arbiter, fails, ok, tournament};

/// A Cyrillic name is exported in characters-as-columns and read back: the rating still
/// starts in column 49 counted in characters, and `standings`/`pair` accept the file.
#[test]
fn a_cyrillic_name_survives_a_trf_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "Кубок"], d);
    ok(
        &[
            "add-player",
            "ev.json",
            "--name",
            "Иванова, Анна",
            "--rating",
            "1500",
        ],
        d,
    );
    ok(&["add-player", "ev.json", "--name", "Boris"], d);
    let trf = ok(&["export", "ev.json", "--format", "trf"], d);
    let line = trf.lines().find(|l| l.starts_with("001    1")).unwrap();
    let chars: Vec<char> = line.chars().collect();
    assert_eq!(chars[14..27].iter().collect::<String>(), "Иванова, Анна");
    assert_eq!(chars[48..52].iter().collect::<String>(), "1500", "{line:?}");
    std::fs::write(d.join("ev.trf"), &trf).unwrap();
    let json = ok(&["standings", "ev.trf", "--format", "json"], d);
    assert!(json.contains("Иванова, Анна"), "{json}");
    assert_eq!(ok(&["export", "ev.trf", "--format", "trf"], d), trf);
    let p = arbiter(&["pair", "ev.trf"], d);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    assert_eq!(String::from_utf8(p.stdout).unwrap(), "1\n1 2\n");
}

/// No round played: every score is 0, never `-0` (the float sum of no numbers is -0.0).
#[test]
fn no_round_played_scores_zero_not_minus_zero() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "Z"], d);
    ok(&["add-player", "ev.json", "--name", "Anna"], d);
    ok(&["add-player", "ev.json", "--name", "Boris"], d);
    for args in [
        &["export", "ev.json", "--format", "trf"][..],
        &["standings", "ev.json", "--format", "json"],
        &["standings", "ev.json", "--after-round", "0"],
        &[
            "standings",
            "ev.json",
            "--after-round",
            "0",
            "--format",
            "json",
        ],
        &["crosstable", "ev.json"],
    ] {
        // The TRF's `###` lines are the journal's, with dates (2026-12-02): not scores.
        let out: String = ok(args, d)
            .lines()
            .filter(|l| !l.starts_with("###"))
            .collect();
        assert!(!out.contains("-0"), "{args:?}: {out}");
    }
    let trf = ok(&["export", "ev.json", "--format", "trf"], d);
    assert!(trf.contains(" 0.0"), "{trf}");
}

/// A one-round event, its round played: standings after a later round, or pairing round 2,
/// are errors that say the event is shorter.
#[test]
fn rounds_beyond_the_event_are_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "c1.json", "--name", "C", "--rounds", "1"], d);
    ok(&["add-player", "c1.json", "--name", "Anna"], d);
    ok(&["add-player", "c1.json", "--name", "Boris"], d);
    ok(&["pair", "c1.json", "--auto"], d);
    ok(
        &["result", "c1.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    let e = fails(&["standings", "c1.json", "--after-round", "4"], d);
    assert!(
        e.contains("no standings after round 4: 1 of 1 round(s) paired"),
        "{e}"
    );
    let e = fails(&["pair", "c1.json", "--round", "2", "--auto"], d);
    assert!(
        e.contains("round 2 cannot be paired: the event has only 1 round(s)"),
        "{e}"
    );
    let e = fails(&["pair", "c1.json", "--round", "2", "--game", "1-2"], d);
    assert!(
        e.contains("round 2 cannot be paired: the event has only 1 round(s)"),
        "{e}"
    );
    let e = fails(&["pair", "c1.json", "--auto"], d);
    assert!(
        e.contains("round 2 cannot be paired: the event has only 1 round(s)"),
        "{e}"
    );
    ok(&["standings", "c1.json", "--after-round", "1"], d);
}

#[test]
fn an_empty_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "E"], d);
    let e = fails(&["add-player", "ev.json", "--name", " "], d);
    assert!(e.contains("the name is empty"), "{e}");
}

/// A name longer than the TRF's 33 name columns: `add-player` refuses it and says why; a state
/// file edited by hand to hold one is exported with the name cut to fit and a warning, the
/// rating still in columns 49–52.
#[test]
fn a_name_longer_than_its_trf_columns() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "L"], d);
    // The whole name is kept (not cut at 33 characters) in the state file and every output;
    // only the TRF export cuts it to its 33 columns, and says so.
    let long = "Abcdefghij-Klmnopqrst, Uvwxyzabcde";
    ok(
        &["add-player", "ev.json", "--name", long, "--rating", "1500"],
        d,
    );
    let state = crate::common::state_text(&d.join("ev.json"));
    assert!(state.contains(long), "{state}");
    let standings = ok(&["standings", "ev.json"], d);
    assert!(standings.contains(long), "{standings}");
    let out = tournament(&["export", "ev.json", "--format", "trf", "--lang", "en"], d);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("player 1: the name is longer than its 33 TRF columns; cut to fit in the TRF file only (the state file keeps it whole)"),
        "{stderr}"
    );
    let out = tournament(&["export", "ev.json", "--format", "trf", "--lang", "ru"], d);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("участник 1: имя длиннее своих 33 позиций TRF; в файле TRF сокращено"),
        "{stderr}"
    );
    let trf = String::from_utf8(out.stdout).unwrap();
    let line = trf.lines().find(|l| l.starts_with("001")).unwrap();
    assert_eq!(&line[14..47], &long[..33], "{line:?}");
    assert_eq!(&line[48..52], "1500", "{line:?}");
}
