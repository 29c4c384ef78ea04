//! Tournament state JSON → load → what the CLI does with a loaded state: standings, the
//! crosstable's result table, the next round's pairing, and the save's serialisation.
#![no_main]

use arbiter::tournament::pairing::PairingRules;
use arbiter::tournament::standings::{Preset, StandingsReport};
use arbiter::tournament::store;
use arbiter::tournament::tiebreak::Rules;
use libfuzzer_sys::fuzz_target;

const MAX_PLAYERS: usize = 40;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if !store::is_state_file(text) {
        return;
    }
    let Ok(mut t) = store::parse(text, "fuzz.json") else {
        return;
    };
    let _ = serde_json::to_vec_pretty(&t);
    let report = StandingsReport::new(&t, None, Rules::Fide2026, Preset::DetskyMat.order());
    let _ = report.to_text(arbiter::i18n::Lang::Ru);
    let _ = t.result_table(Some(t.paired_rounds()));
    if t.players.len() <= MAX_PLAYERS {
        let _ = t.pair_next_round(&PairingRules::fide());
    }
});
