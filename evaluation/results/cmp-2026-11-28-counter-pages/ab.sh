#!/bin/bash
# ab.sh ANALYSIS ROUNDS WORKLOADS... ; BUILDS="none head pages" ; build dirs in BUILD_<name> env or /tmp/<name>
A=$1; shift; R=$1; shift
for r in $(seq 1 "$R"); do
  for w in "$@"; do
    for b in ${BUILDS:-none head pages}; do
      mode=fixed
      case $b in none) dir=/tmp/headclone; mode=none;; head) dir=/tmp/headclone;; pages) dir=/work/main;; *) dir=/tmp/$b;; esac
      s=$(date +%s%N)
      "$dir"/taper run --analysis $A --mode $mode --quiet --no-reports --out /tmp/ab-$b -- $(cat /tmp/"$w".args) > /tmp/ab-$b.log 2>&1
      rc=$?
      echo "$A $r $w $b $(( ($(date +%s%N) - s) / 1000000 )) rc=$rc"
    done
  done
done
