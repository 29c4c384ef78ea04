//! The library's errors in the user's language, for every face (the command line and the
//! desk): each error the readers of files and the tournament give, written through Fluent
//! (`locales/<lang>/arbiter.ftl`, `fe-*`) with the file's name, line and byte as the error
//! holds them. English is each error's `Display`, word for word.

use crate::formats::input::{Compression, GameReadError, InputError, JudgeFailure};
use crate::formats::jsonl::JsonlError;
use crate::formats::limits::LimitExceeded;
use crate::formats::pairs::PairsError;
use crate::formats::trf::TrfError;
use crate::formats::verdict::VerdictError;
use crate::game::judge::JudgeError;
use crate::i18n::{Lang, io_text};
use crate::tournament::TournamentError;
use crate::tournament::pairing::PairingError;
use crate::tournament::store::StoreError;

/// One error (not its causes) in `lang` when its type is one of the library's, else `None`.
/// English is the error's `Display`.
pub fn cause_text(cause: &(dyn std::error::Error + 'static), lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return Some(cause.to_string());
    }
    if let Some(e) = cause.downcast_ref::<TournamentError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = cause.downcast_ref::<PairingError>() {
        return Some(e.message(lang));
    }
    if let Some(e) = cause.downcast_ref::<TrfError>() {
        return Some(trf_text(e, lang));
    }
    if let Some(e) = cause.downcast_ref::<StoreError>() {
        return Some(store_text(e, lang));
    }
    if let Some(e) = cause.downcast_ref::<VerdictError>() {
        return Some(verdict_text(e, lang));
    }
    if let Some(e) = cause.downcast_ref::<PairsError>() {
        let PairsError::Line { file, line, .. } = e;
        return Some(lang.fmt(
            "fe-pairs-line",
            &[("file", file), ("line", &line.to_string())],
        ));
    }
    if let Some(e) = cause.downcast_ref::<InputError>() {
        return Some(input_text(e, lang));
    }
    if let Some(e) = cause.downcast_ref::<GameReadError>() {
        return Some(game_read_text(e, lang));
    }
    if let Some(e) = cause.downcast_ref::<JsonlError>() {
        return Some(
            jsonl_text("", e, lang)
                .trim_start_matches([',', ' '])
                .to_string(),
        );
    }
    if let Some(e) = cause.downcast_ref::<crate::formats::player_list::ListError>() {
        return Some(e.text(lang));
    }
    if let Some(e) = cause.downcast_ref::<crate::tournament::category::CategoryError>() {
        return Some(e.text(lang));
    }
    if let Some(e) = cause.downcast_ref::<crate::tournament::journal::JournalError>() {
        return Some(e.text(lang));
    }
    if let Some(e) = cause.downcast_ref::<std::io::Error>() {
        return Some(io_reason(e, lang));
    }
    if cause.downcast_ref::<serde_json::Error>().is_some() {
        return Some(lang.msg("fe-json"));
    }
    if cause.downcast_ref::<std::num::ParseIntError>().is_some() {
        return Some(lang.msg("fe-not-integer"));
    }
    if cause.downcast_ref::<std::num::ParseFloatError>().is_some() {
        return Some(lang.msg("fe-not-number"));
    }
    None
}

/// A reader's I/O error in `lang`: a limit it went past in its own words
/// ([`LimitExceeded::text`]), else the system's reason.
fn io_reason(e: &std::io::Error, lang: Lang) -> String {
    match LimitExceeded::of_io(e) {
        Some(limit) => limit.text(lang),
        None => io_text(e, lang),
    }
}

/// Whether `cause`'s text in a language other than English ([`cause_text`]) already says all
/// its causes say (the file, the place, the reason): a chain of causes stops after it.
pub fn says_all(cause: &(dyn std::error::Error + 'static)) -> bool {
    cause.is::<GameReadError>()
        || cause.is::<InputError>()
        || cause.is::<TrfError>()
        || cause.is::<StoreError>()
        || cause.is::<VerdictError>()
        || cause.is::<PairsError>()
}

/// A file of games that cannot be opened or read ([`InputError`]), in `lang`.
pub fn input_text(e: &InputError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let compression = |c: &Compression| match c {
        Compression::None => lang.msg("fe-compression-none"),
        other => other.to_string(),
    };
    match e {
        InputError::Open { file, source } => lang.fmt(
            "fe-input-open",
            &[("file", file), ("reason", &io_reason(source, lang))],
        ),
        InputError::Read {
            file,
            offset,
            source,
        } => lang.fmt(
            "fe-input-read",
            &[
                ("file", file),
                ("offset", &offset.to_string()),
                ("reason", &io_reason(source, lang)),
            ],
        ),
        InputError::CompressionMismatch {
            file,
            expected,
            found,
        } => lang.fmt(
            "fe-input-compression",
            &[
                ("file", file),
                ("expected", &compression(expected)),
                ("found", &compression(found)),
            ],
        ),
        InputError::Decoder {
            file,
            compression: c,
            source,
        } => lang.fmt(
            "fe-input-decoder",
            &[
                ("file", file),
                ("compression", &compression(c)),
                ("reason", &io_reason(source, lang)),
            ],
        ),
        InputError::Binary { file, offset } => lang.fmt(
            "fe-input-binary",
            &[("file", file), ("offset", &offset.to_string())],
        ),
    }
}

/// A game of a file that cannot be read ([`GameReadError`]), in `lang`: the file, the game
/// and where (the PGN game's byte, the event log's line).
pub fn game_read_text(e: &GameReadError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        GameReadError::Pgn { file, source, .. } => lang.fmt(
            "fe-pgn-game",
            &[
                ("file", file),
                ("game", &(source.index + 1).to_string()),
                ("offset", &source.offset.to_string()),
                ("reason", &io_reason(&source.source, lang)),
            ],
        ),
        GameReadError::Jsonl { file, source, .. } => jsonl_text(file, source, lang),
        GameReadError::BoardLog { file, source } => lang.fmt(
            "fe-board-log-io",
            &[("file", file), ("reason", &io_reason(source, lang))],
        ),
    }
}

/// A line of the event log `file` that is not an event ([`JsonlError`]), in `lang`.
pub fn jsonl_text(file: &str, e: &JsonlError, lang: Lang) -> String {
    if lang == Lang::En {
        return format!("{file}: {e}");
    }
    let line = e.line().to_string();
    match e {
        JsonlError::Io { source, .. } => lang.fmt(
            "fe-jsonl-io",
            &[
                ("file", file),
                ("line", &line),
                ("reason", &io_reason(source, lang)),
            ],
        ),
        JsonlError::Event { .. } => lang.fmt("fe-jsonl-event", &[("file", file), ("line", &line)]),
        JsonlError::Hands { hands, .. } => lang.fmt(
            "fe-jsonl-hands",
            &[
                ("file", file),
                ("line", &line),
                ("hands", &hands.to_string()),
            ],
        ),
    }
}

/// Why the game of `file` could not be judged ([`JudgeFailure`]), in `lang`: the event log's
/// line when the judge refused an event.
pub fn judge_failure_text(file: &str, e: &JudgeFailure, lang: Lang) -> String {
    if lang == Lang::En {
        return match e {
            JudgeFailure::Event { line, error } => format!("{file}:{line}: {error}"),
            other => format!("{file}: {other}"),
        };
    }
    match e {
        JudgeFailure::Event { line, error } => lang.fmt(
            "fe-judge-event",
            &[
                ("file", file),
                ("line", &line.to_string()),
                ("reason", &judge_error_text(error, lang)),
            ],
        ),
        JudgeFailure::Pgn(error) => lang.fmt(
            "fe-judge-pgn",
            &[("file", file), ("reason", &judge_error_text(error, lang))],
        ),
        JudgeFailure::BoardLog => lang.fmt("fe-judge-board-log", &[("file", file)]),
    }
}

/// What the judge could not read ([`JudgeError`]), in `lang`, without its event's number (the
/// caller names the line).
pub fn judge_error_text(e: &JudgeError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        JudgeError::InvalidStart { .. } => lang.msg("fe-judge-invalid-start"),
        JudgeError::UnreadableMove { text, .. } => lang.fmt(
            "fe-judge-unreadable-move",
            &[("text", &format!("«{text}»"))],
        ),
        JudgeError::HeaderAfterStart { .. } => lang.msg("fe-judge-header-after-start"),
        JudgeError::UnknownRules { .. } => lang.msg("fe-judge-unknown-rules"),
        JudgeError::InvalidResult { .. } => lang.msg("fe-judge-invalid-result"),
        JudgeError::InvalidBoard { text, .. } => {
            lang.fmt("fe-judge-invalid-board", &[("text", &format!("«{text}»"))])
        }
        JudgeError::UnsupportedVariant(v) => {
            lang.fmt("fe-judge-variant", &[("variant", &format!("«{v}»"))])
        }
    }
}

fn trf_text(e: &TrfError, lang: Lang) -> String {
    match e {
        TrfError::Io { file, source } => lang.fmt(
            "fe-trf-io",
            &[("file", file), ("reason", &io_reason(source, lang))],
        ),
        TrfError::NotText { file, offset } => lang.fmt(
            "fe-not-text",
            &[("file", file), ("offset", &offset.to_string())],
        ),
        TrfError::Field {
            file,
            line,
            column,
            expected,
            found,
        } => lang.fmt(
            "fe-trf-field",
            &[
                ("file", file),
                ("line", &line.to_string()),
                ("column", &column.to_string()),
                ("expected", &trf_expected(expected, lang)),
                ("found", &format!("{found:?}")),
            ],
        ),
        TrfError::Inconsistent { tpn, round, detail } => lang.fmt(
            "fe-trf-inconsistent",
            &[
                ("tpn", &tpn.to_string()),
                ("round", &round.to_string()),
                ("detail", detail),
            ],
        ),
        TrfError::NoPlayers { file, lines } => lang.fmt(
            "fe-trf-no-players",
            &[("file", file), ("lines", &lines.to_string())],
        ),
        TrfError::DuplicateRank {
            file,
            line,
            tpn,
            first_line,
        } => lang.fmt(
            "fe-trf-duplicate-rank",
            &[
                ("file", file),
                ("line", &line.to_string()),
                ("tpn", &tpn.to_string()),
                ("first_line", &first_line.to_string()),
            ],
        ),
    }
}

/// What a TRF field must hold ([`TrfError::Field`]), in `lang`; a text not listed here is
/// given as the reader wrote it.
fn trf_expected(expected: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return expected.to_string();
    }
    let ru = match expected {
        "a number of rounds" => "число туров",
        "`white1`, `black1` or `rank`" => "`white1`, `black1` или `rank`",
        "starting rank (1-9999) in columns 5-8" => "стартовый номер (1–9999) в позициях 5–8",
        "rating (number or blank) in columns 49-52" => "рейтинг (число или пусто) в позициях 49–52",
        "FIDE id (number or blank) in columns 58-68" => {
            "FIDE ID (число или пусто) в позициях 58–68"
        }
        "points (e.g. ` 2.5`) in columns 81-84" => "очки (например, ` 2.5`) в позициях 81–84",
        "rank (number or blank) in columns 86-89" => "место (число или пусто) в позициях 86–89",
        "two spaces before the first round block (columns 90-91)" => {
            "два пробела перед первым туром (позиции 90–91)"
        }
        "opponent's starting rank (`0000` = none)" => {
            "стартовый номер соперника (`0000` — нет соперника)"
        }
        "a space after the opponent" => "пробел после номера соперника",
        "colour `w`, `b` or `-`" => "цвет `w`, `b` или `-`",
        "a space after the colour" => "пробел после цвета",
        "result `1 = 0 + - W D L H F U Z` or blank" => {
            "результат `1 = 0 + - W D L H F U Z` или пусто"
        }
        "two spaces after the result" => "два пробела после результата",
        "opponent `0000` with a bye or absence (H F U Z)" => {
            "соперник `0000` при пропуске тура или отсутствии (H F U Z)"
        }
        other => return other.to_string(),
    };
    ru.to_string()
}

fn store_text(e: &StoreError, lang: Lang) -> String {
    match e {
        StoreError::Io {
            file,
            action,
            source,
        } => {
            let action = match *action {
                "read" => lang.msg("fe-action-read"),
                "lock" | "open to lock" => lang.msg("fe-action-lock"),
                "open the folder" => lang.msg("fe-action-folder"),
                _ => lang.msg("fe-action-write"),
            };
            lang.fmt(
                "fe-store-io",
                &[
                    ("file", file),
                    ("action", &action),
                    ("reason", &io_reason(source, lang)),
                ],
            )
        }
        StoreError::Json {
            file, line, column, ..
        } => lang.fmt(
            "fe-store-json",
            &[
                ("file", file),
                ("line", &line.to_string()),
                ("column", &column.to_string()),
            ],
        ),
        StoreError::Database { file, message } => {
            lang.fmt("fe-store-database", &[("file", file), ("reason", message)])
        }
        StoreError::DiskFull { file } => lang.fmt("fe-store-disk-full", &[("file", file)]),
        StoreError::ReadOnly { file } => lang.fmt("fe-store-read-only", &[("file", file)]),
        StoreError::Busy { file } => lang.fmt("fe-store-busy", &[("file", file)]),
        StoreError::NotAnEvent { file } => lang.fmt("fe-store-not-event", &[("file", file)]),
        StoreError::Newer { file, found, known } => lang.fmt(
            "fe-store-newer",
            &[
                ("file", file),
                ("found", &found.to_string()),
                ("known", &known.to_string()),
            ],
        ),
        StoreError::ChangedSinceConversion { from, to } => {
            lang.fmt("fe-store-changed-since", &[("from", from), ("to", to)])
        }
        StoreError::ConversionTaken { from, to } => {
            lang.fmt("fe-store-conversion-taken", &[("from", from), ("to", to)])
        }
    }
}

/// A verdict file that cannot be taken ([`VerdictError`]), in `lang`.
pub fn verdict_text(e: &VerdictError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let (id, file, extra) = match e {
        VerdictError::Empty { file } => ("fe-verdict-empty", file, String::new()),
        VerdictError::NotJson { file, .. } => ("fe-verdict-not-json", file, String::new()),
        VerdictError::NoResult { file } => ("fe-verdict-no-result", file, String::new()),
        VerdictError::UnknownResult { file, result } => {
            ("fe-verdict-unknown-result", file, format!("{result:?}"))
        }
    };
    lang.fmt(id, &[("file", file), ("result", &extra)])
}
