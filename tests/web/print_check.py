"""Printouts of `arbiter serve`, as headless Chromium prints them to A4 PDF; run by .ci/run.

A children's event of 23 players and 4 rounds (long double surnames among them) is built with
the command line, then the desk's standings, crosstable and round-4 wall sheet are printed with
`chromium --print-to-pdf` and read back with poppler's `pdfinfo` and `pdftotext`:

- the standings fit one A4 page, the crosstable one (it prints landscape), the wall sheet of
  rounds 1 and 4 two (the boards on a landscape page, then "who plays where" on the second);
  a round of 60 children also two: its 30 boards on one landscape page, who plays where on one
  portrait page, every name whole;
- no table is wider than its page (it would be cut at the page's edge): measured in headless
  Chromium (selenium) with the print styles at the page's printable width, 186 mm portrait,
  277 mm landscape, before printing;
- no name is broken inside a word: every word of every name (lines may break only at a space
  or at a hyphen of a double name) stands whole in the PDF's text; on the wall sheet and the
  standings no name is broken at all (each "Surname, Given" on one line);
- a Russian sheet has no Latin letter besides the TRF line: the tie-break headings are
  Russian short names (Бх-1, Бх, Зб, ЛВ, Пр, Поб) explained in Russian under the table, the
  crosstable's cells read «12 б 1», «3 ч ½», «своб. 1» (narrow spaces), and every form is in its legend;
- an event where no one has a rating prints no rating column;
- the organiser's report (`/report`, in Russian and English, with three categories and the
  chief arbiter set) has every section's heading, no name broken, no heading left as the last
  line of a page (away from what it heads), at most 2 pages; `arbiter tournament report
  --output` prints the same number of pages.

The first page of each PDF goes to `--screenshots` as PNG (pdftoppm); every page of the
report's too (`print-report-LANG-N.png`).

    target/ci-web-venv/bin/python tests/web/print_check.py [--arbiter target/debug/arbiter] [--screenshots docs/screenshots]

Needs Debian's `chromium`, `chromium-driver` and `poppler-utils`, and Python's `selenium`
(.ci/run runs it with the venv target/ci-web-venv). Without them it prints a notice and exits 0,
except under CI (CI=true), where it fails. Prints `N passed, M failed`; exits 1 on a failure.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# 23 children: "Surname, Given", sex, rating (0 = unrated).
PLAYERS = [
    ("Соловьёва, Дарья", "w", 1450), ("Петров, Пётр", "m", 1420), ("Сидоров, Илья", "m", 1390),
    ("Кузнецова, Мария", "w", 1360), ("Смирнов, Артём", "m", 1330), ("Попова, Варвара", "w", 1300),
    ("Волков, Даниил", "m", 1270), ("Соколова, Ева", "w", 1240), ("Лебедев, Марк", "m", 1210),
    ("Козлова, Алиса", "w", 1180), ("Новиков, Лев", "m", 1150), ("Морозова, Полина", "w", 1120),
    ("Фёдоров, Тимур", "m", 0), ("Орлова, Софья", "w", 0), ("Ёлкин, Фёдор", "m", 0),
    ("Заречная-Преображенская, Ася", "w", 0), ("Константинопольский, Вячеслав", "m", 0),
    ("Соловьёв, Александр", "m", 0), ("Белоусова, Елизавета", "w", 0),
    ("Виноградов, Святослав", "m", 0), ("Крестовоздвиженская, Маргарита", "w", 0),
    ("Ким, Ли", "m", 0), ("Абдурахманова, Зульфия", "w", 0),
]
RESULTS = ["1-0", "0-1", "1/2-1/2", "1-0", "1-0", "0-1"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--no-pdf-header-footer"]


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def build_event(arbiter, state, rated=True, rounds=4):
    """The event of PLAYERS (without their ratings unless `rated`), `rounds` rounds played."""
    run(arbiter, "tournament", "new", state, "--name",
        "Первенство школ района по шахматам среди учащихся 1–4 классов", "--rounds", "4")
    for name, sex, rating in PLAYERS:
        extra = ["--rating", str(rating)] if rating and rated else []
        run(arbiter, "tournament", "add-player", state, "--name", name, "--sex", sex, *extra)
    for rnd in range(1, rounds + 1):
        run(arbiter, "tournament", "pair", state, "--auto")
        for board in range(1, 12):
            run(arbiter, "tournament", "result", state, "--round", str(rnd), "--board", str(board),
                RESULTS[(board + rnd) % 6])
    if rounds < 4:
        return
    # The report's categories and prize lists, and its chief arbiter.
    for name, rule in [("Девочки", ["--sex", "f"]), ("Мальчики", ["--sex", "m"]),
                       ("Рейтинг до 1300", ["--rating", "0-1299"])]:
        run(arbiter, "tournament", "category", "add", state, "--name", name, *rule)
    run(arbiter, "tournament", "category", "settings", state, "--chief-arbiter", "Иванова А. П.")


def build_sixty(arbiter, state):
    """60 children (30 boards), round 1 paired: the largest wall sheet a page must hold."""
    surnames = ["Иванов", "Смирнова", "Кузнецов", "Попова", "Васильев", "Петрова", "Соколов",
                "Михайлова", "Новиков", "Фёдорова", "Морозов", "Волкова", "Алексеев",
                "Лебедева", "Семёнов", "Егорова", "Павлов", "Козлова", "Степанов", "Николаева"]
    given = ["Александр", "Мария", "Дмитрий", "Анна", "Максим", "Софья"]
    run(arbiter, "tournament", "new", state, "--name",
        "Первенство школ района по шахматам среди учащихся 1–4 классов", "--rounds", "4")
    names = []
    for i in range(60):
        surname = surnames[i % 20] + ("-Преображенский" if i % 7 == 0 else "")
        name = f"{surname} {given[(i // 20 + i) % 6]}"
        names.append(name)
        run(arbiter, "tournament", "add-player", state, "--name", name)
    run(arbiter, "tournament", "pair", state, "--auto")
    return names


def check_sixty(check, chromium, work, arbiter, shots):
    """The wall sheet of 30 boards: the boards on one landscape page, who plays where on one
    portrait page, every name whole on both."""
    state = os.path.join(work, "sixty.arbiter")
    names = build_sixty(arbiter, state)
    # With the public view served: its address and QR code printed beside the heading.
    server = subprocess.Popen([arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru",
                               "--public", "127.0.0.1:0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = next(w for w in server.stdout.readline().split()
                   if w.startswith("http://")).rstrip("/")
        public = next(w for w in server.stdout.readline().split() if w.startswith("http://"))
        pdf = os.path.join(work, "sixty-wall.pdf")
        pages, info = print_pdf(chromium, work, f"{url}/rounds/1/print?lang=ru", pdf)
        check(pages == 2, f"wall sheet of 30 boards: {pages} A4 pages, 2 wanted (the boards, who plays where)")
        first = run("pdftotext", "-layout", "-f", "1", "-l", "1", pdf, "-")
        boards = re.findall(r"^\s*(\d+)\s+\S", first, re.M)
        check([int(b) for b in boards] == list(range(1, 31)),
              f"wall sheet of 30 boards: the boards on page 1 are {boards}")
        flat = re.sub(r"\s+", " ", first)
        missing = [n for n in names if n not in flat]
        check(not missing, f"wall sheet of 30 boards: names not whole on page 1: {missing[:5]}")
        flat_first = flat
        second = run("pdftotext", "-layout", "-f", "2", "-l", "2", pdf, "-")
        flat = re.sub(r"\s+", " ", second)
        missing = [n for n in names if n not in flat]
        check(second.strip().startswith("Кто где играет") and not missing,
              f"wall sheet of 60 children: who plays where on page 2, missing {missing[:5]}")
        check("Результаты на телефоне:" in flat_first and public in flat_first,
              f"wall sheet of 30 boards: the public view's address {public} printed on page 1")
        words = latin_words((first + second).replace(public, ""))
        check(not words, f"wall sheet of 30 boards: Latin words {words}")
        sizes = run("pdfinfo", "-f", "1", "-l", "2", pdf)
        check(re.search(r"Page\s+1 size:\s+841", sizes) and re.search(r"Page\s+2 size:\s+594", sizes),
              f"wall sheet of 30 boards: page 1 landscape, page 2 portrait: {sizes}")
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                        pdf, os.path.join(shots, "print-wall-sheet-30-ru")], check=True)
        # The printed QR code, read by a QR reader (zbar) from the page at 150 dpi, is the
        # public view's address.
        if shutil.which("zbarimg"):
            scan = os.path.join(work, "sixty-qr")
            subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile",
                            pdf, scan], check=True)
            read = subprocess.run(["zbarimg", "--quiet", "--raw", scan + ".png"],
                                  capture_output=True, text=True)
            check(read.stdout.strip() == public,
                  f"wall sheet: the QR code reads {read.stdout.strip()!r}, {public!r} wanted")
        else:
            check(not os.environ.get("CI"), "zbarimg (zbar-tools) is required in CI")
    finally:
        server.kill()


def messages(lang):
    """The Fluent messages of `lang` without arguments: id → text (one-line messages only)."""
    found = {}
    with open(os.path.join(ROOT, "locales", lang, "arbiter.ftl"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([a-z][a-z0-9-]*) = (.+)$", line.rstrip("\n"))
            if m and "{" not in m.group(2):
                found[m.group(1)] = m.group(2)
    return found


def print_pdf(chromium, work, url, pdf):
    subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={work}/chromium",
                    f"--print-to-pdf={pdf}", url], check=True, capture_output=True, timeout=120)
    info = run("pdfinfo", pdf)
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1)), info


# The printable width of an A4 page in CSS px (96 per inch): portrait with the 12 mm margins of
# `@page`, landscape with the 10 mm of `@page landscape` (src/web/templates/style.css).
PORTRAIT_PX = (210 - 2 * 12) / 25.4 * 96
LANDSCAPE_PX = (297 - 2 * 10) / 25.4 * 96
MEASURE_JS = """
document.documentElement.style.overflow = 'hidden';
const t = document.querySelector(arguments[0]);
if (!t) return null;
const r = t.getBoundingClientRect();
return [r.left, r.right, t.scrollWidth, document.documentElement.clientWidth];
"""


def open_browser(chromium):
    """Headless Chromium under selenium, or None without chromedriver or selenium."""
    driver = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    if not driver:
        return None
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--window-size=1280,1000"]:
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(driver), options=opts)


def check_fits(check, browser, url, tables):
    """Each table of `tables` (CSS selector → printable width in px) laid out with the print
    styles at that width is no wider than it: its right edge (the border) on the page."""
    browser.get(url)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    for selector, width in tables.items():
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": int(width), "height": 1100, "deviceScaleFactor": 1, "mobile": False})
        got = browser.execute_script(MEASURE_JS, selector)
        check(got is not None, f"{url}: no table {selector}")
        if got:
            left, right, scroll, page = got
            check(left >= 0 and right <= page + 0.5 and scroll <= right - left + 0.5,
                  f"{url}: {selector} is {right - left:.0f} px wide (content {scroll} px) "
                  f"on a printable width of {page} px: its right border would be cut")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def whole_names(text):
    """The players whose "Surname, Given" is not on one line of the PDF's text."""
    lines = [re.sub(r"\s+", " ", l) for l in text.replace("\u2011", "-").splitlines()]
    return [name for name, _, _ in PLAYERS if not any(name in l for l in lines)]


def latin_words(text):
    """Latin words of a Russian sheet other than the TRF line's."""
    return sorted({w for w in re.findall(r"[A-Za-z][A-Za-z.-]*", text)
                   if w not in ("TRF", "event.trf")})


def check_report(check, chromium, work, url, lang, words, shots, cli_file):
    """`/report` in `lang` printed to A4: every section, names whole, no heading last on a
    page, at most 6 pages; the CLI's file prints the same number of pages."""
    m = messages(lang)
    pdf = os.path.join(work, f"report-{lang}.pdf")
    pages, _ = print_pdf(chromium, work, f"{url}/report?lang={lang}", pdf)
    check(1 <= pages <= 2, f"/report ({lang}): {pages} A4 pages, 1 or 2 wanted")
    text = run("pdftotext", "-layout", pdf, "-")
    after = {"ru": "Положение после 4-го тура", "en": "Standings after round 4"}[lang]
    headings = [m["report-title"], m["report-participants"], after,
                m["report-prizes"], m["report-incidents"], "Девочки", "Мальчики", "Рейтинг до 1300"]
    flat = re.sub(r"\s+", " ", text).replace("\u2011", "-")
    missing = [h for h in headings + [m["report-chief"], "Иванова А. П.", m["report-withdrawals"]]
               if h not in flat]
    check(not missing, f"/report ({lang}): sections missing from the PDF: {missing}")
    trf = {"ru": "Файл для обсчёта рейтинга (формат TRF ФИДЕ): скачать (event.trf)",
           "en": "The file for the rating report (FIDE TRF): download (event.trf)"}[lang]
    check(trf in flat, f"/report ({lang}): the TRF line reads {trf!r}")
    if lang == "ru":
        check(not latin_words(text), f"/report (ru): Latin words {latin_words(text)}")
        check("Бх-1" in text and "Зб" in text, "/report (ru): the tie-breaks' Russian headings")
    tokens = set(re.split(r"[\s,()-]+", text))
    broken = [w for w in words if w not in tokens]
    check(not broken, f"/report ({lang}): names broken inside a word: {broken}")
    for n in range(1, pages + 1):
        page = run("pdftotext", "-layout", "-f", str(n), "-l", str(n), pdf, "-")
        lines = [l.strip() for l in page.splitlines() if l.strip()]
        last = lines[-1].replace("\u2011", "-") if lines else ""
        check(n == pages or last not in headings,
              f"/report ({lang}): page {n} ends on the heading {last!r}")
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(n), "-l", str(n), "-singlefile",
                        pdf, os.path.join(shots, f"print-report-{lang}-{n}")], check=True)
    cli_pdf = os.path.join(work, f"report-cli-{lang}.pdf")
    cli_pages, _ = print_pdf(chromium, work, "file://" + cli_file, cli_pdf)
    check(cli_pages == pages,
          f"tournament report --output ({lang}): {cli_pages} pages, the desk's {pages}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/debug/arbiter"))
    ap.add_argument("--screenshots", default=os.path.join(ROOT, "docs/screenshots"))
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    tools = [chromium, shutil.which("pdfinfo"), shutil.which("pdftotext"), shutil.which("pdftoppm")]
    if not all(tools):
        if os.environ.get("CI"):
            print("FAILED: chromium and poppler-utils are required in CI")
            return 1
        print("notice: chromium or poppler-utils not found: the print check is skipped (CI runs it)")
        return 0

    work = tempfile.mkdtemp(prefix="arbiter-print-")
    state = os.path.join(work, "event.arbiter")
    build_event(args.arbiter, state)
    server = subprocess.Popen([args.arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        print(f"FAILED: arbiter serve did not start: {line!r}")
        return 1
    url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")  # the first address, in either language
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAILED: {what}", flush=True)

    words = sorted({w for name, _, _ in PLAYERS for w in re.split(r"[ ,-]+", name) if w})
    os.makedirs(args.screenshots, exist_ok=True)
    browser = open_browser(chromium)
    if browser is None and os.environ.get("CI"):
        server.kill()
        print("FAILED: chromedriver and selenium are required in CI")
        return 1
    # The same children without ratings, after round 1: no rating column.
    unrated = os.path.join(work, "unrated.arbiter")
    build_event(args.arbiter, unrated, rated=False, rounds=1)
    server2 = subprocess.Popen([args.arbiter, "serve", unrated, "--addr", "127.0.0.1:0", "--lang", "ru"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url2 = next(w for w in server2.stdout.readline().split() if w.startswith("http://")).rstrip("/")
    try:
        if browser is not None:
            fits = [("/standings", {"#standings": PORTRAIT_PX}),
                    ("/crosstable", {"#crosstable": LANDSCAPE_PX}),
                    ("/rounds/1/print", {"#by-board": LANDSCAPE_PX, "#who": PORTRAIT_PX}),
                    ("/rounds/4/print", {"#by-board": LANDSCAPE_PX, "#who": PORTRAIT_PX}),
                    ("/report", {"#report-crosstable": PORTRAIT_PX, "#report-incidents table": PORTRAIT_PX})]
            for page, tables in fits:
                check_fits(check, browser, f"{url}{page}?lang=ru", tables)
            check_fits(check, browser, f"{url2}/standings?lang=ru", {"#standings": PORTRAIT_PX})
        pdf = os.path.join(work, "unrated-standings.pdf")
        print_pdf(chromium, work, f"{url2}/standings?lang=ru", pdf)
        text = run("pdftotext", "-layout", pdf, "-")
        check("Очки" in text and "Рейтинг" not in text,
              "/standings of an unrated event: no «Рейтинг» column")
        for page, most, shot in [("/standings", 1, "print-standings-ru"),
                                 ("/crosstable", 1, "print-crosstable-ru"),
                                 ("/rounds/1/print", 2, "print-wall-sheet-1-ru"),
                                 ("/rounds/4/print", 2, "print-wall-sheet-ru")]:
            pdf = os.path.join(work, shot + ".pdf")
            subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={work}/chromium",
                            f"--print-to-pdf={pdf}", f"{url}{page}?lang=ru"],
                           check=True, capture_output=True, timeout=120)
            info = run("pdfinfo", pdf)
            pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
            check(pages <= most, f"{page}: {pages} A4 pages, at most {most} wanted")
            text = run("pdftotext", "-layout", pdf, "-")
            tokens = set(re.split(r"[\s,()-]+", text))
            broken = [w for w in words if w not in tokens]
            check(not broken, f"{page}: names broken inside a word: {broken}")
            check(not latin_words(text), f"{page}: Latin words on a Russian sheet: {latin_words(text)}")
            # Every child is on the wall sheet's first page (a board or the bye), whole.
            first = run("pdftotext", "-layout", "-f", "1", "-l", "1", pdf, "-")
            if page != "/crosstable":
                check(not whole_names(first), f"{page}: names broken across lines: {whole_names(first)}")
            if page.endswith("/print"):
                check(pages == 2, f"{page}: {pages} pages, 2 wanted (the boards, who plays where)")
                second = run("pdftotext", "-layout", "-f", "2", "-l", "2", pdf, "-")
                check(second.strip().startswith("Кто где играет"),
                      f"{page}: page 2 begins {second.strip()[:40]!r}, not «Кто где играет»")
                size = re.search(r"^Page size:.*$", info, re.M).group(0)
                check(re.search(r"Page size:\s+841", size), f"{page}: the boards print landscape: {size}")
            if page in ("/standings", "/crosstable"):
                check("Бухгольц усечённый" in text and "Коэффициент Бергера" in text,
                      f"{page}: the tie-breaks explained in Russian")
                heads = re.search(r"Очки\s+(.*)", text).group(1).split()
                check(heads == ["Бх-1", "Бх", "Зб", "ЛВ", "Пр", "Поб"],
                      f"{page}: the tie-break headings {heads}, Russian short names wanted")
                check(re.search(r"Бх-1 — Бухгольц усечённый; Бх — Бухгольц; Зб — Коэффициент Бергера;",
                                re.sub(r"\s+", " ", text)), f"{page}: the legend of the short names")
            if page == "/crosstable":
                # (pdftotext writes the narrow spaces as spaces or drops them)
                cells = re.findall(r"(?<!\S)(\d+ ?[бч] ?[10½+−]|своб\. 1|проп\. [0½1])(?!\S)", text)
                check(len(cells) >= 23 * 4 - 5, f"/crosstable: {len(cells)} cells in Russian (12 б 1, 3 ч ½, своб. 1)")
                check(re.search(r"\d+[wb]", text) is None and "-U" not in text and "-Z" not in text,
                      "/crosstable: no Latin w/b nor TRF codes -U/-Z")
                flat = re.sub(r"\s+", " ", text)
                check("б — белыми, ч — чёрными" in flat and "«своб.» — свободен от игры" in flat,
                      "/crosstable: the cells explained in the legend")
            if page == "/crosstable":
                size = re.search(r"^Page size:.*$", info, re.M).group(0)
                check(re.search(r"Page size:\s+841", size), f"/crosstable prints landscape: {size}")
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                            pdf, os.path.join(args.screenshots, shot)], check=True)
        check_sixty(check, chromium, work, args.arbiter, args.screenshots)
        for lang in ("ru", "en"):
            cli_file = os.path.join(work, f"report-{lang}.html")
            run(args.arbiter, "tournament", "report", state, "--output", cli_file, "--lang", lang)
            check_report(check, chromium, work, url, lang, words, args.screenshots, cli_file)
    finally:
        server.kill()
        server2.kill()
        if browser is not None:
            browser.quit()
    print(f"print: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
