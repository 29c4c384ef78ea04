//! The records of TRF-2026 (FIDE C.04 Annex 2, "Format of Tournament Report File, version
//! 2026", approved by the FIDE Council on 12 May 2025) that carry what a pairer and the
//! standings need, read by column and written in the annex's own columns:
//!
//! | record | what | columns |
//! |---|---|---|
//! | `142` | number of rounds | value after the code |
//! | `152` | initial colour, `W` or `B` | 5 |
//! | `162` | points of each result, `W D L A P X` | 6 code, 7–10 points, then every 9 columns |
//! | `192` | encoded type of tournament (`FIDE_DUTCH_2025`, `…_BAKU`) | value after the code |
//! | `202` / `212` | tie-break codes (212 starts with `PTS`), comma-separated | value after the code |
//! | `240` | byes set in advance: type `F H Z` (5), round (7–9), players (11–14, 16–19, …) | |
//! | `250` | virtual points (acceleration): match points (5–8, empty for individuals), game points (10–13), first and last round (15–17, 19–21), first and last player (23–26, 28–31) | |
//! | `260` | prohibited pairings: first and last round (5–7, 9–11), players (13–16, 18–21, …) | |
//! | `299` | abnormal points: type (5), match points (8–11), points (14–17), round (20–22), players (24–27, 29–32, …) | |
//!
//! Every other record the annex defines (`013`, `092`, `132`, `172`, `182`, `222`, `300`,
//! `310`, `320`, `330`, `352`, `362`, `801`, `802`, the national rating records) is kept
//! verbatim, as every line this crate does not interpret is.

use crate::tournament::model::{ForbiddenPair, RoundSpan};
use crate::tournament::pairing::acceleration::VirtualPoints;
use crate::tournament::result::{Points, RoundResult, Scoring};

/// Why a TRF-2026 record cannot be read: the 1-based column where the field starts, what it
/// must hold, and the text found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based column of the field.
    pub column: usize,
    /// What the field must hold.
    pub expected: &'static str,
    /// The text found.
    pub found: String,
}

/// Characters of `line` in 1-based columns `from..=to` (clipped; ASCII records).
fn cols(line: &str, from: usize, to: usize) -> &str {
    let end = to.min(line.len());
    let start = (from - 1).min(end);
    line.get(start..end).unwrap_or("")
}

fn err(column: usize, expected: &'static str, found: &str) -> RecordError {
    RecordError {
        column,
        expected,
        found: found.to_string(),
    }
}

fn number<T: std::str::FromStr>(
    line: &str,
    (from, to): (usize, usize),
    expected: &'static str,
) -> Result<T, RecordError> {
    let text = cols(line, from, to);
    text.trim().parse().map_err(|_| err(from, expected, text))
}

fn points(
    line: &str,
    (from, to): (usize, usize),
    expected: &'static str,
) -> Result<Points, RecordError> {
    let text = cols(line, from, to);
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(Points::from_f64)
        .ok_or_else(|| err(from, expected, text))
}

/// Starting ranks in 4-column fields from column `from` on, one space apart, to the end of
/// the line.
fn players(line: &str, from: usize) -> Result<Vec<u16>, RecordError> {
    let mut out = Vec::new();
    let mut at = from;
    while at <= line.trim_end().len() {
        let id: u16 = number(line, (at, at + 3), "a starting rank (1-9999)")?;
        if id == 0 {
            return Err(err(at, "a starting rank (1-9999)", cols(line, at, at + 3)));
        }
        out.push(id);
        at += 5;
    }
    Ok(out)
}

/// A round span of two 3-column fields at `first` and `first + 4`.
fn span(line: &str, first: usize) -> Result<RoundSpan, RecordError> {
    let a: u32 = number(line, (first, first + 2), "a round number (001-999)")?;
    let b: u32 = number(line, (first + 4, first + 6), "a round number (001-999)")?;
    if a == 0 || b < a {
        return Err(err(
            first,
            "a first round (from 1) and a last round not before it",
            cols(line, first, first + 6),
        ));
    }
    Ok(RoundSpan { first: a, last: b })
}

/// Points as the annex writes them in 4 columns with a leading zero (`01.0`, `11.5`).
fn points_text(p: Points) -> String {
    format!("{:04.1}", p.as_f64())
}

/// A `250` record: virtual points given to a span of players in a span of rounds.
///
/// # Errors
/// [`RecordError`] for a field that is not what the annex says (game points must not be 0).
pub fn parse_250(line: &str) -> Result<VirtualPoints, RecordError> {
    let match_points = match cols(line, 5, 8).trim() {
        "" => None,
        _ => Some(points(line, (5, 8), "match points (e.g. `00.0`) or blank")?),
    };
    let game = points(line, (10, 13), "virtual points (e.g. `01.0`), not 0")?;
    if game == Points::ZERO {
        return Err(err(
            10,
            "virtual points (e.g. `01.0`), not 0",
            cols(line, 10, 13),
        ));
    }
    let rounds = span(line, 15)?;
    let first: u16 = number(line, (23, 26), "a first starting rank")?;
    let last: u16 = number(line, (28, 31), "a last starting rank")?;
    if first == 0 || last < first {
        return Err(err(
            23,
            "a first starting rank (from 1) and a last one not before it",
            cols(line, 23, 31),
        ));
    }
    if !cols(line, 32, usize::MAX).trim().is_empty() {
        return Err(err(32, "nothing after the last player", cols(line, 32, 80)));
    }
    Ok(VirtualPoints {
        points: game,
        match_points,
        rounds,
        first_player: first,
        last_player: last,
    })
}

/// The `250` record of `v`, in the annex's columns (`250      01.0 001 003 0001 0090`; match
/// points blank for an individual event).
pub fn write_250(v: &VirtualPoints) -> String {
    format!(
        "250 {:>4} {} {:03} {:03} {:04} {:04}",
        v.match_points.map(points_text).unwrap_or_default(),
        points_text(v.points),
        v.rounds.first,
        v.rounds.last,
        v.first_player,
        v.last_player
    )
}

/// A `260` record: players who must not meet in a span of rounds.
///
/// # Errors
/// [`RecordError`] for a round or a player field that is not a number, or fewer than two
/// players.
pub fn parse_260(line: &str) -> Result<ForbiddenPair, RecordError> {
    let rounds = span(line, 5)?;
    let ids = players(line, 13)?;
    if ids.len() < 2 {
        return Err(err(13, "at least two starting ranks", cols(line, 13, 80)));
    }
    Ok(ForbiddenPair {
        players: ids,
        reason: None,
        rounds: Some(rounds),
    })
}

/// The `260` record of `f` for an event of `total_rounds` rounds (every round when `f` has no
/// span): `260 001 009    3    7`.
pub fn write_260(f: &ForbiddenPair, total_rounds: u32) -> String {
    let rounds = f.rounds.unwrap_or(RoundSpan {
        first: 1,
        last: total_rounds.max(1),
    });
    let mut s = format!("260 {:03} {:03}", rounds.first, rounds.last);
    for p in &f.players {
        s.push_str(&format!(" {p:>4}"));
    }
    s
}

/// A `240` record: the kind of bye (`F`, `H` or `Z`), the round and its players.
///
/// # Errors
/// [`RecordError`] for another kind, a round that is not a number, or no player.
pub fn parse_240(line: &str) -> Result<(RoundResult, u32, Vec<u16>), RecordError> {
    let kind = match cols(line, 5, 5) {
        "F" | "f" => RoundResult::FullPointBye,
        "H" | "h" => RoundResult::HalfPointBye,
        "Z" | "z" => RoundResult::ZeroPointBye,
        other => return Err(err(5, "the kind of bye: `F`, `H` or `Z`", other)),
    };
    let round: u32 = number(line, (7, 9), "a round number (001-999)")?;
    if round == 0 {
        return Err(err(7, "a round number (001-999)", cols(line, 7, 9)));
    }
    let ids = players(line, 11)?;
    if ids.is_empty() {
        return Err(err(11, "at least one starting rank", ""));
    }
    Ok((kind, round, ids))
}

/// The `240` record of byes of kind `kind` (`F`, `H`, `Z`) in `round`: `240 H 003  026  047`.
pub fn write_240(kind: RoundResult, round: u32, ids: &[u16]) -> String {
    let mut s = format!("240 {} {round:03}", kind.letter());
    for p in ids {
        s.push_str(&format!(" {:>4}", format!("{p:03}")));
    }
    s
}

/// Reads a `162` record onto `scoring`: `W` (win, forfeit win, full-point bye), `D` (draw,
/// half-point bye), `L` (loss), `A` (absence: zero-point bye and forfeit loss; bbpPairings
/// writes `Z` for it too), `P` (pairing-allocated bye; default a win's points). `X` (unknown
/// result, an adjourned game) is accepted and has nothing to set: results here are never
/// unknown.
///
/// # Errors
/// [`RecordError`] for another code or points that are not a number.
pub fn parse_162(line: &str, scoring: &mut Scoring) -> Result<(), RecordError> {
    let mut at = 6;
    let mut pab_given = false;
    let mut any = false;
    while at <= line.trim_end().len() {
        let code = cols(line, at, at);
        let p = points(line, (at + 1, at + 4), "points (e.g. ` 1.0`)")?;
        match code {
            "W" => {
                scoring.win = p;
                scoring.forfeit_win = p;
                if !pab_given {
                    scoring.pairing_allocated_bye = p;
                }
            }
            "D" => scoring.draw = p,
            "L" => scoring.loss = p,
            "A" | "Z" => {
                scoring.zero_point_bye = p;
                scoring.forfeit_loss = p;
            }
            "P" => {
                scoring.pairing_allocated_bye = p;
                pab_given = true;
            }
            "X" => {}
            other => {
                return Err(err(at, "a result code `W D L A P X`", other));
            }
        }
        any = true;
        at += 9;
    }
    if !any {
        return Err(err(6, "a result code `W D L A P X` and its points", ""));
    }
    Ok(())
}

/// The `162` record of `scoring`, or `None` when it is the default (win 1, draw ½, loss and
/// absence 0, the pairing-allocated bye a win's points): only the values that differ, as
/// bbpPairings writes it (`162  W 3.0    D 1.0`).
pub fn write_162(scoring: &Scoring) -> Option<String> {
    let d = Scoring::default();
    let mut fields: Vec<(char, Points)> = Vec::new();
    if scoring.win != d.win {
        fields.push(('W', scoring.win));
    }
    if scoring.draw != d.draw {
        fields.push(('D', scoring.draw));
    }
    if scoring.loss != d.loss {
        fields.push(('L', scoring.loss));
    }
    if scoring.zero_point_bye != d.zero_point_bye {
        fields.push(('A', scoring.zero_point_bye));
    }
    if scoring.pairing_allocated_bye != scoring.win {
        fields.push(('P', scoring.pairing_allocated_bye));
    }
    if fields.is_empty() {
        return None;
    }
    let mut s = String::from("162  ");
    for (i, (code, p)) in fields.iter().enumerate() {
        if i > 0 {
            s.push_str("    ");
        }
        s.push(*code);
        s.push_str(&format!("{:>4.1}", p.as_f64()));
    }
    Some(s)
}

/// The codes of a `202` or `212` record (comma- or space-separated), upper case, `PTS`
/// dropped.
pub fn tie_break_codes(value: &str) -> Vec<String> {
    value
        .split([',', ' ', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("PTS"))
        .map(str::to_ascii_uppercase)
        .collect()
}

/// A `299` record (abnormal points), checked column by column; it is kept as written.
///
/// # Errors
/// [`RecordError`] for a type other than `W D L F H Z + -` or blank, points or a round that
/// are not numbers, or no player.
pub fn check_299(line: &str) -> Result<(), RecordError> {
    let kind = cols(line, 5, 5);
    if !matches!(
        kind,
        "W" | "D" | "L" | "F" | "H" | "Z" | "+" | "-" | " " | ""
    ) {
        return Err(err(
            5,
            "the type of abnormal assignment: `W D L F H Z + -` or blank",
            kind,
        ));
    }
    if !cols(line, 8, 11).trim().is_empty() {
        points(line, (8, 11), "match points (e.g. `-1.0`) or blank")?;
    }
    points(line, (14, 17), "points (e.g. `-0.5`)")?;
    if !cols(line, 20, 22).trim().is_empty() {
        number::<u32>(
            line,
            (20, 22),
            "a round number (`000` or blank: every round)",
        )?;
    }
    if players(line, 24)?.is_empty() {
        return Err(err(24, "at least one starting rank", ""));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The annex's own examples of records 250, 260 and 240 are read and written back byte for
    /// byte.
    #[test]
    fn the_annex_examples_round_trip() {
        for line in [
            "250 00.0 02.0 001 003 0001 0090",
            "250 00.0 01.0 004 006 0001 0090",
        ] {
            assert_eq!(write_250(&parse_250(line).unwrap()), line);
        }
        let v = parse_250("250 00.0 02.0 001 003 0001 0090").unwrap();
        assert_eq!(v.points, Points(20));
        assert_eq!((v.rounds.first, v.rounds.last), (1, 3));
        assert_eq!((v.first_player, v.last_player), (1, 90));
        for line in [
            "260 001 002  125  180  184  216",
            "260 001 002  208  222  231",
            "260 001 002  215  290  302  304  307",
        ] {
            let f = parse_260(line).unwrap();
            assert_eq!(write_260(&f, 9), line);
        }
        assert_eq!(
            parse_260("260 001 002  125  180").unwrap().players,
            [125, 180]
        );
        let (kind, round, ids) = parse_240("240 H 003  026  047").unwrap();
        assert_eq!(
            (kind, round, ids.clone()),
            (RoundResult::HalfPointBye, 3, vec![26, 47])
        );
        assert_eq!(write_240(kind, round, &ids), "240 H 003  026  047");
        // An individual event's 250 has blank match points.
        let ours = VirtualPoints {
            points: Points(10),
            match_points: None,
            rounds: RoundSpan { first: 1, last: 3 },
            first_player: 1,
            last_player: 82,
        };
        assert_eq!(write_250(&ours), "250      01.0 001 003 0001 0082");
        assert_eq!(parse_250(&write_250(&ours)).unwrap(), ours);
    }

    #[test]
    fn scoring_162_reads_and_writes() {
        let mut s = Scoring::default();
        parse_162("162  W 3.0    D 1.0", &mut s).unwrap();
        assert_eq!(
            (s.win, s.draw, s.pairing_allocated_bye),
            (Points(30), Points(10), Points(30))
        );
        assert_eq!(write_162(&s).as_deref(), Some("162  W 3.0    D 1.0"));
        assert_eq!(write_162(&Scoring::default()), None);
        let mut s = Scoring::default();
        parse_162("162  P 0.5    A 0.0", &mut s).unwrap();
        assert_eq!(s.pairing_allocated_bye, Points(5));
        assert_eq!(write_162(&s).as_deref(), Some("162  P 0.5"));
        assert!(parse_162("162  Q 1.0", &mut Scoring::default()).is_err());
    }

    #[test]
    fn bad_records_name_their_column() {
        assert_eq!(
            parse_250("250      00.0 001 003 0001 0090")
                .unwrap_err()
                .column,
            10
        );
        assert_eq!(
            parse_250("250      01.0 003 001 0001 0090")
                .unwrap_err()
                .column,
            15
        );
        assert_eq!(parse_260("260 001 002  125").unwrap_err().column, 13);
        assert_eq!(parse_260("260 001 002  12x  180").unwrap_err().column, 13);
        assert_eq!(parse_240("240 U 003  026").unwrap_err().column, 5);
        assert!(check_299("299 W        -1.0  003 0012").is_ok());
        assert_eq!(
            check_299("299 Q        -1.0  003 0012").unwrap_err().column,
            5
        );
        assert_eq!(tie_break_codes("PTS,BH/C1, BH SB"), ["BH/C1", "BH", "SB"]);
    }
}
