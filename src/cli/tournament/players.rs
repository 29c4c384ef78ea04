//! `arbiter tournament add-player`, `edit-player`, `withdraw`, `disqualify`: the player
//! record's changes, confirmed by name in words that agree with the player's sex.

use super::*;

/// Runs `tournament add-player`.
pub(super) fn run_add_player(a: AddPlayerArgs) -> anyhow::Result<ExitCode> {
    let args = serde_json::json!({"name": a.name, "rating": a.rating, "title": a.title,
        "federation": a.federation, "sex": a.sex, "birth_date": a.birth_date, "club": a.club,
        "grade": a.grade, "fide_id": a.fide_id});
    let tpn = change(&a.state, "add-player", args, |t| {
        t.add_player(Player {
            start_rank: 0,
            name: a.name.clone(),
            rating: a.rating,
            title: a.title,
            federation: a.federation,
            sex: a.sex,
            birth_date: a.birth_date,
            club: a.club,
            grade: a.grade,
            fide_id: a.fide_id,
            withdrawn_from: None,
            disqualified_from: None,
            ..Player::default()
        })
    })?;
    done(
        &a.out,
        &a.out.lang.get().fmt(
            "tm-player-added",
            &[("tpn", &tpn.to_string()), ("name", &a.name)],
        ),
        serde_json::json!({"start_rank": tpn, "name": a.name}),
    )
}

/// Runs `tournament edit-player`.
pub(super) fn run_edit_player(a: EditPlayerArgs) -> anyhow::Result<ExitCode> {
    let args = serde_json::json!({"player": a.player, "name": a.name, "rating": a.rating,
        "unrated": a.unrated, "birth_date": a.birth_date, "club": a.club, "sex": a.sex,
        "grade": a.grade, "no_grade": a.no_grade});
    let (t, tpn) = change(&a.state, "edit-player", args, |t| {
        let old = t
            .player(a.player)
            .cloned()
            .ok_or(TournamentError::UnknownPlayer(a.player))?;
        let rating = if a.unrated {
            None
        } else {
            a.rating.or(old.rating)
        };
        if a.sex.is_some() {
            t.set_player_sex(a.player, a.sex)?;
        }
        if a.grade.is_some() || a.no_grade {
            t.set_player_grade(a.player, a.grade)?;
        }
        // Before round 1 a new rating ranks the start list again: his rank afterwards.
        let tpn = t.edit_player(
            a.player,
            a.name.clone().unwrap_or(old.name),
            rating,
            a.birth_date.clone().or(old.birth_date),
            a.club.clone().or(old.club),
        )?;
        Ok((t.clone(), tpn))
    })?;
    let name = t.player(tpn).map_or(String::new(), |p| p.name.clone());
    done(
        &a.out,
        &a.out.lang.get().fmt(
            "tm-player-edited",
            &[("tpn", &tpn.to_string()), ("name", &name)],
        ),
        serde_json::json!({"start_rank": tpn, "name": name}),
    )
}

/// Runs `tournament withdraw`.
pub(super) fn run_withdraw(a: WithdrawArgs) -> anyhow::Result<ExitCode> {
    let args = serde_json::json!({"player": a.player, "from_round": a.from_round});
    let t = change(&a.state, "withdraw", args, |t| {
        t.withdraw(a.player, a.from_round)?;
        Ok(t.clone())
    })?;
    done(
        &a.out,
        &player_line(
            &t,
            a.player,
            a.out.lang.get(),
            "tm-withdrawn",
            &[("round", &a.from_round.to_string())],
        ),
        serde_json::json!({"player": a.player, "withdrawn_from": a.from_round}),
    )
}

/// Runs `tournament disqualify`.
pub(super) fn run_disqualify(a: DisqualifyArgs) -> anyhow::Result<ExitCode> {
    let args = serde_json::json!({"player": a.player, "round": a.round});
    let t = change(&a.state, "disqualify", args, |t| {
        t.disqualify(a.player, a.round)?;
        Ok(t.clone())
    })?;
    done(
        &a.out,
        &player_line(
            &t,
            a.player,
            a.out.lang.get(),
            "tm-disqualified",
            &[("round", &a.round.to_string())],
        ),
        serde_json::json!({"player": a.player, "disqualified_in": a.round}),
    )
}

/// A confirmation about player `tpn` by name, its words agreeing with the player's sex
/// (`tm-withdrawn`: «Иванова Анна (5) выбыла с 2-го тура»).
pub(super) fn player_line(
    t: &Tournament,
    tpn: u16,
    lang: Lang,
    id: &str,
    args: &[(&str, &str)],
) -> String {
    let mut all: Vec<(&str, &str)> = args.to_vec();
    let tpn_text = tpn.to_string();
    all.push(("player", &tpn_text));
    match t.player(tpn) {
        Some(p) => {
            all.push(("name", &p.name));
            p.gendered(lang, id, &all)
        }
        None => {
            all.push(("name", ""));
            arbiter::tournament::player::gendered(lang, id, None, &all)
        }
    }
}
