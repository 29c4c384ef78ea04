//! `arbiter tournament`: keep a tournament in its database (`turnir.arbiter`,
//! [`arbiter::tournament::record`]) and report standings, crosstable and TRF. Read-only commands
//! also accept a TRF file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use arbiter::formats::trf::{Trf, TrfVersion};
use arbiter::formats::{pairs, verdict};
use arbiter::i18n::Lang;
use arbiter::tournament::journal;
use arbiter::tournament::judged::JudgedGame;
use arbiter::tournament::standings::{Crosstable, StandingsReport, parse_order};
use arbiter::tournament::tiebreak::TieBreak;
use arbiter::tournament::{
    BoardResult, Bye, ByeKind, GameRef, Player, Sex, Tournament, TournamentError, store,
};
use clap::builder::TypedValueParser as _;
use shakmaty::Color;

mod create;
mod export;
mod fide;
mod group;
mod log;
mod pair;
mod players;
mod publish;
mod report;
mod result;
mod rules;
mod school;
mod state;
mod text;
use super::errors::ValueError;
pub(crate) use state::event_path;
use state::*;
use text::CliError;

/// Arguments of `arbiter tournament`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
    /// The group the command acts on (an event of several groups: `tournament group list`
    /// names them); not needed while the event has one group.
    #[arg(long, global = true, value_name = "NAME")]
    group: Option<String>,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Create a new event (`turnir.arbiter`).
    #[command(after_help = super::examples::T_NEW)]
    New(create::NewArgs),
    /// Add a player (ranked by rating, title, name until round 1 is paired; then the next number).
    #[command(after_help = super::examples::T_ADD_PLAYER)]
    AddPlayer(AddPlayerArgs),
    /// Add the players of a school's list (CSV/TSV from a spreadsheet): a preview; `--apply` writes.
    #[command(after_help = super::examples::T_ADD_PLAYERS)]
    AddPlayers(school::AddPlayersArgs),
    /// Write the player list as CSV for a spreadsheet (UTF-8 with BOM, `;`, Russian header), as `add-players` reads it.
    #[command(after_help = super::examples::T_EXPORT_PLAYERS)]
    ExportPlayers(school::ExportPlayersArgs),
    /// FIDE mode (C.02): `on`, or `off` to leave it for good (it cannot be re-entered).
    #[command(after_help = super::examples::T_FIDE_MODE)]
    FideMode(fide::FideModeArgs),
    /// Correct a registered player: name, rating, birth date, club, sex (what is not given stays).
    #[command(after_help = super::examples::T_EDIT_PLAYER)]
    EditPlayer(EditPlayerArgs),
    /// Show the start list (initial ranking: rating, title, name); `--apply` re-ranks before round 1.
    #[command(after_help = super::examples::T_START_LIST)]
    StartList(StartListArgs),
    /// Forbid players to meet (siblings, same club; TRF `260`), in every round or some.
    #[command(after_help = super::examples::T_FORBID)]
    Forbid(ForbidArgs),
    /// The event's tie-breaks and edition of C.07 (2024 or 2026), explained; `--set`, `--edition` change them.
    #[command(after_help = super::examples::T_TIE_BREAKS)]
    TieBreaks(rules::TieBreaksArgs),
    /// The event's acceleration (C.04.5): `baku`, `none`, or shown.
    #[command(after_help = super::examples::T_ACCELERATION)]
    Acceleration(rules::AccelerationArgs),
    /// The pairing list of a round: by board, with the bye and results, and by name.
    #[command(after_help = super::examples::T_PAIRINGS)]
    Pairings(PairingsArgs),
    /// Set the pairings of the next round (from `--game W-B` options or a bbpPairings / `arbiter pair` output file).
    #[command(after_help = super::examples::T_PAIR)]
    Pair(PairArgs),
    /// Record a bye or an absence (half-point, zero-point, full-point, pairing-allocated).
    #[command(after_help = super::examples::T_BYE)]
    Bye(ByeArgs),
    /// Record a result.
    #[command(after_help = super::examples::T_RESULT)]
    Result(ResultArgs),
    /// The player leaves the event from a round on (CR 1.4).
    #[command(after_help = super::examples::T_WITHDRAW)]
    Withdraw(WithdrawArgs),
    /// Disqualify a player in a round (CR 2.2: that game and all later ones lost).
    #[command(after_help = super::examples::T_DISQUALIFY)]
    Disqualify(DisqualifyArgs),
    /// Standings with tie-breaks (of the event, or of one category with `--category`).
    #[command(after_help = super::examples::T_STANDINGS)]
    Standings(school::StandingsArgs),
    /// The event's categories (grade, sex, birth year, age, rating band) and prize settings.
    #[command(after_help = super::examples::T_CATEGORY)]
    Category(school::CategoryArgs),
    /// The prize list of every category.
    #[command(after_help = super::examples::T_PRIZES)]
    Prizes(school::PrizesArgs),
    /// The school team result: the schools ranked by the points of their best N children.
    #[command(after_help = super::examples::T_TEAM_RESULT)]
    TeamResult(school::TeamResultArgs),
    /// The diplomas of the prize winners as one HTML file to print (A4, one per page).
    #[command(after_help = super::examples::T_DIPLOMAS)]
    Diplomas(school::DiplomasArgs),
    /// The organiser's report (the event, participants by category, standings, crosstable,
    /// prize lists, incidents) as one HTML file to print on A4: the desk's /report.
    #[command(after_help = super::examples::T_REPORT)]
    Report(report::OrganiserReportArgs),
    /// The public view's pages (event, rounds, standings, crosstable, prize lists, the rounds'
    /// PGN) as plain HTML files in a folder, to upload anywhere; run again after a round.
    #[command(after_help = super::examples::T_PUBLISH)]
    Publish(publish::PublishArgs),
    /// Crosstable with tie-breaks.
    #[command(after_help = super::examples::T_CROSSTABLE)]
    Crosstable(CrosstableArgs),
    /// Write a state file or TRF file as TRF (a TRF input is written back unchanged) or JSON.
    #[command(after_help = super::examples::T_EXPORT)]
    Export(export::ExportArgs),
    /// The event's groups: `add` one (its system and rounds), `list` them, `rename` one,
    /// `move` a player to another group before round 1.
    #[command(subcommand, after_help = super::examples::T_GROUP)]
    Group(group::GroupCommand),
    /// Create a state file from a TRF file (players, rounds, results, byes).
    #[command(after_help = super::examples::T_IMPORT)]
    Import(ImportArgs),
    /// The journal of changes, newest first: when, who, what, with which arguments.
    #[command(after_help = super::examples::T_LOG)]
    Log(log::LogArgs),
    /// Undo the last change (a new journal entry; nothing is erased).
    #[command(after_help = super::examples::T_UNDO)]
    Undo(log::UndoArgs),
    /// Write a copy of the event as of this moment (also while the desk or another command runs).
    #[command(after_help = super::examples::T_BACKUP)]
    Backup(BackupArgs),
}

#[derive(clap::Args)]
struct BackupArgs {
    /// The event (`turnir.arbiter`).
    state: PathBuf,
    /// The copy to write (a new file).
    copy: PathBuf,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct StartListArgs {
    /// State file.
    state: PathBuf,
    /// Give every player the starting rank of the ranking (only before round 1 is paired).
    #[arg(long)]
    apply: bool,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct ForbidArgs {
    /// State file.
    state: PathBuf,
    /// Starting ranks of the players who must not meet, e.g. `3,7`.
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<u16>,
    /// Why (`siblings`, `same club`).
    #[arg(long)]
    reason: Option<String>,
    /// Only in these rounds, e.g. `1-3` or `2` (default: every round).
    #[arg(long, value_name = "FIRST-LAST", value_parser = round_span_arg)]
    rounds: Option<arbiter::tournament::model::RoundSpan>,
    #[command(flatten)]
    out: Output,
}

/// A round's number: rounds are numbered from 1, `0` (or a word) refused in the user's
/// words rather than looked up as a round no event has.
fn round_arg(s: &str) -> Result<u32, ValueError> {
    match s.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(value_error("expect-round", s)),
    }
}

/// A birth date as typed, refused when after today (a year typed wrong); one that is no
/// real date is left for the player record's own check to refuse.
fn birth_date_arg(s: &str) -> Result<String, ValueError> {
    use arbiter::tournament::player::{born_after, normalize_birth_date, today};
    match normalize_birth_date(s) {
        Some(date) if born_after(&date, today()) => Err(value_error("expect-birth-date-past", s)),
        _ => Ok(s.to_string()),
    }
}

/// A span of rounds `FIRST-LAST` (or one round `N`), from round 1.
fn round_span_arg(s: &str) -> Result<arbiter::tournament::model::RoundSpan, ValueError> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    match (a.trim().parse::<u32>(), b.trim().parse::<u32>()) {
        (Ok(first), Ok(last)) if first >= 1 && last >= first => {
            Ok(arbiter::tournament::model::RoundSpan { first, last })
        }
        _ => Err(value_error("expect-round-span", s)),
    }
}

#[derive(Clone, Copy, Default, clap::ValueEnum)]
enum ListFormat {
    /// By board, then "who plays where" by name.
    #[default]
    Text,
    /// `{"round", "boards": [{"board", "white", "black", "result"}], "bye"}`.
    Json,
    /// One row per board (and the bye).
    Csv,
}

#[derive(clap::Args)]
struct PairingsArgs {
    /// State file or TRF file.
    file: PathBuf,
    /// The round.
    #[arg(long, value_parser = round_arg)]
    round: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: ListFormat,
    #[command(flatten)]
    lang: super::LangArgs,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// The TRF file.
    trf: PathBuf,
    /// State file to create.
    state: PathBuf,
    /// Overwrite an existing state file.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct Output {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: super::Format,
    #[command(flatten)]
    lang: super::LangArgs,
}

/// `white` / `black` on the command line, read into shakmaty's colour (an unknown value is a
/// usage error listing the two).
fn colour_arg() -> impl clap::builder::TypedValueParser<Value = Color> {
    clap::builder::PossibleValuesParser::new(["white", "black"]).map(|s| {
        if s == "black" {
            Color::Black
        } else {
            Color::White
        }
    })
}

#[derive(clap::Args)]
struct AddPlayerArgs {
    /// State file.
    state: PathBuf,
    /// Name ("Surname, Given").
    #[arg(long)]
    name: String,
    /// Rating (omit for unrated).
    #[arg(long)]
    rating: Option<u16>,
    /// Title (GM, IM, WFM…).
    #[arg(long)]
    title: Option<String>,
    /// Federation (3 letters).
    #[arg(long)]
    federation: Option<String>,
    /// Sex: `m` or `f` (`w` as TRF writes it; also `м`, `ж`); Russian text agrees with it.
    #[arg(long, value_parser = parse_sex)]
    sex: Option<Sex>,
    /// Birth date: ДД.ММ.ГГГГ (05.03.2017), YYYY/MM/DD or a year; not after today.
    #[arg(long, value_parser = birth_date_arg)]
    birth_date: Option<String>,
    /// Club or school.
    #[arg(long)]
    club: Option<String>,
    /// School grade (класс), 1–11: the categories by grade take the player by it.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=11))]
    grade: Option<u8>,
    /// FIDE id.
    #[arg(long)]
    fide_id: Option<u64>,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct EditPlayerArgs {
    /// State file.
    state: PathBuf,
    /// The player's starting rank.
    #[arg(long)]
    player: u16,
    /// New name.
    #[arg(long)]
    name: Option<String>,
    /// New rating.
    #[arg(long, conflicts_with = "unrated")]
    rating: Option<u16>,
    /// Clear the rating (unrated).
    #[arg(long)]
    unrated: bool,
    /// New birth date: ДД.ММ.ГГГГ, YYYY/MM/DD or a year; not after today.
    #[arg(long, value_parser = birth_date_arg)]
    birth_date: Option<String>,
    /// New club or school.
    #[arg(long)]
    club: Option<String>,
    /// Sex: `m` or `f` (`w`, `м`, `ж`).
    #[arg(long, value_parser = parse_sex)]
    sex: Option<Sex>,
    /// New school grade (класс), 1–11.
    #[arg(long, conflicts_with = "no_grade", value_parser = clap::value_parser!(u8).range(1..=11))]
    grade: Option<u8>,
    /// Clear the school grade.
    #[arg(long)]
    no_grade: bool,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Pairing rules for `--auto` and for the comparison a forced manual pairing prints: `detsky-mat` (CR 1.5: three same colours in a row allowed) or `fide` (C.04.3); default: the event's preset")))]
struct PairArgs {
    /// State file.
    state: PathBuf,
    /// Round to pair (the next one; with `--auto` it may be omitted).
    #[arg(long, value_parser = round_arg, required_unless_present = "auto")]
    round: Option<u32>,
    /// Pair the next round by the event's system instead of giving games: the FIDE Dutch
    /// pairer (`arbiter pair`) for a Swiss, the Berger table for a round robin.
    #[arg(long, conflicts_with_all = ["games", "bye", "from"])]
    auto: bool,
    /// With `--auto`: a round robin's every round not paired yet, at once (results not needed).
    #[arg(long, requires = "auto")]
    all: bool,
    /// Pairing rules for `--auto` (help text: the `mut_arg` above).
    #[command(flatten)]
    preset: super::PresetArgs,
    /// Old spelling of `--preset` (kept for one release; its values listed as before).
    #[arg(long, hide = true, conflicts_with = "preset", value_parser = super::old_rules_preset(["fide", "detsky-mat"]))]
    rules: Option<super::PresetName>,
    /// A game as `WHITE-BLACK` starting ranks, in board order (repeat).
    #[arg(long = "game", value_parser = parse_pair)]
    games: Vec<(u16, u16)>,
    /// The pairing-allocated bye (CR 1.3).
    #[arg(long)]
    bye: Option<u16>,
    /// Read the pairings from a bbpPairings-format file (count line, `W B` lines, `P 0` bye).
    #[arg(long, conflicts_with_all = ["games", "bye"])]
    from: Option<PathBuf>,
    /// Record a manual pairing the checks refuse (a rematch, a forbidden pair, a present
    /// player left out); needs `--reason`, and the round records it as forced.
    #[arg(long, requires = "reason", conflicts_with = "auto")]
    force: bool,
    /// The arbiter's reason for `--force`.
    #[arg(long, requires = "force")]
    reason: Option<String>,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct ByeArgs {
    /// State file.
    state: PathBuf,
    /// Round.
    #[arg(long, value_parser = round_arg)]
    round: u32,
    /// Player's starting rank.
    #[arg(long)]
    player: u16,
    /// `half` (H), `zero` (Z, absent), `full` (F), `pab` (U, pairing-allocated).
    #[arg(long, value_parser = parse_bye)]
    kind: ByeKind,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct ResultArgs {
    /// State file.
    state: PathBuf,
    /// Round.
    #[arg(long, value_parser = round_arg)]
    round: u32,
    /// Board number.
    #[arg(long, conflicts_with = "game", required_unless_present = "game")]
    board: Option<u32>,
    /// The game as `WHITE-BLACK` starting ranks: White first, as on the pairing list (the other
    /// order is refused).
    #[arg(long, value_parser = parse_pair)]
    game: Option<(u16, u16)>,
    /// In board colours, White's score first: `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--` (double
    /// forfeit), `0-0` (double loss, CR 4.2).
    #[arg(value_parser = parse_result, allow_hyphen_values = true, required_unless_present = "verdict")]
    result: Option<BoardResult>,
    /// The arbiter's reason for a result other than the judge's (the verdict's, or the one
    /// already on a judged or adjudicated board): kept in the record. Without it such a
    /// result is refused.
    #[arg(long)]
    override_reason: Option<String>,
    /// Why an earlier round's result changes (with `--correct`): FIDE mode refuses such a
    /// change without it; kept in the record.
    #[arg(long)]
    note: Option<String>,
    /// Take the result from a verdict of `arbiter judge --format json` (`-` for stdin); its
    /// White and Black must be the board's players.
    #[arg(long, conflicts_with = "result")]
    verdict: Option<PathBuf>,
    /// Which verdict of a file with several (1-based).
    #[arg(long, requires = "verdict")]
    index: Option<usize>,
    /// The arbiter's decision when the verdict's reported result disagrees with the board
    /// (CR 4.2): the result to record (the verdict's is kept beside it); a result other than
    /// the verdict's needs `--override-reason`.
    #[arg(long, requires = "verdict", value_parser = parse_result, allow_hyphen_values = true)]
    decide: Option<BoardResult>,
    /// Replace a result already recorded (an arbiter's correction).
    #[arg(long)]
    correct: bool,
    /// Apply the disqualification the verdict's cheating findings propose (more than three
    /// proven incidents in the event, CR 2.2): the player is disqualified in this round and
    /// loses all later rounds. Without it the proposal is only shown.
    #[arg(long, requires = "verdict")]
    confirm_disqualification: bool,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct WithdrawArgs {
    /// State file.
    state: PathBuf,
    /// Player's starting rank.
    #[arg(long)]
    player: u16,
    /// First round the player no longer plays.
    #[arg(long, value_parser = round_arg)]
    from_round: u32,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
struct DisqualifyArgs {
    /// State file.
    state: PathBuf,
    /// Player's starting rank.
    #[arg(long)]
    player: u16,
    /// Round of the disqualification (its game is lost).
    #[arg(long, value_parser = round_arg)]
    round: u32,
    #[command(flatten)]
    out: Output,
}

#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Tie-break preset: `detsky-mat` or `fide` (default: the event's preset; `detsky-mat` for a TRF file)")))]
struct ReportArgs {
    /// State file or TRF file.
    file: PathBuf,
    /// Standings after this round (default: the last complete round).
    #[arg(long)]
    after_round: Option<u32>,
    /// Tie-break preset (help text: the `mut_arg` above).
    #[command(flatten)]
    preset: super::PresetArgs,
    /// Tie-break order, overriding the event's, e.g. `BH-C1,BH,SB,DE,PS,WIN` (2026: also
    /// `STD`, `REP`, `RTNG`, `RTNG/R`, `TPN`, `TPN/R`); `fide2024` or `fide2026` keep the
    /// event's list under that edition of C.07.
    #[arg(long, alias = "tiebreaks")]
    tie_breaks: Option<String>,
    #[command(flatten)]
    edition: super::EditionArgs,
}

/// `--format text|json|csv` of the commands that print a table (standings, crosstable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum TableFormat {
    /// For people.
    #[default]
    Text,
    /// For programs: one JSON object.
    Json,
    /// For a spreadsheet: a header row, then one row per player.
    Csv,
}

#[derive(clap::Args)]
struct TableOutput {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: TableFormat,
    #[command(flatten)]
    lang: super::LangArgs,
}

impl TableOutput {
    /// The table in the format asked for: `text` in the language, or `json`, or `csv()`.
    fn print(
        &self,
        text: impl FnOnce(Lang) -> String,
        json: &impl serde::Serialize,
        csv: impl FnOnce() -> String,
    ) -> anyhow::Result<ExitCode> {
        let mut stdout = std::io::stdout().lock();
        match self.format {
            TableFormat::Text => write!(stdout, "{}", text(self.lang.get()))?,
            TableFormat::Json => writeln!(stdout, "{}", serde_json::to_string(json)?)?,
            TableFormat::Csv => write!(stdout, "{}", csv())?,
        }
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
struct CrosstableArgs {
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    out: TableOutput,
}

fn value_error(expected: &'static str, found: &str) -> ValueError {
    ValueError {
        expected,
        found: found.to_string(),
    }
}

fn parse_pair(s: &str) -> Result<(u16, u16), ValueError> {
    let (a, b) = s
        .split_once(['-', ' ', ':'])
        .ok_or_else(|| value_error("expect-pair", s))?;
    let n = |x: &str| {
        x.trim()
            .parse::<u16>()
            .map_err(|_| value_error("expect-start-rank", x))
    };
    Ok((n(a)?, n(b)?))
}

fn parse_result(s: &str) -> Result<BoardResult, ValueError> {
    BoardResult::parse(s).ok_or_else(|| value_error("expect-result", s))
}

fn parse_bye(s: &str) -> Result<ByeKind, ValueError> {
    ByeKind::parse(s).ok_or_else(|| value_error("expect-bye-kind", s))
}

fn parse_sex(s: &str) -> Result<Sex, ValueError> {
    Sex::parse(s).ok_or_else(|| value_error("expect-sex", s))
}

/// Runs `arbiter tournament SUBCOMMAND`: changes the state file (written atomically) or reports
/// standings, crosstable or TRF; every change is checked by [`Tournament`] first (CR 1.3, 1.4,
/// 2.2, 4.2), so a refused change leaves the file as it was.
///
/// Returns exit status 0 on success.
///
/// # Errors
/// (Exit status 1 through `main`.) A file that cannot be read or written, a TRF given to a
/// changing command, an existing state file without `--force`, and every refused change
/// ([`arbiter::tournament::TournamentError`], e.g. a second result, a round out of order, a
/// name longer than TRF's 33 columns).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    _ = state::GROUP.set(args.group);
    run_command(args.command)
}

fn run_command(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::New(a) => create::run_new(a),
        Command::Group(c) => group::run(c),
        Command::AddPlayer(a) => players::run_add_player(a),
        Command::AddPlayers(a) => school::run_add_players(a),
        Command::ExportPlayers(a) => school::run_export_players(a),
        Command::FideMode(a) => fide::run_fide_mode(a),
        Command::EditPlayer(a) => players::run_edit_player(a),
        Command::Pair(a) => pair::run_pair(a),
        Command::Bye(a) => {
            let args = serde_json::json!({"round": a.round, "player": a.player, "kind": a.kind});
            change(&a.state, "bye", args, |t| {
                t.add_bye(
                    a.round,
                    Bye {
                        player: a.player,
                        kind: a.kind,
                    },
                )
            })?;
            done(
                &a.out,
                &a.out.lang.get().fmt(
                    "bye-line",
                    &[
                        ("round", &a.round.to_string()),
                        ("player", &a.player.to_string()),
                        ("kind", &a.kind.label(a.out.lang.get())),
                    ],
                ),
                serde_json::json!({"round": a.round, "player": a.player, "kind": a.kind}),
            )
        }
        Command::Result(a) => result::run_result(a),
        Command::StartList(a) => {
            let (t, changed) = if a.apply {
                let args = serde_json::json!({});
                change(&a.state, "start-list", args, |t| {
                    let n = t.apply_start_list()?;
                    Ok((t.clone(), Some(n)))
                })?
            } else {
                (load_state(&a.state)?, None)
            };
            let list = t.start_list();
            let lang = a.out.lang.get();
            let mut text = t.start_list_text(lang);
            if let Some(n) = changed {
                text.push_str(&lang.fmt("tm-ranks-changed", &[("n", &n.to_string())]));
                text.push('\n');
            }
            print(
                &a.out,
                &text,
                &serde_json::json!({"frozen": t.start_list_frozen(), "players": list, "changed": changed}),
            )
        }
        Command::Forbid(a) => {
            let mut args = serde_json::json!({"players": a.players, "reason": a.reason});
            if let Some(r) = a.rounds {
                args["rounds"] = serde_json::json!([r.first, r.last]);
            }
            change(&a.state, "forbid", args, |t| {
                t.forbid_in(&a.players, a.reason.as_deref(), a.rounds)
            })?;
            let ids: Vec<String> = a.players.iter().map(u16::to_string).collect();
            let lang = a.out.lang.get();
            let text = match a.reason.as_deref() {
                Some(r) => lang.fmt(
                    "tm-forbidden-reason",
                    &[("players", &ids.join(", ")), ("reason", r)],
                ),
                None => lang.fmt("tm-forbidden", &[("players", &ids.join(", "))]),
            };
            done(
                &a.out,
                &text,
                serde_json::json!({"players": a.players, "reason": a.reason}),
            )
        }
        Command::Pairings(a) => {
            let t = load(&a.file)?;
            let list = arbiter::tournament::pairing_list::PairingList::new(&t, a.round)
                .with_context(|| a.file.display().to_string())?;
            let text = match a.format {
                ListFormat::Text => list.to_text(a.lang.get()),
                ListFormat::Csv => list.to_csv(),
                ListFormat::Json => format!("{}\n", serde_json::to_string(&list)?),
            };
            std::io::stdout().lock().write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Withdraw(a) => players::run_withdraw(a),
        Command::Disqualify(a) => players::run_disqualify(a),
        Command::Standings(a) => school::run_standings(a),
        Command::Category(a) => school::run_category(a),
        Command::Prizes(a) => school::run_prizes(a),
        Command::TeamResult(a) => school::run_team_result(a),
        Command::Diplomas(a) => school::run_diplomas(a),
        Command::Report(a) => report::run_report(a),
        Command::Publish(a) => publish::run_publish(a),
        Command::Crosstable(a) => {
            let (report, t) = report(&a.report)?;
            let table = t.result_table(a.report.after_round);
            let cross = Crosstable::new(report, &table);
            a.out
                .print(|lang| cross.to_text(lang), &cross, || cross.to_csv())
        }
        Command::Import(a) => {
            if !arbiter::tournament::record::is_free(&a.state) && !a.force {
                return Err(CliError::Exists {
                    file: a.state.display().to_string(),
                }
                .into());
            }
            let trf = Trf::read_tournament(&a.trf)?;
            let t = trf
                .to_tournament()
                .with_context(|| a.trf.display().to_string())?;
            let args = serde_json::json!({"trf": a.trf});
            let act = journal::Act::new(journal::Who::cli(), "import", args);
            journal::create::<anyhow::Error>(&a.state, act, &t)?;
            done(
                &a.out,
                &a.out.lang.get().fmt(
                    "tm-imported",
                    &[
                        ("file", &a.state.display().to_string()),
                        ("players", &t.players.len().to_string()),
                        ("paired", &t.paired_rounds().to_string()),
                        ("total", &t.total_rounds.to_string()),
                    ],
                ),
                serde_json::json!({"state": a.state, "players": t.players.len(), "rounds_paired": t.paired_rounds(), "total_rounds": t.total_rounds}),
            )
        }
        Command::TieBreaks(a) => rules::run_tie_breaks(a),
        Command::Acceleration(a) => rules::run_acceleration(a),
        Command::Log(a) => log::run_log(a),
        Command::Undo(a) => log::run_undo(a),
        Command::Backup(a) => {
            if a.copy.exists() {
                return Err(CliError::Exists {
                    file: a.copy.display().to_string(),
                }
                .into());
            }
            let db = event_path(&a.state)?;
            arbiter::tournament::record::backup(&db, &a.copy)?;
            let copy = a.copy.display().to_string();
            done(
                &a.out,
                &a.out
                    .lang
                    .get()
                    .fmt("tm-backup", &[("copy", copy.as_str())]),
                serde_json::json!({"copy": a.copy}),
            )
        }
        Command::Export(a) => export::run_export(a),
    }
}

fn done(out: &Output, text: &str, json: serde_json::Value) -> anyhow::Result<ExitCode> {
    let mut stdout = std::io::stdout().lock();
    match out.format {
        super::Format::Text => writeln!(stdout, "{text}")?,
        super::Format::Json => writeln!(stdout, "{json}")?,
    }
    Ok(ExitCode::SUCCESS)
}

fn print(out: &Output, text: &str, json: &impl serde::Serialize) -> anyhow::Result<ExitCode> {
    let mut stdout = std::io::stdout().lock();
    match out.format {
        super::Format::Text => write!(stdout, "{text}")?,
        super::Format::Json => writeln!(stdout, "{}", serde_json::to_string(json)?)?,
    }
    Ok(ExitCode::SUCCESS)
}
