package io.taper.eval.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.LanguageRegistry;
import net.sourceforge.pmd.lang.document.FileId;
import net.sourceforge.pmd.reporting.Report;
import net.sourceforge.pmd.reporting.RuleViolation;

/**
 * PMD: analyse a real Java source tree (the sources of commons-lang3, which Maven resolves as a
 * {@code sources} jar on the class path) with PMD's Java best-practices and error-prone rule sets, in
 * the calling thread.
 * One unit is one source file (259 in the tree); past the end of the tree the files are analysed
 * again under another path.
 */
public final class PmdWorkload {

    static final int CI_UNITS = 6;
    static final int FULL_UNITS = 800;

    /** A file that is in every commons-lang3 sources jar; locates the jar on the class path. */
    private static final String MARKER = "org/apache/commons/lang3/StringUtils.java";

    private PmdWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "pmd", CI_UNITS, FULL_UNITS, PmdWorkload::run);
    }

    static String run(WorkloadSize size) throws IOException {
        List<SourceFile> tree = sourceTree();
        PMDConfiguration config = new PMDConfiguration();
        config.setThreads(0); // 0: analyse in the calling thread, so the run is single-threaded
        config.setIgnoreIncrementalAnalysis(true);
        config.setDefaultLanguageVersion(LanguageRegistry.PMD.getLanguageVersionById("java", "17"));
        // Two whole categories (158 rules, many of them XPath rules run by Saxon) rather than the
        // quick-start set: quick-start picks rules from all eight category files, and parsing those
        // alone costs about a second of start-up, more than the ci size can afford.
        config.addRuleSet("category/java/bestpractices.xml");
        config.addRuleSet("category/java/errorprone.xml");
        try (PmdAnalysis pmd = PmdAnalysis.create(config)) {
            for (int i = 0; i < size.units(); i++) {
                SourceFile file = tree.get(i % tree.size());
                String path = "pass" + (i / tree.size()) + "/" + file.path();
                pmd.files().addSourceFile(FileId.fromPathLikeString(path), file.text());
            }
            Report report = pmd.performAnalysisAndCollectReport();
            return summary(size.units(), report);
        }
    }

    private static String summary(int files, Report report) {
        List<RuleViolation> violations = new ArrayList<>(report.getViolations());
        violations.sort(Comparator.comparing((RuleViolation v) -> v.getFileId().getOriginalPath())
                .thenComparingInt(RuleViolation::getBeginLine)
                .thenComparing(v -> v.getRule().getName()));
        Fingerprint f = new Fingerprint();
        TreeSet<String> rules = new TreeSet<>();
        for (RuleViolation v : violations) {
            f.add(v.getFileId().getOriginalPath()).add(v.getBeginLine()).add(v.getRule().getName());
            rules.add(v.getRule().getName());
        }
        return "pmd files=" + files + " violations=" + violations.size() + " rules=" + rules.size()
                + " errors=" + report.getProcessingErrors().size() + " checksum=" + f.hex();
    }

    private record SourceFile(String path, String text) {
    }

    /** Every {@code .java} file of the sources jar, in a fixed pseudo-random order. */
    private static List<SourceFile> sourceTree() throws IOException {
        URL marker = PmdWorkload.class.getClassLoader().getResource(MARKER);
        if (marker == null) {
            throw new IllegalStateException(MARKER + " is not on the class path: the commons-lang3"
                    + " sources jar is the PMD workload's input");
        }
        JarURLConnection connection = (JarURLConnection) marker.openConnection();
        connection.setUseCaches(false);
        List<SourceFile> files = new ArrayList<>();
        try (JarFile jar = connection.getJarFile()) {
            jar.stream().filter(e -> e.getName().endsWith(".java") && !e.getName().endsWith("module-info.java"))
                    .sorted(Comparator.comparing(JarEntry::getName))
                    .forEach(e -> files.add(new SourceFile(e.getName(), read(jar, e))));
        }
        // A fixed shuffle: in path order the first files include the largest one (ArrayUtils), so a
        // small unit count would be dominated by it; shuffled, any prefix is a fair sample of the tree.
        Collections.shuffle(files, new Random(31L));
        return files;
    }

    private static String read(JarFile jar, JarEntry entry) {
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
