//! The results a board can take as the desk's pages and forms show and send them: the buttons'
//! values and labels (`1/2-1/2` sent, `½ – ½` shown), read back and written.

use crate::tournament::BoardResult;

/// The results a board can take, as the buttons show them: `(value sent, label)`.
pub(super) const RESULTS: &[(&str, &str)] = &[
    ("1-0", "1 – 0"),
    ("1/2-1/2", "½ – ½"),
    ("0-1", "0 – 1"),
    ("+-", "+ – −"),
    ("-+", "− – +"),
    ("--", "− – −"),
    ("0-0", "0 – 0"),
];

/// A result as the pages show it.
pub(super) fn shown(result: &str) -> &str {
    RESULTS
        .iter()
        .find(|(v, _)| *v == result)
        .map_or(result, |(_, l)| l)
}

/// True when `result` is a result the buttons offer.
pub(super) fn parse_result(result: &str) -> Option<BoardResult> {
    RESULTS
        .iter()
        .any(|(v, _)| *v == result)
        .then(|| BoardResult::parse(result))
        .flatten()
}

/// A result as the forms send it (`1/2-1/2` for a draw): the value of its button.
pub(super) fn result_value(result: BoardResult) -> &'static str {
    RESULTS
        .iter()
        .find(|(v, _)| BoardResult::parse(v) == Some(result))
        .map_or("", |(v, _)| v)
}
