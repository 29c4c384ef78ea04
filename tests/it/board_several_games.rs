//! One board log holding several games (`fixtures/board/two-games.fen`): a new game starts where
//! the start position is set up again, and each game is judged (hand-checked).

use std::process::Command;

#[test]
fn each_game_of_a_board_log_is_judged() {
    let log = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/board/two-games.fen");
    let text = std::fs::read_to_string(log).unwrap();
    assert_eq!(arbiter::board::split_games(&text).len(), 2);
    // The library reads both games, as `arbiter judge` and the web desk do: the first is the
    // fool's mate (four moves), the second 1. e4 e5 (two).
    let config = arbiter::board::RecogniserConfig::default();
    let moves: Vec<usize> = arbiter::board::read_board_games(&text, &config)
        .into_iter()
        .map(|g| {
            g.unwrap()
                .events
                .iter()
                .filter(|e| matches!(e, arbiter::game::event::Event::Move(_)))
                .count()
        })
        .collect();
    assert_eq!(moves, [4, 2]);
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--input", "board", "--format", "json", log])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(verdicts.len(), 2);
    let (mate, next) = (&verdicts[0], &verdicts[1]);
    assert_eq!(
        (mate["index"].as_u64(), next["index"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(mate["result"], "0-1");
    assert_eq!(mate["reason"], "checkmate");
    assert_eq!(mate["ended_at_ply"], 4);
    assert_eq!(
        next["final_fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(next["illegal_moves"], serde_json::json!([]));
}

/// A log of one game, knights out and back (no pawn move), is not cut at the start position
/// it comes back to.
#[test]
fn the_start_position_reached_by_moves_is_no_new_game() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R";
    let nf6 = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R";
    let ng1 = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR";
    let log = [start, nf3, nf6, ng1, start, nf3].join("\n");
    assert_eq!(arbiter::board::split_games(&log).len(), 1);
}
