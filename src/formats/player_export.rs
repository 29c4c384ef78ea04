//! The event's player list out, for a spreadsheet and for [`crate::formats::player_list`] to
//! read back ([`write`]).

use crate::i18n::Lang;
use crate::tournament::player::date_text;
use crate::tournament::{Player, Sex, Tournament};

/// The header row [`write`] gives, in the names [`crate::formats::player_list::column_of`]
/// reads back.
pub const EXPORT_HEADER: [&str; 13] = [
    "№",
    "Фамилия",
    "Имя",
    "Отчество",
    "Дата рождения",
    "Пол",
    "Класс",
    "Школа/клуб",
    "Рейтинг",
    "FIDE ID",
    "ID ФШР",
    "Звание",
    "Федерация",
];

/// The event's players as a list a spreadsheet opens and [`crate::formats::player_list::read`] reads back: UTF-8 with a
/// byte-order mark (Excel on Windows then reads Cyrillic right), `;` between cells (Excel in a
/// Russian locale), CRLF line ends, the Russian header [`EXPORT_HEADER`], one row per player
/// in starting-rank order, the name in two cells (at its comma, else at its first space),
/// birth dates `ДД.ММ.ГГГГ` (a year alone stays a year), sex `м`/`ж`.
/// The `№` column is the starting rank (skipped when read back: the event numbers its players).
/// Text cells that a spreadsheet would run as a formula get a leading `'` (the reader drops it).
pub fn write(event: &Tournament) -> String {
    let mut out = Vec::from("\u{feff}".as_bytes());
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
        // Writing into a Vec cannot fail.
        let _ = w.write_record(EXPORT_HEADER);
        let mut players: Vec<&Player> = event.players.iter().collect();
        players.sort_by_key(|p| p.start_rank);
        for p in players {
            // «Фамилия, Имя» (FIDE's) at the comma, «Фамилия Имя» (the desk's) at the first
            // space: a surname of several words is then split, and reads back the same name.
            let name = p.name.trim();
            let (surname, given) = match name.split_once(',').or_else(|| name.split_once(' ')) {
                Some((s, g)) => (s.trim(), g.trim()),
                None => (name, ""),
            };
            let text = |s: &str| crate::tournament::pairing_list::spreadsheet_text(s).into_owned();
            let opt = |v: Option<String>| v.unwrap_or_default();
            let _ = w.write_record([
                p.start_rank.to_string(),
                text(surname),
                text(given),
                opt(p.patronymic.as_deref().map(text)),
                opt(p.birth_date.as_deref().map(|d| date_text(d, Lang::Ru))),
                opt(p.sex.map(|s| sex_cell(s).to_string())),
                opt(p.grade.map(|g| g.to_string())),
                opt(p.club.as_deref().map(text)),
                opt(p.rating.map(|r| r.to_string())),
                opt(p.fide_id.map(|r| r.to_string())),
                opt(p.fsr_id.map(|r| r.to_string())),
                opt(p.title.as_deref().map(text)),
                opt(p.federation.as_deref().map(text)),
            ]);
        }
        let _ = w.flush();
    }
    // Every cell came from a `str`: the bytes are UTF-8.
    String::from_utf8_lossy(&out).into_owned()
}

/// The sex as [`write`] puts it: `м` or `ж`, as Russian lists write it.
fn sex_cell(s: Sex) -> &'static str {
    match s {
        Sex::Male => "м",
        Sex::Female => "ж",
    }
}

/// A cell without the `'` a spreadsheet export puts before text that starts like a formula
/// (`'-Иванов` is `-Иванов`; see [`write`]).
pub fn unquote_formula(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => cell,
    }
}
