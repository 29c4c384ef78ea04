//! The judge following a live board: what a link hands over ([`LinkEvent`]) goes through the
//! same readers as a capture file (the DGT decoder, the LiveChess decoder), the same move
//! recogniser and the same judge as `arbiter judge` uses on the recording, one message or frame
//! at a time, and what the judge finds is reported as it happens ([`LiveEvent`]).

use shakmaty::{Chess, Position as _};

use crate::board::dgt::{DgtDecoder, Position};
use crate::board::livechess::LiveChessDecoder;
use crate::board::placement::Snapshot;
use crate::board::{
    BoardEventKind, Orientation, Recognised, Recogniser, RecogniserConfig, to_game,
};
use crate::game::event::Event;
use crate::game::judge::{Judge, JudgeOptions};
use crate::game::rules::CompetitionRules;
use crate::game::verdict::{GameResult, Verdict};
use crate::laws::serde_color;

use super::LiveEvent;
use crate::board::link::LinkEvent;

/// Which reader the link's output goes through.
#[derive(Debug)]
enum Reader {
    Dgt(DgtDecoder),
    LiveChess(LiveChessDecoder),
}

/// A live game: readers, recogniser and judge, fed by a link.
#[derive(Debug)]
pub struct LiveJudge {
    reader: Reader,
    recogniser: Recogniser,
    judge: Judge,
    /// Board events of the recogniser already judged.
    seen: usize,
    /// Illegal acts of the judge already reported.
    illegal_seen: usize,
    /// Lines of the capture so far (the line numbers of `arbiter judge` on the recording).
    line: usize,
    /// The last placement the board showed, as its sensors see it, and its snapshot.
    placement: Option<shakmaty::Board>,
    last: Option<Snapshot>,
    /// The start position and the rules, to judge the events again after a revision.
    start: Chess,
    rules: CompetitionRules,
    /// The recogniser's revisions taken so far ([`Recogniser::revisions`]).
    revisions: u64,
    /// The arbiter's notices, each with the number of board events judged before it.
    notices: Vec<usize>,
}

impl LiveJudge {
    /// A judge for a DGT board's messages.
    pub fn dgt(config: RecogniserConfig, rules: CompetitionRules) -> LiveJudge {
        LiveJudge::new(Reader::Dgt(DgtDecoder::new()), config, rules)
    }

    /// A judge for LiveChess's frames about the board `serial` (LiveChess's first board when
    /// `None`).
    pub fn livechess(
        serial: Option<&str>,
        config: RecogniserConfig,
        rules: CompetitionRules,
    ) -> LiveJudge {
        let decoder = serial.map_or_else(LiveChessDecoder::new, LiveChessDecoder::for_serial);
        LiveJudge::new(Reader::LiveChess(decoder), config, rules)
    }

    fn new(reader: Reader, config: RecogniserConfig, rules: CompetitionRules) -> LiveJudge {
        let start: Chess = config.start.clone();
        LiveJudge {
            reader,
            recogniser: Recogniser::new(config),
            judge: Judge::new(start.clone(), rules, JudgeOptions::default()),
            seen: 0,
            illegal_seen: 0,
            line: 0,
            placement: None,
            last: None,
            start,
            rules,
            revisions: 0,
            notices: Vec::new(),
        }
    }

    /// Reads one event of the link; appends what the operator is told, in order: the link's
    /// changes of state, and the judge's findings (moves, illegal acts, touches, the result
    /// signal, the game's end) as soon as the board shows them.
    pub fn push(&mut self, event: &LinkEvent, out: &mut Vec<LiveEvent>) {
        let mut snapshots: Vec<Result<Snapshot, String>> = Vec::new();
        match (event, &mut self.reader) {
            (LinkEvent::Dgt { t_ms, message }, Reader::Dgt(decoder)) => {
                self.line += 1;
                let mut read = Vec::new();
                decoder.push(message, Some(*t_ms), Position::Line(self.line), &mut read);
                snapshots.extend(read.into_iter().map(|r| r.map_err(|e| e.to_string())));
            }
            (LinkEvent::Frame { text, .. }, Reader::LiveChess(decoder)) => {
                self.line += 1;
                let mut read = Vec::new();
                decoder.push_line(text, self.line, &mut read);
                snapshots.extend(read.into_iter().map(|r| r.map_err(|e| e.to_string())));
            }
            (LinkEvent::Dgt { .. } | LinkEvent::Frame { .. }, _) => self.line += 1,
            (other, _) => {
                // The link opened again: what the board did meanwhile was not seen (a gap,
                // searched for when the board shows where the game is, never an offence).
                if matches!(
                    other,
                    LinkEvent::Connected {
                        reconnected: true,
                        ..
                    }
                ) {
                    snapshots.push(Ok(Snapshot {
                        line: self.line,
                        t: None,
                        reading: crate::board::placement::Reading::Gap,
                    }));
                }
                out.extend(LiveEvent::of_link(other));
            }
        }
        for snap in snapshots {
            if let Ok(Snapshot {
                reading: crate::board::placement::Reading::Placement(b),
                ..
            }) = &snap
            {
                self.placement = Some(b.clone());
                self.last = snap.as_ref().ok().cloned();
            }
            let pushed = snap.and_then(|s| self.recogniser.push(&s).map_err(|e| e.to_string()));
            if let Err(reason) = pushed {
                out.push(LiveEvent::Unreadable {
                    line: self.line,
                    reason,
                });
            }
        }
        self.judge_new_events(out);
    }

    /// Ends the game as the end of a capture does: the last placement is judged if no clock
    /// press or stable reading has done it (a game-ending move needs no press, Laws 6.2.1.1).
    /// Appends the last findings; returns the verdict.
    pub fn finish(mut self, out: &mut Vec<LiveEvent>) -> Verdict {
        let recognised = self.recogniser.finish();
        for e in recognised.events.get(self.seen..).unwrap_or_default() {
            judge_event(&mut self.judge, &mut self.illegal_seen, e, out);
        }
        self.judge.into_verdict()
    }

    /// The verdict so far.
    pub fn verdict(&self) -> Verdict {
        self.judge.verdict()
    }

    /// The last placement the board showed (transients included), as its sensors see it;
    /// `None` before the first.
    pub fn placement(&self) -> Option<&shakmaty::Board> {
        self.placement.as_ref()
    }

    /// The last placement as a diagram shows it: a board turned round (Black's side nearest
    /// White, seen from the start position) turned back to the standard diagram; before the
    /// start position was seen, as the pieces stand ([`Orientation::guess`]). `None` before the
    /// first placement.
    pub fn diagram(&self) -> Option<shakmaty::Board> {
        let seen = self.placement.as_ref()?;
        let o = self
            .recogniser
            .orientation()
            .unwrap_or_else(|| Orientation::guess(seen));
        Some(o.apply(seen))
    }

    /// The clock's times as last reported (a DGT 3000 through the board, LiveChess's `clock`),
    /// White's and Black's; `None` when no clock is reported or it shows nothing.
    pub fn clock(&self) -> Option<super::LiveClock> {
        let to_move = self
            .judge
            .position()
            .map_or(shakmaty::Color::White, |p| p.turn());
        match &self.reader {
            Reader::Dgt(d) => {
                use crate::board::dgt::ClockSide;
                let r = d.clock()?;
                // The clock's sides get their colours when it first runs; before, White's is
                // taken for the left one (a board the right way round).
                let left = d
                    .colour_of(ClockSide::Left)
                    .unwrap_or(shakmaty::Color::White);
                let (white, black) = if left == shakmaty::Color::White {
                    (r.left, r.right)
                } else {
                    (r.right, r.left)
                };
                let running = r.running.map(|side| match side {
                    ClockSide::Left => left,
                    ClockSide::Right => !left,
                });
                super::LiveClock::of(white.seconds, black.seconds, running, to_move)
            }
            Reader::LiveChess(d) => {
                let (w, b) = d.clock()?;
                let secs = |x: f64| {
                    if x.is_finite() && x > 0.0 {
                        x.floor() as u32
                    } else {
                        0
                    }
                };
                super::LiveClock::of(secs(w), secs(b), d.running(), to_move)
            }
        }
    }

    /// The position of the game as judged so far (the last legal move played); `None` once
    /// the judge has no position (a set-up it could not take).
    pub fn position(&self) -> Option<&Chess> {
        self.judge.position()
    }

    /// The board's last placement still stands: it is read again, as a polled board repeats
    /// a placement that stands (the stability rule's second reading). A board that reports
    /// only changes (LiveChess) sends nothing while the players think; the caller says so
    /// after a quiet spell, and the last move — a mate, say — is judged without waiting for
    /// the next one. Appends what the judge finds.
    pub fn stand(&mut self, out: &mut Vec<LiveEvent>) {
        let Some(snap) = self.last.clone() else {
            return;
        };
        if let Err(e) = self.recogniser.push(&snap) {
            out.push(LiveEvent::Unreadable {
                line: self.line,
                reason: e.to_string(),
            });
        }
        self.judge_new_events(out);
    }

    /// The arbiter noticed the last move as illegal (CR 3.4): the judge's `notice` event.
    /// Appends what it changes: the illegal act counted and, at the second, the game's end
    /// (CR 3.3).
    pub fn notice(&mut self, out: &mut Vec<LiveEvent>) {
        let was_over = self.judge.is_over();
        let notice = Event::Notice(crate::game::event::NoticeEvent {
            notice: crate::game::event::NoticeKind::IllegalMove,
        });
        if let Err(err) = self.judge.apply(&notice) {
            out.push(LiveEvent::Unreadable {
                line: self.line,
                reason: err.to_string(),
            });
            return;
        }
        self.notices.push(self.seen);
        let verdict = self.judge.verdict();
        self.illegal_seen = verdict.illegal_moves.len();
        if !was_over && verdict.result != GameResult::Unfinished {
            out.push(LiveEvent::Ending {
                line: self.line,
                ply: verdict.ended_at_ply.unwrap_or(verdict.plies),
                result: verdict.result.as_str(),
                reason: verdict.reason.code(),
                article: verdict.article.map(|a| a.to_string()),
            });
        }
    }

    fn judge_new_events(&mut self, out: &mut Vec<LiveEvent>) {
        if self.recogniser.revisions() != self.revisions {
            self.revisions = self.recogniser.revisions();
            self.judge_again(out);
            return;
        }
        let events = self.recogniser.events();
        for e in &events[self.seen..] {
            judge_event(&mut self.judge, &mut self.illegal_seen, e, out);
        }
        self.seen = events.len();
    }

    /// The recogniser replaced a move it had read ([`Recogniser::revisions`]): the game is
    /// judged again from its start, silently up to the move replaced, and what follows is
    /// reported: [`LiveEvent::Revised`] for that ply, then the rest as it comes.
    fn judge_again(&mut self, out: &mut Vec<LiveEvent>) {
        let events = self.recogniser.events();
        let from = self.recogniser.revised_at().min(events.len());
        let mut judge = Judge::new(self.start.clone(), self.rules, JudgeOptions::default());
        let mut illegal_seen = 0;
        let mut notices = self.notices.iter().copied().peekable();
        let mut fresh = Vec::new();
        let mut silent = Vec::new();
        for (i, e) in events.iter().enumerate() {
            while notices.next_if(|&n| n <= i).is_some() {
                let _ = judge.apply(&Event::Notice(crate::game::event::NoticeEvent {
                    notice: crate::game::event::NoticeKind::IllegalMove,
                }));
                illegal_seen = judge.verdict().illegal_moves.len();
            }
            let sink = if i < from { &mut silent } else { &mut fresh };
            judge_event(&mut judge, &mut illegal_seen, e, sink);
        }
        let base = judge_plies_before(&judge, &fresh);
        let side = if base.is_multiple_of(2) == (self.start.turn() == shakmaty::Color::White) {
            "white"
        } else {
            "black"
        };
        let first_move = fresh
            .iter()
            .position(|e| matches!(e, LiveEvent::Move { .. }));
        let (san, uci) = match first_move.map(|k| fresh.remove(k)) {
            Some(LiveEvent::Move { san, uci, .. }) => (Some(san), Some(uci)),
            _ => (None, None),
        };
        out.push(LiveEvent::Revised {
            line: self.line,
            ply: base + 1,
            side,
            san,
            uci,
        });
        out.extend(fresh);
        self.judge = judge;
        self.illegal_seen = illegal_seen;
        self.seen = events.len();
    }
}

/// The plies the judge had played before the moves in `fresh` (the reports of the events judged
/// last).
fn judge_plies_before(judge: &Judge, fresh: &[LiveEvent]) -> u32 {
    let moves = fresh
        .iter()
        .filter(|e| matches!(e, LiveEvent::Move { .. }))
        .count() as u32;
    judge.plies().saturating_sub(moves)
}

/// Judges one board event (as [`to_game`] turns it into the judge's events) and reports what
/// the judge found.
fn judge_event(
    judge: &mut Judge,
    illegal_seen: &mut usize,
    e: &crate::board::BoardEvent,
    out: &mut Vec<LiveEvent>,
) {
    let one = Recognised {
        events: vec![e.clone()],
        orientation: Orientation::default(),
        position: Chess::default(),
        placements: 0,
    };
    let log = match to_game(&one) {
        Ok(log) => log,
        Err(err) => {
            out.push(LiveEvent::Unreadable {
                line: e.line,
                reason: err.to_string(),
            });
            return;
        }
    };
    for event in &log.events {
        let (plies, was_over) = (judge.plies(), judge.is_over());
        if let Err(err) = judge.apply(event) {
            out.push(LiveEvent::Unreadable {
                line: e.line,
                reason: err.to_string(),
            });
            continue;
        }
        match (&e.kind, event) {
            (BoardEventKind::Move(m), Event::Move(_)) if judge.plies() > plies => {
                out.push(LiveEvent::Move {
                    line: e.line,
                    ply: judge.plies(),
                    side: serde_color::name(m.side),
                    san: m.san.clone(),
                    uci: m.uci.clone(),
                });
            }
            (
                BoardEventKind::Gap {
                    plies: n,
                    sequences,
                    found,
                    ..
                },
                Event::Gap(_),
            ) => out.push(LiveEvent::Gap {
                line: e.line,
                ply: plies,
                plies: *n as u32,
                sequences: *sequences as u32,
                found: found.clone(),
            }),
            (_, Event::Touch(t)) => out.push(LiveEvent::Touch {
                line: e.line,
                side: serde_color::name(t.by),
                square: t.square.to_string(),
            }),
            _ => {}
        }
        // A legal move on a game going on finds nothing else: the verdict is built only when
        // something else may have been found.
        let plain = matches!(e.kind, BoardEventKind::Move(_)) && !judge.is_over();
        if plain && !was_over {
            continue;
        }
        let verdict = judge.verdict();
        for act in verdict.illegal_moves.iter().skip(*illegal_seen) {
            out.push(LiveEvent::IllegalAct {
                line: e.line,
                ply: act.ply,
                side: serde_color::name(act.side),
                kind: act.kind.code(),
                article: act.article.to_string(),
                notation: act.notation.clone(),
            });
        }
        *illegal_seen = verdict.illegal_moves.len();
        if let Event::Result(r) = event {
            out.push(LiveEvent::ResultSignal {
                line: e.line,
                result: r.result.clone(),
                agrees: verdict.reported.as_ref().map(|c| c.agrees),
            });
        }
        if !was_over && verdict.result != GameResult::Unfinished {
            out.push(LiveEvent::Ending {
                line: e.line,
                ply: verdict.ended_at_ply.unwrap_or(verdict.plies),
                result: verdict.result.as_str(),
                reason: verdict.reason.code(),
                article: verdict.article.map(|a| a.to_string()),
            });
        }
    }
}
