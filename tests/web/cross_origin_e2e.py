"""Other web pages cannot change the desk: `arbiter serve` in headless Chromium, run by .ci/run.

The arbiter has the desk open (its session cookie is in the browser). Pages served from another
loopback port — as `http://127.0.0.1:OTHER` (the same site as the desk to the browser, which
sends the desk's cookies along) and as `http://localhost:OTHER` (another site) — then try what
any page can do without asking: submit an HTML form to the desk (a result, a new player,
pairing the next round), and `fetch(…, {mode: "no-cors"})` a `text/plain` JSON body to the API
and a form body to a form's address, with the browser's cookies. A `cors` JSON fetch must be
stopped by the browser (the desk answers no preflight). A name that resolves to 127.0.0.1
(DNS rebinding, through Chromium's --host-resolver-rules) must not read the event. After all of
it the state file is byte for byte the same (SHA-256), and the refusal page the form lands on
says why in words. Then the desk's own page records a result by a click, and its print page
runs its script, with no Content-Security-Policy complaint in the browser's log: the checks
stop others, not the arbiter.

    python3 tests/web/cross_origin_e2e.py [--arbiter target/debug/arbiter] [--screenshots target/web-screenshots]

Needs Debian's `chromium` and `chromium-driver` and Python's `selenium`. Without chromium it
prints a notice and exits 0, except under CI (CI=true), where it fails. Prints
`N passed, M failed` and exits 1 on any failure.
"""

import argparse
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from desk_e2e import Checks, find_browser, start_server  # noqa: E402

PLAYERS = ["Иванова Анна", "Петров Пётр", "Сидоров Илья", "Кузнецова Мария"]


def sha256(path):
    """The event's file and SQLite's write-ahead log beside it (where a change is written first)."""
    h = hashlib.sha256()
    for p in (path, path + "-wal"):
        if os.path.exists(p):
            with open(p, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def attack_pages(desk):
    """The other site's pages, by path: each tries one thing against `desk` (http://host:port)."""
    def form(action, fields, extra=""):
        inputs = "".join(f'<input name="{k}" value="{v}">' for k, v in fields)
        return (f'<!doctype html><meta charset="utf-8"><title>prize draw</title>'
                f'<form id="f" method="post" action="{desk}{action}" {extra}>{inputs}</form>'
                '<script>document.getElementById("f").submit()</script>')

    fetches = f"""<!doctype html><meta charset="utf-8"><title>cats</title><pre id="out"></pre>
<script>
const desk = {json.dumps(desk)};
const out = [];
async function go() {{
  const tries = [
    ["api text/plain", desk + "/api/rounds/1/boards/2/result",
     {{method: "POST", mode: "no-cors", credentials: "include", body: '{{"result":"1-0"}}'}}],
    ["api text/plain typed", desk + "/api/rounds/1/boards/2/result",
     {{method: "POST", mode: "no-cors", credentials: "include",
      headers: {{"Content-Type": "text/plain"}}, body: '{{"result":"0-1","correct":true}}'}}],
    ["api blob no type", desk + "/api/rounds/1/boards/2/result",
     {{method: "POST", mode: "no-cors", credentials: "include", body: new Blob(['{{"result":"1-0"}}'])}}],
    ["api pair", desk + "/api/rounds/next", {{method: "POST", mode: "no-cors", credentials: "include"}}],
    ["form body", desk + "/rounds/1/result",
     {{method: "POST", mode: "no-cors", credentials: "include",
      headers: {{"Content-Type": "application/x-www-form-urlencoded"}}, body: "board=2&result=1-0"}}],
    ["api cors json", desk + "/api/rounds/1/boards/2/result",
     {{method: "POST", mode: "cors", credentials: "include",
      headers: {{"Content-Type": "application/json"}}, body: '{{"result":"1-0"}}'}}],
    ["read event", desk + "/api/event", {{mode: "cors"}}],
  ];
  for (const [name, url, init] of tries) {{
    try {{
      const r = await fetch(url, init);
      let text = "";
      try {{ text = await r.text(); }} catch (e) {{}}
      out.push({{name, type: r.type, status: r.status, text}});
    }} catch (e) {{
      out.push({{name, error: String(e)}});
    }}
  }}
  document.getElementById("out").textContent = JSON.stringify(out);
  document.title = "done";
}}
go();
</script>"""
    return {
        "/form-result": form("/rounds/1/result", [("board", "1"), ("result", "0-1")]),
        "/form-result-guess": form("/rounds/1/result",
                                   [("board", "1"), ("result", "0-1"), ("csrf", "ab" * 32)]),
        "/form-player": form("/players", [("name", "Злоумышленник")]),
        "/form-pair": form("/rounds/next", [("lang", "en")]),
        "/form-upload": form("/rounds/1/judge", [("board", "1")], 'enctype="multipart/form-data"'),
        "/fetch": fetches,
    }


def serve_pages(pages):
    """Serves `pages` on a free loopback port (a thread); returns the server and its port."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = pages.get(self.path.split("?")[0])
            if body is None:
                self.send_error(404)
                return
            data = body.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, httpd.server_address[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/debug/arbiter"))
    ap.add_argument("--screenshots", default=os.path.join(ROOT, "target/web-screenshots"),
                    help="where the refusal page's screenshot goes")
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

    work = tempfile.mkdtemp(prefix="arbiter-xorigin-")
    state = os.path.join(work, "event.arbiter")
    run = lambda *a: subprocess.run([args.arbiter, "tournament", *a], check=True,  # noqa: E731
                                    stdout=subprocess.DEVNULL)
    run("new", state, "--name", "Детский мат", "--rounds", "3")
    for name in PLAYERS:
        run("add-player", state, "--name", name)
    run("pair", state, "--auto")
    server, url = start_server(args.arbiter, state)  # http://127.0.0.1:PORT
    desk_port = url.rsplit(":", 1)[1]
    c = Checks()
    css = By.CSS_SELECTOR

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--no-first-run", "--window-size=1000,900", "--lang=ru",
              # DNS rebinding: a name of the attacker's that resolves to this machine.
              "--host-resolver-rules=MAP rebind.example 127.0.0.1"]:
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(driver_path), options=opts)
    browser.set_page_load_timeout(20)
    evil = None
    try:
        # The arbiter opens the desk: the session cookie is in this browser from now on.
        browser.get(url + "/rounds/1?lang=ru")
        c.check(browser.find_element(css, "h1").text.endswith("Тур 1"), "the desk's round page opens")
        before = sha256(state)

        for origin_host in ["127.0.0.1", "localhost"]:
            pages = {}
            evil, port = serve_pages(pages)
            pages.update(attack_pages(url))
            site = f"http://{origin_host}:{port}"
            for path in ["/form-result", "/form-result-guess", "/form-player", "/form-pair",
                         "/form-upload"]:
                browser.get(site + path)
                WebDriverWait(browser, 20).until(lambda b: b.current_url.startswith(url))
                # The form navigated the tab to the desk: the desk's refusal, in words.
                text = browser.find_element(css, "body").text
                said = ("другого сайта" in text or "another site" in text
                        or "ключа этого пульта" in text)
                c.check(said, f"{origin_host} {path}: refusal in words, got {text[:200]!r}")
                if origin_host == "127.0.0.1" and path == "/form-result":
                    os.makedirs(args.screenshots, exist_ok=True)
                    browser.save_screenshot(os.path.join(args.screenshots, "refused-cross-site-ru.png"))
                c.check(sha256(state) == before, f"{origin_host} {path}: the state file changed")
            browser.get(site + "/fetch")
            WebDriverWait(browser, 20).until(lambda b: b.title == "done")
            results = json.loads(browser.find_element(css, "#out").text)
            by_name = {r["name"]: r for r in results}
            for name in ["api text/plain", "api text/plain typed", "api blob no type", "api pair",
                         "form body"]:
                r = by_name.get(name, {})
                # no-cors: the page sees an opaque answer; what counts is the file.
                c.check(r.get("type") == "opaque" or "error" in r, f"{origin_host} fetch {name}: {r}")
            for name in ["api cors json", "read event"]:
                r = by_name.get(name, {})
                c.check("error" in r, f"{origin_host} fetch {name}: the browser let the page read it: {r}")
            c.check(sha256(state) == before, f"{origin_host} fetches: the state file changed")
            evil.shutdown()
            evil.server_close()
            evil = None

        # DNS rebinding: the attacker's name now resolves to 127.0.0.1, the desk's port.
        browser.get(f"http://rebind.example:{desk_port}/api/event")
        text = browser.find_element(css, "body").text
        c.check("Детский мат" not in text and "Иванова" not in text,
                f"rebinding read the event: {text[:200]!r}")
        c.check("rebind.example" in text, f"rebinding: refusal names the host: {text[:200]!r}")
        browser.get(f"http://rebind.example:{desk_port}/rounds/1")
        text = browser.find_element(css, "body").text
        c.check("Иванова" not in text, "rebinding read the pairings")
        c.check(sha256(state) == before, "after everything: the state file changed")

        # The arbiter's own page still works: a result by a click, recorded.
        browser.get_log("browser")  # drop what the attack pages logged
        browser.get(url + "/rounds/1?lang=ru")
        old = browser.execute_script("window.__old = true; return 1")
        browser.find_element(css, '#board-1 form.res button[value="1-0"]').click()
        WebDriverWait(browser, 20).until(
            lambda b: b.execute_script("return window.__old === undefined && document.readyState === 'complete'"))
        shown = browser.find_elements(css, "#board-1 .result")
        c.check(bool(shown) and shown[0].get_attribute("data-result") == "1-0" and old == 1,
                "the desk's own form records a result")
        c.check(sha256(state) != before, "the desk's own form changed the state file")
        exported = subprocess.run([args.arbiter, "tournament", "export", state, "--format", "json"],
                                  check=True, capture_output=True, text=True).stdout
        games = json.loads(exported)["rounds"][0]["games"]
        c.check(games[0].get("result") is not None, f"the file has the result: {games[0]}")
        # The print page: its button's script from the desk runs under the policy.
        browser.get(url + "/rounds/1/print?lang=ru")
        time.sleep(0.5)
        bound = browser.execute_script(
            "return typeof getEventListeners === 'undefined' ? "
            "document.querySelector('[data-print]') !== null : true")
        c.check(bound, "print page: the print button")
        csp = [e["message"] for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
        c.check(not csp, f"the desk's own pages broke its policy: {csp}")
    finally:
        if evil is not None:
            evil.shutdown()
        browser.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"cross-origin: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
