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
//! 5. **known drawn material** ([`patterns::DrawnPattern`]) → draw;
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

pub mod patterns;
mod search;

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Serialize, Serializer};
use shakmaty::{
    Bitboard, ByColor, Chess, Color, EnPassantMode, KnownOutcome, Move, Position, Rank, fen::Fen,
};
use shakmaty_syzygy::{AmbiguousWdl, Tablebase};

use crate::laws::Article;
use crate::laws::winnability::{self, Winnability, WinnabilityConfig, WinnabilityReport};
use patterns::DrawnPattern;
use search::Counter;

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
        }
    }
}

impl Default for AdjudicationConfig {
    fn default() -> Self {
        Self::detsky_mat()
    }
}

/// Whether White and Black can still mate in `pos` (the configured winnability budget), and
/// whether the position is dead (Laws 5.2.2: neither can).
fn mating_chances(
    pos: &Chess,
    config: &AdjudicationConfig,
) -> (WinnabilityReport, WinnabilityReport, bool) {
    let white = winnability::can_mate_with(pos, Color::White, &config.winnability);
    let black = winnability::can_mate_with(pos, Color::Black, &config.winnability);
    let dead = white.verdict == Winnability::Unwinnable && black.verdict == Winnability::Unwinnable;
    (white, black, dead)
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
    /// Rule 6 is a step, not a verdict; rule 7: the lone-king rule (CR 4.3).
    LoneKing,
    /// Rule 8: material and position.
    Material,
}

/// Material in the configured values, per side (`{"white": …, "black": …}`).
pub type MaterialCount = ByColor<i32>;

/// Material of both sides in `values`.
fn material_count(pos: &Chess, values: &PieceValues) -> MaterialCount {
    ByColor {
        white: search::material(pos, Color::White, values),
        black: search::material(pos, Color::Black, values),
    }
}

/// White's material minus Black's.
fn balance(count: &MaterialCount) -> i32 {
    count.white - count.black
}

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

/// One line of the trace: a rule tried, its reference and what it found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleTried {
    /// Rule number in the order above (1–8).
    pub rule: u8,
    /// The Laws article, CR rule or parameter it applies, e.g. `Laws 5.2.2` or
    /// `CR 4.3, win_margin=3`.
    pub reference: String,
    /// Whether this rule decided.
    pub decided: bool,
    /// What it found.
    pub text: String,
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
    pub article: String,
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
}

/// Mating potential per side (`{"white": …, "black": …}`), see [`has_mating_potential`].
pub type MatingPotential = ByColor<bool>;

/// Adjudicates positions with one configuration; holds the Syzygy tables when configured.
pub struct Adjudicator {
    config: AdjudicationConfig,
    tablebase: Option<Tablebase<Chess>>,
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
        Ok(Adjudicator { config, tablebase })
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
    pub fn adjudicate_in_game(&self, pos: &Chess, repetitions: u32) -> Adjudication {
        Run::new(self, pos).adjudicate(repetitions)
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
            };
            let mut run = Run::new(&adjudicator, pos);
            run.tablebase_error = Some(err.to_string());
            run.adjudicate(1)
        }
    }
}

/// The reference of rule 5's reason lines.
const KNOWN_DRAW_REFERENCE: &str = "CR 4.3, known drawn material";

/// One adjudication in progress.
struct Run<'a> {
    adjudicator: &'a Adjudicator,
    pos: &'a Chess,
    reasons: Vec<RuleTried>,
    search: SearchFigures,
    material_after: MaterialCount,
    exchange_line: Vec<String>,
    mating_line: Vec<String>,
    tablebase_error: Option<String>,
}

/// A line of moves from `pos` in UCI, castling written as the position's castling mode wants
/// (king to rook in Chess960, `e1g1` in standard chess).
fn uci(pos: &Chess, moves: &[Move]) -> Vec<String> {
    let mode = pos.castles().mode();
    moves.iter().map(|m| m.to_uci(mode).to_string()).collect()
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

impl<'a> Run<'a> {
    fn new(adjudicator: &'a Adjudicator, pos: &'a Chess) -> Self {
        let values = adjudicator.config.values;
        Run {
            adjudicator,
            pos,
            reasons: Vec::new(),
            search: SearchFigures::default(),
            material_after: material_count(pos, &values),
            exchange_line: Vec::new(),
            mating_line: Vec::new(),
            tablebase_error: None,
        }
    }

    fn note(
        &mut self,
        rule: u8,
        reference: impl Into<String>,
        decided: bool,
        text: impl Into<String>,
    ) {
        self.reasons.push(RuleTried {
            rule,
            reference: reference.into(),
            decided,
            text: text.into(),
        });
    }

    fn finish(self, result: Decision, recommendation: KnownOutcome, basis: Basis) -> Adjudication {
        let config = &self.adjudicator.config;
        let article = self
            .reasons
            .iter()
            .rev()
            .find(|r| r.decided)
            .or(self.reasons.last())
            .map(|r| r.reference.clone())
            .unwrap_or_default();
        Adjudication {
            fen: Fen::from_position(self.pos, EnPassantMode::Legal).to_string(),
            result,
            recommendation,
            basis,
            article,
            preset: config.preset,
            material_before: material_count(self.pos, &config.values),
            material_after: self.material_after,
            exchange_line: self.exchange_line,
            mating_line: self.mating_line,
            mating_potential: ByColor {
                white: has_mating_potential(self.pos, Color::White),
                black: has_mating_potential(self.pos, Color::Black),
            },
            search: self.search,
            reasons: self.reasons,
        }
    }

    fn decided(self, result: KnownOutcome, basis: Basis) -> Adjudication {
        self.finish(Decision::Decided(result), result, basis)
    }

    fn adjudicate(mut self, repetitions: u32) -> Adjudication {
        let pos = self.pos;
        let config = self.adjudicator.config.clone();

        // Rule 1: already over by rule.
        if pos.is_checkmate() {
            let winner = !pos.turn();
            self.note(
                1,
                Article::Laws("5.1.1").to_string(),
                true,
                format!("{winner:?} has checkmated"),
            );
            return self.decided(KnownOutcome::Decisive { winner }, Basis::Checkmate);
        }
        if pos.is_stalemate() {
            self.note(1, Article::Laws("5.2.1").to_string(), true, "stalemate");
            return self.decided(KnownOutcome::Draw, Basis::Stalemate);
        }
        if repetitions >= 5 {
            self.note(
                1,
                Article::Laws("9.6.1").to_string(),
                true,
                format!("position occurred {repetitions} times"),
            );
            return self.decided(KnownOutcome::Draw, Basis::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            self.note(
                1,
                Article::Laws("9.6.2").to_string(),
                true,
                format!("{} plies without capture or pawn move", pos.halfmoves()),
            );
            return self.decided(KnownOutcome::Draw, Basis::SeventyFiveMoves);
        }
        self.note(
            1,
            "Laws 5.1.1, 5.2.1, 9.6",
            false,
            "the game is not over by rule",
        );

        // Rule 2: dead position.
        let (white, black, dead) = mating_chances(pos, &config);
        if dead {
            self.note(
                2,
                Article::Laws("5.2.2").to_string(),
                true,
                "dead position: neither side can mate by any series of legal moves",
            );
            return self.decided(KnownOutcome::Draw, Basis::DeadPosition);
        }
        self.note(
            2,
            Article::Laws("5.2.2").to_string(),
            false,
            format!(
                "not dead: White {}, Black {}",
                white.verdict.label(),
                black.verdict.label()
            ),
        );

        // Rule 3: tablebases.
        if let Some(result) = self.tablebase(&config) {
            return self.decided(result, Basis::Tablebase);
        }

        // Rule 4: forced mate for either side: the side to move mating, then being mated.
        self.search.depth = config.mate_plies;
        let mover = pos.turn();
        let reference = format!("CR 4.3, mate_plies={}", config.mate_plies);
        let defender_plies = config.mate_plies.saturating_sub(1);
        let mut limit_hit = false;
        for (winner, plies) in [(mover, config.mate_plies), (!mover, defender_plies)] {
            let mut counter = Counter::new(config.mate_nodes);
            let line = if winner == mover {
                search::forced_mate(pos, plies, &mut counter)
            } else if plies >= 2 {
                search::forced_mated(pos, plies, &mut counter)
            } else {
                None
            };
            self.record_counter(&counter);
            limit_hit |= counter.limit_hit;
            if let Some(line) = line {
                self.mating_line = uci(pos, &line);
                let how = if winner == mover { "mates" } else { "is mated" };
                self.note(
                    4,
                    reference,
                    true,
                    format!(
                        "{mover:?} {how} by force in {} plies: {}",
                        line.len(),
                        self.mating_line.join(" ")
                    ),
                );
                return self.decided(KnownOutcome::Decisive { winner }, Basis::ForcedMate);
            }
        }
        let incomplete = if limit_hit {
            " (node limit hit: search incomplete)"
        } else {
            ""
        };
        self.note(
            4,
            reference,
            false,
            format!(
                "no forced mate within {} plies{incomplete}",
                config.mate_plies
            ),
        );

        // Rule 5: known drawn material.
        if let Some(pattern) = patterns::drawn_pattern(pos) {
            self.note(5, KNOWN_DRAW_REFERENCE, true, pattern.describe());
            return self.known_draw(pattern);
        }
        self.note(5, KNOWN_DRAW_REFERENCE, false, "no known drawn pattern");

        // Rule 6: settle pending exchanges.
        let mut qcounter = Counter::new(config.qsearch_nodes);
        let (_, line) = search::quiescence(pos, &config.values, &mut qcounter);
        self.search.nodes += qcounter.nodes;
        self.search.limit_hit |= qcounter.limit_hit;
        let mut settled = pos.clone();
        for m in &line {
            settled.play_unchecked(*m);
        }
        let before = material_count(pos, &config.values);
        let after = material_count(&settled, &config.values);
        self.material_after = after;
        self.exchange_line = uci(pos, &line);
        self.note(
            6,
            "CR 4.3, values P1 N3 B3 R5 Q9 (configurable)",
            false,
            format!(
                "material {}–{} (balance {:+}), after exchanges {}–{} (balance {:+}){}",
                before.white,
                before.black,
                balance(&before),
                after.white,
                after.black,
                balance(&after),
                if line.is_empty() {
                    String::new()
                } else {
                    format!(" via {}", self.exchange_line.join(" "))
                }
            ),
        );
        // The exchanges may leave a position that rules 2 and 5 settle (B×P leaving K+B v K,
        // N×Q leaving K+N+N v K): apply them again to the position after the exchange line,
        // and judge mating chances there.
        let (white, black) = if line.is_empty() {
            (white, black)
        } else {
            let (white, black, dead) = mating_chances(&settled, &config);
            let via = self.exchange_line.join(" ");
            if dead {
                self.note(
                    2,
                    Article::Laws("5.2.2").to_string(),
                    true,
                    format!("after the exchanges {via}: dead position, neither side can mate"),
                );
                return self.decided(KnownOutcome::Draw, Basis::DeadPosition);
            }
            if let Some(pattern) = patterns::drawn_pattern(&settled) {
                self.note(
                    5,
                    KNOWN_DRAW_REFERENCE,
                    true,
                    format!("after the exchanges {via}: {}", pattern.describe()),
                );
                return self.known_draw(pattern);
            }
            (white, black)
        };
        let balance = balance(&after);
        let ahead = if balance >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let margin = balance.abs();
        let ahead_can_mate = match ahead {
            Color::White => &white.verdict,
            Color::Black => &black.verdict,
        } != &Winnability::Unwinnable;
        let potential = has_mating_potential(&settled, ahead);

        // Rule 7: the lone-king rule.
        let behind_only_pawns = {
            let b = settled.board();
            let theirs = b.by_color(!ahead);
            theirs == theirs & (b.kings() | b.pawns())
        };
        let lone_ref = format!("CR 4.3, lone_king_margin={}", config.lone_king_margin);
        if config.lone_king_rule && margin > 0 && behind_only_pawns {
            if margin >= config.lone_king_margin && potential && ahead_can_mate {
                self.note(
                    7,
                    lone_ref,
                    true,
                    format!("{ahead:?} is {margin} up against a lone king (or king and pawns) with mating potential"),
                );
                return self.decided(KnownOutcome::Decisive { winner: ahead }, Basis::LoneKing);
            }
            self.note(7, lone_ref, false, format!("{:?} has only king and pawns, but the margin {margin} or mating potential is not enough", !ahead));
        } else {
            self.note(
                7,
                lone_ref,
                false,
                "no lone king (or king and pawns only) facing an advantage",
            );
        }

        // Rule 8: material and position.
        let reference = format!(
            "CR 4.3–4.5, win_margin={}, draw_margin={}",
            config.win_margin, config.draw_margin
        );
        if margin <= config.draw_margin {
            self.note(
                8,
                reference,
                true,
                format!("roughly equal (balance {balance:+})"),
            );
            return self.decided(KnownOutcome::Draw, Basis::Material);
        }
        if !ahead_can_mate {
            self.note(
                8,
                format!("{reference}; Laws 6.9"),
                true,
                format!("{ahead:?} is ahead but cannot mate by any series of legal moves"),
            );
            return self.decided(KnownOutcome::Draw, Basis::Material);
        }
        if margin >= config.win_margin && potential {
            self.note(
                8,
                reference,
                true,
                format!("{ahead:?} is clearly better: {margin} up with mating potential"),
            );
            return self.decided(KnownOutcome::Decisive { winner: ahead }, Basis::Material);
        }
        // The arbiter's call.
        let runner = unstoppable_passed_pawn(&settled, ahead);
        let recommendation = if runner || (margin >= config.win_margin) {
            KnownOutcome::Decisive { winner: ahead }
        } else {
            KnownOutcome::Draw
        };
        let why = if margin >= config.win_margin {
            format!(
                "{ahead:?} is {margin} up but has no mating potential; recommended {recommendation}"
            )
        } else if runner {
            format!(
                "{ahead:?} is {margin} up with a passed pawn outside the defending king's square; recommended {recommendation}"
            )
        } else {
            format!(
                "{ahead:?} is {margin} up, between the draw and win margins; recommended {recommendation}"
            )
        };
        self.note(8, reference, false, format!("arbiter's call: {why}"));
        self.finish(Decision::Review, recommendation, Basis::Material)
    }

    fn known_draw(self, _pattern: DrawnPattern) -> Adjudication {
        self.decided(KnownOutcome::Draw, Basis::KnownDraw)
    }

    fn record_counter(&mut self, counter: &Counter) {
        self.search.nodes += counter.nodes;
        self.search.limit_hit |= counter.limit_hit;
    }

    fn tablebase(&mut self, config: &AdjudicationConfig) -> Option<KnownOutcome> {
        let reference = "CR 4.3, syzygy_dir";
        if let Some(err) = self.tablebase_error.take() {
            self.note(3, reference, false, format!("tablebase unavailable: {err}"));
            return None;
        }
        let Some(tb) = &self.adjudicator.tablebase else {
            self.note(3, reference, false, "no tablebase directory configured");
            return None;
        };
        let pos = self.pos;
        if pos.castles().castling_rights().any() {
            self.note(
                3,
                reference,
                false,
                "castling rights: tablebases do not apply",
            );
            return None;
        }
        let pieces = pos.board().occupied().count();
        if pieces > tb.max_pieces() {
            self.note(
                3,
                reference,
                false,
                format!("{pieces} pieces, tables have at most {}", tb.max_pieces()),
            );
            return None;
        }
        let wdl = match tb.probe_wdl(pos) {
            Ok(wdl) => wdl,
            Err(_) => match tb.probe_wdl_after_zeroing(pos) {
                Ok(wdl) => AmbiguousWdl::from(wdl),
                Err(err) => {
                    self.note(3, reference, false, format!("probe failed: {err}"));
                    return None;
                }
            },
        };
        let mover = pos.turn();
        let result = match wdl {
            AmbiguousWdl::Win => KnownOutcome::Decisive { winner: mover },
            AmbiguousWdl::Loss => KnownOutcome::Decisive { winner: !mover },
            AmbiguousWdl::CursedWin | AmbiguousWdl::MaybeWin if config.cursed_wins_count => {
                KnownOutcome::Decisive { winner: mover }
            }
            AmbiguousWdl::BlessedLoss | AmbiguousWdl::MaybeLoss if config.cursed_wins_count => {
                KnownOutcome::Decisive { winner: !mover }
            }
            _ => KnownOutcome::Draw,
        };
        self.note(
            3,
            reference,
            true,
            format!("tablebase: {wdl:?} for the side to move ({mover:?})"),
        );
        Some(result)
    }
}

/// A passed pawn of `color` that the defending king cannot catch (rule of the square, with the
/// defender to move if it is its turn); only when the defender has no pieces.
fn unstoppable_passed_pawn(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let theirs = board.by_color(!color);
    if theirs != theirs & (board.kings() | board.pawns()) {
        return false;
    }
    let Some(king) = board.king_of(!color) else {
        return false;
    };
    let their_pawns = theirs & board.pawns();
    (board.by_color(color) & board.pawns())
        .into_iter()
        .any(|p| {
            let promotion_rank = if color == Color::White {
                Rank::Eighth
            } else {
                Rank::First
            };
            let promotion = shakmaty::Square::from_coords(p.file(), promotion_rank);
            // Passed: no enemy pawn ahead on this or the adjacent files.
            let blocked = their_pawns.into_iter().any(|e| {
                e.file().distance(p.file()) <= 1
                    && match color {
                        Color::White => e.rank() > p.rank(),
                        Color::Black => e.rank() < p.rank(),
                    }
            });
            if blocked {
                return false;
            }
            let start_rank = if color == Color::White {
                Rank::Second
            } else {
                Rank::Seventh
            };
            let mut distance = p.rank().distance(promotion_rank);
            if p.rank() == start_rank {
                distance -= 1;
            }
            let tempo = u32::from(pos.turn() == !color);
            king.distance(promotion) > distance + tempo
                && !board.by_color(color).intersects(Bitboard::from(promotion))
        })
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
        writeln!(f, "basis:          {:?} ({})", self.basis, self.article)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    /// Castling in a line is written as the position's castling mode wants: king to rook in
    /// Chess960 (`UCI_Chess960`), king two squares in standard chess.
    #[test]
    fn lines_write_castling_in_the_positions_mode() {
        let castle = |fen: &str, mode| {
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.is_castle())
                .expect("castling is legal");
            uci(&pos, &[m])
        };
        assert_eq!(
            castle("4k3/8/8/8/8/8/8/4K2R w K - 0 1", CastlingMode::Standard),
            ["e1g1"]
        );
        assert_eq!(
            castle("4k3/8/8/8/8/8/8/4K2R w H - 0 1", CastlingMode::Chess960),
            ["e1h1"]
        );
    }
}
