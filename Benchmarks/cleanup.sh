#!/usr/bin/env bash
# The last step of `make bench`: removes the output folders the timed runs set aside (see `set_aside` in
# Benchmarks/verdict.sh). Creating many files soon after this is slow on a file system without a journal: wait a
# few minutes before timing file output again.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d .build/bench/trash ]; then
  files=$(find .build/bench/trash -type f | wc -l)
  rm -rf .build/bench/trash
  echo "bench: removed the timed runs' outputs ($files files)"
fi
