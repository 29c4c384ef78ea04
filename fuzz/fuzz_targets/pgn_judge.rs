//! PGN reader → judge: every game of the input read, its mainline resolved and judged under
//! both presets. Bad input must give an error, never a panic or a hang.
#![no_main]

use arbiter::formats::pgn::{PgnReader, judge_pgn_game};
use arbiter::game::judge::JudgeOptions;
use arbiter::game::rules::CompetitionRules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = PgnReader::new(data);
    // A bounded number of games: the reader must make progress, and an error may end the file.
    for _ in 0..64 {
        match reader.read_game() {
            Ok(Some(game)) => {
                let _ = game.mainline_from_start();
                for rules in [CompetitionRules::detsky_mat(), CompetitionRules::fide()] {
                    if let Ok(v) = judge_pgn_game(&game, rules, JudgeOptions { trace: true }) {
                        let _ = serde_json::to_string(&v);
                    }
                }
            }
            Ok(None) => break,
            Err(_) => continue,
        }
    }
});
