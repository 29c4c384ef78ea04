//! The command line speaks the event's language: every refusal and confirmation of the
//! tournament commands, the usage errors (clap's own included), file errors, the pairer's "no
//! legal pairing" and the forced-pairing warning, `adjudicate --list-rules`, run in English
//! and in Russian. The Russian text must hold no English word (flags, file names, codes and
//! values quoted aside); the English text must be the English one.
//!
//! Also the command-line defects a refusal used to hide: `check-pairings` and `standings` on
//! a file that holds no tournament, the pairing-allocated bye given before pairing, the one
//! preset kept in the event.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{arbiter, ok};

/// `arbiter <args> --lang <lang>` in `dir`.
fn run(args: &[&str], lang: &str, dir: &Path) -> Output {
    let mut all = args.to_vec();
    all.extend(["--lang", lang]);
    arbiter(&all, dir)
}

/// The Latin words of `text` that are not a flag (`--override-reason`), a file name, a code
/// in backticks or quotes, a notation (`1-0`, `XXR`, `C1`) or a proper name of a format or
/// program the Russian text names as such.
pub(crate) fn english_words(text: &str) -> Vec<String> {
    const KEPT: &[&str] = &[
        "arbiter",
        "TRF",
        "FIDE",
        "ID",
        "JSON",
        "UTF",
        "XXR",
        "XXP",
        "Syzygy",
        "UCI",
        "N",
        "C1",
        "C2",
        "C3",
        // C.07's tie-break acronyms (the standings' columns; the Russian legend names them).
        "BH-C1",
        "BH-M1",
        "BH",
        "SB",
        "DE",
        "PS",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "ARO",
        "STD",
        "REP",
        "RTNG",
        "TPN",
        "STATE",
        "half",
        "zero",
        "full",
        "pab",
        "m",
        "f",
        "w",
        "ru",
        "en",
        "detsky-mat",
        "fide",
        "white",
        "black",
        // Command names (`подробнее: arbiter tournament new --help`).
        "tournament",
        "new",
        "bye",
        "add-player",
        "result",
        "frobnicate",
        "standings",
        "import",
    ];
    let mut words = Vec::new();
    let mut rest = text.to_string();
    // Text inside backticks, guillemets or double quotes is quoted, not said.
    for (open, close) in [('`', '`'), ('«', '»'), ('"', '"')] {
        let mut out = String::new();
        let mut inside = false;
        for c in rest.chars() {
            if inside {
                if c == close {
                    inside = false;
                }
            } else if c == open {
                inside = true;
            } else {
                out.push(c);
            }
        }
        rest = out;
    }
    for token in rest.split(|c: char| c.is_whitespace() || ",;:()[]".contains(c)) {
        let is_flag = token.starts_with('-');
        let is_file = token.contains('.') || token.contains('/');
        if is_flag || is_file || KEPT.contains(&token) {
            continue;
        }
        let latin = token.chars().filter(char::is_ascii_alphabetic).count();
        if latin >= 1 && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            let letters: String = token.chars().filter(char::is_ascii_alphabetic).collect();
            if !KEPT.contains(&letters.as_str()) && letters.len() >= 2 {
                words.push(token.to_string());
            }
        }
    }
    words
}

/// Runs `args` in both languages; each must exit with `status` and write `stream` (standard
/// error unless `stdout`). Returns (English, Russian) and checks: the Russian text has no
/// English word, contains `ru`; the English text contains `en`.
pub(crate) fn both(args: &[&str], status: i32, stdout: bool, en: &str, ru: &str, dir: &Path) {
    both_from(None, args, status, stdout, en, ru, dir);
}

/// As [`both`], each language's run on a fresh copy of a state file (`copy` = (from, to)),
/// for a command that changes it.
fn both_from(
    copy: Option<(&str, &str)>,
    args: &[&str],
    status: i32,
    stdout: bool,
    en: &str,
    ru: &str,
    dir: &Path,
) {
    let mut texts = Vec::new();
    for lang in ["en", "ru"] {
        if let Some((from, to)) = copy {
            std::fs::copy(dir.join(from), dir.join(to)).unwrap();
        }
        let out = run(args, lang, dir);
        assert_eq!(
            out.status.code(),
            Some(status),
            "{args:?} --lang {lang}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = if stdout { out.stdout } else { out.stderr };
        texts.push(String::from_utf8(bytes).unwrap());
    }
    let (e, r) = (&texts[0], &texts[1]);
    assert!(e.contains(en), "{args:?} English: {e}");
    assert!(r.contains(ru), "{args:?} Russian: {r}");
    assert_ne!(e, r, "{args:?}");
    let left = english_words(r);
    assert!(
        left.is_empty(),
        "{args:?} Russian has English {left:?}: {r}"
    );
}

/// `tournament ARGS…`.
fn tournament_args<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [&["tournament"], args].concat()
}

fn event(dir: &Path, rounds: &str, names: &[&str]) {
    ok(&["new", "t.json", "--name", "T", "--rounds", rounds], dir);
    for n in names {
        ok(&["add-player", "t.json", "--name", n], dir);
    }
}

#[test]
fn usage_errors_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, "4", &["Anna", "Boris"]);
    let t = tournament_args;
    both(
        &t(&["new", "x.json", "--nmae", "T"]),
        2,
        false,
        "unexpected argument '--nmae' found",
        "ошибка: неизвестный аргумент «--nmae»; возможно, имелось в виду «--name»",
        d,
    );
    both(
        &t(&[
            "bye", "t.json", "--round", "1", "--player", "1", "--kind", "x",
        ]),
        2,
        false,
        "expected half, zero, full or pab, found \"x\"",
        "недопустимое значение «x» для --kind: нужен вид пропуска half, zero, full или pab",
        d,
    );
    both(
        &t(&["new", "y.json", "--name", "T", "--initial-colour", "red"]),
        2,
        false,
        "invalid value 'red' for '--initial-colour <INITIAL_COLOUR>'",
        "недопустимое значение «red» для --initial-colour; допустимые значения: white, black",
        d,
    );
    both(
        &t(&["add-player", "t.json"]),
        2,
        false,
        "the following required arguments were not provided",
        "не указаны обязательные аргументы: --name",
        d,
    );
    both(
        &t(&[
            "result", "t.json", "--round", "1", "--board", "1", "--game", "1-2", "1-0",
        ]),
        2,
        false,
        "cannot be used with",
        "нельзя указывать вместе с",
        d,
    );
    both(
        &t(&["result", "t.json", "--round", "1", "--board", "1", "9-9"]),
        2,
        false,
        "invalid value '9-9' for '[RESULT]': expected 1-0, 0-1, 1/2-1/2",
        "недопустимое значение «9-9» для РЕЗУЛЬТАТ: нужен результат 1-0, 0-1, 1/2-1/2",
        d,
    );
    both(
        &t(&["standings"]),
        2,
        false,
        "<FILE>",
        "не указаны обязательные аргументы: ФАЙЛ",
        d,
    );
    both(
        &t(&["frobnicate"]),
        2,
        false,
        "unrecognized subcommand 'frobnicate'",
        "неизвестная команда «frobnicate»",
        d,
    );
    both(
        &t(&["add-player", "t.json", "--name", "Vera", "--sex", "x"]),
        2,
        false,
        "expected m or f (w), found \"x\"",
        "нужен пол m или f",
        d,
    );
}

#[test]
fn file_errors_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("junk.txt"), "just some notes\nabout the day\n").unwrap();
    std::fs::write(d.join("empty.trf"), "").unwrap();
    both(
        &["tournament", "standings", "missing.json"],
        1,
        false,
        "missing.json: read: No such file or directory",
        "missing.json: чтение: нет такого файла или папки",
        d,
    );
    // A file that holds no tournament is an error, not an empty table or "0 rounds agree".
    for args in [
        &["tournament", "standings", "junk.txt"][..],
        &["check-pairings", "junk.txt"][..],
    ] {
        both(
            args,
            1,
            false,
            "junk.txt: not a TRF tournament: no player line (001) in 2 line(s)",
            "junk.txt: это не турнир в формате TRF: нет ни одной строки участника (001)",
            d,
        );
    }
    // A game the judge cannot read: the event log's line and the game, in words.
    std::fs::write(
        d.join("broken.jsonl"),
        "{\"type\":\"header\"}\n{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"move\",\"uci\":\"zz\"}\n",
    )
    .unwrap();
    both(
        &["judge", "broken.jsonl"],
        1,
        false,
        "broken.jsonl:3: game 1: event 2: unreadable move \"zz\"",
        "broken.jsonl:3: партия 1: ход «zz» не читается",
        d,
    );
    std::fs::write(d.join("not-an-event.jsonl"), "{\"bad\":1}\n").unwrap();
    both(
        &["judge", "not-an-event.jsonl"],
        1,
        false,
        "not-an-event.jsonl:1: game 1: line 1: not a valid event",
        "not-an-event.jsonl, строка 1: это не событие журнала партии",
        d,
    );
    both(
        &["judge", "missing.pgn"],
        1,
        false,
        "arbiter: missing.pgn: No such file or directory",
        "arbiter: missing.pgn: нет такого файла или папки",
        d,
    );
    both(
        &["judge", "empty.trf", "--input", "pgn"],
        1,
        false,
        "empty.trf: no game in the file",
        "empty.trf: в файле нет ни одной партии",
        d,
    );
    both(
        &["generate", "--seed", "x"],
        2,
        false,
        "invalid digit found in string",
        "недопустимое значение «x» для --seed: нужно целое неотрицательное число",
        d,
    );
    std::fs::write(
        d.join("bad.trf"),
        "012 T\nXXR 3\n001    x      Anna                                                     0.0\n",
    )
    .unwrap();
    both(
        &["tournament", "standings", "bad.trf"],
        1,
        false,
        "bad.trf:3:5: expected starting rank (1-9999) in columns 5-8",
        "bad.trf:3:5: в поле ожидается стартовый номер (1–9999) в позициях 5–8",
        d,
    );
    both(
        &["check-pairings", "empty.trf"],
        1,
        false,
        "empty.trf: not a TRF tournament",
        "empty.trf: это не турнир в формате TRF",
        d,
    );
    event(d, "4", &["Anna", "Boris", "Chen"]);
    both(
        &["check-pairings", "t.json"],
        1,
        false,
        "t.json: no round is paired: there is nothing to check",
        "t.json: пары ни одного тура не составлены — проверять нечего",
        d,
    );
    // A state file is checked as the event it is, under the event's preset.
    ok(&["pair", "t.json", "--auto"], d);
    both(
        &["check-pairings", "t.json"],
        0,
        true,
        "t.json: all 1 rounds agree with the engine",
        "t.json: все туры (1) совпадают с программой",
        d,
    );
}

#[test]
fn tournament_refusals_and_confirmations_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Names in Cyrillic: a Latin name is data, not an English word.
    event(d, "2", &["Анна", "Борис"]);
    let t = tournament_args;
    both(
        &t(&[
            "add-player",
            "t.json",
            "--name",
            "Carlsen, Magnus",
            "--federation",
            "NORW",
        ]),
        1,
        false,
        "the federation has 4 characters; a TRF player line has 3 for it",
        "федерация: знаков — 4, а в строке участника TRF для этого поля их 3",
        d,
    );
    both(
        &t(&["forbid", "t.json", "--players", "1,2", "--reason", "сёстры"]),
        0,
        true,
        "forbidden pair: 1, 2 (сёстры)",
        "запрещённая пара: 1, 2 (сёстры)",
        d,
    );
    // The pairing-allocated bye comes from the pairing (CR 1.3), not in advance.
    both(
        &t(&[
            "bye", "t.json", "--round", "1", "--player", "1", "--kind", "pab",
        ]),
        1,
        false,
        "round 1: the pairing-allocated bye is given by the pairing, not in advance",
        "1-й тур: «+» (без пары) даётся при жеребьёвке, а не заранее",
        d,
    );
    // The two siblings are the only players: no legal pairing.
    both(
        &t(&["pair", "t.json", "--auto"]),
        1,
        false,
        "no legal pairing: the players cannot all be paired",
        "допустимой жеребьёвки нет",
        d,
    );
    // Forced past the forbidden pair: the warning compares with the pairer.
    both_from(
        Some(("t.json", "f.json")),
        &t(&[
            "pair",
            "f.json",
            "--round",
            "1",
            "--game",
            "1-2",
            "--force",
            "--reason",
            "два игрока",
        ]),
        0,
        false,
        "warning: round 1: the pairer does not pair this round: no legal pairing",
        "предупреждение: 1-й тур: программа жеребьёвки не составляет пары этого тура: допустимой жеребьёвки нет",
        d,
    );
    std::fs::copy(d.join("f.json"), d.join("t.json")).unwrap();
    ok(
        &["result", "t.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    both(
        &t(&["result", "t.json", "--round", "1", "--board", "1", "0-1"]),
        1,
        false,
        "result 1-0 already recorded; to change it, give the new result with --correct",
        "результат 1-0 уже записан; чтобы исправить его, укажите новый результат с флагом --correct",
        d,
    );
    // A withdrawal after the game of round 1 is recorded: withdraw from round 2, no more
    // "record that game first".
    both(
        &t(&["withdraw", "t.json", "--player", "1", "--from-round", "1"]),
        1,
        false,
        "player 1 (Анна) played round 1 (its result is recorded); withdraw from round 2",
        "Анна (№ 1) сыграл 1-й тур (результат записан); снять с турнира можно с 2-го тура",
        d,
    );
    both(
        &t(&["withdraw", "t.json", "--player", "1", "--from-round", "3"]),
        1,
        false,
        "withdrawal in round 3: the event has rounds 1 to 2",
        "выбытие в 3-м туре: в турнире туры с 1-го по 2-й",
        d,
    );
    ok(
        &[
            "pair",
            "t.json",
            "--round",
            "2",
            "--game",
            "2-1",
            "--force",
            "--reason",
            "два игрока",
        ],
        d,
    );
    // The event's last round: no advice to withdraw from a round that does not exist.
    both(
        &t(&["withdraw", "t.json", "--player", "1", "--from-round", "2"]),
        1,
        false,
        "player 1 (Анна) is paired in round 2, the event's last: record that game (a forfeit if it is not played); there is no later round to leave",
        "Анна (№ 1) стоит в паре в 2-м туре, последнем в турнире",
        d,
    );
    let trf = ok(&["export", "t.json"], d);
    std::fs::write(d.join("t.trf"), trf).unwrap();
    both(
        &t(&["import", "t.trf", "u.json", "--force"]),
        0,
        true,
        "u.json: 2 players, 2 rounds paired, 2 planned",
        "u.json: участников — 2, туров с парами — 2, всего туров — 2",
        d,
    );
    both(
        &t(&["import", "t.trf", "u.json"]),
        1,
        false,
        "u.json already exists (use --force to overwrite)",
        "u.json уже существует",
        d,
    );
}

/// Russian words agree with the player's sex: «выбыла» for a girl, «выбыл» for a boy.
#[test]
fn gendered_words_follow_the_sex() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "t.json", "--name", "T", "--rounds", "4"], d);
    ok(
        &[
            "add-player",
            "t.json",
            "--name",
            "Заречная Анастасия Викторовна-Оглы",
            "--sex",
            "f",
        ],
        d,
    );
    ok(
        &[
            "add-player",
            "t.json",
            "--name",
            "Петров Пётр",
            "--sex",
            "м",
        ],
        d,
    );
    ok(&["add-player", "t.json", "--name", "Сидоров Иван"], d);
    let state: serde_json::Value =
        serde_json::from_str(&crate::common::state_text(&d.join("t.json"))).unwrap();
    let sexes: Vec<&serde_json::Value> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["sex"])
        .collect();
    assert!(sexes.contains(&&serde_json::json!("w")) && sexes.contains(&&serde_json::json!("m")));
    let tpn = |name: &str| {
        state["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["start_rank"]
            .to_string()
    };
    let girl = tpn("Заречная Анастасия Викторовна-Оглы");
    let boy = tpn("Петров Пётр");
    let out = ok(
        &[
            "withdraw",
            "t.json",
            "--player",
            &girl,
            "--from-round",
            "1",
            "--lang",
            "ru",
        ],
        d,
    );
    assert_eq!(
        out.trim(),
        format!("Заречная Анастасия Викторовна-Оглы ({girl}) выбыла с 1-го тура")
    );
    let out = ok(
        &[
            "disqualify",
            "t.json",
            "--player",
            &boy,
            "--round",
            "1",
            "--lang",
            "ru",
        ],
        d,
    );
    assert_eq!(
        out.trim(),
        format!("Петров Пётр ({boy}) дисквалифицирован в 1-м туре")
    );
    // The sex is corrected with edit-player and written to TRF column 10.
    let third = tpn("Сидоров Иван");
    ok(
        &["edit-player", "t.json", "--player", &third, "--sex", "ж"],
        d,
    );
    let trf = ok(&["export", "t.json"], d);
    let line = trf
        .lines()
        .find(|l| l.starts_with("001") && l.contains("Сидоров"))
        .unwrap();
    assert_eq!(line.chars().nth(9), Some('w'), "{line}");
    let girl_line = trf
        .lines()
        .find(|l| l.starts_with("001") && l.contains("Заречная"))
        .unwrap();
    assert_eq!(girl_line.chars().nth(9), Some('w'), "{girl_line}");
    // The whole name (34 characters) is kept; TRF holds 33 of it.
    assert!(
        girl_line.contains("Заречная Анастасия Викторовна-Огл "),
        "{girl_line}"
    );
}

/// `adjudicate --list-rules` and the judge's reported-result line in both languages.
#[test]
fn adjudication_rules_and_the_judges_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    both(
        &["adjudicate", "--list-rules"],
        0,
        true,
        "adjudication rules, preset detsky-mat:",
        "правила присуждения, набор правил detsky-mat:",
        d,
    );
    // A record with illegal moves whose last one mates: the Russian gives the real reason,
    // not «НЕ СООТВЕТСТВУЕТ позиции на доске».
    std::fs::write(
        d.join("g.pgn"),
        "[Event \"T\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Nf3 Bb4 3. d4 Nc6 4. Bc4 Nf6 5. Ng5 O-O 6. Qh5 d6 7. Qxh7# 1-0\n",
    )
    .unwrap();
    let en = String::from_utf8(run(&["judge", "g.pgn"], "en", d).stdout).unwrap();
    let ru = String::from_utf8(run(&["judge", "g.pgn"], "ru", d).stdout).unwrap();
    assert!(
        en.contains("reported result 1-0 DISAGREES (CR 4.2): the record holds an illegal move"),
        "{en}"
    );
    assert!(
        ru.contains(
            "сообщённый результат 1-0 НЕ СОГЛАСУЕТСЯ с партией (ПС 4.2): в записи партии есть невозможный ход"
        ),
        "{ru}"
    );
    assert!(!ru.contains("позиции на доске"), "{ru}");
}

/// One preset: kept in the event at `tournament new` and used by every command on it.
#[test]
fn the_events_preset_is_used_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["new", "t.json", "--name", "T", "--preset", "fide"], d);
    for n in ["Anna", "Boris", "Chen"] {
        ok(&["add-player", "t.json", "--name", n], d);
    }
    let state = crate::common::state_text(&d.join("t.json"));
    assert!(state.contains("\"preset\": \"fide\""), "{state}");
    let out = ok(&["pair", "t.json", "--auto", "--lang", "en"], d);
    assert!(out.starts_with("round 1 paired (fide rules):"), "{out}");
    // A state file without a preset (written before the event kept one) is detsky-mat.
    let old = state.replace(",\n  \"preset\": \"fide\"", "");
    assert!(!old.contains("preset"), "{old}");
    std::fs::write(d.join("old.json"), old).unwrap();
    let json = ok(&["standings", "old.json", "--format", "json"], d);
    let fide = ok(&["standings", "t.json", "--format", "json"], d);
    assert_ne!(
        json, fide,
        "the tie-break orders differ: detsky-mat and fide"
    );
    // A pairing-allocated bye asked for before the pairing is refused and leaves the event as
    // it was: the pairer then pairs the next round (it used to fail on it, in English).
    ok(&["new", "b.json", "--name", "B", "--rounds", "2"], d);
    for n in ["Anna", "Boris", "Chen"] {
        ok(&["add-player", "b.json", "--name", n], d);
    }
    common::fails(
        &[
            "bye", "b.json", "--round", "1", "--player", "3", "--kind", "pab",
        ],
        d,
    );
    let out = ok(&["pair", "b.json", "--auto", "--lang", "en"], d);
    assert!(out.contains("bye: "), "{out}");
    // Two pairing-allocated byes in one round are refused: a late entry cannot get a
    // second one.
    ok(&["add-player", "t.json", "--name", "Dina"], d);
    let e = common::fails(
        &[
            "bye", "t.json", "--round", "1", "--player", "4", "--kind", "pab",
        ],
        d,
    );
    assert!(
        e.contains(
            "already has the round's pairing-allocated bye; player 4 cannot have a second one"
        ),
        "{e}"
    );
}

/// The pairer's explanation (`pair --explain`) in the event's language: each board's colour
/// rule (C.04.3 E.1–E.5), a float with the two scores, the bye with its reasons (C2, C5, C9),
/// the forbidden pair kept apart. English is the pairer's own sentences.
#[test]
fn the_pairers_explanation_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, "4", &["A", "B", "C", "D", "E"]);
    ok(&["forbid", "t.json", "--players", "1,2"], d);
    ok(&["pair", "t.json", "--auto"], d);
    for board in ["1", "2"] {
        ok(
            &["result", "t.json", "--round", "1", "--board", board, "1-0"],
            d,
        );
    }
    let args = ["pair", "t.json", "--explain"];
    both(
        &args,
        0,
        true,
        "receives the pairing-allocated bye: C2",
        "# без пары: «+» получает участник",
        d,
    );
    let en = String::from_utf8(run(&args, "en", d).stdout).unwrap();
    let ru = String::from_utf8(run(&args, "ru", d).stdout).unwrap();
    assert!(en.contains("# board 1: E."), "{en}");
    assert!(ru.contains("# доска 1: E."), "{ru}");
    assert!(
        en.contains("# forbidden: 1, 2 must not meet")
            && ru.contains("# запрещённая пара: 1, 2 не должны встречаться"),
        "{en}\n{ru}"
    );
    // A float names both scores, in the language's decimal form.
    assert!(
        en.contains(" (1.0 points) could not be paired")
            && ru.contains(" (1,0 оч.) не нашлось пары"),
        "{en}\n{ru}"
    );
}

/// `check-pairings` says the engine's reasons in the event's language: the colour rule of a
/// board whose colours the file reverses (C.04.3 E.5 in round 1), the bye it gives another
/// player (C2, C5, C9). English keeps the pairer's own sentences.
#[test]
fn the_pairing_checkers_reasons_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    event(d, "4", &["A", "B", "C", "D", "E"]);
    ok(
        &[
            "pair", "t.json", "--round", "1", "--game", "3-1", "--game", "2-4", "--bye", "5",
        ],
        d,
    );
    both(
        &["check-pairings", "t.json"],
        3,
        true,
        "colours reversed: the engine gives White to 1 and Black to 3 (E.5: no preference decides",
        "цвета у программы: E.5: пожелания не решают",
        d,
    );
    std::fs::remove_file(d.join("t.json")).unwrap();
    event(d, "4", &["A", "B", "C", "D", "E"]);
    ok(
        &[
            "pair", "t.json", "--round", "1", "--game", "5-3", "--game", "4-2", "--bye", "1",
        ],
        d,
    );
    both(
        &["check-pairings", "t.json"],
        3,
        true,
        "the engine gives the pairing-allocated bye to 5",
        "у программы: «+» получает участник 5 (C2, C5, C9)",
        d,
    );
}

/// Standings asked for before round 1 is played say so («до 1-го тура»), not «после 0-го тура».
#[test]
fn standings_before_round_1_say_before_round_1() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("ev.json");
    let ev_s = ev.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    run(&["tournament", "new", ev_s, "--name", "Тест", "--rounds", "4"]);
    for i in 1..=4 {
        run(&[
            "tournament",
            "add-player",
            ev_s,
            "--name",
            &format!("Игрок {i}"),
        ]);
    }
    run(&["tournament", "pair", ev_s, "--auto"]);
    let ru = run(&["tournament", "standings", ev_s, "--lang", "ru"]);
    assert!(ru.starts_with("Тест — положение до 1-го тура\n"), "{ru}");
    let en = run(&["tournament", "standings", ev_s, "--lang", "en"]);
    assert!(en.starts_with("Тест — standings before round 1\n"), "{en}");
    let cross = run(&["tournament", "crosstable", ev_s, "--lang", "ru"]);
    assert!(
        cross.starts_with("Тест — турнирная таблица до 1-го тура\n"),
        "{cross}"
    );
}
