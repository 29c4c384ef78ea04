//! How the live room takes the judge's findings into a followed game: the moves, the
//! incidents (a touched piece only when another piece was moved, Laws 4.3; after the game's
//! end, its first illegal act only) and the proposed result (an ending found by the judge stands over the kings' signal, CR 4.2).

use super::{Incident, IncidentKind, LiveGame, ProposedBy, ProposedResult};
use crate::board::live::LiveEvent;

/// Takes the judge's findings into the game: moves, incidents, the proposed result.
pub(super) fn take(g: &mut LiveGame, out: Vec<LiveEvent>) {
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
