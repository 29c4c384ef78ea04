//! The event log: what happens at one board, in order (the judge's input). Serialised as JSON Lines,
//! one event per line, each an object with a `"type"` key (see docs/formats/event-log.md).
//!
//! ```text
//! {"type":"header","white":"Ann","black":"Bob","round":"1","board":"3","rules":"detsky-mat"}
//! {"type":"move","uci":"e2e4"}
//! {"type":"move","san":"e5","hands":2}
//! {"type":"notice","notice":"two_handed"}
//! {"type":"move","uci":"f1f3"}
//! {"type":"claim","by":"black","claim":"illegal_move"}
//! {"type":"illegal_act","side":"white","kind":"piece_added","squares":["d4"],"board":"rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPPP1PPP/RNBQKBNR"}
//! {"type":"take_back"}
//! {"type":"resign","by":"white"}
//! ```
//!
//! Board-level illegal acts (helper `board`): a digital board sees placements, not moves. An
//! act it has already classified — a piece added or removed, two pieces moved, castling left
//! incomplete — is an [`Event::IllegalAct`] with its [`IllegalMove`] kind, the side that did
//! it, the squares involved, and optionally the placement after it (`board`, the first field
//! of a FEN), which the judge puts on the board if the act is played on. A take-back by
//! agreement (CR 3.6) is [`Event::TakeBack`]: the board goes back to the position before the
//! last act.
//!

use serde::{Deserialize, Serialize};
use shakmaty::{Color, Square};

use crate::laws::illegal::IllegalMove;

/// One event at the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Starts a game: players, event, start position, rules. Must come before the game's
    /// first move; a header after moves starts a new game.
    Header(Header),
    /// A move completed on the board (CR 3.2, 3.9), legal or not.
    Move(MoveEvent),
    /// A board-level illegal act already classified (CR 3.1: a piece added or removed, two
    /// pieces moved, castling or promotion left incomplete).
    IllegalAct(IllegalActEvent),
    /// A claim by a player.
    Claim(ClaimEvent),
    /// The arbiter's own notice about the last move (CR 3.4, 3.7).
    Notice(NoticeEvent),
    /// The players take the last act back by agreement (CR 3.6): the board is put back, nothing
    /// is counted.
    TakeBack(TakeBackEvent),
    /// A draw offer (Laws 9.1.2, CR 4.6): stands until the opponent accepts or rejects it
    /// (touching a piece to move rejects it) or the game ends otherwise.
    DrawOffer(ByPlayer),
    /// The opponent accepts the standing draw offer (Laws 5.2.3).
    DrawAccept(ByPlayer),
    /// The opponent rejects the standing draw offer.
    DrawReject(ByPlayer),
    /// A player resigns (Laws 5.1.2); cannot be withdrawn (CR 4.6).
    Resign(ByPlayer),
    /// A player refuses the arbiter's request to continue; the third refusal loses (CR 4.4).
    Refusal(ByPlayer),
    /// A player's time ran out (Laws 6.9); the event has no clocks, but a sandglass or clock
    /// flag can still fall.
    FlagFall(FlagFallEvent),
    /// The players report the result and show the final position (CR 4.2).
    Result(ResultEvent),
    /// The play-out time ran out with the game unfinished (CR 4.3): adjudication required.
    PlayoutExpired(PlayoutExpiredEvent),
    /// A player touches a piece (Laws 4.2–4.3, CR 3.8); only the player on move's touches
    /// count, and `adjust` ("j'adoube" announced first, Laws 4.2.1) is no touch-move.
    Touch(TouchEvent),
    /// The arbiter records a player's conduct (CR 2.1, 2.2, 4.4): that player loses.
    Conduct(ConductEvent),
    /// The arbiter finds that the declaration at `event_index` (a resignation, draw offer or
    /// acceptance, or refusal) was made under coercion: it is void (CR 4.6).
    Coercion(CoercionEvent),
    /// The board's record of the game has a gap: an e-board's link was down (or its reading
    /// could not be followed) while plies were played. Recovered, the plies follow as moves;
    /// otherwise the game goes on from the position the board showed after the gap.
    Gap(GapEvent),
}

/// A touched piece (Laws 4.2–4.3, CR 3.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TouchEvent {
    /// Who touched it.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
    /// The square of the piece touched, e.g. `"g1"`.
    #[serde(with = "square")]
    pub square: Square,
    /// `true`: the player announced "j'adoube" first (Laws 4.2.1), so the touch binds to
    /// nothing. Default `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adjust: bool,
    /// `true`: a digital board saw the piece lifted (the board reader's touch). A board cannot
    /// hear "j'adoube" (Laws 4.2.1), so the verdict says the board shows a lift. Default
    /// `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lifted: bool,
}

/// What the arbiter recorded about a player's conduct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConductKind {
    /// An electronic device used at the board (CR 2.1).
    Device,
    /// A clear and proven cheating incident (CR 2.2).
    Cheating,
    /// The player left the round (CR 4.4).
    Left,
}

/// A conduct finding by the arbiter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConductEvent {
    /// The player concerned.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
    /// What happened.
    pub kind: ConductKind,
}

/// A declaration found to be made under coercion (CR 4.6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoercionEvent {
    /// 0-based index of the declaration in the game's events (as the verdict's `event_index`,
    /// the header counting as event 0 when present).
    pub event_index: usize,
}

/// Game header. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// White player's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black player's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// White player's starting rank in the event (C.04.2, the start list's number); when
    /// given, a tournament matches the verdict to the board's White by it, whatever the name's
    /// spelling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_start_rank: Option<u16>,
    /// Black player's starting rank, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_start_rank: Option<u16>,
    /// Event name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Round, as written by the organisers (e.g. `"3"`, `"3.1"`); a JSON number (`3`) is read
    /// as its text.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "text_or_number"
    )]
    pub round: Option<String>,
    /// Board number, as written (e.g. `"12"`); a JSON number (`12`) is read as its text.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "text_or_number"
    )]
    pub board: Option<String>,
    /// Start position as FEN; the standard start position when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Rule preset name (`detsky-mat` or `fide`); a `--rules` flag overrides it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// A header field given as a string or a number (`"round": 3` or `"round": "3"`).
fn text_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged, expecting = "expected a string or a number")]
    enum TextOrNumber {
        Text(String),
        Number(serde_json::Number),
    }
    Ok(Option::<TextOrNumber>::deserialize(d)?.map(|v| match v {
        TextOrNumber::Text(t) => t,
        TextOrNumber::Number(n) => n.to_string(),
    }))
}

/// A move as completed on the board. Exactly one of `uci` and `san` is given.
///
/// `uci` can represent any physical move, legal or not: from-square, to-square and the piece
/// put on the last rank (`e7e8q`); castling is the king's move (`e1g1`) or king onto rook
/// (`e1h1`); `0000` is a null move (clock pressed without a move, Laws 7.5.3). `san` can only
/// name an illegal move when its piece can be identified.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveEvent {
    /// The move in UCI notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// The move in SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// Who moved, when it is not the player on move (CR 3.1: moving out of turn, Black moving
    /// first). Defaults to the player on move.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::laws::serde_color::option_color"
    )]
    pub side: Option<Color>,
    /// Hands used: `2` is a two-handed move (Laws 4.1, CR 3.7). It counts only when the arbiter
    /// notices it or the opponent claims it before his reply. Default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<u8>,
}

/// A board-level illegal act already classified by the board reader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IllegalActEvent {
    /// Who did it.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
    /// What it was, e.g. `piece_added`, `piece_removed`, `two_pieces_moved`,
    /// `incomplete_castling` (any [`IllegalMove`] code).
    pub kind: IllegalMove,
    /// The squares involved, e.g. `["d4"]`, or `["e1","g1"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "squares")]
    pub squares: Vec<Square>,
    /// The placement after the act (FEN board field). When the act is played on, the judge
    /// continues from it with the opponent on move; when absent the board is taken as unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// What a claim is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The opponent's last move was illegal (CR 3.4–3.5): claimed before one's own reply.
    IllegalMove,
    /// The opponent's last move was made with two hands (CR 3.7).
    TwoHanded,
    /// Threefold repetition (Laws 9.2): by the player on move, now (9.2.2) or with the move he
    /// intends to play (`move`, 9.2.1).
    Threefold,
    /// Fifty moves (Laws 9.3): by the player on move, now (9.3.2) or with an intended move
    /// (`move`, 9.3.1).
    FiftyMoves,
    /// Touch-move (Laws 4.3–4.5, CR 3.8): the opponent did not move (or capture) the piece he
    /// touched first. Lost once the claimant touches a piece to move it (Laws 4.8).
    TouchMove,
}

/// A claim by a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimEvent {
    /// The claimant.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
    /// What is claimed.
    pub claim: ClaimKind,
    /// For a draw claim: the intended move (UCI or SAN), written down before the claim and then
    /// binding (Laws 9.2.1, 9.3.1, 9.5.3): played if the claim is wrong.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub intended: Option<String>,
}

/// What the arbiter noticed about the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// The last move was illegal (CR 3.4).
    IllegalMove,
    /// The last move was made with two hands (CR 3.7, Laws 7.5.4).
    TwoHanded,
}

/// The arbiter's own notice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoticeEvent {
    /// What was noticed.
    pub notice: NoticeKind,
}

/// A gap in a board's record ([`Event::Gap`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GapEvent {
    /// Plies the board did not show (the length of the sequences found; 0 when none was).
    pub plies: u32,
    /// The legal sequences of that length leading to the board after the gap: 1 when the
    /// plies were recovered (they follow as `move` events), more when the first of them
    /// follows and the others are as likely, 0 when none of at most 8 plies leads there.
    pub sequences: u32,
    /// With `sequences` 0: the position the game goes on from (FEN), the board after the gap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The plies found, in UCI, each sequence one string (`"e2e4 e7e5"`), at most two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<String>,
}

/// Take-back by agreement; no fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeBackEvent {}

/// An event made by one player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByPlayer {
    /// The player.
    #[serde(with = "crate::laws::serde_color::color")]
    pub by: Color,
}

/// A flag fall.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagFallEvent {
    /// The player whose time ran out.
    #[serde(with = "crate::laws::serde_color::color")]
    pub side: Color,
}

/// The result the players report (CR 4.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultEvent {
    /// `1-0`, `0-1`, `1/2-1/2`, or `0-0` (not recorded / disputed, CR 4.2).
    pub result: String,
    /// The reason they give, e.g. `checkmate`, `stalemate`, `resignation`, `agreement`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The final position they show (FEN, or only its board field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

/// Play-out expiry; no fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayoutExpiredEvent {}

mod square {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Square;

    pub fn serialize<S: Serializer>(v: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let name = String::deserialize(d)?;
        name.parse::<Square>()
            .map_err(|_| D::Error::custom(format!("invalid square {name:?}")))
    }
}

mod squares {
    use serde::{Deserialize, Deserializer, Serializer, de::Error, ser::SerializeSeq};
    use shakmaty::Square;

    pub fn serialize<S: Serializer>(v: &[Square], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(v.len()))?;
        for sq in v {
            seq.serialize_element(&sq.to_string())?;
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| {
                n.parse::<Square>()
                    .map_err(|_| D::Error::custom(format!("invalid square {n:?}")))
            })
            .collect()
    }
}

/// One game's events with the 1-based line number of every event in its source (an event
/// log, or a board log turned into events), so that a finding can name its line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventLog {
    /// The events in order (a header first, when the log has one).
    pub events: Vec<Event>,
    /// `lines[i]` is the line of `events[i]`.
    pub lines: Vec<usize>,
}

/// The board's clocks at a line of a capture: both players' time left, in seconds (DGT clock
/// messages `0x8D`, LiveChess `clock.white` / `clock.black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTime {
    /// The 1-based line (or message number) of the capture where the clocks showed it.
    pub line: usize,
    /// White's time left, in seconds.
    pub white: u32,
    /// Black's time left, in seconds.
    pub black: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_from_json() {
        let e: Event = serde_json::from_str(r#"{"type":"move","uci":"e2e4","hands":2}"#).unwrap();
        assert_eq!(
            e,
            Event::Move(MoveEvent {
                uci: Some("e2e4".into()),
                hands: Some(2),
                ..Default::default()
            })
        );
        let e: Event = serde_json::from_str(
            r#"{"type":"illegal_act","side":"white","kind":"piece_added","squares":["d4"]}"#,
        )
        .unwrap();
        assert_eq!(
            e,
            Event::IllegalAct(IllegalActEvent {
                side: Color::White,
                kind: IllegalMove::PieceAdded,
                squares: vec![Square::D4],
                board: None
            })
        );
        let e: Event = serde_json::from_str(
            r#"{"type":"claim","by":"black","claim":"threefold","move":"g8f6"}"#,
        )
        .unwrap();
        assert!(matches!(
            e,
            Event::Claim(ClaimEvent {
                intended: Some(_),
                ..
            })
        ));
        assert!(serde_json::from_str::<Event>(r#"{"type":"move","uci":"e2e4","x":1}"#).is_err());
        assert!(serde_json::from_str::<Event>(r#"{"type":"castle"}"#).is_err());
    }
}
