//! Play-out adjudication (CR 4.3–4.5): a verdict from material and position when the
//! 5-minute play-out expires unfinished.
//!
//! [`adjudicate`] (or an [`Adjudicator`], which loads Syzygy tables once) applies these rules
//! in order; the first that decides wins, and every rule tried leaves one [`RuleTried`] line:
//!
//! 1. **already over by rule** — checkmate (Laws 5.1.1), stalemate (5.2.1), 75 moves (9.6.2),
//!    fivefold repetition (9.6.1, when the caller passes the repetition count);
//! 2. **dead position** (5.2.2) — neither side can mate by any series of legal moves
//!    ([`crate::laws::winnability`]) → draw;
//! 3. **Syzygy tablebases** when a directory is configured, the position has no castling
//!    rights and few enough pieces; cursed wins / blessed losses are draws unless
//!    [`AdjudicationConfig::cursed_wins_count`];
//! 4. **forced mate** within [`AdjudicationConfig::mate_plies`] plies for either side → win,
//!    with the mating line;
//! 5. **known drawn material** ([`patterns::DrawnPattern`]) → draw, once no capture is
//!    pending; after rule 6's exchanges, **pawn endings** ([`pawn_endings`]: K+P v K exactly,
//!    rule of the square, key squares, rook pawn, wrong bishop, connected and protected passed
//!    pawns, pawn races): a rule that decides settles it, its arbiter's call comes after rule 7;
//! 6. **material after exchanges** — a capture-only quiescence search settles pending captures
//!    (values [`PieceValues`], P1 N3 B3 R5 Q9 by default), so a queen about to be lost is not
//!    counted;
//! 7. **the event's lone-king rule** (CR 4.3): a material advantage of at least
//!    [`AdjudicationConfig::lone_king_margin`] against a lone king, or king and pawns, with
//!    mating potential → win;
//! 8. **material and position**: an advantage of at least [`AdjudicationConfig::win_margin`]
//!    with mating potential → win; at most [`AdjudicationConfig::draw_margin`] → draw; in
//!    between (or a win that rule 8 cannot confirm) → **arbiter's call** (`review`) with a
//!    recommendation and its reasons, never a silent guess.
//! 9. **engine** (optional, [`AdjudicationConfig::engine`]): a UCI engine's evaluation when
//!    rules 1–8 left the arbiter's call or a verdict by material ([`engine`]).
//!
//! At play-out expiry from a game, [`Adjudicator::adjudicate_game`] takes the game's
//! repetition history: a position already repeated is not adjudicated won (Laws 9.2).

pub mod engine;
mod expiry;
mod kpk;
pub mod patterns;
pub mod pawn_endings;
mod rules;
mod search;
mod small_pawns;
pub mod summary;
pub mod words;

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Serialize, Serializer};
use shakmaty::{Bitboard, ByColor, Chess, Color, KnownOutcome, Position};
use shakmaty_syzygy::Tablebase;

use crate::laws::Article;
use crate::laws::winnability::WinnabilityConfig;
use rules::Run;

/// Errors of the adjudication API (only the tablebase set-up can fail).
#[derive(Debug, thiserror::Error)]
pub enum AdjudicationError {
    /// The Syzygy directory could not be read.
    #[error("cannot read the syzygy directory {dir}")]
    SyzygyDirectory {
        /// The configured directory.
        dir: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The UCI engine of rule 9 is missing, cannot start or fails (see [`engine::EngineError`]).
    #[error(transparent)]
    Engine(#[from] engine::EngineError),
    /// The Syzygy directory holds no table file (`*.rtbw` / `*.rtbz`).
    #[error("syzygy directory {dir}: no tablebase files found")]
    NoTables {
        /// The configured directory.
        dir: PathBuf,
    },
}

/// Piece values for counting material (king not counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PieceValues {
    /// Pawn (default 1).
    pub pawn: i32,
    /// Knight (default 3).
    pub knight: i32,
    /// Bishop (default 3).
    pub bishop: i32,
    /// Rook (default 5).
    pub rook: i32,
    /// Queen (default 9).
    pub queen: i32,
}

impl Default for PieceValues {
    fn default() -> Self {
        PieceValues {
            pawn: 1,
            knight: 3,
            bishop: 3,
            rook: 5,
            queen: 9,
        }
    }
}

/// Thresholds and budgets of [`adjudicate`]; [`AdjudicationConfig::detsky_mat`] and
/// [`AdjudicationConfig::fide`] give the defaults of the two rule presets (the game layer maps
/// a preset to its configuration: `crate::game::preset::Preset::adjudication`).
///
/// | field | `detsky-mat` | `fide` |
/// |---|---|---|
/// | `mate_plies` | 5 (mate in 3) | 5 |
/// | `mate_nodes` | 200,000 | 200,000 |
/// | `qsearch_nodes` | 100,000 | 100,000 |
/// | `lone_king_rule` | on | on |
/// | `lone_king_margin` | 3 | 5 |
/// | `win_margin` | 3 | 5 |
/// | `draw_margin` | 1 | 1 |
/// | `cursed_wins_count` | false | false |
/// | values | P1 N3 B3 R5 Q9 | P1 N3 B3 R5 Q9 |
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjudicationConfig {
    /// The name of the rule preset the values came from, `detsky-mat` or `fide` (shown in the
    /// adjudication).
    pub preset: &'static str,
    /// Directory of Syzygy tables (rule 3); `None` skips the rule.
    pub syzygy_dir: Option<PathBuf>,
    /// Count tablebase cursed wins / blessed losses as decisive (default: draws, as
    /// cutechess-cli without `-tbignore50`).
    pub cursed_wins_count: bool,
    /// Rule 4: forced mate within this many plies (odd; 5 = mate in 3) for the side to move;
    /// the side to move being mated is searched to `mate_plies − 1`.
    pub mate_plies: u32,
    /// Node budget of the forced-mate search (per side).
    pub mate_nodes: u64,
    /// Node budget of the quiescence search.
    pub qsearch_nodes: u64,
    /// Rule 7 on or off.
    pub lone_king_rule: bool,
    /// Rule 7: least advantage (after exchanges) against a lone king or king and pawns.
    pub lone_king_margin: i32,
    /// Rule 8: least advantage (after exchanges) that wins when the side ahead has mating
    /// potential.
    pub win_margin: i32,
    /// Rule 8: largest advantage that is "roughly equal" (a draw).
    pub draw_margin: i32,
    /// Piece values.
    pub values: PieceValues,
    /// Budget of the dead-position test (rule 2) and of the winnability checks.
    pub winnability: WinnabilityConfig,
    /// Rule 9: an optional UCI engine (`None`: the rule is skipped; the default).
    pub engine: Option<engine::EngineConfig>,
}

impl AdjudicationConfig {
    /// The defaults of the `detsky-mat` preset (table above): the children's event of
    /// `competition-rules.md`, where a minor piece up with mating potential wins (CR 4.3).
    pub fn detsky_mat() -> Self {
        Self::with_margins("detsky-mat", 3, 3)
    }

    /// The defaults of the `fide` preset (table above): a conservative adjudication in the
    /// spirit of FIDE Guidelines III (a rook up wins).
    pub fn fide() -> Self {
        Self::with_margins("fide", 5, 5)
    }

    /// The shared defaults with the lone-king and win margins of a preset.
    fn with_margins(preset: &'static str, lone: i32, win: i32) -> Self {
        AdjudicationConfig {
            preset,
            syzygy_dir: None,
            cursed_wins_count: false,
            mate_plies: 5,
            mate_nodes: 200_000,
            qsearch_nodes: 100_000,
            lone_king_rule: true,
            lone_king_margin: lone,
            win_margin: win,
            draw_margin: 1,
            values: PieceValues::default(),
            winnability: WinnabilityConfig::quick(),
            engine: None,
        }
    }
}

impl Default for AdjudicationConfig {
    fn default() -> Self {
        Self::detsky_mat()
    }
}

/// The adjudication's decision: a result (shakmaty's [`KnownOutcome`]: a win or a draw), or
/// the arbiter's call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The engine decided.
    Decided(KnownOutcome),
    /// The arbiter decides; see [`Adjudication::recommendation`].
    Review,
}

impl Decision {
    /// `1-0`, `0-1`, `1/2-1/2` or `review`.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Decided(r) => r.as_str(),
            Decision::Review => "review",
        }
    }
}

impl Serialize for Decision {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Writes a result as PGN does: `1-0`, `0-1` or `1/2-1/2`.
fn outcome_as_str<S: Serializer>(outcome: &KnownOutcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(outcome.as_str())
}

/// Which rule decided (JSON: snake_case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Rule 1: checkmate on the board (Laws 5.1.1).
    Checkmate,
    /// Rule 1: stalemate (5.2.1).
    Stalemate,
    /// Rule 1: 75 moves without capture or pawn move (9.6.2).
    SeventyFiveMoves,
    /// Rule 1: fivefold repetition (9.6.1).
    FivefoldRepetition,
    /// Rule 2: dead position (5.2.2).
    DeadPosition,
    /// Rule 3: Syzygy tablebase.
    Tablebase,
    /// Rule 4: forced mate found.
    ForcedMate,
    /// Rule 5: known drawn material.
    KnownDraw,
    /// Rule 6 is a step, not a verdict; rule 7: a significant advantage against a lone king
    /// (CR 4.3) — the weaker side has nothing but its king, on the board as it stands.
    LoneKing,
    /// Rule 7 against king and pawns (CR 4.3: "a lone king, or king and pawn(s)"): the weaker
    /// side keeps pawns besides its king after the exchanges — never called a lone king.
    KingAndPawns,
    /// Rule 7 against a king left alone by the exchanges ([`Adjudication::exchange_line`]):
    /// the weaker side has pieces or pawns on the board as it stands, which the exchanges
    /// take off.
    LoneKingAfterExchanges,
    /// Rule 8: material and position.
    Material,
    /// Rule 5 after the exchanges: pawn-ending knowledge ([`pawn_endings::PawnRule`]).
    PawnEnding,
    /// Rule 9: the UCI engine's evaluation ([`engine`]).
    Engine,
}

impl Basis {
    /// The rule's label for text output in `lang` (`lone-king rule`, `forced mate`, …).
    pub fn label(self, lang: crate::i18n::Lang) -> String {
        lang.msg(self.message())
    }

    /// The identifier of the rule's label in `locales/*/arbiter.ftl`.
    pub fn message(self) -> &'static str {
        match self {
            Basis::Checkmate => "basis-checkmate",
            Basis::Stalemate => "basis-stalemate",
            Basis::SeventyFiveMoves => "basis-seventyfive-moves",
            Basis::FivefoldRepetition => "basis-fivefold-repetition",
            Basis::DeadPosition => "basis-dead-position",
            Basis::Tablebase => "basis-tablebase",
            Basis::ForcedMate => "basis-forced-mate",
            Basis::KnownDraw => "basis-known-draw",
            Basis::LoneKing => "basis-lone-king",
            Basis::KingAndPawns => "basis-king-and-pawns",
            Basis::LoneKingAfterExchanges => "basis-lone-king-after-exchanges",
            Basis::Material => "basis-material",
            Basis::PawnEnding => "basis-pawn-ending",
            Basis::Engine => "basis-engine",
        }
    }
}

/// Material in the configured values, per side (`{"white": …, "black": …}`).
pub type MaterialCount = ByColor<i32>;

/// Search figures (forced-mate and quiescence searches together).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SearchFigures {
    /// Nodes visited.
    pub nodes: u64,
    /// Forced-mate depth searched, in plies.
    pub depth: u32,
    /// True when a node limit stopped a search (its rule then decided nothing).
    pub limit_hit: bool,
}

/// The rule a line of the trace applies, written as in the trace: an [`Article`] and what
/// follows it, further article numbers or the configured thresholds (`Laws 5.2.2`,
/// `CR 4.3, mate_plies=5`, `Laws 5.1.1, 5.2.1, 9.6`). JSON: that text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleReference {
    /// The Laws article or competition rule applied.
    pub article: Article,
    /// The words that follow the article (`known drawn material`), as a message; not in JSON
    /// apart (the JSON text has them in English).
    pub detail_note: Option<crate::i18n::Note>,
    /// The settings after the article and its words (`, mate_plies=5`), and further articles
    /// (`; Laws 6.9`); empty for the article alone.
    pub detail: String,
}

impl RuleReference {
    /// The article alone, e.g. `Laws 5.2.2`.
    pub fn new(article: Article) -> Self {
        RuleReference {
            article,
            detail_note: None,
            detail: String::new(),
        }
    }

    /// The article and, after a comma, `detail`: `CR 4.3, mate_plies=5`.
    pub fn with(article: Article, detail: impl fmt::Display) -> Self {
        RuleReference {
            article,
            detail_note: None,
            detail: format!(", {detail}"),
        }
    }

    /// The article and, after a comma, the words of `note` (in English in JSON and `Display`;
    /// in the reader's language in [`RuleReference::text`]).
    pub fn with_note(article: Article, note: crate::i18n::Note) -> Self {
        RuleReference {
            article,
            detail_note: Some(note),
            detail: String::new(),
        }
    }

    /// The reference in `lang`: the article's name (`ПС 4.3`), the words of its note, then
    /// the settings as configured; in English, what `Display` writes.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        let words = self
            .detail_note
            .as_ref()
            .map_or(String::new(), |note| format!(", {}", note.text(lang)));
        format!(
            "{}{words}{}",
            self.article.label(lang),
            settings_text(&self.detail, lang)
        )
    }

    /// This reference and, after a semicolon, a further article in full:
    /// `CR 4.3–4.5, win_margin=3, draw_margin=1; Laws 6.9`.
    pub fn and(mut self, also: Article) -> Self {
        self.detail.push_str(&format!("; {also}"));
        self
    }
}

/// The settings of a reference (`, mate_plies=5; Laws 6.9`) in `lang`: each setting's name in
/// words (Fluent `adj-setting-NAME`: «глубина поиска мата, полуходов: 5»), a further article by
/// its name in `lang`. English is the text as it is (the names as configured).
fn settings_text(detail: &str, lang: crate::i18n::Lang) -> String {
    if lang == crate::i18n::Lang::En {
        return detail.to_string();
    }
    let part = |p: &str| -> String {
        let (name, value) = match p.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (p, None),
        };
        if crate::laws::article::fluent_id(name).is_some() {
            return crate::laws::article::text_in(name, lang);
        }
        match lang.try_fmt(&format!("adj-setting-{name}"), &[]) {
            Ok(words) => value.map_or(words.clone(), |v| format!("{words}: {v}")),
            Err(_) => p.to_string(),
        }
    };
    detail
        .split("; ")
        .map(|group| {
            group
                .split(", ")
                .map(|p| if p.is_empty() { String::new() } else { part(p) })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl fmt::Display for RuleReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

impl Serialize for RuleReference {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Compares with the text of the reference, e.g. `"Laws 9.6.1"`.
impl PartialEq<&str> for RuleReference {
    fn eq(&self, other: &&str) -> bool {
        let text = self.to_string();
        text == *other
    }
}

/// One line of the trace: a rule tried, its reference and what it found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleTried {
    /// Rule number in the order above (1–8).
    pub rule: u8,
    /// The Laws article or CR rule it applies, with its parameters, e.g. `Laws 5.2.2` or
    /// `CR 4.3, win_margin=3`.
    pub reference: RuleReference,
    /// Whether this rule decided.
    pub decided: bool,
    /// What it found, in English (the text of `note`).
    pub text: String,
    /// What it found as a message code and arguments (JSON: `code`, `args`), to be written in
    /// any language ([`crate::i18n::Note::text`]).
    #[serde(flatten)]
    pub note: crate::i18n::Note,
}

impl RuleTried {
    /// A rule's finding from its message (`text` is the message in English).
    pub fn from_note(
        rule: u8,
        reference: RuleReference,
        decided: bool,
        note: crate::i18n::Note,
    ) -> RuleTried {
        RuleTried {
            rule,
            reference,
            decided,
            text: note.text(crate::i18n::Lang::En),
            note,
        }
    }
}

/// The adjudication of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Adjudication {
    /// The position, as FEN.
    pub fen: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `review` (the arbiter's call).
    pub result: Decision,
    /// For `review`: the engine's recommended result; otherwise the result itself.
    #[serde(serialize_with = "outcome_as_str")]
    pub recommendation: KnownOutcome,
    /// The rule that decided (for `review`, the rule that handed it over).
    pub basis: Basis,
    /// The reference of that rule.
    pub article: RuleReference,
    /// The name of the preset whose thresholds were used (`detsky-mat` or `fide`).
    pub preset: &'static str,
    /// Material before any exchange.
    #[serde(with = "crate::laws::serde_color::by_color")]
    pub material_before: MaterialCount,
    /// Material after the quiescence search's exchanges (equal to `material_before` when
    /// rule 6 was not reached).
    #[serde(with = "crate::laws::serde_color::by_color")]
    pub material_after: MaterialCount,
    /// The exchange line of rule 6, in UCI.
    pub exchange_line: Vec<String>,
    /// The forced mate of rule 4, in UCI (empty otherwise).
    pub mating_line: Vec<String>,
    /// Mating potential per side (rule 7/8): Q, R, a pawn, B+N or two bishops on both colours.
    #[serde(with = "crate::laws::serde_color::by_color")]
    pub mating_potential: MatingPotential,
    /// Search figures.
    pub search: SearchFigures,
    /// One line per rule tried.
    pub reasons: Vec<RuleTried>,
    /// The pawn-ending rule that decided (`basis` `pawn_ending`), else `null`.
    pub pawn_rule: Option<pawn_endings::PawnRule>,
    /// The UCI engine's evaluation (rule 9) when an engine was consulted, else `null`.
    pub engine: Option<engine::EngineReport>,
    /// How many times the position has occurred in the game (1 when no history was given).
    pub repetitions: u32,
}

/// Mating potential per side (`{"white": …, "black": …}`), see [`has_mating_potential`].
pub type MatingPotential = ByColor<bool>;

/// Adjudicates positions with one configuration; holds the Syzygy tables when configured,
/// and the UCI engines of rule 9 between positions once started.
pub struct Adjudicator {
    config: AdjudicationConfig,
    tablebase: Option<Tablebase<Chess>>,
    engines: engine::EnginePool,
}

impl Adjudicator {
    /// Prepares the adjudicator; loads the Syzygy directory when one is configured.
    ///
    /// Errors: [`AdjudicationError::SyzygyDirectory`] when it cannot be listed,
    /// [`AdjudicationError::NoTables`] when it holds no table.
    pub fn new(config: AdjudicationConfig) -> Result<Self, AdjudicationError> {
        let tablebase = match &config.syzygy_dir {
            None => None,
            Some(dir) => Some(load_tablebase(dir)?),
        };
        if let Some(engine) = &config.engine {
            engine::check(engine)?;
        }
        Ok(Adjudicator {
            config,
            tablebase,
            engines: engine::EnginePool::default(),
        })
    }

    /// The configuration in use.
    pub fn config(&self) -> &AdjudicationConfig {
        &self.config
    }

    /// Adjudicates `pos` (repetition count unknown: taken as 1).
    pub fn adjudicate(&self, pos: &Chess) -> Adjudication {
        self.adjudicate_in_game(pos, 1)
    }

    /// Adjudicates `pos`, which has occurred `repetitions` times in the game (Laws 9.2.3
    /// identity), so that rule 1 can apply fivefold repetition (9.6.1).
    /// With a configured engine (rule 9), an engine failure is recorded in the reasons; use
    /// [`Adjudicator::adjudicate_game`] to have it as an error.
    pub fn adjudicate_in_game(&self, pos: &Chess, repetitions: u32) -> Adjudication {
        let (mut adj, engine) = self.rules_and_engine(pos, repetitions);
        if let Err(err) = engine {
            adj.reasons.push(RuleTried::from_note(
                9,
                expiry::engine_reference(),
                false,
                crate::i18n::Note::new("adj-engine-failed").arg("error", err),
            ));
        }
        adj
    }

    /// Adjudicates the last position of a game at play-out expiry (CR 4.3), `history` being
    /// the game's repetition history up to and including `pos` (Laws 9.2.3 identity): fivefold
    /// repetition ends it (9.6.1); a position that has already occurred is not adjudicated a
    /// win — the arbiter's call, recommended a draw when the defender on move can claim a
    /// threefold repetition (9.2.1, 9.2.2). Then the engine rule (9) when configured.
    ///
    /// Errors: [`AdjudicationError::Engine`] when the configured engine fails.
    pub fn adjudicate_game(
        &self,
        pos: &Chess,
        history: &crate::laws::draw::RepetitionHistory,
    ) -> Result<Adjudication, AdjudicationError> {
        let repetitions =
            u32::try_from(history.count(crate::laws::draw::position_key(pos))).unwrap_or(u32::MAX);
        let (mut adj, engine) = self.rules_and_engine(pos, repetitions);
        engine?;
        expiry::repetition_rule(pos, history, &mut adj);
        Ok(adj)
    }

    /// Rules 1–8 on `pos`, seen `repetitions` times (at least once), then the engine rule (9)
    /// when configured: the adjudication and the engine's failure, if any.
    fn rules_and_engine(
        &self,
        pos: &Chess,
        repetitions: u32,
    ) -> (Adjudication, Result<(), engine::EngineError>) {
        let repetitions = repetitions.max(1);
        let mut adj = Run::new(self, pos).adjudicate(repetitions);
        adj.repetitions = repetitions;
        let engine = expiry::engine_rule(&self.config, &self.engines, pos, &mut adj);
        (adj, engine)
    }
}

fn load_tablebase(dir: &Path) -> Result<Tablebase<Chess>, AdjudicationError> {
    let mut tb = Tablebase::new();
    let n = tb
        .add_directory(dir)
        .map_err(|source| AdjudicationError::SyzygyDirectory {
            dir: dir.to_path_buf(),
            source,
        })?;
    if n == 0 {
        return Err(AdjudicationError::NoTables {
            dir: dir.to_path_buf(),
        });
    }
    Ok(tb)
}

/// Adjudicates `pos` with `config` (play-out expiry, CR 4.3). When the configured Syzygy
/// directory cannot be loaded, rule 3 records the error in its reason line and the other
/// rules still apply; use [`Adjudicator::new`] to treat that as an error instead.
pub fn adjudicate(pos: &Chess, config: &AdjudicationConfig) -> Adjudication {
    match Adjudicator::new(config.clone()) {
        Ok(adjudicator) => adjudicator.adjudicate(pos),
        Err(err) => {
            let without = AdjudicationConfig {
                syzygy_dir: None,
                ..config.clone()
            };
            let adjudicator = Adjudicator {
                config: without,
                tablebase: None,
                engines: engine::EnginePool::default(),
            };
            let mut run = Run::new(&adjudicator, pos);
            run.tablebase_error = Some(err.to_string());
            run.adjudicate(1)
        }
    }
}

/// Q, R, a pawn, B+N, or bishops on both colours.
pub fn has_mating_potential(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(color);
    if (ours & (board.queens() | board.rooks() | board.pawns())).any() {
        return true;
    }
    let bishops = ours & board.bishops();
    let knights = ours & board.knights();
    let both_colours =
        (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any();
    both_colours || (bishops.any() && knights.any())
}

impl fmt::Display for Adjudication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "position:       {}", self.fen)?;
        match self.result {
            Decision::Review => writeln!(
                f,
                "result:         review (arbiter's call; recommended {})",
                self.recommendation
            )?,
            Decision::Decided(r) => writeln!(f, "result:         {r}")?,
        }
        writeln!(
            f,
            "basis:          {} ({})",
            self.basis.label(crate::i18n::Lang::En),
            self.article
        )?;
        writeln!(
            f,
            "material:       {}–{} before, {}–{} after exchanges",
            self.material_before.white,
            self.material_before.black,
            self.material_after.white,
            self.material_after.black
        )?;
        if !self.mating_line.is_empty() {
            writeln!(f, "mating line:    {}", self.mating_line.join(" "))?;
        }
        if let Some(rule) = self.pawn_rule {
            writeln!(f, "pawn ending:    {}", rule.label(crate::i18n::Lang::En))?;
        }
        if let Some(e) = &self.engine {
            writeln!(
                f,
                "engine:         {} {} (depth {}, {} nodes), line {}",
                e.name,
                e.score,
                e.depth,
                e.nodes,
                e.pv_san.join(" ")
            )?;
        }
        if self.repetitions > 1 {
            writeln!(
                f,
                "repetitions:    {} occurrences in the game",
                self.repetitions
            )?;
        }
        writeln!(
            f,
            "search:         {} nodes, mate depth {} plies{}",
            self.search.nodes,
            self.search.depth,
            if self.search.limit_hit {
                ", limit hit"
            } else {
                ""
            }
        )?;
        for r in &self.reasons {
            writeln!(
                f,
                "  rule {} [{}] {}: {}",
                r.rule,
                r.reference,
                if r.decided { "decided" } else { "-" },
                r.text
            )?;
        }
        Ok(())
    }
}
