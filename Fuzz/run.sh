#!/usr/bin/env bash
# Fuzz/run.sh: builds the libFuzzer targets with AddressSanitizer and runs each for FUZZ_SECONDS.
#
#   Fuzz/run.sh [TARGET...]        (default: every target; `make fuzz FUZZ_SECONDS=N` calls this)
#
# Environment: FUZZ_SECONDS (per target, default 60), QUIRE_CORPUS (seeds from real books when set).
# Targets run one after another, each on one core.
# A crash, a timeout (20 s) or running out of memory (2 GB) is saved as a reproducer in Fuzz/Findings/<target>/ and makes the script
# fail (after the other targets have run). Replay one with `Fuzz/.build/release/fuzz-<target> FILE`.
set -uo pipefail
cd "$(dirname "$0")"
FUZZ=$PWD
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
MAX_LEN=65536          # bytes; keep equal to MAX_LEN in seeds.py
ALL=(zip package xhtml markdown pipeline)
TARGETS=("${@:-${ALL[@]}}")

# SwiftPM names a root package after its folder: a checkout folder called "fuzz" would clash with this "Fuzz".
if [ "$(basename "$(cd .. && pwd)" | tr A-Z a-z)" = fuzz ]; then
  echo "fuzz: the checkout folder is named 'fuzz', which SwiftPM confuses with Fuzz/; clone it under another name" >&2
  exit 2
fi

# Release: optimised Swift keeps its overflow, bounds and precondition traps and runs 10-40 times faster under
# ASan than a debug build, so a minute finds far more. (`swift build -c debug` with the same flags works too.)
CONFIG=release
echo "fuzz: building the targets ($CONFIG, -sanitize=fuzzer,address)"
mkdir -p .build
if ! swift build -c $CONFIG -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
     >.build/fuzz-build.log 2>&1; then
  grep -v "Cannot export local symbol" .build/fuzz-build.log | tail -40
  echo "fuzz: build failed (log: Fuzz/.build/fuzz-build.log)" >&2
  exit 1
fi

SEEDS=$(mktemp -d)
trap 'rm -rf "$SEEDS"' EXIT
python3 seeds.py "$SEEDS" "${QUIRE_CORPUS:-}" || exit 1

dictionary() {
  case $1 in
    zip) cat Dictionaries/zip.dict Dictionaries/xml.dict ;;
    package) cat Dictionaries/xml.dict ;;
    xhtml) cat Dictionaries/xml.dict Dictionaries/css.dict ;;
    markdown) cat Dictionaries/markdown.dict ;;
    pipeline) cat Dictionaries/zip.dict Dictionaries/xml.dict Dictionaries/markdown.dict ;;
  esac
}

# Reproducers libFuzzer writes: crash-, timeout-, oom-, leak- (slow-unit- files are only a note).
count_findings() { ls "$1" | grep -cE '^(crash|timeout|oom|leak)-'; }

# Swift's own crash reporter would run first and trip ASan while reading memory; without it libFuzzer reports
# the trap itself, with "Swift runtime failure: …" as the top Swift frame.
export SWIFT_BACKTRACE=enable=no

failed=()
for target in "${TARGETS[@]}"; do
  binary=.build/$CONFIG/fuzz-$target
  [ -x "$binary" ] || { echo "fuzz: no target '$target' (have: ${ALL[*]})" >&2; exit 64; }
  findings=$FUZZ/Findings/$target
  corpus=$FUZZ/.build/corpus/$target      # what the runs learn; kept between local runs, gone in a clean clone
  mkdir -p "$findings" "$corpus"
  dictionary "$target" >"$SEEDS/$target.dict"
  log=$FUZZ/.build/fuzz-$target.log
  echo "fuzz: $target for ${SECONDS_PER_TARGET}s (log: Fuzz/.build/fuzz-$target.log)"
  before=$(count_findings "$findings")
  # No leak checking: LeakSanitizer cannot follow Swift's tagged enum payloads and reports live objects as leaks.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
  "$binary" -max_total_time="$SECONDS_PER_TARGET" -max_len=$MAX_LEN -rss_limit_mb=2048 -timeout=20 -detect_leaks=0 \
    -dict="$SEEDS/$target.dict" -artifact_prefix="$findings/" -print_final_stats=1 \
    "$corpus" "$SEEDS/$target" >"$log" 2>&1
  status=$?
  after=$(count_findings "$findings")
  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "$log" | tr '\n' ' '
  echo
  if [ $status -ne 0 ] || [ "$after" -gt "$before" ]; then
    echo "fuzz: $target FAILED (exit $status); reproducers in Fuzz/Findings/$target/:" >&2
    ls -t "$findings" | grep -E '^(crash|timeout|oom|leak)-' | head -5 | sed 's/^/  /' >&2
    grep -E "==[0-9]+== ?ERROR|^SUMMARY|Swift runtime failure|/Sources/" "$log" | head -6 | cut -c1-220 | sed 's/^/  /' >&2
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings (${TARGETS[*]}, ${SECONDS_PER_TARGET}s each)"
