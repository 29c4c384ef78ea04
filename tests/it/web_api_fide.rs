//! FIDE mode at the desk (Handbook C.02): the switch on the event page — on, off for good with
//! the arbiter's confirmation, never on again — and a correction of an earlier round's result
//! with the arbiter's note, kept in the record and the journal as `tournament result --note`
//! keeps it, and shown on the round page and in the organiser's report.

use arbiter::tournament::fide_mode::FideMode;
use arbiter::tournament::journal;
use arbiter::tournament::pairing::PairingRules;
use arbiter::tournament::{BoardResult, GameRef, store};
use arbiter::web::{board_version, fide_version};
use axum::http::StatusCode;

use super::web_api::{config, error_text, event, location, send};

const FORM: [(&str, &str); 1] = [("content-type", "application/x-www-form-urlencoded")];

#[tokio::test]
async fn fide_mode_is_switched_on_the_event_page_and_a_correction_keeps_its_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    // Rounds 1 and 2 paired, round 1 played: 1 (Player 01) beat 3 on board 1, 4 beat 2 on board 2.
    let mut t = store::load(&path).unwrap();
    let rules = PairingRules::fide();
    t.pair_next_round(&rules).unwrap();
    let b1 = t.round(1).unwrap().games[0].clone();
    assert_eq!((b1.white, b1.black), (1, 3));
    t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
        .unwrap();
    t.record_result(1, GameRef::Board(2), BoardResult::BlackWins, false)
        .unwrap();
    t.pair_next_round(&rules).unwrap();
    store::save(&t, &path).unwrap();
    let cfg = config(&path, None);

    // Off: the page says so and offers the switch, in both languages.
    let (s, _, page) = send(&cfg, "GET", "/?lang=en", "", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("FIDE mode is off."), "{page}");
    assert!(page.contains("id=\"fide-on\""), "{page}");
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(page.contains("Режим FIDE выключен."), "{page}");

    // On: journalled as the CLI's `fide-mode` with `mode: on`.
    let v = fide_version(&t);
    let (s, h, body) = send(
        &cfg,
        "POST",
        "/event/fide-mode",
        &format!("mode=on&version={v}&lang=ru"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(location(&h), "/?lang=ru&saved=1");
    let t = store::load(&path).unwrap();
    assert_eq!(t.fide.mode, FideMode::On);
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "fide-mode");
    assert_eq!(last.args["mode"], "on");
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(page.contains("Режим FIDE включён"), "{page}");
    assert!(
        page.contains("в TRF будет записано «FIDE mode left after round 2»"),
        "{page}"
    );

    // Round 1 is an earlier round: its correction form asks for the note, required.
    let (_, _, page) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    assert!(
        page.contains("в режиме FIDE обязательна)\n      <input type=\"text\" name=\"note\" maxlength=\"500\" required>"),
        "{page}"
    );
    // The last round's forms have no note field.
    let (_, _, page2) = send(&cfg, "GET", "/rounds/2?lang=ru", "", &[]).await;
    assert!(!page2.contains("name=\"note\""), "{page2}");

    // Board 1 of round 1 corrected 1-0 → 0-1 with the note.
    let note = "Перепутали цвета при записи: белыми играл Player 03";
    let v = board_version(&t, 1, 1);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!(
            "board=1&result=0-1&correct=yes&confirm=yes&note={}&version={v}&lang=ru",
            super::web_api::urlencode(note)
        ),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let t = store::load(&path).unwrap();
    assert_eq!(
        t.round(1).unwrap().games[0].result,
        Some(BoardResult::BlackWins)
    );
    // Player 01 now has 0 points, Player 03 one.
    assert_eq!(t.score(1, 1), 0.0);
    assert_eq!(t.score(3, 1), 1.0);
    assert_eq!(t.fide.notes.len(), 1);
    let kept = &t.fide.notes[0];
    assert_eq!((kept.round, kept.board), (1, 1));
    assert_eq!(kept.from, Some(BoardResult::WhiteWins));
    assert_eq!(kept.to, BoardResult::BlackWins);
    assert_eq!(kept.note, note);
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.action, "correct-result");
    assert_eq!(last.args["note"], note);
    assert_eq!(last.args["round"], 1);

    // Shown where corrections are shown: the round page and the report.
    let (_, _, page) = send(&cfg, "GET", "/rounds/1?lang=ru", "", &[]).await;
    assert!(
        page.contains("Результаты, исправленные с пометкой"),
        "{page}"
    );
    assert!(
        page.contains(&format!("Доска 1: 1-0 → 0-1 — {note}")),
        "{page}"
    );
    let (_, _, page) = send(&cfg, "GET", "/rounds/1?lang=en", "", &[]).await;
    assert!(
        page.contains(&format!("Board 1: 1-0 → 0-1 — {note}")),
        "{page}"
    );
    let (_, _, report) = send(&cfg, "GET", "/report?lang=ru", "", &[]).await;
    assert!(
        report.contains(&format!("тур 1, доска 1: 1-0 → 0-1 — {note}")),
        "{report}"
    );

    // Leaving without the confirmation box: refused in words, nothing changes.
    let before = crate::common::snapshot(&path);
    let v = fide_version(&t);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/event/fide-mode",
        &format!("mode=off&version={v}&lang=en"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(
        error_text(&body),
        "Tick the box to leave FIDE mode: leaving is final, it cannot be turned on again."
    );
    assert_eq!(crate::common::snapshot(&path), before);

    // Left for good after round 2; the TRF says so; no way back on.
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/event/fide-mode",
        &format!("mode=off&confirm=yes&version={v}&lang=ru"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let t = store::load(&path).unwrap();
    assert_eq!(t.fide.mode, FideMode::Left { after_round: 2 });
    let (_, _, page) = send(&cfg, "GET", "/?lang=ru", "", &[]).await;
    assert!(
        page.contains("Из режима FIDE вышли после 2\u{2011}го тура. Включить его снова нельзя"),
        "{page}"
    );
    assert!(!page.contains("id=\"fide-on\""), "{page}");
    let (_, _, trf) = send(&cfg, "GET", "/export/trf", "", &[]).await;
    assert!(trf.contains("### FIDE mode left after round 2"), "{trf}");
    let before = crate::common::snapshot(&path);
    let v = fide_version(&t);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/event/fide-mode",
        &format!("mode=on&version={v}&lang=ru"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        error_text(&body),
        "из режима FIDE вышли после 2-го тура, вернуться в него нельзя"
    );
    assert_eq!(crate::common::snapshot(&path), before);

    // Out of the mode an earlier round's correction needs no note.
    let v = board_version(&t, 1, 2);
    let (s, _, body) = send(
        &cfg,
        "POST",
        "/rounds/1/result",
        &format!("board=2&result=1/2-1/2&correct=yes&confirm=yes&version={v}&lang=ru"),
        &FORM,
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let t = store::load(&path).unwrap();
    assert_eq!(t.round(1).unwrap().games[1].result, Some(BoardResult::Draw));
    assert_eq!(t.fide.notes.len(), 1);
}

/// The JSON API corrects an earlier round in FIDE mode only with `"note"`, and keeps the note in
/// the record and the journal as the desk's form does.
#[tokio::test]
async fn the_api_corrects_an_earlier_round_in_fide_mode_only_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let mut t = store::load(&path).unwrap();
    let rules = PairingRules::fide();
    t.pair_next_round(&rules).unwrap();
    t.record_result(1, GameRef::Board(1), BoardResult::WhiteWins, false)
        .unwrap();
    t.record_result(1, GameRef::Board(2), BoardResult::BlackWins, false)
        .unwrap();
    t.pair_next_round(&rules).unwrap();
    t.enter_fide_mode().unwrap();
    store::save(&t, &path).unwrap();
    let cfg = config(&path, None);
    let uri = "/api/rounds/1/boards/1/result";

    // Without the note: refused, nothing written.
    let before = crate::common::snapshot(&path);
    let (s, _, body) = send(
        &cfg,
        "POST",
        uri,
        r#"{"result": "0-1", "correct": true}"#,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    let error: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains("note"), "{body}");
    assert_eq!(crate::common::snapshot(&path), before);

    // With it: recorded, the note kept with the results before and after, and journalled.
    let note = "Перепутали цвета при записи";
    let (s, _, body) = send(
        &cfg,
        "POST",
        uri,
        &format!(r#"{{"result": "0-1", "correct": true, "note": "{note}"}}"#),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let t = store::load(&path).unwrap();
    assert_eq!(
        t.round(1).unwrap().games[0].result,
        Some(BoardResult::BlackWins)
    );
    assert_eq!(t.fide.notes.len(), 1);
    let kept = &t.fide.notes[0];
    assert_eq!((kept.round, kept.board), (1, 1));
    assert_eq!(
        (kept.from, kept.to),
        (Some(BoardResult::WhiteWins), BoardResult::BlackWins)
    );
    assert_eq!(kept.note, note);
    let last = journal::read(&path).unwrap().pop().unwrap();
    assert_eq!(last.args["note"], note);
    assert_eq!(last.args["result"], "0-1");
    assert_eq!(last.args["correct"], "yes");
}
