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

/// A result typed on the round page's keyboard field: the board's number, then its result as
/// an arbiter writes it: `1-0`, `0-1`, `1/2`, `½`, `=` (a draw), `+-`, `-+`, `--` (forfeits),
/// `0-0`; `:` for `-`, dashes of any kind, spaces anywhere (`4 1-0`, `4: 1:0`, `12 ½`). None
/// when it is not one.
pub(super) fn typed_entry(entry: &str) -> Option<(u32, BoardResult)> {
    let text: String = entry
        .chars()
        .map(|c| match c {
            '–' | '—' | '−' | ':' => '-',
            c => c,
        })
        .collect();
    let text = text.trim();
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let board: u32 = text[..digits].parse().ok()?;
    let rest: String = text[digits..]
        .trim_start_matches(|c: char| c == '.' || c.is_whitespace())
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let value = match rest.as_str() {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2" | "½" | "=" | "1/2-1/2" | "½-½" | "0.5" | "0,5" | "0.5-0.5" | "0,5-0,5" => {
            "1/2-1/2"
        }
        "+-" => "+-",
        "-+" => "-+",
        "--" => "--",
        "0-0" => "0-0",
        _ => return None,
    };
    Some((board, BoardResult::parse(value)?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_typed_entry_is_a_board_and_a_result() {
        use super::typed_entry;
        use crate::tournament::BoardResult;
        let r = |v: &str| BoardResult::parse(v).unwrap();
        assert_eq!(typed_entry("4 1-0"), Some((4, r("1-0"))));
        assert_eq!(typed_entry(" 12  0:1 "), Some((12, r("0-1"))));
        assert_eq!(typed_entry("3 ½"), Some((3, r("1/2-1/2"))));
        assert_eq!(typed_entry("3 ="), Some((3, r("1/2-1/2"))));
        assert_eq!(typed_entry("3 1/2"), Some((3, r("1/2-1/2"))));
        assert_eq!(typed_entry("7 1 – 0"), Some((7, r("1-0"))));
        assert_eq!(typed_entry("7. 0-1"), Some((7, r("0-1"))));
        assert_eq!(typed_entry("5 +-"), Some((5, r("+-"))));
        assert_eq!(typed_entry("5 -+"), Some((5, r("-+"))));
        assert_eq!(typed_entry("5 --"), Some((5, r("--"))));
        assert_eq!(typed_entry("5 + -"), Some((5, r("+-"))));
        assert_eq!(typed_entry("2 0-0"), Some((2, r("0-0"))));
        for bad in [
            "",
            "4",
            "1-0",
            "4 2-0",
            "x 1-0",
            "4 1-0 extra",
            "99999999999 1-0",
            "41-0",
        ] {
            assert_eq!(typed_entry(bad), None, "{bad:?}");
        }
    }
}
