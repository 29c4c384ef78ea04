"""What the newer browser tests share: the checks' count, the browser, the desk.

    from webcheck import Checks, browsers, setup, start_desk
"""

import argparse
import os
import shutil
import subprocess


class Checks:
    """Counts checks; a failed one is printed at once (`FAILED: what`)."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAILED: {what}", flush=True)
        return ok


def browsers():
    """(chromium, chromedriver) paths, or None: then the caller skips, except under CI (CI=true),
    where a missing browser fails (the message printed here)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chromium and driver:
        return chromium, driver
    if os.environ.get("CI"):
        print("FAILED: chromium and chromedriver are required in CI")
    else:
        print("notice: chromium or chromedriver not found: the browser test is skipped (CI runs it)")
    return None


def setup(root, screenshots="target/web-screenshots"):
    """The test's command line (`--arbiter`, `--screenshots`, paths from `root`) and the browser:
    (args, (chromium, chromedriver)), or (args, None) when the browser is missing ([`browsers`]:
    the caller returns 1 under CI, else 0). The screenshots' folder is made."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(root, "target/debug/arbiter"))
    ap.add_argument("--screenshots", default=os.path.join(root, screenshots))
    args = ap.parse_args()
    found = browsers()
    if found:
        os.makedirs(args.screenshots, exist_ok=True)
    return args, found


def phone(b, width, height):
    """Gives browser `b` a phone's viewport of exactly `width`×`height` px (a headless window
    keeps a minimum width of its own)."""
    b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def browser(chromium, driver, script=True, width=1280, height=1000):
    """Headless Chromium in Russian, `width`×`height` px; `script=False` turns scripting off."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--no-first-run", f"--window-size={width},{height}", "--lang=ru"]:
        opts.add_argument(a)
    if not script:
        opts.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service(driver), options=opts)


def start_desk(arbiter, state):
    """`arbiter serve STATE` on a free loopback port in Russian: (process, its address)."""
    server = subprocess.Popen([arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    return server, next(w for w in line.split() if w.startswith("http://")).rstrip("/")


def new_event(arbiter, state, name, players, top_rating):
    """An event of `players` (names, rated `top_rating` down by 10) made with the command line,
    round 1 paired."""
    run = lambda *a: subprocess.run([arbiter, *a], check=True, stdout=subprocess.DEVNULL)
    run("tournament", "new", state, "--name", name, "--rounds", "3")
    for i, player in enumerate(players):
        run("tournament", "add-player", state, "--name", player, "--rating", str(top_rating - 10 * i))
    run("tournament", "pair", state, "--auto")
