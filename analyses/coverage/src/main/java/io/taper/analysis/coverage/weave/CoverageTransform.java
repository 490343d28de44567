package io.taper.analysis.coverage.weave;

import io.taper.api.ClassTransform;
import io.taper.analysis.coverage.CoverageResults;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
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
 * original class files of the classes woven are kept in {@code OUT/coverage-classes.jar} for the reports
 * ({@link ClassFileKeeper}). Each woven class goes with its facts: its slot and JaCoCo id.
 */
public final class CoverageTransform implements ClassTransform, ClassTransform.Reusable {

    /** The probe count travels with the cached result (the class's site carries it too; the runtime ignores it). */
    static final String PROBES = "coverage.probes";

    /** The jar in the run's output where the woven classes' original class files are kept. */
    public static final String CLASSES_JAR = io.taper.result.ResultKeys.CoverageRow.CLASSES_JAR;

    private static final String[] JDK_PACKAGES = {"java/", "javax/", "jdk/", "sun/", "com/sun/"};

    private record ClassKey(int loaderTag, String name, long classId) {
        // written out: a record's own are bootstrapped through java.lang.invoke at the first call (start-up time)
        @Override
        public boolean equals(Object o) {
            return o instanceof ClassKey k && k.loaderTag == loaderTag && k.classId == classId
                && Objects.equals(k.name, name);
        }

        @Override
        public int hashCode() {
            return (31 * loaderTag + Objects.hashCode(name)) * 31 + Long.hashCode(classId);
        }
    }

    private boolean adaptive;
    private ClassFileKeeper keeper;
    private final Map<ClassKey, Integer> slots = new ConcurrentHashMap<>();
    private final AtomicInteger nextSlot = new AtomicInteger();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong skippedJdk = new AtomicLong();
    private final AtomicLong withoutProbes = new AtomicLong();
    private final AtomicLong probes = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    @Override
    public void init(Context context) throws IOException {
        adaptive = context.adaptive();
        if (context.out() != null) {
            keeper = new ClassFileKeeper(context.out().resolve(CLASSES_JAR));
        }
    }

    @Override
    public Woven transform(Request r) {
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
        reader.accept(new ClassProbesAdapter(new ClassInstrumenter(new ProbeArrayFetch(slot, count, name), target),
            InstrSupport.needsFrames(version)), ClassReader.EXPAND_FRAMES);
        byte[] out = writer.toByteArray();
        InstrSupport.setMajorVersion(version, out);   // classReaderFor reads newer versions as ones ASM knows
        if (keeper != null) {
            keeper.keep(name, id, original);
        }
        woven.incrementAndGet();
        probes.addAndGet(count);
        Woven w = new Woven(out, facts(slot, id, count));
        // Above the short range the count is an ldc too, and could share the slot's constant: not kept then.
        return count <= Short.MAX_VALUE ? w.numbered(slot) : w;
    }

    @Override
    public String cacheIdentity() {
        return "coverage adaptive=" + adaptive;
    }

    /** A class whose probes a run placed before: its slot in this run, its class file kept, counted as woven. */
    @Override
    public Woven reuse(Request r, Woven cached) {
        String name = r.className();
        String probeCount = cached.facts().get(PROBES);
        if (name.isEmpty() || isJdk(r.loaderTag(), name) || probeCount == null || cached.runNumbers().length != 1) {
            return null;
        }
        long id = CRC64.classId(r.bytes());
        if (!hex(id).equals(cached.facts().get(CoverageResults.CLASS_ID))) {
            return null;
        }
        int count = Integer.parseInt(probeCount);
        int slot = slots.computeIfAbsent(new ClassKey(r.loaderTag(), name, id), k -> nextSlot.getAndIncrement());
        if (keeper != null) {
            keeper.keep(name, id, r.bytes());
        }
        woven.incrementAndGet();
        probes.addAndGet(count);
        reused.incrementAndGet();
        return new Woven(null, facts(slot, id, count)).numbered(slot);
    }

    private static Map<String, String> facts(int slot, long id, int count) {
        return Map.of(CoverageResults.SLOT, Integer.toString(slot), CoverageResults.CLASS_ID, hex(id),
            PROBES, Integer.toString(count));
    }

    /** 16 hex digits, as JaCoCo prints class ids. */
    static String hex(long id) {
        String h = Long.toHexString(id);
        return "0".repeat(16 - h.length()) + h;
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

    /**
     * JaCoCo's probe count for the class (the same adapter numbers the probes when weaving). Frames place no probe,
     * so this pass skips them (line numbers do: they stay); {@link ProbeArrayFetch} checks the count when weaving.
     */
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
        }, false), ClassReader.SKIP_FRAMES);
        return total[0];
    }

    @Override
    public void close() {
        if (keeper != null) {
            keeper.close();
        }
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesWoven", woven.get());
        m.put("probesWoven", probes.get());
        m.put("classesFromCache", reused.get());
        m.put("classesWithoutProbes", withoutProbes.get());
        m.put("classesSkippedJdk", skippedJdk.get());
        m.put("classFilesKept", keeper == null ? 0 : keeper.kept());
        m.put("sameNameOtherClass", keeper == null ? 0 : keeper.sameNameOtherClass());
        m.put("classFileErrors", keeper == null ? 0 : keeper.errors());
        m.put("selfRemovingProbes", adaptive);
        return m;
    }
}
