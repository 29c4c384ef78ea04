"""End-to-end test of `arbiter serve` in headless Chromium, run by .ci/run.

A whole 23-player, 4-round children's Swiss (siblings kept apart), driven through the pages only, in Russian:
register the players (and one forbidden pair), pair every round by the button, enter every
result by clicking, upload one board's event log and confirm the judge's verdict (round 2: the
players' 1-0 clicked first; the confirmation names it and says the log contradicts it; the
board's history, the report's CR 4.2 row and the journal keep it), adjudicate one expired
play-out from the last position of its uploaded unfinished record, no FEN typed (round 3: the
diagram, the basis and the material in words, no internal label), a stale entry from the first
window on a board the second entered (refused naming the 0 – 1 recorded; the same result sent
again is simply done), correct one result with
its confirmation box (round 4), open the print sheet; then the standings page must equal
`arbiter tournament standings --format json` on the same state file, and the pairings page
must not scroll sideways at 800 px. Screenshots (Russian) of the pairings page, the print
sheet and the standings go to docs/screenshots/. Also: the players' reported 1-0 contradicted by
the log, the judge's 0-1 the default and recorded; two browser sessions entering different
boards of the same round both recorded; F5 after pairing pairs nothing; no phrase of
locales/en/arbiter.ftl on any Russian page; screenshots of the verdict, adjudication and round
pages at 1280 and 390 px. Also the event set up on its page (venue, chief arbiter), a player
registered by mistake deleted before round 1, the manual pairing page checked (not recorded)
before round 4, the standings CSV linked, and the event, round 1 and manual pairing pages not
scrolling sideways at 390 px; the standings at 390 px with every row's points on the screen.
Every page says its language (`<html lang="ru">`, `lang="en"`
in English). Last, the journal page lists every change (the desk's with the
browser's address) and its "Undo the last change" undoes the last one as a new entry.

    python3 tests/web/desk_e2e.py [--arbiter target/debug/arbiter] [--screenshots docs/screenshots]

Needs Debian's `chromium` and `chromium-driver` and Python's `selenium`. Without chromium it
prints a notice and exits 0, except under CI (CI=true), where it fails. Prints
`N passed, M failed` and exits 1 on any failure.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# 23 children (an odd number: a bye every round): name, rating (0 = unrated), birth date, club.
PLAYERS = [
    ("Иванова Анна", 1450, "2014/03/12", "Ладья"),
    ("Петров Пётр", 1420, "2013/11/02", "Ладья"),
    ("Сидоров Илья", 1390, "2014/07/21", "Гамбит"),
    ("Кузнецова Мария", 1360, "2015/01/30", "Гамбит"),
    ("Смирнов Артём", 1330, "2014/05/05", "Ферзь"),
    ("Попова Варвара", 1300, "2015/09/14", "Ферзь"),
    ("Волков Даниил", 1270, "2013/12/25", "Ладья"),
    ("Соколова Ева", 1240, "2015/04/18", ""),
    ("Лебедев Марк", 1210, "2014/10/10", "Гамбит"),
    ("Козлова Алиса", 1180, "2016/02/02", ""),
    ("Новиков Лев", 1150, "2015/06/06", "Ферзь"),
    ("Морозова Полина", 1120, "2016/08/08", ""),
    ("Фёдоров Тимур", 0, "2016/03/03", "Ладья"),
    ("Орлова Софья", 0, "2016/11/11", ""),
    ("Ёлкин Фёдор", 0, "2015/12/12", "Гамбит"),
    ("Белова Ксения", 1100, "2015/05/15", "Ладья"),
    ("Белов Роман", 1090, "2016/07/07", "Ладья"),
    ("Григорьева Вероника", 1080, "2014/09/09", ""),
    ("Тарасов Глеб", 1070, "2015/02/20", "Ферзь"),
    ("Заречная-Преображенская Анастасия", 1060, "2016/01/01", ""),
    ("Яковлев Семён", 1050, "2014/12/01", "Гамбит"),
    ("Степанова Ульяна", 1040, "2015/10/10", ""),
    ("Никитин Егор", 0, "2016/06/16", "Ферзь"),
]

# A late entry, registered after round 1 (plays from round 2), and a withdrawal before round 3.
LATE = ("Поздняков Артём", 1000, "2015/03/03", "Гамбит")
WITHDRAWN = "Волков Даниил"

# Siblings kept apart (a forbidden pair): their numbers in the list above, from 1.
SIBLINGS = ("Белова Ксения", "Белов Роман")


def english_phrases():
    """The English locale's longer fixed phrases (placeables cut out): none may show on a
    Russian page."""
    phrases = set()
    with open(os.path.join(ROOT, "locales/en/arbiter.ftl"), encoding="utf-8") as f:
        for line in f:
            if line.startswith(("#", " ", "\t")) or " = " not in line:
                continue
            value = line.split(" = ", 1)[1].strip()
            for part in __import__("re").split(r"\{[^}]*\}", value):
                part = part.strip(" :;,.()\"'—-")
                if len(part) >= 14 and sum(ch.isalpha() for ch in part) >= 10:
                    phrases.add(part)
    return sorted(phrases)


def locale_words(lang):
    """The words of a locale's messages (placeables and selector keys cut out), lower case."""
    words = set()
    re = __import__("re")
    with open(os.path.join(ROOT, f"locales/{lang}/arbiter.ftl"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            value = line.split(" = ", 1)[1] if " = " in line else line
            value = re.sub(r"\{[^}]*\}|\[[a-z_-]+\]", " ", value)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", value))
    return words


def english_words():
    """Words of the English locale that the Russian one never uses (`arbiter`, `TRF`, `CSV`
    are in both): none may show on a Russian page."""
    return locale_words("en") - locale_words("ru")

# Results clicked, by (round + board) in turn; the first three are the usual ones.
CYCLE = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1-0", "+-"]

# CR 3.3 (fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl): White's two counted illegal
# moves lose; Black can mate, so 0-1. The header names the board's players.
LOG_EVENTS = [
    {"type": "move", "uci": "e2e4"},
    {"type": "move", "uci": "e7e5"},
    {"type": "move", "uci": "f1f4"},
    {"type": "claim", "by": "black", "claim": "illegal_move"},
    {"type": "move", "uci": "g1f3"},
    {"type": "move", "uci": "b8c6"},
    {"type": "move", "uci": "f3f5"},
    {"type": "notice", "notice": "illegal_move"},
    # The players reported 1-0 (White's resignation, they said): the record contradicts it.
    {"type": "result", "result": "1-0", "reason": "resignation"},
]

# A play-out that expired with White a rook up against the lone king: 1-0 (CR 4.3).
PLAYOUT_FEN = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAILED: {what}", flush=True)


def find_browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return chromium, driver


def api_get(url, path):
    """The desk's JSON answer to a GET (no token needed for reading)."""
    with urllib.request.urlopen(url + path, timeout=10) as r:
        return json.loads(r.read().decode("utf-8"))


def start_server(arbiter, state, extra=()):
    proc = subprocess.Popen(
        [arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise SystemExit(f"arbiter serve did not start: {line!r} {proc.stderr.read()}")
    url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")  # the first address, in either language
    return proc, url


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/debug/arbiter"))
    ap.add_argument("--screenshots", default=os.path.join(ROOT, "docs/screenshots"))
    args = ap.parse_args()

    chromium, driver_path = find_browser()
    if not chromium or not driver_path:
        if os.environ.get("CI"):
            print("FAILED: chromium and chromedriver are required in CI (apt-get install chromium chromium-driver)")
            return 1
        print("notice: chromium or chromedriver not found: the browser test is skipped (CI runs it)")
        return 0
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    work = tempfile.mkdtemp(prefix="arbiter-e2e-")
    state = os.path.join(work, "event.arbiter")
    subprocess.run(
        [args.arbiter, "tournament", "new", state, "--name", "Детский мат — осень", "--rounds", "4"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    server, url = start_server(args.arbiter, state)

    def exported():
        """The event as `tournament export --format json` writes it (the state file's schema)."""
        out = subprocess.run([args.arbiter, "tournament", "export", state, "--format", "json"],
                             check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--window-size=1100,1000", "--lang=ru"]:
        opts.add_argument(a)
    browser = webdriver.Chrome(service=Service(driver_path), options=opts)
    browser.implicitly_wait(0)
    c = Checks()
    css = By.CSS_SELECTOR

    def go(path):
        browser.get(url + path)

    def navigated(action):
        """Runs `action` (a click that submits a form) and waits for the next page."""
        browser.execute_script("window.__arbiterOld = true;")

        def loaded(b):
            try:
                return b.execute_script(
                    "return window.__arbiterOld === undefined && document.readyState === 'complete'")
            except Exception:  # the page is changing under the script
                return False

        action()
        WebDriverWait(browser, 20).until(loaded)

    def click(selector):
        navigated(lambda: browser.find_element(css, selector).click())

    def no_error(what):
        errs = browser.find_elements(css, "#error")
        c.check(not errs, f"{what}: {errs[0].text if errs else ''}")
        no_english(what)

    english = english_phrases()
    english_only = english_words()

    def no_english(what, driver=None):
        """No phrase of the English locale on a Russian page (its visible text), and no word
        only the English locale uses."""
        d = driver or browser
        if d.find_element(css, "html").get_attribute("lang") != "ru":
            return
        text = d.find_element(css, "body").text
        found = [p for p in english if p in text]
        re = __import__("re")
        # Addresses (/players/edit) and file names (list.csv) are the user's or the program's
        # names, acronyms (WIN, BH) FIDE's: not words of a language.
        plain = re.sub(r"\S*/\S*|\S+\.[A-Za-z]{2,4}\b", " ", text)
        words = sorted({w for w in re.findall(r"[A-Za-z]{3,}", plain)
                        if w.lower() in english_only and not w.isupper()})
        c.check(not found and not words,
                f"{what}: English on a Russian page: {found[:3]} {words[:8]}")

    def shoot(name):
        os.makedirs(args.screenshots, exist_ok=True)
        size = browser.get_window_size()
        for width in (1280, 390):
            browser.set_window_size(width, 1000)
            browser.save_screenshot(os.path.join(args.screenshots, f"{name}-{width}.png"))
        browser.set_window_size(size["width"], size["height"])

    def sideways(width):
        """How far the page scrolls sideways at `width` px (0: not at all)."""
        size = browser.get_window_size()
        browser.set_window_size(width, 1000)
        wide = browser.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        browser.set_window_size(size["width"], size["height"])
        return wide

    try:
        # The event set up on its page: venue and chief arbiter, shown on the event page.
        go("/event?lang=ru")
        form = browser.find_element(css, "#event-form")
        form.find_element(css, "input[name=venue]").send_keys("Школа № 5")
        form.find_element(css, "input[name=chief_arbiter]").send_keys("Орлов Николай")
        click("#save-event")
        no_error("save the event's settings")
        go("/?lang=ru")
        c.check("Орлов Николай" in browser.find_element(css, "#event-chief").text, "the chief arbiter shown")
        c.check(sideways(390) <= 0, "event page at 390 px scrolls sideways")
        # A player registered by mistake, deleted before round 1.
        go("/players?lang=ru")
        browser.find_element(css, "#register input[name=name]").send_keys("Ошибочный Участник")
        click("#add-player")
        no_error("register by mistake")
        link = [a for a in browser.find_elements(css, "#players a") if "Ошибочный" in
                a.find_element(By.XPATH, "../..").text][0]
        navigated(link.click)
        browser.find_element(css, "#delete-confirm").click()
        click("#delete-player")
        no_error("delete the player registered by mistake")
        c.check("Ошибочный" not in browser.find_element(css, "#players").text, "the mistaken player deleted")
        # Register the players through the form.
        for name, rating, born, club in PLAYERS:
            go("/players?lang=ru")
            form = browser.find_element(css, "#register")
            form.find_element(css, "input[name=name]").send_keys(name)
            if rating:
                form.find_element(css, "input[name=rating]").send_keys(str(rating))
            form.find_element(css, "input[name=birth_date]").send_keys(born)
            if club:
                form.find_element(css, "input[name=club]").send_keys(club)
            click("#add-player")
            no_error(f"register {name}")
        rows = browser.find_elements(css, "#players tr")
        c.check(len(rows) == len(PLAYERS) + 1, f"{len(PLAYERS)} players listed, found {len(rows) - 1}")
        # The siblings must not meet.
        go("/players?lang=ru")
        forbid = browser.find_element(css, "form[action='/players/forbid']")
        for select, name in zip(forbid.find_elements(css, "select"), SIBLINGS):
            for o in select.find_elements(css, "option"):
                if name in o.text:
                    o.click()
        navigated(lambda: forbid.find_element(css, "button").click())
        no_error("forbid the siblings")
        c.check(browser.find_element(css, "html").get_attribute("lang") == "ru", "<html lang=ru>")

        active = len(PLAYERS)
        for rnd in range(1, 5):
            if rnd == 2:
                # A late entry after round 1: registered through the same form, paired from round 2.
                go("/players?lang=ru")
                form = browser.find_element(css, "#register")
                name, rating, born, club = LATE
                form.find_element(css, "input[name=name]").send_keys(name)
                form.find_element(css, "input[name=rating]").send_keys(str(rating))
                form.find_element(css, "input[name=birth_date]").send_keys(born)
                form.find_element(css, "input[name=club]").send_keys(club)
                click("#add-player")
                no_error("the late entry")
                c.check(name in browser.find_element(css, "#players").text, "the late entry listed")
                active += 1
            if rnd == 3:
                # A withdrawal before round 3: not paired from then on, marked on the players page.
                go("/players?lang=ru")
                withdraw = browser.find_element(css, "form[action='/players/withdraw']")
                for o in withdraw.find_elements(css, "select[name=player] option"):
                    if WITHDRAWN in o.text:
                        o.click()
                field = withdraw.find_element(css, "input[name=from_round]")
                field.clear()
                field.send_keys("3")
                navigated(lambda: withdraw.find_element(css, "button").click())
                no_error("the withdrawal")
                go("/players?lang=ru")
                row = [tr for tr in browser.find_elements(css, "#players tr") if WITHDRAWN in tr.text]
                c.check(bool(row) and "выбыл с 3-го тура" in row[0].text,
                        f"the withdrawal shown: {row[0].text if row else 'no row'}")
                active -= 1
            if rnd == 4:
                # The manual pairing page: one board set by hand, the rest by the pairer, the
                # checks shown; not recorded (the round is then paired by the button).
                go("/?lang=ru")
                click("#pair-manual")
                no_error("the manual pairing page")
                browser.find_element(css, "#w1 option:nth-child(2)").click()
                browser.find_element(css, "#b1 option:nth-child(3)").click()
                click("#manual-check")
                no_error("check a manual pairing")
                shown = browser.find_elements(css, "#manual-boards tr[id^=manual-board-]")
                c.check(len(shown) == active // 2, f"manual pairing completed: {len(shown)} boards")
                c.check(bool(browser.find_elements(css, "#manual-ok, #manual-issues")), "the checks shown")
                c.check(sideways(390) <= 0, "manual pairing page at 390 px scrolls sideways")
                saved = exported()["rounds"]
                c.check(len([r for r in saved if r.get("games")]) == 3, "checking records nothing")
            go("/?lang=ru")
            click("#pair-next")
            no_error(f"pair round {rnd}")
            c.check(f"Тур {rnd}" in browser.find_element(css, "h1").text, f"round {rnd} page")
            c.check(bool(browser.find_elements(css, "#explanation")), f"round {rnd}: the pairer's explanation")
            boards = len(browser.find_elements(css, "#pairings tr[id^=board-]"))
            c.check(boards == active // 2, f"round {rnd}: {active // 2} boards, found {boards}")
            paired = browser.find_element(css, "#pairings").text
            if rnd >= 2:
                bye = " ".join(e.text for e in browser.find_elements(css, "#bye"))
                c.check(LATE[0] in paired or LATE[0] in bye, f"round {rnd}: the late entry paired")
            if rnd >= 3:
                c.check(WITHDRAWN not in paired, f"round {rnd}: the withdrawn player not paired")
            c.check("/rounds/" in browser.current_url and "saved=1" in browser.current_url,
                    f"round {rnd}: the address is the round's after pairing: {browser.current_url}")
            # F5 does not pair again (the round's page is a GET after the redirect).
            browser.refresh()
            c.check(not browser.find_elements(css, "#error"), f"round {rnd}: reload shows no error")
            c.check(f"Тур {rnd}" in browser.find_element(css, "h1").text, f"round {rnd}: reload stays")
            sib = SIBLINGS
            for tr in browser.find_elements(css, "#pairings tr[id^=board-]"):
                c.check(not all(x in tr.text for x in sib), f"round {rnd}: the siblings paired: {tr.text}")
            if rnd == 1:
                # Two devices: a second browser session opens the round before the first enters a
                # result; each then enters another board, and both are recorded.
                other = webdriver.Chrome(service=Service(driver_path), options=opts)
                try:
                    other.get(url + "/rounds/1?lang=ru")
                    browser.find_element(css, '#board-1 form.res button[value="1-0"]')
                    navigated(lambda: browser.find_element(css, '#board-1 form.res button[value="1-0"]').click())
                    no_error("device 1: board 1")
                    other.execute_script("window.__old = true;")
                    other.find_element(css, '#board-2 form.res button[value="0-1"]').click()
                    WebDriverWait(other, 20).until(lambda b: b.execute_script(
                        "return window.__old === undefined && document.readyState === 'complete'"))
                    errs = other.find_elements(css, "#error")
                    c.check(not errs, f"device 2: board 2 after device 1's board 1: {errs[0].text if errs else ''}")
                    c.check("#board-2" in other.current_url, f"device 2 back at its board: {other.current_url}")
                    saved = {g["board"]: g.get("result") for g in
                             exported()["rounds"][0]["games"]}
                    c.check(saved.get(1) == "white_wins" and saved.get(2) == "black_wins", f"both devices' results saved: {saved}")
                    # Device 1's page still shows board 2 empty: its click there is stale. The
                    # refusal names the board and the 0 – 1 device 2 entered, and invites no
                    # second entry; the same 0 – 1 sent from the stale page is simply done.
                    stale_version = browser.find_element(
                        css, '#board-2 form.res input[name=version]').get_attribute("value")
                    navigated(lambda: browser.find_element(css, '#board-2 form.res button[value="1-0"]').click())
                    err = browser.find_element(css, "#error").text
                    c.check("Тур 1, доска 2" in err and "записан результат 0 – 1" in err
                            and "повторите" not in err, f"the stale entry names what is recorded: {err}")
                    c.check(browser.find_element(css, "#back").text == "К доске 2",
                            "the stale refusal leads to the board")
                    shoot("stale-ru")
                    go("/rounds/1?lang=ru")
                    navigated(lambda: browser.execute_script(
                        "const f=document.createElement('form');f.method='post';f.action='/rounds/1/result';"
                        "const key=document.querySelector('input[name=csrf]').value;"
                        "for (const [k,v] of [['board','2'],['result','0-1'],['lang','ru'],['version',arguments[0]],['csrf',key]]) {"
                        "const i=document.createElement('input');i.name=k;i.value=v;f.appendChild(i);}"
                        "document.body.appendChild(f);f.submit();", stale_version))
                    c.check(bool(browser.find_elements(css, "#note-same-result")),
                            f"the same result again is done: {browser.current_url}")
                finally:
                    other.quit()
                browser.refresh()
            if active % 2:
                c.check("Без пары" in browser.find_element(css, "#bye").text, f"round {rnd}: the bye")
            else:
                c.check(not browser.find_elements(css, "#bye"), f"round {rnd}: {active} players, no bye")
            if rnd == 1:
                for width in (800, 390):
                    wide = sideways(width)
                    c.check(wide <= 0, f"pairings page at {width} px scrolls sideways by {wide} px")
            for board in range(1, boards + 1):
                if rnd == 1 and board <= 2:
                    continue  # entered by the two devices above
                if rnd == 2 and board == 1:
                    # An incident: the board's event log, judged and confirmed.
                    row = browser.find_element(css, "#board-1")
                    cells = row.find_elements(css, "td")
                    white = cells[1].text.split(". ", 1)[1].rsplit(" (", 1)[0]
                    black = cells[2].text.split(". ", 1)[1].rsplit(" (", 1)[0]
                    log = os.path.join(work, "board1.jsonl")
                    with open(log, "w", encoding="utf-8") as f:
                        header = {"type": "header", "white": white, "black": black,
                                  "event": "e2e", "round": "2", "board": "1", "rules": "detsky-mat"}
                        for e in [header] + LOG_EVENTS:
                            f.write(json.dumps(e, ensure_ascii=False) + "\n")
                    # The players' 1-0 is clicked first; the log then overturns it (CR 4.2).
                    click('#board-1 form.res button[value="1-0"]')
                    no_error("the players' 1-0 clicked")
                    form = browser.find_element(css, "#judge-form")
                    form.find_element(css, "input[name=log]").send_keys(log)
                    click("#judge")
                    no_error("judge the log")
                    recorded = browser.find_element(css, "#recorded").text
                    c.check("записан результат 1 – 0" in recorded and "противоречит" in recorded,
                            f"the confirmation names the clicked 1-0 the log contradicts: {recorded}")
                    summary = browser.find_element(css, "#verdict-summary").text
                    c.check("0-1" in summary and "3.3" in summary, f"verdict with its reasons: {summary[:200]}")
                    c.check("0 – 1" in browser.find_element(css, "#judge-result").text, "the judge's result")
                    c.check(browser.find_element(css, "#choice-decided").is_selected(), "the judge's result is the default")
                    c.check(bool(browser.find_elements(css, "#disagrees")), "the players' 1-0 contradicted, said")
                    shoot("verdict-ru")
                    click("#confirm")
                    no_error("confirm the verdict")
                    saved = exported()["rounds"][1]["games"][0]
                    c.check(saved.get("result") == "black_wins", f"the judge's 0-1 recorded, not the players' 1-0: {saved}")
                    c.check("по решению судьи" in browser.find_element(css, "#decided-1").text,
                            "the round page marks the board decided by the judge")
                    history = browser.find_element(css, "#history-1").text
                    c.check("Был записан 1 – 0" in history and "противоречила" in history,
                            f"the board's history keeps the clicked 1-0: {history}")
                    browser.execute_script("document.getElementById('board-1').scrollIntoView()")
                    shoot("history-ru")
                    go("/report?lang=ru")
                    report = browser.find_element(css, "body").text
                    c.check("тур 2, доска 1: 1 – 0 → 0 – 1" in report,
                            "the report's CR 4.2 row names the replaced 1-0")
                    go("/log?lang=ru")
                    c.check("тур 2, доска 1: 0-1 (было 1-0)" in browser.find_element(css, "body").text,
                            "the journal shows the 1-0 replaced")
                    go(f"/rounds/{rnd}?lang=ru")
                    continue
                if rnd == 3 and board == 1:
                    # An expired play-out: the game's record (unfinished) uploaded, its last
                    # position adjudicated from the verdict page, no FEN typed.
                    row = browser.find_element(css, "#board-1")
                    cells = row.find_elements(css, "td")
                    white = cells[1].text.split(". ", 1)[1].rsplit(" (", 1)[0]
                    black = cells[2].text.split(". ", 1)[1].rsplit(" (", 1)[0]
                    pgn = os.path.join(work, "board1-playout.pgn")
                    with open(pgn, "w", encoding="utf-8") as f:
                        f.write(f'[White "{white}"]\n[Black "{black}"]\n[Result "*"]\n'
                                f'[SetUp "1"]\n[FEN "{PLAYOUT_FEN}"]\n\n1. Ra7 Kd8 2. Kd2 Kc8 *\n')
                    form = browser.find_element(css, "#judge-form")
                    form.find_element(css, "input[name=log]").send_keys(pgn)
                    click("#judge")
                    no_error("judge the unfinished record")
                    click("#adjudicate-last-button")
                    no_error("adjudicate the record's last position")
                    placement = browser.find_element(css, "#position svg").get_attribute("data-placement")
                    c.check(placement.split()[0] == "2k5/R7/8/8/8/8/3K4/8", f"the record's last position shown: {placement}")
                    c.check("записи партии" in browser.find_element(css, "#position-from").text,
                            "the page says where the position came from")
                    basis = browser.find_element(css, "#basis").text
                    material = browser.find_element(css, "#material").text
                    c.check("одинокого короля" in basis and "4.3" in basis, f"the basis in words: {basis}")
                    c.check(material == "у белых ладья, у чёрных только король", f"the material in words: {material}")
                    page = browser.find_element(css, "body").text
                    for internal in ("узлов", "п1 К3", " -:", "lone_king"):
                        c.check(internal not in page, f"no internal label {internal!r} on the adjudication page")
                    c.check(browser.find_element(css, "#choice-decided").is_selected(),
                            "the adjudication's result is the default")
                    shoot("adjudication-ru")
                    click("#confirm")
                    no_error("confirm the adjudication")
                    c.check("присуждено" in browser.find_element(css, "#decided-1").text,
                            "the round page marks the board adjudicated")
                    continue
                result = CYCLE[(rnd + board) % len(CYCLE)]
                click(f'#board-{board} form.res button[value="{result}"]')
                no_error(f"round {rnd} board {board} {result}")
            shown = browser.find_elements(css, "#pairings .result")
            c.check(len(shown) == boards, f"round {rnd}: {len(shown)} of {boards} results shown")
            if rnd == 4:
                # A correction needs its confirmation box, and the standings follow it.
                def points():
                    rows = api_get(url, "/api/standings")["standings"]
                    return {r["name"]: r["points"] for r in rows}
                before = points()
                row = browser.find_element(css, "#board-2")
                was = row.find_element(css, ".result").get_attribute("data-result")
                names = [n for n in before if n in row.text]
                row.find_element(css, "summary").click()
                row.find_element(css, "input[name=confirm]").click()
                navigated(lambda: row.find_element(css, 'button[value="1/2-1/2"]').click())
                no_error("correct a result")
                shown = browser.find_element(css, "#board-2 .result").get_attribute("data-result")
                c.check(shown == "1/2-1/2", f"corrected result shown: {shown}")
                after = points()
                moved = sorted(abs(after[n] - before[n]) for n in names)
                c.check(was != "1/2-1/2" and len(names) == 2 and moved == [0.5, 0.5],
                        f"the correction {was} -> 1/2-1/2 moves both players by half a point: {moved}")
                c.check(all(after[n] == before[n] for n in before if n not in names),
                        "the correction changes nobody else's points")
                c.check("#board-2" in browser.current_url, f"back at the board's row: {browser.current_url}")
                # A second result for a finished game is refused, saying why (a form of the
                # desk's page: it carries the page's form key).
                # (Another result than the board's: the same one sent again is simply done.)
                go("/rounds/4?lang=ru")
                has = browser.find_element(css, "#board-3 .result").get_attribute("data-result")
                other = "1-0" if has != "1-0" else "0-1"
                navigated(lambda: browser.execute_script(
                    "const f=document.createElement('form');f.method='post';f.action='/rounds/4/result';"
                    "const key=document.querySelector('input[name=csrf]').value;"
                    "for (const [k,v] of [['board','3'],['result',arguments[0]],['lang','ru'],['csrf',key]]) {"
                    "const i=document.createElement('input');i.name=k;i.value=v;f.appendChild(i);}"
                    "document.body.appendChild(f);f.submit();", other))
                err = browser.find_element(css, "#error").text
                c.check("уже есть результат" in err, f"a second result refused: {err}")
                no_english("the refusal of a second result")
                go("/rounds/4?lang=ru")
                os.makedirs(args.screenshots, exist_ok=True)
                browser.set_window_size(1000, 1150)
                browser.save_screenshot(os.path.join(args.screenshots, "pairings-ru.png"))
                shoot("round-ru")

        # The print sheet, as printed.
        go("/rounds/4/print?lang=ru")
        c.check(len(browser.find_elements(css, "#who tr")) in (len(PLAYERS), len(PLAYERS) + 1),
                f"print sheet: everyone's place: {len(browser.find_elements(css, '#who tr'))}")
        no_english("print sheet")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        browser.set_window_size(900, 1000)
        browser.save_screenshot(os.path.join(args.screenshots, "print-ru.png"))
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

        # Standings: the page equals `arbiter tournament standings` on the same file.
        go("/standings?lang=ru")
        page = []
        for tr in browser.find_elements(css, "#standings tr[data-start-rank]"):
            td = [x.text for x in tr.find_elements(css, "td")]
            # The points by their class: the rating column is there only when someone has one.
            pts = tr.find_element(css, "td.points").text
            page.append((int(td[0]), int(td[1]), float(pts.replace(",", "."))))
        cli = subprocess.run(
            [args.arbiter, "tournament", "standings", state, "--format", "json"],
            check=True, capture_output=True, text=True,
        )
        report = json.loads(cli.stdout)
        expected = [(r["rank"], r["start_rank"], r["points"]) for r in report["standings"]]
        c.check(report["after_round"] == 4, f"standings after round {report['after_round']}")
        c.check(page == expected, f"standings page {page} != CLI {expected}")
        browser.set_window_size(1000, 900)
        browser.save_screenshot(os.path.join(args.screenshots, "standings-ru.png"))
        # A phone (390 px): the standings fit the screen, every row's points in view without
        # scrolling sideways (the less important columns give way).
        browser.set_window_size(390, 844)
        inner = browser.execute_script("return window.innerWidth")
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        c.check(wide <= inner, f"390 px: the standings page is {wide} px wide on {inner} px")
        outside = browser.execute_script("""
            return [...document.querySelectorAll('#standings td.points')]
              .map(td => td.getBoundingClientRect())
              .filter(r => r.width === 0 || r.left < 0 || r.right > window.innerWidth).length""")
        c.check(outside == 0, f"390 px: {outside} rows' points outside the screen")
        box = browser.execute_script(
            "const s = document.querySelector('#standings').parentElement;"
            "return s.scrollWidth - s.clientWidth")
        c.check(box <= 0, f"390 px: the standings' box scrolls sideways by {box} px")
        browser.save_screenshot(os.path.join(args.screenshots, "standings-ru-390.png"))
        browser.set_window_size(1000, 900)
        go("/crosstable?lang=ru")
        c.check(len(browser.find_elements(css, "#crosstable tr")) == len(PLAYERS) + 2, "crosstable rows")
        no_english("crosstable")
        go("/standings?lang=ru")
        c.check(bool(browser.find_elements(css, "#standings-csv")), "the standings CSV linked")
        # The journal: every change of the day listed, the desk's with this browser's address;
        # "Undo the last change" undoes the last result, as a new entry.
        def journal():
            # The newest 50 entries, as the page lists them; oldest first here.
            out = subprocess.run([args.arbiter, "tournament", "log", state, "--format", "json"],
                                 check=True, capture_output=True, text=True)
            return list(reversed(json.loads(out.stdout)))
        before = journal()
        go("/log?lang=ru")
        rows = browser.find_elements(css, "#log tbody tr")
        c.check(len(rows) == len(before), f"journal page: {len(rows)} rows, {len(before)} entries")
        c.check(before[-1]["via"] == "desk" and before[-1]["address"].startswith("127.0.0.1:"),
                f"the desk's entry names its client: {before[-1]}")
        c.check("пульт 127.0.0.1:" in rows[0].text, f"journal page's newest row: {rows[0].text}")
        click("#undo")
        no_error("undo")
        after = journal()
        c.check(after[-1]["seq"] == before[-1]["seq"] + 1 and after[-1]["undoes"] == before[-1]["seq"],
                f"undo is a new entry undoing entry {before[-1]['seq']}: {after[-1]}")
        c.check("saved=1" in browser.current_url and "/log" in browser.current_url,
                f"undo goes back to the journal: {browser.current_url}")
        c.check(bool(browser.find_elements(css, f"#entry-{before[-1]['seq']}.undone")),
                "the undone entry is marked")
        # Every page of the desk in Russian, the error pages too (an unknown page, an unknown
        # round, a form's address opened as a page).
        for page in ["/", "/players", "/players/import", "/standings", "/crosstable", "/categories",
                     "/diplomas", "/report", "/rounds/1", "/rounds/2", "/rounds/3", "/rounds/4",
                     "/rounds/4/print", "/rounds/4/live", "/live", "/screen", "/event", "/connect",
                     "/log", "/rounds/next/manual", "/zzz", "/rounds/9", "/players/edit"]:
            go(page + "?lang=ru")
            no_english(page)
            # The page says its language, so that the browser's own controls (date fields, the
            # file chooser, the required-box message) speak it.
            lang = browser.execute_script("return document.documentElement.lang")
            c.check(lang == "ru", f"{page}: <html lang={lang!r}>, \"ru\" wanted")
        for page in ["/", "/players", "/standings", "/report", "/rounds/4", "/event", "/zzz"]:
            go(page + "?lang=en")
            lang = browser.execute_script("return document.documentElement.lang")
            c.check(lang == "en", f"{page}?lang=en: <html lang={lang!r}>, \"en\" wanted")
        # The import's preview of a school's list (one row refused: a date that is none).
        go("/players/import?lang=ru")
        listed = os.path.join(work, "list.csv")
        with open(listed, "w", encoding="utf-8") as f:
            f.write("Фамилия;Имя;Пол;Рейтинг;Класс;Дата рождения;Школа\n"
                    "Орлова;Вера;ж;1100;2;05.03.2018;Школа № 5\n"
                    "Петров;Пётр;м;;4;31.02.2015;Школа № 5\n")
        browser.find_element(css, "#import-form input[type=file]").send_keys(listed)
        navigated(lambda: browser.find_element(css, "#import-form button").click())
        c.check(bool(browser.find_elements(css, "#import-confirm")), "the import's preview shown")
        no_english("the import's preview")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
    # A desk that needs the access token, opened without it: the refusal in Russian.
    server, url = start_server(args.arbiter, state, ["--token", "e2e-token"])
    browser = webdriver.Chrome(service=Service(driver_path), options=opts)
    try:
        go("/players?lang=ru")
        navigated(lambda: browser.execute_script(
            "const f=document.createElement('form');f.method='post';f.action='/players';"
            "for (const [k,v] of [['name','Без Ключа'],['lang','ru']]){"
            "const i=document.createElement('input');i.name=k;i.value=v;f.appendChild(i);}"
            "document.body.appendChild(f);f.submit();"))
        err = browser.find_elements(css, "#error")
        c.check(bool(err) and "ключ доступа" in err[0].text,
                f"without the token: refused, {err[0].text if err else browser.current_url}")
        no_english("the refusal without the token")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"desk: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
