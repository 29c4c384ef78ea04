//! The rules vectors: every case of `../shared/vectors/rules/cases.jsonl` (format in its
//! README), plus any case file named by `ARBITER_RULE_CASES`, run through the judge. Prints one
//! line per failing case with expected and actual values and ends with `N passed, M failed`.
//! A key the harness does not know fails the case; nothing is skipped.

use std::collections::BTreeMap;

use arbiter::formats::pgn::{PgnReader, pgn_judge};
use arbiter::game::judge::{Judge, JudgeError, JudgeOptions, Written};
use arbiter::game::rules::CompetitionRules;
use arbiter::game::setup::parse_fen;
use arbiter::game::verdict::{RecordProblemKind, Verdict};
use arbiter::laws::draw;
use arbiter::laws::winnability::{Winnability, can_mate};
use serde_json::{Value, json};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

const CASE_FIELDS: &[&str] = &[
    "id",
    "category",
    "source",
    "note",
    "fen",
    "moves",
    "notation",
    "expect",
    "pgn",
    "verified_by",
    "python_chess_disagrees",
];

/// What the engine says about a case, whatever its notation (UCI or SAN moves, or a PGN text):
/// the judge after the moves (final position, history, verdict), or the refused FEN; and the
/// move-text facts (parsed, the mainline as UCI, the first null move, the PGN game for its tags).
/// Every key is answered from these for every kind of case.
struct Run {
    judge: Option<Judge>,
    verdict: Option<Verdict>,
    fen_error: Option<arbiter::game::setup::FenError>,
    /// Every mainline token was read as exactly one legal move from the position before it
    /// (the rules README's `parse_ok`): false for a move that is illegal (a null move and a
    /// move after mate included), ambiguous, unreadable or only loosely written (the judge's
    /// inexact SAN), even where the judge plays it on.
    parse_ok: bool,
    /// The legal moves from the start, as UCI, up to the first that is not legal (replayed with
    /// shakmaty, independently of the judge).
    uci: Vec<String>,
    /// 0-based index of the first null move (`--`, `0000`).
    null_at: Option<usize>,
    /// The PGN game, for a PGN case (its tags).
    game: Option<arbiter::formats::pgn::PgnGame>,
}

fn run_case(case: &Value) -> Result<Run, String> {
    let fen = case
        .get("fen")
        .and_then(Value::as_str)
        .unwrap_or("startpos");
    if let Some(pgn) = case.get("pgn").and_then(Value::as_str) {
        // A case's `fen` is the start of a PGN without a `FEN` tag of its own.
        if fen != "startpos" && !pgn.contains("[FEN ") {
            return Ok(run_pgn(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n{pgn}")));
        }
        return Ok(run_pgn(pgn));
    }
    let start = match parse_fen(fen, CastlingMode::Standard)
        .or_else(|_| parse_fen(fen, CastlingMode::Chess960))
    {
        Ok(p) => p,
        Err(e) => {
            return Ok(Run {
                judge: None,
                verdict: None,
                fen_error: Some(e),
                parse_ok: false,
                uci: Vec::new(),
                null_at: None,
                game: None,
            });
        }
    };
    let mode = start.castles().mode();
    let mut replay = Some(start.clone());
    let mut judge = Judge::with_mode(
        start,
        mode,
        CompetitionRules::fide(),
        JudgeOptions::default(),
    );
    let notation = case
        .get("notation")
        .and_then(Value::as_str)
        .unwrap_or("uci");
    let (mut read_all, mut uci, mut null_at) = (true, Vec::new(), None);
    for (i, m) in case
        .get("moves")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let text = m.as_str().ok_or("a move is not a string")?;
        let written = match notation {
            "uci" => Written::parse(Some(text), None),
            // Moves of a PGN case given as a list are SAN.
            "san" | "pgn" => Written::parse(None, Some(text)),
            other => return Err(format!("unknown notation {other:?}")),
        };
        let Ok(written) = written else {
            read_all = false;
            break;
        };
        let legal = replay.as_ref().and_then(|pos| match written {
            Written::Uci(UciMove::Null) | Written::San(San::Null) => None,
            Written::Uci(u) => u.to_move(pos).ok(),
            Written::San(s) => s.to_move(pos).ok(),
        });
        if matches!(
            written,
            Written::Uci(UciMove::Null) | Written::San(San::Null)
        ) {
            null_at.get_or_insert(i);
        }
        match (legal, replay.as_mut()) {
            (Some(mv), Some(pos)) => {
                uci.push(mv.to_uci(mode).to_string());
                pos.play_unchecked(mv);
            }
            _ => replay = None,
        }
        judge.play(written);
    }
    let verdict = judge.verdict();
    let moves = case
        .get("moves")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let parse_ok = read_all && null_at.is_none() && uci.len() == moves && exact(&verdict);
    Ok(Run {
        judge: Some(judge),
        verdict: Some(verdict),
        fen_error: None,
        parse_ok,
        uci,
        null_at,
        game: None,
    })
}

fn run_pgn(text: &str) -> Run {
    let mut reader = PgnReader::reporting_skipped_tokens(text.as_bytes());
    let Some(Ok(game)) = reader.next() else {
        return Run {
            judge: None,
            verdict: None,
            fen_error: None,
            parse_ok: false,
            uci: Vec::new(),
            null_at: None,
            game: None,
        };
    };
    let judge = pgn_judge(&game, CompetitionRules::fide(), JudgeOptions::default());
    // The mainline as UCI, replayed independently of the judge.
    let mut uci = Vec::new();
    let mut pos = game
        .tag("FEN")
        .and_then(|f| parse_fen(f, CastlingMode::Standard).ok())
        .unwrap_or_default();
    for san in &game.moves {
        match san.to_move(&pos) {
            Ok(m) => {
                uci.push(m.to_uci(CastlingMode::Standard).to_string());
                pos.play_unchecked(m);
            }
            Err(_) => break,
        }
    }
    let null_at = game.moves.iter().position(|m| *m == San::Null);
    let replayed_all = uci.len() == game.moves.len();
    let (judge, fen_error) = match judge {
        Ok(j) => (Some(j), None),
        Err(JudgeError::InvalidStart { source, .. }) => (None, Some(source)),
        Err(_) => (None, None),
    };
    let verdict = judge.as_ref().map(Judge::verdict);
    Run {
        parse_ok: game.skipped.is_empty()
            && null_at.is_none()
            && replayed_all
            && verdict.as_ref().is_some_and(exact),
        verdict,
        judge,
        fen_error,
        uci,
        null_at,
        game: Some(game),
    }
}

/// The judge found no illegal move (a move after mate included) and no defect of the written
/// record (ambiguous, unplayable, unreadable or inexact move text).
fn exact(verdict: &Verdict) -> bool {
    verdict.first_illegal().is_none() && verdict.record_problems.is_empty()
}

fn material(pos_board: &shakmaty::Board) -> Value {
    let value = |c: Color| -> i64 {
        let m = pos_board.material_side(c);
        i64::from(m.pawn)
            + 3 * i64::from(m.knight)
            + 3 * i64::from(m.bishop)
            + 5 * i64::from(m.rook)
            + 9 * i64::from(m.queen)
    };
    let (w, b) = (value(Color::White), value(Color::Black));
    json!({"white": w, "black": b, "diff": w - b})
}

fn outcome_value(judge: &Judge) -> Value {
    match judge.automatic_ending() {
        Some((result, reason, _)) => json!({"result": result.as_str(), "reason": reason.code()}),
        None => json!({"result": "*", "reason": null}),
    }
}

fn outcome_matches(expected: &Value, actual: &Value) -> bool {
    let result_ok = expected.get("result") == actual.get("result");
    let reason_ok = match expected.get("reason") {
        None => true,
        Some(r) => Some(r) == actual.get("reason"),
    };
    result_ok && reason_ok
}

/// Evaluates one `expect` key: `Ok(actual)` to compare with the expected value, or `Err` when
/// the key cannot be evaluated (unknown key, missing position).
fn actual(key: &str, expected: &Value, run: &Run) -> Result<(Value, bool), String> {
    let pos = || -> Result<&Chess, String> {
        run.judge
            .as_ref()
            .ok_or("no position (FEN refused or PGN unread)")?
            .position()
            .ok_or_else(|| "irregular final position".to_owned())
    };
    let judge = || {
        run.judge
            .as_ref()
            .ok_or("no game (FEN refused or PGN unread)")
    };
    let verdict = || {
        run.verdict
            .as_ref()
            .ok_or("no verdict (FEN refused or PGN unread)")
    };
    let v = match key {
        "checkmate" => json!(pos()?.is_checkmate()),
        "stalemate" => json!(pos()?.is_stalemate()),
        "check" => json!(pos()?.is_check()),
        "insufficient_material" => json!(pos()?.is_insufficient_material()),
        "dead_position" => {
            let p = pos()?;
            json!(
                p.is_insufficient_material()
                    || (can_mate(p, Color::White) == Winnability::Unwinnable
                        && can_mate(p, Color::Black) == Winnability::Unwinnable)
            )
        }
        "threefold_now" => json!(draw::threefold_now(judge()?.history())),
        "threefold_claimable" => json!(draw::threefold_claimable(judge()?.history(), pos()?)),
        "fivefold" => json!(draw::fivefold(judge()?.history())),
        "seventyfive" => json!(draw::seventy_five_moves(pos()?)),
        "fifty_now" => json!(draw::fifty_now(pos()?)),
        "fifty_claimable" => json!(draw::fifty_claimable(pos()?)),
        "halfmove_clock" => json!(pos()?.halfmoves()),
        "outcome" | "outcome_at_end_ply" => {
            let a = outcome_value(judge()?);
            let ok = outcome_matches(expected, &a);
            return Ok((a, ok));
        }
        "ended_at_ply" => json!(judge()?.automatic_ending().map(|(_, _, ply)| ply)),
        "legal_moves_count" => json!(pos()?.legal_moves().len()),
        "illegal_at" => json!(verdict()?.first_illegal().map(|a| a.event_index)),
        "article" => {
            // An expected article matches the engine's or any sub-article of it.
            let act = verdict()?.first_illegal().map(|a| a.article);
            let got = json!(act.map(|a| a.number()));
            let ok = match (expected.as_str(), act) {
                (Some(want), Some(a)) => a.matches(want),
                (None, None) => expected.is_null(),
                _ => false,
            };
            return Ok((got, ok));
        }
        "timeout_result_if_white_flags" => {
            json!(
                if can_mate(pos()?, Color::Black) == Winnability::Unwinnable {
                    "1/2-1/2"
                } else {
                    "0-1"
                }
            )
        }
        "timeout_result_if_black_flags" => {
            json!(
                if can_mate(pos()?, Color::White) == Winnability::Unwinnable {
                    "1/2-1/2"
                } else {
                    "1-0"
                }
            )
        }
        "valid" => json!(run.fen_error.is_none() && run.judge.is_some()),
        "error" => {
            let ambiguous = run.verdict.as_ref().is_some_and(|v| {
                v.record_problems
                    .iter()
                    .any(|p| p.problem == RecordProblemKind::AmbiguousSan)
            });
            if run.fen_error.is_some() {
                json!("invalid fen")
            } else if ambiguous {
                json!("ambiguous san")
            } else {
                Value::Null
            }
        }
        "fen_error" => {
            let e = run.fen_error.as_ref().ok_or("the FEN was accepted")?;
            let codes: Vec<&str> = e.problems.iter().map(|p| p.code()).collect();
            let ok = expected.as_str().is_some_and(|w| codes.contains(&w));
            return Ok((json!(codes), ok));
        }
        "parse_ok" => json!(run.parse_ok),
        "mainline_plies" => json!(verdict()?.plies),
        "mainline_uci" => json!(run.uci),
        "headers" => {
            let map = expected.as_object().ok_or("headers is not an object")?;
            let tag = |k: &str| run.game.as_ref().and_then(|g| g.tag(k));
            let got: BTreeMap<&str, Option<&str>> =
                map.keys().map(|k| (k.as_str(), tag(k))).collect();
            let ok = map.iter().all(|(k, v)| v.as_str() == tag(k));
            return Ok((json!(got), ok));
        }
        // The reported result: the `Result` tag, else the movetext's termination marker.
        "result_tag" => json!(run.game.as_ref().and_then(|g| {
            g.tag("Result")
                .or_else(|| g.termination.map(|t| t.as_str()))
        })),
        "null_move_at" => json!(run.null_at),
        "final_fen3" => {
            json!(
                verdict()?
                    .final_fen
                    .to_string()
                    .split(' ')
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        }
        "material" => {
            let board = run
                .verdict
                .as_ref()
                .map(|v| v.final_fen.as_setup().board.clone())
                .ok_or("no final position")?;
            material(&board)
        }
        other => return Err(format!("unknown expect key {other:?}")),
    };
    let ok = &v == expected;
    Ok((v, ok))
}

fn check_case(case: &Value) -> Vec<String> {
    let mut failures = Vec::new();
    let Some(obj) = case.as_object() else {
        return vec!["case is not an object".into()];
    };
    for k in obj.keys() {
        if !CASE_FIELDS.contains(&k.as_str()) {
            failures.push(format!("unknown case field {k:?}"));
        }
    }
    let run = match run_case(case) {
        Ok(r) => r,
        Err(e) => return vec![format!("cannot run: {e}")],
    };
    let Some(expect) = case.get("expect").and_then(Value::as_object) else {
        failures.push("no expect object".into());
        return failures;
    };
    for (key, expected) in expect {
        match actual(key, expected, &run) {
            Ok((_, true)) => {}
            Ok((got, false)) => failures.push(format!("{key}: expected {expected}, actual {got}")),
            Err(e) => failures.push(format!("{key}: expected {expected}, actual: {e}")),
        }
    }
    failures
}

fn run_file(path: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut passed, mut failed) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let case: Value = match serde_json::from_str(line) {
            Ok(c) => c,
            Err(e) => {
                println!("FAIL {path}:{}: not JSON: {e}", i + 1);
                failed += 1;
                continue;
            }
        };
        let id = case
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("<no id>")
            .to_owned();
        let failures = check_case(&case);
        if failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            for f in failures {
                println!("FAIL {id}: {f}");
            }
        }
    }
    (passed, failed)
}

#[test]
#[ignore = "needs ../shared"]
fn rules_cases() {
    let mut files = vec![
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/vectors/rules/cases.jsonl"
        )
        .to_owned(),
    ];
    if let Ok(extra) = std::env::var("ARBITER_RULE_CASES") {
        files.extend(
            extra
                .split(if cfg!(windows) { ';' } else { ':' })
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let (p, q) = run_file(f);
        passed += p;
        failed += q;
    }
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0, "{failed} rules case(s) failed");
}

/// Hand-checked cases covering the rest of the key vocabulary (`fixtures/judge/rules-cases/`).
#[test]
fn extra_rules_cases() {
    let (passed, failed) = run_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/rules-cases/extra.jsonl"
    ));
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0, "{failed} extra rules case(s) failed");
}

/// Every key in every notation (`fixtures/judge/rules-cases/notations.jsonl`): the flag-fall
/// and position keys on PGN cases, the PGN keys on UCI and SAN move cases; a key the harness
/// cannot answer fails the case.
#[test]
fn every_key_in_every_notation() {
    let (passed, failed) = run_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/rules-cases/notations.jsonl"
    ));
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0, "{failed} notation case(s) failed");
    assert_eq!(passed, 11);
}

/// The rules README to the letter (`fixtures/judge/rules-cases/letter.jsonl`), each point in
/// UCI, SAN and PGN: no fifty-move or threefold claim in a mated position with the clock past
/// 100; `error: "ambiguous san"` never guessed; `parse_ok` false for an illegal, ambiguous,
/// loosely written move, a move after mate; `result_tag` from the tag, else the termination
/// marker, else null; flag falls, material, legal move counts, FEN error kinds.
#[test]
fn the_readme_to_the_letter() {
    let (passed, failed) = run_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/rules-cases/letter.jsonl"
    ));
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0, "{failed} case(s) failed");
    assert_eq!(passed, 27);
}

/// The harness fails a case whose expectation the engine does not meet: an article that is a
/// sibling or a child of the engine's (only the article itself or a parent of it matches), a
/// key outside the vocabulary, a claim the mate left no room for.
#[test]
fn the_harness_fails_what_it_should() {
    let case = |expect: Value| {
        json!({"id": "t", "category": "illegal_move", "source": "hand-checked",
               "fen": "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "moves": ["e1c1"],
               "notation": "uci", "expect": expect})
    };
    // Castling through d1, attacked by the rook on d8: a sub-article of Laws 3.8.2 (castling),
    // as the engine numbers it.
    let engine = {
        let run = run_case(&case(json!({}))).unwrap();
        run.verdict
            .unwrap()
            .first_illegal()
            .unwrap()
            .article
            .number()
    };
    assert!(engine.starts_with("3.8.2"), "{engine}");
    for (want, ok) in [
        (engine.to_owned(), true),
        ("3.8".to_owned(), true),
        ("3.8.2".to_owned(), true),
        (format!("{engine}.1"), false),
        ("3.8.1".to_owned(), false),
        ("3.8.2.9".to_owned(), false),
        ("3".to_owned(), true),
        ("3.82".to_owned(), false),
    ] {
        let failures = check_case(&case(json!({"illegal_at": 0, "article": want})));
        assert_eq!(failures.is_empty(), ok, "article {want}: {failures:?}");
    }
    assert!(!check_case(&case(json!({"illegal_at": 0, "no_such_key": 1}))).is_empty());
    let mated = json!({"id": "m", "category": "fifty", "source": "hand-checked",
        "fen": "k7/8/1K6/8/8/8/8/7R w - - 120 140", "moves": ["h1h8"], "notation": "uci",
        "expect": {"fifty_claimable": true}});
    assert_eq!(
        check_case(&mated),
        ["fifty_claimable: expected true, actual false"]
    );
}
