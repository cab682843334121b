# Sourced by the bench scripts: how an issue-19 target is judged and recorded for Benchmarks/summary.sh, and how
# the measured binary is settled first.

# "ok" when figure <= limit, else "MISS" (numbers; the figure as printed, so a row never reads 2.00x MISS).
verdict() { awk -v f="$1" -v l="$2" 'BEGIN { print (f + 0 <= l + 0) ? "ok" : "MISS" }'; }

# One summary line: what was measured, its target, the figure, ok/MISS ("|" separates; summary.sh aligns them).
summarize() { # file, what, target, figure, verdict
  printf '%s|%s|%s|%s\n' "$2" "$3" "$4" "$5" >> "$1"
}

# Writes a just-built binary back to disk and drops it from the page cache, so its peak resident memory is measured
# as it is for a binary read from disk, not as just written: a file written moments before sits in the page cache
# in large folios, each fault then maps more of it, and War and Peace's JSON peak read 1.5-2 MB higher
# (62.2 -> 64.1 MB, the same bytes copied; issue 19). `dd iflag=nocache count=0` drops the whole file's cache.
settle_binary() { # path
  sync "$1"
  dd if="$1" iflag=nocache count=0 status=none
}

# Moves output folders of timed runs into .build/bench/trash instead of removing them; `make bench` empties the
# trash once, after the last timed run (Benchmarks/cleanup.sh). On a file system without a journal (this project's
# bench machine: ext4 on /dev/vda, no jbd2), ext4's inode allocator skips inodes freed in the last one to six
# minutes (`recently_deleted` in fs/ext4/ialloc.c), checking each on the way: after 20,000 files were removed,
# creating War and Peace's 2,733 files took 1.9 s instead of 0.06 s, all of it in that check (perf). A rename
# frees no inode, so timed runs never follow a removal made by the bench itself.
set_aside() { # paths
  local path
  mkdir -p .build/bench/trash
  for path in "$@"; do
    [ -e "$path" ] || continue
    mv "$path" ".build/bench/trash/$(date +%s%N)-$RANDOM-$(basename "$path")"
  done
}

# Best of $runs runs of Benchmarks/files-floor.c (built at .build/bench/files-floor) writing the files under
# SOURCE again, into PREFIX-1, PREFIX-2, … (set aside with the bench's other outputs): "seconds files". The disk's
# own price for the files an `-o DIR` or batch run wrote, measured beside it; information, not a target (issue 19).
files_floor() { # source, destination prefix
  local source=$1 prefix=$2 best="" t n line i
  for i in $(seq "$runs"); do
    line=$(.build/bench/files-floor "$source" "$prefix-$i") || return 1
    read -r t n <<< "$line"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best $n"
}
