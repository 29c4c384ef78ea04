//! A PGN game's tag pairs ([`Tags`]): all in one buffer, the dozen tags every game is asked
//! for found once while reading.

/// A game's tag pairs, in file order, held in one buffer (a database replay reads about ten
/// tags per game; one allocation for all of them instead of two per tag).
///
/// ```
/// use arbiter::formats::pgn::Tags;
///
/// let mut tags = Tags::default();
/// tags.push("White", "Kasparov, G.");
/// tags.push("Black", "Karpov, A.");
/// assert_eq!(tags.get("Black"), Some("Karpov, A."));
/// assert_eq!(tags.iter().next(), Some(("White", "Kasparov, G.")));
/// assert_eq!(tags.len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// Every name and value, one after the other.
    text: String,
    /// Per tag: where its name ends and where its value ends in `text` (byte offsets).
    ends: Vec<(usize, usize)>,
    /// For each of [`KNOWN_TAGS`], 1 + the index in `ends` of its first occurrence (0: absent):
    /// the judge and the reports look these up for every game.
    known: [u8; KNOWN_TAGS.len()],
}

/// The tags looked up for every game (Seven Tag Roster, set-up, variant, termination, board),
/// found once while reading instead of by a scan per look-up.
const KNOWN_TAGS: [&str; 12] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "FEN",
    "Variant",
    "Termination",
    "Board",
    "SetUp",
];

/// The position of `name` in [`KNOWN_TAGS`] (a `match`: every tag of every game is looked up).
fn known_index(name: &[u8]) -> Option<usize> {
    Some(match name {
        b"Event" => 0,
        b"Site" => 1,
        b"Date" => 2,
        b"Round" => 3,
        b"White" => 4,
        b"Black" => 5,
        b"Result" => 6,
        b"FEN" => 7,
        b"Variant" => 8,
        b"Termination" => 9,
        b"Board" => 10,
        b"SetUp" => 11,
        _ => return None,
    })
}

/// Records that the tag at `index` is named `name`, if it is the first of a known name.
/// Indexes past 254 are not recorded (`Tags::get` scans for them).
fn note_known(known: &mut [u8; KNOWN_TAGS.len()], name: &[u8], index: usize) {
    if let Some(k) = known_index(name)
        && let Some(slot) = known.get_mut(k)
        && *slot == 0
    {
        *slot = u8::try_from(index + 1).unwrap_or(0);
    }
}

/// Tags as read, checked for UTF-8 once for the whole game rather than once per name and
/// value (a dozen short checks per game were 4 % of the parse).
pub(super) struct RawTags {
    bytes: Vec<u8>,
    ends: Vec<(usize, usize)>,
    known: [u8; KNOWN_TAGS.len()],
}

impl RawTags {
    /// No tags yet, room for a dozen.
    pub(super) fn new() -> RawTags {
        RawTags {
            bytes: Vec::with_capacity(160),
            ends: Vec::with_capacity(12),
            known: [0; KNOWN_TAGS.len()],
        }
    }

    pub(super) fn push(&mut self, name: &[u8], value: &[u8]) {
        self.bytes.extend_from_slice(name);
        let name_end = self.bytes.len();
        self.bytes.extend_from_slice(value);
        note_known(&mut self.known, name, self.ends.len());
        self.ends.push((name_end, self.bytes.len()));
    }

    /// The tags as text; invalid UTF-8 (a Latin-1 file) replaced by U+FFFD, name by name and
    /// value by value.
    pub(super) fn into_tags(self) -> Tags {
        let bytes = match String::from_utf8(self.bytes) {
            Ok(text)
                if self
                    .ends
                    .iter()
                    .all(|&(n, v)| text.is_char_boundary(n) && text.is_char_boundary(v)) =>
            {
                return Tags {
                    text,
                    ends: self.ends,
                    known: self.known,
                };
            }
            Ok(text) => text.into_bytes(),
            Err(e) => e.into_bytes(),
        };
        let mut tags = Tags {
            text: String::with_capacity(bytes.len() + 8),
            ends: Vec::with_capacity(self.ends.len()),
            known: [0; KNOWN_TAGS.len()],
        };
        let mut start = 0;
        for (name_end, value_end) in self.ends {
            let name = bytes.get(start..name_end).unwrap_or_default();
            let value = bytes.get(name_end..value_end).unwrap_or_default();
            tags.push(
                &String::from_utf8_lossy(name),
                &String::from_utf8_lossy(value),
            );
            start = value_end;
        }
        tags
    }
}

impl Tags {
    /// Appends a tag pair.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        note_known(&mut self.known, name.as_bytes(), self.ends.len());
        self.ends.push((name_end, self.text.len()));
    }

    /// The value of the first tag named `name` (case-sensitive, as PGN tags are).
    pub fn get(&self, name: &str) -> Option<&str> {
        if let Some(k) = known_index(name.as_bytes()) {
            let slot = usize::from(*self.known.get(k)?);
            if slot > 0 {
                return self.value(slot - 1);
            }
            // Absent, unless it came after the 255th tag (beyond what `known` indexes).
            if self.ends.len() < usize::from(u8::MAX) {
                return None;
            }
        }
        let mut start = 0;
        for &(name_end, value_end) in &self.ends {
            if self.text.as_bytes().get(start..name_end) == Some(name.as_bytes()) {
                return self.text.get(name_end..value_end);
            }
            start = value_end;
        }
        None
    }

    /// The value of the tag at `index` (in file order).
    fn value(&self, index: usize) -> Option<&str> {
        let &(name_end, value_end) = self.ends.get(index)?;
        self.text.get(name_end..value_end)
    }

    /// The tag pairs `(name, value)` in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let pair = (
                self.text.get(start..name_end).unwrap_or_default(),
                self.text.get(name_end..value_end).unwrap_or_default(),
            );
            start = value_end;
            pair
        })
    }

    /// The number of tag pairs.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when the game has no tag pair.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_found_first_occurrence_known_or_not_even_past_255() {
        let mut tags = Tags::default();
        tags.push("White", "A");
        tags.push("White", "B");
        tags.push("WhiteElo", "2000");
        assert_eq!(tags.get("White"), Some("A"));
        assert_eq!(tags.get("WhiteElo"), Some("2000"));
        assert_eq!(tags.get("Black"), None);
        assert_eq!(tags.get("Nope"), None);
        for i in 0..300 {
            tags.push(&format!("X{i}"), "x");
        }
        tags.push("Black", "C");
        tags.push("X299", "again");
        assert_eq!(tags.get("Black"), Some("C"));
        assert_eq!(tags.get("X299"), Some("x"));
        assert_eq!(tags.get("White"), Some("A"));
        assert_eq!(tags.len(), 305);
        assert_eq!(tags.iter().nth(304), Some(("X299", "again")));
    }

    #[test]
    fn known_index_is_the_position_in_known_tags() {
        for (i, name) in KNOWN_TAGS.iter().enumerate() {
            assert_eq!(known_index(name.as_bytes()), Some(i), "{name}");
        }
        assert_eq!(known_index(b"WhiteElo"), None);
        assert_eq!(known_index(b"event"), None);
    }
}
