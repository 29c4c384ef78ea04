# English text output of arbiter. Keep byte-identical with the output before localisation.

## Pairing list (tournament pairings)
pairings-round = Round { $round }
pairings-board = Board
pairings-white = White
pairings-black = Black
pairings-result = Result
pairings-bye = Bye (+): { $player }
pairings-who = Who plays where
pairings-place-white = board { $board }, White
pairings-place-black = board { $board }, Black
pairings-place-bye = bye (+)

## Standings and crosstable
standings-title = { $tournament } — standings after round { $round }
crosstable-title = { $tournament } — crosstable after round { $round }
crosstable-legend = Round cells: the opponent's starting rank (No), colour (w/b), result.
col-rank = Rk
col-start = No
col-name = Name
col-rating = Rtg
col-points = Pts
col-round = R{ $round }
status-withdrawn = withdrawn
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
basis-material = material and position

## Winnability: how it was shown (arbiter winnable)
method-game-over = game over
method-material = material
method-blockade = blockade
method-helpmate = helpmate search
method-exhaustive-search = exhaustive search
method-none = undecided

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
status-counted_noticed = counted, noticed by the arbiter
status-counted_claimed = counted, claimed by the opponent
status-played_on = not counted, played on
status-taken_back = not counted, taken back
status-not_noticed = not counted, not noticed
status-after_game_end = not counted, after the end of the game
verdict-head = { $white } – { $black }: { $result } ({ $why }) after { $plies } plies
verdict-illegal = {"  "}illegal move at ply { $ply } by { $by }: { $move } ({ $article }), { $status }
verdict-two-handed = {"  "}two-handed moves by { $by }: { $observed } observed, { $counted } counted
verdict-claim = {"  "}claim by { $by }: { $verdict } ({ $article })
claim-correct = correct
claim-incorrect = incorrect
verdict-after-end = {"  "}moves recorded after the end: { $n }
verdict-reported-agrees = {"  "}reported result { $result } agrees with the board
verdict-reported-disagrees = {"  "}reported result { $result } DISAGREES with the board (CR 4.2)
verdict-irregular = {"  "}the board holds an irregular position
verdict-final = {"  "}final position: { $fen }
judge-game = { $file } game { $index }

## Play-out adjudication (arbiter adjudicate; English output itself is the adjudication's Display)
adj-position = position:       { $fen }
adj-review = result:         review (arbiter's call; recommended { $recommended })
adj-result = result:         { $result }
adj-basis = basis:          { $basis } ({ $reference })
adj-material = material:       { $wb }–{ $bb } before, { $wa }–{ $ba } after exchanges
adj-mating-line = mating line:    { $line }
adj-game = { $file } game { $index }:

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
adj-balance = material { $white_before }–{ $black_before } (balance { $balance_before }), after exchanges { $white_after }–{ $black_after } (balance { $balance_after })
adj-balance-via = material { $white_before }–{ $black_before } (balance { $balance_before }), after exchanges { $white_after }–{ $black_after } (balance { $balance_after }) via { $line }
adj-exchanges-dead = after the exchanges { $line }: dead position, neither side can mate
adj-exchanges-pattern = after the exchanges { $line }: { $pattern }
adj-lone-king = { $side ->
        [white] White
       *[black] Black
    } is { $margin } up against a lone king (or king and pawns) with mating potential
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
