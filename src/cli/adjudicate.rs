//! `arbiter adjudicate`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter::adjudicate::engine::{EngineConfig, EngineLimit};
use arbiter::adjudicate::patterns::DrawnPattern;
use arbiter::adjudicate::{Adjudication, AdjudicationConfig, Adjudicator};
use arbiter::formats::input::{
    GameFormat, GameInput, GameReadError, InputError, JudgeFailure, Source,
};
use arbiter::game::judge::JudgeOptions;
use arbiter::game::rules::CompetitionRules;
use arbiter::game::setup::position_from_fen;
use arbiter::game::verdict::{Verdict, count_of};
use arbiter::i18n::Lang;
use serde::Serialize;

use super::judge::{game_format, input_reason};
use super::{InputArgs, PresetArgs, PresetName};
use arbiter::laws::draw::{RepetitionHistory, position_key};
use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Arguments of `arbiter adjudicate`.
#[derive(clap::Args)]
#[command(mut_arg("preset", |a| a.help("Threshold preset (`detsky-mat`, the default, or `fide`); game files are judged under its rules too")))]
pub struct AdjudicateArgs {
    /// The position to adjudicate, as FEN.
    #[arg(long, required_unless_present_any = ["list_rules", "rules", "games"])]
    pub fen: Option<String>,
    /// Game files instead of `--fen`: PGN games or JSONL event logs (by extension, else by
    /// content; `-` for stdin). Each game is replayed by the judge and its last position
    /// adjudicated with the game's repetition history (one result per game).
    #[arg(conflicts_with = "fen", value_name = "FILE")]
    pub games: Vec<PathBuf>,
    /// Directory of Syzygy tablebase files (rule 3); without it the rule is skipped.
    #[arg(long, value_name = "DIR")]
    pub syzygy: Option<PathBuf>,
    /// Threshold preset (help text: the `mut_arg` above).
    #[command(flatten)]
    pub preset: PresetArgs,
    #[command(flatten)]
    pub input: InputArgs,
    /// Override: least advantage that wins with mating potential (rule 8).
    #[arg(long)]
    pub win_margin: Option<i32>,
    /// Override: largest advantage that is still a draw (rule 8).
    #[arg(long)]
    pub draw_margin: Option<i32>,
    /// Override: least advantage that wins against a lone king or king and pawns (rule 7).
    #[arg(long)]
    pub lone_king_margin: Option<i32>,
    /// Override: forced-mate search depth in plies (rule 4; 5 = mate in 3), 1 to 15: the
    /// search has no repetition test, so a deeper one could run for ever in a perpetual check.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=15))]
    pub mate_plies: Option<u32>,
    /// Count tablebase cursed wins / blessed losses as decisive.
    #[arg(long)]
    pub cursed_wins_count: bool,
    /// A UCI engine (e.g. `/usr/games/stockfish`) as rule 9: consulted when rules 1–8 leave
    /// the arbiter's call or a verdict by material alone; its evaluation and line are reported.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
    /// Engine limit: nodes per position (default 1,000,000 when no limit is given).
    #[arg(
        long,
        value_name = "N",
        requires = "engine",
        conflicts_with = "engine_movetime"
    )]
    pub engine_nodes: Option<u64>,
    /// Engine limit: milliseconds per position.
    #[arg(long, value_name = "MS", requires = "engine")]
    pub engine_movetime: Option<u64>,
    /// Print the adjudication rules and the thresholds in force, and exit.
    #[arg(long)]
    pub list_rules: bool,
    /// Old spelling of `--list-rules` (kept for one release).
    #[arg(long, hide = true)]
    pub rules: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: super::Format,
    #[command(flatten)]
    pub lang: super::LangArgs,
}

fn config_from(args: &AdjudicateArgs) -> AdjudicationConfig {
    let mut config = args.preset.or(PresetName::DetskyMat).adjudication();
    config.syzygy_dir = args.syzygy.clone();
    config.cursed_wins_count = args.cursed_wins_count;
    if let Some(v) = args.win_margin {
        config.win_margin = v;
    }
    if let Some(v) = args.draw_margin {
        config.draw_margin = v;
    }
    if let Some(v) = args.lone_king_margin {
        config.lone_king_margin = v;
    }
    if let Some(v) = args.mate_plies {
        config.mate_plies = v;
    }
    if let Some(path) = &args.engine {
        let limit = match (args.engine_movetime, args.engine_nodes) {
            (Some(ms), _) => EngineLimit::MoveTime(ms),
            (None, n) => EngineLimit::Nodes(n.unwrap_or(1_000_000)),
        };
        config.engine = Some(EngineConfig::new(path.clone(), limit));
    }
    config
}

fn rules_text(config: &AdjudicationConfig, lang: Lang) -> Vec<(u8, String)> {
    let n = |v: &dyn std::fmt::Display| v.to_string();
    let dir = config.syzygy_dir.as_ref().map_or_else(
        || lang.msg("adj-list-3-no-dir"),
        |d| d.display().to_string(),
    );
    let yes = |b: bool| if b { "yes" } else { "no" };
    let patterns: Vec<String> = DrawnPattern::ALL
        .iter()
        .map(|p| lang.msg(&format!("pattern-{}", p.code())))
        .collect();
    let v = &config.values;
    vec![
        (1, lang.msg("adj-list-1")),
        (2, lang.msg("adj-list-2")),
        (
            3,
            lang.fmt(
                "adj-list-3",
                &[("dir", &dir), ("cursed", yes(config.cursed_wins_count))],
            ),
        ),
        (
            4,
            lang.fmt("adj-list-4", &[("plies", &n(&config.mate_plies))]),
        ),
        (
            5,
            lang.fmt("adj-list-5", &[("patterns", &patterns.join("; "))]),
        ),
        (
            6,
            lang.fmt(
                "adj-list-6",
                &[
                    ("p", &n(&v.pawn)),
                    ("n", &n(&v.knight)),
                    ("b", &n(&v.bishop)),
                    ("r", &n(&v.rook)),
                    ("q", &n(&v.queen)),
                ],
            ),
        ),
        (
            7,
            lang.fmt(
                "adj-list-7",
                &[
                    ("on", yes(config.lone_king_rule)),
                    ("margin", &n(&config.lone_king_margin)),
                ],
            ),
        ),
        (
            8,
            lang.fmt(
                "adj-list-8",
                &[
                    ("win", &n(&config.win_margin)),
                    ("draw", &n(&config.draw_margin)),
                ],
            ),
        ),
        (
            9,
            match &config.engine {
                None => lang.msg("adj-list-9-none"),
                Some(e) => lang.fmt(
                    "adj-list-9",
                    &[
                        ("path", &e.path.display().to_string()),
                        ("win", &n(&e.win_cp)),
                        ("draw", &n(&e.draw_cp)),
                    ],
                ),
            },
        ),
    ]
}

/// Runs `arbiter adjudicate`.
pub fn run_adjudicate(args: AdjudicateArgs) -> anyhow::Result<ExitCode> {
    let config = config_from(&args);
    if args.list_rules || args.rules {
        let lang = args.lang.get();
        let rules = rules_text(&config, lang);
        match args.format {
            super::Format::Text => {
                let mut out = std::io::stdout().lock();
                writeln!(
                    out,
                    "{}",
                    lang.fmt("adj-list-title", &[("preset", config.preset)])
                )?;
                for (n, text) in rules {
                    writeln!(out, "{n}. {text}")?;
                }
            }
            super::Format::Json => {
                // JSON is the same in every language.
                let list: Vec<_> = rules_text(&config, Lang::En)
                    .into_iter()
                    .map(|(rule, text)| serde_json::json!({ "rule": rule, "text": text }))
                    .collect();
                writeln!(
                    std::io::stdout(),
                    "{}",
                    serde_json::json!({ "preset": config.preset, "rules": list })
                )?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if !args.games.is_empty() {
        let adjudicator = Adjudicator::new(config)?;
        return adjudicate_games(&args, &adjudicator);
    }
    let lang = args.lang.get();
    let fen = args.fen.as_deref().with_context(|| match lang {
        Lang::En => "--fen or a game file is required".to_string(),
        _ => lang.msg("adj-nothing-given"),
    })?;
    for w in arbiter::game::setup::fen_warnings(fen) {
        note!(
            "{}",
            lang.fmt("adj-fen-warning", &[("warning", &w.describe(lang))])
        );
    }
    let pos = position_from_fen(fen).map_err(|e| anyhow::anyhow!(e.message(lang)))?;
    let adjudicator = Adjudicator::new(config)?;
    let history = RepetitionHistory::new(position_key(&pos));
    let adjudication = adjudicator.adjudicate_game(&pos, &history)?;
    match args.format {
        // A closed pipe (`| head`) is an error main() ends quietly on, never a panic.
        super::Format::Text => write!(std::io::stdout(), "{}", adjudication.summary(lang))?,
        super::Format::Json => writeln!(
            std::io::stdout(),
            "{}",
            serde_json::to_string(&adjudication)?
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// One game's adjudication in the JSON Lines output of `arbiter adjudicate FILE...`.
#[derive(Serialize)]
struct GameOutput<'a> {
    file: String,
    index: usize,
    #[serde(flatten)]
    adjudication: &'a Adjudication,
}

/// The last position of a judged game; an irregular board (an illegal move played on) has none.
/// The refusal in `lang`.
fn final_position(verdict: &Verdict, lang: Lang) -> anyhow::Result<Chess> {
    if verdict.irregular_position {
        if lang == Lang::En {
            anyhow::bail!(
                "the final position is irregular ({}): nothing to adjudicate",
                verdict.final_fen
            );
        }
        anyhow::bail!(lang.fmt("adj-irregular", &[("fen", &verdict.final_fen.to_string())]));
    }
    if verdict.moves_not_judged > 0 {
        if lang != Lang::En {
            let first = verdict.record_problems.first();
            anyhow::bail!(lang.fmt(
                "adj-unreadable-record",
                &[
                    ("ply", &first.map_or(String::new(), |p| p.ply.to_string())),
                    ("move", &first.map_or(String::new(), |p| p.notation.clone())),
                    ("n", &verdict.moves_not_judged.to_string()),
                ],
            ));
        }
        let at = verdict
            .record_problems
            .first()
            .map_or_else(String::new, |p| {
                format!(" at ply {} ({})", p.ply, p.notation)
            });
        anyhow::bail!(
            "the record cannot be read{at}: {} not judged, so its last position is unknown",
            count_of(verdict.moves_not_judged as usize, "move", "moves")
        );
    }
    let setup: Fen = verdict.final_fen.clone();
    // A Chess960 game's final position may need its castling mode.
    let mode = CastlingMode::detect(setup.as_setup());
    setup
        .into_position(mode)
        .with_context(|| format!("final position {}", verdict.final_fen))
}

/// Judges every game of every file with the preset's competition rules and adjudicates its
/// last position. Exit status 1 when some game could not be read or had no legal position.
fn adjudicate_games(args: &AdjudicateArgs, adjudicator: &Adjudicator) -> anyhow::Result<ExitCode> {
    let rules = CompetitionRules::preset(args.preset.or(PresetName::DetskyMat));
    let options = JudgeOptions::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let lang = args.lang.get();
    for path in &args.games {
        let name = path.display().to_string();
        let verdicts = match judge_file(path, args.input, rules, options, lang) {
            Ok(v) => v,
            Err(e) if lang == Lang::En => {
                eprintln!("arbiter: {name}: {e:#}");
                failed = true;
                continue;
            }
            Err(e) => {
                let reason = super::errors::error_text(&e, lang);
                eprintln!(
                    "arbiter: {name}: {}",
                    reason.trim_start_matches(&format!("{name}: "))
                );
                failed = true;
                continue;
            }
        };
        for (index, verdict) in verdicts {
            let adjudication = match verdict.and_then(|v| {
                let pos = final_position(&v, lang)?;
                Ok(adjudicator.adjudicate_game(&pos, &v.repetition_history)?)
            }) {
                Ok(adjudication) => adjudication,
                Err(e) if lang == Lang::En => {
                    eprintln!("arbiter: {name}: game {index}: {e:#}");
                    failed = true;
                    continue;
                }
                Err(e) => {
                    let head = lang.fmt(
                        "adj-game",
                        &[("file", &name), ("index", &index.to_string())],
                    );
                    eprintln!("arbiter: {head} {}", super::errors::error_text(&e, lang));
                    failed = true;
                    continue;
                }
            };
            match args.format {
                super::Format::Text => {
                    let head = lang.fmt(
                        "adj-game",
                        &[("file", &name), ("index", &index.to_string())],
                    );
                    write!(out, "{head}\n{}", adjudication.summary(lang))?
                }
                super::Format::Json => {
                    let row = GameOutput {
                        file: name.clone(),
                        index,
                        adjudication: &adjudication,
                    };
                    serde_json::to_writer(&mut out, &row)?;
                    writeln!(out)?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The judge's verdict on every game of a PGN file or JSONL event log (1-based game numbers);
/// what cannot be read or judged said in `lang`.
fn judge_file(
    path: &std::path::Path,
    input: InputArgs,
    rules: CompetitionRules,
    options: JudgeOptions,
    lang: Lang,
) -> anyhow::Result<Vec<(usize, anyhow::Result<Verdict>)>> {
    use arbiter::formats::messages::{game_read_text, judge_error_text};
    let input = GameInput::open(
        &Source::from_arg(path),
        game_format(input.input),
        arbiter::board::looks_like_board_log,
    )
    .map_err(|e| match e {
        // The system's reason, written in the event's language by `main`.
        InputError::Open { source, .. } | InputError::Read { source, .. } => {
            anyhow::Error::new(source)
        }
        other => anyhow::anyhow!(input_reason(&other, lang)),
    })?;
    if input.format() == GameFormat::BoardLog {
        anyhow::bail!(match lang {
            Lang::En => "a digital board log: adjudicate its PGN or event log".to_string(),
            _ => lang.msg("adj-board-log"),
        });
    }
    let mut verdicts = Vec::new();
    for game in input {
        let verdict = match game {
            Ok(game) => match game.record.judge(Some(rules), options) {
                Ok(verdict) => Ok(verdict),
                Err(JudgeFailure::Event { line, error }) if lang != Lang::En => {
                    Err(anyhow::anyhow!(lang.fmt(
                        "adj-event-line",
                        &[
                            ("line", &line.to_string()),
                            ("reason", &judge_error_text(&error, lang)),
                        ],
                    )))
                }
                Err(JudgeFailure::Pgn(error)) if lang != Lang::En => {
                    Err(anyhow::anyhow!(judge_error_text(&error, lang)))
                }
                Err(JudgeFailure::BoardLog) if lang != Lang::En => {
                    Err(anyhow::anyhow!(lang.msg("adj-board-log")))
                }
                Err(JudgeFailure::Event { line, error }) => {
                    Err(anyhow::anyhow!("line {line}: {error}"))
                }
                Err(JudgeFailure::Pgn(error)) => Err(error.into()),
                Err(e @ JudgeFailure::BoardLog) => Err(e.into()),
            },
            // The file and the game are named before the reason.
            Err(e) if lang != Lang::En => {
                let text = game_read_text(&e, lang);
                Err(anyhow::anyhow!(reason_after_game(&text).to_string()))
            }
            Err(GameReadError::Pgn { source, .. }) => Err(source.into()),
            Err(GameReadError::Jsonl { source, .. }) => Err(source.into()),
            Err(GameReadError::BoardLog { source, .. }) => Err(source.into()),
        };
        verdicts.push((verdicts.len() + 1, verdict));
    }
    if verdicts.is_empty() {
        anyhow::bail!(match lang {
            Lang::En => "no game in the file".to_string(),
            _ => lang.fmt("fe-no-game", &[("file", &path.display().to_string())]),
        });
    }
    Ok(verdicts)
}

/// A game's reading error without the file and game that [`game_read_text`] names first
/// (`f.pgn: партия 1 (с байта 0): запись не читается` → `запись не читается`): the caller
/// names them.
///
/// [`game_read_text`]: arbiter::formats::messages::game_read_text
fn reason_after_game(text: &str) -> &str {
    text.split_once("): ").map_or(text, |(_, reason)| reason)
}
