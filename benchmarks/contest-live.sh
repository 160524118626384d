#!/usr/bin/env bash
# The contest server's competition benchmark (issue 38): a competition of 40 instant bots (the C
# example random bot; a Swiss of 7 rounds, then a round robin of the top 8, 2 games a pair) run by
# `caissa serve` while 50 clients follow its live page (server-sent events), beside the same
# tournament file run by `caissa tournament`. Prints games per minute of each (first game's start
# to last game's end, from the game logs), the harness forfeits (time forfeits of instant bots),
# and the delay from each game's end (its log's startedAt + durationMillis) to its arrival at
# every client: median and 99th percentile.
#
# Usage: benchmarks/contest-live.sh [CLIENTS] ; CAISSA=... to run another arena command line.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$PWD
CLIENTS=${1:-50}
CAISSA=${CAISSA:-$REPO/caissa}
WORK=$(mktemp -d /tmp/caissa-contest-bench.XXXXXX)
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap - EXIT

cc -O2 -o "$WORK/bot" sample-bots/examples/random_bot.c
SLOTS=$(nproc)
python3 - "$WORK" "$SLOTS" <<'PY'
import json, sys
work, slots = sys.argv[1], int(sys.argv[2])
bots = [{"name": "b%02d" % i, "command": [work + "/bot", str(i)]} for i in range(1, 41)]
contest = {"name": "bench", "title": "Benchmark", "variant": "caissa", "registration": "invite",
  "languages": [{"name": "C", "extensions": ["c"], "build": ["gcc", "-O2", "-o", "bot", "{sources}"], "run": ["./bot"]}],
  "houseBots": bots, "admission": {"opponents": ["b01"], "gamesPerColour": 1, "timePerGame": "10s"},
  "slots": slots, "public": {"standings": True, "replays": True},
  "competitions": [{"name": "swiss", "kind": "test", "tournament": {"format": "swiss", "rounds": 7,
    "final": {"top": 8, "gamesPerPair": 2}, "gamesPerPair": 2, "timePerGame": "10s", "seed": 1}}]}
json.dump(contest, open(work + "/contest.json", "w"), indent=1)
PY

$CAISSA serve "$WORK/contest.json" --data "$WORK/data" --port 0 > "$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 600); do grep -q "at http" "$WORK/serve.log" && break; sleep 0.1; done
URL=$(sed -n 's/.* at \(http:[^ ]*\) (data in.*/\1/p' "$WORK/serve.log")
[ -n "$URL" ] || { cat "$WORK/serve.log"; exit 1; }

# The clients' sessions, as a login would leave them (a participant sees a running competition).
python3 - "$WORK/data/contest.db" "$CLIENTS" > "$WORK/cookies" <<'PY'
import hashlib, sqlite3, sys, secrets, datetime
db = sqlite3.connect(sys.argv[1], timeout=60)
now = datetime.datetime.now(datetime.timezone.utc)
iso = lambda t: t.strftime("%Y-%m-%dT%H:%M:%SZ")
db.execute("INSERT INTO participant (name, role, submit_token, created) VALUES ('watcher', 'participant', ?, ?)",
           (secrets.token_hex(16), iso(now)))
pid = db.execute("SELECT id FROM participant WHERE name = 'watcher'").fetchone()[0]
for _ in range(int(sys.argv[2])):
    sid = secrets.token_hex(24)
    db.execute("INSERT INTO session (id_hash, participant, csrf_token, created, expires) VALUES (?, ?, ?, ?, ?)",
               (hashlib.sha256(sid.encode()).hexdigest(), pid, secrets.token_hex(8), iso(now),
                iso(now + datetime.timedelta(days=1))))
    print(sid)
db.commit()
PY

$CAISSA contest run --data "$WORK/data" swiss
python3 - "$URL" "$WORK" <<'PY'
import http.client, json, sys, threading, time, urllib.parse, os, glob, statistics, datetime
url, work = sys.argv[1], sys.argv[2]
u = urllib.parse.urlparse(url)
cookies = open(work + "/cookies").read().split()
arrivals = [dict() for _ in cookies]
done = [False] * len(cookies)
def follow(i):
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=3600)
    c.request("GET", "/competitions/swiss-1/events?seen=0", headers={"Cookie": "caissa_session=" + cookies[i], "Accept": "text/event-stream"})
    r = c.getresponse()
    if r.status != 200:
        print("client %d: HTTP %d %s" % (i, r.status, r.read()[:300]), file=sys.stderr); done[i] = True; return
    data = ""
    complete, played = False, 0
    while True:
        line = r.readline()
        if not line:
            break
        line = line.decode()
        if line.startswith("data:"):
            data += line[5:].strip()
        elif line.strip() == "" and data:
            now = time.time()
            event = json.loads(data); data = ""
            for g in event["games"]:
                arrivals[i].setdefault(g["game"], now)
            if "complete" in event:
                complete, played = event["complete"], event["played"]
            # The standings can be complete before the last journal lines are read: stop when every game came.
            if complete and event["seen"] >= played:
                break
    done[i] = True
threads = [threading.Thread(target=follow, args=(i,), daemon=True) for i in range(len(cookies))]
for t in threads: t.start()
for t in threads: t.join(3600)
games = {}
for f in glob.glob(work + "/data/competitions/swiss-1/games/*.json"):
    g = json.load(open(f))
    start = datetime.datetime.fromisoformat(g["startedAt"].replace("Z", "+00:00")).timestamp()
    games[g["tournament"]["game"]] = (start, start + g["durationMillis"] / 1000.0, g["termination"])
delays = sorted((a[n] - games[n][1]) * 1000 for a in arrivals for n in a if n in games)
def pct(p): return delays[min(len(delays) - 1, int(p / 100 * len(delays)))]
span = max(e for s, e, t in games.values()) - min(s for s, e, t in games.values())
forfeits = sum(1 for s, e, t in games.values() if t == "time-forfeit")
print("server: %d games in %.1f s: %.0f games/min, %d harness forfeits; %d clients: delay from a game's end to a client,"
      " median %.0f ms, p99 %.0f ms (%d arrivals)" % (len(games), span, len(games) / span * 60, forfeits,
      len(cookies), statistics.median(delays), pct(99), len(delays)))
PY

$CAISSA tournament "$WORK/data/competitions/swiss-1.json" --out "$WORK/cli" --concurrency "$SLOTS" > "$WORK/cli.log" 2>&1
python3 - "$WORK/cli" <<'PY'
import json, sys, glob, datetime
games = []
for f in glob.glob(sys.argv[1] + "/games/*.json"):
    g = json.load(open(f))
    s = datetime.datetime.fromisoformat(g["startedAt"].replace("Z", "+00:00")).timestamp()
    games.append((s, s + g["durationMillis"] / 1000.0, g["termination"]))
span = max(e for s, e, t in games) - min(s for s, e, t in games)
print("cli:    %d games in %.1f s: %.0f games/min, %d harness forfeits" % (len(games), span, len(games) / span * 60,
      sum(1 for g in games if g[2] == "time-forfeit")))
PY
