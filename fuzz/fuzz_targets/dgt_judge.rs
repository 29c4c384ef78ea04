//! DGT e-Board capture (any form: raw bytes, base64 lines, timed JSON Lines) → framing,
//! decoding, the board and clock kept → move recognition → judge events → judge; and the same
//! bytes pushed to a `DgtDecoder` in pieces of every size up to 7, which must give the same
//! snapshots as the whole (the live link's way).
#![no_main]

use arbiter::board::dgt::{DgtDecoder, Position, read_capture};
use arbiter::board::{RecogniserConfig, read_dgt_game};
use arbiter::game::judge::{JudgeOptions, judge_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = read_dgt_game(data, &RecogniserConfig::default())
        && let Ok(v) = judge_game(&game.events.events, None, JudgeOptions { trace: true })
    {
        let _ = serde_json::to_string(&v);
    }
    // Incremental decoding of raw bytes, in pieces, equals decoding them at once.
    if let Ok((whole, _)) = read_capture(data)
        && arbiter::board::dgt::capture_form(data) == arbiter::board::dgt::CaptureForm::Binary
    {
        let piece = 1 + data.first().map_or(0, |b| usize::from(*b) % 7);
        let mut d = DgtDecoder::new();
        let mut out = Vec::new();
        for chunk in data.chunks(piece) {
            d.push(chunk, None, Position::Auto, &mut out);
        }
        let pieces: Vec<_> = out.into_iter().filter_map(Result::ok).collect();
        assert_eq!(pieces, whole);
    }
});
