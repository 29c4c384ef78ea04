//! `arbiter tournament group`: the event's groups — one added with its system and rounds,
//! listed, renamed, a player moved to another group before round 1.

use super::*;
use arbiter::tournament::event::Event;
use arbiter::tournament::journal::{Act, Who};
use arbiter::tournament::pairing::PairingSystem;

/// `tournament group …`.
#[derive(clap::Subcommand)]
pub(super) enum GroupCommand {
    /// Add a group to the event (its own players, system, rounds, standings).
    Add(AddArgs),
    /// The event's groups: name, system, rounds, players, rounds paired.
    List(ListArgs),
    /// Rename a group (`--group` names it while there are several).
    Rename(RenameArgs),
    /// Move a player to another group, before round 1 of either is paired.
    Move(MoveArgs),
}

#[derive(clap::Args)]
pub(super) struct AddArgs {
    /// The event's database.
    state: PathBuf,
    /// The new group's name ("1-2 классы", "A").
    name: String,
    /// Pairing system: `swiss`, `round-robin` or `double-round-robin`.
    #[arg(long, default_value = "swiss", value_parser = parse_system)]
    system: PairingSystem,
    /// Number of rounds (a round robin's are its table's, set when round 1 is paired).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// The name of the event's first group, unnamed while it was the only one (default `1`).
    #[arg(long, value_name = "NAME")]
    first: Option<String>,
    /// Draw lots from this seed (a number, or `random`): the initial colour of a Swiss, the
    /// table numbers of a round robin (without it: the start order, by rating and name).
    #[arg(long, value_parser = super::fide::seed_arg)]
    seed: Option<u64>,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
pub(super) struct ListArgs {
    /// The event's database.
    state: PathBuf,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
pub(super) struct RenameArgs {
    /// The event's database.
    state: PathBuf,
    /// The group's new name.
    name: String,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
pub(super) struct MoveArgs {
    /// The event's database.
    state: PathBuf,
    /// The player's starting rank in his group (`--group`).
    player: u16,
    /// The group he moves to.
    #[arg(long, value_name = "NAME")]
    to: String,
    #[command(flatten)]
    out: Output,
}

/// A pairing system as `--system` takes it.
fn parse_system(text: &str) -> Result<PairingSystem, String> {
    PairingSystem::parse(text)
        .ok_or_else(|| format!("{text:?}: swiss, round-robin or double-round-robin"))
}

/// Runs `tournament group …`.
pub(super) fn run(c: GroupCommand) -> anyhow::Result<ExitCode> {
    match c {
        GroupCommand::Add(a) => {
            let db = event_path(&a.state)?;
            let args = serde_json::json!({"name": a.name, "system": a.system.name(),
                "rounds": a.rounds, "first": a.first, "lots_seed": a.seed});
            let act = Act::new(Who::cli(), "group-add", args);
            let e = journal::apply_event::<_, anyhow::Error>(&db, act, |e| {
                let i = e.add_group(&a.name, a.system, a.rounds, a.first.as_deref())?;
                if let Some(seed) = a.seed {
                    let mut t = e.group(i);
                    t.draw_lots(seed)?;
                    e.set_group(i, t);
                }
                Ok(e.clone())
            })?;
            list(&e, &a.out)
        }
        GroupCommand::List(a) => {
            let db = event_path(&a.state)?;
            list(&arbiter::tournament::record::load_event(&db)?, &a.out)
        }
        GroupCommand::Rename(a) => {
            let db = event_path(&a.state)?;
            let group = selected_group();
            let args = serde_json::json!({"group": group, "name": a.name});
            let act = Act::new(Who::cli(), "group-rename", args);
            let e = journal::apply_event::<_, anyhow::Error>(&db, act, |e| {
                let i = e.find(group.as_deref())?;
                e.rename_group(i, &a.name)?;
                Ok(e.clone())
            })?;
            list(&e, &a.out)
        }
        GroupCommand::Move(a) => {
            let db = event_path(&a.state)?;
            let group = selected_group();
            let args = serde_json::json!({"group": group, "player": a.player, "to": a.to});
            let act = Act::new(Who::cli(), "group-move", args);
            let (name, sex, to, rank) = journal::apply_event::<_, anyhow::Error>(&db, act, |e| {
                let from = e.find(group.as_deref())?;
                let to = e.find(Some(&a.to))?;
                let (name, sex) = e
                    .group(from)
                    .player(a.player)
                    .map(|p| {
                        let sex =
                            arbiter::tournament::words::declension::sex_of_name(&p.name, p.sex);
                        (p.name.clone(), sex)
                    })
                    .unwrap_or_default();
                let rank = e.move_player(from, a.player, to)?;
                Ok((name, sex, e.names()[to].clone(), rank))
            })?;
            let lang = a.out.lang.get();
            done(
                &a.out,
                &lang.fmt(
                    "group-moved",
                    &[
                        ("name", &name),
                        ("sex", sex.map_or("unknown", Sex::selector)),
                        ("group", &to),
                        ("tpn", &rank.to_string()),
                    ],
                ),
                serde_json::json!({"player": name, "group": to, "start_rank": rank}),
            )
        }
    }
}

/// Prints the event's groups.
fn list(e: &Event, out: &Output) -> anyhow::Result<ExitCode> {
    let lang = out.lang.get();
    let mut text = String::new();
    let mut json = Vec::new();
    for (i, name) in e.names().iter().enumerate() {
        let t = e.group(i);
        let name = if name.is_empty() {
            lang.msg("group-unnamed")
        } else {
            name.clone()
        };
        text.push_str(&lang.fmt(
            "group-line",
            &[
                ("name", &name),
                (
                    "system",
                    &arbiter::tournament::words::system_text(t.system, lang),
                ),
                ("rounds", &t.total_rounds.to_string()),
                ("players", &t.players.len().to_string()),
                ("paired", &t.paired_rounds().to_string()),
            ],
        ));
        text.push('\n');
        json.push(serde_json::json!({"name": name, "system": t.system.name(),
            "rounds": t.total_rounds, "players": t.players.len(), "paired_rounds": t.paired_rounds()}));
    }
    print(out, &text, &json)
}

/// The journal's entries of group `i`: those naming it (`group` in their arguments), and for
/// the first group those naming none (every entry of the event before it had groups).
pub(super) fn entries_of(
    e: &Event,
    i: usize,
    entries: Vec<arbiter::tournament::journal::Entry>,
) -> Vec<arbiter::tournament::journal::Entry> {
    if e.len() == 1 {
        return entries;
    }
    entries
        .into_iter()
        .filter(
            |entry| match entry.args.get("group").and_then(|g| g.as_str()) {
                Some(g) => e.find(Some(g)) == Ok(i),
                None => i == 0,
            },
        )
        .collect()
}

/// The file a group's TRF is written to, beside the event: `turnir-1-2 классы.trf` (the
/// characters a file name cannot hold replaced by `_`).
fn trf_path(state: &Path, name: &str) -> PathBuf {
    let stem = state
        .file_stem()
        .map_or_else(|| "turnir".into(), |s| s.to_string_lossy().into_owned());
    let name: String = name
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    state.with_file_name(format!("{stem}-{name}.trf"))
}

/// `tournament export --format trf` of an event of several groups without `--group`: one
/// TRF file per group beside the event (each written atomically), each named on standard
/// error.
pub(super) fn export_each(
    state: &Path,
    e: &Event,
    entries: &[arbiter::tournament::journal::Entry],
    version: TrfVersion,
    lang: Lang,
) -> anyhow::Result<ExitCode> {
    for (i, name) in e.names().iter().enumerate() {
        let mine = entries_of(e, i, entries.to_vec());
        let trf = Trf::from_tournament_with_journal_as(&e.group(i), &mine, version);
        warn_overlong(&trf, lang);
        let path = trf_path(state, name);
        let text = trf.to_string();
        store::write_atomic(&path, |f| f.write_all(text.as_bytes()))?;
        note!(
            "{}",
            lang.fmt(
                "group-trf-written",
                &[
                    ("group", name.as_str()),
                    ("file", &path.display().to_string())
                ]
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}
