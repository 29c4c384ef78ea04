//! The live room's bounds, so that a crowded hall or a hostile board cannot take the desk
//! down (docs/desk.md, "Threat model"):
//! - at most a number of e-boards followed (`--limit eboards=N`, default 1,000); LiveChess's
//!   boards past it are not followed, and the desk says so in the operator's language;
//! - a frame that repeats the board's last one (LiveChess sends the board again when only its
//!   time changed, or a board scans again) goes neither into the capture nor to the pages;
//! - a board that sends frames that are not positions gets one incident (the first such frame
//!   is judged as any other: an unreadable frame), the rest are left out and counted, said on
//!   standard error at most once a minute;
//! - a board's capture keeps at most the desk's `game` limit (16 MiB), what `arbiter judge`
//!   reads of one game; past it the desk says which board and which limit;
//! - a board's events go to the pages at most every [`BOARD_EVENT_MS`]: a board that changes
//!   faster is shown as it stands at the next tick, never lost.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::Value;

use crate::board::link::LinkEvent;
use crate::board::room::BoardKey;
use crate::formats::limits::size_text;
use crate::i18n::Lang;

/// The shortest time between two events of one board to the pages, in ms: four a second, as
/// fast as a hand moves pieces; a page shows the board within a quarter of a second.
pub(super) const BOARD_EVENT_MS: u64 = 250;

/// How often the unreadable frames left out of a board are said again, in ms.
const GARBAGE_REPORT_MS: u64 = 60_000;

/// The bounds and what is held against them (module docs).
#[derive(Debug)]
pub(super) struct Bounds {
    eboards: usize,
    capture: u64,
    lang: Lang,
    /// The e-boards followed.
    followed: Mutex<BTreeSet<String>>,
    /// The boards each source listed that are not followed (the limit reached).
    refused: Mutex<BTreeMap<String, usize>>,
    /// Each e-board's frames as [`Bounds::admit`] sees them.
    gates: Mutex<HashMap<String, Gate>>,
    /// Each e-board's events to the pages ([`Bounds::pace`]).
    paced: Mutex<HashMap<String, Paced>>,
    /// Bytes of each board's capture kept this run, and whether its limit
    /// was reached.
    captured: Mutex<HashMap<BoardKey, (u64, bool)>>,
    /// The boards whose capture reached its limit, each with its e-board.
    full: Mutex<BTreeMap<BoardKey, String>>,
}

/// What [`Bounds::admit`] keeps of one e-board.
#[derive(Debug, Default)]
struct Gate {
    /// The last feed frame's `param`, as text.
    last: Option<String>,
    /// Unreadable frames received.
    unreadable: u64,
    /// Unreadable frames left out since the last note.
    left_out: u64,
    /// When the last note was written (ms).
    noted_ms: Option<u64>,
}

/// One e-board's events to the pages.
#[derive(Debug, Default)]
struct Paced {
    /// When its last event went (ms).
    sent_ms: Option<u64>,
    /// An event held back, and whether it is a `reload`.
    held: Option<bool>,
    /// The board whose diagram went to the pages.
    drawn: Option<BoardKey>,
}

/// What a LiveChess frame is to the bounds.
#[derive(Debug, PartialEq)]
enum FrameKind {
    /// A feed frame: its `param` as text.
    Feed(String),
    /// Not JSON, not LiveChess's, or a `board` that is no placement.
    Unreadable,
    /// An answer to a call.
    Answer,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What frame `text` is ([`FrameKind`]).
fn frame_kind(text: &str) -> FrameKind {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return FrameKind::Unreadable;
    };
    match v.get("response").and_then(Value::as_str) {
        Some("feed") => {
            let Some(param) = v.get("param").filter(|p| p.is_object()) else {
                return FrameKind::Unreadable;
            };
            if let Some(board) = param.get("board") {
                let placement = board
                    .as_str()
                    .and_then(|b| b.split_whitespace().next())
                    .filter(|b| b.len() <= 100)
                    .and_then(|b| b.parse::<shakmaty::Board>().ok());
                if placement.is_none() {
                    return FrameKind::Unreadable;
                }
            }
            FrameKind::Feed(param.to_string())
        }
        Some(_) => FrameKind::Answer,
        None => FrameKind::Unreadable,
    }
}

impl Bounds {
    /// The language of the desk's notes to the operator (its `--lang`).
    pub(super) fn lang(&self) -> Lang {
        self.lang
    }

    /// At most `eboards` e-boards, `capture` bytes of a board's capture, notes in `lang`.
    pub(super) fn new(eboards: usize, capture: u64, lang: Lang) -> Bounds {
        Bounds {
            eboards,
            capture,
            lang,
            followed: Mutex::new(BTreeSet::new()),
            refused: Mutex::new(BTreeMap::new()),
            gates: Mutex::new(HashMap::new()),
            paced: Mutex::new(HashMap::new()),
            captured: Mutex::new(HashMap::new()),
            full: Mutex::new(BTreeMap::new()),
        }
    }

    /// The notes round `round`'s page of group `group` shows about its e-boards, in `lang` (what standard
    /// error says as it happens): each board whose e-board sent frames that are not positions
    /// after its first (how many were left out), each board whose capture reached its limit,
    /// and the e-boards not followed (the limit of e-boards reached). `on`: the round's boards
    /// with their e-board, `(board, serial)`.
    pub(super) fn notes(
        &self,
        group: usize,
        round: u32,
        on: &[(u32, String)],
        lang: Lang,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        let gates = lock(&self.gates);
        for (board, serial) in on {
            let left_out = gates
                .get(serial)
                .map_or(0, |g| g.unreadable.saturating_sub(1));
            if left_out > 0 {
                notes.push(lang.fmt(
                    "web-live-note-garbage",
                    &[
                        ("board", &board.to_string()),
                        ("serial", serial),
                        ("count", &left_out.to_string()),
                    ],
                ));
            }
        }
        drop(gates);
        let boards = BoardKey::new(group, round, 0)..=BoardKey::new(group, round, u32::MAX);
        for (at, serial) in lock(&self.full).range(boards) {
            notes.push(lang.fmt(
                "web-live-note-capture",
                &[
                    ("board", &at.board.to_string()),
                    ("serial", serial),
                    ("limit", &size_text(self.capture, lang)),
                ],
            ));
        }
        let refused = self.refused_total();
        if refused > 0 {
            notes.push(lang.fmt(
                "web-live-note-refused",
                &[
                    ("refused", &refused.to_string()),
                    ("limit", &self.eboards.to_string()),
                ],
            ));
        }
        notes
    }

    /// Whether e-board `serial` is followed: true when it is already, or when it is taken now
    /// (under the limit).
    pub(super) fn follow(&self, serial: &str) -> bool {
        let mut followed = lock(&self.followed);
        if followed.contains(serial) {
            return true;
        }
        if followed.len() >= self.eboards {
            return false;
        }
        followed.insert(serial.to_owned());
        true
    }

    /// `source` listed `listed` e-boards of which `refused` are not followed (the limit
    /// reached): said on standard error when the number changes.
    pub(super) fn refused(&self, source: &str, listed: usize, refused: usize) {
        let mut all = lock(&self.refused);
        let before = all.insert(source.to_owned(), refused).unwrap_or(0);
        if refused > 0 && refused != before {
            eprintln!(
                "arbiter serve: {}",
                self.lang.fmt(
                    "serve-eboards-refused",
                    &[
                        ("url", source),
                        ("listed", &listed.to_string()),
                        ("refused", &refused.to_string()),
                        ("limit", &self.eboards.to_string()),
                    ],
                )
            );
        }
    }

    /// The e-boards not followed (the limit reached), of every source.
    pub(super) fn refused_total(&self) -> usize {
        lock(&self.refused).values().sum()
    }

    /// The most e-boards followed.
    pub(super) fn limit(&self) -> usize {
        self.eboards
    }

    /// The most bytes of a board's capture kept (the desk's `game` limit).
    pub(super) fn capture_limit(&self) -> u64 {
        self.capture
    }

    /// Whether event `event` of e-board `serial`, come at `now_ms`, goes on to the room, the
    /// capture and the pages: not a frame that repeats the last one, nor an unreadable frame
    /// after the first. A link that drops or opens again forgets the last frame (the first
    /// after it shows the board as it stands, and goes on).
    pub(super) fn admit(&self, serial: &str, event: &LinkEvent, now_ms: u64) -> bool {
        let text = match event {
            LinkEvent::Frame {
                text, sent: false, ..
            } => text,
            LinkEvent::Connected { .. }
            | LinkEvent::Disconnected { .. }
            | LinkEvent::GaveUp { .. } => {
                if let Some(g) = lock(&self.gates).get_mut(serial) {
                    g.last = None;
                }
                return true;
            }
            _ => return true,
        };
        let kind = frame_kind(text);
        let mut gates = lock(&self.gates);
        let g = gates.entry(serial.to_owned()).or_default();
        match kind {
            FrameKind::Feed(param) => {
                if g.last.as_deref() == Some(param.as_str()) {
                    return false;
                }
                g.last = Some(param);
                true
            }
            FrameKind::Answer => true,
            FrameKind::Unreadable => {
                g.unreadable += 1;
                if g.unreadable == 1 {
                    return true;
                }
                g.left_out += 1;
                if g.noted_ms
                    .is_none_or(|t| now_ms.saturating_sub(t) >= GARBAGE_REPORT_MS)
                {
                    eprintln!(
                        "arbiter serve: {}",
                        self.lang.fmt(
                            "serve-eboard-garbage",
                            &[("serial", serial), ("count", &g.left_out.to_string())],
                        )
                    );
                    g.noted_ms = Some(now_ms);
                    g.left_out = 0;
                }
                false
            }
        }
    }

    /// Whether an event of e-board `serial` (a `reload` when `reload`) goes to the pages now,
    /// at `now_ms`: false when its last went less than [`BOARD_EVENT_MS`] ago; it is then
    /// held back for [`Bounds::due`].
    pub(super) fn pace(&self, serial: &str, reload: bool, now_ms: u64) -> bool {
        let mut paced = lock(&self.paced);
        let p = paced.entry(serial.to_owned()).or_default();
        if p.sent_ms
            .is_some_and(|t| now_ms.saturating_sub(t) < BOARD_EVENT_MS)
        {
            p.held = Some(p.held.unwrap_or(false) || reload);
            return false;
        }
        p.sent_ms = Some(now_ms);
        p.held = None;
        true
    }

    /// The e-boards whose held-back event is due at `now_ms`, each with whether it is a
    /// `reload`; [`Bounds::pace`] lets them through.
    pub(super) fn due(&self, now_ms: u64) -> Vec<(String, bool)> {
        let mut paced = lock(&self.paced);
        paced
            .iter_mut()
            .filter(|(_, p)| {
                p.held.is_some()
                    && p.sent_ms
                        .is_none_or(|t| now_ms.saturating_sub(t) >= BOARD_EVENT_MS)
            })
            .filter_map(|(s, p)| Some((s.clone(), p.held.take()?)))
            .collect()
    }

    /// True the first time e-board `serial` is shown on board `on` (its diagram goes to the
    /// pages then; after it, its moves).
    pub(super) fn first_drawing(&self, serial: &str, on: BoardKey) -> bool {
        let mut paced = lock(&self.paced);
        let p = paced.entry(serial.to_owned()).or_default();
        p.drawn.replace(on) != Some(on)
    }

    /// Whether `bytes` more of board `on`'s capture (from e-board `serial`) are kept: false
    /// past the limit, said once on standard error.
    pub(super) fn keep_capture(&self, on: BoardKey, serial: &str, bytes: usize) -> bool {
        let mut captured = lock(&self.captured);
        let (kept, full) = captured.entry(on).or_insert((0, false));
        if *full {
            return false;
        }
        let after = kept.saturating_add(bytes as u64);
        if after > self.capture {
            *full = true;
            lock(&self.full).insert(on, serial.to_owned());
            eprintln!(
                "arbiter serve: {}",
                self.lang.fmt(
                    "serve-capture-limit",
                    &[
                        ("round", &on.round.to_string()),
                        ("board", &on.board.to_string()),
                        ("serial", serial),
                        ("limit", &size_text(self.capture, self.lang)),
                    ],
                )
            );
            return false;
        }
        *kept = after;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(board: &str) -> LinkEvent {
        LinkEvent::Frame {
            t_ms: 0,
            text: format!(
                r#"{{"response":"feed","id":1,"param":{{"serialnr":"7","board":"{board}"}},"time":5}}"#
            ),
            sent: false,
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn a_repeated_frame_is_left_out_until_the_link_drops() {
        let b = Bounds::new(10, 1 << 20, Lang::En);
        assert!(b.admit("7", &frame(START), 0));
        assert!(!b.admit("7", &frame(START), 1));
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        assert!(b.admit("7", &frame(e4), 2));
        assert!(!b.admit("7", &frame(e4), 3));
        // Another board's frames are its own.
        assert!(b.admit("8", &frame(e4), 3));
        let back = LinkEvent::Connected {
            board: crate::board::link::BoardId::default(),
            reconnected: true,
        };
        assert!(b.admit("7", &back, 4));
        assert!(b.admit("7", &frame(e4), 5));
    }

    #[test]
    fn only_the_first_unreadable_frame_goes_on() {
        let b = Bounds::new(10, 1 << 20, Lang::En);
        let junk = |t: &str| LinkEvent::Frame {
            t_ms: 0,
            text: t.to_owned(),
            sent: false,
        };
        assert!(b.admit("7", &junk("%%%"), 0));
        assert!(!b.admit("7", &junk("%%%%"), 1));
        assert!(!b.admit("7", &frame("xyz/9/9"), 2));
        assert!(!b.admit("7", &junk(r#"{"response":"feed","id":1,"param":3}"#), 3));
        // Good frames still go on.
        assert!(b.admit("7", &frame(START), 4));
        assert_eq!(
            frame_kind(r#"{"response":"call","id":2,"param":null}"#),
            FrameKind::Answer
        );
    }

    #[test]
    fn the_eboards_past_the_limit_are_not_followed() {
        let b = Bounds::new(2, 1 << 20, Lang::En);
        assert!(b.follow("1"));
        assert!(b.follow("2"));
        assert!(!b.follow("3"));
        assert!(b.follow("1"));
        b.refused("ws://x", 3, 1);
        assert_eq!(b.refused_total(), 1);
    }

    #[test]
    fn a_board_is_sent_at_most_every_quarter_second_and_nothing_is_lost() {
        let b = Bounds::new(2, 1 << 20, Lang::En);
        assert!(b.pace("7", false, 1000));
        assert!(!b.pace("7", false, 1100));
        assert!(!b.pace("7", true, 1200));
        assert!(b.due(1200).is_empty());
        assert_eq!(b.due(1250), [("7".to_owned(), true)]);
        assert!(b.pace("7", true, 1250));
        assert!(b.due(2000).is_empty());
    }

    #[test]
    fn a_capture_stops_at_its_limit() {
        let b = Bounds::new(2, 100, Lang::En);
        assert!(b.keep_capture(BoardKey::new(0, 1, 1), "7", 60));
        assert!(!b.keep_capture(BoardKey::new(0, 1, 1), "7", 60));
        assert!(!b.keep_capture(BoardKey::new(0, 1, 1), "7", 1));
        assert!(b.keep_capture(BoardKey::new(0, 1, 2), "8", 100));
    }

    #[test]
    fn the_page_notes_name_the_board_the_count_and_the_limit() {
        let b = Bounds::new(2, 100, Lang::En);
        let junk = LinkEvent::Frame {
            t_ms: 0,
            text: "%%%".into(),
            sent: false,
        };
        let on = [(3, "7".to_owned()), (4, "8".to_owned())];
        assert!(b.notes(0, 1, &on, Lang::En).is_empty());
        // The first unreadable frame is the board's incident, not a note.
        for t in 0..4 {
            b.admit("7", &junk, t);
        }
        assert!(!b.keep_capture(BoardKey::new(0, 1, 4), "8", 101));
        assert!(!b.keep_capture(BoardKey::new(0, 2, 1), "9", 101));
        b.refused("ws://x", 5, 3);
        assert_eq!(
            b.notes(0, 1, &on, Lang::En),
            [
                "Board 3 (e-board 7) sends frames that are not positions: 3 left out so far (neither kept nor shown).",
                "The capture of board 4 (e-board 8) reached its limit of 100 bytes (--limit game=SIZE): what the e-board sends for it is no longer kept.",
                "3 e-boards are not followed: the desk follows at most 2 e-boards (more with --limit eboards=N).",
            ]
        );
        assert_eq!(
            b.notes(0, 1, &on[..1], Lang::Ru)[0],
            "Доска 3 (э-доска 7) присылает кадры, в которых нет позиции: пропущено пока кадров: 3 (не сохранены и не показаны)."
        );
    }
}
