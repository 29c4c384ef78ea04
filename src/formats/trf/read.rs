//! Reading TRF text: lines, header checks, player lines by column, round blocks.

use std::path::Path;

use shakmaty::Color;

use super::write::points_column;
use super::{HeaderLine, LineEnd, PlayerRecord, Trf, TrfError, TrfLine};
use crate::tournament::result::{RoundEntry, RoundResult};

impl Trf {
    /// Reads and parses a file. `-` reads stdin.
    ///
    /// # Errors
    /// [`TrfError::Io`], [`TrfError::NotText`], and the errors of [`Trf::parse`].
    pub fn read(path: &Path) -> Result<Trf, TrfError> {
        let file = path.display().to_string();
        let bytes = crate::formats::input::Source::from_arg(path)
            .read_bytes()
            .map_err(|source| TrfError::Io {
                file: file.clone(),
                source,
            })?;
        let text = String::from_utf8(bytes).map_err(|e| TrfError::NotText {
            file: file.clone(),
            offset: e.utf8_error().valid_up_to(),
        })?;
        Trf::parse(&text, &file)
    }

    /// Reads a file as [`Trf::read`] and requires a tournament in it: at least one player line
    /// (an empty or unrelated file is refused instead of read as a tournament of no one).
    ///
    /// # Errors
    /// The errors of [`Trf::read`]; [`TrfError::NoPlayers`].
    pub fn read_tournament(path: &Path) -> Result<Trf, TrfError> {
        let trf = Trf::read(path)?;
        trf.check_players(&path.display().to_string())?;
        Ok(trf)
    }

    /// Whether the file holds a tournament: at least one player line (`001`).
    ///
    /// # Errors
    /// [`TrfError::NoPlayers`] naming `file`.
    pub fn check_players(&self, file: &str) -> Result<(), TrfError> {
        if self.players().next().is_none() {
            return Err(TrfError::NoPlayers {
                file: file.to_string(),
                lines: self.lines.len(),
            });
        }
        Ok(())
    }

    /// Parses TRF text; `file` names the source in errors. Accepts LF, CRLF and CR line ends.
    ///
    /// # Errors
    /// [`TrfError::Field`] for a player line whose columns do not hold what TRF-16 says, or a
    /// malformed `XXR`/`XXC`/`142`/`152` header; [`TrfError::DuplicateRank`].
    pub fn parse(text: &str, file: &str) -> Result<Trf, TrfError> {
        let line_end = match text.find(['\r', '\n']) {
            Some(i) if text[i..].starts_with("\r\n") => LineEnd::CrLf,
            Some(i) if text[i..].starts_with('\r') => LineEnd::Cr,
            _ => LineEnd::Lf,
        };
        let final_line_end = text.ends_with(['\n', '\r']);
        let mut lines = Vec::new();
        let mut seen: std::collections::HashMap<u16, usize> = std::collections::HashMap::new();
        for (index, raw) in split_lines(text).enumerate() {
            let number = index + 1;
            if raw.starts_with("001") {
                let record = parse_player(raw, file, number)?;
                if let Some(&first_line) = seen.get(&record.tpn) {
                    return Err(TrfError::DuplicateRank {
                        file: file.to_string(),
                        line: number,
                        tpn: record.tpn,
                        first_line,
                    });
                }
                seen.insert(record.tpn, number);
                lines.push(TrfLine::Player(record));
            } else {
                let header = HeaderLine {
                    text: raw.to_string(),
                };
                check_header(&header, file, number)?;
                lines.push(TrfLine::Header(header));
            }
        }
        Ok(Trf {
            lines,
            line_end,
            final_line_end,
        })
    }
}

/// The virtual points of a TRF(x) `XXA` line (JaVaFo's accelerations: the player's starting
/// rank in columns 5-8, then one 4-column value per round from column 10, 5 columns apart),
/// one record per round with points; nothing from a line that does not read.
pub(super) fn xxa_records(
    line: &str,
) -> Vec<crate::tournament::pairing::acceleration::VirtualPoints> {
    use crate::tournament::model::RoundSpan;
    use crate::tournament::pairing::acceleration::VirtualPoints;
    use crate::tournament::result::Points;
    let Some(tpn) = cols(line, 5, 8)
        .trim()
        .parse::<u16>()
        .ok()
        .filter(|&t| t > 0)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = 10;
    let mut round = 1;
    while at <= line.trim_end().chars().count() {
        let points = cols(line, at, at + 3)
            .trim()
            .parse::<f64>()
            .ok()
            .and_then(Points::from_f64)
            .unwrap_or(Points::ZERO);
        if points != Points::ZERO {
            out.push(VirtualPoints {
                points,
                match_points: None,
                rounds: RoundSpan {
                    first: round,
                    last: round,
                },
                first_player: tpn,
                last_player: tpn,
            });
        }
        at += 5;
        round += 1;
    }
    out
}

/// The colour of an `XXC` word (`white1`, `black1`).
pub(super) fn parse_xxc_word(w: &str) -> Option<Color> {
    match w {
        "white1" => Some(Color::White),
        "black1" => Some(Color::Black),
        _ => None,
    }
}

fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\r', '\n']) {
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
        }
    })
}

fn field_error(
    file: &str,
    line: usize,
    column: usize,
    expected: &'static str,
    found: &str,
) -> TrfError {
    TrfError::Field {
        file: file.to_string(),
        line,
        column,
        expected,
        found: found.to_string(),
    }
}

fn check_header(h: &HeaderLine, file: &str, line: usize) -> Result<(), TrfError> {
    match h.code() {
        "XXR" | "142" => {
            let v = h.value();
            if v.split_whitespace()
                .next()
                .and_then(|w| w.parse::<u32>().ok())
                .is_none()
            {
                return Err(field_error(file, line, 5, "a number of rounds", v));
            }
        }
        "152" => {
            let v = h.value();
            if !matches!(v, "W" | "B" | "w" | "b") {
                return Err(field_error(
                    file,
                    line,
                    5,
                    "the initial colour `W` or `B`",
                    v,
                ));
            }
        }
        code @ ("162" | "240" | "250" | "260" | "299") => {
            let checked = match code {
                "162" => super::records::parse_162(&h.text, &mut Default::default()),
                "240" => super::records::parse_240(&h.text).map(|_| ()),
                "250" => super::records::parse_250(&h.text).map(|_| ()),
                "260" => super::records::parse_260(&h.text).map(|_| ()),
                _ => super::records::check_299(&h.text),
            };
            if let Err(e) = checked {
                return Err(TrfError::Field {
                    file: file.to_string(),
                    line,
                    column: e.column,
                    expected: e.expected,
                    found: e.found,
                });
            }
        }
        "XXC" => {
            let v = h.value();
            let ok = v
                .split_whitespace()
                .all(|w| w == "rank" || parse_xxc_word(w).is_some());
            if !ok || v.is_empty() {
                return Err(field_error(
                    file,
                    line,
                    5,
                    "`white1`, `black1` or `rank`",
                    v,
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Characters of `line` in 1-based columns `from..=to` (clipped to the line's length).
///
/// A column is one character (Unicode scalar value), not one byte, so that a UTF-8 name such
/// as `Иванова, Анна` occupies as many columns as it has letters, exactly as the writer pads
/// it (`format!` pads by characters). For ASCII text (every reference file) characters and
/// bytes coincide.
fn cols(line: &str, from: usize, to: usize) -> &str {
    if line.is_ascii() {
        let start = (from - 1).min(line.len());
        let end = to.min(line.len());
        return line.get(start..end).unwrap_or("");
    }
    let byte_at = |col: usize| line.char_indices().nth(col).map_or(line.len(), |(i, _)| i);
    let start = byte_at(from - 1);
    let end = byte_at(to).max(start);
    line.get(start..end).unwrap_or("")
}

fn parse_player(line: &str, file: &str, number: usize) -> Result<PlayerRecord, TrfError> {
    let err = |column: usize, expected: &'static str, found: &str| {
        field_error(file, number, column, expected, found)
    };
    let tpn_text = cols(line, 5, 8);
    let tpn: u16 = tpn_text
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| err(5, "starting rank (1-9999) in columns 5-8", tpn_text))?;
    let sex = cols(line, 10, 10).chars().next().filter(|c| *c != ' ');
    let title = non_blank(cols(line, 11, 13));
    let name = cols(line, 15, 47).trim().to_string();
    let rating = optional_number(
        line,
        (49, 52),
        "rating (number or blank) in columns 49-52",
        &err,
    )?;
    let federation = non_blank(cols(line, 54, 56));
    let fide_id = optional_number(
        line,
        (58, 68),
        "FIDE id (number or blank) in columns 58-68",
        &err,
    )?;
    let birth_date = non_blank(cols(line, 70, 79));
    let points_text = cols(line, 81, 84);
    let points = match points_text.trim() {
        "" => 0.0,
        t => t
            .parse::<f64>()
            .ok()
            .filter(|&p| p.is_finite() && points_column(p).len() <= 4)
            .ok_or_else(|| err(81, "points (e.g. ` 2.5`) in columns 81-84", points_text))?,
    };
    let rank = optional_number(
        line,
        (86, 89),
        "rank (number or blank) in columns 86-89",
        &err,
    )?;
    let gap = cols(line, 90, 91);
    if !gap.trim().is_empty() {
        return Err(err(
            90,
            "two spaces before the first round block (columns 90-91)",
            gap,
        ));
    }
    let mut rounds = Vec::new();
    let mut start = 92;
    let width = line.chars().count();
    while start <= width {
        let block = cols(line, start, start + 9);
        rounds.push(parse_block(block, start, &err)?);
        start += 10;
    }
    // Blank trailing blocks carry nothing; the writer trims them too.
    while rounds.last().is_some_and(RoundEntry::is_empty) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        tpn,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth_date,
        points,
        rank,
        rounds,
    })
}

fn non_blank(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The number in 1-based columns `from`–`to` of `line`, `None` when they are blank.
///
/// # Errors
/// `err(from, expected, text)` when the columns hold anything but a number of type `T`.
fn optional_number<T: std::str::FromStr>(
    line: &str,
    (from, to): (usize, usize),
    expected: &'static str,
    err: &dyn Fn(usize, &'static str, &str) -> TrfError,
) -> Result<Option<T>, TrfError> {
    let text = cols(line, from, to);
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| err(from, expected, text)),
    }
}

fn parse_block(
    block: &str,
    start: usize,
    err: &dyn Fn(usize, &'static str, &str) -> TrfError,
) -> Result<RoundEntry, TrfError> {
    let b = block.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(b' ');
    if block.trim().is_empty() {
        return Ok(RoundEntry::BLANK);
    }
    let opp_text = cols(block, 1, 4);
    let opponent = match opp_text.trim() {
        "" => None,
        t => match t.parse::<u16>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => {
                return Err(err(
                    start,
                    "opponent's starting rank (`0000` = none)",
                    opp_text,
                ));
            }
        },
    };
    if at(4) != b' ' {
        return Err(err(
            start + 4,
            "a space after the opponent",
            cols(block, 5, 5),
        ));
    }
    let colour = match at(5) {
        b'w' => Some(Color::White),
        b'b' => Some(Color::Black),
        b'-' | b' ' => None,
        _ => return Err(err(start + 5, "colour `w`, `b` or `-`", cols(block, 6, 6))),
    };
    if at(6) != b' ' {
        return Err(err(
            start + 6,
            "a space after the colour",
            cols(block, 7, 7),
        ));
    }
    let result = RoundResult::from_letter(at(7) as char).ok_or_else(|| {
        err(
            start + 7,
            "result `1 = 0 + - W D L H F U Z` or blank",
            cols(block, 8, 8),
        )
    })?;
    if !cols(block, 9, 10).trim().is_empty() {
        return Err(err(
            start + 8,
            "two spaces after the result",
            cols(block, 9, 10),
        ));
    }
    if result.is_bye() && opponent.is_some() {
        return Err(err(
            start,
            "opponent `0000` with a bye or absence (H F U Z)",
            opp_text,
        ));
    }
    Ok(RoundEntry {
        opponent,
        colour,
        result,
    })
}
