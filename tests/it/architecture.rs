//! The crate's layers (`../shared/docs/architecture.md`): an arrow (`crate::module` named in
//! code) may only point from a higher layer to a lower one. This test reads every `.rs` file in
//! `src/`, finds each `crate::…` path outside comments (in `use crate::{a::…, b::…}` groups too)
//! and fails on every arrow in [`FORBIDDEN`], naming the file and line.
//!
//! It also fails on a top-level module it does not know, so a new module is placed in a layer
//! on purpose, and on a `.rs` file over 800 lines whose first lines do not say why
//! (`//! One file: …`).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules of `src/`, lowest layer first. The binary's own files (`main.rs`,
/// `cli/`) and the web face (`web/`) are the top layer.
const MODULES: &[&str] = &[
    "i18n",
    "laws",
    "adjudicate",
    "game",
    "tournament",
    "formats",
    "board",
    "batch",
    "cli",
    "web",
];

/// Every arrow that points the wrong way, with the reason it is forbidden. `(from, to, why)`:
/// code in module `from` may not name `crate::to`.
const FORBIDDEN: &[(&str, &str, &str)] = &[
    // i18n: the language of text output, below everything that prints.
    (
        "i18n",
        "laws",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "adjudicate",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "game",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "tournament",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "formats",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "board",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    (
        "i18n",
        "batch",
        "messages are text keyed by id; the code that knows a type picks its message, so the language layer names no type of the engine",
    ),
    // laws: what the Laws of Chess say holds for every event and every file.
    (
        "laws",
        "adjudicate",
        "the Laws do not depend on an event's play-out adjudication; adjudication applies them",
    ),
    (
        "laws",
        "game",
        "the Laws hold before any competition rule or event log; the judge applies them",
    ),
    (
        "laws",
        "tournament",
        "a rule of play never depends on a tournament",
    ),
    (
        "laws",
        "formats",
        "the Laws are the same whatever file a game came from (SAN resolution is a rules shortcut and lives in laws)",
    ),
    ("laws", "board", "the Laws know no digital board"),
    ("laws", "batch", "the Laws know no database replay"),
    // adjudicate: a pure function of a position and a configuration.
    (
        "adjudicate",
        "game",
        "adjudication is a function of a position; the judge calls it, never the reverse",
    ),
    (
        "adjudicate",
        "tournament",
        "a position's adjudication knows no tournament",
    ),
    (
        "adjudicate",
        "formats",
        "adjudication takes a position, not a file",
    ),
    (
        "adjudicate",
        "board",
        "adjudication takes a position, not a board log",
    ),
    ("adjudicate", "batch", "adjudication knows no replay"),
    // game: one game under the competition rules, whatever its source.
    (
        "game",
        "tournament",
        "a game is judged the same in or out of a tournament; the tournament converts verdicts",
    ),
    (
        "game",
        "formats",
        "the judge knows no file format; readers turn files into events",
    ),
    (
        "game",
        "board",
        "the judge takes events; board recognition produces them",
    ),
    ("game", "batch", "the judge knows no database replay"),
    // tournament: the model, pairing, standings; TRF and other files are at the edge.
    (
        "tournament",
        "formats",
        "TRF is one conversion at the edge of the model: formats may import the model, never the reverse",
    ),
    ("tournament", "board", "a tournament knows no board log"),
    (
        "tournament",
        "batch",
        "a tournament knows no database replay",
    ),
    // formats: readers and writers at the edge.
    (
        "formats",
        "board",
        "file readers do not depend on e-board recognition",
    ),
    (
        "formats",
        "batch",
        "file readers do not depend on the replay pipeline",
    ),
    // board and batch: faces of their own kind over the game layer.
    (
        "board",
        "formats",
        "board recognition turns placements into the judge's events (game::event::EventLog); it knows no file format",
    ),
    (
        "board",
        "batch",
        "board recognition and database replay are independent uses of the judge",
    ),
    (
        "board",
        "tournament",
        "the e-boards and the live room know no event: the desk gives them assignments, play-outs and boards as plain data",
    ),
    (
        "batch",
        "board",
        "database replay and board recognition are independent uses of the judge",
    ),
    // No library module may name the faces.
    (
        "laws",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "adjudicate",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "game",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "tournament",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "formats",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "board",
        "cli",
        "the library never depends on its command line",
    ),
    (
        "batch",
        "cli",
        "the library never depends on its command line",
    ),
    ("laws", "web", "the library never depends on its web page"),
    (
        "adjudicate",
        "web",
        "the library never depends on its web page",
    ),
    ("game", "web", "the library never depends on its web page"),
    (
        "tournament",
        "web",
        "the library never depends on its web page",
    ),
    (
        "formats",
        "web",
        "the library never depends on its web page",
    ),
    ("board", "web", "the library never depends on its web page"),
    ("batch", "web", "the library never depends on its web page"),
];

/// Longest `.rs` file allowed without a `//! One file:` line saying why.
const MAX_LINES: usize = 800;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to: `src/game/judge.rs` → `game`,
/// `src/batch.rs` → `batch`, `src/main.rs` → `cli`; `lib.rs` → none.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).expect("file under src/");
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    match first.as_str() {
        "lib.rs" => None,
        "main.rs" => Some("cli".to_owned()),
        name => Some(name.trim_end_matches(".rs").to_owned()),
    }
}

/// The code of a line: the part before a `//` comment (good enough for this crate: no
/// `crate::` path appears inside a string literal with `//` before it).
fn code_of(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The top-level modules a file names through `crate::`: `crate::game::…` and the members of
/// `use crate::{game::…, laws::…}` groups (a group may span lines). `(line number, module)`.
fn arrows(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let lines: Vec<&str> = text.lines().map(code_of).collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                // Collect the group up to its closing brace, across lines.
                let mut body = group.to_owned();
                let mut j = i;
                let mut depth = 1 + group.matches('{').count() - group.matches('}').count();
                while depth > 0 && j + 1 < lines.len() {
                    j += 1;
                    body.push(' ');
                    body.push_str(lines[j]);
                    depth = depth + lines[j].matches('{').count() - lines[j].matches('}').count();
                }
                for name in top_level_names(&body) {
                    found.push((i + 1, name));
                }
            } else {
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.push((i + 1, name));
                }
            }
            rest = after;
        }
        i += 1;
    }
    found
}

/// The first path segment of each member at brace depth 0 of a `use` group's body.
fn top_level_names(body: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut expect_name = true;
    let mut current = String::new();
    for c in body.chars() {
        match c {
            '{' => {
                depth += 1;
                expect_name = false;
            }
            '}' => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            ',' if depth == 0 => expect_name = true,
            c if depth == 0 && expect_name && (c.is_ascii_alphanumeric() || c == '_') => {
                current.push(c);
            }
            _ => {
                if !current.is_empty() {
                    names.push(std::mem::take(&mut current));
                    expect_name = false;
                }
            }
        }
    }
    if !current.is_empty() {
        names.push(current);
    }
    names
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_arrow_points_the_wrong_way() {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let modules: BTreeSet<&str> = MODULES.iter().copied().collect();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in &files {
        let Some(from) = module_of(&src, file) else {
            continue;
        };
        if !modules.contains(from.as_str()) {
            wrong.push(format!(
                "{}: top-level module `{from}` is in no layer: add it to MODULES and FORBIDDEN",
                file.strip_prefix(&src).unwrap_or(file).display()
            ));
            continue;
        }
        let text = fs::read_to_string(file).expect("source is UTF-8");
        for (line, to) in arrows(&text) {
            checked += 1;
            if to == from || to == "self" || to == "super" {
                continue;
            }
            if let Some((_, _, why)) = FORBIDDEN.iter().find(|(f, t, _)| *f == from && *t == to) {
                wrong.push(format!(
                    "{}:{line}: {from} -> {to}: {why}",
                    file.strip_prefix(&src).unwrap_or(file).display()
                ));
            }
        }
    }
    assert!(
        checked > 40,
        "only {checked} crate:: paths found: the scan is broken"
    );
    assert!(
        wrong.is_empty(),
        "{} arrow(s) point the wrong way:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Only the event's record (`src/tournament/record/`) knows SQL: no other file names
/// `rusqlite` (the model, the pairer, the CLI and the pages see the model's types).
#[test]
fn only_the_record_knows_sql() {
    let src = src_dir();
    let record = src.join("tournament").join("record");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let speaking: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&record))
        .filter(|f| {
            fs::read_to_string(f)
                .expect("source is UTF-8")
                .lines()
                .any(|l| code_of(l).contains("rusqlite"))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(speaking.is_empty(), "SQL outside the record: {speaking:?}");
    assert!(
        files.iter().any(|f| f.starts_with(&record)),
        "no record room found at {}",
        record.display()
    );
}

#[test]
fn long_files_say_why() {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("source is UTF-8");
        let lines = text.lines().count();
        let says_why = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .any(|l| l.starts_with("//! One file:"));
        if lines > MAX_LINES && !says_why {
            long.push(format!("{} ({lines} lines)", file.display()));
        }
    }
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines without a `//! One file:` reason:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_scan_reads_groups_and_ignores_comments() {
    let text = "use crate::{\n    game::event::Event,\n    laws::{Article, check},\n};\n\
                // crate::batch is mentioned here only\nlet x = crate::formats::pgn::read();\n";
    let found: Vec<(usize, String)> = arrows(text);
    assert_eq!(
        found,
        vec![
            (1, "game".to_owned()),
            (1, "laws".to_owned()),
            (6, "formats".to_owned()),
        ]
    );
    // Every forbidden arrow names two known modules.
    for (from, to, why) in FORBIDDEN {
        assert!(
            MODULES.contains(from) && MODULES.contains(to),
            "{from} -> {to}"
        );
        assert!(!why.is_empty());
    }
}
