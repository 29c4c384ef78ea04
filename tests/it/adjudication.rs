//! Play-out adjudication (CR 4.3–4.5) on the hand-checked fixtures of
//! `fixtures/adjudication/positions.txt`, plus the rules that a FEN alone cannot show
//! (fivefold repetition), the Syzygy error paths and the JSON shape.

use arbiter::adjudicate::{
    AdjudicationConfig, AdjudicationError, Adjudicator, Basis, Decision, adjudicate,
};
use shakmaty::{CastlingMode, Chess, Color, KnownOutcome, Position, fen::Fen, uci::UciMove};

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/adjudication/positions.txt"
);

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("fixture FEN parses")
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("fixture FEN {fen} is illegal: {e}"))
}

#[test]
fn fixtures() {
    let text = std::fs::read_to_string(FIXTURES).expect("fixture file");
    let config = AdjudicationConfig::default();
    let (mut passed, mut failed) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 4, "line {}: four fields", n + 1);
        let (expected, basis, fen) = (fields[0], fields[1], fields[2]);
        let p = pos(fen);
        let adj = adjudicate(&p, &config);
        let got = match adj.result {
            Decision::Review => format!("review:{}", adj.recommendation),
            Decision::Decided(r) => r.to_string(),
        };
        let got_basis = serde_json::to_value(adj.basis).unwrap();
        // `pawn_ending:RULE` also checks which pawn-ending rule decided.
        let (basis, pawn_rule) = match basis.split_once(':') {
            Some((b, rule)) => (b, Some(rule)),
            None => (basis, None),
        };
        let got_rule = serde_json::to_value(adj.pawn_rule).unwrap();
        let mut ok =
            got == expected && got_basis == basis && pawn_rule.is_none_or(|r| got_rule == r);
        // A forced mate must come with a legal mating line.
        if adj.basis == Basis::ForcedMate {
            let mut cur = p.clone();
            for m in &adj.mating_line {
                let m = m.parse::<UciMove>().unwrap().to_move(&cur).unwrap();
                cur.play_unchecked(m);
            }
            ok &= cur.is_checkmate();
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
            eprintln!(
                "FAIL line {}: {fen}: expected {expected} {basis} {pawn_rule:?}, got {got} {got_basis} {got_rule}\n{adj}",
                n + 1
            );
        }
    }
    println!("{passed} passed, {failed} failed");
    assert!(passed >= 40, "at least 40 fixtures");
    assert_eq!(failed, 0);
}

#[test]
fn fivefold_repetition_is_rule_one() {
    let p = pos("8/8/8/4k3/8/8/8/R3K3 w - - 10 60");
    let adjudicator = Adjudicator::new(AdjudicationConfig::default()).unwrap();
    let adj = adjudicator.adjudicate_in_game(&p, 5);
    assert_eq!(adj.result, Decision::Decided(KnownOutcome::Draw));
    assert_eq!(adj.basis, Basis::FivefoldRepetition);
    assert_eq!(adj.reasons[0].reference, "Laws 9.6.1");
    // Four occurrences are not enough: K+R v K wins by the lone-king rule.
    let adj = adjudicator.adjudicate_in_game(&p, 4);
    assert_eq!(
        adj.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
    assert_eq!(adj.basis, Basis::LoneKing);
}

#[test]
fn missing_syzygy_directory_is_an_error_and_is_reported() {
    let config = AdjudicationConfig {
        syzygy_dir: Some("/nonexistent/syzygy".into()),
        ..AdjudicationConfig::default()
    };
    let err = Adjudicator::new(config.clone())
        .err()
        .expect("no such directory");
    assert!(
        matches!(err, AdjudicationError::SyzygyDirectory { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("/nonexistent/syzygy"));
    // The free function still adjudicates and says why rule 3 did not apply.
    let adj = adjudicate(&pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), &config);
    assert_eq!(
        adj.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
    let rule3 = adj.reasons.iter().find(|r| r.rule == 3).unwrap();
    assert!(
        rule3.text.starts_with("tablebase unavailable"),
        "{}",
        rule3.text
    );
}

#[test]
fn empty_syzygy_directory_has_no_tables() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("README.txt"), "not a table").unwrap();
    let config = AdjudicationConfig {
        syzygy_dir: Some(dir.path().to_path_buf()),
        ..AdjudicationConfig::default()
    };
    let err = Adjudicator::new(config).err().expect("no tables");
    assert!(matches!(err, AdjudicationError::NoTables { .. }), "{err}");
}

#[test]
fn no_directory_skips_rule_three() {
    let adj = adjudicate(&Chess::default(), &AdjudicationConfig::default());
    let rule3 = adj.reasons.iter().find(|r| r.rule == 3).unwrap();
    assert_eq!(rule3.text, "no tablebase directory configured");
    assert!(!rule3.decided);
}

#[test]
fn fide_preset_is_more_conservative() {
    // A knight up: a win under detsky-mat (win_margin 3), the arbiter's call under fide (5).
    let p = pos("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let adj = adjudicate(&p, &AdjudicationConfig::fide());
    assert_eq!(adj.result, Decision::Review);
    assert_eq!(adj.recommendation, KnownOutcome::Draw);
}

#[test]
fn json_shape() {
    let p = pos("4k3/8/8/8/3q4/4P3/8/R3K3 w - - 0 1");
    let adj = adjudicate(&p, &AdjudicationConfig::default());
    let json = serde_json::to_value(&adj).unwrap();
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["recommendation"], "1-0");
    // Black's queen hangs: after exd4 White is 6 up against a king the exchange leaves alone.
    assert_eq!(json["basis"], "lone_king_after_exchanges");
    assert_eq!(json["preset"], "detsky-mat");
    assert_eq!(json["material_before"]["white"], 6);
    assert_eq!(json["material_before"]["black"], 9);
    assert_eq!(json["material_after"]["white"], 6);
    assert_eq!(json["material_after"]["black"], 0);
    assert_eq!(json["exchange_line"][0], "e3d4");
    let rules: Vec<u64> = json["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_u64().unwrap())
        .collect();
    assert_eq!(rules, vec![1, 2, 3, 4, 5, 6, 7]);
    assert!(json["search"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn judge_playout_expired_ends_with_the_adjudicated_result() {
    use arbiter::game::event::{Event, PlayoutExpiredEvent};
    use arbiter::game::judge::{Judge, JudgeOptions};
    use arbiter::game::rules::{CompetitionRules, Preset as RulesPreset};
    use arbiter::game::verdict::{GameResult as JudgeResult, Reason};
    let cases = [
        // The hanging queen: adjudicated 1-0 (lone-king rule after exd4).
        (
            "4k3/8/8/8/3q4/4P3/8/R3K3 w - - 0 1",
            JudgeResult::WhiteWins,
            Reason::Adjudicated,
        ),
        // The exchange up: the arbiter's call, the game stays unfinished.
        (
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQk - 0 1",
            JudgeResult::Unfinished,
            Reason::AdjudicationRequired,
        ),
    ];
    for (fen, result, reason) in cases {
        let mut judge = Judge::new(
            pos(fen),
            CompetitionRules::preset(RulesPreset::DetskyMat),
            JudgeOptions { trace: false },
        );
        judge
            .apply(&Event::PlayoutExpired(PlayoutExpiredEvent {}))
            .unwrap();
        let v = judge.verdict();
        assert_eq!((v.result, v.reason), (result, reason), "{fen}");
    }
}

/// `arbiter adjudicate FILE...`: every game of a PGN file or JSONL event log is replayed by the
/// judge and its last position adjudicated (fixtures/adjudication/games, comments there).
#[test]
fn game_files_adjudicate_each_last_position() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/adjudication/games");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["adjudicate", "--format", "json"])
        .arg(format!("{dir}/last-positions.pgn"))
        .arg(format!("{dir}/rook-v-king.jsonl"))
        .output()
        .expect("arbiter runs");
    assert!(output.status.success(), "{output:?}");
    let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let got: Vec<(String, u64, String, String)> = rows
        .iter()
        .map(|r| {
            let file = r["file"].as_str().unwrap_or_default();
            let name = file.rsplit('/').next().unwrap_or_default().to_owned();
            (
                name,
                r["index"].as_u64().unwrap_or_default(),
                r["result"].as_str().unwrap_or_default().to_owned(),
                r["basis"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("last-positions.pgn", 1, "1/2-1/2", "dead_position"),
        ("last-positions.pgn", 2, "1-0", "checkmate"),
        ("rook-v-king.jsonl", 1, "1-0", "lone_king"),
    ];
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for (g, e) in got.iter().zip(expected) {
        assert_eq!((g.0.as_str(), g.1, g.2.as_str(), g.3.as_str()), e);
    }
    // An irregular or unreadable game is an error with exit status 1, not a guess.
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["adjudicate", "no-such-file.pgn"])
        .output()
        .expect("arbiter runs");
    assert_eq!(missing.status.code(), Some(1));
}

/// Bad game files are errors naming the file and game, never a silent verdict: a file without
/// a game, and a record whose move cannot be read (the last position is then unknown). A
/// mate-search depth past 15 plies is refused as a usage error.
#[test]
fn game_files_without_a_readable_last_position_are_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").expect("write");
    // `Nd7` fits the knights on b8 and f6: ambiguous, judging stops there.
    let ambiguous = dir.path().join("ambiguous.pgn");
    std::fs::write(
        &ambiguous,
        "[Event \"t\"]\n[FEN \"rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Nd7 2. Kd2 *\n",
    )
    .expect("write");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .output()
            .expect("arbiter runs")
    };
    let out = run(&["adjudicate", empty.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("empty.pgn") && err.contains("no game"),
        "{err}"
    );

    let out = run(&["adjudicate", ambiguous.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game 1") && err.contains("ply 1 (Nd7)") && err.contains("not judged"),
        "{err}"
    );

    let out = run(&[
        "adjudicate",
        "--fen",
        "8/8/8/4k3/8/8/8/4K2R w - - 0 1",
        "--mate-plies",
        "40",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// At play-out expiry from a game file the game's repetition history is passed on;
/// a position already repeated is not adjudicated won (fixtures/adjudication/games/repeated.pgn).
#[test]
fn game_files_pass_the_repetition_history() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/adjudication/games/repeated.pgn"
    );
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["adjudicate", "--format", "json", file])
        .output()
        .expect("arbiter runs");
    assert!(output.status.success(), "{output:?}");
    let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(rows.len(), 2);
    // Game 1: Black, on move, can claim with 4...Ke5 (third occurrence): recommended a draw.
    assert_eq!(rows[0]["result"], "review");
    assert_eq!(rows[0]["recommendation"], "1/2-1/2");
    assert_eq!(rows[0]["repetitions"], 2);
    assert_eq!(rows[0]["article"], "Laws 9.2");
    // Game 2: White, the winning side, on move in a repeated position: still recommended 1-0.
    assert_eq!(rows[1]["result"], "review");
    assert_eq!(rows[1]["recommendation"], "1-0");
    assert_eq!(rows[1]["repetitions"], 2);
}

/// A single FEN has no history: the lone-king win stands, `repetitions` is 1.
#[test]
fn a_position_without_history_occurred_once() {
    let adj = adjudicate(
        &pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
        &AdjudicationConfig::default(),
    );
    assert_eq!(
        adj.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
    assert_eq!(adj.repetitions, 1);
    assert_eq!(
        serde_json::to_value(&adj).unwrap()["pawn_rule"],
        serde_json::Value::Null
    );
}

/// The judge's play-out expiry (event log `playout_expired`) adjudicates with the
/// game's repetition history: K+R v K after Ra1-a2-a1 shuffles, the position with Black to
/// move standing for the second time and Black able to claim with ...Ke5, is not adjudicated
/// 1-0 but left to the arbiter; the same position reached once is 1-0.
#[test]
fn judge_playout_expired_passes_the_repetition_history() {
    use arbiter::game::event::Event;
    use arbiter::game::judge::{Judge, JudgeOptions};
    use arbiter::game::rules::{CompetitionRules, Preset as RulesPreset};
    use arbiter::game::verdict::{GameResult as JudgeResult, Reason};
    let run = |moves: &[&str]| {
        let mut judge = Judge::new(
            pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
            CompetitionRules::preset(RulesPreset::DetskyMat),
            JudgeOptions { trace: false },
        );
        for m in moves {
            let e: Event = serde_json::from_str(&format!(r#"{{"type":"move","uci":"{m}"}}"#))
                .expect("move event");
            judge.apply(&e).unwrap();
        }
        let expiry: Event = serde_json::from_str(r#"{"type":"playout_expired"}"#).unwrap();
        judge.apply(&expiry).unwrap();
        let v = judge.verdict();
        (v.result, v.reason)
    };
    assert_eq!(
        run(&["a1a2", "e5d5", "a2a1"]),
        (JudgeResult::WhiteWins, Reason::Adjudicated)
    );
    assert_eq!(
        run(&["a1a2", "e5d5", "a2a1", "d5e5", "a1a2", "e5d5", "a2a1"]),
        (JudgeResult::Unfinished, Reason::AdjudicationRequired)
    );
}

/// CR 4.3 names "a lone king, or king and pawn(s)": the basis says which. The school day's
/// case — a queen and a rook against three pawns — is "king and pawns", in Russian «перевес
/// против короля с пешками», never «одинокий король».
#[test]
fn king_and_pawns_is_not_a_lone_king() {
    let p = pos("4k3/5ppp/8/8/8/8/8/3QK2R w K - 0 1");
    let adj = adjudicate(&p, &AdjudicationConfig::default());
    assert_eq!(
        adj.result,
        Decision::Decided(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
    assert_eq!(adj.basis, Basis::KingAndPawns);
    let ru = adj.basis.label(arbiter::i18n::Lang::Ru);
    assert_eq!(ru, "перевес против короля с пешками");
    let summary = adj.summary(arbiter::i18n::Lang::Ru);
    let basis = summary
        .lines()
        .find(|l| l.starts_with("основание:"))
        .unwrap();
    assert!(!basis.contains("одинок"), "{basis}");
}

/// Over seeded random positions (a king with queens, rooks and minor pieces against a king
/// with up to three pawns and at most one minor piece): whenever the basis is the lone king,
/// the losing side has nothing but its king on the board; whenever it has a piece or a pawn,
/// the basis never names a lone king, in either language.
#[test]
fn the_lone_king_basis_only_for_a_king_with_nothing_else() {
    use rand::{RngExt, SeedableRng};
    let seed = 0x4c4f_4e45_u64;
    let mut rng = rand_xorshift::XorShiftRng::seed_from_u64(seed);
    let config = AdjudicationConfig::default();
    let (mut tried, mut lone, mut pawns) = (0, 0, 0);
    while tried < 400 {
        let mut board = [' '; 64];
        let mut place = |c: char, rng: &mut rand_xorshift::XorShiftRng, pawn: bool| loop {
            let sq = rng.random_range(if pawn { 8..56 } else { 0..64 });
            if board[sq] == ' ' {
                board[sq] = c;
                break;
            }
        };
        place('K', &mut rng, false);
        place('k', &mut rng, false);
        for _ in 0..rng.random_range(1..3) {
            let c = ['Q', 'R', 'B', 'N'][rng.random_range(0..4)];
            place(c, &mut rng, false);
        }
        for _ in 0..rng.random_range(0..4) {
            place('p', &mut rng, true);
        }
        if rng.random_range(0..4) == 0 {
            place(['b', 'n'][rng.random_range(0..2)], &mut rng, false);
        }
        let placement: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        ' ' => empty += 1,
                        c => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let fen = format!("{} w - - 0 1", placement.join("/"));
        let Ok(p) = fen.parse::<Fen>().map_err(|_| ()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|_| ())
        }) else {
            continue;
        };
        tried += 1;
        let adj = adjudicate(&p, &config);
        let Decision::Decided(KnownOutcome::Decisive { winner }) = adj.result else {
            continue;
        };
        let b = p.board();
        let loser_has_more = b.by_color(!winner) != b.by_color(!winner) & b.kings();
        let ru = adj.basis.label(arbiter::i18n::Lang::Ru);
        if adj.basis == Basis::LoneKing {
            lone += 1;
            assert!(!loser_has_more, "seed {seed}: {fen} called a lone king");
        }
        if loser_has_more {
            assert!(
                adj.basis != Basis::LoneKing && ru != "перевес против одинокого короля",
                "seed {seed}: {fen}: {ru}"
            );
        }
        if adj.basis == Basis::KingAndPawns {
            pawns += 1;
        }
    }
    assert!(
        lone > 10 && pawns > 10,
        "seed {seed}: {lone} lone kings, {pawns} king and pawns"
    );
}
