#!/usr/bin/env bash
# Fuzz/asan.sh: the unit tests and a corpus walk under AddressSanitizer (Swift) and UBSan (the C shims).
# `make test-asan` calls this. Builds into .build-asan so the normal .build is untouched.
#
# Environment: QUIRE_CORPUS (the walk renders every EPUB and Markdown book there; without it only the tests run),
# ASAN_SKIP (a regex of unit tests to leave out).
set -uo pipefail
cd "$(dirname "$0")/.."
FLAGS=(--build-path .build-asan -Xswiftc -sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined)
# Leak checking off: LeakSanitizer cannot follow Swift's tagged enum payloads and reports live objects as leaks.
# UBSan stops at the first report, so a finding fails the run instead of scrolling past.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# A Swift trap then ends in SIGILL (exit 132) with its message, instead of Swift's crash reporter tripping ASan.
export SWIFT_BACKTRACE=enable=no
# The unit tests run without QUIRE_CORPUS: their corpus tests (about 6 of their 7 minutes under ASan) read and
# render the same books as the walk below, which covers them under the sanitizers in a fraction of the time.
SKIP=${ASAN_SKIP:-}
REPORT='ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer|SUMMARY: (Address|Undefined)|Fatal error:'

echo "test-asan: building (debug, -sanitize=address, C shims with -fsanitize=undefined)"
swift build --build-tests "${FLAGS[@]}" 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: unre|Compiling|Build" | tail -5
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "test-asan: build failed" >&2; exit 1; }

echo "test-asan: unit tests (without the corpus${SKIP:+; skipping $SKIP})"
log=.build-asan/test.log
env -u QUIRE_CORPUS swift test --skip-build "${FLAGS[@]}" ${SKIP:+--skip "$SKIP"} >"$log" 2>&1
status=$?
grep -E "^Test Suite 'All tests'|Executed [0-9]+ tests" "$log" | tail -2
if [ $status -ne 0 ] || grep -qE "$REPORT" "$log"; then
  grep -E "$REPORT|error: |Fatal error" "$log" | head -20 >&2
  echo "test-asan: unit tests failed (log: $log)" >&2
  exit 1
fi

if [ -z "${QUIRE_CORPUS:-}" ]; then
  echo "test-asan: QUIRE_CORPUS not set; no corpus walk"
  exit 0
fi
[ -d "$QUIRE_CORPUS" ] || { echo "test-asan: QUIRE_CORPUS=$QUIRE_CORPUS is missing" >&2; exit 1; }
QUIRE=$PWD/.build-asan/debug/quire
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# One book, one format: rendered to /dev/null; a sanitizer report or a signal (exit > 128) is a failure,
# an error exit (65 for a broken book) is not.
walk_one() {
  local book=$1 format=$2 err
  err=$(mktemp -p "$WORK")
  "$QUIRE" render "$book" --format "$format" >/dev/null 2>"$err"
  local status=$?
  if [ $status -gt 128 ] || grep -qE "$REPORT" "$err"; then
    echo "FAIL $format $book (exit $status)"
    grep -E "$REPORT|^    #[0-9] " "$err" | head -12 | sed 's/^/    /'
  fi
  rm -f "$err"
}
export -f walk_one
export QUIRE WORK REPORT

count=$(find "$QUIRE_CORPUS" -type f \( -name '*.epub' -o -name '*.md' \) | wc -l)
echo "test-asan: corpus walk, $count books x text, json"
failures=$(find "$QUIRE_CORPUS" -type f \( -name '*.epub' -o -name '*.md' \) -print0 | sort -z |
           while IFS= read -r -d '' book; do printf '%s\0text\0%s\0json\0' "$book" "$book"; done |
           xargs -0 -n 2 -P "$(nproc)" bash -c 'walk_one "$0" "$1"')
if [ -n "$failures" ]; then
  echo "$failures" >&2
  echo "test-asan: $(echo "$failures" | grep -c '^FAIL') corpus runs failed" >&2
  exit 1
fi
echo "test-asan: corpus walk clean"
