package io.taper.launcher.coverage;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.analysis.IMethodCoverage;
import org.jacoco.core.analysis.IPackageCoverage;
import org.jacoco.core.analysis.ISourceFileCoverage;

/**
 * Coverage as an LCOV tracefile (the format of {@code lcov}, {@code genhtml} and Codecov), one record per source file
 * JaCoCo's analysis knows. JaCoCo records whether code ran, not how often: a line's count is 1 if any of its code ran,
 * else 0 (lines without code are left out); a function's is 1 if its method ran; a line's branches are listed covered
 * first, as many as JaCoCo counts covered, and all as not executed ({@code -}) on a line that did not run.
 */
public final class LcovReport {

    private LcovReport() {
    }

    /**
     * @param sources source folders: a file found in one is named by its path there, else by its package path
     *                ({@code org/example/Foo.java}), as JaCoCo's XML names it
     */
    public static void write(IBundleCoverage bundle, List<Path> sources, Writer out) throws IOException {
        for (IPackageCoverage p : bundle.getPackages()) {
            for (ISourceFileCoverage file : p.getSourceFiles()) {
                String path = p.getName().isEmpty() ? file.getName() : p.getName() + "/" + file.getName();
                out.write("TN:\nSF:" + located(path, sources) + "\n");
                functions(p, file, out);
                lines(file, out);
                out.write("end_of_record\n");
            }
        }
    }

    private static String located(String path, List<Path> sources) {
        for (Path root : sources) {
            Path f = root.resolve(path);
            if (Files.isRegularFile(f)) {
                return f.toAbsolutePath().normalize().toString();
            }
        }
        return path;
    }

    private static void functions(IPackageCoverage p, ISourceFileCoverage file, Writer out) throws IOException {
        List<String[]> fns = new ArrayList<>();
        for (IClassCoverage c : p.getClasses()) {
            if (!file.getName().equals(c.getSourceFileName())) {
                continue;
            }
            for (IMethodCoverage m : c.getMethods()) {
                if (m.getFirstLine() == ISourceFileCoverage.UNKNOWN_LINE) {
                    continue;   // no line numbers: nothing LCOV can place
                }
                String name = c.getName().replace('/', '.') + "." + m.getName() + m.getDesc();
                boolean ran = m.getMethodCounter().getCoveredCount() > 0;
                fns.add(new String[] {Integer.toString(m.getFirstLine()), name, ran ? "1" : "0"});
            }
        }
        int hit = 0;
        for (String[] f : fns) {
            out.write("FN:" + f[0] + "," + f[1] + "\n");
        }
        for (String[] f : fns) {
            out.write("FNDA:" + f[2] + "," + f[1] + "\n");
            hit += f[2].equals("1") ? 1 : 0;
        }
        out.write("FNF:" + fns.size() + "\nFNH:" + hit + "\n");
    }

    private static void lines(ISourceFileCoverage file, Writer out) throws IOException {
        int found = 0;
        int hit = 0;
        int branches = 0;
        int branchesHit = 0;
        StringBuilder da = new StringBuilder();
        StringBuilder brda = new StringBuilder();
        for (int n = file.getFirstLine(); n != ISourceFileCoverage.UNKNOWN_LINE && n <= file.getLastLine(); n++) {
            ILine line = file.getLine(n);
            if (line.getStatus() == ICounter.EMPTY) {
                continue;
            }
            boolean ran = line.getInstructionCounter().getCoveredCount() > 0;
            found++;
            hit += ran ? 1 : 0;
            da.append("DA:").append(n).append(',').append(ran ? 1 : 0).append('\n');
            ICounter b = line.getBranchCounter();
            for (int i = 0; i < b.getTotalCount(); i++) {
                brda.append("BRDA:").append(n).append(",0,").append(i).append(',')
                    .append(!ran ? "-" : i < b.getCoveredCount() ? "1" : "0").append('\n');
            }
            branches += b.getTotalCount();
            branchesHit += b.getCoveredCount();
        }
        out.write(brda.toString());
        out.write("BRF:" + branches + "\nBRH:" + branchesHit + "\n");
        out.write(da.toString());
        out.write("LF:" + found + "\nLH:" + hit + "\n");
    }
}
