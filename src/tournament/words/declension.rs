//! Russian names in the dative case, for diplomas («вручается Соловьёвой Дарье», «Иванову
//! Петру»): the common endings of Russian surnames, first names and patronymics, the rest
//! left as written (as the rules of Russian grammar leave foreign names ending in a vowel
//! other than -а/-я, and women's surnames ending in a consonant).
//!
//! Surnames: -ов/-ев/-ёв/-ин/-ын +у (m) / -ова/-ина… → -ой (f); adjectival -ский/-цкий/-ый/
//! -ой → -ому (m), -ая → -ой, -яя → -ей (f); -а/-я → -е (-ия → -ии) for both; another
//! consonant +у, -й/-ь → -ю for men only; -их/-ых, -ко, -о/-е/-и/-у/-ю/-ы never change. A
//! double surname changes each part (Заречной-Преображенской).
//!
//! First names: a consonant +у (m; Пётр → Петру, Павел → Павлу, Лев → Льву), -й/-ь → -ю (m),
//! -ь → -и (f: Любовь → Любови), -а/-я → -е, -ия → -ии (Мария → Марии, Илья → Илье); other
//! endings stay (Ли).
//!
//! The sex decides where the endings do not: when unknown it is guessed from the first name
//! and surname ([`guess_sex`]).

use crate::tournament::Sex;

/// Keeps the case of `word`'s last `cut` characters replaced by `ending` (lowercase), the
/// rest of the word as written.
fn replace_end(word: &str, cut: usize, ending: &str) -> String {
    let keep = word.chars().count() - cut;
    let head: String = word.chars().take(keep).collect();
    let upper = word.chars().count() > 1 && word.chars().all(|c| !c.is_lowercase());
    if upper {
        format!("{head}{}", ending.to_uppercase())
    } else {
        format!("{head}{ending}")
    }
}

fn lower(word: &str) -> String {
    word.to_lowercase().replace('ё', "е")
}

fn ends(word: &str, endings: &[&str]) -> bool {
    let w = lower(word);
    endings.iter().any(|e| w.ends_with(e))
}

const CONSONANTS: &str = "бвгджзклмнпрстфхцчшщ";

fn last_char(word: &str) -> Option<char> {
    lower(word).chars().last()
}

/// The sex a name suggests: a surname in -ова/-ева/-ина/-ая or a first name in -а/-я (not the
/// men's names Никита, Илья, Кузьма, Фома, Лука, Савва, Данила, Гаврила) is a woman's.
pub fn guess_sex(surname: &str, given: Option<&str>) -> Option<Sex> {
    if let Some(g) = given {
        let g = lower(g);
        let men = [
            "никита",
            "илья",
            "кузьма",
            "фома",
            "лука",
            "савва",
            "данила",
            "гаврила",
            "фока",
            "иона",
        ];
        if men.contains(&g.as_str()) {
            return Some(Sex::Male);
        }
        if g.ends_with('а') || g.ends_with('я') {
            return Some(Sex::Female);
        }
        if g.chars()
            .last()
            .is_some_and(|c| CONSONANTS.contains(c) || c == 'й')
        {
            return Some(Sex::Male);
        }
    }
    if ends(surname, &["ова", "ева", "ина", "ына", "ая"]) {
        return Some(Sex::Female);
    }
    if ends(surname, &["ов", "ев", "ин", "ын", "ий", "ой", "ый"]) {
        return Some(Sex::Male);
    }
    None
}

/// One part of a surname in the dative.
fn surname_part(word: &str, sex: Sex) -> String {
    let w = lower(word);
    if w.chars().count() < 2 || ends(&w, &["их", "ых", "ко"]) {
        return word.to_string();
    }
    match sex {
        Sex::Male => {
            if ends(&w, &["ий", "ый", "ой"]) {
                replace_end(word, 2, "ому")
            } else if ends(&w, &["ия"]) {
                replace_end(word, 1, "и")
            } else if ends(&w, &["а", "я"]) {
                replace_end(word, 1, "е")
            } else if ends(&w, &["й", "ь"]) {
                replace_end(word, 1, "ю")
            } else if last_char(&w).is_some_and(|c| CONSONANTS.contains(c)) {
                replace_end(word, 0, "у")
            } else {
                word.to_string()
            }
        }
        Sex::Female => {
            if ends(&w, &["ова", "ева", "ина", "ына", "ая"]) {
                replace_end(word, if w.ends_with("ая") { 2 } else { 1 }, "ой")
            } else if ends(&w, &["яя"]) {
                replace_end(word, 2, "ей")
            } else if ends(&w, &["ия"]) {
                replace_end(word, 1, "и")
            } else if ends(&w, &["а", "я"]) {
                replace_end(word, 1, "е")
            } else {
                word.to_string()
            }
        }
    }
}

/// A surname in the dative for a player of sex `sex` (module docs): `Соловьёва` (f) →
/// `Соловьёвой`, `Иванов` (m) → `Иванову`, `Заречная-Преображенская` →
/// `Заречной-Преображенской`, `Ким` (f) → `Ким`.
pub fn surname_dative(surname: &str, sex: Sex) -> String {
    surname
        .split('-')
        .map(|part| surname_part(part, sex))
        .collect::<Vec<_>>()
        .join("-")
}

/// A first name in the dative (module docs): `Дарья` → `Дарье`, `Пётр` → `Петру`, `Мария` →
/// `Марии`, `Андрей` → `Андрею`, `Ли` → `Ли`.
pub fn given_dative(given: &str, sex: Sex) -> String {
    let w = lower(given);
    let fleeting = [("петр", "Петру"), ("павел", "Павлу"), ("лев", "Льву")];
    if let Some((_, d)) = fleeting.iter().find(|(n, _)| *n == w) {
        return d.to_string();
    }
    if ends(&w, &["ия"]) {
        return replace_end(given, 1, "и");
    }
    if ends(&w, &["а", "я"]) {
        return replace_end(given, 1, "е");
    }
    match sex {
        Sex::Male if ends(&w, &["й", "ь"]) => replace_end(given, 1, "ю"),
        Sex::Male if last_char(&w).is_some_and(|c| CONSONANTS.contains(c)) => {
            replace_end(given, 0, "у")
        }
        // Любовь → Любови (the name keeps its о, unlike the noun).
        Sex::Female if w.ends_with('ь') => replace_end(given, 1, "и"),
        _ => given.to_string(),
    }
}

/// A patronymic in the dative: -ович/-евич/-ич +у, -овна/-евна/-ична/-инична → -е.
pub fn patronymic_dative(patronymic: &str) -> String {
    if ends(patronymic, &["ич"]) {
        replace_end(patronymic, 0, "у")
    } else if ends(patronymic, &["на"]) {
        replace_end(patronymic, 1, "е")
    } else {
        patronymic.to_string()
    }
}

/// A name's surname and the rest («Surname, Given» or «Surname Given»).
fn name_parts(name: &str) -> (&str, &str) {
    match name.split_once(',') {
        Some((s, g)) => (s.trim(), g.trim()),
        None => name.split_once(' ').unwrap_or((name, "")),
    }
}

/// The sex a player's name is declined by: `sex` when known, else guessed from the surname
/// and first name ([`guess_sex`]); `None` when neither tells. Words agreeing with the name (a
/// diploma's «занявшей»/«занявшему») take the same, so that they agree with its declension.
pub fn sex_of_name(name: &str, sex: Option<Sex>) -> Option<Sex> {
    let (surname, given) = name_parts(name.trim());
    sex.or_else(|| guess_sex(surname, given.split_whitespace().next()))
}

/// A player's name («Surname, Given» or «Surname Given») in the dative, surname first:
/// `Соловьёва, Дарья` → `Соловьёвой Дарье`. `sex` when known, else guessed ([`guess_sex`]);
/// a name whose sex cannot be told is left as written.
pub fn name_dative(name: &str, sex: Option<Sex>) -> String {
    let name = name.trim();
    let (surname, given) = name_parts(name);
    let mut given_words = given.split_whitespace();
    let first = given_words.next();
    let Some(sex) = sex.or_else(|| guess_sex(surname, first)) else {
        return name.replace(',', "");
    };
    let mut out = vec![surname_dative(surname, sex)];
    out.extend(first.map(|g| given_dative(g, sex)));
    out.extend(given_words.map(patronymic_dative));
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sex::{Female as F, Male as M};

    #[test]
    fn surnames() {
        let cases = [
            ("Соловьёва", F, "Соловьёвой"),
            ("Соловьёв", M, "Соловьёву"),
            ("Иванов", M, "Иванову"),
            ("Иванова", F, "Ивановой"),
            ("Пушкин", M, "Пушкину"),
            ("Пушкина", F, "Пушкиной"),
            ("Бородын", M, "Бородыну"),
            ("Константинопольский", M, "Константинопольскому"),
            ("Крестовоздвиженская", F, "Крестовоздвиженской"),
            ("Достоевский", M, "Достоевскому"),
            ("Зацкий", M, "Зацкому"),
            ("Толстой", M, "Толстому"),
            ("Толстая", F, "Толстой"),
            ("Заречная-Преображенская", F, "Заречной-Преображенской"),
            ("Ким", M, "Киму"),
            ("Ким", F, "Ким"),
            ("Шевченко", M, "Шевченко"),
            ("Черных", F, "Черных"),
            ("Седых", M, "Седых"),
            ("Гоголь", M, "Гоголю"),
            ("Гайдай", M, "Гайдаю"),
            ("Дума", M, "Думе"),
            ("Берия", M, "Берии"),
            ("Абдурахманова", F, "Абдурахмановой"),
            ("Гюго", M, "Гюго"),
            ("Шмидт", F, "Шмидт"),
            ("ИВАНОВ", M, "ИВАНОВУ"),
            ("Ёлкин", M, "Ёлкину"),
            ("Белоусова", F, "Белоусовой"),
            ("Лебедев", M, "Лебедеву"),
        ];
        for (nom, sex, dat) in cases {
            assert_eq!(surname_dative(nom, sex), dat, "{nom} {sex:?}");
        }
    }

    #[test]
    fn first_names() {
        let cases = [
            ("Дарья", F, "Дарье"),
            ("Пётр", M, "Петру"),
            ("Петр", M, "Петру"),
            ("Павел", M, "Павлу"),
            ("Лев", M, "Льву"),
            ("Мария", F, "Марии"),
            ("Зульфия", F, "Зульфии"),
            ("Илья", M, "Илье"),
            ("Никита", M, "Никите"),
            ("Андрей", M, "Андрею"),
            ("Дмитрий", M, "Дмитрию"),
            ("Игорь", M, "Игорю"),
            ("Любовь", F, "Любови"),
            ("Ася", F, "Асе"),
            ("Ева", F, "Еве"),
            ("Софья", F, "Софье"),
            ("Артём", M, "Артёму"),
            ("Вячеслав", M, "Вячеславу"),
            ("Ли", M, "Ли"),
            ("Тимур", M, "Тимуру"),
        ];
        for (nom, sex, dat) in cases {
            assert_eq!(given_dative(nom, sex), dat, "{nom} {sex:?}");
        }
        assert_eq!(patronymic_dative("Андреевна"), "Андреевне");
        assert_eq!(patronymic_dative("Сергеевич"), "Сергеевичу");
        assert_eq!(patronymic_dative("Ильич"), "Ильичу");
    }

    #[test]
    fn whole_names_and_the_sex_guessed() {
        assert_eq!(name_dative("Соловьёва, Дарья", Some(F)), "Соловьёвой Дарье");
        assert_eq!(name_dative("Иванов, Пётр", Some(M)), "Иванову Петру");
        assert_eq!(name_dative("Ким, Ли", Some(M)), "Киму Ли");
        assert_eq!(
            name_dative("Соловьёва Дарья Андреевна", None),
            "Соловьёвой Дарье Андреевне"
        );
        assert_eq!(name_dative("Сидоров, Илья", None), "Сидорову Илье");
        assert_eq!(name_dative("Ким, Ли", None), "Ким Ли");
        assert_eq!(guess_sex("Ким", Some("Анна")), Some(F));
        assert_eq!(guess_sex("Ким", None), None);
        assert_eq!(guess_sex("Орлова", None), Some(F));
    }
}
