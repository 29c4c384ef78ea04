//! `arbiter tournament report`: the organiser's report as one HTML file to print on A4 — the
//! desk's `/report`, composed by the same library call ([`arbiter::web::organisers_report`]).

use super::*;

#[derive(clap::Args)]
pub(super) struct OrganiserReportArgs {
    /// State file or TRF file.
    file: PathBuf,
    /// Write the HTML here, atomically (default: standard output).
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament report`: the report in `--lang`, to `--output` or standard output.
pub(super) fn run_report(a: OrganiserReportArgs) -> anyhow::Result<ExitCode> {
    let t = load(&a.file)?;
    let lang = a.out.lang.get();
    // The group's index, for the live room's incidents of its boards (0: a TRF file, an
    // event of one group).
    let group = arbiter::tournament::record::load_any_event(&a.file)
        .ok()
        .and_then(|e| e.find(super::state::selected_group().as_deref()).ok())
        .unwrap_or(0);
    let html = arbiter::web::organisers_report(&t, group, lang).map_err(anyhow::Error::msg)?;
    match &a.output {
        Some(path) => {
            store::write_atomic(path, |f| f.write_all(html.as_bytes()))?;
            let text = lang.fmt("report-written", &[("file", &path.display().to_string())]);
            print(
                &a.out,
                &format!("{text}\n"),
                &serde_json::json!({"file": path}),
            )
        }
        None => {
            std::io::stdout().lock().write_all(html.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
