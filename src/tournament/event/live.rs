//! What the state file keeps of the live room: which e-board sits on which board of which
//! round, the play-outs started (CR 4.3), and the event's record of the live games — every
//! incident the room found, the arbiter's decision on it (an illegal act noticed, CR 3.4) and
//! the proposed results he recorded — so that a restart of the desk keeps all three. The live
//! games themselves (placements, moves) are the board layer's (`crate::board::room`); nothing
//! here is a result until the arbiter records one.

use serde::{Deserialize, Serialize};

use crate::tournament::{GameRef, Tournament, TournamentError};

/// The play-out's length when the event gives none, in minutes (CR 4.3).
pub const DEFAULT_PLAYOUT_MINUTES: u32 = 5;

/// The share of finished games, in per cent, from which the round page offers the play-out.
pub const DEFAULT_PLAYOUT_OFFER_PERCENT: u32 = 80;

pub use crate::game::place::BoardKey;
use crate::game::place::is_first_group as is_first;

/// The live room's part of the state file. Every field defaults, so a state file written
/// before the live room reads as an empty one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveSetup {
    /// E-boards attached to boards, one entry per e-board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eboards: Vec<EboardAssignment>,
    /// Play-outs started, one per board of a round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playouts: Vec<Playout>,
    /// The play-out's length for this event, in minutes (`None`: 5, CR 4.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playout_minutes: Option<u32>,
    /// From which share of finished games (per cent) the play-out is offered (`None`: 80).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playout_offer_percent: Option<u32>,
    /// How many minutes the public view shows the live boards' moves late (`None`: 0, as a
    /// children's event without clocks wants; an open event delays them, so that nobody in
    /// the hall reads an engine's move off a phone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_delay_minutes: Option<u32>,
    /// The event's record of the live games, in the order the desk heard them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub incidents: Vec<LiveIncident>,
}

/// What a recorded incident is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LiveIncidentKind {
    /// An illegal act (Laws 3, 7.5; CR 3.1–3.7); counts only once noticed or claimed (CR 3.4).
    Illegal,
    /// The player on move touched one of his pieces and moved another (Laws 4.3).
    Touch,
    /// The game ended by a rule of the Laws or the CR (mate, stalemate, dead position…).
    Ending,
    /// The kings on the centre squares: a result shown by the players (CR 4.2).
    ResultSignal,
    /// The board's link dropped.
    Disconnected,
    /// The live position adjudicated at the play-out's end (CR 4.3–4.5).
    Adjudication,
    /// The board's link was down and the plies played meanwhile could not be recovered: the
    /// arbiter settles it.
    BoardGap,
    /// The board sent what is not a position (a corrupt frame or message): the link's fault,
    /// never a player's; one a game. (Records written before kept it as `disconnected`.)
    Unreadable,
}

/// What the arbiter did about an incident.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LiveAct {
    /// He noticed the illegal act: it counts (CR 3.4).
    Noticed,
    /// He recorded the result it proposed.
    Recorded,
    /// He settled a gap in the board's record (looked at the board, took what it shows).
    Settled,
}

/// The arbiter's decision on an incident.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveDecision {
    /// What he did.
    pub act: LiveAct,
    /// The result recorded (`1-0`, `0-1`, `1/2-1/2`), for [`LiveAct::Recorded`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// When, milliseconds since the Unix epoch (the server's clock).
    pub at_ms: u64,
}

/// One incident of a live game as the event's record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveIncident {
    /// The group (0 the first; records written before groups read as the first's).
    #[serde(default, skip_serializing_if = "is_first")]
    pub group: usize,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The e-board the game was followed on.
    pub serialnr: String,
    /// Which followed game of the desk it belongs to (the desk's own number, unique across
    /// restarts), so that a decision finds its incident.
    pub game: u64,
    /// Its number in that game (0-based).
    pub incident: usize,
    /// What it is.
    pub kind: LiveIncidentKind,
    /// The rule (`Laws 3.6`, `CR 4.2`), when one applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    /// The ply it happened at (plies played before it, this one included for a move).
    pub ply: u32,
    /// Who (`white`, `black`), for a player's act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The detail: the illegal act's kind and move, the square touched, the ending's reason,
    /// the link's reason, the adjudication's basis.
    #[serde(default)]
    pub detail: String,
    /// The result it proposes, for an ending, a result signal or an adjudication.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// When the desk recorded it, milliseconds since the Unix epoch (within a second of the
    /// board's message).
    pub at_ms: u64,
    /// The arbiter's decision, once taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<LiveDecision>,
}

impl LiveIncident {
    /// Its board.
    pub fn at(&self) -> BoardKey {
        BoardKey::new(self.group, self.round, self.board)
    }
}

impl EboardAssignment {
    /// Its board.
    pub fn at(&self) -> BoardKey {
        BoardKey::new(self.group, self.round, self.board)
    }
}

/// An e-board attached to a board of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EboardAssignment {
    /// The e-board's serial number (DGT `serialnr`).
    pub serialnr: String,
    /// The group (0 the first; an assignment written before groups reads as the first's).
    #[serde(default, skip_serializing_if = "is_first")]
    pub group: usize,
    /// The round.
    pub round: u32,
    /// The board number in that round.
    pub board: u32,
}

/// A play-out started on a board (CR 4.3): the server's clock holds it, so every page and
/// every device shows the same countdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playout {
    /// The group (0 the first; a play-out written before groups reads as the first's).
    #[serde(default, skip_serializing_if = "is_first")]
    pub group: usize,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// When it started, milliseconds since the Unix epoch (the server's clock).
    pub started_ms: u64,
    /// Its length in seconds (CR 4.3: 300).
    pub seconds: u32,
}

impl Playout {
    /// Its board.
    pub fn at(&self) -> BoardKey {
        BoardKey::new(self.group, self.round, self.board)
    }

    /// When it ends, milliseconds since the Unix epoch.
    pub fn ends_ms(&self) -> u64 {
        self.started_ms
            .saturating_add(u64::from(self.seconds).saturating_mul(1000))
    }

    /// Whole seconds left at `now_ms` (rounded up, 0 once over).
    pub fn remaining_s(&self, now_ms: u64) -> u64 {
        self.ends_ms().saturating_sub(now_ms).div_ceil(1000)
    }
}

impl LiveSetup {
    /// True when nothing is kept (the state file then has no `live` key).
    pub fn is_empty(&self) -> bool {
        *self == LiveSetup::default()
    }

    /// The play-out's length in minutes (CR 4.3: 5 unless the event says otherwise).
    pub fn playout_minutes(&self) -> u32 {
        self.playout_minutes.unwrap_or(DEFAULT_PLAYOUT_MINUTES)
    }

    /// How many minutes late the public view shows the live boards' moves (0 unless the event
    /// says otherwise).
    pub fn public_delay_minutes(&self) -> u32 {
        self.public_delay_minutes.unwrap_or(0)
    }

    /// Sets how many minutes late the public view shows the live boards' moves; 0 is kept as
    /// no setting.
    ///
    /// # Errors
    /// [`PlayoutSettingError::Delay`] over [`MAX_PUBLIC_DELAY_MINUTES`] (nothing changes).
    pub fn set_public_delay(&mut self, minutes: u32) -> Result<(), PlayoutSettingError> {
        if minutes > MAX_PUBLIC_DELAY_MINUTES {
            return Err(PlayoutSettingError::Delay(minutes));
        }
        self.public_delay_minutes = (minutes != 0).then_some(minutes);
        Ok(())
    }

    /// The share of finished games (per cent) from which the play-out is offered.
    pub fn playout_offer_percent(&self) -> u32 {
        self.playout_offer_percent
            .unwrap_or(DEFAULT_PLAYOUT_OFFER_PERCENT)
    }

    /// The e-board on board `at`.
    pub fn eboard_of(&self, at: BoardKey) -> Option<&str> {
        self.eboards
            .iter()
            .find(|a| a.at() == at)
            .map(|a| a.serialnr.as_str())
    }

    /// The board e-board `serialnr` is on.
    pub fn board_of(&self, serialnr: &str) -> Option<BoardKey> {
        self.eboards
            .iter()
            .find(|a| a.serialnr == serialnr)
            .map(EboardAssignment::at)
    }

    /// The recorded incidents of round `round` of group `group`, in order.
    pub fn incidents_of(&self, group: usize, round: u32) -> impl Iterator<Item = &LiveIncident> {
        self.incidents
            .iter()
            .filter(move |i| i.group == group && i.round == round)
    }

    /// Records `decision` on incident `incident` of followed game `game` of board `at`.
    /// Returns false when the record has no such incident (the decision is then not kept).
    pub fn decide(
        &mut self,
        at: BoardKey,
        game: u64,
        incident: usize,
        decision: LiveDecision,
    ) -> bool {
        match self
            .incidents
            .iter_mut()
            .find(|i| (i.at(), i.game, i.incident) == (at, game, incident))
        {
            Some(i) => {
                i.decision = Some(decision);
                true
            }
            None => false,
        }
    }

    /// The play-out of board `at`, if started.
    pub fn playout(&self, at: BoardKey) -> Option<&Playout> {
        self.playouts.iter().find(|p| p.at() == at)
    }
}

/// The longest play-out an event may set, in minutes.
pub const MAX_PLAYOUT_MINUTES: u32 = 600;

/// The longest delay of the public view's moves an event may set, in minutes (a day's round).
pub const MAX_PUBLIC_DELAY_MINUTES: u32 = 180;

/// A play-out setting out of its range.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayoutSettingError {
    /// The length is not 1 to [`MAX_PLAYOUT_MINUTES`] minutes.
    #[error("the play-out's length must be 1 to {MAX_PLAYOUT_MINUTES} minutes, not {0}")]
    Minutes(u32),
    /// The share is not 1 to 100 per cent.
    #[error("the share of finished games must be 1 to 100 %, not {0} %")]
    Percent(u32),
    /// The public view's delay is over [`MAX_PUBLIC_DELAY_MINUTES`] minutes.
    #[error("the public view's delay must be 0 to {MAX_PUBLIC_DELAY_MINUTES} minutes, not {0}")]
    Delay(u32),
}

impl LiveSetup {
    /// Sets the event's play-out length (`minutes`, CR 4.3) and the share of finished games
    /// (per cent) from which the play-out is offered; `None` leaves a setting as it is. A
    /// setting equal to its default is kept as no setting.
    ///
    /// # Errors
    /// [`PlayoutSettingError`] when one is out of range (nothing is changed then).
    pub fn set_playout(
        &mut self,
        minutes: Option<u32>,
        percent: Option<u32>,
    ) -> Result<(), PlayoutSettingError> {
        if let Some(m) = minutes.filter(|m| !(1..=MAX_PLAYOUT_MINUTES).contains(m)) {
            return Err(PlayoutSettingError::Minutes(m));
        }
        if let Some(p) = percent.filter(|p| !(1..=100).contains(p)) {
            return Err(PlayoutSettingError::Percent(p));
        }
        if let Some(m) = minutes {
            self.playout_minutes = (m != DEFAULT_PLAYOUT_MINUTES).then_some(m);
        }
        if let Some(p) = percent {
            self.playout_offer_percent = (p != DEFAULT_PLAYOUT_OFFER_PERCENT).then_some(p);
        }
        Ok(())
    }
}

/// Why an e-board cannot go on a board.
#[derive(Debug, thiserror::Error, PartialEq)]
#[non_exhaustive]
pub enum AssignError {
    /// The round or the board does not exist.
    #[error(transparent)]
    NoBoard(#[from] TournamentError),
    /// Another e-board is on that board.
    #[error("board {board} of round {round} already has e-board {other}")]
    Taken {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The e-board there.
        other: String,
    },
    /// The board's result is already recorded: nothing is left to follow.
    #[error("board {board} of round {round} already has its result")]
    Finished {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
}

impl Tournament {
    /// Puts e-board `serialnr` on board `board` of round `round` of this tournament, group
    /// `group` of its event (it leaves the board it was on, of any group).
    ///
    /// # Errors
    /// [`AssignError::NoBoard`] (no such round or board), [`AssignError::Taken`] (another
    /// e-board is there: take it off first), [`AssignError::Finished`] (the board has its
    /// result).
    pub fn assign_eboard(
        &mut self,
        serialnr: &str,
        group: usize,
        round: u32,
        board: u32,
    ) -> Result<(), AssignError> {
        let g = self.board_of(round, GameRef::Board(board))?;
        if g.result.is_some() {
            return Err(AssignError::Finished { round, board });
        }
        if let Some(other) = self.live.eboard_of(BoardKey::new(group, round, board))
            && other != serialnr
        {
            return Err(AssignError::Taken {
                round,
                board,
                other: other.to_string(),
            });
        }
        self.live.eboards.retain(|a| a.serialnr != serialnr);
        self.live.eboards.push(EboardAssignment {
            serialnr: serialnr.to_string(),
            group,
            round,
            board,
        });
        Ok(())
    }

    /// Starts the play-out (CR 4.3) of `seconds` at `now_ms` on the boards of round `round`
    /// of this tournament, group `group` of its event, given, or on
    /// every board without a result when `boards` is `None`; a board whose play-out runs
    /// already or that has its result is left as it is. Returns the boards started.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`], [`TournamentError::NoSuchGame`] for a board named
    /// that the round does not have.
    pub fn start_playout(
        &mut self,
        group: usize,
        round: u32,
        boards: Option<&[u32]>,
        seconds: u32,
        now_ms: u64,
    ) -> Result<Vec<u32>, TournamentError> {
        let chosen: Vec<u32> = match boards {
            Some(list) => {
                for b in list {
                    self.board_of(round, GameRef::Board(*b))?;
                }
                list.to_vec()
            }
            None => {
                let paired = self.paired_rounds();
                self.round(round)
                    .filter(|r| !r.games.is_empty())
                    .ok_or(TournamentError::NoSuchRound { round, paired })?
                    .games
                    .iter()
                    .map(|g| g.board)
                    .collect()
            }
        };
        let mut started = Vec::new();
        for b in chosen {
            let open = self
                .board_of(round, GameRef::Board(b))
                .is_ok_and(|g| g.result.is_none());
            if open && self.live.playout(BoardKey::new(group, round, b)).is_none() {
                self.live.playouts.push(Playout {
                    group,
                    round,
                    board: b,
                    started_ms: now_ms,
                    seconds,
                });
                started.push(b);
            }
        }
        Ok(started)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player};

    fn paired() -> Tournament {
        let mut t = Tournament::new("Open", 4);
        for name in ["A", "B", "C", "D"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round_manual(1, &[(1, 3), (4, 2)], None, None)
            .unwrap();
        t
    }

    #[test]
    fn an_old_state_file_reads_as_an_empty_live_room() {
        let t = paired();
        let json = serde_json::to_string(&t).unwrap();
        assert!(!json.contains("\"live\""));
        let back: Tournament = serde_json::from_str(&json).unwrap();
        assert!(back.live.is_empty());
        assert_eq!(back.live.playout_minutes(), 5);
    }

    #[test]
    fn an_eboard_goes_on_a_free_board_and_moves_when_reassigned() {
        let mut t = paired();
        t.assign_eboard("23946", 0, 1, 1).unwrap();
        assert_eq!(
            t.assign_eboard("10001", 0, 1, 1),
            Err(AssignError::Taken {
                round: 1,
                board: 1,
                other: "23946".into()
            })
        );
        t.assign_eboard("23946", 0, 1, 2).unwrap();
        assert_eq!(t.live.board_of("23946"), Some(BoardKey::new(0, 1, 2)));
        assert_eq!(t.live.eboard_of(BoardKey::new(0, 1, 1)), None);
        assert!(matches!(
            t.assign_eboard("23946", 0, 1, 9),
            Err(AssignError::NoBoard(TournamentError::NoSuchGame { .. }))
        ));
        t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
            .unwrap();
        assert_eq!(
            t.assign_eboard("10001", 0, 1, 1),
            Err(AssignError::Finished { round: 1, board: 1 })
        );
        // Kept in the state file.
        let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back.live.board_of("23946"), Some(BoardKey::new(0, 1, 2)));
    }

    #[test]
    fn the_playout_starts_on_unfinished_boards_once_and_counts_down() {
        let mut t = paired();
        t.record_result(1, GameRef::Board(1), BoardResult::Draw, false)
            .unwrap();
        assert_eq!(
            t.start_playout(0, 1, None, 300, 1_000_000).unwrap(),
            vec![2]
        );
        assert_eq!(
            t.start_playout(0, 1, None, 300, 2_000_000).unwrap(),
            Vec::<u32>::new()
        );
        let p = t.live.playout(BoardKey::new(0, 1, 2)).unwrap();
        assert_eq!(p.remaining_s(1_000_000), 300);
        assert_eq!(p.remaining_s(1_000_000 + 299_001), 1);
        assert_eq!(p.remaining_s(1_000_000 + 300_000), 0);
        assert_eq!(p.remaining_s(u64::MAX), 0);
        assert!(t.start_playout(0, 1, Some(&[7]), 300, 0).is_err());
    }

    #[test]
    fn a_decision_finds_its_incident_and_both_are_kept() {
        let mut t = paired();
        let illegal = LiveIncident {
            group: 0,
            round: 1,
            board: 2,
            serialnr: "23946".into(),
            game: 7,
            incident: 0,
            kind: LiveIncidentKind::Illegal,
            article: Some("Laws 3.6".into()),
            ply: 2,
            side: Some("black".into()),
            detail: "knight_move b8b6".into(),
            result: None,
            at_ms: 1_000,
            decision: None,
        };
        t.live.incidents.push(illegal.clone());
        let noticed = LiveDecision {
            act: LiveAct::Noticed,
            result: None,
            at_ms: 2_000,
        };
        // Another game of the same board (a restart) is not this one.
        assert!(!t.live.decide(BoardKey::new(0, 1, 2), 8, 0, noticed.clone()));
        assert!(t.live.decide(BoardKey::new(0, 1, 2), 7, 0, noticed.clone()));
        let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        let kept: Vec<&LiveIncident> = back.live.incidents_of(0, 1).collect();
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].decision, Some(noticed));
        assert_eq!(kept[0].kind, LiveIncidentKind::Illegal);
        assert_eq!(back.live.incidents_of(0, 2).count(), 0);
    }

    #[test]
    fn what_was_written_before_groups_reads_as_the_first_groups() {
        let before = r#"{"eboards": [{"serialnr": "23946", "round": 1, "board": 2}],
            "playouts": [{"round": 1, "board": 2, "started_ms": 5, "seconds": 300}],
            "incidents": [{"round": 1, "board": 2, "serialnr": "23946", "game": 7,
                "incident": 0, "kind": "illegal", "ply": 2, "at_ms": 1000}]}"#;
        let mut live: LiveSetup = serde_json::from_str(before).unwrap();
        let at = BoardKey::new(0, 1, 2);
        assert_eq!(live.board_of("23946"), Some(at));
        assert_eq!(live.eboard_of(at), Some("23946"));
        assert_eq!(live.eboard_of(BoardKey::new(1, 1, 2)), None);
        assert_eq!(live.playout(at).map(|p| p.seconds), Some(300));
        assert_eq!(live.incidents_of(0, 1).count(), 1);
        assert_eq!(live.incidents_of(1, 1).count(), 0);
        // Written again, the first group's entries name no group; another group's do.
        assert!(!serde_json::to_string(&live).unwrap().contains("group"));
        live.eboards[0].group = 1;
        let json = serde_json::to_string(&live).unwrap();
        assert!(json.contains(r#""group":1"#), "{json}");
        let back: LiveSetup = serde_json::from_str(&json).unwrap();
        assert_eq!(back.board_of("23946"), Some(BoardKey::new(1, 1, 2)));
    }

    #[test]
    fn the_playout_settings_are_checked_and_a_default_is_no_setting() {
        let mut live = LiveSetup::default();
        live.set_playout(Some(10), Some(75)).unwrap();
        assert_eq!(
            (live.playout_minutes(), live.playout_offer_percent()),
            (10, 75)
        );
        live.set_playout(None, Some(90)).unwrap();
        assert_eq!(
            (live.playout_minutes(), live.playout_offer_percent()),
            (10, 90)
        );
        assert_eq!(
            live.set_playout(Some(0), Some(50)),
            Err(PlayoutSettingError::Minutes(0))
        );
        assert_eq!(
            live.set_playout(Some(5), Some(101)),
            Err(PlayoutSettingError::Percent(101))
        );
        assert_eq!(
            (live.playout_minutes(), live.playout_offer_percent()),
            (10, 90)
        );
        live.set_playout(Some(5), Some(80)).unwrap();
        assert!(live.is_empty(), "the defaults are no setting: {live:?}");
    }
}
