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

## Стол судьи (arbiter serve)
web-nav-event = Турнир
web-nav-players = Участники
web-nav-round = { $round } тур
web-nav-standings = Положение
web-nav-crosstable = Таблица
web-event-title = Турнир
web-players-title = Участники
web-round-title = Тур { $round }
web-standings-title = Положение
web-crosstable-title = Турнирная таблица
web-standings-after = положение после { $round }-го тура
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
web-verdict-replaces = У доски уже есть результат: подтверждение его заменит.
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
web-error-token = Для изменений нужен ключ доступа: откройте адрес, который напечатал arbiter serve (с ?token=).
web-error-has-result = У { $board }-й доски { $round }-го тура уже есть результат. Чтобы изменить его, нажмите «Исправить…» и подтвердите.
web-error-unfinished = Тур { $round } не закончен: не хватает результатов: { $missing }.
web-error-no-round = Жеребьёвки { $round }-го тура ещё не было.
web-error-no-board = В { $round }-м туре нет доски { $board }.
web-error-not-found = Такой страницы нет.
web-error-no-name = Укажите фамилию и имя участника.
web-error-no-result = Выберите результат.
web-error-confirm = Чтобы исправить результат, отметьте подтверждение.
web-error-no-file = Выберите файл протокола.
web-error-no-fen = Укажите позицию в FEN.
web-error-refused = Отказано: { $reason }
web-edit = изменить
web-edit-player = Изменить участника № { $player }
web-save = Сохранить
web-error-unknown-player = Участника с номером { $player } нет.
web-error-unfinished-game = { $round }-й тур, доска { $board }: партия не закончена; сначала присудите результат по позиции (п. 4.3).
web-error-not-in-event = Участник № { $player } выбыл к { $round }-му туру (п. 1.4, 2.2): ни результата, ни пары для него.
web-error-already-out = Участник № { $player } уже выбыл с { $round }-го тура.
web-error-game-after = У участника № { $player } есть партия в { $round }-м туре: оформите выбытие с { $next }-го тура или сначала внесите результат этой партии.
web-error-invalid-player = Участник «{ $name }»: { $problem }.
web-error-all-paired = Все туры ({ $total }) уже разыграны: следующего тура нет.
web-error-pairing = Жеребьёвка { $round }-го тура невозможна: { $reason }
web-error-verdict-players = Протокол — партия { $verdict }, а на доске { $board } играют { $players }: выберите нужную доску.
web-error-verdict-disagrees = Заявленный результат { $reported } расходится с позицией на доске ({ $discrepancies }; п. 4.2): выберите результат ниже.
web-error-forbid-same = Для запрещённой пары нужны два разных участника.
