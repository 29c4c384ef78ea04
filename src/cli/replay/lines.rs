//! The line protocol's two ends in `arbiter replay` (library: [`arbiter::batch::lines`]):
//! `--emit-lines` writes the games of PGN inputs as lines, `--input lines` judges such lines,
//! one verdict line per line, in order.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use arbiter::batch::input::{self, InputError};
use arbiter::batch::lines::{self, GameText};
use arbiter::batch::report::{JsonlWriter, Summary};
use arbiter::batch::{self, Event, Options, Outcome, Progress};
use arbiter::game::rules::CompetitionRules;

use super::{Args, output, sources_of};

/// `replay --emit-lines`: every game of every input as one game line, in input order (cut in
/// parallel by the replay's pipeline). Exit status 1 when an input could not be read to its
/// end (the games before the failure are written).
pub(super) fn emit(args: &Args) -> anyhow::Result<ExitCode> {
    let (sources, dirs_read) = sources_of(args);
    let options = Options {
        jobs: args.jobs,
        chunk_bytes: args.chunk_kib.saturating_mul(1024),
        ..Options::default()
    };
    let opened = output::open(args.output.as_deref(), false)?;
    let mut out = BufWriter::with_capacity(1 << 16, opened.out);
    let mut write_error: Option<io::Error> = None;
    let mut all_read = true;
    batch::run(
        &sources,
        &options,
        &Progress::default(),
        |chunk, _file| lines::cut_games(chunk),
        |event: Event<GameText>| match event {
            Event::Game { file, index, item } => {
                if write_error.is_none()
                    && let Err(e) = lines::write_game_line(&mut out, &file, index, &item)
                {
                    write_error = Some(e);
                }
            }
            Event::FileError(e) => {
                all_read = false;
                if !args.quiet {
                    note!("arbiter replay: {e}");
                }
            }
            Event::FileDone { .. } => {}
        },
    );
    if let Some(e) = write_error {
        return Err(e).context("writing the output");
    }
    out.flush().context("writing the output")?;
    drop(out);
    if let Some(target) = opened.target {
        target.commit()?;
    }
    Ok(if all_read && dirs_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `replay --input lines`: one verdict line (the `--format jsonl` row) per input line, in
/// order, on one thread (an engine runs one such process per core). A line that holds no game
/// gets an error row; the exit status is 1 only when an input could not be opened or read.
pub(super) fn judge(args: &Args) -> anyhow::Result<ExitCode> {
    let (sources, dirs_read) = sources_of(args);
    let rules = CompetitionRules::preset(args.preset.or(super::super::PresetName::DetskyMat));
    let opened = output::open(args.output.as_deref(), args.resume)?;
    let done = opened.done.unwrap_or_default();
    let mut rows = JsonlWriter::new(BufWriter::with_capacity(1 << 16, opened.out));
    let mut summary = Summary::new(args.list);
    let mut bad_lines = 0u64;
    let mut shown = 0usize;
    let mut all_read = true;
    let mut line = Vec::with_capacity(1 << 16);
    super::interrupt::install();
    let mut games_out = done.len();
    let mut last: Option<(String, u64)> = None;
    for source in &sources {
        let opened = match input::open(source, Arc::default()) {
            Ok(opened) => opened,
            Err(e) => {
                all_read = false;
                if !args.quiet {
                    note!("arbiter replay: {e}");
                }
                continue;
            }
        };
        let name = opened.name;
        let mut reader = BufReader::with_capacity(1 << 16, opened.reader);
        let mut line_number = 0u64;
        let mut offset = 0u64;
        loop {
            if super::interrupt::requested() {
                let flushed = rows.flush();
                super::interrupt::stop(
                    &super::interrupt::Reached {
                        games: games_out,
                        last: last.as_ref().map(|(file, index)| (file.as_str(), *index)),
                        output: args.output.as_deref(),
                        resumable: true,
                    },
                    flushed,
                );
            }
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(n) => {
                    line_number += 1;
                    offset += n as u64;
                }
                Err(e) => {
                    all_read = false;
                    if !args.quiet {
                        let e = InputError::Read {
                            file: name.clone(),
                            offset,
                            source: e,
                        };
                        note!("arbiter replay: {e}");
                    }
                    break;
                }
            }
            // `--resume`: a game already in the output is skipped, not judged.
            if !done.is_empty()
                && lines::line_place(&line).is_some_and(|(file, index)| done.has(&file, index))
            {
                continue;
            }
            let item = lines::judge_line(&line, line_number, &name, rules);
            summary.add(&item);
            if let Event::Game {
                file,
                index,
                item: report,
            } = &item
                && let Outcome::Error(e) = &report.outcome
            {
                if matches!(e, batch::GameError::BadLine { .. }) {
                    bad_lines += 1;
                }
                shown += 1;
                if !args.quiet && shown <= super::MAX_ERROR_LINES {
                    note!("arbiter replay: {name}: line {line_number} ({file}, game {index}): {e}");
                }
            }
            rows.write(&item).context("writing the output")?;
            if let Event::Game { file, index, .. } = &item {
                games_out += 1;
                last = Some((file.to_string(), *index));
            }
        }
    }
    drop(rows.finish().context("writing the output")?);
    if let Some(target) = opened.target {
        target.commit()?;
    }
    if args.hadoop_counters {
        let errors = summary.game_errors - bad_lines;
        let unsupported: u64 = summary.unsupported_variants.values().sum();
        let mut err = io::stderr().lock();
        for (name, n) in [
            ("games", summary.games),
            ("judged", summary.judged),
            ("games_with_discrepancies", summary.games_with_discrepancies),
            ("unsupported_variant", unsupported),
            ("game_errors", errors),
            ("bad_lines", bad_lines),
            ("plies", summary.plies),
        ] {
            // Hadoop Streaming adds N to the counter `name` of the group `arbiter`.
            let _ = writeln!(err, "reporter:counter:arbiter,{name},{n}");
        }
    }
    Ok(if all_read && dirs_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
