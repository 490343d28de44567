package io.taper.eval.report;

import io.taper.result.Removal;
import io.taper.eval.plan.RunKind;
import io.taper.eval.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When the adaptive controller removed sites: per workload, the removal events of the first
 * successful adaptive run that reports any, as a cumulative step series (one point per distinct
 * removal time) for the chart and a summary row for the tables.
 */
final class RemovalTimeline {

    /**
     * Cumulative removed sites at each event time; {@code endMillis} is where the chart's time axis
     * ends: the run's own wall time where its stats report one, else the last removal.
     */
    record Series(String workload, int round, List<double[]> points, double endMillis) {

        double total() {
            return points.isEmpty() ? 0 : points.get(points.size() - 1)[1];
        }

        double lastMillis() {
            return points.isEmpty() ? 0 : points.get(points.size() - 1)[0];
        }
    }

    private RemovalTimeline() {
    }

    static List<Series> series(EvalData d, String analysis) {
        List<Series> out = new ArrayList<>();
        for (String w : d.workloads()) {
            for (RunRecord r : d.okRuns(w, analysis, RunKind.ADAPTIVE)) {
                Optional<RunResult> result = d.result(r);
                List<Removal> events = result.map(RunResult::removals).orElse(List.of());
                if (!events.isEmpty()) {
                    List<double[]> points = new ArrayList<>();
                    double sum = 0;
                    for (Removal e : events) {
                        sum++;
                        // One point per distinct time: a batch removes many sites at the same millisecond.
                        if (!points.isEmpty() && points.get(points.size() - 1)[0] == e.atMillis()) {
                            points.get(points.size() - 1)[1] = sum;
                        } else {
                            points.add(new double[] {e.atMillis(), sum});
                        }
                    }
                    double end = Math.max(sum == 0 ? 0 : points.get(points.size() - 1)[0],
                            result.get().stat(RunResult.Stat.WALL_MILLIS).orElse(0));
                    out.add(new Series(w, r.round(), points, end));
                    break;
                }
            }
        }
        return out;
    }

    static TextTable table(EvalData d, String analysis) {
        TextTable t = new TextTable("Adaptive removal timeline: " + analysis,
                List.of("workload", "run", "removal times", "sites removed", "first removal [ms]", "last removal [ms]"))
                .textColumns(1);
        for (Series s : series(d, analysis)) {
            t.row(List.of(s.workload(), "#" + s.round(), Integer.toString(s.points().size()), Fmt.count(s.total()),
                    Fmt.count(s.points().get(0)[0]), Fmt.count(s.lastMillis())));
        }
        if (t.rows().isEmpty()) {
            t.note("No adaptive run reported removal events.");
        }
        return t;
    }
}
