package io.taper.launcher.profile;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** The text form of {@code profile-accuracy}: one metrics line per result, then the ranks side by side. */
final class AccuracyTable {

    private AccuracyTable() {
    }

    static void print(PrintStream out, Path jfr, JfrInclusiveProfile reference,
                      List<ProfileAccuracyCommand.Compared> compared, int top) {
        out.printf("JFR %s: %d execution samples (%d with truncated stacks), %d methods ranked%n", jfr,
                reference.samples(), reference.truncatedStacks(), reference.methods());
        out.printf("%nTop %d by inclusive time vs JFR%n", top);
        out.printf("  %-50s %-9s %6s %8s %8s %8s  %s%n", "result", "mode", "match", "sad", "mad", "missing",
                "ranked by");
        for (ProfileAccuracyCommand.Compared c : compared) {
            AccuracyMetrics a = c.metrics();
            out.printf("  %-50s %-9s %3d/%-2d %8d %8.2f %8d  %s%n", shorten(c.result().toString(), 50), c.mode(),
                    a.match(), a.compared(), a.sad(), a.mad(), a.missing(), c.rankedBy());
        }
        out.printf("%n  %4s %7s", "jfr#", "samples");
        for (int i = 0; i < compared.size(); i++) {
            out.printf(" %7s", "#" + (i + 1));
        }
        out.println("  method");
        Ranking ref = reference.ranking();
        for (String m : ref.top(top)) {
            out.printf("  %4d %7d", ref.rank(m), ref.weight(m));
            for (ProfileAccuracyCommand.Compared c : compared) {
                int r = rankOf(c.metrics(), m);
                out.printf(" %7s", r == 0 ? "-" : Integer.toString(r));
            }
            out.println("  " + m);
        }
        if (compared.size() > 1) {
            for (int i = 0; i < compared.size(); i++) {
                out.printf("  #%d = %s%n", i + 1, compared.get(i).result());
            }
        }
    }

    private static int rankOf(AccuracyMetrics a, String method) {
        for (AccuracyMetrics.Row r : a.rows()) {
            if (r.method().equals(method)) {
                return r.candidateRank();
            }
        }
        return 0;
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : "..." + s.substring(s.length() - max + 3);
    }
}
