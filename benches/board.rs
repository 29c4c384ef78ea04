//! Digital-board recognition throughput: placements processed per second.
//!
//! 60 real games (`../shared/data/pgn/twic1599_otb.pgn`) rendered by
//! `arbiter::board::simulate` with transients (pieces in the air and slid, flicker, both
//! capture orders, both castling orders) as a polled log (stability rule, K = 2) and as a timed
//! log with clock presses (clock rule). Measured, per placement:
//! - `parse`: log text → snapshots;
//! - `recognise/stable`, `recognise/clock`: snapshots → events;
//! - baseline `replay`: playing the same games' moves with shakmaty, once per placement of the
//!   polled log (what a recogniser that was told the moves would cost at the least).
//!
//! Run: `cargo bench --bench board`.

use arbiter::board::placement::write_log;
use arbiter::board::simulate::{SimulationConfig, simulate};
use arbiter::board::{RecogniserConfig, Snapshot, parse_log, recognise};
use arbiter::formats::pgn::PgnReader;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Move, Position};

/// The first `limit` games of `twic1599_otb.pgn` with at least one move, as moves from the
/// standard start (none when `../shared` is absent).
fn games(limit: usize) -> Vec<Vec<Move>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/pgn/twic1599_otb.pgn"
    );
    let Ok(input) = std::fs::File::open(path) else {
        return Vec::new();
    };
    PgnReader::new(input)
        .map_while(Result::ok)
        .filter_map(|g| g.mainline_from_start().ok())
        .filter(|moves| !moves.is_empty())
        .take(limit)
        .collect()
}

/// Recognises every log; the number of events found.
fn recognise_all(logs: &[Vec<Snapshot>], config: &RecogniserConfig) -> usize {
    logs.iter()
        .map(|s| recognise(s, config).map_or(0, |r| r.events.len()))
        .sum()
}

fn render(games: &[Vec<Move>], cfg: &SimulationConfig) -> Vec<Vec<Snapshot>> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| simulate(&Chess::default(), g, cfg, i as u64))
        .collect()
}

fn board(c: &mut Criterion) {
    let games = games(60);
    let polled = render(&games, &SimulationConfig::default());
    let clocked = render(
        &games,
        &SimulationConfig {
            clock: true,
            ..SimulationConfig::default()
        },
    );
    let texts: Vec<String> = polled.iter().map(|s| write_log(s)).collect();
    let count = |logs: &[Vec<Snapshot>]| logs.iter().map(Vec::len).sum::<usize>() as u64;
    let config = RecogniserConfig::default();

    let mut g = c.benchmark_group("board");
    g.throughput(Throughput::Elements(count(&polled)));
    g.bench_function("parse", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| parse_log(t).map_or(0, |s| s.len()))
                .sum::<usize>()
        })
    });
    g.bench_function("recognise/stable", |b| {
        b.iter(|| recognise_all(&polled, &config))
    });
    g.bench_function("replay", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (moves, snaps) in games.iter().zip(&polled) {
                // One legal-move generation per placement, as the cheapest possible bound.
                let per_move = snaps.len() / moves.len().max(1);
                let mut pos = Chess::default();
                for m in moves {
                    for _ in 0..per_move {
                        n += pos.legal_moves().len();
                    }
                    pos.play_unchecked(*m);
                }
            }
            n
        })
    });
    g.throughput(Throughput::Elements(count(&clocked)));
    g.bench_function("recognise/clock", |b| {
        b.iter(|| recognise_all(&clocked, &config))
    });
    g.finish();
}

criterion_group!(benches, board);
criterion_main!(benches);
