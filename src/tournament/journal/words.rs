//! The journal's entries in words, as the desk's `/log` and `tournament log` show them: an
//! action's name, its arguments' names and coded values, the results it recorded, each in
//! the reader's language and never as the program's own names (`group-add`, `tb1`,
//! `public_school_grade`).

use super::ResultChange;
use crate::i18n::Lang;
use crate::tournament::BoardResult;

/// The results a change recorded, in `lang`: `round 1, board 3: 1-0 (was ½-½)`.
pub fn results_text(results: &[ResultChange], lang: Lang) -> String {
    let shown = |r: Option<BoardResult>| match r {
        Some(r) => r.notation().to_string(),
        None => lang.msg("jr-result-none"),
    };
    results
        .iter()
        .map(|c| {
            let from = match c.from {
                Some(r) => r.notation().to_string(),
                None if c.to.is_none() => lang.msg("jr-result-none"),
                None => "none".to_string(),
            };
            lang.fmt(
                "jr-result-change",
                &[
                    ("round", &c.round.to_string()),
                    ("board", &c.board.to_string()),
                    ("to", &shown(c.to)),
                    ("from", &from),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// An action's name in words, in `lang`: Fluent `jr-action-ACTION` where the locale has it,
/// else the `jr-action` selector. An action no locale names (a journal of a later version, a
/// desk path) reads as a change in general (`изменение`): a journal is read by people, never
/// shown its internal names.
pub fn action_text(action: &str, lang: Lang) -> String {
    lang.try_fmt(&format!("jr-action-{action}"), &[])
        .unwrap_or_else(|_| lang.fmt("jr-action", &[("action", action)]))
}

/// An entry's arguments in `lang` as [`args_text`] writes them, read with its `action`: the
/// `name` of a group added or renamed is the group's name («название группы: Малыши»), not a
/// person's («имя»).
pub fn entry_args_text(action: &str, args: &serde_json::Value, lang: Lang) -> String {
    match (action, args.as_object()) {
        ("group-add" | "group-rename", Some(m)) if m.contains_key("name") => {
            let renamed: serde_json::Map<String, serde_json::Value> = m
                .iter()
                .map(|(k, v)| match k.as_str() {
                    "name" => ("group_name".to_string(), v.clone()),
                    _ => (k.clone(), v.clone()),
                })
                .collect();
            args_text(&serde_json::Value::Object(renamed), lang)
        }
        _ => args_text(args, lang),
    }
}

/// An argument's name in words ([`args_text`]): Fluent `jr-arg-KEY` where the locale has it,
/// a tie-break's place `tbN` as «дополнительный показатель N», else the `jr-arg` selector
/// (a field no locale names reads as a form's field in general).
fn arg_name(key: &str, lang: Lang) -> String {
    if let Ok(text) = lang.try_fmt(&format!("jr-arg-{key}"), &[]) {
        return text;
    }
    match key.strip_prefix("tb").filter(|n| n.parse::<u32>().is_ok()) {
        Some(n) => lang.fmt("jr-arg-tie-break-place", &[("n", n)]),
        None => lang.fmt("jr-arg", &[("key", key)]),
    }
}

/// Fields a form carries for itself (how many tie-break places it showed): not a decision,
/// left out of the entry's words.
const FORM_MECHANICS: &[&str] = &["tb_shown"];

/// An entry's arguments in `lang`: `тур: 1, доска: 3, результат: 1-0` — names in words
/// (Fluent `jr-arg`), the empty ones (null, false) left out, `yes` for true; a value that is a
/// code in words where the locale has them (Fluent `jr-value-KEY-VALUE`: `пол: ж`, `правила:
/// детский турнир`), a range `[1, 2]` as `1–2`, an object (a category added) as its own
/// arguments in parentheses.
pub fn args_text(args: &serde_json::Value, lang: Lang) -> String {
    let Some(m) = args.as_object() else {
        return String::new();
    };
    m.iter()
        .filter(|(k, v)| {
            !v.is_null()
                && **v != serde_json::Value::Bool(false)
                && !FORM_MECHANICS.contains(&k.as_str())
        })
        .map(|(k, v)| format!("{}: {}", arg_name(k, lang), value_text(k, v, lang)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One argument's value in words ([`args_text`]).
fn value_text(key: &str, v: &serde_json::Value, lang: Lang) -> String {
    use serde_json::Value;
    match v {
        // A form's checkbox sends `yes`.
        Value::String(s) if s == "yes" => lang.msg("jr-yes"),
        Value::String(s) => coded_value(key, s, lang).unwrap_or_else(|| {
            lang.try_fmt(&format!("jr-value-{key}-{s}"), &[])
                .unwrap_or_else(|_| s.clone())
        }),
        Value::Bool(true) => lang.msg("jr-yes"),
        Value::Array(items) => match items.as_slice() {
            [Value::Number(a), Value::Number(b)] => format!("{a}–{b}"),
            _ => items
                .iter()
                .map(|i| value_text(key, i, lang))
                .collect::<Vec<_>>()
                .join(", "),
        },
        Value::Object(_) => format!("({})", args_text(v, lang)),
        v => v.to_string(),
    }
}

/// A value that is one of the program's codes in words: a pairing system (`round-robin` →
/// «круговая система»), a tie-break (`BH-C1` → «Бухгольц усечённый»), an edition of C.07,
/// the action an undo undid; `None` for any other value (a name, a number typed).
fn coded_value(key: &str, value: &str, lang: Lang) -> Option<String> {
    match key {
        "system" | "group_system" => crate::tournament::pairing::PairingSystem::parse(value)
            .map(|s| crate::tournament::words::system_text(s, lang)),
        "tie_breaks" => lang.try_fmt(&format!("tb-{value}"), &[]).ok(),
        k if k
            .strip_prefix("tb")
            .is_some_and(|n| n.parse::<u32>().is_ok()) =>
        {
            lang.try_fmt(&format!("tb-{value}"), &[]).ok()
        }
        "tie_break_edition" | "edition" => {
            lang.try_fmt(&format!("edition-short-{value}"), &[]).ok()
        }
        "action" => Some(action_text(value, lang)),
        _ => None,
    }
}
