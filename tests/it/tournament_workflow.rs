//! The arbiter's workflow over the children's-event vectors of `../shared/vectors/pairing/`
//! (the `seed-*` and `edge-*` tournaments): start from `round-1.trf`, and each round let the
//! model pair with the Dutch pairer (must give bbpPairings' `round-<r>.pairs`, board order
//! included), record the results of `final.trf`, and the next round's pre-set absences of
//! `round-<r+1>.trf` (whose earlier rounds also give the results when there is no `final.trf`).
//! At the end the model's TRF has the same rounds and points as
//! `final.trf`; where bbpPairings found no legal pairing the model must report it.

use std::path::Path;

use arbiter::formats::trf::Trf;
use arbiter::tournament::RoundResult;
use arbiter::tournament::pairing::{PairingError, PairingRules};
use arbiter::tournament::{BoardResult, Bye, ByeKind, GameRef, TournamentError};

fn replay(dir: &Path) -> Result<(), String> {
    let read = |name: &str| Trf::read(&dir.join(name)).map_err(|e| e.to_string());
    let mut t = read("round-1.trf")?
        .to_tournament()
        .map_err(|e| e.to_string())?;
    let last = read("final.trf").ok();
    for r in 1..=t.total_rounds {
        let expected_error = dir.join(format!("round-{r}.error")).exists();
        let outcome = t.pair_next_round(&PairingRules::fide());
        if expected_error {
            return match outcome {
                Err(TournamentError::Pairing {
                    source: PairingError::NoLegalPairing,
                    ..
                }) => Ok(()),
                other => Err(format!(
                    "round {r}: expected no legal pairing, got {other:?}"
                )),
            };
        }
        let pairing = outcome.map_err(|e| format!("round {r}: {e}"))?;
        let expected = std::fs::read_to_string(dir.join(format!("round-{r}.pairs")))
            .map_err(|e| e.to_string())?;
        if arbiter::formats::pairs::write(&pairing) != expected {
            return Err(format!(
                "round {r}: pairs differ:\n{}\nexpected:\n{expected}",
                arbiter::formats::pairs::write(&pairing)
            ));
        }
        // Results of round r: from the next round's input, or from final.trf after the last.
        let next = read(&format!("round-{}.trf", r + 1)).ok();
        let source = next
            .as_ref()
            .or(last.as_ref())
            .ok_or_else(|| format!("no results for round {r}"))?;
        let games: Vec<(u16, u16)> = t
            .round(r)
            .unwrap()
            .games
            .iter()
            .map(|g| (g.white, g.black))
            .collect();
        for (white, black) in games {
            let code = |tpn: u16| {
                source
                    .player(tpn)
                    .and_then(|p| p.round(r as usize))
                    .map(|e| e.result)
            };
            let result =
                BoardResult::from_round_results(code(white).unwrap(), code(black).unwrap())
                    .ok_or(format!("round {r}: no result for {white}-{black}"))?;
            t.record_result(r, GameRef::Players(white, black), result, false)
                .map_err(|e| e.to_string())?;
        }
        if let Some(next) = &next {
            for p in next.players() {
                if let Some(e) = p.round(r as usize + 1) {
                    let kind = match e.result {
                        RoundResult::HalfPointBye => ByeKind::HalfPoint,
                        RoundResult::FullPointBye => ByeKind::FullPoint,
                        _ => ByeKind::ZeroPoint,
                    };
                    t.add_bye(
                        r + 1,
                        Bye {
                            player: p.tpn,
                            kind,
                        },
                    )
                    .map_err(|e| format!("round {}: {e}", r + 1))?;
                }
            }
        }
    }
    let last = last.ok_or("no final.trf")?;
    let ours = Trf::from_tournament(&t);
    for p in last.players() {
        let q = ours.player(p.tpn).ok_or("player missing")?;
        if (q.rounds.as_slice(), q.points) != (p.rounds.as_slice(), p.points) {
            return Err(format!(
                "final line differs:\n{}\n{}",
                p.to_line(),
                q.to_line()
            ));
        }
    }
    Ok(())
}

#[test]
#[ignore = "needs ../shared"]
fn children_event_vectors_through_the_model() {
    let root = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/pairing"
    ));
    let mut dirs: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                n.to_string_lossy().starts_with("seed-") || n.to_string_lossy().starts_with("edge-")
            })
        })
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 40);
    let (mut passed, mut failed) = (0, 0);
    for d in &dirs {
        match replay(d) {
            Ok(()) => passed += 1,
            Err(e) => {
                failed += 1;
                println!("MISMATCH {}: {e}", d.display());
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0);
}
