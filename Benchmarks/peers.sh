#!/usr/bin/env bash
# The comparison users make (issue 19): the same book through pandoc (`-t plain`) and calibre (`ebook-convert …
# .txt`) beside Quire's text on stdout, timed in the same run and printed as ratios to Quire. Neither tool
# paginates, so this is the price of a text conversion, not of a paginator. A tool that is not installed is
# skipped with a line saying how to install it (`make deps` does not: calibre alone is several hundred MB).
# QUIRE=path/to/quire picks the binary; BENCH_RUNS the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-.build/release/quire}
runs=${BENCH_RUNS:-3}
work=.build/bench/peers
mkdir -p "$work"
[ -x "$quire" ] || { echo "peers: no $quire (make release)" >&2; exit 66; }

# Best wall time of $runs runs, in seconds; a tool slower than 5 s runs once (pandoc and calibre take 10-30 s on
# War and Peace, their run-to-run noise is small beside that, and three runs would triple the bench's length).
timed() {
  local best="" t start end
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; return 1; }
    end=$(date +%s%N)
    t=$(awk "BEGIN{printf \"%.3f\", ($end - $start) / 1e9}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    awk "BEGIN{exit !($t > 5)}" && break
  done
  echo "$best"
}

missing() { # tool, Debian package: true, after one line saying how to install it, when the tool is not there
  command -v "$1" >/dev/null && return 1
  echo "skipped: $1 not installed (apt-get install $2)"
}

peer() { # label, Quire's seconds, then the command
  local label=$1 q=$2 s; shift 2
  s=$(timed "$@")
  printf '  %-40s %8.3f s  %7.1fx Quire\n' "$label" "$s" "$(awk "BEGIN{print $s/$q}")"
}

book() { # name, path, pandoc's input format ("" for its guess from the extension), calibre too (yes/no)
  local name=$1 path=$2 from=$3 calibre=$4 q
  [ -f "$path" ] || { echo "peers: missing $path (set QUIRE_CORPUS)" >&2; exit 66; }
  q=$(timed "$quire" render "$path" --quiet)
  printf '\n%s\n  %-40s %8.3f s\n' "$name" "quire render (text, stdout)" "$q"
  if [ "$pandoc" = yes ]; then
    peer "pandoc ${from:+-f $from }-t plain" "$q" pandoc ${from:+-f "$from"} -t plain "$path" -o "$work/pandoc.txt"
  fi
  # ebook-convert (calibre 6.13, Debian 12) runs as root with no display and no QTWEBENGINE_CHROMIUM_FLAGS or
  # QT_QPA_PLATFORM: EPUB to TXT does not need its web engine.
  if [ "$calibre" = yes ] && [ "$ebook_convert" = yes ]; then
    peer "ebook-convert BOOK out.txt (calibre)" "$q" ebook-convert "$path" "$work/calibre.txt"
  fi
}

echo "Peers: best of $runs runs (one when a run takes over 5 s); $(nproc) cores; $(date -u +%Y-%m-%d)"
pandoc=yes ebook_convert=yes
if missing pandoc pandoc; then pandoc=no; fi
if missing ebook-convert calibre; then ebook_convert=no; fi
[ "$pandoc$ebook_convert" != nono ] || exit 0
echo "Neither pandoc nor calibre paginates: each writes one unbroken stream of text, where Quire sets pages and spreads."
book "War and Peace (standardebooks)" "$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub" "" yes
# The Rust book is GitHub-flavoured Markdown, as Quire reads it; pandoc's own dialect would take its $ for TeX math.
book "The Rust Programming Language (Markdown)" "$corpus/markdown/rust-book-nostarch.md" gfm no
rm -rf "$work"
