#!/usr/bin/env python3
"""Checks on batch manifests (OUTDIR/manifest.jsonl, one JSON object per line) for the cluster tests.

  manifest.py once MANIFEST REFERENCE       every book of REFERENCE has exactly one line, `ok`, and nothing else
  manifest.py resumed MANIFEST REFERENCE    after kills and reruns: every book ends ok or skipped, none was
                                            rendered twice (at most one `ok`), none failed, and at least one was
                                            skipped (a rerun found it done)
  manifest.py first K N KEY...              the first of the keys (in batch's order) that falls in shard K of N,
                                            to know when a task has finished its first book (see shard below)
  manifest.py merge MANIFEST...             the lines of several shards' manifests, last line of each key kept
  manifest.py folders OUTDIR REFDIR STRIP   every book folder in OUTDIR is complete: it holds the files of
                                            REFDIR's book whose key is the folder's key (from .quire-batch.json)
                                            less its first STRIP steps (with STRIP > 0 the marker itself, which
                                            names the key, is not compared); prints how many

Every line must be whole JSON: concurrent shards append to one manifest, and a torn line fails here.
Exit 0 when the check holds, 1 with the reasons on stdout otherwise."""
import filecmp
import hashlib
import json
import os
import sys


def lines(path):
    out = []
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            try:
                out.append(json.loads(text))
            except ValueError:
                sys.exit(f"{path}:{number}: not one whole JSON line: {text[:120]!r}")
    return out


def keys(path):
    return {line["key"] for line in lines(path)}


def shard(key, count):
    """BatchShard.shard(ofKey:) (first 8 bytes of SHA-256 of the key, big-endian, mod N, plus one). Used only
    to see how far a task has got before killing it; no result is checked through it."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % count + 1


def once(manifest, reference):
    problems, seen = [], {}
    for line in lines(manifest):
        seen.setdefault(line["key"], []).append(line["status"])
    for key in sorted(keys(reference) | set(seen)):
        if seen.get(key) != ["ok"]:
            problems.append(f"{key}: {seen.get(key, 'no line')} (want exactly one ok)")
    return problems


def resumed(manifest, reference):
    problems, seen = [], {}
    for line in lines(manifest):
        seen.setdefault(line["key"], []).append(line["status"])
    for key in sorted(keys(reference) | set(seen)):
        statuses = seen.get(key, [])
        if not statuses or statuses[-1] not in ("ok", "skipped"):
            problems.append(f"{key}: {statuses or 'no line'} (want it to end ok or skipped)")
        if statuses.count("ok") > 1 or "error" in statuses:
            problems.append(f"{key}: {statuses} (rendered more than once, or failed)")
    skipped = sum(statuses.count("skipped") for statuses in seen.values())
    if not problems and skipped == 0:
        problems.append("no book was skipped by a rerun: no task was killed after finishing a book")
    print(f"{len(seen)} books, {skipped} skipped by reruns")
    return problems


def folders(outdir, refdir, strip):
    problems, count = [], 0
    reference = {line["key"]: line["output"] for line in lines(os.path.join(refdir, "manifest.jsonl"))}
    for name in sorted(os.listdir(outdir)):
        path = os.path.join(outdir, name)
        if name.startswith(".") or not os.path.isdir(path):
            continue
        try:
            with open(os.path.join(path, ".quire-batch.json"), encoding="utf-8") as handle:
                key = json.load(handle)["key"]
        except (OSError, ValueError, KeyError) as error:
            problems.append(f"{name}: no readable .quire-batch.json ({error}): half-written")
            continue
        key = "/".join(key.split("/")[strip:])
        if key not in reference:
            problems.append(f"{name}: key {key} is not a book of the reference run")
            continue
        problems += compare(path, os.path.join(refdir, reference[key]), [".quire-batch.json"] if strip else [])
        count += 1
    print(f"{count} complete book folders")
    return problems


def compare(left, right, ignore):
    found = filecmp.dircmp(left, right, ignore=ignore)
    problems = [f"{left}: {what} {names}" for what, names in
                (("only here:", found.left_only), ("missing:", found.right_only), ("differ:", found.diff_files))
                if names]
    for name in found.common_dirs:
        problems += compare(os.path.join(left, name), os.path.join(right, name), ignore)
    return problems


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "once" and len(argv) == 4:
        problems = once(argv[2], argv[3])
    elif command == "resumed" and len(argv) == 4:
        problems = resumed(argv[2], argv[3])
    elif command == "first" and len(argv) >= 5:
        index, count = int(argv[2]), int(argv[3])
        mine = sorted(key for key in argv[4:] if shard(key, count) == index)
        print(mine[0] if mine else "")
        return 0 if mine else 1
    elif command == "merge" and len(argv) >= 3:
        merged = {}
        for path in argv[2:]:
            for line in lines(path):
                merged.pop(line["key"], None)
                merged[line["key"]] = line
        for line in merged.values():
            print(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
        return 0
    elif command == "folders" and len(argv) == 5:
        problems = folders(argv[2], argv[3], int(argv[4]))
    else:
        sys.exit(__doc__)
    for problem in problems[:20]:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
