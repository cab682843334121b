#!/usr/bin/env python3
"""Writes generated Markdown books for the cluster tests: made-up words from a seeded generator, so every run
gets the same bytes, no corpus text is copied, and a book's size (hence its render time) is chosen.

usage: makebooks.py FOLDER PREFIX COUNT KILOBYTES [KILOBYTES_MAX]
Books are FOLDER/PREFIX-NN.md; sizes step evenly from KILOBYTES to KILOBYTES_MAX so shards get uneven work."""
import random
import sys

SYLLABLES = ["ka", "ri", "lo", "ne", "sa", "tu", "mi", "do", "ve", "la", "po", "shi", "an", "er", "ol", "ith"]


def word(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4)))


def sentence(rng):
    words = [word(rng) for _ in range(rng.randint(4, 16))]
    if rng.random() < 0.2:
        words[rng.randrange(len(words))] = "*" + words[0] + "*"
    if rng.random() < 0.1:
        words[rng.randrange(len(words))] = "`" + words[-1] + "`"
    return " ".join(words).capitalize() + rng.choice([".", ".", ".", "?", "!"])


def book(rng, title, size):
    parts = [f"# {title}\n"]
    written = len(parts[0])
    chapter = 0
    while written < size:
        if chapter == 0 or rng.random() < 0.08:
            chapter += 1
            parts.append(f"\n## Chapter {chapter}: {word(rng).capitalize()}\n")
        kind = rng.random()
        if kind < 0.08:
            block = "\n" + "".join(f"- {sentence(rng)}\n" for _ in range(rng.randint(2, 5)))
        elif kind < 0.12:
            block = "\n```\n" + "\n".join(" ".join(word(rng) for _ in range(6)) for _ in range(3)) + "\n```\n"
        else:
            block = "\n" + " ".join(sentence(rng) for _ in range(rng.randint(3, 9))) + "\n"
        parts.append(block)
        written += len(block)
    return "".join(parts)


def main(argv):
    if len(argv) not in (5, 6):
        sys.exit(__doc__)
    folder, prefix, count, low = argv[1], argv[2], int(argv[3]), int(argv[4])
    high = int(argv[5]) if len(argv) == 6 else low
    for n in range(1, count + 1):
        size = (low + (high - low) * (n - 1) // max(1, count - 1)) * 1024
        rng = random.Random(f"{prefix}-{n}")
        with open(f"{folder}/{prefix}-{n:02d}.md", "w", encoding="utf-8") as out:
            out.write(book(rng, f"{prefix.capitalize()} {n}", size))


if __name__ == "__main__":
    main(sys.argv)
