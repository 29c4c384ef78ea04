//! Digital-board recognition throughput: placements processed per second.
//!
//! 60 real games (`../shared/data/pgn/twic1599_otb.pgn`) rendered by
//! `arbiter::board::simulate` with transients (pieces in the air and slid, flicker, both
//! capture orders, both castling orders) as a polled log (stability rule, K = 2) and as a timed
//! log with clock presses (clock rule). Measured, per placement:
//! - `parse`: log text → snapshots;
//! - `recognise/stable`, `recognise/clock`: snapshots → events;
//! - baseline `replay`: playing the same games' moves with shakmaty, once per placement of the
//!   polled log (what a recogniser that was told the moves would cost at the least).
//!
//! - `dgt/100-boards`: 100 DGT e-Boards at once, each sending one field update every 50 ms
//!   (its game's moves as the board reports them: the lift, the captured piece taken off, the
//!   put-down, the rook of a castling, the pawn taken en passant), the streams interleaved
//!   message by message as a live link reads them; every message pushed into its board's
//!   `DgtDecoder`, every snapshot into its `Recogniser`, and each game judged at the end.
//!   Throughput is field updates per second; real time needs 100 / 0.05 = 2,000 a second.
//!
//! Run: `cargo bench --bench board`.

use arbiter::board::dgt::{self, DgtDecoder, Position as At};
use arbiter::board::placement::write_log;
use arbiter::board::simulate::{SimulationConfig, simulate};
use arbiter::board::{Recogniser, to_game};
use arbiter::board::{RecogniserConfig, Snapshot, parse_log, recognise};
use arbiter::formats::pgn::PgnReader;
use arbiter::game::judge::{JudgeOptions, judge_game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Board, Chess, Move, Position, Square};

/// The first `limit` games of `twic1599_otb.pgn` with at least one move, as moves from the
/// standard start (none when `../shared` is absent).
fn games(limit: usize) -> Vec<Vec<Move>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/pgn/twic1599_otb.pgn"
    );
    let Ok(input) = std::fs::File::open(path) else {
        return Vec::new();
    };
    PgnReader::new(input)
        .map_while(Result::ok)
        .filter_map(|g| g.mainline_from_start().ok())
        .filter(|moves| !moves.is_empty())
        .take(limit)
        .collect()
}

/// Recognises every log; the number of events found.
fn recognise_all(logs: &[Vec<Snapshot>], config: &RecogniserConfig) -> usize {
    logs.iter()
        .map(|s| recognise(s, config).map_or(0, |r| r.events.len()))
        .sum()
}

fn render(games: &[Vec<Move>], cfg: &SimulationConfig) -> Vec<Vec<Snapshot>> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| simulate(&Chess::default(), g, cfg, i as u64))
        .collect()
}

fn board(c: &mut Criterion) {
    let games = games(60);
    let polled = render(&games, &SimulationConfig::default());
    let clocked = render(
        &games,
        &SimulationConfig {
            clock: true,
            ..SimulationConfig::default()
        },
    );
    let texts: Vec<String> = polled.iter().map(|s| write_log(s)).collect();
    let count = |logs: &[Vec<Snapshot>]| logs.iter().map(Vec::len).sum::<usize>() as u64;
    let config = RecogniserConfig::default();

    let mut g = c.benchmark_group("board");
    g.throughput(Throughput::Elements(count(&polled)));
    g.bench_function("parse", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| parse_log(t).map_or(0, |s| s.len()))
                .sum::<usize>()
        })
    });
    g.bench_function("recognise/stable", |b| {
        b.iter(|| recognise_all(&polled, &config))
    });
    g.bench_function("replay", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (moves, snaps) in games.iter().zip(&polled) {
                // One legal-move generation per placement, as the cheapest possible bound.
                let per_move = snaps.len() / moves.len().max(1);
                let mut pos = Chess::default();
                for m in moves {
                    for _ in 0..per_move {
                        n += pos.legal_moves().len();
                    }
                    pos.play_unchecked(*m);
                }
            }
            n
        })
    });
    g.throughput(Throughput::Elements(count(&clocked)));
    g.bench_function("recognise/clock", |b| {
        b.iter(|| recognise_all(&clocked, &config))
    });
    g.finish();
}

/// A game as a DGT e-Board sends it: a board dump, then one field update per square whose
/// content changes, lifts (squares emptied) before put-downs.
fn dgt_stream(moves: &[Move]) -> Vec<Vec<u8>> {
    let field = |b: &Board, sq: Square| -> Vec<u8> {
        vec![
            dgt::id::FIELD_UPDATE,
            0,
            5,
            dgt::field_of_square(sq),
            dgt::code_of_piece(b.piece_at(sq)),
        ]
    };
    let mut dump = vec![dgt::id::BOARD_DUMP, 0, 67];
    let start = Chess::default();
    for f in 0..64u8 {
        let sq = dgt::square_of_field(f).unwrap_or(Square::A1);
        dump.push(dgt::code_of_piece(start.board().piece_at(sq)));
    }
    let mut out = vec![dump];
    let mut pos = start;
    for m in moves {
        let before = pos.board().clone();
        pos.play_unchecked(*m);
        let after = pos.board();
        let changed: Vec<Square> = (before.occupied() | after.occupied())
            .into_iter()
            .filter(|&sq| before.piece_at(sq) != after.piece_at(sq))
            .collect();
        // A capture: the captured piece is taken off first.
        for &sq in &changed {
            if before.piece_at(sq).is_some() && after.piece_at(sq).is_some() {
                out.push(vec![
                    dgt::id::FIELD_UPDATE,
                    0,
                    5,
                    dgt::field_of_square(sq),
                    0,
                ]);
            }
        }
        for &sq in changed.iter().filter(|&&sq| after.piece_at(sq).is_none()) {
            out.push(field(after, sq));
        }
        for &sq in changed.iter().filter(|&&sq| after.piece_at(sq).is_some()) {
            out.push(field(after, sq));
        }
    }
    out
}

/// 100 boards live: the streams interleaved one message at a time, each message stamped with
/// its board's time (50 ms per field update), decoded, recognised and, at the end, judged.
/// The number of moves recognised (the judge may end a game before its last move: a dead
/// position, a fivefold repetition).
fn live_boards(streams: &[Vec<Vec<u8>>]) -> usize {
    let mut boards: Vec<(DgtDecoder, Recogniser)> = streams
        .iter()
        .map(|_| (DgtDecoder::new(), Recogniser::new(Default::default())))
        .collect();
    let mut out = Vec::new();
    let longest = streams.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..longest {
        for (stream, (decoder, recogniser)) in streams.iter().zip(&mut boards) {
            let Some(message) = stream.get(k) else {
                continue;
            };
            decoder.push(message, Some(k as u64 * 50), At::Auto, &mut out);
            for snap in out.drain(..).flatten() {
                let _ = recogniser.push(&snap);
            }
        }
    }
    let mut moves = 0;
    for (_, recogniser) in boards {
        let recognised = recogniser.finish();
        moves += recognised.moves().len();
        if let Ok(game) = to_game(&recognised) {
            std::hint::black_box(judge_game(&game.events, None, JudgeOptions::default()).ok());
        }
    }
    moves
}

fn dgt_boards(c: &mut Criterion) {
    let games = games(100);
    if games.is_empty() {
        return;
    }
    let streams: Vec<Vec<Vec<u8>>> = games.iter().map(|g| dgt_stream(g)).collect();
    let updates = streams.iter().map(|s| s.len() as u64 - 1).sum::<u64>();
    let plies: usize = games.iter().map(Vec::len).sum();
    assert_eq!(
        live_boards(&streams),
        plies,
        "every game judged move for move"
    );
    let mut g = c.benchmark_group("dgt");
    g.throughput(Throughput::Elements(updates));
    g.bench_function("100-boards", |b| b.iter(|| live_boards(&streams)));
    g.finish();
}

criterion_group!(benches, board, dgt_boards);
criterion_main!(benches);
