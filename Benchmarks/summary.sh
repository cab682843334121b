#!/usr/bin/env bash
# The last step of `make bench`: every issue-19 target in one block (what, target, figure, ok/MISS), from the
# lines the bench scripts wrote to .build/bench/summary-*.txt in this run, with the machine and date the README's
# performance table needs.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
for part in bench instructions batch; do # the order of the issue's targets
  [ -s ".build/bench/summary-$part.txt" ] && files+=(".build/bench/summary-$part.txt")
done
[ "${#files[@]}" -gt 0 ] || { echo "summary: no .build/bench/summary-*.txt (run make bench)" >&2; exit 66; }
model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
echo
echo "Issue 19 targets: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($model), $(uname -sr)"
cat "${files[@]}" | awk -F'|' '
  { what[NR] = $1; target[NR] = $2; figure[NR] = $3; verdict[NR] = $4; misses += ($4 != "ok") }
  END {
    printf "%-48s %-28s %-34s %s\n", "measured", "target", "figure", "held"
    for (i = 1; i <= NR; i++) printf "%-48s %-28s %-34s %s\n", what[i], target[i], figure[i], verdict[i]
    printf "%d of %d targets held\n", NR - misses, NR
  }'
