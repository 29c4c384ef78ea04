//! Standings files read as claims for the checker ([`crate::tournament::standings_check`]):
//!
//! - our own standings, `arbiter tournament standings --format json`: `rules`,
//!   `tie_break_order`, and per row `start_rank`, `rank`, `points`, `tie_breaks`;
//! - a tie-break reference file (`"format": "tiebreak-reference v1"`,
//!   `../shared/vectors/tiebreak/README.md`): `rank_order` and per player `tpn`, `rank`,
//!   `points` and the values (2024 rules), and the `fide2026` block (the 2026 amendment): two
//!   claims.

use serde_json::Value;

use crate::tournament::standings_check::{ClaimedRow, StandingsClaim};
use crate::tournament::tiebreak::{Rules, TieBreak, TieBreakError};

/// Why a standings file cannot be read as a claim.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    /// Not JSON.
    #[error("{file}: not JSON: {source}")]
    Json {
        /// The file name as given.
        file: String,
        /// The parser's error (line and column).
        #[source]
        source: serde_json::Error,
    },
    /// JSON, but neither of the two shapes.
    #[error(
        "{file}: not a standings file: expected `arbiter tournament standings --format json` or a tie-break reference file ({detail})"
    )]
    Shape {
        /// The file name as given.
        file: String,
        /// What is missing or wrong.
        detail: String,
    },
    /// A tie-break this crate does not compute.
    #[error("{file}: {source}")]
    TieBreak {
        /// The file name as given.
        file: String,
        /// The unknown acronym.
        #[source]
        source: TieBreakError,
    },
}

/// The claims of a standings file `text` (named `file` in errors): one for our standings, two
/// (2024 and 2026) for a tie-break reference file.
///
/// # Errors
/// [`ClaimError`].
pub fn read_claims(text: &str, file: &str) -> Result<Vec<StandingsClaim>, ClaimError> {
    let v: Value = serde_json::from_str(text).map_err(|source| ClaimError::Json {
        file: file.to_string(),
        source,
    })?;
    let shape = |detail: &str| ClaimError::Shape {
        file: file.to_string(),
        detail: detail.to_string(),
    };
    let order = |list: &Value| -> Result<Vec<TieBreak>, ClaimError> {
        list.as_array()
            .ok_or_else(|| shape("the tie-break list is not a list"))?
            .iter()
            .filter_map(Value::as_str)
            .filter(|k| !k.eq_ignore_ascii_case("PTS"))
            .map(|k| {
                TieBreak::parse(k).map_err(|source| ClaimError::TieBreak {
                    file: file.to_string(),
                    source,
                })
            })
            .collect()
    };
    // The values of a row: every key that names a tie-break.
    let values = |obj: &serde_json::Map<String, Value>| -> Vec<(TieBreak, f64)> {
        obj.iter()
            .filter_map(|(k, v)| Some((TieBreak::parse(k).ok()?, v.as_f64()?)))
            .collect()
    };
    let rank = |v: &Value| v.as_u64().map(|r| r as usize);
    if let (Some(list), Some(rows)) = (v.get("tie_break_order"), v.get("standings")) {
        let rules = match v.get("rules").and_then(Value::as_str) {
            Some("fide2026") => Rules::Fide2026,
            _ => Rules::Fide2024,
        };
        let rows = rows
            .as_array()
            .ok_or_else(|| shape("`standings` is not a list"))?
            .iter()
            .map(|r| {
                Ok(ClaimedRow {
                    tpn: r
                        .get("start_rank")
                        .and_then(Value::as_u64)
                        .and_then(|t| u16::try_from(t).ok())
                        .ok_or_else(|| shape("a row without `start_rank`"))?,
                    rank: r.get("rank").and_then(rank),
                    points: r.get("points").and_then(Value::as_f64),
                    values: r
                        .get("tie_breaks")
                        .and_then(Value::as_object)
                        .map(values)
                        .unwrap_or_default(),
                })
            })
            .collect::<Result<Vec<_>, ClaimError>>()?;
        return Ok(vec![StandingsClaim {
            source: file.to_string(),
            rules,
            order: order(list)?,
            rows,
        }]);
    }
    let (Some(list), Some(players)) = (v.get("rank_order"), v.get("players")) else {
        return Err(shape(
            "no `tie_break_order` and `standings`, nor `rank_order` and `players`",
        ));
    };
    let order = order(list)?;
    let players = players
        .as_array()
        .ok_or_else(|| shape("`players` is not a list"))?;
    let mut main = Vec::new();
    let mut later = Vec::new();
    for p in players {
        let obj = p
            .as_object()
            .ok_or_else(|| shape("a player that is not an object"))?;
        let tpn = p
            .get("tpn")
            .and_then(Value::as_u64)
            .and_then(|t| u16::try_from(t).ok())
            .ok_or_else(|| shape("a player without `tpn`"))?;
        main.push(ClaimedRow {
            tpn,
            rank: p.get("rank").and_then(rank),
            points: p.get("points").and_then(Value::as_f64),
            values: values(obj),
        });
        if let Some(b) = p.get("fide2026").and_then(Value::as_object) {
            later.push(ClaimedRow {
                tpn,
                rank: b.get("rank").and_then(rank),
                points: None,
                values: values(b),
            });
        }
    }
    let mut claims = vec![StandingsClaim {
        source: file.to_string(),
        rules: Rules::Fide2024,
        order: order.clone(),
        rows: main,
    }];
    if !later.is_empty() {
        claims.push(StandingsClaim {
            source: file.to_string(),
            rules: Rules::Fide2026,
            order,
            rows: later,
        });
    }
    Ok(claims)
}
