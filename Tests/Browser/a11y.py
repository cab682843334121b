"""Accessibility of the HTML reader (issue 22): axe-core (bundled by the PyPI package axe-selenium-python) on the
index, a spread in both orientations and the scroll view, in the light and the dark theme (prefers-color-scheme
emulated with CDP); no serious or critical violation. Also the landmarks the contract names: a skip link first in
the body, main#main, `.here` announced with aria-live, alt on every image.

axe-selenium-python is installed by `make deps` (`pip install --no-deps -r Tests/Browser/requirements.txt`); it is
looked for there, then in `.build/pydeps` (`pip install --no-deps --target .build/pydeps -r …`, for a machine where
the system Python must stay untouched)."""
import os
import subprocess
import sys

SCHEMES = ("light", "dark")
BLOCKING = ("serious", "critical")

LANDMARKS_JS = """
    var first = document.body.firstElementChild, here = document.querySelector('.here');
    return {skip: !!(first && first.matches('a.skip[href="#main"]')), main: !!document.querySelector('main#main'),
            live: here ? here.getAttribute('aria-live') : null, reading: !!document.querySelector('main .page'),
            noAlt: Array.prototype.filter.call(document.images, function (i) { return !i.hasAttribute('alt'); }).length,
            dark: matchMedia('(prefers-color-scheme: dark)').matches,
            background: getComputedStyle(document.body).backgroundColor, html: getComputedStyle(document.documentElement).backgroundColor};
"""


def axe_class(root):
    try:
        from axe_selenium_python import Axe
    except ImportError:
        sys.path.insert(0, f"{root}/.build/pydeps")
        try:
            from axe_selenium_python import Axe
        except ImportError:
            return None
    return Axe


def luminance(css):
    """Relative luminance (WCAG 2) of an `rgb()`/`rgba()` colour; None when transparent."""
    parts = css[css.index("(") + 1:css.index(")")].split(",")
    if len(parts) == 4 and float(parts[3]) == 0:
        return None
    def channel(v):
        v = float(v) / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(p) for p in parts[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [
        {"name": "prefers-color-scheme", "value": name}, {"name": "prefers-reduced-motion", "value": "reduce"}]})


def report(violations):
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {' '.join(node['target'])}: {(node.get('failureSummary') or '').splitlines()[-1:]}")
        if len(v["nodes"]) > 5:
            lines.append(f"    … and {len(v['nodes']) - 5} more")
    return "\n".join(lines)


def run(suite, driver, quire, root, out, screenshots):
    check = suite.check
    Axe = axe_class(root)
    if not check("a11y: axe-selenium-python is installed (make deps)", Axe is not None,
                 "pip install --no-deps -r Tests/Browser/requirements.txt"):
        return
    book = f"{root}/Samples/lighthouse-keeper"
    views = []
    for name, extra in (("lighthouse", []), ("lighthouse-scroll", ["--transition", "scroll"])):
        folder = f"{out}/a11y-{name}"
        made = subprocess.run([quire, "render", book, "--format", "html", "-o", folder, "--quiet"] + extra,
                              capture_output=True, text=True)
        if not check(f"a11y {name}: quire exits 0", made.returncode == 0, made.stderr.strip()):
            return
        if extra:
            views.append(("scroll view", f"{folder}/book.html", (1400, 900)))
        else:
            views += [("index", f"{folder}/index.html", (1400, 900)),
                      ("spread (two pages)", f"{folder}/spread-0002.html", (1400, 900)),
                      ("spread (one page)", f"{folder}/spread-0002.html", (390, 844))]
    try:
        for theme in SCHEMES:
            scheme(driver, theme)
            for what, path, (width, height) in views:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                driver.get("about:blank")
                driver.get("file://" + os.path.abspath(path))
                where = f"{what}, {theme}, {width}x{height}"
                seen = driver.execute_script(LANDMARKS_JS)
                check(f"a11y: the page sees prefers-color-scheme {theme} ({where})", seen["dark"] == (theme == "dark"), seen)
                if theme == "dark":
                    lum = luminance(seen["background"]) if luminance(seen["background"]) is not None else luminance(seen["html"])
                    check(f"a11y: the dark theme has a dark background ({where})", lum is not None and lum < 0.2, seen)
                if theme == "light":
                    check(f"a11y: a skip link to #main first in the body ({where})", seen["skip"], seen)
                    check(f"a11y: no image without alt ({where})", seen["noAlt"] == 0, seen)
                    if what != "index":
                        check(f"a11y: main#main and an aria-live=polite page label ({where})",
                              seen["main"] and seen["live"] == "polite", seen)
                axe = Axe(driver)
                axe.inject()
                results = axe.run()
                bad = [v for v in results["violations"] if v.get("impact") in BLOCKING]
                minor = sorted({v["id"] for v in results["violations"]} - {v["id"] for v in bad})
                check(f"a11y: axe-core finds no serious or critical violation ({where})", not bad, "\n" + report(bad))
                if minor:
                    print(f"browser: a11y: {where}: minor axe findings: {', '.join(minor)}", flush=True)
                if screenshots:
                    driver.save_screenshot(f"{screenshots}/a11y-{what.split()[0]}-{theme}-{width}x{height}.png")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
