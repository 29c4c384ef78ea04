//! A judged game written as PGN, for a publisher (the PGN standard's export format: the
//! seven-tag roster, SAN movetext, `{}` comments, the `[%clk]` command of the PGN Specification
//! Supplement):
//!
//! - tags: `Event`, `Site`, `Date`, `Round`, `White`, `Black` from the event log's header or the
//!   PGN game's own tags (`?`, `????.??.??` where unknown), `Result` as judged (`0-0`, a loss
//!   for both under CR 4.2 / 2.1, has no PGN form: `*`, the verdict comment says it), `Board`
//!   when known, `BoardSerial` (the e-board's serial number) when known, `SetUp` and `FEN` for
//!   a game that does not start from the start position;
//! - the mainline: the plies standing on the board at the end ([`PlyOnBoard`]: take-backs and
//!   counted illegal moves removed, Laws 7.5.1, CR 3.6) in SAN, with `[%clk h:mm:ss]` after each
//!   move when the board's clock is known (the mover's time after the move);
//! - comments in the game's language: each illegal act with its article and status, each claim
//!   with its decision, each touch, and the verdict after the last move.
//!
//! An illegal act played on leaves a position no legal move reaches, which SAN cannot write:
//! the mainline stops before it, and the comment there names the act, the position it left
//! (FEN) and the plies played after it. Braces in comment text become parentheses, so the PGN
//! stays readable (PGN standard 8.2.5: a brace comment ends at the first `}`).

use std::fmt::Write as _;

use shakmaty::Color;

use super::Tags;
pub use crate::game::event::ClockTime;
use crate::game::event::{Event, EventLog};
use crate::game::verdict::{GameResult, PlyOnBoard, RecordProblemKind, Verdict};
use crate::i18n::Lang;

/// What a PGN record of one judged game is written from.
#[derive(Clone, Copy, Debug)]
pub struct PgnRecord<'a> {
    /// The verdict ([`crate::formats::input::GameRecord::judge_with_line`]).
    pub verdict: &'a Verdict,
    /// The plies on the board at the end, from the same judging.
    pub line: &'a [PlyOnBoard],
    /// The event log judged, when the game is one (its header's FEN, its touches, the capture
    /// lines of its events for the clock).
    pub events: Option<&'a EventLog>,
    /// The PGN game's own tags, when the game was read from PGN (`Site`, `Date`, `FEN`,
    /// `Variant` are kept).
    pub tags: Option<&'a Tags>,
    /// The e-board's serial number (DGT `0x91`, LiveChess `serialnr`).
    pub serial_number: Option<&'a str>,
    /// The board's clock through the capture, in line order; empty when the board has no clock.
    pub clock: &'a [ClockTime],
}

/// One PGN game (tags, blank line, movetext, newline) for the judged game, comments in `lang`.
/// Games written one after another are separated by a blank line by the caller.
///
/// ```
/// use arbiter::formats::input::GameRecord;
/// use arbiter::formats::pgn::PgnReader;
/// use arbiter::formats::pgn::write::{write_pgn, PgnRecord};
///
/// let game = PgnReader::new(&b"[White \"Ann\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"[..]).next().unwrap().unwrap();
/// let record = GameRecord::Pgn(game.clone());
/// let (verdict, line) = record.judge_with_line(None, Default::default()).unwrap();
/// let pgn = write_pgn(&PgnRecord { verdict: &verdict, line: &line, events: None, tags: Some(&game.tags), serial_number: None, clock: &[] }, arbiter::i18n::Lang::En);
/// assert!(pgn.contains("[White \"Ann\"]"));
/// assert!(pgn.contains("[Result \"0-1\"]"));
/// assert!(pgn.contains("1. f3 e5 2. g4 Qh4#"));
/// ```
pub fn write_pgn(record: &PgnRecord<'_>, lang: Lang) -> String {
    write_pgn_with_result(record, None, lang)
}

/// [`write_pgn`] with `result` (a PGN game termination marker: `1-0`, `0-1`, `1/2-1/2`, `*`)
/// in the `Result` tag and after the moves instead of the verdict's: an event's games carry
/// the result the arbiter recorded, `*` until he has (the verdict's comment still says what
/// the judge found). `None`: the verdict's result.
pub fn write_pgn_with_result(record: &PgnRecord<'_>, result: Option<&str>, lang: Lang) -> String {
    write_game(record, result, lang, false)
}

/// [`write_pgn_with_result`] for a round's games as published (the desk's, the public view's
/// and a broadcast's PGN, [`super::round`]): the moves with the comments on illegal acts (what
/// the arbiter decided, Laws 7.5) and on the board's record (a gap), without the notes of a
/// touched piece (an incident of the arbiter's, Laws 4.3) and without the judge's verdict
/// sentence (the result is the one the arbiter recorded: the judge's `*` of a game in
/// progress, or its finding, is not a decision and would contradict the tag).
pub fn write_round_game(record: &PgnRecord<'_>, result: &str, lang: Lang) -> String {
    write_game(record, Some(result), lang, true)
}

/// The game as PGN; `published`: [`write_round_game`]'s comments only.
fn write_game(record: &PgnRecord<'_>, result: Option<&str>, lang: Lang, published: bool) -> String {
    let v = record.verdict;
    let header = record.events.and_then(|log| match log.events.first() {
        Some(Event::Header(h)) => Some(h),
        _ => None,
    });
    let tag = |name: &str| record.tags.and_then(|t| t.get(name)).map(str::to_owned);
    let result = result.unwrap_or_else(|| pgn_result(v.result));
    let mut out = String::new();
    let seven = [
        ("Event", v.game.event.clone().or_else(|| tag("Event")), "?"),
        ("Site", tag("Site"), "?"),
        ("Date", tag("Date"), "????.??.??"),
        ("Round", v.game.round.clone().or_else(|| tag("Round")), "?"),
        ("White", v.game.white.clone(), "?"),
        ("Black", v.game.black.clone(), "?"),
    ];
    for (name, value, unknown) in seven {
        write_tag(&mut out, name, value.as_deref().unwrap_or(unknown));
    }
    write_tag(&mut out, "Result", result);
    if let Some(board) = &v.game.board {
        write_tag(&mut out, "Board", board);
    }
    if let Some(serial) = record.serial_number {
        write_tag(&mut out, "BoardSerial", serial);
    }
    let fen = header
        .and_then(|h| h.fen.clone())
        .or_else(|| tag("FEN"))
        .map(|f| f.trim().to_owned());
    if let Some(variant) = tag("Variant") {
        write_tag(&mut out, "Variant", &variant);
    }
    if let Some(f) = &fen {
        write_tag(&mut out, "SetUp", "1");
        write_tag(&mut out, "FEN", f);
    }
    out.push('\n');

    // Where the movetext starts: the FEN's side to move and move number.
    let (mut turn, mut number) = match &fen {
        Some(f) => {
            let fields: Vec<&str> = f.split_whitespace().collect();
            let turn = if fields.get(1) == Some(&"b") {
                Color::Black
            } else {
                Color::White
            };
            let n = fields
                .get(5)
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(1);
            (turn, n)
        }
        None => (Color::White, 1),
    };

    // The comments, each at the event it belongs to.
    let mut notes: Vec<(usize, String)> = Vec::new();
    let by = |c: Color| {
        lang.msg(match c {
            Color::White => "by-white",
            Color::Black => "by-black",
        })
    };
    let side = |c: Color| {
        lang.msg(match c {
            Color::White => "side-white",
            Color::Black => "side-black",
        })
    };
    for act in &v.illegal_moves {
        let status = serde_json::to_value(act.status)
            .ok()
            .and_then(|s| s.as_str().map(str::to_owned))
            .unwrap_or_default();
        notes.push((
            act.event_index,
            lang.fmt(
                "pgn-illegal",
                &[
                    ("ply", &act.ply.to_string()),
                    ("by", &by(act.side)),
                    ("move", &act.notation),
                    ("kind", &lang.msg(&format!("illegal-{}", act.kind.code()))),
                    ("article", &act.article.label(lang)),
                    ("status", &lang.msg(&format!("status-{status}"))),
                ],
            ),
        ));
    }
    for c in &v.claims {
        let claim = serde_json::to_value(c.claim)
            .ok()
            .and_then(|k| k.as_str().map(|k| format!("claim-{k}")))
            .unwrap_or_default();
        notes.push((
            c.event_index,
            lang.fmt(
                "verdict-claim",
                &[
                    ("by", &by(c.by)),
                    ("claim", &lang.msg(&claim)),
                    ("explanation", &c.explanation_note.text(lang)),
                    (
                        "verdict",
                        &lang.msg(if c.correct {
                            "claim-correct"
                        } else {
                            "claim-incorrect"
                        }),
                    ),
                    ("article", &c.article.label(lang)),
                ],
            )
            .trim()
            .to_owned(),
        ));
    }
    if let Some(log) = record.events.filter(|_| !published) {
        for (i, e) in log.events.iter().enumerate() {
            if let Event::Touch(t) = e {
                // A board reports the first lift of every move: the lift of the piece then
                // moved says nothing a reader needs.
                let moved = record
                    .line
                    .iter()
                    .find(|p| p.event_index > i)
                    .is_some_and(|p| p.side == t.by && p.uci.starts_with(&t.square.to_string()));
                if t.lifted && moved {
                    continue;
                }
                let id = if t.lifted {
                    "live-touch"
                } else if t.adjust {
                    "pgn-touch-adjust"
                } else {
                    "pgn-touch"
                };
                notes.push((
                    i,
                    lang.fmt(
                        id,
                        &[("side", &side(t.by)), ("square", &t.square.to_string())],
                    ),
                ));
            }
        }
    }
    // A gap in an e-board's record, where it is (the plies recovered, or uncertain).
    for p in &v.record_problems {
        if matches!(
            p.problem,
            RecordProblemKind::RecoveredPlies | RecordProblemKind::BoardGap
        ) {
            notes.push((
                p.event_index,
                v.record_problem_line(p, lang).trim().to_owned(),
            ));
        }
    }
    notes.sort_by_key(|(i, _)| *i);

    // The mainline: the legal plies up to the first one SAN cannot write.
    // A gap no sequence of moves bridges: the plies after it do not follow from the moves
    // before, so they stay out of the mainline (the comment after it gives them and the FEN).
    let bridgeless = v
        .record_problems
        .iter()
        .find(|p| p.problem == RecordProblemKind::BoardGap && p.notation.is_empty())
        .map_or(usize::MAX, |p| p.event_index);
    let legal = record
        .line
        .iter()
        .take_while(|p| p.san.is_some() && p.event_index < bridgeless)
        .count();
    let (mainline, rest) = record.line.split_at(legal);
    let mut tokens: Vec<String> = Vec::new();
    let mut next_note = 0;
    let comment = |tokens: &mut Vec<String>, texts: Vec<String>| {
        if !texts.is_empty() {
            tokens.push(format!("{{{}}}", escape_comment(&texts.join("; "))));
        }
    };
    // Comments before the first move.
    let first_index = mainline.first().map_or(usize::MAX, |p| p.event_index);
    let mut before = Vec::new();
    while next_note < notes.len() && notes[next_note].0 < first_index && !mainline.is_empty() {
        before.push(notes[next_note].1.clone());
        next_note += 1;
    }
    comment(&mut tokens, before);
    for (k, ply) in mainline.iter().enumerate() {
        // Black's move after a comment carries its number again (PGN standard 8.2.2.2).
        let after_comment = tokens.last().is_some_and(|t| t.ends_with('}'));
        if turn == Color::White {
            tokens.push(format!("{number}."));
        } else if k == 0 || after_comment {
            tokens.push(format!("{number}..."));
        }
        tokens.push(ply.san.clone().unwrap_or_default());
        let mut texts = Vec::new();
        // Everything up to the next ply's event (or the first ply SAN cannot write) belongs
        // after this one.
        let until = mainline
            .get(k + 1)
            .or(rest.first())
            .map_or(usize::MAX, |p| p.event_index);
        while next_note < notes.len() && notes[next_note].0 < until {
            texts.push(notes[next_note].1.clone());
            next_note += 1;
        }
        if let Some(t) = clock_after(record, ply) {
            let clk = format!("[%clk {}]", clock_text(t));
            match texts.first_mut() {
                Some(first) => *first = format!("{clk} {first}"),
                None => texts.push(clk),
            }
        }
        comment(&mut tokens, texts);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    // What SAN cannot write, then the verdict.
    let mut tail = Vec::new();
    if let Some(first) = rest.first() {
        let plies: Vec<&str> = rest.iter().map(|p| p.uci.as_str()).collect();
        let id = if first.event_index >= bridgeless {
            "pgn-cut-gap"
        } else {
            "pgn-cut"
        };
        tail.push(lang.fmt(
            id,
            &[
                ("ply", &(legal + 1).to_string()),
                ("by", &by(first.side)),
                ("plies", &plies.join(" ")),
                ("fen", &v.final_fen.to_string()),
            ],
        ));
    }
    tail.extend(notes[next_note..].iter().map(|(_, t)| t.clone()));
    if !published {
        tail.push(verdict_text(v, lang));
    }
    comment(&mut tokens, tail);
    tokens.push(result.to_owned());
    wrap(&mut out, &tokens);
    out
}

/// The result as a PGN game termination marker (`0-0` has none: `*`).
fn pgn_result(result: GameResult) -> &'static str {
    match result {
        GameResult::BothLose => "*",
        other => other.as_str(),
    }
}

/// The verdict in a sentence: the result, the reason and its article, the reported result
/// checked against the board (CR 4.2), the findings (touch-move, conduct, the mate check).
fn verdict_text(v: &Verdict, lang: Lang) -> String {
    let reason = lang.msg(&format!("reason-{}", v.reason.code()));
    let why = match v.article {
        Some(a) => format!("{reason}, {}", a.label(lang)),
        None => reason,
    };
    let mut text = lang.fmt(
        "pgn-verdict",
        &[("result", v.result.as_str()), ("why", &why)],
    );
    if let Some(r) = &v.reported {
        let id = if r.agrees {
            "verdict-reported-agrees"
        } else {
            "verdict-reported-disagrees"
        };
        let why: Vec<String> = r.discrepancies.iter().map(|d| d.text(lang)).collect();
        text.push_str("; ");
        text.push_str(
            lang.fmt(
                id,
                &[("result", r.result.as_str()), ("why", &why.join("; "))],
            )
            .trim(),
        );
    }
    for line in v.finding_lines(lang) {
        text.push_str("; ");
        text.push_str(line.trim());
    }
    text
}

/// The mover's clock after `ply`: the last reading at or before the line of the event that
/// made it.
fn clock_after(record: &PgnRecord<'_>, ply: &PlyOnBoard) -> Option<u32> {
    let line = *record.events?.lines.get(ply.event_index)?;
    let at = record.clock.partition_point(|c| c.line <= line);
    let c = record.clock.get(at.checked_sub(1)?)?;
    Some(match ply.side {
        Color::White => c.white,
        Color::Black => c.black,
    })
}

/// `h:mm:ss`, as `[%clk]` writes a time.
fn clock_text(seconds: u32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// A tag pair, its value escaped (PGN standard 8.1.1: `\` and `"` are preceded by `\`).
pub(super) fn write_tag(out: &mut String, name: &str, value: &str) {
    let value: String = value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// Comment text that cannot end the comment early: braces become parentheses.
pub(super) fn escape_comment(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

/// The movetext in lines of at most 80 characters (PGN standard 8.2.1), never starting a line
/// with `%` (an escape line, 6).
pub(super) fn wrap(out: &mut String, tokens: &[String]) {
    let mut width = 0;
    // A `[%clk h:mm:ss]` command stays on one line.
    let mut words: Vec<String> = Vec::new();
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        match words.last_mut() {
            Some(last) if last.ends_with("[%clk") => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_owned()),
        }
    }
    for word in &words {
        if word.is_empty() {
            continue;
        }
        if width > 0 && width + 1 + word.chars().count() > 80 && !word.starts_with('%') {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.chars().count();
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_text_cannot_close_the_comment() {
        assert_eq!(escape_comment("a {b} c"), "a (b) c");
    }

    #[test]
    fn clock_times_are_hours_minutes_seconds() {
        assert_eq!(clock_text(0), "0:00:00");
        assert_eq!(clock_text(5400), "1:30:00");
        assert_eq!(clock_text(3599), "0:59:59");
    }

    #[test]
    fn tag_values_are_escaped() {
        let mut s = String::new();
        write_tag(&mut s, "White", "A \"B\" \\ C");
        assert_eq!(s, "[White \"A \\\"B\\\" \\\\ C\"]\n");
    }
}
