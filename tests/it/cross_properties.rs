//! Property tests across modules:
//!
//! - any event sequence (legal and illegal moves, one- and two-handed, claims, notices,
//!   offers, take-backs, resignations, flag falls, reported results, in random order) → the
//!   judge returns a verdict, never panics, and its counts obey CR 3.3/3.7: no side has more
//!   counted illegal moves than the loss threshold, and a side at the threshold has lost
//!   (the game is over);
//! - TRF write → read → write is the identity on generated tournaments (players, paired
//!   rounds, results, byes), and the model read back equals the one written;
//! - standings do not depend on the order the players were added in: the same players added
//!   in a permuted order, ranked by the start list (C.04.2), paired and scored alike, give
//!   every player the same starting rank, place, points and tie-breaks.
//!
//! The runs are seeded (`ARBITER_TEST_SEED`, default a fixed seed) so that CI is repeatable;
//! proptest prints the failing case on failure. Set another seed to search further.

use arbiter::formats::jsonl::parse_line;
use arbiter::formats::trf::Trf;
use arbiter::game::event::Event;
use arbiter::game::judge::{JudgeOptions, judge_game};
use arbiter::game::rules::CompetitionRules;
use arbiter::game::verdict::GameResult;
use arbiter::tournament::standings::{Preset, StandingRow, StandingsReport};
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{BoardResult, Bye, ByeKind, GameRef, Player, Tournament};
use proptest::prelude::*;
use shakmaty::Color;

/// Moves of an opening (legal in order) mixed with moves illegal in most positions.
const MOVES: &[&str] = &[
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d4", "d7d5", "e1g1", "e8g8", "f1f4", "e1e3",
    "a1a8", "h8h1", "d1h5", "f8c5", "e4e5", "c6d4", "f3g5", "h5f7", "e7e8q", "a2a1",
];

fn event_line() -> impl Strategy<Value = String> {
    let side = prop_oneof![Just("white"), Just("black")];
    prop_oneof![
        8 => (prop::sample::select(MOVES), 1u8..=2).prop_map(|(m, hands)| if hands == 2 {
            format!(r#"{{"type":"move","uci":"{m}","hands":2}}"#)
        } else {
            format!(r#"{{"type":"move","uci":"{m}"}}"#)
        }),
        2 => (side.clone(), prop::sample::select(
            &["illegal_move", "two_handed", "threefold", "fifty_moves"][..]
        ))
        .prop_map(|(by, claim)| format!(r#"{{"type":"claim","by":"{by}","claim":"{claim}"}}"#)),
        2 => prop::sample::select(&["illegal_move", "two_handed"][..])
            .prop_map(|n| format!(r#"{{"type":"notice","notice":"{n}"}}"#)),
        1 => Just(r#"{"type":"take_back"}"#.to_string()),
        1 => (side.clone(), prop::sample::select(
            &["draw_offer", "draw_accept", "draw_reject", "resign", "refusal"][..]
        ))
        .prop_map(|(by, t)| format!(r#"{{"type":"{t}","by":"{by}"}}"#)),
        1 => side.prop_map(|s| format!(r#"{{"type":"flag_fall","side":"{s}"}}"#)),
        1 => prop::sample::select(&["1-0", "0-1", "1/2-1/2", "*"][..])
            .prop_map(|r| format!(r#"{{"type":"result","result":"{r}"}}"#)),
        1 => Just(r#"{"type":"playout_expired"}"#.to_string()),
    ]
}

fn check_counts(events: &[Event], rules: CompetitionRules) -> Result<(), TestCaseError> {
    let v = judge_game(events, Some(rules), JudgeOptions { trace: true })
        .map_err(|e| TestCaseError::fail(format!("no verdict: {e}")))?;
    let over = v.result != GameResult::Unfinished || v.ended_at_ply.is_some();
    for side in [Color::White, Color::Black] {
        let counted = *v.illegal_move_counts.get(side);
        prop_assert!(
            counted <= rules.illegal_moves_to_lose,
            "{side:?}: {counted} counted illegal moves, threshold {} (CR 3.3)",
            rules.illegal_moves_to_lose
        );
        if counted == rules.illegal_moves_to_lose {
            prop_assert!(over, "{side:?} reached the threshold and the game goes on");
        }
    }
    Ok(())
}

/// The seed of the property runs: `ARBITER_TEST_SEED` when set, else a fixed one.
fn seeded(cases: u32) -> ProptestConfig {
    let seed = std::env::var("ARBITER_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_201);
    eprintln!("property seed {seed} (ARBITER_TEST_SEED)");
    ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Found by the property below (random seed, 1 December 2026): under the FIDE preset a
/// two-handed move called after the game had ended by a second illegal move was counted as a
/// third illegal move. Hand-checked: White's Bf1-f4 (3.2) is noticed (1 of 2); Ng1-f3 is made
/// with two hands; White's d2-d4 out of turn is noticed (2 of 2: White loses, 7.5.5); the
/// two-handed call that follows changes nothing.
#[test]
fn a_two_handed_call_after_the_end_counts_nothing() {
    let lines = [
        r#"{"type":"move","uci":"f1f4"}"#,
        r#"{"type":"notice","notice":"illegal_move"}"#,
        r#"{"type":"move","uci":"g1f3","hands":2}"#,
        r#"{"type":"move","uci":"d2d4"}"#,
        r#"{"type":"notice","notice":"illegal_move"}"#,
        r#"{"type":"notice","notice":"two_handed"}"#,
    ];
    let events: Vec<Event> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| parse_line(l, i + 1).unwrap().unwrap())
        .collect();
    for rules in [CompetitionRules::fide(), CompetitionRules::detsky_mat()] {
        let v = judge_game(&events, Some(rules), JudgeOptions { trace: false }).unwrap();
        assert_eq!(v.result, GameResult::BlackWins);
        assert_eq!(v.reason.code(), "two_illegal_moves");
        assert_eq!(*v.illegal_move_counts.get(Color::White), 2);
        assert_eq!(v.two_handed.get(Color::White).counted, 0);
    }
}

proptest! {
    #![proptest_config(seeded(500))]

    #[test]
    fn any_event_sequence_gets_a_verdict_within_cr_3_3(
        lines in prop::collection::vec(event_line(), 0..60),
    ) {
        let events: Vec<Event> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| parse_line(l, i + 1).unwrap().unwrap())
            .collect();
        check_counts(&events, CompetitionRules::detsky_mat())?;
        check_counts(&events, CompetitionRules::fide())?;
    }
}

/// A generated tournament: `n` players, then rounds of (pairing permutation, results, whether
/// the odd player gets the pairing-allocated bye or a half-point bye).
/// Pairs `round` with `games`, gives the odd player the pairing-allocated bye (at most once per
/// player, CR 1.3; `had_pab` remembers who had it) or, with `half_bye`, a half-point bye, and
/// records `results` board by board (codes: 0 `1-0`, 2 `0-1`, 3 `+-`, 4 `-+`, 5 `--`, else a
/// draw).
#[allow(clippy::too_many_arguments)]
fn play_round(
    t: &mut Tournament,
    round: u32,
    games: &[(u16, u16)],
    odd: Option<u16>,
    results: &[u8],
    half_bye: bool,
    had_pab: &mut Vec<u16>,
) {
    let pab = odd.filter(|p| !half_bye && !had_pab.contains(p));
    had_pab.extend(pab);
    if let Some(p) = odd.filter(|_| pab.is_none()) {
        let bye = Bye {
            player: p,
            kind: ByeKind::HalfPoint,
        };
        t.add_bye(round, bye).unwrap();
    }
    t.pair_round(round, games, pab).unwrap();
    for (b, code) in results.iter().enumerate() {
        let result = match code {
            0 => BoardResult::WhiteWins,
            2 => BoardResult::BlackWins,
            3 => BoardResult::WhiteWinsByForfeit,
            4 => BoardResult::BlackWinsByForfeit,
            5 => BoardResult::DoubleForfeit,
            _ => BoardResult::Draw,
        };
        t.record_result(round, GameRef::Board(b as u32 + 1), result, false)
            .unwrap();
    }
}

fn tournament() -> impl Strategy<Value = Tournament> {
    (2usize..=12, 0usize..=4)
        .prop_flat_map(|(n, rounds)| {
            (
                Just(n),
                prop::collection::vec(
                    (
                        Just((1..=n as u16).collect::<Vec<u16>>()).prop_shuffle(),
                        prop::collection::vec(0u8..7, n / 2),
                        any::<bool>(),
                    ),
                    rounds,
                ),
                prop::collection::vec(1000u16..2800, n),
            )
        })
        .prop_map(|(n, rounds, ratings)| {
            let mut t = Tournament::new("Generated Open", 5);
            for (i, rating) in ratings.into_iter().enumerate() {
                t.add_player(Player {
                    name: format!("Player, No {}", i + 1),
                    rating: Some(rating),
                    ..Player::default()
                })
                .unwrap();
            }
            let mut had_pab = Vec::new();
            for (r, (order, results, half_bye)) in rounds.into_iter().enumerate() {
                let games: Vec<(u16, u16)> = order.chunks_exact(2).map(|c| (c[0], c[1])).collect();
                let odd = (n % 2 == 1).then(|| order[n - 1]);
                let round = r as u32 + 1;
                play_round(&mut t, round, &games, odd, &results, half_bye, &mut had_pab);
            }
            t
        })
}

proptest! {
    #![proptest_config(seeded(200))]

    #[test]
    fn trf_write_read_write_is_the_identity(t in tournament()) {
        let first = Trf::from_tournament(&t).to_string();
        let read = Trf::parse(&first, "generated.trf").unwrap();
        prop_assert_eq!(&read.to_string(), &first);
        let back = read.to_tournament().unwrap();
        prop_assert_eq!(Trf::from_tournament(&back).to_string(), first);
    }
}

/// Names whose collation keys tie (case, ё/е) so that the start list's last tie-breaks (the
/// name as written) decide, all distinct as written.
const NAMES: [&str; 14] = [
    "Ivanov, A",
    "ivanov, A",
    "IVANOV, A",
    "Ёлкин, Б",
    "Елкин, Б",
    "елкин, Б",
    "Smith, J",
    "Smith, j",
    "Petrov",
    "petrov",
    "Zhu, W",
    "Ångström",
    "Adams",
    "adams",
];

/// Players with tied ratings (or none) and titles, so that the start list's every criterion
/// counts: `n` of them, each `(name, rating, title)`.
fn entrants() -> impl Strategy<Value = Vec<(String, Option<u16>, Option<&'static str>)>> {
    (2usize..=12).prop_flat_map(|n| {
        (
            Just(NAMES.to_vec()).prop_shuffle(),
            prop::collection::vec(
                (
                    prop_oneof![Just(None), (0u16..4).prop_map(|k| Some(1500 + 100 * k))],
                    prop::sample::select(vec![None, Some("GM"), Some("IM"), Some("WGM")]),
                ),
                n,
            ),
        )
            .prop_map(|(names, fields)| {
                names
                    .into_iter()
                    .zip(fields)
                    .map(|(name, (rating, title))| (name.to_owned(), rating, title))
                    .collect()
            })
    })
}

/// One round by players (indices into the entrants): the pairing order, result codes, and
/// whether the odd player gets a half-point bye rather than the pairing-allocated one.
type RoundPlan = (Vec<usize>, Vec<u8>, bool);

/// A round by starting ranks: the games (white, black), the odd player, the result codes and
/// the half-point-bye choice.
type RoundByRank = (Vec<(u16, u16)>, Option<u16>, Vec<u8>, bool);

/// The event with `entrants` added in the order `added` (indices), ranked by the start list,
/// then `rounds` paired and scored by player (not by starting rank).
fn event(
    entrants: &[(String, Option<u16>, Option<&'static str>)],
    added: &[usize],
    rounds: &[RoundPlan],
) -> Tournament {
    let mut t = Tournament::new("Permuted Open", 5);
    for &i in added {
        let (name, rating, title) = &entrants[i];
        t.add_player(Player {
            name: name.clone(),
            rating: *rating,
            title: title.map(str::to_owned),
            ..Player::default()
        })
        .unwrap();
    }
    t.apply_start_list().unwrap();
    let tpn = |i: usize| {
        t.players
            .iter()
            .find(|p| p.name == entrants[i].0)
            .unwrap()
            .start_rank
    };
    let plan: Vec<RoundByRank> = rounds
        .iter()
        .map(|(order, results, half_bye)| {
            let games = order
                .chunks_exact(2)
                .map(|c| (tpn(c[0]), tpn(c[1])))
                .collect();
            let odd = (order.len() % 2 == 1).then(|| tpn(order[order.len() - 1]));
            (games, odd, results.clone(), *half_bye)
        })
        .collect();
    let mut had_pab = Vec::new();
    for (r, (games, odd, results, half_bye)) in plan.into_iter().enumerate() {
        let round = r as u32 + 1;
        play_round(&mut t, round, &games, odd, &results, half_bye, &mut had_pab);
    }
    t
}

/// The standings' rows by player name.
fn by_player(t: &Tournament, rules: Rules, preset: Preset) -> Vec<StandingRow> {
    let mut rows = StandingsReport::new(t, None, rules, preset.order()).standings;
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    rows
}

proptest! {
    #![proptest_config(seeded(200))]

    #[test]
    fn standings_do_not_depend_on_the_order_players_were_added(
        (entrants, added, rounds) in entrants().prop_flat_map(|e| {
            let n = e.len();
            (
                Just(e),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                prop::collection::vec(
                    (
                        Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                        prop::collection::vec(0u8..7, n / 2),
                        any::<bool>(),
                    ),
                    0..=4,
                ),
            )
        })
    ) {
        let in_order: Vec<usize> = (0..entrants.len()).collect();
        let first = event(&entrants, &in_order, &rounds);
        let permuted = event(&entrants, &added, &rounds);
        // The start list is the ranking's, whatever the order of entry.
        let ranks = |t: &Tournament| {
            let mut r: Vec<(String, u16)> =
                t.players.iter().map(|p| (p.name.clone(), p.start_rank)).collect();
            r.sort();
            r
        };
        prop_assert_eq!(ranks(&first), ranks(&permuted));
        for rules in [Rules::Fide2024, Rules::Fide2026] {
            for preset in [Preset::DetskyMat, Preset::Fide] {
                prop_assert_eq!(
                    by_player(&first, rules, preset),
                    by_player(&permuted, rules, preset)
                );
            }
        }
    }
}
