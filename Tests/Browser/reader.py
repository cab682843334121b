"""The HTML reader (issue 22) in headless Chromium, against /work/wt/briefs/reader-contract.md: one site shows two
pages (o-land) or one (o-port) by the window, rotating keeps the page being read, `#pN` opens page N, keys and
clicks turn in the reading direction, contents entries land on their fragment's page, nothing overflows at tablet
and phone sizes, and the index of a vertical Japanese book reads left to right.

Window sizes are set with CDP `Emulation.setDeviceMetricsOverride`, so the figures below are the viewport's
(`innerWidth` × `innerHeight`), not the window's: headless Chromium's window is larger than its viewport, and the
override fires `resize` as a real rotation does. Books are rendered with the default orientation (auto)."""
import json
import os
import re
import shutil
import subprocess
import time

from selenium.webdriver.common.keys import Keys

LAND, PORT = (1400, 900), (700, 1000)
OVERFLOW_SIZES = [(1400, 1000), (1024, 768), (800, 1280), (390, 844)]

# Visible page = a `.slot` in `main` holding a page, with a box, not hidden, and at least half of it (of what
# the viewport can show) inside the viewport (the contract: width > 0 and within the viewport).
STATE_JS = """
    var pages = [], scope = null;
    document.querySelectorAll('main .slot').forEach(function (s) {
      var p = s.querySelector('.page[data-page]');
      if (!p) return;
      var r = s.getBoundingClientRect(), cs = getComputedStyle(s);
      if (r.width <= 0 || r.height <= 0 || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return;
      var w = Math.min(r.right, innerWidth) - Math.max(r.left, 0), h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
      if (w < Math.min(r.width, innerWidth) * 0.5 || h < Math.min(r.height, innerHeight) * 0.5) return;
      pages.push(Number(p.dataset.page));
      var d = Math.abs(r.left + r.width / 2 - innerWidth / 2) + Math.abs(r.top + r.height / 2 - innerHeight / 2);
      if (!scope || d < scope.d) scope = {d: d, section: s.closest('section')};
    });
    // Single-file and scroll views have a bar per spread: the one of the slot nearest the centre speaks.
    var here = ((scope && scope.section) || document).querySelector('.bar .here');
    return {pages: pages.sort(function (a, b) { return a - b; }), hash: location.hash,
            file: location.pathname.split('/').pop(), land: document.body.classList.contains('o-land'),
            port: document.body.classList.contains('o-port'), orientation: document.body.dataset.orientation || null,
            here: here ? here.textContent : null, size: [innerWidth, innerHeight]};
"""

# The main box against the viewport: the document must not scroll sideways and main must not stick out.
MAIN_JS = """
    var m = document.querySelector('main'), r = m.getBoundingClientRect(), d = document.documentElement;
    return {left: r.left, right: r.right, scroll: m.scrollWidth, client: m.clientWidth, page: d.scrollWidth, width: innerWidth};
"""

# What a click at (x, y) would hit: the first link around it, if any (a click on a link must not turn the page).
HIT_JS = "var e = document.elementFromPoint(arguments[0], arguments[1]); return e ? !!e.closest('a, input, button') : true;"

# Each visible page's box (viewport pixels) and number, for choosing where to click.
BOXES_JS = """
    return Array.prototype.map.call(document.querySelectorAll('main .slot .page[data-page]'), function (p) {
      var r = p.getBoundingClientRect();
      return {page: Number(p.dataset.page), left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
    }).filter(function (b) { return b.width > 0 && b.right > 0 && b.left < innerWidth; });
"""


class Reader:
    def __init__(self, suite, driver, quire, root, out, screenshots, corpus):
        self.suite, self.driver, self.quire, self.root = suite, driver, quire, root
        self.out, self.screenshots, self.corpus = out, screenshots, corpus
        self.size = None

    def check(self, name, condition, detail=""):
        return self.suite.check(name, condition, detail)

    # Rendering and the browser

    def render(self, name, book, extra=()):
        """Renders with the default orientation (auto); returns the folder and book.json, or None."""
        folder = f"{self.out}/reader-{name}"
        run = subprocess.run([self.quire, "render", book, "--format", "html", "-o", folder, "--quiet"] + list(extra),
                             capture_output=True, text=True)
        if not self.check(f"reader {name}: quire exits 0", run.returncode == 0, run.stderr.strip()):
            return None, None
        return folder, json.load(open(f"{folder}/book.json", encoding="utf-8"))

    def viewport(self, width, height):
        """Sets the viewport (CSS pixels, scale 1) and waits until the page sees it."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.size = (width, height)
        self.until(lambda s: s == [width, height], "return [innerWidth, innerHeight]")
        time.sleep(0.2)

    def open(self, path, fragment=""):
        """A fresh load (about:blank first, so a new fragment of the same file is a load, not a hash change)."""
        self.driver.get("about:blank")
        self.driver.get("file://" + os.path.abspath(path) + fragment)
        self.driver.execute_script("return document.readyState")

    def until(self, ok, script=STATE_JS, timeout=3.0):
        """Polls a script until `ok(value)` (the reader may debounce resizes or wait a frame); returns the last value."""
        end = time.time() + timeout
        while True:
            value = self.driver.execute_script(script)
            if ok(value) or time.time() > end:
                return value
            time.sleep(0.1)

    def errors(self, name):
        severe = [e["message"][:200] for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]
        self.check(f"reader {name}: no console errors", not severe, severe[:3])

    def shot(self, name):
        if self.screenshots:
            path = f"{self.screenshots}/reader-{name}-{self.size[0]}x{self.size[1]}.png"
            self.driver.save_screenshot(path)
            return path

    # Expectations from book.json (landscape spreads when the orientation is auto)

    @staticmethod
    def spread_of(data, page):
        return next(s for s in data["spreads"] if page in [slot.get("page") for slot in s["slots"]])

    @staticmethod
    def pages(spread):
        return sorted(slot["page"] for slot in spread["slots"] if slot.get("page"))

    @staticmethod
    def file(spread):
        return "spread-%04d.html" % spread["number"]

    def expect(self, name, want, land):
        """Waits for the view to show exactly `want` in the orientation `land`, then checks it."""
        state = self.until(lambda s: s["pages"] == want and s["land"] == land and s["port"] != land)
        where = f"{self.size[0]}x{self.size[1]} {state['file']}{state['hash']}"
        self.check(f"{name} ({where})", state["pages"] == want and state["land"] == land and state["port"] != land,
                   f"expected pages {want} in {'o-land' if land else 'o-port'}, saw {state}")
        return state

    # The checks

    def rotation(self, name, folder, data):
        """Landscape ⇄ portrait from pages 2 and 3 (the seeds' rotation, expected spreads from book.json)."""
        for page in (2, 3):
            spread = self.spread_of(data, page)
            both, file = self.pages(spread), self.file(spread)
            self.viewport(*LAND)
            self.open(f"{folder}/{file}", f"#p{page}")
            self.expect(f"reader {name}: #p{page} at 1400x900 shows its spread {both}", both, True)
            self.shot(f"{name}-p{page}")
            self.viewport(*PORT)
            self.expect(f"reader {name}: landscape → portrait keeps page {page}", [page], False)
            self.shot(f"{name}-p{page}")
            self.viewport(*LAND)
            state = self.expect(f"reader {name}: portrait → landscape from page {page} shows {both}", both, True)
            self.check(f"reader {name}: back in landscape from page {page}, the file is {file}", state["file"] == file, state)
            # Opened in portrait, then turned to landscape.
            self.viewport(*PORT)
            self.open(f"{folder}/{file}", f"#p{page}")
            self.expect(f"reader {name}: #p{page} opened in portrait shows page {page} alone", [page], False)
            self.viewport(*LAND)
            self.expect(f"reader {name}: opened in portrait at page {page}, landscape shows {both}", both, True)
        # No fragment: portrait keeps the spread's first page in reading order.
        spread = self.spread_of(data, 3)
        self.viewport(*LAND)
        self.open(f"{folder}/{self.file(spread)}")
        self.expect(f"reader {name}: {self.file(spread)} without a fragment shows {self.pages(spread)}", self.pages(spread), True)
        self.viewport(*PORT)
        self.expect(f"reader {name}: portrait from {self.file(spread)} shows its first page", self.pages(spread)[:1], False)

    def fragment(self, name, folder, data, mode, page=10):
        """`#p10` opens page 10 in both orientations; files mode also from `index.html#p10`, which redirects."""
        spread = self.spread_of(data, page)
        total = len(data["pages"])
        for size, land in ((LAND, True), (PORT, False)):
            self.viewport(*size)
            targets = {"files": [self.file(spread), "index.html"], "single": ["index.html"], "scroll": ["book.html"]}[mode]
            for target in targets:
                self.open(f"{folder}/{target}", f"#p{page}")
                want = self.pages(spread) if land else [page]
                if mode == "scroll":
                    # A scrolling track shows the neighbours' edges: the wanted pages must be among those in view.
                    state = self.until(lambda s: set(want) <= set(s["pages"]) and s["land"] == land)
                    self.check(f"reader {name} ({mode}): {target}#p{page} shows {want} at {self.size[0]}x{self.size[1]}",
                               set(want) <= set(state["pages"]) and state["land"] == land and state["port"] != land, state)
                else:
                    state = self.expect(f"reader {name} ({mode}): {target}#p{page} shows {want}", want, land)
                if mode == "files":
                    self.check(f"reader {name}: {target}#p{page} lands in {self.file(spread)}#p{page}",
                               state["file"] == self.file(spread) and state["hash"] == f"#p{page}", state)
                label = f"Page {page} of {total}" if not land else f"Pages {want[0]}–{want[-1]} of {total}"
                if land and len(want) == 1:
                    label = f"Page {want[0]} of {total}"
                self.check(f"reader {name} ({mode}): the bar says \"{label}\" at {self.size[0]}x{self.size[1]}",
                           (state["here"] or "").strip().startswith(label), state["here"])

    def forward_keys(self, data):
        progression, axis = data["layout"]["direction"], data["layout"]["axis"]
        forward = {("ltr", "horizontal"): Keys.ARROW_RIGHT, ("rtl", "horizontal"): Keys.ARROW_LEFT,
                   ("ltr", "vertical"): Keys.ARROW_DOWN, ("rtl", "vertical"): Keys.ARROW_UP}[(progression, axis)]
        backward = {Keys.ARROW_RIGHT: Keys.ARROW_LEFT, Keys.ARROW_LEFT: Keys.ARROW_RIGHT,
                    Keys.ARROW_DOWN: Keys.ARROW_UP, Keys.ARROW_UP: Keys.ARROW_DOWN}[forward]
        return forward, backward

    def click(self, name, half):
        """Clicks the middle of `half` (a box) unless a link is there; CDP mouse events, so pointer events fire too."""
        x = (half[0] + half[1]) / 2
        for fraction in (0.5, 0.35, 0.65, 0.2, 0.8):
            y = half[2] + (half[3] - half[2]) * fraction
            if not self.driver.execute_script(HIT_JS, x, y):
                break
        else:
            self.check(f"reader {name}: a spot without a link to click", False, half)
            return
        for kind in ("mousePressed", "mouseReleased"):
            self.driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                                        {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        time.sleep(0.2)

    def swipe(self, box, forward, data):
        """A touch swipe (CDP touch events, so pointer events of type touch) across the middle of `box`, 120 px
        towards the back of the book when `forward` (dragging the page as a reader does), else towards the front."""
        rtl = data["layout"]["direction"] == "rtl"
        towards_left = forward != rtl
        x, y = (box[0] + box[1]) / 2, (box[2] + box[3]) / 2
        to = x - 120 if towards_left else x + 120
        self.driver.execute_script(
            "window.__quireEvents = []; ['pointerdown', 'pointerup', 'pointercancel'].forEach(function (t) {"
            " document.addEventListener(t, function (e) { window.__quireEvents.push(t + ':' + e.pointerType); }, true); });")
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        try:
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for step in (0.25, 0.5, 0.75, 1.0):
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                            {"type": "touchMove", "touchPoints": [{"x": x + (to - x) * step, "y": y}]})
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        finally:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        time.sleep(0.2)
        # The pointer events the page saw (None once it has moved to another file): a `pointercancel` means the
        # browser took the gesture for panning (no `touch-action` on the pages).
        return self.driver.execute_script("return window.__quireEvents || null")

    def goto(self, name, data, page, land):
        """The go-to-page box: a number and Enter open that page (its spread in o-land)."""
        want = self.pages(self.spread_of(data, page)) if land else [page]
        box = self.driver.find_elements("css selector", ".bar input.goto")
        if not self.check(f"reader {name}: a go-to-page box in the bar", box):
            return
        box[0].send_keys(str(page) + Keys.ENTER)
        self.expect(f"reader {name}: go to page {page} shows {want}", want, land)

    def halves(self, data, land, outer=True):
        """(forward half, backward half) of the pages in view: in o-land the outer halves of the later and earlier
        page; in o-port the half in the forward direction and the other one."""
        boxes = sorted(self.driver.execute_script(BOXES_JS), key=lambda b: b["page"])
        def half(box, right):
            mid = (box["left"] + box["right"]) / 2
            return (mid, box["right"], box["top"], box["bottom"]) if right else (box["left"], mid, box["top"], box["bottom"])
        if land and len(boxes) == 2:
            first, last = boxes
            later_right = (last["left"] > first["left"]) == outer
            return half(last, later_right), half(first, not later_right)
        forward_right = data["layout"]["direction"] == "ltr"
        return half(boxes[0], forward_right), half(boxes[0], not forward_right)

    def turns(self, name, folder, data):
        """Keys and clicks turn a spread in o-land and a page in o-port, in the reading direction; the hash names
        the first visible page after each turn."""
        if data["layout"]["axis"] != "horizontal":
            return
        forward, backward = self.forward_keys(data)
        spreads = data["spreads"]
        pairs = [i for i in range(1, len(spreads) - 1) if len(self.pages(spreads[i])) == 2 and len(self.pages(spreads[i + 1])) >= 1]
        if not self.check(f"reader {name}: a paired spread with one after it to turn to", pairs, len(spreads)):
            return
        here, there = spreads[pairs[0]], spreads[pairs[0] + 1]
        start = self.pages(here)[0]
        for size, land in ((LAND, True), (PORT, False)):
            self.viewport(*size)
            self.open(f"{folder}/{self.file(here)}", f"#p{start}")
            now = self.pages(here) if land else [start]
            after = self.pages(there) if land else [start + 1]
            unit = "spread" if land else "page"
            self.expect(f"reader {name}: start at {now}", now, land)
            for key, want, label in ((forward, after, "forward arrow"), (backward, now, "backward arrow"),
                                     (Keys.PAGE_DOWN, after, "PageDown"), (Keys.PAGE_UP, now, "PageUp")):
                self.suite.press(self.driver, key)
                state = self.expect(f"reader {name}: {label} turns a {unit} to {want}", want, land)
                self.check(f"reader {name}: after {label} the hash names page {want[0]}", state["hash"] == f"#p{want[0]}", state)
            ahead, back = self.halves(data, land)
            self.click(name, ahead)
            self.expect(f"reader {name}: a click on the {'outer half of the later page' if land else 'forward half'} "
                        f"turns a {unit} forward to {after}", after, land)
            ahead, back = self.halves(data, land)
            self.click(name, back)
            self.expect(f"reader {name}: a click on the {'outer half of the earlier page' if land else 'backward half'} "
                        f"turns a {unit} back to {now}", now, land)
            if land:
                inner = self.halves(data, land, outer=False)[0]
                self.click(name, inner)
                time.sleep(0.5)
                state = self.driver.execute_script(STATE_JS)
                self.check(f"reader {name}: a click on the inner half of the later page does not turn", state["pages"] == now, state)
            self.bar_order(name, data)
            self.goto(name, data, len(data["pages"]) // 2, land)
            self.open(f"{folder}/{self.file(here)}", f"#p{start}")
            self.expect(f"reader {name}: back at {now}", now, land)
            # Swipes: towards the back goes forward; then a click still turns (a swipe must not eat the next click).
            ahead, back = self.halves(data, land)
            events = self.swipe(ahead, True, data)
            state = self.expect(f"reader {name}: a swipe towards the back turns a {unit} forward to {after}", after, land)
            if state["pages"] != after:
                print(f"browser: reader {name}: pointer events of that swipe: {events}", flush=True)
                continue
            self.swipe(self.halves(data, land)[0], False, data)
            self.expect(f"reader {name}: a swipe towards the front turns a {unit} back to {now}", now, land)
            self.click(name, self.halves(data, land)[0])
            self.expect(f"reader {name}: after swipes a click on the forward side still turns to {after}", after, land)

    def bar_order(self, name, data):
        """Previous and next placed by reading direction: rtl puts next on the left."""
        boxes = self.driver.execute_script("""
            function x(sel) { var a = document.querySelector(sel); return a ? a.getBoundingClientRect().left : null; }
            return {prev: x('.bar a[rel=prev]'), next: x('.bar a[rel=next]')};""")
        if boxes["prev"] is None or boxes["next"] is None:
            self.check(f"reader {name}: the bar has previous and next links mid-book", False, boxes)
            return
        rtl = data["layout"]["direction"] == "rtl"
        self.check(f"reader {name}: next on the {'left' if rtl else 'right'} of previous in the bar at {self.size[0]}x{self.size[1]}",
                   (boxes["next"] < boxes["prev"]) == rtl, boxes)

    def contents(self, name, folder, data, chapter, entries):
        """Contents entries in the middle of a chapter open the page that holds their heading, in both orientations."""
        for size, land in ((LAND, True), (PORT, False)):
            self.viewport(*size)
            self.open(f"{folder}/index.html")
            links = self.driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('nav.toc a'), function (a) { return [a.textContent.trim(), a.getAttribute('href')]; });")
            hrefs = dict(links)
            for entry in entries:
                href = hrefs.get(entry)
                match = re.fullmatch(r"(spread-\d{4}\.html)#p(\d+)", href or "")
                if not self.check(f"reader {name}: contents entry {entry!r} links to spread-NNNN.html#pN", match, links):
                    continue
                start = re.fullmatch(r"spread-\d{4}\.html#p(\d+)", hrefs.get(chapter) or "")
                self.check(f"reader {name}: {entry!r} lies past the first page of {chapter!r}",
                           start and int(start.group(1)) < int(match.group(2)), (hrefs.get(chapter), href))
                self.open(f"{folder}/{href}")
                state = self.until(lambda s: s["pages"], timeout=2)
                text = self.driver.execute_script(
                    "return Array.prototype.map.call(document.querySelectorAll('main .page[data-page]'), function (p) {"
                    " return [Number(p.dataset.page), p.textContent]; });")
                shown = " ".join(t for page, t in text if page in state["pages"])
                self.check(f"reader {name}: contents entry {entry!r} shows its heading at {self.size[0]}x{self.size[1]}",
                           entry in re.sub(r"\s+", " ", shown), f"{href}: visible {state['pages']}")
                if not land:
                    self.check(f"reader {name}: {entry!r} opens page {match.group(2)} alone in portrait",
                               state["pages"] == [int(match.group(2))], state)

    def overflow(self, name, folder, data):
        """No page, line or cell overflows its box, and main stays inside the viewport, at every size."""
        spreads = data["spreads"]
        sample = sorted({0, 1, 2, min(3, len(spreads) - 1), len(spreads) // 2} & set(range(len(spreads))))
        for size in OVERFLOW_SIZES:
            self.viewport(*size)
            where = f"{size[0]}x{size[1]}"
            self.open(f"{folder}/index.html")
            self.suite.check_overflow(self.driver, f"reader {name}", f"index.html at {where}", ink=False)
            self.shot(f"{name}-index")
            for index in sample:
                file = self.file(spreads[index])
                self.open(f"{folder}/{file}")
                self.until(lambda s: s["pages"], timeout=1.5)
                self.suite.check_overflow(self.driver, f"reader {name}", f"{file} at {where}")
                box = self.driver.execute_script(MAIN_JS)
                self.check(f"reader {name}: main fits the viewport horizontally in {file} at {where}",
                           box["left"] >= -1 and box["right"] <= box["width"] + 1 and box["scroll"] <= box["client"] + 1
                           and box["page"] <= box["width"] + 1, box)
                pages = self.driver.execute_script(BOXES_JS)
                cut = [b for b in pages if b["left"] < -1 or b["right"] > size[0] + 1]
                self.check(f"reader {name}: pages in view lie inside the viewport in {file} at {where}", not cut, cut)
                if index == sample[min(2, len(sample) - 1)]:
                    self.shot(f"{name}-{file[:-5]}")

    def showcase(self, name, folder, data, page=5):
        """The README's pictures: the spread holding page 5 at 1400x900 and page 5 alone at 800x1280."""
        for size in (LAND, (800, 1280)):
            self.viewport(*size)
            self.open(f"{folder}/{self.file(self.spread_of(data, page))}", f"#p{page}")
            self.until(lambda s: page in s["pages"], timeout=1.5)
            self.shot(f"{name}-showcase")

    def index_direction(self, name, folder, html_dir, toc_dir, grid):
        """The index speaks the language's direction; the grid runs in the page progression."""
        self.viewport(1400, 1000)
        self.open(f"{folder}/index.html")
        seen = self.driver.execute_script("""
            var toc = document.querySelector('nav.toc'), t = document.querySelectorAll('a.thumb');
            var a = t[0] && t[0].getBoundingClientRect(), b = t[1] && t[1].getBoundingClientRect();
            return {dir: document.documentElement.getAttribute('dir'), toc: toc ? getComputedStyle(toc).direction : null,
                    first: a ? [a.left, a.top] : null, second: b ? [b.left, b.top] : null};""")
        self.check(f"reader {name}: index <html dir={html_dir}>", seen["dir"] == html_dir, seen)
        if toc_dir:
            self.check(f"reader {name}: contents read {toc_dir}", seen["toc"] == toc_dir, seen)
        if seen["first"] and seen["second"] and abs(seen["first"][1] - seen["second"][1]) < 1:
            ok = seen["first"][0] > seen["second"][0] if grid == "rtl" else seen["first"][0] < seen["second"][0]
            self.check(f"reader {name}: the thumbnail grid runs {grid}", ok, seen)
        else:
            self.check(f"reader {name}: the first two thumbnails share a row", False, seen)
        self.shot(f"{name}-index")


def run(suite, driver, quire, root, out, screenshots, corpus):
    """Every reader check; books missing from the corpus are skipped with a line saying so."""
    reader = Reader(suite, driver, quire, root, out, screenshots, corpus)
    e = f"{corpus}/epub" if corpus else None
    books = [("lighthouse", f"{root}/Samples/lighthouse-keeper", "ltr", "ltr")]
    if e:
        books += [("arabic", f"{e}/regime-anticancer-arabic.epub", "rtl", "rtl"),
                  ("kusamakura", f"{e}/kusamakura-japanese-vertical-writing.epub", "ltr", "rtl")]
    else:
        print("browser: reader: QUIRE_CORPUS is not set: the rtl and vertical books are skipped", flush=True)
    try:
        for name, book, html_dir, grid in books:
            folder, data = reader.render(name, book)
            if not folder:
                continue
            reader.check(f"reader {name}: book.json has landscape spreads by default",
                         data["layout"]["orientation"] == "landscape", data["layout"])
            reader.rotation(name, folder, data)
            reader.fragment(name, folder, data, "files")
            reader.turns(name, folder, data)
            reader.overflow(name, folder, data)
            reader.index_direction(name, folder, html_dir, "ltr" if name == "kusamakura" else None, grid)
            reader.errors(name)
            if name in ("lighthouse", "kusamakura"):
                reader.showcase(name, folder, data)
        for mode, extra in (("single", ["--single-file"]), ("scroll", ["--transition", "scroll"])):
            folder, data = reader.render(f"lighthouse-{mode}", f"{root}/Samples/lighthouse-keeper", extra)
            if folder:
                reader.fragment(f"lighthouse-{mode}", folder, data, mode)
                reader.errors(f"lighthouse-{mode}")
        folder, data = reader.render("toc-mid", f"{root}/Tests/Browser/fixtures/toc-mid")
        if folder:
            reader.contents("toc-mid", folder, data, "The long chapter", ["Halfway marker", "Late marker"])
            reader.errors("toc-mid")
        if e:
            folder, data = reader.render("moby-dick", f"{e}/moby-dick.epub")
            if folder:
                reader.overflow("moby-dick", folder, data)
        update_docs(root, screenshots)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def update_docs(root, screenshots):
    """With QUIRE_UPDATE_DOCS=1 the README's screenshots are replaced by this run's (never in CI)."""
    if os.environ.get("QUIRE_UPDATE_DOCS") != "1" or not screenshots:
        return
    for want, sources in (("reader-landscape.png", ["reader-kusamakura-showcase-1400x900.png", "reader-lighthouse-showcase-1400x900.png"]),
                          ("reader-portrait.png", ["reader-kusamakura-showcase-800x1280.png", "reader-lighthouse-showcase-800x1280.png"])):
        found = [s for s in sources if os.path.exists(f"{screenshots}/{s}")]
        if found:
            os.makedirs(f"{root}/docs", exist_ok=True)
            shutil.copyfile(f"{screenshots}/{found[0]}", f"{root}/docs/{want}")
            print(f"browser: docs/{want} updated from {found[0]}", flush=True)
