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
adj-rules-hint = (пояснения по каждому правилу: --lang en)
adj-game = { $file }, партия { $index }:

# Пешечные окончания и UCI-движок при присуждении (CR 4.3–4.5).
basis-pawn-ending = пешечный эндшпиль
basis-engine = оценка движка
pawn-rule-square = правило квадрата
pawn-rule-key-squares = ключевые поля
pawn-rule-opposition = оппозиция
pawn-rule-king-in-front = король перед пешкой
pawn-rule-rook-pawn = крайняя пешка
pawn-rule-wrong-bishop = крайняя пешка и слон «не того» цвета
pawn-rule-defender-wins-pawn = король защищающейся стороны берёт пешку
pawn-rule-connected = связанные проходные пешки
pawn-rule-protected = защищённая проходная пешка
pawn-rule-pawns-against-king = пешки против одинокого короля
pawn-rule-race = пешечные гонки
pawn-rule-outside = отдалённая проходная пешка
pawn-rule-extra-passed-pawn = лишняя проходная пешка
adj-pawn-rule = правило пешечного эндшпиля: { $rule }
adj-engine = движок: { $eval }, вариант { $line }
adj-repeated = позиция повторилась в партии { $count } раз(а)
engine-mate-white = мат белых в { $n } ход(а)
engine-mate-black = мат чёрных в { $n } ход(а)
