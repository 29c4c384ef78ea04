//! The baseline of "replay at the parser's speed" (issue 18), as a whole process: pgn-reader +
//! shakmaty, every mainline SAN turned into a move and played, nothing else; prints the games
//! and plies it read. `arbiter replay --jobs 1` is measured against it (README "Speed").
//!
//! ```sh
//! cargo build --release --example bare_replay
//! target/release/examples/bare_replay ../shared/data/bench/otb_35k.pgn
//! ```

use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

/// Plays every mainline SAN on a board; a game stops at its first SAN that is not legal.
struct BareReplay {
    games: u64,
    plies: u64,
}

impl Visitor for BareReplay {
    type Tags = ();
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn begin_variation(&mut self, _pos: &mut Chess) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _pos: Chess) {
        self.games += 1;
    }
}

fn main() -> std::io::Result<()> {
    let mut replay = BareReplay { games: 0, plies: 0 };
    for path in std::env::args_os().skip(1) {
        let mut reader = Reader::new(std::fs::File::open(path)?);
        while reader.read_game(&mut replay)?.is_some() {}
    }
    println!("{} games, {} plies", replay.games, replay.plies);
    Ok(())
}
