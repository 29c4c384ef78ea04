//! `arbiter tournament result`: record a result typed by the arbiter or a judged verdict, echo
//! it by name, and apply CR 2.2's disqualification proposal when the arbiter confirms it.

use super::*;

/// Runs `tournament result` (see [`ResultArgs`]).
pub(super) fn run_result(a: ResultArgs) -> anyhow::Result<ExitCode> {
    let game = match (a.board, a.game) {
        (Some(b), _) => GameRef::Board(b),
        (None, Some((x, y))) => GameRef::Players(x, y),
        (None, None) => return Err(CliError::BoardOrGame.into()),
    };
    // A judged verdict, or the result typed (clap asks for one of the two).
    enum Recorded {
        Judged(JudgedGame),
        Typed(BoardResult),
    }
    let recorded = match (&a.verdict, a.result) {
        (Some(path), _) => Recorded::Judged(read_verdict(path, a.index)?),
        (None, Some(r)) => Recorded::Typed(r),
        (None, None) => return Err(CliError::ResultOrVerdict.into()),
    };
    let action = if a.correct {
        "correct-result"
    } else {
        "result"
    };
    let args = serde_json::json!({"round": a.round, "board": a.board, "game": a.game,
        "result": a.result.map(BoardResult::notation), "verdict": a.verdict,
        "decide": a.decide.map(BoardResult::notation),
        "override_reason": a.override_reason, "note": a.note,
        "confirm_disqualification": a.confirm_disqualification});
    let (result, proposed, t) = change(&a.state, action, args, |t| {
        let board = t.board_of(a.round, game)?.board;
        let result = match &recorded {
            Recorded::Judged(j) => t.record_judged(
                a.round,
                board,
                j,
                a.decide,
                a.override_reason.as_deref(),
                a.correct,
            )?,
            Recorded::Typed(r) => {
                t.record_result_noted(
                    a.round,
                    GameRef::Board(board),
                    *r,
                    a.correct,
                    a.override_reason.as_deref(),
                    a.note.as_deref(),
                )?;
                *r
            }
        };
        // CR 2.2: more than three proven cheating incidents propose disqualification.
        let proposed = t.disqualification_proposed(a.round, board)?;
        if a.confirm_disqualification {
            for (tpn, _) in &proposed {
                t.disqualify(*tpn, a.round)?;
            }
        }
        Ok((result, proposed, t.clone()))
    })?;
    let g = t.board_of(a.round, game)?;
    let lang = a.out.lang.get();
    let mut text = t.result_line(a.round, game, lang)?;
    let name = |tpn: u16| t.player(tpn).map_or(tpn.to_string(), |p| p.name.clone());
    let applied = a.confirm_disqualification;
    for (tpn, n) in &proposed {
        let id = if applied {
            "result-dq-applied"
        } else {
            "result-dq-proposed"
        };
        text.push('\n');
        text.push_str(&lang.fmt(
            id,
            &[
                ("name", &name(*tpn)),
                ("tpn", &tpn.to_string()),
                ("n", &n.to_string()),
            ],
        ));
    }
    let mut json = serde_json::json!({"round": a.round, "board": g.board, "result": result,
        "white": {"start_rank": g.white, "name": name(g.white)},
        "black": {"start_rank": g.black, "name": name(g.black)}});
    if !proposed.is_empty() {
        json["disqualification"] = proposed
            .iter()
            .map(|(tpn, n)| {
                serde_json::json!({"player": tpn, "cheating_incidents": n, "applied": applied})
            })
            .collect();
    }
    done(&a.out, &text, json)
}
