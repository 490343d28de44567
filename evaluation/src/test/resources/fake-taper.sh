#!/usr/bin/env bash
# A stand-in for ./taper in the harness's tests (the real pipeline is tested end to end by the launcher).
# `run` behaves according to the workload's main class: Ok succeeds, Fail exits 3, SlowFixed sleeps in
# fixed mode (to be killed at the time limit). It writes a small result.json for fixed and adaptive runs.
set -u
if [ "$1" = "profile-accuracy" ]; then   # profile-accuracy --jfr REC RESULT --json
  [ -f "$3" ] || { echo "no recording $3" >&2; exit 2; }
  case "$4" in
    *adaptive*) echo '{"results": [{"match": 14, "sad": 20, "mad": 1.25}]}' ;;
    *) echo '{"results": [{"match": 12, "sad": 40, "mad": 2.5}]}' ;;
  esac
  exit 0
fi
[ "$1" = "run" ] || { echo "fake taper: unexpected command $1" >&2; exit 2; }
shift
analysis=; mode=; out=; jfr=; snap=
while [ "$1" != "--" ]; do
  case "$1" in
    --analysis) analysis=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --jfr) jfr=$2; shift 2 ;;
    --snapshot-interval) snap=$2; shift 2 ;;
    *) echo "fake taper: unexpected option $1" >&2; exit 2 ;;
  esac
done
shift
if [ "$mode" != none ] && [ "$snap" != 0 ]; then
  echo "fake taper: an instrumented evaluation run without --snapshot-interval 0" >&2; exit 2
fi
mkdir -p "$out"
echo "$analysis $mode $*" > "$out/invocation.txt"
while [ "$1" != "-cp" ]; do shift; done
main=$3
case "$main" in
  Fail) echo "boom: workload crashed" >&2; exit 3 ;;
  SlowFixed) [ "$mode" = fixed ] && [ "$analysis" = sfa ] && sleep 60 ;;
esac
[ -n "$jfr" ] && echo recording > "$jfr"
echo "$main checksum=42"
echo "[taper] result written"
[ "$mode" = none ] && exit 0
if [ "$analysis" = sfa ]; then
  rows='{"class": "C", "field": "f", "descriptor": "I", "category": "dF", "verdict": "stationary", "written": true},
        {"class": "C", "field": "g", "descriptor": "I", "category": "uF", "verdict": "non-stationary", "written": true}'
else
  calls=100; [ "$mode" = adaptive ] && calls=40
  rows="{\"id\": 0, \"class\": \"A\", \"method\": \"m\", \"descriptor\": \"()V\", \"loader\": 0, \"invocations\": $calls},
        {\"id\": 1, \"class\": \"A\", \"method\": \"n\", \"descriptor\": \"()V\", \"loader\": 0, \"invocations\": 50}"
fi
removed=0; events='[]'
if [ "$mode" = adaptive ]; then
  removed=6
  events='[{"site": 0, "atMillis": 100}, {"site": 1, "atMillis": 100}, {"site": 2, "atMillis": 100},
           {"site": 3, "atMillis": 100}, {"site": 4, "atMillis": 600}, {"site": 5, "atMillis": 600}]'
fi
cat > "$out/result.json" <<JSON
{"format": 1, "analysis": "$analysis", "mode": "$mode", "exitCode": 0, "rows": [$rows],
 "stats": {"wallMillis": 1000, "serverCpuMillis": 250, "sitesWoven": 10, "sitesRemoved": $removed,
           "controller": {"batches": 2, "removals": $events}},
 "summary": {}}
JSON
