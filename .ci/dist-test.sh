#!/usr/bin/env bash
# The distribution runs without Maven or the sources: unzips caissa-arena-VERSION.zip (built by
# `mvn -B package`) into an empty folder, puts a `mvn` first on the PATH that fails if called,
# and from another folder runs `bin/caissa --version` and a short game of two sample bots.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
zip=$(ls distribution/target/caissa-arena-*.zip 2>/dev/null | head -1)
[ -n "$zip" ] || { echo "dist-test: no distribution/target/caissa-arena-*.zip: run mvn -B package first" >&2; exit 2; }
work=$(mktemp -d /tmp/caissa-dist.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/fake-bin" "$work/run"
printf '#!/bin/sh\necho "dist-test: the distribution called mvn" >&2\nexit 99\n' >"$work/fake-bin/mvn"
chmod +x "$work/fake-bin/mvn"
(cd "$work" && unzip -q "$OLDPWD/$zip")
home=$(ls -d "$work"/caissa-arena-*/)
# The zip's own README, and every relative link of its documents resolving inside the zip.
grep -q 'bin/caissa' "$home/README.md" && ! grep -q 'mvn -B verify' "$home/README.md" || {
  echo "dist-test: the zip's README is not the distribution's" >&2; exit 1; }
broken=0
while IFS= read -r doc; do
  for link in $(grep -o '](\(\.\./\|[A-Za-z]\)[^)#: ]*' "$doc" | sed 's/^](//' | grep -v '^https\?$' || true); do
    [ -e "$(dirname "$doc")/$link" ] || { echo "dist-test: $doc links to $link, which the zip lacks" >&2; broken=1; }
  done
done < <(find "$home" -name '*.md')
[ "$broken" -eq 0 ] || exit 1
chmod -R a+rX "$work"
export PATH="$work/fake-bin:$PATH"
version=$("$home/bin/caissa" --version)
case "$version" in caissa-arena\ *) ;; *) echo "dist-test: --version printed '$version'" >&2; exit 1 ;; esac
cd "$work/run"
out=$("$home/bin/caissa" play --white sample:random --black sample:greedy --time-per-game 5s 2>&1) || {
  echo "$out" >&2; echo "dist-test: play failed" >&2; exit 1; }
result=$(grep '^result: ' <<<"$out") || { echo "$out" >&2; echo "dist-test: play printed no result" >&2; exit 1; }
case "$result" in *checkmate*|*stalemate*|*move-limit*|*"move limit"*) ;; *) echo "$out" >&2; echo "dist-test: $result" >&2; exit 1 ;; esac
ls reports/play/*.json >/dev/null
echo "dist-test: OK ($(basename "$zip"): $version; a game of two sample bots without Maven: $result)"
