//! An optional UCI engine as rule 9 of play-out adjudication (CR 4.3–4.5): the engine (e.g.
//! Debian's `stockfish`, `/usr/games/stockfish`) is started as a child process, given the
//! position by FEN and searched with a node or time limit; its evaluation and principal
//! variation are reported. Never used unless [`super::AdjudicationConfig::engine`] is set.
//!
//! Protocol: UCI (`uci`/`uciok`, `isready`/`readyok`, `position fen …`, `go nodes N` or
//! `go movetime MS`, `info … score cp|mate … pv …`, `bestmove`).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, Position};

/// How long the engine may search one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// `go movetime MS` (milliseconds).
    MoveTime(u64),
}

/// The engine of rule 9 and its thresholds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The engine's executable.
    pub path: PathBuf,
    /// The search limit per position.
    pub limit: EngineLimit,
    /// Least evaluation (centipawns, for the side ahead) that is a clear win; default 300.
    pub win_cp: i32,
    /// Largest evaluation (centipawns, either side) that is roughly equal; default 50.
    pub draw_cp: i32,
}

impl EngineConfig {
    /// `path` with a limit and the default thresholds (win at +3.00, draw within ±0.50).
    pub fn new(path: impl Into<PathBuf>, limit: EngineLimit) -> Self {
        EngineConfig {
            path: path.into(),
            limit,
            win_cp: 300,
            draw_cp: 50,
        }
    }
}

/// Errors of the engine rule: the engine is missing, cannot be started, or breaks the
/// protocol.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The executable could not be started.
    #[error("cannot start the engine {path}: {source}")]
    Start {
        /// The configured path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Writing to or reading from the engine failed.
    #[error("engine {path}: {what}")]
    Protocol {
        /// The configured path.
        path: PathBuf,
        /// What went wrong.
        what: String,
    },
}

/// The engine's evaluation, from White's point of view (JSON `{"cp": 35}` or `{"mate": -3}`:
/// positive is good for White; mate in moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: Black mates).
    Mate(i32),
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Cp(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n >= 0 => write!(f, "White mates in {n}"),
            Score::Mate(n) => write!(f, "Black mates in {}", -n),
        }
    }
}

/// What the engine found (JSON key `engine` of an adjudication).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineReport {
    /// The engine's name (`id name`), or its path.
    pub name: String,
    /// The last evaluation reported.
    pub score: Score,
    /// Search depth in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation in UCI.
    pub pv_uci: Vec<String>,
    /// The principal variation in SAN (up to the first move that is not legal).
    pub pv_san: Vec<String>,
}

impl EngineReport {
    /// The side the evaluation calls clearly winning (mate, or at least `win_cp`).
    pub fn clear_winner(&self, win_cp: i32) -> Option<Color> {
        match self.score {
            Score::Mate(n) if n > 0 => Some(Color::White),
            Score::Mate(n) if n < 0 => Some(Color::Black),
            Score::Cp(cp) if cp >= win_cp => Some(Color::White),
            Score::Cp(cp) if cp <= -win_cp => Some(Color::Black),
            _ => None,
        }
    }
}

struct Session {
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start(path: &PathBuf) -> Result<Session, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Start {
                path: path.clone(),
                source,
            })?;
        let protocol = |what: &str| EngineError::Protocol {
            path: path.clone(),
            what: what.to_owned(),
        };
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| protocol("no standard input"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| protocol("no standard output"))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Session {
            path: path.clone(),
            child,
            stdin,
            lines: rx,
        })
    }

    fn error(&self, what: impl Into<String>) -> EngineError {
        EngineError::Protocol {
            path: self.path.clone(),
            what: what.into(),
        }
    }

    fn send(&mut self, command: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.error(format!("cannot send `{command}`: {e}")))
    }

    /// Reads lines until one starts with `token`; every line is passed to `each`.
    fn until(
        &mut self,
        token: &str,
        timeout: Duration,
        mut each: impl FnMut(&str),
    ) -> Result<String, EngineError> {
        loop {
            match self.lines.recv_timeout(timeout) {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(token) {
                        return Ok(line);
                    }
                    each(&line);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(self.error(format!("no `{token}` within {} s", timeout.as_secs())));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(self.error(format!("exited before `{token}`")));
                }
            }
        }
    }

    fn handshake(&mut self) -> Result<String, EngineError> {
        self.send("uci")?;
        let mut name = None;
        self.until("uciok", Duration::from_secs(10), |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_owned());
            }
        })?;
        self.send("isready")?;
        self.until("readyok", Duration::from_secs(10), |_| {})?;
        Ok(name.unwrap_or_else(|| self.path.display().to_string()))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // The engine quits on `quit`; kill it if it is still searching after a short wait.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the engine and checks that it speaks UCI; returns its name.
///
/// Errors: [`EngineError::Start`] when the executable is missing or cannot run,
/// [`EngineError::Protocol`] when it does not answer `uciok` / `readyok` within 10 s.
pub fn check(config: &EngineConfig) -> Result<String, EngineError> {
    Session::start(&config.path)?.handshake()
}

/// Searches `pos` with the configured limit and returns the last evaluation and line, with
/// an engine started for it alone ([`EnginePool::analyse`] keeps engines for the next
/// positions).
///
/// Errors: as [`check`], and [`EngineError::Protocol`] when no `bestmove` or no evaluation
/// arrives (the time allowed is the move time plus 30 s, or 120 s for a node limit).
pub fn analyse(config: &EngineConfig, pos: &Chess) -> Result<EngineReport, EngineError> {
    EnginePool::default().analyse(config, pos)
}

/// Engines kept running between positions, so that adjudicating a batch starts the engine
/// once per thread, not once per position. An engine that failed is not kept.
#[derive(Default)]
pub struct EnginePool {
    idle: std::sync::Mutex<Vec<(Session, String)>>,
}

impl EnginePool {
    /// [`analyse`] with an idle engine of the pool, or a new one; the engine goes back to the
    /// pool after a search that went well.
    ///
    /// Errors: as [`analyse`].
    pub fn analyse(&self, config: &EngineConfig, pos: &Chess) -> Result<EngineReport, EngineError> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let (mut session, name) = match idle {
            Some(engine) => engine,
            None => {
                let mut session = Session::start(&config.path)?;
                let name = session.handshake()?;
                (session, name)
            }
        };
        let report = search(&mut session, name.clone(), config, pos)?;
        if let Ok(mut idle) = self.idle.lock() {
            idle.push((session, name));
        }
        Ok(report)
    }

    /// How many engines wait for the next position.
    pub fn idle_engines(&self) -> usize {
        self.idle.lock().map_or(0, |idle| idle.len())
    }
}

/// One search of `pos` by an engine that has answered `uciok`.
fn search(
    session: &mut Session,
    name: String,
    config: &EngineConfig,
    pos: &Chess,
) -> Result<EngineReport, EngineError> {
    let fen = Fen::from_position(pos, EnPassantMode::Legal);
    session.send("ucinewgame")?;
    session.send("isready")?;
    session.until("readyok", Duration::from_secs(10), |_| {})?;
    session.send(&format!("position fen {fen}"))?;
    let (go, timeout) = match config.limit {
        EngineLimit::Nodes(n) => (format!("go nodes {n}"), Duration::from_secs(120)),
        EngineLimit::MoveTime(ms) => (
            format!("go movetime {ms}"),
            Duration::from_millis(ms) + Duration::from_secs(30),
        ),
    };
    session.send(&go)?;
    let mut last: Option<(Score, u32, u64, Vec<String>)> = None;
    session.until("bestmove", timeout, |line| {
        if let Some(info) = parse_info(line) {
            last = Some(info);
        }
    })?;
    let (score, depth, nodes, pv) =
        last.ok_or_else(|| session.error("no evaluation (`info … score`)"))?;
    let score = match (pos.turn(), score) {
        (Color::White, s) => s,
        (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    };
    let pv_san = san_line(pos, &pv);
    Ok(EngineReport {
        name,
        score,
        depth,
        nodes,
        pv_uci: pv,
        pv_san,
    })
}

/// An `info` line with a score: (score for the side to move, depth, nodes, pv).
fn parse_info(line: &str) -> Option<(Score, u32, u64, Vec<String>)> {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("info") {
        return None;
    }
    let (mut score, mut depth, mut nodes, mut pv) = (None, 0, 0, Vec::new());
    while let Some(t) = tokens.next() {
        match t {
            "depth" => depth = tokens.next()?.parse().ok()?,
            "nodes" => nodes = tokens.next()?.parse().ok()?,
            "score" => {
                score = match (tokens.next()?, tokens.next()?.parse().ok()?) {
                    ("cp", v) => Some(Score::Cp(v)),
                    ("mate", v) => Some(Score::Mate(v)),
                    _ => None,
                }
            }
            "pv" => {
                pv = tokens.by_ref().map(str::to_owned).collect();
            }
            _ => {}
        }
    }
    score.map(|s| (s, depth, nodes, pv))
}

/// The line in SAN, up to the first move that does not parse or is not legal.
fn san_line(pos: &Chess, uci: &[String]) -> Vec<String> {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    for m in uci {
        let Some(mv) = m.parse::<UciMove>().ok().and_then(|u| u.to_move(&cur).ok()) else {
            break;
        };
        out.push(SanPlus::from_move_and_play_unchecked(&mut cur, mv).to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines() {
        let (s, d, n, pv) = parse_info(
            "info depth 12 seldepth 15 multipv 1 score cp -35 nodes 5000 nps 1 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!((s, d, n), (Score::Cp(-35), 12, 5000));
        assert_eq!(pv, ["e2e4", "e7e5"]);
        let (s, ..) = parse_info("info depth 3 score mate -2 pv a1a8").unwrap();
        assert_eq!(s, Score::Mate(-2));
        assert_eq!(parse_info("info string NNUE enabled"), None);
        assert_eq!(Score::Cp(312).to_string(), "+3.12");
        assert_eq!(Score::Mate(-2).to_string(), "Black mates in 2");
    }

    #[test]
    fn missing_engine_is_an_error() {
        let config = EngineConfig::new("/no/such/engine", EngineLimit::Nodes(1));
        let err = check(&config).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot start the engine /no/such/engine"),
            "{err}"
        );
    }
}
