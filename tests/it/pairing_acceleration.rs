//! Accelerated pairings (C.04.5): the Baku method (C.04.5.1) and custom virtual points (TRF-2026
//! `250`) in the pairer and the checker, on worked examples whose pairings bbpPairings v6.0.0
//! gives too (`bbpPairings.exe --dutch FILE -p` on the same TRF, records `192
//! FIDE_DUTCH_2025_BAKU` and `250`).

use std::path::Path;

use crate::common::{arbiter, ok};

/// An event of `n` players (ratings 2490, 2480, … so starting rank = rating order) and 9
/// rounds, FIDE preset, Baku acceleration.
fn baku_event(d: &Path, n: usize) {
    ok(
        &[
            "new", "ev.json", "--name", "Baku", "--rounds", "9", "--preset", "fide",
        ],
        d,
    );
    for i in 1..=n {
        let rating = (2500 - 10 * i).to_string();
        ok(
            &[
                "add-player",
                "ev.json",
                "--name",
                &format!("P{i}"),
                "--rating",
                &rating,
            ],
            d,
        );
    }
    ok(&["acceleration", "ev.json", "baku"], d);
}

/// `arbiter pair FILE`'s boards (white, black).
fn pairs(d: &Path, file: &str) -> Vec<(u32, u32)> {
    let out = arbiter(&["pair", file], d);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let (w, b) = l.split_once(' ').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect()
}

/// 16 players, 9 rounds: GA is players 1-8 (2 × ⌈16/4⌉), who start with one virtual point, so
/// round 1 pairs 1-8 among themselves and 9-16 among themselves (instead of 1-9, 2-10, …).
/// After round 1, won by every higher-ranked player, GA's losers (0 + 1 virtual) meet GB's
/// winners (1 + 0) in round 2.
#[test]
fn baku_rounds_1_and_2_of_sixteen() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    baku_event(d, 16);
    let trf = ok(&["export", "ev.json"], d);
    assert!(
        trf.lines().any(|l| l == "192 FIDE_DUTCH_2025_BAKU"),
        "{trf}"
    );
    assert!(
        trf.lines().any(|l| l == "250      01.0 001 003 0001 0008")
            && trf.lines().any(|l| l == "250      00.5 004 005 0001 0008"),
        "{trf}"
    );
    std::fs::write(d.join("r1.trf"), &trf).unwrap();
    let round1 = [
        (1, 5),
        (6, 2),
        (3, 7),
        (8, 4),
        (9, 13),
        (14, 10),
        (11, 15),
        (16, 12),
    ];
    assert_eq!(pairs(d, "r1.trf"), round1);
    assert_eq!(pairs(d, "ev.json"), round1);
    ok(&["pair", "ev.json", "--auto"], d);
    for b in 1..=8 {
        ok(
            &[
                "result",
                "ev.json",
                "--round",
                "1",
                "--board",
                &b.to_string(),
                "1-0",
            ],
            d,
        );
    }
    std::fs::write(d.join("r2.trf"), ok(&["export", "ev.json"], d)).unwrap();
    assert_eq!(
        pairs(d, "r2.trf"),
        [
            (6, 1),
            (8, 3),
            (2, 9),
            (4, 11),
            (5, 14),
            (7, 16),
            (10, 13),
            (12, 15)
        ]
    );
    // The checker re-pairs both rounds with the virtual points and agrees.
    ok(&["pair", "ev.json", "--auto"], d);
    let out = arbiter(&["check", "ev.json"], d);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Without the acceleration the checker finds round 1 different (1-9 … in the plain Swiss).
    let plain = trf_without_acceleration(&ok(&["export", "ev.json"], d));
    std::fs::write(d.join("plain.trf"), plain).unwrap();
    let out = arbiter(&["check", "plain.trf"], d);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("round 1: differs"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

fn trf_without_acceleration(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("250") && !l.starts_with("192"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// 10 players: C.04.5.1 puts 2 × ⌈10/4⌉ = 6 players in GA, so round 1 pairs 1-6 among
/// themselves: 1-4, 5-2, 3-6, then 7-9, 10-8. (bbpPairings v6.0.0 reading `192
/// FIDE_DUTCH_2025_BAKU` alone puts ⌈10/2⌉ = 5 in GA and pairs 1-3, 4-2, 5-6, 7-9, 10-8; given
/// our `250` records it pairs as we do.)
#[test]
fn baku_group_a_is_rounded_up_to_an_even_number() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    baku_event(d, 10);
    std::fs::write(d.join("r1.trf"), ok(&["export", "ev.json"], d)).unwrap();
    assert_eq!(
        pairs(d, "r1.trf"),
        [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]
    );
}
