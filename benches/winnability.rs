//! Winnability (Laws 5.2.2, 6.9, 7.5.5), arbiter and the reference solver `chasolver` side by
//! side, on the same inputs passed as FEN to each library (parsing is not timed):
//!
//! - the 30,000 Lichess timeout positions
//!   (`../shared/vectors/dead-position/lichess-timeout-positions-30k.txt`), the intended winner
//!   being the side *not* to move (the player whose opponent flagged), as in CHA's own timeout
//!   benchmark;
//! - CHA's test vector (`../shared/vectors/dead-position/cha-test-vector.txt`), both sides of
//!   each of its 1,803 positions.
//!
//! Run: `cargo bench --bench winnability`. First a **side-by-side pass**, one position at a
//! time on one thread, the solvers interleaved (each on a position, each position starting
//! with the next solver in turn), prints for each set and solver the mean and worst time per
//! analysis and the verdicts (and the contradictions with CHA's labels, the disagreements
//! with chasolver):
//! - `can_mate`: the default budget, the reference solver behind our API;
//! - `own`: our own layers only (the full budget before the reference solver);
//! - `chasolver`: `chasolver::winnability` called directly;
//! - `static`: our material and blockade layers only;
//! - `static+chasolver`: `static`, then `chasolver` when it proves nothing (would our static
//!   layer first pay?);
//! - `chasolver-fast`: `chasolver::is_unwinnable_fast`.
//!
//! Then criterion measures the throughput of the same solvers on the first 2,000 timeout
//! positions (mean time per position = 1 / throughput).
//!
//! Environment: `WINNABILITY_BENCH_SETS=timeouts,cha` (default both), `WINNABILITY_BENCH_SOLVERS`
//! (comma list of the names above, default all), `WINNABILITY_BENCH_N` (criterion's sample of
//! timeout positions, default 2,000; `0` skips criterion).

use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

use arbiter::laws::winnability::{Winnability, WinnabilityConfig, can_mate_with};
use criterion::{Criterion, Throughput};
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

const TIMEOUTS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/vectors/dead-position/lichess-timeout-positions-30k.txt"
);
const CHA_VECTOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/vectors/dead-position/cha-test-vector.txt"
);

/// One analysis to run: a position in both libraries, the intended winner, and the label's
/// answer when the set has labels.
struct Case {
    fen: String,
    ours: Chess,
    theirs: chess::Board,
    side: Color,
    label: Option<bool>,
}

/// A verdict reduced to what both libraries can say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Answer {
    Winnable,
    Unwinnable,
    Undetermined,
}

/// Both libraries' positions of a FEN (4 or 6 fields); `None` when either refuses it.
fn both(fen: &str) -> Option<(Chess, chess::Board)> {
    let setup: Fen = fen.parse().ok()?;
    // The CHA vector has a few positions with more pieces than promotions allow.
    let ours = match setup.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e.ignore_too_much_material().ok()?,
    };
    // The `chess` crate wants at least four fields (line 1473 of the vector has two).
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let defaults = ["", "w", "-", "-", "0", "1"];
    let full = fields
        .iter()
        .copied()
        .chain(defaults.iter().copied().skip(fields.len().max(1)))
        .collect::<Vec<_>>()
        .join(" ");
    let theirs = chess::Board::from_str(&full).ok()?;
    Some((ours, theirs))
}

fn timeout_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(TIMEOUTS).expect("lichess timeout positions (../shared)");
    text.lines()
        .filter_map(|line| {
            let fen = line
                .split_whitespace()
                .take(6)
                .collect::<Vec<_>>()
                .join(" ");
            let (ours, theirs) = both(&fen)?;
            let side = !ours.turn();
            Some(Case {
                fen,
                ours,
                theirs,
                side,
                label: None,
            })
        })
        .collect()
}

fn cha_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(CHA_VECTOR).expect("CHA test vector (../shared)");
    let mut cases = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() > 3) {
        let (label, fen) = line.split_at(2);
        let fen = fen.trim();
        let Some((ours, theirs)) = both(fen) else {
            eprintln!("skipped (a library refuses it): {fen}");
            continue;
        };
        let labels = label.as_bytes();
        for (side, can) in [
            (Color::White, labels.first() == Some(&b'W')),
            (Color::Black, labels.get(1) == Some(&b'B')),
        ] {
            cases.push(Case {
                fen: fen.to_owned(),
                ours: ours.clone(),
                theirs,
                side,
                label: Some(can),
            });
        }
    }
    cases
}

fn chess_color(side: Color) -> chess::Color {
    match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

fn ours(case: &Case, config: &WinnabilityConfig) -> Answer {
    match can_mate_with(black_box(&case.ours), case.side, config).verdict {
        Winnability::Winnable { .. } => Answer::Winnable,
        Winnability::Unwinnable => Answer::Unwinnable,
        Winnability::Undetermined => Answer::Undetermined,
    }
}

fn chasolver_full(case: &Case) -> Answer {
    match chasolver::winnability(black_box(&case.theirs), chess_color(case.side)) {
        Some(chasolver::Winnability::Winnable { .. }) => Answer::Winnable,
        Some(chasolver::Winnability::Unwinnable) => Answer::Unwinnable,
        None => Answer::Undetermined,
    }
}

fn chasolver_fast(case: &Case) -> Answer {
    if chasolver::is_unwinnable_fast(black_box(&case.theirs), chess_color(case.side)) {
        Answer::Unwinnable
    } else {
        Answer::Undetermined
    }
}

/// A solver of the side-by-side pass.
type Solver = Box<dyn Fn(&Case) -> Answer>;

/// The solvers of the side-by-side pass, by name.
fn solvers() -> Vec<(&'static str, Solver)> {
    let full = WinnabilityConfig::full();
    let own = WinnabilityConfig {
        reference_solver: false,
        ..WinnabilityConfig::full()
    };
    let stat = WinnabilityConfig::static_only();
    vec![
        ("can_mate", Box::new(move |c| ours(c, &full))),
        ("own", Box::new(move |c| ours(c, &own))),
        ("chasolver", Box::new(chasolver_full)),
        ("static", Box::new(move |c| ours(c, &stat))),
        // Would our static layer first pay? It, then chasolver when it proves nothing.
        (
            "static+chasolver",
            Box::new(move |c| match ours(c, &WinnabilityConfig::static_only()) {
                Answer::Undetermined => chasolver_full(c),
                decided => decided,
            }),
        ),
        ("chasolver-fast", Box::new(chasolver_fast)),
    ]
}

fn wanted(var: &str, name: &str) -> bool {
    std::env::var(var)
        .map(|list| list.split(',').any(|n| n.trim() == name))
        .unwrap_or(true)
}

/// One pass of one solver over one set: mean and worst time, verdict counts, contradictions.
fn side_by_side(set: &str, cases: &[Case]) {
    let solvers: Vec<(&str, Solver)> = solvers()
        .into_iter()
        .filter(|(name, _)| wanted("WINNABILITY_BENCH_SOLVERS", name))
        .collect();
    // Interleaved (every solver on a position, then the next position), so that a machine
    // whose load changes during the pass weighs on all solvers alike.
    let mut total = vec![Duration::ZERO; solvers.len()];
    let mut worst = vec![(Duration::ZERO, 0); solvers.len()];
    let mut answers = vec![Vec::with_capacity(cases.len()); solvers.len()];
    for (i, case) in cases.iter().enumerate() {
        // Each position starts with another solver, so that none always pays for a cold cache
        // or fresh memory pages (the next one reuses what the allocator got back).
        for j in 0..solvers.len() {
            let k = (i + j) % solvers.len();
            let Some((_, solve)) = solvers.get(k) else {
                continue;
            };
            let started = Instant::now();
            let answer = solve(case);
            let took = started.elapsed();
            total[k] += took;
            if took > worst[k].0 {
                worst[k] = (took, i);
            }
            answers[k].push(answer);
        }
    }
    let mut all = Vec::new();
    for (k, ((name, _), answers)) in solvers.iter().zip(answers).enumerate() {
        let (total, worst) = (total[k], worst[k]);
        let count = |a| answers.iter().filter(|&&x| x == a).count();
        let contradictions = cases
            .iter()
            .zip(&answers)
            .filter(|(c, a)| {
                c.label.is_some_and(|can| {
                    (can && **a == Answer::Unwinnable) || (!can && **a == Answer::Winnable)
                })
            })
            .count();
        let mean = total / u32::try_from(cases.len().max(1)).unwrap_or(u32::MAX);
        println!(
            "{set:<9} {name:<16} {n:>6} analyses: mean {mean:>10.1?}, worst {w:>10.1?} ({fen}, {side:?}); \
             {win} winnable, {un} unwinnable, {und} undetermined, {contradictions} contradicting the labels",
            n = cases.len(),
            w = worst.0,
            fen = cases.get(worst.1).map_or("", |c| c.fen.as_str()),
            side = cases.get(worst.1).map(|c| c.side),
            win = count(Answer::Winnable),
            un = count(Answer::Unwinnable),
            und = count(Answer::Undetermined),
        );
        all.push((*name, answers));
    }
    // Decided answers that differ from chasolver's (each side proved its own answer, so any
    // difference would be a bug in one of them).
    if let Some((_, reference)) = all.iter().find(|(n, _)| *n == "chasolver") {
        for (name, answers) in all.iter().filter(|(n, _)| *n != "chasolver") {
            let differ = answers
                .iter()
                .zip(reference)
                .filter(|(a, b)| {
                    **a != Answer::Undetermined && **b != Answer::Undetermined && a != b
                })
                .count();
            println!("{set:<9} {name:<16} decided differently from chasolver: {differ}");
        }
    }
}

fn criterion_part(timeouts: &[Case]) {
    let n = std::env::var("WINNABILITY_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000usize)
        .min(timeouts.len());
    if n == 0 {
        return;
    }
    let sample = &timeouts[..n];
    let mut c = Criterion::default().configure_from_args().sample_size(10);
    let mut group = c.benchmark_group("winnability");
    group.throughput(Throughput::Elements(n as u64));
    for (name, solve) in solvers() {
        if !wanted("WINNABILITY_BENCH_SOLVERS", name) {
            continue;
        }
        group.bench_function(format!("lichess_timeouts_{name}_{n}"), |b| {
            b.iter(|| {
                sample
                    .iter()
                    .map(&solve)
                    .filter(|a| *a == Answer::Winnable)
                    .count()
            })
        });
    }
    group.finish();
    c.final_summary();
}

fn main() {
    let mut timeouts = Vec::new();
    if wanted("WINNABILITY_BENCH_SETS", "timeouts") {
        timeouts = timeout_cases();
        side_by_side("timeouts", &timeouts);
    }
    if wanted("WINNABILITY_BENCH_SETS", "cha") {
        side_by_side("cha", &cha_cases());
    }
    if timeouts.is_empty() {
        timeouts = timeout_cases();
    }
    criterion_part(&timeouts);
}
