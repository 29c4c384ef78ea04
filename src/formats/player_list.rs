//! Player lists as the schools send them: a spreadsheet saved as CSV or TSV, read into
//! [`Player`]s and checked against the event before anything is added ([`Preview`]).
//!
//! - Encoding: a byte-order mark decides (UTF-8, UTF-16); else valid UTF-8 is UTF-8; else the
//!   text is Windows-1251, as Excel saves "CSV (разделители — запятые)" on a Russian Windows.
//!   Decoded by `encoding_rs`.
//! - Delimiter: `;` (Excel in a Russian locale), `,` or tab, whichever the header row holds
//!   most of. Quoted fields as the `csv` crate reads them (RFC 4180).
//! - Header row: the first non-empty row; its names in Russian or English, any case, `ё` = `е`,
//!   dots ignored (`Д.р.`): фамилия, имя, отчество or ФИО; дата рождения (`ДД.ММ.ГГГГ`, also
//!   `ГГГГ/ММ/ДД` or a year); пол; класс; школа/клуб; рейтинг; FIDE ID; ID ФШР; звание;
//!   федерация; a `№` column is skipped. Other columns are named in [`Preview::ignored`].
//! - Every data row is added, a likely duplicate ([`Duplicate`]: the same name, `ё` = `е`, case
//!   ignored, and the same birth date or one of them unknown — of a registered player or of an
//!   earlier row), or refused with its line and reason ([`Refused`]). Empty rows are skipped.
//!   Nothing is written until [`Preview::apply`].

use std::borrow::Cow;

use crate::i18n::Lang;
use crate::tournament::event::Event;
use crate::tournament::player::{
    PlayerProblem, born_after, normalise_name, normalize_birth_date, today,
};
use crate::tournament::{Player, Sex, Tournament};

mod groups;
mod index;
mod preview;
pub use groups::{
    GradeRule, GroupProblem, Placing, RuleError, find_group, parse_rules, rules_shown, rules_text,
};
use index::{LineCounter, Seen};
pub use preview::{row_summary, written_note};

/// A column of a player list, as its header names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Фамилия / surname.
    Surname,
    /// Имя / given name.
    Given,
    /// Отчество / patronymic.
    Patronymic,
    /// ФИО: surname, given name and patronymic in one cell (`Соловьёва Дарья Андреевна`, or
    /// `Соловьёва, Дарья`).
    FullName,
    /// Дата рождения: `ДД.ММ.ГГГГ`, `ГГГГ/ММ/ДД`, `ГГГГ-ММ-ДД` or a year.
    BirthDate,
    /// Пол: `м`/`ж`, `m`/`f`/`w`, мужской/женский, мальчик/девочка.
    Sex,
    /// Класс: `1`…`11`, a letter allowed after the number (`2Б`, `3 класс`).
    Grade,
    /// Школа / клуб.
    Club,
    /// Рейтинг; empty or `0` for unrated.
    Rating,
    /// FIDE ID.
    FideId,
    /// ID ФШР (the Russian Chess Federation's id).
    FsrId,
    /// Звание / title.
    Title,
    /// Федерация / federation (3 letters).
    Federation,
    /// The list's own row number (`№`, `№ п/п`): skipped.
    Number,
    /// Группа / group / section: the group of the event the row goes to ([`Placing`]); read
    /// only in an event of several groups.
    Group,
}

/// The column a header cell names, if any (see the module docs for the names).
pub fn column_of(header: &str) -> Option<Column> {
    let key: String = header
        .trim_start_matches('\u{feff}')
        .to_lowercase()
        .replace('ё', "е")
        .replace(['.', '"', '_', ':'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    use Column::*;
    Some(match key.as_str() {
        "фамилия" | "surname" | "last name" | "lastname" | "family name" => Surname,
        "имя" | "first name" | "firstname" | "given name" | "given names" => Given,
        "отчество" | "patronymic" | "middle name" => Patronymic,
        "фио"
        | "ф и о"
        | "фамилия имя"
        | "фамилия, имя"
        | "фамилия имя отчество"
        | "фамилия, имя, отчество"
        | "фамилия и имя"
        | "участник"
        | "name"
        | "full name"
        | "player" => FullName,
        "дата рождения"
        | "д р"
        | "др"
        | "год рождения"
        | "г р"
        | "гр"
        | "date of birth"
        | "birth date"
        | "birthdate"
        | "birthday"
        | "born"
        | "dob"
        | "birth year" => BirthDate,
        "пол" | "sex" | "gender" => Sex,
        "класс" | "grade" | "form" | "class" => Grade,
        "школа"
        | "клуб"
        | "школа/клуб"
        | "клуб/школа"
        | "школа / клуб"
        | "организация"
        | "school"
        | "club"
        | "school/club"
        | "club/school" => Club,
        "рейтинг" | "rating" | "elo" | "рейтинг фшр" | "national rating" => Rating,
        "fide id" | "id fide" | "fideid" | "fide" | "фиде id" | "id фиде" | "fide-id" => {
            FideId
        }
        "id фшр" | "фшр id" | "фшр" | "id-фшр" | "fsr id" | "id fsr" | "rcf id" | "id rcf" => {
            FsrId
        }
        "звание" | "title" => Title,
        "федерация" | "federation" | "fed" => Federation,
        "№" | "n" | "no" | "#" | "№ п/п" | "п/п" | "номер" | "nr" => Number,
        "группа" | "секция" | "турнир" | "group" | "section" => Group,
        _ => return None,
    })
}

/// A row that will be added: its line in the file (1-based) and the player it makes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ListRow {
    /// Line of the file (1-based, counting the header).
    pub line: usize,
    /// The player (its `start_rank` is 0 until added).
    pub player: Player,
    /// The group the row goes to, in an event of several groups ([`Placing`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The index of that group in the event (0 in an event of one group).
    #[serde(skip)]
    pub group_index: usize,
    /// The name as the list wrote it, when writing it «Фамилия Имя» as the desk's form does
    /// ([`normalise_name`]) changed it (`кузнецова дарья`); the player's name is the new one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
}

/// Whom a likely duplicate repeats.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DuplicateOf {
    /// A player already registered, by starting rank.
    Registered(u16),
    /// An earlier row of the same file, by line.
    Line(usize),
}

impl DuplicateOf {
    /// Whom a duplicate repeats, in `lang`: «как № 3 Соловьёва, Дарья (уже в турнире)» or
    /// «как стр. 4».
    pub fn text(&self, event: &Tournament, lang: Lang) -> String {
        match self {
            DuplicateOf::Registered(tpn) => lang.fmt(
                "pl-dup-registered",
                &[
                    ("tpn", &tpn.to_string()),
                    (
                        "name",
                        &event.player(*tpn).map_or(String::new(), |p| p.name.clone()),
                    ),
                ],
            ),
            DuplicateOf::Line(line) => lang.fmt("pl-dup-line", &[("line", &line.to_string())]),
        }
    }
}

/// A row that looks like a player already in the event or in an earlier row: same name
/// ([`same_name`]: case, `ё`/`е`, commas ignored) and the same birth date, or one of the two
/// dates unknown. Not added unless the arbiter says so.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Duplicate {
    /// The row.
    pub row: ListRow,
    /// Whom it repeats.
    pub of: DuplicateOf,
}

/// Why a row is refused.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "problem", content = "value", rename_all = "snake_case")]
pub enum RowProblem {
    /// No surname (or ФИО) in the row.
    NoName,
    /// A birth date that is no real date in a known writing.
    BirthDate(String),
    /// A birth date after the day the list is read (a year typed wrong), as written.
    BirthDateFuture(String),
    /// A sex that is neither male nor female in a known writing.
    Sex(String),
    /// A grade that is not a number 1–11 (a letter may follow).
    Grade(String),
    /// A rating that is not a number.
    Rating(String),
    /// A FIDE id that is not a number.
    FideId(String),
    /// A FSR id that is not a number.
    FsrId(String),
    /// More cells than the header has columns, the extra ones not empty (often a delimiter
    /// inside an unquoted value).
    ExtraCells {
        /// Cells in the row.
        found: usize,
        /// Columns in the header.
        expected: usize,
    },
    /// The player record's own checks (a name of 100+ characters, a rating over 9999…).
    #[serde(serialize_with = "problem_text")]
    Player(PlayerProblem),
    /// The row's group: none, or one the event does not have ([`Placing`]).
    Group(GroupProblem),
}

fn problem_text<S: serde::Serializer>(p: &PlayerProblem, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&p.to_string())
}

impl RowProblem {
    /// The reason in `lang` (Fluent `pl-*`).
    pub fn text(&self, lang: Lang) -> String {
        use RowProblem::*;
        match self {
            NoName => lang.msg("pl-no-name"),
            BirthDate(v) => lang.fmt("pl-birth-date", &[("value", v)]),
            BirthDateFuture(v) => lang.fmt("pl-birth-date-future", &[("value", v)]),
            Sex(v) => lang.fmt("pl-sex", &[("value", v)]),
            Grade(v) => lang.fmt("pl-grade", &[("value", v)]),
            Rating(v) => lang.fmt("pl-rating", &[("value", v)]),
            FideId(v) => lang.fmt("pl-fide-id", &[("value", v)]),
            FsrId(v) => lang.fmt("pl-fsr-id", &[("value", v)]),
            ExtraCells { found, expected } => lang.fmt(
                "pl-extra-cells",
                &[
                    ("found", &found.to_string()),
                    ("expected", &expected.to_string()),
                ],
            ),
            Player(p) => p.text(lang),
            Group(g) => g.text(lang),
        }
    }
}

/// A refused row: its line (1-based), its cells as read, and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Refused {
    /// Line of the file (1-based).
    pub line: usize,
    /// The row's cells joined by `; ` (for the arbiter to recognise it).
    pub text: String,
    /// Why.
    pub problem: RowProblem,
}

/// What a list would add: read, checked, nothing written yet.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Preview {
    /// The encoding found: `UTF-8`, `UTF-8 (BOM)`, `UTF-16LE (BOM)`, `windows-1251`…
    pub encoding: String,
    /// The delimiter found: `;`, `,` or a tab.
    pub delimiter: char,
    /// Header cells no column is known by (their data is not read).
    pub ignored: Vec<String>,
    /// Rows to add, in file order.
    pub to_add: Vec<ListRow>,
    /// Likely duplicates (not added unless asked).
    pub duplicates: Vec<Duplicate>,
    /// Refused rows.
    pub refused: Vec<Refused>,
}

/// A list that cannot be read at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ListError {
    /// No row with any text.
    #[error("{file}: the list is empty")]
    Empty {
        /// The file.
        file: String,
    },
    /// Not a text table: a picture, a PDF, a spreadsheet's own file (`.xlsx`, `.xls`)…
    /// Its bytes are not shown: they say nothing to a person and may be anything.
    #[error(
        "{file}: this is not a text table (a list saved as CSV or text); save the list from the spreadsheet as CSV and load that file"
    )]
    NotText {
        /// The file.
        file: String,
    },
    /// The header names neither a surname nor a full name column.
    #[error(
        "{file}:{line}: the header row names no surname or full-name column (фамилия, ФИО, surname, name): {header}"
    )]
    NoNameColumn {
        /// The file.
        file: String,
        /// The header's line.
        line: usize,
        /// The header row as read.
        header: String,
    },
    /// The same column twice in the header.
    #[error("{file}:{line}: the header names the column {column:?} twice")]
    RepeatedColumn {
        /// The file.
        file: String,
        /// The header's line.
        line: usize,
        /// The header cell.
        column: String,
    },
    /// The CSV reader's own failure (an unterminated quote at the end of the file).
    #[error("{file}:{line}: {message}")]
    Csv {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The reader's message.
        message: String,
    },
}

impl ListError {
    /// The error in `lang` (Fluent `pl-error-*`).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ListError::Empty { file } => lang.fmt("pl-error-empty", &[("file", file)]),
            ListError::NotText { file } => lang.fmt("pl-error-not-text", &[("file", file)]),
            ListError::NoNameColumn { file, line, header } => lang.fmt(
                "pl-error-no-name-column",
                &[
                    ("file", file),
                    ("line", &line.to_string()),
                    ("header", header),
                ],
            ),
            ListError::RepeatedColumn { file, line, column } => lang.fmt(
                "pl-error-repeated-column",
                &[
                    ("file", file),
                    ("line", &line.to_string()),
                    ("column", column),
                ],
            ),
            ListError::Csv {
                file,
                line,
                message,
            } => format!("{file}:{line}: {message}"),
        }
    }
}

/// The text of a file's bytes and the encoding found (see the module docs).
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, String) {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return (text, format!("{} (BOM)", encoding.name()));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), "UTF-8".into()),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1251.decode_without_bom_handling(bytes);
            (text, encoding_rs::WINDOWS_1251.name().into())
        }
    }
}

/// The delimiter of a list: the one of `;`, tab, `,` its first non-empty line holds most of
/// (`;` when it holds none: one column).
pub fn delimiter(text: &str) -> char {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let count = |c: char| first.matches(c).count();
    [';', '\t', ',']
        .into_iter()
        .fold((';', 0), |best, c| {
            if count(c) > best.1 {
                (c, count(c))
            } else {
                best
            }
        })
        .0
}

/// Reads a player list (`bytes` of the file named `file`) against `event`'s registered
/// players: what would be added, what looks like a duplicate, what is refused (module docs).
///
/// # Errors
/// [`ListError`] when the file is empty, its header names no name column or a column twice,
/// or its quoting is broken; a bad row is no error but a [`Refused`] row.
pub fn read(bytes: &[u8], event: &Tournament, file: &str) -> Result<Preview, ListError> {
    read_in(
        bytes,
        std::slice::from_ref(event),
        &[String::new()],
        file,
        &Placing::default(),
    )
}

/// Reads a player list into an event of one or more groups: as [`read`], each row placed in
/// its group by `placing` (its group column, a grade rule, the list's group) and checked for
/// duplicates against that group's players; a row left without a group is refused
/// ([`RowProblem::Group`]). An event of one group reads it as [`read`] (its group column not
/// read).
///
/// # Errors
/// As [`read`]; the rules are checked first ([`Placing::check`]).
pub fn read_event(
    bytes: &[u8],
    event: &Event,
    file: &str,
    placing: &Placing,
) -> Result<Preview, ReadError> {
    let names = event.names();
    placing.check(&names)?;
    let groups: Vec<Tournament> = (0..event.len()).map(|i| event.group(i)).collect();
    Ok(read_in(bytes, &groups, &names, file, placing)?)
}

/// A list not read into an event of groups: the list or the rules.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReadError {
    /// The list.
    #[error(transparent)]
    List(#[from] ListError),
    /// The grade rules.
    #[error(transparent)]
    Rules(#[from] RuleError),
}

impl ReadError {
    /// The error in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ReadError::List(e) => e.text(lang),
            ReadError::Rules(e) => e.text(lang),
        }
    }
}

/// [`read_event`] over `groups` named `names` (one entry each, the event's order).
fn read_in(
    bytes: &[u8],
    groups: &[Tournament],
    names: &[String],
    file: &str,
    placing: &Placing,
) -> Result<Preview, ListError> {
    if !is_text(bytes) {
        return Err(ListError::NotText {
            file: file.to_string(),
        });
    }
    let (text, encoding) = decode(bytes);
    // One line end for all: the reader's line numbers then count CRLF files' lines right.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let delimiter = delimiter(&text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter as u8)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut header: Option<(usize, Vec<Option<Column>>)> = None;
    let mut preview = Preview {
        encoding,
        delimiter,
        ignored: Vec::new(),
        to_add: Vec::new(),
        duplicates: Vec::new(),
        refused: Vec::new(),
    };
    let mut lines = LineCounter::default();
    let mut seen: Vec<Seen> = groups.iter().map(Seen::of).collect();
    let several = groups.len() > 1;
    for record in reader.records() {
        let record = record.map_err(|e| ListError::Csv {
            file: file.to_string(),
            line: e
                .position()
                .map_or(0, |p| lines.line_at(&text, p.byte() as usize)),
            message: e.to_string(),
        })?;
        // From the byte offset: the reader's own line count passes over empty lines.
        let line = record
            .position()
            .map_or(0, |p| lines.line_at(&text, p.byte() as usize));
        let cells: Vec<&str> = record.iter().map(str::trim).collect();
        if cells.iter().all(|c| c.is_empty()) {
            continue;
        }
        let Some((_, columns)) = &header else {
            // An event of one group has no group to read: the column is shown as not read.
            let columns: Vec<Option<Column>> = cells
                .iter()
                .map(|c| column_of(c).filter(|&c| several || c != Column::Group))
                .collect();
            for (i, c) in columns.iter().enumerate() {
                if c.is_some_and(|c| c != Column::Number) && columns[..i].contains(c) {
                    return Err(ListError::RepeatedColumn {
                        file: file.to_string(),
                        line,
                        column: cells[i].to_string(),
                    });
                }
            }
            if !columns
                .iter()
                .any(|c| matches!(c, Some(Column::Surname | Column::FullName)))
            {
                return Err(ListError::NoNameColumn {
                    file: file.to_string(),
                    line,
                    header: cells.join(&delimiter.to_string()),
                });
            }
            preview.ignored = cells
                .iter()
                .zip(&columns)
                .filter(|(c, col)| col.is_none() && !c.is_empty())
                .map(|(c, _)| c.trim_start_matches('\u{feff}').to_string())
                .collect();
            header = Some((line, columns));
            continue;
        };
        let shown = cells.len() - cells.iter().rev().take_while(|c| c.is_empty()).count();
        let refuse = |problem| Refused {
            line,
            text: cells[..shown].join("; "),
            problem,
        };
        let player = row_player(columns, &cells).and_then(|player| {
            crate::tournament::model::check_player(&player)
                .map(|()| player)
                .map_err(RowProblem::Player)
        });
        let group_cell = columns
            .iter()
            .position(|c| *c == Some(Column::Group))
            .map(|i| words(cells.get(i).copied().unwrap_or_default()));
        let placed = player.and_then(|player| {
            placing
                .place(names, group_cell.as_deref(), player.grade)
                .map(|i| (player, i))
                .map_err(RowProblem::Group)
        });
        match placed {
            Err(problem) => preview.refused.push(refuse(problem)),
            Ok((mut player, i)) => {
                // Written as the desk's form writes a name, in the group's convention.
                let keep_comma = groups.get(i).is_some_and(Tournament::fide_names);
                let as_read = player.name.clone();
                player.name = normalise_name(&as_read, keep_comma);
                // The patronymic in the same letter case as the name (`игоревна` → `Игоревна`).
                player.patronymic = player
                    .patronymic
                    .as_deref()
                    .map(|p| normalise_name(p, false));
                // The comma between surname and given name is the reader's own (two columns
                // read into one name): dropping it is no change to the list's text.
                let plain = if keep_comma {
                    as_read.clone()
                } else {
                    as_read.replacen(", ", " ", 1)
                };
                let row = ListRow {
                    line,
                    written: (player.name != plain).then_some(plain),
                    player,
                    group: several.then(|| names.get(i).cloned().unwrap_or_default()),
                    group_index: i,
                };
                let found = seen.get_mut(i).and_then(|s| s.duplicate_of(&row));
                match found {
                    Some(of) => preview.duplicates.push(Duplicate { row, of }),
                    None => preview.to_add.push(row),
                }
            }
        }
    }
    if header.is_none() {
        return Err(ListError::Empty {
            file: file.to_string(),
        });
    }
    Ok(preview)
}

/// Whether `bytes` can be a text table: no NUL byte (pictures, PDFs, `.xlsx`/`.xls` and
/// UTF-16 without its BOM all have them) and, in the first 8 KiB decoded, control
/// characters (other than tab and line ends) in fewer than one character of a hundred. A
/// UTF-16 file with its BOM is text.
fn is_text(bytes: &[u8]) -> bool {
    if encoding_rs::Encoding::for_bom(bytes).is_some_and(|(e, _)| e != encoding_rs::UTF_8) {
        return true;
    }
    if bytes.contains(&0) {
        return false;
    }
    let head = &bytes[..bytes.len().min(8192)];
    let (text, _) = decode(head);
    let (mut all, mut control) = (0usize, 0usize);
    for c in text.chars() {
        all += 1;
        if c.is_control() && !matches!(c, '\t' | '\n' | '\r') {
            control += 1;
        }
    }
    control * 100 < all.max(1)
}

/// Words joined by single spaces.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The player of one data row under the header's `columns`.
fn row_player(columns: &[Option<Column>], cells: &[&str]) -> Result<Player, RowProblem> {
    if cells.len() > columns.len() && cells[columns.len()..].iter().any(|c| !c.is_empty()) {
        return Err(RowProblem::ExtraCells {
            found: cells.len(),
            expected: columns.len(),
        });
    }
    let cell = |want: Column| {
        columns
            .iter()
            .position(|c| *c == Some(want))
            .and_then(|i| cells.get(i))
            .map(|c| words(crate::formats::player_export::unquote_formula(c)))
            .filter(|c| !c.is_empty())
    };
    let number = |want: Column, problem: fn(String) -> RowProblem| {
        cell(want)
            .map(|v| {
                v.replace(' ', "")
                    .parse::<u64>()
                    .map_err(|_| problem(v.clone()))
            })
            .transpose()
    };
    let (mut surname, mut given, mut patronymic) = (None, None, None);
    if let Some(full) = cell(Column::FullName) {
        let (s, rest) = match full.split_once(',') {
            Some((s, rest)) => (s.trim().to_string(), rest.trim().to_string()),
            None => match full.split_once(' ') {
                Some((s, rest)) => (s.to_string(), rest.to_string()),
                None => (full.clone(), String::new()),
            },
        };
        let mut rest = rest.split_whitespace();
        surname = Some(s).filter(|s| !s.is_empty());
        given = rest.next().map(str::to_string);
        patronymic = Some(rest.collect::<Vec<_>>().join(" ")).filter(|p| !p.is_empty());
    }
    surname = cell(Column::Surname).or(surname);
    given = cell(Column::Given).or(given);
    patronymic = cell(Column::Patronymic).or(patronymic);
    let Some(surname) = surname else {
        return Err(RowProblem::NoName);
    };
    let name = match &given {
        Some(g) => format!("{surname}, {g}"),
        None => surname,
    };
    // A date after today is refused with its row (the others are still added): no child is
    // born after the list is read; it is a typo of the year to fix in the file.
    let birth_date = cell(Column::BirthDate)
        .map(|d| match normalize_birth_date(&d) {
            None => Err(RowProblem::BirthDate(d)),
            Some(date) if born_after(&date, today()) => Err(RowProblem::BirthDateFuture(d)),
            Some(date) => Ok(date),
        })
        .transpose()?;
    let sex = cell(Column::Sex)
        .map(|s| parse_sex(&s).ok_or(RowProblem::Sex(s)))
        .transpose()?;
    let grade = cell(Column::Grade)
        .map(|g| parse_grade(&g).ok_or(RowProblem::Grade(g)))
        .transpose()?;
    let rating = number(Column::Rating, RowProblem::Rating)?;
    let rating = match rating {
        None | Some(0) => None,
        Some(r) => Some(
            u16::try_from(r).map_err(|_| RowProblem::Player(PlayerProblem::Rating(u16::MAX)))?,
        ),
    };
    Ok(Player {
        name,
        patronymic,
        birth_date,
        sex,
        grade,
        club: cell(Column::Club),
        rating,
        fide_id: number(Column::FideId, RowProblem::FideId)?,
        fsr_id: number(Column::FsrId, RowProblem::FsrId)?,
        title: cell(Column::Title),
        federation: cell(Column::Federation),
        ..Player::default()
    })
}

/// A sex as lists write it: [`Sex::parse`]'s letters and words, and мужской/женский,
/// мальчик/девочка, boy/girl, man/woman, a trailing dot ignored (`муж.`).
fn parse_sex(text: &str) -> Option<Sex> {
    let t = text.trim().trim_end_matches('.').to_lowercase();
    Sex::parse(&t).or(match t.as_str() {
        "мужской" | "мальчик" | "boy" | "man" => Some(Sex::Male),
        "женский" | "девочка" | "д" | "girl" | "woman" => Some(Sex::Female),
        _ => None,
    })
}

/// A grade: a number 1–11, then nothing, a class letter or the word «класс» (`2`, `2Б`,
/// `3 "А"`, `4 класс`, `1 кл.`).
fn parse_grade(text: &str) -> Option<u8> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let rest = text[digits.len()..].to_lowercase();
    let rest = rest.trim_matches(|c: char| c.is_whitespace() || "-\"«».".contains(c));
    let known_rest = rest.is_empty()
        || rest == "класс"
        || rest == "кл"
        || rest == "grade"
        || (rest.chars().count() == 1 && rest.chars().all(char::is_alphabetic));
    let grade: u8 = digits.parse().ok()?;
    ((1..=11).contains(&grade) && known_rest).then_some(grade)
}

#[cfg(test)]
mod tests;
