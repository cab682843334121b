# Sourced by the bench scripts: how an issue-19 target is judged and recorded for Benchmarks/summary.sh.

# "ok" when figure <= limit, else "MISS" (numbers; the figure as printed, so a row never reads 2.00x MISS).
verdict() { awk -v f="$1" -v l="$2" 'BEGIN { print (f + 0 <= l + 0) ? "ok" : "MISS" }'; }

# One summary line: what was measured, its target, the figure, ok/MISS ("|" separates; summary.sh aligns them).
summarize() { # file, what, target, figure, verdict
  printf '%s|%s|%s|%s\n' "$2" "$3" "$4" "$5" >> "$1"
}
