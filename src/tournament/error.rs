//! What goes wrong changing or importing a tournament: [`TournamentError`].

use crate::tournament::result::BoardResult;
use crate::tournament::round::GameRef;

/// What went wrong changing a tournament.
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
        /// The reference as given (board 3, players 5 and 2).
        game: GameRef,
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
    #[error(
        "round {round}, board {board} ({white}-{black}): result {existing} already recorded; to change it, give the new result with --correct"
    )]
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
        existing: BoardResult,
    },
    /// The player left the event (CR 1.4) or was disqualified (CR 2.2) before this round.
    #[error("player {tpn} ({name}) {how} from round {from}: no result or pairing in round {round}")]
    PlayerNotInEvent {
        /// Starting rank.
        tpn: u16,
        /// The player's name.
        name: String,
        /// The player's sex, for the gendered words of other languages.
        sex: Option<crate::tournament::Sex>,
        /// "withdrew" or "was disqualified".
        how: &'static str,
        /// First round missed.
        from: u32,
        /// The round asked for.
        round: u32,
    },
    /// The player is already out of the event.
    #[error("player {tpn} ({name}) already left the event from round {from}")]
    AlreadyOut {
        /// Starting rank.
        tpn: u16,
        /// The player's name.
        name: String,
        /// The player's sex, for the gendered words of other languages.
        sex: Option<crate::tournament::Sex>,
        /// First round missed.
        from: u32,
    },
    /// Withdrawal from a round in which the player still has a game (CR 1.4: results already
    /// played stand). The advice depends on whether that game has a result and whether the
    /// event has a round after it.
    #[error("{}", game_after_withdrawal(&format!("{} ({})", .tpn, .name), *.round, *.next, *.recorded, *.total))]
    GameAfterWithdrawal {
        /// Starting rank.
        tpn: u16,
        /// The player's name.
        name: String,
        /// The player's sex, for the gendered words of other languages.
        sex: Option<crate::tournament::Sex>,
        /// The round with the game.
        round: u32,
        /// The first round the player could withdraw from.
        next: u32,
        /// Whether that game's result is recorded.
        recorded: bool,
        /// The event's number of rounds.
        total: u32,
    },
    /// A player the TRF-16 player line (C.04 Annex 2) cannot hold in its fixed columns, or one
    /// with no name.
    #[error("player {name:?}: {problem}")]
    InvalidPlayer {
        /// The name as given.
        name: String,
        /// What is wrong, e.g. a federation of four letters.
        problem: crate::tournament::player::PlayerProblem,
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
    /// A pairing-allocated bye given before its round is paired: the pairing allocates it
    /// (CR 1.3).
    #[error(
        "round {round}: the pairing-allocated bye is given by the pairing, not in advance: pair the round (--auto, or --bye {tpn} with the games)"
    )]
    PairingAllocatedByeBeforePairing {
        /// The round.
        round: u32,
        /// Starting rank of the player named.
        tpn: u16,
    },
    /// A second pairing-allocated bye in one round (CR 1.3: one, for the odd player out).
    #[error(
        "round {round}: player {other} already has the round's pairing-allocated bye; player {tpn} cannot have a second one"
    )]
    TwoPairingAllocatedByes {
        /// The round.
        round: u32,
        /// Starting rank of the player named.
        tpn: u16,
        /// Starting rank of the player who has it.
        other: u16,
    },
    /// A result other than the judge's (or the adjudication's) without the arbiter's reason.
    #[error(
        "round {round}, board {board}: the {by} gives {decided}; recording {chosen} instead overrides it and needs the arbiter's reason (--override-reason TEXT)"
    )]
    OverrideWithoutReason {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// Who decided: `judge` or `adjudication`.
        by: &'static str,
        /// The judge's or the adjudication's result.
        decided: BoardResult,
        /// The result the arbiter chose.
        chosen: BoardResult,
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
    /// The start list is frozen once round 1 is paired (late entries get the next number).
    #[error(
        "the start list is frozen: round 1 is paired, so starting ranks no longer change (a late entry gets the next number)"
    )]
    StartListFrozen,
    /// The initial colour is drawn by lot before round 1 only (C.04.3): afterwards it has been
    /// played.
    #[error("the initial colour is drawn before round 1 only: round 1 is paired")]
    LotsAfterRound1,
    /// FIDE mode was left and cannot be re-entered (C.02).
    #[error("FIDE mode was left after round {after_round} and cannot be re-entered")]
    FideModeLeft {
        /// Rounds paired when it was left.
        after_round: u32,
    },
    /// Leaving FIDE mode when it is not on.
    #[error("the event is not in FIDE mode")]
    FideModeNotOn,
    /// In FIDE mode a result of an earlier round is changed only with a note (C.02).
    #[error(
        "FIDE mode: round {round} is not the last paired round; changing the result of board {board} needs a note (why)"
    )]
    FideResultWithoutNote {
        /// 1-based round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// A round outside 1 ..= the event's rounds named for a change.
    #[error("{what} in round {round}: the event has rounds 1 to {total}")]
    RoundOutsideEvent {
        /// What was asked ("withdrawal", "disqualification", "bye").
        what: &'static str,
        /// The round given.
        round: u32,
        /// The event's number of rounds.
        total: u32,
    },
    /// A manual pairing the arbiter must force (a rematch, a present player left out).
    #[error(
        "round {round}: manual pairing refused: {}; pair them differently, or force it with --force --reason TEXT",
        problems.join("; ")
    )]
    ManualPairingRefused {
        /// The round.
        round: u32,
        /// What is wrong, one item per problem (English).
        problems: Vec<String>,
        /// The same, typed (for other languages).
        issues: Vec<crate::tournament::manual::ManualPairingIssue>,
    },
    /// A forced pairing without a reason.
    #[error("round {round}: a forced pairing needs a reason (--reason TEXT)")]
    ForceWithoutReason {
        /// The round.
        round: u32,
    },
    /// The verdict is about other players than the board's.
    #[error(
        "round {round}, board {board}: the verdict is for {verdict}, but the board is {board_players}"
    )]
    VerdictPlayers {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The verdict's players ("White - Black").
        verdict: String,
        /// The board's players.
        board_players: String,
        /// The verdict's White and Black as data: the name and the starting rank given.
        verdict_sides: Box<[(Option<String>, Option<u16>); 2]>,
        /// The board's White and Black as [`crate::tournament::Tournament::label`] names them.
        board_sides: Box<[String; 2]>,
    },
    /// The reported result disagrees with the board (CR 4.2): the arbiter must decide.
    #[error(
        "round {round}, board {board}: the reported result {reported} disagrees with the board ({discrepancies}; CR 4.2); decide the result with --decide RESULT"
    )]
    VerdictDisagrees {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result the players reported.
        reported: String,
        /// What disagrees.
        discrepancies: String,
    },
    /// A game named by players in the other order than the board's (A must be White).
    #[error(
        "round {round}: --game {given} does not match the board: board {board} is {white_tpn}-{black_tpn} ({white} White, {black} Black); give --game {white_tpn}-{black_tpn} (White first)"
    )]
    GameOrder {
        /// The round.
        round: u32,
        /// The reference as typed.
        given: String,
        /// The board.
        board: u32,
        /// White's starting rank.
        white_tpn: u16,
        /// Black's starting rank.
        black_tpn: u16,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
    },
    /// A forbidden pair needs two different players.
    #[error("a forbidden pair needs at least two different players")]
    InvalidForbiddenPair,
    /// The event's name, a date, the venue or an arbiter's name the event cannot take.
    #[error("the event cannot be saved: {problem}")]
    InvalidEvent {
        /// What is wrong.
        problem: EventProblem,
    },
    /// Fewer rounds (or none) than are paired already.
    #[error("the event cannot have {asked} round(s): {paired} round(s) are paired already")]
    FewerRoundsThanPaired {
        /// The number of rounds asked for.
        asked: u32,
        /// Rounds with pairings.
        paired: u32,
    },
    /// A group's pairing system changed once its round 1 is paired (the pairings made stand
    /// on the system they were made by).
    #[error("the pairing system cannot change: round 1 is paired ({paired} round(s) paired)")]
    SystemAfterPairing {
        /// Rounds with pairings.
        paired: u32,
    },
    /// A tie-break listed twice in the order (C.07 2.1: each is applied once, in order).
    #[error("tie-break {tie_break} is listed twice")]
    TieBreakTwice {
        /// Its C.07 acronym (`BH-C1`).
        tie_break: String,
    },
    /// A player deleted once round 1 is paired (the start list is frozen, C.04.2).
    #[error(
        "player {tpn} ({name}) cannot be deleted: round 1 is paired; withdraw the player instead (CR 1.4)"
    )]
    DeleteAfterPairing {
        /// Starting rank.
        tpn: u16,
        /// The player's name.
        name: String,
        /// The player's sex, for the gendered words of other languages.
        sex: Option<crate::tournament::Sex>,
    },
    /// A command on one group of an event of several, with no group named.
    #[error("the event has several groups ({groups}): name one (--group NAME)")]
    GroupNeeded {
        /// The groups' names, listed.
        groups: String,
    },
    /// No group has the name given.
    #[error("the event has no group {name:?}; its groups: {groups}")]
    NoSuchGroup {
        /// The name given.
        name: String,
        /// The groups' names, listed.
        groups: String,
    },
    /// A group's name the event cannot take.
    #[error("the group cannot be named so: {problem}")]
    InvalidGroupName {
        /// What is wrong.
        problem: EventProblem,
    },
    /// A group's name another group has.
    #[error("there is already a group named {name:?}")]
    GroupNameTaken {
        /// The name.
        name: String,
    },
    /// A player moved out of or into a group whose round 1 is paired (its start list is
    /// frozen, C.04.2).
    #[error("player {tpn} ({name}) cannot be moved: round 1 of group {group:?} is paired")]
    MoveAfterPairing {
        /// Starting rank in his group.
        tpn: u16,
        /// The player's name.
        name: String,
        /// The player's sex, for the gendered words of other languages.
        sex: Option<crate::tournament::Sex>,
        /// The group whose round 1 is paired.
        group: String,
    },
}

/// What is wrong with the event's own record ([`TournamentError::InvalidEvent`]); English is
/// the `Display`, [`EventProblem::text`] writes any language.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EventProblem {
    /// No name.
    #[error("the name is empty")]
    EmptyName,
    /// A line break or tab in a text (it would split the TRF line).
    #[error("{0:?} holds a line break or another control character")]
    ControlCharacter(String),
    /// A text over the limit.
    #[error("a text of {chars} characters is longer than {max}")]
    TooLong {
        /// Its length in characters.
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// Not a real date written `YYYY/MM/DD`.
    #[error("date {0:?} is not a real date written YYYY/MM/DD")]
    Date(String),
    /// The last day before the first.
    #[error("the last day {end} is before the first day {start}")]
    EndBeforeStart {
        /// The first day.
        start: String,
        /// The last day.
        end: String,
    },
    /// More rounds than an event is set up with ([`crate::tournament::event::MAX_ROUNDS`]).
    #[error("{rounds} rounds are more than {max}: a group has 1 to {max} rounds")]
    TooManyRounds {
        /// The rounds asked.
        rounds: u32,
        /// The limit.
        max: u32,
    },
}

impl EventProblem {
    /// The problem in `lang` (Fluent `event-problem-*`).
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match self {
            EventProblem::EmptyName => lang.msg("event-problem-empty-name"),
            EventProblem::ControlCharacter(t) => {
                lang.fmt("event-problem-control", &[("text", &format!("{t:?}"))])
            }
            EventProblem::TooLong { chars, max } => lang.fmt(
                "event-problem-too-long",
                &[("chars", &chars.to_string()), ("max", &max.to_string())],
            ),
            EventProblem::Date(d) => lang.fmt("event-problem-date", &[("date", &format!("{d:?}"))]),
            EventProblem::EndBeforeStart { start, end } => lang.fmt(
                "event-problem-end-before-start",
                &[("start", start), ("end", end)],
            ),
            EventProblem::TooManyRounds { rounds, max } => lang.fmt(
                "event-problem-too-many-rounds",
                &[("rounds", &rounds.to_string()), ("max", &max.to_string())],
            ),
        }
    }
}

/// [`TournamentError::GameAfterWithdrawal`] in English: the advice that can be followed
/// (withdraw from the round after the game, when the event has one; a game without result is
/// recorded first, a forfeit if it is not played, CR 4.4).
fn game_after_withdrawal(who: &str, round: u32, next: u32, recorded: bool, total: u32) -> String {
    let game = if recorded {
        format!("player {who} played round {round} (its result is recorded)")
    } else {
        format!("player {who} is paired in round {round}")
    };
    match (recorded, next <= total) {
        (true, true) => format!("{game}; withdraw from round {next}"),
        (false, true) => format!(
            "{game}; record that game (a forfeit if it is not played) and withdraw from round {next}"
        ),
        (true, false) => format!("{game}, the event's last: there is no later round to leave"),
        (false, false) => format!(
            "{game}, the event's last: record that game (a forfeit if it is not played); there is no later round to leave"
        ),
    }
}
