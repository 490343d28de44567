package io.taper.launcher.profile;

import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./taper profile-accuracy --jfr REC.jfr RESULT.json...}: how close method-time profiles come to a
 * sampling profile of an uninstrumented run (the paper's Table 5: match, sad, mad over the top 16).
 */
@Command(name = "profile-accuracy", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares method-time results with a JDK Flight Recorder recording of an uninstrumented run:",
            "methods ranked by inclusive time (JFR: execution samples with the method anywhere on the stack),",
            "then, over the recording's top N: match (methods both top-N sets share), sad and mad (sum and mean",
            "of |JFR rank - result rank|; a method a result never saw ranks after its last method).",
            "Results rank by running time (runningNanos: the estimated inclusive time, a removed method's",
            "extrapolated to the end of the run, less the time its thread waited), as JFR's execution samples",
            "see only running threads; --view wall ranks by estimatedInclusiveNanos, waiting included."},
        footer = {"", "Example:",
            "  ./taper run --mode none --jfr rec.jfr --out base -- -cp app.jar Main",
            "  ./taper run --analysis method-time --mode fixed --out fixed -- -cp app.jar Main",
            "  ./taper run --analysis method-time --mode adaptive --out adaptive -- -cp app.jar Main",
            "  ./taper profile-accuracy --jfr rec.jfr fixed/result.json adaptive/result.json"})
public final class ProfileAccuracyCommand implements Callable<Integer> {

    @Option(names = "--jfr", paramLabel = "FILE", required = true,
            description = "The JFR recording of the uninstrumented run (./taper run --mode none --jfr FILE).")
    Path jfr;

    @Option(names = "--top", paramLabel = "N", defaultValue = "16",
            description = "How many top methods to compare. Default: ${DEFAULT-VALUE}.")
    int top;

    @Option(names = "--json", description = "Print the metrics as JSON (for the evaluation harness).")
    boolean json;

    @Option(names = "--all-frames",
            description = "Rank every Java frame of the recording, also native methods, hidden frames and classes "
                    + "Taper never weaves (by default those are left out: instrumentation cannot see them).")
    boolean allFrames;

    @Option(names = "--measured-only",
            description = "Rank by the measured inclusive time (inclusiveNanos) even where the results hold the "
                    + "estimate for removed methods (estimatedInclusiveNanos).")
    boolean measuredOnly;

    @Option(names = "--view", paramLabel = "running|wall", defaultValue = "running",
            converter = ProfileView.Converter.class,
            description = "Rank by running time (default) or by wall time, waiting included.")
    ProfileView view;

    @Parameters(paramLabel = "RESULT.json", arity = "1..*", description = "method-time result.json files.")
    List<Path> results = new ArrayList<>();

    PrintStream out = System.out;
    PrintStream err = System.err;

    @Override
    public Integer call() {
        if (top < 1) {
            err.println("taper profile-accuracy: --top must be at least 1");
            return 2;
        }
        JfrInclusiveProfile reference;
        try {
            if (!Files.isRegularFile(jfr)) {
                throw new IOException("no such file: " + jfr);
            }
            reference = JfrInclusiveProfile.read(jfr, allFrames);
        } catch (IOException | RuntimeException e) {
            err.println("taper profile-accuracy: cannot read the JFR recording " + jfr + ": " + e.getMessage());
            return 2;
        }
        if (reference.samples() == 0) {
            err.println("taper profile-accuracy: " + jfr + " holds no " + JfrInclusiveProfile.EXECUTION_SAMPLE
                    + " events (was the run too short, or recorded without the 'profile' settings?)");
            return 2;
        }
        Ranking ref = reference.ranking();
        List<Compared> compared = new ArrayList<>();
        for (Path p : results) {
            try {
                MethodTimeProfile profile = MethodTimeProfile.read(p, view);
                boolean estimated = !measuredOnly && profile.hasEstimates();
                Ranking ranking = measuredOnly ? profile.inclusiveRanking() : profile.ranking();
                String rankedBy = measuredOnly ? MethodTimeProfile.INCLUSIVE
                        : view == ProfileView.RUNNING ? io.taper.result.ResultKeys.MethodRow.RUNNING_NANOS
                        : estimated ? MethodTimeProfile.ESTIMATED_INCLUSIVE : MethodTimeProfile.INCLUSIVE;
                compared.add(new Compared(p, profile.mode(), rankedBy, AccuracyMetrics.compare(ref, ranking, top)));
            } catch (IOException | RuntimeException e) {
                err.println("taper profile-accuracy: cannot read " + p + ": " + e.getMessage());
                return 2;
            }
        }
        if (json) {
            out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create()
                    .toJson(toJson(reference, compared)));
        } else {
            AccuracyTable.print(out, jfr, reference, compared, top);
        }
        return 0;
    }

    /**
     * One result file and its metrics.
     *
     * @param rankedBy the row field its methods were ranked by
     */
    record Compared(Path result, String mode, String rankedBy, AccuracyMetrics metrics) {
    }

    private Map<String, Object> toJson(JfrInclusiveProfile reference, List<Compared> compared) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jfr", jfr.toString());
        m.put("top", top);
        m.put("allFrames", allFrames);
        m.put("samples", reference.samples());
        m.put("truncatedStacks", reference.truncatedStacks());
        m.put("methods", reference.methods());
        List<Map<String, Object>> rs = new ArrayList<>();
        for (Compared c : compared) {
            Map<String, Object> r = new LinkedHashMap<>();
            AccuracyMetrics a = c.metrics();
            r.put("result", c.result().toString());
            r.put("mode", c.mode());
            r.put("rankedBy", c.rankedBy());
            r.put("compared", a.compared());
            r.put("match", a.match());
            r.put("sad", a.sad());
            r.put("mad", a.mad());
            r.put("missing", a.missing());
            List<Map<String, Object>> methods = new ArrayList<>();
            for (AccuracyMetrics.Row row : a.rows()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("method", row.method());
                x.put("jfrRank", row.referenceRank());
                x.put("rank", row.candidateRank());
                methods.add(x);
            }
            r.put("methods", methods);
            rs.add(r);
        }
        m.put("results", rs);
        return m;
    }
}
