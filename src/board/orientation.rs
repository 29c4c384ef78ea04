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
}
