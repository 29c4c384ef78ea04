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
