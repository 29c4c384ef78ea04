//! The position editor of play-out adjudication (CR 4.3): `GET /rounds/{n}/position?board=B`
//! shows a game still being played as a grid of 64 squares the arbiter sets up by clicks (a
//! piece from the palette, then a square; a finger on a tablet does the same), with the side to
//! move and the castling rights. The form sends its FEN to `POST /rounds/{n}/adjudicate` with
//! `source=editor`; a position that cannot be adjudicated (no king, the side not to move in
//! check, …) comes back to the editor with its reason.
//!
//! The grid starts from `?fen=`, else the board's e-board's last position, else the start
//! position. Its squares carry `data-square` (`a1` … `h8`) and `data-piece` (the FEN letter, empty
//! for none), the palette's choices `data-piece` (`K` … `p`, empty to clear a square), so that
//! tests and assistive tools can drive it. `/desk.js` does the clicks and keeps the FEN field in
//! step; with scripting off the FEN field is typed.

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::json;

use super::extract::{PageQuery, RoundNo};
use super::view::{Page, error_page, render_status};
use super::{Shared, WebError};
use crate::i18n::Lang;

/// The start position's FEN (Laws 2.3).
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The palette's pieces in the order shown: White's, then Black's (FEN letters).
const PIECES: &str = "KQRBNPkqrbnp";

/// `GET /rounds/{n}/position?board=B[&fen=FEN]`: the editor for board `B`.
pub(super) async fn editor(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    q: PageQuery,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    let lang = app.lang(q.lang.as_deref());
    let board = params
        .get("board")
        .and_then(|b| b.trim().parse::<u32>().ok());
    let Some(board) = board else {
        let e = WebError::BadRequest(lang.msg("web-position-no-board"));
        return error_page(&app, lang, &format!("/rounds/{n}"), &e);
    };
    // The group shown's board (an event of one group: 0); a group the event does not have is
    // refused, as on every page, never read as the first group's.
    let group = match app.shown_group().await {
        Ok(g) => g,
        Err(e) => return error_page(&app, lang, &format!("/rounds/{n}"), &e),
    };
    let at = crate::tournament::live::BoardKey::new(group, n, board);
    let fen = params
        .get("fen")
        .map(|f| f.trim().to_owned())
        .filter(|f| !f.is_empty())
        .or_else(|| app.live.last_position(at))
        .unwrap_or_else(|| START.to_owned());
    page(&app, (lang, &q.csrf), n, board, &fen, None).await
}

/// The editor's page for board `board` of round `n` set up as `fen`, with `error` (the reason
/// the position was refused) when there is one: status 400 then.
pub(super) async fn page(
    app: &Shared,
    (lang, csrf): (Lang, &str),
    n: u32,
    board: u32,
    fen: &str,
    error: Option<String>,
) -> Response {
    let page_path = format!("/rounds/{n}");
    let data = async {
        let t = app.load().await?;
        let players = super::desk::board_players(&t, n, board, lang)?;
        Ok::<_, WebError>(json!({
            "round": n, "board": board, "players": players, "fen": fen,
            "squares": squares(fen), "palette": palette(lang), "error": error,
            "turn": fen.split_whitespace().nth(1).unwrap_or("w"),
            "castling": fen.split_whitespace().nth(2).unwrap_or("-"),
        }))
    }
    .await;
    match data {
        Ok(data) => {
            let title = lang.fmt("web-position-title", &[("board", &board.to_string())]);
            let page = Page::new(lang, page_path, title).with_csrf(csrf);
            let status = if data["error"].is_null() {
                StatusCode::OK
            } else {
                StatusCode::BAD_REQUEST
            };
            render_status(app, status, "position.html", &page, data)
        }
        Err(e) => error_page(app, lang, &page_path, &e),
    }
}

/// The 64 squares as the grid shows them, rank 8 first, each `{name, piece, glyph, dark}`;
/// the pieces of `fen`'s placement (an unreadable placement leaves the squares empty: the
/// FEN field beside still shows what was typed).
fn squares(fen: &str) -> Vec<serde_json::Value> {
    let on: HashMap<(u8, u8), char> = super::diagram::pieces(fen)
        .unwrap_or_default()
        .into_iter()
        .map(|(file, rank, c)| ((file, rank), c))
        .collect();
    let mut out = Vec::with_capacity(64);
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let piece = on.get(&(file, rank)).copied();
            out.push(json!({
                "name": format!("{}{}", char::from(b'a' + file), rank + 1),
                "piece": piece.map(String::from).unwrap_or_default(),
                "glyph": piece.and_then(super::diagram::glyph).map(String::from).unwrap_or_default(),
                // a1 is a dark square (Laws 2.1).
                "dark": (file + rank) % 2 == 0,
            }));
        }
    }
    out
}

/// The palette: the twelve pieces, then the empty square, each `{piece, glyph, label}`.
fn palette(lang: Lang) -> Vec<serde_json::Value> {
    let mut out: Vec<serde_json::Value> = PIECES
        .chars()
        .map(|c| {
            let id = if c.is_ascii_uppercase() {
                format!("web-piece-white-{}", c.to_ascii_lowercase())
            } else {
                format!("web-piece-black-{c}")
            };
            json!({
                "piece": c.to_string(),
                "glyph": super::diagram::glyph(c).map(String::from).unwrap_or_default(),
                "label": lang.msg(&id),
            })
        })
        .collect();
    out.push(json!({"piece": "", "glyph": "×", "label": lang.msg("web-position-erase")}));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_reads_a_placement_rank_8_first() {
        let s = squares("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1");
        assert_eq!(s.len(), 64);
        assert_eq!(s[0]["name"], "a8");
        assert_eq!(s[63]["name"], "h1");
        assert_eq!(s[4]["piece"], "k");
        let at = |name: &str| s.iter().find(|q| q["name"] == name).unwrap().clone();
        assert_eq!(at("e1")["piece"], "K");
        assert_eq!(at("h1")["piece"], "R");
        assert_eq!(at("e2")["glyph"], "\u{2659}");
        assert_eq!(at("a1")["dark"], true);
        assert_eq!(at("h1")["dark"], false);
        assert_eq!(at("d4")["piece"], "");
        // Not a placement: an empty grid, never a panic.
        assert!(squares("xyz").iter().all(|q| q["piece"] == ""));
        assert!(
            squares("99999999/8/8/8/8/8/8/8 w")
                .iter()
                .all(|q| q["piece"] == "")
        );
    }
}
