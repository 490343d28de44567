package io.taper.server.internal;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.weaver.OopMapCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Holds every woven class to HotSpot's oop-map rules ({@link OopMapCheck}) before it leaves the server, whichever
 * weaver or transform made it: a woven method that breaks one would stop the observed JVM at the first garbage
 * collection that finds it on a stack, and nothing in the JVM checks boot classes before that. Such a method keeps
 * its original code (reported as kept original, as a method too large to weave is, with the rule it broke); a class
 * that still breaks a rule after that fails, and the JVM loads it unchanged. Classes that passed in an earlier run
 * are not checked again ({@link OopMapVerdicts}, with the woven-class cache).
 */
final class ConformingWeaveHandler implements WeaveHandler {

    private final WeaveHandler woven;
    /** Earlier runs' passes, or null (no cache). */
    private final OopMapVerdicts verdicts;
    private final AtomicLong classesKnown = new AtomicLong();
    private final AtomicLong classesChecked = new AtomicLong();
    private final AtomicLong methodsRestored = new AtomicLong();
    private final AtomicLong classesFailed = new AtomicLong();
    private final AtomicLong checkNanos = new AtomicLong();

    ConformingWeaveHandler(WeaveHandler woven) {
        this(woven, null);
    }

    ConformingWeaveHandler(WeaveHandler woven, OopMapVerdicts verdicts) {
        this.woven = woven;
        this.verdicts = verdicts;
    }

    @Override
    public Outcome weave(Weave request) {
        Outcome o = woven.weave(request);
        if (o.status() != WeaveStatus.WOVEN || o.bytes() == null || o.bytes().length == 0) {
            return o;
        }
        long start = System.nanoTime();
        try {
            if (verdicts != null && verdicts.passed(o.bytes())) {
                classesKnown.incrementAndGet();
                return o;
            }
            List<OopMapCheck.Violation> broken = OopMapCheck.check(o.bytes());
            classesChecked.incrementAndGet();
            if (broken.isEmpty()) {
                if (verdicts != null) {
                    verdicts.pass(o.bytes());
                }
                return o;
            }
            byte[] restored = withOriginalCode(o.bytes(), request.classBytes(), broken);
            List<OopMapCheck.Violation> still = restored == null ? broken : OopMapCheck.check(restored);
            if (!still.isEmpty()) {
                classesFailed.incrementAndGet();
                return new Outcome(WeaveStatus.FAILED, new byte[0], List.of(),
                    "woven code breaks HotSpot's oop-map rules: " + still.get(0));
            }
            methodsRestored.addAndGet(broken.size());
            List<String> kept = new ArrayList<>();
            String name = request.className() == null ? "" : request.className();
            for (OopMapCheck.Violation v : broken) {
                kept.add(name + "." + v.method() + v.descriptor() + ": woven code breaks HotSpot's oop-map rules ("
                    + v.rule() + ")");
            }
            String note = o.message() == null || o.message().isEmpty()
                ? FrameworkWeaveHandler.KEPT_ORIGINAL + String.join("; ", kept)
                : o.message() + "; " + String.join("; ", kept);
            return new Outcome(WeaveStatus.WOVEN, restored, o.sites(), note);
        } catch (RuntimeException e) {
            classesFailed.incrementAndGet();
            return new Outcome(WeaveStatus.FAILED, new byte[0], List.of(), "woven class unreadable: " + e);
        } finally {
            checkNanos.addAndGet(System.nanoTime() - start);
        }
    }

    /** The woven class with the broken methods' original code, or null if one has none (the weaving added it). */
    static byte[] withOriginalCode(byte[] woven, byte[] original, List<OopMapCheck.Violation> broken) {
        ClassNode wovenClass = new ClassNode();
        new ClassReader(woven).accept(wovenClass, 0);
        ClassNode originalClass = new ClassNode();
        new ClassReader(original).accept(originalClass, 0);
        for (OopMapCheck.Violation v : broken) {
            MethodNode before = find(originalClass, v.method(), v.descriptor());
            MethodNode after = find(wovenClass, v.method(), v.descriptor());
            if (before == null || after == null) {
                return null;
            }
            wovenClass.methods.set(wovenClass.methods.indexOf(after), before);
        }
        // the original code keeps its own stack sizes and frames: nothing to compute
        ClassWriter writer = new ClassWriter(0);
        wovenClass.accept(writer);
        return writer.toByteArray();
    }

    private static MethodNode find(ClassNode c, String name, String desc) {
        for (MethodNode m : c.methods) {
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return m;
            }
        }
        return null;
    }

    /** For {@code server-stats.json}. */
    Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesChecked", classesChecked.get());
        // passed in an earlier run (the same bytes but for integer constants): not checked again
        m.put("classesPassedBefore", classesKnown.get());
        m.put("methodsKeptOriginal", methodsRestored.get());
        m.put("classesFailed", classesFailed.get());
        m.put("millis", checkNanos.get() / 1_000_000);
        return m;
    }

    @Override
    public void close() {
        try {
            if (verdicts != null) {
                verdicts.save();
            }
        } catch (java.io.IOException | RuntimeException e) {
            // only a later run's time is lost: it checks these classes again
        } finally {
            woven.close();
        }
    }
}
