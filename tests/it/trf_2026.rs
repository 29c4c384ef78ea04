//! TRF-2026 (FIDE C.04 Annex 2, version 2026) in and out: every record the annex defines is
//! read and written back byte for byte; the records a pairer needs (`142`, `152`, `162`, `212`,
//! `240`, `250`, `260`) become the event's own (rounds, colour, point values, tie-breaks, byes,
//! acceleration, forbidden pairs) on import, so an imported event never pairs players the file
//! forbids; our own exports come back byte for byte through `tournament import`.

use std::path::Path;

use arbiter::formats::trf::Trf;
use arbiter::tournament::pairing::acceleration::Acceleration;
use arbiter::tournament::result::{Points, RoundResult};
use arbiter::tournament::tiebreak::{Rules, TieBreak};
use shakmaty::Color;

use crate::common::{arbiter, ok};

const ANNEX: &str = include_str!("../../fixtures/trf/trf2026-annex.trf");

/// The pairs (white, black) and the bye of `arbiter pair FILE --format json`.
fn paired(file: &str, dir: &Path) -> (Vec<(u64, u64)>, Option<u64>) {
    let out = arbiter(&["pair", file, "--format", "json"], dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let boards = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
        .collect();
    (boards, v["bye"].as_u64())
}

fn meet(boards: &[(u64, u64)], a: u64, b: u64) -> bool {
    boards
        .iter()
        .any(|&(w, k)| (w, k) == (a, b) || (w, k) == (b, a))
}

#[test]
fn the_annex_records_read_and_write_back_byte_for_byte() {
    let trf = Trf::parse(ANNEX, "annex.trf").unwrap();
    assert_eq!(trf.to_string(), ANNEX);
    assert_eq!(trf.total_rounds(), Some(5));
    assert_eq!(trf.initial_colour(), Some(Color::Black));
    assert_eq!(trf.scoring(), Default::default());
    assert_eq!(trf.forbidden_pairs_in(1), [vec![1, 2], vec![5, 6, 7]]);
    assert_eq!(trf.forbidden_pairs_in(2), [vec![1, 2]]);
    let a = trf.acceleration().unwrap();
    let s = trf.scoring();
    let vp = |tpn, round| a.points(tpn, round, 9, 5, &s);
    assert_eq!(
        (vp(1, 1), vp(4, 2), vp(4, 3), vp(4, 4), vp(5, 1)),
        (
            Points(10),
            Points(10),
            Points(5),
            Points::ZERO,
            Points::ZERO
        )
    );
    // 212 (the standings' list) before 202; a start date after 1 March 2026: the 2026 rules.
    assert_eq!(
        trf.tie_break_order().unwrap().unwrap(),
        [
            TieBreak::BhC1,
            TieBreak::Bh,
            TieBreak::Sb,
            TieBreak::De,
            TieBreak::Win,
            TieBreak::Bwg
        ]
    );
    assert_eq!(trf.tie_break_rules(), Rules::Fide2026);
    assert_eq!(trf.advance_byes(), [(1, 9, RoundResult::HalfPointBye)]);
    // Points as the annex writes them: a 162 with other values is read.
    let three = ANNEX.replace("162  W 1.0    D 0.5", "162  W 3.0    D 1.0    P 1.0");
    let s = Trf::parse(&three, "x").unwrap().scoring();
    assert_eq!(
        (s.win, s.draw, s.pairing_allocated_bye),
        (Points(30), Points(10), Points(10))
    );
}

/// A record that does not hold what its columns must is refused with its line and column.
#[test]
fn a_bad_record_is_named_by_line_and_column() {
    for (from, to, column) in [
        ("260 001 005    1    2", "260 001 005    1", 13),
        (
            "250      01.0 001 002 0001 0004",
            "250      00.0 001 002 0001 0004",
            10,
        ),
        ("240 H 001  009", "240 U 001  009", 5),
        ("152 B", "152 X", 5),
        ("162  W 1.0    D 0.5", "162  Q 1.0", 6),
    ] {
        let text = ANNEX.replace(from, to);
        let line = ANNEX.lines().position(|l| l == from).unwrap() + 1;
        let e = Trf::parse(&text, "annex.trf").unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("annex.trf:{line}:{column}:")),
            "{to}: {e}"
        );
    }
}

#[test]
fn an_imported_event_keeps_forbidden_pairs_byes_and_acceleration() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("annex.trf"), ANNEX).unwrap();
    ok(&["import", "annex.trf", "ev.json"], d);
    let t = arbiter::tournament::store::load(&d.join("ev.json")).unwrap();
    assert_eq!(t.forbidden_pairs_in(1), [vec![1, 2], vec![5, 6, 7]]);
    assert_eq!(t.forbidden_pairs_in(2), [vec![1, 2]]);
    assert!(
        matches!(t.acceleration, Some(Acceleration::Custom { ref records }) if records.len() == 2)
    );
    assert_eq!(t.tie_break_settings().rules, Rules::Fide2026);
    assert_eq!(t.tie_break_settings().order[0], TieBreak::BhC1);
    assert_eq!(t.initial_colour, Some(Color::Black));
    let byes = &t.round(1).unwrap().byes;
    assert_eq!((byes[0].player, byes.len()), (9, 1));
    // What the model keeps itself is not kept twice as a header.
    assert!(
        !t.trf_headers
            .iter()
            .any(|h| ["142", "152", "240", "250", "260"].contains(&&h[..3])),
        "{:?}",
        t.trf_headers
    );

    // The file and the imported event pair round 1 alike: 9 has his half-point bye, the
    // forbidden pairs are kept apart, players 1-4 carry their virtual point.
    // bbpPairings v6.0.0 (`--dutch annex.trf -p`) pairs it 3-1, 2-5, 4-6, 8-7.
    let (boards, bye) = paired("annex.trf", d);
    assert_eq!(boards, [(3, 1), (2, 5), (4, 6), (8, 7)]);
    assert_eq!(paired("ev.json", d), (boards.clone(), bye));
    assert_eq!(bye, None);
    assert!(!boards.iter().any(|&(w, k)| w == 9 || k == 9));
    assert!(!meet(&boards, 1, 2));
    for (a, b) in [(5, 6), (5, 7), (6, 7)] {
        assert!(!meet(&boards, a, b), "{a}-{b}: {boards:?}");
    }
    ok(&["pair", "ev.json", "--auto"], d);
    let t = arbiter::tournament::store::load(&d.join("ev.json")).unwrap();
    let recorded: Vec<(u64, u64)> = t.rounds[0]
        .games
        .iter()
        .map(|g| (u64::from(g.white), u64::from(g.black)))
        .collect();
    assert_eq!(recorded, boards);

    // Export, import, export: the same bytes.
    let first = ok(&["export", "ev.json"], d);
    std::fs::write(d.join("back.trf"), &first).unwrap();
    ok(&["import", "back.trf", "back.json"], d);
    let second = ok(&["export", "back.json"], d);
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("### ") || l.starts_with("### tie"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&second), strip(&first));
    for record in [
        "142 5",
        "152 B",
        "212 PTS,BH/C1,BH,SB,DE,WIN,BWG",
        "260 001 005    1    2",
        "260 001 001    5    6    7",
        "250      01.0 001 002 0001 0004",
    ] {
        assert!(first.lines().any(|l| l == record), "{record}:\n{first}");
    }
}

/// Siblings kept apart by a TRF-16 `XXP` line stay apart in the imported event, whose export
/// writes them as a TRF-2026 `260` record; the older form is still written on request.
#[test]
fn siblings_of_a_trf16_file_never_meet_after_import() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Four players: the Dutch pairer would pair 1-3 and 4-2 in round 1.
    let text = "012 Siblings\nXXR 3\nXXC white1\nXXP 1 3\n\
001    1      A                                 1800                             0.0    1\n\
001    2      B                                 1700                             0.0    2\n\
001    3      C                                 1600                             0.0    3\n\
001    4      D                                 1500                             0.0    4\n";
    std::fs::write(d.join("s.trf"), text).unwrap();
    ok(&["import", "s.trf", "s.json"], d);
    let t = arbiter::tournament::store::load(&d.join("s.json")).unwrap();
    assert_eq!(t.forbidden.len(), 1);
    assert_eq!(t.forbidden[0].players, [1, 3]);
    assert!(t.trf_headers.iter().all(|h| !h.starts_with("XXP")));
    ok(&["pair", "s.json", "--auto"], d);
    let t = arbiter::tournament::store::load(&d.join("s.json")).unwrap();
    assert!(
        t.rounds[0]
            .games
            .iter()
            .all(|g| !(g.white.min(g.black) == 1 && g.white.max(g.black) == 3)),
        "{:?}",
        t.rounds[0].games
    );
    let trf = ok(&["export", "s.json"], d);
    assert!(trf.lines().any(|l| l == "260 001 003    1    3"), "{trf}");
    let old = ok(&["export", "s.json", "--format", "trf16"], d);
    assert!(
        old.starts_with("012 Siblings\nXXR 3\nXXC white1\n"),
        "{old}"
    );
    assert!(old.lines().any(|l| l == "XXP 1 3"), "{old}");
}

/// An event made with the command line, with a forbidden pair of some rounds, the Baku
/// acceleration, the 2026 tie-breaks and two rounds played, is exported, imported and exported
/// again to the same bytes.
#[test]
fn our_exports_come_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        &[
            "new", "ev.json", "--name", "Open", "--rounds", "5", "--preset", "fide",
        ],
        d,
    );
    for (i, name) in ["A", "B", "C", "D", "E", "F", "G"].iter().enumerate() {
        let rating = (2000 - 100 * i).to_string();
        ok(
            &["add-player", "ev.json", "--name", name, "--rating", &rating],
            d,
        );
    }
    ok(
        &["forbid", "ev.json", "--players", "2,6", "--rounds", "1-2"],
        d,
    );
    ok(&["forbid", "ev.json", "--players", "3,4"], d);
    ok(&["acceleration", "ev.json", "baku"], d);
    let shown = ok(
        &[
            "tie-breaks",
            "ev.json",
            "--set",
            "BH-C1,BH,SB,STD,REP,RTNG,TPN",
            "--edition",
            "fide2026",
        ],
        d,
    );
    assert!(shown.contains("STD — Standard points"), "{shown}");
    for round in 1..=2 {
        ok(&["pair", "ev.json", "--auto"], d);
        let t = arbiter::tournament::store::load(&d.join("ev.json")).unwrap();
        let boards: Vec<u32> = t.rounds[round - 1].games.iter().map(|g| g.board).collect();
        for (k, b) in boards.iter().enumerate() {
            let result = ["1-0", "0-1", "1/2-1/2"][k % 3];
            ok(
                &[
                    "result",
                    "ev.json",
                    "--round",
                    &round.to_string(),
                    "--board",
                    &b.to_string(),
                    result,
                ],
                d,
            );
        }
    }
    let first = ok(&["export", "ev.json"], d);
    for record in [
        "192 FIDE_DUTCH_2025_BAKU",
        "250      01.0 001 002 0001 0004",
        "250      00.5 003 003 0001 0004",
        "212 PTS,BH/C1,BH,SB,STD,REP,RTNG,TPN",
        "260 001 002    2    6",
        "260 001 005    3    4",
    ] {
        assert!(first.lines().any(|l| l == record), "{record}:\n{first}");
    }
    std::fs::write(d.join("ev.trf"), &first).unwrap();
    ok(&["import", "ev.trf", "back.json"], d);
    let back = arbiter::tournament::store::load(&d.join("back.json")).unwrap();
    assert_eq!(back.acceleration, Some(Acceleration::Baku));
    assert_eq!(back.forbidden_pairs_in(3), [vec![3, 4]]);
    assert_eq!(back.tie_break_settings().rules, Rules::Fide2026);
    let journal_free = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("### ") || l.starts_with("### tie"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let second = ok(&["export", "back.json"], d);
    // The journal's comment lines are read back as comments: the rest is the same.
    assert_eq!(journal_free(&second), journal_free(&first));
    assert_eq!(second.lines().count(), first.lines().count());
    std::fs::write(d.join("back.trf"), &second).unwrap();
    ok(&["import", "back.trf", "again.json"], d);
    assert_eq!(ok(&["export", "again.json"], d), second);
}
