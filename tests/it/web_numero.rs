//! «Школа № 12» never breaks after «№» on the printed sheets: the team result, the report's
//! team section and the team diplomas write a no-break space between «№» and the number
//! (U+00A0), while the stored school name keeps its ordinary space.

use arbiter::i18n::Lang;
use arbiter::tournament::standings::Preset;
use arbiter::tournament::store;
use arbiter::web::{App, ServeConfig, router};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt as _;

async fn page(state: &std::path::Path, path: &str) -> String {
    let cfg = ServeConfig {
        state: state.to_path_buf(),
        addr: "127.0.0.1:0".parse().unwrap(),
        lang: Lang::Ru,
        preset: Some(Preset::DetskyMat),
        token: None,
        allowed_hosts: Vec::new(),
        limits: Default::default(),
        public: None,
        public_url: None,
        broadcast: None,
    };
    let res = router(App::new(cfg))
        .oneshot(
            Request::get(path)
                .header("host", "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[tokio::test]
async fn school_numbers_stay_with_their_sign() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/school-event-23.json");
    let t = store::load(&fixture).unwrap();
    let state = dir.path().join("ev.json");
    store::save(&t, &state).unwrap();
    for path in ["/team?lang=ru", "/report?lang=ru", "/team/diplomas?lang=ru"] {
        let html = page(&state, path).await;
        assert!(html.contains("Школ"), "{path}: {html}");
        assert!(
            html.contains("№\u{a0}12") && html.contains("№\u{a0}5"),
            "{path}: the schools with a no-break space"
        );
        assert!(
            !html.contains("№ 12") && !html.contains("№ 5"),
            "{path}: a school broken after «№»"
        );
    }
    // The stored names are as the arbiter typed them.
    let kept = store::load(&state).unwrap();
    assert!(
        kept.players
            .iter()
            .any(|p| p.club.as_deref() == Some("Школа № 12"))
    );
}
