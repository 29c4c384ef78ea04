//! The live room at the desk: the play-out's expiry over the room and the state file.

use super::*;
use crate::tournament::Player;

/// Round 1 (1 v 3, 4 v 2) with e-board `S1` on board 1, which showed 1. e4.
fn followed() -> (LiveRoom, Tournament) {
    followed_in(0)
}

/// [`followed`], the tournament being group `group` of its event.
fn followed_in(group: usize) -> (LiveRoom, Tournament) {
    let mut t = Tournament::new("live", 4);
    for name in ["A", "B", "C", "D"] {
        t.add_player(Player {
            name: name.into(),
            ..Player::default()
        })
        .unwrap();
    }
    t.pair_round_manual(1, &[(1, 3), (4, 2)], None, None)
        .unwrap();
    t.assign_eboard("S1", group, 1, 1).unwrap();
    let mut room = LiveRoom::new(RecogniserConfig::default(), CompetitionRules::default());
    room.seen("S1", "ws://x", false, None);
    room.sync(&assignments(&t.live));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    for (i, placement) in [start, e4].into_iter().enumerate() {
        let ms = 1_000 * (i as u64 + 1);
        let frame = LinkEvent::Frame {
            t_ms: ms,
            text: json!({"response": "feed", "id": 1, "param": {
                "serialnr": "S1", "board": placement, "flipped": false, "clock": null}})
            .to_string(),
            sent: false,
        };
        room.push("S1", &frame, ms);
        room.settle(ms + 600, 500);
    }
    (room, t)
}

/// Board `b` of round 1 of the first group.
fn k(b: u32) -> BoardKey {
    BoardKey::new(0, 1, b)
}

#[test]
fn the_playout_expiry_adjudicates_the_live_position_once() {
    let (mut room, mut t) = followed();
    t.start_playout(0, 1, None, 300, 1_000).unwrap();
    let adj = Adjudicator::new(crate::game::preset::Preset::default().adjudication()).unwrap();
    let at = |t: &Tournament, ms: u64| playouts_over(t, 0, ms);
    assert!(at(&t, 1_000 + 299_000).is_empty());
    let view = room.round_view(0, 1, round_boards(&t, 0, 1, 1_000 + 299_000));
    assert_eq!(view[0].playout_remaining_s, Some(1));
    assert_eq!(view[1].playout_remaining_s, Some(1));
    assert_eq!(at(&t, 1_000 + 300_000), vec![k(1), k(2)]);
    assert_eq!(room.expire(&at(&t, 1_000 + 300_000), &adj), vec![k(1)]);
    assert!(room.expire(&at(&t, 1_000 + 400_000), &adj).is_empty());
    let b = &room.round_view(0, 1, round_boards(&t, 0, 1, 1_000 + 300_000))[0];
    assert_eq!(b.moves, ["e4"]);
    let p = b.proposed_result.as_ref().unwrap();
    assert_eq!(p.by, ProposedBy::Adjudication);
    assert_eq!(
        p.fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    // A board recorded meanwhile shows no proposal and no countdown, and its play-out is
    // no longer over for the room.
    t.record_result(1, GameRef::Board(1), BoardResult::Draw, false)
        .unwrap();
    assert_eq!(at(&t, 1_000 + 400_000), vec![k(2)]);
    let b = &room.round_view(0, 1, round_boards(&t, 0, 1, 0))[0];
    assert_eq!(
        (b.proposed_result.clone(), b.playout_remaining_s),
        (None, None)
    );
}

#[test]
fn a_playout_is_its_groups_and_adjudicates_that_groups_board_only() {
    // The second group's round 1, S1 on its board 1; its play-out started.
    let (mut room, mut t) = followed_in(1);
    t.start_playout(1, 1, None, 300, 1_000).unwrap();
    let adj = Adjudicator::new(crate::game::preset::Preset::default().adjudication()).unwrap();
    let over = 1_000 + 300_000;
    // Read as the first group's, nothing is over: the play-outs are the second group's.
    assert!(playouts_over(&t, 0, over).is_empty());
    let first = room.round_view(0, 1, round_boards(&t, 0, 1, over));
    assert_eq!(first[0].playout_remaining_s, None);
    assert_eq!(first[0].serialnr, None);
    let due = playouts_over(&t, 1, over);
    assert_eq!(due, [BoardKey::new(1, 1, 1), BoardKey::new(1, 1, 2)]);
    assert_eq!(room.expire(&due, &adj), [BoardKey::new(1, 1, 1)]);
    // The adjudication is the second group's board 1's, not the first group's board 1's.
    let second = &room.round_view(1, 1, round_boards(&t, 1, 1, over))[0];
    assert_eq!(second.moves, ["e4"]);
    assert_eq!(
        second.proposed_result.as_ref().map(|p| p.by),
        Some(ProposedBy::Adjudication)
    );
    let first = &room.round_view(0, 1, round_boards(&t, 0, 1, over))[0];
    assert_eq!(
        (first.moves.len(), first.proposed_result.clone()),
        (0, None)
    );
    assert!(room.adjudication(BoardKey::new(0, 1, 1)).is_none());
    assert!(room.adjudication(BoardKey::new(1, 1, 1)).is_some());
}

#[test]
fn a_link_back_is_kept_as_no_decision_and_a_settled_gap_as_settled() {
    let (mut room, _) = followed();
    let drop = LinkEvent::Disconnected {
        t_ms: 5_000,
        reason: "Broken pipe".into(),
        attempt: 1,
        attempts: u32::MAX,
        retry_in: Duration::from_millis(500),
        retry_max: Duration::from_secs(5),
    };
    room.push("S1", &drop, 5_000);
    let back = LinkEvent::Connected {
        board: crate::board::link::BoardId {
            serial: Some("S1".into()),
            version: None,
            source: "ws://x".into(),
        },
        reconnected: true,
    };
    room.push("S1", &back, 6_000);
    let unsaved = room.unsaved();
    assert_eq!(unsaved.len(), 1, "{unsaved:?}");
    assert!(unsaved[0].incident.link_back);
    // The link's return is not the arbiter's notice (CR 3.4 is about illegal acts).
    let kept = record_of(&unsaved[0], 7_000);
    assert_eq!(kept.kind, LiveIncidentKind::Disconnected);
    assert_eq!(kept.decision, None);
    // Its reason on a Russian page is Russian (the link's own text is the system's English),
    // in the record's line and in the room's incident alike; English keeps the system's text.
    let ru = super::pages::record_text(&kept, crate::i18n::Lang::Ru);
    assert!(
        ru.contains("связь с доской потеряна (связь оборвалась)"),
        "{ru}"
    );
    assert!(!ru.contains("Broken pipe"), "{ru}");
    let shown = unsaved[0].incident.note().text(crate::i18n::Lang::Ru);
    assert!(shown.contains("(связь оборвалась)"), "{shown}");
    assert!(!shown.chars().any(|c| c.is_ascii_alphabetic()), "{shown}");
    let en = super::pages::record_text(&kept, crate::i18n::Lang::En);
    assert!(en.contains("Broken pipe"), "{en}");
    // A gap the arbiter settled is kept with his decision, as settled.
    let mut gap = unsaved[0].clone();
    gap.incident.kind = crate::board::room::IncidentKind::BoardGap;
    gap.incident.settled = true;
    let kept = record_of(&gap, 8_000);
    assert_eq!(kept.kind, LiveIncidentKind::BoardGap);
    assert_eq!(kept.decision.map(|d| d.act), Some(LiveAct::Settled));
}

/// The room's play-out flag (which keeps the ticker reading the event every second) is raised
/// by a group's running play-out only: a finished play-out of one group, or one group's
/// play-out seen from another group's page, never holds it up for ever.
#[test]
fn a_groups_playout_keeps_the_ticker_only_while_it_runs() {
    let (_, mut t) = followed_in(0);
    t.start_playout(0, 1, None, 300, 1_000).unwrap();
    let app = App::new(crate::web::ServeConfig {
        state: std::path::PathBuf::from("/nonexistent/live-test.arbiter"),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: crate::i18n::Lang::Ru,
        preset: None,
        token: None,
        allowed_hosts: Vec::new(),
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    });
    let flag = || app.live.playouts.load(Ordering::SeqCst);
    // (A desk starts with it up, so that its first tick looks at the record: as cleared.)
    app.live.playouts.store(false, Ordering::SeqCst);
    // Group 1 has no play-out of its own: nothing runs there, the flag stays down.
    assert!(!app.live_sync(&t, 1));
    assert!(!flag());
    // Group 0's runs while its boards have no result.
    assert!(app.live_sync(&t, 0));
    assert!(flag());
    for b in [1, 2] {
        t.record_result(
            1,
            GameRef::Board(b),
            crate::tournament::BoardResult::Draw,
            false,
        )
        .unwrap();
    }
    assert!(!app.live_sync(&t, 0));
    assert!(!app.live_sync(&t, 1));
}
