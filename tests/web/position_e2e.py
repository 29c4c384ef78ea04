"""The position editor of play-out adjudication in headless Chromium, run by .ci/run.

A 4-player round whose play-out has expired on a board without e-board or log: the arbiter
opens "Set up the position" from the round page, sets the position up by clicks only (an empty
board, then White's king e1 and queen d1, Black's king e8, one piece put and taken off again),
the FEN field follows the grid (castling unticked and greyed out without king and rook at
home), and adjudicates: the adjudication page says where the position came from and proposes
1-0 (a queen against a lone king), the confirmation records it. A position that is not one
(White's king alone, no Black king) comes back to the editor with its reason, as set up. The
start position and Black to move by clicks give the start FEN with `b`. Screenshots (Russian):
the editor at 1280 and 390 px (docs: position-editor-ru.png).

    python3 tests/web/position_e2e.py [--arbiter target/debug/arbiter] [--screenshots docs/screenshots]

Needs chromium, chromedriver and selenium as tests/web/desk_e2e.py. Prints `N passed, M failed`.
"""

import json
import os
import shutil
import sys
import tempfile
import urllib.request

from webcheck import Checks, new_event, setup, start_desk
from webcheck import browser as open_browser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def main():
    args, found = setup(ROOT, "docs/screenshots")
    if not found:
        return 1 if os.environ.get("CI") else 0
    chromium, driver_path = found
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    work = tempfile.mkdtemp(prefix="arbiter-position-")
    state = os.path.join(work, "event.arbiter")
    new_event(args.arbiter, state, "Расстановка позиции", ["Иванов Иван", "Петрова Анна", "Сидоров Илья", "Кузнецова Мария"], 1400)
    server, url = start_desk(args.arbiter, state)
    browser = open_browser(chromium, driver_path)
    c = Checks()
    css = By.CSS_SELECTOR

    def fen():
        return browser.find_element(css, "#editor-fen").get_attribute("value")

    def piece(p):
        browser.find_element(css, f"#palette [data-piece='{p}']").click()

    def square(s):
        browser.find_element(css, f"#editor-board [data-square='{s}']").click()

    def open_editor(board):
        browser.get(url + "/rounds/1?lang=ru")
        form = browser.find_element(css, "#position-form")
        Select(form.find_element(css, "select[name=board]")).select_by_value(str(board))
        form.find_element(css, "#set-up-position").click()
        WebDriverWait(browser, 10).until(lambda b: "/rounds/1/position" in b.current_url)

    try:
        open_editor(2)
        c.check(len(browser.find_elements(css, "#editor-board [data-square]")) == 64, "64 squares")
        c.check(len(browser.find_elements(css, "#palette [data-piece]")) == 13,
                "12 pieces and the empty square in the palette")
        c.check(fen() == START + " w KQkq - 0 1", f"the editor starts from the start position: {fen()}")
        # Black to move by a click.
        browser.find_element(css, "#turn-b").click()
        c.check(fen() == START + " b KQkq - 0 1", f"Black to move: {fen()}")
        # An empty board, then the pieces by clicks.
        browser.find_element(css, "#empty-board").click()
        c.check(fen() == "8/8/8/8/8/8/8/8 w - - 0 1", f"the empty board: {fen()}")
        c.check(browser.find_element(css, "#castle-K").get_attribute("disabled") is not None,
                "castling greyed out without king and rook at home")
        piece("K"); square("e1")
        piece("Q"); square("d1")
        piece("k"); square("e8")
        piece("N"); square("c3"); square("c3")  # put, and taken off by the same click again
        c.check(fen() == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", f"the position by clicks: {fen()}")
        sq = browser.find_element(css, "#editor-board [data-square='d1']")
        c.check(sq.get_attribute("data-piece") == "Q" and sq.text == "\u2655", "d1 shows the white queen")
        c.check(browser.find_element(css, "#palette [data-piece='N']").get_attribute("aria-pressed") == "true",
                "the chosen piece is marked")
        browser.save_screenshot(os.path.join(args.screenshots, "position-editor-ru.png"))
        browser.find_element(css, "#adjudicate-position").click()
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(css, "#decision"))
        text = browser.find_element(css, "main").text
        c.check("Позиция расставлена судьёй на странице" in text, "the adjudication names the editor")
        c.check(browser.find_element(css, "#fen").text.startswith("4k3/8/8/8/8/8/8/3QK3 w"),
                "the adjudicated position is the one set up")
        c.check("1 – 0" in browser.find_element(css, "#proposed").text or
                "1-0" in browser.find_element(css, "#proposed").text,
                f"a queen against a lone king: {browser.find_element(css, '#proposed').text!r}")
        browser.find_element(css, "#confirm").click()
        WebDriverWait(browser, 10).until(lambda b: "saved=1" in b.current_url)
        with urllib.request.urlopen(url + "/api/rounds/1", timeout=10) as r:
            boards = json.loads(r.read().decode())["boards"]
        c.check(boards[1]["result"] == "1-0", f"board 2 recorded 1-0: {boards[1]}")

        # Not a position: White's king alone comes back to the editor with its reason.
        open_editor(1)
        browser.find_element(css, "#empty-board").click()
        piece("K"); square("g1")
        browser.find_element(css, "#adjudicate-position").click()
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(css, "#position-error"))
        c.check(fen().startswith("8/8/8/8/8/8/8/6K1 w"), f"the editor as set up: {fen()}")
        c.check(browser.find_element(css, "#editor-board [data-square='g1']").get_attribute("data-piece") == "K",
                "the grid as set up")
        browser.save_screenshot(os.path.join(args.screenshots, "position-editor-refused-ru.png"))
        c.check(browser.find_element(css, "#position-error").text.strip() != "",
                f"the reason: {browser.find_element(css, '#position-error').text!r}")
        with urllib.request.urlopen(url + "/api/rounds/1", timeout=10) as r:
            boards = json.loads(r.read().decode())["boards"]
        c.check(boards[0]["result"] is None, "nothing recorded for the refused position")
        # A phone: the board fits 390 px, its squares big enough for a finger.
        browser.set_window_size(390, 900)
        open_editor(1)
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        c.check(wide <= 390, f"the editor fits 390 px: {wide} px wide")
        size = browser.find_element(css, "#editor-board [data-square='a1']").size
        c.check(size["width"] >= 40, f"a square is at least 40 px: {size}")
        browser.save_screenshot(os.path.join(args.screenshots, "position-editor-ru-390.png"))
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"position: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
