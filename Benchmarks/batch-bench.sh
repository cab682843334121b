#!/usr/bin/env bash
# Batch throughput: the whole corpus through `quire batch` into a fresh folder each time (nothing skipped).
#  1. on this host: --jobs 1 and --jobs 2; books per second and peak resident memory;
#  2. on a one-node Slurm started here (Tests/Cluster/slurm-local.sh; needs root): deploy/slurm/quire-array.sbatch
#     as an array of 1, 2 and 4 shards, each task given the node's CPUs divided among the shards (at least one)
#     and --jobs to match; books/s and pages/s from submission to the last task's end, so Slurm's scheduling is
#     counted. On one node the shards share its CPUs: this shows the cost of sharding, not the gain of more nodes.
# BATCH_BENCH_SHARDS="1 2 4" chooses the shard counts (empty: skip the Slurm part).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE_BIN:-.build/release/quire}
format=${BATCH_BENCH_FORMAT:-text}
work=${BATCH_BENCH_DIR:-.build/bench/batch}
shards=${BATCH_BENCH_SHARDS-1 2 4}
[ -x "$quire" ] || { echo "batch-bench: no $quire (make release)" >&2; exit 66; }
[ -f "$corpus/MANIFEST.tsv" ] || { echo "batch-bench: no corpus at $corpus (set QUIRE_CORPUS)" >&2; exit 66; }
corpus=$(cd "$corpus" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)

# books, failed and pages of a manifest.
count() {
    python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
print(len(lines), sum(l["status"] == "error" for l in lines), sum(l["pages"] or 0 for l in lines))' "$1"
}

echo "Quire batch bench: $corpus, --format $format; $(nproc) cores; $(date -u +%Y-%m-%d)"
for jobs in 1 2; do
  out="$work/out-$jobs"
  rm -rf "$out"
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
rm -rf "$work"/out-*

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
  rm -rf "$out"
  start=$(date +%s.%N)
  job=$(sbatch --parsable --array="1-$count" --cpus-per-task="$cpus" --output="$work/slurm-%A_%a.out" \
    "$sbatch_file" "$corpus" "$out" --format "$format")
  slurm_wait "$job" 3600
  seconds=$(awk "BEGIN{print $(date +%s.%N) - $start}")
  read -r books failed pages < <(count "$out/manifest.jsonl")
  printf 'slurm --array=1-%d, %d CPU(s) and --jobs %d per task %4d books (%d failed) %8.2f s %8.2f books/s %9.1f pages/s\n' \
    "$count" "$cpus" "$cpus" "$books" "$failed" "$seconds" "$(awk "BEGIN{print $books/$seconds}")" \
    "$(awk "BEGIN{print $pages/$seconds}")"
  rm -rf "$out"
done
