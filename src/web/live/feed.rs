//! The hall's screens' event stream (`/events?for=screen`): each screen is written to once a
//! second at most, one write holding the latest `board` event of every board changed since
//! its last one (or a single `reload`), each stream at its own moment of the second.
//!
//! Why: 40 e-boards sending four placements a second, sent to 50 screens event by event, are
//! 2 000 writes a second on the server's core (loopback sockets do the reading side's work
//! there too), in bursts as the boards' messages arrive together. Written this way they are
//! 50 writes a second spread over the second, with the same boards shown: a screen follows
//! every board within a second, as the desk's pages do. The events are encoded once and the
//! same bytes go to every screen.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::body::Bytes;

use super::{KEEP_ALIVE, LiveHub, reload_frame};
use crate::board::room::BoardKey;

/// How often a screen is written to at most, and how often `reload` is issued to the screens
/// at most, in ms.
pub(super) const SCREEN_MS: u64 = 1000;

/// The latest `board` event of every board for the screens, numbered in the order of change,
/// and the `reload`s issued to them (at most one every [`SCREEN_MS`], a later one held until
/// then). Each screen's stream keeps the number it has seen and asks [`ScreenFeed::since`].
#[derive(Debug, Default)]
pub(super) struct ScreenFeed {
    /// The number this run of the server started from: a page made before it is from an
    /// earlier run.
    first: u64,
    /// The number of the last change offered (a board's event or a `reload`).
    seq: u64,
    /// Each board's latest `board` event: the board → (its number, the frame).
    boards: BTreeMap<BoardKey, (u64, Bytes)>,
    /// The number of the last `reload` issued (0: none yet).
    reload_seq: u64,
    /// When the last `reload` was issued, ms since the Unix epoch.
    reload_ms: Option<u64>,
    /// A `reload` waits to be issued.
    reload_held: bool,
    /// How many `reload`s were issued: a kept `/screen` page made before the last one is made
    /// again (the screens that follow it load the page to see the change it announced).
    reloads: u64,
}

impl ScreenFeed {
    /// A feed numbering its changes from `first` on: numbers no earlier run of the server
    /// gave when `first` is the time in ms × 1000 (a thousand changes a millisecond).
    pub(super) fn starting_at(first: u64) -> ScreenFeed {
        ScreenFeed {
            first,
            seq: first,
            ..ScreenFeed::default()
        }
    }

    /// Board `board`'s latest `board` event, replacing the one before.
    pub(super) fn offer(&mut self, board: BoardKey, frame: Bytes) {
        self.seq += 1;
        self.boards.insert(board, (self.seq, frame));
    }

    /// A change the screens show, at `now_ms`: a `reload` issued now, or held until a second
    /// has passed since the last one ([`ScreenFeed::due`]).
    pub(super) fn offer_reload(&mut self, now_ms: u64) {
        if self
            .reload_ms
            .is_none_or(|t| now_ms.saturating_sub(t) >= SCREEN_MS)
        {
            self.seq += 1;
            self.reload_seq = self.seq;
            self.reload_ms = Some(now_ms);
            self.reload_held = false;
            self.reloads += 1;
        } else {
            self.reload_held = true;
        }
    }

    /// Issues the held `reload` when its second is over at `now_ms`.
    pub(super) fn due(&mut self, now_ms: u64) {
        if self.reload_held {
            self.offer_reload(now_ms);
        }
    }

    /// The number of the last change: a page made now shows everything up to it.
    pub(super) fn seq(&self) -> u64 {
        self.seq
    }

    /// How many `reload`s were issued so far.
    pub(super) fn reloads(&self) -> u64 {
        self.reloads
    }

    /// What a screen that has seen the changes up to number `seen` is sent now, and the number
    /// it has seen then: `reload` alone when one was issued since (the page loaded again shows
    /// every board), else the latest event of each board changed since, in the order of
    /// change. A number this feed never gave (a page from an earlier run of the server) is
    /// answered with `reload`.
    pub(super) fn since(&self, seen: u64) -> (Vec<Bytes>, u64) {
        if self.reload_seq > seen || seen > self.seq || seen < self.first {
            return (vec![reload_frame()], self.seq);
        }
        let mut changed: Vec<&(u64, Bytes)> =
            self.boards.values().filter(|(n, _)| *n > seen).collect();
        changed.sort_by_key(|(n, _)| *n);
        (
            changed.into_iter().map(|(_, f)| f.clone()).collect(),
            self.seq,
        )
    }
}

/// The moment of the second at which screen stream number `n` is written: spread over the
/// second (steps of 0.618 s modulo 1 s), so that 50 screens are not written at once.
fn phase(n: u64) -> Duration {
    Duration::from_millis(n.wrapping_mul(618) % SCREEN_MS)
}

/// A screen's event stream: at once what changed since `since` (the number its page was made
/// at) when given, then every [`SCREEN_MS`] what changed since the last write, in one write;
/// a comment line when nothing was written for [`KEEP_ALIVE`].
pub(super) fn screen_stream(
    hub: Arc<LiveHub>,
    since: Option<u64>,
) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> {
    let n = hub.screen_streams.fetch_add(1, Ordering::Relaxed);
    let start = tokio::time::Instant::now();
    let first = if since.is_some() {
        start
    } else {
        start + phase(n)
    };
    let mut every = tokio::time::interval_at(first, Duration::from_millis(SCREEN_MS));
    // A late write is followed by the next a whole period after, not by the missed ones.
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let seen = since.unwrap_or_else(|| hub.screen_feed().seq());
    futures_util::stream::unfold(
        (hub, every, seen, start),
        |(hub, mut every, mut seen, mut written)| async move {
            loop {
                every.tick().await;
                let (frames, now_seen) = hub.screen_feed().since(seen);
                seen = now_seen;
                let out = if frames.is_empty() {
                    if written.elapsed() < KEEP_ALIVE {
                        continue;
                    }
                    Bytes::from_static(b":\n\n")
                } else {
                    let mut all = Vec::with_capacity(frames.iter().map(Bytes::len).sum());
                    for f in &frames {
                        all.extend_from_slice(f);
                    }
                    Bytes::from(all)
                };
                written = tokio::time::Instant::now();
                return Some((Ok(out), (hub, every, seen, written)));
            }
        },
    )
}

/// The number `since` of a `/events?for=screen&since=N` query.
pub(super) fn since_of(query: Option<&str>) -> Option<u64> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("since="))
        .and_then(|n| n.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &'static str) -> Bytes {
        Bytes::from_static(s.as_bytes())
    }

    #[test]
    fn a_screen_gets_each_board_changed_since_its_last_write_and_only_its_latest() {
        let mut feed = ScreenFeed::default();
        let (none, seen) = feed.since(0);
        assert!(none.is_empty());
        assert_eq!(seen, 0);
        feed.offer(BoardKey::new(0, 1, 1), f("a"));
        feed.offer(BoardKey::new(0, 1, 2), f("x"));
        feed.offer(BoardKey::new(0, 1, 1), f("b"));
        feed.offer(BoardKey::new(0, 1, 1), f("c"));
        // Board 2 changed before board 1's latest: in the order of change.
        let (sent, seen) = feed.since(0);
        assert_eq!(sent, [f("x"), f("c")]);
        assert_eq!(seen, 4);
        assert!(feed.since(seen).0.is_empty());
        feed.offer(BoardKey::new(0, 1, 2), f("y"));
        assert_eq!(feed.since(seen), (vec![f("y")], 5));
        // A screen whose page was made before board 2's first change gets both boards.
        assert_eq!(feed.since(1).0, [f("c"), f("y")]);
        // A number from an earlier run of the server: the page is loaded again.
        assert_eq!(feed.since(99).0, [reload_frame()]);
    }

    #[test]
    fn a_page_of_an_earlier_run_is_loaded_again() {
        // The earlier run started at 1 000 000, gave numbers up to 1 000 600; this one starts
        // at 2 000 000 and has given 40.
        let mut feed = ScreenFeed::starting_at(2_000_000);
        for n in 0..40 {
            feed.offer(BoardKey::new(0, 1, n % 4), f("b"));
        }
        assert_eq!(feed.since(1_000_600).0, [reload_frame()]);
        // Its own pages get what changed.
        assert_eq!(feed.since(2_000_000).0.len(), 4);
        assert!(feed.since(2_000_040).0.is_empty());
    }

    #[test]
    fn a_reload_goes_alone_and_at_most_once_a_second() {
        let mut feed = ScreenFeed::default();
        feed.offer(BoardKey::new(0, 1, 4), f("b"));
        feed.offer_reload(5_000);
        assert_eq!(feed.reloads(), 1);
        // The page loaded again shows board 4: the reload alone.
        let (sent, seen) = feed.since(0);
        assert_eq!(sent, [reload_frame()]);
        assert!(feed.since(seen).0.is_empty());
        // Three more within the second: one, held until the second is over.
        feed.offer_reload(5_100);
        feed.offer_reload(5_400);
        assert_eq!(feed.reloads(), 1);
        feed.offer(BoardKey::new(0, 1, 4), f("c"));
        assert_eq!(feed.since(seen).0, [f("c")]);
        feed.due(5_999);
        assert_eq!(feed.reloads(), 1);
        feed.due(6_000);
        assert_eq!(feed.reloads(), 2);
        assert_eq!(feed.since(seen).0, [reload_frame()]);
        feed.due(9_000);
        assert_eq!(feed.reloads(), 2);
    }

    #[test]
    fn the_screens_are_written_at_spread_moments_of_the_second() {
        let mut at: Vec<u128> = (0..50).map(|n| phase(n).as_millis()).collect();
        assert!(at.iter().all(|&ms| ms < 1000));
        at.sort_unstable();
        at.dedup();
        assert_eq!(at.len(), 50);
        // No two of the 50 within 10 ms of each other.
        assert!(at.windows(2).all(|w| w[1] - w[0] >= 10), "{at:?}");
    }

    #[test]
    fn the_number_seen_is_read_from_the_query() {
        assert_eq!(since_of(Some("for=screen&since=42")), Some(42));
        assert_eq!(since_of(Some("since=7&for=screen")), Some(7));
        assert_eq!(since_of(Some("for=screen")), None);
        assert_eq!(since_of(Some("for=screen&since=x")), None);
        assert_eq!(since_of(None), None);
    }
}
