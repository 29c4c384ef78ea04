//! A round robin's crosstable on the desk when a player withdrew before a round was paired:
//! his scheduled opponent's point without a game is the table's doing, not the child's
//! absence — `своб. 1`, never `проп. 1` (a Swiss's full-point bye, asked for, stays `проп.`).

use crate::common::ok;
use crate::web_api::{config, send};

#[tokio::test(flavor = "multi_thread")]
async fn a_withdrawn_opponents_point_reads_as_no_game_by_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    tokio::task::block_in_place(|| {
        ok(
            &[
                "new",
                "rr.json",
                "--name",
                "Круг",
                "--rounds",
                "3",
                "--system",
                "round-robin",
            ],
            d,
        );
        for name in ["Иванов Иван", "Петров Пётр", "Сидоров Илья", "Козлов Олег"]
        {
            ok(&["add-player", "rr.json", "--name", name], d);
        }
        for round in ["1", "2"] {
            ok(&["pair", "rr.json", "--auto"], d);
            for board in ["1", "2"] {
                ok(
                    &[
                        "result", "rr.json", "--round", round, "--board", board, "1/2-1/2",
                    ],
                    d,
                );
            }
        }
        // Two of his three games played: the third is forfeited (C.05 left to the event's
        // rule, the common one: half his games played, his results stand).
        ok(
            &["withdraw", "rr.json", "--player", "4", "--from-round", "3"],
            d,
        );
        ok(&["pair", "rr.json", "--auto"], d);
        // Round 3's one game left.
        ok(
            &["result", "rr.json", "--round", "3", "--board", "1", "1-0"],
            d,
        );
    });
    let cfg = config(&d.join("rr.json"), None);
    let (_, _, page) = send(&cfg, "GET", "/crosstable?lang=ru", "", &[]).await;
    // Сидоров withdrew from round 3: the player the table gave him has the round's point.
    assert!(page.contains("cell\">своб.\u{a0}1</td>"), "{page}");
    assert!(!page.contains("cell\">проп."), "{page}");
    // The round robin's legend says what «своб.» covers there; a Swiss's does not.
    assert!(
        page.contains("«своб.» — без игры по таблице или соперник выбыл"),
        "{page}"
    );
    // The round's pairing list says the same: no game by the table, not an absence.
    let (_, _, round) = send(&cfg, "GET", "/rounds/3?lang=ru", "", &[]).await;
    assert!(
        round.contains("без игры: соперник по таблице выбыл (1 очко)"),
        "{round}"
    );
    assert!(!round.contains("не играет"), "{round}");
    let (_, _, page) = send(&cfg, "GET", "/crosstable?lang=en", "", &[]).await;
    assert!(page.contains("cell\">bye\u{a0}1</td>"), "{page}");
    assert!(!page.contains("cell\">absent"), "{page}");
}
