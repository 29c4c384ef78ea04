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
