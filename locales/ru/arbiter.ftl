# Русский текстовый вывод arbiter (термины — по правилам соревнования «Детский мат»
# и правилам вида спорта «шахматы»).

## Список пар (tournament pairings)
pairings-round = Тур { $round }
pairings-board = Доска
pairings-white = Белые
pairings-black = Чёрные
pairings-result = Результат
pairings-bye = Без пары (+): { $player }
pairings-who = Кто где играет
pairings-place-white = доска { $board }, белые
pairings-place-black = доска { $board }, чёрные
pairings-place-bye = без пары (+)

## Турнирная таблица и таблица по системе «каждый с каждым»
standings-title = { $tournament } — положение после { $round }-го тура
crosstable-title = { $tournament } — турнирная таблица после { $round }-го тура
crosstable-legend = В клетке тура: стартовый номер соперника (№), цвет (w — белые, b — чёрные), результат.
col-rank = Место
col-start = №
col-name = Участник
col-rating = Рейтинг
col-points = Очки
col-round = { $round } тур
status-withdrawn = выбыл
status-disqualified = дисквалифицирован
tie-breaks-legend = Дополнительные показатели:

## Дополнительные показатели (FIDE C.07)
tb-BH = Бухгольц
tb-BH-C1 = Бухгольц усечённый
tb-BH-M1 = Медианный Бухгольц
tb-SB = Коэффициент Бергера
tb-DE = Личная встреча
tb-WIN = Число побед
tb-WON = Число побед за доской
tb-BPG = Число партий чёрными
tb-BWG = Число побед чёрными
tb-PS = Прогрессивный коэффициент
tb-ARO = Средний рейтинг соперников

## Результат партии (tournament result)
result-line = тур { $round }, доска { $board }: { $white } (белые) { $score } { $black } (чёрные)

## Неигровые очки (tournament bye)
bye-half = пол-очка
bye-zero = ноль очков
bye-full = очко
bye-pab = «+» (без пары)
bye-line = тур { $round }: участник { $player }, без игры: { $kind }

## Присуждение результата при доигрывании: правило, по которому решено (arbiter adjudicate)
basis-checkmate = мат
basis-stalemate = пат
basis-seventyfive-moves = правило 75 ходов
basis-fivefold-repetition = пятикратное повторение позиции
basis-dead-position = мёртвая позиция
basis-tablebase = эндшпильные таблицы
basis-forced-mate = форсированный мат
basis-known-draw = заведомо ничейный материал
basis-lone-king = перевес против одинокого короля
basis-material = материал и позиция

## Возможность выигрыша: как установлено (arbiter winnable)
method-game-over = партия окончена
method-material = по материалу
method-blockade = блокада
method-helpmate = поиск кооперативного мата
method-exhaustive-search = полный перебор
method-none = не установлено

## Решение судьи по партии (arbiter judge)
article-laws = Правила { $n }
article-cr = ПС { $n }
side-white = Белые
side-black = Чёрные
by-white = белых
by-black = чёрных
reason-checkmate = мат
reason-stalemate = пат
reason-insufficient_material = ни у одного из игроков нет материала для мата
reason-dead_position = мёртвая позиция: мат невозможен ни при какой серии ходов
reason-fivefold_repetition = пятикратное повторение позиции
reason-seventyfive_moves = 75 ходов без взятия и хода пешкой
reason-threefold_repetition_claim = обоснованное заявление о троекратном повторении позиции
reason-fifty_moves_claim = обоснованное заявление по правилу 50 ходов
reason-draw_agreement = ничья по соглашению
reason-resignation = соперник сдался
reason-resignation_opponent_cannot_mate = сдача, но соперник не может поставить мат — ничья
reason-two_illegal_moves = два зафиксированных невозможных хода
reason-two_illegal_moves_opponent_cannot_mate = второй невозможный ход, но соперник не может поставить мат — ничья
reason-refusal_to_continue = отказ продолжать партию после троекратного предложения
reason-flag_fall = падение флажка
reason-flag_fall_opponent_cannot_mate = падение флажка, но соперник не может поставить мат — ничья
reason-illegal_position_on_board = на доске осталась невозможная позиция
reason-adjudication_required = время на доигрывание истекло: итог определяет арбитр
reason-adjudicated = итог определён арбитром после доигрывания
reason-reported_result = результат, сообщённый игроками
reason-result_not_recorded = результат не зафиксирован — поражение обоим
reason-unfinished = партия не окончена
status-counted_noticed = засчитан: замечен арбитром
status-counted_claimed = засчитан: по указанию противника
status-played_on = не засчитан: позиция «заиграна»
status-taken_back = не засчитан: отменён по договорённости
status-not_noticed = не засчитан: не замечен
status-after_game_end = не засчитан: после окончания партии
verdict-head = { $white } – { $black }: { $result } ({ $why }), полуходов: { $plies }
verdict-illegal = {"  "}невозможный ход { $by } на полуходе { $ply }: { $move } ({ $article }), { $status }
verdict-two-handed = {"  "}ходы двумя руками { $by }: замечено { $observed }, засчитано { $counted }
verdict-claim = {"  "}заявление { $by }: { $verdict } ({ $article })
claim-correct = обоснованное
claim-incorrect = необоснованное
verdict-after-end = {"  "}ходов записано после окончания партии: { $n }
verdict-reported-agrees = {"  "}сообщённый результат { $result } соответствует позиции на доске
verdict-reported-disagrees = {"  "}сообщённый результат { $result } НЕ СООТВЕТСТВУЕТ позиции на доске (ПС 4.2)
verdict-irregular = {"  "}на доске неправильная (невозможная) позиция
verdict-final = {"  "}итоговая позиция: { $fen }
judge-game = { $file }, партия { $index }

## Присуждение результата после доигрывания (arbiter adjudicate)
adj-position = позиция:        { $fen }
adj-review = итог:           на усмотрение арбитра (рекомендуется { $recommended })
adj-result = итог:           { $result }
adj-basis = основание:      { $basis } ({ $reference })
adj-material = материал:       { $wb }–{ $bb }, после разменов { $wa }–{ $ba }
adj-mating-line = матовая сеть:   { $line }
adj-game = { $file }, партия { $index }:

## Присуждение после доигрывания: что установлено по каждому правилу (reasons; коды — в JSON)
adj-checkmated = { $side ->
        [white] белые
       *[black] чёрные
    } поставили мат
adj-stalemate = пат
adj-fivefold = позиция повторилась { $count } раз(а)
adj-seventy-five = полуходов без взятия и хода пешкой: { $plies }
adj-not-over = по правилам партия не окончена
adj-dead = мёртвая позиция: ни одна сторона не может поставить мат никакой серией возможных ходов
adj-not-dead = позиция не мёртвая: белые — { $white }, чёрные — { $black }
adj-tb-unavailable = эндшпильные таблицы недоступны: { $error }
adj-tb-none = каталог эндшпильных таблиц не задан
adj-tb-castling = есть право рокировки: таблицы неприменимы
adj-tb-pieces = фигур на доске: { $pieces }, таблицы — не более { $max }
adj-tb-probe-failed = ошибка обращения к таблицам: { $error }
adj-tb-result = таблицы для стороны, чья очередь хода ({ $side ->
        [white] белые
       *[black] чёрные
    }): { $wdl }
adj-mates-by-force = { $side ->
        [white] белые
       *[black] чёрные
    } форсированно ставят мат (полуходов: { $plies }): { $line }
adj-mated-by-force = { $side ->
        [white] белые
       *[black] чёрные
    } получают форсированный мат (полуходов: { $plies }): { $line }
adj-no-forced-mate = форсированного мата в пределах { $plies } полуходов нет
adj-no-forced-mate-incomplete = форсированного мата в пределах { $plies } полуходов не найдено (достигнут предел узлов: перебор неполный)
adj-drawn-pattern = { $pattern }
adj-no-drawn-pattern = известной ничейной позиции нет
adj-balance = материал { $white_before }–{ $black_before } (перевес { $balance_before }), после разменов { $white_after }–{ $black_after } (перевес { $balance_after })
adj-balance-via = материал { $white_before }–{ $black_before } (перевес { $balance_before }), после разменов { $white_after }–{ $black_after } (перевес { $balance_after }) после { $line }
adj-exchanges-dead = после разменов { $line }: мёртвая позиция, ни одна сторона не может поставить мат
adj-exchanges-pattern = после разменов { $line }: { $pattern }
adj-lone-king = у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin } против одинокого короля (или короля с пешками) и достаточно материала для мата
adj-lone-king-short = у { $side ->
        [white] белых
       *[black] чёрных
    } только король и пешки, но перевеса { $margin } или материала для мата недостаточно
adj-no-lone-king = нет одинокого короля (или короля только с пешками) против перевеса
adj-equal = примерное равенство (перевес { $balance })
adj-ahead-cannot-mate = у { $side ->
        [white] белых
       *[black] чёрных
    } перевес, но мат невозможен никакой серией возможных ходов
adj-clearly-better = у { $side ->
        [white] белых
       *[black] чёрных
    } явный перевес: { $margin } и достаточно материала для мата
adj-call-no-potential = на усмотрение арбитра: у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin }, но недостаточно материала для мата; рекомендуется { $recommended }
adj-call-passed-pawn = на усмотрение арбитра: у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin } и проходная пешка вне квадрата короля защищающейся стороны; рекомендуется { $recommended }
adj-call-between = на усмотрение арбитра: у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin }, между порогами ничьей и выигрыша; рекомендуется { $recommended }
adj-rule-line = {"  "}правило { $rule } [{ $reference }] { $decided ->
        [yes] решило
       *[no] -
    }: { $text }
adj-search = перебор:        узлов { $nodes }, глубина поиска мата { $depth } полуходов{ $limit ->
        [yes] , достигнут предел
       *[no] {""}
    }
winnability-winnable = может выиграть
winnability-unwinnable = не может выиграть
winnability-undetermined = не установлено
wdl-win = выигрыш
wdl-loss = проигрыш
wdl-draw = ничья
wdl-cursed_win = выигрыш, который правило 50 ходов обращает в ничью
wdl-blessed_loss = проигрыш, который правило 50 ходов обращает в ничью
wdl-maybe_win = выигрыш или выигрыш, обращаемый правилом 50 ходов в ничью
wdl-maybe_loss = проигрыш или проигрыш, обращаемый правилом 50 ходов в ничью
pattern-two_knights_vs_king = Кр+К+К против Кр (два коня не могут форсировать мат)
pattern-minor_vs_minor = Кр+лёгкая фигура против Кр+лёгкой фигуры без пешек
pattern-rook_vs_minor = Кр+Л против Кр+лёгкой фигуры без пешек
pattern-rook_and_minor_vs_rook = Кр+Л+лёгкая фигура против Кр+Л без пешек
pattern-wrong_rook_pawn = Кр+С+крайняя пешка против Кр, слон не того цвета, король защищающейся стороны в углу
pattern-opposite_coloured_bishops = разноцветные слоны, лишних пешек не более двух
pattern-queen_vs_seventh_rank_pawn = Кр+Ф против Кр+ладейной или слоновой пешки на седьмой горизонтали при поддержке короля, король сильнейшей стороны далеко
pattern-king_in_front_of_pawn = Кр+п против Кр, король защищающейся стороны перед пешкой
