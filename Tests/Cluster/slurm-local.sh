# A one-node Slurm on this host for the cluster tests and Benchmarks/batch-bench.sh (sourced, not run).
#
#   slurm_start FOLDER   munged with a generated key, then slurmctld and slurmd with a generated slurm.conf,
#                        everything (key, sockets, state, spool, logs, pid files) under FOLDER; exports
#                        SLURM_CONF so sbatch/squeue/scontrol talk to this cluster. Returns 0 when the node is
#                        idle, 77 when the daemons cannot start here (SLURM_SKIP says why), 1 on failure.
#   slurm_stop           cancels every job, stops the daemons it started by pid, removes FOLDER; safe to call
#                        twice, and from a trap.
#   slurm_wait JOB SECS  waits until JOB (or array) has left the queue; 1 on timeout.
#
# Nothing system-wide is written: the daemons get -f and the commands SLURM_CONF, so /etc/slurm/slurm.conf is
# never read or created (Debian's daemons read it when -f is absent). ProctrackType=proctrack/linuxproc and
# TaskPlugin=task/none need no cgroups; KillWait=5 keeps SIGTERM-then-SIGKILL short.

SLURM_DIR=
SLURM_PIDS=()
SLURM_SKIP=

# Two free TCP ports on 127.0.0.1 (asked of the kernel, so parallel runs do not collide).
slurm_free_ports() {
    python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])'
}

slurm_start() {
    local folder=$1 node cpus ports ctld_port slurmd_port
    if [ "$(id -u)" -ne 0 ]; then
        SLURM_SKIP="slurmd must run as root to start jobs (run make test as root)"; return 77
    fi
    if [ ! -w /etc ] || { [ -e /etc/slurm ] && [ ! -w /etc/slurm ]; }; then
        SLURM_SKIP="/etc/slurm is not writable: this system is read-only, the daemons cannot be installed"; return 77
    fi
    local tool
    for tool in munged slurmctld slurmd sbatch squeue scontrol scancel; do
        command -v "$tool" >/dev/null || { echo "slurm: $tool not found (make deps installs slurm-wlm and munge)" >&2; return 1; }
    done
    SLURM_DIR=$folder
    mkdir -p "$folder"/{munge,state,spool,log} || return 1
    chmod 711 "$folder" "$folder/munge"
    # munged refuses a key readable by others; 1 KiB from the kernel's generator, as mungekey makes it.
    head -c 1024 /dev/urandom >"$folder/munge/munge.key" && chmod 400 "$folder/munge/munge.key" || return 1
    munged --force --socket="$folder/munge/socket" --key-file="$folder/munge/munge.key" \
        --pid-file="$folder/munge/munged.pid" --log-file="$folder/log/munged.log" --seed-file="$folder/munge/seed" \
        || { echo "slurm: munged did not start:" >&2; cat "$folder/log/munged.log" >&2; return 1; }
    SLURM_PIDS+=("$(cat "$folder/munge/munged.pid")")

    node=$(hostname -s); cpus=$(nproc); ports=$(slurm_free_ports) || return 1
    read -r ctld_port slurmd_port <<<"$ports"
    cat >"$folder/slurm.conf" <<CONF
ClusterName=quiretest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$folder/munge/socket
StateSaveLocation=$folder/state
SlurmdSpoolDir=$folder/spool
SlurmctldPidFile=$folder/slurmctld.pid
SlurmdPidFile=$folder/slurmd.pid
SlurmctldLogFile=$folder/log/slurmctld.log
SlurmdLogFile=$folder/log/slurmd.log
PlugStackConfig=$folder/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
KillWait=5
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=quire Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
    : >"$folder/plugstack.conf"
    export SLURM_CONF=$folder/slurm.conf
    slurmctld -f "$SLURM_CONF" || { slurm_log_tail; return 1; }
    slurm_wait_file "$folder/slurmctld.pid" || { slurm_log_tail; return 1; }
    SLURM_PIDS+=("$(cat "$folder/slurmctld.pid")")
    slurmd -f "$SLURM_CONF" || { slurm_log_tail; return 1; }
    slurm_wait_file "$folder/slurmd.pid" || { slurm_log_tail; return 1; }
    SLURM_PIDS+=("$(cat "$folder/slurmd.pid")")
    local tries
    for tries in $(seq 60); do
        [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && return 0
        sleep 0.5
    done
    echo "slurm: the node did not come up idle in 30 s" >&2
    slurm_log_tail
    return 1
}

slurm_wait_file() {
    local tries
    for tries in $(seq 50); do [ -s "$1" ] && return 0; sleep 0.1; done
    echo "slurm: no $1" >&2
    return 1
}

slurm_log_tail() {
    local log
    for log in "$SLURM_DIR"/log/*.log; do
        [ -f "$log" ] && { echo "--- $log" >&2; tail -n 15 "$log" >&2; }
    done
}

slurm_wait() {
    local job=$1 seconds=$2 start=$SECONDS
    while [ -n "$(squeue -h -j "$job" -o %i 2>/dev/null)" ]; do
        [ $((SECONDS - start)) -ge "$seconds" ] && { echo "slurm: job $job still queued after $seconds s" >&2; return 1; }
        sleep 0.5
    done
}

# Pids of processes whose environment names this cluster's slurm.conf (job steps and the jobs they run).
slurm_processes() {
    local conf=$SLURM_DIR/slurm.conf environ
    for environ in /proc/[0-9]*/environ; do
        grep -qzxF "SLURM_CONF=$conf" "$environ" 2>/dev/null && { environ=${environ#/proc/}; echo "${environ%/environ}"; }
    done
    return 0
}

slurm_stop() {
    # Every command here may fail (a daemon already gone): none may end the function under the caller's set -e.
    [ -n "$SLURM_DIR" ] || return 0
    local pid index tries
    if [ "${#SLURM_PIDS[@]}" -ge 3 ]; then
        scancel --full --quiet --partition=quire 2>/dev/null || true
        for tries in $(seq 40); do [ -z "$(squeue -h -o %i 2>/dev/null || true)" ] && break; sleep 0.5; done
    fi
    # slurmd and slurmctld first, munged last (they talk through it); TERM, then KILL after 10 s.
    for ((index = ${#SLURM_PIDS[@]} - 1; index >= 0; index--)); do
        pid=${SLURM_PIDS[index]}
        kill -TERM "$pid" 2>/dev/null || continue
        for tries in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    # Job steps (slurmstepd and what it runs) inherit SLURM_CONF from slurmd or sbatch: any left are this
    # cluster's own, found by that variable and killed by pid.
    for pid in $(slurm_processes); do kill -KILL "$pid" 2>/dev/null || true; done
    rm -rf "$SLURM_DIR"
    SLURM_DIR=
    SLURM_PIDS=()
    unset SLURM_CONF
}
