//! Standings and crosstable: points (CR 4.1) then tie-breaks in a configurable order, in text
//! (comfy-table) and JSON.

use crate::tournament::words::cells::csv_cell;
pub use crate::tournament::words::cells::fmt_decimal;
use shakmaty::Color;

use crate::i18n::Lang;

use crate::tournament::model::Tournament;
use crate::tournament::result::RoundResult;
use crate::tournament::tiebreak::{
    ResultTable, Rules, Standing, TieBreak, TieBreakError, standings,
};

pub use crate::game::preset::Preset;

/// Named tie-break orders.
impl Preset {
    /// The tie-breaks in order (points always come first).
    pub fn order(self) -> &'static [TieBreak] {
        match self {
            Preset::DetskyMat => &[
                TieBreak::BhC1,
                TieBreak::Bh,
                TieBreak::Sb,
                TieBreak::De,
                TieBreak::Ps,
                TieBreak::Win,
            ],
            Preset::Fide => &[
                TieBreak::BhC1,
                TieBreak::Bh,
                TieBreak::Sb,
                TieBreak::De,
                TieBreak::Win,
                TieBreak::Bwg,
            ],
        }
    }
}

/// The tie-breaks of a round robin (C.07 for round robins): Sonneborn–Berger, direct
/// encounter, number of wins, Koya score.
pub const ROUND_ROBIN_ORDER: [TieBreak; 4] =
    [TieBreak::Sb, TieBreak::De, TieBreak::Win, TieBreak::Ks];

/// The group's tie-breaks when none are named: a round robin's
/// ([`ROUND_ROBIN_ORDER`]), else `preset`'s ([`Preset::order`]).
pub fn default_order(t: &Tournament, preset: Preset) -> &'static [TieBreak] {
    if t.system.is_swiss() {
        preset.order()
    } else {
        &ROUND_ROBIN_ORDER
    }
}

/// Parses a comma-separated tie-break list (`BH-C1,BH,SB,DE`); `PTS` is accepted and skipped.
///
/// # Errors
/// [`TieBreakError::UnknownTieBreak`].
pub fn parse_order(text: &str) -> Result<Vec<TieBreak>, TieBreakError> {
    text.split([',', ' '])
        .filter(|s| !s.trim().is_empty() && !s.trim().eq_ignore_ascii_case("PTS"))
        .map(TieBreak::parse)
        .collect()
}

/// One standings row with the player's status.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StandingRow {
    /// Place (shared when equal on everything).
    pub rank: usize,
    /// Starting rank.
    pub start_rank: u16,
    /// Name.
    pub name: String,
    /// Rating, if rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// Club, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Points under the event's point values (CR 4.1: win 1, draw ½; byes per CR 1.3).
    pub points: f64,
    /// Tie-break values by acronym, in the configured order.
    pub tie_breaks: serde_json::Map<String, serde_json::Value>,
    /// `withdrawn` (CR 1.4), `disqualified` (CR 2.2) or `cancelled` (a round robin withdrawal
    /// that cancelled his games), if the player left the event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    /// The player's sex, if known: the status's Russian word follows it (выбыл / выбыла).
    #[serde(skip)]
    pub sex: Option<crate::tournament::Sex>,
}

/// What the standings add to a row of the result table: the club, the status, the sex.
pub type RowExtra = (
    Option<String>,
    Option<&'static str>,
    Option<crate::tournament::Sex>,
);

/// Standings of a whole report.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StandingsReport {
    /// Tournament name.
    pub tournament: String,
    /// Standings after this round.
    pub after_round: usize,
    /// Rules edition for unplayed rounds.
    pub rules: Rules,
    /// Tie-break acronyms in order.
    pub tie_break_order: Vec<String>,
    /// Rows in rank order.
    pub standings: Vec<StandingRow>,
}

impl StandingsReport {
    /// Standings of `tournament` after `through` rounds (default: the completed rounds, those
    /// with every result in): ranked by points, then by the tie-breaks of `order` (FIDE C.07),
    /// unplayed rounds valued under the C.07 edition `rules`. A player who left the event is
    /// marked `withdrawn` (CR 1.4) or `disqualified` (CR 2.2) when the first round they miss
    /// is at most the round after these standings.
    pub fn new(
        tournament: &Tournament,
        through: Option<u32>,
        rules: Rules,
        order: &[TieBreak],
    ) -> StandingsReport {
        let table = tournament.result_table(through);
        Self::from_table(&tournament.name, &table, rules, order, |tpn| {
            tournament.player(tpn).map(|p| {
                let status = match p.out_from() {
                    // A round robin withdrawal that cancelled every game of his.
                    Some(_) if tournament.cancelled.contains(&tpn) => Some("cancelled"),
                    Some((from, _)) if from as usize <= table.rounds + 1 => {
                        Some(if p.disqualified_from.is_some() {
                            "disqualified"
                        } else {
                            "withdrawn"
                        })
                    }
                    _ => None,
                };
                (p.club.clone(), status, p.sex)
            })
        })
    }

    /// Standings of a bare result table (e.g. read from a TRF file), as
    /// [`StandingsReport::new`]; `extra(tpn)` gives a player's club, status and sex, if known.
    pub fn from_table(
        name: &str,
        table: &ResultTable,
        rules: Rules,
        order: &[TieBreak],
        extra: impl Fn(u16) -> Option<RowExtra>,
    ) -> StandingsReport {
        let rows = standings(table, rules, order)
            .into_iter()
            .map(|s: Standing| {
                let (club, status, sex) = extra(s.tpn).unwrap_or((None, None, None));
                StandingRow {
                    rank: s.rank,
                    start_rank: s.tpn,
                    name: s.name,
                    rating: s.rating,
                    club,
                    points: s.points,
                    tie_breaks: s
                        .tie_breaks
                        .into_iter()
                        .map(|(k, v)| (k, number(v)))
                        .collect(),
                    status,
                    sex,
                }
            })
            .collect();
        StandingsReport {
            tournament: name.to_string(),
            after_round: table.rounds,
            rules,
            tie_break_order: order.iter().map(|t| t.key().to_string()).collect(),
            standings: rows,
        }
    }

    /// The standings as CSV for a spreadsheet: `rank,start_rank,name,rating,club,points`,
    /// one column per tie-break in order (its acronym as header, the value as a decimal
    /// number with a point), then `status` (`withdrawn`, `disqualified` or empty). Names and
    /// clubs are neutralised ([`crate::tournament::pairing_list::spreadsheet_text`]): a name
    /// written `=HYPERLINK(…)` stays text in the spreadsheet.
    pub fn to_csv(&self) -> String {
        let mut s = String::from("rank,start_rank,name,rating,club,points");
        for tb in &self.tie_break_order {
            s.push(',');
            s.push_str(&csv_cell(tb));
        }
        s.push_str(",status\n");
        for r in &self.standings {
            csv_row_start(&mut s, r);
            s.push_str(&format!(",{}", r.points));
            csv_row_end(&mut s, &self.tie_break_order, r);
        }
        s
    }

    /// The standings as a text table in `lang`. Points and tie-breaks in one decimal format
    /// ([`fmt_decimal`]: `2.5`, `0.25`; Russian `2,5`, `0,25`), as in the crosstable. Russian
    /// adds a legend of the tie-break acronyms (the column keys stay FIDE's).
    pub fn to_text(&self, lang: Lang) -> String {
        let number_text = |v: f64| fmt_decimal(v, lang);
        let mut t = comfy_table::Table::new();
        t.load_style(comfy_table::presets::ASCII_BORDERS_ONLY_CONDENSED);
        let mut header: Vec<String> = [
            "col-rank",
            "col-start",
            "col-name",
            "col-rating",
            "col-points",
        ]
        .map(|id| lang.msg(id))
        .to_vec();
        header.extend(self.tie_break_order.iter().cloned());
        t.set_header(header);
        for r in &self.standings {
            let mut row = vec![
                r.rank.to_string(),
                r.start_rank.to_string(),
                with_status(r, lang),
                r.rating.map(|x| x.to_string()).unwrap_or_default(),
                number_text(r.points),
            ];
            row.extend(self.tie_break_order.iter().map(|k| {
                r.tie_breaks
                    .get(k)
                    .and_then(|v| v.as_f64())
                    .map(number_text)
                    .unwrap_or_default()
            }));
            t.add_row(row);
        }
        let title = lang.fmt(
            "standings-title",
            &[
                ("tournament", &self.tournament),
                ("round", &self.after_round.to_string()),
            ],
        );
        let legend = match lang {
            Lang::En => String::new(),
            Lang::Ru => tie_break_legend(&self.tie_break_order, lang),
        };
        format!("{title}\n{t}\n{legend}")
    }
}

/// A row's name with the player's status in `lang`, if they left the event: `Name
/// (withdrawn)`; in Russian the word follows the player's sex, or the sex the name tells
/// (`выбыла` for a girl).
fn with_status(row: &StandingRow, lang: Lang) -> String {
    match row.status {
        Some(s) => {
            // As the name is declined: the sex given, else the one the name tells.
            let sex = crate::tournament::words::declension::sex_of_name(&row.name, row.sex)
                .map_or("unknown", crate::tournament::Sex::selector);
            let word = lang.fmt(&format!("status-{s}"), &[("sex", sex)]);
            format!("{} ({word})", row.name)
        }
        None => row.name.clone(),
    }
}

/// The legend of tie-break acronyms in `lang`, one line each: `BH-C1 — Buchholz cut 1`.
fn tie_break_legend(order: &[String], lang: Lang) -> String {
    let mut s = lang.msg("tie-breaks-legend");
    s.push('\n');
    for k in order {
        s.push_str(&format!("  {k} — {}\n", lang.msg(&format!("tb-{k}"))));
    }
    s
}

/// A tie-break value as JSON: integers without a fraction.
fn number(v: f64) -> serde_json::Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        serde_json::Value::from(v as i64)
    } else {
        serde_json::Value::from(v)
    }
}

/// One cell of the crosstable.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CrossCell {
    /// 1-based round.
    pub round: usize,
    /// Opponent's starting rank, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u16>,
    /// Opponent's place in the standings, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent_rank: Option<usize>,
    /// `w`, `b`, or absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<char>,
    /// TRF result code (`1 = 0 + - U H F Z`, blank when pending).
    pub result: char,
    /// Points scored in the round.
    pub points: f64,
}

impl CrossCell {
    /// The cell as crosstables write it: the opponent's starting rank, colour (`w`/`b`) and
    /// the TRF result letter with `½` for a draw (`12w1`, `3b½`); without an opponent `-` and
    /// the letter (`-U` a pairing-allocated bye, `-H` a half-point bye, `-Z` a zero-point bye).
    pub fn text(&self) -> String {
        let result = match RoundResult::from_letter(self.result) {
            Some(RoundResult::Draw) => "½".to_string(),
            _ => self.result.to_string(),
        };
        match self.opponent {
            Some(o) => format!("{o}{}{result}", self.colour.unwrap_or('-')),
            None => format!("-{result}"),
        }
    }
}

/// How many of `order`'s tie-breaks (from the first) it takes to tell apart every two
/// neighbours of `rows` (in their order) that have the same points: 0 when no two are level,
/// `order.len()` when some two are level on every tie-break. A prize list shows these columns,
/// the ones that decided its order (C.07 does not say which to print; a list of places does).
pub fn deciding_tie_breaks(rows: &[&StandingRow], order: &[String]) -> usize {
    rows.windows(2)
        .filter(|w| w[0].points == w[1].points)
        .map(|w| {
            order
                .iter()
                .position(|k| w[0].tie_breaks.get(k) != w[1].tie_breaks.get(k))
                .map_or(order.len(), |i| i + 1)
        })
        .max()
        .unwrap_or(0)
}

/// One crosstable row.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CrossRow {
    /// The standings row.
    #[serde(flatten)]
    pub standing: StandingRow,
    /// Per-round cells.
    pub rounds: Vec<CrossCell>,
}

/// A crosstable: the standings with every round's opponent (starting rank and place), colour
/// and result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Crosstable {
    /// Tournament name.
    pub tournament: String,
    /// After this round.
    pub after_round: usize,
    /// Tie-break acronyms in order.
    pub tie_break_order: Vec<String>,
    /// Rows in rank order.
    pub rows: Vec<CrossRow>,
}

impl Crosstable {
    /// Builds the crosstable from standings and the table they came from.
    pub fn new(report: StandingsReport, table: &ResultTable) -> Crosstable {
        let rank_of = |tpn: u16| {
            report
                .standings
                .iter()
                .find(|r| r.start_rank == tpn)
                .map(|r| r.rank)
        };
        let rows = report
            .standings
            .iter()
            .map(|s| {
                let entries = table
                    .players
                    .iter()
                    .find(|p| p.tpn == s.start_rank)
                    .map(|p| p.entries.clone())
                    .unwrap_or_default();
                CrossRow {
                    standing: s.clone(),
                    rounds: entries
                        .iter()
                        .enumerate()
                        .map(|(i, e)| CrossCell {
                            round: i + 1,
                            opponent: e.opponent,
                            opponent_rank: e.opponent.and_then(rank_of),
                            colour: e.colour.map(|c| match c {
                                Color::White => 'w',
                                Color::Black => 'b',
                            }),
                            result: e.result.letter(),
                            points: e.result.points(&table.scoring).as_f64(),
                        })
                        .collect(),
                }
            })
            .collect();
        Crosstable {
            tournament: report.tournament,
            after_round: report.after_round,
            tie_break_order: report.tie_break_order,
            rows,
        }
    }

    /// The crosstable as CSV for a spreadsheet: `rank,start_rank,name,rating,club`, one
    /// column per round (`round_1`, … : the cell as [`CrossCell::text`] writes it, `12w1`,
    /// `3b½`, `'-U` for a bye), `points`, one column per tie-break in order (its acronym as
    /// header, the value as a decimal number with a point), then `status` (`withdrawn`,
    /// `disqualified` or empty). Text cells are neutralised as in [`StandingsReport::to_csv`]
    /// (a cell starting with `-`, as a bye's does, gets a leading `'`: a spreadsheet would
    /// read `-U` as a formula).
    pub fn to_csv(&self) -> String {
        let mut s = String::from("rank,start_rank,name,rating,club");
        for r in 1..=self.after_round {
            s.push_str(&format!(",round_{r}"));
        }
        s.push_str(",points");
        for tb in &self.tie_break_order {
            s.push(',');
            s.push_str(&csv_cell(tb));
        }
        s.push_str(",status\n");
        for row in &self.rows {
            let r = &row.standing;
            csv_row_start(&mut s, r);
            for c in &row.rounds {
                s.push(',');
                s.push_str(&csv_cell(&c.text()));
            }
            s.push_str(&format!(",{}", r.points));
            csv_row_end(&mut s, &self.tie_break_order, r);
        }
        s
    }

    /// The crosstable as text in `lang`: each round cell is the opponent's starting rank
    /// (unambiguous where places are shared), colour and result (`12w1`, `3b½`, `-U` for a bye), as a legend line under
    /// the title says; points and tie-breaks in one decimal format ([`fmt_decimal`]), then a
    /// legend of the tie-break acronyms.
    pub fn to_text(&self, lang: Lang) -> String {
        let mut t = comfy_table::Table::new();
        t.load_style(comfy_table::presets::ASCII_BORDERS_ONLY_CONDENSED);
        let mut header: Vec<String> = ["col-rank", "col-start", "col-name", "col-rating"]
            .map(|id| lang.msg(id))
            .to_vec();
        header.extend(
            (1..=self.after_round).map(|r| lang.fmt("col-round", &[("round", &r.to_string())])),
        );
        header.push(lang.msg("col-points"));
        header.extend(self.tie_break_order.iter().cloned());
        t.set_header(header);
        for row in &self.rows {
            let s = &row.standing;
            let mut cells = vec![
                s.rank.to_string(),
                s.start_rank.to_string(),
                with_status(s, lang),
                s.rating.map(|x| x.to_string()).unwrap_or_default(),
            ];
            cells.extend(row.rounds.iter().map(CrossCell::text));
            cells.push(fmt_decimal(s.points, lang));
            cells.extend(self.tie_break_order.iter().map(|k| {
                s.tie_breaks
                    .get(k)
                    .and_then(|v| v.as_f64())
                    .map(|v| fmt_decimal(v, lang))
                    .unwrap_or_default()
            }));
            t.add_row(cells);
        }
        let title = lang.fmt(
            "crosstable-title",
            &[
                ("tournament", &self.tournament),
                ("round", &self.after_round.to_string()),
            ],
        );
        format!(
            "{title}\n{}\n{t}\n{}",
            lang.msg("crosstable-legend"),
            tie_break_legend(&self.tie_break_order, lang)
        )
    }
}

/// The start of a standings or crosstable CSV row: rank, starting rank, name, rating, club
/// (text cells as [`csv_cell`] writes them).
fn csv_row_start(s: &mut String, r: &StandingRow) {
    s.push_str(&format!(
        "{},{},{},{},{}",
        r.rank,
        r.start_rank,
        csv_cell(&r.name),
        r.rating.map_or(String::new(), |x| x.to_string()),
        r.club.as_deref().map_or(String::new(), csv_cell),
    ));
}

/// The end of a standings or crosstable CSV row: a column per tie-break in `order` (empty where
/// the row has no value), then the status, then the line's end.
fn csv_row_end(s: &mut String, order: &[String], r: &StandingRow) {
    for tb in order {
        s.push(',');
        if let Some(v) = r.tie_breaks.get(tb) {
            s.push_str(&v.to_string());
        }
    }
    s.push(',');
    s.push_str(r.status.unwrap_or(""));
    s.push('\n');
}
