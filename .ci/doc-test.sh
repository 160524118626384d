#!/usr/bin/env bash
# The paths users take, as the docs show them, in a fresh clone of the checkout:
#   1. two ./caissa launches at once from the clean clone: one builds, the other waits, both
#      print the version, and neither prints an escape code;
#   2. every block of the README and the guides marked to run (DocTests: its exit code and one
#      line of its output), in document order, in the clone's root, with a HOME of its own;
#   3. the distribution that the organiser's guide builds runs without Maven (.ci/dist-test.sh).
# The SLURM blocks run in .ci/slurm-test.sh, on a cluster.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
checkout=$PWD
work=$(mktemp -d /tmp/caissa-docs.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$checkout" "$work/arena"
mkdir "$work/home"
# As root the bots run as nobody: they must be able to read the clone.
chmod -R a+rX "$work"
cd "$work/arena"

./caissa --version >"$work/race-1.out" 2>&1 & first=$!
./caissa --version >"$work/race-2.out" 2>&1 & second=$!
status=0
wait "$first" || status=$?
wait "$second" || status=$?
cat "$work/race-1.out" "$work/race-2.out" | sed 's/^/  race: /'
if [ "$status" != 0 ]; then echo "doc-test: a launch of the race failed (exit $status)" >&2; exit 1; fi
if [ "$(cat "$work/race-1.out" "$work/race-2.out" | grep -c '^caissa-arena ')" != 2 ]; then
  echo "doc-test: both launches must print the version" >&2; exit 1
fi
if [ "$(cat "$work/race-1.out" "$work/race-2.out" | grep -c 'building the arena')" != 1 ]; then
  echo "doc-test: the two launches must build once" >&2; exit 1
fi
if grep -q $'\e' "$work/race-1.out" "$work/race-2.out"; then
  echo "doc-test: a launch printed an escape code" >&2; exit 1
fi

docs=(README.md docs/*.md sample-bots/README.md sample-bots/examples/README.md tournaments/README.md
  reports/README.md benchmarks/README.md)
# Both parts run whatever the first gives, so that one run shows every failure.
status=0
java referee/src/test/java/caissa/arena/docs/DocTests.java --home "$work/home" "${docs[@]}" || status=1
bash .ci/dist-test.sh || status=1
exit "$status"
