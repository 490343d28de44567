package io.taper.analysis.bytecodecount;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * What re-weaving a class costs in this run, per class, measured: its share of the retransformation's pause
 * ({@code ControlContext.reweavePauseMillisPerClass}), and the JIT's extra compile time in the {@link #WINDOW_MILLIS}
 * after it (the compile time then, less what the rate before would have given), shared by the classes re-woven
 * together. The recompilation is usually the larger part: re-weaving a class throws away the compiled code of
 * everything that inlined one of its methods (Rhino's {@code ScriptRuntime}, swapped and re-checked: 1.8 s of
 * compiling against 60 ms of pause). Where the whole program inlines the class even that falls short, since the
 * program runs slower code until all of it is compiled again (Xalan's {@code java.lang.String}, swapped and re-checked:
 * 148 ms of compiling measured, the run 16 s longer than fixed).
 */
final class ReweaveCosts {

    static final long WINDOW_MILLIS = 2_000;

    /** A re-weave whose window is still open. */
    private record Batch(Set<Integer> slots, long atMillis, long compileAt, double rateBefore, double pausePerClass) {
    }

    /** The JIT's total compile time so far, in milliseconds, or null where the JVM does not tell. */
    private final LongSupplier compileTime;
    /** {@code {atMillis, compile millis}} of the last steps, as far back as the window. */
    private final ArrayDeque<long[]> samples = new ArrayDeque<>();
    private final List<Batch> open = new ArrayList<>();
    private final Map<Integer, Double> bySlot = new HashMap<>();
    private double average;
    private long measured;
    private double compileMillisCharged;

    /** Reads the JVM's own compile time. */
    ReweaveCosts() {
        this(jitCompileTime());
    }

    /** @param compileTime the JIT's total compile time in milliseconds, or null if unknown (pauses alone count) */
    ReweaveCosts(LongSupplier compileTime) {
        this.compileTime = compileTime;
    }

    private static LongSupplier jitCompileTime() {
        try {
            CompilationMXBean b = ManagementFactory.getCompilationMXBean();
            return b != null && b.isCompilationTimeMonitoringSupported() ? b::getTotalCompilationTime : null;
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /** Takes this step's reading of the JIT's compile time and closes the windows that ended. */
    void tick(long atMillis) {
        long compile = compileMillis();
        samples.addLast(new long[] {atMillis, compile});
        while (samples.size() > 1 && samples.peekFirst()[0] < atMillis - WINDOW_MILLIS) {
            samples.removeFirst();
        }
        for (Iterator<Batch> i = open.iterator(); i.hasNext(); ) {
            Batch b = i.next();
            long span = atMillis - b.atMillis();
            if (span < WINDOW_MILLIS) {
                continue;
            }
            i.remove();
            double excess = Math.max(0, compile - b.compileAt() - b.rateBefore() * span);
            compileMillisCharged += excess;
            double perClass = b.pausePerClass() + excess / b.slots().size();
            for (int slot : b.slots()) {
                bySlot.put(slot, perClass);
            }
            average = measured == 0 ? perClass : 0.7 * average + 0.3 * perClass;
            measured++;
        }
    }

    /** These classes are re-woven at the end of this step; {@code pausePerClass} is the controller's measure. */
    void reweaving(Set<Integer> slots, long atMillis, double pausePerClass) {
        if (slots.isEmpty()) {
            return;
        }
        long[] oldest = samples.peekFirst();
        long compile = compileMillis();
        double rate = oldest != null && atMillis > oldest[0] ? (compile - oldest[1]) / (double) (atMillis - oldest[0]) : 0;
        open.add(new Batch(Set.copyOf(slots), atMillis, compile, rate, pausePerClass));
    }

    /** The class's cost as last measured, else the average of those measured, else the fallback. */
    double of(int slot, double fallback) {
        Double c = bySlot.get(slot);
        return c != null ? c : measured > 0 ? average : fallback;
    }

    /** True once a re-weave's window has closed. */
    boolean anyMeasured() {
        return measured > 0;
    }

    boolean compileTimeKnown() {
        return compileTime != null;
    }

    double compileMillisCharged() {
        return compileMillisCharged;
    }

    private long compileMillis() {
        return compileTime != null ? compileTime.getAsLong() : 0;
    }
}
