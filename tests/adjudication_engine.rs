//! Rule 9 of play-out adjudication: a UCI engine (issue 17). Runs against Debian's
//! `stockfish` (`/usr/games/stockfish`, or the path in `ARBITER_STOCKFISH`) when it is
//! installed, and is skipped with a printed notice otherwise. A missing engine is an error.

use std::path::PathBuf;

use arbiter::adjudicate::engine::{EngineConfig, EngineLimit, Score};
use arbiter::adjudicate::{AdjudicationConfig, AdjudicationError, Adjudicator, Basis, Decision};
use shakmaty::{CastlingMode, Chess, Color, KnownOutcome, fen::Fen};

fn stockfish() -> Option<PathBuf> {
    let path = std::env::var_os("ARBITER_STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/games/stockfish"));
    if path.exists() {
        Some(path)
    } else {
        println!(
            "NOTICE: {} not found: engine test skipped (apt-get install -y stockfish)",
            path.display()
        );
        None
    }
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
