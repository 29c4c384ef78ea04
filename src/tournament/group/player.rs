//! A participant: [`Player`], and the limits of a player record (the fixed columns of a
//! TRF-16 player line, C.04 Annex 2, which every export must fit).

/// Width in characters of a player's name in a TRF-16 player line (columns 15–47). The record
/// keeps whole names ([`MAX_NAME_CHARS`]); only the TRF export cuts a longer one to fit, and
/// says so.
pub const NAME_WIDTH: usize = 33;
/// The longest name the record takes, in characters (a typing accident's guard, far beyond
/// any real name: «Иванова-Петрова-Сидорова, Анна-Мария Александровна» has 50).
pub const MAX_NAME_CHARS: usize = 100;
/// Width in characters of a title (TRF-16 columns 11–13).
pub const TITLE_WIDTH: usize = 3;
/// Width in characters of a federation (TRF-16 columns 54–56).
pub const FEDERATION_WIDTH: usize = 3;
/// Width in characters of a birth date (TRF-16 columns 70–79).
pub const BIRTH_DATE_WIDTH: usize = 10;
/// The highest school grade (класс): Russian schools have grades 1–11.
pub const MAX_GRADE: u8 = 11;
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
    /// Sex (TRF-16 column 10, `m` or `w`): Russian text agrees with it (`выбыл`/`выбыла`,
    /// [`Player::gendered`]). `None` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Birth date as written (`YYYY/MM/DD` or `YYYY`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    /// Club or school (not in TRF-16 player lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// FIDE id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// Patronymic (отчество), when a list gives it; not part of [`Player::name`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patronymic: Option<String>,
    /// School grade (класс, 1–11), for categories by grade (the event is for grades 1–4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<u8>,
    /// The Russian Chess Federation's id (ID ФШР).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fsr_id: Option<u64>,
    /// First round the player no longer plays after leaving the event (CR 1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
    /// First round after disqualification (CR 2.2): every later round counts as a loss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disqualified_from: Option<u32>,
}

/// A player's sex as TRF-16 records it (column 10: `m`, `w`); the state file writes the same
/// letters (`"m"`, `"w"`; `"f"` is read as `"w"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Sex {
    /// Male (`m`).
    #[serde(rename = "m")]
    Male,
    /// Female (`w` in TRF, also written `f`).
    #[serde(rename = "w", alias = "f")]
    Female,
}

impl Sex {
    /// Parses `m`/`male`/`м`/`муж` and `w`/`f`/`female`/`ж`/`жен` (any case, surrounding
    /// spaces ignored); `None` for anything else.
    pub fn parse(text: &str) -> Option<Sex> {
        match text.trim().to_lowercase().as_str() {
            "m" | "male" | "м" | "муж" => Some(Sex::Male),
            "w" | "f" | "female" | "ж" | "жен" => Some(Sex::Female),
            _ => None,
        }
    }

    /// The TRF-16 letter (column 10): `m` or `w`.
    pub fn trf_letter(self) -> char {
        match self {
            Sex::Male => 'm',
            Sex::Female => 'w',
        }
    }

    /// The value of a Fluent message's `$sex` selector: `m` or `f` (`other`, the masculine
    /// form in Russian, when unknown: see [`gendered`]).
    pub fn selector(self) -> &'static str {
        match self {
            Sex::Male => "m",
            Sex::Female => "f",
        }
    }
}

/// True when two names are the same person's name as the desk compares them: case ignored,
/// `ё` read as `е`, commas and runs of spaces ignored (`Соловьёв, Илья` = `соловьев илья`).
pub fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
}

/// A name as the desk registers it, «Фамилия Имя»: surrounding and repeated spaces dropped;
/// the comma between surname and given name dropped unless `keep_comma` (FIDE's «Surname,
/// Given name»); a name typed all in lower case given its capitals, and a word of two or more
/// letters typed all in capitals written as a name (each part of a hyphenated word alike):
/// `кузнецова дарья` → `Кузнецова Дарья`, `Орлов, Лев` → `Орлов Лев`, `ИВАНОВ Иван` →
/// `Иванов Иван`. A name typed in mixed case keeps its small words (`ван дер Берг`).
///
/// ```
/// use arbiter::tournament::player::normalise_name as n;
/// assert_eq!(n("  кузнецова   дарья ", false), "Кузнецова Дарья");
/// assert_eq!(n("Орлов, Лев", false), "Орлов Лев");
/// assert_eq!(n("Carlsen, Magnus", true), "Carlsen, Magnus");
/// assert_eq!(n("ИВАНОВ Иван", false), "Иванов Иван");
/// assert_eq!(n("римская-корсакова анна", false), "Римская-Корсакова Анна");
/// assert_eq!(n("ван дер Берг Анна", false), "ван дер Берг Анна");
/// assert_eq!(n("Петров И. С.", false), "Петров И. С.");
/// ```
pub fn normalise_name(name: &str, keep_comma: bool) -> String {
    let text = if keep_comma {
        name.to_owned()
    } else {
        name.replace(',', " ")
    };
    let all_lower = !text.chars().any(char::is_uppercase);
    let capital = |part: &str| {
        let mut c = part.chars();
        match c.next() {
            Some(first) => first
                .to_uppercase()
                .chain(c.flat_map(char::to_lowercase))
                .collect(),
            None => String::new(),
        }
    };
    text.split_whitespace()
        .map(|word| {
            let letters = word.chars().filter(|c| c.is_alphabetic()).count();
            let all_caps = letters >= 2 && !word.chars().any(char::is_lowercase);
            if all_lower || all_caps {
                word.split('-').map(capital).collect::<Vec<_>>().join("-")
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A name as [`same_name`] compares it: lower case, `ё` as `е`, commas as spaces, single
/// spaces (`Соловьёв, Илья` → `соловьев илья`): names equal under it are one name, so it can
/// key a map of names.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
        .replace(',', " ")
        .replace('ё', "е")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Message `id` of `locales/<lang>/arbiter.ftl` written for a player of sex `sex`: the message
/// gets the argument `$sex` (`m`, `f`, or `unknown`) besides `args`, and chooses its gendered
/// words by it (`{ $sex -> [f] выбыла *[other] выбыл }`). The one helper for gendered words,
/// for the command line and the desk alike.
///
/// # Panics
/// As [`Lang::fmt`](crate::i18n::Lang::fmt): when the message is missing (a bug).
pub fn gendered(
    lang: crate::i18n::Lang,
    id: &str,
    sex: Option<Sex>,
    args: &[(&str, &str)],
) -> String {
    let mut all: Vec<(&str, &str)> = args.to_vec();
    all.push(("sex", sex.map_or("unknown", Sex::selector)));
    lang.fmt(id, &all)
}

impl Player {
    /// Message `id` written for this player ([`gendered`] with the player's sex, or when it
    /// was not given the sex the name tells, as the diplomas' declension reads it:
    /// [`crate::tournament::words::declension::sex_of_name`]): e.g. `word-withdrew` is «выбыл»
    /// or «выбыла», and a girl registered without a sex is «внесена», not «внесён».
    pub fn gendered(&self, lang: crate::i18n::Lang, id: &str, args: &[(&str, &str)]) -> String {
        let sex = crate::tournament::words::declension::sex_of_name(&self.name, self.sex);
        gendered(lang, id, sex, args)
    }

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

/// What is wrong with a player record ([`crate::tournament::TournamentError::InvalidPlayer`]);
/// English is the `Display`, [`PlayerProblem::text`] writes any language.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayerProblem {
    /// No name.
    #[error("the name is empty")]
    EmptyName,
    /// A line break or tab in the name (it would split the TRF line).
    #[error("the name holds a control character (a line break or tab)")]
    ControlCharacter,
    /// A name longer than [`MAX_NAME_CHARS`].
    #[error("the name has {chars} characters; at most {max} are kept")]
    NameTooLong {
        /// Characters given.
        chars: usize,
        /// [`MAX_NAME_CHARS`].
        max: usize,
    },
    /// A title, federation or birth date longer than its TRF-16 columns.
    #[error("the {} has {chars} characters; a TRF player line has {width} for it", field.replace('_', " "))]
    TooWide {
        /// `title`, `federation` or `birth_date`.
        field: &'static str,
        /// Characters given.
        chars: usize,
        /// Its columns.
        width: usize,
    },
    /// A rating over four digits.
    #[error("rating {0} does not fit TRF's four columns (at most 9999)")]
    Rating(u16),
    /// A FIDE id over eleven digits.
    #[error("FIDE id {0} does not fit TRF's eleven columns")]
    FideId(u64),
    /// A birth date that is not a real `YYYY/MM/DD` date (or a year).
    #[error(
        "birth date {0:?} is not a real date written DD.MM.YYYY or YYYY/MM/DD (or a year YYYY)"
    )]
    BirthDate(String),
    /// A school grade outside 1–11 (класс).
    #[error("grade {0} is not a school grade (1 to 11)")]
    Grade(u8),
    /// The 10,000th player.
    #[error("the event is full: TRF starting ranks go up to 9999")]
    EventFull,
}

impl PlayerProblem {
    /// The problem in `lang` (Fluent `pp-*`).
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        use PlayerProblem::*;
        let s = |v: &dyn std::fmt::Display| v.to_string();
        let (id, args): (&str, Vec<(&str, String)>) = match self {
            EmptyName => ("pp-empty-name", vec![]),
            ControlCharacter => ("pp-control-character", vec![]),
            NameTooLong { chars, max } => (
                "pp-name-too-long",
                vec![("chars", s(chars)), ("max", s(max))],
            ),
            TooWide {
                field,
                chars,
                width,
            } => (
                "pp-too-wide",
                vec![
                    ("field", field.to_string()),
                    ("chars", s(chars)),
                    ("width", s(width)),
                ],
            ),
            Rating(r) => ("pp-rating", vec![("rating", s(r))]),
            FideId(id) => ("pp-fide-id", vec![("id", s(id))]),
            BirthDate(d) => ("pp-birth-date", vec![("date", format!("{d:?}"))]),
            Grade(g) => ("pp-grade", vec![("grade", s(g))]),
            EventFull => ("pp-event-full", vec![]),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fmt(id, &args)
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

/// A birth date as the record keeps it (`YYYY/MM/DD`, or a year `YYYY`) from the ways people
/// write it: `YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD`, the Russian `ДД.ММ.ГГГГ` (also
/// `Д.М.ГГГГ`, `ДД/ММ/ГГГГ`, `ДД-ММ-ГГГГ`) and a year alone; surrounding spaces ignored.
/// `None` when it is none of them or not a real date (31.04.2016, 29.02.2015).
///
/// ```
/// use arbiter::tournament::player::normalize_birth_date as n;
/// assert_eq!(n("05.03.2017").as_deref(), Some("2017/03/05"));
/// assert_eq!(n("5.3.2017").as_deref(), Some("2017/03/05"));
/// assert_eq!(n("2017-03-05").as_deref(), Some("2017/03/05"));
/// assert_eq!(n("2017").as_deref(), Some("2017"));
/// assert_eq!(n("31.04.2016"), None);
/// ```
pub fn normalize_birth_date(text: &str) -> Option<String> {
    let text = text.trim();
    let parts: Vec<&str> = text.split(['/', '.', '-']).collect();
    let digits = |s: &str| !s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit());
    if !parts.iter().all(|p| digits(p)) {
        return None;
    }
    let date = match parts.as_slice() {
        [y] if y.len() == 4 => y.to_string(),
        [y, m, d] if y.len() == 4 && m.len() <= 2 && d.len() <= 2 => {
            format!("{y}/{m:0>2}/{d:0>2}")
        }
        [d, m, y] if y.len() == 4 && m.len() <= 2 && d.len() <= 2 => {
            format!("{y}/{m:0>2}/{d:0>2}")
        }
        _ => return None,
    };
    is_valid_birth_date(&date).then_some(date)
}

/// A date as `lang` writes it: `05.03.2017` in Russian, `2017/03/05` in English (the
/// record's form); a year stays a year.
pub fn date_text(date: &str, lang: crate::i18n::Lang) -> String {
    match (lang, date.split('/').collect::<Vec<_>>().as_slice()) {
        (crate::i18n::Lang::Ru, [y, m, d]) => format!("{d}.{m}.{y}"),
        _ => date.to_string(),
    }
}

/// The birth year of a date as the record keeps it (`YYYY/MM/DD` or `YYYY`).
pub fn birth_year(date: &str) -> Option<u16> {
    date.get(..4).and_then(|y| y.parse().ok())
}

/// True when a birth date as the record keeps it (`YYYY/MM/DD`, or a year `YYYY`) lies after
/// `today`: a child not born yet, a typo of the year (2061 for 2016). A year is after today
/// only when the whole year is; a date that is no real date is not (that is
/// [`is_valid_birth_date`]'s refusal).
///
/// ```
/// use arbiter::tournament::player::born_after;
/// let today = jiff::civil::date(2026, 12, 5);
/// assert!(born_after("2026/12/06", today));
/// assert!(born_after("2027", today));
/// assert!(!born_after("2026/12/05", today));
/// assert!(!born_after("2026", today));
/// assert!(!born_after("2017/03/05", today));
/// ```
pub fn born_after(date: &str, today: jiff::civil::Date) -> bool {
    let parts: Vec<i32> = date
        .trim()
        .split('/')
        .map_while(|p| p.parse().ok())
        .collect();
    let today = (
        i32::from(today.year()),
        i32::from(today.month()),
        i32::from(today.day()),
    );
    match parts.as_slice() {
        [y] => *y > today.0,
        [y, m, d] => (*y, *m, *d) > today,
        _ => false,
    }
}

/// Today's date by this computer's clock, in its time zone: the day a birth date must not
/// be after ([`born_after`]).
pub fn today() -> jiff::civil::Date {
    jiff::Timestamp::now()
        .to_zoned_datetime(jiff::tz::TimeZone::system())
        .date()
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

/// A birth date written the Russian way (`ДД.ММ.ГГГГ`) or with dashes, kept as
/// `YYYY/MM/DD` ([`crate::tournament::player::normalize_birth_date`]); a date that is none of
/// them is left for [`check_player`] to refuse.
pub(crate) fn normalize_date(date: &mut Option<String>) {
    if let Some(d) = date
        .as_deref()
        .and_then(crate::tournament::player::normalize_birth_date)
    {
        *date = Some(d);
    }
}

/// The checks of a player record ([`Tournament::add_player`], [`Tournament::edit_player`]):
/// the problem, or `Ok`. A name is kept whole however long (up to [`MAX_NAME_CHARS`]): only
/// the TRF export cuts it to its 33 columns, and says so.
pub(crate) fn check_player(player: &Player) -> Result<(), PlayerProblem> {
    if player.name.trim().is_empty() {
        return Err(PlayerProblem::EmptyName);
    }
    if player.name.chars().any(char::is_control) {
        return Err(PlayerProblem::ControlCharacter);
    }
    let chars = player.name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(PlayerProblem::NameTooLong {
            chars,
            max: MAX_NAME_CHARS,
        });
    }
    if let Some(&(field, chars, width)) = overlong_text_fields(
        &player.name,
        player.title.as_deref(),
        player.federation.as_deref(),
        player.birth_date.as_deref(),
    )
    .iter()
    .find(|(field, ..)| *field != "name")
    {
        return Err(PlayerProblem::TooWide {
            field,
            chars,
            width,
        });
    }
    if let Some(r) = player.rating.filter(|&r| r > MAX_FOUR_DIGITS) {
        return Err(PlayerProblem::Rating(r));
    }
    if let Some(id) = player.fide_id.filter(|&id| id > MAX_FIDE_ID) {
        return Err(PlayerProblem::FideId(id));
    }
    if let Some(date) = player.birth_date.as_deref()
        && !crate::tournament::player::is_valid_birth_date(date)
    {
        return Err(PlayerProblem::BirthDate(date.to_string()));
    }
    if let Some(g) = player.grade.filter(|g| !(1..=MAX_GRADE).contains(g)) {
        return Err(PlayerProblem::Grade(g));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// The Russian words agree with the player's sex, or the sex the name tells; English has
    /// one form; an unknown sex takes the masculine (the grammatical default of «участник»).
    #[test]
    fn gendered_words() {
        let anna = Player {
            name: "Заречная Анастасия".into(),
            sex: Sex::parse("ж"),
            ..Player::default()
        };
        let petr = Player {
            name: "Петров Пётр".into(),
            sex: Sex::parse("M"),
            ..Player::default()
        };
        assert_eq!(anna.gendered(Lang::Ru, "word-withdrew", &[]), "выбыла");
        assert_eq!(petr.gendered(Lang::Ru, "word-withdrew", &[]), "выбыл");
        assert_eq!(gendered(Lang::Ru, "word-withdrew", None, &[]), "выбыл");
        assert_eq!(anna.gendered(Lang::En, "word-withdrew", &[]), "withdrew");
        assert_eq!(
            anna.gendered(Lang::Ru, "word-disqualified", &[]),
            "дисквалифицирована"
        );
        // Registered without a sex: the name tells (as the diploma's declension reads it);
        // a name that tells nothing keeps the masculine.
        let nina = Player {
            name: "Гусева, Нина".into(),
            ..Player::default()
        };
        assert_eq!(
            nina.gendered(Lang::Ru, "web-delete-confirm", &[("name", &nina.name)]),
            "Гусева, Нина внесена в список по ошибке: удалить"
        );
        assert_eq!(nina.gendered(Lang::Ru, "word-withdrew", &[]), "выбыла");
        let unknown = Player {
            name: "Ли Ким".into(),
            ..Player::default()
        };
        assert_eq!(unknown.gendered(Lang::Ru, "word-withdrew", &[]), "выбыл");
        assert_eq!(Sex::parse("f"), Some(Sex::Female));
        assert_eq!(Sex::parse("x"), None);
        let json = serde_json::to_string(&anna).unwrap();
        assert!(json.contains(r#""sex":"w""#), "{json}");
        let back: Player =
            serde_json::from_str(r#"{"start_rank":1,"name":"A","sex":"f"}"#).unwrap();
        assert_eq!(back.sex, Some(Sex::Female));
    }

    #[test]
    fn birth_dates() {
        use super::is_valid_birth_date as ok;
        assert!(ok("2015/02/28") && ok("2016/02/29") && ok("2015"));
        assert!(!ok("2015/02/29") && !ok("2015/13/01") && !ok("2015-01-01") && !ok("15/01/01"));
        assert!(!ok("2015/00/10") && !ok("2015/04/31") && !ok("abcd"));
    }
}

#[cfg(test)]
mod same_name_tests {
    use super::same_name;

    #[test]
    fn names_compare_without_case_yo_and_commas() {
        assert!(same_name("Соловьёв Илья", "соловьев  илья"));
        assert!(same_name("Соловьёв, Илья", "СОЛОВЬЕВ ИЛЬЯ"));
        assert!(!same_name("Соловьёв Илья", "Соловьёва Илья"));
        assert!(!same_name("Ёлкин Фёдор", "Елкин Федот"));
    }
}
