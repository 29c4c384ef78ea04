//! Every value of `../shared/vectors/tiebreak/*.json` (FIDE TEC's TieBreakServer on each
//! `final.trf` of the pairing set; see that folder's README) against our tie-breaks: one line per
//! mismatch, then `N passed, M failed`. A "check" is one value of one player (points, rank,
//! each tie-break, each per-round list, the `fide2026` block); any unknown key fails.

use std::path::Path;

use arbiter::formats::trf::Trf;
use arbiter::tournament::tiebreak::{Calculator, Rules, TieBreak, standings};
use serde_json::Value;

const TOP_KEYS: &[&str] = &[
    "format",
    "tournament",
    "source",
    "source_sha256",
    "rounds",
    "player_count",
    "system",
    "rules",
    "rank_order",
    "tool",
    "tool_fide2026",
    "players",
];
const VALUE_KEYS: &[&str] = &[
    "BH", "BH-C1", "BH-M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO",
];

struct Tally {
    passed: usize,
    failed: usize,
}

impl Tally {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
            println!("MISMATCH {}", what());
        }
    }
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn list(v: &Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().map(num).collect())
        .unwrap_or_default()
}

#[test]
#[ignore = "needs ../shared"]
fn tie_break_reference_vectors() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/tiebreak"
    ));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tie-break vectors")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 50,
        "expected 53 vector files in {}",
        dir.display()
    );
    let mut t = Tally {
        passed: 0,
        failed: 0,
    };
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for key in doc.as_object().unwrap().keys() {
            t.check(TOP_KEYS.contains(&key.as_str()), || {
                format!("{name}: unknown key {key:?}")
            });
        }
        let source = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .join(doc["source"].as_str().unwrap());
        let trf = Trf::read(&source).unwrap();
        let table = trf.result_table(None).unwrap();
        t.check(
            table.rounds as u64 == doc["rounds"].as_u64().unwrap(),
            || format!("{name}: rounds"),
        );
        let order: Vec<TieBreak> = doc["rank_order"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|k| k.as_str())
            .filter(|k| *k != "PTS")
            .map(|k| TieBreak::parse(k).unwrap())
            .collect();
        for rules in [Rules::Fide2024, Rules::Fide2026] {
            let rows = standings(&table, rules, &order);
            let calc = Calculator::new(&table, rules);
            for p in doc["players"].as_array().unwrap() {
                let tpn = p["tpn"].as_u64().unwrap() as u16;
                let who = |k: &str| format!("{name} player {tpn} {k} ({rules:?})");
                let i = table.players.iter().position(|x| x.tpn == tpn).unwrap();
                let row = rows.iter().find(|r| r.tpn == tpn).unwrap();
                let (details, bh) = calc.details(i);
                let expected = if rules == Rules::Fide2024 {
                    p
                } else {
                    &p["fide2026"]
                };
                for (key, v) in expected.as_object().unwrap() {
                    let ours = match key.as_str() {
                        "tpn" => continue,
                        "points" => Some(row.points),
                        "rank" => Some(row.rank as f64),
                        "DE" => row.tie_breaks.iter().find(|(k, _)| k == "DE").map(|x| x.1),
                        "BH" => Some(bh[0]),
                        "BH-C1" => Some(bh[1]),
                        "BH-M1" => Some(bh[2]),
                        "SB" => Some(bh[3]),
                        k if VALUE_KEYS.contains(&k) => {
                            Some(calc.value(TieBreak::parse(k).unwrap(), i))
                        }
                        "BH_by_round" | "SB_by_round" => {
                            let ours = if key == "BH_by_round" {
                                &details.bh_by_round
                            } else {
                                &details.sb_by_round
                            };
                            let ok = *ours == list(v);
                            t.check(ok, || format!("{}: ours {ours:?}, expected {v}", who(key)));
                            continue;
                        }
                        "BH-C1_cut_rounds" | "BH-M1_cut_rounds" => {
                            // Only the cut values matter (README): compare them as multisets.
                            let ours = if key == "BH-C1_cut_rounds" {
                                &details.bh_c1_cut_rounds
                            } else {
                                &details.bh_m1_cut_rounds
                            };
                            let value_at = |r: f64| {
                                details
                                    .bh_by_round
                                    .get(r as usize - 1)
                                    .copied()
                                    .unwrap_or(f64::NAN)
                            };
                            let mut a: Vec<f64> =
                                ours.iter().map(|&r| value_at(r as f64)).collect();
                            let mut b: Vec<f64> = list(v).into_iter().map(value_at).collect();
                            a.sort_by(f64::total_cmp);
                            b.sort_by(f64::total_cmp);
                            t.check(a == b, || {
                                format!("{}: ours {ours:?}, expected {v}", who(key))
                            });
                            continue;
                        }
                        "fide2026" if rules == Rules::Fide2024 => continue,
                        _ => None,
                    };
                    match ours {
                        Some(x) => t.check(x == num(v), || {
                            format!("{}: ours {x}, expected {v}", who(key))
                        }),
                        None => t.check(false, || format!("{}: unknown key", who(key))),
                    }
                }
            }
        }
    }
    println!("{} passed, {} failed", t.passed, t.failed);
    assert_eq!(
        t.failed,
        0,
        "{} of {} tie-break checks failed",
        t.failed,
        t.passed + t.failed
    );
}
