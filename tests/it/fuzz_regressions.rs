//! Inputs found by the fuzz targets (`fuzz/`, see `fuzz/README.md`), kept as data in
//! `tests/data/fuzz/<target>/` and replayed here through the same reader → consumer chain as
//! the target, so that a fixed crash or hang stays fixed without cargo-fuzz installed.
//!
//! To add one: copy `fuzz/artifacts/<target>/crash-…` (or `timeout-…`) into
//! `tests/data/fuzz/<target>/` under a name saying what it shows.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter::adjudicate::{AdjudicationConfig, adjudicate};
use arbiter::board::{RecogniserConfig, read_board_game};
use arbiter::formats::jsonl::read_each_game;
use arbiter::formats::pairs;
use arbiter::formats::pgn::{PgnReader, judge_pgn_game};
use arbiter::formats::trf::Trf;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::rules::CompetitionRules;
use arbiter::game::setup::parse_fen;
use arbiter::laws::winnability::{WinnabilityConfig, can_mate_with};
use arbiter::tournament::pairing::{PairingRules, pair};
use arbiter::tournament::standings::{Preset, StandingsReport};
use arbiter::tournament::store;
use arbiter::tournament::tiebreak::Rules;
use shakmaty::{CastlingMode, Color};

/// An input that takes longer than this in the test profile is a hang (the fuzz targets allow
/// 1 s in the release profile; the test profile is slower and CI machines are shared).
const HANG: Duration = Duration::from_secs(20);

fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Runs `chain` on every kept input of `target`: it must return (no panic) within [`HANG`].
fn replay(target: &str, chain: impl Fn(&[u8])) {
    for path in inputs(target) {
        let data = std::fs::read(&path).unwrap();
        let start = Instant::now();
        chain(&data);
        let took = start.elapsed();
        assert!(took < HANG, "{}: took {took:?}", path.display());
    }
}

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

#[test]
fn pgn_judge() {
    replay("pgn_judge", |data| {
        let mut reader = PgnReader::new(data);
        for _ in 0..64 {
            match reader.read_game() {
                Ok(Some(game)) => {
                    let _ = game.mainline_from_start();
                    let _ =
                        judge_pgn_game(&game, CompetitionRules::fide(), JudgeOptions::default());
                }
                Ok(None) => break,
                Err(_) => continue,
            }
        }
    });
}

#[test]
fn jsonl_judge() {
    replay("jsonl_judge", |data| {
        for game in read_each_game(data).take(64).flatten() {
            let _ = judge_game(&game.events, None, JudgeOptions { trace: true });
        }
    });
}

#[test]
fn board_judge() {
    replay("board_judge", |data| {
        if let Some(Ok(game)) = text(data).map(|t| read_board_game(t, &RecogniserConfig::default()))
        {
            let _ = judge_game(&game.events, None, JudgeOptions::default());
        }
    });
}

#[test]
fn trf_standings_pair() {
    replay("trf_standings_pair", |data| {
        let Some(Ok(trf)) = text(data).map(|t| Trf::parse(t, "kept.trf")) else {
            return;
        };
        if let Ok(t) = trf.to_tournament() {
            let _ = StandingsReport::new(&t, None, Rules::Fide2026, Preset::DetskyMat.order());
        }
        if let Ok(input) = trf.pairing_input() {
            let _ = pair(&input, &PairingRules::fide());
        }
    });
}

/// `closed-pawns-timeout-under-load.fen`: a blocked pawn ending the target reported as a
/// timeout while the machine was loaded (0.3 s for the target's 8 analyses in isolation;
/// each analysis about 10 ms in the release build): the budgets hold.
#[test]
fn fen_adjudicate() {
    replay("fen_adjudicate", |data| {
        let Some(Ok(pos)) = text(data).map(|t| {
            parse_fen(t.trim(), CastlingMode::Standard)
                .or_else(|_| parse_fen(t.trim(), CastlingMode::Chess960))
        }) else {
            return;
        };
        for side in [Color::White, Color::Black] {
            let _ = can_mate_with(&pos, side, &WinnabilityConfig::quick());
        }
        for config in [AdjudicationConfig::detsky_mat(), AdjudicationConfig::fide()] {
            let _ = adjudicate(&pos, &config);
        }
    });
}

#[test]
fn state_load() {
    replay("state_load", |data| {
        if let Some(Ok(t)) = text(data).map(|t| store::parse(t, "kept.json")) {
            let _ = StandingsReport::new(&t, None, Rules::Fide2024, Preset::Fide.order());
        }
    });
}

#[test]
fn pairs_round() {
    replay("pairs_round", |data| {
        let _ = text(data).map(|t| pairs::parse(t, "kept.pairs"));
    });
}
