//! Touch-move (Laws 4.2–4.8, CR 3.8), conduct (CR 2.1, 2.2, 4.4), declarations under coercion
//! (CR 4.6) and the flag-fall winnability check (Laws 6.9): the fixtures in `fixtures/judge/`
//! judged through the public API, each expectation worked out by hand from the fixture's
//! comment.

use std::fs::File;
use std::io::BufReader;

use arbiter::formats::jsonl::read_games;
use arbiter::game::judge::{JudgeOptions, judge_game};
use serde_json::{Value, json};

fn judge(name: &str) -> Value {
    let path = format!("{}/fixtures/judge/{name}", env!("CARGO_MANIFEST_DIR"));
    let file = File::open(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let games = read_games(BufReader::new(file)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(games.len(), 1, "{name}: one game per fixture");
    let v = judge_game(&games[0].events, None, JudgeOptions { trace: true })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::to_value(v).unwrap()
}

fn judge_text(text: &str) -> Value {
    let games = read_games(text.as_bytes()).unwrap();
    let v = judge_game(&games[0].events, None, JudgeOptions::default()).unwrap();
    serde_json::to_value(v).unwrap()
}

const E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const E4_E5_D4: &str = "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2";

fn only_claim(v: &Value) -> &Value {
    assert_eq!(v["claims"].as_array().map(Vec::len), Some(1), "{v:#}");
    assert_eq!(v["claims"][0]["claim"], "touch_move", "{v:#}");
    &v["claims"][0]
}

#[test]
fn touch_own_piece_replaces_the_move() {
    let v = judge("cr3.8-touch-own-piece.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["by"], "black");
    assert_eq!(c["correct"], true);
    assert_eq!(c["article"], "4.3.1");
    assert_eq!(
        v["touch_move"],
        json!([{"event_index": 4, "ply": 3, "side": "white", "move": "d2d4",
                "obligation": "move the knight on g1", "outcome": "replaced", "article": "4.3.1"}])
    );
    // Not an illegal move, not counted; 2.Nf3 replaced 2.d4.
    assert_eq!(v["illegal_moves"], json!([]));
    assert_eq!(v["illegal_move_counts"], json!({"white": 0, "black": 0}));
    assert_eq!(v["final_fen"], E4_E5_NF3);
    assert_eq!(v["plies"], 3);
}

#[test]
fn touch_opponents_piece_must_be_captured() {
    let v = judge("cr3.8-touch-opponent-piece.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["correct"], true);
    assert_eq!(c["article"], "4.3.2");
    assert_eq!(v["touch_move"][0]["obligation"], "capture the pawn on d5");
    assert_eq!(v["touch_move"][0]["move"], "g1f3");
    assert_eq!(
        v["final_fen"],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
}

#[test]
fn touch_obligation_ignored_again_is_reported() {
    let v = judge("cr3.8-touch-ignored-again.jsonl");
    let t = v["touch_move"].as_array().unwrap();
    assert_eq!(t.len(), 2, "{v:#}");
    assert_eq!(t[0]["outcome"], "replaced");
    assert_eq!(t[1]["outcome"], "ignored_again");
    assert_eq!(t[1]["event_index"], 6);
    assert_eq!(t[1]["ply"], 3);
    assert_eq!(v["illegal_moves"], json!([]));
    assert_eq!(v["final_fen"], E4_E5_D4);
}

#[test]
fn touch_obligation_ignored_again_can_be_claimed_again() {
    // As the fixture, then Black claims once more: 2.d4 is replaced again and 2.Nf3 stands.
    let path = format!(
        "{}/fixtures/judge/cr3.8-touch-ignored-again.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut log = std::fs::read_to_string(path).unwrap();
    log.push_str(
        "{\"type\":\"claim\",\"by\":\"black\",\"claim\":\"touch_move\"}\n\
         {\"type\":\"move\",\"uci\":\"g1f3\"}\n",
    );
    let v = judge_text(&log);
    let outcomes: Vec<&str> = v["touch_move"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["replaced", "ignored_again", "replaced"]);
    assert_eq!(v["claims"][1]["correct"], true);
    assert_eq!(v["final_fen"], E4_E5_NF3);
}

#[test]
fn touch_none_movable_any_move_stands() {
    let v = judge("cr3.8-touch-none-movable.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["correct"], false);
    assert_eq!(c["article"], "4.5");
    assert!(v.get("touch_move").is_none(), "{v:#}");
    assert_eq!(
        v["final_fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn touch_jadoube_binds_nothing() {
    let v = judge("cr3.8-touch-jadoube.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["correct"], false);
    assert_eq!(c["article"], "4.2.1");
    assert_eq!(v["final_fen"], E4_E5_D4);
    let trace = v["trace"].as_array().unwrap();
    assert!(trace.iter().any(|t| t["article"] == "4.2.1"), "{v:#}");
}

#[test]
fn touch_claim_after_own_touch_is_too_late() {
    let v = judge("cr3.8-touch-claim-too-late.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["correct"], false);
    assert_eq!(c["article"], "4.8");
    assert_eq!(
        v["final_fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn touch_on_opponents_turn_is_accidental() {
    let v = judge("cr3.8-touch-on-opponents-turn.jsonl");
    let c = only_claim(&v);
    assert_eq!(c["correct"], false);
    assert_eq!(c["article"], "CR 3.8");
    assert_eq!(v["final_fen"], E4_E5_D4);
}

#[test]
fn touch_claim_before_the_move_binds_the_coming_move() {
    // White touches the knight on g1; Black claims at once: White must move it, and 2.d4
    // is reported.
    let v = judge_text(
        "{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"move\",\"uci\":\"e7e5\"}\n\
         {\"type\":\"touch\",\"by\":\"white\",\"square\":\"g1\"}\n\
         {\"type\":\"claim\",\"by\":\"black\",\"claim\":\"touch_move\"}\n\
         {\"type\":\"move\",\"uci\":\"d2d4\"}\n",
    );
    assert_eq!(v["claims"][0]["correct"], true);
    assert_eq!(v["touch_move"][0]["outcome"], "ignored_again");
}

#[test]
fn touch_mating_move_replaced_reopens_the_game() {
    // Scholar's mate: White touched the bishop on c4 and mated with the queen instead (4.Qxf7#).
    // The claim replaces the mating move (Laws 5.1.1: mate needs a move that followed 4.2–4.7);
    // White then moves the bishop, 4.Bxf7+.
    let v = judge_text(
        "{\"type\":\"move\",\"san\":\"e4\"}\n{\"type\":\"move\",\"san\":\"e5\"}\n\
         {\"type\":\"move\",\"san\":\"Qh5\"}\n{\"type\":\"move\",\"san\":\"Nc6\"}\n\
         {\"type\":\"move\",\"san\":\"Bc4\"}\n{\"type\":\"move\",\"san\":\"Nf6\"}\n\
         {\"type\":\"touch\",\"by\":\"white\",\"square\":\"c4\"}\n\
         {\"type\":\"move\",\"san\":\"Qxf7#\"}\n\
         {\"type\":\"claim\",\"by\":\"black\",\"claim\":\"touch_move\"}\n\
         {\"type\":\"move\",\"san\":\"Bxf7+\"}\n",
    );
    assert_eq!(v["claims"][0]["correct"], true, "{v:#}");
    assert_eq!(v["result"], "*");
    assert_eq!(v["plies"], 7);
    assert_eq!(
        v["final_fen"],
        "r1bqkb1r/pppp1Bpp/2n2n2/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
}

#[test]
fn conduct_device_loses() {
    let v = judge("cr2.1-electronic-device.jsonl");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["reason"], "electronic_device");
    assert_eq!(v["article"], "CR 2.1");
    assert_eq!(
        v["conduct"],
        json!([{"event_index": 3, "ply": 2, "by": "black", "kind": "device",
                "decided": true, "article": "CR 2.1"}])
    );
}

#[test]
fn conduct_cheating_loses_even_after_mate() {
    let v = judge("cr2.2-cheating.jsonl");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "cheating");
    assert_eq!(v["article"], "CR 2.2");
    assert_eq!(v["conduct"][0]["kind"], "cheating");
    assert_eq!(v["conduct"][0]["decided"], true);
}

#[test]
fn conduct_both_players_cheating_lose_both() {
    let v = judge_text(
        "{\"type\":\"move\",\"uci\":\"e2e4\"}\n\
         {\"type\":\"conduct\",\"by\":\"white\",\"kind\":\"cheating\"}\n\
         {\"type\":\"conduct\",\"by\":\"black\",\"kind\":\"device\"}\n",
    );
    assert_eq!(v["result"], "0-0");
    assert_eq!(v["conduct"].as_array().unwrap().len(), 2);
}

#[test]
fn conduct_left_the_round_loses() {
    let v = judge("cr4.4-left-the-round.jsonl");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "left_the_round");
    assert_eq!(v["article"], "CR 4.4");
    // Leaving after the end of the game changes nothing.
    let v = judge_text(
        "{\"type\":\"resign\",\"by\":\"black\"}\n{\"type\":\"conduct\",\"by\":\"white\",\"kind\":\"left\"}\n",
    );
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["conduct"][0]["decided"], false);
}

#[test]
fn coercion_voids_resignation_game_goes_on() {
    let v = judge("cr4.6-coerced-resignation.jsonl");
    assert_eq!(v["result"], "*");
    assert_eq!(v["plies"], 4);
    assert_eq!(v["moves_after_end"], json!([]));
    assert_eq!(
        v["coercion"],
        json!([{"event_index": 4, "declaration_index": 3, "declaration": "resignation",
                "by": "black", "voided": true,
                "effect": "the resignation is void: the game goes on", "article": "CR 4.6"}])
    );
}

#[test]
fn coercion_voids_draw_agreement() {
    let v = judge("cr4.6-coerced-draw-agreement.jsonl");
    assert_eq!(v["result"], "*");
    assert_eq!(v["final_fen"], E4_E5_NF3);
    assert_eq!(v["coercion"][0]["declaration"], "draw_offer");
    assert_eq!(v["coercion"][0]["by"], "white");
    assert_eq!(v["coercion"][0]["voided"], true);
}

#[test]
fn coercion_after_the_report_scores_for_the_coerced_player() {
    let v = judge("cr4.6-coerced-resignation-scored.jsonl");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "coerced_declaration_void");
    assert_eq!(v["article"], "CR 4.6");
    assert_eq!(v["reported"]["agrees"], false);
    // An index that names no declaration voids nothing.
    let v = judge_text(
        "{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"coercion\",\"event_index\":0}\n",
    );
    assert_eq!(v["coercion"][0]["voided"], false);
    assert_eq!(v["result"], "*");
}

#[test]
fn flag_fall_shows_the_mating_line() {
    // K+N+N v K (Laws 6.9): the lone king's flag falls; the knights can mate with help, so
    // Black loses, and the verdict shows a helpmate that ends in mate.
    let v = judge_text(
        "{\"type\":\"header\",\"fen\":\"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1\"}\n\
         {\"type\":\"flag_fall\",\"side\":\"black\"}\n",
    );
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["mate_check"]["answer"], "winnable");
    let line = v["mate_check"]["line"].as_array().unwrap();
    assert!(
        line.last().unwrap().as_str().unwrap().ends_with('#'),
        "{v:#}"
    );
    // The knights' side flags: Black cannot mate, a draw by material.
    let v = judge_text(
        "{\"type\":\"header\",\"fen\":\"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1\"}\n\
         {\"type\":\"flag_fall\",\"side\":\"white\"}\n",
    );
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(
        v["mate_check"],
        json!({"side": "black", "answer": "unwinnable", "method": "material"})
    );
}

#[test]
fn a_game_already_over_admits_no_draw_claim() {
    // The start position is Fool's mate: the game is over before any event.
    let v = judge_text(
        "{\"type\":\"header\",\"fen\":\"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\"}\n\
         {\"type\":\"claim\",\"by\":\"white\",\"claim\":\"threefold\"}\n",
    );
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["claims"][0]["correct"], false);
    assert_eq!(v["claims"][0]["explanation"], "the game was already over");
}
