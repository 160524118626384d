#!/usr/bin/env bash
# Start-up time of the quick commands beside the JVM's own start with class-data sharing, run
# side by side, interleaved, so that the machine's load falls on all of them alike (issue 26:
# 'caissa --version' and 'caissa moves' within 2x of 'java -Xshare:auto -version').
# Usage: benchmarks/startup.sh [RUNS] [OTHER_CAISSA...]
#   RUNS rounds (default 20), each running every command once. OTHER_CAISSA: the launchers of
#   other checkouts (the same code before a change, say), measured in the same rounds.
# Prints for each command the median and best wall time, the median CPU time (user + system, of
# the command and every process it starts) in milliseconds, and the ratio of each median to the
# JVM's.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-20}"
shift || true
launchers=("$root/caissa" "$@")

names=("java -Xshare:auto -version")
commands=("java -Xshare:auto -version")
for launcher in "${launchers[@]}"; do
  # The first runs build the jar if needed and record the class-data archive; not measured.
  "$launcher" --version >/dev/null
  "$launcher" moves >/dev/null
  label=caissa
  [ "$launcher" = "$root/caissa" ] || label=$launcher
  names+=("$label --version" "$label moves")
  commands+=("$launcher --version" "$launcher moves")
done

# bash's own timer: wall, user and system seconds to the millisecond, without a process of its own.
TIMEFORMAT='%3R %3U %3S'
declare -A wall cpu
for ((i = 0; i < runs; i++)); do
  for k in "${!commands[@]}"; do
    read -r real user sys < <({ time ${commands[$k]} >/dev/null 2>&1; } 2>&1)
    wall[$k]+="$real "
    cpu[$k]+="$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}') "
  done
done

# The median and the best of a list of seconds, in milliseconds.
stats() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR] = $1} END {printf "%.1f %.1f\n", a[int((NR + 1) / 2)] * 1000, a[1] * 1000}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
read -r base_wall _ < <(echo "${wall[0]}" | stats)
read -r base_cpu _ < <(echo "${cpu[0]}" | stats)
width=28
for name in "${names[@]}"; do [ ${#name} -le $width ] || width=${#name}; done
printf "%-${width}s %10s %8s %8s %7s %7s\n" "command ($runs runs each)" "median ms" "best ms" "cpu ms" "x java" "cpu x"
for k in "${!commands[@]}"; do
  read -r median best < <(echo "${wall[$k]}" | stats)
  read -r cpu_median _ < <(echo "${cpu[$k]}" | stats)
  printf "%-${width}s %10s %8s %8s %7s %7s\n" "${names[$k]}" "$median" "$best" "$cpu_median" \
    "$(ratio "$median" "$base_wall")" "$(ratio "$cpu_median" "$base_cpu")"
done
