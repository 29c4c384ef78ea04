"""The desk's words in a real browser (headless Chromium, Russian): the journal page (/log)
names every change and field in words, no internal name (`group-add`, `tb1`,
`public_school_grade`); `/team?best=abc` says which parameter is wrong. Screenshots in
target/web-screenshots/messages-*.png.

    target/ci-web-venv/bin/python tests/web/messages_e2e.py [--arbiter target/debug/arbiter]
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from webcheck import Checks, browser, new_event, setup, start_desk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    args, found = setup(ROOT)
    if not found:
        return 1 if os.environ.get("CI") else 0
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        state = os.path.join(tmp, "ev.arbiter")
        new_event(args.arbiter, state, "Первенство школы", ["Иванов Иван", "Петров Пётр", "Сидоров Илья", "Козлов Олег"], 1500)
        run = lambda *a: subprocess.run([args.arbiter, "tournament", *a], check=True, stdout=subprocess.DEVNULL)
        run("tie-breaks", state, "--set", "BH-C1,SB", "--edition", "fide2026")
        run("acceleration", state, "baku")
        run("group", "add", state, "Малыши", "--rounds", "5", "--system", "round-robin", "--first", "Старшие")
        server, url = start_desk(args.arbiter, state)
        b = browser(*found)
        try:
            b.get(f"{url}/log?lang=ru")
            table = b.find_element("id", "log")
            cells = [td.text for td in table.find_elements("css selector", "tbody td:nth-child(4), tbody td:nth-child(5)")]
            text = " | ".join(cells)
            internal = re.findall(r"\b[A-Za-z]+(?:[-_][A-Za-z0-9]+)+\b|\b[a-z]+[0-9]+\b", text)
            checks.check(not internal, f"/log shows internal names {internal}: {text}")
            for words in ["добавлена группа", "дополнительные показатели изменены",
                          "ускорение: бакинская система", "система: круговая система"]:
                checks.check(words in text, f"/log: «{words}» in {text}")
            b.save_screenshot(os.path.join(args.screenshots, "messages-log.png"))
            b.get(f"{url}/team?best=abc&lang=ru")
            error = b.find_element("id", "error").text
            checks.check("Параметр best" in error and "«abc»" in error, f"/team?best=abc: {error}")
            b.save_screenshot(os.path.join(args.screenshots, "messages-team-best.png"))
        finally:
            b.quit()
            server.terminate()
            server.wait()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
