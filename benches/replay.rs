//! Batch replay throughput on `../shared/data/bench/otb_35k.pgn` (25.3 MB, 35,345 games), all
//! measured in the same run so that their ratios mean something on a shared machine:
//!
//! - `bare_replay`: the baseline — pgn-reader + shakmaty, SAN → move → play, mainline only,
//!   nothing else (the anchor of `../shared/data/bench/README.md`).
//! - `split_only`: the splitter alone (cutting the stream into chunks at game boundaries).
//! - `judge_chunks_1_thread`: arbiter's full replay + judgement + discrepancies of every game,
//!   on the calling thread, over the chunks the splitter cut (what one worker does).
//! - `read_games_only` (CPU group): the same chunks read into games (tags, SAN moves) and not
//!   judged: the reading's share of `judge_chunks_1_thread`.
//! - `replay_jobs_1` / `replay_jobs_2`: the whole pipeline (`arbiter::batch::replay`, reading
//!   the file, splitting, judging in a rayon pool of 1 or 2 threads, ordered summary).
//!
//! The group `otb_35k_cpu` measures the two single-thread runs (`bare_replay`,
//! `judge_chunks_1_thread`) in CPU time of the bench thread, in games/s: their ratio is the
//! figure to compare on a shared machine. The group `otb_35k` measures wall-clock time (the
//! 2-thread speed-up needs an idle machine). The whole file is one iteration (criterion's
//! minimum of 10 samples). Run: `cargo bench --bench replay`.
//!
//! `otb_35k_paired` (printed, not a criterion group) interleaves the runs whose ratio is a
//! target, so that a drift of the host's speed between criterion's groups (up to 1.8× on this
//! shared machine) cannot bias it: 15 back-to-back pairs bare → judge in CPU time of one
//! thread, and 10 sandwiches `--jobs 1` → `--jobs 2` → `--jobs 1` in wall time; it prints every
//! pair and the median and quartiles of the ratios; then `otb_35k_paired/process`, the same
//! ratio as whole processes (start-up, reading and output included): 11 pairs of
//! child processes, this executable as the bare replay → `arbiter replay --jobs 1 --quiet`, in
//! CPU time of each child. Run alone:
//! `cargo bench --bench replay -- otb_35k_paired`.

use std::hint::black_box;

use arbiter::batch::input::Source;
use arbiter::batch::report::Summary;
use arbiter::batch::{Options, Progress};
use arbiter::formats::pgn::PgnReader;
use arbiter::game::rules::CompetitionRules;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group};

const BENCH_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/bench/otb_35k.pgn"
);

#[path = "shared/bare_replay.rs"]
mod bare;
use bare::bare_replay;

fn split(bytes: &[u8]) -> Vec<arbiter::batch::split::Chunk> {
    arbiter::batch::split::Splitter::new(bytes, arbiter::batch::Options::default().chunk_bytes)
        .collect::<Result<_, _>>()
        .unwrap_or_default()
}

/// The whole pipeline over the file, as `arbiter replay --jobs N` runs it, into a summary.
/// Judges every chunk on this thread; the number of games judged.
fn judge_chunks(chunks: &[arbiter::batch::split::Chunk], rules: CompetitionRules) -> usize {
    chunks
        .iter()
        .map(|c| arbiter::batch::judge_chunk(black_box(c), rules).len())
        .sum()
}

fn whole_replay(jobs: usize, rules: CompetitionRules) -> u64 {
    let options = Options {
        jobs,
        ..Options::default()
    };
    let mut summary = Summary::new(0);
    arbiter::batch::replay(
        &[Source::File(BENCH_FILE.into())],
        &options,
        rules,
        &Progress::default(),
        |item| summary.add(&item),
    );
    summary.games
}

/// CPU time of the calling thread (`/proc/thread-self/schedstat`, nanoseconds): on a machine
/// shared with other work, the single-thread benches compare CPU time, which other processes do
/// not inflate the way they inflate wall-clock time.
struct ThreadCpuTime;

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        for v in values.iter_mut() {
            *v /= 1e6;
        }
        "ms (CPU)"
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let (n, unit) = match t {
            Throughput::Elements(n) => (*n as f64, "games/s (CPU)"),
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => (*n as f64 / 1e6, "MB/s (CPU)"),
            _ => (1.0, "/s (CPU)"),
        };
        for v in values.iter_mut() {
            *v = n * 1e9 / *v;
        }
        unit
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Median, first and third quartile of `values` (sorted in place); zeros when empty.
fn quartiles(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let i = ((values.len() as f64 - 1.0) * q).round() as usize;
        values.get(i).copied().unwrap_or(0.0)
    };
    (at(0.5), at(0.25), at(0.75))
}

/// The interleaved measurements of the module docs, when the command line's filter (if any)
/// names them; skipped in `cargo test --benches` (criterion's `--test` mode) and `--list`.
fn paired(_c: &mut Criterion) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    if args.iter().any(|a| a == "--test" || a == "--list")
        || !(filters.is_empty()
            || filters
                .iter()
                .any(|f| "otb_35k_paired".contains(f.as_str())))
    {
        return;
    }
    let Ok(bytes) = std::fs::read(BENCH_FILE) else {
        return;
    };
    let chunks = split(&bytes);
    let rules = CompetitionRules::default();
    let mut ratios = Vec::new();
    for _ in 0..15 {
        let start = thread_cpu_ns();
        black_box(bare_replay(black_box(&bytes[..])));
        let bare = thread_cpu_ns().saturating_sub(start);
        let start = thread_cpu_ns();
        black_box(judge_chunks(&chunks, rules));
        let judge = thread_cpu_ns().saturating_sub(start).max(1);
        let ratio = bare as f64 / judge as f64;
        eprintln!(
            "otb_35k_paired/cpu: bare {:.0} ms, judge {:.0} ms, judge throughput ÷ bare {ratio:.3}",
            bare as f64 / 1e6,
            judge as f64 / 1e6
        );
        ratios.push(ratio);
    }
    let (median, q1, q3) = quartiles(&mut ratios);
    println!(
        "otb_35k_paired/cpu: judge ÷ bare throughput, one thread: median {median:.3} (quartiles {q1:.3}–{q3:.3}, 15 pairs)"
    );
    let mut speedups = Vec::new();
    let wall = |jobs| {
        let start = std::time::Instant::now();
        black_box(whole_replay(jobs, rules));
        start.elapsed().as_secs_f64()
    };
    for _ in 0..10 {
        let (one, two, one_again) = (wall(1), wall(2), wall(1));
        let speedup = (one + one_again) / 2.0 / two.max(1e-9);
        eprintln!(
            "otb_35k_paired/jobs: --jobs 1 {:.0} ms, --jobs 2 {:.0} ms, --jobs 1 {:.0} ms: {speedup:.3}×",
            one * 1e3,
            two * 1e3,
            one_again * 1e3
        );
        speedups.push(speedup);
    }
    let (median, q1, q3) = quartiles(&mut speedups);
    println!(
        "otb_35k_paired/jobs: --jobs 1 → 2 speed-up, wall: median {median:.3}× (quartiles {q1:.3}–{q3:.3}, 10 sandwiches)"
    );
    whole_processes();
}

/// Set in the environment of this bench's own executable run as the bare replay process.
const BARE_CHILD: &str = "ARBITER_BENCH_BARE_REPLAY";

/// CPU time (user + system) of the children waited for so far, in clock ticks
/// (`/proc/self/stat` fields 16 and 17; 0 where there is no such file).
fn children_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    fields.get(13).copied().unwrap_or(0) + fields.get(14).copied().unwrap_or(0)
}

/// CPU ticks of one child process run to its end.
fn child_cpu(cmd: &mut std::process::Command) -> u64 {
    let before = children_cpu_ticks();
    let status = cmd
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run the child");
    assert!(status.success(), "{cmd:?}: {status}");
    children_cpu_ticks().saturating_sub(before).max(1)
}

/// `otb_35k_paired/process`: the ratio as whole processes (start-up, reading and output
/// included), 11 interleaved pairs: this executable as the bare replay process (pgn-reader +
/// shakmaty on the file, as `examples/bare_replay.rs`) → `arbiter replay --jobs 1 --quiet`,
/// CPU time of each child (1/100 s ticks).
fn whole_processes() {
    let Ok(me) = std::env::current_exe() else {
        return;
    };
    let mut ratios = Vec::new();
    for _ in 0..11 {
        let bare = child_cpu(std::process::Command::new(&me).env(BARE_CHILD, BENCH_FILE));
        let arbiter = child_cpu(
            std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(["replay", BENCH_FILE, "--jobs", "1", "--quiet"]),
        );
        let ratio = bare as f64 / arbiter as f64;
        eprintln!(
            "otb_35k_paired/process: bare {bare} ticks, arbiter replay --jobs 1 {arbiter} ticks, throughput ratio {ratio:.3}"
        );
        ratios.push(ratio);
    }
    let (median, q1, q3) = quartiles(&mut ratios);
    println!(
        "otb_35k_paired/process: arbiter ÷ bare throughput, whole processes, one thread: median {median:.3} (quartiles {q1:.3}–{q3:.3}, 11 pairs)"
    );
}

fn replay_cpu(c: &mut Criterion<ThreadCpuTime>) {
    let Ok(bytes) = std::fs::read(BENCH_FILE) else {
        return;
    };
    let (games, _) = bare_replay(&bytes[..]);
    let chunks = split(&bytes);
    let rules = CompetitionRules::default();
    let mut group = c.benchmark_group("otb_35k_cpu");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    group.bench_function("bare_replay", |b| {
        b.iter(|| bare_replay(black_box(&bytes[..])))
    });
    group.bench_function("judge_chunks_1_thread", |b| {
        b.iter(|| judge_chunks(&chunks, rules))
    });
    // Where the judge's time goes: reading the games (tags, SAN moves) without judging them.
    group.bench_function("read_games_only", |b| b.iter(|| read_games(&chunks)));
    group.finish();
}

/// Reads every game of the chunks as the judge receives them ([`PgnReader`]), judging none;
/// the number of SAN moves read.
fn read_games(chunks: &[arbiter::batch::split::Chunk]) -> usize {
    chunks
        .iter()
        .flat_map(|c| PgnReader::new(black_box(&c.bytes[..])))
        .map(|g| g.map_or(0, |g| g.moves.len()))
        .sum()
}

fn replay(c: &mut Criterion) {
    let bytes = match std::fs::read(BENCH_FILE) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{BENCH_FILE}: {e}; skipping the replay benches");
            return;
        }
    };
    let (games, plies) = bare_replay(&bytes[..]);
    eprintln!(
        "bench file: {} bytes, {games} games, {plies} plies (bare replay)",
        bytes.len()
    );

    let mut group = c.benchmark_group("otb_35k");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("bare_replay", |b| {
        b.iter(|| bare_replay(black_box(&bytes[..])))
    });
    group.bench_function("split_only", |b| b.iter(|| split(black_box(&bytes)).len()));
    let chunks = split(&bytes);
    let rules = CompetitionRules::default();
    group.bench_function("judge_chunks_1_thread", |b| {
        b.iter(|| judge_chunks(&chunks, rules))
    });
    for jobs in [1, 2] {
        group.bench_function(format!("replay_jobs_{jobs}"), |b| {
            b.iter(|| whole_replay(jobs, rules))
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_group!(interleaved, paired);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = replay_cpu
}
// `criterion_main!`, with the bare replay process of `otb_35k_paired/process` in front.
fn main() {
    if let Some(path) = std::env::var_os(BARE_CHILD) {
        let file = std::fs::File::open(path).expect("the bench file");
        let (games, plies) = bare_replay(file);
        println!("{games} games, {plies} plies");
        return;
    }
    interleaved();
    cpu();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
