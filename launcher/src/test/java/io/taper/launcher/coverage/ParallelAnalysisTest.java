package io.taper.launcher.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICoverageNode.CounterEntity;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jacoco.core.internal.data.CRC64;
import org.jacoco.core.internal.flow.ClassProbesAdapter;
import org.jacoco.core.internal.flow.ClassProbesVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The analysis on every core finds what JaCoCo's own single-threaded analysis of the same inputs finds, class for
 * class: a jar, a directory, and a jar inside a jar; and it refuses two different classes of one name as JaCoCo does.
 */
class ParallelAnalysisTest {

    @TempDir
    Path tmp;

    private static Path jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Per class: id, instructions, lines, covered instructions; from a store that covers every other probe. */
    private static Map<String, List<Long>> figures(CoverageBuilder b) {
        Map<String, List<Long>> m = new TreeMap<>();
        for (IClassCoverage c : b.getClasses()) {
            m.put(c.getName(), List.of(c.getId(), (long) c.getCounter(CounterEntity.INSTRUCTION).getTotalCount(),
                (long) c.getCounter(CounterEntity.LINE).getTotalCount(),
                (long) c.getCounter(CounterEntity.INSTRUCTION).getCoveredCount()));
        }
        return m;
    }

    /** Execution data for every third class of {@code jar}: every other probe hit. */
    private static ExecutionDataStore someProbes(Path jar) throws Exception {
        ExecutionDataStore store = new ExecutionDataStore();
        int n = 0;
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (!e.getName().endsWith(".class") || e.getName().startsWith("META-INF") || n++ % 3 != 0) {
                    continue;
                }
                byte[] bytes = zip.getInputStream(e).readAllBytes();
                int[] probes = new int[1];
                new ClassReader(bytes).accept(new ClassProbesAdapter(new ClassProbesVisitor() {
                    @Override
                    public org.jacoco.core.internal.flow.MethodProbesVisitor visitMethod(int access, String name,
                            String desc, String signature, String[] exceptions) {
                        return null;   // the adapter counts the probes of every method all the same
                    }

                    @Override
                    public void visitTotalProbeCount(int count) {
                        probes[0] = count;
                    }
                }, false), 0);
                boolean[] hits = new boolean[probes[0]];
                for (int i = 0; i < hits.length; i += 2) {
                    hits[i] = true;
                }
                store.put(new ExecutionData(CRC64.classId(bytes), e.getName().replace(".class", ""), hits));
            }
        }
        return store;
    }

    @Test
    void findsWhatJacocosOwnAnalysisFinds() throws Exception {
        Path asm = jarOf(ClassReader.class);
        Path dir = tmp.resolve("classes");
        Path nested = tmp.resolve("outer.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(nested))) {
            z.putNextEntry(new ZipEntry("lib/asm.jar"));
            Files.copy(asm, z);
            z.putNextEntry(new ZipEntry("README.txt"));
            z.write("not a class".getBytes());
        }
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(asm.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (e.getName().endsWith(".class") && e.getName().startsWith("org/objectweb/asm/Type")) {
                    Path f = dir.resolve(e.getName());
                    Files.createDirectories(f.getParent());
                    try (OutputStream o = Files.newOutputStream(f)) {
                        zip.getInputStream(e).transferTo(o);
                    }
                }
            }
        }
        ExecutionDataStore store = someProbes(asm);
        for (List<Path> inputs : List.of(List.of(asm), List.of(dir), List.of(nested), List.of(dir, nested))) {
            CoverageBuilder sequential = new CoverageBuilder();
            Analyzer one = new Analyzer(store, sequential);
            for (Path p : inputs) {
                one.analyzeAll(p.toFile());
            }
            CoverageBuilder parallel = new CoverageBuilder();
            ParallelAnalysis.analyse(store, inputs, parallel);
            Map<String, List<Long>> expected = figures(sequential);
            assertTrue(expected.size() > (inputs.equals(List.of(dir)) ? 1 : 30), inputs + ": " + expected.size());
            assertEquals(expected, figures(parallel), inputs.toString());
        }
    }

    @Test
    void twoDifferentClassesOfOneNameAreAnError() throws Exception {
        Path asm = jarOf(ClassReader.class);
        Path other = tmp.resolve("other/org/objectweb/asm/Type.class");
        Files.createDirectories(other.getParent());
        ClassReader type = new ClassReader(Type.class.getName());
        ClassWriter changed = new ClassWriter(0);
        type.accept(changed, 0);
        changed.visitField(Opcodes.ACC_PRIVATE, "added", "I", null, null).visitEnd();   // another class, same name
        Files.write(other, changed.toByteArray());
        IOException e = assertThrows(IOException.class, () -> ParallelAnalysis.analyse(new ExecutionDataStore(),
            List.of(asm, tmp.resolve("other")), new CoverageBuilder()));
        assertTrue(e.getMessage().contains("Type"), e.getMessage());
        IOException missing = assertThrows(IOException.class, () -> ParallelAnalysis.analyse(new ExecutionDataStore(),
            List.of(tmp.resolve("nothing.jar")), new CoverageBuilder()));
        assertTrue(missing.getMessage().contains("no such class file"), missing.getMessage());
    }
}
