//! Reading a verdict of `arbiter judge --format json` back: the result of the first verdict
//! object of a JSON (Lines) text, so a judged game's result can be recorded in a tournament;
//! every verdict with its players and reported result ([`read_judged`]).

use crate::game::verdict::GameResult;
use crate::tournament::BoardResult;
use crate::tournament::judged::JudgedGame;

/// What went wrong reading a verdict; every message starts with the file name.
#[derive(Debug, thiserror::Error)]
pub enum VerdictError {
    /// The text holds no JSON value.
    #[error("{file}: no verdict in the file")]
    Empty {
        /// The file name as given.
        file: String,
    },
    /// The first value is not JSON.
    #[error("{file}: not a verdict (JSON)")]
    NotJson {
        /// The file name as given.
        file: String,
        /// serde_json's error.
        #[source]
        source: serde_json::Error,
    },
    /// The first object has no `result` string.
    #[error("{file}: the verdict has no `result`")]
    NoResult {
        /// The file name as given.
        file: String,
    },
    /// The `result` is not one the judge writes (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`).
    #[error("{file}: unknown result {result:?}")]
    UnknownResult {
        /// The file name as given.
        file: String,
        /// The `result` found.
        result: String,
    },
}

/// The result of the first verdict object in `text` (one JSON object, or JSON Lines as
/// `arbiter judge --format json` writes for several games); `file` names the source in errors.
///
/// # Errors
/// [`VerdictError`]: no value, not JSON, no `result`, or a result the judge does not write.
pub fn first_result(text: &str, file: &str) -> Result<GameResult, VerdictError> {
    let first = serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .next()
        .ok_or_else(|| VerdictError::Empty {
            file: file.to_string(),
        })?
        .map_err(|source| VerdictError::NotJson {
            file: file.to_string(),
            source,
        })?;
    let code = first
        .get("result")
        .and_then(|r| r.as_str())
        .ok_or_else(|| VerdictError::NoResult {
            file: file.to_string(),
        })?;
    code.parse().map_err(|_| VerdictError::UnknownResult {
        file: file.to_string(),
        result: code.to_string(),
    })
}

/// Every verdict object in `text` (one JSON object, or JSON Lines), as the tournament reads a
/// verdict ([`JudgedGame`]): result, players, the reported result and whether the board agrees
/// (CR 4.2). A hand-written tournament result (`+-`, `-+`, `--`) is accepted as the result.
///
/// # Errors
/// [`VerdictError`]: no value, not JSON, no `result`, or a result unknown to both notations.
pub fn read_judged(text: &str, file: &str) -> Result<Vec<JudgedGame>, VerdictError> {
    let mut out = Vec::new();
    for value in serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>() {
        let v = value.map_err(|source| VerdictError::NotJson {
            file: file.to_string(),
            source,
        })?;
        let code =
            v.get("result")
                .and_then(|r| r.as_str())
                .ok_or_else(|| VerdictError::NoResult {
                    file: file.to_string(),
                })?;
        let result = match code.parse::<GameResult>() {
            Ok(r) => BoardResult::from_game(r),
            Err(_) => {
                Some(
                    BoardResult::parse(code).ok_or_else(|| VerdictError::UnknownResult {
                        file: file.to_string(),
                        result: code.to_string(),
                    })?,
                )
            }
        };
        let text_at = |path: &[&str]| {
            let mut x = &v;
            for k in path {
                x = x.get(k)?;
            }
            match x {
                serde_json::Value::String(s) => Some(s.clone()),
                serde_json::Value::Number(n) => Some(n.to_string()),
                _ => None,
            }
        };
        let rank_at = |key: &str| {
            v.get("game")
                .and_then(|g| g.get(key))
                .and_then(|r| r.as_u64())
                .and_then(|r| u16::try_from(r).ok())
        };
        let reported = v.get("reported").filter(|r| r.is_object());
        out.push(JudgedGame {
            result,
            white: text_at(&["game", "white"]),
            black: text_at(&["game", "black"]),
            white_start_rank: rank_at("white_start_rank"),
            black_start_rank: rank_at("black_start_rank"),
            reported: reported.and_then(|_| text_at(&["reported", "result"])),
            agrees: reported
                .and_then(|r| r.get("agrees"))
                .and_then(|a| a.as_bool())
                .unwrap_or(true),
            discrepancies: reported
                .and_then(|r| r.get("discrepancies"))
                .and_then(|d| d.as_array())
                .map(|d| {
                    d.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
            cheating: cheating_of(&v),
        });
    }
    if out.is_empty() {
        return Err(VerdictError::Empty {
            file: file.to_string(),
        });
    }
    Ok(out)
}

/// The proven cheating incidents (CR 2.2) of a verdict's `conduct` findings, per colour.
fn cheating_of(v: &serde_json::Value) -> shakmaty::ByColor<u32> {
    let mut n = shakmaty::ByColor::<u32>::default();
    for c in v
        .get("conduct")
        .and_then(|c| c.as_array())
        .into_iter()
        .flatten()
    {
        if c.get("kind").and_then(|k| k.as_str()) == Some("cheating") {
            match c.get("by").and_then(|b| b.as_str()) {
                Some("white") => n.white += 1,
                Some("black") => n.black += 1,
                _ => {}
            }
        }
    }
    n
}
