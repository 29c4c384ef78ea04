//! The round robin's pairings against the Berger tables of FIDE C.05 Annex 1, written out
//! below as the tables are published (white first; an odd number of players plays the table
//! of one more, the highest number being the free round), independently of the code. A double
//! round robin plays the table twice, the second cycle with colours reversed, the last two
//! rounds of the first cycle exchanged (C.05 Annex 1's recommendation).

use arbiter::tournament::pairing::round_robin::{Cycles, round, rounds};

/// The Berger tables: for each even size, one line per round, `white-black` by board.
const TABLES: &str = "
4
1-4 2-3
4-3 1-2
2-4 3-1
6
1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1
8
1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1
10
1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1
12
1-12 2-11 3-10 4-9 5-8 6-7
12-7 8-6 9-5 10-4 11-3 1-2
2-12 3-1 4-11 5-10 6-9 7-8
12-8 9-7 10-6 11-5 1-4 2-3
3-12 4-2 5-1 6-11 7-10 8-9
12-9 10-8 11-7 1-6 2-5 3-4
4-12 5-3 6-2 7-1 8-11 9-10
12-10 11-9 1-8 2-7 3-6 4-5
5-12 6-4 7-3 8-2 9-1 10-11
12-11 1-10 2-9 3-8 4-7 5-6
6-12 7-5 8-4 9-3 10-2 11-1
14
1-14 2-13 3-12 4-11 5-10 6-9 7-8
14-8 9-7 10-6 11-5 12-4 13-3 1-2
2-14 3-1 4-13 5-12 6-11 7-10 8-9
14-9 10-8 11-7 12-6 13-5 1-4 2-3
3-14 4-2 5-1 6-13 7-12 8-11 9-10
14-10 11-9 12-8 13-7 1-6 2-5 3-4
4-14 5-3 6-2 7-1 8-13 9-12 10-11
14-11 12-10 13-9 1-8 2-7 3-6 4-5
5-14 6-4 7-3 8-2 9-1 10-13 11-12
14-12 13-11 1-10 2-9 3-8 4-7 5-6
6-14 7-5 8-4 9-3 10-2 11-1 12-13
14-13 1-12 2-11 3-10 4-9 5-8 6-7
7-14 8-6 9-5 10-4 11-3 12-2 13-1
16
1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1
";

type Table = Vec<Vec<(u32, u32)>>;
/// Per round: the games and the free player.
type Played = Vec<(Vec<(u32, u32)>, Option<u32>)>;

/// The table of `n` players (even) from [`TABLES`].
fn table(n: u32) -> Table {
    let mut lines = TABLES.lines().map(str::trim).filter(|l| !l.is_empty());
    lines.by_ref().find(|l| *l == n.to_string()).unwrap();
    lines
        .take(n as usize - 1)
        .map(|l| {
            l.split(' ')
                .map(|g| {
                    let (w, b) = g.split_once('-').unwrap();
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// A table's rounds as `players` play them: games with the missing number (odd `players`)
/// taken out as the free round.
fn played(rounds: &Table, players: u32) -> Played {
    rounds
        .iter()
        .map(|games| {
            let free = games.iter().find_map(|&(w, b)| {
                (w > players)
                    .then_some(b)
                    .or_else(|| (b > players).then_some(w))
            });
            let games = games
                .iter()
                .copied()
                .filter(|&(w, b)| w <= players && b <= players)
                .collect();
            (games, free)
        })
        .collect()
}

#[test]
fn single_round_robins_are_the_berger_tables() {
    for players in 3..=16 {
        let n = players + players % 2;
        let expected = played(&table(n), players);
        assert_eq!(
            rounds(players, Cycles::Single).unwrap() as usize,
            expected.len()
        );
        for (i, (games, free)) in expected.iter().enumerate() {
            let got = round(players, Cycles::Single, i as u32 + 1).unwrap();
            assert_eq!(&got.games, games, "{players} players, round {}", i + 1);
            assert_eq!(got.free, *free, "{players} players, round {}", i + 1);
        }
    }
}

#[test]
fn double_round_robins_are_the_tables_twice_colours_reversed() {
    for players in 3..=16 {
        let n = players + players % 2;
        let single = table(n);
        // The first cycle with its last two rounds exchanged, then the table with colours
        // reversed.
        let mut first = single.clone();
        let last = first.len() - 1;
        first.swap(last - 1, last);
        let second: Table = single
            .iter()
            .map(|g| g.iter().map(|&(w, b)| (b, w)).collect())
            .collect();
        let expected = played(&[first, second].concat(), players);
        assert_eq!(
            rounds(players, Cycles::Double).unwrap() as usize,
            expected.len()
        );
        for (i, (games, free)) in expected.iter().enumerate() {
            let got = round(players, Cycles::Double, i as u32 + 1).unwrap();
            assert_eq!(&got.games, games, "{players} players, round {}", i + 1);
            assert_eq!(got.free, *free, "{players} players, round {}", i + 1);
        }
    }
    // By hand, 4 players: 1-4 2-3 | 2-4 3-1 | 4-3 1-2 | 4-1 3-2 | 3-4 2-1 | 4-2 1-3.
    let player_1: Vec<bool> = (1..=6)
        .map(|r| {
            round(4, Cycles::Double, r)
                .unwrap()
                .games
                .iter()
                .any(|&(w, _)| w == 1)
        })
        .collect();
    assert_eq!(player_1, [true, false, true, false, false, true]);
}

/// The command line: `tournament new --system round-robin`, `pair --auto` pairs round 1 from
/// the table (5 players: the table of 6, player 5's partner free), the event's rounds become
/// the table's 5, and `pair --auto --all` pairs every other round at once, before any result.
#[test]
fn the_command_line_pairs_a_round_robin_from_the_table() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("rr.arbiter");
    let f = state.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[
        "tournament",
        "new",
        f,
        "--name",
        "Группа Б",
        "--system",
        "round-robin",
        "--lang",
        "en",
    ]);
    assert!(text.contains("pairing system: round-robin"), "{text}");
    // Rated in start order 1 … 5.
    for (name, rating) in [
        ("A", "1500"),
        ("B", "1400"),
        ("C", "1300"),
        ("D", "1200"),
        ("E", "1100"),
    ] {
        run(&[
            "tournament",
            "add-player",
            f,
            "--name",
            name,
            "--rating",
            rating,
        ]);
    }
    let text = run(&["tournament", "pair", f, "--auto", "--lang", "en"]);
    // Table of 6, round 1: 1-6 2-5 3-4; 6 is missing, so 1 is free.
    assert!(
        text.contains("board 1: 2 - 5\nboard 2: 3 - 4\nfree this round: 1"),
        "{text}"
    );
    let t = arbiter::tournament::store::load(&state).unwrap();
    assert_eq!(t.total_rounds, 5);
    // Round 2 waits for round 1's results with --auto, not with --all.
    let out = std::process::Command::new(bin)
        .args(["tournament", "pair", f, "--auto"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let json = run(&[
        "tournament",
        "pair",
        f,
        "--auto",
        "--all",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rounds: Vec<_> = v["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["round"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds, [2, 3, 4, 5]);
    // Round 2 of the table: 6-4 5-3 1-2, so 4 is free; round 5: 3-6 4-2 5-1, 3 free.
    assert_eq!(v["rounds"][0]["free"], 4);
    assert_eq!(v["rounds"][0]["boards"][0]["white"], 5);
    assert_eq!(v["rounds"][0]["boards"][0]["black"], 3);
    assert_eq!(v["rounds"][3]["free"], 3);
    let t = arbiter::tournament::store::load(&state).unwrap();
    assert_eq!(t.paired_rounds(), 5);
    // The free player scores nothing for his round.
    let r1 = t.round(1).unwrap();
    assert_eq!(r1.byes.len(), 1);
    assert_eq!(r1.byes[0].kind, arbiter::tournament::ByeKind::ZeroPoint);
    // The free player is on the round's list, where a child looks up their name, as free by
    // the table (not absent): the pairing list, "who plays where", the desk's round page and
    // wall sheet, the public round page; the crosstable's cell is «своб. 0», not «проп. 0».
    let text = run(&["tournament", "pairings", f, "--round", "1", "--lang", "ru"]);
    assert!(
        text.contains("Без игры: 1 A (0) — без игры по таблице\n"),
        "{text}"
    );
    let who = &text[text.find("Кто где играет").unwrap()..];
    assert!(
        who.contains("\nA ") && who.contains("без игры по таблице"),
        "{who}"
    );
    let page = crate::web_api::page_of;
    // Round 1's results: the crosstable shows the complete rounds.
    run(&[
        "tournament",
        "result",
        f,
        "--round",
        "1",
        "--board",
        "1",
        "1-0",
    ]);
    run(&[
        "tournament",
        "result",
        f,
        "--round",
        "1",
        "--board",
        "2",
        "0-1",
    ]);
    let cfg = crate::web_api::config(&state, None);
    let app = arbiter::web::App::new(cfg);
    for uri in ["/rounds/1?lang=ru", "/rounds/1/print?lang=ru"] {
        let body = page(arbiter::web::router(app.clone()), uri);
        assert!(body.contains("— без игры по таблице</p>"), "{uri}: {body}");
        assert!(body.contains("Без игры: "), "{uri}");
    }
    let body = page(
        arbiter::web::public::public_router(app.clone()),
        "/rounds/1?lang=ru",
    );
    assert!(body.contains("Без игры: A — без игры по таблице"), "{body}");
    let cross = page(arbiter::web::router(app), "/crosstable?lang=ru");
    assert!(cross.contains("своб.\u{a0}0"), "{cross}");
    assert!(!cross.contains("проп.\u{a0}"), "{cross}");
    // A Swiss is not paired all at once.
    let swiss = dir.path().join("swiss.arbiter");
    let s = swiss.to_str().unwrap();
    run(&["tournament", "new", s, "--name", "S"]);
    let out = std::process::Command::new(bin)
        .args(["tournament", "pair", s, "--auto", "--all", "--lang", "en"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a Swiss is paired round by round"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A round robin's standings break ties by SB, DE, WIN and the Koya score. By hand, 4 players
/// (table: 1-4 2-3 | 4-3 1-2 | 2-4 3-1): 1-4 1-0, 2-3 ½, 4-3 0-1, 1-2 ½, 2-4 1-0, 3-1 0-1.
/// Points 1: 2.5, 2: 2, 3: 1.5, 4: 0; half the maximum is 1.5, so Koya counts the games
/// against 1, 2 and 3: player 1 ½ (v 2) + 1 (v 3) = 1.5, player 2 ½ + ½ = 1, player 3 ½ + 0
/// = 0.5, player 4 0. SB of player 1: 0·1 + ½·2 + 1·1.5 = 2.5.
#[test]
fn a_round_robins_tie_breaks_and_the_koya_score() {
    use arbiter::tournament::pairing::{PairingRules, PairingSystem};
    use arbiter::tournament::standings::{StandingsReport, default_order};
    use arbiter::tournament::tiebreak::Rules;
    use arbiter::tournament::{BoardResult, GameRef, Player, Tournament};
    let mut t = Tournament::new("RR", 1);
    t.system = PairingSystem::RoundRobin;
    for (name, rating) in [("A", 1500), ("B", 1400), ("C", 1300), ("D", 1200)] {
        t.add_player(Player {
            name: name.into(),
            rating: Some(rating),
            ..Player::default()
        })
        .unwrap();
    }
    use BoardResult::{BlackWins, Draw, WhiteWins};
    for (round, results) in [
        (1, [WhiteWins, Draw]),
        (2, [BlackWins, Draw]),
        (3, [WhiteWins, BlackWins]),
    ] {
        t.pair_next_round(&PairingRules::fide()).unwrap();
        for (board, r) in results.into_iter().enumerate() {
            t.record_result(round, GameRef::Board(board as u32 + 1), r, false)
                .unwrap();
        }
    }
    assert_eq!(t.total_rounds, 3);
    let order = default_order(&t, t.preset());
    let keys: Vec<&str> = order.iter().map(|tb| tb.key()).collect();
    assert_eq!(keys, ["SB", "DE", "WIN", "KS"]);
    let report = StandingsReport::new(&t, None, Rules::Fide2024, order);
    let row = |tpn: u16| {
        report
            .standings
            .iter()
            .find(|r| r.start_rank == tpn)
            .unwrap()
    };
    let ks: Vec<f64> = (1..=4)
        .map(|p| row(p).tie_breaks["KS"].as_f64().unwrap())
        .collect();
    assert_eq!(ks, [1.5, 1.0, 0.5, 0.0]);
    assert_eq!(row(1).points, 2.5);
    assert_eq!(row(1).tie_breaks["SB"].as_f64().unwrap(), 2.5);
}
