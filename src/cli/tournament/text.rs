//! The tournament commands' text in the event's language: their errors
//! ([`arbiter::tournament::TournamentError::message`]) and their confirmations.

use arbiter::i18n::Lang;
use arbiter::tournament::TournamentError;

/// `err` with every [`TournamentError`] of its chain written in `lang` (the file name and the
/// other causes kept); English, or a chain without one, as it is.
pub fn localised(err: anyhow::Error, lang: Lang) -> anyhow::Error {
    let has = err
        .chain()
        .any(|c| c.downcast_ref::<TournamentError>().is_some());
    if lang == Lang::En || !has {
        return err;
    }
    let mut text = String::new();
    for cause in err.chain() {
        let part = match cause.downcast_ref::<TournamentError>() {
            Some(t) => t.message(lang),
            None => cause.to_string(),
        };
        // As `main` writes a chain: a cause whose text is already there is left out.
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    anyhow::anyhow!(text)
}
