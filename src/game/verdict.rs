//! The verdict on one game: result, reason with its article, every illegal act, claims,
//! the reported result checked against the board (CR 4.2), final FEN, and (on request) a
//! per-event trace. Its JSON form is a stable contract (docs/formats/verdict-json.md).

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};
use shakmaty::fen::Fen;
use shakmaty::{ByColor, Color};

use super::event::ClaimKind;
pub use super::findings::{
    CoercionFinding, ConductFinding, Declaration, MateCheck, PlyOnBoard, TouchMoveFinding,
    TouchMoveOutcome,
};
pub use super::record_problem::{RecordProblem, RecordProblemKind};
use super::rules::CompetitionRules;
use crate::laws::Article;
use crate::laws::illegal::IllegalMove;

/// The result of a game (Laws 10.1, CR 4.1–4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-0`: loss for both (a result not recorded and disputed, CR 4.2).
    BothLose,
    /// `*`: not finished (or awaiting adjudication).
    Unfinished,
}

impl GameResult {
    /// The PGN-style string.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
            GameResult::Unfinished => "*",
        }
    }

    /// The win for `side`.
    pub fn win_for(side: Color) -> Self {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if decisive.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }
}

/// A definitive outcome (a decided adjudication, a PGN termination marker other than `*`).
impl From<shakmaty::KnownOutcome> for GameResult {
    fn from(outcome: shakmaty::KnownOutcome) -> Self {
        match outcome {
            shakmaty::KnownOutcome::Decisive {
                winner: shakmaty::Color::White,
            } => GameResult::WhiteWins,
            shakmaty::KnownOutcome::Decisive {
                winner: shakmaty::Color::Black,
            } => GameResult::BlackWins,
            shakmaty::KnownOutcome::Draw => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A result string that is none of `1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {0:?} (expected 1-0, 0-1, 1/2-1/2, 0-0 or *)")]
pub struct InvalidResult(pub String);

impl FromStr for GameResult {
    type Err = InvalidResult;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            "0-0" => Ok(GameResult::BothLose),
            "*" => Ok(GameResult::Unfinished),
            other => Err(InvalidResult(other.to_owned())),
        }
    }
}

/// Why the game ended (or did not). Serialised in snake_case; [`Reason::article`] gives the
/// rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Laws 5.1.1.
    Checkmate,
    /// Laws 5.2.1.
    Stalemate,
    /// Laws 5.2.2, shown by material alone (neither side has mating material).
    InsufficientMaterial,
    /// Laws 5.2.2, shown by the winnability analysis (neither side can mate).
    DeadPosition,
    /// Laws 9.6.1: the same position for the fifth time.
    FivefoldRepetition,
    /// Laws 9.6.2: 75 moves each without pawn move or capture.
    #[serde(rename = "seventyfive_moves")]
    SeventyFiveMoves,
    /// Laws 9.2: a correct threefold claim.
    ThreefoldRepetitionClaim,
    /// Laws 9.3: a correct fifty-move claim.
    FiftyMovesClaim,
    /// Laws 5.2.3: agreed draw.
    DrawAgreement,
    /// Laws 5.1.2: resignation.
    Resignation,
    /// Laws 5.1.2 (2023): the resigning player's opponent cannot mate: draw.
    ResignationOpponentCannotMate,
    /// CR 3.3 / Laws 7.5.5: the second counted illegal move loses.
    TwoIllegalMoves,
    /// Laws 7.5.5: second illegal move, but the opponent cannot mate: draw.
    TwoIllegalMovesOpponentCannotMate,
    /// CR 4.4: refused to continue after three requests.
    RefusalToContinue,
    /// Laws 6.9: flag fall.
    FlagFall,
    /// Laws 6.9: flag fall, but the opponent cannot mate: draw.
    FlagFallOpponentCannotMate,
    /// Laws A.5.4: an illegal position was still on the board after the reply to a played-on
    /// illegal move.
    IllegalPositionOnBoard,
    /// CR 4.3: play-out time expired; the arbiter must adjudicate.
    AdjudicationRequired,
    /// CR 4.3: play-out time expired; the play-out adjudication decided the result
    /// (`crate::adjudicate`).
    Adjudicated,
    /// CR 4.2: the result the players (or the PGN record) report, not derived from the board.
    ReportedResult,
    /// CR 4.2: no result recorded, scored 0-0.
    ResultNotRecorded,
    /// The log ended with the game still in progress (no rule applies; `article` is the
    /// players' duty to report the result, CR 4.2).
    Unfinished,
    /// CR 2.1: an electronic device used at the board loses (both players: 0-0).
    ElectronicDevice,
    /// CR 2.2: a proven cheating incident loses the game (both players: 0-0).
    Cheating,
    /// CR 4.4: the player left the round.
    LeftTheRound,
    /// CR 4.6: a declaration made under coercion is void and the game could not go on: scored
    /// for the coerced player.
    CoercedDeclarationVoid,
}

/// The reason for an automatic ending of the Laws.
impl From<crate::laws::ending::AutomaticEnding> for Reason {
    fn from(ending: crate::laws::ending::AutomaticEnding) -> Self {
        use crate::laws::ending::AutomaticEnding as E;
        match ending {
            E::Checkmate { .. } => Reason::Checkmate,
            E::Stalemate => Reason::Stalemate,
            E::InsufficientMaterial => Reason::InsufficientMaterial,
            E::DeadPosition => Reason::DeadPosition,
            E::SeventyFiveMoves => Reason::SeventyFiveMoves,
            E::FivefoldRepetition => Reason::FivefoldRepetition,
        }
    }
}

impl Reason {
    /// The rule behind the reason.
    pub fn article(self) -> Article {
        use Reason::*;
        match self {
            Checkmate => Article::CHECKMATE,
            Stalemate => Article::STALEMATE,
            InsufficientMaterial | DeadPosition => Article::DEAD_POSITION,
            FivefoldRepetition => Article::FIVEFOLD_REPETITION,
            SeventyFiveMoves => Article::SEVENTY_FIVE_MOVES,
            ThreefoldRepetitionClaim => Article::THREEFOLD_REPETITION,
            FiftyMovesClaim => Article::FIFTY_MOVES,
            DrawAgreement => Article::DRAW_AGREEMENT,
            Resignation | ResignationOpponentCannotMate => Article::RESIGNATION,
            TwoIllegalMoves => Article::CR_TWO_ILLEGAL_MOVES,
            TwoIllegalMovesOpponentCannotMate => Article::SECOND_ILLEGAL_MOVE,
            RefusalToContinue => Article::CR_WINS,
            FlagFall | FlagFallOpponentCannotMate => Article::FLAG_FALL,
            IllegalPositionOnBoard => Article::ILLEGAL_POSITION_STANDS,
            AdjudicationRequired | Adjudicated => Article::CR_PLAY_OUT,
            ReportedResult | ResultNotRecorded | Unfinished => Article::CR_REPORTED_RESULT,
            ElectronicDevice => Article::CR_ELECTRONIC_DEVICE,
            Cheating => Article::CR_CHEATING,
            LeftTheRound => Article::CR_WINS,
            CoercedDeclarationVoid => Article::CR_COERCION,
        }
    }

    /// True for the endings the Laws apply without a claim (5.1.1, 5.2.1, 5.2.2, 9.6).
    pub fn is_automatic(self) -> bool {
        matches!(
            self,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::InsufficientMaterial
                | Reason::DeadPosition
                | Reason::FivefoldRepetition
                | Reason::SeventyFiveMoves
        )
    }

    /// The snake_case name.
    pub fn code(self) -> &'static str {
        use Reason::*;
        match self {
            Checkmate => "checkmate",
            Stalemate => "stalemate",
            InsufficientMaterial => "insufficient_material",
            DeadPosition => "dead_position",
            FivefoldRepetition => "fivefold_repetition",
            SeventyFiveMoves => "seventyfive_moves",
            ThreefoldRepetitionClaim => "threefold_repetition_claim",
            FiftyMovesClaim => "fifty_moves_claim",
            DrawAgreement => "draw_agreement",
            Resignation => "resignation",
            ResignationOpponentCannotMate => "resignation_opponent_cannot_mate",
            TwoIllegalMoves => "two_illegal_moves",
            TwoIllegalMovesOpponentCannotMate => "two_illegal_moves_opponent_cannot_mate",
            RefusalToContinue => "refusal_to_continue",
            FlagFall => "flag_fall",
            FlagFallOpponentCannotMate => "flag_fall_opponent_cannot_mate",
            IllegalPositionOnBoard => "illegal_position_on_board",
            AdjudicationRequired => "adjudication_required",
            Adjudicated => "adjudicated",
            ReportedResult => "reported_result",
            ResultNotRecorded => "result_not_recorded",
            Unfinished => "unfinished",
            ElectronicDevice => "electronic_device",
            Cheating => "cheating",
            LeftTheRound => "left_the_round",
            CoercedDeclarationVoid => "coerced_declaration_void",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The kind of an illegal act: one of the Laws' kinds ([`IllegalMove`]) or an act outside a
/// move's own rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum ActKind {
    /// A move that breaks Art. 3 (or CR 3.1), classified by [`crate::laws::illegal::classify`]
    /// or by the board reader.
    Move(IllegalMove),
    /// Something else.
    Other(OtherAct),
}

/// Illegal acts that are not a piece's movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OtherAct {
    /// A null move, `0000` / `--` (Laws 1.2: players move alternately; 7.5.3 clock pressed
    /// without a move).
    NullMove,
    /// A move after checkmate ended the game (Laws 5.1.1).
    MoveAfterCheckmate,
    /// Counted two-handed moves reaching the threshold (CR 3.7) or one under Laws 7.5.4.
    TwoHandedMoves,
}

impl ActKind {
    /// The rule the act breaks.
    pub fn article(self) -> Article {
        match self {
            ActKind::Move(k) => k.article(),
            ActKind::Other(OtherAct::NullMove) => Article::MOVING_ALTERNATELY,
            ActKind::Other(OtherAct::MoveAfterCheckmate) => Article::CHECKMATE,
            ActKind::Other(OtherAct::TwoHandedMoves) => Article::CR_TWO_HANDED_MOVES,
        }
    }

    /// The snake_case name.
    pub fn code(self) -> String {
        match self {
            ActKind::Move(k) => k.code(),
            ActKind::Other(o) => serde_json::to_value(o)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
        }
    }
}

/// Whether an illegal act counted, and why (CR 3.4–3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Counted: noticed by the arbiter (CR 3.4).
    CountedNoticed,
    /// Counted: claimed by the opponent before his reply (CR 3.4–3.5).
    CountedClaimed,
    /// Not counted: the opponent replied before any claim or notice; played on (CR 3.5).
    PlayedOn,
    /// Not counted: taken back by agreement (CR 3.6).
    TakenBack,
    /// Not counted: the log ended (or the game ended) before anyone noticed it.
    NotNoticed,
    /// Not counted: the game was already over.
    AfterGameEnd,
}

impl Status {
    /// True for the counted states.
    pub fn counted(self) -> bool {
        matches!(self, Status::CountedNoticed | Status::CountedClaimed)
    }
}

/// One illegal act in the verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IllegalAct {
    /// 1-based ply number the act was made as (the move it tried to be).
    pub ply: u32,
    /// 0-based index of the event in the log (for PGN, the index of the move in the mainline).
    pub event_index: usize,
    /// Who made it.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
    /// The move as written (UCI or SAN), or the board act's squares.
    #[serde(rename = "move")]
    pub notation: String,
    /// What kind of illegal act (snake_case code).
    pub kind: ActKind,
    /// The rule it breaks.
    pub article: Article,
    /// Counted or not (and why).
    pub status: Status,
    /// Convenience: `status` is a counted state.
    pub counted: bool,
}

/// Two-handed moves of one player (CR 3.7, Laws 7.5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TwoHanded {
    /// Two-handed moves in the log.
    pub observed: u32,
    /// Of those, noticed by the arbiter or claimed before the reply.
    pub counted: u32,
}

/// A claim and how it was decided.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimRecord {
    /// 0-based event index.
    pub event_index: usize,
    /// Plies played when the claim was made.
    pub ply: u32,
    /// The claimant.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
    /// What was claimed.
    pub claim: ClaimKind,
    /// The intended move, if one was declared.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub intended: Option<String>,
    /// Whether the claim was correct.
    pub correct: bool,
    /// The rule applied.
    pub article: Article,
    /// Why, in words (English).
    pub explanation: String,
    /// `explanation` as data (`{code, args}`), for text in any language.
    pub explanation_note: crate::i18n::Note,
}

/// Where the result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportSource {
    /// The PGN `Result` tag (or the movetext's termination marker when the tag is missing).
    Pgn,
    /// The players' report (CR 4.2).
    Players,
}

/// A disagreement between the reported result and the board (CR 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Discrepancy {
    /// The game ended by rule (mate, stalemate, dead position, fivefold, 75 moves, a claim, two
    /// illegal moves…) with another result than the one reported.
    ResultContradictsEnding,
    /// `*` (unfinished) reported for a game that ended by rule.
    UnfinishedResultOnFinishedGame,
    /// Moves were recorded after the game had ended by rule.
    MovesAfterGameEnd,
    /// The players report checkmate (or stalemate) and the position is not one.
    ReportedEndingNotOnBoard,
    /// The final position the players show differs from the judged board.
    ShownPositionDiffers,
    /// A win is reported for a player who cannot checkmate by any series of legal moves: a
    /// resignation or flag fall would be a draw (Laws 5.1.2, 6.9).
    WinnerCannotMate,
    /// The record contains an illegal move.
    IllegalMoveInRecord,
    /// The record contains a move that cannot be read unambiguously (judging stopped there).
    UnreadableMoveInRecord,
    /// The `Result` tag and the movetext's termination marker differ (PGN standard 8.1.1.7).
    ResultTagContradictsMovetext,
    /// The board's record has a gap whose plies cannot be known: the final position is not
    /// certain, so the result cannot be checked against it.
    GapInRecord,
}

impl Discrepancy {
    /// The JSON name (`result_contradicts_ending`, …).
    pub fn code(self) -> &'static str {
        match self {
            Discrepancy::ResultContradictsEnding => "result_contradicts_ending",
            Discrepancy::UnfinishedResultOnFinishedGame => "unfinished_result_on_finished_game",
            Discrepancy::MovesAfterGameEnd => "moves_after_game_end",
            Discrepancy::ReportedEndingNotOnBoard => "reported_ending_not_on_board",
            Discrepancy::ShownPositionDiffers => "shown_position_differs",
            Discrepancy::WinnerCannotMate => "winner_cannot_mate",
            Discrepancy::IllegalMoveInRecord => "illegal_move_in_record",
            Discrepancy::UnreadableMoveInRecord => "unreadable_move_in_record",
            Discrepancy::ResultTagContradictsMovetext => "result_tag_contradicts_movetext",
            Discrepancy::GapInRecord => "gap_in_record",
        }
    }

    /// The phrase in `lang` (Fluent `disc-<code>`); English is [`Discrepancy::describe`].
    pub fn text(self, lang: crate::i18n::Lang) -> String {
        discrepancy_text(self.code(), lang)
    }

    /// A short phrase for people, e.g. "moves recorded after the game ended"; the JSON keeps
    /// the snake_case name.
    pub fn describe(self) -> &'static str {
        match self {
            Discrepancy::ResultContradictsEnding => "the game ended by rule with another result",
            Discrepancy::UnfinishedResultOnFinishedGame => "`*` reported for a finished game",
            Discrepancy::MovesAfterGameEnd => "moves recorded after the game ended",
            Discrepancy::ReportedEndingNotOnBoard => "the reported ending is not on the board",
            Discrepancy::ShownPositionDiffers => "the position shown differs from the board",
            Discrepancy::WinnerCannotMate => "the winner cannot checkmate by any legal moves",
            Discrepancy::IllegalMoveInRecord => "the record holds an illegal move",
            Discrepancy::UnreadableMoveInRecord => "the record holds an unreadable move",
            Discrepancy::ResultTagContradictsMovetext => {
                "the Result tag contradicts the end of the moves"
            }
            Discrepancy::GapInRecord => {
                "the board's record has a gap: the final position is not certain"
            }
        }
    }
}

/// A discrepancy's phrase in `lang` from its JSON name (`illegal_move_in_record` → "the record
/// holds an illegal move"), for a verdict read back from JSON; an unknown name is given as it
/// is.
pub fn discrepancy_text(code: &str, lang: crate::i18n::Lang) -> String {
    lang.try_fmt(&format!("disc-{code}"), &[])
        .unwrap_or_else(|_| code.to_string())
}

/// "1 ply", "2 plies": a count with its noun in the right number, for text output.
pub fn count_of(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The reported result checked against the final position (CR 4.2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportCheck {
    /// The reported result.
    pub result: GameResult,
    /// Who reported it.
    pub source: ReportSource,
    /// The reason the players gave, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// True when there is no discrepancy.
    pub agrees: bool,
    /// What disagrees.
    pub discrepancies: Vec<Discrepancy>,
}

/// A move recorded after the game had ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AfterEnd {
    /// 0-based event index (for PGN, the mainline move index).
    pub event_index: usize,
    /// The move as written.
    #[serde(rename = "move")]
    pub notation: String,
}

/// Players and event, from the header or PGN tags.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GameInfo {
    /// White player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// White's starting rank in the event, from the event log's header.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_start_rank: Option<u16>,
    /// Black's starting rank in the event, from the event log's header.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_start_rank: Option<u16>,
    /// Event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// Board number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// One line of the per-event trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceEntry {
    /// 0-based event index.
    pub event_index: usize,
    /// Plies played after the event.
    pub ply: u32,
    /// The event, briefly (`move e2e4`, `claim threefold by black`…).
    pub event: String,
    /// What the judge decided.
    pub decision: String,
    /// The rule applied, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<Article>,
    /// `event` as data (`{code, args}`), for text in any language.
    pub event_note: crate::i18n::Note,
    /// `decision` as data (`{code, args}`), for text in any language.
    pub decision_note: crate::i18n::Note,
}

/// The verdict on one game. See docs/formats/verdict-json.md.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    /// `1-0`, `0-1`, `1/2-1/2`, `0-0` or `*`.
    pub result: GameResult,
    /// Why (snake_case).
    pub reason: Reason,
    /// The rule behind `reason` (`None` while the game is unfinished).
    pub article: Option<Article>,
    /// Plies completed when the game ended by rule or event (None while unfinished).
    pub ended_at_ply: Option<u32>,
    /// Plies played on the board (legal moves and played-on illegal ones; cancelled moves and
    /// moves after the end excluded).
    pub plies: u32,
    /// The final position (FEN; serialised as its text, written out only when asked for, as
    /// a replay's summary never needs it). For an irregular position, the placement with the
    /// side to move and cleared castling/en-passant fields.
    #[serde(serialize_with = "serialize_display")]
    pub final_fen: Fen,
    /// True when the board is not a legal position (an illegal move was played on).
    pub irregular_position: bool,
    /// Every illegal act, in order.
    pub illegal_moves: Vec<IllegalAct>,
    /// Counted illegal moves per player (two-handed moves converted per the rules included).
    #[serde(with = "crate::laws::serde_color::by_color")]
    pub illegal_move_counts: ByColor<u32>,
    /// Two-handed moves per player.
    #[serde(with = "crate::laws::serde_color::by_color")]
    pub two_handed: ByColor<TwoHanded>,
    /// Claims and their decisions.
    pub claims: Vec<ClaimRecord>,
    /// Moves recorded after the game had ended (not play).
    pub moves_after_end: Vec<AfterEnd>,
    /// Defects of the written record (ambiguous or inexact SAN).
    pub record_problems: Vec<RecordProblem>,
    /// Moves not judged because an earlier move could not be read (see `record_problems`).
    pub moves_not_judged: u32,
    /// The reported result checked against the board (CR 4.2), if a result was reported.
    pub reported: Option<ReportCheck>,
    /// Players and event.
    pub game: GameInfo,
    /// The rules applied.
    pub rules: CompetitionRules,
    /// Moves replaced or reported under touch-move (Laws 4.3–4.5, CR 3.8); left out when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub touch_move: Vec<TouchMoveFinding>,
    /// Conduct findings (CR 2.1, 2.2, 4.4); left out when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conduct: Vec<ConductFinding>,
    /// Declarations named under coercion (CR 4.6); left out when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub coercion: Vec<CoercionFinding>,
    /// The winnability check behind a flag fall, resignation or second illegal move (Laws
    /// 5.1.2, 6.9, 7.5.5), with the mating line when there is one; left out when none was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate_check: Option<MateCheck>,
    /// Per-event trace, when requested.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<TraceEntry>>,
    /// The repetition history up to the final position (Laws 9.2.3 identity; not in JSON),
    /// for adjudicating that position at play-out expiry (`Adjudicator::adjudicate_game`).
    #[serde(skip)]
    pub repetition_history: crate::laws::draw::RepetitionHistory,
}

impl Verdict {
    /// The first illegal act in the record, counted or not, including a move after mate.
    pub fn first_illegal(&self) -> Option<&IllegalAct> {
        self.illegal_moves.first()
    }
}

impl fmt::Display for Verdict {
    /// A short report for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let white = self.game.white.as_deref().unwrap_or("White");
        let black = self.game.black.as_deref().unwrap_or("Black");
        match self.article {
            Some(a) => writeln!(
                f,
                "{white} - {black}: {} ({}, {a}) after {}",
                self.result,
                self.reason,
                count_of(self.plies as usize, "ply", "plies")
            )?,
            None => writeln!(
                f,
                "{white} - {black}: {} ({}) after {}",
                self.result,
                self.reason,
                count_of(self.plies as usize, "ply", "plies")
            )?,
        }
        for act in &self.illegal_moves {
            writeln!(
                f,
                "  illegal move at ply {} by {}: {} — {} ({}), {}",
                act.ply,
                act.side,
                act.notation,
                act.kind.code(),
                act.article,
                serde_json::to_value(act.status)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default()
            )?;
        }
        for side in [Color::White, Color::Black] {
            let th = self.two_handed.get(side);
            if th.observed > 0 {
                writeln!(
                    f,
                    "  two-handed moves by {}: {} observed, {} counted",
                    side, th.observed, th.counted
                )?;
            }
        }
        for c in &self.claims {
            writeln!(
                f,
                "  claim by {} ({}): {} — {} ({})",
                c.by,
                serde_json::to_value(c.claim)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                if c.correct { "correct" } else { "incorrect" },
                c.explanation,
                c.article
            )?;
        }
        for line in self.finding_lines(crate::i18n::Lang::En) {
            writeln!(f, "{line}")?;
        }
        if !self.moves_after_end.is_empty() {
            writeln!(
                f,
                "  {} recorded after the end",
                count_of(self.moves_after_end.len(), "move", "moves")
            )?;
        }
        if let Some(r) = &self.reported {
            if r.agrees {
                writeln!(f, "  reported result {} agrees with the board", r.result)?;
            } else {
                let why: Vec<&str> = r.discrepancies.iter().map(|d| d.describe()).collect();
                writeln!(
                    f,
                    "  reported result {} DISAGREES ({}): {}",
                    r.result,
                    Article::CR_REPORTED_RESULT,
                    why.join("; ")
                )?;
            }
        }
        f.write_str(&self.record_problem_lines(crate::i18n::Lang::En))?;
        if self.irregular_position {
            writeln!(f, "  the board holds an irregular position")?;
        }
        write!(f, "  final position: {}", self.final_fen)?;
        if let Some(trace) = &self.trace {
            for t in trace {
                write!(
                    f,
                    "\n    [{}] ply {}: {} -> {}",
                    t.event_index, t.ply, t.event, t.decision
                )?;
                if let Some(a) = t.article {
                    write!(f, " ({a})")?;
                }
            }
        }
        Ok(())
    }
}

/// Serialises a value as its text (`Display`), e.g. a [`Fen`] as the FEN string.
fn serialize_display<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}
