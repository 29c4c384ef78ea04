//! The live room fed frame by frame: moves, an illegal move and its notice, a mate, the kings'
//! signal, the play-out's expiry.
use super::*;

mod hall;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn frame(serial: &str, board: &str, t: u64) -> LinkEvent {
    LinkEvent::Frame {
        t_ms: t,
        text: serde_json::json!({"response": "feed", "id": 1, "param": {
            "serialnr": serial, "board": board, "flipped": false, "clock": null},
            "time": 1_700_000_000_000u64 + t})
        .to_string(),
        sent: false,
    }
}

/// Round 1 as the event knows it: board 1 (1 v 3) with e-board `S1`, board 2 (4 v 2).
fn round_1() -> Vec<BoardOfRound> {
    vec![
        BoardOfRound {
            board: 1,
            white: 1,
            black: 3,
            serialnr: Some("S1".into()),
            ..BoardOfRound::default()
        },
        BoardOfRound {
            board: 2,
            white: 4,
            black: 2,
            ..BoardOfRound::default()
        },
    ]
}

/// A room with e-board `S1` on board 1 of round 1, fed `placements` (each read twice, as a
/// polled board shows a placement that stands).
fn played(placements: &[&str]) -> LiveRoom {
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.seen("S1", "ws://x", false, Some("84%".into()));
    room.sync(&BTreeMap::from([(
        "S1".to_string(),
        BoardKey::new(0, 1, 1),
    )]));
    // LiveChess reports changes only: one frame a placement, then quiet.
    let mut ms = 0;
    for p in std::iter::once(&START).chain(placements) {
        ms += 300;
        room.push("S1", &frame("S1", p, ms), ms);
        assert!(room.settle(ms + 100, 500).is_empty());
        ms += 600;
        room.settle(ms, 500);
    }
    room
}

#[test]
fn moves_and_the_placement_are_the_boards() {
    let room = played(&[
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
    ]);
    let view = room.round_view(0, 1, round_1());
    assert_eq!(view[0].serialnr.as_deref(), Some("S1"));
    assert_eq!(view[0].moves, ["e4", "e5"]);
    assert_eq!(
        view[0].placement.as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR")
    );
    assert!(view[0].incidents.is_empty(), "{:?}", view[0].incidents);
    assert_eq!(view[0].proposed_result, None);
    assert_eq!(view[1].serialnr, None);
    assert_eq!(room.eboards()[0].battery.as_deref(), Some("84%"));
}

#[test]
fn fools_mate_proposes_0_1_by_the_ending() {
    let room = played(&[
        "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR",
    ]);
    let b = &room.round_view(0, 1, round_1())[0];
    assert_eq!(b.moves, ["f3", "e5", "g4", "Qh4#"]);
    let p = b.proposed_result.as_ref().unwrap();
    assert_eq!((p.result.as_str(), p.by), ("0-1", ProposedBy::Ending));
    assert_eq!(p.reason.as_deref(), Some("checkmate"));
    assert_eq!(b.incidents.last().unwrap().kind, IncidentKind::Ending);
}

#[test]
fn an_illegal_move_is_an_incident_and_the_notice_counts_it() {
    // 1. e4, then Black's knight b8 to b6 (Laws 3.6: not a knight's move).
    let mut room = played(&[
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "r1bqkbnr/pppppppp/1n6/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "r1bqkbnr/pppppppp/1n6/8/3PP3/8/PPP2PPP/RNBQKBNR",
    ]);
    let b = &room.round_view(0, 1, round_1())[0];
    let illegal: Vec<&Incident> = b
        .incidents
        .iter()
        .filter(|i| i.kind == IncidentKind::Illegal)
        .collect();
    assert_eq!(illegal.len(), 1, "{:?}", b.incidents);
    // The knight lifted from b8 is the illegal act, not a touched piece besides.
    assert!(
        b.incidents.iter().all(|i| i.kind != IncidentKind::Touch),
        "{:?}",
        b.incidents
    );
    // The illegal move stands until noticed (CR 3.4): White's d4 is ply 3.
    assert_eq!(
        (b.moves.clone(), b.move_plies.clone()),
        (vec!["e4".to_string(), "d4".into()], vec![1, 3])
    );
    assert_eq!(illegal[0].side, Some("black"));
    assert!(illegal[0].article.is_some());
    let id = illegal[0].id;
    assert_eq!(
        room.notice(BoardKey::new(0, 1, 2), id),
        Err(RoomError::NotFollowed(BoardKey::new(0, 1, 2)))
    );
    room.notice(BoardKey::new(0, 1, 1), id).unwrap();
    assert_eq!(
        room.notice(BoardKey::new(0, 1, 1), id),
        Err(RoomError::NoIncident(id))
    );
    let b = &room.round_view(0, 1, round_1())[0];
    assert!(b.incidents[id].noticed);
}

#[test]
fn the_kings_signal_proposes_the_result_shown() {
    // 1. d3 d6, then both kings on dark centre squares (d4, e5): 0-1 (CR 4.2).
    let room = played(&[
        "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR",
        "rnbqkbnr/ppp1pppp/3p4/8/8/3P4/PPP1PPPP/RNBQKBNR",
        "rnbq1bnr/ppp1pppp/3p4/8/3K4/3P4/PPP1PPPP/RNBQ1BNR",
        "rnbq1bnr/ppp1pppp/3p4/4k3/3K4/3P4/PPP1PPPP/RNBQ1BNR",
    ]);
    let b = &room.round_view(0, 1, round_1())[0];
    let p = b.proposed_result.as_ref().expect("a proposal");
    assert_eq!((p.result.as_str(), p.by), ("0-1", ProposedBy::ResultSignal));
}

#[test]
fn an_expired_playout_adjudicates_the_live_position_once() {
    let mut room = played(&["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"]);
    let adj = Adjudicator::new(crate::game::preset::Preset::default().adjudication()).unwrap();
    // Board 2 has no e-board: nothing to adjudicate from.
    assert_eq!(
        room.expire(&[BoardKey::new(0, 1, 1), BoardKey::new(0, 1, 2)], &adj),
        vec![BoardKey::new(0, 1, 1)]
    );
    assert!(room.expire(&[BoardKey::new(0, 1, 1)], &adj).is_empty());
    let b = &room.round_view(0, 1, round_1())[0];
    let p = b.proposed_result.as_ref().unwrap();
    assert_eq!(p.by, ProposedBy::Adjudication);
    assert_eq!(
        p.fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(room.adjudication(BoardKey::new(0, 1, 1)).is_some());
    // A board recorded meanwhile shows no proposal.
    let mut boards = round_1();
    boards[0].result = Some("1/2-1/2".into());
    assert_eq!(room.round_view(0, 1, boards)[0].proposed_result, None);
}

/// A DGT board dump (`0x86`, 64 piece codes from a8 to h1) of a FEN piece placement.
/// Round 1's board 1 (1 v 2) with e-board `serial` on it.
fn on_board_1(serial: &str) -> Vec<BoardOfRound> {
    vec![BoardOfRound {
        board: 1,
        white: 1,
        black: 2,
        serialnr: Some(serial.into()),
        ..BoardOfRound::default()
    }]
}

fn dump(placement: &str, t: u64) -> LinkEvent {
    use crate::board::dgt::{code_of_piece, field_of_square};
    let board: shakmaty::Board = placement.parse().unwrap();
    let mut message = vec![0x86, 0x00, 0x43];
    message.extend([0u8; 64]);
    for sq in shakmaty::Square::ALL {
        message[3 + usize::from(field_of_square(sq))] = code_of_piece(board.piece_at(sq));
    }
    LinkEvent::Dgt { t_ms: t, message }
}

/// Feeds a DGT board `D1` the start and 1. e4, each placement standing, and gives board 1's
/// moves in round 1.
fn dgt_moves(room: &mut LiveRoom) -> Vec<String> {
    let mut ms = 0;
    for p in [START, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"] {
        ms += 300;
        room.push("D1", &dump(p, ms), ms);
        ms += 600;
        room.settle(ms, 500);
    }
    room.round_view(0, 1, on_board_1("D1"))[0].moves.clone()
}

#[test]
fn an_eboard_assigned_before_its_dgt_link_speaks_is_read_as_dgt() {
    let assigned = BTreeMap::from([("D1".to_string(), BoardKey::new(0, 1, 1))]);
    // After a restart the state file's assignment reaches the room before the serial link
    // answers: the board is then read by the reader of the link it comes from.
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.sync(&assigned);
    room.seen("D1", "/dev/ttyUSB0", true, None);
    room.sync(&assigned);
    assert_eq!(dgt_moves(&mut room), ["e4"]);
    // The link's first message before the first sync, and without a listing first.
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.sync(&assigned);
    assert_eq!(dgt_moves(&mut room), ["e4"]);
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.push("D1", &dump(START, 10), 10);
    room.sync(&assigned);
    assert_eq!(dgt_moves(&mut room), ["e4"]);
}

#[test]
fn a_dgt_board_assigned_after_its_link_opened_is_read_from_its_dump_and_updates() {
    // The link opens: the board's dump (the start), then its serial number and clock, then
    // 1. e4 field by field (e2 emptied, a pawn set on e4); the arbiter assigns it after.
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.push("D1", &dump(START, 10), 10);
    let serial = LinkEvent::Dgt {
        t_ms: 20,
        message: vec![0x91, 0x00, 0x08, b'0', b'0', b'1', b'3', b'7'],
    };
    room.push("D1", &serial, 20);
    // DGT fields: a8 is 0, h1 is 63; e2 is 52, e4 is 36; a white pawn is code 1.
    for (t, field, code) in [(30, 52, 0), (40, 36, 1)] {
        let update = LinkEvent::Dgt {
            t_ms: t,
            message: vec![0x8E, 0x00, 0x05, field, code],
        };
        room.push("D1", &update, t);
    }
    room.sync(&BTreeMap::from([(
        "D1".to_string(),
        BoardKey::new(0, 1, 1),
    )]));
    room.settle(1_000, 500);
    let view = room.round_view(0, 1, on_board_1("D1"));
    assert_eq!(
        view[0].placement.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")
    );
    assert!(view[0].incidents.is_empty(), "{:?}", view[0].incidents);
}

#[test]
fn the_count_of_changes_moves_only_with_what_is_shown() {
    let mut room = played(&["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"]);
    let c = room.changes();
    // The desk's sync on every request, and the settler's ticks, change nothing here.
    room.sync(&BTreeMap::from([(
        "S1".to_string(),
        BoardKey::new(0, 1, 1),
    )]));
    assert!(room.settle(100_000, 500).is_empty());
    assert!(!room.seen("S1", "ws://x", false, Some("84%".into())));
    assert_eq!(room.changes(), c);
    room.push(
        "S1",
        &frame(
            "S1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
            200_000,
        ),
        200_000,
    );
    assert!(room.changes() > c);
    let c = room.changes();
    room.sync(&BTreeMap::new());
    assert!(room.changes() > c, "taken off its board");
}

#[test]
fn play_after_the_end_is_one_incident_not_one_a_placement() {
    // Fool's mate, then the children play on: pieces moved back and forth four times.
    let mate = [
        "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR",
    ];
    let on = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P1P/PPPPP3/RNBQKBNR";
    let back = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR";
    let mut placements: Vec<&str> = mate.to_vec();
    for _ in 0..4 {
        placements.push(on);
        placements.push(back);
    }
    let room = played(&placements);
    let view = room.round_view(0, 1, round_1());
    let kinds: Vec<(IncidentKind, u32)> =
        view[0].incidents.iter().map(|i| (i.kind, i.ply)).collect();
    // The mate (Laws 5.1.1) at ply 4, and the play after it once.
    assert_eq!(kinds.len(), 2, "{:#?}", view[0].incidents);
    assert_eq!(kinds[0], (IncidentKind::Ending, 4));
    assert_eq!(kinds[1].0, IncidentKind::Illegal);
    let after = &view[0].incidents[1];
    assert_eq!(after.article.as_deref(), Some("Laws 5.1.1"));
    assert_eq!(after.detail, "move_after_checkmate h2h3");
    assert_eq!(view[0].moves, ["f3", "e5", "g4", "Qh4#"]);
    let p = view[0].proposed_result.as_ref().unwrap();
    assert_eq!((p.result.as_str(), p.by), ("0-1", ProposedBy::Ending));
}

#[test]
fn a_rook_first_castling_shown_as_a_rook_move_is_read_again_as_castling() {
    // 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5, then White castles rook first, pausing with the rook on
    // f1 long enough for the room to read it (a quiet spell): Rf1 is shown, then read again.
    let room = played(&[
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQKR2",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1",
    ]);
    let view = room.round_view(0, 1, round_1());
    assert_eq!(
        view[0].moves,
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]
    );
    assert_eq!(view[0].move_plies, [1, 2, 3, 4, 5, 6, 7]);
    assert!(view[0].incidents.is_empty(), "{:?}", view[0].incidents);
}

/// The public view's delay: a board as it stood at a moment shows the moves judged by then and
/// the placement after the last of them; before the first move, the start.
#[test]
fn a_board_as_it_stood_shows_the_moves_judged_by_then() {
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    let room = played(&[after_e4, after_e5]);
    // `played` shows e4 at 1,200 ms and e5 at 2,100 ms; LiveChess reports changes only, so
    // each is judged once it has stood 500 ms: at the settle of 1,800 and 2,700 ms.
    let at = |ms| {
        room.shown_until(BoardKey::new(0, 1, 1), ms)
            .expect("board 1 is followed")
    };
    let before = at(1_799);
    assert_eq!(before.moves, Vec::<String>::new());
    assert_eq!(before.placement.as_deref(), Some(START));
    assert_eq!(before.held_back, 2);
    let first = at(1_800);
    assert_eq!(first.moves, ["e4"]);
    assert_eq!(first.move_plies, [1]);
    assert_eq!(first.placement.as_deref(), Some(after_e4));
    assert_eq!(first.held_back, 1);
    assert_eq!(at(2_699).moves, ["e4"]);
    let now = at(2_700);
    assert_eq!(now.moves, ["e4", "e5"]);
    assert_eq!(now.placement.as_deref(), Some(after_e5));
    assert_eq!(now.held_back, 0);
    // A board without an e-board has nothing to show.
    assert_eq!(room.shown_until(BoardKey::new(0, 1, 2), u64::MAX), None);
}
