//! DGT LiveChess 2 transcript (one JSON frame a line) → frames followed for one board →
//! move recognition, LiveChess's own `san` compared → judge events → judge.
#![no_main]

use arbiter::board::{RecogniserConfig, read_livechess_game};
use arbiter::game::judge::{JudgeOptions, judge_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = read_livechess_game(text, &RecogniserConfig::default())
        && let Ok(v) = judge_game(&game.events.events, None, JudgeOptions { trace: true })
    {
        let _ = serde_json::to_string(&v);
    }
});
