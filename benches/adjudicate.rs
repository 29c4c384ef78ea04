//! Play-out adjudication latency (CR 4.3) on middlegame positions: the first 50 positions of
//! `../shared/vectors/dead-position/lichess-timeout-positions-30k.txt` with at least 20 pieces
//! on the board, default preset (`detsky-mat`), and the pawn-ending fixtures of
//! `fixtures/adjudication/positions.txt` (the first one also builds the K+P v K
//! table once per process). Target: median ≤ 50 ms per position, no engine.
//!
//! Run: `cargo bench --bench adjudicate`. Before Criterion's figures it prints the median and
//! maximum of one timed adjudication per position; Criterion then reports the mean over the set
//! (`thrpt` in positions/s).

use std::hint::black_box;
use std::time::Instant;

use arbiter::adjudicate::{AdjudicationConfig, adjudicate};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

mod common;

fn middlegames(n: usize) -> Vec<Chess> {
    common::timeout_positions()
        .into_iter()
        .filter(|p| p.board().occupied().count() >= 20)
        .take(n)
        .collect()
}

/// The positions of the fixture file's pawn-ending section.
fn pawn_endings() -> Vec<Chess> {
    let text = include_str!("../fixtures/adjudication/positions.txt");
    text.lines()
        .skip_while(|l| !l.starts_with("# Pawn endings (issue 17)"))
        .take_while(|l| !l.starts_with("# Known draws with pieces"))
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split(" | ").nth(2))
        .filter_map(|fen| {
            fen.parse::<Fen>()
                .ok()?
                .into_position(CastlingMode::Standard)
                .ok()
        })
        .collect()
}

fn median_and_max(label: &str, positions: &[Chess], config: &AdjudicationConfig) {
    let mut times: Vec<f64> = positions
        .iter()
        .map(|p| {
            let start = Instant::now();
            black_box(adjudicate(p, config));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    if let (Some(median), Some(max)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "adjudicate: {} {label} positions, median {median:.2} ms, max {max:.2} ms",
            times.len()
        );
    }
}

fn bench(c: &mut Criterion) {
    let positions = middlegames(50);
    let endings = pawn_endings();
    let config = AdjudicationConfig::default();
    median_and_max(
        "pawn-ending (first call builds the K+P v K table)",
        &endings,
        &config,
    );
    median_and_max("middlegame", &positions, &config);
    let mut group = c.benchmark_group("adjudicate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(format!("middlegames_{}", positions.len()), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| adjudicate(black_box(p), &config).search.nodes)
                .sum::<u64>()
        })
    });
    group.throughput(Throughput::Elements(endings.len() as u64));
    group.bench_function(format!("pawn_endings_{}", endings.len()), |b| {
        b.iter(|| {
            endings
                .iter()
                .map(|p| adjudicate(black_box(p), &config).search.nodes)
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
