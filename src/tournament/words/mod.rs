//! The tournament's words: its errors written for people ([`crate::tournament::TournamentError::message`]),
//! Russian names in the dative case for diplomas ([`declension`]), and numbers and cells as
//! tables and spreadsheets write them ([`cells`]).

pub mod cells;
pub mod declension;
mod error_text;

/// A group's pairing system in `lang`, as lists and pages name it: `Swiss system`,
/// `круговая система` (Fluent `group-system-*`).
pub fn system_text(
    system: crate::tournament::pairing::PairingSystem,
    lang: crate::i18n::Lang,
) -> String {
    use crate::tournament::pairing::PairingSystem as S;
    lang.msg(match system {
        S::Swiss => "group-system-swiss",
        S::RoundRobin => "group-system-round-robin",
        S::DoubleRoundRobin => "group-system-double-round-robin",
    })
}
