//! Board logs judged under the competition rules: illegal acts seen by the board and claimed by
//! the opponent count (CR 3.4), the second counted one loses (CR 3.3, or draws when the
//! opponent cannot mate, Laws 7.5.5); acts nobody claims and the board puts back are taken back
//! by agreement (CR 3.6). Real games from `../shared/data/pgn/`, rendered with transients.

use arbiter::board::placement::{Reading, Snapshot, write_log};
use arbiter::board::simulate::{SimulationConfig, simulate};
use arbiter::board::{Orientation, RecogniserConfig, read_board_game};
use arbiter::formats::pgn::PgnReader;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::verdict::{ActKind, GameResult, Reason, Status};
use arbiter::laws::Article;
use arbiter::laws::illegal::{IllegalMove, PhysicalMove, classify};
use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::{Board, Chess, Color, Move, Position, Square};

/// The first `limit` games of `twic0920_otb.pgn` with at least 20 plies, as moves from the
/// standard start.
fn games(limit: usize) -> Vec<Vec<Move>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/pgn/twic0920_otb.pgn"
    );
    let input = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    PgnReader::new(input)
        .map_while(Result::ok)
        .filter_map(|g| g.mainline_from_start().ok())
        .filter(|moves| moves.len() >= 20)
        .take(limit)
        .collect()
}

#[test]
fn fixture_two_claimed_illegal_moves_lose() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/board/two-illegal-moves.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let game = read_board_game(&text, &RecogniserConfig::default()).unwrap();
    let v = judge_game(&game.events, None, JudgeOptions::default()).unwrap();
    assert_eq!(v.result, GameResult::BlackWins);
    assert_eq!(v.reason, Reason::TwoIllegalMoves);
    assert_eq!(v.article, Some(Article::Competition("3.3")));
    let kinds: Vec<(ActKind, Status)> =
        v.illegal_moves.iter().map(|a| (a.kind, a.status)).collect();
    assert_eq!(
        kinds,
        [
            (
                ActKind::Move(IllegalMove::BishopMovement),
                Status::CountedClaimed
            ),
            (
                ActKind::Move(IllegalMove::PieceAdded),
                Status::CountedClaimed
            ),
        ]
    );
    assert_eq!(v.game.white.as_deref(), Some("Anna"));
}

/// An illegal placement for the player on move in `pos`: a queen added, an enemy piece
/// removed, or one of his pieces moved against its rule.
fn illegal_placement(
    kind: usize,
    pos: &Chess,
    history: &[Board],
    rng: &mut XorShiftRng,
) -> Option<(Board, IllegalMove)> {
    let board = pos.board();
    let us = pos.turn();
    let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
    let mut b = board.clone();
    let kind = match kind % 3 {
        0 => {
            b.set_piece_at(empty[rng.random_range(0..empty.len())], us.queen());
            IllegalMove::PieceAdded
        }
        1 => {
            let theirs: Vec<Square> = (board.by_color(!us) & !board.kings()).into_iter().collect();
            b.discard_piece_at(*theirs.get(rng.random_range(0..theirs.len().max(1)))?);
            IllegalMove::PieceRemoved
        }
        _ => {
            let own: Vec<Square> = (board.by_color(us) & !board.pawns() & !board.kings())
                .into_iter()
                .collect();
            let from = *own.get(rng.random_range(0..own.len().max(1)))?;
            let to = empty[rng.random_range(0..empty.len())];
            let kind = classify(
                pos,
                &PhysicalMove {
                    from,
                    to,
                    promotion: None,
                },
            )
            .err()?;
            let p = b.remove_piece_at(from)?;
            b.set_piece_at(to, p);
            kind
        }
    };
    (!history.contains(&b)).then_some((b, kind))
}

/// Renders `moves` with an illegal act before plies `at`, each followed by a claim by the
/// opponent when `claimed` (the log then ends with the last claim), else by the board put back
/// and the rest of the game, and judges the log.
fn judged(
    moves: &[Move],
    at: &[usize],
    claimed: bool,
    cfg: &SimulationConfig,
    seed: u64,
) -> Option<(
    arbiter::game::verdict::Verdict,
    Vec<IllegalMove>,
    Vec<bool>,
    Color,
)> {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut snaps: Vec<Snapshot> = Vec::new();
    let mut pos = Chess::default();
    let mut history = vec![pos.board().clone()];
    let mut done = 0;
    let mut kinds = Vec::new();
    let mut waited = Vec::new();
    let mut cfg = cfg.clone();
    let mut offset = 0.0;
    let mut mover = Color::White;
    for (j, &k) in at.iter().enumerate() {
        let mut part = simulate(&pos, &moves[done..k], &cfg, seed ^ j as u64);
        for s in &mut part {
            s.t = s.t.map(|t| t + offset);
        }
        snaps.extend(part);
        for m in &moves[done..k] {
            pos.play_unchecked(*m);
            history.push(pos.board().clone());
        }
        done = k;
        cfg.set_up = false;
        let (illegal, kind) = illegal_placement(j + seed as usize, &pos, &history, &mut rng)?;
        kinds.push(kind);
        waited.push(
            arbiter::board::progress::Moves::of(&pos).seen(&illegal)
                == arbiter::board::progress::Seen::OnTheWay,
        );
        mover = pos.turn();
        let t = snaps.last().and_then(|s| s.t).map(|t| t + 3.0);
        let seen = if cfg.rotated {
            Orientation::Rotated.apply(&illegal)
        } else {
            illegal
        };
        for i in 0..2 {
            snaps.push(Snapshot {
                line: 0,
                t: t.map(|t| t + f64::from(i)),
                reading: Reading::Placement(seen.clone()),
            });
        }
        if cfg.clock {
            snaps.push(Snapshot {
                line: 0,
                t: t.map(|t| t + 2.5),
                reading: Reading::Clock(mover),
            });
        }
        if claimed {
            let by = if mover == Color::White {
                "black"
            } else {
                "white"
            };
            snaps.push(Snapshot {
                line: 0,
                t: None,
                reading: Reading::Event(
                    serde_json::json!({"type": "claim", "by": by, "claim": "illegal_move"}),
                ),
            });
        }
        offset = t.unwrap_or(0.0) + 5.0;
    }
    if !claimed {
        // Unclaimed, the acts were put back and the game goes on; claimed, the second one has
        // ended it.
        let mut rest = simulate(&pos, &moves[done..], &cfg, seed ^ 0xFF);
        for s in &mut rest {
            s.t = s.t.map(|t| t + offset);
        }
        snaps.extend(rest);
    }
    let game = read_board_game(&write_log(&snaps), &RecogniserConfig::default()).expect("reads");
    let v = judge_game(&game.events, None, JudgeOptions::default()).expect("judged");
    Some((v, kinds, waited, mover))
}

#[test]
#[ignore = "needs ../shared"]
fn real_games_with_two_claimed_illegal_moves_are_lost() {
    let all = games(60);
    let (mut checked, mut failures) = (0usize, 0usize);
    for (i, moves) in all.iter().enumerate() {
        let seed = 0x5EED_0000 + i as u64;
        let cfg = SimulationConfig {
            timed: i % 3 == 1,
            clock: i % 3 == 2,
            rotated: i % 4 == 1,
            ..SimulationConfig::default()
        };
        // Two acts by the same player, at least two plies apart.
        let first = 2 + (i % 7) * 2;
        let second = first + 4 + (i % 5) * 2;
        if second >= moves.len() {
            continue;
        }
        let Some((v, kinds, _, mover)) = judged(moves, &[first, second], true, &cfg, seed) else {
            continue;
        };
        checked += 1;
        let want = if mover == Color::White {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        let acts: Vec<(ActKind, Status)> =
            v.illegal_moves.iter().map(|a| (a.kind, a.status)).collect();
        let expected: Vec<(ActKind, Status)> = kinds
            .iter()
            .map(|k| (ActKind::Move(*k), Status::CountedClaimed))
            .collect();
        let ok = acts == expected
            && ((v.result == want && v.reason == Reason::TwoIllegalMoves)
                || (v.result == GameResult::Draw
                    && v.reason == Reason::TwoIllegalMovesOpponentCannotMate))
            && v.ended_at_ply == Some(second as u32);
        if !ok {
            failures += 1;
            eprintln!(
                "game {i} seed {seed:#x} {cfg:?}: {:?} {:?} at {:?}, acts {acts:?}, expected {expected:?}",
                v.result, v.reason, v.ended_at_ply
            );
        }

        // The same acts unclaimed and put back: taken back by agreement, nothing counted, the
        // whole game judged.
        // A piece taken off and put back before play goes on was held in the hand: no act,
        // unless the clock was pressed with it off the board.
        let Some((v, kinds, waited, _)) = judged(moves, &[first, second], false, &cfg, seed) else {
            continue;
        };
        // So is a placement on the way of a legal move put back (the queen put on a square
        // another queen's move reaches, before anything is lifted): only if it stays
        // (`board_orders`).
        let statuses: Vec<Status> = v.illegal_moves.iter().map(|a| a.status).collect();
        let want: Vec<Status> = kinds
            .iter()
            .zip(&waited)
            .filter(|(k, waits)| cfg.clock || (**k != IllegalMove::PieceRemoved && !**waits))
            .map(|_| Status::TakenBack)
            .collect();
        if statuses != want || v.plies as usize != moves.len() {
            failures += 1;
            eprintln!(
                "game {i} seed {seed:#x} unclaimed: {statuses:?}, {} of {} plies, {:?}",
                v.plies,
                moves.len(),
                v.reason
            );
        }
    }
    println!(
        "{checked} games with two injected illegal acts: {} passed, {failures} failed",
        checked - failures.min(checked)
    );
    assert_eq!(failures, 0);
    assert!(checked >= 40, "only {checked} games checked");
}

#[test]
fn arbiter_judge_reads_board_logs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/board");
    // Detected by content, although the extension says JSON Lines.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "judge",
            "--format",
            "json",
            &format!("{dir}/two-illegal-moves.jsonl"),
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON verdict");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "two_illegal_moves");
    assert_eq!(v["illegal_moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["illegal_moves"][1]["kind"], "piece_added");

    // `--input board` from stdin.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--input", "board", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let log = std::fs::read(format!("{dir}/polled-italian.fen")).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &log).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("after 10 plies"), "{text}");

    // K = 1: every placement is judged at once, but a lift never is: a piece in the hand is no
    // piece removed (CR 3.1) by time alone.
    let hasty = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "judge",
            "--board-snapshots",
            "1",
            &format!("{dir}/polled-italian.fen"),
        ])
        .output()
        .expect("runs");
    let hasty = String::from_utf8_lossy(&hasty.stdout);
    assert!(
        hasty.contains("illegal move") && !hasty.contains("piece_removed"),
        "{hasty}"
    );

    // A log that never shows the start position: an error with the file name, exit 1.
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["judge", "--input", "board", &format!("{dir}/README.md")])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("README.md"));
}
