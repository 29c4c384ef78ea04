//! `/screen`, the hall's big screen, and the pages of it kept between changes: a TV in the
//! hall and one in the parents' room, or fifty phones, cost one rendering per change of the
//! event or of the boards, not one per viewer, and no reading of the state file while it
//! stays as it is. The play-out countdowns are left out of the kept page and written into it
//! at each request from the server's clock (CR 4.3: the server holds the time), so a reload
//! shows the seconds left, script or not.

use std::collections::BTreeMap;
use std::path::Path;

use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::super::extract::PageQuery;
use super::super::view::{Page, error_page, render_html};
use super::super::{Shared, WebError};
use super::pages::{clock, round_live_data};
use super::{LiveHub, now_ms};
use crate::tournament::live::Playout;
use crate::tournament::{GameRef, Tournament};

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
    /// The stamp of the event's database at `path` and its `-wal` (where a change is written
    /// until SQLite copies it into the file); `None` when it cannot be read (the page is then
    /// made afresh).
    fn of(path: &Path) -> Option<FileStamp> {
        let m = std::fs::metadata(path).ok()?;
        let mut wal = path.as_os_str().to_os_string();
        wal.push("-wal");
        let w = std::fs::metadata(std::path::PathBuf::from(wal)).ok();
        Some(FileStamp {
            len: m.len() + w.as_ref().map_or(0, |w| w.len() << 32),
            modified: m
                .modified()
                .ok()
                .max(w.as_ref().and_then(|w| w.modified().ok())),
            #[cfg(unix)]
            unix: {
                use std::os::unix::fs::MetadataExt;
                let (ct, cn) = w.as_ref().map_or((0, 0), |w| (w.ctime(), w.ctime_nsec()));
                (m.dev(), m.ino(), m.ctime() ^ (ct << 1), m.ctime_nsec() ^ cn)
            },
        })
    }
}

/// A `/screen` page's language code, view (true for the standings) and group (its index).
pub(super) type ScreenSlot = (&'static str, bool, usize);

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
    /// The screens' count of `reload`s sent when it was made ([`super::feed::ScreenFeed::reloads`]).
    reloads: u64,
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

/// How old a kept page may be while the boards or the state file changed since, in ms. The
/// screen's diagrams follow the boards within a second (its event stream brings each change
/// meanwhile), and a change the screen shows sends it a `reload` (at most one a second,
/// [`super::feed::ScreenFeed`]) after which the page is made again. So 40 boards moving, the live room's
/// incidents written every 250 ms and results entered as fast as the desk takes them cost at
/// most two renderings a second per language and view, not one per viewer and change.
const FRESH_MS: u64 = 1000;

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
        (changes, reloads): (u64, u64),
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
            reloads,
            made_ms: now_ms,
            over: KeptScreen::over_at(&playouts, now_ms),
            playouts,
            pieces,
        }
    }

    /// Whether the page may still be shown for the event in state file `file`, the room at
    /// `changes` and the screens' `reloads`, at `now_ms`: no `reload` sent since it was made
    /// (the screens that follow one must see what it announced), no play-out over since, and
    /// the same event and boards or a page at most [`FRESH_MS`] old.
    fn fits(&self, file: &FileStamp, (changes, reloads): (u64, u64), now_ms: u64) -> bool {
        self.reloads == reloads
            && self.over == KeptScreen::over_at(&self.playouts, now_ms)
            && ((self.file == *file && self.changes == changes)
                || now_ms.saturating_sub(self.made_ms) < FRESH_MS)
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
    /// The kept `/screen` page of language `lang` and view `standings`, when it may still be
    /// shown for the event in state file `file`, the room's and the screens' counts `seen`
    /// ([`KeptScreen::fits`]), at `now_ms`.
    fn screen_kept(
        &self,
        slot: ScreenSlot,
        file: &FileStamp,
        seen: (u64, u64),
        now_ms: u64,
    ) -> Option<String> {
        let screens = self
            .screens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        screens
            .get(&slot)
            .filter(|k| k.fits(file, seen, now_ms))
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

/// The play-outs of round `round`'s unfinished boards of `t`, group `group` of the event, by
/// board.
fn playouts_of(t: &Tournament, group: usize, round: u32) -> BTreeMap<u32, Playout> {
    t.live
        .playouts
        .iter()
        .filter(|p| p.group == group && p.round == round)
        .filter(|p| {
            t.board_of(p.round, GameRef::Board(p.board))
                .is_ok_and(|g| g.result.is_none())
        })
        .map(|p| (p.board, p.clone()))
        .collect()
}

/// `/screen`: the hall's big screen, read-only, no token: the current round's pairings (with
/// the live diagrams and play-out countdowns when there are), then the standings, switching by
/// itself every 20 s (`?view=standings`). In an event of several groups the page goes through
/// every group's pairings, then every group's standings (`?group=N`, [`next_screen`]), each
/// headed by the group's name. Kept between changes ([`KeptScreen`]).
pub(in crate::web) async fn screen(State(app): State<Shared>, q: PageQuery, uri: Uri) -> Response {
    let page = app.page(&q, &uri, |l| l.msg("web-screen-title"));
    let lang = page.lang;
    let standings_view = uri
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "view=standings"));
    let group = uri
        .query()
        .and_then(|q| {
            q.split('&')
                .find_map(|kv| kv.strip_prefix("group=")?.parse().ok())
        })
        .unwrap_or(0);
    let slot = (lang.code(), standings_view, group);
    // A page after a change (`?saved`, `?note`) says so: not kept.
    let keep = !page.saved && page.notes.is_empty();
    // The room's count and the file's stamp taken before the state is read: a change
    // meanwhile makes the next page new.
    let kept = || {
        let (reloads, since) = {
            let feed = app.live.screen_feed();
            (feed.reloads(), feed.seq())
        };
        let seen = (app.live.room().changes(), reloads);
        let file = FileStamp::of(&app.config.state);
        let now = now_ms();
        let html = file
            .as_ref()
            .filter(|_| keep)
            .and_then(|f| app.live.screen_kept(slot, f, seen, now));
        (html, seen, since, file, now)
    };
    if let (Some(html), ..) = kept() {
        return html_page(html);
    }
    // One rendering at a time; a screen that waited takes the page just kept when it fits.
    let _rendering = app.live.screen_rendering.lock().await;
    let (html, seen, since, file, now) = kept();
    if let Some(html) = html {
        return html_page(html);
    }
    // Made on a blocking thread: result entry's requests go on while it is drawn.
    let shown = {
        let app = app.clone();
        let made = Made {
            slot,
            keep,
            seen,
            since,
            file,
            now,
        };
        tokio::task::spawn_blocking(move || make_screen(&app, &page, made)).await
    };
    shown.unwrap_or_else(|e| {
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("page screen.html: {e}"),
        )
            .into_response()
    })
}

/// What a `/screen` page is made from: its slot, whether it is kept, the counts and the
/// state file's stamp taken before the state is read, and the moment.
struct Made {
    slot: ScreenSlot,
    keep: bool,
    seen: (u64, u64),
    since: u64,
    file: Option<FileStamp>,
    now: u64,
}

/// The `/screen` address after the page of group `group` (of `groups`) and view
/// `standings`: the next group's pairings, after the last group's the first group's
/// standings, after the last group's standings the first group's pairings. An event of one
/// group: its pairings and standings in turn, with no group in the address.
pub(super) fn next_screen(lang: &str, groups: usize, group: usize, standings: bool) -> String {
    if groups < 2 {
        let view = if standings { "" } else { "&view=standings" };
        return format!("/screen?lang={lang}{view}");
    }
    let (next, standings) = if group + 1 < groups {
        (group + 1, standings)
    } else {
        (0, !standings)
    };
    let view = if standings { "&view=standings" } else { "" };
    format!("/screen?lang={lang}&group={next}{view}")
}

/// Makes a `/screen` page from the state file (and keeps it when `made.keep`): the current
/// round's boards with their diagrams and countdowns, the standings, of the group asked.
fn make_screen(app: &Shared, page: &Page, made: Made) -> Response {
    let (lang, standings_view, now) = (page.lang, made.slot.1, made.now);
    let e = match crate::tournament::record::load_any_event(&app.config.state) {
        Ok(e) => e,
        Err(e) => return error_page(app, lang, "/", &WebError::from(e)),
    };
    let group = if made.slot.2 < e.len() {
        made.slot.2
    } else {
        0
    };
    let t = e.group(group);
    let round = t.paired_rounds();
    // The group's own boards and play-outs (the e-boards put on its boards).
    let playouts = playouts_of(&t, group, round);
    let mut data = round_live_data(app, &t, group, round, lang);
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
        // The screen's stream starts from the changes this page shows.
        d.insert("since".into(), json!(made.since));
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
            json!(next_screen(lang.code(), e.len(), group, standings_view)),
        );
        if e.len() > 1 {
            d.insert("screen_group".into(), json!(e.names()[group]));
        }
        if let Some(public) = app.public_qr(group) {
            d.insert("public".into(), public);
        }
    }
    match render_html(app, "screen.html", page, data) {
        Ok(html) => {
            let kept = KeptScreen::new(
                &html,
                made.file.clone().unwrap_or(FileStamp {
                    len: 0,
                    modified: None,
                    #[cfg(unix)]
                    unix: (0, 0, 0, 0),
                }),
                made.seen,
                playouts,
                now,
            );
            let shown = kept.page(now);
            if made.keep && made.file.is_some() {
                app.live.keep_screen(made.slot, kept);
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
    fn the_screen_goes_through_every_group() {
        assert_eq!(
            next_screen("ru", 1, 0, false),
            "/screen?lang=ru&view=standings"
        );
        assert_eq!(next_screen("ru", 1, 0, true), "/screen?lang=ru");
        // Pairings of A, B, C; then standings of A, B, C; then A's pairings again.
        let mut at = (0, false);
        let mut seen = Vec::new();
        for _ in 0..7 {
            seen.push(next_screen("en", 3, at.0, at.1));
            let next = seen.last().unwrap();
            at = (
                next.split("group=").nth(1).unwrap()[..1].parse().unwrap(),
                next.ends_with("view=standings"),
            );
        }
        assert_eq!(
            seen,
            [
                "/screen?lang=en&group=1",
                "/screen?lang=en&group=2",
                "/screen?lang=en&group=0&view=standings",
                "/screen?lang=en&group=1&view=standings",
                "/screen?lang=en&group=2&view=standings",
                "/screen?lang=en&group=0",
                "/screen?lang=en&group=1",
            ]
        );
    }

    #[test]
    fn a_kept_page_writes_the_seconds_left_at_each_request() {
        let p = Playout {
            group: 0,
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
        let kept = KeptScreen::new(
            &html,
            file.clone(),
            (7, 2),
            BTreeMap::from([(3, p)]),
            1_000_000,
        );
        assert_eq!(
            kept.page(1_000_000),
            "<td data-remaining=\"300\"><b>5:00</b></td>"
        );
        // 61.5 s later: 238.5 s left, shown rounded up.
        assert_eq!(
            kept.page(1_061_500),
            "<td data-remaining=\"239\"><b>3:59</b></td>"
        );
        assert!(kept.fits(&file, (7, 2), 1_299_999));
        // Over: the page is made again (the board shows its adjudication).
        assert!(!kept.fits(&file, (7, 2), 1_300_000));
        // The boards changed: kept for a second, then made again.
        assert!(kept.fits(&file, (8, 2), 1_000_999));
        assert!(!kept.fits(&file, (8, 2), 1_001_000));
        // The event changed (a result, the room's incidents written): the same.
        let mut other = file.clone();
        other.len = 2;
        assert!(kept.fits(&other, (7, 2), 1_000_999));
        assert!(!kept.fits(&other, (7, 2), 1_001_000));
        // A reload was issued to the screens since: made again at once, whatever changed.
        assert!(!kept.fits(&file, (7, 3), 1_000_001));
    }
}
