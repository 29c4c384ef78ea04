//! Reference harness: all 1,800 labelled positions of CHA's test vector
//! (`../shared/vectors/dead-position/cha-test-vector.txt`, README beside it).
//!
//! Each label says which sides can still helpmate (`WB`, `W-`, `-B`, `--`). No answer of
//! [`can_mate`] may contradict a label (a found helpmate is also replayed move by move), and
//! every position must be fully decided (both sides) at the default budget ([`DECIDED_FLOOR`]:
//! all 1,803, since the reference solver runs behind `can_mate`; our own layers alone decided
//! 1,791).

use arbiter::laws::winnability::{Winnability, WinnabilityConfig, can_mate_with};
use rayon::prelude::*;
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

/// Positions of the whole vector decided for both sides: all of them.
const DECIDED_FLOOR: usize = 1_803;

const VECTOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/vectors/dead-position/cha-test-vector.txt"
);

/// One side's answer checked against the label: `Ok(decided)` or `Err(why)`.
fn check_side(pos: &Chess, side: Color, can: bool, answer: &Winnability) -> Result<bool, String> {
    match answer {
        Winnability::Winnable { helpmate } => {
            if !can {
                return Err(format!("{side:?} found a helpmate, label says unwinnable"));
            }
            let mut cur = pos.clone();
            for m in helpmate {
                if !cur.is_legal(*m) {
                    return Err(format!("{side:?} helpmate has illegal move {m}"));
                }
                cur.play_unchecked(*m);
            }
            if !(cur.is_checkmate() && cur.turn() != side) {
                return Err(format!("{side:?} helpmate does not end in mate"));
            }
            Ok(true)
        }
        Winnability::Unwinnable if can => {
            Err(format!("{side:?} answered unwinnable, label says winnable"))
        }
        Winnability::Unwinnable => Ok(true),
        Winnability::Undetermined => Ok(false),
    }
}

#[test]
#[ignore = "needs ../shared"]
fn cha_test_vector() {
    let text = std::fs::read_to_string(VECTOR).expect("CHA test vector (../shared) present");
    let cases: Vec<(usize, &str, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, &l[..2], &l[3..]))
        .collect();
    // The README says "1,800"; the file holds 1,803 labelled lines.
    assert_eq!(cases.len(), 1803, "labelled positions in the vector");
    let config = WinnabilityConfig::default();
    // Development aids (not used in CI): CHA_STEP=k runs every k-th position, CHA_LINES=FILE
    // only the vector lines listed in FILE (one line number a line).
    let step: usize = std::env::var("CHA_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let only: Option<Vec<usize>> = std::env::var("CHA_LINES").ok().map(|f| {
        std::fs::read_to_string(f)
            .expect("CHA_LINES file")
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    });
    let selected: Vec<(usize, &str, &str)> = cases
        .iter()
        .copied()
        .filter(|(line, _, _)| only.as_ref().is_none_or(|o| o.contains(line)))
        .collect();
    let results: Vec<Result<bool, String>> = selected
        .par_iter()
        .step_by(step)
        .map(|&(line, label, fen)| {
            let (white, black) = match label {
                "WB" => (true, true),
                "W-" => (true, false),
                "-B" => (false, true),
                "--" => (false, false),
                other => return Err(format!("line {line}: unknown label {other:?}")),
            };
            let setup = fen
                .parse::<Fen>()
                .map_err(|e| format!("line {line}: {e}"))?;
            // A few vector positions have more pieces than promotions allow; still legal play.
            let pos: Chess = match setup.into_position(CastlingMode::Standard) {
                Ok(pos) => pos,
                Err(e) => e
                    .ignore_too_much_material()
                    .map_err(|e| format!("line {line}: {e}"))?,
            };
            let started = std::time::Instant::now();
            let w = can_mate_with(&pos, Color::White, &config).verdict;
            let b = can_mate_with(&pos, Color::Black, &config).verdict;
            let elapsed = started.elapsed();
            let dw = check_side(&pos, Color::White, white, &w)
                .map_err(|e| format!("line {line} {fen}: {e}"))?;
            let db = check_side(&pos, Color::Black, black, &b)
                .map_err(|e| format!("line {line} {fen}: {e}"))?;
            if std::env::var_os("CHA_VERBOSE").is_some() && !(dw && db) {
                eprintln!(
                    "undecided line {line}: {label} {fen} white={} black={} {elapsed:?}",
                    w.label(),
                    b.label()
                );
            }
            Ok(dw && db)
        })
        .collect();
    let mut failed = 0;
    let mut decided = 0;
    for r in &results {
        match r {
            Ok(true) => decided += 1,
            Ok(false) => {}
            Err(e) => {
                failed += 1;
                eprintln!("FAIL {e}");
            }
        }
    }
    let passed = results.len() - failed;
    println!(
        "{passed} passed, {failed} failed; {decided} of {} decided",
        results.len()
    );
    assert_eq!(failed, 0, "answers contradicting the labels");
    assert!(
        step > 1 || only.is_some() || decided >= DECIDED_FLOOR,
        "only {decided} of {} decided (floor {DECIDED_FLOOR}: every position)",
        results.len()
    );
}
