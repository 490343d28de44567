#!/usr/bin/env bash
# Copies what `./taper eval --report-only` needs from an evaluation's output directory into a result set to commit:
# runs.json, the reports, and each run's result.json (gzipped), accuracy.json and coverage-agreement.json. Logs, dumps,
# recordings and coverage's class files stay.
# Usage: evaluation/keep-results.sh EVAL_OUT evaluation/results/SET
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 EVAL_OUT evaluation/results/SET" >&2; exit 2; }
src=$1; dest=$2
[ -f "$src/runs.json" ] || { echo "$src has no runs.json: not an evaluation's output" >&2; exit 2; }
mkdir -p "$dest"
cp "$src/runs.json" "$src/report.md" "$src/runs.csv" "$dest/"
(cd "$src" && find . -name result.json -o -name accuracy.json -o -name coverage-agreement.json) | while read -r f; do
  mkdir -p "$dest/$(dirname "$f")"
  case "$f" in
    */result.json) gzip -9 -n -c "$src/$f" > "$dest/$f.gz" ;;
    *) cp "$src/$f" "$dest/$f" ;;
  esac
done
echo "kept $(find "$dest" -name 'result.json.gz' | wc -l) results in $dest ($(du -sh "$dest" | cut -f1))"
