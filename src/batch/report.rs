//! What a replay run prints: a [`Summary`] for people (games, plies, results by reason,
//! discrepancies by kind, errors, throughput) and one row per game for programs, as JSON Lines
//! ([`JsonlWriter`]) or CSV ([`CsvWriter`]), in input order.
//!
//! JSONL row keys (snake_case): `file`, `index` (game number in the file, from 1), `offset`
//! (byte offset of the game in the decompressed input), `headers` (`event`, `site`, `date`,
//! `round`, `white`, `black`, `result` as written), `plies_recorded`, `status` (`judged`,
//! `unsupported_variant`, `error`), then for a judged game every key of the judge's verdict
//! (`result`, `reason`, `article`, `ended_at_ply`, `plies`, `final_fen`, `illegal_moves`,
//! `reported`, …, see docs/formats/verdict-json.md), `variant` for an unsupported variant,
//! `error` (`kind`, message fields) for an unreadable game, and always `discrepancies` (array of
//! `kind`, `article`?, `ply`?, `move`?, `detail`).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Duration;

use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};
use serde::Serialize;

use super::discrepancy::{Discrepancy, Kind};
use super::{Event, GameError, GameReport, Headers, Item, Outcome};
use crate::game::verdict::Verdict;
use crate::tournament::pairing_list::spreadsheet_text;

/// The per-game status word used in JSONL and CSV.
fn status(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Judged { .. } => "judged",
        Outcome::UnsupportedVariant { .. } => "unsupported_variant",
        Outcome::Error(_) => "error",
    }
}

#[derive(Serialize)]
struct JsonRow<'a> {
    file: &'a str,
    index: u64,
    offset: u64,
    headers: &'a Headers,
    plies_recorded: u32,
    status: &'static str,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    verdict: Option<&'a Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a GameError>,
    discrepancies: &'a [Discrepancy],
}

/// Writes one JSON object per game, one per line.
pub struct JsonlWriter<W: Write> {
    out: W,
}

impl<W: Write> JsonlWriter<W> {
    /// A writer on `out` (buffer it: one `write` per game otherwise).
    pub fn new(out: W) -> Self {
        JsonlWriter { out }
    }

    /// Writes the row of a game; other events write nothing.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn write(&mut self, item: &Item) -> io::Result<()> {
        let Some(row) = Row::of(item) else {
            return Ok(());
        };
        let row = JsonRow {
            file: row.file,
            index: row.index,
            offset: row.report.offset,
            headers: &row.report.headers,
            plies_recorded: row.report.plies_recorded,
            status: status(&row.report.outcome),
            verdict: row.verdict,
            variant: row.variant,
            error: row.error,
            discrepancies: row.discrepancies,
        };
        serde_json::to_writer(&mut self.out, &row)?;
        self.out.write_all(b"\n")
    }

    /// Flushes the rows written so far (each whole) to the output.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Flushes and returns the output.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// One game's row, whichever the output: where the game stands and what its outcome holds.
struct Row<'a> {
    file: &'a str,
    index: u64,
    report: &'a GameReport,
    verdict: Option<&'a Verdict>,
    discrepancies: &'a [Discrepancy],
    variant: Option<&'a str>,
    error: Option<&'a GameError>,
}

impl<'a> Row<'a> {
    /// The row of a game; `None` for the other events, which write no row.
    fn of(item: &'a Item) -> Option<Self> {
        let Event::Game {
            file,
            index,
            item: report,
        } = item
        else {
            return None;
        };
        let (verdict, discrepancies, variant, error) = match &report.outcome {
            Outcome::Judged {
                verdict,
                discrepancies,
            } => (Some(&**verdict), &discrepancies[..], None, None),
            Outcome::UnsupportedVariant { variant } => (None, &[][..], Some(&variant[..]), None),
            Outcome::Error(e) => (None, &[][..], None, Some(e)),
        };
        Some(Row {
            file,
            index: *index,
            report,
            verdict,
            discrepancies,
            variant,
            error,
        })
    }
}

/// The CSV columns, in order.
pub const CSV_COLUMNS: [&str; 21] = [
    "file",
    "index",
    "offset",
    "event",
    "date",
    "round",
    "white",
    "black",
    "status",
    "recorded_result",
    "result",
    "reason",
    "article",
    "ended_at_ply",
    "plies",
    "plies_recorded",
    "illegal_moves",
    "first_illegal_move",
    "discrepancies",
    "final_fen",
    "error",
];

/// Writes one CSV record per game under a header line ([`CSV_COLUMNS`]); `discrepancies` is
/// the list of kinds joined by `;`, `first_illegal_move` is `ply:move`.
pub struct CsvWriter<W: Write> {
    out: csv::Writer<W>,
}

impl<W: Write> CsvWriter<W> {
    /// A writer on `out`; writes the header line.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn new(out: W) -> io::Result<Self> {
        let mut out = csv::Writer::from_writer(out);
        out.write_record(CSV_COLUMNS).map_err(io::Error::other)?;
        Ok(CsvWriter { out })
    }

    /// Writes the record of a game; other events write nothing.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn write(&mut self, item: &Item) -> io::Result<()> {
        let Some(Row {
            file,
            index,
            report,
            verdict,
            discrepancies,
            error,
            ..
        }) = Row::of(item)
        else {
            return Ok(());
        };
        let h = &report.headers;
        // People's text (file names, PGN tags, the reader's errors quoting them) is
        // neutralised for spreadsheets; the columns of fixed words and numbers are not.
        let text = |o: &str| spreadsheet_text(o).into_owned();
        let s = |o: Option<&str>| text(o.unwrap_or_default());
        let v = |f: &dyn Fn(&Verdict) -> String| verdict.map(f).unwrap_or_default();
        let record: [String; 21] = [
            text(file),
            index.to_string(),
            report.offset.to_string(),
            s(h.tag("Event")),
            s(h.tag("Date")),
            s(h.tag("Round")),
            s(h.tag("White")),
            s(h.tag("Black")),
            status(&report.outcome).to_owned(),
            v(&|v| {
                v.reported
                    .as_ref()
                    .map(|r| r.result.to_string())
                    .unwrap_or_default()
            }),
            v(&|v| v.result.to_string()),
            v(&|v| v.reason.to_string()),
            v(&|v| v.article.map(|a| a.to_string()).unwrap_or_default()),
            v(&|v| v.ended_at_ply.map(|p| p.to_string()).unwrap_or_default()),
            v(&|v| v.plies.to_string()),
            report.plies_recorded.to_string(),
            v(&|v| v.illegal_moves.len().to_string()),
            v(&|v| {
                v.first_illegal()
                    .map(|a| format!("{}:{}", a.ply, a.notation))
                    .unwrap_or_default()
            }),
            discrepancies
                .iter()
                .map(|d| d.kind.code())
                .collect::<Vec<_>>()
                .join(";"),
            v(&|v| v.final_fen.to_string()),
            text(&error.map(ToString::to_string).unwrap_or_default()),
        ];
        self.out.write_record(&record).map_err(io::Error::other)
    }

    /// Flushes the records written so far (each whole) to the output.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Flushes and returns the output.
    ///
    /// # Errors
    /// The output's I/O error.
    pub fn finish(self) -> io::Result<W> {
        self.out.into_inner().map_err(|e| e.into_error())
    }
}

/// One input in the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FileLine {
    /// The input's name.
    pub file: String,
    /// Games read from it (judged, not judged and unreadable).
    pub games: u64,
    /// Decompressed bytes read.
    pub bytes: u64,
    /// Why it could not be read to its end, if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A game listed in the summary: where it is, who played, and what was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The input's name.
    pub file: String,
    /// Game number in the file, from 1.
    pub index: u64,
    /// `White - Black (Event, round R)`.
    pub game: String,
    /// The finding or the error.
    pub what: String,
}

/// Totals of a run, built game by game from the events in order.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// The inputs.
    pub files: Vec<FileLine>,
    /// Games read.
    pub games: u64,
    /// Games judged.
    pub judged: u64,
    /// Games of a variant the judge does not know (not judged), by `Variant` tag.
    pub unsupported_variants: BTreeMap<String, u64>,
    /// Games that could not be read or judged.
    pub game_errors: u64,
    /// Plies judged (the verdicts' `plies`).
    pub plies: u64,
    /// Judged games by result (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`).
    pub by_result: BTreeMap<String, u64>,
    /// Judged games by the verdict's reason.
    pub by_reason: BTreeMap<String, u64>,
    /// Games with at least one discrepancy of each kind.
    pub discrepancies: BTreeMap<Kind, u64>,
    /// Games with at least one discrepancy.
    pub games_with_discrepancies: u64,
    /// The first games with discrepancies, for people to look at (at most `list_limit`).
    pub listed_discrepancies: Vec<Listed>,
    /// The first game errors (at most `list_limit`).
    pub listed_errors: Vec<Listed>,
    /// Decompressed bytes read.
    pub bytes: u64,
    /// Wall-clock time of the run, seconds.
    pub seconds: f64,
    /// Worker threads.
    pub jobs: usize,
    /// How many games to list in each list.
    #[serde(skip)]
    pub list_limit: usize,
    /// A file error waiting for its file's end.
    #[serde(skip)]
    pending_file_error: Option<String>,
}

impl Summary {
    /// An empty summary listing at most `list_limit` games per list.
    pub fn new(list_limit: usize) -> Summary {
        Summary {
            list_limit,
            ..Summary::default()
        }
    }

    /// Counts one event of the run.
    pub fn add(&mut self, item: &Item) {
        match item {
            Event::Game {
                file,
                index,
                item: report,
            } => {
                self.games += 1;
                let listed = |what: String| Listed {
                    file: file.to_string(),
                    index: *index,
                    game: report.headers.describe(),
                    what,
                };
                match &report.outcome {
                    Outcome::Judged {
                        verdict,
                        discrepancies,
                    } => {
                        self.judged += 1;
                        self.plies += u64::from(verdict.plies);
                        *self
                            .by_result
                            .entry(verdict.result.to_string())
                            .or_default() += 1;
                        *self
                            .by_reason
                            .entry(verdict.reason.to_string())
                            .or_default() += 1;
                        if !discrepancies.is_empty() {
                            self.games_with_discrepancies += 1;
                            let mut kinds: Vec<Kind> =
                                discrepancies.iter().map(|d| d.kind).collect();
                            kinds.dedup();
                            for k in kinds {
                                *self.discrepancies.entry(k).or_default() += 1;
                            }
                            if self.listed_discrepancies.len() < self.list_limit {
                                let what = discrepancies
                                    .iter()
                                    .map(ToString::to_string)
                                    .collect::<Vec<_>>()
                                    .join("; ");
                                self.listed_discrepancies.push(listed(what));
                            }
                        }
                    }
                    Outcome::UnsupportedVariant { variant } => {
                        *self
                            .unsupported_variants
                            .entry(variant.clone())
                            .or_default() += 1;
                    }
                    Outcome::Error(e) => {
                        self.game_errors += 1;
                        if self.listed_errors.len() < self.list_limit {
                            self.listed_errors
                                .push(listed(format!("{e} (byte {})", report.offset)));
                        }
                    }
                }
            }
            Event::FileError(e) => self.pending_file_error = Some(e.to_string()),
            Event::FileDone { file, games, bytes } => {
                self.bytes += bytes;
                self.files.push(FileLine {
                    file: file.to_string(),
                    games: *games,
                    bytes: *bytes,
                    error: self.pending_file_error.take(),
                });
            }
        }
    }

    /// Inputs that could not be read to their end.
    pub fn file_errors(&self) -> usize {
        self.files.iter().filter(|f| f.error.is_some()).count()
    }

    /// True when every input was read and every game judged (or knowingly not judged as an
    /// unsupported variant): the run's exit status is 0 then.
    pub fn all_read(&self) -> bool {
        self.file_errors() == 0 && self.game_errors == 0
    }

    /// Games per second of wall-clock time.
    pub fn games_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.games as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The summary as tables for people.
    pub fn render(&self) -> String {
        self.render_in(crate::i18n::Lang::En)
    }

    /// [`Summary::render`] in `lang`: the tables' headings, the totals' names, the
    /// discrepancies and reasons in words (English: the text as it always was, the codes).
    pub fn render_in(&self, lang: crate::i18n::Lang) -> String {
        let en = lang == crate::i18n::Lang::En;
        let m = |id: &str| lang.msg(id);
        let mut out = String::new();
        let table = || {
            let mut t = Table::new();
            t.load_style(comfy_table::presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Dynamic);
            t
        };
        let right = |v: String| Cell::new(v).set_alignment(CellAlignment::Right);

        let mut files = table();
        files.set_header([m("rs-file"), m("rs-games"), m("rs-mb"), m("rs-status")]);
        for f in &self.files {
            files.add_row([
                Cell::new(&f.file),
                right(f.games.to_string()),
                right(format!("{:.1}", f.bytes as f64 / 1e6)),
                Cell::new(f.error.clone().unwrap_or_else(|| m("rs-read"))),
            ]);
        }
        out.push_str(&files.to_string());
        out.push('\n');

        let mut totals = table();
        totals.set_header([m("rs-total"), String::new()]);
        let variants: u64 = self.unsupported_variants.values().sum();
        for (k, v) in [
            (m("rs-games"), self.games.to_string()),
            (m("rs-judged"), self.judged.to_string()),
            (m("rs-plies"), self.plies.to_string()),
            (m("rs-variants"), variants.to_string()),
            (
                m("rs-with-discrepancies"),
                self.games_with_discrepancies.to_string(),
            ),
            (m("rs-game-errors"), self.game_errors.to_string()),
            (m("rs-file-errors"), self.file_errors().to_string()),
        ] {
            totals.add_row([Cell::new(k), right(v)]);
        }
        out.push_str(&totals.to_string());
        out.push('\n');

        let mut results = table();
        results.set_header([m("rs-result"), m("rs-games"), m("rs-reason"), m("rs-games")]);
        let by_result: Vec<_> = self.by_result.iter().collect();
        let mut by_reason: Vec<_> = self.by_reason.iter().collect();
        by_reason.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for i in 0..by_result.len().max(by_reason.len()) {
            let (r, rn) = by_result
                .get(i)
                .map_or((String::new(), String::new()), |(k, v)| {
                    ((*k).clone(), v.to_string())
                });
            let (c, cn) = by_reason
                .get(i)
                .map_or((String::new(), String::new()), |(k, v)| {
                    let reason = if en {
                        (*k).clone()
                    } else {
                        lang.try_fmt(&format!("reason-{k}"), &[])
                            .unwrap_or_else(|_| (*k).clone())
                    };
                    (reason, v.to_string())
                });
            results.add_row([Cell::new(r), right(rn), Cell::new(c), right(cn)]);
        }
        out.push_str(&results.to_string());
        out.push('\n');

        if !self.discrepancies.is_empty() || !self.unsupported_variants.is_empty() {
            let mut kinds = table();
            kinds.set_header([m("rs-discrepancy"), m("rs-games")]);
            for (k, v) in &self.discrepancies {
                let kind = if en {
                    k.code().to_string()
                } else {
                    crate::game::verdict::discrepancy_text(k.code(), lang)
                };
                kinds.add_row([Cell::new(kind), right(v.to_string())]);
            }
            for (variant, v) in &self.unsupported_variants {
                kinds.add_row([
                    Cell::new(lang.fmt("rs-variant", &[("variant", &format!("{variant:?}"))])),
                    right(v.to_string()),
                ]);
            }
            out.push_str(&kinds.to_string());
            out.push('\n');
        }
        for (title, list, total) in [
            (
                m("rs-discrepancies"),
                &self.listed_discrepancies,
                self.games_with_discrepancies,
            ),
            (m("rs-errors"), &self.listed_errors, self.game_errors),
        ] {
            if list.is_empty() {
                continue;
            }
            out.push_str(&lang.fmt(
                "rs-listed",
                &[
                    ("title", &title),
                    ("shown", &list.len().to_string()),
                    ("total", &total.to_string()),
                ],
            ));
            out.push('\n');
            for l in list {
                out.push_str(&format!(
                    "  {}#{} {}: {}\n",
                    l.file, l.index, l.game, l.what
                ));
            }
        }
        let rate = if self.seconds > 0.0 {
            self.bytes as f64 / 1e6 / self.seconds
        } else {
            0.0
        };
        out.push_str(&lang.fmt(
            "rs-footer",
            &[
                ("games", &self.games.to_string()),
                ("plies", &self.plies.to_string()),
                ("mb", &format!("{:.1}", self.bytes as f64 / 1e6)),
                ("seconds", &format!("{:.2}", self.seconds)),
                ("threads", &self.jobs.to_string()),
                ("gps", &format!("{:.0}", self.games_per_second())),
                ("mbps", &format!("{rate:.1}")),
            ],
        ));
        out.push('\n');
        out
    }

    /// Sets the run's wall-clock time and thread count.
    pub fn finish(&mut self, elapsed: Duration, jobs: usize) {
        self.seconds = elapsed.as_secs_f64();
        self.jobs = jobs;
    }
}
