#!/usr/bin/env bash
# `make bench`: time and peak memory of Quire beside the floor (inflate + SAX-parse the XHTML for an EPUB;
# read + cmark-gfm parse for Markdown), same run. QUIRE=path/to/quire picks the binary; BENCH_RUNS the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-.build/release/quire}
floor=.build/bench/floor
mdfloor=.build/bench/floor-markdown
runs=${BENCH_RUNS:-5}
mkdir -p .build/bench
gcc -O2 -o "$floor" Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)
gcc -O2 -o "$mdfloor" Benchmarks/floor-markdown.c $(pkg-config --cflags --libs libcmark-gfm)

# Best wall time of $runs runs (nanosecond clock: /usr/bin/time rounds to 10 ms) and the peak resident memory of
# the last, as "seconds kilobytes".
measure() {
  local best="" kb=0 t start end
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o .build/bench/time "$@" >/dev/null 2>.build/bench/stderr || { cat .build/bench/stderr >&2; return 1; }
    end=$(date +%s%N)
    t=$(awk "BEGIN{printf \"%.4f\", ($end - $start) / 1e9}")
    read -r kb < .build/bench/time
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best $kb"
}

row() { # label, floor seconds, then the measured command
  local label=$1 floor_s=$2; shift 2
  read -r s kb < <(measure "$@")
  printf '%-44s %8.3f s %8.1f MB   %6.1fx floor\n' "$label" "$s" "$(awk "BEGIN{print $kb/1024}")" "$(awk "BEGIN{print $s/$floor_s}")"
  last_s=$s
}

# Best of $runs runs of the time `quire view --timing` reports on standard error for a step ("view: reflow 812.3
# ms"), in seconds: the step alone, without reading the book or starting the process.
view_step() { # step, then the command
  local step=$1 best="" t; shift
  for _ in $(seq "$runs"); do
    "$@" >/dev/null 2>.build/bench/stderr || { cat .build/bench/stderr >&2; return 1; }
    t=$(awk -v step="view: $step " 'index($0, step) == 1 { printf "%.4f", $(NF-1) / 1000 }' .build/bench/stderr)
    [ -n "$t" ] || { echo "bench: no \"view: $step\" line on standard error" >&2; return 1; }
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

# `quire view` (issue 18): time to the first spread at 100x30 (the whole process: it reads only the first document)
# and the re-flow of the whole book to 50x40 (the step alone), beside the full text render (`render_s`).
view_rows() { # path
  local path=$1 s kb reflow
  read -r s kb < <(measure "$quire" view --first-spread-only --screen 100x30 "$path")
  printf '%-44s %8.3f s %8.1f MB   %6.1fx floor  %5.1f%% of render (target <= 20%%)\n' "quire view: first spread at 100x30" \
    "$s" "$(awk "BEGIN{print $kb/1024}")" "$(awk "BEGIN{print $s/$fs}")" "$(awk "BEGIN{print 100*$s/$render_s}")"
  reflow=$(view_step reflow "$quire" view --first-spread-only --screen 100x30 --timing --reflow-to 50x40 "$path")
  printf '%-44s %8.3f s %8s      %6.1fx floor  %5.1f%% of render (target <= 100%%)\n' "quire view: re-flow on resize to 50x40" \
    "$reflow" "" "$(awk "BEGIN{print $reflow/$fs}")" "$(awk "BEGIN{print 100*$reflow/$render_s}")"
}

book() { # name, floor program, path, extra render options...
  local name=$1 floorbin=$2 path=$3; shift 3
  [ -f "$path" ] || { echo "bench: missing $path (set QUIRE_CORPUS)" >&2; exit 66; }
  read -r fs fkb < <(measure "$floorbin" "$path")
  printf '\n%s\n' "$name"
  if [ "$floorbin" = "$floor" ]; then label="floor: inflate + SAX-parse XHTML"; else label="floor: read + cmark-gfm parse"; fi
  printf '%-44s %8.3f s %8.1f MB\n' "$label" "$fs" "$(awk "BEGIN{print $fkb/1024}")"
  row "quire render --format json" "$fs" "$quire" render "$path" --format json --quiet "$@"
  row "quire render json --breaking optimal" "$fs" "$quire" render "$path" --format json --quiet --breaking optimal "$@"
  row "quire render (text)" "$fs" "$quire" render "$path" --quiet "$@"
}

echo "Quire bench: best of $runs runs, peak resident memory; $(nproc) cores; $(date -u +%Y-%m-%d)"
wp="$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
book "War and Peace (standardebooks)" "$floor" "$wp"
render_s=$last_s # `book`'s last row: quire render (text)
view_rows "$wp"
# The cost of hyphenation (issue 16), against the same floor (`fs`, set by `book`).
row "quire render --format json --hyphenate auto" "$fs" "$quire" render "$wp" --format json --quiet --hyphenate auto
row "  … --align justify --hyphenate auto" "$fs" "$quire" render "$wp" --format json --quiet --align justify --hyphenate auto
book "Kusamakura (vertical Japanese, --writing-mode vertical)" "$floor" "$corpus/epub/kusamakura-japanese-vertical-writing.epub" --writing-mode vertical
book "The Rust Programming Language (largest Markdown)" "$mdfloor" "$corpus/markdown/rust-book-nostarch.md"
