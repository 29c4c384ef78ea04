//! Real games rendered as e-board logs (seeded transients: pieces in the air and slid, flicker,
//! both capture orders, king-first and rook-first castling, both promotion orders, missed
//! updates, rotated boards, three commit rules) must give back exactly the games' moves.

use std::ops::ControlFlow;

use arbiter::board::placement::write_log;
use arbiter::board::simulate::{SimulationConfig, simulate};
use arbiter::board::{BoardEventKind, RecogniserConfig, parse_log, recognise};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Move, Position};

struct Mainline;

impl Visitor for Mainline {
    type Tags = bool;
    type Movetext = Option<(Chess, Vec<Move>)>;
    type Output = Option<Vec<Move>>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(false)
    }

    fn tag(&mut self, fen: &mut bool, name: &[u8], _v: RawTag<'_>) -> ControlFlow<Self::Output> {
        *fen |= name == b"FEN";
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: bool) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((!fen).then(|| (Chess::default(), Vec::new())))
    }

    fn san(&mut self, mt: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        if let Some((pos, moves)) = mt {
            match san.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    moves.push(m);
                }
                Err(_) => *mt = None,
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _mt: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        mt.map(|(_, m)| m)
    }
}

fn games(file: &str, limit: usize) -> Vec<Vec<Move>> {
    let path = format!("{}/../shared/data/pgn/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reader = Reader::new(std::io::Cursor::new(bytes));
    let mut out = Vec::new();
    while out.len() < limit {
        match reader.read_game(&mut Mainline) {
            Ok(Some(Some(moves))) if !moves.is_empty() => out.push(moves),
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => panic!("{path}: {e}"),
        }
    }
    out
}

#[test]
fn real_games_are_recovered_exactly() {
    let mut all = games("lichess_2025-05_blitz_clk.pgn", 200);
    all.extend(games("twic1599_otb.pgn", 200));
    all.extend(games("tcec_cup12_bronze_engine_comments.pgn", 13));
    let (mut plies, mut snapshots, mut recovered, mut failures) = (0usize, 0usize, 0usize, 0usize);
    for (i, moves) in all.iter().enumerate() {
        let seed = 0xB0A2D ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mode = i % 3;
        let cfg = SimulationConfig {
            timed: mode == 1,
            clock: mode == 2,
            transients: true,
            rotated: i % 4 == 3,
            hold: 2,
            missed_updates: if i % 5 == 0 { 0.05 } else { 0.0 },
        };
        let snaps = simulate(&Chess::default(), moves, &cfg, seed);
        let text = write_log(&snaps);
        let parsed = parse_log(&text).expect("rendered log parses");
        let got = recognise(&parsed, &RecogniserConfig::default()).expect("start found");
        snapshots += parsed.len();
        plies += moves.len();
        recovered += got
            .events
            .iter()
            .filter(|e| matches!(&e.kind, BoardEventKind::Move(m) if m.recovered))
            .count();
        let others: Vec<_> = got
            .events
            .iter()
            .filter(|e| !matches!(e.kind, BoardEventKind::Move(_)))
            .collect();
        if got.moves() != *moves || !others.is_empty() {
            failures += 1;
            let first_diff = got
                .moves()
                .iter()
                .zip(moves)
                .position(|(a, b)| a != b)
                .unwrap_or(got.moves().len().min(moves.len()));
            eprintln!(
                "game {i} (seed {seed:#x}, cfg {cfg:?}): {} of {} moves, first difference at ply {first_diff}, other events {:?}",
                got.moves().len(),
                moves.len(),
                others.iter().take(3).collect::<Vec<_>>()
            );
        }
    }
    println!(
        "{} games, {plies} plies, {snapshots} snapshots, {recovered} missed plies recovered: {} passed, {failures} failed",
        all.len(),
        all.len() - failures
    );
    assert_eq!(failures, 0);
    assert!(recovered > 0, "missed updates were rendered and recovered");
}
