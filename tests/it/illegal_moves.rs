//! Illegal-move classification (`arbiter::laws::illegal`, Laws Art. 3.1–3.9, 7.5.2, CR 3.1):
//! one hand-checked position per kind, the rules-vector cases about illegal moves, a seeded
//! property test over random games, and a replay of real over-the-board games.

use std::{collections::HashMap, fs::File, ops::ControlFlow};

use arbiter::laws::illegal::{IllegalMove, PhysicalMove, classify};
use pgn_reader::{Reader, SanPlus, Visitor};
use proptest::{
    prelude::*,
    sample::Index,
    test_runner::{Config, RngSeed},
};
use shakmaty::{
    CastlingMode, Chess, Move, Position, Role, Square, fen::Fen, san::San, uci::UciMove,
};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("illegal test FEN {fen}: {e}"))
}

/// Plays SAN moves from a FEN (legal by construction: shakmaty refuses anything else).
fn after(fen: &str, sans: &[&str]) -> Chess {
    let mut pos = position(fen);
    for san in sans {
        let m = san
            .parse::<San>()
            .unwrap_or_else(|e| panic!("bad SAN {san}: {e}"))
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("illegal SAN {san} in test setup: {e}"));
        pos.play_unchecked(m);
    }
    pos
}

fn act(uci: &str) -> PhysicalMove {
    PhysicalMove::from_uci(uci).unwrap_or_else(|e| panic!("bad UCI {uci}: {e}"))
}

/// Asserts that `uci` in `pos` is illegal of `kind`, citing `article` (e.g. "Laws 3.5").
fn assert_kind(pos: &Chess, uci: &str, kind: IllegalMove, article: &str) {
    let got = classify(pos, &act(uci));
    assert_eq!(
        got,
        Err(kind),
        "{uci} in {}",
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
    );
    assert_eq!(kind.article().to_string(), article, "article of {kind:?}");
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn no_piece_on_the_from_square() {
    assert_kind(
        &Chess::default(),
        "e4e5",
        IllegalMove::NoSuchMove,
        "Laws 3.10.2",
    );
    // Lifting a piece and putting it back is no move at all.
    assert_kind(
        &Chess::default(),
        "g1g1",
        IllegalMove::NoSuchMove,
        "Laws 3.10.2",
    );
}

#[test]
fn every_act_in_a_few_positions_is_answered() {
    for fen in [START, STARTS[1], STARTS[3]] {
        let pos = position(fen);
        let mut answered = 0;
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in std::iter::once(None).chain(Role::ALL.map(Some)) {
                    let got = classify(
                        &pos,
                        &PhysicalMove {
                            from,
                            to,
                            promotion,
                        },
                    );
                    let expect_none = pos.board().piece_at(from).is_none() || from == to;
                    assert_eq!(
                        got == Err(IllegalMove::NoSuchMove),
                        expect_none,
                        "{fen} {from}{to}"
                    );
                    answered += 1;
                }
            }
        }
        assert_eq!(answered, 64 * 64 * 7);
    }
}

#[test]
fn black_moving_first_is_out_of_turn() {
    assert_kind(&Chess::default(), "e7e5", IllegalMove::OutOfTurn, "CR 3.1");
    // White moving twice in a row.
    let pos = after(START, &["e4"]);
    assert_kind(&pos, "d2d4", IllegalMove::OutOfTurn, "CR 3.1");
}

#[test]
fn captures_own_piece() {
    assert_kind(
        &Chess::default(),
        "d1d2",
        IllegalMove::CapturesOwnPiece,
        "Laws 3.1",
    );
    assert_kind(
        &Chess::default(),
        "b1d2",
        IllegalMove::CapturesOwnPiece,
        "Laws 3.1",
    );
    // A king that has left e1 going onto its rook is not castling.
    let pos = position("4k3/8/8/8/8/8/8/6KR w - - 0 1");
    assert_kind(&pos, "g1h1", IllegalMove::CapturesOwnPiece, "Laws 3.1");
}

#[test]
fn movement_patterns() {
    let pos = position("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_kind(&pos, "c1c3", IllegalMove::BishopMovement, "Laws 3.2");
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_kind(&pos, "a1b2", IllegalMove::RookMovement, "Laws 3.3");
    let pos = position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_kind(&pos, "d1e3", IllegalMove::QueenMovement, "Laws 3.4");
    assert_kind(
        &Chess::default(),
        "g1g3",
        IllegalMove::KnightMovement,
        "Laws 3.6",
    );
    let pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_kind(&pos, "e1e3", IllegalMove::KingMovement, "Laws 3.8.1");
    assert_kind(&pos, "e1a1", IllegalMove::KingMovement, "Laws 3.8.1");
}

#[test]
fn slider_passes_over_a_piece() {
    assert_kind(
        &Chess::default(),
        "f1c4",
        IllegalMove::PassesOverPiece,
        "Laws 3.5",
    );
    assert_kind(
        &Chess::default(),
        "a1a3",
        IllegalMove::PassesOverPiece,
        "Laws 3.5",
    );
    // Over an enemy piece onto another one.
    let pos = position("4k3/8/8/8/p7/n7/8/R3K3 w - - 0 1");
    assert_kind(&pos, "a1a4", IllegalMove::PassesOverPiece, "Laws 3.5");
}

#[test]
fn pawn_rules() {
    let pos = after(START, &["e4", "e5"]);
    assert_kind(
        &pos,
        "e4e5",
        IllegalMove::PawnForwardOntoPiece,
        "Laws 3.7.1",
    );
    assert_kind(&pos, "e4e3", IllegalMove::PawnMovement, "Laws 3.7.1");
    assert_kind(&pos, "e4f4", IllegalMove::PawnMovement, "Laws 3.7.1");
    assert_kind(&pos, "a2a5", IllegalMove::PawnMovement, "Laws 3.7.1");
    assert_kind(
        &pos,
        "e4e6",
        IllegalMove::PawnDoubleStepNotFromStart,
        "Laws 3.7.2",
    );
    assert_kind(
        &pos,
        "d2c3",
        IllegalMove::PawnDiagonalToEmptySquare,
        "Laws 3.7.3",
    );
    let pos = position("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e3e5",
        IllegalMove::PawnDoubleStepNotFromStart,
        "Laws 3.7.2",
    );
    // Over a piece, and onto a piece.
    let pos = position("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e2e4",
        IllegalMove::PawnDoubleStepBlocked,
        "Laws 3.7.2",
    );
    let pos = position("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e2e4",
        IllegalMove::PawnDoubleStepBlocked,
        "Laws 3.7.2",
    );
    // Black's pawns go down the board.
    let pos = after(START, &["e4"]);
    assert_kind(&pos, "d7d8", IllegalMove::CapturesOwnPiece, "Laws 3.1");
    assert_kind(&pos, "d7d4", IllegalMove::PawnMovement, "Laws 3.7.1");
    assert_kind(
        &pos,
        "d7e6",
        IllegalMove::PawnDiagonalToEmptySquare,
        "Laws 3.7.3",
    );
}

#[test]
fn en_passant_only_immediately_after_the_double_step() {
    let pos = after(START, &["e4", "a6", "e5", "d5"]);
    assert!(matches!(
        classify(&pos, &act("e5d6")),
        Ok(Move::EnPassant { .. })
    ));
    let later = after(START, &["e4", "a6", "e5", "d5", "Nf3", "Nc6"]);
    assert_kind(
        &later,
        "e5d6",
        IllegalMove::EnPassantNotAvailable,
        "Laws 3.7.3.2",
    );
    // The pawn beside came by single steps: never capturable en passant.
    let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e5d6",
        IllegalMove::EnPassantNotAvailable,
        "Laws 3.7.3.2",
    );
    // No enemy pawn beside: a plain diagonal to an empty square.
    assert_kind(
        &pos,
        "e5f6",
        IllegalMove::PawnDiagonalToEmptySquare,
        "Laws 3.7.3",
    );
}

#[test]
fn promotion_missing_or_invalid() {
    let pos = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_kind(&pos, "a7a8", IllegalMove::MissingPromotion, "Laws 3.7.3.3");
    assert_kind(&pos, "a7b8", IllegalMove::MissingPromotion, "Laws 3.7.3.3");
    assert_kind(&pos, "a7a8k", IllegalMove::InvalidPromotion, "Laws 3.7.3.3");
    assert_kind(&pos, "a7a8p", IllegalMove::InvalidPromotion, "Laws 3.7.3.3");
    assert_kind(&pos, "e1e2q", IllegalMove::InvalidPromotion, "Laws 3.7.3.3");
    assert!(matches!(
        classify(&pos, &act("a7b8n")),
        Ok(Move::Normal {
            promotion: Some(Role::Knight),
            capture: Some(Role::Knight),
            ..
        })
    ));
    // A promotion piece on a move that does not reach the last rank.
    assert_kind(
        &Chess::default(),
        "e2e4q",
        IllegalMove::InvalidPromotion,
        "Laws 3.7.3.3",
    );
    // Black promotes on the first rank.
    let pos = position("4k3/8/8/8/8/8/7p/4K3 b - - 0 1");
    assert_kind(&pos, "h2h1", IllegalMove::MissingPromotion, "Laws 3.7.3.3");
    assert!(classify(&pos, &act("h2h1q")).is_ok());
}

#[test]
fn castling_right_lost() {
    // The king went d1 and back: both rights gone, the king has moved (3.8.2.1 item 1).
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let pos = after(fen, &["Kd1", "Kd8", "Ke1", "Ke8"]);
    assert_kind(&pos, "e1g1", IllegalMove::CastlingKingMoved, "Laws 3.8.2.1");
    assert_kind(&pos, "e1c1", IllegalMove::CastlingKingMoved, "Laws 3.8.2.1");
    // The h1 rook went g1 and back (item 2); the queen side is still fine.
    let pos = after(fen, &["Rg1", "Rg8", "Rh1", "Rh8"]);
    assert_kind(&pos, "e1g1", IllegalMove::CastlingRookMoved, "Laws 3.8.2.1");
    assert_kind(&pos, "e1h1", IllegalMove::CastlingRookMoved, "Laws 3.8.2.1");
    assert!(matches!(
        classify(&pos, &act("e1c1")),
        Ok(Move::Castle { .. })
    ));
    // The h8 rook was captured: Black's king side right is gone with it.
    let pos = position("r3k2r/8/8/8/8/8/8/R3K2R b KQq - 0 1");
    assert_kind(&pos, "e8g8", IllegalMove::CastlingRookMoved, "Laws 3.8.2.1");
}

#[test]
fn castling_temporarily_prevented() {
    // Pieces between: the king side in the initial position, and b1 alone on the queen side.
    assert_kind(
        &Chess::default(),
        "e1g1",
        IllegalMove::CastlingPiecesBetween,
        "Laws 3.8.2.2",
    );
    let pos = position("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_kind(
        &pos,
        "e1c1",
        IllegalMove::CastlingPiecesBetween,
        "Laws 3.8.2.2",
    );
    assert_kind(
        &pos,
        "e1a1",
        IllegalMove::CastlingPiecesBetween,
        "Laws 3.8.2.2",
    );
    assert!(matches!(
        classify(&pos, &act("e1h1")),
        Ok(Move::Castle { .. })
    ));
    // In check from e7.
    let pos = position("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_kind(
        &pos,
        "e1g1",
        IllegalMove::CastlingOutOfCheck,
        "Laws 3.8.2.2",
    );
    // f1 (crossed) attacked from f7.
    let pos = position("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_kind(
        &pos,
        "e1g1",
        IllegalMove::CastlingThroughAttackedSquare,
        "Laws 3.8.2.2",
    );
    assert!(classify(&pos, &act("e1c1")).is_ok());
    // g1 (landing) attacked from g7.
    let pos = position("4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_kind(&pos, "e1g1", IllegalMove::CastlingIntoCheck, "Laws 3.8.2.2");
    assert_kind(&pos, "e1h1", IllegalMove::CastlingIntoCheck, "Laws 3.8.2.2");
    // Black: c8 (landing) attacked by the bishop on f5.
    let pos = position("r3k3/8/8/5B2/8/8/8/4K3 b q - 0 1");
    assert_kind(&pos, "e8c8", IllegalMove::CastlingIntoCheck, "Laws 3.8.2.2");
}

#[test]
fn king_onto_an_attacked_square() {
    let pos = position("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e1e2",
        IllegalMove::KingOntoAttackedSquare,
        "Laws 3.9.2",
    );
    assert_kind(
        &pos,
        "e1d2",
        IllegalMove::KingOntoAttackedSquare,
        "Laws 3.9.2",
    );
    // Stepping back along the checking ray: f1 is attacked once the king has left e1.
    let pos = position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_kind(
        &pos,
        "e1f1",
        IllegalMove::KingOntoAttackedSquare,
        "Laws 3.9.2",
    );
    // Next to the enemy king.
    let pos = position("8/8/8/8/8/4k3/8/4K3 w - - 0 1");
    assert_kind(
        &pos,
        "e1e2",
        IllegalMove::KingOntoAttackedSquare,
        "Laws 3.9.2",
    );
}

#[test]
fn leaving_the_king_in_check() {
    let pos = position("4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1");
    assert_kind(&pos, "a2a3", IllegalMove::LeavesKingInCheck, "Laws 3.9.2");
    // Double check: capturing one checker leaves the other.
    let pos = position("4r1k1/8/8/8/8/3n4/2B5/4K3 w - - 0 1");
    assert_kind(&pos, "c2d3", IllegalMove::LeavesKingInCheck, "Laws 3.9.2");
}

#[test]
fn exposing_the_king() {
    // The knight on e2 is pinned by the rook on e7.
    let pos = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_kind(&pos, "e2c3", IllegalMove::ExposesKingToCheck, "Laws 3.9.2");
    // In check from e8; the bishop blocks it on e3 but was pinned by a5: the old check is
    // resolved and a new one opened, so the move exposes the king.
    let pos = position("4r1k1/8/8/b7/8/8/3B4/4K3 w - - 0 1");
    assert_kind(&pos, "d2e3", IllegalMove::ExposesKingToCheck, "Laws 3.9.2");
}

/// One line of `../shared/vectors/rules/cases.jsonl`, by id.
fn rules_case(id: &str) -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/vectors/rules/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("case {id} not in {path}"))
}

fn check_rules_case(id: &str) {
    let case = rules_case(id);
    assert_eq!(case["notation"], "uci", "{id}");
    let pos = position(case["fen"].as_str().expect("fen"));
    let moves = case["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1, "{id}: one move expected");
    let got = classify(&pos, &act(moves[0].as_str().expect("uci")));
    match case["expect"]["illegal_at"].as_u64() {
        None => assert!(got.is_ok(), "{id}: expected legal, got {got:?}"),
        Some(0) => {
            let article = case["expect"]["article"].as_str().expect("article");
            let kind = got.expect_err(id);
            assert!(
                kind.article().matches(article),
                "{id}: {kind:?} ({}) is not {article}",
                kind.article()
            );
        }
        Some(n) => panic!("{id}: illegal_at {n} with one move"),
    }
}

#[test]
#[ignore = "needs ../shared"]
fn rules_vector_castle_through_check() {
    check_rules_case("illegal-castle-through-check-chessbot65");
    let pos = position("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        classify(&pos, &act("e1c1")),
        Err(IllegalMove::CastlingThroughAttackedSquare)
    );
}

#[test]
#[ignore = "needs ../shared"]
fn rules_vector_en_passant_horizontal_pin() {
    check_rules_case("illegal-ep-horizontal-pin-pc70");
    let pos = position("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
    assert_eq!(
        classify(&pos, &act("d5e6")),
        Err(IllegalMove::ExposesKingToCheck)
    );
}

#[test]
#[ignore = "needs ../shared"]
fn rules_vector_rook_may_cross_attacked_b1() {
    check_rules_case("legal-castle-rook-crosses-attacked-b1");
    let pos = position("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(matches!(
        classify(&pos, &act("e1a1")),
        Ok(Move::Castle { .. })
    ));
}

#[test]
fn codes_and_articles_are_stable() {
    assert_eq!(IllegalMove::CapturesOwnPiece.code(), "captures_own_piece");
    assert_eq!(
        IllegalMove::EnPassantNotAvailable.code(),
        "en_passant_not_available"
    );
    assert_eq!(IllegalMove::OutOfTurn.code(), "out_of_turn");
    assert_eq!(
        IllegalMove::ExposesKingToCheck.article().to_string(),
        "Laws 3.9.2"
    );
    assert_eq!(
        IllegalMove::CastlingRookMoved.article().to_string(),
        "Laws 3.8.2.1"
    );
}

// ---------------------------------------------------------------------------------------------
// Property: the classifier explains every act with an own piece, and round-trips legal moves.

/// Fixed seed for the random games; printed with every failure.
const SEED: u64 = 0x1a_5eed_2026;

/// Starting points with castling, en passant and promotion potential.
const STARTS: &[&str] = &[
    START,
    // Kiwipete (castling both ways, pins, ep after a double step).
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Perft position 3: ep captures that expose a rank check.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Pawns one step from promotion on both sides.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Black may capture en passant at once.
    "rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R b KQkq e3 0 3",
    // Both sides ready to castle, open lines towards the kings.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
];

/// Every physical form of every legal move: UCI, plus king-onto-rook for castling.
fn legal_forms(pos: &Chess) -> HashMap<PhysicalMove, Move> {
    let mut forms = HashMap::new();
    let standard = pos.castles().mode() == CastlingMode::Standard;
    for m in pos.legal_moves() {
        if let Some(p) = PhysicalMove::from_move(&m).filter(|_| standard || !m.is_castle()) {
            forms.insert(p, m);
        }
        if let UciMove::Normal {
            from,
            to,
            promotion,
        } = UciMove::from_move(m, CastlingMode::Chess960)
        {
            forms.insert(
                PhysicalMove {
                    from,
                    to,
                    promotion,
                },
                m,
            );
        }
    }
    forms
}

/// Checks every act with a piece of the side to move in `pos`; returns the first failure.
fn check_all_acts(pos: &Chess) -> Result<usize, String> {
    let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string();
    let forms = legal_forms(pos);
    let mut checked = 0;
    for from in Square::ALL {
        let Some(piece) = pos.board().piece_at(from) else {
            let got = classify(
                pos,
                &PhysicalMove {
                    from,
                    to: Square::E4,
                    promotion: None,
                },
            );
            if got != Err(IllegalMove::NoSuchMove) {
                return Err(format!("seed {SEED:#x}: {fen}: empty {from} gave {got:?}"));
            }
            continue;
        };
        for to in Square::ALL {
            if to == from {
                continue;
            }
            let promotions: Vec<Option<Role>> = if piece.role == Role::Pawn {
                std::iter::once(None).chain(Role::ALL.map(Some)).collect()
            } else {
                vec![None, Some(Role::Queen)]
            };
            for promotion in promotions {
                let mv = PhysicalMove {
                    from,
                    to,
                    promotion,
                };
                let got = classify(pos, &mv);
                checked += 1;
                if piece.color != pos.turn() {
                    if got != Err(IllegalMove::OutOfTurn) {
                        return Err(format!(
                            "seed {SEED:#x}: {fen}: {mv} by the side not on move gave {got:?}"
                        ));
                    }
                    continue;
                }
                match (forms.get(&mv), got) {
                    (Some(legal), Ok(m)) if *legal == m => {}
                    (None, Err(kind))
                        if kind != IllegalMove::NoSuchMove
                            && fits(piece.role, kind)
                            && fits_check(pos.is_check(), kind) => {}
                    (expected, got) => {
                        return Err(format!(
                            "seed {SEED:#x}: {fen}: {mv} ({:?}) expected {expected:?}, got {got:?}",
                            piece.role
                        ));
                    }
                }
            }
        }
    }
    Ok(checked)
}

/// "Leaves in check" and "castling out of check" need a check before the move.
fn fits_check(in_check: bool, kind: IllegalMove) -> bool {
    in_check
        || !matches!(
            kind,
            IllegalMove::LeavesKingInCheck | IllegalMove::CastlingOutOfCheck
        )
}

/// A kind names the rule of the piece that moved.
fn fits(role: Role, kind: IllegalMove) -> bool {
    use IllegalMove::*;
    match kind {
        BishopMovement => role == Role::Bishop,
        RookMovement => role == Role::Rook,
        QueenMovement => role == Role::Queen,
        KnightMovement => role == Role::Knight,
        PassesOverPiece => matches!(role, Role::Bishop | Role::Rook | Role::Queen),
        PawnForwardOntoPiece
        | PawnMovement
        | PawnDoubleStepNotFromStart
        | PawnDoubleStepBlocked
        | PawnDiagonalToEmptySquare
        | EnPassantNotAvailable
        | MissingPromotion => role == Role::Pawn,
        KingMovement
        | KingOntoAttackedSquare
        | CastlingKingMoved
        | CastlingRookMoved
        | CastlingOutOfCheck
        | CastlingThroughAttackedSquare
        | CastlingIntoCheck
        | CastlingPiecesBetween => role == Role::King,
        LeavesKingInCheck | ExposesKingToCheck => role != Role::King,
        CapturesOwnPiece | InvalidPromotion => true,
        _ => false,
    }
}

/// Chess960 starting points (Shredder-FEN castling rights), for the king-onto-rook form.
const STARTS_960: &[&str] = &[
    // Chess960 perft suite, position 1.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // King on b1 castling queen side moves away from its rook.
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    // King on f1 castling king side lands on its rook's square.
    "1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1",
];

fn start_position(i: usize) -> Chess {
    match STARTS.get(i) {
        Some(fen) => position(fen),
        None => {
            let fen = STARTS_960[(i - STARTS.len()) % STARTS_960.len()];
            fen.parse::<Fen>()
                .unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
                .into_position(CastlingMode::Chess960)
                .unwrap_or_else(|e| panic!("illegal test FEN {fen}: {e}"))
        }
    }
}

proptest! {
    #![proptest_config(Config {
        cases: 96,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        ..Config::default()
    })]

    #[test]
    fn classifier_explains_every_act(start in 0..STARTS.len() + STARTS_960.len(), picks in prop::collection::vec(any::<Index>(), 0..80)) {
        let mut pos = start_position(start);
        check_all_acts(&pos).map_err(TestCaseError::fail)?;
        for pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(*pick.get(&moves));
            check_all_acts(&pos).map_err(TestCaseError::fail)?;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Real games: every mainline move of the TWIC 1599 games classifies as legal.

/// All games of the file (it replays in well under a second).
const GAMES: usize = 1110;

struct Replay {
    games: usize,
    moves: usize,
    failures: Vec<String>,
}

impl Visitor for Replay {
    type Tags = ();
    type Movetext = (Chess, usize);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), (Chess, usize)> {
        ControlFlow::Continue((Chess::default(), 0))
    }

    fn san(&mut self, (pos, ply): &mut (Chess, usize), san_plus: SanPlus) -> ControlFlow<()> {
        *ply += 1;
        let m = match san_plus.san.to_move(pos) {
            Ok(m) => m,
            Err(e) => {
                self.failures
                    .push(format!("game {} ply {ply}: {san_plus}: {e}", self.games));
                return ControlFlow::Break(());
            }
        };
        let mut forms = vec![PhysicalMove::from_move(&m)];
        if let UciMove::Normal {
            from,
            to,
            promotion,
        } = UciMove::from_move(m, CastlingMode::Chess960)
        {
            forms.push(Some(PhysicalMove {
                from,
                to,
                promotion,
            }));
        }
        for form in forms.into_iter().flatten() {
            let got = classify(pos, &form);
            if got.as_ref() != Ok(&m) {
                self.failures.push(format!(
                    "game {} ply {ply}: {san_plus} as {form}: {got:?}",
                    self.games
                ));
            }
        }
        self.moves += 1;
        pos.play_unchecked(m);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: (Chess, usize)) {}
}

#[test]
#[ignore = "needs ../shared"]
fn real_games_classify_as_legal() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/pgn/twic1599_otb.pgn"
    );
    let file = File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reader = Reader::new(file);
    let mut replay = Replay {
        games: 0,
        moves: 0,
        failures: Vec::new(),
    };
    while replay.games < GAMES {
        match reader.read_game(&mut replay) {
            Ok(Some(())) => {}
            Ok(None) => break,
            Err(e) => panic!("{path}: {e}"),
        }
    }
    println!(
        "{} games, {} moves replayed, {} failures",
        replay.games,
        replay.moves,
        replay.failures.len()
    );
    assert_eq!(replay.games, GAMES, "games in twic1599_otb.pgn");
    assert_eq!(replay.moves, 101_487, "mainline plies in twic1599_otb.pgn");
    assert!(replay.moves > 20 * GAMES, "only {} moves", replay.moves);
    assert!(replay.failures.is_empty(), "{}", replay.failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// The fixture table `fixtures/judge/illegal/README.md`: one row per kind, each classified.

/// Every kind `classify` can return (the board-diff kinds come from the e-board reader).
const CLASSIFY_KINDS: &[IllegalMove] = &[
    IllegalMove::NoSuchMove,
    IllegalMove::OutOfTurn,
    IllegalMove::CapturesOwnPiece,
    IllegalMove::BishopMovement,
    IllegalMove::RookMovement,
    IllegalMove::QueenMovement,
    IllegalMove::PassesOverPiece,
    IllegalMove::KnightMovement,
    IllegalMove::PawnForwardOntoPiece,
    IllegalMove::PawnMovement,
    IllegalMove::PawnDoubleStepNotFromStart,
    IllegalMove::PawnDoubleStepBlocked,
    IllegalMove::PawnDiagonalToEmptySquare,
    IllegalMove::EnPassantNotAvailable,
    IllegalMove::MissingPromotion,
    IllegalMove::InvalidPromotion,
    IllegalMove::KingMovement,
    IllegalMove::CastlingKingMoved,
    IllegalMove::CastlingRookMoved,
    IllegalMove::CastlingOutOfCheck,
    IllegalMove::CastlingThroughAttackedSquare,
    IllegalMove::CastlingIntoCheck,
    IllegalMove::CastlingPiecesBetween,
    IllegalMove::KingOntoAttackedSquare,
    IllegalMove::LeavesKingInCheck,
    IllegalMove::ExposesKingToCheck,
];

#[test]
fn fixture_table_matches_classifier() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/judge/illegal/README.md"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut seen = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    for (line_no, line) in text.lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| kind | article | fen | uci | why |` splits into 7 cells, the outer two empty.
        let [_, code, article, fen, uci, _why, _] = cells.as_slice() else {
            continue;
        };
        if *code == "kind" || code.starts_with("---") {
            continue;
        }
        let kind: IllegalMove = serde_json::from_value(serde_json::Value::from(*code))
            .unwrap_or_else(|e| panic!("{path}:{}: unknown kind {code}: {e}", line_no + 1));
        let got = classify(&position(fen), &act(uci));
        if got == Err(kind) && kind.article().to_string() == *article {
            passed += 1;
        } else {
            failed += 1;
            println!(
                "{path}:{}: {code} ({article}) {fen} {uci}: got {got:?}",
                line_no + 1
            );
        }
        seen.push(kind);
    }
    println!("{passed} passed, {failed} failed");
    assert_eq!(failed, 0);
    // The rows whose "why" tells a game: the FEN is the position after those moves.
    for (sans, fen) in [
        (
            &["e4", "a6", "e5", "d5", "Nf3", "Nc6"][..],
            "r1bqkbnr/1pp1pppp/p1n5/3pP3/8/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 4",
        ),
        (
            &["e4", "e5"][..],
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
    ] {
        let played = Fen::from_position(&after(START, sans), shakmaty::EnPassantMode::Legal);
        assert_eq!(played.to_string(), fen, "{sans:?}");
    }
    let castling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (sans, fen) in [
        (
            ["Kd1", "Kd8", "Ke1", "Ke8"],
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 4 3",
        ),
        (
            ["Rg1", "Rg8", "Rh1", "Rh8"],
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qq - 4 3",
        ),
    ] {
        let played = Fen::from_position(&after(castling, &sans), shakmaty::EnPassantMode::Legal);
        assert_eq!(played.to_string(), fen, "{sans:?}");
    }
    for kind in CLASSIFY_KINDS {
        assert_eq!(
            seen.iter().filter(|k| *k == kind).count(),
            1,
            "{kind:?} needs exactly one row"
        );
    }
    assert_eq!(seen.len(), CLASSIFY_KINDS.len());
}

#[test]
fn chess960_castling_is_king_onto_rook() {
    let pos960 = |fen: &str| {
        fen.parse::<Fen>()
            .unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
            .into_position::<Chess>(CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("illegal test FEN {fen}: {e}"))
    };
    // The b1 rook shields c1 from a1 until it castles to d1: c1 is then attacked.
    let pos = pos960("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1");
    assert_kind(&pos, "d1b1", IllegalMove::CastlingIntoCheck, "Laws 3.8.2.2");
    // King b1 castles queen side onto a1 (lands on c1); b1c1 stays an ordinary king step.
    let pos = pos960("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
    assert!(matches!(
        classify(&pos, &act("b1a1")),
        Ok(Move::Castle { .. })
    ));
    assert!(matches!(
        classify(&pos, &act("b1c1")),
        Ok(Move::Normal { .. })
    ));
}
