//! `arbiter tournament publish`: the public view's pages as a static site in a folder, written
//! by the library ([`arbiter::web::publish::publish`]); the command parses and reports.

use super::*;
use arbiter::web::publish::{PublishError, publish};

#[derive(clap::Args)]
pub(super) struct PublishArgs {
    /// The event (`turnir.arbiter`).
    file: PathBuf,
    /// The folder to write the site into (made when missing); run again after a round to
    /// update it.
    #[arg(long, short)]
    output: PathBuf,
    #[command(flatten)]
    out: Output,
}

/// Runs `tournament publish`: the site in `--lang`, a line saying how many pages were written
/// (and removed) where, or that JSON.
pub(super) fn run_publish(a: PublishArgs) -> anyhow::Result<ExitCode> {
    let lang = a.out.lang.get();
    // A missing event said as every other command says it (an event of several groups is
    // read whole by the library, not through `load`, which asks for one group).
    use arbiter::tournament::record::{FileKind, kind_of};
    if kind_of(&a.file) == FileKind::Missing {
        load(&a.file)?;
    }
    let done = publish(&a.file, &a.output, lang, None).map_err(|e| match e {
        PublishError::Store(e) => anyhow::Error::from(e),
        e => anyhow::Error::msg(e.text(lang)),
    })?;
    let index = a.output.join("index.html");
    let text = lang.fmt(
        "publish-written",
        &[
            ("files", &done.written.len().to_string()),
            ("dir", &a.output.display().to_string()),
            ("index", &index.display().to_string()),
            ("removed", &done.removed.len().to_string()),
        ],
    );
    print(
        &a.out,
        &format!("{text}\n"),
        &serde_json::json!({"dir": a.output, "written": done.written,
                            "removed": done.removed, "groups": done.groups}),
    )
}
