//! The HTML forms that change the event: register, withdraw, forbid a pair, apply the
//! ranking, record a result (or correct it, confirmed), pair the next round. Each checks the
//! token and the session's form key ([`App::check_form`]), changes the state through [`App::change`] with the form's version, and answers a
//! redirect to the page (303) or the page with the error in its language.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};

use super::extract::{FormFields, RoundNo};
use super::guard::CSRF_FIELD;
use super::results::{parse_result, typed_entry};
use super::view::error_page;
use super::{App, Shared, WebError};
use crate::i18n::Lang;
use crate::tournament::pairing::PairingRules;
use crate::tournament::player::{self, Sex, normalise_name, same_name};
use crate::tournament::{GameRef, Player};

/// A submitted form's fields.
pub(super) struct Fields(pub HashMap<String, String>);

impl Fields {
    /// Field `name`, trimmed, `None` when absent or empty.
    pub fn get(&self, name: &str) -> Option<String> {
        self.0
            .get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    }

    /// Field `name` as a number, [`WebError::BadRequest`] when it is not one.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, WebError> {
        self.get(name)
            .map(|v| {
                v.parse().map_err(|_| WebError::Field {
                    field: name.to_string(),
                    value: Some(v.clone()),
                })
            })
            .transpose()
    }

    /// Field `name`, required.
    pub fn required<T: std::str::FromStr>(&self, name: &str) -> Result<T, WebError> {
        self.number(name)?.ok_or_else(|| WebError::Field {
            field: name.to_string(),
            value: None,
        })
    }

    /// Field `birth_date`: `None` when empty, [`WebError::BirthDate`] when no real date
    /// (`ДД.ММ.ГГГГ` kept as `YYYY/MM/DD`), [`WebError::BirthDateFuture`] when after today.
    pub fn birth_date(&self) -> Result<Option<String>, WebError> {
        let Some(d) = self.get("birth_date") else {
            return Ok(None);
        };
        match player::normalize_birth_date(&d) {
            None => Err(WebError::BirthDate(d)),
            Some(date) if player::born_after(&date, player::today()) => {
                Err(WebError::BirthDateFuture(d))
            }
            Some(date) => Ok(Some(date)),
        }
    }

    /// The page language the form was sent from.
    pub fn lang(&self, app: &App) -> Lang {
        app.lang(self.get("lang").as_deref())
    }
}

/// Where to go after a change (post/redirect/get: a reload does not send the form again):
/// `path` in the form's language with `saved=1` (the page says the change was saved), at the
/// board's row (`#board-N`) when the form was about a board; with `group=N` when the form
/// named its group (the page shows the group changed, whatever the cookie says meanwhile).
pub(super) fn back(path: &str, lang: Lang, board: Option<&str>, notes: &[&str]) -> Response {
    let anchor = board
        .filter(|b| b.bytes().all(|c| c.is_ascii_digit()))
        .map_or(String::new(), |b| format!("#board-{b}"));
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!("&note={}", notes.join(","))
    };
    let group = super::caller::named_group_query();
    Redirect::to(&format!(
        "{path}?lang={}&saved=1{group}{notes}{anchor}",
        lang.code()
    ))
    .into_response()
}

/// The warning after a correction of round `round` when later rounds are paired: they were
/// paired on the scores before it (`later-rounds`).
pub(super) fn later_rounds(
    t: &crate::tournament::Tournament,
    round: u32,
    correct: bool,
) -> Vec<&'static str> {
    if correct && round < t.paired_rounds() {
        vec!["later-rounds"]
    } else {
        Vec::new()
    }
}

/// Runs a change made from a form at `page` with the form's parsed fields and redirects back
/// to it; a field the form got wrong, a bad token or a refused change shows the page's error
/// in its language.
pub(super) async fn submit<A: Send + 'static, T: Send + 'static>(
    app: &Shared,
    headers: &HeaderMap,
    f: &Fields,
    page: &str,
    parsed: Result<A, WebError>,
    edit: impl FnOnce(A, &mut crate::tournament::Tournament) -> Result<T, WebError> + Send + 'static,
) -> Response {
    submit_noted(app, headers, f, page, parsed, move |a, t| {
        edit(a, t).map(|_| Vec::new())
    })
    .await
}

/// As [`submit`], the change saying which warnings ([`super::extract::NOTES`]) the page
/// shows after it.
pub(super) async fn submit_noted<A: Send + 'static>(
    app: &Shared,
    headers: &HeaderMap,
    f: &Fields,
    page: &str,
    parsed: Result<A, WebError>,
    edit: impl FnOnce(A, &mut crate::tournament::Tournament) -> Result<Vec<&'static str>, WebError>
    + Send
    + 'static,
) -> Response {
    let lang = f.lang(app);
    let checked = app.check_form(headers, f.get(CSRF_FIELD).as_deref(), lang);
    let done = match checked.and(parsed) {
        Ok(a) => app.change(f.get("version"), move |t| edit(a, t)).await,
        Err(e) => Err(e),
    };
    match done {
        Ok(notes) => back(page, lang, f.get("board").as_deref(), &notes),
        Err(e) => error_page(
            app,
            lang,
            page,
            &super::history::with_author(app, e, lang).await,
        ),
    }
}

/// `POST /event` (`name`, `rounds`, `preset`, `tie_break_edition` (`fide2024`|`fide2026`),
/// `start_date`, `end_date`, `venue`, `chief_arbiter`, `deputy_arbiter`,
/// `public_school_grade` (`yes` when ticked: the public view shows schools and grades), `playout_minutes`,
/// `playout_offer_percent`, `public_delay_minutes`; the group's `system` and tie-breaks `tb1`… with `tb_shown`, the
/// order the lists showed): sets the group's system while round 1 is not paired
/// ([`crate::tournament::Tournament::set_system`]), its tie-break order
/// ([`crate::tournament::Tournament::set_tie_break_order`]) and the
/// event's own record ([`crate::tournament::Tournament::edit_event`]) and its play-out
/// settings ([`crate::tournament::live::LiveSetup::set_playout`]; a field left out keeps its
/// setting); dates as `<input type="date">` sends them
/// (`YYYY-MM-DD`) or as TRF writes them (`YYYY/MM/DD`).
pub(super) async fn edit_event(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = (|| {
        let rounds = f.required::<u32>("rounds")?;
        let preset = preset_field(&f, lang)?;
        let details = details_fields(&f);
        let playout = (
            f.number::<u32>("playout_minutes")?,
            f.number::<u32>("playout_offer_percent")?,
            f.number::<u32>("public_delay_minutes")?,
        );
        // The edition of C.07 the standings follow (a field left out keeps it).
        let edition = match f.get("tie_break_edition").as_deref() {
            None => None,
            Some("fide2024") => Some(crate::tournament::tiebreak::Rules::Fide2024),
            Some("fide2026") => Some(crate::tournament::tiebreak::Rules::Fide2026),
            Some(_) => return Err(WebError::BadRequest(lang.msg("web-error-edition"))),
        };
        // The group's system (a list the page disables once round 1 is paired) and its
        // tie-break order, changed only when the lists differ from the order they showed.
        let system = f
            .get("system")
            .map(|s| super::setup::sent_system(&s, lang))
            .transpose()?;
        let order = super::setup::sent_order(&f, lang)?
            .filter(|o| f.get("tb_shown").unwrap_or_default() != super::setup::order_text(o));
        Ok((
            f.get("name").unwrap_or_default(),
            rounds,
            (preset, edition, system, order),
            details,
            playout,
        ))
    })();
    submit(
        &app,
        &headers,
        &f,
        "/event",
        parsed,
        move |(
            name,
            rounds,
            (preset, edition, system, order),
            details,
            (minutes, percent, delay),
        ),
              t| {
            let preset = preset.unwrap_or_else(|| t.preset());
            super::live::set_playout(t, minutes, percent, delay, lang)?;
            if let Some(rules) = edition
                && rules != t.tie_break_settings().rules
            {
                let mut settings = t.tie_break_settings();
                settings.rules = rules;
                t.tie_breaks = Some(settings);
            }
            if let Some(system) = system {
                t.set_system(system)?;
            }
            t.edit_event(&name, rounds, preset, details)?;
            if let Some(order) = order {
                t.set_tie_break_order(order)?;
            }
            Ok(())
        },
    )
    .await
}

/// `POST /players`: registers a player (name, rating, birth date, grade, club, sex). The name
/// is written «Фамилия Имя» ([`normalise_name`]; the page says so when that changed it). A
/// name already registered is refused with the page that asks to confirm a second player of
/// that name ([`duplicate_page`]); `duplicate=yes` is that confirmation.
pub(super) async fn add_player(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let player = (|| {
        let (rating, birth_date) = (f.number::<u16>("rating")?, f.birth_date()?);
        let grade = f.number::<u8>("grade")?;
        let name = f
            .get("name")
            .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-name")))?;
        Ok(Player {
            name,
            rating,
            birth_date,
            grade,
            club: f.get("club"),
            sex: f.get("sex").as_deref().and_then(Sex::parse),
            ..Player::default()
        })
    })();
    // A second player of a registered name only with the arbiter's own confirmation: two
    // entries of one child would both be paired. The check is made inside the change, under
    // the state file's lock, so that of two devices adding one child at once the second is
    // asked to confirm (a check before the change would let both in).
    let confirmed = f.get("duplicate").as_deref() == Some("yes");
    let checked = app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang);
    let done = match checked.and(player) {
        Ok(p) => {
            app.change(f.get("version"), move |t| {
                let mut p = p;
                let mut notes = Vec::new();
                let name = normalise_name(&p.name, t.fide_names());
                if name != p.name.trim() {
                    notes.push("name-normalised");
                }
                p.name = name;
                if let Some(q) = t.players.iter().find(|q| same_name(&q.name, &p.name)) {
                    if !confirmed {
                        return Ok(Added::Duplicate(Box::new(q.clone()), t.paired_rounds() > 0));
                    }
                    notes.push("duplicate-name");
                }
                if t.paired_rounds() > 0 {
                    notes.push("late-entry");
                }
                t.add_player(p)?;
                Ok(Added::Saved(notes))
            })
            .await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(Added::Saved(notes)) => back("/players", lang, None, &notes),
        Ok(Added::Duplicate(q, late)) => duplicate_page(&app, &f, &q, late, lang),
        Err(e) => error_page(
            &app,
            lang,
            "/players",
            &super::history::with_author(&app, e, lang).await,
        ),
    }
}

/// What [`add_player`]'s change did: saved, with the page's warnings, or nothing, the name
/// being registered (the player of that name, and whether round 1 is paired).
enum Added {
    Saved(Vec<&'static str>),
    Duplicate(Box<Player>, bool),
}

/// The page that asks to confirm a second player of the name of `registered` (409): who is
/// registered (start number, name, birth date, club), the form as sent with `duplicate=yes`,
/// and the way back without adding; when `late` (round 1 paired) it says the new player would
/// enter late.
fn duplicate_page(
    app: &Shared,
    f: &Fields,
    registered: &Player,
    late: bool,
    lang: Lang,
) -> Response {
    let kept: Vec<serde_json::Value> = ["name", "rating", "birth_date", "grade", "club", "sex"]
        .iter()
        .filter_map(|k| f.get(k).map(|v| serde_json::json!({"name": k, "value": v})))
        .collect();
    let who = [
        Some(format!("{}. {}", registered.start_rank, registered.name)),
        registered
            .birth_date
            .as_deref()
            .map(|d| crate::tournament::player::date_text(d, lang)),
        registered.club.clone(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    let page = super::view::Page::new(lang, "/players", lang.msg("web-duplicate-title"))
        .with_csrf(f.get(CSRF_FIELD).as_deref().unwrap_or_default());
    super::view::render_status(
        app,
        axum::http::StatusCode::CONFLICT,
        "duplicate.html",
        &page,
        serde_json::json!({"who": who, "fields": kept, "late": late}),
    )
}

/// `POST /players/edit`: changes a player's name, rating, birth date, grade, club and sex
/// (an empty grade clears it).
pub(super) async fn edit_player(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = (|| {
        Ok((
            f.required::<u16>("player")?,
            f.number::<u16>("rating")?,
            f.birth_date()?,
            f.get("name"),
            f.get("club"),
            f.get("sex").as_deref().and_then(Sex::parse),
            // A form without the field (an older page) leaves the grade as it is.
            f.0.contains_key("grade")
                .then(|| f.number::<u8>("grade"))
                .transpose()?,
        ))
    })();
    submit(
        &app,
        &headers,
        &f,
        "/players",
        parsed,
        |(p, rating, birth, name, club, sex, grade), t| {
            t.set_player_sex(p, sex)?;
            if let Some(grade) = grade {
                t.set_player_grade(p, grade)?;
            }
            let keep_comma = t.fide_names();
            let name = name.map(|n| normalise_name(&n, keep_comma));
            Ok(t.edit_player(p, name.unwrap_or_default(), rating, birth, club)?)
        },
    )
    .await
}

/// `POST /players/delete` (`player`, `confirm=yes`): deletes a player registered by mistake,
/// before round 1 is paired ([`crate::tournament::Tournament::delete_player`]); afterwards
/// refused in words, saying to withdraw the player instead.
pub(super) async fn delete_player(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = f.required::<u16>("player").and_then(|p| {
        if f.get("confirm").is_some() {
            Ok(p)
        } else {
            Err(WebError::BadRequest(lang.msg("web-error-delete-confirm")))
        }
    });
    submit(&app, &headers, &f, "/players", parsed, |p, t| {
        Ok(t.delete_player(p)?)
    })
    .await
}

/// `POST /players/withdraw`: the player leaves the event from a round on (CR 1.4).
pub(super) async fn withdraw(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = (|| {
        Ok((
            f.required::<u16>("player")?,
            f.required::<u32>("from_round")?,
        ))
    })();
    submit(&app, &headers, &f, "/players", parsed, |(p, from), t| {
        Ok(t.withdraw(p, from)?)
    })
    .await
}

/// `POST /players/forbid`: two players who must not meet (siblings, same club).
pub(super) async fn forbid(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = (|| {
        Ok((
            f.required::<u16>("a")?,
            f.required::<u16>("b")?,
            f.get("reason"),
        ))
    })();
    submit(
        &app,
        &headers,
        &f,
        "/players",
        parsed,
        |(a, b, reason), t| Ok(t.forbid(&[a, b], reason.as_deref())?),
    )
    .await
}

/// `POST /players/rank`: gives every player the starting rank of the ranking (before round 1).
pub(super) async fn apply_ranking(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    submit(&app, &headers, &f, "/players", Ok(()), |(), t| {
        Ok(t.apply_start_list()?)
    })
    .await
}

/// `POST /rounds/{n}/result`: a board's result in one click; a board that has one needs
/// `correct=yes` and `confirm=yes` (the correction's confirmation box), and in FIDE mode, for
/// a round before the last paired one, the arbiter's `note` (why), kept in the record
/// ([`crate::tournament::Tournament::record_result_noted`]).
pub(super) async fn result(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let page = format!("/rounds/{n}");
    let parsed = (|| {
        // Typed on the keyboard («4 1-0» and Enter), or the board's button.
        let (board, result) = match f.get("entry") {
            Some(entry) => typed_entry(&entry).ok_or_else(|| {
                // Said back as typed, at most the field's 40 characters.
                let said: String = entry.trim().chars().take(40).collect();
                WebError::BadRequest(lang.fmt("web-error-entry", &[("entry", &said)]))
            })?,
            None => (
                f.required::<u32>("board")?,
                f.get("result")
                    .as_deref()
                    .and_then(parse_result)
                    .ok_or_else(|| WebError::BadRequest(lang.msg("web-error-no-result")))?,
            ),
        };
        super::caller::note_arg("board", board.to_string().into());
        let correct = f.get("correct").is_some();
        if correct && f.get("confirm").is_none() {
            return Err(WebError::BadRequest(lang.msg("web-error-confirm")));
        }
        Ok((board, result, correct, f.get("note"), f.get("version")))
    })();
    // The form's version is checked here, not by `submit_noted`: the same result sent again
    // (Back and the form again, or a second device entering what the first just entered) is
    // done, not refused; only another result on a board changed since is refused, naming
    // what it holds now.
    let mut f = f;
    f.0.remove("version");
    submit_noted(
        &app,
        &headers,
        &f,
        &page,
        parsed,
        move |(board, result, correct, note, seen), t| {
            let now = t.board_of(n, GameRef::Board(board))?.result;
            if now == Some(result) {
                return Ok(vec!["same-result"]);
            }
            if let Some(seen) = seen
                && !super::versions::still_current(&seen, t)
            {
                return Err(super::versions::stale(&seen, t));
            }
            // FIDE mode: an earlier round's result changes only with the note (kept).
            let board = GameRef::Board(board);
            t.record_result_noted(n, board, result, correct, None, note.as_deref())?;
            Ok(later_rounds(t, n, correct))
        },
    )
    .await
}

/// `POST /rounds/next`: pairs the next round with the Dutch pairer and redirects to its page
/// (which shows the pairer's explanation, kept with the round): a reload does not pair again.
pub(super) async fn pair_next(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let done = async {
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        let preset = app.config.preset;
        app.change(f.get("version"), move |t| {
            let rules = PairingRules::of(preset.unwrap_or_else(|| t.preset()));
            Ok(t.pair_next_round(&rules)?.round)
        })
        .await
    }
    .await;
    match done {
        Ok(round) => back(&format!("/rounds/{round}"), lang, None, &[]),
        Err(e) => error_page(&app, lang, "/", &e),
    }
}

/// `POST /players/disqualify` (`player`, `round`): the player is disqualified in that round
/// (CR 2.2): its game is lost, later rounds are not paired for him.
pub(super) async fn disqualify(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = (|| Ok((f.required::<u16>("player")?, f.required::<u32>("round")?)))();
    submit(&app, &headers, &f, "/players", parsed, |(p, round), t| {
        Ok(t.disqualify(p, round)?)
    })
    .await
}

/// `POST /players/bye` (`player`, `round`): a half-point bye requested in advance for a
/// round not yet paired (TRF `H`).
pub(super) async fn half_point_bye(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = (|| Ok((f.required::<u16>("player")?, f.required::<u32>("round")?)))();
    submit(
        &app,
        &headers,
        &f,
        "/players",
        parsed,
        |(player, round), t| {
            let bye = crate::tournament::Bye {
                player,
                kind: crate::tournament::ByeKind::HalfPoint,
            };
            Ok(t.add_bye(round, bye)?)
        },
    )
    .await
}

/// `POST /players/return` (`player`): cancels a withdrawal entered by mistake.
pub(super) async fn cancel_withdrawal(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let parsed = f.required::<u16>("player");
    submit(&app, &headers, &f, "/players", parsed, |p, t| {
        Ok(t.cancel_withdrawal(p)?)
    })
    .await
}

/// `POST /players/unforbid` (`index`): removes a forbidden pair entered by mistake.
pub(super) async fn unforbid(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = f.required::<usize>("index");
    submit(&app, &headers, &f, "/players", parsed, move |i, t| {
        t.remove_forbidden(i)
            .map(|_| ())
            .ok_or_else(|| WebError::NotFound(lang.msg("web-error-no-forbidden")))
    })
    .await
}

/// `POST /rounds/{n}/unpair` (`confirm=yes`): unpairs the last round while it has no results
/// ([`crate::tournament::Tournament::unpair_round`]) and returns to the event page.
pub(super) async fn unpair(
    State(app): State<Shared>,
    RoundNo(n): RoundNo,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let parsed = if f.get("confirm").is_some() {
        Ok(())
    } else {
        Err(WebError::BadRequest(lang.msg("web-error-unpair-confirm")))
    };
    submit(&app, &headers, &f, "/", parsed, move |(), t| {
        Ok(t.unpair_round(n)?)
    })
    .await
}

/// `POST /log/undo` (`version`: the whole state's, as the log page showed it; `entry`: the
/// entry its button named, else the last change not undone): undoes that change ([`crate::tournament::journal::undo`], a new journal entry) and redirects to
/// the log; refused with the reason when the state changed since the page was shown, or the
/// journal cannot undo it.
pub(super) async fn undo(
    State(app): State<Shared>,
    headers: HeaderMap,
    FormFields(form): FormFields,
) -> Response {
    let f = Fields(form);
    let lang = f.lang(&app);
    let done = async {
        app.check_form(&headers, f.get(CSRF_FIELD).as_deref(), lang)?;
        let seen = f.get("version").filter(|s| !s.is_empty());
        // The entry the button named (an older page: the last change not undone).
        let entry = match f.get("entry").filter(|s| !s.is_empty()) {
            Some(n) => Some(n.parse::<u64>().map_err(|_| WebError::Field {
                field: "entry".into(),
                value: Some(n.clone()),
            })?),
            None => None,
        };
        let path = app.config.state.clone();
        let who = super::caller::caller_act().who;
        super::blocking(move || {
            crate::tournament::journal::undo::<WebError>(&path, who, entry, |t| match seen {
                Some(seen) if seen != super::version(t) => Err(WebError::Stale),
                _ => Ok(()),
            })
        })
        .await?;
        app.live.reload_screens();
        Ok::<_, WebError>(())
    }
    .await;
    match done {
        Ok(()) => back("/log", lang, None, &[]),
        Err(e) => error_page(&app, lang, "/log", &e),
    }
}

/// The event form's `preset` field (`detsky-mat`, `fide`); `None` when the form has none.
///
/// # Errors
/// [`WebError::BadRequest`] naming the field, in `lang`, for any other value.
pub(super) fn preset_field(
    f: &Fields,
    lang: Lang,
) -> Result<Option<crate::game::preset::Preset>, WebError> {
    f.get("preset")
        .map(|p| p.parse::<crate::game::preset::Preset>())
        .transpose()
        .map_err(|_| WebError::BadRequest(lang.msg("web-error-preset")))
}

/// The event form's details: the days (the date fields' YYYY-MM-DD as the record's
/// YYYY/MM/DD, TRF 042/052), the venue and the arbiters; `None` for each field left out.
pub(super) fn details_fields(f: &Fields) -> crate::tournament::event::EventDetails {
    let date = |name: &str| f.get(name).map(|d| d.replace('-', "/"));
    crate::tournament::event::EventDetails {
        start_date: date("start_date"),
        end_date: date("end_date"),
        venue: f.get("venue"),
        chief_arbiter: f.get("chief_arbiter"),
        deputy_arbiter: f.get("deputy_arbiter"),
        // A checkbox: sent only when ticked; the setup form has none (off).
        public_school_grade: f.get("public_school_grade").as_deref() == Some("yes"),
    }
}
