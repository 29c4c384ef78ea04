//! The line protocol of `replay` (`batch::lines`), both ends:
//! - the input read as lines (`replay --input lines`): every line judged by `judge_line` and its
//!   verdict row written as `--format jsonl` writes it; a bad line must give a `bad_line` row,
//!   never a panic;
//! - the input read as PGN (`replay --emit-lines`): cut into games by `cut_games`, each written
//!   as a game line and judged back by `judge_line`, which must give exactly the report
//!   `judge_chunk` gives for that game in the whole input (the protocol's round trip).
#![no_main]

use arbiter::batch::lines::{cut_games, judge_line, write_game_line};
use arbiter::batch::report::JsonlWriter;
use arbiter::batch::split::Chunk;
use arbiter::batch::{Event, judge_chunk};
use arbiter::game::rules::CompetitionRules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let rules = CompetitionRules::detsky_mat();

    // As lines: a bounded number, each judged and written.
    let mut rows = JsonlWriter::new(Vec::new());
    for (i, line) in data.split_inclusive(|&b| b == b'\n').take(64).enumerate() {
        let item = judge_line(line, i as u64 + 1, "-", rules);
        rows.write(&item).expect("writing to memory");
    }

    // As PGN: the round trip through game lines gives the whole input's reports.
    let chunk = Chunk {
        bytes: data.to_vec(),
        offset: 0,
        last: true,
    };
    let whole = judge_chunk(&chunk, rules);
    let texts = cut_games(&chunk);
    assert_eq!(texts.len(), whole.len(), "one game text per report");
    for (i, (text, want)) in texts.iter().zip(&whole).enumerate().take(64) {
        let index = i as u64 + 1;
        let mut line = Vec::new();
        write_game_line(&mut line, "f.pgn", index, text).expect("writing to memory");
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1, "one line");
        match judge_line(&line, index, "-", rules) {
            Event::Game { file, index: got, item } => {
                assert_eq!((&*file, got), ("f.pgn", index));
                assert_eq!(&item, want, "game {index} judged alone differs");
            }
            other => panic!("not a game: {other:?}"),
        }
    }
});
