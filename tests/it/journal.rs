//! The journal of changes and undo ([`arbiter::tournament::journal`]):
//!
//! - property: any sequence of changes (register a player, pair the next round, record or
//!   correct a result, withdraw, bye, forbid a pair) made through the one way in
//!   ([`journal::apply`]), then undone one by one, gives back every earlier state of the
//!   event exactly (its JSON byte for byte), and the journal only grows;
//! - the CLI: `tournament log` lists who did what with the versions chained; `tournament
//!   undo --entry N` of a result the next round was paired on is refused with the reason in
//!   English and Russian; a row changed outside the journal is not undone over;
//! - the TRF export carries the pairing-relevant entries as `###` lines, our reader takes
//!   the file, and the tournament read back pairs the next round as the state does.

use std::path::Path;

use arbiter::formats::trf::Trf;
use arbiter::tournament::journal::{self, Act, Who};
use arbiter::tournament::pairing::PairingRules;
use arbiter::tournament::standings::Preset;
use arbiter::tournament::{BoardResult, Bye, ByeKind, GameRef, Player, Tournament, store};
use proptest::prelude::*;

use crate::common::{fails, ok, state_text, tournament};

type Error = Box<dyn std::error::Error>;

/// One change an arbiter makes.
#[derive(Clone, Debug)]
enum Op {
    AddPlayer(u16),
    Pair,
    /// A result on the board chosen by `.0` of the last round (`.1` picks the result),
    /// corrected when it has one.
    Result(usize, usize),
    Withdraw(usize),
    Bye(usize),
    Forbid(usize, usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (1000u16..2400).prop_map(Op::AddPlayer),
        2 => Just(Op::Pair),
        5 => (0usize..8, 0usize..4).prop_map(|(b, r)| Op::Result(b, r)),
        1 => (0usize..16).prop_map(Op::Withdraw),
        1 => (0usize..16).prop_map(Op::Bye),
        1 => (0usize..16, 0usize..16).prop_map(|(a, b)| Op::Forbid(a, b)),
    ]
}

const RESULTS: [BoardResult; 4] = [
    BoardResult::WhiteWins,
    BoardResult::Draw,
    BoardResult::BlackWins,
    BoardResult::WhiteWinsByForfeit,
];

/// Applies `op` through the journal; `Ok(false)` when the tournament refused it.
fn apply(path: &Path, op: &Op) -> bool {
    let act = Act::new(Who::cli(), &format!("{op:?}"), serde_json::json!({}));
    let players = |t: &Tournament| t.players.len().max(1);
    let done = journal::apply::<_, Error>(path, act, |t| {
        match *op {
            Op::AddPlayer(rating) => {
                let n = t.players.len();
                t.add_player(Player {
                    name: format!("Player {n:02}"),
                    rating: Some(rating),
                    ..Player::default()
                })?;
            }
            Op::Pair => {
                t.pair_next_round(&PairingRules::of(Preset::DetskyMat))?;
            }
            Op::Result(board, r) => {
                let round = t.paired_rounds();
                let boards = t.round(round).map_or(0, |r| r.games.len());
                if boards == 0 {
                    return Err("no board".into());
                }
                let b = t.round(round).unwrap().games[board % boards].board;
                let has = t.round(round).unwrap().games[board % boards]
                    .result
                    .is_some();
                t.record_result(round, GameRef::Board(b), RESULTS[r], has)?;
            }
            Op::Withdraw(p) => {
                let tpn = (p % players(t)) as u16 + 1;
                t.withdraw(tpn, t.paired_rounds() + 1)?;
            }
            Op::Bye(p) => {
                let tpn = (p % players(t)) as u16 + 1;
                let bye = Bye {
                    player: tpn,
                    kind: ByeKind::HalfPoint,
                };
                t.add_bye(t.paired_rounds() + 1, bye)?;
            }
            Op::Forbid(a, b) => {
                let (a, b) = ((a % players(t)) as u16 + 1, (b % players(t)) as u16 + 1);
                t.forbid(&[a, b], Some("siblings"))?;
            }
        }
        Ok(())
    });
    done.is_ok()
}

/// The seed of the property runs: `ARBITER_TEST_SEED` when set, else a fixed one.
fn seeded(cases: u32) -> ProptestConfig {
    let seed = std::env::var("ARBITER_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_202);
    eprintln!("property seed {seed} (ARBITER_TEST_SEED)");
    ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(seeded(24))]

    #[test]
    fn undo_gives_back_every_earlier_state(ops in prop::collection::vec(op(), 1..40)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ev.json");
        let act = Act::new(Who::cli(), "new", serde_json::json!({}));
        journal::create::<Error>(&path, act, &Tournament::new("Property", 5)).unwrap();
        // Four players first, so that pairings happen.
        let mut states = vec![state_text(&path)];
        for op in [Op::AddPlayer(1500), Op::AddPlayer(1400), Op::AddPlayer(1300), Op::AddPlayer(1200)]
            .iter()
            .chain(&ops)
        {
            if apply(&path, op) {
                let now = state_text(&path);
                if now != *states.last().unwrap() {
                    states.push(now);
                }
            } else {
                // A refused change leaves the file as it was.
                prop_assert_eq!(&state_text(&path), states.last().unwrap());
            }
        }
        let changes = journal::read(&path).unwrap().len();
        prop_assert_eq!(changes, states.len());
        // Every change undone, the last first: each earlier state comes back byte for byte.
        for (k, earlier) in states.iter().rev().skip(1).enumerate() {
            let e = journal::undo::<Error>(&path, Who::cli(), None, |_| Ok(())).unwrap();
            prop_assert_eq!(e.seq as usize, changes + k + 1);
            prop_assert_eq!(&state_text(&path), earlier);
        }
        // Back at the creation: nothing before it; the journal kept every entry.
        let refused = journal::undo::<Error>(&path, Who::cli(), None, |_| Ok(())).unwrap_err();
        prop_assert!(refused.to_string().contains("created the event"), "{}", refused);
        prop_assert_eq!(journal::read(&path).unwrap().len(), 2 * changes - 1);
    }
}

/// `new`, four players, round 1 paired and played, round 2 paired: the journal's entries 1–9.
fn event_with_two_rounds(dir: &Path) {
    ok(
        &["new", "ev.json", "--name", "Journal Cup", "--rounds", "3"],
        dir,
    );
    for (name, rating) in [
        ("Ivanov, Petr", "1500"),
        ("Petrova, Anna", "1400"),
        ("Sidorov, Ivan", "1300"),
        ("Orlova, Maria", "1200"),
    ] {
        ok(
            &["add-player", "ev.json", "--name", name, "--rating", rating],
            dir,
        );
    }
    ok(&["pair", "ev.json", "--auto"], dir);
    ok(
        &["result", "ev.json", "--round", "1", "--board", "1", "1-0"],
        dir,
    );
    ok(
        &[
            "result", "ev.json", "--round", "1", "--board", "2", "1/2-1/2",
        ],
        dir,
    );
    ok(&["pair", "ev.json", "--auto"], dir);
}

#[test]
fn the_log_lists_every_change_with_the_versions_chained() {
    let dir = tempfile::tempdir().unwrap();
    event_with_two_rounds(dir.path());
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["log", "ev.json", "--format", "json"], dir.path())).unwrap();
    // Newest first, as the log reads.
    let mut entries = json.as_array().unwrap().clone();
    entries.reverse();
    let actions: Vec<&str> = entries
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "new",
            "add-player",
            "add-player",
            "add-player",
            "add-player",
            "pair",
            "result",
            "result",
            "pair"
        ]
    );
    for pair in entries.windows(2) {
        assert_eq!(pair[1]["version_before"], pair[0]["version_after"]);
        assert_eq!(
            pair[1]["seq"].as_u64().unwrap(),
            pair[0]["seq"].as_u64().unwrap() + 1
        );
    }
    assert!(entries[0]["version_before"].is_null());
    assert_eq!(entries[6]["args"]["board"], 1);
    assert_eq!(entries[6]["args"]["result"], "1-0");
    assert_eq!(entries[6]["via"], "cli");
    // The last entry's version is the state's as the desk's forms carry it.
    let t = store::load(&dir.path().join("ev.json")).unwrap();
    assert_eq!(entries[8]["version_after"], journal::version(&t).as_str());
    assert!(
        entries[0].get("before").is_none(),
        "the log leaves out the states kept for undo"
    );
    let text = ok(&["log", "ev.json", "--lang", "ru"], dir.path());
    assert!(text.contains("   7  "), "{text}");
    assert!(
        text.contains("результат — доска: 1, результат: 1-0, тур: 1"),
        "{text}"
    );
    assert!(text.contains("жеребьёвка тура"), "{text}");
}

#[test]
fn undo_goes_back_one_change_and_refuses_a_result_paired_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let state = d.join("ev.json");
    ok(
        &["new", "ev.json", "--name", "Journal Cup", "--rounds", "3"],
        d,
    );
    for (name, rating) in [
        ("Ivanov, Petr", "1500"),
        ("Petrova, Anna", "1400"),
        ("Sidorov, Ivan", "1300"),
        ("Orlova, Maria", "1200"),
    ] {
        ok(
            &["add-player", "ev.json", "--name", name, "--rating", rating],
            d,
        );
    }
    ok(&["pair", "ev.json", "--auto"], d);
    ok(
        &["result", "ev.json", "--round", "1", "--board", "1", "1-0"],
        d,
    );
    ok(
        &[
            "result", "ev.json", "--round", "1", "--board", "2", "1/2-1/2",
        ],
        d,
    );
    let before_pairing = state_text(&state);
    ok(&["pair", "ev.json", "--auto"], d);

    // Entry 8 (board 2's result) has round 2's pairing (entry 9) on it.
    let en = fails(&["undo", "ev.json", "--entry", "8", "--lang", "en"], d);
    assert!(
        en.contains("Entry 8 (result) cannot be undone on its own"),
        "{en}"
    );
    assert!(en.contains("9 (round paired)"), "{en}");
    assert!(
        en.contains("The next round was already paired on this result."),
        "{en}"
    );
    let ru = fails(&["undo", "ev.json", "--entry", "8", "--lang", "ru"], d);
    assert!(
        ru.contains("Запись 8 (результат) нельзя отменить отдельно"),
        "{ru}"
    );
    assert!(
        ru.contains("По этому результату уже проведена жеребьёвка следующего тура."),
        "{ru}"
    );

    // The last change is undone: the state before round 2 was paired, byte for byte.
    let out = ok(&["undo", "ev.json", "--lang", "en"], d);
    assert_eq!(
        out.trim(),
        "Undone: entry 9 (round paired); recorded as entry 10."
    );
    assert_eq!(state_text(&state), before_pairing);
    // Now entry 8 is the last change: named, it is undone.
    ok(&["undo", "ev.json", "--entry", "8"], d);
    let t = store::load(&state).unwrap();
    assert!(t.round(1).unwrap().games[1].result.is_none());
    let log = ok(&["log", "ev.json", "--lang", "en"], d);
    assert!(log.contains("[undone by entry 10]"), "{log}");
    assert!(log.contains("undo (undoes entry 8)"), "{log}");

    // A change made outside the journal (a hand edit with `sqlite3`) of a row the last change
    // wrote is not undone over; one of another row is kept by an undo.
    let db = rusqlite::Connection::open(&state).unwrap();
    db.execute(
        "UPDATE event SET data = json_set(data, '$.name', 'Edited by hand')",
        [],
    )
    .unwrap();
    db.execute(
        "UPDATE game SET data = json_set(data, '$.result', 'black_wins') WHERE round = 1 AND board = 1",
        [],
    )
    .unwrap();
    drop(db);
    let err = fails(&["undo", "ev.json", "--lang", "en"], d);
    assert!(err.contains("was changed outside the journal"), "{err}");
    let err = fails(&["undo", "ev.json", "--lang", "ru"], d);
    assert!(err.contains("изменён помимо журнала"), "{err}");
    let db = rusqlite::Connection::open(&state).unwrap();
    db.execute(
        "UPDATE game SET data = json_set(data, '$.result', 'white_wins') WHERE round = 1 AND board = 1",
        [],
    )
    .unwrap();
    drop(db);
    ok(&["undo", "ev.json"], d);
    let t = store::load(&state).unwrap();
    assert_eq!(t.name, "Edited by hand");
    assert!(t.round(1).unwrap().games[0].result.is_none());
}

#[test]
fn undo_of_a_new_event_is_refused_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    ok(&["new", "ev.json", "--name", "Empty"], dir.path());
    let out = tournament(&["undo", "ev.json", "--lang", "en"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let en = String::from_utf8(out.stderr).unwrap();
    assert!(en.contains("Entry 1 created the event"), "{en}");
    let ru = fails(&["undo", "ev.json", "--lang", "ru"], dir.path());
    assert!(ru.contains("Запись 1 создала турнир"), "{ru}");
}

#[test]
fn the_trf_carries_the_journal_and_pairs_the_same_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        &["new", "ev.json", "--name", "Journal Cup", "--rounds", "4"],
        d,
    );
    for (i, rating) in ["1800", "1700", "1650", "1600", "1500", "1450", "1400"]
        .iter()
        .enumerate()
    {
        let name = format!("Player {}", i + 1);
        ok(
            &["add-player", "ev.json", "--name", &name, "--rating", rating],
            d,
        );
    }
    ok(
        &[
            "forbid",
            "ev.json",
            "--players",
            "1,2",
            "--reason",
            "siblings",
        ],
        d,
    );
    ok(&["pair", "ev.json", "--auto"], d);
    for (b, r) in [("1", "1-0"), ("2", "0-1"), ("3", "1/2-1/2")] {
        ok(&["result", "ev.json", "--round", "1", "--board", b, r], d);
    }
    ok(
        &[
            "result",
            "ev.json",
            "--round",
            "1",
            "--board",
            "3",
            "1-0",
            "--correct",
        ],
        d,
    );
    ok(
        &["withdraw", "ev.json", "--player", "7", "--from-round", "2"],
        d,
    );
    let trf_text = ok(&["export", "ev.json"], d);
    // The journal's entries (`### N …`), not our other comment lines (the tie-break rules).
    let comments: Vec<&str> = trf_text
        .lines()
        .filter(|l| {
            l.strip_prefix("### ")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    // forbid, pair, the correction, the withdrawal and the seven players registered; not
    // the plain results.
    assert_eq!(comments.len(), 11, "{trf_text}");
    assert!(comments.iter().any(|l| l.contains(" pair ")), "{trf_text}");
    assert!(
        comments
            .iter()
            .any(|l| l.contains(" correct-result ") && l.contains("\"board\":3"))
    );
    assert!(
        comments
            .iter()
            .any(|l| l.contains(" withdraw ") && l.contains("\"player\":7"))
    );
    assert!(
        comments
            .iter()
            .any(|l| l.contains(" forbid ") && l.contains("siblings"))
    );
    assert!(!comments.iter().any(|l| l.contains(" result ")));

    // Our reader takes the file; the event read back pairs round 2 as the state does.
    std::fs::write(d.join("ev.trf"), &trf_text).unwrap();
    let trf = Trf::parse(&trf_text, "ev.trf").unwrap();
    let mut from_trf = trf.to_tournament().unwrap();
    let mut from_state = store::load(&d.join("ev.json")).unwrap();
    let rules = PairingRules::of(Preset::DetskyMat);
    let a = from_trf.pair_next_round(&rules).unwrap();
    let b = from_state.pair_next_round(&rules).unwrap();
    let boards = |p: &arbiter::tournament::pairing::Pairing| {
        p.boards
            .iter()
            .map(|b| (b.white, b.black))
            .collect::<Vec<_>>()
    };
    assert_eq!(boards(&a), boards(&b));
    assert_eq!(a.bye, b.bye);
    assert_eq!(a.round, 2);
    // And `pair --auto` through the CLI from a state imported from that TRF agrees.
    ok(&["import", "ev.trf", "back.json"], d);
    let back = ok(&["pair", "back.json", "--auto", "--format", "json"], d);
    let back: serde_json::Value = serde_json::from_str(&back).unwrap();
    let cli: Vec<(u64, u64)> = back["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
        .collect();
    let lib: Vec<(u64, u64)> = boards(&b)
        .iter()
        .map(|&(w, b)| (u64::from(w), u64::from(b)))
        .collect();
    assert_eq!(cli, lib);
}

/// One form as the desk's pages send it (session cookie and its form key), to a fresh router
/// over `cfg`'s state: status, `Location`, body.
async fn desk_form(
    cfg: &arbiter::web::ServeConfig,
    uri: &str,
    body: &str,
) -> (axum::http::StatusCode, String, String) {
    use tower::ServiceExt as _;
    const SESSION: &str = "0123456789abcdef0123456789abcdef";
    let key = arbiter::web::guard::form_key(SESSION);
    let (method, body) = if body.is_empty() && !uri.starts_with("/log/") {
        ("GET", String::new())
    } else {
        ("POST", format!("csrf={key}&{body}"))
    };
    let req = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("cookie", format!("arbiter_session={SESSION}"))
        .header("user-agent", "TestTablet/1.0")
        .body(axum::body::Body::from(body))
        .unwrap();
    let res = arbiter::web::router(arbiter::web::App::new(cfg.clone()))
        .oneshot(req)
        .await
        .unwrap();
    let status = res.status();
    let location = res
        .headers()
        .get("location")
        .map_or(String::new(), |v| v.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, location, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn the_desk_journals_its_changes_and_undoes_the_last_one() {
    use axum::http::StatusCode;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ev.json");
    let mut t = Tournament::new("Journal Cup", 3);
    for i in 1..=4u16 {
        let player = Player {
            name: format!("Player {i}"),
            rating: Some(1600 - 10 * i),
            ..Player::default()
        };
        t.add_player(player).unwrap();
    }
    store::save(&t, &path).unwrap();
    let cfg = arbiter::web::ServeConfig {
        state: path.clone(),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: arbiter::i18n::Lang::Ru,
        preset: Some(Preset::DetskyMat),
        token: None,
        allowed_hosts: Vec::new(),
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    };
    // Only the event's creation journalled yet: it is not undone.
    let (s, _, body) = desk_form(&cfg, "/log/undo", "lang=en").await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("Entry 1 created the event"), "{body}");
    let (s, _, _) = desk_form(&cfg, "/rounds/next", "lang=en").await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let paired = state_text(&path);
    let (s, _, _) = desk_form(&cfg, "/rounds/1/result", "board=1&result=1-0&lang=en").await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let entries = journal::read(&path).unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["save", "pair", "result"]);
    let e = &entries[2];
    assert_eq!(e.who.via, "desk");
    assert_eq!(e.who.device.as_deref(), Some("TestTablet/1.0"));
    assert_eq!(e.args["round"], 1);
    assert_eq!(e.args["board"], "1");
    assert_eq!(e.args["result"], "1-0");
    assert!(
        e.args.get("csrf").is_none(),
        "the form key is not journalled"
    );
    assert_eq!(e.version_before, Some(entries[1].version_after.clone()));

    // The page lists them, newest first, with the undo button and the state's version.
    let (s, _, page) = desk_form(&cfg, "/log?lang=en", "").await;
    assert_eq!(s, StatusCode::OK);
    // The button names the entry it undoes and the device it was made from.
    assert!(
        page.contains(r#"<button id="undo">Undo entry 3 (result), made from desk "#)
            && page.contains("(TestTablet&#x2f;1.0)</button>"),
        "{page}"
    );
    assert!(page.find(r#"id="entry-3""#).unwrap() < page.find(r#"id="entry-2""#).unwrap());
    assert!(page.contains("round paired"), "{page}");
    let version = journal::version(&store::load(&path).unwrap());
    assert!(page.contains(&format!(r#"value="{version}""#)), "{page}");
    let (_, _, ru) = desk_form(&cfg, "/log?lang=ru", "").await;
    assert!(ru.contains("Отменить запись 3 (результат)") && ru.contains("жеребьёвка тура"));

    // A page shown before a change is refused; the current one undoes the result.
    let (s, _, body) = desk_form(&cfg, "/log/undo", "version=0000000000000000&lang=en").await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(journal::read(&path).unwrap().len(), 3);
    let (s, location, _) =
        desk_form(&cfg, "/log/undo", &format!("version={version}&lang=en")).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(location, "/log?lang=en&saved=1");
    assert_eq!(state_text(&path), paired);
    let entries = journal::read(&path).unwrap();
    assert_eq!(entries[3].undoes, Some(3));
    assert_eq!(entries[3].who.via, "desk");
    let (_, _, page) = desk_form(&cfg, "/log?lang=en", "").await;
    assert!(page.contains("undone by entry 4"), "{page}");
    // The pairing, the first change the journal saw, goes back to the file as it was before.
    let version = journal::version(&store::load(&path).unwrap());
    let (s, _, _) = desk_form(&cfg, "/log/undo", &format!("version={version}&lang=en")).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(store::load(&path).unwrap().paired_rounds(), 0);
    let (s, _, body) = desk_form(&cfg, "/log/undo", "lang=en").await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(body.contains("Entry 1 created the event"), "{body}");
}
