//! Judging PGN games against a bare replay baseline, in the same run.
//!
//! - `bare_replay`: pgn-reader + shakmaty only: SAN → move → play, nothing else.
//! - `judge`: `formats::pgn::PgnReader` + `formats::pgn::judge_pgn_game` per game (legality,
//!   automatic endings, repetition keys, the result check, the verdict).
//!
//! Input: `../shared/data/pgn/twic0920_otb.pgn` (2,245 over-the-board games), read into memory
//! first so both measure parsing and judging, not the disk. Run:
//! `cargo bench --bench judge`; compare the two throughputs (MiB/s) — the target is
//! judge ≥ 80 % of bare replay.

use std::hint::black_box;
use std::ops::ControlFlow;

use arbiter::formats::pgn::PgnReader;
use arbiter::formats::pgn::judge_pgn_game;
use arbiter::game::judge::JudgeOptions;
use arbiter::game::rules::CompetitionRules;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pgn_reader::{RawTag, SanPlus, Visitor};
use shakmaty::{Chess, Position};

const INPUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/pgn/twic0920_otb.pgn"
);

/// The baseline: replay the mainline with shakmaty, count plies.
struct BareReplay;

impl Visitor for BareReplay {
    type Tags = ();
    type Movetext = (Chess, bool, u64);
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((Chess::default(), true, 0))
    }

    fn san(&mut self, state: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if state.1 {
            match san_plus.san.to_move(&state.0) {
                Ok(m) => {
                    state.0.play_unchecked(m);
                    state.2 += 1;
                }
                Err(_) => state.1 = false,
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, state: Self::Movetext) -> Self::Output {
        state.2
    }
}

fn bench(c: &mut Criterion) {
    let Ok(data) = std::fs::read(INPUT) else {
        eprintln!("{INPUT} not found: skipping the judge bench");
        return;
    };
    let mut group = c.benchmark_group("pgn_twic0920");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.sample_size(10);
    group.bench_function("bare_replay", |b| {
        b.iter(|| {
            let mut reader = pgn_reader::Reader::new(black_box(&data[..]));
            let mut plies = 0u64;
            while let Ok(Some(n)) = reader.read_game(&mut BareReplay) {
                plies += n;
            }
            plies
        })
    });
    group.bench_function("judge", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            for game in PgnReader::new(black_box(&data[..])).flatten() {
                if let Ok(v) =
                    judge_pgn_game(&game, CompetitionRules::default(), JudgeOptions::default())
                {
                    plies += u64::from(v.plies);
                }
            }
            plies
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
