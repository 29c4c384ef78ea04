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

/// The messages of the real DGT capture `1.inbytes` (57 plies, one game), its clock messages
/// left out.
fn dgt_messages() -> Vec<Vec<u8>> {
    use arbiter::board::dgt;
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/eboard/dgt/1.inbytes"
    );
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/eboard/dgt/1.inbytes");
    std::fs::read_to_string(shared)
        .or_else(|_| std::fs::read_to_string(fixture))
        .unwrap()
        .lines()
        .map(|l| dgt::base64_decode(l.trim().as_bytes()).unwrap())
        .filter(|m| m[0] != dgt::id::CLOCK)
        .collect()
}

/// A DGT board's messages for `moves` (UCI) from the start: the start position's board dump
/// (the board asked again when the pieces were set up), then a lift and a put-down per move.
fn dgt_game(moves: &[&str]) -> Vec<u8> {
    use arbiter::board::dgt::{self, code_of_piece, field_of_square, square_of_field};
    use shakmaty::{Chess, Position, uci::UciMove};
    let mut pos = Chess::default();
    let mut out = vec![dgt::id::BOARD_DUMP, 0, 67];
    for field in 0..64u8 {
        out.push(code_of_piece(
            pos.board().piece_at(square_of_field(field).unwrap()),
        ));
    }
    for m in moves {
        let m = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let (from, to) = (m.from().unwrap(), m.to());
        let piece = pos.board().piece_at(from);
        out.extend_from_slice(&[dgt::id::FIELD_UPDATE, 0, 5, field_of_square(from), 0]);
        out.extend_from_slice(&[
            dgt::id::FIELD_UPDATE,
            0,
            5,
            field_of_square(to),
            code_of_piece(piece),
        ]);
        pos.play_unchecked(m);
    }
    out
}

/// A DGT capture of two games (the real 57-ply game, the pieces set up again, then 1. e4 e5
/// 2. Nf3): two games judged, numbered, each with its own moves and no act (before, the second
/// game was read as illegal acts of the first).
#[test]
fn each_game_of_a_dgt_capture_is_judged() {
    let mut bytes: Vec<u8> = dgt_messages().concat();
    bytes.extend(dgt_game(&["e2e4", "e7e5", "g1f3"]));
    let games =
        arbiter::board::read_dgt_games(&bytes, &arbiter::board::RecogniserConfig::default())
            .unwrap();
    assert_eq!(games.len(), 2);
    let moves: Vec<usize> = games
        .iter()
        .map(|g| {
            g.as_ref()
                .unwrap()
                .events
                .events
                .iter()
                .filter(|e| matches!(e, arbiter::game::event::Event::Move(_)))
                .count()
        })
        .collect();
    assert_eq!(moves, [57, 3]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.dgt");
    std::fs::write(&path, &bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--input", "dgt", "--format", "json"])
        .arg(&path)
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
    assert_eq!(verdicts[1]["index"], 2);
    assert_eq!(verdicts[0]["illegal_moves"], serde_json::json!([]));
    assert_eq!(verdicts[1]["illegal_moves"], serde_json::json!([]));
    assert_eq!(
        verdicts[1]["final_fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    // PGN: one game each.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--input", "dgt", "--format", "pgn"])
        .arg(&path)
        .output()
        .unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert_eq!(pgn.matches("[Result ").count(), 2, "{pgn}");
    assert!(pgn.contains("1. e4 e5 2. Nf3"), "{pgn}");
}
