#!/usr/bin/env bash
# Build time of examples/maven-multimodule (three modules, two forked test JVMs each, an aggregate module) under no
# agent, jacoco-maven-plugin and taper-maven-plugin (the shared server running, stopped before each build, and a
# server per JVM), the configurations interleaved round by round; prints each one's times and median.
# Needs Taper installed in the local Maven repository first (mvn -DskipTests install from the root) and the sample's
# plugins there (one online build of each profile); the builds themselves run offline.
# Usage: evaluation/maven-build.sh [ROUNDS]   (default 3)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=${1:-3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp -r "$here/examples/maven-multimodule" "$work/sample"
cd "$work/sample"
mvn -q -B -o -Ptaper verify >/dev/null   # the server's archive, the plugin's unpacked jars: not part of any figure
for r in $(seq "$rounds"); do
  for c in none jacoco taper taper-cold taper-own; do
    case $c in
      none) args=() ;;
      jacoco) args=(-Pjacoco) ;;
      taper) args=(-Ptaper) ;;
      taper-cold) "$here/taper" server stop >/dev/null; args=(-Ptaper) ;;
      taper-own) args=(-Ptaper -Dtaper.server=own) ;;
    esac
    s=$(date +%s%N)
    mvn -q -B -o ${args[@]+"${args[@]}"} clean verify >/dev/null
    echo "$c $(( ($(date +%s%N) - s) / 1000000 ))" >> "$work/times"
  done
  echo "round $r of $rounds done" >&2
done
python3 - "$work/times" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, ms = line.split()
    runs.setdefault(name, []).append(int(ms))
base = statistics.median(runs["none"])
print("| build | ms | median | added |")
print("|---|---|---:|---:|")
for name, ms in runs.items():
    m = statistics.median(ms)
    print(f"| {name} | {' '.join(map(str, ms))} | {m:.0f} | {m - base:+.0f} |")
PY
