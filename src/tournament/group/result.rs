//! Results in a tournament: a board's result ([`BoardResult`]: over the board, forfeits, double
//! loss), a player's result in one round ([`RoundResult`]: the letters of a crosstable and of
//! TRF-16 round blocks, byes included), the player's round entry ([`RoundEntry`]: opponent,
//! colour, result) and the points each result is worth ([`Scoring`], CR 4.1), counted in
//! [`Points`] (integer tenths of a point).
//!
//! [`BoardResult`] owns the one conversion from a judged game's result
//! ([`crate::game::verdict::GameResult`]) into a tournament result.

use shakmaty::Color;

/// The result of a board of a round (CR 4.1, 4.2, 4.4; Laws 10.1): a game's result over the
/// board, or a forfeit or a double loss recorded by the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
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

impl BoardResult {
    /// Parses the usual notations: `1-0`, `0-1`, `1/2-1/2` (or `½-½`, `=`), `+-` / `1-0f`
    /// (forfeit), `-+` / `0-1f`, `--` (double forfeit), `0-0` (double loss, CR 4.2), and the
    /// snake_case names (`white_wins`, …).
    pub fn parse(text: &str) -> Option<BoardResult> {
        Some(match text.trim() {
            "1-0" | "white_wins" => BoardResult::WhiteWins,
            "0-1" | "black_wins" => BoardResult::BlackWins,
            "1/2-1/2" | "½-½" | "=" | "draw" => BoardResult::Draw,
            "+-" | "+/-" | "1-0f" | "1-0F" | "white_wins_by_forfeit" => {
                BoardResult::WhiteWinsByForfeit
            }
            "-+" | "-/+" | "0-1f" | "0-1F" | "black_wins_by_forfeit" => {
                BoardResult::BlackWinsByForfeit
            }
            "--" | "-/-" | "0-0f" | "0-0F" | "double_forfeit" => BoardResult::DoubleForfeit,
            "0-0" | "double_loss" => BoardResult::DoubleLoss,
            _ => return None,
        })
    }

    /// The result from a PGN `Result` tag value as a judged game's verdict carries it
    /// (`1-0`, `0-1`, `1/2-1/2`); `*` (unfinished) and anything else give `None`.
    pub fn from_pgn(result: &str) -> Option<BoardResult> {
        match result.trim() {
            "1-0" => Some(BoardResult::WhiteWins),
            "0-1" => Some(BoardResult::BlackWins),
            "1/2-1/2" => Some(BoardResult::Draw),
            _ => None,
        }
    }

    /// The one conversion from a judged game's result ([`crate::game::verdict::GameResult`],
    /// `arbiter judge`): `1-0`, `0-1`, `1/2-1/2`, and `0-0` (both lose, CR 4.2) map to the
    /// over-the-board results; an unfinished game (`*`) gives `None` (adjudicate it first,
    /// CR 4.3).
    pub fn from_game(result: crate::game::verdict::GameResult) -> Option<BoardResult> {
        use crate::game::verdict::GameResult as V;
        match result {
            V::WhiteWins => Some(BoardResult::WhiteWins),
            V::BlackWins => Some(BoardResult::BlackWins),
            V::Draw => Some(BoardResult::Draw),
            V::BothLose => Some(BoardResult::DoubleLoss),
            V::Unfinished => None,
        }
    }

    /// The result of a judged game ([`crate::game::verdict::Verdict`] from `arbiter judge`),
    /// by [`BoardResult::from_game`].
    pub fn from_verdict(verdict: &crate::game::verdict::Verdict) -> Option<BoardResult> {
        BoardResult::from_game(verdict.result)
    }

    /// True for a result not played over the board: a forfeit win of either side or a double
    /// forfeit (CR 4.4, TRF `+`/`-`).
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            BoardResult::WhiteWinsByForfeit
                | BoardResult::BlackWinsByForfeit
                | BoardResult::DoubleForfeit
        )
    }

    /// The short notation (`1-0`, `½-½`, `+-`, `--`, `0-0`…).
    pub fn notation(self) -> &'static str {
        match self {
            BoardResult::WhiteWins => "1-0",
            BoardResult::Draw => "½-½",
            BoardResult::BlackWins => "0-1",
            BoardResult::WhiteWinsByForfeit => "+-",
            BoardResult::BlackWinsByForfeit => "-+",
            BoardResult::DoubleForfeit => "--",
            BoardResult::DoubleLoss => "0-0",
        }
    }

    /// Each player's round result, (White's, Black's).
    pub fn round_results(self) -> (RoundResult, RoundResult) {
        use RoundResult as R;
        match self {
            BoardResult::WhiteWins => (R::Win, R::Loss),
            BoardResult::Draw => (R::Draw, R::Draw),
            BoardResult::BlackWins => (R::Loss, R::Win),
            BoardResult::WhiteWinsByForfeit => (R::ForfeitWin, R::ForfeitLoss),
            BoardResult::BlackWinsByForfeit => (R::ForfeitLoss, R::ForfeitWin),
            BoardResult::DoubleForfeit => (R::ForfeitLoss, R::ForfeitLoss),
            BoardResult::DoubleLoss => (R::Loss, R::Loss),
        }
    }

    /// The board's result from the two players' round results (White's, Black's); the unrated
    /// results `W D L` map to the over-the-board ones. `None` when the two do not make one
    /// result.
    pub fn from_round_results(white: RoundResult, black: RoundResult) -> Option<BoardResult> {
        use RoundResult as R;
        let norm = |c: RoundResult| match c {
            R::UnratedWin => R::Win,
            R::UnratedDraw => R::Draw,
            R::UnratedLoss => R::Loss,
            c => c,
        };
        Some(match (norm(white), norm(black)) {
            (R::Win, R::Loss) => BoardResult::WhiteWins,
            (R::Draw, R::Draw) => BoardResult::Draw,
            (R::Loss, R::Win) => BoardResult::BlackWins,
            (R::ForfeitWin, R::ForfeitLoss) => BoardResult::WhiteWinsByForfeit,
            (R::ForfeitLoss, R::ForfeitWin) => BoardResult::BlackWinsByForfeit,
            (R::ForfeitLoss, R::ForfeitLoss) => BoardResult::DoubleForfeit,
            (R::Loss, R::Loss) => BoardResult::DoubleLoss,
            _ => return None,
        })
    }
}

impl std::fmt::Display for BoardResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.notation())
    }
}

/// A player's result in one round, as crosstables and TRF-16 round blocks write it
/// (C.04 Annex 2; see `swiss-reference.md` §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundResult {
    /// `1`: game won over the board.
    Win,
    /// `=`: game drawn over the board.
    Draw,
    /// `0`: game lost over the board.
    Loss,
    /// `+`: forfeit win (the opponent did not appear).
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: win in a game played but not rated.
    UnratedWin,
    /// `D`: draw in a game played but not rated.
    UnratedDraw,
    /// `L`: loss in a game played but not rated.
    UnratedLoss,
    /// `H`: half-point bye (requested).
    HalfPointBye,
    /// `F`: full-point bye (requested or awarded; not the pairing-allocated bye).
    FullPointBye,
    /// `U`: pairing-allocated bye (CR 1.3: one point).
    PairingAllocatedBye,
    /// `Z`: zero-point bye / absence.
    ZeroPointBye,
    /// blank: paired, no result yet.
    Blank,
}

impl RoundResult {
    /// The result from its letter (`1 = 0 + - W D L H F U Z`, space for blank).
    pub fn from_letter(c: char) -> Option<RoundResult> {
        Some(match c {
            '1' => RoundResult::Win,
            '=' => RoundResult::Draw,
            '0' => RoundResult::Loss,
            '+' => RoundResult::ForfeitWin,
            '-' => RoundResult::ForfeitLoss,
            'W' => RoundResult::UnratedWin,
            'D' => RoundResult::UnratedDraw,
            'L' => RoundResult::UnratedLoss,
            'H' => RoundResult::HalfPointBye,
            'F' => RoundResult::FullPointBye,
            'U' => RoundResult::PairingAllocatedBye,
            'Z' => RoundResult::ZeroPointBye,
            ' ' => RoundResult::Blank,
            _ => return None,
        })
    }

    /// The letter (`1 = 0 + - W D L H F U Z`, space for blank).
    pub fn letter(self) -> char {
        match self {
            RoundResult::Win => '1',
            RoundResult::Draw => '=',
            RoundResult::Loss => '0',
            RoundResult::ForfeitWin => '+',
            RoundResult::ForfeitLoss => '-',
            RoundResult::UnratedWin => 'W',
            RoundResult::UnratedDraw => 'D',
            RoundResult::UnratedLoss => 'L',
            RoundResult::HalfPointBye => 'H',
            RoundResult::FullPointBye => 'F',
            RoundResult::PairingAllocatedBye => 'U',
            RoundResult::ZeroPointBye => 'Z',
            RoundResult::Blank => ' ',
        }
    }

    /// True for a game played over the board (`1 = 0 W D L`): it counts as a meeting (no
    /// rematch, C.04.1) and for colour history.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            RoundResult::Win
                | RoundResult::Draw
                | RoundResult::Loss
                | RoundResult::UnratedWin
                | RoundResult::UnratedDraw
                | RoundResult::UnratedLoss
        )
    }

    /// True for the byes and absences, which have no opponent (`H F U Z`).
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            RoundResult::HalfPointBye
                | RoundResult::FullPointBye
                | RoundResult::PairingAllocatedBye
                | RoundResult::ZeroPointBye
        )
    }

    /// Points for this result under `scoring` (CR 4.1: 1 / ½ / 0 by default).
    pub fn points(self, scoring: &Scoring) -> Points {
        match self {
            RoundResult::Win | RoundResult::UnratedWin | RoundResult::FullPointBye => scoring.win,
            RoundResult::ForfeitWin => scoring.forfeit_win,
            RoundResult::Draw | RoundResult::UnratedDraw | RoundResult::HalfPointBye => {
                scoring.draw
            }
            RoundResult::Loss | RoundResult::UnratedLoss => scoring.loss,
            RoundResult::ForfeitLoss => scoring.forfeit_loss,
            RoundResult::ZeroPointBye => scoring.zero_point_bye,
            RoundResult::PairingAllocatedBye => scoring.pairing_allocated_bye,
            RoundResult::Blank => Points::ZERO,
        }
    }
}

/// A number of points in integer tenths of a point (`Points(5)` is ½): every point value of
/// CR 4.1 and bbpPairings' `BB*` lines is a multiple of a tenth, so sums are exact (and never
/// `-0`). Written as a decimal number of points (`0.5`, `1.0`) in the state file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// The number of tenths.
    pub fn tenths(self) -> i32 {
        self.0
    }

    /// The points as a number of points (`Points(15)` is `1.5`).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// A number of points rounded to the nearest tenth (`0.25` gives `0.3`); `None` when it is
    /// not finite or too large.
    pub fn from_f64(points: f64) -> Option<Points> {
        let tenths = (points * 10.0).round();
        (tenths.is_finite() && tenths.abs() <= f64::from(i32::MAX)).then_some(Points(tenths as i32))
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl serde::Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl<'de> serde::Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let v = f64::deserialize(d)?;
        Points::from_f64(v)
            .ok_or_else(|| serde::de::Error::custom(format!("{v} is not a number of points")))
    }
}

/// Point values of the round results. Default: win 1, draw ½, loss 0, forfeit win 1, forfeit
/// loss 0, zero-point bye 0, pairing-allocated bye 1 (CR 4.1, CR 1.3). An event may set others
/// (bbpPairings' `BBW`… lines of a TRF file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scoring {
    /// `1`, `W`, `F`.
    pub win: Points,
    /// `=`, `D`, `H`.
    pub draw: Points,
    /// `0`, `L`.
    pub loss: Points,
    /// `+`.
    pub forfeit_win: Points,
    /// `-`.
    pub forfeit_loss: Points,
    /// `Z`.
    pub zero_point_bye: Points,
    /// `U`.
    pub pairing_allocated_bye: Points,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: Points(10),
            draw: Points(5),
            loss: Points(0),
            forfeit_win: Points(10),
            forfeit_loss: Points(0),
            zero_point_bye: Points(0),
            pairing_allocated_bye: Points(10),
        }
    }
}

/// One player's entry of one round: opponent, colour and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// Opponent's starting rank; `None` for a bye, an absence or a blank entry.
    pub opponent: Option<u16>,
    /// Colour played; `None` for a bye, an absence or a forfeit without colours.
    pub colour: Option<Color>,
    /// The player's result.
    pub result: RoundResult,
}

impl RoundEntry {
    /// A blank entry (no opponent, no colour, blank result): the player was not paired
    /// that round and it is worth 0 (TRF-16, C.04 Annex 2).
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: RoundResult::Blank,
    };

    /// An absence: no opponent, no colour, zero-point bye `Z`.
    pub const ABSENT: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: RoundResult::ZeroPointBye,
    };

    /// True for a game played over the board against an opponent (`1 = 0 W D L`).
    /// Forfeits, byes and absences are not played (C.04.1: they do not count as meetings or
    /// for colour history).
    pub fn is_played(&self) -> bool {
        self.opponent.is_some() && self.result.is_played()
    }

    /// True for an entry that says "not paired in this round" when it stands in the round
    /// being paired: no opponent with `Z`, `H` or `F` (TRF(x) pre-set absence / requested
    /// bye; see the pairing vectors' README).
    pub fn is_absence(&self) -> bool {
        self.opponent.is_none()
            && matches!(
                self.result,
                RoundResult::ZeroPointBye | RoundResult::HalfPointBye | RoundResult::FullPointBye
            )
    }

    /// True for an all-blank entry (no opponent, no colour, no result).
    pub fn is_empty(&self) -> bool {
        self.opponent.is_none() && self.colour.is_none() && self.result == RoundResult::Blank
    }
}

/// A player's round entries (index 0 = round 1) read as a whole.
pub mod entries {
    use super::{Points, RoundEntry, RoundResult, Scoring};

    /// Score from the results of rounds `1..=through` under `scoring` (entries beyond the
    /// end count 0).
    pub fn score(entries: &[RoundEntry], through: usize, scoring: &Scoring) -> Points {
        entries
            .iter()
            .take(through)
            .map(|e| e.result.points(scoring))
            .sum()
    }

    /// True when the player is to be paired in round `round` (1-based): no entry for that
    /// round, or an empty one, or one with an opponent (a pairing already made). A pre-set
    /// `Z`, `H` or `F` without opponent in that round means "absent / requested bye, do not
    /// pair" (TRF(x), see the pairing vectors' README).
    pub fn is_available(entries: &[RoundEntry], round: usize) -> bool {
        match round.checked_sub(1).and_then(|i| entries.get(i)) {
            None => true,
            Some(e) => !e.is_absence(),
        }
    }

    /// True when the player ever had the pairing-allocated bye `U` or scored a win's points
    /// without playing (`+`, `F`) in rounds `1..=through`: not eligible for the PAB (C.04.3
    /// C2, bbpPairings' reading).
    pub fn had_unplayed_win(entries: &[RoundEntry], through: usize) -> bool {
        entries.iter().take(through).any(|e| {
            matches!(
                e.result,
                RoundResult::PairingAllocatedBye
                    | RoundResult::ForfeitWin
                    | RoundResult::FullPointBye
            )
        })
    }

    /// Number of rounds with at least one pairing among the players' entries: the last round
    /// in which some player has an entry with an opponent, a pairing-allocated bye `U`, or a
    /// played or forfeit result. Pre-set absences (`Z`, `H`, `F` without opponent) of a round
    /// not yet paired do not count.
    pub fn paired_rounds<'a>(players: impl IntoIterator<Item = &'a [RoundEntry]>) -> usize {
        players
            .into_iter()
            .filter_map(|rounds| {
                rounds
                    .iter()
                    .rposition(|e| !e.is_absence() && !e.is_empty())
                    .map(|i| i + 1)
            })
            .max()
            .unwrap_or(0)
    }
}
