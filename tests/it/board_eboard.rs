//! Real e-board captures judged: a DGT e-Board's serial output (dgtdriver's `1.inbytes`, 57
//! plies) and a DGT LiveChess 2 transcript, read from `../shared/data/eboard/` when present,
//! else from the copies in `fixtures/eboard/`; and variants of the DGT capture made from it
//! (clock messages removed, the board turned round, the game ended by the kings' result signal).

use arbiter::board::dgt::{self, CaptureRecord, DgtDecoder, Position};
use arbiter::board::{RecogniserConfig, read_dgt_game, read_livechess_game};
use arbiter::game::event::{Event, EventLog};
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::verdict::{ActKind, GameResult};
use arbiter::laws::illegal::IllegalMove;
use shakmaty::Color;

/// A capture from `../shared/data/eboard/`, else its copy in `fixtures/eboard/`.
fn capture(path: &str) -> Vec<u8> {
    let shared = format!(
        "{}/../shared/data/eboard/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    let fixture = format!("{}/fixtures/eboard/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&shared)
        .or_else(|_| std::fs::read(&fixture))
        .unwrap_or_else(|e| panic!("{fixture}: {e}"))
}

/// The 57 plies of `1.uci`, in UCI.
fn played() -> Vec<String> {
    let text = String::from_utf8(capture("dgt/1.uci")).unwrap();
    let moves: Vec<String> = text
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && *w != "*")
        .map(str::to_owned)
        .collect();
    assert_eq!(moves.len(), 57);
    moves
}

/// The messages of `1.inbytes`, one per line.
fn messages() -> Vec<Vec<u8>> {
    String::from_utf8(capture("dgt/1.inbytes"))
        .unwrap()
        .lines()
        .map(|l| dgt::base64_decode(l.trim().as_bytes()).unwrap())
        .collect()
}

/// Moves (UCI) of an event log, and whether it holds any illegal act.
fn moves_and_acts(log: &EventLog) -> (Vec<String>, usize) {
    let mut moves = Vec::new();
    let mut acts = 0;
    for e in &log.events {
        match e {
            Event::Move(m) if m.side.is_none() => moves.push(m.uci.clone().unwrap_or_default()),
            Event::Move(_) | Event::IllegalAct(_) => acts += 1,
            Event::TakeBack(_) => acts += 1,
            _ => {}
        }
    }
    (moves, acts)
}

fn binary(messages: &[Vec<u8>]) -> Vec<u8> {
    messages.concat()
}

fn assert_the_game(bytes: &[u8], what: &str) -> EventLog {
    let game = read_dgt_game(bytes, &RecogniserConfig::default())
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (moves, acts) = moves_and_acts(&game.events);
    assert_eq!(moves, played(), "{what}");
    assert_eq!(acts, 0, "{what}: {:?}", game.events.events);
    let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
    assert!(v.illegal_moves.is_empty(), "{what}: {:?}", v.illegal_moves);
    game.events
}

#[test]
fn dgt_capture_gives_the_57_plies_in_every_form() {
    let base64 = capture("dgt/1.inbytes");
    assert_the_game(&base64, "base64 lines");
    let msgs = messages();
    assert_the_game(&binary(&msgs), "raw bytes");
    // Our JSON Lines form, without times.
    let jsonl: String = msgs
        .iter()
        .map(|m| CaptureRecord::new(None, m).to_line() + "\n")
        .collect();
    assert_the_game(jsonl.as_bytes(), "JSON Lines");
    // Noise between messages and a message cut short are skipped.
    let mut noisy = vec![0x00, 0x13];
    for (i, m) in msgs.iter().enumerate() {
        noisy.extend_from_slice(m);
        if i == 100 {
            noisy.extend_from_slice(&[0x8e, 0x00]);
        }
    }
    assert_the_game(&noisy, "noisy raw bytes");
}

/// The capture without its clock messages, each message timed (ms) by the capture's clock:
/// the seconds the clocks consumed up to it.
fn clockless_timed(msgs: &[Vec<u8>]) -> String {
    let mut decoder = DgtDecoder::new();
    let mut out = Vec::new();
    let mut elapsed = 0u64;
    let mut last: Option<(u32, u32)> = None;
    let mut text = String::new();
    for m in msgs {
        decoder.push(m, None, Position::Auto, &mut out);
        if m[0] == dgt::id::CLOCK {
            if let Some(r) = decoder.clock() {
                let now = (r.left.seconds, r.right.seconds);
                if let Some((l, r)) = last {
                    elapsed += u64::from(l.saturating_sub(now.0) + r.saturating_sub(now.1));
                }
                last = Some(now);
            }
            continue;
        }
        text += &CaptureRecord::new(Some(elapsed * 1000), m).to_line();
        text.push('\n');
    }
    text
}

#[test]
fn clockless_capture_gives_the_same_moves() {
    let msgs = messages();
    let timed = clockless_timed(&msgs);
    assert_the_game(timed.as_bytes(), "clockless, timed by the capture's clock");
    let untimed: Vec<Vec<u8>> = msgs
        .iter()
        .filter(|m| m[0] != dgt::id::CLOCK)
        .cloned()
        .collect();
    assert_the_game(&binary(&untimed), "clockless, untimed");
}

/// A message as a board turned round sends it: every field number `f` becomes `f ^ 63`.
fn turned(m: &[u8]) -> Vec<u8> {
    let mut m = m.to_vec();
    match m[0] {
        dgt::id::BOARD_DUMP => m[3..67].reverse(),
        dgt::id::FIELD_UPDATE => m[3] ^= 63,
        _ => {}
    }
    m
}

#[test]
fn board_turned_round_is_read_the_right_way_round() {
    let msgs: Vec<Vec<u8>> = messages().iter().map(|m| turned(m)).collect();
    assert_the_game(&binary(&msgs), "turned round");
    let untimed: Vec<Vec<u8>> = msgs
        .iter()
        .filter(|m| m[0] != dgt::id::CLOCK)
        .cloned()
        .collect();
    assert_the_game(&binary(&untimed), "turned round, clockless");
}

fn update(square: &str, piece: Option<char>) -> Vec<u8> {
    let sq: shakmaty::Square = square.parse().unwrap();
    let code = piece.map_or(0, |c| {
        dgt::code_of_piece(Some(shakmaty::Piece::from_char(c).unwrap()))
    });
    vec![dgt::id::FIELD_UPDATE, 0, 5, dgt::field_of_square(sq), code]
}

/// The capture, with or without its clock messages, ended by the players putting the kings
/// on `white` and `black` (each square emptied first when a piece stands there).
fn ended_by_kings(white: &str, black: &str, clock: bool) -> Vec<u8> {
    // After 29. Bf6 the kings stand on g1 and g8; e4 holds a white pawn, e5 a black one.
    let mut msgs: Vec<Vec<u8>> = messages()
        .into_iter()
        .filter(|m| clock || m[0] != dgt::id::CLOCK)
        .collect();
    let occupied = ["e4", "e5"];
    msgs.push(update("g1", None));
    if occupied.contains(&white) {
        msgs.push(update(white, None));
    }
    msgs.push(update(white, Some('K')));
    msgs.push(update("g8", None));
    if occupied.contains(&black) {
        msgs.push(update(black, None));
    }
    msgs.push(update(black, Some('k')));
    binary(&msgs)
}

#[test]
fn kings_on_the_centre_squares_are_the_reported_result() {
    for (white, black, result) in [
        ("e4", "d5", GameResult::WhiteWins),
        ("d4", "e5", GameResult::BlackWins),
        ("e4", "e5", GameResult::Draw),
    ] {
        for clock in [true, false] {
            let what = format!("K{white} k{black}, clock {clock}");
            let game = read_dgt_game(
                &ended_by_kings(white, black, clock),
                &RecogniserConfig::default(),
            )
            .unwrap();
            let (moves, acts) = moves_and_acts(&game.events);
            assert_eq!(moves, played(), "{what}");
            assert_eq!(acts, 0, "{what}: {:?}", game.events.events);
            let reported: Vec<String> = game
                .events
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Result(r) => Some(r.result.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(reported, [result.to_string()], "{what}");
            // The final position is the one before the signal, which the judge checks (CR 4.2).
            let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
            assert_eq!(v.result, result, "{what}");
            assert_eq!(v.plies, 57, "{what}");
            assert!(v.illegal_moves.is_empty(), "{what}");
        }
    }
}

#[test]
fn livechess_black_moving_first_is_out_of_turn_at_ply_1() {
    let text = String::from_utf8(capture("livechess/lichess-dgt-boards-transcript.jsonl")).unwrap();
    let game = read_livechess_game(&text, &RecogniserConfig::default()).unwrap();
    assert_eq!(game.serial_number.as_deref(), Some("23946"));
    let v = judge_game(&game.events.events, None, JudgeOptions::default()).unwrap();
    let first = v.illegal_moves.first().expect("an illegal move");
    assert_eq!(first.kind, ActKind::Move(IllegalMove::OutOfTurn));
    assert_eq!(first.side, Color::Black);
    assert_eq!(first.ply, 1);
    // What the feed frames show (the transcript's lines, `board` of each):
    //   5  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR    the start position
    //   6  rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR  Black's e7-e5 before any White move
    //   7  …/PPPP1PPP/RNBQKBNR                           White lifts e2
    //   8  rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR  e2-e4: White replied, so Black's
    //                                                    act is played on (CR 3.5) and Black
    //                                                    is on move
    //   9  …/PPPP1PPP/RNBQKB1R                           White lifts g1
    //  10  rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R  g1-f3: White's second move in a
    //                                                    row, out of turn (CR 3.1), at ply 3
    //  11  r1bqkbnr/…                                    Black lifts b8; the session ends
    // One act each, as an arbiter would say: Black's e5 (ply 1, played on) and White's Nf3
    // (ply 3, nobody called it). The knight still in Black's hand when the session ends is no
    // move (Laws 4.6: a move is made when the piece is released), and not White's Nf3 again.
    let acts: Vec<(u32, Color, &str)> = v
        .illegal_moves
        .iter()
        .map(|a| (a.ply, a.side, a.notation.as_str()))
        .collect();
    assert_eq!(acts, [(1, Color::Black, "e7e5"), (3, Color::White, "g1f3")]);
    assert!(
        v.illegal_moves
            .iter()
            .all(|a| a.kind == ActKind::Move(IllegalMove::OutOfTurn))
    );
    assert_eq!(v.plies, 3);
    assert_eq!(
        v.final_fen.to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn bad_captures_are_errors_with_their_place() {
    let e = read_dgt_game(b"hgBD\n!!\n", &RecogniserConfig::default()).unwrap_err();
    assert!(e.to_string().starts_with("line 2:"), "{e}");
    let e = read_dgt_game(
        &[0x8e, 0x00, 0x05, 0x50, 0x00],
        &RecogniserConfig::default(),
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("byte 0:"), "{e}");
    let e = read_livechess_game(
        "{\"id\":1,\"call\":\"eboards\"}\n{oops\n",
        &RecogniserConfig::default(),
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("line 2:"), "{e}");
}

#[test]
fn a_lift_is_a_touch_and_the_verdict_says_the_board_saw_it() {
    // White lifts the knight on g1, puts it back and plays e4 instead; Black claims touch-move
    // (Laws 4.3, CR 3.8) before his reply.
    let log = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
{\"type\": \"claim\", \"by\": \"black\", \"claim\": \"touch_move\"}
";
    let game = arbiter::board::read_board_game(log, &RecogniserConfig::default()).unwrap();
    let touches: Vec<(Color, String)> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Touch(t) if t.lifted => Some((t.by, t.square.to_string())),
            _ => None,
        })
        .collect();
    assert_eq!(touches, [(Color::White, "g1".to_owned())]);
    let v = judge_game(&game.events, None, JudgeOptions::default()).unwrap();
    assert_eq!(v.touch_move.len(), 1, "{v:?}");
    assert!(v.touch_move[0].lifted);
    let text = v.summary(arbiter::i18n::Lang::En);
    assert!(text.contains("the board shows the piece lifted"), "{text}");
    let text = v.summary(arbiter::i18n::Lang::Ru);
    assert!(text.contains("доска показывает"), "{text}");
}
