#!/usr/bin/env bash
# Concurrent retransformation against HotSpot: forks JVMS JVMs per mode whose agent retransforms every start-up class
# ROUNDS times on THREADS threads with BATCH classes per call, in the start-up pass's supertype-first phases (taper)
# and in one phase (unordered), the modes interleaved. Counts the JVMs that crashed (an hs_err file) and prints a
# Markdown table. Smaller batches and more threads make more calls overlap (the pass itself: 128 and 3).
# Usage: evaluation/retransform-stress.sh [JVMS] [ROUNDS] [BATCH] [THREADS]        (defaults: 10 200 16 4)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jvms=${1:-10}; rounds=${2:-200}; batch=${3:-16}; threads=${4:-4}
cd "$here"
./taper --help >/dev/null   # builds Taper on first use
if [ ! -f framework/agent/target/test-classes/io/taper/agent/internal/RetransformStress.class ]; then
  mvn -q -o -B test-compile -pl framework/agent
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
printf 'Premain-Class: io.taper.agent.internal.RetransformStress\nCan-Retransform-Classes: true\n' > "$work/manifest"
jar cfm "$work/stress.jar" "$work/manifest"
cp="framework/agent/target/taper-agent.jar:framework/agent/target/test-classes:examples/target/classes"
runtime=$(ls framework/runtime/target/taper-runtime*.jar | grep -v original | head -1)
for mode in taper unordered; do echo 0 > "$work/$mode.crashed"; : > "$work/$mode.times"; done
for j in $(seq "$jvms"); do
  for mode in taper unordered; do
    dir="$work/$mode-$j"; mkdir -p "$dir"
    t=$(date +%s%N)
    (cd "$dir" && java -Xbootclasspath/a:"$here/$runtime" -javaagent:"$work/stress.jar=$rounds,$mode,$batch,$threads" -cp "$here/${cp//:/:$here/}" \
      io.taper.examples.HelloWorld > out.txt 2>&1) || true
    echo $(( ($(date +%s%N) - t) / 1000000 )) >> "$work/$mode.times"
    if ls "$dir"/hs_err_pid*.log >/dev/null 2>&1; then
      echo $(( $(cat "$work/$mode.crashed") + 1 )) > "$work/$mode.crashed"
      grep -m1 -h "^# [VJ] " "$dir"/hs_err_pid*.log >&2 || true
    fi
    echo "[stress] JVM $j of $jvms, $mode: $(grep -m1 "^classes=" "$dir/out.txt" || echo "no summary (crashed)")" >&2
  done
done
echo "| mode | JVMs | rounds each | classes per call | threads | JVMs crashed | median ms per JVM |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for mode in taper unordered; do
  median=$(sort -n "$work/$mode.times" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "| $mode | $jvms | $rounds | $batch | $threads | $(cat "$work/$mode.crashed") | $median |"
done
