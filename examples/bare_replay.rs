//! The baseline of "replay at the parser's speed", as a whole process: pgn-reader +
//! shakmaty, every mainline SAN turned into a move and played, nothing else; prints the games
//! and plies it read. `arbiter replay --jobs 1` is measured against it (docs/performance.md,
//! "Replay speed and memory").
//!
//! ```sh
//! cargo build --release --example bare_replay
//! target/release/examples/bare_replay ../shared/data/bench/otb_35k.pgn
//! ```

#[path = "../benches/shared/bare_replay.rs"]
mod bare;

fn main() -> std::io::Result<()> {
    let (mut games, mut plies) = (0, 0);
    for path in std::env::args_os().skip(1) {
        let (g, p) = bare::bare_replay(std::fs::File::open(path)?);
        games += g;
        plies += p;
    }
    println!("{games} games, {plies} plies");
    Ok(())
}
