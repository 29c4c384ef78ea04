//! A participant: [`Player`], and the limits of a player record (the fixed columns of a
//! TRF-16 player line, C.04 Annex 2, which every export must fit).

/// Width in characters of a player's name (TRF-16 columns 15–47).
pub const NAME_WIDTH: usize = 33;
/// Width in characters of a title (TRF-16 columns 11–13).
pub const TITLE_WIDTH: usize = 3;
/// Width in characters of a federation (TRF-16 columns 54–56).
pub const FEDERATION_WIDTH: usize = 3;
/// Width in characters of a birth date (TRF-16 columns 70–79).
pub const BIRTH_DATE_WIDTH: usize = 10;
/// Largest number the four-column fields (starting rank, rating, rank, opponent) can hold.
pub const MAX_FOUR_DIGITS: u16 = 9999;
/// Largest FIDE id the eleven columns 58–68 can hold.
pub const MAX_FIDE_ID: u64 = 99_999_999_999;

/// A participant (the TRF-16 player fields plus club and status).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Starting rank = pairing number (TPN), from 1.
    pub start_rank: u16,
    /// Name, "Surname, Given" by custom.
    pub name: String,
    /// FIDE or national rating; `None` for unrated (most of the event's children).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// Title (`GM`, `IM`, `WFM`, `CM`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Federation (3 letters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// Sex letter as TRF writes it (`m`, `w`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<char>,
    /// Birth date as written (`YYYY/MM/DD` or `YYYY`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    /// Club or school (not in TRF-16 player lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// FIDE id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// First round the player no longer plays after leaving the event (CR 1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
    /// First round after disqualification (CR 2.2): every later round counts as a loss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disqualified_from: Option<u32>,
}

impl Player {
    /// The first round (1-based) the player is out of the event, and why: `"withdrew"`
    /// (CR 1.4) or `"was disqualified"` (CR 2.2), the earlier of the two when both are set;
    /// `None` while the player is in the event.
    pub fn out_from(&self) -> Option<(u32, &'static str)> {
        match (self.withdrawn_from, self.disqualified_from) {
            (Some(w), Some(d)) if d < w => Some((d, "was disqualified")),
            (Some(w), _) => Some((w, "withdrew")),
            (None, Some(d)) => Some((d, "was disqualified")),
            (None, None) => None,
        }
    }

    /// True when the player may be paired in round `round` (1-based): before the round of a
    /// withdrawal (CR 1.4) or disqualification (CR 2.2), or always when neither happened.
    pub fn plays_in(&self, round: u32) -> bool {
        self.out_from().is_none_or(|(from, _)| round < from)
    }
}

/// The text fields of a player longer than their TRF-16 columns (C.04 Annex 2), as
/// `(field, characters, width)`: `name` ([`NAME_WIDTH`]), `title` ([`TITLE_WIDTH`]),
/// `federation` ([`FEDERATION_WIDTH`]), `birth_date` ([`BIRTH_DATE_WIDTH`]), in that order.
pub fn overlong_text_fields(
    name: &str,
    title: Option<&str>,
    federation: Option<&str>,
    birth_date: Option<&str>,
) -> Vec<(&'static str, usize, usize)> {
    [
        ("name", Some(name), NAME_WIDTH),
        ("title", title, TITLE_WIDTH),
        ("federation", federation, FEDERATION_WIDTH),
        ("birth_date", birth_date, BIRTH_DATE_WIDTH),
    ]
    .into_iter()
    .filter_map(|(field, text, width)| {
        let chars = text.map_or(0, |t| t.chars().count());
        (chars > width).then_some((field, chars, width))
    })
    .collect()
}

/// True when `date` is a real date written `YYYY/MM/DD` (TRF-16 columns 70–79), or a year
/// alone (`YYYY`) as some rating lists give it.
pub fn is_valid_birth_date(date: &str) -> bool {
    let parts: Vec<&str> = date.trim().split('/').collect();
    let num = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    match parts.as_slice() {
        [y] => num(y, 4).is_some_and(|y| y >= 1850),
        [y, m, d] => {
            let (Some(y), Some(m), Some(d)) = (num(y, 4), num(m, 2), num(d, 2)) else {
                return false;
            };
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let days = match m {
                1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
                4 | 6 | 9 | 11 => 30,
                2 if leap => 29,
                2 => 28,
                _ => return false,
            };
            y >= 1850 && (1..=days).contains(&d)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn birth_dates() {
        use super::is_valid_birth_date as ok;
        assert!(ok("2015/02/28") && ok("2016/02/29") && ok("2015"));
        assert!(!ok("2015/02/29") && !ok("2015/13/01") && !ok("2015-01-01") && !ok("15/01/01"));
        assert!(!ok("2015/00/10") && !ok("2015/04/31") && !ok("abcd"));
    }
}
