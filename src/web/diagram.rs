//! A board diagram as SVG, drawn on the server from a FEN piece placement: 8×8 squares, White
//! at the bottom, the pieces as the Unicode chess symbols (outlined for White, solid for
//! Black). It scales to its box: 20 boards side by side on a 1280 px screen, one board the
//! width of a phone.

/// The light and dark squares' colours.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// The symbol of a FEN piece letter (`K`…`p`): White's outlined, Black's solid.
pub(super) fn glyph(c: char) -> Option<char> {
    Some(match c {
        'K' => '\u{2654}',
        'Q' => '\u{2655}',
        'R' => '\u{2656}',
        'B' => '\u{2657}',
        'N' => '\u{2658}',
        'P' => '\u{2659}',
        'k' => '\u{265A}',
        'q' => '\u{265B}',
        'r' => '\u{265C}',
        'b' => '\u{265D}',
        'n' => '\u{265E}',
        'p' => '\u{265F}',
        _ => return None,
    })
}

/// Text for an attribute: `&`, `<`, `>`, `"` and `'` escaped (a placement keeps its `/`).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The pieces of a FEN piece placement (the part before the first space), `(file 0–7, rank
/// 0–7 from White's side, letter)`; `None` when it is not eight ranks of eight squares of
/// piece letters and digits.
pub fn pieces(placement: &str) -> Option<Vec<(u8, u8, char)>> {
    let placement = placement.split_whitespace().next()?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut out = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let r = 7 - i as u8;
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else {
                glyph(c)?;
                if file > 7 {
                    return None;
                }
                out.push((file, r, c));
                file += 1;
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some(out)
}

/// The diagram of `placement` (a FEN piece placement; an unreadable or absent one gives the
/// empty board), labelled `label` for screen readers. The `<svg>` carries the placement in
/// `data-placement`, so that a test or a script can read what it shows.
pub fn svg(placement: Option<&str>, label: &str) -> String {
    let found = placement.and_then(pieces).unwrap_or_default();
    let shown = placement
        .filter(|p| pieces(p).is_some())
        .unwrap_or("8/8/8/8/8/8/8/8");
    let mut s = String::with_capacity(1400);
    s.push_str(&format!(
        "<svg class=\"diagram\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\" \
         role=\"img\" aria-label=\"{}\" data-placement=\"{}\">",
        escape(label),
        escape(shown)
    ));
    // The dark squares as dashes one square long on each row (a1 is dark; in SVG rows go down
    // from rank 8, and a row starting light starts its dashes one square in): one short
    // path, not 32 squares, as a diagram goes to every page and screen at each change.
    s.push_str(&format!(
        "<rect width=\"8\" height=\"8\" fill=\"{LIGHT}\"/><path stroke=\"{DARK}\" \
         stroke-dasharray=\"1\" d=\"M1 .5h7M0 1.5h8M1 2.5h7M0 3.5h8M1 4.5h7M0 5.5h8M1 6.5h7M0 7.5h8\"/>"
    ));
    s.push_str(
        "<g font-family=\"'DejaVu Sans','Noto Sans Symbols 2','Segoe UI Symbol',serif\" \
         font-size=\"0.86\" text-anchor=\"middle\">",
    );
    for (file, rank, c) in found {
        let (x, y) = (f32::from(file) + 0.5, f32::from(7 - rank) + 0.8);
        if let Some(g) = glyph(c) {
            s.push_str(&format!("<text x=\"{x}\" y=\"{y}\">{g}</text>"));
        }
    }
    s.push_str("</g></svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_its_32_pieces_where_they_stand() {
        let p = pieces("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
        assert_eq!(p.len(), 32);
        assert!(p.contains(&(4, 0, 'K')));
        assert!(p.contains(&(3, 7, 'q')));
        assert!(p.contains(&(0, 1, 'P')));
        let s = svg(
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"),
            "board 1",
        );
        // e4: file 4, fourth row from the top; e8: the top row; nothing left on e2.
        assert!(s.contains("<text x=\"4.5\" y=\"4.8\">\u{2659}<"));
        assert!(s.contains("<text x=\"4.5\" y=\"0.8\">\u{265A}<"));
        assert!(!s.contains("<text x=\"4.5\" y=\"6.8\">"));
        assert_eq!(s.matches("<text").count(), 32);
        assert!(s.len() < 1500, "{} bytes", s.len());
    }

    #[test]
    fn an_unreadable_placement_is_the_empty_board() {
        for bad in [
            "8/8/8",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            "x7/8/8/8/8/8/8/8",
        ] {
            assert_eq!(pieces(bad), None, "{bad}");
            let s = svg(Some(bad), "b");
            assert!(s.contains("data-placement=\"8/8/8/8/8/8/8/8\""));
            assert_eq!(s.matches("<text").count(), 0);
        }
        assert!(svg(None, "<b>").contains("aria-label=\"&lt;b&gt;\""));
    }
}
