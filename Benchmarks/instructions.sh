#!/usr/bin/env bash
# Instruction counts (valgrind callgrind, all threads) of Quire and the floors on the bench books: on a shared,
# noisy machine these repeat to within a fraction of a percent where wall and CPU times swing by 30%.
# QUIRE=path/to/quire picks the binary (a stripped copy is measured: valgrind cannot read Swift's debug info).
# Issue 19's targets (War and Peace text and JSON within 2.5x the floor) end in ok or MISS and also go to
# .build/bench/summary-instructions.txt for Benchmarks/summary.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-.build/release/quire}
summary=.build/bench/summary-instructions.txt
mkdir -p .build/bench
: > "$summary"
source Benchmarks/verdict.sh
gcc -O2 -o .build/bench/floor Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)
gcc -O2 -o .build/bench/floor-markdown Benchmarks/floor-markdown.c $(pkg-config --cflags --libs libcmark-gfm)
strip -o .build/bench/quire-stripped "$quire"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ {printf "%9.1f M", $4/1e6}'; }
row() { local label=$1 floor=$2; shift 2; local q; q=$(ir .build/bench/quire-stripped "$@")
  printf '  %-36s %s instructions  %5.1fx floor\n' "$label" "$q" "$(awk "BEGIN{print ${q% M}/${floor% M}}")"; }
# A row with an issue-19 target: at most `limit` times the floor's instructions.
target_row() { local label=$1 what=$2 floor=$3 limit=$4; shift 4; local q ratio v; q=$(ir .build/bench/quire-stripped "$@")
  ratio=$(awk "BEGIN{printf \"%.2f\", ${q% M}/${floor% M}}"); v=$(verdict "$ratio" "$limit")
  printf '  %-36s %s instructions  %5.2fx floor  <= %sx %s\n' "$label" "$q" "$ratio" "$limit" "$v"
  summarize "$summary" "$what: instructions" "<= ${limit}x floor" "${ratio}x (${q// /} / ${floor// /})" "$v"; }
# `limit`, when given, makes the JSON and text rows targets (issue 19: War and Peace only).
book() { local name=$1 floorbin=$2 path=$3 limit=$4; shift 4; local f; f=$(ir "$floorbin" "$path")
  printf '\n%s\n  %-36s %s instructions\n' "$name" "floor" "$f"
  row "quire info" "$f" info "$path"
  if [ -n "$limit" ]; then target_row "quire render --format json" "$name, JSON" "$f" "$limit" render "$path" --format json --quiet "$@"
  else row "quire render --format json" "$f" render "$path" --format json --quiet "$@"; fi
  row "quire render json --breaking optimal" "$f" render "$path" --format json --quiet --breaking optimal "$@"
  if [ -n "$limit" ]; then target_row "quire render (text)" "$name, text" "$f" "$limit" render "$path" --quiet "$@"
  else row "quire render (text)" "$f" render "$path" --quiet "$@"; fi; }
echo "Quire instruction counts (callgrind)"
wp="$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
book "War and Peace" .build/bench/floor "$wp" 2.5
row "… --hyphenate auto" "$(ir .build/bench/floor "$wp")" render "$wp" --format json --quiet --hyphenate auto
book "Kusamakura, vertical" .build/bench/floor "$corpus/epub/kusamakura-japanese-vertical-writing.epub" "" --writing-mode vertical
book "Rust book (Markdown)" .build/bench/floor-markdown "$corpus/markdown/rust-book-nostarch.md" ""
