//! Database-level findings about one game, built on the judge's [`Verdict`]: the recorded
//! result against the board (the judge's CR 4.2 check, named here by the ending it contradicts),
//! moves recorded after the end, illegal or unreadable moves in the record, and what only the
//! PGN tags tell: a `Result` tag that disagrees with the movetext's termination marker, a
//! `Termination` tag that disagrees with the board, a game without a termination marker.
//!
//! A discrepancy is a finding about the record, not an error: the game was read and judged.

use std::fmt;

use serde::Serialize;

use crate::formats::pgn::PgnGame;
use crate::game::verdict::{Discrepancy as Reported, GameResult, Reason, Verdict, count_of};
use crate::laws::Article;

/// What kind of disagreement a [`Discrepancy`] is. Serialised in snake_case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The movetext holds a token the PGN reader skipped without a word (it reads only moves,
    /// move numbers, comments, NAGs and results: `Nf3Nc6`, `Qxf7mate`, `Zz9` are dropped; a
    /// promotion without `=`, `a8Q`, is read as a move); judging stopped at the first, as in
    /// `arbiter judge` (the verdict's record problem `unreadable_token`). Every one is reported.
    UnreadableToken,
    /// The record holds a move that is not legal in the position (Laws 3.x; the article of its
    /// kind is given). The first one is reported.
    IllegalMove,
    /// The record holds a move that cannot be read unambiguously (e.g. `Nd7` with two knights
    /// able to go there), a SAN no piece can make, or an unreadable token: judging stopped
    /// there.
    UnreadableMove,
    /// A move written inexactly (wrong capture mark, superfluous or wrong disambiguation) that
    /// still names exactly one legal move, which the judge took. The first one is reported.
    InexactMove,
    /// The game ended by checkmate (Laws 5.1.1) and the recorded result is another.
    ResultContradictsCheckmate,
    /// `1-0` or `0-1` recorded on a stalemate (Laws 5.2.1: a draw).
    DecisiveResultOnStalemate,
    /// `1-0` or `0-1` recorded on a dead position (Laws 5.2.2: a draw).
    DecisiveResultOnDeadPosition,
    /// A decisive result recorded after the game had ended in a draw by fivefold repetition
    /// (Laws 9.6.1) or the 75-move rule (9.6.2).
    DecisiveResultAfterDrawByRule,
    /// The game ended by rule with another result than the recorded one (any other ending).
    ResultContradictsEnding,
    /// `*` recorded for a game that had ended by rule.
    UnfinishedResultOnFinishedGame,
    /// Moves recorded after the game had ended (mate, stalemate, dead position, 9.6).
    MovesAfterGameEnd,
    /// A win recorded for a player who cannot checkmate by any series of legal moves, while
    /// the board did not end the game (Laws 5.1.2 / 6.9: a draw).
    WinnerCannotMate,
    /// The `Result` tag and the movetext's termination marker differ.
    ResultTagDisagreesWithMovetext,
    /// The movetext has no termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    MissingTerminationMarker,
    /// The `Termination` tag contradicts the board or the result (e.g. `time forfeit` after a
    /// checkmate, `unterminated` with a decisive result).
    TerminationTagDisagrees,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 15] = [
        Kind::UnreadableToken,
        Kind::IllegalMove,
        Kind::UnreadableMove,
        Kind::InexactMove,
        Kind::ResultContradictsCheckmate,
        Kind::DecisiveResultOnStalemate,
        Kind::DecisiveResultOnDeadPosition,
        Kind::DecisiveResultAfterDrawByRule,
        Kind::ResultContradictsEnding,
        Kind::UnfinishedResultOnFinishedGame,
        Kind::MovesAfterGameEnd,
        Kind::WinnerCannotMate,
        Kind::ResultTagDisagreesWithMovetext,
        Kind::MissingTerminationMarker,
        Kind::TerminationTagDisagrees,
    ];

    /// The snake_case name used in JSON and CSV.
    pub fn code(self) -> &'static str {
        match self {
            Kind::UnreadableToken => "unreadable_token",
            Kind::IllegalMove => "illegal_move",
            Kind::UnreadableMove => "unreadable_move",
            Kind::InexactMove => "inexact_move",
            Kind::ResultContradictsCheckmate => "result_contradicts_checkmate",
            Kind::DecisiveResultOnStalemate => "decisive_result_on_stalemate",
            Kind::DecisiveResultOnDeadPosition => "decisive_result_on_dead_position",
            Kind::DecisiveResultAfterDrawByRule => "decisive_result_after_draw_by_rule",
            Kind::ResultContradictsEnding => "result_contradicts_ending",
            Kind::UnfinishedResultOnFinishedGame => "unfinished_result_on_finished_game",
            Kind::MovesAfterGameEnd => "moves_after_game_end",
            Kind::WinnerCannotMate => "winner_cannot_mate",
            Kind::ResultTagDisagreesWithMovetext => "result_tag_disagrees_with_movetext",
            Kind::MissingTerminationMarker => "missing_termination_marker",
            Kind::TerminationTagDisagrees => "termination_tag_disagrees",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The [`Kind::UnreadableToken`] findings of a game from the tokens the reader skipped in it
/// ([`crate::formats::pgn::PgnGame::skipped`]), `offset` being where the game's text starts in
/// the input, in bytes.
pub fn unreadable_tokens(
    skipped: &[crate::formats::pgn::UnreadableToken],
    offset: u64,
) -> Vec<Discrepancy> {
    skipped
        .iter()
        .map(|t| Discrepancy {
            kind: Kind::UnreadableToken,
            article: None,
            ply: u32::try_from(t.moves_before + 1).ok(),
            detail: format!(
                "`{}` (byte {}) was skipped by the PGN reader, which reads only moves, move \
                 numbers, comments, NAGs and results: judging stopped there",
                t.text,
                offset + t.offset as u64
            ),
            notation: Some(t.text.clone()),
        })
        .collect()
}

/// One finding about a game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Discrepancy {
    /// What disagrees.
    pub kind: Kind,
    /// The rule that decides it, when one does (e.g. `5.2.1` for a decisive result on a
    /// stalemate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<Article>,
    /// 1-based ply where it shows (the illegal move, the first move after the end), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// The move as written, if one is concerned.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// The finding in words.
    pub detail: String,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)?;
        if let Some(a) = self.article {
            write!(f, " ({a})")?;
        }
        Ok(())
    }
}

fn finding(kind: Kind, article: Option<Article>, detail: String) -> Discrepancy {
    Discrepancy {
        kind,
        article,
        ply: None,
        notation: None,
        detail,
    }
}

/// The recorded result the judge checked: the `Result` tag, or the termination marker when the
/// tag is missing or unreadable (as the judge reads it).
fn recorded_result(game: &PgnGame) -> Option<GameResult> {
    game.tag("Result")
        .and_then(|r| r.parse::<GameResult>().ok())
        .or(game.termination)
}

/// The findings about `game`, judged as `verdict`, in a fixed order (the board's ending first,
/// then the record, then the tags).
pub fn find(game: &PgnGame, verdict: &Verdict) -> Vec<Discrepancy> {
    let mut out = Vec::new();
    let reported = verdict.reported.as_ref();
    let recorded = reported.map(|r| r.result);
    let has = |d: Reported| reported.is_some_and(|r| r.discrepancies.contains(&d));

    if has(Reported::IllegalMoveInRecord)
        && let Some(act) = verdict
            .illegal_moves
            .iter()
            .find(|a| a.status != crate::game::verdict::Status::AfterGameEnd)
    {
        out.push(Discrepancy {
            kind: Kind::IllegalMove,
            article: Some(act.article),
            ply: Some(act.ply),
            notation: Some(act.notation.clone()),
            detail: format!(
                "{} at ply {} is not a legal move ({}); {} in the record",
                act.notation,
                act.ply,
                act.kind.code(),
                count_of(
                    verdict
                        .illegal_moves
                        .iter()
                        .filter(|a| a.status != crate::game::verdict::Status::AfterGameEnd)
                        .count(),
                    "illegal move",
                    "illegal moves"
                )
            ),
        });
    }
    if has(Reported::UnreadableMoveInRecord) {
        let problem = verdict
            .record_problems
            .iter()
            .find(|p| p.problem.stops_judging());
        out.push(Discrepancy {
            kind: Kind::UnreadableMove,
            article: None,
            ply: problem.map(|p| p.ply),
            notation: problem.map(|p| p.notation.clone()),
            detail: match problem {
                Some(p) => format!(
                    "{} at ply {} {}; {} not judged",
                    p.notation,
                    p.ply,
                    match p.problem {
                        crate::game::verdict::RecordProblemKind::AmbiguousSan =>
                            format!("fits several legal moves ({})", p.candidates.join(", ")),
                        crate::game::verdict::RecordProblemKind::UnplayableSan =>
                            "is a move no piece on the board can make".to_owned(),
                        _ => "cannot be read as a move".to_owned(),
                    },
                    count_of(verdict.moves_not_judged as usize, "move", "moves")
                ),
                None => format!(
                    "a move cannot be read; {} not judged",
                    count_of(verdict.moves_not_judged as usize, "move", "moves")
                ),
            },
        });
    }
    let inexact: Vec<_> = verdict
        .record_problems
        .iter()
        .filter(|p| p.problem == crate::game::verdict::RecordProblemKind::InexactSan)
        .collect();
    if let Some(first) = inexact.first() {
        out.push(Discrepancy {
            kind: Kind::InexactMove,
            article: None,
            ply: Some(first.ply),
            notation: Some(first.notation.clone()),
            detail: format!(
                "{} at ply {} is not exact SAN but fits one legal move only, which was taken; \
                 {} in the record",
                first.notation,
                first.ply,
                count_of(inexact.len(), "inexact move", "inexact moves")
            ),
        });
    }

    let ended_by_rule = verdict.reason.is_automatic();
    if let Some(result) = recorded
        && has(Reported::ResultContradictsEnding)
    {
        let at = verdict
            .ended_at_ply
            .map_or_else(String::new, |p| format!(" at ply {p}"));
        let (kind, what) = match verdict.reason {
            Reason::Checkmate => (Kind::ResultContradictsCheckmate, "checkmate"),
            Reason::Stalemate if result.winner().is_some() => {
                (Kind::DecisiveResultOnStalemate, "stalemate")
            }
            Reason::InsufficientMaterial | Reason::DeadPosition if result.winner().is_some() => {
                (Kind::DecisiveResultOnDeadPosition, "a dead position")
            }
            Reason::FivefoldRepetition | Reason::SeventyFiveMoves if result.winner().is_some() => (
                Kind::DecisiveResultAfterDrawByRule,
                if verdict.reason == Reason::FivefoldRepetition {
                    "fivefold repetition"
                } else {
                    "the 75-move rule"
                },
            ),
            _ => (Kind::ResultContradictsEnding, verdict.reason.code()),
        };
        out.push(finding(
            kind,
            verdict.article,
            format!(
                // The article is printed beside the detail, from `article`.
                "{result} recorded; the game ended{at} by {what}: {}",
                verdict.result
            ),
        ));
    }
    if has(Reported::UnfinishedResultOnFinishedGame) {
        out.push(finding(
            Kind::UnfinishedResultOnFinishedGame,
            verdict.article,
            format!(
                "* recorded; the game ended{} by {}: {}",
                verdict
                    .ended_at_ply
                    .map_or_else(String::new, |p| format!(" at ply {p}")),
                verdict.reason,
                verdict.result
            ),
        ));
    }
    if let Some(first) = verdict.moves_after_end.first() {
        let ended = verdict.ended_at_ply.unwrap_or(verdict.plies);
        out.push(Discrepancy {
            kind: Kind::MovesAfterGameEnd,
            article: verdict.article,
            ply: Some(ended + 1),
            notation: Some(first.notation.clone()),
            detail: format!(
                "{} recorded after the game ended at ply {ended} by {}",
                count_of(verdict.moves_after_end.len(), "move", "moves"),
                verdict.reason
            ),
        });
    }
    if has(Reported::WinnerCannotMate)
        && let Some(winner) = recorded.and_then(GameResult::winner)
    {
        out.push(finding(
            Kind::WinnerCannotMate,
            Some(Article::FLAG_FALL),
            format!(
                "{} recorded, but {} cannot checkmate by any series of legal moves",
                recorded.map_or("?", GameResult::as_str),
                winner
            ),
        ));
    }

    // The judge's own check (its verdict's `result_tag_contradicts_movetext`).
    if let Some((tag, marker)) = game.result_tag_contradiction() {
        out.push(finding(
            Kind::ResultTagDisagreesWithMovetext,
            None,
            format!("Result tag {tag}, movetext ends with {marker}"),
        ));
    }
    if game.termination.is_none() {
        out.push(finding(
            Kind::MissingTerminationMarker,
            None,
            "the movetext has no termination marker (1-0, 0-1, 1/2-1/2, *)".to_owned(),
        ));
    }

    if let Some(termination) = game.tag("Termination") {
        let t = termination.trim().to_ascii_lowercase();
        let result = recorded_result(game);
        let problem = match t.as_str() {
            "unterminated" if ended_by_rule => Some(format!(
                "Termination \"{termination}\", but the game ended by {} at ply {}",
                verdict.reason,
                verdict.ended_at_ply.unwrap_or(verdict.plies)
            )),
            "unterminated" if result.is_some_and(|r| r != GameResult::Unfinished) => Some(format!(
                "Termination \"{termination}\" with the result {}",
                result.map_or("?", GameResult::as_str)
            )),
            "time forfeit" | "time" if ended_by_rule => Some(format!(
                "Termination \"{termination}\", but the game had already ended by {} at ply {} \
                 (Laws 6.9 applies only while the game goes on)",
                verdict.reason,
                verdict.ended_at_ply.unwrap_or(verdict.plies)
            )),
            "normal" if result == Some(GameResult::Unfinished) => {
                Some(format!("Termination \"{termination}\" with the result *"))
            }
            _ => None,
        };
        if let Some(detail) = problem {
            out.push(finding(Kind::TerminationTagDisagrees, None, detail));
        }
    }
    out
}
