#!/usr/bin/env python3
# Regenerates src/test/resources/report-fixture (runs.json and each run's result.json / accuracy.json),
# the fixed evaluation that ReportsTest checks the reports against. Run from anywhere; then update the
# expected tables in ReportsTest if the fixture changed on purpose.
import json, os, shutil
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'resources', 'report-fixture')
shutil.rmtree(root, ignore_errors=True)
runs = []
def run(w, a, mode, rnd, status='OK', wall=1000, cpu=1500, out='w checksum=1', error='', exit=0, result=None, accuracy=None):
    d = f"{w}/{a + '/' if a else ''}{mode.lower()}-{rnd}"
    runs.append(dict(workload=w, analysis=a, mode=mode, round=rnd, status=status, exitCode=exit, wallMillis=wall,
                     cpuMillis=cpu, output=out, error=error, runDir=d))
    os.makedirs(os.path.join(root, d), exist_ok=True)
    if result is not None:
        with open(os.path.join(root, d, 'result.json'), 'w') as f: json.dump(result, f, indent=1)
    if accuracy is not None:
        with open(os.path.join(root, d, 'accuracy.json'), 'w') as f: json.dump(accuracy, f)

def sfa(fields, **stats):
    rows = [dict(zip(('class', 'field', 'category', 'stationary'), f)) for f in fields]
    return {"analysis": "sfa", "rows": rows, "stats": dict(stats), "summary": {}}

def mt(inv, woven, removed=0, removals=None, total=None):
    rows = [{"method": m, "invocations": n, "inclusiveNanos": n * 1000} for m, n in inv]
    stats = {"wallMillis": 1, "sitesWoven": woven, "sitesRemoved": removed, "serverCpuMillis": 300}
    if removals is not None: stats["controller"] = {"batches": len(removals), "removals": removals}
    s = {"analysis": "method-time", "rows": rows, "stats": stats, "summary": {}}
    if total is not None: s["summary"] = {"invocations": total}
    return s

F1 = [("A", "a", "dF", True), ("A", "b", "uF", True), ("A", "c", "nF", False)]
F1b = F1 + [("A", "d", "nF", True)]
A2 = [("A", "a", "dF", True), ("A", "b", "nF", True), ("A", "c", "nF", False)]
for r in (1, 2):
    # w1: everything succeeds, two rounds.
    run('w1', '', 'NONE', r, wall=[1000, 1200][r-1], cpu=[1400, 1600][r-1])
    run('w1', '', 'JFR', r, wall=1100)
    run('w1', 'sfa', 'FIXED', r, wall=[5000, 7000][r-1], cpu=[9000, 9400][r-1],
        result=sfa(F1 if r == 1 else F1b, sitesWoven=40, serverCpuMillis=[2000, 2200][r-1],
                   observedCpuMillis=[6000, 6400][r-1]))
    run('w1', 'sfa', 'ADAPTIVE', r, wall=[2000, 2400][r-1], cpu=[3000, 3100][r-1],
        result=sfa(F1 if r == 1 else A2, sitesWoven=40, sitesRemoved=30, serverCpuMillis=1000,
                   controller={"batches": 2, "sitesRemoved": 30, "removalEvents": 30,
                               "removals": [{"site": i, "atMillis": 500 if i < 20 else 1000} for i in range(30)]}))
    run('w1', 'method-time', 'FIXED', r, wall=[3000, 3300][r-1],
        result=mt([("A.m()", 1000), ("A.n()", 200)], woven=120), accuracy={"jfr": "recording.jfr", "top": 16, "results": [
            {"result": "result.json", "mode": "fixed", "match": [11, 13][r-1], "sad": 40, "mad": 2.5, "methods": []}]})
    run('w1', 'method-time', 'ADAPTIVE', r, wall=[1500, 1700][r-1],
        result=mt([("A.m()", 250), ("A.n()", 200)], woven=120, removed=[30, 34][r-1],
                  removals=[{"atMillis": 500, "count": 30}]), accuracy={"match": 14, "sad": 18, "mad": 1.125})
    # w2: the fixed sfa run of round 2 times out; method-time reports its own invocation totals; no accuracy.
    run('w2', '', 'NONE', r, wall=2000, out='w2 checksum=' + str(r))
    run('w2', '', 'JFR', r, status='FAILED', exit=1, wall=50, error='exit code 1: JFR failed', out='')
    if r == 1:
        run('w2', 'sfa', 'FIXED', r, wall=4000, result=sfa(F1, sitesWoven=12))
    else:
        run('w2', 'sfa', 'FIXED', r, status='TIMEOUT', exit=-1, wall=600000, cpu=-1, error='timed out after 600 s', out='')
    run('w2', 'sfa', 'ADAPTIVE', r, wall=3000, result=sfa(F1[:2], sitesWoven=12, sitesRemoved=12))
    run('w2', 'method-time', 'FIXED', r, wall=10000, result=mt([("B.x()", 7)], woven=50, total=5.0e9))
    run('w2', 'method-time', 'ADAPTIVE', r, wall=5000, result=mt([("B.x()", 7)], woven=50, removed=10, total=1.0e9))
# w1 outputs: all 'w checksum=1' (deterministic); w2 outputs differ by round but w2 is not declared deterministic.
log = {"preset": "full", "jvmFlags": ["-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"], "machine": "2 cores, test JVM",
       "started": "2025-01-01T00:00:00Z", "deterministic": ["w1"], "runs": runs}
with open(os.path.join(root, 'runs.json'), 'w') as f: json.dump(log, f, indent=1)
print(len(runs), 'runs written to', root)
