package io.taper.launcher.coverage;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ICoverageNode;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.FileMultiReportOutput;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.ISourceFileLocator;
import org.jacoco.report.MultiSourceFileLocator;
import org.jacoco.report.html.HTMLFormatter;
import org.jacoco.report.xml.XMLFormatter;

/**
 * Execution data analysed against class files by JaCoCo's analyser (its filters included: synthetic methods,
 * compiler-generated code), and the reports JaCoCo writes from it.
 */
public final class CoverageBundle {

    private final ExecData data;
    private final IBundleCoverage bundle;

    private CoverageBundle(ExecData data, IBundleCoverage bundle) {
        this.data = data;
        this.bundle = bundle;
    }

    /**
     * @param classes class files, directories of them, or jars; a class of one name found twice with different
     *                contents is an error (JaCoCo cannot tell them apart)
     */
    public static CoverageBundle analyse(ExecData data, List<Path> classes, String title) throws IOException {
        CoverageBuilder builder = new CoverageBuilder();
        ParallelAnalysis.analyse(data.store(), classes, builder);
        return new CoverageBundle(data, builder.getBundle(title));
    }

    public IBundleCoverage bundle() {
        return bundle;
    }

    /**
     * The XML report into {@code xml} and the HTML one into {@code html} (either may be null), at the same time: they
     * only read the analysed bundle, and on a big program each takes seconds.
     */
    public void writeReports(Path xml, Path html, List<Path> sources) throws IOException {
        if (xml == null || html == null) {
            if (xml != null) {
                writeXml(xml, sources);
            }
            if (html != null) {
                writeHtml(html, sources);
            }
            return;
        }
        FutureTask<Void> xmlTask = new FutureTask<>(() -> {
            writeXml(xml, sources);
            return null;
        });
        Thread t = new Thread(xmlTask, "taper-coverage-xml");
        t.setDaemon(true);
        t.start();
        writeHtml(html, sources);
        try {
            xmlTask.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing " + xml, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(xml + ": " + cause, cause);
        }
    }

    /** JaCoCo's XML report (the schema CI servers and IDEs import). */
    public void writeXml(Path file, List<Path> sources) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
            IReportVisitor v = new XMLFormatter().createVisitor(out);
            visit(v, sources);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** JaCoCo's HTML report: packages, classes, methods, and source lines for the classes whose sources are found. */
    public void writeHtml(Path dir, List<Path> sources) throws IOException {
        Files.createDirectories(dir);
        HTMLFormatter html = new HTMLFormatter();
        html.setOutputEncoding("UTF-8");
        visit(html.createVisitor(new FileMultiReportOutput(dir.toFile())), sources);
    }

    private void visit(IReportVisitor v, List<Path> sources) throws IOException {
        v.visitInfo(data.sessions().getInfos(), data.store().getContents());
        v.visitBundle(bundle, locator(sources));
        v.visitEnd();
    }

    private static ISourceFileLocator locator(List<Path> sources) {
        MultiSourceFileLocator m = new MultiSourceFileLocator(4);
        for (Path s : sources) {
            m.add(new DirectorySourceFileLocator(s.toFile(), "UTF-8", 4));
        }
        return m;
    }

    /** "lines 12/15 (80.0 %), branches ..." for the console. */
    public String summary() {
        return count("lines", bundle.getCounter(ICoverageNode.CounterEntity.LINE)) + ", "
            + count("branches", bundle.getCounter(ICoverageNode.CounterEntity.BRANCH)) + ", "
            + count("instructions", bundle.getCounter(ICoverageNode.CounterEntity.INSTRUCTION)) + ", "
            + count("methods", bundle.getCounter(ICoverageNode.CounterEntity.METHOD)) + ", "
            + count("classes", bundle.getCounter(ICoverageNode.CounterEntity.CLASS));
    }

    private static String count(String what, ICounter c) {
        int total = c.getTotalCount();
        return what + " " + c.getCoveredCount() + "/" + total
            + (total == 0 ? "" : String.format(" (%.1f %%)", 100.0 * c.getCoveredCount() / total));
    }
}
