//! The tournament record: players, rounds with pairings and byes, results, withdrawals and
//! disqualifications, and the conversions to and from FIDE TRF.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::formats::trf::{
    HeaderLine, InitialColour, MAX_FIDE_ID, MAX_FOUR_DIGITS, PlayerRecord, ResultCode, RoundEntry,
    Scoring, Trf, TrfColour, TrfLine, overlong_text_fields,
};
use crate::tournament::tiebreak::{ResultTable, Rules, TablePlayer, standings};

/// What went wrong changing or importing a tournament.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TournamentError {
    /// No player has this starting rank.
    #[error("no player with starting rank {0}")]
    UnknownPlayer(u16),
    /// The round is not paired yet (or does not exist).
    #[error("round {round} has not been paired (rounds paired: {paired})")]
    NoSuchRound {
        /// 1-based round.
        round: u32,
        /// Number of rounds with pairings.
        paired: u32,
    },
    /// No game in this round matches the reference.
    #[error("round {round}: no game {game}")]
    NoSuchGame {
        /// 1-based round.
        round: u32,
        /// The reference as given ("board 3", "5-2").
        game: String,
    },
    /// A judged game without result (`*`): it must be adjudicated first (CR 4.3).
    #[error("round {round}: the game {game} is unfinished (`*`); adjudicate it first (CR 4.3)")]
    UnfinishedGame {
        /// 1-based round.
        round: u32,
        /// The reference as given.
        game: String,
    },
    /// The game already has a result (use a correction to change it).
    #[error("round {round}, board {board} ({white}-{black}): result {existing} already recorded")]
    ResultAlreadyRecorded {
        /// 1-based round.
        round: u32,
        /// Board number.
        board: u32,
        /// White's starting rank.
        white: u16,
        /// Black's starting rank.
        black: u16,
        /// The recorded result.
        existing: GameResult,
    },
    /// The player left the event (CR 1.4) or was disqualified (CR 2.2) before this round.
    #[error("player {tpn} {how} from round {from}: no result or pairing in round {round}")]
    PlayerNotInEvent {
        /// Starting rank.
        tpn: u16,
        /// "withdrew" or "was disqualified".
        how: &'static str,
        /// First round missed.
        from: u32,
        /// The round asked for.
        round: u32,
    },
    /// The player is already out of the event.
    #[error("player {tpn} already left the event from round {from}")]
    AlreadyOut {
        /// Starting rank.
        tpn: u16,
        /// First round missed.
        from: u32,
    },
    /// Withdrawal from a round in which the player still has a game (CR 1.4: results already
    /// played stand).
    #[error(
        "player {tpn} has a game in round {round}; withdraw from round {next} or record that game first"
    )]
    GameAfterWithdrawal {
        /// Starting rank.
        tpn: u16,
        /// The round with the game.
        round: u32,
        /// The first round the player could withdraw from.
        next: u32,
    },
    /// A player the TRF-16 player line (C.04 Annex 2) cannot hold in its fixed columns, or one
    /// with no name.
    #[error("player {name:?}: {problem}")]
    InvalidPlayer {
        /// The name as given.
        name: String,
        /// What is wrong, e.g. "the name has 40 characters; a TRF player line has 33 for it".
        problem: String,
    },
    /// Pairings for a round beyond the event's last round.
    #[error("round {round} cannot be paired: the event has only {total} round(s)")]
    RoundBeyondEvent {
        /// The round asked for.
        round: u32,
        /// The event's number of rounds.
        total: u32,
    },
    /// Pairings for a round other than the next.
    #[error("round {round} cannot be paired now: the next round is {next}")]
    RoundOutOfOrder {
        /// The round asked for.
        round: u32,
        /// The next round.
        next: u32,
    },
    /// A player appears twice in one round, or pairs with himself.
    #[error("round {round}: player {tpn} is paired more than once")]
    PairedTwice {
        /// 1-based round.
        round: u32,
        /// Starting rank.
        tpn: u16,
    },
    /// The previous round still has games without results.
    #[error("round {round} still has {missing} game(s) without a result")]
    RoundUnfinished {
        /// The unfinished round.
        round: u32,
        /// Games without result.
        missing: usize,
    },
    /// A second pairing-allocated bye (CR 1.3: no player may receive "+" more than once).
    #[error("player {tpn} already had the pairing-allocated bye in round {earlier} (CR 1.3)")]
    SecondPairingAllocatedBye {
        /// Starting rank.
        tpn: u16,
        /// The round of the first bye.
        earlier: u32,
    },
    /// The Dutch pairer found no legal pairing or refused the input.
    #[error("round {round}: {source}")]
    Pairing {
        /// The round being paired.
        round: u32,
        /// The pairer's error.
        #[source]
        source: crate::tournament::pairing::PairingError,
    },
    /// A TRF that cannot be read as a tournament.
    #[error("TRF player {tpn}, round {round}: {detail}")]
    InconsistentTrf {
        /// Starting rank of the player whose block is wrong.
        tpn: u16,
        /// 1-based round.
        round: u32,
        /// What does not fit.
        detail: String,
    },
}

/// A participant (the TRF-16 player fields plus club and status).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Starting rank = pairing number (TPN), from 1.
    pub start_rank: u16,
    /// Name, "Surname, Given" by custom.
    pub name: String,
    /// FIDE or national rating; `None` for unrated (most of the event's children).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// Title (`GM`, `IM`, `WFM`, `CM`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Federation (3 letters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// Sex letter as TRF writes it (`m`, `w`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<char>,
    /// Birth date as written (`YYYY/MM/DD` or `YYYY`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    /// Club or school (not in TRF-16 player lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// FIDE id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// First round the player no longer plays after leaving the event (CR 1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
    /// First round after disqualification (CR 2.2): every later round counts as a loss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disqualified_from: Option<u32>,
}

impl Player {
    /// The first round (1-based) the player is out of the event, and why: `"withdrew"`
    /// (CR 1.4) or `"was disqualified"` (CR 2.2), the earlier of the two when both are set;
    /// `None` while the player is in the event.
    pub fn out_from(&self) -> Option<(u32, &'static str)> {
        match (self.withdrawn_from, self.disqualified_from) {
            (Some(w), Some(d)) if d < w => Some((d, "was disqualified")),
            (Some(w), _) => Some((w, "withdrew")),
            (None, Some(d)) => Some((d, "was disqualified")),
            (None, None) => None,
        }
    }

    /// True when the player may be paired in round `round` (1-based): before the round of a
    /// withdrawal (CR 1.4) or disqualification (CR 2.2), or always when neither happened.
    pub fn plays_in(&self, round: u32) -> bool {
        self.out_from().is_none_or(|(from, _)| round < from)
    }
}

/// The result of a game (CR 4.1, 4.2; Laws 10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// 1–0 over the board.
    WhiteWins,
    /// ½–½ over the board.
    Draw,
    /// 0–1 over the board.
    BlackWins,
    /// +/− : Black did not appear (CR 4.4).
    WhiteWinsByForfeit,
    /// −/+ : White did not appear.
    BlackWinsByForfeit,
    /// −/− : neither appeared.
    DoubleForfeit,
    /// 0–0 : the result was not recorded and is lost or disputed, scored as a loss for both
    /// (CR 4.2). The game counts as played.
    DoubleLoss,
}

impl GameResult {
    /// Parses the usual notations: `1-0`, `0-1`, `1/2-1/2` (or `½-½`, `=`), `+-` / `1-0f`
    /// (forfeit), `-+` / `0-1f`, `--` (double forfeit), `0-0` (double loss, CR 4.2), and the
    /// snake_case names (`white_wins`, …).
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" | "white_wins" => GameResult::WhiteWins,
            "0-1" | "black_wins" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "=" | "draw" => GameResult::Draw,
            "+-" | "+/-" | "1-0f" | "1-0F" | "white_wins_by_forfeit" => {
                GameResult::WhiteWinsByForfeit
            }
            "-+" | "-/+" | "0-1f" | "0-1F" | "black_wins_by_forfeit" => {
                GameResult::BlackWinsByForfeit
            }
            "--" | "-/-" | "0-0f" | "0-0F" | "double_forfeit" => GameResult::DoubleForfeit,
            "0-0" | "double_loss" => GameResult::DoubleLoss,
            _ => return None,
        })
    }

    /// The result from a PGN `Result` tag value as a judged game's verdict carries it
    /// (`1-0`, `0-1`, `1/2-1/2`); `*` (unfinished) gives `None`. This is the hook through which
    /// `arbiter judge` verdicts are recorded.
    pub fn from_pgn(result: &str) -> Option<GameResult> {
        match result.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The result of a judged game ([`crate::game::verdict::Verdict`] from `arbiter judge`):
    /// `1-0`, `0-1`, `1/2-1/2`, and `0-0` (both lose, CR 4.2) map to the over-the-board
    /// results; an unfinished game (`*`) gives `None` (adjudicate it first, CR 4.3).
    pub fn from_verdict(verdict: &crate::game::verdict::Verdict) -> Option<GameResult> {
        use crate::game::verdict::GameResult as V;
        match verdict.result {
            V::WhiteWins => Some(GameResult::WhiteWins),
            V::BlackWins => Some(GameResult::BlackWins),
            V::Draw => Some(GameResult::Draw),
            V::BothLose => Some(GameResult::DoubleLoss),
            V::Unfinished => None,
        }
    }

    /// The short notation (`1-0`, `½-½`, `+-`, `--`, `0-0`…).
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "½-½",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
            GameResult::DoubleLoss => "0-0",
        }
    }

    /// TRF result codes for (White, Black).
    pub fn codes(self) -> (ResultCode, ResultCode) {
        use ResultCode as R;
        match self {
            GameResult::WhiteWins => (R::Win, R::Loss),
            GameResult::Draw => (R::Draw, R::Draw),
            GameResult::BlackWins => (R::Loss, R::Win),
            GameResult::WhiteWinsByForfeit => (R::ForfeitWin, R::ForfeitLoss),
            GameResult::BlackWinsByForfeit => (R::ForfeitLoss, R::ForfeitWin),
            GameResult::DoubleForfeit => (R::ForfeitLoss, R::ForfeitLoss),
            GameResult::DoubleLoss => (R::Loss, R::Loss),
        }
    }

    /// The result from the two TRF codes (White's, Black's); unrated codes `W D L` map to the
    /// over-the-board results.
    pub fn from_codes(white: ResultCode, black: ResultCode) -> Option<GameResult> {
        use ResultCode as R;
        let norm = |c: ResultCode| match c {
            R::UnratedWin => R::Win,
            R::UnratedDraw => R::Draw,
            R::UnratedLoss => R::Loss,
            c => c,
        };
        Some(match (norm(white), norm(black)) {
            (R::Win, R::Loss) => GameResult::WhiteWins,
            (R::Draw, R::Draw) => GameResult::Draw,
            (R::Loss, R::Win) => GameResult::BlackWins,
            (R::ForfeitWin, R::ForfeitLoss) => GameResult::WhiteWinsByForfeit,
            (R::ForfeitLoss, R::ForfeitWin) => GameResult::BlackWinsByForfeit,
            (R::ForfeitLoss, R::ForfeitLoss) => GameResult::DoubleForfeit,
            (R::Loss, R::Loss) => GameResult::DoubleLoss,
            _ => return None,
        })
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.notation())
    }
}

/// A pairing of a round.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    /// Board number, from 1.
    pub board: u32,
    /// White's starting rank.
    pub white: u16,
    /// Black's starting rank.
    pub black: u16,
    /// The result, once recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The game was played but not rated (TRF `W D L`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
    /// The colours are not known (a TRF forfeit written with colour `-`); `white` is then the
    /// lower starting rank.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub colours_unknown: bool,
}

/// The kinds of bye TRF knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// The pairing-allocated bye, "+", 1 point (CR 1.3; TRF `U`).
    PairingAllocated,
    /// Requested half-point bye (TRF `H`).
    HalfPoint,
    /// Full-point bye other than the pairing-allocated one (TRF `F`).
    FullPoint,
    /// Zero-point bye: absent, not paired (TRF `Z`).
    ZeroPoint,
}

impl ByeKind {
    /// The TRF-16 result code of the bye (`U`, `H`, `F`, `Z`; C.04 Annex 2).
    pub fn code(self) -> ResultCode {
        match self {
            ByeKind::PairingAllocated => ResultCode::PairingAllocatedBye,
            ByeKind::HalfPoint => ResultCode::HalfPointBye,
            ByeKind::FullPoint => ResultCode::FullPointBye,
            ByeKind::ZeroPoint => ResultCode::ZeroPointBye,
        }
    }

    /// Parses `pab`/`U`, `half`/`H`, `full`/`F`, `zero`/`Z`/`absent` and the snake_case names
    /// (surrounding spaces ignored); `None` for anything else.
    pub fn parse(text: &str) -> Option<ByeKind> {
        Some(match text.trim() {
            "U" | "u" | "pab" | "pairing_allocated" => ByeKind::PairingAllocated,
            "H" | "h" | "half" | "half_point" => ByeKind::HalfPoint,
            "F" | "f" | "full" | "full_point" => ByeKind::FullPoint,
            "Z" | "z" | "zero" | "zero_point" | "absent" => ByeKind::ZeroPoint,
            _ => return None,
        })
    }
}

/// A bye or absence in a round.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bye {
    /// Starting rank.
    pub player: u16,
    /// Which bye.
    pub kind: ByeKind,
}

/// One round: its pairings and byes. A round with byes only is a round not yet paired whose
/// requested byes / absences are already known (TRF(x): the pre-set block of the round being
/// paired).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    /// 1-based round number.
    pub number: u32,
    /// Games by board.
    #[serde(default)]
    pub games: Vec<Game>,
    /// Byes and absences.
    #[serde(default)]
    pub byes: Vec<Bye>,
}

/// Reference to a game of a round: by board, or by the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRef {
    /// Board number.
    Board(u32),
    /// Starting ranks of the two players, in either order.
    Players(u16, u16),
}

impl std::fmt::Display for GameRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameRef::Board(b) => write!(f, "on board {b}"),
            GameRef::Players(a, b) => write!(f, "between {a} and {b}"),
        }
    }
}

/// A tournament record.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tournament {
    /// Name (TRF `012`).
    pub name: String,
    /// Planned number of rounds (TRF `XXR`; CR 1.1: 4).
    pub total_rounds: u32,
    /// Colour of the first player in round 1 (TRF `XXC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<InitialColour>,
    /// Point values (CR 4.1 defaults).
    #[serde(default)]
    pub scoring: Scoring,
    /// Players by starting rank.
    pub players: Vec<Player>,
    /// Rounds in order.
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Header lines of an imported TRF other than `012`, `XXR`, `XXC`, kept verbatim for export.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trf_headers: Vec<String>,
}

impl Tournament {
    /// An empty tournament of `total_rounds` rounds (CR 1.1: 4) named `name`, no players,
    /// White for the first player in round 1 (TRF `XXC white1`), the points of CR 4.1 (win 1,
    /// draw ½, loss 0; the pairing-allocated bye 1, CR 1.3).
    pub fn new(name: &str, total_rounds: u32) -> Tournament {
        Tournament {
            name: name.to_string(),
            total_rounds,
            initial_colour: Some(InitialColour::White),
            scoring: Scoring::default(),
            players: Vec::new(),
            rounds: Vec::new(),
            trf_headers: Vec::new(),
        }
    }

    /// Adds a player with the next starting rank (the `start_rank` given is ignored) and
    /// returns that rank. Players added after round 1 are absent (`Z`) in earlier rounds.
    ///
    /// # Errors
    /// [`TournamentError::InvalidPlayer`] when the name is empty or holds a control character
    /// (a line break would split the TRF line), or when a field does not fit its TRF-16 columns
    /// (C.04 Annex 2): a name over [`NAME_WIDTH`](crate::formats::trf::NAME_WIDTH) (33) characters, a title or federation over
    /// 3, a birth date over 10, a rating over 9999, a FIDE id over 11 digits, or a 10,000th
    /// player. The event is left unchanged.
    pub fn add_player(&mut self, mut player: Player) -> Result<u16, TournamentError> {
        let rank = self
            .players
            .iter()
            .map(|p| p.start_rank)
            .max()
            .unwrap_or(0)
            .checked_add(1)
            .filter(|&r| r <= MAX_FOUR_DIGITS);
        let problem = |problem: String| TournamentError::InvalidPlayer {
            name: player.name.clone(),
            problem,
        };
        let Some(rank) = rank else {
            return Err(problem(format!(
                "the event is full: TRF starting ranks go up to {MAX_FOUR_DIGITS}"
            )));
        };
        if player.name.trim().is_empty() {
            return Err(problem("the name is empty".into()));
        }
        if player.name.chars().any(char::is_control) {
            return Err(problem(
                "the name holds a control character (a line break or tab)".into(),
            ));
        }
        if let Some(&(field, chars, width)) = overlong_text_fields(
            &player.name,
            player.title.as_deref(),
            player.federation.as_deref(),
            player.birth_date.as_deref(),
        )
        .first()
        {
            let field = field.replace('_', " ");
            return Err(problem(format!(
                "the {field} has {chars} characters; a TRF player line has {width} for it"
            )));
        }
        if let Some(r) = player.rating.filter(|&r| r > MAX_FOUR_DIGITS) {
            return Err(problem(format!(
                "rating {r} does not fit TRF's four columns (at most {MAX_FOUR_DIGITS})"
            )));
        }
        if let Some(id) = player.fide_id.filter(|&id| id > MAX_FIDE_ID) {
            return Err(problem(format!(
                "FIDE id {id} does not fit TRF's eleven columns"
            )));
        }
        player.start_rank = rank;
        self.players.push(player);
        Ok(rank)
    }

    /// The player with this starting rank.
    pub fn player(&self, tpn: u16) -> Option<&Player> {
        self.players.iter().find(|p| p.start_rank == tpn)
    }

    fn player_mut(&mut self, tpn: u16) -> Result<&mut Player, TournamentError> {
        self.players
            .iter_mut()
            .find(|p| p.start_rank == tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))
    }

    /// How many rounds have pairings (a round with byes only does not count).
    pub fn paired_rounds(&self) -> u32 {
        self.rounds.iter().filter(|r| !r.games.is_empty()).count() as u32
    }

    /// Round `number` (1-based), or `None` when it has neither pairings nor byes yet.
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    fn check_in_event(&self, tpn: u16, round: u32) -> Result<(), TournamentError> {
        let p = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?;
        match p.out_from() {
            Some((from, how)) if round >= from => Err(TournamentError::PlayerNotInEvent {
                tpn,
                how,
                from,
                round,
            }),
            _ => Ok(()),
        }
    }

    /// Records a requested bye or an absence for a round not yet paired (or a bye of a paired
    /// round). `PairingAllocated` is refused for a player who already had it (CR 1.3).
    ///
    /// # Errors
    /// Unknown player, player out of the event, a second pairing-allocated bye, a round
    /// beyond the next, the player already paired or given a bye in that round.
    pub fn add_bye(&mut self, round: u32, bye: Bye) -> Result<(), TournamentError> {
        self.check_in_event(bye.player, round)?;
        let next = self.paired_rounds() + 1;
        if round == 0 || round > next.max(self.rounds.len() as u32 + 1) {
            return Err(TournamentError::RoundOutOfOrder { round, next });
        }
        if bye.kind == ByeKind::PairingAllocated
            && let Some(earlier) = self.pab_round(bye.player)
        {
            return Err(TournamentError::SecondPairingAllocatedBye {
                tpn: bye.player,
                earlier,
            });
        }
        let r = self.round_mut_or_new(round);
        if r.byes.iter().any(|b| b.player == bye.player)
            || r.games
                .iter()
                .any(|g| g.white == bye.player || g.black == bye.player)
        {
            return Err(TournamentError::PairedTwice {
                round,
                tpn: bye.player,
            });
        }
        r.byes.push(bye);
        Ok(())
    }

    fn pab_round(&self, tpn: u16) -> Option<u32> {
        self.rounds.iter().find_map(|r| {
            r.byes
                .iter()
                .any(|b| b.player == tpn && b.kind == ByeKind::PairingAllocated)
                .then_some(r.number)
        })
    }

    fn round_mut_or_new(&mut self, number: u32) -> &mut Round {
        if let Some(i) = self.rounds.iter().position(|r| r.number == number) {
            return &mut self.rounds[i];
        }
        self.rounds.push(Round {
            number,
            games: Vec::new(),
            byes: Vec::new(),
        });
        self.rounds.sort_by_key(|r| r.number);
        let i = self
            .rounds
            .iter()
            .position(|r| r.number == number)
            .unwrap_or(0);
        &mut self.rounds[i]
    }

    /// Sets the pairings of the next round: `games` as (white, black) by board order, and the
    /// pairing-allocated bye if any. Byes and absences already recorded for that round stay.
    ///
    /// # Errors
    /// A round other than the next, an unfinished previous round, unknown players, players out
    /// of the event (CR 1.4, 2.2), a player paired twice, a second pairing-allocated bye
    /// (CR 1.3).
    pub fn pair_round(
        &mut self,
        round: u32,
        games: &[(u16, u16)],
        pab: Option<u16>,
    ) -> Result<(), TournamentError> {
        self.check_next_round(round)?;
        self.check_round_finished(round - 1)?;
        let mut seen: HashSet<u16> = self
            .round(round)
            .map(|r| r.byes.iter().map(|b| b.player).collect())
            .unwrap_or_default();
        for &tpn in games.iter().flat_map(|(w, b)| [w, b]).chain(pab.iter()) {
            self.check_in_event(tpn, round)?;
            if !seen.insert(tpn) {
                return Err(TournamentError::PairedTwice { round, tpn });
            }
        }
        if let Some(p) = pab
            && let Some(earlier) = self.pab_round(p)
        {
            return Err(TournamentError::SecondPairingAllocatedBye { tpn: p, earlier });
        }
        let r = self.round_mut_or_new(round);
        r.games = games
            .iter()
            .enumerate()
            .map(|(i, &(white, black))| Game {
                board: i as u32 + 1,
                white,
                black,
                result: None,
                unrated: false,
                colours_unknown: false,
            })
            .collect();
        if let Some(player) = pab {
            r.byes.push(Bye {
                player,
                kind: ByeKind::PairingAllocated,
            });
        }
        Ok(())
    }

    /// Whether `round` may be paired now: it must be the next round (rounds are paired in
    /// order) and within the event's rounds.
    ///
    /// # Errors
    /// [`TournamentError::RoundBeyondEvent`], [`TournamentError::RoundOutOfOrder`].
    pub fn check_next_round(&self, round: u32) -> Result<(), TournamentError> {
        if round > self.total_rounds {
            return Err(TournamentError::RoundBeyondEvent {
                round,
                total: self.total_rounds,
            });
        }
        let next = self.paired_rounds() + 1;
        if round != next {
            return Err(TournamentError::RoundOutOfOrder { round, next });
        }
        Ok(())
    }

    /// Pairs the next round by the FIDE Dutch system ([`crate::tournament::pairing`], under
    /// `rules`: `fide` or `detsky-mat`, CR 1.2–1.5) from the tournament as it stands (players
    /// out of the event and pre-set byes are left out), records the pairing with
    /// [`Tournament::pair_round`] and returns it (boards in publication order, the
    /// pairing-allocated bye, and the pairer's explanation).
    ///
    /// # Errors
    /// The errors of [`Tournament::pair_round`] (an unfinished previous round, all rounds
    /// played); [`TournamentError::Pairing`] when no legal pairing exists.
    pub fn pair_next_round(
        &mut self,
        rules: &crate::tournament::pairing::PairingRules,
    ) -> Result<crate::tournament::pairing::Pairing, TournamentError> {
        use crate::tournament::pairing::{PairingInput, pair};
        let round = self.paired_rounds() + 1;
        self.check_next_round(round)?;
        self.check_round_finished(round - 1)?;
        let pairing = PairingInput::from_trf(&self.to_trf())
            .and_then(|input| pair(&input, rules))
            .map_err(|source| TournamentError::Pairing { round, source })?;
        let tpn = |x: u32| u16::try_from(x).unwrap_or(u16::MAX);
        let games: Vec<(u16, u16)> = pairing
            .boards
            .iter()
            .map(|b| (tpn(b.white), tpn(b.black)))
            .collect();
        self.pair_round(round, &games, pairing.bye.map(tpn))?;
        Ok(pairing)
    }

    /// Records the result of a game. With `correct`, an existing result is replaced
    /// (an arbiter's correction); without, a second result is an error.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`], [`TournamentError::NoSuchGame`],
    /// [`TournamentError::ResultAlreadyRecorded`], [`TournamentError::PlayerNotInEvent`]
    /// (a result for a round the player no longer plays: CR 1.4, CR 2.2).
    pub fn record_result(
        &mut self,
        round: u32,
        game: GameRef,
        result: GameResult,
        correct: bool,
    ) -> Result<(), TournamentError> {
        let paired = self.paired_rounds();
        let r = self
            .round(round)
            .filter(|r| !r.games.is_empty())
            .ok_or(TournamentError::NoSuchRound { round, paired })?;
        let g = find_game(r, game).ok_or_else(|| TournamentError::NoSuchGame {
            round,
            game: game.to_string(),
        })?;
        let (white, black, board) = (g.white, g.black, g.board);
        if let Some(existing) = g.result
            && !correct
        {
            return Err(TournamentError::ResultAlreadyRecorded {
                round,
                board,
                white,
                black,
                existing,
            });
        }
        self.check_in_event(white, round)?;
        self.check_in_event(black, round)?;
        if let Some(g) = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| r.games.iter_mut().find(|g| g.board == board))
        {
            g.result = Some(result);
        }
        Ok(())
    }

    /// Records the result of a judged game (see [`GameResult::from_verdict`]).
    ///
    /// # Errors
    /// [`TournamentError::UnfinishedGame`] for a verdict without result, and the errors of
    /// [`Tournament::record_result`].
    pub fn record_verdict(
        &mut self,
        round: u32,
        game: GameRef,
        verdict: &crate::game::verdict::Verdict,
        correct: bool,
    ) -> Result<(), TournamentError> {
        let result =
            GameResult::from_verdict(verdict).ok_or_else(|| TournamentError::UnfinishedGame {
                round,
                game: game.to_string(),
            })?;
        self.record_result(round, game, result, correct)
    }

    /// Whether every game of round `round` has a result, so that the next round may be paired
    /// (CR 1.2: a round is paired from the results of the rounds before it). A round not paired
    /// yet (or round 0) has nothing missing.
    ///
    /// # Errors
    /// [`TournamentError::RoundUnfinished`] with the number of games without a result.
    fn check_round_finished(&self, round: u32) -> Result<(), TournamentError> {
        let missing = self
            .round(round)
            .map_or(0, |r| r.games.iter().filter(|g| g.result.is_none()).count());
        if missing > 0 {
            return Err(TournamentError::RoundUnfinished { round, missing });
        }
        Ok(())
    }

    /// Whether player `tpn` may leave the event with no game from round `first_free` on
    /// (withdrawal, CR 1.4; disqualification, CR 2.2).
    ///
    /// # Errors
    /// [`TournamentError::UnknownPlayer`], [`TournamentError::AlreadyOut`], or
    /// [`TournamentError::GameAfterWithdrawal`] naming the player's last game at or after
    /// `first_free`.
    fn check_can_leave(&self, tpn: u16, first_free: u32) -> Result<(), TournamentError> {
        let p = self
            .player(tpn)
            .ok_or(TournamentError::UnknownPlayer(tpn))?;
        if let Some((out, _)) = p.out_from() {
            return Err(TournamentError::AlreadyOut { tpn, from: out });
        }
        match self.last_game_round(tpn) {
            Some(last) if last >= first_free => Err(TournamentError::GameAfterWithdrawal {
                tpn,
                round: last,
                next: last + 1,
            }),
            _ => Ok(()),
        }
    }

    /// The player leaves the event from round `from` on (CR 1.4): not paired in that round or
    /// later; results already played stand.
    ///
    /// # Errors
    /// Unknown player, already out, or a game in round `from` or later (record it first, or
    /// withdraw from the round after it).
    pub fn withdraw(&mut self, tpn: u16, from: u32) -> Result<(), TournamentError> {
        self.check_can_leave(tpn, from)?;
        self.remove_future_byes(tpn, from);
        self.player_mut(tpn)?.withdrawn_from = Some(from);
        Ok(())
    }

    /// Disqualifies the player in round `round` (CR 2.2): that round's game, if any, is lost
    /// (the opponent wins; a result already recorded is replaced), and the player is not
    /// paired again: every later round counts as a loss (0 points, TRF `Z`).
    ///
    /// # Errors
    /// Unknown player, already out, or a game in a later round.
    pub fn disqualify(&mut self, tpn: u16, round: u32) -> Result<(), TournamentError> {
        self.check_can_leave(tpn, round.saturating_add(1))?;
        if let Some(g) = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| {
                r.games
                    .iter_mut()
                    .find(|g| g.white == tpn || g.black == tpn)
            })
        {
            g.result = Some(if g.white == tpn {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            });
        }
        self.remove_future_byes(tpn, round + 1);
        self.player_mut(tpn)?.disqualified_from = Some(round + 1);
        Ok(())
    }

    fn last_game_round(&self, tpn: u16) -> Option<u32> {
        self.rounds
            .iter()
            .filter(|r| r.games.iter().any(|g| g.white == tpn || g.black == tpn))
            .map(|r| r.number)
            .max()
    }

    fn remove_future_byes(&mut self, tpn: u16, from: u32) {
        for r in self.rounds.iter_mut().filter(|r| r.number >= from) {
            r.byes.retain(|b| b.player != tpn);
        }
        self.rounds
            .retain(|r| !(r.games.is_empty() && r.byes.is_empty()));
    }

    /// The TRF round entry of player `tpn` in round `round` (1-based), or `None` when the line
    /// has no block there (a future round).
    ///
    /// A player without game or bye in an existing round is absent (`0000 - Z`). In the round
    /// after the last paired one, a player out of the event (CR 1.4, 2.2) gets the TRF(x)
    /// pre-set absence `0000 - Z`, so a pairer leaves him out.
    pub fn entry(&self, tpn: u16, round: u32) -> Option<RoundEntry> {
        let r = self.round(round);
        if let Some(g) = r.and_then(|r| r.games.iter().find(|g| g.white == tpn || g.black == tpn)) {
            let is_white = g.white == tpn;
            let code = match g.result {
                None => ResultCode::Blank,
                Some(res) => {
                    let (w, b) = res.codes();
                    let c = if is_white { w } else { b };
                    match (g.unrated, c) {
                        (true, ResultCode::Win) => ResultCode::UnratedWin,
                        (true, ResultCode::Draw) => ResultCode::UnratedDraw,
                        (true, ResultCode::Loss) => ResultCode::UnratedLoss,
                        (_, c) => c,
                    }
                }
            };
            let colour = match (g.colours_unknown, is_white) {
                (true, _) => TrfColour::None,
                (false, true) => TrfColour::White,
                (false, false) => TrfColour::Black,
            };
            return Some(RoundEntry {
                opponent: Some(if is_white { g.black } else { g.white }),
                colour,
                result: code,
            });
        }
        let absent = RoundEntry {
            opponent: None,
            colour: TrfColour::None,
            result: ResultCode::ZeroPointBye,
        };
        if let Some(b) = r.and_then(|r| r.byes.iter().find(|b| b.player == tpn)) {
            return Some(RoundEntry {
                result: b.kind.code(),
                ..absent
            });
        }
        let paired = self.paired_rounds();
        if round <= paired {
            return Some(absent);
        }
        let out = self.player(tpn).is_some_and(|p| !p.plays_in(round));
        (round == paired + 1 && round <= self.total_rounds && out).then_some(absent)
    }

    /// Points of player `tpn` after round `through` (CR 4.1; byes and forfeits by their TRF
    /// value under [`Tournament::scoring`]).
    pub fn score(&self, tpn: u16, through: u32) -> f64 {
        sum_points(
            (1..=through)
                .filter_map(|r| self.entry(tpn, r))
                .map(|e| e.result.points(&self.scoring)),
        )
    }

    /// Rounds with every game's result recorded (standings are after this round).
    pub fn completed_rounds(&self) -> u32 {
        let mut done = 0;
        for r in self.rounds.iter().filter(|r| !r.games.is_empty()) {
            if r.games.iter().all(|g| g.result.is_some()) {
                done = r.number;
            } else {
                break;
            }
        }
        done
    }

    /// The result table for tie-breaks after round `through` (default: the completed rounds).
    pub fn result_table(&self, through: Option<u32>) -> ResultTable {
        let rounds = through.unwrap_or_else(|| self.completed_rounds());
        let mut players: Vec<TablePlayer> = self
            .players
            .iter()
            .map(|p| {
                TablePlayer::new(p.start_rank, &p.name, p.rating, rounds as usize, |r| {
                    u32::try_from(r)
                        .ok()
                        .and_then(|r| self.entry(p.start_rank, r))
                })
            })
            .collect();
        players.sort_by_key(|p| p.tpn);
        ResultTable {
            players,
            rounds: rounds as usize,
            total_rounds: self.total_rounds.max(rounds) as usize,
            scoring: self.scoring,
        }
    }

    /// The tournament as a TRF file: `012`, the kept headers, `XXR`, `XXC`, then one `001` line
    /// per player with points over every round shown and rank by the `fide` preset
    /// (see [`crate::tournament::standings::Preset`]).
    pub fn to_trf(&self) -> Trf {
        let mut lines = vec![TrfLine::Header(HeaderLine {
            text: format!("012 {}", self.name),
        })];
        for h in &self.trf_headers {
            lines.push(TrfLine::Header(HeaderLine { text: h.clone() }));
        }
        lines.push(TrfLine::Header(HeaderLine {
            text: format!("XXR {}", self.total_rounds),
        }));
        if let Some(c) = self.initial_colour {
            let word = match c {
                InitialColour::White => "white1",
                InitialColour::Black => "black1",
            };
            lines.push(TrfLine::Header(HeaderLine {
                text: format!("XXC {word}"),
            }));
        }
        let table = self.result_table(None);
        let ranks: HashMap<u16, usize> = standings(
            &table,
            Rules::Fide2024,
            crate::tournament::standings::Preset::Fide.order(),
        )
        .into_iter()
        .map(|s| (s.tpn, s.rank))
        .collect();
        let last = self.paired_rounds() + 1;
        let mut players: Vec<&Player> = self.players.iter().collect();
        players.sort_by_key(|p| p.start_rank);
        for p in players {
            let mut rounds: Vec<RoundEntry> = Vec::new();
            for r in 1..=last {
                match self.entry(p.start_rank, r) {
                    Some(e) => rounds.push(e),
                    None => break,
                }
            }
            lines.push(TrfLine::Player(PlayerRecord {
                tpn: p.start_rank,
                sex: p.sex,
                title: p.title.clone(),
                name: p.name.clone(),
                rating: p.rating,
                federation: p.federation.clone(),
                fide_id: p.fide_id,
                birth_date: p.birth_date.clone(),
                points: self.score(p.start_rank, self.paired_rounds()),
                rank: ranks.get(&p.start_rank).map(|&r| r as u16),
                rounds,
            }));
        }
        Trf {
            lines,
            line_end: Default::default(),
            final_line_end: true,
        }
    }

    /// Reads a tournament from a TRF file. Games are rebuilt from the two players' blocks
    /// (boards numbered in order of the higher-ranked player), byes from `0000` blocks
    /// (`0000 +` is read as a full-point bye, `0000 -` as a zero-point one), the points column
    /// is recomputed. Withdrawals are not inferred: a withdrawn player's rounds are `Z` byes.
    /// Headers other than `012`, `XXR`, `XXC` are kept verbatim.
    ///
    /// # Errors
    /// [`TournamentError::InconsistentTrf`] when an opponent is missing, a block does not point
    /// back, or the two result codes do not make one result.
    pub fn from_trf(trf: &Trf) -> Result<Tournament, TournamentError> {
        let max_blocks = trf.players().map(|p| p.rounds.len()).max().unwrap_or(0);
        let total_rounds = trf.total_rounds().unwrap_or(max_blocks as u32);
        let mut t = Tournament::new(trf.name().unwrap_or(""), total_rounds);
        t.initial_colour = trf.initial_colour();
        t.scoring = trf.scoring();
        t.trf_headers = trf
            .headers()
            .filter(|h| !matches!(h.code(), "012" | "XXR" | "XXC"))
            .map(|h| h.text.clone())
            .collect();
        let records: BTreeMap<u16, &PlayerRecord> = trf.players().map(|p| (p.tpn, p)).collect();
        for p in records.values() {
            t.players.push(Player {
                start_rank: p.tpn,
                name: p.name.clone(),
                rating: p.rating,
                title: p.title.clone(),
                federation: p.federation.clone(),
                sex: p.sex,
                birth_date: p.birth_date.clone(),
                club: None,
                fide_id: p.fide_id,
                withdrawn_from: None,
                disqualified_from: None,
            });
        }
        for round in 1..=max_blocks {
            let number = round as u32;
            let mut r = Round {
                number,
                games: Vec::new(),
                byes: Vec::new(),
            };
            for (&tpn, p) in &records {
                let Some(e) = p.round(round) else { continue };
                let bad = |detail: String| TournamentError::InconsistentTrf {
                    tpn,
                    round: number,
                    detail,
                };
                match e.opponent {
                    None => {
                        let kind = match e.result {
                            ResultCode::PairingAllocatedBye => ByeKind::PairingAllocated,
                            ResultCode::HalfPointBye => ByeKind::HalfPoint,
                            ResultCode::FullPointBye | ResultCode::ForfeitWin => ByeKind::FullPoint,
                            ResultCode::ZeroPointBye | ResultCode::ForfeitLoss => {
                                ByeKind::ZeroPoint
                            }
                            ResultCode::Blank => continue,
                            other => {
                                return Err(bad(format!(
                                    "result `{}` needs an opponent",
                                    other.to_char()
                                )));
                            }
                        };
                        r.byes.push(Bye { player: tpn, kind });
                    }
                    Some(o) => {
                        let op = records
                            .get(&o)
                            .ok_or_else(|| bad(format!("opponent {o} has no player line")))?;
                        let back = op.round(round).copied();
                        if back.and_then(|b| b.opponent) != Some(tpn) {
                            return Err(bad(format!(
                                "opponent {o}'s round {round} block does not name {tpn}"
                            )));
                        }
                        let Some(back) = back else { continue };
                        if o < tpn {
                            continue; // built from the lower rank's line
                        }
                        let (white, black, wcode, bcode, unknown) = match (e.colour, back.colour) {
                            (TrfColour::White, TrfColour::Black) => {
                                (tpn, o, e.result, back.result, false)
                            }
                            (TrfColour::Black, TrfColour::White) => {
                                (o, tpn, back.result, e.result, false)
                            }
                            (TrfColour::None, TrfColour::None) => {
                                (tpn, o, e.result, back.result, true)
                            }
                            (a, b) => {
                                return Err(bad(format!(
                                    "colours `{}` and `{}` against {o}",
                                    a.letter(),
                                    b.letter()
                                )));
                            }
                        };
                        let result = if wcode == ResultCode::Blank && bcode == ResultCode::Blank {
                            None
                        } else {
                            Some(GameResult::from_codes(wcode, bcode).ok_or_else(|| {
                                bad(format!(
                                    "results `{}` and `{}` against {o} do not fit",
                                    e.result.to_char(),
                                    back.result.to_char()
                                ))
                            })?)
                        };
                        let unrated = matches!(
                            wcode,
                            ResultCode::UnratedWin
                                | ResultCode::UnratedDraw
                                | ResultCode::UnratedLoss
                        );
                        r.games.push(Game {
                            board: r.games.len() as u32 + 1,
                            white,
                            black,
                            result,
                            unrated,
                            colours_unknown: unknown,
                        });
                    }
                }
            }
            if !r.games.is_empty() || !r.byes.is_empty() {
                t.rounds.push(r);
            }
        }
        Ok(t)
    }
}

fn find_game(r: &Round, game: GameRef) -> Option<&Game> {
    r.games.iter().find(|g| match game {
        GameRef::Board(b) => g.board == b,
        GameRef::Players(a, b) => (g.white == a && g.black == b) || (g.white == b && g.black == a),
    })
}

/// The sum of scores (points, tie-break values), from `+0.0`: `Iterator::sum` of floats starts
/// from `-0.0`, so a sum of nothing would be printed `-0` in standings and TRF files.
pub fn sum_points(values: impl IntoIterator<Item = f64>) -> f64 {
    values.into_iter().fold(0.0, |a, b| a + b)
}
