#!/usr/bin/env bash
# The time a program's threads spend loading classes, as the program feels it, with and without instrumentation:
# the Flight Recorder's jdk.ClassLoad events (threshold 0; a load nested in another load on the same thread counts as
# part of it), on one workload run uninstrumented, under JaCoCo's agent (in-process instrumentation), and under Taper
# coverage adaptive with a warm and a cold (empty) woven-class cache. Medians of N rounds, interleaved.
# Usage: evaluation/class-load-time.sh [ROUNDS] [WORKLOAD CLASS] [ARGS...]   (defaults: 3 PmdWorkload --size ci)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=${1:-3}; main=io.taper.eval.workloads.${2:-PmdWorkload}; shift $(( $# > 2 ? 2 : $# ))
args=("$@"); [ ${#args[@]} -gt 0 ] || args=(--size ci)
cd "$here"
./taper --help >/dev/null   # builds Taper on first use
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat > "$work/loads.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="class loads">
  <event name="jdk.ClassLoad"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting><setting name="stackTrace">false</setting></event>
</configuration>
JFC
cp="$(cat evaluation/target/workload.classpath):evaluation/target/classes"
rec() { echo "-XX:StartFlightRecording=filename=$work/$1.jfr,settings=$work/loads.jfc" -Xlog:jfr+startup=error; }
program=(-Xms1g -Xmx1g -XX:+UseParallelGC -cp "$cp" "$main" "${args[@]}")
./taper run -q --analysis coverage --mode adaptive --out "$work/prewarm" -- "${program[@]}" >/dev/null 2>&1
for r in $(seq "$rounds"); do
  java $(rec none-$r) "${program[@]}" >/dev/null
  java -javaagent:evaluation/target/jacocoagent.jar=destfile="$work/jacoco.exec" $(rec jacoco-$r) "${program[@]}" >/dev/null
  ./taper run -q --analysis coverage --mode adaptive --out "$work/warm-$r" -- $(rec warm-$r) "${program[@]}" >/dev/null 2>&1
  ./taper run -q --analysis coverage --mode adaptive --cache "$work/cache-$r" --out "$work/cold-$r" -- $(rec cold-$r) \
      "${program[@]}" >/dev/null 2>&1
  echo "round $r of $rounds done" >&2
done
for f in "$work"/*.jfr; do jfr print --json --events jdk.ClassLoad "$f" > "${f%.jfr}.json"; done
python3 - "$work" "$rounds" "$main" <<'PY'
import json, statistics, sys
from datetime import datetime
work, rounds = sys.argv[1], int(sys.argv[2])
def loads(path):
    spans = {}
    for e in json.load(open(path))["recording"]["events"]:
        v = e["values"]
        start = datetime.fromisoformat(v["startTime"].replace("Z", "+00:00")).timestamp()
        spans.setdefault((v.get("eventThread") or {}).get("javaName"), []).append((start, start + float(v["duration"][2:-1])))
    total, end = 0.0, None
    for s in spans.values():
        s.sort(); end = -1
        for a, b in s:
            if a >= end:
                total += b - a; end = b
            elif b > end:
                total += b - end; end = b
    return total * 1000
def waits(kind, r):
    return json.load(open(f"{work}/{kind}-{r}/result.json"))["stats"]["classLoadWaitMillis"]["total"]
med = {k: statistics.median(loads(f"{work}/{k}-{r}.json") for r in range(1, rounds + 1)) for k in ["none", "jacoco", "warm", "cold"]}
print(f"{sys.argv[3]}, medians of {rounds} rounds: top-level class loads in ms (jdk.ClassLoad), and over uninstrumented\n")
print("| run | class loads ms | over uninstrumented | Taper's own classLoadWaitMillis |")
print("|---|---:|---:|---:|")
for k in ["none", "jacoco", "warm", "cold"]:
    own = f"{statistics.median(waits(k, r) for r in range(1, rounds + 1)):.0f}" if k in ("warm", "cold") else "-"
    print(f"| {k} | {med[k]:.0f} | {med[k] - med['none']:+.0f} | {own} |")
j = med["jacoco"] - med["none"]
print(f"\nTaper over JaCoCo's in-process instrumentation: warm {(med['warm'] - med['none']) / j:.2f}x, cold {(med['cold'] - med['none']) / j:.2f}x")
PY
