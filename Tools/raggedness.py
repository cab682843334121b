#!/usr/bin/env python3
"""Raggedness of a Quire page map: how evenly lines fill the page (issue 16, `--breaking optimal`).

Usage: quire render BOOK --format json [options] | Tools/raggedness.py [LABEL]

Reads the JSON page map (README, "JSON page map") on standard input and prints, over the lines that are not
the last of their paragraph, the mean and variance of the line fill (cells used / page columns) and how wide
the gaps between words are.

- A line is taken when the next line of its page is not blank: with the default `--paragraph space`, a blank
  line ends a paragraph. The last line of each page is left out (its paragraph may go on or end there), and
  so are centred and end-aligned lines (the page's "alignment" list) and pages in vertical writing.
- Fill counts the cells a line would take unjustified: runs of spaces between words count as one cell each,
  so ragged and justified pages of the same breaks give the same figure. Justified pages instead show their
  unevenness in the gaps: their mean, the widest, and the share of lines with a gap of three cells or more
  (where rivers start in a monospaced page).
- Cells are counted as terminals count them: East Asian Wide and Fullwidth characters two, combining marks and
  format characters none.
"""
import json
import re
import sys
import unicodedata


def cells(text):
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


INNER_SPACES = re.compile(r"(?<=\S) {2,}(?=\S)")
GAPS = re.compile(r"(?<=\S) +(?=\S)")


def measure(page_map):
    columns = page_map["pageSize"]["columns"]
    fills, gaps, wide_gap_lines, widest = [], [], 0, 0
    for page in page_map["pages"]:
        if page.get("writingMode", "horizontal-tb") != "horizontal-tb":
            continue
        lines = page["lines"]
        alignment = page.get("alignment")
        for i, line in enumerate(lines[:-1]):
            if not line.strip() or not lines[i + 1].strip():
                continue
            if alignment and alignment[i] in ("center", "end"):
                continue
            natural = INNER_SPACES.sub(" ", line.rstrip())
            fills.append(cells(natural) / columns)
            line_gaps = [len(g) for g in GAPS.findall(line.strip())]
            gaps.extend(line_gaps)
            if line_gaps:
                widest = max(widest, max(line_gaps))
                if max(line_gaps) >= 3:
                    wide_gap_lines += 1
    return columns, fills, gaps, wide_gap_lines, widest


def main():
    label = sys.argv[1] if len(sys.argv) > 1 else "book"
    columns, fills, gaps, wide_gap_lines, widest = measure(json.load(sys.stdin))
    if not fills:
        print(f"{label}: no lines to measure")
        return
    mean = sum(fills) / len(fills)
    variance = sum((f - mean) ** 2 for f in fills) / len(fills)
    mean_gap = sum(gaps) / len(gaps) if gaps else 0.0
    print(f"{label}: {len(fills)} lines, {columns} columns: fill mean {mean:.4f}, variance {variance:.5f} "
          f"(sd {variance ** 0.5:.4f}); gaps mean {mean_gap:.3f} cells, widest {widest}, "
          f"lines with a gap of 3+ cells {100 * wide_gap_lines / len(fills):.2f}%")


if __name__ == "__main__":
    main()
