//! `arbiter tournament log` and `undo`: the journal of changes beside the state file
//! ([`arbiter::tournament::journal`]) listed, and its last change undone as a new entry.

use super::*;
use arbiter::tournament::journal::{self, Who};

#[derive(clap::Args)]
pub(super) struct LogArgs {
    /// The event (`turnir.arbiter`).
    pub(super) state: PathBuf,
    /// Which page of 50 entries, newest first (1: the newest 50).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) page: u64,
    /// Every entry (newest first), not a page of 50.
    #[arg(long, conflicts_with = "page")]
    pub(super) all: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub(super) format: super::super::Format,
    #[command(flatten)]
    pub(super) lang: super::super::LangArgs,
}

#[derive(clap::Args)]
pub(super) struct UndoArgs {
    /// The event (`turnir.arbiter`).
    pub(super) state: PathBuf,
    /// Undo this entry (by its number in `tournament log`): refused, with the later changes
    /// named, while a later change rests on it (a later change of the same board or player,
    /// a round paired after it).
    #[arg(long)]
    pub(super) entry: Option<u64>,
    #[command(flatten)]
    pub(super) out: Output,
}

/// Entries a page of `tournament log` shows.
pub(super) const PAGE: u64 = 50;

/// Runs `tournament log`: the newest 50 entries first (`--page N`: the next ones; `--all`:
/// every one) — number, time, who, the action in words, its arguments; undone entries say by
/// which entry. JSON: the entries as the journal holds them, newest first.
pub(super) fn run_log(a: LogArgs) -> anyhow::Result<ExitCode> {
    // A missing or non-event file is named as every command names it.
    let db = event_path(&a.state)?;
    let page = if a.all {
        journal::read_page(&db, 0, u64::MAX >> 2)?
    } else {
        journal::read_page(&db, a.page - 1, PAGE)?
    };
    let mut stdout = std::io::stdout().lock();
    if let super::super::Format::Json = a.format {
        writeln!(stdout, "{}", serde_json::to_string(&page.entries)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let lang = a.lang.get();
    if page.total == 0 {
        writeln!(stdout, "{}", lang.msg("jr-log-empty"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let (first, last) = (
        page.entries.last().map_or(0, |e| e.seq),
        page.entries.first().map_or(0, |e| e.seq),
    );
    let more = !a.all && a.page * PAGE < page.total;
    writeln!(
        stdout,
        "{}",
        lang.fmt(
            "jr-log-page",
            &[
                ("first", &first.to_string()),
                ("last", &last.to_string()),
                ("total", &page.total.to_string()),
                ("more", if more { "yes" } else { "no" }),
                ("next", &(a.page + 1).to_string()),
            ],
        )
    )?;
    writeln!(
        stdout,
        "{}",
        lang.fmt("jr-log-times", &[("zone", &journal::time_zone_text())])
    )?;
    for e in &page.entries {
        let mut line = format!(
            "{:>4}  {}  {}  {}",
            e.seq,
            journal::local_time(&e.time),
            e.who.text_in(lang),
            journal::action_text(&e.action, lang)
        );
        if let Some(u) = e.undoes {
            line.push_str(&format!(
                " ({})",
                lang.fmt("jr-log-undoes", &[("entry", &u.to_string())])
            ));
        }
        let args = journal::entry_args_text(&e.action, &e.args, lang);
        if !args.is_empty() && e.undoes.is_none() {
            line.push_str(&format!(" — {args}"));
        }
        if !e.results.is_empty() {
            line.push_str(&format!(" → {}", journal::results_text(&e.results, lang)));
        }
        if let Some((_, by)) = page.undone_by.iter().find(|(u, _)| *u == e.seq) {
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
    let db = event_path(&a.state)?;
    let entry = journal::undo::<anyhow::Error>(&db, Who::cli(), a.entry, |_| Ok(()))?;
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
