//! An event of two groups on the command line: a Swiss of the older children and a round
//! robin of the younger in one event, one record and one journal; `--group` on the commands
//! that act on one group (refused without it, in both languages, the groups listed); a
//! player moved between groups only before round 1; the TRF of one group, or one file per
//! group.

use crate::common::{fails, ok, tournament};

/// The event: a Swiss of 4 (group «Старшие», the first) and a round robin of 3 («Малыши»).
fn two_groups(dir: &std::path::Path) {
    ok(
        &[
            "new",
            "ev.arbiter",
            "--name",
            "Школьный турнир",
            "--rounds",
            "3",
        ],
        dir,
    );
    for (name, rating) in [("Андреев", "1500"), ("Борисов", "1400"), ("Власов", "1300")]
    {
        ok(
            &[
                "add-player",
                "ev.arbiter",
                "--name",
                name,
                "--rating",
                rating,
            ],
            dir,
        );
    }
    let text = ok(
        &[
            "group",
            "add",
            "ev.arbiter",
            "Малыши",
            "--system",
            "round-robin",
            "--first",
            "Старшие",
            "--lang",
            "en",
        ],
        dir,
    );
    assert_eq!(
        text,
        "Старшие: Swiss system, 3 rounds, 3 players, 0 rounds paired\n\
         Малыши: round robin, 4 rounds, 0 players, 0 rounds paired\n"
    );
}

#[test]
fn two_groups_are_played_in_one_event() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    two_groups(d);
    // Without --group, a command on one group is refused and names the groups.
    let err = fails(
        &[
            "add-player",
            "ev.arbiter",
            "--name",
            "Гусев",
            "--lang",
            "en",
        ],
        d,
    );
    assert!(
        err.contains("the event has several groups («Старшие», «Малыши»): name one (--group NAME)"),
        "{err}"
    );
    let err = fails(
        &[
            "add-player",
            "ev.arbiter",
            "--name",
            "Гусев",
            "--lang",
            "ru",
        ],
        d,
    );
    assert!(
        err.contains(
            "в турнире несколько групп («Старшие», «Малыши»): укажите группу (--group НАЗВАНИЕ)"
        ),
        "{err}"
    );
    let err = fails(
        &["standings", "ev.arbiter", "--group", "B", "--lang", "en"],
        d,
    );
    assert!(
        err.contains("the event has no group \"B\"; its groups: «Старшие», «Малыши»"),
        "{err}"
    );
    for name in ["Гусев", "Дронова", "Ершов"] {
        ok(
            &[
                "add-player",
                "ev.arbiter",
                "--group",
                "малыши",
                "--name",
                name,
            ],
            d,
        );
    }
    // Власов, entered in the wrong group, moves to the younger before round 1: rated, he is
    // their number 1.
    let text = ok(
        &[
            "group",
            "move",
            "ev.arbiter",
            "--group",
            "Старшие",
            "3",
            "--to",
            "Малыши",
            "--lang",
            "ru",
        ],
        d,
    );
    assert_eq!(text, "Власов переведён в группу «Малыши» под № 1\n");
    // The round robin of 4 is paired at once from the Berger table: 3 rounds.
    ok(
        &["pair", "ev.arbiter", "--group", "Малыши", "--auto", "--all"],
        d,
    );
    ok(&["pair", "ev.arbiter", "--group", "Старшие", "--auto"], d);
    ok(
        &[
            "result",
            "ev.arbiter",
            "--group",
            "Малыши",
            "--round",
            "1",
            "--board",
            "1",
            "1-0",
        ],
        d,
    );
    let list = ok(&["group", "list", "ev.arbiter", "--lang", "ru"], d);
    assert_eq!(
        list,
        "Старшие: швейцарская система, туров: 3, участников: 2, пар составлено в турах: 1\n\
         Малыши: круговая система, туров: 3, участников: 4, пар составлено в турах: 3\n"
    );
    // Once round 1 is paired, no one moves.
    let err = fails(
        &[
            "group",
            "move",
            "ev.arbiter",
            "--group",
            "Малыши",
            "2",
            "--to",
            "Старшие",
            "--lang",
            "en",
        ],
        d,
    );
    assert!(err.contains("cannot be moved: round 1 of group"), "{err}");
    // One record: the journal names the group of each change.
    let log = ok(&["log", "ev.arbiter", "--format", "json"], d);
    assert!(log.contains("\"group\":\"Малыши\""), "{log}");
    // The TRF of one group: its players and its rounds only.
    let trf = ok(
        &[
            "export",
            "ev.arbiter",
            "--group",
            "Малыши",
            "--format",
            "trf",
        ],
        d,
    );
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 4, "{trf}");
    assert!(trf.contains("Власов") && !trf.contains("Андреев"), "{trf}");
    assert!(trf.contains("012 Школьный турнир"), "{trf}");
    // Without --group: one file per group beside the event, each named.
    let out = tournament(
        &["export", "ev.arbiter", "--format", "trf", "--lang", "en"],
        d,
    );
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("group «Старшие»: TRF written to")
            && err.contains("ev-Старшие.trf")
            && err.contains("ev-Малыши.trf"),
        "{err}"
    );
    let small = std::fs::read_to_string(d.join("ev-Малыши.trf")).unwrap();
    assert_eq!(small, trf);
    let big = std::fs::read_to_string(d.join("ev-Старшие.trf")).unwrap();
    // Its players only (the journal's comments remember Власов's entry and move).
    let players: Vec<&str> = big.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 2, "{big}");
    assert!(
        players[0].contains("Андреев") && players[1].contains("Борисов"),
        "{big}"
    );
}
