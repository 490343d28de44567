package io.taper.launcher.profile;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The top methods as a text table, printed at the end of a method-time run. Methods rank by estimated
 * inclusive time (as {@code profile-accuracy} does): a removed method's frozen inclusive time would rank it
 * far too low, so its row shows the estimate next to the measured time and is marked as estimated.
 */
public final class TopMethodsTable {

    private TopMethodsTable() {
    }

    public static void print(MethodTimeProfile profile, int n, PrintStream out) {
        List<MethodRow> rows = new ArrayList<>(profile.rows());
        rows.sort(Comparator.comparingLong(MethodRow::estimatedInclusiveNanos).reversed()
                .thenComparing(Comparator.comparingLong(MethodRow::inclusiveNanos).reversed())
                .thenComparingLong(MethodRow::id));
        long removed = rows.stream().filter(MethodRow::removed).count();
        double total = Math.max(1, profile.observedNanos());
        out.printf("[taper] method-time %s: top %d of %d methods by inclusive time (%d removed by the controller)%n",
                profile.mode(), Math.min(n, rows.size()), rows.size(), removed);
        out.printf("  %3s %11s %11s %6s %11s %11s %12s  %s%n", "#", "incl ms", "est ms", "incl%", "excl ms", "calls",
                "mean us", "method");
        for (int i = 0; i < Math.min(n, rows.size()); i++) {
            MethodRow r = rows.get(i);
            StringBuilder notes = new StringBuilder();
            if (r.openFrames() > 0) {
                notes.append(" [").append(r.openFrames()).append(" still running]");
            }
            if (r.removed()) {
                notes.append(" [removed at ").append(r.removedAtMillis()).append(" ms")
                        .append(r.estimated() ? ", inclusive time estimated]" : "]");
            }
            String estimate = r.estimated() ? String.format("~%.1f", r.estimatedInclusiveNanos() / 1e6) : "";
            out.printf("  %3d %11.1f %11s %5.1f%% %11.1f %11d %12.1f  %s%s%n", i + 1, r.inclusiveNanos() / 1e6,
                    estimate, 100.0 * r.inclusiveNanos() / total, r.exclusiveNanos() / 1e6, r.invocations(),
                    r.meanNanos() / 1e3, r.frame(), notes);
        }
    }
}
