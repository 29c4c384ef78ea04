//! What the recogniser reports ([`super::recognise()`]): the moves recognised, the board's
//! events with their log lines, and the whole log's result.

use shakmaty::{Board, Chess, Color, Move, Square};

use super::Orientation;
use super::diff::IllegalAct;
use crate::game::verdict::GameResult;
use crate::laws::illegal::PhysicalMove;

/// A recognised legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecognisedMove {
    /// The move (shakmaty's encoding: castling is king → rook square).
    pub mv: Move,
    /// The mover.
    pub side: Color,
    /// UCI with castling as the king's two-square move (`e1g1`).
    pub uci: String,
    /// SAN in the position it was played in.
    pub san: String,
    /// True when the placement after this move was never judged on its own (a missed update or
    /// a move not completed before the reply, recovered by looking two plies ahead).
    pub recovered: bool,
}

/// What the board showed.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardEventKind {
    /// A legal move, completed.
    Move(RecognisedMove),
    /// An illegal act (Laws 3.1–3.10, 4.7, 7.5.2; CR 3.1).
    Illegal {
        /// Who, what, and the hand's from/to when one piece moved.
        act: IllegalAct,
        /// The squares whose content changed, in a1..h8 order.
        squares: Vec<Square>,
        /// The placement the act left on the board.
        placement: Board,
    },
    /// The board was put back to the placement `plies` legal moves earlier (a take-back; CR 3.6
    /// when by agreement).
    TakeBack {
        /// Legal moves undone (at least 1).
        plies: usize,
    },
    /// After an illegal act the position before it was put back on the board (Laws 7.5.1).
    Restored {
        /// Acts undone: the illegal act, plus any moves played on from the irregular position
        /// it left ([`BoardEventKind::IrregularMove`]).
        acts: usize,
    },
    /// One piece moved by the opponent of an illegal act's author, from the position the act
    /// left when shakmaty cannot build it (a king left in check, a pawn on the last rank):
    /// play goes on from the board as it stands (CR 3.5). The judge decides what it is.
    IrregularMove {
        /// Who moved.
        side: Color,
        /// The hand's from/to.
        physical: PhysicalMove,
    },
    /// The player on move pressed the clock without making a move (Laws 7.5.3).
    ClockWithoutMove {
        /// Who pressed.
        side: Color,
    },
    /// The player on move lifted one of his own pieces: the piece he touched (Laws 4.3). The
    /// first lift in each position only; a board cannot see a "j'adoube" (4.2.1).
    Touch {
        /// Who lifted it.
        side: Color,
        /// Where it stood.
        square: Square,
    },
    /// Both kings put on the centre squares: the players' reported result (CR 4.2), shown the
    /// DGT and LiveChess way ([`super::habits::result_signal`]). Not a move: the game's final
    /// position is the one before it. Nothing after it is read (the pieces are put away).
    ResultSignal {
        /// The result shown.
        result: GameResult,
        /// The official position when it was shown.
        position: Box<Chess>,
    },
    /// The board's link was down and plies were played meanwhile (a gap): `plies` of them found
    /// by a bounded search, from `sequences` legal sequences of that length leading to the
    /// board after the gap (1: recovered, the moves follow as [`BoardEventKind::Move`] with
    /// `recovered`; more: the first follows, uncertain; 0: none of at most 8 plies, and the
    /// game goes on from `position`, the board after the gap).
    Gap {
        /// Plies found (0 when none).
        plies: usize,
        /// Sequences found of that length (at most 2 counted).
        sequences: usize,
        /// The sequences, UCI each (at most two).
        found: Vec<String>,
        /// With no sequence: the position the game goes on from, when it is one.
        position: Option<Box<Chess>>,
    },
    /// A judge event written into the log (claim, notice, header…), passed through in order.
    /// The placement standing before it is judged first: a claim is made about the board as
    /// it stands.
    Passthrough(serde_json::Value),
}

/// One event, with the log line and time of the snapshot that completed it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEvent {
    /// 1-based line in the log.
    pub line: usize,
    /// Time in seconds, if the log gives times.
    pub t: Option<f64>,
    /// What happened.
    pub kind: BoardEventKind,
}

/// The recogniser's result for a whole log.
#[derive(Clone, Debug)]
pub struct Recognised {
    /// Events in order.
    pub events: Vec<BoardEvent>,
    /// The orientation found from the start position.
    pub orientation: Orientation,
    /// The position after the last legal move (take-backs and restorations applied).
    pub position: Chess,
    /// Placement snapshots read (after the start position was found).
    pub placements: usize,
}

impl Recognised {
    /// The recognised legal moves, in order, with take-backs and restorations applied (what the
    /// score sheet would hold if every illegal act was corrected).
    pub fn moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = Vec::new();
        for e in &self.events {
            match &e.kind {
                BoardEventKind::Move(m) => out.push(m.mv),
                BoardEventKind::TakeBack { plies } => {
                    out.truncate(out.len().saturating_sub(*plies));
                }
                _ => {}
            }
        }
        out
    }

    /// The illegal acts (Laws Art. 3.1–3.9, 7.5), in log order, each with the 1-based log line
    /// where the board showed it.
    pub fn illegal_acts(&self) -> Vec<(usize, IllegalAct)> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                BoardEventKind::Illegal { act, .. } => Some((e.line, *act)),
                _ => None,
            })
            .collect()
    }
}
