package io.taper.launcher.profile;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The top methods as a text table, printed at the end of a method-time run. Methods rank as the profile's view
 * says (as {@code profile-accuracy} does): by running time, the estimated inclusive time less the time its thread
 * waited, or by the estimated inclusive (wall) time. A removed method's frozen inclusive time would rank it far
 * too low, so its row shows the estimate next to the measured time and is marked as estimated.
 */
public final class TopMethodsTable {

    private TopMethodsTable() {
    }

    /** The measured time the share column shows (estimates are marked in their own column). */
    private static long measured(MethodRow r, ProfileView view) {
        return view == ProfileView.RUNNING ? Math.max(0, r.inclusiveNanos() - r.waitingNanos()) : r.inclusiveNanos();
    }

    public static void print(MethodTimeProfile profile, int n, PrintStream out) {
        List<MethodRow> rows = new ArrayList<>(profile.rows());
        ProfileView view = profile.view();
        rows.sort(Comparator.comparingLong((MethodRow r) -> r.nanos(view)).reversed()
                .thenComparing(Comparator.comparingLong(MethodRow::inclusiveNanos).reversed())
                .thenComparingLong(MethodRow::id));
        long removed = rows.stream().filter(MethodRow::removed).count();
        double total = Math.max(1, profile.observedNanos());
        out.printf("[taper] method-time %s: top %d of %d methods by %s time (%d removed by the controller)%n",
                profile.mode(), Math.min(n, rows.size()), rows.size(),
                view == ProfileView.RUNNING ? "running" : "inclusive wall", removed);
        out.printf("  %3s %11s %11s %11s %6s %11s %11s %12s  %s%n", "#", "run ms", "wait ms", "incl ms", "run%",
                "excl ms", "calls", "mean us", "method");
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
            String incl = r.estimated() ? String.format("~%.1f", r.estimatedInclusiveNanos() / 1e6)
                    : String.format("%.1f", r.inclusiveNanos() / 1e6);
            out.printf("  %3d %11.1f %11.1f %11s %5.1f%% %11.1f %11d %12.1f  %s%s%n", i + 1, r.runningNanos() / 1e6,
                    r.waitingNanos() / 1e6, incl, 100.0 * measured(r, view) / total, r.exclusiveNanos() / 1e6,
                    r.invocations(), r.meanNanos() / 1e3, r.frame(), notes);
        }
        if (profile.flattenedShare() > 0) {
            out.printf("[taper] %.2f%% of the observed time is in flattened calling contexts (a thread's tree was full or "
                    + "the state budget reached, and its coldest contexts were cut): their paths are lost, per-method "
                    + "figures are exact%n",
                    100 * profile.flattenedShare());
        }
    }
}
