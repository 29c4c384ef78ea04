//! Rule 9 of play-out adjudication: a UCI engine. Runs against Stockfish (the path in
//! `ARBITER_STOCKFISH`, else `stockfish` on `PATH`, else Debian's `/usr/games/stockfish`);
//! without it the engine tests are skipped with a printed notice, except under `CI=true`, where
//! a missing engine fails them (never a silent pass). A missing engine is an error.
//! Also: the hand-checked pawn endings of rule 5, each checked against Stockfish.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use arbiter::adjudicate::engine::{EngineConfig, EngineLimit, Score};
use arbiter::adjudicate::{AdjudicationConfig, AdjudicationError, Adjudicator, Basis, Decision};
use shakmaty::{CastlingMode, Chess, Color, KnownOutcome, fen::Fen};

/// Where Stockfish is: `explicit` (`ARBITER_STOCKFISH`) when given, else the first
/// `stockfish` file in the directories of `path` (`PATH`), else `/usr/games/stockfish`.
fn find_stockfish(explicit: Option<OsString>, path: Option<OsString>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    path.iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("stockfish"))
        .chain([PathBuf::from("/usr/games/stockfish")])
        .find(|p| p.is_file())
}

/// Stockfish for a test, or `None` with a notice; under `CI=true` a missing engine panics.
fn stockfish() -> Option<PathBuf> {
    let found = find_stockfish(
        std::env::var_os("ARBITER_STOCKFISH"),
        std::env::var_os("PATH"),
    );
    if found.is_none() {
        let why = "stockfish not found (ARBITER_STOCKFISH, PATH, /usr/games/stockfish; \
                   apt-get install -y stockfish)";
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "{why}: under CI=true the engine tests must run"
        );
        println!("NOTICE: {why}: engine test skipped");
    }
    found
}

/// Stockfish is found in a `PATH` directory, an explicit path wins, and nothing is found where
/// there is none.
#[test]
fn stockfish_is_found_on_path() {
    let dir = tempfile::tempdir().unwrap();
    let engine = dir.path().join("stockfish");
    std::fs::write(&engine, "#!/bin/sh\n").unwrap();
    let path = std::env::join_paths([Path::new("/no/such/dir"), dir.path()]).unwrap();
    assert_eq!(
        find_stockfish(None, Some(path.clone())),
        Some(engine.clone())
    );
    let other = dir.path().join("other-engine");
    std::fs::write(&other, "").unwrap();
    assert_eq!(
        find_stockfish(Some(other.clone().into()), Some(path)),
        Some(other)
    );
    assert_eq!(find_stockfish(Some("/no/such/engine".into()), None), None);
}

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn with_engine(path: PathBuf) -> Adjudicator {
    let config = AdjudicationConfig {
        engine: Some(EngineConfig::new(path, EngineLimit::Nodes(200_000))),
        ..AdjudicationConfig::default()
    };
    Adjudicator::new(config).expect("the engine starts")
}

#[test]
fn missing_engine_is_a_clear_error() {
    let config = AdjudicationConfig {
        engine: Some(EngineConfig::new("/no/such/engine", EngineLimit::Nodes(1))),
        ..AdjudicationConfig::default()
    };
    let err = Adjudicator::new(config).err().expect("an error");
    assert!(matches!(err, AdjudicationError::Engine(_)));
    assert!(err.to_string().contains("/no/such/engine"), "{err}");
}

#[test]
fn engine_decides_what_material_leaves_open() {
    let Some(path) = stockfish() else { return };
    let adj = with_engine(path);
    let history = |p: &Chess| {
        arbiter::laws::draw::RepetitionHistory::new(arbiter::laws::draw::position_key(p))
    };
    // A knight up in the opening (rule 8 says 1-0 by material): the engine confirms it clearly.
    let p = pos("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let a = adj.adjudicate_game(&p, &history(&p)).unwrap();
    let report = a.engine.as_ref().expect("engine consulted");
    assert!(matches!(report.score, Score::Cp(cp) if cp >= 300), "{a}");
    assert_eq!(a.basis, Basis::Engine);
    assert_eq!(
        a.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
    assert!(
        !report.pv_uci.is_empty() && report.pv_san.len() == report.pv_uci.len(),
        "{a}"
    );
    // Black a queen up: 0-1, never a draw.
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    let a = adj.adjudicate_game(&p, &history(&p)).unwrap();
    assert_eq!(
        a.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::Black
        }),
        "{a}"
    );
    // The initial position: roughly equal (within ±0.50).
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let a = adj.adjudicate_game(&p, &history(&p)).unwrap();
    assert_eq!(a.result, Decision::Decided(KnownOutcome::Draw), "{a}");
    // A forced mate found by rule 4 needs no engine.
    let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let a = adj.adjudicate_game(&p, &history(&p)).unwrap();
    assert_eq!(a.basis, Basis::ForcedMate);
    assert!(a.engine.is_none());
}

/// The command line: a missing engine is an error naming it (exit 1); an engine limit without
/// `--engine` is a usage error (exit 2); with stockfish, the JSON carries the engine's report.
#[test]
fn command_line_engine_flags() {
    let arbiter = env!("CARGO_BIN_EXE_arbiter");
    let fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let missing = std::process::Command::new(arbiter)
        .args(["adjudicate", "--fen", fen, "--engine", "/no/such/engine"])
        .output()
        .expect("arbiter runs");
    assert_eq!(missing.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("cannot start the engine /no/such/engine"),
        "{stderr}"
    );
    let usage = std::process::Command::new(arbiter)
        .args(["adjudicate", "--fen", fen, "--engine-nodes", "1000"])
        .output()
        .expect("arbiter runs");
    assert_eq!(usage.status.code(), Some(2));
    let Some(path) = stockfish() else { return };
    let out = std::process::Command::new(arbiter)
        .args([
            "adjudicate",
            "--format",
            "json",
            "--engine-nodes",
            "100000",
            "--fen",
            fen,
        ])
        .arg("--engine")
        .arg(path)
        .output()
        .expect("arbiter runs");
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["basis"], "engine");
    assert_eq!(v["result"], "1-0");
    assert!(
        v["engine"]["name"]
            .as_str()
            .unwrap_or_default()
            .contains("Stockfish"),
        "{v}"
    );
    assert!(
        v["engine"]["score"]["cp"].as_i64().unwrap_or_default() >= 300,
        "{v}"
    );
    assert!(!v["engine"]["pv_san"].as_array().unwrap().is_empty(), "{v}");
}

/// A pool keeps its engine between positions: two searches, one engine started, and the
/// answers are those of an engine started for each (a mate in one, the side to move's).
#[test]
fn the_engine_pool_keeps_one_engine_for_several_positions() {
    let Some(path) = stockfish() else { return };
    let config = EngineConfig::new(path, EngineLimit::Nodes(20_000));
    let pool = arbiter::adjudicate::engine::EnginePool::default();
    assert_eq!(pool.idle_engines(), 0);
    // White mates with Ra8#; Black to move mates with ...Ra1#.
    let white = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let black = pos("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    for (p, want) in [(&white, Score::Mate(1)), (&black, Score::Mate(-1))] {
        let kept = pool.analyse(&config, p).expect("the engine searches");
        assert_eq!(pool.idle_engines(), 1);
        let alone = arbiter::adjudicate::engine::analyse(&config, p).expect("searches");
        assert_eq!((kept.score, alone.score), (want, want));
    }
}

/// Hand-checked pawn endings (rule 5), each decided (or left to the arbiter) with its rule and
/// checked against Stockfish's evaluation (1,000,000 nodes, White's view): a win is at least
/// +3 pawns or a mate, a draw within ±0.5.
#[test]
fn pawn_endings_agree_with_stockfish() {
    let Some(path) = stockfish() else { return };
    let config = EngineConfig::new(path, EngineLimit::Nodes(1_000_000));
    let adj = Adjudicator::new(AdjudicationConfig::default()).unwrap();
    let white = KnownOutcome::Decisive {
        winner: Color::White,
    };
    // (FEN, decided?, result or recommendation, pawn rule)
    let cases = [
        // a- and h-pawns: the king cannot stop both (K+2P v K, exact), either side to move.
        (
            "8/8/4k3/8/8/8/P6P/4K3 w - - 0 1",
            true,
            white,
            "exact_search",
        ),
        (
            "8/8/4k3/8/8/8/P6P/4K3 b - - 0 1",
            true,
            white,
            "exact_search",
        ),
        // Doubled rook pawns, the defender in the corner (the rook-pawn rule).
        (
            "k7/8/8/8/8/P7/P7/4K3 w - - 0 1",
            true,
            KnownOutcome::Draw,
            "rook_pawn",
        ),
        // K+P v K+P, blocked e-pawns, kings in opposition: drawn (exact).
        (
            "8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1",
            true,
            KnownOutcome::Draw,
            "exact_search",
        ),
        // K+2P v K+P, doubled e-pawns against one: the spare king moves win (exact).
        (
            "8/8/8/4k3/4p3/4P3/4PK2/8 w - - 0 1",
            true,
            white,
            "exact_search",
        ),
        // K+2P v K+P, doubled b-pawns blocked: drawn (exact).
        (
            "8/8/8/1p6/1P6/1P6/k7/2K5 w - - 0 1",
            true,
            KnownOutcome::Draw,
            "exact_search",
        ),
        // K+P v K+P: the a-pawn's corner stalemates or the c-pawn falls: drawn (exact).
        (
            "8/8/8/8/8/2k5/p1P5/K7 w - - 0 1",
            true,
            KnownOutcome::Draw,
            "exact_search",
        ),
        // K+3P v K+2P, beyond the search: the a-pawn runs; the arbiter's call, 1-0.
        (
            "8/5kpp/8/8/P7/8/5KPP/8 w - - 0 1",
            false,
            white,
            "pawn_race",
        ),
    ];
    let mut failed = 0;
    for (fen, decided, want, rule) in cases {
        let p = pos(fen);
        let history =
            arbiter::laws::draw::RepetitionHistory::new(arbiter::laws::draw::position_key(&p));
        let a = adj.adjudicate_game(&p, &history).unwrap();
        let got_rule = serde_json::to_value(a.pawn_rule).unwrap();
        let ours_ok = a.basis == Basis::PawnEnding
            && got_rule == rule
            && if decided {
                a.result == Decision::Decided(want)
            } else {
                a.result != Decision::Decided(want) && a.recommendation == want
            };
        let score = arbiter::adjudicate::engine::analyse(&config, &p)
            .expect("stockfish searches")
            .score;
        let engine_ok = match (want, score) {
            (KnownOutcome::Draw, Score::Cp(cp)) => cp.abs() <= 50,
            (KnownOutcome::Decisive { winner }, Score::Cp(cp)) => {
                if winner == Color::White {
                    cp >= 300
                } else {
                    cp <= -300
                }
            }
            (KnownOutcome::Decisive { winner }, Score::Mate(n)) => {
                (n > 0) == (winner == Color::White)
            }
            (KnownOutcome::Draw, Score::Mate(_)) => false,
        };
        println!(
            "{fen}: ours {:?} ({got_rule}), stockfish {score:?}",
            a.result
        );
        if !(ours_ok && engine_ok) {
            println!("FAIL {fen}: ours ok {ours_ok}, engine ok {engine_ok}\n{a}");
            failed += 1;
        }
    }
    println!("{} passed, {failed} failed", cases.len() - failed);
    assert_eq!(failed, 0);
}
