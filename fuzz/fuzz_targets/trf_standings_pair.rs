//! FIDE TRF → (a) the tournament model → standings and the next round's Dutch pairing;
//! (b) the file's own result table → standings; (c) the pairer's input read from the file →
//! Dutch pairing, written back into the TRF and serialised.
#![no_main]

use arbiter::formats::trf::Trf;
use arbiter::tournament::pairing::{PairingRules, pair};
use arbiter::tournament::standings::{Preset, StandingsReport};
use arbiter::tournament::tiebreak::{Rules, standings};
use libfuzzer_sys::fuzz_target;

/// Larger fields are valid but make one input take seconds in the matcher; the pairer's
/// speed on real fields is measured by the benches, not here.
const MAX_PLAYERS: usize = 40;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut trf) = Trf::parse(text, "fuzz.trf") else {
        return;
    };
    let order = Preset::DetskyMat.order();
    if let Ok(mut t) = trf.to_tournament() {
        for rules in [Rules::Fide2024, Rules::Fide2026] {
            let report = StandingsReport::new(&t, None, rules, order);
            let _ = report.to_text(arbiter::i18n::Lang::En);
        }
        if t.players.len() <= MAX_PLAYERS {
            let _ = t.pair_next_round(&PairingRules::fide());
        }
    }
    if let Ok(table) = trf.result_table(None) {
        let _ = standings(&table, Rules::Fide2026, Preset::Fide.order());
    }
    if trf.players().count() <= MAX_PLAYERS
        && let Ok(input) = trf.pairing_input()
        && let Ok(p) = pair(&input, &PairingRules::detsky_mat())
    {
        trf.apply_pairing(&p);
        let _ = trf.to_string();
    }
});
