#!/usr/bin/env bash
# Batch throughput: the whole corpus through `quire batch` with --jobs 1 and --jobs 2, into a fresh folder
# each time (nothing skipped); prints books per second and peak resident memory, one line per job count.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${QUIRE_CORPUS:-../shared/corpus}
quire=${QUIRE_BIN:-.build/release/quire}
format=${BATCH_BENCH_FORMAT:-text}
work=${BATCH_BENCH_DIR:-.build/bench/batch}
[ -x "$quire" ] || { echo "batch-bench: no $quire (make release)" >&2; exit 66; }
[ -f "$corpus/MANIFEST.tsv" ] || { echo "batch-bench: no corpus at $corpus (set QUIRE_CORPUS)" >&2; exit 66; }
mkdir -p "$work"

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
  books=$(wc -l < "$out/manifest.jsonl")
  failed=$(grep -c '"status":"error"' "$out/manifest.jsonl" || true)
  printf 'quire batch --jobs %d   %4d books (%d failed) %8.2f s %8.2f books/s %8.1f MB peak\n' \
    "$jobs" "$books" "$failed" "$seconds" "$(awk "BEGIN{s=$seconds; if (s<0.001) s=0.001; print $books/s}")" \
    "$(awk "BEGIN{print $kb/1024}")"
done
rm -rf "$work"
