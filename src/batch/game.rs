//! The replay's games: every game of a chunk read and judged ([`judge_chunk`], [`replay`]),
//! with the tags that identify it ([`Headers`]), what became of it ([`Outcome`]) and why a game
//! could not be read or judged ([`GameError`]).

use serde::Serialize;

use super::discrepancy::{self, Discrepancy};
use super::input::Source;
use super::split::Chunk;
use super::{Event, Options, Progress, run};
use crate::formats::pgn::judge_pgn_game;
use crate::formats::pgn::{PgnGame, PgnReader, Tags};
use crate::game::judge::{JudgeError, JudgeOptions};
use crate::game::rules::CompetitionRules;
use crate::game::verdict::Verdict;

/// One event of a replay run: a judged (or unreadable) game, or an input's error or end.
pub type Item = Event<GameReport>;

/// Replays every game of `sources` under `rules`: reads (and decompresses) each input, cuts it
/// into chunks at game boundaries, judges the chunks on `options.jobs` threads, and hands every
/// game's [`GameReport`] to `sink` in input order, with each input's errors and end.
///
/// Memory stays bounded by `options` (chunk size × chunks in flight), whatever the input size.
pub fn replay<S: FnMut(Item)>(
    sources: &[Source],
    options: &Options,
    rules: CompetitionRules,
    progress: &Progress,
    sink: S,
) {
    run(
        sources,
        options,
        progress,
        |chunk, _file| judge_chunk(chunk, rules),
        sink,
    );
}

/// The tags that identify a game in reports: the Seven Tag Roster (`Event`, `Site`, `Date`,
/// `Round`, `White`, `Black`, `Result` as written), read from the game's tags, which it keeps
/// (moved from the game, not copied: a replay makes one per game). Serialised as an object with
/// the snake_case keys `event`, `site`, `date`, `round`, `white`, `black`, `result`, each
/// present only when the tag is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    tags: Tags,
}

/// The Seven Tag Roster: report key and PGN tag name.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("event", "Event"),
    ("site", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("white", "White"),
    ("black", "Black"),
    ("result", "Result"),
];

impl Headers {
    /// The value of the tag `name` (e.g. `"White"`), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// `White - Black (Event, Round)` for people, `?` for what is missing.
    pub fn describe(&self) -> String {
        let q = |o: Option<&str>| o.unwrap_or("?").to_owned();
        format!(
            "{} - {} ({}, round {})",
            q(self.tag("White")),
            q(self.tag("Black")),
            q(self.tag("Event")),
            q(self.tag("Round"))
        )
    }
}

impl From<Tags> for Headers {
    fn from(tags: Tags) -> Headers {
        Headers { tags }
    }
}

impl Serialize for Headers {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for (key, tag) in SEVEN_TAG_ROSTER {
            if let Some(value) = self.tags.get(tag) {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// Why one game could not be read or judged. The run goes on with the next game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameError {
    /// The PGN text of the game cannot be parsed (e.g. an unterminated tag or comment).
    #[error("unreadable PGN: {message}")]
    Syntax {
        /// The parser's reason.
        message: String,
    },
    /// The input ends inside the game: no termination marker after its last move.
    #[error(
        "the input ends inside this game (no termination marker after {}): truncated file?",
        last_move.as_deref().map_or_else(|| "its tags".to_owned(), |m| format!("move {m}"))
    )]
    Truncated {
        /// The last move read, if any.
        last_move: Option<String>,
    },
    /// The `FEN` tag is not a valid position.
    #[error("invalid FEN tag: {message}")]
    InvalidFen {
        /// The reason.
        message: String,
    },
    /// A line of the line protocol (`replay --input lines`) that holds no game: empty, not
    /// JSON or not UTF-8, a key missing, or no single game in its `pgn`.
    #[error("line {line}: {message}")]
    BadLine {
        /// The line's number in its input, from 1.
        line: u64,
        /// What was wrong.
        message: String,
    },
    /// Any other reason the judge gave.
    #[error("cannot judge: {message}")]
    Judge {
        /// The reason.
        message: String,
    },
}

/// What became of one game.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Judged: the judge's verdict and the findings about the record.
    Judged {
        /// The judge's verdict.
        verdict: Box<Verdict>,
        /// The findings (empty when the record agrees with the board).
        discrepancies: Vec<Discrepancy>,
    },
    /// A variant the judge does not know (`Variant` tag other than standard / Chess960):
    /// reported, not judged as standard chess, not an error.
    UnsupportedVariant {
        /// The `Variant` tag.
        variant: String,
    },
    /// The game could not be read or judged.
    Error(GameError),
}

/// One game of a run, as the workers return it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// Byte offset where the game starts in the decompressed input.
    pub offset: u64,
    /// Mainline plies recorded in the movetext.
    pub plies_recorded: u32,
    /// Identifying tags.
    pub headers: Headers,
    /// The verdict, or why there is none.
    pub outcome: Outcome,
}

/// Reads and judges every game of `chunk` under `rules`, in order: one [`GameReport`] per
/// game, including those that cannot be read. When the chunk ends its input
/// ([`Chunk::last`]), a final game with moves and no termination marker is reported as a
/// truncated input ([`GameError::Truncated`]).
pub fn judge_chunk(chunk: &Chunk, rules: CompetitionRules) -> Vec<GameReport> {
    let mut out = Vec::new();
    judge_chunk_into(chunk, rules, |_| false, &mut out);
    out
}

/// [`judge_chunk`] for a resumed run: the games that start at a byte offset (in the
/// decompressed input, as [`GameReport::offset`]) for which `done` is true are neither read nor
/// judged, only scanned to their end, and give `None` in their place, so that the games'
/// numbers stay those of the whole input.
pub fn judge_chunk_skipping(
    chunk: &Chunk,
    rules: CompetitionRules,
    done: impl Fn(u64) -> bool,
) -> Vec<Option<GameReport>> {
    let mut out = Vec::new();
    judge_chunk_into(chunk, rules, done, &mut out);
    out
}

/// What [`judge_chunk_into`] fills: reports, or reports and the places of games skipped.
trait Slot: From<GameReport> {
    /// Whether games may be skipped (else the offset test is not even made).
    const SKIPS: bool;
    /// The place of a game skipped, if kept.
    fn skipped() -> Option<Self>;
    /// The report held, if any.
    fn report_mut(&mut self) -> Option<&mut GameReport>;
}

impl Slot for GameReport {
    const SKIPS: bool = false;
    fn skipped() -> Option<Self> {
        None
    }
    fn report_mut(&mut self) -> Option<&mut GameReport> {
        Some(self)
    }
}

impl Slot for Option<GameReport> {
    const SKIPS: bool = true;
    fn skipped() -> Option<Self> {
        Some(None)
    }
    fn report_mut(&mut self) -> Option<&mut GameReport> {
        self.as_mut()
    }
}

/// The loop of [`judge_chunk`] and [`judge_chunk_skipping`].
fn judge_chunk_into<T: Slot>(
    chunk: &Chunk,
    rules: CompetitionRules,
    done: impl Fn(u64) -> bool,
    out: &mut Vec<T>,
) {
    let mut reader = PgnReader::new(&chunk.bytes[..]);
    // pgn-reader skips past a syntax error before reporting it, so errors cannot repeat at one
    // place; the bound only guards against a parser that would stop making progress.
    let mut errors_left = chunk.bytes.len() + 1;
    let mut last_move = None;
    loop {
        if T::SKIPS
            && let Some(at) = reader.next_game_offset()
            && done(chunk.offset + at)
        {
            if let Ok(false) = reader.skip_game() {
                break;
            }
            out.extend(T::skipped());
            continue;
        }
        match reader.read_game() {
            Ok(Some(game)) => {
                last_move = game.moves.last().copied();
                out.push(T::from(judge_one(game, rules, chunk)));
            }
            Ok(None) => break,
            Err(e) => {
                out.push(T::from(GameReport {
                    offset: chunk.offset + e.offset,
                    plies_recorded: 0,
                    headers: Headers::default(),
                    outcome: Outcome::Error(GameError::Syntax {
                        message: e.source.to_string(),
                    }),
                }));
                errors_left -= 1;
                if errors_left == 0 {
                    break;
                }
            }
        }
    }
    if chunk.last
        && let Some(report) = out.last_mut().and_then(Slot::report_mut)
        && let Outcome::Judged { discrepancies, .. } = &report.outcome
        && discrepancies
            .iter()
            .any(|d| d.kind == discrepancy::Kind::MissingTerminationMarker)
        && report.plies_recorded > 0
    {
        report.outcome = Outcome::Error(GameError::Truncated {
            last_move: last_move.map(|m| m.to_string()),
        });
    }
}

fn judge_one(mut game: PgnGame, rules: CompetitionRules, chunk: &Chunk) -> GameReport {
    let offset = chunk.offset + game.offset;
    // The tokens the reader skipped stop judging where they stand, as in `arbiter judge`.
    game.set_skipped(
        usize::try_from(game.offset)
            .ok()
            .and_then(|start| chunk.bytes.get(start..))
            .map(crate::formats::pgn::unreadable_tokens)
            .unwrap_or_default(),
    );
    // A panic in the judge is a bug; it costs this game (reported as an error naming it), not
    // the run.
    let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        judge_pgn_game(&game, rules, JudgeOptions::default())
    }))
    .map_err(|panic| {
        panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    });
    let outcome = match judged {
        Err(why) => Outcome::Error(GameError::Judge {
            message: format!("internal error in arbiter (please report it): {why}"),
        }),
        Ok(judged) => judge_outcome(&game, judged, offset),
    };
    GameReport {
        offset,
        plies_recorded: u32::try_from(game.moves.len()).unwrap_or(u32::MAX),
        headers: Headers::from(game.tags),
        outcome,
    }
}

/// The outcome of a game from the judge's answer, with the database-level findings.
fn judge_outcome(game: &PgnGame, judged: Result<Verdict, JudgeError>, offset: u64) -> Outcome {
    match judged {
        Ok(verdict) => {
            let mut discrepancies = discrepancy::find(game, &verdict);
            // The tokens the reader skipped (judging stopped at the first), with where they
            // stand in the input.
            discrepancies.splice(0..0, discrepancy::unreadable_tokens(&game.skipped, offset));
            Outcome::Judged {
                verdict: Box::new(verdict),
                discrepancies,
            }
        }
        Err(JudgeError::UnsupportedVariant(variant)) => Outcome::UnsupportedVariant { variant },
        Err(JudgeError::InvalidStart { source, .. }) => Outcome::Error(GameError::InvalidFen {
            message: source.to_string(),
        }),
        Err(e) => Outcome::Error(GameError::Judge {
            message: e.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_chunk_skips_the_games_done_without_judging_them() {
        // Game 2 has an invalid FEN tag: judged, it is an error; skipped, it is only a place.
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n\
                    [Event \"b\"]\n[FEN \"not a position\"]\n[SetUp \"1\"]\n\n1. e4 *\n\n\
                    [Event \"c\"]\n\n1. d4 d5 1-0\n";
        let chunk = Chunk {
            bytes: text.as_bytes().to_vec(),
            offset: 1000,
            last: true,
        };
        let rules = CompetitionRules::default();
        let whole = judge_chunk(&chunk, rules);
        assert_eq!(whole.len(), 3);
        assert!(matches!(
            whole[1].outcome,
            Outcome::Error(GameError::InvalidFen { .. })
        ));
        let second = 1000 + text.find("[Event \"b\"]").unwrap() as u64;
        assert_eq!(whole[1].offset, second);

        let resumed = judge_chunk_skipping(&chunk, rules, |at| at == second);
        assert_eq!(resumed.len(), 3, "a place for every game");
        assert_eq!(resumed[0].as_ref(), Some(&whole[0]));
        assert_eq!(resumed[1], None);
        assert_eq!(resumed[2].as_ref(), Some(&whole[2]));

        // Everything done: nothing judged, every place kept.
        let all: Vec<u64> = whole.iter().map(|r| r.offset).collect();
        let resumed = judge_chunk_skipping(&chunk, rules, |at| all.contains(&at));
        assert_eq!(resumed, vec![None, None, None]);
    }
}
