//! A PGN game as judge input: the adapter from [`PgnGame`] (tags, mainline SAN, termination
//! marker) to the judge's start position, moves and reported result.

use shakmaty::{CastlingMode, Chess, Position};

use super::PgnGame;
use crate::game::judge::{Judge, JudgeError, JudgeOptions};
use crate::game::rules::CompetitionRules;
use crate::game::setup::parse_fen;
use crate::game::verdict::{Discrepancy, GameInfo, GameResult, ReportSource, Verdict};

/// Judges a PGN game: its mainline moves as move events; the `Result` tag (or the movetext's
/// termination marker) as the reported result (CR 4.2); players and event from the tags. The
/// `FEN` tag sets the start; `Variant` must be standard or Chess960.
///
/// # Errors
/// [`JudgeError::InvalidStart`] for a bad `FEN` tag, [`JudgeError::UnsupportedVariant`].
///
/// A SAN that fits two legal moves, that no piece can make, or a token the reader skipped
/// ([`PgnGame::skipped`]) is a record problem in the verdict; judging stops at its ply. A
/// `Result` tag that contradicts the termination marker
/// ([`PgnGame::result_tag_contradiction`]) is a discrepancy of the reported result.
pub fn judge_pgn_game(
    game: &PgnGame,
    rules: CompetitionRules,
    options: JudgeOptions,
) -> Result<Verdict, JudgeError> {
    pgn_judge(game, rules, options).map(Judge::into_verdict)
}

/// The judge after a PGN game (as [`judge_pgn_game`], before its verdict is taken): its final
/// position and repetition history can be asked (the rules vectors' keys).
///
/// # Errors
/// As [`judge_pgn_game`].
pub fn pgn_judge(
    game: &PgnGame,
    rules: CompetitionRules,
    options: JudgeOptions,
) -> Result<Judge, JudgeError> {
    pgn_judge_keeping(game, rules, options, false)
}

/// As [`pgn_judge`]; with `keep_line`, the judge keeps the plies on the board
/// ([`Judge::keep_line`]).
///
/// # Errors
/// As [`judge_pgn_game`].
pub fn pgn_judge_keeping(
    game: &PgnGame,
    rules: CompetitionRules,
    options: JudgeOptions,
    keep_line: bool,
) -> Result<Judge, JudgeError> {
    let chess960 = match game.tag("Variant") {
        None => false,
        Some(v) => {
            let v = v.to_ascii_lowercase();
            if v.is_empty() || v == "standard" || v == "normal" || v == "from position" {
                false
            } else if v.contains("960") || v.contains("fischer") {
                true
            } else {
                return Err(JudgeError::UnsupportedVariant(v));
            }
        }
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let start = match game.tag("FEN") {
        Some(f) => parse_fen(f, mode)
            .or_else(|e| {
                if chess960 {
                    Err(e)
                } else {
                    parse_fen(f, CastlingMode::Chess960)
                }
            })
            .map_err(|source| JudgeError::InvalidStart { index: 0, source })?,
        None => Chess::default(),
    };
    let mode = if chess960 || start.castles().mode() == CastlingMode::Chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut judge = Judge::with_mode(start, mode, rules, options);
    if keep_line {
        judge.keep_line();
    }
    judge.set_info(GameInfo {
        white: game.tag("White").map(str::to_owned),
        black: game.tag("Black").map(str::to_owned),
        // PGN has no standard tag for a starting rank.
        white_start_rank: None,
        black_start_rank: None,
        event: game.tag("Event").map(str::to_owned),
        round: game.tag("Round").map(str::to_owned),
        board: game.tag("Board").map(str::to_owned),
    });
    // Each move is resolved once, one step ahead: a next move that plays proves the position
    // before it is neither checkmate nor stalemate.
    let mut resolved = None;
    // A token the reader skipped stops judging where it stands (a move may be missing there).
    let skipped = game.skipped.first();
    for (i, san) in game.moves.iter().enumerate() {
        if let Some(t) = skipped.filter(|t| t.moves_before == i) {
            judge.unreadable_token(&t.text);
        }
        resolved = judge.play_san_ahead(*san, resolved, game.moves.get(i + 1).copied());
    }
    if let Some(t) = skipped.filter(|t| t.moves_before >= game.moves.len()) {
        judge.unreadable_token(&t.text);
    }
    let reported = game
        .tag("Result")
        .and_then(|r| r.parse::<GameResult>().ok())
        .or(game.termination);
    if let Some(result) = reported {
        judge.report_result(result, ReportSource::Pgn, None, None);
    }
    if game.result_tag_contradiction().is_some() {
        judge.add_report_discrepancy(Discrepancy::ResultTagContradictsMovetext);
    }
    Ok(judge)
}
