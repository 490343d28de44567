#!/usr/bin/env bash
# Copies an evaluation's summaries into a result set to commit: report.md and runs.csv (write the set's README.md by
# hand: the command, the commit, what the figures mean). Raw results (runs.json, each run's result.json, logs,
# recordings) stay in the evaluation's output directory: the repository keeps summaries, and .ci/run refuses a tree
# whose evaluation/results outgrows its budget.
# Usage: evaluation/keep-results.sh EVAL_OUT evaluation/results/SET
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 EVAL_OUT evaluation/results/SET" >&2; exit 2; }
src=$1; dest=$2
[ -f "$src/report.md" ] && [ -f "$src/runs.csv" ] || { echo "$src has no report.md and runs.csv: not an evaluation's output" >&2; exit 2; }
mkdir -p "$dest"
cp "$src/report.md" "$src/runs.csv" "$dest/"
echo "kept report.md and runs.csv in $dest ($(du -sh "$dest" | cut -f1)); add its README.md"
