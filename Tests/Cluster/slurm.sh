#!/usr/bin/env bash
# quire batch on a real one-node Slurm (issue 21): starts munged, slurmctld and slurmd under a temporary folder
# (Tests/Cluster/slurm-local.sh), submits deploy/slurm/quire-array.sbatch as the README does, and checks:
#   slurm/recipe    sbatch --array=1-4 over a library: the union of the tasks' output (one shared OUTDIR) equals
#                   a local unsharded run file for file, and the manifest has exactly one `ok` line per book;
#   slurm/requeue   an array whose tasks are killed midway: scancel (SIGTERM, then SIGKILL after KillWait),
#                   scancel --signal=KILL (a crash), scontrol requeue of a running task; every book folder
#                   present between kill and rerun is complete; the requeued tasks skip the finished books and
#                   finish the rest, equal to the unsharded run, with no temporary folder left;
#   slurm/timelimit a task that runs into its --time limit (Slurm's own SIGTERM-KillWait-SIGKILL), requeued with
#                   a longer limit: it ends TIMEOUT, then the rerun completes every book, each rendered once;
#   slurm/teardown  the daemons are gone (by pid), no process of the cluster is left, its folder is removed,
#                   and nothing was written under /etc/slurm.
# Skips (SKIP line, exit 77) only when the daemons cannot start here: not root, or /etc/slurm not writable.
# QUIRE_BIN overrides the binary (default .build/debug/quire); QUIRE_CORPUS adds real books to the library.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
source "$here/slurm-local.sh"

work=$(mktemp -d /tmp/quire-cluster.XXXXXX)
# On failure the jobs' and daemons' logs are shown before everything is removed.
on_exit() {
    if [ "$cluster_failed" -ne 0 ]; then
        local log
        for log in "$work"/logs/*.out; do [ -f "$log" ] && { echo "--- $log"; tail -n 5 "$log"; }; done
        [ -n "$SLURM_DIR" ] && slurm_log_tail 2>&1
    fi
    slurm_stop
    rm -rf "$work"
}
trap on_exit EXIT
trap 'exit 130' INT TERM
cluster_quire "$work" || { fail slurm "no quire binary"; exit 1; }
etc_before=$(ls -la /etc/slurm 2>/dev/null)

slurm_start "$work/slurm"
case $? in
    0) ;;
    77) skip slurm "$SLURM_SKIP"; exit 77 ;;
    *) fail slurm/start "the daemons did not start"; exit 1 ;;
esac
conf=$SLURM_CONF
daemons=("${SLURM_PIDS[@]}")
mkdir -p "$work/logs"

# The recipe, run verbatim.
sbatch_file="$cluster_root/deploy/slurm/quire-array.sbatch"

# sbatch_array NAME SBATCH_OPTIONS... -- LIBRARY OUTDIR: submits the recipe; prints the job id.
sbatch_array() {
    local name=$1; shift
    sbatch --parsable --job-name="$name" --output="$work/logs/$name-%A_%a.out" "$@" "$sbatch_file" "${library_args[@]}"
}

# kill_quire JOB K: SIGKILL to the quire of array task K (found by its Slurm environment), by pid.
kill_quire() {
    local pid killed=0
    for pid in $(pgrep -x quire); do
        grep -qzxF "SLURM_ARRAY_JOB_ID=$1" "/proc/$pid/environ" 2>/dev/null \
            && grep -qzxF "SLURM_ARRAY_TASK_ID=$2" "/proc/$pid/environ" && kill -KILL "$pid" && killed=1
    done
    [ "$killed" = 1 ] || { echo "no quire process of task ${1}_$2 ($(task_state "${1}_$2"))"; return 1; }
}

# task_exit JOB_TASK: how it ended, e.g. "CANCELLED ExitCode=0:9" (killed by signal 9) or "TIMEOUT ExitCode=143:0".
task_exit() { echo "$(task_state "$1") $(scontrol show job "$1" 2>/dev/null | grep -o ' ExitCode=[0-9:]*' | head -n 1)"; }

# task_state JOB_TASK: RUNNING, PENDING, COMPLETED, CANCELLED, TIMEOUT, FAILED… (records kept MinJobAge).
task_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2; }

# wait_running JOB_TASK: until the task runs (it may wait for a CPU); 1 when it never does.
wait_running() {
    local start=$SECONDS
    until [ "$(task_state "$1")" = RUNNING ]; do
        [ $((SECONDS - start)) -lt 120 ] || { echo "task $1 never ran: $(task_state "$1")"; return 1; }
        sleep 0.2
    done
}

# wait_first_book MANIFEST K N: until task K of N has finished its first book (the library's books are named
# so that each shard has three or more: the task is still busy when it is killed).
wait_first_book() {
    local start=$SECONDS first
    first=$(cd "$slow" && python3 "$here/manifest.py" first "$2" "$3" *.md) || { echo "shard $2/$3 has no book"; return 1; }
    until grep -qF "\"key\":\"$first\"" "$1" 2>/dev/null; do
        [ $((SECONDS - start)) -lt 120 ] || { echo "task $2 did not finish $first in 120 s"; return 1; }
        sleep 0.1
    done
}

# all_completed JOB N: every task of the array ended COMPLETED (exit 0).
all_completed() {
    local task state bad=""
    for task in $(seq 1 "$2"); do
        state=$(task_state "${1}_$task")
        [ "$state" = COMPLETED ] || bad="$bad ${1}_$task:$state"
    done
    [ -z "$bad" ] || { echo "tasks not completed:$bad"; tail -n 5 "$work"/logs/*.out; return 1; }
}

# release TASK...: a requeued task waits two minutes before it may start again (Slurm's requeue delay);
# an operator releases it at once with StartTime=now.
release() { local task; for task in "$@"; do scontrol update JobId="$task" StartTime=now >/dev/null; done; }

# --- libraries and reference runs ------------------------------------------------------------------------
library="$work/library"
make_library "$library" || { fail slurm/recipe "cannot build the library"; exit 1; }
# The requeue library: 18 generated books of 100 to 500 KB, which put 3 to 8 books in each of 4 shards, so a
# task that has finished its first book still has work to do when it is killed. (40 to 200 KB left shard 3 a
# third of a second after its first book once quire got faster, and the requeue came too late: issue 19.)
slow="$work/slow"
mkdir -p "$slow" && python3 "$here/makebooks.py" "$slow" slow 18 100 500

# The time-limit task: a job that has already spent 40 s of its one-minute limit (a sleep stands in for that)
# then runs the recipe over copies of the requeue library's books (copies, as batch takes a file reached by
# several links once), enough of them for 55 s of CPU as the reference run measured it, so quire is still
# busy when the limit comes: 60 to 90 s after the start, as the controller checks limits every 30 s. It runs
# beside the other scenarios, on one of the node's CPUs.
TIMEFORMAT='%U %S'
cpu=$( { time reference_run "$slow" "$work/slow-ref" >/dev/null; } 2>&1 ) || { fail slurm/requeue "reference run"; exit 1; }
per_copy_ms=$(awk '{ printf "%d", ($1 + $2) * 1000 }' <<<"$cpu")
copies=$(( 55000 / (per_copy_ms > 0 ? per_copy_ms : 1) + 1 ))
for copy in $(seq -w 1 "$copies"); do
    mkdir -p "$work/long/c$copy" && cp "$slow"/*.md "$work/long/c$copy/"
done
timelimit_job=$(sbatch --parsable --job-name=timelimit --output="$work/logs/timelimit-%A_%a.out" --array=1-1 \
    --cpus-per-task=1 --time=1 --wrap "sleep 40 && exec $sbatch_file $work/long $work/long-out")
echo "slurm/timelimit: job $timelimit_job, $copies copies of the requeue library (${per_copy_ms} ms of CPU each)"

# --- 1. the README's recipe --------------------------------------------------------------------------------
run_recipe() {
    reference_run "$library" "$work/ref" || return 1
    library_args=("$library" "$work/out")
    local job
    job=$(sbatch_array recipe --array=1-4 --cpus-per-task=1) || return 1
    slurm_wait "$job" 300 || return 1
    all_completed "$job" 4 || return 1
    same_books "$work/ref" "$work/out" "$work/recipe.diff" || { head -n 20 "$work/recipe.diff"; return 1; }
    python3 "$here/manifest.py" once "$work/out/manifest.jsonl" "$work/ref/manifest.jsonl" || return 1
}
if out=$(run_recipe 2>&1); then pass slurm/recipe; else echo "$out"; fail slurm/recipe "see above"; fi

# --- 2. tasks killed midway, then requeued ----------------------------------------------------------------
run_requeue() {
    library_args=("$slow" "$work/slow-out")
    local job manifest="$work/slow-out/manifest.jsonl"
    # The tasks stop within KillWait (5 s): QUIRE_GRACE (exported to the job) stays below it. One task at a time
    # (%1), so each is caught just after its first book whatever the machine's load.
    job=$(QUIRE_GRACE=3 sbatch_array requeue --array=1-4%1 --cpus-per-task=1) || return 1
    # Task 1: scancel once it has finished a book: SIGTERM, then SIGKILL after KillWait.
    wait_running "${job}_1" && wait_first_book "$manifest" 1 4 || return 1
    [ "$(task_state "${job}_1")" = RUNNING ] || { echo "task 1 finished before it was cancelled"; return 1; }
    scancel "${job}_1"
    # Task 2: quire gets SIGKILL with no warning, as from the OOM killer (scancel --signal=KILL would not do:
    # Slurm turns it into its SIGTERM-KillWait-SIGKILL): a temporary folder may stay behind.
    wait_running "${job}_2" && wait_first_book "$manifest" 2 4 || return 1
    [ "$(task_state "${job}_2")" = RUNNING ] || { echo "task 2 finished before it was killed"; return 1; }
    kill_quire "$job" 2 || return 1
    # Task 3: requeued while it runs (SIGTERM, KillWait, back to the queue), as preemption does.
    wait_running "${job}_3" && wait_first_book "$manifest" 3 4 || return 1
    [ "$(task_state "${job}_3")" = RUNNING ] || { echo "task 3 finished before it was requeued"; return 1; }
    scontrol requeue "${job}_3"
    # Task 4 runs to its end. Wait until nothing runs, then look at what the kills left.
    local start=$SECONDS
    while squeue -h -j "$job" -t RUNNING,COMPLETING -o %i | grep -q .; do
        [ $((SECONDS - start)) -lt 300 ] || { echo "tasks still running after 300 s"; return 1; }
        sleep 0.5
    done
    echo "after the kills: task 1 $(task_exit "${job}_1"), task 2 $(task_exit "${job}_2"), task 3 $(task_state "${job}_3")"
    echo "after the kills: $(find "$work/slow-out" -maxdepth 1 -name '.tmp.*' | wc -l) temporary folders"
    python3 "$here/manifest.py" folders "$work/slow-out" "$work/slow-ref" 0 || return 1
    scontrol requeue "${job}_1,${job}_2" || return 1
    scontrol update JobId="$job" ArrayTaskThrottle=0 >/dev/null || return 1
    release "${job}_1" "${job}_2" "${job}_3"
    slurm_wait "$job" 300 || return 1
    all_completed "$job" 4 || return 1
    no_leftovers "$work/slow-out" || return 1
    same_books "$work/slow-ref" "$work/slow-out" "$work/requeue.diff" || { head -n 20 "$work/requeue.diff"; return 1; }
    python3 "$here/manifest.py" resumed "$manifest" "$work/slow-ref/manifest.jsonl" || return 1
}
if out=$(run_requeue 2>&1); then echo "$out"; pass slurm/requeue; else echo "$out"; fail slurm/requeue "see above"; fi

# --- 2b. the time limit ----------------------------------------------------------------------------------
run_timelimit() {
    local task="${timelimit_job}_1" state copy
    slurm_wait "$timelimit_job" 240 || return 1
    state=$(task_state "$task")
    [ "$state" = TIMEOUT ] || { echo "the task ended $state, not TIMEOUT: it finished within its limit"; return 1; }
    echo "at the time limit: $(task_exit "$task"), $(find "$work/long-out" -maxdepth 1 -name '.tmp.*' | wc -l) temporary folders"
    python3 "$here/manifest.py" folders "$work/long-out" "$work/slow-ref" 1 || return 1
    scontrol requeue "$task" || return 1
    scontrol update JobId="$task" TimeLimit=10 StartTime=now >/dev/null || return 1
    slurm_wait "$timelimit_job" 300 || return 1
    state=$(task_state "$task")
    [ "$state" = COMPLETED ] || { echo "the rerun ended $state"; return 1; }
    no_leftovers "$work/long-out" || return 1
    python3 "$here/manifest.py" folders "$work/long-out" "$work/slow-ref" 1 || return 1
    # Every copy's books, keyed c01/slow-01.md…: each ends ok or skipped, none rendered twice.
    for copy in "$work"/long/c*; do
        sed "s|\"key\":\"|\"key\":\"$(basename "$copy")/|" "$work/slow-ref/manifest.jsonl"
    done >"$work/long-expected.jsonl"
    python3 "$here/manifest.py" resumed "$work/long-out/manifest.jsonl" "$work/long-expected.jsonl" || return 1
}
if out=$(run_timelimit 2>&1); then echo "$out"; pass slurm/timelimit; else echo "$out"; fail slurm/timelimit "see above"; fi

# --- 3. teardown -------------------------------------------------------------------------------------------
slurm_dir=$work/slurm
[ "$cluster_failed" -eq 0 ] || slurm_log_tail 2>&1
slurm_stop
run_teardown() {
    local pid left
    for pid in "${daemons[@]}"; do
        kill -0 "$pid" 2>/dev/null && { echo "daemon $pid still runs: $(tr '\0' ' ' </proc/"$pid"/cmdline)"; return 1; }
    done
    left=$(for environ in /proc/[0-9]*/environ; do
        grep -qzxF "SLURM_CONF=$conf" "$environ" 2>/dev/null && echo "${environ//[^0-9]/}"
    done)
    [ -z "$left" ] || { echo "processes of the cluster left: $left"; return 1; }
    [ ! -e "$slurm_dir" ] || { echo "$slurm_dir not removed"; return 1; }
    [ "$(ls -la /etc/slurm 2>/dev/null)" = "$etc_before" ] || { echo "/etc/slurm changed"; return 1; }
}
if out=$(run_teardown 2>&1); then pass slurm/teardown; else echo "$out"; fail slurm/teardown "see above"; fi
exit "$cluster_failed"
