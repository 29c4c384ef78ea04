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
use crate::tournament::player::{PlayerProblem, date_text, normalize_birth_date};
use crate::tournament::{Player, Sex, Tournament, TournamentError};

mod index;
use index::{LineCounter, Seen};

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
    let mut seen = Seen::of(event);
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
            let columns: Vec<Option<Column>> = cells.iter().map(|c| column_of(c)).collect();
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
        match row_player(columns, &cells) {
            Err(problem) => preview.refused.push(refuse(problem)),
            Ok(player) => {
                if let Err(p) = crate::tournament::model::check_player(&player) {
                    preview.refused.push(refuse(RowProblem::Player(p)));
                    continue;
                }
                let row = ListRow { line, player };
                match seen.duplicate_of(&row) {
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
    let birth_date = cell(Column::BirthDate)
        .map(|d| normalize_birth_date(&d).ok_or(RowProblem::BirthDate(d)))
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

/// One line about a listed player for the preview: name with patronymic, birth date, sex,
/// grade, club, rating, ids (those given), in `lang`: «Соловьёва, Дарья Андреевна, 05.03.2017,
/// ж, 2 класс, МБОУ СОШ № 12».
pub fn row_summary(p: &Player, lang: Lang) -> String {
    let mut parts = vec![match &p.patronymic {
        Some(pat) => format!("{} {pat}", p.name),
        None => p.name.clone(),
    }];
    if let Some(d) = &p.birth_date {
        parts.push(date_text(d, lang));
    }
    if let Some(s) = p.sex {
        parts.push(lang.msg(match s {
            Sex::Male => "pl-sex-m",
            Sex::Female => "pl-sex-f",
        }));
    }
    if let Some(g) = p.grade {
        parts.push(lang.fmt("pl-grade-n", &[("grade", &g.to_string())]));
    }
    parts.extend(p.club.clone());
    if let Some(r) = p.rating {
        parts.push(lang.fmt("pl-rating-n", &[("rating", &r.to_string())]));
    }
    if let Some(id) = p.fide_id {
        parts.push(format!("FIDE {id}"));
    }
    if let Some(id) = p.fsr_id {
        parts.push(lang.fmt("pl-fsr-n", &[("id", &id.to_string())]));
    }
    parts.join(", ")
}

impl Preview {
    /// The preview's first line in `lang`: the file, the encoding and the delimiter found.
    pub fn read_line(&self, file: &str, lang: Lang) -> String {
        let delimiter = match self.delimiter {
            '\t' => lang.msg("pl-tab"),
            c if lang == Lang::Ru => format!("«{c}»"),
            c => format!("\"{c}\""),
        };
        lang.fmt(
            "pl-read",
            &[
                ("file", file),
                ("encoding", &self.encoding),
                ("delimiter", &delimiter),
            ],
        )
    }

    /// The preview as text in `lang`: the encoding and delimiter found, the rows to add, the
    /// likely duplicates with whom they repeat (`event`'s registered players by name), the
    /// refused rows with line and reason, the columns not read.
    pub fn to_text(&self, event: &Tournament, file: &str, lang: Lang) -> String {
        let mut out = self.read_line(file, lang);
        out.push('\n');
        let line = |n: usize| lang.fmt("pl-line", &[("line", &n.to_string())]);
        out.push_str(&lang.fmt("pl-to-add", &[("n", &self.to_add.len().to_string())]));
        out.push('\n');
        for r in &self.to_add {
            out.push_str(&format!(
                "  {}  {}\n",
                line(r.line),
                row_summary(&r.player, lang)
            ));
        }
        if !self.duplicates.is_empty() {
            out.push_str(&lang.fmt(
                "pl-duplicates",
                &[("n", &self.duplicates.len().to_string())],
            ));
            out.push('\n');
            for d in &self.duplicates {
                out.push_str(&format!(
                    "  {}  {} — {}\n",
                    line(d.row.line),
                    row_summary(&d.row.player, lang),
                    d.of.text(event, lang)
                ));
            }
        }
        if !self.refused.is_empty() {
            out.push_str(&lang.fmt("pl-refused", &[("n", &self.refused.len().to_string())]));
            out.push('\n');
            for r in &self.refused {
                out.push_str(&format!(
                    "  {}  {} — {}\n",
                    line(r.line),
                    r.text,
                    r.problem.text(lang)
                ));
            }
        }
        if !self.ignored.is_empty() {
            out.push_str(&lang.fmt("pl-ignored", &[("columns", &self.ignored.join(", "))]));
            out.push('\n');
        }
        out
    }

    /// Adds the rows to add (and the likely duplicates when `with_duplicates`) to `event`, in
    /// file order, each as [`Tournament::add_player`] adds a player (ranked again before
    /// round 1; after it, the next starting ranks). Returns how many were added. All or
    /// nothing: on an error `event` is unchanged.
    ///
    /// # Errors
    /// [`TournamentError::InvalidPlayer`] (a full event: 9999 players).
    pub fn apply(
        &self,
        event: &mut Tournament,
        with_duplicates: bool,
    ) -> Result<usize, TournamentError> {
        let mut rows: Vec<&ListRow> = self.to_add.iter().collect();
        if with_duplicates {
            rows.extend(self.duplicates.iter().map(|d| &d.row));
            rows.sort_by_key(|r| r.line);
        }
        event.add_players(rows.iter().map(|r| r.player.clone()).collect())?;
        Ok(rows.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_in_both_languages() {
        assert_eq!(column_of("\u{feff}Фамилия"), Some(Column::Surname));
        assert_eq!(column_of("  ИМЯ "), Some(Column::Given));
        assert_eq!(column_of("Ф.И.О."), Some(Column::FullName));
        assert_eq!(column_of("Д.р."), Some(Column::BirthDate));
        assert_eq!(column_of("Дата  рождения"), Some(Column::BirthDate));
        assert_eq!(column_of("ID ФШР"), Some(Column::FsrId));
        assert_eq!(column_of("FIDE ID"), Some(Column::FideId));
        assert_eq!(column_of("Школа/клуб"), Some(Column::Club));
        assert_eq!(column_of("Date of birth"), Some(Column::BirthDate));
        assert_eq!(column_of("№ п/п"), Some(Column::Number));
        assert_eq!(column_of("Телефон родителей"), None);
    }

    #[test]
    fn grades_and_sexes() {
        assert_eq!(parse_grade("2Б"), Some(2));
        assert_eq!(parse_grade("3 \"А\""), Some(3));
        assert_eq!(parse_grade("4 класс"), Some(4));
        assert_eq!(parse_grade("1 кл."), Some(1));
        assert_eq!(parse_grade("11"), Some(11));
        assert_eq!(parse_grade("0"), None);
        assert_eq!(parse_grade("12"), None);
        assert_eq!(parse_grade("второй"), None);
        assert_eq!(parse_grade("2 Б класс"), None);
        assert_eq!(parse_sex("Жен."), Some(Sex::Female));
        assert_eq!(parse_sex("девочка"), Some(Sex::Female));
        assert_eq!(parse_sex("М"), Some(Sex::Male));
        assert_eq!(parse_sex("x"), None);
    }

    #[test]
    fn delimiters() {
        assert_eq!(delimiter("Фамилия;Имя;Школа, класс\n"), ';');
        assert_eq!(delimiter("a\tb\tc\n"), '\t');
        assert_eq!(delimiter("\n\nname,born\n"), ',');
        assert_eq!(delimiter("ФИО\n"), ';');
    }

    #[test]
    fn a_list_added_at_once_gets_the_numbers_of_one_by_one() {
        let mut list = Vec::new();
        for i in 0..60u16 {
            list.push(Player {
                name: format!("Игрок {}", i % 7),
                rating: (i % 3 != 0).then_some(1000 + (i % 5) * 10),
                ..Player::default()
            });
        }
        let mut one_by_one = Tournament::new("x", 3);
        one_by_one.add_player(list[0].clone()).unwrap();
        let mut at_once = one_by_one.clone();
        for p in &list[1..] {
            one_by_one.add_player(p.clone()).unwrap();
        }
        at_once.add_players(list[1..].to_vec()).unwrap();
        assert_eq!(at_once.players, one_by_one.players);
    }

    #[test]
    fn encodings() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode("Фамилия;Имя\n");
        assert_eq!(
            decode(&bytes),
            (Cow::Borrowed("Фамилия;Имя\n"), "windows-1251".into())
        );
        let bom = [b"\xef\xbb\xbf".as_slice(), "ФИО\n".as_bytes()].concat();
        assert_eq!(decode(&bom), (Cow::Borrowed("ФИО\n"), "UTF-8 (BOM)".into()));
        assert_eq!(decode("ФИО".as_bytes()).1, "UTF-8");
    }
}
