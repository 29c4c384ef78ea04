//! Every order in which a board reports a move (docs/eboards.md, "The orders of a move") is
//! read as the one move it is: random legal games played out change by change in randomly
//! chosen real orders, with and without times, polled or not, with and without a clock, with
//! pieces knocked over and pauses in the middle of moves, give the game back exactly (every
//! ply, no illegal act); and a fixture per order (`fixtures/board/orders/`).

use arbiter::board::simulate::{Order, PlayOut, Timing, play_out};
use arbiter::board::{BoardEventKind, Recognised, RecogniserConfig, recognise};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use shakmaty::{Chess, Move, Position};

/// A random legal game from the start, `plies` long at most (shorter when it ends), leaning
/// towards the moves with several orders: captures, castling, en passant, promotion.
pub fn random_game(seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    let mut out = Vec::new();
    while out.len() < plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let special: Vec<&Move> = moves
            .iter()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
            .collect();
        let m = if !special.is_empty() && rng.random_bool(0.7) {
            *special[rng.random_range(0..special.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        pos.play_unchecked(m);
        out.push(m);
        if pos.is_insufficient_material() {
            break;
        }
    }
    out
}

/// The moves recognised and the events that are not moves or touches (none is expected).
fn moves_and_others(r: &Recognised) -> (Vec<Move>, Vec<String>) {
    let others = r
        .events
        .iter()
        .filter(|e| {
            !matches!(
                e.kind,
                BoardEventKind::Move(_)
                    | BoardEventKind::Touch { .. }
                    | BoardEventKind::Passthrough(_)
            )
        })
        .map(|e| format!("line {}: {:?}", e.line, e.kind))
        .collect();
    (r.moves(), others)
}

fn check(game: &[Move], cfg: &PlayOut, seed: u64) -> Result<(), String> {
    let snaps = play_out(&Chess::default(), game, cfg, seed);
    let r = recognise(&snaps, &RecogniserConfig::default()).map_err(|e| e.to_string())?;
    let (moves, others) = moves_and_others(&r);
    let ok = moves == game && others.is_empty();
    if ok {
        return Ok(());
    }
    let first = moves
        .iter()
        .zip(game)
        .position(|(a, b)| a != b)
        .unwrap_or(moves.len().min(game.len()));
    Err(format!(
        "{cfg:?} seed {seed}: {} of {} plies, first difference at ply {}: {:?} vs {:?}; others: {:?}",
        moves.len(),
        game.len(),
        first + 1,
        moves.get(first),
        game.get(first),
        others
    ))
}

fn timing() -> impl Strategy<Value = Timing> {
    prop_oneof![
        Just(Timing::Untimed),
        Just(Timing::Timed),
        Just(Timing::Polled)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("ORDERS_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256), ..ProptestConfig::default() })]

    #[test]
    fn random_games_in_random_orders_are_read_back_exactly(
        seed in any::<u64>(),
        timing in timing(),
        clock in any::<bool>(),
        plies in 10usize..120,
        knocks in 0.0f64..0.4,
        pauses in 0.0f64..0.4,
        rotated in any::<bool>(),
    ) {
        let game = random_game(seed, plies);
        let cfg = PlayOut { timing, clock, knocks, pauses, rotated, ..PlayOut::default() };
        if let Err(e) = check(&game, &cfg, seed) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// A survey of every order alone under every timing (run by hand, `--ignored`): the share of
/// games read back exactly.
#[test]
#[ignore = "a survey, run by hand"]
fn survey_of_the_orders() {
    for order in Order::ALL {
        for timing in [Timing::Untimed, Timing::Timed, Timing::Polled] {
            for clock in [false, true] {
                let cfg = PlayOut {
                    timing,
                    clock,
                    knocks: 0.0,
                    pauses: 0.0,
                    orders: vec![order],
                    ..PlayOut::default()
                };
                let mut failed = Vec::new();
                for seed in 0..40u64 {
                    let game = random_game(seed, 80);
                    if let Err(e) = check(&game, &cfg, seed) {
                        failed.push(e);
                    }
                }
                println!(
                    "{:28} {:8} clock {:5}: {} of 40 failed{}",
                    order.code(),
                    format!("{timing:?}"),
                    clock,
                    failed.len(),
                    failed
                        .first()
                        .map(|e| format!("\n    {}", e.chars().take(400).collect::<String>()))
                        .unwrap_or_default()
                );
            }
        }
    }
    for (knocks, pauses) in [(0.3, 0.0), (0.0, 0.3), (0.3, 0.3)] {
        for timing in [Timing::Untimed, Timing::Timed, Timing::Polled] {
            for clock in [false, true] {
                let cfg = PlayOut {
                    timing,
                    clock,
                    knocks,
                    pauses,
                    ..PlayOut::default()
                };
                let mut failed = Vec::new();
                for seed in 0..40u64 {
                    let game = random_game(seed, 80);
                    if let Err(e) = check(&game, &cfg, seed) {
                        failed.push(e);
                    }
                }
                println!(
                    "knocks {knocks} pauses {pauses} {:8} clock {:5}: {} of 40 failed{}",
                    format!("{timing:?}"),
                    clock,
                    failed.len(),
                    failed
                        .first()
                        .map(|e| format!("\n    {}", e.chars().take(400).collect::<String>()))
                        .unwrap_or_default()
                );
            }
        }
    }
}

/// One case in detail (run by hand): `ORDERS_CASE=seed,timing,knocks,pauses,clock[,order]`.
#[test]
#[ignore = "a case in detail, run by hand"]
fn one_case_in_detail() {
    let Ok(case) = std::env::var("ORDERS_CASE") else {
        return;
    };
    let f: Vec<&str> = case.split(',').collect();
    let seed: u64 = f[0].parse().unwrap();
    let timing = match f[1] {
        "untimed" => Timing::Untimed,
        "timed" => Timing::Timed,
        _ => Timing::Polled,
    };
    let orders = f
        .get(5)
        .map(|o| Order::ALL.into_iter().filter(|x| x.code() == *o).collect())
        .unwrap_or_default();
    let cfg = PlayOut {
        timing,
        knocks: f[2].parse().unwrap(),
        pauses: f[3].parse().unwrap(),
        clock: f[4] == "true",
        orders,
        ..PlayOut::default()
    };
    let game = random_game(seed, 80);
    let snaps = play_out(&Chess::default(), &game, &cfg, seed);
    let r = recognise(&snaps, &RecogniserConfig::default()).unwrap();
    let mut pos = Chess::default();
    for (i, m) in game.iter().enumerate() {
        println!("ply {}: {}", i + 1, shakmaty::san::San::from_move(&pos, *m));
        pos.play_unchecked(*m);
    }
    for s in &snaps {
        println!(
            "{} {:?} {}",
            s.line,
            s.t,
            match &s.reading {
                arbiter::board::Reading::Placement(b) => b.to_string(),
                other => format!("{other:?}"),
            }
        );
    }
    for e in &r.events {
        println!(
            "event line {}: {:?}",
            e.line,
            match &e.kind {
                BoardEventKind::Move(m) => m.san.clone(),
                k => format!("{k:?}").chars().take(200).collect(),
            }
        );
    }
}

/// The game of each order's fixture: a short game whose last move can be made in that order,
/// from the start position unless a FEN is given.
fn fixture_game(order: Order) -> (Option<&'static str>, &'static [&'static str]) {
    use Order::*;
    match order {
        LiftThenPlace | PlaceThenLift => (None, &["e2e4", "e7e5", "g1f3"]),
        Slide => (None, &["e2e4", "e7e5", "d1h5"]),
        CaptureTakenFirst | CaptureMoverFirst | CaptureSwap | CapturePlaceFirst => {
            (None, &["e2e4", "d7d5", "e4d5"])
        }
        EnPassantTakenFirst | EnPassantMoverFirst | EnPassantPlaceThenTake | EnPassantScan => {
            (None, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"])
        }
        CastlingKingFirst | CastlingRookFirst | CastlingBothInAir | CastlingScan => (
            None,
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1"],
        ),
        PromotionExchanged | PromotionPawnFirst | PromotionPieceFirst => (
            Some("8/1P2k3/8/8/8/7K/6p1/8 w - - 0 1"),
            &["b7b8q", "g2g1q", "b8b5"],
        ),
    }
}

fn fixture_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/board/orders")
}

/// Writes `fixtures/board/orders/` (run by hand once: `--ignored`): one log per order, each
/// move of its game lift-then-place but the last (the last two for promotion: both pawns
/// promote in the order), change by change without times, as a DGT board without clock
/// messages reports it; and `knocked.fen`, a piece knocked over and set back in a move.
#[test]
#[ignore = "writes the fixtures, run by hand"]
fn write_the_order_fixtures() {
    use shakmaty::uci::UciMove;
    std::fs::create_dir_all(fixture_dir()).unwrap();
    let mut cases: Vec<(String, Option<Order>)> = Order::ALL
        .iter()
        .map(|o| (o.code().to_owned(), Some(*o)))
        .collect();
    cases.push(("knocked".into(), None));
    for (name, order) in cases {
        let (fen, ucis) = order.map_or((None, &["e2e4", "e7e5", "g1f3", "b8c6"][..]), fixture_game);
        let start: Chess = match fen {
            Some(f) => f
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap(),
            None => Chess::default(),
        };
        let mut pos = start.clone();
        let mut snaps = Vec::new();
        let mut line_board = start.board().clone();
        snaps.push(line_board.to_string());
        for (i, u) in ucis.iter().enumerate() {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            let special = order.is_some_and(|o| o.changes(&pos, &m).is_some())
                && (i + 1 == ucis.len() || m.is_promotion());
            let changes = match order {
                Some(o) if special => o.changes(&pos, &m).unwrap(),
                _ => Order::of(&pos, &m)[0].changes(&pos, &m).unwrap(),
            };
            let mut changes = changes;
            if order.is_none() && i == 2 {
                // The knight from g1 knocks the pawn on f2 over; it is set back after.
                changes.insert(1, (shakmaty::Square::F2, None));
                changes.push((shakmaty::Square::F2, Some(shakmaty::Color::White.pawn())));
            }
            for (sq, piece) in changes {
                match piece {
                    Some(p) => line_board.set_piece_at(sq, p),
                    None => {
                        line_board.discard_piece_at(sq);
                    }
                }
                snaps.push(line_board.to_string());
            }
            pos.play_unchecked(m);
        }
        let what = match order {
            Some(o) => format!("the last move in the order `{}`", o.code()),
            None => "the knight's move with the pawn on f2 knocked over and set back".to_owned(),
        };
        let mut text = format!(
            "# {what},\n# reported change by change without times or clock (a DGT board's field updates);\n# written by tests/it/board_orders.rs, read back there.\n# moves: {}\n",
            ucis.join(" ")
        );
        if let Some(f) = fen {
            text += &format!("{{\"type\":\"header\",\"fen\":\"{f}\"}}\n");
        }
        for s in &snaps {
            text += s;
            text.push('\n');
        }
        std::fs::write(fixture_dir().join(format!("{name}.fen")), text).unwrap();
    }
}

/// Each order's fixture gives its moves back, no illegal act.
#[test]
fn every_order_has_a_fixture_read_as_its_moves() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(fixture_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "fen") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let want: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("# moves: "))
            .unwrap()
            .split_whitespace()
            .collect();
        let r = arbiter::board::read_board_log(&text, &RecogniserConfig::default()).unwrap();
        let (moves, others) = moves_and_others(&r);
        let got: Vec<String> = moves
            .iter()
            .map(|m| shakmaty::uci::UciMove::from_standard(*m).to_string())
            .collect();
        assert_eq!(got, want, "{}", path.display());
        assert!(others.is_empty(), "{}: {others:?}", path.display());
        seen.push(path.file_stem().unwrap().to_string_lossy().into_owned());
    }
    for o in Order::ALL {
        assert!(
            seen.iter().any(|s| s == o.code()),
            "no fixture for {}",
            o.code()
        );
    }
    assert!(seen.iter().any(|s| s == "knocked"));
}
