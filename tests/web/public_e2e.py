"""The public view (`arbiter serve --public`) on a phone, in headless Chromium, run by .ci/run.

An 8-player event made with the command line: round 1 played (4 results), round 2 paired with
one result. `arbiter serve --public 127.0.0.1:0` names the public address on its second line.
At 390 px wide: the first page shows the event and round 2's boards (one result, three
"идёт"), round 1's page its four results, the standings the desk's order and points (the
desk's API); the crosstable (reached by the menu) the standings' order and points, every row's
points on the screen while the rounds scroll in the table's own box; the prize lists of two
categories by grade with their places and points on the screen; no page scrolls sideways, none
has a form or the desk's menu; a POST is 405. The site `tournament publish` writes, opened from file://: the crosstable's
points on the screen, the menu's links to the files, the standings the desk's, round 1's
results, no script. The event page's setting ticked on the desk: the public standings show each
child's school and grade (none before). Screenshots (Russian) at 390 px: the first page,
the standings, the crosstable and the prize lists.

    python3 tests/web/public_e2e.py [--arbiter target/debug/arbiter] [--screenshots DIR]

Needs chromium, chromedriver and selenium (tests/web/webcheck.py). Prints `N passed, M failed`.
"""

import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from webcheck import Checks, phone, setup
from webcheck import browser as open_browser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NAMES = ["Иванов Иван", "Заречная-Преображенская Александра", "Сидоров Илья", "Кузнецова Мария", "Смирнов Артём",
         "Попова Варвара", "Константинопольский Вениамин", "Соколова Ева"]


def main():
    args, found = setup(ROOT)
    if not found:
        return 1 if os.environ.get("CI") else 0
    chromium, driver_path = found
    from selenium.webdriver.common.by import By

    c = Checks()
    tmp = tempfile.mkdtemp()
    state = os.path.join(tmp, "pub.arbiter")
    run = lambda *a: subprocess.run([args.arbiter, *a], check=True, stdout=subprocess.DEVNULL)
    run("tournament", "new", state, "--name", "Кубок школ", "--rounds", "3")
    for i, name in enumerate(NAMES):
        run("tournament", "add-player", state, "--name", name, "--rating", str(1500 - 10 * i),
            "--grade", str(i % 4 + 1), "--club", ["Школа № 5", "Гимназия № 2"][i % 2])
    run("tournament", "category", "add", state, "--name", "1–2 классы", "--grades", "1-2")
    run("tournament", "category", "add", state, "--name", "3–4 классы", "--grades", "3-4")
    run("tournament", "pair", state, "--auto")
    for board, result in enumerate(["1-0", "1/2-1/2", "0-1", "1-0"], start=1):
        run("tournament", "result", state, "--round", "1", "--board", str(board), result)
    run("tournament", "pair", state, "--auto")
    run("tournament", "result", state, "--round", "2", "--board", "1", "0-1")

    server = subprocess.Popen([args.arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru",
                               "--public", "127.0.0.1:0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    browser = None
    try:
        first = server.stdout.readline()
        second = server.stdout.readline()
        desk = next(w for w in first.split() if w.startswith("http://")).rstrip("/")
        public = next((w for w in second.split() if w.startswith("http://")), "").rstrip("/")
        c.check(public and public != desk and "Публичная" in second,
                f"the second line names the public view: {second!r}")
        with urllib.request.urlopen(desk + "/api/standings", timeout=10) as r:
            desk_rows = json.loads(r.read().decode())
        browser = open_browser(chromium, driver_path, width=390, height=844)
        phone(browser, 390, 844)

        def fits(what):
            wide = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            c.check(wide <= 0, f"{what}: nothing scrolls sideways at 390 px ({wide} px over)")
            c.check(not browser.find_elements(By.TAG_NAME, "form"), f"{what}: no form")
            links = [a.get_attribute("href") for a in browser.find_elements(By.TAG_NAME, "a")]
            c.check(not any(h and ("/log" in h or "/players" in h or "/live" in h) for h in links),
                    f"{what}: no link to the desk's pages ({links})")

        browser.get(public + "/")
        inner = browser.execute_script("return window.innerWidth")
        c.check(inner == 390, f"the page is 390 px wide ({inner})")
        c.check(browser.find_element(By.ID, "event").text == "Кубок школ", "the event's name")
        rows = browser.find_elements(By.CSS_SELECTOR, "#boards tbody tr")
        results = [r.find_element(By.CSS_SELECTOR, "td.result").text for r in rows]
        c.check(results == ["0 – 1", "идёт", "идёт", "идёт"], f"round 2's results: {results}")
        c.check("Тур 2" in browser.find_element(By.ID, "current").text, "round 2 is the current")
        fits("the first page")
        browser.save_screenshot(os.path.join(args.screenshots, "public-ru-390.png"))

        browser.get(public + "/rounds/1")
        results = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#boards td.result")]
        c.check(results == ["1 – 0", "½ – ½", "0 – 1", "1 – 0"], f"round 1's results: {results}")
        fits("round 1")

        browser.get(public + "/standings")
        shown = [(int(r.get_attribute("data-start-rank")),
                  r.find_element(By.CSS_SELECTOR, "td.points").text)
                 for r in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr")]
        want = [(r["start_rank"], str(r["points"]).replace(".0", "").replace(".5", ",5"))
                for r in desk_rows["standings"]]
        c.check(len(shown) == 8 and shown == want, f"the standings are the desk's: {shown} vs {want}")
        outside = browser.execute_script("""
            return [...document.querySelectorAll('#standings td.points')]
              .map(td => td.getBoundingClientRect())
              .filter(r => r.width === 0 || r.left < 0 || r.right > window.innerWidth).length""")
        c.check(outside == 0, f"every row's points on the screen ({outside} outside)")
        fits("the standings")
        browser.save_screenshot(os.path.join(args.screenshots, "public-standings-ru-390.png"))

        def points_on_screen(what, selector):
            cells = browser.execute_script(f"""
                return [...document.querySelectorAll('{selector} td.points')]
                  .map(td => td.getBoundingClientRect())
                  .filter(r => r.width > 0 && r.left >= 0 && r.right <= window.innerWidth).length""")
            rows = len(browser.find_elements(By.CSS_SELECTOR, f"{selector} tbody tr"))
            c.check(rows > 0 and cells == rows, f"{what}: every row's points on the screen ({cells} of {rows})")

        # The crosstable: the rounds scroll in the table's own box, the points stay on the screen.
        browser.find_element(By.ID, "nav-crosstable").click()
        c.check(browser.current_url.endswith("/crosstable?lang=ru"), f"the menu's crosstable ({browser.current_url})")
        crossed = [(int(r.get_attribute("data-start-rank")), r.find_element(By.CSS_SELECTOR, "td.points").text)
                   for r in browser.find_elements(By.CSS_SELECTOR, "#crosstable tbody tr")]
        c.check(crossed == want, f"the crosstable's order and points are the standings': {crossed}")
        cells = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#crosstable tbody tr:first-child td.cell")]
        c.check(len(cells) == 1 and cells[0].split()[-1] in ("1", "½", "0"), f"round 1's cell: {cells}")
        points_on_screen("the crosstable", "#crosstable")
        fits("the crosstable")
        browser.save_screenshot(os.path.join(args.screenshots, "public-crosstable-ru-390.png"))

        # The prize lists: one per category, the places, the points on the screen.
        browser.find_element(By.ID, "nav-prizes").click()
        heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "section.category h2")]
        c.check(heads == ["1–2 классы", "3–4 классы"], f"the categories' prize lists: {heads}")
        places = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "table.prize-list td.place")]
        c.check(len(places) >= 6 and places[0] == "1", f"the prize places: {places}")
        points_on_screen("the prize lists", "table.prize-list")
        fits("the prize lists")
        browser.save_screenshot(os.path.join(args.screenshots, "public-prizes-ru-390.png"))

        browser.get(public + "/standings?lang=en")
        c.check("standings after round 1" in browser.find_element(By.TAG_NAME, "h1").text,
                "the standings in English")

        # The published site (`tournament publish`) opened from file://: the same pages, its
        # menu's links files of the folder, no script needed.
        site = os.path.join(tmp, "site")
        run("tournament", "publish", state, "--output", site, "--lang", "ru")
        browser.get("file://" + os.path.join(site, "crosstable.html"))
        points_on_screen("the published crosstable", "#crosstable")
        fits("the published crosstable")
        browser.find_element(By.ID, "nav-standings").click()
        c.check(browser.current_url == "file://" + os.path.join(site, "standings.html"),
                f"the published menu links the standings' file ({browser.current_url})")
        shown = [(int(r.get_attribute("data-start-rank")),
                  r.find_element(By.CSS_SELECTOR, "td.points").text)
                 for r in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr")]
        c.check(shown == want, f"the published standings are the desk's: {shown}")
        browser.find_element(By.LINK_TEXT, "1 тур").click()
        results = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#boards td.result")]
        c.check(results == ["1 – 0", "½ – ½", "0 – 1", "1 – 0"], f"the published round 1: {results}")
        c.check(not browser.find_elements(By.TAG_NAME, "script"), "no script on the published pages")
        browser.save_screenshot(os.path.join(args.screenshots, "public-site-round-ru-390.png"))

        # School and grade: none until the event page's setting is ticked on the desk; then
        # under every name of the public standings, the page still fitting the phone.
        browser.get(public + "/standings")
        c.check(not browser.find_elements(By.CSS_SELECTOR, ".school"), "no school before the setting")
        browser.get(desk + "/event")
        box = browser.find_element(By.NAME, "public_school_grade")
        c.check(not box.is_selected(), "the setting is off by default")
        box.click()
        browser.find_element(By.ID, "save-event").click()
        # The save's answer (a redirect to `saved=1`) before the next page is asked for.
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(browser, 10).until(lambda b: "saved=1" in b.current_url)
        browser.get(public + "/standings")
        schools = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#standings .school")]
        c.check(len(schools) == 8 and all(("Школа" in t or "Гимназия" in t) and "класс" in t for t in schools),
                f"each child's school and grade shown: {schools}")
        points_on_screen("the standings with schools", "#standings")
        fits("the standings with schools")
        browser.save_screenshot(os.path.join(args.screenshots, "public-standings-school-ru-390.png"))

        req = urllib.request.Request(public + "/rounds/next", data=b"", method="POST")
        try:
            urllib.request.urlopen(req, timeout=10)
            c.check(False, "a POST to the public view is refused")
        except urllib.error.HTTPError as e:
            c.check(e.code == 405, f"a POST to the public view is 405 ({e.code})")
    finally:
        if browser:
            browser.quit()
        server.terminate()
        server.wait(timeout=10)
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
