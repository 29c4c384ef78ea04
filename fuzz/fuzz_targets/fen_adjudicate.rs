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
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let Ok(pos) = parse_fen(text.trim(), mode) else {
            continue;
        };
        for side in [Color::White, Color::Black] {
            let _ = can_mate_with(&pos, side, &WinnabilityConfig::quick());
        }
        for mut config in [AdjudicationConfig::detsky_mat(), AdjudicationConfig::fide()] {
            config.mate_nodes = 5_000;
            config.qsearch_nodes = 5_000;
            let a = adjudicate(&pos, &config);
            std::hint::black_box(&a);
        }
    }
});
