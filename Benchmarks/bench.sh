#!/usr/bin/env bash
# `make bench`: time and peak memory of Quire beside the floor (inflate + SAX-parse the XHTML), same run.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=.build/release/quire
floor=.build/bench/floor
runs=${BENCH_RUNS:-5}
mkdir -p .build/bench
gcc -O2 -o "$floor" Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)

# Best wall time of $runs runs and the peak resident memory of the last, as "seconds kilobytes".
measure() {
  local best="" kb=0 t
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o .build/bench/time "$@" >/dev/null 2>.build/bench/stderr || { cat .build/bench/stderr >&2; return 1; }
    read -r t kb < .build/bench/time
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best $kb"
}

row() { # label, floor seconds, then the measured command
  local label=$1 floor_s=$2; shift 2
  read -r s kb < <(measure "$@")
  printf '%-44s %8.3f s %8.1f MB   %6.1fx floor\n' "$label" "$s" "$(awk "BEGIN{print $kb/1024}")" "$(awk "BEGIN{f=$floor_s; if (f<0.001) f=0.001; print $s/f}")"
}

book() { # name, path, extra render options...
  local name=$1 path=$2; shift 2
  [ -f "$path" ] || { echo "bench: missing $path (set QUIRE_CORPUS)" >&2; exit 66; }
  read -r fs fkb < <(measure "$floor" "$path")
  printf '\n%s\n' "$name"
  printf '%-44s %8.3f s %8.1f MB\n' "floor: inflate + SAX-parse XHTML" "$fs" "$(awk "BEGIN{print $fkb/1024}")"
  row "quire render --format json" "$fs" "$quire" render "$path" --format json --quiet "$@"
  row "quire render (text)" "$fs" "$quire" render "$path" --quiet "$@"
}

echo "Quire bench: best of $runs runs, peak resident memory; $(nproc) cores; $(date -u +%Y-%m-%d)"
book "War and Peace (standardebooks)" "$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
book "Kusamakura (vertical Japanese)" "$corpus/epub/kusamakura-japanese-vertical-writing.epub"
