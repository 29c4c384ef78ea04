//! bbpPairings `.pairs` text → pairs → set as round 1 of a 12-player tournament (the model
//! checks players, duplicates and byes) → standings.
#![no_main]

use arbiter::formats::pairs;
use arbiter::tournament::standings::{Preset, StandingsReport};
use arbiter::tournament::tiebreak::Rules;
use arbiter::tournament::{Player, Tournament};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = pairs::parse(text, "fuzz.pairs") else {
        return;
    };
    let mut t = Tournament::new("fuzz", 5);
    for i in 0..12u16 {
        let _ = t.add_player(Player {
            name: format!("Player {i}"),
            rating: Some(1500 + i),
            ..Player::default()
        });
    }
    if t.pair_round(1, &p.games, p.bye).is_ok() {
        let _ = StandingsReport::new(&t, Some(1), Rules::Fide2024, Preset::DetskyMat.order());
    }
});
