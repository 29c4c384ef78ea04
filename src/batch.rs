//! Parallel replay of game databases (`arbiter replay`): every game of one or more PGN files
//! (plain or compressed, or standard input) judged by the judge, with the database-level
//! findings about its recorded result, in input order, in bounded memory.
//!
//! The pipeline:
//!
//! ```text
//!  rayon pool (--jobs workers, each in turn at the feed)                  calling thread
//!  feed: input::open ─► split::Splitter ─► judge the chunk taken ─► reorder ─► sink (in order)
//!        (decompress)   (cut at game            ▲                               │
//!                        boundaries)            └──── permits (bounded) ◄───────┘
//! ```
//!
//! A worker takes a permit, cuts the next chunk under the feed's lock and judges it while
//! another worker cuts the one after: `--jobs N` uses N cores (no extra reader thread).
//!
//! At most [`Options::in_flight`] chunks exist at once (being judged or waiting for their
//! turn), so the memory is bounded by `in_flight × chunk_bytes` whatever the file size. The
//! cut points depend only on the bytes, so the output is the same for every `--jobs`.
//!
//! This file is the generic pipeline ([`run`]); `game` holds what a replay does with each
//! game ([`judge_chunk`], [`replay`], [`GameReport`]).

// Every public item says what it holds, in which units, and the rule it implements.
#![warn(missing_docs)]

pub mod discrepancy;
mod game;
pub mod input;
pub mod lines;
pub mod report;
pub mod split;

use std::collections::{BTreeMap, VecDeque};
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

use input::{InputError, Source};
use split::{Chunk, SplitError, Splitter};

pub use game::{
    GameError, GameReport, Headers, Item, Outcome, judge_chunk, judge_chunk_skipping, replay,
};

/// The PGN reader every part of the batch uses, configured alike so that the splitter and the
/// workers agree on where games end.
pub(crate) fn pgn_reader_for<R: Read>(stream: R) -> pgn_reader::Reader<R> {
    pgn_reader::Reader::new(stream)
}

/// Settings of a replay run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads; 0 means one per available core.
    pub jobs: usize,
    /// Target chunk size in bytes of decompressed PGN (chunks end at game boundaries).
    pub chunk_bytes: usize,
    /// Maximum number of chunks alive at once; 0 means `4 × jobs`.
    pub in_flight: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            jobs: 0,
            chunk_bytes: 256 * 1024,
            in_flight: 0,
        }
    }
}

/// Counters a progress display may poll from another thread while a run goes on.
#[derive(Debug, Default)]
pub struct Progress {
    /// Raw (possibly compressed) input bytes read so far.
    pub raw_bytes: Arc<AtomicU64>,
    /// Games handed to the sink so far.
    pub games: AtomicU64,
}

/// Where a chunk's items came from.
#[derive(Clone, Debug)]
pub struct FileInfo {
    /// The input's name (path as given, `-` for stdin).
    pub name: Arc<str>,
    /// Position of the input in the list of inputs, from 0.
    pub file_index: usize,
}

/// One event of a run, handed to the sink in input order.
#[derive(Debug)]
pub enum Event<T> {
    /// The outcome of one game; `index` is the game's number in its file, from 1.
    Game {
        /// The input.
        file: Arc<str>,
        /// Game number in the file, from 1.
        index: u64,
        /// What the worker made of it.
        item: T,
    },
    /// The input could not be opened or read on; the games before the failure were reported.
    FileError(InputError),
    /// The input was read to its end (or to its error); `games` were reported from it.
    FileDone {
        /// The input.
        file: Arc<str>,
        /// Games reported from it.
        games: u64,
        /// Decompressed bytes read from it.
        bytes: u64,
    },
}

enum Payload<T> {
    Games { file: usize, items: Vec<T> },
    FileError(InputError),
    FileDone { file: usize, bytes: u64 },
}

/// What a worker sends the calling thread: a payload and its sequence number, or the panic
/// that stopped it (the run stops, and the panic goes on in the calling thread).
type Message<T> = Result<(u64, Payload<T>), Box<dyn std::any::Any + Send>>;

/// The name of input `file` for reports (`?` past the end, which cannot happen).
fn name_at(names: &[Arc<str>], file: usize) -> Arc<str> {
    names.get(file).cloned().unwrap_or_else(|| Arc::from("?"))
}

/// The work the workers pull, in input order: every input's chunks, then its error (if any)
/// and its end. Each piece gets the next sequence number, by which the results are put back in
/// order.
struct Feed<'a, T> {
    sources: &'a [Source],
    names: &'a [Arc<str>],
    chunk_bytes: usize,
    raw_bytes: Arc<AtomicU64>,
    /// The next input to open.
    next_file: usize,
    /// The input being cut, if any.
    current: Option<OpenInput>,
    /// Payloads ready to hand out before cutting on (an input's error, its end).
    ready: VecDeque<Payload<T>>,
    seq: u64,
}

/// An input being cut into chunks.
struct OpenInput {
    splitter: Splitter<Box<dyn Read + Send>>,
    info: FileInfo,
    /// Decompressed bytes handed out in chunks so far.
    bytes: u64,
}

/// One piece of work: a chunk to judge, or a payload already made.
enum Task<T> {
    Chunk(Chunk, FileInfo),
    Ready(Payload<T>),
}

impl<T> Feed<'_, T> {
    /// The next piece of work and its sequence number; `None` when every input is done.
    fn next(&mut self) -> Option<(u64, Task<T>)> {
        let task = self.produce()?;
        let seq = self.seq;
        self.seq += 1;
        Some((seq, task))
    }

    fn produce(&mut self) -> Option<Task<T>> {
        loop {
            if let Some(payload) = self.ready.pop_front() {
                return Some(Task::Ready(payload));
            }
            if let Some(input) = &mut self.current {
                match input.splitter.next() {
                    Some(Ok(chunk)) => {
                        input.bytes = chunk.offset + chunk.bytes.len() as u64;
                        return Some(Task::Chunk(chunk, input.info.clone()));
                    }
                    Some(Err(e)) => {
                        let file = input.info.name.to_string();
                        self.ready.push_back(Payload::FileError(match e {
                            SplitError::Read { offset, source } => InputError::Read {
                                file,
                                offset,
                                source,
                            },
                            SplitError::Binary { offset } => InputError::Binary { file, offset },
                        }));
                    }
                    None => {}
                }
                // The input is read to its end or to its error.
                self.ready.push_back(Payload::FileDone {
                    file: input.info.file_index,
                    bytes: input.bytes,
                });
                self.current = None;
                continue;
            }
            let file_index = self.next_file;
            let source = self.sources.get(file_index)?;
            self.next_file += 1;
            let info = FileInfo {
                name: name_at(self.names, file_index),
                file_index,
            };
            match input::open(source, Arc::clone(&self.raw_bytes)) {
                Ok(opened) => {
                    self.current = Some(OpenInput {
                        splitter: Splitter::new(opened.reader, self.chunk_bytes),
                        info,
                        bytes: 0,
                    });
                }
                Err(e) => {
                    self.ready.push_back(Payload::FileError(e));
                    self.ready.push_back(Payload::FileDone {
                        file: file_index,
                        bytes: 0,
                    });
                }
            }
        }
    }
}

/// A counting semaphore: the number of pieces of work that may be alive at once (taken out of
/// the feed and not yet handed to the sink).
struct Permits {
    /// Free permits, and whether the run is being abandoned (no more permits then).
    free: Mutex<(usize, bool)>,
    freed: Condvar,
}

impl Permits {
    /// Waits for a permit; `false` once the run is abandoned.
    fn acquire(&self) -> bool {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        while free.0 == 0 && !free.1 {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if free.1 {
            return false;
        }
        free.0 -= 1;
        true
    }

    fn release(&self) {
        self.free.lock().unwrap_or_else(PoisonError::into_inner).0 += 1;
        self.freed.notify_one();
    }

    /// Abandons the run: every waiting and later `acquire` returns `false`.
    fn close(&self) {
        self.free.lock().unwrap_or_else(PoisonError::into_inner).1 = true;
        self.freed.notify_all();
    }
}

/// Closes the permits when dropped.
struct CloseOnDrop<'a>(&'a Permits);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// One worker's loop: a permit, the next piece from the feed, the piece's payload sent to the
/// calling thread; until the feed is empty, the permits are closed or the calling thread has
/// gone. Pieces are taken in the order of their numbers after a permit, so the oldest piece
/// alive always has a worker and the calling thread is never starved. A panic while cutting
/// (a decompressor's bug) or judging is sent instead of the piece, which would otherwise be
/// missing and keep the calling thread waiting for it forever.
fn worker<T, W>(
    feed: &Mutex<Feed<'_, T>>,
    permits: &Permits,
    work: &W,
    tx: &mpsc::Sender<Message<T>>,
) where
    W: Fn(&Chunk, &FileInfo) -> Vec<T>,
{
    use std::panic::{AssertUnwindSafe, catch_unwind};
    while permits.acquire() {
        let next = catch_unwind(AssertUnwindSafe(|| {
            feed.lock().unwrap_or_else(PoisonError::into_inner).next()
        }));
        let message = match next {
            Err(panic) => Err(panic),
            Ok(None) => {
                permits.release();
                return;
            }
            Ok(Some((seq, Task::Ready(payload)))) => Ok((seq, payload)),
            Ok(Some((seq, Task::Chunk(chunk, info)))) => {
                catch_unwind(AssertUnwindSafe(|| work(&chunk, &info))).map(|items| {
                    let file = info.file_index;
                    (seq, Payload::Games { file, items })
                })
            }
        };
        let stop = message.is_err();
        if tx.send(message).is_err() || stop {
            return;
        }
    }
}

/// Runs `work` over every chunk of every source in parallel and hands the results to `sink` in
/// input order. `work` receives the chunk and its file, and returns one item per game of the
/// chunk, in order; it is the place where games are parsed and judged.
///
/// The `options.jobs` workers take turns at the feed (reading, decompressing and cutting the
/// next chunk) and judge what they took, so the run uses exactly `jobs` cores plus the calling
/// thread's share (putting results in order, the sink): `--jobs 1` is one core, and adding a
/// core adds a whole worker.
///
/// Returns nothing: every outcome, including unreadable inputs, goes to `sink`.
///
/// # Panics
/// When `work` panics (a bug): the run stops and the panic is resumed on the calling thread.
pub fn run<T, W, S>(
    sources: &[Source],
    options: &Options,
    progress: &Progress,
    work: W,
    mut sink: S,
) where
    T: Send,
    W: Fn(&Chunk, &FileInfo) -> Vec<T> + Sync,
    S: FnMut(Event<T>),
{
    let jobs = effective_jobs(options);
    let in_flight = if options.in_flight == 0 {
        4 * jobs
    } else {
        options.in_flight
    };
    // Stacks as large as the main thread's: the winnability search (7.5.5, a composed start
    // position) recurses, and rayon's default worker stack is 2 MiB.
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(8 << 20)
        .build()
    {
        Ok(pool) => pool,
        // Without a pool of our own, the global one still runs the work.
        Err(_) => match rayon::ThreadPoolBuilder::new().build() {
            Ok(pool) => pool,
            Err(_) => return,
        },
    };
    let names: Vec<Arc<str>> = sources.iter().map(|s| Arc::from(s.name())).collect();
    let feed = Mutex::new(Feed {
        sources,
        names: &names,
        chunk_bytes: options.chunk_bytes,
        raw_bytes: Arc::clone(&progress.raw_bytes),
        next_file: 0,
        current: None,
        ready: VecDeque::new(),
        seq: 0,
    });
    // At least one permit, or no piece would ever be taken.
    let permits = Permits {
        free: Mutex::new((in_flight.max(1), false)),
        freed: Condvar::new(),
    };
    let (result_tx, result_rx) = mpsc::channel::<Message<T>>();
    let work = &work;
    let (feed, permits) = (&feed, &permits);

    let panicked = std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.scope(|pool_scope| {
                for _ in 0..jobs {
                    let tx = result_tx.clone();
                    pool_scope.spawn(move |_| worker(feed, permits, work, &tx));
                }
            });
            // Dropping the last sender ends the receiving loop.
            drop(result_tx);
        });

        // However this loop ends (also by a panic in `sink`), no worker may stay waiting for
        // a permit: the pool could not finish and the run would hang.
        let _close = CloseOnDrop(permits);
        let mut next = 0u64;
        let mut waiting: BTreeMap<u64, Payload<T>> = BTreeMap::new();
        let mut games_per_file = vec![0u64; sources.len()];
        for message in result_rx {
            // After a panic: `_close` stops the workers waiting for a permit, the channel
            // closing with this loop the others; then the panic goes on here.
            let (seq, payload) = match message {
                Ok(sent) => sent,
                Err(panic) => return Some(panic),
            };
            waiting.insert(seq, payload);
            while let Some(payload) = waiting.remove(&next) {
                next += 1;
                match payload {
                    Payload::Games { file, items } => {
                        let name = name_at(&names, file);
                        for item in items {
                            let index = match games_per_file.get_mut(file) {
                                Some(n) => {
                                    *n += 1;
                                    *n
                                }
                                None => 0,
                            };
                            progress.games.fetch_add(1, Ordering::Relaxed);
                            sink(Event::Game {
                                file: Arc::clone(&name),
                                index,
                                item,
                            });
                        }
                    }
                    Payload::FileError(e) => sink(Event::FileError(e)),
                    Payload::FileDone { file, bytes } => sink(Event::FileDone {
                        file: name_at(&names, file),
                        games: games_per_file.get(file).copied().unwrap_or(0),
                        bytes,
                    }),
                }
                // The payload is out: a worker may take one more piece.
                permits.release();
            }
        }
        None
    });
    if let Some(panic) = panicked {
        std::panic::resume_unwind(panic);
    }
}

/// The number of worker threads `options` asks for, at least 1: `options.jobs`, or for 0 one
/// per available core (1 when the core count is unknown).
pub fn effective_jobs(options: &Options) -> usize {
    if options.jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        options.jobs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Counts games per chunk with a bare pgn-reader pass (stands in for the judge).
    fn count_games(chunk: &Chunk, _info: &FileInfo) -> Vec<String> {
        struct Firsts;
        impl pgn_reader::Visitor for Firsts {
            type Tags = Option<String>;
            type Movetext = Option<String>;
            type Output = String;
            fn begin_tags(&mut self) -> std::ops::ControlFlow<String, Option<String>> {
                std::ops::ControlFlow::Continue(None)
            }
            fn tag(
                &mut self,
                tags: &mut Option<String>,
                name: &[u8],
                value: pgn_reader::RawTag<'_>,
            ) -> std::ops::ControlFlow<String> {
                if name == b"Event" {
                    *tags = Some(value.decode_utf8_lossy().into_owned());
                }
                std::ops::ControlFlow::Continue(())
            }
            fn begin_movetext(
                &mut self,
                tags: Option<String>,
            ) -> std::ops::ControlFlow<String, Option<String>> {
                std::ops::ControlFlow::Continue(tags)
            }
            fn end_game(&mut self, m: Option<String>) -> String {
                m.unwrap_or_default()
            }
        }
        let mut reader = pgn_reader_for(&chunk.bytes[..]);
        let mut out = Vec::new();
        while let Ok(Some(e)) = reader.read_game(&mut Firsts) {
            out.push(e);
        }
        out
    }

    fn run_collect(sources: &[Source], jobs: usize, chunk: usize, in_flight: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let options = Options {
            jobs,
            chunk_bytes: chunk,
            in_flight,
        };
        run(
            sources,
            &options,
            &Progress::default(),
            count_games,
            |e| match e {
                Event::Game { file, index, item } => lines.push(format!("{file}#{index}:{item}")),
                Event::FileError(e) => lines.push(format!("error:{e}")),
                Event::FileDone { file, games, .. } => lines.push(format!("done:{file}:{games}")),
            },
        );
        lines
    }

    /// Runs `run` over 200 one-game chunks on another thread with `work` and `sink`, and says
    /// whether it panicked; fails the test if it has not returned within 60 s (a hang).
    fn panics_without_hanging(
        work: fn(&Chunk, &FileInfo) -> Vec<u64>,
        sink: fn(Event<u64>),
    ) -> bool {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        for i in 0..200 {
            write!(f, "[Event \"g{i}\"]\n\n1. e4 *\n\n").unwrap();
        }
        f.flush().unwrap();
        let sources = vec![Source::File(f.path().to_path_buf())];
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let options = Options {
                jobs: 2,
                chunk_bytes: 1,
                in_flight: 2,
            };
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&sources, &options, &Progress::default(), work, sink);
            }));
            let _ = tx.send(outcome.is_err());
        });
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("the run hung after a panic")
    }

    #[test]
    fn a_panic_in_work_or_sink_stops_the_run_instead_of_hanging_it() {
        // A panic on one chunk while the others wait for permits (the reviewer's hang).
        let work_panics = |chunk: &Chunk, _: &FileInfo| -> Vec<u64> {
            assert!(chunk.offset != 0, "work fails on the first chunk");
            vec![chunk.offset]
        };
        assert!(panics_without_hanging(work_panics, |_| {}));
        let sink_panics = |e: Event<u64>| {
            if let Event::Game { index: 3, .. } = e {
                panic!("sink fails on game 3");
            }
        };
        assert!(panics_without_hanging(|c, _| vec![c.offset], sink_panics));
        // And without a panic the same run returns normally.
        assert!(!panics_without_hanging(|c, _| vec![c.offset], |_| {}));
    }

    #[test]
    fn output_is_in_input_order_whatever_the_jobs() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        for i in 1..=500 {
            write!(f, "[Event \"g{i}\"]\n\n1. e4 {{ c }} e5 *\n\n").unwrap();
        }
        f.flush().unwrap();
        let mut binary = tempfile::NamedTempFile::new().unwrap();
        binary
            .write_all(b"[Event \"b1\"]\n\n1. d4 *\n\n\x89PNG\0\0")
            .unwrap();
        binary.flush().unwrap();
        let sources = vec![
            Source::File(f.path().to_path_buf()),
            Source::File("/no/such/file.pgn".into()),
            Source::File(f.path().to_path_buf()),
            Source::File(binary.path().to_path_buf()),
        ];
        let one = run_collect(&sources, 1, 100, 0);
        // Workers take turns at the feed; fewer permits than workers (down to one) must
        // neither deadlock nor reorder.
        for (jobs, chunk, in_flight) in [(2, 100, 0), (4, 7, 2), (3, 1, 1), (2, 1_000_000, 1)] {
            let other = run_collect(&sources, jobs, chunk, in_flight);
            assert_eq!(
                one, other,
                "jobs {jobs}, chunk {chunk}, in flight {in_flight}"
            );
        }
        assert_eq!(one.len(), 500 + 1 + 1 + 1 + 500 + 1 + 3);
        let name = f.path().display().to_string();
        assert_eq!(one[0], format!("{name}#1:g1"));
        assert_eq!(one[499], format!("{name}#500:g500"));
        assert_eq!(one[500], format!("done:{name}:500"));
        assert!(one[501].starts_with("error:/no/such/file.pgn: cannot open"));
        assert_eq!(one[502], "done:/no/such/file.pgn:0");
        assert_eq!(one[503], format!("{name}#1:g1"));
        let binary_name = binary.path().display().to_string();
        assert_eq!(one[1004], format!("{binary_name}#1:b1"));
        assert!(one[1005].starts_with("error:"), "{}", one[1005]);
        assert!(one[1005].contains("binary"), "{}", one[1005]);
        assert_eq!(one[1006], format!("done:{binary_name}:1"));
    }
}
