//! [`TournamentError`] written for people in a [`Lang`] ([`TournamentError::message`]): the
//! presenting layer (the CLI) calls it; the library's errors stay typed. English is the
//! error's `Display`, word for word (a test holds them together).

use crate::i18n::Lang;
use crate::tournament::TournamentError;

/// A player's sex as the Fluent messages select on it (`m`, `f`, `unknown`).
fn sex_selector(sex: Option<crate::tournament::Sex>) -> String {
    sex.map_or("unknown", crate::tournament::Sex::selector)
        .to_string()
}

/// A game reference in `lang`: "on board 3", "between 5 and 2".
fn game_ref(game: &crate::tournament::GameRef, lang: Lang) -> String {
    use crate::tournament::GameRef;
    match game {
        GameRef::Board(b) => lang.fmt("gameref-board", &[("board", &b.to_string())]),
        GameRef::Players(a, b) => lang.fmt(
            "gameref-players",
            &[("a", &a.to_string()), ("b", &b.to_string())],
        ),
    }
}

impl TournamentError {
    /// The error in `lang`, from the Fluent messages `err-*` of `locales/<lang>/arbiter.ftl`.
    /// Texts the error carries ready-made (a manual pairing's problems, the pairer's error, a
    /// player's invalid field) are given as they are.
    pub fn message(&self, lang: Lang) -> String {
        use TournamentError::*;
        let s = |v: &dyn std::fmt::Display| v.to_string();
        let (id, args): (&str, Vec<(&str, String)>) = match self {
            UnknownPlayer(tpn) => ("err-unknown-player", vec![("tpn", s(tpn))]),
            NoSuchRound { round, paired } => (
                "err-no-such-round",
                vec![("round", s(round)), ("paired", s(paired))],
            ),
            NoSuchGame { round, game } => (
                "err-no-such-game",
                vec![("round", s(round)), ("game", game_ref(game, lang))],
            ),
            UnfinishedGame { round, game } => (
                "err-unfinished-game",
                vec![("round", s(round)), ("game", game.clone())],
            ),
            ResultAlreadyRecorded {
                round,
                board,
                white,
                black,
                existing,
            } => (
                "err-result-recorded",
                vec![
                    ("round", s(round)),
                    ("board", s(board)),
                    ("white", s(white)),
                    ("black", s(black)),
                    ("existing", s(existing)),
                ],
            ),
            PlayerNotInEvent {
                tpn,
                name,
                sex,
                how,
                from,
                round,
            } => (
                "err-not-in-event",
                vec![
                    ("tpn", s(tpn)),
                    ("name", name.clone()),
                    ("sex", sex_selector(*sex)),
                    ("how", how.to_string()),
                    ("from", s(from)),
                    ("round", s(round)),
                ],
            ),
            AlreadyOut {
                tpn,
                name,
                sex,
                from,
            } => (
                "err-already-out",
                vec![
                    ("tpn", s(tpn)),
                    ("name", name.clone()),
                    ("sex", sex_selector(*sex)),
                    ("from", s(from)),
                ],
            ),
            GameAfterWithdrawal {
                tpn,
                name,
                sex,
                round,
                next,
                recorded,
                total,
            } => (
                match (*recorded, next <= total) {
                    (true, true) => "err-game-after-withdrawal-played",
                    (false, true) => "err-game-after-withdrawal-paired",
                    (true, false) => "err-game-after-withdrawal-played-last",
                    (false, false) => "err-game-after-withdrawal-paired-last",
                },
                vec![
                    ("tpn", s(tpn)),
                    ("name", name.clone()),
                    ("sex", sex_selector(*sex)),
                    ("round", s(round)),
                    ("next", s(next)),
                ],
            ),
            InvalidPlayer { name, problem } => (
                "err-invalid-player",
                vec![
                    ("name", format!("{name:?}")),
                    ("problem", problem.text(lang)),
                ],
            ),
            PairingAllocatedByeBeforePairing { round, tpn } => (
                "err-pab-before-pairing",
                vec![("round", s(round)), ("tpn", s(tpn))],
            ),
            TwoPairingAllocatedByes { round, tpn, other } => (
                "err-two-pabs",
                vec![("round", s(round)), ("tpn", s(tpn)), ("other", s(other))],
            ),
            OverrideWithoutReason {
                round,
                board,
                by,
                decided,
                chosen,
            } => (
                "err-override-without-reason",
                vec![
                    ("round", s(round)),
                    ("board", s(board)),
                    ("by", by.to_string()),
                    ("decided", s(decided)),
                    ("chosen", s(chosen)),
                ],
            ),
            RoundBeyondEvent { round, total } => (
                "err-round-beyond-event",
                vec![("round", s(round)), ("total", s(total))],
            ),
            RoundOutOfOrder { round, next } => (
                "err-round-out-of-order",
                vec![("round", s(round)), ("next", s(next))],
            ),
            PairedTwice { round, tpn } => (
                "err-paired-twice",
                vec![("round", s(round)), ("tpn", s(tpn))],
            ),
            RoundUnfinished { round, missing } => (
                "err-round-unfinished",
                vec![("round", s(round)), ("missing", s(missing))],
            ),
            SecondPairingAllocatedBye { tpn, earlier } => (
                "err-second-pab",
                vec![("tpn", s(tpn)), ("earlier", s(earlier))],
            ),
            Pairing { round, source } => (
                "err-pairing",
                vec![("round", s(round)), ("source", source.message(lang))],
            ),
            StartListFrozen => ("err-start-list-frozen", vec![]),
            LotsAfterRound1 => ("err-lots-after-round-1", vec![]),
            FideModeLeft { after_round } => ("err-fide-mode-left", vec![("round", s(after_round))]),
            FideModeNotOn => ("err-fide-mode-not-on", vec![]),
            FideResultWithoutNote { round, board } => (
                "err-fide-result-without-note",
                vec![("round", s(round)), ("board", s(board))],
            ),
            RoundOutsideEvent { what, round, total } => (
                "err-round-outside-event",
                vec![
                    ("what", what.to_string()),
                    ("round", s(round)),
                    ("total", s(total)),
                ],
            ),
            ManualPairingRefused { round, issues, .. } => {
                let texts: Vec<String> = issues.iter().map(|i| i.text(lang)).collect();
                (
                    "err-manual-refused",
                    vec![("round", s(round)), ("problems", texts.join("; "))],
                )
            }
            ForceWithoutReason { round } => ("err-force-without-reason", vec![("round", s(round))]),
            VerdictPlayers {
                round,
                board,
                verdict,
                board_players,
                verdict_sides,
                board_sides,
            } => {
                let (verdict, board_players) = if lang == Lang::En {
                    (verdict.clone(), board_players.clone())
                } else {
                    let side = |i: usize, colour: &str| {
                        let (name, rank) = &verdict_sides[i];
                        let mut args = vec![("colour", colour.to_string())];
                        args.push((
                            "name",
                            name.as_ref().map_or(String::new(), |n| format!("{n:?}")),
                        ));
                        args.push(("rank", rank.map_or(String::new(), |r| r.to_string())));
                        let id = match (name.is_some(), rank.is_some()) {
                            (true, true) => "err-verdict-side-ranked",
                            (true, false) => "err-verdict-side",
                            (false, true) => "err-verdict-side-unnamed-ranked",
                            (false, false) => "err-verdict-side-unnamed",
                        };
                        let args: Vec<(&str, &str)> =
                            args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                        lang.fmt(id, &args)
                    };
                    let board = lang.fmt(
                        "err-board-sides",
                        &[("white", &board_sides[0]), ("black", &board_sides[1])],
                    );
                    (
                        format!("{} - {}", side(0, "white"), side(1, "black")),
                        board,
                    )
                };
                (
                    "err-verdict-players",
                    vec![
                        ("round", s(round)),
                        ("board", s(board)),
                        ("verdict", verdict),
                        ("board_players", board_players),
                    ],
                )
            }
            VerdictDisagrees {
                round,
                board,
                reported,
                discrepancies,
            } => (
                "err-verdict-disagrees",
                vec![
                    ("round", s(round)),
                    ("board", s(board)),
                    ("reported", reported.clone()),
                    (
                        "discrepancies",
                        if lang == Lang::En {
                            discrepancies.clone()
                        } else {
                            discrepancies
                                .split(", ")
                                .map(|d| crate::game::verdict::discrepancy_text(d, lang))
                                .collect::<Vec<_>>()
                                .join("; ")
                        },
                    ),
                ],
            ),
            GameOrder {
                round,
                given,
                board,
                white_tpn,
                black_tpn,
                white,
                black,
            } => (
                "err-game-order",
                vec![
                    ("round", s(round)),
                    ("given", given.clone()),
                    ("board", s(board)),
                    ("white_tpn", s(white_tpn)),
                    ("black_tpn", s(black_tpn)),
                    ("white", white.clone()),
                    ("black", black.clone()),
                ],
            ),
            InvalidForbiddenPair => ("err-invalid-forbidden-pair", vec![]),
            InvalidEvent { problem } => {
                ("err-invalid-event", vec![("problem", problem.text(lang))])
            }
            FewerRoundsThanPaired { asked, paired } => (
                "err-fewer-rounds",
                vec![("asked", s(asked)), ("paired", s(paired))],
            ),
            SystemAfterPairing { paired } => {
                ("err-system-after-pairing", vec![("paired", s(paired))])
            }
            TieBreakTwice { tie_break } => (
                "err-tie-break-twice",
                vec![("tie_break", tie_break.clone())],
            ),
            DeleteAfterPairing { tpn, name, sex } => (
                "err-delete-after-pairing",
                vec![
                    ("tpn", s(tpn)),
                    ("name", name.clone()),
                    ("sex", sex_selector(*sex)),
                ],
            ),
            GroupNeeded { groups } => ("err-group-needed", vec![("groups", groups.clone())]),
            NoSuchGroup { name, groups } => (
                "err-no-such-group",
                vec![("name", format!("{name:?}")), ("groups", groups.clone())],
            ),
            InvalidGroupName { problem } => (
                "err-invalid-group-name",
                vec![("problem", problem.text(lang))],
            ),
            GroupNameTaken { name } => {
                ("err-group-name-taken", vec![("name", format!("{name:?}"))])
            }
            MoveAfterPairing {
                tpn,
                name,
                sex,
                group,
            } => (
                "err-move-after-pairing",
                vec![
                    ("tpn", s(tpn)),
                    ("name", name.clone()),
                    ("sex", sex_selector(*sex)),
                    ("group", format!("{group:?}")),
                ],
            ),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fmt(id, &args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::BoardResult;

    fn every_kind() -> Vec<TournamentError> {
        use TournamentError::*;
        vec![
            UnknownPlayer(7),
            NoSuchRound {
                round: 3,
                paired: 2,
            },
            NoSuchGame {
                round: 1,
                game: crate::tournament::GameRef::Board(9),
            },
            UnfinishedGame {
                round: 1,
                game: "board 2".into(),
            },
            ResultAlreadyRecorded {
                round: 1,
                board: 2,
                white: 3,
                black: 4,
                existing: BoardResult::Draw,
            },
            PlayerNotInEvent {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                how: "withdrew",
                from: 2,
                round: 3,
            },
            PlayerNotInEvent {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                how: "was disqualified",
                from: 2,
                round: 3,
            },
            AlreadyOut {
                tpn: 5,
                name: "Соловьёв Иван".into(),
                sex: Some(crate::tournament::Sex::Male),
                from: 2,
            },
            GameAfterWithdrawal {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                round: 2,
                next: 3,
                recorded: true,
                total: 4,
            },
            GameAfterWithdrawal {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                round: 2,
                next: 3,
                recorded: false,
                total: 4,
            },
            GameAfterWithdrawal {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                round: 4,
                next: 5,
                recorded: true,
                total: 4,
            },
            GameAfterWithdrawal {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                round: 4,
                next: 5,
                recorded: false,
                total: 4,
            },
            InvalidPlayer {
                name: "".into(),
                problem: crate::tournament::player::PlayerProblem::EmptyName,
            },
            InvalidPlayer {
                name: "Anna".into(),
                problem: crate::tournament::player::PlayerProblem::TooWide {
                    field: "federation",
                    chars: 4,
                    width: 3,
                },
            },
            PairingAllocatedByeBeforePairing { round: 2, tpn: 3 },
            TwoPairingAllocatedByes {
                round: 2,
                tpn: 3,
                other: 5,
            },
            OverrideWithoutReason {
                round: 1,
                board: 2,
                by: "judge",
                decided: BoardResult::BlackWins,
                chosen: BoardResult::WhiteWins,
            },
            OverrideWithoutReason {
                round: 1,
                board: 2,
                by: "adjudication",
                decided: BoardResult::Draw,
                chosen: BoardResult::WhiteWins,
            },
            RoundBeyondEvent { round: 5, total: 4 },
            RoundOutOfOrder { round: 3, next: 2 },
            PairedTwice { round: 1, tpn: 4 },
            RoundUnfinished {
                round: 1,
                missing: 2,
            },
            SecondPairingAllocatedBye { tpn: 4, earlier: 1 },
            StartListFrozen,
            LotsAfterRound1,
            FideModeLeft { after_round: 2 },
            FideModeNotOn,
            FideResultWithoutNote { round: 1, board: 2 },
            RoundOutsideEvent {
                what: "withdrawal",
                round: 6,
                total: 4,
            },
            RoundOutsideEvent {
                what: "bye",
                round: 6,
                total: 4,
            },
            ManualPairingRefused {
                round: 2,
                problems: vec![
                    "rematch: 1 (A) and 2 (B) have already played each other".into(),
                    "not paired, without bye and not marked absent: 3 (C)".into(),
                ],
                issues: vec![
                    crate::tournament::manual::ManualPairingIssue::Rematch(
                        "1 (A)".into(),
                        "2 (B)".into(),
                    ),
                    crate::tournament::manual::ManualPairingIssue::LeftOut(vec!["3 (C)".into()]),
                ],
            },
            ForceWithoutReason { round: 2 },
            VerdictPlayers {
                round: 1,
                board: 1,
                verdict: "\"Anna\" (White) - \"Boris\" (Black), start no. 2".into(),
                board_players: "1 (A) (White) - 2 (B) (Black)".into(),
                verdict_sides: Box::new([
                    (Some("Anna".into()), None),
                    (Some("Boris".into()), Some(2)),
                ]),
                board_sides: Box::new(["1 (A)".into(), "2 (B)".into()]),
            },
            VerdictDisagrees {
                round: 1,
                board: 1,
                reported: "1-0".into(),
                discrepancies: "reported_ending_not_on_board".into(),
            },
            GameOrder {
                round: 1,
                given: "2-1".into(),
                board: 1,
                white_tpn: 1,
                black_tpn: 2,
                white: "A".into(),
                black: "B".into(),
            },
            InvalidForbiddenPair,
            InvalidEvent {
                problem: crate::tournament::error::EventProblem::EmptyName,
            },
            InvalidEvent {
                problem: crate::tournament::error::EventProblem::Date("2026/02/30".into()),
            },
            InvalidEvent {
                problem: crate::tournament::error::EventProblem::EndBeforeStart {
                    start: "2026/11/29".into(),
                    end: "2026/11/28".into(),
                },
            },
            InvalidEvent {
                problem: crate::tournament::error::EventProblem::TooLong {
                    chars: 300,
                    max: 200,
                },
            },
            InvalidEvent {
                problem: crate::tournament::error::EventProblem::ControlCharacter("a\tb".into()),
            },
            FewerRoundsThanPaired {
                asked: 2,
                paired: 3,
            },
            SystemAfterPairing { paired: 1 },
            TieBreakTwice {
                tie_break: "BH".into(),
            },
            DeleteAfterPairing {
                tpn: 4,
                name: "Anna".into(),
                sex: Some(crate::tournament::Sex::Female),
            },
            GroupNeeded {
                groups: "«A», «B»".into(),
            },
            NoSuchGroup {
                name: "C".into(),
                groups: "«A», «B»".into(),
            },
            InvalidGroupName {
                problem: crate::tournament::error::EventProblem::EmptyName,
            },
            GroupNameTaken { name: "A".into() },
            MoveAfterPairing {
                tpn: 4,
                name: "Anna".into(),
                sex: Some(crate::tournament::Sex::Female),
                group: "B".into(),
            },
        ]
    }

    /// English is the error's Display word for word; Russian is another text, with no English
    /// words of the message left (the arguments aside).
    #[test]
    fn english_is_the_display_and_russian_is_russian() {
        for e in every_kind() {
            assert_eq!(e.message(Lang::En), e.to_string(), "{e:?}");
            let ru = e.message(Lang::Ru);
            assert_ne!(ru, e.to_string(), "{e:?}");
            assert!(
                !ru.contains("round") && !ru.contains("player") && !ru.contains(" the "),
                "{e:?}: {ru}"
            );
        }
        let verdict = every_kind()
            .into_iter()
            .find(|e| matches!(e, TournamentError::VerdictPlayers { .. }))
            .unwrap();
        assert_eq!(
            verdict.message(Lang::Ru),
            "1-й тур, доска 1: решение судьи относится к партии \"Anna\" (белые) - \"Boris\" (чёрные), стартовый № 2, а на доске играют 1 (A) (белые) - 2 (B) (чёрные)"
        );
        // No advice that cannot be followed: the event's last round has no round after it.
        let last = TournamentError::GameAfterWithdrawal {
            tpn: 5,
            name: "Соловьёва Анна".into(),
            sex: Some(crate::tournament::Sex::Female),
            round: 4,
            next: 5,
            recorded: true,
            total: 4,
        };
        assert_eq!(
            last.message(Lang::Ru),
            "Соловьёва Анна (№ 5) сыграла 4-й тур (результат записан), последний в турнире: позже выбыть уже не из чего"
        );
        assert_eq!(
            last.to_string(),
            "player 5 (Соловьёва Анна) played round 4 (its result is recorded), the event's last: there is no later round to leave"
        );
        let deleted = |sex| TournamentError::DeleteAfterPairing {
            tpn: 4,
            name: "Иванова Анна".into(),
            sex,
        };
        assert_eq!(
            deleted(Some(crate::tournament::Sex::Female)).message(Lang::Ru),
            "участницу 4 (Иванова Анна) удалить нельзя: пары 1-го тура составлены; отметьте, что она выбыла (CR 1.4)"
        );
        assert_eq!(
            deleted(None).message(Lang::Ru),
            "участника 4 (Иванова Анна) удалить нельзя: пары 1-го тура составлены; отметьте, что он выбыл (CR 1.4)"
        );
        assert_eq!(
            TournamentError::RoundBeyondEvent { round: 5, total: 4 }.message(Lang::Ru),
            "пары 5-го тура составить нельзя: в турнире туров всего 4"
        );
        assert_eq!(
            TournamentError::PlayerNotInEvent {
                tpn: 5,
                name: "Соловьёва Анна".into(),
                sex: Some(crate::tournament::Sex::Female),
                how: "was disqualified",
                from: 2,
                round: 3
            }
            .message(Lang::Ru),
            "Соловьёва Анна (№ 5) дисквалифицирована со 2-го тура: в 3-м туре у неё нет ни результата, ни пары"
        );
    }
}
