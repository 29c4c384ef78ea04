//! More of the command line in both languages (as [`crate::cli_lang`]): `serve`'s refusals
//! and its first line, `adjudicate`'s game files that give no position to adjudicate.

use crate::cli_lang::both;
use crate::common::{ok, serve_first_line};

#[test]
fn serve_and_adjudicate_refusals_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("junk.txt"), "junk\n").unwrap();
    both(
        &["serve", "junk.txt", "--addr", "127.0.0.1:0"],
        1,
        false,
        "arbiter: junk.txt is not an event (a TRF file?)",
        "arbiter: junk.txt — не турнир (файл TRF?)",
        d,
    );
    // 192.0.2.1 (TEST-NET-1, RFC 5737) is no address of this machine.
    ok(&["new", "t.json", "--name", "T", "--rounds", "4"], d);
    both(
        &["serve", "t.json", "--addr", "192.0.2.1:8080"],
        1,
        false,
        "arbiter: cannot listen on 192.0.2.1:8080: Cannot assign requested address",
        "arbiter: не удаётся принимать подключения по адресу 192.0.2.1:8080: это не адрес этого компьютера",
        d,
    );
    // A number out of its range: clap's words in English, the bounds in Russian.
    both(
        &[
            "tournament",
            "new",
            "x.json",
            "--name",
            "T",
            "--rounds",
            "0",
        ],
        2,
        false,
        "invalid value '0' for '--rounds <ROUNDS>': 0 is not in 1..=4294967295",
        "недопустимое значение «0» для --rounds: нужно число не меньше 1",
        d,
    );
    both(
        &[
            "generate",
            "--seed",
            "1",
            "--players",
            "8",
            "--rounds",
            "3",
            "--draws",
            "101",
        ],
        2,
        false,
        "101 is not in 0..=100",
        "недопустимое значение «101» для --draws: нужно число от 0 до 100",
        d,
    );
    // `Nd7` fits the knights on b8 and f6: the record stops there, no last position.
    std::fs::write(
        d.join("ambiguous.pgn"),
        "[Event \"t\"]\n[FEN \"rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Nd7 2. Kd2 *\n",
    )
    .unwrap();
    both(
        &["adjudicate", "ambiguous.pgn"],
        1,
        false,
        "arbiter: ambiguous.pgn: game 1: the record cannot be read at ply 1 (Nd7): 1 move not \
         judged, so its last position is unknown",
        "arbiter: ambiguous.pgn, партия 1: запись не читается с полухода 1 («Nd7»): 1 ход не \
         проверен, поэтому последняя позиция неизвестна",
        d,
    );
    std::fs::write(d.join("empty.pgn"), "").unwrap();
    both(
        &["adjudicate", "empty.pgn"],
        1,
        false,
        "arbiter: empty.pgn: no game in the file",
        "arbiter: empty.pgn: в файле нет ни одной партии",
        d,
    );
    std::fs::write(
        d.join("broken.jsonl"),
        "{\"type\":\"header\"}\n{\"type\":\"move\",\"uci\":\"e2e4\"}\n{\"type\":\"move\",\"uci\":\"zz\"}\n",
    )
    .unwrap();
    both(
        &["adjudicate", "broken.jsonl"],
        1,
        false,
        "arbiter: broken.jsonl: game 1: line 3: event 2: unreadable move \"zz\"",
        "arbiter: broken.jsonl, партия 1: строка 3: ход «zz» не читается",
        d,
    );

    // The first line names the address to open in the language asked for, as its only
    // `http://` word (what scripts read).
    for (lang, open) in [
        ("en", "arbiter serve: open http://127.0.0.1:"),
        ("ru", "arbiter serve: откройте http://127.0.0.1:"),
    ] {
        let (mut child, line) =
            serve_first_line(&["t.json", "--addr", "127.0.0.1:0", "--lang", lang], d);
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(line.starts_with(open), "{line:?}");
        assert_eq!(
            line.split_whitespace()
                .filter(|w| w.starts_with("http://"))
                .count(),
            1,
            "{line:?}"
        );
        let tail = match lang {
            "en" => "/ in a browser (Ctrl-C stops)\n",
            _ => "/ в браузере (Ctrl-C — остановить)\n",
        };
        assert!(line.ends_with(tail), "{line:?}");
    }
}

/// `arbiter replay` and `arbiter board` take `--lang` like the other commands: the replay's
/// summary tables and its footer, and `board export`'s refusal, in each language (the JSON
/// and CSV of replay never change).
#[test]
fn replay_and_board_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/replay/clean.pgn");
    both(
        &["replay", games, "--quiet"],
        0,
        true,
        "unreadable games (errors)",
        "нечитаемых партий (ошибки)",
        d,
    );
    ok(&["new", "t.json", "--name", "T", "--rounds", "4"], d);
    both(
        &["board", "export", "t.json", "--round", "1", "--board", "1"],
        1,
        false,
        "board 1 of round 1 has no capture in the event",
        "у доски 1 тура 1 нет записи в турнире",
        d,
    );
}

/// The leaf commands under `path` (`arbiter PATH --help`'s "Commands:" list, `help` left out),
/// each as its words: `[["judge"], ["tournament", "new"], …]`.
fn leaf_commands(path: &[String], dir: &std::path::Path) -> Vec<Vec<String>> {
    let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
    let help = String::from_utf8(crate::common::arbiter(&args, dir).stdout).unwrap();
    let subs: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|c| c != "help")
        .collect();
    if subs.is_empty() {
        return vec![path.to_vec()];
    }
    subs.iter()
        .flat_map(|s| {
            let mut p = path.to_vec();
            p.push(s.clone());
            leaf_commands(&p, dir)
        })
        .collect()
}

/// Every command of the program, found from its own help (so that a new one is in at once),
/// run without its arguments in both languages: the Russian refusal holds no English word
/// (the command's own name and flags aside), the English one no Russian letter.
#[test]
fn every_command_answers_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let leaves = leaf_commands(&[], d);
    assert!(leaves.len() >= 40, "{leaves:?}");
    assert!(leaves.contains(&vec![
        "tournament".to_owned(),
        "group".to_owned(),
        "move".to_owned()
    ]));
    for leaf in &leaves {
        let mut texts = Vec::new();
        for lang in ["en", "ru"] {
            let mut args: Vec<&str> = leaf.iter().map(String::as_str).collect();
            args.extend(["--lang", lang]);
            let out = crate::common::arbiter(&args, d);
            assert_eq!(out.status.code(), Some(2), "{args:?}: a usage error");
            texts.push(String::from_utf8(out.stderr).unwrap());
        }
        let (en, ru) = (&texts[0], &texts[1]);
        assert!(
            !en.chars()
                .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
            "{leaf:?} English has Russian: {en}"
        );
        // The command's words (`подробнее: arbiter tournament new --help`) are its name.
        let mut said = ru.clone();
        for w in leaf {
            said = said.replace(&format!(" {w} "), " ");
        }
        let left = crate::cli_lang::english_words(&said);
        assert!(
            left.is_empty(),
            "{leaf:?} Russian has English {left:?}: {ru}"
        );
        assert!(ru.contains("ошибка"), "{leaf:?}: {ru}");
    }
}
