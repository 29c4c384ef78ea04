//! Pairing speed: round 11 of the largest regular vector (289 players) and of the scale case
//! `big-n1000-r11` (1000 players; bbpPairings v6.0.0 needs 52.6 s on this kind of machine).
//! Each pairing is checked against the reference answer before timing.

use std::path::Path;

use arbiter::formats::trf::Trf;
use arbiter::tournament::pairing::{PairingInput, PairingRules, pair};
use criterion::{Criterion, criterion_group, criterion_main};

fn load(dir: &str, round: u32) -> Option<(PairingInput, String)> {
    let base = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/pairing"
    ))
    .join(dir);
    let trf = Trf::read(&base.join(format!("round-{round}.trf"))).ok()?;
    let want = std::fs::read_to_string(base.join(format!("round-{round}.pairs"))).ok()?;
    Some((trf.pairing_input().ok()?, want))
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("pairing");
    g.sample_size(10);
    for (name, dir) in [
        ("n289_round11", "fide-11-n289-r11"),
        ("n1000_round11", "big-n1000-r11"),
    ] {
        let Some((input, want)) = load(dir, 11) else {
            eprintln!("{dir}: vectors not found, skipped");
            continue;
        };
        let rules = PairingRules::fide();
        let got = pair(&input, &rules).map(|p| arbiter::formats::pairs::write(&p));
        assert_eq!(
            got.as_deref().ok(),
            Some(want.as_str()),
            "{dir}: not the reference pairing"
        );
        g.bench_function(name, |b| b.iter(|| pair(&input, &rules)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
