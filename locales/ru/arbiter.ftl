# Русский текстовый вывод arbiter (термины — по правилам соревнования «Детский мат»
# и правилам вида спорта «шахматы»).

## Список пар (tournament pairings)
pairings-round = Тур { $round }
pairings-board = Доска
pairings-white = Белые
pairings-black = Чёрные
pairings-result = Результат
pairings-bye = Без пары (+): { $player }
pairings-without = Без игры: { $player }
pairings-place-table = без игры по таблице
pairings-place-absent = не играет ({ $points })
pairings-who = Кто где играет
pairings-place-white = доска { $board }, белые
pairings-place-black = доска { $board }, чёрные
pairings-place-bye = без пары (+)

## Турнирная таблица и таблица по системе «каждый с каждым»
standings-title = { $tournament } — { $round ->
    [0] положение до 1-го тура
   *[other] положение после { $round }-го тура
}
crosstable-title = { $tournament } — { $round ->
    [0] турнирная таблица до 1-го тура
   *[other] турнирная таблица после { $round }-го тура
}
crosstable-legend = В клетке тура: стартовый номер соперника (№), цвет (w — белые, b — чёрные), результат.
web-crosstable-legend = В клетке тура: стартовый номер соперника, цвет (б — белыми, ч — чёрными) и результат (1, ½, 0); «+» — победа, «−» — поражение без игры (неявка); «своб.» — свободен от игры по жеребьёвке, «проп.» — пропуск тура; после слова — очки за тур.
# A round robin's crosstable: «своб.» also covers an opponent by the table who withdrew.
web-crosstable-legend-rr = В клетке тура: стартовый номер соперника, цвет (б — белыми, ч — чёрными) и результат (1, ½, 0); «+» — победа, «−» — поражение без игры (неявка); «своб.» — без игры по таблице или соперник выбыл, «проп.» — пропуск тура; после слова — очки за тур.
web-cross-white = б
web-cross-black = ч
web-cross-bye = своб.
web-cross-absent = проп.
col-rank = Место
col-start = №
col-name = Участник
col-rating = Рейтинг
col-points = Очки
col-round = { $round } тур
status-withdrawn = { $sex ->
        [f] выбыла
       *[other] выбыл
    }
status-cancelled = { $sex ->
        [f] выбыла, игры аннулированы
       *[other] выбыл, игры аннулированы
    }
status-disqualified = { $sex ->
        [f] дисквалифицирована
       *[other] дисквалифицирован
    }
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
tb-KS = Коэффициент Койя (очки во встречах с набравшими не меньше половины возможного)
tb-STD = Стандартные очки
tb-REP = Число туров, в которых участник решил играть
tb-RTNG = Рейтинг (выше — лучше)
tb-RTNG-R = Рейтинг (ниже — лучше)
tb-TPN = Стартовый номер (меньше — лучше)
tb-TPN-R = Стартовый номер (больше — лучше)
# Заголовок столбца показателя на страницах и листах пульта (полное название — tb-KEY).
tb-short-BH = Бх
tb-short-BH-C1 = Бх-1
tb-short-BH-M1 = МБх
tb-short-SB = Зб
tb-short-DE = ЛВ
tb-short-WIN = Поб
tb-short-WON = ПобД
tb-short-BPG = Чёрн
tb-short-BWG = ПобЧ
tb-short-PS = Пр
tb-short-ARO = СрРС
tb-short-KS = Койя
tb-short-STD = СтО
tb-short-REP = Игр
tb-short-RTNG = Рейт
tb-short-RTNG-R = Рейт↑
tb-short-TPN = №
tb-short-TPN-R = №↓
tbx-BH = сумма очков соперников; несыгранный тур считается собственными очками участника (2024) или ими же, но не больше очков назначенного соперника, а без соперника — очков за ничьи во всех турах (2026) (C.07 8.1, 16)
tbx-BH-C1 = Бухгольц без наименьшего значения; первым отбрасывается тур, пропущенный по своей воле (C.07 14.1, 14.6)
tbx-BH-M1 = Бухгольц без наименьшего и наибольшего значений (C.07 14.3)
tbx-SB = сумма значений Бухгольца каждого тура, умноженных на очки, набранные в этом туре (C.07 8.2)
tbx-DE = очки во встречах между участниками с равными показателями, если они их разделяют (C.07 6)
tbx-WIN = туры, в которых набраны очки за победу, сыгранные или нет (C.07 7.1)
tbx-WON = партии, выигранные за доской (C.07 7.2)
tbx-BPG = партии, сыгранные за доской чёрными (C.07 7.3)
tbx-BWG = партии, выигранные за доской чёрными (C.07 7.4)
tbx-PS = сумма набранных очков после каждого тура (C.07 9)
tbx-ARO = средний рейтинг соперников, с которыми сыграна партия за доской, с округлением (C.07 10.1)
tbx-STD = 1 очко за тур, принёсший больше ничьей, ½ за очки ничьей, при любой системе начисления очков (C.07, 2026)
tbx-REP = сыгранные партии плюс туры с очками за победу без игры; прежде GE (C.07, 2026)
tbx-RTNG = собственный рейтинг участника, выше — лучше; без рейтинга — 0 (C.07, 2026)
tbx-RTNG-R = собственный рейтинг участника, ниже — лучше; без рейтинга — 0 (C.07, 2026)
tbx-TPN = стартовый номер, меньше — лучше (C.07, 2026)
tbx-TPN-R = стартовый номер, больше — лучше (C.07, 2026)
tbx-KS = очки, набранные во встречах с соперниками, набравшими не меньше половины возможного (Койя, C.07, для круговых турниров)

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
basis-lone-king-after-exchanges = перевес против одинокого короля после разменов
basis-king-and-pawns = перевес против короля с пешками
basis-material = материал и позиция

## Возможность выигрыша: как установлено (arbiter winnable)
method-game-over = партия окончена
method-material = по материалу
method-blockade = блокада
method-helpmate = поиск кооперативного мата
method-exhaustive-search = полный перебор
method-reference-solver = эталонный решатель (CHA-Solver)
method-none = не установлено
winnable-side = { $side ->
        [white] белые
       *[black] чёрные
    }: { $code ->
        [winnable] мат возможен
        [unwinnable] мат невозможен
       *[undetermined] не установлено
    }
winnable-helpmate = {" "}(вспомогательный мат: { $line })
winnable-nodes = {" "}[{ $method }, узлов: { $nodes }]
winnable-nodes-limit = {" "}[{ $method }, узлов: { $nodes }, достигнут предел]
winnable-dead = мёртвая позиция (Правила 5.2.2)
winnable-summary = проанализировано позиций: { $positions }, нечитаемых строк: { $errors }; { $white }; { $black }; { $seconds } с
winnable-summary-white = белые: могут поставить мат { $winnable }, не могут { $unwinnable }, не решено { $undetermined }
winnable-summary-black = чёрные: могут поставить мат { $winnable }, не могут { $unwinnable }, не решено { $undetermined }

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
reason-electronic_device = использование электронного устройства у доски
reason-cheating = доказанный обман
reason-left_the_round = игрок покинул тур
reason-coerced_declaration_void = заявление, сделанное под давлением, недействительно
status-counted_noticed = засчитан: замечен арбитром
status-counted_claimed = засчитан: по указанию противника
status-played_on = не засчитан: позиция «заиграна»
status-taken_back = не засчитан: отменён по договорённости
status-not_noticed = не засчитан: не замечен
status-after_game_end = не засчитан: после окончания партии
verdict-head = { $white } – { $black }: { $result } ({ $why }), полуходов: { $plies }
verdict-illegal = {"  "}невозможный ход { $by } на полуходе { $ply }: { $move } — { $kind } ({ $article }), { $status }
verdict-two-handed = {"  "}ходы двумя руками { $by }: замечено { $observed }, засчитано { $counted }
verdict-claim = {"  "}заявление { $by } ({ $claim }): { $verdict } — { $explanation } ({ $article })
claim-correct = обоснованное
claim-incorrect = необоснованное
verdict-after-end = {"  "}ходов записано после окончания партии: { $n }
verdict-reported-agrees = {"  "}сообщённый результат { $result } соответствует позиции на доске
verdict-reported-disagrees = {"  "}сообщённый результат { $result } НЕ СОГЛАСУЕТСЯ с партией (ПС 4.2): { $why }
record-ambiguous_san = {"  "}запись: { $move } на полуходе { $ply } подходит нескольким допустимым ходам ({ $candidates }), ход не угадывается: разбор партии остановлен, не разобрано ходов: { $n }
record-unplayable_san = {"  "}запись: { $move } на полуходе { $ply } — такого хода не может сделать ни одна фигура на доске: разбор партии остановлен, не разобрано ходов: { $n }
record-unreadable_token = {"  "}запись: «{ $move }» на полуходе { $ply } не читается как ход (читатель PGN его пропускает): разбор партии остановлен, не разобрано ходов: { $n }
record-inexact_san = {"  "}запись: { $move } на полуходе { $ply } записан неточно; взят единственный допустимый ход этой фигуры на это поле
record-recovered_plies = {"  "}запись: доска не показала полуходы начиная с { $ply } (связь была потеряна); к позиции, которую она показала потом, ведёт ровно одна последовательность ходов: { $move }, она и принята
record-board_gap = {"  "}запись: доска не показала полуходы начиная с { $ply } (связь была потеряна), и восстановить их нельзя: { $candidates ->
    [none] ни одна последовательность не длиннее 8 полуходов не ведёт к позиции, которую доска показала потом; партия продолжена с этой позиции
   *[other] к позиции, которую доска показала потом, ведут несколько последовательностей ({ $move }; { $candidates }); принята первая
    }; ходы в этом месте не достоверны
verdict-irregular = {"  "}на доске неправильная (невозможная) позиция
verdict-touch-replaced = {"  "}«тронул — ходи»: ход { $move } ({ $by }) заменён, игрок должен { $duty } ({ $article })
verdict-touch-ignored = {"  "}«тронул — ходи»: ход { $move } ({ $by }) снова нарушает обязанность (надо { $duty }) ({ $article })
verdict-touch-lifted = {"    "}доска показывает, что фигуру подняли; слова «поправляю» доска не видит
verdict-conduct-decided = {"  "}поведение: { $kind } ({ $by }), партия проиграна ({ $article })
verdict-conduct-recorded = {"  "}поведение: { $kind } ({ $by }), отмечено ({ $article })
conduct-device = электронное устройство у доски
conduct-cheating = доказанный обман
conduct-left = покинул тур
verdict-coercion = {"  "}давление (событие { $index }): { $effect } ({ $article })
touch-duty-move = пойти { $piece ->
        [pawn] пешкой
        [knight] конём
        [bishop] слоном
        [rook] ладьёй
        [queen] ферзём
       *[king] королём
    } с { $square }
touch-duty-capture = взять { $piece ->
        [pawn] пешку
        [knight] коня
        [bishop] слона
        [rook] ладью
        [queen] ферзя
       *[king] короля
    } на { $square }
touch-duty-capture-with = взять на { $target } фигурой с { $with }
touch-duty-castle = сделать рокировку с ладьёй { $rook }
touch-duty-any = сделать любой возможный ход (ни одной тронутой фигурой нельзя пойти, ни одну нельзя взять)
tr-touch = прикосновение к фигуре на { $square } ({ $side ->
        [white] белые
       *[black] чёрные
    })
tr-touch-bare = прикосновение к фигуре
tr-touch-opponent-turn = в очередь хода соперника: случайное, обязанности нет
tr-touch-adjusted = поправлено после слова «поправляю»: обязанности нет
tr-touch-empty = на поле нет фигуры: ни к чему не обязывает
tr-touch-deliberate = умышленное: обязывает, если соперник заявит «тронул — ходи»
tr-touch-lifted = доска показывает, что фигуру подняли (слово «поправляю» доска не видит): обязывает, если соперник заявит «тронул — ходи»
tr-touch-ignored-again = снова нарушает правило «тронул — ходи» (надо { $duty })
touch-claim-touched = поздно: заявивший уже тронул фигуру, чтобы сделать ход
touch-claim-none-could = ни одной тронутой фигурой нельзя было пойти, ни одну нельзя было взять: ход остаётся в силе
touch-claim-fulfils = сделанный ход выполняет обязанность (надо { $duty })
touch-claim-replaced = ход { $move } заменяется: игрок должен { $duty }
touch-claim-must = игрок должен { $duty }
touch-claim-none-can = ни одной тронутой фигурой нельзя пойти, ни одну нельзя взять: любой возможный ход
touch-claim-moved-since = поздно: заявивший с тех пор уже сделал ход
touch-claim-adjusted = соперник лишь поправил фигуру, сказав «поправляю»
touch-claim-no-touch = соперник в свою очередь хода умышленно не трогал ни одной фигуры
tr-conduct = поведение: { $kind } ({ $side ->
        [white] белые
       *[black] чёрные
    })
tr-conduct-loses = игрок проигрывает: { $result }
tr-conduct-recorded = отмечено; результат остаётся в силе
tr-coercion-bare = давление
tr-coercion = давление: событие { $target }
declaration-resignation = сдача
declaration-draw_offer = предложение ничьей
declaration-draw_acceptance = согласие на ничью
declaration-refusal = отказ продолжать
coercion-nothing = событие { $target } — не сдача, не предложение ничьей, не согласие и не отказ: ничего не отменено
coercion-goes-on = признано недействительным: { $declaration }; партия продолжается
coercion-scored = признано недействительным: { $declaration }; продолжить партию нельзя: { $result } в пользу { $side ->
        [white] белых
       *[black] чёрных
    }
coercion-withdrawn = признано недействительным: { $declaration }; предложение снято
coercion-refusals = признано недействительным: { $declaration }; засчитано отказов: { $n }
coercion-undecided = признано недействительным: { $declaration }; исход партии от этого не зависел
verdict-mate-winnable = {"  "}{ $side }: мат ещё возможен ({ $method }): { $line }
verdict-mate-unwinnable = {"  "}{ $side }: мат невозможен никакой серией ходов ({ $method })
verdict-mate-undetermined = {"  "}{ $side }: невозможность мата не доказана ({ $method })
verdict-final = {"  "}итоговая позиция: { $fen }

# arbiter judge --format pgn: комментарии к судейскому разбору партии
pgn-illegal = невозможный ход { $by } на полуходе { $ply }: { $move }, { $kind } ({ $article }), { $status }
pgn-touch = { $side } тронули фигуру на { $square } (Правила 4.3)
pgn-touch-adjust = { $side } поправили фигуру на { $square }, предупредив «поправляю» (Правила 4.2.1)
pgn-cut = с полухода { $ply } (ход { $by }) на доске позиция, к которой не ведут допустимые ходы, и записать её в SAN нельзя; полуходы, сделанные на доске: { $plies }; итоговая позиция: { $fen }
pgn-cut-gap = с полухода { $ply } (ход { $by }) ходы сделаны из позиции, которую доска показала после разрыва и к которой не ведут ходы до него, поэтому в SAN их не записать; полуходы на доске: { $plies }; итоговая позиция: { $fen }
pgn-verdict = решение судьи: { $result } ({ $why })
pgn-round-forfeit-black = неявка чёрных (CR 4.4), партия не игралась
pgn-round-forfeit-white = неявка белых (CR 4.4), партия не игралась
pgn-round-double-forfeit = не явились оба (CR 4.4): партия не игралась, поражение обоим
pgn-round-double-loss = результат не записан и утерян или оспорен: поражение обоим (CR 4.2)
judge-game = { $file }, партия { $index }
judge-failed-line = { $file }:{ $line }: партия { $index }: { $reason }
judge-failed-byte = { $file }: партия { $index } (с байта { $offset }): { $reason }
judge-failed = { $file }: партия { $index }: { $reason }
board-no-move = нет хода
board-livechess-differs = LiveChess читает ходы иначе начиная с полухода { $ply }: у нас { $ours }, у LiveChess { $livechess }
board-livechess-left-out = пропущено кадров без позиции: { $count } (первый — строка { $line }); это сбой связи, а не ход игрока

## Присуждение результата после доигрывания (arbiter adjudicate)
adj-position = позиция:        { $fen }
adj-review = итог:           на усмотрение арбитра (рекомендуется { $recommended })
adj-result = итог:           { $result }
adj-basis = основание:      { $basis } ({ $reference })
adj-material = материал:       { $wb }–{ $bb }, после разменов { $wa }–{ $ba }
adj-mating-line = матовая сеть:   { $line }
adj-game = { $file }, партия { $index }:
adj-irregular = последняя позиция невозможна по правилам ({ $fen }): присуждать нечего
adj-unreadable-record = запись не читается с полухода { $ply } («{ $move }»): { $n ->
    [one] { $n } ход не проверен
    [few] { $n } хода не проверены
   *[other] { $n } ходов не проверены
}, поэтому последняя позиция неизвестна
adj-board-log = это журнал электронной доски: присуждайте по его PGN или журналу партии
adj-event-line = строка { $line }: { $reason }
adj-nothing-given = укажите позицию (--fen) или файл партий
adj-fen-warning = arbiter: предупреждение: --fen: { $warning }
adj-setting-mate_plies = глубина поиска мата, полуходов
adj-setting-lone_king_margin = наименьший перевес для выигрыша против короля (одного или с пешками)
adj-setting-syzygy_dir = каталог эндшпильных таблиц
adj-setting-win_margin = перевес для победы
adj-setting-draw_margin = перевес для ничьей
adj-setting-engine = шахматная программа
adj-setting-win_cp = оценка для победы, сотых пешки
adj-setting-draw_cp = оценка для ничьей, сотых пешки

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
adj-captures-pending = есть незавершённые взятия: оценка после разменов
adj-balance = материал { $white_before }–{ $black_before } (перевес { $balance_before }), после разменов { $white_after }–{ $black_after } (перевес { $balance_after })
adj-balance-via = материал { $white_before }–{ $black_before } (перевес { $balance_before }), после разменов { $white_after }–{ $black_after } (перевес { $balance_after }) после { $line }
adj-exchanges-dead = после разменов { $line }: мёртвая позиция, ни одна сторона не может поставить мат
adj-exchanges-pattern = после разменов { $line }: { $pattern }
adj-lone-king = у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin } против одинокого короля и достаточно материала для мата
adj-king-and-pawns = у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin } против короля с пешками и достаточно материала для мата
adj-lone-king-after-exchanges = у { $side ->
        [white] белых
       *[black] чёрных
    } перевес { $margin } против короля, у которого после разменов ничего не остаётся, и достаточно материала для мата
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

## Протокол судьи по событиям (arbiter judge --trace)
tr-header = заголовок
tr-reply = ответный ход
tr-move-bare = ход
tr-move = ход { $move }
tr-two-handed-move = ход двумя руками { $move }
tr-draw-accepted = согласие на ничью { $side ->
        [white] белых
       *[black] чёрных
    }
tr-draw-offer = предложение ничьей { $side ->
        [white] белых
       *[black] чёрных
    }
tr-draw-rejected = отказ от ничьей { $side ->
        [white] белых
       *[black] чёрных
    }
tr-refusal-by = отказ { $side ->
        [white] белых
       *[black] чёрных
    } продолжать партию
tr-lose = { $reason } ({ $side ->
        [white] белые
       *[black] чёрные
    })
tr-playout = время на доигрывание истекло
tr-illegal-act = нарушение
tr-notice-illegal = арбитр: невозможный ход
tr-illegal-called = заявлен невозможный ход
tr-notice-two-handed = арбитр: ход двумя руками
tr-two-handed-called = заявлен ход двумя руками
tr-take-back = ход взят назад
tr-claim = заявление { $side ->
        [white] белых
       *[black] чёрных
    }: { $claim }
tr-set-up = партия начата
tr-played-on = о невозможном ходе не заявлено до ответного хода: позиция «заиграна»
tr-offer-touch = предложение ничьей отклонено прикосновением к фигуре
tr-two-handed-pending = засчитывается, только если замечен или заявлен до ответного хода
tr-irregular-move = сделан в неправильной позиции: не проверяется
tr-legal = возможный ход
tr-legal-ends = возможный ход; партия окончена: { $reason }
tr-token = запись «{ $text }»
tr-record-problem = недостаток записи: { $problem }
tr-gap = в записи доски разрыв (полуходов: { $plies })
tr-after-end-move = после окончания партии ({ $reason })
tr-no-offer = соперник ничью не предлагал: принимать нечего
tr-too-early = недействительно, пока оба игрока не сделали хотя бы по ходу
tr-agreed = ничья по соглашению
tr-offer-stands = предложение в силе, пока его не примут, не отклонят или не коснутся фигуры
tr-offer-withdrawn = предложение снято
tr-refusal = отказ { $n } из { $limit }
tr-already-over = не учитывается: партия уже окончена
tr-game-ends = партия окончена: { $result }
tr-adjudicated = присуждено { $result } ({ $basis }: { $note })
tr-arbiters-call = партия не окончена: на усмотрение арбитра, рекомендуется { $recommended } ({ $note })
tr-adjudication-required = партия не окончена: требуется решение арбитра
tr-illegal = невозможный ход ({ $kind }); засчитывается, если замечен или заявлен до ответного хода
tr-after-end = после окончания партии ({ $reason })
tr-last-move-legal = последний ход был возможным или позиция уже «заиграна»
tr-own-move = нельзя заявлять о собственном ходе
tr-claimed-counted-restored = заявлено до ответного хода: засчитан, восстановлена позиция перед ним
tr-illegal-counted = засчитан ({ $count } из { $limit }); восстановлена позиция перед ним
tr-already-over-nothing = партия уже окончена ({ $reason }): ничего не засчитывается
tr-no-two-handed = соперник не делал хода двумя руками
tr-claimed-counted = заявлено до ответного хода: засчитан
tr-two-handed-counted = засчитан ход двумя руками № { $counted } ({ $per } = один невозможный ход)
tr-take-back-agreed = невозможный ход взят назад по договорённости: не засчитан
tr-take-back-completed = взят назад сделанный возможный ход; { $article } это запрещает, позиция оставлена, как её поставили игроки
tr-claim-decision = { $correct ->
        [yes] обоснованно
       *[no] необоснованно
    }: { $explanation }
tr-claim-over = партия уже окончена
tr-appeared = позиция повторилась { $count } раз(а) (9.2.2)
tr-intended-repeats = заявленный ход повторяет позицию в третий раз (9.2.1)
tr-appeared-only = позиция повторилась только { $count } раз(а)
tr-intended-would = после задуманного хода позиция повторилась бы { $after } раза (9.2.1)
tr-intended-only = после задуманного хода позиция повторилась бы только { $after ->
        [one] { $after } раз
        [few] { $after } раза
       *[many] { $after } раз
    } (9.2.1; текущая позиция: { $count ->
        [one] { $count } раз
        [few] { $count } раза
       *[many] { $count } раз
    })
tr-plies-without = полуходов без хода пешкой и взятия: { $plies } (9.3.2)
tr-intended-fifty = заявленный ход завершает по 50 ходов каждого (9.3.1)
tr-only-plies = полуходов без хода пешкой и взятия только { $plies }
tr-reached-illegally = позиция на доске получена невозможным ходом
tr-only-on-move = заявлять может только игрок, чья очередь хода
tr-claim-irregular = на доске неправильная (невозможная) позиция
tr-line = {"    "}[{ $index }] полуход { $ply }: { $event } -> { $decision }
claim-illegal_move = невозможный ход
claim-two_handed = ход двумя руками
claim-threefold = троекратное повторение позиции
claim-fifty_moves = правило 50 ходов
claim-touch_move = «тронул — ходи»
problem-ambiguous_san = неоднозначная запись хода
problem-inexact_san = неточная запись хода
problem-unplayable_san = невозможный ход в записи
problem-unreadable_token = нечитаемая запись хода
problem-recovered_plies = полуходы восстановлены после разрыва
problem-board_gap = разрыв в записи доски

## Нарушения по видам (коды kind в JSON)
illegal-captures_own_piece = фигура пошла на поле, занятое своей фигурой
illegal-bishop_movement = слон пошёл не по диагонали
illegal-rook_movement = ладья пошла не по вертикали или горизонтали
illegal-queen_movement = ферзь пошёл не по вертикали, горизонтали или диагонали
illegal-passes_over_piece = фигура перепрыгнула через другую фигуру
illegal-knight_movement = конь пошёл не ходом коня
illegal-pawn_forward_onto_piece = пешка пошла вперёд на занятое поле
illegal-pawn_movement = пешка пошла не по правилам
illegal-pawn_double_step_not_from_start = ход пешки на два поля не с исходного поля
illegal-pawn_double_step_blocked = ход пешки на два поля через занятое поле или на него
illegal-pawn_diagonal_to_empty_square = пешка пошла по диагонали на пустое поле
illegal-en_passant_not_available = взятие на проходе невозможно
illegal-missing_promotion = пешка на последней горизонтали не превращена
illegal-invalid_promotion = неправильное превращение пешки
illegal-king_movement = король пошёл не на соседнее поле
illegal-castling_king_moved = рокировка после хода короля
illegal-castling_rook_moved = рокировка ладьёй, которая уже ходила
illegal-castling_out_of_check = рокировка из-под шаха
illegal-castling_through_attacked_square = рокировка через битое поле
illegal-castling_into_check = рокировка под шах
illegal-castling_pieces_between = рокировка при фигуре между королём и ладьёй
illegal-king_onto_attacked_square = король пошёл на битое поле
illegal-leaves_king_in_check = ход оставляет короля под шахом
illegal-exposes_king_to_check = ход открывает своего короля под шах
illegal-out_of_turn = ход не в свою очередь
illegal-piece_added = на доску добавлена фигура
illegal-piece_removed = с доски убрана фигура
illegal-two_pieces_moved = двумя фигурами за один ход
illegal-incomplete_castling = рокировка не завершена
illegal-incomplete_promotion = превращение пешки не завершено
illegal-incomplete_en_passant = взятие на проходе не завершено
illegal-no_such_move = такого хода нет
illegal-null_move = пропуск хода
illegal-move_after_checkmate = ход после мата
illegal-two_handed_moves = ходы двумя руками

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
pawn-rule-exact-search = малое пешечное окончание, решённое точно
adj-pawn-rule = правило пешечного эндшпиля: { $rule }
adj-engine = движок: { $eval }, вариант { $line }
adj-repeated = позиция повторилась в партии { $count } раз(а)

## FEN positions refused or warned about (game::setup)
fen-invalid = неверный FEN «{ $fen }»: { $problems }
fen-impossible = { $what } ({ $article }: такая позиция не может возникнуть ни при каком ряде допустимых ходов)
fen-syntax = это не FEN (ожидаются поля: фигуры, очередь хода, рокировки, взятие на проходе, счётчик полуходов, номер хода)
fen-invalid_ep_square = поле взятия на проходе — не то, через которое только что прошла пешка
fen-bad_castling_rights = право на рокировку, хотя король и ладья не на исходных полях
fen-impossible_check = шах, который не мог дать ни один допустимый ход
fen-opposite_check = под шахом сторона, которая не имеет хода
fen-too_many_checkers = шах дают больше двух фигур
fen-too_many_kings = больше одного короля одного цвета
fen-no_white_king = нет белого короля
fen-no_black_king = нет чёрного короля
fen-pawns_on_backrank = пешка на первой или последней горизонтали
fen-impossible_material = больше материала, чем может возникнуть в партии, или пустая доска
fen-fullmove_zero = номер хода 0: в FEN ходы считаются с 1 (прочитан как 1)

## Стол судьи (arbiter serve)
serve-setup = arbiter serve: файла { $file } ещё нет: стол судьи откроется на странице создания турнира
serve-open = arbiter serve: откройте { $url } в браузере (Ctrl-C — остановить)
serve-eboards-refused = LiveChess по адресу { $url } показывает э-досок: { $listed }; не отслеживаются из них: { $refused } — пульт отслеживает не больше { $limit } э-досок (больше: --limit eboards=N).
serve-eboard-garbage = Э-доска { $serial } присылает кадры, в которых нет позиции: ещё { $count } пропущено (не сохранены и не показаны).
serve-capture-limit = Запись доски { $board } тура { $round } достигла предела { $limit } (--limit game=РАЗМЕР): что присылает для неё э-доска { $serial }, больше не сохраняется.
serve-tablet-qr = QR-код выше — тот же адрес с ключом доступа: планшет или телефон в этой сети откроет его камерой. Без ключа пульт ничего не показывает и не меняет.
serve-screen = Экраны в зале (пары и таблица, только просмотр; данные участников — только с ключом): { $url } — и QR-кодом на странице /connect.
serve-public = Публичная страница для родителей и тренеров (результаты, только просмотр, без ключа): { $url }
serve-public-url-bad = «{ $url }» — не адрес, который откроет телефон: укажите его полностью, http://… или https://… (например, https://chess.school.ru/)
serve-public-loopback = Публичная страница открыта на локальном адресе: с телефона её не открыть (лист на стену и экран напечатают его как есть). Чтобы родители открыли её из сети зала, укажите --public 0.0.0.0:ПОРТ или --public-url с адресом, который им доступен.
public-title = Результаты
public-nav-event = Турнир
public-playing = идёт
public-playing-count = { $count ->
    [one] идёт { $count } партия
    [few] идут { $count } партии
   *[other] идут { $count } партий
}
public-qr-caption = Результаты на телефоне:
public-nav-boards = Доски
public-boards-title = Партии на электронных досках
public-board-label = Доска { $board }: { $white } — { $black }
public-boards-delay = Ходы показаны с задержкой { $minutes } мин.
public-boards-no-delay = Ходы показаны сразу, как сделаны.
public-boards-refresh = Страница обновляется каждые { $seconds } с.
public-boards-no-moves = Ходов ещё нет.
public-boards-none = В этом туре нет партий на электронных досках.
public-pgn = Партии { $round }-го тура (PGN)
public-not-paired = Жеребьёвки 1-го тура ещё не было.
public-error-method = Публичная страница только показывает ({ $method } не принимается).
public-error-too-many = Слишком много запросов с вашего адреса: подождите секунду и обновите страницу.
public-error-unavailable = Результаты сейчас показать нельзя: попробуйте чуть позже.
public-error-no-event = Турнир ещё не создан: его результаты появятся здесь.
public-error-title-unavailable = Результаты недоступны
public-error-no-group = В турнире нет такой группы: выберите группу на странице турнира.
serve-error-state = стол судьи не открыт по файлу { $file }
serve-error-bind = не удаётся принимать подключения по адресу { $addr }
serve-error-io = сервер остановлен: { $reason }
web-nav-event = Турнир
web-nav-players = Участники
web-nav-round = { $round } тур
web-nav-standings = Положение
web-nav-crosstable = Таблица
web-event-title = Турнир
web-players-title = Участники
web-round-title = Тур { $round }
web-standings-title = Положение
web-standings-narrow = На узком экране часть столбцов скрыта (стартовый номер, рейтинг, дополнительные показатели): вся таблица — на широком экране и в печати.
web-crosstable-title = Турнирная таблица
web-standings-after = { $round ->
    [0] положение до 1-го тура
   *[other] положение после { $round }-го тура
}
web-event-summary = Участников: { $players }, туров: { $rounds }, сыграно или идёт: { $paired }.
web-next-register = Дальше: зарегистрируйте участников (не меньше двух).
web-next-results = Дальше: внесите результаты { $round }-го тура (не хватает: { $missing }).
web-next-pair = Дальше: жеребьёвка { $round }-го тура.
web-next-done = Все туры сыграны: распечатайте итоговое положение.
web-pair-round = Жеребьёвка { $round }-го тура
web-rounds = Туры
web-round = Тур
web-games = Партий
web-results-in = Результатов
web-round-finished = все результаты внесены
web-round-playing = партии идут
web-print = Лист для печати
web-print-now = Печать
web-missing = не хватает результатов: { $missing }
web-paired-why = Почему такие пары:
web-no-floaters = переходящих нет: все партии между участниками с равными очками
web-bye-why = Без пары
web-correct = Исправить…
web-confirm-correction = Подтверждаю исправление
web-group = Группа
web-setup-title = Новый турнир
web-setup-intro = Файла { $file } ещё нет: заполните данные турнира, и он будет создан (база турнира).
web-setup-event-legend = Турнир
web-setup-groups-legend = Группы
web-setup-groups-hint = Одна группа — оставьте название пустым. Несколько групп (1–2 и 3–4 классы, мальчики и девочки) играют в одном турнире в один день — назовите каждую. Круговая система (таблицы Бергера) — от 3 до 24 участников; число её туров задаёт таблица при жеребьёвке 1-го тура.
web-setup-tie-breaks-legend = Дополнительные показатели (C.07)
web-setup-tie-breaks-hint = Для детских турниров по умолчанию: { $children }. По правилам ФИДЕ: { $fide }. У круговых групп свои: { $rr }. Порядок каждой группы можно изменить на странице турнира.
web-setup-create = Создать турнир
web-setup-first = Турнир ещё не создан: сначала откройте /setup и создайте его.
web-setup-exists = Турнир уже создан (в другой вкладке или из командной строки): ничего не изменено; откройте страницу турнира.
web-error-tie-break = { $value } — не дополнительный показатель из C.07
web-error-system = { $value } — не система проведения (швейцарская, круговая, двухкруговая)
web-error-no-rounds = В группе должен быть хотя бы один тур.
web-event-group-legend = Система и дополнительные показатели
web-event-group-legend-named = Группа «{ $group }»: система и дополнительные показатели
web-event-system = Система
web-event-system-fixed = Пары 1-го тура составлены: систему уже не изменить.
web-event-tie-breaks-default = По умолчанию для этой группы: { $order }.
web-tie-breaks-order = Дополнительные показатели после очков, по порядку (пустое место пропускается):
web-tie-break-place = Показатель { $place }
web-group-add-legend = Добавить группу
web-group-first-name = Название нынешней группы
web-group-name = Группа
web-group-add-hint = У группы свои участники, система, туры и таблица; выбор группы появится под меню.
web-group-add = Добавить группу
web-groups-all = Все группы
web-groups-title = Все группы
web-groups-line = участников: { $players }, туров составлено: { $paired } из { $total }
web-groups-round = { $round }-й тур: результатов { $done } из { $boards }
web-groups-not-paired = пары ещё не составлены
web-system = Система проведения
web-team-all-groups = Командный зачёт всех групп вместе
web-team-this-group = Только выбранная группа
web-team-uneven = Группы сыграли разное число туров (по группам: { $rounds }): очки участников сложены как есть.
web-team-title = Командный зачёт
web-team-ties = При равенстве очков выше школа с меньшей суммой мест зачётных участников, затем с лучшим местом.
web-team-place = Место
web-team-school = Школа
web-team-points = Очки
web-team-places = Сумма мест
web-team-children = Зачётные участники (место; очки)
web-team-incomplete = участников меньше зачётного числа
web-team-diplomas = Грамоты командам (1–3 места, A4)
web-team-link = Командный зачёт
web-result-1 = Победа белых
web-result-2 = Ничья
web-result-3 = Победа чёрных
web-result-4 = Белым засчитана победа (неявка)
web-result-5 = Чёрным засчитана победа (неявка)
web-result-6 = Неявка обоих
web-result-7 = Поражение обоим (п. 4.2)
web-incidents = Происшествия
web-upload-log = Разобрать протокол партии или журнал электронной доски
web-log-file = Файл протокола
web-judge = Разобрать
web-playout = Время доигрывания истекло: присудить результат по позиции
web-adjudicate = Присудить
web-verdict-title = Решение, доска { $board }
web-verdict-reasons = Решение судьи и его основания
web-verdict-would = Будет записан результат: { $result }
web-decided-by = { $by ->
    [reported] введён по сообщению игроков
    [judge] по записи партии
    [adjudication] присуждён (ПС 4.3)
    [forfeit] без игры (ПС 4.4)
   *[override] решение главного судьи
}
web-verdict-recorded-contradicts = На доске уже записан результат { $recorded } ({ $by }). Запись партии ему противоречит: по ней { $judge } (ПС 4.2). Подтверждение заменит { $recorded }; прежний результат останется в истории доски, в журнале и в отчёте.
web-verdict-recorded-same = На доске уже записан тот же результат { $recorded } ({ $by }): запись партии его подтверждает.
web-verdict-recorded-replaces = На доске уже записан результат { $recorded } ({ $by }): подтверждение заменит его; прежний результат останется в истории доски.
web-adjudication-recorded-differs = На доске уже записан результат { $recorded } ({ $by }), а присуждение даёт { $proposed }. Подтверждение заменит { $recorded }; прежний результат останется в истории доски, в журнале и в отчёте.
web-adjudication-recorded-same = На доске уже записан тот же результат { $recorded } ({ $by }): присуждение его подтверждает.
web-history-contradicted = Был записан { $result } ({ $by }); запись партии ему противоречила (ПС 4.2), заменён: { $replaced_by }{ $when ->
    [none] {""}
   *[other] , { $when }
}{ $who ->
    [none] {""}
   *[other] , { $who }
}
web-history-replaced = Был записан { $result } ({ $by }), заменён: { $replaced_by }{ $when ->
    [none] {""}
   *[other] , { $when }
}{ $who ->
    [none] {""}
   *[other] , { $who }
}
web-decide = Решение судьи
web-confirm-record = Подтвердить и записать
web-adjudication-title = Присуждение, доска { $board }
web-adjudication-reasons = Присуждение и его основания
web-adjudication-review = Правила оставляют эту позицию на решение судьи: выбрана рекомендация.
web-start-list-open = Стартовый список по рейтингу, званию и фамилии; номера закрепляются при жеребьёвке 1-го тура.
web-start-list-frozen = Стартовый список (закреплён с жеребьёвки 1-го тура).
web-reorder-note = Порядок по рейтингу отличается от порядка регистрации (в скобках).
web-apply-ranking = Пронумеровать по рейтингу
web-register = Зарегистрировать участника
web-name-placeholder = Фамилия Имя
web-birth-date = Дата рождения
web-grade = Класс
web-club = Клуб
web-add = Добавить
web-withdraw = Выбытие участника (п. 1.4)
web-from-round = с тура
web-withdraw-button = Выбыл
web-out-from = выбыл с { $round }-го тура
web-forbid = Запретить пару (брат и сестра, один клуб)
web-reason = Причина
web-reason-placeholder = брат и сестра
web-forbid-button = Запретить
web-forbidden-pairs = Запрещённые пары
web-back = Назад
web-reload = Обновить страницу
web-error-title = Не выполнено
web-error-stale = Турнир изменился (в другой вкладке или из командной строки): обновите страницу и повторите.
web-error-token = Пульту нужен ключ доступа: откройте адрес, который напечатал arbiter serve (с ?token=), или отсканируйте его QR-код. Ничего не показано и не изменено.
web-error-stopping = Пульт останавливается: ничего не изменено. Запустите его снова и повторите изменение.
web-error-has-result = У { $board }-й доски { $round }-го тура уже есть результат { $result }. Чтобы изменить его, нажмите «Исправить…» и подтвердите.
web-error-unfinished = Тур { $round } не закончен: не хватает результатов: { $missing }.
web-error-no-round = Жеребьёвки { $round }-го тура ещё не было.
web-error-no-board = В { $round }-м туре нет доски { $board }.
web-error-no-game-players = В { $round }-м туре нет партии между { $white } и { $black }.
web-error-not-number = { $field }: «{ $value }» — не число.
web-error-missing = { $field }: не указано.
web-error-birth-date = Дата рождения «{ $date }» — не настоящая дата в виде ДД.ММ.ГГГГ или ГГГГ/ММ/ДД (или год ГГГГ).
web-error-title-not-found = Не найдено
web-field-entry = Номер записи
web-field-board = Доска
web-field-player = Номер участника
web-field-rating = Рейтинг
web-field-from_round = С тура
web-field-a = Первый участник
web-field-b = Второй участник
web-forced-pairing = Пары составлены вручную и записаны принудительно, несмотря на нарушения; причина главного судьи: { $reason }
web-manual-title = Пары { $round }-го тура вручную
web-manual-link = или составить пары вручную…
web-manual-intro = Задайте доски, которые составляете сами (белые, чёрные), и участника без пары, если назначаете его; остальных сведёт жеребьёвка по голландской системе, или задайте все доски сами. Проверки показываются до того, как что-либо записано.
web-manual-bye = Без пары (одно очко, CR 1.3)
web-manual-rest-auto = Остальные участники: пары по голландской системе
web-manual-rest-none = Остальных нет: все доски заданы выше
web-manual-check = Проверить пары
web-manual-fixed = задано вручную
web-manual-by-pairer = по жеребьёвке
web-manual-bye-line = Без пары: { $player }
web-manual-issues = Проверки нашли нарушения. Составьте пары иначе или запишите их всё равно, указав причину (тур сохранит их как принудительные):
web-manual-ok = Проверки пройдены: повторных встреч, запрещённых пар и пропущенных участников нет.
web-manual-reason = Причина, по которой пары записываются всё равно
web-manual-force = Записать принудительные пары
web-manual-record = Записать пары
web-manual-again = Составить иначе
web-error-manual-board = «{ $board }» — не доска в виде белые-чёрные.
web-error-manual-half = Доска { $board }: выберите и белых, и чёрных или ни того, ни другого.
web-error-manual-empty = Не задано ни одной доски: выберите участников хотя бы одной доски или доверьте остальных жеребьёвке.
web-error-manual-refused = Пары не записаны: { $problems }. Составьте пары иначе или укажите причину, чтобы записать их принудительно.
web-delete-player = Удалить участника № { $player }
web-delete-confirm = { $name } { $sex ->
        [f] внесена
       *[other] внесён
    } в список по ошибке: удалить
web-delete-button = Удалить
web-delete-frozen = Пары 1-го тура составлены: ушедшего участника отмечают выбывшим, а не удаляют.
web-error-delete-confirm = Отметьте галочку, чтобы подтвердить удаление.
web-field-round = Тур
web-field-index = Запрещённая пара
web-field-rounds = Число туров
web-field-white = Белые
web-field-black = Чёрные
web-event-edit = Изменить данные турнира
web-event-edit-title = Данные турнира
web-event-edit-legend = Название, туры, правила, даты, место, судьи
web-event-name = Название
web-event-rounds = Туров
web-event-edition = Правила дополнительных показателей
web-error-edition = Правила дополнительных показателей: fide2024 или fide2026.
web-edition-fide2024 = ФИДЕ C.07 от 1 августа 2024 года
web-edition-fide2026 = ФИДЕ C.07 с поправками от 1 марта 2026 года
web-event-preset = Правила
web-event-start = Первый день
web-event-end = Последний день
web-event-venue = Место проведения
web-event-chief = Главный судья
web-event-deputy = Заместитель главного судьи
web-event-rounds-hint = Пары уже составлены в турах: { $paired }; меньше туров быть не может.
web-event-dates = Даты: { $start } – { $end }
web-event-venue-line = Место проведения: { $venue }
web-event-chief-line = Главный судья: { $name }
web-event-public-legend = Открытый просмотр для родителей
web-event-public-delay = Задержка ходов на электронных досках, минут
web-event-public-delay-hint = Столько минут спустя открытый просмотр (serve --public) показывает ходы партий на электронных досках; 0 — сразу (детский турнир без часов). На турнире с часами задержка не даёт подсказать ход из зала.
web-event-playout-legend = Доигрывание (ПС 4.3)
web-event-playout-minutes = Длительность, минут
web-event-playout-percent = Предлагать, когда закончена такая доля партий, %
web-event-playout-hint = Страница тура в реальном времени предлагает начать доигрывание на всех неоконченных досках, когда закончена эта доля партий тура (если не задано: 5 минут и 80 %).
web-event-deputy-line = Заместитель главного судьи: { $name }
web-preset-detsky-mat = Детский турнир (два незаконных хода — поражение, детские дополнительные показатели)
web-preset-fide = Правила ФИДЕ (второй незаконный ход — поражение, показатели ФИДЕ)
web-error-preset = Выберите правила из списка.
web-error-not-found = Такой страницы нет: { $path }.
web-error-no-such-round = Нет такого тура: { $value }.
web-error-no-such-board = Нет такой доски: { $value }.
web-error-no-such-group = В турнире нет группы «{ $asked }» (его группы: { $groups }): ничего не изменено. Выберите группу в строке «Группа:» и повторите.
web-error-method = Адрес { $path } не принимает такой запрос ({ $method }): пользуйтесь кнопками и ссылками страницы.
web-error-bad-form = Форма пришла в виде, который нельзя прочитать: обновите страницу и отправьте её снова.
web-error-no-name = Укажите фамилию и имя участника.
web-error-no-result = Выберите результат.
web-quick-entry = Доска и результат:
web-quick-entry-record = Записать
web-quick-entry-hint = например «4 1-0», «7 0-1», «2 =» (ничья), «5 +-» (чёрные не явились); Enter записывает
web-quick-entry-recorded = Записано:
web-slips = Бланки результатов
web-slips-hint = Бланк на каждую доску: разрежьте по пунктиру; игроки отмечают результат и расписываются.
web-slip-board = доска { $board }
web-slip-result = Результат (отметьте один):
web-slip-sign-white = Подпись белых
web-slip-sign-black = Подпись чёрных
web-error-entry = «{ $entry }» — это не доска и результат: наберите номер доски, пробел и результат, например «4 1-0», «7 0-1», «2 =» (ничья), «5 +-» (чёрные не явились).
web-error-confirm = Чтобы исправить результат, отметьте подтверждение.
web-error-no-file = Выберите файл протокола.
web-error-no-fen = Укажите позицию в FEN.
web-error-no-verdict = В файле нет решения судьи.
web-error-refused = Отказано: { $reason }
web-error-host = Этот пульт отвечает только по своим адресам (localhost, 127.0.0.1, адрес, на котором он слушает, или имя, данное в --allow-host); «{ $host }» не из них, поэтому ничего не прочитано и не изменено. Если это имя этого компьютера, запустите arbiter serve с --allow-host и этим именем.
web-error-bad-host = Отказано: запрос называет адрес пульта ровно одним правильным заголовком Host (в этом: { $host }). Ничего не прочитано и не изменено.
web-no-host = нет
web-error-streams = Отказано: с этого устройства уже открыто { $n } живых страниц — больше пульт одному устройству не держит. Закройте лишние.
web-error-cross-site = Отказано: запрос пришёл с другого сайта ({ $origin }), а не со страниц пульта. Ничего не изменено. Вносите изменения только на страницах пульта.
web-error-form-key = Отказано: в форме нет ключа этого пульта для вашего сеанса браузера (страница открыта до перезапуска сервера, в другом браузере или отправлена другим сайтом). Ничего не изменено: обновите страницу и отправьте форму снова.
web-error-too-large = Отказано: запрос больше { $limit } МиБ — больше пульт не принимает (журнал партии обычно меньше 100 КиБ). Ничего не записано: отправьте файл поменьше.
web-error-content-type = API принимает тело запроса только в JSON: отправьте заголовок Content-Type: application/json (в этом запросе: { $sent }). Ничего не изменено.
web-no-content-type = тело без Content-Type
web-error-upload = Загрузку не удалось прочитать до конца ({ $reason }): выберите файл и отправьте его снова.

## Pawn-ending findings (adjudication rule 5)
pawn-call = на усмотрение арбитра: { $text }
pawn-nothing = {""}
pawn-aside = { $text } (не считая остальных пешек)
pawn-square = Кр+п против Кр: король защищающейся стороны ({ $king }) вне квадрата пешки { $pawn } (правило квадрата)
pawn-key-squares = Кр+п против Кр: король с { $king } занимает ключевое поле пешки { $pawn } (оппозиция)
pawn-takes = Кр+п против Кр: король с { $king } забирает пешку { $pawn }
pawn-rook-pawn = Кр+ладейная пешка против Кр: король с { $king } успевает в угол { $corner }
pawn-in-front = Кр+п против Кр: король защищающейся стороны на { $king } стоит перед пешкой { $pawn }
pawn-opposition = Кр+п против Кр: король на { $king } держит оппозицию, король с { $strong_king } не занимает ключевых полей пешки { $pawn }
pawn-outside-table = Кр+п против Кр вне таблицы
pawn-takes-one = король с { $king } забирает пешку { $pawn }; Кр+п против Кр с оставшейся пешкой — ничья
pawn-connected = связанные проходные на { $a } и { $b } против одинокого короля
pawn-protected = защищённая проходная пешка { $pawn } против одинокого короля
pawn-rook-pawns = ладейные пешки на одной вертикали: король на { $king } удерживает угол { $corner }
pawn-many = { $count } { $count ->
        [one] пешка
        [few] пешки
       *[many] пешек
    } против одинокого короля, ни одно правило пешечных окончаний не решает; рекомендуется победа
pawn-race-win = гонка пешек: пешка { $pawn } вне квадрата короля и превращается через { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    }, раньше, чем любая пешка соперника дойдёт до седьмой горизонтали
pawn-race-call = гонка пешек: пешка { $pawn } превращается первой (через { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    }), но пешки другой стороны тоже близки к превращению; рекомендуется победа { $side ->
        [white] белых
       *[black] чёрных
    }
pawn-outside-passed = у { $side ->
        [white] белых
       *[black] чёрных
    } отдалённая проходная пешка (до пешек соперника вертикалей: { $files }) в пешечном окончании; рекомендуется победа { $side ->
        [white] белых
       *[black] чёрных
    }
pawn-extra-passed = у { $side ->
        [white] белых
       *[black] чёрных
    } лишняя проходная пешка в пешечном окончании; рекомендуется победа { $side ->
        [white] белых
       *[black] чёрных
    }
pawn-exact-material = Кр{ $white ->
    [0] {""}
    [1] +п
   *[other] +{ $white }п
} против Кр{ $black ->
    [0] {""}
    [1] +п
   *[other] +{ $black }п
}
pawn-exact-win = { pawn-exact-material }: все варианты просчитаны до превращения, взятия, мата или пата; при лучшей игре { $side ->
    [white] белые выигрывают
   *[black] чёрные выигрывают
}
pawn-exact-draw = { pawn-exact-material }: все варианты просчитаны до превращения, взятия, мата или пата; ни одна сторона не может форсировать выигрыш
pawn-wrong-bishop = Кр+С+ладейная пешка против Кр: слон не того цвета не контролирует { $corner }, король на { $king } удерживает угол

ref-known-draws = известные ничейные позиции
ref-values = ценность фигур: пешка 1, конь 3, слон 3, ладья 5, ферзь 9 (настраивается)
ref-pawn-endings = пешечные окончания: { $rule }

## Engine and repetition findings (adjudication rule 9, play-out expiry)
adj-engine-failed = ошибка движка: { $error }
adj-engine-not-needed = не требуется: решило одно из предыдущих правил
adj-engine-eval = { $engine }: оценка { $score } на глубине { $depth }
adj-engine-eval-line = { $engine }: оценка { $score } на глубине { $depth }, вариант { $line }
adj-engine-won = { $found }: явный выигрыш
adj-engine-equal = { $found }: примерное равенство
adj-engine-call = на усмотрение арбитра: { $found }, ни явного выигрыша, ни равенства; рекомендуется { $recommended }
adj-repeated-claim = на усмотрение арбитра: позиция повторилась { $times } { $times ->
        [one] раз
        [few] раза
       *[many] раз
    }, и { $side ->
        [white] белые
       *[black] чёрные
    }, чья очередь хода, могут потребовать ничью по троекратному повторению; рекомендуется 1/2-1/2
adj-repeated-win = на усмотрение арбитра: позиция повторилась { $times } { $times ->
        [one] раз
        [few] раза
       *[many] раз
    }; { $side ->
        [white] белые
       *[black] чёрные
    } могут повторить её снова, поэтому выигрыш не присуждается; рекомендуется { $recommended }

## Text kept in English in every language (Note::untranslated)
untranslated = { $text }

engine-mate-white = мат белых в { $n } ход(а)
engine-mate-black = мат чёрных в { $n } ход(а)

web-edit = изменить
web-edit-player = Изменить участника № { $player }
web-save = Сохранить
web-error-unknown-player = Участника с номером { $player } нет.
web-error-unfinished-game = { $round }-й тур, доска { $board }: партия не закончена; сначала присудите результат по позиции (п. 4.3).
web-error-game-after = У участника № { $player } есть партия в { $round }-м туре: оформите выбытие с { $next }-го тура или сначала внесите результат этой партии.
web-error-invalid-player = Участник «{ $name }»: { $problem }.
web-error-all-paired = Все туры ({ $total }) уже разыграны: следующего тура нет.
web-error-pairing = Жеребьёвка { $round }-го тура невозможна: { $reason }
web-error-verdict-players = Протокол — партия { $verdict }, а на доске { $board } играют { $players }: выберите нужную доску.
web-error-verdict-disagrees = Заявленный результат { $reported } расходится с позицией на доске ({ $discrepancies }; п. 4.2): выберите результат ниже.
web-error-forbid-same = Для запрещённой пары нужны два разных участника.

## Ошибки команд турнира (TournamentError)
err-unknown-player = нет участника со стартовым номером { $tpn }
err-no-such-round = пары { $round }-го тура не составлены (составлено туров: { $paired })
err-no-such-game = { $round }-й тур: нет партии { $game }
err-unfinished-game = { $round }-й тур: партия { $game } не окончена (`*`); сначала присудите результат (ПС 4.3)
err-result-recorded = { $round }-й тур, доска { $board } ({ $white }-{ $black }): результат { $existing } уже записан; чтобы исправить его, укажите новый результат с флагом --correct
err-not-in-event = { $name } (№ { $tpn }) { $how ->
        [withdrew] { $sex ->
            [f] выбыла
           *[other] выбыл
        }
       *[other] { $sex ->
            [f] дисквалифицирована
           *[other] дисквалифицирован
        }
    } { $from ->
        [2] со
       *[other] с
    } { $from }-го тура: в { $round }-м туре у { $sex ->
        [f] неё
       *[other] него
    } нет ни результата, ни пары
err-already-out = { $name } (№ { $tpn }) уже { $sex ->
        [f] выбыла
       *[other] выбыл
    } с { $from }-го тура
err-game-after-withdrawal-played = { $name } (№ { $tpn }) { $sex ->
        [f] сыграла
       *[other] сыграл
    } { $round }-й тур (результат записан); снять с турнира можно с { $next }-го тура
err-game-after-withdrawal-paired = { $name } (№ { $tpn }) стоит в паре в { $round }-м туре; запишите результат этой партии (если она не играется — неявку) и снимите { $sex ->
        [f] её
       *[other] его
    } с { $next }-го тура
err-game-after-withdrawal-played-last = { $name } (№ { $tpn }) { $sex ->
        [f] сыграла
       *[other] сыграл
    } { $round }-й тур (результат записан), последний в турнире: позже выбыть уже не из чего
err-game-after-withdrawal-paired-last = { $name } (№ { $tpn }) стоит в паре в { $round }-м туре, последнем в турнире: запишите результат этой партии (если она не играется — неявку); позже выбыть уже не из чего
err-invalid-player = участник { $name }: { $problem }
err-round-beyond-event = пары { $round }-го тура составить нельзя: в турнире туров всего { $total }
err-round-out-of-order = пары { $round }-го тура сейчас составить нельзя: следующий тур — { $next }-й
err-paired-twice = { $round }-й тур: участник { $tpn } поставлен в пары больше одного раза
err-round-unfinished = в { $round }-м туре ещё есть партии без результата: { $missing }
err-second-pab = участник { $tpn } уже получал «+» (без пары) в { $earlier }-м туре (ПС 1.3)
err-pairing = { $round }-й тур: { $source }
err-start-list-frozen = стартовый список закреплён: пары 1-го тура составлены, стартовые номера больше не меняются (опоздавший получает следующий номер)
err-lots-after-round-1 = цвет первого номера разыгрывается жребием только до 1-го тура: пары 1-го тура уже составлены
err-fide-mode-left = из режима FIDE вышли { $round ->
    [0] до 1-го тура
   *[other] после { $round }-го тура
}, вернуться в него нельзя
err-fide-mode-not-on = турнир не в режиме FIDE
err-fide-result-without-note = режим FIDE: { $round }-й тур — не последний составленный; чтобы изменить результат на доске { $board }, нужна пометка (почему)
err-round-outside-event = { $what ->
        [withdrawal] выбытие
        [disqualification] дисквалификация
        [bye] пропуск тура
       *[other] { $what }
    } в { $round }-м туре: в турнире туры с 1-го по { $total }-й
err-manual-refused = { $round }-й тур: ручная жеребьёвка отклонена: { $problems }; составьте пары иначе или настаивайте: --force --reason ТЕКСТ
err-force-without-reason = { $round }-й тур: для принудительной жеребьёвки нужна причина (--reason ТЕКСТ)
err-verdict-players = { $round }-й тур, доска { $board }: решение судьи относится к партии { $verdict }, а на доске играют { $board_players }
err-verdict-disagrees = { $round }-й тур, доска { $board }: сообщённый результат { $reported } не соответствует позиции на доске ({ $discrepancies }; ПС 4.2); определите результат: --decide РЕЗУЛЬТАТ
err-game-order = { $round }-й тур: --game { $given } не совпадает с доской: на доске { $board } играют { $white_tpn }-{ $black_tpn } (белые — { $white }, чёрные — { $black }); укажите --game { $white_tpn }-{ $black_tpn } (сначала белые)
err-invalid-forbidden-pair = в запрещённой паре должны быть хотя бы два разных участника
err-invalid-event = турнир не сохранён: { $problem }
err-fewer-rounds = туров не может быть { $asked }: пары уже составлены в { $paired } { $paired ->
        [one] туре
       *[other] турах
    }
err-system-after-pairing = систему проведения уже не изменить: пары составлены в { $paired } { $paired ->
        [one] туре
       *[other] турах
    }
err-tie-break-twice = дополнительный показатель { $tie_break } указан дважды
err-delete-after-pairing = { $sex ->
        [f] участницу
       *[other] участника
    } { $tpn } ({ $name }) удалить нельзя: пары 1-го тура составлены; отметьте, что { $sex ->
        [f] она выбыла
       *[other] он выбыл
    } (CR 1.4)
err-group-needed = в турнире несколько групп ({ $groups }): укажите группу (--group НАЗВАНИЕ)
err-no-such-group = в турнире нет группы { $name }; его группы: { $groups }
err-invalid-group-name = так назвать группу нельзя: { $problem }
err-group-name-taken = группа { $name } уже есть
err-move-after-pairing = { $sex ->
        [f] участницу
       *[other] участника
    } { $tpn } ({ $name }) перевести нельзя: в группе { $group } пары 1-го тура составлены
event-problem-empty-name = не указано название
event-problem-control = в тексте { $text } есть перевод строки или другой управляющий символ
event-problem-too-long = текст из { $chars } знаков длиннее { $max }
event-problem-date = { $date } — не настоящая дата в виде ГГГГ/ММ/ДД
event-problem-end-before-start = последний день { $end } раньше первого { $start }
err-pab-before-pairing = { $round }-й тур: «+» (без пары) даётся при жеребьёвке, а не заранее: составьте пары тура (--auto или --bye { $tpn } вместе с партиями)
err-two-pabs = { $round }-й тур: «+» (без пары) в этом туре уже у участника { $other }; второго быть не может (участник { $tpn })
err-override-without-reason = { $round }-й тур, доска { $board }: { $by ->
        [judge] по решению судьи
       *[other] по присуждению
    } результат { $decided }; записать вместо него { $chosen } можно только с причиной, которую указывает судья (--override-reason ТЕКСТ)
err-verdict-side = { $name } ({ $colour ->
        [white] белые
       *[other] чёрные
    })
err-verdict-side-ranked = { $name } ({ $colour ->
        [white] белые
       *[other] чёрные
    }), стартовый № { $rank }
err-verdict-side-unnamed = без имени ({ $colour ->
        [white] белые
       *[other] чёрные
    })
err-verdict-side-unnamed-ranked = без имени ({ $colour ->
        [white] белые
       *[other] чёрные
    }), стартовый № { $rank }
err-board-sides = { $white } (белые) - { $black } (чёрные)

## Подтверждения команд турнира (tournament new, add-player, start-list, pair, withdraw, disqualify)
group-system-swiss = швейцарская система
group-system-round-robin = круговая система
group-system-double-round-robin = двухкруговая система
group-unnamed = (единственная группа)
group-line = { $name }: { $system }, туров: { $rounds }, участников: { $players }, пар составлено в турах: { $paired }
group-moved = { $name } { $sex ->
        [f] переведена
       *[other] переведён
    } в группу «{ $group }» под № { $tpn }
group-trf-written = группа «{ $group }»: TRF записан в { $file }
tm-created = создан { $file } (туров: { $rounds }, правила { $preset })
tm-created-system = система: { $system } (таблицы Бергера, C.05 Annex 1; число туров — по таблице, задаётся при жеребьёвке 1-го тура)
tm-fide-mode-on = режим FIDE включён: результат прошедшего тура меняется только с пометкой --note
tm-fide-mode-left = из режима FIDE вышли { $round ->
    [0] до 1-го тура
   *[other] после { $round }-го тура
}; вернуться нельзя, в TRF это записано
tm-lots-drawn = жребий (зерно { $seed }): первый номер в 1-м туре играет { $colour }
tm-lots-white = белыми
tm-lots-black = чёрными
tm-player-added = участник { $tpn }: { $name }
tm-start-list-frozen = стартовый список (закреплён: пары 1-го тура составлены)
tm-start-list-now = {"  "}(сейчас { $rank })
tm-ranks-changed = изменено стартовых номеров: { $n }
tm-paired-auto = пары { $round }-го тура составлены (правила { $preset }):
tm-paired-board = доска { $board }: { $white } - { $black }
tm-paired-bye = без пары: { $player }
tm-paired-free = без игры в этом туре: { $player }
tm-paired-forbidden = запрещённая пара: { $pair } не должны встречаться (разведены, как уже игравшие друг с другом, C1)
tm-paired-manual = пары { $round }-го тура составлены: партий { $games }
tm-paired-manual-bye = пары { $round }-го тура составлены: партий { $games }, без пары { $bye }
tm-withdrawn = { $name } ({ $player }) { $sex ->
        [f] выбыла
       *[other] выбыл
    } с { $round }-го тура
tm-disqualified = { $name } ({ $player }) { $sex ->
        [f] дисквалифицирована
       *[other] дисквалифицирован
    } в { $round }-м туре

## Проверка жеребьёвки (arbiter check-pairings) и генератор турниров (arbiter generate)
chk-why-no-legal = программа не находит допустимой жеребьёвки (C1 без повторных встреч, C2 право на «+», C3 цвета не выполняются вместе); в файле тур составлен
chk-why-colour = цвета у программы: { $rule }
chk-why-float = у программы: участнику { $down } не нашлось пары в своей очковой группе (C6–C8, C14–C21): в паре с участником { $up }
chk-why-bye = у программы: «+» получает участник { $player } (C2, C5, C9)
chk-agrees = { $round }-й тур: совпадает с программой
chk-differs = { $round }-й тур: расходится с программой (расхождений: { $n })
chk-differs-one = { $round }-й тур: расходится с программой (расхождений: 1)
chk-at-bye = без пары
chk-at-board = доска { $board }
chk-no-legal = допустимой жеребьёвки нет
chk-paired = в паре
chk-line = {"  "}{ $at }: программа { $engine }; в файле { $file }
chk-seat-bye = { $player } без пары
chk-seat-not-paired = { $player } не в паре
chk-all-agree = { $file }: все туры ({ $n }) совпадают с программой
chk-some-differ = { $file }: с программой расходятся туры: { $k } из { $n } ({ $list })
chk-some-differ-one = { $file }: с программой расходятся туры: 1 из { $n } ({ $list })
cli-standings-one-file = --standings проверяет положение одного турнира: укажите один ФАЙЛ
chk-source-rank-column = столбец мест
edition-short-fide2024 = C.07 2024
edition-short-fide2026 = C.07 2026
chk-standings-agree = положение ({ $source }; { $edition }: { $list }): совпадает (значений: { $n })
chk-standings-differ = положение ({ $source }; { $edition }: { $list }): расходятся значения: { $k } из { $n }
chk-standing-line = {"  "}участник { $player } { $name }: { $what } по результатам { $expected }; в файле { $found }
chk-what-rank = место
chk-what-points = очки
chk-what-player = такого участника нет
chk-standings-no-list = { $file }: положение не проверено: в файле не указаны дополнительные показатели (212 или 202); укажите --tie-breaks или --standings
gen-seed-stopped = зерно { $seed }: { $reason }
gen-count = турниров записано в { $dir }: { $made }; остановились без допустимой жеребьёвки: { $stopped }
gen-writing = запись { $file }

## Проверки ручной жеребьёвки (tournament pair --game …)
pair-colour-e1 = E.1: пожелания цвета обоих участников выполнены
pair-colour-e2 = E.2: выполнено более сильное пожелание цвета (абсолютное сильнее сильного, сильное — слабого; из двух абсолютных — с большей разницей цветов)
pair-colour-e3 = E.3: цвета чередуются от последнего тура, в котором у участников были разные цвета
pair-colour-e4 = E.4: выполнено пожелание участника, стоящего в списке выше
pair-colour-e5 = E.5: пожелания не решают: стоящий выше участник получает начальный цвет, если его номер нечётный
pair-explain-colour = # доска { $board }: { $reason }
pair-explain-float = # доска { $board }: участнику { $down } ({ $down_points } оч.) не нашлось пары в своей очковой группе без нарушения абсолютного критерия или более важного критерия качества: C6 (наибольшее число пар в группе), C7 (очки спускающихся), C8 (следующая группа должна составляться), C14–C21 (избегать повторных переходов); в паре с участником { $up } ({ $up_points } оч.)
pair-explain-bye = # без пары: «+» получает участник { $player } ({ $points } оч.): C2 (раньше не было ни «+», ни победы без игры), C5 (наименьшее число очков, при котором тур составляется), C9 (меньше всего несыгранных партий), затем самый низкий стартовый номер
pair-explain-forbidden = # запрещённая пара: { $players } не должны встречаться (TRF XXP): разведены, как уже игравшие (C1)
mp-rematch = повторная встреча: { $a } и { $b } уже играли друг с другом
mp-forbidden = { $a } и { $b } — запрещённая пара
mp-left-out = не в паре, без «+» и не отмечены отсутствующими: { $players }
mp-warning-forced = arbiter: предупреждение: { $round }-й тур: ручная жеребьёвка принята принудительно: { $problem }

## Отказы команд турнира (CLI)
cli-exists = { $file } уже существует (чтобы перезаписать: --force)
cli-board-or-game = укажите --board или --game
cli-not-a-state = { $file } — не турнир (файл TRF?): сначала импортируйте его: `arbiter tournament import { $file } turnir.arbiter`
tm-backup = Копия турнира на этот момент записана в { $copy } (читать её может только владелец: в ней персональные данные).
tm-converted = { $from } теперь хранится в базе данных: переведён в { $to } (записей журнала: { $entries }{ $captures ->
    [0] {""}
   *[other] , записей досок: { $captures }
}); { $from } и его журнал оставлены как были. Дальше указывайте { $to }.
tm-converted-torn = { $journal }: оборванная последняя строка { $line } (незавершённое изменение) не перенесена.
tm-converted-before = { $from } уже переведён в { $to }: работаем с { $to }.
cli-no-standings-after = { $file }: положения после { $round }-го тура нет: составлены пары туров: { $paired } из { $total }
cli-choose-verdict = { $file }: в файле решений: { $n }; выберите одно: --index N (от 1 до { $n })
cli-no-such-verdict = { $file }: --index { $index }: в файле решений: { $n }

## ПС 2.2: доказанные случаи нечестной игры за турнир (tournament result --verdict)
result-dq-applied = { $name } ({ $tpn }): доказанных случаев нечестной игры — { $n } (ПС 2.2): дисквалификация, все следующие партии засчитаны как проигранные
result-dq-proposed = { $name } ({ $tpn }): доказанных случаев нечестной игры — { $n } (ПС 2.2): предлагается дисквалификация; подтвердите флагом --confirm-disqualification
gameref-board = на доске { $board }
gameref-players = между { $a } и { $b }

## Ошибки в данных участника (add-player, edit-player)
pp-empty-name = имя не указано
pp-control-character = в имени управляющий символ (перевод строки или табуляция)
pp-name-too-long = знаков в имени — { $chars }; хранится не больше { $max }
pp-too-wide = { $field ->
        [title] звание
        [federation] федерация
       *[other] дата рождения
    }: знаков — { $chars }, а в строке участника TRF для этого поля их { $width }
pp-rating = рейтинг { $rating } не помещается в четыре позиции TRF (не больше 9999)
pp-fide-id = FIDE ID { $id } не помещается в одиннадцать позиций TRF
pp-birth-date = дата рождения { $date } — не настоящая дата в виде ДД.ММ.ГГГГ или ГГГГ/ММ/ДД (или год ГГГГ)
pp-grade = класс { $grade } — не школьный класс (от 1 до 11)
pp-event-full = турнир заполнен: стартовые номера TRF — не больше 9999

## Списки участников из таблицы (tournament add-players), категории и призы, грамоты
pl-group-unknown = группы «{ $name }» в турнире нет (группы: { $groups }): добавьте её на странице групп или исправьте название в списке
pl-group-no-rule = { $grade ->
    [none] класс не указан
   *[other] { $grade } класс
} — не подходит ни одно правило «классы → группа» ({ $rules })
pl-group-none = не сказано, в какую группу (группы: { $groups }): заполните столбец «Группа» или задайте группы по классам
pl-group-only-one = в турнире одна группа
pl-rule-syntax = правило «{ $rule }» не понято: классы и группа через «=», правила через запятую, например 1-2=A,3-4=B
pl-rule-grades = правило «{ $rule }»: классы — от 1 до 11, первый не больше второго
pl-rule-overlap = правила «{ $first }» и «{ $second }» отдают один и тот же класс двум группам
pl-rule-unknown-group = правило «{ $rule }»: группы «{ $group }» в турнире нет (группы: { $groups })
pl-no-name = нет фамилии
pl-birth-date = дата рождения «{ $value }» — не настоящая дата в виде ДД.ММ.ГГГГ или ГГГГ/ММ/ДД (или год ГГГГ)
pl-sex = пол «{ $value }» не понят (м или ж)
pl-grade = класс «{ $value }» — не число от 1 до 11
pl-rating = рейтинг «{ $value }» — не число
pl-fide-id = FIDE ID «{ $value }» — не число
pl-fsr-id = ID ФШР «{ $value }» — не число
pl-extra-cells = в строке { $found } ячеек, а в заголовке { $expected } столбцов (разделитель внутри значения без кавычек?)
pl-error-empty = { $file }: список пуст
pl-error-no-name-column = { $file }:{ $line }: в строке заголовка нет столбца с фамилией или ФИО: { $header }
pl-error-repeated-column = { $file }:{ $line }: столбец «{ $column }» назван дважды
pl-sex-m = м
pl-sex-f = ж
pl-grade-n = { $grade } класс
pl-rating-n = рейтинг { $rating }
pl-fsr-n = ФШР { $id }
pl-tab = табуляция
pl-exported = Участников: { $n }; записаны в { $file } (UTF-8 с BOM, «;»: открывается в Excel, читается обратно командой add-players).
web-export-players = список участников (CSV)
pl-read = Список { $file }: кодировка { $encoding }, разделитель { $delimiter }
pl-line = стр. { $line }
pl-to-add = Будут добавлены: { $n }
pl-duplicates = Похожи на уже записанных (не добавляются): { $n }
pl-refused = Не приняты: { $n }
pl-ignored = Не прочитаны столбцы: { $columns }
pl-written = в списке: «{ $written }»
pl-normalised = Имена записаны как «Фамилия Имя» с заглавных букв: { $n } (в скобках — как в списке)
pl-dup-registered = как № { $tpn } { $name } (уже в турнире)
pl-dup-line = как в стр. { $line }
pl-nothing-written = Ничего не записано: чтобы добавить, повторите команду с --apply (похожих на уже записанных — ещё и с --with-duplicates).
pl-added = Добавлено участников: { $n }. Турнир записан в { $file }.
cat-error-empty-name = У категории должно быть название.
cat-error-exists = Категория «{ $name }» уже есть.
cat-error-unknown = Категории «{ $name }» нет.
cat-error-range = диапазон «{ $field }» { $low }–{ $high } пуст или выходит за допустимые границы
cat-error-age-date = Для возраста нужна дата, на которую он считается (ДД.ММ.ГГГГ).
cat-field-grades = классы
cat-field-born = годы рождения
cat-field-age = возраст
cat-field-rating = рейтинг
cat-rule-grade = { $grades } класс
cat-rule-grades = { $grades } классы
cat-rule-boys = мальчики
cat-rule-girls = девочки
cat-rule-born = { $years } г. р.
cat-rule-age = возраст { $ages } на { $date }
cat-rule-rating = рейтинг { $band }
cat-rule-all = все участники
cat-page-title = Категории и призы
cat-one-prize = Участник получает приз только в одной категории (в первой по порядку).
cat-several-prizes = Участник может получить призы в нескольких категориях.
cat-all-diplomas = Грамоты всех призёров (печать)
cat-diplomas = грамоты
cat-prizes = призовых мест: { $n }
cat-prize-mark = приз
cat-outside-grades = { $n ->
    [1] Не попадёт в списки призёров по классу (не входит
   *[other] Не попадут в списки призёров по классу (не входят
} ни в одну категорию по классу): { $names }. Укажите класс (на странице участников или командой arbiter tournament edit-player --grade).
cat-outside-grade-n = { $name } ({ $grade } класс)
team-title = Командный зачёт: { $best ->
    [one] лучший { $best } участник
    [few] лучшие { $best } участника
   *[other] лучшие { $best } участников
} от школы, положение после { $round }-го тура
team-row = { $place }. { $school } — очков: { $points } (сумма мест: { $places }){ $incomplete ->
    [yes] , участников меньше зачётного числа
   *[no] {""}
}:
team-child = { $name } ({ $place } место, { $points })
team-every-group = Все группы вместе ({ $groups }); место участника — в его группе
team-none = Школ нет: у участников не указаны клуб или школа.
cat-no-players = В категории нет участников.
cat-none = Категорий нет: их задаёт команда arbiter tournament category add.
dip-page-title = Грамоты
dip-title = ГРАМОТА
dip-lead = вручается
dip-award = { $sex ->
        [f] занявшей
       *[other] занявшему
    } { $place } место в категории «{ $category }»
dip-team-lead = вручается команде
dip-team-award = за { $place } место в командном зачёте
dip-chief-arbiter = Главный судья
dip-none = Призёров пока нет.
dip-template-error = Шаблон грамоты не сработал: { $error }
cat-added = Категория «{ $name }» добавлена: { $rule }.
cat-removed = Категория «{ $name }» удалена.
cat-points = очков: { $points }
dip-written = Грамот: { $n }; записаны в { $file } (откройте в браузере и напечатайте на A4).
web-nav-categories = Категории
imp-title = Список участников из таблицы
imp-link = Добавить участников списком из таблицы (CSV)…
imp-help = Файл CSV или TSV, как его сохраняет Excel или LibreOffice: кодировка UTF-8 или Windows-1251, разделитель «;», «,» или табуляция. В первой строке — названия столбцов: Фамилия, Имя, Отчество (или ФИО), Дата рождения (ДД.ММ.ГГГГ), Пол, Класс, Школа, Рейтинг, FIDE ID, ID ФШР. Сначала показывается, что будет добавлено; записывается только после подтверждения.
imp-file = Файл списка
imp-show = Показать, что будет добавлено
imp-to-add = Будут добавлены: { $n }
imp-duplicates = Похожи на уже записанных: { $n }
imp-refused = Не приняты: { $n }
imp-with-duplicates = добавить и похожих на уже записанных
imp-apply = Добавить участников
imp-rules-title = Группы по классам
imp-rules-help = Каждый участник попадает в группу из столбца «Группа» списка; если его нет — по классу, как задано здесь (например, 1–2 → A, 3–4 → B). Без столбца и без правил весь список попадает в группу «{ $shown }». Участник без группы не добавляется: он будет в списке не принятых с номером строки.
imp-rules-grades = Классы (с – по)
imp-rules-group = Группа
imp-rules-from = с класса
imp-rules-to = по класс
imp-rules-given = Группы по классам: { $rules }
imp-cancel = Отмена

## Слова, зависящие от пола участника ($sex: m, f или unknown)
word-withdrew = { $sex ->
        [f] выбыла
       *[other] выбыл
    }
word-disqualified = { $sex ->
        [f] дисквалифицирована
       *[other] дисквалифицирован
    }

## Подтверждения и предупреждения командной строки (tournament)
tm-player-edited = участник { $tpn }: { $name }
tm-forbidden = запрещённая пара: { $players }
tm-forbidden-reason = запрещённая пара: { $players } ({ $reason })
tm-imported = { $file }: участников — { $players }, туров с парами — { $paired }, всего туров — { $total }
tm-trf-cut = arbiter: предупреждение: участник { $tpn }: { $field ->
        [name] имя
        [title] звание
        [federation] федерация
       *[other] дата рождения
    } длиннее своих { $width } позиций TRF; в файле TRF сокращено, в файле состояния хранится целиком
mp-warning-engine = arbiter: предупреждение: { $round }-й тур: { $diff }
mp-engine-not-paired = программа жеребьёвки не составляет пары этого тура: { $reason }
mp-engine-differs = по голландской системе пары были бы такие: { $boards }
mp-engine-differs-bye = по голландской системе пары были бы такие: { $boards }, без пары { $bye }

## Отказы программы жеребьёвки (PairingError)
pe-no-legal-pairing = допустимой жеребьёвки нет: всех участников нельзя разбить на пары, соблюдая абсолютные критерии (C1 — без повторных встреч, C2 — право на «+», C3 — цвета)
pe-all-rounds-paired = пары всех туров турнира ({ $total }, XXR { $total }) уже составлены: { $next }-го тура нет
pe-invalid-input = неверные данные для жеребьёвки: участник { $tpn }: { $reason }
pe-too-large = турнир слишком велик для жеребьёвки: весу ребра нужно бит — { $bits } (не больше 4096)
pe-swiss-round-by-round = швейцарская система жеребьёвки идёт тур за туром, по результатам: сразу все туры составляются только в круговом турнире
rr-players = в круговом турнире от { $min } до { $max } участников; в этой группе { $n }
rr-no-such-round = в круговом турнире { $total } туров; тура { $round } нет

## Собственные отказы командной строки
cli-cannot-read = { $file }: не удаётся прочитать
cli-nothing-to-check = { $file }: пары ни одного тура не составлены — проверять нечего
cli-result-or-verdict = укажите результат (1-0, 0-1, 1/2-1/2, …) или --verdict ФАЙЛ
cli-empty-token = --token: ключ доступа пуст

## Значения, которые командная строка не может прочитать
expect-pair = нужны стартовые номера БЕЛЫЕ-ЧЁРНЫЕ, а указано { $found }
expect-start-rank = нужен стартовый номер, а указано { $found }
expect-seed = нужно зерно жребия (целое число или random), а указано { $found }
expect-result = нужен результат 1-0, 0-1, 1/2-1/2, +-, -+, -- или 0-0, а указано { $found }
expect-bye-kind = нужен вид пропуска half, zero, full или pab, а указано { $found }
expect-sex = нужен пол m или f (w, м, ж), а указано { $found }
expect-range = нужен диапазон вида 1-2 (или одно число), а указано { $found }
expect-round-span = нужны туры вида 1-3 (или один тур), начиная с 1-го, а указано { $found }
tm-tie-breaks = Дополнительные показатели турнира после очков ({ $edition }):
edition-fide2024 = правила ФИДЕ C.07, действующие с 1 августа 2024 года
edition-fide2026 = правила ФИДЕ C.07 с поправками, действующими с 1 марта 2026 года
tm-acceleration-none = без ускорения
tm-acceleration-baku = бакинская система ускорения (C.04.5.1): виртуальные очки первой половине участников (с округлением до чётного) в первой половине туров
tm-acceleration-custom = особое ускорение: записей о виртуальных очках — { $n } (TRF 250)
expect-date = нужна дата ДД.ММ.ГГГГ, а указано { $found }
expect-lang = нужен язык ru или en, а указано { $found }

## Ошибки в командной строке (ошибки clap по-русски)
usage-error = ошибка: { $message }
usage-more = подробнее: { $command } --help
usage-invalid-value = недопустимое значение { $value } для { $arg }
usage-valid-values = ; допустимые значения: { $values }
usage-value-validation = недопустимое значение { $value } для { $arg }: { $reason }
usage-range-min = нужно число не меньше { $low }
usage-range = нужно число от { $low } до { $high }
usage-unknown-argument = неизвестный аргумент { $arg }
usage-unknown-command = неизвестная команда { $command }
usage-conflict = { $arg } нельзя указывать вместе с { $other }
usage-missing-argument = не указаны обязательные аргументы: { $args }
usage-missing-command = не указана команда
usage-value-count = неверное число значений для { $arg }
usage-not-utf8 = аргумент — не текст в кодировке UTF-8
usage-other = неверная командная строка
usage-suggested = ; возможно, имелось в виду { $suggested }

## Ошибки операционной системы
io-not-found = нет такого файла или папки
io-permission-denied = нет доступа
io-already-exists = файл уже существует
io-is-a-directory = это папка, а не файл
io-not-a-directory = это не папка
io-invalid-data = неверные данные
io-storage-full = на диске нет места
io-read-only = файловая система только для чтения
io-broken-pipe = канал вывода закрыт
io-addr-in-use = адрес уже занят (другой программой, например другим arbiter serve: выберите другой порт)
io-addr-not-available = это не адрес этого компьютера
io-other = ошибка ввода-вывода (код { $code })

## Ошибки в файлах
fe-json = неверный JSON
fe-pairs-line = { $file }:{ $line }: нужны два стартовых номера
fe-trf-io = { $file }: не удаётся прочитать: { $reason }
fe-not-text = { $file }: не текст в кодировке UTF-8 (смещение { $offset })
fe-trf-field = { $file }:{ $line }:{ $column }: в поле ожидается { $expected }, а в нём { $found }
fe-trf-inconsistent = TRF, участник { $tpn }, { $round }-й тур: { $detail }
fe-trf-no-players = { $file }: это не турнир в формате TRF: нет ни одной строки участника (001), строк в файле — { $lines }
fe-trf-duplicate-rank = { $file }:{ $line }:5: стартовый номер { $tpn } уже указан в строке { $first_line }
fe-action-read = чтение
fe-action-write = запись
fe-action-folder = открытие папки
fe-action-lock = блокировка
fe-store-io = { $file }: { $action }: { $reason }
fe-store-json = { $file }:{ $line }:{ $column }: это не файл состояния турнира
fe-store-database = { $file }: база данных турнира: { $reason }
fe-store-disk-full = { $file }: диск заполнен, ничего не изменено; освободите место на диске (или перенесите турнир на другой диск) и повторите
fe-store-read-only = { $file }: файл или его папка недоступны для записи (только чтение), ничего не изменено; разрешите запись или скопируйте турнир в папку, доступную для записи
fe-store-busy = { $file }: другая программа изменяет турнир дольше 5 с, ничего не изменено; повторите
fe-store-not-event = { $file }: это не турнир (ни база данных турнира, ни файл состояния)
fe-store-newer = { $file }: турнир записан более новой версией arbiter (схема { $found }, эта знает { $known }): обновите arbiter
fe-store-changed-since = { $from } изменён после перевода в { $to }: турнир хранится в { $to }; чтобы перевести { $from } заново, уберите { $to }
fe-store-conversion-taken = { $from } переводится в { $to }, но { $to } уже есть и это не его перевод: переименуйте один из файлов
fe-verdict-empty = { $file }: в файле нет решения судьи
fe-verdict-not-json = { $file }: это не решение судьи (JSON)
fe-verdict-no-result = { $file }: в решении судьи нет результата (`result`)
fe-verdict-unknown-result = { $file }: неизвестный результат { $result }

## Что не согласуется с сообщённым результатом (ПС 4.2)
disc-result_contradicts_ending = партия окончилась по правилам с другим результатом
disc-unfinished_result_on_finished_game = `*` (не окончена) сообщено для оконченной партии
disc-moves_after_game_end = ходы записаны после окончания партии
disc-reported_ending_not_on_board = заявленного окончания (мата, пата) на доске нет
disc-shown_position_differs = показанная позиция отличается от позиции на доске
disc-winner_cannot_mate = победитель не может поставить мат никакими допустимыми ходами
disc-illegal_move_in_record = в записи партии есть невозможный ход
disc-unreadable_move_in_record = в записи партии есть нечитаемый ход
disc-gap_in_record = в записи доски разрыв: итоговая позиция не достоверна
replay-dir-no-pgn = { $dir }: в этой папке и вложенных нет файлов PGN (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2)
replay-dir-no-lines = { $dir }: в этой папке и вложенных нет файлов строк партий (.jsonl, .ndjson)
disc-result_tag_contradicts_movetext = тег Result противоречит результату в конце записи ходов

## adjudicate --list-rules
adj-list-title = правила присуждения, набор правил { $preset }:
adj-list-1 = партия уже окончена по правилам: мат (Правила 5.1.1), пат (5.2.1), пятикратное повторение (9.6.1), 75 ходов (9.6.2)
adj-list-2 = мёртвая позиция (Правила 5.2.2): ни одна сторона не может поставить мат никакими допустимыми ходами -> ничья
adj-list-3 = таблицы Syzygy ({ $dir }); «проклятые» выигрыши и «спасённые» проигрыши { $cursed ->
        [yes] считаются результативными
       *[no] считаются ничьими
    }
adj-list-3-no-dir = папка не указана: правило пропускается
adj-list-4 = форсированный мат не более чем в { $plies } полуходов за любую сторону -> победа, с вариантом
adj-list-5 = известный ничейный материал ({ $patterns }) -> ничья, если нет незавершённых взятий; после разменов пешечные окончания: Кр+п против Кр точно (правило квадрата, ключевые поля, оппозиция, крайняя пешка), слон не того цвета, связанные и защищённые проходные, пешечные гонки; отдалённая или лишняя проходная -> решает судья
adj-list-6 = материал после поиска, в котором рассматриваются только взятия, ценность: п{ $p } К{ $n } С{ $b } Л{ $r } Ф{ $q }
adj-list-7 = правило одинокого короля (ПС 4.3){ $on ->
        [yes] {""}
       *[no] {" "}(выключено)
    }: перевес не меньше { $margin } против одинокого короля или короля с пешками при достаточном для мата материале -> победа
adj-list-8 = перевес не меньше { $win } при достаточном для мата материале -> победа; не больше { $draw } -> ничья; между ними -> решает судья, с рекомендацией
adj-list-9-none = движок UCI (--engine ПУТЬ): не указан, правило пропускается
adj-list-9 = движок UCI { $path }, когда правила 1–8 оставляют решение судье или решают по материалу: мат или перевес не меньше { $win } сотых пешки -> победа; в пределах { $draw } -> ничья; иначе решает судья

## Ещё ошибки в файлах и значениях
fe-no-game = { $file }: в файле нет ни одной партии
fe-not-integer = нужно целое неотрицательное число
fe-not-number = нужно число

## Позиционные аргументы в сообщениях об ошибках командной строки
usage-arg-state = ФАЙЛ_СОСТОЯНИЯ
usage-arg-file = ФАЙЛ
usage-arg-result = РЕЗУЛЬТАТ
usage-arg-trf = ФАЙЛ_TRF
usage-arg-files = ФАЙЛЫ
usage-arg-mode = РЕЖИМ
usage-arg-name = НАЗВАНИЕ
usage-arg-player = УЧАСТНИК
usage-arg-copy = КОПИЯ
usage-arg-event = ФАЙЛ_СОСТОЯНИЯ
usage-one-of = { $first } или { $second }
## Live boards (board watch, board record): the link to a DGT board or to LiveChess
live-connected = доска { $serial } подключена ({ $source }, прошивка { $version })
live-disconnected-retrying = связь с доской потеряна ({ $reason }); новая попытка через { $seconds } с (попытка { $attempt }; попытки идут, пока работает зал, не реже раза в { $max } с)
live-link-back = связь с доской терялась ({ $reason }), теперь восстановлена: ходы, сделанные за это время, прочитаны с доски и нарушением не считаются
live-gap = { $case ->
    [recovered] связь с доской терялась: { $plies } полуходов, сделанных за это время, восстановлены по доске ({ $found }), это не действие игрока
    [several] связь с доской терялась: за это время сделано { $plies } полуходов, и к позиции на доске ведут несколько последовательностей ({ $found }); взята первая, пока судья не разберётся
   *[none] связь с доской терялась: ни одна последовательность до 8 полуходов не ведёт к позиции на доске; партия продолжается с неё, пока судья не разберётся
}
live-reconnected = доска { $serial } снова подключена ({ $source }); партия продолжается
live-disconnected = связь с доской потеряна ({ $reason }); новое подключение через { $seconds } с, попытка { $attempt } из { $attempts }
link-reason = { $kind }
link-reason-broken = связь оборвалась
link-reason-refused = доска не принимает подключение
link-reason-timeout = доска не ответила вовремя
link-reason-address = неверный адрес
link-reason-missing = устройство не найдено
link-reason-permission = нет доступа к устройству
link-reason-other = сбой связи
live-gave-up = связь с доской потеряна: { $attempts ->
    [one] { $attempts } попытка подключиться не удалась
    [few] { $attempts } попытки подключиться не удались
   *[many] { $attempts } попыток подключиться не удались
    } ({ $reason })
live-recorded = в { $file } { $lines ->
    [one] записана { $lines } строка
    [few] записаны { $lines } строки
   *[many] записано { $lines } строк
    }
live-move = { $number }{ $side ->
    [white] .
   *[black] ...
    } { $san } ({ $uci })
live-revised = { $number }{ $side ->
    [white] .
   *[black] ...
    } прочитан заново: { $san } ({ $uci }), тот же ход той же рукой
live-illegal = { $side }, ход { $number }: нарушение: { $kind } ({ $article }; { $move })
live-touch = { $side } подняли фигуру на { $square }: тронутая фигура (Правила 4.3; доска видит, что фигуру подняли, но не слышит «поправляю»)
live-result-signal = короли на центральных полях показывают результат { $result }{ $agrees ->
    [yes] ; он соответствует позиции на доске (ПС 4.2)
    [no] ; он не соответствует позиции на доске (ПС 4.2)
   *[unknown] {""}
    }
live-ending = партия окончена после { $ply } полуходов: { $result }, { $reason } ({ $article })
live-no-article = без статьи
live-unreadable = строку { $line } записи прочитать нельзя: { $reason }
serve-link-thread = не удаётся запустить связь с доской: { $reason }
serve-capture-dropped = не удалось записать строк записи досок: { $lines }; они пропущены
err-link-not-ws = не удаётся подключиться к LiveChess по адресу { $url }: адрес должен начинаться с ws:// (LiveChess: ws://ХОСТ:1982/api/v1.0)
err-link-silent = не удаётся подключиться к LiveChess по адресу { $url }: нет ответа в течение { $ms } мс
err-link-closed = LiveChess по адресу { $url } закрыл соединение
err-link-socket = LiveChess по адресу { $url }: { $reason }
err-link-no-eboards = LiveChess по адресу { $url } не ответил на вызов «eboards» в течение { $ms } мс
err-link-open = не удаётся открыть последовательный порт { $device }: { $reason }
err-link-no-answer = на { $device } не отвечает доска DGT: нет расстановки в течение { $ms } мс после запроса (доска подключена и включена?)
err-link-connect = не удаётся подключиться к LiveChess по адресу { $url }: { $reason }
err-link-answer = LiveChess по адресу { $url } ответил на вызов { $call }: { $answer }
err-link-no-board = LiveChess по адресу { $url } не видит ни одной доски
err-link-no-such-board = у LiveChess по адресу { $url } нет доски { $serial }; его доски: { $serials }
err-link-several-boards = у LiveChess по адресу { $url } несколько досок ({ $serials }): выберите одну ключом --serial

## The desk: the arbiter's decision on a verdict or an adjudication, saved changes, why the pairing
web-saved = Сохранено.
web-verdict-judge-result = Результат по решению судьи: { $result }
web-verdict-disagrees = Игроки сообщили результат { $reported }, но запись партии ему противоречит (ПС 4.2):
web-verdict-unfinished = Судья не даёт результата (партия не окончена): выберите результат для записи.
web-choice-judge = Записать результат судьи: { $result }
web-choice-adjudication = Записать результат присуждения: { $result }
web-choice-other = Записать другой результат (отменяет решение; причина сохраняется в протоколе)
web-override-reason = Причина (решение главного судьи)
web-override-hint = Другой результат записывается только с причиной.
web-adjudication-from-log = Последняя позиция записи партии { $file }
web-adjudication-from-typed = Позиция введена вручную
web-adjudication-from-eboard = Последняя позиция с электронной доски
web-adjudication-from-editor = Позиция расставлена судьёй на странице
web-position-title = Позиция для присуждения: доска { $board }
web-position-hint = Выберите фигуру, затем нажмите на поле, чтобы поставить её; повторное нажатие той же фигурой освобождает поле. Ниже — очередь хода и рокировки; поле FEN меняется вместе с доской (в нём можно и набрать FEN).
web-position-board = Доска, белые внизу
web-position-pieces = Фигуры
web-position-erase = Пустое поле (убрать фигуру)
web-position-start = Начальная позиция
web-position-clear = Пустая доска
web-position-to-move = Ход
web-position-white = белых
web-position-black = чёрных
web-position-castling = Рокировка ещё возможна
web-position-castle-K = белые, короткая (0-0)
web-position-castle-Q = белые, длинная (0-0-0)
web-position-castle-k = чёрные, короткая (0-0)
web-position-castle-q = чёрные, длинная (0-0-0)
web-position-set-up = Расставить позицию щелчками
web-position-set-up-hint = Для партии без электронной доски и без записи: позицию расставляют на доске на экране, фигуру за фигурой, и присуждают.
web-position-open = Расставить позицию
web-position-no-board = Какая доска? Выберите доску, позицию которой расставляете.
web-piece-white-k = Белый король
web-piece-white-q = Белый ферзь
web-piece-white-r = Белая ладья
web-piece-white-b = Белый слон
web-piece-white-n = Белый конь
web-piece-white-p = Белая пешка
web-piece-black-k = Чёрный король
web-piece-black-q = Чёрный ферзь
web-piece-black-r = Чёрная ладья
web-piece-black-b = Чёрный слон
web-piece-black-n = Чёрный конь
web-piece-black-p = Чёрная пешка
web-error-no-position = У доски { $board } нет позиции с электронной доски. Загрузите запись партии (выше): если партия не окончена, страница решения предложит присудить её последнюю позицию; или введите позицию вручную.
web-adjudication-basis = Основание
web-adjudication-material = Материал
web-adjudication-line = Ходы, которые это доказывают
web-adjudication-rules = Какие правила проверены
web-adjudication-rule-decided = решило
web-adjudication-rule-not = не решило
web-adjudication-rule-line = { $number }. { $name } ({ $reference }): { $decided ->
    [yes] решило
   *[no] не решило
} — { $found }
web-verdict-adjudicate-last = Партия по записи не окончена. Если время доигрывания истекло, её последнюю позицию можно присудить (ПС 4.3).
web-playout-position = Позиция берётся с электронной доски. Без неё загрузите запись партии (выше): если партия не окончена, страница решения предложит присудить её последнюю позицию.
web-playout-typed = Ввести позицию вручную (FEN)
web-adjudication-result = Результат присуждения: { $result }
web-adjudication-review-result = Правила оставляют позицию на решение судьи; рекомендация: { $result }
web-error-choice-unclear = В списке выбран результат, но отмечено «Записать результат судьи»: отметьте «Записать другой результат» (с причиной) или очистите список.
web-why-float = доска { $board }: { $down } ({ $down_points }) играет с { $up } ({ $up_points }): в своей очковой группе пары по правилам не нашлось (C6–C8, C14–C21)
web-why-bye = «+» (свободный от игры тур) получает { $player } ({ $points }): раньше «+» и побед без игры не было (C2), наименьшее число очков, при котором тур составляется (C5), меньше всего несыгранных партий (C9), затем самый низкий стартовый номер
web-why-forbidden = { $players } не должны встречаться (запрещённая пара): разведены, как уже игравшие (C1)
web-decided-judge = по решению судьи (запись партии)
web-decided-judge-against = по решению судьи (запись партии); игроки сообщали { $reported }
web-decided-adjudication = присуждено (ПС 4.3): { $basis }; FEN { $fen }
web-decided-forfeit = без игры (ПС 4.4)
web-decided-override = решение главного судьи вместо { $by ->
        [judge] результата судьи
       *[other] присуждения
    } { $decided }: { $reason }
web-decided-reasons = проверенные правила
web-out-withdrew = { $sex ->
        [f] выбыла
       *[other] выбыл
    } с { $round }-го тура
web-out-disqualified = { $sex ->
        [f] дисквалифицирована
       *[other] дисквалифицирован
    } с { $round }-го тура
web-status-cancelled = { $sex ->
        [f] выбыла, её игры аннулированы
       *[other] выбыл, его игры аннулированы
    }
web-status-withdrawn = { $sex ->
        [f] выбыла
       *[other] выбыл
    }
web-status-disqualified = { $sex ->
        [f] дисквалифицирована
       *[other] дисквалифицирован
    }
web-sex = Пол
web-sex-m = мальчик
web-sex-w = девочка
web-note-duplicate-name = Участник с таким же именем уже записан (регистр и ё/е не различаются): если это тот же ребёнок, удалите новую запись.
web-note-name-normalised = Имя записано в виде «Фамилия Имя» с заглавных букв: проверьте его в списке.
web-duplicate-title = Такое имя уже записано
web-duplicate-registered = Участник с таким именем уже записан: { $who }. Если это тот же ребёнок, добавлять ничего не нужно.
web-duplicate-confirm = Это другой ребёнок с тем же именем: добавить второго участника
web-duplicate-add = Добавить второго участника
web-duplicate-back = Вернуться к участникам, не добавляя
web-duplicate-late = Туры уже разыгрываются: добавленный сейчас участник войдёт со следующего тура, прошедшие туры будут для него несыгранными.
web-note-late-entry = Участник добавлен после жеребьёвки: прошедшие туры считаются для него несыгранными.
web-note-later-rounds = Следующие туры были составлены по старым очкам: их пары остаются прежними.
web-error-stale-board = Тур { $round }, доска { $board }: пока страница была открыта, на доске записан результат { $result } ({ $how }{ $by ->
    [none] {""}
   *[other] ; { $by }
}). Ваш результат не записан. Если записанный неверен, исправьте его: «Исправить…» у этой доски.
web-error-stale-board-empty = Тур { $round }, доска { $board }: пока страница была открыта, доска изменилась и сейчас без результата. Ваш результат не записан: откройте доску и введите его снова.
web-to-board = К доске { $board }
web-note-same-result = Этот результат уже был записан: он остаётся, ничего не изменилось.
web-half-bye = Пропуск тура с ½ очка (по заявлению заранее)
web-half-bye-button = Дать пропуск с ½ очка
web-disqualify = Дисквалификация (ПС 2.2)
web-disqualify-button = Дисквалифицировать
web-export = Скачать
web-export-backup = резервная копия турнира (.arbiter)
web-export-json = турнир в JSON
web-export-personal = Резервная копия, JSON, TRF и список участников содержат персональные данные участников (фамилии, даты рождения, клубы или школы): храните их там, где их видят только организаторы, и удалите, когда они больше не нужны для документов турнира.
web-connect-title = Открыть стол судьи на планшете
web-connect-link = открыть на планшете или телефоне…
web-connect-scan = Наведите камеру планшета или телефона (в сети турнирного зала) на этот код или наберите адрес ниже. В нём ключ доступа: с устройства можно будет вносить результаты.
web-connect-secret = Показывайте его только судьям: у кого есть этот адрес, тот может менять турнир.
web-connect-screen = Экраны в зале: этот адрес показывает пары и таблицу, и больше ничего (ни кнопок, ни данных участников). Пульт по нему не открыть.
web-connect-loopback = Стол судьи открыт только на этом компьютере (127.0.0.1). Для планшета запустите его с ключом --addr 0.0.0.0:8080: тогда здесь будут адрес и QR-код.
web-export-standings = турнирная таблица (CSV)
web-unforbid = убрать
web-cancel-withdrawal = отменить выбытие
web-error-no-forbidden = Такой запрещённой пары нет (обновите страницу).
web-unpair = Отменить жеребьёвку { $round }-го тура
web-unpair-confirm = Результатов ещё нет: подтверждаю, что тур будет составлен заново
web-error-unpair-confirm = Чтобы отменить жеребьёвку тура, отметьте подтверждение.

## Живой зал (arbiter serve --livechess / --dgt)
web-nav-live = Э-доски
web-live-title = Электронные доски
web-live-round-title = Тур { $round }, трансляция
web-live-board = Доска { $board }
web-live-eboard = э-доска { $serial }
web-live-serial = Серийный номер
web-live-state = Состояние
web-live-battery = Батарея
web-live-source = Подключена к
web-live-on-board = Доска
web-live-on = тур { $round }, доска { $board }
web-live-board-label = Доска
web-live-assign = Поставить на эту доску
web-live-none = Электронных досок пока нет. Запустите пульт с --livechess ws://HOST:1982/api/v1.0 или --dgt УСТРОЙСТВО.
web-live-no-eboard = Электронная доска { $serial } не найдена.
web-live-nothing-proposed = У доски { $board } нет предложенного результата.
web-live-state-seen = видна
web-live-state-connected = подключена
web-live-state-disconnected = связь потеряна
web-live-state-lost = отключена
web-live-finished-count = закончено партий: { $finished } из { $games }
web-live-to-round = результаты и присуждение
web-live-offer = Закончено { $percent } % партий (ПС 4.3).
web-live-playout-all = Начать доигрывание ({ $minutes } мин) на всех незаконченных досках
web-live-playout-one = Начать доигрывание на этой доске
web-live-playout-left = Доигрывание:
web-live-ask-fen = Доигрывание окончено: введите позицию (FEN) для присуждения
web-live-result = Результат { $result }
web-live-proposed = Предложенный результат { $result }
web-live-record = Записать { $result }
web-live-by-ending = партия окончена на доске ({ $reason })
web-live-reason = { $reason }
web-live-by-signal = так показывают короли игроков (ПС 4.2)
web-live-by-adjudication = присуждено по позиции на доске в конце доигрывания (ПС 4.3)
web-live-by-review = позиция оставлена судье; рекомендация присуждения (ПС 4.3)
web-live-notice = Замечено судьёй
web-live-noticed = замечено судьёй (ПС 3.4)
web-live-rec-entry = Доска { $board }, полуход { $ply }: { $what }{ $decision ->
    [none] {""}
   *[other] {" "}— { $decision }
}
web-live-rec-illegal = { $side }: нарушение, { $kind } ({ $article }; { $move })
web-live-rec-touch = { $side } тронули фигуру на { $square } и пошли другой ({ $article })
web-live-rec-ending = партия окончена: { $result }, { $reason } ({ $article })
web-live-rec-signal = короли показывают результат { $result } (ПС 4.2)
web-live-rec-disconnected = связь с доской потеряна ({ $reason })
web-live-rec-unreadable = э-доска прислала не позицию ({ $reason }): это сбой связи, а не действие игрока
web-live-notes = Замечания пульта об э-досках
web-live-note-garbage = Доска { $board } (э-доска { $serial }) присылает кадры, в которых нет позиции: пропущено пока кадров: { $count } (не сохранены и не показаны).
web-live-note-capture = Запись доски { $board } (э-доска { $serial }) достигла предела { $limit } (--limit game=РАЗМЕР): что присылает для неё э-доска, больше не сохраняется.
web-live-note-refused = Не отслеживаются э-досок: { $refused } — пульт отслеживает не больше { $limit } э-досок (больше: --limit eboards=N).
web-live-rec-gap = разрыв в записи доски после потери связи (найдено полуходов: { $plies })
web-live-settled = судья разобрался
web-live-settle = Судья разобрался
web-live-gap-first = В записи доски { $board } разрыв после потери связи: посмотрите на доску и отметьте, что разобрались, прежде чем записывать результат.
web-live-clock = Часы
web-live-rec-adjudication = присуждено по окончании доигрывания: { $result } ({ $article })
web-live-rec-recorded = судья записал результат { $result }
web-live-bad-minutes = Доигрывание длится от 1 до { $max } минут, а не { $minutes }.
web-live-bad-delay = Задержка ходов в открытом просмотре — от 0 до { $max } минут, а не { $minutes }.
web-live-bad-percent = Доля оконченных партий — от 1 до 100 %, а не { $percent } %.
web-live-incidents = Происшествия тура
web-screen-title = Большой экран
web-screen-pairings = Тур { $round }
web-screen-standings = Положение участников

## Files of games that cannot be read (the desk's uploads, `judge`, `replay`)
fe-compression-none = без сжатия
fe-input-open = { $file }: не удаётся открыть: { $reason }
fe-input-read = { $file }: ошибка чтения после { $offset } байт: { $reason }
fe-input-compression = { $file }: по имени файл сжат ({ $expected }), а по содержимому — { $found }
fe-input-decoder = { $file }: не удаётся распаковать ({ $compression }): { $reason }
fe-input-binary = { $file }: это не текстовый файл партий: двоичные данные (нулевой байт) в байте { $offset }
fe-pgn-game = { $file }: партия { $game } (с байта { $offset }): запись PGN не читается: { $reason }
fe-jsonl-io = { $file }, строка { $line }: ошибка чтения: { $reason }
fe-jsonl-event = { $file }, строка { $line }: это не событие журнала партии
fe-jsonl-hands = { $file }, строка { $line }: ход сделан { $hands } руками, а ход делают одной или двумя руками
fe-board-log-io = { $file }: журнал электронной доски не читается: { $reason }
lim-input = файл после распаковки больше { $size } — больше не читается (предел поднимает --limit input=РАЗМЕР)
lim-game = запись одной партии длиннее { $size } — больше не читается (предел поднимает --limit game=РАЗМЕР)
lim-plies = в партии больше { $n } полуходов — длиннее любой партии, возможной по правилу 75 ходов (предел поднимает --limit plies=ЧИСЛО)
lim-comment = комментарий длиннее { $size } — больше не читается (предел поднимает --limit comment=РАЗМЕР)
lim-line = строка длиннее { $size } — больше не читается (предел поднимает --limit line=РАЗМЕР)
size-bytes = { $n } байт
size-kib = { $n } КиБ
size-mib = { $n } МиБ
size-gib = { $n } ГиБ
fe-judge-event = { $file }, строка { $line }: { $reason }
fe-judge-pgn = { $file }: { $reason }
fe-judge-board-log = { $file }: журнал электронной доски: сначала нужно распознать ходы
fe-judge-invalid-start = начальная позиция (FEN) неверна
fe-judge-unreadable-move = ход { $text } не читается
fe-judge-header-after-start = заголовок партии после начала партии
fe-judge-unknown-rules = неизвестный набор правил
fe-judge-invalid-result = это не результат партии
fe-judge-invalid-board = неверная расстановка фигур { $text }
fe-judge-variant = вариант шахмат { $variant } не поддерживается
fe-board-placement = строка { $line }: это не расстановка фигур: { $text }
fe-board-json = строка { $line }: неверный JSON
fe-board-empty-record = строка { $line }: в записи доски должна быть либо расстановка, либо часы
fe-board-clock-side = строка { $line }: часы должны указывать белых или чёрных
fe-board-bad-time = строка { $line }: время должно быть числом секунд
fe-board-time-backwards = строка { $line }: время раньше, чем у предыдущей записи
fe-board-event = строка { $line }: это не событие журнала партии
fe-board-dgt = запись доски DGT не читается
fe-board-livechess = запись LiveChess не читается
fe-board-no-start = ни одна расстановка в журнале не показывает начальную позицию
web-verdict-field = решение судьи на странице
## Журнал изменений турнира и отмена
jr-action = { $action ->
    [new] турнир создан
    [import] турнир загружен из TRF
    [edit-event] данные турнира изменены
    [add-player] участник зарегистрирован
    [add-players] участники добавлены из списка
    [edit-player] данные участника исправлены
    [delete-player] участник удалён
    [group-move] участник переведён в другую группу
    [start-list] стартовый список упорядочен
    [forbid] пара запрещена
    [unforbid] запрет пары снят
    [pair] жеребьёвка тура
    [pair-manual] ручная жеребьёвка тура
    [unpair] жеребьёвка отменена
    [bye] пропуск тура
    [result] результат
    [correct-result] исправление результата
    [judged-result] результат по записи партии
    [adjudicated-result] результат присуждён
    [live-result] результат с электронной доски
    [play-out] доигрывание начато
    [live-incidents] происшествия с электронных досок
    [live-notice] нарушение на электронной доске
    [live-settle] разрыв в записи электронной доски разобран
    [eboard-assign] электронная доска назначена
    [withdraw] выбытие
    [cancel-withdrawal] выбытие отменено
    [disqualify] дисквалификация
    [category] категории изменены
    [fide-mode] режим ФИДЕ
    [undo] отмена
    [category-add] категория добавлена
    [category-edit] категория изменена
    [category-delete] категория удалена
    [prize-settings] настройка призов изменена
   *[other] изменение
}
jr-error-io = { $file }: не удаётся прочитать или записать журнал: { $reason }
jr-error-line = { $file }, строка { $line }: это не запись журнала (журнал правили вручную?)
jr-error-nothing = { $file }: отменять нечего.
jr-error-outside = { $file } изменён помимо журнала (вручную или другой программой) там, где его изменила запись { $entry }: отмена потеряла бы это изменение, поэтому она не выполнена.
jr-error-fide-left = Запись { $seq } вывела турнир из режима ФИДЕ: она не отменяется, так как вернуться в режим ФИДЕ после выхода нельзя (C.02).
jr-error-creation = Запись { $seq } создала турнир: более раннего состояния нет.
jr-error-later = Запись { $seq } ({ $action }) нельзя отменить отдельно: на неё опираются более поздние изменения — { $later }.{ $paired ->
    [yes] {" "}По этому результату уже проведена жеребьёвка следующего тура.
   *[other] {""}
} Сначала отмените их, начиная с последнего.
jr-error-not-undoable = Запись { $seq } отменить нельзя: такой записи нет, она уже отменена или сама является отменой.
jr-undone = Отменено: запись { $entry } ({ $action }); отмена записана как запись { $seq }.
jr-log-empty = Журнал пуст: изменений ещё не было.
jr-log-undone-by = отменена записью { $entry }
jr-log-undoes = отменяет запись { $entry }
web-nav-log = Журнал
web-log-title = Журнал изменений
web-log-intro = Все изменения турнира, новые сверху: когда, откуда, что. Отмена — новая запись; ничего не стирается.
web-log-undo = Отменить последнее изменение
web-log-undo-entry = Отменить запись { $seq } ({ $action }), сделанную: { $who }
web-log-newer = ← новее
web-log-older = раньше →
web-log-page = записи { $first }–{ $last } из { $total }
times-local = Время местное, { $zone }.
web-log-time-column = Время
web-log-time = Время ({ $zone })
web-log-who = Откуда
web-log-action = Изменение
web-log-args = Подробности
web-log-undoes = отменяет запись { $entry }
web-log-undone-by = отменена записью { $entry }
web-log-empty = Изменений ещё не было.
jr-via = { $via ->
    [cli] командная строка
    [desk] пульт
   *[other] { $via }
}
jr-yes = да
jr-value-choice-decided = предложенный результат
jr-value-choice-other = другой результат
jr-value-rest-auto = по программе жеребьёвки
jr-value-rest-none = без пары
jr-result-change = тур { $round }, доска { $board }: { $to }{ $from ->
    [none] {""}
   *[other] {" "}(было { $from })
}
jr-result-none = нет результата
jr-log-times = Время: { $zone }.
jr-log-page = Записи { $first }–{ $last } из { $total }, новые сначала{ $more ->
    [yes] ; более ранние: --page { $next }
   *[no] {""}
}.
jr-value-sex-m = м
jr-value-sex-w = ж
jr-value-sex-f = ж
jr-value-preset-detsky-mat = детский турнир
jr-value-preset-fide = ФИДЕ
jr-arg = { $key ->
    [round] тур
    [board] доска
    [result] результат
    [player] участник
    [players] участники
    [from_round] с тура
    [reason] причина
    [name] имя
    [rating] рейтинг
    [title] звание
    [federation] федерация
    [sex] пол
    [birth_date] дата рождения
    [grade] класс
    [no_grade] класс убран
    [club] школа/клуб
    [fide_id] FIDE ID
    [incidents] происшествий
    [mode] режим
    [note] примечание
    [games] партии
    [game] партия
    [bye] пропуск
    [kind] вид
    [preset] правила
    [rounds] туров
    [file] файл
    [file_name] файл
    [trf] файл TRF
    [correct] исправление
    [confirm] подтверждено
    [force] принудительно
    [from] из файла
    [verdict] вердикт
    [decide] решение
    [override_reason] причина другого результата
    [confirm_disqualification] дисквалификация подтверждена
    [with_duplicates] с повторами
    [unrated] без рейтинга
    [add] добавлена категория
    [remove] удалена категория
    [prizes_per_player] призов на участника
    [chief_arbiter] главный судья
    [deputy_arbiter] заместитель главного судьи
    [date] дата
    [start_date] первый день
    [end_date] последний день
    [venue] место
    [a] участник
    [b] участник
    [serialnr] электронная доска
    [entry] запись
    [action] изменение
    [grades] классы
    [born] годы рождения
    [age] возраст
    [age_on] возраст на дату
    [prizes] призовых мест
    [old] категория
    [playout_minutes] доигрывание, минут
    [playout_offer_percent] доигрывание предлагать с доли партий, %
    [choice] решение судьи
    [lots_seed] зерно жребия
    [fen] позиция (FEN)
    [index] номер
    [incident] происшествие
    [rest] остальные участники
    [group] группа
    [to] в группу
   *[other] поле формы
}

## Отчёт организатору (/report)
web-nav-report = Отчёт
report-title = Отчёт организатору
report-dates = Сроки
report-venue = Место
report-chief = Главный судья
report-deputy = Заместитель главного судьи
report-players = Участников
report-rounds = Сыграно туров
report-participants = Участники по категориям
report-count = { $n } { $n ->
    [one] участник
    [few] участника
   *[many] участников
}
report-crosstable = Турнирная таблица
report-prizes = Призёры
report-place = Место
report-incidents = Происшествия
report-what = Что
report-how-many = Сколько
report-articles = Статьи
report-cases = Где
report-in-round = с { $round }-го тура
report-board = тур { $round }, доска { $board }
report-noticed = замечено судьёй
report-withdrawals = Выбыли из турнира
report-disqualifications = Дисквалифицированы
report-cheating = Доказанные случаи нечестной игры
report-illegal = Невозможные ходы (электронные доски)
report-touch = Тронул — ходи (электронные доски)
report-judged = Результаты по проверке записи партии
report-contradicted = Заявленные результаты, которые противоречат позиции
report-adjudicated = Присуждённые партии
report-forfeits = Неявки (партия не игралась)
report-replaced = Исправленные вручную результаты
report-corrections = Исправленные результаты, с примечанием судьи
report-trf = Файл для обсчёта рейтинга (формат TRF ФИДЕ):
report-trf-link = скачать (event.trf)
## Режим FIDE на пульте
web-fide-title = Режим FIDE
web-fide-off = Режим FIDE выключен. В режиме FIDE (Руководство FIDE, C.02) после жеребьёвки тура результат прошедшего тура меняется только с пометкой судьи, и пометка сохраняется.
web-fide-turn-on = Включить режим FIDE
web-fide-on = Режим FIDE включён: результат прошедшего тура меняется только с пометкой судьи, она сохраняется в записи турнира и в отчёте.
web-fide-leave-warning = Выход из режима FIDE окончателен: включить его снова нельзя, а в TRF будет записано «FIDE mode left after round { $round }».
web-fide-leave-confirm = Понимаю, что выход окончателен
web-fide-leave = Выйти из режима FIDE
web-fide-left = Из режима FIDE вышли { $round ->
    [0] до 1-го тура
   *[other] после { $round }-го тура
}. Включить его снова нельзя; в TRF это записано.
web-error-fide-leave-confirm = Чтобы выйти из режима FIDE, отметьте подтверждение: выход окончателен, включить режим снова нельзя.
web-error-fide-mode = Выберите, включить режим FIDE или выйти из него.
web-fide-note = Пометка (почему меняется результат)
web-fide-note-required = Пометка (почему меняется результат; в режиме FIDE обязательна)
web-fide-notes-title = Результаты, исправленные с пометкой
web-fide-note-line = Доска { $board }: { $from } → { $to } — { $note }
## Категории на пульте
cat-form-title = Изменить категории
cat-form-help = В категорию входят участники, для которых выполнены все заданные условия: классы «1–2», девочки, годы рождения «2016–2017», возраст «7–8» на дату, рейтинг «0–1199». Пустое поле — без условия.
cat-form-name = Название
cat-form-grades = Классы
cat-form-sex = Пол
cat-form-sex-any = любой
cat-form-born = Годы рождения
cat-form-age = Возраст (полных лет)
cat-form-age-on = на дату
cat-form-rating = Рейтинг
cat-form-prizes = Призовых мест
cat-form-edit = Изменить «{ $name }»…
cat-form-save = Сохранить
cat-form-delete = Удалить категорию
cat-form-delete-confirm = Подтверждаю удаление категории
cat-form-add = Добавить категорию
cat-form-add-button = Добавить категорию
cat-form-settings = Призы в нескольких категориях
web-cat-none = Категорий пока нет: добавьте их ниже.
web-error-cat-range = { $field }: «{ $value }» — не диапазон; напишите так: 1–2, или одно число.
web-error-cat-sex = Выберите пол из списка: девочки, мальчики или любой.
web-error-cat-delete-confirm = Чтобы удалить категорию, отметьте подтверждение.
web-error-cat-prizes-per-player = Выберите, получает ли участник приз только в одной категории или в нескольких.
## Отчёт организатору файлом
report-trf-standalone = Файл для обсчёта рейтинга (формат TRF ФИДЕ): команда arbiter tournament export или ссылка в отчёте на пульте.
report-written = Отчёт организатору записан в { $file } (откройте в браузере и напечатайте на A4).

board-export-none = { $file }: у доски { $board } тура { $round } нет записи в турнире{ $n ->
    [0] : записей досок нет (живой зал записывает доски, за которыми следит)
   *[other] ; доски с записью (тур/доска, строк): { $boards }
}

## The adjudication in words (the desk's page, adjudicate::words)
material-piece = { $role ->
    [queen] { $n ->
        [1] ферзь
        [2] два ферзя
        [3] три ферзя
        [4] четыре ферзя
       *[other] { $n } ферзей
    }
    [rook] { $n ->
        [1] ладья
        [2] две ладьи
        [3] три ладьи
        [4] четыре ладьи
       *[other] { $n } ладей
    }
    [bishop] { $n ->
        [1] слон
        [2] два слона
        [3] три слона
        [4] четыре слона
       *[other] { $n } слонов
    }
    [knight] { $n ->
        [1] конь
        [2] два коня
        [3] три коня
        [4] четыре коня
       *[other] { $n } коней
    }
   *[pawn] { $n ->
        [1] пешка
        [2] две пешки
        [3] три пешки
        [4] четыре пешки
        [5] пять пешек
        [6] шесть пешек
        [7] семь пешек
        [8] восемь пешек
       *[other] { $n } пешек
    }
}
material-only-king = только король
material-list = { $list } и { $last }
material-both = у белых { $white }, у чёрных { $black }
adj-words-after-exchanges = после разменов { $line }: { $material }
adj-words-to-move = { $side ->
    [white] ход белых
   *[black] ход чёрных
}
adj-rule-name = { $rule ->
    [1] окончена ли партия по правилам (мат, пат, повторение, 75 ходов)
    [2] мёртвая ли позиция
    [3] эндшпильные таблицы
    [4] форсированный мат
    [5] известная ничейная позиция
    [6] размены, которые нельзя не сделать
    [7] перевес против одинокого короля или короля с пешками
    [8] перевес в материале
   *[other] оценка шахматной программы
}

## arbiter replay's summary (batch::report::Summary::render_in)
rs-file = файл
rs-games = партий
rs-mb = МБ
rs-status = состояние
rs-read = прочитан
rs-total = всего
rs-judged = проверено
rs-plies = проверено полуходов
rs-variants = неподдерживаемые варианты шахмат (не проверены)
rs-with-discrepancies = партий с расхождениями
rs-game-errors = нечитаемых партий (ошибки)
rs-file-errors = нечитаемых файлов (ошибки)
rs-result = результат
rs-reason = причина
rs-discrepancy = расхождение (партий)
rs-variant = неподдерживаемый вариант { $variant } (не проверен)
rs-discrepancies = расхождения
rs-errors = ошибки
rs-listed = { $title } (первые { $shown } из { $total } партий; --format jsonl перечисляет все):
rs-footer = партий: { $games }, полуходов: { $plies }, { $mb } МБ за { $seconds } с, потоков: { $threads }; { $gps } партий/с, { $mbps } МБ/с
rs-done = партий: { $games } (проверено { $judged }, с расхождениями { $discrepancies }, ошибок { $errors }) за { $seconds } с
rs-game-error = { $file }: партия { $index } (байт { $byte }), { $game }
rs-more-errors = остальные ошибки партий не показаны (см. вывод)

## Трансляция на lichess (arbiter serve --broadcast-round)
web-broadcast-title = Трансляция на lichess
web-broadcast-off = Стол судьи ничего не транслирует на lichess (запуск с --broadcast-round ID_ТУРА).
web-broadcast-no-token = Тур lichess { $id }: токена ещё нет — вставьте его ниже (токен API lichess с правом study:write).
web-broadcast-unreachable = Тур lichess { $id }: нет связи с { $since }; последние партии уйдут, как только lichess ответит.
web-broadcast-refused = Тур lichess { $id }: lichess не принял партии (ответ lichess: { $reason }); повтор каждые несколько секунд. Проверьте токен (право study:write, вставляется на первой странице стола судьи) и номер тура.
web-broadcast-no-round = Тур lichess { $id }: ждём жеребьёвки тура.
web-broadcast-pending = Тур lichess { $id }: отправляется { $round }-й тур…
web-broadcast-sent = Тур lichess { $id }: { $round }-й тур принят в { $time }.
web-broadcast-board-moves = lichess: принято, ходов: { $moves }
web-broadcast-board-error = lichess: ошибка — { $error }
web-broadcast-token-kept = Токен lichess сохранён в турнире (больше не показывается).
web-broadcast-token-none = Токен lichess не сохранён.
web-broadcast-token-label = Токен lichess:
web-broadcast-token-save = Сохранить токен
web-broadcast-token-remove = Удалить токен
web-broadcast-token-bad = Токен пустой или не похож на токен lichess (буквы, цифры и знаки, без пробелов).
## Таблица, призёры и статический сайт публичной страницы (arbiter tournament publish)
public-nav-prizes = Призёры
public-prizes-title = Призёры по категориям
public-prizes-none = Категорий с призами пока нет.
public-col-place = Место
public-grade = { $grade } класс
web-event-public-school-grade = Показывать школу и класс ребёнка на публичной странице (положение и призёры)
publish-written = Страницы для родителей записаны в { $dir }: файлов { $files } (удалено: { $removed }); откройте { $index } в браузере или выложите папку на сайт.
publish-error-page = страница { $path } публичного вида не получилась (статус { $status })
## Перевод ребёнка в другую группу со страницы участников (форма «Изменить участника»)
web-move-player = Перевести участника № { $player } в другую группу
web-move-to = В группу
web-move-button = Перевести в группу
web-move-hint = Стартовые списки обеих групп будут упорядочены заново; в новой группе у участника будет другой номер.
web-move-frozen = Перевести участника в другую группу можно только до жеребьёвки 1-го тура в обеих группах.

## Журнал: слова для изменений и полей, которых нет в jr-action и jr-arg
jr-action-group-add = добавлена группа
jr-action-group-rename = группа переименована
jr-action-group-move = участник переведён в другую группу
jr-action-tie-breaks = дополнительные показатели изменены
jr-action-acceleration = ускорение жеребьёвки изменено
jr-action-save = турнир сохранён
jr-action-live-settings = настройки электронных досок изменены
jr-arg-tie-break-place = дополнительный показатель { $n }
jr-arg-tie_breaks = дополнительные показатели
jr-arg-tie_break_edition = правила дополнительных показателей
jr-arg-edition = правила дополнительных показателей
jr-arg-system = система
jr-arg-group_name = название группы
jr-arg-group_rounds = туров в группе
jr-arg-group_system = система группы
jr-arg-first_name = название нынешней группы
jr-arg-first = название нынешней группы
jr-arg-to = в группу
jr-arg-public_school_grade = школа и класс на публичной странице
jr-arg-public_delay_minutes = задержка ходов для зрителей, минут
jr-arg-duplicate = повтор подтверждён
jr-arg-group_by_grade = группы по классам
jr-arg-method = ускорение
jr-value-mode-on = включён
jr-value-mode-off = выключен
jr-value-method-baku = бакинская система
jr-value-method-none = без ускорения

## Ошибки пульта и API на языке запроса
web-error-server-failed = Сбой в самой программе пульта; изменения не сделаны. Подробности для того, кто будет разбираться: { $detail }
room-error-no-eboard = Электронная доска { $serial } не известна: она ни разу не выходила на связь.
room-error-not-followed = На доске { $board } { $round }-го тура нет электронной доски.
room-error-no-incident = На этой доске нет нарушения № { $incident } (или оно уже разобрано).
room-error-no-gap = На этой доске нет разрыва записи № { $incident } (или он уже разобран).

## Проверки ввода: номер тура, дата рождения, число туров, параметр best, не текстовый список
expect-round = туры нумеруются с 1: нужен номер тура 1, 2, 3…, а указано { $found }
birth-date-future = Дата рождения «{ $date }» ещё не наступила: проверьте год.
expect-birth-date-past = дата рождения ещё не наступила (проверьте год): указано { $found }
pl-birth-date-future = дата рождения «{ $value }» ещё не наступила: проверьте год
event-problem-too-many-rounds = { $rounds } туров — больше { $max }: в группе от 1 до { $max } туров
web-error-team-best = Параметр best (сколько детей от школы считать) — «{ $value }»: нужно число от 1 до { $max }.
pl-error-not-text = { $file }: это не текстовая таблица (список, сохранённый как CSV или текст); сохраните список из Excel как CSV и загрузите этот файл

## Электронные доски: доска названа с туром и группой
web-live-place = тур { $round }, доска { $board }
web-live-place-group = группа «{ $group }», тур { $round }, доска { $board }
web-live-taken-at = { $place }: там уже стоит э-доска { $serial }.
web-live-finished-at = { $place }: у этой доски уже есть результат, следить на ней не за чем.

## Круговой турнир: очко за партию с выбывшим
pairings-place-table-point = без игры: соперник по таблице выбыл (1 очко)
