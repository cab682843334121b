"""Checks the HTML viewer in headless Chromium: layout (no overflow, slot order), keyboard navigation,
thumbnail links, console errors, that no script of the book runs, and HTML5 validity (html5lib strict)."""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import traceback

import html5lib
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import a11y
import reader
from inline_styles import check_inline_styles

RESULTS = {"passed": 0, "failed": 0, "skipped": 0}


def check(name, condition, detail=""):
    """Records one assertion; failures print what was wrong but the suite goes on."""
    if condition:
        RESULTS["passed"] += 1
    else:
        RESULTS["failed"] += 1
        print(f"FAIL {name}: {detail}", flush=True)
    return condition


def books(root, corpus):
    """(name, input, extra arguments, expected progression, vertical pages?) for every book under test."""
    landscape = ["--orientation", "landscape"]
    out = [
        ("lighthouse", f"{root}/Samples/lighthouse-keeper", landscape, "ltr", False),
        ("hostile", f"{root}/Tests/Fixtures-html/hostile-book", landscape, "ltr", False),
        ("hostile-single", f"{root}/Tests/Fixtures-html/hostile-book", landscape + ["--single-file"], "ltr", False),
        ("lighthouse-scroll", f"{root}/Samples/lighthouse-keeper",
         landscape + ["--transition", "scroll", "--gap", "2"], "ltr", False),
        ("lighthouse-vertical-axis-rtl", f"{root}/Samples/lighthouse-keeper",
         landscape + ["--axis", "vertical", "--direction", "rtl"], "rtl", False),
        # The default orientation (auto, issue 22): validity, determinism and the checks above at 1400×1000.
        ("lighthouse-auto", f"{root}/Samples/lighthouse-keeper", [], "ltr", False),
        ("toc-mid", f"{root}/Tests/Browser/fixtures/toc-mid", [], "ltr", False),
    ]
    e = f"{corpus}/epub"
    real = [
        ("sherlock", f"{e}/standardebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.epub", landscape, "ltr", False),
        ("arabic", f"{e}/regime-anticancer-arabic.epub", landscape, "rtl", False),
        ("kusamakura", f"{e}/kusamakura-japanese-vertical-writing.epub", landscape, "rtl", True),
        ("kusamakura-single", f"{e}/kusamakura-japanese-vertical-writing.epub", landscape + ["--single-file", "--transition", "scroll"], "rtl", True),
        ("w3c-page-spread-right", f"{e}/w3c/lay-fxl-page-spread-right.epub", landscape, None, False),
        ("w3c-progression-rtl", f"{e}/w3c/pkg-spine-progression_rtl.epub", landscape, "rtl", False),
    ]
    if not corpus:
        RESULTS["skipped"] = len(real)
        print(f"browser: QUIRE_CORPUS is not set: skipping the {len(real)} corpus books "
              f"({', '.join(name for name, *_ in real)})", flush=True)
        return out
    for name, path, *_ in real:
        if not os.path.exists(path):
            raise SystemExit(f"browser: QUIRE_CORPUS is set but {path} is missing")
    return out + real


def make_driver():
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--force-prefers-reduced-motion"]:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def url(path):
    return "file://" + os.path.abspath(path)


def load(driver, name, path):
    """Opens a file and checks the console stayed clean and that nothing of the book ran."""
    driver.get(url(path))
    driver.execute_script("return document.readyState")
    severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(f"{name}: no console errors in {os.path.basename(path)}", not severe, severe[:3])
    state = driver.execute_script("""
        var foreign = [];
        document.querySelectorAll('*').forEach(function (e) {
          for (var i = 0; i < e.attributes.length; i++) {
            var a = e.attributes[i].name;
            if (a.indexOf('on') === 0 || a === 'style') foreign.push(e.tagName + '[' + a + ']');
          }
          // Links allowed: prev/next, and the reader's own stylesheet (a folder site's assets/reader.css).
          var own = e.tagName === 'LINK' && (['prev','next'].indexOf(e.rel) >= 0
                    || (e.rel === 'stylesheet' && e.getAttribute('href') === 'assets/reader.css'));
          if (['IFRAME','OBJECT','EMBED','FORM','BASE','LINK'].indexOf(e.tagName) >= 0 && !own) foreign.push(e.tagName);
        });
        return {pwned: window.__pwned === undefined ? null : String(window.__pwned), title: document.title,
                scripts: document.scripts.length, foreign: foreign,
                csp: !!document.querySelector('meta[http-equiv="Content-Security-Policy"]')};
    """)
    check(f"{name}: no script of the book ran in {os.path.basename(path)}", state["pwned"] is None, state["pwned"])
    check(f"{name}: title untouched in {os.path.basename(path)}", "PWNED" not in state["title"], state["title"])
    check(f"{name}: only the viewer's script in {os.path.basename(path)}", state["scripts"] == 1, state["scripts"])
    check(f"{name}: no handlers, styles or embeds in {os.path.basename(path)}", not state["foreign"], state["foreign"][:5])
    check(f"{name}: CSP meta in {os.path.basename(path)}", state["csp"])


OVERFLOW_JS = """
    var bad = [], n = 0;
    document.querySelectorAll(arguments[0]).forEach(function (e) {
      n++;
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
        bad.push(e.className + ' ' + (e.closest('[data-page]') || {dataset: {}}).dataset.page + ': ' +
                 e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight);
      }
    });
    return {n: n, bad: bad.slice(0, 5), count: bad.length};
"""

# The text itself, not only the boxes: every line's content measured with a Range fits the line's box.
INK_JS = """
    var bad = [];
    document.querySelectorAll('main .l').forEach(function (line) {
      var box = line.getBoundingClientRect();
      var range = document.createRange();
      range.selectNodeContents(line);
      var ink = range.getBoundingClientRect();
      if (ink.width === 0 && ink.height === 0) return;
      if (ink.left < box.left - 1 || ink.right > box.right + 1 || ink.top < box.top - 1 || ink.bottom > box.bottom + 1) {
        bad.push((line.closest('[data-page]') || {dataset: {}}).dataset.page + ': ' + JSON.stringify(line.textContent.slice(0, 20)));
      }
    });
    return bad;
"""


def check_overflow(driver, name, where, ink=True):
    result = driver.execute_script(OVERFLOW_JS, ".page, .l, .w, .r")
    check(f"{name}: no page or line overflows in {where} ({result['n']} boxes)", result["count"] == 0 and result["n"] > 0,
          f"{result['count']} overflow: {result['bad']}")
    if ink:
        bad = driver.execute_script(INK_JS)
        check(f"{name}: every line's text lies inside its box in {where}", not bad, f"{len(bad)}: {bad[:5]}")


def check_slots(driver, name, where, spread, progression, axis):
    """Visual order of the slots: page numbers grow in reading direction."""
    boxes = driver.execute_script("""
        return Array.prototype.map.call(document.querySelectorAll('main .spread .slot'), function (s) {
          var p = s.querySelector('.page'), r = p.getBoundingClientRect();
          return {page: p.dataset.page ? Number(p.dataset.page) : null, x: r.left, y: r.top, side: s.className};
        });
    """)
    expected = [slot.get("page") for slot in spread["slots"]]
    check(f"{name}: slots as in book.json in {where}", [b["page"] for b in boxes] == expected, f"{boxes} vs {expected}")
    pages = [b for b in boxes if b["page"] is not None]
    if len(boxes) == 2:
        key = "y" if axis == "vertical" else "x"
        check(f"{name}: the two slots sit side by side along the {axis} axis in {where}", boxes[0][key] < boxes[1][key], boxes)
    if len(pages) == 2:
        first, second = sorted(pages, key=lambda b: b["page"])
        key = "y" if axis == "vertical" else "x"
        ok = first[key] < second[key] if progression == "ltr" else first[key] > second[key]
        check(f"{name}: page {first['page']} before page {second['page']} in {progression} on the {axis} axis in {where}", ok, boxes)


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()
    time.sleep(0.25)


def current_file(driver):
    return os.path.basename(driver.current_url.split("#")[0])


def check_files_mode(driver, name, folder, data, progression, axis, screenshots):
    spreads = data["spreads"]
    forward = {("ltr", "horizontal"): Keys.ARROW_RIGHT, ("rtl", "horizontal"): Keys.ARROW_LEFT,
               ("ltr", "vertical"): Keys.ARROW_DOWN, ("rtl", "vertical"): Keys.ARROW_UP}[(progression, axis)]
    backward = {Keys.ARROW_RIGHT: Keys.ARROW_LEFT, Keys.ARROW_LEFT: Keys.ARROW_RIGHT,
                Keys.ARROW_DOWN: Keys.ARROW_UP, Keys.ARROW_UP: Keys.ARROW_DOWN}[forward]
    # The index: every thumbnail links to the file of its spread, and shows the same pages as that file.
    load(driver, name, f"{folder}/index.html")
    check_overflow(driver, name, "index.html (all thumbnails)", ink=False)
    if screenshots:
        driver.save_screenshot(f"{screenshots}/{name}-index.png")
    thumbs = driver.execute_script("""
        return Array.prototype.map.call(document.querySelectorAll('a.thumb'), function (a) {
          var box = a.querySelector('.tbox').getBoundingClientRect(), shown = true;
          a.querySelectorAll('.page').forEach(function (p) {
            var r = p.getBoundingClientRect();
            if (r.width < 2 || r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) shown = false;
          });
          return {href: a.getAttribute('href'), pages: a.querySelector('.spread').dataset.pages, x: a.getBoundingClientRect().left, y: a.getBoundingClientRect().top, shown: shown};
        });
    """)
    check(f"{name}: one thumbnail per spread", len(thumbs) == len(spreads), f"{len(thumbs)} vs {len(spreads)}")
    hidden = [t["href"] for t in thumbs if not t["shown"]]
    check(f"{name}: every thumbnail shows its pages whole inside its box", not hidden, hidden[:5])
    for i, (thumb, spread) in enumerate(zip(thumbs, spreads)):
        target = "spread-%04d.html" % spread["number"]
        pages = " ".join(str(p) for p in sorted(s["page"] for s in spread["slots"] if s.get("page")))
        text = open(f"{folder}/{target}", encoding="utf-8").read()
        m = re.search(r'<main[^>]*><div class="spread[^"]*" data-spread="(\d+)" data-pages="([^"]*)"', text)
        if not check(f"{name}: thumbnail {i + 1} links to {target} showing pages {pages}",
                     thumb["href"] == target and thumb["pages"] == pages and m and m.group(2) == pages,
                     f"{thumb} / {m and m.groups()}"):
            break
    if len(thumbs) >= 2 and thumbs[0]["y"] == thumbs[1]["y"]:
        ok = thumbs[0]["x"] < thumbs[1]["x"] if progression == "ltr" else thumbs[0]["x"] > thumbs[1]["x"]
        check(f"{name}: the thumbnail grid runs {progression}", ok, thumbs[:2])
    # Contents entries point at spread files that exist.
    toc = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('nav.toc a'), function (a) { return a.getAttribute('href'); });")
    check(f"{name}: contents links point at spreads", all(os.path.exists(f"{folder}/{h.split('#')[0]}") for h in toc), toc[:5])
    # Spread files: a sample through the book, all of them for small books.
    count = len(spreads)
    sample = sorted(set(range(count)) if count <= 12 else {0, 1, 2, count // 3, count // 2, 2 * count // 3, count - 2, count - 1})
    for index in sample:
        spread = spreads[index]
        file = "spread-%04d.html" % spread["number"]
        load(driver, name, f"{folder}/{file}")
        check_overflow(driver, name, file)
        check_slots(driver, name, file, spread, progression, axis)
        if index in (0, 1, count // 2) and screenshots:
            driver.save_screenshot(f"{screenshots}/{name}-{file[:-5]}.png")
    # Keys: forward and back in reading direction, Home and End.
    if count >= 3:
        load(driver, name, f"{folder}/spread-0002.html")
        press(driver, forward)
        check(f"{name}: forward key goes to the next spread", current_file(driver) == "spread-0003.html", current_file(driver))
        press(driver, backward)
        check(f"{name}: backward key goes to the previous spread", current_file(driver) == "spread-0002.html", current_file(driver))
        press(driver, backward)
        check(f"{name}: backward again reaches the first", current_file(driver) == "spread-0001.html", current_file(driver))
        press(driver, backward)
        check(f"{name}: nothing before the first spread", current_file(driver) == "spread-0001.html", current_file(driver))
        press(driver, Keys.END)
        last = "spread-%04d.html" % spreads[-1]["number"]
        check(f"{name}: End goes to the last spread", current_file(driver) == last, current_file(driver))
        press(driver, forward)
        check(f"{name}: nothing after the last spread", current_file(driver) == last, current_file(driver))
        press(driver, Keys.HOME)
        check(f"{name}: Home goes to the first spread", current_file(driver) == "spread-0001.html", current_file(driver))
        wrong = {Keys.ARROW_RIGHT: Keys.ARROW_LEFT, Keys.ARROW_LEFT: Keys.ARROW_RIGHT}.get(backward)
        if axis == "horizontal":
            press(driver, backward)
            check(f"{name}: the key against the reading direction does not go forward from the first", current_file(driver) == "spread-0001.html", current_file(driver))


def visible_section(driver):
    return driver.execute_script("""
        var best = null, distance = Infinity;
        document.querySelectorAll('section.spread-view').forEach(function (s) {
          var r = s.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) return;
          var d = Math.abs(r.left + r.width / 2 - innerWidth / 2) + Math.abs(r.top + r.height / 2 - innerHeight / 2);
          if (d < distance) { distance = d; best = s.id; }
        });
        return best;
    """)


def check_in_page_mode(driver, name, file, data, progression, axis, scroll, screenshots):
    """--single-file (spreads shown by :target) and --transition scroll (spreads slide in one track)."""
    spreads = data["spreads"]
    forward = {("ltr", "horizontal"): Keys.ARROW_RIGHT, ("rtl", "horizontal"): Keys.ARROW_LEFT,
               ("ltr", "vertical"): Keys.ARROW_DOWN, ("rtl", "vertical"): Keys.ARROW_UP}[(progression, axis)]
    backward = {Keys.ARROW_RIGHT: Keys.ARROW_LEFT, Keys.ARROW_LEFT: Keys.ARROW_RIGHT,
                Keys.ARROW_DOWN: Keys.ARROW_UP, Keys.ARROW_UP: Keys.ARROW_DOWN}[forward]
    load(driver, name, file)
    check_overflow(driver, name, os.path.basename(file), ink=False)
    count = driver.execute_script("return document.querySelectorAll('section.spread-view').length")
    check(f"{name}: one section per spread", count == len(spreads), f"{count} vs {len(spreads)}")
    if len(spreads) < 3:
        return
    if scroll:
        driver.get(url(file) + "#spread-0002")
        time.sleep(0.5)
        check(f"{name}: spread 2 in view", visible_section(driver) == "spread-0002", visible_section(driver))
        press(driver, forward)
        time.sleep(0.8)
        check(f"{name}: forward key slides to spread 3", visible_section(driver) == "spread-0003", visible_section(driver))
        press(driver, backward)
        time.sleep(0.8)
        check(f"{name}: backward key slides back to spread 2", visible_section(driver) == "spread-0002", visible_section(driver))
        # Spreads follow each other along the axis, in reading direction.
        rects = driver.execute_script("return ['spread-0001','spread-0002'].map(function (id) { var r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top]; });")
        key = 1 if axis == "vertical" else 0
        ok = rects[0][key] < rects[1][key] if progression == "ltr" else rects[0][key] > rects[1][key]
        check(f"{name}: spreads slide {progression} along the {axis} axis", ok, rects)
    else:
        press(driver, forward)
        check(f"{name}: forward from the contents opens spread 1", driver.current_url.endswith("#spread-0001"), driver.current_url)
        press(driver, forward)
        check(f"{name}: forward key shows spread 2", driver.current_url.endswith("#spread-0002") and visible_section(driver) == "spread-0002",
              (driver.current_url, visible_section(driver)))
        press(driver, backward)
        check(f"{name}: backward key shows spread 1", driver.current_url.endswith("#spread-0001"), driver.current_url)
    check_overflow(driver, name, os.path.basename(file) + " (spread in view)")
    if screenshots:
        driver.save_screenshot(f"{screenshots}/{name}.png")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quire", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    corpus = os.environ.get("QUIRE_CORPUS")
    shutil.rmtree(args.out, ignore_errors=True)
    shutil.rmtree(args.screenshots, ignore_errors=True)
    os.makedirs(args.screenshots)
    # QUIRE_BROWSER_ONLY=reader,a11y (comma-separated: books, inline, reader, a11y) runs only those parts.
    only = set(filter(None, os.environ.get("QUIRE_BROWSER_ONLY", "books,inline,reader,a11y").split(",")))
    driver = make_driver()
    try:
        for name, path, extra, progression, vertical in (books(args.root, corpus) if "books" in only else []):
            try:
                folder = f"{args.out}/{name}"
                run = subprocess.run([args.quire, "render", path, "--format", "html", "-o", folder, "--quiet"] + extra,
                                     capture_output=True, text=True)
                if not check(f"{name}: quire exits 0", run.returncode == 0, run.stderr.strip()):
                    continue
                again = subprocess.run([args.quire, "render", path, "--format", "html", "-o", folder + "-again", "--quiet"] + extra,
                                       capture_output=True, text=True)
                same = subprocess.run(["diff", "-r", folder, folder + "-again"], capture_output=True).returncode == 0
                check(f"{name}: output is byte-identical from run to run", again.returncode == 0 and same)
                shutil.rmtree(folder + "-again", ignore_errors=True)
                data = json.load(open(f"{folder}/book.json", encoding="utf-8"))
                progression = progression or data["layout"]["direction"]
                check(f"{name}: progression is {progression}", data["layout"]["direction"] == progression, data["layout"])
                axis = data["layout"]["axis"]
                if vertical:
                    check(f"{name}: pages are vertical-rl", any(p["writingMode"] == "vertical-rl" for p in data["pages"]))
                html_files = sorted(glob.glob(f"{folder}/*.html"))
                for file in html_files:
                    try:
                        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(open(file, "rb").read())
                        check(f"{name}: {os.path.basename(file)} is valid HTML5", True)
                    except Exception as error:  # html5lib raises ParseError with the position
                        check(f"{name}: {os.path.basename(file)} is valid HTML5", False, error)
                outside = [f for f in glob.glob(f"{folder}/**", recursive=True)
                           if os.path.isfile(f) and not re.fullmatch(r"(index|book|spread-\d{4})\.(html|json)|assets/image-\d{4}\.(png|jpg|gif|webp|svg)|assets/reader\.(css|js)",
                                                                     os.path.relpath(f, folder))]
                check(f"{name}: only Quire's own file names", not outside, outside[:5])
                if "--single-file" in extra:
                    check_in_page_mode(driver, name, f"{folder}/index.html", data, progression, axis,
                                       "--transition" in extra and "scroll" in extra, args.screenshots)
                elif "scroll" in extra:
                    check_in_page_mode(driver, name, f"{folder}/book.html", data, progression, axis, True, args.screenshots)
                else:
                    check_files_mode(driver, name, folder, data, progression, axis, args.screenshots)
            except Exception:
                check(f"{name}: harness ran", False, traceback.format_exc())
        try:
            if "inline" in only:
                check_inline_styles(driver, check, load, args.quire, args.root, args.out, args.screenshots)
        except Exception:
            check("inline-styles: harness ran", False, traceback.format_exc())
        suite = sys.modules[__name__]
        try:
            if "reader" in only:
                reader.run(suite, driver, args.quire, args.root, args.out, args.screenshots, corpus)
        except Exception:
            check("reader: harness ran", False, traceback.format_exc())
        try:
            if "a11y" in only:
                a11y.run(suite, driver, args.quire, args.root, args.out, args.screenshots)
        except Exception:
            check("a11y: harness ran", False, traceback.format_exc())
    finally:
        driver.quit()
    skipped = f", {RESULTS['skipped']} corpus books skipped (QUIRE_CORPUS not set)" if RESULTS.get("skipped") else ""
    print(f"browser: {RESULTS['passed']} passed, {RESULTS['failed']} failed{skipped}")
    return 0 if RESULTS["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
