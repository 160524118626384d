#!/usr/bin/env bash
# The contest server's two benchmarks of issue 37, on the sample contest (its default admission
# test: one game a colour against random and greedy, 10 s a game):
#   1. upload to admitted: N submissions each of the C and the Python example bots through
#      `caissa submit`, one after the other; median and worst seconds;
#   2. the server under CLIENTS concurrent clients loading pages and polling a submission's state
#      while admissions run: requests a second and the 99th-percentile latency, with the
#      admission games' harness forfeits and replies charged over 1 ms, beside the same
#      admissions with no web traffic.
# Usage: benchmarks/contest-server.sh [N] [CLIENTS] [SECONDS]   (defaults 20, 50, 60)
# Speed is measured here, never in a test. Needs curl; prints the machine's load with the figures.
set -u
cd "$(dirname "$0")/.."
runs=${1:-20}
clients=${2:-50}
seconds=${3:-60}
data=$(mktemp -d)
log="$data.serve.log"
./caissa serve contests/sample.json --data "$data" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
while ! grep -q "one-time link" "$log"; do kill -0 $server || { cat "$log"; exit 1; }; sleep 1; done
url=$(sed -n 's/.* at \(http[^ ]*\) .*/\1/p' "$log")
token=$(./caissa contest invite --data "$data" bench | cut -d' ' -f2)
echo "server $url, data $data; load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"

median_worst() { sort -n | awk '{a[NR]=$1} END {printf "median %.1f s, worst %.1f s (%d runs)\n", a[int((NR+1)/2)], a[NR], NR}'; }

for bot in random_bot.c random_bot.py; do
  for i in $(seq "$runs"); do
    start=$(date +%s.%N)
    ./caissa submit --server "$url" --token "$token" "sample-bots/examples/$bot" >"$data/submit.out" 2>&1 \
      || { echo "not admitted:"; tail -5 "$data/submit.out"; }
    echo "$(date +%s.%N) - $start" | bc
  done | { printf "upload to admitted, %s: " "$bot"; median_worst; }
done
echo "load after the admissions: $(cut -d' ' -f1-3 /proc/loadavg)"

# Irregular endings and replies over 1 ms of the bot under test in the admission games of these submissions.
games_figures() {
  python3 - "$data" "$@" <<'PY'
import json, sys, glob, os
data, ids = sys.argv[1], sys.argv[2:]
games = forfeits = slow = replies = 0
for i in ids:
    for f in glob.glob(os.path.join(data, "submissions", i, "games", "*.json")):
        g = json.load(open(f)); games += 1
        side = "white" if g["white"]["name"].startswith("bench-") else "black"
        # An irregular ending charged to the bot under test: with a well-behaved bot, only the harness's doing.
        if g["termination"] in ("time-forfeit", "illegal-move", "protocol-error", "crash", "start-failure",
                                "resource-limit") and g.get("loser") == side:
            forfeits += 1
        for m in g["moves"]:
            if m["side"].lower() == side:
                replies += 1
                slow += m["micros"] > 1000
print(f"{games} games, {forfeits} forfeits, {slow} of {replies} replies over 1 ms")
PY
}

# Admissions with no web traffic, then the same with the clients.
quiet_from=$(( $(ls "$data/submissions" | wc -l) + 1 ))
for i in 1 2 3; do ./caissa submit --server "$url" --token "$token" sample-bots/examples/random_bot.c >/dev/null 2>&1; done
quiet_to=$(ls "$data/submissions" | wc -l)
echo "no traffic: $(games_figures $(seq $quiet_from $quiet_to))"

busy_from=$((quiet_to + 1))
( for i in 1 2 3; do ./caissa submit --server "$url" --token "$token" sample-bots/examples/random_bot.c >/dev/null 2>&1; done ) &
submitter=$!
end=$(( $(date +%s) + seconds ))
for c in $(seq "$clients"); do
  (
    while [ "$(date +%s)" -lt "$end" ]; do
      curl -s -o /dev/null -w '%{time_total}\n' "${url}"
      curl -s -o /dev/null -w '%{time_total}\n' -H "Authorization: Bearer $token" "${url}api/submissions/$busy_from"
    done >"$data/client-$c.times"
  ) &
done
wait $submitter
while [ "$(date +%s)" -lt "$end" ]; do sleep 1; done
sleep 2
cat "$data"/client-*.times | sort -n | awk -v s="$seconds" -v c="$clients" \
  '{a[NR]=$1} END {printf "%d clients: %.0f requests/s, p50 %.1f ms, p99 %.1f ms (%d requests in %d s)\n", c, NR/s, a[int(NR*0.5)]*1000, a[int(NR*0.99)]*1000, NR, s}'
busy_to=$(ls "$data/submissions" | wc -l)
echo "with traffic: $(games_figures $(seq $busy_from $busy_to))"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
