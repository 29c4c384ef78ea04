//! Illegal acts injected into hand-built placement logs are classified with the kinds and
//! articles of the Laws / CR (laws-reference §2), attributed to the right player, and what
//! follows them (restoration, play on, take-back) is recognised.

use arbiter::board::placement::{Reading, Snapshot, write_log};
use arbiter::board::{
    BoardEventKind, IllegalAct, Recognised, RecogniserConfig, StabilityRule, read_board_log,
};
use arbiter::laws::Article;
use arbiter::laws::illegal::{IllegalMove, PhysicalMove};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, Position, Square};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("fen")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

/// A polled log (each standing placement read twice): `start`, then each UCI move, then each
/// extra placement given as an edit of the board standing before it.
struct Log {
    pos: Chess,
    board: Board,
    snaps: Vec<Snapshot>,
}

impl Log {
    fn new(start: &Chess) -> Log {
        let mut l = Log {
            pos: start.clone(),
            board: start.board().clone(),
            snaps: Vec::new(),
        };
        l.stand();
        l
    }

    fn stand(&mut self) {
        for _ in 0..2 {
            self.snaps.push(Snapshot {
                line: 0,
                t: None,
                reading: Reading::Placement(self.board.clone()),
            });
        }
    }

    fn moves(mut self, ucis: &[&str]) -> Log {
        for u in ucis {
            let m = u
                .parse::<UciMove>()
                .expect("uci")
                .to_move(&self.pos)
                .expect("legal");
            self.pos.play_unchecked(m);
            self.board = self.pos.board().clone();
            self.stand();
        }
        self
    }

    /// The board put back to `start` plus `ucis` (a take-back).
    fn back_to(mut self, start: &Chess, ucis: &[&str]) -> Log {
        self.pos = start.clone();
        self.board = start.board().clone();
        let snaps = std::mem::take(&mut self.snaps);
        let mut l = self.moves(ucis);
        l.snaps = snaps;
        l.stand();
        l
    }

    fn edit(mut self, f: impl FnOnce(&mut Board)) -> Log {
        f(&mut self.board);
        self.stand();
        self
    }

    fn recognise_with(&self, config: &RecogniserConfig) -> Recognised {
        read_board_log(&write_log(&self.snaps), config).expect("log reads")
    }

    fn recognise(&self, start: &Chess) -> Recognised {
        self.recognise_with(&RecogniserConfig {
            start: start.clone(),
            ..RecogniserConfig::default()
        })
    }
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

fn mv(board: &mut Board, from: &str, to: &str) {
    if let Some(p) = board.remove_piece_at(sq(from)) {
        board.set_piece_at(sq(to), p);
    }
}

fn only_act(r: &Recognised) -> IllegalAct {
    let acts = r.illegal_acts();
    assert_eq!(acts.len(), 1, "one illegal act expected: {:?}", r.events);
    acts[0].1
}

fn physical(from: &str, to: &str) -> Option<PhysicalMove> {
    Some(PhysicalMove {
        from: sq(from),
        to: sq(to),
        promotion: None,
    })
}

#[test]
fn piece_moved_against_its_rule() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "e7e5"])
        .edit(|b| mv(b, "g1", "g3"))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::KnightMovement);
    assert_eq!(act.kind.article(), Article::Laws("3.6"));
    assert_eq!(act.side, Color::White);
    assert_eq!(act.physical, physical("g1", "g3"));
    assert_eq!(r.moves().len(), 2);
}

#[test]
fn piece_added_is_cr_3_1() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "e7e5"])
        .edit(|b| b.set_piece_at(sq("d4"), Color::White.queen()))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::PieceAdded);
    assert_eq!(act.kind.article(), Article::Competition("3.1"));
    assert_eq!((act.side, act.physical), (Color::White, None));
}

#[test]
fn piece_removed_without_capture() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "e7e5", "g1f3"])
        .edit(|b| b.discard_piece_at(sq("e4")))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::PieceRemoved);
    assert_eq!(act.side, Color::Black, "the player on move is responsible");
}

#[test]
fn two_pieces_moved() {
    let start = Chess::default();
    let r = Log::new(&start)
        .edit(|b| {
            mv(b, "d2", "d4");
            mv(b, "g1", "f3");
        })
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::TwoPiecesMoved);
    assert_eq!(act.kind.article(), Article::Laws("3.10.2"));
    assert_eq!(act.side, Color::White);
}

#[test]
fn black_moving_first_is_out_of_turn_and_play_goes_on() {
    let start = Chess::default();
    let r = Log::new(&start)
        .edit(|b| mv(b, "e7", "e5"))
        // White replies from the board as it stands (CR 3.5: played on).
        .edit(|b| mv(b, "d2", "d4"))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::OutOfTurn);
    assert_eq!(act.kind.article(), Article::Competition("3.1"));
    assert_eq!(
        (act.side, act.physical),
        (Color::Black, physical("e7", "e5"))
    );
    assert_eq!(
        r.position.board().to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR"
    );
    assert_eq!(r.position.turn(), Color::Black);
}

#[test]
fn pawn_left_unpromoted_on_the_last_rank() {
    let start = position("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let r = Log::new(&start)
        .edit(|b| mv(b, "e7", "e8"))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::MissingPromotion);
    assert_eq!(act.kind.article(), Article::Laws("3.7.3.3"));
    assert_eq!(act.physical, physical("e7", "e8"));
}

#[test]
fn promotion_piece_placed_pawn_not_removed() {
    let start = position("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let r = Log::new(&start)
        .edit(|b| b.set_piece_at(sq("e8"), Color::White.queen()))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::IncompletePromotion);
    assert_eq!(act.kind.article(), Article::Laws("4.7.3"));
    assert_eq!(
        act.physical,
        Some(PhysicalMove {
            from: sq("e7"),
            to: sq("e8"),
            promotion: Some(shakmaty::Role::Queen)
        })
    );
}

#[test]
fn under_promotion_is_a_legal_move() {
    let start = position("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let r = Log::new(&start)
        .edit(|b| {
            b.discard_piece_at(sq("e7"));
            b.set_piece_at(sq("e8"), Color::White.knight());
        })
        .recognise(&start);
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    assert_eq!(r.moves().len(), 1);
    assert_eq!(r.moves()[0].promotion(), Some(shakmaty::Role::Knight));
}

#[test]
fn king_moved_two_squares_rook_left_is_incomplete_castling() {
    let start = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let r = Log::new(&start)
        .edit(|b| mv(b, "e1", "g1"))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::IncompleteCastling);
    assert_eq!(act.kind.article(), Article::Laws("4.7.2"));
    assert_eq!(act.physical, physical("e1", "g1"));
    // The rook placed on the wrong square is still incomplete castling.
    let r = Log::new(&start)
        .edit(|b| {
            mv(b, "e8", "c8");
            mv(b, "a8", "b8");
        })
        .recognise(&position("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"));
    assert_eq!(only_act(&r).kind, IllegalMove::IncompleteCastling);
}

#[test]
fn castling_through_an_attacked_square() {
    let start = position("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
    let r = Log::new(&start)
        .edit(|b| {
            mv(b, "e1", "g1");
            mv(b, "h1", "f1");
        })
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::CastlingThroughAttackedSquare);
    assert_eq!(act.physical, physical("e1", "g1"));
}

#[test]
fn en_passant_with_the_pawn_left_is_incomplete() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "a7a6", "e4e5", "d7d5"])
        .edit(|b| mv(b, "e5", "d6"))
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::IncompleteEnPassant);
    assert_eq!(act.kind.article(), Article::Laws("3.7.3.1"));
    assert_eq!(act.physical, physical("e5", "d6"));
}

#[test]
fn illegal_move_put_back_then_replaced() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "e7e5"])
        .edit(|b| mv(b, "f1", "f3"))
        .edit(|b| mv(b, "f3", "f1"))
        .moves(&["f1c4"])
        .recognise(&start);
    assert_eq!(only_act(&r).kind, IllegalMove::BishopMovement);
    // Touches (the first lift in each position) left aside.
    let kinds: Vec<_> = r
        .events
        .iter()
        .map(|e| &e.kind)
        .filter(|k| !matches!(k, BoardEventKind::Touch { .. }))
        .collect();
    assert!(matches!(kinds[2], BoardEventKind::Illegal { .. }));
    assert!(matches!(kinds[3], BoardEventKind::Restored { acts: 1 }));
    assert!(matches!(kinds[4], BoardEventKind::Move(m) if m.san == "Bc4"));
}

#[test]
fn board_put_back_is_a_take_back() {
    let start = Chess::default();
    let r = Log::new(&start)
        .moves(&["e2e4", "e7e5", "g1f3"])
        .back_to(&start, &["e2e4"])
        .moves(&["e7e6"])
        .recognise(&start);
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    assert!(
        r.events
            .iter()
            .any(|e| e.kind == BoardEventKind::TakeBack { plies: 2 })
    );
    let ucis: Vec<String> = r
        .moves()
        .into_iter()
        .map(|m| UciMove::from_standard(m).to_string())
        .collect();
    assert_eq!(ucis, ["e2e4", "e7e6"]);
}

#[test]
fn clock_pressed_without_a_move_is_7_5_3() {
    let log = r#"{"t": 0, "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}
{"t": 5, "placement": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}
{"t": 6, "clock": "white"}
{"t": 9, "clock": "black"}
"#;
    let r = read_board_log(log, &RecogniserConfig::default()).unwrap();
    assert_eq!(r.moves().len(), 1);
    assert_eq!(
        r.events.last().map(|e| (e.line, e.kind.clone())),
        Some((4, BoardEventKind::ClockWithoutMove { side: Color::Black }))
    );
}

#[test]
fn rook_first_castling_is_not_committed_as_a_rook_move() {
    // Polled log: each standing placement twice; the rook on f1 is seen once, in passing.
    let log = "\
r3k2r/8/8/8/8/8/8/R3K2R
r3k2r/8/8/8/8/8/8/R3K2R
r3k2r/8/8/8/8/8/8/R3K3
r3k2r/8/8/8/8/8/8/R3KR2
r3k2r/8/8/8/8/8/8/R4R2
r3k2r/8/8/8/8/8/8/R4RK1
r3k2r/8/8/8/8/8/8/R4RK1
";
    let config = RecogniserConfig {
        start: position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ..RecogniserConfig::default()
    };
    let r = read_board_log(log, &config).unwrap();
    let ucis: Vec<String> = r
        .moves()
        .into_iter()
        .map(|m| UciMove::from_standard(m).to_string())
        .collect();
    assert_eq!(ucis, ["e1g1"]);
    // With K = 1 every placement is judged at once: the rook move is committed first, then
    // replaced by castling when the king follows before Black acts (the same hand's move).
    let hasty = RecogniserConfig {
        stability: StabilityRule {
            snapshots: 1,
            seconds: 2.0,
        },
        ..config
    };
    let mut streaming = arbiter::board::Recogniser::new(hasty);
    let mut first = None;
    for s in arbiter::board::parse_log(log).unwrap() {
        streaming.push(&s).unwrap();
        if first.is_none() {
            first = streaming.events().iter().find_map(|e| match &e.kind {
                BoardEventKind::Move(m) => Some(m.uci.clone()),
                _ => None,
            });
        }
    }
    assert_eq!(first.as_deref(), Some("h1f1"));
    assert_eq!(streaming.revisions(), 1);
    let r = streaming.finish();
    let ucis: Vec<String> = r
        .moves()
        .into_iter()
        .map(|m| UciMove::from_standard(m).to_string())
        .collect();
    assert_eq!(ucis, ["e1g1"]);
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
}

#[test]
fn timed_log_uses_seconds() {
    // Change-only log with times: the placement after 1.e4 stands 4 s, the pawn in the air
    // 0.3 s; a knight lifted for 0.4 s and put back changes nothing.
    let log = r#"{"t": 0.0, "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}
{"t": 3.0, "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"}
{"t": 3.3, "placement": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}
{"t": 7.3, "placement": "r1bqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}
{"t": 7.7, "placement": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}
{"t": 9.0, "placement": "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}
{"t": 9.2, "placement": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"}
"#;
    let r = read_board_log(log, &RecogniserConfig::default()).unwrap();
    assert!(r.illegal_acts().is_empty(), "{:?}", r.events);
    let sans: Vec<String> = r
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            BoardEventKind::Move(m) => Some(m.san.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(sans, ["e4", "e5"]);
}

#[test]
fn bad_input_is_an_error_with_a_line_never_a_panic() {
    let config = RecogniserConfig::default();
    for (text, needle) in [
        ("8/8/8/8/8/8/8/8\n", "start position"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nxyz\n",
            "line 2",
        ),
        ("{\"t\": 1, \"placement\": 5}\n", "line 1"),
        ("{\"t\": 1e999, \"clock\": \"white\"}\n", "line 1"),
    ] {
        let e = read_board_log(text, &config).unwrap_err().to_string();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
    // Junk placements after the start are illegal acts, not errors or panics. The empty board
    // is every piece in the hand: never an act by time alone, and play does not go on from it.
    let r = read_board_log(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n8/8/8/8/8/8/8/8\n8/8/8/8/8/8/8/8\nKKKKKKKK/8/8/8/8/8/8/kkkkkkkk\nKKKKKKKK/8/8/8/8/8/8/kkkkkkkk\n",
        &config,
    )
    .unwrap();
    assert_eq!(r.illegal_acts().len(), 1);
}

#[test]
fn streaming_shows_a_tentative_move_before_it_is_committed() {
    use arbiter::board::{Recogniser, parse_log};
    let log = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
";
    let snaps = parse_log(log).unwrap();
    let mut r = Recogniser::new(RecogniserConfig::default());
    for s in &snaps[..3] {
        r.push(s).unwrap();
    }
    let tentative = r
        .tentative()
        .map(|m| UciMove::from_standard(*m).to_string());
    assert_eq!(tentative.as_deref(), Some("e2e4"));
    // Only the lift of the pawn so far (a touch, Laws 4.3), no move.
    let kinds = |r: &Recogniser| -> Vec<BoardEventKind> {
        r.events().iter().map(|e| e.kind.clone()).collect()
    };
    assert_eq!(
        kinds(&r),
        [BoardEventKind::Touch {
            side: Color::White,
            square: Square::E2
        }]
    );
    r.push(&snaps[3]).unwrap();
    assert_eq!(r.tentative(), None);
    assert_eq!(r.events().len(), 2);
    assert!(matches!(kinds(&r)[1], BoardEventKind::Move(_)));
    assert_eq!(r.position().turn(), Color::Black);
}

#[test]
fn reply_from_an_irregular_position_then_restored() {
    // White, in check from the rook on e2, puts his king on d2, still attacked (Laws 3.9.2).
    // shakmaty cannot build the position (White's king in check with Black on move), yet
    // Black replies Kd7 from the board as it stands; then both moves are taken back.
    let start = position("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let r = Log::new(&start)
        .edit(|b| mv(b, "e1", "d2"))
        .edit(|b| mv(b, "e8", "d7"))
        .edit(|b| {
            mv(b, "d7", "e8");
            mv(b, "d2", "e1");
        })
        .recognise(&start);
    let act = only_act(&r);
    assert_eq!(act.kind, IllegalMove::KingOntoAttackedSquare);
    assert_eq!(act.kind.article(), Article::Laws("3.9.2"));
    let kinds: Vec<_> = r
        .events
        .iter()
        .map(|e| e.kind.clone())
        .filter(|k| !matches!(k, BoardEventKind::Touch { .. }))
        .collect();
    assert_eq!(
        kinds[1],
        BoardEventKind::IrregularMove {
            side: Color::Black,
            physical: physical("e8", "d7").unwrap()
        }
    );
    assert_eq!(kinds[2], BoardEventKind::Restored { acts: 2 });
    assert_eq!(r.position, start);
}
