//! Reading a verdict of `arbiter judge --format json` back: the result of the first verdict
//! object of a JSON (Lines) text, so a judged game's result can be recorded in a tournament.

use crate::game::verdict::GameResult;

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
