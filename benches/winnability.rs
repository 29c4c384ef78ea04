//! Winnability (Laws 6.9 / 5.2.2) throughput over Lichess timeout positions
//! (`../shared/vectors/dead-position/lichess-timeout-positions-30k.txt`): for each position the
//! intended winner is the side *not* to move (the player whose opponent flagged), as in CHA's
//! own timeout benchmark. Three budgets: `static` (no search: CHA's quick mode likewise only
//! proves unwinnability), `quick` and `full` (the default of `can_mate`).
//!
//! Run: `cargo bench --bench winnability`. Criterion reports throughput in positions/s;
//! mean time per position = 1 / throughput. CHA's anchors: 4.5 µs (quick), 336 µs (full).
//! `WINNABILITY_BENCH_N` sets the sample size (default 2,000).

use std::hint::black_box;

use arbiter::laws::winnability::{WinnabilityConfig, can_mate_with};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Position};

mod common;

fn load(n: usize) -> Vec<Chess> {
    let mut positions = common::timeout_positions();
    positions.truncate(n);
    positions
}

fn sample_size(default: usize) -> usize {
    std::env::var("WINNABILITY_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("winnability");
    group.sample_size(10);
    for (name, config, n) in [
        // Material and blockade only, never a search: the counterpart of CHA's quick mode,
        // which likewise only ever proves unwinnability.
        (
            "static",
            WinnabilityConfig::static_only(),
            sample_size(2_000),
        ),
        ("quick", WinnabilityConfig::quick(), sample_size(2_000)),
        ("full", WinnabilityConfig::full(), sample_size(2_000)),
    ] {
        let positions = load(n);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(
            format!("lichess_timeouts_{name}_{}", positions.len()),
            |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .map(|p| can_mate_with(black_box(p), !p.turn(), &config).nodes)
                        .sum::<u64>()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
