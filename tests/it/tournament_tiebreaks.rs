//! Tie-breaks on hand-checked small tournaments (`fixtures/tournament/`), every value worked
//! out below from C.07 (2024 rules, and the 2026 cap where it changes something).

use arbiter::formats::trf::Trf;
use arbiter::tournament::standings::Preset;
use arbiter::tournament::tiebreak::{Calculator, ResultTable, Rules, TieBreak, standings};

fn table(text: &str) -> ResultTable {
    Trf::parse(text, "fixture")
        .unwrap()
        .result_table(None)
        .unwrap()
}

fn fixture() -> ResultTable {
    table(include_str!("../../fixtures/tournament/hand-checked-5.trf"))
}

/// Scores: P1 1+1+½ = 2½; P2 0+1(+)+0(Z) = 1; P3 ½+0(-)+0 = ½; P4 ½+½(H)+½ = 1½;
/// P5 1(U)+0+1 = 2.
/// VURs: P2 round 3 (Z), P3 round 2 (-), P4 round 2 (H).
/// Adjusted scores (C.07 16.3): P2's last non-VUR round is 2, so his round-3 Z counts ½ → 1½;
/// everybody else keeps the real score (P4's H comes before a played round).
/// BH by round (opponent's adjusted score when played, own score when not):
/// P1: 1½ (P2) + 2 (P5) + 1½ (P4) = 5; cut the lowest 1½ → 3½; median also cuts 2 → 1½.
/// P2: 2½ (P1) + 1 (own, +) + 1 (own, Z, VUR) = 4½; C1 cuts the VUR → 3½; M1 also 2½ → 1.
/// P3: 1½ (P4) + ½ (own, -, VUR) + 2 (P5) = 4; C1 cuts the VUR → 3½; M1 also 2 → 1½.
/// P4: ½ (P3) + 1½ (own, H, VUR) + 2½ (P1) = 4½; C1 cuts the VUR 1½, not the lower ½ → 3;
///     M1 also 2½ → ½.
/// P5: 2 (own, U, not a VUR) + 2½ (P1) + ½ (P3) = 5; C1 cuts ½ → 4½; M1 also 2½ → 2.
/// SB = Σ BH value × points of the round:
/// P1 1½ + 2 + ¾ = 4¼; P2 0 + 1 + 0 = 1; P3 ¾ + 0 + 0 = ¾; P4 ¼ + ¾ + 1¼ = 2¼; P5 2 + 0 + ½ = 2½.
#[test]
fn buchholz_family_and_sonneborn_berger_2024() {
    let t = fixture();
    let c = Calculator::new(&t, Rules::Fide2024);
    let expected = [
        // tpn, points, BH, BH-C1, BH-M1, SB
        (1, 2.5, 5.0, 3.5, 1.5, 4.25),
        (2, 1.0, 4.5, 3.5, 1.0, 1.0),
        (3, 0.5, 4.0, 3.5, 1.5, 0.75),
        (4, 1.5, 4.5, 3.0, 0.5, 2.25),
        (5, 2.0, 5.0, 4.5, 2.0, 2.5),
    ];
    for (i, (tpn, pts, bh, c1, m1, sb)) in expected.into_iter().enumerate() {
        assert_eq!(t.players[i].tpn, tpn);
        assert_eq!(c.points(i), pts, "points of {tpn}");
        assert_eq!(c.value(TieBreak::Bh, i), bh, "BH of {tpn}");
        assert_eq!(c.value(TieBreak::BhC1, i), c1, "BH-C1 of {tpn}");
        assert_eq!(c.value(TieBreak::BhM1, i), m1, "BH-M1 of {tpn}");
        assert_eq!(c.value(TieBreak::Sb, i), sb, "SB of {tpn}");
    }
    let (d, _) = c.details(3);
    assert_eq!(d.bh_by_round, vec![0.5, 1.5, 2.5]);
    assert_eq!(d.bh_c1_cut_rounds, vec![2], "the VUR is cut first");
}

/// 2026 amendment: an own unplayed round is capped at the scheduled opponent's adjusted score
/// (forfeits) or at half the maximum score, 3 × 1 / 2 = 1½ (byes, absences).
/// P2: round 2 (+ against P3, adjusted ½): min(1, ½) = ½; round 3 Z: min(1, 1½) = 1 →
///     BH 2½ + ½ + 1 = 4, SB ½; C1 cuts the VUR (1) → 3.
/// P5: round 1 U: min(2, 1½) = 1½ → BH 4½, C1 4, SB 1½ + ½ = 2.
/// P3 (min(½, 1½)), P4 (min(1½, 1½)) and P1 (no unplayed round) do not change.
#[test]
fn the_2026_cap_on_own_unplayed_rounds() {
    let t = fixture();
    let c = Calculator::new(&t, Rules::Fide2026);
    let expected = [
        (1, 5.0, 3.5, 4.25),
        (2, 4.0, 3.0, 0.5),
        (3, 4.0, 3.5, 0.75),
        (4, 4.5, 3.0, 2.25),
        (5, 4.5, 4.0, 2.0),
    ];
    for (i, (tpn, bh, c1, sb)) in expected.into_iter().enumerate() {
        assert_eq!(c.value(TieBreak::Bh, i), bh, "BH of {tpn}");
        assert_eq!(c.value(TieBreak::BhC1, i), c1, "BH-C1 of {tpn}");
        assert_eq!(c.value(TieBreak::Sb, i), sb, "SB of {tpn}");
    }
}

/// WIN counts `1 + U`: P1 2, P2 1 (+), P3 0, P4 0, P5 2 (U and a win). WON only over the board:
/// 2, 0, 0, 0, 1. BPG only played games with Black (P3's forfeit keeps its `b` but is not
/// played): 1, 1, 0, 2, 1. BWG: 1, 0, 0, 0, 1.
/// PS: P1 1 + 2 + 2½ = 5½; P2 0 + 1 + 1 = 2; P3 ½ + ½ + ½ = 1½; P4 ½ + 1 + 1½ = 3; P5 1 + 1 + 2 = 4.
/// ARO (rated opponents met over the board): P1 (1400 + 1201) / 2 = 1300.5 → 1301; P2 1500;
/// P3 1201 (P5 unrated); P4 1500 (P3 unrated); P5 1500.
#[test]
fn counts_progressive_score_and_aro() {
    let t = fixture();
    let c = Calculator::new(&t, Rules::Fide2024);
    let col = |tb| (0..5).map(|i| c.value(tb, i)).collect::<Vec<_>>();
    assert_eq!(col(TieBreak::Win), [2.0, 1.0, 0.0, 0.0, 2.0]);
    assert_eq!(col(TieBreak::Won), [2.0, 0.0, 0.0, 0.0, 1.0]);
    assert_eq!(col(TieBreak::Bpg), [1.0, 1.0, 0.0, 2.0, 1.0]);
    assert_eq!(col(TieBreak::Bwg), [1.0, 0.0, 0.0, 0.0, 1.0]);
    assert_eq!(col(TieBreak::Ps), [5.5, 2.0, 1.5, 3.0, 4.0]);
    assert_eq!(col(TieBreak::Aro), [1301.0, 1500.0, 1201.0, 1500.0, 1500.0]);
}

#[test]
fn standings_by_points_then_preset() {
    let t = fixture();
    let rows = standings(&t, Rules::Fide2024, Preset::DetskyMat.order());
    let order: Vec<(usize, u16)> = rows.iter().map(|r| (r.rank, r.tpn)).collect();
    assert_eq!(order, [(1, 1), (2, 5), (3, 4), (4, 2), (5, 3)]);
    let keys: Vec<&str> = rows[0].tie_breaks.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["BH-C1", "BH", "SB", "DE", "PS", "WIN"]);
}

/// Direct encounter. Round 1: 1–2 1-0, 3–4 1-0; round 2: 3–1 1-0, 2–4 1-0.
/// Points: 1 → 1, 2 → 1, 3 → 2, 4 → 0. Players 1 and 2 are tied and met: 1 beat 2, so DE
/// places 1 first (value 1) and 2 second (value 2); 3 and 4 are alone on their points (DE 0).
#[test]
fn direct_encounter_among_tied_players() {
    let t = table(
        "012 DE\nXXR 2\n\
001    1      P1                                                                 1.0    1     2 w 1     3 b 0\n\
001    2      P2                                                                 1.0    2     1 b 0     4 w 1\n\
001    3      P3                                                                 2.0    3     4 w 1     1 w 1\n\
001    4      P4                                                                 0.0    4     3 b 0     2 b 0\n",
    );
    let rows = standings(&t, Rules::Fide2024, &[TieBreak::De]);
    let got: Vec<(u16, usize, f64)> = rows
        .iter()
        .map(|r| (r.tpn, r.rank, r.tie_breaks[0].1))
        .collect();
    assert_eq!(got, [(3, 1, 0.0), (1, 2, 1.0), (2, 3, 2.0), (4, 4, 0.0)]);
}

/// Swiss direct encounter when not all tied players met (C.07 6.2): a player goes ahead only if
/// his sum beats the best any lower player could still reach, counting missing games as wins.
/// Round 1: 1–2 1-0, 3–4 1-0, 5–6 ½; round 2: 4–1 1-0, 2–5 1-0, 6–3 1-0.
/// Group {1, 2, 3}: 1 beat 2, 3 met neither. 1 has 1 but 3 could reach 2 → nobody is split.
/// Group {1, 2}: they met, 1 won → places 1, 2.
/// Group {1, 2, 4}: 1 beat 2, 4 beat 1, 2 and 4 never met: 4 has 1 and 1 has 1 (max 1), 2 could
/// reach 1 → 4 does not exceed 1 → nobody is split.
#[test]
fn direct_encounter_when_not_everybody_met() {
    let t = table(
        "012 DE swiss\nXXR 2\n\
001    1      P1                                                                 1.0    1     2 w 1     4 b 0\n\
001    2      P2                                                                 1.0    2     1 b 0     5 w 1\n\
001    3      P3                                                                 1.0    3     4 w 1     6 b 0\n\
001    4      P4                                                                 1.0    4     3 b 0     1 w 1\n\
001    5      P5                                                                 0.5    5     6 w =     2 b 0\n\
001    6      P6                                                                 1.5    6     5 b =     3 w 1\n",
    );
    let c = Calculator::new(&t, Rules::Fide2024);
    assert_eq!(c.direct_encounter(&[0, 1, 2]), [0, 0, 0]);
    assert_eq!(c.direct_encounter(&[0, 1]), [1, 2]);
    assert_eq!(c.direct_encounter(&[1, 0]), [2, 1]);
    assert_eq!(c.direct_encounter(&[0, 1, 3]), [0, 0, 0]);
    // All four tied on 1 point: 1–2 (1 won), 3–4 (3 won), 4–1 (4 won). Sums: 1 → 1, 3 → 1,
    // 4 → 1, 2 → 0; the best lower maximum is 2 (2 and 3 could still win the two missing
    // games), so nobody is split.
    assert_eq!(c.direct_encounter(&[0, 1, 2, 3]), [0, 0, 0, 0]);
}

/// A published crosstable with its tie-breaks: the Swiss of IA Mario Held's "Exercises in
/// Tie-Breaking" (C.07-2023), 16 players after 5 rounds, with the paper's answers for every
/// player (see `fixtures/tournament/README.md`).
#[test]
fn held_exercises_swiss_after_5_rounds() {
    let t = table(include_str!("../../fixtures/tournament/held-swiss-5.trf"));
    let c = Calculator::new(&t, Rules::Fide2024);
    let by_tpn: [(TieBreak, [f64; 16]); 9] = [
        (
            TieBreak::Bh,
            [
                12.5, 13.0, 15.5, 15.0, 8.5, 12.0, 14.5, 13.5, 9.0, 13.0, 13.5, 11.5, 14.0, 11.0,
                12.0, 12.5,
            ],
        ),
        (
            TieBreak::BhC1,
            [
                11.0, 12.0, 13.0, 11.5, 7.5, 11.0, 12.5, 12.0, 7.5, 11.5, 12.0, 9.5, 12.0, 9.0,
                11.0, 11.0,
            ],
        ),
        (
            TieBreak::Sb,
            [
                8.0, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4.0, 4.25, 4.5, 3.5,
                7.25,
            ],
        ),
        (
            TieBreak::Aro,
            [
                1820.0, 1880.0, 1940.0, 1888.0, 1690.0, 1813.0, 1760.0, 1730.0, 1975.0, 1880.0,
                1863.0, 2050.0, 1930.0, 1800.0, 1860.0, 1820.0,
            ],
        ),
        (
            TieBreak::Win,
            [
                2.0, 3.0, 2.0, 2.0, 2.0, 3.0, 1.0, 2.0, 1.0, 1.0, 2.0, 2.0, 1.0, 2.0, 2.0, 3.0,
            ],
        ),
        (
            TieBreak::Won,
            [
                2.0, 3.0, 2.0, 2.0, 2.0, 2.0, 1.0, 2.0, 0.0, 1.0, 1.0, 0.0, 1.0, 2.0, 2.0, 3.0,
            ],
        ),
        (
            TieBreak::Bpg,
            [
                2.0, 3.0, 2.0, 2.0, 2.0, 2.0, 3.0, 2.0, 1.0, 3.0, 2.0, 0.0, 3.0, 2.0, 3.0, 2.0,
            ],
        ),
        (
            TieBreak::Bwg,
            [
                1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0,
            ],
        ),
        (
            TieBreak::Ps,
            [
                11.0, 13.0, 11.0, 11.5, 5.0, 6.0, 6.0, 8.5, 2.5, 4.0, 5.5, 7.0, 7.0, 6.0, 7.0, 10.5,
            ],
        ),
    ];
    let mut failures = Vec::new();
    for (tb, expected) in by_tpn {
        for (k, want) in expected.into_iter().enumerate() {
            let tpn = k as u16 + 1;
            let i = t.players.iter().position(|p| p.tpn == tpn).unwrap();
            let got = c.value(tb, i);
            if got != want {
                failures.push(format!(
                    "player {tpn} {}: ours {got}, paper {want}",
                    tb.key()
                ));
            }
        }
    }
    // 2026 amendment (Art. 16.4 cap), the values that change: player 11's forfeit win in
    // round 4 is capped at Jessica's adjusted score, player 4's H and player 6's U at 2½.
    let c26 = Calculator::new(&t, Rules::Fide2026);
    for (tpn, tb, want) in [
        (11, TieBreak::Bh, 12.5),
        (4, TieBreak::Bh, 14.0),
        (11, TieBreak::BhC1, 11.0),
        (4, TieBreak::Sb, 9.25),
        (6, TieBreak::Sb, 6.0),
        (11, TieBreak::Sb, 4.75),
        (1, TieBreak::Bh, 12.5),
    ] {
        let i = t.players.iter().position(|p| p.tpn == tpn).unwrap();
        let got = c26.value(tb, i);
        if got != want {
            failures.push(format!(
                "2026 player {tpn} {}: ours {got}, expected {want}",
                tb.key()
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The paper's direct-encounter exercises: ranks by points then DE.
#[test]
fn held_exercises_direct_encounter() {
    let ranks = |text: &str| -> Vec<usize> {
        let t = table(text);
        let rows = standings(&t, Rules::Fide2024, &[TieBreak::De]);
        (1..=16u16)
            .map(|tpn| rows.iter().find(|r| r.tpn == tpn).unwrap().rank)
            .collect()
    };
    let five = ranks(include_str!("../../fixtures/tournament/held-swiss-5.trf"));
    // Exercises 23 and 24: DE splits neither {1, 3, 4, 16} nor {5, 8, 11}.
    for (tpn, rank) in [(1, 2), (3, 2), (4, 2), (16, 2), (5, 7), (8, 7), (11, 7)] {
        assert_eq!(five[tpn - 1], rank, "player {tpn} after 5 rounds");
    }
    // Exercise 25: after 9 rounds.
    let nine = ranks(include_str!("../../fixtures/tournament/held-swiss-9.trf"));
    assert_eq!(nine, [3, 5, 1, 3, 9, 2, 6, 6, 14, 9, 13, 14, 16, 9, 9, 6]);
}

/// The 2026 tie-breaks on `fixtures/trf/three-one-nil.trf` (TRF-2026, 3 points a win, 1 a
/// draw, `162`; start 1 April 2026, so the 2026 rules; its `212` lists STD, REP, RTNG, TPN),
/// every value worked out here and the same as FIDE TEC's checker 1.9.57 gives (`-s -u 0`):
///
/// - STD (1 for more than a draw's points, ½ for a draw's): P1 1+1(+)+½ = 2½, P2 0, P3
///   ½+0+1 = 1½, P4 ½+½(H)+½ = 1½, P5 1(U)+1+0 = 2 — P5 (6 points) is behind P1 (7) on
///   points, and STD does not undo it.
/// - REP (games played and rounds with a win's points unplayed): P1 3 (the + counts), P2 2 (Z
///   does not), P3 2 (the - does not), P4 2 (H does not), P5 3 (U counts).
/// - RTNG: the rating, P5 unrated 0; TPN the starting rank.
/// - BH of P1: 1 (P2: 0 points, his Z after his last game counts a draw, 1) + P3's 4 for the
///   forfeit win (2024: his own 7; 2026: capped at the scheduled opponent's 4) + 3 (P4) = 8
///   (2024: 11). P5's U counts his own 6 in 2024, capped in 2026 at a draw's points times the
///   rounds, 3: BH 3 + 1 (P2) + 4 (P3) = 8 (2024: 6 + 1 + 4 = 11).
#[test]
fn the_2026_tie_breaks_on_a_three_one_nil_event() {
    let text = include_str!("../../fixtures/trf/three-one-nil.trf");
    let trf = Trf::parse(text, "three-one-nil.trf").unwrap();
    assert_eq!(trf.tie_break_rules(), Rules::Fide2026);
    let table = trf.standings_table().unwrap();
    let order = trf.tie_break_order().unwrap().unwrap();
    assert_eq!(
        order,
        [TieBreak::Std, TieBreak::Rep, TieBreak::Rtng, TieBreak::Tpn]
    );
    let rows = standings(&table, Rules::Fide2026, &order);
    let got: Vec<(u16, usize, f64, Vec<f64>)> = rows
        .iter()
        .map(|r| {
            (
                r.tpn,
                r.rank,
                r.points,
                r.tie_breaks.iter().map(|(_, v)| *v).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, 1, 7.0, vec![2.5, 3.0, 2000.0, 1.0]),
            (5, 2, 6.0, vec![2.0, 3.0, 0.0, 5.0]),
            (3, 3, 4.0, vec![1.5, 2.0, 1800.0, 3.0]),
            (4, 4, 3.0, vec![1.5, 2.0, 1700.0, 4.0]),
            (2, 5, 0.0, vec![0.0, 2.0, 1900.0, 2.0]),
        ]
    );
    let value =
        |rules, tb, tpn: u16| Calculator::new(&table, rules).value(tb, usize::from(tpn) - 1);
    // BH, BH-C1, SB of each player, 2026 then 2024, as TEC's checker gives them.
    for (tpn, bh26, c1_26, sb26, bh24, sb24) in [
        (1, 8.0, 7.0, 18.0, 11.0, 27.0),
        (2, 13.0, 13.0, 0.0, 13.0, 0.0),
        (3, 13.0, 9.0, 21.0, 13.0, 21.0),
        (4, 14.0, 11.0, 14.0, 14.0, 14.0),
        (5, 8.0, 7.0, 12.0, 11.0, 21.0),
    ] {
        assert_eq!(value(Rules::Fide2026, TieBreak::Bh, tpn), bh26, "BH {tpn}");
        assert_eq!(
            value(Rules::Fide2026, TieBreak::BhC1, tpn),
            c1_26,
            "BH-C1 {tpn}"
        );
        assert_eq!(value(Rules::Fide2026, TieBreak::Sb, tpn), sb26, "SB {tpn}");
        assert_eq!(
            value(Rules::Fide2024, TieBreak::Bh, tpn),
            bh24,
            "BH 2024 {tpn}"
        );
        assert_eq!(
            value(Rules::Fide2024, TieBreak::Sb, tpn),
            sb24,
            "SB 2024 {tpn}"
        );
    }
    // The lowest first: RTNG/R puts the unrated P5 ahead, TPN/R the last starting rank.
    let one = |tb| {
        standings(&table, Rules::Fide2026, &[tb])
            .iter()
            .map(|r| r.tpn)
            .collect::<Vec<_>>()
    };
    assert_eq!(one(TieBreak::RtngAscending), [1, 5, 3, 4, 2]);
    assert_eq!(one(TieBreak::TpnDescending), [1, 5, 3, 4, 2]);
    assert_eq!(TieBreak::parse("GE").unwrap(), TieBreak::Rep);
    assert_eq!(TieBreak::parse("rtng/r").unwrap(), TieBreak::RtngAscending);
    assert_eq!(TieBreak::RtngAscending.trf_code(), "RTNG/R");
}
