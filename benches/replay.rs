//! Batch replay throughput on `../shared/data/bench/otb_35k.pgn` (25.3 MB, 35,345 games), all
//! measured in the same run so that their ratios mean something on a shared machine:
//!
//! - `bare_replay`: the baseline — pgn-reader + shakmaty, SAN → move → play, mainline only,
//!   nothing else (the anchor of `../shared/data/bench/README.md`).
//! - `split_only`: the splitter alone (cutting the stream into chunks at game boundaries).
//! - `judge_chunks_1_thread`: arbiter's full replay + judgement + discrepancies of every game,
//!   on the calling thread, over the chunks the splitter cut (what one worker does).
//! - `replay_jobs_1` / `replay_jobs_2`: the whole pipeline (`arbiter::batch::replay`, reading
//!   the file, splitting, judging in a rayon pool of 1 or 2 threads, ordered summary).
//!
//! The whole file is one iteration (criterion's minimum of 10 samples). Throughput is in bytes;
//! games/s = 35,345 / time. Run: `cargo bench --bench replay`.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

const BENCH_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/bench/otb_35k.pgn"
);

/// The baseline: play every mainline SAN on a shakmaty board, stop a game at the first SAN
/// that is not a legal move; count games and plies so that nothing is optimised away.
struct BareReplay {
    plies: u64,
}

impl Visitor for BareReplay {
    type Tags = ();
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn begin_variation(&mut self, _pos: &mut Chess) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _pos: Chess) {}
}

fn bare_replay(bytes: &[u8]) -> (u64, u64) {
    let mut reader = Reader::new(bytes);
    let mut visitor = BareReplay { plies: 0 };
    let mut games = 0;
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(())) => games += 1,
            Ok(None) => break,
            Err(_) => games += 1,
        }
    }
    (games, visitor.plies)
}

fn split(bytes: &[u8]) -> Vec<arbiter::batch::split::Chunk> {
    arbiter::batch::split::Splitter::new(bytes, arbiter::batch::Options::default().chunk_bytes)
        .collect::<Result<_, _>>()
        .unwrap_or_default()
}

fn replay(c: &mut Criterion) {
    let bytes = match std::fs::read(BENCH_FILE) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{BENCH_FILE}: {e}; skipping the replay benches");
            return;
        }
    };
    let (games, plies) = bare_replay(&bytes);
    eprintln!(
        "bench file: {} bytes, {games} games, {plies} plies (bare replay)",
        bytes.len()
    );

    let mut group = c.benchmark_group("otb_35k");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("bare_replay", |b| b.iter(|| bare_replay(black_box(&bytes))));
    group.bench_function("split_only", |b| b.iter(|| split(black_box(&bytes)).len()));
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
