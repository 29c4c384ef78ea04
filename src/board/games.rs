//! One board log, several games: the arbiter sets the start position up again between games
//! and the board goes on logging. [`split_games`] cuts the log where a new game starts, so that
//! each game is recognised and judged on its own.

use shakmaty::Board;

use super::placement::{Reading, Snapshot, parse_line};

/// The games of a board log, in order, each as the log's text with the other games' lines
/// blanked (so that line numbers in messages stay those of the file).
///
/// A new game starts at a line where the standard start placement stands (Laws 2.3; also
/// turned by 180°, a board set up from the other side) after the current game has left it for
/// good: after a placement with a pawn off its start squares (no legal move brings a pawn
/// back). A `header` event written into the log after that starts the new game at its own
/// line. The lines between the end of a game and the next start (the pieces being put back)
/// stay with the game they follow: they come after its last move.
///
/// ```
/// use arbiter::board::split_games;
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
/// let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
/// let log = format!("{start}\n{e4}\n{start}\n{e4}\n");
/// let games = split_games(&log);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1], format!("\n\n{start}\n{e4}\n"));
/// ```
pub fn split_games(text: &str) -> Vec<String> {
    let starts = game_starts(text, usize::MAX);
    let lines: Vec<&str> = text.lines().collect();
    let mut games = Vec::with_capacity(starts.len());
    for (k, &from) in starts.iter().enumerate() {
        let to = starts.get(k + 1).copied().unwrap_or(lines.len());
        let mut game = String::with_capacity(text.len());
        for (i, line) in lines.iter().enumerate() {
            if (from..to).contains(&i) {
                game.push_str(line);
            }
            game.push('\n');
        }
        games.push(game);
    }
    games
}

/// The first game of a board log, as [`split_games`] cuts it, without making the others: a
/// log of thousands of games (the start position set up again and again) costs one game's
/// text, where every game of [`split_games`] holds a line end for each line of the log.
///
/// ```
/// use arbiter::board::{first_game, split_games};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
/// let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
/// let log = format!("{start}\n{e4}\n{start}\n{e4}\n");
/// assert_eq!(first_game(&log), format!("{start}\n{e4}\n"));
/// assert!(split_games(&log)[0].starts_with(&first_game(&log)));
/// ```
pub fn first_game(text: &str) -> String {
    let end = game_starts(text, 2).get(1).copied().unwrap_or(usize::MAX);
    let mut game = String::new();
    for line in text.lines().take(end) {
        game.push_str(line);
        game.push('\n');
    }
    game
}

/// The 0-based lines where the log's games start (the first at 0), at most `wanted` of them.
fn game_starts(text: &str, wanted: usize) -> Vec<usize> {
    let mut starts = vec![0usize];
    let mut rule = NewGame::default();
    for (i, line) in text.lines().enumerate() {
        let Ok(Some(snap)) = parse_line(i + 1, line) else {
            continue;
        };
        if rule.starts(&snap.reading) {
            starts.push(i);
        }
        if starts.len() >= wanted {
            break;
        }
    }
    starts
}

/// The games of a capture's readings (a DGT capture, a LiveChess transcript), in order, cut by
/// the rule of [`split_games`]: each a slice of `snapshots`, the first from the first reading.
pub fn split_snapshots(snapshots: &[Snapshot]) -> Vec<&[Snapshot]> {
    let mut starts = vec![0usize];
    let mut rule = NewGame::default();
    for (i, snap) in snapshots.iter().enumerate() {
        if rule.starts(&snap.reading) && i > 0 {
            starts.push(i);
        }
    }
    starts
        .iter()
        .enumerate()
        .map(|(k, &from)| &snapshots[from..starts.get(k + 1).copied().unwrap_or(snapshots.len())])
        .collect()
}

/// The rule of [`split_games`], reading by reading.
struct NewGame {
    start: Board,
    turned: Board,
    /// A pawn has left its start squares since the last start.
    left_start: bool,
}

impl Default for NewGame {
    fn default() -> Self {
        let start = Board::default();
        let mut turned = start.clone();
        turned.flip_vertical();
        turned.flip_horizontal();
        NewGame {
            start,
            turned,
            left_start: false,
        }
    }
}

impl NewGame {
    /// True when a new game starts at `reading`.
    fn starts(&mut self, reading: &Reading) -> bool {
        match reading {
            Reading::Placement(board) => {
                if self.left_start && (*board == self.start || *board == self.turned) {
                    self.left_start = false;
                    return true;
                }
                if pawn_left_home(board) {
                    self.left_start = true;
                }
                false
            }
            Reading::Event(e)
                if self.left_start && e.get("type").and_then(|t| t.as_str()) == Some("header") =>
            {
                self.left_start = false;
                true
            }
            _ => false,
        }
    }
}

/// True when a pawn stands off the start ranks of both colours (ranks 2 and 7, seen either way
/// round): a pawn has moved, and the start position cannot come back by legal moves.
fn pawn_left_home(board: &Board) -> bool {
    let home = shakmaty::Bitboard::from_rank(shakmaty::Rank::Second)
        | shakmaty::Bitboard::from_rank(shakmaty::Rank::Seventh);
    (board.pawns() & !home).any()
}
