//! CR 2.2 across the event: the cheating findings of recorded verdicts are counted per player;
//! the fourth proven incident proposes disqualification, applied only with
//! `tournament result --confirm-disqualification` (losses in all later rounds).

use crate::common;

use common::{arbiter, ok, result_by_verdict};

/// `arbiter judge` on an event log with `cheats` cheating findings against Black.
fn verdict(d: &std::path::Path, name: &str, white: &str, black: &str, cheats: usize) {
    let mut log = format!(
        "{{\"type\":\"header\",\"white\":\"{white}\",\"black\":\"{black}\"}}\n\
         {{\"type\":\"move\",\"uci\":\"e2e4\"}}\n"
    );
    for _ in 0..cheats {
        log.push_str("{\"type\":\"conduct\",\"by\":\"black\",\"kind\":\"cheating\"}\n");
    }
    std::fs::write(d.join(format!("{name}.jsonl")), log).unwrap();
    let out = arbiter(&["judge", &format!("{name}.jsonl"), "--format", "json"], d);
    assert!(out.status.success());
    std::fs::write(d.join(format!("{name}.json")), &out.stdout).unwrap();
}

#[test]
fn the_fourth_cheating_incident_proposes_disqualification() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "ev.json", "--name", "CR 2.2"], d);
    for n in ["Anna", "Boris", "Chen", "Dina"] {
        ok(&["add-player", "ev.json", "--name", n], d);
    }
    // Round 1: Boris (Black) is found cheating three times: he loses, no proposal yet.
    ok(
        &[
            "pair", "ev.json", "--round", "1", "--game", "1-2", "--game", "3-4",
        ],
        d,
    );
    verdict(d, "r1", "Anna", "Boris", 3);
    let out = ok(&result_by_verdict("r1.json"), d);
    assert!(!out.contains("CR 2.2"), "{out}");
    ok(
        &["result", "ev.json", "--round", "1", "--board", "2", "1-0"],
        d,
    );
    // Round 2: the fourth incident. Shown, not applied.
    ok(
        &[
            "pair", "ev.json", "--round", "2", "--game", "3-2", "--game", "1-4",
        ],
        d,
    );
    verdict(d, "r2", "Chen", "Boris", 1);
    let args = [
        "result",
        "ev.json",
        "--round",
        "2",
        "--board",
        "1",
        "--verdict",
        "r2.json",
    ];
    let out = ok(&[&args[..], &["--format", "json"]].concat(), d);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "white_wins");
    assert_eq!(
        v["disqualification"],
        serde_json::json!([{"player": 2, "cheating_incidents": 4, "applied": false}])
    );
    let state = crate::common::state_text(&d.join("ev.json"));
    assert!(!state.contains("disqualified_from"), "{state}");
    // The arbiter confirms (correcting the same result): Boris is out from round 3.
    let out = ok(
        &[&args[..], &["--correct", "--confirm-disqualification"]].concat(),
        d,
    );
    assert!(
        out.contains("Boris (2): 4 proven cheating incidents (CR 2.2): disqualified"),
        "{out}"
    );
    let state: serde_json::Value =
        serde_json::from_str(&crate::common::state_text(&d.join("ev.json"))).unwrap();
    let boris = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Boris")
        .unwrap()
        .clone();
    assert_eq!(boris["disqualified_from"], 3, "{boris:#}");
}
