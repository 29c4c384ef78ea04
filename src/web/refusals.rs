//! The tournament's refusals as the desk says them: the ones it meets most in the desk's own
//! words (a board's number, the rounds there are), the others in the library's words, each
//! in the page's language ([`super::WebError::message`]).

use crate::i18n::Lang;
use crate::tournament::TournamentError;

/// The tournament's refusals the desk meets most, in the page's language in the desk's own
/// words; the others in the library's words in that language
/// ([`TournamentError::message`]).
pub(super) fn tournament_message(e: &TournamentError, lang: Lang) -> String {
    let n = |x: u32| x.to_string();
    let tpn = |x: u16| x.to_string();
    match e {
        TournamentError::UnknownPlayer(p) => {
            lang.fmt("web-error-unknown-player", &[("player", &tpn(*p))])
        }
        TournamentError::UnfinishedGame { round, game } => lang.fmt(
            "web-error-unfinished-game",
            &[("round", &n(*round)), ("board", game)],
        ),
        TournamentError::InvalidPlayer { name, problem } => lang.fmt(
            "web-error-invalid-player",
            &[("name", name), ("problem", &problem.text(lang))],
        ),
        TournamentError::RoundBeyondEvent { total, .. } => {
            lang.fmt("web-error-all-paired", &[("total", &n(*total))])
        }
        TournamentError::Pairing { round, source } => lang.fmt(
            "web-error-pairing",
            &[("round", &n(*round)), ("reason", &source.message(lang))],
        ),
        TournamentError::VerdictDisagrees {
            reported,
            discrepancies,
            ..
        } => {
            let why: Vec<String> = discrepancies
                .split(", ")
                .filter(|d| !d.is_empty())
                .map(|d| crate::game::verdict::discrepancy_text(d, lang))
                .collect();
            lang.fmt(
                "web-error-verdict-disagrees",
                &[("reported", reported), ("discrepancies", &why.join("; "))],
            )
        }
        TournamentError::InvalidForbiddenPair => lang.msg("web-error-forbid-same"),
        TournamentError::ManualPairingRefused { issues, .. } => {
            let why: Vec<String> = issues.iter().map(|i| i.text(lang)).collect();
            lang.fmt("web-error-manual-refused", &[("problems", &why.join("; "))])
        }
        // The others in the library's own words in `lang` (`VerdictPlayers` among them: the
        // sides named in the page's language).
        other => other.message(lang),
    }
}
