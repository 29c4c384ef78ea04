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
