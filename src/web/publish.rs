//! The public view as a static site (`arbiter tournament publish EVENT --output DIR`): every
//! page of [`super::public::public_router`] rendered in-process (`tower::ServiceExt::oneshot`,
//! no listener), its links rewritten in one place ([`static_links`]) to relative file paths
//! that work from any folder and from `file://`, and written as plain HTML files (the
//! stylesheet inlined, no script) that a school can upload anywhere.
//!
//! The files, for the first group (or the only one) at the top of the folder and for group
//! `k` (2, 3, …) of an event of several groups in `group-k/`: `index.html`, `standings.html`,
//! `crosstable.html`, `prizes.html`, `rounds/N.html` and `rounds/N/games.pgn` for every round
//! paired. Each file is written atomically (a temporary file renamed); a page of a round that
//! no longer exists (unpaired) or of a group gone is removed, so that running it again after a
//! round updates the site.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower_service::Service;

use super::{App, DeskLimits, ServeConfig};
use crate::game::preset::Preset;
use crate::i18n::Lang;
use crate::tournament::record;
use crate::tournament::store::{self, StoreError};

/// What [`publish`] did: the files written and removed (paths inside the output folder,
/// `/`-separated), and the event's number of groups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Published {
    /// Every file written, in the order written.
    pub written: Vec<String>,
    /// The files of an earlier run removed (rounds unpaired, groups gone).
    pub removed: Vec<String>,
    /// The event's groups (1 for an event of one group).
    pub groups: usize,
}

/// Why [`publish`] stopped.
#[derive(Debug)]
pub enum PublishError {
    /// The event could not be read, or a file not written ([`StoreError`]).
    Store(StoreError),
    /// A page was not rendered: its address and the status it got (a bug, or the event
    /// changed under the run).
    Page {
        /// The public view's address of the page (`/rounds/3?group=1`).
        path: String,
        /// Its HTTP status.
        status: u16,
    },
}

impl From<StoreError> for PublishError {
    fn from(e: StoreError) -> Self {
        PublishError::Store(e)
    }
}

impl PublishError {
    /// The error in words, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            PublishError::Store(e) => e.to_string(),
            PublishError::Page { path, status } => lang.fmt(
                "publish-error-page",
                &[("path", path), ("status", &status.to_string())],
            ),
        }
    }
}

/// The folder (with its trailing `/`, empty for the first) of group `i` (from 0).
fn group_dir(i: usize) -> String {
    if i == 0 {
        String::new()
    } else {
        format!("group-{}/", i + 1)
    }
}

/// The file (inside the output folder) of the public view's page `path` of group `group`,
/// `None` for an address that is not one of the site's pages.
fn file_of(path: &str, group: usize) -> Option<String> {
    let page = match path {
        "/" => "index.html".to_string(),
        "/standings" | "/crosstable" | "/prizes" => format!("{}.html", &path[1..]),
        _ => {
            let rest = path.strip_prefix("/rounds/")?;
            let (n, pgn) = match rest.strip_suffix("/games.pgn") {
                Some(n) => (n, true),
                None => (rest, false),
            };
            let n: u32 = n.parse().ok().filter(|&n| n >= 1)?;
            if pgn {
                format!("rounds/{n}/games.pgn")
            } else {
                format!("rounds/{n}.html")
            }
        }
    };
    Some(format!("{}{page}", group_dir(group)))
}

/// `to` (a file inside the output folder) as a link from the page `from` (another one).
fn relative(from: &str, to: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{to}", "../".repeat(depth))
}

/// The HTML `html` of the page written as `from`, its links made the site's: every `href` to
/// a page of the public view (`/standings?lang=ru&group=1`) becomes the relative path of that
/// page's file, and the language switch (a page in the other language, which the site does not
/// have) and the link to the live boards (a page of the round as it is played, which a site
/// written once cannot follow) go.
pub fn static_links(html: &str, from: &str) -> String {
    let mut html = html.to_string();
    // The language switch: `<span class="langs">…</span>`; the live boards' `<a …>…</a>`.
    for (open, close) in [
        ("<span class=\"langs\">", "</span>"),
        ("<a href=\"/boards", "</a>"),
    ] {
        if let Some(a) = html.find(open)
            && let Some(len) = html[a..].find(close)
        {
            html.replace_range(a..a + len + close.len(), "");
        }
    }
    let mut out = String::with_capacity(html.len());
    let mut rest = html.as_str();
    while let Some(i) = rest.find("href=\"") {
        let start = i + "href=\"".len();
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find('"').unwrap_or(rest.len());
        let link = rest[..end].replace("&amp;", "&").replace("&#x2f;", "/");
        let (path, query) = link.split_once('?').unwrap_or((&link, ""));
        let group = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("group="))
            .and_then(|g| g.parse().ok())
            .unwrap_or(0);
        match file_of(path, group).filter(|_| path.starts_with('/')) {
            Some(file) => out.push_str(&relative(from, &file)),
            None => out.push_str(&rest[..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Writes the public view of the event at `state` into the folder `output` (made when
/// missing), in `lang`, the standings under `preset` when given (else the event's own):
/// the pages listed in the module's documentation, each file atomically, then removes the
/// files of an earlier run that no longer have a page.
///
/// # Errors
/// [`PublishError::Store`] for an event that cannot be read or a file that cannot be written
/// (the files written before it stay, each whole); [`PublishError::Page`] for a page not
/// rendered.
pub fn publish(
    state: &Path,
    output: &Path,
    lang: Lang,
    preset: Option<Preset>,
) -> Result<Published, PublishError> {
    let event = record::load_any_event(state)?;
    let names = event.names();
    let groups = names.len().max(1);
    let mut pages: Vec<(String, String)> = Vec::new();
    for i in 0..groups {
        let gq = if groups > 1 {
            format!("&group={i}")
        } else {
            String::new()
        };
        let mut paths: Vec<String> = ["/", "/standings", "/crosstable", "/prizes"]
            .iter()
            .map(|p| p.to_string())
            .collect();
        for r in event.group(i).rounds.iter().filter(|r| !r.games.is_empty()) {
            paths.push(format!("/rounds/{}", r.number));
            paths.push(format!("/rounds/{}/games.pgn", r.number));
        }
        for p in paths {
            if let Some(file) = file_of(&p, i) {
                pages.push((format!("{p}?lang={}{gq}", lang.code()), file));
            }
        }
    }
    let config = ServeConfig {
        state: state.to_path_buf(),
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        lang,
        preset,
        token: None,
        allowed_hosts: Vec::new(),
        limits: DeskLimits::default(),
        public: None,
        public_url: None,
        broadcast: None,
    };
    let app = App::new(config);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| StoreError::Io {
            file: state.display().to_string(),
            action: "read",
            source,
        })?;
    let mut done = Published {
        groups,
        ..Published::default()
    };
    std::fs::create_dir_all(output).map_err(|source| StoreError::Io {
        file: output.display().to_string(),
        action: "create",
        source,
    })?;
    for (uri, file) in &pages {
        let body = runtime.block_on(page(&app, uri))?;
        let body = if file.ends_with(".html") {
            static_links(&String::from_utf8_lossy(&body), file).into_bytes()
        } else {
            body
        };
        let path = output.join(file);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                file: dir.display().to_string(),
                action: "create",
                source,
            })?;
        }
        store::write_atomic(&path, |f| f.write_all(&body))?;
        done.written.push(file.clone());
    }
    let kept: BTreeSet<&str> = done.written.iter().map(String::as_str).collect();
    done.removed = remove_stale(output, &kept);
    Ok(done)
}

/// The body of the public view's page `uri` (`GET`), or the status it got when not 200.
async fn page(app: &super::Shared, uri: &str) -> Result<Vec<u8>, PublishError> {
    let req = Request::builder()
        .uri(uri)
        .body(Body::empty())
        .map_err(|_| PublishError::Page {
            path: uri.to_string(),
            status: 400,
        })?;
    let failed = |status: StatusCode| PublishError::Page {
        path: uri.to_string(),
        status: status.as_u16(),
    };
    let mut router = super::public::public_router(app.clone());
    std::future::poll_fn(|cx| Service::<Request<Body>>::poll_ready(&mut router, cx))
        .await
        .map_err(|_| failed(StatusCode::INTERNAL_SERVER_ERROR))?;
    let answer = router
        .call(req)
        .await
        .map_err(|_| failed(StatusCode::INTERNAL_SERVER_ERROR))?;
    let status = answer.status();
    if status != StatusCode::OK {
        return Err(failed(status));
    }
    axum::body::to_bytes(answer.into_body(), usize::MAX)
        .await
        .map(|b| b.to_vec())
        .map_err(|_| failed(StatusCode::INTERNAL_SERVER_ERROR))
}

/// Removes from `output` the site's files (as [`file_of`] names them, in the top folder and in
/// every `group-k/`) that are not in `kept`, then the folders left empty: the pages of a
/// round unpaired or of a group gone. Nothing else in the folder is touched. Returns the files
/// removed; one that cannot be removed is left (the next run tries again).
fn remove_stale(output: &Path, kept: &BTreeSet<&str>) -> Vec<String> {
    let mut dirs = vec![String::new()];
    if let Ok(entries) = std::fs::read_dir(output) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let numbered = name
                .strip_prefix("group-")
                .is_some_and(|k| k.parse::<usize>().is_ok_and(|k| k >= 2));
            if numbered && e.path().is_dir() {
                dirs.push(format!("{name}/"));
            }
        }
    }
    let mut removed = Vec::new();
    let mut gone = |file: String| {
        if !kept.contains(file.as_str()) && std::fs::remove_file(output.join(&file)).is_ok() {
            removed.push(file);
        }
    };
    for dir in &dirs {
        for page in ["index", "standings", "crosstable", "prizes"] {
            if output.join(format!("{dir}{page}.html")).is_file() {
                gone(format!("{dir}{page}.html"));
            }
        }
        let rounds: Vec<u32> = std::fs::read_dir(output.join(format!("{dir}rounds")))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".html").unwrap_or(&name).parse().ok()
            })
            .collect::<BTreeSet<u32>>()
            .into_iter()
            .collect();
        for n in rounds {
            for file in [
                format!("{dir}rounds/{n}.html"),
                format!("{dir}rounds/{n}/games.pgn"),
            ] {
                if output.join(&file).is_file() {
                    gone(file);
                }
            }
            let _ = std::fs::remove_dir(output.join(format!("{dir}rounds/{n}")));
        }
        let _ = std::fs::remove_dir(output.join(format!("{dir}rounds")));
        if !dir.is_empty() {
            let _ = std::fs::remove_dir(output.join(dir));
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::{file_of, relative, static_links};

    #[test]
    fn a_link_of_the_public_view_is_a_file_of_the_site() {
        assert_eq!(file_of("/", 0).as_deref(), Some("index.html"));
        assert_eq!(
            file_of("/prizes", 1).as_deref(),
            Some("group-2/prizes.html")
        );
        assert_eq!(file_of("/rounds/3", 0).as_deref(), Some("rounds/3.html"));
        assert_eq!(
            file_of("/rounds/3/games.pgn", 2).as_deref(),
            Some("group-3/rounds/3/games.pgn")
        );
        assert_eq!(file_of("/rounds/0", 0), None);
        assert_eq!(file_of("/log", 0), None);
        assert_eq!(relative("rounds/2.html", "index.html"), "../index.html");
        assert_eq!(
            relative("group-2/rounds/2.html", "standings.html"),
            "../../standings.html"
        );
        let html = "<nav><a href=\"/?lang=ru&amp;group=1\">A</a> \
            <span class=\"langs\"><a href=\"&#x2f;standings?lang=ru\">RU</a></span></nav>\
            <a href=\"/rounds/2/games.pgn?lang=ru\">PGN</a><a href=\"https://x.org/\">x</a>";
        assert_eq!(
            static_links(html, "group-2/rounds/1.html"),
            "<nav><a href=\"../../group-2/index.html\">A</a> </nav>\
             <a href=\"../../rounds/2/games.pgn\">PGN</a><a href=\"https://x.org/\">x</a>"
        );
    }
}
