//! `arbiter tournament add-players`: a school's player list (CSV/TSV as a spreadsheet saves
//! it) previewed, then added with `--apply` ([`arbiter::formats::player_list`]).

use super::*;
use arbiter::formats::player_list;

#[derive(clap::Args)]
pub(super) struct AddPlayersArgs {
    /// State file.
    state: PathBuf,
    /// The list: CSV or TSV (`;`, `,` or tab), UTF-8 with or without BOM or Windows-1251, a
    /// header row in Russian or English (фамилия, имя, отчество or ФИО, дата рождения, пол,
    /// класс, школа/клуб, рейтинг, FIDE ID, ID ФШР).
    file: PathBuf,
    /// Add the rows (without it only the preview is shown and nothing is written).
    #[arg(long)]
    apply: bool,
    /// With `--apply`, add the likely duplicates too.
    #[arg(long, requires = "apply")]
    with_duplicates: bool,
    /// In an event of several groups, grades to groups: `1-2=A,3-4=B` (grades 1–2 to group A,
    /// 3–4 to group B; `5=C` for one grade). A row whose group column («Группа», «Group»,
    /// «Section») is filled goes to the group it names; a row whose grade fits no rule is
    /// refused with its line.
    #[arg(long, value_name = "RULES")]
    group_by_grade: Option<String>,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament add-players`: each row to its group (`--group` for a list with no group
/// column and no `--group-by-grade`; [`player_list::Placing`]).
pub(super) fn run_add_players(a: AddPlayersArgs) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(&a.file).map_err(|source| CliError::CannotRead {
        file: a.file.display().to_string(),
        source,
    })?;
    let file = a.file.display().to_string();
    let lang = a.out.lang.get();
    let by_grade = match &a.group_by_grade {
        Some(r) => player_list::parse_rules(r).map_err(|e| anyhow::anyhow!(e.text(lang)))?,
        None => Vec::new(),
    };
    let group = selected_group();
    let db = event_path(&a.state)?;
    let read = |e: &arbiter::tournament::event::Event| -> anyhow::Result<_> {
        let placing = player_list::Placing {
            by_grade: by_grade.clone(),
            default: group.as_deref().map(|g| e.find(Some(g))).transpose()?,
        };
        let preview = player_list::read_event(&bytes, e, &file, &placing)
            .map_err(|e| anyhow::anyhow!(e.text(lang)))?;
        let groups: Vec<Tournament> = (0..e.len()).map(|i| e.group(i)).collect();
        let text = preview.to_text(&groups, &file, lang);
        Ok((preview, text))
    };
    let (preview, mut text, added) = if a.apply {
        let args = serde_json::json!({"file": file, "with_duplicates": a.with_duplicates,
            "group": group, "group_by_grade": a.group_by_grade});
        let act = journal::Act::new(journal::Who::cli(), "add-players", args);
        // The preview is read again under the lock: what is added is what it shows.
        let (preview, text, n) = journal::apply_event::<_, anyhow::Error>(&db, act, |e| {
            let (preview, text) = read(e)?;
            let n = preview
                .apply_event(e, a.with_duplicates)
                .with_context(|| a.state.display().to_string())?;
            Ok((preview, text, n))
        })?;
        (preview, text, Some(n))
    } else {
        let (preview, text) = read(&arbiter::tournament::record::load_event(&db)?)?;
        (preview, text, None)
    };
    if let Some(n) = added {
        text.push_str(&lang.fmt(
            "pl-added",
            &[
                ("n", &n.to_string()),
                ("file", &a.state.display().to_string()),
            ],
        ));
    } else {
        text.push_str(&lang.msg("pl-nothing-written"));
    }
    text.push('\n');
    print(
        &a.out,
        &text,
        &serde_json::json!({"preview": preview, "added": added}),
    )
}

#[derive(clap::Args)]
pub(super) struct StandingsArgs {
    #[command(flatten)]
    report: ReportArgs,
    /// The standings of this category only: its players in the event's order, places
    /// numbered within it.
    #[arg(long)]
    category: Option<String>,
    #[command(flatten)]
    out: TableOutput,
    /// The same as `--format csv` (kept for older scripts).
    #[arg(long, hide = true, conflicts_with = "format")]
    csv: bool,
}

/// Runs `tournament standings`.
pub(super) fn run_standings(a: StandingsArgs) -> anyhow::Result<ExitCode> {
    let (mut report, t) = report(&a.report)?;
    if let Some(name) = &a.category {
        let c = t
            .awards
            .category(name)
            .ok_or_else(|| CategoryError::Unknown(name.clone()))
            .with_context(|| a.report.file.display().to_string())?;
        report = report.for_category(&t, c);
    }
    let mut out = a.out;
    if a.csv {
        out.format = TableFormat::Csv;
    }
    out.print(|lang| report.to_text(lang), &report, || report.to_csv())
}

#[derive(clap::Args)]
pub(super) struct CategoryArgs {
    #[command(subcommand)]
    command: CategoryCommand,
}

#[derive(clap::Subcommand)]
enum CategoryCommand {
    /// Add a category: a name and its conditions (all must hold: `--sex f --grades 1-2` is
    /// «девочки 1–2 классы»).
    Add(CategoryAddArgs),
    /// List the categories with their rules and prizes.
    List(CategoryStateArgs),
    /// Remove a category.
    Remove(CategoryRemoveArgs),
    /// Prize settings: one prize per player or several; the chief arbiter and the date for diplomas.
    Settings(CategorySettingsArgs),
}

#[derive(clap::Args)]
struct CategoryAddArgs {
    /// State file.
    state: PathBuf,
    /// Its name as printed («Девочки 1–2 классы»).
    #[arg(long)]
    name: String,
    /// Grades, e.g. `1-2` or `3`.
    #[arg(long, value_parser = range_arg::<u8>)]
    grades: Option<(u8, u8)>,
    /// Sex: `m` or `f` (`w`, `м`, `ж`).
    #[arg(long, value_parser = parse_sex)]
    sex: Option<Sex>,
    /// Birth years, e.g. `2016-2017`.
    #[arg(long, value_parser = range_arg::<u16>)]
    born: Option<(u16, u16)>,
    /// Age in full years on `--age-on`, e.g. `7-8`.
    #[arg(long, value_parser = range_arg::<u8>, requires = "age_on")]
    age: Option<(u8, u8)>,
    /// The date ages are counted on (ДД.ММ.ГГГГ or YYYY/MM/DD).
    #[arg(long, requires = "age")]
    age_on: Option<String>,
    /// Rating band, e.g. `0-1199` (unrated counts as 0).
    #[arg(long, value_parser = range_arg::<u16>)]
    rating: Option<(u16, u16)>,
    /// Prize places (and diplomas).
    #[arg(long, default_value_t = arbiter::tournament::category::DEFAULT_PRIZES)]
    prizes: u32,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct CategoryStateArgs {
    /// State file.
    state: PathBuf,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct CategoryRemoveArgs {
    /// State file.
    state: PathBuf,
    /// The category's name.
    #[arg(long)]
    name: String,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct CategorySettingsArgs {
    /// State file.
    state: PathBuf,
    /// `one`: a player wins in one category only (the first in order where he places);
    /// `several`: each category's prize list stands alone.
    #[arg(long, value_parser = ["one", "several"])]
    prizes_per_player: Option<String>,
    /// The chief arbiter, as diplomas, the TRF (`102`) and the event page name him.
    #[arg(long)]
    chief_arbiter: Option<String>,
    /// The date on diplomas (ДД.ММ.ГГГГ or YYYY/MM/DD).
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    out: Output,
}

fn range_arg<T: std::str::FromStr + Copy>(s: &str) -> Result<(T, T), ValueError> {
    arbiter::tournament::category::parse_range(s).ok_or_else(|| value_error("expect-range", s))
}

use arbiter::tournament::category::{Category, CategoryError, CategoryRule};

/// The categories as text lines in `lang`: «1. Девочки 1–2 классы: 1–2 класс, девочки; призовых мест: 3».
fn category_lines(t: &Tournament, lang: Lang) -> String {
    let mut text = String::new();
    for (i, c) in t.awards.categories.iter().enumerate() {
        text.push_str(&format!(
            "{}. {}: {}; {}\n",
            i + 1,
            c.name,
            c.rule.text(lang),
            lang.fmt("cat-prizes", &[("n", &c.prizes.to_string())])
        ));
    }
    text.push_str(&lang.msg(if t.awards.one_prize_per_player {
        "cat-one-prize"
    } else {
        "cat-several-prizes"
    }));
    text
}

/// Runs `tournament category …`.
pub(super) fn run_category(a: CategoryArgs) -> anyhow::Result<ExitCode> {
    let category_change = |state: &Path,
                           args: serde_json::Value,
                           edit: &dyn Fn(&mut Tournament) -> Result<(), CategoryError>|
     -> anyhow::Result<Tournament> {
        edit_state(state, "category", args, |t| {
            edit(t)?;
            Ok(t.clone())
        })
    };
    match a.command {
        CategoryCommand::Add(a) => {
            let category = Category {
                name: a.name.clone(),
                rule: CategoryRule {
                    grades: a.grades,
                    sex: a.sex,
                    born: a.born,
                    age: a.age,
                    age_on: a.age_on.clone(),
                    rating: a.rating,
                },
                prizes: a.prizes,
            };
            let args = serde_json::json!({"add": category});
            let t = category_change(&a.state, args, &|t| t.add_category(category.clone()))?;
            let lang = a.out.lang.get();
            let added = t.awards.categories.last().cloned();
            let text = lang.fmt(
                "cat-added",
                &[
                    ("name", &a.name),
                    (
                        "rule",
                        &added.as_ref().map_or(String::new(), |c| c.rule.text(lang)),
                    ),
                ],
            );
            done(&a.out, &text, serde_json::json!({"added": added}))
        }
        CategoryCommand::Remove(a) => {
            let args = serde_json::json!({"remove": a.name});
            category_change(&a.state, args, &|t| t.remove_category(&a.name).map(|_| ()))?;
            let text = a.out.lang.get().fmt("cat-removed", &[("name", &a.name)]);
            done(&a.out, &text, serde_json::json!({"removed": a.name}))
        }
        CategoryCommand::List(a) => {
            let t = load(&a.state)?;
            let mut text = category_lines(&t, a.out.lang.get());
            text.push('\n');
            print(&a.out, &text, &t.awards)
        }
        CategoryCommand::Settings(a) => {
            let date = match &a.date {
                Some(d) => Some(
                    arbiter::tournament::player::normalize_birth_date(d)
                        .filter(|d| d.len() == 10)
                        .ok_or_else(|| value_error("expect-date", d))?,
                ),
                None => None,
            };
            let args = serde_json::json!({"prizes_per_player": a.prizes_per_player,
                "chief_arbiter": a.chief_arbiter, "date": date});
            let t = category_change(&a.state, args, &|t| {
                if let Some(p) = &a.prizes_per_player {
                    t.awards.one_prize_per_player = p == "one";
                }
                if let Some(c) = &a.chief_arbiter {
                    t.details.chief_arbiter = Some(c.clone()).filter(|c| !c.trim().is_empty());
                }
                if date.is_some() {
                    t.awards.date.clone_from(&date);
                }
                Ok(())
            })?;
            let mut text = category_lines(&t, a.out.lang.get());
            text.push('\n');
            print(&a.out, &text, &t.awards)
        }
    }
}

#[derive(clap::Args)]
pub(super) struct PrizesArgs {
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament prizes`: every category's prize list.
pub(super) fn run_prizes(a: PrizesArgs) -> anyhow::Result<ExitCode> {
    let (report, t) = report(&a.report)?;
    let lists = t.awards.prize_lists(&t, &report);
    let lang = a.out.lang.get();
    let mut text = String::new();
    for l in &lists {
        text.push_str(&format!("{}\n", l.category));
        for p in &l.prizes {
            text.push_str(&format!(
                "  {}  {} ({}), {}\n",
                p.place,
                p.name,
                p.start_rank,
                lang.fmt(
                    "cat-points",
                    &[(
                        "points",
                        &arbiter::tournament::standings::fmt_decimal(p.points, lang)
                    )]
                )
            ));
        }
        if l.prizes.is_empty() {
            text.push_str(&format!("  {}\n", lang.msg("cat-no-players")));
        }
    }
    if lists.is_empty() {
        text.push_str(&lang.msg("cat-none"));
        text.push('\n');
    }
    // A child without a grade is in no prize list by grade: said under the lists.
    if let Some(warning) = t.awards.outside_grades_warning(&t, lang) {
        text.push_str(&format!("\n{warning}\n"));
    }
    print(&a.out, &text, &lists)
}

#[derive(clap::Args)]
pub(super) struct DiplomasArgs {
    #[command(flatten)]
    report: ReportArgs,
    /// Only this category's diplomas.
    #[arg(long)]
    category: Option<String>,
    /// The organiser's template (minijinja; default: `diploma.html` beside the state file,
    /// else the built-in one).
    #[arg(long)]
    template: Option<PathBuf>,
    /// Write the HTML here (default: standard output).
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament diplomas`: one HTML document, a diploma per A4 page.
pub(super) fn run_diplomas(a: DiplomasArgs) -> anyhow::Result<ExitCode> {
    use arbiter::web::diplomas;
    let (report, t) = report(&a.report)?;
    let lang = a.out.lang.get();
    let list = diplomas::diplomas(&t, &report, lang, a.category.as_deref())
        .with_context(|| a.report.file.display().to_string())?;
    let template = match a
        .template
        .clone()
        .or_else(|| diplomas::template_beside(&a.report.file))
    {
        Some(path) => Some(read_file(&path)?),
        None => None,
    };
    let html = diplomas::render_diplomas(&t, &list, lang, template.as_deref())
        .map_err(|e| anyhow::anyhow!(lang.fmt("dip-template-error", &[("error", &e)])))?;
    match &a.output {
        Some(path) => {
            store::write_atomic(path, |f| f.write_all(html.as_bytes()))?;
            let text = lang.fmt(
                "dip-written",
                &[
                    ("n", &list.len().to_string()),
                    ("file", &path.display().to_string()),
                ],
            );
            print(
                &a.out,
                &format!("{text}\n"),
                &serde_json::json!({"diplomas": list, "file": path}),
            )
        }
        None => {
            std::io::stdout().lock().write_all(html.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[derive(clap::Args)]
pub(super) struct ExportPlayersArgs {
    /// State file or TRF file.
    file: PathBuf,
    /// Write the list here (default: standard output).
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament export-players`: the player list as CSV for a spreadsheet (UTF-8 with
/// BOM, `;`, Russian header, dates ДД.ММ.ГГГГ), which `add-players` reads back.
pub(super) fn run_export_players(a: ExportPlayersArgs) -> anyhow::Result<ExitCode> {
    let t = load(&a.file)?;
    let csv = arbiter::formats::player_export::write(&t);
    match &a.output {
        Some(path) => {
            store::write_atomic(path, |f| f.write_all(csv.as_bytes()))?;
            let text = a.out.lang.get().fmt(
                "pl-exported",
                &[
                    ("n", &t.players.len().to_string()),
                    ("file", &path.display().to_string()),
                ],
            );
            print(
                &a.out,
                &format!("{text}\n"),
                &serde_json::json!({"players": t.players.len(), "file": path}),
            )
        }
        None => {
            std::io::stdout().lock().write_all(csv.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[derive(clap::Args)]
pub(super) struct TeamResultArgs {
    #[command(flatten)]
    report: ReportArgs,
    /// The children counted per school: its best N in the standings.
    #[arg(long, default_value_t = arbiter::tournament::scoring::team::DEFAULT_BEST, value_parser = clap::value_parser!(u16).range(1..).map(usize::from))]
    best: usize,
    /// Criteria for equal sums, in order: `places` (the sum of the counted children's places)
    /// and `best-place` (the best place of a counted child).
    #[arg(long, value_delimiter = ',', default_value = "places,best-place", value_parser = parse_team_tie)]
    team_ties: Vec<arbiter::tournament::scoring::team::TeamTieBreak>,
    #[command(flatten)]
    out: Output,
}

/// A team tie-break as `--team-ties` takes it.
fn parse_team_tie(text: &str) -> Result<arbiter::tournament::scoring::team::TeamTieBreak, String> {
    arbiter::tournament::scoring::team::TeamTieBreak::parse(text)
        .ok_or_else(|| format!("{text:?}: places or best-place"))
}

/// Runs `tournament team-result`: the schools ranked by their best children's points; of an
/// event of several groups with no `--group` named, of the whole event (every group's
/// children together, each named with their group).
pub(super) fn run_team_result(a: TeamResultArgs) -> anyhow::Result<ExitCode> {
    use arbiter::tournament::scoring::team::{TeamSettings, team_result_of};
    let settings = TeamSettings {
        best: a.best,
        tie_breaks: a.team_ties.clone(),
    };
    let groups: Vec<(Option<String>, StandingsReport, Tournament)> =
        match state::every_group(&a.report.file) {
            Some(all) => all
                .into_iter()
                .map(|(name, t)| {
                    let (r, t) = state::report_of(&a.report, t)?;
                    Ok((Some(name), r, t))
                })
                .collect::<anyhow::Result<_>>()?,
            None => {
                let (r, t) = report(&a.report)?;
                vec![(None, r, t)]
            }
        };
    let of: Vec<_> = groups
        .iter()
        .map(|(name, r, t)| (t, r, name.as_deref()))
        .collect();
    let rows = team_result_of(&of, &settings);
    let after = groups
        .iter()
        .map(|(_, r, _)| r.after_round)
        .min()
        .unwrap_or(0);
    let lang = a.out.lang.get();
    let dec = |v: f64| arbiter::tournament::standings::fmt_decimal(v, lang);
    let mut text = lang.fmt(
        "team-title",
        &[("best", &a.best.to_string()), ("round", &after.to_string())],
    );
    text.push('\n');
    if groups.len() > 1 {
        let names: Vec<&str> = groups.iter().filter_map(|(n, ..)| n.as_deref()).collect();
        text.push_str(&lang.fmt("team-every-group", &[("groups", &names.join(", "))]));
        text.push('\n');
    }
    for r in &rows {
        let children: Vec<String> = r
            .counted
            .iter()
            .map(|c| {
                let child = lang.fmt(
                    "team-child",
                    &[
                        ("name", &c.name),
                        ("place", &c.place.to_string()),
                        ("points", &dec(c.points)),
                    ],
                );
                match &c.group {
                    Some(g) => format!("{child} — {g}"),
                    None => child,
                }
            })
            .collect();
        text.push_str(&lang.fmt(
            "team-row",
            &[
                ("place", &r.place.to_string()),
                ("school", &r.school),
                ("points", &dec(r.points)),
                ("places", &r.places_sum.to_string()),
                ("incomplete", if r.incomplete { "yes" } else { "no" }),
            ],
        ));
        text.push_str(&format!("\n    {}\n", children.join("; ")));
    }
    if rows.is_empty() {
        text.push_str(&lang.msg("team-none"));
        text.push('\n');
    }
    print(&a.out, &text, &rows)
}
