# English text output of arbiter. Keep byte-identical with the output before localisation.

## Pairing list (tournament pairings)
pairings-round = Round { $round }
pairings-board = Board
pairings-white = White
pairings-black = Black
pairings-result = Result
pairings-bye = Bye (+): { $player }
pairings-without = Without a game: { $player }
pairings-place-table = no game by the table
pairings-place-absent = not playing ({ $points })
pairings-who = Who plays where
pairings-place-white = board { $board }, White
pairings-place-black = board { $board }, Black
pairings-place-bye = bye (+)

## Standings and crosstable
standings-title = { $tournament } — { $round ->
    [0] standings before round 1
   *[other] standings after round { $round }
}
crosstable-title = { $tournament } — { $round ->
    [0] crosstable before round 1
   *[other] crosstable after round { $round }
}
crosstable-legend = Round cells: the opponent's starting rank (No), colour (w/b), result.
web-crosstable-legend = Round cells: the opponent's starting rank, colour (w — White, b — Black) and result (1, ½, 0); “+” — won, “−” — lost without play (forfeit); “bye” — no opponent by the pairing, “absent” — a round not played; after the word, the points of the round.
# A round robin's crosstable: “bye” also covers an opponent by the table who withdrew.
web-crosstable-legend-rr = Round cells: the opponent's starting rank, colour (w — White, b — Black) and result (1, ½, 0); “+” — won, “−” — lost without play (forfeit); “bye” — no game by the table, or the opponent withdrew, “absent” — a round not played; after the word, the points of the round.
web-cross-white = w
web-cross-black = b
web-cross-bye = bye
web-cross-absent = absent
col-rank = Rk
col-start = No
col-name = Name
col-rating = Rtg
col-points = Pts
col-round = R{ $round }
status-withdrawn = withdrawn
status-cancelled = withdrawn, games cancelled
status-disqualified = disqualified
tie-breaks-legend = Tie-breaks:

## Tie-break names (FIDE C.07)
tb-BH = Buchholz
tb-BH-C1 = Buchholz cut 1
tb-BH-M1 = Median Buchholz 1
tb-SB = Sonneborn-Berger
tb-DE = Direct encounter
tb-WIN = Number of wins
tb-WON = Number of games won over the board
tb-BPG = Number of games played with Black
tb-BWG = Number of games won with Black
tb-PS = Progressive score
tb-ARO = Average rating of opponents
tb-KS = Koya score (points against opponents with at least half the maximum)
tb-STD = Standard points
tb-REP = Rounds elected to play
tb-RTNG = Rating (highest first)
tb-RTNG-R = Rating (lowest first)
tb-TPN = Starting rank (lowest first)
tb-TPN-R = Starting rank (highest first)
# A tie-break's column heading on the desk's pages and sheets (its name in full: tb-KEY).
tb-short-BH = BH
tb-short-BH-C1 = BH-C1
tb-short-BH-M1 = BH-M1
tb-short-SB = SB
tb-short-DE = DE
tb-short-WIN = WIN
tb-short-WON = WON
tb-short-BPG = BPG
tb-short-BWG = BWG
tb-short-PS = PS
tb-short-ARO = ARO
tb-short-KS = KS
tb-short-STD = STD
tb-short-REP = REP
tb-short-RTNG = RTNG
tb-short-RTNG-R = RTNG-R
tb-short-TPN = TPN
tb-short-TPN-R = TPN-R
tbx-BH = the sum of the opponents' scores; an unplayed round counts the player's own score (2024) or that score capped (2026: at the scheduled opponent's score, or without an opponent at a draw's points in every round) (C.07 8.1, 16)
tbx-BH-C1 = Buchholz without its lowest value, a voluntarily unplayed round's value cut first (C.07 14.1, 14.6)
tbx-BH-M1 = Buchholz without its lowest and highest values (C.07 14.3)
tbx-SB = the sum of each round's Buchholz value times the points scored in it (C.07 8.2)
tbx-DE = points in the games among the tied players, when it can separate them (C.07 6)
tbx-WIN = rounds with a win's points, played or not (C.07 7.1)
tbx-WON = games won over the board (C.07 7.2)
tbx-BPG = games played over the board with Black (C.07 7.3)
tbx-BWG = games won over the board with Black (C.07 7.4)
tbx-PS = the sum of the running scores after each round (C.07 9)
tbx-ARO = the average rating of the opponents met over the board, rounded (C.07 10.1)
tbx-STD = 1 point per round worth more than a draw, ½ for a draw's points, whatever the point system (C.07, 2026)
tbx-REP = games played plus rounds with a win's points without playing; formerly GE (C.07, 2026)
tbx-RTNG = the player's own rating, highest first; an unrated player counts 0 (C.07, 2026)
tbx-RTNG-R = the player's own rating, lowest first; an unrated player counts 0 (C.07, 2026)
tbx-TPN = the starting rank, lowest first (C.07, 2026)
tbx-TPN-R = the starting rank, highest first (C.07, 2026)
tbx-KS = the points scored in games against the opponents with at least half the maximum score (Koya, C.07, for round robins)

## Result echo (tournament result)
result-line = round { $round }, board { $board }: { $white } (White) { $score } { $black } (Black)

## Byes (tournament bye)
bye-half = half-point
bye-zero = zero-point
bye-full = full-point
bye-pab = pairing-allocated
bye-line = round { $round }: player { $player } { $kind } bye

## Play-out adjudication: the rule that decided (arbiter adjudicate)
basis-checkmate = checkmate
basis-stalemate = stalemate
basis-seventyfive-moves = 75-move rule
basis-fivefold-repetition = fivefold repetition
basis-dead-position = dead position
basis-tablebase = tablebase
basis-forced-mate = forced mate
basis-known-draw = known drawn material
basis-lone-king = lone-king rule
basis-lone-king-after-exchanges = lone-king rule, after the exchanges
basis-king-and-pawns = lone-king rule, against king and pawns
basis-material = material and position

## Winnability: how it was shown (arbiter winnable)
method-game-over = game over
method-material = material
method-blockade = blockade
method-helpmate = helpmate search
method-exhaustive-search = exhaustive search
method-reference-solver = reference solver (CHA-Solver)
method-none = undecided
winnable-side = { $side }: { $code }
winnable-helpmate = {" "}(helpmate: { $line })
winnable-nodes = {" "}[{ $method }, { $nodes } nodes]
winnable-nodes-limit = {" "}[{ $method }, { $nodes } nodes, limit hit]
winnable-dead = dead position (Laws 5.2.2)
winnable-summary = { $positions } positions analysed, { $errors } lines unreadable; { $white }; { $black }; { $seconds } s
winnable-summary-white = White: { $winnable } winnable, { $unwinnable } unwinnable, { $undetermined } undetermined
winnable-summary-black = Black: { $winnable } winnable, { $unwinnable } unwinnable, { $undetermined } undetermined

## The judge's verdict (arbiter judge; English output itself is the verdict's Display)
article-laws = Laws { $n }
article-cr = CR { $n }
side-white = White
side-black = Black
by-white = White
by-black = Black
reason-checkmate = checkmate
reason-stalemate = stalemate
reason-insufficient_material = insufficient material
reason-dead_position = dead position
reason-fivefold_repetition = fivefold repetition
reason-seventyfive_moves = 75 moves
reason-threefold_repetition_claim = correct threefold repetition claim
reason-fifty_moves_claim = correct fifty-move claim
reason-draw_agreement = draw agreed
reason-resignation = resignation
reason-resignation_opponent_cannot_mate = resignation, but the opponent cannot mate
reason-two_illegal_moves = two counted illegal moves
reason-two_illegal_moves_opponent_cannot_mate = second illegal move, but the opponent cannot mate
reason-refusal_to_continue = refusal to continue after three requests
reason-flag_fall = flag fall
reason-flag_fall_opponent_cannot_mate = flag fall, but the opponent cannot mate
reason-illegal_position_on_board = an illegal position stands on the board
reason-adjudication_required = play-out time over: the arbiter adjudicates
reason-adjudicated = adjudicated after the play-out
reason-reported_result = result reported by the players
reason-result_not_recorded = result not recorded: a loss for both
reason-unfinished = game unfinished
reason-electronic_device = an electronic device used at the board
reason-cheating = proven cheating
reason-left_the_round = left the round
reason-coerced_declaration_void = a declaration made under coercion is void
status-counted_noticed = counted, noticed by the arbiter
status-counted_claimed = counted, claimed by the opponent
status-played_on = not counted, played on
status-taken_back = not counted, taken back
status-not_noticed = not counted, not noticed
status-after_game_end = not counted, after the end of the game
verdict-head = { $white } – { $black }: { $result } ({ $why }) after { $plies } plies
verdict-illegal = {"  "}illegal move at ply { $ply } by { $by }: { $move } — { $kind } ({ $article }), { $status }
verdict-two-handed = {"  "}two-handed moves by { $by }: { $observed } observed, { $counted } counted
verdict-claim = {"  "}claim by { $by } ({ $claim }): { $verdict } — { $explanation } ({ $article })
claim-correct = correct
claim-incorrect = incorrect
verdict-after-end = {"  "}moves recorded after the end: { $n }
verdict-reported-agrees = {"  "}reported result { $result } agrees with the board
verdict-reported-disagrees = {"  "}reported result { $result } DISAGREES (CR 4.2): { $why }
record-ambiguous_san = {"  "}record: { $move } at ply { $ply } fits several legal moves ({ $candidates }), so it is not guessed: judging stopped there, moves not judged: { $n }
record-unplayable_san = {"  "}record: { $move } at ply { $ply } is a move no piece on the board can make: judging stopped there, moves not judged: { $n }
record-unreadable_token = {"  "}record: "{ $move }" at ply { $ply } cannot be read as a move (the PGN reader skips it): judging stopped there, moves not judged: { $n }
record-inexact_san = {"  "}record: { $move } at ply { $ply } does not name a legal move exactly; the one legal move of that piece to that square was taken
record-recovered_plies = {"  "}record: the board did not show the plies from { $ply } on (its link was down); exactly one legal sequence leads to the board it showed after: { $move }, taken
record-board_gap = {"  "}record: the board did not show the plies from { $ply } on (its link was down), and they cannot be known: { $candidates ->
    [none] no legal sequence of at most 8 plies leads to the board it showed after; the game goes on from that board
   *[other] several legal sequences lead to the board it showed after ({ $move }; { $candidates }); the first is taken
    }; the moves there are uncertain
verdict-irregular = {"  "}the board holds an irregular position
verdict-touch-replaced = {"  "}touch-move: { $move } by { $by } replaced, the player must { $duty } ({ $article })
verdict-touch-ignored = {"  "}touch-move: { $move } by { $by } ignores the obligation again, { $duty } ({ $article })
verdict-touch-lifted = {"    "}the board shows the piece lifted; it cannot see a "j'adoube"
verdict-conduct-decided = {"  "}conduct: { $kind } by { $by }, the game is lost ({ $article })
verdict-conduct-recorded = {"  "}conduct: { $kind } by { $by }, recorded ({ $article })
conduct-device = an electronic device at the board
conduct-cheating = proven cheating
conduct-left = left the round
verdict-coercion = {"  "}coercion (event { $index }): { $effect } ({ $article })
touch-duty-move = move the { $piece } on { $square }
touch-duty-capture = capture the { $piece } on { $square }
touch-duty-capture-with = capture on { $target } with the piece on { $with }
touch-duty-castle = castle with the rook on { $rook }
touch-duty-any = any legal move (no touched piece can be moved or captured)
tr-touch = touch { $square } by { $side }
tr-touch-bare = touch
tr-touch-opponent-turn = on the opponent's turn: accidental, no obligation
tr-touch-adjusted = adjusted after "j'adoube": no obligation
tr-touch-empty = no piece there: nothing binds
tr-touch-deliberate = deliberate: binds if the opponent claims
tr-touch-lifted = the board shows the piece lifted (it cannot see a "j'adoube"): binds if the opponent claims
tr-touch-ignored-again = ignores the touch-move obligation again ({ $duty })
touch-claim-touched = too late: the claimant had touched a piece to move it
touch-claim-none-could = none of the touched pieces could be moved or captured: the move stands
touch-claim-fulfils = the move made fulfils the obligation ({ $duty })
touch-claim-replaced = { $move } is replaced: the player must { $duty }
touch-claim-must = the player must { $duty }
touch-claim-none-can = none of the touched pieces can be moved or captured: any legal move
touch-claim-moved-since = too late: the claimant has moved since
touch-claim-adjusted = the opponent only adjusted a piece after announcing "j'adoube"
touch-claim-no-touch = the opponent deliberately touched no piece on his turn
tr-conduct = conduct { $code } by { $side }
tr-conduct-loses = the player loses: { $result }
tr-conduct-recorded = recorded; the result stands
tr-coercion-bare = coercion
tr-coercion = coercion: event { $target }
declaration-resignation = the resignation
declaration-draw_offer = the draw offer
declaration-draw_acceptance = the acceptance of the draw
declaration-refusal = the refusal
coercion-nothing = event { $target } is no resignation, draw offer, acceptance or refusal: nothing voided
coercion-goes-on = { $declaration } is void: the game goes on
coercion-scored = { $declaration } is void and the game could not go on: scored { $result } for { $side }
coercion-withdrawn = { $declaration } is void: withdrawn
coercion-refusals = { $declaration } is void: { $n } refusal(s) count
coercion-undecided = { $declaration } is void; it had not decided the game
verdict-mate-winnable = {"  "}{ $side } can still mate ({ $method }): { $line }
verdict-mate-unwinnable = {"  "}{ $side } cannot mate by any series of legal moves ({ $method })
verdict-mate-undetermined = {"  "}{ $side } is not proved unable to mate ({ $method })
verdict-final = {"  "}final position: { $fen }

# arbiter judge --format pgn: the comments of a judged game
pgn-illegal = illegal move by { $by } at ply { $ply }: { $move }, { $kind } ({ $article }), { $status }
pgn-touch = { $side } touched the piece on { $square } (Laws 4.3)
pgn-touch-adjust = { $side } adjusted the piece on { $square } after saying "j'adoube" (Laws 4.2.1)
pgn-cut = from ply { $ply } (by { $by }) the board holds a position no legal move reaches, which SAN cannot write; the plies played on the board: { $plies }; final position: { $fen }
pgn-cut-gap = from ply { $ply } (by { $by }) the moves go on from the board as it stood after the gap, which the moves before do not reach, so SAN cannot write them; the plies played on the board: { $plies }; final position: { $fen }
pgn-verdict = the arbiter's verdict: { $result } ({ $why })
pgn-round-forfeit-black = forfeit: Black did not appear (CR 4.4), no game was played
pgn-round-forfeit-white = forfeit: White did not appear (CR 4.4), no game was played
pgn-round-double-forfeit = neither player appeared (CR 4.4): no game was played, both lose
pgn-round-double-loss = the result was not recorded and is lost or disputed: a loss for both (CR 4.2)
judge-game = { $file } game { $index }
judge-failed-line = { $file }:{ $line }: game { $index }: { $reason }
judge-failed-byte = { $file }: game { $index } (byte offset { $offset }): { $reason }
judge-failed = { $file }: game { $index }: { $reason }
board-no-move = no move
board-livechess-differs = LiveChess reads the moves differently from ply { $ply }: ours { $ours }, LiveChess { $livechess }
board-livechess-left-out = { $count ->
    [one] one frame left out: it holds no position (line { $line }); the link's fault, not a player's
   *[other] { $count } frames left out: they hold no position (the first at line { $line }); the link's fault, not a player's
}

## Play-out adjudication (arbiter adjudicate; English output itself is the adjudication's Display)
adj-position = position:       { $fen }
adj-review = result:         review (arbiter's call; recommended { $recommended })
adj-result = result:         { $result }
adj-basis = basis:          { $basis } ({ $reference })
adj-material = material:       { $wb }–{ $bb } before, { $wa }–{ $ba } after exchanges
adj-mating-line = mating line:    { $line }
adj-game = { $file } game { $index }:
adj-irregular = the final position is irregular ({ $fen }): nothing to adjudicate
adj-unreadable-record = the record cannot be read at ply { $ply } ({ $move }): { $n } moves not judged, so its last position is unknown
adj-board-log = a digital board log: adjudicate its PGN or event log
adj-event-line = line { $line }: { $reason }
adj-nothing-given = --fen or a game file is required
adj-fen-warning = arbiter: warning: --fen: { $warning }
adj-setting-mate_plies = mate_plies
adj-setting-lone_king_margin = lone_king_margin
adj-setting-syzygy_dir = syzygy_dir
adj-setting-win_margin = win_margin
adj-setting-draw_margin = draw_margin
adj-setting-engine = engine
adj-setting-win_cp = win_cp
adj-setting-draw_cp = draw_cp

## Play-out adjudication: what each rule found (the `reasons` of arbiter adjudicate; codes in JSON)
adj-checkmated = { $side ->
        [white] White
       *[black] Black
    } has checkmated
adj-stalemate = stalemate
adj-fivefold = position occurred { $count } times
adj-seventy-five = { $plies } plies without capture or pawn move
adj-not-over = the game is not over by rule
adj-dead = dead position: neither side can mate by any series of legal moves
adj-not-dead = not dead: White { $white }, Black { $black }
adj-tb-unavailable = tablebase unavailable: { $error }
adj-tb-none = no tablebase directory configured
adj-tb-castling = castling rights: tablebases do not apply
adj-tb-pieces = { $pieces } pieces, tables have at most { $max }
adj-tb-probe-failed = probe failed: { $error }
adj-tb-result = tablebase: { $wdl } for the side to move ({ $side ->
        [white] White
       *[black] Black
    })
adj-mates-by-force = { $side ->
        [white] White
       *[black] Black
    } mates by force in { $plies } plies: { $line }
adj-mated-by-force = { $side ->
        [white] White
       *[black] Black
    } is mated by force in { $plies } plies: { $line }
adj-no-forced-mate = no forced mate within { $plies } plies
adj-no-forced-mate-incomplete = no forced mate within { $plies } plies (node limit hit: search incomplete)
adj-drawn-pattern = { $pattern }
adj-no-drawn-pattern = no known drawn pattern
adj-captures-pending = captures are pending: judged after the exchanges
adj-balance = material { $white_before }–{ $black_before } (balance { $balance_before }), after exchanges { $white_after }–{ $black_after } (balance { $balance_after })
adj-balance-via = material { $white_before }–{ $black_before } (balance { $balance_before }), after exchanges { $white_after }–{ $black_after } (balance { $balance_after }) via { $line }
adj-exchanges-dead = after the exchanges { $line }: dead position, neither side can mate
adj-exchanges-pattern = after the exchanges { $line }: { $pattern }
adj-lone-king = { $side ->
        [white] White
       *[black] Black
    } is { $margin } up against a lone king with mating potential
adj-king-and-pawns = { $side ->
        [white] White
       *[black] Black
    } is { $margin } up against king and pawns with mating potential
adj-lone-king-after-exchanges = { $side ->
        [white] White
       *[black] Black
    } is { $margin } up against a king the exchanges leave alone, with mating potential
adj-lone-king-short = { $side ->
        [white] White
       *[black] Black
    } has only king and pawns, but the margin { $margin } or mating potential is not enough
adj-no-lone-king = no lone king (or king and pawns only) facing an advantage
adj-equal = roughly equal (balance { $balance })
adj-ahead-cannot-mate = { $side ->
        [white] White
       *[black] Black
    } is ahead but cannot mate by any series of legal moves
adj-clearly-better = { $side ->
        [white] White
       *[black] Black
    } is clearly better: { $margin } up with mating potential
adj-call-no-potential = arbiter's call: { $side ->
        [white] White
       *[black] Black
    } is { $margin } up but has no mating potential; recommended { $recommended }
adj-call-passed-pawn = arbiter's call: { $side ->
        [white] White
       *[black] Black
    } is { $margin } up with a passed pawn outside the defending king's square; recommended { $recommended }
adj-call-between = arbiter's call: { $side ->
        [white] White
       *[black] Black
    } is { $margin } up, between the draw and win margins; recommended { $recommended }
adj-rule-line = {"  "}rule { $rule } [{ $reference }] { $decided ->
        [yes] decided
       *[no] -
    }: { $text }
adj-search = search:         { $nodes } nodes, mate depth { $depth } plies{ $limit ->
        [yes] , limit hit
       *[no] {""}
    }
winnability-winnable = winnable
winnability-unwinnable = unwinnable
winnability-undetermined = undetermined
wdl-win = win
wdl-loss = loss
wdl-draw = draw
wdl-cursed_win = cursed win (a win that the 50-move rule turns into a draw)
wdl-blessed_loss = blessed loss (a loss that the 50-move rule turns into a draw)
wdl-maybe_win = win or cursed win
wdl-maybe_loss = loss or blessed loss
pattern-two_knights_vs_king = K+N+N v K (two knights cannot force mate)
pattern-minor_vs_minor = K+minor v K+minor without pawns
pattern-rook_vs_minor = K+R v K+minor without pawns
pattern-rook_and_minor_vs_rook = K+R+minor v K+R without pawns
pattern-wrong_rook_pawn = K+B+rook pawn v K, wrong-coloured bishop, defending king in the corner
pattern-opposite_coloured_bishops = opposite-coloured bishops with at most two extra pawns
pattern-queen_vs_seventh_rank_pawn = K+Q v K+rook or bishop pawn on the seventh, supported by its king, the queen's king far
pattern-king_in_front_of_pawn = K+P v K with the defending king in front of the pawn

## The judge's trace (arbiter judge --trace; JSON event_note / decision_note; English is the JSON text)
tr-header = header
tr-reply = reply
tr-move-bare = move
tr-move = move { $move }
tr-two-handed-move = two-handed move { $move }
tr-draw-accepted = draw accepted by { $side }
tr-draw-offer = draw offer by { $side }
tr-draw-rejected = draw rejected by { $side }
tr-refusal-by = refusal to continue by { $side }
tr-lose = { $code } by { $side }
tr-playout = play-out expired
tr-illegal-act = illegal act
tr-notice-illegal = arbiter notice: illegal move
tr-illegal-called = illegal move called
tr-notice-two-handed = arbiter notice: two-handed move
tr-two-handed-called = two-handed move called
tr-take-back = take-back
tr-claim = claim { $name } by { $side }
tr-set-up = game set up
tr-played-on = the illegal move was not claimed before the reply: played on
tr-offer-touch = the standing draw offer is rejected by touching a piece
tr-two-handed-pending = counts only if noticed or claimed before the reply
tr-irregular-move = made in an irregular position: not validated
tr-legal = legal
tr-legal-ends = legal; the game ends: { $code }
tr-token = token { $text }
tr-record-problem = record problem: { $name }
tr-gap = the board's record has a gap ({ $plies } plies)
tr-after-end-move = after the end of the game ({ $code })
tr-no-offer = no standing offer by the opponent: nothing to accept
tr-too-early = not valid before both players have made a move
tr-agreed = drawn by agreement
tr-offer-stands = offer stands until accepted, rejected or a piece is touched
tr-offer-withdrawn = offer withdrawn from the board
tr-refusal = refusal { $n } of { $limit }
tr-already-over = ignored: the game was already over
tr-game-ends = the game ends { $result }
tr-adjudicated = adjudicated { $result } ({ $basis_code }: { $note })
tr-arbiters-call = unfinished: arbiter's call, recommended { $recommended } ({ $note })
tr-adjudication-required = unfinished: adjudication required
tr-illegal = illegal ({ $code }); counts if noticed or claimed before the reply
tr-after-end = after the end ({ $code })
tr-last-move-legal = the last move was legal, or was already played on
tr-own-move = a player cannot claim against his own move
tr-claimed-counted-restored = claimed before the reply: counted, position before it restored
tr-illegal-counted = counted ({ $count } of { $limit }); the position before it is restored
tr-already-over-nothing = the game is already over ({ $code }): nothing is counted
tr-no-two-handed = no two-handed move by the opponent to call
tr-claimed-counted = claimed before the reply: counted
tr-two-handed-counted = two-handed move { $counted } counted ({ $per } make one illegal move)
tr-take-back-agreed = illegal move taken back by agreement: not counted
tr-take-back-completed = a completed legal move was taken back; { $article } forbids it, the board is put back as the players did
tr-claim-decision = { $correct ->
        [yes] correct
       *[no] incorrect
    }: { $explanation }
tr-claim-over = the game was already over
tr-appeared = the position has appeared { $count } times (9.2.2)
tr-intended-repeats = the intended move repeats the position a third time (9.2.1)
tr-appeared-only = the position has appeared { $count ->
        [one] { $count } time
       *[other] { $count } times
    } only
tr-intended-would = after the intended move the position would have appeared { $after } times (9.2.1)
tr-intended-only = after the intended move the position would have appeared { $after ->
        [one] { $after } time
       *[other] { $after } times
    } only (9.2.1; the current position: { $count ->
        [one] { $count } time
       *[other] { $count } times
    })
tr-plies-without = { $plies } plies without pawn move or capture (9.3.2)
tr-intended-fifty = the intended move completes 50 moves each (9.3.1)
tr-only-plies = only { $plies } plies without pawn move or capture
tr-reached-illegally = the position on the board was reached by an illegal move
tr-only-on-move = only the player on move may claim
tr-claim-irregular = the board holds an irregular position
tr-line = {"    "}[{ $index }] ply { $ply }: { $event } -> { $decision }
claim-illegal_move = illegal move
claim-two_handed = two-handed move
claim-threefold = threefold repetition
claim-fifty_moves = fifty moves
claim-touch_move = touch-move
problem-ambiguous_san = ambiguous SAN
problem-inexact_san = inexact SAN
problem-unplayable_san = unplayable SAN
problem-unreadable_token = unreadable move text
problem-recovered_plies = plies recovered after a gap
problem-board_gap = gap in the board's record

## Illegal acts by kind (the JSON kind codes)
illegal-captures_own_piece = a piece moved onto a square occupied by its own side
illegal-bishop_movement = a bishop moved other than along a diagonal
illegal-rook_movement = a rook moved other than along a file or rank
illegal-queen_movement = a queen moved other than along a file, rank or diagonal
illegal-passes_over_piece = a piece passed over another piece
illegal-knight_movement = a knight moved other than as a knight
illegal-pawn_forward_onto_piece = a pawn moved forward onto an occupied square
illegal-pawn_movement = a pawn moved other than its rules allow
illegal-pawn_double_step_not_from_start = a two-square pawn advance not from its original square
illegal-pawn_double_step_blocked = a two-square pawn advance over or onto an occupied square
illegal-pawn_diagonal_to_empty_square = a pawn moved diagonally to an empty square
illegal-en_passant_not_available = en passant not available
illegal-missing_promotion = a pawn on the last rank not exchanged
illegal-invalid_promotion = an invalid promotion
illegal-king_movement = a king moved other than to an adjoining square
illegal-castling_king_moved = castling after the king has moved
illegal-castling_rook_moved = castling with a rook that has moved
illegal-castling_out_of_check = castling out of check
illegal-castling_through_attacked_square = castling through an attacked square
illegal-castling_into_check = castling into check
illegal-castling_pieces_between = castling with a piece between king and rook
illegal-king_onto_attacked_square = the king moved onto an attacked square
illegal-leaves_king_in_check = the move leaves the king in check
illegal-exposes_king_to_check = the move exposes the king to check
illegal-out_of_turn = a move out of turn
illegal-piece_added = a piece added to the board
illegal-piece_removed = a piece removed from the board
illegal-two_pieces_moved = two pieces moved in one move
illegal-incomplete_castling = castling left incomplete
illegal-incomplete_promotion = promotion left incomplete
illegal-incomplete_en_passant = en passant left incomplete
illegal-no_such_move = no such move
illegal-null_move = a null move
illegal-move_after_checkmate = a move after checkmate
illegal-two_handed_moves = two-handed moves

# Pawn endings and the UCI engine in play-out adjudication (CR 4.3–4.5).
basis-pawn-ending = pawn ending
basis-engine = engine evaluation
pawn-rule-square = rule of the square
pawn-rule-key-squares = key squares
pawn-rule-opposition = opposition
pawn-rule-king-in-front = king in front of the pawn
pawn-rule-rook-pawn = rook pawn
pawn-rule-wrong-bishop = rook pawn and wrong-coloured bishop
pawn-rule-defender-wins-pawn = the defending king takes the pawn
pawn-rule-connected = connected passed pawns
pawn-rule-protected = protected passed pawn
pawn-rule-pawns-against-king = pawns against a lone king
pawn-rule-race = pawn race
pawn-rule-outside = outside passed pawn
pawn-rule-extra-passed-pawn = extra passed pawn
pawn-rule-exact-search = small pawn ending solved exactly
adj-pawn-rule = pawn-ending rule: { $rule }
adj-engine = engine: { $eval }, line { $line }
adj-repeated = the position has occurred { $count } times in the game

## FEN positions refused or warned about (game::setup)
fen-invalid = invalid FEN "{ $fen }": { $problems }
fen-impossible = { $what } ({ $article }: no series of legal moves can reach this position)
fen-syntax = not FEN (expected: pieces, side to move, castling, en passant, halfmove clock, fullmove number)
fen-invalid_ep_square = the en-passant square is not one a pawn has just passed over
fen-bad_castling_rights = castling rights without the king and rook on their original squares
fen-impossible_check = a check that no legal move can have given
fen-opposite_check = the side not to move is in check
fen-too_many_checkers = more than two pieces give check
fen-too_many_kings = more than one king of a colour
fen-no_white_king = there is no white king
fen-no_black_king = there is no black king
fen-pawns_on_backrank = a pawn stands on the first or last rank
fen-impossible_material = more material than a game can produce, or an empty board
fen-fullmove_zero = fullmove number 0: FEN counts moves from 1 (read as 1)

## The arbiter's desk (arbiter serve)
serve-setup = arbiter serve: { $file } does not exist yet: the desk opens on the form that creates the event
serve-open = arbiter serve: open { $url } in a browser (Ctrl-C stops)
serve-eboards-refused = LiveChess at { $url } lists { $listed } e-boards; { $refused } of them are not followed: the desk follows at most { $limit } e-boards (more with --limit eboards=N).
serve-eboard-garbage = E-board { $serial } sends frames that are not positions: { $count } more were left out (neither kept nor shown).
serve-capture-limit = The capture of board { $board } of round { $round } reached its limit of { $limit } (--limit game=SIZE): what e-board { $serial } sends for it is no longer kept.
serve-tablet-qr = The QR code above is the same address with its access token: a tablet or phone on this network opens it with its camera. Without the token the desk shows nothing and changes nothing.
serve-screen = The hall's screens (pairings and standings, read only; the players' details stay behind the token): { $url } — also as a QR code on the page /connect.
serve-public = The public view for parents and coaches (results, read only; no token): { $url }
serve-public-url-bad = «{ $url }» is not an address a phone can open: give it whole, as http://… or https://… (for example https://chess.school.ru/)
serve-public-loopback = The public view listens on a loopback address: no phone can open it (the wall sheet and the screen print it as it is). For parents on the venue's network give --public 0.0.0.0:PORT, or --public-url with the address they reach.
public-title = Results
public-nav-event = Event
public-playing = playing
public-playing-count = { $count ->
    [one] one game in progress
   *[other] { $count } games in progress
}
public-qr-caption = Results on your phone:
public-nav-boards = Boards
public-boards-title = Games on e-boards
public-board-label = Board { $board }: { $white } — { $black }
public-boards-delay = Moves are shown { $minutes } min late.
public-boards-no-delay = Moves are shown as they are made.
public-boards-refresh = The page reloads every { $seconds } s.
public-boards-no-moves = No moves yet.
public-boards-none = No game of this round is played on an e-board.
public-pgn = Round { $round } games (PGN)
public-not-paired = Round 1 is not paired yet.
public-error-method = The public view only shows pages ({ $method } refused).
public-error-too-many = Too many requests from your address: wait a second and reload the page.
public-error-unavailable = The results cannot be shown just now: try again in a moment.
public-error-no-event = The event has not been set up yet: its results will appear here.
public-error-title-unavailable = Results not available
public-error-no-group = This event has no such group: choose one on the event's page.
serve-error-state = cannot serve { $file }
serve-error-bind = cannot listen on { $addr }
serve-error-io = the server stopped: { $reason }
web-nav-event = Event
web-nav-players = Players
web-nav-round = Round { $round }
web-nav-standings = Standings
web-nav-crosstable = Crosstable
web-event-title = Event
web-players-title = Players
web-round-title = Round { $round }
web-standings-title = Standings
web-standings-narrow = On a narrow screen some columns are hidden (starting rank, rating, tie-breaks): a wide screen and the printout show the whole table.
web-crosstable-title = Crosstable
web-standings-after = { $round ->
    [0] standings before round 1
   *[other] standings after round { $round }
}
web-event-summary = { $players } players, { $rounds } rounds planned, { $paired } paired.
web-next-register = Next: register the players (at least two).
web-next-results = Next: enter the results of round { $round } ({ $missing } missing).
web-next-pair = Next: pair round { $round }.
web-next-done = All rounds are played: print the standings.
web-pair-round = Pair round { $round }
web-rounds = Rounds
web-round = Round
web-games = Games
web-results-in = Results in
web-round-finished = all results in
web-round-playing = games in progress
web-print = Print sheet
web-print-now = Print
web-missing = { $missing } result(s) missing
web-paired-why = Why this pairing:
web-no-floaters = no floaters: every game is between players on equal points
web-bye-why = Bye
web-correct = Correct…
web-confirm-correction = I confirm the correction
web-group = Group
web-setup-title = A new event
web-setup-intro = The file { $file } does not exist yet: set up the event here and it is created (the event's database).
web-setup-event-legend = The event
web-setup-groups-legend = Groups
web-setup-groups-hint = One group: leave its name empty. Several groups (grades 1–2 and 3–4, boys and girls) play in one event on the same day: name each. A round robin (Berger tables) takes 3 to 24 players; its rounds are its table's, set when round 1 is paired.
web-setup-tie-breaks-legend = Tie-breaks (C.07)
web-setup-tie-breaks-hint = The children's default (detsky-mat): { $children }. FIDE's: { $fide }. A round robin group keeps its own: { $rr }. Each group's order can be changed on the event's page.
web-setup-create = Create the event
web-setup-first = The event is not set up yet: open /setup and create it first.
web-setup-exists = The event has been created meanwhile (another tab or the command line): nothing was changed; open the event's page.
web-error-tie-break = { $value } is not a tie-break of C.07
web-error-system = { $value } is not a pairing system (swiss, round-robin, double-round-robin)
web-error-no-rounds = A group needs at least one round.
web-event-group-legend = The system and the tie-breaks
web-event-group-legend-named = Group «{ $group }»: the system and the tie-breaks
web-event-system = System
web-event-system-fixed = Round 1 is paired: the system can no longer change.
web-event-tie-breaks-default = Default for this group: { $order }.
web-tie-breaks-order = Tie-breaks after points, in order (a place left empty is skipped):
web-tie-break-place = Tie-break { $place }
web-group-add-legend = Add a group
web-group-first-name = Name of the group there is now
web-group-name = Group
web-group-add-hint = A group has its own players, system, rounds and standings; the group chooser then shows under the menu.
web-group-add = Add the group
web-groups-all = All groups
web-groups-title = All groups
web-groups-line = { $players } players, { $paired } of { $total } rounds paired
web-groups-round = round { $round }: { $done } of { $boards } results in
web-groups-not-paired = no round paired yet
web-system = Pairing system
web-team-all-groups = The team result of every group together
web-team-this-group = The chosen group only
web-team-uneven = The groups have played different numbers of rounds ({ $rounds } by group): the children's points are summed as they are.
web-team-title = School team result
web-team-ties = Equal sums: the lower sum of the counted children's places, then the better best place.
web-team-place = Place
web-team-school = School
web-team-points = Points
web-team-places = Places summed
web-team-children = Children counted (place; points)
web-team-incomplete = fewer children than counted
web-team-diplomas = Team diplomas (schools placed 1–3, A4)
web-team-link = School team result
web-result-1 = White won
web-result-2 = Draw
web-result-3 = Black won
web-result-4 = White wins by forfeit
web-result-5 = Black wins by forfeit
web-result-6 = Double forfeit
web-result-7 = Both lose (CR 4.2)
web-incidents = Incidents
web-upload-log = Judge a board's event log or e-board log
web-log-file = Log file
web-judge = Judge
web-playout = Play-out expired: adjudicate the position
web-adjudicate = Adjudicate
web-verdict-title = Verdict, board { $board }
web-verdict-reasons = The judge's verdict and its reasons
web-verdict-would = Result to record: { $result }
web-decided-by = { $by ->
    [reported] entered as the players reported it
    [judge] by the game's record
    [adjudication] adjudicated (CR 4.3)
    [forfeit] forfeit (CR 4.4)
   *[override] the chief arbiter's decision
}
web-verdict-recorded-contradicts = The board already has the result { $recorded } ({ $by }). The game's record contradicts it: it gives { $judge } (CR 4.2). Confirming replaces { $recorded }; the earlier result stays in the board's history, the journal and the report.
web-verdict-recorded-same = The board already has the same result { $recorded } ({ $by }): the game's record confirms it.
web-verdict-recorded-replaces = The board already has the result { $recorded } ({ $by }): confirming replaces it; the earlier result stays in the board's history.
web-adjudication-recorded-differs = The board already has the result { $recorded } ({ $by }), and the adjudication gives { $proposed }. Confirming replaces { $recorded }; the earlier result stays in the board's history, the journal and the report.
web-adjudication-recorded-same = The board already has the same result { $recorded } ({ $by }): the adjudication confirms it.
web-history-contradicted = { $result } was recorded ({ $by }); the game's record contradicted it (CR 4.2), replaced: { $replaced_by }{ $when ->
    [none] {""}
   *[other] , { $when }
}{ $who ->
    [none] {""}
   *[other] , { $who }
}
web-history-replaced = { $result } was recorded ({ $by }), replaced: { $replaced_by }{ $when ->
    [none] {""}
   *[other] , { $when }
}{ $who ->
    [none] {""}
   *[other] , { $who }
}
web-decide = The arbiter's decision
web-confirm-record = Confirm and record
web-adjudication-title = Adjudication, board { $board }
web-adjudication-reasons = The adjudication and its reasons
web-adjudication-review = The rules leave this position to the arbiter: the recommendation is preselected.
web-start-list-open = Start list as ranked (rating, title, name); starting ranks are fixed when round 1 is paired.
web-start-list-frozen = Start list (fixed since round 1 was paired).
web-reorder-note = The ranking differs from the order of registration (in brackets).
web-apply-ranking = Apply the ranking
web-register = Register a player
web-name-placeholder = Surname Given name
web-birth-date = Birth date
web-grade = Grade
web-club = Club
web-add = Add
web-withdraw = Withdraw a player (CR 1.4)
web-from-round = from round
web-withdraw-button = Withdraw
web-out-from = out from round { $round }
web-forbid = Forbid a pair (siblings, same club)
web-reason = Reason
web-reason-placeholder = siblings
web-forbid-button = Forbid
web-forbidden-pairs = Forbidden pairs
web-back = Back
web-reload = Reload the page
web-error-title = Not done
web-error-stale = The event changed meanwhile (another tab or the command line): reload the page and try again.
web-error-token = This desk needs its access token: open the address that arbiter serve printed (with ?token=), or scan its QR code. Nothing was shown or changed.
web-error-stopping = The desk is stopping: nothing was changed. Start it again and repeat the change.
web-error-has-result = Round { $round }, board { $board } already has a result, { $result }. To change it, use "Correct…" and confirm.
web-error-unfinished = Round { $round } is not finished: { $missing } result(s) missing.
web-error-no-round = Round { $round } is not paired.
web-error-no-board = Round { $round } has no board { $board }.
web-error-no-game-players = Round { $round } has no game between { $white } and { $black }.
web-error-not-number = { $field }: "{ $value }" is not a number.
web-error-missing = { $field }: missing.
web-error-birth-date = The birth date "{ $date }" is not a real date written DD.MM.YYYY or YYYY/MM/DD (or a year YYYY).
web-error-title-not-found = Not found
web-field-entry = Entry number
web-field-board = Board
web-field-player = Player number
web-field-rating = Rating
web-field-from_round = From round
web-field-a = First player
web-field-b = Second player
web-forced-pairing = Paired by hand and recorded although the checks found problems; the arbiter's reason: { $reason }
web-manual-title = Round { $round } paired by hand
web-manual-link = or pair by hand…
web-manual-intro = Set the boards you pair yourself (White, Black) and the bye if you give it; the Dutch pairer pairs the others, or you set every board. The checks are shown before anything is recorded.
web-manual-bye = Bye (one point, CR 1.3)
web-manual-rest-auto = The other players: paired by the Dutch pairer
web-manual-rest-none = No other players: every board is set above
web-manual-check = Check the pairing
web-manual-fixed = set by hand
web-manual-by-pairer = by the pairer
web-manual-bye-line = Bye: { $player }
web-manual-issues = The checks find problems. Pair differently, or record it all the same with your reason (the round keeps it as a forced pairing):
web-manual-ok = The checks pass: no rematch, no forbidden pair, nobody left out.
web-manual-reason = Your reason for recording it all the same
web-manual-force = Record the forced pairing
web-manual-record = Record the pairing
web-manual-again = Pair differently
web-error-manual-board = "{ $board }" is not a board written White-Black.
web-error-manual-half = Board { $board }: choose both White and Black, or neither.
web-error-manual-empty = No board is set: choose the players of at least one board, or let the pairer pair the others.
web-error-manual-refused = The pairing is refused: { $problems }. Pair differently, or give your reason to force it.
web-delete-player = Delete player { $player }
web-delete-confirm = { $name } was registered by mistake: delete { $sex ->
        [f] her
        [m] him
       *[other] the player
    } from the list
web-delete-button = Delete
web-delete-frozen = Round 1 is paired: a player who leaves now is withdrawn, not deleted.
web-error-delete-confirm = Tick the box to confirm the deletion.
web-field-round = Round
web-field-index = Forbidden pair
web-field-rounds = Number of rounds
web-field-white = White
web-field-black = Black
web-event-edit = Edit the event
web-event-edit-title = The event's settings
web-event-edit-legend = Name, rounds, rules, dates, venue, arbiters
web-event-name = Name
web-event-rounds = Rounds
web-event-edition = Tie-break rules
web-error-edition = The tie-break rules are fide2024 or fide2026.
web-edition-fide2024 = FIDE C.07 of 1 August 2024
web-edition-fide2026 = FIDE C.07 with the amendment of 1 March 2026
web-event-preset = Rules
web-event-start = First day
web-event-end = Last day
web-event-venue = Venue
web-event-chief = Chief arbiter
web-event-deputy = Deputy chief arbiter
web-event-rounds-hint = Rounds paired already: { $paired }; the event cannot have fewer.
web-event-dates = Dates: { $start } – { $end }
web-event-venue-line = Venue: { $venue }
web-event-chief-line = Chief arbiter: { $name }
web-event-public-legend = Public view for parents
web-event-public-delay = Delay of the e-boards' moves, minutes
web-event-public-delay-hint = The public view (serve --public) shows the moves of games on e-boards this many minutes after they are made; 0: at once (a children's event without clocks). At an event with clocks a delay keeps anyone in the hall from prompting a move.
web-event-playout-legend = Play-out (CR 4.3)
web-event-playout-minutes = Length, minutes
web-event-playout-percent = Offer it once this share of games has finished, %
web-event-playout-hint = The live round page offers the play-out on every unfinished board once this share of the round's games has finished (5 minutes and 80 % unless set).
web-event-deputy-line = Deputy chief arbiter: { $name }
web-preset-detsky-mat = Children's event (two illegal moves lose, children's tie-breaks)
web-preset-fide = FIDE Laws (second illegal move loses, FIDE tie-breaks)
web-error-preset = Choose the rules from the list.
web-error-not-found = No such page: { $path }.
web-error-no-such-round = No such round: { $value }.
web-error-no-such-board = No such board: { $value }.
web-error-no-such-group = The event has no group “{ $asked }” (its groups: { $groups }): nothing was changed. Choose the group in the “Group:” row and try again.
web-error-method = The address { $path } does not take this request ({ $method }): use the page's buttons and links.
web-error-bad-form = The form arrived in a shape it cannot be read in: reload the page and send it again.
web-error-no-name = A player needs a name.
web-error-no-result = Choose a result.
web-quick-entry = Board and result:
web-quick-entry-record = Record
web-quick-entry-hint = e.g. «4 1-0», «7 0-1», «2 =» (a draw), «5 +-» (Black did not come); Enter records
web-quick-entry-recorded = Recorded:
web-slips = Result slips
web-slips-hint = One slip per board: cut along the dashed lines; the players tick the result and sign.
web-slip-board = board { $board }
web-slip-result = Result (tick one):
web-slip-sign-white = White's signature
web-slip-sign-black = Black's signature
web-error-entry = «{ $entry }» is not a board and a result: type the board's number, a space and the result, e.g. «4 1-0», «7 0-1», «2 =» (a draw), «5 +-» (Black did not come).
web-error-confirm = Tick the confirmation box to correct a result.
web-error-no-file = Choose the log file to judge.
web-error-no-fen = Give the position as FEN.
web-error-no-verdict = The file holds no verdict.
web-error-refused = Refused: { $reason }
web-error-host = This desk answers only at its own addresses (localhost, 127.0.0.1, the address it listens on, or a name given with --allow-host); "{ $host }" is none of them, so nothing was read or changed. If it is this computer's name, start arbiter serve with --allow-host and that name.
web-error-bad-host = Refused: a request names the desk's address in exactly one valid Host header (this one sent { $host }). Nothing was read or changed.
web-no-host = none
web-error-streams = Refused: { $n } live pages are open from this device already, the most the desk keeps for one device. Close the ones you do not need.
web-error-cross-site = Refused: this request came from another site ({ $origin }), not from the desk's own pages. Nothing was changed. Make changes only on the desk's pages.
web-error-form-key = Refused: the form did not carry this desk's key for your browser session (a page opened before the server restarted, in another browser, or sent by another site). Nothing was changed: reload the page and send it again.
web-error-too-large = Refused: the request is larger than { $limit } MiB, the most the desk takes (an event log is usually under 100 KiB). Nothing was recorded: send a smaller file.
web-error-content-type = The API takes bodies as JSON only: send the header Content-Type: application/json (this request sent { $sent }). Nothing was changed.
web-no-content-type = a body without Content-Type
web-error-upload = The upload could not be read to the end ({ $reason }): choose the file and send it again.

## Pawn-ending findings (adjudication rule 5)
pawn-call = arbiter's call: { $text }
pawn-nothing = {""}
pawn-aside = { $text } (the other pawns aside)
pawn-square = K+P v K: the defending king ({ $king }) is outside the square of the pawn on { $pawn }
pawn-key-squares = K+P v K: the king on { $king } reaches a key square of the pawn on { $pawn } (opposition)
pawn-takes = K+P v K: the king on { $king } takes the pawn on { $pawn }
pawn-rook-pawn = K+rook pawn v K: the king on { $king } reaches the corner { $corner }
pawn-in-front = K+P v K: the defending king on { $king } is in front of the pawn on { $pawn }
pawn-opposition = K+P v K: the king on { $king } keeps the opposition, the king on { $strong_king } reaches no key square of the pawn on { $pawn }
pawn-outside-table = K+P v K outside the table
pawn-takes-one = the king on { $king } takes the pawn on { $pawn }; K+P v K with the other pawn is drawn
pawn-connected = connected passed pawns on { $a } and { $b } against a lone king
pawn-protected = the passed pawn on { $pawn } is protected by a pawn against a lone king
pawn-rook-pawns = rook pawns on one file: the king on { $king } holds the corner { $corner }
pawn-many = { $count } pawns against a lone king, no single pawn-ending rule decides; recommended a win
pawn-race-win = pawn race: the pawn on { $pawn } is outside the square of the king and promotes in { $plies } plies, before any enemy pawn reaches its seventh rank
pawn-race-call = pawn race: the pawn on { $pawn } promotes first (in { $plies } plies), but the other side's pawns come close to promotion too; recommended { $side ->
        [white] White
       *[black] Black
    } wins
pawn-outside-passed = { $side ->
        [white] White
       *[black] Black
    } has an outside passed pawn ({ $files } files from the enemy pawns) in a pawn ending; recommended { $side ->
        [white] White
       *[black] Black
    } wins
pawn-extra-passed = { $side ->
        [white] White
       *[black] Black
    } is a pawn up with a passed pawn in a pawn ending; recommended { $side ->
        [white] White
       *[black] Black
    } wins
pawn-exact-material = K{ $white ->
    [0] {""}
    [1] +P
   *[other] +{ $white }P
} v K{ $black ->
    [0] {""}
    [1] +P
   *[other] +{ $black }P
}
pawn-exact-win = { pawn-exact-material }: every line searched to a promotion, a capture, mate or stalemate; { $side ->
    [white] White
   *[black] Black
} wins with best play
pawn-exact-draw = { pawn-exact-material }: every line searched to a promotion, a capture, mate or stalemate; neither side can force a win
pawn-wrong-bishop = K+B+rook pawn v K: the bishop does not control { $corner }, the king on { $king } holds the corner

ref-known-draws = known drawn material
ref-values = values P1 N3 B3 R5 Q9 (configurable)
ref-pawn-endings = pawn endings: { $rule }

## Engine and repetition findings (adjudication rule 9, play-out expiry)
adj-engine-failed = engine failed: { $error }
adj-engine-not-needed = not needed: an earlier rule decided
adj-engine-eval = { $engine } evaluates { $score } at depth { $depth }
adj-engine-eval-line = { $engine } evaluates { $score } at depth { $depth }, line { $line }
adj-engine-won = { $found }: clearly won
adj-engine-equal = { $found }: roughly equal
adj-engine-call = arbiter's call: { $found }, neither clearly won nor equal; recommended { $recommended }
adj-repeated-claim = arbiter's call: the position has occurred { $times } times and { $side ->
        [white] White
       *[black] Black
    }, on move, can claim a draw by threefold repetition; recommended 1/2-1/2
adj-repeated-win = arbiter's call: the position has occurred { $times } times; { $side ->
        [white] White
       *[black] Black
    } may repeat it again, so it is not adjudicated won; recommended { $recommended }

## Text kept in English in every language (Note::untranslated)
untranslated = { $text }

engine-mate-white = White mates in { $n }
engine-mate-black = Black mates in { $n }

web-edit = edit
web-edit-player = Edit player { $player }
web-save = Save
web-error-unknown-player = There is no player number { $player }.
web-error-unfinished-game = Round { $round }, board { $board }: the game is unfinished; adjudicate the position first (CR 4.3).
web-error-game-after = Player { $player } has a game in round { $round }: withdraw from round { $next }, or record that game first.
web-error-invalid-player = Player "{ $name }": { $problem }.
web-error-all-paired = All { $total } rounds are paired: there is no next round.
web-error-pairing = Round { $round } cannot be paired: { $reason }
web-error-verdict-players = The log is for { $verdict }, but board { $board } is { $players }: choose the right board.
web-error-verdict-disagrees = The reported result { $reported } disagrees with the board ({ $discrepancies }; CR 4.2): choose the result below.
web-error-forbid-same = A forbidden pair needs two different players.

## Errors of the tournament commands (TournamentError; English is its Display)
err-unknown-player = no player with starting rank { $tpn }
err-no-such-round = round { $round } has not been paired (rounds paired: { $paired })
err-no-such-game = round { $round }: no game { $game }
err-unfinished-game = round { $round }: the game { $game } is unfinished (`*`); adjudicate it first (CR 4.3)
err-result-recorded = round { $round }, board { $board } ({ $white }-{ $black }): result { $existing } already recorded; to change it, give the new result with --correct
err-not-in-event = player { $tpn } ({ $name }) { $how } from round { $from }: no result or pairing in round { $round }
err-already-out = player { $tpn } ({ $name }) already left the event from round { $from }
err-game-after-withdrawal-played = player { $tpn } ({ $name }) played round { $round } (its result is recorded); withdraw from round { $next }
err-game-after-withdrawal-paired = player { $tpn } ({ $name }) is paired in round { $round }; record that game (a forfeit if it is not played) and withdraw from round { $next }
err-game-after-withdrawal-played-last = player { $tpn } ({ $name }) played round { $round } (its result is recorded), the event's last: there is no later round to leave
err-game-after-withdrawal-paired-last = player { $tpn } ({ $name }) is paired in round { $round }, the event's last: record that game (a forfeit if it is not played); there is no later round to leave
err-invalid-player = player { $name }: { $problem }
err-round-beyond-event = round { $round } cannot be paired: the event has only { $total } round(s)
err-round-out-of-order = round { $round } cannot be paired now: the next round is { $next }
err-paired-twice = round { $round }: player { $tpn } is paired more than once
err-round-unfinished = round { $round } still has { $missing } game(s) without a result
err-second-pab = player { $tpn } already had the pairing-allocated bye in round { $earlier } (CR 1.3)
err-pairing = round { $round }: { $source }
err-start-list-frozen = the start list is frozen: round 1 is paired, so starting ranks no longer change (a late entry gets the next number)
err-lots-after-round-1 = the initial colour is drawn before round 1 only: round 1 is paired
err-fide-mode-left = FIDE mode was left { $round ->
    [0] before round 1
   *[other] after round { $round }
} and cannot be re-entered
err-fide-mode-not-on = the event is not in FIDE mode
err-fide-result-without-note = FIDE mode: round { $round } is not the last paired round; changing the result of board { $board } needs a note (why)
err-round-outside-event = { $what } in round { $round }: the event has rounds 1 to { $total }
err-manual-refused = round { $round }: manual pairing refused: { $problems }; pair them differently, or force it with --force --reason TEXT
err-force-without-reason = round { $round }: a forced pairing needs a reason (--reason TEXT)
err-verdict-players = round { $round }, board { $board }: the verdict is for { $verdict }, but the board is { $board_players }
err-verdict-disagrees = round { $round }, board { $board }: the reported result { $reported } disagrees with the board ({ $discrepancies }; CR 4.2); decide the result with --decide RESULT
err-game-order = round { $round }: --game { $given } does not match the board: board { $board } is { $white_tpn }-{ $black_tpn } ({ $white } White, { $black } Black); give --game { $white_tpn }-{ $black_tpn } (White first)
err-invalid-forbidden-pair = a forbidden pair needs at least two different players
err-invalid-event = the event cannot be saved: { $problem }
err-fewer-rounds = the event cannot have { $asked } round(s): { $paired } round(s) are paired already
err-system-after-pairing = the pairing system cannot change: round 1 is paired ({ $paired } round(s) paired)
err-tie-break-twice = tie-break { $tie_break } is listed twice
err-delete-after-pairing = player { $tpn } ({ $name }) cannot be deleted: round 1 is paired; withdraw the player instead (CR 1.4)
err-group-needed = the event has several groups ({ $groups }): name one (--group NAME)
err-no-such-group = the event has no group { $name }; its groups: { $groups }
err-invalid-group-name = the group cannot be named so: { $problem }
err-group-name-taken = there is already a group named { $name }
err-move-after-pairing = player { $tpn } ({ $name }) cannot be moved: round 1 of group { $group } is paired
event-problem-empty-name = the name is empty
event-problem-control = { $text } holds a line break or another control character
event-problem-too-long = a text of { $chars } characters is longer than { $max }
event-problem-date = date { $date } is not a real date written YYYY/MM/DD
event-problem-end-before-start = the last day { $end } is before the first day { $start }
err-pab-before-pairing = round { $round }: the pairing-allocated bye is given by the pairing, not in advance: pair the round (--auto, or --bye { $tpn } with the games)
err-two-pabs = round { $round }: player { $other } already has the round's pairing-allocated bye; player { $tpn } cannot have a second one
err-override-without-reason = round { $round }, board { $board }: the { $by ->
        [judge] judge
       *[other] adjudication
    } gives { $decided }; recording { $chosen } instead overrides it and needs the arbiter's reason (--override-reason TEXT)
err-verdict-side = { $name } ({ $colour ->
        [white] White
       *[other] Black
    })
err-verdict-side-ranked = { $name } ({ $colour ->
        [white] White
       *[other] Black
    }), start no. { $rank }
err-verdict-side-unnamed = an unnamed { $colour ->
        [white] White
       *[other] Black
    }
err-verdict-side-unnamed-ranked = an unnamed { $colour ->
        [white] White
       *[other] Black
    }, start no. { $rank }
err-board-sides = { $white } (White) - { $black } (Black)

## Tournament commands' confirmations (tournament new, add-player, start-list, pair, withdraw, disqualify)
group-system-swiss = Swiss system
group-system-round-robin = round robin
group-system-double-round-robin = double round robin
group-unnamed = (the only group)
group-line = { $name }: { $system }, { $rounds } rounds, { $players } players, { $paired } rounds paired
group-moved = { $name } moved to group «{ $group }» as number { $tpn }
group-trf-written = group «{ $group }»: TRF written to { $file }
tm-created = created { $file } ({ $rounds } rounds, preset { $preset })
tm-created-system = pairing system: { $system } (the Berger tables, C.05 Annex 1; the rounds are the table's, set when round 1 is paired)
tm-fide-mode-on = FIDE mode is on: a result of an earlier round changes only with --note
tm-fide-mode-left = FIDE mode left { $round ->
    [0] before round 1
   *[other] after round { $round }
}; it cannot be turned on again, and the TRF says so
tm-lots-drawn = drawing of lots (seed { $seed }): the first player has { $colour } in round 1
tm-lots-white = White
tm-lots-black = Black
tm-player-added = player { $tpn }: { $name }
tm-start-list-frozen = start list (frozen: round 1 is paired)
tm-start-list-now = {"  "}(now { $rank })
tm-ranks-changed = { $n } starting rank(s) changed
tm-paired-auto = round { $round } paired ({ $preset } rules):
tm-paired-board = board { $board }: { $white } - { $black }
tm-paired-bye = bye: { $player }
tm-paired-free = free this round: { $player }
tm-paired-forbidden = forbidden: { $pair } must not meet (kept apart like players who already met, C1)
tm-paired-manual = round { $round } paired: { $games } games
tm-paired-manual-bye = round { $round } paired: { $games } games, bye { $bye }
tm-withdrawn = { $name } ({ $player }) withdrawn from round { $round }
tm-disqualified = { $name } ({ $player }) disqualified in round { $round }

## The free pairing checker (arbiter check-pairings) and the generator (arbiter generate)
chk-why-no-legal = the engine finds no legal pairing (C1 no rematch, C2 bye eligibility, C3 colours cannot all hold); the file pairs it
chk-why-colour = engine's colours: { $rule }
chk-why-float = engine: { $down } could not be paired in their score group (C6–C8, C14–C21): paired with { $up }
chk-why-bye = engine: { $player } receives the pairing-allocated bye (C2, C5, C9)
chk-agrees = round { $round }: agrees
chk-differs = round { $round }: differs ({ $n } differences)
chk-differs-one = round { $round }: differs (1 difference)
chk-at-bye = bye
chk-at-board = board { $board }
chk-no-legal = no legal pairing
chk-paired = paired
chk-line = {"  "}{ $at }: engine { $engine }; file { $file }
chk-seat-bye = { $player } bye
chk-seat-not-paired = { $player } not paired
chk-all-agree = { $file }: all { $n } rounds agree with the engine
chk-some-differ = { $file }: { $k } of { $n } rounds differ from the engine (rounds { $list })
chk-some-differ-one = { $file }: 1 of { $n } rounds differ from the engine (round { $list })
cli-standings-one-file = --standings checks the standings of one tournament: give one FILE
chk-source-rank-column = the rank column
edition-short-fide2024 = C.07 2024
edition-short-fide2026 = C.07 2026
chk-standings-agree = standings ({ $source }; { $edition }: { $list }): agree ({ $n } values)
chk-standings-differ = standings ({ $source }; { $edition }: { $list }): { $k } of { $n } values differ
chk-standing-line = {"  "}player { $player } { $name }: { $what } { $expected } by the results; { $found } in the file
chk-what-rank = rank
chk-what-points = points
chk-what-player = no such player
chk-standings-no-list = { $file }: the standings are not checked: the file names no tie-breaks (212 or 202); give --tie-breaks or --standings
gen-seed-stopped = seed { $seed }: { $reason }
gen-count = { $made } tournament(s) written to { $dir }; { $stopped } stopped with no legal pairing
gen-writing = writing { $file }

## Manual pairing checks (tournament pair --game …)
pair-colour-e1 = E.1: both colour preferences granted
pair-colour-e2 = E.2: the stronger colour preference granted (absolute over strong over mild; larger colour difference between absolute ones)
pair-colour-e3 = E.3: colours alternated from the most recent round in which the players had different colours
pair-colour-e4 = E.4: the higher ranked player's preference granted
pair-colour-e5 = E.5: no preference decides: the higher ranked player gets the initial colour if their rank is odd
pair-explain-colour = # board { $board }: { $reason }
pair-explain-float = # board { $board }: { $down } ({ $down_points } points) could not be paired in their score group without breaking an absolute criterion or a higher quality criterion: C6 (maximise the pairs in the bracket), C7 (downfloaters' scores), C8 (the next bracket must stay pairable), C14–C21 (avoid repeated floats); paired with { $up } ({ $up_points } points)
pair-explain-bye = # bye: { $player } ({ $points } points) receives the pairing-allocated bye: C2 (never had the bye nor a win without playing), C5 (lowest score that keeps the round pairable), C9 (fewest unplayed games), then the lowest ranked such player
pair-explain-forbidden = # forbidden: { $players } must not meet (forbidden pair, TRF XXP): kept apart like players who already met (C1)
mp-rematch = rematch: { $a } and { $b } have already played each other
mp-forbidden = { $a } and { $b } are a forbidden pair
mp-left-out = not paired, without bye and not marked absent: { $players }
mp-warning-forced = arbiter: warning: round { $round }: forced manual pairing: { $problem }

## The tournament commands' own refusals (CLI)
cli-exists = { $file } already exists (use --force to overwrite)
cli-board-or-game = give --board or --game
cli-not-a-state = { $file } is not an event (a TRF file?): import it first with `arbiter tournament import { $file } turnir.arbiter`
tm-backup = A copy of the event as of now is written to { $copy } (readable by its owner only: it holds personal data).
tm-converted = { $from } is kept in a database from now on: converted into { $to } ({ $entries } journal entries{ $captures ->
    [0] {""}
   *[other] , { $captures } boards' captures
}); { $from } and its journal are left as they were. Give { $to } from now on.
tm-converted-torn = { $journal }: the torn last line { $line } (a change that was not completed) was left out.
tm-converted-before = { $from } was converted into { $to } before: using { $to }.
cli-no-standings-after = { $file }: no standings after round { $round }: { $paired } of { $total } round(s) paired
cli-choose-verdict = { $file }: the file holds { $n } verdicts; choose one with --index N (1 to { $n })
cli-no-such-verdict = { $file }: --index { $index }: the file holds { $n } verdict(s)

## CR 2.2: cheating incidents across the event (tournament result --verdict)
result-dq-applied = { $name } ({ $tpn }): { $n } proven cheating incidents (CR 2.2): disqualified, all later games lost
result-dq-proposed = { $name } ({ $tpn }): { $n } proven cheating incidents (CR 2.2): disqualification proposed; confirm with --confirm-disqualification
gameref-board = on board { $board }
gameref-players = between { $a } and { $b }

## A player record's problems (add-player, edit-player)
pp-empty-name = the name is empty
pp-control-character = the name holds a control character (a line break or tab)
pp-name-too-long = the name has { $chars } characters; at most { $max } are kept
pp-too-wide = the { $field ->
        [title] title
        [federation] federation
       *[other] birth date
    } has { $chars } characters; a TRF player line has { $width } for it
pp-rating = rating { $rating } does not fit TRF's four columns (at most 9999)
pp-fide-id = FIDE id { $id } does not fit TRF's eleven columns
pp-birth-date = birth date { $date } is not a real date written DD.MM.YYYY or YYYY/MM/DD (or a year YYYY)
pp-grade = grade { $grade } is not a school grade (1 to 11)
pp-event-full = the event is full: TRF starting ranks go up to 9999

## Player lists from a spreadsheet (tournament add-players), categories and prizes, diplomas
pl-group-unknown = the event has no group "{ $name }" (its groups: { $groups }): add it on the groups page or correct the name in the list
pl-group-no-rule = { $grade ->
    [none] no grade given
   *[other] grade { $grade }
} — no "grades → group" rule fits ({ $rules })
pl-group-none = no group given (the groups: { $groups }): fill in the "Group" column or give groups by grade
pl-group-only-one = the event has one group
pl-rule-syntax = the rule "{ $rule }" is not understood: grades and group joined by "=", rules by commas, e.g. 1-2=A,3-4=B
pl-rule-grades = the rule "{ $rule }": grades are 1 to 11, the first not above the second
pl-rule-overlap = the rules "{ $first }" and "{ $second }" give the same grade to two groups
pl-rule-unknown-group = the rule "{ $rule }": the event has no group "{ $group }" (its groups: { $groups })
pl-no-name = no surname
pl-birth-date = birth date "{ $value }" is not a real date written DD.MM.YYYY or YYYY/MM/DD (or a year YYYY)
pl-sex = sex "{ $value }" not understood (m or f)
pl-grade = grade "{ $value }" is not a number from 1 to 11
pl-rating = rating "{ $value }" is not a number
pl-fide-id = FIDE ID "{ $value }" is not a number
pl-fsr-id = FSR ID "{ $value }" is not a number
pl-extra-cells = the row has { $found } cells, the header { $expected } columns (a delimiter inside an unquoted value?)
pl-error-empty = { $file }: the list is empty
pl-error-no-name-column = { $file }:{ $line }: the header row names no surname or full-name column: { $header }
pl-error-repeated-column = { $file }:{ $line }: the column "{ $column }" is named twice
pl-sex-m = m
pl-sex-f = f
pl-grade-n = grade { $grade }
pl-rating-n = rating { $rating }
pl-fsr-n = FSR { $id }
pl-tab = tab
pl-exported = Players: { $n }; written to { $file } (UTF-8 with BOM, «;»: a spreadsheet opens it, `add-players` reads it back).
web-export-players = player list (CSV)
pl-read = List { $file }: encoding { $encoding }, delimiter { $delimiter }
pl-line = line { $line }
pl-to-add = To add: { $n }
pl-duplicates = Look like players already listed (not added): { $n }
pl-refused = Refused: { $n }
pl-ignored = Columns not read: { $columns }
pl-written = the list: “{ $written }”
pl-normalised = Names written as “Surname Given name” with capitals: { $n } (in brackets: as the list has them)
pl-dup-registered = like No. { $tpn } { $name } (already registered)
pl-dup-line = like line { $line }
pl-nothing-written = Nothing written: to add them, run the command again with --apply (and --with-duplicates for the likely duplicates).
pl-added = Players added: { $n }. The event is saved in { $file }.
cat-error-empty-name = A category needs a name.
cat-error-exists = There is already a category "{ $name }".
cat-error-unknown = There is no category "{ $name }".
cat-error-range = the { $field } range { $low }–{ $high } is empty or out of bounds
cat-error-age-date = An age range needs the date ages are counted on (DD.MM.YYYY).
cat-field-grades = grades
cat-field-born = birth years
cat-field-age = age
cat-field-rating = rating
cat-rule-grade = grade { $grades }
cat-rule-grades = grades { $grades }
cat-rule-boys = boys
cat-rule-girls = girls
cat-rule-born = born { $years }
cat-rule-age = aged { $ages } on { $date }
cat-rule-rating = rating { $band }
cat-rule-all = all players
cat-page-title = Categories and prizes
cat-one-prize = A player wins a prize in one category only (the first in order).
cat-several-prizes = A player may win prizes in several categories.
cat-all-diplomas = Diplomas of all prize winners (print)
cat-diplomas = diplomas
cat-prizes = prize places: { $n }
cat-prize-mark = prize
cat-outside-grades = In no prize list by grade (in no grade category): { $names }. Give { $n ->
    [1] the player
   *[other] each
} the grade (on the players page, or with arbiter tournament edit-player --grade).
cat-outside-grade-n = { $name } (grade { $grade })
team-title = School team result: the best { $best } children of each school, standings after round { $round }
team-row = { $place }. { $school } — { $points } points (places summed: { $places }){ $incomplete ->
    [yes] , fewer children than counted
   *[no] {""}
}:
team-child = { $name } (place { $place }, { $points })
team-every-group = Every group together ({ $groups }); a child's place is in their own group
team-none = No school: the players have no club or school.
cat-no-players = No player in this category.
cat-none = No categories: add them with arbiter tournament category add.
dip-page-title = Diplomas
dip-title = DIPLOMA
dip-lead = awarded to
dip-award = for place { $place } in the category "{ $category }"
dip-team-lead = awarded to the team
dip-team-award = for place { $place } in the school team result
dip-chief-arbiter = Chief arbiter
dip-none = No prize winners yet.
dip-template-error = The diploma template failed: { $error }
cat-added = Category "{ $name }" added: { $rule }.
cat-removed = Category "{ $name }" removed.
cat-points = { $points } points
dip-written = Diplomas: { $n }; written to { $file } (open it in a browser and print on A4).
web-nav-categories = Categories
imp-title = Player list from a spreadsheet
imp-link = Add players from a spreadsheet list (CSV)…
imp-help = A CSV or TSV file as Excel or LibreOffice saves it: UTF-8 or Windows-1251, delimiter ";", "," or tab. The first row names the columns: Surname, First name, Patronymic (or Name), Date of birth (DD.MM.YYYY), Sex, Grade, School, Rating, FIDE ID, FSR ID. What will be added is shown first; nothing is written until you confirm.
imp-file = List file
imp-show = Show what will be added
imp-to-add = To add: { $n }
imp-duplicates = Look like players already listed: { $n }
imp-refused = Refused: { $n }
imp-with-duplicates = add the likely duplicates too
imp-apply = Add the players
imp-rules-title = Groups by grade
imp-rules-help = Each player goes to the group the list's "Group" column names; without one, by grade as set here (e.g. 1–2 → A, 3–4 → B). With no column and no rules the whole list goes to group "{ $shown }". A player left without a group is not added but listed among the refused rows, with the line.
imp-rules-grades = Grades (from – to)
imp-rules-group = Group
imp-rules-from = from grade
imp-rules-to = to grade
imp-rules-given = Groups by grade: { $rules }
imp-cancel = Cancel

## Gendered words ($sex: m, f or unknown; English has one form)
word-withdrew = withdrew
word-disqualified = disqualified

## The command line's confirmations and warnings (tournament)
tm-player-edited = player { $tpn }: { $name }
tm-forbidden = forbidden pair: { $players }
tm-forbidden-reason = forbidden pair: { $players } ({ $reason })
tm-imported = { $file }: { $players } players, { $paired } rounds paired, { $total } planned
tm-trf-cut = arbiter: warning: player { $tpn }: the { $field ->
        [name] name
        [title] title
        [federation] federation
       *[other] birth date
    } is longer than its { $width } TRF columns; cut to fit in the TRF file only (the state file keeps it whole)
mp-warning-engine = arbiter: warning: round { $round }: { $diff }
mp-engine-not-paired = the pairer does not pair this round: { $reason }
mp-engine-differs = the Dutch pairer would pair { $boards }
mp-engine-differs-bye = the Dutch pairer would pair { $boards }, bye { $bye }

## The pairer's refusals (PairingError)
pe-no-legal-pairing = no legal pairing: the players cannot all be paired while satisfying the absolute criteria (C1 no rematch, C2 bye eligibility, C3 colours)
pe-all-rounds-paired = all { $total } round(s) of the event (XXR { $total }) are paired: there is no round { $next } to pair
pe-invalid-input = invalid pairing input: player { $tpn }: { $reason }
pe-too-large = the tournament is too large to pair: the edge weight needs { $bits } bits (at most 4096)
pe-swiss-round-by-round = a Swiss is paired round by round, from the results: only a round robin is paired all at once
rr-players = a round robin takes { $min } to { $max } players; this group has { $n }
rr-no-such-round = the round robin has { $total } rounds; there is no round { $round }

## The command line's own refusals
cli-cannot-read = { $file }: cannot read
cli-nothing-to-check = { $file }: no round is paired: there is nothing to check
cli-result-or-verdict = give the result (1-0, 0-1, 1/2-1/2, …) or --verdict FILE
cli-empty-token = --token: the token is empty

## Values the command line cannot read
expect-pair = expected WHITE-BLACK starting ranks, found { $found }
expect-start-rank = expected a starting rank, found { $found }
expect-seed = expected a seed (a whole number, or random), found { $found }
expect-result = expected 1-0, 0-1, 1/2-1/2, +-, -+, -- or 0-0, found { $found }
expect-bye-kind = expected half, zero, full or pab, found { $found }
expect-sex = expected m or f (w), found { $found }
expect-range = expected a range such as 1-2 (or one number), found { $found }
expect-round-span = expected rounds such as 1-3 (or one round), from round 1, found { $found }
tm-tie-breaks = Tie-breaks of the event, after points ({ $edition }):
edition-fide2024 = FIDE C.07 as in force from 1 August 2024
edition-fide2026 = FIDE C.07 with the amendment in force from 1 March 2026
tm-acceleration-none = no acceleration
tm-acceleration-baku = Baku acceleration (C.04.5.1): virtual points for the first half of the players (rounded up to an even number) in the first half of the rounds
tm-acceleration-custom = custom acceleration: { $n } record(s) of virtual points (TRF 250)
expect-date = expected a date DD.MM.YYYY, found { $found }
expect-lang = expected ru or en, found { $found }

## Usage errors (the Russian rendering of clap's errors; English is clap's own text)
usage-error = error: { $message }
usage-more = for more information, try '{ $command } --help'
usage-invalid-value = invalid value { $value } for '{ $arg }'
usage-valid-values = ; possible values: { $values }
usage-value-validation = invalid value { $value } for '{ $arg }': { $reason }
usage-range-min = a number of at least { $low } is needed
usage-range = a number from { $low } to { $high } is needed
usage-unknown-argument = unexpected argument { $arg }
usage-unknown-command = unrecognized subcommand { $command }
usage-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
usage-missing-argument = the following required arguments were not provided: { $args }
usage-missing-command = a subcommand is required
usage-value-count = wrong number of values for { $arg }
usage-not-utf8 = an argument is not valid UTF-8
usage-other = invalid command line
usage-suggested = ; did you mean { $suggested }?

## Operating-system errors
io-not-found = No such file or directory
io-permission-denied = Permission denied
io-already-exists = File exists
io-is-a-directory = Is a directory
io-not-a-directory = Not a directory
io-invalid-data = invalid data
io-storage-full = No space left on device
io-read-only = Read-only file system
io-broken-pipe = Broken pipe
io-addr-in-use = Address already in use
io-addr-not-available = Cannot assign requested address
io-other = input/output error (code { $code })

## File errors
fe-json = not valid JSON
fe-pairs-line = { $file }:{ $line }: expected two starting ranks
fe-trf-io = { $file }: cannot read: { $reason }
fe-not-text = { $file }: not UTF-8 text (byte offset { $offset })
fe-trf-field = { $file }:{ $line }:{ $column }: expected { $expected }, found { $found }
fe-trf-inconsistent = TRF player { $tpn }, round { $round }: { $detail }
fe-trf-no-players = { $file }: not a TRF tournament: no player line (001) in { $lines } line(s)
fe-trf-duplicate-rank = { $file }:{ $line }:5: starting rank { $tpn } already given on line { $first_line }
fe-action-read = read
fe-action-write = write
fe-action-folder = open the folder
fe-action-lock = lock
fe-store-io = { $file }: { $action }: { $reason }
fe-store-json = { $file }:{ $line }:{ $column }: not a tournament state file
fe-store-database = { $file }: the event's database: { $reason }
fe-store-disk-full = { $file }: the disk is full: nothing was changed; free some space (or move the event to another disk) and try again
fe-store-read-only = { $file }: the file or its folder cannot be written (read-only): nothing was changed; make it writable or copy the event to a writable folder
fe-store-busy = { $file }: another program has been changing the event for over 5 s: nothing was changed; try again
fe-store-not-event = { $file }: this is not an event (neither an event's database nor a state file)
fe-store-newer = { $file }: the event was written by a newer arbiter (schema { $found }, this one knows { $known }): update arbiter
fe-store-changed-since = { $from } changed after it was converted into { $to }: the event is kept in { $to }; move { $to } away to convert { $from } again
fe-store-conversion-taken = { $from } would be converted into { $to }, but { $to } exists and is not its conversion: rename one of them
fe-verdict-empty = { $file }: no verdict in the file
fe-verdict-not-json = { $file }: not a verdict (JSON)
fe-verdict-no-result = { $file }: the verdict has no `result`
fe-verdict-unknown-result = { $file }: unknown result { $result }

## What disagrees with a reported result (CR 4.2)
disc-result_contradicts_ending = the game ended by rule with another result
disc-unfinished_result_on_finished_game = `*` reported for a finished game
disc-moves_after_game_end = moves recorded after the game ended
disc-reported_ending_not_on_board = the reported ending is not on the board
disc-shown_position_differs = the position shown differs from the board
disc-winner_cannot_mate = the winner cannot checkmate by any legal moves
disc-illegal_move_in_record = the record holds an illegal move
disc-unreadable_move_in_record = the record holds an unreadable move
disc-gap_in_record = the board's record has a gap: the final position is not certain
replay-dir-no-pgn = { $dir }: no PGN file in this directory or below (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2)
replay-dir-no-lines = { $dir }: no game-line file in this directory or below (.jsonl, .ndjson)
disc-result_tag_contradicts_movetext = the Result tag contradicts the end of the moves

## adjudicate --list-rules
adj-list-title = adjudication rules, preset { $preset }:
adj-list-1 = already over by rule: checkmate (Laws 5.1.1), stalemate (5.2.1), fivefold repetition (9.6.1), 75 moves (9.6.2)
adj-list-2 = dead position (Laws 5.2.2): neither side can mate by any series of legal moves -> draw
adj-list-3 = Syzygy tablebases ({ $dir }); cursed wins / blessed losses { $cursed ->
        [yes] decisive
       *[no] draws
    }
adj-list-3-no-dir = no directory: skipped
adj-list-4 = forced mate within { $plies } plies for either side -> win, with the line
adj-list-5 = known drawn material ({ $patterns }) -> draw, once no capture is pending; after the exchanges, pawn endings: K+P v K exactly (rule of the square, key squares, opposition, rook pawn), wrong-coloured bishop, connected and protected passed pawns, pawn races; outside or extra passed pawn -> review
adj-list-6 = material after a capture-only quiescence search, values P{ $p } N{ $n } B{ $b } R{ $r } Q{ $q }
adj-list-7 = lone-king rule (CR 4.3){ $on ->
        [yes] {""}
       *[no] {" "}(off)
    }: at least { $margin } up against a lone king or king and pawns, with mating potential -> win
adj-list-8 = at least { $win } up with mating potential -> win; at most { $draw } -> draw; in between -> review (arbiter's call) with a recommendation
adj-list-9-none = UCI engine (--engine PATH): none, skipped
adj-list-9 = UCI engine { $path } when rules 1-8 leave the arbiter's call or a verdict by material: mate or at least { $win } centipawns -> win; within { $draw } -> draw; else review

## More file and value errors
fe-no-game = { $file }: no game in the file
fe-not-integer = invalid digit found in string
fe-not-number = invalid float literal

## Positional arguments in usage errors
usage-arg-state = <STATE>
usage-arg-file = <FILE>
usage-arg-result = [RESULT]
usage-arg-trf = <TRF>
usage-arg-files = <FILES>
usage-arg-mode = <MODE>
usage-arg-name = <NAME>
usage-arg-player = <PLAYER>
usage-arg-copy = <COPY>
usage-arg-event = <EVENT>
usage-one-of = { $first } or { $second }
## Live boards (board watch, board record): the link to a DGT board or to LiveChess
live-connected = board { $serial } connected ({ $source }, firmware { $version })
live-disconnected-retrying = board disconnected ({ $reason }); reconnecting in { $seconds } s (attempt { $attempt }; it keeps trying while the room runs, at least every { $max } s)
live-link-back = board disconnected ({ $reason }), now back: the moves made meanwhile are read from the board, never as an offence
live-gap = { $case ->
    [recovered] the board's link was down: { $plies } plies played meanwhile recovered from the board ({ $found }), not a player's act
    [several] the board's link was down: { $plies } plies played meanwhile, and several sequences lead to the board ({ $found }); the first is taken until the arbiter settles it
   *[none] the board's link was down: no sequence of up to 8 plies leads to the board as it stands; the game goes on from it until the arbiter settles it
}
live-reconnected = board { $serial } reconnected ({ $source }); the game goes on
live-disconnected = board disconnected ({ $reason }); reconnecting in { $seconds } s, attempt { $attempt } of { $attempts }
link-reason = { $text }
link-reason-broken = the connection broke
link-reason-refused = the board refused the connection
link-reason-timeout = the board did not answer in time
link-reason-address = a wrong address
link-reason-missing = the device was not found
link-reason-permission = no access to the device
link-reason-other = a link failure
live-gave-up = board lost: { $attempts ->
    [one] { $attempts } attempt
   *[other] { $attempts } attempts
    } to reconnect failed ({ $reason })
live-recorded = { $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
    } recorded in { $file }
live-move = { $number }{ $side ->
    [white] .
   *[black] ...
    } { $san } ({ $uci })
live-revised = { $number }{ $side ->
    [white] .
   *[black] ...
    } read again: { $san } ({ $uci }), the same hand's move
live-illegal = { $side }, move { $number }: illegal act: { $kind } ({ $article }; { $move })
live-touch = { $side } lifted the piece on { $square }: a touched piece (Laws 4.3; the board shows a lift, it cannot hear "j'adoube")
live-result-signal = the kings on the centre squares show the result { $result }{ $agrees ->
    [yes] ; it agrees with the board (CR 4.2)
    [no] ; it does not agree with the board (CR 4.2)
   *[unknown] {""}
    }
live-ending = game over after { $ply } plies: { $result }, { $reason } ({ $article })
live-no-article = no article
live-unreadable = line { $line } of the capture cannot be read: { $reason }
serve-link-thread = cannot start a board link: { $reason }
serve-capture-dropped = { $lines } capture lines could not be written and were dropped
err-link-not-ws = cannot connect to LiveChess at { $url }: the address must start with ws:// (LiveChess: ws://HOST:1982/api/v1.0)
err-link-silent = cannot connect to LiveChess at { $url }: no answer within { $ms } ms
err-link-closed = LiveChess at { $url } closed the connection
err-link-socket = LiveChess at { $url }: { $reason }
err-link-no-eboards = LiveChess at { $url } answered no "eboards" call within { $ms } ms
err-link-open = cannot open the serial port { $device }: { $reason }
err-link-no-answer = no DGT board answers on { $device }: no board dump within { $ms } ms of asking (is the board connected and switched on?)
err-link-connect = cannot connect to LiveChess at { $url }: { $reason }
err-link-answer = LiveChess at { $url } answered the call { $call } with { $answer }
err-link-no-board = LiveChess at { $url } sees no board
err-link-no-such-board = LiveChess at { $url } has no board { $serial }; its boards: { $serials }
err-link-several-boards = LiveChess at { $url } has several boards ({ $serials }): name one with --serial

## The desk: the arbiter's decision on a verdict or an adjudication, saved changes, why the pairing
web-saved = Saved.
web-verdict-judge-result = The judge's result: { $result }
web-verdict-disagrees = The players reported { $reported }, which the record contradicts (CR 4.2):
web-verdict-unfinished = The judge gives no result (the game is unfinished): choose the result to record.
web-choice-judge = Record the judge's result: { $result }
web-choice-adjudication = Record the adjudication's result: { $result }
web-choice-other = Record another result (overrides the decision; the reason is kept in the record)
web-override-reason = The arbiter's reason
web-override-hint = Another result is recorded only with a reason.
web-adjudication-from-log = The last position of the game's record { $file }
web-adjudication-from-typed = The position as typed
web-adjudication-from-eboard = The last position on the e-board
web-adjudication-from-editor = The position as the arbiter set it up on the page
web-position-title = Position for adjudication: board { $board }
web-position-hint = Choose a piece, then click a square to put it there; clicking the square again with the same piece empties it. The side to move and castling follow below; the FEN field changes with the board (or type a FEN there).
web-position-board = The board, White at the bottom
web-position-pieces = Pieces
web-position-erase = Empty square (removes a piece)
web-position-start = Start position
web-position-clear = Empty board
web-position-to-move = To move
web-position-white = White
web-position-black = Black
web-position-castling = Castling still possible
web-position-castle-K = White short (O-O)
web-position-castle-Q = White long (O-O-O)
web-position-castle-k = Black short (O-O)
web-position-castle-q = Black long (O-O-O)
web-position-set-up = Set up a position by clicks
web-position-set-up-hint = For a game without e-board or log: the position is set up on a board on the screen, piece by piece, then adjudicated.
web-position-open = Set up the position
web-position-no-board = Which board? Choose the board whose position you set up.
web-piece-white-k = White king
web-piece-white-q = White queen
web-piece-white-r = White rook
web-piece-white-b = White bishop
web-piece-white-n = White knight
web-piece-white-p = White pawn
web-piece-black-k = Black king
web-piece-black-q = Black queen
web-piece-black-r = Black rook
web-piece-black-b = Black bishop
web-piece-black-n = Black knight
web-piece-black-p = Black pawn
web-error-no-position = Board { $board } has no position from an e-board. Upload the game's record (above): if the game is unfinished, the verdict page offers to adjudicate its last position; or type the position.
web-adjudication-basis = Basis
web-adjudication-material = Material
web-adjudication-line = The moves that prove it
web-adjudication-rules = The rules tried
web-adjudication-rule-decided = decided
web-adjudication-rule-not = did not decide
web-adjudication-rule-line = { $number }. { $name } ({ $reference }): { $decided ->
    [yes] decided
   *[no] did not decide
} — { $found }
web-verdict-adjudicate-last = By its record the game is unfinished. If the play-out time is over, its last position can be adjudicated (CR 4.3).
web-playout-position = The position is taken from the e-board. Without one, upload the game's record (above): if the game is unfinished, the verdict page offers to adjudicate its last position.
web-playout-typed = Type the position (FEN)
web-adjudication-result = The adjudication's result: { $result }
web-adjudication-review-result = The rules leave the position to the arbiter; recommended: { $result }
web-error-choice-unclear = A result is picked in the list, but "record the judge's result" is still chosen: choose "record another result" (with the reason) or clear the list.
web-why-float = board { $board }: { $down } ({ $down_points }) plays { $up } ({ $up_points }): no pairing within the score group kept the rules (C6–C8, C14–C21)
web-why-bye = the pairing-allocated bye ("+") goes to { $player } ({ $points }): never had a bye or a win without playing (C2), the lowest score that keeps the round pairable (C5), fewest unplayed games (C9), then the lowest ranked
web-why-forbidden = { $players } must not meet (forbidden pair): kept apart like players who already met (C1)
web-decided-judge = by the judge (the game's record)
web-decided-judge-against = by the judge (the game's record); the players had reported { $reported }
web-decided-adjudication = adjudicated (CR 4.3): { $basis }; FEN { $fen }
web-decided-forfeit = forfeit (CR 4.4)
web-decided-override = the arbiter's decision against the { $by ->
        [judge] judge's
       *[other] adjudication's
    } { $decided }: { $reason }
web-decided-reasons = the rules tried
web-out-withdrew = withdrew from round { $round }
web-out-disqualified = disqualified from round { $round }
web-status-cancelled = withdrew, games cancelled
web-status-withdrawn = withdrawn
web-status-disqualified = disqualified
web-sex = Sex
web-sex-m = boy
web-sex-w = girl
web-note-duplicate-name = A player with the same name is already registered (case and ё/е ignored): if this is the same child, delete the new entry.
web-note-name-normalised = The name was written as «Surname Given name» with capitals: check it in the list.
web-duplicate-title = This name is registered already
web-duplicate-registered = A player of this name is registered already: { $who }. If it is the same child, nothing needs adding.
web-duplicate-confirm = It is another child of the same name: add a second player
web-duplicate-add = Add the second player
web-duplicate-back = Back to the players without adding
web-duplicate-late = Rounds have been paired: a player added now enters from the next round, the rounds before count as not played.
web-note-late-entry = The player was entered after rounds were paired: the rounds already played count as not played for them.
web-note-later-rounds = Later rounds were paired on the old score: their pairings stay as they are.
web-error-stale-board = Round { $round }, board { $board }: while the page was open, the board got the result { $result } ({ $how }{ $by ->
    [none] {""}
   *[other] ; { $by }
}). Your result was not recorded. If the recorded one is wrong, correct it: "Correct…" at this board.
web-error-stale-board-empty = Round { $round }, board { $board }: while the page was open, the board changed and has no result now. Your result was not recorded: open the board and enter it again.
web-to-board = To board { $board }
web-note-same-result = This result was already recorded: it stays, nothing changed.
web-half-bye = Half-point bye requested in advance
web-half-bye-button = Give the half-point bye
web-disqualify = Disqualification (CR 2.2)
web-disqualify-button = Disqualify
web-export = Download
web-export-backup = backup of the event (.arbiter)
web-export-json = the event as JSON
web-export-personal = The backup, the JSON, the TRF and the player list hold personal data of the players (names, birth dates, clubs or schools): keep them where only the organisers can read them, and delete them when the event's records no longer need them.
web-connect-title = Open the desk on a tablet
web-connect-link = open on a tablet or phone…
web-connect-scan = Scan this code with the tablet's or phone's camera (on the venue's network), or type the address below. It holds the access key: the device can then enter results.
web-connect-secret = Show it only to the arbiters: whoever has this address can change the event.
web-connect-screen = The hall's screens: this address shows the pairings and the standings and nothing else (no controls, no players' details). It cannot open the desk.
web-connect-loopback = The desk is open on this computer only (127.0.0.1). For a tablet, start it with --addr 0.0.0.0:8080: this page then shows the address and its QR code.
web-export-standings = standings (CSV)
web-unforbid = remove
web-cancel-withdrawal = cancel the withdrawal
web-error-no-forbidden = There is no such forbidden pair (reload the page).
web-unpair = Unpair round { $round }
web-unpair-confirm = No result is in yet: I confirm the round is paired again
web-error-unpair-confirm = Tick the confirmation box to unpair the round.

## The live room (arbiter serve --livechess / --dgt)
web-nav-live = E-boards
web-live-title = E-boards
web-live-round-title = Round { $round }, live
web-live-board = Board { $board }
web-live-eboard = e-board { $serial }
web-live-serial = Serial number
web-live-state = State
web-live-battery = Battery
web-live-source = Connected at
web-live-on-board = Board
web-live-on = round { $round }, board { $board }
web-live-board-label = Board
web-live-assign = Put on this board
web-live-none = No e-board seen yet. Start the desk with --livechess ws://HOST:1982/api/v1.0 or --dgt DEVICE.
web-live-no-eboard = No e-board { $serial } has been seen.
web-live-nothing-proposed = Board { $board } has no proposed result to record.
web-live-state-seen = seen
web-live-state-connected = connected
web-live-state-disconnected = disconnected
web-live-state-lost = lost
web-live-finished-count = { $finished } of { $games } games finished
web-live-to-round = results and adjudication
web-live-offer = { $percent } % of the games have finished (CR 4.3).
web-live-playout-all = Start the { $minutes }-minute play-out on every unfinished board
web-live-playout-one = Start the play-out on this board
web-live-playout-left = Play-out:
web-live-ask-fen = Play-out over: enter the position (FEN) to adjudicate
web-live-result = Result { $result }
web-live-proposed = Proposed result { $result }
web-live-record = Record { $result }
web-live-by-ending = the game ended on the board ({ $reason })
web-live-reason = { $reason }
web-live-by-signal = the players' kings show it (CR 4.2)
web-live-by-adjudication = adjudicated from the live position at the play-out's end (CR 4.3)
web-live-by-review = the position is left to the arbiter; the adjudicator's recommendation (CR 4.3)
web-live-notice = Noticed by the arbiter
web-live-noticed = noticed by the arbiter (CR 3.4)
web-live-rec-entry = Board { $board }, ply { $ply }: { $what }{ $decision ->
    [none] {""}
   *[other] {" "}— { $decision }
}
web-live-rec-illegal = { $side }: illegal act, { $kind } ({ $article }; { $move })
web-live-rec-touch = { $side } touched the piece on { $square } and moved another ({ $article })
web-live-rec-ending = game over: { $result }, { $reason } ({ $article })
web-live-rec-signal = the kings show the result { $result } (CR 4.2)
web-live-rec-disconnected = the e-board disconnected ({ $reason })
web-live-rec-unreadable = the e-board sent what is not a position ({ $reason }): the link's fault, not a player's
web-live-notes = Notes of the desk on the e-boards
web-live-note-garbage = Board { $board } (e-board { $serial }) sends frames that are not positions: { $count } left out so far (neither kept nor shown).
web-live-note-capture = The capture of board { $board } (e-board { $serial }) reached its limit of { $limit } (--limit game=SIZE): what the e-board sends for it is no longer kept.
web-live-note-refused = { $refused } e-boards are not followed: the desk follows at most { $limit } e-boards (more with --limit eboards=N).
web-live-rec-gap = gap in the board's record after its link was down ({ $plies } plies found)
web-live-settled = settled by the arbiter
web-live-settle = Settled by the arbiter
web-live-gap-first = Board { $board } has a gap in its record after its link was down: look at the board and settle it before recording a result.
web-live-clock = Clock
web-live-rec-adjudication = adjudicated at the play-out's end: { $result } ({ $article })
web-live-rec-recorded = result { $result } recorded by the arbiter
web-live-bad-minutes = The play-out's length must be 1 to { $max } minutes, not { $minutes }.
web-live-bad-delay = The public view's delay of moves must be 0 to { $max } minutes, not { $minutes }.
web-live-bad-percent = The share of finished games must be 1 to 100 %, not { $percent } %.
web-live-incidents = Incidents of the round
web-screen-title = Big screen
web-screen-pairings = Round { $round }
web-screen-standings = Standings

## Files of games that cannot be read (the desk's uploads, `judge`, `replay`)
fe-compression-none = plain
fe-input-open = { $file }: cannot open: { $reason }
fe-input-read = { $file }: read error after { $offset } bytes: { $reason }
fe-input-compression = { $file }: named as { $expected } but the content is { $found }
fe-input-decoder = { $file }: cannot start the { $compression } decoder: { $reason }
fe-input-binary = { $file }: not a PGN file: binary data (NUL byte) at byte { $offset }
fe-pgn-game = { $file }: game { $game } (byte offset { $offset }): the PGN cannot be read: { $reason }
fe-jsonl-io = { $file }, line { $line }: read error: { $reason }
fe-jsonl-event = { $file }, line { $line }: not a valid event
fe-jsonl-hands = { $file }, line { $line }: a move made with { $hands } hands; a move is made with 1 or 2 hands
fe-board-log-io = { $file }: the e-board log cannot be read: { $reason }
lim-input = the input decompresses to more than { $size }, the most that is read (raise the limit with --limit input=SIZE)
lim-game = a game's text is longer than { $size }, the most that is read (raise the limit with --limit game=SIZE)
lim-plies = a game of more than { $n } plies, longer than any game possible under the 75-move rule (raise the limit with --limit plies=N)
lim-comment = a comment longer than { $size }, the most that is read (raise the limit with --limit comment=SIZE)
lim-line = a line longer than { $size }, the most that is read (raise the limit with --limit line=SIZE)
size-bytes = { $n } bytes
size-kib = { $n } KiB
size-mib = { $n } MiB
size-gib = { $n } GiB
fe-judge-event = { $file }, line { $line }: { $reason }
fe-judge-pgn = { $file }: { $reason }
fe-judge-board-log = { $file }: a digital board log: recognise its moves first
fe-judge-invalid-start = the start position (FEN) is not valid
fe-judge-unreadable-move = unreadable move { $text }
fe-judge-header-after-start = game header after the game started
fe-judge-unknown-rules = unknown rules preset
fe-judge-invalid-result = not a game result
fe-judge-invalid-board = invalid board placement { $text }
fe-judge-variant = unsupported variant { $variant }
fe-board-placement = line { $line }: not a piece placement: { $text }
fe-board-json = line { $line }: invalid JSON
fe-board-empty-record = line { $line }: a board record needs either a placement or a clock
fe-board-clock-side = line { $line }: the clock must name White or Black
fe-board-bad-time = line { $line }: the time must be a number of seconds
fe-board-time-backwards = line { $line }: the time is earlier than the previous record's
fe-board-event = line { $line }: not a valid event
fe-board-dgt = the DGT capture cannot be read
fe-board-livechess = the LiveChess transcript cannot be read
fe-board-no-start = no placement in the log shows the start position
web-verdict-field = the page's verdict
## The event's journal and undo
jr-action = { $action ->
    [new] event created
    [import] event imported from TRF
    [edit-event] event details changed
    [add-player] player registered
    [add-players] players added from a list
    [edit-player] player's record corrected
    [delete-player] player deleted
    [group-move] player moved to another group
    [start-list] start list ranked
    [forbid] pair forbidden
    [unforbid] forbidden pair lifted
    [pair] round paired
    [pair-manual] round paired by hand
    [unpair] pairing cancelled
    [bye] bye
    [result] result
    [correct-result] result corrected
    [judged-result] result from a judged game
    [adjudicated-result] adjudicated result
    [live-result] result from an e-board
    [play-out] play-out started
    [live-incidents] e-board incidents recorded
    [live-notice] e-board incident noticed
    [live-settle] gap in an e-board's record settled
    [eboard-assign] e-board assigned
    [withdraw] withdrawal
    [cancel-withdrawal] withdrawal cancelled
    [disqualify] disqualification
    [category] categories changed
    [fide-mode] FIDE mode
    [undo] undo
    [category-add] category added
    [category-edit] category changed
    [category-delete] category deleted
    [prize-settings] prize settings changed
   *[other] change
}
jr-error-io = { $file }: the journal cannot be read or written: { $reason }
jr-error-line = { $file }, line { $line }: this is not a journal entry (the journal was edited by hand?)
jr-error-nothing = { $file }: there is nothing to undo.
jr-error-outside = { $file } was changed outside the journal (by hand or by another program) where entry { $entry } changed it: undo would lose that change, so it is refused.
jr-error-fide-left = Entry { $seq } left FIDE mode: it is not undone, as FIDE mode cannot be re-entered once left (C.02).
jr-error-creation = Entry { $seq } created the event: there is no earlier state to go back to.
jr-error-later = Entry { $seq } ({ $action }) cannot be undone on its own: later changes rest on it — { $later }.{ $paired ->
    [yes] {" "}The next round was already paired on this result.
   *[other] {""}
} Undo those first, the last one first.
jr-error-not-undoable = Entry { $seq } cannot be undone: there is no such entry, it is already undone, or it is an undo itself.
jr-undone = Undone: entry { $entry } ({ $action }); recorded as entry { $seq }.
jr-log-empty = The journal is empty: no change has been recorded yet.
jr-log-undone-by = undone by entry { $entry }
jr-log-undoes = undoes entry { $entry }
web-nav-log = Journal
web-log-title = Journal of changes
web-log-intro = Every change to the event, newest first: when, from where, what. An undo is a new entry; nothing is erased.
web-log-undo = Undo the last change
web-log-undo-entry = Undo entry { $seq } ({ $action }), made from { $who }
web-log-newer = ← newer
web-log-older = older →
web-log-page = entries { $first }–{ $last } of { $total }
times-local = Local time, { $zone }.
web-log-time-column = Time
web-log-time = Time ({ $zone })
web-log-who = From
web-log-action = Change
web-log-args = Details
web-log-undoes = undoes entry { $entry }
web-log-undone-by = undone by entry { $entry }
web-log-empty = No change has been recorded yet.
jr-via = { $via ->
    [cli] command line
    [desk] desk
   *[other] { $via }
}
jr-yes = yes
jr-value-choice-decided = the proposed result
jr-value-choice-other = another result
jr-value-rest-auto = paired by the pairer
jr-value-rest-none = not paired
jr-result-change = round { $round }, board { $board }: { $to }{ $from ->
    [none] {""}
   *[other] {" "}(was { $from })
}
jr-result-none = no result
jr-log-times = Times in { $zone }.
jr-log-page = Entries { $first }–{ $last } of { $total }, newest first{ $more ->
    [yes] ; older: --page { $next }
   *[no] {""}
}.
jr-value-sex-m = m
jr-value-sex-w = f
jr-value-sex-f = f
jr-value-preset-detsky-mat = children's event
jr-value-preset-fide = FIDE
jr-arg = { $key ->
    [round] round
    [board] board
    [result] result
    [player] player
    [players] players
    [from_round] from round
    [reason] reason
    [name] name
    [rating] rating
    [title] title
    [federation] federation
    [sex] sex
    [birth_date] birth date
    [grade] grade
    [no_grade] grade cleared
    [club] club
    [fide_id] FIDE ID
    [incidents] incidents
    [mode] mode
    [note] note
    [games] games
    [game] game
    [bye] bye
    [kind] kind
    [preset] rules
    [rounds] rounds
    [file] file
    [file_name] file
    [trf] TRF file
    [correct] correction
    [confirm] confirmed
    [force] forced
    [from] from file
    [verdict] verdict
    [decide] decision
    [override_reason] reason for another result
    [confirm_disqualification] disqualification confirmed
    [with_duplicates] with duplicates
    [unrated] unrated
    [add] category added
    [remove] category removed
    [prizes_per_player] prizes per player
    [chief_arbiter] chief arbiter
    [deputy_arbiter] deputy chief arbiter
    [date] date
    [start_date] first day
    [end_date] last day
    [venue] venue
    [a] player
    [b] player
    [serialnr] e-board
    [entry] entry
    [action] change
    [grades] grades
    [born] birth years
    [age] age
    [age_on] age on
    [prizes] prize places
    [old] category
    [playout_minutes] play-out, minutes
    [playout_offer_percent] play-out offered from, %
    [choice] the arbiter's choice
    [lots_seed] seed of the drawing of lots
    [fen] position (FEN)
    [index] number
    [incident] incident
    [rest] the other players
    [group] group
    [to] to group
   *[other] form field
}

## The organiser's report (/report)
web-nav-report = Report
report-title = Organiser's report
report-dates = Dates
report-venue = Venue
report-chief = Chief arbiter
report-deputy = Deputy chief arbiter
report-players = Participants
report-rounds = Rounds played
report-participants = Participants by category
report-count = { $n } { $n ->
    [one] participant
   *[other] participants
}
report-crosstable = Crosstable
report-prizes = Prize lists
report-place = Place
report-incidents = Incidents
report-what = What
report-how-many = Count
report-articles = Articles
report-cases = Where
report-in-round = from round { $round }
report-board = round { $round }, board { $board }
report-noticed = noticed by the arbiter
report-withdrawals = Withdrawals
report-disqualifications = Disqualifications
report-cheating = Proven cheating incidents
report-illegal = Illegal acts (e-boards)
report-touch = Touch-move (e-boards)
report-judged = Results from the check of the game record
report-contradicted = Reported results the board contradicts
report-adjudicated = Adjudicated games
report-forfeits = Forfeits (the game was not played)
report-replaced = Results corrected by hand
report-corrections = Corrected results, with the arbiter's note
report-trf = The file for the rating report (FIDE TRF):
report-trf-link = download (event.trf)
## FIDE mode at the desk
web-fide-title = FIDE mode
web-fide-off = FIDE mode is off. In FIDE mode (FIDE Handbook C.02), once a round is paired, a result of an earlier round is changed only with the arbiter's note, which is kept.
web-fide-turn-on = Turn FIDE mode on
web-fide-on = FIDE mode is on: a result of an earlier round is changed only with the arbiter's note, which is kept in the record and the report.
web-fide-leave-warning = Leaving FIDE mode is final: it cannot be turned on again, and the TRF will say “FIDE mode left after round { $round }”.
web-fide-leave-confirm = I understand that leaving is final
web-fide-leave = Leave FIDE mode
web-fide-left = FIDE mode was left { $round ->
    [0] before round 1
   *[other] after round { $round }
}. It cannot be turned on again; the TRF says so.
web-error-fide-leave-confirm = Tick the box to leave FIDE mode: leaving is final, it cannot be turned on again.
web-error-fide-mode = Choose whether to turn FIDE mode on or to leave it.
web-fide-note = Note (why the result is changed)
web-fide-note-required = Note (why the result is changed; required in FIDE mode)
web-fide-notes-title = Results corrected with a note
web-fide-note-line = Board { $board }: { $from } → { $to } — { $note }
## Categories edited at the desk
cat-form-title = Edit the categories
cat-form-help = A category takes the players who meet every condition given: grades “1–2”, girls, birth years “2016–2017”, age “7–8” on a date, rating band “0–1199”. An empty field sets no condition.
cat-form-name = Name
cat-form-grades = Grades
cat-form-sex = Sex
cat-form-sex-any = any
cat-form-born = Birth years
cat-form-age = Age (full years)
cat-form-age-on = on
cat-form-rating = Rating
cat-form-prizes = Prize places
cat-form-edit = Change “{ $name }”…
cat-form-save = Save
cat-form-delete = Delete the category
cat-form-delete-confirm = I confirm deleting this category
cat-form-add = Add a category
cat-form-add-button = Add the category
cat-form-settings = Prizes in several categories
web-cat-none = No categories yet: add one below.
web-error-cat-range = { $field }: “{ $value }” is not a range; write it as 1–2, or one number.
web-error-cat-sex = Choose the sex from the list: girls, boys, or any.
web-error-cat-delete-confirm = Tick the confirmation box to delete the category.
web-error-cat-prizes-per-player = Choose whether a player wins a prize in one category only or in several.
## The organiser's report as a file
report-trf-standalone = The file for the rating report (FIDE TRF): the command arbiter tournament export, or the link in the desk's report.
report-written = The organiser's report written to { $file } (open it in a browser and print on A4).

board-export-none = { $file }: board { $board } of round { $round } has no capture in the event{ $n ->
    [0] : no board has one (the live room captures the boards it follows)
   *[other] ; boards with one (round/board, lines): { $boards }
}

## The adjudication in words (the desk's page, adjudicate::words)
material-piece = { $role ->
    [queen] { $n ->
        [1] a queen
        [2] two queens
        [3] three queens
       *[other] { $n } queens
    }
    [rook] { $n ->
        [1] a rook
        [2] two rooks
        [3] three rooks
       *[other] { $n } rooks
    }
    [bishop] { $n ->
        [1] a bishop
        [2] two bishops
        [3] three bishops
       *[other] { $n } bishops
    }
    [knight] { $n ->
        [1] a knight
        [2] two knights
        [3] three knights
       *[other] { $n } knights
    }
   *[pawn] { $n ->
        [1] a pawn
        [2] two pawns
        [3] three pawns
        [4] four pawns
        [5] five pawns
        [6] six pawns
        [7] seven pawns
        [8] eight pawns
       *[other] { $n } pawns
    }
}
material-only-king = the king alone
material-list = { $list } and { $last }
material-both = White: { $white }; Black: { $black }
adj-words-after-exchanges = after the exchanges { $line }: { $material }
adj-words-to-move = { $side ->
    [white] White to move
   *[black] Black to move
}
adj-rule-name = { $rule ->
    [1] is the game over by rule (mate, stalemate, repetition, 75 moves)
    [2] is the position dead
    [3] endgame tablebases
    [4] a forced mate
    [5] a known drawn position
    [6] exchanges that must be made
    [7] an advantage against a lone king or king and pawns
    [8] a material advantage
   *[other] a chess program's evaluation
}

## arbiter replay's summary (batch::report::Summary::render_in)
rs-file = file
rs-games = games
rs-mb = MB
rs-status = status
rs-read = read
rs-total = total
rs-judged = judged
rs-plies = plies judged
rs-variants = unsupported variants (not judged)
rs-with-discrepancies = games with discrepancies
rs-game-errors = unreadable games (errors)
rs-file-errors = unreadable files (errors)
rs-result = result
rs-reason = reason
rs-discrepancy = discrepancy (games)
rs-variant = unsupported variant { $variant } (not judged)
rs-discrepancies = discrepancies
rs-errors = errors
rs-listed = { $title } (first { $shown } of { $total } games; --format jsonl lists all):
rs-footer = { $games } games, { $plies } plies, { $mb } MB in { $seconds } s on { $threads } thread(s): { $gps } games/s, { $mbps } MB/s
rs-done = { $games } games ({ $judged } judged, { $discrepancies } with discrepancies, { $errors } errors) in { $seconds } s
rs-game-error = { $file }: game { $index } (byte { $byte }), { $game }
rs-more-errors = more game errors not shown (see the output)

## The lichess broadcast (arbiter serve --broadcast-round)
web-broadcast-title = Broadcast to lichess
web-broadcast-off = The desk broadcasts to no lichess round (start it with --broadcast-round ROUND_ID).
web-broadcast-no-token = lichess round { $id }: no token yet — paste it below (a lichess API token with the study:write scope).
web-broadcast-unreachable = lichess round { $id }: not reachable since { $since }; the latest games are sent as soon as it answers.
web-broadcast-refused = lichess round { $id }: lichess refused the games ({ $reason }); tried again every few seconds. Check the token (scope study:write, pasted on the desk's first page) and the round's id.
web-broadcast-no-round = lichess round { $id }: waiting for a round to be paired.
web-broadcast-pending = lichess round { $id }: sending round { $round }…
web-broadcast-sent = lichess round { $id }: round { $round } accepted at { $time }.
web-broadcast-board-moves = lichess: accepted, { $moves } moves
web-broadcast-board-error = lichess: error — { $error }
web-broadcast-token-kept = A lichess token is kept in the event (it is never shown again).
web-broadcast-token-none = No lichess token is kept.
web-broadcast-token-label = lichess token:
web-broadcast-token-save = Keep the token
web-broadcast-token-remove = Remove the token
web-broadcast-token-bad = The token is empty or not a lichess token (letters, digits and signs, no spaces).
## The public view's crosstable, prize lists and static site (arbiter tournament publish)
public-nav-prizes = Prizes
public-prizes-title = Prize lists
public-prizes-none = No prize categories yet.
public-col-place = Place
public-grade = grade { $grade }
web-event-public-school-grade = Show each child's school and grade in the public view (standings and prize lists)
publish-written = { $files } files of the public view written to { $dir } (removed: { $removed }); open { $index } in a browser or upload the folder.
publish-error-page = the public view's page { $path } was not made (status { $status })
## Moving a child to another group from the players page (the "Edit player" form)
web-move-player = Move player { $player } to another group
web-move-to = To group
web-move-button = Move to group
web-move-hint = Both groups' start lists are ranked again; the player gets another number in the new group.
web-move-frozen = A player can be moved to another group only before round 1 of both groups is paired.

## Journal: words for the changes and fields jr-action and jr-arg do not name
jr-action-group-add = group added
jr-action-group-rename = group renamed
jr-action-group-move = player moved to another group
jr-action-tie-breaks = tie-breaks changed
jr-action-acceleration = pairing acceleration changed
jr-action-save = event saved
jr-action-live-settings = e-board settings changed
jr-arg-tie-break-place = tie-break { $n }
jr-arg-tie_breaks = tie-breaks
jr-arg-tie_break_edition = tie-break rules
jr-arg-edition = tie-break rules
jr-arg-system = system
jr-arg-group_name = group name
jr-arg-group_rounds = rounds in the group
jr-arg-group_system = group's system
jr-arg-first_name = name of the group there was
jr-arg-first = name of the group there was
jr-arg-to = to group
jr-arg-public_school_grade = school and grade in the public view
jr-arg-public_delay_minutes = delay of moves for spectators, minutes
jr-arg-duplicate = duplicate confirmed
jr-arg-group_by_grade = groups by grade
jr-arg-method = acceleration
jr-value-mode-on = on
jr-value-mode-off = off
jr-value-method-baku = Baku system
jr-value-method-none = no acceleration

## The desk's and the API's errors in the request's language
web-error-server-failed = The desk itself failed; nothing was changed. The detail, for whoever looks into it: { $detail }
room-error-no-eboard = no e-board { $serial } is known
room-error-not-followed = board { $board } of round { $round } has no e-board
room-error-no-incident = no illegal act { $incident } on this board
room-error-no-gap = no gap { $incident } to settle on this board

## Input checks: a round's number, a birth date, the number of rounds, best, a list that is no text
expect-round = rounds are numbered from 1: a round's number 1, 2, 3… is needed, not { $found }
birth-date-future = Birth date "{ $date }" is after today: check the year.
expect-birth-date-past = a birth date after today (check the year): { $found }
pl-birth-date-future = birth date "{ $value }" is after today: check the year
event-problem-too-many-rounds = { $rounds } rounds are more than { $max }: a group has 1 to { $max } rounds
web-error-team-best = The parameter best (how many children of each school count) is "{ $value }": a number from 1 to { $max } is needed.
pl-error-not-text = { $file }: this is not a text table (a list saved as CSV or text); save the list from the spreadsheet as CSV and load that file

## E-boards: a board named with its round and group
web-live-place = round { $round }, board { $board }
web-live-place-group = group “{ $group }”, round { $round }, board { $board }
web-live-taken-at = { $place }: e-board { $serial } is already there.
web-live-finished-at = { $place }: the board already has its result; there is nothing left to follow.

## Round robin: the point of a game with a withdrawn player
pairings-place-table-point = no game: the table's opponent withdrew (1 point)
