//! References to the rules: an article of the FIDE Laws of Chess (2023 numbering) or a
//! rule of the competition regulations (`CR x.y`, `../shared/docs/competition-rules.md`).

use std::fmt;

use serde::{Serialize, Serializer};

/// A rule reference. Every rule-bearing decision in the engine carries one.
///
/// - `Article::Laws("3.8.2.1")` — FIDE Laws of Chess, 2023 edition, article 3.8.2.1;
///   displayed as `Laws 3.8.2.1`, serialised as `"3.8.2.1"`.
/// - `Article::Competition("3.3")` — the event's regulations, displayed and serialised as
///   `CR 3.3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Article {
    /// FIDE Laws of Chess (E.01, in force from 1 January 2023), dotted article number.
    Laws(&'static str),
    /// The competition rules restated in `competition-rules.md`, dotted rule number.
    Competition(&'static str),
}

impl Article {
    /// The dotted number alone, e.g. `"3.8.2.1"` or `"3.3"`.
    pub fn number(&self) -> &'static str {
        match self {
            Article::Laws(n) | Article::Competition(n) => n,
        }
    }

    /// True when `expected` names this article or one of its parents, in the form used by the
    /// rules vectors (`"3.8.2.1"` covers an engine article `3.8.2.1.2`, never a sibling).
    /// A `"CR x.y"` string matches only a competition rule, a bare number only a Laws article.
    pub fn matches(&self, expected: &str) -> bool {
        let (want_cr, number) = match expected.strip_prefix("CR ") {
            Some(rest) => (true, rest),
            None => (false, expected),
        };
        if want_cr != matches!(self, Article::Competition(_)) {
            return false;
        }
        let mine = self.number();
        mine == number
            || (mine.starts_with(number) && mine.as_bytes().get(number.len()) == Some(&b'.'))
    }
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Article::Laws(n) => write!(f, "Laws {n}"),
            Article::Competition(n) => write!(f, "CR {n}"),
        }
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Article::Laws(n) => s.serialize_str(n),
            Article::Competition(n) => s.collect_str(&format_args!("CR {n}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_article_matches_parent_not_sibling() {
        assert!(Article::Laws("3.8.2.1").matches("3.8.2.1"));
        assert!(Article::Laws("3.8.2.1").matches("3.8.2"));
        assert!(!Article::Laws("3.8.2").matches("3.8.2.1"));
        assert!(!Article::Laws("3.8.2.2").matches("3.8.2.1"));
        assert!(!Article::Laws("3.10").matches("3.1"));
        assert!(Article::Competition("3.3").matches("CR 3.3"));
        assert!(!Article::Competition("3.3").matches("3.3"));
    }

    #[test]
    fn display_and_json() {
        assert_eq!(Article::Laws("9.2.2").to_string(), "Laws 9.2.2");
        assert_eq!(Article::Competition("3.7").to_string(), "CR 3.7");
        assert_eq!(
            serde_json::to_string(&Article::Competition("3.7")).unwrap(),
            "\"CR 3.7\""
        );
        assert_eq!(
            serde_json::to_string(&Article::Laws("5.2.2")).unwrap(),
            "\"5.2.2\""
        );
    }
}
