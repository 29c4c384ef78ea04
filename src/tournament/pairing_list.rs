//! A round's pairing list as an arbiter posts it: boards with White and Black (starting rank,
//! name, points before the round), the pairing-allocated bye, results so far, and the
//! alphabetical "who plays where" list children look up their name in. Text, JSON and CSV.

use crate::i18n::Lang;
use crate::tournament::standings::fmt_decimal;
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

/// The pairing list of one round.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairingList {
    /// 1-based round.
    pub round: u32,
    /// Boards in order.
    pub boards: Vec<ListedBoard>,
    /// The pairing-allocated bye (CR 1.3), if any.
    pub bye: Option<ListedPlayer>,
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
        let mut s = lang.fmt("pairings-round", &[("round", &self.round.to_string())]);
        s.push('\n');
        s.push_str(&format!(
            "{:>5}  {:<40} {:<40} {}\n",
            lang.msg("pairings-board"),
            lang.msg("pairings-white"),
            lang.msg("pairings-black"),
            lang.msg("pairings-result")
        ));
        for b in &self.boards {
            s.push_str(&format!(
                "{:>5}  {:<40} {:<40} {}\n",
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
        s.push('\n');
        s.push_str(&lang.msg("pairings-who"));
        s.push('\n');
        for (n, place) in self.who_plays_where(lang) {
            s.push_str(&format!("{n:<34} {place}\n"));
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
        names.sort_by_key(|(n, _)| n.to_lowercase().replace('ё', "е"));
        names
    }

    /// The list as CSV: `board,white_start_rank,white_name,white_points,black_start_rank,
    /// black_name,black_points,result`; the bye as a row with board `bye` and no Black.
    ///
    /// Names are neutralised for spreadsheets ([`spreadsheet_text`]): a player registered as
    /// `=HYPERLINK(…)` is a name in the organiser's spreadsheet, not a formula.
    pub fn to_csv(&self) -> String {
        let q = |s: &str| format!("\"{}\"", spreadsheet_text(s).replace('"', "\"\""));
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

/// A text cell for a CSV file a spreadsheet may open: one that starts with `=`, `+`, `-`, `@`,
/// a tab or a carriage return gets a leading `'`, so the spreadsheet shows it as text instead
/// of running it as a formula (OWASP, "CSV Injection"). Other text is returned as it is.
/// For cells of people's text (names, clubs, file names, PGN tags), not for numbers.
pub fn spreadsheet_text(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, GameRef, Player};

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
