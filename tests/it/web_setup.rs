//! The event set up on the desk (`arbiter serve` of a file that does not exist: `/setup`),
//! and its settings changed on `/event` while they can change: the group's system until its
//! round 1 is paired, its tie-break order. Requests go to the `Router` itself.

use crate::web_api::{config, event, send};
use arbiter::tournament::pairing::PairingSystem;
use arbiter::tournament::record::load_any_event;
use arbiter::tournament::tiebreak::TieBreak;
use arbiter::tournament::{journal, store};
use axum::http::StatusCode;

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

/// `text` as a form field's value.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn a_missing_file_is_set_up_on_the_desk_and_created_once() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("школа.arbiter");
    let cfg = config(&state, None);
    // Every page leads to the form; a change elsewhere is refused in words, the API in JSON.
    let (status, headers, _) = send(&cfg, "GET", "/standings?lang=ru", "", &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers["location"], "/setup?lang=ru");
    let (status, _, page) = send(&cfg, "GET", "/setup?lang=ru", "", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>Новый турнир</h1>"), "{page}");
    // The children's default order chosen in the lists, place by place.
    for (place, key) in ["BH-C1", "BH", "SB", "DE", "PS", "WIN"].iter().enumerate() {
        let list = page
            .split(&format!("name=\"tb{}\"", place + 1))
            .nth(1)
            .and_then(|rest| rest.split("</select>").next())
            .unwrap();
        assert!(
            list.contains(&format!("<option value=\"{key}\" selected>")),
            "place {}: {list}",
            place + 1
        );
    }
    // The hint names the children's order and the round robin's (`/` escaped in the page).
    let text = page.replace("&#x2f;", "/");
    assert!(text.contains("BH/C1, BH, SB, DE, PS, WIN"), "{page}");
    assert!(text.contains("SB, DE, WIN, KS"), "{page}");
    let (status, _, body) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("not set up yet"), "{body}");
    let (status, _, body) = send(&cfg, "POST", "/players", "name=A&lang=ru", &[FORM]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("Турнир ещё не создан"), "{body}");
    assert!(!state.exists());

    let form = [
        ("name", "Первенство школы"),
        ("start_date", "2026-12-05"),
        ("venue", "Школа № 5"),
        ("chief_arbiter", "Иванова А. П."),
        ("preset", "detsky-mat"),
        ("tb1", "BH-C1"),
        ("tb2", "BH"),
        ("tb3", "SB"),
        ("tb4", "DE"),
        ("tb5", "PS"),
        ("tb6", "WIN"),
        ("group1_name", "3–4 классы"),
        ("group1_system", "swiss"),
        ("group1_rounds", "5"),
        ("group2_name", "1–2 классы"),
        ("group2_system", "round-robin"),
        ("group2_rounds", "5"),
        ("group3_name", ""),
        ("lang", "ru"),
    ];
    let body: Vec<String> = form
        .iter()
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect();
    let body = body.join("&");
    // Without the session's form key: refused, nothing written.
    let (status, _, _) = send(&cfg, "POST", "/setup", &format!("csrf=0&{body}"), &[FORM]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(!state.exists());
    // Two groups of one name: refused in words, nothing written.
    let twice = body.replace(&enc("1–2 классы"), &enc("3–4 классы"));
    let (status, _, page) = send(&cfg, "POST", "/setup", &twice, &[FORM]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("уже есть"), "{page}");
    assert!(!state.exists());

    let (status, headers, _) = send(&cfg, "POST", "/setup", &body, &[FORM]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers["location"], "/players?lang=ru&saved=1");
    let e = load_any_event(&state).unwrap();
    assert_eq!(e.names(), ["3–4 классы", "1–2 классы"]);
    let (swiss, rr) = (e.group(0), e.group(1));
    assert_eq!(swiss.name, "Первенство школы");
    assert_eq!(
        (swiss.system, swiss.total_rounds),
        (PairingSystem::Swiss, 5)
    );
    assert_eq!(rr.system, PairingSystem::RoundRobin);
    assert_eq!(swiss.details.start_date.as_deref(), Some("2026/12/05"));
    assert_eq!(rr.details.chief_arbiter.as_deref(), Some("Иванова А. П."));
    // The children's order is the preset's default: kept as no choice of its own.
    assert_eq!(swiss.tie_breaks, None);
    assert_eq!(
        swiss.tie_break_settings().order,
        [
            TieBreak::BhC1,
            TieBreak::Bh,
            TieBreak::Sb,
            TieBreak::De,
            TieBreak::Ps,
            TieBreak::Win
        ]
    );
    assert_eq!(
        rr.tie_break_settings().order,
        [TieBreak::Sb, TieBreak::De, TieBreak::Win, TieBreak::Ks]
    );
    let actions: Vec<String> = journal::read(&state)
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(actions, ["new", "group-add"]);
    // Created: /setup leads to the event, a second setup is refused in words.
    let (status, headers, _) = send(&cfg, "GET", "/setup?lang=ru", "", &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers["location"], "/event?lang=ru");
    let (status, _, page) = send(&cfg, "POST", "/setup", &body, &[FORM]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("Турнир уже создан"), "{page}");
    assert_eq!(journal::read(&state).unwrap().len(), 2);
}

#[tokio::test]
async fn the_system_changes_until_round_1_and_the_tie_breaks_are_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 6);
    let cfg = config(&path, None);
    let edit = |extra: &str| format!("name=Event&rounds=5&lang=en&{extra}");
    let (status, _, page) = send(
        &cfg,
        "POST",
        "/event",
        &edit("system=round-robin&tb1=SB&tb2=KS&tb3=&tb_shown=x"),
        &[FORM],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let t = store::load(&path).unwrap();
    assert_eq!(t.system, PairingSystem::RoundRobin);
    assert_eq!(t.tie_break_settings().order, [TieBreak::Sb, TieBreak::Ks]);
    let (status, _, page) = send(
        &cfg,
        "POST",
        "/event",
        &edit("tb1=SB&tb2=SB&tb_shown=x"),
        &[FORM],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("tie-break SB is listed twice"), "{page}");
    // The page shows the order chosen and the group's system.
    let (_, _, page) = send(&cfg, "GET", "/event?lang=en", "", &[]).await;
    assert!(page.contains("<option value=\"KS\" selected>"), "{page}");
    assert!(
        page.contains("<option value=\"round-robin\" selected>"),
        "{page}"
    );
    assert!(!page.contains("id=\"system-fixed\""), "{page}");

    // Back to a Swiss while round 1 is not paired, then round 1 paired.
    let (status, _, _) = send(&cfg, "POST", "/event", &edit("system=swiss"), &[FORM]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _, _) = send(&cfg, "POST", "/api/rounds/next", "", &[]).await;
    assert_eq!(status, StatusCode::OK);
    let (_, _, page) = send(&cfg, "GET", "/event?lang=ru", "", &[]).await;
    assert!(page.contains("id=\"event-system\" disabled"), "{page}");
    assert!(page.contains("систему уже не изменить"), "{page}");
    // Sent anyway: refused in words; rounds can still grow.
    let (status, _, page) =
        send(&cfg, "POST", "/event", &edit("system=round-robin"), &[FORM]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        page.contains("the pairing system cannot change: round 1 is paired"),
        "{page}"
    );
    assert_eq!(store::load(&path).unwrap().system, PairingSystem::Swiss);
    let (status, _, _) = send(
        &cfg,
        "POST",
        "/event",
        "name=Event&rounds=7&lang=en&system=swiss",
        &[FORM],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(store::load(&path).unwrap().total_rounds, 7);
}

#[tokio::test]
async fn a_group_is_added_on_the_desk() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), 4);
    let cfg = config(&path, None);
    let body = format!(
        "first_name=A&group_name={}&group_system=double-round-robin&group_rounds=6&lang=ru",
        enc("Малыши")
    );
    let (status, headers, page) = send(&cfg, "POST", "/groups/add", &body, &[FORM]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    assert!(
        headers["set-cookie"]
            .to_str()
            .unwrap()
            .starts_with("arbiter_group=1;")
    );
    let e = load_any_event(&path).unwrap();
    assert_eq!(e.names(), ["A", "Малыши"]);
    assert_eq!(e.group(1).system, PairingSystem::DoubleRoundRobin);
    let (status, _, page) = send(&cfg, "POST", "/groups/add", &body, &[FORM]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("уже есть"), "{page}");
}
