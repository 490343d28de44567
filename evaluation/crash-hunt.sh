#!/usr/bin/env bash
# The crash hunt: runs every analysis in every mode on programs built to provoke HotSpot (io.taper.examples.stress:
# dozens of threads, collections while threads sit in woven JDK code, class loading from many threads while the
# controller retransforms) under JVM options that change what HotSpot does (a 96 MiB heap with -XX:+UseSerialGC, G1,
# -Xint, -Xcomp), ROUNDS times over, PARALLEL runs at a time. Each run is a whole `./taper run`; a run counts as
# crashed when it leaves an hs_err file (kept in OUT/hs_err/) or ends by a signal, and as failed when it exits
# otherwise than the program does uninstrumented or prints other output. Writes OUT/runs.tsv and prints a Markdown
# table per analysis. Exits 1 if any run crashed or failed.
# Usage: evaluation/crash-hunt.sh [ROUNDS] [PARALLEL] [OUT]        (defaults: 1 1 target/crash-hunt)
#        ANALYSES="sfa coverage" MODES=fixed evaluation/crash-hunt.sh ...   to narrow it
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${1:-}" = one ]; then
  # one run: one ANALYSIS MODE PROGRAM VARIANT ROUND (internal)
  shift; out=$1 analysis=$2 mode=$3 program=$4 variant=$5 round=$6
  name="$analysis.$mode.${program// /_}.$variant.$round"
  dir="$out/runs/$name"; rm -rf "$dir"; mkdir -p "$dir"
  case $variant in
    g1) opts="-Xmx256m -XX:+UseG1GC" ;;
    serial) opts="-Xmx96m -XX:+UseSerialGC" ;;
    xint) opts="-Xint -Xmx256m" ;;
    xcomp) opts="-Xcomp -XX:TieredStopAtLevel=1 -Xmx256m" ;;
  esac
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  (cd "$dir" && timeout 120 "$here/taper" run -q --analysis "$analysis" --mode "$mode" --out "$dir/out" -- \
      $opts -cp "$here/examples/target/classes" io.taper.examples.stress.$program > stdout.txt 2> stderr.txt)
  rc=$?
  secs=$(( ($(date +%s%N) - start) / 1000000 ))
  crashed=0
  for f in $(find "$dir" -name 'hs_err_pid*.log' 2>/dev/null); do
    crashed=1; mkdir -p "$out/hs_err"; cp "$f" "$out/hs_err/$name.$(basename "$f")"
  done
  [ "$rc" -gt 128 ] && [ "$rc" -ne 143 ] && crashed=1
  expected=$(cat "$out/expected/${program// /_}.$variant")
  got=$(grep -v '^\[taper\]' "$dir/stdout.txt" | tail -1)
  same=$([ "$got" = "$expected" ] && echo 1 || echo 0)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$analysis" "$mode" "$program" "$variant" "$round" "$rc" "$crashed" \
    "$same" "$secs" >> "$out/runs.tsv"
  echo "[crash-hunt] $name: rc=$rc crashed=$crashed output $([ "$same" = 1 ] && echo same || echo DIFFERS) ${secs} ms" >&2
  # keep what explains a bad run, drop the rest
  if [ "$crashed" = 0 ] && [ "$rc" = 0 ] && [ "$same" = 1 ]; then rm -rf "$dir"; fi
  exit 0
fi
rounds=${1:-1}; parallel=${2:-1}; out=$(realpath -m "${3:-$here/target/crash-hunt}")
analyses=${ANALYSES:-method-count bytecode-count coverage method-time sfa}
modes=${MODES:-fixed adaptive}
programs=("ManyThreadsFormat 64" "ClassLoadStorm 4" "DeepStacksUnderGc 4 400")
variants=(g1 serial xint xcomp)
cd "$here"
./taper --help >/dev/null   # builds Taper on first use
[ -d examples/target/classes/io/taper/examples/stress ] || mvn -q -o -B install -pl examples -DskipTests
mkdir -p "$out/expected"; : > "$out/runs.tsv"
for p in "${programs[@]}"; do for v in "${variants[@]}"; do
  case $v in g1) o="-Xmx256m -XX:+UseG1GC";; serial) o="-Xmx96m -XX:+UseSerialGC";; xint) o="-Xint -Xmx256m";;
    xcomp) o="-Xcomp -XX:TieredStopAtLevel=1 -Xmx256m";; esac
  # shellcheck disable=SC2086
  java $o -cp examples/target/classes io.taper.examples.stress.$p | tail -1 > "$out/expected/${p// /_}.$v"
done; done
jobs="$out/jobs"; : > "$jobs"
for r in $(seq "$rounds"); do for p in "${programs[@]}"; do for v in "${variants[@]}"; do for a in $analyses; do
  for m in $modes; do printf '%s\0%s\0%s\0%s\0%s\0%s\0' "$out" "$a" "$m" "$p" "$v" "$r" >> "$jobs"; done
done; done; done; done
xargs -0 -n 6 -P "$parallel" "$0" one < "$jobs"
echo "| analysis | JVMs | crashed | failed (exit or output) | median s per run |"
echo "|---|---:|---:|---:|---:|"
bad=0
for a in $analyses; do
  median=$(awk -F'\t' -v a="$a" '$1 == a { print $9 }' "$out/runs.tsv" | sort -n \
    | awk '{ t[NR] = $1 } END { printf "%.1f", NR ? t[int((NR + 1) / 2)] / 1000 : 0 }')
  awk -F'\t' -v a="$a" -v m="$median" '$1 == a { n++; c += $7; if (!$7 && ($6 != 0 || $8 != 1)) f++ }
    END { printf "| %s | %d | %d | %d | %s |\n", a, n, c, f, m }' "$out/runs.tsv"
done
awk -F'\t' '{ c += $7; if ($6 != 0 || $8 != 1) f++ } END { exit (c + f > 0) }' "$out/runs.tsv" || bad=1
echo "runs: $out/runs.tsv; crash reports: $out/hs_err/"
exit $bad
