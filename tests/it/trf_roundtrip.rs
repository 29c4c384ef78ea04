//! Round trip of every TRF file in `../shared/vectors/pairing/`: read, write back, compare
//! byte for byte. Those files are written in canonical TRF-16 columns with LF line ends, so no
//! normalisation (see `arbiter::formats::trf`) may change them.

use std::path::{Path, PathBuf};

use arbiter::formats::trf::Trf;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "trf") {
            out.push(path);
        }
    }
}

/// Every `.trf` file under `../shared/vectors/pairing`, sorted.
fn pairing_vector_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    collect(&pairing_vectors(), &mut files);
    files.sort();
    files
}

fn pairing_vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors/pairing")
}

#[test]
#[ignore = "needs ../shared"]
fn every_pairing_vector_round_trips_byte_exact() {
    let files = pairing_vector_files();
    assert!(
        files.len() >= 300,
        "expected the pairing vectors under {}, found {} .trf files",
        pairing_vectors().display(),
        files.len()
    );
    let (mut passed, mut failed) = (0, 0);
    for path in &files {
        let original = std::fs::read_to_string(path).unwrap();
        let outcome = Trf::parse(&original, &path.display().to_string()).map(|t| t.to_string());
        match outcome {
            Ok(written) if written == original => passed += 1,
            Ok(written) => {
                failed += 1;
                let diff = original
                    .lines()
                    .zip(written.lines())
                    .enumerate()
                    .find(|(_, (a, b))| a != b)
                    .map(|(i, (a, b))| format!("line {}:\n  read:  {a:?}\n  wrote: {b:?}", i + 1))
                    .unwrap_or_else(|| "line count or final line end differs".into());
                println!("MISMATCH {}: {diff}", path.display());
            }
            Err(e) => {
                failed += 1;
                println!("ERROR {e}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0);
}

#[test]
#[ignore = "needs ../shared"]
fn scores_in_the_vectors_match_their_results() {
    // The pairing README: points in columns 81-84 equal the sum of the results shown, and the
    // extra `0000 - Z/H` block of the round being paired is not a result.
    let files = pairing_vector_files();
    let mut checked = 0;
    for path in &files {
        let trf = Trf::read(path).unwrap();
        let done = trf.completed_rounds();
        let scoring = trf.scoring();
        for p in trf.players() {
            assert_eq!(
                p.score(done, &scoring),
                p.points,
                "{} player {}",
                path.display(),
                p.tpn
            );
            checked += 1;
        }
        let is_round_file = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("round-"));
        if let Some(r) = path
            .file_stem()
            .and_then(|s| s.to_str()?.strip_prefix("round-")?.parse::<usize>().ok())
        {
            assert!(is_round_file);
            assert_eq!(trf.round_to_pair(), r, "{}", path.display());
        }
    }
    assert!(checked > 20_000);
}

/// Mutated TRF files never panic the reader, the model import or the standings, and whatever
/// reads is written back to text that reads the same. Seeded; the seed is printed (shown on
/// failure).
#[test]
#[ignore = "needs ../shared"]
fn mutated_files_never_panic() {
    use arbiter::tournament::tiebreak::{Rules, TieBreak, standings};
    let seed: u64 = std::env::var("TRF_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_2026);
    println!("seed = {seed} (set TRF_FUZZ_SEED to replay)");
    let mut state = seed;
    let mut next = move || {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let root = pairing_vectors();
    let mut files = Vec::new();
    collect(&root.join("edge-03-n6"), &mut files);
    collect(&root.join("seed-22-n7"), &mut files);
    collect(&root.join("seed-01-n34"), &mut files);
    files.sort();
    let alphabet = b" 0123456789wb-=+UHFZWDL.x\n\r";
    let all = TieBreak::ALL;
    let (mut read, mut refused) = (0, 0);
    for path in &files {
        let original = std::fs::read(path).unwrap();
        for _ in 0..200 {
            let mut bytes = original.clone();
            for _ in 0..(1 + next() % 4) {
                let at = (next() as usize) % bytes.len();
                match next() % 3 {
                    0 => bytes[at] = alphabet[(next() as usize) % alphabet.len()],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, alphabet[(next() as usize) % alphabet.len()]),
                }
            }
            let text = String::from_utf8_lossy(&bytes).to_string();
            let Ok(trf) = Trf::parse(&text, "fuzz") else {
                refused += 1;
                continue;
            };
            read += 1;
            let again = Trf::parse(&trf.to_string(), "again").expect("our own output reads");
            assert_eq!(again.to_string(), trf.to_string(), "seed {seed}");
            let _ = trf
                .to_tournament()
                .map(|t| Trf::from_tournament(&t).to_string());
            if let Ok(table) = trf.result_table(None) {
                let _ = standings(&table, Rules::Fide2026, &all);
            }
        }
    }
    println!("{read} mutated files read, {refused} refused with an error");
    assert!(read > 0 && refused > 0);
}
