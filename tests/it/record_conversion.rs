//! A state file and journal of the JSON format (`fixtures/record/legacy.json`, made by the
//! program before the event's database) given to a command: converted once into
//! `legacy.arbiter` beside it, said in the user's language, the originals untouched; the
//! standings, the crosstable, the TRF (with its `###` lines from the journal) and the journal
//! are what the program before printed.

use std::path::Path;

use crate::common::{arbiter_in_locale, ok};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/record")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn legacy_in(dir: &Path) {
    for name in ["legacy.json", "legacy.json.journal.jsonl"] {
        std::fs::write(dir.join(name), fixture(name)).unwrap();
    }
}

#[test]
fn a_state_file_of_the_json_format_converts_and_reads_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    legacy_in(d);
    // The first command converts, and says so in the user's language.
    let out = arbiter_in_locale(
        &["tournament", "standings", "legacy.json", "--lang", "ru"],
        d,
        "C",
    );
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("legacy.json теперь хранится в базе данных: переведён в legacy.arbiter")
            && said.contains("записей журнала: 19"),
        "{said}"
    );
    assert!(d.join("legacy.arbiter").exists());
    assert_eq!(
        std::fs::read_to_string(d.join("legacy.json")).unwrap(),
        fixture("legacy.json")
    );
    // The same outputs as the program before, from the old name and the new one.
    for file in ["legacy.json", "legacy.arbiter"] {
        assert_eq!(
            ok(&["standings", file, "--lang", "en"], d),
            fixture("legacy.standings.txt"),
            "{file}"
        );
        assert_eq!(
            ok(&["crosstable", file, "--lang", "en"], d),
            fixture("legacy.crosstable.txt"),
            "{file}"
        );
        // The TRF in the edition the program before wrote (TRF-16), with two changes made
        // since on purpose: the event's tie-breaks are written (`212` and their rules' edition),
        // and the rank column is by the event's tie-breaks (those of its standings above), not
        // by the FIDE preset's: Орлова shares 2nd place with Кузнецов there (she was 3rd).
        let trf16 = ok(&["export", file, "--format", "trf16"], d);
        assert_eq!(
            trf_as_before(&trf16),
            trf_as_before(&fixture("legacy.trf")),
            "{file}"
        );
        assert!(trf16.contains("212 PTS,BH/C1,BH,SB,DE,PS,WIN\n"), "{trf16}");
        let ranks: Vec<String> = trf16
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| l.chars().skip(85).take(4).collect::<String>())
            .collect();
        let ranks: Vec<&str> = ranks.iter().map(|r| r.trim()).collect();
        assert_eq!(ranks, ["6", "6", "4", "2", "2", "4", "1"], "{trf16}");
    }
    // Given the old name again: the database made before is used, and named.
    let out = arbiter_in_locale(
        &["tournament", "log", "legacy.json", "--lang", "en"],
        d,
        "C",
    );
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("legacy.json was converted into legacy.arbiter before: using legacy.arbiter"),
        "{said}"
    );
    // The journal: the same entries, newest first.
    let log: serde_json::Value =
        serde_json::from_str(&ok(&["log", "legacy.arbiter", "--format", "json"], d)).unwrap();
    let mut log = log.as_array().unwrap().clone();
    log.reverse();
    let old: serde_json::Value = serde_json::from_str(&fixture("legacy.log.json")).unwrap();
    let mut new = serde_json::Value::Array(log);
    for e in new.as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("results");
    }
    assert_eq!(new, old);
    // And the event changes on: the next result, undone.
    ok(
        &[
            "result",
            "legacy.json",
            "--round",
            "2",
            "--board",
            "3",
            "1-0",
        ],
        d,
    );
    let undone = ok(&["undo", "legacy.arbiter", "--lang", "en"], d);
    assert_eq!(
        undone.trim(),
        "Undone: entry 20 (result); recorded as entry 21."
    );
}

/// A TRF's lines in order without the tie-break records (`212`, `### tie-break rules`) and
/// with the rank column (characters 86–89 of a `001` line) blanked, sorted within the headers
/// (their order is not meaningful).
fn trf_as_before(text: &str) -> Vec<String> {
    let mut headers = Vec::new();
    let mut rest = Vec::new();
    for line in text.lines() {
        if line.starts_with("212 ") || line.starts_with("### tie-break rules") {
            continue;
        }
        if line.starts_with("001") {
            // Columns are characters (the names are Cyrillic: two bytes each in UTF-8).
            let chars: Vec<char> = line.chars().collect();
            let blank: String = chars
                .iter()
                .enumerate()
                .map(|(i, &c)| if (85..89).contains(&i) { ' ' } else { c })
                .collect();
            rest.push(blank);
        } else if line.starts_with("###") || !rest.is_empty() {
            rest.push(line.to_string());
        } else {
            headers.push(line.to_string());
        }
    }
    headers.sort();
    headers.extend(rest);
    headers
}
