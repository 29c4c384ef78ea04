//! A round's pairing list as an arbiter posts it: boards with White and Black (starting rank,
//! name, points before the round), the pairing-allocated bye, the players without a game for
//! another reason (a requested bye, an absence, a round robin's free number), results so far,
//! and the alphabetical "who plays where" list children look up their name in — every player
//! of the round is in it. Text, JSON and CSV.

use crate::i18n::Lang;
use crate::tournament::words::cells::fmt_decimal;
pub use crate::tournament::words::cells::{csv_cell, spreadsheet_text};
use crate::tournament::{ByeKind, Points, Tournament, TournamentError};

/// A player on the pairing list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ListedPlayer {
    /// Starting rank.
    pub start_rank: u16,
    /// Name.
    pub name: String,
    /// Points before the round.
    pub points: Points,
}

/// One board of the list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ListedBoard {
    /// Board number.
    pub board: u32,
    /// White.
    pub white: ListedPlayer,
    /// Black.
    pub black: ListedPlayer,
    /// The result so far in ASCII, as `tournament result` reads it (`1-0`, `1/2-1/2`, `+-`,
    /// `--`, `0-0`), `None` while the game is on.
    pub result: Option<String>,
}

/// A player of the round without a game who is not the pairing-allocated bye: a requested
/// half-point bye, a zero-point absence, a full-point bye, or a round robin's free number.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WithoutGame {
    /// The player.
    pub player: ListedPlayer,
    /// The bye recorded for the round.
    pub kind: ByeKind,
    /// The round robin's table gave no game (the free number of an odd count, C.05 Annex 1, a
    /// withdrawn opponent's game, cancelled or given as the round's point): not the child's
    /// absence.
    pub by_table: bool,
}

impl WithoutGame {
    /// Why the player has no game, in `lang`: `no game by the table`, `not playing (½)`.
    pub fn why(&self, lang: Lang) -> String {
        if self.by_table && self.kind == ByeKind::FullPoint {
            return lang.msg("pairings-place-table-point");
        }
        if self.by_table {
            return lang.msg("pairings-place-table");
        }
        let points = match self.kind {
            ByeKind::HalfPoint => "½",
            ByeKind::FullPoint | ByeKind::PairingAllocated => "1",
            ByeKind::ZeroPoint => "0",
        };
        lang.fmt("pairings-place-absent", &[("points", points)])
    }
}

/// The pairing list of one round.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairingList {
    /// 1-based round.
    pub round: u32,
    /// Boards in order.
    pub boards: Vec<ListedBoard>,
    /// The pairing-allocated bye (CR 1.3), if any.
    pub bye: Option<ListedPlayer>,
    /// The other players of the round without a game, in starting-rank order.
    pub without_game: Vec<WithoutGame>,
}

impl PairingList {
    /// The pairing list of round `round` of `t`.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchRound`] for a round without pairings.
    pub fn new(t: &Tournament, round: u32) -> Result<PairingList, TournamentError> {
        let r =
            t.round(round)
                .filter(|r| !r.games.is_empty())
                .ok_or(TournamentError::NoSuchRound {
                    round,
                    paired: t.paired_rounds(),
                })?;
        let listed = |tpn: u16| ListedPlayer {
            start_rank: tpn,
            name: t.player(tpn).map_or(String::new(), |p| p.name.clone()),
            points: t.points(tpn, round - 1),
        };
        Ok(PairingList {
            round,
            boards: r
                .games
                .iter()
                .map(|g| ListedBoard {
                    board: g.board,
                    white: listed(g.white),
                    black: listed(g.black),
                    result: g.result.map(|x| match x {
                        crate::tournament::BoardResult::Draw => "1/2-1/2".to_string(),
                        x => x.notation().to_string(),
                    }),
                })
                .collect(),
            bye: r
                .byes
                .iter()
                .find(|b| b.kind == ByeKind::PairingAllocated)
                .map(|b| listed(b.player)),
            without_game: {
                let round_robin = t.system != crate::tournament::pairing::PairingSystem::Swiss;
                let mut w: Vec<WithoutGame> = r
                    .byes
                    .iter()
                    .filter(|b| b.kind != ByeKind::PairingAllocated)
                    .map(|b| WithoutGame {
                        player: listed(b.player),
                        kind: b.kind,
                        // A full point in a round robin: the table's opponent was out of
                        // the event when the round was paired.
                        by_table: round_robin
                            && matches!(b.kind, ByeKind::ZeroPoint | ByeKind::FullPoint),
                    })
                    .collect();
                w.sort_by_key(|x| x.player.start_rank);
                w
            },
        })
    }

    /// The list as text in `lang`: by board, then the bye, then everyone alphabetically with
    /// board and colour.
    pub fn to_text(&self, lang: Lang) -> String {
        let who = |p: &ListedPlayer| {
            format!(
                "{:>3} {} ({})",
                p.start_rank,
                p.name,
                fmt_decimal(p.points.as_f64(), lang)
            )
        };
        // Columns as wide as the longest entry: a long name is never cut, nor does it push
        // the next column out of line.
        let col = self
            .boards
            .iter()
            .flat_map(|b| [who(&b.white), who(&b.black)])
            .map(|w| w.chars().count())
            .max()
            .unwrap_or(0)
            .max(40);
        let mut s = lang.fmt("pairings-round", &[("round", &self.round.to_string())]);
        s.push('\n');
        s.push_str(&format!(
            "{:>5}  {:<col$} {:<col$} {}\n",
            lang.msg("pairings-board"),
            lang.msg("pairings-white"),
            lang.msg("pairings-black"),
            lang.msg("pairings-result")
        ));
        for b in &self.boards {
            s.push_str(&format!(
                "{:>5}  {:<col$} {:<col$} {}\n",
                b.board,
                who(&b.white),
                who(&b.black),
                b.result
                    .as_deref()
                    .map_or("", |r| if r == "1/2-1/2" { "½-½" } else { r })
            ));
        }
        if let Some(p) = &self.bye {
            s.push_str(&lang.fmt("pairings-bye", &[("player", &who(p))]));
            s.push('\n');
        }
        for w in &self.without_game {
            let player = format!("{} — {}", who(&w.player).trim_start(), w.why(lang));
            s.push_str(&lang.fmt("pairings-without", &[("player", &player)]));
            s.push('\n');
        }
        s.push('\n');
        s.push_str(&lang.msg("pairings-who"));
        s.push('\n');
        let who_plays = self.who_plays_where(lang);
        let width = who_plays
            .iter()
            .map(|(n, _)| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(34);
        for (n, place) in who_plays {
            s.push_str(&format!("{n:<width$} {place}\n"));
        }
        s
    }

    /// "Who plays where", the list children look up their name in: every player of the round
    /// (the bye too) as `(name, place)` in `lang` (`board 3, White`), sorted by name without
    /// case (`ё` as `е`, as Russian lists are sorted).
    pub fn who_plays_where(&self, lang: Lang) -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = Vec::new();
        for b in &self.boards {
            let board = b.board.to_string();
            names.push((
                b.white.name.clone(),
                lang.fmt("pairings-place-white", &[("board", &board)]),
            ));
            names.push((
                b.black.name.clone(),
                lang.fmt("pairings-place-black", &[("board", &board)]),
            ));
        }
        if let Some(p) = &self.bye {
            names.push((p.name.clone(), lang.msg("pairings-place-bye")));
        }
        for w in &self.without_game {
            names.push((w.player.name.clone(), w.why(lang)));
        }
        names.sort_by_key(|(n, _)| n.to_lowercase().replace('ё', "е"));
        names
    }

    /// The list as CSV: `board,white_start_rank,white_name,white_points,black_start_rank,
    /// black_name,black_points,result`; the bye as a row with board `bye` and no Black.
    ///
    /// Names are neutralised for spreadsheets ([`spreadsheet_text`]): a player registered as
    /// `=HYPERLINK(…)` is a name in the organiser's spreadsheet, not a formula.
    pub fn to_csv(&self) -> String {
        let q = csv_cell;
        let mut s = String::from(
            "board,white_start_rank,white_name,white_points,black_start_rank,black_name,black_points,result\n",
        );
        for b in &self.boards {
            s.push_str(&format!(
                "{},{},{},{},{},{},{},{}\n",
                b.board,
                b.white.start_rank,
                q(&b.white.name),
                b.white.points.as_f64(),
                b.black.start_rank,
                q(&b.black.name),
                b.black.points.as_f64(),
                b.result.as_deref().unwrap_or("")
            ));
        }
        if let Some(p) = &self.bye {
            s.push_str(&format!(
                "bye,{},{},{},,,,\n",
                p.start_rank,
                q(&p.name),
                p.points.as_f64()
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, GameRef, Player};

    /// A name longer than the columns is written whole, and the columns widen with it.
    #[test]
    fn long_names_are_whole_and_aligned() {
        let mut t = Tournament::new("T", 3);
        let long = "Иванова-Петрова-Сидорова, Анна-Мария Александровна";
        for name in [long, "Боря", "Вика", "Гоша"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round(1, &[(1, 2), (3, 4)], None).unwrap();
        let text = PairingList::new(&t, 1).unwrap().to_text(Lang::Ru);
        assert!(text.contains(long), "{text}");
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        // Where Black's column starts on each board line: after White's, at the same place.
        let black_start =
            |l: &[char]| (8..l.len()).find(|&i| l[i - 1] == ' ' && l[i - 2] == ' ' && l[i] != ' ');
        let boards: Vec<&Vec<char>> = lines[2..4].iter().collect();
        let starts: Vec<Option<usize>> = boards
            .iter()
            .map(|l| black_start(&l[8..]).map(|i| i + 8))
            .collect();
        assert!(starts[0].is_some(), "{text}");
        assert_eq!(starts[0], starts[1], "{text}");
        let who = lines
            .iter()
            .position(|l| l.iter().collect::<String>() == "Кто где играет")
            .unwrap();
        let place = |l: &[char]| {
            let s: String = l.iter().collect();
            s.find("доска").map(|b| s[..b].chars().count())
        };
        assert_eq!(place(&lines[who + 1]), place(&lines[who + 2]), "{text}");
        assert!(place(&lines[who + 1]).is_some(), "{text}");
    }

    #[test]
    fn formulas_in_names_are_text_in_the_csv() {
        for bad in ["=1+1", "+7", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(spreadsheet_text(bad), format!("'{bad}"));
        }
        for fine in ["Аня", "O'Neil", "", "1-0", " =not first"] {
            assert_eq!(spreadsheet_text(fine), fine);
        }
        let mut t = Tournament::new("T", 1);
        for name in ["=HYPERLINK(\"http://x.ru\",\"y\")", "@cmd", "Аня", "-Боря"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round(1, &[(1, 2), (3, 4)], None).unwrap();
        let csv = PairingList::new(&t, 1).unwrap().to_csv();
        assert!(
            csv.contains(",\"'=HYPERLINK(\"\"http://x.ru\"\",\"\"y\"\")\",")
                && csv.contains(",\"'@cmd\","),
            "{csv}"
        );
        assert!(
            csv.contains(",\"Аня\",") && csv.contains(",\"'-Боря\","),
            "{csv}"
        );
    }

    #[test]
    fn boards_bye_points_before_the_round() {
        let mut t = Tournament::new("T", 3);
        for name in ["Аня", "Боря", "Вика"] {
            t.add_player(Player {
                name: name.into(),
                ..Player::default()
            })
            .unwrap();
        }
        t.pair_round(1, &[(1, 2)], Some(3)).unwrap();
        t.record_result(1, GameRef::Board(1), BoardResult::Draw, false)
            .unwrap();
        t.pair_round(2, &[(3, 1)], None).unwrap();
        let list = PairingList::new(&t, 2).unwrap();
        assert_eq!(list.boards[0].white.name, "Вика");
        assert_eq!(list.boards[0].white.points, Points(10));
        assert_eq!(list.boards[0].black.points, Points(5));
        assert_eq!(list.boards[0].result, None);
        assert!(list.bye.is_none());
        let one = PairingList::new(&t, 1).unwrap();
        assert_eq!(one.boards[0].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(one.bye.as_ref().map(|b| b.start_rank), Some(3));
        assert!(
            one.to_text(Lang::En)
                .contains("Вика                               bye (+)")
        );
        let ru = one.to_text(Lang::Ru);
        assert!(ru.starts_with("Тур 1\nДоска  Белые"), "{ru}");
        assert!(ru.contains("Без пары (+):   3 Вика (0)\n"), "{ru}");
        assert!(
            ru.contains("\nКто где играет\nАня                                доска 1, белые\n")
        );
        assert!(ru.contains("Вика                               без пары (+)\n"));
        assert!(PairingList::new(&t, 3).is_err());
    }
}
