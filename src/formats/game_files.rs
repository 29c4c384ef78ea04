//! The game files of a directory, at any depth (`arbiter replay DIR`).

use std::io;
use std::path::{Path, PathBuf};

/// Which game files a directory walk ([`game_files_under`]) takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFiles {
    /// PGN: `.pgn`, plain or compressed (`.pgn.zst`, `.pgn.zstd`, `.pgn.gz`, `.pgn.bz2`).
    Pgn,
    /// The replay's line protocol: `.jsonl`, `.ndjson`, plain or compressed.
    Lines,
}

impl GameFiles {
    /// True when the file name has one of the kind's extensions (any letter case), after an
    /// optional compression extension.
    pub fn accepts(self, path: &Path) -> bool {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        let name = [".zst", ".zstd", ".gz", ".bz2"]
            .iter()
            .find_map(|c| name.strip_suffix(c))
            .unwrap_or(&name);
        let extensions: &[&str] = match self {
            GameFiles::Pgn => &[".pgn"],
            GameFiles::Lines => &[".jsonl", ".ndjson"],
        };
        extensions.iter().any(|e| name.ends_with(e))
    }
}

/// The game files of `kind` under the directory `dir`, at any depth, sorted by path (so a run
/// is repeatable); hidden entries (`.name`) and symbolic links to directories are skipped. A
/// directory that cannot be read is given back with its reason, and the walk goes on.
///
/// ```
/// use arbiter::formats::input::{GameFiles, game_files_under};
///
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::create_dir(dir.path().join("round 2")).unwrap();
/// for name in ["round 2/b.pgn", "a.PGN", "c.pgn.gz", "notes.txt"] {
///     std::fs::write(dir.path().join(name), "").unwrap();
/// }
/// let (files, errors) = game_files_under(dir.path(), GameFiles::Pgn);
/// let names: Vec<_> = files.iter().map(|f| f.strip_prefix(dir.path()).unwrap()).collect();
/// assert_eq!(names, ["a.PGN", "c.pgn.gz", "round 2/b.pgn"].map(std::path::Path::new));
/// assert!(errors.is_empty());
/// ```
pub fn game_files_under(dir: &Path, kind: GameFiles) -> (Vec<PathBuf>, Vec<(PathBuf, io::Error)>) {
    let (mut files, mut errors) = (Vec::new(), Vec::new());
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(e) => e,
            Err(e) => {
                errors.push((d, e));
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    errors.push((d.clone(), e));
                    continue;
                }
            };
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            match entry.file_type() {
                Ok(t) if t.is_dir() => pending.push(path),
                // A link is taken when it leads to a file (a link to a directory could loop).
                Ok(_) if path.is_file() && kind.accepts(&path) => files.push(path),
                Ok(_) => {}
                Err(e) => errors.push((path, e)),
            }
        }
    }
    files.sort();
    errors.sort_by(|a, b| a.0.cmp(&b.0));
    (files, errors)
}
