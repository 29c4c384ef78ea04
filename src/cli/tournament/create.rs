//! `arbiter tournament new`: a new state file, with the drawing of lots when asked.

use super::*;
use arbiter::tournament::pairing::PairingSystem;

#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Rule preset of the event, kept in the state file and used by every command on it (pairing, standings, the desk): `detsky-mat` (competition-rules.md; the default) or `fide`")))]
pub(super) struct NewArgs {
    /// State file to create.
    state: PathBuf,
    /// Tournament name.
    #[arg(long)]
    name: String,
    /// Number of rounds (CR 1.1: 4; at least 1). A round robin's rounds are its table's, set
    /// when round 1 is paired (`n - 1` per cycle for `n` players, one more when `n` is odd).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Pairing system: `swiss` (the FIDE Dutch system, C.04.3), `round-robin` or
    /// `double-round-robin` (the Berger tables, C.05 Annex 1; 3 to 24 players).
    #[arg(long, default_value = "swiss", value_parser = parse_system)]
    system: PairingSystem,
    /// Colour of the first player in round 1, chosen by the arbiter (default: white, unless
    /// drawn by lot with `--seed`).
    #[arg(long, value_parser = colour_arg())]
    initial_colour: Option<Color>,
    /// Draw the initial colour by lot (C.04.3) from this seed — a number (e.g. one announced
    /// at the opening; the same seed draws the same colour) or `random` (a new one). The seed
    /// is recorded in the state file and the TRF (`XXS`), so anyone can repeat the draw.
    #[arg(long, conflicts_with = "initial_colour", value_parser = fide::seed_arg)]
    seed: Option<u64>,
    /// Rule preset of the event (help text: the `mut_arg` above), kept in the state file.
    #[command(flatten)]
    preset: crate::cli::PresetArgs,
    /// First day, YYYY/MM/DD (TRF `042`).
    #[arg(long, value_name = "YYYY/MM/DD")]
    start_date: Option<String>,
    /// Last day, YYYY/MM/DD (TRF `052`).
    #[arg(long, value_name = "YYYY/MM/DD")]
    end_date: Option<String>,
    /// Venue: town and hall (TRF `022`).
    #[arg(long)]
    venue: Option<String>,
    /// Chief arbiter (TRF `102`).
    #[arg(long)]
    chief_arbiter: Option<String>,
    /// Deputy chief arbiter (TRF `112`).
    #[arg(long)]
    deputy_arbiter: Option<String>,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    out: Output,
}

/// A pairing system as `--system` takes it.
fn parse_system(text: &str) -> Result<PairingSystem, String> {
    PairingSystem::parse(text)
        .ok_or_else(|| format!("{text:?}: swiss, round-robin or double-round-robin"))
}

/// Runs `tournament new`.
pub(super) fn run_new(a: NewArgs) -> anyhow::Result<ExitCode> {
    if !arbiter::tournament::record::is_free(&a.state) && !a.force {
        return Err(CliError::Exists {
            file: a.state.display().to_string(),
        }
        .into());
    }
    let mut t = Tournament::new(&a.name, a.rounds);
    t.system = a.system;
    match (a.initial_colour, a.seed) {
        (Some(c), _) => t.initial_colour = Some(c),
        (None, Some(seed)) => _ = t.draw_lots(seed)?,
        (None, None) => {}
    }
    let preset = a.preset.or(crate::cli::PresetName::DetskyMat);
    let details = arbiter::tournament::event::EventDetails {
        start_date: a.start_date.clone(),
        end_date: a.end_date.clone(),
        venue: a.venue.clone(),
        chief_arbiter: a.chief_arbiter.clone(),
        deputy_arbiter: a.deputy_arbiter.clone(),
        // The public view shows names only until the event page says otherwise.
        public_school_grade: false,
    };
    // The same checks as the desk's event page (a real date, the last day not before
    // the first, a name that is not empty).
    t.edit_event(&a.name, a.rounds, preset, details)?;
    let args = serde_json::json!({"name": a.name, "rounds": a.rounds, "preset": preset.name(), "lots_seed": t.lots_seed,
        "system": (!a.system.is_swiss()).then(|| a.system.name())});
    let act = journal::Act::new(journal::Who::cli(), "new", args);
    journal::create::<anyhow::Error>(&a.state, act, &t)?;
    let lang = a.out.lang.get();
    let mut text = lang.fmt(
        "tm-created",
        &[
            ("file", &a.state.display().to_string()),
            ("rounds", &a.rounds.to_string()),
            ("preset", preset.name()),
        ],
    );
    if !a.system.is_swiss() {
        text.push_str(&format!(
            "\n{}",
            lang.fmt("tm-created-system", &[("system", a.system.name())])
        ));
    }
    text.push_str(&fide::lots_line(&t, lang));
    done(
        &a.out,
        &text,
        serde_json::json!({"state": a.state, "rounds": a.rounds, "preset": preset, "initial_colour": fide::colour_name(&t), "lots_seed": t.lots_seed, "system": a.system}),
    )
}
