//! Pawn-ending knowledge of play-out adjudication (CR 4.3–4.5): positions with only kings
//! and pawns (and K+B+rook pawn v K), judged by the rules an arbiter knows rather than by a
//! material threshold. Each judgement names its [`PawnRule`].
//!
//! - **K+P v K** is decided exactly by a table built by retrograde analysis (`kpk.rs`); the rule named is
//!   the one that explains the result: the rule of the square, the key squares (with the
//!   opposition), the defender in front of the pawn, the rook pawn, or the defender taking the
//!   pawn.
//! - **K+pawns v K**: a pawn that wins on its own (K+P v K without the others), connected or
//!   protected passed pawns win; two pawns of which the defender takes one and draws are drawn;
//!   rook pawns on one file with the defender ahead of them are drawn. Otherwise the arbiter's
//!   call, recommended a win.
//! - **pawns on both sides**: a pawn race (a passed pawn outside the defending king's square
//!   that promotes at least a move before any enemy pawn reaches its seventh rank) wins; an
//!   outside passed pawn or an extra passed pawn is the arbiter's call, recommended a win.
//! - **K+B+rook pawn(s) v K** with the wrong-coloured bishop and the defending king ahead of
//!   the pawns on their file or next to the corner: drawn.
//!
//! Source: standard endgame theory (Dvoretsky's Endgame Manual, ch. 1; Averbakh).

use super::patterns::relative_rank;
use crate::laws::serde_color::name as side;
use serde::Serialize;
use shakmaty::{Bitboard, Board, Chess, Color, File, KnownOutcome, Position, Rank, Square};

use super::{kpk, small_pawns};
use crate::i18n::{Lang, Note};

/// The pawn-ending rule that decided (JSON `pawn_rule`, snake_case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PawnRule {
    /// A passed pawn the defending king cannot catch (outside its square).
    RuleOfTheSquare,
    /// K+P v K won: the attacking king reaches a key square of the pawn (by the opposition).
    KeySquares,
    /// K+P v K drawn: the defender keeps the opposition in front of the pawn's key squares.
    Opposition,
    /// K+P v K drawn: the defending king stands in front of the pawn.
    KingInFrontOfPawn,
    /// A rook pawn: the defending king reaches the corner in front of it.
    RookPawn,
    /// K+B+rook pawn v K: the bishop does not control the promotion square, the defender holds
    /// the corner.
    WrongBishopRookPawn,
    /// The defending king takes the (last winning) pawn.
    DefenderWinsPawn,
    /// Two connected passed pawns against a lone king.
    ConnectedPassedPawns,
    /// A passed pawn protected by a pawn against a lone king.
    ProtectedPassedPawn,
    /// Several pawns against a lone king, no single rule decisive.
    PawnsAgainstKing,
    /// Passed pawns on both sides: the first to promote wins.
    PawnRace,
    /// A passed pawn far from the other pawns, which decoys the defending king.
    OutsidePassedPawn,
    /// A passed pawn and a pawn more.
    ExtraPassedPawn,
    /// K+2P v K, K+P v K+P, K+2P v K+P: solved exactly by searching every line to a
    /// promotion, a capture, a checkmate or a stalemate (`small_pawns.rs`), where no rule
    /// above names the result.
    ExactSearch,
}

impl PawnRule {
    /// The rule's name in `lang` (`rule of the square`, …).
    pub fn label(self, lang: Lang) -> String {
        lang.msg(self.message())
    }

    /// The identifier of the rule's name in `locales/*/arbiter.ftl`.
    pub fn message(self) -> &'static str {
        match self {
            PawnRule::RuleOfTheSquare => "pawn-rule-square",
            PawnRule::KeySquares => "pawn-rule-key-squares",
            PawnRule::Opposition => "pawn-rule-opposition",
            PawnRule::KingInFrontOfPawn => "pawn-rule-king-in-front",
            PawnRule::RookPawn => "pawn-rule-rook-pawn",
            PawnRule::WrongBishopRookPawn => "pawn-rule-wrong-bishop",
            PawnRule::DefenderWinsPawn => "pawn-rule-defender-wins-pawn",
            PawnRule::ConnectedPassedPawns => "pawn-rule-connected",
            PawnRule::ProtectedPassedPawn => "pawn-rule-protected",
            PawnRule::PawnsAgainstKing => "pawn-rule-pawns-against-king",
            PawnRule::PawnRace => "pawn-rule-race",
            PawnRule::OutsidePassedPawn => "pawn-rule-outside",
            PawnRule::ExtraPassedPawn => "pawn-rule-extra-passed-pawn",
            PawnRule::ExactSearch => "pawn-rule-exact-search",
        }
    }
}

/// The judgement of a pawn ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PawnEnding {
    /// The rule that decided.
    pub rule: PawnRule,
    /// The result when the rule decides; `None` for the arbiter's call.
    pub result: Option<KnownOutcome>,
    /// The recommended result (the result itself when decided).
    pub recommendation: KnownOutcome,
    /// Why, as a message (`pawn-…` in `locales/<lang>/arbiter.ftl`; squares, sides `white`/
    /// `black`, counts of pawns, files and plies as arguments).
    pub note: Note,
}

impl PawnEnding {
    /// Why, in English (the trace line).
    pub fn text(&self) -> String {
        self.note.text(Lang::En)
    }
}

fn decided(rule: PawnRule, result: KnownOutcome, note: Note) -> PawnEnding {
    PawnEnding {
        rule,
        result: Some(result),
        recommendation: result,
        note,
    }
}

fn review(rule: PawnRule, winner: Color, note: Note) -> PawnEnding {
    PawnEnding {
        rule,
        result: None,
        recommendation: KnownOutcome::Decisive { winner },
        note: Note::new("pawn-call").note("text", note),
    }
}

fn win(rule: PawnRule, winner: Color, note: Note) -> PawnEnding {
    decided(rule, KnownOutcome::Decisive { winner }, note)
}

fn draw(rule: PawnRule, note: Note) -> PawnEnding {
    decided(rule, KnownOutcome::Draw, note)
}

fn promotion_square(pawn: Square, color: Color) -> Square {
    let rank = if color == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    Square::from_coords(pawn.file(), rank)
}

/// Moves the pawn needs to promote (the double step counted).
fn moves_to_promote(pawn: Square, color: Color) -> u32 {
    let r = relative_rank(pawn, color);
    if r == 2 { 5 } else { 8 - r }
}

/// The squares ahead of `pawn` on its file up to the promotion square.
fn path(pawn: Square, color: Color) -> Bitboard {
    Bitboard::from(pawn.file())
        .into_iter()
        .filter(|sq| match color {
            Color::White => sq.rank() > pawn.rank(),
            Color::Black => sq.rank() < pawn.rank(),
        })
        .collect()
}

/// No enemy pawn ahead on its own or a neighbouring file.
fn is_passed(board: &Board, pawn: Square, color: Color) -> bool {
    let theirs = board.by_color(!color) & board.pawns();
    !theirs.into_iter().any(|e| {
        e.file().distance(pawn.file()) <= 1
            && match color {
                Color::White => e.rank() > pawn.rank(),
                Color::Black => e.rank() < pawn.rank(),
            }
    })
}

/// Whether the pawn of `color` on `pawn` is protected by a pawn of its own.
fn protected_by_pawn(board: &Board, pawn: Square, color: Color) -> bool {
    (shakmaty::attacks::pawn_attacks(!color, pawn) & board.by_color(color) & board.pawns()).any()
}

/// Plies until the passed pawn of `color` on `pawn` promotes when nothing can stop it, or
/// `None` when the defending king catches it (rule of the square) or its path is blocked.
/// `turn` is the side to move.
fn runner_plies(board: &Board, pawn: Square, color: Color, turn: Color) -> Option<u32> {
    if !is_passed(board, pawn, color) || (path(pawn, color) & board.occupied()).any() {
        return None;
    }
    let king = board.king_of(!color)?;
    let n = moves_to_promote(pawn, color);
    let defender_to_move = u32::from(turn != color);
    let promotion = promotion_square(pawn, color);
    (king.distance(promotion) > n + defender_to_move).then_some(2 * n - 1 + defender_to_move)
}

/// The fastest unstoppable pawn of `color` and its plies to promotion.
fn fastest_runner(board: &Board, color: Color, turn: Color) -> Option<(Square, u32)> {
    (board.by_color(color) & board.pawns())
        .into_iter()
        .filter_map(|p| runner_plies(board, p, color, turn).map(|n| (p, n)))
        .min_by_key(|&(_, n)| n)
}

/// Plies until the most advanced pawn of `color` reaches its seventh rank (ignoring
/// obstacles: a bound for the opponent's counterplay), `None` without pawns.
fn plies_to_seventh(board: &Board, color: Color, turn: Color) -> Option<u32> {
    (board.by_color(color) & board.pawns())
        .into_iter()
        .map(|p| {
            let moves = moves_to_promote(p, color).saturating_sub(1);
            if moves == 0 {
                0
            } else {
                2 * moves - u32::from(turn == color)
            }
        })
        .min()
}

/// Judges `pos` when it is a pawn ending (only kings and pawns, or K+B+rook pawn v K);
/// `None` for other positions or when no pawn-ending rule applies.
pub fn judge(pos: &Chess) -> Option<PawnEnding> {
    let board = pos.board();
    let pieces = board.occupied() & !board.kings() & !board.pawns();
    if pieces.is_empty() {
        kings_and_pawns(pos)
    } else {
        wrong_bishop(board)
    }
}

fn kings_and_pawns(pos: &Chess) -> Option<PawnEnding> {
    let board = pos.board();
    let count = |c: Color| (board.by_color(c) & board.pawns()).count();
    let (w, b) = (count(Color::White), count(Color::Black));
    let by_rules = match (w, b) {
        (0, 0) => None,
        (_, 0) => Some(against_lone_king(pos, Color::White)),
        (0, _) => Some(against_lone_king(pos, Color::Black)),
        _ => both_sides(pos),
    };
    // The small endings are known exactly: a rule that names the exact result explains it;
    // where the rules leave it to the arbiter (or would say otherwise), the search decides.
    match small_pawns::exact(pos) {
        Some(Some(exact)) if by_rules.as_ref().and_then(|j| j.result) != Some(exact) => {
            Some(match exact {
                KnownOutcome::Decisive { winner } => win(
                    PawnRule::ExactSearch,
                    winner,
                    Note::new("pawn-exact-win")
                        .arg("white", w)
                        .arg("black", b)
                        .arg("side", side(winner)),
                ),
                KnownOutcome::Draw => draw(
                    PawnRule::ExactSearch,
                    Note::new("pawn-exact-draw").arg("white", w).arg("black", b),
                ),
            })
        }
        _ => by_rules,
    }
}

/// K+P v K by the exact table, the rule named by the position.
fn one_pawn(pos: &Chess, strong: Color, pawn: Square) -> Option<PawnEnding> {
    let board = pos.board();
    let (sk, wk) = (board.king_of(strong)?, board.king_of(!strong)?);
    let turn = pos.turn();
    let won = kpk::is_win(strong, sk, wk, pawn, turn)?;
    let promotion = promotion_square(pawn, strong);
    if won {
        if runner_plies(board, pawn, strong, turn).is_some() {
            return Some(win(
                PawnRule::RuleOfTheSquare,
                strong,
                Note::new("pawn-square").arg("king", wk).arg("pawn", pawn),
            ));
        }
        return Some(win(
            PawnRule::KeySquares,
            strong,
            Note::new("pawn-key-squares")
                .arg("king", sk)
                .arg("pawn", pawn),
        ));
    }
    let rook_pawn = matches!(pawn.file(), File::A | File::H);
    let rank_gap = relative_rank(wk, strong).saturating_sub(relative_rank(pawn, strong));
    let in_front = wk.file() == pawn.file() && (1..=2).contains(&rank_gap);
    let takes = wk.distance(pawn) == 1
        && sk.distance(pawn) > 1
        && (turn != strong || sk.distance(pawn) > 2);
    Some(if takes {
        draw(
            PawnRule::DefenderWinsPawn,
            Note::new("pawn-takes").arg("king", wk).arg("pawn", pawn),
        )
    } else if rook_pawn {
        draw(
            PawnRule::RookPawn,
            Note::new("pawn-rook-pawn")
                .arg("king", wk)
                .arg("corner", promotion),
        )
    } else if in_front {
        draw(
            PawnRule::KingInFrontOfPawn,
            Note::new("pawn-in-front").arg("king", wk).arg("pawn", pawn),
        )
    } else {
        draw(
            PawnRule::Opposition,
            Note::new("pawn-opposition")
                .arg("king", wk)
                .arg("strong_king", sk)
                .arg("pawn", pawn),
        )
    })
}

/// The position with only the pawns of `strong` in `keep` (the others removed).
fn with_pawns(pos: &Chess, strong: Color, keep: Bitboard) -> Option<Chess> {
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    let ours = setup.board.by_color(strong) & setup.board.pawns();
    for sq in ours & !keep {
        setup.board.discard_piece_at(sq);
    }
    setup.ep_square = None;
    <Chess as shakmaty::FromSetup>::from_setup(setup, shakmaty::CastlingMode::Standard).ok()
}

fn against_lone_king(pos: &Chess, strong: Color) -> PawnEnding {
    let board = pos.board();
    let pawns = board.by_color(strong) & board.pawns();
    let turn = pos.turn();
    if let Some(p) = pawns.single_square() {
        return one_pawn(pos, strong, p).unwrap_or_else(|| {
            review(
                PawnRule::PawnsAgainstKing,
                strong,
                Note::new("pawn-outside-table"),
            )
        });
    }
    let Some(wk) = board.king_of(!strong) else {
        return review(
            PawnRule::PawnsAgainstKing,
            strong,
            Note::new("pawn-nothing"),
        );
    };
    let sk = board.king_of(strong);
    let protected = |sq: Square| {
        protected_by_pawn(board, sq, strong) || sk.is_some_and(|k| k.distance(sq) == 1)
    };
    // Two pawns, the defender to move takes one: K+P v K with the other decides.
    if pawns.count() == 2 && turn != strong {
        for victim in pawns {
            if wk.distance(victim) == 1 && !protected(victim) {
                let rest = pawns.without(victim);
                let won = rest
                    .first()
                    .zip(sk)
                    .and_then(|(p, k)| kpk::is_win(strong, k, victim, p, strong));
                if won == Some(false) {
                    return draw(
                        PawnRule::DefenderWinsPawn,
                        Note::new("pawn-takes-one")
                            .arg("king", wk)
                            .arg("pawn", victim),
                    );
                }
            }
        }
    }
    // A pawn that wins alone (its path free of its own pawns).
    for p in pawns {
        if (path(p, strong) & pawns).any() {
            continue;
        }
        let alone = with_pawns(pos, strong, Bitboard::from(p));
        if let Some(j) = alone.and_then(|alone| one_pawn(&alone, strong, p))
            && j.result.is_some_and(|r| r != KnownOutcome::Draw)
        {
            return PawnEnding {
                note: Note::new("pawn-aside").note("text", j.note.clone()),
                ..j
            };
        }
    }
    // A pawn the defender may win: next to its king and unprotected — unless there are two
    // pawns and the defender is on move, where every capture was shown above to lose.
    let capture_checked = pawns.count() == 2 && turn != strong;
    let endangered = |p: Square| wk.distance(p) == 1 && !protected(p) && !capture_checked;
    // Connected passed pawns (adjacent files, ranks at most one apart).
    for a in pawns {
        for b in pawns {
            if a.file() < b.file()
                && a.file().distance(b.file()) == 1
                && a.rank().distance(b.rank()) <= 1
                && !endangered(a)
                && !endangered(b)
            {
                return win(
                    PawnRule::ConnectedPassedPawns,
                    strong,
                    Note::new("pawn-connected").arg("a", a).arg("b", b),
                );
            }
        }
    }
    // A protected passed pawn (not a rook pawn), its protector not to be taken at once.
    for p in pawns {
        if matches!(p.file(), File::A | File::H) || !protected_by_pawn(board, p, strong) {
            continue;
        }
        let protectors = shakmaty::attacks::pawn_attacks(!strong, p) & pawns;
        let takeable = turn != strong && protectors.into_iter().any(endangered);
        if !takeable {
            return win(
                PawnRule::ProtectedPassedPawn,
                strong,
                Note::new("pawn-protected").arg("pawn", p),
            );
        }
    }
    // Rook pawns on one file with the defender ahead of them: drawn.
    let rook_file = [File::A, File::H]
        .into_iter()
        .find(|f| pawns.is_subset(Bitboard::from(*f)));
    if let Some(file) = rook_file {
        let front = match strong {
            Color::White => pawns.last(),
            Color::Black => pawns.first(),
        };
        if let Some(front) = front {
            let promotion = promotion_square(front, strong);
            if (wk.file() == file && relative_rank(wk, strong) > relative_rank(front, strong))
                || wk.distance(promotion) <= 1
            {
                return draw(
                    PawnRule::RookPawn,
                    Note::new("pawn-rook-pawns")
                        .arg("king", wk)
                        .arg("corner", promotion),
                );
            }
        }
    }
    review(
        PawnRule::PawnsAgainstKing,
        strong,
        Note::new("pawn-many").arg("count", pawns.count()),
    )
}

/// Pawns on both sides: a pawn race, an outside or extra passed pawn.
fn both_sides(pos: &Chess) -> Option<PawnEnding> {
    let board = pos.board();
    let turn = pos.turn();
    let runner = |c: Color| fastest_runner(board, c, turn);
    let seventh = |c: Color| plies_to_seventh(board, c, turn);
    for side in [turn, !turn] {
        let Some((p, plies)) = runner(side) else {
            continue;
        };
        let other = seventh(!side).unwrap_or(u32::MAX);
        // The enemy's best pawn has not reached its seventh rank when the queen appears, and
        // the enemy has no faster runner.
        let enemy_faster = runner(!side).is_some_and(|(_, n)| n < plies);
        if !enemy_faster && other > plies + 1 {
            return Some(win(
                PawnRule::PawnRace,
                side,
                Note::new("pawn-race-win")
                    .arg("pawn", p)
                    .arg("plies", plies),
            ));
        }
    }
    // A runner that does not clearly win the race: the arbiter's call, for the faster one.
    let fastest = [turn, !turn]
        .into_iter()
        .filter_map(|c| runner(c).map(|(p, n)| (c, p, n)))
        .min_by_key(|&(_, _, n)| n);
    if let Some((side, p, plies)) = fastest {
        return Some(review(
            PawnRule::PawnRace,
            side,
            Note::new("pawn-race-call")
                .arg("pawn", p)
                .arg("plies", plies)
                .arg("side", self::side(side)),
        ));
    }
    let count = |c: Color| (board.by_color(c) & board.pawns()).count();
    for side in [Color::White, Color::Black] {
        if count(side) < count(!side) {
            continue;
        }
        let theirs = board.by_color(!side) & board.pawns();
        let ours = board.by_color(side) & board.pawns();
        let outside = |c: Color, mine: Bitboard, other: Bitboard| {
            mine.into_iter()
                .filter(|p| is_passed(board, *p, c))
                .map(|p| {
                    other
                        .into_iter()
                        .map(|e| p.file().distance(e.file()))
                        .min()
                        .unwrap_or(8)
                })
                .max()
        };
        let Some(our_best) = outside(side, ours, theirs) else {
            continue;
        };
        let their_best = outside(!side, theirs, ours).unwrap_or(0);
        if our_best >= 2 && our_best > their_best {
            return Some(review(
                PawnRule::OutsidePassedPawn,
                side,
                Note::new("pawn-outside-passed")
                    .arg("side", self::side(side))
                    .arg("files", our_best),
            ));
        }
        if count(side) > count(!side) {
            return Some(review(
                PawnRule::ExtraPassedPawn,
                side,
                Note::new("pawn-extra-passed").arg("side", self::side(side)),
            ));
        }
    }
    None
}

/// K+B+rook pawn(s) v K, the bishop of the wrong colour, the defender ahead on the file or
/// next to the corner: drawn.
fn wrong_bishop(board: &Board) -> Option<PawnEnding> {
    for strong in [Color::White, Color::Black] {
        let ours = board.by_color(strong);
        let theirs = board.by_color(!strong);
        let bishops = ours & board.bishops();
        let pawns = ours & board.pawns();
        if theirs != theirs & board.kings()
            || bishops.count() != 1
            || pawns.is_empty()
            || ours != bishops | pawns | (ours & board.kings())
        {
            continue;
        }
        let file = [File::A, File::H]
            .into_iter()
            .find(|f| pawns.is_subset(Bitboard::from(*f)))?;
        let front = match strong {
            Color::White => pawns.last(),
            Color::Black => pawns.first(),
        }?;
        let promotion = promotion_square(front, strong);
        let bishop_light = bishops.first().is_some_and(Square::is_light);
        if bishop_light == promotion.is_light() {
            return None;
        }
        let wk = board.king_of(!strong)?;
        if (wk.file() == file && relative_rank(wk, strong) > relative_rank(front, strong))
            || wk.distance(promotion) <= 1
        {
            return Some(draw(
                PawnRule::WrongBishopRookPawn,
                Note::new("pawn-wrong-bishop")
                    .arg("corner", promotion)
                    .arg("king", wk),
            ));
        }
    }
    None
}
