//! The free checker (`arbiter check`, alias `check-pairings`) and the random tournament
//! generator (`arbiter generate`), FIDE's FPC and RTG (C.04 Annex 3):
//!
//! - every complete tournament of `../shared/vectors/pairing/` (each folder's `final.trf`; the
//!   folders without one stopped early or, like `big-n1000-r11`, hold only some rounds) checks
//!   clean: the engine re-pairs every round exactly as bbpPairings v6.0.0 did;
//! - one round altered (two players' colours reversed, two boards' Black players exchanged, or
//!   the bye moved) is reported, at that round (exit status 3);
//! - the state the checker re-pairs is the reference `round-<r>.trf`, byte for byte;
//! - generated tournaments check clean, pairings and ranks, for 5,000 seeds and both presets,
//!   with byes, forfeits, withdrawals, forbidden pairs and the Baku acceleration on some seeds
//!   (4-16 players, 3-7 rounds; about 9 % stop with no legal pairing and are counted apart;
//!   about 12 s each in a debug build on the project's 2-core machine, loaded);
//! - the same seed gives the same file, byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::formats::trf::Trf;
use arbiter::tournament::generate::{GenerateConfig, GenerateError, generate};
use arbiter::tournament::pairing::{PairingRules, pair};
use arbiter::tournament::result::RoundResult;
use shakmaty::Color;

fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors/pairing")
}

/// Every `final.trf` of the reference vectors (complete tournaments), sorted.
fn complete_tournaments() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(vectors())
        .expect("../shared/vectors/pairing")
        .flatten()
        .map(|e| e.path().join("final.trf"))
        .filter(|p| p.exists())
        .collect();
    v.sort();
    v
}

#[test]
#[ignore = "needs ../shared"]
fn every_complete_reference_tournament_checks_clean() {
    let files = complete_tournaments();
    assert!(
        files.len() >= 50,
        "only {} complete tournaments",
        files.len()
    );
    let mut failures = Vec::new();
    let mut rounds = 0;
    for f in &files {
        let trf = Trf::read(f).expect("readable");
        match trf.check_pairings(&PairingRules::fide()) {
            Ok(report) if report.agrees() => rounds += report.rounds.len(),
            Ok(report) => failures.push(format!(
                "{}: rounds {:?} differ: {:?}",
                f.display(),
                report.differing_rounds(),
                report.rounds.iter().find(|r| !r.agrees)
            )),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    println!(
        "{} passed, {} failed ({rounds} rounds)",
        files.len() - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checker's "state before round r" is the reference data's: `final.trf` cut back with
/// [`Trf::before_round`] gives each `round-<r>.trf` byte for byte (but the `012` line, which
/// names the state).
#[test]
#[ignore = "needs ../shared"]
fn the_state_before_each_round_is_the_reference_input() {
    let mut compared = 0;
    for f in complete_tournaments() {
        let trf = Trf::read(&f).unwrap();
        let dir = f.parent().unwrap();
        for round in 1..=trf.completed_rounds() {
            let expected = std::fs::read_to_string(dir.join(format!("round-{round}.trf")))
                .unwrap_or_else(|e| panic!("{}: round {round}: {e}", dir.display()));
            let cut = trf.before_round(round).to_string();
            let body = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
            assert_eq!(
                body(&cut),
                body(&expected),
                "{} round {round}",
                dir.display()
            );
            compared += 1;
        }
    }
    assert!(compared >= 260, "{compared}");
}

/// The pairing of round `round` in `trf`: sorted (white, black) pairs and the bye.
fn file_round(trf: &Trf, round: usize) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut games: Vec<(u32, u32)> = boards(trf, round)
        .into_iter()
        .map(|(w, b, _)| (u32::from(w), u32::from(b)))
        .collect();
    games.sort_unstable();
    let bye = trf
        .players()
        .find(|p| p.round(round).map(|e| e.result) == Some(RoundResult::PairingAllocatedBye))
        .map(|p| u32::from(p.tpn));
    (games, bye)
}

#[test]
#[ignore = "needs ../shared"]
fn the_binary_says_agrees_with_exit_status_0() {
    let file = vectors().join("seed-05-n17/final.trf");
    let out = arbiter()
        .args(["check-pairings", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["agrees"], true);
    let rounds = v["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 4);
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(r["round"], i + 1);
        assert_eq!(r["agrees"], true);
        assert_eq!(r["differences"], serde_json::json!([]));
    }
    let out = arbiter().arg("check-pairings").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("round 4: agrees"), "{text}");
    assert!(text.contains("all 4 rounds agree"), "{text}");
    let out = arbiter()
        .args(["check-pairings", "--lang", "ru"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("4-й тур: совпадает с программой\n"), "{text}");
    assert!(
        text.contains("final.trf: все туры (4) совпадают с программой\n"),
        "{text}"
    );
}

/// A differing round in Russian: the round, the board, the engine's and the file's pairs.
#[test]
#[ignore = "needs ../shared"]
fn a_differing_round_in_russian() {
    let trf = Trf::read(&vectors().join("seed-05-n17/final.trf")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("altered.trf");
    std::fs::write(&path, colours_reversed(&trf, 2).to_string()).unwrap();
    let out = arbiter()
        .args(["check-pairings", "--lang", "ru"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1-й тур: совпадает с программой\n"), "{text}");
    assert!(
        text.contains("2-й тур: расходится с программой (расхождений: "),
        "{text}"
    );
    assert!(text.contains(": программа "), "{text}");
    assert!(text.contains("; в файле "), "{text}");
    assert!(
        text.contains("altered.trf: с программой расходятся туры: "),
        "{text}"
    );
    let out = arbiter()
        .args(["check-pairings", "--lang", "ru", "no-such-file.trf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        e.trim(),
        "arbiter: no-such-file.trf: не удаётся прочитать: нет такого файла или папки"
    );
}

#[test]
fn unreadable_input_is_exit_status_1() {
    let out = arbiter()
        .args(["check-pairings", "no-such-file.trf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.trf"));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "XXR 4\n001    x      Someone\n").unwrap();
    let out = arbiter().arg("check-pairings").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("starting rank"));
}

/// The boards of round `round` (1-based) as (white, black) starting ranks, White's result.
fn boards(trf: &Trf, round: usize) -> Vec<(u16, u16, RoundResult)> {
    trf.players()
        .filter_map(|p| {
            let e = p.round(round)?;
            (e.colour == Some(Color::White)).then_some((p.tpn, e.opponent?, e.result))
        })
        .collect()
}

/// Sets player `tpn`'s round `round` opponent and colour.
fn set(trf: &mut Trf, tpn: u16, round: usize, opponent: u16, colour: Color) {
    let p = trf.players_mut().find(|p| p.tpn == tpn).unwrap();
    p.rounds[round - 1].opponent = Some(opponent);
    p.rounds[round - 1].colour = Some(colour);
}

/// Round `round` with the colours of its first board reversed (points unchanged).
fn colours_reversed(trf: &Trf, round: usize) -> Trf {
    let mut t = trf.clone();
    let (w, b, _) = boards(trf, round)[0];
    set(&mut t, w, round, b, Color::Black);
    set(&mut t, b, round, w, Color::White);
    t
}

/// Round `round` with the Black players of two boards with the same result exchanged, so that
/// the results still fit and nobody's points change.
fn opponents_exchanged(trf: &Trf, round: usize) -> Trf {
    let bs = boards(trf, round);
    let (i, j) = (0..bs.len())
        .flat_map(|i| (i + 1..bs.len()).map(move |j| (i, j)))
        .find(|&(i, j)| bs[i].2 == bs[j].2)
        .expect("two boards with the same result");
    let ((a, b, _), (c, d, _)) = (bs[i], bs[j]);
    let mut t = trf.clone();
    set(&mut t, a, round, d, Color::White);
    set(&mut t, d, round, a, Color::Black);
    set(&mut t, c, round, b, Color::White);
    set(&mut t, b, round, c, Color::Black);
    t
}

/// Runs the binary on `trf` written to a temp file: exit status and JSON report.
fn check_binary(trf: &Trf) -> (Option<i32>, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("altered.trf");
    std::fs::write(&path, trf.to_string()).unwrap();
    let out = arbiter()
        .args(["check-pairings", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {out:?}"));
    (out.status.code(), v)
}

fn differing(v: &serde_json::Value) -> Vec<u64> {
    v["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["agrees"] == false)
        .map(|r| r["round"].as_u64().unwrap())
        .collect()
}

#[test]
#[ignore = "needs ../shared"]
fn an_altered_last_round_is_reported_at_that_round() {
    for name in ["seed-05-n17", "seed-07-n40", "fide-01-n20-r9"] {
        let trf = Trf::read(&vectors().join(name).join("final.trf")).unwrap();
        let last = trf.completed_rounds();
        let (code, v) = check_binary(&colours_reversed(&trf, last));
        assert_eq!(code, Some(3), "{name}: {v}");
        assert_eq!(differing(&v), vec![last as u64], "{name}: {v}");
        let diffs = &v["rounds"][last - 1]["differences"];
        assert_eq!(diffs.as_array().unwrap().len(), 1, "{name}: {diffs}");
        assert_eq!(diffs[0]["kind"], "colours", "{name}: {diffs}");
        assert_eq!(v["agrees"], false);

        let (code, v) = check_binary(&opponents_exchanged(&trf, last));
        assert_eq!(code, Some(3), "{name}: {v}");
        assert_eq!(differing(&v), vec![last as u64], "{name}: {v}");
        let diffs = v["rounds"][last - 1]["differences"].as_array().unwrap();
        assert_eq!(diffs.len(), 2, "{name}: {diffs:?}");
        assert!(
            diffs.iter().all(|d| d["kind"] == "pairs"),
            "{name}: {diffs:?}"
        );
        // The record's side names the other game each player was given.
        assert_eq!(diffs[0]["file"].as_array().unwrap().len(), 2, "{diffs:?}");
    }
}

/// The last round with the pairing-allocated bye moved: its receiver takes the place of a
/// player who lost, who gets the bye instead.
fn bye_moved(trf: &Trf, round: usize) -> Trf {
    let entry = |tpn: u16| *trf.player(tpn).unwrap().round(round).unwrap();
    let bye = trf
        .players()
        .find(|p| p.round(round).map(|e| e.result) == Some(RoundResult::PairingAllocatedBye))
        .expect("a bye in that round")
        .tpn;
    let loser = trf
        .players()
        .find(|p| {
            p.round(round)
                .is_some_and(|e| e.result == RoundResult::Loss && e.opponent.is_some())
        })
        .expect("a loss in that round")
        .tpn;
    let lost = entry(loser);
    let opponent = lost.opponent.unwrap();
    let mut t = trf.clone();
    for p in t.players_mut() {
        if p.tpn == bye {
            p.rounds[round - 1] = lost;
        } else if p.tpn == loser {
            p.rounds[round - 1] = entry(bye);
        } else if p.tpn == opponent {
            p.rounds[round - 1].opponent = Some(bye);
        }
    }
    t
}

#[test]
#[ignore = "needs ../shared"]
fn a_moved_bye_is_reported_with_the_engines_reason() {
    let trf = Trf::read(&vectors().join("seed-05-n17/final.trf")).unwrap();
    let (code, v) = check_binary(&bye_moved(&trf, 4));
    assert_eq!(code, Some(3), "{v}");
    assert_eq!(differing(&v), vec![4], "{v}");
    let diffs = v["rounds"][3]["differences"].as_array().unwrap();
    let bye = diffs
        .iter()
        .find(|d| d["kind"] == "bye")
        .expect("a bye difference");
    assert_eq!(bye["engine"], serde_json::json!({"bye": 7}), "{bye}");
    assert_eq!(bye["board"], serde_json::Value::Null);
    assert!(bye["file"][0]["white"].is_u64(), "{bye}");
    let why = bye["explanation"].as_str().unwrap();
    assert!(why.contains("C5") && why.contains("C9"), "{why}");
    assert!(diffs.iter().any(|d| d["kind"] == "pairs"), "{diffs:?}");
}

#[test]
#[ignore = "needs ../shared"]
fn an_altered_middle_round_is_the_first_reported() {
    for name in ["seed-05-n17", "fide-01-n20-r9"] {
        let trf = Trf::read(&vectors().join(name).join("final.trf")).unwrap();
        for round in [2, 3] {
            for (how, altered) in [
                ("colours", colours_reversed(&trf, round)),
                ("opponents", opponents_exchanged(&trf, round)),
            ] {
                let report = altered.check_pairings(&PairingRules::fide()).unwrap();
                let rounds = report.differing_rounds();
                assert_eq!(
                    rounds.first(),
                    Some(&(round as u32)),
                    "{name} {how} {round}"
                );
            }
        }
        let (code, v) = check_binary(&opponents_exchanged(&trf, 2));
        assert_eq!(code, Some(3));
        assert_eq!(differing(&v).first(), Some(&2), "{v}");
        let out = {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("altered.trf");
            std::fs::write(&path, colours_reversed(&trf, 2).to_string()).unwrap();
            arbiter().arg("check-pairings").arg(&path).output().unwrap()
        };
        assert_eq!(out.status.code(), Some(3));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("round 2: differs"), "{text}");
        assert!(text.contains("colours reversed"), "{text}");
    }
}

/// A generator configuration whose draws, forfeits, absences, withdrawals, forbidden pairs and
/// Baku acceleration vary with the seed (also the pairer's regression set).
pub(crate) fn varied_config(
    seed: u64,
    players: u16,
    rounds: u32,
    rules: PairingRules,
) -> GenerateConfig {
    GenerateConfig {
        players,
        rounds,
        seed,
        draw_percent: (seed % 41) as u8,
        forfeit_percent: [0, 0, 5, 10][(seed % 4) as usize],
        bye_percent: [0, 5, 0, 10, 3][(seed % 5) as usize],
        withdraw_percent: [0, 0, 3][(seed % 3) as usize],
        forbidden_pairs: [0, 0, 0, 1, 2][(seed % 5) as usize],
        acceleration: seed % 6 == 1,
        rules,
    }
}

/// Generate → write → read → check, for each seed of `seeds`: small events (4–16 players, 3–7 rounds,
/// never more rounds than players − 1), draws, forfeits and absences varied by the seed.
/// Returns the number of tournaments checked; a generation that cannot pair a round (few
/// players, many rounds) is counted apart and must stay rare. Every kind of unplayed round
/// (`+ - H Z U`) must have been checked somewhere.
fn generate_and_check(seeds: std::ops::Range<u64>, rules: PairingRules) -> (usize, usize) {
    let (mut checked, mut unpairable) = (0, 0);
    let mut seen = std::collections::BTreeSet::new();
    for seed in seeds {
        let players = 4 + (seed % 13) as u16;
        let rounds = (3 + (seed / 13 % 5) as u32).min(u32::from(players) - 1);
        let config = varied_config(seed, players, rounds, rules);
        let t = match generate(&config) {
            Ok(t) => t,
            Err(GenerateError::Pairing { .. }) => {
                unpairable += 1;
                continue;
            }
            Err(e) => panic!("seed {seed} ({rules:?}): {e}"),
        };
        let text = Trf::from_generated(&t, "test").to_string();
        let trf = Trf::parse(&text, "generated").unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(trf.completed_rounds(), rounds as usize, "seed {seed}");
        let report = trf
            .check_pairings(&rules)
            .unwrap_or_else(|e| panic!("seed {seed} ({rules:?}): {e}\n{text}"));
        assert!(
            report.agrees(),
            "seed {seed} ({rules:?}): rounds {:?} differ\n{report:?}\n{text}",
            report.differing_rounds()
        );
        // The rank column states the standings by the file's 212 list.
        let claim = trf.rank_claim(None, None).unwrap().unwrap();
        let standings = arbiter::tournament::standings_check::check_standings(
            &trf.standings_table().unwrap(),
            &claim,
        );
        assert!(standings.agrees(), "seed {seed}: {standings:?}\n{text}");
        // Independently of the checker: every fourth tournament, each round's state as a TRF
        // file, read the way `arbiter pair` reads it, pairs to the file's round.
        if seed % 4 == 0 {
            for round in 1..=rounds as usize {
                let cut = Trf::parse(&trf.before_round(round).to_string(), "cut").unwrap();
                let input = cut.pairing_input().unwrap();
                let p = pair(&input, &rules).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                let mut games: Vec<(u32, u32)> =
                    p.boards.iter().map(|b| (b.white, b.black)).collect();
                games.sort_unstable();
                assert_eq!(
                    (games, p.bye),
                    file_round(&trf, round),
                    "seed {seed} round {round}"
                );
            }
        }
        checked += 1;
        seen.extend(
            trf.players()
                .flat_map(|p| p.rounds.iter().map(|e| e.result.letter())),
        );
    }
    for code in ['1', '=', '0', '+', '-', 'H', 'Z', 'U'] {
        assert!(
            seen.contains(&code),
            "no `{code}` in any generated tournament"
        );
    }
    (checked, unpairable)
}

#[test]
fn generated_tournaments_check_clean_fide() {
    let (checked, unpairable) = generate_and_check(0..5000, PairingRules::fide());
    println!("fide: {checked} checked, {unpairable} could not be paired to the end");
    assert!(
        checked >= 4500,
        "{checked} checked, {unpairable} unpairable"
    );
}

#[test]
fn generated_tournaments_check_clean_detsky_mat() {
    let (checked, unpairable) = generate_and_check(0..5000, PairingRules::detsky_mat());
    println!("detsky-mat: {checked} checked, {unpairable} could not be paired to the end");
    assert!(
        checked >= 4500,
        "{checked} checked, {unpairable} unpairable"
    );
}

fn generate_binary(extra: &[&str]) -> Vec<u8> {
    let out = arbiter()
        .args(["generate", "--players", "11", "--rounds", "5"])
        .args(["--draws", "25", "--forfeits", "5", "--byes", "5"])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    out.stdout
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let a = generate_binary(&["--seed", "42"]);
    assert_eq!(a, generate_binary(&["--seed", "42"]));
    assert_ne!(a, generate_binary(&["--seed", "43"]));
    let d = generate_binary(&["--seed", "42", "--preset", "detsky-mat"]);
    assert!(String::from_utf8_lossy(&d).contains("preset detsky-mat"));
    // `-o FILE` writes the same bytes; the checker passes on it (exit 0).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.trf");
    let out = arbiter()
        .args(["generate", "--players", "11", "--rounds", "5"])
        .args([
            "--draws",
            "25",
            "--forfeits",
            "5",
            "--byes",
            "5",
            "--seed",
            "42",
        ])
        .arg("-o")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read(&path).unwrap(), a);
    let out = arbiter().arg("check-pairings").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // Same seed in the library: the same tournament.
    let config = GenerateConfig {
        players: 11,
        rounds: 5,
        seed: 42,
        draw_percent: 25,
        forfeit_percent: 5,
        bye_percent: 5,
        ..GenerateConfig::default()
    };
    assert_eq!(generate(&config).unwrap(), generate(&config).unwrap());
}

#[test]
fn generate_refuses_bad_options() {
    for args in [
        &["--players", "1", "--rounds", "3", "--seed", "1"][..],
        &["--players", "6", "--rounds", "0", "--seed", "1"],
        &[
            "--players",
            "6",
            "--rounds",
            "3",
            "--seed",
            "1",
            "--draws",
            "150",
        ],
    ] {
        let out = arbiter().arg("generate").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = arbiter()
        .args(["generate", "--players", "6", "--seed", "1"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "missing --rounds is a usage error"
    );
    // 3 players, 4 rounds: by round 4 everyone has met and had the bye: exit status 1, the
    // round named.
    let out = arbiter()
        .args(["generate", "--players", "3", "--rounds", "4", "--seed", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("round 4 cannot be paired"), "{err}");
}

/// `arbiter check` finds what was planted in each of 100 generated tournaments (14 players, 7
/// rounds, with byes, forfeits, withdrawals, forbidden pairs and the Baku acceleration): a
/// board of one round with its colours reversed (reported at that round, and that round
/// first), and a tie-break value of a standings file changed by half a point (reported with
/// the player, the tie-break, the value by the results and the file's).
#[test]
fn planted_errors_are_found_in_100_generated_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = arbiter()
        .args([
            "generate",
            "--players",
            "14",
            "--rounds",
            "7",
            "--seed",
            "1000",
        ])
        .args([
            "--count",
            "110",
            "--draws",
            "30",
            "--forfeits",
            "5",
            "--byes",
            "5",
        ])
        .args([
            "--withdrawals",
            "2",
            "--forbidden",
            "2",
            "--acceleration",
            "baku",
        ])
        .arg("-o")
        .arg(d.join("gen"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(d.join("gen"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .map(|p| (p.file_stem().unwrap().to_str().unwrap().parse().unwrap(), p))
        .collect();
    files.sort();
    files.truncate(100);
    assert_eq!(
        files.len(),
        100,
        "fewer than 100 of 110 seeds paired to the end"
    );
    std::fs::create_dir(d.join("planted")).unwrap();
    let mut planted = Vec::new();
    for (seed, path) in &files {
        let trf = Trf::read(path).unwrap();
        let round = (*seed % 7 + 1) as usize;
        let p = d.join("planted").join(format!("{seed}.trf"));
        std::fs::write(&p, colours_reversed(&trf, round).to_string()).unwrap();
        planted.push((p, round));
    }
    // The clean files check clean, pairings and ranks, in one run.
    let out = arbiter()
        .args(["check", "--format", "json"])
        .args(files.iter().map(|(_, p)| p))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = arbiter()
        .args(["check", "--format", "json"])
        .args(planted.iter().map(|(p, _)| p))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let reports: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 100);
    for ((path, round), r) in planted.iter().zip(&reports) {
        assert_eq!(r["file"], path.display().to_string());
        assert_eq!(
            differing(r).first().copied(),
            Some(*round as u64),
            "{}: {r}",
            path.display()
        );
        let diff = &r["rounds"][round - 1]["differences"][0];
        assert_eq!(diff["kind"], "colours", "{}: {r}", path.display());
    }
    // A tie-break value planted in each tournament's standings.
    for (seed, path) in &files {
        let out = arbiter()
            .args(["tournament", "standings", "--format", "json"])
            .arg(path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let mut s: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let row = (*seed % 14) as usize;
        let tpn = s["standings"][row]["start_rank"].as_u64().unwrap();
        let key = s["tie_break_order"][0].as_str().unwrap().to_string();
        let v = s["standings"][row]["tie_breaks"][&key].as_f64().unwrap();
        s["standings"][row]["tie_breaks"][&key] = (v + 0.5).into();
        let file = d.join(format!("standings-{seed}.json"));
        std::fs::write(&file, s.to_string()).unwrap();
        let out = arbiter()
            .args(["check", "--format", "json", "--standings"])
            .arg(&file)
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{out:?}");
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let diffs = r["standings"][0]["differences"].as_array().unwrap();
        assert_eq!(diffs.len(), 1, "seed {seed}: {r}");
        assert_eq!(
            (
                diffs[0]["player"].as_u64(),
                diffs[0]["what"].as_str(),
                diffs[0]["expected"].as_f64(),
                diffs[0]["found"].as_f64()
            ),
            (Some(tpn), Some(key.as_str()), Some(v), Some(v + 0.5)),
            "seed {seed}"
        );
    }
}
