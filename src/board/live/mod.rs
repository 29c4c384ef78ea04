//! What `arbiter board watch` and `arbiter board record` report as a live board plays: one
//! [`LiveEvent`] a line, as JSON (`{"type": "move", …}`) or as text in the event's language
//! ([`LiveEvent::note`]); and the judge that follows the board ([`LiveJudge`]).

mod judge;

pub use judge::LiveJudge;

use serde::Serialize;

use crate::i18n::Note;

use super::link::{BoardId, LinkError, LinkEvent};

/// One thing the operator is told while a board is followed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum LiveEvent {
    /// The board answered when the link was opened.
    Connected {
        /// The board.
        #[serde(flatten)]
        board: BoardId,
    },
    /// The link dropped: the board or LiveChess is gone; the link tries again.
    Disconnected {
        /// Milliseconds since the link was opened.
        t_ms: u64,
        /// Why, in the system's or LiveChess's words.
        reason: String,
        /// The number of the next attempt.
        attempt: u32,
        /// The attempts allowed.
        attempts: u32,
        /// The wait before the next attempt, in milliseconds.
        retry_in_ms: u64,
        /// The longest wait between two attempts, in milliseconds.
        retry_max_ms: u64,
    },
    /// The board answers again after a drop; the game goes on from where it was.
    Reconnected {
        /// The board.
        #[serde(flatten)]
        board: BoardId,
    },
    /// Every attempt to reconnect failed: the link is closed.
    GaveUp {
        /// Milliseconds since the link was opened.
        t_ms: u64,
        /// The last attempt's error.
        reason: String,
        /// The attempts made.
        attempts: u32,
    },
    /// A legal move completed on the board (Laws 3, 6.2.1: by the clock press, or once the
    /// placement stands).
    Move {
        /// The capture's line that completed it (`arbiter judge` on the recording names the
        /// same line).
        line: usize,
        /// Plies played, this move included.
        ply: u32,
        /// The mover, `white` or `black`.
        side: &'static str,
        /// The move in SAN.
        san: String,
        /// The move in UCI (castling as the king's two-square move).
        uci: String,
    },
    /// The move reported at `ply` was the hand still moving (a rook put on its square in
    /// castling rook first, a piece slid over squares): it is `san` instead (`None`: no move
    /// yet), and the moves after it, if any, follow as [`LiveEvent::Move`].
    Revised {
        /// The capture's line.
        line: usize,
        /// The ply of the move replaced.
        ply: u32,
        /// The mover, `white` or `black`.
        side: &'static str,
        /// The move now read there, SAN; `None` when the move is still being made.
        #[serde(skip_serializing_if = "Option::is_none")]
        san: Option<String>,
        /// The same in UCI.
        #[serde(skip_serializing_if = "Option::is_none")]
        uci: Option<String>,
    },
    /// An illegal act (Laws 3, 7.5; CR 3.1–3.7): its kind and the rule it breaks. Whether it
    /// counts is decided later (a claim, the arbiter's notice, the reply: CR 3.4–3.5).
    IllegalAct {
        /// The capture's line.
        line: usize,
        /// The ply it was made as.
        ply: u32,
        /// Who made it.
        side: &'static str,
        /// Its kind (snake_case code, as in the verdict).
        kind: String,
        /// The rule it breaks (`Laws 3.6`, `CR 3.1`).
        article: String,
        /// The move as the hand made it (UCI), or the squares of a board act.
        #[serde(rename = "move")]
        notation: String,
    },
    /// The player on move lifted one of his pieces: a touched piece (Laws 4.3). A board cannot
    /// hear "j'adoube" (Laws 4.2.1): it shows a lift.
    Touch {
        /// The capture's line.
        line: usize,
        /// Who lifted it.
        side: &'static str,
        /// The piece's square.
        square: String,
    },
    /// The players show a result with both kings on the centre squares (the DGT and LiveChess
    /// convention), checked against the board (CR 4.2).
    ResultSignal {
        /// The capture's line.
        line: usize,
        /// The result shown (`1-0`, `0-1`, `1/2-1/2`).
        result: String,
        /// Whether it agrees with the position (CR 4.2), when the judge could tell.
        #[serde(skip_serializing_if = "Option::is_none")]
        agrees: Option<bool>,
    },
    /// The game is over: by a rule of the Laws as soon as the position shows it (checkmate,
    /// stalemate, dead position…), or by the competition rules (a second counted illegal move,
    /// CR 3.3).
    Ending {
        /// The capture's line.
        line: usize,
        /// Plies played when it ended.
        ply: u32,
        /// `1-0`, `0-1`, `1/2-1/2`.
        result: &'static str,
        /// Why (snake_case, as in the verdict).
        reason: &'static str,
        /// The rule.
        #[serde(skip_serializing_if = "Option::is_none")]
        article: Option<String>,
    },
    /// The board's link was down and plies were played meanwhile (a gap): `plies` found by a
    /// bounded search of legal sequences leading to the board after it. One sequence: the
    /// plies are recovered (they follow as [`LiveEvent::Move`]); several: the first follows
    /// and the others are as likely; none (`plies` 0): the game goes on from the board as it
    /// stands. Never a player's act.
    Gap {
        /// The capture's line.
        line: usize,
        /// Plies played before the gap.
        ply: u32,
        /// Plies the board did not show (the length of the sequences found; 0 when none).
        plies: u32,
        /// How many legal sequences of that length lead to the board (at most 2 counted).
        sequences: u32,
        /// The sequences, UCI each (at most two).
        found: Vec<String>,
    },
    /// Part of the board's output could not be read (a corrupt message or frame); reading goes
    /// on with the next.
    Unreadable {
        /// The capture's line.
        line: usize,
        /// Why.
        reason: String,
    },
}

impl LiveEvent {
    /// The report of a link's change of state (`None` for a message or frame, which the
    /// judge reads instead).
    pub fn of_link(event: &LinkEvent) -> Option<LiveEvent> {
        Some(match event {
            LinkEvent::Connected {
                board,
                reconnected: false,
            } => LiveEvent::Connected {
                board: board.clone(),
            },
            LinkEvent::Connected {
                board,
                reconnected: true,
            } => LiveEvent::Reconnected {
                board: board.clone(),
            },
            LinkEvent::Disconnected {
                t_ms,
                reason,
                attempt,
                attempts,
                retry_in,
                retry_max,
            } => LiveEvent::Disconnected {
                t_ms: *t_ms,
                reason: reason.clone(),
                attempt: *attempt,
                attempts: *attempts,
                retry_in_ms: u64::try_from(retry_in.as_millis()).unwrap_or(u64::MAX),
                retry_max_ms: u64::try_from(retry_max.as_millis()).unwrap_or(u64::MAX),
            },
            LinkEvent::GaveUp {
                t_ms,
                reason,
                attempts,
            } => LiveEvent::GaveUp {
                t_ms: *t_ms,
                reason: reason.clone(),
                attempts: *attempts,
            },
            LinkEvent::Dgt { .. } | LinkEvent::Frame { .. } => return None,
        })
    }

    /// The event for people, in any language (`live-*` messages).
    pub fn note(&self) -> Note {
        match self {
            LiveEvent::Connected { board } => board_note("live-connected", board),
            LiveEvent::Reconnected { board } => board_note("live-reconnected", board),
            LiveEvent::Disconnected {
                reason,
                attempt,
                attempts,
                retry_in_ms,
                retry_max_ms,
                ..
            } => Note::new(if *attempts == u32::MAX {
                "live-disconnected-retrying"
            } else {
                "live-disconnected"
            })
            .note("reason", crate::board::link::reason_note(reason))
            .arg("attempt", attempt)
            .arg("attempts", attempts)
            .arg("seconds", seconds(*retry_in_ms))
            .arg("max", seconds(*retry_max_ms)),
            LiveEvent::GaveUp {
                reason, attempts, ..
            } => Note::new("live-gave-up")
                .note("reason", crate::board::link::reason_note(reason))
                .arg("attempts", attempts),
            LiveEvent::Move {
                ply,
                side,
                san,
                uci,
                ..
            } => Note::new("live-move")
                .arg("number", ply.div_ceil(2))
                .arg("side", side)
                .arg("san", san)
                .arg("uci", uci),
            LiveEvent::Revised {
                ply,
                side,
                san,
                uci,
                ..
            } => Note::new("live-revised")
                .arg("number", ply.div_ceil(2))
                .arg("side", side)
                .arg("san", san.as_deref().unwrap_or("-"))
                .arg("uci", uci.as_deref().unwrap_or("-")),
            LiveEvent::IllegalAct {
                ply,
                side,
                kind,
                article,
                notation,
                ..
            } => Note::new("live-illegal")
                .arg("number", ply.div_ceil(2))
                .term("side", "side", *side)
                .term("kind", "illegal", kind.clone())
                .note("article", article_note(article))
                .arg("move", notation),
            LiveEvent::Touch { side, square, .. } => Note::new("live-touch")
                .term("side", "side", *side)
                .arg("square", square),
            LiveEvent::ResultSignal { result, agrees, .. } => {
                Note::new("live-result-signal").arg("result", result).arg(
                    "agrees",
                    match agrees {
                        Some(true) => "yes",
                        Some(false) => "no",
                        None => "unknown",
                    },
                )
            }
            LiveEvent::Ending {
                ply,
                result,
                reason,
                article,
                ..
            } => Note::new("live-ending")
                .arg("result", result)
                .term("reason", "reason", *reason)
                .note(
                    "article",
                    article
                        .as_deref()
                        .map_or_else(|| Note::new("live-no-article"), article_note),
                )
                .arg("ply", ply),
            LiveEvent::Gap {
                plies,
                sequences,
                found,
                ..
            } => Note::new("live-gap")
                .arg(
                    "case",
                    match sequences {
                        0 => "none",
                        1 => "recovered",
                        _ => "several",
                    },
                )
                .arg("plies", plies)
                .arg("found", found.join(" | ")),
            LiveEvent::Unreadable { line, reason } => Note::new("live-unreadable")
                .arg("line", line)
                .arg("reason", reason),
        }
    }
}

/// The clock's times as the board (a DGT 3000 through the board's clock messages) or LiveChess
/// (its `clock`) last reported them; `None` where no clock is reported, or a clock that shows
/// nothing (both sides at 0:00 and stopped: a board without a clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LiveClock {
    /// White's time left, in seconds (rounded down).
    pub white_s: u32,
    /// Black's time left, in seconds.
    pub black_s: u32,
    /// Whether a clock runs (false: stopped).
    pub running: bool,
    /// The side marked, `white` or `black`: the one whose clock runs, or when stopped the side
    /// to move of the game as judged.
    pub on_move: &'static str,
}

impl LiveClock {
    /// A clock from the times reported; `None` for a clock showing nothing (both at 0 and
    /// stopped).
    pub fn of(
        white_s: u32,
        black_s: u32,
        running: Option<shakmaty::Color>,
        to_move: shakmaty::Color,
    ) -> Option<LiveClock> {
        if white_s == 0 && black_s == 0 && running.is_none() {
            return None;
        }
        Some(LiveClock {
            white_s,
            black_s,
            running: running.is_some(),
            on_move: crate::laws::serde_color::name(running.unwrap_or(to_move)),
        })
    }

    /// Seconds as DGT LiveChess shows a clock: `h:mm:ss` (`1:29:58`, `0:04:07`).
    pub fn shown(seconds: u32) -> String {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    }
}

/// An article as text in any language (`Laws 3.6` / `Правила 3.6`, `CR 3.1` / `ПС 3.1`), from
/// the form the events carry.
pub fn article_note(article: &str) -> Note {
    match crate::laws::article::fluent_id(article) {
        Some((code, n)) => Note::new(code).arg("n", n),
        None => Note::untranslated(article),
    }
}

/// A board's report: its serial number (`-` when it gave none), version and where it is.
fn board_note(code: &'static str, board: &BoardId) -> Note {
    Note::new(code)
        .arg("serial", board.serial.as_deref().unwrap_or("-"))
        .arg("version", board.version.as_deref().unwrap_or("-"))
        .arg("source", &board.source)
}

/// Milliseconds as seconds, one decimal when not whole (`0.5`, `2`).
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.1}", ms as f64 / 1000.0)
    }
}

impl LinkError {
    /// The error for people, in any language (`err-link-*` messages).
    pub fn note(&self) -> Note {
        match self {
            LinkError::Open { device, reason } => Note::new("err-link-open")
                .arg("device", device)
                .arg("reason", reason),
            LinkError::NoAnswer { device, timeout_ms } => Note::new("err-link-no-answer")
                .arg("device", device)
                .arg("ms", timeout_ms),
            LinkError::Connect { url, reason } => Note::new("err-link-connect")
                .arg("url", url)
                .arg("reason", reason),
            LinkError::Answer { url, call, answer } => Note::new("err-link-answer")
                .arg("url", url)
                .arg("call", call)
                .arg("answer", answer),
            LinkError::NoSuchBoard {
                url,
                wanted,
                serials,
            } => {
                let code = match (wanted, serials.len()) {
                    (_, 0) => "err-link-no-board",
                    (Some(_), _) => "err-link-no-such-board",
                    (None, _) => "err-link-several-boards",
                };
                Note::new(code)
                    .arg("url", url)
                    .arg("serial", wanted.as_deref().unwrap_or("-"))
                    .arg("serials", serials.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use std::time::Duration;

    #[test]
    fn a_drop_reads_as_json_and_in_both_languages() {
        let e = LiveEvent::of_link(&LinkEvent::Disconnected {
            t_ms: 12_000,
            reason: "Broken pipe".into(),
            attempt: 1,
            attempts: 20,
            retry_in: Duration::from_millis(500),
            retry_max: Duration::from_secs(5),
        })
        .unwrap();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"type": "disconnected", "t_ms": 12000, "reason": "Broken pipe",
                "attempt": 1, "attempts": 20, "retry_in_ms": 500, "retry_max_ms": 5000})
        );
        assert_eq!(
            e.note().text(Lang::En),
            "board disconnected (Broken pipe); reconnecting in 0.5 s, attempt 1 of 20"
        );
        assert_eq!(
            e.note().text(Lang::Ru),
            "связь с доской потеряна (связь оборвалась); новое подключение через 0.5 с, попытка 1 из 20"
        );
        // The room's links retry for as long as it runs, and say how often at least.
        let e = LiveEvent::of_link(&LinkEvent::Disconnected {
            t_ms: 200_000,
            reason: "Connection refused".into(),
            attempt: 40,
            attempts: u32::MAX,
            retry_in: Duration::from_secs(5),
            retry_max: Duration::from_secs(5),
        })
        .unwrap();
        assert_eq!(
            e.note().text(Lang::En),
            "board disconnected (Connection refused); reconnecting in 5 s (attempt 40; it keeps trying while the room runs, at least every 5 s)"
        );
        assert_eq!(
            e.note().text(Lang::Ru),
            "связь с доской потеряна (доска не принимает подключение); новая попытка через 5 с (попытка 40; попытки идут, пока работает зал, не реже раза в 5 с)"
        );
    }

    #[test]
    fn a_reconnected_board_says_which_board_it_is() {
        let board = BoardId {
            serial: Some("23946".into()),
            version: Some("1.07".into()),
            source: "/dev/ttyUSB0".into(),
        };
        let e = LiveEvent::of_link(&LinkEvent::Connected {
            board,
            reconnected: true,
        })
        .unwrap();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"type": "reconnected", "serial": "23946", "version": "1.07",
                "source": "/dev/ttyUSB0"})
        );
        assert_eq!(
            e.note().text(Lang::En),
            "board 23946 reconnected (/dev/ttyUSB0); the game goes on"
        );
    }
}
