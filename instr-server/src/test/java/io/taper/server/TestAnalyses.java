package io.taper.server;

import io.taper.protocol.TaperConfig;
import io.taper.server.testanalysis.EntrySnippets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The test analysis as a real analysis jar, and the class the tests weave. */
final class TestAnalyses {

    static final String TARGET = "sample/Target";
    static final String RESULTS = "io.taper.server.testanalysis.EntryResults";

    private TestAnalyses() {
    }

    static byte[] targetBytes() {
        try (InputStream in = TestAnalyses.class.getResourceAsStream("/" + TARGET + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code dir/entry-analysis.jar}: the classes of package testanalysis plus the descriptor. */
    static Path entryAnalysisJar(Path dir) throws IOException {
        return entryAnalysisJar(dir, "");
    }

    /** The same with more lines of analysis.properties (e.g. {@code "shadowFields=$taper$t$\n"}). */
    static Path entryAnalysisJar(Path dir, String moreProperties) throws IOException {
        Path classes;
        try {
            classes = Path.of(EntrySnippets.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        String pkg = "io/taper/server/testanalysis/";
        List<Path> files;
        try (Stream<Path> s = Files.list(classes.resolve(pkg))) {
            files = s.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        }
        Path jar = dir.resolve("entry-analysis.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(pkg + f.getFileName()));
                Files.copy(f, (OutputStream) out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/taper/analysis.properties"));
            out.write(("name=entry-test\nsnippets=" + EntrySnippets.class.getName() + "\nresults=" + RESULTS
                + "\ncontroller=none\nexclude=\n" + moreProperties).getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    /** The fixture's configuration with the entry analysis and a work directory. */
    static TaperConfig config(Path dir) throws IOException {
        return ServerFixture.config(dir).with(TaperConfig.ANALYSIS_JAR, entryAnalysisJar(dir).toString());
    }

    /** The entry analysis asking for shadow fields named {@code $taper$t$<field>}. */
    static TaperConfig configWithShadowFields(Path dir) throws IOException {
        return ServerFixture.config(dir).with(TaperConfig.ANALYSIS_JAR,
            entryAnalysisJar(dir, "shadowFields=$taper$t$\n").toString());
    }
}
