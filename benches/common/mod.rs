//! Set-up shared by the adjudication and winnability benches: the Lichess timeout positions of
//! `../shared/vectors/dead-position/lichess-timeout-positions-30k.txt` (one FEN a line, the
//! first six fields used; lines that are not a legal standard position are skipped).

use shakmaty::{CastlingMode, Chess, fen::Fen};

const POSITIONS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/vectors/dead-position/lichess-timeout-positions-30k.txt"
);

/// The positions in file order. Panics when the reference file is missing (bench set-up).
pub fn timeout_positions() -> Vec<Chess> {
    let text = std::fs::read_to_string(POSITIONS).expect("lichess timeout positions (../shared)");
    text.lines()
        .filter_map(|line| {
            let fen: Vec<&str> = line.split_whitespace().take(6).collect();
            let setup: Fen = fen.join(" ").parse().ok()?;
            setup.into_position(CastlingMode::Standard).ok()
        })
        .collect()
}
