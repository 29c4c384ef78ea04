//! The rules of play-out adjudication applied in order (see the module docs of
//! [`crate::adjudicate`]): one [`Run`] per position tries rule 1 to 8, leaves one
//! [`RuleTried`] line per rule and stops at the first that decides.

use crate::laws::serde_color::name as side;
use shakmaty::{Bitboard, ByColor, Chess, Color, KnownOutcome, Move, Position, Rank};
use shakmaty::{EnPassantMode, fen::Fen};
use shakmaty_syzygy::AmbiguousWdl;

use super::patterns::{self, DrawnPattern};
use super::pawn_endings::{self, PawnEnding};
use super::search::{self, Counter};
use super::{
    Adjudication, AdjudicationConfig, Adjudicator, Basis, Decision, MaterialCount, PieceValues,
    RuleReference, RuleTried, SearchFigures, has_mating_potential,
};
use crate::i18n::{Lang, Note};
use crate::laws::Article;
use crate::laws::winnability::{self, Winnability, WinnabilityReport};

/// Whether White and Black can still mate in `pos` (the configured winnability budget), and
/// whether the position is dead (Laws 5.2.2: neither can).
fn mating_chances(
    pos: &Chess,
    config: &AdjudicationConfig,
) -> (WinnabilityReport, WinnabilityReport, bool) {
    let white = winnability::can_mate_with(pos, Color::White, &config.winnability);
    let black = winnability::can_mate_with(pos, Color::Black, &config.winnability);
    let dead = white.verdict == Winnability::Unwinnable && black.verdict == Winnability::Unwinnable;
    (white, black, dead)
}

/// Material of both sides in `values`.
fn material_count(pos: &Chess, values: &PieceValues) -> MaterialCount {
    ByColor {
        white: search::material(pos, Color::White, values),
        black: search::material(pos, Color::Black, values),
    }
}

/// White's material minus Black's.
fn balance(count: &MaterialCount) -> i32 {
    count.white - count.black
}

/// The reference of rule 5's reason lines (`CR 4.3, known drawn material`).
fn known_draw_reference() -> RuleReference {
    RuleReference::with_note(Article::CR_PLAY_OUT, Note::new("ref-known-draws"))
}

/// One adjudication in progress.
pub(super) struct Run<'a> {
    adjudicator: &'a Adjudicator,
    pos: &'a Chess,
    reasons: Vec<RuleTried>,
    search: SearchFigures,
    material_after: MaterialCount,
    exchange_line: Vec<String>,
    mating_line: Vec<String>,
    pub(super) tablebase_error: Option<String>,
}

/// A line of moves from `pos` in UCI, castling written as the position's castling mode wants
/// (king to rook in Chess960, `e1g1` in standard chess).
fn uci(pos: &Chess, moves: &[Move]) -> Vec<String> {
    let mode = pos.castles().mode();
    moves.iter().map(|m| m.to_uci(mode).to_string()).collect()
}

impl<'a> Run<'a> {
    pub(super) fn new(adjudicator: &'a Adjudicator, pos: &'a Chess) -> Self {
        let values = adjudicator.config.values;
        Run {
            adjudicator,
            pos,
            reasons: Vec::new(),
            search: SearchFigures::default(),
            material_after: material_count(pos, &values),
            exchange_line: Vec::new(),
            mating_line: Vec::new(),
            tablebase_error: None,
        }
    }

    fn note(&mut self, rule: u8, reference: RuleReference, decided: bool, note: Note) {
        self.reasons.push(RuleTried {
            rule,
            reference,
            decided,
            text: note.text(Lang::En),
            note,
        });
    }

    fn finish(self, result: Decision, recommendation: KnownOutcome, basis: Basis) -> Adjudication {
        let config = &self.adjudicator.config;
        let article = self
            .reasons
            .iter()
            .rev()
            .find(|r| r.decided)
            .or(self.reasons.last())
            .map(|r| r.reference.clone())
            // Rule 1 always leaves a line: never reached.
            .unwrap_or_else(|| RuleReference::new(Article::CR_PLAY_OUT));
        Adjudication {
            fen: Fen::from_position(self.pos, EnPassantMode::Legal).to_string(),
            result,
            recommendation,
            basis,
            article,
            preset: config.preset,
            material_before: material_count(self.pos, &config.values),
            material_after: self.material_after,
            exchange_line: self.exchange_line,
            mating_line: self.mating_line,
            mating_potential: ByColor {
                white: has_mating_potential(self.pos, Color::White),
                black: has_mating_potential(self.pos, Color::Black),
            },
            search: self.search,
            reasons: self.reasons,
            pawn_rule: None,
            engine: None,
            repetitions: 1,
        }
    }

    fn decided(self, result: KnownOutcome, basis: Basis) -> Adjudication {
        self.finish(Decision::Decided(result), result, basis)
    }

    pub(super) fn adjudicate(mut self, repetitions: u32) -> Adjudication {
        let pos = self.pos;
        let config = self.adjudicator.config.clone();

        // Rule 1: already over by rule.
        if pos.is_checkmate() {
            let winner = !pos.turn();
            self.note(
                1,
                RuleReference::new(Article::CHECKMATE),
                true,
                Note::new("adj-checkmated").arg("side", side(winner)),
            );
            return self.decided(KnownOutcome::Decisive { winner }, Basis::Checkmate);
        }
        if pos.is_stalemate() {
            self.note(
                1,
                RuleReference::new(Article::STALEMATE),
                true,
                Note::new("adj-stalemate"),
            );
            return self.decided(KnownOutcome::Draw, Basis::Stalemate);
        }
        if repetitions >= 5 {
            self.note(
                1,
                RuleReference::new(Article::FIVEFOLD_REPETITION),
                true,
                Note::new("adj-fivefold").arg("count", repetitions),
            );
            return self.decided(KnownOutcome::Draw, Basis::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            self.note(
                1,
                RuleReference::new(Article::SEVENTY_FIVE_MOVES),
                true,
                Note::new("adj-seventy-five").arg("plies", pos.halfmoves()),
            );
            return self.decided(KnownOutcome::Draw, Basis::SeventyFiveMoves);
        }
        self.note(
            1,
            RuleReference::with(
                Article::CHECKMATE,
                format!(
                    "{}, {}",
                    Article::STALEMATE.number(),
                    Article::AUTOMATIC_DRAWS.number()
                ),
            ),
            false,
            Note::new("adj-not-over"),
        );

        // Rule 2: dead position.
        let (white, black, dead) = mating_chances(pos, &config);
        if dead {
            self.note(
                2,
                RuleReference::new(Article::DEAD_POSITION),
                true,
                Note::new("adj-dead"),
            );
            return self.decided(KnownOutcome::Draw, Basis::DeadPosition);
        }
        self.note(
            2,
            RuleReference::new(Article::DEAD_POSITION),
            false,
            Note::new("adj-not-dead")
                .term("white", "winnability", white.verdict.label())
                .term("black", "winnability", black.verdict.label()),
        );

        // Rule 3: tablebases.
        if let Some(result) = self.tablebase(&config) {
            return self.decided(result, Basis::Tablebase);
        }

        // Rule 4: forced mate for either side: the side to move mating, then being mated.
        self.search.depth = config.mate_plies;
        let mover = pos.turn();
        let reference = RuleReference::with(
            Article::CR_PLAY_OUT,
            format!("mate_plies={}", config.mate_plies),
        );
        let defender_plies = config.mate_plies.saturating_sub(1);
        let mut limit_hit = false;
        for (winner, plies) in [(mover, config.mate_plies), (!mover, defender_plies)] {
            let mut counter = Counter::new(config.mate_nodes);
            let line = if winner == mover {
                search::forced_mate(pos, plies, &mut counter)
            } else if plies >= 2 {
                search::forced_mated(pos, plies, &mut counter)
            } else {
                None
            };
            self.record_counter(&counter);
            limit_hit |= counter.limit_hit;
            if let Some(line) = line {
                self.mating_line = uci(pos, &line);
                let code = if winner == mover {
                    "adj-mates-by-force"
                } else {
                    "adj-mated-by-force"
                };
                let note = Note::new(code)
                    .arg("side", side(mover))
                    .arg("plies", line.len())
                    .arg("line", self.mating_line.join(" "));
                self.note(4, reference, true, note);
                return self.decided(KnownOutcome::Decisive { winner }, Basis::ForcedMate);
            }
        }
        let code = if limit_hit {
            "adj-no-forced-mate-incomplete"
        } else {
            "adj-no-forced-mate"
        };
        let note = Note::new(code).arg("plies", config.mate_plies);
        self.note(4, reference, false, note);

        // The exchanges pending (rule 6), searched once: rule 5 waits for them.
        let mut qcounter = Counter::new(config.qsearch_nodes);
        let (_, line) = search::quiescence(pos, &config.values, &mut qcounter);

        // Rule 5: known drawn material, once no capture is pending (else after the exchanges).
        let pattern = patterns::drawn_pattern(pos);
        if pattern.is_some() && !line.is_empty() {
            let note = Note::new("adj-captures-pending");
            self.note(5, known_draw_reference(), false, note);
        } else if let Some(pattern) = pattern {
            let note = Note::new("adj-drawn-pattern").term("pattern", "pattern", pattern.code());
            self.note(5, known_draw_reference(), true, note);
            return self.known_draw(pattern);
        } else {
            let note = Note::new("adj-no-drawn-pattern");
            self.note(5, known_draw_reference(), false, note);
        }

        // Rule 6: settle pending exchanges.
        self.search.nodes += qcounter.nodes;
        self.search.limit_hit |= qcounter.limit_hit;
        let mut settled = pos.clone();
        for m in &line {
            settled.play_unchecked(*m);
        }
        let before = material_count(pos, &config.values);
        let after = material_count(&settled, &config.values);
        self.material_after = after;
        self.exchange_line = uci(pos, &line);
        self.note(
            6,
            RuleReference::with_note(Article::CR_PLAY_OUT, Note::new("ref-values")),
            false,
            {
                let note = Note::new(if line.is_empty() {
                    "adj-balance"
                } else {
                    "adj-balance-via"
                })
                .arg("white_before", before.white)
                .arg("black_before", before.black)
                .arg("balance_before", format!("{:+}", balance(&before)))
                .arg("white_after", after.white)
                .arg("black_after", after.black)
                .arg("balance_after", format!("{:+}", balance(&after)));
                if line.is_empty() {
                    note
                } else {
                    note.arg("line", self.exchange_line.join(" "))
                }
            },
        );
        // The exchanges may leave a position that rules 2 and 5 settle (B×P leaving K+B v K,
        // N×Q leaving K+N+N v K): apply them again to the position after the exchange line,
        // and judge mating chances there.
        let (white, black) = if line.is_empty() {
            (white, black)
        } else {
            let (white, black, dead) = mating_chances(&settled, &config);
            let via = self.exchange_line.join(" ");
            if dead {
                self.note(
                    2,
                    RuleReference::new(Article::DEAD_POSITION),
                    true,
                    Note::new("adj-exchanges-dead").arg("line", &via),
                );
                return self.decided(KnownOutcome::Draw, Basis::DeadPosition);
            }
            if let Some(pattern) = patterns::drawn_pattern(&settled) {
                self.note(
                    5,
                    known_draw_reference(),
                    true,
                    Note::new("adj-exchanges-pattern").arg("line", &via).term(
                        "pattern",
                        "pattern",
                        pattern.code(),
                    ),
                );
                return self.known_draw(pattern);
            }
            (white, black)
        };
        // Rule 5 again: pawn endings, judged by the rules of the square, key squares, …; a
        // decided one settles it, the arbiter's call waits for the event's lone-king rule (7).
        // A position that is already a pawn ending is judged as it stands (its rules weigh the
        // captures themselves, and a capture may lose); else the one after the exchanges.
        let board = pos.board();
        let ending_pos = if board.occupied() == board.kings() | board.pawns() {
            pos
        } else {
            &settled
        };
        let pawn_review = match pawn_endings::judge(ending_pos) {
            Some(ending) if ending.result.is_some() => return self.pawn_ending(ending),
            other => other,
        };
        let balance = balance(&after);
        let ahead = if balance >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let margin = balance.abs();
        let ahead_can_mate = match ahead {
            Color::White => &white.verdict,
            Color::Black => &black.verdict,
        } != &Winnability::Unwinnable;
        let potential = has_mating_potential(&settled, ahead);

        // Rule 7: the lone-king rule.
        let behind_only_pawns = {
            let b = settled.board();
            let theirs = b.by_color(!ahead);
            theirs == theirs & (b.kings() | b.pawns())
        };
        let lone_ref = RuleReference::with(
            Article::CR_PLAY_OUT,
            format!("lone_king_margin={}", config.lone_king_margin),
        );
        if config.lone_king_rule && margin > 0 && behind_only_pawns {
            if margin >= config.lone_king_margin && potential && ahead_can_mate {
                // CR 4.3 names "a lone king, or king and pawn(s)": the basis says which the
                // weaker side has — a lone king only when it has nothing else on the board as
                // it stands; pawns kept after the exchanges are "king and pawns"; pieces or
                // pawns the exchanges take off, a king left alone by them.
                let only_king =
                    |b: &shakmaty::Board| b.by_color(!ahead) == b.by_color(!ahead) & b.kings();
                let (basis, message) = if !only_king(settled.board()) {
                    (Basis::KingAndPawns, "adj-king-and-pawns")
                } else if only_king(pos.board()) {
                    (Basis::LoneKing, "adj-lone-king")
                } else {
                    (
                        Basis::LoneKingAfterExchanges,
                        "adj-lone-king-after-exchanges",
                    )
                };
                self.note(
                    7,
                    lone_ref,
                    true,
                    Note::new(message)
                        .arg("side", side(ahead))
                        .arg("margin", margin),
                );
                return self.decided(KnownOutcome::Decisive { winner: ahead }, basis);
            }
            let note = Note::new("adj-lone-king-short")
                .arg("side", side(!ahead))
                .arg("margin", margin);
            self.note(7, lone_ref, false, note);
        } else {
            self.note(7, lone_ref, false, Note::new("adj-no-lone-king"));
        }

        if let Some(ending) = pawn_review {
            return self.pawn_ending(ending);
        }

        // Rule 8: material and position.
        let reference = RuleReference::with(
            Article::CR_ADJUDICATION,
            format!(
                "win_margin={}, draw_margin={}",
                config.win_margin, config.draw_margin
            ),
        );
        if margin <= config.draw_margin {
            self.note(
                8,
                reference,
                true,
                Note::new("adj-equal").arg("balance", format!("{balance:+}")),
            );
            return self.decided(KnownOutcome::Draw, Basis::Material);
        }
        if !ahead_can_mate {
            self.note(
                8,
                reference.clone().and(Article::FLAG_FALL),
                true,
                Note::new("adj-ahead-cannot-mate").arg("side", side(ahead)),
            );
            return self.decided(KnownOutcome::Draw, Basis::Material);
        }
        if margin >= config.win_margin && potential {
            self.note(
                8,
                reference,
                true,
                Note::new("adj-clearly-better")
                    .arg("side", side(ahead))
                    .arg("margin", margin),
            );
            return self.decided(KnownOutcome::Decisive { winner: ahead }, Basis::Material);
        }
        // The arbiter's call.
        let runner = unstoppable_passed_pawn(&settled, ahead);
        let recommendation = if runner || (margin >= config.win_margin) {
            KnownOutcome::Decisive { winner: ahead }
        } else {
            KnownOutcome::Draw
        };
        let code = if margin >= config.win_margin {
            "adj-call-no-potential"
        } else if runner {
            "adj-call-passed-pawn"
        } else {
            "adj-call-between"
        };
        let note = Note::new(code)
            .arg("side", side(ahead))
            .arg("margin", margin)
            .arg("recommended", recommendation);
        self.note(8, reference, false, note);
        self.finish(Decision::Review, recommendation, Basis::Material)
    }

    fn pawn_ending(mut self, ending: PawnEnding) -> Adjudication {
        let reference = RuleReference::with_note(
            Article::CR_PLAY_OUT,
            Note::new("ref-pawn-endings").note("rule", Note::new(ending.rule.message())),
        );
        let note = ending.note.clone();
        self.note(5, reference, ending.result.is_some(), note);
        let result = ending.result.map_or(Decision::Review, Decision::Decided);
        let mut adj = self.finish(result, ending.recommendation, Basis::PawnEnding);
        adj.pawn_rule = Some(ending.rule);
        adj
    }

    fn known_draw(self, _pattern: DrawnPattern) -> Adjudication {
        self.decided(KnownOutcome::Draw, Basis::KnownDraw)
    }

    fn record_counter(&mut self, counter: &Counter) {
        self.search.nodes += counter.nodes;
        self.search.limit_hit |= counter.limit_hit;
    }

    fn tablebase(&mut self, config: &AdjudicationConfig) -> Option<KnownOutcome> {
        let reference = RuleReference::with(Article::CR_PLAY_OUT, "syzygy_dir");
        if let Some(err) = self.tablebase_error.take() {
            self.note(
                3,
                reference.clone(),
                false,
                Note::new("adj-tb-unavailable").arg("error", err),
            );
            return None;
        }
        let Some(tb) = &self.adjudicator.tablebase else {
            self.note(3, reference.clone(), false, Note::new("adj-tb-none"));
            return None;
        };
        let pos = self.pos;
        if pos.castles().castling_rights().any() {
            self.note(3, reference.clone(), false, Note::new("adj-tb-castling"));
            return None;
        }
        let pieces = pos.board().occupied().count();
        if pieces > tb.max_pieces() {
            self.note(
                3,
                reference.clone(),
                false,
                Note::new("adj-tb-pieces")
                    .arg("pieces", pieces)
                    .arg("max", tb.max_pieces()),
            );
            return None;
        }
        let wdl = match tb.probe_wdl(pos) {
            Ok(wdl) => wdl,
            Err(_) => match tb.probe_wdl_after_zeroing(pos) {
                Ok(wdl) => AmbiguousWdl::from(wdl),
                Err(err) => {
                    let note = Note::new("adj-tb-probe-failed").arg("error", err);
                    self.note(3, reference.clone(), false, note);
                    return None;
                }
            },
        };
        let mover = pos.turn();
        let result = match wdl {
            AmbiguousWdl::Win => KnownOutcome::Decisive { winner: mover },
            AmbiguousWdl::Loss => KnownOutcome::Decisive { winner: !mover },
            AmbiguousWdl::CursedWin | AmbiguousWdl::MaybeWin if config.cursed_wins_count => {
                KnownOutcome::Decisive { winner: mover }
            }
            AmbiguousWdl::BlessedLoss | AmbiguousWdl::MaybeLoss if config.cursed_wins_count => {
                KnownOutcome::Decisive { winner: !mover }
            }
            _ => KnownOutcome::Draw,
        };
        self.note(
            3,
            reference.clone(),
            true,
            Note::new("adj-tb-result")
                .term("wdl", "wdl", wdl_code(wdl))
                .arg("side", side(mover)),
        );
        Some(result)
    }
}

/// A tablebase value's code; its words are message `wdl-<code>` (Syzygy's "cursed" and
/// "blessed" results are decided only when the 50-move rule, Laws 9.3, is set aside).
fn wdl_code(wdl: AmbiguousWdl) -> &'static str {
    match wdl {
        AmbiguousWdl::Win => "win",
        AmbiguousWdl::Loss => "loss",
        AmbiguousWdl::Draw => "draw",
        AmbiguousWdl::CursedWin => "cursed_win",
        AmbiguousWdl::BlessedLoss => "blessed_loss",
        AmbiguousWdl::MaybeWin => "maybe_win",
        AmbiguousWdl::MaybeLoss => "maybe_loss",
    }
}

/// A passed pawn of `color` that the defending king cannot catch (rule of the square, with the
/// defender to move if it is its turn); only when the defender has no pieces.
fn unstoppable_passed_pawn(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let theirs = board.by_color(!color);
    if theirs != theirs & (board.kings() | board.pawns()) {
        return false;
    }
    let Some(king) = board.king_of(!color) else {
        return false;
    };
    let their_pawns = theirs & board.pawns();
    (board.by_color(color) & board.pawns())
        .into_iter()
        .any(|p| {
            let promotion_rank = if color == Color::White {
                Rank::Eighth
            } else {
                Rank::First
            };
            let promotion = shakmaty::Square::from_coords(p.file(), promotion_rank);
            // Passed: no enemy pawn ahead on this or the adjacent files.
            let blocked = their_pawns.into_iter().any(|e| {
                e.file().distance(p.file()) <= 1
                    && match color {
                        Color::White => e.rank() > p.rank(),
                        Color::Black => e.rank() < p.rank(),
                    }
            });
            if blocked {
                return false;
            }
            let start_rank = if color == Color::White {
                Rank::Second
            } else {
                Rank::Seventh
            };
            let mut distance = p.rank().distance(promotion_rank);
            if p.rank() == start_rank {
                distance -= 1;
            }
            let tempo = u32::from(pos.turn() == !color);
            king.distance(promotion) > distance + tempo
                && !board.by_color(color).intersects(Bitboard::from(promotion))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    /// Every tablebase value reads as words in both languages, not as the library's variant
    /// name (`CursedWin`).
    #[test]
    fn tablebase_values_are_words() {
        use AmbiguousWdl::*;
        for wdl in [Win, Loss, Draw, CursedWin, BlessedLoss, MaybeWin, MaybeLoss] {
            for lang in [Lang::En, Lang::Ru] {
                let label = lang.msg(&format!("wdl-{}", wdl_code(wdl)));
                assert!(
                    label.chars().all(|c| !c.is_ascii_uppercase()),
                    "{wdl:?} reads {label:?}"
                );
            }
        }
        assert_eq!(
            Lang::En.msg(&format!("wdl-{}", wdl_code(CursedWin))),
            "cursed win (a win that the 50-move rule turns into a draw)"
        );
        assert_eq!(Lang::Ru.msg("wdl-loss"), "проигрыш");
    }

    /// Castling in a line is written as the position's castling mode wants: king to rook in
    /// Chess960 (`UCI_Chess960`), king two squares in standard chess.
    #[test]
    fn lines_write_castling_in_the_positions_mode() {
        let castle = |fen: &str, mode| {
            let pos: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.is_castle())
                .expect("castling is legal");
            uci(&pos, &[m])
        };
        assert_eq!(
            castle("4k3/8/8/8/8/8/8/4K2R w K - 0 1", CastlingMode::Standard),
            ["e1g1"]
        );
        assert_eq!(
            castle("4k3/8/8/8/8/8/8/4K2R w H - 0 1", CastlingMode::Chess960),
            ["e1h1"]
        );
    }
}
