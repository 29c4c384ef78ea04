//! `/screen`, the hall's big screen, and the pages of it kept between changes: a TV in the
//! hall and one in the parents' room, or fifty phones, cost one rendering per change of the
//! event or of the boards, not one per viewer, and no reading of the state file while it
//! stays as it is. The play-out countdowns are left out of the kept page and written into it
//! at each request from the server's clock (CR 4.3: the server holds the time), so a reload
//! shows the seconds left, script or not.

use std::collections::BTreeMap;
use std::path::Path;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::super::Shared;
use super::super::extract::PageQuery;
use super::super::view::{error_page, render_html};
use super::pages::{clock, round_live_data};
use super::{LiveHub, now_ms};
use crate::tournament::live::Playout;
use crate::tournament::{GameRef, Tournament};

/// What the hall's screens' event stream sends: each board's `board` event at once when the
/// last one sent is [`SCREEN_BOARD_MS`] old, else the latest held until it is; `reload` at most
/// once every [`SCREEN_BOARD_MS`] as well, held meanwhile. A screen follows every board within
/// a second, as the desk's pages do, and 40 boards sending four placements a second cost it
/// 40 events a second, not 160 (each with its diagram, to every screen). The screen shows no
/// incidents, proposals or forms, so a board's new incident is its `board` event to it, not a
/// `reload` (which would make every screen load the page again).
#[derive(Debug, Default)]
pub(super) struct ScreenFeed {
    /// When each board's last event was sent, `(round, board)` → ms since the Unix epoch.
    sent: BTreeMap<(u32, u32), u64>,
    /// Each board's latest event not yet sent.
    held: BTreeMap<(u32, u32), Bytes>,
    /// When the last `reload` was sent, ms since the Unix epoch.
    reload_sent: Option<u64>,
    /// A `reload` waits to be sent.
    reload_held: bool,
}

/// How often a screen is sent one board's events, or `reload`, at most, in ms.
pub(super) const SCREEN_BOARD_MS: u64 = 1000;

/// Whether an event last sent at `sent` may be sent again at `now_ms`.
fn may_send(sent: Option<&u64>, now_ms: u64) -> bool {
    sent.is_none_or(|&t| now_ms.saturating_sub(t) >= SCREEN_BOARD_MS)
}

impl ScreenFeed {
    /// Board `board`'s `board` event `frame` at `now_ms`: to send now, or held (`None`).
    pub(super) fn offer(&mut self, board: (u32, u32), frame: Bytes, now_ms: u64) -> Option<Bytes> {
        if may_send(self.sent.get(&board), now_ms) {
            self.held.remove(&board);
            self.sent.insert(board, now_ms);
            Some(frame)
        } else {
            self.held.insert(board, frame);
            None
        }
    }

    /// A `reload` at `now_ms` (`reload`, the frame): to send now, or held (`None`). Sent, it
    /// drops the boards' events held (the page loaded again shows them).
    pub(super) fn offer_reload(&mut self, reload: Bytes, now_ms: u64) -> Option<Bytes> {
        if may_send(self.reload_sent.as_ref(), now_ms) {
            self.reload_held = false;
            self.reload_sent = Some(now_ms);
            self.held.clear();
            Some(reload)
        } else {
            self.reload_held = true;
            None
        }
    }

    /// The held events due at `now_ms`, to send now (`reload`, the frame of a held reload).
    pub(super) fn due(&mut self, reload: &Bytes, now_ms: u64) -> Vec<Bytes> {
        if self.reload_held && may_send(self.reload_sent.as_ref(), now_ms) {
            return self
                .offer_reload(reload.clone(), now_ms)
                .into_iter()
                .collect();
        }
        let due: Vec<(u32, u32)> = self
            .held
            .keys()
            .filter(|b| may_send(self.sent.get(b), now_ms))
            .copied()
            .collect();
        let mut out = Vec::with_capacity(due.len());
        for b in due {
            if let Some(f) = self.held.remove(&b) {
                self.sent.insert(b, now_ms);
                out.push(f);
            }
        }
        out
    }
}

/// The state file as it lies on disk: device, file number, length, modification and change
/// times. A change of the event writes a new file and renames it over the old one (the store's
/// atomic write), so an equal stamp is the same event, known without reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct FileStamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    unix: (u64, u64, i64, i64),
}

impl FileStamp {
    /// The stamp of `path`; `None` when it cannot be read (the page is then made afresh).
    fn of(path: &Path) -> Option<FileStamp> {
        let m = std::fs::metadata(path).ok()?;
        Some(FileStamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            unix: {
                use std::os::unix::fs::MetadataExt;
                (m.dev(), m.ino(), m.ctime(), m.ctime_nsec())
            },
        })
    }
}

/// A `/screen` page's language code and view (true for the standings).
pub(super) type ScreenSlot = (&'static str, bool);

/// A kept `/screen` page: what it was made from, and its HTML in pieces with the countdowns
/// left out.
#[derive(Debug)]
pub(super) struct KeptScreen {
    /// The state file it was made from.
    file: FileStamp,
    /// The live room's count of changes it was made with ([`LiveRoom::changes`]).
    ///
    /// [`LiveRoom::changes`]: crate::board::room::LiveRoom::changes
    changes: u64,
    /// When it was made, ms since the Unix epoch (the server's clock).
    made_ms: u64,
    /// The play-outs of unfinished boards it shows, by board.
    playouts: BTreeMap<u32, Playout>,
    /// How many of them were over when it was made: one more over and the page shows that
    /// board differently (its adjudication), so it is made again.
    over: usize,
    pieces: Vec<Piece>,
}

/// A piece of a kept page.
#[derive(Debug)]
enum Piece {
    Html(String),
    /// The seconds left of board `.0`'s play-out (the page's script counts down from them).
    Seconds(u32),
    /// The same as a clock, `m:ss`.
    Clock(u32),
}

/// How old the boards a kept page shows may be, in ms: the screen's diagrams follow the
/// boards within a second (its event stream brings each change meanwhile), so 40 boards
/// moving cost one rendering a second, not one per viewer and change.
const BOARDS_FRESH_MS: u64 = 1000;

/// Marks a countdown's place in a rendered page (a private-use character no page writes).
const MARK: char = '\u{E000}';

impl KeptScreen {
    /// How many of the play-outs shown are over at `now_ms`.
    fn over_at(playouts: &BTreeMap<u32, Playout>, now_ms: u64) -> usize {
        playouts.values().filter(|p| p.ends_ms() <= now_ms).count()
    }

    /// The page made from `html`, rendered with the marks of [`mark`] in place of the
    /// countdowns of `playouts`.
    fn new(
        html: &str,
        file: FileStamp,
        changes: u64,
        playouts: BTreeMap<u32, Playout>,
        now_ms: u64,
    ) -> KeptScreen {
        let mut pieces = Vec::new();
        for (i, part) in html.split(MARK).enumerate() {
            let countdown = (i % 2 == 1)
                .then(|| {
                    let (kind, board) = part.split_at_checked(1)?;
                    let board: u32 = board.parse().ok()?;
                    match kind {
                        "s" => Some(Piece::Seconds(board)),
                        "c" => Some(Piece::Clock(board)),
                        _ => None,
                    }
                })
                .flatten();
            pieces.push(countdown.unwrap_or_else(|| Piece::Html(part.to_string())));
        }
        KeptScreen {
            file,
            changes,
            made_ms: now_ms,
            over: KeptScreen::over_at(&playouts, now_ms),
            playouts,
            pieces,
        }
    }

    /// Whether the page still shows the event in state file `file` with the room at
    /// `changes`, at `now_ms`: the same event, no play-out over since, and the same boards or
    /// boards at most [`BOARDS_FRESH_MS`] older.
    fn fits(&self, file: &FileStamp, changes: u64, now_ms: u64) -> bool {
        self.file == *file
            && (self.changes == changes || now_ms.saturating_sub(self.made_ms) < BOARDS_FRESH_MS)
            && self.over == KeptScreen::over_at(&self.playouts, now_ms)
    }

    /// The page at `now_ms`: the countdowns from the server's clock.
    fn page(&self, now_ms: u64) -> String {
        let mut out = String::with_capacity(
            self.pieces
                .iter()
                .map(|p| match p {
                    Piece::Html(h) => h.len(),
                    _ => 8,
                })
                .sum(),
        );
        for p in &self.pieces {
            let left = |b: &u32| self.playouts.get(b).map_or(0, |p| p.remaining_s(now_ms));
            match p {
                Piece::Html(h) => out.push_str(h),
                Piece::Seconds(b) => out.push_str(&left(b).to_string()),
                Piece::Clock(b) => out.push_str(&clock(left(b))),
            }
        }
        out
    }
}

/// The mark of board `board`'s countdown, `kind` `s` (seconds) or `c` (clock).
fn mark(kind: char, board: u32) -> String {
    format!("{MARK}{kind}{board}{MARK}")
}

impl LiveHub {
    /// The kept `/screen` page of language `lang` and view `standings`, when it still shows
    /// the event in state file `file` with the room at `changes`, at `now_ms`.
    fn screen_kept(
        &self,
        slot: ScreenSlot,
        file: &FileStamp,
        changes: u64,
        now_ms: u64,
    ) -> Option<String> {
        let screens = self
            .screens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        screens
            .get(&slot)
            .filter(|k| k.fits(file, changes, now_ms))
            .map(|k| k.page(now_ms))
    }

    /// Keeps a `/screen` page.
    fn keep_screen(&self, slot: ScreenSlot, kept: KeptScreen) {
        self.screens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(slot, kept);
    }
}

/// The play-outs of round `round`'s unfinished boards, by board.
fn playouts_of(t: &Tournament, round: u32) -> BTreeMap<u32, Playout> {
    t.live
        .playouts
        .iter()
        .filter(|p| p.round == round)
        .filter(|p| {
            t.board_of(p.round, GameRef::Board(p.board))
                .is_ok_and(|g| g.result.is_none())
        })
        .map(|p| (p.board, p.clone()))
        .collect()
}

/// `/screen`: the hall's big screen, read-only, no token: the current round's pairings (with
/// the live diagrams and play-out countdowns when there are), then the standings, switching by
/// itself every 20 s (`?view=standings`). Kept between changes ([`KeptScreen`]).
pub(in crate::web) async fn screen(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-screen-title"));
    let lang = page.lang;
    let standings_view = uri
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "view=standings"));
    let slot = (lang.code(), standings_view);
    // A page after a change (`?saved`, `?note`) says so: not kept.
    let keep = !page.saved && page.notes.is_empty();
    // The room's count and the file's stamp taken before the state is read: a change
    // meanwhile makes the next page new.
    let kept = || {
        let changes = app.live.room().changes();
        let file = FileStamp::of(&app.config.state);
        let now = now_ms();
        let html = file
            .as_ref()
            .filter(|_| keep)
            .and_then(|f| app.live.screen_kept(slot, f, changes, now));
        (html, changes, file, now)
    };
    if let (Some(html), ..) = kept() {
        return html_page(html);
    }
    // One rendering at a time; a screen that waited takes the page just kept when it fits.
    let _rendering = app.live.screen_rendering.lock().await;
    let (html, changes, file, now) = kept();
    if let Some(html) = html {
        return html_page(html);
    }
    let t = match app.load().await {
        Ok(t) => t,
        Err(e) => return error_page(&app, lang, "/", &e),
    };
    let round = t.paired_rounds();
    let playouts = playouts_of(&t, round);
    let mut data = round_live_data(&app, &t, round, lang);
    // The countdowns as marks, written at each request.
    if let Some(boards) = data.get_mut("boards").and_then(Value::as_array_mut) {
        for b in boards {
            let n = b["board"].as_u64().and_then(|n| u32::try_from(n).ok());
            if let Some(n) = n.filter(|n| playouts.contains_key(n))
                && !b["remaining"].is_null()
            {
                b["remaining"] = json!(mark('s', n));
                b["remaining_shown"] = json!(mark('c', n));
            }
        }
    }
    let report = app.standings(&t);
    let rows: Vec<Value> = report
        .standings
        .iter()
        .map(|r| {
            json!({"rank": r.rank, "name": r.name,
                   "points": crate::tournament::standings::fmt_decimal(r.points, lang)})
        })
        .collect();
    if let Some(d) = data.as_object_mut() {
        d.insert("standings".into(), json!(rows));
        d.insert(
            "view".into(),
            json!(if standings_view {
                "standings"
            } else {
                "pairings"
            }),
        );
        d.insert(
            "next".into(),
            json!(format!(
                "/screen?lang={}{}",
                lang.code(),
                if standings_view {
                    ""
                } else {
                    "&view=standings"
                }
            )),
        );
    }
    match render_html(&app, "screen.html", &page, data) {
        Ok(html) => {
            let kept = KeptScreen::new(
                &html,
                file.clone().unwrap_or(FileStamp {
                    len: 0,
                    modified: None,
                    #[cfg(unix)]
                    unix: (0, 0, 0, 0),
                }),
                changes,
                playouts,
                now,
            );
            let shown = kept.page(now);
            if keep && file.is_some() {
                app.live.keep_screen(slot, kept);
            }
            html_page(shown)
        }
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("page screen.html: {e:#}"),
        )
            .into_response(),
    }
}

/// A page of HTML, status 200.
fn html_page(html: String) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_screen_gets_each_board_at_most_once_a_second_and_its_latest() {
        let mut feed = ScreenFeed::default();
        let f = |s: &'static str| Bytes::from_static(s.as_bytes());
        let r = f("r");
        assert_eq!(feed.offer((1, 1), f("a"), 10_000), Some(f("a")));
        // Another board is not held back by the first.
        assert_eq!(feed.offer((1, 2), f("x"), 10_100), Some(f("x")));
        assert_eq!(feed.offer((1, 1), f("b"), 10_250), None);
        assert_eq!(feed.offer((1, 1), f("c"), 10_500), None);
        assert!(feed.due(&r, 10_999).is_empty());
        assert_eq!(feed.due(&r, 11_000), [f("c")]);
        assert!(feed.due(&r, 13_000).is_empty());
        // A reload goes at once when none went for a second, and drops what was held.
        assert_eq!(feed.offer((1, 1), f("d"), 11_200), None);
        assert_eq!(feed.offer_reload(r.clone(), 11_300), Some(r.clone()));
        assert!(feed.due(&r, 20_000).is_empty());
    }

    #[test]
    fn a_screen_gets_at_most_one_reload_a_second() {
        let mut feed = ScreenFeed::default();
        let r = Bytes::from_static(b"r");
        assert_eq!(feed.offer_reload(r.clone(), 5_000), Some(r.clone()));
        // Three more within the second: one, held until the second is over.
        assert_eq!(feed.offer_reload(r.clone(), 5_100), None);
        assert_eq!(feed.offer_reload(r.clone(), 5_400), None);
        assert_eq!(
            feed.offer((1, 4), Bytes::from_static(b"b"), 5_500),
            Some(Bytes::from_static(b"b"))
        );
        assert_eq!(feed.offer((1, 4), Bytes::from_static(b"c"), 5_600), None);
        assert!(feed.due(&r, 5_999).is_empty());
        // The held reload goes, and the board's held event with it (the page shows it).
        assert_eq!(feed.due(&r, 6_000), [Bytes::from_static(b"r")]);
        assert!(feed.due(&r, 6_500).is_empty());
        assert!(feed.due(&r, 9_000).is_empty());
    }

    #[test]
    fn a_kept_page_writes_the_seconds_left_at_each_request() {
        let p = Playout {
            round: 1,
            board: 3,
            started_ms: 1_000_000,
            seconds: 300,
        };
        let html = format!(
            "<td data-remaining=\"{}\"><b>{}</b></td>",
            mark('s', 3),
            mark('c', 3)
        );
        let file = FileStamp {
            len: 1,
            modified: None,
            #[cfg(unix)]
            unix: (1, 2, 3, 4),
        };
        let kept = KeptScreen::new(&html, file.clone(), 7, BTreeMap::from([(3, p)]), 1_000_000);
        assert_eq!(
            kept.page(1_000_000),
            "<td data-remaining=\"300\"><b>5:00</b></td>"
        );
        // 61.5 s later: 238.5 s left, shown rounded up.
        assert_eq!(
            kept.page(1_061_500),
            "<td data-remaining=\"239\"><b>3:59</b></td>"
        );
        assert!(kept.fits(&file, 7, 1_299_999));
        // Over: the page is made again (the board shows its adjudication).
        assert!(!kept.fits(&file, 7, 1_300_000));
        // The boards changed: kept for a second, then made again.
        assert!(kept.fits(&file, 8, 1_000_999));
        assert!(!kept.fits(&file, 8, 1_001_000));
        // The event changed: made again at once.
        let mut other = file.clone();
        other.len = 2;
        assert!(!kept.fits(&other, 7, 1_000_001));
    }
}
