"""Inline styles in the HTML viewer (issue 15): bold, italics, scripts, emphasis marks and combined (tate-chu-yoko)
rows are drawn, and no cell leaves the grid the paginator laid out: every character of every line starts at a
whole cell from the page's edge, on its line's row (in a column: its row's place from the top)."""
import glob
import json
import os
import subprocess

import html5lib

# Every cell of every line of the pages in view, measured where the layout put it: text characters with a Range,
# `sup`/`sub` (scaled by a transform, which does not move layout) by their offset box.
GRID_JS = """
    var columns = arguments[0], bad = [], cells = 0;
    document.querySelectorAll('main .page').forEach(function (page) {
      // The cell grid starts inside the page's margins (its padding, issue 22) and its steps follow the window:
      // a cell is the text area's width over the columns, a line (a row in a column) the height of one.
      var b = page.getBoundingClientRect(), cs = getComputedStyle(page), vertical = page.classList.contains('vrl');
      var p = {left: b.left + parseFloat(cs.paddingLeft), right: b.right - parseFloat(cs.paddingRight), top: b.top + parseFloat(cs.paddingTop)};
      var cw = (p.right - p.left) / columns;
      var first = page.querySelector(vertical ? '.l .r' : '.l'), lh = first ? first.getBoundingClientRect().height : 1;
      function near(v, step) { var k = Math.round(v / step); return Math.abs(v - k * step) <= 1.01; }
      function place(what, r, line, index) {
        cells++;
        var x = vertical ? p.right - r.right : r.left - p.left, y = r.top - p.top;
        var lineBox = line.getBoundingClientRect(), pad = parseFloat(getComputedStyle(line).paddingTop);
        var ok = vertical ? (Math.abs(r.right - lineBox.right + parseFloat(getComputedStyle(line).paddingRight)) <= 2.5 && near(y, lh))
                          : (near(x, cw) && Math.abs(r.top - lineBox.top - pad) <= 1.01 && near(y - pad, lh));
        if (!ok && bad.length < 8) bad.push(page.dataset.page + '/' + index + ' ' + what + ' at ' + x.toFixed(1) + ',' + y.toFixed(1));
      }
      page.querySelectorAll('.l').forEach(function (line, index) {
        if (vertical) {
          line.querySelectorAll('.r').forEach(function (row) { place(JSON.stringify(row.textContent), row.getBoundingClientRect(), line, index); });
          return;
        }
        var walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT), node;
        while ((node = walker.nextNode())) {
          var parent = node.parentElement;
          if (parent.closest('rt.h')) continue;
          var script = parent.closest('sup,sub');
          if (script) {
            var box = {left: b.left + script.offsetLeft, right: b.left + script.offsetLeft + script.offsetWidth,
                       top: b.top + script.offsetTop};
            place('script ' + JSON.stringify(script.textContent), box, line, index);
            continue;
          }
          for (var i = 0; i < node.length; i++) {
            if (node.data.charCodeAt(i) >= 0xDC00 && node.data.charCodeAt(i) <= 0xDFFF) continue;
            var range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            var r = range.getBoundingClientRect();
            if (r.width === 0) continue;
            var cell = parent.closest('.w');
            place(JSON.stringify(node.data[i]), cell ? cell.getBoundingClientRect() : r, line, index);
          }
        }
      });
    });
    return {cells: cells, bad: bad};
"""

FOUND_JS = """
    function texts(selector) { return Array.prototype.map.call(document.querySelectorAll(selector), function (e) { return e.textContent; }); }
    var mark = document.querySelector('main [class*=" k"]');
    return {bold: texts('main .sb'), italic: texts('main .si'), strike: texts('main .sx'), sup: texts('main sup'),
            sub: texts('main sub'), rows: texts('main .vrl .r.t'),
            mark: mark ? getComputedStyle(mark, '::after').content : null, marked: texts('main [class*=" k"]').join('')};
"""


def check_inline_styles(driver, check, load, quire, root, out, screenshots):
    """Renders the inline-style fixture (a vertical Japanese chapter with EBPAJ classes, a horizontal English one)
    and checks the grid and the styles on every spread."""
    name = "inline-styles"
    folder = f"{out}/{name}"
    book = f"{root}/Tests/Browser/fixtures/inline-styles"
    run = subprocess.run([quire, "render", book, "--format", "html", "-o", folder, "--quiet", "--orientation", "landscape"],
                         capture_output=True, text=True)
    if not check(f"{name}: quire exits 0", run.returncode == 0, run.stderr.strip()):
        return
    for file in sorted(glob.glob(f"{folder}/*.html")):
        try:
            html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(open(file, "rb").read())
            check(f"{name}: {os.path.basename(file)} is valid HTML5", True)
        except Exception as error:
            check(f"{name}: {os.path.basename(file)} is valid HTML5", False, error)
    data = json.load(open(f"{folder}/book.json", encoding="utf-8"))
    columns = data["pageSize"]["columns"]
    styles = [s for p in data["pages"] for s in p.get("styles", [])]
    found = {"bold": [], "italic": [], "strike": [], "sup": [], "sub": [], "rows": [], "mark": None, "marked": ""}
    for spread in data["spreads"]:
        file = "spread-%04d.html" % spread["number"]
        load(driver, name, f"{folder}/{file}")
        grid = driver.execute_script(GRID_JS, columns)
        check(f"{name}: every cell on the grid in {file} ({grid['cells']} cells)", grid["cells"] > 0 and not grid["bad"], grid["bad"])
        seen = driver.execute_script(FOUND_JS)
        for key in ("bold", "italic", "strike", "sup", "sub", "rows"):
            found[key] += seen[key]
        found["mark"] = found["mark"] or seen["mark"]
        found["marked"] += seen["marked"]
        if screenshots:
            driver.save_screenshot(f"{screenshots}/{name}-{file[:-5]}.png")
    check(f"{name}: bold drawn (<b> in both chapters)", "太" in "".join(found["bold"]) and "places" in "".join(found["bold"]), found["bold"])
    check(f"{name}: italics drawn across a line break", sum("sea" in t or "night" in t for t in found["italic"]) >= 1
          and len([t for t in found["italic"] if t.strip()]) >= 2, found["italic"])
    check(f"{name}: strikethrough, superscript and subscript drawn", "nothing" in "".join(found["strike"])
          and found["sup"] == ["2"] and found["sub"] == ["2"], (found["strike"], found["sup"], found["sub"]))
    check(f"{name}: automatic tate-chu-yoko rows", "!!" in found["rows"] and "12" in found["rows"], found["rows"])
    # The rest comes from the book's CSS: checked once the importer fills the styles from the cascade.
    if any("combineUpright" in s["style"] for s in styles):
        check(f"{name}: .tcy \"AB\" takes one row, \"ABC\" does not", "AB" in found["rows"] and "ABC" not in found["rows"], found["rows"])
    else:
        print(f"browser: {name}: no combineUpright in book.json yet (importer): forced tate-chu-yoko not checked", flush=True)
    if any("mark" in s for s in styles):
        check(f"{name}: sesame marks beside the .em-sesame cells", found["mark"] == '"\ufe45"' and "大事な" in found["marked"],
              (found["mark"], found["marked"]))
    else:
        print(f"browser: {name}: no emphasis marks in book.json yet (importer): marks not checked", flush=True)
