//! A board's history in words: the result recorded now and how it was decided, and each
//! earlier result a later decision replaced, with what replaced it, when and by whom
//! ([`crate::tournament::history`]). Shown on the confirmation pages before a result is
//! replaced, under the board on the round's page, and counted in the report (CR 4.2).

use serde_json::{Value, json};

use super::results::{result_value, shown};
use crate::i18n::Lang;
use crate::tournament::{BoardResult, DecidedBy, Game};

/// How a result was decided, in `lang`: «введён по сообщению игроков», «по записи партии»…
pub(super) fn decided_by_text(by: DecidedBy, lang: Lang) -> String {
    let by = match by {
        DecidedBy::Reported => "reported",
        DecidedBy::Judge => "judge",
        DecidedBy::Adjudication => "adjudication",
        DecidedBy::Forfeit => "forfeit",
        DecidedBy::Override => "override",
    };
    lang.fmt("web-decided-by", &[("by", by)])
}

/// The refusal of a board's stale form (round, board, the result recorded now and how it was
/// decided, who recorded it and when), in `lang`.
pub(super) fn stale_board_text(
    round: u32,
    board: u32,
    recorded: Option<&(String, String)>,
    by: Option<&str>,
    lang: Lang,
) -> String {
    let (round, board) = (round.to_string(), board.to_string());
    match recorded {
        Some((result, how)) => lang.fmt(
            "web-error-stale-board",
            &[
                ("round", &round),
                ("board", &board),
                ("result", result),
                ("how", &lang.fmt("web-decided-by", &[("by", how)])),
                ("by", by.unwrap_or("none")),
            ],
        ),
        None => lang.fmt(
            "web-error-stale-board-empty",
            &[("round", &round), ("board", &board)],
        ),
    }
}

/// A result as the pages show it (`1 – 0`).
fn result_text(r: BoardResult) -> String {
    shown(result_value(r)).to_string()
}

/// The result recorded on board `g` as a confirmation page names it before replacing it:
/// `shown` (`1 – 0`), `value` (`1-0`), `by` (how it was decided, in words); `None` while the
/// board has no result.
pub(super) fn recorded(g: &Game, lang: Lang) -> Option<Value> {
    let (result, by) = g.standing()?;
    Some(json!({
        "shown": result_text(result),
        "value": result_value(result),
        "by": decided_by_text(by, lang),
    }))
}

/// The board's earlier results, oldest first, one line each in `lang`: «1 – 0 (введён по
/// сообщению игроков) заменён: по записи партии; 2026-12-05 13:42:00 MSK, пульт
/// 127.0.0.1:51234 (Chrome, Linux)».
pub(super) fn lines(g: &Game, lang: Lang) -> Vec<String> {
    g.replaced
        .iter()
        .map(|r| {
            let when = r
                .time
                .as_deref()
                .map_or("none".to_string(), crate::tournament::journal::local_clock);
            let who = r
                .who
                .as_ref()
                .map_or("none".to_string(), |w| w.text_in(lang));
            let id = if r.report_contradicted() {
                "web-history-contradicted"
            } else {
                "web-history-replaced"
            };
            lang.fmt(
                id,
                &[
                    ("result", &result_text(r.result)),
                    ("by", &decided_by_text(r.decided_by, lang)),
                    ("replaced_by", &decided_by_text(r.replaced_by, lang)),
                    ("when", &when),
                    ("who", &who),
                ],
            )
        })
        .collect()
}

/// The reports the board contradicted in round `round` (CR 4.2), for the report's row: a
/// result entered as the players reported it that a game's record replaced, `тур 1, доска 3:
/// 1 – 0 → 0 – 1`.
pub(super) fn contradicted_reports(round: u32, g: &Game, lang: Lang) -> Vec<String> {
    let board = lang.fmt(
        "report-board",
        &[
            ("round", &round.to_string()),
            ("board", &g.board.to_string()),
        ],
    );
    let mut results = g.replaced.iter().skip(1).map(|r| r.result).chain(g.result);
    g.replaced
        .iter()
        .map(|r| (r, results.next()))
        .filter(|(r, _)| r.report_contradicted())
        .map(|(r, then)| {
            let then = then.map_or("—".to_string(), result_text);
            format!("{board}: {} → {then}", result_text(r.result))
        })
        .collect()
}

/// `err` with who recorded the board's result now and when, read from the journal's newest
/// entries (the last that recorded that result on that board), for a
/// [`super::WebError::StaleBoard`]; any other error as it is.
pub(super) async fn with_author(
    app: &super::Shared,
    err: super::WebError,
    lang: Lang,
) -> super::WebError {
    let (round, board, recorded) = match err {
        super::WebError::StaleBoard {
            round,
            board,
            recorded: Some(recorded),
            by: None,
        } => (round, board, recorded),
        other => return other,
    };
    let state = app.config.state.clone();
    let page = super::blocking(move || {
        crate::tournament::journal::read_page(&state, 0, 200).map_err(super::WebError::from)
    })
    .await;
    let by = page.ok().and_then(|p| {
        p.entries.into_iter().find_map(|e| {
            e.results
                .iter()
                .any(|c| c.round == round && c.board == board && c.to.is_some())
                .then(|| {
                    format!(
                        "{}, {}",
                        e.who.text_in(lang),
                        crate::tournament::journal::local_clock(&e.time)
                    )
                })
        })
    });
    super::WebError::StaleBoard {
        round,
        board,
        recorded: Some(recorded),
        by,
    }
}

/// What the last change was about as the undo button says it beside: its group, round and
/// board, as the journal lists them (`группа: Дошкольники, тур: 1, доска: 2`); empty for a
/// change of none (the event's settings).
pub(super) fn undo_about(args: &serde_json::Value, lang: Lang) -> String {
    ["group", "round", "board"]
        .iter()
        .filter_map(|k| args.get(*k).map(|v| serde_json::json!({ *k: v })))
        .map(|one| crate::tournament::journal::args_text(&one, lang))
        .collect::<Vec<_>>()
        .join(", ")
}
