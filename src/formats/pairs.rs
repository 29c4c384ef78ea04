//! bbpPairings' `.pairs` text (the output of `bbpPairings -p` and of `arbiter pair`): a count
//! line, then one `WHITE BLACK` line per board in board order, and `PLAYER 0` for the
//! pairing-allocated bye. [`write()`] writes a [`Pairing`]; [`parse()`] reads the games and the
//! bye.

use std::num::ParseIntError;

use crate::tournament::pairing::Pairing;

/// What went wrong reading a `.pairs` file.
#[derive(Debug, thiserror::Error)]
pub enum PairsError {
    /// A line that is not two starting ranks.
    #[error("{file}:{line}: expected two starting ranks")]
    Line {
        /// The file name as given.
        file: String,
        /// 1-based line number.
        line: usize,
        /// The number that did not parse, if that is what went wrong.
        #[source]
        source: Option<ParseIntError>,
    },
}

/// The pairings of a round: games as (white, black) starting ranks in board order, and the
/// player with the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// (White, Black) by board.
    pub games: Vec<(u16, u16)>,
    /// The pairing-allocated bye (CR 1.3).
    pub bye: Option<u16>,
}

/// Reads `.pairs` text; `file` names it in errors. The count line is skipped, blank lines are
/// ignored.
///
/// # Errors
/// [`PairsError::Line`] for a line that is not two starting ranks.
pub fn parse(text: &str, file: &str) -> Result<Pairs, PairsError> {
    let mut pairs = Pairs::default();
    for (i, line) in text.lines().enumerate().skip(1) {
        let bad = |source| PairsError::Line {
            file: file.to_string(),
            line: i + 1,
            source,
        };
        let nums: Vec<u16> = line
            .split_whitespace()
            .map(|w| w.parse::<u16>())
            .collect::<Result<_, _>>()
            .map_err(|e| bad(Some(e)))?;
        match nums.as_slice() {
            [] => {}
            [p, 0] => pairs.bye = Some(*p),
            [w, b] => pairs.games.push((*w, *b)),
            _ => return Err(bad(None)),
        }
    }
    Ok(pairs)
}

/// The `.pairs` text of a pairing: number of lines, then `white black` per board, then
/// `bye 0`.
pub fn write(pairing: &Pairing) -> String {
    let mut s = format!(
        "{}\n",
        pairing.boards.len() + usize::from(pairing.bye.is_some())
    );
    for b in &pairing.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(b) = pairing.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}
