#!/usr/bin/env bash
# Attach and detach on the request-serving workload under its client load: the serve workload runs for SECONDS of
# load, `taper attach` joins it ATTACH_AT seconds after its start for HOLD seconds, and the client's requests per
# one-second window show what the program felt. Each round also runs the workload without any attach, alternated,
# so the windows' own drift (the JIT warming up) is known. Prints, per round, the attach and detach lines (classes,
# time, longest stall the program's probe thread saw) and the throughput before the attach and after the detach,
# each as a median of 1-second windows, against the same windows of the run without an attach.
# Usage: evaluation/attach-serve.sh [ROUNDS] [ANALYSIS] [MODE]   (defaults: 3 method-time adaptive)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=${1:-3}; analysis=${2:-method-time}; mode=${3:-adaptive}
seconds=${SECONDS_OF_LOAD:-75}; attach_at=${ATTACH_AT:-15}; hold=${HOLD:-10}
cd "$here"
./taper --help >/dev/null   # builds Taper on first use
[ -f evaluation/target/workload.classpath ] || { echo "build the evaluation first: mvn -q -DskipTests install" >&2; exit 2; }
work=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "work: $work" >&2 || trap 'rm -rf "$work"' EXIT
cp="$(cat evaluation/target/workload.classpath):evaluation/target/classes"
serve() { java -Xmx1g -cp "$cp" io.taper.eval.workloads.ServeWorkload --scale "$seconds" > "$1" 2>&1; }
windows() {   # file, first window, last window: the median requests per second
  python3 - "$@" <<'PY'
import re, statistics, sys
text = open(sys.argv[1]).read()
m = re.search(r"throughput .*requests=([0-9,]+)", text)
w = [float(x) for x in m.group(1).split(",")] if m else []
lo, hi = int(sys.argv[2]), int(sys.argv[3])
print(f"{statistics.median(w[lo:hi]):.0f}" if len(w) >= hi else "-")
PY
}
before_lo=3; before_hi=$((attach_at - 2)); after_hi=$((seconds - 1))
printf "| round | attach | detach | before (req/s, attached run / plain run) | after detach (attached / plain) |\n|---|---|---|---|---|\n"
for r in $(seq "$rounds"); do
  serve "$work/plain-$r.out"
  started=$(date +%s); serve "$work/attached-$r.out" & pid_serve=$!
  sleep 1; pid=$(pgrep -f "ServeWorkload --scale $seconds" | head -1)
  sleep $((attach_at - 1))
  ./taper attach "$pid" --analysis "$analysis" --mode "$mode" --duration "$hold" -q --out "$work/attach-$r" \
    > "$work/attach-$r.lines" 2>&1 || true
  detached=$(( $(date +%s) - started )); after_lo=$((detached + 3))   # the load starts about a second in
  wait "$pid_serve" || true
  a=$(sed -n 's/^attached to [0-9]*: //p' "$work/attach-$r.lines"); d=$(sed -n 's/^detached from [0-9]*: //p' "$work/attach-$r.lines")
  printf "| %s | %s | %s | %s / %s | %s / %s (from %s s) |\n" "$r" "${a:--}" "${d:--}" \
    "$(windows "$work/attached-$r.out" $before_lo $before_hi)" "$(windows "$work/plain-$r.out" $before_lo $before_hi)" \
    "$(windows "$work/attached-$r.out" $after_lo $after_hi)" "$(windows "$work/plain-$r.out" $after_lo $after_hi)" "$after_lo"
  grep -v "^\[taper\]" "$work/attach-$r.lines" | grep -v "attached to\|detached from" >&2 || true
done
echo "windows: before ${before_lo}-${before_hi} s, after from 3 s past the detach to ${after_hi} s of ${seconds} (attach at ${attach_at} s for ${hold} s)"
