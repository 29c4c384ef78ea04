//! Colour preferences (C.04.3 A.6) and colour allocation (C.04.3 E).

use shakmaty::Color;

/// A player's colour data from the games actually played (C.04.1: forfeits and byes do not
/// count), as bbpPairings' `Tournament::computePlayerData` computes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColourData {
    /// |games as White − games as Black|.
    pub imbalance: u32,
    /// The colour the player should get, if any.
    pub preference: Option<Color>,
    /// The colour of the last games when they were the same `max_same_colour_run` times in a
    /// row (the "absolute by repetition" case).
    pub repeated: Option<Color>,
    /// Strong preference (|CD| = 1, not absolute).
    pub strong: bool,
    /// Absolute preference by colour difference.
    pub absolute_imbalance: bool,
    /// The colours of the played games, oldest first.
    pub played_colours: Vec<Color>,
}

impl ColourData {
    /// Computes the preference from the colours of the played games (oldest first).
    /// `max_run` / `max_diff`: the preset's limits (FIDE 2 / 2).
    pub fn compute(played: &[Color], max_run: u32, max_diff: u32) -> Self {
        let white = played.iter().filter(|&&c| c == Color::White).count() as u32;
        let black = played.len() as u32 - white;
        let mut run = 0u32;
        let mut last = None;
        for &c in played {
            if run == 0 || Some(c) != last {
                run = 1;
            } else {
                run += 1;
            }
            last = Some(c);
        }
        let lower = if white > black {
            Color::Black
        } else {
            Color::White
        };
        let imbalance = white.abs_diff(black);
        let absolute_imbalance = imbalance >= max_diff;
        let preference = if absolute_imbalance {
            Some(lower)
        } else if run >= max_run {
            last.map(Color::other)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            last.map(Color::other)
        };
        let repeated = if run >= max_run { last } else { None };
        let absolute = absolute_imbalance || repeated.is_some();
        ColourData {
            imbalance,
            preference,
            repeated,
            strong: !absolute && imbalance > 0,
            absolute_imbalance,
            played_colours: played.to_vec(),
        }
    }

    /// Absolute colour preference (C.04.3 A.6.a).
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance || self.repeated.is_some()
    }
}

/// Two preferences can both be granted.
pub fn compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Which colour rule decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// E.1: both preferences granted.
    BothPreferences,
    /// E.2: the stronger preference granted.
    StrongerPreference,
    /// E.3: alternation from the most recent round in which the colours differed.
    Alternation,
    /// E.4: the higher ranked player's preference.
    HigherRankedPreference,
    /// E.5: initial colour by the higher ranked player's rank parity.
    RankParity,
}

/// The colour of `player` against `opponent` when the preferences decide, E.1–E.3
/// (bbpPairings' `choosePlayerNeutralColor`).
pub fn neutral_colour(p: &ColourData, o: &ColourData) -> Option<(Color, ColourRule)> {
    if compatible(p.preference, o.preference) {
        if let Some(c) = p.preference {
            return Some((c, ColourRule::BothPreferences));
        }
        return o
            .preference
            .map(|c| (c.other(), ColourRule::BothPreferences));
    }
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference.map(|c| (c, ColourRule::StrongerPreference));
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o
            .preference
            .map(|c| (c.other(), ColourRule::StrongerPreference));
    }
    if p.strong && !o.strong {
        return p.preference.map(|c| (c, ColourRule::StrongerPreference));
    }
    if o.strong && !p.strong {
        return o
            .preference
            .map(|c| (c.other(), ColourRule::StrongerPreference));
    }
    // Most recent round in which both played and had different colours.
    let mut i = p.played_colours.iter().rev();
    let mut j = o.played_colours.iter().rev();
    loop {
        match (i.next(), j.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(_), Some(b)) => return Some((*b, ColourRule::Alternation)),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::RoundRecord;
    use super::*;

    #[test]
    fn colours_serialise_as_before_shakmaty_replaced_the_pairing_colour() {
        let mut record = RoundRecord::absent();
        assert!(
            serde_json::to_string(&record)
                .unwrap()
                .contains(r#""colour":null"#)
        );
        record.colour = Some(Color::White);
        assert!(
            serde_json::to_string(&record)
                .unwrap()
                .contains(r#""colour":"white""#)
        );
        record.colour = Some(Color::Black);
        assert!(
            serde_json::to_string(&record)
                .unwrap()
                .contains(r#""colour":"black""#)
        );
    }
}
