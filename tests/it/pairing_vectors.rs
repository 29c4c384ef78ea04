//! Reference vectors: every round of every tournament in `../shared/vectors/pairing/` (and in
//! the folder named by `ARBITER_PAIRING_VECTORS`, same layout) is paired and compared with
//! bbpPairings v6.0.0's answer (`round-<r>.pairs`, whole file incl. board order and colours;
//! `round-<r>.error` = no legal pairing). `big-n1000-r11` is left to `benches/pairing.rs`.

use std::path::{Path, PathBuf};

use arbiter::formats::trf::Trf;
use arbiter::tournament::pairing::{PairingError, PairingRules, pair};

fn rounds_of(dir: &Path) -> Vec<(PathBuf, u32)> {
    let mut v = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return v;
    };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if let Some(r) = name
            .strip_prefix("round-")
            .and_then(|s| s.strip_suffix(".trf"))
            .and_then(|s| s.parse::<u32>().ok())
        {
            v.push((e.path(), r));
        }
    }
    v.sort_by_key(|x| x.1);
    v
}

fn check_set(root: &Path, failures: &mut Vec<String>, passed: &mut usize) {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let filter = std::env::var("ARBITER_PAIRING_FILTER").ok();
    for dir in dirs {
        let name = dir
            .file_name()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        if name.starts_with("big-") {
            continue;
        }
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        for (trf_path, r) in rounds_of(&dir) {
            let pairs = dir.join(format!("round-{r}.pairs"));
            let error = dir.join(format!("round-{r}.error"));
            let expected: Result<String, ()> = if pairs.exists() {
                Ok(std::fs::read_to_string(&pairs).expect("pairs"))
            } else if error.exists() {
                Err(())
            } else {
                failures.push(format!(
                    "{name} round {r}: no .pairs or .error (unknown case)"
                ));
                continue;
            };
            let trf = match Trf::read(&trf_path) {
                Ok(t) => t,
                Err(e) => {
                    failures.push(format!("{name} round {r}: TRF: {e}"));
                    continue;
                }
            };
            let got = trf
                .pairing_input()
                .and_then(|input| pair(&input, &PairingRules::fide()));
            match (&expected, &got) {
                (Ok(want), Ok(p)) if *want == arbiter::formats::pairs::write(p) => *passed += 1,
                (Err(()), Err(PairingError::NoLegalPairing)) => *passed += 1,
                (Ok(want), Ok(p)) => failures.push(format!(
                    "{name} round {r}: differs\n  want {:?}\n  got  {:?}",
                    want.replace('\n', " "),
                    arbiter::formats::pairs::write(p).replace('\n', " ")
                )),
                (Ok(_), Err(e)) => failures.push(format!("{name} round {r}: error {e}")),
                (Err(()), Ok(p)) => failures.push(format!(
                    "{name} round {r}: expected no legal pairing, got {:?}",
                    arbiter::formats::pairs::write(p).replace('\n', " ")
                )),
                (Err(()), Err(e)) => failures.push(format!("{name} round {r}: wrong error {e}")),
            }
        }
    }
}

#[test]
#[ignore = "needs ../shared"]
fn pairing_vectors_identical_to_reference() {
    let mut failures = Vec::new();
    let mut passed = 0;
    let root = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/pairing"
    ));
    check_set(root, &mut failures, &mut passed);
    if let Ok(extra) = std::env::var("ARBITER_PAIRING_VECTORS") {
        check_set(Path::new(&extra), &mut failures, &mut passed);
    }
    for f in &failures {
        println!("{f}");
    }
    println!("{passed} passed, {} failed", failures.len());
    assert!(passed > 0, "no vectors found");
    assert!(failures.is_empty());
}
