#!/usr/bin/env bash
# Whole-command start-up of `./taper run` on the bundled HelloWorld against plain `java`, medians of N rounds, the
# configurations interleaved round by round: plain java, --mode none, fixed with an empty woven-class cache (cold),
# fixed and adaptive with a warm one, and fixed with the cache off. Prints a Markdown table with the run's own
# figures (server ready, premain, premain's wait for the server, cache hits).
# Usage: evaluation/startup.sh [ROUNDS] [ANALYSIS] [RUN FLAGS]   (defaults: 5 method-count; e.g. '--startup-pass eager')
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=${1:-5}; analysis=${2:-method-count}; read -r -a flags <<< "${3:-}"
cd "$here"
./taper --help >/dev/null   # builds Taper on first use
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp=examples/target/classes; main=io.taper.examples.HelloWorld
warm="$work/warm-cache"
./taper run --quiet --cache "$warm" --analysis "$analysis" ${flags[@]+"${flags[@]}"} --mode fixed --out "$work/prewarm" -- -cp $cp $main >/dev/null
./taper run --quiet --cache "$warm" --analysis "$analysis" ${flags[@]+"${flags[@]}"} --mode adaptive --out "$work/prewarm" -- -cp $cp $main >/dev/null
now() { date +%s%N; }
record() {   # name, seconds, out dir (or -)
  if [ "$3" = - ]; then echo "$1 $2 - - - -" >> "$work/times"; return; fi
  python3 - "$1" "$2" "$3/result.json" >> "$work/times" <<'PY'
import json, sys
d = json.load(open(sys.argv[3])); s = d["stats"]; sv = s.get("server", {})
print(sys.argv[1], sys.argv[2], d["launch"].get("serverStartMillis", "-"), s.get("premainMillis", "-"),
      s.get("serverWaitMillis", "-"), sv.get("cache", {}).get("hits", "-"))
PY
}
for r in $(seq "$rounds"); do
  t=$(now); java -cp $cp $main >/dev/null; record java $(( ($(now) - t) / 1000000 )) -
  t=$(now); ./taper run --quiet --mode none --out "$work/none" -- -cp $cp $main >/dev/null
  record none $(( ($(now) - t) / 1000000 )) -
  for mode in fixed adaptive; do
    t=$(now); ./taper run --quiet --cache "$warm" --analysis "$analysis" ${flags[@]+"${flags[@]}"} --mode $mode --out "$work/o" -- -cp $cp $main >/dev/null
    record "$mode-warm" $(( ($(now) - t) / 1000000 )) "$work/o"
  done
  t=$(now); ./taper run --quiet --cache "$work/cold-$r" --analysis "$analysis" ${flags[@]+"${flags[@]}"} --mode fixed --out "$work/o" -- -cp $cp $main >/dev/null
  record fixed-cold $(( ($(now) - t) / 1000000 )) "$work/o"
  t=$(now); ./taper run --quiet --cache off --analysis "$analysis" ${flags[@]+"${flags[@]}"} --mode fixed --out "$work/o" -- -cp $cp $main >/dev/null
  record fixed-off $(( ($(now) - t) / 1000000 )) "$work/o"
  echo "round $r of $rounds done" >&2
done
python3 - "$work/times" "$rounds" "$analysis" "${3:+ $3}" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *vals = line.split()
    rows.setdefault(name, []).append(vals)
def med(xs):
    xs = [float(x) for x in xs if x != "-"]
    return f"{statistics.median(xs):.0f}" if xs else "-"
java = statistics.median(float(v[0]) for v in rows["java"])
print(f"HelloWorld, analysis {sys.argv[3]}{sys.argv[4]}, medians of {sys.argv[2]} rounds (ms)\n")
print("| command | wall | over plain java | server ready | premain | premain waits for server | cache hits |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name in ["java", "none", "fixed-warm", "adaptive-warm", "fixed-cold", "fixed-off"]:
    vs = rows[name]
    wall = statistics.median(float(v[0]) for v in vs)
    print(f"| {name} | {wall:.0f} | {wall - java:+.0f} | {med(v[1] for v in vs)} | {med(v[2] for v in vs)} |"
          f" {med(v[3] for v in vs)} | {med(v[4] for v in vs)} |")
PY
