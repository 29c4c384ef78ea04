//! A gap in a board's record (its link was down: a cable pulled, LiveChess restarted): the plies
//! the board did not show are found by a bounded search when one legal sequence leads to the
//! board after the gap (recovered, no act), or reported as a "gap" record problem naming the
//! ply when several or none do; never an illegal act, never lost silently, and a reported result
//! is never "agrees with the board" over a gap (hand-checked positions; the real DGT capture
//! with its updates cut and a board dump after the cut, as a board sends it when its link is
//! opened again).

use arbiter::board::dgt::{self, DgtDecoder, Position as DgtPosition};
use arbiter::board::{RecogniserConfig, read_board_games, read_dgt_game};
use arbiter::game::event::{Event, EventLog};
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::verdict::{RecordProblemKind, Verdict};
use arbiter::i18n::Lang;
use shakmaty::{Chess, Position, san::San};

/// The placement (FEN board field) after each ply of `sans` from the start, the start first.
fn placements(sans: &[&str]) -> Vec<String> {
    let mut pos = Chess::default();
    let mut out = vec![pos.board().board_fen().to_string()];
    for s in sans {
        let m = s.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        out.push(pos.board().board_fen().to_string());
    }
    out
}

/// A polled board log of the game (every placement read twice), the placements after plies
/// `lost` (1-based) not shown and `{"gap": true}` where the board's link came back.
fn log_with_gap(sans: &[&str], lost: std::ops::RangeInclusive<usize>) -> String {
    let mut text = String::new();
    for (ply, p) in placements(sans).iter().enumerate() {
        if lost.contains(&ply) {
            continue;
        }
        if ply == lost.end() + 1 {
            text.push_str("{\"gap\": true}\n");
        }
        text.push_str(&format!("{p}\n{p}\n"));
    }
    text
}

fn moves(log: &EventLog) -> Vec<String> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Move(m) => Some(m.uci.clone().unwrap_or_default()),
            _ => None,
        })
        .collect()
}

/// The game as `arbiter judge --format pgn` writes it.
fn pgn(log: &EventLog) -> String {
    use arbiter::formats::input::GameRecord;
    use arbiter::formats::pgn::write::{PgnRecord, write_pgn};
    let (verdict, line) = GameRecord::Events(log.clone())
        .judge_with_line(None, JudgeOptions::default())
        .unwrap();
    write_pgn(
        &PgnRecord {
            verdict: &verdict,
            line: &line,
            events: Some(log),
            tags: None,
            serial_number: None,
            clock: &[],
        },
        Lang::En,
    )
}

fn judged(log: &EventLog) -> Verdict {
    judge_game(&log.events, None, JudgeOptions::default()).unwrap()
}

fn uci(sans: &[&str]) -> Vec<String> {
    let mut pos = Chess::default();
    sans.iter()
        .map(|s| {
            let m = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            shakmaty::uci::UciMove::from_standard(m).to_string()
        })
        .collect()
}

/// The game 1. Nf3 Nf6 2. g3 g6 3. e4 d5 4. e5 d4 5. exf6 exf6 6. Bc4 Bd6, the board showing
/// no placement of plies 5–8. From 2…g6 only 3. e4 d5 4. e5 d4 leads to the board after 4…d4 (e2–e4–e5 and
/// d7–d5–d4 have no other way, and the sides move in turn): recovered.
const ONE_WAY: [&str; 12] = [
    "Nf3", "Nf6", "g3", "g6", "e4", "d5", "e5", "d4", "exf6", "exf6", "Bc4", "Bd6",
];

#[test]
fn plies_lost_in_a_gap_with_one_way_there_are_recovered() {
    let text = log_with_gap(&ONE_WAY, 5..=7);
    let games = read_board_games(&text, &RecogniserConfig::default());
    assert_eq!(games.len(), 1);
    let log = games[0].as_ref().unwrap();
    assert_eq!(moves(log), uci(&ONE_WAY));
    let gap = log
        .events
        .iter()
        .find_map(|e| match e {
            Event::Gap(g) => Some(g.clone()),
            _ => None,
        })
        .expect("a gap event");
    assert_eq!((gap.plies, gap.sequences), (4, 1));
    assert_eq!(gap.found, ["e2e4 d7d5 e4e5 d5d4"]);
    let v = judged(log);
    assert!(v.illegal_moves.is_empty(), "{:?}", v.illegal_moves);
    assert_eq!(v.record_problems.len(), 1);
    let p = &v.record_problems[0];
    assert_eq!((p.problem, p.ply), (RecordProblemKind::RecoveredPlies, 5));
    assert_eq!(p.notation, "e2e4 d7d5 e4e5 d5d4");
    assert_eq!(
        v.final_fen.to_string(),
        "rnbqk2r/ppp2p1p/3b1pp1/8/2Bp4/5NP1/PPPP1P1P/RNBQK2R w KQkq - 2 7"
    );
    // The summary names the ply and what was taken.
    let text = v.summary(Lang::En);
    assert!(
        text.contains("the plies from 5 on") && text.contains("e2e4 d7d5 e4e5 d5d4, taken"),
        "{text}"
    );
    // The PGN has every move, and says after 2…g6 that the next four were recovered.
    let pgn = pgn(log);
    assert!(
        pgn.contains("2. g3 g6 {record: the board did not show the plies from 5 on")
            && pgn.contains("3. e4 d5 4. e5 d4 5. exf6 exf6 6. Bc4 Bd6"),
        "{pgn}"
    );
}

/// The game 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6, the board showing nothing between the start and
/// 2…Nc6: the order 1. Nf3 Nc6 2. e4 e5 leads there too (and more orders), so the plies are uncertain: a "gap" record
/// problem at ply 1 naming the others, the first sequence taken, no act, the game judged on.
#[test]
fn plies_lost_in_a_gap_with_several_ways_there_are_a_record_problem() {
    let game = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    let text = log_with_gap(&game, 1..=3);
    let log = read_board_games(&text, &RecogniserConfig::default())
        .pop()
        .unwrap()
        .unwrap();
    let all = moves(&log);
    assert_eq!(all.len(), 6, "{all:?}");
    assert_eq!(all[4..], uci(&game)[4..]);
    let v = judged(&log);
    assert!(v.illegal_moves.is_empty(), "{:?}", v.illegal_moves);
    assert_eq!(v.record_problems.len(), 1);
    let p = &v.record_problems[0];
    assert_eq!((p.problem, p.ply), (RecordProblemKind::BoardGap, 1));
    assert_eq!(p.candidates.len(), 1, "{p:?}");
    assert_ne!(p.notation, p.candidates[0]);
    let text = v.summary(Lang::En);
    assert!(
        text.contains("the plies from 1 on") && text.contains("several legal sequences"),
        "{text}"
    );
    assert!(v.summary(Lang::Ru).contains("начиная с 1"));
}

/// More than 8 plies lost: no sequence is searched that long; the gap is reported and the game
/// goes on from the board after it, with no act, and the moves after it are read.
#[test]
fn a_gap_too_long_to_search_goes_on_from_the_board_after_it() {
    let game = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    ];
    let text = log_with_gap(&game, 1..=9);
    let log = read_board_games(&text, &RecogniserConfig::default())
        .pop()
        .unwrap()
        .unwrap();
    let v = judged(&log);
    assert!(v.illegal_moves.is_empty(), "{:?}", v.illegal_moves);
    assert_eq!(v.record_problems.len(), 1);
    assert_eq!(v.record_problems[0].problem, RecordProblemKind::BoardGap);
    assert!(v.record_problems[0].notation.is_empty());
    assert_eq!(moves(&log), uci(&game)[10..]);
    // The PGN cannot write the moves after the gap from the start: they are in its comment.
    let pgn = pgn(&log);
    assert!(
        pgn.contains("the game goes on from that board")
            && pgn.contains("the moves go on from the board as it stood after the gap")
            && pgn.contains("f1e1 b7b5 a4b3 d7d6"),
        "{pgn}"
    );
    assert_eq!(
        v.final_fen.to_string().split(' ').next(),
        Some("r1bqk2r/2p1bppp/p1np1n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1")
    );
}

/// The messages of `1.inbytes`, one per line.
fn messages() -> Vec<Vec<u8>> {
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/eboard/dgt/1.inbytes"
    );
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/eboard/dgt/1.inbytes");
    let text = std::fs::read_to_string(shared)
        .or_else(|_| std::fs::read_to_string(fixture))
        .unwrap();
    text.lines()
        .map(|l| dgt::base64_decode(l.trim().as_bytes()).unwrap())
        .collect()
}

/// The plies of `1.uci`.
fn played() -> Vec<String> {
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/eboard/dgt/1.uci"
    );
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/eboard/dgt/1.uci");
    std::fs::read_to_string(shared)
        .or_else(|_| std::fs::read_to_string(fixture))
        .unwrap()
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && *w != "*")
        .map(str::to_owned)
        .collect()
}

/// The capture with its messages from `from` to `to` (indexes) cut, and the board dump a DGT
/// board sends when its link is opened again (the board as it stands) put before message `to`.
fn cable_pulled(msgs: &[Vec<u8>], from: usize, to: usize, clock: bool) -> Vec<u8> {
    let mut fields = [0u8; 64];
    let mut out = Vec::new();
    for (i, m) in msgs.iter().enumerate() {
        if i == to {
            out.extend_from_slice(&[dgt::id::BOARD_DUMP, 0, 67]);
            out.extend_from_slice(&fields);
        }
        match m[0] {
            dgt::id::BOARD_DUMP => fields.copy_from_slice(&m[3..67]),
            dgt::id::FIELD_UPDATE => fields[usize::from(m[3])] = m[4],
            _ => {}
        }
        if (from..to).contains(&i) || (!clock && m[0] == dgt::id::CLOCK) {
            continue;
        }
        out.extend_from_slice(m);
    }
    out
}

/// The real capture with its cable pulled for 3–8 plies at several places (the dump after it
/// often shows the next move begun), with and without its clock: the 57 plies back, no act, a
/// "recovered" record problem, or where two moves could be made in either order a gap record
/// problem naming the other order; never an illegal act.
#[test]
fn a_dgt_board_unplugged_mid_game_gives_its_plies_back() {
    let msgs = messages();
    let played = played();
    assert_eq!(played.len(), 57);
    // Field updates: two to four per ply; cuts of 8 to 24 updates.
    let updates: Vec<usize> = (0..msgs.len())
        .filter(|&i| msgs[i][0] == dgt::id::FIELD_UPDATE)
        .collect();
    let mut recovered = 0;
    for (a, n) in [(20, 8), (40, 12), (70, 16), (100, 10)] {
        for clock in [false, true] {
            let what = format!("updates {a}..{} cut, clock {clock}", a + n);
            let bytes = cable_pulled(&msgs, updates[a], updates[a + n], clock);
            let game = read_dgt_game(&bytes, &RecogniserConfig::default())
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let v = judged(&game.events);
            assert!(v.illegal_moves.is_empty(), "{what}: {:?}", v.illegal_moves);
            assert_eq!(
                v.record_problems.len(),
                1,
                "{what}: {:?}",
                v.record_problems
            );
            let p = &v.record_problems[0];
            if p.problem == RecordProblemKind::RecoveredPlies {
                recovered += 1;
                assert_eq!(moves(&game.events), played, "{what}");
            } else {
                // Moves of the two sides that could be made in either order: the same moves,
                // one order taken, the other named.
                assert_eq!(p.problem, RecordProblemKind::BoardGap, "{what}");
                assert_eq!(p.candidates.len(), 1, "{what}");
                let (mut got, mut want) = (moves(&game.events), played.clone());
                got.sort();
                want.sort();
                assert_eq!(got, want, "{what}");
            }
        }
    }
    // Two of the eight runs have one way there (as this test found them).
    assert_eq!(recovered, 2);
}

/// A board dump equal to the board the updates built (a link opened again with nothing
/// missed) is no gap.
#[test]
fn a_dump_that_changes_nothing_is_no_gap() {
    let msgs = messages();
    let mut bytes = Vec::new();
    let mut decoder = DgtDecoder::new();
    let mut sink = Vec::new();
    for (i, m) in msgs.iter().enumerate() {
        decoder.push(m, None, DgtPosition::Auto, &mut sink);
        bytes.extend_from_slice(m);
        if i == 150 {
            let board = decoder.board();
            bytes.extend_from_slice(&[dgt::id::BOARD_DUMP, 0, 67]);
            for field in 0..64u8 {
                let sq = dgt::square_of_field(field).unwrap();
                bytes.push(dgt::code_of_piece(board.piece_at(sq)));
            }
        }
    }
    let game = read_dgt_game(&bytes, &RecogniserConfig::default()).unwrap();
    let v = judged(&game.events);
    assert!(v.record_problems.is_empty(), "{:?}", v.record_problems);
    assert_eq!(moves(&game.events), played());
}

/// A LiveChess feed frame of board `S1` showing `board`.
fn feed(board: &str, t: u64) -> arbiter::board::link::LinkEvent {
    arbiter::board::link::LinkEvent::Frame {
        t_ms: t,
        text: serde_json::json!({"response": "feed", "id": 1, "param": {
            "serialnr": "S1", "board": board, "flipped": false, "clock": null},
            "time": 1_700_000_000_000u64 + t})
        .to_string(),
        sent: false,
    }
}

/// The live room: LiveChess's connection drops after 2…g6, the players go on (3. e4 d5 4. e5
/// d4), the link is opened again and LiveChess shows the board as it stands. The four plies are
/// recovered (the moves listed, no illegal act, no incident but the disconnection), and the
/// disconnection incident ends when the link is back.
#[test]
fn the_live_room_recovers_the_moves_made_while_the_link_was_down() {
    use arbiter::board::link::{BoardId, LinkEvent};
    use arbiter::board::room::{BoardOfRound, IncidentKind, LiveRoom};
    use arbiter::game::rules::CompetitionRules;
    use std::collections::BTreeMap;
    use std::time::Duration;

    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.seen("S1", "ws://x", false, None);
    room.sync(&BTreeMap::from([(
        "S1".to_string(),
        arbiter::tournament::live::BoardKey::new(0, 1, 1),
    )]));
    let boards = placements(&ONE_WAY);
    let mut ms = 0;
    let show = |room: &mut LiveRoom, b: &str, ms: &mut u64| {
        *ms += 300;
        room.push("S1", &feed(b, *ms), *ms);
        *ms += 900;
        room.settle(*ms, 500);
    };
    for b in &boards[..=4] {
        show(&mut room, b, &mut ms);
    }
    room.push(
        "S1",
        &LinkEvent::Disconnected {
            t_ms: ms,
            reason: "connection reset".into(),
            attempt: 1,
            attempts: u32::MAX,
            retry_in: Duration::from_millis(500),
            retry_max: Duration::from_secs(5),
        },
        ms,
    );
    let round = || {
        vec![BoardOfRound {
            board: 1,
            white: 1,
            black: 2,
            serialnr: Some("S1".into()),
            ..BoardOfRound::default()
        }]
    };
    let down = &room.round_view(0, 1, round())[0];
    assert_eq!(down.incidents.len(), 1);
    assert_eq!(down.incidents[0].kind, IncidentKind::Disconnected);
    assert!(!down.incidents[0].noticed);
    room.push(
        "S1",
        &LinkEvent::Connected {
            board: BoardId {
                serial: Some("S1".into()),
                version: None,
                source: "ws://x".into(),
            },
            reconnected: true,
        },
        ms + 4_000,
    );
    ms += 4_000;
    for b in &boards[8..] {
        show(&mut room, b, &mut ms);
    }
    let v = &room.round_view(0, 1, round())[0];
    assert_eq!(
        v.moves[v.moves.len() - 8..],
        ["e4", "d5", "e5", "d4", "exf6", "exf6", "Bc4", "Bd6"]
    );
    assert_eq!(v.incidents.len(), 1, "{:?}", v.incidents);
    assert!(
        v.incidents[0].link_back,
        "the disconnection ends when the link is back"
    );
    assert!(
        !v.incidents[0].noticed,
        "the link's return is not the arbiter's notice"
    );
    let text = v.incidents[0].note().text(Lang::En);
    assert!(text.contains("now back"), "{text}");
    let verdict = room
        .verdict(arbiter::tournament::live::BoardKey::new(0, 1, 1))
        .unwrap();
    assert!(
        verdict.illegal_moves.is_empty(),
        "{:?}",
        verdict.illegal_moves
    );
    assert_eq!(
        verdict.record_problems[0].problem,
        RecordProblemKind::RecoveredPlies
    );
}

/// A gap event of an event log written by hand whose board after the gap is not a FEN is an
/// error naming the event (it was passed over, and the game went on from the board before).
#[test]
fn a_gap_whose_board_is_not_a_fen_is_an_error_naming_the_event() {
    let events: Vec<Event> = [
        r#"{"type":"move","uci":"e2e4"}"#,
        r#"{"type":"gap","plies":0,"sequences":0,"fen":"not a board"}"#,
    ]
    .iter()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect();
    let err = judge_game(&events, None, JudgeOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"event 1: invalid board placement "not a board""#
    );
}
