//! Where `arbiter replay -o FILE` writes: `FILE.partial` beside FILE, renamed to FILE when the
//! run ends, so that an interrupted run (Ctrl-C, a kill) leaves no FILE — never one whose last
//! record stops half-way — and `--resume` can go on from `FILE.partial`: its whole records
//! are kept, the games they hold are skipped unjudged (by `file` and `offset` for PGN inputs,
//! `file` and `index` for game lines), and the rest is appended
//! in input order, so the result is the uninterrupted run's output.

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The games a resumed run finds in its output already: per input name, each game's number
/// and byte offset.
#[derive(Debug, Default)]
pub(super) struct Done {
    games: HashMap<String, HashMap<u64, u64>>,
}

impl Done {
    /// Games the output holds.
    pub(super) fn len(&self) -> u64 {
        self.games.values().map(|g| g.len() as u64).sum()
    }

    /// Whether the output holds no game.
    pub(super) fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Whether game `index` of `file` is in the output.
    pub(super) fn has(&self, file: &str, index: u64) -> bool {
        self.games.get(file).is_some_and(|g| g.contains_key(&index))
    }

    /// Per input name, the byte offsets where the games in the output start.
    pub(super) fn offsets(&self) -> HashMap<String, HashSet<u64>> {
        self.games
            .iter()
            .map(|(file, games)| (file.clone(), games.values().copied().collect()))
            .collect()
    }
}

/// A file output being written through its partial file.
pub(super) struct Target {
    partial: PathBuf,
    path: PathBuf,
}

impl Target {
    /// The run is over: the partial file becomes the output.
    ///
    /// # Errors
    /// The rename's I/O error.
    pub(super) fn commit(self) -> anyhow::Result<()> {
        fs::rename(&self.partial, &self.path).with_context(|| {
            format!(
                "renaming {} to {}",
                self.partial.display(),
                self.path.display()
            )
        })
    }
}

/// The output of a run: the writer, the file to rename at the end (none for standard output
/// or a path that is not a regular file, such as `/dev/null`), and for `--resume` the games
/// already written.
pub(super) struct Opened {
    pub(super) out: Box<dyn Write>,
    pub(super) target: Option<Target>,
    pub(super) done: Option<Done>,
}

/// `FILE.partial`, beside FILE.
fn partial_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Opens the output `-o` names (standard output without one). With `resume`, the records of
/// `FILE.partial` (or of FILE, a finished run's) up to the last whole one are kept and listed.
///
/// # Errors
/// The file not creatable or not readable.
pub(super) fn open(output: Option<&Path>, resume: bool) -> anyhow::Result<Opened> {
    let Some(path) = output else {
        return Ok(Opened {
            out: Box::new(io::stdout().lock()),
            target: None,
            done: resume.then(Done::default),
        });
    };
    let context = || format!("{}", path.display());
    if fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        // A device or a pipe: nothing to rename, nothing to resume from.
        let out = OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(context)?;
        return Ok(Opened {
            out: Box::new(out),
            target: None,
            done: resume.then(Done::default),
        });
    }
    let partial = partial_of(path);
    let target = Some(Target {
        partial: partial.clone(),
        path: path.to_path_buf(),
    });
    if !resume {
        let out = File::create(&partial).with_context(context)?;
        return Ok(Opened {
            out: Box::new(out),
            target,
            done: None,
        });
    }
    if !partial.exists() && path.exists() {
        fs::rename(path, &partial).with_context(context)?;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&partial)
        .with_context(|| format!("{}", partial.display()))?;
    let (done, whole) =
        whole_records(&mut file).with_context(|| format!("{}", partial.display()))?;
    // A record the interruption cut goes; the run writes it again.
    file.set_len(whole)?;
    file.seek(SeekFrom::Start(whole))?;
    Ok(Opened {
        out: Box::new(file),
        target,
        done: Some(done),
    })
}

/// The games of the whole JSONL records at the start of `file`, and the length of those
/// records in bytes (up to the first line without its newline or not a row).
fn whole_records(file: &mut File) -> io::Result<(Done, u64)> {
    #[derive(serde::Deserialize)]
    struct Key {
        file: String,
        index: u64,
        #[serde(default)]
        offset: u64,
    }
    let mut done = Done::default();
    let mut whole = 0u64;
    let mut reader = BufReader::new(&mut *file);
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line)?;
        if n == 0 || line.last() != Some(&b'\n') {
            break;
        }
        let Ok(key) = serde_json::from_slice::<Key>(&line) else {
            break;
        };
        done.games
            .entry(key.file)
            .or_default()
            .insert(key.index, key.offset);
        whole += n as u64;
    }
    Ok((done, whole))
}
