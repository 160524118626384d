#!/usr/bin/env bash
# Start-up time of the quick commands beside the JVM's own start with class-data sharing, run
# side by side, interleaved, so that the machine's load falls on all of them alike (issue 26:
# 'caissa --version' and 'caissa moves' within 2x of 'java -Xshare:auto -version').
# Usage: benchmarks/startup.sh [RUNS]   (default 20; prints the median and best of each, in ms)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-20}"
caissa="$root/caissa"

# The first runs build the jar if needed and record the class-data archive; not measured.
"$caissa" --version >/dev/null
"$caissa" moves >/dev/null

names=("java -Xshare:auto -version" "caissa --version" "caissa moves")
commands=("java -Xshare:auto -version" "$caissa --version" "$caissa moves")
declare -A times
for ((i = 0; i < runs; i++)); do
  for k in "${!commands[@]}"; do
    start=$(date +%s%N)
    ${commands[$k]} >/dev/null 2>&1
    times[$k]+="$(( ($(date +%s%N) - start) / 1000 )) "
  done
done

stats() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {printf "%.1f %.1f\n", a[int((NR+1)/2)]/1000, a[1]/1000}'; }
read -r base_median base_best < <(echo "${times[0]}" | stats)
printf '%-28s %10s %10s %8s\n' "command ($runs runs each)" "median ms" "best ms" "x java"
for k in "${!commands[@]}"; do
  read -r median best < <(echo "${times[$k]}" | stats)
  printf '%-28s %10s %10s %8s\n' "${names[$k]}" "$median" "$best" "$(awk -v m="$median" -v b="$base_median" 'BEGIN {printf "%.2f", m / b}')"
done
