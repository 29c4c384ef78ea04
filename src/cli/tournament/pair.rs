//! `arbiter tournament pair`: the next round paired by the Dutch pairer (`--auto`) or as the
//! arbiter gives it (games, a `.pairs` file, forced with a reason), through the journal.

use super::*;

/// Runs `tournament pair` (see [`PairArgs`]).
pub(super) fn run_pair(a: PairArgs) -> anyhow::Result<ExitCode> {
    let preset_arg = a.preset.preset.or(a.rules);
    if a.auto {
        let args = serde_json::json!({"round": a.round, "all": a.all, "preset": preset_arg.map(|p| arbiter::tournament::standings::Preset::from(p).name())});
        let (rounds, t, name) = edit_state(&a.state, "pair", args, |t| {
            // The pairer pairs the next round only: a round named with --auto must be it.
            if let Some(round) = a.round {
                t.check_next_round(round)?;
            }
            let preset = preset_arg.map_or(t.preset(), Into::into);
            let rules = arbiter::tournament::pairing::PairingRules::of(preset);
            let rounds = if a.all {
                t.pair_all_rounds()?
            } else {
                vec![t.pair_next_round(&rules)?.round]
            };
            Ok((rounds, t.clone(), preset.name()))
        })?;
        let lang = a.out.lang.get();
        let mut text = String::new();
        let mut json = Vec::new();
        for &n in &rounds {
            let Some(r) = t.round(n) else { continue };
            text.push_str(&lang.fmt(
                "tm-paired-auto",
                &[("round", &n.to_string()), ("preset", name)],
            ));
            text.push('\n');
            for g in &r.games {
                text.push_str(&lang.fmt(
                    "tm-paired-board",
                    &[
                        ("board", &g.board.to_string()),
                        ("white", &g.white.to_string()),
                        ("black", &g.black.to_string()),
                    ],
                ));
                text.push('\n');
            }
            let bye = r
                .byes
                .iter()
                .find(|b| b.kind == arbiter::tournament::ByeKind::PairingAllocated)
                .map(|b| b.player);
            if let Some(bye) = bye {
                text.push_str(&lang.fmt("tm-paired-bye", &[("player", &bye.to_string())]));
                text.push('\n');
            }
            // A round robin's free player (the table's missing number): no game, no point.
            let free = (!t.system.is_swiss())
                .then(|| {
                    r.byes
                        .iter()
                        .find(|b| b.kind == arbiter::tournament::ByeKind::ZeroPoint)
                })
                .flatten()
                .map(|b| b.player);
            if let Some(free) = free {
                text.push_str(&lang.fmt("tm-paired-free", &[("player", &free.to_string())]));
                text.push('\n');
            }
            let boards: Vec<_> = r
                .games
                .iter()
                .map(|g| serde_json::json!({"number": g.board, "white": g.white, "black": g.black}))
                .collect();
            json.push(serde_json::json!({"round": n, "boards": boards, "bye": bye, "free": free}));
        }
        for group in t
            .forbidden_pairs_in(rounds.last().copied().unwrap_or(1))
            .iter()
            .filter(|g| g.len() >= 2)
        {
            let ids: Vec<String> = group.iter().map(u16::to_string).collect();
            text.push_str(&lang.fmt("tm-paired-forbidden", &[("pair", &ids.join(", "))]));
            text.push('\n');
        }
        text.pop();
        let json = if a.all {
            serde_json::json!({"rounds": json})
        } else {
            json.pop().unwrap_or_default()
        };
        return done(&a.out, &text, json);
    }
    let (games, bye) = match &a.from {
        Some(path) => {
            let p = read_pairs(path)?;
            (p.games, p.bye)
        }
        None => (a.games.clone(), a.bye),
    };
    let force = a.force.then_some(a.reason.as_deref().unwrap_or(""));
    let args = serde_json::json!({"round": a.round, "games": games, "bye": bye,
        "force": a.force, "reason": a.reason, "from": a.from});
    let (round, issues, engine, problems) = edit_state(&a.state, "pair-manual", args, |t| {
        let round = a.round.unwrap_or(t.paired_rounds() + 1);
        let preset = preset_arg.map_or(t.preset(), Into::into);
        let rules = arbiter::tournament::pairing::PairingRules::of(preset);
        let issues = t.manual_pairing_issues(round, &games, bye);
        // The engine's pairing is compared only for a pairing forced past an issue.
        let engine = (a.force && !issues.is_empty())
            .then(|| t.compare_with_engine(&games, bye, &rules))
            .flatten();
        let problems = t.pair_round_manual(round, &games, bye, force)?;
        Ok((round, issues, engine, problems))
    })?;
    let lang = a.out.lang.get();
    for p in issues.iter().filter(|_| !problems.is_empty()) {
        let args = [("round", round.to_string()), ("problem", p.text(lang))];
        let args = args.each_ref().map(|(k, v)| (*k, v.as_str()));
        note!("{}", lang.fmt("mp-warning-forced", &args));
    }
    if let Some(diff) = engine.filter(|_| !problems.is_empty()) {
        note!(
            "{}",
            lang.fmt(
                "mp-warning-engine",
                &[("round", &round.to_string()), ("diff", &diff.text(lang))]
            )
        );
    }
    done(
        &a.out,
        &a.out.lang.get().fmt(
            match bye {
                Some(_) => "tm-paired-manual-bye",
                None => "tm-paired-manual",
            },
            &[
                ("round", &round.to_string()),
                ("games", &games.len().to_string()),
                ("bye", &bye.map(|b| b.to_string()).unwrap_or_default()),
            ],
        ),
        serde_json::json!({"round": round, "games": games.len(), "bye": bye}),
    )
}
