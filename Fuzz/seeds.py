#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets at run time, so no corpus text is ever committed.

usage: seeds.py OUT [CORPUS]

OUT/<target>/ receives the committed seeds of Fuzz/Seeds/, a tiny EPUB built from them, and, when CORPUS is
given: small EPUBs (zip, pipeline), their OPF / NCX / nav entries (package), their XHTML entries (xhtml) and the
CommonMark and GFM spec examples (markdown, pipeline). Seeds larger than the target's -max_len are left out,
and each target gets at most MAX_SEEDS corpus seeds (picked evenly from a sorted list, so runs are repeatable).
"""
import hashlib, io, json, os, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_LEN = 65536          # keep equal to FUZZ_MAX_LEN in run.sh
MAX_SEEDS = 300
TARGETS = ["zip", "package", "xhtml", "markdown", "pipeline"]
# The pipeline target reads four option bytes first (columns, lines, two of flags; see FuzzPipeline.swift).
PIPELINE_PREFIXES = [bytes([37, 19, 0, 0]), bytes([79, 39, 0x61, 0x12]), bytes([9, 5, 0x22, 0xC5]), bytes([0, 0, 0x80, 0x28])]


def save(out, target, data):
    if len(data) > MAX_LEN or not data:
        return
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)


def committed(kind):
    folder = os.path.join(HERE, "Seeds", kind)
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            yield name, f.read()


def tiny_epub():
    """A valid three-chapter EPUB 3 made of the committed package and XHTML seeds."""
    files = dict(committed("xhtml"))
    package = dict(committed("package"))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
                   'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile '
                   'full-path="OPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
                   compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/content.opf", package["epub3.opf"], compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/nav.xhtml", package["nav.xhtml"], compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/toc.ncx", package["toc.ncx"], compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/text/c 1.xhtml", files["chapter.xhtml"], compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/text/style.css", files["style.css"], compress_type=zipfile.ZIP_STORED)
        z.writestr("c2.html", files["tagsoup.html"], compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OPS/img/a.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x20",
                   compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def evenly(items, count):
    items = sorted(items)
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def corpus_seeds(corpus):
    """(target, bytes) pairs from the corpus: books small enough to fuzz whole, and entries of every book."""
    epubs = []
    for root, _, names in os.walk(os.path.join(corpus, "epub")):
        epubs += [os.path.join(root, n) for n in names if n.endswith(".epub")]
    small = [p for p in epubs if os.path.getsize(p) <= MAX_LEN]
    for path in evenly(small, MAX_SEEDS):
        with open(path, "rb") as f:
            data = f.read()
        yield "zip", data
        yield "pipeline", PIPELINE_PREFIXES[len(data) % len(PIPELINE_PREFIXES)] + data
    package, xhtml = [], []
    for path in sorted(epubs):
        try:
            with zipfile.ZipFile(path) as z:
                for info in z.infolist():
                    if info.file_size > MAX_LEN or info.file_size == 0:
                        continue
                    lower = info.filename.lower()
                    if lower.endswith((".opf", ".ncx")) or "nav" in os.path.basename(lower) and lower.endswith((".xhtml", ".html")):
                        package.append((path, info.filename, z.read(info)))
                    elif lower.endswith((".xhtml", ".html", ".htm", ".svg", ".css")):
                        xhtml.append((path, info.filename, z.read(info)))
        except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError):
            continue
    for _, _, data in evenly(package, MAX_SEEDS):
        yield "package", data
    for _, _, data in evenly(xhtml, MAX_SEEDS):
        yield "xhtml", data
    examples = []
    for spec in ("commonmark", "gfm"):
        path = os.path.join(corpus, "markdown", spec, "spec.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                examples += [e["markdown"].encode("utf-8") for e in json.load(f)]
    for data in examples:
        yield "markdown", data
    for data in evenly(examples, 100):
        yield "pipeline", PIPELINE_PREFIXES[len(data) % len(PIPELINE_PREFIXES)] + data


def main():
    out = sys.argv[1]
    corpus = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    for target in TARGETS:
        os.makedirs(os.path.join(out, target), exist_ok=True)
    epub = tiny_epub()
    save(out, "zip", epub)
    for prefix in PIPELINE_PREFIXES:
        save(out, "pipeline", prefix + epub)
    for kind in ("package", "xhtml", "markdown"):
        for _, data in committed(kind):
            save(out, kind, data)
            if kind == "markdown":
                for prefix in PIPELINE_PREFIXES:
                    save(out, "pipeline", prefix + data)
    if corpus:
        for target, data in corpus_seeds(corpus):
            save(out, target, data)
    for target in TARGETS:
        print(f"seeds: {target}: {len(os.listdir(os.path.join(out, target)))} files")


if __name__ == "__main__":
    main()
