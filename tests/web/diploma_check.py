"""Diplomas of `arbiter serve`, as headless Chromium prints them to A4 PDF; run by .ci/run.

The 23-child event of tests/data/make-school-event.sh (grades 1–4, five categories) is built
with the command line; the desk's /diplomas page is printed with `chromium --print-to-pdf`
and read back with poppler's `pdfinfo` and `pdftotext`, page by page:

- one A4 page per diploma (14 prize places in the five categories);
- on each page the winner's name in the dative case, agreeing with the sex (Поповой Варваре,
  Соловьёву Александру), the place and the category in the same words («занявшей 1 место в
  категории «Девочки 1–2 классы»»), the chief arbiter and the date;
- one category's diplomas alone (`?category=`).

The first page goes to `--screenshots` as PNG (pdftoppm).

    python3 tests/web/diploma_check.py [--arbiter target/debug/arbiter] [--screenshots DIR]

Needs Debian's `chromium` and `poppler-utils`; without them it prints a notice and exits 0,
except under CI (CI=true). Prints `N passed, M failed`; exits 1 on a failure.
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
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--no-pdf-header-footer"]

# (name in the dative, words after it), page by page: the prize lists of tests/it/categories.rs.
DIPLOMAS = [
    ("Поповой Варваре", "занявшей 1 место в категории «1–2 классы»"),
    ("Козловой Алисе", "занявшей 2 место в категории «1–2 классы»"),
    ("Соловьёву Александру", "занявшему 3 место в категории «1–2 классы»"),
    ("Лебедеву Марку", "занявшему 1 место в категории «3–4 классы»"),
    ("Кузнецовой Марии", "занявшей 2 место в категории «3–4 классы»"),
    ("Сидорову Илье", "занявшему 3 место в категории «3–4 классы»"),
    ("Поповой Варваре", "занявшей 1 место в категории «Девочки 1–2 классы»"),
    ("Козловой Алисе", "занявшей 2 место в категории «Девочки 1–2 классы»"),
    ("Соколовой Еве", "занявшей 3 место в категории «Девочки 1–2 классы»"),
    ("Кузнецовой Марии", "занявшей 1 место в категории «Девочки 3–4 классы»"),
    ("Абдурахмановой Зульфии", "занявшей 2 место в категории «Девочки 3–4 классы»"),
    ("Морозовой Полине", "занявшей 3 место в категории «Девочки 3–4 классы»"),
    ("Поповой Варваре", "занявшей 1 место в категории «Родившиеся в 2018 году и позже»"),
    ("Новикову Льву", "занявшему 2 место в категории «Родившиеся в 2018 году и позже»"),
]


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def flat(text):
    # Spaces of any kind as one (a number keeps its word by a no-break space), word joiners
    # (after the dash of «3–4 классы») dropped.
    return re.sub(r"\s+", " ", text.replace("\u2060", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/debug/arbiter"))
    ap.add_argument("--screenshots", default=os.path.join(ROOT, "target/web-screenshots"))
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    tools = [chromium, shutil.which("pdfinfo"), shutil.which("pdftotext"), shutil.which("pdftoppm")]
    if not all(tools):
        if os.environ.get("CI"):
            print("FAILED: chromium and poppler-utils are required in CI")
            return 1
        print("notice: chromium or poppler-utils not found: the diploma check is skipped (CI runs it)")
        return 0
    work = tempfile.mkdtemp(prefix="arbiter-diplomas-")
    state = os.path.join(work, "event.arbiter")
    run(os.path.join(ROOT, "tests/data/make-school-event.sh"), args.arbiter, state)
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

    def print_pdf(page, name):
        pdf = os.path.join(work, name + ".pdf")
        subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={work}/chromium",
                        f"--print-to-pdf={pdf}", f"{url}{page}"],
                       check=True, capture_output=True, timeout=120)
        info = run("pdfinfo", pdf)
        pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
        size = re.search(r"^Page size:.*$", info, re.M).group(0)
        check(re.search(r"Page size:\s+59\d[.0-9]* x 84\d", size), f"{page}: A4 portrait: {size}")
        return pdf, pages

    os.makedirs(args.screenshots, exist_ok=True)
    try:
        pdf, pages = print_pdf("/diplomas?lang=ru", "diplomas-ru")
        check(pages == len(DIPLOMAS), f"/diplomas: {pages} pages for {len(DIPLOMAS)} diplomas")
        for i, (name, award) in enumerate(DIPLOMAS, start=1):
            text = flat(run("pdftotext", "-f", str(i), "-l", str(i), pdf, "-"))
            check(name in text, f"page {i}: {name!r} not in {text!r}")
            check(award in text, f"page {i}: {award!r} not in {text!r}")
            check("ГРАМОТА" in text and "Иванова А. П." in text and "06.12.2026" in text,
                  f"page {i}: title, chief arbiter or date missing: {text!r}")
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", "-singlefile",
                        pdf, os.path.join(args.screenshots, "diploma-ru")], check=True)
        pdf, pages = print_pdf("/diplomas?lang=ru&category=%D0%94%D0%B5%D0%B2%D0%BE%D1%87%D0%BA%D0%B8%203%E2%80%934%20%D0%BA%D0%BB%D0%B0%D1%81%D1%81%D1%8B",
                               "diplomas-girls-34")
        check(pages == 3, f"one category: {pages} pages, 3 wanted")
        text = flat(run("pdftotext", pdf, "-"))
        check("Кузнецовой Марии" in text and "Поповой" not in text, f"one category: {text!r}")
    finally:
        server.kill()
    print(f"diplomas: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
