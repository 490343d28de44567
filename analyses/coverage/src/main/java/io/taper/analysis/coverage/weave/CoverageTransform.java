package io.taper.analysis.coverage.weave;

import io.taper.api.ClassTransform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jacoco.core.internal.data.CRC64;
import org.jacoco.core.internal.flow.ClassProbesAdapter;
import org.jacoco.core.internal.flow.ClassProbesVisitor;
import org.jacoco.core.internal.flow.MethodProbesVisitor;
import org.jacoco.core.internal.instr.ClassInstrumenter;
import org.jacoco.core.internal.instr.InstrSupport;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Weaves JaCoCo's probes, placed by JaCoCo's own instrumenter, so that JaCoCo's analyser reads the probe arrays
 * as if its agent had written them: same probe numbering, same class ids. What differs is where the array comes
 * from ({@link ProbeArrayFetch}: nothing is added to the class) and, in an adaptive run, the probe itself
 * ({@link SelfRemovingProbes}).
 *
 * <p>Like JaCoCo's agent by default, classes of the bootstrap loader and the JDK's packages are left alone. The
 * original class files of the classes woven are kept under {@code OUT/coverage-classes/} for the reports (the first
 * class of each name: JaCoCo's reports cannot tell two classes of one name apart).
 */
public final class CoverageTransform implements ClassTransform {

    /** Directory under the run's output where the woven classes' original class files are kept. */
    public static final String CLASSES_DIR = "coverage-classes";

    private static final String[] JDK_PACKAGES = {"java/", "javax/", "jdk/", "sun/", "com/sun/"};

    private record ClassKey(int loaderTag, String name, long classId) {
    }

    private boolean adaptive;
    private Path classesDir;
    private final Map<ClassKey, Integer> slots = new ConcurrentHashMap<>();
    private final Map<String, Long> saved = new ConcurrentHashMap<>();
    private final AtomicInteger nextSlot = new AtomicInteger();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong skippedJdk = new AtomicLong();
    private final AtomicLong withoutProbes = new AtomicLong();
    private final AtomicLong probes = new AtomicLong();
    private final AtomicLong sameNameOtherClass = new AtomicLong();
    private final AtomicLong saveErrors = new AtomicLong();

    @Override
    public void init(Context context) throws IOException {
        adaptive = context.adaptive();
        if (context.out() != null) {
            classesDir = context.out().resolve(CLASSES_DIR);
            deleteTree(classesDir);   // a previous run's classes into the same directory are not this run's
            Files.createDirectories(classesDir);
        }
    }

    @Override
    public byte[] transform(Request r) throws IOException {
        String name = r.className();
        if (name.isEmpty() || isJdk(r.loaderTag(), name)) {
            skippedJdk.incrementAndGet();
            return null;
        }
        byte[] original = r.bytes();
        ClassReader reader = InstrSupport.classReaderFor(original);
        if ((reader.getAccess() & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        int version = InstrSupport.getMajorVersion(reader);
        int count = countProbes(reader, version);
        if (count == 0) {
            withoutProbes.incrementAndGet();
            return null;
        }
        long id = CRC64.classId(original);
        int slot = slots.computeIfAbsent(new ClassKey(r.loaderTag(), name, id), k -> nextSlot.getAndIncrement());
        ClassWriter writer = new ClassWriter(0);
        ClassVisitor target = adaptive ? new SelfRemovingProbes(writer, version) : writer;
        reader.accept(new ClassProbesAdapter(new ClassInstrumenter(new ProbeArrayFetch(slot, count, id, name), target),
            InstrSupport.needsFrames(version)), ClassReader.EXPAND_FRAMES);
        byte[] out = writer.toByteArray();
        InstrSupport.setMajorVersion(version, out);   // classReaderFor reads newer versions as ones ASM knows
        save(name, id, original);
        woven.incrementAndGet();
        probes.addAndGet(count);
        return out;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static boolean isJdk(int loaderTag, String name) {
        if (loaderTag == 0) {
            return true;
        }
        for (String p : JDK_PACKAGES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** JaCoCo's probe count for the class (the same adapter numbers the probes when weaving). */
    static int countProbes(ClassReader reader, int version) {
        int[] total = {0};
        reader.accept(new ClassProbesAdapter(new ClassProbesVisitor() {
            @Override
            public MethodProbesVisitor visitMethod(int access, String n, String d, String s, String[] e) {
                return null;
            }

            @Override
            public void visitTotalProbeCount(int count) {
                total[0] = count;
            }
        }, InstrSupport.needsFrames(version)), ClassReader.EXPAND_FRAMES);
        return total[0];
    }

    private void save(String name, long id, byte[] original) {
        if (classesDir == null) {
            return;
        }
        Long before = saved.putIfAbsent(name, id);
        if (before != null) {
            if (before != id) {
                sameNameOtherClass.incrementAndGet();
            }
            return;
        }
        try {
            Path file = classesDir.resolve(name + ".class");
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(tmp, original);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            saveErrors.incrementAndGet();
            saved.remove(name, id);
        }
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesWoven", woven.get());
        m.put("probesWoven", probes.get());
        m.put("classesWithoutProbes", withoutProbes.get());
        m.put("classesSkippedJdk", skippedJdk.get());
        m.put("classFilesKept", saved.size());
        m.put("sameNameOtherClass", sameNameOtherClass.get());
        m.put("classFileErrors", saveErrors.get());
        m.put("selfRemovingProbes", adaptive);
        return m;
    }
}
