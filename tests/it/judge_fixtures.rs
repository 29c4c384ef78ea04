//! Every fixture in `fixtures/judge/*.jsonl` judged through the public API, with the verdict
//! the competition rules (CR 3.x, CR 4.x) and the Laws require, checked on its JSON form (the
//! contract other programs rely on). Each fixture's comment says what it shows.

use std::fs::File;
use std::io::BufReader;

use arbiter::formats::jsonl::read_games;
use arbiter::formats::pgn::PgnReader;
use arbiter::formats::pgn::judge_pgn_game;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::rules::CompetitionRules;
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    format!("{}/fixtures/judge/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn judge(name: &str) -> Value {
    let file = File::open(fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let games = read_games(BufReader::new(file)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(games.len(), 1, "{name}: one game per fixture");
    let v = judge_game(&games[0].events, None, JudgeOptions { trace: true })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::to_value(v).unwrap()
}

fn assert_result(v: &Value, result: &str, reason: &str, article: Value) {
    assert_eq!(v["result"], result, "{v:#}");
    assert_eq!(v["reason"], reason, "{v:#}");
    assert_eq!(v["article"], article, "{v:#}");
}

fn fen(v: &Value) -> &str {
    v["final_fen"].as_str().unwrap()
}

const START_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

#[test]
fn cr4_4_checkmate() {
    let v = judge("checkmate-fools-mate.jsonl");
    assert_result(&v, "0-1", "checkmate", json!("5.1.1"));
    assert_eq!(v["ended_at_ply"], 4);
    assert_eq!(v["reported"]["agrees"], true);
}

#[test]
fn cr3_1_black_moving_first() {
    let v = judge("cr3.1-black-moves-first.jsonl");
    assert_result(&v, "*", "unfinished", Value::Null);
    let act = &v["illegal_moves"][0];
    assert_eq!(act["side"], "black");
    assert_eq!(act["kind"], "out_of_turn");
    assert_eq!(act["article"], "CR 3.1");
    assert_eq!(act["status"], "counted_noticed");
    assert_eq!(v["illegal_move_counts"], json!({"white": 0, "black": 1}));
    // Restored to the start, then 1.e4 e5 was played.
    assert_eq!(fen(&v), START_E4_E5);
    assert_eq!(v["plies"], 2);
}

#[test]
fn cr3_1_piece_added_by_board() {
    let v = judge("cr3.1-piece-added.jsonl");
    let act = &v["illegal_moves"][0];
    assert_eq!(act["kind"], "piece_added");
    assert_eq!(act["article"], "CR 3.1");
    assert_eq!(act["status"], "counted_claimed");
    assert_eq!(v["claims"][0]["correct"], true);
    assert_eq!(v["illegal_move_counts"]["white"], 1);
    // The extra queen is gone; 2.Nf3 was played from the restored position.
    assert_eq!(
        fen(&v),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn cr3_3_two_illegal_moves_lose() {
    let v = judge("cr3.3-two-illegal-moves-lose.jsonl");
    assert_result(&v, "0-1", "two_illegal_moves", json!("CR 3.3"));
    assert_eq!(v["illegal_move_counts"]["white"], 2);
    assert_eq!(v["illegal_moves"][0]["kind"], "bishop_movement");
    assert_eq!(v["illegal_moves"][0]["article"], "3.2");
    assert_eq!(v["illegal_moves"][1]["kind"], "knight_movement");
    assert_eq!(v["illegal_moves"][1]["article"], "3.6");
}

#[test]
fn cr3_3_second_illegal_move_draws_when_opponent_cannot_mate() {
    let v = judge("cr3.3-opponent-cannot-mate-draw.jsonl");
    assert_result(
        &v,
        "1/2-1/2",
        "two_illegal_moves_opponent_cannot_mate",
        json!("7.5.5"),
    );
    assert_eq!(fen(&v), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
}

#[test]
fn cr3_4_arbiter_notice_counts() {
    let v = judge("cr3.4-arbiter-notice-counts.jsonl");
    assert_eq!(v["illegal_moves"][0]["status"], "counted_noticed");
    assert_eq!(v["illegal_moves"][0]["counted"], true);
    assert_eq!(v["illegal_move_counts"]["white"], 1);
    assert_eq!(v["plies"], 3);
}

#[test]
fn cr3_5_claim_after_reply_is_played_on() {
    let v = judge("cr3.5-claim-after-reply-played-on.jsonl");
    assert_eq!(v["illegal_moves"][0]["status"], "played_on");
    assert_eq!(v["illegal_moves"][0]["counted"], false);
    assert_eq!(v["claims"][0]["correct"], false);
    assert_eq!(v["illegal_move_counts"]["white"], 0);
    // The knight went on from g3 to f5: the board as it stood.
    assert_eq!(
        fen(&v),
        "r1bqkbnr/pppp1ppp/2n5/4pN2/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 3 3"
    );
}

#[test]
fn cr3_5_irregular_position_after_reply_is_drawn() {
    let v = judge("cr3.5-unpromoted-pawn-played-on.jsonl");
    assert_result(&v, "1/2-1/2", "illegal_position_on_board", json!("A.5.4"));
    assert_eq!(v["illegal_moves"][0]["kind"], "missing_promotion");
    assert_eq!(v["irregular_position"], true);
    assert_eq!(fen(&v), "P7/6k1/8/8/8/8/8/K7 w - - 1 2");
}

#[test]
fn cr3_6_take_back_not_counted() {
    let v = judge("cr3.6-take-back-not-counted.jsonl");
    assert_eq!(v["illegal_moves"][0]["status"], "taken_back");
    assert_eq!(v["illegal_move_counts"]["white"], 0);
    assert_eq!(
        fen(&v),
        "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"
    );
}

#[test]
fn cr3_7_three_two_handed_moves_make_one_illegal_move() {
    let v = judge("cr3.7-three-two-handed-moves.jsonl");
    assert_result(&v, "0-1", "two_illegal_moves", json!("CR 3.3"));
    assert_eq!(
        v["two_handed"]["white"],
        json!({"observed": 3, "counted": 3})
    );
    assert_eq!(v["illegal_moves"][0]["kind"], "two_handed_moves");
    assert_eq!(v["illegal_moves"][0]["article"], "CR 3.7");
    assert_eq!(v["illegal_moves"][1]["kind"], "king_movement");
    assert_eq!(v["illegal_move_counts"]["white"], 2);
}

#[test]
fn fide_each_two_handed_move_is_an_illegal_move() {
    let v = judge("cr3.7-fide-two-handed-each-counts.jsonl");
    assert_result(&v, "0-1", "two_illegal_moves", json!("7.5.5"));
    assert_eq!(v["illegal_moves"][0]["article"], "7.5.4");
    assert_eq!(v["rules"]["preset"], "fide");
}

#[test]
fn cr3_7_two_handed_claimed_after_reply_not_counted() {
    let v = judge("cr3.7-two-handed-claimed-late.jsonl");
    assert_eq!(
        v["two_handed"]["white"],
        json!({"observed": 1, "counted": 0})
    );
    assert_eq!(v["claims"][0]["correct"], false);
    assert_eq!(v["illegal_moves"], json!([]));
}

#[test]
fn cr4_2_reported_mate_that_is_not_mate_is_flagged() {
    let v = judge("cr4.2-reported-mate-not-mate.jsonl");
    assert_result(&v, "1-0", "reported_result", json!("CR 4.2"));
    assert_eq!(v["reported"]["agrees"], false);
    assert_eq!(
        v["reported"]["discrepancies"],
        json!(["reported_ending_not_on_board", "shown_position_differs"])
    );
}

#[test]
fn cr4_2_result_not_recorded_is_a_loss_for_both() {
    let v = judge("cr4.2-result-not-recorded.jsonl");
    assert_result(&v, "0-0", "result_not_recorded", json!("CR 4.2"));
}

#[test]
fn cr4_3_playout_expiry_requires_adjudication() {
    // [play-out adjudication] the play-out adjudication now decides: 1.e4 c5 is
    // balanced, so a draw (CR 4.3–4.5).
    let v = judge("cr4.3-playout-expired.jsonl");
    assert_result(&v, "1/2-1/2", "adjudicated", json!("CR 4.3"));
    assert_eq!(v["ended_at_ply"], 2);
}

#[test]
fn cr4_4_resignation_cannot_be_withdrawn() {
    let v = judge("cr4.4-resignation.jsonl");
    assert_result(&v, "1-0", "resignation", json!("5.1.2"));
    assert_eq!(v["moves_after_end"][0]["move"], "g1f3");
    assert_eq!(fen(&v), START_E4_E5);
}

#[test]
fn laws_5_1_2_resignation_draws_when_opponent_cannot_mate() {
    let v = judge("cr4.4-resignation-opponent-cannot-mate.jsonl");
    assert_result(
        &v,
        "1/2-1/2",
        "resignation_opponent_cannot_mate",
        json!("5.1.2"),
    );
}

#[test]
fn cr4_4_third_refusal_loses() {
    let v = judge("cr4.4-refusal-to-continue.jsonl");
    assert_result(&v, "1-0", "refusal_to_continue", json!("CR 4.4"));
}

#[test]
fn cr4_5_stalemate() {
    let v = judge("cr4.5-stalemate.jsonl");
    assert_result(&v, "1/2-1/2", "stalemate", json!("5.2.1"));
    assert_eq!(fen(&v), "7k/5Q2/7K/8/8/8/8/8 b - - 1 1");
}

#[test]
fn cr4_5_dead_position() {
    let v = judge("cr4.5-dead-position.jsonl");
    assert_result(&v, "1/2-1/2", "insufficient_material", json!("5.2.2"));
    assert_eq!(v["ended_at_ply"], 1);
}

#[test]
fn cr4_5_draw_agreement() {
    let v = judge("cr4.5-draw-agreement.jsonl");
    assert_result(&v, "1/2-1/2", "draw_agreement", json!("5.2.3"));
}

#[test]
fn laws_5_2_3_agreement_needs_a_move_by_each_player() {
    let v = judge("cr4.5-draw-agreement-too-early.jsonl");
    assert_result(&v, "*", "unfinished", Value::Null);
    assert_eq!(fen(&v), START_E4_E5);
}

#[test]
fn cr4_6_touching_a_piece_rejects_the_offer() {
    let v = judge("cr4.6-draw-offer-rejected-by-move.jsonl");
    assert_result(&v, "*", "unfinished", Value::Null);
    assert_eq!(v["plies"], 4);
}

#[test]
fn cr4_5_threefold_claim_with_intended_move() {
    let v = judge("cr4.5-threefold-claim-with-move.jsonl");
    assert_result(&v, "1/2-1/2", "threefold_repetition_claim", json!("9.2"));
    assert_eq!(v["claims"][0]["correct"], true);
    assert_eq!(v["claims"][0]["move"], "f6g8");
    assert_eq!(v["plies"], 7);
    // The count is the one of the position after the intended move (9.2.1).
    assert_eq!(
        v["claims"][0]["explanation"],
        "after the intended move the position would have appeared 3 times (9.2.1)"
    );
}

#[test]
fn laws_9_5_3_incorrect_claim_then_the_declared_move_is_played() {
    let v = judge("cr4.5-threefold-claim-incorrect.jsonl");
    assert_result(&v, "*", "unfinished", Value::Null);
    assert_eq!(v["claims"][0]["correct"], false);
    // After 3...Nf6 the position would stand for the second time; the current one (after
    // 3.Nf3) also stands for the second time — both counts said, the intended move's first.
    assert_eq!(
        v["claims"][0]["explanation"],
        "after the intended move the position would have appeared 2 times only (9.2.1; the \
         current position: 2 times)"
    );
    assert_eq!(v["plies"], 6);
    assert_eq!(
        fen(&v),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 6 4"
    );
}

#[test]
fn cr4_5_fifty_move_claim_with_intended_move() {
    let v = judge("cr4.5-fifty-move-claim.jsonl");
    assert_result(&v, "1/2-1/2", "fifty_moves_claim", json!("9.3"));
    assert_eq!(v["claims"][0]["correct"], true);
}

#[test]
fn cr4_5_fivefold_repetition() {
    let v = judge("cr4.5-fivefold-repetition.jsonl");
    assert_result(&v, "1/2-1/2", "fivefold_repetition", json!("9.6.1"));
    assert_eq!(v["ended_at_ply"], 16);
}

#[test]
fn cr4_5_seventy_five_moves() {
    let v = judge("cr4.5-seventyfive-moves.jsonl");
    assert_result(&v, "1/2-1/2", "seventyfive_moves", json!("9.6.2"));
}

#[test]
fn laws_6_9_flag_fall_draws_when_opponent_cannot_mate() {
    let v = judge("laws6.9-flag-fall-opponent-cannot-mate.jsonl");
    assert_result(
        &v,
        "1/2-1/2",
        "flag_fall_opponent_cannot_mate",
        json!("6.9"),
    );
}

#[test]
fn every_fixture_is_asserted() {
    // A new fixture must get a test above.
    let mut names: Vec<String> = std::fs::read_dir(fixture(""))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jsonl"))
        .collect();
    names.sort();
    let me = include_str!("judge_fixtures.rs");
    // Touch-move, conduct and coercion fixtures are asserted in their own file.
    let touch = include_str!("judge_touch_conduct.rs");
    for n in names {
        let quoted = format!("\"{n}\"");
        assert!(
            me.contains(&quoted) || touch.contains(&quoted),
            "fixture {n} has no test"
        );
    }
}

#[test]
fn pgn_fixture_games() {
    let file = File::open(fixture("games.pgn")).unwrap();
    let games: Vec<_> = PgnReader::new(file).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    let v1 = serde_json::to_value(
        judge_pgn_game(
            &games[0],
            CompetitionRules::default(),
            JudgeOptions::default(),
        )
        .unwrap(),
    )
    .unwrap();
    assert_result(&v1, "1-0", "checkmate", json!("5.1.1"));
    assert_eq!(v1["reported"]["agrees"], true);
    let v2 = serde_json::to_value(
        judge_pgn_game(
            &games[1],
            CompetitionRules::default(),
            JudgeOptions::default(),
        )
        .unwrap(),
    )
    .unwrap();
    assert_result(&v2, "1/2-1/2", "stalemate", json!("5.2.1"));
    assert_eq!(
        v2["reported"]["discrepancies"],
        json!(["result_contradicts_ending"])
    );
}
