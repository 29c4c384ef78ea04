"""Results typed on the keyboard on the round page, in headless Chromium, run by .ci/run.

A 10-player round of 5 boards entered whole from the keyboard: «1 1-0», Enter, «2 =», Enter, …
in one field, with scripting on: no page is loaded again (a mark set in the page survives), the
field is empty and focused after each entry, every result is recorded as typed (the desk's
API). A typo («4 2-0») is refused beside the field in words and records nothing; another
result typed on a board that has one is refused naming what it holds; the same result again is
simply done. With scripting off the same field records through an ordinary page load. A child
registered in lower case is written «Фамилия Имя» (said on the page); a name registered already
needs its own confirmation. Then the
round's result slips: one per board, names, the results to tick, the signatures, on A4 pages
with cut lines (printed by Chromium and read back with poppler). Screenshots (Russian): the
round page after the entry (docs: keyboard-entry-ru.png) and the slips.

    python3 tests/web/entry_e2e.py [--arbiter target/debug/arbiter] [--screenshots docs/screenshots]

Needs chromium, chromedriver and selenium as tests/web/desk_e2e.py, and poppler-utils. Prints
`N passed, M failed`.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

from webcheck import Checks, new_event, setup, start_desk
from webcheck import browser as open_browser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NAMES = ["Иванов Иван", "Петрова Анна", "Сидоров Илья", "Кузнецова Мария", "Смирнов Артём",
         "Попова Варвара", "Волков Даниил", "Соколова Ева", "Лебедев Марк", "Козлова Алиса"]


def results(url):
    with urllib.request.urlopen(url + "/api/rounds/1", timeout=10) as r:
        return [b["result"] for b in json.loads(r.read().decode())["boards"]]


def main():
    args, found = setup(ROOT, "docs/screenshots")
    if not found:
        return 1 if os.environ.get("CI") else 0
    chromium, driver_path = found
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import StaleElementReferenceException

    def until(browser, cond):
        """Waits up to 10 s for `cond`; the page's main part is replaced under it meanwhile."""
        WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(cond)

    work = tempfile.mkdtemp(prefix="arbiter-entry-")
    state = os.path.join(work, "event.arbiter")
    new_event(args.arbiter, state, "Ввод с клавиатуры", NAMES, 1500)
    server, url = start_desk(args.arbiter, state)
    c = Checks()
    css = By.CSS_SELECTOR

    def browser_with(script):
        return open_browser(chromium, driver_path, script)

    browser = browser_with(True)
    try:
        browser.get(url + "/rounds/1?lang=ru")
        browser.execute_script("window.arbiterMark = 1;")

        def typed(text, wait_for):
            field = browser.find_element(css, "#quick-entry-field")
            field.send_keys(text + Keys.ENTER)
            until(browser, lambda b: wait_for())

        # The whole round from the keyboard, in one field.
        entries = [("1 1-0", "1-0"), ("2 =", "1/2-1/2"), ("3 0:1", "0-1"), ("5 +-", "+-")]
        for k, (text, value) in enumerate(entries):
            board = int(text.split()[0])
            typed(text, lambda: results(url)[board - 1] == value
                  and browser.find_element(css, f"#board-{board} .result").get_attribute("data-result") == value)
            active = browser.switch_to.active_element.get_attribute("id")
            field = browser.find_element(css, "#quick-entry-field")
            c.check(active == "quick-entry-field" and field.get_attribute("value") == "",
                    f"after {text!r}: the field empty and focused ({active!r})")
        c.check(browser.execute_script("return window.arbiterMark") == 1,
                "no page loaded again while typing")
        # A typo: refused beside the field, nothing recorded.
        before = results(url)
        browser.find_element(css, "#quick-entry-field").send_keys("4 2-0" + Keys.ENTER)
        until(browser, lambda b: b.find_element(css, "#quick-entry-status").text.strip() != "")
        status = browser.find_element(css, "#quick-entry-status").text
        c.check("4 2-0" in status and "например" in status, f"the typo refused in words: {status!r}")
        c.check(results(url) == before, "nothing recorded for the typo")
        # Another result on a board that has one: refused, naming it.
        field = browser.find_element(css, "#quick-entry-field")
        field.clear()
        field.send_keys("1 0-1" + Keys.ENTER)
        until(browser,
            lambda b: "1 0-1" not in b.find_element(css, "#quick-entry-status").text
            and b.find_element(css, "#quick-entry-status").text.strip() != "")
        status = browser.find_element(css, "#quick-entry-status").text
        c.check("1 – 0" in status, f"another result on board 1 refused, naming 1 – 0: {status!r}")
        c.check(results(url)[0] == "1-0", "board 1 keeps 1-0")
        # The same result again: done.
        field = browser.find_element(css, "#quick-entry-field")
        field.clear()
        typed("1 1-0", lambda: b_status(browser, css) == "Записано: 1 1-0")
        c.check(results(url)[0] == "1-0", "the same result again is done")
        browser.save_screenshot(os.path.join(args.screenshots, "keyboard-entry-ru.png"))
        c.check(browser.execute_script("return window.arbiterMark") == 1, "still no page loaded again")
    finally:
        browser.quit()

    # The result slips: one per board with the names, the results to tick and the signatures,
    # cut lines between; printed on A4 by Chromium and read back with poppler.
    browser = browser_with(True)
    try:
        from selenium.webdriver.common.print_page_options import PrintOptions
        browser.get(url + "/rounds/1/slips?lang=ru")
        slips = browser.find_elements(css, "section.slip")
        c.check(len(slips) == 5, f"one slip per board: {len(slips)}")
        browser.save_screenshot(os.path.join(args.screenshots, "result-slips-ru.png"))
        options = PrintOptions()
        options.page_width, options.page_height = 21.0, 29.7
        pdf = os.path.join(work, "slips.pdf")
        with open(pdf, "wb") as f:
            f.write(base64.b64decode(browser.print_page(options)))
        pages = int(next(l.split()[-1] for l in subprocess.run(["pdfinfo", pdf], capture_output=True,
                         text=True, check=True).stdout.splitlines() if l.startswith("Pages:")))
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True,
                              check=True).stdout
        c.check(pages == 1, f"5 slips on one A4 page: {pages} pages")
        for name in NAMES:
            c.check(name in text, f"{name} on the slips")
        c.check(text.count("Подпись белых") == 5 and text.count("Подпись чёрных") == 5,
                "both signatures on every slip")
        c.check(text.replace(" ", "").count("½–½") == 5 and "Доска и результат" not in text,
                f"the results to tick, no form: {text[:600]!r}")
    finally:
        browser.quit()

    # Registration after round 1 (the round is under way): a name typed in lower case is
    # written «Фамилия Имя» and the page says so; a name registered already is not added
    # without its own confirmation, and with it is added as a late entry; the list shows the
    # birth dates as ДД.ММ.ГГГГ and the sex.
    browser = browser_with(True)
    try:
        def register(name, birth="", sex=""):
            browser.get(url + "/players?lang=ru")
            form = browser.find_element(css, "#register")
            form.find_element(css, "input[name=name]").send_keys(name)
            if birth:
                form.find_element(css, "input[name=birth_date]").send_keys(birth)
            if sex:
                form.find_element(css, f"#register-sex option[value='{sex}']").click()
            form.find_element(css, "#add-player").click()

        register("соловьёва   дарья", "27.02.2016", "w")
        until(browser, lambda b: "saved=1" in b.current_url)
        c.check("note=name-normalised" in browser.current_url
                and "Имя записано в виде «Фамилия Имя»" in browser.find_element(css, "main").text,
                f"the page says the name was written anew: {browser.current_url}")
        rows = [r.text for r in browser.find_elements(css, "#players tr")]
        dasha = next((r for r in rows if "Соловьёва Дарья" in r), "")
        c.check("27.02.2016" in dasha and "девочка" in dasha, f"her row: {dasha!r}")
        count = len(rows)
        register("иванов  иван")
        until(browser, lambda b: b.find_elements(css, "#duplicate"))
        text = browser.find_element(css, "#duplicate").text
        c.check("1. Иванов Иван" in text, f"the registered player named: {text!r}")
        c.check(browser.find_elements(css, "#duplicate-late"), "the late entry said")
        browser.save_screenshot(os.path.join(args.screenshots, "duplicate-ru.png"))
        browser.find_element(css, "#back").click()
        until(browser, lambda b: b.find_elements(css, "#players"))
        c.check(len(browser.find_elements(css, "#players tr")) == count, "not added without confirmation")
        register("иванов  иван")
        until(browser, lambda b: b.find_elements(css, "#duplicate-form"))
        browser.find_element(css, "#duplicate-confirm").click()
        browser.find_element(css, "#add-duplicate").click()
        until(browser, lambda b: "saved=1" in b.current_url)
        c.check(len(browser.find_elements(css, "#players tr")) == count + 1, "added once confirmed")
        c.check("late-entry" in browser.current_url, f"as a late entry: {browser.current_url}")
    finally:
        browser.quit()

    # Scripting off: the same field records through an ordinary page load.
    browser = browser_with(False)
    try:
        browser.get(url + "/rounds/1?lang=ru")
        browser.find_element(css, "#quick-entry-field").send_keys("4 0-1" + Keys.ENTER)
        WebDriverWait(browser, 10).until(lambda b: "saved=1" in b.current_url)
        c.check(results(url)[3] == "0-1", "board 4 recorded with scripting off")
        c.check(not browser.find_elements(css, "#quick-entry"), "no field once every result is in")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"entry: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


def b_status(browser, css):
    return browser.find_element(css, "#quick-entry-status").text.strip()


if __name__ == "__main__":
    sys.exit(main())
