//! What the hall sees of a followed board: a board turned round drawn the right way, the
//! clock as LiveChess reports it (none without one), check signs, the kings' signal without a
//! touched piece, a link's drop closed when the link is back (not "noticed"), and a gap the
//! arbiter settles.
use super::*;
use crate::board::Orientation;
use crate::board::link::BoardId;

/// A LiveChess feed frame about e-board `S1` with `param`'s fields besides its serial number.
fn feed(param: serde_json::Value, t: u64) -> LinkEvent {
    let mut p = param;
    p["serialnr"] = "S1".into();
    LinkEvent::Frame {
        t_ms: t,
        text: serde_json::json!({"response": "feed", "id": 1, "param": p,
            "time": 1_700_000_000_000u64 + t})
        .to_string(),
        sent: false,
    }
}

/// A room with `S1` on board 1 of round 1, fed `params` (one frame each, then a quiet spell,
/// as LiveChess reports changes only).
fn fed(params: &[serde_json::Value]) -> LiveRoom {
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.seen("S1", "ws://x", false, None);
    room.sync(&BTreeMap::from([(
        "S1".to_string(),
        BoardKey::new(0, 1, 1),
    )]));
    push_all(&mut room, params, 0);
    room
}

/// Pushes `params` from `ms` on; returns the time after.
fn push_all(room: &mut LiveRoom, params: &[serde_json::Value], mut ms: u64) -> u64 {
    for p in params {
        ms += 300;
        room.push("S1", &feed(p.clone(), ms), ms);
        ms += 600;
        room.settle(ms, 500);
    }
    ms
}

fn board(placement: &str) -> serde_json::Value {
    serde_json::json!({"board": placement})
}

fn turned(placement: &str) -> String {
    Orientation::Rotated
        .apply(&placement.parse().unwrap())
        .to_string()
}

const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";

#[test]
fn a_board_turned_round_is_drawn_and_reported_the_right_way_round() {
    let room = fed(&[START, E4, E5].map(|p| board(&turned(p))));
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(view.moves, ["e4", "e5"]);
    assert_eq!(view.placement.as_deref(), Some(E5));
    let brief = room.brief("S1").unwrap();
    assert_eq!(brief.placement.as_deref(), Some(E5));
    // The sensors' own view is what the capture keeps (judge reads it back the same way).
    let standing = room.standing("S1").unwrap();
    let LinkEvent::Frame { text, .. } = standing else {
        panic!("{standing:?}")
    };
    assert!(text.contains(&turned(E5)), "{text}");
}

#[test]
fn a_board_followed_from_mid_game_is_drawn_by_its_pawns() {
    // No start position seen (the desk restarted mid-game): the diagram is guessed.
    let room = fed(&[board(&turned(E5))]);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(view.placement.as_deref(), Some(E5));
    assert!(view.moves.is_empty());
}

/// Round 1's board 1 with `S1`.
fn on_board(board: u32) -> Vec<BoardOfRound> {
    vec![BoardOfRound {
        board,
        white: 1,
        black: 2,
        serialnr: Some("S1".into()),
        ..BoardOfRound::default()
    }]
}

#[test]
fn the_clock_is_shown_as_livechess_reports_it_and_not_at_all_without_one() {
    let clock = |w: f64, b: f64, run: serde_json::Value| serde_json::json!({"white": w, "black": b, "run": run});
    // 90 minutes each; White's clock runs, then White moves and presses it.
    let room = fed(&[
        serde_json::json!({"board": START, "clock": clock(5400.0, 5400.0, serde_json::Value::Null)}),
        serde_json::json!({"clock": clock(5399.7, 5400.0, true.into())}),
        serde_json::json!({"board": E4, "clock": clock(5391.2, 5400.0, true.into())}),
        serde_json::json!({"clock": clock(5391.2, 5399.9, false.into())}),
    ]);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(view.moves, ["e4"]);
    let c = view.clock.expect("a clock");
    assert_eq!((c.white_s, c.black_s), (5391, 5399));
    assert!(c.running);
    assert_eq!(c.on_move, "black");
    assert_eq!(LiveClock::shown(c.white_s), "1:29:51");
    assert_eq!(LiveClock::shown(247), "0:04:07");
    assert_eq!(room.brief("S1").unwrap().clock, Some(c));
    // Stopped: the side to move is marked.
    let stopped = fed(&[
        serde_json::json!({"board": START, "clock": clock(300.0, 280.0, serde_json::Value::Null)}),
        board(E4),
    ]);
    let c = stopped.round_view(0, 1, on_board(1))[0].clock.unwrap();
    assert_eq!(
        (c.white_s, c.black_s, c.running, c.on_move),
        (300, 280, false, "black")
    );

    // The first user plays without clocks: no clock reported, or one at 0:00 both sides and
    // stopped, shows nothing (never 0:00).
    for none in [
        serde_json::Value::Null,
        clock(0.0, 0.0, serde_json::Value::Null),
    ] {
        let room = fed(&[
            serde_json::json!({"board": START, "clock": none}),
            board(E4),
        ]);
        let view = &room.round_view(0, 1, on_board(1))[0];
        assert_eq!(view.moves, ["e4"]);
        assert_eq!(view.clock, None);
        assert_eq!(room.brief("S1").unwrap().clock, None);
    }
}

#[test]
fn a_check_and_a_mate_carry_their_signs_in_the_live_moves() {
    // 1. e4 f5 2. Qh5+ (as the PGN writes it), then 2... g6 3. Qxg6+ hxg6.
    let room = fed(&[
        board(START),
        board(E4),
        board("rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR"),
        board("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR"),
        board("rnbqkbnr/ppppp2p/6p1/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR"),
        board("rnbqkbnr/ppppp2p/6Q1/5p2/4P3/8/PPPP1PPP/RNB1KBNR"),
    ]);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(view.moves, ["e4", "f5", "Qh5+", "g6", "Qxg6+"]);
}

#[test]
fn the_king_lifted_for_the_kings_signal_is_no_touched_piece() {
    // 1. d3 d6; White (on move) lifts his king and puts it on d4, Black his on e5: 0-1 shown
    // (CR 4.2). Each placement stands.
    let placements = [
        START,
        "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR",
        "rnbqkbnr/ppp1pppp/3p4/8/8/3P4/PPP1PPPP/RNBQKBNR",
        "rnbqkbnr/ppp1pppp/3p4/8/8/3P4/PPP1PPPP/RNBQ1BNR",
        "rnbqkbnr/ppp1pppp/3p4/8/3K4/3P4/PPP1PPPP/RNBQ1BNR",
        "rnbq1bnr/ppp1pppp/3p4/8/3K4/3P4/PPP1PPPP/RNBQ1BNR",
        "rnbq1bnr/ppp1pppp/3p4/4k3/3K4/3P4/PPP1PPPP/RNBQ1BNR",
    ];
    let mut judge = LiveJudge::livechess(
        Some("S1"),
        RecogniserConfig::default(),
        CompetitionRules::default(),
    );
    let mut out = Vec::new();
    for (i, p) in placements.iter().enumerate() {
        let t = 900 * i as u64;
        judge.push(&feed(board(p), t), &mut out);
        judge.stand(&mut out);
    }
    // The pawns lifted for d3 and d6 are the pieces moved; the kings lifted are no touch.
    let touched: Vec<&str> = out
        .iter()
        .filter_map(|e| match e {
            LiveEvent::Touch { square, .. } => Some(square.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(touched, ["d2", "d7"], "{out:#?}");
    assert!(
        out.iter()
            .any(|e| matches!(e, LiveEvent::ResultSignal { result, .. } if result == "0-1")),
        "{out:#?}"
    );
    // The room proposes it, with no touch incident.
    let room = fed(&placements.map(board));
    let view = &room.round_view(0, 1, on_board(1))[0];
    let kinds: Vec<IncidentKind> = view.incidents.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [IncidentKind::ResultSignal, IncidentKind::Ending],
        "{:?}",
        view.incidents
    );
    assert_eq!(view.proposed_result.as_ref().unwrap().result, "0-1");
}

/// The link's drop at `t`, before its `attempt`-th try (the room's back-off: 0.5 s doubling
/// to 5 s).
fn dropped(t: u64, attempt: u32) -> LinkEvent {
    LinkEvent::Disconnected {
        t_ms: t,
        reason: "Connection reset by peer".into(),
        attempt,
        attempts: u32::MAX,
        retry_in: std::time::Duration::from_millis(500 << (attempt - 1).min(4))
            .min(std::time::Duration::from_secs(5)),
        retry_max: std::time::Duration::from_secs(5),
    }
}

fn back() -> LinkEvent {
    LinkEvent::Connected {
        board: BoardId {
            serial: Some("S1".into()),
            version: None,
            source: "ws://x".into(),
        },
        reconnected: true,
    }
}

#[test]
fn a_drop_is_closed_when_the_link_is_back_and_is_no_arbiter_decision() {
    let mut room = fed(&[board(START), board(E4)]);
    room.push("S1", &dropped(2_000, 1), 2_000);
    room.push("S1", &dropped(2_500, 2), 2_500);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(
        view.incidents.len(),
        1,
        "one incident a drop: {:?}",
        view.incidents
    );
    let open = &view.incidents[0];
    assert_eq!(open.kind, IncidentKind::Disconnected);
    assert!(!open.link_back && !open.noticed);
    // The open incident says the attempt under way, and that the link keeps trying.
    assert_eq!(
        open.note().text(crate::i18n::Lang::En),
        "board disconnected (Connection reset by peer); reconnecting in 1 s (attempt 2; it keeps trying while the room runs, at least every 5 s)"
    );
    room.push("S1", &back(), 3_000);
    // The moves made meanwhile (1... e5) are recovered: no gap to settle, no act.
    push_all(&mut room, &[board(E5)], 3_000);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert_eq!(view.moves, ["e4", "e5"]);
    assert_eq!(view.incidents.len(), 1, "{:?}", view.incidents);
    let closed = &view.incidents[0];
    assert!(closed.link_back, "{closed:?}");
    assert!(
        !closed.noticed,
        "the link's return is no notice by the arbiter"
    );
    assert!(
        closed
            .note()
            .text(crate::i18n::Lang::En)
            .contains("now back"),
        "{}",
        closed.note().text(crate::i18n::Lang::En)
    );
    assert_eq!(room.unsettled_gap(BoardKey::new(0, 1, 1)), None);
}

#[test]
fn a_gap_no_sequence_explains_is_an_incident_the_arbiter_settles() {
    let mut room = fed(&[board(START), board(E4), board(E5)]);
    room.push("S1", &dropped(3_000, 1), 3_000);
    room.push("S1", &back(), 4_000);
    // White's e-pawn back on e3: no legal sequence leads there.
    let after = "rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR";
    push_all(&mut room, &[board(after), board(after)], 4_000);
    let view = &room.round_view(0, 1, on_board(1))[0];
    let gaps: Vec<&Incident> = view
        .incidents
        .iter()
        .filter(|i| i.kind == IncidentKind::BoardGap)
        .collect();
    assert_eq!(gaps.len(), 1, "{:#?}", view.incidents);
    assert!(
        view.incidents
            .iter()
            .all(|i| i.kind != IncidentKind::Illegal),
        "a gap is never a player's act: {:#?}",
        view.incidents
    );
    let id = gaps[0].id;
    assert_eq!(gaps[0].ply, 2);
    assert!(!gaps[0].settled);
    assert_eq!(room.unsettled_gap(BoardKey::new(0, 1, 1)), Some(id));
    assert_eq!(
        room.settle_gap(BoardKey::new(0, 1, 1), id + 7),
        Err(RoomError::NoGap(id + 7))
    );
    room.settle_gap(BoardKey::new(0, 1, 1), id).unwrap();
    assert_eq!(
        room.settle_gap(BoardKey::new(0, 1, 1), id),
        Err(RoomError::NoGap(id))
    );
    assert_eq!(room.unsettled_gap(BoardKey::new(0, 1, 1)), None);
    let view = &room.round_view(0, 1, on_board(1))[0];
    assert!(view.incidents[id].settled && !view.incidents[id].noticed);
}
