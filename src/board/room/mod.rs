//! The live room: every e-board the desk hears, the board of the round each one is on, and the
//! game each one shows as it is played, judged move by move ([`LiveJudge`]).
//!
//! Per board it keeps the placement the board shows, the moves (SAN), the incidents (an illegal
//! act with its article, a touched piece, an automatic ending, the kings' result signal, a
//! board disconnected) and a **proposed result**: from an automatic ending (mate, stalemate,
//! dead position, fivefold, 75 moves, a second counted illegal move: Laws 5, 9.6, CR 3.3), from
//! the kings' result signal (CR 4.2), or from the adjudication of the live position when the
//! play-out expires (CR 4.3–4.5, [`crate::adjudicate`]). A proposal is never a result: the
//! arbiter records it (the desk's `record_judged` / `record_adjudicated` paths).
//!
//! Which e-board is on which board, and the play-outs, are the state file's; the room knows no
//! event: the desk gives it the assignments ([`LiveRoom::sync`]), the boards whose play-out is
//! over ([`LiveRoom::expire`]) and the boards of a round ([`LiveRoom::round_view`]). The room
//! holds no clock of its own: times come from the caller (milliseconds since the Unix epoch),
//! so that the server's clock is the one every page shows.

use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::Chess;
use shakmaty::fen::Fen;

use crate::adjudicate::{Adjudication, Adjudicator, Decision};
use crate::board::RecogniserConfig;
use crate::board::link::LinkEvent;
use crate::board::live::{LiveClock, LiveEvent, LiveJudge};
pub use crate::game::place::BoardKey;
use crate::game::rules::CompetitionRules;
use crate::game::verdict::Verdict;
pub use refusal::RoomError;

/// How many moves (plies) a board's view lists, the last ones.
pub const LAST_MOVES: usize = 12;

/// The link's state of an e-board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EboardState {
    /// Listed by LiveChess, not yet followed.
    Seen,
    /// Followed: its moves come in.
    Connected,
    /// The link dropped; it is being opened again.
    Disconnected,
    /// The link is down for good.
    Lost,
}

/// What an incident is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IncidentKind {
    /// An illegal act (Laws 3, 7.5; CR 3.1–3.7); counts only once noticed or claimed (CR 3.4).
    Illegal,
    /// The player on move lifted one of his pieces (Laws 4.3).
    Touch,
    /// The game ended by a rule of the Laws or the CR.
    Ending,
    /// The kings on the centre squares: a result shown by the players (CR 4.2).
    ResultSignal,
    /// The board's link dropped.
    Disconnected,
    /// The board sent what is not a position (one a game: the link's fault, not a player's).
    Unreadable,
    /// The board's link was down and the plies played meanwhile could not be recovered (no
    /// legal sequence of at most 8 plies leads to the board after it, or several do): the
    /// arbiter settles it (the moves, the position) on the board.
    BoardGap,
}

/// One incident of a board, as the pages list it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Incident {
    /// Its number on the board (0-based), which the arbiter's notice names.
    pub id: usize,
    /// What it is.
    pub kind: IncidentKind,
    /// The rule (`Laws 3.6`, `CR 3.1`), when one applies.
    pub article: Option<String>,
    /// The ply it happened at (plies played before it, this one included for a move).
    pub ply: u32,
    /// Who (`white`, `black`), when it is a player's act.
    pub side: Option<&'static str>,
    /// The detail: the illegal act's kind code or the move (UCI), the square touched, the
    /// result shown or the ending's reason code, the link's reason.
    pub detail: String,
    /// The result, for an ending or a result signal.
    pub result: Option<String>,
    /// True once the arbiter noticed it (CR 3.4), for an illegal act.
    pub noticed: bool,
    /// For a disconnection: the link is back (the incident is closed).
    pub link_back: bool,
    /// For a gap: the arbiter settled it on the board.
    pub settled: bool,
    /// The judge's or the link's report it comes from.
    #[serde(skip)]
    pub event: LiveEvent,
}

impl Incident {
    /// The incident for people (the `live-*` messages).
    pub fn note(&self) -> crate::i18n::Note {
        match self.kind {
            IncidentKind::Disconnected if self.link_back => {
                crate::i18n::Note::new("live-link-back")
                    .note("reason", crate::board::link::reason_note(&self.detail))
            }
            _ => self.event.note(),
        }
    }
}

/// Where a proposed result comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProposedBy {
    /// An automatic ending the judge found.
    Ending,
    /// The kings' result signal (CR 4.2).
    ResultSignal,
    /// The adjudication of the live position at the play-out's end (CR 4.3).
    Adjudication,
}

/// A result the room proposes; the arbiter records it or not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProposedResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// From what.
    pub by: ProposedBy,
    /// The ending's reason code (`checkmate`…) or the adjudication's basis, when known.
    pub reason: Option<String>,
    /// The rule.
    pub article: Option<String>,
    /// For a signal: whether it agrees with the position (CR 4.2), when the judge could tell.
    pub agrees: Option<bool>,
    /// For an adjudication: the position adjudicated (FEN) and whether the rules left it to
    /// the arbiter (the result is then the adjudicator's recommendation).
    pub fen: Option<String>,
    /// For an adjudication left to the arbiter.
    pub review: bool,
    /// The incident it comes from (its number on the board), for an ending or a signal.
    pub incident: Option<usize>,
}

/// A game followed on an e-board.
#[derive(Debug)]
struct LiveGame {
    judge: LiveJudge,
    moves: Vec<String>,
    /// The ply of each move (1 for White's first): an illegal move not counted leaves a gap.
    move_plies: Vec<u32>,
    incidents: Vec<Incident>,
    proposed: Option<ProposedResult>,
    adjudication: Option<Adjudication>,
    /// The last piece lifted by the player on move, until his move shows whether he moved it.
    touched: Option<(&'static str, String, LiveEvent)>,
    /// The room's number of this game (unique in the room, see [`LiveRoom::first_game`]).
    key: u64,
    /// How many of its incidents the event's record has ([`LiveRoom::saved`]).
    saved: usize,
    /// When each move was judged and what the board showed then, one per move: what the
    /// public view shows with a delay ([`LiveRoom::shown_until`]).
    seen: Vec<MoveSeen>,
    /// The placement before the first move (the board as the game started).
    start: Option<Box<str>>,
}

/// An e-board the room has heard of.
#[derive(Debug)]
struct Eboard {
    source: String,
    state: EboardState,
    battery: Option<String>,
    /// Read as a DGT serial board (true) or as LiveChess's frames (false).
    dgt: bool,
    /// Whether its link has spoken: an e-board known only from the state file's assignment
    /// takes the reader of the link it comes from once that link speaks.
    heard: bool,
    game: LiveGame,
    /// What a fresh game replays to start from the board as it stands ([`standing`]).
    last: Option<LinkEvent>,
    /// The board it follows.
    on: Option<BoardKey>,
    /// When its last placement came (the caller's clock, ms), while not yet read again.
    unsettled: Option<u64>,
    /// Put on a board since its game was last rebuilt from the record ([`rebuild`]).
    rebuild: bool,
}

/// An e-board as `GET /api/live` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EboardView {
    /// Its serial number.
    pub serialnr: String,
    /// Where it is reached (the device, the LiveChess address).
    pub source: String,
    /// The link's state.
    pub state: EboardState,
    /// Its battery, when known.
    pub battery: Option<String>,
    /// The group it is on (0 the first), when assigned.
    pub group: Option<usize>,
    /// The round it is on, when assigned.
    pub round: Option<u32>,
    /// The board it is on, when assigned.
    pub board: Option<u32>,
}

/// A board of the round as the event knows it, which [`LiveRoom::round_view`] completes with
/// what its e-board shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardOfRound {
    /// The board number.
    pub board: u32,
    /// White's starting rank.
    pub white: u16,
    /// Black's starting rank.
    pub black: u16,
    /// The result recorded (`1-0`, `0-1`, `1/2-1/2`…), when there is one.
    pub result: Option<String>,
    /// The e-board assigned to it, whether heard of yet or not.
    pub serialnr: Option<String>,
    /// Seconds left of its play-out (CR 4.3), `None` when none runs or the board has a result.
    pub playout_remaining_s: Option<u64>,
}

/// A board of the round as the live view shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LiveBoard {
    /// The board number.
    pub board: u32,
    /// White's starting rank.
    pub white: u16,
    /// Black's starting rank.
    pub black: u16,
    /// The result recorded, when there is one.
    pub result: Option<String>,
    /// The e-board on it.
    pub serialnr: Option<String>,
    /// The link's state of that e-board.
    pub state: Option<EboardState>,
    /// The placement the e-board shows (FEN piece placement), in the true orientation (a board
    /// turned round is drawn the right way).
    pub placement: Option<String>,
    /// The clock's times, when the board or LiveChess reports a clock.
    pub clock: Option<LiveClock>,
    /// The moves played, SAN, all of them.
    pub moves: Vec<String>,
    /// The ply of each move (1 for White's first, 2 for Black's…).
    pub move_plies: Vec<u32>,
    /// Its incidents, in order.
    pub incidents: Vec<Incident>,
    /// The result the room proposes.
    pub proposed_result: Option<ProposedResult>,
    /// Seconds left of the play-out (CR 4.3), `None` when none runs; 0 once over.
    pub playout_remaining_s: Option<u64>,
}

/// The live room (module docs).
#[derive(Debug)]
pub struct LiveRoom {
    eboards: BTreeMap<String, Eboard>,
    config: RecogniserConfig,
    rules: CompetitionRules,
    /// The number the next game gets.
    next_game: u64,
    /// How many times anything shown changed ([`LiveRoom::changes`]).
    changes: u64,
    /// The latest time the caller gave (ms since the Unix epoch): the stamp of moves judged
    /// on an act without a time of its own (an arbiter's notice, an assignment).
    now_ms: u64,
}

/// An incident the event's record does not have yet ([`LiveRoom::unsaved`]).
#[derive(Clone, Debug, PartialEq)]
pub struct UnsavedIncident {
    /// The board.
    pub at: BoardKey,
    /// The e-board.
    pub serialnr: String,
    /// The room's number of the game.
    pub game: u64,
    /// The incident.
    pub incident: Incident,
}

impl LiveRoom {
    /// An empty room; games are judged under `rules`, placements recognised with `config`.
    pub fn new(config: RecogniserConfig, rules: CompetitionRules) -> LiveRoom {
        LiveRoom {
            eboards: BTreeMap::new(),
            config,
            rules,
            next_game: 0,
            changes: 0,
            now_ms: 0,
        }
    }

    /// A counter that moves whenever anything the room shows changes (an e-board heard of, a
    /// placement, a move, an incident, a notice, a proposal, an assignment followed, an
    /// incident saved): a page made from the room at one count is the same until it moves.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Numbers the games from `first` on (the desk gives a number no earlier run used, so
    /// that the event's record tells the games of two runs apart).
    pub fn first_game(&mut self, first: u64) {
        self.next_game = first;
    }

    fn fresh_game(&mut self, serialnr: &str, dgt: bool) -> LiveGame {
        let key = self.next_game;
        self.next_game += 1;
        let judge = if dgt {
            LiveJudge::dgt(self.config.clone(), self.rules)
        } else {
            LiveJudge::livechess(Some(serialnr), self.config.clone(), self.rules)
        };
        LiveGame {
            judge,
            moves: Vec::new(),
            move_plies: Vec::new(),
            incidents: Vec::new(),
            proposed: None,
            adjudication: None,
            touched: None,
            key,
            saved: 0,
            seen: Vec::new(),
            start: None,
        }
    }

    /// E-board `serialnr`, added when new; `dgt` is its link's kind when the caller knows it
    /// (`None` for an assignment from the state file, which does not say). An e-board not
    /// heard from yet takes the kind of the first link that speaks for it, with a fresh game
    /// read by that link's reader.
    fn entry(&mut self, serialnr: &str, source: &str, dgt: Option<bool>) -> &mut Eboard {
        let unheard_other = self
            .eboards
            .get(serialnr)
            .and_then(|e| dgt.filter(|&d| !e.heard && e.dgt != d));
        if let Some(d) = unheard_other {
            self.changes += 1;
            let game = self.fresh_game(serialnr, d);
            if let Some(e) = self.eboards.get_mut(serialnr) {
                e.dgt = d;
                e.game = game;
                e.rebuild = e.on.is_some();
            }
        }
        if !self.eboards.contains_key(serialnr) {
            self.changes += 1;
            let game = self.fresh_game(serialnr, dgt.unwrap_or(false));
            self.eboards.insert(
                serialnr.to_string(),
                Eboard {
                    source: source.to_string(),
                    state: EboardState::Seen,
                    battery: None,
                    dgt: dgt.unwrap_or(false),
                    heard: false,
                    game,
                    last: None,
                    on: None,
                    unsettled: None,
                    rebuild: false,
                },
            );
        }
        let e = self
            .eboards
            .get_mut(serialnr)
            .unwrap_or_else(|| unreachable!("inserted above"));
        if dgt.is_some() {
            e.heard = true;
        }
        if !source.is_empty() && e.source != source {
            e.source = source.to_string();
            self.changes += 1;
        }
        e
    }

    /// An e-board listed by LiveChess (`dgt` false) or answering on a serial port (`dgt`
    /// true), with its battery when known. Returns true when anything shown changed.
    pub fn seen(
        &mut self,
        serialnr: &str,
        source: &str,
        dgt: bool,
        battery: Option<String>,
    ) -> bool {
        let known = self.eboards.contains_key(serialnr);
        let e = self.entry(serialnr, source, Some(dgt));
        let changed = !known || (battery.is_some() && e.battery != battery);
        if battery.is_some() {
            e.battery = battery;
        }
        if changed {
            self.changes += 1;
        }
        changed
    }

    /// Reads one event of e-board `serialnr`'s link, come at `now_ms` (the caller's clock).
    /// Returns true when anything shown changed.
    pub fn push(&mut self, serialnr: &str, event: &LinkEvent, now_ms: u64) -> bool {
        // A placement tells the link's kind; a change of the link's state does not.
        let dgt = match event {
            LinkEvent::Dgt { .. } => Some(true),
            LinkEvent::Frame { .. } => Some(false),
            _ => None,
        };
        let e = self.entry(serialnr, "", dgt);
        let mut out = Vec::new();
        match event {
            LinkEvent::Connected { board, .. } => {
                if !board.source.is_empty() {
                    e.source.clone_from(&board.source);
                }
                e.state = EboardState::Connected;
                link_back(&mut e.game);
            }
            LinkEvent::Disconnected { .. } => {
                let first = e.state != EboardState::Disconnected;
                e.state = EboardState::Disconnected;
                if e.on.is_some() {
                    dropped(&mut e.game, first, event);
                }
            }
            LinkEvent::GaveUp { .. } => e.state = EboardState::Lost,
            LinkEvent::Frame { sent: true, .. } => return false,
            LinkEvent::Frame { .. } | LinkEvent::Dgt { .. } => {
                e.state = EboardState::Connected;
                link_back(&mut e.game);
                e.last = Some(standing(e.last.take(), event));
                e.unsettled = Some(now_ms);
            }
        }
        e.game.judge.push(event, &mut out);
        take(&mut e.game, out, now_ms);
        self.now_ms = self.now_ms.max(now_ms);
        self.changes += 1;
        true
    }

    /// The placements that have stood `quiet_ms` at `now_ms` without a new one are read
    /// again ([`LiveJudge::stand`]): the last move of a board that reports only changes is
    /// judged once the hand has left it. Returns the e-boards whose game this changed, each
    /// with true when it has a new incident.
    pub fn settle(&mut self, now_ms: u64, quiet_ms: u64) -> Vec<(String, bool)> {
        self.now_ms = self.now_ms.max(now_ms);
        let mut changed = Vec::new();
        for (s, e) in &mut self.eboards {
            if e.unsettled
                .is_some_and(|t| now_ms.saturating_sub(t) >= quiet_ms)
            {
                e.unsettled = None;
                let before = (e.game.moves.len(), e.game.incidents.len());
                let mut out = Vec::new();
                e.game.judge.stand(&mut out);
                take(&mut e.game, out, now_ms);
                if (e.game.moves.len(), e.game.incidents.len()) != before {
                    changed.push((s.clone(), e.game.incidents.len() != before.1));
                }
            }
        }
        self.changes += changed.len() as u64;
        changed
    }

    /// Follows the state file's assignments, `serialnr → board`: an e-board put on
    /// another board (a new round) starts a new game from the placement it shows; one taken
    /// off stops being followed.
    pub fn sync(&mut self, assigned: &BTreeMap<String, BoardKey>) {
        let serials: Vec<String> = self.eboards.keys().cloned().collect();
        for s in serials {
            let on = assigned.get(&s).copied();
            let Some((dgt, last)) = self
                .eboards
                .get(&s)
                .filter(|e| e.on != on)
                .map(|e| (e.dgt, e.last.clone()))
            else {
                continue;
            };
            let mut game = self.fresh_game(&s, dgt);
            if let Some(last) = &last {
                let mut out = Vec::new();
                game.judge.push(last, &mut out);
                take(&mut game, out, self.now_ms);
            }
            if let Some(e) = self.eboards.get_mut(&s) {
                e.game = game;
                e.on = on;
                e.rebuild = on.is_some();
            }
            self.changes += 1;
        }
        // Assigned e-boards not heard of yet: known once their link speaks.
        for (serialnr, &on) in assigned {
            if !self.eboards.contains_key(serialnr) {
                let e = self.entry(serialnr, "", None);
                e.on = Some(on);
                e.rebuild = true;
            }
        }
    }

    /// The incidents of followed games that the event's record does not have yet, in order.
    pub fn unsaved(&self) -> Vec<UnsavedIncident> {
        let mut out = Vec::new();
        for (s, e) in &self.eboards {
            let Some(at) = e.on else {
                continue;
            };
            for i in e.game.incidents.iter().skip(e.game.saved) {
                out.push(UnsavedIncident {
                    at,
                    serialnr: s.clone(),
                    game: e.game.key,
                    incident: i.clone(),
                });
            }
        }
        out
    }

    /// The event's record has the incidents of game `game` of e-board `serialnr` up to
    /// `count` (their number).
    pub fn saved(&mut self, serialnr: &str, game: u64, count: usize) {
        if let Some(e) = self.eboards.get_mut(serialnr)
            && e.game.key == game
        {
            let saved = e.game.saved.max(count.min(e.game.incidents.len()));
            if saved != e.game.saved {
                e.game.saved = saved;
                self.changes += 1;
            }
        }
    }

    /// The e-board and the room's number of the game followed on board `at`.
    pub fn game_of(&self, at: BoardKey) -> Option<(String, u64)> {
        self.on_board(at).map(|(s, e)| (s.clone(), e.game.key))
    }

    /// The board e-board `serialnr` is on.
    pub fn on(&self, serialnr: &str) -> Option<BoardKey> {
        self.eboards.get(serialnr).and_then(|e| e.on)
    }

    /// Whether e-board `serialnr` has been heard of.
    pub fn knows(&self, serialnr: &str) -> bool {
        self.eboards.contains_key(serialnr)
    }

    /// The e-boards heard of, by serial number.
    pub fn eboards(&self) -> Vec<EboardView> {
        self.eboards
            .iter()
            .map(|(s, e)| EboardView {
                serialnr: s.clone(),
                source: e.source.clone(),
                state: e.state,
                battery: e.battery.clone(),
                group: e.on.map(|o| o.group),
                round: e.on.map(|o| o.round),
                board: e.on.map(|o| o.board),
            })
            .collect()
    }

    fn on_board(&self, at: BoardKey) -> Option<(&String, &Eboard)> {
        self.eboards.iter().find(|(_, e)| e.on == Some(at))
    }

    fn on_board_mut(&mut self, at: BoardKey) -> Result<&mut Eboard, RoomError> {
        self.eboards
            .values_mut()
            .find(|e| e.on == Some(at))
            .ok_or(RoomError::NotFollowed(at))
    }

    /// The arbiter noticed illegal act `incident` of board `at` (CR 3.4): the judge's
    /// `notice` event. The judge counts the last move as illegal, so a notice is taken for
    /// the last illegal act only.
    ///
    /// # Errors
    /// [`RoomError::NotFollowed`], [`RoomError::NoIncident`] (no such illegal act, or one
    /// noticed already).
    pub fn notice(&mut self, at: BoardKey, incident: usize) -> Result<(), RoomError> {
        let now_ms = self.now_ms;
        let e = self.on_board_mut(at)?;
        let g = &mut e.game;
        let ok = g
            .incidents
            .get(incident)
            .is_some_and(|i| i.kind == IncidentKind::Illegal && !i.noticed);
        if !ok {
            return Err(RoomError::NoIncident(incident));
        }
        let mut out = Vec::new();
        g.judge.notice(&mut out);
        g.incidents[incident].noticed = true;
        take(g, out, now_ms);
        self.changes += 1;
        Ok(())
    }

    /// The judge's verdict so far of board `at`'s game.
    pub fn verdict(&self, at: BoardKey) -> Option<Verdict> {
        self.on_board(at).map(|(_, e)| e.game.judge.verdict())
    }

    /// The adjudication proposed for board `at`, when the play-out expired on it.
    pub fn adjudication(&self, at: BoardKey) -> Option<&Adjudication> {
        self.on_board(at)
            .and_then(|(_, e)| e.game.adjudication.as_ref())
    }

    /// The boards `due` whose play-out is over and which have no result yet:
    /// each one followed by an e-board and with no proposal yet has its position, as the judge
    /// holds it, adjudicated (CR 4.3–4.5) and the adjudication proposed. Returns the boards
    /// adjudicated.
    pub fn expire(&mut self, due: &[BoardKey], adjudicator: &Adjudicator) -> Vec<BoardKey> {
        let mut done = Vec::new();
        for &at in due {
            let Ok(e) = self.on_board_mut(at) else {
                continue;
            };
            let g = &mut e.game;
            if g.proposed.is_some() {
                continue;
            }
            let Some(pos) = g.judge.position().cloned() else {
                continue;
            };
            let a = adjudicator.adjudicate(&pos);
            let result = match a.result {
                Decision::Decided(outcome) => outcome.as_str().to_string(),
                Decision::Review => a.recommendation.as_str().to_string(),
            };
            let basis = serde_json::to_value(a.basis)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string));
            g.proposed = Some(ProposedResult {
                result,
                by: ProposedBy::Adjudication,
                reason: basis,
                article: Some("CR 4.3".into()),
                agrees: None,
                fen: Some(fen_of(&pos)),
                review: a.result == Decision::Review,
                incident: None,
            });
            g.adjudication = Some(a);
            done.push(at);
        }
        self.changes += done.len() as u64;
        done
    }

    /// The boards of round `round` of group `group` as the live view shows them: each of
    /// `boards` (what the event knows of it) with what its e-board shows. A board with a result
    /// shows no proposal.
    pub fn round_view(
        &self,
        group: usize,
        round: u32,
        boards: Vec<BoardOfRound>,
    ) -> Vec<LiveBoard> {
        boards
            .into_iter()
            .map(|b| {
                let followed = self.on_board(BoardKey::new(group, round, b.board));
                let game = followed.map(|(_, e)| &e.game);
                LiveBoard {
                    board: b.board,
                    white: b.white,
                    black: b.black,
                    serialnr: followed.map(|(s, _)| s.clone()).or(b.serialnr),
                    state: followed.map(|(_, e)| e.state),
                    placement: game.and_then(|g| g.judge.diagram()).map(|b| b.to_string()),
                    clock: game.and_then(|g| g.judge.clock()),
                    moves: game.map(|g| g.moves.clone()).unwrap_or_default(),
                    move_plies: game.map(|g| g.move_plies.clone()).unwrap_or_default(),
                    incidents: game.map(|g| g.incidents.clone()).unwrap_or_default(),
                    proposed_result: game
                        .and_then(|x| x.proposed.clone())
                        .filter(|_| b.result.is_none()),
                    playout_remaining_s: b.playout_remaining_s,
                    result: b.result,
                }
            })
            .collect()
    }
}

/// A position's FEN.
fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// What a page needs to redraw one followed board after its e-board spoke.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardBrief {
    /// The group (0 the first).
    pub group: usize,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The e-board.
    pub serialnr: String,
    /// The link's state.
    pub state: EboardState,
    /// The placement shown (FEN piece placement), in the true orientation.
    pub placement: Option<String>,
    /// The clock's times, when the board or LiveChess reports a clock.
    pub clock: Option<LiveClock>,
    /// The last moves, SAN ([`LAST_MOVES`] at most).
    pub last_moves: Vec<String>,
    /// Their plies (1 for White's first move).
    pub last_plies: Vec<u32>,
    /// Moves played (plies).
    pub plies: usize,
    /// How many incidents the board has.
    pub incidents: usize,
    /// The proposed result, when there is one.
    pub proposed: Option<String>,
}

impl LiveRoom {
    /// What replays the board as it stands (its last LiveChess frame with a placement, or its
    /// DGT dump with every later field update applied): the first line of a capture opened for
    /// a board, so that `arbiter judge` on it starts from where the game is, as the room does.
    pub fn standing(&self, serialnr: &str) -> Option<LinkEvent> {
        self.eboards.get(serialnr).and_then(|e| e.last.clone())
    }

    /// The brief of e-board `serialnr`'s board, when it is on one.
    pub fn brief(&self, serialnr: &str) -> Option<BoardBrief> {
        let e = self.eboards.get(serialnr)?;
        let at = e.on?;
        let g = &e.game;
        Some(BoardBrief {
            group: at.group,
            round: at.round,
            board: at.board,
            serialnr: serialnr.to_string(),
            state: e.state,
            placement: g.judge.diagram().map(|b| b.to_string()),
            clock: g.judge.clock(),
            last_moves: g.moves[g.moves.len().saturating_sub(LAST_MOVES)..].to_vec(),
            last_plies: g.move_plies[g.move_plies.len().saturating_sub(LAST_MOVES)..].to_vec(),
            plies: g.moves.len(),
            incidents: g.incidents.len(),
            proposed: g.proposed.as_ref().map(|p| p.result.clone()),
        })
    }
}

mod rebuild;
mod shown;
mod take;
pub use rebuild::History;
use shown::MoveSeen;
pub use shown::ShownBoard;
use take::{dropped, link_back, standing, take};

mod refusal;
#[cfg(test)]
mod tests;
