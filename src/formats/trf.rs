//! FIDE TRF-16 and the TRF(x)/TRF(bx) extensions: reading and writing.
//!
//! The Tournament Report File (FIDE C.04 Annex 2, "TRF-16") is the format the chess world
//! exchanges tournaments in: rating reports, Swiss-Manager, JaVaFo and bbpPairings all read it.
//! See `../shared/docs/swiss-reference.md` §7.
//!
//! # Model
//!
//! A [`Trf`] is the file's lines in order. Player lines (`001`) are parsed by column into a
//! [`PlayerRecord`]; every other line (headers `012`…`132`, the TRF(x) extensions `XXR`, `XXC`,
//! `XXA`, `XXP`, `XXS`, `XXZ`, bbp's `BBW`…`BBU`, TRF-2026 `142`…`260`, team lines, blank
//! lines, anything unknown) is kept verbatim as a [`HeaderLine`] so that writing the file back
//! reproduces it. Typed accessors read the headers a pairer needs: [`Trf::total_rounds`]
//! (`XXR`, or TRF-2026 `142`), [`Trf::initial_colour`] (`XXC`, or `152`), [`Trf::scoring`]
//! (`BBW`…`BBU`), [`Trf::forbidden_pairs`] (`XXP`).
//!
//! # Player line (1-based columns)
//!
//! | columns | field |
//! |---|---|
//! | 1–3 | `001` |
//! | 5–8 | starting rank (TPN), right-aligned |
//! | 10 | sex (`m`/`w`, or blank) |
//! | 11–13 | title (`GM`, `WIM`, …), right-aligned |
//! | 15–47 | name |
//! | 49–52 | rating (blank = unrated) |
//! | 54–56 | federation |
//! | 58–68 | FIDE id |
//! | 70–79 | birth date (`YYYY/MM/DD`, kept as text) |
//! | 81–84 | points, e.g. ` 2.5` |
//! | 86–89 | rank |
//! | 92– | one 10-column block per round: opponent TPN (4, `0000` = none), space, colour (`w`/`b`/`-`), space, result, 2 spaces |
//!
//! The file is UTF-8 text. TRF-16 is ASCII in practice, but names in other scripts (Cyrillic,
//! accented Latin) are common in national events, so a column is one character (Unicode
//! scalar value), not one byte, both when reading and when writing: `Иванова, Анна` fills 13
//! of the name's 33 columns and the rating still starts in column 49. For ASCII files (every
//! file in `../shared/vectors/pairing/`) characters and bytes are the same, so nothing changes
//! for them. A tool that counts bytes would see such a line shifted; write ASCII names for it.
//!
//! # Round trip and normalisation
//!
//! [`Trf::to_string`](std::fmt::Display) writes header lines verbatim and player lines from their
//! fields in the canonical columns above. A file written in canonical columns (as every file
//! in `../shared/vectors/pairing/` is) comes back byte for byte. The normalisations, all of
//! which keep the meaning, are:
//!
//! - trailing spaces of player lines are dropped (so a last block with a blank result ends at
//!   its colour letter);
//! - numbers are right-aligned in their columns (an opponent `0003` becomes `   3`; no opponent is
//!   `0000`), text fields left-aligned (the title right-aligned);
//! - points are written with one decimal (`2.5`, ` 3.0`), or exactly when a tenth cannot express
//!   them (`2.25`); the reader refuses points that do not fit the four columns;
//! - a round block with no opponent, colour `-` and a blank result is written as 10 spaces;
//! - line ends: the first line end found (LF, CRLF or CR) is used for every line; a final line
//!   end is written if and only if the input had one.

use std::fmt;
use std::path::Path;

/// Width in characters of a player line's name field (columns 15–47).
pub const NAME_WIDTH: usize = 33;
/// Width in characters of the title field (columns 11–13).
pub const TITLE_WIDTH: usize = 3;
/// Width in characters of the federation field (columns 54–56).
pub const FEDERATION_WIDTH: usize = 3;
/// Width in characters of the birth date field (columns 70–79).
pub const BIRTH_DATE_WIDTH: usize = 10;
/// Largest number the four-column fields (starting rank, rating, rank, opponent) can hold.
pub const MAX_FOUR_DIGITS: u16 = 9999;
/// Largest FIDE id the eleven columns 58–68 can hold.
pub const MAX_FIDE_ID: u64 = 99_999_999_999;

/// What went wrong reading a TRF file, and where (file name, 1-based line and column).
#[derive(Debug, thiserror::Error)]
pub enum TrfError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file name as given.
        file: String,
        /// The operating-system error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not text (TRF is ASCII; UTF-8 names are accepted).
    #[error("{file}: not UTF-8 text (byte offset {offset})")]
    NotText {
        /// The file name as given.
        file: String,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// A field does not hold what its columns must hold.
    #[error("{file}:{line}:{column}: expected {expected}, found {found:?}")]
    Field {
        /// The file name as given.
        file: String,
        /// 1-based line number.
        line: usize,
        /// 1-based column where the field starts.
        column: usize,
        /// What the field must hold (e.g. "starting rank (1-9999) in columns 5-8").
        expected: &'static str,
        /// The text found there.
        found: String,
    },
    /// Two player lines have the same starting rank.
    #[error("{file}:{line}:5: starting rank {tpn} already given on line {first_line}")]
    DuplicateRank {
        /// The file name as given.
        file: String,
        /// Line of the second occurrence.
        line: usize,
        /// The repeated starting rank.
        tpn: u16,
        /// Line of the first occurrence.
        first_line: usize,
    },
}

/// Colour letter of a round block: `w`, `b` or `-` (no colour: bye, absence, or a forfeit
/// written without colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrfColour {
    /// `w`.
    White,
    /// `b`.
    Black,
    /// `-`.
    None,
}

impl TrfColour {
    /// The TRF letter.
    pub fn letter(self) -> char {
        match self {
            TrfColour::White => 'w',
            TrfColour::Black => 'b',
            TrfColour::None => '-',
        }
    }
}

/// Result code of a round block (TRF-16; see `swiss-reference.md` §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultCode {
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

impl ResultCode {
    /// Parses the TRF character.
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            'H' => ResultCode::HalfPointBye,
            'F' => ResultCode::FullPointBye,
            'U' => ResultCode::PairingAllocatedBye,
            'Z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// The TRF character.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// True for a game played over the board (`1 = 0 W D L`): it counts as a meeting (no
    /// rematch, C.04.1) and for colour history.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// True for the bye and absence codes that need opponent `0000` (`H F U Z`).
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            ResultCode::HalfPointBye
                | ResultCode::FullPointBye
                | ResultCode::PairingAllocatedBye
                | ResultCode::ZeroPointBye
        )
    }

    /// Points for this code under `scoring` (CR 4.1: 1 / ½ / 0 by default).
    pub fn points(self, scoring: &Scoring) -> f64 {
        match self {
            ResultCode::Win | ResultCode::UnratedWin | ResultCode::FullPointBye => scoring.win,
            ResultCode::ForfeitWin => scoring.forfeit_win,
            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfPointBye => scoring.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => scoring.loss,
            ResultCode::ForfeitLoss => scoring.forfeit_loss,
            ResultCode::ZeroPointBye => scoring.zero_point_bye,
            ResultCode::PairingAllocatedBye => scoring.pairing_allocated_bye,
            ResultCode::Blank => 0.0,
        }
    }
}

/// Point values of the result codes. Default: win 1, draw ½, loss 0, forfeit win 1, forfeit
/// loss 0, zero-point bye 0, pairing-allocated bye 1 (CR 4.1, CR 1.3). bbpPairings' `BBW`
/// (win, also a forfeit win), `BBD` (draw), `BBL` (loss), `BBZ` (zero-point bye), `BBF`
/// (forfeit loss) and `BBU` (pairing-allocated bye) lines override them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scoring {
    /// `1`, `W`, `F`.
    pub win: f64,
    /// `=`, `D`, `H`.
    pub draw: f64,
    /// `0`, `L`.
    pub loss: f64,
    /// `+`.
    pub forfeit_win: f64,
    /// `-`.
    pub forfeit_loss: f64,
    /// `Z`.
    pub zero_point_bye: f64,
    /// `U`.
    pub pairing_allocated_bye: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            forfeit_win: 1.0,
            forfeit_loss: 0.0,
            zero_point_bye: 0.0,
            pairing_allocated_bye: 1.0,
        }
    }
}

/// One round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundEntry {
    /// Opponent's starting rank; `None` for `0000` (bye, absence) or a blank block.
    pub opponent: Option<u16>,
    /// Colour letter.
    pub colour: TrfColour,
    /// Result code.
    pub result: ResultCode,
}

impl RoundEntry {
    /// A blank block (`     ` opponent, no colour, blank result): the player was not paired
    /// that round and it is worth 0 (TRF-16, C.04 Annex 2).
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: TrfColour::None,
        result: ResultCode::Blank,
    };

    /// True for a game played over the board against an opponent (`1 = 0 W D L`).
    /// Forfeits, byes and absences are not played (C.04.1: they do not count as meetings or
    /// for colour history).
    pub fn is_played(&self) -> bool {
        self.opponent.is_some() && self.result.is_played()
    }

    /// True for a block that says "not paired in this round" when it stands in the round
    /// being paired: opponent `0000` with `Z`, `H` or `F` (TRF(x) pre-set absence / requested
    /// bye; see the pairing vectors' README).
    pub fn is_absence(&self) -> bool {
        self.opponent.is_none()
            && matches!(
                self.result,
                ResultCode::ZeroPointBye | ResultCode::HalfPointBye | ResultCode::FullPointBye
            )
    }

    /// True for an all-blank block (no opponent, no colour, no result).
    pub fn is_empty(&self) -> bool {
        self.opponent.is_none()
            && self.colour == TrfColour::None
            && self.result == ResultCode::Blank
    }
}

/// A parsed `001` player line.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlayerRecord {
    /// Starting rank = pairing number (TPN), columns 5–8.
    pub tpn: u16,
    /// Sex letter, column 10 (`m`, `w`, `f`…), if given.
    pub sex: Option<char>,
    /// Title, columns 11–13 (trimmed), if given.
    pub title: Option<String>,
    /// Name, columns 15–47 (trimmed).
    pub name: String,
    /// Rating, columns 49–52; `None` when blank (unrated).
    pub rating: Option<u16>,
    /// Federation, columns 54–56 (trimmed), if given.
    pub federation: Option<String>,
    /// FIDE id, columns 58–68, if given.
    pub fide_id: Option<u64>,
    /// Birth date, columns 70–79, as written (`YYYY/MM/DD` or `YYYY`), if given.
    pub birth_date: Option<String>,
    /// Points as written in columns 81–84 (the file's claim; see [`PlayerRecord::score`]).
    pub points: f64,
    /// Rank, columns 86–89, if given.
    pub rank: Option<u16>,
    /// Round blocks, index 0 = round 1.
    pub rounds: Vec<RoundEntry>,
}

impl PlayerRecord {
    /// The round block of round `round` (1-based), if the line has one.
    pub fn round(&self, round: usize) -> Option<&RoundEntry> {
        round.checked_sub(1).and_then(|i| self.rounds.get(i))
    }

    /// Score from the results of rounds `1..=through` under `scoring` (blocks beyond the line's
    /// end count 0). With `through` = the number of completed rounds this is what the points
    /// column should hold.
    pub fn score(&self, through: usize, scoring: &Scoring) -> f64 {
        crate::tournament::model::sum_points(
            self.rounds
                .iter()
                .take(through)
                .map(|e| e.result.points(scoring)),
        )
    }

    /// True when the player is to be paired in round `round` (1-based): the line has no block
    /// for that round, or an empty one, or one with an opponent (a pairing already made). A
    /// `0000 - Z`, `0000 - H` or `0000 - F` block in that round means "absent / requested bye,
    /// do not pair" (TRF(x), see the pairing vectors' README).
    pub fn is_available(&self, round: usize) -> bool {
        match self.round(round) {
            None => true,
            Some(e) => !e.is_absence(),
        }
    }

    /// True when the player ever had the pairing-allocated bye `U` or scored a win's points
    /// without playing (`+`, `F`) in rounds `1..=through`: not eligible for the PAB (C.04.3 C2,
    /// bbpPairings' reading).
    pub fn had_unplayed_win(&self, through: usize) -> bool {
        self.rounds.iter().take(through).any(|e| {
            matches!(
                e.result,
                ResultCode::PairingAllocatedBye | ResultCode::ForfeitWin | ResultCode::FullPointBye
            )
        })
    }
}

/// Colour of the first player in round 1 (`XXC white1|black1`, TRF-2026 `152 W|B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InitialColour {
    /// `white1` / `W`.
    White,
    /// `black1` / `B`.
    Black,
}

/// A line other than a player line, kept verbatim (without its line end).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeaderLine {
    /// The whole line as read.
    pub text: String,
}

impl HeaderLine {
    /// The code: the first three characters (`012`, `XXR`, …), or the whole line if shorter.
    pub fn code(&self) -> &str {
        self.text.get(..3).unwrap_or(&self.text)
    }

    /// The text after the code and the separating space, trimmed at the end.
    pub fn value(&self) -> &str {
        self.text.get(3..).unwrap_or("").trim()
    }
}

/// One line of a TRF file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum TrfLine {
    /// A `001` line.
    Player(PlayerRecord),
    /// Any other line, verbatim.
    Header(HeaderLine),
}

/// Line-end convention of a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LineEnd {
    /// `\n`.
    #[default]
    Lf,
    /// `\r\n`.
    CrLf,
    /// `\r`.
    Cr,
}

impl LineEnd {
    fn as_str(self) -> &'static str {
        match self {
            LineEnd::Lf => "\n",
            LineEnd::CrLf => "\r\n",
            LineEnd::Cr => "\r",
        }
    }
}

/// A TRF file: its lines in order, and its line-end convention.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Trf {
    /// Lines in file order.
    pub lines: Vec<TrfLine>,
    /// Line ends used when writing.
    pub line_end: LineEnd,
    /// Whether the last line ends with a line end.
    pub final_line_end: bool,
}

impl Trf {
    /// Reads and parses a file. `-` reads stdin.
    ///
    /// # Errors
    /// [`TrfError::Io`], [`TrfError::NotText`], and the errors of [`Trf::parse`].
    pub fn read(path: &Path) -> Result<Trf, TrfError> {
        let file = path.display().to_string();
        let bytes = crate::formats::input::Source::from_arg(path)
            .read_bytes()
            .map_err(|source| TrfError::Io {
                file: file.clone(),
                source,
            })?;
        let text = String::from_utf8(bytes).map_err(|e| TrfError::NotText {
            file: file.clone(),
            offset: e.utf8_error().valid_up_to(),
        })?;
        Trf::parse(&text, &file)
    }

    /// Parses TRF text; `file` names the source in errors. Accepts LF, CRLF and CR line ends.
    ///
    /// # Errors
    /// [`TrfError::Field`] for a player line whose columns do not hold what TRF-16 says, or a
    /// malformed `XXR`/`XXC`/`142`/`152` header; [`TrfError::DuplicateRank`].
    pub fn parse(text: &str, file: &str) -> Result<Trf, TrfError> {
        let line_end = match text.find(['\r', '\n']) {
            Some(i) if text[i..].starts_with("\r\n") => LineEnd::CrLf,
            Some(i) if text[i..].starts_with('\r') => LineEnd::Cr,
            _ => LineEnd::Lf,
        };
        let final_line_end = text.ends_with(['\n', '\r']);
        let mut lines = Vec::new();
        let mut seen: std::collections::HashMap<u16, usize> = std::collections::HashMap::new();
        for (index, raw) in split_lines(text).enumerate() {
            let number = index + 1;
            if raw.starts_with("001") {
                let record = parse_player(raw, file, number)?;
                if let Some(&first_line) = seen.get(&record.tpn) {
                    return Err(TrfError::DuplicateRank {
                        file: file.to_string(),
                        line: number,
                        tpn: record.tpn,
                        first_line,
                    });
                }
                seen.insert(record.tpn, number);
                lines.push(TrfLine::Player(record));
            } else {
                let header = HeaderLine {
                    text: raw.to_string(),
                };
                check_header(&header, file, number)?;
                lines.push(TrfLine::Header(header));
            }
        }
        Ok(Trf {
            lines,
            line_end,
            final_line_end,
        })
    }

    /// The player records in file order.
    pub fn players(&self) -> impl Iterator<Item = &PlayerRecord> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            TrfLine::Header(_) => None,
        })
    }

    /// Mutable player records in file order.
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut PlayerRecord> {
        self.lines.iter_mut().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            TrfLine::Header(_) => None,
        })
    }

    /// The player with starting rank `tpn`.
    pub fn player(&self, tpn: u16) -> Option<&PlayerRecord> {
        self.players().find(|p| p.tpn == tpn)
    }

    /// The header lines in file order.
    pub fn headers(&self) -> impl Iterator<Item = &HeaderLine> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Header(h) => Some(h),
            TrfLine::Player(_) => None,
        })
    }

    /// Value of the first header with this code (`"012"`, `"XXR"`…), trimmed.
    pub fn header(&self, code: &str) -> Option<&str> {
        self.headers()
            .find(|h| h.code() == code)
            .map(HeaderLine::value)
    }

    /// Sets the value of the first header with this code, or appends a new header line after
    /// the last header that precedes the player lines.
    pub fn set_header(&mut self, code: &str, value: &str) {
        let text = format!("{code} {value}");
        for line in &mut self.lines {
            if let TrfLine::Header(h) = line
                && h.code() == code
            {
                h.text = text;
                return;
            }
        }
        let at = self
            .lines
            .iter()
            .position(|l| matches!(l, TrfLine::Player(_)))
            .unwrap_or(self.lines.len());
        self.lines.insert(at, TrfLine::Header(HeaderLine { text }));
    }

    /// Tournament name (the text of the `012` line, trimmed), `None` without such a line.
    pub fn name(&self) -> Option<&str> {
        self.header("012")
    }

    /// Total number of rounds: `XXR`, else TRF-2026 `142`; `None` when neither is there or
    /// its first word is not a number.
    pub fn total_rounds(&self) -> Option<u32> {
        self.header("XXR")
            .or_else(|| self.header("142"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
    }

    /// Initial colour: `XXC white1|black1` (possibly after `rank`), else TRF-2026 `152 W|B`.
    pub fn initial_colour(&self) -> Option<InitialColour> {
        if let Some(v) = self.header("XXC") {
            return v.split_whitespace().find_map(parse_xxc_word);
        }
        match self.header("152")?.chars().next()? {
            'W' | 'w' => Some(InitialColour::White),
            'B' | 'b' => Some(InitialColour::Black),
            _ => None,
        }
    }

    /// Point values, from the bbpPairings `BBW BBD BBL BBZ BBF BBU` lines over the defaults.
    pub fn scoring(&self) -> Scoring {
        let mut s = Scoring::default();
        for h in self.headers() {
            let Ok(v) = h.value().parse::<f64>() else {
                continue;
            };
            match h.code() {
                "BBW" => {
                    s.win = v;
                    s.forfeit_win = v;
                }
                "BBD" => s.draw = v,
                "BBL" => s.loss = v,
                "BBZ" => s.zero_point_bye = v,
                "BBF" => s.forfeit_loss = v,
                "BBU" => s.pairing_allocated_bye = v,
                _ => {}
            }
        }
        s
    }

    /// Forbidden pairs (`XXP id id …`: every two players on one line must not meet).
    pub fn forbidden_pairs(&self) -> Vec<Vec<u16>> {
        self.headers()
            .filter(|h| h.code() == "XXP")
            .map(|h| {
                h.value()
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect()
            })
            .collect()
    }

    /// Number of rounds with at least one pairing: the last round in which some player has a
    /// block with an opponent, a pairing-allocated bye `U`, or a played/forfeit result.
    /// Pre-set absences (`0000 - Z/H/F`) of a round not yet paired do not count.
    pub fn completed_rounds(&self) -> usize {
        self.players()
            .filter_map(|p| {
                p.rounds
                    .iter()
                    .rposition(|e| !e.is_absence() && !e.is_empty())
                    .map(|i| i + 1)
            })
            .max()
            .unwrap_or(0)
    }

    /// The round a pairer would pair next: [`Trf::completed_rounds`] + 1.
    pub fn round_to_pair(&self) -> usize {
        self.completed_rounds() + 1
    }
}

fn parse_xxc_word(w: &str) -> Option<InitialColour> {
    match w {
        "white1" => Some(InitialColour::White),
        "black1" => Some(InitialColour::Black),
        _ => None,
    }
}

fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\r', '\n']) {
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
        }
    })
}

fn field_error(
    file: &str,
    line: usize,
    column: usize,
    expected: &'static str,
    found: &str,
) -> TrfError {
    TrfError::Field {
        file: file.to_string(),
        line,
        column,
        expected,
        found: found.to_string(),
    }
}

fn check_header(h: &HeaderLine, file: &str, line: usize) -> Result<(), TrfError> {
    match h.code() {
        "XXR" | "142" => {
            let v = h.value();
            if v.split_whitespace()
                .next()
                .and_then(|w| w.parse::<u32>().ok())
                .is_none()
            {
                return Err(field_error(file, line, 5, "a number of rounds", v));
            }
        }
        "XXC" => {
            let v = h.value();
            let ok = v
                .split_whitespace()
                .all(|w| w == "rank" || parse_xxc_word(w).is_some());
            if !ok || v.is_empty() {
                return Err(field_error(
                    file,
                    line,
                    5,
                    "`white1`, `black1` or `rank`",
                    v,
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Characters of `line` in 1-based columns `from..=to` (clipped to the line's length).
///
/// A column is one character (Unicode scalar value), not one byte, so that a UTF-8 name such
/// as `Иванова, Анна` occupies as many columns as it has letters, exactly as the writer pads
/// it (`format!` pads by characters). For ASCII text (every reference file) characters and
/// bytes coincide.
fn cols(line: &str, from: usize, to: usize) -> &str {
    if line.is_ascii() {
        let start = (from - 1).min(line.len());
        let end = to.min(line.len());
        return line.get(start..end).unwrap_or("");
    }
    let byte_at = |col: usize| line.char_indices().nth(col).map_or(line.len(), |(i, _)| i);
    let start = byte_at(from - 1);
    let end = byte_at(to).max(start);
    line.get(start..end).unwrap_or("")
}

fn parse_player(line: &str, file: &str, number: usize) -> Result<PlayerRecord, TrfError> {
    let err = |column: usize, expected: &'static str, found: &str| {
        field_error(file, number, column, expected, found)
    };
    let tpn_text = cols(line, 5, 8);
    let tpn: u16 = tpn_text
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| err(5, "starting rank (1-9999) in columns 5-8", tpn_text))?;
    let sex = cols(line, 10, 10).chars().next().filter(|c| *c != ' ');
    let title = non_blank(cols(line, 11, 13));
    let name = cols(line, 15, 47).trim().to_string();
    let rating = optional_number(
        line,
        (49, 52),
        "rating (number or blank) in columns 49-52",
        &err,
    )?;
    let federation = non_blank(cols(line, 54, 56));
    let fide_id = optional_number(
        line,
        (58, 68),
        "FIDE id (number or blank) in columns 58-68",
        &err,
    )?;
    let birth_date = non_blank(cols(line, 70, 79));
    let points_text = cols(line, 81, 84);
    let points = match points_text.trim() {
        "" => 0.0,
        t => t
            .parse::<f64>()
            .ok()
            .filter(|&p| p.is_finite() && points_column(p).len() <= 4)
            .ok_or_else(|| err(81, "points (e.g. ` 2.5`) in columns 81-84", points_text))?,
    };
    let rank = optional_number(
        line,
        (86, 89),
        "rank (number or blank) in columns 86-89",
        &err,
    )?;
    let gap = cols(line, 90, 91);
    if !gap.trim().is_empty() {
        return Err(err(
            90,
            "two spaces before the first round block (columns 90-91)",
            gap,
        ));
    }
    let mut rounds = Vec::new();
    let mut start = 92;
    let width = line.chars().count();
    while start <= width {
        let block = cols(line, start, start + 9);
        rounds.push(parse_block(block, start, &err)?);
        start += 10;
    }
    // Blank trailing blocks carry nothing; the writer trims them too.
    while rounds.last().is_some_and(RoundEntry::is_empty) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        tpn,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth_date,
        points,
        rank,
        rounds,
    })
}

/// Points as columns 81–84 hold them: one decimal (` 2.5`, `10.0`), or the shortest exact
/// form when a tenth does not express the value (`2.25`, from bbp's `BB*` point values).
fn points_column(p: f64) -> String {
    if (p * 10.0).fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p}")
    }
}

fn non_blank(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The number in 1-based columns `from`–`to` of `line`, `None` when they are blank.
///
/// # Errors
/// `err(from, expected, text)` when the columns hold anything but a number of type `T`.
fn optional_number<T: std::str::FromStr>(
    line: &str,
    (from, to): (usize, usize),
    expected: &'static str,
    err: &dyn Fn(usize, &'static str, &str) -> TrfError,
) -> Result<Option<T>, TrfError> {
    let text = cols(line, from, to);
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| err(from, expected, text)),
    }
}

fn parse_block(
    block: &str,
    start: usize,
    err: &dyn Fn(usize, &'static str, &str) -> TrfError,
) -> Result<RoundEntry, TrfError> {
    let b = block.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(b' ');
    if block.trim().is_empty() {
        return Ok(RoundEntry {
            opponent: None,
            colour: TrfColour::None,
            result: ResultCode::Blank,
        });
    }
    let opp_text = cols(block, 1, 4);
    let opponent = match opp_text.trim() {
        "" => None,
        t => match t.parse::<u16>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => {
                return Err(err(
                    start,
                    "opponent's starting rank (`0000` = none)",
                    opp_text,
                ));
            }
        },
    };
    if at(4) != b' ' {
        return Err(err(
            start + 4,
            "a space after the opponent",
            cols(block, 5, 5),
        ));
    }
    let colour = match at(5) {
        b'w' => TrfColour::White,
        b'b' => TrfColour::Black,
        b'-' | b' ' => TrfColour::None,
        _ => return Err(err(start + 5, "colour `w`, `b` or `-`", cols(block, 6, 6))),
    };
    if at(6) != b' ' {
        return Err(err(
            start + 6,
            "a space after the colour",
            cols(block, 7, 7),
        ));
    }
    let result = ResultCode::from_char(at(7) as char).ok_or_else(|| {
        err(
            start + 7,
            "result `1 = 0 + - W D L H F U Z` or blank",
            cols(block, 8, 8),
        )
    })?;
    if !cols(block, 9, 10).trim().is_empty() {
        return Err(err(
            start + 8,
            "two spaces after the result",
            cols(block, 9, 10),
        ));
    }
    if result.is_bye() && opponent.is_some() {
        return Err(err(
            start,
            "opponent `0000` with a bye or absence (H F U Z)",
            opp_text,
        ));
    }
    Ok(RoundEntry {
        opponent,
        colour,
        result,
    })
}

/// The text fields of a player line longer than their TRF-16 columns (C.04 Annex 2), as
/// `(field, characters, width)`: `name` ([`NAME_WIDTH`]), `title` ([`TITLE_WIDTH`]),
/// `federation` ([`FEDERATION_WIDTH`]), `birth_date` ([`BIRTH_DATE_WIDTH`]), in that order.
pub fn overlong_text_fields(
    name: &str,
    title: Option<&str>,
    federation: Option<&str>,
    birth_date: Option<&str>,
) -> Vec<(&'static str, usize, usize)> {
    [
        ("name", Some(name), NAME_WIDTH),
        ("title", title, TITLE_WIDTH),
        ("federation", federation, FEDERATION_WIDTH),
        ("birth_date", birth_date, BIRTH_DATE_WIDTH),
    ]
    .into_iter()
    .filter_map(|(field, text, width)| {
        let chars = text.map_or(0, |t| t.chars().count());
        (chars > width).then_some((field, chars, width))
    })
    .collect()
}

/// `text` cut to its first `width` characters.
fn fit(text: &str, width: usize) -> &str {
    text.char_indices()
        .nth(width)
        .map_or(text, |(end, _)| &text[..end])
}

impl PlayerRecord {
    /// The text fields longer than their columns, as `(field, width in characters)`: `name`
    /// ([`NAME_WIDTH`]), `title`, `federation`, `birth_date`. [`PlayerRecord::to_line`] cuts
    /// them to fit, so a caller that wants to warn about the cut asks here first.
    pub fn overlong_fields(&self) -> Vec<(&'static str, usize)> {
        overlong_text_fields(
            &self.name,
            self.title.as_deref(),
            self.federation.as_deref(),
            self.birth_date.as_deref(),
        )
        .into_iter()
        .map(|(field, _, width)| (field, width))
        .collect()
    }

    /// The canonical `001` line (no line end, no trailing spaces), in the columns of the module
    /// docs' table. Text fields longer than their columns are cut to fit (see
    /// [`PlayerRecord::overlong_fields`]), so a long name never shifts the rating, points and
    /// round blocks: other programs read them by column (C.04 Annex 2). Numbers are written
    /// whole; they fit when they are at most [`MAX_FOUR_DIGITS`] (starting rank, rating, rank,
    /// opponents) and [`MAX_FIDE_ID`], as anything read from a TRF file is.
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            self.tpn,
            self.sex.unwrap_or(' '),
            fit(self.title.as_deref().unwrap_or(""), TITLE_WIDTH),
            fit(&self.name, NAME_WIDTH),
            self.rating.map(|r| r.to_string()).unwrap_or_default(),
            fit(self.federation.as_deref().unwrap_or(""), FEDERATION_WIDTH),
            self.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            fit(self.birth_date.as_deref().unwrap_or(""), BIRTH_DATE_WIDTH),
            points_column(self.points),
            self.rank.map(|r| r.to_string()).unwrap_or_default(),
        );
        for e in &self.rounds {
            if e.is_empty() {
                s.push_str("          ");
            } else {
                let opponent = e
                    .opponent
                    .map_or_else(|| "0000".to_string(), |o| o.to_string());
                s.push_str(&format!(
                    "  {:>4} {} {}",
                    opponent,
                    e.colour.letter(),
                    e.result.to_char()
                ));
            }
        }
        s.truncate(s.trim_end().len());
        s
    }
}

impl fmt::Display for Trf {
    /// Writes the file (see the module docs for the normalisations).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = self.line_end.as_str();
        for (i, line) in self.lines.iter().enumerate() {
            match line {
                TrfLine::Player(p) => f.write_str(&p.to_line())?,
                TrfLine::Header(h) => f.write_str(&h.text)?,
            }
            if i + 1 < self.lines.len() || self.final_line_end {
                f.write_str(end)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 edge-02-n5 (state before round 3)\nXXR 4\nXXC black1\n\
001    1      Kid X01                                                            1.5    1     3 b =     5 w 1\n\
001    2      Kid I02                                                            1.0    2     4 w 0  0000 - U\n\
001    3      Kid P03                                                            0.5    3     1 w =     4 b 0  0000 - Z\n";

    #[test]
    fn reads_columns_and_extensions() {
        let trf = Trf::parse(SAMPLE, "sample.trf").unwrap();
        assert_eq!(trf.name(), Some("edge-02-n5 (state before round 3)"));
        assert_eq!(trf.total_rounds(), Some(4));
        assert_eq!(trf.initial_colour(), Some(InitialColour::Black));
        let p1 = trf.player(1).unwrap();
        assert_eq!(p1.name, "Kid X01");
        assert_eq!(p1.rating, None);
        assert_eq!(p1.points, 1.5);
        assert_eq!(
            p1.rounds[0],
            RoundEntry {
                opponent: Some(3),
                colour: TrfColour::Black,
                result: ResultCode::Draw
            }
        );
        assert!(p1.rounds[0].is_played());
        let p2 = trf.player(2).unwrap();
        assert_eq!(p2.rounds[1].result, ResultCode::PairingAllocatedBye);
        assert!(!p2.rounds[1].is_played());
        assert!(p2.had_unplayed_win(2));
        assert_eq!(p2.score(2, &trf.scoring()), 1.0);
        // Player 3 has an extra `0000 - Z` block in round 3: absent, not to be paired.
        let p3 = trf.player(3).unwrap();
        assert!(!p3.is_available(3));
        assert!(trf.player(1).unwrap().is_available(3));
        assert_eq!(trf.completed_rounds(), 2);
        assert_eq!(trf.round_to_pair(), 3);
        assert_eq!(trf.to_string(), SAMPLE);
    }

    #[test]
    fn crlf_and_no_final_line_end_round_trip() {
        let text = SAMPLE.replace('\n', "\r\n");
        let text = text.trim_end();
        let trf = Trf::parse(text, "x").unwrap();
        assert_eq!(trf.line_end, LineEnd::CrLf);
        assert_eq!(trf.to_string(), text);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = SAMPLE.replace("    5 w 1", "    5 x 1");
        let e = Trf::parse(&bad, "t.trf").unwrap_err();
        match e {
            TrfError::Field { line, column, .. } => assert_eq!((line, column), (4, 107)),
            other => panic!("unexpected {other}"),
        }
        assert!(e_string(&bad).starts_with("t.trf:4:107: expected colour"));
        let bad = SAMPLE.replace("  0000 - U", "    62 b Z");
        assert!(
            e_string(&bad).contains("opponent `0000`"),
            "{}",
            e_string(&bad)
        );
        let bad = SAMPLE.replace("XXR 4", "XXR four");
        assert!(e_string(&bad).starts_with("t.trf:2:5: expected a number of rounds"));
        let bad = SAMPLE.replace("001    2", "001    1");
        assert!(e_string(&bad).contains("starting rank 1 already given on line 4"));
        for (at, text, expected) in [
            (
                49,
                "12x4",
                "t.trf:4:49: expected rating (number or blank) in columns 49-52",
            ),
            (
                58,
                "15O3014",
                "t.trf:4:58: expected FIDE id (number or blank) in columns 58-68",
            ),
            (
                86,
                "  -2",
                "t.trf:4:86: expected rank (number or blank) in columns 86-89",
            ),
        ] {
            let mut lines: Vec<String> = SAMPLE.lines().map(String::from).collect();
            lines[3].replace_range(at - 1..at - 1 + text.len(), text);
            let bad = lines.join("\n");
            assert!(e_string(&bad).starts_with(expected), "{}", e_string(&bad));
        }
    }

    fn e_string(text: &str) -> String {
        Trf::parse(text, "t.trf").unwrap_err().to_string()
    }

    #[test]
    fn trf_2026_headers_and_bbp_points() {
        let text = "012 T\r\n142 7\r\n152 B\r\nBBW 3\r\nBBD 1\r\nXXP 1 2 3\r\nZZZ kept as is\r\n";
        let trf = Trf::parse(text, "x").unwrap();
        assert_eq!(trf.total_rounds(), Some(7));
        assert_eq!(trf.initial_colour(), Some(InitialColour::Black));
        let s = trf.scoring();
        assert_eq!((s.win, s.forfeit_win, s.draw, s.loss), (3.0, 3.0, 1.0, 0.0));
        assert_eq!(trf.forbidden_pairs(), vec![vec![1, 2, 3]]);
        assert_eq!(trf.to_string(), text);
        let mut trf = trf;
        trf.set_header("XXR", "7");
        assert!(trf.to_string().ends_with("ZZZ kept as is\r\nXXR 7\r\n"));
    }

    #[test]
    fn titled_player_line() {
        let line = "001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  1.0    1     2 w 1";
        let trf = Trf::parse(line, "x").unwrap();
        let p = trf.player(1).unwrap();
        assert_eq!(p.title.as_deref(), Some("GM"));
        assert_eq!(p.sex, Some('m'));
        assert_eq!(p.rating, Some(2830));
        assert_eq!(p.federation.as_deref(), Some("NOR"));
        assert_eq!(p.fide_id, Some(1503014));
        assert_eq!(p.birth_date.as_deref(), Some("1990/11/30"));
        assert_eq!(trf.to_string(), line);
    }

    /// A name longer than its 33 columns is cut on writing: the rating still starts in column
    /// 49 and the round block in column 92 (characters, so a Cyrillic name too).
    #[test]
    fn a_long_name_keeps_the_columns() {
        let line = "001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  1.0    1     2 w 1";
        let trf = Trf::parse(line, "x").unwrap();
        for long in [
            "Carlsen-Abcdefghijklmnopqrstuvwxyz, Magnus Øen",
            "Иванова-Петрова-Сидорова, Анна Александровна",
        ] {
            let mut p = trf.player(1).unwrap().clone();
            p.name = long.to_string();
            assert_eq!(p.overlong_fields(), vec![("name", 33)]);
            let written = p.to_line();
            let chars: Vec<char> = written.chars().collect();
            let at = |from: usize, to: usize| chars[from - 1..to].iter().collect::<String>();
            assert_eq!(at(15, 47), long.chars().take(33).collect::<String>());
            assert_eq!(at(49, 52), "2830", "{written:?}");
            assert_eq!(at(92, 99), "   2 w 1", "{written:?}");
            let back = Trf::parse(&written, "x").unwrap();
            let q = back.player(1).unwrap();
            assert_eq!((q.rating, q.rounds.clone()), (p.rating, p.rounds.clone()));
            assert_eq!(q.name, at(15, 47).trim_end());
        }
        let p = trf.player(1).unwrap();
        assert!(p.overlong_fields().is_empty());
        let mut p = p.clone();
        p.federation = Some("NORW".into());
        assert_eq!(p.overlong_fields(), vec![("federation", 3)]);
        assert!(p.to_line().contains(" NOR "), "{}", p.to_line());
    }
}
