package io.taper.controller.internal;

import io.taper.runtime.control.ProgramThreads;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the program's running threads spend their time, per class, from stack samples: each sample
 * credits the class of each running thread's innermost frame that is not Taper's ({@link #isTapers}) (the woven code of a
 * method runs in the method's frame, or in a snippet frame called from it). Stacks are taken at safepoints,
 * which compiled code polls in loops and at calls it did not inline: the time of a small method inlined into
 * a caller's loop is the caller's class's here. Older samples fade with a
 * half-life, so the heat follows the program's phases. The heat of a class is the average number of
 * running threads found in it: CPU seconds per second.
 */
final class ClassHeat {

    private final double halfLifeMillis;
    private final Map<String, double[]> heat = new HashMap<>();
    private double rounds;
    private long lastMillis = -1;
    private long samples;
    private long sampleNanos;
    private long typicalNanos;

    ClassHeat(double halfLifeMillis) {
        this.halfLifeMillis = halfLifeMillis;
    }

    /**
     * Samples the running threads now ({@code atMillis}: the controller's clock), unless that would put the
     * sampler's own time over 2 % of the wall time: a stack is taken at a safepoint and built frame by frame, and
     * an interpreter's deep stacks take milliseconds each.
     */
    void sample(long atMillis) {
        if (lastMillis >= 0 && atMillis - lastMillis < typicalNanos * 50 / 1_000_000) {
            return;
        }
        long t0 = System.nanoTime();
        Map<Thread, StackTraceElement[]> stacks = ProgramThreads.runningStacks();
        List<String> classes = new java.util.ArrayList<>(stacks.size());
        for (StackTraceElement[] stack : stacks.values()) {
            String c = innermostProgramClass(stack);
            if (c != null) {
                classes.add(c);
            }
        }
        record(atMillis, classes);
        samples++;
        long took = System.nanoTime() - t0;
        sampleNanos += took;
        // the first samples run cold code: a fast-moving estimate lets the rate recover within a few samples
        typicalNanos = samples == 1 ? took : typicalNanos + (took - typicalNanos) / 2;
    }

    /** One sampling round that found running threads in these classes (internal names; a class may repeat). */
    void record(long atMillis, List<String> classes) {
        if (lastMillis >= 0 && atMillis > lastMillis) {
            double keep = Math.pow(0.5, (atMillis - lastMillis) / halfLifeMillis);
            rounds *= keep;
            heat.values().removeIf(h -> (h[0] *= keep) < 1e-3);
        }
        lastMillis = atMillis;
        rounds += 1;
        for (String c : classes) {
            heat.computeIfAbsent(c, k -> new double[1])[0] += 1;
        }
    }

    /** Average running threads in the class (0 if never seen). */
    double of(String internalName) {
        double[] h = heat.get(internalName);
        return h == null || rounds <= 0 ? 0 : h[0] / rounds;
    }

    /** Classes whose heat is at least {@code min}. */
    List<String> hotterThan(double min) {
        return heat.keySet().stream().filter(c -> of(c) >= min).toList();
    }

    long samples() {
        return samples;
    }

    long sampleNanos() {
        return sampleNanos;
    }

    /**
     * The class to credit for a stack, or null: none for a thread in a native method, which a thread blocked in
     * I/O (a selector's wait, a read of a pipe) also is while the JVM calls it running, and where no woven code runs.
     */
    static String innermostProgramClass(StackTraceElement[] stack) {
        if (stack.length > 0 && stack[0].isNativeMethod()) {
            return null;
        }
        for (StackTraceElement e : stack) {
            if (!isTapers(e)) {
                return e.getClassName().replace('.', '/');
            }
        }
        return null;
    }

    /**
     * A frame of Taper's runtime or of the analysis: both are appended to the boot class path, so their classes
     * have the boot loader and no module (the JDK's have a module, the program's another loader).
     */
    static boolean isTapers(StackTraceElement e) {
        return e.getClassLoaderName() == null && e.getModuleName() == null;
    }
}
