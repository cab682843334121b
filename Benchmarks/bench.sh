#!/usr/bin/env bash
# `make bench`: time and peak memory of Quire beside the floor (inflate + SAX-parse the XHTML for an EPUB;
# read + cmark-gfm parse for Markdown), same run. QUIRE=path/to/quire picks the binary; BENCH_RUNS the runs.
# Rows with an issue-19 target end in ok or MISS and are also written to .build/bench/summary-bench.txt for
# Benchmarks/summary.sh, so one run gives the whole table. Beside the targets, for context: what first touching
# memory costs on this machine (Benchmarks/fresh-memory.c) and, after each `-o DIR` row with thousands of files,
# the disk's own price for the same files (the files floor, Benchmarks/files-floor.c).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-.build/release/quire}
floor=.build/bench/floor
mdfloor=.build/bench/floor-markdown
runs=${BENCH_RUNS:-5}
outroot=.build/bench/out
summary=.build/bench/summary-bench.txt
mkdir -p .build/bench
: > "$summary"
# Left over from an interrupted run: set aside, not removed (see `set_aside` in verdict.sh).
source Benchmarks/verdict.sh
set_aside "$outroot"
mkdir -p "$outroot"
gcc -O2 -o "$floor" Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)
gcc -O2 -o "$mdfloor" Benchmarks/floor-markdown.c $(pkg-config --cflags --libs libcmark-gfm)
gcc -O2 -pthread -o .build/bench/files-floor Benchmarks/files-floor.c
gcc -O2 -o .build/bench/fresh-memory Benchmarks/fresh-memory.c
settle_binary "$quire"

# Each run of an `-o` command gets a folder of its own (`measure` turns the argument @OUT@ into out-1, out-2, …),
# and the folders are set aside after a book's rows, never removed while the bench runs: writing just after
# thousands of files were removed makes ext4's inode allocator slow the run down (`set_aside` in verdict.sh).
outs=0
clear_outs() { set_aside "$outroot"; mkdir -p "$outroot"; }

# Best wall time of $runs runs (nanosecond clock: /usr/bin/time rounds to 10 ms) and the peak resident memory of
# the last, into m_s (seconds) and m_kb. Sets globals rather than printing: a subshell would lose `outs`.
measure() {
  local best="" kb=0 t start end arg cmd
  for _ in $(seq "$runs"); do
    cmd=()
    for arg in "$@"; do if [ "$arg" = @OUT@ ]; then outs=$((outs + 1)); arg=$outroot/out-$outs; fi; cmd+=("$arg"); done
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o .build/bench/time "${cmd[@]}" >/dev/null 2>.build/bench/stderr || { cat .build/bench/stderr >&2; return 1; }
    end=$(date +%s%N)
    t=$(awk "BEGIN{printf \"%.4f\", ($end - $start) / 1e9}")
    read -r kb < .build/bench/time
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  m_s=$best m_kb=$kb
}

row() { # label, floor seconds, then the measured command
  local label=$1 floor_s=$2; shift 2
  measure "$@"
  printf '%-44s %8.3f s %8.1f MB   %6.1fx floor\n' "$label" "$m_s" "$(awk "BEGIN{print $m_kb/1024}")" "$(awk "BEGIN{print $m_s/$floor_s}")"
  last_s=$m_s
}

# A row with issue-19 targets: wall time against `limit` times the floor and, when `mb_limit` is not empty, peak
# memory against it. In the summary it is "`short`, `what`" (`short`: the book, set by the caller).
target_row() { # label, what, floor seconds, limit (x floor), memory limit in MB or "", then the command
  local label=$1 what=$2 floor_s=$3 limit=$4 mb_limit=$5 ratio mb v mem=""; shift 5
  measure "$@"
  ratio=$(awk "BEGIN{printf \"%.2f\", $m_s/$floor_s}")
  mb=$(awk "BEGIN{printf \"%.1f\", $m_kb/1024}")
  v=$(verdict "$ratio" "$limit")
  summarize "$summary" "$short, $what: wall" "<= ${limit}x floor" "${ratio}x ($(printf %.3f "$m_s") s)" "$v"
  if [ -n "$mb_limit" ]; then
    mem="  peak <= $mb_limit MB $(verdict "$mb" "$mb_limit")"
    summarize "$summary" "$short, $what: peak memory" "<= $mb_limit MB" "$mb MB" "$(verdict "$mb" "$mb_limit")"
  fi
  printf '%-44s %8.3f s %8.1f MB   %6.2fx floor  <= %.1fx %-4s%s\n' "$label" "$m_s" "$mb" "$ratio" "$limit" "$v" "$mem"
  last_s=$m_s
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
  local path=$1 reflow
  measure "$quire" view --first-spread-only --screen 100x30 "$path"
  printf '%-44s %8.3f s %8.1f MB   %6.1fx floor  %5.1f%% of render (target <= 20%%)\n' "quire view: first spread at 100x30" \
    "$m_s" "$(awk "BEGIN{print $m_kb/1024}")" "$(awk "BEGIN{print $m_s/$fs}")" "$(awk "BEGIN{print 100*$m_s/$render_s}")"
  reflow=$(view_step reflow "$quire" view --first-spread-only --screen 100x30 --timing --reflow-to 50x40 "$path")
  printf '%-44s %8.3f s %8s      %6.1fx floor  %5.1f%% of render (target <= 100%%)\n' "quire view: re-flow on resize to 50x40" \
    "$reflow" "" "$(awk "BEGIN{print $reflow/$fs}")" "$(awk "BEGIN{print 100*$reflow/$render_s}")"
}

# The file system's part of an `-o DIR` row (`files_floor` in verdict.sh, on the files the row's last run wrote)
# and, given the row's standard-output twin, what the row took beyond it.
files_floor_row() { # label, folder the row wrote, then the row's seconds and its stdout twin's (optional)
  local label=$1 source=$2 dir_s=${3:-} stdout_s=${4:-} t n line
  line=$(files_floor "$source" "$source-files-floor")
  read -r t n <<< "$line"
  printf '%-44s %8.3f s   %d files, %d threads: the disk alone\n' "files floor: $label" "$t" "$n" "$(nproc)"
  [ -n "$stdout_s" ] || return 0
  printf '%-46s %8.3f s   %.2fx the files floor\n' "  … text -o DIR minus text stdout" \
    "$(awk "BEGIN{print $dir_s - $stdout_s}")" "$(awk "BEGIN{print ($dir_s - $stdout_s) / $t}")"
}

floor_row() { # floor program, path: sets fs, the floor's seconds
  local floorbin=$1 path=$2 label
  [ -f "$path" ] || { echo "bench: missing $path (set QUIRE_CORPUS)" >&2; exit 66; }
  measure "$floorbin" "$path"
  fs=$m_s
  printf '\n%s\n' "$book_name"
  if [ "$floorbin" = "$floor" ]; then label="floor: inflate + SAX-parse XHTML"; else label="floor: read + cmark-gfm parse"; fi
  printf '%-44s %8.3f s %8.1f MB\n' "$label" "$fs" "$(awk "BEGIN{print $m_kb/1024}")"
}

# Kusamakura and the Rust book: JSON and text to stdout within 2.5x their floors (issue 19).
book() { # short name, name, floor program, path, extra render options...
  local floorbin=$3 path=$4; short=$1 book_name=$2; shift 4
  floor_row "$floorbin" "$path"
  target_row "quire render --format json" "JSON stdout" "$fs" 2.5 "" "$quire" render "$path" --format json --quiet "$@"
  row "quire render json --breaking optimal" "$fs" "$quire" render "$path" --format json --quiet --breaking optimal "$@"
  target_row "quire render (text)" "text stdout" "$fs" 2.5 "" "$quire" render "$path" --quiet "$@"
}

echo "Quire bench: best of $runs runs, peak resident memory; $(nproc) cores; $(date -u +%Y-%m-%d); $quire"
# Context for every row that writes files or grows a heap (Benchmarks/fresh-memory.c).
read -r small huge again _ <<< "$(.build/bench/fresh-memory)"
printf "fresh memory, 256 MiB written the first time: %.0f ms in 4 KiB pages, %.0f ms in 2 MiB pages; %.0f ms again\n" \
  "$(awk "BEGIN{print $small * 1000}")" "$(awk "BEGIN{print $huge * 1000}")" "$(awk "BEGIN{print $again * 1000}")"
wp="$corpus/epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
short="War and Peace" book_name="War and Peace"
floor_row "$floor" "$wp"
# Issue 19: every output within 2x the floor and 64 MB, default options; files no dearer than 1.3x the pipe.
row "quire render --format json (stdout)" "$fs" "$quire" render "$wp" --format json --quiet
row "quire render json --breaking optimal" "$fs" "$quire" render "$wp" --format json --quiet --breaking optimal
target_row "quire render (text), stdout" "text stdout" "$fs" 2.0 64 "$quire" render "$wp" --quiet
render_s=$last_s
target_row "quire render -o DIR (text)" "text -o DIR" "$fs" 2.0 64 "$quire" render "$wp" -o @OUT@ --quiet
ratio=$(awk "BEGIN{printf \"%.2f\", $last_s/$render_s}")
v=$(verdict "$ratio" 1.3)
printf '%-44s %8s   %8s      %6.2fx stdout <= 1.3x %s\n' "  … text -o DIR against text stdout" "" "" "$ratio" "$v"
summarize "$summary" "War and Peace, text -o DIR: wall against stdout" "<= 1.3x stdout" "${ratio}x" "$v"
files_floor_row "the same text spreads" "$outroot/out-$outs" "$last_s" "$render_s"
target_row "quire render --format json -o DIR" "JSON -o DIR" "$fs" 2.0 64 "$quire" render "$wp" --format json -o @OUT@ --quiet
target_row "quire render --format html -o DIR" "HTML -o DIR" "$fs" 2.0 64 "$quire" render "$wp" --format html -o @OUT@ --quiet
files_floor_row "the same HTML site" "$outroot/out-$outs"
clear_outs
view_rows "$wp"
# The cost of hyphenation (issue 16), against the same floor (`fs`).
row "quire render --format json --hyphenate auto" "$fs" "$quire" render "$wp" --format json --quiet --hyphenate auto
row "  … --align justify --hyphenate auto" "$fs" "$quire" render "$wp" --format json --quiet --align justify --hyphenate auto
book "Kusamakura vertical" "Kusamakura (vertical Japanese, --writing-mode vertical)" "$floor" "$corpus/epub/kusamakura-japanese-vertical-writing.epub" --writing-mode vertical
book "Rust book (Markdown)" "The Rust Programming Language (largest Markdown)" "$mdfloor" "$corpus/markdown/rust-book-nostarch.md"
