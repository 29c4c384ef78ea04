//! `arbiter tournament export`: the event (or a TRF file) written as TRF or JSON; an event of
//! several groups as one group's TRF (`--group`) or one file per group.

use super::*;

#[derive(Clone, Copy, Default, clap::ValueEnum)]
pub(super) enum ExportFormat {
    /// FIDE TRF-2026 (records 142, 152, 162, 212, 250, 260).
    #[default]
    Trf,
    /// FIDE TRF-16 with the TRF(x) lines older pairing programs read (XXR, XXC, XXP).
    Trf16,
    /// The tournament record as JSON (the state-file format).
    Json,
}

#[derive(clap::Args)]
pub(super) struct ExportArgs {
    /// State file or TRF file.
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: ExportFormat,
    #[command(flatten)]
    lang: crate::cli::LangArgs,
}

/// Runs `tournament export`.
pub(super) fn run_export(a: ExportArgs) -> anyhow::Result<ExitCode> {
    use arbiter::tournament::record::{FileKind, kind_of};
    let is_event = !matches!(
        kind_of(&a.file),
        FileKind::Other | FileKind::Empty | FileKind::Missing
    );
    let out = match (a.format, is_event) {
        // A TRF input is written back as read (byte for byte when in canonical columns).
        (ExportFormat::Trf, false) => {
            let text = read_file(&a.file)?;
            Trf::parse(&text, &a.file.display().to_string())?.to_string()
        }
        (ExportFormat::Trf16, false) => {
            let text = read_file(&a.file)?;
            let trf = Trf::parse(&text, &a.file.display().to_string())?;
            Trf::from_tournament_as(&trf.to_tournament()?, TrfVersion::Trf16).to_string()
        }
        (format @ (ExportFormat::Trf | ExportFormat::Trf16), true) => {
            let version = match format {
                ExportFormat::Trf16 => TrfVersion::Trf16,
                _ => TrfVersion::Trf2026,
            };
            let db = event_path(&a.file)?;
            let event = arbiter::tournament::record::load_event(&db)?;
            let entries = arbiter::tournament::journal::read(&db)?;
            let group = selected_group();
            if group.is_none() && event.len() > 1 {
                return super::group::export_each(&a.file, &event, &entries, version, a.lang.get());
            }
            let i = event.find(group.as_deref())?;
            let entries = super::group::entries_of(&event, i, entries);
            let trf = Trf::from_tournament_with_journal_as(&event.group(i), &entries, version);
            warn_overlong(&trf, a.lang.get());
            trf.to_string()
        }
        (ExportFormat::Json, _) => {
            let mut s = serde_json::to_string_pretty(&load(&a.file)?)?;
            s.push('\n');
            s
        }
    };
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
