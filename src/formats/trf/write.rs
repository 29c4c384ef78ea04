//! Writing TRF text: player lines in the canonical columns, the whole file with its line ends.

use std::fmt;

use shakmaty::Color;

use super::{
    BIRTH_DATE_WIDTH, FEDERATION_WIDTH, NAME_WIDTH, PlayerRecord, TITLE_WIDTH, Trf, TrfLine,
    overlong_text_fields,
};

/// Points as columns 81–84 hold them: one decimal (` 2.5`, `10.0`), or the shortest exact
/// form when a tenth does not express the value (`2.25`, from bbp's `BB*` point values).
pub(super) fn points_column(p: f64) -> String {
    if (p * 10.0).fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p}")
    }
}

/// `text` cut to its first `width` characters.
fn fit(text: &str, width: usize) -> &str {
    text.char_indices()
        .nth(width)
        .map_or(text, |(end, _)| &text[..end])
}

impl PlayerRecord {
    /// The text fields longer than their columns, as `(field, width in characters)`: `name`
    /// ([`NAME_WIDTH`]), `title`, `federation`, `birth_date`. [`PlayerRecord::to_line`] cuts
    /// them to fit, so a caller that wants to warn about the cut asks here first.
    pub fn overlong_fields(&self) -> Vec<(&'static str, usize)> {
        overlong_text_fields(
            &self.name,
            self.title.as_deref(),
            self.federation.as_deref(),
            self.birth_date.as_deref(),
        )
        .into_iter()
        .map(|(field, _, width)| (field, width))
        .collect()
    }

    /// The canonical `001` line (no line end, no trailing spaces), in the columns of the module
    /// docs' table. Text fields longer than their columns are cut to fit (see
    /// [`PlayerRecord::overlong_fields`]), so a long name never shifts the rating, points and
    /// round blocks: other programs read them by column (C.04 Annex 2). Numbers are written
    /// whole; they fit when they are at most [`MAX_FOUR_DIGITS`](super::MAX_FOUR_DIGITS)
    /// (starting rank, rating, rank, opponents) and [`MAX_FIDE_ID`](super::MAX_FIDE_ID), as
    /// anything read from a TRF file is.
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            self.tpn,
            self.sex.unwrap_or(' '),
            fit(self.title.as_deref().unwrap_or(""), TITLE_WIDTH),
            fit(&self.name, NAME_WIDTH),
            self.rating.map(|r| r.to_string()).unwrap_or_default(),
            fit(self.federation.as_deref().unwrap_or(""), FEDERATION_WIDTH),
            self.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            fit(self.birth_date.as_deref().unwrap_or(""), BIRTH_DATE_WIDTH),
            points_column(self.points),
            self.rank.map(|r| r.to_string()).unwrap_or_default(),
        );
        for e in &self.rounds {
            if e.is_empty() {
                s.push_str("          ");
            } else {
                let opponent = e
                    .opponent
                    .map_or_else(|| "0000".to_string(), |o| o.to_string());
                s.push_str(&format!(
                    "  {:>4} {} {}",
                    opponent,
                    colour_letter(e.colour),
                    e.result.letter()
                ));
            }
        }
        s.truncate(s.trim_end().len());
        s
    }
}

impl fmt::Display for Trf {
    /// Writes the file (see the module docs for the normalisations).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = self.line_end.as_str();
        for (i, line) in self.lines.iter().enumerate() {
            match line {
                TrfLine::Player(p) => f.write_str(&p.to_line())?,
                TrfLine::Header(h) => f.write_str(&h.text)?,
            }
            if i + 1 < self.lines.len() || self.final_line_end {
                f.write_str(end)?;
            }
        }
        Ok(())
    }
}

/// The colour letter of a round block: `w`, `b`, or `-` for none (bye, absence, a forfeit
/// written without colour).
pub(super) fn colour_letter(colour: Option<Color>) -> char {
    match colour {
        Some(Color::White) => 'w',
        Some(Color::Black) => 'b',
        None => '-',
    }
}
