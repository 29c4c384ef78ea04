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
adj-rules-hint = (every rule tried: --lang en)
adj-game = { $file } game { $index }:

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
adj-pawn-rule = pawn-ending rule: { $rule }
adj-engine = engine: { $eval }, line { $line }
adj-repeated = the position has occurred { $count } times in the game
engine-mate-white = White mates in { $n }
engine-mate-black = Black mates in { $n }
