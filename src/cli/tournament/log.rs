//! `arbiter tournament log` and `undo`: the journal of changes beside the state file
//! ([`arbiter::tournament::journal`]) listed, and its last change undone as a new entry.

use super::*;
use arbiter::tournament::journal::{self, Who};

#[derive(clap::Args)]
pub(super) struct LogArgs {
    /// State file.
    pub(super) state: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub(super) format: super::super::Format,
    #[command(flatten)]
    pub(super) lang: super::super::LangArgs,
}

#[derive(clap::Args)]
pub(super) struct UndoArgs {
    /// State file.
    pub(super) state: PathBuf,
    /// Undo this entry, which must be the last change not yet undone (refused, with the
    /// later changes named, otherwise).
    #[arg(long)]
    pub(super) entry: Option<u64>,
    #[command(flatten)]
    pub(super) out: Output,
}

/// Runs `tournament log`: every entry, oldest first — number, time (UTC), who, the action in
/// words, its arguments; undone entries say by which entry. JSON: the entries as the journal
/// holds them, without the previous state each keeps for undo.
pub(super) fn run_log(a: LogArgs) -> anyhow::Result<ExitCode> {
    // A missing or non-state file is named as every command names it.
    load_state(&a.state)?;
    let entries = journal::read(&a.state)?;
    let mut stdout = std::io::stdout().lock();
    if let super::super::Format::Json = a.format {
        let list: Vec<serde_json::Value> = entries
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).unwrap_or_default();
                if let Some(m) = v.as_object_mut() {
                    m.remove("before");
                }
                v
            })
            .collect();
        writeln!(stdout, "{}", serde_json::to_string(&list)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let lang = a.lang.get();
    if entries.is_empty() {
        writeln!(stdout, "{}", lang.msg("jr-log-empty"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let undone = journal::undone_by(&entries);
    for e in &entries {
        let mut line = format!(
            "{:>4}  {}  {}  {}",
            e.seq,
            e.time,
            e.who.text_in(lang),
            journal::action_text(&e.action, lang)
        );
        if let Some(u) = e.undoes {
            line.push_str(&format!(
                " ({})",
                lang.fmt("jr-log-undoes", &[("entry", &u.to_string())])
            ));
        }
        let args = journal::args_text(&e.args, lang);
        if !args.is_empty() && e.undoes.is_none() {
            line.push_str(&format!(" — {args}"));
        }
        if let Some((_, by)) = undone.iter().find(|(u, _)| *u == e.seq) {
            line.push_str(&format!(
                " [{}]",
                lang.fmt("jr-log-undone-by", &[("entry", &by.to_string())])
            ));
        }
        writeln!(stdout, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `tournament undo`.
pub(super) fn run_undo(a: UndoArgs) -> anyhow::Result<ExitCode> {
    load_state(&a.state)?;
    let entry = journal::undo::<anyhow::Error>(&a.state, Who::cli(), a.entry, |_| Ok(()))?;
    let lang = a.out.lang.get();
    let undone = entry.undoes.unwrap_or_default();
    let action = entry.args["action"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    done(
        &a.out,
        &lang.fmt(
            "jr-undone",
            &[
                ("entry", &undone.to_string()),
                ("action", &journal::action_text(&action, lang)),
                ("seq", &entry.seq.to_string()),
            ],
        ),
        serde_json::json!({"undone": undone, "action": action, "entry": entry.seq,
            "version_after": entry.version_after}),
    )
}
