//! Numbers and text cells as the tables and spreadsheets of the event write them: points and
//! tie-breaks in the language's decimal notation, and CSV cells a spreadsheet shows as text.

use crate::i18n::Lang;

/// A number in decimal notation for `lang` (`2.5`, `0.25`; Russian `2,5`): the crosstable's
/// one format for points and tie-breaks, whose quarter values (`SB`) ½ cannot write.
pub fn fmt_decimal(v: f64, lang: Lang) -> String {
    let s = format!("{v}");
    match lang {
        Lang::En => s,
        Lang::Ru => s.replace('.', ","),
    }
}

/// A text cell of a CSV table: [`spreadsheet_text`], quoted, its quotes doubled.
pub fn csv_cell(cell: &str) -> String {
    format!("\"{}\"", spreadsheet_text(cell).replace('"', "\"\""))
}

/// A text cell for a CSV file a spreadsheet may open: one that starts with `=`, `+`, `-`, `@`,
/// a tab or a carriage return gets a leading `'`, so the spreadsheet shows it as text instead
/// of running it as a formula (OWASP, "CSV Injection"). Other text is returned as it is.
/// For cells of people's text (names, clubs, file names, PGN tags), not for numbers.
pub fn spreadsheet_text(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}
