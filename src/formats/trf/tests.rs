//! Unit tests of the TRF reader and writer.

use super::*;
use crate::tournament::result::RoundResult;

const SAMPLE: &str = "012 edge-02-n5 (state before round 3)\nXXR 4\nXXC black1\n\
001    1      Kid X01                                                            1.5    1     3 b =     5 w 1\n\
001    2      Kid I02                                                            1.0    2     4 w 0  0000 - U\n\
001    3      Kid P03                                                            0.5    3     1 w =     4 b 0  0000 - Z\n";

#[test]
fn reads_columns_and_extensions() {
    let trf = Trf::parse(SAMPLE, "sample.trf").unwrap();
    assert_eq!(trf.name(), Some("edge-02-n5 (state before round 3)"));
    assert_eq!(trf.total_rounds(), Some(4));
    assert_eq!(trf.initial_colour(), Some(Color::Black));
    let p1 = trf.player(1).unwrap();
    assert_eq!(p1.name, "Kid X01");
    assert_eq!(p1.rating, None);
    assert_eq!(p1.points, 1.5);
    assert_eq!(
        p1.rounds[0],
        RoundEntry {
            opponent: Some(3),
            colour: Some(Color::Black),
            result: RoundResult::Draw
        }
    );
    assert!(p1.rounds[0].is_played());
    let p2 = trf.player(2).unwrap();
    assert_eq!(p2.rounds[1].result, RoundResult::PairingAllocatedBye);
    assert!(!p2.rounds[1].is_played());
    assert!(p2.had_unplayed_win(2));
    assert_eq!(p2.score(2, &trf.scoring()), 1.0);
    // Player 3 has an extra `0000 - Z` block in round 3: absent, not to be paired.
    let p3 = trf.player(3).unwrap();
    assert!(!p3.is_available(3));
    assert!(trf.player(1).unwrap().is_available(3));
    assert_eq!(trf.completed_rounds(), 2);
    assert_eq!(trf.round_to_pair(), 3);
    assert_eq!(trf.to_string(), SAMPLE);
}

#[test]
fn crlf_and_no_final_line_end_round_trip() {
    let text = SAMPLE.replace('\n', "\r\n");
    let text = text.trim_end();
    let trf = Trf::parse(text, "x").unwrap();
    assert_eq!(trf.line_end, LineEnd::CrLf);
    assert_eq!(trf.to_string(), text);
}

#[test]
fn errors_name_line_and_column() {
    let bad = SAMPLE.replace("    5 w 1", "    5 x 1");
    let e = Trf::parse(&bad, "t.trf").unwrap_err();
    match e {
        TrfError::Field { line, column, .. } => assert_eq!((line, column), (4, 107)),
        other => panic!("unexpected {other}"),
    }
    assert!(e_string(&bad).starts_with("t.trf:4:107: expected colour"));
    let bad = SAMPLE.replace("  0000 - U", "    62 b Z");
    assert!(
        e_string(&bad).contains("opponent `0000`"),
        "{}",
        e_string(&bad)
    );
    let bad = SAMPLE.replace("XXR 4", "XXR four");
    assert!(e_string(&bad).starts_with("t.trf:2:5: expected a number of rounds"));
    let bad = SAMPLE.replace("001    2", "001    1");
    assert!(e_string(&bad).contains("starting rank 1 already given on line 4"));
    for (at, text, expected) in [
        (
            49,
            "12x4",
            "t.trf:4:49: expected rating (number or blank) in columns 49-52",
        ),
        (
            58,
            "15O3014",
            "t.trf:4:58: expected FIDE id (number or blank) in columns 58-68",
        ),
        (
            86,
            "  -2",
            "t.trf:4:86: expected rank (number or blank) in columns 86-89",
        ),
    ] {
        let mut lines: Vec<String> = SAMPLE.lines().map(String::from).collect();
        lines[3].replace_range(at - 1..at - 1 + text.len(), text);
        let bad = lines.join("\n");
        assert!(e_string(&bad).starts_with(expected), "{}", e_string(&bad));
    }
}

fn e_string(text: &str) -> String {
    Trf::parse(text, "t.trf").unwrap_err().to_string()
}

/// TRF-2026 `260` lines are forbidden pairs in their rounds (columns 5-7 and 9-11), `XXP` in
/// every round; a `260` written without its rounds is refused, naming the column.
#[test]
fn trf_2026_forbidden_pairs() {
    let trf = Trf::parse("012 T\nXXR 4\n260 001 002    4    5\nXXP 1 2\n", "x").unwrap();
    assert_eq!(trf.forbidden_pairs_in(1), vec![vec![4, 5], vec![1, 2]]);
    assert_eq!(trf.forbidden_pairs_in(3), vec![vec![1, 2]]);
    let e = Trf::parse("012 T\nXXR 4\n260 4 5\n", "x").unwrap_err();
    assert!(
        matches!(
            e,
            TrfError::Field {
                line: 3,
                column: 5,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn trf_2026_headers_and_bbp_points() {
    let text = "012 T\r\n142 7\r\n152 B\r\nBBW 3\r\nBBD 1\r\nXXP 1 2 3\r\nZZZ kept as is\r\n";
    let trf = Trf::parse(text, "x").unwrap();
    assert_eq!(trf.total_rounds(), Some(7));
    assert_eq!(trf.initial_colour(), Some(Color::Black));
    let s = trf.scoring();
    assert_eq!(
        (s.win, s.forfeit_win, s.draw, s.loss),
        (Points(30), Points(30), Points(10), Points(0))
    );
    assert_eq!(trf.forbidden_pairs_in(1), vec![vec![1, 2, 3]]);
    assert_eq!(trf.to_string(), text);
    let mut trf = trf;
    trf.set_header("XXR", "7");
    assert!(trf.to_string().ends_with("ZZZ kept as is\r\nXXR 7\r\n"));
}

#[test]
fn titled_player_line() {
    let line = "001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  1.0    1     2 w 1";
    let trf = Trf::parse(line, "x").unwrap();
    let p = trf.player(1).unwrap();
    assert_eq!(p.title.as_deref(), Some("GM"));
    assert_eq!(p.sex, Some('m'));
    assert_eq!(p.rating, Some(2830));
    assert_eq!(p.federation.as_deref(), Some("NOR"));
    assert_eq!(p.fide_id, Some(1503014));
    assert_eq!(p.birth_date.as_deref(), Some("1990/11/30"));
    assert_eq!(trf.to_string(), line);
}

/// A name longer than its 33 columns is cut on writing: the rating still starts in column
/// 49 and the round block in column 92 (characters, so a Cyrillic name too).
#[test]
fn a_long_name_keeps_the_columns() {
    let line = "001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  1.0    1     2 w 1";
    let trf = Trf::parse(line, "x").unwrap();
    for long in [
        "Carlsen-Abcdefghijklmnopqrstuvwxyz, Magnus Øen",
        "Иванова-Петрова-Сидорова, Анна Александровна",
    ] {
        let mut p = trf.player(1).unwrap().clone();
        p.name = long.to_string();
        assert_eq!(p.overlong_fields(), vec![("name", 33)]);
        let written = p.to_line();
        let chars: Vec<char> = written.chars().collect();
        let at = |from: usize, to: usize| chars[from - 1..to].iter().collect::<String>();
        assert_eq!(at(15, 47), long.chars().take(33).collect::<String>());
        assert_eq!(at(49, 52), "2830", "{written:?}");
        assert_eq!(at(92, 99), "   2 w 1", "{written:?}");
        let back = Trf::parse(&written, "x").unwrap();
        let q = back.player(1).unwrap();
        assert_eq!((q.rating, q.rounds.clone()), (p.rating, p.rounds.clone()));
        assert_eq!(q.name, at(15, 47).trim_end());
    }
    let p = trf.player(1).unwrap();
    assert!(p.overlong_fields().is_empty());
    let mut p = p.clone();
    p.federation = Some("NORW".into());
    assert_eq!(p.overlong_fields(), vec![("federation", 3)]);
    assert!(p.to_line().contains(" NOR "), "{}", p.to_line());
}
