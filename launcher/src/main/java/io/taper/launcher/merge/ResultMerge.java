package io.taper.launcher.merge;

import io.taper.launcher.coverage.CoverageReport;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.Launch;
import io.taper.result.ResultKeys.Stats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several results of one analysis, mode and Taper build joined into one result of the same format, which every command
 * that reads a run's result reads (reports, diffs). Each analysis joins its rows its own way ({@link AnalysisMerge});
 * the run statistics of the inputs are not joined (they describe each run), only their wall and CPU times added.
 */
public final class ResultMerge {

    static final List<AnalysisMerge> ALL = List.of(new MethodCountMerge(), new BytecodeCountMerge(),
        new MethodTimeMerge(), new SfaMerge(), new CoverageMerge());

    /** Launch keys a coverage report reads: the class files and source folders of the runs. */
    static final String COVERAGE_CLASSES = CoverageReport.LAUNCH_CLASSES;
    static final String COVERAGE_SOURCES = CoverageReport.LAUNCH_SOURCES;

    private ResultMerge() {
    }

    /**
     * Writes what a merged result's directory needs besides {@code result.json}: a coverage run's kept class files
     * ({@link KeptClasses}).
     */
    public static void writeFiles(List<MergeInput> inputs, Path out) throws IOException {
        if (!inputs.isEmpty() && CoverageReport.ANALYSIS.equals(inputs.get(0).analysis())) {
            KeptClasses.merge(inputs, out.resolve(CoverageReport.CLASSES));
        }
    }

    /** The analyses {@code taper merge} joins. */
    public static List<String> analyses() {
        return ALL.stream().map(AnalysisMerge::analysis).toList();
    }

    /**
     * The inputs joined.
     *
     * @throws MergeException if they are of different analyses, modes or builds, or of an analysis without a merge
     */
    public static Map<String, Object> merge(List<MergeInput> inputs) {
        if (inputs.isEmpty()) {
            throw new MergeException("nothing to merge");
        }
        MergeInput first = inputs.get(0);
        String mode = null;
        String build = null;
        MergeInput modeFrom = null;
        MergeInput buildFrom = null;
        for (MergeInput in : inputs) {
            if (!in.analysis().equals(first.analysis())) {
                throw new MergeException(in.source() + " is a " + in.analysis() + " result, " + first.source() + " a "
                    + first.analysis() + " one: merge results of one analysis");
            }
            if (in.mode() != null) {
                if (mode != null && !mode.equals(in.mode())) {
                    throw new MergeException(in.source() + " ran in " + in.mode() + " mode, " + modeFrom.source() + " in "
                        + mode + ": merge results of one mode");
                }
                mode = in.mode();
                modeFrom = in;
            }
            if (in.build() != null) {
                if (build != null && !build.equals(in.build())) {
                    throw new MergeException(in.source() + " was written by another Taper build (" + in.build() + ") than "
                        + buildFrom.source() + " (" + build + ")");
                }
                build = in.build();
                buildFrom = in;
            }
        }
        AnalysisMerge how = ALL.stream().filter(m -> m.analysis().equals(first.analysis())).findFirst()
            .orElseThrow(() -> new MergeException(first.source() + ": no merge for the analysis '" + first.analysis()
                + "' (merge joins " + String.join(", ", analyses()) + ")"));
        AnalysisMerge.Merged merged = how.merge(inputs);

        Map<String, Object> result = new LinkedHashMap<>();
        result.put(ResultKeys.FORMAT, ResultFormat.VERSION);
        result.put(ResultKeys.ANALYSIS, first.analysis());
        result.put(ResultKeys.MODE, mode);
        result.put(ResultKeys.EXIT_CODE, exitCode(inputs));
        if (build != null) {
            result.put(ResultKeys.BUILD, build);
        }
        result.put(ResultKeys.ROWS, merged.rows());
        result.put(ResultKeys.SUMMARY, merged.summary());
        result.put(ResultKeys.STATS, stats(inputs));
        result.put(ResultKeys.LAUNCH, launch(inputs, first.analysis(), mode));
        return result;
    }

    /** 0 if every run exited with 0, else the first other exit code. */
    private static double exitCode(List<MergeInput> inputs) {
        for (MergeInput in : inputs) {
            double code = Figures.num(in.result().get(ResultKeys.EXIT_CODE));
            if (code != 0) {
                return code;
            }
        }
        return 0;
    }

    private static Map<String, Object> stats(List<MergeInput> inputs) {
        Map<String, Object> stats = new LinkedHashMap<>();
        double wall = 0;
        double cpu = 0;
        for (MergeInput in : inputs) {
            wall += Figures.num(in.section(ResultKeys.STATS).get(Stats.WALL_MILLIS));
            cpu += Figures.num(in.section(ResultKeys.STATS).get(Stats.OBSERVED_CPU_MILLIS));
        }
        stats.put(Stats.WALL_MILLIS, wall);
        stats.put(Stats.OBSERVED_CPU_MILLIS, cpu);
        stats.put("mergedRuns", (double) inputs.size());
        return stats;
    }

    private static Map<String, Object> launch(List<MergeInput> inputs, String analysis, String mode) {
        Map<String, Object> launch = new LinkedHashMap<>();
        launch.put(ResultKeys.MODE, mode);
        launch.put(ResultKeys.ANALYSIS, analysis);
        launch.put(Launch.MERGED_FROM, inputs.stream().map(in -> in.source().toAbsolutePath().toString()).toList());
        Set<String> classes = new LinkedHashSet<>();
        Set<String> sources = new LinkedHashSet<>();
        for (MergeInput in : inputs) {
            Map<String, Object> l = in.section(ResultKeys.LAUNCH);
            strings(l.get(COVERAGE_CLASSES), classes);
            strings(l.get(COVERAGE_SOURCES), sources);
        }
        if (!classes.isEmpty()) {
            launch.put(COVERAGE_CLASSES, new ArrayList<>(classes));
        }
        if (!sources.isEmpty()) {
            launch.put(COVERAGE_SOURCES, new ArrayList<>(sources));
        }
        return launch;
    }

    private static void strings(Object list, Set<String> into) {
        if (list instanceof List<?> l) {
            l.forEach(o -> into.add(String.valueOf(o)));
        }
    }
}
