package io.taper.eval.plan;

import java.util.List;

/** The real-library workloads of the {@code io.taper.eval.workloads} package. */
public final class BuiltinWorkloads {

    /** Names in the order they run. */
    public static final List<String> NAMES = List.of("h2", "lucene", "xalan", "fop", "pmd", "jackson", "javac", "rhino", "serve",
            "peer-tests", "ant");

    private BuiltinWorkloads() {
    }

    /**
     * The built-in workloads: all but {@code peer-tests} run from {@code classPath} (the evaluation jar and its
     * libraries); {@code peer-tests} from {@code peerClassPath} (the evaluation jar and the suite's own jars).
     */
    public static List<Workload> all(String classPath, String peerClassPath) {
        return List.of(
                driver("h2", "H2Workload", classPath),
                // Lucene makes its ids from a counter seeded from the clock: which branch formats them differs per run.
                new Workload("lucene", classPath, "io.taper.eval.workloads.LuceneWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of(), true, true),
                driver("xalan", "XalanWorkload", classPath),
                // Headless: FOP touches java.awt for fonts and images; no display is needed or wanted.
                new Workload("fop", classPath, "io.taper.eval.workloads.FopWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of("-Djava.awt.headless=true"), true),
                driver("pmd", "PmdWorkload", classPath),
                // Jackson seeds its field-name tables from the clock: which branches of them run differs between runs.
                new Workload("jackson", classPath, "io.taper.eval.workloads.JacksonWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of(), true, true),
                // javac keys hash maps by objects with identity hash codes: whether a bin grows into a tree (and
                // HashMap$TreeNode's fields are written) differs between runs.
                new Workload("javac", classPath, "io.taper.eval.workloads.JavacWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of(), true, true),
                driver("rhino", "RhinoWorkload", classPath),
                new Workload("serve", classPath, "io.taper.eval.workloads.ServeWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of(), true, true),
                driver("peer-tests", "PeerTestsWorkload", peerClassPath),
                // javac inside Ant keys hash maps by objects with identity hash codes, as the javac workload's does.
                new Workload("ant", classPath, "io.taper.eval.workloads.AntWorkload", List.of("--size", "ci"),
                        List.of("--size", "full"), List.of(), true, true));
    }

    private static Workload driver(String name, String simpleClassName, String classPath) {
        return new Workload(name, classPath, "io.taper.eval.workloads." + simpleClassName,
                List.of("--size", "ci"), List.of("--size", "full"), List.of(), true);
    }
}
