#!/usr/bin/env bash
# A real SLURM run of sharded tournaments: starts a one-node cluster (slurmctld, slurmd, munged)
# in a temporary folder on the loopback, submits 4-task job arrays for a round robin and for a
# two-round Swiss with a final (one array per batch, chained with --dependency=afterok, a merge
# job after each), and compares the merged standings with unsharded runs. Installs Debian's
# slurmctld, slurmd, slurm-client and munge when missing (it must run as root). Stops every
# daemon it started on exit. Bounded: every wait has a deadline.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$PWD
DEADLINE_SECONDS=${CAISSA_SLURM_TEST_TIMEOUT:-480}

if [ "$(id -u)" != 0 ]; then
  echo "slurm-test: must run as root (it installs and starts slurm and munge)" >&2
  exit 2
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
    || ! command -v munged >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurmctld slurmd slurm-client munge
fi

WORK=$(mktemp -d /tmp/caissa-slurm.XXXXXX)
chmod 755 "$WORK"
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ $status -ne 0 ]; then
    echo "slurm-test: FAILED; logs:" >&2
    tail -n 30 "$WORK"/*.log "$WORK"/out/*.out 2>/dev/null >&2 || true
  fi
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT

HOST=$(hostname -s)
CPUS=$(nproc)
mkdir -p "$WORK"/{munge,state,spool,run,out}
# munge: its own key, socket and files in the temporary folder.
dd if=/dev/urandom bs=1 count=1024 of="$WORK/munge/munge.key" status=none
chmod 700 "$WORK/munge"; chmod 400 "$WORK/munge/munge.key"
munged --key-file="$WORK/munge/munge.key" --socket="$WORK/munge/munge.socket" \
  --pid-file="$WORK/munge/munged.pid" --log-file="$WORK/munge.log" --seed-file="$WORK/munge/seed" --force
for _ in $(seq 100); do [ -s "$WORK/munge/munged.pid" ] && break; sleep 0.1; done
PIDS+=("$(cat "$WORK/munge/munged.pid")")

cat > "$WORK/slurm.conf" <<CONF
ClusterName=caissa-test
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
CryptoType=crypto/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
SlurmUser=root
SlurmdUser=root
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
export SLURM_CONF="$WORK/slurm.conf"
slurmctld -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$WORK/run/slurmctld.pid" ] && break; sleep 0.1; done
PIDS+=("$(cat "$WORK/run/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$WORK/run/slurmd.pid" ] && break; sleep 0.1; done
PIDS+=("$(cat "$WORK/run/slurmd.pid")")
for _ in $(seq 300); do
  sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
  sleep 0.2
done
sinfo -h -o %T | grep -qE '^(idle|mixed|allocated)' || { echo "slurm-test: the node did not come up" >&2; exit 1; }

# The arena, built once; every job runs this jar.
"$REPO/caissa" --version >/dev/null
CAISSA="$REPO/caissa"

# Small fields of the quick sample bots.
cat > "$WORK/rr.json" <<JSON
{"name": "slurm-rr", "bots": [
  {"name": "random1", "command": ["sample:random", "--seed", "1"]},
  {"name": "random2", "command": ["sample:random", "--seed", "2"]},
  {"name": "greedy", "command": ["sample:greedy", "--seed", "9"]},
  {"name": "random3", "command": ["sample:random", "--seed", "3"]}],
 "gamesPerPair": 2, "timePerGame": "10s", "openingPlies": 2, "seed": 4, "concurrency": 1}
JSON
cat > "$WORK/swiss.json" <<JSON
{"name": "slurm-swiss", "format": "swiss", "rounds": 2, "final": {"top": 2, "gamesPerPair": 2}, "bots": [
  {"name": "random1", "command": ["sample:random", "--seed", "1"]},
  {"name": "random2", "command": ["sample:random", "--seed", "2"]},
  {"name": "greedy", "command": ["sample:greedy", "--seed", "9"]},
  {"name": "random3", "command": ["sample:random", "--seed", "3"]},
  {"name": "random4", "command": ["sample:random", "--seed", "4"]}],
 "gamesPerPair": 2, "timePerGame": "10s", "openingPlies": 2, "seed": 5, "concurrency": 1}
JSON

O="$WORK/out"
submit() { sbatch --parsable --chdir="$WORK" -o "$O/%x-%A_%a.out" "$@"; }
# Round robin: one array, then a merge.
rr=$(submit -J rr --array=0-3 --wrap="'$CAISSA' tournament rr.json --shard auto --out shards/rr-\$SLURM_ARRAY_TASK_ID")
rrm=$(submit -J rr-merge --dependency=afterok:$rr --wrap="'$CAISSA' merge --out merged-rr shards/rr-0 shards/rr-1 shards/rr-2 shards/rr-3")
# Swiss: each batch (round 1, round 2, final) one array with --from the merged folder, a merge after each.
prev=""
for batch in 1 2 3; do
  from=""; [ "$batch" -gt 1 ] && from="--from merged-swiss"
  dep=""; [ -n "$prev" ] && dep="--dependency=afterok:$prev"
  arr=$(submit -J swiss$batch $dep --array=0-3 \
    --wrap="'$CAISSA' tournament swiss.json --shard auto $from --out shards/swiss$batch-\$SLURM_ARRAY_TASK_ID")
  prev=$(submit -J swiss$batch-merge --dependency=afterok:$arr \
    --wrap="'$CAISSA' merge --out merged-swiss shards/swiss$batch-0 shards/swiss$batch-1 shards/swiss$batch-2 shards/swiss$batch-3")
done
last=$prev

# Meanwhile, the unsharded runs to compare with.
"$CAISSA" tournament "$WORK/rr.json" --out "$WORK/whole-rr" --concurrency 2 > "$WORK/whole-rr.log"
"$CAISSA" tournament "$WORK/swiss.json" --out "$WORK/whole-swiss" --concurrency 2 > "$WORK/whole-swiss.log"

start=$SECONDS
while squeue -h -j "$rrm,$last" 2>/dev/null | grep -q .; do
  if [ $((SECONDS - start)) -gt "$DEADLINE_SECONDS" ]; then
    echo "slurm-test: the jobs did not finish within $DEADLINE_SECONDS s" >&2
    squeue >&2 || true
    exit 1
  fi
  sleep 1
done

same_standings() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("updatedAt")
if a != b:
    diff = [k for k in a if a[k] != b.get(k)]
    sys.exit("standings differ in %s: %s and %s\n%s\n%s" % (diff, sys.argv[1], sys.argv[2],
             json.dumps({k: a[k] for k in diff})[:3000], json.dumps({k: b.get(k) for k in diff})[:3000]))
PY
}
for t in rr swiss; do
  test -f "$WORK/merged-$t/standings.json" || { echo "slurm-test: no merged standings for $t" >&2; exit 1; }
  grep -q '"complete" : true' "$WORK/merged-$t/standings.json" || { echo "slurm-test: $t is not complete" >&2; exit 1; }
  same_standings "$WORK/whole-$t/standings.json" "$WORK/merged-$t/standings.json"
  diff <(python3 -c 'import json,sys; [print(json.dumps({k:v for k,v in json.loads(l).items()}, sort_keys=True)) for l in sorted(open(sys.argv[1]), key=lambda l: json.loads(l)["game"])]' "$WORK/whole-$t/journal.jsonl") \
       <(python3 -c 'import json,sys; [print(json.dumps(json.loads(l), sort_keys=True)) for l in open(sys.argv[1])]' "$WORK/merged-$t/journal.jsonl")
done

# The contest server's SLURM runner: a competition whose entry sets "runner": slurm, queued with
# caissa contest run on a running server, played as one array a batch, merged and verified by the
# cluster's jobs, as the recipes below do by hand.
cat > "$WORK/cup.json" <<JSON
{"name": "cup", "title": "SLURM cup", "variant": "caissa", "registration": "invite",
 "languages": [{"name": "Python", "extensions": ["py"], "build": ["python3", "-m", "py_compile", "{sources}"], "run": ["python3", "{main}"]}],
 "houseBots": [{"name": "random1", "command": ["sample:random", "--seed", "1"]}, {"name": "random2", "command": ["sample:random", "--seed", "2"]},
               {"name": "greedy", "command": ["sample:greedy", "--seed", "9"]}, {"name": "random3", "command": ["sample:random", "--seed", "3"]}],
 "slots": 1,
 "competitions": [{"name": "cluster", "kind": "test", "runner": {"kind": "slurm", "shards": 2, "caissa": ["$CAISSA"]},
   "tournament": {"format": "swiss", "rounds": 2, "final": {"top": 2, "gamesPerPair": 2}, "gamesPerPair": 2,
                  "timePerGame": "10s", "openingPlies": 2, "seed": 5}}]}
JSON
"$CAISSA" serve "$WORK/cup.json" --data "$WORK/cup" --port 0 > "$WORK/serve.log" 2>&1 &
PIDS+=("$!")
for _ in $(seq 600); do grep -q "at http" "$WORK/serve.log" && break; sleep 0.1; done
"$CAISSA" contest run --data "$WORK/cup" cluster | sed 's/^/slurm-test: /'
start=$SECONDS
until [ -f "$WORK/cup/competitions/cluster-1.slurm/verified" ] && grep -q '"complete" : true' "$WORK/cup/competitions/cluster-1/standings.json" 2>/dev/null; do
  if [ $((SECONDS - start)) -gt "$DEADLINE_SECONDS" ]; then
    echo "slurm-test: the contest server's SLURM competition did not finish within $DEADLINE_SECONDS s" >&2
    tail -n 20 "$WORK/serve.log" "$WORK"/cup/jobs/*.log "$WORK"/cup/competitions/cluster-1.slurm/*.out >&2 || true
    exit 1
  fi
  sleep 1
done
"$CAISSA" verify "$WORK/cup/competitions/cluster-1" | sed 's/^/slurm-test: /'

# The organiser's guide's SLURM recipes, as written: from the distribution unzipped in a home
# folder, a round robin and a Swiss with its final, each over a 4-task array.
if ! ls "$REPO"/distribution/target/caissa-arena-*.zip >/dev/null 2>&1; then
  (cd "$REPO" && mvn -B -q -o -DskipTests package) >"$WORK/package.log" 2>&1
fi
mkdir "$WORK/home"
unzip -q "$REPO"/distribution/target/caissa-arena-*.zip -d "$WORK/home"
chmod -R a+rX "$WORK/home"
java "$REPO/referee/src/test/java/caissa/arena/docs/DocTests.java" --kind slurm --root "$REPO" --home "$WORK/home" \
  docs/organiser-guide.md | sed 's/^/slurm-test: /'
start=$SECONDS
while squeue -h 2>/dev/null | grep -q .; do
  if [ $((SECONDS - start)) -gt "$DEADLINE_SECONDS" ]; then
    echo "slurm-test: the recipes' jobs did not finish within $DEADLINE_SECONDS s" >&2
    squeue >&2 || true
    exit 1
  fi
  sleep 1
done
dist=$(ls -d "$WORK"/home/caissa-arena-*/)
for t in sample codecup; do
  grep -q '"complete" : true' "$dist/reports/$t/standings.json" 2>/dev/null \
    || { echo "slurm-test: the guide's recipe left $t incomplete" >&2; tail -n 20 "$dist"/slurm-*.out >&2 || true; exit 1; }
  "$dist/bin/caissa" verify "$dist/reports/$t" | sed 's/^/slurm-test: /'
done
echo "slurm-test: OK (round robin and Swiss with a final: sharded over a 4-task SLURM job array, merged, equal to unsharded runs; the contest server's SLURM runner; the organiser's guide's recipes as written)"
