//! JSON Lines event log → judge: every game of the log split at its headers and judged (with
//! the header's preset, or each preset forced), the verdict serialised.
#![no_main]

use arbiter::formats::jsonl::read_each_game;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::rules::CompetitionRules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in read_each_game(data).take(64).flatten() {
        for rules in [None, Some(CompetitionRules::fide())] {
            if let Ok(v) = judge_game(&game.events, rules, JudgeOptions { trace: true }) {
                let _ = serde_json::to_string(&v);
            }
        }
    }
});
