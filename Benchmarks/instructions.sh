#!/usr/bin/env bash
# Instruction counts (valgrind callgrind, all threads) of Quire and the floors on the bench books: on a shared,
# noisy machine these repeat to within a fraction of a percent where wall and CPU times swing by 30%.
# QUIRE=path/to/quire picks the binary (a stripped copy is measured: valgrind cannot read Swift's debug info).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-.build/release/quire}
mkdir -p .build/bench
gcc -O2 -o .build/bench/floor Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)
gcc -O2 -o .build/bench/floor-markdown Benchmarks/floor-markdown.c $(pkg-config --cflags --libs libcmark-gfm)
strip -o .build/bench/quire-stripped "$quire"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ {printf "%9.1f M", $4/1e6}'; }
row() { local label=$1 floor=$2; shift 2; local q; q=$(ir .build/bench/quire-stripped "$@")
  printf '  %-36s %s instructions  %5.1fx floor\n' "$label" "$q" "$(awk "BEGIN{print ${q% M}/${floor% M}}")"; }
book() { local name=$1 floorbin=$2 path=$3; shift 3; local f; f=$(ir "$floorbin" "$path")
  printf '\n%s\n  %-36s %s instructions\n' "$name" "floor" "$f"
  row "quire info" "$f" info "$path"
  row "quire render --format json" "$f" render "$path" --format json --quiet "$@"
  row "quire render json --breaking optimal" "$f" render "$path" --format json --quiet --breaking optimal "$@"
  row "quire render (text)" "$f" render "$path" --quiet "$@"; }
echo "Quire instruction counts (callgrind)"
wp="$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
book "War and Peace" .build/bench/floor "$wp"
row "… --hyphenate auto" "$(ir .build/bench/floor "$wp")" render "$wp" --format json --quiet --hyphenate auto
book "Kusamakura, vertical" .build/bench/floor "$corpus/epub/kusamakura-japanese-vertical-writing.epub" --writing-mode vertical
book "Rust book (Markdown)" .build/bench/floor-markdown "$corpus/markdown/rust-book-nostarch.md"
