"""The lichess broadcast's token and answers on the desk, in headless Chromium; run by .ci/run.

A 4-player event made with the command line, round 1 paired. `arbiter serve --broadcast-round
AbCd1234 --broadcast-url http://127.0.0.1:PORT` pushes to a loopback fake of lichess's push
endpoint (this script's, answering lichess's JSON). In Russian:

- the event page says no token is kept; the token is pasted in its password field and kept: the
  page then says one is kept, never shows it (not in the page, not in the field), and the fake
  gets the round with `Authorization: Bearer TOKEN`;
- the page's line says lichess accepted round 1; the live round page shows per board what lichess
  answered («lichess: принято, ходов: 0»);
- the token is removed with its button: the page says none is kept.

Screenshots: broadcast-event-ru.png, broadcast-live-ru.png.

    python3 tests/web/broadcast_e2e.py [--arbiter target/debug/arbiter] [--screenshots DIR]

Needs chromium, chromedriver and selenium (tests/web/webcheck.py). Prints `N passed, M failed`.
"""

import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

from webcheck import Checks, new_event, setup
from webcheck import browser as open_browser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOKEN = "lip_BrowserPasted7Token"
ROUND_ID = "AbCd1234"
PUSHES = []


class FakeLichess(http.server.BaseHTTPRequestHandler):
    """lichess's push endpoint: each game's tags back with its moves (none here), 200."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        PUSHES.append((self.path, self.headers.get("Authorization"), body))
        games = []
        for text in re.split(r"\n\n(?=\[Event )", body.strip()):
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.M))
            games.append({"tags": tags, "moves": 0})
        answer = json.dumps({"games": games}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


def main():
    args, found = setup(ROOT)
    if not found:
        return 1 if os.environ.get("CI") else 0
    chromium, driver_path = found
    from selenium.webdriver.common.by import By

    c = Checks()
    tmp = tempfile.mkdtemp()
    state = os.path.join(tmp, "broadcast.arbiter")
    new_event(args.arbiter, state, "Трансляция", ["Иванов Иван", "Петрова Анна", "Сидоров Илья",
                                                 "Кузнецова Мария"], 1500)
    fake = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeLichess)
    threading.Thread(target=fake.serve_forever, daemon=True).start()
    env = {k: v for k, v in os.environ.items() if k != "ARBITER_BROADCAST_TOKEN"}
    server = subprocess.Popen([args.arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru",
                               "--broadcast-round", ROUND_ID, "--broadcast-url",
                               f"http://127.0.0.1:{fake.server_address[1]}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    browser = None
    try:
        line = server.stdout.readline()
        desk = next(w for w in line.split() if w.startswith("http://")).rstrip("/")
        browser = open_browser(chromium, driver_path)
        css = By.CSS_SELECTOR
        browser.get(desk + "/")
        text = lambda sel: browser.find_element(css, sel).text

        def submit(button):
            # Clicks `button` and waits for the page the form's answer loads.
            browser.execute_script("window.__old = true;")
            browser.find_element(css, button).click()
            deadline = time.time() + 10
            while time.time() < deadline:
                try:
                    if browser.execute_script("return window.__old === undefined;"):
                        return
                except Exception:  # the page is being replaced
                    pass
                time.sleep(0.1)
        c.check("не сохранён" in text("#broadcast-token-state"), "no token kept at first")
        c.check("токена ещё нет" in text("#broadcast-line"), "the line says there is no token")
        c.check(not PUSHES, "nothing pushed without a token")
        field = browser.find_element(css, "#broadcast-token")
        c.check(field.get_attribute("type") == "password", "the token's field is a password field")
        field.send_keys(TOKEN)
        submit("#broadcast-token-save")
        c.check("сохранён в турнире" in text("#broadcast-token-state"), "the page says a token is kept")
        c.check(TOKEN not in browser.page_source, "the page does not show the token")
        c.check(browser.find_element(css, "#broadcast-token").get_attribute("value") == "",
                "the field is empty again")
        # The push goes within a few seconds; the page says lichess accepted round 1.
        deadline = time.time() + 15
        while time.time() < deadline and "принят" not in text("#broadcast-line"):
            time.sleep(0.5)
            browser.refresh()
        c.check("1-й тур принят в" in text("#broadcast-line"), f"accepted: {text('#broadcast-line')}")
        c.check(bool(PUSHES) and PUSHES[-1][0] == f"/api/broadcast/round/{ROUND_ID}/push",
                f"pushed to the round's endpoint: {PUSHES[-1:]}")
        c.check(bool(PUSHES) and PUSHES[-1][1] == f"Bearer {TOKEN}", "with the bearer token")
        c.check(bool(PUSHES) and PUSHES[-1][2].count("[Event ") == 2, "both boards of round 1 pushed")
        browser.find_element(css, "#broadcast").screenshot(
            os.path.join(args.screenshots, "broadcast-event-ru.png"))
        browser.get(desk + "/rounds/1/live")
        boards = browser.find_elements(css, "section.live-board p.broadcast")
        c.check(len(boards) == 2 and all(b.text == "lichess: принято, ходов: 0" for b in boards),
                f"each board's answer: {[b.text for b in boards]}")
        c.check("принят" in text("#broadcast-line"), "the live page's line")
        browser.save_screenshot(os.path.join(args.screenshots, "broadcast-live-ru.png"))
        browser.get(desk + "/")
        submit("#broadcast-token-remove")
        c.check("не сохранён" in text("#broadcast-token-state"), "the token removed")
    finally:
        if browser:
            browser.quit()
        server.terminate()
        server.wait(timeout=10)
        fake.shutdown()
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
