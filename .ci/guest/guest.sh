#!/bin/bash
# Runs inside the cgroup v2 guest (see .ci/cgroup-v2.sh) as caissa-ci.service, the one job of a
# boot whose PID 1 is systemd: the cgroup tree, the scopes and the user's delegated subtree are
# systemd's own. As root: the tests in a scope with Delegate=yes, as `./caissa` makes for a root
# organiser. Then as an ordinary user logged in (pam_systemd, with the user's systemd manager):
# the tests in the scope `systemd-run --user --scope -p Delegate=yes` makes, and the launcher
# `./caissa` on real games, which must find that scope itself. Ends with "caissa-guest: exit N".
set -u
. /ci/env
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 JAVA_HOME
export CAISSA_REQUIRE_CGROUP=1 CAISSA_REQUIRE_CGROUP_V2=1 CAISSA_REQUIRE_SANDBOX=1
cg=/sys/fs/cgroup
user=caissa-ci
uid=4242
cp="/ci/runner:/ci/test-classes:/ci/classes:$(ls /ci/cp/*.jar | tr '\n' ':')"
jvm=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto --add-exports java.base/sun.nio.ch=ALL-UNNAMED -cp "$cp" RunTests)
# The v2 tests, and a small part of the limit and hostile-bot tests (each JVM bot costs seconds here).
# HostileBotsTest's JVM fork bomb is left out: its JVM starts too slowly here to reach the
# process limit within the first move's allowance (CgroupV2Test has a shell fork bomb).
tests=(caissa.arena.linux.CgroupV2Test
  caissa.arena.linux.StaleGroupsTest
  "caissa.arena.bot.ReaderDelayTest#theFigureIsTheBotsOwnAndOnlyInASandbox(java.lang.String)"
  "caissa.arena.game.HostileBotsTest#everyGameLogRecordsTheSandboxAndLimitsOfEachBot")
# The JVM bots start slowly in software emulation, and more so on a busy machine: their first
# reply gets five minutes (a bot that does its part ends the wait at once).
slow_start=(--first-move-allowance 300s)

say() { echo "cgroup-v2: $*"; }
fail() { say "FAILED: $*"; failed=1; }

# The group /proc/PID/cgroup names for the arena's JVM: the launcher's process becomes the JVM
# (bash, then systemd-run, then java, each by exec), in the group systemd-run moved it to.
arena_group() {
  local pid=$1
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = java ]; then
      sed -n 's/^0:://p' "/proc/$pid/cgroup"
      return
    fi
    sleep 0.05
  done
}

# How the arena holds bots' limits where the launcher puts it, as whoever runs this: `./caissa
# doctor`'s "limits" line (it exits 1 where a part is missing, as without a cgroup).
limits_here() {
  (cd "$REPO" && ./caissa doctor) 2>&1 | awk '$1 == "limits" { print $2; found = 1 } END { if (!found) print "none: no limits line" }'
}

# `caissa bench sandbox`'s figures on this kind of machine, as whoever runs this, one line each
# (software emulation: many times the host's milliseconds; the kinds compare among themselves).
# A benchmark tests nothing: it runs only when asked (CAISSA_CI_GUEST_BENCH=1, see .ci/cgroup-v2.sh),
# so that CI's time goes to the tests.
bench_sandbox() {
  [ "${CAISSA_CI_GUEST_BENCH:-0}" = 1 ] || return 0
  (cd "$REPO" && ./caissa bench sandbox --games 10 --warmup 2) 2>&1 | grep -E ' median ' \
    | sed "s/^ */cgroup-v2: bench sandbox ($1): /"
}

# The checks as the ordinary user at a login: `runuser -l` opens a session through pam_systemd,
# as ssh or a console login does, so the user's shell sits in session-N.scope (not delegated)
# with XDG_RUNTIME_DIR set.
at_login() {
  failed=0
  say "[login] $(id -un) in $(sed -n 's/^0:://p' /proc/self/cgroup), XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-unset}"

  # The tests, in the scope the user's systemd manager makes with a delegated subtree.
  local start=$SECONDS
  (cd /ci/referee && systemd-run --user --scope -p Delegate=yes --quiet --collect -- "${jvm[@]}" user "${tests[@]}") \
    || failed=1
  say "user pass took $((SECONDS - start)) s"

  # The launcher, as a user calls it, on a game a memory hog from the test bots plays against a
  # sample bot: both bots must be held by cgroup v2 in the scope the launcher asked systemd
  # for, and the hog must lose by resource-limit (at 256 MiB, which it fills sooner than 1 GiB).
  start=$SECONDS
  set -m # each launch leads a process group of its own, with SIGINT at its default, as at a terminal
  local hog="java -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp /ci/test-classes:/ci/classes"
  hog+=" caissa.arena.testbots.TestBot memory-hog 1"
  (cd "$REPO" && exec ./caissa play --white "$hog" --white-name hog --black sample:random --memory 256M \
    "${slow_start[@]}" --out /tmp/hog.json) >/tmp/hog.out 2>&1 &
  local pid=$! group status
  group=$(arena_group $pid)
  wait $pid
  status=$?
  say "launcher at a login: the arena ran in $group"
  case "$group" in
    /user.slice/user-$uid.slice/user@$uid.service/app.slice/run-*.scope*) ;;
    *) fail "the launcher did not run the arena in a scope of the user's manager" ;;
  esac
  if [ $status != 0 ]; then
    fail "./caissa play exited with $status:"
    cat /tmp/hog.out
  elif ! python3 - /tmp/hog.json <<'EOF'; then
import json, sys
game = json.load(open(sys.argv[1]))
limits = {side: game[side]["sandbox"]["limitsBy"] for side in ("white", "black")}
print(f"cgroup-v2: launcher at a login: limits {limits}, {game['termination']}: {game['reason']}")
ok = set(limits.values()) == {"cgroup-v2"} and game["termination"] == "resource-limit" and game["loser"] == "white"
sys.exit(0 if ok else 1)
EOF
    fail "the bots were not held by cgroup v2, or the memory hog did not lose by resource-limit"
  fi

  # Ctrl-C to the launcher's process group, as a terminal sends it, once the arena runs (the
  # JVM prints the game's first line; before it, bash would end with 130 too): it stops with 130.
  (cd "$REPO" && exec ./caissa play --white "sh -c 'exec cat >/dev/null'" --black "sh -c 'exec cat >/dev/null'" \
    --out /tmp/interrupted.json) >/tmp/interrupted.out 2>&1 &
  pid=$!
  until grep -q ' vs ' /tmp/interrupted.out || ! kill -0 $pid 2>/dev/null; do sleep 0.1; done
  kill -INT -- -$pid 2>/dev/null
  wait $pid
  status=$?
  if [ $status = 130 ] && grep -q ' vs ' /tmp/interrupted.out; then
    say "launcher at a login: SIGINT stopped the arena with 130"
  else
    fail "SIGINT: ./caissa exited with $status, not 130:"
    tail -n 5 /tmp/interrupted.out
  fi

  # SIGTERM to the launcher's process group (`kill %1`, a CI job's timeout) once the first game
  # of a tournament is recorded: it stops with 143 and keeps every game it finished, none of
  # them irregular, in its journal and standings.
  cat >/tmp/signal.json <<'EOF'
{"name": "signal", "bots": [{"name": "random", "command": ["sample:random"]}, {"name": "greedy", "command": ["sample:greedy"]}],
 "gamesPerPair": 20, "timePerGame": "30s", "firstMoveAllowance": "300s", "seed": 1, "concurrency": 1}
EOF
  rm -rf /tmp/signal
  (cd "$REPO" && exec ./caissa tournament /tmp/signal.json --out /tmp/signal) >/tmp/signal.out 2>&1 &
  pid=$!
  until [ -s /tmp/signal/journal.jsonl ] || ! kill -0 $pid 2>/dev/null; do sleep 0.1; done
  kill -TERM -- -$pid 2>/dev/null
  wait $pid
  status=$?
  if [ $status != 143 ]; then
    fail "SIGTERM: ./caissa exited with $status, not 143:"
    tail -n 5 /tmp/signal.out
  elif ! python3 - /tmp/signal <<'EOF'; then
import json, os, sys
out = sys.argv[1]
journal = [json.loads(line) for line in open(os.path.join(out, "journal.jsonl"))]
standings = json.load(open(os.path.join(out, "standings.json")))
counted = sum(row["games"] for row in standings["standings"]) // 2
irregular = sum(row["irregularLosses"] for row in standings["standings"])
logs = [json.load(open(os.path.join(out, game["file"]))) for game in journal]
limits = {log[side]["sandbox"]["limitsBy"] for log in logs for side in ("white", "black")}
print(f"cgroup-v2: launcher at a login: SIGTERM stopped the arena with 143, keeping {len(journal)} games"
      f" ({counted} in the standings, {irregular} irregular, limits {sorted(limits)})")
ok = journal and counted == len(journal) and not irregular and not standings["complete"] and limits == {"cgroup-v2"}
sys.exit(0 if ok else 1)
EOF
    fail "SIGTERM: the finished games were not all kept, or one was irregular"
  fi
  set +m
  say "launcher checks at a login took $((SECONDS - start)) s"
  bench_sandbox "user at a login"
  return $failed
}

main() {
  failed=0
  say "guest kernel $(uname -r), $(nproc) cores, controllers: $(cat $cg/cgroup.controllers)"
  say "$(systemctl --version | head -n 1) is PID 1; the tests start $(cut -d. -f1 /proc/uptime) s after the kernel"
  ip link set lo up 2>/dev/null

  # Root: the test JVM alone in a scope with Delegate=yes, as the launcher starts a root organiser's arena.
  local start=$SECONDS
  (cd /ci/referee && systemd-run --scope -p Delegate=yes --quiet --collect -- "${jvm[@]}" root "${tests[@]}") || failed=1
  say "root pass took $((SECONDS - start)) s"
  bench_sandbox root

  # The ordinary user: logind starts the user's systemd manager (user@UID.service, the subtree
  # systemd delegates to the user) and keeps it, as for a user with lingering enabled.
  start=$SECONDS
  [ -w /proc/sys/kernel/unprivileged_userns_clone ] && echo 1 > /proc/sys/kernel/unprivileged_userns_clone
  chown -R $uid:$uid /ci/referee "$REPO"
  loginctl enable-linger $user && systemctl start user@$uid.service || fail "the user's systemd manager did not start"
  say "the user's systemd manager started in $((SECONDS - start)) s"
  runuser -l $user -c 'bash /ci/guest.sh at-login' || failed=1

  # The launcher without a login's environment (sudo -u, cron, a CI runner's job): no
  # XDG_RUNTIME_DIR, in a group of someone else's; the user's manager runs (lingering).
  start=$SECONDS
  local limits
  limits=$(setpriv --reuid $uid --regid $uid --clear-groups env -i HOME=/home/$user PATH=/usr/bin:/bin REPO="$REPO" \
    bash -c "$(declare -f limits_here); limits_here")
  say "launcher without a login's environment: the bots' limits are $limits"
  [ "$limits" = cgroup-v2 ] || fail "the launcher did not find the user's systemd manager"
  # A user without a systemd manager: systemd-run fails, and the launcher runs the arena as it is.
  limits=$(setpriv --reuid 4243 --regid 4243 --clear-groups env -i HOME=/home/caissa-ci2 PATH=/usr/bin:/bin REPO="$REPO" \
    bash -c "$(declare -f limits_here); limits_here")
  say "launcher for a user without a systemd manager: the bots' limits are $limits"
  [ "$limits" = watchdog ] || fail "the launcher failed without a user manager"
  # Root, in this service's group (not alone there): the launcher asks the system manager for a scope.
  limits=$(limits_here)
  say "launcher as root in a service: the bots' limits are $limits"
  [ "$limits" = cgroup-v2 ] || fail "the launcher as root did not get a scope"
  say "launcher checks took $((SECONDS - start)) s"

  local left
  left=$(find $cg -name 'caissa-*' -type d ! -name '*-arena' ! -name 'caissa-ci.*' || true)
  [ -z "$left" ] || fail "groups left behind: $left"
  if [ $failed != 0 ]; then
    systemctl --failed --no-legend | sed 's/^/cgroup-v2: failed unit: /'
    journalctl -b -p warning --no-pager -q | grep -v ' kernel: ' | tail -n 20 | sed 's/^/cgroup-v2: journal: /'
  fi
  return $failed
}

if [ "${1:-}" = at-login ]; then
  at_login
  exit
fi
# A line of its own: systemd writes terminal resets to the console before the first line.
echo
echo "caissa-guest: started"
main
echo "caissa-guest: exit $?"
