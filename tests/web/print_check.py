"""Printouts of `arbiter serve`, as headless Chromium prints them to A4 PDF; run by .ci/run.

A children's event of 23 players and 4 rounds (long double surnames among them) is built with
the command line, then the desk's standings, crosstable and round-4 wall sheet are printed with
`chromium --print-to-pdf` and read back with poppler's `pdfinfo` and `pdftotext`:

- the standings fit one A4 page, the crosstable at most two (it prints landscape), the wall
  sheet two (the boards, then "who plays where");
- no name is broken inside a word: every word of every name (lines may break only at a space
  or at a hyphen of a double name) stands whole in the PDF's text;
- the tie-break columns are explained in Russian under the standings;
- the organiser's report (`/report`, in Russian and English, with three categories and the
  chief arbiter set) has every section's heading, no name broken, no heading left as the last
  line of a page (away from what it heads), at most 6 pages; `arbiter tournament report
  --output` prints the same number of pages.

The first page of each PDF goes to `--screenshots` as PNG (pdftoppm); every page of the
report's too (`print-report-LANG-N.png`).

    python3 tests/web/print_check.py [--arbiter target/debug/arbiter] [--screenshots docs/screenshots]

Needs Debian's `chromium` and `poppler-utils`. Without them it prints a notice and exits 0,
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


def build_event(arbiter, state):
    run(arbiter, "tournament", "new", state, "--name",
        "Первенство школ района по шахматам среди учащихся 1–4 классов", "--rounds", "4")
    for name, sex, rating in PLAYERS:
        extra = ["--rating", str(rating)] if rating else []
        run(arbiter, "tournament", "add-player", state, "--name", name, "--sex", sex, *extra)
    for rnd in range(1, 5):
        run(arbiter, "tournament", "pair", state, "--auto")
        for board in range(1, 12):
            run(arbiter, "tournament", "result", state, "--round", str(rnd), "--board", str(board),
                RESULTS[(board + rnd) % 6])
    # The report's categories and prize lists, and its chief arbiter.
    for name, rule in [("Девочки", ["--sex", "f"]), ("Мальчики", ["--sex", "m"]),
                       ("Рейтинг до 1300", ["--rating", "0-1299"])]:
        run(arbiter, "tournament", "category", "add", state, "--name", name, *rule)
    run(arbiter, "tournament", "category", "settings", state, "--chief-arbiter", "Иванова А. П.")


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


def check_report(check, chromium, work, url, lang, words, shots, cli_file):
    """`/report` in `lang` printed to A4: every section, names whole, no heading last on a
    page, at most 6 pages; the CLI's file prints the same number of pages."""
    m = messages(lang)
    pdf = os.path.join(work, f"report-{lang}.pdf")
    pages, _ = print_pdf(chromium, work, f"{url}/report?lang={lang}", pdf)
    check(1 <= pages <= 6, f"/report ({lang}): {pages} A4 pages, 1 to 6 wanted")
    text = run("pdftotext", "-layout", pdf, "-")
    after = {"ru": "Положение после 4-го тура", "en": "Standings after round 4"}[lang]
    headings = [m["report-title"], m["report-participants"], after, m["report-crosstable"],
                m["report-prizes"], m["report-incidents"], "Девочки", "Мальчики", "Рейтинг до 1300"]
    flat = re.sub(r"\s+", " ", text).replace("\u2011", "-")
    missing = [h for h in headings + [m["report-chief"], "Иванова А. П.", m["report-withdrawals"]]
               if h not in flat]
    check(not missing, f"/report ({lang}): sections missing from the PDF: {missing}")
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
    try:
        for page, most, shot in [("/standings", 1, "print-standings-ru"),
                                 ("/crosstable", 2, "print-crosstable-ru"),
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
            if page == "/standings":
                check("Бухгольц усечённый" in text and "Коэффициент Бергера" in text,
                      "/standings: the tie-breaks explained in Russian")
            if page == "/crosstable":
                size = re.search(r"^Page size:.*$", info, re.M).group(0)
                check(re.search(r"Page size:\s+841", size), f"/crosstable prints landscape: {size}")
            subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                            pdf, os.path.join(args.screenshots, shot)], check=True)
        for lang in ("ru", "en"):
            cli_file = os.path.join(work, f"report-{lang}.html")
            run(args.arbiter, "tournament", "report", state, "--output", cli_file, "--lang", lang)
            check_report(check, chromium, work, url, lang, words, args.screenshots, cli_file)
    finally:
        server.kill()
    print(f"print: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
