#!/bin/bash
# Runs inside the cgroup v2 guest (see .ci/cgroup-v2.sh), as its only program: lays the cgroup
# tree out as systemd does, then runs the tests as root and as an ordinary user.
set -u
. /ci/env
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 JAVA_HOME
cg=/sys/fs/cgroup
echo "cgroup-v2: guest kernel $(uname -r), $(nproc) cores, controllers: $(cat $cg/cgroup.controllers)"
ip link set lo up 2>/dev/null
# systemd enables every controller from the top down to the slices; the manager and each
# login session sit in leaves (init.scope, session-N.scope) that are not delegated.
for slice in "" /system.slice /user.slice /user.slice/user-4242.slice; do
  mkdir -p "$cg$slice"
  for c in $(cat "$cg$slice/cgroup.controllers"); do echo "+$c" > "$cg$slice/cgroup.subtree_control"; done
done
mkdir -p $cg/init.scope && echo $$ > $cg/init.scope/cgroup.procs

cp="/ci/runner:/ci/test-classes:/ci/classes:$(ls /ci/cp/*.jar | tr '\n' ':')"
jvm=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto --add-exports java.base/sun.nio.ch=ALL-UNNAMED -cp "$cp" RunTests)
# The v2 tests, and a small part of the limit and hostile-bot tests (each JVM bot costs seconds here).
# HostileBotsTest's JVM fork bomb is left out: its JVM starts too slowly here to reach the
# process limit within the first move's allowance (CgroupV2Test has a shell fork bomb).
tests=(caissa.arena.sandbox.CgroupV2Test
  caissa.arena.sandbox.StaleGroupsTest
  "caissa.arena.bot.RunQueueWaitTest#theFigureIsTheBotsOwnAndOnlyInASandbox(java.lang.String)"
  "caissa.arena.game.HostileBotsTest#everyGameLogRecordsTheSandboxAndLimitsOfEachBot")
export CAISSA_REQUIRE_CGROUP=1 CAISSA_REQUIRE_CGROUP_V2=1
failed=0

# Root: the test JVM alone in a scope of its own, as `systemd-run --scope -p Delegate=yes` puts it.
cd /ci/referee
start=$(date +%s)
scope=$cg/system.slice/run-ci-root.scope
mkdir -p $scope
sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$scope" \
  env CAISSA_REQUIRE_SANDBOX=1 "${jvm[@]}" root "${tests[@]}" || failed=1
echo "cgroup-v2: root pass took $(( $(date +%s) - start )) s"

# An ordinary user: systemd's user@UID.service is the user's delegated subtree (the directory and
# its cgroup.procs, cgroup.subtree_control and cgroup.threads belong to the user); the user's
# manager sits in its leaf init.scope, and `systemd-run --user --scope -p Delegate=yes` makes
# app.slice/run-N.scope in it for the program. Here the user's shell makes that scope itself.
start=$(date +%s)
user=$cg/user.slice/user-4242.slice/user@4242.service
mkdir -p $user/init.scope
chown 4242:4242 $user $user/cgroup.procs $user/cgroup.subtree_control $user/cgroup.threads
chown -R 4242:4242 $user/init.scope
chown -R 4242:4242 /ci/referee
# Bubblewrap as an ordinary user needs unprivileged user namespaces; say once where it cannot.
[ -w /proc/sys/kernel/unprivileged_userns_clone ] && echo 1 > /proc/sys/kernel/unprivileged_userns_clone
bwrap_user=$(setpriv --reuid 4242 --regid 4242 --clear-groups bwrap --ro-bind / / --unshare-pid --unshare-net \
  --die-with-parent --new-session --proc /proc --dev /dev true 2>&1) \
  || echo "cgroup-v2: bubblewrap does not work for the user: $bwrap_user"
sh -c 'echo $$ > "$1/init.scope/cgroup.procs" && shift && exec "$@"' sh "$user" \
  setpriv --reuid 4242 --regid 4242 --clear-groups \
  env HOME=/home/caissa-ci USER=caissa-ci LOGNAME=caissa-ci TMPDIR=/tmp CAISSA_REQUIRE_SANDBOX=1 bash -c '
    u=$1; shift
    for c in memory pids cpu; do echo "+$c" > "$u/cgroup.subtree_control"; done
    mkdir -p "$u/app.slice" && for c in memory pids cpu; do echo "+$c" > "$u/app.slice/cgroup.subtree_control"; done
    mkdir "$u/app.slice/run-ci-user.scope" && echo $$ > "$u/app.slice/run-ci-user.scope/cgroup.procs" || exit 1
    exec "$@"' sh "$user" "${jvm[@]}" user "${tests[@]}" || failed=1
echo "cgroup-v2: user pass took $(( $(date +%s) - start )) s"

# The launcher as an ordinary user at a login shell, whose session scope is not delegated: with
# systemd (here a stand-in, /ci/stub/systemd-run, whose moves root makes as systemd's system
# manager does) the arena runs in a delegated scope and uses cgroup v2; without it the launcher
# still works and the arena does without a cgroup.
start=$(date +%s)
mkfifo -m 666 /run/attach
(while :; do if read -r pid dir </run/attach; then echo "$pid" >"$dir/cgroup.procs"; fi; done) &
attacher=$!
session=$cg/user.slice/user-4242.slice/session-1.scope
mkdir -p $session
chown -R 4242:4242 /ci/repo
launcher() {
  sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$session" \
    setpriv --reuid 4242 --regid 4242 --clear-groups env -i HOME=/home/caissa-ci PATH="$2:/usr/bin:/bin" \
    /ci/repo/caissa play --white "sh -c 'exit 0'" --black "sh -c 'exec cat >/dev/null'" --out "/tmp/launcher-$1.json" \
    >/tmp/launcher-$1.out 2>&1 || { echo "cgroup-v2: the launcher failed ($1):"; cat /tmp/launcher-$1.out; return; }
  grep -o '"limitsBy" *: *"[^"]*"' "/tmp/launcher-$1.json" | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/'
}
with=$(launcher systemd /ci/stub)
without=$(launcher plain /nonexistent)
kill $attacher 2>/dev/null
echo "cgroup-v2: launcher as a user at a login: with systemd-run the bots' limits are $with, without it $without"
[ "$with" = cgroup-v2 ] && [ "$without" = watchdog ] || failed=1
echo "cgroup-v2: launcher checks took $(( $(date +%s) - start )) s"

left=$(find $cg -name 'caissa-*' -type d | grep -v -- '-arena$' || true)
if [ -n "$left" ]; then echo "cgroup-v2: groups left behind: $left"; failed=1; fi
exit $failed
