//! Boards set up the wrong way round: DGT boards are often placed with Black's side nearest the
//! white player, so every square reads as its 180° image (dgtdriver: `square ^ 63`).

use shakmaty::Board;

/// How the board stands relative to the standard diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// a1 is where the sensors say a1 is.
    #[default]
    Normal,
    /// The board is turned by 180°: the sensors' a1 is h8.
    Rotated,
}

impl Orientation {
    /// Recognises the orientation from a placement that should be the start position: `Some`
    /// when `seen` is `start` as it stands or turned by 180° (`Normal` wins when both fit).
    pub fn detect(seen: &Board, start: &Board) -> Option<Orientation> {
        if seen == start {
            Some(Orientation::Normal)
        } else if &Orientation::Rotated.apply(seen) == start {
            Some(Orientation::Rotated)
        } else {
            None
        }
    }

    /// A guess of how a board stands from a placement that is not the start position (a board
    /// followed from mid-game, whose set-up was not seen): `Rotated` when, as the sensors see
    /// it, White's pawns stand on average further up the board than Black's (pawns only move
    /// forward), or, without pawns on both sides, White's king higher than Black's. `Normal`
    /// when it cannot tell.
    pub fn guess(seen: &Board) -> Orientation {
        use shakmaty::{Color, Role};
        let mean_rank = |c: Color, r: Role| {
            let squares = seen.by_piece(r.of(c));
            let n = squares.count();
            (n > 0).then(|| {
                squares
                    .into_iter()
                    .map(|s| u32::from(s.rank()))
                    .sum::<u32>() as f64
                    / n as f64
            })
        };
        let higher = |r: Role| match (mean_rank(Color::White, r), mean_rank(Color::Black, r)) {
            (Some(w), Some(b)) if w != b => Some(w > b),
            _ => None,
        };
        match higher(Role::Pawn).or_else(|| higher(Role::King)) {
            Some(true) => Orientation::Rotated,
            _ => Orientation::Normal,
        }
    }

    /// Turns a sensor placement into the standard diagram (a rotation is its own inverse, so
    /// this also renders a standard placement as a rotated board would report it).
    pub fn apply(self, seen: &Board) -> Board {
        match self {
            Orientation::Normal => seen.clone(),
            Orientation::Rotated => {
                let mut b = seen.clone();
                b.rotate_180();
                b
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotated_start_is_recognised() {
        let rotated: Board = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr"
            .parse()
            .unwrap();
        assert_eq!(
            Orientation::detect(&rotated, &Board::new()),
            Some(Orientation::Rotated)
        );
        assert_eq!(Orientation::Rotated.apply(&rotated), Board::new());
        assert_eq!(
            Orientation::detect(&Board::new(), &Board::new()),
            Some(Orientation::Normal)
        );
        // The diagram mirrored (not rotated) is neither: kings and queens would be swapped.
        let mirrored: Board = "RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr"
            .parse()
            .unwrap();
        assert_eq!(Orientation::detect(&mirrored, &Board::new()), None);
    }

    #[test]
    fn a_board_seen_mid_game_is_guessed_from_its_pawns_then_its_kings() {
        // After 1. e4 e5 2. Nf3 Nc6 3. Bb5, as it stands and turned round.
        let b: Board = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R"
            .parse()
            .unwrap();
        assert_eq!(Orientation::guess(&b), Orientation::Normal);
        assert_eq!(
            Orientation::guess(&Orientation::Rotated.apply(&b)),
            Orientation::Rotated
        );
        // A rook ending without pawns: White's king on g2, Black's on c7.
        let ending: Board = "8/2k5/8/8/8/8/r5K1/4R3".parse().unwrap();
        assert_eq!(Orientation::guess(&ending), Orientation::Normal);
        assert_eq!(
            Orientation::guess(&Orientation::Rotated.apply(&ending)),
            Orientation::Rotated
        );
        // Nothing to tell by: as it stands.
        assert_eq!(Orientation::guess(&Board::empty()), Orientation::Normal);
    }
}
