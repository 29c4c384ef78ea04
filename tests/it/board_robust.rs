//! Bad input never panics: arbitrary text, and arbitrary sequences of placements (pieces
//! appearing, vanishing, moving anywhere) after the start position.

use arbiter::board::placement::{Reading, Snapshot};
use arbiter::board::{RecogniserConfig, StabilityRule, read_board_log, recognise};
use proptest::prelude::*;
use shakmaty::{Board, Color, Piece, Role, Square};

fn piece(code: u8) -> Option<Piece> {
    let role = Role::ALL.get(usize::from(code % 13) / 2).copied()?;
    let color = if code.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece { color, role })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_is_an_error_or_a_reading(text in "(\\PC{0,60}\n){0,6}") {
        let _ = read_board_log(&text, &RecogniserConfig::default());
    }

    #[test]
    fn arbitrary_placements_never_panic(
        edits in prop::collection::vec((0u32..64, 0u8..16, 0u8..4), 1..80),
        k in 1u32..3,
        clock_every in 0usize..5,
    ) {
        let mut board = Board::new();
        let mut snaps = vec![Snapshot { line: 1, t: Some(0.0), reading: Reading::Placement(board.clone()) }];
        for (i, (sq, code, repeat)) in edits.into_iter().enumerate() {
            let sq = Square::new(sq);
            match piece(code) {
                Some(p) => board.set_piece_at(sq, p),
                None => board.discard_piece_at(sq),
            }
            for _ in 0..=repeat {
                let t = Some(snaps.len() as f64 * 0.7);
                snaps.push(Snapshot { line: snaps.len() + 1, t, reading: Reading::Placement(board.clone()) });
            }
            if clock_every > 0 && i % clock_every == 0 {
                let side = if i % 2 == 0 { Color::White } else { Color::Black };
                let t = Some(snaps.len() as f64 * 0.7);
                snaps.push(Snapshot { line: snaps.len() + 1, t, reading: Reading::Clock(side) });
            }
        }
        let config = RecogniserConfig {
            stability: StabilityRule { snapshots: k, seconds: 1.0 },
            ..RecogniserConfig::default()
        };
        let r = recognise(&snaps, &config).expect("the start position is the first snapshot");
        prop_assert!(r.placements > 0);
    }
}
