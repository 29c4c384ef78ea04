//! An upload as the desk reads it (`GameInput::from_bytes` within the upload limits, the first
//! games judged, a board log's first game recognised), fed compressed bombs: the input as it
//! is (the seeds are bombs: bzip2, gzip and zstd of endless tokens, comments, lines, blanks
//! and board logs), or, when it starts with `BOMB`, a bomb made from it: the codec (byte 4),
//! the decompressed size (2^(byte 5) bytes, at most 32 MiB) and the text repeated (the rest),
//! made of one compressed member repeated.
//! Every reading must stop at its limit with an error, never panic, hang or hold the bomb.
#![no_main]

use std::io::Write;

use arbiter::board::{RecogniserConfig, first_game, looks_like_board_log, read_board_game};
use arbiter::formats::input::{GameInput, GameRecord};
use arbiter::formats::limits::ReadLimits;
use arbiter::game::judge::JudgeOptions;
use libfuzzer_sys::fuzz_target;

/// The desk's readers with smaller limits (the same paths in a fuzzer's time): 8 MiB an
/// upload, 1 MiB a game, 2,000 plies, 64 KiB a comment or a line.
const LIMITS: ReadLimits = ReadLimits {
    input_bytes: Some(8 << 20),
    game_bytes: 1 << 20,
    plies: 2_000,
    comment_bytes: 64 << 10,
    line_bytes: 64 << 10,
};

/// The bomb an input starting with `BOMB` describes, or the input itself.
fn upload(data: &[u8]) -> Vec<u8> {
    let Some(rest) = data.strip_prefix(b"BOMB") else {
        return data.to_vec();
    };
    let (Some(&codec), Some(&log2), Some(unit)) = (rest.first(), rest.get(1), rest.get(2..))
    else {
        return data.to_vec();
    };
    if unit.is_empty() {
        return data.to_vec();
    }
    // One compressed member of at most 256 KiB, repeated: every reader takes concatenated
    // members (gzip, bzip2 and zstd alike), and compressing 32 MiB of bzip2 under the fuzzer's
    // instrumentation alone took 6 s an input.
    let size = 1usize << log2.min(25);
    let chunk = size.min(CHUNK);
    let text = unit.repeat(chunk / unit.len() + 1);
    let member = match codec % 3 {
        0 => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            let _ = e.write_all(&text);
            e.finish().unwrap_or_default()
        }
        1 => zstd::encode_all(&text[..], 1).unwrap_or_default(),
        _ => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            let _ = e.write_all(&text);
            e.finish().unwrap_or_default()
        }
    };
    member.repeat(size.div_ceil(chunk))
}

/// The decompressed size of one member of a bomb (bytes).
const CHUNK: usize = 256 << 10;

fuzz_target!(|data: &[u8]| {
    let bytes = upload(data);
    // The file's name decides the format when its content does not.
    for name in ["upload.pgn", "upload.jsonl", "upload.log"] {
        let Ok(input) = GameInput::from_bytes(name, bytes.clone(), LIMITS, looks_like_board_log)
        else {
            continue;
        };
        for game in input.into_iter().take(3) {
            let Ok(game) = game else {
                continue;
            };
            match &game.record {
                GameRecord::BoardLog(text) => {
                    let _ = read_board_game(&first_game(text), &RecogniserConfig::default());
                }
                record => {
                    let _ = record.judge(None, JudgeOptions::default());
                }
            }
        }
    }
});
