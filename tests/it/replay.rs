//! `arbiter replay` and `arbiter::batch`: one fixture per discrepancy kind (expected kinds
//! hand-checked, see `fixtures/replay/README.md`), the JSONL and CSV schemas, compressed
//! inputs, truncated and binary inputs, exit status, and identical output whatever the number
//! of threads.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use arbiter::batch::input::Source;
use arbiter::batch::{self, Event, Options, Outcome, Progress};
use arbiter::game::rules::CompetitionRules;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/replay")
        .join(name)
}

fn shared(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name)
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("replay")
        .args(args)
        .output()
        .expect("run arbiter")
}

/// Per game of `file`: (game number, status, discrepancy kinds in order).
fn replay_kinds(file: &Path) -> Vec<(u64, String, Vec<String>)> {
    let mut out = Vec::new();
    batch::replay(
        &[Source::File(file.to_path_buf())],
        &Options::default(),
        CompetitionRules::default(),
        &Progress::default(),
        |e| {
            if let Event::Game { index, item, .. } = e {
                let (status, kinds) = match &item.outcome {
                    Outcome::Judged { discrepancies, .. } => (
                        "judged".to_owned(),
                        discrepancies
                            .iter()
                            .map(|d| d.kind.code().to_owned())
                            .collect(),
                    ),
                    Outcome::UnsupportedVariant { variant } => {
                        (format!("unsupported_variant {variant}"), vec![])
                    }
                    Outcome::Error(err) => (format!("error {err}"), vec![]),
                };
                out.push((index, status, kinds));
            }
        },
    );
    out
}

#[test]
fn each_discrepancy_kind_has_a_fixture_that_shows_it() {
    let cases: &[(&str, &[&[&str]])] = &[
        ("clean.pgn", &[&[], &[], &[]]),
        ("illegal_move.pgn", &[&["illegal_move"]]),
        (
            "unreadable_token.pgn",
            &[&["unreadable_token", "unreadable_move"], &[]],
        ),
        ("unreadable_move.pgn", &[&["unreadable_move"]]),
        ("inexact_move.pgn", &[&["inexact_move"]]),
        (
            "result_contradicts_checkmate.pgn",
            &[&["result_contradicts_checkmate"]],
        ),
        (
            "decisive_result_on_stalemate.pgn",
            &[&["decisive_result_on_stalemate"]],
        ),
        (
            "decisive_result_on_dead_position.pgn",
            &[&["decisive_result_on_dead_position"]],
        ),
        (
            "decisive_result_after_draw_by_rule.pgn",
            &[&["decisive_result_after_draw_by_rule", "moves_after_game_end"]],
        ),
        (
            "result_contradicts_ending.pgn",
            &[&[
                "result_contradicts_ending",
                "result_tag_disagrees_with_movetext",
            ]],
        ),
        (
            "unfinished_result_on_finished_game.pgn",
            &[&["unfinished_result_on_finished_game"]],
        ),
        ("moves_after_game_end.pgn", &[&["moves_after_game_end"]]),
        ("winner_cannot_mate.pgn", &[&["winner_cannot_mate"]]),
        (
            "result_tag_disagrees_with_movetext.pgn",
            &[&["result_tag_disagrees_with_movetext"]],
        ),
        (
            "missing_termination_marker.pgn",
            &[&["missing_termination_marker"], &[]],
        ),
        (
            "termination_tag_disagrees.pgn",
            &[&["termination_tag_disagrees"]],
        ),
    ];
    let mut seen = BTreeSet::new();
    let mut failed = 0;
    for (file, expected) in cases {
        let got = replay_kinds(&fixture(file));
        let got_kinds: Vec<Vec<String>> = got.iter().map(|g| g.2.clone()).collect();
        let want: Vec<Vec<String>> = expected
            .iter()
            .map(|g| g.iter().map(|k| (*k).to_owned()).collect())
            .collect();
        let statuses_ok = got.iter().all(|g| g.1 == "judged");
        if got_kinds != want || !statuses_ok {
            eprintln!("{file}: expected {want:?}, got {got:?}");
            failed += 1;
        }
        seen.extend(got_kinds.into_iter().flatten());
    }
    for kind in batch::discrepancy::Kind::ALL {
        if !seen.contains(kind.code()) {
            eprintln!("no fixture shows {kind}");
            failed += 1;
        }
    }
    eprintln!(
        "{} passed, {failed} failed",
        cases.len() + batch::discrepancy::Kind::ALL.len() - failed
    );
    assert_eq!(failed, 0);
}

#[test]
fn details_name_the_ply_the_move_and_the_article() {
    let out = arbiter(&[
        "--format",
        "jsonl",
        fixture("decisive_result_after_draw_by_rule.pgn")
            .to_str()
            .unwrap(),
        fixture("illegal_move.pgn").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Fivefold repetition after 8... Ng8 (ply 16): 9. e4 is the 17th ply, after the end.
    let fivefold = &rows[0];
    assert_eq!(fivefold["result"], "1/2-1/2");
    assert_eq!(fivefold["reason"], "fivefold_repetition");
    assert_eq!(fivefold["ended_at_ply"], 16);
    let d = &fivefold["discrepancies"];
    assert_eq!(d[0]["kind"], "decisive_result_after_draw_by_rule");
    assert_eq!(d[0]["article"], "9.6.1");
    assert_eq!(d[1]["kind"], "moves_after_game_end");
    assert_eq!(d[1]["ply"], 17);
    assert_eq!(d[1]["move"], "e4");
    // 2. Ke3: the king moved two squares (ply 3).
    let illegal = &rows[1];
    assert_eq!(illegal["discrepancies"][0]["kind"], "illegal_move");
    assert_eq!(illegal["discrepancies"][0]["ply"], 3);
    assert_eq!(illegal["discrepancies"][0]["move"], "Ke3");
}

#[test]
fn variants_are_reported_or_judged_under_their_own_rules() {
    let got = replay_kinds(&fixture("variants.pgn"));
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].1, "unsupported_variant atomic");
    // Chess960: 4. O-O (king f1-g1, rook g1-f1) is legal under Chess960 castling only.
    assert_eq!(got[1], (2, "judged".to_owned(), vec![]));
    let out = arbiter(&[
        "--format",
        "jsonl",
        fixture("variants.pgn").to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "a variant is a finding, not an error"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["status"], "unsupported_variant");
    assert_eq!(rows[0]["variant"], "atomic");
    assert_eq!(rows[1]["plies"], 7);
    assert_eq!(
        rows[1]["final_fen"],
        "bb2rkrq/pppppppp/3n4/5N2/5n2/3N4/PPPPPPPP/BB2RRKQ b kq - 7 4"
    );
}

/// The keys every JSONL row has, whatever its status (README, `arbiter replay`).
const ROW_KEYS: [&str; 7] = [
    "file",
    "index",
    "offset",
    "headers",
    "plies_recorded",
    "status",
    "discrepancies",
];

/// The keys of a judged JSONL row: ours plus every key of the judge's verdict.
fn expected_keys() -> BTreeSet<String> {
    let game = arbiter::formats::pgn::PgnReader::new(&b"1. e4 *"[..])
        .next()
        .unwrap()
        .unwrap();
    let verdict = arbiter::formats::pgn::judge_pgn_game(
        &game,
        CompetitionRules::default(),
        Default::default(),
    )
    .unwrap();
    let mut keys: BTreeSet<String> = serde_json::to_value(&verdict)
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    keys.extend(ROW_KEYS.map(str::to_owned));
    keys
}

#[test]
fn jsonl_rows_have_the_documented_keys_in_input_order() {
    let files = [
        fixture("clean.pgn"),
        fixture("variants.pgn"),
        fixture("truncated.pgn"),
    ];
    let mut args = vec!["--format", "jsonl"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = arbiter(&args);
    assert_eq!(out.status.code(), Some(1), "the truncated file is an error");
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3 + 2 + 2);
    let judged_keys = expected_keys();
    for row in &rows {
        let keys: BTreeSet<String> = row.as_object().unwrap().keys().cloned().collect();
        match row["status"].as_str().unwrap() {
            "judged" => assert_eq!(keys, judged_keys, "{row}"),
            "unsupported_variant" | "error" => {
                let base: BTreeSet<String> = ROW_KEYS.map(str::to_owned).into();
                let extra = if row["status"] == "error" {
                    "error"
                } else {
                    "variant"
                };
                let mut want = base;
                want.insert(extra.to_owned());
                assert_eq!(keys, want, "{row}");
            }
            other => panic!("unknown status {other}"),
        }
    }
    let order: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                Path::new(r["file"].as_str().unwrap())
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                r["index"].as_u64().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, u64)> = [
        ("clean.pgn", 1),
        ("clean.pgn", 2),
        ("clean.pgn", 3),
        ("variants.pgn", 1),
        ("variants.pgn", 2),
        ("truncated.pgn", 1),
        ("truncated.pgn", 2),
    ]
    .iter()
    .map(|(f, i)| ((*f).to_owned(), *i))
    .collect();
    assert_eq!(order, want);
    assert_eq!(rows[0]["headers"]["white"], "A");
    assert_eq!(rows[0]["reason"], "checkmate");
    assert_eq!(rows[6]["error"]["kind"], "truncated");
    assert_eq!(rows[6]["error"]["last_move"], "Nf6");
    assert_eq!(rows[6]["headers"]["white"], "C");
}

#[test]
fn csv_has_a_header_and_one_record_per_game() {
    let out = arbiter(&[
        "--format",
        "csv",
        fixture("clean.pgn").to_str().unwrap(),
        fixture("decisive_result_on_stalemate.pgn")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, arbiter::batch::report::CSV_COLUMNS);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 4);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    for r in &records {
        assert_eq!(r.len(), header.len());
    }
    assert_eq!(&records[0][col("reason")], "checkmate");
    assert_eq!(&records[0][col("white")], "A");
    assert_eq!(&records[0][col("index")], "1");
    let stalemate = &records[3];
    assert_eq!(&stalemate[col("index")], "1");
    assert_eq!(&stalemate[col("recorded_result")], "1-0");
    assert_eq!(&stalemate[col("result")], "1/2-1/2");
    assert_eq!(&stalemate[col("reason")], "stalemate");
    assert_eq!(&stalemate[col("article")], "Laws 5.2.1");
    assert_eq!(&stalemate[col("ended_at_ply")], "19");
    assert_eq!(
        &stalemate[col("discrepancies")],
        "decisive_result_on_stalemate"
    );
    assert_eq!(
        &stalemate[col("final_fen")],
        "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10"
    );
}

/// People's text in the CSV (PGN tags, the file's name) cannot run as a spreadsheet formula
/// (OWASP "CSV Injection"): a cell starting with `=`, `+`, `-`, `@`, tab or CR gets a `'`.
#[test]
fn csv_cells_of_tags_are_not_formulas() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("cells.pgn");
    std::fs::write(
        &pgn,
        "[Event \"=HYPERLINK(\\\"http://x.ru\\\")\"]\n[White \"@SUM(1+1)*cmd\"]\n[Black \"+7\"]\n\
         [Round \"-1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    )
    .unwrap();
    let out = arbiter(&["--format", "csv", pgn.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header = reader.headers().unwrap().clone();
    let record = reader.records().next().unwrap().unwrap();
    let col = |name: &str| &record[header.iter().position(|h| h == name).unwrap()];
    assert_eq!(col("event"), "'=HYPERLINK(\"http://x.ru\")");
    assert_eq!(col("white"), "'@SUM(1+1)*cmd");
    assert_eq!(col("black"), "'+7");
    assert_eq!(col("round"), "'-1");
    // Our own columns are as they were.
    assert_eq!(
        (col("recorded_result"), col("result"), col("reason")),
        ("1-0", "1-0", "checkmate")
    );
}

#[test]
fn compressed_inputs_read_like_the_plain_file() {
    let plain = arbiter(&["--format", "jsonl", fixture("clean.pgn").to_str().unwrap()]);
    assert_eq!(plain.status.code(), Some(0));
    let strip = |o: &Output| -> Vec<serde_json::Value> {
        String::from_utf8(o.stdout.clone())
            .unwrap()
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object_mut().unwrap().remove("file");
                v
            })
            .collect()
    };
    let want = strip(&plain);
    assert_eq!(want.len(), 3);
    for name in ["clean.pgn.gz", "clean.pgn.zst", "clean.pgn.bz2"] {
        let out = arbiter(&["--format", "jsonl", fixture(name).to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert_eq!(strip(&out), want, "{name}");
    }
    // By content too: gzip data on standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["replay", "--format", "jsonl", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let gz = std::fs::read(fixture("clean.pgn.gz")).unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&gz).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(strip(&out), want);
}

#[test]
fn unreadable_inputs_give_clear_errors_and_the_run_goes_on() {
    let out = arbiter(&[
        fixture("truncated.pgn").to_str().unwrap(),
        fixture("binary.pgn").to_str().unwrap(),
        fixture("truncated.pgn.gz").to_str().unwrap(),
        fixture("misnamed.pgn.gz").to_str().unwrap(),
        "/no/such/file.pgn",
        fixture("clean.pgn").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let summary = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "truncated.pgn: game 2 (byte 277), C - D (fixture: cut, round ?): the input ends inside \
         this game (no termination marker after move Nf6): truncated file?",
        "binary.pgn: not a PGN file: binary data (NUL byte) at byte 228",
        "truncated.pgn.gz: read error after",
        "misnamed.pgn.gz: named as gzip but the content is plain",
        "/no/such/file.pgn: cannot open",
    ] {
        assert!(err.contains(needle), "stderr lacks {needle:?}:\n{err}");
    }
    // The run went on: the games before the binary data and the clean file were judged.
    let games_line = summary
        .lines()
        .find(|l| l.contains(" games, "))
        .expect("throughput line");
    assert!(games_line.starts_with("6 games,"), "{games_line}");
}

#[test]
fn clean_input_exits_zero_even_with_discrepancies() {
    let out = arbiter(&[
        "--quiet",
        fixture("result_contradicts_checkmate.pgn")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("result_contradicts_checkmate"), "{text}");
}

#[test]
#[ignore = "needs ../shared"]
fn output_is_identical_on_one_and_several_threads() {
    let files = [
        shared("pgn/twic0920_otb.pgn"),
        shared("pgn/lichess_2025-05_blitz_clk.pgn"),
        shared("pgn/edge/python-chess_immortal-games.pgn"),
        fixture("clean.pgn.zst"),
    ];
    let run = |jobs: &str, chunk_kib: &str, format: &str| -> Vec<u8> {
        let mut args = vec!["--format", format, "--jobs", jobs, "--chunk-kib", chunk_kib];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(0));
        out.stdout
    };
    for format in ["jsonl", "csv"] {
        let one = run("1", "1", format);
        let three = run("3", "1", format);
        assert!(one.len() > 1000);
        assert!(one == three, "{format}: 1 and 3 threads differ");
    }
    // The chunk size changes where the stream is cut, never the games.
    let small = run("2", "1", "jsonl");
    let big = run("2", "4096", "jsonl");
    let lines = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap().lines().count();
    assert_eq!(lines(&small), 2245 + 438 + 36 + 3);
    assert!(small == big, "chunk sizes 1 KiB and 4 MiB differ");
}

/// `arbiter replay DIR` replays the directory's PGN files at any depth (plain and compressed),
/// sorted by path, skipping other files and hidden entries, and keeps going past a bad file
/// (named on standard error, exit status 1); a directory without game files is said so.
#[test]
fn a_directory_is_replayed_file_by_file_in_path_order() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for sub in ["round 1", "round 2/boards", ".hidden", "empty"] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
    }
    let copy = |from: &str, to: &str| std::fs::copy(fixture(from), root.join(to)).unwrap();
    copy("illegal_move.pgn", "round 2/boards/illegal_move.pgn");
    copy("clean.pgn.gz", "round 2/clean.pgn.gz");
    copy("clean.pgn", "round 1/clean.pgn");
    copy("truncated.pgn", "round 1/truncated.pgn");
    copy("clean.pgn", ".hidden/clean.pgn");
    std::fs::write(root.join("round 1/notes.txt"), "not a game").unwrap();
    std::fs::write(root.join("round 1/empty.PGN"), [0u8, 159, 146, 150]).unwrap();

    let out = arbiter(&["--format", "jsonl", root.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<String> = rows
        .iter()
        .map(|r| {
            let f = r["file"].as_str().unwrap();
            let rel = Path::new(f).strip_prefix(root).unwrap();
            format!("{}#{}", rel.display(), r["index"])
        })
        .collect();
    assert_eq!(
        files,
        [
            "round 1/clean.pgn#1",
            "round 1/clean.pgn#2",
            "round 1/clean.pgn#3",
            "round 1/truncated.pgn#1",
            "round 1/truncated.pgn#2",
            "round 2/boards/illegal_move.pgn#1",
            "round 2/clean.pgn.gz#1",
            "round 2/clean.pgn.gz#2",
            "round 2/clean.pgn.gz#3",
        ],
        "{stderr}"
    );
    // The binary file is named and the run went on; the truncated game is an error.
    assert!(stderr.contains("empty.PGN"), "{stderr}");
    assert!(!stderr.contains("Is a directory"), "{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        rows[5]["discrepancies"][0]["kind"], "illegal_move",
        "{rows:?}"
    );

    // A directory without game files: said, exit status 1; the other inputs are replayed.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["replay", "--format", "jsonl"])
        .arg(root.join("empty"))
        .arg(fixture("clean.pgn"))
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("empty: no PGN file in this directory or below"),
        "{stderr}"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 3);
    assert_eq!(out.status.code(), Some(1));
}
