//! Real games rendered as e-board logs (seeded transients: pieces in the air and slid, flicker,
//! both capture orders, king-first and rook-first castling, both promotion orders, missed
//! updates, rotated boards, three commit rules) must give back exactly the games' moves.

use arbiter::board::placement::{Reading, Snapshot, write_log};
use arbiter::board::progress::{Moves, Seen};
use arbiter::board::simulate::{SimulationConfig, simulate};
use arbiter::board::{BoardEventKind, RecogniserConfig, parse_log, recognise};
use arbiter::board::{IllegalAct, Orientation};
use arbiter::formats::pgn::PgnReader;
use arbiter::laws::illegal::{IllegalMove, PhysicalMove, classify};
use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::{Board, Chess, Move, Piece, Position, Role, Square};

/// The first `limit` games of `../shared/data/pgn/{file}` that have at least one move, as moves
/// from the standard start.
fn games(file: &str, limit: usize) -> Vec<Vec<Move>> {
    let path = format!("{}/../shared/data/pgn/{file}", env!("CARGO_MANIFEST_DIR"));
    let input = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    PgnReader::new(input)
        .map(|g| g.unwrap_or_else(|e| panic!("{path}: {e}")))
        .filter_map(|g| g.mainline_from_start().ok())
        .filter(|moves| !moves.is_empty())
        .take(limit)
        .collect()
}

#[test]
#[ignore = "needs ../shared"]
fn real_games_are_recovered_exactly() {
    let mut all = games("lichess_2025-05_blitz_clk.pgn", 200);
    all.extend(games("twic1599_otb.pgn", 200));
    all.extend(games("tcec_cup12_bronze_engine_comments.pgn", 13));
    let (mut plies, mut snapshots, mut recovered, mut failures) = (0usize, 0usize, 0usize, 0usize);
    for (i, moves) in all.iter().enumerate() {
        let seed = 0xB0A2D ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mode = i % 3;
        let cfg = SimulationConfig {
            timed: mode == 1,
            clock: mode == 2,
            transients: true,
            set_up: true,
            rotated: i % 4 == 3,
            hold: 2,
            missed_updates: if i % 5 == 0 { 0.05 } else { 0.0 },
        };
        let snaps = simulate(&Chess::default(), moves, &cfg, seed);
        let text = write_log(&snaps);
        let parsed = parse_log(&text).expect("rendered log parses");
        let got = recognise(&parsed, &RecogniserConfig::default()).expect("start found");
        snapshots += parsed.len();
        plies += moves.len();
        recovered += got
            .events
            .iter()
            .filter(|e| matches!(&e.kind, BoardEventKind::Move(m) if m.recovered))
            .count();
        let others: Vec<_> = got
            .events
            .iter()
            .filter(|e| {
                !matches!(
                    e.kind,
                    BoardEventKind::Move(_) | BoardEventKind::Touch { .. }
                )
            })
            .collect();
        if got.moves() != *moves || !others.is_empty() {
            failures += 1;
            let first_diff = got
                .moves()
                .iter()
                .zip(moves)
                .position(|(a, b)| a != b)
                .unwrap_or(got.moves().len().min(moves.len()));
            eprintln!(
                "game {i} (seed {seed:#x}, cfg {cfg:?}): {} of {} moves, first difference at ply {first_diff}, other events {:?}",
                got.moves().len(),
                moves.len(),
                others.iter().take(3).collect::<Vec<_>>()
            );
        }
    }
    println!(
        "{} games, {plies} plies, {snapshots} snapshots, {recovered} missed plies recovered: {} passed, {failures} failed",
        all.len(),
        all.len() - failures
    );
    assert_eq!(failures, 0);
    assert!(recovered > 0, "missed updates were rendered and recovered");
}

/// An illegal placement to put on the board in `pos` (then taken back), with the act the
/// recogniser must report; `None` when this kind does not fit the position.
fn inject(
    kind: usize,
    pos: &Chess,
    next: &Move,
    history: &[Board],
    rng: &mut XorShiftRng,
) -> Option<(Board, IllegalAct)> {
    let us = pos.turn();
    let board = pos.board();
    let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
    let mut b = board.clone();
    let act = |side, kind, physical| IllegalAct {
        side,
        kind,
        physical,
    };
    let pm = |from, to, promotion| {
        Some(PhysicalMove {
            from,
            to,
            promotion,
        })
    };
    let result = match kind {
        0 => {
            let sq = empty[rng.random_range(0..empty.len())];
            b.set_piece_at(sq, us.queen());
            (b, act(us, IllegalMove::PieceAdded, None))
        }
        1 => {
            let theirs: Vec<Square> = (board.by_color(!us) & !board.kings()).into_iter().collect();
            if theirs.is_empty() {
                return None;
            }
            b.discard_piece_at(theirs[rng.random_range(0..theirs.len())]);
            (b, act(us, IllegalMove::PieceRemoved, None))
        }
        2 => {
            // Two of the mover's pieces each make a quiet legal move.
            let quiet: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_capture() && m.role() != Role::King && !m.is_promotion())
                .collect();
            let a = quiet.get(rng.random_range(0..quiet.len().max(1)))?;
            let c = quiet.iter().find(|m| {
                m.from() != a.from()
                    && m.to() != a.to()
                    && Some(m.to()) != a.from()
                    && m.from() != Some(a.to())
                    && !shakmaty::attacks::between(a.from().unwrap_or(a.to()), a.to())
                        .contains(m.to())
                    && !shakmaty::attacks::between(m.from().unwrap_or(m.to()), m.to())
                        .contains(a.to())
            })?;
            for m in [a, c] {
                let from = m.from()?;
                let p = b.remove_piece_at(from)?;
                b.set_piece_at(m.to(), p);
            }
            (b, act(us, IllegalMove::TwoPiecesMoved, None))
        }
        3 => {
            let theirs = pos.clone().swap_turn().ok()?;
            let quiet: Vec<Move> = theirs
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    matches!(
                        m,
                        Move::Normal {
                            capture: None,
                            promotion: None,
                            ..
                        }
                    )
                })
                .collect();
            let m = quiet.get(rng.random_range(0..quiet.len().max(1)))?;
            let from = m.from()?;
            let p = b.remove_piece_at(from)?;
            b.set_piece_at(m.to(), p);
            (b, act(!us, IllegalMove::OutOfTurn, pm(from, m.to(), None)))
        }
        4 => {
            // One of the mover's pieces put on an empty square its rules do not allow.
            let own: Vec<Square> = (board.by_color(us) & !board.pawns()).into_iter().collect();
            let from = own[rng.random_range(0..own.len())];
            let to = empty[rng.random_range(0..empty.len())];
            let phys = PhysicalMove {
                from,
                to,
                promotion: None,
            };
            let kind = classify(pos, &phys).err()?;
            if from.distance(to) == 2 && board.role_at(from) == Some(Role::King) {
                return None;
            }
            let p: Piece = b.remove_piece_at(from)?;
            b.set_piece_at(to, p);
            (b, act(us, kind, Some(phys)))
        }
        _ => {
            // The game's next move left incomplete, when it is castling, en passant or a
            // promotion.
            match *next {
                Move::Castle { king, rook } => {
                    let to = if rook.file() > king.file() {
                        shakmaty::CastlingSide::KingSide.king_to(us)
                    } else {
                        shakmaty::CastlingSide::QueenSide.king_to(us)
                    };
                    b.discard_piece_at(king);
                    b.set_piece_at(to, us.king());
                    (
                        b,
                        act(us, IllegalMove::IncompleteCastling, pm(king, to, None)),
                    )
                }
                Move::EnPassant { from, to } => {
                    b.discard_piece_at(from);
                    b.set_piece_at(to, us.pawn());
                    (
                        b,
                        act(us, IllegalMove::IncompleteEnPassant, pm(from, to, None)),
                    )
                }
                Move::Normal {
                    from,
                    to,
                    promotion: Some(r),
                    capture: None,
                    ..
                } => {
                    b.set_piece_at(to, Piece { color: us, role: r });
                    (
                        b,
                        act(us, IllegalMove::IncompletePromotion, pm(from, to, Some(r))),
                    )
                }
                _ => return None,
            }
        }
    };
    (!history.contains(&result.0)).then_some(result)
}

#[test]
#[ignore = "needs ../shared"]
fn illegal_acts_injected_into_real_games_are_classified() {
    let mut all = games("twic1599_otb.pgn", 150);
    all.extend(games("lichess_2025-05_blitz_clk.pgn", 150));
    let mut by_kind: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut failures = 0usize;
    for (i, moves) in all.iter().enumerate() {
        let seed = 0x111E6A1 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = XorShiftRng::seed_from_u64(seed);
        let mut cfg = SimulationConfig {
            timed: i % 3 == 1,
            clock: i % 3 == 2,
            rotated: i % 4 == 1,
            ..SimulationConfig::default()
        };
        // Where to inject: the game's castling / en passant / promotion for the "incomplete"
        // kind, else a random ply.
        let kind = i % 6;
        let special = moves
            .iter()
            .position(|m| m.is_castle() || m.is_en_passant() || m.is_promotion());
        let k = match (kind, special) {
            (5, Some(k)) => k,
            (5, None) => continue,
            _ => rng.random_range(0..moves.len()),
        };
        let mut pos = Chess::default();
        let mut history = vec![pos.board().clone()];
        for m in &moves[..k] {
            pos.play_unchecked(*m);
            history.push(pos.board().clone());
        }
        let Some((illegal, expected)) = inject(kind, &pos, &moves[k], &history, &mut rng) else {
            continue;
        };
        let illegal_board = illegal.clone();
        // A second move of the piece that moved last, along its line, before the other player
        // acts, is the same hand's slide: read as one move (the recogniser's revision), not
        // the act injected.
        if k > 0 && !cfg.clock {
            let mut before = Chess::default();
            for m in &moves[..k - 1] {
                before.play_unchecked(*m);
            }
            let earlier = Moves::of(&before);
            if let Seen::Target(i) = earlier.seen(&illegal)
                && earlier.on_the_way_of(&earlier.list[i], pos.board())
            {
                continue;
            }
        }
        let mut snaps = simulate(&Chess::default(), &moves[..k], &cfg, seed);
        let t_end = snaps.last().and_then(|s| s.t).unwrap_or(0.0) + 3.0;
        let seen = if cfg.rotated {
            Orientation::Rotated.apply(&illegal)
        } else {
            illegal
        };
        let timed = cfg.timed || cfg.clock;
        for j in 0..2 {
            snaps.push(Snapshot {
                line: 0,
                t: timed.then_some(t_end + j as f64 * 0.5),
                reading: Reading::Placement(seen.clone()),
            });
        }
        if cfg.clock {
            snaps.push(Snapshot {
                line: 0,
                t: Some(t_end + 1.0),
                reading: Reading::Clock(pos.turn()),
            });
        }
        cfg.set_up = false;
        let offset = t_end + 4.0;
        snaps.extend(
            simulate(&pos, &moves[k..], &cfg, seed ^ 1)
                .into_iter()
                .map(|mut s| {
                    s.t = s.t.map(|t| t + offset);
                    s
                }),
        );
        let got = recognise(
            &parse_log(&write_log(&snaps)).expect("parses"),
            &RecogniserConfig::default(),
        )
        .expect("start found");
        let acts: Vec<IllegalAct> = got.illegal_acts().into_iter().map(|(_, a)| a).collect();
        let restored = got
            .events
            .iter()
            .any(|e| matches!(e.kind, BoardEventKind::Restored { acts: 1 }));
        // A piece taken off the board and put back before play goes on is a piece held in the
        // hand, and a placement on the way of a legal move put back is that move not made
        // (castling half done, the pawn put on its en passant square, a piece put down before
        // its old square is emptied): never an act by time alone, only if it stays
        // (`board_orders`). With a clock the press completes the move (Laws 6.2.1): pressed,
        // it is an act.
        let seen = Moves::of(&pos).seen(&illegal_board);
        let on_the_way = seen == Seen::OnTheWay && !cfg.clock;
        let in_hand = expected.kind == IllegalMove::PieceRemoved
            || (seen == Seen::InHand && !cfg.clock)
            || on_the_way;
        let key = match () {
            _ if on_the_way => "on_the_way".to_owned(),
            _ if in_hand => "piece_in_hand".to_owned(),
            _ => expected.kind.code(),
        };
        let entry = by_kind.entry(key).or_default();
        let as_expected = if in_hand {
            acts.is_empty()
        } else {
            acts == [expected] && restored
        };
        if as_expected && got.moves() == *moves {
            entry.0 += 1;
        } else {
            entry.1 += 1;
            failures += 1;
            eprintln!(
                "game {i} seed {seed:#x} ply {k} {cfg:?}: expected {expected:?}, got {acts:?}, restored {restored}, moves equal {}",
                got.moves() == *moves
            );
        }
    }
    for (kind, (ok, bad)) in &by_kind {
        println!("{kind}: {ok} passed, {bad} failed");
    }
    let passed: usize = by_kind.values().map(|v| v.0).sum();
    println!("{passed} passed, {failures} failed");
    assert_eq!(failures, 0);
    for kind in [
        "piece_added",
        "piece_in_hand",
        "two_pieces_moved",
        "out_of_turn",
        "on_the_way",
    ] {
        assert!(
            by_kind.get(kind).is_some_and(|v| v.0 >= 5),
            "{kind} injected too rarely"
        );
    }
    assert!(by_kind.len() >= 8, "kinds covered: {:?}", by_kind.keys());
}
