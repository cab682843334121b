#!/usr/bin/env bash
# Batch throughput: the whole corpus through `quire batch` into a fresh folder each time (nothing skipped).
#  1. issue 19's targets: `quire batch corpus/epub -o OUT --jobs 2`, best of BENCH_RUNS (5) runs, JSON within
#     1.5x and text within 2x the sequential floor (the floor program reading every EPUB of corpus/epub one after
#     another in one process, best of as many runs), and peak memory of the batch process (the most of its runs)
#     within 256 MB; ok/MISS, also into .build/bench/summary-batch.txt for Benchmarks/summary.sh;
#  2. on this host: --jobs 1 and --jobs 2 over the whole corpus (EPUB and Markdown); books per second and peak
#     resident memory;
#  3. on a one-node Slurm started here (Tests/Cluster/slurm-local.sh; needs root): deploy/slurm/quire-array.sbatch
#     as an array of 1, 2 and 4 shards, each task given the node's CPUs divided among the shards (at least one)
#     and --jobs to match; books/s and pages/s from submission to the last task's end, so Slurm's scheduling is
#     counted. On one node the shards share its CPUs: this shows the cost of sharding, not the gain of more nodes.
# BATCH_BENCH_SHARDS="1 2 4" chooses the shard counts (empty: skip the Slurm part). QUIRE (or QUIRE_BIN) picks
# the binary, as for bench.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE:-${QUIRE_BIN:-.build/release/quire}}
runs=${BENCH_RUNS:-5}
summary=.build/bench/summary-batch.txt
format=${BATCH_BENCH_FORMAT:-text}
work=${BATCH_BENCH_DIR:-.build/bench/batch}
shards=${BATCH_BENCH_SHARDS-1 2 4}
[ -x "$quire" ] || { echo "batch-bench: no $quire (make release)" >&2; exit 66; }
[ -f "$corpus/MANIFEST.tsv" ] || { echo "batch-bench: no corpus at $corpus (set QUIRE_CORPUS)" >&2; exit 66; }
corpus=$(cd "$corpus" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Left over from an interrupted run: set aside before anything is timed, not removed (`set_aside` in verdict.sh).
source Benchmarks/verdict.sh
set_aside "$work"/out-*
: > "$summary"
settle_binary "$quire"

# books, failed and pages of a manifest.
count() {
    python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
print(len(lines), sum(l["status"] == "error" for l in lines), sum(l["pages"] or 0 for l in lines))' "$1"
}

# Issue 19's targets. Every run writes a folder of its own (out-target-1, 2, …; the files floor's runs
# out-target-N-files-floor-1, …), all set aside after the local rows and removed only when `make bench` ends:
# writing just after thousands of files were removed makes ext4's inode allocator slow the run down (`set_aside`
# in verdict.sh).
echo "Quire batch bench, issue 19 targets: $corpus/epub, best of $runs runs; $(nproc) cores; $(date -u +%Y-%m-%d); $quire"
gcc -O2 -o .build/bench/floor Benchmarks/floor.c $(pkg-config --cflags --libs libzip libxml-2.0)
gcc -O2 -pthread -o .build/bench/files-floor Benchmarks/files-floor.c
mapfile -t epubs < <(find "$corpus/epub" -name '*.epub' | sort)
best=""
for _ in $(seq "$runs"); do
  /usr/bin/time -f "%e" -o "$work/time" .build/bench/floor "${epubs[@]}" >/dev/null
  read -r t < "$work/time"
  if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
done
floor_s=$best
printf '%-52s %4d books %8.2f s\n' "sequential floor (one process, book after book)" "${#epubs[@]}" "$floor_s"
targets=0
for pair in json:1.5 text:2; do
  fmt=${pair%%:*} limit=${pair#*:} best="" peak=0
  for _ in $(seq "$runs"); do
    targets=$((targets + 1))
    out="$work/out-target-$targets"
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$quire" batch "$corpus/epub" -o "$out" --format "$fmt" --jobs 2 --quiet \
      2>"$work/stderr" || status=$?
    # 65 means some books failed: they are counted, the run is still measured.
    if [ "$status" -ne 0 ] && [ "$status" -ne 65 ]; then cat "$work/stderr" >&2; exit "$status"; fi
    read -r t kb < "$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    if [ "$kb" -gt "$peak" ]; then peak=$kb; fi
  done
  read -r books failed pages < <(count "$out/manifest.jsonl")
  ratio=$(awk "BEGIN{printf \"%.2f\", $best/$floor_s}")
  mb=$(awk "BEGIN{printf \"%.1f\", $peak/1024}")
  v=$(verdict "$ratio" "$limit") vm=$(verdict "$mb" 256)
  printf '%-52s %4d books %8.2f s %6.2fx floor <= %sx %-4s %7.1f MB peak <= 256 MB %s\n' \
    "quire batch corpus/epub --format $fmt --jobs 2" "$books" "$best" "$ratio" "$limit" "$v" "$mb" "$vm"
  [ "$failed" -eq 0 ] || echo "  ($failed books failed)"
  # The disk's own price for the folder the last run wrote (information, not a target).
  line=$(files_floor "$out" "$out-files-floor")
  read -r t n <<< "$line"
  printf '%-52s %4s       %8.2f s  %d files, %d threads: the disk alone\n' "  files floor: the same output" "" "$t" "$n" "$(nproc)"
  summarize "$summary" "corpus/epub batch, $fmt --jobs 2: wall" "<= ${limit}x sequential floor" "${ratio}x ($best s, floor $floor_s s)" "$v"
  summarize "$summary" "corpus/epub batch, $fmt --jobs 2: peak memory" "<= 256 MB" "$mb MB" "$vm"
done

echo
echo "Quire batch bench: $corpus, --format $format; $(nproc) cores; $(date -u +%Y-%m-%d)"
for jobs in 1 2; do
  out="$work/out-$jobs"
  set_aside "$out"
  status=0
  /usr/bin/time -f "%e %M" -o "$work/time" "$quire" batch "$corpus" -o "$out" --format "$format" --jobs "$jobs" --quiet \
    2>"$work/stderr" || status=$?
  # 65 means some books failed: they are counted, the run is still measured.
  if [ "$status" -ne 0 ] && [ "$status" -ne 65 ]; then cat "$work/stderr" >&2; exit "$status"; fi
  read -r seconds kb < "$work/time"
  read -r books failed pages < <(count "$out/manifest.jsonl")
  printf 'quire batch --jobs %d          %4d books (%d failed) %8.2f s %8.2f books/s %9.1f pages/s %8.1f MB peak\n' \
    "$jobs" "$books" "$failed" "$seconds" "$(awk "BEGIN{s=$seconds; if (s<0.001) s=0.001; print $books/s}")" \
    "$(awk "BEGIN{s=$seconds; if (s<0.001) s=0.001; print $pages/s}")" "$(awk "BEGIN{print $kb/1024}")"
done
set_aside "$work"/out-*

[ -n "$shards" ] || exit 0
source Tests/Cluster/slurm-local.sh
mkdir -p "$work/bin" && ln -sf "$(cd "$(dirname "$quire")" && pwd)/$(basename "$quire")" "$work/bin/quire"
export PATH="$work/bin:$PATH"
trap 'slurm_stop' EXIT
status=0
slurm_start "$(mktemp -d /tmp/quire-bench-slurm.XXXXXX)" || status=$?
if [ "$status" -eq 77 ]; then echo "batch-bench: Slurm part skipped: $SLURM_SKIP"; exit 0; fi
[ "$status" -eq 0 ] || exit 1
sbatch_file=deploy/slurm/quire-array.sbatch
for count in $shards; do
  cpus=$(( $(nproc) / count )); [ "$cpus" -ge 1 ] || cpus=1
  out="$work/slurm-$count"
  set_aside "$out"
  start=$(date +%s.%N)
  job=$(sbatch --parsable --array="1-$count" --cpus-per-task="$cpus" --output="$work/slurm-%A_%a.out" \
    "$sbatch_file" "$corpus" "$out" --format "$format")
  slurm_wait "$job" 3600
  seconds=$(awk "BEGIN{print $(date +%s.%N) - $start}")
  read -r books failed pages < <(count "$out/manifest.jsonl")
  printf 'slurm --array=1-%d, %d CPU(s) and --jobs %d per task %4d books (%d failed) %8.2f s %8.2f books/s %9.1f pages/s\n' \
    "$count" "$cpus" "$cpus" "$books" "$failed" "$seconds" "$(awk "BEGIN{print $books/$seconds}")" \
    "$(awk "BEGIN{print $pages/$seconds}")"
  set_aside "$out"
done
