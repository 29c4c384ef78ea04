//! The baseline of "replay at the parser's speed": pgn-reader + shakmaty, every
//! mainline SAN turned into a move and played, nothing else. One copy, used by
//! `benches/replay.rs` (in process) and `examples/bare_replay.rs` (as a whole process).

use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

/// Plays every mainline SAN on a board; a game stops at its first SAN that is not legal.
/// Counts plies so that nothing is optimised away.
struct BareReplay {
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

    fn end_game(&mut self, _pos: Chess) {}
}

/// Replays every game of `input`: `(games, plies)`. A game the reader cannot read still
/// counts as a game (the reader goes on after it).
pub fn bare_replay<R: std::io::Read>(input: R) -> (u64, u64) {
    let mut reader = Reader::new(input);
    let mut visitor = BareReplay { plies: 0 };
    let mut games = 0;
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(())) => games += 1,
            Ok(None) => break,
            Err(_) => games += 1,
        }
    }
    (games, visitor.plies)
}
