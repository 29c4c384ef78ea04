//! `arbiter winnable --positions`: a file of positions analysed in parallel, one JSON line per
//! position in input order, an error line for a line that is not a position (the run goes on,
//! exit status 1), a summary on standard error. Positions: `fixtures/winnability/positions.txt`
//! (hand-checked, commented there).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen, uci::UciMove};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/winnability/positions.txt"
);

fn arbiter(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("LANG", "en_GB.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn rows(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The position of a row, read as the command reads it (too much material allowed).
fn position(fen: &str) -> Chess {
    match fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
    {
        Ok(p) => p,
        Err(e) => e.ignore_too_much_material().unwrap(),
    }
}

/// The row's helpmate for `side` replays legally and ends in mate by `side`.
fn assert_helpmate(row: &serde_json::Value, side: Color) {
    let name = if side == Color::White {
        "white"
    } else {
        "black"
    };
    let mut pos = position(row["fen"].as_str().unwrap());
    let line = row[format!("{name}_detail")]["helpmate"]
        .as_array()
        .unwrap();
    assert!(!line.is_empty(), "{row}");
    for m in line {
        let m = m
            .as_str()
            .unwrap()
            .parse::<UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{m} illegal in {row}: {e}"));
        pos.play_unchecked(m);
    }
    assert!(pos.is_checkmate(), "{row}");
    assert_eq!(pos.turn(), !side, "{row}");
}

#[test]
fn a_positions_file_gives_one_json_line_each_in_input_order() {
    let out = arbiter(&["winnable", "--positions", FIXTURE, "--jobs", "2"], None);
    // Line 15 is not a position: exit status 1, the other lines still analysed.
    assert_eq!(out.status.code(), Some(1));
    let rows = rows(&out);
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [5, 7, 10, 13, 15, 17]);

    // K+N+N v K: a helpmate for White only.
    let knn = &rows[0];
    assert_eq!(
        (knn["white"].as_str(), knn["black"].as_str()),
        (Some("winnable"), Some("unwinnable"))
    );
    assert_eq!(knn["dead_position"], false);
    assert_helpmate(knn, Color::White);

    // The locked wall with opposite bishops: dead (Laws 5.2.2).
    let wall = &rows[1];
    assert_eq!(
        (wall["white"].as_str(), wall["black"].as_str()),
        (Some("unwinnable"), Some("unwinnable"))
    );
    assert_eq!(wall["dead_position"], true);

    // Nine white pawns: analysed, not refused.
    let nine = &rows[2];
    assert_eq!(nine["error"], serde_json::Value::Null, "{nine}");
    assert_eq!(
        (nine["white"].as_str(), nine["black"].as_str()),
        (Some("winnable"), Some("unwinnable"))
    );
    assert_helpmate(nine, Color::White);

    // The line asks for Black only: no `white` key.
    let kr = &rows[3];
    assert_eq!(kr["black"], "unwinnable");
    assert_eq!(kr["white"], serde_json::Value::Null, "{kr}");
    assert_eq!(kr["black_detail"]["method"], "material");

    // No black king: an error naming the line.
    let bad = &rows[4];
    let error = bad["error"].as_str().unwrap();
    assert!(error.starts_with("line 15: illegal position"), "{error}");
    assert_eq!(bad["white"], serde_json::Value::Null);

    // CHA-Solver's README position: White can mate, Black cannot.
    let readme = &rows[5];
    assert_eq!(
        (readme["white"].as_str(), readme["black"].as_str()),
        (Some("winnable"), Some("unwinnable"))
    );
    assert_helpmate(readme, Color::White);

    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 15: illegal position"), "{err}");
    assert!(
        err.contains("5 positions analysed, 1 lines unreadable; White: 3 winnable, 1 unwinnable, 0 undetermined; Black: 0 winnable, 5 unwinnable, 0 undetermined"),
        "{err}"
    );
}

#[test]
fn standard_input_side_not_to_move_and_text_output() {
    // White to move in both: the side not to move is Black; K+R v K with the rook Black's.
    let input = "8/8/8/4k3/8/8/8/r3K3 w - - 0 1\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n";
    let out = arbiter(
        &[
            "winnable",
            "--positions",
            "-",
            "--side",
            "not-to-move",
            "-q",
        ],
        Some(input),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "--quiet: no summary");
    let rows = rows(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["black"], "winnable");
    assert_helpmate(&rows[0], Color::Black);
    assert_eq!(rows[1]["black"], "unwinnable");
    for row in &rows {
        assert_eq!(row["white"], serde_json::Value::Null, "{row}");
    }

    let out = arbiter(
        &["winnable", "--positions", "-", "--format", "text"],
        Some(input),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("8/8/8/4k3/8/8/8/r3K3 w - - 0 1\nwhite: unwinnable [material"),
        "{text}"
    );
}

#[test]
fn a_single_fen_with_too_much_material_is_analysed() {
    let out = arbiter(
        &[
            "winnable",
            "--fen",
            "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(row["white"], "winnable");
    assert_eq!(row["black"], "unwinnable");
}

#[test]
fn fen_and_positions_together_is_a_usage_error() {
    let out = arbiter(
        &[
            "winnable",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--positions",
            FIXTURE,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter(&["winnable"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// `winnable --lang ru`: the per-side lines and the dead position in Russian (K v K: neither
/// side can mate, Laws 5.2.2); English is unchanged.
#[test]
fn per_side_text_in_russian() {
    let fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
    let text = |lang: &str| {
        let out = arbiter(&["winnable", "--fen", fen, "--lang", lang], None);
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        text("ru"),
        "белые: мат невозможен [по материалу, узлов: 0]\n\
         чёрные: мат невозможен [по материалу, узлов: 0]\n\
         мёртвая позиция (Правила 5.2.2)\n"
    );
    assert_eq!(
        text("en"),
        "white: unwinnable [material, 0 nodes]\n\
         black: unwinnable [material, 0 nodes]\n\
         dead position (Laws 5.2.2)\n"
    );
}
