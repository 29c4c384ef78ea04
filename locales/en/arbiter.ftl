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

## The arbiter's desk (arbiter serve)
web-nav-event = Event
web-nav-players = Players
web-nav-round = Round { $round }
web-nav-standings = Standings
web-nav-crosstable = Crosstable
web-event-title = Event
web-players-title = Players
web-round-title = Round { $round }
web-standings-title = Standings
web-crosstable-title = Crosstable
web-standings-after = standings after round { $round }
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
web-verdict-replaces = The board has a result: confirming replaces it.
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
web-error-token = This change needs the access token: open the address that arbiter serve printed (with ?token=).
web-error-has-result = Round { $round }, board { $board } already has a result. To change it, use "Correct…" and confirm.
web-error-unfinished = Round { $round } is not finished: { $missing } result(s) missing.
web-error-no-round = Round { $round } is not paired.
web-error-no-board = Round { $round } has no board { $board }.
web-error-not-found = No such page.
web-error-no-name = A player needs a name.
web-error-no-result = Choose a result.
web-error-confirm = Tick the confirmation box to correct a result.
web-error-no-file = Choose the log file to judge.
web-error-no-fen = Give the position as FEN.
web-error-refused = Refused: { $reason }
web-edit = edit
web-edit-player = Edit player { $player }
web-save = Save
