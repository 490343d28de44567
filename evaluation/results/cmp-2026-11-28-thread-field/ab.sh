#!/bin/bash
# Side-by-side runs of method-count builds: ab.sh ROUNDS WORKLOADS...  (BUILDS="none head thread-field ...")
# Each build is a clone with its diff applied and packaged in /tmp/<build>; /tmp/<workload>.args holds the
# workload's java arguments (./taper eval --preset full --workloads W --modes none --dry-run); the patched
# Thread classes are in /tmp/tpatch (4 MiB array per thread) and /tmp/tpatch0 (empty array), from PatchThread.java.
R=$1; shift
for r in $(seq 1 "$R"); do
  for w in "$@"; do
    for b in ${BUILDS:-none head thread-field}; do
      dir=/tmp/$b; mode=fixed; extra=""
      [ "$b" = none ] && { dir=/tmp/head; mode=none; }
      case $b in
        thread-field|thread-field-branch) extra="--patch-module java.base=/tmp/tpatch" ;;
        thread-field-grown) extra="--patch-module java.base=/tmp/tpatch0" ;;
      esac
      s=$(date +%s%N)
      "$dir"/taper run --analysis method-count --mode $mode --quiet --no-reports --out /tmp/ab-$b -- $extra \
          $(cat /tmp/"$w".args) > /tmp/ab-$b.log 2>&1
      rc=$?
      echo "$r $w $b $(( ($(date +%s%N) - s) / 1000000 )) rc=$rc"
    done
  done
done
