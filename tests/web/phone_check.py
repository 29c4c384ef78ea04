#!/usr/bin/env python3
"""Every table of the desk readable on a phone: the crosstable, the standings, the prize lists
of the categories, the team result, the players list and the journal, loaded at 360 and 390 px
wide in headless Chromium. On each, the first row's name cell and its points cell (the last
cell of the row for the ranked tables) are within the viewport, or the table scrolls in a
container of its own that starts inside the viewport (the page itself never scrolls sideways);
on the standings, the crosstable and the prize lists the points are on the screen without
scrolling (the crosstable's rounds scroll under them).

    python3 tests/web/phone_check.py [--arbiter target/debug/arbiter] [--screenshots DIR]

Screenshots: phone-PAGE-WIDTH.png.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webcheck import Checks, browser, phone, setup, start_desk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Long names and clubs, as a school's list has them.
PLAYERS = [
    ("Заречная-Преображенская Анастасия", "МБОУ СОШ № 12 им. А. С. Пушкина", 2),
    ("Константинопольский Вячеслав", "Гимназия № 5", 4),
    ("Абдурахманова Зульфия", "Лицей «Вектор»", 3),
    ("Соловьёва Дарья", "МБОУ СОШ № 12 им. А. С. Пушкина", 1),
    ("Петров Пётр", "Гимназия № 5", 4),
    ("Кузнецова Мария", "Лицей «Вектор»", 2),
    ("Ёлкин Фёдор", "Гимназия № 5", 3),
    ("Морозова Полина", "МБОУ СОШ № 12 им. А. С. Пушкина", 1),
]

# (path, the table's CSS selector, the cell of the first row that must be on the screen: the
# points where the table has them in a cell of their own, else the row's last cell, which may
# scroll in the table's own box)
PAGES = [
    ("/standings", "#standings", "td.points"),
    ("/crosstable", "#crosstable", "td.points"),
    ("/categories", "table.prize-list", "td.points"),
    ("/team", "#team", None),
    ("/players", "#players", None),
    ("/log", "#log", None),
]


def main():
    args, found = setup(ROOT)
    if not found:
        return 1 if os.environ.get("CI") else 0
    c = Checks()
    with tempfile.TemporaryDirectory() as work:
        state = os.path.join(work, "ev.arbiter")
        run = lambda *a: subprocess.run([args.arbiter, *a], check=True, stdout=subprocess.DEVNULL)
        run("tournament", "new", state, "--name", "Первенство школы", "--rounds", "3")
        for name, club, grade in PLAYERS:
            run("tournament", "add-player", state, "--name", name, "--club", club, "--grade", str(grade))
        run("tournament", "category", "add", state, "--name", "1–2 классы", "--grades", "1-2")
        for rnd in (1, 2):
            run("tournament", "pair", state, "--auto")
            for board in range(1, len(PLAYERS) // 2 + 1):
                run("tournament", "result", state, "--round", str(rnd), "--board", str(board),
                    ["1-0", "1/2-1/2", "0-1"][(rnd + board) % 3])
        server, url = start_desk(args.arbiter, state)
        try:
            for width in (360, 390):
                b = browser(*found, width=width, height=800)
                phone(b, width, 800)
                try:
                    for path, table, must_show in PAGES:
                        b.get(f"{url}{path}?lang=ru")
                        name = path.strip("/")
                        b.save_screenshot(os.path.join(args.screenshots, f"phone-{name}-{width}.png"))
                        seen = b.execute_script(f"""
                            const t = document.querySelector({table!r});
                            if (!t) return null;
                            const row = [...t.querySelectorAll('tr')].find(r => r.querySelector('td'));
                            if (!row) return null;
                            const cells = row.querySelectorAll('td');
                            const last = cells[cells.length - 1].getBoundingClientRect();
                            const must = {f"row.querySelector({must_show!r})" if must_show else "null"};
                            let box = t.parentElement, scrolls = false;
                            while (box && box !== document.body) {{
                                const s = getComputedStyle(box).overflowX;
                                if ((s === 'auto' || s === 'scroll') && box.clientWidth <= innerWidth) {{ scrolls = true; break; }}
                                box = box.parentElement;
                            }}
                            return {{right: last.right, must: must ? must.getBoundingClientRect().right : null,
                                    view: document.documentElement.clientWidth,
                                    page: document.documentElement.scrollWidth, scrolls: scrolls}};
                        """)
                        if not c.check(seen is not None, f"{path} at {width} px: a table with a row"):
                            continue
                        fits = seen["right"] <= seen["view"] + 1
                        c.check(fits or seen["scrolls"],
                                f"{path} at {width} px: the first row's last cell within the viewport "
                                f"or the table in its own scrolling box: {seen}")
                        if must_show:
                            c.check(seen["must"] is not None and seen["must"] <= seen["view"] + 1,
                                    f"{path} at {width} px: the first row's points on the screen: {seen}")
                        c.check(seen["page"] <= seen["view"] + 1,
                                f"{path} at {width} px: the page does not scroll sideways: {seen}")
                finally:
                    b.quit()
        finally:
            server.terminate()
            server.wait()
    print(f"phone: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
