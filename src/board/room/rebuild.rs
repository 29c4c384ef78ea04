//! A followed game rebuilt from the event's record: when the desk starts again mid-round (or
//! follows an assignment again), the game of an e-board on a board is replayed from the board's
//! capture as the desk wrote it, so that the room judges the next move after the ones played
//! before, as `arbiter judge` on the same capture does, and the arbiter's decisions the record
//! holds are taken again (an illegal act noticed, CR 3.4), not asked for a second time.

use super::{BoardKey, IncidentKind, LiveRoom, standing, take};
use crate::board::dgt::CaptureRecord;
use crate::board::link::LinkEvent;
use crate::board::livechess::STANDS_MS;

/// What the event's record holds of a board's game before this run of the desk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The board's capture lines, in the order they came (a DGT board's `{"t_ms", "hex"}`
    /// records, LiveChess's frames as received): at most the desk's `game` limit in bytes.
    pub lines: Vec<String>,
    /// The illegal acts the arbiter noticed (CR 3.4), each as `(ply, detail)`.
    pub noticed: Vec<(u32, String)>,
    /// The record's game of this e-board on this board, its room number and how many
    /// incidents the record has of it: the rebuilt game keeps that number when it finds as
    /// many incidents, so that a decision taken after the restart falls on the same record.
    pub game: Option<(u64, usize)>,
}

/// Whether a capture line is a DGT board's record (`{"t_ms", "hex"}`), not a LiveChess frame.
fn is_dgt_line(line: &str) -> bool {
    serde_json::from_str::<CaptureRecord>(line).is_ok()
}

/// The link's event a capture line was written from, for an e-board read as a DGT board
/// (`dgt`) or as LiveChess's frames; `None` for a line of the other kind or not readable.
fn event_of(line: &str, dgt: bool) -> Option<LinkEvent> {
    if dgt {
        let r = serde_json::from_str::<CaptureRecord>(line).ok()?;
        let message = r.bytes().ok()?;
        Some(LinkEvent::Dgt {
            t_ms: r.t_ms.unwrap_or(0),
            message,
        })
    } else if is_dgt_line(line) {
        None
    } else {
        Some(LinkEvent::Frame {
            t_ms: 0,
            text: line.to_string(),
            sent: false,
        })
    }
}

/// When the board sent `event`, in milliseconds: a DGT record's time, a LiveChess frame's
/// `time`; `None` when the line has none.
fn time_of(event: &LinkEvent) -> Option<u64> {
    match event {
        LinkEvent::Dgt { t_ms, .. } => Some(*t_ms),
        LinkEvent::Frame { text, .. } => serde_json::from_str::<serde_json::Value>(text)
            .ok()?
            .get("time")?
            .as_u64(),
        _ => None,
    }
}

impl LiveRoom {
    /// The e-boards whose game is to be rebuilt from the event's record ([`LiveRoom::rebuild`]),
    /// with the board each is on: those put on a board since the last rebuild (the desk's
    /// start, an assignment followed).
    pub fn rebuild_due(&self) -> Vec<(String, BoardKey)> {
        self.eboards
            .iter()
            .filter(|(_, e)| e.rebuild)
            .filter_map(|(s, e)| Some((s.clone(), e.on?)))
            .collect()
    }

    /// Rebuilds e-board `serialnr`'s game from `history` (when [`LiveRoom::rebuild_due`] lists
    /// it): the capture's lines are judged in order, as `arbiter judge` reads them (the last
    /// placement read as one that stood), each noticed illegal act noticed again as it comes,
    /// then the placement the e-board shows in this run, if it spoke already. The incidents
    /// found are the record's: none is saved again. `now_ms` stamps the moves (the public
    /// view's delay counts from the rebuild, never shows a move sooner than it would have).
    /// Returns true when the game was rebuilt.
    pub fn rebuild(&mut self, serialnr: &str, history: &History, now_ms: u64) -> bool {
        let Some(e) = self.eboards.get_mut(serialnr).filter(|e| e.rebuild) else {
            return false;
        };
        e.rebuild = false;
        if history.lines.is_empty() {
            return false;
        }
        // An e-board known only from the assignment reads the capture as it was written.
        if !e.heard {
            e.dgt = history.lines.iter().any(|l| is_dgt_line(l));
        }
        let (dgt, current) = (e.dgt, e.last.clone());
        let mut game = self.fresh_game(serialnr, dgt);
        let mut noticed = history.noticed.clone();
        let mut last = None;
        let mut before: Option<u64> = None;
        for line in &history.lines {
            let Some(event) = event_of(line, dgt) else {
                continue;
            };
            // The placement before stood as long as the room waits before reading it again
            // (its `settle`): read again as the room did.
            let at = time_of(&event);
            let mut out = Vec::new();
            if let (Some(b), Some(a)) = (before, at)
                && a.saturating_sub(b) >= STANDS_MS
            {
                game.judge.stand(&mut out);
            }
            before = at.or(before);
            game.judge.push(&event, &mut out);
            take(&mut game, out, now_ms);
            notice_again(&mut game, &mut noticed, now_ms);
            last = Some(standing(last.take(), &event));
        }
        let mut out = Vec::new();
        game.judge.stand(&mut out);
        take(&mut game, out, now_ms);
        notice_again(&mut game, &mut noticed, now_ms);
        game.saved = game.incidents.len();
        if let Some((key, count)) = history.game
            && count == game.incidents.len()
        {
            game.key = key;
        }
        if let Some(current) = &current {
            let mut out = Vec::new();
            game.judge.push(current, &mut out);
            take(&mut game, out, now_ms);
        }
        if let Some(e) = self.eboards.get_mut(serialnr) {
            e.game = game;
            if current.is_none() {
                e.last = last;
            }
        }
        self.changes += 1;
        true
    }
}

/// Notices again the illegal acts of `g` not noticed yet that the record says the arbiter
/// noticed (same ply, same act), each once, in order.
fn notice_again(g: &mut super::LiveGame, noticed: &mut Vec<(u32, String)>, now_ms: u64) {
    while let Some((i, n)) = g.incidents.iter().enumerate().find_map(|(i, inc)| {
        let wanted = inc.kind == IncidentKind::Illegal && !inc.noticed;
        wanted
            .then(|| {
                noticed
                    .iter()
                    .position(|(ply, detail)| *ply == inc.ply && *detail == inc.detail)
            })
            .flatten()
            .map(|n| (i, n))
    }) {
        noticed.remove(n);
        let mut out = Vec::new();
        g.judge.notice(&mut out);
        g.incidents[i].noticed = true;
        take(g, out, now_ms);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::board::RecogniserConfig;
    use crate::game::rules::CompetitionRules;

    /// A LiveChess feed frame of `serial` showing `board`, `t` ms into the game.
    fn frame(serial: &str, board: &str, t: u64) -> String {
        serde_json::json!({"response": "feed", "id": 1, "param": {
            "serialnr": serial, "board": board, "flipped": false, "clock": null},
            "time": 1_700_000_000_000u64 + t})
        .to_string()
    }

    #[test]
    fn a_game_goes_on_from_its_capture_with_no_incident_saved_twice() {
        let lines = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "r1bqkbnr/pppppppp/1n6/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        ]
        .iter()
        .enumerate()
        .map(|(i, b)| frame("S1", b, 900 * i as u64))
        .collect();
        let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
        let at = BoardKey::new(0, 1, 1);
        room.sync(&BTreeMap::from([("S1".to_string(), at)]));
        assert_eq!(room.rebuild_due(), [("S1".to_string(), at)]);
        let history = History {
            lines,
            noticed: vec![(2, "knight_movement b8b6".into())],
            game: Some((77, 1)),
        };
        assert!(room.rebuild("S1", &history, 5_000));
        assert!(room.rebuild_due().is_empty());
        assert!(!room.rebuild("S1", &history, 5_000), "once");
        let view = room.round_view(
            0,
            1,
            vec![super::super::BoardOfRound {
                board: 1,
                ..Default::default()
            }],
        );
        assert_eq!(view[0].moves, ["e4"]);
        let illegal: Vec<_> = view[0]
            .incidents
            .iter()
            .map(|i| (i.kind, i.ply, i.noticed))
            .collect();
        assert_eq!(illegal, [(IncidentKind::Illegal, 2, true)]);
        assert!(room.unsaved().is_empty(), "the record has them");
        assert_eq!(room.game_of(at), Some(("S1".to_string(), 77)));
    }
}
