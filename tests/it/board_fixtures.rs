//! The example logs in `fixtures/board/` read as their README says.

use arbiter::board::{Orientation, RecogniserConfig, read_board_log};
use shakmaty::san::San;
use shakmaty::{Chess, Position};

fn fixture(name: &str) -> String {
    let path = format!("{}/fixtures/board/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn sans(moves: &[shakmaty::Move]) -> Vec<String> {
    let mut pos = Chess::default();
    moves
        .iter()
        .map(|m| {
            let s = San::from_move(&pos, *m).to_string();
            pos.play_unchecked(*m);
            s
        })
        .collect()
}

#[test]
fn polled_italian() {
    let r = read_board_log(&fixture("polled-italian.fen"), &RecogniserConfig::default()).unwrap();
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    assert_eq!(
        sans(&r.moves()),
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d4", "exd4"
        ]
    );
    assert_eq!(r.orientation, Orientation::Normal);
}

#[test]
fn rotated_clock() {
    let r = read_board_log(
        &fixture("rotated-clock.jsonl"),
        &RecogniserConfig::default(),
    )
    .unwrap();
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    assert_eq!(
        sans(&r.moves()),
        [
            "d4", "d5", "c4", "dxc4", "e3", "b5", "a4", "c6", "axb5", "cxb5", "Qf3"
        ]
    );
    assert_eq!(r.orientation, Orientation::Rotated);
}

/// CR 3.9 / Laws 4.7: a piece put on two squares in turn before the clock press is one move to
/// the last square (the first placement is a transient, never judged).
#[test]
fn piece_put_on_two_squares_is_one_move() {
    let r = read_board_log(
        &fixture("cr3.9-piece-put-twice.jsonl"),
        &RecogniserConfig::default(),
    )
    .unwrap();
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    assert_eq!(sans(&r.moves()), ["Nh3", "e5"]);
}
