//! How the live room takes the judge's findings into a followed game: the moves, the
//! incidents (a touched piece only when another piece was moved, Laws 4.3; after the game's
//! end, its first illegal act only) and the proposed result (an ending found by the judge stands over the kings' signal, CR 4.2).
//! Also what a fresh game replays to start from the board as it stands, and the end of a
//! disconnection.

use super::{Incident, IncidentKind, LiveGame, ProposedBy, ProposedResult};
use crate::board::link::LinkEvent;
use crate::board::live::LiveEvent;

/// Takes the judge's findings into the game: moves, incidents, the proposed result; each new
/// move is stamped with `now_ms` (the caller's clock) and the placement the board shows after
/// the findings ([`LiveGame::seen`]).
pub(super) fn take(g: &mut LiveGame, out: Vec<LiveEvent>, now_ms: u64) {
    take_findings(g, out);
    g.seen.truncate(g.moves.len());
    if g.seen.len() < g.moves.len() {
        let placement: Option<Box<str>> = g.judge.diagram().map(|b| b.to_string().into());
        g.seen.resize(
            g.moves.len(),
            super::MoveSeen {
                at_ms: now_ms,
                placement,
            },
        );
    }
    if g.moves.is_empty() {
        // The position the judge found the game in, not a hand's move not yet read.
        g.start = g
            .judge
            .position()
            .map(|p| shakmaty::Position::board(p).to_string().into());
    }
}

/// [`take`] without the stamps.
fn take_findings(g: &mut LiveGame, out: Vec<LiveEvent>) {
    for ev in out {
        let event = ev.clone();
        let ev_copy = ev.clone();
        // After the game's end (mate, stalemate, a dead position, fivefold, 75 moves: Laws
        // 5.1.1, 5.2, 9.6) nothing on the board counts: the first act after it is recorded,
        // not every placement of players who play on (children do, for minutes).
        let played_on = g
            .incidents
            .iter()
            .rposition(|i| i.kind == IncidentKind::Ending)
            .is_some_and(|e| {
                g.incidents[e + 1..]
                    .iter()
                    .any(|i| i.kind == IncidentKind::Illegal)
            });
        let unreadable_before = g
            .incidents
            .iter()
            .any(|i| i.kind == IncidentKind::Unreadable);
        let incidents = &mut g.incidents;
        let incident = |kind, article, ply, side, detail: String, result| {
            let id = incidents.len();
            incidents.push(Incident {
                id,
                kind,
                article,
                ply,
                side,
                detail,
                result,
                noticed: false,
                link_back: false,
                settled: false,
                event,
            });
        };
        match ev {
            LiveEvent::Move {
                san,
                uci,
                ply,
                side: mover,
                ..
            } => {
                // A touched piece is an incident only when its player moved another (Laws 4.3).
                if let Some((side, square, event)) = g.touched.take()
                    && side == mover
                    && !uci.starts_with(&square)
                {
                    let id = g.incidents.len();
                    g.incidents.push(Incident {
                        id,
                        kind: IncidentKind::Touch,
                        article: Some("Laws 4.3".into()),
                        ply: g.moves.len() as u32 + 1,
                        side: Some(side),
                        detail: square,
                        result: None,
                        noticed: false,
                        link_back: false,
                        settled: false,
                        event,
                    });
                }
                g.moves.push(san);
                g.move_plies.push(ply);
            }
            LiveEvent::Revised { ply, san, .. } => {
                // The move at `ply` was the hand still moving: read again.
                let keep = g.move_plies.iter().take_while(|&&p| p < ply).count();
                g.moves.truncate(keep);
                g.move_plies.truncate(keep);
                g.seen.truncate(keep);
                if let Some(san) = san {
                    g.moves.push(san);
                    g.move_plies.push(ply);
                }
            }
            LiveEvent::IllegalAct {
                ply,
                side,
                kind,
                article,
                notation,
                ..
            } => {
                g.touched = None;
                if played_on {
                    continue;
                }
                incident(
                    IncidentKind::Illegal,
                    Some(article),
                    ply,
                    Some(side),
                    format!("{kind} {notation}"),
                    None,
                );
            }
            // A board that sends what is not a position (a frame, a message): one incident a
            // game, the link's fault, never a player's; what follows it is left out.
            LiveEvent::Unreadable { reason, .. } if !unreadable_before => {
                incident(
                    IncidentKind::Unreadable,
                    None,
                    g.moves.len() as u32,
                    None,
                    reason,
                    None,
                );
            }
            // A gap the search could not recover (none or several sequences): the arbiter
            // settles it; a recovered one is shown by the moves it gave back.
            LiveEvent::Gap {
                ply,
                plies,
                sequences,
                ..
            } if sequences != 1 => {
                incident(
                    IncidentKind::BoardGap,
                    None,
                    ply,
                    None,
                    plies.to_string(),
                    None,
                );
            }
            LiveEvent::Touch { side, square, .. } if g.touched.is_none() => {
                g.touched = Some((side, square, ev_copy));
            }
            LiveEvent::ResultSignal { result, agrees, .. } => {
                incident(
                    IncidentKind::ResultSignal,
                    Some("CR 4.2".into()),
                    g.moves.len() as u32,
                    None,
                    result.clone(),
                    Some(result.clone()),
                );
                // An ending found by the judge stands over the players' signal.
                if g.proposed.is_none() && result != "*" {
                    g.proposed = Some(ProposedResult {
                        result,
                        by: ProposedBy::ResultSignal,
                        reason: None,
                        article: Some("CR 4.2".into()),
                        agrees,
                        fen: None,
                        review: false,
                        incident: Some(g.incidents.len() - 1),
                    });
                }
            }
            LiveEvent::Ending {
                ply,
                result,
                reason,
                article,
                ..
            } => {
                incident(
                    IncidentKind::Ending,
                    article.clone(),
                    ply,
                    None,
                    reason.to_string(),
                    Some(result.to_string()),
                );
                // The players' signal ends the game by itself (CR 4.2): it stays the proposal.
                let signalled = g.proposed.as_ref().is_some_and(|p| {
                    p.by == ProposedBy::ResultSignal
                        && p.result == result
                        && reason == "reported_result"
                });
                if result != "*" && !signalled {
                    g.proposed = Some(ProposedResult {
                        result: result.to_string(),
                        by: ProposedBy::Ending,
                        reason: Some(reason.to_string()),
                        article,
                        agrees: None,
                        fen: None,
                        review: false,
                        incident: Some(g.incidents.len() - 1),
                    });
                }
            }
            _ => {}
        }
    }
}

/// The link dropped (`first`: it was up until now): a new disconnection incident; while it
/// stays down, the open incident takes each new attempt's event, so that it says the attempt
/// under way and its wait (the link tries again for as long as the room runs).
pub(super) fn dropped(g: &mut LiveGame, first: bool, event: &LinkEvent) {
    let Some(latest @ LiveEvent::Disconnected { .. }) = LiveEvent::of_link(event) else {
        return;
    };
    if first {
        let LiveEvent::Disconnected { reason, .. } = &latest else {
            return;
        };
        let id = g.incidents.len();
        g.incidents.push(Incident {
            id,
            kind: IncidentKind::Disconnected,
            article: None,
            ply: g.moves.len() as u32,
            side: None,
            detail: reason.clone(),
            result: None,
            noticed: false,
            link_back: false,
            settled: false,
            event: latest,
        });
    } else if let Some(open) = g
        .incidents
        .iter_mut()
        .rev()
        .find(|i| i.kind == IncidentKind::Disconnected && !i.link_back)
    {
        open.event = latest;
    }
}

/// The link is back: the board's open disconnection incident ends (the moves made meanwhile
/// are a gap the judge searches for, never an offence).
pub(super) fn link_back(g: &mut LiveGame) {
    for i in g.incidents.iter_mut().rev() {
        if i.kind == IncidentKind::Disconnected {
            i.link_back = true;
            break;
        }
    }
}

/// What a fresh game replays to start from the board as it stands, after `event` when
/// `before` was: a LiveChess frame carries the whole placement; a DGT board sends its board
/// dump once, when the link opens, and then one field update a change (DGT's protocol
/// description, `dgtbrd.h`), so its dump is kept with every later field update applied, and
/// its other messages (clock, serial number) leave it as it was.
pub(super) fn standing(before: Option<LinkEvent>, event: &LinkEvent) -> LinkEvent {
    use crate::board::dgt::id;
    let LinkEvent::Dgt { t_ms, message } = event else {
        // A LiveChess frame without a placement (`board` is left out when unchanged) leaves
        // the one before standing.
        if let (LinkEvent::Frame { text, .. }, Some(b @ LinkEvent::Frame { .. })) = (event, &before)
            && !text.contains("\"board\"")
        {
            return b.clone();
        }
        return event.clone();
    };
    let is_dump = |m: &[u8]| m.len() == 67 && m[0] == id::BOARD_DUMP;
    if is_dump(message) {
        return event.clone();
    }
    match before {
        Some(LinkEvent::Dgt {
            message: mut dump, ..
        }) if is_dump(&dump) => {
            if message.len() == 5 && message[0] == id::FIELD_UPDATE && message[3] < 64 {
                dump[3 + usize::from(message[3])] = message[4];
            }
            LinkEvent::Dgt {
                t_ms: *t_ms,
                message: dump,
            }
        }
        _ => event.clone(),
    }
}

impl super::LiveRoom {
    /// The arbiter settled gap `incident` of board `at` (he looked at the board and took the
    /// moves, or the position, it shows after the link's drop).
    ///
    /// # Errors
    /// [`super::RoomError::NotFollowed`], [`super::RoomError::NoGap`] (no such gap, or one
    /// settled already).
    pub fn settle_gap(
        &mut self,
        at: super::BoardKey,
        incident: usize,
    ) -> Result<(), super::RoomError> {
        let e = self.on_board_mut(at)?;
        let Some(i) = e
            .game
            .incidents
            .get_mut(incident)
            .filter(|i| i.kind == IncidentKind::BoardGap && !i.settled)
        else {
            return Err(super::RoomError::NoGap(incident));
        };
        i.settled = true;
        self.changes += 1;
        Ok(())
    }

    /// Whether board `at` has a gap the arbiter has not settled: its proposed result waits
    /// for him (the moves it rests on are not certain).
    pub fn unsettled_gap(&self, at: super::BoardKey) -> Option<usize> {
        self.on_board(at).and_then(|(_, e)| {
            e.game
                .incidents
                .iter()
                .find(|i| i.kind == IncidentKind::BoardGap && !i.settled)
                .map(|i| i.id)
        })
    }
}
