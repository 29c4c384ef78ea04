//! FEN → position → winnability (both sides, the quick budget) and play-out adjudication
//! under both presets, with the search budgets cut down so one input stays well under 1 s.
#![no_main]

use arbiter::adjudicate::{AdjudicationConfig, adjudicate};
use arbiter::game::setup::parse_fen;
use arbiter::laws::winnability::{WinnabilityConfig, can_mate_with};
use libfuzzer_sys::fuzz_target;
use shakmaty::{CastlingMode, Color};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // As the judge reads a FEN tag: standard castling, else Chess960 (Shredder-FEN rights).
    let Ok(pos) = parse_fen(text.trim(), CastlingMode::Standard)
        .or_else(|_| parse_fen(text.trim(), CastlingMode::Chess960))
    else {
        return;
    };
    for side in [Color::White, Color::Black] {
        let _ = can_mate_with(&pos, side, &WinnabilityConfig::quick());
    }
    for mut config in [AdjudicationConfig::detsky_mat(), AdjudicationConfig::fide()] {
        config.mate_nodes = 5_000;
        config.qsearch_nodes = 5_000;
        std::hint::black_box(adjudicate(&pos, &config));
    }
});
