//! Digital-board placement log → move recognition → judge events → judge.
#![no_main]

use arbiter::board::{RecogniserConfig, read_board_game};
use arbiter::game::judge::{JudgeOptions, judge_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = read_board_game(text, &RecogniserConfig::default())
        && let Ok(v) = judge_game(&game.events, None, JudgeOptions { trace: true })
    {
        let _ = serde_json::to_string(&v);
    }
});
